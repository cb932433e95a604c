/**
 * The binary vectors kept as the bits of the int8 zeros: every word comes back as it was, for
 * rows whose zeros' bits are 0 or 1 and widths that are not a multiple of 32; kept bits of
 * another count are damage (null), never other bits. A stored index holds no `vectors` then,
 * and loads and answers as the index it was written from.
 */
import { describe, expect, it } from 'vitest';
import { packSigns, wordsFor } from './binary';
import { quantizeInt8 } from './int8';
import { signBitsFromInt8, zeroSignBits } from './sign-bits';

/** Rows of floats with values near 0 (int8 zeros) of both signs. */
function rows(count: number, dims: number, seed = 7): Float32Array[] {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  return Array.from({ length: count }, () => {
    const row = Float32Array.from({ length: dims }, () => next());
    // A few values within 1/254 of the largest: quantized to 0, with a sign of their own.
    for (let d = 0; d < dims; d += 5) row[d] = next() * 0.003;
    return row;
  });
}

function vectors(floats: Float32Array[], dims: number): { bits: Uint32Array; int8: Int8Array } {
  const words = wordsFor(dims);
  const bits = new Uint32Array(floats.length * words);
  const int8 = new Int8Array(floats.length * dims);
  floats.forEach((row, r) => {
    bits.set(packSigns(row), r * words);
    int8.set(quantizeInt8(row), r * dims);
  });
  return { bits, int8 };
}

describe('binary vectors kept as the int8 zeros’ bits', () => {
  for (const dims of [256, 40]) {
    it(`gives every word back (${dims} dimensions)`, () => {
      const { bits, int8 } = vectors(rows(50, dims), dims);
      const zeros = int8.filter((v) => v === 0).length;
      expect(zeros).toBeGreaterThan(50);
      // Some zeros stand for a positive float, so the int8 signs alone would not do.
      expect([...signBitsFromInt8(int8, dims, new Uint8Array(Math.ceil(zeros / 8)))!]).not.toEqual([...bits]);
      const kept = zeroSignBits(bits, int8, dims);
      expect(kept.length).toBe(Math.ceil(zeros / 8));
      expect(kept.length * 4).toBeLessThan(bits.byteLength);
      expect([...signBitsFromInt8(int8, dims, kept)!]).toEqual([...bits]);
    });
  }

  it('kept bits of another count are damage', () => {
    const { bits, int8 } = vectors(rows(20, 256), 256);
    const kept = zeroSignBits(bits, int8, 256);
    expect(signBitsFromInt8(int8, 256, kept.subarray(1))).toBeNull();
    expect(signBitsFromInt8(int8, 256, new Uint8Array(kept.length + 1))).toBeNull();
    expect(signBitsFromInt8(int8.subarray(1), 256, kept)).toBeNull();
  });
});
