import { describe, expect, it } from 'vitest';
import { VarintReader, VarintWriter } from './growable';

describe('VarintReader', () => {
  it('reads back what VarintWriter wrote, one value after another', () => {
    // A posting list's shape: chunk gaps and term frequencies, most under 128, a few wide.
    const values = [0, 1, 127, 128, 300, 16_383, 16_384, 2 ** 21, 2 ** 31 + 5, 2 ** 32 - 1, 3];
    const writer = new VarintWriter();
    for (const v of values) writer.varint(v);
    const bytes = writer.finish();
    const reader = new VarintReader(bytes);
    expect(values.map(() => reader.next())).toEqual(values);
    expect(reader.pos).toBe(bytes.length);
  });

  it('starts where it is told, and can be moved to another list', () => {
    const writer = new VarintWriter();
    for (const v of [5, 200, 7]) writer.varint(v);
    const bytes = writer.finish();
    const reader = new VarintReader(bytes, 1);
    expect(reader.next()).toBe(200);
    reader.pos = 0;
    expect(reader.next()).toBe(5);
  });

  it('runs past the end on truncated bytes, which the caller sees in pos', () => {
    const writer = new VarintWriter();
    writer.varint(300); // two bytes
    const cut = writer.finish().subarray(0, 1);
    const reader = new VarintReader(cut);
    reader.next();
    expect(reader.pos).toBeGreaterThan(cut.length);
  });
});
