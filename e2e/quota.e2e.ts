/**
 * Browser storage running out, for real: Chromium's DevTools protocol lowers this origin's
 * quota (Storage.overrideQuotaForOrigin), so IndexedDB refuses writes with a genuine
 * QuotaExceededError mid-build. (Chromium's navigator.storage.estimate() keeps reporting
 * usage + 10 GiB under the override, so the check made *before* a build from the estimate is
 * covered by src/browser/index-service.test.ts and storage-quota.test.ts instead.)
 *
 * - the failed build says storage is full and what is stored that could be deleted, with sizes;
 * - it is never shown or stored as a complete index (no 'engine' header record);
 * - the repository indexed earlier stays searchable; with room again, Resume completes it;
 * - the "keep these indexes" offer calls navigator.storage.persist() and says what the browser answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { FIXTURES, launchBrowser, serveDirectory, type BrowserSession, type StaticServer } from './harness';
import { join } from 'node:path';

let server: StaticServer;
let session: BrowserSession;
let page: Page;
let cdp: CDPSession;

beforeAll(async () => {
  server = await serveDirectory();
  session = await launchBrowser();
  page = session.page;
  cdp = await session.context.newCDPSession(page);
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

const status = () => page.getByRole('status');
const entry = (name: string) =>
  page.getByRole('list', { name: 'Repositories' }).getByRole('listitem').filter({ hasText: name });

/** Stored records of one repository, by store and key, straight from IndexedDB. */
function snapshotKeys(repositoryId: string): Promise<string[]> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const open = indexedDB.open('fourfold');
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    const keys = await new Promise<IDBValidKey[]>((ok, fail) => {
      const request = db
        .transaction('snapshots')
        .objectStore('snapshots')
        .getAllKeys(IDBKeyRange.bound([id], [id, []]));
      request.onsuccess = () => ok(request.result);
      request.onerror = () => fail(request.error);
    });
    db.close();
    return keys.map((k) => (k as string[])[1]);
  }, repositoryId);
}

describe('browser storage running out', { timeout: 240_000 }, () => {
  it('stops a build cleanly when IndexedDB refuses a write, says what could be deleted, and keeps the other repositories', async () => {
    // Chromium applies the override to storage the origin opens after it: set it before the app starts.
    // 1.2 MB holds Express's index (≈ 0.4 MB with its vectors), not Preact's as well (≈ 1.9 MB).
    await page.goto(`${server.origin}/favicon.svg`);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: server.origin, quotaSize: 1_200_000 });
    await page.goto(server.origin);
    await expect.poll(async () => status().innerText(), { timeout: 60_000 }).toMatch(/is ready/);
    await page.getByLabel('Choose folder').setInputFiles(join(FIXTURES, 'express'));
    await expect
      .poll(async () => status().innerText(), { timeout: 120_000, interval: 250 })
      .toMatch(/express is ready/);
    // Its stored size is listed beside it.
    await expect.poll(async () => entry('express').innerText()).toMatch(/files · [\d,]+ chunks · \d+ KB/);

    await page.getByLabel('Choose folder').setInputFiles(join(FIXTURES, 'preact'));
    await expect
      .poll(async () => status().innerText(), { timeout: 120_000, interval: 250 })
      .toMatch(
        new RegExp(
          `Indexing preact failed: Browser storage is full: could not save .+\\. Delete a repository or allow this site more storage, then resume indexing\\. \\(Stored here: express \\(\\d+ KB\\)\\.\\)`,
        ),
      );
    // The message and the list say the same size: what Express's index takes once deflated.
    const said = (await status().innerText()).match(/Stored here: express \((\d+ KB)\)/)![1];
    await expect.poll(async () => (await entry('express').innerText()).match(/(\d+ KB)/)?.[1]).toBe(said);

    // Not complete, in the list or in the store; the earlier repository is intact and answers (storage still full).
    await expect.poll(async () => entry('preact').innerText()).toMatch(/not searchable/);
    expect(await snapshotKeys('folder:preact')).not.toContain('engine');
    expect(await snapshotKeys('folder:express')).toContain('engine');
    await entry('express').locator('button.repo-select').click();
    await page.getByLabel('Search code').fill('function createApplication');
    await expect
      .poll(
        async () =>
          page
            .locator('section.answer')
            .getAttribute('data-query')
            .catch(() => null),
        { timeout: 30_000 },
      )
      .toBe('function createApplication');
    await expect(
      page.getByRole('list', { name: 'Results' }).getByRole('listitem').first().innerText(),
    ).resolves.toMatch(/lib\/express\.js/);

    // With room again, Resume (choosing the folder again) completes it.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: server.origin });
    await page.getByLabel('Choose folder').setInputFiles(join(FIXTURES, 'preact'));
    await expect.poll(async () => status().innerText(), { timeout: 120_000, interval: 250 }).toMatch(/preact is ready/);
    expect(await snapshotKeys('folder:preact')).toContain('engine');
  });

  it('offers to keep the indexes (navigator.storage.persist()) once, and says what the browser answered', async () => {
    const keeper = page.getByRole('group', { name: 'Keeping indexes' });
    await expect
      .poll(async () => keeper.innerText())
      .toMatch(/The browser may clear these indexes if the disk runs low/);
    await keeper.getByRole('button', { name: 'Keep them' }).click();
    await expect
      .poll(async () => keeper.innerText())
      .toMatch(/Kept: the browser will not clear|The browser did not agree/);
    const persisted = await page.evaluate(() => navigator.storage.persisted());
    expect(await keeper.innerText()).toMatch(persisted ? /^Kept/ : /did not agree/);
    // Once answered (granted, or dismissed after a no), it is not offered again.
    if (!persisted) await keeper.getByRole('button', { name: 'OK' }).click();
    await page.reload();
    await expect.poll(async () => status().innerText(), { timeout: 60_000 }).toMatch(/is ready|Choose a repository/);
    await expect(page.getByRole('group', { name: 'Keeping indexes' }).count()).resolves.toBe(0);
  });
});
