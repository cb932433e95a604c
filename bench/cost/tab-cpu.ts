/**
 * Where the tab's build spends the CPU: one folder indexed in the built app (model blocked), with
 * the CPU seconds of every thread of every Chromium process read from /proc, per phase — picker
 * (`setInputFiles` until the input's change event: the browser listing the folder, before the
 * bench's clock starts), read (change event → the end of the index worker's `fourfold:read`) and
 * rest (→ the end of `fourfold:store`). On 2 shared cores the wall times move with the load;
 * the CPU seconds are what a change can be read from. Several builds alternate (pairs):
 *
 *   node --import tsx bench/cost/tab-cpu.ts --dist /tmp/dist-main --dist /tmp/dist-mine --runs 3
 *   node --import tsx bench/cost/tab-cpu.ts --size 5            # the app built in .cache/bench/dist, the 5 MB tier
 *
 * Prints each run and the medians per build; writes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'playwright-core';
import { launchBrowser, serveDirectory } from '../../e2e/harness';
import { ensureTiers } from '../corpora';
import { appIdle, BENCH_DIST, ensureApp, indexWorker, loadAverage } from './browser';
import { processes, ThreadClock, TICKS_PER_SECOND } from './proc-cpu';

const SAMPLE_MS = 100;

/** CPU seconds so far of a browser's threads, by process role and thread name (threads of one kind summed). */
function totals(clock: ThreadClock): Map<string, number> {
  const out = new Map<string, number>();
  for (const { process, name, ticks } of clock.readings().values()) {
    // "DedicatedWorker thread" is every worker, "chromium" the main thread.
    const key = `${process.role} ${name.replace(/\d+$/, '')}`;
    out.set(key, (out.get(key) ?? 0) + ticks / TICKS_PER_SECOND);
  }
  return out;
}

interface Phase {
  name: 'picker' | 'read' | 'rest';
  wallMs: number;
  cpu: Map<string, number>;
}

interface CpuRun {
  dist: string;
  load: string;
  /** Seconds after the change event: the ends of the index worker's read, parse and store. */
  readS: number;
  parsedS: number;
  readyS: number;
  phases: Phase[];
}

const minus = (a: Map<string, number>, b: Map<string, number>) =>
  new Map([...b].map(([k, v]) => [k, v - (a.get(k) ?? 0)] as const));

/** The ends of the index worker's `fourfold:*` measures, ms after the change event (page clock). */
async function measureEnds(worker: Worker, pageOrigin: number, chosenAt: number): Promise<Record<string, number>> {
  const { origin, entries } = await worker.evaluate(() => ({
    origin: performance.timeOrigin,
    entries: performance
      .getEntriesByType('measure')
      .filter((e) => e.name.startsWith('fourfold:'))
      .map((e) => [e.name.slice('fourfold:'.length), e.startTime, e.duration] as const),
  }));
  const out: Record<string, number> = {};
  for (const [name, start, duration] of entries) {
    const startMs = origin + start - pageOrigin - chosenAt;
    if (startMs >= 0) out[name] = startMs + duration;
  }
  return out;
}

async function cpuRun(dist: string, folder: string): Promise<CpuRun> {
  const server = await serveDirectory(dist);
  const profileDir = mkdtempSync(join(tmpdir(), 'fourfold-tab-cpu-'));
  const session = await launchBrowser({ profileDir });
  try {
    const { context, page } = session;
    await context.route(/\/models\//, (route) => route.abort());
    await context.addInitScript({
      content: `document.addEventListener('change', (e) => { const t = e.target; if (t && t.getAttribute && t.getAttribute('aria-label') === 'Choose folder') window.__chosenAt = performance.now(); }, true);`,
    });
    await page.goto(server.origin);
    await appIdle(page);
    await page.waitForTimeout(1000);
    const browser = processes().find((p) => p.role === 'browser' && p.cmdline.includes(profileDir));
    if (!browser) throw new Error('the browser process was not found');
    const clock = new ThreadClock(browser.pid, true);
    const worker = await indexWorker(page);
    const pageOrigin = await page.evaluate(() => performance.timeOrigin);
    const load = loadAverage();
    const ticking = setInterval(() => clock.sample(), SAMPLE_MS);
    const c0 = totals(clock);
    const t0 = Date.now();
    await page.getByLabel('Choose folder').setInputFiles(folder, { timeout: 600_000 });
    const c1 = totals(clock);
    const t1 = Date.now();
    const chosenAt = await page.evaluate(() => (window as unknown as { __chosenAt: number }).__chosenAt);
    let c2: Map<string, number> | null = null;
    let t2 = 0;
    let ends: Record<string, number> = {};
    for (const deadline = Date.now() + 30 * 60_000; ; await page.waitForTimeout(50)) {
      if (Date.now() > deadline) throw new Error('the build did not finish within 30 min');
      ends = await measureEnds(worker, pageOrigin, chosenAt);
      if (!c2 && ends.read !== undefined) {
        c2 = totals(clock);
        t2 = Date.now();
      }
      if (ends.store !== undefined) break;
    }
    const c3 = totals(clock);
    const t3 = Date.now();
    clearInterval(ticking);
    return {
      dist,
      load: `${load} → ${loadAverage()}`,
      readS: ends.read / 1000,
      parsedS: (ends.parse ?? NaN) / 1000,
      readyS: ends.store / 1000,
      phases: [
        { name: 'picker', wallMs: t1 - t0, cpu: minus(c0, c1) },
        { name: 'read', wallMs: t2 - t1, cpu: minus(c1, c2!) },
        { name: 'rest', wallMs: t3 - t2, cpu: minus(c2!, c3) },
      ],
    };
  } finally {
    await session.close().catch(() => {});
    rmSync(profileDir, { recursive: true, force: true });
    await server.close();
  }
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const f2 = (v: number) => v.toFixed(2);

function printRun(r: CpuRun, log: (s: string) => void): void {
  log(
    `${r.dist}: load ${r.load}; read ${f2(r.readS)} s, parsed ${f2(r.parsedS)} s, ready ${f2(r.readyS)} s after the change event`,
  );
  const keys = [...new Set(r.phases.flatMap((p) => [...p.cpu.keys()]))]
    .filter((k) => r.phases.some((p) => (p.cpu.get(k) ?? 0) >= 0.05))
    .sort(
      (a, b) =>
        sum(new Map(r.phases.map((p) => [p.name, p.cpu.get(b) ?? 0]))) -
        sum(new Map(r.phases.map((p) => [p.name, p.cpu.get(a) ?? 0]))),
    );
  log(
    `  ${'CPU-s'.padEnd(44)}${r.phases.map((p) => `${p.name} (${(p.wallMs / 1000).toFixed(1)} s)`.padStart(16)).join('')}`,
  );
  for (const k of keys) log(`  ${k.padEnd(44)}${r.phases.map((p) => f2(p.cpu.get(k) ?? 0).padStart(16)).join('')}`);
  log(`  ${'all threads'.padEnd(44)}${r.phases.map((p) => f2(sum(p.cpu)).padStart(16)).join('')}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const values = (flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));
  const dists = values('--dist');
  const runs = Number(values('--runs')[0] ?? 1);
  const size = Number(values('--size')[0] ?? 10);
  const log = (s: string) => process.stdout.write(`${s}\n`);
  if (dists.length === 0) {
    ensureApp(false, log);
    dists.push(BENCH_DIST);
  }
  const [tier] = await ensureTiers([size], log);
  const all: CpuRun[] = [];
  for (let i = 0; i < runs; i++)
    for (const dist of dists) {
      const run = await cpuRun(dist, tier.dir);
      printRun(run, log);
      all.push(run);
    }
  log('');
  log('medians per build (s): read, parsed, ready; CPU-s after the change event (read + rest), of it the workers');
  for (const dist of dists) {
    const mine = all.filter((r) => r.dist === dist);
    const after = mine.map((r) => sum(r.phases[1].cpu) + sum(r.phases[2].cpu));
    const workers = mine.map((r) =>
      [...r.phases[1].cpu, ...r.phases[2].cpu]
        .filter(([k]) => k.endsWith('DedicatedWorker'))
        .reduce((a, [, v]) => a + v, 0),
    );
    log(
      `  ${dist}: ${f2(median(mine.map((r) => r.readS)))}, ${f2(median(mine.map((r) => r.parsedS)))}, ${f2(median(mine.map((r) => r.readyS)))}; CPU ${f2(median(after))}, workers ${f2(median(workers))} (${mine.length} runs)`,
    );
  }
}

void main();
