import { describe, expect, it } from 'vitest';
import { hashText, TEXT_HASH_LENGTH } from './hash';

describe('hashText', () => {
  it('is stable, fixed-length hex, and sensitive to every character', () => {
    expect(hashText('export const a = 1;\n')).toBe(hashText('export const a = 1;\n'));
    expect(hashText('')).toMatch(new RegExp(`^[0-9a-f]{${TEXT_HASH_LENGTH}}$`));
    expect(hashText('a')).not.toBe(hashText('b'));
    expect(hashText('ab')).not.toBe(hashText('ba'));
    expect(hashText('a')).not.toBe(hashText('a\0'));
    expect(hashText('é')).not.toBe(hashText('e\u0301'));
  });

  it('has no collisions over 200,000 near-identical texts', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200_000; i++) seen.add(hashText(`export const v${i} = ${i % 7};\n`));
    expect(seen.size).toBe(200_000);
  });
});
