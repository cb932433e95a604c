/**
 * The semantic modality: every chunk embedded once as a binary vector, searched by Hamming
 * distance to the query's vector (first stage), the best candidates rescored by the cosine of
 * the float query with int8 vectors stored beside the bits (second stage; embedders without int8
 * rescore against the ±1 bits). Unchanged chunks are never re-embedded: each stored index keeps
 * its chunks' embedding-text hashes beside the vectors, so a re-index takes a chunk's vectors
 * from the previous index of the repository by that hash; the embedding cache (keyed by
 * embedder id and the same hash) carries vectors across a build that did not finish.
 */
import type { Chunk, ModalityHit, QueryPlan } from '../contract';
import type { Corpus, Retriever } from '../modality';
import { BinaryVectorIndex, packSigns, wordsFor } from './binary';
import { hashText, TEXT_HASH_LENGTH } from '../intake/hash';
import type { EmbeddingCache } from '../store/store';
import {
  type DocumentEmbeddings,
  type Embedder,
  bodyWindowCount,
  bodyWindowLines,
  chunkBodyWindowTexts,
  chunkEmbeddingText,
  chunkNameText,
} from './embedder';
import { cosineFloatInt8 } from './int8';
import { NAME_VECTOR_WEIGHT, semanticQueryText } from '../ranking';
import { asksHow } from '../search/members';

/** Chunks embedded per call while building: progress granularity, how soon a cancel lands, and how much the local model can sort by length (src/engine/semantic/local.ts). */
const DEFAULT_BUILD_BATCH = 512;
/**
 * Hamming candidates re-ranked when the embedder offers a float query vector (0 = off): by the
 * cosine with the int8 document vectors when the index has them, else by float query · (±1
 * document bits). 256 sign bits are noisy (ties within a few bits are common); rescoring
 * recovers most of the lost precision at the cost of 100 × dims multiply-adds.
 */
export const DEFAULT_RESCORE_CANDIDATES = 100;

/**
 * Code → code ("find similar") is ranked by the int8 cosine over every chunk, not over the 100
 * Hamming-nearest only: the sign bits left out neighbours the cosine ranks high. A question keeps
 * the two stages: ranked exactly, short questions gained on the understand set's tuning half and
 * lost as much on its held-out half (docs/eval/FUSION.md). The scan costs chunks × dims
 * multiply-adds, which grows past a query's budget in big repositories, so above
 * EXACT_RESCORE_MAX_CHUNKS the two stages stay (the timings are in docs/bench/HISTORY.md).
 */
export const EXACT_RESCORE_MAX_CHUNKS = 50_000;

/**
 * A cache entry is the chunk's bits (wordsFor(dims) words), optionally followed by its int8
 * vector packed four bytes to a word, so the cache keeps one Uint32Array per text whatever the
 * store. An entry of bits alone (an older cache, or an embedder without int8) is still valid.
 */
function cacheRecord(bits: Uint32Array, int8: Int8Array | undefined): Uint32Array {
  if (!int8) return bits;
  const record = new Uint32Array(bits.length + int8.length / 4);
  record.set(bits);
  new Int8Array(record.buffer, bits.length * 4, int8.length).set(int8);
  return record;
}

export type { EmbeddingCache };

/** Bytes of one stored text hash: hashText's 28 hex digits, two to a byte. */
const HASH_BYTES = TEXT_HASH_LENGTH / 2;

/** Text hashes packed HASH_BYTES to a hash (half the size of the hex, one typed array instead of thousands of strings). */
export function packTextHashes(hashes: readonly string[]): Uint8Array {
  const out = new Uint8Array(hashes.length * HASH_BYTES);
  hashes.forEach((hash, i) => {
    for (let b = 0; b < HASH_BYTES; b++) out[i * HASH_BYTES + b] = parseInt(hash.slice(2 * b, 2 * b + 2), 16);
  });
  return out;
}

/** The hashes packTextHashes packed, as hashText writes them. */
export function unpackTextHashes(packed: Uint8Array): string[] {
  const out: string[] = new Array(packed.length / HASH_BYTES);
  for (let i = 0; i < out.length; i++) {
    let hex = '';
    for (let b = 0; b < HASH_BYTES; b++) hex += packed[i * HASH_BYTES + b].toString(16).padStart(2, '0');
    out[i] = hex;
  }
  return out;
}

/** An in-memory EmbeddingCache (Node CLI, tests); the browser's lives in IndexedDB. */
export class MemoryEmbeddingCache implements EmbeddingCache {
  /** `vectors` may come from a file (the CLI keeps them between runs): keys are `embedderId\0hash`. */
  constructor(readonly vectors = new Map<string, Uint32Array>()) {}
  async get(embedderId: string, textHashes: string[]): Promise<(Uint32Array | undefined)[]> {
    return textHashes.map((h) => this.vectors.get(`${embedderId}\u0000${h}`));
  }
  async put(embedderId: string, entries: [string, Uint32Array][]): Promise<void> {
    for (const [h, v] of entries) this.vectors.set(`${embedderId}\u0000${h}`, v);
  }
  get size(): number {
    return this.vectors.size;
  }
}

export interface SemanticSnapshot {
  embedderId: string;
  dimensions: number;
  chunkCount: number;
  /**
   * All chunk vectors, chunk id order, wordsFor(dimensions) words each; then the body windows'
   * (bodyWindowRows: each long function's, in chunk id order), when the snapshot has them.
   */
  vectors: Uint32Array;
  /** int8 vectors (int8.ts), the same rows, `dimensions` bytes each; absent for embedders without them (and in snapshots written before them). */
  int8?: Int8Array;
  /** Each row's embedding-text hash (packTextHashes), the same rows: what a re-index reuses vectors by. Absent in snapshots written before them. */
  textHashes?: Uint8Array;
  /** The chunks contentlessChunks flags, ids ascending: a question's first semantic list reads no file text. Absent in snapshots written before them. */
  contentless?: Uint32Array;
}

/**
 * A second vector per definition, its `kind container.symbol` line and signature alone
 * (chunkNameText), embedded like a chunk. The model pools tokens by their mean, so a long body
 * drowns the name that says what the code does; a few search-box words ("dijkstra weighted
 * path") are closest to the name. A question's semantic score for a definition is its chunk's
 * cosine plus NAME_VECTOR_WEIGHT × its name's cosine (docs/ranking.md#semantic-names).
 *
 * Nothing of it is stored: stored, a row per definition grew the 10 MB tier's snapshot with the
 * local model 1.33× → 1.65× the source (docs/bench/HISTORY.md, 2026-12-03). The names of a
 * question's candidates are embedded when it is asked, by an embedder that can do so in this
 * process for little (Embedder.embedNames: the bundled static model, a table lookup and a mean
 * per name), and kept in NameVectorCache for the next question.
 */

/**
 * Questions of at most this many content words (QueryPlan.terms) use the names: a search box's
 * few words, which a name says and a long body drowns. A doc sentence describes the body: with
 * the names for every question npm run eval's thorough understand fell, limited to these it rose
 * (docs/bench/HISTORY.md). The same bound as EXPANSION_MAX_WORDS (ranking.ts), for the same kind
 * of question.
 */
export const NAME_VECTOR_MAX_WORDS = 4;

/**
 * Hamming candidates whose names a question embeds (and whose chunks it rescores): more than a
 * plain question's DEFAULT_RESCORE_CANDIDATES (and the list's MODALITY_LIST_DEPTH of 100), since
 * the name can lift a definition whose chunk the bits put further down. On the understand set's
 * tuning half 200 did as well as 400 and 1,000 on doc sentences and better on keywords, at half
 * the names embedded per question (docs/bench/HISTORY.md, 2026-12-03).
 */
export const NAME_CANDIDATES = 200;

/**
 * Name texts' int8 vectors by embedder id and text, for every index in this process (a warm
 * server or tab embeds a name once). Bounded: cleared when full (a name row is `dimensions` bytes,
 * 256 for the bundled model, so 50,000 names are 13 MB).
 */
export class NameVectorCache {
  static readonly MAX_ENTRIES = 50_000;
  private readonly byKey = new Map<string, Int8Array>();
  get size(): number {
    return this.byKey.size;
  }
  // The text itself is the key: a name line and signature are short, and hashing would cost more than the lookup.
  get(embedderId: string, text: string): Int8Array | undefined {
    return this.byKey.get(`${embedderId}\n${text}`);
  }
  set(embedderId: string, text: string, vector: Int8Array): void {
    if (this.byKey.size >= NameVectorCache.MAX_ENTRIES) this.byKey.clear();
    this.byKey.set(`${embedderId}\n${text}`, vector);
  }
}
export const nameVectorCache = new NameVectorCache();

export interface SemanticBuildOptions {
  cache?: EmbeddingCache;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  batchSize?: number;
  /** The repository's previous index (same embedder): chunks whose embedding text it holds take their vectors from it, neither embedded nor read from the cache. */
  previous?: SemanticSnapshot | null;
  /** Called at the end of each step of the build (`semantic-texts`, `-cache-read`, `-embed`, `-cache-write`) with its start time (performance.now()). */
  onStep?: (step: string, start: number) => void;
  /** Called once the first batch is with the embedder (or nothing needs embedding). */
  onEmbedding?: () => void;
}

/** A previous snapshot whose vectors a build with this embedder can take: same embedder and width, hashes stored, int8 when the build needs it. */
function usablePrevious(
  previous: SemanticSnapshot | null | undefined,
  embedderId: string,
  dims: number,
  withInt8: boolean,
): SemanticSnapshot | null {
  if (!previous || previous.embedderId !== embedderId || previous.dimensions !== dims) return null;
  // Its rows: its chunks', and its body windows' when it has them (any number: only hashes are matched).
  const rows = previous.vectors.length / wordsFor(dims);
  if (!Number.isInteger(rows) || rows < previous.chunkCount) return null;
  if (previous.textHashes?.length !== rows * HASH_BYTES) return null;
  if (withInt8 && previous.int8?.length !== rows * dims) return null;
  return previous;
}

/**
 * Each row's embedding text — every chunk's, chunk id order, then the body windows' (bodyWindowRows)
 * — and contentlessChunks read from the same lines.
 */
function embeddingTexts(corpus: Corpus): { texts: string[]; contentless: Uint8Array } {
  const texts: string[] = new Array(corpus.chunks.length);
  const windows: string[] = [];
  const contentless = new Uint8Array(corpus.chunks.length);
  const linesByFile = new Map<number, string[]>();
  for (const chunk of corpus.chunks) {
    let lines = linesByFile.get(chunk.fileId);
    if (!lines) linesByFile.set(chunk.fileId, (lines = corpus.files[chunk.fileId].text.split('\n')));
    texts[chunk.id] = chunkEmbeddingText(chunk, corpus.files[chunk.fileId], lines);
    for (const text of chunkBodyWindowTexts(chunk, corpus.files[chunk.fileId], lines)) windows.push(text);
    if (chunk.kind === 'window' && !lines.slice(chunk.startLine - 1, chunk.endLine).some((l) => MEANINGFUL.test(l)))
      contentless[chunk.id] = 1;
  }
  for (const text of windows) texts.push(text);
  return { texts, contentless };
}

/**
 * The rows past the chunks' (SemanticSnapshot.vectors): the body windows of each long function
 * (embedder.ts bodyWindowCount), chunk id order, each function's in line order. `owner[j]` is the
 * chunk of row chunkCount + j, `index[j]` its window's number in that function.
 */
export interface BodyWindowRows {
  owner: Uint32Array;
  index: Uint16Array;
}

/** The body window rows of a corpus, as embeddingTexts writes their texts. */
export function bodyWindowRows(corpus: Corpus): BodyWindowRows {
  let n = 0;
  for (const chunk of corpus.chunks) n += bodyWindowCount(chunk);
  const owner = new Uint32Array(n);
  const index = new Uint16Array(n);
  let j = 0;
  for (const chunk of corpus.chunks)
    for (let k = bodyWindowCount(chunk), i = 0; i < k; i++, j++) {
      owner[j] = chunk.id;
      index[j] = i;
    }
  return { owner, index };
}

/**
 * Chunks with nothing to mean, by chunk id (1 = contentless): windows whose lines hold no letter
 * or digit (blank lines, a lone `}` or `)`, and a doc comment's lines once comments are blanked).
 * Such a chunk's embedding text is its path alone, so its vector is the path's: a short question
 * that names the folder or file ("rename identifier refactor") found rename.go's blank lines
 * ahead of the function that renames (docs/bench/HISTORY.md has the counts). They stay chunks (text search
 * and line lookups cover every line); a question's semantic list leaves them out. "Find similar"
 * (code → code) keeps them: there a file's path vector finds its namesake in another package
 * (npm run eval's similar set, file level, lost without them). Definitions always carry a name,
 * so only windows are read.
 */
export function contentlessChunks(corpus: Corpus): Uint8Array {
  const out = new Uint8Array(corpus.chunks.length);
  let fileId = -1;
  let text = '';
  // Where line `line` starts in `text` (-1: the text has fewer lines). A file's chunks come in line
  // order, so one pass over its newlines serves all its windows, and no line is copied.
  let line = 1;
  let offset = 0;
  for (const chunk of corpus.chunks) {
    if (chunk.kind !== 'window') continue;
    if (fileId !== chunk.fileId || chunk.startLine < line) {
      if (fileId !== chunk.fileId) text = corpus.files[(fileId = chunk.fileId)].text;
      line = 1;
      offset = 0;
    }
    for (; line < chunk.startLine && offset >= 0; line++) {
      const newline = text.indexOf('\n', offset);
      offset = newline < 0 ? -1 : newline + 1;
    }
    if (offset < 0) {
      out[chunk.id] = 1; // past the last line: no line to mean anything
      continue;
    }
    const start = offset;
    for (; line <= chunk.endLine && offset >= 0; line++) {
      const newline = text.indexOf('\n', offset);
      offset = newline < 0 ? -1 : newline + 1;
    }
    const end = offset < 0 ? text.length : offset;
    // A newline is no letter or digit: the window's lines and their newlines are searched at once.
    MEANINGFUL_FROM.lastIndex = start;
    const found = MEANINGFUL_FROM.exec(text);
    if (!found || found.index >= end) out[chunk.id] = 1;
  }
  return out;
}

/**
 * A module definition of one line: a declaration that names a module whose code is elsewhere
 * (Rust's `pub mod install;`, TypeScript's `declare module 'x';`) or holds none (Ruby's `module
 * Foo; end`). Its embedding text is its path and its name, nothing that says what code does, so a
 * question that names a folder or a module ("install binary crate") found it before the function
 * that does the work (cargo's `mod install;` in src/bin/cargo/commands/mod.rs). A question's
 * semantic list leaves these chunks out, as it does contentless windows; text search, the
 * structural list (a definition query for the module) and "find similar" keep them. Read from the
 * chunk's kind and lines alone, so it needs nothing stored.
 */
export function isModuleDeclaration(chunk: Chunk): boolean {
  return chunk.kind === 'definition' && chunk.definitionKind === 'module' && chunk.startLine === chunk.endLine;
}

/** A letter or digit of any script. */
const MEANINGFUL = /[\p{L}\p{N}]/u;
/** MEANINGFUL from a position (lastIndex). */
const MEANINGFUL_FROM = /[\p{L}\p{N}]/gu;

/** The ids of the chunks flagged, ascending: what a snapshot stores of contentlessChunks. */
function flaggedIds(flags: Uint8Array): Uint32Array {
  let n = 0;
  for (const f of flags) n += f;
  const ids = new Uint32Array(n);
  for (let id = 0, k = 0; id < flags.length; id++) if (flags[id]) ids[k++] = id;
  return ids;
}

/** Stored ids back to flags; undefined when they do not fit the corpus (then they are read from the texts again). */
function flagsOf(ids: Uint32Array | undefined, chunkCount: number): Uint8Array | undefined {
  if (!ids) return undefined;
  const flags = new Uint8Array(chunkCount);
  for (let k = 0; k < ids.length; k++) {
    if (ids[k] >= chunkCount || (k > 0 && ids[k] <= ids[k - 1])) return undefined;
    flags[ids[k]] = 1;
  }
  return flags;
}

/** The vectors a build fills in, chunk id order: `words` words of bits and, with int8, `dims` bytes per chunk. */
interface BuildVectors {
  data: Uint32Array;
  int8: Int8Array | undefined;
  words: number;
  dims: number;
}

/** Copies the previous index's vectors of chunks whose embedding text it holds; returns the ids it does not hold. */
function copyFromPrevious(
  previous: SemanticSnapshot | null,
  hashes: readonly string[],
  { data, int8, words, dims }: BuildVectors,
): number[] {
  const fromPrevious = new Map<string, number>();
  if (previous) unpackTextHashes(previous.textHashes!).forEach((hash, row) => fromPrevious.set(hash, row));
  const notInPrevious: number[] = [];
  for (let id = 0; id < hashes.length; id++) {
    const row = fromPrevious.get(hashes[id]);
    if (row === undefined) {
      notInPrevious.push(id);
      continue;
    }
    data.set(previous!.vectors.subarray(row * words, (row + 1) * words), id * words);
    int8?.set(previous!.int8!.subarray(row * dims, (row + 1) * dims), id * dims);
  }
  return notInPrevious;
}

/** Copies the cache's usable entries (`cachedList[i]` is `ids[i]`'s); returns the ids still to embed. */
function copyFromCache(
  ids: readonly number[],
  cachedList: readonly (Uint32Array | undefined)[],
  { data, int8, words, dims }: BuildVectors,
): number[] {
  const missing: number[] = [];
  ids.forEach((id, i) => {
    const v = cachedList[i];
    if (v && v.length === words && !int8) data.set(v, id * words);
    else if (v && v.length === words + dims / 4) {
      data.set(v.subarray(0, words), id * words);
      int8?.set(new Int8Array(v.buffer, v.byteOffset + words * 4, dims), id * dims);
    } else missing.push(id);
  });
  return missing;
}

/** One batch's document embeddings: bits and int8 from an embedder that gives both, else bits alone. */
function embedBatch(
  embedder: Embedder,
  texts: string[],
  withInt8: boolean,
  signal: AbortSignal | undefined,
): Promise<DocumentEmbeddings> {
  if (!texts.length) return Promise.resolve({ bits: [], int8: [] });
  if (withInt8) return embedder.embedDocuments!(texts, signal);
  return embedder.embed(texts, 'document', signal).then((bits) => ({ bits, int8: [] }));
}

export class SemanticIndex implements Retriever {
  readonly modality = 'semantic' as const;
  /** What the last build did: chunks sent to the embedder vs. taken from the cache. */
  buildStats = { embedded: 0, reused: 0 };
  rescoreCandidates = DEFAULT_RESCORE_CANDIDATES;
  /**
   * contentlessChunks: found by the build from the lines it splits anyway, and stored (a few KB of
   * ids); read from the texts on the first search only when a snapshot holds none that fit, since
   * that reads every file's text (inflating all of them, from a cached index).
   */
  private contentless: Uint8Array | undefined;
  /** Each chunk's chunkNameText once a question has had it as a candidate (a definition's signature is found by a scan of its file's definitions). */
  private nameTexts: (string | null | undefined)[] | undefined;
  /** Rows a search of the chunks' own vectors skips: the contentless chunks and every body window. */
  private chunkSkip: Uint8Array | undefined;
  /** Rows a search of the body windows skips: every chunk's own. */
  private windowSkip: Uint8Array | undefined;
  /** Rows "find similar" skips: every body window. */
  private similarSkip: Uint8Array | undefined;

  private constructor(
    private readonly corpus: Corpus,
    readonly embedderId: string,
    /** Every row's bits: the chunks' in chunk id order, then the body windows' (`windows`). */
    readonly vectors: BinaryVectorIndex,
    /** int8 vectors beside the bits (the same rows, `dimensions` bytes each), when the embedder gives them. */
    readonly int8: Int8Array | undefined,
    private readonly embedder: Embedder | null,
    /** packTextHashes of each row's embedding text; undefined when loaded from a snapshot without them. */
    readonly textHashes: Uint8Array | undefined,
    contentless: Uint8Array | undefined,
    /** The rows past the chunks'; null when the vectors hold none (a snapshot written before them). */
    private readonly windows: BodyWindowRows | null,
  ) {
    this.contentless = contentless;
  }

  /** Chunks in the corpus: the rows before the body windows'. */
  get chunkCount(): number {
    return this.corpus.chunks.length;
  }

  /** Body window rows held (0 when none). */
  get bodyWindowCount(): number {
    return this.windows?.owner.length ?? 0;
  }

  static async build(corpus: Corpus, embedder: Embedder, options: SemanticBuildOptions = {}): Promise<SemanticIndex> {
    const { cache, signal, onProgress, onStep } = options;
    const batchSize = Math.max(1, options.batchSize ?? embedder.buildBatch ?? DEFAULT_BUILD_BATCH);
    let stepStart = performance.now();
    const step = (name: string) => {
      onStep?.(`semantic-${name}`, stepStart);
      stepStart = performance.now();
    };
    const { texts, contentless } = embeddingTexts(corpus);
    // Rows: the chunks', then their body windows'.
    const total = texts.length;
    const hashes = texts.map(hashText);
    step('texts');
    signal?.throwIfAborted();

    const dims = embedder.dimensions;
    const words = wordsFor(dims);
    const withInt8 = embedder.embedDocuments !== undefined;
    const data = new Uint32Array(total * words);
    const int8 = withInt8 ? new Int8Array(total * dims) : undefined;
    const vectors = { data, int8, words, dims };
    // The previous index of this repository first: a re-index reads nothing else for unchanged chunks.
    const notInPrevious = copyFromPrevious(
      usablePrevious(options.previous, embedder.id, dims, withInt8),
      hashes,
      vectors,
    );
    const cachedList =
      cache && notInPrevious.length
        ? await cache.get(
            embedder.id,
            notInPrevious.map((id) => hashes[id]),
          )
        : [];
    step('cache-read');
    const missing = copyFromCache(notInPrevious, cachedList, vectors);
    const stats = { embedded: 0, reused: total - missing.length };
    let done = stats.reused;
    onProgress?.(done, total);

    // Cache writes go one after another beside the embedding, never holding up the next batch;
    // the build waits for them (and fails with them) at the end.
    let writes: Promise<void> = Promise.resolve();
    let writeError: unknown;
    const write = (entries: [string, Uint32Array][]) => {
      writes = writes
        .then(() => (writeError === undefined ? cache!.put(embedder.id, entries) : undefined))
        .catch((error: unknown) => void (writeError ??= error));
    };
    // Identical texts (copied files, vendored duplicates) are embedded once.
    const firstWithHash = new Map<string, number>();
    /** Sends a batch's texts not embedded yet (nor on their way) to the embedder. */
    const send = (ids: number[]) => {
      const unique = ids.filter((id) => {
        if (firstWithHash.has(hashes[id])) return false;
        firstWithHash.set(hashes[id], id);
        return true;
      });
      const uniqueTexts = unique.map((id) => texts[id]);
      const found = embedBatch(embedder, uniqueTexts, withInt8, signal);
      found.catch(() => undefined); // awaited in order below; a batch sent ahead of a failure is not unhandled
      return { ids, unique, found };
    };
    const batches: number[][] = [];
    for (let i = 0; i < missing.length; i += batchSize) batches.push(missing.slice(i, i + batchSize));
    // One batch is always sent ahead: the embedder has the next while this thread takes the last
    // (and while it builds the other indexes, between whose stages the replies come in).
    let ahead = batches.length ? send(batches[0]) : null;
    options.onEmbedding?.();
    for (let b = 0; b < batches.length; b++) {
      signal?.throwIfAborted();
      const { ids, unique, found: sent } = ahead!;
      ahead = b + 1 < batches.length ? send(batches[b + 1]) : null;
      const found = await sent;
      const entries: [string, Uint32Array][] = [];
      unique.forEach((id, j) => {
        const bits = found.bits[j];
        if (bits.length !== words)
          throw new Error(`embedder ${embedder.id} returned ${bits.length} words; ${words} expected`);
        data.set(bits, id * words);
        if (int8) {
          if (found.int8[j]?.length !== dims)
            throw new Error(`embedder ${embedder.id} returned no ${dims}-dimension int8 vector`);
          int8.set(found.int8[j], id * dims);
        }
        entries.push([hashes[id], cacheRecord(bits, int8 ? found.int8[j] : undefined)]);
      });
      for (const id of ids) {
        const source = firstWithHash.get(hashes[id])!;
        if (source === id) continue;
        data.copyWithin(id * words, source * words, (source + 1) * words);
        int8?.copyWithin(id * dims, source * dims, (source + 1) * dims);
      }
      stats.embedded += unique.length;
      if (cache && entries.length) write(entries);
      done += ids.length;
      onProgress?.(done, total);
    }
    step('embed');
    await writes;
    if (writeError !== undefined) throw writeError;
    step('cache-write');
    const index = new SemanticIndex(
      corpus,
      embedder.id,
      new BinaryVectorIndex(dims, data),
      int8,
      embedder,
      packTextHashes(hashes),
      contentless,
      bodyWindowRows(corpus),
    );
    index.buildStats = stats;
    return index;
  }

  serialize(): SemanticSnapshot {
    const snapshot: SemanticSnapshot = {
      embedderId: this.embedderId,
      dimensions: this.vectors.dimensions,
      chunkCount: this.chunkCount,
      vectors: this.vectors.data,
    };
    if (this.int8) snapshot.int8 = this.int8;
    if (this.textHashes) snapshot.textHashes = this.textHashes;
    snapshot.contentless = flaggedIds(this.contentlessFlags());
    return snapshot;
  }

  /** `embedder` may be null (only "find similar" works then) but must match the one that built the vectors. */
  static load(corpus: Corpus, snapshot: SemanticSnapshot, embedder: Embedder | null): SemanticIndex {
    if (snapshot.chunkCount !== corpus.chunks.length) {
      throw new Error(
        `semantic snapshot has ${snapshot.chunkCount} chunks but the corpus has ${corpus.chunks.length}: re-index`,
      );
    }
    if (embedder && (embedder.id !== snapshot.embedderId || embedder.dimensions !== snapshot.dimensions)) {
      throw new Error(
        `semantic vectors were built with ${snapshot.embedderId} (${snapshot.dimensions} dims) but the embedder is ${embedder.id} (${embedder.dimensions} dims): re-index to switch providers`,
      );
    }
    // The body windows the corpus's chunks have, when the snapshot holds them (one written before
    // them holds the chunks' rows alone and is searched without them).
    const rows = snapshot.vectors.length / wordsFor(snapshot.dimensions);
    const expected = bodyWindowRows(corpus);
    const windows = rows === snapshot.chunkCount + expected.owner.length ? expected : null;
    if (!windows && rows !== snapshot.chunkCount) {
      throw new Error(
        `semantic snapshot has ${rows} vectors but the corpus has ${snapshot.chunkCount} chunks and ${expected.owner.length} body windows: re-index`,
      );
    }
    const int8 = snapshot.int8 && snapshot.int8.length === rows * snapshot.dimensions ? snapshot.int8 : undefined;
    const textHashes = snapshot.textHashes?.length === rows * HASH_BYTES ? snapshot.textHashes : undefined;
    return new SemanticIndex(
      corpus,
      snapshot.embedderId,
      new BinaryVectorIndex(snapshot.dimensions, snapshot.vectors),
      int8,
      embedder,
      textHashes,
      flagsOf(snapshot.contentless, snapshot.chunkCount),
      windows,
    );
  }

  private contentlessFlags(): Uint8Array {
    return (this.contentless ??= contentlessChunks(this.corpus));
  }

  /**
   * The rows a search of the chunks' own vectors skips: the contentless chunks, the module
   * declarations (moduleDeclarations), and the body windows when there are any.
   */
  private chunkRowsSkip(): Uint8Array {
    if (this.chunkSkip) return this.chunkSkip;
    const skip = new Uint8Array(this.bodyWindowCount === 0 ? this.chunkCount : this.vectors.size).fill(1);
    skip.set(this.contentlessFlags());
    for (const chunk of this.corpus.chunks) if (isModuleDeclaration(chunk)) skip[chunk.id] = 1;
    return (this.chunkSkip = skip);
  }

  /** The rows a search of the body windows skips: every chunk's own. */
  private windowRowsSkip(): Uint8Array {
    if (this.windowSkip) return this.windowSkip;
    const skip = new Uint8Array(this.vectors.size);
    skip.fill(1, 0, this.chunkCount);
    return (this.windowSkip = skip);
  }

  /** The body windows, skipped by "find similar" (code → code, a chunk's likeness as a whole): null when there are none. */
  private windowsOnly(): Uint8Array | undefined {
    if (this.bodyWindowCount === 0) return undefined;
    if (this.similarSkip) return this.similarSkip;
    const skip = new Uint8Array(this.vectors.size);
    skip.fill(1, this.chunkCount);
    return (this.similarSkip = skip);
  }

  /** Hamming candidates the source chunk's vector rescores: every row up to EXACT_RESCORE_MAX_CHUNKS chunks (the windows skipped). */
  private neighbourCandidates(): number {
    if (this.rescoreCandidates <= 0 || this.chunkCount > EXACT_RESCORE_MAX_CHUNKS) return this.rescoreCandidates;
    return Math.max(this.rescoreCandidates, this.vectors.size);
  }

  async search(plan: QueryPlan, limit: number): Promise<ModalityHit[]> {
    const dims = this.vectors.dimensions;
    const stage2 = this.int8 ? 'int8 cosine' : 'cosine with the ±1 bits';
    if (plan.similarToChunk !== undefined) {
      const id = plan.similarToChunk;
      if (id < 0 || id >= this.chunkCount) throw new Error(`no chunk ${id} to find neighbours of`);
      const source = this.corpus.chunks[id];
      const name = source.symbol ?? `${source.path}:${source.startLine}`;
      const skip = this.windowsOnly();
      if (!this.int8 || this.rescoreCandidates <= 0) {
        return this.vectors.search(this.vectors.vector(id), limit, { exclude: id, skip }).map((n) => ({
          chunkId: n.id,
          score: 1 - n.distance / dims,
          reason: `meaning close to ${name} (hamming ${n.distance}/${dims})`,
        }));
      }
      // Code → code: the source chunk's own int8 vector is the query of the second stage.
      const queryFloat = Float32Array.from(this.int8.subarray(id * dims, (id + 1) * dims));
      return this.vectors
        .search(this.vectors.vector(id), limit, {
          exclude: id,
          skip,
          queryFloat,
          int8: this.int8,
          rescoreCandidates: this.neighbourCandidates(),
        })
        .map((n) => ({
          chunkId: n.id,
          score: n.rescored!,
          reason: `meaning close to ${name} (hamming ${n.distance}/${dims}, then ${stage2} ${n.rescored!.toFixed(3)})`,
        }));
    }
    if (!this.embedder) {
      throw new Error(
        `semantic search needs the ${this.embedderId} embedder to embed the query, and none is available`,
      );
    }
    // A short plain-words question is embedded with the code's spellings of its words (semanticQueryText).
    const asked = plan.snippet === undefined ? semanticQueryText(plan) : null;
    const text = plan.snippet ?? asked!.text;
    const spelledNote = asked?.spelled.length
      ? `; asked with the code's spellings ${asked.spelled.map((t) => `\`${t}\``).join(', ')}`
      : '';
    const skip = this.chunkRowsSkip();
    const rescore = this.rescoreCandidates > 0 && this.embedder.embedQueryFloat !== undefined;
    if (!rescore) {
      const [query] = await this.embedder.embed([text], 'query');
      return this.vectors.search(query, limit, { skip }).map((n) => ({
        chunkId: n.id,
        score: 1 - n.distance / dims,
        reason: `meaning close to the query (hamming ${n.distance}/${dims}${spelledNote})`,
      }));
    }
    // One model call: the sign bits of the float query are exactly its binary vector.
    const queryFloat = await this.embedder.embedQueryFloat!(text);
    // Names answer plain words about behaviour; code → code ("similar to …", a pasted snippet)
    // is a body's likeness, and its names pulled look-alike names ahead (npm run eval's similar set).
    // The names need the model itself: a tab whose model is still starting answers a question it
    // knows the vector of without them (the page asks again once the model is up), never waits.
    if (
      this.int8 &&
      this.embedder.embedNames &&
      (this.embedder.ready?.() ?? true) &&
      plan.intent === 'understand_code' &&
      !plan.snippet &&
      plan.terms.length <= NAME_VECTOR_MAX_WORDS
    ) {
      const withNames = await this.searchWithNames(queryFloat, limit, skip, spelledNote);
      if (withNames) return withNames;
    }
    const found = this.vectors.search(packSigns(queryFloat), limit, {
      skip,
      queryFloat,
      int8: this.int8,
      rescoreCandidates: this.rescoreCandidates,
    });
    // The rank comes from the rescored similarity, so that is the score shown (numbers shown = numbers used).
    const hits = found.map((n) => ({
      chunkId: n.id,
      score: n.rescored!,
      reason: `meaning close to the query (hamming ${n.distance}/${dims}, then ${stage2} ${n.rescored!.toFixed(3)}${spelledNote})`,
    }));
    // A question asking how: the work it asks about may be far down a long function.
    const readsBodies = plan.intent === 'understand_code' && !plan.snippet && asksHow(plan.raw);
    return this.int8 && this.windows && readsBodies ? this.withBodyWindows(hits, queryFloat, limit) : hits;
  }

  /**
   * A "how" question's list with the body windows of long functions (embedder.ts bodyWindowCount): the
   * `limit` windows nearest the question, found as chunks are (Hamming, then the int8 cosine), each
   * standing for its function; a function's score is the higher of its own vector's cosine and its
   * best window's. The model reads a text's first 256 tokens, so a long function's vector says what
   * its head does; the question may ask about the work its body does further down.
   */
  private withBodyWindows(heads: ModalityHit[], queryFloat: Float32Array, limit: number): ModalityHit[] {
    const dims = this.vectors.dimensions;
    const windows = this.windows!;
    const inBody = this.vectors.search(packSigns(queryFloat), limit, {
      skip: this.windowRowsSkip(),
      queryFloat,
      int8: this.int8!,
      rescoreCandidates: this.rescoreCandidates,
    });
    const byChunk = new Map<number, ModalityHit>(heads.map((h) => [h.chunkId, h]));
    for (const n of inBody) {
      const j = n.id - this.chunkCount;
      const owner = windows.owner[j];
      const known = byChunk.get(owner);
      if (known && known.score >= n.rescored!) continue;
      const { startLine, endLine } = bodyWindowLines(this.corpus.chunks[owner], windows.index[j]);
      byChunk.set(owner, {
        chunkId: owner,
        score: n.rescored!,
        reason: `meaning close to the query in lines ${startLine}–${endLine} of its body (hamming ${n.distance}/${dims}, then int8 cosine ${n.rescored!.toFixed(3)})`,
      });
    }
    // A stable sort: ties keep the chunks' own order, the functions found by a window alone after them.
    return [...byChunk.values()].sort((a, b) => b.score - a.score).slice(0, limit);
  }

  /**
   * A question's list with its candidates' names: the NAME_CANDIDATES Hamming-nearest chunks,
   * rescored by their int8 cosine, and the names of those with one embedded now (or taken from
   * nameVectorCache); a chunk's score is its cosine plus NAME_VECTOR_WEIGHT × its name's cosine
   * (0 for a window, which has no name). Null when the embedder gives no name vectors after all
   * (a deferred model that turned out not to be local).
   */
  private async searchWithNames(
    queryFloat: Float32Array,
    limit: number,
    skip: Uint8Array,
    spelledNote: string,
  ): Promise<ModalityHit[] | null> {
    const dims = this.vectors.dimensions;
    const candidates = Math.max(limit, NAME_CANDIDATES);
    const found = this.vectors.search(packSigns(queryFloat), candidates, {
      skip,
      queryFloat,
      int8: this.int8!,
      rescoreCandidates: candidates,
    });
    const nameTexts = (this.nameTexts ??= new Array<string | null | undefined>(this.corpus.chunks.length));
    const texts = found.map((n) => {
      if (nameTexts[n.id] !== undefined) return nameTexts[n.id]!;
      const chunk = this.corpus.chunks[n.id];
      return (nameTexts[n.id] = chunkNameText(chunk, this.corpus.files[chunk.fileId]));
    });
    // This question's name vectors, taken from the cache once: the cache may be cleared while the
    // new ones are added, and the answer must not depend on that.
    const vectorOf = new Map<string, Int8Array>();
    for (const t of texts) {
      const cached = t === null ? undefined : nameVectorCache.get(this.embedderId, t);
      if (cached) vectorOf.set(t!, cached);
    }
    const missing = [...new Set(texts.filter((t): t is string => t !== null && !vectorOf.has(t)))];
    // Asked even when every name is cached: a stand-in's model says whether it has names at all.
    const vectors = await this.embedder!.embedNames!(missing);
    if (!vectors) return null;
    missing.forEach((t, i) => {
      vectorOf.set(t, vectors[i]);
      nameVectorCache.set(this.embedderId, t, vectors[i]);
    });
    const scored = found.map((n, i) => {
      const t = texts[i];
      const vector = t === null ? undefined : vectorOf.get(t);
      const name = vector ? cosineFloatInt8(queryFloat, vector, 0, dims) : null;
      return {
        id: n.id,
        distance: n.distance,
        chunk: n.rescored!,
        name,
        score: n.rescored! + NAME_VECTOR_WEIGHT * (name ?? 0),
      };
    });
    return scored
      .sort((a, b) => b.score - a.score || a.distance - b.distance || a.id - b.id)
      .slice(0, limit)
      .map((x) => ({
        chunkId: x.id,
        score: x.score,
        reason: `meaning close to the query (hamming ${x.distance}/${dims}, then int8 cosine ${x.chunk.toFixed(3)}${x.name === null ? '' : ` + ${NAME_VECTOR_WEIGHT} × name cosine ${x.name.toFixed(3)}`}${spelledNote})`,
      }));
  }
}
