/**
 * Binary vectors: 1 bit per dimension, packed into Uint32Array words.
 *
 * Bit order: dimension i lives in word ⌊i/32⌋ at bit 31 − (i mod 32), i.e. the first dimension
 * is the HIGH bit of word 0. This is the byte order of transformers.js `quantize_embeddings(…,
 * 'ubinary')` and of Voyage `output_dtype: 'ubinary'` (numpy packbits: first dimension = most
 * significant bit of byte 0) read big-endian four bytes at a time — so byte b of a ubinary
 * vector is bits 31−8(b mod 4) … 24−8(b mod 4) of word ⌊b/4⌋. Hamming distance does not depend
 * on the order; rescoring with a float query does, which is why it is fixed here.
 */

import { cosineFloatInt8 } from './int8';

/** Number of 32-bit words for `dimensions` bits. */
export function wordsFor(dimensions: number): number {
  return Math.ceil(dimensions / 32);
}

/** Packs ubinary bytes (first dimension = high bit of byte 0) into words. */
export function packUbinaryBytes(bytes: ArrayLike<number>, dimensions = bytes.length * 8): Uint32Array {
  const words = new Uint32Array(wordsFor(dimensions));
  const n = Math.ceil(dimensions / 8);
  for (let b = 0; b < n; b++) words[b >> 2] |= (bytes[b] & 0xff) << (24 - 8 * (b & 3));
  return words;
}

/** Voyage `binary` bytes are int8 = ubinary − 128; converts them to ubinary first. */
export function packSignedBinaryBytes(bytes: ArrayLike<number>, dimensions = bytes.length * 8): Uint32Array {
  const unsigned = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) unsigned[i] = (bytes[i] + 128) & 0xff;
  return packUbinaryBytes(unsigned, dimensions);
}

/** Words back to ubinary bytes (for tests and for comparing with other tools). */
export function unpackToUbinaryBytes(words: Uint32Array, dimensions = words.length * 32): Uint8Array {
  const bytes = new Uint8Array(Math.ceil(dimensions / 8));
  for (let b = 0; b < bytes.length; b++) bytes[b] = (words[b >> 2] >>> (24 - 8 * (b & 3))) & 0xff;
  return bytes;
}

/** Sign bits of a float vector: value > 0 → 1 (as transformers.js quantizes). */
export function packSigns(values: ArrayLike<number>): Uint32Array {
  const words = new Uint32Array(wordsFor(values.length));
  for (let i = 0; i < values.length; i++) if (values[i] > 0) words[i >> 5] |= 1 << (31 - (i & 31));
  return words;
}

/** Bit `i` of a packed vector (0 or 1). */
export function bitAt(words: Uint32Array, i: number): number {
  return (words[i >> 5] >>> (31 - (i & 31))) & 1;
}

/** Population count of a 32-bit word (SWAR). */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Hamming distance between two packed vectors of equal length. */
export function hamming(a: Uint32Array, b: Uint32Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += popcount32(a[i] ^ b[i]);
  return d;
}

/** float query · (±1 document bits) / √dims: the cosine between q and the bits seen as ±1. */
export function rescoreWithFloat(query: Float32Array, words: Uint32Array, offset: number, dimensions: number): number {
  let s = 0;
  for (let i = 0; i < dimensions; i++) {
    const bit = (words[offset + (i >> 5)] >>> (31 - (i & 31))) & 1;
    s += bit ? query[i] : -query[i];
  }
  return s / Math.sqrt(dimensions);
}

export interface BinaryNeighbour {
  id: number;
  distance: number;
  /** Present when rescored: cosine between the float query and the int8 document vector (or its ±1 bits without int8). */
  rescored?: number;
}

export interface BinarySearchOptions {
  /** Skip this id (the query's own vector in "find similar"). */
  exclude?: number;
  /** Skip every id whose byte is non-zero (chunks with nothing to mean: SemanticIndex's contentless). */
  skip?: Uint8Array;
  /** Rescore this many Hamming candidates with `queryFloat` and re-rank them. */
  rescoreCandidates?: number;
  queryFloat?: Float32Array;
  /** int8 vectors of every id (`dimensions` bytes each, int8.ts): rescore against these instead of the bits. */
  int8?: Int8Array;
}

/**
 * All vectors of an index in one contiguous Uint32Array (`wordsPerVector` words each).
 * Search is a linear scan with a bounded max-heap of the k nearest; ties go to the lower id.
 */
export class BinaryVectorIndex {
  readonly wordsPerVector: number;
  constructor(
    readonly dimensions: number,
    readonly data: Uint32Array,
  ) {
    this.wordsPerVector = wordsFor(dimensions);
    if (data.length % this.wordsPerVector !== 0)
      throw new Error(`vector data length ${data.length} is not a multiple of ${this.wordsPerVector} words`);
  }

  static fromVectors(dimensions: number, vectors: Uint32Array[]): BinaryVectorIndex {
    const w = wordsFor(dimensions);
    const data = new Uint32Array(vectors.length * w);
    vectors.forEach((v, i) => {
      if (v.length !== w)
        throw new Error(`vector ${i} has ${v.length} words, expected ${w} for ${dimensions} dimensions`);
      data.set(v, i * w);
    });
    return new BinaryVectorIndex(dimensions, data);
  }

  get size(): number {
    return this.data.length / this.wordsPerVector;
  }

  vector(id: number): Uint32Array {
    return this.data.slice(id * this.wordsPerVector, (id + 1) * this.wordsPerVector);
  }

  distance(query: Uint32Array, id: number): number {
    const o = id * this.wordsPerVector;
    let d = 0;
    for (let i = 0; i < this.wordsPerVector; i++) d += popcount32(query[i] ^ this.data[o + i]);
    return d;
  }

  search(query: Uint32Array, k: number, options: BinarySearchOptions = {}): BinaryNeighbour[] {
    if (query.length !== this.wordsPerVector)
      throw new Error(`query has ${query.length} words, index vectors have ${this.wordsPerVector}`);
    const rescore = options.queryFloat && options.rescoreCandidates ? Math.max(options.rescoreCandidates, k) : 0;
    if (rescore >= this.size && options.int8)
      return this.searchInt8(query, k, options.queryFloat!, options.int8, options);
    const keep = Math.max(k, rescore);
    if (keep <= 0) return [];
    const heap = new NeighbourHeap(keep);
    const w = this.wordsPerVector;
    const data = this.data;
    const n = this.size;
    const exclude = options.exclude ?? -1;
    const skip = options.skip;
    for (let id = 0, o = 0; id < n; id++, o += w) {
      if (id === exclude || skip?.[id]) continue;
      let d = 0;
      for (let i = 0; i < w; i++) {
        let x = query[i] ^ data[o + i];
        x -= (x >>> 1) & 0x55555555;
        x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
        x = (x + (x >>> 4)) & 0x0f0f0f0f;
        d += Math.imul(x, 0x01010101) >>> 24;
      }
      heap.offer(id, d);
    }
    const found = heap.sorted();
    if (!rescore) return found.slice(0, k);
    const { queryFloat, int8 } = options;
    for (const nb of found) {
      nb.rescored = int8
        ? cosineFloatInt8(queryFloat!, int8, nb.id * this.dimensions, this.dimensions)
        : rescoreWithFloat(queryFloat!, data, nb.id * w, this.dimensions);
    }
    found.sort((a, b) => b.rescored! - a.rescored! || a.distance - b.distance || a.id - b.id);
    return found.slice(0, k);
  }

  /**
   * Every vector ranked by its int8 cosine with the float query: what rescoring all of them
   * gives, in the same order (cosine, then distance, then id), without holding them all in a
   * heap and sorting them.
   */
  private searchInt8(
    query: Uint32Array,
    k: number,
    queryFloat: Float32Array,
    int8: Int8Array,
    options: BinarySearchOptions,
  ): BinaryNeighbour[] {
    if (k <= 0) return [];
    const top: BinaryNeighbour[] = [];
    const before = (a: BinaryNeighbour, b: BinaryNeighbour) =>
      a.rescored! > b.rescored! || (a.rescored === b.rescored && (a.distance - b.distance || a.id - b.id) < 0);
    const exclude = options.exclude ?? -1;
    const skip = options.skip;
    for (let id = 0; id < this.size; id++) {
      if (id === exclude || skip?.[id]) continue;
      const rescored = cosineFloatInt8(queryFloat, int8, id * this.dimensions, this.dimensions);
      if (top.length >= k && rescored < top[top.length - 1].rescored!) continue;
      const nb = { id, distance: this.distance(query, id), rescored };
      if (top.length >= k && !before(nb, top[top.length - 1])) continue;
      let i = Math.min(top.length, k - 1);
      while (i > 0 && before(nb, top[i - 1])) i--;
      top.splice(i, 0, nb);
      if (top.length > k) top.pop();
    }
    return top;
  }
}

/** Max-heap on (distance, id) holding the `capacity` smallest seen. */
class NeighbourHeap {
  private ids: Int32Array;
  private dist: Int32Array;
  private count = 0;
  constructor(private readonly capacity: number) {
    this.ids = new Int32Array(capacity);
    this.dist = new Int32Array(capacity);
  }
  /** True when (d1,i1) ranks worse than (d2,i2). */
  private worse(a: number, b: number): boolean {
    return this.dist[a] > this.dist[b] || (this.dist[a] === this.dist[b] && this.ids[a] > this.ids[b]);
  }
  offer(id: number, d: number): void {
    if (this.count < this.capacity) {
      let i = this.count++;
      this.ids[i] = id;
      this.dist[i] = d;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.worse(i, p)) break;
        this.swap(i, p);
        i = p;
      }
      return;
    }
    // Scanning in id order, an equal distance never beats the root (its id is lower).
    if (d >= this.dist[0]) return;
    this.ids[0] = id;
    this.dist[0] = d;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.count && this.worse(l, m)) m = l;
      if (r < this.count && this.worse(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }
  private swap(a: number, b: number): void {
    const ti = this.ids[a];
    this.ids[a] = this.ids[b];
    this.ids[b] = ti;
    const td = this.dist[a];
    this.dist[a] = this.dist[b];
    this.dist[b] = td;
  }
  sorted(): BinaryNeighbour[] {
    const out: BinaryNeighbour[] = [];
    for (let i = 0; i < this.count; i++) out.push({ id: this.ids[i], distance: this.dist[i] });
    return out.sort((a, b) => a.distance - b.distance || a.id - b.id);
  }
}
