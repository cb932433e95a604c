/**
 * In Chromium: the app on a repository of one's own (express), desktop and phone.
 * The suggested questions name only that repository's code and each one answers; no page is
 * wider than a 390 px phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { FIXTURES, launchBrowser, serveDirectory, type BrowserSession, type StaticServer } from './harness';

const READY_TIMEOUT = 180_000;

let server: StaticServer;
let workDir: string;
let express: string;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'fourfold-own-'));
  express = join(workDir, 'express');
  cpSync(join(FIXTURES, 'express'), express, { recursive: true });
  server = await serveDirectory();
});

afterAll(async () => {
  await server?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function answered(page: Page, query: string): Promise<number> {
  await expect
    .poll(
      async () =>
        page
          .locator('section.answer')
          .getAttribute('data-query', { timeout: 1000 })
          .catch(() => null),
      { timeout: 60_000 },
    )
    .toBe(query);
  await page.getByRole('list', { name: 'Results' }).getByRole('listitem').first().waitFor({ timeout: 30_000 });
  return page.getByRole('list', { name: 'Results' }).getByRole('listitem').count();
}

/** How much wider than the viewport the page is (0 when nothing overflows). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

const DEMO_NAMES = /flushSync|parseConfig|\brender\b|who calls diff\b|what depends on options|svelte/i;

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  describe(`own repository on ${viewport.name}`, { timeout: 400_000 }, () => {
    let session: BrowserSession;
    let page: Page;
    beforeAll(async () => {
      session = await launchBrowser({ viewport: { width: viewport.width, height: viewport.height } });
      page = session.page;
      page.on('dialog', (dialog) => void dialog.accept());
    });
    afterAll(async () => session?.close());

    it('suggests questions made from express only, and each one answers', async () => {
      await page.goto(server.origin);
      await expect
        .poll(async () => page.getByRole('status').innerText(), { timeout: 60_000 })
        .toMatch(/svelte \(demo\) is ready/);
      await page.getByLabel('Choose folder').setInputFiles(express);
      await expect
        .poll(async () => page.getByRole('status').innerText(), { timeout: READY_TIMEOUT, interval: 250 })
        .toMatch(/express is ready/);
      const list = page.getByRole('list', { name: 'Suggested queries' });
      await list.waitFor({ timeout: 30_000 });
      const queries = await list.getByRole('button').allInnerTexts();
      console.log(`${viewport.name} suggestions:`, queries);
      expect(queries.length).toBeGreaterThanOrEqual(5);
      for (const q of queries) expect(q).not.toMatch(DEMO_NAMES);
      const placeholder = (await page.getByLabel('Search code').getAttribute('placeholder')) ?? '';
      expect(placeholder).toMatch(/^Search express — try “/);
      expect(placeholder).not.toMatch(DEMO_NAMES);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      for (const q of queries) {
        await page.getByLabel('Search code').fill('');
        await list.getByRole('button', { name: q, exact: true }).click();
        expect(await answered(page, q), q).toBeGreaterThan(0);
        expect(await overflow(page), `results of ${q}`).toBeLessThanOrEqual(0);
      }
    });

    it('after a reload, says "ready" only once semantic is live, and says when it changed the answer', async () => {
      if (viewport.name !== 'desktop') return;
      const query = 'how does the router match a path';
      // Every text the status line shows, from the first paint on.
      await page.addInitScript(() => {
        const w = window as unknown as { statusTexts: string[] };
        w.statusTexts = [];
        new MutationObserver(() => {
          const text = document.querySelector('.status-region')?.textContent ?? '';
          if (text && w.statusTexts.at(-1) !== text) w.statusTexts.push(text);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto(`${server.origin}/?q=${encodeURIComponent(query)}`);
      await expect
        .poll(async () => page.getByRole('status').innerText(), { timeout: 60_000, interval: 100 })
        .toMatch(/express is ready/);
      const texts = await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
      console.log('status after reload:', texts);
      const firstReady = texts.findIndex((t) => /express is ready/.test(t));
      // Before the model is up, the status says what answers and that semantic is coming.
      expect(texts.slice(0, firstReady).some((t) => /semantic joins when the embedding model has loaded/.test(t))).toBe(
        true,
      );
      await expect
        .poll(
          async () =>
            page
              .getByLabel('Answer updated')
              .innerText()
              .catch(() => ''),
          { timeout: 30_000 },
        )
        .toMatch(/Updated: semantic joined/);
    });

    it('is never wider than the viewport: results, an open file, ranking, settings', async () => {
      await page.getByLabel('Search code').fill('who calls res.render');
      await answered(page, 'who calls res.render');
      expect(await overflow(page), 'results').toBeLessThanOrEqual(0);
      const first = page.getByRole('list', { name: 'Results' }).getByRole('listitem').first();
      await first
        .getByRole('button', { name: /Explain/ })
        .first()
        .click()
        .catch(() => undefined);
      expect(await overflow(page), 'explain').toBeLessThanOrEqual(0);
      await first.focus();
      await page.keyboard.press('Enter');
      await page.getByLabel('Code view').waitFor({ timeout: 30_000 });
      expect(await overflow(page), 'file').toBeLessThanOrEqual(0);
      await page.goBack();
      await answered(page, 'who calls res.render');
      await page
        .getByRole('button', { name: /How ranking works/ })
        .first()
        .click();
      await page.locator('.ranking-page, [aria-label="How ranking works"]').first().waitFor({ timeout: 30_000 });
      expect(await overflow(page), 'ranking').toBeLessThanOrEqual(0);
      await page
        .getByRole('button', { name: /Settings/ })
        .first()
        .click();
      await page
        .getByRole('heading', { name: /Settings/ })
        .first()
        .waitFor({ timeout: 30_000 });
      expect(await overflow(page), 'settings').toBeLessThanOrEqual(0);
    });
  });
}
