/**
 * Voyage AI embeddings client (voyage-code-3 by default), returning packed binary vectors.
 *
 * POST {baseUrl}/v1/embeddings with `output_dtype: 'ubinary'`: each embedding is a list of
 * dimensions/8 integers 0..255, first dimension = most significant bit of the first byte
 * (`binary` would be the same bits as int8, i.e. ubinary − 128; we never ask for it).
 * Batches are bounded by item count and by an estimate of tokens; 429 and 5xx answers and
 * network failures are retried with exponential backoff + jitter, honouring `retry-after`;
 * every failure ends as a VoyageError whose message a person can act on.
 */
import { packUbinaryBytes } from './binary';
import type { Embedder } from './embedder';

/** Voyage's documented ceiling on inputs per request. */
export const VOYAGE_MAX_BATCH_ITEMS = 1000;
/** Voyage's documented ceiling on tokens per request for voyage-code-3. */
export const VOYAGE_MAX_BATCH_TOKENS = 120_000;
const DEFAULT_BATCH_ITEMS = 128;
/** Stay under the ceiling: the estimate below is rough. */
const DEFAULT_BATCH_TOKENS = 100_000;
/** Code tokenizes at ~3 characters per token; over-estimating is the safe side. */
const CHARS_PER_TOKEN = 3;
const DEFAULT_MAX_RETRIES = 5;
const DEFAULT_BASE_DELAY_MS = 500;
const DEFAULT_MAX_DELAY_MS = 30_000;
/** A retry-after longer than this is cut to it: better to retry than to hang for minutes. */
const MAX_RETRY_AFTER_MS = 60_000;

export const VOYAGE_DIMENSIONS = [256, 512, 1024, 2048] as const;

export type VoyageErrorKind =
  'auth' | 'bad_request' | 'rate_limited' | 'server' | 'network' | 'cors_or_network' | 'aborted';

export class VoyageError extends Error {
  override readonly name = 'VoyageError';
  constructor(
    readonly kind: VoyageErrorKind,
    message: string,
    readonly status?: number,
    /** The server's `detail`, when it sent one. */
    readonly detail?: string,
    readonly attempts = 1,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface VoyageRetryInfo {
  /** 1-based number of the attempt that failed. */
  attempt: number;
  delayMs: number;
  status?: number;
  reason: string;
}

export interface VoyageEmbedderOptions {
  apiKey: string;
  /** Default https://api.voyageai.com; point it at a proxy when the browser cannot reach Voyage directly (CORS). */
  baseUrl?: string;
  model?: string;
  /** 256 | 512 | 1024 | 2048 for voyage-code-3. */
  dimensions?: number;
  fetch?: typeof fetch;
  maxBatchItems?: number;
  maxBatchTokens?: number;
  maxRetries?: number;
  onRetry?: (info: VoyageRetryInfo) => void;
  /** First backoff delay; doubles per attempt (with jitter) up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** Estimated tokens of one input (the batching bound). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN) + 1;
}

/** Splits inputs, in order, into batches bounded by count and estimated tokens (an oversized text goes alone). */
export function planBatches(texts: string[], maxItems: number, maxTokens: number): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let tokens = 0;
  for (const t of texts) {
    const n = estimateTokens(t);
    if (current.length > 0 && (current.length >= maxItems || tokens + n > maxTokens)) {
      batches.push(current);
      current = [];
      tokens = 0;
    }
    current.push(t);
    tokens += n;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** `retry-after` as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** True in a browser page or worker, where a failed fetch may be CORS and not the network. */
function inBrowser(): boolean {
  const g = globalThis as {
    document?: unknown;
    WorkerGlobalScope?: unknown;
    process?: { versions?: { node?: string } };
  };
  return !g.process?.versions?.node && (g.document !== undefined || g.WorkerGlobalScope !== undefined);
}

function abortError(attempts: number, cause?: unknown): VoyageError {
  return new VoyageError('aborted', 'Embedding with Voyage was cancelled.', undefined, undefined, attempts, { cause });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function readDetail(response: Response): Promise<string | undefined> {
  try {
    const text = await response.text();
    try {
      const body = JSON.parse(text) as { detail?: unknown };
      if (body.detail !== undefined) return typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail);
    } catch {
      // not JSON: fall through to the raw text
    }
    return text.trim().slice(0, 300) || undefined;
  } catch {
    return undefined;
  }
}

export function createVoyageEmbedder(options: VoyageEmbedderOptions): Embedder {
  const baseUrl = (options.baseUrl ?? 'https://api.voyageai.com').replace(/\/+$/, '');
  const model = options.model ?? 'voyage-code-3';
  const dimensions = options.dimensions ?? 1024;
  if (dimensions % 32 !== 0) throw new Error(`Voyage output dimension ${dimensions} must be a multiple of 32`);
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const maxItems = Math.min(options.maxBatchItems ?? DEFAULT_BATCH_ITEMS, VOYAGE_MAX_BATCH_ITEMS);
  const maxTokens = Math.min(options.maxBatchTokens ?? DEFAULT_BATCH_TOKENS, VOYAGE_MAX_BATCH_TOKENS);
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const baseDelay = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  const maxDelay = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const endpoint = `${baseUrl}/v1/embeddings`;

  async function embedBatch(
    input: string[],
    inputType: 'document' | 'query',
    signal?: AbortSignal,
  ): Promise<Uint32Array[]> {
    const body = JSON.stringify({
      input,
      model,
      input_type: inputType,
      output_dimension: dimensions,
      output_dtype: 'ubinary',
      truncation: true,
    });
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw abortError(attempt - 1, signal.reason);
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
          body,
          signal,
        });
      } catch (err) {
        if (signal?.aborted) throw abortError(attempt, err);
        const reason = (err as Error).message ?? String(err);
        if (attempt <= maxRetries) {
          const delayMs = backoff(attempt);
          options.onRetry?.({ attempt, delayMs, reason: `network: ${reason}` });
          await sleepOrAbort(delayMs, signal, attempt);
          continue;
        }
        throw unreachableError(baseUrl, reason, attempt, err);
      }

      if (response.ok)
        return vectorsOf((await response.json()) as VoyageResponse, input.length, dimensions, response.status, attempt);

      const status = response.status;
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      const detail = await readDetail(response);
      const retryable = status === 429 || status >= 500;
      if (retryable && attempt <= maxRetries) {
        const delayMs = retryAfter !== undefined ? Math.min(retryAfter, MAX_RETRY_AFTER_MS) : backoff(attempt);
        options.onRetry?.({ attempt, delayMs, status, reason: detail ?? `HTTP ${status}` });
        await sleepOrAbort(delayMs, signal, attempt);
        continue;
      }
      throw httpError(status, detail, attempt);
    }
  }

  function backoff(attempt: number): number {
    const ceiling = Math.min(maxDelay, baseDelay * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2)); // "equal jitter"
  }

  return {
    id: `voyage:${model}:${dimensions}`,
    dimensions,
    async embed(texts, inputType, signal) {
      const out: Uint32Array[] = [];
      for (const batch of planBatches(texts, maxItems, maxTokens))
        out.push(...(await embedBatch(batch, inputType, signal)));
      return out;
    },
  };
}

async function sleepOrAbort(ms: number, signal: AbortSignal | undefined, attempts: number): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch (err) {
    throw abortError(attempts, err);
  }
}

/** The error for a request that got no answer: in a browser that is often CORS, which the message says how to fix. */
function unreachableError(baseUrl: string, reason: string, attempts: number, cause: unknown): VoyageError {
  if (!inBrowser())
    return new VoyageError(
      'network',
      `Could not reach the Voyage API at ${baseUrl}: ${reason}.`,
      undefined,
      undefined,
      attempts,
      { cause },
    );
  return new VoyageError(
    'cors_or_network',
    `Could not reach the Voyage API at ${baseUrl} (${reason}). In a browser this means the network is down, ` +
      `or the endpoint does not allow cross-origin requests (CORS). Check the connection, or set the Voyage ` +
      `base URL in Settings to a proxy that adds CORS headers.`,
    undefined,
    undefined,
    attempts,
    { cause },
  );
}

interface VoyageResponse {
  data?: { embedding: number[]; index: number }[];
}

/** The packed vectors of a successful answer, in input order; an answer of the wrong shape is a server error. */
function vectorsOf(
  json: VoyageResponse,
  inputs: number,
  dimensions: number,
  status: number,
  attempts: number,
): Uint32Array[] {
  if (!Array.isArray(json.data) || json.data.length !== inputs) {
    throw new VoyageError(
      'server',
      `Voyage answered with ${json.data?.length ?? 'no'} embeddings for ${inputs} inputs.`,
      status,
      undefined,
      attempts,
    );
  }
  const bytesPerVector = dimensions / 8;
  const out: Uint32Array[] = new Array(inputs);
  for (const item of json.data) {
    if (!Array.isArray(item.embedding) || item.embedding.length !== bytesPerVector) {
      throw new VoyageError(
        'server',
        `Voyage returned a ${item.embedding?.length ?? 0}-byte embedding; ${bytesPerVector} bytes were expected for ${dimensions} ubinary dimensions.`,
        status,
        undefined,
        attempts,
      );
    }
    out[item.index] = packUbinaryBytes(item.embedding, dimensions);
  }
  return out;
}

function httpError(status: number, detail: string | undefined, attempts: number): VoyageError {
  const suffix = detail ? `: ${detail}` : '.';
  if (status === 401 || status === 403) {
    return new VoyageError(
      'auth',
      `The Voyage API key was rejected (HTTP ${status})${suffix} Check the key in Settings.`,
      status,
      detail,
      attempts,
    );
  }
  if (status === 429) {
    return new VoyageError(
      'rate_limited',
      `Voyage is rate-limiting this key (HTTP 429) and still was after ${attempts} attempts${suffix} Wait a minute and resume, or lower the batch size.`,
      status,
      detail,
      attempts,
    );
  }
  if (status >= 500) {
    return new VoyageError(
      'server',
      `The Voyage API had a server error (HTTP ${status}) on ${attempts} attempts${suffix}`,
      status,
      detail,
      attempts,
    );
  }
  return new VoyageError(
    'bad_request',
    `Voyage rejected the request (HTTP ${status})${suffix}`,
    status,
    detail,
    attempts,
  );
}
