/**
 * Navigating code in Chromium, on the demo that ships with the app (Svelte's sources, no
 * indexing): a result opens to every matching line of its file; a name that is not in the
 * repository is answered honestly, with the nearest name; go to definition from an
 * identifier in the code view; Back and Forward across search → file → followed link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, serveDirectory, type BrowserSession, type StaticServer } from './harness';

let server: StaticServer;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  server = await serveDirectory();
  session = await launchBrowser();
  page = session.page;
  await page.goto(server.origin);
  await page.getByRole('status').getByText('svelte (demo) is ready').waitFor({ timeout: 60_000 });
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

const searchBox = () => page.getByLabel('Search code');
const results = () => page.getByRole('list', { name: 'Results' });

async function search(query: string) {
  await searchBox().fill(query);
  await expect
    .poll(async () => page.locator('section.answer').getAttribute('data-query', { timeout: 1000 }).catch(() => null), { timeout: 30_000 })
    .toBe(query);
  return results().getByRole('listitem').first();
}

describe('navigation in Chromium', { timeout: 120_000 }, () => {
  it('opens a result to every call site in its file, with counts per file and in total', async () => {
    const first = await search('who calls flushSync');
    const lines = first.getByRole('list', { name: 'Matching lines' }).getByRole('listitem');
    const collapsed = await lines.count();
    const more = first.getByRole('button', { name: /Show \d+ more match/ });
    const hidden = Number(/Show (\d+)/.exec(await more.innerText())![1]);
    await more.click();
    await expect.poll(() => lines.count()).toBe(collapsed + hidden);
    // Every listed line is a use of flushSync, marked as a whole word.
    for (const text of await lines.locator('mark').allInnerTexts()) expect(text).toBe('flushSync');
    expect(await first.innerText()).toMatch(new RegExp(`${collapsed + hidden} (call sites|matching lines) in this file`));
    expect(await page.locator('.answer-head').innerText()).toMatch(/\d+ matching lines in \d+ files/);
    // A line opens the code view at that line.
    const target = Number(await lines.nth(collapsed).locator('.ln').innerText());
    await lines.nth(collapsed).getByRole('button').click();
    await page.locator(`#L${target}.is-target`).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).hash).toBe(`#L${target}`);
    await page.goBack();
    await results().waitFor();
  });

  it('says first that a name is not in the repository, offers the nearest one, and labels the rest as loose matches', async () => {
    await search('where is flushSnyc defined');
    const note = page.getByRole('note', { name: 'Not in this repository' });
    expect(await note.innerText()).toMatch(/No flushSnyc in svelte \(demo\)/);
    expect(await note.innerText()).toMatch(/loose matches/i);
    await note.getByRole('button', { name: 'flushSync' }).click();
    const first = await search('where is flushSync defined');
    expect(await first.innerText()).toMatch(/flushSync/);
    expect(await page.getByRole('note', { name: 'Not in this repository' }).count()).toBe(0);
  });
});
