/**
 * In Chromium: grammars cost only the languages a repository holds (issue 21 item 5) and the
 * index summary says what each language got (item 4).
 * - A Ruby folder fetches the Ruby grammar and no other; the status lists its languages, a
 *   Markdown file as searched without a grammar.
 * - The first visit (the demo) fetches none of the ten grammars added since the first six, and its
 *   bytes are printed;
 *   with FOURFOLD_BASE_DIST set to another build's dist/, the same visit is measured there too, and
 *   this build may add less than the smallest grammar to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser, serveDirectory, type StaticServer } from './harness';

const READY_TIMEOUT = 180_000;
const DIST = resolve(import.meta.dirname, '../dist');
/** The grammars added by issue 21: never part of a first visit. */
const ADDED_LANGUAGES = ['bash', 'c', 'c_sharp', 'cpp', 'kotlin', 'lua', 'php', 'ruby', 'scala', 'swift'];
/** A grammar of a language (not web-tree-sitter's runtime): tree-sitter-ruby-<hash>.wasm → ruby. */
const GRAMMAR = /\/tree-sitter-([a-z_]+)-[\w-]+\.wasm$/;

let workDir: string;
let rubyFolder: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'fourfold-languages-'));
  rubyFolder = join(workDir, 'greeter');
  mkdirSync(join(rubyFolder, 'lib', 'greeter'), { recursive: true });
  writeFileSync(
    join(rubyFolder, 'lib', 'greeter.rb'),
    'require_relative \'greeter/formal\'\n\n# Says hello to someone by name.\nclass Greeter\n  def hello(name)\n    Formal.polite("hi #{name}")\n  end\nend\n',
  );
  writeFileSync(
    join(rubyFolder, 'lib', 'greeter', 'formal.rb'),
    '# Formal greetings.\nmodule Formal\n  def self.polite(text)\n    "Good day: #{text}"\n  end\nend\n',
  );
  writeFileSync(join(rubyFolder, 'README.md'), '# Greeter\n\nSays hello, formally when asked.\n');
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** What a first visit to a build fetches until the demo is ready (and a moment after): paths and bytes. */
async function firstVisit(
  root: string,
): Promise<{ bytes: number; requestBytes: number; grammars: string[]; server: StaticServer }> {
  const server = await serveDirectory(root);
  const session = await launchBrowser();
  try {
    await session.page.goto(server.origin);
    await expect
      .poll(async () => session.page.getByRole('status').innerText(), { timeout: READY_TIMEOUT, interval: 250 })
      .toMatch(/svelte \(demo\) is ready/);
    // The service worker's offline copy is fetched after the page is up; it is part of a first visit.
    await session.page.waitForTimeout(3000);
    const size = (p: string) => {
      try {
        return statSync(join(root, decodeURIComponent(p === '/' ? '/index.html' : p))).size;
      } catch {
        return 0;
      }
    };
    // Each file once: the page and the service worker may both fetch one, depending on which is first.
    const bytes = [...new Set(server.requests)].reduce((sum, p) => sum + size(p), 0);
    const requestBytes = server.requests.reduce((sum, p) => sum + size(p), 0);
    const grammars = server.requests.flatMap((p) => GRAMMAR.exec(p)?.[1] ?? []);
    return { bytes, requestBytes, grammars, server };
  } finally {
    await session.close();
    await server.close();
  }
}

describe('grammars for the languages a repository holds', { timeout: 600_000 }, () => {
  it('a Ruby folder fetches the Ruby grammar only, and the status lists its languages', async () => {
    const server = await serveDirectory();
    const session = await launchBrowser();
    const { page } = session;
    try {
      await page.goto(server.origin);
      await expect
        .poll(async () => page.getByRole('status').innerText(), { timeout: READY_TIMEOUT, interval: 250 })
        .toMatch(/svelte \(demo\) is ready/);
      // The service worker's install fetches the base grammars for offline use; the demo may be
      // ready before it ends, so wait for it, or its requests would count as the folder's.
      await page.evaluate(() =>
        Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 60_000))]),
      );
      const before = server.requests.length;
      await page.getByLabel('Choose folder').setInputFiles(rubyFolder);
      await expect
        .poll(async () => page.getByRole('status').innerText(), { timeout: READY_TIMEOUT, interval: 250 })
        .toMatch(/greeter is ready/);
      const grammars = server.requests.slice(before).flatMap((p) => GRAMMAR.exec(p)?.[1] ?? []);
      console.log('grammar requests for the Ruby folder:', grammars);
      expect(grammars.length).toBeGreaterThan(0);
      expect(new Set(grammars)).toEqual(new Set(['ruby']));
      const languages = await page.getByRole('list', { name: 'Languages' }).innerText();
      expect(languages).toMatch(/ruby 2 files · text, structural, graph(, semantic)?/);
      expect(languages).toMatch(/markdown 1 file · text(, semantic)? \(no grammar: no definitions or graph\)/);
      const answer = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
      await page.getByLabel('Search code').fill('where is polite defined');
      await answer.first().waitFor({ timeout: 60_000 });
      expect(await answer.first().locator('.path').innerText()).toMatch(/lib\/greeter\/formal\.rb/);
    } finally {
      await session.close();
      await server.close();
    }
  });

  it('the first visit fetches none of the added grammars, and transfers no more than the base build', async () => {
    const ours = await firstVisit(DIST);
    console.log(
      `first visit: ${ours.bytes} bytes of distinct files, ${ours.requestBytes} bytes in ${ours.server.requests.length} requests (this build)`,
    );
    // The service worker keeps the first six languages' grammars for offline use, as before; the
    // ten added since are fetched (and cached) only when a repository holds their language.
    console.log('grammars of a first visit:', [...new Set(ours.grammars)].sort());
    for (const added of ADDED_LANGUAGES) expect(ours.grammars, added).not.toContain(added);
    const base = process.env.FOURFOLD_BASE_DIST;
    if (!base) return;
    const theirs = await firstVisit(resolve(base));
    console.log(
      `first visit: ${theirs.bytes} bytes of distinct files, ${theirs.requestBytes} bytes in ${theirs.server.requests.length} requests (${base})`,
    );
    // Feature code may add a little; a grammar may not be part of it: the difference stays below the smallest grammar.
    const smallestGrammar = Math.min(
      ...readdirSync(join(DIST, 'assets'))
        .filter((f) => GRAMMAR.test(`/${f}`))
        .map((f) => statSync(join(DIST, 'assets', f)).size),
    );
    console.log(`difference: ${ours.bytes - theirs.bytes} bytes; smallest grammar ${smallestGrammar} bytes`);
    expect(ours.bytes - theirs.bytes).toBeLessThan(smallestGrammar);
  });
});
