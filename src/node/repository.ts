/**
 * Opens a repository folder for the CLI: walk it (respecting .gitignore), build or load the
 * engine, and keep the index in an on-disk cache so the next command starts at once. A
 * changed repository is re-indexed incrementally: unchanged files keep their analyses and
 * unchanged chunks their embeddings.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { IndexProgress } from '../engine/contract';
import { Engine, type EngineSnapshot, SNAPSHOT_VERSION } from '../engine/engine';
import { intakeFiles, type IntakeResult } from '../engine/intake/intake';
import { type EmbeddingCache, MemoryEmbeddingCache } from '../engine/semantic/index';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { languageForPath } from '../engine/structural/grammars';
import { createNodeEmbedder, type NodeEmbedderKind } from './embedders';
import { nodeGrammars } from './grammars';
import { createNodeParsePool, type NodeParsePool } from './parse-pool';
import { walkRepository, type WalkStats } from './walk';

export type EmbedderChoice = NodeEmbedderKind;

/**
 * Files to parse from which worker threads pay off: each worker spends a few hundred
 * milliseconds loading tsx, the tree-sitter runtime and its grammars before the first parse.
 */
export const PARSE_POOL_MIN_FILES = 48;
/**
 * Analyses queued per parse worker before the main thread parses the next file itself. The
 * main thread is otherwise idle while files are parsed, so the pool has one worker fewer than
 * there are cores and the main thread is the last lane; it also covers the workers' start-up.
 */
export const PARSE_QUEUE_PER_WORKER = 8;

/** A problem with what the user gave us (exit code 2), as opposed to a bug. */
export class InputError extends Error {}

export interface OpenOptions {
  embedder: EmbedderChoice;
  cacheDir?: string;
  useCache?: boolean;
  onNotice?: (message: string) => void;
  /** Build progress per stage (parse, text, graph, embed), when the index is built rather than loaded. */
  onProgress?: (progress: IndexProgress) => void;
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
  // One shared promise: Engine.build calls analyze 32 times at once, and each call must not
  // load its own copy of every grammar.
  let analyzer: Promise<StructuralAnalyzer> | null = null;
  let pool: NodeParsePool | null = null;
  let mainThreadTurn: Promise<unknown> = Promise.resolve();
  const deps = {
    analyzer: {
      analyze: async (path: string, text: string) => {
        if (pool) {
          if (pool.pending < PARSE_QUEUE_PER_WORKER * pool.size) return pool.analyze(path, text);
          // One parse here at a time, each after a turn of the event loop: a synchronous parse
          // blocks the workers' answers, and so their next files.
          const turn = mainThreadTurn.then(() => new Promise((resolve) => setImmediate(resolve)));
          mainThreadTurn = turn;
          await turn;
        }
        analyzer ??= StructuralAnalyzer.create(nodeGrammars);
        return (await analyzer).analyze(path, text);
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
  if (filesToParse(intake, previous) >= PARSE_POOL_MIN_FILES) pool = createNodeParsePool(Math.max(1, availableParallelism() - 1));
  let engine: Engine;
  try {
    engine = await Engine.build(intake.files, deps, {
      previous: previous ?? undefined,
      skipped: intake.skipped,
      onProgress: options.onProgress,
    });
  } finally {
    // Later analyses (none today) go in-process; closing lets the process exit.
    await pool?.close();
    pool = null;
  }
  if (useCache) {
    await writeCached(snapshotFile, engine.snapshot());
    await embeddingCache?.save();
  }
  return { root, engine, intake, unreadable, fromCache: false, readMs, loadMs: performance.now() - t1 };
}

/** Files in a parsed language that the previous index does not already hold unchanged. */
function filesToParse(intake: IntakeResult, previous: EngineSnapshot | null): number {
  const hashes = new Map((previous?.version === SNAPSHOT_VERSION ? previous.files : []).map((f) => [f.path, f.hash]));
  return intake.files.filter((f) => languageForPath(f.path) !== null && hashes.get(f.path) !== f.hash).length;
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
class DiskEmbeddingCache extends MemoryEmbeddingCache {
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
