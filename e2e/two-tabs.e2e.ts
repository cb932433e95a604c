/**
 * Two tabs of Fourfold in one browser profile (one IndexedDB, one set of Web Locks):
 * - while tab A builds a repository, tab B asked for the same one says it is being indexed in
 *   another tab instead of building it twice, and lists it that way;
 * - when A finishes, B finds A's index in the store and searches it without building;
 * - a tab closed mid-index leaves that repository marked interrupted, with Resume, and the
 *   other repositories intact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { FIXTURES, launchBrowser, serveDirectory, type BrowserSession, type StaticServer } from './harness';

let server: StaticServer;
let session: BrowserSession;
let tabA: Page;
let tabB: Page;
let workDir: string;
/** Eight copies of the preact sources: long enough to act while it is being built. */
let largeFolder: string;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'fourfold-tabs-'));
  largeFolder = join(workDir, 'preact-large');
  for (let i = 0; i < 8; i++) cpSync(join(FIXTURES, 'preact'), join(largeFolder, `copy${i}`), { recursive: true });
  server = await serveDirectory();
  session = await launchBrowser();
  tabA = session.page;
  tabB = await session.context.newPage();
});

afterAll(async () => {
  await session?.close();
  await server?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const status = (page: Page) => page.getByRole('status');
const entry = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Repositories' }).getByRole('listitem').filter({ hasText: name });

describe('two tabs, one store', { timeout: 240_000 }, () => {
  it("a second tab does not build what the first is building, and then searches the first one's index", async () => {
    for (const tab of [tabA, tabB]) {
      await tab.bringToFront();
      await tab.goto(server.origin);
      await expect.poll(async () => status(tab).innerText(), { timeout: 30_000 }).toMatch(/is ready/);
    }
    // Headless Chromium acts on the tab in front; a tab behind keeps running its workers.
    await tabA.bringToFront();
    await tabA.getByLabel('Choose folder').setInputFiles(largeFolder);
    await expect
      .poll(async () => status(tabA).innerText(), { timeout: 60_000, interval: 100 })
      .toMatch(/Files parsed\s+[1-9]/);
    await tabB.bringToFront();
    await tabB.getByLabel('Choose folder').setInputFiles(largeFolder);
    await expect
      .poll(async () => status(tabB).innerText(), { timeout: 30_000 })
      .toMatch(/preact-large is being indexed in another tab of Fourfold/);
    await tabB.reload();
    await expect
      .poll(async () => (await entry(tabB, 'preact-large').locator('button.repo-select').getAttribute('title')) ?? '', {
        timeout: 30_000,
      })
      .toMatch(/Being indexed in another tab/);
    await tabA.bringToFront();
    await expect
      .poll(async () => status(tabA).innerText(), { timeout: 180_000, interval: 250 })
      .toMatch(/preact-large is ready/);
    // B builds nothing: it opens A's index from the store.
    await tabB.bringToFront();
    await tabB.reload();
    await entry(tabB, 'preact-large').locator('button.repo-select').click();
    await tabB.getByLabel('Search code').fill('function diffChildren');
    await tabB.locator('section.answer[data-query="function diffChildren"]').waitFor({ timeout: 30_000 });
    expect(
      await tabB.getByRole('list', { name: 'Results' }).getByRole('listitem').first().locator('.path').innerText(),
    ).toMatch(/copy\d\/src\/diff\/children\.js$/);
  });

  it('a tab closed mid-index leaves that repository interrupted, with Resume, and the others intact', async () => {
    const dir = join(workDir, 'closed-mid-index');
    for (let i = 0; i < 8; i++) cpSync(join(FIXTURES, 'preact'), join(dir, `copy${i}`), { recursive: true });
    await tabA.bringToFront();
    await tabA.getByLabel('Choose folder').setInputFiles(dir);
    await expect
      .poll(async () => status(tabA).innerText(), { timeout: 60_000, interval: 100 })
      .toMatch(/Files parsed\s+[1-9]/);
    await tabA.close(); // the tab goes away mid-build, its workers with it
    tabA = await session.context.newPage();
    await tabA.bringToFront();
    await tabA.goto(server.origin);
    const closed = entry(tabA, 'closed-mid-index');
    await expect
      .poll(
        async () =>
          (await closed
            .locator('button.repo-select')
            .getAttribute('title', { timeout: 1000 })
            .catch(() => null)) ?? '',
        { timeout: 30_000 },
      )
      .toMatch(/interrupted/);
    expect(await closed.getByRole('button', { name: 'Resume closed-mid-index' }).isEnabled()).toBe(true);
    expect(await closed.locator('button.repo-select').isDisabled()).toBe(true);
    // The repository built before is untouched and opens.
    await entry(tabA, 'preact-large').locator('button.repo-select').click();
    await tabA.getByLabel('Search code').fill('function diffChildren');
    await tabA.locator('section.answer[data-query="function diffChildren"]').waitFor({ timeout: 30_000 });
  });
});
