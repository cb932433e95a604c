/**
 * Clone faults in Chromium, against the loopback git server's fault modes (git-server.ts):
 * the connection dropping mid-pack, a 401 for a private repository, a 404, and a pack that
 * never ends. Each gives a clear message in the status line, and nothing is kept: the
 * repository list and the stored indexes are as before (also after a reload), and a good
 * clone still works afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  FIXTURES,
  indexedDbRecords,
  launchBrowser,
  serveDirectory,
  type BrowserSession,
  type StaticServer,
} from './harness';
import { makeBareRepository, startGitServer, type GitServer } from './git-server';

let server: StaticServer;
let gitServer: GitServer;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  server = await serveDirectory();
  gitServer = await startGitServer(makeBareRepository(join(FIXTURES, 'preact'), 'preact'));
  session = await launchBrowser();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
  await server?.close();
  await gitServer?.close();
});

const status = () => page.getByRole('status');
const repositoryNames = () => page.getByRole('list', { name: 'Repositories' }).locator('.repo-name').allInnerTexts();

/** Names of the repositories IndexedDB holds: every stored record with a `name` field. */
async function storedNames(): Promise<string[]> {
  const names = new Set<string>();
  for (const { json } of await indexedDbRecords(page)) {
    const value = JSON.parse(json || 'null') as { name?: unknown } | null;
    if (value && typeof value === 'object' && typeof value.name === 'string') names.add(value.name);
  }
  return [...names].sort();
}

async function cloneFails(path: string, message: RegExp): Promise<void> {
  const listBefore = await repositoryNames();
  const storedBefore = await storedNames();
  await page.getByLabel('Repository URL').fill(`${gitServer.origin}/${path}`);
  await page.getByRole('button', { name: 'Clone' }).click();
  await expect.poll(async () => status().innerText(), { timeout: 60_000, interval: 250 }).toMatch(message);
  expect(await repositoryNames()).toEqual(listBefore);
  expect(await storedNames()).toEqual(storedBefore);
}

describe('clone faults in Chromium', { timeout: 180_000 }, () => {
  it('the connection dropping mid-pack: a clear message, nothing kept', async () => {
    await page.goto(server.origin);
    await expect.poll(async () => status().innerText(), { timeout: 90_000 }).toMatch(/is ready/);
    await cloneFails(
      'drop/preact.git',
      /connection to .*drop\/preact\.git dropped after \d+ KB of the download; nothing was kept/,
    );
  });

  it('a private repository (401) and a missing one (404): clear messages, nothing kept', async () => {
    await cloneFails(
      'private/preact.git',
      /refused access to .*private\/preact\.git \(HTTP 401\)\. Fourfold can only clone public repositories/,
    );
    await cloneFails('nothing-here.git', /There is no git repository at .*nothing-here\.git \(HTTP 404\)/);
  });

  it('nothing half-cloned comes back after a reload, and a good clone still works', async () => {
    const before = await repositoryNames();
    await page.reload();
    await expect.poll(async () => status().innerText(), { timeout: 90_000 }).toMatch(/is ready/);
    await expect.poll(repositoryNames, { timeout: 10_000 }).toEqual(before);
    await page.getByLabel('Repository URL').fill(`${gitServer.origin}/preact.git`);
    await page.getByRole('button', { name: 'Clone' }).click();
    await expect.poll(async () => status().innerText(), { timeout: 120_000, interval: 250 }).toMatch(/preact is ready/);
    // The status line can announce "ready" a render before the list shows the new entry.
    await expect.poll(repositoryNames, { timeout: 10_000 }).toEqual([...before, 'preact']);
    expect(session.errors.filter((e) => !/Failed to load resource|401|404/.test(e))).toEqual([]);
  });
});
