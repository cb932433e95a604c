/**
 * Index/search worker: owns the engines and the IndexedDB store; a thin comlink adapter over
 * src/browser/index-service.ts. It starts the parse pool (nested workers, one per core) for
 * each build and the embedding workers (one per core, up to 4). comlink's listener is registered
 * synchronously, before any storage or model is opened, so no early message is lost; the
 * service itself (index-service-start.ts) is imported as a separate chunk: this script stays
 * small, so the worker starts at once.
 */
import * as Comlink from 'comlink';
import type { IndexWorkerApi } from '../src/browser/protocol';
import { readStoredEarly } from '../src/browser/early-read';

// Start-up, as the bench reads it: the worker's script runs from here.
performance.mark('fourfold:worker-start');
const started = import('./index-service-start').then((m) => {
  performance.mark('fourfold:worker-service-loaded');
  return m.startIndexService(self.location.href);
});
const service = started.then((s) => s.service);

const api: IndexWorkerApi = {
  // A reload reopens the repository of its address (or the last one) while the page starts.
  // Its stored records are read at once, while the service chunk is still loading.
  reopen: async (wanted) => {
    const early = readStoredEarly(wanted.repositoryId);
    (await service).readAhead(wanted, early);
  },
  async start(root) {
    (await started).setAppRoot(root);
    return (await service).status();
  },
  status: async () => (await service).status(),
  embedderReady: async () => (await service).embedderReady(),
  open: async (id) => (await service).open(id),
  index: async (jobId, request, onProgress, onLive) =>
    (await service).index(jobId, request, (event) => void onProgress(event), onLive && ((stage) => void onLive(stage))),
  settled: async () => (await service).settled(),
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
