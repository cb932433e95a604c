/**
 * What the semantic index needs from an embedding provider (local transformers.js model,
 * Voyage, or anything else), and the one definition of "the text of a chunk" they embed.
 */
import { FUNCTION_KINDS, type Chunk } from '../contract';
import type { CorpusFile } from '../modality';

export type EmbedInputType = 'document' | 'query';

/** Document vectors twice: sign bits (first stage, Hamming) and int8 (rescoring; int8.ts). */
export interface DocumentEmbeddings {
  bits: Uint32Array[];
  int8: Int8Array[];
}

export interface Embedder {
  /** Stable id including model and dimensions ("local:fourfold-code-search", "voyage:voyage-code-3:1024"); cache key. */
  readonly id: string;
  readonly dimensions: number;
  /**
   * Texts a build should send per call, when the embedder works best with more than the build's
   * default (SemanticIndex): the browser's pool of embedding workers takes a full batch per worker.
   */
  readonly buildBatch?: number;
  /**
   * A build is coming (it will embed many texts): start now whatever its first call would wait
   * for — in the browser, every embedding worker and its copy of the model. Returns at once.
   */
  prepareForBuild?(): void;
  /** One packed binary vector per text (see binary.ts for the bit order). */
  embed(texts: string[], inputType: EmbedInputType, signal?: AbortSignal): Promise<Uint32Array[]>;
  /**
   * Documents as bits and int8 vectors, for rescoring (the local model). Without it the index
   * stores bits only and rescores with the float query against the ±1 bits.
   */
  embedDocuments?(texts: string[], signal?: AbortSignal): Promise<DocumentEmbeddings>;
  /** The normalised float query vector, for rescoring Hamming candidates (local models only). */
  embedQueryFloat?(text: string): Promise<Float32Array>;
  /**
   * Int8 document vectors of a question's candidates' names (SemanticIndex's name cosine),
   * present only where embedding a few hundred short texts per question costs little and stays
   * in this process: the bundled static model. Absent for a remote model (no network call per
   * question) and for an ONNX session. Null: a stand-in's model turned out to have none.
   */
  embedNames?(texts: string[]): Promise<Int8Array[] | null>;
  /**
   * False while the model behind a stand-in (deferredEmbedder) is still starting: a query that
   * needs a query embedding answers without semantic (not ready) instead of waiting for it.
   * Absent: always ready. `query`: the text the query embeds, when a host may know its vector
   * already (the tab keeps the vectors of the questions it asked).
   */
  ready?(query?: string): boolean;
}

/**
 * A stand-in for a model that takes seconds to start: it has the stored index's id and width,
 * so the index opens at once, and `load` runs only when a
 * query needs an embedding. `load` throws when the model that answers is not the one named.
 */
export function deferredEmbedder(
  id: string,
  dimensions: number,
  load: () => Promise<Embedder>,
  ready?: () => boolean,
): Embedder {
  return {
    id,
    dimensions,
    ...(ready ? { ready } : {}),
    embed: async (texts, inputType, signal) => (await load()).embed(texts, inputType, signal),
    embedQueryFloat: async (text) => {
      const embedder = await load();
      if (!embedder.embedQueryFloat) throw new Error('no float query vectors');
      return embedder.embedQueryFloat(text);
    },
    embedNames: async (texts) => {
      const embedder = await load();
      return embedder.embedNames ? embedder.embedNames(texts) : null;
    },
  };
}

/**
 * Maximum characters of a chunk's embedding text. 2,000 characters is ~500 tokens for the
 * local model's sub-token tokenizer (its model_max_length is 512) and ~600 Voyage tokens, so a
 * 40-line window or a typical function fits whole and a long one keeps its head, where the
 * name, signature and doc comment are.
 */
export const EMBED_TEXT_MAX_CHARS = 2_000;

/** Lines of a chunk longer than this are cut: minified or data lines carry little meaning per character. */
const EMBED_LINE_MAX_CHARS = 240;

/**
 * A definition's `kind container.symbol` line and signature are written once more ahead of its
 * lines for every EMBED_LINES_PER_HEADER_REPEAT lines it has, EMBED_HEADER_REPEATS times at most.
 * The local model pools its tokens by their mean, so a long body would drown the name that says
 * what the code does, and a plain-words question found a short sibling of the same file instead.
 * A short definition's name already weighs enough: repeated on every definition, the questions of
 * `npm run eval`'s small packages were answered worse (docs/bench/HISTORY.md, 2026-12-02).
 */
export const EMBED_HEADER_REPEATS = 3;
export const EMBED_LINES_PER_HEADER_REPEAT = 20;

/** How many times a definition of `lines` lines has its name line and signature written (see EMBED_HEADER_REPEATS). */
export function headerRepeats(lines: number): number {
  return Math.min(EMBED_HEADER_REPEATS, 1 + Math.floor(Math.max(0, lines) / EMBED_LINES_PER_HEADER_REPEAT));
}

/**
 * The header lines embedded ahead of a chunk's code: its path, then `named` (the `kind name`
 * line and the signature) headerRepeats(lines) times. Training pairs (scripts/model-pairs.ts)
 * write the same header, so the model learns on what it is served.
 */
export function embeddingHeader(path: string, named: readonly string[], lines: number): string[] {
  const header = [path];
  for (let i = headerRepeats(lines); i > 0; i--) header.push(...named);
  return header;
}

/**
 * The text embedded for a chunk: its path, then `kind container.symbol` and the signature
 * (for definition chunks, headerRepeats times), then the chunk's lines, truncated to
 * EMBED_TEXT_MAX_CHARS. Path and name come first so they survive truncation: they are the
 * densest description.
 */
export function chunkEmbeddingText(chunk: Chunk, file: CorpusFile, lines?: string[]): string {
  const named = chunkNamed(chunk, file);
  const header = named ? embeddingHeader(chunk.path, named, chunk.endLine - chunk.startLine + 1) : [chunk.path];
  return embeddingText(header, lines ?? file.text.split('\n'), chunk.startLine, chunk.endLine);
}

/**
 * Lines of a long function's body per extra vector (SemanticIndex's body windows). The model reads
 * a text's first LOCAL_MAX_TOKENS (256) tokens: a definition's path and its name line and
 * signature written three times take a third of them, so its vector says what its first 15–20
 * lines do, and the work of a 100-line function — the loop that reads each record, the branch that
 * checks the digit — is never read. Each further 20 lines are embedded on their own, after the
 * path and the name line and signature once (as many tokens as the head's code lines have), and
 * a question's semantic score for the function is its best window's (docs/ranking.md#semantic-windows).
 */
export const BODY_WINDOW_LINES = 20;
/**
 * Body windows per function at most: a 340-line function is read whole; past it, a generated
 * table or a state machine of thousands of lines costs more vectors than its questions are worth.
 */
export const BODY_WINDOWS_MAX = 16;

/**
 * How many body windows a chunk gets: one per BODY_WINDOW_LINES lines past its first, for a
 * function or method (code that runs: a class's, module's or impl's body is its members' chunks).
 */
export function bodyWindowCount(chunk: Chunk): number {
  if (chunk.kind !== 'definition' || !chunk.symbol || !FUNCTION_KINDS.has(chunk.definitionKind ?? '')) return 0;
  const lines = chunk.endLine - chunk.startLine + 1;
  return Math.min(BODY_WINDOWS_MAX, Math.max(0, Math.ceil(lines / BODY_WINDOW_LINES) - 1));
}

/** The lines of a chunk's body window `k` (0-based): BODY_WINDOW_LINES lines from its (k + 1)-th step, cut at its last line. */
export function bodyWindowLines(chunk: Chunk, k: number): { startLine: number; endLine: number } {
  const startLine = chunk.startLine + (k + 1) * BODY_WINDOW_LINES;
  return { startLine, endLine: Math.min(chunk.endLine, startLine + BODY_WINDOW_LINES - 1) };
}

/**
 * The texts of a long function's body windows (bodyWindowCount of them): its path, its `kind
 * container.symbol` line and signature once, then the window's lines, each cut as a chunk's are.
 * Empty for any other chunk.
 */
export function chunkBodyWindowTexts(chunk: Chunk, file: CorpusFile, lines?: string[]): string[] {
  const count = bodyWindowCount(chunk);
  if (count === 0) return [];
  const named = chunkNamed(chunk, file) ?? [];
  const fileLines = lines ?? file.text.split('\n');
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const { startLine, endLine } = bodyWindowLines(chunk, k);
    out.push(embeddingText([chunk.path, ...named], fileLines, startLine, endLine));
  }
  return out;
}

/** The header lines, then lines startLine..endLine of the file, cut to EMBED_LINE_MAX_CHARS each and EMBED_TEXT_MAX_CHARS in all. */
function embeddingText(
  header: readonly string[],
  fileLines: readonly string[],
  startLine: number,
  endLine: number,
): string {
  const body: string[] = [];
  let length = header.join('\n').length;
  for (let l = startLine; l <= endLine && l <= fileLines.length; l++) {
    const line = fileLines[l - 1].slice(0, EMBED_LINE_MAX_CHARS);
    if (length + 1 + line.length > EMBED_TEXT_MAX_CHARS) {
      body.push(line.slice(0, Math.max(0, EMBED_TEXT_MAX_CHARS - length - 1)));
      break;
    }
    body.push(line);
    length += 1 + line.length;
  }
  return [...header, ...body].join('\n').slice(0, EMBED_TEXT_MAX_CHARS);
}

/** A named chunk's `kind container.symbol` line and its signature; null for a chunk without a name (a window). */
function chunkNamed(chunk: Chunk, file: CorpusFile): string[] | null {
  if (!chunk.symbol) return null;
  const name = chunk.container ? `${chunk.container}.${chunk.symbol}` : chunk.symbol;
  const named = [chunk.definitionKind ? `${chunk.definitionKind} ${name}` : name];
  const def = file.analysis.definitions.find((d) => d.name === chunk.symbol && d.startLine === chunk.startLine);
  if (def?.signature) named.push(def.signature);
  return named;
}

/**
 * The text of a definition's name vector: its `kind container.symbol` line and signature alone,
 * without path or body (SemanticIndex's names). Null for a chunk without a name.
 */
export function chunkNameText(chunk: Chunk, file: CorpusFile): string | null {
  return chunkNamed(chunk, file)?.join('\n') ?? null;
}
