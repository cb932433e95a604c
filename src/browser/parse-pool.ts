/**
 * A pool of parse workers sized to the machine. Each request goes to the worker with the
 * fewest requests in flight, so one slow file does not hold up the others — except a minority
 * language's, which goes to its home worker (languageHomes) while that one is not far behind.
 */
import * as Comlink from 'comlink';
import type { FileAnalysis, Language } from '../engine/contract';
import { languageForPath } from '../engine/structural/grammars';
import { languageHomes, languageShares } from '../engine/structural/language-homes';
import type { ParseWorkerApi } from './protocol';

/** More workers than this only adds memory (each holds its own wasm heap and grammars). */
export const MAX_PARSE_WORKERS = 8;

/**
 * A homed file goes to another worker once its home has this many more analyses in flight than
 * the least loaded worker: a folder whose minority files come in a run does not leave the other
 * workers idle, and a few parses' wait (milliseconds each) costs less than another worker
 * compiling the language's grammar.
 */
export const HOME_BACKLOG = 4;

interface PooledWorker {
  worker: Worker;
  api: Comlink.Remote<ParseWorkerApi>;
  inFlight: number;
}

export class ParsePool {
  private readonly workers: PooledWorker[] = [];
  private homes = new Map<Language, number>();

  constructor(
    private readonly createWorker: () => Worker,
    readonly size = Math.max(1, Math.min(MAX_PARSE_WORKERS, globalThis.navigator?.hardwareConcurrency ?? 2)),
  ) {}

  /**
   * The files the build will parse (their sizes when known): each minority language gets a home
   * worker, the only one that loads its grammar. Without it every worker meets every language.
   */
  planLanguages(files: readonly { path: string; size?: number }[]): void {
    this.homes = languageHomes(languageShares(files), this.size);
  }

  /** Which worker (by creation order) each homed language is parsed on. */
  get languageHomes(): ReadonlyMap<Language, number> {
    return this.homes;
  }

  analyze(path: string, text: string): Promise<FileAnalysis> {
    if (this.workers.length < this.size && this.workers.every((w) => w.inFlight > 0)) this.addWorker();
    let chosen = this.workers[0];
    for (const candidate of this.workers) if (candidate.inFlight < chosen.inFlight) chosen = candidate;
    const language = this.homes.size > 0 ? languageForPath(path) : null;
    const home = language === null ? undefined : this.homes.get(language);
    if (home !== undefined) {
      while (this.workers.length <= home) this.addWorker();
      const homeWorker = this.workers[home];
      if (homeWorker.inFlight - chosen.inFlight <= HOME_BACKLOG) chosen = homeWorker;
    }
    const taken = chosen;
    taken.inFlight++;
    return taken.api.analyze(path, text).finally(() => taken.inFlight--);
  }

  private addWorker(): void {
    const worker = this.createWorker();
    this.workers.push({ worker, api: Comlink.wrap<ParseWorkerApi>(worker), inFlight: 0 });
  }

  /** Free the workers (and their wasm heaps) after a build. */
  terminate(): void {
    for (const { worker, api } of this.workers.splice(0)) {
      api[Comlink.releaseProxy]();
      worker.terminate();
    }
  }
}
