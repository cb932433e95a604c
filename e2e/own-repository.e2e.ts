/**
 * In Chromium: the app on a repository of one's own (express), desktop and phone.
 * The suggested questions name only that repository's code and each one answers; filters that
 * excluded every match say so; no page is wider than a 360, 390 or 414 px phone, code scrolls in
 * its box, names are not cut and Settings' radio labels read as one block.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  FIXTURES,
  launchBrowser,
  serveDirectory,
  type BrowserSession,
  type StaticServer,
  waitForAnswer,
} from './harness';

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
  await waitForAnswer(page, query, 60_000);
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

    it('after a reload, says "ready" only once semantic is live', async () => {
      if (viewport.name !== 'desktop') return;
      const query = 'how does the router match a path';
      // Every text the status line shows, from the first paint on, with what the answer on screen
      // then went without (its data-not-ready; null while no answer is on screen). Recorded in
      // the same observer callback, so a status and an answer of one render are read together.
      await page.addInitScript(() => {
        const w = window as unknown as { statusTexts: { text: string; notReady: string | null }[] };
        w.statusTexts = [];
        new MutationObserver(() => {
          const text = document.querySelector('.status-region')?.textContent ?? '';
          const notReady = document.querySelector('section.answer')?.getAttribute('data-not-ready') ?? null;
          const last = w.statusTexts.at(-1);
          if (text && (last?.text !== text || last?.notReady !== notReady)) w.statusTexts.push({ text, notReady });
        }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      await page.goto(`${server.origin}/?q=${encodeURIComponent(query)}`);
      await expect
        .poll(async () => page.getByRole('status').innerText(), { timeout: 120_000, interval: 100 })
        .toMatch(/express is ready/)
        .catch(async (error: unknown) => {
          console.log(
            'status before the timeout:',
            await page.evaluate(() => (window as unknown as { statusTexts: unknown }).statusTexts),
          );
          throw error;
        });
      const seen = await page.evaluate(
        () => (window as unknown as { statusTexts: { text: string; notReady: string | null }[] }).statusTexts,
      );
      console.log('status after reload:', seen);
      const firstReady = seen.findIndex((s) => /express is ready/.test(s.text));
      // The static model starts with the reload and may be up by the first answer; until it is,
      // whatever the status says of express names semantic as still coming, never "ready".
      for (const s of seen.slice(0, firstReady).filter((s) => /express/.test(s.text)))
        expect(s.text).toMatch(/semantic joins when the embedding model has loaded/);
      // "Ready" waits for the answer asked again once the model is up: the answer on screen when
      // it first says so is not the one that went without semantic.
      expect(seen[firstReady].notReady ?? '').not.toMatch(/semantic/);
      // Once "ready", the answer on screen has semantic in it: read once, not waited for.
      await page
        .getByRole('button', { name: /Explain/ })
        .first()
        .click();
      const explained = await page.locator('section.answer').innerText();
      expect(explained).toMatch(/semantic/);
      expect(explained).not.toMatch(/not ready/i);
    });

    it('says when the filters excluded every match, with the count', async () => {
      if (viewport.name !== 'desktop') return;
      const query = '"x-powered-by" -path:lib/application.js';
      await page.getByLabel('Search code').fill(query);
      await expect
        .poll(async () =>
          page
            .locator('section.answer')
            .getAttribute('data-query', { timeout: 1000 })
            .catch(() => null),
        )
        .toBe(query);
      // The phrase in any case, as the text modality matches it: every such line of the one file that holds it.
      const lines = readFileSync(join(express, 'lib/application.js'), 'utf8')
        .split('\n')
        .filter((l) => l.toLowerCase().includes('x-powered-by')).length;
      const note = await page.locator('.no-results').innerText();
      expect(note).toBe(
        `Nothing matched within the filters: ${lines} matching lines in 1 file, all in files excluded by -path:lib/application.js.`,
      );
      // No section header over nothing anywhere in the answer.
      const headers = await page.locator('section.answer .loose-label').count();
      expect(headers).toBe(0);
    });

    // The phone session is checked at 360, 390 and 414 px wide; the desktop one at its own size.
    it('is never wider than the viewport: results, an open file, ranking, settings', async () => {
      const widths = viewport.name === 'phone' ? [360, 390, 414] : [viewport.width];
      for (const width of widths) {
        await page.setViewportSize({ width, height: viewport.height });
        await pagesFit(page, `${viewport.name} ${width}px`, viewport.name === 'phone');
      }
    });
  });
}

/** Every page at the current size: no page overflow, code scrolls in its box, names shown whole, radio labels one block. */
async function pagesFit(page: Page, at: string, phone: boolean): Promise<void> {
  await page.getByLabel('Search code').fill('who calls res.render');
  await answered(page, 'who calls res.render');
  expect(await overflow(page), `results at ${at}`).toBeLessThanOrEqual(0);
  if (phone) {
    // Names wrap on a phone: none is cut (its box is as wide as its text).
    const cut = await page
      .locator('.result .symbol')
      .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cut, `symbols cut at ${at}`).toEqual([]);
    // Nor broken inside a word ("initializ / e") when the whole name fits on a line of its box.
    const broken = await page.locator('.result .symbol').evaluateAll((els) =>
      els
        .filter((e) => {
          const name = e.lastChild;
          if (!name || name.nodeType !== Node.TEXT_NODE || /\s/.test(name.textContent ?? '')) return false;
          const range = document.createRange();
          range.selectNodeContents(name);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          const wrap = (e as HTMLElement).style.whiteSpace;
          (e as HTMLElement).style.whiteSpace = 'nowrap';
          const whole = range.getBoundingClientRect().width;
          (e as HTMLElement).style.whiteSpace = wrap;
          return lines > 1 && whole <= (e.parentElement?.clientWidth ?? 0);
        })
        .map((e) => e.textContent),
    );
    expect(broken, `symbols broken inside a word at ${at}`).toEqual([]);
  }
  const first = page.getByRole('list', { name: 'Results' }).getByRole('listitem').first();
  await first
    .getByRole('button', { name: /Explain/ })
    .first()
    .click()
    .catch(() => undefined);
  expect(await overflow(page), `explain at ${at}`).toBeLessThanOrEqual(0);
  await first.focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Code view').waitFor({ timeout: 30_000 });
  expect(await overflow(page), `file at ${at}`).toBeLessThanOrEqual(0);
  // The code scrolls sideways inside its own box.
  const codeBox = await page
    .locator('.code-scroll')
    .first()
    .evaluate((e) => getComputedStyle(e).overflowX);
  expect(['auto', 'scroll'], `code box at ${at}`).toContain(codeBox);
  await page.goBack();
  await answered(page, 'who calls res.render');
  await page
    .getByRole('button', { name: /How ranking works/ })
    .first()
    .click();
  await page.locator('.ranking-page, [aria-label="How ranking works"]').first().waitFor({ timeout: 30_000 });
  expect(await overflow(page), `ranking at ${at}`).toBeLessThanOrEqual(0);
  await page
    .getByRole('button', { name: /Settings/ })
    .first()
    .click();
  await page
    .getByRole('heading', { name: /Settings/ })
    .first()
    .waitFor({ timeout: 30_000 });
  expect(await overflow(page), `settings at ${at}`).toBeLessThanOrEqual(0);
  // Each radio's words are one block beside its button: when they wrap, they use the width there is
  // (not a column of a few letters beside a second column).
  const radios = await page.locator('label.radio').evaluateAll((labels) =>
    labels.map((l) => {
      const words = l.querySelector(':scope > span')!;
      const box = words.getBoundingClientRect();
      const input = l.querySelector('input')!.getBoundingClientRect();
      const line = parseFloat(getComputedStyle(words).fontSize) * 1.6;
      return { width: box.width, available: l.getBoundingClientRect().right - input.right, wrapped: box.height > line };
    }),
  );
  expect(radios.length, `radio labels at ${at}`).toBe(2);
  for (const r of radios)
    if (r.wrapped) expect(r.width, `radio label words at ${at}`).toBeGreaterThan(r.available * 0.75);
  await page.goBack();
  await page.goBack();
}
