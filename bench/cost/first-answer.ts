/**
 * Searchable first, complete later, timed from outside the app: the built app in headless
 * Chromium, a bench corpus chosen through the "Choose folder" input (the real worker pool,
 * IndexedDB, the bundled model), a question already in the box. Measured on the page's own
 * clock (performance.now()): choosing the folder → each modality live (the app's
 * `fourfold:live:*` User Timing marks) → the first answer about the new repository on screen
 * → every index ready ("… is ready" in the status region).
 *
 *   npx tsx bench/cost/first-answer.ts [--sizes 1,10] [--runs 3] [--query "function assertArray"]
 *     [--dist <built app>] [--timeline] [--cpu]
 *
 * `--dist` times another build of the app (two builds alternated make a paired comparison);
 * `--timeline` also prints each worker's own `fourfold:*` measures (the index worker's read,
 * early text, structural, graph, store…) on the page's clock, ms after choosing the folder.
 *
 * Prints one JSON line per run and a summary (medians).
 */
import { basename, join } from 'node:path';
import { launchBrowser, serveDirectory } from '../../e2e/harness';
import { BENCH_CACHE } from '../corpora';
import { appIdle, BENCH_DIST, ensureApp } from './browser';
import { ThreadClock, TICKS_PER_SECOND } from './proc-cpu';

const RECORDER = `(() => {
  const rec = { answerAt: 0, readyAt: 0, readAt: 0, parsedAt: 0, changeAt: 0, expect: '', longTasks: [] };
  window.__firstAnswer = rec;
  // The moment the app learns of the folder: the browser has filled the input (for thousands
  // of files that is seconds of the browser's own work, before any of Fourfold's).
  window.addEventListener('change', function () { if (rec.expect && !rec.changeAt) rec.changeAt = performance.now(); }, true);
  // Main-thread tasks over 50 ms (the Long Tasks API): what a frame-budget check reads.
  new PerformanceObserver((list) => { for (const e of list.getEntries()) rec.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  function check() {
    if (!rec.expect) return;
    const now = performance.now();
    const header = (document.querySelector('.header-repo') || {}).textContent || '';
    const answer = document.querySelector('section.answer');
    if (!rec.answerAt && answer && header.includes(rec.expect) && answer.querySelector('ol.results > li, .no-results')) rec.answerAt = now;
    for (const row of document.querySelectorAll('.stage.is-done')) {
      const label = (row.querySelector('.stage-label') || {}).textContent || '';
      if (label === 'Files read' && !rec.readAt) rec.readAt = now;
      if (label === 'Files parsed' && !rec.parsedAt) rec.parsedAt = now;
    }
    const status = (document.querySelector('[role=status]') || {}).textContent || '';
    if (!rec.readyAt && status.includes(rec.expect + ' is ready')) rec.readyAt = now;
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

/** CPU ticks so far of every thread under this process, keyed `pid/tid`, with `type:thread name` (Linux /proc). */
type CpuSample = { at: number; threads: Map<string, { name: string; ticks: number }> };

/** A sample of every thread the bench started (the browser and its children), this Node process's own left out. */
function sampleCpu(clock: ThreadClock): CpuSample {
  const threads = new Map<string, { name: string; ticks: number }>();
  for (const [key, { process, name, ticks }] of clock.readings())
    threads.set(key, { name: `${process.type}:${name}`, ticks });
  return { at: Date.now(), threads };
}

/**
 * CPU seconds between two samples, by `type:thread name` (threads of one name summed; each Web
 * Worker's thread on its own, `#1` the busiest), and in all.
 */
function cpuBetween(a: CpuSample, b: CpuSample): { total: number; byThread: Record<string, number> } {
  const byThread: Record<string, number> = {};
  const workers: number[] = [];
  let total = 0;
  for (const [key, { name, ticks }] of b.threads) {
    const used = (ticks - (a.threads.get(key)?.ticks ?? 0)) / TICKS_PER_SECOND;
    if (used <= 0) continue;
    total += used;
    if (name.endsWith(':DedicatedWorker')) workers.push(used);
    else byThread[name] = Math.round(((byThread[name] ?? 0) + used) * 100) / 100;
  }
  workers.sort((x, y) => y - x).forEach((used, i) => (byThread[`worker#${i + 1}`] = used));
  const top = Object.entries(byThread).sort((x, y) => y[1] - x[1]);
  return { total: Math.round(total * 100) / 100, byThread: Object.fromEntries(top.slice(0, 16)) };
}

interface Run {
  size: number;
  files: string;
  /** ms after choosing the folder. */
  live: Record<string, number>;
  /** From choosing to the input's change event: the browser filling `<input webkitdirectory>`. */
  inputFilledMs: number;
  /** First answer and ready counted from that change event: the app's own part. */
  firstAnswerFromChangeMs: number;
  readyFromChangeMs: number;
  /** Every file read (the "Files read" row done), every file parsed. */
  readMs: number;
  parsedMs: number;
  firstAnswerMs: number;
  readyMs: number;
  /** Main-thread tasks over 50 ms between choosing and ready: how many, and the longest. */
  /** The page's own User Timing measures (listing the folder, sending it to the worker…), ms. */
  pageMeasures: Record<string, number>;
  longTasks: number;
  /** [start after choosing, duration] of each, ms. */
  longTaskList: number[][];
  longestTaskMs: number;
  status: string;
  /** Wall-clock time of choosing the folder (ms since the epoch), to line up outside samplers. */
  chosenEpochMs: number;
  /** With `--timeline`: every worker's `fourfold:*` measures, [name, start, end] ms after choosing. */
  timeline?: [string, number, number][];
  /** With `--cpu`: CPU seconds of the browser's threads from choosing to ready. */
  cpu?: { total: number; byThread: Record<string, number> };
}

/** A worker's measures on the page's clock: [name, start, end] in ms after `chosenAt`. */
const WORKER_MEASURES = `performance.getEntriesByType('measure').filter((m) => m.name.startsWith('fourfold:')).map((m) => [m.name.slice(9), performance.timeOrigin + m.startTime, performance.timeOrigin + m.startTime + m.duration])`;

async function once(
  dir: string,
  size: number,
  query: string,
  dist: string,
  timeline: boolean,
  cpu: boolean,
): Promise<Run> {
  const server = await serveDirectory(dist);
  const session = await launchBrowser();
  try {
    const { context, page } = session;
    await context.addInitScript({ content: RECORDER });
    await page.goto(server.origin);
    await appIdle(page, 120_000);
    // The model loads at start-up; a first visit caches the app: let both settle before timing.
    await page.waitForFunction(
      () => !document.querySelector('.header-repo')?.textContent?.includes('(loading)'),
      null,
      { timeout: 120_000 },
    );
    await page.getByLabel('Search code').fill(query);
    const name = basename(dir);
    const chosenAt = await page.evaluate((n) => {
      (window as unknown as { __firstAnswer: { expect: string } }).__firstAnswer.expect = n;
      return performance.now();
    }, name);
    const clock = new ThreadClock(String(process.pid), false);
    const samples: CpuSample[] = cpu ? [sampleCpu(clock)] : [];
    const sampler = cpu ? setInterval(() => samples.push(sampleCpu(clock)), 100) : null;
    await page.getByLabel('Choose folder').setInputFiles(dir);
    await page.waitForFunction(
      () => (window as unknown as { __firstAnswer: { readyAt: number } }).__firstAnswer.readyAt > 0,
      null,
      { timeout: 30 * 60_000, polling: 250 },
    );
    if (sampler) clearInterval(sampler);
    const rec = await page.evaluate(() => {
      const r = (
        window as unknown as {
          __firstAnswer: {
            answerAt: number;
            readyAt: number;
            readAt: number;
            parsedAt: number;
            changeAt: number;
            longTasks: [number, number][];
          };
        }
      ).__firstAnswer;
      const measures = performance
        .getEntriesByType('measure')
        .filter((m) => m.name.startsWith('fourfold:'))
        .map((m) => [m.name, Math.round(m.duration)] as const);
      const marks = performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('fourfold:live:'))
        .map((m) => [m.name.slice('fourfold:live:'.length), m.startTime] as const);
      return {
        ...r,
        marks,
        measures,
        timeOrigin: performance.timeOrigin,
        status: document.querySelector('[role=status]')?.textContent ?? '',
      };
    });
    let workerTimeline: [string, number, number][] | undefined;
    if (timeline) {
      workerTimeline = [];
      const zero = rec.timeOrigin + chosenAt;
      for (const worker of page.workers()) {
        const url = worker
          .url()
          .replace(/^.*\//, '')
          .replace(/[-.][^-.]*\.js$/, '');
        const entries = (await worker.evaluate(WORKER_MEASURES).catch(() => [])) as [string, number, number][];
        for (const [name, start, end] of entries)
          if (end >= zero) workerTimeline.push([`${url}:${name}`, Math.round(start - zero), Math.round(end - zero)]);
      }
      workerTimeline.sort((a, b) => a[1] - b[1]);
    }
    const live: Record<string, number> = {};
    for (const [stage, at] of rec.marks)
      if (at >= chosenAt && !(stage in live)) live[stage] = Math.round(at - chosenAt);
    const during = rec.longTasks.filter(([at]) => at >= chosenAt && at <= rec.readyAt).map(([, ms]) => ms);
    return {
      size,
      files: name,
      chosenEpochMs: Math.round(rec.timeOrigin + chosenAt),
      live,
      inputFilledMs: Math.round(rec.changeAt - chosenAt),
      firstAnswerFromChangeMs: Math.round(rec.answerAt - rec.changeAt),
      readyFromChangeMs: Math.round(rec.readyAt - rec.changeAt),
      readMs: Math.round(rec.readAt - chosenAt),
      parsedMs: Math.round(rec.parsedAt - chosenAt),
      firstAnswerMs: Math.round(rec.answerAt - chosenAt),
      readyMs: Math.round(rec.readyAt - chosenAt),
      pageMeasures: Object.fromEntries(rec.measures),
      longTasks: during.length,
      longTaskList: rec.longTasks
        .filter(([at]) => at >= chosenAt && at <= rec.readyAt)
        .map(([at, ms]) => [Math.round(at - chosenAt), Math.round(ms)]),
      longestTaskMs: Math.round(Math.max(0, ...during)),
      status: rec.status,
      ...(workerTimeline ? { timeline: workerTimeline } : {}),
      ...(cpu ? { cpu: cpuUntil(samples, rec.timeOrigin + rec.readyAt) } : {}),
    };
  } finally {
    await session.close().catch(() => {});
    await server.close();
  }
}

/** CPU from the first sample to the last one taken by `readyEpochMs` (the page's ready, on the wall clock). */
function cpuUntil(samples: CpuSample[], readyEpochMs: number): Run['cpu'] {
  const last = samples.filter((s) => s.at <= readyEpochMs).pop() ?? samples[samples.length - 1];
  return cpuBetween(samples[0], last);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string, fallback: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const sizes = flag('sizes', '1,10').split(',').map(Number);
  const runs = Number(flag('runs', '3'));
  const query = flag('query', 'function assertArray');
  const dist = flag('dist', BENCH_DIST);
  const timeline = args.includes('--timeline');
  const cpu = args.includes('--cpu');
  if (dist === BENCH_DIST) ensureApp(args.includes('--rebuild'), (s) => console.error(s));
  for (const size of sizes) {
    const dir = join(BENCH_CACHE, `corpus-${size}mb`);
    const all: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await once(dir, size, query, dist, timeline, cpu);
      all.push(run);
      console.log(JSON.stringify(run));
    }
    const stages = Object.keys(all[0].live);
    console.log(
      JSON.stringify({
        summary: {
          size,
          runs,
          query,
          inputFilledMs: median(all.map((r) => r.inputFilledMs)),
          firstAnswerFromChangeMs: median(all.map((r) => r.firstAnswerFromChangeMs)),
          readyFromChangeMs: median(all.map((r) => r.readyFromChangeMs)),
          readMs: median(all.map((r) => r.readMs)),
          parsedMs: median(all.map((r) => r.parsedMs)),
          firstAnswerMs: median(all.map((r) => r.firstAnswerMs)),
          readyMs: median(all.map((r) => r.readyMs)),
          longestTaskMs: Math.max(...all.map((r) => r.longestTaskMs)),
          ...(cpu ? { cpuSeconds: median(all.map((r) => r.cpu!.total)) } : {}),
          live: Object.fromEntries(stages.map((s) => [s, median(all.map((r) => r.live[s] ?? NaN))])),
        },
      }),
    );
  }
}

await main();
