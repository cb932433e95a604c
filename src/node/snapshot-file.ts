/**
 * The CLI's snapshot file, read on demand: a table of contents with every section's offset,
 * then the sections, each v8-serialized and deflated; the file texts in blocks of about
 * TEXT_BLOCK_BYTES, and the analyses in blocks of ANALYSIS_BLOCK_FILES files, deflated one by
 * one. Opening reads the table and the three sections every load needs (head, files, chunks)
 * with positional reads; every other section, and each block, is read, checked against its
 * SHA-256 and decoded when first used, then kept. A query that reads the trigram postings and
 * a few files reads those and nothing else; a definition question decodes the analyses of the
 * files it shows.
 *
 *   bytes 0–7    magic "FOURFSN4" (FOURFSN3 stored the analyses as one section, FOURFSN2 had no centrality section)
 *   bytes 8–11   u32 LE length of the table of contents (JSON, UTF-8)
 *   bytes 12–15  u32 LE checksumBytes of the table of contents
 *   bytes 16–    the table of contents (SnapshotToc); offsets count from its end, padded to 8
 *   then         the sections and the text blocks
 *
 * Damage found when a part is first read is a SnapshotDamagedError (code `damaged`): the CLI
 * then rebuilds the index and answers from the new one, never from the damaged one.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, fstatSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { constants, deflateRaw, deflateRawSync, inflateRawSync, type ZlibOptions } from 'node:zlib';
import type { Modality } from '../engine/contract';
import { chunkCentralities } from '../engine/graph/index';
import { STORED_MODALITIES } from '../engine/registry';
import type { FileAnalysis } from '../engine/contract';
import { SnapshotDamagedError, type EngineSnapshot, type StoredTexts } from '../engine/snapshot';
import { AnalysisReader, concatAnalyses, sliceAnalyses, type AnalysisTable } from '../engine/store/analysis-table';
import type { TextSnapshot } from '../engine/text/index';
import type { TermSnapshot } from '../engine/text/terms';
import { checksumBytes } from '../engine/store/checksum';

const SNAPSHOT_MAGIC = 'FOURFSN4';
const HEADER_BYTES = 16;

/**
 * Raw bytes of file text per deflated block: a query that reads one file inflates at most this
 * much, and deflate still finds most of its matches within it (the ratio is a few percent
 * worse than one stream).
 */
export const TEXT_BLOCK_BYTES = 64 * 1024;

/**
 * Files per block of analyses: about 100 KB of columns on the 10 MB tier, and a definition
 * question's few results touch a few blocks instead of the whole 5 MB table.
 */
export const ANALYSIS_BLOCK_FILES = 128;

/**
 * zlib level 4: the index is written at every build, so most of level 6's saving (a tenth
 * smaller than level 1) for a fraction of its deflate time.
 */
const DEFLATE_LEVEL = 4;

/** zlib's raw deflate on libuv's thread pool. */
function deflateRawAsync(raw: Uint8Array, options: ZlibOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    deflateRaw(raw, options, (error, bytes) => (error ? reject(error) : resolve(bytes))),
  );
}

/** The sections besides the texts, in the order written. */
const SECTIONS = [
  'head',
  'files',
  'chunks',
  'textEnds',
  'text',
  'textTerms',
  'structural',
  'graph',
  'centrality',
  'semantic',
] as const;
type SectionName = (typeof SECTIONS)[number];
/** Read at open: every load needs them. */
const EAGER: readonly SectionName[] = ['head', 'files', 'chunks'];

/** Where a stored part is: offset from the table's end, stored length, length once inflated, SHA-256 of the stored bytes. */
interface StoredPart {
  offset: number;
  length: number;
  rawLength: number;
  sha256: string;
}

interface TextBlock extends StoredPart {
  /** The first file of the block, and where its text starts in all the texts one after the other. */
  firstFile: number;
  start: number;
}

/** Files [firstFile, firstFile + fileCount) of the analyses, as an AnalysisTable of their own (sliceAnalyses). */
interface AnalysisBlock extends StoredPart {
  firstFile: number;
  fileCount: number;
}

/** A snapshot file's table of contents: where each part lies, its stored and raw length. */
export interface SnapshotToc {
  version: number;
  sections: Record<SectionName, StoredPart>;
  textBlocks: TextBlock[];
  analysisBlocks: AnalysisBlock[];
  /** Whether each modality's stored form is not null (a semantic index without an embedder is). */
  present: Record<Modality, boolean>;
  /** The semantic index's embedder, so a loaded index names it without reading its vectors. */
  embedder: StoredEmbedder | null;
}

/** Which embedder a stored semantic index was built with. */
export interface StoredEmbedder {
  embedderId: string;
  dimensions: number;
}

function aligned(n: number): number {
  return Math.ceil(n / 8) * 8;
}

/** SHA-256 on this thread (the CPU's SHA instructions: about 1 GB/s). */
function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function sectionValues(snapshot: EngineSnapshot): Record<SectionName, unknown> {
  const { modalities } = snapshot;
  return {
    head: { version: snapshot.version, stats: snapshot.stats },
    files: snapshot.files,
    chunks: snapshot.chunks,
    textEnds: snapshot.texts.ends,
    // The text index in two parts: a literal or regex question reads the trigrams alone.
    text: modalities.text && { ...modalities.text, terms: null },
    textTerms: modalities.text?.terms ?? null,
    structural: modalities.structural,
    graph: modalities.graph,
    // Beside the graph: the fused boost reads this column, not the graph (OnDemandSnapshot.chunkCentrality).
    centrality: modalities.graph ? chunkCentralities(modalities.graph, snapshot.chunks.fileChunkStart) : null,
    semantic: modalities.semantic,
  };
}

/** File texts cut at file boundaries into blocks of at least TEXT_BLOCK_BYTES (the last may be shorter). */
function textBlockRanges(texts: StoredTexts): { firstFile: number; start: number; end: number }[] {
  const ranges: { firstFile: number; start: number; end: number }[] = [];
  let firstFile = 0;
  let start = 0;
  texts.ends.forEach((end, i) => {
    if (end - start >= TEXT_BLOCK_BYTES || i === texts.ends.length - 1) {
      ranges.push({ firstFile, start, end });
      firstFile = i + 1;
      start = end;
    }
  });
  return ranges;
}

/**
 * What a snapshot file holds before deflate: every part's raw bytes, made on demand (`raw`) in
 * the file's order, and how the file is laid out once they are deflated (`assemble`).
 */
interface SnapshotPlan {
  /** Part i's raw bytes (serialized on this thread when called). */
  raw: (() => Uint8Array)[];
  /** The indexes of `raw` that are slices of the file texts (nothing to serialize: ready at once). */
  textParts: number[];
  assemble(deflated: readonly Uint8Array[]): Buffer;
}

function planSnapshotFile(snapshot: EngineSnapshot, analysisBlockFiles: number): SnapshotPlan {
  const raw: (() => Uint8Array)[] = [];
  const values = sectionValues(snapshot);
  for (const name of SECTIONS) raw.push(() => serialize(values[name]));
  const { utf8 } = snapshot.texts;
  const textRanges = textBlockRanges(snapshot.texts);
  const textParts = textRanges.map(({ start, end }) => raw.push(() => utf8.subarray(start, end)) - 1);
  const { analyses } = snapshot;
  const analysisRanges: { firstFile: number; to: number }[] = [];
  for (let firstFile = 0; firstFile < analyses.fileCount; firstFile += analysisBlockFiles) {
    const to = Math.min(firstFile + analysisBlockFiles, analyses.fileCount);
    analysisRanges.push({ firstFile, to });
    raw.push(() => serialize(sliceAnalyses(analyses, firstFile, to)));
  }
  const rawLengths: number[] = new Array(raw.length);
  const made = raw.map((make, i) => () => {
    const bytes = make();
    rawLengths[i] = bytes.byteLength;
    return bytes;
  });

  return {
    raw: made,
    textParts,
    assemble(deflated) {
      let offset = 0;
      const stored = deflated.map((bytes, i): StoredPart => {
        const part = { offset, length: bytes.byteLength, rawLength: rawLengths[i], sha256: sha256(bytes) };
        offset = aligned(offset + bytes.byteLength);
        return part;
      });
      const sections = Object.fromEntries(SECTIONS.map((name, i) => [name, stored[i]])) as Record<
        SectionName,
        StoredPart
      >;
      const textBlocks = textRanges.map(({ firstFile, start }, k) => ({ ...stored[textParts[k]], firstFile, start }));
      const firstAnalysis = SECTIONS.length + textRanges.length;
      const analysisBlocks: AnalysisBlock[] = analysisRanges.map(({ firstFile, to }, k) => ({
        ...stored[firstAnalysis + k],
        firstFile,
        fileCount: to - firstFile,
      }));
      const present = Object.fromEntries(STORED_MODALITIES.map((m) => [m, snapshot.modalities[m] !== null])) as Record<
        Modality,
        boolean
      >;
      const semantic = snapshot.modalities.semantic;
      const embedder = semantic ? { embedderId: semantic.embedderId, dimensions: semantic.dimensions } : null;
      const toc: SnapshotToc = { version: snapshot.version, sections, textBlocks, analysisBlocks, present, embedder };
      const tocBytes = Buffer.from(JSON.stringify(toc));
      const base = aligned(HEADER_BYTES + tocBytes.byteLength);
      const out = Buffer.alloc(base + offset);
      out.write(SNAPSHOT_MAGIC, 0, 'latin1');
      out.writeUInt32LE(tocBytes.byteLength, 8);
      out.writeUInt32LE(checksumBytes(tocBytes), 12);
      tocBytes.copy(out, HEADER_BYTES);
      for (let i = 0; i < deflated.length; i++) out.set(deflated[i], base + stored[i].offset);
      return out;
    },
  };
}

const DEFLATE_OPTIONS = { level: DEFLATE_LEVEL, strategy: constants.Z_DEFAULT_STRATEGY };
/** Deflates on the thread pool at once (libuv's pool has 4 threads by default). */
const DEFLATES_IN_FLIGHT = 4;

/** `analysisBlockFiles`: files per block of analyses (a test's small blocks; ANALYSIS_BLOCK_FILES otherwise). */
export function encodeSnapshotFile(snapshot: EngineSnapshot, analysisBlockFiles = ANALYSIS_BLOCK_FILES): Buffer {
  const plan = planSnapshotFile(snapshot, analysisBlockFiles);
  return plan.assemble(plan.raw.map((make) => deflateRawSync(make(), DEFLATE_OPTIONS)));
}

/**
 * The same bytes as `encodeSnapshotFile`, deflated on libuv's thread pool: the file texts'
 * blocks (most of the bytes, nothing to serialize) go out first, and this thread serializes the
 * sections and the analyses' blocks while the pool deflates. At the end of a build the parse
 * workers are idle, so the deflate runs on a core this thread leaves free.
 */
export async function encodeSnapshotFileAsync(
  snapshot: EngineSnapshot,
  analysisBlockFiles = ANALYSIS_BLOCK_FILES,
): Promise<Buffer> {
  const plan = planSnapshotFile(snapshot, analysisBlockFiles);
  const texts = new Set(plan.textParts);
  const order = [...plan.textParts, ...plan.raw.map((_, i) => i).filter((i) => !texts.has(i))];
  const deflated: Buffer[] = new Array(plan.raw.length);
  // A few at a time, as many as libuv's pool has threads: each deflate holds its own zlib state
  // from its start (a 50 MB index has about a thousand parts).
  let next = 0;
  const lane = async () => {
    while (next < order.length) {
      const i = order[next++];
      deflated[i] = await deflateRawAsync(plan.raw[i](), DEFLATE_OPTIONS);
    }
  };
  await Promise.all(Array.from({ length: DEFLATES_IN_FLIGHT }, lane));
  return plan.assemble(deflated);
}

/** Why a snapshot file was not opened: missing, or damaged (in words). */
export type SnapshotFileRead =
  { snapshot: EngineSnapshot; file: SnapshotFile } | { missing: true } | { damaged: string };

/** Positional reads of a file, or of bytes already in memory (a test's, a bench's). */
interface ByteSource {
  size: number;
  read(offset: number, length: number): Buffer;
  close(): void;
}

function fileSource(path: string): ByteSource {
  const fd = openSync(path, 'r');
  return {
    size: fstatSync(fd).size,
    read(offset, length) {
      const buf = Buffer.allocUnsafe(length);
      let done = 0;
      while (done < length) {
        const n = readSync(fd, buf, done, length - done, offset + done);
        if (n === 0) break;
        done += n;
      }
      return done === length ? buf : buf.subarray(0, done);
    },
    close: () => closeSync(fd),
  };
}

function memorySource(data: Buffer): ByteSource {
  return { size: data.byteLength, read: (offset, length) => data.subarray(offset, offset + length), close() {} };
}

/**
 * An opened snapshot file: its parts read, checked and decoded when first asked for, then kept.
 * `readAll` reads and checks every part now (and closes the file): a long-lived server finds
 * damage at load, and a refresh reuses a previous index only when all of it is sound.
 */
export class SnapshotFile {
  private readonly decoded = new Map<SectionName, unknown>();
  private readonly blocks = new Map<number, Buffer>();
  private readonly analysisBlocks = new Map<number, { table: AnalysisTable; reader: AnalysisReader }>();
  private textEnds: Uint32Array | null = null;
  private closed = false;

  constructor(
    private readonly source: ByteSource,
    private readonly base: number,
    private readonly toc: SnapshotToc,
  ) {}

  /** The stored bytes of a part after checking their SHA-256, inflated. */
  private inflate(part: StoredPart, what: string): Buffer {
    if (this.closed) throw new Error(`the snapshot file is closed; ${what} was not read before`);
    if (this.base + part.offset + part.length > this.source.size) throw new SnapshotDamagedError(what, 'is cut short');
    const bytes = this.source.read(this.base + part.offset, part.length);
    if (sha256(bytes) !== part.sha256) throw new SnapshotDamagedError(what, 'does not match its checksum');
    let raw: Buffer;
    try {
      // One output buffer of the known length: zlib's default 16 KiB chunks are concatenated after.
      raw = inflateRawSync(bytes, { chunkSize: Math.max(64, part.rawLength) });
    } catch (e) {
      throw new SnapshotDamagedError(what, 'does not inflate', { cause: e });
    }
    if (raw.byteLength !== part.rawLength) throw new SnapshotDamagedError(what, 'has the wrong length');
    return raw;
  }

  /** A stored part inflated and v8-deserialized. */
  private decode(part: StoredPart, what: string): unknown {
    const raw = this.inflate(part, what);
    try {
      return deserialize(raw);
    } catch (e) {
      throw new SnapshotDamagedError(what, 'does not decode', { cause: e });
    }
  }

  section<T>(name: SectionName): T {
    if (!this.decoded.has(name)) this.decoded.set(name, this.decode(this.toc.sections[name], `${name} section`));
    return this.decoded.get(name) as T;
  }

  /** Analysis block b, read, checked and decoded once. */
  private analysisBlock(b: number): { table: AnalysisTable; reader: AnalysisReader } {
    let decoded = this.analysisBlocks.get(b);
    if (!decoded) {
      const block = this.toc.analysisBlocks[b];
      const what = `analysis block ${b}`;
      const table = this.decode(block, what) as AnalysisTable;
      let reader: AnalysisReader;
      try {
        reader = new AnalysisReader(table);
      } catch (e) {
        throw new SnapshotDamagedError(what, 'is of another version', { cause: e });
      }
      if (reader.fileCount !== block.fileCount)
        throw new SnapshotDamagedError(what, `lists ${reader.fileCount} files, not ${block.fileCount}`);
      decoded = { table, reader };
      this.analysisBlocks.set(b, decoded);
    }
    return decoded;
  }

  /** File i's analysis: its block is read (once) and the file's analysis decoded. */
  analysisAt(i: number): FileAnalysis {
    const blocks = this.toc.analysisBlocks;
    const b = blockOf(blocks, i);
    if (b < 0 || i >= blocks[b].firstFile + blocks[b].fileCount)
      throw new SnapshotDamagedError('analyses', `hold no file ${i}`);
    return this.analysisBlock(b).reader.analysisAt(i - blocks[b].firstFile);
  }

  /** Every file's analysis in one table (a loaded engine stored again, a rebuild reusing them). */
  wholeAnalyses(): AnalysisTable {
    return concatAnalyses(this.toc.analysisBlocks.map((_, b) => this.analysisBlock(b).table));
  }

  /** The text index's stored form, its term half read when a question first ranks terms. */
  private text(): TextSnapshot | null {
    const trigramHalf = this.section<TextSnapshot | null>('text');
    if (!trigramHalf) return null;
    const terms = () => this.section<TermSnapshot>('textTerms');
    return Object.defineProperty({ ...trigramHalf }, 'terms', { get: terms, enumerable: true });
  }

  private block(b: number): Buffer {
    let bytes = this.blocks.get(b);
    if (!bytes) {
      bytes = this.inflate(this.toc.textBlocks[b], `text block ${b}`);
      this.blocks.set(b, bytes);
    }
    return bytes;
  }

  private ends(): Uint32Array {
    return (this.textEnds ??= this.section<Uint32Array>('textEnds'));
  }

  /** File i's text: its block is read (once) and the text decoded. */
  fileText(i: number): string {
    const ends = this.ends();
    if (i < 0 || i >= ends.length) throw new SnapshotDamagedError('texts', `hold no file ${i}`);
    const lo = blockOf(this.toc.textBlocks, i);
    if (lo < 0) throw new SnapshotDamagedError('texts', `hold no file ${i}`);
    const block = this.toc.textBlocks[lo];
    const from = (i === 0 ? 0 : ends[i - 1]) - block.start;
    const to = ends[i] - block.start;
    const bytes = this.block(lo);
    if (from < 0 || to > bytes.byteLength)
      throw new SnapshotDamagedError(`text block ${lo}`, `does not hold file ${i}`);
    return bytes.toString('utf8', from, to);
  }

  /** Every text, one after the other (a loaded engine stored again). */
  wholeTexts(): StoredTexts {
    const ends = this.ends();
    const utf8 = new Uint8Array(ends.length === 0 ? 0 : ends[ends.length - 1]);
    this.toc.textBlocks.forEach((block, b) => utf8.set(this.block(b), block.start));
    return { utf8, ends };
  }

  storedEmbedder(): StoredEmbedder | null {
    return this.toc.embedder;
  }

  hasModality(m: Modality): boolean {
    return this.toc.present[m];
  }

  /** Reads and checks every part now, then closes the file. Throws SnapshotDamagedError. */
  readAll(): void {
    for (const name of SECTIONS) this.section(name);
    this.toc.textBlocks.forEach((_, b) => this.block(b));
    this.toc.analysisBlocks.forEach((_, b) => this.analysisBlock(b));
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.source.close();
  }

  /** The snapshot as the engine reads it: the parts not read at open are getters that read them. */
  snapshot(): EngineSnapshot {
    const head = this.section<{ version: number; stats: EngineSnapshot['stats'] }>('head');
    const modalities = {} as EngineSnapshot['modalities'];
    for (const m of STORED_MODALITIES)
      Object.defineProperty(modalities, m, {
        get: () => (m === 'text' ? this.text() : this.section(m)),
        enumerable: true,
      });
    let texts: StoredTexts | null = null;
    const snapshot = {
      version: head.version,
      stats: head.stats,
      files: this.section('files'),
      chunks: this.section('chunks'),
      modalities,
      onDemand: {
        fileText: (i) => this.fileText(i),
        hasModality: (m) => this.hasModality(m),
        chunkCentrality: () => this.section<Float32Array | null>('centrality'),
        analysisAt: (i) => this.analysisAt(i),
      },
    } as Omit<EngineSnapshot, 'texts' | 'analyses'> as EngineSnapshot;
    Object.defineProperty(snapshot, 'texts', { get: () => (texts ??= this.wholeTexts()), enumerable: true });
    let analyses: AnalysisTable | null = null;
    Object.defineProperty(snapshot, 'analyses', { get: () => (analyses ??= this.wholeAnalyses()), enumerable: true });
    return snapshot;
  }
}

/** Opens a snapshot file: its table of contents and the sections every load reads, checked. */
export function openSnapshotFile(path: string): SnapshotFileRead {
  let source: ByteSource;
  try {
    source = fileSource(path);
  } catch {
    return { missing: true };
  }
  const opened = openSource(source);
  if (!('snapshot' in opened)) source.close();
  return opened;
}

/** The same for a snapshot file's bytes in memory. */
export function decodeSnapshotFile(data: Buffer): SnapshotFileRead {
  return openSource(memorySource(data));
}

function openSource(source: ByteSource): SnapshotFileRead {
  if (source.size < HEADER_BYTES) return { damaged: 'not a snapshot file of this version of Fourfold' };
  const header = source.read(0, HEADER_BYTES);
  if (header.toString('latin1', 0, 8) !== SNAPSHOT_MAGIC)
    return { damaged: 'not a snapshot file of this version of Fourfold' };
  const tocLength = header.readUInt32LE(8);
  const base = aligned(HEADER_BYTES + tocLength);
  if (base > source.size) return { damaged: 'its table of contents is cut short' };
  const tocBytes = source.read(HEADER_BYTES, tocLength);
  if (checksumBytes(tocBytes) !== header.readUInt32LE(12))
    return { damaged: 'its table of contents does not match its checksum' };
  let toc: SnapshotToc;
  try {
    toc = JSON.parse(tocBytes.toString('utf8')) as SnapshotToc;
  } catch {
    return { damaged: 'its table of contents does not parse' };
  }
  const missing = SECTIONS.find((name) => !toc.sections?.[name]);
  if (missing || !Array.isArray(toc.textBlocks)) return { damaged: `its ${missing ?? 'texts'} section is missing` };
  if (!Array.isArray(toc.analysisBlocks)) return { damaged: 'its analyses are missing' };
  const file = new SnapshotFile(source, base, toc);
  try {
    for (const name of EAGER) file.section(name);
    const fileCount = file.section<unknown[]>('files').length;
    if (!analysisBlocksCover(toc.analysisBlocks, fileCount))
      return { damaged: `its analyses do not cover its ${fileCount} files` };
    return { snapshot: file.snapshot(), file };
  } catch (e) {
    if (e instanceof SnapshotDamagedError) return { damaged: e.message };
    throw e;
  }
}

/** Where each stored part of a snapshot file's bytes lies (absolute offsets): for tests that damage one, and for sizing. */
export function storedParts(data: Buffer): { name: string; start: number; length: number }[] {
  const base = aligned(HEADER_BYTES + data.readUInt32LE(8));
  const toc = snapshotFileToc(data);
  return [
    ...SECTIONS.map((name) => ({ name: `${name} section`, part: toc.sections[name] })),
    ...toc.textBlocks.map((part, b) => ({ name: `text block ${b}`, part })),
    ...toc.analysisBlocks.map((part, b) => ({ name: `analysis block ${b}`, part })),
  ].map(({ name, part }) => ({ name, start: base + part.offset, length: part.length }));
}

/** A snapshot file's table of contents, read as it is (unchecked: for tests and the bench's sizing). */
export function snapshotFileToc(data: Buffer): SnapshotToc {
  return JSON.parse(data.toString('utf8', HEADER_BYTES, HEADER_BYTES + data.readUInt32LE(8))) as SnapshotToc;
}

/** The last block whose first file is at most `i`, or -1 (no blocks, or `i` before the first). */
export function blockOf(blocks: readonly { firstFile: number }[], i: number): number {
  if (blocks.length === 0 || !(i >= blocks[0].firstFile)) return -1;
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks[mid].firstFile <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Whether the blocks hold files 0, 1, … fileCount - 1 in order, each once. */
function analysisBlocksCover(blocks: readonly AnalysisBlock[], fileCount: number): boolean {
  let next = 0;
  for (const b of blocks) {
    if (b.firstFile !== next || !(b.fileCount > 0)) return false;
    next += b.fileCount;
  }
  return next === fileCount;
}
