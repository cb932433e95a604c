import { describe, expect, it } from 'vitest';
import type { Intent, QueryPlan } from '../contract';
import { chunkCentralities, GraphIndex, type GraphSnapshot } from './index';
import { call, chunkOf, def, imp, makeCorpus, type FixtureFile } from '../../../test/support/graph-fixture';
import { IMPORTED_NAME_CONFIDENCE, SAME_FILE_CONFIDENCE } from './graph';

function plan(intent: Intent, raw: string, identifiers: string[] = [], terms: string[] = []): QueryPlan {
  return { intent, confidence: 0.9, rule: 'test', raw, identifiers, terms };
}

/** A small TypeScript app: config ← server ← cli ← index, with a test and a barrel. */
const APP: FixtureFile[] = [
  {
    path: 'src/config.ts',
    definitions: [def('parseConfig', 'function', 1, 10), def('loadConfig', 'function', 12, 20)],
    references: [call('parseConfig', 14, 'loadConfig')],
  },
  { path: 'src/logger.ts', definitions: [def('log', 'function', 1, 5)] },
  {
    path: 'src/server.ts',
    imports: [imp('./config', 1, ['loadConfig']), imp('./logger', 2, ['log'])],
    definitions: [def('startServer', 'function', 4, 15)],
    references: [call('loadConfig', 5, 'startServer'), call('log', 6, 'startServer')],
  },
  {
    path: 'src/cli.ts',
    imports: [imp('./server', 1, ['startServer']), imp('commander', 2, ['Command'])],
    definitions: [def('main', 'function', 4, 10)],
    references: [call('startServer', 5, 'main'), call('Command', 6, 'main', 'new'), call('main', 12)],
  },
  {
    path: 'src/index.ts',
    imports: [imp('./cli', 1, ['main'])],
    definitions: [def('boot', 'function', 3, 6)],
    references: [call('main', 4, 'boot')],
  },
  {
    path: 'test/config.test.ts',
    imports: [imp('../src/config', 1, ['parseConfig'])],
    references: [call('parseConfig', 3)],
  },
  { path: 'src/unrelated.ts', definitions: [def('helperThing', 'function', 1, 4)] },
];

describe('GraphIndex: callers, callees, imports', () => {
  const corpus = makeCorpus(APP);
  const graph = GraphIndex.build(corpus);
  const parseConfig = chunkOf(corpus, 'src/config.ts', 'parseConfig');
  const loadConfig = chunkOf(corpus, 'src/config.ts', 'loadConfig');
  const startServer = chunkOf(corpus, 'src/server.ts', 'startServer');

  it('callers: the chunks where the call happens, best-resolved first', () => {
    const callers = graph.callers(parseConfig);
    expect(callers.map((c) => [c.path, c.line, c.symbol, c.confidence])).toEqual([
      ['src/config.ts', 14, 'loadConfig', SAME_FILE_CONFIDENCE],
      ['test/config.test.ts', 3, undefined, IMPORTED_NAME_CONFIDENCE],
    ]);
    expect(callers[0].chunkId).toBe(loadConfig);
    expect(corpus.chunks[callers[1].chunkId].kind).toBe('window');
  });

  it('callees: the definitions a chunk calls', () => {
    const callees = graph.callees(startServer);
    expect(callees.map((c) => [c.path, c.symbol, c.line])).toEqual(
      expect.arrayContaining([
        ['src/config.ts', 'loadConfig', 12],
        ['src/logger.ts', 'log', 1],
      ]),
    );
    expect(callees).toHaveLength(2);
    expect(callees.find((c) => c.symbol === 'loadConfig')!.chunkId).toBe(loadConfig);
    expect(graph.callees(parseConfig)).toEqual([]);
  });

  it('importersOf / importsOf / externalImportsOf', () => {
    const config = corpus.fileByPath.get('src/config.ts')!.id;
    const cli = corpus.fileByPath.get('src/cli.ts')!.id;
    expect(graph.importersOf(config).map((l) => [l.path, l.line, l.names])).toEqual([
      ['src/server.ts', 1, ['loadConfig']],
      ['test/config.test.ts', 1, ['parseConfig']],
    ]);
    expect(graph.importsOf(cli).map((l) => l.path)).toEqual(['src/server.ts']);
    expect(graph.externalImportsOf(cli)).toEqual([{ packageName: 'commander', line: 2, names: ['Command'] }]);
  });

  it('stats count files, symbols, edges and import resolution', () => {
    expect(graph.stats()).toEqual({
      files: 7,
      symbols: 7,
      importEdges: 5,
      resolvedImports: 5,
      unresolvedImports: 1,
      callEdges: 7,
      externalPackages: 1,
    });
  });
});

describe('GraphIndex: centrality', () => {
  // One hub imported by six files; a chain of two files elsewhere.
  const files: FixtureFile[] = [
    { path: 'src/hub.ts', definitions: [def('hubFn', 'function', 1, 3)] },
    ...[1, 2, 3, 4, 5, 6].map((i) => ({
      path: `src/user${i}.ts`,
      imports: [imp('./hub', 1, ['hubFn'])],
      definitions: [def(`user${i}`, 'function' as const, 3, 6)],
      references: [call('hubFn', 4, `user${i}`)],
    })),
    { path: 'src/leaf.ts', imports: [imp('./other', 1, [])] },
    { path: 'src/other.ts' },
  ];
  const corpus = makeCorpus(files);
  const graph = GraphIndex.build(corpus);

  it('ranks the hub file and the hub symbol highest, with mean centrality 1 over all nodes', () => {
    const fileCentrality = corpus.files.map((f) => graph.centralityOfFile(f.id));
    const hub = corpus.fileByPath.get('src/hub.ts')!.id;
    expect(Math.max(...fileCentrality)).toBe(fileCentrality[hub]);
    const centrality = graph.serialize().centrality;
    const mean = Array.from(centrality).reduce((a, b) => a + b, 0) / centrality.length;
    expect(mean).toBeCloseTo(1, 5);
    expect(Math.max(...centrality)).toBe(graph.centralityOfChunk(chunkOf(corpus, 'src/hub.ts', 'hubFn')));
    expect(graph.centralityOfChunk(chunkOf(corpus, 'src/hub.ts', 'hubFn'))).toBeGreaterThan(2);
  });

  it('uses the file node for window chunks', () => {
    const leaf = corpus.fileByPath.get('src/leaf.ts')!;
    expect(graph.centralityOfChunk(leaf.chunkIds[0])).toBe(graph.centralityOfFile(leaf.id));
    expect(graph.centralityOfFile(corpus.fileByPath.get('src/other.ts')!.id)).toBeGreaterThan(
      graph.centralityOfFile(leaf.id),
    );
  });
});

describe('GraphIndex: reverse dependencies on a chain a ← b ← c ← d', () => {
  const corpus = makeCorpus([
    { path: 'src/a.ts', definitions: [def('alpha', 'function', 1, 5)] },
    {
      path: 'src/b.ts',
      imports: [imp('./a', 1, ['alpha'])],
      definitions: [def('beta', 'function', 3, 8)],
      references: [call('alpha', 4, 'beta')],
    },
    {
      path: 'src/c.ts',
      imports: [imp('./b', 1, ['beta'])],
      definitions: [def('gamma', 'function', 3, 8)],
      references: [call('beta', 4, 'gamma')],
    },
    {
      path: 'src/d.ts',
      imports: [imp('./c', 1, ['gamma'])],
      definitions: [def('delta', 'function', 3, 8)],
      references: [call('gamma', 4, 'delta')],
    },
    { path: 'src/e.ts', definitions: [def('epsilon', 'function', 1, 3)] },
  ]);
  const graph = GraphIndex.build(corpus);
  const id = (path: string) => corpus.fileByPath.get(path)!.id;

  it('gives hop distances and the file each hop came through', () => {
    expect(
      graph.reverseDependencies({ fileId: id('src/a.ts') }).map((d) => [d.fileId, d.hops, d.via, d.relation]),
    ).toEqual([
      [id('src/b.ts'), 1, id('src/a.ts'), 'import'],
      [id('src/c.ts'), 2, id('src/b.ts'), 'import'],
      [id('src/d.ts'), 3, id('src/c.ts'), 'import'],
    ]);
  });

  it('stops at maxHops', () => {
    expect(graph.reverseDependencies({ fileId: id('src/a.ts') }, 2).map((d) => d.hops)).toEqual([1, 2]);
    expect(graph.reverseDependencies({ fileId: id('src/c.ts') }).map((d) => d.fileId)).toEqual([id('src/d.ts')]);
    expect(graph.reverseDependencies({ fileId: id('src/e.ts') })).toEqual([]);
  });

  it('starts from a symbol’s users for a definition chunk', () => {
    const deps = graph.reverseDependencies({ chunkId: chunkOf(corpus, 'src/a.ts', 'alpha') });
    expect(deps.map((d) => [d.fileId, d.hops, d.relation, d.line])).toEqual([
      [id('src/b.ts'), 1, 'call', 4],
      [id('src/c.ts'), 2, 'import', 1],
      [id('src/d.ts'), 3, 'import', 1],
    ]);
  });

  it('impact_analysis search: hop-1 users first, then importers by hop, each with a reason', () => {
    const hits = graph.search(plan('impact_analysis', 'what depends on alpha', ['alpha']), 20);
    const described = hits.map((h) => [corpus.chunks[h.chunkId].path, h.reason]);
    expect(described).toEqual([
      ['src/b.ts', 'hop 1: calls alpha in beta (imported by name)'],
      ['src/b.ts', 'hop 1: imports alpha from src/a.ts'],
      ['src/c.ts', 'hop 2: imports src/b.ts which calls alpha'],
      ['src/d.ts', 'hop 3: imports src/c.ts which depends on alpha (hop 2)'],
    ]);
    expect(hits[0].chunkId).toBe(chunkOf(corpus, 'src/b.ts', 'beta'));
  });

  it('impact_analysis on a path-like query uses file-level reverse dependencies', () => {
    const hits = graph.search(plan('impact_analysis', 'what depends on src/b.ts', ['b']), 20);
    // "What depends on FILE" lists the files with a line that imports or uses it: src/d.ts
    // imports only src/c.ts (its chain is reverseDependencies', not this answer's).
    expect(hits.map((h) => [corpus.chunks[h.chunkId].path, h.reason, h.evidence])).toEqual([
      ['src/c.ts', 'imports src/b.ts', 'resolved'],
    ]);
    const byStem = graph.search(plan('impact_analysis', 'blast radius of c', ['c'], ['c']), 20);
    expect(byStem.map((h) => corpus.chunks[h.chunkId].path)).toEqual(['src/d.ts']);
  });
});

describe('GraphIndex: search by intent', () => {
  const corpus = makeCorpus([
    ...APP,
    { path: 'src/legacy/format.ts', definitions: [def('formatDate', 'function', 1, 5)] },
    { path: 'src/util/format.ts', definitions: [def('formatDate', 'function', 1, 5)] },
    ...[1, 2, 3].map((i) => ({
      path: `src/view${i}.ts`,
      imports: [imp('./util/format', 1, ['formatDate'])],
      definitions: [def(`view${i}`, 'function' as const, 3, 6)],
      references: [call('formatDate', 4, `view${i}`)],
    })),
  ]);
  const graph = GraphIndex.build(corpus);

  it('find_references: call sites first, then import lines; never the definition itself', () => {
    const hits = graph.search(plan('find_references', 'who calls parseConfig', ['parseConfig']), 10);
    const described = hits.map((h) => [corpus.chunks[h.chunkId].path, corpus.chunks[h.chunkId].startLine, h.reason]);
    expect(described).toEqual([
      ['src/config.ts', 12, 'calls parseConfig in loadConfig (same file)'],
      ['test/config.test.ts', 1, 'calls parseConfig at top level (imported by name)'],
    ]);
    // The import line of the test sits in the same window chunk as its call: one hit per chunk.
    expect(new Set(hits.map((h) => h.chunkId)).size).toBe(hits.length);
    expect(hits.some((h) => h.chunkId === chunkOf(corpus, 'src/config.ts', 'parseConfig'))).toBe(false);
  });

  it('find_references resolves "parse config" written as words, and case-insensitively', () => {
    const words = graph.search(plan('find_references', 'usages of parse config', [], ['parse', 'config']), 10);
    expect(words.map((h) => corpus.chunks[h.chunkId].path)).toEqual(['src/config.ts', 'test/config.test.ts']);
    const lower = graph.search(plan('find_references', 'who calls parseconfig', ['parseconfig']), 10);
    expect(lower.map((h) => h.chunkId)).toEqual(words.map((h) => h.chunkId));
  });

  it('find_references respects the limit', () => {
    expect(graph.search(plan('find_references', 'who calls formatDate', ['formatDate']), 2)).toHaveLength(2);
  });

  it('find_definition: every definition of the name, the more central first', () => {
    const hits = graph.search(plan('find_definition', 'formatDate', ['formatDate']), 10);
    expect(hits.map((h) => corpus.chunks[h.chunkId].path)).toEqual(['src/util/format.ts', 'src/legacy/format.ts']);
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
    expect(hits[0].reason).toMatch(/^defines formatDate \(function, centrality \d+\.\d\d\)$/);
  });

  it('find_references picks the most central of several same-named definitions first', () => {
    const hits = graph.search(plan('find_references', 'who calls formatDate', ['formatDate']), 10);
    expect(
      hits
        .slice(0, 3)
        .map((h) => corpus.chunks[h.chunkId].path)
        .sort(),
    ).toEqual(['src/view1.ts', 'src/view2.ts', 'src/view3.ts']);
  });

  it('understand_code: definitions sharing sub-tokens with the terms, best match first', () => {
    const hits = graph.search(plan('understand_code', 'how is the config parsed', [], ['config', 'parse']), 10);
    expect(corpus.chunks[hits[0].chunkId].symbol).toBe('parseConfig');
    expect(hits.map((h) => corpus.chunks[h.chunkId].symbol)).toEqual(['parseConfig', 'loadConfig']);
    // The words in the question's order (h28-model's spellings pass reads them term by term).
    expect(hits[0].reason).toContain('"config", "parse"');
    expect(graph.search(plan('understand_code', 'quantum entanglement', [], ['quantum', 'entanglement']), 10)).toEqual(
      [],
    );
  });

  it('find_similar from a chunk uses its name', () => {
    const source = chunkOf(corpus, 'src/config.ts', 'loadConfig');
    const hits = graph.search({ ...plan('find_similar', '', [], []), similarToChunk: source }, 10);
    expect(hits.map((h) => corpus.chunks[h.chunkId].symbol)).toEqual(['parseConfig']);
  });

  it('returns nothing for an unknown identifier', () => {
    expect(graph.search(plan('find_references', 'who calls noSuchThing', ['noSuchThing']), 10)).toEqual([]);
    expect(graph.search(plan('find_definition', 'noSuchThing', ['noSuchThing']), 10)).toEqual([]);
  });
});

describe('GraphIndex: serialize → load', () => {
  const corpus = makeCorpus(APP);
  const graph = GraphIndex.build(corpus);

  it("stores every chunk's centrality as a column, which the boost reads without loading the graph", () => {
    // The fixture's chunk ids run file by file, as a stored chunk table's do.
    expect(corpus.files.flatMap((f) => f.chunkIds)).toEqual(corpus.chunks.map((c) => c.id));
    const fileChunkStart = new Uint32Array(corpus.files.length + 1);
    corpus.files.forEach((f, i) => (fileChunkStart[i + 1] = fileChunkStart[i] + f.chunkIds.length));
    const column = chunkCentralities(structuredClone(graph.serialize()), fileChunkStart);
    expect(Array.from(column)).toEqual(corpus.chunks.map((c) => graph.centralityOfChunk(c.id)));
    expect(new Set(column).size).toBeGreaterThan(1);
  });

  it('round-trips through structured clone with identical answers, rebuilding what it leaves out', () => {
    const snapshot: GraphSnapshot = structuredClone(graph.serialize());
    expect(snapshot).not.toHaveProperty('inEdges');
    const loaded = GraphIndex.load(corpus, snapshot);
    expect(loaded.stats()).toEqual(graph.stats());
    for (const chunk of corpus.chunks) {
      expect(loaded.centralityOfChunk(chunk.id)).toBe(graph.centralityOfChunk(chunk.id));
      expect(loaded.callers(chunk.id)).toEqual(graph.callers(chunk.id));
      expect(loaded.callees(chunk.id)).toEqual(graph.callees(chunk.id));
    }
    const queries = [
      plan('find_references', 'who calls loadConfig', ['loadConfig']),
      plan('impact_analysis', 'impact of parseConfig', ['parseConfig']),
      plan('find_definition', 'startServer', ['startServer']),
      plan('understand_code', 'server start', [], ['server', 'start']),
    ];
    for (const q of queries) expect(loaded.search(q, 20)).toEqual(graph.search(q, 20));
    expect(graph.search(queries[1], 20).length).toBeGreaterThan(2);
  });

  it('refuses a snapshot built from another corpus', () => {
    const other = makeCorpus(APP.slice(0, 3));
    expect(() => GraphIndex.load(other, graph.serialize())).toThrow(/snapshot/);
    const renamed = makeCorpus(APP.map((f, i) => (i === 0 ? { ...f, path: 'src/settings.ts' } : f)));
    expect(() => GraphIndex.load(renamed, graph.serialize())).toThrow(/built from other files/);
  });
});
