/**
 * Where a whole `fourfold index --embedder none` process spends its wall time, stage by stage,
 * from the spawn to the process's end: the CLI runs with FOURFOLD_TRACE (src/node/build-trace.ts)
 * and its marks become a table of stages. The main thread's marks cut the process into
 * consecutive stages (they add up to the whole wall time); each carries every thread's CPU, so
 * a stage shows what the main thread, each parse worker and V8's and libuv's helper threads did
 * in it. Wall times on this shared machine are inflated by the load; the CPU is not, and
 * "bound" is the wall the stage would take on two free cores (no thread faster than its own
 * CPU, no more than two threads' worth at once): the stages whose bound is one thread's CPU are
 * the serial ones.
 *
 *   npx tsx bench/cost/build-trace.ts [--size 10] [--runs 2] [--write-cache] [--cli DIR]
 *
 * --cli DIR: another checkout with its CLI built (default: this one). --write-cache: the index
 * written, as a user's `fourfold index` does (default `--no-cache`, as cli-speed's build section).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureTiers, REPO_ROOT } from '../corpora';

interface Mark {
  thread: string;
  name: string;
  t: number;
  cpu?: number;
  threads?: Record<string, number>;
  [figure: string]: unknown;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** What the main thread did up to each mark (from the mark before it, in time order). */
const STAGE_NAMES: Record<string, string> = {
  'cli:main': 'Node start, bin/fourfold.js, cli.js loaded',
  'cli-run:loaded': 'cli-run.js loaded',
  'stale-temps:removed': 'stale temps removed',
  'pool:start': 'parse-pool.js imported',
  'pool:started': 'workers spawned',
  'modules:loaded': 'repository.js and engine.js loaded',
  'walk:start': 'manifest read, open',
  'walk:end': 'walk (names and stat)',
  'read:start': 'fingerprint, languages, prepare sent',
  'read:end': 'read + decode + hash; the workers parse',
  'engine-build:start': 'analyzer set up',
  'engine:parsed': 'Engine.build: the rest of the parse',
  'engine:building structural index': 'Engine.build: chunks, text index asked for',
  'engine:structural index built': 'Engine.build: structural',
  'engine:building graph index': '(graph start)',
  'engine:graph index built': 'Engine.build: graph (main); text terms (worker)',
  'engine-build:end': 'Engine.build: text index back, stats, serialize',
  'pool:closed': 'parse pool closed',
  'store:snapshot': 'engine.snapshot() (columns)',
  'snapshot-file:encode:start': '(store)',
  'snapshot-file:encode:end': 'snapshot file: serialize + deflate + SHA-256',
  'snapshot-file:written': 'snapshot file written',
  'manifest:end': 'manifest written',
  'summary:printed': 'summary printed',
  'cli:returned': 'cli returns',
  'process:exit': 'event loop drains → exit event',
};

interface Run {
  spawned: number;
  ended: number;
  wall: number;
  cpu: number;
  peakMb: number;
  marks: Mark[];
}

function runOnce(cli: string, dir: string, writeCache: boolean, scratch: string, i: number): Run {
  const traceFile = join(scratch, `trace-${i}.jsonl`);
  const cacheDir = join(scratch, `cache-${i}`);
  const spawned = Date.now();
  const r = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '%e %U %S %M',
      process.execPath,
      join(cli, 'bin', 'fourfold.js'),
      'index',
      '--repo',
      dir,
      '--embedder',
      'none',
      ...(writeCache ? [] : ['--no-cache']),
      '--quiet',
      '--cache',
      cacheDir,
    ],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, FOURFOLD_NO_SERVER: '1', FOURFOLD_TRACE: traceFile },
    },
  );
  const ended = Date.now();
  if (r.status !== 0) throw new Error(`fourfold index failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const [wall, user, system, peakKb] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  const marks = readFileSync(traceFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Mark);
  return { spawned, ended, wall, cpu: user + system, peakMb: peakKb / 1024, marks };
}

interface Stage {
  name: string;
  from: number;
  wall: number;
  /** CPU in ms by column: main, each worker, helpers. */
  cpu: Map<string, number>;
}

/** The stages between the main thread's marks, with each thread's CPU in them. */
function stages(run: Run): { stages: Stage[]; columns: string[]; workerNotes: string[] } {
  const { spawned, ended, marks } = run;
  const main = marks
    .filter((m) => m.thread === 'main' && m.threads && STAGE_NAMES[m.name] !== undefined)
    // A mark of no stage of its own (a stage's start right after another's end): folded into the next.
    .filter((m) => !STAGE_NAMES[m.name].startsWith('('))
    .sort((a, b) => a.t - b.t);
  const exit = marks.find((m) => m.name === 'process:exit')!;
  const pid = String(exit.pid);
  // Which thread id is which worker (their first mark says), in order of their pool labels.
  const workerEntries = marks.filter((m) => m.name === 'worker:entry').sort((a, b) => a.thread.localeCompare(b.thread));
  const workerOf = new Map(workerEntries.map((m, i) => [String(m.tid), `w${i}`]));
  const column = (tid: string) => (tid === pid ? 'main' : (workerOf.get(tid) ?? 'helpers'));
  // A worker's CPU at its end: its last mark (it is terminated without one of its own).
  const lastCpu = new Map<string, number>();
  for (const m of marks)
    if (m.thread !== 'main' && m.cpu !== undefined) {
      const tid = workerEntries.find((w) => w.thread === m.thread)?.tid;
      if (tid !== undefined) lastCpu.set(String(tid), m.cpu);
    }
  const result: Stage[] = [];
  let prev: Record<string, number> = {};
  let prevT = spawned;
  for (const m of main) {
    const now = m.threads!;
    const cpu = new Map<string, number>();
    for (const tid of new Set([...Object.keys(now), ...Object.keys(prev)])) {
      // A thread gone since the last mark: what it did up to its last word, if it said one.
      const end = now[tid] ?? (workerOf.has(tid) ? (lastCpu.get(tid) ?? prev[tid]) : prev[tid]);
      const d = Math.max(0, end - (prev[tid] ?? 0));
      cpu.set(column(tid), (cpu.get(column(tid)) ?? 0) + d);
    }
    result.push({ name: STAGE_NAMES[m.name], from: prevT - spawned, wall: m.t - prevT, cpu });
    prev = { ...prev, ...now };
    prevT = m.t;
  }
  result.push({
    name: 'teardown (exit event → process gone)',
    from: prevT - spawned,
    wall: ended - prevT,
    cpu: new Map(),
  });
  const workerNotes: string[] = [];
  for (const w of workerEntries) {
    const ms = marks.filter((m) => m.thread === w.thread);
    const rs = ms.find((m) => m.name === 'runtime:start');
    const re = ms.find((m) => m.name === 'runtime:end');
    const idles = ms.filter((m) => m.name === 'worker:idle');
    const last = idles[idles.length - 1];
    const kinds = last
      ? Object.keys(last)
          .filter((k) => k.endsWith(' ms'))
          .map((k) => {
            const kind = k.slice(0, -3);
            const cpu = last[`${kind} cpu`] as number | undefined;
            return `${kind} ${last[k]} ms ×${last[`${kind} n`]}${cpu === undefined ? '' : ` (CPU ${cpu})`}`;
          })
      : [];
    workerNotes.push(
      `${workerOf.get(String(w.tid))}: module loaded at ${((w.t - spawned) / 1000).toFixed(2)} s (CPU ${w.cpu} ms); runtime ${rs && re ? `${(re.t - rs.t).toFixed(0)} ms (CPU ${(re.cpu ?? 0) - (rs.cpu ?? 0)})` : '?'}; first request at ${last ? (((last.firstRequest as number) - spawned) / 1000).toFixed(2) : '?'} s, last idle at ${last ? ((last.t - spawned) / 1000).toFixed(2) : '?'} s (CPU ${last?.cpuNow ?? '?'}); ${kinds.join(', ')}`,
    );
  }
  const columns = ['main', ...workerEntries.map((_, i) => `w${i}`), 'helpers'];
  return { stages: result, columns, workerNotes };
}

function print(run: Run, title: string): void {
  const { stages: rows, columns, workerNotes } = stages(run);
  const total = run.ended - run.spawned;
  console.log(
    `\n## ${title}; wall ${run.wall.toFixed(2)} s, CPU ${run.cpu.toFixed(2)} s (all threads), peak RSS ${run.peakMb.toFixed(0)} MB\n`,
  );
  console.log(
    `| stage | from (s) | wall (s) | share | ${columns.map((c) => `${c} CPU`).join(' | ')} | all CPU | bound on 2 free cores (s) |`,
  );
  console.log(`|---|---:|---:|---:|${columns.map(() => '---:|').join('')}---:|---:|`);
  const sums = new Map<string, number>();
  let boundSum = 0;
  for (const r of rows) {
    const all = [...r.cpu.values()].reduce((a, b) => a + b, 0);
    const single = Math.max(0, ...columns.filter((c) => c !== 'helpers').map((c) => r.cpu.get(c) ?? 0));
    const bound = Math.max(single, all / 2);
    boundSum += bound;
    for (const c of columns) sums.set(c, (sums.get(c) ?? 0) + (r.cpu.get(c) ?? 0));
    console.log(
      `| ${r.name} | ${(r.from / 1000).toFixed(2)} | ${(r.wall / 1000).toFixed(3)} | ${((r.wall / total) * 100).toFixed(1)} % | ${columns.map((c) => ((r.cpu.get(c) ?? 0) / 1000).toFixed(2)).join(' | ')} | ${(all / 1000).toFixed(2)} | ${(bound / 1000).toFixed(2)} |`,
    );
  }
  const all = [...sums.values()].reduce((a, b) => a + b, 0);
  console.log(
    `| **whole process** | | **${(total / 1000).toFixed(2)}** | 100 % | ${columns.map((c) => ((sums.get(c) ?? 0) / 1000).toFixed(2)).join(' | ')} | ${(all / 1000).toFixed(2)} | **${(boundSum / 1000).toFixed(2)}** |`,
  );
  console.log('');
  for (const n of workerNotes) console.log(`- ${n}`);
  for (const m of run.marks.filter(
    (x) => x.name === 'worker:retired' || x.name === 'worker:closed' || x.name === 'worker:terminated',
  ))
    console.log(`- ${m.name} ${m.index} at ${((m.t - run.spawned) / 1000).toFixed(2)} s`);
  for (const m of run.marks.filter((x) => x.name.startsWith('engine ')))
    console.log(
      `- engine measure ${m.name.slice(7)}: ${((m.t - run.spawned) / 1000).toFixed(2)} s + ${((m.ms as number) / 1000).toFixed(3)} s`,
    );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string' },
      runs: { type: 'string' },
      'write-cache': { type: 'boolean' },
      cli: { type: 'string' },
    },
  });
  const size = Number(values.size ?? 10);
  const runs = Number(values.runs ?? 2);
  const cli = values.cli ?? REPO_ROOT;
  const writeCache = values['write-cache'] ?? false;
  const [tier] = await ensureTiers([size], (s) => process.stderr.write(`${s}\n`));
  const scratch = mkdtempSync(join(tmpdir(), 'fourfold-build-trace-'));
  try {
    for (let i = 0; i < runs; i++) {
      const before = load();
      const run = runOnce(cli, tier.dir, writeCache, scratch, i);
      print(
        run,
        `run ${i + 1}: ${tier.sizeMb} MB tier (${tier.files} files), ${writeCache ? 'cache written' : '--no-cache'}; load ${before} → ${load()}`,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
