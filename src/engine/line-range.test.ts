import { describe, expect, it } from 'vitest';
import { holdsLine, holdsOther, holdsRange, overlap } from './line-range';

const r = (startLine: number, endLine: number) => ({ startLine, endLine });

describe('line ranges', () => {
  it('holds its first and last line and none outside them', () => {
    expect([9, 10, 15, 20, 21].map((line) => holdsLine(r(10, 20), line))).toEqual([false, true, true, true, false]);
  });

  it('holds a range within it, itself included, and not one reaching past either end', () => {
    expect(holdsRange(r(10, 20), r(12, 15))).toBe(true);
    expect(holdsRange(r(10, 20), r(10, 20))).toBe(true);
    expect(holdsRange(r(10, 20), r(9, 15))).toBe(false);
    expect(holdsRange(r(10, 20), r(15, 21))).toBe(false);
  });

  it('holds another range only when it has lines beside it', () => {
    expect(holdsOther(r(10, 20), r(10, 20))).toBe(false);
    expect(holdsOther(r(10, 20), r(10, 19))).toBe(true);
    expect(holdsOther(r(10, 20), r(11, 20))).toBe(true);
    expect(holdsOther(r(12, 15), r(10, 20))).toBe(false);
  });

  it('overlaps when one line is shared, in either order', () => {
    expect(overlap(r(10, 20), r(20, 30))).toBe(true);
    expect(overlap(r(20, 30), r(10, 20))).toBe(true);
    expect(overlap(r(10, 20), r(21, 30))).toBe(false);
    expect(overlap(r(10, 20), r(12, 13))).toBe(true);
  });
});
