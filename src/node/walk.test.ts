import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { intakeFiles, type IntakeEntry } from '../engine/intake/intake';
import { walkRepository, type WalkStats } from './walk';
import { untrackedByGit, writeTree } from '../../test/support/repo-on-disk';

const scratch = mkdtempSync(join(tmpdir(), 'fourfold-walk-'));
chmodSync(scratch, 0o755);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function collect(root: string, options = {}): Promise<{ entries: IntakeEntry[]; stats: WalkStats }> {
  const stats: WalkStats = {
    directories: 0,
    files: 0,
    prunedDirectories: 0,
    ignoredFiles: 0,
    skippedSymlinks: 0,
    unreadable: 0,
  };
  const entries: IntakeEntry[] = [];
  for await (const entry of walkRepository(root, options, stats)) entries.push(entry);
  return { entries, stats };
}

/** Each skip's note (what is particular to it), by path. */
const skipsOf = (entries: IntakeEntry[]) =>
  Object.fromEntries(entries.filter((e) => 'skip' in e).map((e) => [e.path, (e as { note?: string }).note]));
const filesOf = (entries: IntakeEntry[]) => entries.filter((e) => !('skip' in e)).map((e) => e.path);

describe('walkRepository', () => {
  it('prunes ignored directories without descending and agrees with git on what remains', async () => {
    const root = join(scratch, 'repo');
    writeTree(root, {
      '.gitignore': 'dist/\n*.log\n',
      'src/.gitignore': 'gen/\n!keep.log\n',
      'src/a.ts': 'export const a = 1;',
      'src/keep.log': 'kept',
      'src/gen/x.ts': 'generated',
      'src/deep/er/b.py': 'print(1)',
      'app.log': 'log',
      'dist/bundle.js': 'bundle',
      'node_modules/pkg/index.js': 'x',
      'node_modules/pkg/sub/deep.js': 'x',
    });
    // git itself would list node_modules (no default ignore); Fourfold skips it by default.
    const gitListed = untrackedByGit(root, scratch).filter((p) => !p.startsWith('node_modules/'));

    const { entries, stats } = await collect(root);
    expect(filesOf(entries).sort()).toEqual(gitListed);
    expect(skipsOf(entries)).toEqual({
      '.git': 'version-control metadata',
      'app.log': '.gitignore:2 (*.log)',
      dist: '.gitignore:1 (dist/); directory not walked',
      node_modules: 'defaults:1 (node_modules/); directory not walked',
      'src/gen': 'src/.gitignore:1 (gen/); directory not walked',
    });
    // Only root, src, src/deep, src/deep/er were listed: pruned directories were never opened.
    expect(stats.directories).toBe(4);
    expect(stats.prunedDirectories).toBe(4);

    const result = await intakeFiles(walkRepository(root));
    expect(result.files.map((f) => f.path)).toEqual(gitListed);
    expect(result.skipped.ignored).toBe(5);

    const withModules = await collect(root, { includeNodeModules: true });
    expect(filesOf(withModules.entries)).toContain('node_modules/pkg/sub/deep.js');
  });

  it('survives symlink loops and never leaves the repository through a link', async () => {
    const root = join(scratch, 'links');
    writeTree(root, { 'src/a.ts': 'const a = 1;', 'src/inner/b.ts': 'const b = 2;' });
    writeTree(scratch, { 'outside-secret.txt': 'secret' });
    symlinkSync('..', join(root, 'src/inner/loop')); // directory loop
    symlinkSync('self', join(root, 'self')); // ELOOP
    symlinkSync('missing.ts', join(root, 'dangling'));
    symlinkSync('../a.ts', join(root, 'src/inner/alias.ts')); // file inside: followed
    symlinkSync(resolve(scratch, 'outside-secret.txt'), join(root, 'escape.txt'));

    const { entries, stats } = await collect(root);
    expect(filesOf(entries).sort()).toEqual(['src/a.ts', 'src/inner/alias.ts', 'src/inner/b.ts']);
    const skips = skipsOf(entries);
    expect(skips['src/inner/loop']).toBe('to a directory');
    expect(skips['escape.txt']).toBe('pointing outside the repository');
    expect(skips['self']).toBe('broken (ELOOP)');
    expect(skips['dangling']).toBe('broken (ENOENT)');
    expect(stats.skippedSymlinks).toBe(4);

    const result = await intakeFiles(entries);
    expect(result.files.find((f) => f.path === 'src/inner/alias.ts')?.text).toBe('const a = 1;');
    expect(result.skipped.unsupported).toBe(4);
  });

  it('counts unreadable files and directories (EACCES) instead of failing', () => {
    const root = join(scratch, 'locked');
    writeTree(root, { 'ok.ts': 'ok', 'secret.ts': 'no', 'private/x.ts': 'no' });
    chmodSync(root, 0o755);
    chmodSync(join(root, 'secret.ts'), 0o000);
    chmodSync(join(root, 'private'), 0o000);
    // Root reads everything regardless of permissions: run the walk as an unprivileged user.
    const script = `
      import { walkRepository } from ${JSON.stringify(resolve('src/node/walk.ts'))};
      import { intakeFiles } from ${JSON.stringify(resolve('src/engine/intake/intake.ts'))};
      const result = await intakeFiles(walkRepository(${JSON.stringify(root)}));
      console.log(JSON.stringify({ files: result.files.map((f) => f.path), skipped: result.skippedFiles, counts: result.skipped }));
    `;
    const scriptPath = join(scratch, 'walk-locked.mts');
    writeFileSync(scriptPath, script);
    const tsx = resolve('node_modules/tsx/dist/cli.mjs');
    const asRoot = process.getuid?.() === 0;
    const command = asRoot ? 'setpriv' : process.execPath;
    const args = asRoot
      ? ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, tsx, scriptPath]
      : [tsx, scriptPath];
    const run = spawnSync(command, args, {
      encoding: 'utf8',
      env: { ...process.env, HOME: scratch, TSX_DISABLE_CACHE: '1' },
    });
    chmodSync(join(root, 'private'), 0o755);
    expect(run.stderr).toBe('');
    const output = JSON.parse(run.stdout);
    expect(output.files).toEqual(['ok.ts']);
    expect(output.skipped).toEqual([
      { path: 'private', reason: 'unreadable', detail: 'unreadable: directory: EACCES' },
      { path: 'secret.ts', reason: 'unreadable', detail: 'unreadable: EACCES' },
    ]);
    expect(output.counts.unsupported).toBe(2);
  });

  it('streams a 100,000-file tree and stops intake at the 50,000-file limit', async () => {
    // tmpfs when available: this test measures the walk, not the disk.
    const bigParent = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/fourfold-walk-') : scratch;
    const root = join(bigParent, 'big');
    // Removed however the test ends: a run that timed out left 100,000 files behind each time,
    // until /dev/shm had no inodes left and every later run failed with ENOSPC.
    onTestFinished(() => rmSync(bigParent === scratch ? root : bigParent, { recursive: true, force: true }));
    const started = performance.now();
    for (let d = 0; d < 500; d++) {
      const dir = join(root, `pkg${String(d).padStart(3, '0')}`);
      mkdirSync(dir, { recursive: true });
      for (let f = 0; f < 200; f++) writeFileSync(join(dir, `f${f}.ts`), `export const v${f} = ${d};\n`);
    }
    const createdMs = performance.now() - started;

    const walkStart = performance.now();
    let count = 0;
    const heapBefore = process.memoryUsage().heapUsed;
    for await (const entry of walkRepository(root)) if (!('skip' in entry)) count++;
    const walkMs = performance.now() - walkStart;
    const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    expect(count).toBe(100_000);

    const intakeStart = performance.now();
    const result = await intakeFiles(walkRepository(root));
    const intakeMs = performance.now() - intakeStart;
    expect(result.files).toHaveLength(50_000);
    expect(result.fileLimit).toMatchObject({ hit: true, notIndexed: 50_000 });
    expect(result.files[0].path).toBe('pkg000/f0.ts');
    console.log(
      `100k tree: create ${createdMs.toFixed(0)} ms, walk ${walkMs.toFixed(0)} ms (heap +${heapGrowthMb.toFixed(1)} MB, entries not kept), ` +
        `walk+intake of 50k files ${intakeMs.toFixed(0)} ms`,
    );
    // Generous: creating and walking 100,000 files is slow on a shared, loaded machine.
  }, 240_000);
});
