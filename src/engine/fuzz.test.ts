/**
 * Hostile text through every front end that takes a user's string: the classifier, the query
 * planner, the query syntax parser, the regex front end, literal and regex grep, and a whole
 * Engine.search. Random
 * Unicode, lone surrogates, NUL, regex metacharacters and 100,000-character strings, from a
 * fixed seed: no exception escapes except the typed regex errors, and every call returns.
 * That it returns is bounded by construction (linear-time regex, capped pattern length and
 * program size, capped lines), so nothing here measures time.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR, readSourceTree } from '../../e2e/fixture-files';
import { classify, planQuery } from './classify';
import { fileFilter, parseQuery } from './query-syntax';
import { INTENTS } from './contract';
import { Engine } from './engine';
import { GrepSearcher } from './text/grep';
import { compileRegex, InvalidRegex, RegexRejected } from './text/regex';
import { TrigramIndex } from './text/trigrams';
import { engineOver } from '../../test/support/engine';

const SEED = 20261130;
/** Inputs per property; the figure docs/RELIABILITY.md reports is the sum over this file. */
export const RUNS = 400;

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const codeUnits = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 200 })
  .map((u) => String.fromCharCode(...u));
const metacharacters = fc
  .array(
    fc.constantFrom(
      ...'()[]{}*+?|\\^$.-:<>=!PQEpkx0123456789aAzZ'.split(''),
      '(?',
      '(?<',
      '\\Q',
      '[[:',
      '\\p{',
      '\\x{',
    ),
    { maxLength: 80 },
  )
  .map((p) => p.join(''));
const specials = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\udc00\ud800',
  '"',
  '""',
  '"\u0000"',
  'class ',
  'def \u0000',
  '/(a+)+$/',
  '\u202e',
  '\ufeff',
  '🤖'.repeat(10),
  // Found by this file: a run of capitals made the identifier splitter quadratic (tokens.ts).
  'A'.repeat(100_000),
  `who calls ${'X'.repeat(50_000)}Y`,
  `"${'a'.repeat(99_998)}"`,
);
/** 100,000 code units: a random piece repeated. */
const huge = fc
  .oneof(codeUnits, metacharacters, fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }))
  .map((piece) => {
    const unit = piece.length > 0 ? piece : 'x';
    return unit.repeat(Math.ceil(100_000 / unit.length)).slice(0, 100_000);
  });
const hostile = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  { weight: 3, arbitrary: codeUnits },
  { weight: 3, arbitrary: metacharacters },
  { weight: 1, arbitrary: specials },
  { weight: 1, arbitrary: huge },
);

/** Counts inputs tried, for the report's figure. */
let tried = 0;
const property = (check: (s: string) => void) =>
  fc.assert(
    fc.property(hostile, (s) => {
      tried++;
      check(s);
    }),
    { seed: SEED, numRuns: RUNS },
  );

function expectRegexOutcome(run: () => unknown): void {
  try {
    run();
  } catch (err) {
    expect(err instanceof InvalidRegex || err instanceof RegexRejected, String(err)).toBe(true);
    expect((err as Error).message.length).toBeLessThan(400); // the message quotes a shortened pattern
  }
}

const FILES = [
  { id: 0, text: 'export function parseConfig(text) {\n  return JSON.parse(text);\n}\n' },
  { id: 1, text: `${'a'.repeat(5000)}b\nStraße \u212aelvin ſ\n\u0000\ud800 lone\n` },
  { id: 2, text: '<script>alert(1)</script>\r\nclass Foo extends Bar {}\r\n' },
];
const GREP = new GrepSearcher(FILES, TrigramIndex.build(FILES));

describe('hostile strings', () => {
  it('the classifier returns an intent for any string', () => {
    property((s) => {
      const c = classify(s);
      expect(INTENTS).toContain(c.intent);
      expect(c.confidence).toBeGreaterThanOrEqual(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
      expect(typeof c.rule).toBe('string');
    });
  });

  it('the query planner returns a plan for any string', () => {
    property((s) => {
      const plan = planQuery(s);
      expect(plan.raw).toBe(s.trim());
      expect(Array.isArray(plan.identifiers) && Array.isArray(plan.terms)).toBe(true);
    });
  });

  it('the query syntax parser understands any string or says what it could not, and its filters answer any path', () => {
    property((s) => {
      const q = parseQuery(s);
      expect(typeof q.text).toBe('string');
      if (q.error !== undefined) expect(q.error.length).toBeGreaterThan(0);
      else {
        const accepts = fileFilter(q);
        for (const path of ['src/index.ts', s.slice(0, 200), '']) expect(typeof accepts(path)).toBe('boolean');
      }
    });
  });

  it('the regex front end compiles or names the problem, for any string in either case mode', () => {
    property((s) => {
      expectRegexOutcome(() => compileRegex(s, false));
      expectRegexOutcome(() => compileRegex(s, true));
    });
  });

  it('grep answers any literal, and any regex or a typed error', () => {
    property((s) => {
      const literal = GREP.searchLiteral(s, { caseSensitive: false, limit: 50 });
      expect(literal.filesVerified).toBeLessThanOrEqual(FILES.length);
      expectRegexOutcome(() => GREP.searchRegex(s, { caseSensitive: false, limit: 50 }));
    });
  });
});

describe('hostile queries through the whole engine', () => {
  let engine: Engine;
  beforeAll(async () => {
    const files = readSourceTree(join(FIXTURE_DIR, 'preact/src'), { topLevel: true });
    engine = await engineOver(files);
  });

  it('Engine.search answers any string on every preset', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostile,
        fc.constantFrom('quick', 'default', 'thorough') as fc.Arbitrary<'quick' | 'default' | 'thorough'>,
        async (s, preset) => {
          tried++;
          const r = await engine.search(s, { preset, limit: 5 });
          expect(r.results.length).toBeLessThanOrEqual(5);
          expect(INTENTS).toContain(r.query.intent);
        },
      ),
      { seed: SEED, numRuns: RUNS / 4 },
    );
  }, 120_000);

  it('tried every input it reports', () => {
    expect(tried).toBe(RUNS * 5 + RUNS / 4);
  });
});
