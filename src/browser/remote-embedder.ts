/**
 * An Embedder whose work happens in one or more embedding workers. Each call is split into
 * one contiguous slice per worker, embedded in parallel and joined in order. The engine's
 * AbortSignal stays on this side; aborting it tells every worker to stop (cancel(jobId)) and
 * rejects at once. Queries go to the first worker.
 */
import type * as Comlink from 'comlink';
import type { DocumentEmbeddings, Embedder } from '../engine/semantic/embedder';
import type { LocalRuntime } from '../engine/semantic/local';
import type { EmbedWorkerApi } from './protocol';

let embedCalls = 0;

/** Texts per worker in one build call: enough for the model to sort by length and for the call's round trip to vanish beside the work. */
export const BUILD_TEXTS_PER_WORKER = 1024;

/**
 * Embedding workers for a machine with `cores` logical cores: embedding runs after parsing, so
 * the parse workers are idle by then and every core can embed; each worker holds its own copy
 * of the model and ONNX Runtime (tens of MB), hence the cap.
 */
export function embedWorkerCount(cores: number | undefined): number {
  return Math.max(1, Math.min(4, Math.floor(cores ?? 1)));
}

/** Slices of `items` for `parts` workers, in order, none empty. */
function split<T>(items: T[], parts: number): T[][] {
  const n = Math.min(parts, items.length);
  const out: T[][] = [];
  for (let i = 0, start = 0; i < n; i++) {
    const end = start + Math.ceil((items.length - start) / (n - i));
    out.push(items.slice(start, end));
    start = end;
  }
  return out;
}

/**
 * @param starters one per worker, each creating it. The first is started and asked to load at
 *   once (its id and dimensions are the embedder's; it must load). The others start with the
 *   first call that has more than one text to split: a reloaded tab embeds one question at a
 *   time, and every worker more would load its own copy of the model on the cores the first
 *   answer needs. Those that fail to load are left out.
 */
export async function remoteEmbedder(
  starters: (() => Comlink.Remote<EmbedWorkerApi>)[],
  appRoot: string,
): Promise<Embedder & { runtime: LocalRuntime }> {
  const first = starters[0]();
  const { id, dimensions, runtime } = await first.describe(appRoot);
  let pool: Promise<Comlink.Remote<EmbedWorkerApi>[]> | null = null;
  /** Every worker, once all have started (a call then goes out at once, so an abort right after it cancels it). */
  let started: Comlink.Remote<EmbedWorkerApi>[] | null = null;
  const everyWorker = () =>
    (pool ??= (async () => {
      const rest = starters.slice(1).map((start) => start());
      const described = await Promise.allSettled(rest.map((api) => api.describe(appRoot)));
      started = [
        first,
        ...rest.filter((_, i) => {
          const d = described[i];
          return d.status === 'fulfilled' && d.value.id === id && d.value.dimensions === dimensions;
        }),
      ];
      return started;
    })());

  async function fanOut<T>(
    texts: string[],
    signal: AbortSignal | undefined,
    call: (api: Comlink.Remote<EmbedWorkerApi>, jobId: string, slice: string[]) => Promise<T>,
  ): Promise<T[]> {
    signal?.throwIfAborted();
    const jobId = `embed-${++embedCalls}`;
    let workers: Comlink.Remote<EmbedWorkerApi>[] = [];
    const onAbort = () => workers.forEach((api) => void api.cancel(jobId));
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const send = (to: Comlink.Remote<EmbedWorkerApi>[]) => {
        workers = to;
        return Promise.all(split(texts, to.length).map((slice, i) => call(to[i], jobId, slice)));
      };
      const ready = texts.length > 1 ? started : [first];
      const pending = ready
        ? send(ready)
        : everyWorker().then((to) => {
            signal?.throwIfAborted(); // aborted while the workers started: nothing was sent
            return send(to);
          });
      if (!signal) return await pending;
      pending.catch(() => {}); // an abort has answered already
      return await Promise.race([
        pending,
        new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason ?? new DOMException('Cancelled', 'AbortError')), {
            once: true,
          }),
        ),
      ]);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    id,
    dimensions,
    runtime,
    // The workers planned, not those loaded yet: a build's first call starts them.
    buildBatch: BUILD_TEXTS_PER_WORKER * starters.length,
    // A build's first call would wait for the other workers to start and load their model
    // (they start on demand, for a reload's sake): a build starts them while it parses.
    prepareForBuild: () => void everyWorker().catch(() => undefined),
    async embed(texts, inputType, signal) {
      return (await fanOut(texts, signal, (api, jobId, slice) => api.embed(jobId, slice, inputType))).flat();
    },
    async embedDocuments(texts, signal): Promise<DocumentEmbeddings> {
      const parts = await fanOut(texts, signal, (api, jobId, slice) => api.embedDocuments(jobId, slice));
      return { bits: parts.flatMap((p) => p.bits), int8: parts.flatMap((p) => p.int8) };
    },
    embedQueryFloat: (text) => first.embedQueryFloat(text),
    // The workers run the same static table: one message per question, the names in one batch.
    ...(runtime === 'static'
      ? { embedNames: async (texts: string[]) => (await first.embedDocuments(`embed-${++embedCalls}`, texts)).int8 }
      : {}),
  };
}
