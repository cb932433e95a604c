import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileAnalysis } from '../engine/contract';
import { Engine } from '../engine/engine';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { corpusFromAnalyses } from '../engine/structural/corpus';
import { CorpusMacros } from '../engine/structural/corpus-macros';
import { TextIndex } from '../engine/text/index';
import { nodeGrammars } from './grammars';
import { createNodeParsePool, languageHomes, type NodeParsePool } from './parse-pool';
import { ownedBuffers } from './parse-serve';
import { openRepository, PARSE_POOL_MIN_FILES } from './repository';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Real files in every supported language: the structural fixtures and some of our own source. */
function realFiles(): { path: string; text: string }[] {
  const fixtures = readdirSync(here('../engine/structural/fixtures')).map((name) => ({
    path: `fixtures/${name.replace(/\.txt$/, '')}`,
    text: readFileSync(here(`../engine/structural/fixtures/${name}`), 'utf8'),
  }));
  const ours = [
    '../engine/structural/analyzer.ts',
    '../engine/engine.ts',
    './repository.ts',
    './parse-worker.mjs',
    '../engine/graph/graph.ts',
  ].map((p) => ({
    path: `src/${p.replace(/^\.\.\//, '').replace(/^\.\//, 'node/')}`,
    text: readFileSync(here(p), 'utf8'),
  }));
  return [
    ...fixtures,
    ...ours,
    { path: 'README.md', text: '# not parsed\n' },
    { path: 'broken.ts', text: 'export function (((\n' },
  ];
}

describe('node parse pool', () => {
  let analyzer: StructuralAnalyzer;
  let pool: NodeParsePool;
  beforeAll(async () => {
    analyzer = await StructuralAnalyzer.create(nodeGrammars);
    pool = createNodeParsePool(2);
  });
  afterAll(async () => {
    await pool.close();
    analyzer.dispose();
  });

  it('gives exactly the in-process analyses, with many requests in flight', async () => {
    const files = realFiles();
    expect(new Set(files.map((f) => f.path.split('.').pop())).size).toBeGreaterThanOrEqual(17);
    const fromPool = await Promise.all(files.map((f) => pool.analyze(f.path, f.text)));
    const inProcess = files.map((f) => analyzer.analyze(f.path, f.text));
    expect(fromPool).toStrictEqual(inProcess);
    // Not vacuous: the real files yield definitions, references and imports.
    const total = (key: 'definitions' | 'references' | 'imports') =>
      fromPool.reduce((n, a: FileAnalysis) => n + a[key].length, 0);
    expect(total('definitions')).toBeGreaterThan(100);
    expect(total('references')).toBeGreaterThan(500);
    expect(total('imports')).toBeGreaterThan(20);
    expect(fromPool.find((a) => a.path === 'README.md')?.parsed).toBe(false);
    // The fixtures are in 17 languages: each worker loads as many grammars on the way.
  }, 120_000);

  it('builds the text index on a worker: the snapshot TextIndex.build gives in process, for files prepared ahead', async () => {
    const files = realFiles();
    pool.prepare(['javascript', 'typescript', 'python']);
    const indexer = pool.textIndexer();
    indexer.begin(files);
    const analyses = await Promise.all(files.map((f) => pool.analyze(f.path, f.text)));
    const corpus = corpusFromAnalyses(
      files.map((f, i) => ({ ...f, hash: String(i), size: f.text.length, analysis: analyses[i] })),
    );
    const snapshot = await indexer.finish(corpus.chunks);
    expect(snapshot).toStrictEqual(TextIndex.build(corpus).serialize());
    expect(snapshot.chunkCount).toBeGreaterThan(files.length);
    // Finishing twice is a mistake the worker reports, not a hang.
    await expect(indexer.finish(corpus.chunks)).rejects.toThrow(/the text index was not begun/);
  }, 20_000);

  it('takes every file at once, keeps a few in flight per worker, and rejects what still waits when closed', async () => {
    const own = createNodeParsePool(2);
    const files = realFiles();
    const many = Array.from({ length: 6 }, (_, copy) =>
      files.map((f) => ({ path: `copy${copy}/${f.path}`, text: f.text })),
    ).flat();
    const answers = many.map((f) => own.analyze(f.path, f.text));
    expect(own.pending).toBe(many.length);
    const analyses = await Promise.all(answers);
    expect(analyses.map((a) => a.path)).toEqual(many.map((f) => f.path));
    expect(analyses.map((a) => a.definitions)).toStrictEqual(
      many.map((f) => analyzer.analyze(f.path, f.text).definitions),
    );
    expect(own.pending).toBe(0);
    const late = Promise.allSettled(many.map((f) => own.analyze(f.path, f.text)));
    await own.close();
    const settled = await late;
    expect(settled.filter((s) => s.status === 'rejected').length).toBeGreaterThan(many.length / 2);
    for (const s of settled) if (s.status === 'rejected') expect(String(s.reason)).toMatch(/parse pool closed/);
  }, 120_000);

  it('once the build says it is finished, each worker answers what is on its way, then stops before close', async () => {
    const own = createNodeParsePool(2);
    const files = realFiles();
    const exited = own.workers.map((w) => new Promise<number>((resolve) => w.once('exit', resolve)));
    const answers = files.map((f) => own.analyze(f.path, f.text));
    own.finished();
    const analyses = await Promise.all(answers);
    // Every answer on its way still came, the same as the in-process analyzer's.
    expect(analyses.map((a) => a.definitions)).toStrictEqual(
      files.map((f) => analyzer.analyze(f.path, f.text).definitions),
    );
    // Both workers stop on their own, without close.
    await Promise.all(exited);
    await expect(own.analyze('a.py', 'x = 1\n')).rejects.toThrow(/parse pool finished|no parse worker left/);
    await own.close();
  }, 120_000);

  it('parses a minority language on one worker only, with the same analyses, and the others help once it has no room', async () => {
    const own = createNodeParsePool(2);
    try {
      const posted: { worker: number; kind: string; path?: string; languages?: string[] }[] = [];
      own.workers.forEach((w, worker) => {
        const post = w.postMessage.bind(w);
        w.postMessage = (message: { kind: string; path?: string; languages?: string[] }, transfer?: never) => {
          posted.push({ worker, kind: message.kind, path: message.path, languages: message.languages });
          post(message, transfer);
        };
      });
      // The shape of a JavaScript package with its TypeScript declarations beside it.
      own.prepare(
        ['javascript', 'typescript'],
        new Map([
          ['javascript', 870_000],
          ['typescript', 130_000],
        ]),
      );
      expect([...own.homes]).toEqual([['typescript', 1]]);
      expect(posted.filter((p) => p.kind === 'prepare')).toEqual([
        { worker: 0, kind: 'prepare', path: undefined, languages: ['javascript'] },
        { worker: 1, kind: 'prepare', path: undefined, languages: ['javascript', 'typescript'] },
      ]);
      const sources = realFiles().filter((f) => /\.(js|ts)$/.test(f.path));
      const files = Array.from({ length: 4 }, (_, copy) =>
        sources.map((f) => ({ path: `copy${copy}/${f.path}`, text: f.text })),
      ).flat();
      expect(files.filter((f) => f.path.endsWith('.ts')).length).toBeGreaterThan(10);
      const analyses = await Promise.all(files.map((f) => own.analyze(f.path, f.text)));
      expect(analyses).toStrictEqual(files.map((f) => analyzer.analyze(f.path, f.text)));
      const sentTo = (worker: number, ext: string) =>
        posted.filter((p) => p.kind === 'analyze' && p.worker === worker && p.path!.endsWith(ext)).length;
      expect(sentTo(0, '.ts')).toBe(0);
      expect(sentTo(1, '.ts')).toBe(files.filter((f) => f.path.endsWith('.ts')).length);
      expect(sentTo(0, '.js')).toBeGreaterThan(0);

      // Only TypeScript to parse, more than its home holds in flight: the other worker, idle, helps.
      posted.length = 0;
      const typescript = Array.from({ length: 80 }, (_, i) => ({
        path: `many/f${i}.ts`,
        text: `export const v${i} = ${i};\n`,
      }));
      const helped = await Promise.all(typescript.map((f) => own.analyze(f.path, f.text)));
      expect(helped.map((a) => a.definitions.map((d) => d.name))).toEqual(typescript.map((_, i) => [`v${i}`]));
      expect(sentTo(1, '.ts')).toBeGreaterThan(0);
      expect(sentTo(0, '.ts')).toBeGreaterThan(0);
      expect(own.pending).toBe(0);
    } finally {
      await own.close();
    }
  }, 120_000);

  it("hands a homed language's files to the worker left when its home dies", async () => {
    const own = createNodeParsePool(2);
    try {
      own.prepare(
        ['javascript', 'typescript'],
        new Map([
          ['javascript', 900],
          ['typescript', 100],
        ]),
      );
      expect(own.homes.get('typescript')).toBe(1);
      await own.analyze('warm.ts', 'export const warm = 1;\n'); // the home is up
      await own.workers[1].terminate();
      const later = await own.analyze('later.ts', 'export function later() {}\n');
      expect(later.definitions.map((d) => d.name)).toEqual(['later']);
    } finally {
      await own.close();
    }
  }, 60_000);

  it('rejects after close, and close can be called twice', async () => {
    const own = createNodeParsePool(1);
    const analysis = await own.analyze('a.py', 'def f():\n    return g()\n');
    expect(analysis.definitions.map((d) => d.name)).toEqual(['f']);
    await own.close();
    await own.close();
    await expect(own.analyze('a.py', 'x = 1\n')).rejects.toThrow('parse pool closed');
  }, 20_000);

  it('reports a killed worker as an error naming the file, not a hang', async () => {
    const own = createNodeParsePool(1);
    await own.analyze('warm.js', 'function warm() {}\n'); // the worker is up
    const big = readFileSync(here('../engine/engine.ts'), 'utf8').repeat(20);
    const pending = own.analyze('src/big.ts', big);
    await own.workers[0].terminate();
    await expect(pending).rejects.toThrow(
      /parse worker 0 exited unexpectedly \(exit code \d+\) while analysing src\/big\.ts/,
    );
    await expect(own.analyze('later.ts', 'const x = 1;\n')).rejects.toThrow(/parse worker 0 exited unexpectedly/);
    await own.close();
  }, 20_000);

  it('is used by `node bin/fourfold.js index`, which then exits with the same analyses', () => {
    const repo = mkdtempSync(join(tmpdir(), 'fourfold-pool-'));
    try {
      const files = realFiles().filter((f) => f.path.startsWith('fixtures/'));
      const copies: { path: string; text: string; analysis: FileAnalysis }[] = [];
      for (let i = 0; copies.every((c) => c.analysis.definitions.length === 0) || i < PARSE_POOL_MIN_FILES + 2; i++) {
        const { path, text } = files[i % files.length];
        const copy = path.replace('fixtures/', `copy${i}/`);
        mkdirSync(join(repo, dirname(copy)), { recursive: true });
        writeFileSync(join(repo, copy), text);
        copies.push({ path: copy, text, analysis: analyzer.analyze(copy, text) });
      }
      // The build completes each analysis with what other files' macros make in it (rustls's
      // enum_builder!, defined in one fixture and invoked in another), as the engine's own does.
      const macros = CorpusMacros.of(copies);
      const expectedDefinitions = copies.reduce(
        (n, c) => n + (macros ? macros.complete(c.path, c.text, c.analysis) : c.analysis).definitions.length,
        0,
      );
      const run = spawnSync(
        process.execPath,
        [here('../../bin/fourfold.js'), 'index', '--repo', repo, '--embedder', 'none', '--no-cache', '--quiet'],
        {
          encoding: 'utf8',
          // Generous for shared, loaded machines (and the fixtures' 17 languages: each worker loads
          // that many grammars): a process kept alive by its workers never exits at all.
          timeout: 240_000,
        },
      );
      expect(run.error).toBeUndefined(); // no timeout: the workers did not keep the process alive
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const { summary } = JSON.parse(run.stdout) as {
        summary: { files: number; definitions: number; parseFailures: number };
      };
      expect(summary.files).toBe(PARSE_POOL_MIN_FILES + 2);
      expect(summary.definitions).toBe(expectedDefinitions);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  }, 300_000);

  it('builds through the workers, copies parsed once, the same index as a build that parses every file in process', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'fourfold-same-'));
    try {
      // Every real file twice or three times (vendored copies), in folders that sort apart.
      const files = realFiles();
      for (const [i, { path, text }] of [...files, ...files, ...files.slice(0, 10)].entries()) {
        const copy = `${i < files.length ? 'src' : `vendor${Math.floor(i / files.length)}`}/${path}`;
        mkdirSync(join(repo, dirname(copy)), { recursive: true });
        writeFileSync(join(repo, copy), text);
      }
      const opened = await openRepository(repo, { embedder: 'none', useCache: false });
      const read = opened.intake.files.map(({ path }) => ({ path, text: readFileSync(join(repo, path), 'utf8') }));
      expect(read.length).toBeGreaterThanOrEqual(PARSE_POOL_MIN_FILES);
      const inProcess = await Engine.build(read, {
        analyzer: { analyze: (path, text) => analyzer.analyzeAsync(path, text) },
        embedder: null,
      });
      const [built, expected] = [opened.engine.snapshot(), inProcess.snapshot()];
      expect(built.analyses).toStrictEqual(expected.analyses);
      expect(built.chunks).toStrictEqual(expected.chunks);
      for (const modality of ['text', 'structural', 'graph'] as const)
        expect(built.modalities[modality]).toStrictEqual(expected.modalities[modality]);
      expect(opened.engine.stats.definitions).toBeGreaterThan(0);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('languageHomes: a minority language parsed by one worker', () => {
  it("homes each language that fits in a share of one worker's part, never on the first worker (the text index's)", () => {
    expect([
      ...languageHomes(
        new Map([
          ['javascript', 870],
          ['typescript', 130],
        ]),
        2,
      ),
    ]).toEqual([['typescript', 1]]);
    // Two minorities on two workers: both on the second, within its room (HOME_SHARE of half).
    expect([
      ...languageHomes(
        new Map([
          ['c', 700],
          ['python', 200],
          ['bash', 100],
        ]),
        2,
      ),
    ]).toEqual([
      ['python', 1],
      ['bash', 1],
    ]);
    // A language near half of the bytes would leave its worker more than its part: every worker parses it.
    expect(
      languageHomes(
        new Map([
          ['javascript', 600],
          ['typescript', 400],
        ]),
        2,
      ).size,
    ).toBe(0);
    // Sizes unknown, one language, or one worker: nothing to home.
    expect(
      languageHomes(
        new Map([
          ['c', 0],
          ['python', 0],
        ]),
        2,
      ).size,
    ).toBe(0);
    expect(languageHomes(new Map([['go', 1000]]), 4).size).toBe(0);
    expect(
      languageHomes(
        new Map([
          ['c', 900],
          ['python', 100],
        ]),
        1,
      ).size,
    ).toBe(0);
  });

  it('spreads the homes over the workers with the fewest homed bytes, the largest language first', () => {
    const homes = languageHomes(
      new Map([
        ['c', 6000],
        ['python', 1200],
        ['bash', 1100],
        ['cpp', 900],
        ['rust', 500],
      ]),
      4,
    );
    // A worker's part is 9700 / 4 = 2425 bytes, its room for homes 1819.
    expect(Object.fromEntries(homes)).toEqual({ python: 3, bash: 2, cpp: 1, rust: 1 });
  });
});

describe('the text index moved, not copied, from its worker', () => {
  it('transfers each ArrayBuffer under the snapshot once, and never shared memory', () => {
    const postings = new Uint8Array(64);
    const shared = new Uint32Array(new SharedArrayBuffer(16));
    const snapshot = {
      version: 1,
      trigrams: { keys: new Uint8Array(8), postings, head: postings.subarray(0, 8) },
      terms: { vocabulary: 'a\nb', listOffsets: new Uint32Array(4), shared },
    };
    const buffers = ownedBuffers(snapshot);
    expect(buffers).toHaveLength(3);
    expect(new Set(buffers).size).toBe(3);
    expect(buffers).toContain(postings.buffer);
    expect(buffers).not.toContain(shared.buffer);
    // What a worker posts with them arrives whole, and the sender's copies are gone.
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(snapshot, buffers);
    expect(postings.byteLength).toBe(0);
    port1.close();
    port2.close();
  });
});

describe("the pool's main-thread module", () => {
  it('loads nothing of the parse itself (tree-sitter, the analyzer, the text index): the CLI starts the workers before the rest of a build loads', () => {
    const source = readFileSync(here('./parse-pool.ts'), 'utf8');
    const valueImports = [...source.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gms)].map((m) => m[1]);
    expect(valueImports.length).toBeGreaterThan(0);
    for (const heavy of ['../engine/structural/analyzer', '../engine/text/index', './grammars', './parse-serve'])
      expect(valueImports).not.toContain(heavy);
    // The worker's side has them.
    const serve = readFileSync(here('./parse-serve.ts'), 'utf8');
    expect(serve).toMatch(/^import \{ StructuralAnalyzer \} from '\.\.\/engine\/structural\/analyzer';$/m);
  });
});
