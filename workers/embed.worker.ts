/**
 * Embedding worker: the local transformers.js model, loaded on first use. A thin comlink
 * adapter; cancellation arrives as cancel(jobId) because an AbortSignal cannot cross.
 */
import * as Comlink from 'comlink';
import { createLocalEmbedder } from '../src/engine/semantic/local';
import type { Embedder } from '../src/engine/semantic/embedder';
import { browserLocalModel } from '../src/browser/local-model';
import type { EmbedWorkerApi } from '../src/browser/protocol';

let embedder: Promise<Embedder> | null = null;
const running = new Map<string, AbortController>();

function load(appRoot: string): Promise<Embedder> {
  embedder ??= createLocalEmbedder(browserLocalModel(appRoot)).catch((error: unknown) => {
    embedder = null;
    throw error;
  });
  return embedder;
}

const api: EmbedWorkerApi = {
  async describe(appRoot) {
    const e = await load(appRoot);
    return { id: e.id, dimensions: e.dimensions };
  },
  async embed(jobId, texts, inputType) {
    const controller = new AbortController();
    running.set(jobId, controller);
    try {
      const vectors = await (await embedder!).embed(texts, inputType, controller.signal);
      return Comlink.transfer(vectors, vectors.map((v) => v.buffer as ArrayBuffer));
    } finally {
      running.delete(jobId);
    }
  },
  async embedQueryFloat(text) {
    const e = await embedder!;
    if (!e.embedQueryFloat) throw new Error('this model has no float query vectors');
    return e.embedQueryFloat(text);
  },
  async cancel(jobId) {
    running.get(jobId)?.abort();
  },
};

Comlink.expose(api);
