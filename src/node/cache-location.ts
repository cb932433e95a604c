/**
 * Where the CLI keeps a repository's index on disk, and whether opening a folder will build one:
 * a small module, so the CLI can decide before it loads the engine and start the parse workers
 * at once (they load their grammars while the engine loads and the folder is walked).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function defaultCacheDir(): string {
  return process.env.XDG_CACHE_HOME
    ? join(process.env.XDG_CACHE_HOME, 'fourfold')
    : join(homedir(), '.cache', 'fourfold');
}

/** The snapshot file of this folder's index with this embedder (its manifest is beside it). */
export function snapshotFileFor(dir: string, embedder: string, cacheDir: string = defaultCacheDir()): string {
  const key = createHash('sha1').update(resolve(dir)).digest('hex').slice(0, 16);
  return join(cacheDir, `${key}-${embedder}.snapshot`);
}

/** Whether opening a folder builds its index: the cache is off, or holds no index (`snapshotFile`, see snapshotFileFor) to load or refresh. */
export function buildComing(snapshotFile: string, useCache: boolean): boolean {
  return !useCache || !existsSync(snapshotFile);
}
