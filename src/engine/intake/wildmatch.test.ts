import { describe, expect, it } from 'vitest';
import { wildmatch, WM_PATHNAME } from './wildmatch';
import { GIT_WILDMATCH_CASES } from './wildmatch.git-cases';

describe("wildmatch agrees with git's own test table (t3070-wildmatch.sh)", () => {
  it.each(GIT_WILDMATCH_CASES)('text %j pattern %j → wildmatch %s, pathmatch %s', (text, pattern, glob, pathmatch) => {
    expect(wildmatch(pattern, text, WM_PATHNAME)).toBe(glob);
    expect(wildmatch(pattern, text, 0)).toBe(pathmatch);
  });
});
