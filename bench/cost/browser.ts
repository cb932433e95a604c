/**
 * Fourfold in headless Chromium: the built app (vite build into .cache/bench/dist, so the shared
 * dist/ is left alone) served from 127.0.0.1 with the headers of `npm start` (the CSP, and
 * COOP/COEP so the page is cross-origin isolated), a folder brought in through the "Choose
 * folder" input and indexed by the real worker pool into IndexedDB.
 *
 * Times come from the app itself: the index worker's User Timing measures (`fourfold:read`,
 * `…:parse`, `…:chunks`, `…:text`, `…:structural`, `…:graph`, `…:semantic`, `…:store`, `…:load`,
 * `…:query`) and the page's marks (`fourfold:live:<modalities>` as each stage becomes searchable,
 * `fourfold:live:complete`), all put on the page's clock. The page is read only for what a user
 * sees: when the first answer from the new repository appears (a query is typed the moment the
 * folder is chosen), query latency, reload → first answer. Memory: the tab's renderer process
 * (the page and its workers) sampled from /proc every 250 ms, and
 * `performance.measureUserAgentSpecificMemory()` every few seconds (cross-origin isolation).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { launchBrowser, serveDirectory } from '../../e2e/harness';
import { BENCH_CACHE, REPO_ROOT } from '../corpora';
import type { BenchQuery } from './queries';

export const BENCH_DIST = join(BENCH_CACHE, 'dist');
/** The app waits this long after the last keystroke before it searches (SEARCH_DEBOUNCE_MS in src/ui/app.tsx). */
export const APP_SEARCH_DEBOUNCE_MS = 120;
const READY_TIMEOUT_MS = 45 * 60_000;

/** Build stages as the app measures them, and the stage row each ends (the report's columns). */
const STAGE_ROWS: [measure: string, row: string][] = [
  ['read', 'Files read'],
  ['parse', 'Files parsed'],
  ['structural', 'Text and symbol indexes'],
  ['graph', 'Dependency graph'],
  ['semantic', 'Chunks embedded'],
  ['store', 'Saved in this browser'],
];

export interface BrowserMemory {
  /** Peak resident memory of the tab's renderer process(es) — page, workers, wasm heaps — sampled every 250 ms. */
  peakRendererMb: number;
  /** Largest peak (VmHWM) of one renderer process, as the kernel recorded it. */
  peakRendererHwmMb: number;
  /** Peak of performance.measureUserAgentSpecificMemory() (JS and DOM of the page and its workers); null when unavailable. */
  peakMeasuredMb: number | null;
  measuredSamples: number;
  crossOriginIsolated: boolean;
}

export interface BrowserRun {
  /** Handing the folder's files to the input (Playwright's stand-in for the folder picker) → the input's change event, from which the rest is timed. */
  pickerMs?: number;
  /** Choosing the folder → the index stored (end of `fourfold:store`): every index ready. */
  readyMs: number;
  /** Choosing the folder → the first answer from the new repository on screen (query typed at once). */
  firstAnswerMs: number | null;
  /** Choosing the folder → each `fourfold:live:*` mark (a modality set became searchable). */
  liveMs: Record<string, number>;
  /** Every `fourfold:*` mark the page set after the folder was chosen (live stages, searches sent, answers shown), ms after choosing, in order. */
  pageMarks?: Record<string, number[]>;
  /** When each build stage ended, ms after the folder was chosen (keys: the report's stage rows). */
  stageDoneMs: Record<string, number>;
  /** Each `fourfold:*` build measure: start and duration, ms, start relative to choosing the folder. */
  measures: Record<string, { startMs: number; durationMs: number }>;
  statusText: string;
  /** IndexedDB usage (navigator.storage.estimate().usageDetails.indexedDB, else usage) after indexing minus before. */
  storedBytes: number;
  /** What the app's list of repositories says the index stores (its "· N MB stored"), or null. */
  listedStoredBytes?: number | null;
  /** The same, read after the reloads. */
  listedStoredBytesAfterReload?: number | null;
  /** Files indexed, as the repository list says; null if not shown. */
  files: number | null;
  /** Bytes indexed, as the ready notice says ("N files (X MB)"); null if not shown. */
  indexedBytes?: number | null;
  /** Navigation start → the first answer rendered, after a reload with ?repo&q in the URL (the app asks that query at once, no debounce). */
  reloadToFirstResultMs: number[];
  /**
   * Navigation start → the embedding model is up in the reloaded worker (the end of its
   * `fourfold:model-start`): from then on queries embed, and the page asks its question again.
   */
  reloadToSemanticMs?: number[];
  /**
   * Navigation start → an answer with all four modalities on screen: the first answer the page
   * showed from a query begun once the model was up (the reload's first answer when the model
   * came first).
   */
  reloadToAllFourMs?: number[];
  /** What the status said when each reload's first answer was on screen (it must not say "ready" before semantic is). */
  reloadStatusAtFirstAnswer?: string[];
  /** `fourfold:load` (the stored index made an engine) in each reloaded worker, ms. */
  reloadLoadMs: number[];
  /** `fourfold:stored-read` (the stored index read from IndexedDB) in each reloaded worker, ms. */
  reloadStoredReadMs?: number[];
  /** Each reloaded worker's `fourfold:stored-read` start, ms after navigation start: what came before reading (page and worker start-up). */
  reloadStoredReadStartMs?: number[];
  /** Each reload's first answer's query in the worker (`fourfold:answer-ahead`, else `fourfold:query`), ms. */
  reloadQueryMs?: number[];
  /**
   * Each reload, when each step ended (ms after navigation start): the page's first script ran
   * (`fourfold:page-start`), the index worker's script ran (`worker-start`), the stored index was
   * read (`stored-read`) and loaded (`load`), the address's question answered in the worker
   * (`answer-ahead`), the answer reached the page (`answer-received`), the answer on screen.
   */
  reloadTimeline?: Record<string, number>[];
  /** Input event → answer rendered for that query, minus the app's debounce; engineMs = that query's `fourfold:query`. */
  queries: { intent: string; query: string; ms: number; engineMs: number | null; engineText: string }[];
  memory: BrowserMemory;
  embedder: 'local' | 'blocked';
  errors: string[];
}

/** Builds the app once into .cache/bench/dist (pass rebuild to refresh it). */
export function ensureApp(rebuild: boolean, log: (s: string) => void): void {
  if (!rebuild && existsSync(join(BENCH_DIST, 'index.html'))) return;
  log('vite build → .cache/bench/dist');
  const r = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', BENCH_DIST, '--emptyOutDir'],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
}

/**
 * Runs in the page before the app: records inputs and answers (with the repository each answer
 * came from) on performance.now()'s clock. Plain JavaScript source: a compiled function would
 * carry the TypeScript runner's helpers (`__name`), which do not exist in the page.
 */
const OBSERVER = `(() => {
  const rec = { inputAt: {}, answerAt: {}, answerText: {}, firstAnswerAt: 0, repoAnswerAt: {}, statusText: '', chosenAt: 0 };
  window.__bench = rec;
  // The browser hands the chosen folder's files to the page: the moment a user's choice is made.
  document.addEventListener('change', function (e) {
    const t = e.target;
    if (t && t.getAttribute && t.getAttribute('aria-label') === 'Choose folder') rec.chosenAt = performance.now();
  }, true);
  document.addEventListener('input', function (e) {
    const t = e.target;
    if (t && t.getAttribute && t.getAttribute('aria-label') === 'Search code') rec.inputAt[t.value] = performance.now();
  }, true);
  function check() {
    const now = performance.now();
    rec.statusText = (document.querySelector('[role=status]') || {}).textContent || '';
    const answer = document.querySelector('section.answer');
    const q = answer && answer.getAttribute('data-query');
    if (q && answer.querySelector('.answer-head')) {
      const repo = answer.getAttribute('data-repository') || '';
      if (repo && !(repo in rec.repoAnswerAt)) rec.repoAnswerAt[repo] = now;
      if (!(q in rec.answerAt)) {
        rec.answerAt[q] = now;
        rec.answerText[q] = (answer.querySelector('.answer-head span') || {}).textContent || '';
        rec.firstAnswerAt = rec.firstAnswerAt || now;
      }
    }
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

interface PageRecord {
  inputAt: Record<string, number>;
  answerAt: Record<string, number>;
  answerText: Record<string, string>;
  firstAnswerAt: number;
  repoAnswerAt: Record<string, number>;
  statusText: string;
  chosenAt: number;
}

const record = (page: Page) => page.evaluate(() => (window as unknown as { __bench: PageRecord }).__bench);

/** The machine's load averages over 1, 5 and 15 minutes, as /proc/loadavg prints them (Linux). */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Waits until the app's status says it is idle: nothing to index, or what it opened first is ready. */
export async function appIdle(page: Page, timeout = 60_000): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: /Bring a repository in|No indexing|is ready/ })
    .waitFor({ timeout });
}

/** The app's index worker (its script is assets/index.worker-<hash>.js). */
export async function indexWorker(page: Page): Promise<Worker> {
  for (let i = 0; i < 600; i++) {
    const worker = page.workers().find((w) => /index\.worker/.test(w.url()));
    if (worker) return worker;
    await page.waitForTimeout(100);
  }
  throw new Error('the index worker did not start');
}

/** Every `fourfold:*` measure and mark (duration 0) of a worker, on the page's clock (ms since the page's time origin), in order. */
async function workerEntries(
  worker: Worker,
  pageOrigin: number,
): Promise<{ name: string; start: number; duration: number }[]> {
  const { origin, entries } = await worker.evaluate(() => ({
    origin: performance.timeOrigin,
    entries: performance
      .getEntries()
      .filter((e) => (e.entryType === 'measure' || e.entryType === 'mark') && e.name.startsWith('fourfold:'))
      .map((e) => ({ name: e.name, start: e.startTime, duration: e.duration })),
  }));
  return entries.map((e) => ({
    name: e.name.slice('fourfold:'.length),
    start: origin + e.start - pageOrigin,
    duration: e.duration,
  }));
}

/**
 * A worker's `fourfold:*` measures and marks on the page's clock: the last of each name, or with
 * `first` the first (a reload's first answer, not its refresh once the model is up).
 */
async function workerMeasures(
  worker: Worker,
  pageOrigin: number,
  first = false,
): Promise<Record<string, { start: number; duration: number }>> {
  const named = (await workerEntries(worker, pageOrigin)).map((e) => [e.name, e] as const);
  return Object.fromEntries(first ? named.reverse() : named);
}

/**
 * After a reload, when an answer with all four modalities was on screen (ms after navigation
 * start): the page's first `fourfold:answer-whole` mark (an answer with nothing not ready); else
 * the first answer the page showed (`fourfold:answer-shown`) after a query the worker began once
 * the model was up (`modelUpAt`). Undefined if none within half a minute.
 */
async function allFourShownAt(page: Page, modelUpAt: number): Promise<number | undefined> {
  const worker = await indexWorker(page);
  const pageOrigin = await page.evaluate(() => performance.timeOrigin);
  for (const until = Date.now() + 30_000; Date.now() < until; await page.waitForTimeout(50)) {
    // The page marks an answer with nothing not ready: it may come before the model (a question
    // whose vector the tab kept), or as the question asked again once the model is up.
    const whole = await page.evaluate(() =>
      performance.getEntriesByName('fourfold:answer-whole').map((e) => e.startTime),
    );
    if (whole.length > 0) return Math.min(...whole);
    const asked = (await workerEntries(worker, pageOrigin)).filter(
      (e) => (e.name === 'query' || e.name === 'answer-ahead') && e.start >= modelUpAt,
    );
    if (asked.length === 0) continue;
    const answered = Math.min(...asked.map((e) => e.start + e.duration));
    const shown = (
      await page.evaluate(() => performance.getEntriesByName('fourfold:answer-shown').map((e) => e.startTime))
    ).filter((t) => t >= answered);
    if (shown.length > 0) return Math.min(...shown);
  }
  return undefined;
}

/** When the reloaded index worker's model came up (ms after navigation start); undefined if not within a minute. */
async function modelReadyAt(page: Page): Promise<number | undefined> {
  const worker = await indexWorker(page);
  const pageOrigin = await page.evaluate(() => performance.timeOrigin);
  for (const until = Date.now() + 60_000; Date.now() < until; await page.waitForTimeout(50)) {
    const started = (await workerMeasures(worker, pageOrigin))['model-start'];
    if (started) return started.start + started.duration;
  }
  return undefined;
}

/** Resident memory of every renderer process of the profile, from /proc (Linux). */
function rendererMemory(profileDir: string): { rssKb: number; hwmKb: number } {
  let rssKb = 0;
  let hwmKb = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // The tab's renderers only: not the browser's own UI renderer (--top-chrome-webui) nor extensions.
      if (
        !cmd.includes('--type=renderer') ||
        !cmd.includes(profileDir) ||
        /--top-chrome-webui|--extension-process/.test(cmd)
      )
        continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      rssKb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      hwmKb = Math.max(hwmKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // the process ended between listing and reading
    }
  }
  return { rssKb, hwmKb };
}

/** Samples the tab's memory until stopped: renderer RSS every 250 ms, the UA-specific measurement every 3 s. */
function memorySampler(page: Page, profileDir: string) {
  let peakRssKb = 0;
  let peakHwmKb = 0;
  let peakMeasured: number | null = null;
  let measuredSamples = 0;
  let stopped = false;
  const proc = setInterval(() => {
    const m = rendererMemory(profileDir);
    peakRssKb = Math.max(peakRssKb, m.rssKb);
    peakHwmKb = Math.max(peakHwmKb, m.hwmKb);
  }, 250);
  const measuring = (async () => {
    while (!stopped) {
      const bytes = await page
        .evaluate(async () => {
          const p = performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number }> };
          return self.crossOriginIsolated && p.measureUserAgentSpecificMemory
            ? (await p.measureUserAgentSpecificMemory()).bytes
            : null;
        })
        .catch(() => null);
      if (bytes !== null) {
        peakMeasured = Math.max(peakMeasured ?? 0, bytes);
        measuredSamples++;
      }
      await new Promise((r) => setTimeout(r, 3000));
    }
  })();
  return {
    async stop(): Promise<BrowserMemory> {
      stopped = true;
      clearInterval(proc);
      await measuring;
      const isolated = await page.evaluate(() => self.crossOriginIsolated).catch(() => false);
      return {
        peakRendererMb: peakRssKb / 1024,
        peakRendererHwmMb: peakHwmKb / 1024,
        peakMeasuredMb: peakMeasured === null ? null : peakMeasured / (1024 * 1024),
        measuredSamples,
        crossOriginIsolated: isolated,
      };
    },
  };
}

export async function browserRun(
  dir: string,
  queries: BenchQuery[],
  options: { embedder: 'local' | 'blocked'; reloads: number; log?: (s: string) => void; dist?: string },
): Promise<BrowserRun> {
  const log = options.log ?? (() => {});
  const server = await serveDirectory(options.dist ?? BENCH_DIST);
  const profileDir = mkdtempSync(join(tmpdir(), 'fourfold-bench-profile-'));
  // Eager memory measurement: otherwise Chromium answers measureUserAgentSpecificMemory() only at its next GC.
  const session = await launchBrowser({ profileDir, args: ['--enable-blink-features=ForceEagerMeasureMemory'] });
  let crashed = false;
  const sampler = memorySampler(session.page, profileDir);
  try {
    const { context, page } = session;
    page.on('crash', () => {
      crashed = true;
      session.errors.push('page crashed');
    });
    if (options.embedder === 'blocked') await context.route(/\/models\//, (route) => route.abort());
    await context.addInitScript({ content: OBSERVER });
    await page.goto(server.origin);
    // The app may open its demo first: let that settle, so it is neither timed nor counted as stored.
    await appIdle(page);
    await page.waitForTimeout(1000);
    const indexedDbUsage = () =>
      page.evaluate(async () => {
        const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
        return e.usageDetails?.indexedDB ?? e.usage ?? 0;
      });
    const before = await indexedDbUsage();
    const pageOrigin = await page.evaluate(() => performance.timeOrigin);
    const worker = await indexWorker(page);

    const name = basename(dir);
    const repositoryId = `folder:${name}`;
    const pickStarted = await page.evaluate(() => performance.now());
    // Playwright lists the folder and hands every file to the input, as the browser's folder picker would.
    await page.getByLabel('Choose folder').setInputFiles(dir, { timeout: READY_TIMEOUT_MS });
    const chosenAt = (await record(page)).chosenAt || pickStarted;
    const pickerMs = chosenAt - pickStarted;
    // A question asked at once, as a user would: answered by whatever of the new repository is searchable.
    const firstQuery = queries[0]?.query ?? 'function';
    await page.getByLabel('Search code').fill(firstQuery);

    const deadline = Date.now() + READY_TIMEOUT_MS;
    let measures: Record<string, { start: number; duration: number }> = {};
    let lastLog = Date.now();
    for (;;) {
      if (crashed) throw new Error(`the tab crashed while indexing ${name}`);
      if (Date.now() > deadline) throw new Error(`${name} was not indexed within ${READY_TIMEOUT_MS / 60_000} min`);
      measures = await workerMeasures(worker, pageOrigin);
      if (measures.store && measures.store.start > chosenAt) break;
      const { statusText } = await record(page);
      if (/failed|could not/i.test(statusText) && !/is ready/.test(statusText))
        throw new Error(`indexing ${name} failed: ${statusText}`);
      if (Date.now() - lastLog > 30_000) {
        log(statusText.replace(/\s+/g, ' ').slice(0, 160));
        lastLog = Date.now();
      }
      await page.waitForTimeout(250);
    }
    const readyAt = measures.store.start + measures.store.duration;
    const stageDoneMs: Record<string, number> = {};
    for (const [m, row] of STAGE_ROWS)
      if (measures[m] && measures[m].start > chosenAt)
        stageDoneMs[row] = measures[m].start + measures[m].duration - chosenAt;
    // The page's own measures of the build (listing, reading the files, handing them over) beside the worker's, as `page:<name>`.
    const pageMeasures = await page.evaluate(() =>
      performance
        .getEntriesByType('measure')
        .filter((e) => e.name.startsWith('fourfold:'))
        .map(
          (e) => [`page:${e.name.slice('fourfold:'.length)}`, { start: e.startTime, duration: e.duration }] as const,
        ),
    );
    const buildMeasures = Object.fromEntries(
      [...Object.entries(measures), ...pageMeasures]
        // The model may have started before the folder was chosen (a negative start): it is kept.
        .filter(([k, v]) => v.start >= chosenAt || k === 'model-start')
        .map(([k, v]) => [k, { startMs: v.start - chosenAt, durationMs: v.duration }]),
    );
    const liveMs = await page.evaluate((t0) => {
      const out: Record<string, number> = {};
      for (const m of performance.getEntriesByType('mark'))
        if (m.name.startsWith('fourfold:live:') && m.startTime >= t0)
          out[m.name.slice('fourfold:live:'.length)] ??= m.startTime - t0;
      return out;
    }, chosenAt);
    const pageMarks = await page.evaluate((t0) => {
      const out: Record<string, number[]> = {};
      for (const m of performance.getEntriesByType('mark'))
        if (m.name.startsWith('fourfold:') && m.startTime >= t0)
          (out[m.name.slice('fourfold:'.length)] ??= []).push(Math.round(m.startTime - t0));
      return out;
    }, chosenAt);
    // The first answer from this repository (it may come only once it is complete).
    await page
      .waitForFunction(
        (id) => id in (window as unknown as { __bench: PageRecord }).__bench.repoAnswerAt,
        repositoryId,
        { timeout: 30_000, polling: 100 },
      )
      .catch(() => undefined);
    const rec = await record(page);
    const firstAnswerMs = repositoryId in rec.repoAnswerAt ? rec.repoAnswerAt[repositoryId] - chosenAt : null;
    // A finished build deflates its records after it is complete (`fourfold:compact` once done):
    // the stored size is asked once that is over, and the browser has let go of the raw records'
    // files it replaced (seconds later: the least of 5 s of readings).
    for (let i = 0; i < 600 && !(await workerMeasures(worker, pageOrigin)).compact; i++) await page.waitForTimeout(100);
    let usage = Infinity;
    for (let i = 0; i < 10; i++) {
      await page.waitForTimeout(500);
      usage = Math.min(usage, await indexedDbUsage());
    }
    const storedBytes = usage - before;
    const listItem = () =>
      page
        .getByRole('list', { name: 'Repositories' })
        .getByRole('listitem')
        .filter({ hasText: name })
        .innerText()
        .catch(() => '');
    // What the app's list of repositories says it stores ("· 8.9 MB stored"), in decimal units.
    const storedSaid = (listed: string) => {
      const said = /([\d.]+) (bytes|KB|MB|GB) stored/.exec(listed);
      return said ? Number(said[1]) * 1000 ** ['bytes', 'KB', 'MB', 'GB'].indexOf(said[2]) : null;
    };
    const listed = await listItem();
    const files = Number(/([\d,]+) files/.exec(listed)?.[1].replace(/,/g, '') ?? NaN);
    const listedStoredBytes = storedSaid(listed);
    const said = /([\d,]+) files \(([\d.]+) (B|KB|MB|GB)\)/.exec(rec.statusText);
    const indexedBytes = said ? Number(said[2]) * 1024 ** ['B', 'KB', 'MB', 'GB'].indexOf(said[3]) : null;
    log(
      `ready after ${Math.round(readyAt - chosenAt)} ms (first answer ${firstAnswerMs === null ? '–' : Math.round(firstAnswerMs)} ms); querying`,
    );

    const box = page.getByLabel('Search code');
    const samples: BrowserRun['queries'] = [];
    for (const q of queries) {
      if (q.query === firstQuery) continue;
      await box.fill(q.query);
      await page.waitForFunction(
        (query) => query in (window as unknown as { __bench: PageRecord }).__bench.answerAt,
        q.query,
        { timeout: 60_000, polling: 'raf' },
      );
      const r = await page.evaluate((query) => {
        const b = (window as unknown as { __bench: PageRecord }).__bench;
        return { ms: b.answerAt[query] - b.inputAt[query], text: b.answerText[query] };
      }, q.query);
      const engine = (await workerMeasures(worker, pageOrigin)).query;
      samples.push({
        intent: q.intent,
        query: q.query,
        ms: r.ms - APP_SEARCH_DEBOUNCE_MS,
        engineMs: engine?.duration ?? null,
        engineText: r.text,
      });
    }

    log('reloading');
    // Reload with the search in the URL: the app reopens the stored index and answers.
    const reloads: number[] = [];
    const reloadLoadMs: number[] = [];
    const reloadStoredReadMs: number[] = [];
    const reloadStoredReadStartMs: number[] = [];
    const reloadQueryMs: number[] = [];
    const reloadTimeline: Record<string, number>[] = [];
    const reloadToSemanticMs: number[] = [];
    const reloadToAllFourMs: number[] = [];
    const reloadStatusAtFirstAnswer: string[] = [];
    for (let i = 0; i < options.reloads; i++) {
      await page.reload();
      await page.waitForFunction(() => (window as unknown as { __bench: PageRecord }).__bench.firstAnswerAt > 0, null, {
        timeout: 120_000,
        polling: 50,
      });
      reloadStatusAtFirstAnswer.push(await page.getByRole('status').first().innerText());
      reloads.push((await record(page)).firstAnswerAt);
      if (options.embedder === 'local') {
        const semanticAt = await modelReadyAt(page);
        if (semanticAt !== undefined) {
          reloadToSemanticMs.push(semanticAt);
          const allFour = await allFourShownAt(page, semanticAt);
          if (allFour !== undefined) reloadToAllFourMs.push(allFour);
        }
      }
      const reloaded = await workerMeasures(
        await indexWorker(page),
        await page.evaluate(() => performance.timeOrigin),
        true,
      );
      if (reloaded.load) reloadLoadMs.push(reloaded.load.duration);
      if (reloaded['stored-read']) {
        reloadStoredReadMs.push(reloaded['stored-read'].duration);
        reloadStoredReadStartMs.push(reloaded['stored-read'].start);
      }
      // The address's question is answered in the worker as soon as the index is loaded (answer-ahead).
      const firstQuery = reloaded['answer-ahead'] ?? reloaded.query;
      if (firstQuery) reloadQueryMs.push(firstQuery.duration);
      // When each step of this reload ended, ms after navigation start, on the page's clock.
      const pageMarks = await page.evaluate(() => {
        const out: Record<string, number> = {};
        for (const m of performance.getEntriesByType('mark'))
          if (m.name.startsWith('fourfold:')) out[m.name.slice('fourfold:'.length)] ??= m.startTime;
        return out;
      });
      const end = (m: { start: number; duration: number } | undefined) => (m ? m.start + m.duration : NaN);
      reloadTimeline.push({
        pageStart: pageMarks['page-start'] ?? NaN,
        workerStart: reloaded['worker-start']?.start ?? NaN,
        readDone: end(reloaded['stored-read']),
        loadDone: end(reloaded.load),
        answerReady: end(reloaded['answer-ahead']),
        answerReceived: pageMarks['answer-received'] ?? NaN,
        onScreen: reloads[reloads.length - 1],
      });
    }
    // The list again after the reloads: a figure recorded once the build's records were deflated shows now.
    const listedStoredBytesAfterReload = storedSaid(await listItem());
    return {
      pickerMs,
      readyMs: readyAt - chosenAt,
      firstAnswerMs,
      liveMs,
      pageMarks,
      stageDoneMs,
      measures: buildMeasures,
      statusText: rec.statusText,
      storedBytes,
      listedStoredBytes,
      listedStoredBytesAfterReload,
      files: Number.isFinite(files) ? files : null,
      indexedBytes,
      reloadToFirstResultMs: reloads,
      reloadLoadMs,
      reloadStoredReadMs,
      reloadStoredReadStartMs,
      reloadQueryMs,
      reloadTimeline,
      reloadToSemanticMs,
      reloadToAllFourMs,
      reloadStatusAtFirstAnswer,
      queries: samples,
      memory: await sampler.stop(),
      embedder: options.embedder,
      errors: [...session.errors],
    };
  } finally {
    await sampler.stop().catch(() => undefined);
    // A crashed browser cannot be closed cleanly; the error that matters was thrown above.
    await session.close().catch(() => {});
    rmSync(profileDir, { recursive: true, force: true });
    await server.close();
  }
}
