/**
 * An Embedder whose work happens in the embedding worker. The engine's AbortSignal stays on
 * this side; aborting it tells the worker to stop (cancel(jobId)) and rejects at once.
 */
import type * as Comlink from 'comlink';
import type { Embedder } from '../engine/semantic/embedder';
import type { EmbedWorkerApi } from './protocol';

let embedCalls = 0;

export async function remoteEmbedder(api: Comlink.Remote<EmbedWorkerApi>, appRoot: string): Promise<Embedder> {
  const { id, dimensions } = await api.describe(appRoot);
  return {
    id,
    dimensions,
    async embed(texts, inputType, signal) {
      signal?.throwIfAborted();
      const jobId = `embed-${++embedCalls}`;
      const onAbort = () => void api.cancel(jobId);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const pending = api.embed(jobId, texts, inputType);
        if (!signal) return await pending;
        return await Promise.race([
          pending,
          new Promise<never>((_, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason ?? new DOMException('Cancelled', 'AbortError')), { once: true }),
          ),
        ]);
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    },
    embedQueryFloat: (text) => api.embedQueryFloat(text),
  };
}
