/**
 * Opens a repository folder for the CLI: walk it (respecting .gitignore), build or load the
 * engine, and keep the index in an on-disk cache so the next command starts at once. A
 * changed repository is re-indexed incrementally: unchanged files keep their analyses and
 * unchanged chunks their embeddings.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Engine, type EngineSnapshot, SNAPSHOT_VERSION } from '../engine/engine';
import { intakeFiles, type IntakeResult } from '../engine/intake/intake';
import type { EmbeddingCache } from '../engine/semantic/index';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { createNodeEmbedder, type NodeEmbedderKind } from './embedders';
import { nodeGrammars } from './grammars';
import { walkRepository, type WalkStats } from './walk';

export type EmbedderChoice = NodeEmbedderKind;

/** A problem with what the user gave us (exit code 2), as opposed to a bug. */
export class InputError extends Error {}

export interface OpenOptions {
  embedder: EmbedderChoice;
  cacheDir?: string;
  useCache?: boolean;
  onNotice?: (message: string) => void;
}

export interface OpenedRepository {
  root: string;
  engine: Engine;
  intake: IntakeResult;
  unreadable: { path: string; reason: string }[];
  fromCache: boolean;
  /** Walking and reading the files. */
  readMs: number;
  /** Loading the cached index, or building it. */
  loadMs: number;
}

export function defaultCacheDir(): string {
  return process.env.XDG_CACHE_HOME ? join(process.env.XDG_CACHE_HOME, 'fourfold') : join(homedir(), '.cache', 'fourfold');
}

export async function openRepository(dir: string, options: OpenOptions): Promise<OpenedRepository> {
  const root = resolve(dir);
  const info = await stat(root).catch(() => null);
  if (!info) throw new InputError(`no such folder: ${dir}`);
  if (!info.isDirectory()) throw new InputError(`not a folder: ${dir}`);

  const t0 = performance.now();
  const walkStats: WalkStats = { directories: 0, files: 0, prunedDirectories: 0, ignoredFiles: 0, skippedSymlinks: 0, unreadable: 0 };
  const intake = await intakeFiles(walkRepository(root, {}, walkStats));
  const readMs = performance.now() - t0;
  const unreadable = intake.skippedFiles
    .filter((s) => /unreadable|EACCES|EPERM|EIO|EISDIR/.test(s.detail))
    .map((s) => ({ path: s.path, reason: s.detail }));
  if (intake.fileLimit.message) options.onNotice?.(intake.fileLimit.message);
  if (intake.files.length === 0) {
    const s = intake.skipped;
    throw new InputError(
      `nothing to index in ${dir}: no readable text files (skipped: ${s.ignored} ignored, ${s.binary} binary, ${s.oversized} oversized, ${s.invalidUtf8} invalid UTF-8, ${s.unsupported} other)`,
    );
  }

  let embedder;
  try {
    embedder = await createNodeEmbedder(options.embedder, process.env.VOYAGE_BASE_URL ? { baseUrl: process.env.VOYAGE_BASE_URL } : {});
  } catch (e) {
    throw new InputError(e instanceof Error ? e.message : String(e));
  }
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const useCache = options.useCache !== false;
  const key = createHash('sha1').update(root).digest('hex').slice(0, 16);
  const snapshotFile = join(cacheDir, `${key}-${options.embedder}.snapshot`);
  const embeddingFile = embedder ? join(cacheDir, `embeddings-${safeName(embedder.id)}.cache`) : null;

  const t1 = performance.now();
  const previous = useCache ? await readCached<EngineSnapshot>(snapshotFile) : null;
  let analyzer: StructuralAnalyzer | null = null;
  const deps = {
    analyzer: {
      analyze: async (path: string, text: string) => {
        analyzer ??= await StructuralAnalyzer.create(nodeGrammars);
        return analyzer.analyze(path, text);
      },
    },
    embedder,
    embeddingCache: undefined as EmbeddingCache | undefined,
  };

  if (previous && previous.version === SNAPSHOT_VERSION && sameFiles(previous, intake)) {
    const engine = Engine.load(previous, deps);
    return { root, engine, intake, unreadable, fromCache: true, readMs, loadMs: performance.now() - t1 };
  }

  const embeddingCache = embeddingFile && useCache ? await DiskEmbeddingCache.open(embeddingFile) : null;
  deps.embeddingCache = embeddingCache ?? undefined;
  if (previous) options.onNotice?.('the repository changed since it was indexed: re-indexing what changed');
  else options.onNotice?.(`indexing ${intake.files.length} file${intake.files.length === 1 ? "" : "s"} (${(intake.bytes / 1e6).toFixed(1)} MB)…`);
  const engine = await Engine.build(intake.files, deps, {
    previous: previous ?? undefined,
    skipped: intake.skipped,
  });
  if (useCache) {
    await writeCached(snapshotFile, engine.snapshot());
    await embeddingCache?.save();
  }
  return { root, engine, intake, unreadable, fromCache: false, readMs, loadMs: performance.now() - t1 };
}

function sameFiles(snapshot: EngineSnapshot, intake: IntakeResult): boolean {
  if (snapshot.files.length !== intake.files.length) return false;
  const hashes = new Map(snapshot.files.map((f) => [f.path, f.hash]));
  return intake.files.every((f) => hashes.get(f.path) === f.hash);
}

function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, '_');
}

async function readCached<T>(file: string): Promise<T | null> {
  try {
    return deserialize(gunzipSync(await readFile(file))) as T;
  } catch {
    return null; // missing or from another version of Node/Fourfold: rebuild
  }
}

async function writeCached(file: string, value: unknown): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, gzipSync(serialize(value), { level: 1 }));
  await rename(tmp, file); // atomic: a crash never leaves a half-written index behind
}

/** Embeddings by (embedder, chunk-text hash), kept on disk between CLI runs. */
class DiskEmbeddingCache implements EmbeddingCache {
  private dirty = false;
  private constructor(
    private readonly file: string,
    private readonly vectors: Map<string, Uint32Array>,
  ) {}
  static async open(file: string): Promise<DiskEmbeddingCache> {
    return new DiskEmbeddingCache(file, (await readCached<Map<string, Uint32Array>>(file)) ?? new Map());
  }
  async get(embedderId: string, textHashes: string[]): Promise<(Uint32Array | undefined)[]> {
    return textHashes.map((h) => this.vectors.get(`${embedderId}\u0000${h}`));
  }
  async put(embedderId: string, entries: [string, Uint32Array][]): Promise<void> {
    for (const [h, v] of entries) this.vectors.set(`${embedderId}\u0000${h}`, v);
    this.dirty = true;
  }
  async save(): Promise<void> {
    if (this.dirty) await writeCached(this.file, this.vectors);
  }
}
