/**
 * Checksums of stored sections: MurmurHash3 (x86, 32-bit) over 32-bit words, in plain JS so
 * Node and the browser compute the same value without a dependency. Any one changed word
 * (so any one changed byte) changes the checksum; other damage goes unseen with odds of 2^-32.
 *
 * `checksumBytes` hashes bytes (the CLI cache's serialized sections); `checksumValue` walks a
 * structured-clone value (an IndexedDB record): typed arrays by their bytes, strings by their
 * UTF-16 code units, numbers by their float64 bits, objects by their keys and values in order.
 */

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

/** Incremental MurmurHash3 over 32-bit words. */
export class Checksum {
  private h: number;
  private length = 0;
  private readonly scratch = new Float64Array(1);
  private readonly scratchWords = new Uint32Array(this.scratch.buffer);

  constructor(seed = 0) {
    this.h = seed | 0;
  }

  word(w: number): void {
    let k = Math.imul(w, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    let h = this.h ^ k;
    h = (h << 13) | (h >>> 19);
    this.h = (Math.imul(h, 5) + 0xe6546b64) | 0;
    this.length++;
  }

  bytes(bytes: Uint8Array): void {
    const n = bytes.byteLength >>> 2;
    let h = this.h;
    if ((bytes.byteOffset & 3) === 0) {
      const words = new Uint32Array(bytes.buffer, bytes.byteOffset, n);
      for (let i = 0; i < n; i++) {
        let k = Math.imul(words[i], C1);
        k = (k << 15) | (k >>> 17);
        k = Math.imul(k, C2);
        h ^= k;
        h = (h << 13) | (h >>> 19);
        h = (Math.imul(h, 5) + 0xe6546b64) | 0;
      }
    } else {
      for (let i = 0; i < n; i++) {
        const at = i << 2;
        let k = Math.imul(bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24), C1);
        k = (k << 15) | (k >>> 17);
        k = Math.imul(k, C2);
        h ^= k;
        h = (h << 13) | (h >>> 19);
        h = (Math.imul(h, 5) + 0xe6546b64) | 0;
      }
    }
    this.h = h;
    this.length += n;
    // The tail (0–3 bytes) and the byte length, so [1, 0] and [1] differ.
    let tail = 0;
    for (let i = n << 2; i < bytes.byteLength; i++) tail = (tail << 8) | bytes[i];
    this.word(tail);
    this.word(bytes.byteLength);
  }

  string(s: string): void {
    let i = 0;
    for (; i + 1 < s.length; i += 2) this.word(s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16));
    this.word(i < s.length ? s.charCodeAt(i) | 0x10000 : 0);
    this.word(s.length);
  }

  number(n: number): void {
    this.scratch[0] = n;
    this.word(this.scratchWords[0]);
    this.word(this.scratchWords[1]);
  }

  /** The checksum so far (fmix32 of the state and the words hashed). */
  digest(): number {
    let h = this.h ^ this.length;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
  }
}

export function checksumBytes(bytes: Uint8Array): number {
  const c = new Checksum();
  c.bytes(bytes);
  return c.digest();
}

const Tag = {
  Null: 1,
  Undefined: 2,
  False: 3,
  True: 4,
  Number: 5,
  String: 6,
  Array: 7,
  Object: 8,
  Bytes: 9,
  Map: 10,
  Set: 11,
  BigInt: 12,
} as const;

/** The checksum of a structured-clone value: what it holds, not how it is laid out in memory. */
export function checksumValue(value: unknown): number {
  const c = new Checksum();
  const walk = (v: unknown): void => {
    if (v === null) return c.word(Tag.Null);
    switch (typeof v) {
      case 'undefined':
        return c.word(Tag.Undefined);
      case 'boolean':
        return c.word(v ? Tag.True : Tag.False);
      case 'number':
        c.word(Tag.Number);
        return c.number(v);
      case 'string':
        c.word(Tag.String);
        return c.string(v);
      case 'bigint':
        c.word(Tag.BigInt);
        return c.string(v.toString());
      case 'object':
        break;
      default:
        return c.word(0);
    }
    if (ArrayBuffer.isView(v)) {
      c.word(Tag.Bytes);
      c.string(v.constructor.name);
      return c.bytes(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    }
    if (v instanceof ArrayBuffer) {
      c.word(Tag.Bytes);
      return c.bytes(new Uint8Array(v));
    }
    if (Array.isArray(v)) {
      c.word(Tag.Array);
      c.word(v.length);
      for (const item of v) walk(item);
      return;
    }
    if (v instanceof Map) {
      c.word(Tag.Map);
      c.word(v.size);
      for (const [key, item] of v) {
        walk(key);
        walk(item);
      }
      return;
    }
    if (v instanceof Set) {
      c.word(Tag.Set);
      c.word(v.size);
      for (const item of v) walk(item);
      return;
    }
    c.word(Tag.Object);
    for (const [key, item] of Object.entries(v)) {
      c.string(key);
      walk(item);
    }
  };
  walk(value);
  return c.digest();
}
