/**
 * Building blocks for CSR (compressed sparse row) layouts: entries that each carry a row key
 * are grouped by row with a counting sort, so that row r's entries are
 * `offsets[r]..offsets[r + 1]` and keep their arrival order within the row.
 */

/**
 * Where each row starts: `keys[0..count)` are the entries' rows (integers in 0..rows-1), and
 * the result has `rows + 1` values, the last being `count`. `count` lets a growable column's
 * backing array, longer than its length, be passed as it is. Keys are an Int32Array at every
 * call: one array type keeps the element loads in these loops monomorphic (Uint32Array keys at
 * one call made every call about 20 % slower once optimized).
 */
export function rowOffsets(keys: Int32Array, count: number, rows: number): Int32Array {
  const offsets = new Int32Array(rows + 1);
  for (let i = 0; i < count; i++) offsets[keys[i] + 1]++;
  for (let r = 0; r < rows; r++) offsets[r + 1] += offsets[r];
  return offsets;
}

/** The entries' indexes grouped by row (`offsets` from `rowOffsets` over the same keys), ascending within each row. */
export function entriesByRow(keys: Int32Array, count: number, offsets: Int32Array): Int32Array {
  const cursor = offsets.slice(0, offsets.length - 1);
  const entries = new Int32Array(count);
  for (let i = 0; i < count; i++) entries[cursor[keys[i]]++] = i;
  return entries;
}
