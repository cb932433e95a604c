import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../bench/eval/rng';
import { typedViews } from './model-pairs';
import { buildVocabulary, encodeWithoutSpecials, preTokenize } from './model-tokenizer';
import { mineNeighbours, minedGroups } from './model-train';

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

function mine(pairs: typeof PAIRS, perQuestion: number) {
  return mineNeighbours(
    pairs.map((p) => encode(p.code)),
    pairs.map((p) => {
      const k = keywordsOf(p.query);
      return [encode(p.query), ...(k ? [encode(k)] : [])];
    }),
    perQuestion,
  );
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
