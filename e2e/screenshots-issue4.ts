/**
 * Screenshots of the code view and the "How ranking works" page for docs/screenshots/, on the
 * demo that ships with the app (no indexing) — at 1280×800 and 390×844, light and dark.
 * Run after `vite build`: `npx tsx e2e/screenshots-issue4.ts`.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { forEachScreenshotSession } from './harness';

const OUT = resolve(import.meta.dirname, '../docs/screenshots');

async function main() {
  mkdirSync(OUT, { recursive: true });
  await forEachScreenshotSession(async ({ page }, origin, viewport, colorScheme) => {
    // The code view: flushSync in the demo, its callers beside it.
    await page.goto(`${origin}/?repo=demo%3Asvelte&q=function+flushSync&page=file&path=src/internal/client/reactivity/batch.js#L991`);
    await page.locator('pre.code[data-highlighted="true"]').waitFor({ timeout: 60_000 });
    await page.getByRole('list', { name: 'Callers' }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `file-${viewport.name}-${colorScheme}.png`) });
    // The teaching page for a fused query.
    await page.goto(`${origin}/?repo=demo%3Asvelte&q=${encodeURIComponent('how are effects scheduled and flushed')}&page=ranking`);
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
