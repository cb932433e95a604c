/**
 * A pool of parse workers sized to the machine. Each request goes to the worker with the
 * fewest requests in flight, so one slow file does not hold up the others.
 */
import * as Comlink from 'comlink';
import type { FileAnalysis } from '../engine/contract';
import type { ParseWorkerApi } from './protocol';

/** More workers than this only adds memory (each holds its own wasm heap and grammars). */
export const MAX_PARSE_WORKERS = 8;

interface PooledWorker {
  worker: Worker;
  api: Comlink.Remote<ParseWorkerApi>;
  inFlight: number;
}

export class ParsePool {
  private readonly workers: PooledWorker[] = [];

  constructor(
    private readonly createWorker: () => Worker,
    readonly size = Math.max(1, Math.min(MAX_PARSE_WORKERS, globalThis.navigator?.hardwareConcurrency ?? 2)),
  ) {}

  analyze(path: string, text: string): Promise<FileAnalysis> {
    if (this.workers.length < this.size && this.workers.every((w) => w.inFlight > 0)) {
      const worker = this.createWorker();
      this.workers.push({ worker, api: Comlink.wrap<ParseWorkerApi>(worker), inFlight: 0 });
    }
    let chosen = this.workers[0];
    for (const candidate of this.workers) if (candidate.inFlight < chosen.inFlight) chosen = candidate;
    chosen.inFlight++;
    return chosen.api.analyze(path, text).finally(() => chosen.inFlight--);
  }

  /** Free the workers (and their wasm heaps) after a build. */
  terminate(): void {
    for (const { worker, api } of this.workers.splice(0)) {
      api[Comlink.releaseProxy]();
      worker.terminate();
    }
  }
}
