/**
 * int8 document vectors, stored beside the sign bits to rescore Hamming candidates.
 *
 * Each vector is scaled so its largest component is ±127 and rounded. The scale is not
 * stored: rescoring uses the cosine between the float query and the int8 vector, in which the
 * scale cancels (cos(q, s·v) = cos(q, v)). 256 dimensions cost 256 bytes per chunk.
 */

/** Rounds a float vector to int8 with the largest magnitude at ±127; zeros (or non-finite input) give zeros. */
export function quantizeInt8(values: ArrayLike<number>): Int8Array {
  let max = 0;
  for (let i = 0; i < values.length; i++) {
    const a = Math.abs(values[i]);
    if (a > max) max = a;
  }
  const out = new Int8Array(values.length);
  if (!(max > 0) || !Number.isFinite(max)) return out;
  const scale = 127 / max;
  for (let i = 0; i < values.length; i++) out[i] = Math.round(values[i] * scale);
  return out;
}

/**
 * Cosine between a float query and the int8 vector at `offset` of `data` (`dimensions` long).
 * 0 when either side is all zeros.
 */
export function cosineFloatInt8(query: Float32Array, data: Int8Array, offset: number, dimensions: number): number {
  let dot = 0;
  let qq = 0;
  let vv = 0;
  for (let i = 0; i < dimensions; i++) {
    const v = data[offset + i];
    const q = query[i];
    dot += q * v;
    qq += q * q;
    vv += v * v;
  }
  return qq > 0 && vv > 0 ? dot / Math.sqrt(qq * vv) : 0;
}
