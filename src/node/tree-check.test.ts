import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINGERPRINT_RACE_MS } from './disk-cache';
import { parsedTree, TreeRecorder, treeUnchanged, type StoredTree } from './tree-check';
import { walkRepository } from './walk';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'fourfold-tree-check-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const HOUR_AGO = new Date(Date.now() - 3600_000);

/** A small repository whose files and folders were last changed an hour ago. */
function settledRepo(name: string): string {
  const root = join(work, name);
  mkdirSync(join(root, 'src', 'deep'), { recursive: true });
  writeFileSync(join(root, 'src', 'a.js'), 'export const a = 1;\n');
  writeFileSync(join(root, 'src', 'deep', 'b.js'), 'export const b = 2;\n');
  writeFileSync(join(root, 'src', 'skipped.log'), 'noise\n');
  // Ignores itself: still recorded, since its rules decide what the walk yields.
  writeFileSync(join(root, '.gitignore'), '*.log\n.gitignore\n');
  backdate(root);
  return root;
}

/** Files first, then folders deepest first: setting a child's time does not touch its folder's. */
function backdate(root: string): void {
  const entries = readdirSync(root, { withFileTypes: true, recursive: true });
  for (const e of entries) if (e.isFile()) utimesSync(join(e.parentPath, e.name), HOUR_AGO, HOUR_AGO);
  const folders = entries.filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name));
  for (const f of folders.sort((a, b) => b.length - a.length)) utimesSync(f, HOUR_AGO, HOUR_AGO);
  utimesSync(root, HOUR_AGO, HOUR_AGO);
}

async function record(root: string): Promise<StoredTree | null> {
  const recorder = new TreeRecorder();
  const hooks = {
    onFile: (path: string, size?: number, mtimeMs?: number, viaLink?: boolean) =>
      recorder.file(path, size, mtimeMs, viaLink),
    onDirectory: (path: string, mtimeMs?: number) => recorder.directory(path, mtimeMs),
    onIgnoreFile: (path: string, size?: number, mtimeMs?: number) => recorder.file(path, size, mtimeMs),
  };
  for await (const entry of walkRepository(root, hooks))
    if ('skip' in entry) recorder.skip({ path: entry.path, reason: entry.skip, detail: entry.note ?? '' });
  return recorder.stored();
}

const unchanged = (root: string, tree: StoredTree) => treeUnchanged(root, tree, FINGERPRINT_RACE_MS);

describe('the recorded tree', () => {
  it('records every folder, every file the walk yields and a self-ignoring .gitignore, and finds them unchanged', async () => {
    const root = settledRepo('same');
    const tree = (await record(root))!;
    expect(tree.dirs.sort()).toEqual(['', 'src', 'src/deep']);
    expect(tree.files.sort()).toEqual(['.gitignore', 'src/a.js', 'src/deep/b.js']);
    expect(tree.skips.map((s) => s.path)).toEqual(expect.arrayContaining(['src/skipped.log']));
    expect(unchanged(root, tree)).toBe(true);
    // Through the manifest's JSON and back.
    expect(unchanged(root, parsedTree(JSON.parse(JSON.stringify(tree)))!)).toBe(true);
  });

  it.each([
    [
      'a file rewritten in place (its folder keeps its time)',
      (root: string) => writeFileSync(join(root, 'src', 'a.js'), 'x'),
    ],
    [
      'a file of the same size with a new time',
      (root: string) => utimesSync(join(root, 'src', 'deep', 'b.js'), new Date(), new Date()),
    ],
    ['a file added deep down', (root: string) => writeFileSync(join(root, 'src', 'deep', 'c.js'), 'new\n')],
    ['a file removed', (root: string) => rmSync(join(root, 'src', 'a.js'))],
    ['an ignored file added', (root: string) => writeFileSync(join(root, 'src', 'more.log'), 'x')],
    ['the self-ignoring .gitignore edited', (root: string) => writeFileSync(join(root, '.gitignore'), '*.log\n')],
    [
      'a file swapped for a folder',
      (root: string) => {
        rmSync(join(root, 'src', 'a.js'));
        mkdirSync(join(root, 'src', 'a.js'));
      },
    ],
  ])('sees %s', async (what, change) => {
    const root = settledRepo(`changed-${what.replace(/\W+/g, '-')}`);
    const tree = (await record(root))!;
    change(root);
    expect(unchanged(root, tree)).toBe(false);
  });

  it('does not vouch for a tree changed as late as it was recorded, nor for one with a link', async () => {
    const fresh = settledRepo('fresh');
    writeFileSync(join(fresh, 'src', 'a.js'), 'export const a = 2;\n');
    expect(unchanged(fresh, (await record(fresh))!)).toBe(false);

    const linked = settledRepo('linked');
    symlinkSync('a.js', join(linked, 'src', 'alias.js'));
    expect(await record(linked)).toBeNull();
  });

  it('reads as none a manifest tree that lacks a column', () => {
    expect(parsedTree({ dirs: [], files: [], sizes: [], mtimes: [], skips: [], newestMtimeMs: 0 })).toBeNull();
    expect(parsedTree(null)).toBeNull();
  });
});
