/**
 * Structural analysis on Node worker threads: each worker runs its own StructuralAnalyzer
 * (web-tree-sitter is single-threaded and synchronous), so a build parses on every core while
 * the main thread stays free. The worker entry is parse-worker.mjs, plain JavaScript, because
 * a worker thread does not inherit the tsx loader: it loads parse-serve.ts through tsx and calls
 * `serveParseRequests`. This module is the main thread's side only, light enough to load and
 * start the workers before anything else of a build loads.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Chunk, FileAnalysis, Language } from '../engine/contract';
import type { TextIndexer } from '../engine/engine';
import { languageForPath } from '../engine/structural/grammars';
import type { TextSnapshot } from '../engine/text/index';
import { traceMark } from './build-trace';

export interface NodeParsePool {
  /** The file's analysis, as `StructuralAnalyzer.analyzeAsync` gives it; rejects only when a worker dies or the pool is closed. */
  analyze(path: string, text: string): Promise<FileAnalysis>;
  /**
   * The workers load these grammars and compile their queries now, before the first file comes.
   * Given how many bytes of each there are to parse, a minority language is homed on one worker
   * (languageHomes): only that one loads it, and its files go there.
   */
  prepare(languages: readonly Language[], bytes?: ReadonlyMap<Language, number>): void;
  /**
   * The text index built on one worker beside the parse (begin: its trigram half, queued
   * before that worker's files; finish: its term half, while the main thread builds the others).
   */
  textIndexer(): TextIndexer;
  /**
   * The build asks nothing more but the answers on their way (the parse is over): each worker
   * stops as soon as it has none left, so its teardown (heap, wasm memory) runs beside what the
   * build still does on the main thread instead of after it. `close` still waits for them.
   */
  finished(): void;
  /** Stops the workers; pending analyses reject. */
  close(): Promise<void>;
  readonly size: number;
  /** Analyses sent and not answered yet, over all workers. */
  readonly pending: number;
  /** The worker threads (for diagnostics and tests). */
  readonly workers: readonly Worker[];
  /** The worker (by index in `workers`) each homed language is parsed on, as the last `prepare` decided. */
  readonly homes: ReadonlyMap<Language, number>;
}

/** What a build parses with: the pool of parse workers (which also builds the text index), or the in-process analyzer. */
export interface BuildAnalyzer {
  analyze(path: string, text: string): Promise<FileAnalysis>;
  /** Loads these grammars ahead of the first file (with each one's bytes to parse, when known: NodeParsePool.prepare). */
  prepare(languages: readonly Language[], bytes?: ReadonlyMap<Language, number>): void;
  close(): Promise<void>;
  textIndexer?: TextIndexer;
  /** The build asks nothing more but what is on its way (NodeParsePool.finished). */
  finished?(): void;
}

/**
 * Parse workers at most. Each loads its own tree-sitter runtime and grammars (a few hundred
 * milliseconds of CPU and tens of MB), so more than this costs more than it gains.
 */
export const MAX_PARSE_WORKERS = 8;

/**
 * A language is homed on one worker when its bytes are at most this share of a worker's even
 * part of the parse (all bytes ÷ workers): the worker then still takes files of the other
 * languages, so the parse stays even across the pool, and with no file left but its own it is
 * helped by the idle workers (see `dispatch`).
 */
export const HOME_SHARE = 0.75;

/**
 * The worker each minority language is parsed on (none for a language not in the map). Every
 * worker that meets a language loads its grammar and compiles its tag query, the first of them
 * in Liftoff code (60–250 ms of CPU each, docs/bench/HISTORY.md), and optimizes the analyzer for
 * its shapes: a language parsed by one worker is paid for once. Homes are given to the
 * workers but the first, which also builds the text index (`textIndexer`), the largest language
 * first, each to the worker with the fewest homed bytes that has room for it.
 */
export function languageHomes(bytes: ReadonlyMap<Language, number>, workers: number): Map<Language, number> {
  const homes = new Map<Language, number>();
  if (workers < 2) return homes;
  let total = 0;
  for (const b of bytes.values()) total += b;
  if (!(total > 0)) return homes; // sizes unknown: nothing tells a minority
  const room = (total / workers) * HOME_SHARE;
  const homed = new Array<number>(workers).fill(0);
  const largestFirst = [...bytes].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  for (const [language, b] of largestFirst) {
    let best = -1;
    for (let w = workers - 1; w >= 1; w--) if (homed[w] + b <= room && (best < 0 || homed[w] < homed[best])) best = w;
    if (best < 0) continue;
    homed[best] += b;
    homes.set(language, best);
  }
  return homes;
}

/** One parse worker per core (at most MAX_PARSE_WORKERS); null on one core. Workers start loading at once. */
export function startParsePool(): BuildAnalyzer | null {
  const workers = Math.min(MAX_PARSE_WORKERS, availableParallelism());
  if (workers < 2) return null;
  traceMark('pool:start');
  const pool = createNodeParsePool(workers);
  traceMark('pool:started');
  return {
    analyze: (path, text) => pool.analyze(path, text),
    prepare: (languages, bytes) => pool.prepare(languages, bytes),
    close: () => pool.close(),
    textIndexer: pool.textIndexer(),
    finished: () => pool.finished(),
  };
}

/** The chunks the term half of the text index reads, in columns (one clone instead of an object each). */
export interface ChunkColumns {
  /** The first chunk's id; the others follow it. */
  firstId: number;
  fileIds: Uint32Array;
  startLines: Uint32Array;
  endLines: Uint32Array;
  symbols: string[];
}

export type PoolRequest =
  | { kind: 'analyze'; id: number; path: string; text: string }
  | { kind: 'prepare'; languages: readonly Language[] }
  | { kind: 'text-begin'; paths: string[]; texts: string[] }
  | { kind: 'text-chunks'; chunks: ChunkColumns }
  | { kind: 'text-finish'; id: number; chunks: ChunkColumns };

export type PoolReply =
  { id: number; analysis: FileAnalysis } | { id: number; text: TextSnapshot } | { id: number; error: string };

/** An analysis asked for and not sent to a worker yet. */
interface Waiting {
  path: string;
  text: string;
  resolve: (analysis: FileAnalysis) => void;
  reject: (error: Error) => void;
}

/** Analyses waiting, in arrival order: taking one is O(1) and lets its text go. */
class WaitingQueue {
  private items: (Waiting | undefined)[] = [];
  private from = 0;

  get length(): number {
    return this.items.length - this.from;
  }

  push(item: Waiting): void {
    this.items.push(item);
  }

  peek(): Waiting | undefined {
    return this.items[this.from];
  }

  shift(): Waiting | undefined {
    if (this.from === this.items.length) return undefined;
    const item = this.items[this.from];
    this.items[this.from++] = undefined;
    if (this.from === this.items.length) this.items.length = this.from = 0;
    return item;
  }

  /** Everything waiting, the queue left empty. */
  drain(): Waiting[] {
    const items = this.items.slice(this.from) as Waiting[];
    this.items.length = this.from = 0;
    return items;
  }
}

/**
 * The analyses waiting for a worker: the shared queue, and each worker's homed files (its
 * `homed`). A worker takes its homed files first, then the shared ones; one with nothing in
 * flight and nothing else to take helps a home that has no room left, rather than idle.
 */
class PoolQueues {
  readonly shared = new WaitingQueue();
  /** Each minority language's worker (NodeParsePool.prepare). */
  homes = new Map<Language, number>();

  /** Queues an analysis with its language's worker when that one is up, else with the shared ones. */
  push(entries: readonly PoolWorker[], item: Waiting): void {
    const language = languageForPath(item.path);
    const home = language === null ? undefined : this.homes.get(language);
    const homeEntry = home === undefined ? undefined : entries[home];
    (homeEntry && !homeEntry.failure ? homeEntry.homed : this.shared).push(item);
  }

  /** The least loaded live worker with room and something to take, and what it takes; null when there is none. */
  next(entries: readonly PoolWorker[]): { entry: PoolWorker; item: Waiting } | null {
    let best: PoolWorker | null = null;
    let bestQueue: WaitingQueue | null = null;
    for (const entry of entries) {
      if (entry.failure || entry.pending.size >= IN_FLIGHT_PER_WORKER) continue;
      if (best && entry.pending.size >= best.pending.size) continue;
      const queue = this.queueFor(entries, entry);
      if (queue) [best, bestQueue] = [entry, queue];
    }
    return best && bestQueue ? { entry: best, item: bestQueue.shift()! } : null;
  }

  /** Rejects every analysis waiting. */
  rejectAll(entries: readonly PoolWorker[], error: Error): void {
    for (const queue of [this.shared, ...entries.map((e) => e.homed)])
      for (const item of queue.drain()) item.reject(error);
  }

  private queueFor(entries: readonly PoolWorker[], entry: PoolWorker): WaitingQueue | null {
    if (entry.homed.length > 0) return entry.homed;
    if (this.shared.length > 0) return this.shared;
    if (entry.pending.size > 0) return null;
    let busiest: PoolWorker | null = null;
    for (const other of entries)
      if (
        other !== entry &&
        !other.failure &&
        other.pending.size >= IN_FLIGHT_PER_WORKER &&
        other.homed.length > (busiest?.homed.length ?? 0)
      )
        busiest = other;
    return busiest?.homed ?? null;
  }
}

interface Pending {
  /** The file analysed, or what else was asked (for error messages). */
  path: string;
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Analyses of the languages homed on this worker, not sent yet. */
  homed: WaitingQueue;
  /** Why it can no longer be used (crashed, or the pool closed). */
  failure: Error | null;
}

/**
 * Analyses sent to one worker ahead of its answers: enough that it never waits for the main
 * thread (≈ 13 ms of parsing at 10 MB, against the 5 ms runs of reads between the main thread's
 * turns while a folder is read: 32 rather than 16 took ≈ 5 % off Engine.build at 10 MB in a
 * paired A/B, most of it by parsing more during the read), few enough that each next file still goes to whichever worker frees up first. The rest
 * wait in the pool's own queue (a caller may hand over every file at once).
 */
const IN_FLIGHT_PER_WORKER = 32;

/**
 * The compiled CLI (dist-cli/node/) starts its compiled worker entry; run from the sources
 * (vitest, tsx), the worker loads the TypeScript through tsx in parse-worker.mjs.
 */
const WORKER_ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./parse-worker.mjs', import.meta.url)
  : new URL('./parse-worker.js', import.meta.url);

export function createNodeParsePool(size = availableParallelism()): NodeParsePool {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`parse pool size must be a positive integer, got ${size}`);
  let nextId = 0;
  let closed = false;
  /** Set by `finished`: a worker with nothing left to answer stops. */
  let retiring = false;

  const queues = new PoolQueues();

  const fail = (entry: PoolWorker, error: Error) => {
    entry.failure ??= error;
    for (const request of entry.pending.values()) request.reject(entry.failure);
    entry.pending.clear();
    // Its homed files go to whichever worker is left.
    for (const item of entry.homed.drain()) queues.shared.push(item);
    dispatch();
  };

  /** Stops a worker once nothing is asked of it or waits for it (after `finished`). */
  const retireIfIdle = (entry: PoolWorker) => {
    if (
      retiring &&
      !closed &&
      !entry.failure &&
      entry.pending.size === 0 &&
      entry.homed.length === 0 &&
      queues.shared.length === 0
    ) {
      entry.failure = new Error('parse pool finished');
      void terminated(entry, entries.indexOf(entry), 'retired');
    }
  };

  const entries: PoolWorker[] = Array.from({ length: size }, (_, index) =>
    startPoolWorker(index, { closed: () => closed, fail, dispatch, answered: retireIfIdle }),
  );

  /** Sends a request that is answered; `what` names it in errors. */
  const ask = <T>(target: PoolWorker, what: string, request: (id: number) => PoolRequest): Promise<T> => {
    if (closed) return Promise.reject(new Error('parse pool closed'));
    if (target.failure) return Promise.reject(target.failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      target.pending.set(id, { path: what, resolve: resolve as (value: never) => void, reject });
      target.worker.ref();
      target.worker.postMessage(request(id));
    });
  };
  const live = () => entries.filter((e) => !e.failure);

  /** Sends waiting analyses to the live workers with room, least loaded first; rejects them all when none is left. */
  function dispatch(): void {
    for (;;) {
      if (closed || entries.every((e) => e.failure)) {
        queues.rejectAll(
          entries,
          closed ? new Error('parse pool closed') : (entries[0].failure ?? new Error('no parse worker left')),
        );
        return;
      }
      const next = queues.next(entries);
      if (!next) return;
      const { path, text, resolve, reject } = next.item;
      ask<FileAnalysis>(next.entry, path, (id) => ({ kind: 'analyze', id, path, text })).then(resolve, reject);
    }
  }

  return {
    size,
    get pending() {
      return entries.reduce((n, e) => n + e.pending.size + e.homed.length, queues.shared.length);
    },
    workers: entries.map((e) => e.worker),
    get homes() {
      return queues.homes;
    },
    analyze(path: string, text: string): Promise<FileAnalysis> {
      if (closed) return Promise.reject(new Error('parse pool closed'));
      const analysis = new Promise<FileAnalysis>((resolve, reject) =>
        queues.push(entries, { path, text, resolve, reject }),
      );
      dispatch();
      return analysis;
    },
    prepare(languages: readonly Language[], bytes?: ReadonlyMap<Language, number>): void {
      if (closed || languages.length === 0) return;
      const homes = (queues.homes = bytes ? languageHomes(bytes, size) : new Map());
      entries.forEach((entry, index) => {
        if (entry.failure) return;
        const own = languages.filter((language) => (homes.get(language) ?? index) === index);
        if (own.length > 0) entry.worker.postMessage({ kind: 'prepare', languages: own } satisfies PoolRequest);
      });
    },
    textIndexer(): TextIndexer {
      // The worker is chosen once: the term half needs the files its trigram half was given.
      const target = live()[0] ?? entries[0];
      /** Chunks sent with `add` (ids 0..sent-1): `finish` sends the rest. */
      let sent = 0;
      return {
        begin(files) {
          if (closed || target.failure) return; // finish() then rejects, and the engine builds the index itself
          target.worker.postMessage({
            kind: 'text-begin',
            paths: files.map((f) => f.path),
            texts: files.map((f) => f.text),
          } satisfies PoolRequest);
        },
        add(chunks) {
          if (closed || target.failure || chunks.length === 0) return;
          // Queued among the worker's analyses: it counts these between two parses.
          target.worker.postMessage({ kind: 'text-chunks', chunks: chunkColumns(chunks, sent) } satisfies PoolRequest);
          sent += chunks.length;
        },
        finish: (chunks) =>
          ask<TextSnapshot>(target, 'the text index', (id) => ({
            kind: 'text-finish',
            id,
            chunks: chunkColumns(chunks.slice(sent), sent),
          })),
      };
    },
    finished(): void {
      retiring = true;
      for (const entry of entries) retireIfIdle(entry);
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      dispatch(); // rejects what still waits
      await Promise.all(entries.map((e, i) => terminated(e, i, e.failure ? null : 'closed')));
      for (const entry of entries) fail(entry, new Error('parse pool closed'));
    },
  };
}

/** Terminates a worker; `why` marks the trace (null: a worker ended already, terminated again). */
async function terminated(entry: PoolWorker, index: number, why: 'retired' | 'closed' | null): Promise<void> {
  if (why) traceMark(`worker:${why}`, { index });
  await entry.worker.terminate();
  if (why) traceMark('worker:terminated', { index });
}

/** What a worker's events do to its pool: answers go to their callers, a crash or an exit fails what it held. */
interface PoolHooks {
  closed(): boolean;
  fail(entry: PoolWorker, error: Error): void;
  /** Hands out waiting analyses (called after every answer). */
  dispatch(): void;
  /** After every answer, once handed on: the worker may have nothing left. */
  answered(entry: PoolWorker): void;
}

/** Starts parse worker `index` of a pool, unreferenced until it is asked something. */
function startPoolWorker(index: number, pool: PoolHooks): PoolWorker {
  const worker = new Worker(WORKER_ENTRY, { name: `fourfold-parse-${index}` });
  const entry: PoolWorker = { worker, pending: new Map(), homed: new WaitingQueue(), failure: null };
  worker.unref(); // an idle pool never keeps the process alive
  worker.on('message', (reply: PoolReply) => {
    const request = entry.pending.get(reply.id);
    if (!request) return;
    entry.pending.delete(reply.id);
    if (entry.pending.size === 0) worker.unref();
    if ('error' in reply) request.reject(new Error(`parse worker ${index} failed on ${request.path}: ${reply.error}`));
    else request.resolve(('analysis' in reply ? reply.analysis : reply.text) as never);
    pool.dispatch();
    pool.answered(entry);
  });
  worker.on('error', (error) => {
    pool.fail(
      entry,
      new Error(`parse worker ${index} crashed${describePending(entry)}: ${error.message}`, { cause: error }),
    );
  });
  worker.on('exit', (code) => {
    if (pool.closed()) pool.fail(entry, new Error('parse pool closed'));
    else
      pool.fail(
        entry,
        new Error(`parse worker ${index} exited unexpectedly (exit code ${code})${describePending(entry)}`),
      );
  });
  return entry;
}

function describePending(entry: PoolWorker): string {
  const paths = [...entry.pending.values()].map((p) => p.path);
  if (paths.length === 0) return '';
  return ` while analysing ${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ` and ${paths.length - 3} more` : ''}`;
}

/** The chunks (ids firstId, firstId + 1, …) in columns. */
function chunkColumns(chunks: readonly Chunk[], firstId: number): ChunkColumns {
  const n = chunks.length;
  const columns: ChunkColumns = {
    firstId,
    fileIds: new Uint32Array(n),
    startLines: new Uint32Array(n),
    endLines: new Uint32Array(n),
    symbols: new Array<string>(n),
  };
  for (let i = 0; i < n; i++) {
    const c = chunks[i];
    if (c.id !== firstId + i)
      throw new Error(`chunks must come with ids ${firstId}, ${firstId + 1}…; got ${c.id} at ${i}`);
    columns.fileIds[i] = c.fileId;
    columns.startLines[i] = c.startLine;
    columns.endLines[i] = c.endLine;
    columns.symbols[i] = c.symbol ?? '';
  }
  return columns;
}
