/**
 * Cache writes on real files that fail as disks do: /dev/full answers every write with ENOSPC.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheWriteError, CacheWrites, readCached, removeStaleTemps, STALE_TEMP_MS, writeCached } from './disk-cache';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'fourfold-disk-cache-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('cache writes that fail', () => {
  it('a full disk is a CacheWriteError with ENOSPC, its partial file removed and the old file kept', async () => {
    const dir = join(work, 'full');
    mkdirSync(dir);
    const file = join(dir, 'index.snapshot');
    await writeCached(file, { generation: 1 });
    // The temporary file this process writes lands on /dev/full.
    symlinkSync('/dev/full', `${file}.${process.pid}.tmp`);
    const failure = await writeCached(file, { generation: 2, bulk: new Uint8Array(1 << 20) }).catch((e) => e);
    expect(failure).toBeInstanceOf(CacheWriteError);
    expect(failure).toMatchObject({ code: 'ENOSPC', file });
    expect(failure.message).toBe(`cannot write the index cache ${file}: the disk is full (ENOSPC)`);
    expect(readdirSync(dir)).toEqual(['index.snapshot']);
    expect(await readCached(file)).toEqual({ generation: 1 });
  });

  it('a file where the folder should be is ENOTDIR or EEXIST, in words', async () => {
    const blocker = join(work, 'blocker');
    writeFileSync(blocker, 'x');
    const failure = await writeCached(join(blocker, 'sub', 'index.snapshot'), 1).catch((e) => e);
    expect(failure).toBeInstanceOf(CacheWriteError);
    expect(['ENOTDIR', 'EEXIST']).toContain(failure.code);
    expect(failure.message).toMatch(/a file is where the cache folder should be/);
  });

  it('CacheWrites keeps the first failure and skips the writes after it; other errors are thrown', async () => {
    const writes = new CacheWrites();
    const blocker = join(work, 'blocker2');
    writeFileSync(blocker, 'x');
    await writes.run(() => writeCached(join(blocker, 'a'), 1));
    let ran = false;
    await writes.run(async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    expect(writes.failure?.code).toMatch(/ENOTDIR|EEXIST/);
    await expect(new CacheWrites().run(() => Promise.reject(new TypeError('a bug')))).rejects.toThrow('a bug');
  });
});

describe('removeStaleTemps', () => {
  it("removes temporary files of dead processes and old ones; keeps a live writer's, other files and folders", async () => {
    const dir = join(work, 'stale');
    mkdirSync(dir);
    let dead = 4_000_000;
    for (; ; dead--) {
      try {
        process.kill(dead, 0);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ESRCH') break;
      }
    }
    writeFileSync(join(dir, `a.snapshot.${dead}.tmp`), 'x');
    writeFileSync(join(dir, `b.snapshot.${process.pid}.tmp`), 'x');
    writeFileSync(join(dir, `c.snapshot.${process.pid}.tmp`), 'x');
    const old = new Date(Date.now() - STALE_TEMP_MS - 60_000);
    utimesSync(join(dir, `c.snapshot.${process.pid}.tmp`), old, old);
    writeFileSync(join(dir, 'd.snapshot'), 'x');
    mkdirSync(join(dir, `e.${dead}.tmp`));
    expect((await removeStaleTemps(dir)).sort()).toEqual([`a.snapshot.${dead}.tmp`, `c.snapshot.${process.pid}.tmp`]);
    expect(readdirSync(dir).sort()).toEqual([`b.snapshot.${process.pid}.tmp`, 'd.snapshot', `e.${dead}.tmp`]);
    expect(lstatSync(join(dir, `e.${dead}.tmp`)).isDirectory()).toBe(true);
    expect(await removeStaleTemps(join(work, 'no-such-folder'))).toEqual([]);
    expect(existsSync(join(work, 'no-such-folder'))).toBe(false);
  });
});
