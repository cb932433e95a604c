import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../bench/eval/rng';
import { typedViews } from './model-pairs';
import { buildVocabulary, encodeWithoutSpecials, preTokenize } from './model-tokenizer';
import { encodeBag, mineNeighbours, minedGroups, modelScorer, type ModelWeights } from './model-train';

/** One Go package's pairs, as model-mine gives them: three families of functions that share words. */
const PAIRS = [
  {
    name: 'ParseHTTPDate',
    query: 'ParseHTTPDate parses a date from an HTTP header value in any of the three formats.',
    code: 'func ParseHTTPDate(value string) (time.Time, error) {\n\tfor _, layout := range httpDateLayouts {\n\t\tif t, err := time.Parse(layout, value); err == nil {\n\t\t\treturn t, nil\n\t\t}\n\t}\n\treturn time.Time{}, errBadDate\n}',
  },
  {
    name: 'FormatHTTPDate',
    query: 'FormatHTTPDate formats a time as an HTTP date in UTC.',
    code: 'func FormatHTTPDate(t time.Time) string {\n\treturn t.UTC().Format(httpDateLayouts[0])\n}',
  },
  {
    name: 'HTTPDateExpired',
    query: 'HTTPDateExpired reports whether the HTTP date has passed.',
    code: 'func HTTPDateExpired(value string, now time.Time) bool {\n\tt, err := ParseHTTPDate(value)\n\treturn err == nil && t.Before(now)\n}',
  },
  {
    name: 'NewRing',
    query: 'NewRing creates a ring buffer with n slots.',
    code: 'func NewRing(n int) *Ring {\n\treturn &Ring{slots: make([]any, n)}\n}',
  },
  {
    name: 'Push',
    query: 'Push appends an item to the ring, overwriting the oldest slot when full.',
    code: 'func (r *Ring) Push(item any) {\n\tr.slots[r.head%len(r.slots)] = item\n\tr.head++\n}',
  },
  {
    name: 'Pop',
    query: 'Pop removes the oldest item of the ring.',
    code: 'func (r *Ring) Pop() any {\n\titem := r.slots[r.tail%len(r.slots)]\n\tr.tail++\n\treturn item\n}',
  },
  {
    name: 'ParseCookie',
    query: 'ParseCookie reads a cookie name and value from a Set-Cookie line.',
    code: 'func ParseCookie(line string) (*Cookie, error) {\n\tname, value, ok := strings.Cut(line, "=")\n\tif !ok || !validCookieName(name) {\n\t\treturn nil, errBadCookie\n\t}\n\treturn &Cookie{Name: name, Value: value}, nil\n}',
  },
  {
    name: 'validCookieName',
    query: 'validCookieName reports whether name is a valid cookie name.',
    code: 'func validCookieName(name string) bool {\n\treturn name != "" && !strings.ContainsAny(name, cookieSeparators)\n}',
  },
  {
    name: 'String',
    query: 'String returns the cookie as a Cookie header line.',
    code: 'func (c *Cookie) String() string {\n\treturn c.Name + "=" + c.Value\n}',
  },
  // The same function copied into a second file: it answers ParseHTTPDate's question too.
  {
    name: 'ParseHTTPDate',
    query: 'Parses the date of an HTTP header.',
    code: 'func ParseHTTPDate(value string) (time.Time, error) {\n\tfor _, layout := range httpDateLayouts {\n\t\tif t, err := time.Parse(layout, value); err == nil {\n\t\t\treturn t, nil\n\t\t}\n\t}\n\treturn time.Time{}, errBadDate\n}',
  },
];

const FAMILIES = [
  ['ParseHTTPDate', 'FormatHTTPDate', 'HTTPDateExpired'],
  ['NewRing', 'Push', 'Pop'],
  ['ParseCookie', 'validCookieName', 'String'],
];

const words = [...new Set(PAIRS.flatMap((p) => preTokenize(`${p.query} ${p.code}`)))];
const vocab = new Map(buildVocabulary(words).map((t, i) => [t, i]));
const encode = (text: string) => encodeWithoutSpecials(text, vocab);
const keywordsOf = (query: string) => typedViews(query, 'go').find((v) => v.kind === 'keywords')?.text;

const questionsOf = (pairs: typeof PAIRS) =>
  pairs.map((p) => {
    const k = keywordsOf(p.query);
    return [encode(p.query), ...(k ? [encode(k)] : [])];
  });

function mine(pairs: typeof PAIRS, perQuestion: number, model?: ModelWeights) {
  const codes = pairs.map((p) => encode(p.code));
  return mineNeighbours(codes, questionsOf(pairs), perQuestion, model ? modelScorer(model, codes) : undefined);
}

/** A model whose vectors are its tokens one-hot, with these side weights: it scores by the words shared. */
function oneHotModel(weight: (token: number, side: 0 | 1) => number): ModelWeights {
  const V = vocab.size;
  const table = new Float32Array(V * V);
  for (let t = 0; t < V; t++) table[t * V + t] = 1;
  const sideWeights = new Float32Array(2 * V);
  for (let t = 0; t < V; t++) for (const side of [0, 1] as const) sideWeights[side * V + t] = weight(t, side);
  return { vocabSize: V, dimensions: V, table, sideWeights };
}

describe('BM25-mined hard negatives (FOURFOLD_MODEL_NEGATIVES=bm25)', () => {
  it("ranks first the functions that share the question's words, never a copy of its answer", () => {
    const near = mine(PAIRS, 2);
    const names = near[0].map((k) => PAIRS[k].name);
    expect(names.slice(0, 2).sort()).toEqual(['FormatHTTPDate', 'HTTPDateExpired']);
    // The copy has the same code: a right answer, so no negative.
    expect(near[0]).not.toContain(9);
    expect(near[9]).not.toContain(0);
    expect(near[3].map((k) => PAIRS[k].name).sort()).toEqual(['Pop', 'Push']);
  });

  it('groups each function with its lexical near-misses, whatever the shuffle, each pair once', () => {
    const pairs = PAIRS.slice(0, 9);
    const near = mine(pairs, 2);
    const families = FAMILIES.map((f) => [...f].sort());
    for (let seed = 1; seed <= 12; seed++) {
      const groups = minedGroups(
        pairs.map((p) => p.name),
        near,
        new SeededRandom(seed),
        3,
      );
      expect(groups.flat().sort()).toEqual(pairs.map((p) => p.name).sort());
      expect(groups.map((g) => [...g].sort()).sort()).toEqual(families.sort());
    }
  });

  it('fills a group the neighbours cannot fill with the next pairs of the shuffle', () => {
    const groups = minedGroups(['a', 'b', 'c', 'd', 'e'], [[], [], [], [], []], new SeededRandom(7), 2);
    expect(groups.map((g) => g.length)).toEqual([2, 2, 1]);
    expect(groups.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe("negatives mined by a trained model's scores (FOURFOLD_MODEL_NEGATIVES=model)", () => {
  /** A model that has learned to ignore the words every Go function says and to read the rest. */
  const common = new Set(
    ['func', 'return', 'string', 'error', 'err', 'nil', 'any', 'the', 'a', 'an', 'of', 'in', 'is'].flatMap(encode),
  );
  const reader = oneHotModel((t) => (common.has(t) ? 0 : 1));

  it('takes the codes the model scores nearest to the question, by its query and document sides, never a copy of the answer', () => {
    const near = mine(PAIRS, 2, reader);
    // Each question's list, ranked by the model's cosine between the question and every other code.
    const codes = PAIRS.map((p) => encodeBag(reader, bag(encode(p.code)), 0).vector.slice());
    const ranked = (question: number[], self: number) => {
      const q = encodeBag(reader, bag(question), 1).vector;
      const score = (c: Float32Array) => c.reduce((s, x, d) => s + x * q[d], 0);
      return PAIRS.map((_, k) => k)
        .filter((k) => k !== self && PAIRS[k].code !== PAIRS[self].code)
        .sort((a, b) => score(codes[b]) - score(codes[a]) || a - b);
    };
    const questions = questionsOf(PAIRS);
    for (const self of [0, 3, 6]) {
      const lists = questions[self].map((q) => ranked(q, self).slice(0, 2));
      const expected: number[] = [];
      for (let r = 0; r < 2; r++) for (const l of lists) if (!expected.includes(l[r])) expected.push(l[r]);
      expect(near[self]).toEqual(expected);
    }
    expect(near[0]).not.toContain(9);
    expect(near[9]).not.toContain(0);
    expect(near[0].map((k) => PAIRS[k].name).sort()).toEqual(['FormatHTTPDate', 'HTTPDateExpired']);
  });

  it('follows the model where it departs from the words: it takes the functions it confuses', () => {
    // A model that reads the date family's own words (time, layout, HTTP, date) as nothing: it
    // cannot tell those functions apart from the rest, and ranks them no nearer than the others.
    const dateWords = new Set(['time', 'layout', 'layouts', 'http', 'date', 'parse', 'format'].flatMap(encode));
    const blind = oneHotModel((t) => (common.has(t) || dateWords.has(t) ? 0 : 1));
    const bm25 = mine(PAIRS.slice(0, 9), 2);
    const model = mine(PAIRS.slice(0, 9), 2, blind);
    expect(bm25[3].map((k) => PAIRS[k].name).sort()).toEqual(['Pop', 'Push']);
    expect(model[3].map((k) => PAIRS[k].name).sort()).toEqual(['Pop', 'Push']);
    // Its own words gone, ParseHTTPDate's question meets ParseCookie's "value": the
    // model confuses the two parsers, BM25 (which still reads "date" and "HTTP") does not.
    expect(model[0].map((k) => PAIRS[k].name)).toContain('ParseCookie');
    expect(bm25[0].map((k) => PAIRS[k].name)).not.toContain('ParseCookie');
  });
});

function bag(ids: number[]) {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return { ids: Int32Array.from(counts.keys()), counts: Float32Array.from(counts.values()) };
}
