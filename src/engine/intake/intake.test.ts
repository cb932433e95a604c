import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashText } from './hash';
import { intakeFiles, normalizeRepoPath, RepositoryIntake, type IntakeEntry, type IntakeFile } from './intake';
import { untrackedByGit, writeTree } from '../../../test/support/repo-on-disk';

const utf8 = (s: string) => new TextEncoder().encode(s);
const scratch = mkdtempSync(join(tmpdir(), 'fourfold-intake-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Deterministic shuffle, so "any order" is really exercised. */
function shuffled<T>(items: T[], seed = 42): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe('normalizeRepoPath', () => {
  it('normalizes separators, keeps a backslash as part of a name, and refuses traversal', () => {
    expect(normalizeRepoPath('src\\lib\\a.ts')).toBe('src\\lib\\a.ts');
    expect(normalizeRepoPath('./src//a.ts')).toBe('src/a.ts');
    expect(normalizeRepoPath('/abs/a.ts')).toBe('abs/a.ts');
    expect(normalizeRepoPath('../etc/passwd')).toBeNull();
    expect(normalizeRepoPath('a/../../b')).toBeNull();
    expect(normalizeRepoPath('a/\0b')).toBeNull();
    expect(normalizeRepoPath('')).toBeNull();
  });
});

describe('intakeFiles', () => {
  it('handles a dropped folder in any order: strips the top folder, applies nested .gitignore files read late', async () => {
    const files: Record<string, string> = {
      'myrepo/.gitignore': 'dist/\n*.log\n',
      'myrepo/src/.gitignore': 'secret.ts\n!keep.log\n',
      'myrepo/src/a.ts': 'export const a = 1;\n',
      'myrepo/src/secret.ts': 'password',
      'myrepo/src/keep.log': 'kept by a negation',
      'myrepo/src/drop.log': 'dropped',
      'myrepo/dist/bundle.js': 'built',
      'myrepo/dist/.gitignore': '!bundle.js\n', // inside an ignored directory: not consulted
      'myrepo/node_modules/react/index.js': 'module.exports = {}',
      'myrepo/.git/HEAD': 'ref: refs/heads/main',
      'myrepo/README.md': '# hi\n',
    };
    const entries = shuffled(Object.entries(files)).map(([path, text]) => ({ path, bytes: utf8(text) }));
    const result = await intakeFiles(entries, { stripTopFolder: true });
    expect(result.topFolder).toBe('myrepo');
    expect(result.files.map((f) => f.path)).toEqual([
      '.gitignore',
      'README.md',
      'src/.gitignore',
      'src/a.ts',
      'src/keep.log',
    ]);
    expect(result.skipped).toEqual({ binary: 0, oversized: 0, ignored: 6, unsupported: 0, invalidUtf8: 0 });
    const reasons = Object.fromEntries(result.skippedFiles.map((s) => [s.path, s.detail]));
    expect(reasons['src/secret.ts']).toBe('ignored: src/.gitignore:1 (secret.ts)');
    expect(reasons['dist/bundle.js']).toBe('ignored: .gitignore:1 (dist/), via its directory');
    expect(reasons['node_modules/react/index.js']).toBe('ignored: defaults:1 (node_modules/), via its directory');
    expect(reasons['.git/HEAD']).toBe('ignored: version-control metadata');
    expect(new Set(result.skippedFiles.map((s) => s.reason))).toEqual(new Set(['ignored']));
    expect(result.fileLimit.hit).toBe(false);
  });

  it('reads lazy entries only when name, size and ignore rules let them through', async () => {
    const reads: string[] = [];
    const lazy = (path: string, text: string, size?: number): IntakeEntry => ({
      path,
      size: size ?? utf8(text).byteLength,
      read: async () => {
        reads.push(path);
        return utf8(text);
      },
    });
    const result = await intakeFiles([
      lazy('src/a.ts', 'a'),
      lazy('logo.png', 'x'),
      lazy('huge.json', 'x', 50 * 1024 * 1024),
      lazy('build/out.js', 'x'),
      lazy('.gitignore', 'build/\n'),
      {
        path: 'broken.ts',
        size: 3,
        read: () => Promise.reject(Object.assign(new Error('denied'), { code: 'EACCES' })),
      },
      { path: 'link', skip: 'symlink', note: 'to a directory' },
      { path: 'pipe', skip: 'unsupported', detail: 'a sentence the source wrote' },
    ]);
    expect(reads.sort()).toEqual(['.gitignore', 'src/a.ts']);
    expect(result.files.map((f) => f.path)).toEqual(['.gitignore', 'src/a.ts']);
    expect(result.skipped).toEqual({ binary: 1, oversized: 1, ignored: 1, unsupported: 3, invalidUtf8: 0 });
    const byPath = Object.fromEntries(result.skippedFiles.map((s) => [s.path, [s.reason, s.detail]]));
    expect(byPath['broken.ts']).toEqual(['unreadable', 'unreadable: EACCES']);
    expect(byPath['link']).toEqual(['symlink', 'symlink not followed: to a directory']);
    expect(byPath['pipe']).toEqual(['unsupported', 'a sentence the source wrote']);
    expect(byPath['logo.png']).toEqual(['binary', 'binary: file type .png']);
    expect(byPath['huge.json'][0]).toBe('oversized');
  });

  it('refuses path traversal, and a path already taken: the second file is counted by name, never merged', async () => {
    const result = await intakeFiles([
      { path: '../outside.ts', bytes: utf8('x') },
      { path: 'a/b.ts', bytes: utf8('first') },
      { path: 'a//b.ts', bytes: utf8('second') },
      { path: 'a\\b.ts', bytes: utf8('backslash') },
      { path: 'a/new\nline.ts', bytes: utf8('newline') },
    ]);
    expect(result.files.map((f) => [f.path, f.text])).toEqual([
      ['a/b.ts', 'first'],
      ['a\\b.ts', 'backslash'],
    ]);
    expect(result.skippedFiles).toEqual([
      { path: '../outside.ts', reason: 'unsafe-path', detail: 'unsafe path (empty, NUL or "..")' },
      { path: 'a/new\nline.ts', reason: 'unrepresentable-path', detail: 'a control character in the path' },
      { path: 'a/b.ts', reason: 'duplicate-path', detail: 'another file has the same path' },
    ]);
    expect(result.skipped.unsupported).toBe(3);
  });

  it('does not strip a top folder that not every path shares', async () => {
    const result = await intakeFiles(
      [
        { path: 'src/a.ts', bytes: utf8('a') },
        { path: 'README.md', bytes: utf8('r') },
      ],
      { stripTopFolder: true },
    );
    expect(result.topFolder).toBe('');
    expect(result.files.map((f) => f.path)).toEqual(['README.md', 'src/a.ts']);
  });

  it('stops at the file limit, says so, and never reads past it', async () => {
    let reads = 0;
    const entries: IntakeEntry[] = Array.from({ length: 25 }, (_, i) => ({
      path: `f${String(i).padStart(2, '0')}.ts`,
      size: 1,
      read: async () => {
        reads++;
        return utf8(i === 3 ? '\0' : 'x');
      },
    }));
    const accepted: IntakeFile[] = [];
    const result = await intakeFiles(shuffled(entries), { maxFiles: 10, onAccept: (file) => accepted.push(file) });
    expect(result.files.map((f) => f.path)).toEqual(
      ['f00', 'f01', 'f02', 'f04', 'f05', 'f06', 'f07', 'f08', 'f09', 'f10'].map((p) => `${p}.ts`),
    );
    // Each accepted file is announced once, as it is decided, in path order: the very objects of the result.
    expect(accepted).toEqual(result.files);
    accepted.forEach((file, i) => expect(file).toBe(result.files[i]));
    expect(result.skipped.binary).toBe(1);
    expect(reads).toBe(11);
    expect(result.fileLimit).toMatchObject({ limit: 10, hit: true, notIndexed: 14 });
    expect(result.fileLimit.message).toBe(
      'Stopped at the 10-file limit: 14 more files were not indexed (the first files in path order were kept). ' +
        'Raise the file limit in Settings or add ignore patterns.',
    );
  });

  it('hashes the decoded text, whatever the encoding quirks of the bytes', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('x = 1\n')]);
    const latin = Uint8Array.from('caf\xe9 = 1\n' + 'y = 2\n'.repeat(100), (c) => c.charCodeAt(0));
    const result = await intakeFiles([
      { path: 'bom.py', bytes: bom },
      { path: 'latin.py', bytes: latin },
      { path: 'plain.py', bytes: utf8('x = 1\n') },
    ]);
    for (const file of result.files) expect(file.hash).toBe(hashText(file.text));
    const byPath = Object.fromEntries(result.files.map((f) => [f.path, f]));
    expect(byPath['bom.py'].hash).toBe(byPath['plain.py'].hash);
    expect(byPath['bom.py'].size).toBe(9);
    expect(byPath['latin.py'].replacements).toBe(1);
    expect(result.bytes).toBe(9 + latin.byteLength + 6);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const intake = new RepositoryIntake({ signal: controller.signal });
    intake.add({ path: 'a.ts', bytes: utf8('a') });
    controller.abort();
    await expect(intake.finish()).rejects.toThrow();
  });

  it('accepts exactly the files git considers untracked and not ignored (real repository on disk)', async () => {
    const repo = join(scratch, 'repo');
    const layout: Record<string, string> = {
      '.gitignore': '*.tmp\n/out/\ndocs/**/*.draft.md\n!docs/keep.draft.md\n',
      'lib/.gitignore': '*.gen.ts\n!important.gen.ts\n',
      'lib/a.ts': 'export {}',
      'lib/b.gen.ts': 'gen',
      'lib/important.gen.ts': 'gen',
      'lib/deep/c.gen.ts': 'gen',
      'out/x.js': 'x',
      'src/out/y.js': 'y',
      'x.tmp': 't',
      'docs/a/b/one.draft.md': 'd',
      'docs/keep.draft.md': 'k',
      'docs/guide.md': 'g',
    };
    writeTree(repo, layout);
    const gitListed = untrackedByGit(repo, scratch);
    const result = await intakeFiles(
      Object.keys(layout).map((path) => ({ path, read: async () => new Uint8Array(readFileSync(join(repo, path))) })),
    );
    expect(result.files.map((f) => f.path)).toEqual(gitListed);
    expect(gitListed).toContain('lib/important.gen.ts');
    expect(result.skipped.ignored).toBe(5);
  });
});
