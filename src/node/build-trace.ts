/**
 * A timeline of one CLI process, for the bench (bench/cost/build-trace.ts): with FOURFOLD_TRACE
 * set to a file, every thread (the main one and the parse workers) appends a line per mark —
 * which thread, what, when (epoch milliseconds, so the threads' clocks agree) and the calling
 * thread's own CPU so far (Linux: /proc/thread-self/stat; elsewhere the process's). The bench
 * turns the marks into a table of stages: wall, CPU, thread. Without the variable a mark is a
 * test of a constant. The engine's own stages come as its User Timing measures (timing.ts).
 */
import { appendFileSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';
import type { IndexProgress } from '../engine/contract';

const TRACE_FILE = process.env.FOURFOLD_TRACE || null;

/** Whether this process writes a trace. */
export const tracing = TRACE_FILE !== null;

/** The calling thread's CPU so far, in ms (10 ms steps on Linux; the process's where the thread's cannot be read). */
export function threadCpuMs(): number {
  try {
    return ticksOf(readFileSync('/proc/thread-self/stat', 'latin1')) * 10;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
}

/** utime + stime of a /proc stat line (fields 14 and 15; the name in parentheses may hold spaces). */
function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const thread = isMainThread ? 'main' : `worker ${threadId}`;

/** Epoch milliseconds with performance.now()'s resolution. */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Appends one mark: `name` ending in `:start`/`:end` opens and closes a stage (the bench pairs
 * them per thread); `data` adds figures (counts, sums of ms).
 */
export function traceMark(name: string, data?: Record<string, number | string>): void {
  if (!TRACE_FILE) return;
  // The main thread's marks carry every thread's CPU (what each did between two marks); a
  // worker's first says which thread it is.
  const extra: Record<string, unknown> = {};
  if (isMainThread) extra.threads = threadsCpuMs();
  else if (name === 'worker:entry') extra.tid = ownTid();
  write({ thread, name, t: epochMs(), cpu: threadCpuMs(), ...extra, ...data });
}

/** Every thread of the process still alive, by its id: its CPU so far in ms (empty where /proc cannot be read). */
function threadsCpuMs(): Record<string, number> {
  const threads: Record<string, number> = {};
  try {
    for (const tid of readdirSync('/proc/self/task'))
      threads[tid] = ticksOf(readFileSync(`/proc/self/task/${tid}/stat`, 'latin1')) * 10;
  } catch {
    // Not Linux, or the thread ended between the listing and the read: what was read.
  }
  return threads;
}

/** The calling thread's id (Linux), or -1. */
function ownTid(): number {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return -1;
  }
}

function write(line: object): void {
  try {
    appendFileSync(TRACE_FILE!, JSON.stringify(line) + '\n');
  } catch {
    // A trace that cannot be written is no reason to fail the command.
  }
}

/**
 * On the main thread, once: the process's start (its time origin), the engine's measures as
 * they are left, and at exit the process's CPU and every thread still alive (V8's helper
 * threads, libuv's pool) with its own CPU.
 */
export function startProcessTrace(): void {
  if (!TRACE_FILE || !isMainThread) return;
  write({ thread, name: 'process:origin', t: performance.timeOrigin, cpu: 0 });
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name.startsWith('fourfold:'))
        write({ thread, name: `engine ${e.name.slice(9)}`, t: performance.timeOrigin + e.startTime, ms: e.duration });
  });
  observer.observe({ entryTypes: ['measure'] });
  process.on('exit', () => {
    observer.disconnect();
    const u = process.cpuUsage();
    write({
      thread,
      name: 'process:exit',
      t: epochMs(),
      cpu: threadCpuMs(),
      threads: threadsCpuMs(),
      processCpu: (u.user + u.system) / 1000,
      pid: process.pid,
    });
  });
}

/**
 * A build's progress callback that also marks the trace where the engine's stages begin and end
 * (the parse's last file, each index built), so each has every thread's CPU; `onProgress` as given
 * when not tracing.
 */
export function tracedProgress(
  onProgress: ((p: IndexProgress) => void) | undefined,
): ((p: IndexProgress) => void) | undefined {
  if (!TRACE_FILE) return onProgress;
  return (p) => {
    if (p.message) traceMark(`engine:${p.message}`);
    else if (p.stage === 'parse' && p.done === p.total) traceMark('engine:parsed');
    onProgress?.(p);
  };
}
