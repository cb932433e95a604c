import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { entriesByRow, rowOffsets } from './csr';

/** The naive grouping the counting sort replaces: per row, its entries' indexes in arrival order. */
function rowsByLists(keys: readonly number[], rows: number): number[][] {
  const lists: number[][] = Array.from({ length: rows }, () => []);
  keys.forEach((key, i) => lists[key].push(i));
  return lists;
}

/** Row keys (each below `rows`), with `rows` from 0 up: empty rows and empty inputs included. */
const keyedEntries = fc
  .nat(12)
  .chain((rows) =>
    fc.tuple(fc.constant(rows), rows === 0 ? fc.constant([]) : fc.array(fc.nat(rows - 1), { maxLength: 80 })),
  );

describe('rowOffsets and entriesByRow', () => {
  it('group entries by row as lists of lists would, keeping arrival order within a row', () => {
    fc.assert(
      fc.property(keyedEntries, ([rows, keys]) => {
        const offsets = rowOffsets(Int32Array.from(keys), keys.length, rows);
        const entries = entriesByRow(Int32Array.from(keys), keys.length, offsets);
        const lists = rowsByLists(keys, rows);
        expect(offsets.length).toBe(rows + 1);
        expect(offsets[0]).toBe(0);
        expect(offsets[rows]).toBe(keys.length);
        for (let r = 0; r < rows; r++)
          expect(Array.from(entries.subarray(offsets[r], offsets[r + 1]))).toEqual(lists[r]);
      }),
    );
  });

  it('reads only the first `count` keys of a longer backing array', () => {
    const backing = Int32Array.from([2, 0, 2, 1, /* past count: */ 0, 0, 0]);
    const offsets = rowOffsets(backing, 4, 4);
    expect(Array.from(offsets)).toEqual([0, 1, 2, 4, 4]);
    expect(Array.from(entriesByRow(backing, 4, offsets))).toEqual([1, 3, 0, 2]);
  });
});
