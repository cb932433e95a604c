/**
 * Builds the Corpus every index shares: files with their analyses, the chunk table (from
 * chunkSpans, dense ids in file order) and an O(log n) `chunkAt(fileId, line)`.
 */
import { DEFINITION_KINDS, type Chunk, type FileAnalysis, type Language, type SourceFile } from '../contract';
import { hashText } from '../intake/hash';
import type { Corpus, CorpusFile } from '../modality';
import { CorpusMacros } from './corpus-macros';
import { buildSpanLookup, chunkSpans, countLines, lookupSpan } from './chunks';
import type { SpanLookup } from './chunks';
import { StringTable } from '../store/growable';

/** A file whose analysis is already known (from a worker, or from the store). */
export interface AnalyzedFile {
  path: string;
  text: string;
  analysis: FileAnalysis;
  /** hashText(text); computed when absent. */
  hash?: string;
  /** Bytes as read; the text's length when absent. */
  size?: number;
}

export interface FileAnalyzer {
  analyze(path: string, text: string): FileAnalysis;
}

/** Analyzes each file, then builds the corpus. */
export function buildCorpus(files: readonly SourceFile[], analyzer: FileAnalyzer): Corpus {
  const macros = CorpusMacros.of(files);
  return corpusFromAnalyses(
    files.map((f) => {
      const analysis = analyzer.analyze(f.path, f.text);
      return { path: f.path, text: f.text, analysis: macros ? macros.complete(f.path, f.text, analysis) : analysis };
    }),
  );
}

/** File ids follow the input order; chunk ids are dense, in file order then start line. */
export function corpusFromAnalyses(entries: readonly AnalyzedFile[]): Corpus {
  const builder = new CorpusBuilder();
  for (let i = 0; i < entries.length; i++) builder.add(entries[i]);
  return builder.finish();
}

/** A corpus built file by file as files arrive: what corpusFromAnalyses gives for the same files in the same order. */
export class CorpusBuilder {
  private readonly files: CorpusFile[] = [];
  private readonly chunks: Chunk[] = [];
  private readonly lookups: SpanLookup[] = [];
  private readonly firstChunk: number[] = [];
  private readonly fileByPath = new Map<string, CorpusFile>();

  /** The next file (id = files added so far), its chunks cut from its analysis. */
  add(entry: AnalyzedFile): CorpusFile {
    const id = this.files.length;
    const spans = chunkSpans(entry.analysis);
    const chunks = this.chunks;
    const base = chunks.length;
    const chunkIds: number[] = [];
    for (let i = 0; i < spans.length; i++) {
      const span = spans[i];
      const chunk: Chunk = {
        id: chunks.length,
        fileId: id,
        path: entry.path,
        startLine: span.startLine,
        endLine: span.endLine,
        kind: span.kind,
      };
      if (span.symbol !== undefined) chunk.symbol = span.symbol;
      if (span.definitionKind !== undefined) chunk.definitionKind = span.definitionKind;
      if (span.container !== undefined) chunk.container = span.container;
      chunkIds.push(chunk.id);
      chunks.push(chunk);
    }
    this.lookups.push(buildSpanLookup(spans));
    this.firstChunk.push(base);
    const file = corpusFile(id, entry, chunkIds);
    this.files.push(file);
    this.fileByPath.set(entry.path, file);
    return file;
  }

  /** The chunks added so far, by id. */
  chunkById(id: number): Chunk {
    return this.chunks[id];
  }

  /** Chunks added so far. */
  get chunkCount(): number {
    return this.chunks.length;
  }

  /** The chunks added so far from id `first` on. */
  chunksFrom(first: number): Chunk[] {
    return this.chunks.slice(first);
  }

  /** The chunk of an added file at a line: what the finished corpus's chunkAt answers. */
  chunkAt(fileId: number, line: number): number {
    const lookup = this.lookups[fileId];
    if (!lookup) throw new RangeError(`no file ${fileId}`);
    return this.firstChunk[fileId] + lookupSpan(lookup, line);
  }

  finish(): Corpus {
    const lookups = this.lookups;
    return withLookups(this.files, this.chunks, this.fileByPath, (id) => lookups[id], this.firstChunk);
  }

  /** The corpus of the files added so far, which files added later do not change. */
  peek(): Corpus {
    const lookups = this.lookups;
    const count = this.files.length;
    return withLookups(
      this.files.slice(),
      this.chunks.slice(),
      new Map(this.fileByPath),
      (id) => (id < count ? lookups[id] : undefined),
      this.firstChunk.slice(),
    );
  }
}

/**
 * The chunk table and each file's line → chunk lookup in columns, stored with a snapshot so a
 * loaded corpus is rebuilt without recomputing a single chunk span.
 */
export interface ChunkTable {
  version: number;
  /** Chunks of file f are ids fileChunkStart[f]..fileChunkStart[f+1]-1. */
  fileChunkStart: Uint32Array;
  startLine: Uint32Array;
  endLine: Uint32Array;
  /** 1 for a definition chunk, 0 for a window. */
  definition: Uint8Array;
  /** Index into `names`, or -1. */
  symbol: Int32Array;
  container: Int32Array;
  /** Index into CHUNK_KINDS, or 255. */
  definitionKind: Uint8Array;
  names: string[];
  /** File f's SpanLookup is runStarts/runSpans[fileRunStart[f]..fileRunStart[f+1]]. */
  fileRunStart: Uint32Array;
  runStarts: Int32Array;
  runSpans: Int32Array;
}

const CHUNK_TABLE_VERSION = 1;
const NO_KIND = 255;

/** The corpus's chunks and lookups as a ChunkTable. */
export function encodeChunkTable(corpus: Corpus): ChunkTable {
  const n = corpus.chunks.length;
  const fileChunkStart = new Uint32Array(corpus.files.length + 1);
  const startLine = new Uint32Array(n);
  const endLine = new Uint32Array(n);
  const definition = new Uint8Array(n);
  const symbol = new Int32Array(n);
  const container = new Int32Array(n);
  const definitionKind = new Uint8Array(n);
  const table = new StringTable();
  const names = table.values;
  const nameId = (s: string | undefined) => (s === undefined ? -1 : table.id(s));
  for (const c of corpus.chunks) {
    startLine[c.id] = c.startLine;
    endLine[c.id] = c.endLine;
    definition[c.id] = c.kind === 'definition' ? 1 : 0;
    symbol[c.id] = nameId(c.symbol);
    container[c.id] = nameId(c.container);
    definitionKind[c.id] = c.definitionKind === undefined ? NO_KIND : DEFINITION_KINDS.indexOf(c.definitionKind);
  }
  const lookups = corpus.files.map((f) => lookupOf(corpus, f.id));
  const fileRunStart = new Uint32Array(corpus.files.length + 1);
  corpus.files.forEach((f, i) => {
    fileChunkStart[i + 1] = fileChunkStart[i] + f.chunkIds.length;
    if (f.chunkIds.length > 0 && f.chunkIds[0] !== fileChunkStart[i])
      throw new Error('chunk ids are not in file order');
    fileRunStart[i + 1] = fileRunStart[i] + lookups[i].runStarts.length;
  });
  const runStarts = new Int32Array(fileRunStart[corpus.files.length]);
  const runSpans = new Int32Array(runStarts.length);
  lookups.forEach((l, i) => {
    runStarts.set(l.runStarts, fileRunStart[i]);
    runSpans.set(l.runSpans, fileRunStart[i]);
  });
  return {
    version: CHUNK_TABLE_VERSION,
    fileChunkStart,
    startLine,
    endLine,
    definition,
    symbol,
    container,
    definitionKind,
    names,
    fileRunStart,
    runStarts,
    runSpans,
  };
}

/** The lookup a corpus built by corpusFromAnalyses or corpusFromChunkTable keeps for a file. */
function lookupOf(corpus: Corpus, fileId: number): SpanLookup {
  const lookup = (corpus as Corpus & { [LOOKUPS]?: (fileId: number) => SpanLookup | undefined })[LOOKUPS]?.(fileId);
  if (!lookup) throw new Error('this corpus keeps no span lookups');
  return lookup;
}

const LOOKUPS = Symbol('span lookups');

/**
 * The corpus of `entries` (in the order they were stored) from its stored chunk table. Each
 * file's span lookup and chunk-id list are made when first asked for: a cached question touches
 * a few files of thousands.
 */
export function corpusFromChunkTable(entries: readonly AnalyzedFile[], table: ChunkTable): Corpus {
  if (table?.version !== CHUNK_TABLE_VERSION)
    throw new Error(`chunk table version ${table?.version}, expected ${CHUNK_TABLE_VERSION}`);
  if (table.fileChunkStart.length !== entries.length + 1)
    throw new Error(`chunk table has ${table.fileChunkStart.length - 1} files, the snapshot ${entries.length}`);
  const files: CorpusFile[] = new Array(entries.length);
  const chunks: Chunk[] = new Array(table.startLine.length);
  const fileByPath = new Map<string, CorpusFile>();
  for (let id = 0; id < entries.length; id++) {
    const entry = entries[id];
    for (let c = table.fileChunkStart[id]; c < table.fileChunkStart[id + 1]; c++)
      chunks[c] = storedChunk(table, c, id, entry.path);
    const file = new StoredCorpusFile(id, entry, table.fileChunkStart);
    files[id] = file;
    fileByPath.set(entry.path, file);
  }
  const lookups: SpanLookup[] = [];
  const lookupAt = (id: number): SpanLookup | undefined => {
    if (!(id >= 0 && id < entries.length)) return undefined;
    const from = table.fileRunStart[id];
    const to = table.fileRunStart[id + 1];
    return (lookups[id] ??= {
      runStarts: table.runStarts.subarray(from, to),
      runSpans: table.runSpans.subarray(from, to),
    });
  };
  return withLookups(files, chunks, fileByPath, lookupAt, table.fileChunkStart);
}

function storedChunk(table: ChunkTable, c: number, fileId: number, path: string): Chunk {
  const chunk: Chunk = {
    id: c,
    fileId,
    path,
    startLine: table.startLine[c],
    endLine: table.endLine[c],
    kind: table.definition[c] === 1 ? 'definition' : 'window',
  };
  if (table.symbol[c] >= 0) chunk.symbol = table.names[table.symbol[c]];
  if (table.definitionKind[c] !== NO_KIND) chunk.definitionKind = DEFINITION_KINDS[table.definitionKind[c]];
  if (table.container[c] >= 0) chunk.container = table.names[table.container[c]];
  return chunk;
}

function corpusFile(id: number, entry: AnalyzedFile, chunkIds: number[]): CorpusFile {
  return {
    id,
    path: entry.path,
    hash: entry.hash ?? hashText(entry.text),
    size: entry.size ?? entry.text.length,
    language: entry.analysis.language,
    text: entry.text,
    analysis: entry.analysis,
    chunkIds,
  };
}

/**
 * A stored file: its text, analysis and language are read from the entry when first asked
 * for, so loading a snapshot decodes no file that a query does not touch.
 */
class StoredCorpusFile implements CorpusFile {
  readonly path: string;
  readonly hash: string;
  readonly size: number;
  private chunkIdsValue: number[] | null = null;
  constructor(
    readonly id: number,
    private readonly entry: AnalyzedFile,
    /** The chunk table's: this file's chunks are fileChunkStart[id]..fileChunkStart[id+1]-1. */
    private readonly fileChunkStart: Uint32Array,
  ) {
    this.path = entry.path;
    this.hash = entry.hash ?? hashText(entry.text);
    this.size = entry.size ?? entry.text.length;
  }
  get chunkIds(): number[] {
    if (!this.chunkIdsValue) {
      const from = this.fileChunkStart[this.id];
      this.chunkIdsValue = Array.from({ length: this.fileChunkStart[this.id + 1] - from }, (_, i) => from + i);
    }
    return this.chunkIdsValue;
  }
  get text(): string {
    return this.entry.text;
  }
  get analysis(): FileAnalysis {
    return this.entry.analysis;
  }
  get language(): Language | null {
    return this.entry.analysis.language;
  }
}

function withLookups(
  files: CorpusFile[],
  chunks: Chunk[],
  fileByPath: Map<string, CorpusFile>,
  lookupAt: (fileId: number) => SpanLookup | undefined,
  firstChunk: ArrayLike<number>,
): Corpus {
  const corpus: Corpus & { [LOOKUPS]: (fileId: number) => SpanLookup | undefined } = {
    files,
    chunks,
    fileByPath,
    chunkAt(fileId: number, line: number): number {
      const lookup = lookupAt(fileId);
      if (!lookup) throw new RangeError(`no file ${fileId}`);
      return firstChunk[fileId] + lookupSpan(lookup, line);
    },
    [LOOKUPS]: lookupAt,
  };
  return corpus;
}

/**
 * A corpus of files taken as plain text (no parser): line windows only, exactly what an
 * unsupported language gets. For modality tests that need the real chunking without tree-sitter.
 */
export function corpusFromTexts(files: readonly SourceFile[]): Corpus {
  return corpusFromAnalyses(
    files.map((f) => ({ path: f.path, text: f.text, analysis: unparsedAnalysis(f.path, f.text) })),
  );
}

/** A file's analysis before (or without) a parse: its lines and nothing else. */
export function unparsedAnalysis(path: string, text: string): FileAnalysis {
  return {
    path,
    language: null,
    parsed: false,
    lineCount: countLines(text),
    definitions: [],
    references: [],
    imports: [],
  };
}
