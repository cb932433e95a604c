import { describe, expect, it } from 'vitest';
import { escapeRegExp } from './escape';

describe('escapeRegExp', () => {
  it('makes a pattern that matches the text literally, and only it', () => {
    for (const text of ['a.b', 'x*y+z?', '^$', '{1,2}', '(a|b)', '[a-z]', 'back\\slash', 'a/b-c', 'plain']) {
      const exact = new RegExp(`^${escapeRegExp(text)}$`);
      expect(exact.test(text), text).toBe(true);
      expect(new RegExp(`^${escapeRegExp(text)}$`, 'u').test(text), text).toBe(true);
    }
    expect(new RegExp(escapeRegExp('a.b')).test('axb')).toBe(false);
  });
});
