/**
 * Screenshots of the demo's suggested understand question answered on a first visit, the results (every call site of a references answer opened), the code view
 * (a name picked, its definitions' peek list) and the "How ranking works" page for
 * docs/screenshots/, on the demo that ships with the app (no indexing) — at 1280×800 and
 * 390×844, light and dark.
 * Run after `vite build`: `npx tsx e2e/screenshots-demo.ts`.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { forEachScreenshotSession } from './harness';

const OUT = resolve(import.meta.dirname, '../docs/screenshots');

async function main() {
  mkdirSync(OUT, { recursive: true });
  await forEachScreenshotSession(async ({ page }, origin, viewport, colorScheme) => {
    // The demo's suggested understand question, as a first visit answers it (semantic + fusion).
    await page.goto(`${origin}/?repo=demo%3Asvelte&q=${encodeURIComponent('how are effects scheduled and flushed')}`);
    await page.getByRole('list', { name: 'Results' }).getByRole('listitem').first().waitFor({ timeout: 60_000 });
    // Every modality live (the model loads after the prebuilt index): the status says "ready" then.
    await page.getByRole('status').getByText('is ready').waitFor({ timeout: 180_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `understand-${viewport.name}-${colorScheme}.png`) });
    // Results: a references question, its first file opened to every call site.
    await page.goto(`${origin}/?repo=demo%3Asvelte&q=${encodeURIComponent('who calls flushSync')}`);
    const results = page.getByRole('list', { name: 'Results' });
    await results.getByRole('listitem').first().waitFor({ timeout: 60_000 });
    await page
      .getByRole('button', { name: /Show \d+ more match/ })
      .first()
      .click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `results-${viewport.name}-${colorScheme}.png`) });
    // A name that is not in the repository, answered honestly.
    await page.goto(`${origin}/?repo=demo%3Asvelte&q=${encodeURIComponent('where is flushSnyc defined')}`);
    await page.getByRole('note', { name: 'Not in this repository' }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `absent-${viewport.name}-${colorScheme}.png`) });
    // The code view with a name picked and the peek list of its definitions.
    await page.goto(`${origin}/?repo=demo%3Asvelte&page=file&path=src/internal/client/reactivity/sources.js#L370`);
    await page.locator('pre.code[data-highlighted="true"]').waitFor({ timeout: 60_000 });
    await page.locator('.code-line[data-line="370"]').getByText('add', { exact: true }).click();
    await page.getByRole('button', { name: /Go to definition/ }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(OUT, `peek-${viewport.name}-${colorScheme}.png`) });
    // The code view: flushSync in the demo, its callers beside it.
    await page.goto(
      `${origin}/?repo=demo%3Asvelte&q=function+flushSync&page=file&path=src/internal/client/reactivity/batch.js#L991`,
    );
    await page.locator('pre.code[data-highlighted="true"]').waitFor({ timeout: 60_000 });
    await page.getByRole('list', { name: 'Callers' }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `file-${viewport.name}-${colorScheme}.png`) });
    // The teaching page for a fused query.
    await page.goto(
      `${origin}/?repo=demo%3Asvelte&q=${encodeURIComponent('how are effects scheduled and flushed')}&page=ranking`,
    );
    await page.getByRole('list', { name: 'Fused list' }).getByRole('listitem').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `ranking-${viewport.name}-${colorScheme}.png`) });
    const lists = page.getByLabel('Ranked lists');
    await lists.scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(OUT, `ranking-lists-${viewport.name}-${colorScheme}.png`) });
    console.log(`wrote ${viewport.name}-${colorScheme}`);
  });
}

await main();
