/**
 * Embedders for Node (CLI, eval, tests): the bundled local model read from the repository's
 * public/models/, and Voyage with a key from the caller or VOYAGE_API_KEY.
 */
import type { Embedder } from '../engine/semantic/embedder';
import { DEFAULT_LOCAL_MODEL_ID, type LocalEmbedder } from '../engine/semantic/local';
import { createVoyageEmbedder, VoyageError, type VoyageEmbedderOptions } from '../engine/semantic/voyage';
import { InputError } from './input-error';
import { NODE_MODELS_DIR } from './models-dir';
import { createDirectLocalEmbedder } from './local-model';

/** <repo>/public/models/, where `npm run model` writes the bundled model. */
export { NODE_MODELS_DIR };

/**
 * How long one Voyage request may take before it counts as a network failure (and is retried):
 * a server that never answers must not hold a command forever. A full batch takes seconds.
 */
export const VOYAGE_REQUEST_TIMEOUT_MS = 60_000;

/** The bundled model through ONNX Runtime and the tokenizer directly (local-model.ts: same vectors as transformers.js, loaded faster). */
export function createNodeLocalEmbedder(
  options: { modelId?: string; modelsDir?: string } = {},
): Promise<LocalEmbedder> {
  return createDirectLocalEmbedder({
    modelId: options.modelId ?? DEFAULT_LOCAL_MODEL_ID,
    modelsDir: options.modelsDir ?? NODE_MODELS_DIR,
    sessionThreads: 1,
  });
}

export type NodeEmbedderKind = 'local' | 'voyage' | 'none';

/**
 * The embedding provider refused or failed (a rejected key, a refused request, rate limits, a
 * server or network failure, no answer in time): a problem with what the command was given or
 * where it runs, worded for the command line, where the key comes from VOYAGE_API_KEY.
 */
export class ProviderError extends InputError {
  constructor(
    readonly kind: VoyageError['kind'] | 'timeout',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The `--embedder local|voyage|none` choice of the CLI. */
export async function createNodeEmbedder(
  kind: NodeEmbedderKind,
  voyage: Partial<VoyageEmbedderOptions> = {},
  requestTimeoutMs = VOYAGE_REQUEST_TIMEOUT_MS,
): Promise<Embedder | null> {
  if (kind === 'none') return null;
  if (kind === 'local') return createNodeLocalEmbedder();
  const apiKey = voyage.apiKey ?? process.env.VOYAGE_API_KEY;
  if (!apiKey) throw new InputError('--embedder voyage needs a Voyage API key: set VOYAGE_API_KEY');
  const baseFetch = voyage.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const timed: typeof fetch = (input, init) => {
    const timeout = AbortSignal.timeout(requestTimeoutMs);
    return baseFetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
  const embedder = createVoyageEmbedder({ ...voyage, apiKey, fetch: timed });
  const baseUrl = voyage.baseUrl ?? 'https://api.voyageai.com';
  return {
    ...embedder,
    embed: async (texts, inputType, signal) => {
      try {
        return await embedder.embed(texts, inputType, signal);
      } catch (e) {
        throw e instanceof VoyageError ? providerError(e, baseUrl, requestTimeoutMs) : e;
      }
    },
  };
}

/** A Voyage failure in the command line's words: what to change, and where (the environment). */
export function providerError(e: VoyageError, baseUrl: string, timeoutMs: number): VoyageError | ProviderError {
  const detail = e.detail ? `: ${e.detail}` : '';
  const tries = `${e.attempts} attempt${e.attempts === 1 ? '' : 's'}`;
  switch (e.kind) {
    case 'auth':
      return new ProviderError(
        e.kind,
        `the Voyage API rejected the key in VOYAGE_API_KEY (HTTP ${e.status}${detail}): check the key, or use --embedder local`,
        { cause: e },
      );
    case 'bad_request':
      return new ProviderError(
        e.kind,
        `the Voyage API refused the request (HTTP ${e.status}${detail}): check VOYAGE_BASE_URL, or use --embedder local`,
        { cause: e },
      );
    case 'rate_limited':
      return new ProviderError(
        e.kind,
        `the Voyage API is rate-limiting the key in VOYAGE_API_KEY (HTTP 429, ${tries}): wait a minute and run again`,
        { cause: e },
      );
    case 'server':
      return new ProviderError(
        e.kind,
        `the Voyage API failed (${e.status ? `HTTP ${e.status}` : 'a malformed answer'}, ${tries}${detail}): try again later, or use --embedder local`,
        { cause: e },
      );
    case 'network':
    case 'cors_or_network': {
      const cause = e.cause as { name?: string } | undefined;
      if (cause?.name === 'TimeoutError') {
        return new ProviderError(
          'timeout',
          `the Voyage API at ${baseUrl} did not answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`} (${tries}): check the network or VOYAGE_BASE_URL`,
          { cause: e },
        );
      }
      const reason = cause && 'message' in cause ? `: ${String((cause as Error).message)}` : '';
      return new ProviderError(
        e.kind,
        `could not reach the Voyage API at ${baseUrl} (${tries}${reason}): check the network, or set VOYAGE_BASE_URL to a proxy`,
        { cause: e },
      );
    }
    case 'aborted':
      // The caller cancelled: nothing to tell the user about the provider.
      return e;
  }
}
