/**
 * Screenshots of the built app for docs/screenshots/: the preact fixture indexed, a query
 * answered, the first result's Explain panel open — at 1280×800 and 390×844, light and dark.
 * Run after `vite build`: `npx tsx e2e/screenshots.ts`.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FIXTURES, forEachScreenshotSession } from './harness';

const OUT = resolve(import.meta.dirname, '../docs/screenshots');
/** A fused query, so the stacked contribution bars show several modalities. */
const QUERY = 'how are state updates batched and rerendered';

async function main() {
  mkdirSync(OUT, { recursive: true });
  await forEachScreenshotSession(async ({ page }, origin, viewport, colorScheme) => {
    await page.goto(origin);
    await page.getByLabel('Choose folder').setInputFiles(join(FIXTURES, 'preact'));
    if (viewport.name === 'desktop') {
      // Progress while indexing: per-stage counts, rate and ETA (a folder this small is parsed
      // while it is read, so the first counts may already be embedding ones).
      await page
        .getByRole('status')
        .getByText(/(Files parsed|Chunks embedded)\s*[1-9]/)
        .first()
        .waitFor({ timeout: 120_000 });
      await page.screenshot({ path: join(OUT, `indexing-${colorScheme}.png`) });
    }
    await page.getByRole('status').getByText('is ready').waitFor({ timeout: 120_000 });
    await page.getByLabel('Search code').fill(QUERY);
    const results = page.getByRole('list', { name: 'Results' });
    await results.getByRole('listitem').first().waitFor();
    await results.getByRole('listitem').first().getByRole('button', { name: 'Explain', exact: true }).click();
    await page.waitForTimeout(200);
    const file = join(OUT, `${viewport.name}-${colorScheme}.png`);
    await page.screenshot({ path: file });
    console.log(`wrote ${file}`);
  });
}

await main();
