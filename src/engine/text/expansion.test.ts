import { describe, expect, it } from 'vitest';
import type { QueryPlan } from '../contract';
import { planQuery } from '../classify';
import { EXPANSION_MAX_WORDS, EXPANSION_MIN_STRENGTH, EXPANSION_PER_WORD, EXPANSION_WEIGHT } from '../ranking';
import { corpusFromTexts } from '../structural/corpus';
import { expansionReason, LexicalExpansion, planExpansion, type ExpansionTable } from './expansion';
import { TextIndex } from './index';

const TABLE: ExpansionTable = {
  version: 1,
  pairs: 3,
  settings: {},
  words: {
    readable: [
      ['access', 0.6],
      ['mode', 0.4],
      ['perm', 0.05],
    ],
    retry: [
      ['backoff', 0.5],
      ['attempt', 0.5],
      ['delay', 0.45],
      ['sleep', 0.44],
    ],
    parse: [['token', 0.3]],
  },
};

function load(table: unknown = TABLE): LexicalExpansion {
  const loaded = LexicalExpansion.parse(JSON.stringify(table));
  if (!loaded.ok) throw new Error(loaded.rejection);
  return loaded.expansion;
}

describe('LexicalExpansion', () => {
  it('refuses another version or another shape, with a code', () => {
    expect(LexicalExpansion.parse(JSON.stringify({ ...TABLE, version: 2 }))).toEqual({
      ok: false,
      rejection: 'version',
    });
    expect(LexicalExpansion.parse('{"version":1,"words":{"a":[["b"]]}}')).toEqual({ ok: false, rejection: 'shape' });
    expect(LexicalExpansion.parse('not json')).toEqual({ ok: false, rejection: 'shape' });
    expect(LexicalExpansion.parse('[]')).toEqual({ ok: false, rejection: 'shape' });
  });

  it('reads what the table says of its model (pairs and held-out figures per language), and refuses a shape it cannot read', () => {
    const go = {
      pairs: 2155,
      semantic: 0.622,
      bm25: 0.378,
      keywordPairs: 2148,
      keywordSemantic: 0.453,
      keywordBm25: 0.399,
    };
    const measured = { pairs: 2155, packages: 30, languages: { go } };
    const table = { ...TABLE, model: 'fourfold-code-search', languages: { go: 31643, c: 2 }, measured };
    const read = LexicalExpansion.parse(JSON.stringify(table));
    if (!read.ok) throw new Error(read.rejection);
    expect(read.expansion.readings).toEqual({
      model: 'fourfold-code-search',
      pairs: new Map([
        ['go', 31643],
        ['c', 2],
      ]),
      measured: new Map([['go', go]]),
    });
    expect(read.expansion.withSettings(read.expansion.settings).readings).toBe(read.expansion.readings);
    // An older table (pairs, no figures) says nothing the gate reads.
    expect(load().readings).toBeNull();
    const counted = LexicalExpansion.parse(JSON.stringify({ ...TABLE, languages: { go: 31643 } }));
    expect(counted.ok && counted.expansion.readings).toBeNull();
    for (const bad of [
      { ...table, model: undefined },
      { ...table, languages: { go: 'many' } },
      { ...table, measured: { ...measured, languages: { go: { ...go, bm25: '0.4' } } } },
    ])
      expect(LexicalExpansion.parse(JSON.stringify(bad))).toEqual({ ok: false, rejection: 'shape' });
  });

  it("adds a word's strongest tokens at the weight × strength, never a weak one or a word of the question", () => {
    const e = load().withSettings({ weight: 0.5, minStrength: 0.1, perWord: 3, maxWords: 100 });
    expect(e.expand(['readable', 'mode'])).toEqual([
      { code: 'learned-expansion', word: 'readable', token: 'access', weight: 0.3 },
    ]);
    expect(e.expand(['retry']).map((x) => x.token)).toEqual(['backoff', 'attempt', 'delay']);
  });

  it('leaves a question of more content words than maxWords as it is', () => {
    const e = load().withSettings({ weight: 0.5, minStrength: 0.1, perWord: 3, maxWords: 2 });
    expect(e.expand(['retry', 'readable'])).toHaveLength(5);
    expect(e.expand(['retry', 'readable', 'parse'])).toEqual([]);
  });

  it('reads an inflected word through its base form, and names the word as the question says it', () => {
    expect(load().expand(['parses'])).toMatchObject([{ word: 'parses', token: 'token' }]);
  });

  it('serves only plain-words questions about behaviour', () => {
    const e = load();
    expect(planExpansion(planQuery('retry network request'), e).map((x) => x.token)).toContain('backoff');
    const exact: QueryPlan = { ...planQuery('retry network request'), intent: 'exact_match', literal: 'retry' };
    expect(planExpansion(exact, e)).toEqual([]);
    expect(planExpansion(planQuery('where is retryRequest defined'), e)).toEqual([]);
    expect(planExpansion(planQuery('retry network request'), null)).toEqual([]);
  });

  it('reads a table given on demand only for a question it serves', () => {
    const e = load();
    let reads = 0;
    const onDemand = () => (reads++, e);
    expect(planExpansion(planQuery('where is retryRequest defined'), onDemand)).toEqual([]);
    expect(reads).toBe(0);
    expect(planExpansion(planQuery('retry network request'), onDemand)).toEqual(
      planExpansion(planQuery('retry network request'), e),
    );
    expect(reads).toBe(1);
    expect(planExpansion(planQuery('retry network request'), () => null)).toEqual([]);
  });

  it('uses the ranking constants by default', () => {
    expect(load().settings).toEqual({
      weight: EXPANSION_WEIGHT,
      minStrength: EXPANSION_MIN_STRENGTH,
      perWord: EXPANSION_PER_WORD,
      maxWords: EXPANSION_MAX_WORDS,
    });
    expect(EXPANSION_WEIGHT).toBeGreaterThan(0);
    expect(EXPANSION_WEIGHT).toBeLessThanOrEqual(1);
  });
});

describe('the text index with an expansion', () => {
  const corpus = corpusFromTexts([
    { path: 'src/fs.py', text: 'def check_access(path, mode):\n    return os.access(path, mode)\n' },
    { path: 'src/other.py', text: 'def unrelated(x):\n    return x + 1\n' },
  ]);
  const index = TextIndex.build(corpus);
  const plan = planQuery('is the file readable');

  it('finds code that never says the word, and says which token stood for which word', () => {
    expect(index.search(plan, 10)).toEqual([]);
    const expansions = load().expand(plan.terms);
    const hits = index.search({ ...plan, expansions }, 10);
    expect(hits.map((h) => corpus.chunks[h.chunkId].path)).toEqual(['src/fs.py']);
    expect(hits[0].expanded).toMatchObject([
      { code: 'learned-expansion', word: 'readable', token: 'access' },
      { code: 'learned-expansion', word: 'readable', token: 'mode' },
    ]);
    expect(hits[0].reason).toContain("matched `access` for 'readable'");
  });

  it("counts an expansion below the word's own match", () => {
    const both = corpusFromTexts([
      { path: 'a.py', text: 'def readable(p):\n    return p\n' },
      { path: 'b.py', text: 'def access(p):\n    return p\n' },
    ]);
    const hits = TextIndex.build(both).search({ ...plan, expansions: load().expand(plan.terms) }, 10);
    expect(hits.map((h) => both.chunks[h.chunkId].path)).toEqual(['a.py', 'b.py']);
    expect(hits[0].expanded).toBeUndefined();
  });

  it('words the explanation from the typed matches', () => {
    expect(expansionReason(load().expand(['readable', 'retry']).slice(0, 2))).toBe(
      "matched `access` for 'readable', matched `mode` for 'readable'",
    );
  });
});
