/**
 * Embedding worker: the bundled local model, loaded on first use (src/browser/local-model.ts). A thin comlink
 * adapter; cancellation arrives as cancel(jobId) because an AbortSignal cannot cross. The
 * index worker may start several of these (src/browser/remote-embedder.ts).
 */
import * as Comlink from 'comlink';
import type { LocalEmbedder } from '../src/engine/semantic/local';
import { createBrowserLocalEmbedder } from '../src/browser/local-model';
import type { EmbedWorkerApi } from '../src/browser/protocol';

let embedder: Promise<LocalEmbedder> | null = null;
const running = new Map<string, AbortController>();

function load(appRoot: string): Promise<LocalEmbedder> {
  embedder ??= createBrowserLocalEmbedder(appRoot).catch((error: unknown) => {
    embedder = null;
    throw error;
  });
  return embedder;
}

async function withJob<T>(jobId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  running.set(jobId, controller);
  try {
    return await work(controller.signal);
  } finally {
    running.delete(jobId);
  }
}

const api: EmbedWorkerApi = {
  async describe(appRoot) {
    const e = await load(appRoot);
    return { id: e.id, dimensions: e.dimensions, runtime: e.runtime };
  },
  async embed(jobId, texts, inputType) {
    const vectors = await withJob(jobId, async (signal) => (await embedder!).embed(texts, inputType, signal));
    return Comlink.transfer(
      vectors,
      vectors.map((v) => v.buffer as ArrayBuffer),
    );
  },
  async embedDocuments(jobId, texts) {
    const found = await withJob(jobId, async (signal) => (await embedder!).embedDocuments(texts, signal));
    return Comlink.transfer(
      found,
      [...found.bits, ...found.int8].map((v) => v.buffer as ArrayBuffer),
    );
  },
  async embedQueryFloat(text) {
    return (await embedder!).embedQueryFloat(text);
  },
  async cancel(jobId) {
    running.get(jobId)?.abort();
  },
  async timings() {
    return { ...(await embedder!).timings };
  },
};

Comlink.expose(api);
