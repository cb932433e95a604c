import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { fieldText, ProtobufError, readMessage, repeatedVarints, WIRE } from './protobuf';

describe('protobuf wire reader', () => {
  it('reads what protobufjs writes: varints up to 2^53, packed and unpacked repeats, bytes, text, fixed32/64', () => {
    const bytes = protobuf.Writer.create()
      .uint32((1 << 3) | WIRE.varint)
      .uint64(2 ** 40 + 7)
      .uint32((2 << 3) | WIRE.len)
      .string('last_hidden_state')
      .uint32((3 << 3) | WIRE.len)
      .fork()
      .int64(12_895)
      .int64(256)
      .ldelim()
      .uint32((3 << 3) | WIRE.varint)
      .int64(1)
      .uint32((4 << 3) | WIRE.i32)
      .float(0.5)
      .uint32((5 << 3) | WIRE.i64)
      .double(-2)
      .uint32((6 << 3) | WIRE.len)
      .bytes(new Uint8Array([1, 2, 255]))
      .finish();
    const fields = readMessage(bytes);
    expect(fields.map((f) => [f.field, f.wire])).toEqual([
      [1, WIRE.varint],
      [2, WIRE.len],
      [3, WIRE.len],
      [3, WIRE.varint],
      [4, WIRE.i32],
      [5, WIRE.i64],
      [6, WIRE.len],
    ]);
    expect(fields[0].varint).toBe(2 ** 40 + 7);
    expect(fieldText(fields[1])).toBe('last_hidden_state');
    expect(repeatedVarints(fields, 3)).toEqual([12_895, 256, 1]);
    expect(new DataView(fields[4].bytes.buffer, fields[4].bytes.byteOffset).getFloat32(0, true)).toBe(0.5);
    expect(new DataView(fields[5].bytes.buffer, fields[5].bytes.byteOffset).getFloat64(0, true)).toBe(-2);
    expect([...fields[6].bytes]).toEqual([1, 2, 255]);
  });

  it('reads nested messages from views into the same bytes, without copying', () => {
    const inner = protobuf.Writer.create()
      .uint32((8 << 3) | WIRE.len)
      .string('table_q')
      .finish();
    const outer = protobuf.Writer.create()
      .uint32((5 << 3) | WIRE.len)
      .bytes(inner)
      .finish();
    const [field] = readMessage(outer);
    expect(field.bytes.buffer).toBe(outer.buffer);
    expect(fieldText(readMessage(field.bytes)[0])).toBe('table_q');
  });

  it.each([
    ['a length past the end', new Uint8Array([(1 << 3) | WIRE.len, 5, 1, 2]), 'truncated'],
    ['a varint cut short', new Uint8Array([(1 << 3) | WIRE.varint, 0x80]), 'truncated'],
    ['a varint of eleven bytes', new Uint8Array([8, ...new Array<number>(10).fill(0x80), 1]), 'bad-varint'],
    ['a group (wire type 3)', new Uint8Array([(1 << 3) | 3]), 'unsupported-wire-type'],
    ['a fixed32 cut short', new Uint8Array([(1 << 3) | WIRE.i32, 0, 0]), 'truncated'],
  ])('refuses %s with a code', (_name, bytes, code) => {
    let thrown: unknown;
    try {
      readMessage(bytes);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ProtobufError);
    expect((thrown as ProtobufError).code).toBe(code);
  });

  it('reads an empty message as no fields', () => {
    expect(readMessage(new Uint8Array(0))).toEqual([]);
  });
});
