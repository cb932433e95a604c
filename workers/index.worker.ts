/**
 * Index/search worker: owns the engines and the IndexedDB store; a thin comlink adapter over
 * src/browser/index-service.ts. It starts the parse pool (nested workers, one per core) for
 * each build and the embedding workers (one per core, up to 4). comlink's listener is registered synchronously, before
 * any storage or model is opened, so no early message is lost.
 */
import * as Comlink from 'comlink';
import { IndexService } from '../src/browser/index-service';
import { ParsePool } from '../src/browser/parse-pool';
import { fetchLexicalExpansion } from '../src/browser/lexical-expansion';
import { embedWorkerCount, remoteEmbedder } from '../src/browser/remote-embedder';
import { openBrowserPersistence } from '../src/browser/persistence';
import { createVoyageEmbedder } from '../src/engine/semantic/voyage';
import { DEMO, type DemoManifest } from '../src/browser/demo';
import { decodeContainer } from '../src/browser/snapshot-container';
import type { EngineSnapshot } from '../src/engine/engine';
import type { EmbedWorkerApi, IndexWorkerApi } from '../src/browser/protocol';

// Start-up, as the bench reads it: the worker's modules are loaded and run from here.
performance.mark('fourfold:worker-start');
let appRoot = new URL('../', self.location.href).href;
const persistence = openBrowserPersistence();

async function fetchDemo(file: string): Promise<Response> {
  const response = await fetch(new URL(`demo/${file}`, appRoot));
  if (!response.ok) throw new Error(`the demo's ${file} answered HTTP ${response.status}`);
  return response;
}

const service = persistence.then(
  ({ persistence, embeddingCache }) =>
    new IndexService({
      persistence,
      embeddingCache,
      createAnalyzer: () =>
        new ParsePool(
          () => new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module', name: 'fourfold-parse' }),
        ),
      loadEmbedder: () => {
        const starters = Array.from(
          { length: embedWorkerCount(navigator.hardwareConcurrency) },
          (_, i) => () =>
            Comlink.wrap<EmbedWorkerApi>(
              new Worker(new URL('./embed.worker.ts', import.meta.url), {
                type: 'module',
                name: `fourfold-embed-${i}`,
              }),
            ),
        );
        return remoteEmbedder(starters, appRoot);
      },
      loadLexicalExpansion: () => fetchLexicalExpansion(appRoot),
      createVoyageEmbedder,
      storage: 'storage' in navigator ? navigator.storage : undefined,
      cores: navigator.hardwareConcurrency,
      demo: {
        manifest: async () => (await (await fetchDemo(DEMO.manifestFile)).json()) as DemoManifest,
        snapshot: async () => decodeContainer<EngineSnapshot>(await (await fetchDemo(DEMO.indexFile)).arrayBuffer()),
      },
    }),
);

const api: IndexWorkerApi = {
  // A reload reopens the repository of its address (or the last one) while the page starts.
  reopen: async (wanted) => (await service).readAhead(wanted),
  async start(root) {
    appRoot = root;
    return (await service).status();
  },
  status: async () => (await service).status(),
  embedderReady: async () => (await service).embedderReady(),
  open: async (id) => (await service).open(id),
  index: async (jobId, request, onProgress, onLive) =>
    (await service).index(jobId, request, (event) => void onProgress(event), onLive && ((stage) => void onLive(stage))),
  feed: async (jobId, files) => (await service).feed(jobId, files),
  cancel: async (jobId) => (await service).cancel(jobId),
  classify: async (query) => (await service).classify(query),
  search: async (id, request) => (await service).search(id, request),
  lines: async (id, path, start, end) => (await service).lines(id, path, start, end),
  file: async (id, path) => (await service).file(id, path),
  neighbours: async (id, chunkId) => (await service).neighbours(id, chunkId),
  definitions: async (id, request) => (await service).definitions(id, request),
  suggestions: async (id) => (await service).suggestions(id),
  remove: async (id) => (await service).remove(id),
  settings: async () => (await service).settings(),
  saveSettings: async (patch) => (await service).saveSettings(patch),
};

Comlink.expose(api);
