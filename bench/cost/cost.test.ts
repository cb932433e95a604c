/**
 * The benchmark's own pieces on real inputs: order statistics, query drawing from a real
 * engine build over real source files, the grep baseline over a real folder, and the report.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, snapshotRecords } from '../../src/engine/engine';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { nodeGrammars } from '../../src/node/grammars';
import { tierSizes } from '../corpora';
import { grepBaseline, miniSearchBaseline, readTree } from './baselines';
import { ThreadClock, TICKS_PER_SECOND } from './proc-cpu';
import { generateQueries } from './queries';
import { median, pairedRatio, percentile } from './stats';

describe('cli-speed command line', () => {
  const cliSpeed = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'cli-speed.ts'), ...args], {
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('prints its usage for --help and exits 0 without measuring anything', () => {
    const run = cliSpeed('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: npx tsx bench\/cost\/cli-speed\.ts/);
    expect(run.stdout).toContain('--sections');
    expect(run.stderr).not.toContain('# cli-speed');
  }, 60_000);

  it('refuses an unknown flag or section with exit code 2 and the usage on stderr', () => {
    for (const args of [['--bogus'], ['--sections', 'cached,nonsense']]) {
      const run = cliSpeed(...args);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('usage: npx tsx bench/cost/cli-speed.ts');
      expect(run.stdout).toBe('');
    }
  }, 120_000);
});

describe('tier sizes on the command line (bench.ts, cli-speed.ts)', () => {
  it('are the positive numbers a comma list names, else the fallback', () => {
    expect(tierSizes('1,10,50', [1, 10])).toEqual([1, 10, 50]);
    expect(tierSizes('0,x,5,-2', [1, 10])).toEqual([5]);
    expect(tierSizes(undefined, [10, 50])).toEqual([10, 50]);
    expect(tierSizes('', [10, 50])).toEqual([10, 50]);
  });
});

describe('order statistics', () => {
  it('takes nearest-rank percentiles and medians', () => {
    const v = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(v, 50)).toBe(5);
    expect(percentile(v, 95)).toBe(10);
    expect(percentile(v, 10)).toBe(1);
    expect(median(v)).toBe(5.5);
    expect(median([3, 1, 2])).toBe(2);
    expect(Number.isNaN(median([]))).toBe(true);
  });

  it('compares alternated runs by their paired ratios, through the machine drifting between pairs', () => {
    const drift = [1, 1.3, 0.9, 1.2, 1.05, 0.95, 1.4, 1.1];
    const before = drift.map((d) => 3 * d);
    const faster = pairedRatio(
      before,
      drift.map((d) => 2.7 * d),
    );
    expect(faster.median).toBeCloseTo(0.9, 10);
    expect(faster.low).toBeCloseTo(0.9, 10);
    expect(faster.high).toBeCloseTo(0.9, 10);
    // No change, but noise within each pair: the interval holds 1, and is the same on every call.
    const noisy = drift.map((d, i) => 3 * d * (i % 2 ? 1.05 : 0.96));
    const same = pairedRatio(before, noisy);
    expect(same.low).toBeLessThan(1);
    expect(same.high).toBeGreaterThan(1);
    expect(pairedRatio(before, noisy)).toEqual(same);
    expect(() => pairedRatio(before, before.slice(1))).toThrow(RangeError);
  });
});

describe('queries and baselines over real source files', () => {
  let dir: string;
  let engine: Engine;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fourfold-bench-'));
    const fixtures = join(import.meta.dirname, '../../src/engine/structural/fixtures');
    mkdirSync(join(dir, 'src'));
    const files = ['store.ts', 'queue.js', 'server.go', 'loader.py'].map((name) => ({
      path: `src/${name}`,
      text: readFileSync(join(fixtures, `${name}.txt`), 'utf8'),
    }));
    for (const f of files) writeFileSync(join(dir, f.path), f.text);
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    engine = await Engine.build(files, { analyzer, embedder: null });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('draws queries whose names and literals really occur in the corpus, and the engine finds the exact ones', async () => {
    const queries = generateQueries(snapshotRecords(engine.snapshot()));
    expect(queries.length).toBeGreaterThan(0);
    const all = snapshotRecords(engine.snapshot())
      .map((f) => f.text)
      .join('\n');
    for (const q of queries) if (q.literal) expect(all).toContain(q.literal);
    const definitions = queries.filter((q) => q.intent === 'find_definition');
    expect(definitions.length).toBeGreaterThan(0);
    for (const q of queries.filter((q) => q.intent === 'exact_match')) {
      const r = await engine.search(q.query);
      expect(r.query.intent).toBe('exact_match');
      expect(r.results.length).toBeGreaterThan(0);
    }
  });

  it('times rg or git grep as a whole process and MiniSearch over the same files', async () => {
    const files = await readTree(dir);
    expect(files.map((f) => f.path).sort()).toEqual(['src/loader.py', 'src/queue.js', 'src/server.go', 'src/store.ts']);
    const literal = files[0].text
      .split('\n')
      .find((l) => l.trim().length > 8)!
      .trim();
    const g = grepBaseline(dir, [literal], 'git grep', 1);
    expect(g.perQueryMs).toHaveLength(1);
    expect(g.perQueryMs[0]).toBeGreaterThan(0);
    const m = miniSearchBaseline(files, [{ intent: 'exact_match', query: literal }], 1);
    expect(m.buildMs).toBeGreaterThan(0);
    expect(m.indexBytes).toBeGreaterThan(0);
    expect(m.queryMs).toHaveLength(1);
  });
});

describe('per-thread CPU from /proc (proc-cpu.ts)', () => {
  it.runIf(process.platform === 'linux')(
    "reads a child's busy thread, not the root's own threads unless asked, and keeps it after the child ends",
    async () => {
      const mine = new ThreadClock(String(process.pid), false);
      const withRoot = new ThreadClock(String(process.pid), true);
      // A child that spins for 0.4 s of its own CPU (whatever the load), says so, then sleeps until killed.
      const child = spawn(process.execPath, [
        '-e',
        "while (process.cpuUsage().user < 400_000); console.log('spun'); setTimeout(() => {}, 60000);",
      ]);
      try {
        await new Promise((r) => child.stdout.once('data', r));
        const spun = cpuOf(mine, child.pid!);
        expect(spun).toBeGreaterThanOrEqual(0.4);
        expect([...mine.readings().values()].some((t) => t.process.pid === String(process.pid))).toBe(false);
        expect([...withRoot.readings().values()].some((t) => t.process.pid === String(process.pid))).toBe(true);
        child.kill();
        await new Promise((r) => child.once('exit', r));
        // The child's threads are gone from /proc; their last readings stay (never fewer ticks).
        expect(cpuOf(mine, child.pid!)).toBeGreaterThanOrEqual(spun);
      } finally {
        child.kill();
      }
    },
    20_000,
  );
});

/** CPU seconds so far of one process's threads, as a clock reads them. */
function cpuOf(clock: ThreadClock, pid: number): number {
  let ticks = 0;
  for (const t of clock.readings().values()) if (t.process.pid === String(pid)) ticks += t.ticks;
  return ticks / TICKS_PER_SECOND;
}
