/**
 * Fourfold in headless Chromium, measured from outside the app: the built app (vite build
 * into .cache/bench/dist, so the shared dist/ is left alone) served from 127.0.0.1, a folder
 * brought in through the "Choose folder" input, indexed by the real worker pool into
 * IndexedDB. Everything is read from the page: the role="status" region and its stage rows
 * (observed with a MutationObserver installed before the app starts), the answer's
 * data-query attribute, navigator.storage.estimate(), and performance.now().
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { launchBrowser, serveDirectory } from '../../e2e/harness';
import { BENCH_CACHE, REPO_ROOT } from '../corpora';
import type { BenchQuery } from './queries';

export const BENCH_DIST = join(BENCH_CACHE, 'dist');
/** The app waits this long after the last keystroke before it searches (SEARCH_DEBOUNCE_MS in src/ui/app.tsx). */
export const APP_SEARCH_DEBOUNCE_MS = 120;
const READY_TIMEOUT_MS = 30 * 60_000;

export interface BrowserRun {
  /** Choosing the folder → the status region says "… is ready". */
  readyMs: number;
  /** When each stage row was first seen done, ms after the folder was chosen. */
  stageDoneMs: Record<string, number>;
  statusText: string;
  /** navigator.storage.estimate().usage after indexing minus before. */
  storedBytes: number;
  /** Navigation start → the first answer rendered, after a reload with ?repo&q in the URL (includes the app's debounce). */
  reloadToFirstResultMs: number[];
  /** Input event → answer rendered for that query, minus the app's debounce. */
  queries: { intent: string; query: string; ms: number; engineText: string }[];
  embedder: 'local' | 'blocked';
  errors: string[];
}

/** Builds the app once into .cache/bench/dist (pass rebuild to refresh it). */
export function ensureApp(rebuild: boolean, log: (s: string) => void): void {
  if (!rebuild && existsSync(join(BENCH_DIST, 'index.html'))) return;
  log('vite build → .cache/bench/dist');
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', BENCH_DIST, '--emptyOutDir'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
}

/**
 * Runs in the page before the app: records stage completions, readiness, inputs and answers
 * on performance.now()'s clock. Plain JavaScript source: a compiled function would carry the
 * TypeScript runner's helpers (`__name`), which do not exist in the page.
 */
const OBSERVER = `(() => {
  const rec = { stageDone: {}, readyAt: 0, readyText: '', inputAt: {}, answerAt: {}, answerText: {}, firstAnswerAt: 0, expect: '' };
  window.__bench = rec;
  document.addEventListener('input', function (e) {
    const t = e.target;
    if (t && t.getAttribute && t.getAttribute('aria-label') === 'Search code') rec.inputAt[t.value] = performance.now();
  }, true);
  function check() {
    const now = performance.now();
    for (const row of document.querySelectorAll('.stage.is-done')) {
      const label = (row.querySelector('.stage-label') || {}).textContent || '';
      if (label && !(label in rec.stageDone)) rec.stageDone[label] = now;
    }
    const status = (document.querySelector('[role=status]') || {}).textContent || '';
    if (!rec.readyAt && rec.expect && status.includes(rec.expect + ' is ready')) {
      rec.readyAt = now;
      rec.readyText = status;
    }
    const answer = document.querySelector('section.answer');
    const q = answer && answer.getAttribute('data-query');
    if (q && !(q in rec.answerAt) && answer.querySelector('.answer-head')) {
      rec.answerAt[q] = now;
      rec.answerText[q] = (answer.querySelector('.answer-head span') || {}).textContent || '';
      rec.firstAnswerAt = rec.firstAnswerAt || now;
    }
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

export async function browserRun(
  dir: string,
  queries: BenchQuery[],
  options: { embedder: 'local' | 'blocked'; reloads: number; log?: (s: string) => void },
): Promise<BrowserRun> {
  const log = options.log ?? (() => {});
  const server = await serveDirectory(BENCH_DIST);
  const session = await launchBrowser();
  try {
    const { context, page } = session;
    page.on('crash', () => session.errors.push('page crashed'));
    if (options.embedder === 'blocked') await context.route(/\/models\//, (route) => route.abort());
    await context.addInitScript({ content: OBSERVER });
    await page.goto(server.origin);
    // The app may open its demo first: let that settle, so it is neither timed nor counted as stored.
    await page.getByRole('status').filter({ hasText: /Bring a repository in|No indexing|is ready/ }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const usage = () => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    const before = await usage();

    const name = basename(dir);
    const chosenAt = await page.evaluate((n) => {
      (window as unknown as { __bench: { expect: string } }).__bench.expect = n;
      return performance.now();
    }, name);
    await page.getByLabel('Choose folder').setInputFiles(dir);
    await page.waitForFunction(() => (window as unknown as { __bench: { readyAt: number } }).__bench.readyAt > 0, null, { timeout: READY_TIMEOUT_MS, polling: 250 });
    const rec = await page.evaluate(() => (window as unknown as { __bench: { stageDone: Record<string, number>; readyAt: number; readyText: string } }).__bench);
    const stageDoneMs = Object.fromEntries(Object.entries(rec.stageDone).map(([k, v]) => [k, v - chosenAt]));
    // Let the store's transaction settle before asking how much it occupies.
    await page.waitForTimeout(500);
    const storedBytes = (await usage()) - before;
    log(`ready after ${Math.round(rec.readyAt - chosenAt)} ms; querying`);

    const box = page.getByLabel('Search code');
    const samples: BrowserRun['queries'] = [];
    for (const q of queries) {
      await box.fill(q.query);
      await page.waitForFunction((query) => query in (window as unknown as { __bench: { answerAt: Record<string, number> } }).__bench.answerAt, q.query, {
        timeout: 60_000,
        polling: 'raf',
      });
      const r = await page.evaluate((query) => {
        const b = (window as unknown as { __bench: { inputAt: Record<string, number>; answerAt: Record<string, number>; answerText: Record<string, string> } }).__bench;
        return { ms: b.answerAt[query] - b.inputAt[query], text: b.answerText[query] };
      }, q.query);
      samples.push({ intent: q.intent, query: q.query, ms: r.ms - APP_SEARCH_DEBOUNCE_MS, engineText: r.text });
    }

    log('reloading');
    // Reload with the search in the URL: the app reopens the stored index and answers.
    const reloads: number[] = [];
    for (let i = 0; i < options.reloads; i++) {
      await page.reload();
      await page.waitForFunction(() => (window as unknown as { __bench: { firstAnswerAt: number } }).__bench.firstAnswerAt > 0, null, { timeout: 120_000, polling: 50 });
      reloads.push(await page.evaluate(() => (window as unknown as { __bench: { firstAnswerAt: number } }).__bench.firstAnswerAt));
    }
    return { readyMs: rec.readyAt - chosenAt, stageDoneMs, statusText: rec.readyText, storedBytes, reloadToFirstResultMs: reloads, queries: samples, embedder: options.embedder, errors: [...session.errors] };
  } finally {
    // A crashed browser cannot be closed cleanly; the error that matters was thrown above.
    await session.close().catch(() => {});
    await server.close();
  }
}
