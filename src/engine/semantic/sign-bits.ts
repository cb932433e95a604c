/**
 * The binary vectors stored as what the int8 vectors do not already say. A row's bits are its
 * float vector's signs (packSigns) and its int8 row is the same floats rounded (quantizeInt8),
 * so wherever an int8 value is not 0 its sign is the bit. Only where it rounded to 0 (a float
 * within 1/254 of the row's largest) is the bit unknown: those bits are kept, one per zero, in
 * row order. Those are a small share of the values, so the index stores a small share of the
 * bits' bytes, and a load rebuilds the words exactly (a snapshot whose bits would not come back
 * exactly keeps them whole: SemanticIndex.serialize).
 */
import { wordsFor } from './binary';

/** One bit per int8 value of 0, in row order: the binary vectors' bit at that place (bit k of the result is byte k >> 3, bit k & 7). */
export function zeroSignBits(bits: Uint32Array, int8: Int8Array, dimensions: number): Uint8Array {
  const words = wordsFor(dimensions);
  const rows = int8.length / dimensions;
  let zeros = 0;
  for (let i = 0; i < int8.length; i++) if (int8[i] === 0) zeros++;
  const out = new Uint8Array(Math.ceil(zeros / 8));
  let k = 0;
  for (let r = 0; r < rows; r++)
    for (let d = 0; d < dimensions; d++) {
      if (int8[r * dimensions + d] !== 0) continue;
      if ((bits[r * words + (d >> 5)] >>> (31 - (d & 31))) & 1) out[k >> 3] |= 1 << (k & 7);
      k++;
    }
  return out;
}

/**
 * The binary vectors again: each int8 value's sign, the kept bit where it is 0. Null when
 * `zeroSigns` does not hold one bit per zero (a damaged record: the index is rebuilt).
 */
export function signBitsFromInt8(int8: Int8Array, dimensions: number, zeroSigns: Uint8Array): Uint32Array | null {
  if (!(dimensions > 0) || int8.length % dimensions !== 0) return null;
  const words = wordsFor(dimensions);
  const rows = int8.length / dimensions;
  const out = new Uint32Array(rows * words);
  // On a reload's path (every row, before the first semantic answer): one pass, branch-light.
  let k = 0;
  let at = 0;
  for (let r = 0; r < rows; r++) {
    for (let w = 0; w < words; w++) {
      const n = w + 1 < words ? 32 : dimensions - 32 * w;
      let word = 0;
      for (let j = 0; j < n; j++) {
        const v = int8[at++];
        // 1 for v > 0, without a branch (signs are as often + as −, a branch mispredicts half of them).
        word |= (-v >>> 31) << (31 - j);
        if (v === 0) {
          if ((zeroSigns[k >> 3] >>> (k & 7)) & 1) word |= 1 << (31 - j);
          k++;
        }
      }
      out[r * words + w] = word;
    }
  }
  // Every kept bit used, and no more bytes than they need.
  return zeroSigns.length === Math.ceil(k / 8) ? out : null;
}
