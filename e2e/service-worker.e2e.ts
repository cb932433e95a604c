/**
 * The service worker when a file cannot be fetched on the first visit (a dropped connection, a
 * blocked model file): it still installs, keeps that file the first time the app fetches it,
 * and a reload asks the network for nothing but the worker's own script. Before, one failed file
 * left no offline copy at all, and every visit fetched every file of the app again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serveDirectory, type BrowserSession, type StaticServer } from './harness';

const MISSED = 'models/fourfold-code-search/config.json';

let server: StaticServer;
let session: BrowserSession;

beforeAll(async () => {
  server = await serveDirectory();
  session = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await session?.close();
  await server?.close();
});

/** Whether the service worker's cache holds the file at `path`. */
const kept = (path: string) =>
  session.page.evaluate(async (path) => {
    const name = (await caches.keys()).find((n) => n.startsWith('fourfold-'));
    return name ? (await (await caches.open(name)).match(new URL(path, location.href).href)) !== undefined : false;
  }, path);

describe('service worker', () => {
  it('installs although a file failed, keeps that file once the app fetches it, and a reload fetches nothing else', async () => {
    const { context, page } = session;
    const missed = (url: URL) => url.pathname.endsWith(`/${MISSED}`);
    await context.route(missed, (route) => route.abort());
    await page.goto(server.origin);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 })
      .toBe(true);
    expect(await kept('./')).toBe(true); // the page itself
    expect(await kept(MISSED)).toBe(false);

    await context.unroute(missed);
    expect(await page.evaluate(async (path) => (await fetch(path)).status, MISSED)).toBe(200);
    await expect.poll(() => kept(MISSED), { timeout: 10_000 }).toBe(true);

    const before = server.requests.length;
    await page.reload();
    await page.getByLabel('Search code').waitFor();
    await page.waitForTimeout(500);
    expect(server.requests.slice(before).filter((p) => p !== '/sw.js')).toEqual([]);

    await context.setOffline(true);
    try {
      expect(await page.evaluate(async (path) => (await (await fetch(path)).json()) as object, MISSED)).toHaveProperty(
        'hidden_size',
      );
    } finally {
      await context.setOffline(false);
    }
  });
});
