/**
 * The local embedder: the bundled model served by this app (public/models/<id>/), never
 * downloaded from a hub. In the browser transformers.js runs it (its tokenizer and its ONNX
 * Runtime session, `createLocalEmbedder`); the CLI calls the same tokenizer package and ONNX
 * Runtime directly (src/node/local-model.ts), because importing transformers.js costs a
 * command ~0.15 s (it loads sharp, an image library, and undici). The runner here only sees
 * the narrow `LocalTokenizer` and `LocalModel` interfaces, so both give the same vectors.
 *
 * Model interface (agreed with the model's training, scripts/): inputs `input_ids`,
 * `attention_mask`, `token_type_ids` (int64 [B,T]; token_type_ids all 1 = a query, all 0 = a
 * document), output `last_hidden_state` [B,T,D]; the embedding is the mean of the rows under
 * the attention mask (special tokens included, as transformers.js pools), L2-normalised.
 *
 * Why not the `feature-extraction` pipeline: it spent ~75 % of the time in its mean pooling
 * (a BigInt→Number conversion per mask element per dimension) and padded every batch of 16 to
 * its longest text. Here (bench/profile-embed.ts measures each step):
 *  - each text is tokenized on its own, whitespace-separated pieces remembered (exactness
 *    checked at load), and cut to LOCAL_MAX_TOKENS tokens;
 *  - texts are sorted by token count and batched by a token budget with little width spread,
 *    so a batch pads little and short texts go many to a session call;
 *  - pooling and normalisation are one pass over each row of the output in plain JS; sign bits
 *    and int8 come from the pooled float vector.
 *
 * What each environment must set (everything else is done here):
 *  - Node: `localModelPath` = the absolute folder holding `<modelId>/` (src/node/embedders.ts
 *    passes <repo>/public/models/). onnxruntime-node runs the graph; no wasm paths needed.
 *  - Browser / worker: `modelBaseUrl` = the URL folder holding `<modelId>/`, and in
 *    `configureEnv` the ONNX Runtime wasm paths (src/browser/local-model.ts does both).
 * Both load `onnx/model_quantized.onnx` because dtype 'q8' is passed explicitly (the Node
 * default would otherwise be fp32 `model.onnx`).
 */
import type { env } from '@huggingface/transformers';
import { packSigns } from './binary';
import type { DocumentEmbeddings, Embedder, EmbedInputType } from './embedder';
import { quantizeInt8 } from './int8';
import type { PoolingModel } from './static-model';
import { nextTask } from '../timing';

export const DEFAULT_LOCAL_MODEL_ID = 'fourfold-code-search';

/**
 * Tokens per text, [CLS] and [SEP] included. A chunk text is at most EMBED_TEXT_MAX_CHARS
 * (2,000) characters; on real code (graphql, 4,092 chunks) the median is 36 tokens, p90 148,
 * p99 282. 256 keeps 98.7 % of all tokens and bounds a batch's width; what is cut is the tail of
 * the longest functions (the path, name, signature and doc comment come first).
 */
export const LOCAL_MAX_TOKENS = 256;
/**
 * Characters looked at per text before tokenizing: a 1 MB query or chunk would otherwise be
 * tokenized whole to keep 256 tokens. Code averages 3–7 characters per token here; 16 per
 * token leaves room for symbol-heavy text.
 */
export const LOCAL_MAX_CHARS = LOCAL_MAX_TOKENS * 16;
/** Tokens (rows × padded width) per session call: large enough that call overhead vanishes, small enough to stay in cache. */
const LOCAL_TOKENS_PER_CALL = 8_192;
/**
 * A batch's widest text is at most this many times (+ 2 tokens) its narrowest: sorting alone left
 * 33 % of the tokens sent as padding (graphql), and padding costs as much as a token.
 */
const LOCAL_MAX_PADDING = 1.15;
/** Texts per session call at most (short texts). */
const LOCAL_TEXTS_PER_CALL = 512;
/** Tokens a pooling model embeds before the runner lets other tasks run (tens of milliseconds of work). */
const POOLED_TOKENS_PER_TURN = 65_536;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export type TransformersEnv = typeof env;

export interface LocalEmbedderOptions {
  modelId: string;
  /** Node: filesystem folder that contains `<modelId>/`. */
  localModelPath?: string;
  /** Browser: URL folder that contains `<modelId>/` (wins over localModelPath when both are set). */
  modelBaseUrl?: string;
  /** Last word on transformers.js's global `env` (wasm paths, threads, caches). */
  configureEnv?: (transformersEnv: TransformersEnv) => void;
  /** Defaults to 'q8' → onnx/model_quantized.onnx, the only file the bundled model ships. */
  dtype?: 'q8' | 'fp32';
  /**
   * ONNX Runtime intra-op threads (Node). Its default, one per core, spins idle threads: with
   * this model's cheap operators that cost 2.6× the CPU time for no speed-up (bench/profile-embed.ts).
   * The browser sets threads through `env.backends.onnx.wasm.numThreads` instead.
   */
  sessionThreads?: number;
}

export interface LocalTimings {
  texts: number;
  /** Tokens sent to the model, padding included. */
  tokens: number;
  tokenizeMs: number;
  sessionMs: number;
  poolMs: number;
}

/** What runs the graph: the static token table in plain TypeScript (static-model.ts), or an ONNX Runtime session. */
export type LocalRuntime = 'static' | 'onnxruntime';

/** A local embedder also gives int8 vectors (documents) and float query vectors. */
export interface LocalEmbedder extends Embedder {
  readonly runtime: LocalRuntime;
  embedDocuments(texts: string[], signal?: AbortSignal): Promise<DocumentEmbeddings>;
  embedQueryFloat(text: string): Promise<Float32Array>;
  /** Float vectors (L2-normalised; all zeros where the text has no known token). */
  embedFloat(texts: string[], inputType: EmbedInputType, signal?: AbortSignal): Promise<Float32Array[]>;
  /** Cumulative time per step (bench/cost/embed-throughput.ts reports it). */
  readonly timings: LocalTimings;
}

export async function createLocalEmbedder(options: LocalEmbedderOptions): Promise<LocalEmbedder> {
  const { AutoModel, AutoTokenizer, Tensor, env } = await import('@huggingface/transformers');
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  // Nothing to cache: the files are local already (and Node's FS cache would write into node_modules).
  env.useFSCache = false;
  const base = options.modelBaseUrl ?? options.localModelPath;
  if (base) env.localModelPath = base.endsWith('/') ? base : `${base}/`;
  options.configureEnv?.(env);

  let tokenizer: LocalTokenizer;
  let model: LocalModel;
  try {
    tokenizer = (await AutoTokenizer.from_pretrained(options.modelId)) as unknown as LocalTokenizer;
    const transformersModel = (await AutoModel.from_pretrained(options.modelId, {
      dtype: options.dtype ?? 'q8',
      ...(options.sessionThreads
        ? { session_options: { intraOpNumThreads: options.sessionThreads, interOpNumThreads: 1 } }
        : {}),
    })) as unknown as (
      inputs: Record<string, InstanceType<typeof Tensor>>,
    ) => Promise<{ last_hidden_state: { data: unknown; dims: number[] } }>;
    model = async ({ input_ids, attention_mask, token_type_ids, dims }) => {
      const { last_hidden_state: hidden } = await transformersModel({
        input_ids: new Tensor('int64', input_ids, dims),
        attention_mask: new Tensor('int64', attention_mask, dims),
        token_type_ids: new Tensor('int64', token_type_ids, dims),
      });
      return { data: hidden.data as Float32Array, dims: hidden.dims };
    };
  } catch (err) {
    throw new Error(
      `Could not load the local embedding model "${options.modelId}" from ${env.localModelPath}: ${(err as Error).message}`,
      { cause: err },
    );
  }
  return localEmbedderFrom(`local:${options.modelId}`, tokenizer, model);
}

/** What the embedder needs from a tokenizer: transformers.js's `encode` (ids). */
export interface LocalTokenizer {
  encode(text: string, options?: { add_special_tokens?: boolean }): number[];
}
/** One session call: the model's three int64 inputs, all of shape `dims` ([rows, width]). */
export interface LocalModelInputs {
  input_ids: BigInt64Array;
  attention_mask: BigInt64Array;
  token_type_ids: BigInt64Array;
  dims: [number, number];
}
/** The model: its `last_hidden_state` output, [rows, width, dimensions]. */
export type LocalModel = (inputs: LocalModelInputs) => Promise<{ data: Float32Array; dims: readonly number[] }>;

/**
 * The embedder over a loaded tokenizer and model: an ONNX Runtime session (createLocalEmbedder;
 * tests may wrap it to watch its inputs) or the static token table run here (static-model.ts).
 */
export async function localEmbedderFrom(
  id: string,
  tokenizer: LocalTokenizer,
  model: LocalModel | PoolingModel,
): Promise<LocalEmbedder> {
  const runner = new LocalModelRunner(tokenizer, model);
  // One probe tells the real width, whatever config.json claims.
  const dimensions = (await runner.run(['probe'], 'query'))[0].length;
  if (dimensions % 32 !== 0)
    throw new Error(`local model ${id} has ${dimensions} dimensions; a multiple of 32 is required`);

  const runtime: LocalRuntime = typeof model === 'function' ? 'onnxruntime' : 'static';
  // The static table embeds a name in microseconds (a lookup and a mean per token); a session is a
  // model run per batch, too slow to do per question.
  const names =
    runtime === 'static'
      ? {
          async embedNames(texts: string[]) {
            return (await runner.run(texts, 'document')).map(quantizeInt8);
          },
        }
      : {};
  return {
    id,
    dimensions,
    runtime,
    ...names,
    async embed(texts, inputType, signal) {
      return (await runner.run(texts, inputType, signal)).map(packSigns);
    },
    async embedDocuments(texts, signal) {
      const vectors = await runner.run(texts, 'document', signal);
      return { bits: vectors.map(packSigns), int8: vectors.map(quantizeInt8) };
    },
    embedFloat: (texts, inputType, signal) => runner.run(texts, inputType, signal),
    timings: runner.timings,
    async embedQueryFloat(text) {
      return (await runner.run([text], 'query'))[0];
    },
  };
}

/**
 * Whitespace-separated pieces whose token ids are remembered: code repeats its words
 * (keywords, identifiers, operators), so most pieces are looked up, not tokenized again. Bounded:
 * cleared when full.
 */
const WORD_MEMO_MAX = 200_000;
/** Probes for the word-by-word shortcut: camelCase, digits, punctuation, Unicode, long pieces. */
const WORDWISE_PROBES = [
  'const parseArgs = (argv) => XMLHttpRequest2.open(utf8Decoder, "GET");',
  'def parse_command_line(args):\n\treturn ArgumentParser(prog="x").parse_args(args)  # café',
  'fn main() -> Result<(), Box<dyn Error>> { println!("{:?}", x.iter().map(|v| v * 2)); }',
  'Ünïcödé naïve — tokenizersAreFun __proto__ $scope 0x1F 解析 🚀 [CLS] [SEP] HTTPServer',
];

/** Tokenizes, batches by length, runs the session and pools. */
export class LocalModelRunner {
  private readonly prefix: number[];
  private readonly suffix: number[];
  /** True when tokenizing piece by piece gives exactly what the tokenizer gives for the whole text. */
  readonly wordwise: boolean;
  private readonly memo = new Map<string, number[]>();
  /** Where the time went since the embedder loaded (wall ms; tokenizeMs includes building the input tensors). */
  readonly timings: LocalTimings = { texts: 0, tokens: 0, tokenizeMs: 0, sessionMs: 0, poolMs: 0 };
  /** The end of the last run asked for: the next one starts after it. */
  private lastRun: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly tokenizer: LocalTokenizer,
    private readonly model: LocalModel | PoolingModel,
  ) {
    // The special tokens around every text ([CLS] … [SEP] for a BERT tokenizer).
    const empty = tokenizer.encode('');
    const bare = tokenizer.encode('probe', { add_special_tokens: false });
    const full = tokenizer.encode('probe');
    const at = indexOfRun(full, bare);
    this.prefix = at < 0 ? empty : full.slice(0, at);
    this.suffix = at < 0 ? [] : full.slice(at + bare.length);
    // Splitting at whitespace first is exact for tokenizers whose pre-tokenizer splits there
    // (BERT-style, and the bundled one); checked here, so another tokenizer falls back to whole texts.
    this.wordwise =
      at >= 0 &&
      WORDWISE_PROBES.every((text) => sameIds(this.tokenizeWordwise(text, Infinity), tokenizer.encode(text)));
    this.memo.clear();
  }

  /** Token ids of one text, cut to LOCAL_MAX_TOKENS keeping the final special token ([SEP]). */
  tokenize(text: string): number[] {
    const head = text.length > LOCAL_MAX_CHARS ? text.slice(0, LOCAL_MAX_CHARS) : text;
    if (this.wordwise) return this.tokenizeWordwise(head, LOCAL_MAX_TOKENS);
    const ids = this.tokenizer.encode(head);
    if (ids.length <= LOCAL_MAX_TOKENS) return ids;
    const cut = ids.slice(0, LOCAL_MAX_TOKENS);
    cut[LOCAL_MAX_TOKENS - 1] = ids[ids.length - 1];
    return cut;
  }

  private tokenizeWordwise(text: string, maxTokens: number): number[] {
    const room = maxTokens - this.prefix.length - this.suffix.length;
    const ids = [...this.prefix];
    for (const piece of text.split(/\s+/)) {
      if (!piece) continue;
      let pieceIds = this.memo.get(piece);
      if (!pieceIds) {
        if (this.memo.size >= WORD_MEMO_MAX) this.memo.clear();
        pieceIds = this.tokenizer.encode(piece, { add_special_tokens: false });
        this.memo.set(piece, pieceIds);
      }
      for (const id of pieceIds) {
        if (ids.length - this.prefix.length >= room) return ids.concat(this.suffix);
        ids.push(id);
      }
    }
    return ids.concat(this.suffix);
  }

  /**
   * Runs go one at a time, in call order: the model takes one call at a time, and a build sends
   * its next batch while one runs (so the worker never waits for the build's thread between them).
   */
  run(texts: string[], inputType: EmbedInputType, signal?: AbortSignal): Promise<Float32Array[]> {
    const turn = this.lastRun.then(() => this.runNow(texts, inputType, signal));
    this.lastRun = turn.catch(() => undefined);
    return turn;
  }

  private async runNow(texts: string[], inputType: EmbedInputType, signal?: AbortSignal): Promise<Float32Array[]> {
    signal?.throwIfAborted();
    if (typeof this.model !== 'function') return this.poolEach(this.model, texts, inputType, signal);
    const model = this.model;
    const timings = this.timings;
    let mark = performance.now();
    const lap = (stage: 'tokenizeMs' | 'sessionMs' | 'poolMs') => {
      const t = performance.now();
      timings[stage] += t - mark;
      mark = t;
    };
    const tokens = texts.map((t) => this.tokenize(t));
    timings.texts += texts.length;
    // Shortest first: neighbours in this order have nearly the same length, so batches pad little.
    const order = tokens.map((_, i) => i).sort((a, b) => tokens[a].length - tokens[b].length || a - b);
    const out: Float32Array[] = new Array(texts.length);
    const typeId = inputType === 'query' ? 1n : 0n;
    if (!LITTLE_ENDIAN)
      throw new Error(
        'the local embedder writes int64 tensors through 32-bit views and needs a little-endian platform',
      );
    for (let start = 0; start < order.length;) {
      signal?.throwIfAborted();
      // Sorted ascending, so the last row of a batch is its widest.
      let end = start + 1;
      const widest = Math.ceil(tokens[order[start]].length * LOCAL_MAX_PADDING) + 2;
      while (
        end < order.length &&
        end - start < LOCAL_TEXTS_PER_CALL &&
        tokens[order[end]].length <= widest &&
        (end - start + 1) * tokens[order[end]].length <= LOCAL_TOKENS_PER_CALL
      )
        end++;
      const rows = order.slice(start, end);
      const width = Math.max(1, tokens[rows[rows.length - 1]].length);
      const ids = new BigInt64Array(rows.length * width);
      const mask = new BigInt64Array(rows.length * width);
      const types = new BigInt64Array(rows.length * width);
      // Written through 32-bit views (low word of each little-endian int64): BigInt() per token is slow.
      const ids32 = new Int32Array(ids.buffer);
      const mask32 = new Int32Array(mask.buffer);
      rows.forEach((row, r) => {
        const t = tokens[row];
        const o = 2 * r * width;
        for (let j = 0; j < t.length; j++) {
          ids32[o + 2 * j] = t[j];
          mask32[o + 2 * j] = 1;
        }
      });
      if (typeId) types.fill(typeId);
      timings.tokens += rows.length * width;
      lap('tokenizeMs');
      const hidden = await model({
        input_ids: ids,
        attention_mask: mask,
        token_type_ids: types,
        dims: [rows.length, width],
      });
      lap('sessionMs');
      const data = hidden.data;
      const d = hidden.dims[2];
      rows.forEach((row, r) => (out[row] = meanPoolNormalized(data, r * width * d, tokens[row].length, d)));
      lap('poolMs');
      start = end;
    }
    return out;
  }

  /** A model that pools itself needs no batches: each text goes as its own ids, unpadded. */
  private async poolEach(
    model: PoolingModel,
    texts: string[],
    inputType: EmbedInputType,
    signal?: AbortSignal,
  ): Promise<Float32Array[]> {
    const timings = this.timings;
    const out: Float32Array[] = new Array(texts.length);
    let sinceYield = 0;
    for (let i = 0; i < texts.length; i++) {
      // The work is synchronous: a large call leaves the thread now and then, so a query or a cancel gets in.
      if (sinceYield >= POOLED_TOKENS_PER_TURN) {
        sinceYield = 0;
        await nextTask();
        signal?.throwIfAborted();
      }
      const start = performance.now();
      const ids = this.tokenize(texts[i]);
      const tokenized = performance.now();
      out[i] = model.pool(ids, inputType);
      timings.tokenizeMs += tokenized - start;
      timings.poolMs += performance.now() - tokenized;
      timings.tokens += ids.length;
      sinceYield += ids.length;
    }
    timings.texts += texts.length;
    return out;
  }
}

/**
 * Mean of `length` rows of width `d` starting at `offset`, L2-normalised. A text with no rows,
 * or whose rows sum to zero or to something non-finite, gets the zero vector: never NaN.
 */
export function meanPoolNormalized(data: Float32Array, offset: number, length: number, d: number): Float32Array {
  const sum = new Float64Array(d);
  // Unrolled by 4 (d is a multiple of 32): the loop is memory-bound and this halves its time.
  for (let j = 0; j < length; j++) {
    const o = offset + j * d;
    for (let k = 0; k < d; k += 4) {
      sum[k] += data[o + k];
      sum[k + 1] += data[o + k + 1];
      sum[k + 2] += data[o + k + 2];
      sum[k + 3] += data[o + k + 3];
    }
  }
  return normalizedSum(sum);
}

/** `sum` divided by its L2 norm, as float32; the zero vector when the norm is zero or not finite (never NaN). */
export function normalizedSum(sum: Float64Array): Float32Array {
  const d = sum.length;
  let norm = 0;
  for (let k = 0; k < d; k++) norm += sum[k] * sum[k];
  norm = Math.sqrt(norm);
  const v = new Float32Array(d);
  if (!(norm > 0) || !Number.isFinite(norm)) return v;
  for (let k = 0; k < d; k++) v[k] = sum[k] / norm;
  return v;
}

function indexOfRun(haystack: number[], needle: number[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function sameIds(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
