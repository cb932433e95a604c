/**
 * A reader of protobuf's wire format (https://protobuf.dev/programming-guides/encoding/): the
 * fields of one message, in order, without a schema. Enough to read an ONNX file's graph and
 * initializers (onnx-graph.ts); no dependency, since only four wire types and varints are needed.
 */

/** Why bytes could not be read as a protobuf message. */
export type ProtobufErrorCode = 'truncated' | 'bad-varint' | 'unsupported-wire-type';

export class ProtobufError extends Error {
  constructor(
    readonly code: ProtobufErrorCode,
    readonly at: number,
  ) {
    super(`protobuf: ${code} at byte ${at}`);
    this.name = 'ProtobufError';
  }
}

/** protobuf's wire types: VARINT, I64, LEN, I32 (the group types 3 and 4 are deprecated and refused). */
export const WIRE = { varint: 0, i64: 1, len: 2, i32: 5 } as const;

export interface ProtobufField {
  field: number;
  wire: number;
  /** VARINT: the value (exact below 2^53; a negative int64 reads as a large number). */
  varint: number;
  /** LEN, I64 and I32: the field's bytes (a view into the message, not a copy). */
  bytes: Uint8Array;
}

const EMPTY = new Uint8Array(0);

function readVarint(buf: Uint8Array, start: number): [value: number, next: number] {
  let value = 0;
  let scale = 1;
  for (let i = start; i < start + 10; i++) {
    if (i >= buf.length) throw new ProtobufError('truncated', start);
    const b = buf[i];
    value += (b & 0x7f) * scale;
    if (b < 0x80) return [value, i + 1];
    scale *= 128;
  }
  throw new ProtobufError('bad-varint', start);
}

/** The fields of one message, in the order they are written (repeated fields appear once per value). */
export function readMessage(buf: Uint8Array): ProtobufField[] {
  const fields: ProtobufField[] = [];
  let at = 0;
  while (at < buf.length) {
    const [key, afterKey] = readVarint(buf, at);
    const field = Math.floor(key / 8);
    const wire = key % 8;
    let size: number;
    let from = afterKey;
    let varint = 0;
    if (wire === WIRE.varint) {
      [varint, at] = readVarint(buf, afterKey);
      fields.push({ field, wire, varint, bytes: EMPTY });
      continue;
    } else if (wire === WIRE.len) [size, from] = readVarint(buf, afterKey);
    else if (wire === WIRE.i64) size = 8;
    else if (wire === WIRE.i32) size = 4;
    else throw new ProtobufError('unsupported-wire-type', at);
    if (from + size > buf.length) throw new ProtobufError('truncated', at);
    fields.push({ field, wire, varint, bytes: buf.subarray(from, from + size) });
    at = from + size;
  }
  return fields;
}

/** The values of a repeated integer field, written packed (one LEN field) or one VARINT per value. */
export function repeatedVarints(fields: ProtobufField[], field: number): number[] {
  const out: number[] = [];
  for (const f of fields) {
    if (f.field !== field) continue;
    if (f.wire === WIRE.varint) out.push(f.varint);
    else if (f.wire === WIRE.len)
      for (let at = 0; at < f.bytes.length;) {
        const [value, next] = readVarint(f.bytes, at);
        out.push(value);
        at = next;
      }
  }
  return out;
}

const utf8 = new TextDecoder();

/** A LEN field as UTF-8 text. */
export function fieldText(f: ProtobufField): string {
  return utf8.decode(f.bytes);
}
