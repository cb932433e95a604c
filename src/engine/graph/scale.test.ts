/**
 * A 20,000-file synthetic repository: the graph builds, stays compact and answers queries.
 * Build time and sizes are printed for the report; nothing asserts on time.
 */
import { describe, expect, it } from 'vitest';
import type { FileAnalysis } from '../contract';
import { GraphIndex } from './index';
import { call, def, imp, makeCorpus, type FixtureFile } from '../../../test/support/graph-fixture';
import { seededUniform } from '../../../bench/eval/rng';

const FILES = 20_000;
const DEFINITIONS_PER_FILE = 8;
const REFERENCES_PER_FILE = 16;
const LOCAL_IMPORTS_PER_FILE = 5;

function syntheticRepository(): FixtureFile[] {
  // Seeded, so the graph is the same on every run.
  const rand = seededUniform(42);
  const dirOf = (i: number) => `src/pkg${Math.floor(i / 100)}`;
  const pathOf = (i: number) => `${dirOf(i)}/mod${i}.ts`;
  // Skewed imports: low-numbered files are imported far more often (a few hubs, a long tail).
  const pickTarget = () => Math.floor(FILES * rand() ** 3);
  const files: FixtureFile[] = [];
  for (let i = 0; i < FILES; i++) {
    const definitions = Array.from({ length: DEFINITIONS_PER_FILE }, (_, d) =>
      def(d === 0 ? `handle${i}` : `fn${i}_${d}`, 'function', 1 + d * 10, 9 + d * 10),
    );
    const imports = [];
    const targets: number[] = [];
    for (let k = 0; k < LOCAL_IMPORTS_PER_FILE; k++) {
      const t = pickTarget();
      if (t === i) continue;
      targets.push(t);
      const from = dirOf(i) === dirOf(t) ? `./mod${t}` : `../pkg${Math.floor(t / 100)}/mod${t}`;
      imports.push(imp(from, 100 + k, [`handle${t}`]));
    }
    imports.push(imp('react', 110, ['useState']), imp('lodash/fp', 111, ['map']));
    const references = [];
    for (let r = 0; r < REFERENCES_PER_FILE; r++) {
      const line = 2 + Math.floor(rand() * 78);
      const enclosing = definitions[Math.floor((line - 1) / 10)]?.name;
      const roll = rand();
      // One branch runs, so rand() is drawn as often as before: the corpus stays the same.
      let name: string;
      if (roll < 0.4 && targets.length > 0) name = `handle${targets[Math.floor(rand() * targets.length)]}`;
      else if (roll < 0.7) name = `fn${i}_${1 + Math.floor(rand() * (DEFINITIONS_PER_FILE - 1))}`;
      else if (roll < 0.85) name = 'useState';
      else name = `fn${Math.floor(rand() * FILES)}_1`;
      references.push(call(name, line, enclosing));
    }
    files.push({ path: pathOf(i), definitions, references, imports });
  }
  return files;
}

describe('GraphIndex at 20,000 files', () => {
  it('builds a compact graph and answers graph questions on it', () => {
    const corpus = makeCorpus(syntheticRepository());
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const graph = GraphIndex.build(corpus);
    const buildMs = performance.now() - started;
    const heapAfter = process.memoryUsage().heapUsed;

    const stats = graph.stats();
    expect(stats.files).toBe(FILES);
    expect(stats.symbols).toBe(FILES * DEFINITIONS_PER_FILE);
    expect(stats.unresolvedImports).toBe(FILES * 2);
    expect(stats.resolvedImports).toBeGreaterThan(FILES * (LOCAL_IMPORTS_PER_FILE - 1));
    expect(stats.importEdges).toBeLessThanOrEqual(stats.resolvedImports);
    expect(stats.callEdges).toBeGreaterThan(FILES * 10);
    expect(stats.externalPackages).toBe(2);

    const snapshot = graph.serialize();
    const typedBytes = Object.values(snapshot).reduce(
      (sum: number, v) => sum + (ArrayBuffer.isView(v) ? v.byteLength : 0),
      0,
    );
    const centrality = snapshot.centrality;
    const mean = centrality.reduce((a, b) => a + b, 0) / centrality.length;
    expect(mean).toBeCloseTo(1, 3);

    // The most imported file (file 0 by construction) is the most central file.
    let best = 0;
    for (let p = 1; p < FILES; p++) if (centrality[p] > centrality[best]) best = p;
    expect(corpus.files[best].path).toBe('src/pkg0/mod0.ts');

    const queryStarted = performance.now();
    const hits = graph.search(
      {
        intent: 'impact_analysis',
        confidence: 0.9,
        rule: 'test',
        raw: 'impact of handle0',
        identifiers: ['handle0'],
        terms: [],
      },
      100,
    );
    const deps = graph.reverseDependencies({ fileId: 0 });
    const callers = graph.callers(corpus.files[0].chunkIds[0]);
    const queryMs = performance.now() - queryStarted;
    expect(hits).toHaveLength(100);
    expect(deps.length).toBeGreaterThan(1000);
    expect(callers.length).toBeGreaterThan(100);

    const loaded = GraphIndex.load(corpus, structuredClone(snapshot));
    expect(loaded.stats()).toEqual(stats);

    const analyses: FileAnalysis[] = corpus.files.map((f) => f.analysis);
    console.log(
      `[graph scale] ${FILES} files, ${stats.symbols} symbols, ${analyses.reduce((n, a) => n + a.references.length, 0)} references → ` +
        `${stats.importEdges} import edges, ${stats.callEdges} call edges; build ${buildMs.toFixed(0)} ms; ` +
        `typed arrays ${(typedBytes / 2 ** 20).toFixed(1)} MiB; heap +${((heapAfter - heapBefore) / 2 ** 20).toFixed(0)} MiB; ` +
        `impact+reverse deps+callers ${queryMs.toFixed(0)} ms; ${deps.length} reverse deps of the hub`,
    );
  });
});
