import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StringTable } from '../store/growable';
import { subTokens } from '../tokens';
import { TermCounts, WordTermTable } from './word-terms';

/** What a count must give: the term ids of `subTokens` (the regular expression and splitIdentifier), in first-seen order, with their frequencies. */
function expected(text: string, table: StringTable): [number, number][] {
  const counts = new Map<number, number>();
  for (const token of subTokens(text)) {
    const id = table.id(token);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts];
}

function counted(words: WordTermTable, counts: TermCounts, text: string, from: number, to: number): [number, number][] {
  words.count(text, from, to, counts);
  const out: [number, number][] = [];
  for (let k = 0; k < counts.size; k++) {
    const id = counts.touched[k];
    out.push([id, counts.frequency[id]]);
    counts.frequency[id] = 0;
  }
  counts.size = 0;
  return out;
}

/** A word table over a fresh vocabulary, and counts with room for every term id it makes. */
function termTables() {
  const table = new StringTable();
  const counts = new TermCounts();
  const words = new WordTermTable((token) => {
    const id = table.id(token);
    counts.reserve(id + 1);
    return id;
  });
  return { table, words, counts };
}

/** Code-like text: identifiers in every case style, digits, `_` and `$`, punctuation, non-ASCII letters and surrogate pairs. */
const codeText = fc
  .array(fc.constantFrom(...'aAbBzZ_$09 \n.(){}é€ﬀİ'.split(''), 'XMLHttp', 'parseConfig', 'v2', '𝒳'), { maxLength: 80 })
  .map((parts) => parts.join(''));

describe('WordTermTable', () => {
  it('counts exactly the sub-tokens the regular expressions give, in first-seen order, for any text and range', () => {
    const { table, words, counts } = termTables();
    fc.assert(
      fc.property(codeText, fc.nat(), fc.nat(), (text, a, b) => {
        const from = a % (text.length + 1);
        const to = from + (b % (text.length - from + 1));
        expect(counted(words, counts, text, from, to)).toEqual(expected(text.slice(from, to), table));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts the same after it starts over (more distinct words than it remembers), with term ids past its first arrays', () => {
    const { table, words, counts } = termTables();
    const text = Array.from({ length: 201_000 }, (_, i) => `w${i}`).join(' ');
    const want = expected(text, table);
    expect(table.values.length).toBeGreaterThan(200_000); // 'w' and every number
    expect(counted(words, counts, text, 0, text.length)).toEqual(want);
    expect(counted(words, counts, text, 0, text.length)).toEqual(want);
  });
});
