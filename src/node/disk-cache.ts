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
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { EngineSnapshot } from '../engine/snapshot';
import { MemoryEmbeddingCache } from '../engine/semantic/index';
import { checksumBytes } from '../engine/store/checksum';

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
    const m = JSON.parse(await readFile(file, 'utf8')) as CacheManifest;
    return typeof m.fingerprint === 'string' && typeof m.writtenAt === 'number' ? m : null;
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

/**
 * The snapshot file: its sections one after the other, each v8-serialized and checked by its
 * SHA-256 when read, so one changed byte anywhere (a file's text included) is never served.
 *
 *   bytes 0–7    magic "FOURFSN1"
 *   bytes 8–11   u32 LE length of the table of contents (JSON, UTF-8)
 *   bytes 12–15  u32 LE checksumBytes of the table of contents
 *   bytes 16–    the table of contents: {version, sections: [{name, offset, length, sha256}]},
 *                offsets counted from the end of the table padded to a multiple of 8
 *   then         the sections, each starting at a multiple of 8
 */
const SNAPSHOT_MAGIC = 'FOURFSN1';

/** The sections of a snapshot file, in the order written. */
const SECTIONS = ['head', 'files', 'texts', 'analyses', 'chunks', 'text', 'structural', 'graph', 'semantic'] as const;
type SectionName = (typeof SECTIONS)[number];

interface SectionEntry {
  name: SectionName;
  offset: number;
  length: number;
  sha256: string;
}

/**
 * Sections start at multiples of 8, so v8.deserialize hands their typed arrays out as views of
 * the file's buffer (it copies one whose offset is not a multiple of its element size).
 */
function aligned(n: number): number {
  return Math.ceil(n / 8) * 8;
}

function sectionValues(snapshot: EngineSnapshot): Record<SectionName, unknown> {
  const { modalities } = snapshot;
  return {
    head: { version: snapshot.version, stats: snapshot.stats },
    files: snapshot.files,
    texts: snapshot.texts,
    analyses: snapshot.analyses,
    chunks: snapshot.chunks,
    text: modalities.text,
    structural: modalities.structural,
    graph: modalities.graph,
    semantic: modalities.semantic,
  };
}

/** SHA-256 (the CPU's SHA instructions: about 1 GB/s here), on this thread: in the thread pool it waited for a core on a loaded machine. */
function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function encodeSnapshotFile(snapshot: EngineSnapshot): Buffer {
  const values = sectionValues(snapshot);
  const parts = SECTIONS.map((name) => ({ name, bytes: serialize(values[name]) }));
  let offset = 0;
  const sections: SectionEntry[] = parts.map(({ name, bytes }) => {
    const entry = { name, offset, length: bytes.byteLength, sha256: sha256(bytes) };
    offset = aligned(offset + bytes.byteLength);
    return entry;
  });
  const toc = Buffer.from(JSON.stringify({ version: snapshot.version, sections }));
  const base = aligned(16 + toc.byteLength);
  const out = Buffer.alloc(base + offset);
  out.write(SNAPSHOT_MAGIC, 0, 'latin1');
  out.writeUInt32LE(toc.byteLength, 8);
  out.writeUInt32LE(checksumBytes(toc), 12);
  toc.copy(out, 16);
  parts.forEach((part, i) => part.bytes.copy(out, base + sections[i].offset));
  return out;
}

/** Why a snapshot file was not loaded: missing, or damaged (in words). */
export type SnapshotFileRead = { snapshot: EngineSnapshot } | { missing: true } | { damaged: string };

/**
 * Reads a snapshot file written by encodeSnapshotFile; every section's SHA-256 is checked
 * before anything of it is handed out. In one synchronous read (see readCached).
 */
export async function readSnapshotFile(file: string): Promise<SnapshotFileRead> {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return { missing: true };
  }
  return decodeSnapshotFile(data);
}

export async function decodeSnapshotFile(data: Buffer): Promise<SnapshotFileRead> {
  if (data.byteLength < 16 || data.toString('latin1', 0, 8) !== SNAPSHOT_MAGIC)
    return { damaged: 'not a snapshot file of this version of Fourfold' };
  const tocLength = data.readUInt32LE(8);
  const base = aligned(16 + tocLength);
  if (base > data.byteLength) return { damaged: 'its table of contents is cut short' };
  const tocBytes = data.subarray(16, 16 + tocLength);
  if (checksumBytes(tocBytes) !== data.readUInt32LE(12))
    return { damaged: 'its table of contents does not match its checksum' };
  let sections: SectionEntry[];
  try {
    sections = (JSON.parse(tocBytes.toString('utf8')) as { sections: SectionEntry[] }).sections;
  } catch {
    return { damaged: 'its table of contents does not parse' };
  }
  const byName = new Map(sections.map((s) => [s.name, s]));
  const missing = SECTIONS.find((name) => !byName.has(name));
  if (missing) return { damaged: `its ${missing} section is missing` };
  const slices = new Map<SectionName, Buffer>();
  for (const name of SECTIONS) {
    const { offset, length } = byName.get(name)!;
    if (base + offset + length > data.byteLength) return { damaged: `its ${name} section is cut short` };
    slices.set(name, data.subarray(base + offset, base + offset + length));
  }
  for (const name of SECTIONS)
    if (sha256(slices.get(name)!) !== byName.get(name)!.sha256)
      return { damaged: `its ${name} section does not match its checksum` };
  const values = new Map<SectionName, unknown>();
  for (const name of SECTIONS) {
    try {
      values.set(name, deserialize(slices.get(name)!));
    } catch {
      return { damaged: `its ${name} section does not decode` };
    }
  }
  const head = values.get('head') as { version: number; stats: EngineSnapshot['stats'] };
  return {
    snapshot: {
      version: head.version,
      stats: head.stats,
      files: values.get('files') as EngineSnapshot['files'],
      texts: values.get('texts') as EngineSnapshot['texts'],
      analyses: values.get('analyses') as EngineSnapshot['analyses'],
      chunks: values.get('chunks') as EngineSnapshot['chunks'],
      modalities: {
        text: values.get('text') as EngineSnapshot['modalities']['text'],
        structural: values.get('structural') as EngineSnapshot['modalities']['structural'],
        graph: values.get('graph') as EngineSnapshot['modalities']['graph'],
        semantic: values.get('semantic') as EngineSnapshot['modalities']['semantic'],
      },
    },
  };
}

export async function writeSnapshotFile(file: string, snapshot: EngineSnapshot): Promise<void> {
  await writeAtomically(file, encodeSnapshotFile(snapshot));
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

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, as another user's process.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
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
