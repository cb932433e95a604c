/**
 * Structural analysis on Node worker threads: each worker runs its own StructuralAnalyzer
 * (web-tree-sitter is single-threaded and synchronous), so a build parses on every core while
 * the main thread stays free. The worker entry is parse-worker.mjs, plain JavaScript, because
 * a worker thread does not inherit the tsx loader: it loads this file through tsx and calls
 * `serveParseRequests`.
 */
import { availableParallelism } from 'node:os';
import { Worker, type MessagePort } from 'node:worker_threads';
import type { FileAnalysis } from '../engine/contract';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { nodeGrammars } from './grammars';

export interface NodeParsePool {
  /** The file's analysis, as `StructuralAnalyzer.analyzeAsync` gives it; rejects only when a worker dies or the pool is closed. */
  analyze(path: string, text: string): Promise<FileAnalysis>;
  /** Stops the workers; pending analyses reject. */
  close(): Promise<void>;
  readonly size: number;
  /** Analyses sent and not answered yet, over all workers. */
  readonly pending: number;
  /** The worker threads (for diagnostics and tests). */
  readonly workers: readonly Worker[];
}

interface ParseRequest {
  id: number;
  path: string;
  text: string;
}

type ParseReply = { id: number; analysis: FileAnalysis } | { id: number; error: string };

interface Pending {
  path: string;
  resolve: (analysis: FileAnalysis) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Why it can no longer be used (crashed, or the pool closed). */
  failure: Error | null;
}

/**
 * The compiled CLI (dist-cli/node/) starts its compiled worker entry; run from the sources
 * (vitest, tsx), the worker loads the TypeScript through tsx in parse-worker.mjs.
 */
const WORKER_ENTRY = import.meta.url.endsWith('.ts') ? new URL('./parse-worker.mjs', import.meta.url) : new URL('./parse-worker.js', import.meta.url);

export function createNodeParsePool(size = availableParallelism()): NodeParsePool {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`parse pool size must be a positive integer, got ${size}`);
  let nextId = 0;
  let closed = false;

  const fail = (entry: PoolWorker, error: Error) => {
    entry.failure ??= error;
    for (const request of entry.pending.values()) request.reject(entry.failure);
    entry.pending.clear();
  };

  const entries: PoolWorker[] = Array.from({ length: size }, (_, index) => {
    const worker = new Worker(WORKER_ENTRY, { name: `fourfold-parse-${index}` });
    const entry: PoolWorker = { worker, pending: new Map(), failure: null };
    worker.unref(); // an idle pool never keeps the process alive
    worker.on('message', (reply: ParseReply) => {
      const request = entry.pending.get(reply.id);
      if (!request) return;
      entry.pending.delete(reply.id);
      if (entry.pending.size === 0) worker.unref();
      if ('analysis' in reply) request.resolve(reply.analysis);
      else request.reject(new Error(`parse worker ${index} failed on ${request.path}: ${reply.error}`));
    });
    worker.on('error', (error) => {
      fail(entry, new Error(`parse worker ${index} crashed${describePending(entry)}: ${error.message}`, { cause: error }));
    });
    worker.on('exit', (code) => {
      if (closed) fail(entry, new Error('parse pool closed'));
      else fail(entry, new Error(`parse worker ${index} exited unexpectedly (exit code ${code})${describePending(entry)}`));
    });
    return entry;
  });

  return {
    size,
    get pending() {
      return entries.reduce((n, e) => n + e.pending.size, 0);
    },
    workers: entries.map((e) => e.worker),
    analyze(path: string, text: string): Promise<FileAnalysis> {
      if (closed) return Promise.reject(new Error('parse pool closed'));
      // The live worker with the least queued work.
      let best: PoolWorker | null = null;
      for (const entry of entries) if (!entry.failure && (!best || entry.pending.size < best.pending.size)) best = entry;
      if (!best) return Promise.reject(entries[0].failure ?? new Error('no parse worker left'));
      const target = best;
      const id = nextId++;
      return new Promise<FileAnalysis>((resolve, reject) => {
        target.pending.set(id, { path, resolve, reject });
        target.worker.ref();
        target.worker.postMessage({ id, path, text } satisfies ParseRequest);
      });
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.all(entries.map((e) => e.worker.terminate()));
      for (const entry of entries) fail(entry, new Error('parse pool closed'));
    },
  };
}

function describePending(entry: PoolWorker): string {
  const paths = [...entry.pending.values()].map((p) => p.path);
  if (paths.length === 0) return '';
  return ` while analysing ${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ` and ${paths.length - 3} more` : ''}`;
}

/**
 * The worker side (run by parse-worker.mjs): answers requests one at a time, in arrival order,
 * with one analyzer whose grammars load on first use.
 */
export function serveParseRequests(port: MessagePort): (request: ParseRequest) => void {
  const analyzer = StructuralAnalyzer.create(nodeGrammars, { languages: [] });
  let chain: Promise<void> = Promise.resolve();
  return (request: ParseRequest) => {
    chain = chain.then(async () => {
      let reply: ParseReply;
      try {
        reply = { id: request.id, analysis: await (await analyzer).analyzeAsync(request.path, request.text) };
      } catch (error) {
        reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(reply);
    });
  };
}
