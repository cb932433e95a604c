/**
 * Overload signatures, prototypes and merged declarations as one graph node, on the shapes of
 * real code parsed by tree-sitter: @tanstack/query-core's `replaceEqualDeep` (an overload line
 * above its body), a C file's prototype of a static function, a TypeScript interface merged with
 * a namespace, click's Python `@t.overload` stubs, and namesakes that are different things (C++
 * overloads with bodies, closures of one name in two functions, a Python property and its setter).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import type { Corpus } from '../modality';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import { buildGraph, type GraphData } from './graph';
import { declarationGroups } from './declaration-groups';
import { isDeclarationSignature } from '../structural/index';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
});

function build(files: Record<string, string>): { corpus: Corpus; graph: GraphData } {
  const sources: SourceFile[] = Object.entries(files).map(([path, text]) => ({ path, text }));
  const corpus = buildCorpus(sources, analyzer);
  return { corpus, graph: buildGraph(corpus) };
}

/** Centrality of the symbol named `name` whose definition starts on `line` of `path`. */
function centralityAt(graph: GraphData, path: string, name: string, line: number): number {
  const p = graph.filePaths.indexOf(path);
  for (let s = graph.fileSymbolOffsets[p]; s < graph.fileSymbolOffsets[p + 1]; s++)
    if (graph.symbolName[s] === name && graph.symbolStartLine[s] === line) return graph.centrality[graph.fileCount + s];
  throw new Error(`no ${name} at ${path}:${line}`);
}

// query-core 5.62 src/utils.ts, shortened: the overload on its own line, then the body that recurses.
const QUERY_CORE_UTILS = [
  '/**',
  ' * This function returns `a` if `b` is deeply equal.',
  ' */',
  'export function replaceEqualDeep<T>(a: unknown, b: T): T',
  'export function replaceEqualDeep(a: any, b: any): any {',
  '  if (a === b) {',
  '    return a',
  '  }',
  '  const copy: any = {}',
  '  for (const key of Object.keys(b)) copy[key] = replaceEqualDeep(a[key], b[key])',
  '  return copy',
  '}',
  '',
  'export function shallowEqualObjects(a: any, b: any): boolean {',
  '  return Object.keys(a).every((key) => a[key] === b[key])',
  '}',
  '',
].join('\n');

describe('declaration groups', () => {
  it("ranks query-core's replaceEqualDeep overload and body as one node, the body above its neighbour", () => {
    const { graph } = build({
      'src/utils.ts': QUERY_CORE_UTILS,
      'src/query.ts': [
        "import { replaceEqualDeep, shallowEqualObjects } from './utils'",
        'export function setData(prev: unknown, next: unknown) {',
        '  return replaceEqualDeep(prev, next)',
        '}',
        'export function structural(prev: unknown, next: unknown) {',
        '  return replaceEqualDeep(prev, next)',
        '}',
        'export function same(a: object, b: object) {',
        '  return shallowEqualObjects(a, b)',
        '}',
        '',
      ].join('\n'),
    });
    const overload = centralityAt(graph, 'src/utils.ts', 'replaceEqualDeep', 4);
    const body = centralityAt(graph, 'src/utils.ts', 'replaceEqualDeep', 5);
    const neighbour = centralityAt(graph, 'src/utils.ts', 'shallowEqualObjects', 14);
    expect(body).toBe(overload);
    // Two callers against one: once the group is one node, the body must be the more central.
    expect(body).toBeGreaterThan(neighbour);
  });

  it('groups a C prototype with its definition, a TypeScript interface with its namespace, and not real overloads', () => {
    const { corpus } = build({
      'lib/crypt.c': [
        'static int setting_ok(const char *setting);',
        '',
        'int crypt_check(const char *setting) {',
        '  return setting_ok(setting);',
        '}',
        '',
        'static int setting_ok(const char *setting) {',
        '  return setting[0] != 0;',
        '}',
        '',
      ].join('\n'),
      'src/merge.ts': [
        'export interface Options { retry: number }',
        'export namespace Options {',
        '  export const defaults: Options = { retry: 3 }',
        '}',
        'export function outer() {',
        '  function helper() { return 1 }',
        '  return helper()',
        '}',
        'export function other() {',
        '  function helper() { return 2 }',
        '  return helper()',
        '}',
        '',
      ].join('\n'),
      'src/shape.cpp': [
        'int area(int side) { return side * side; }',
        'double area(double radius) { return 3.14 * radius * radius; }',
        '',
      ].join('\n'),
    });
    const offsets = new Int32Array(corpus.files.length + 1);
    corpus.files.forEach((f, p) => (offsets[p + 1] = offsets[p] + (f.analysis?.definitions.length ?? 0)));
    const groups = declarationGroups(corpus.files, offsets)!;
    const groupOf = (path: string, name: string) => {
      const p = corpus.files.findIndex((f) => f.path === path);
      const defs = corpus.files[p].analysis!.definitions;
      return defs
        .map((d, i) => ({ d, s: offsets[p] + i }))
        .filter(({ d }) => d.name === name)
        .map(({ d, s }) => ({ line: d.startLine, head: groups[s] }));
    };
    // The prototype and the definition are one function; so are the interface and its namespace.
    const settingOk = groupOf('lib/crypt.c', 'setting_ok');
    expect(settingOk).toHaveLength(2);
    expect(new Set(settingOk.map((g) => g.head)).size).toBe(1);
    const options = groupOf('src/merge.ts', 'Options');
    expect(options).toHaveLength(2);
    expect(new Set(options.map((g) => g.head)).size).toBe(1);
    // Closures named alike in two functions, and C++ overloads with bodies, stay apart.
    const helpers = groupOf('src/merge.ts', 'helper');
    expect(helpers).toHaveLength(2);
    expect(new Set(helpers.map((g) => g.head)).size).toBe(2);
    const areas = groupOf('src/shape.cpp', 'area');
    expect(areas).toHaveLength(2);
    expect(new Set(areas.map((g) => g.head)).size).toBe(2);
  });

  it("groups click's @t.overload stubs with their implementation, and not a property with its setter", () => {
    // click 8.1.3 src/click/globals.py and core.py (Context.lookup_default), shortened.
    const { corpus } = build({
      'click/globals.py': [
        'import typing as t',
        '',
        '@t.overload',
        'def get_current_context(silent: "te.Literal[False]" = False) -> "Context":',
        '    ...',
        '',
        '@t.overload',
        'def get_current_context(silent: bool = ...) -> t.Optional["Context"]:',
        '    ...',
        '',
        'def get_current_context(silent: bool = False) -> t.Optional["Context"]:',
        '    try:',
        '        return t.cast("Context", _local.stack[-1])',
        '    except (AttributeError, IndexError) as e:',
        '        if not silent:',
        '            raise RuntimeError("There is no active click context.") from e',
        '    return None',
        '',
      ].join('\n'),
      'click/core.py': [
        'class Context:',
        '    @typing.overload',
        '    def lookup_default(self, name: str, call: "te.Literal[True]" = True) -> t.Optional[t.Any]:',
        '        ...',
        '',
        '    def lookup_default(self, name: str, call: bool = True) -> t.Optional[t.Any]:',
        '        if self.default_map is not None:',
        '            return self.default_map.get(name)',
        '        return None',
        '',
        '    @property',
        '    def command_path(self) -> str:',
        '        return self._path',
        '',
        '    @command_path.setter',
        '    def command_path(self, value: str) -> None:',
        '        self._path = value',
        '',
      ].join('\n'),
    });
    const offsets = new Int32Array(corpus.files.length + 1);
    corpus.files.forEach((f, p) => (offsets[p + 1] = offsets[p] + (f.analysis?.definitions.length ?? 0)));
    const groups = declarationGroups(corpus.files, offsets)!;
    const members = (path: string, name: string) => {
      const p = corpus.files.findIndex((f) => f.path === path);
      return corpus.files[p]
        .analysis!.definitions.map((d, i) => ({ d, s: offsets[p] + i }))
        .filter(({ d }) => d.name === name)
        .map(({ d, s }) => ({ line: d.startLine, stub: isDeclarationSignature(d), head: groups[s], self: s }));
    };
    // Two stubs and the implementation: one group, headed by the implementation (the one with a body).
    const context = members('click/globals.py', 'get_current_context');
    expect(context.map((m) => m.stub)).toEqual([true, true, false]);
    expect(context.every((m) => m.head === context[2].self)).toBe(true);
    const lookup = members('click/core.py', 'lookup_default');
    expect(lookup.map((m) => m.stub)).toEqual([true, false]);
    expect(lookup[0].head).toBe(lookup[1].self);
    // A property and its setter both have bodies: two functions.
    const path = members('click/core.py', 'command_path');
    expect(path.map((m) => m.stub)).toEqual([false, false]);
    expect(new Set(path.map((m) => m.head)).size).toBe(2);
  });

  it('leaves a corpus without namesakes to plain PageRank', () => {
    const { corpus } = build({ 'a.ts': 'export function a() { return 1 }\n' });
    expect(declarationGroups(corpus.files, Int32Array.of(0, 1))).toBeNull();
  });
});
