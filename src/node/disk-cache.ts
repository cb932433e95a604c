/**
 * The CLI's on-disk cache: one engine snapshot per (repository, embedder), the walk's
 * fingerprint beside it, and the embedding cache shared by every repository.
 *
 * The fingerprint lists what the walk saw (paths, sizes, modification times, skips): when
 * the next walk sees the same, the snapshot is loaded without reading or hashing a single
 * file. A file modified within FINGERPRINT_RACE_MS of the snapshot being written is not
 * trusted (a write in the same clock tick leaves its mtime unchanged), as git does with its index.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { EngineSnapshot } from '../engine/snapshot';
import { MemoryEmbeddingCache } from '../engine/semantic/index';
import { processAlive } from './pid-lock';
import { encodeSnapshotFileAsync } from './snapshot-file';
import { parsedTree, treeUnchanged, type StoredTree } from './tree-check';
import { traceMark } from './build-trace';

/** Files modified this close to (or after) the snapshot's writing are read and hashed again. */
export const FINGERPRINT_RACE_MS = 2_000;

/** Collects what a walk yields, in walk order. */
export class WalkFingerprint {
  private readonly hash = createHash('sha1');
  /** Latest modification time seen (ms since the epoch). */
  newestMtimeMs = 0;
  /** A file whose stat failed: the fingerprint cannot vouch for it. */
  incomplete = false;

  file(path: string, size: number | undefined, mtimeMs: number | undefined): void {
    if (size === undefined || mtimeMs === undefined) this.incomplete = true;
    else if (mtimeMs > this.newestMtimeMs) this.newestMtimeMs = mtimeMs;
    this.hash.update(`f\u0000${path}\u0000${size}\u0000${mtimeMs}\n`);
  }

  skip(path: string, reason: string): void {
    this.hash.update(`s\u0000${path}\u0000${reason}\n`);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/** What is written beside a snapshot. */
export interface CacheManifest {
  /** WalkFingerprint.digest() of the walk the snapshot was built from. */
  fingerprint: string;
  /** When the snapshot was written (ms since the epoch). */
  writtenAt: number;
  /** What the walk saw, for a check that stats those paths without walking (tree-check.ts); null when it cannot vouch. */
  tree?: StoredTree | null;
}

/** Whether the manifest's recorded tree is unchanged under `root`: the cached index is current without a walk. */
export function recordedTreeUnchanged(manifest: CacheManifest | null, root: string): boolean {
  return !!manifest?.tree && treeUnchanged(root, manifest.tree, FINGERPRINT_RACE_MS);
}

export function manifestTrusts(manifest: CacheManifest | null, fingerprint: WalkFingerprint, digest: string): boolean {
  return (
    manifest !== null &&
    !fingerprint.incomplete &&
    manifest.fingerprint === digest &&
    fingerprint.newestMtimeMs < manifest.writtenAt - FINGERPRINT_RACE_MS
  );
}

export async function readManifest(file: string): Promise<CacheManifest | null> {
  try {
    const m = JSON.parse(readFileSync(file, 'utf8')) as CacheManifest;
    if (typeof m.fingerprint !== 'string' || typeof m.writtenAt !== 'number') return null;
    return { ...m, tree: parsedTree(m.tree) };
  } catch {
    return null;
  }
}

export async function writeManifest(file: string, manifest: CacheManifest): Promise<void> {
  await writeAtomically(file, JSON.stringify(manifest));
}

/**
 * A v8-serialized value (typed arrays stay raw bytes), or null when missing or unreadable. Read
 * in one synchronous call: fs.promises reads in 512 KiB rounds through the thread pool, and
 * nothing else this process does can use the wait (a cached search sat idle for it).
 */
export async function readCached<T>(file: string): Promise<T | null> {
  try {
    return deserialize(readFileSync(file)) as T;
  } catch {
    return null; // missing, or from another version of Node/Fourfold: rebuild
  }
}

export async function writeCached(file: string, value: unknown): Promise<void> {
  await writeAtomically(file, serialize(value));
}

/** Writes a snapshot file (snapshot-file.ts) atomically. */
export async function writeSnapshotFile(file: string, snapshot: EngineSnapshot): Promise<void> {
  traceMark('snapshot-file:encode:start');
  const bytes = await encodeSnapshotFileAsync(snapshot);
  traceMark('snapshot-file:encode:end', { bytes: bytes.byteLength });
  await writeAtomically(file, bytes);
  traceMark('snapshot-file:written');
}

/**
 * A cache file that could not be written: a full disk, a read-only or unwritable folder, a
 * file where the cache folder should be. The index in memory is whole; only the next start
 * must build it again. `code` is the system's error code (ENOSPC, EROFS, EACCES, ENOTDIR …).
 */
export class CacheWriteError extends Error {
  constructor(
    readonly file: string,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(`cannot write the index cache ${file}: ${describeWriteFailure(code)} (${code})`, options);
  }
}

/** Why a write failed, in words, from the system's error code. */
export function describeWriteFailure(code: string): string {
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'EROFS':
      return 'the file system is read-only';
    case 'EACCES':
    case 'EPERM':
      return 'no permission to write there';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a file is where the cache folder should be';
    case 'EFBIG':
      return 'the file is larger than this system allows';
    default:
      return 'the write failed';
  }
}

/** The suffix of a cache file being written; `<file>.<pid>.tmp`, renamed over `<file>` when whole. */
const TEMP_SUFFIX = /\.(\d+)\.tmp$/;
/** A temporary file this old is left over even if its process id is in use again. */
export const STALE_TEMP_MS = 60 * 60 * 1000;

async function writeAtomically(file: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(tmp, data);
    await rename(tmp, file); // atomic: a crash never leaves a half-written file behind
  } catch (e) {
    // A failed write must not leave its partial file behind, run after run.
    await rm(tmp, { force: true }).catch(() => {});
    throw new CacheWriteError(file, (e as NodeJS.ErrnoException).code ?? 'EIO', { cause: e });
  }
}

/**
 * Removes the temporary files of writes that never finished: their process died (killed, or
 * out of power) before it could rename or remove them. A file of a live process is left alone
 * (another run may be writing it now) unless it is older than any write takes. Returns the
 * names removed; a cache folder that cannot be listed has nothing to clean.
 */
export async function removeStaleTemps(cacheDir: string, now = Date.now()): Promise<string[]> {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = TEMP_SUFFIX.exec(name)?.[1];
    if (pid === undefined) continue;
    const path = join(cacheDir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    if (processAlive(Number(pid)) && now - info.mtimeMs < STALE_TEMP_MS) continue;
    if (
      await rm(path, { force: true }).then(
        () => true,
        () => false,
      )
    )
      removed.push(name);
  }
  return removed;
}

/**
 * Cache writes of one build: the first failure is kept (and the writes after it skipped)
 * instead of thrown, so the command still answers from the index in memory.
 */
export class CacheWrites {
  failure: CacheWriteError | null = null;
  async run(write: () => Promise<void>): Promise<void> {
    if (this.failure) return;
    try {
      await write();
    } catch (e) {
      if (!(e instanceof CacheWriteError)) throw e;
      this.failure = e;
    }
  }
}

/** Embeddings by (embedder, chunk-text hash), kept on disk between CLI runs. */
export class DiskEmbeddingCache extends MemoryEmbeddingCache {
  private dirty = false;
  private constructor(
    private readonly file: string,
    vectors: Map<string, Uint32Array>,
  ) {
    super(vectors);
  }
  static async open(file: string): Promise<DiskEmbeddingCache> {
    return new DiskEmbeddingCache(file, (await readCached<Map<string, Uint32Array>>(file)) ?? new Map());
  }
  override async put(embedderId: string, entries: [string, Uint32Array][]): Promise<void> {
    await super.put(embedderId, entries);
    this.dirty = true;
  }
  async save(): Promise<void> {
    if (this.dirty) await writeCached(this.file, this.vectors);
  }
}
