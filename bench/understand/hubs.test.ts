import { describe, expect, it } from 'vitest';
import { concentration, skewness } from './hubs';

describe('the semantic list’s concentration (hubs.ts)', () => {
  it('counts distinct first places, the most one chunk takes, and a hub above the answer', () => {
    // Chunk 7 is in every list's ten: a hub; it sits above the answer in the first two lists.
    const lists = [
      [7, 1, 2],
      [3, 7, 4],
      [5, 6, 8, 9, 10, 11, 12, 13, 14, 7],
    ];
    const c = concentration(lists, [2, 3, 1]);
    expect(c.distinct).toEqual([3, 8, 14]);
    expect(c.most).toEqual([1, 2, 3]);
    expect(c.hubs).toEqual([7]);
    expect(c.hubAboveAnswer).toBe(2);
  });

  it('finds no hub when no chunk is in a fifth of the lists and in at least three', () => {
    const c = concentration([[1], [1], [2], [3], [4], [5], [6], [7], [8], [9]], [null, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(c.hubs).toEqual([]);
    expect(c.hubAboveAnswer).toBe(0);
  });

  it('skewness: zero for a symmetric spread, large for one chunk taking most places', () => {
    expect(skewness([1, 2, 3])).toBeCloseTo(0);
    expect(skewness([10, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBeCloseTo(8 / 3);
  });
});
