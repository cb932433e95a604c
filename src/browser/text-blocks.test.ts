/**
 * The tab's texts in deflated blocks: every file's text read back as it was, across blocks, empty
 * files and multi-byte characters; a block that does not inflate to its length, or tables that do
 * not describe the files, are damage (SnapshotDamagedError), never a wrong text.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SnapshotDamagedError, type StoredTexts } from '../engine/snapshot';
import { BlockTexts, TEXT_BLOCK_BYTES, toTextBlocks } from './text-blocks';

function stored(texts: string[]): StoredTexts {
  const parts = texts.map((t) => new TextEncoder().encode(t));
  const utf8 = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  const ends = new Uint32Array(parts.length);
  let at = 0;
  parts.forEach((p, i) => {
    utf8.set(p, at);
    ends[i] = at += p.byteLength;
  });
  return { utf8, ends };
}

const zlib = async (raw: Uint8Array) => deflateRawSync(raw);

/** Files of about 10–40 KB, so a few make a block; one empty, one of multi-byte characters. */
const TEXTS = Array.from({ length: 40 }, (_, i) => `function f${i}() { return ${i}; }\n`.repeat(300 + i * 37));
TEXTS[7] = '';
TEXTS[11] = 'héllo → 世界 🎉\n'.repeat(900);

describe('texts in deflated blocks', () => {
  it('reads every file back as it was, a block inflated when first read, and stores a fraction of the bytes', async () => {
    const texts = stored(TEXTS);
    const blocks = await toTextBlocks(texts, zlib);
    expect(blocks.blockFirst.length).toBeGreaterThan(3);
    expect(blocks.blockFirst.length).toBeLessThan(TEXTS.length);
    // Each block but the last holds at least TEXT_BLOCK_BYTES.
    for (let b = 1; b < blocks.blockStart.length; b++)
      expect(blocks.blockStart[b] - blocks.blockStart[b - 1]).toBeGreaterThanOrEqual(TEXT_BLOCK_BYTES);
    expect(blocks.data.byteLength).toBeLessThan(texts.utf8.byteLength / 5);
    const reader = new BlockTexts(blocks, TEXTS.length);
    // Out of order, as queries read them.
    for (const i of [39, 0, 11, 7, 20, 1, 38]) expect(reader.fileText(i)).toBe(TEXTS[i]);
    expect(reader.whole().utf8).toEqual(texts.utf8);
    expect(() => reader.fileText(40)).toThrow(SnapshotDamagedError);
  });

  it('no files, and one empty file', async () => {
    expect(new BlockTexts(await toTextBlocks(stored([]), zlib), 0).whole().utf8.byteLength).toBe(0);
    expect(new BlockTexts(await toTextBlocks(stored(['']), zlib), 1).fileText(0)).toBe('');
  });

  it('a block that does not inflate, or to another length, and tables that do not fit, are damaged', async () => {
    const blocks = await toTextBlocks(stored(TEXTS), zlib);
    // Deflate's first bits name the block type: type 3 is reserved, so the block does not inflate.
    const broken = { ...blocks, data: blocks.data.slice() };
    broken.data[0] |= 0b110;
    expect(() => new BlockTexts(broken, TEXTS.length).fileText(0)).toThrow(SnapshotDamagedError);
    // A second block's bytes cut short: the first still reads, the second is damaged.
    const cut = { ...blocks, blockEnd: blocks.blockEnd.slice(), data: blocks.data.slice() };
    const second = blocks.blockFirst[1];
    const short = await zlib(new TextEncoder().encode('x'));
    cut.data.set(short, blocks.blockEnd[0]);
    const reader = new BlockTexts(cut, TEXTS.length);
    expect(reader.fileText(0)).toBe(TEXTS[0]);
    expect(() => reader.fileText(second)).toThrow(SnapshotDamagedError);
    // Tables that do not describe the files.
    expect(() => new BlockTexts(blocks, TEXTS.length + 1)).toThrow(SnapshotDamagedError);
    const shifted = { ...blocks, blockStart: blocks.blockStart.map((s, b) => (b === 1 ? s + 1 : s)) };
    expect(() => new BlockTexts(shifted, TEXTS.length)).toThrow(SnapshotDamagedError);
    expect(() => new BlockTexts({ ...blocks, data: blocks.data.subarray(1) }, TEXTS.length)).toThrow(
      SnapshotDamagedError,
    );
  });
});
