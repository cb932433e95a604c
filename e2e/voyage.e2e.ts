/**
 * Settings and a Voyage key in Chromium, against a Voyage-shaped server on 127.0.0.1 that
 * the test starts (test/support/voyage-test-server.ts — a real loopback server):
 * a good key embeds with Voyage; a wrong key says so and the local model embeds instead;
 * 429s then success is retried through; the key is stored in this browser only and can be
 * removed; the file-size limit and ignore patterns apply to the next repository.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startVoyageServer } from '../test/support/voyage-test-server';
import { FIXTURES, launchBrowser, serveDirectory, type BrowserSession, type StaticServer } from './harness';

const KEY = 'pa-test-key-123';
type VoyageServer = Awaited<ReturnType<typeof startVoyageServer>>;

let server: StaticServer;
let good: VoyageServer;
let flaky: VoyageServer;
/** Expects another key than the one saved: every request is a 401. */
let other: VoyageServer;
let session: BrowserSession;
let page: Page;
let workDir: string;

/**
 * A small repository (preact's hooks) under a new name. Its files sit in a sub-folder of the
 * same name, so every chunk's path — part of the text embedded — is new: the embedding cache
 * (which spares unchanged chunks a second request) cannot answer for it.
 */
function folder(name: string, extra: Record<string, string> = {}): string {
  const dir = join(workDir, name);
  cpSync(join(FIXTURES, 'preact/hooks'), join(dir, name), { recursive: true });
  for (const [path, text] of Object.entries(extra)) writeFileSync(join(dir, path), text);
  return dir;
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'fourfold-voyage-'));
  server = await serveDirectory();
  good = await startVoyageServer({ key: KEY, dims: 1024 });
  flaky = await startVoyageServer({ key: KEY, dims: 1024, failFirst: 3, retryAfter: '0' });
  other = await startVoyageServer({ key: 'pa-another-key', dims: 1024 });
  session = await launchBrowser();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
  await server?.close();
  await good?.close();
  await flaky?.close();
  await other?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const status = () => page.getByRole('status');

async function saveSettings(values: {
  provider?: 'local' | 'voyage';
  key?: string;
  baseUrl?: string;
  maxKb?: string;
  patterns?: string;
}) {
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Settings' }).click();
  const form = page.getByLabel('Settings', { exact: true });
  if (values.provider)
    await form.getByRole('radio', { name: values.provider === 'voyage' ? /Voyage AI/ : /Local model/ }).check();
  if (values.key !== undefined) await form.getByLabel('API key').fill(values.key);
  if (values.baseUrl !== undefined) await form.getByLabel('Base URL').fill(values.baseUrl);
  if (values.maxKb !== undefined) await form.getByLabel(/Skip files larger than/).fill(values.maxKb);
  if (values.patterns !== undefined) await form.getByLabel(/Extra ignore patterns/).fill(values.patterns);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect.poll(() => form.getByRole('alert').innerText()).toMatch(/Settings saved/);
}

async function index(dir: string, name: string): Promise<string> {
  await page.getByLabel('Choose folder').setInputFiles(dir);
  await expect
    .poll(async () => status().innerText(), { timeout: 90_000, interval: 250 })
    .toMatch(new RegExp(`${name} is ready`));
  return status().innerText();
}

function postsTo(voyage: VoyageServer) {
  return voyage.requests.filter((r) => r.method === 'POST');
}

describe('Settings and Voyage in Chromium', { timeout: 150_000 }, () => {
  it('embeds a repository with Voyage when a key is set, and searches with Voyage query vectors', async () => {
    await page.goto(server.origin);
    await expect.poll(async () => status().innerText(), { timeout: 30_000 }).toMatch(/is ready/);
    await saveSettings({
      provider: 'voyage',
      key: KEY,
      baseUrl: good.url,
      maxKb: '64',
      patterns: 'ignored-by-settings.js',
    });
    expect(await page.getByTestId('key-state').innerText()).toMatch(/A key is stored in this browser/);
    // The key is never shown back.
    expect(await page.getByLabel('API key').inputValue()).toBe('');
    const dir = folder('hooks-voyage', {
      'ignored-by-settings.js': 'export function ignoredBySettings() {}\n',
      'big.js': `// ${'x'.repeat(100 * 1024)}\n`,
    });
    const text = await index(dir, 'hooks-voyage');
    expect(text).not.toMatch(/local model embedded/);
    // Settings applied: the 100 KB file is over the 64 KB limit, the pattern ignored its file.
    expect(text).toMatch(/1 skipped \(binary or too large\)/);
    expect(text).toMatch(/1 ignored/);
    const posts = postsTo(good);
    expect(posts.length).toBeGreaterThan(0);
    for (const r of posts) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(posts.every((r) => (r.body as { input_type: string }).input_type === 'document')).toBe(true);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Search' }).click();
    await page.getByLabel('Search code').fill('how are effects scheduled and cleaned up');
    await page
      .locator('section.answer[data-query="how are effects scheduled and cleaned up"]')
      .waitFor({ timeout: 30_000 });
    // The box may answer once more when the new repository becomes the active one: give the Voyage query time to arrive.
    await expect
      .poll(() => postsTo(good).some((r) => (r.body as { input_type: string }).input_type === 'query'), {
        timeout: 30_000,
      })
      .toBe(true);
    // The app's own server never saw the key.
    expect(server.requests.some((p) => p.includes(KEY))).toBe(false);
  });

  it('checks a key as it is saved: a key Voyage refuses is said so at once and not kept', async () => {
    const before = postsTo(good).length;
    await saveSettings({ key: 'pa-wrong-key' });
    // The alert of the previous save also says "Settings saved": wait for this save's own answer.
    const alert = page.getByLabel('Settings', { exact: true }).getByRole('alert');
    await expect.poll(() => alert.innerText()).toMatch(/Voyage rejected this key \(HTTP 401\): it was not saved/);
    // One cheap request, with the key being saved.
    const checks = postsTo(good).slice(before);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ status: 401, headers: { authorization: 'Bearer pa-wrong-key' } });
    expect((checks[0].body as { input: string[] }).input).toHaveLength(1);
    // The good key is still the one stored.
    expect(await page.getByTestId('key-state').innerText()).toMatch(/A key is stored/);
    await saveSettings({ key: KEY });
    await expect.poll(() => alert.innerText()).toMatch(/Voyage accepted the key/);
  });

  it('says clearly when the key is wrong, and the local model embeds the repository instead', async () => {
    // The stored key is good for `good`, not for `other`: indexing against `other` meets a 401.
    await saveSettings({ baseUrl: other.url });
    const before = postsTo(other).length;
    const text = await index(folder('hooks-wrong-key'), 'hooks-wrong-key');
    expect(text).toMatch(/Voyage rejected the API key \(HTTP 401\)/);
    expect(text).toMatch(/The local model embedded this repository instead/);
    expect(
      postsTo(other)
        .slice(before)
        .every((r) => r.status === 401),
    ).toBe(true);
    expect(postsTo(other).length).toBeGreaterThan(before);
    // Semantic search still answers, with the local model.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Search' }).click();
    await page.getByLabel('Search code').fill('how does the effect cleanup work');
    await page.locator('section.answer[data-query="how does the effect cleanup work"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Explain query' }).click();
    expect(await page.getByLabel('Query explanation').innerText()).toMatch(/semantic\s+0\.5\s+yes/);
  });

  it('rides out 429s and then embeds with Voyage', async () => {
    await saveSettings({ key: KEY, baseUrl: flaky.url });
    const text = await index(folder('hooks-429'), 'hooks-429');
    expect(text).not.toMatch(/Voyage/);
    const statuses = postsTo(flaky).map((r) => r.status);
    expect(statuses.slice(0, 3)).toEqual([429, 429, 429]);
    expect(statuses.slice(3).every((s) => s === 200)).toBe(true);
    expect(statuses.length).toBeGreaterThan(3);
  });

  it('removes the key on request, for good', async () => {
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Remove key' }).click();
    await expect.poll(() => page.getByTestId('key-state').innerText()).toMatch(/No key stored/);
    // Without a key Voyage cannot embed: the provider is the local model again.
    // The radio follows the saved settings on a later render than the key state: wait for it, not read it once.
    await expect.poll(() => page.getByRole('radio', { name: /Local model/ }).isChecked()).toBe(true);
    await page.reload();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.getByTestId('key-state').innerText(), { timeout: 20_000 }).toMatch(/No key stored/);
    expect(session.errors.filter((e) => !/401|429|Failed to load resource/.test(e))).toEqual([]);
  });
});
