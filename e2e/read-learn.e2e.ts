/**
 * In Chromium: a first visit with an empty profile answers a suggested query from
 * the prebuilt demo index with no action; results open into the code view (highlighted by
 * the grammar's highlights.scm, line anchors in the URL, outline, callers one click away,
 * "Find similar"); the "How ranking works" page shows each modality's list beside the fused
 * one and its numbers equal the Explain panel's; and after that one visit the app, the demo
 * and the code view work with the network off (service worker).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, serveDirectory, type BrowserSession, type StaticServer, waitForAnswer } from './harness';

let server: StaticServer;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  server = await serveDirectory();
  session = await launchBrowser();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

const status = () => page.getByRole('status');
const results = () => page.getByRole('list', { name: 'Results' });

async function answered(query: string) {
  await waitForAnswer(page, query, 30_000);
  await results().getByRole('listitem').first().waitFor({ timeout: 20_000 });
  return results().getByRole('listitem');
}

describe('reading and learning in Chromium', { timeout: 120_000 }, () => {
  it('answers a suggested query on a first visit, from the prebuilt demo index, without any indexing', async () => {
    const started = Date.now();
    await page.goto(server.origin);
    // "Ready" once every modality is live: the semantic model loads after the prebuilt index.
    await expect
      .poll(async () => status().innerText(), { timeout: 90_000 })
      .toMatch(/svelte \(demo\) is ready: 369 files.*prebuilt index loaded/);
    const suggestion = page
      .getByRole('list', { name: 'Suggested queries' })
      .getByRole('button', { name: 'function flushSync' });
    await suggestion.click();
    const items = await answered('function flushSync');
    console.log(`first visit to first answer: ${Date.now() - started} ms`);
    expect(await page.getByLabel('Query intent').innerText()).toContain('find definition');
    expect(await items.first().locator('.symbol').innerText()).toMatch(/flushSync/);
    expect(await items.first().locator('.path').innerText()).toBe('src/internal/client/reactivity/batch.js');
  });

  it('opens a result into the highlighted code view, with the line in the URL and callers one click away', async () => {
    const first = results().getByRole('listitem').first();
    const path = await first.locator('.path').innerText();
    await first.focus();
    await page.keyboard.press('Enter');
    const view = page.getByLabel('Code view');
    await view.waitFor();
    await expect
      .poll(() => view.locator('pre.code').getAttribute('data-highlighted'), { timeout: 30_000 })
      .toBe('true');
    expect(await view.locator('.tok-keyword').count()).toBeGreaterThan(5);
    expect(await view.locator('.code-path').innerText()).toBe(path);
    await expect.poll(() => page.url()).toMatch(/page=file&path=src\/.*#L\d+$/);
    // The outline lists the file's definitions; the selected definition has callers.
    expect(await view.getByLabel('Outline').getByRole('button').count()).toBeGreaterThan(0);
    expect(await view.getByLabel('Definition').innerText()).toMatch(/flushSync/);
    const callers = view.getByRole('list', { name: 'Callers' }).getByRole('button');
    await callers.first().waitFor({ timeout: 10_000 });
    const target = (await callers.first().locator('.n-where').innerText()).trim();
    await callers.first().click();
    const [targetPath, targetLine] = target.split(':');
    await expect.poll(() => view.locator('.code-path').innerText()).toBe(targetPath);
    await expect.poll(() => page.url()).toContain(`#L${targetLine}`);
    await expect.poll(() => view.locator(`a#L${targetLine}.is-target`).count()).toBe(1);
    // The state is shareable: the same URL in a reload shows the same file and line.
    const url = page.url();
    await page.goto(url);
    await expect
      .poll(() => page.getByLabel('Code view').locator('.code-path').innerText(), { timeout: 30_000 })
      .toBe(targetPath);
    await expect.poll(() => page.locator(`a#L${targetLine}.is-target`).count()).toBe(1);
    // Back returns to the results.
  });

  it('finds code similar to the definition under the cursor', async () => {
    const view = page.getByLabel('Code view');
    await view.getByLabel('Definition').getByRole('button', { name: 'Find similar' }).click();
    // The previous results stay on screen until the new ones arrive: wait for the new intent.
    await expect.poll(() => page.getByLabel('Query intent').innerText(), { timeout: 30_000 }).toContain('find similar');
    await expect.poll(() => results().getByRole('listitem').count(), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(page.url()).toMatch(/similar=\d+/);
  });

  it("teaches the ranking with this query: per-modality lists, lines, the fired rule, and the Explain panel's numbers", async () => {
    const query = 'how are effects scheduled and flushed';
    await page.getByLabel('Search code').fill(query);
    const items = await answered(query);
    await items.first().getByRole('button', { name: 'Explain', exact: true }).click();
    const explain = items.first().getByLabel('Explanation');
    const explained = {
      rrf: await explain.locator('[data-field=rrf]').innerText(),
      boost: (await explain.locator('[data-field=boost]').innerText()).replace('×', '').trim(),
      score: await explain.locator('[data-field=score]').innerText(),
      contributions: await explain
        .locator('tbody tr:not(.is-absent)')
        .evaluateAll((rows) =>
          rows.map(
            (r) =>
              `${r.getAttribute('data-modality')}:${r.querySelector('[data-field=contribution]')!.textContent}:${r.querySelector('[data-field=rank]')!.textContent}`,
          ),
        ),
    };
    await page.getByRole('button', { name: 'How was this ranked?' }).click();
    const teach = page.getByLabel('How ranking works');
    await teach.waitFor();
    // Each modality's own list and the fused list, joined by lines.
    for (const m of ['semantic', 'text', 'structural'])
      expect(
        await teach
          .getByRole('list', { name: `${m} list` })
          .getByRole('listitem')
          .count(),
      ).toBeGreaterThan(0);
    expect(await teach.getByRole('list', { name: 'Fused list' }).getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await teach.locator('svg.list-lines path').count()).toBeGreaterThan(0);
    expect(await teach.locator('tr.is-fired[data-rule]').getAttribute('data-rule')).toBe('understand-words');
    expect(await teach.locator('tr.is-fired[data-intent]').getAttribute('data-intent')).toBe('understand_code');
    // The formula, filled in, shows exactly the Explain panel's numbers for result #1.
    const formula = teach.getByLabel('Formula for result 1');
    expect(await formula.locator('[data-field=rrf]').innerText()).toBe(explained.rrf);
    expect(await formula.locator('[data-field=boost]').innerText()).toBe(explained.boost);
    expect(await formula.locator('[data-field=score]').innerText()).toBe(explained.score);
    const terms = await formula
      .locator('li[data-modality]')
      .evaluateAll((rows) =>
        rows.map(
          (r) =>
            `${r.getAttribute('data-modality')}:${r.querySelector('[data-field=contribution]')!.textContent}:${r.querySelector('[data-field=rank]')!.textContent}`,
        ),
      );
    expect(terms).toEqual(explained.contributions);
  });

  it('runs an experiment with other weights and k, marked as not the defaults', async () => {
    const experiment = page.getByLabel('Experiment', { exact: true });
    await experiment.getByLabel('semantic weight').fill('0');
    await experiment.getByLabel('k', { exact: true }).fill('5');
    await experiment.getByRole('button', { name: 'Run experiment' }).click();
    const list = experiment.getByRole('list', { name: 'Experiment results' });
    await list.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    expect(await experiment.innerText()).toMatch(/not Fourfold's defaults/);
    expect(await experiment.innerText()).toMatch(/Experiment: k = 5/);
    // The ordinary search is unchanged: the URL carries no experiment.
    expect(page.url()).not.toMatch(/experiment|k=5/);
  });

  it('works offline after one visit: the app, the demo and the code view', async () => {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 })
      .toBe(true);
    await session.context.setOffline(true);
    try {
      await page.goto(`${server.origin}/?q=${encodeURIComponent('who calls flushSync')}`);
      const items = await answered('who calls flushSync');
      expect(await items.count()).toBeGreaterThan(0);
      await items.first().locator('.path').click();
      await expect
        .poll(() => page.getByLabel('Code view').locator('pre.code').getAttribute('data-highlighted'), {
          timeout: 30_000,
        })
        .toBe('true');
    } finally {
      await session.context.setOffline(false);
    }
    expect(session.errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });
});
