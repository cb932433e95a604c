/**
 * The parse workers' side of the pool (parse-pool.ts): each worker runs its own StructuralAnalyzer
 * (web-tree-sitter is single-threaded and synchronous) and, on the first worker, the text index.
 * A module of its own so that the main thread, which only starts and feeds the workers, loads
 * none of this before it starts them (tree-sitter's runtime, the analyzer, the text index).
 */
import type { MessagePort } from 'node:worker_threads';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { TextSnapshotBuilder, type TermChunk } from '../engine/text/index';
import { epochMs, threadCpuMs, traceMark, tracing } from './build-trace';
import { nodeGrammars } from './grammars';
import type { ChunkColumns, PoolReply, PoolRequest } from './parse-pool';

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
  traceMark('runtime:start');
  const analyzer = StructuralAnalyzer.create(nodeGrammars, { languages: [] });
  if (tracing) void analyzer.then(() => traceMark('runtime:end'));
  const busy = tracing ? new WorkerBusy() : null;
  let text: { builder: TextSnapshotBuilder; paths: string[] } | null = null;
  let chain: Promise<void> = Promise.resolve();
  /** The request being served is accounted for (WorkerBusy.done), once: before its reply leaves, or when it ends unanswered. */
  let accountFor = () => {};
  const answer = async (id: number, work: () => Promise<PoolReply>) => {
    let reply: PoolReply;
    try {
      reply = await work();
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    // Before the reply: the main thread may end the build, and this worker, as soon as the last
    // reply arrives, and a worker's idle mark is its last word in the trace.
    accountFor();
    // The text index's arrays (≈ 4.5 MB at 10 MB of code) are moved, not copied: its reply is
    // sent after the parse, while the main thread waits on it, and a copy costs both threads
    // there (serialize here, deserialize there: ≈ 40 ms of CPU at 10 MB, docs/bench/HISTORY.md).
    port.postMessage(reply, 'text' in reply ? ownedBuffers(reply.text) : undefined);
  };
  const served = (request: PoolRequest) => {
    busy?.received();
    chain = chain.then(async () => {
      // The thread's CPU read around every request but the many analyses (whose share is the rest).
      const started = busy && epochMs();
      const cpu = busy && request.kind !== 'analyze' ? threadCpuMs() : null;
      let accounted = false;
      accountFor = () => {
        if (!busy || accounted) return;
        accounted = true;
        busy.done(request.kind, epochMs() - started!, cpu === null ? null : threadCpuMs() - cpu);
      };
      try {
        await serve(request);
      } finally {
        accountFor();
      }
    });
  };
  const serve = async (request: PoolRequest): Promise<void> => {
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
  };
  return served;
}

/**
 * What a worker has done, by kind of request, written to the trace (build-trace.ts) whenever it
 * has nothing left to do: a worker is terminated without notice, so its last idle moment is
 * its last word.
 */
class WorkerBusy {
  private waiting = 0;
  private readonly ms = new Map<string, number>();
  private readonly count = new Map<string, number>();
  private readonly cpu = new Map<string, number>();
  private first = 0;

  received(): void {
    this.waiting++;
    if (this.first === 0) this.first = epochMs();
  }

  done(kind: string, ms: number, cpuMs: number | null): void {
    this.ms.set(kind, (this.ms.get(kind) ?? 0) + ms);
    if (cpuMs !== null) this.cpu.set(kind, (this.cpu.get(kind) ?? 0) + cpuMs);
    this.count.set(kind, (this.count.get(kind) ?? 0) + 1);
    if (--this.waiting > 0) return;
    const figures: Record<string, number> = { firstRequest: this.first, cpuNow: threadCpuMs() };
    for (const [k, v] of this.ms) {
      figures[`${k} ms`] = Math.round(v);
      figures[`${k} n`] = this.count.get(k)!;
      const cpu = this.cpu.get(k);
      if (cpu !== undefined) figures[`${k} cpu`] = cpu;
    }
    traceMark('worker:idle', figures);
  }
}

/**
 * The ArrayBuffers under a value's typed arrays, each once, to transfer with it: only what the
 * sender made for this reply and drops after it (the finished text index), never shared memory.
 */
export function ownedBuffers(value: unknown, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) found.add(value.buffer);
  } else if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) ownedBuffers(child, found);
  }
  return [...found];
}
