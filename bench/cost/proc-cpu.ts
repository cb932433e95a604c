/**
 * The CPU time of every thread of a process tree, read from Linux's /proc: what the bench tools
 * that time the app in Chromium (first-answer.ts --cpu, tab-cpu.ts) measure CPU seconds with.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU ticks per second in /proc/<pid>/task/<tid>/stat (USER_HZ). */
export const TICKS_PER_SECOND = 100;

export interface ProcessInfo {
  pid: string;
  ppid: string;
  /** Chromium's `--type=` (renderer, gpu-process, utility…), `browser` without one. */
  type: string;
  /** The type, and a utility process's service (`utility:NetworkService`). */
  role: string;
  /** The command line, its arguments separated by NUL. */
  cmdline: string;
}

/** Every process of the machine now. */
export function processes(): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const type = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
      const service = /--utility-sub-type=([\w.]+)/.exec(cmdline)?.[1]?.split('.').pop();
      out.push({ pid, ppid, type, role: service ? `${type}:${service}` : type, cmdline });
    } catch {
      // the process ended between listing and reading
    }
  }
  return out;
}

/** What `read` returns, or `fallback` when the process or thread ended meanwhile. */
function readOr<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** One thread's CPU so far. */
export interface ThreadReading {
  process: ProcessInfo;
  tid: string;
  /** The thread's name as the kernel keeps it (15 characters at most: `DedicatedWorker`). */
  name: string;
  /** utime + stime, in ticks. */
  ticks: number;
}

/**
 * The CPU ticks of every thread under one process, kept per thread: a thread that ends (the
 * parse workers at the end of a build) keeps its last reading, so sampling often loses at most
 * one interval of it.
 */
export class ThreadClock {
  private readonly last = new Map<string, ThreadReading>();
  /** `withRoot`: the root process's own threads count (a browser's), or only its descendants' (the bench's own Node process). */
  constructor(
    private readonly rootPid: string,
    private readonly withRoot: boolean,
  ) {}

  sample(): void {
    const all = processes();
    const mine = new Set([this.rootPid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const p of all)
        if (!mine.has(p.pid) && mine.has(p.ppid)) {
          mine.add(p.pid);
          grew = true;
        }
    }
    if (!this.withRoot) mine.delete(this.rootPid);
    for (const p of all.filter((q) => mine.has(q.pid)))
      for (const tid of readOr(() => readdirSync(`/proc/${p.pid}/task`), [])) {
        const stat = readOr(() => readFileSync(`/proc/${p.pid}/task/${tid}/stat`, 'utf8'), '');
        if (!stat) continue;
        // utime and stime are fields 14 and 15, after the parenthesised name.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        this.last.set(`${p.pid}/${tid}`, {
          process: p,
          tid,
          name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
          ticks: Number(fields[11]) + Number(fields[12]),
        });
      }
  }

  /** A fresh sample: the last reading of every thread seen so far, keyed `pid/tid`. */
  readings(): Map<string, ThreadReading> {
    this.sample();
    return new Map(this.last);
  }
}
