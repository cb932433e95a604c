/**
 * The index worker's service and everything it runs on (the engine, IndexedDB, the parse and
 * embedding worker pools), started once. workers/index.worker.ts imports this module
 * dynamically, so the worker's own script is small and comlink's listener is registered at
 * once; this module is a chunk of its own, fetched as the worker's first subresource.
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
import type { EmbedWorkerApi } from '../src/browser/protocol';

export interface StartedService {
  service: Promise<IndexService>;
  /** Where the app lives (its models/ and demo/ folders), as the page says it. */
  setAppRoot(root: string): void;
}

export function startIndexService(workerUrl: string): StartedService {
  let appRoot = new URL('../', workerUrl).href;
  const fetchDemo = async (file: string): Promise<Response> => {
    const response = await fetch(new URL(`demo/${file}`, appRoot));
    if (!response.ok) throw new Error(`the demo's ${file} answered HTTP ${response.status}`);
    return response;
  };
  // The store opens behind the service: a reload's records were read already (early-read.ts).
  const { persistence, embeddingCache } = openBrowserPersistence();
  const service = Promise.resolve(
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
  return {
    service,
    setAppRoot(root) {
      appRoot = root;
    },
  };
}
