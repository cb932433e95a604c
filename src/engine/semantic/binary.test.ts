import { Tensor, quantize_embeddings } from '@huggingface/transformers';
import { describe, expect, it } from 'vitest';
import {
  BinaryVectorIndex,
  bitAt,
  hamming,
  packSignedBinaryBytes,
  packSigns,
  packUbinaryBytes,
  popcount32,
  rescoreWithFloat,
  unpackToUbinaryBytes,
} from './binary';
import { cosineFloatInt8 } from './int8';

/** Deterministic pseudo-random words (xorshift32). */
function randomWords(n: number, seed: number): Uint32Array {
  const out = new Uint32Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x;
  }
  return out;
}

function randomFloats(n: number, seed: number): Float32Array {
  return Float32Array.from(randomWords(n, seed), (w) => w / 2 ** 31 - 1);
}

describe('bit packing', () => {
  it('matches transformers.js ubinary: first dimension is the high bit of word 0', () => {
    const dims = 64;
    const rows = [randomFloats(dims, 7), randomFloats(dims, 8)];
    const tensor = new Tensor('float32', Float32Array.from(rows.flatMap((r) => [...r])), [2, dims]);
    const ubinary = quantize_embeddings(tensor, 'ubinary');
    const signed = quantize_embeddings(tensor, 'binary');
    rows.forEach((row, r) => {
      const bytes = (ubinary.data as Uint8Array).slice(r * 8, r * 8 + 8);
      const fromBytes = packUbinaryBytes(bytes, dims);
      expect(fromBytes).toEqual(packSigns(row));
      expect(packSignedBinaryBytes((signed.data as Int8Array).slice(r * 8, r * 8 + 8), dims)).toEqual(fromBytes);
      for (let i = 0; i < dims; i++) expect(bitAt(fromBytes, i)).toBe(row[i] > 0 ? 1 : 0);
      expect(unpackToUbinaryBytes(fromBytes, dims)).toEqual(bytes);
    });
    // The documented example: signs 0,1,0,0,1,1,0,1 pack to byte 77 = 0b01001101.
    const example = [-0.04, 0.006, -0.07, -0.04, 0.005, 0.0003, -0.08, 0.19];
    expect(unpackToUbinaryBytes(packSigns(example), 8)[0]).toBe(77);
    expect(packSigns([1, ...Array(31).fill(-1)])[0]).toBe(0x80000000);
  });

  it('popcount and hamming agree with a bit-by-bit count', () => {
    const a = randomWords(32, 1);
    const b = randomWords(32, 2);
    let naive = 0;
    for (let i = 0; i < 32 * 32; i++) naive += bitAt(a, i) !== bitAt(b, i) ? 1 : 0;
    expect(hamming(a, b)).toBe(naive);
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(0)).toBe(0);
    expect(popcount32(0x80000001)).toBe(2);
  });
});

describe('BinaryVectorIndex', () => {
  it('returns the same top-k as sorting every distance (ties by lower id)', () => {
    const dims = 64;
    const n = 2000;
    const index = new BinaryVectorIndex(dims, randomWords(n * 2, 3));
    // Duplicate vectors force ties.
    index.data.copyWithin(10 * 2, 5 * 2, 6 * 2);
    const query = index.vector(5);
    const naive = [...Array(n).keys()]
      .map((id) => ({ id, distance: hamming(query, index.vector(id)) }))
      .sort((x, y) => x.distance - y.distance || x.id - y.id)
      .slice(0, 25);
    expect(index.search(query, 25)).toEqual(naive);
    expect(
      index
        .search(query, 3)
        .slice(0, 2)
        .map((h) => h.id),
    ).toEqual([5, 10]);
    const excluded = index.search(query, 3, { exclude: 5 });
    expect(excluded[0]).toEqual({ id: 10, distance: 0 });
  });

  it('rescoring every vector ranks them all by the int8 cosine, with duplicates by distance then id', () => {
    const dims = 64;
    const n = 300;
    const int8 = Int8Array.from(randomWords(n * dims, 21), (w) => (w % 255) - 127);
    int8.copyWithin(7 * dims, 3 * dims, 4 * dims); // chunk 7 repeats chunk 3: equal cosine and distance
    const bits = new Uint32Array(n * 2);
    for (let id = 0; id < n; id++) bits.set(packSigns(int8.subarray(id * dims, (id + 1) * dims)), id * 2);
    const index = new BinaryVectorIndex(dims, bits);
    const qf = Float32Array.from(int8.subarray(3 * dims, 4 * dims), (v, i) => v + (i % 5));
    const hits = index.search(packSigns(qf), 10, { queryFloat: qf, int8, rescoreCandidates: n, exclude: 0 });
    const naive = [...Array(n).keys()]
      .filter((id) => id !== 0)
      .map((id) => ({ id, cosine: cosineFloatInt8(qf, int8, id * dims, dims) }))
      .sort((a, b) => b.cosine - a.cosine || a.id - b.id);
    expect(hits.map((h) => h.id)).toEqual(naive.slice(0, 10).map((x) => x.id));
    expect(hits.slice(0, 2).map((h) => h.id)).toEqual([3, 7]);
    expect(hits[0].distance).toBe(index.distance(packSigns(qf), 3));
    // The same order as the heap's path over all but one candidate, where the last is not among the ten.
    const twoStage = index.search(packSigns(qf), 10, { queryFloat: qf, int8, rescoreCandidates: n - 2, exclude: 0 });
    expect(hits.map((h) => h.id).slice(0, 5)).toEqual(twoStage.map((h) => h.id).slice(0, 5));
    expect(index.search(packSigns(qf), 0, { queryFloat: qf, int8, rescoreCandidates: n })).toEqual([]);
  });

  it('rescoring ranks the candidates by float query · ±1 bits', () => {
    const dims = 128;
    const n = 500;
    const index = new BinaryVectorIndex(dims, randomWords(n * 4, 11));
    const qf = randomFloats(dims, 12);
    const hits = index.search(packSigns(qf), 10, { queryFloat: qf, rescoreCandidates: n });
    const naive = [...Array(n).keys()]
      .map((id) => {
        let s = 0;
        for (let i = 0; i < dims; i++) s += (bitAt(index.data, id * dims + i) ? 1 : -1) * qf[i];
        return { id, s: s / Math.sqrt(dims) };
      })
      .sort((a, b) => b.s - a.s);
    expect(hits.map((h) => h.id)).toEqual(naive.slice(0, 10).map((x) => x.id));
    expect(hits[0].rescored).toBeCloseTo(naive[0].s, 5);
    expect(rescoreWithFloat(qf, packSigns(qf), 0, dims)).toBeGreaterThan(0);
  });

  it('scans 100k vectors fast (256 and 1024 dims)', () => {
    for (const dims of [256, 1024]) {
      const n = 100_000;
      const w = dims / 32;
      const index = new BinaryVectorIndex(dims, randomWords(n * w, dims));
      const planted = 77_777;
      const query = index.vector(planted);
      index.search(query, 10); // warm up
      const runs = 10;
      const t0 = performance.now();
      let top = -1;
      for (let r = 0; r < runs; r++) top = index.search(query, 10)[0].id;
      const ms = (performance.now() - t0) / runs;
      console.log(`BinaryVectorIndex: ${n} × ${dims} bits, top-10 in ${ms.toFixed(2)} ms/query`);
      expect(top).toBe(planted);
      expect(ms).toBeLessThan(500);
    }
  });

  it('rejects vectors of the wrong width', () => {
    expect(() => BinaryVectorIndex.fromVectors(64, [new Uint32Array(3)])).toThrow(/expected 2/);
    expect(() => new BinaryVectorIndex(64, new Uint32Array(3))).toThrow(/multiple/);
  });
});
