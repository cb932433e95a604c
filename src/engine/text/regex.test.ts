import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { GrepSearcher, MAX_REGEX_LINE_LENGTH } from './grep';
import { caseInsensitiveForms, compileRegex, InvalidRegex, RegexRejected } from './regex';
import { caseFoldTable, TrigramIndex } from './trigrams';

/** Every BMP character with a case mapping in JavaScript. */
function casedCharacters(): number[] {
  const out: number[] = [];
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const s = String.fromCharCode(c);
    if (s.toUpperCase() !== s || s.toLowerCase() !== s) out.push(c);
  }
  return out;
}

describe('case folding', () => {
  it("covers RE2's case-fold orbit of every BMP character, in the index's folding", () => {
    const table = caseFoldTable();
    const cased = casedCharacters();
    const casedText = String.fromCharCode(...cased);
    // No character without a JavaScript case mapping folds to a cased one in RE2…
    const anyCased = RE2JS.compile(`[${cased.map((c) => `\\x{${c.toString(16)}}`).join('')}]`, RE2JS.CASE_INSENSITIVE);
    let uncased = '';
    for (let c = 0; c < 0x10000; c++)
      if (!(c >= 0xd800 && c <= 0xdfff) && !cased.includes(c)) uncased += String.fromCharCode(c);
    expect(anyCased.test(uncased)).toBe(false);
    // …and every cased character's RE2 matches are among the forms the trigram query allows.
    const missing: string[] = [];
    for (const c of cased) {
      const forms = caseInsensitiveForms(c);
      const m = RE2JS.compile(`\\x{${c.toString(16)}}`, RE2JS.CASE_INSENSITIVE).matcher(casedText);
      while (m.find()) {
        const folded = table[casedText.charCodeAt(m.start())];
        if (!forms.has(folded)) missing.push(`${String.fromCharCode(c)}→${String.fromCharCode(folded)}`);
      }
    }
    expect(missing).toEqual([]);
    expect(caseInsensitiveForms('k'.charCodeAt(0))).toEqual(new Set([0x4b, 0x212a])); // K and the Kelvin sign
  });
});

/** Lines as grep sees them. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/**
 * A small alphabet, so that random patterns often match random files, which exercises case
 * folding (k/K/K, s/S/ſ, ß/ẞ, é/É), astral characters, class syntax and CRLF.
 */
const CHARS = ['a', 'b', 'k', 'K', '\u212a', 's', 'S', 'ſ', 'ß', 'ẞ', 'é', 'É', '😀', ' ', '.', ']', '-', '\r'];
const char = fc.constantFrom(...CHARS);
const common = fc.constantFrom('a', 'b', 'a', 'b', 'k', 's', 'A', 'B');
const text = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: common },
      { weight: 3, arbitrary: char },
      { weight: 1, arbitrary: fc.constant('\n') },
    ),
    { maxLength: 200 },
  )
  .map((cs) => cs.join(''));

/** RE2 patterns from a grammar of the syntax the trigram parser models (and some it does not). */
const pattern: fc.Arbitrary<string> = fc.letrec<{ re: string; atom: string; piece: string; seq: string }>((tie) => ({
  atom: fc.oneof(
    { weight: 8, arbitrary: common.map((c) => RE2JS.quote(c)) },
    { weight: 3, arbitrary: char.map((c) => RE2JS.quote(c)) },
    fc.constantFrom(
      '.',
      '\\w',
      '\\s',
      '\\d',
      '\\pL',
      '\\p{Greek}',
      '[[:alpha:]]',
      '\\x{212a}',
      '\\x{1F600}',
      '\\Qa.b\\E',
      '\\b',
      '^',
      '$',
      '\\A',
      '\\z',
    ),
    fc
      .array(char, { minLength: 1, maxLength: 4 })
      .chain((cs) =>
        fc.constantFrom(
          `[${cs.map((c) => RE2JS.quote(c)).join('')}]`,
          `[^${cs.map((c) => RE2JS.quote(c)).join('')}]`,
          `[${RE2JS.quote(cs[0])}-z]`,
        ),
      ),
    fc.constantFrom('[]a]', '[a-c]', '[k-s]'),
    tie('re').map((r) => `(${r})`),
    tie('re').map((r) => `(?:${r})`),
    tie('re').map((r) => `(?i:${r})`),
    tie('re').map((r) => `(?P<g>${r})`),
    fc.constantFrom('(?<=a)', '(?<!b)', '(?i)'),
  ),
  piece: fc
    .tuple(tie('atom'), fc.constantFrom('', '', '', '*', '+', '?', '{2}', '{1,3}', '{2,}', '*?', '{,2}'))
    .map(([a, q]) => {
      // RE2 refuses a quantifier on nothing or on an assertion-only atom; keep those bare.
      if (q !== '' && /^(?:\^|\$|\\[bAz]|\(\?i\)|\(\?<[=!]\w\))$/.test(a)) return a;
      return a + q;
    }),
  seq: fc.array(tie('piece'), { minLength: 1, maxLength: 5 }).map((ps) => ps.join('')),
  re: fc.oneof(
    { weight: 3, arbitrary: tie('seq') },
    fc.tuple(tie('seq'), tie('seq')).map(([a, b]) => `${a}|${b}`),
  ),
})).re;

describe('regex search against a brute-force RE2 scan (property)', () => {
  it('finds exactly the matches RE2 finds line by line, for random patterns and files', () => {
    let compiled = 0;
    fc.assert(
      // One corpus per run (building an index allocates its key space), several patterns on it.
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(pattern, fc.boolean()), { minLength: 8, maxLength: 8 }),
        (texts, patterns) => {
          const files = texts.map((t, id) => ({ id, text: t }));
          const grep = new GrepSearcher(files, TrigramIndex.build(files));
          for (const [source, caseSensitive] of patterns) {
            let re: RE2JS;
            try {
              re = RE2JS.compile(source, RE2JS.LOOKBEHINDS | (caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE));
            } catch {
              expect(() => compileRegex(source, caseSensitive)).toThrow(InvalidRegex);
              continue;
            }
            compiled++;
            const found = grep
              .searchRegex(source, { caseSensitive, limit: 1_000_000, timeBudgetMs: Infinity })
              .matches.map((m) => `${m.fileId}:${m.line}:${m.column}:${m.length}`);
            const expected: string[] = [];
            for (const f of files)
              linesOf(f.text).forEach((line, i) => {
                const m = re.matcher(line.slice(0, MAX_REGEX_LINE_LENGTH));
                while (m.find()) expected.push(`${f.id}:${i + 1}:${m.start() + 1}:${m.end() - m.start()}`);
              });
            expect(found, `/${source}/ case-sensitive ${caseSensitive}`).toEqual(expected);
          }
        },
      ),
      { seed: 20261130, numRuns: 200 },
    );
    expect(compiled).toBeGreaterThan(1200); // of 1,600 patterns, the grammar mostly yields valid ones
  }, 120_000);

  it('gives every unsupported construct its own message', () => {
    expect(() => compileRegex('(a)\\1', false)).toThrow(RegexRejected);
    expect(() => compileRegex('x(?=y)', false)).toThrow(/lookahead/);
    expect(() => compileRegex('x'.repeat(1001), false)).toThrow(/1,001 characters long; the limit is 1,000/);
    expect(() => compileRegex('(?:.{1000}){10}', false)).toThrow(InvalidRegex); // RE2: repeat count too large
    expect(() => compileRegex('.{1000}.{1000}.{1000}', false)).toThrow(/instructions; the limit is 2,000/);
  });
});
