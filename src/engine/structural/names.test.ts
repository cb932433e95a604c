import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitIdentifier } from '../tokens';
import { boundedEditDistance, maxFuzzyEdits, NAME_MATCH_SCORE, NameIndex, squashed } from './names';

const NAMES = [
  'parseConfig',
  'ParseConfig',
  'parse_config',
  'parseConfigFile',
  'configParser',
  'parseCfg',
  'parseConfg',
  'pars',
  'loadUser',
  'loadUsr',
  'lodUser',
];
const index = new NameIndex(NAMES);
const matches = (text: string | null, tokens: string[]) =>
  Object.fromEntries(
    index
      .match({ text, tokens })
      .sort((a, b) => b.score - a.score)
      .map((m) => [NAMES[m.nameId], m.kind]),
  );

describe('NameIndex', () => {
  it('classifies each name by its best match', () => {
    expect(matches('parseConfig', ['parse', 'config'])).toEqual({
      parseConfig: 'exact',
      ParseConfig: 'case-insensitive',
      parse_config: 'sub-tokens',
      parseConfigFile: 'all-sub-tokens',
      configParser: 'partial', // shares "config"; "parser" is not the token "parse"
      parseCfg: 'partial',
      parseConfg: 'fuzzy',
    }); // "pars" shares no token and is no prefix of the query
  });

  it('matchPrecise gives exactly the precise matches of match, without the near misses', () => {
    const names = [
      ...NAMES,
      'Parse__Config',
      'parse-config',
      'PARSECONFIG',
      'parseconfig',
      'xml_http',
      'XMLHttp',
      '$',
      '_',
    ];
    const both = new NameIndex(names);
    const precise = new Set(['exact', 'case-insensitive', 'sub-tokens']);
    const queries = [
      { text: 'parseConfig', tokens: ['parse', 'config'] },
      { text: 'parseconfig', tokens: ['parseconfig'] },
      { text: 'XMLHttp', tokens: ['xml', 'http'] },
      { text: null, tokens: ['parse', 'config'] },
      { text: 'loadUsr', tokens: ['load', 'usr'] },
      { text: '$', tokens: [] },
      { text: 'nothing', tokens: ['nothing'] },
    ];
    const byName = (ms: { nameId: number; kind: string; score: number }[]) =>
      Object.fromEntries(ms.map((m) => [names[m.nameId], [m.kind, m.score]]));
    for (const q of queries)
      expect(byName(both.matchPrecise(q))).toEqual(byName(both.match(q).filter((m) => precise.has(m.kind))));
    expect(byName(both.matchPrecise(queries[0]))).toMatchObject({
      parseConfig: ['exact', 100],
      ParseConfig: ['case-insensitive', 90],
      parse_config: ['sub-tokens', 80],
      'parse-config': ['sub-tokens', 80],
    });
  });

  it('squashes a name to its sub-tokens joined, on any string', () => {
    const alphabet = fc.constantFrom(...'aAbBzZ019_$-. \u00e9\u65e5\ud83dK\u212a'.split(''));
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 24 }).map((cs) => cs.join('')),
        (name) => squashed(name) === splitIdentifier(name).join(''),
      ),
    );
    expect(squashed('XMLHttp_Request2')).toBe('xmlhttprequest2');
  });

  it('scores tiers strictly in order', () => {
    const order = ['exact', 'case-insensitive', 'sub-tokens', 'all-sub-tokens', 'prefix', 'fuzzy', 'partial'] as const;
    for (let i = 1; i < order.length; i++)
      expect(NAME_MATCH_SCORE[order[i - 1]]).toBeGreaterThan(NAME_MATCH_SCORE[order[i]]);
  });

  it('allows 1 edit for names of 4–7 chars, 2 from 8, none below 4', () => {
    expect([3, 4, 7, 8, 20].map(maxFuzzyEdits)).toEqual([0, 1, 1, 2, 2]);
    expect(matches('loadUser', ['load', 'user'])).toMatchObject({
      loadUser: 'exact',
      loadUsr: 'fuzzy',
      lodUser: 'fuzzy',
    });
    const short = new NameIndex(['abcd', 'abce', 'abc', 'abd']);
    const hits = short.match({ text: 'abc', tokens: ['abc'] }).map((m) => short.names[m.nameId]);
    expect(hits.sort()).toEqual(['abc', 'abcd', 'abce']); // exact + prefixes; no fuzzy for 3 chars
  });

  it('finds prefixes only from PREFIX_MIN_LENGTH unless asked', () => {
    expect(index.match({ text: 'pa', tokens: ['pa'] })).toEqual([]);
    expect(index.match({ text: 'pa', tokens: ['pa'] }, { prefixMinLength: 1 }).length).toBe(7);
  });
});

describe('boundedEditDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps', () => {
    expect(boundedEditDistance('parse', 'parse', 2)).toBe(0);
    expect(boundedEditDistance('parse', 'pase', 2)).toBe(1);
    expect(boundedEditDistance('parse', 'parsed', 2)).toBe(1);
    expect(boundedEditDistance('parse', 'pxrse', 2)).toBe(1);
    expect(boundedEditDistance('parse', 'prase', 2)).toBe(1);
    expect(boundedEditDistance('kitten', 'sitting', 3)).toBe(3);
  });

  it('gives up past the bound', () => {
    expect(boundedEditDistance('kitten', 'sitting', 1)).toBe(2);
    expect(boundedEditDistance('a', 'abcdef', 2)).toBe(3);
  });
});
