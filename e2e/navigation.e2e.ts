/**
 * Navigating code in Chromium, on the demo that ships with the app (Svelte's sources, no
 * indexing): a result opens to every matching line of its file; a name that is not in the
 * repository is answered honestly, with the nearest name; go to definition from an
 * identifier in the code view; Back and Forward across search → file → followed link.
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
  await waitForAnswer(page, query, 30_000);
  return results().getByRole('listitem').first();
}

describe('navigation in Chromium', { timeout: 120_000 }, () => {
  it('opens a result to every call site in its file, with counts per file and in total', async () => {
    await search('who calls flushSync');
    // A file with more call sites than the collapsed list shows.
    const items = results().getByRole('listitem');
    const texts = await items.evaluateAll((lis) =>
      lis.map((li) => li.querySelector('.more-matches')?.textContent ?? ''),
    );
    const index = texts.findIndex((t) => /Show \d+ more match/.test(t));
    expect(index).toBeGreaterThanOrEqual(0);
    const first = items.nth(index);
    const lines = first.getByRole('list', { name: 'Matching lines' }).getByRole('listitem');
    const collapsed = await lines.count();
    const more = first.getByRole('button', { name: /Show \d+ more match/ });
    const hidden = Number(/Show (\d+)/.exec(await more.innerText())![1]);
    await more.click();
    await expect.poll(() => lines.count()).toBe(collapsed + hidden);
    // Every listed line is a use of flushSync, marked as a whole word.
    for (const text of await lines.locator('mark').allInnerTexts()) expect(text).toBe('flushSync');
    expect(await first.innerText()).toMatch(
      new RegExp(`${collapsed + hidden} (call sites|matching lines) in this file`),
    );
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

  it('says when "similar to X" names several definitions, leaves them all out, and picks one by its path', async () => {
    await search('code similar to tick');
    const note = page.getByRole('note', { name: 'Defined more than once' });
    expect(await note.innerText()).toMatch(
      /tick is defined 3 times: all of them are left out, and the list is searched from src\/internal\/client\/runtime\.js:507/,
    );
    // None of the three definitions is an answer: no result is the chunk at one of their lines.
    const shown = await results()
      .locator('.result-head')
      .evaluateAll((heads) =>
        heads.map((h) => `${h.querySelector('.path')?.textContent}:${h.querySelector('.lines')?.textContent}`),
      );
    expect(shown.length).toBeGreaterThan(0);
    for (const x of [
      'src/internal/client/runtime.js:L507',
      'src/index-server.js:L40',
      'src/internal/client/timing.js:L13',
    ])
      expect(shown.filter((s) => s === x || s.startsWith(`${x}–`))).toEqual([]);
    await note.getByRole('button', { name: 'src/internal/client/runtime.js:507' }).click();
    await expect.poll(() => searchBox().inputValue()).toBe('code similar to src/internal/client/runtime.js:tick');
    await waitForAnswer(page, 'code similar to src/internal/client/runtime.js:tick', 30_000);
    expect(await page.getByRole('note', { name: 'Defined more than once' }).count()).toBe(0);
    expect(await results().getByRole('listitem').count()).toBeGreaterThan(0);
  });

  it('goes to the definition of an identifier in the code view (click, then F12)', async () => {
    await page.goto(
      `${server.origin}/?repo=demo%3Asvelte&page=file&path=src/internal/client/reactivity/batch.js#L1226`,
    );
    await page.locator('pre.code[data-highlighted="true"]').waitFor({ timeout: 60_000 });
    await page.locator('.code-line[data-line="1226"]').getByText('flushSync', { exact: true }).click();
    const bar = page.getByRole('toolbar', { name: 'Symbol' });
    expect(await bar.locator('.symbol-name').innerText()).toBe('flushSync');
    await page.keyboard.press('F12');
    await expect.poll(() => new URL(page.url()).hash, { timeout: 20_000 }).toBe('#L991');
    expect(await page.locator('.code-line[data-line="991"]').innerText()).toMatch(/function flushSync/);
    // Back returns to the use it came from.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).hash).toBe('#L1226');
    // Shift+F12: the references of the name, as a search of their own.
    await page.locator('.code-line[data-line="1226"]').getByText('flushSync', { exact: true }).click();
    await page.keyboard.press('Shift+F12');
    await expect.poll(() => searchBox().inputValue()).toBe('references to flushSync');
    await results().getByRole('listitem').first().waitFor({ timeout: 30_000 });
  });

  it('Back and Forward walk search → file → followed link → second search, with focus where a keyboard user expects', async () => {
    await page.goto(server.origin);
    await page.getByRole('status').getByText('svelte (demo) is ready').waitFor({ timeout: 60_000 });
    const first = await search('who calls flushSync');
    await searchBox().press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('result'))).toBe(true);
    const searchUrl = page.url();

    // Open a call site: a file entry, focus in the code.
    // A line that shows the name (a multi-line import is shown by its first line, which may not).
    const line = first
      .getByRole('list', { name: 'Matching lines' })
      .getByRole('listitem')
      .filter({ hasText: 'flushSync' })
      .first();
    const lineNumber = await line.locator('.ln').innerText();
    await line.getByRole('button').click();
    await page.locator(`#L${lineNumber}.is-target`).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('code-scroll'))).toBe(true);
    const fileUrl = page.url();

    // Follow a link: the definition of the name on that line.
    await page.locator(`.code-line[data-line="${lineNumber}"]`).getByText('flushSync', { exact: true }).first().click();
    await page.keyboard.press('F12');
    await expect.poll(() => new URL(page.url()).hash, { timeout: 20_000 }).toBe('#L991');
    const linkUrl = page.url();

    // A second search is an entry of its own.
    await page.getByRole('button', { name: '← Results' }).waitFor();
    await search('function flushSync');
    await searchBox().press('Enter');
    const secondUrl = page.url();
    expect(new URL(secondUrl).searchParams.get('q')).toBe('function flushSync');

    await page.goBack();
    await expect.poll(() => page.url()).toBe(linkUrl);
    await page.goBack();
    await expect.poll(() => page.url()).toBe(fileUrl);
    await page.locator(`#L${lineNumber}.is-target`).waitFor();
    await page.goBack();
    await expect.poll(() => page.url()).toBe(searchUrl);
    await page.locator('section.answer[data-query="who calls flushSync"]').waitFor({ timeout: 20_000 });
    // Back on the results, the keyboard is on the result it left from.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('result'))).toBe(true);

    await page.goForward();
    await expect.poll(() => page.url()).toBe(fileUrl);
    await page.goForward();
    await expect.poll(() => page.url()).toBe(linkUrl);
    await page.goForward();
    await expect.poll(() => page.url()).toBe(secondUrl);
    await page.locator('section.answer[data-query="function flushSync"]').waitFor({ timeout: 20_000 });

    // Escape closes an open Explain panel and returns to the box.
    await results().getByRole('listitem').first().getByRole('button', { name: 'Explain', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.explain').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Search code');
  });
});
