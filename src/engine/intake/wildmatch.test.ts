import { describe, expect, it } from 'vitest';
import { wildmatch, WM_PATHNAME } from './wildmatch';
import { GIT_WILDMATCH_CASES } from '../../../test/support/wildmatch-git-cases';

describe("wildmatch agrees with git's own test table (t3070-wildmatch.sh)", () => {
  it.each(GIT_WILDMATCH_CASES)('text %j pattern %j → wildmatch %s, pathmatch %s', (text, pattern, glob, pathmatch) => {
    expect(wildmatch(pattern, text, WM_PATHNAME)).toBe(glob);
    expect(wildmatch(pattern, text, 0)).toBe(pathmatch);
  });
});

describe('wildmatch on hostile patterns', () => {
  const deep = Array.from({ length: 40 }, (_, i) => `d${i}`).join('/');
  const starStars = `${'**/'.repeat(20)}z`;

  it('matches nested ** in polynomial time, with the answers git gives', () => {
    const t0 = performance.now();
    expect(wildmatch(starStars, `${deep}/y`, WM_PATHNAME)).toBe(false);
    expect(wildmatch(starStars, `${deep}/z`, WM_PATHNAME)).toBe(true);
    expect(wildmatch(`${'**/a*/'.repeat(12)}z`, `${'a/'.repeat(40)}y`, WM_PATHNAME)).toBe(false);
    expect(wildmatch(`${'*a'.repeat(30)}b`, 'a'.repeat(200), 0)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('bounds the work of one match: a pattern past the budget does not match, and returns', () => {
    const t0 = performance.now();
    expect(wildmatch(`${'*a'.repeat(3000)}b`, 'a'.repeat(4000), 0)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
