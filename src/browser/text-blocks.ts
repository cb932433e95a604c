/**
 * The file texts as the tab stores them: cut at file boundaries into blocks of about
 * TEXT_BLOCK_BYTES, each deflated on its own ('deflate-raw'), all in one container. A reload
 * reads a fifth of the bytes and inflates nothing; a query inflates the blocks of the files it
 * reads (synchronously: the engine reads a file's text inside a search), each once. The CLI's
 * snapshot file keeps its texts the same way (src/node/snapshot-file.ts).
 *
 * The container's checksums cover every stored byte, so a changed byte is found when the record
 * is read; a block that still does not inflate to its length is damage found at the query
 * (SnapshotDamagedError), never a wrong text.
 */
import pako from 'pako';
import { SnapshotDamagedError, type StoredTexts } from '../engine/snapshot';

/** Raw bytes of text per block: a query that reads one file inflates at most about this much. */
export const TEXT_BLOCK_BYTES = 64 * 1024;

/** The stored form: the files' text ends as in StoredTexts, and the deflated blocks end to end. */
export interface TextBlocks {
  ends: Uint32Array;
  /** Block b holds files blockFirst[b] … blockFirst[b + 1] − 1, bytes blockStart[b] … blockStart[b + 1] of the texts. */
  blockFirst: Uint32Array;
  blockStart: Uint32Array;
  /** Where block b's deflated bytes end in `data` (they start where block b − 1's end). */
  blockEnd: Uint32Array;
  data: Uint8Array;
}

/** Whether a stored value is the block form (an index stored before it holds StoredTexts). */
export function isTextBlocks(value: unknown): value is TextBlocks {
  return typeof value === 'object' && value !== null && (value as TextBlocks).blockEnd instanceof Uint32Array;
}

/** The texts cut into blocks, each deflated by `deflate` (CompressionStream in the tab, zlib in a test). */
export async function toTextBlocks(
  texts: StoredTexts,
  deflate: (raw: Uint8Array) => Promise<Uint8Array>,
): Promise<TextBlocks> {
  const first: number[] = [];
  const starts: number[] = [];
  let start = 0;
  texts.ends.forEach((end, i) => {
    if (first.length === 0 || (i > 0 && texts.ends[i - 1] - start >= TEXT_BLOCK_BYTES)) {
      first.push(i);
      start = i === 0 ? 0 : texts.ends[i - 1];
      starts.push(start);
    }
  });
  const total = texts.ends.length === 0 ? 0 : texts.ends[texts.ends.length - 1];
  const deflated: Uint8Array[] = [];
  for (let b = 0; b < first.length; b++)
    deflated.push(await deflate(texts.utf8.subarray(starts[b], b + 1 < starts.length ? starts[b + 1] : total)));
  const blockEnd = new Uint32Array(deflated.length);
  let at = 0;
  deflated.forEach((bytes, b) => (blockEnd[b] = at += bytes.byteLength));
  const data = new Uint8Array(at);
  deflated.forEach((bytes, b) => data.set(bytes, b === 0 ? 0 : blockEnd[b - 1]));
  return {
    ends: texts.ends,
    blockFirst: Uint32Array.from(first),
    blockStart: Uint32Array.from(starts),
    blockEnd,
    data,
  };
}

/** The stored blocks read back: a file's text inflates its block (once, then kept). */
export class BlockTexts {
  private readonly inflated = new Map<number, Uint8Array>();
  private readonly decoder = new TextDecoder();

  /** Throws SnapshotDamagedError when the tables do not describe `fileCount` files in blocks. */
  constructor(
    private readonly blocks: TextBlocks,
    fileCount: number,
  ) {
    const { ends, blockFirst, blockStart, blockEnd, data } = blocks;
    const sound =
      ends.length === fileCount &&
      blockStart.length === blockFirst.length &&
      blockEnd.length === blockFirst.length &&
      (fileCount === 0 || (blockFirst.length > 0 && blockFirst[0] === 0 && blockStart[0] === 0)) &&
      (blockEnd.length === 0 || blockEnd[blockEnd.length - 1] === data.byteLength) &&
      blockFirst.every(
        (f, b) => f < fileCount && (b === 0 || (f > blockFirst[b - 1] && blockStart[b] === ends[f - 1])),
      );
    if (!sound) throw new SnapshotDamagedError('texts', `do not describe ${fileCount} files in blocks`);
  }

  /** File i's text. */
  fileText(i: number): string {
    const { ends } = this.blocks;
    if (!(i >= 0 && i < ends.length)) throw new SnapshotDamagedError('texts', `hold no file ${i}`);
    const b = this.blockOf(i);
    const bytes = this.block(b);
    const start = this.blocks.blockStart[b];
    return this.decoder.decode(bytes.subarray((i === 0 ? 0 : ends[i - 1]) - start, ends[i] - start));
  }

  /** Every text, one after the other (a loaded index stored again). */
  whole(): StoredTexts {
    const { ends, blockStart } = this.blocks;
    const utf8 = new Uint8Array(ends.length === 0 ? 0 : ends[ends.length - 1]);
    for (let b = 0; b < blockStart.length; b++) utf8.set(this.block(b), blockStart[b]);
    return { utf8, ends };
  }

  /** The last block whose first file is at most i. */
  private blockOf(i: number): number {
    const first = this.blocks.blockFirst;
    let lo = 0;
    let hi = first.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (first[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private block(b: number): Uint8Array {
    let bytes = this.inflated.get(b);
    if (bytes) return bytes;
    const { ends, blockFirst, blockStart, blockEnd, data } = this.blocks;
    const lastFile = b + 1 < blockFirst.length ? blockFirst[b + 1] - 1 : ends.length - 1;
    const length = ends[lastFile] - blockStart[b];
    try {
      // pako answers nothing (not an empty array) for a block that inflates to no bytes.
      bytes =
        (pako.inflateRaw(data.subarray(b === 0 ? 0 : blockEnd[b - 1], blockEnd[b])) as Uint8Array | undefined) ??
        new Uint8Array(0);
    } catch (cause) {
      throw new SnapshotDamagedError(`text block ${b}`, 'does not inflate', { cause });
    }
    if (!(bytes instanceof Uint8Array) || bytes.byteLength !== length)
      throw new SnapshotDamagedError(`text block ${b}`, 'has the wrong length');
    this.inflated.set(b, bytes);
    return bytes;
  }
}
