import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseForms, irregularBase, regionalSpellings, splitIdentifier, subTokens } from './tokens';

describe('regionalSpellings', () => {
  it("gives a word's other national spelling: both ways for -our/-or and -ise/-ize, British to American for the rest", () => {
    expect(regionalSpellings('neighbour')).toEqual(['neighbor']);
    expect(regionalSpellings('Neighbours')).toEqual(['neighbors']);
    expect(regionalSpellings('behavior')).toEqual(['behaviour']);
    expect(regionalSpellings('recognise')).toEqual(['recognize']);
    expect(regionalSpellings('normalized')).toEqual(['normalised']);
    expect(regionalSpellings('organisation')).toEqual(['organization']);
    expect(regionalSpellings('analyse')).toEqual(['analyze']);
    expect(regionalSpellings('centres')).toEqual(['centers']);
    expect(regionalSpellings('catalogue')).toEqual(['catalog']);
    expect(regionalSpellings('licence')).toEqual(['license']);
    expect(regionalSpellings('modelling')).toEqual(['modeling']);
  });

  it('gives none for words that only look so: short ones, a stem too short, a doubled l of its own', () => {
    for (const w of [
      'four',
      'hour',
      'your',
      'floor',
      'door',
      'raise',
      'noise',
      'resize',
      'filter',
      'called',
      'filled',
      'fence',
    ])
      expect(regionalSpellings(w)).toEqual([]);
  });
});

describe('baseForms', () => {
  it('gives the uninflected candidates of English verb and plural forms', () => {
    expect(baseForms('composes')).toContain('compose');
    expect(baseForms('attaches')).toContain('attach');
    expect(baseForms('applies')).toEqual(['apply']);
    expect(baseForms('drafted')).toContain('draft');
    expect(baseForms('created')).toContain('create');
    expect(baseForms('cancelled')).toContain('cancel');
    expect(baseForms('copied')).toEqual(['copy']);
    expect(baseForms('tracking')).toContain('track');
    expect(baseForms('making')).toContain('make');
    expect(baseForms('running')).toContain('run');
    expect(baseForms('Listeners')).toContain('listener');
  });

  it("gives an irregular verb's base form for its past forms, apart from baseForms, and none for a past form that names a thing of its own", () => {
    expect(irregularBase('built')).toBe('build');
    expect(irregularBase('Found')).toBe('find');
    expect(irregularBase('written')).toBe('write');
    expect(irregularBase('fed')).toBe('feed');
    for (const w of ['left', 'bound', 'ground', 'meant', 'got', 'given', 'build', 'parsed'])
      expect(irregularBase(w)).toBeUndefined();
    // baseForms, which the lists read, keeps to the suffix rules
    expect(baseForms('built')).toEqual([]);
  });

  it('gives the adjective an adverb is made of', () => {
    expect(baseForms('lazily')).toEqual(['lazy']);
    expect(baseForms('temporarily')).toEqual(['temporary']);
    expect(baseForms('atomically')).toEqual(['atomic']);
    expect(baseForms('probably')).toEqual(['probable']);
    expect(baseForms('safely')).toEqual(['safe']);
    expect(baseForms('recursively')).toEqual(['recursive']);
    expect(baseForms('gracefully')).toEqual(['graceful']);
    // "-ply" is no adverb of its stem, and a short word is left alone
    expect(baseForms('multiply')).toEqual([]);
    expect(baseForms('supply')).toEqual([]);
    expect(baseForms('early')).toEqual([]);
  });

  it('leaves alone words that are not inflected that way, and never returns the word itself or a stub', () => {
    for (const w of ['class', 'status', 'axis', 'map', 'set', 'bus', 'string', 'sing'])
      expect(baseForms(w)).toEqual([]);
    for (const w of ['uses', 'needed', 'proxies', 'bring']) {
      expect(baseForms(w)).not.toContain(w);
      for (const b of baseForms(w)) expect(b.length).toBeGreaterThanOrEqual(3);
    }
  });
});

/** The definition splitIdentifier replaced (three regular expressions), kept as its specification. */
function splitByRegex(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((t) => t.length > 0)
    .map((t) => t.toLowerCase());
}

describe('splitIdentifier', () => {
  it.each([
    ['XMLHttpRequest2', ['xml', 'http', 'request', '2']],
    ['parseConfig', ['parse', 'config']],
    ['parse_config', ['parse', 'config']],
    ['PARSE_CONFIG', ['parse', 'config']],
    ['getHTTPResponse2XX', ['get', 'http', 'response', '2', 'xx']],
    ['utf8Decoder', ['utf', '8', 'decoder']],
    ['v2beta', ['v', '2beta']],
    ['$scope', ['scope']],
    ['café', ['caf']],
    ['', []],
    ['__proto__', ['proto']],
    ['ABC', ['abc']],
    ['ABCd', ['ab', 'cd']],
  ])('%s → %j', (identifier, expected) => {
    expect(splitIdentifier(identifier)).toEqual(expected);
    expect(splitByRegex(identifier)).toEqual(expected);
  });

  it('gives exactly what the regular expressions gave, on any string', () => {
    const alphabet = fc.constantFrom(...'aAbBzZ019_$-. é日\u00e9\ud83d'.split(''));
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 24 }).map((cs) => cs.join('')),
        (s) => {
          expect(splitIdentifier(s)).toEqual(splitByRegex(s));
        },
      ),
      { numRuns: 20_000, seed: 11 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), (s) => {
        expect(splitIdentifier(s)).toEqual(splitByRegex(s));
      }),
      { numRuns: 5_000, seed: 12 },
    );
  });

  it('splits words of free text the same way (subTokens)', () => {
    expect(subTokens('const parseArgs = (argv) => XMLHttpRequest2.open()')).toEqual([
      'const',
      'parse',
      'args',
      'argv',
      'xml',
      'http',
      'request',
      '2',
      'open',
    ]);
  });
});
