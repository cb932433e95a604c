/**
 * Growable buffers for writing stored indexes: a Uint32 column and a varint byte stream.
 * Each doubles when full and hands out an exact-length copy when done.
 */

/** A Uint32Array that grows as values are pushed. */
export class GrowableU32 {
  data: Uint32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Uint32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  u32(): Uint32Array {
    return this.data.slice(0, this.length);
  }

  /** The values as signed 32-bit ids (each must be < 2³¹), for columns stored as Int32Array. */
  i32(): Int32Array {
    return new Int32Array(this.data.buffer, this.data.byteOffset, this.length).slice();
  }

  /** The values as bytes (each must be < 256). */
  u8(): Uint8Array {
    return Uint8Array.from(this.data.subarray(0, this.length));
  }
}

/** Unsigned LEB128 varints (7 bits per byte, high bit = more follows), appended to a growing buffer. */
export class VarintWriter {
  private bytes = new Uint8Array(1024);
  length = 0;

  varint(value: number): void {
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    while (value >= 0x80) {
      this.bytes[this.length++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    this.bytes[this.length++] = value;
  }

  finish(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** VarintWriter's varints read back from `bytes`, one after another from `pos`. */
export class VarintReader {
  constructor(
    private readonly bytes: Uint8Array,
    public pos = 0,
  ) {}

  /** The next varint. Past the end it reads 0 and `pos` runs past `bytes.length`: where truncation matters, the caller checks `pos`. */
  next(): number {
    const bytes = this.bytes;
    let b = bytes[this.pos++];
    let value = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = bytes[this.pos++];
      value += (b & 0x7f) * 2 ** shift;
    }
    return value;
  }
}

/** Unsigned typed arrays by width: what `narrowest` returns. */
export type UnsignedArray = Uint8Array | Uint16Array | Uint32Array;

/** The values (all non-negative integers below 2³²) in the narrowest unsigned typed array that holds each exactly. */
export function narrowest(values: ArrayLike<number>): UnsignedArray {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  if (max < 256) return Uint8Array.from(values);
  return max < 65536 ? Uint16Array.from(values) : Uint32Array.from(values);
}

/** Distinct strings in first-seen order, each with its index (a vocabulary, a name table). */
export class StringTable {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();

  /** The value's index, undefined when it is not in the table. */
  idOf(value: string): number | undefined {
    return this.ids.get(value);
  }

  /** The value's index, added at the end when new. */
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }
}
