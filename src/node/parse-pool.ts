/**
 * Structural analysis on Node worker threads: each worker runs its own StructuralAnalyzer
 * (web-tree-sitter is single-threaded and synchronous), so a build parses on every core while
 * the main thread stays free. The worker entry is parse-worker.mjs, plain JavaScript, because
 * a worker thread does not inherit the tsx loader: it loads this file through tsx and calls
 * `serveParseRequests`.
 */
import { availableParallelism } from 'node:os';
import { Worker, type MessagePort } from 'node:worker_threads';
import type { Chunk, FileAnalysis, Language } from '../engine/contract';
import type { TextIndexer } from '../engine/engine';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { TextSnapshotBuilder, type TermChunk, type TextSnapshot } from '../engine/text/index';
import { nodeGrammars } from './grammars';

export interface NodeParsePool {
  /** The file's analysis, as `StructuralAnalyzer.analyzeAsync` gives it; rejects only when a worker dies or the pool is closed. */
  analyze(path: string, text: string): Promise<FileAnalysis>;
  /** Every worker loads these grammars and compiles their queries now, before the first file comes. */
  prepare(languages: readonly Language[]): void;
  /**
   * The text index built on one worker beside the parse (begin: its trigram half, queued
   * before that worker's files; finish: its term half, while the main thread builds the others).
   */
  textIndexer(): TextIndexer;
  /** Stops the workers; pending analyses reject. */
  close(): Promise<void>;
  readonly size: number;
  /** Analyses sent and not answered yet, over all workers. */
  readonly pending: number;
  /** The worker threads (for diagnostics and tests). */
  readonly workers: readonly Worker[];
}

/** What a build parses with: the pool of parse workers (which also builds the text index), or the in-process analyzer. */
export interface BuildAnalyzer {
  analyze(path: string, text: string): Promise<FileAnalysis>;
  /** Loads these grammars ahead of the first file. */
  prepare(languages: readonly Language[]): void;
  close(): Promise<void>;
  textIndexer?: TextIndexer;
}

/**
 * Parse workers at most. Each loads its own tree-sitter runtime and grammars (a few hundred
 * milliseconds of CPU and tens of MB), so more than this costs more than it gains.
 */
export const MAX_PARSE_WORKERS = 8;

/**
 * One parse worker per core but one (at most MAX_PARSE_WORKERS), and the main thread parsing
 * small files from the queue when it is free; null on one core. Workers start loading at once.
 * The main thread reads the folder and then mostly waits for analyses (idle 60–80 % of the
 * parse in a CPU profile of the 10 MB build): as a helper it takes a share of the parse that
 * one more worker would take at the cost of its own start-up (Node, the grammars, their
 * queries), its own heap, and a structured clone of every text and analysis it handles
 * (docs/bench/HISTORY.md, branch h-build, twenty-first session).
 */
export function startParsePool(): BuildAnalyzer | null {
  const cores = availableParallelism();
  if (cores < 2) return null;
  const local = inProcessAnalyzer();
  const pool = createNodeParsePool(Math.min(MAX_PARSE_WORKERS, cores - 1), { helper: local.analyze });
  return {
    analyze: (path, text) => pool.analyze(path, text),
    prepare: (languages) => {
      pool.prepare(languages);
      local.prepare(languages);
    },
    close: async () => {
      await pool.close();
      await local.dispose();
    },
    textIndexer: pool.textIndexer(),
  };
}

/** The main thread's own analyzer, loaded when first prepared or used. */
function inProcessAnalyzer(): {
  analyze: (path: string, text: string) => Promise<FileAnalysis>;
  prepare: (languages: readonly Language[]) => void;
  dispose: () => Promise<void>;
} {
  let analyzer: Promise<StructuralAnalyzer> | null = null;
  const loaded = () => (analyzer ??= StructuralAnalyzer.create(nodeGrammars, { languages: [] }));
  return {
    analyze: async (path, text) => (await loaded()).analyzeAsync(path, text),
    prepare: (languages) => {
      // A grammar that fails to load fails again, and is reported, on the file that needs it.
      if (languages.length > 0)
        loaded()
          .then((a) => a.prepare(languages))
          .catch(() => undefined);
    },
    dispose: async () => {
      if (analyzer) (await analyzer.catch(() => null))?.dispose();
      analyzer = null;
    },
  };
}

/**
 * The longest text the main thread takes from the queue: a parse there holds up every answer
 * and next file until it ends, so it takes files that parse in a few milliseconds, less than a
 * worker has in hand (IN_FLIGHT_PER_WORKER: ≈ 50 KB of source at 10 MB). Which thread parses a
 * file does not change its analysis.
 */
export const HELPER_MAX_CHARS = 16_384;

/** How far into the queue the main thread looks for a file short enough. */
const HELPER_SCAN = 16;

/** The chunks the term half of the text index reads, in columns (one clone instead of an object each). */
interface ChunkColumns {
  /** The first chunk's id; the others follow it. */
  firstId: number;
  fileIds: Uint32Array;
  startLines: Uint32Array;
  endLines: Uint32Array;
  symbols: string[];
}

type PoolRequest =
  | { kind: 'analyze'; id: number; path: string; text: string }
  | { kind: 'prepare'; languages: readonly Language[] }
  | { kind: 'text-begin'; paths: string[]; texts: string[] }
  | { kind: 'text-chunks'; chunks: ChunkColumns }
  | { kind: 'text-finish'; id: number; chunks: ChunkColumns };

type PoolReply =
  { id: number; analysis: FileAnalysis } | { id: number; text: TextSnapshot } | { id: number; error: string };

interface Pending {
  /** The file analysed, or what else was asked (for error messages). */
  path: string;
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
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

export interface NodeParsePoolOptions {
  /**
   * An analyzer on the calling thread: while analyses wait for a worker, it takes the next short
   * one (HELPER_MAX_CHARS) itself, one per turn of the event loop.
   */
  helper?: (path: string, text: string) => Promise<FileAnalysis>;
}

export function createNodeParsePool(size = availableParallelism(), options: NodeParsePoolOptions = {}): NodeParsePool {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`parse pool size must be a positive integer, got ${size}`);
  let nextId = 0;
  let closed = false;
  /** Analyses not sent to a worker yet, in arrival order. */
  const waiting = new WaitingQueue();
  const scheduleHelper = options.helper ? helperScheduler(waiting, options.helper, () => closed) : () => {};

  const fail = (entry: PoolWorker, error: Error) => {
    entry.failure ??= error;
    for (const request of entry.pending.values()) request.reject(entry.failure);
    entry.pending.clear();
    dispatch();
  };

  const entries: PoolWorker[] = Array.from({ length: size }, (_, index) =>
    startPoolWorker(index, { closed: () => closed, fail, dispatch }),
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
    while (waiting.size > 0) {
      let best: PoolWorker | null = null;
      let alive = false;
      for (const entry of entries) {
        if (entry.failure) continue;
        alive = true;
        if (entry.pending.size < IN_FLIGHT_PER_WORKER && (!best || entry.pending.size < best.pending.size))
          best = entry;
      }
      if (!alive || closed) {
        const error = closed
          ? new Error('parse pool closed')
          : (entries[0].failure ?? new Error('no parse worker left'));
        waiting.rejectAll(error);
        return;
      }
      if (!best) {
        scheduleHelper();
        return;
      }
      const { path, text, resolve, reject } = waiting.shift()!;
      ask<FileAnalysis>(best, path, (id) => ({ kind: 'analyze', id, path, text })).then(resolve, reject);
    }
  }

  return {
    size,
    get pending() {
      return entries.reduce((n, e) => n + e.pending.size, waiting.size);
    },
    workers: entries.map((e) => e.worker),
    analyze(path: string, text: string): Promise<FileAnalysis> {
      if (closed) return Promise.reject(new Error('parse pool closed'));
      const analysis = new Promise<FileAnalysis>((resolve, reject) =>
        waiting.push({ path, text, resolve, reject, taken: false }),
      );
      dispatch();
      return analysis;
    },
    prepare(languages: readonly Language[]): void {
      if (closed || languages.length === 0) return;
      for (const entry of live()) entry.worker.postMessage({ kind: 'prepare', languages } satisfies PoolRequest);
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
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      dispatch(); // rejects what still waits
      await Promise.all(entries.map((e) => e.worker.terminate()));
      for (const entry of entries) fail(entry, new Error('parse pool closed'));
    },
  };
}

interface Waiting {
  path: string;
  text: string;
  resolve: (analysis: FileAnalysis) => void;
  reject: (error: Error) => void;
  /** Taken by the calling thread's helper: skipped by the workers' dispatch. */
  taken: boolean;
}

/** The analyses waiting for a worker, in arrival order; the helper may take some out of turn. */
class WaitingQueue {
  private items: Waiting[] = [];
  private from = 0;
  /** Entries from `from` on that the helper took. */
  private taken = 0;

  /** Entries neither sent to a worker nor taken by the helper. */
  get size(): number {
    return this.items.length - this.from - this.taken;
  }

  push(item: Waiting): void {
    this.items.push(item);
  }

  /** The first entry not taken, removed; undefined when none is left. */
  shift(): Waiting | undefined {
    while (this.from < this.items.length) {
      const item = this.items[this.from];
      this.items[this.from++] = undefined as never; // let the text go
      if (!item.taken) return this.compact(item);
      this.taken--;
    }
    return this.compact(undefined);
  }

  /** The first short entry near the front, marked taken; null when there is none. */
  takeShort(): Waiting | null {
    const end = Math.min(this.items.length, this.from + HELPER_SCAN);
    for (let i = this.from; i < end; i++) {
      const item = this.items[i];
      if (item.taken || item.text.length > HELPER_MAX_CHARS) continue;
      item.taken = true;
      this.taken++;
      return item;
    }
    return null;
  }

  rejectAll(error: Error): void {
    for (let i = this.from; i < this.items.length; i++) if (!this.items[i].taken) this.items[i].reject(error);
    this.items = [];
    this.from = this.taken = 0;
  }

  private compact<T>(result: T): T {
    if (this.from === this.items.length) {
      this.items = [];
      this.from = this.taken = 0;
    }
    return result;
  }
}

/** Schedules one analysis on the calling thread per turn of its event loop, while some wait for a worker. */
function helperScheduler(
  waiting: WaitingQueue,
  helper: (path: string, text: string) => Promise<FileAnalysis>,
  closed: () => boolean,
): () => void {
  let scheduled = false;
  const schedule = (): void => {
    if (scheduled || closed() || waiting.size === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (closed()) return;
      const entry = waiting.takeShort();
      if (!entry) return; // the next answer from a worker dispatches and looks again
      const { path, text } = entry;
      entry.text = ''; // let the text go once read
      helper(path, text)
        .then(entry.resolve, (error: unknown) =>
          entry.reject(error instanceof Error ? error : new Error(String(error))),
        )
        .finally(schedule);
    });
  };
  return schedule;
}

/** What a worker's events do to its pool: answers go to their callers, a crash or an exit fails what it held. */
interface PoolHooks {
  closed(): boolean;
  fail(entry: PoolWorker, error: Error): void;
  /** Hands out waiting analyses (called after every answer). */
  dispatch(): void;
}

/** Starts parse worker `index` of a pool, unreferenced until it is asked something. */
function startPoolWorker(index: number, pool: PoolHooks): PoolWorker {
  const worker = new Worker(WORKER_ENTRY, { name: `fourfold-parse-${index}` });
  const entry: PoolWorker = { worker, pending: new Map(), failure: null };
  worker.unref(); // an idle pool never keeps the process alive
  worker.on('message', (reply: PoolReply) => {
    const request = entry.pending.get(reply.id);
    if (!request) return;
    entry.pending.delete(reply.id);
    if (entry.pending.size === 0) worker.unref();
    if ('error' in reply) request.reject(new Error(`parse worker ${index} failed on ${request.path}: ${reply.error}`));
    else request.resolve(('analysis' in reply ? reply.analysis : reply.text) as never);
    pool.dispatch();
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

function termChunks(columns: ChunkColumns, paths: readonly string[]): TermChunk[] {
  return Array.from(columns.symbols, (symbol, i) => {
    const fileId = columns.fileIds[i];
    const chunk: TermChunk = {
      id: columns.firstId + i,
      fileId,
      path: paths[fileId],
      startLine: columns.startLines[i],
      endLine: columns.endLines[i],
    };
    if (symbol) chunk.symbol = symbol;
    return chunk;
  });
}

/**
 * The worker side (run by parse-worker.mjs): answers requests one at a time, in arrival order,
 * with one analyzer whose grammars load on first use (or when `prepare` names them).
 */
export function serveParseRequests(port: MessagePort): (request: PoolRequest) => void {
  const analyzer = StructuralAnalyzer.create(nodeGrammars, { languages: [] });
  let text: { builder: TextSnapshotBuilder; paths: string[] } | null = null;
  let chain: Promise<void> = Promise.resolve();
  const answer = async (id: number, work: () => Promise<PoolReply>) => {
    let reply: PoolReply;
    try {
      reply = await work();
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  };
  return (request: PoolRequest) => {
    chain = chain.then(async () => {
      switch (request.kind) {
        case 'analyze':
          return answer(request.id, async () => ({
            id: request.id,
            analysis: await (await analyzer).analyzeAsync(request.path, request.text),
          }));
        case 'prepare':
          // Unanswered: a grammar that fails to load fails again, and is reported, on the file that needs it.
          return (await analyzer).prepare(request.languages).catch(() => undefined);
        case 'text-begin':
          text = { builder: new TextSnapshotBuilder(request.texts), paths: request.paths };
          return text.builder.buildTrigrams();
        case 'text-chunks':
          // Unanswered: a text index not begun, or chunks that do not follow the last ones, fail
          // at `text-finish` (and the engine builds the index itself).
          try {
            text?.builder.addChunks(termChunks(request.chunks, text.paths));
          } catch {
            text = null;
          }
          return;
        case 'text-finish':
          return answer(request.id, async () => {
            if (!text) throw new Error('the text index was not begun');
            const snapshot = text.builder.finish(termChunks(request.chunks, text.paths));
            text = null;
            return { id: request.id, text: snapshot };
          });
      }
    });
  };
}
