import { beforeAll, describe, expect, it } from 'vitest';
import type { QueryPlan, SourceFile } from '../contract';
import type { Corpus } from '../modality';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';
import { buildCorpus } from './corpus';
import { isDeclarationOnly, isInFileTest, isTestChunk, isTestPath, StructuralIndex } from './index';

const FILES: SourceFile[] = [
  {
    path: 'src/config/parse.ts',
    text: `import { readFileSync } from 'node:fs';

export interface Config {
  name: string;
}

/** Parses a config file's text. */
export function parseConfig(text: string): Config {
  return JSON.parse(text) as Config;
}

export function parseConfigFile(path: string): Config {
  return parseConfig(readFileSync(path, 'utf8'));
}

export class ConfigLoader {
  load(path: string): Config {
    return parseConfigFile(path);
  }
}
`,
  },
  // A declaration file with a shorter path: must still lose to the implementation.
  { path: 'a.d.ts', text: `export declare function parseConfig(text: string): unknown;\n` },
  {
    path: 'src/config/parse.test.ts',
    text: `import { parseConfig } from './parse';\n\nfunction parseConfig2() {}\n\nexport function check() {\n  parseConfig('{}');\n}\n`,
  },
  {
    path: 'src/app.ts',
    text: `import { parseConfig, ConfigLoader } from './config/parse';

export function boot(a: string, b: string, c: string) {
  const x = parseConfig(a);
  const y = parseConfig(b);
  const z = parseConfig(c);
  return [x, y, z];
}

export function reload(a: string) {
  const loader = new ConfigLoader();
  return parseConfig(a);
}

function parseConfg(t: string) {
  return t;
}
`,
  },
  {
    path: 'lib/parse_config.py',
    text: `def parse_config(path):\n    """Reads the settings file."""\n    return open(path).read()\n`,
  },
  { path: 'lib/loader.js', text: `function Loader() {\n  this.items = [];\n}\n\nmodule.exports = Loader;\n` },
  { path: 'src/loader.ts', text: `export class Loader {\n  items: string[] = [];\n}\n` },
];

function plan(partial: Partial<QueryPlan> & Pick<QueryPlan, 'intent'>): QueryPlan {
  return { confidence: 0.9, rule: 'test', raw: '', identifiers: [], terms: [], ...partial };
}

let corpus: Corpus;
let index: StructuralIndex;

beforeAll(async () => {
  const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: ['typescript', 'javascript', 'python'] });
  corpus = buildCorpus(FILES, analyzer);
  index = StructuralIndex.build(corpus);
});

const where = (chunkId: number) => {
  const c = corpus.chunks[chunkId];
  return `${c.path}:${c.symbol ?? `${c.startLine}-${c.endLine}`}`;
};

describe('find_definition', () => {
  it('ranks exact > sub-token > all sub-tokens, implementation before .d.ts and test code, and drops near misses', () => {
    const hits = index.search(plan({ intent: 'find_definition', identifiers: ['parseConfig'] }), 20);
    expect(hits.map((h) => where(h.chunkId))).toEqual([
      'src/config/parse.ts:parseConfig', // exact, implementation
      'a.d.ts:parseConfig', // exact, declaration only
      'lib/parse_config.py:parse_config', // same sub-tokens
      // parseConfigFile and parseConfig2 (longer names), parseConfg (fuzzy), Config and
      // ConfigLoader (partial) are left out: the name matched precisely.
    ]);
    expect(hits[0].reason).toBe('defines function parseConfig (exact name)');
    expect(hits[2].reason).toBe('defines function parse_config (same sub-tokens)');
    expect(hits[0].score).toBeGreaterThan(hits[2].score);
  });

  it('without a precise match, lists prefix, fuzzy and partial matches in that order', () => {
    const hits = index.search(plan({ intent: 'find_definition', identifiers: ['parseConfigs'] }), 20);
    const names = hits.map((h) => where(h.chunkId));
    expect(names.indexOf('src/config/parse.ts:parseConfig')).toBeGreaterThanOrEqual(0);
    const longer = index
      .search(plan({ intent: 'find_definition', identifiers: ['parseConfigFil'] }), 20)
      .map((h) => where(h.chunkId));
    expect(longer[0]).toBe('src/config/parse.ts:parseConfigFile');
    const fuzzy = index.search(plan({ intent: 'find_definition', identifiers: ['parseConfgi'] }), 20);
    expect(fuzzy.map((h) => h.reason).some((r) => r.includes('fuzzy'))).toBe(true);
    for (let i = 1; i < fuzzy.length; i++) expect(fuzzy[i - 1].score).toBeGreaterThanOrEqual(fuzzy[i].score);
  });

  it("points the hit at the definition's own chunk", () => {
    const [hit] = index.search(plan({ intent: 'find_definition', identifiers: ['ConfigLoader'] }), 1);
    expect(corpus.chunks[hit.chunkId]).toMatchObject({
      path: 'src/config/parse.ts',
      symbol: 'ConfigLoader',
      kind: 'definition',
      startLine: 16,
      endLine: 20,
    });
  });

  it('matches words of the query against sub-tokens when there is no identifier', () => {
    const hits = index.search(plan({ intent: 'find_definition', terms: ['parse', 'config'] }), 3);
    expect(
      hits
        .map((h) => where(h.chunkId))
        .slice(0, 2)
        .sort(),
    ).toEqual(['lib/parse_config.py:parse_config', 'src/config/parse.ts:parseConfig']);
  });

  it('lets a kind named in the query decide between equal names', () => {
    const asClass = index.search(
      plan({ intent: 'find_definition', identifiers: ['Loader'], definitionKind: 'class' }),
      5,
    );
    expect(where(asClass[0].chunkId)).toBe('src/loader.ts:Loader');
    expect(asClass[0].reason).toBe('defines class Loader (exact name; is a class)');
    const asFunction = index.search(
      plan({ intent: 'find_definition', identifiers: ['Loader'], definitionKind: 'function' }),
      5,
    );
    expect(where(asFunction[0].chunkId)).toBe('lib/loader.js:Loader');
  });

  it('boosts a definition whose container is also named', () => {
    const hits = index.search(plan({ intent: 'find_definition', identifiers: ['ConfigLoader', 'load'] }), 5);
    // `ConfigLoader.load`: the member beats the class it is in.
    expect(where(hits[0].chunkId)).toBe('src/config/parse.ts:load');
    expect(hits[0].reason).toBe('defines method ConfigLoader.load (exact name; in ConfigLoader)');
    expect(where(hits[1].chunkId)).toBe('src/config/parse.ts:ConfigLoader');
  });

  it('reads a qualified name as container + name', () => {
    const hits = index.search(plan({ intent: 'find_definition', identifiers: ['ConfigLoader.load'] }), 3);
    expect(hits[0].reason).toBe('defines method ConfigLoader.load (exact name; in ConfigLoader)');
  });

  it('returns at most one hit per chunk and respects the limit', () => {
    const hits = index.search(plan({ intent: 'find_definition', identifiers: ['parseConfig'] }), 2);
    expect(hits).toHaveLength(2);
    const all = index.search(plan({ intent: 'find_definition', terms: ['config'] }), 100);
    expect(new Set(all.map((h) => h.chunkId)).size).toBe(all.length);
  });
});

describe('find_references and impact_analysis', () => {
  it('ranks chunks by how often they reference the name, the definition last', () => {
    const hits = index.search(plan({ intent: 'find_references', identifiers: ['parseConfig'] }), 20);
    expect(hits.map((h) => [where(h.chunkId), h.score])).toEqual([
      ['src/app.ts:boot', 3],
      ['src/app.ts:reload', 1], // ties: shorter path first
      ['src/config/parse.ts:parseConfigFile', 1],
      ['src/config/parse.test.ts:check', 1], // test code last
      ['src/config/parse.ts:parseConfig', 0],
      ['a.d.ts:parseConfig', 0],
    ]);
    expect(hits[0].reason).toBe('calls parseConfig 3×');
    expect(hits[4].reason).toBe('defines function parseConfig');
  });

  it('counts constructions and type uses too', () => {
    const hits = index.search(plan({ intent: 'impact_analysis', identifiers: ['Config'] }), 20);
    expect(where(hits[0].chunkId)).toBe('src/config/parse.ts:parseConfig'); // return type + `as Config`
    expect(hits[0].reason).toBe('uses type Config 2×');
    const news = index.search(plan({ intent: 'find_references', identifiers: ['ConfigLoader'] }), 20);
    expect(news.map((h) => [where(h.chunkId), h.reason])).toEqual([
      ['src/app.ts:reload', 'constructs ConfigLoader (new) 1×'],
      ['src/config/parse.ts:ConfigLoader', 'defines class ConfigLoader'],
    ]);
  });
});

describe('exact_match', () => {
  it('finds definitions named like an identifier literal, ignoring case', () => {
    const hits = index.search(plan({ intent: 'exact_match', literal: 'parseconfig' }), 10);
    expect(hits.map((h) => where(h.chunkId))).toEqual(['src/config/parse.ts:parseConfig', 'a.d.ts:parseConfig']);
    expect(index.search(plan({ intent: 'exact_match', literal: 'connection refused: ECONNREFUSED' }), 10)).toEqual([]);
  });
});

describe('understand_code and find_similar', () => {
  it('scores definitions by the query terms in their names, signatures and docs', () => {
    const hits = index.search(plan({ intent: 'understand_code', terms: ['reads', 'settings'] }), 5);
    expect(where(hits[0].chunkId)).toBe('lib/parse_config.py:parse_config'); // both words are in its docstring
    expect(hits[0].reason).toMatch(/matching .*settings.*\(2\/2 terms\)/);
    const loader = index.search(plan({ intent: 'understand_code', terms: ['config', 'loader'] }), 3);
    expect(where(loader[0].chunkId)).toBe('src/config/parse.ts:ConfigLoader');
  });

  it('matches a prose word by its base form ("parses … loaders" finds parseConfig and the Loader classes), as one query term', () => {
    const hits = index.search(plan({ intent: 'understand_code', terms: ['parses', 'loaders'] }), 10);
    const names = hits.map((h) => where(h.chunkId));
    expect(names).toEqual(expect.arrayContaining(['src/config/parse.ts:parseConfig', 'src/loader.ts:Loader']));
    for (const h of hits) expect(h.reason).toMatch(/\((1|2)\/2 terms\)/);
  });

  it('finds neighbours of a chunk, not the chunk itself', () => {
    const source = corpus.chunkAt(corpus.fileByPath.get('src/config/parse.ts')!.id, 8);
    expect(where(source)).toBe('src/config/parse.ts:parseConfig');
    const hits = index.search(plan({ intent: 'find_similar', similarToChunk: source }), 5);
    expect(hits.map((h) => h.chunkId)).not.toContain(source);
    expect(hits.map((h) => where(h.chunkId))).toContain('src/config/parse.ts:parseConfigFile');
  });
});

describe("understand_code: a phrase's reading", () => {
  it('matches a word by the reading of its phrase ("the number of": `count`), as that word', async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: ['typescript'] });
    const nodes = buildCorpus(
      [
        {
          path: 'src/nodes.ts',
          text: `export class NodeDatabase {
  getProcedures() {
    return this.procedures;
  }
  getProcedureCount() {
    return this.procedures.length;
  }
  formatNumber(n) {
    return String(n);
  }
}
`,
        },
      ],
      analyzer,
    );
    const structural = StructuralIndex.build(nodes);
    const name = (id: number) => nodes.chunks[id].symbol;
    const raw = 'Returns the number of procedures';
    const terms = ['returns', 'number', 'procedures'];
    const read = plan({
      intent: 'understand_code',
      raw,
      terms,
      spellings: [{ code: 'phrase', word: 'number', token: 'count', weight: 0.7 }],
    });
    const hits = structural.search(read, 5);
    expect(name(hits[0].chunkId)).toBe('getProcedureCount');
    expect(hits[0].reason).toMatch(/matching .*count.*\(2\/3 terms\)/);
    // Unread, the count's name says no more of the question than its siblings.
    const unread = structural.search(plan({ intent: 'understand_code', raw, terms }), 5);
    expect(unread.find((h) => name(h.chunkId) === 'getProcedureCount')?.reason).toMatch(/\(1\/3 terms\)/);
  });
});

describe('lookup and definitionsNamed', () => {
  it('lists definitions named exactly, implementation first', () => {
    const named = index.definitionsNamed('parseConfig');
    expect(named.map((d) => [d.path, d.definition.kind, d.definition.signature])).toEqual([
      ['src/config/parse.ts', 'function', 'export function parseConfig(text: string): Config'],
      ['a.d.ts', 'function', 'export declare function parseConfig(text: string): unknown;'],
    ]);
    expect(corpus.chunks[named[0].chunkId].symbol).toBe('parseConfig');
    expect(index.definitionsNamed('nothing')).toEqual([]);
  });

  it('matches short prefixes for a symbol picker, filtered by kind', () => {
    const hits = index.lookup('pars');
    expect(hits.slice(0, 3).every((h) => h.definition.name.toLowerCase().startsWith('pars'))).toBe(true);
    expect(index.lookup('Load')[0]).toMatchObject({ path: 'src/config/parse.ts', match: 'case-insensitive' }); // method load
    expect(index.lookup('Load', { kind: 'class' })[0]).toMatchObject({ path: 'src/loader.ts', match: 'prefix' });
    expect(index.lookup('  ')).toEqual([]);
  });
});

describe('snapshot', () => {
  it('survives structured clone and answers the same', () => {
    const snapshot = structuredClone(index.serialize());
    const loaded = StructuralIndex.load(corpus, snapshot);
    for (const p of [
      plan({ intent: 'find_definition', identifiers: ['parseConfig'] }),
      plan({ intent: 'find_references', identifiers: ['parseConfig'] }),
      plan({ intent: 'understand_code', terms: ['reads', 'settings'] }),
    ])
      expect(loaded.search(p, 10)).toEqual(index.search(p, 10));
  });

  it('rebuilds when the snapshot belongs to another corpus', () => {
    const other = buildCorpus([FILES[0]], { analyze: (path) => corpus.fileByPath.get(path)!.analysis });
    const loaded = StructuralIndex.load(other, index.serialize());
    expect(loaded.definitionCount).toBe(other.files[0].analysis.definitions.length);
    expect(where(loaded.search(plan({ intent: 'find_definition', identifiers: ['parseConfig'] }), 1)[0].chunkId)).toBe(
      'src/config/parse.ts:parseConfig',
    );
  });
});

describe('path and declaration rules', () => {
  it("knows a Rust source file's own tests by their module, not by their path", () => {
    const rs = (more: { symbol?: string; definitionKind?: 'module' | 'function' | 'method'; container?: string }) => ({
      path: 'src/cargo/util/counter.rs',
      ...more,
    });
    expect(isInFileTest(rs({ symbol: 'counter', definitionKind: 'function', container: 'tests' }))).toBe(true);
    expect(isInFileTest(rs({ symbol: 'tests', definitionKind: 'module' }))).toBe(true);
    expect(isInFileTest(rs({ symbol: 'rate', definitionKind: 'method', container: 'MetricsCounter' }))).toBe(false);
    expect(isInFileTest(rs({}))).toBe(false);
    // Only Rust keeps its unit tests in a `tests` module of the source file.
    expect(isInFileTest({ path: 'src/app.py', symbol: 'run', definitionKind: 'function', container: 'tests' })).toBe(
      false,
    );
    expect(isTestChunk({ path: 'tests/cli.rs', symbol: 'run', definitionKind: 'function' })).toBe(true);
    expect(isTestChunk(rs({ symbol: 'rate', definitionKind: 'method', container: 'MetricsCounter' }))).toBe(false);
  });

  it('recognises test paths and declaration-only definitions', () => {
    expect(
      ['src/a.test.ts', 'tests/x.py', 'pkg/x_test.go', 'test_x.py', 'src/__tests__/a.js', 'FooTest.java'].every(
        isTestPath,
      ),
    ).toBe(true);
    expect(['src/testing.ts', 'src/contest.ts', 'latest/a.js'].some(isTestPath)).toBe(false);
    // A spec file where the language's test runners name them so (RSpec, Jasmine/Jest, busted) …
    expect(['lib/foo_spec.rb', 'src/a.spec.ts', 'src/a-spec.js', 'util_spec.lua'].every(isTestPath)).toBe(true);
    // … but in Rust and Go a `_spec` file is the library's own code about a spec (cargo's
    // `PackageIdSpec`, hcl's dynamic-block `expand_spec.go`).
    expect(['src/cargo/core/package_id_spec.rs', 'ext/dynblock/expand_spec.go'].some(isTestPath)).toBe(false);
    // Test support named so (pylint's testutils/, containerd's content/testsuite/) and Maven Surefire's Test*.java.
    expect(
      [
        'pylint/testutils/_run.py',
        'content/testsuite/testsuite.go',
        'bindings/java/TestX86.java',
        'pkg/test_helpers/a.rb',
      ].every(isTestPath),
    ).toBe(true);
    // phpunit's own TestSuite/ configuration classes and a Testing.java are the library's.
    expect(
      ['TextUI/XmlConfiguration/TestSuite/TestSuite.php', 'src/Testing.java', 'lib/contests/a.py'].some(isTestPath),
    ).toBe(false);
    const def = {
      name: 'f',
      kind: 'function' as const,
      signature: 'function f()',
      startLine: 1,
      endLine: 1,
      nameLine: 1,
    };
    expect(isDeclarationOnly('x.d.ts', def)).toBe(true);
    expect(isDeclarationOnly('x.ts', def)).toBe(false);
    expect(isDeclarationOnly('x.ts', { ...def, signature: 'function f();' })).toBe(true);
  });
});

describe('find_definition: a class and its constructor of the same name', () => {
  // Armadillo 11.4 (Apache-2.0): running_stat_bones.hpp declares the class, running_stat_meat.hpp
  // defines its members out of line, the constructor among them.
  const ARMA: SourceFile[] = [
    {
      path: 'armadillo_bits/running_stat_bones.hpp',
      text: [
        'template<typename eT>',
        'class running_stat',
        '  {',
        '  public:',
        '  ',
        '  typedef typename get_pod_type<eT>::result T;',
        '  ',
        '  inline ~running_stat();',
        '  inline  running_stat();',
        '  ',
        '  inline void operator() (const T sample);',
        '  inline void reset();',
        '  ',
        '  private:',
        '  ',
        '  arma_aligned arma_counter<T> counter;',
        '  };',
        '',
      ].join('\n'),
    },
    {
      path: 'armadillo_bits/running_stat_meat.hpp',
      text: [
        'template<typename eT>',
        'inline',
        'running_stat<eT>::running_stat()',
        '  : r_mean      (          eT(0))',
        '  , r_var       (typename running_stat<eT>::T(0))',
        '  , min_val     (typename running_stat<eT>::T(0))',
        '  {',
        '  arma_extra_debug_sigprint_this(this);',
        '  }',
        '',
        'template<typename eT>',
        'inline',
        'void',
        'running_stat<eT>::reset()',
        '  {',
        '  arma_extra_debug_sigprint();',
        '  ',
        '  counter.reset();',
        '  }',
        '',
      ].join('\n'),
    },
    // A function named as no class of the corpus: its own answer.
    { path: 'lib/stat.cpp', text: 'int stat_value(int x)\n{\n  return x;\n}\n' },
  ];

  it('answers with the class: the constructor is part of it', async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: ['cpp'] });
    const arma = buildCorpus(ARMA, analyzer);
    const found = StructuralIndex.build(arma).search(
      plan({ intent: 'find_definition', identifiers: ['running_stat'] }),
      20,
    );
    const shown = found.map((h) => `${arma.chunks[h.chunkId].path}:${arma.chunks[h.chunkId].startLine}`);
    expect(shown).toEqual(['armadillo_bits/running_stat_bones.hpp:1']);
    const alone = StructuralIndex.build(arma).search(plan({ intent: 'find_definition', identifiers: ['reset'] }), 20);
    expect(alone.map((h) => arma.chunks[h.chunkId].path)).toEqual(['armadillo_bits/running_stat_meat.hpp']);
  });
});
