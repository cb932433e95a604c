import { describe, expect, it } from 'vitest';
import { compileRegex } from './regex';
import {
  TrigramIndex,
  TrigramIndexBuilder,
  caseFoldTable,
  foldCode,
  foldCase,
  formatQuery,
  literalQuery,
  type TrigramQuery,
  LIST_CHECKPOINT_EVERY,
} from './trigrams';

const FILES = [
  { id: 3, text: 'function parseConfig(path) { return JSON.parse(read(path)); }' },
  { id: 10, text: 'const ECONNREFUSED = "connection refused";\nthrow new Error(ECONNREFUSED);' },
  { id: 11, text: '<p class="note">Grüße aus Köln — ÄÖÜ</p>' },
  { id: 12, text: '' },
  { id: 13, text: 'ab' },
  { id: 700_000, text: 'export class ConfigParser { parse() {} }' },
];

/** Files whose folded text contains the folded string: what a candidate set must include. */
function containing(s: string): number[] {
  const f = foldCase(s);
  return FILES.filter((file) => foldCase(file.text).includes(f)).map((file) => file.id);
}

function asArray(c: Uint32Array | 'all'): number[] | 'all' {
  return c === 'all' ? 'all' : [...c];
}

/** The spec's Canonicalize of one code unit, one character at a time. */
function canonicalize(ch: number): number {
  const upper = ch >= 0xd800 && ch <= 0xdfff ? String.fromCharCode(ch) : String.fromCharCode(ch).toUpperCase();
  const cu = upper.charCodeAt(0);
  return upper.length !== 1 || (ch >= 128 && cu < 128) ? ch : cu;
}

describe('caseFoldTable', () => {
  // First in this file: the table starts empty, and foldCode fills it run by run, out of order.
  it('foldCode folds each code unit as the whole table does, whichever runs were filled before', () => {
    for (const ch of [0x212a, 0x17f, 0xe9, 0x61, 0xdf, 0xd800, 0x10ff, 0xffff])
      expect({ ch, folded: foldCode(ch) }).toEqual({ ch, folded: canonicalize(ch) });
    for (let ch = 0xffff; ch >= 0; ch--)
      if (foldCode(ch) !== canonicalize(ch))
        expect({ ch, folded: foldCode(ch) }).toEqual({ ch, folded: canonicalize(ch) });
  });

  it('foldCase folds a string as its code units one by one, ASCII or not', () => {
    const oneByOne = (text: string) =>
      String.fromCharCode(...text.split('').map((unit) => canonicalize(unit.charCodeAt(0))));
    for (const text of [
      '',
      'parseConfig(path) {\n\treturn 0x7f; }',
      'Köln straße ſ K ǅ',
      '\u{1F600} ascii',
      'a\ud800b',
    ])
      expect(foldCase(text)).toBe(oneByOne(text));
  });

  it("is the spec's Canonicalize of each code unit, taken one character at a time", () => {
    const table = caseFoldTable();
    for (let ch = 0; ch < 0x10000; ch++)
      if (table[ch] !== canonicalize(ch)) expect({ ch, folded: table[ch] }).toEqual({ ch, folded: canonicalize(ch) });
    expect([table[0x61], table[0xe9], table[0xdf], table[0x17f]]).toEqual([0x41, 0xc9, 0xdf, 0x17f]);
  });
});

describe('TrigramIndex', () => {
  const index = TrigramIndex.build(FILES);

  it('returns sorted posting lists of the files holding each case-folded trigram', () => {
    expect([...index.postingList('par')]).toEqual([3, 700_000]);
    expect([...index.postingList('PAR')]).toEqual([3, 700_000]);
    expect([...index.postingList('ÖLN')]).toEqual([11]);
    expect([...index.postingList('zzz')]).toEqual([]);
  });

  it('answers AND/OR queries with a superset of the files that contain the literal', () => {
    for (const literal of [
      'parseConfig',
      'PARSECONFIG',
      'econnrefused',
      'grüße',
      'GRÜSSE',
      'köln',
      'class',
      'ab',
      'x',
    ]) {
      const c = index.candidates(literalQuery(literal));
      const truth = containing(literal);
      if (literal.length < 3) expect(c).toBe('all');
      else for (const id of truth) expect([...(c as Uint32Array)]).toContain(id);
    }
    expect(asArray(index.candidates(literalQuery('parseConfig')))).toEqual([3]);
    const either: TrigramQuery = { op: 'or', args: [literalQuery('ECONNREFUSED'), literalQuery('ConfigParser')] };
    expect(asArray(index.candidates(either))).toEqual([10, 700_000]);
    expect(asArray(index.candidates({ op: 'or', args: [literalQuery('köln'), { op: 'all' }] }))).toBe('all');
    expect(asArray(index.candidates({ op: 'and', args: [literalQuery('köln'), { op: 'all' }] }))).toEqual([11]);
    expect(asArray(index.candidates({ op: 'none' }))).toEqual([]);
  });

  it('derives AND/OR queries from regexes', () => {
    expect(formatQuery(compileRegex('parse(Config|Json)', true).query)).toBe(
      '(("PAR" AND "ARS" AND "RSE" AND "SEC" AND "ECO" AND "CON" AND "ONF" AND "NFI" AND "FIG") OR ("PAR" AND "ARS" AND "RSE" AND "SEJ" AND "EJS" AND "JSO" AND "SON"))',
    );
    expect(formatQuery(compileRegex('foo.*bar', true).query)).toBe('("FOO" AND "BAR")');
    // Case-insensitive RE2 also matches the Kelvin sign for k (U+212A): the query keeps that spelling.
    expect(formatQuery(compileRegex('key', false).query)).toBe('("KEY" OR "\u212aEY")');
    expect(formatQuery(compileRegex('\\w+', true).query)).toBe('*');
    expect(asArray(index.candidates(compileRegex('connection\\s+refused|ConfigP', false).query))).toEqual([
      10, 700_000,
    ]);
  });

  it('round-trips through the serialized form with identical answers', () => {
    const snapshot = index.serialize();
    expect(snapshot.postings).toBeInstanceOf(Uint8Array);
    const loaded = TrigramIndex.load(structuredClone(snapshot));
    expect(loaded.trigramCount).toBe(index.trigramCount);
    expect(loaded.postingCount).toBe(index.postingCount);
    for (const literal of ['parseConfig', 'köln', 'class', 'refused', 'nothing here']) {
      expect(asArray(loaded.candidates(literalQuery(literal)))).toEqual(
        asArray(index.candidates(literalQuery(literal))),
      );
    }
    expect([...loaded.postingList('par')]).toEqual([3, 700_000]);
  });

  it('finds each list from the stored checkpoints, or by reading the lists when a snapshot has none', () => {
    const files = Array.from({ length: 400 }, (_, id) => ({ id, text: `fn${id.toString(36)}x${(id * 7919) % 1000}` }));
    const big = TrigramIndex.build(files);
    expect(big.trigramCount).toBeGreaterThan(3 * LIST_CHECKPOINT_EVERY);
    const s = big.serialize();
    expect(s.checkpoints).toHaveLength(Math.ceil(big.trigramCount / LIST_CHECKPOINT_EVERY));
    const withCheckpoints = TrigramIndex.load(structuredClone(s));
    const without = TrigramIndex.load({ ...structuredClone(s), checkpoints: undefined });
    const wrong = TrigramIndex.load({ ...structuredClone(s), checkpoints: new Uint32Array(1) });
    for (const f of files)
      for (let i = 0; i + 3 <= f.text.length; i++) {
        const trigram = f.text.slice(i, i + 3);
        const expected = [...big.postingList(trigram)];
        expect(expected).toContain(f.id);
        for (const loaded of [withCheckpoints, without, wrong])
          expect([...loaded.postingList(trigram)]).toEqual(expected);
      }
  });

  it('is compact: varint bytes well under 4 bytes per posting', () => {
    const files = Array.from({ length: 300 }, (_, id) => ({
      id,
      text: `export function handler${id}(request) { return respond(request, ${id}); }`,
    }));
    const big = TrigramIndex.build(files);
    const s = big.serialize();
    const bytes = s.keys.length + s.lengths.length + s.postings.length;
    expect(bytes / big.postingCount).toBeLessThan(1.6);
  });

  it('rejects duplicate file ids and reads files in any order', () => {
    expect(() =>
      TrigramIndex.build([
        { id: 1, text: 'abc' },
        { id: 1, text: 'abd' },
      ]),
    ).toThrow(/duplicate file id 1/);
    const shuffled = TrigramIndex.build([
      { id: 9, text: 'abcd' },
      { id: 2, text: 'xabc' },
    ]);
    expect([...shuffled.postingList('abc')]).toEqual([2, 9]);
  });

  it('rejects a snapshot of another version', () => {
    expect(() => TrigramIndex.load({ ...index.serialize(), version: 99 })).toThrow(/version 99/);
  });

  it('rejects a snapshot cut short, where its lengths or a list run past the bytes stored', () => {
    const s = index.serialize();
    expect(() => TrigramIndex.load({ ...s, lengths: s.lengths.subarray(0, s.lengths.length - 1) })).toThrow(
      /truncated/,
    );
    // The last list's final byte gone: found when that list is read, not at load.
    const cut = TrigramIndex.load({ ...s, postings: s.postings.subarray(0, s.postings.length - 1) });
    const trigrams = FILES.flatMap((f) =>
      Array.from({ length: Math.max(0, f.text.length - 2) }, (_, i) => f.text.slice(i, i + 3)),
    );
    expect(() => trigrams.forEach((t) => cut.postingList(t))).toThrow(/truncated/);
  });
});

describe('TrigramIndexBuilder', () => {
  it('built file by file as files arrive, it is the index TrigramIndex.build gives', () => {
    const texts = [
      'function parseConfig(a) {}',
      'const ÄÖÜ = "Grüße";',
      'x',
      '',
      'export class ConfigParser { parse() {} }',
    ];
    const builder = new TrigramIndexBuilder();
    texts.forEach((text, id) => builder.add(id, text));
    const built = builder.finish();
    expect(built.serialize()).toEqual(
      TrigramIndex.build(texts.map((text, id) => ({ id, text })).reverse()).serialize(),
    );
    expect(built.fileCount).toBe(texts.length);
  });

  it('a peek is the index of the files added so far, and the builder goes on to the whole index', () => {
    const texts = ['function parseConfig(a) {}', 'const ÄÖÜ = "Grüße";', 'export class ConfigParser {}', 'parse it'];
    const builder = new TrigramIndexBuilder();
    builder.add(0, texts[0]);
    builder.add(1, texts[1]);
    const peeked = builder.peek();
    builder.add(2, texts[2]);
    builder.add(3, texts[3]);
    const byBuild = (some: string[]) => TrigramIndex.build(some.map((text, id) => ({ id, text }))).serialize();
    expect(peeked.serialize()).toEqual(byBuild(texts.slice(0, 2)));
    expect(builder.peek().serialize()).toEqual(byBuild(texts));
    expect(builder.finish().serialize()).toEqual(byBuild(texts));
  });

  it('refuses ids out of order or twice', () => {
    const builder = new TrigramIndexBuilder();
    builder.add(3, 'abcd');
    expect(() => builder.add(3, 'abcd')).toThrow(/duplicate file id 3/);
    expect(() => builder.add(2, 'abcd')).toThrow(/must ascend/);
  });
});
