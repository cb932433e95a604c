/**
 * The page's handles on its workers. The index worker is created at once (it reopens the
 * last repository); the clone worker only when someone clones.
 */
import * as Comlink from 'comlink';
import type { CloneWorkerApi, HighlightWorkerApi, IndexWorkerApi } from '../browser/protocol';

export interface Workers {
  index: Comlink.Remote<IndexWorkerApi>;
  clone(): Comlink.Remote<CloneWorkerApi>;
  /** Syntax highlighting for the code view, started on the first file opened. */
  highlight(): Comlink.Remote<HighlightWorkerApi>;
}

let workers: Workers | null = null;

export function getWorkers(): Workers {
  if (workers) return workers;
  const indexWorker = new Worker(new URL('../../workers/index.worker.ts', import.meta.url), {
    type: 'module',
    name: 'fourfold-index',
  });
  let clone: Comlink.Remote<CloneWorkerApi> | null = null;
  let highlight: Comlink.Remote<HighlightWorkerApi> | null = null;
  workers = {
    index: Comlink.wrap<IndexWorkerApi>(indexWorker),
    clone() {
      clone ??= Comlink.wrap<CloneWorkerApi>(
        new Worker(new URL('../../workers/clone.worker.ts', import.meta.url), {
          type: 'module',
          name: 'fourfold-clone',
        }),
      );
      return clone;
    },
    highlight() {
      highlight ??= Comlink.wrap<HighlightWorkerApi>(
        new Worker(new URL('../../workers/highlight.worker.ts', import.meta.url), {
          type: 'module',
          name: 'fourfold-highlight',
        }),
      );
      return highlight;
    },
  };
  return workers;
}

/** comlink sends callbacks as proxies. */
export const callback = Comlink.proxy;
/** Marks buffers inside a message to be moved to the worker, not copied. */
export const transfer = Comlink.transfer;

let jobCounter = 0;
export function newJobId(): string {
  return `job-${Date.now().toString(36)}-${++jobCounter}`;
}
