/**
 * The page's Content-Security-Policy and the Voyage key's hygiene, in Chromium. `npm start`'s
 * server (vite preview on a random loopback port) is checked for the header; the flows run on
 * the e2e server, which sends the same header plus a report-uri, so that a violation in any
 * worker is reported too (a worker's violations never reach the page's console):
 * - the policy arrives as a header (page and worker scripts) and as a meta tag;
 * - the whole app works under it, with no violation in the page or any worker: the demo
 *   answers, the bundled model embeds a query (ONNX Runtime WASM in a worker), a clone from
 *   the loopback git server, indexing with Voyage against the loopback Voyage server;
 * - with a key set, every request the page and its workers make is recorded, and the key
 *   appears only in the Authorization header of requests to the configured Voyage base URL:
 *   never in a URL, another origin's request, localStorage, sessionStorage, the console,
 *   the service worker's cache, another IndexedDB record, or a downloaded file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { contentSecurityPolicy, CROSS_ORIGIN_ISOLATION_HEADERS } from '../src/browser/content-security-policy';
import { startVoyageServer } from '../test/support/voyage-test-server';
import {
  FIXTURES,
  indexedDbRecords,
  launchBrowser,
  serveDirectory,
  type BrowserSession,
  type StaticServer,
} from './harness';
import { makeBareRepository, startGitServer, type GitServer } from './git-server';

/** Looks like a real key, and occurs nowhere else by chance. */
const KEY = 'pa-hygiene-4f1c9e7d2b8a6053';
const ROOT = resolve(import.meta.dirname, '..');

type VoyageServer = Awaited<ReturnType<typeof startVoyageServer>>;
interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

let app: PreviewServer;
/** The built app served with the same header as `npm start`, plus report-uri (harness.ts). */
let server: StaticServer;
let origin: string;
let voyage: VoyageServer;
let gitServer: GitServer;
let session: BrowserSession;
let page: Page;
let workDir: string;
const requests: SeenRequest[] = [];
const consoleLines: string[] = [];
const downloads: string[] = [];

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'fourfold-security-'));
  app = await preview({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    preview: { port: 0, strictPort: false, open: false },
  });
  server = await serveDirectory();
  origin = server.origin;
  voyage = await startVoyageServer({ key: KEY, dims: 1024 });
  gitServer = await startGitServer(makeBareRepository(join(FIXTURES, 'preact/hooks'), 'hooks-remote'));
  session = await launchBrowser();
  page = session.page;
  // Every request of the page, its workers and its service worker, with headers and body.
  session.context.on('request', (request) => {
    void request
      .allHeaders()
      .then((headers) =>
        requests.push({ url: request.url(), method: request.method(), headers, body: request.postData() ?? '' }),
      )
      // A request still in flight when the browser closes at the end has no headers to read.
      .catch(() => {});
  });
  page.on('console', (m) => consoleLines.push(m.text()));
  page.on('worker', (w) => w.on('console', (m) => consoleLines.push(m.text())));
  page.on('download', (d) => void d.path().then((p) => p && downloads.push(readFileSync(p, 'utf8'))));
});

afterAll(async () => {
  await session?.close(); // fails on any CSP violation in the page's console
  await server?.close(); // fails on any CSP violation reported (page and workers)
  await app?.close();
  await voyage?.close();
  await gitServer?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const status = () => page.getByRole('status');

async function waitForReady(name: string): Promise<string> {
  await expect
    .poll(async () => status().innerText(), { timeout: 120_000, interval: 250 })
    .toMatch(new RegExp(`${name} is ready`));
  return status().innerText();
}

async function ask(query: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Search' }).click();
  await page.getByLabel('Search code').fill(query);
  await page.locator(`section.answer[data-query="${query}"]`).waitFor({ timeout: 60_000 });
}

describe('Content-Security-Policy and key hygiene in Chromium', { timeout: 240_000 }, () => {
  it('npm start sends the policy as a header on the page and the worker scripts, and the page carries it as a meta tag', async () => {
    const previewOrigin = app.resolvedUrls!.local[0].replace(/\/$/, '');
    const html = await fetch(`${previewOrigin}/`);
    expect(html.headers.get('content-security-policy')).toBe(contentSecurityPolicy('header'));
    const text = (await html.text()).replaceAll('&#39;', "'");
    expect(text).toContain(`<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy('meta')}">`);
    expect(text.indexOf('Content-Security-Policy')).toBeLessThan(text.indexOf('<script'));
    expect(text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script at all
    const workers = readdirSync(join(ROOT, 'dist/assets')).filter((f) => /worker-[\w-]+\.js$/.test(f));
    expect(workers.length).toBeGreaterThan(0);
    for (const script of [...workers.map((w) => `assets/${w}`), 'sw.js']) {
      const response = await fetch(`${previewOrigin}/${script}`);
      expect(response.status, script).toBe(200);
      expect(response.headers.get('content-security-policy'), script).toBe(contentSecurityPolicy('header'));
      // Cross-origin isolation (COOP/COEP) on every response, workers included.
      for (const [name, value] of Object.entries(CROSS_ORIGIN_ISOLATION_HEADERS))
        expect(response.headers.get(name), script).toBe(value);
    }
    for (const [name, value] of Object.entries(CROSS_ORIGIN_ISOLATION_HEADERS))
      expect(html.headers.get(name)).toBe(value);
    // The policy itself: no inline script and no eval; only WebAssembly compilation.
    expect(contentSecurityPolicy('header')).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(contentSecurityPolicy('header')).not.toMatch(/unsafe-inline|'unsafe-eval'/);
  });

  it('the demo answers and the bundled model embeds a query under the policy', async () => {
    await page.goto(origin);
    await waitForReady('svelte \\(demo\\)');
    await ask('how are effects scheduled and flushed');
    // The semantic modality ran: the model loaded in its worker, through ONNX Runtime's WASM
    // (the first answer may come before the model is up; it is asked again when it is).
    const explained = async () => {
      const button = page.getByRole('button', { name: 'Explain query' });
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      return page.getByLabel('Query explanation').innerText();
    };
    await expect.poll(explained, { timeout: 60_000 }).toMatch(/semantic\s+0\.5\s+yes/);
    // …in a cross-origin isolated page, which may measure its own memory.
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  });

  it('clones from the loopback git server under the policy', async () => {
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Search' }).click();
    await page.getByLabel('Repository URL').fill(`${gitServer.origin}/hooks-remote.git`);
    await page.getByRole('button', { name: 'Clone' }).click();
    await waitForReady('hooks-remote');
  });

  it('shows HTML in file names and contents as text: nothing in them runs, nothing is even attempted', async () => {
    const dir = join(workDir, 'html-repo');
    const name = '<img src=x onerror=window.__pwned=1>.js';
    mkdirSync(join(dir, 'html-repo'), { recursive: true });
    writeFileSync(
      join(dir, 'html-repo', name),
      '// <script>window.__pwned = 2</script>\nexport function pwnedMarkup() {\n  return \'<img src=x onerror="window.__pwned=3"><svg onload="window.__pwned=4">\';\n}\n',
    );
    await page.getByLabel('Choose folder').setInputFiles(dir);
    await waitForReady('html-repo');
    await ask('where is pwnedMarkup defined');
    const first = page.getByRole('list', { name: 'Results' }).getByRole('listitem').first();
    expect(await first.locator('.path').innerText()).toBe(`html-repo/${name}`);
    await first.focus();
    await page.keyboard.press('Enter');
    const view = page.getByLabel('Code view');
    await expect
      .poll(() => view.locator('pre.code').getAttribute('data-highlighted'), { timeout: 30_000 })
      .toBe('true');
    expect(await view.locator('pre.code').innerText()).toContain(
      '<img src=x onerror="window.__pwned=3"><svg onload="window.__pwned=4">',
    );
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
    // Had React turned any of it into markup, the policy would have blocked and reported it.
    expect(session.cspViolations).toEqual([]);
    expect(server.cspReports).toEqual([]);
  });

  it('indexes with Voyage under the policy, and the key goes to the Voyage base URL only', async () => {
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Settings' }).click();
    const form = page.getByLabel('Settings', { exact: true });
    await form.getByRole('radio', { name: /Voyage AI/ }).check();
    await form.getByLabel('API key').fill(KEY);
    await form.getByLabel('Base URL').fill(voyage.url);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toMatch(/Settings saved/);
    const dir = join(workDir, 'hooks-voyage');
    cpSync(join(FIXTURES, 'preact/hooks'), join(dir, 'hooks-voyage'), { recursive: true });
    await page.getByLabel('Choose folder').setInputFiles(dir);
    expect(await waitForReady('hooks-voyage')).not.toMatch(/local model embedded/);
    await ask('how does the effect cleanup work');
    await expect
      .poll(() => voyage.requests.some((r) => (r.body as { input_type?: string } | undefined)?.input_type === 'query'))
      .toBe(true);
    await page.reload();
    await waitForReady('hooks-voyage|svelte \\(demo\\)');

    const voyageOrigin = new URL(voyage.url).origin;
    const withKey = requests.filter((r) => JSON.stringify(r).includes(KEY));
    // Sent, and only as the Authorization header of POSTs to the Voyage base URL.
    expect(withKey.length).toBeGreaterThan(0);
    for (const r of withKey) {
      expect(new URL(r.url).origin, r.url).toBe(voyageOrigin);
      expect(r.url).not.toContain(KEY);
      expect(r.body).not.toContain(KEY);
      expect(Object.entries(r.headers).filter(([, v]) => v.includes(KEY))).toEqual([
        ['authorization', `Bearer ${KEY}`],
      ]);
    }
    // Every other origin saw traffic (the app, the git server) but never the key.
    const otherOrigins = new Set(
      requests.filter((r) => !r.url.startsWith(voyageOrigin)).map((r) => new URL(r.url).origin),
    );
    expect(otherOrigins).toContain(origin);
    expect(otherOrigins).toContain(gitServer.origin);
    expect(page.url()).not.toContain(KEY);
    // Nowhere else in the browser: storage, console, service worker cache, downloads.
    const stored = await page.evaluate(async (key) => {
      const local = JSON.stringify({ ...localStorage });
      const sessionStore = JSON.stringify({ ...sessionStorage });
      const cached: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          const body = response
            ? await response
                .clone()
                .text()
                .catch(() => '')
            : '';
          if (request.url.includes(key) || body.includes(key)) cached.push(request.url);
        }
      }
      return { local: local.includes(key), session: sessionStore.includes(key), cached };
    }, KEY);
    expect(stored.local).toBe(false);
    expect(stored.session).toBe(false);
    expect(stored.cached).toEqual([]);
    // IndexedDB: every record of every database; only the one setting that holds the key has it.
    const records = (await indexedDbRecords(page)).filter((r) => r.json.includes(KEY)).map((r) => r.where);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatch(/settings/);
    expect(consoleLines.filter((l) => l.includes(KEY))).toEqual([]);
    expect(downloads.filter((d) => d.includes(KEY))).toEqual([]);
    expect(session.cspViolations).toEqual([]);
    expect(server.cspReports).toEqual([]);
  });
});
