/**
 * Searchable first, complete later, in Chromium through the built app, and the bad input
 * around it: a folder chosen twice, a second folder chosen mid-index, the tab
 * hidden mid-index, a file that changes between listing and reading.
 *
 * No timing: each stage is held at its door by the network. Parsing needs the tree-sitter
 * wasm files and semantic search needs the model, both fetched when first needed; the test
 * holds those requests (routes that wait for a gate, service worker off so every request
 * meets them) and opens the gates one at a time. What is asserted is what the user sees:
 * the header's live modalities, an answer while the status region still says "Indexing",
 * each result's "not ready", and the list updating when an index arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { FIXTURES, launchBrowser, serveDirectory, type BrowserSession, type StaticServer } from './harness';

let server: StaticServer;
let session: BrowserSession;
let page: Page;
let workDir: string;

/** A door the test opens: requests matching `pattern` wait until `open()`. */
interface Gate {
  open(): void;
  close(): void;
  /** Requests let through so far. */
  passed: number;
}

async function gate(pattern: RegExp): Promise<Gate> {
  let release: () => void = () => {};
  let opened = Promise.resolve();
  const g: Gate = {
    passed: 0,
    open: () => release(),
    close: () => {
      opened = new Promise<void>((resolve) => (release = resolve));
    },
  };
  g.close();
  await session.context.route(pattern, async (route) => {
    await opened;
    g.passed++;
    await route.continue().catch(() => {}); // the page may have gone meanwhile
  });
  return g;
}

let grammars: Gate;
let model: Gate;

/** `copies` copies of Preact's sources under one folder. */
function preactCopies(name: string, copies: number): string {
  const dir = join(workDir, name);
  for (let i = 0; i < copies; i++) cpSync(join(FIXTURES, 'preact'), join(dir, `copy${i}`), { recursive: true });
  return dir;
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'fourfold-staged-'));
  server = await serveDirectory();
  session = await launchBrowser({ serviceWorkers: 'block' });
  page = session.page;
  grammars = await gate(/tree-sitter[^/]*\.wasm$/);
  model = await gate(/\/models\//);
  await page.goto(server.origin);
  // The demo, answering; with the model held back it says what answers and that semantic joins later.
  await status()
    .filter({ hasText: /is ready|answers with text/ })
    .waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  grammars?.open();
  model?.open();
  await session?.close();
  await server?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const status = (p: Page = page) => p.getByRole('status');
const liveChip = (p: Page = page) => p.getByLabel('Live modalities');
const entry = (p: Page, name: string) =>
  p.getByRole('list', { name: 'Repositories' }).getByRole('listitem').filter({ hasText: name });
// The results themselves, not the sub-results listed inside them.
const results = (p: Page = page) => p.locator('ol[aria-label="Results"] > li');

/** The first result's Explain panel, opened if it is not. */
async function firstExplanation(p: Page = page): Promise<string> {
  const first = results(p).first();
  const button = first.getByRole('button', { name: 'Explain', exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return first.getByLabel('Explanation').innerText();
}

/** Everything the answer shows per result: path and the modalities that contributed (from the bar's titles). */
async function listed(p: Page = page): Promise<string[]> {
  return results(p).evaluateAll((items) =>
    items.map(
      (li) =>
        `${li.querySelector('.path')?.textContent} ${[...li.querySelectorAll('.contribution-bar span[title]')].map((s) => s.getAttribute('title')!.split(':')[0]).join('+')}`,
    ),
  );
}

describe('searchable while indexing', { timeout: 240_000 }, () => {
  it('answers while indexing, says what is not ready, and refreshes the answer in place as each index arrives', async () => {
    const folder = preactCopies('preact-staged', 4);
    await page.getByLabel('Choose folder').setInputFiles(folder);

    // Files read, nothing parsed (the grammars are held): text answers already.
    await expect
      .poll(() => liveChip().innerText(), { timeout: 60_000 })
      .toBe('text live, semantic 0 %, structural 0 %, graph 0 %');
    // Before a question, the main area invites one: it does not ask for a repository the box already searches.
    const empty = await page.locator('section.empty-state').innerText();
    expect(empty).toMatch(/Ask the way you would ask a colleague/);
    expect(empty).not.toMatch(/Drop a folder/);
    const box = page.getByLabel('Search code');
    await box.fill('how are children diffed');
    const answer = page.locator('section.answer[data-query="how are children diffed"]');
    await answer.waitFor({ timeout: 30_000 });
    expect(await status().innerText()).toMatch(/Indexing preact-staged/);
    expect(await results().count()).toBeGreaterThan(0);
    expect(await page.locator('.header-repo').innerText()).toMatch(/searching\s+preact-staged/);
    const textOnly = await firstExplanation();
    expect(textOnly).toMatch(/semantic\s+not ready/);
    expect(textOnly).toMatch(/structural\s+not ready/);
    expect(textOnly).toContain(
      'Not ready yet (still indexing): semantic, structural, graph. They contributed nothing to this score, and without the graph the centrality is 0 (boost × 1)',
    );
    const before = await listed();
    expect(before.every((line) => line.endsWith(' text'))).toBe(true);

    // The reader is on the first result when the definitions arrive: the focus stays there.
    await results().first().focus();
    const scrolled = await page.evaluate(() => document.scrollingElement!.scrollTop);
    grammars.open();
    await expect
      .poll(() => liveChip().innerText(), { timeout: 120_000 })
      .toBe('text · structural · graph live, semantic 0 %');
    await expect
      .poll(() => listed(), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/structural/)]));
    expect(await page.evaluate(() => document.activeElement?.matches('ol.results > li') ?? false)).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(scrolled);
    await expect
      .poll(() => firstExplanation(), { timeout: 30_000 })
      .toContain('Not ready yet (still indexing): semantic.');
    expect(await status().innerText()).toMatch(/Indexing preact-staged/);

    // The model arrives last: the build completes, and the list updates with semantic's share.
    await box.focus();
    model.open();
    await expect
      .poll(() => status().innerText(), { timeout: 180_000, interval: 250 })
      .toMatch(/preact-staged is ready/);
    await expect(liveChip().count()).resolves.toBe(0);
    await expect
      .poll(() => listed(), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/semantic/)]));
    // Typing was not interrupted: the box kept the focus through the refresh.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search code');
    const complete = await firstExplanation();
    expect(complete).not.toMatch(/not ready/i);
    await box.fill('');
  });

  it('a second folder chosen mid-index replaces the first: nothing of the first is searchable or mixed in', async () => {
    grammars.close();
    model.close();
    const first = preactCopies('first-folder', 2);
    const second = join(workDir, 'second-folder');
    cpSync(join(FIXTURES, 'preact', 'hooks'), second, { recursive: true });
    await page.getByLabel('Choose folder').setInputFiles(first);
    await expect.poll(() => liveChip().innerText(), { timeout: 60_000 }).toMatch(/^text live/);
    await page.getByLabel('Choose folder').setInputFiles(second);
    grammars.open();
    model.open();
    await expect
      .poll(() => status().innerText(), { timeout: 120_000, interval: 250 })
      .toMatch(/second-folder is ready: 3 files/);
    await expect
      .poll(
        async () =>
          await entry(page, 'first-folder')
            .innerText()
            .catch(() => ''),
        { timeout: 30_000 },
      )
      .toMatch(/cancelled/i);
    // The box searches the second folder alone: a name only the first one has is not there.
    await page.getByLabel('Search code').fill('"diffChildren"');
    await page.locator('section.answer[data-query="\\"diffChildren\\""]').waitFor({ timeout: 30_000 });
    expect(await results().count()).toBe(0);
    await page.getByLabel('Search code').fill('function useState');
    await page.locator('section.answer[data-query="function useState"]').waitFor({ timeout: 30_000 });
    expect(await results().first().locator('.path').innerText()).toMatch(/src\/index\.js$/);
    expect(session.errors.filter((e) => !/AbortError|cancel/i.test(e))).toEqual([]);
  });

  it('the same folder chosen twice in a row, the second time mid-index: one complete repository', async () => {
    grammars.close();
    model.open();
    const folder = preactCopies('chosen-twice', 2);
    await page.getByLabel('Choose folder').setInputFiles(folder);
    await expect.poll(() => liveChip().innerText(), { timeout: 60_000 }).toMatch(/^text live/);
    await page.getByLabel('Choose folder').setInputFiles(folder);
    grammars.open();
    await expect
      .poll(() => status().innerText(), { timeout: 120_000, interval: 250 })
      .toMatch(/chosen-twice is ready: 108 files/);
    await expect.poll(async () => entry(page, 'chosen-twice').count(), { timeout: 30_000 }).toBe(1);
    await page.getByLabel('Search code').fill('function diffChildren');
    await page.locator('section.answer[data-query="function diffChildren"]').waitFor({ timeout: 30_000 });
    expect(await results().first().locator('.path').innerText()).toMatch(/copy\d\/src\/diff\/children\.js$/);
  });

  it('a file that changes between listing and reading is left out whole, and the user is told', async () => {
    grammars.open();
    model.open();
    const folder = join(workDir, 'changing');
    cpSync(join(FIXTURES, 'preact', 'hooks'), folder, { recursive: true });
    // The browser lists the folder (File objects as of now); the app hears of it a moment later…
    await page.evaluate(() => {
      const hold = (event: Event) => {
        const input = event.target as HTMLInputElement;
        if (input.getAttribute?.('aria-label') !== 'Choose folder') return;
        event.stopImmediatePropagation();
        // Chromium takes a File's snapshot (size, modified time) the first time either is read, not when
        // the input is set: read them here, as an app listing the folder would, so the write below comes after.
        for (const file of Array.from(input.files ?? [])) void (file.size + file.lastModified);
        document.documentElement.dataset.listed = 'yes';
      };
      window.addEventListener('change', hold, { capture: true, once: true });
    });
    await page.getByLabel('Choose folder').setInputFiles(folder);
    await page.waitForFunction(() => document.documentElement.dataset.listed === 'yes', undefined, { timeout: 30_000 });
    // …and in that moment a file changes…
    writeFileSync(join(folder, 'src', 'index.d.ts'), 'export declare function changedAfterListing(): void;\n');
    // …so the File the browser listed is stale when the app reads it.
    await page.getByLabel('Choose folder').dispatchEvent('change', { bubbles: true });
    await expect
      .poll(() => status().innerText(), { timeout: 120_000, interval: 250 })
      .toMatch(/changing is ready: 2 files/);
    expect(await status().innerText()).toMatch(
      /1 file could not be read \(src\/index\.d\.ts\): changed, moved or removed after the folder was chosen\? It was left out; re-index to include it\./,
    );
    await page.getByLabel('Search code').fill('changedAfterListing');
    await page.locator('section.answer[data-query="changedAfterListing"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('section.answer').innerText()).toMatch(/No changedAfterListing in changing/);
  });

  it('a reload answers from the stored index before the model is up: a question asked before with semantic, a new one without (not ready), then refreshed with semantic', async () => {
    // chosen-twice was built with the model: its stored index has semantic vectors.
    grammars.open();
    model.open();
    const box = page.getByLabel('Search code');
    await box.fill('how are children diffed');
    await page.locator('section.answer[data-query="how are children diffed"]').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => listed(), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/semantic/)]));
    expect(new URL(page.url()).searchParams.get('q')).toBe('how are children diffed');

    // The reloaded page's model is held: the first answer cannot have waited for it.
    // The bundled model runs without transformers.js, which kept its files in Cache Storage: no
    // copy of them is kept but the service worker's (blocked here), so the reload must fetch them.
    model.close();
    expect(await page.evaluate(() => caches.has('transformers-cache'))).toBe(false);
    const held = model.passed;
    await page.reload();
    await page.locator('section.answer[data-query="how are children diffed"]').waitFor({ timeout: 60_000 });
    expect(await results().count()).toBeGreaterThan(0);
    expect(model.passed).toBe(held);
    // The question in the address was embedded before the reload: its vector was kept, so its
    // answer has semantic although the model is not up.
    await expect
      .poll(() => listed(), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/semantic/)]));
    expect(await firstExplanation()).not.toMatch(/not ready/i);
    expect(model.passed).toBe(held);

    // A question never embedded waits for the model: answered without semantic, marked not ready.
    await box.fill('how are hooks scheduled');
    await page.locator('section.answer[data-query="how are hooks scheduled"]').waitFor({ timeout: 60_000 });
    const early = await listed();
    expect(early.some((line) => /semantic/.test(line))).toBe(false);
    const explanation = await firstExplanation();
    expect(explanation).toMatch(/semantic\s+not ready/);
    expect(explanation).toContain('Not ready yet (the embedding model is still loading): semantic.');

    // The model arrives: the answer on screen is asked again, semantic joins it, and the page says so.
    model.open();
    await expect
      .poll(() => listed(), { timeout: 120_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/semantic/)]));
    await expect.poll(() => firstExplanation(), { timeout: 30_000 }).not.toMatch(/not ready/i);
    await expect
      .poll(async () => page.getByLabel('Answer updated').textContent(), { timeout: 30_000 })
      .toMatch(/Updated: semantic joined/);
    await box.fill('');
  });

  it('a tab hidden mid-index (frozen, as Chromium does to background tabs) finishes indexing and answers when it is back', async () => {
    // Last: a tab that was frozen does not take another folder from setInputFiles (measured).
    // Headless Chromium keeps every tab "visible" (bringToFront, minimising: measured, no
    // change), so the tab is frozen instead: the lifecycle state a hidden background tab is
    // put in, where its page runs no task at all.
    grammars.close();
    model.open();
    const folder = preactCopies('hidden-tab', 2);
    await page.getByLabel('Choose folder').setInputFiles(folder);
    await expect.poll(() => liveChip().innerText(), { timeout: 60_000 }).toMatch(/^text live/);
    const lifecycle = await session.context.newCDPSession(page);
    await lifecycle.send('Page.setWebLifecycleState', { state: 'frozen' });
    const passed = grammars.passed;
    grammars.open();
    // The parse workers fetch their grammars while the page is frozen.
    await expect.poll(() => grammars.passed, { timeout: 60_000 }).toBeGreaterThan(passed);
    await lifecycle.send('Page.setWebLifecycleState', { state: 'active' });
    await lifecycle.detach();
    await expect
      .poll(() => status().innerText(), { timeout: 120_000, interval: 500 })
      .toMatch(/hidden-tab is ready: 108 files/);
    await page.getByLabel('Search code').fill('who calls diffChildren');
    await page.locator('section.answer[data-query="who calls diffChildren"]').waitFor({ timeout: 30_000 });
    expect(await results().count()).toBeGreaterThan(0);
  });
});
