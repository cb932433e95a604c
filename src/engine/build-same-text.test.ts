/**
 * Byte-identical files analysed once (build.ts, SameTextAnalyses): a tree holding the same
 * sources three times over is parsed once per distinct text, and the index is the one a build
 * that parses every file makes. Real code (Preact's sources, MIT, in e2e/fixtures), real
 * tree-sitter.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSourceTree } from '../../e2e/fixture-files';
import { nodeGrammars } from '../node/grammars';
import type { BuildFile } from './build';
import type { FileAnalysis } from './contract';
import { Engine, type EngineSnapshot } from './engine';
import { AnalysisReader } from './store/analysis-table';
import { StructuralAnalyzer } from './structural/analyzer';

const ROOT = join(import.meta.dirname, '../../e2e/fixtures/preact');

let files: BuildFile[];
let analyzer: StructuralAnalyzer;

/** A default export takes its name from the path: `export default function () {}` is `alpha` in alpha/index.js. */
const ANONYMOUS_DEFAULT = 'export default function () {\n  return 1;\n}\n';
/** CommonJS's one function, named by its file too (`left` in left.js). */
const MODULE_FUNCTION = 'module.exports = function (a) {\n  return a;\n};\n';
/** C++ by its text in a header, C in a `.c` file: one text, two languages. */
const CLASS_HEADER = 'class Point {\npublic:\n  int x;\n  int norm() const { return x; }\n};\n';

beforeAll(async () => {
  const tree = readSourceTree(ROOT);
  files = [
    ...[0, 1, 2].flatMap((copy) => tree.map((f) => ({ ...f, path: `v${copy}/${f.path}` }))),
    { path: 'alpha/index.js', text: ANONYMOUS_DEFAULT },
    { path: 'beta/index.js', text: ANONYMOUS_DEFAULT },
    { path: 'gamma/a.js', text: ANONYMOUS_DEFAULT },
    { path: 'gamma/a.ts', text: ANONYMOUS_DEFAULT },
    { path: 'delta/a.ts', text: ANONYMOUS_DEFAULT },
    { path: 'cjs/left.js', text: MODULE_FUNCTION },
    { path: 'cjs/right.js', text: MODULE_FUNCTION },
    { path: 'geo/point.c', text: CLASS_HEADER },
    { path: 'geo/point.h', text: CLASS_HEADER },
  ];
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
});

function counting(): { analyze: (path: string, text: string) => FileAnalysis; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    // A clone each time: nothing the build does to one file's analysis can reach another's.
    analyze: (path, text) => (calls.push(path), structuredClone(analyzer.analyze(path, text))),
  };
}

function indexParts(s: EngineSnapshot) {
  return { paths: s.files.map((f) => f.path), chunks: s.chunks, analyses: s.analyses, modalities: s.modalities };
}

describe('byte-identical files', () => {
  it('are analysed once per text, language and file-given name, and index as if each were parsed', async () => {
    const shared = counting();
    const built = await Engine.build(files, { analyzer: shared, embedder: null });
    // Every copy its own hash: nothing is shared, every file parsed.
    const each = counting();
    const apart = await Engine.build(
      files.map((f, i) => ({ ...f, hash: `file-${i}` })),
      { analyzer: each, embedder: null },
    );

    const distinctSources = (files.length - 9) / 3;
    expect(each.calls).toHaveLength(files.length);
    // v1/ and v2/ take v0/'s analyses; alpha and beta name their default export apart, gamma/a.js
    // and gamma/a.ts are two languages, and gamma/a.ts and delta/a.ts share one analysis; left
    // and right name their module's function apart; point.h is C++ by its text, point.c is C.
    expect(shared.calls).toHaveLength(distinctSources + 8);
    expect(shared.calls.filter((p) => p.startsWith('v1/') || p.startsWith('v2/'))).toEqual([]);
    expect(shared.calls).toContain('gamma/a.js');
    expect(shared.calls).not.toContain('delta/a.ts');

    expect(indexParts(built.snapshot())).toStrictEqual(indexParts(apart.snapshot()));

    // Paths kept apart: each copy's definitions are found under its own path.
    const reader = new AnalysisReader(built.snapshot().analyses);
    const paths = built.snapshot().files.map((f) => f.path);
    const named = (path: string) => reader.analysisAt(paths.indexOf(path)).definitions.map((d) => d.name);
    expect(named('alpha/index.js')).toContain('alpha');
    expect(named('beta/index.js')).toContain('beta');
    expect(named('cjs/right.js')).toContain('right');
    expect(reader.analysisAt(paths.indexOf('geo/point.h')).language).toBe('cpp');
    expect(reader.analysisAt(paths.indexOf('geo/point.c')).language).toBe('c');
    const some = files.find((f) => f.path.startsWith('v0/') && named(f.path).length > 0)!.path;
    expect(named(some.replace('v0/', 'v2/'))).toEqual(named(some));
    const answer = await built.search(`where is ${named(some)[0]} defined`, { limit: 50 });
    const folders = new Set(answer.results.map((r) => r.path.split('/')[0]));
    expect([...folders].filter((f) => f.startsWith('v')).sort()).toEqual(['v0', 'v1', 'v2']);
  }, 120_000);
});
