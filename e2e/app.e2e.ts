/**
 * The built app in Chromium, end to end: bring the preact sources in through the folder
 * input, search them once per intent and check the explanation's numbers, reload and search
 * without re-indexing, cancel an indexing run half-way, clone from a loopback git server,
 * survive a URL that is not a repository, and delete a repository.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  FIXTURES,
  launchBrowser,
  serveDirectory,
  type BrowserSession,
  type StaticServer,
  waitForAnswer,
} from './harness';
import { makeBareRepository, startGitServer, type GitServer } from './git-server';

const PREACT = join(FIXTURES, 'preact');
const READY_TIMEOUT = 120_000;

let server: StaticServer;
let gitServer: GitServer;
let session: BrowserSession;
let page: Page;
let workDir: string;
/** The preact sources plus what intake must skip: an ignored build folder, a binary, an oversized file. */
let preactFolder: string;
/** Eight copies of the preact sources: big enough to cancel half-way. */
let largeFolder: string;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'fourfold-e2e-'));
  preactFolder = join(workDir, 'preact');
  cpSync(PREACT, preactFolder, { recursive: true });
  writeFileSync(join(preactFolder, '.gitignore'), 'build/\n*.log\n');
  mkdirSync(join(preactFolder, 'build'));
  writeFileSync(join(preactFolder, 'build', 'preact.js'), 'export function diffChildren() {}\n');
  writeFileSync(join(preactFolder, 'debug.log'), 'diffChildren failed\n');
  writeFileSync(
    join(preactFolder, 'logo.png'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  );
  writeFileSync(join(preactFolder, 'huge.js'), `// generated\n${'x'.repeat(3 * 1024 * 1024)}\n`);

  largeFolder = join(workDir, 'preact-large');
  for (let i = 0; i < 8; i++) cpSync(PREACT, join(largeFolder, `copy${i}`), { recursive: true });

  server = await serveDirectory();
  gitServer = await startGitServer(makeBareRepository(PREACT, 'preact-remote'));
  session = await launchBrowser();
  page = session.page;
  page.on('dialog', (dialog) => void dialog.accept());
});

afterAll(async () => {
  await session?.close();
  await server?.close();
  await gitServer?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const status = () => page.getByRole('status');
const searchBox = () => page.getByLabel('Search code');
const results = () => page.getByRole('list', { name: 'Results' });
const repositoryList = () => page.getByRole('list', { name: 'Repositories' });

async function waitForReady(name: string): Promise<string> {
  await expect
    .poll(async () => status().innerText(), { timeout: READY_TIMEOUT, interval: 250 })
    .toMatch(new RegExp(`${name} is ready`));
  // Ready answers before the worker has deflated the build's records: the list's stored sizes
  // change once it has, and it says so while they may.
  await expect
    .poll(async () => page.locator('ul[aria-label="Repositories"][aria-busy="true"]').count(), {
      timeout: READY_TIMEOUT,
      interval: 250,
    })
    .toBe(0);
  return status().innerText();
}

async function search(query: string): Promise<Locator> {
  if ((await searchBox().inputValue()) !== query) await searchBox().fill(query);
  // Wait for the answer to exactly this query (the previous one stays, dimmed, until then).
  await waitForAnswer(page, query, 30_000);
  await results().getByRole('listitem').first().waitFor({ timeout: 20_000 });
  return results().getByRole('listitem');
}

async function intentShown(): Promise<string> {
  return page.getByLabel('Query intent').innerText();
}

/** Reads the open Explain panel of a result into numbers, exactly as displayed. */
async function readExplanation(item: Locator) {
  const panel = item.getByLabel('Explanation');
  const rows = await panel.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      modality: tr.getAttribute('data-modality')!,
      rank: tr.querySelector('[data-field=rank]')!.textContent!,
      weight: tr.querySelector('[data-field=weight]')!.textContent!,
      k: tr.querySelector('[data-field=k]')!.textContent!,
      contribution: tr.querySelector('[data-field=contribution]')!.textContent!,
    })),
  );
  const field = async (name: string) => (await panel.locator(`[data-field=${name}]`).innerText()).trim();
  /** A factor row shown only when it applies ("× 1.234 (…)"); 1 when absent. */
  const factor = async (name: string) => {
    const row = panel.locator(`[data-field=${name}]`);
    return (await row.count()) === 0 ? 1 : Number(/× ([\d.]+)/.exec(await row.innerText())![1]);
  };
  return {
    rows,
    rrf: Number(await field('rrf')),
    centrality: Number(await field('centrality')),
    boost: Number((await field('boost')).replace('×', '').trim()),
    demotion: await field('demotion'),
    sibling: await factor('sibling'),
    form: await factor('form'),
    member: await factor('member'),
    fileWords: await factor('file-words'),
    score: Number(await field('score')),
  };
}

// Indexing with the local embedding model takes ~20 s for preact on two shared cores.
describe('Fourfold in Chromium', { timeout: 180_000 }, () => {
  it('indexes a chosen folder, respecting .gitignore and skipping binary and oversized files', async () => {
    await page.goto(server.origin);
    // A first visit opens the demo that ships with the app.
    await expect.poll(async () => status().innerText(), { timeout: 90_000 }).toMatch(/svelte \(demo\) is ready/);
    // The page must stay responsive while the workers index: record the longest frame gap.
    await page.evaluate(() => {
      const w = window as unknown as { maxFrameGap: number };
      w.maxFrameGap = 0;
      let last = performance.now();
      const tick = (now: number) => {
        w.maxFrameGap = Math.max(w.maxFrameGap, now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.getByLabel('Choose folder').setInputFiles(preactFolder);
    // While the workers index, the page keeps answering: typing shows the intent at once.
    await page.getByLabel('Search code').fill('who calls diffChildren');
    await expect
      .poll(() => page.getByLabel('Query intent').innerText(), { timeout: 10_000 })
      .toContain('find references');
    const text = await waitForReady('preact');
    // How long the page went without a frame is a benchmark figure, not a pass/fail bar here.
    const maxFrameGap = await page.evaluate(() => (window as unknown as { maxFrameGap: number }).maxFrameGap);
    console.log(`longest frame gap while indexing: ${Math.round(maxFrameGap)} ms`);
    // 54 fixture files + .gitignore; build/ and *.log ignored; logo.png binary; huge.js oversized.
    expect(text).toMatch(/55 files/);
    expect(text).toMatch(/2 skipped \(binary or too large\)/);
    expect(text).toMatch(/2 ignored/);
    await expect.poll(async () => repositoryList().innerText()).toMatch(/preact\s+55 files/);
    expect(session.errors).toEqual([]);
  });

  const INTENT_CASES = [
    {
      query: 'function diffChildren',
      intent: 'find definition',
      top: /^src\/diff\/children\.js/,
      symbol: /diffChildren/,
    },
    { query: 'who calls diffChildren', intent: 'find references', top: /^src\/diff\/index\.js/ },
    { query: 'what depends on options', intent: 'impact analysis', top: /options|index\.d\.ts|internal\.d\.ts/i },
    { query: '"Hook can only be invoked from render methods"', intent: 'exact match', top: /^debug\/src\/debug\.js/ },
    { query: 'how are state updates batched and rerendered', intent: 'understand code', top: /\.js/ },
    { query: 'code similar to enqueueRender', intent: 'find similar', top: /\.js/ },
  ];

  for (const c of INTENT_CASES) {
    it(`answers "${c.query}" as ${c.intent}, with numbers that add up`, async () => {
      const items = await search(c.query);
      expect(await intentShown()).toContain(c.intent);
      const first = items.first();
      const path = await first.locator('.path').innerText();
      expect(path).toMatch(c.top);
      if (c.symbol) expect(await first.locator('.symbol').innerText()).toMatch(c.symbol);

      await first.getByRole('button', { name: 'Explain', exact: true }).click();
      const e = await readExplanation(first);
      const present = e.rows.filter((r) => r.rank !== 'absent');
      expect(present.length).toBeGreaterThan(0);
      let sum = 0;
      for (const row of present) {
        const rank = Number(row.rank);
        const weight = Number(row.weight);
        const k = Number(row.k);
        const contribution = Number(row.contribution);
        expect(Number.isInteger(rank) && rank >= 0).toBe(true);
        // contribution = weight × 1 / (k + rank + 1), shown to 4 decimals
        expect(contribution).toBeCloseTo(weight / (k + rank + 1), 4);
        sum += contribution;
      }
      expect(e.rrf).toBeCloseTo(sum, 3);
      expect(e.boost).toBeGreaterThanOrEqual(1);
      expect(e.boost).toBeLessThanOrEqual(1.5);
      const demotion = e.demotion === 'none' ? 1 : Number(/× ([\d.]+)/.exec(e.demotion)![1]);
      expect(e.score).toBeCloseTo(e.rrf * e.boost * demotion * e.sibling * e.form * e.member * e.fileWords, 3);
      // The final score shown in the list is the explanation's.
      expect(Number(await first.locator('.score').innerText())).toBe(e.score);
    });
  }

  it('understands the query syntax: chips for what it understood, the URL keeps it, errors next to the box, ? opens help', async () => {
    const query = '/create[A-Z]Node/ path:/src -path:diff lang:js';
    const items = await search(query);
    const chips = page.getByLabel('Understood query');
    await expect.poll(() => chips.innerText()).toMatch(/regex\s+\/create\[A-Z\]Node\//);
    const chipText = await chips.innerText();
    expect(chipText).toMatch(/path\s+\/src/);
    expect(chipText).toMatch(/not path\s+diff/);
    expect(chipText).toMatch(/lang\s+javascript/);
    expect(await intentShown()).toMatch(/exact match[\s\S]*query-syntax/);
    const paths = await items.locator('.path').allInnerTexts();
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).toMatch(/^src\/(?!diff\/)/);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query);

    // A bad pattern: the reason beside the box, and no list.
    await searchBox().fill('/render(');
    await expect.poll(() => page.getByLabel('Query error').innerText()).toMatch(/\/render\( has no closing \//);
    await searchBox().fill('render lang:rust');
    await expect
      .poll(
        () =>
          page
            .getByLabel('Query error')
            .innerText({ timeout: 1000 })
            .catch(() => ''),
        { timeout: 30_000 },
      )
      .toMatch(/No file of this repository \(\d+ files\) matches lang:rust\./);
    expect(await results().count()).toBe(0);

    // "?" alone opens the syntax help; so does the button.
    await searchBox().fill('?');
    await expect
      .poll(() => page.getByLabel('Query syntax', { exact: true }).innerText())
      .toMatch(/\/regex\/[\s\S]*path:src/);
    await searchBox().fill('');
    await expect.poll(() => page.getByLabel('Query syntax', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Query syntax help' }).click();
    await expect.poll(() => page.getByLabel('Query syntax', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Query syntax help' }).click();
  });

  it('explains the query: intent, rule, strategy, k and the weight of each modality', async () => {
    await search('who calls diffChildren');
    await page.getByRole('button', { name: 'Explain query' }).click();
    const panel = page.getByLabel('Query explanation');
    const text = await panel.innerText();
    expect(text).toMatch(/find references/);
    expect(text).toMatch(/references-phrase/);
    expect(text).toMatch(/graph\s+0\.5/);
    expect(text).toMatch(/default/);
  });

  it('is driven by the keyboard, and keeps the search in the URL', async () => {
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Search code');
    await page.keyboard.type('function render');
    await search('function render');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.querySelector('.rank')?.textContent)).toBe('2');
    await page.keyboard.press('Enter');
    // Enter opens the result in the code view, at its first line.
    await page.getByLabel('Code view').waitFor();
    await expect.poll(() => page.url()).toMatch(/page=file&path=.*#L\d+/);
    await page.getByRole('button', { name: '← Results' }).click();
    await page.locator('fieldset.segmented label', { hasText: 'thorough' }).click();
    await expect.poll(() => page.url()).toMatch(/q=function\+render/);
    expect(page.url()).toMatch(/preset=thorough/);
    expect(page.url()).toMatch(/repo=folder%3Apreact/);
  });

  it('answers after a reload from the stored index, without re-indexing', async () => {
    const url = `${server.origin}/?q=${encodeURIComponent('function diffChildren')}`;
    server.requests.length = 0;
    // Whether any answer shown after the reload went without a modality (its data-not-ready names them).
    await page.addInitScript(() => {
      const seen = window as unknown as { __answeredWithout: boolean };
      seen.__answeredWithout = false;
      new MutationObserver(() => {
        if (document.querySelector('section.answer:not([data-not-ready=""])')) seen.__answeredWithout = true;
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });
    await page.goto(url);
    const items = await search('function diffChildren');
    expect(await items.first().locator('.path').innerText()).toMatch(/^src\/diff\/children\.js/);
    // "Ready" only once semantic is live too: until the model has loaded the status says what answers.
    await expect
      .poll(async () => status().innerText(), { timeout: 60_000, interval: 250 })
      .toMatch(/preact is ready: .*loaded from this browser, no re-indexing/);
    // The address's question is asked once; again only if its answer went without semantic (the
    // model settling is no reason to ask again for an answer that already had every modality).
    await expect
      .poll(async () => page.locator('section.answer').getAttribute('data-not-ready'), { timeout: 30_000 })
      .toBe('');
    // The render that said "ready" has run its effects (a frame, then their timers) before counting.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    const { sent, without } = await page.evaluate(() => ({
      sent: performance.getEntriesByName('fourfold:search-sent').length,
      without: (window as unknown as { __answeredWithout: boolean }).__answeredWithout,
    }));
    expect(sent).toBe(without ? 2 : 1);
    // No grammar was fetched: nothing was parsed again.
    expect(server.requests.filter((p) => p.includes('tree-sitter-'))).toEqual([]);
  });

  it('cancels an indexing run half-way: the app stays usable, nothing half-built is searchable', async () => {
    await page.getByLabel('Choose folder').setInputFiles(largeFolder);
    await expect
      .poll(async () => status().innerText(), { timeout: 60_000, interval: 100 })
      .toMatch(/Files parsed\s+[1-9]/);
    // While it indexes, the box says plainly which repository it searches — the new one, with what is ready.
    const which = page.getByRole('note', { name: 'Which repository is searched' });
    expect(await which.innerText()).toMatch(
      /Indexing preact-large: the box already searches it with text( over the [\d,]+ of its [\d,]+ files read so far \(the rest join as they are read\))?(, structural)?(, graph)?;/,
    );
    const during = await search('function diffChildren');
    expect(await during.first().locator('.path').innerText()).toMatch(/^copy\d\/src\/diff\/children\.js/);
    expect(await status().innerText()).toMatch(/Indexing preact-large/);
    // Every state the main area takes from the cancel on is seen (an observer runs after each
    // DOM change, before the next paint): none of them may ask for a folder, not even briefly
    // while the repository open before comes back.
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const seen = window as unknown as { __askedForFolder: boolean };
      seen.__askedForFolder = false;
      new MutationObserver(() => {
        if (/Drop a folder/.test(main.textContent ?? '')) seen.__askedForFolder = true;
      }).observe(main, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => status().innerText(), { timeout: 20_000 }).toMatch(/cancelled/);
    const entry = repositoryList().getByRole('listitem').filter({ hasText: 'preact-large' });
    await expect.poll(async () => entry.innerText(), { timeout: 20_000 }).toMatch(/cancelled — not searchable/);
    expect(await entry.locator('button.repo-select').isDisabled()).toBe(true);
    // Sidebar and main area agree: nothing says "indexing…", and the main area does not ask for a folder.
    expect(await repositoryList().innerText()).not.toMatch(/indexing…/);
    // (polled: the reopened repository's status may arrive a moment after the cancel's)
    await expect.poll(async () => page.locator('main').innerText(), { timeout: 20_000 }).not.toMatch(/Drop a folder/);
    // A cancelled entry can be resumed (the folder is chosen again) or removed.
    expect(await entry.getByRole('button', { name: 'Resume preact-large' }).isEnabled()).toBe(true);
    expect(await entry.getByRole('button', { name: 'Delete preact-large' }).isEnabled()).toBe(true);
    // Nothing of the cancelled build answers: the repository that was open before answers again.
    await expect
      .poll(async () => page.locator('.header-repo').innerText(), { timeout: 20_000 })
      .toMatch(/searching\s+preact\b(?!-)/);
    const items = await search('function diffChildren');
    expect(await items.first().locator('.path').innerText()).toMatch(/^src\/diff\/children\.js/);
    expect(await page.evaluate(() => (window as unknown as { __askedForFolder: boolean }).__askedForFolder)).toBe(
      false,
    );
    // And after a reload the cancelled one is still not presented as complete.
    await page.reload();
    await expect.poll(async () => entry.innerText(), { timeout: 20_000 }).toMatch(/not searchable/);
  });

  // Eight copies of preact are indexed in full: on a loaded machine that takes minutes.
  it(
    'resumes the cancelled run: the sidebar and the main area follow it to the end',
    { timeout: 600_000 },
    async () => {
      const entry = repositoryList().getByRole('listitem').filter({ hasText: 'preact-large' });
      await entry.getByRole('button', { name: 'Resume preact-large' }).click();
      // The folder is chosen again (Chromium's directory picker cannot be driven; the input can).
      await page.getByLabel('Choose folder').setInputFiles(largeFolder);
      await expect.poll(async () => status().innerText(), { timeout: 60_000 }).toMatch(/Indexing preact-large/);
      expect(await entry.innerText()).not.toMatch(/cancelled/);
      await expect
        .poll(async () => status().innerText(), { timeout: 540_000, interval: 500 })
        .toMatch(/preact-large is ready/);
      // Both sides say the same: the entry is searchable and selected, the header searches it.
      await expect.poll(async () => entry.innerText(), { timeout: 20_000 }).toMatch(/preact-large\s+\d+ files/);
      expect(await entry.locator('button.repo-select').isDisabled()).toBe(false);
      expect(await entry.locator('button.repo-select').getAttribute('aria-current')).toBe('true');
      expect(await repositoryList().innerText()).not.toMatch(/indexing…|not searchable/);
      expect(await page.locator('.header-repo').innerText()).toMatch(/searching\s+preact-large/);
      // (polled: the reopened repository's status may arrive a moment after the cancel's)
      await expect.poll(async () => page.locator('main').innerText(), { timeout: 20_000 }).not.toMatch(/Drop a folder/);
      const items = await search('function diffChildren');
      expect(await items.first().locator('.path').innerText()).toMatch(/^copy\d\/src\/diff\/children\.js/);
    },
  );

  it('clones from a git server and searches the clone', async () => {
    await page.getByLabel('Repository URL').fill(`${gitServer.origin}/preact-remote.git`);
    await page.getByRole('button', { name: 'Clone' }).click();
    await waitForReady('preact-remote');
    await expect.poll(async () => repositoryList().innerText()).toMatch(/preact-remote\s+54 files/);
    const items = await search('function diffChildren');
    expect(await items.first().locator('.path').innerText()).toMatch(/^src\/diff\/children\.js/);
  });

  it('says clearly when a URL is not a git repository, and keeps the existing indexes', async () => {
    const before = await repositoryList().innerText();
    await page.getByLabel('Repository URL').fill(`${gitServer.origin}/no-such-repository.git`);
    await page.getByRole('button', { name: 'Clone' }).click();
    await expect
      .poll(async () => status().innerText(), { timeout: 30_000 })
      .toMatch(/There is no git repository at .*no-such-repository\.git.*HTTP 404/);
    expect(await repositoryList().innerText()).toBe(before);
    const items = await search('function diffChildren');
    expect(await items.count()).toBeGreaterThan(0);
  });

  it('deletes a repository', async () => {
    await repositoryList().getByRole('button', { name: 'Delete preact-large' }).click();
    await repositoryList().getByRole('button', { name: 'Delete preact', exact: true }).click();
    await expect.poll(async () => repositoryList().innerText()).not.toMatch(/preact\s+55 files/);
    await page.reload();
    await expect.poll(async () => repositoryList().innerText(), { timeout: 20_000 }).toMatch(/preact-remote/);
    const names = await repositoryList().locator('.repo-name').allInnerTexts();
    expect(names).toEqual(['svelte (demo)', 'preact-remote']);
    expect(session.errors).toEqual([]);
  });

  it('deleting the open repository opens the next one: the sidebar and the main area agree', async () => {
    await expect
      .poll(async () => page.locator('.header-repo').innerText(), { timeout: 20_000 })
      .toMatch(/preact-remote/);
    await repositoryList().getByRole('button', { name: 'Delete preact-remote' }).click();
    await expect
      .poll(async () => repositoryList().locator('.repo-name').allInnerTexts(), { timeout: 20_000 })
      .toEqual(['svelte (demo)']);
    await expect
      .poll(async () => page.locator('.header-repo').innerText(), { timeout: 30_000 })
      .toMatch(/svelte \(demo\)/);
    const selected = repositoryList().locator('button.repo-select[aria-current="true"]');
    expect(await selected.locator('.repo-name').innerText()).toBe('svelte (demo)');
    expect(page.url()).not.toMatch(/preact-remote/);
    expect(await page.locator('section.answer[data-repository*="preact-remote"]').count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toMatch(/preact-remote/);
    expect(session.errors).toEqual([]);
  });
});
