import { describe, expect, it } from 'vitest';
import { byCodeUnits } from './code-unit-order';

describe('byCodeUnits', () => {
  it('orders as sort() with no comparator does: capitals first, not by locale', () => {
    const paths = ['src/b.ts', 'src/B.ts', 'src/a.ts', 'README.md', 'src/a.ts'];
    expect([...paths].sort(byCodeUnits)).toEqual([...paths].sort());
    expect([...paths].sort(byCodeUnits)).toEqual(['README.md', 'src/B.ts', 'src/a.ts', 'src/a.ts', 'src/b.ts']);
  });

  it('compares code units, not code points: a character past U+FFFF sorts before U+FF01', () => {
    // U+1F600 is the surrogate pair D83D DE00, below U+FF01 unit by unit.
    expect(byCodeUnits('\u{1F600}', '\uFF01')).toBe(-1);
    expect(byCodeUnits('\uFF01', '\u{1F600}')).toBe(1);
    expect(byCodeUnits('same', 'same')).toBe(0);
  });
});
