/**
 * Opens a repository folder for the CLI: walk it (respecting .gitignore), build or load the
 * engine, and keep the index in an on-disk cache so the next command starts at once. A
 * changed repository is re-indexed incrementally: unchanged files keep their analyses and
 * unchanged chunks their embeddings.
 */
import { stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { Engine, type EngineDeps, type EngineSnapshot, SNAPSHOT_VERSION, SnapshotDamagedError } from '../engine/engine';
import { AnalysisReader } from '../engine/store/analysis-table';
import type { FileAnalysis, IndexProgress, Language } from '../engine/contract';
import { skipDetail } from '../engine/intake/classify';
import { intakeFiles, type IntakeEntry, type IntakeResult, type SkippedFile } from '../engine/intake/intake';
import { deferredEmbedder, type Embedder } from '../engine/semantic/embedder';
import type { StructuralAnalyzer } from '../engine/structural/analyzer';
import { buildComing, defaultCacheDir, snapshotFileFor } from './cache-location';
import { ParseAhead } from '../engine/structural/parse-ahead';
import { languageForPath } from '../engine/structural/grammars';
import {
  CacheWrites,
  type CacheWriteError,
  DiskEmbeddingCache,
  manifestTrusts,
  readManifest,
  recordedTreeUnchanged,
  WalkFingerprint,
  writeManifest,
  writeSnapshotFile,
} from './disk-cache';
import type { NodeEmbedderKind } from './embedders';
import { InputError } from './input-error';
import { openSnapshotFile, type SnapshotFile, type SnapshotFileRead, type StoredEmbedder } from './snapshot-file';
import type { BuildAnalyzer } from './parse-pool';
import { TreeRecorder, type StoredTree } from './tree-check';
import { emptyWalkStats, walkRepository } from './walk';
import { nodeLexicalExpansion } from './lexical-expansion';
import { repositoryNamesOf } from '../engine/search/repository-names';
import { traceMark, tracedProgress } from './build-trace';

export type EmbedderChoice = NodeEmbedderKind;

/**
 * Files to parse from which worker threads pay off: each worker spends a few hundred
 * milliseconds loading tsx, the tree-sitter runtime and its grammars before the first parse.
 */
export const PARSE_POOL_MIN_FILES = 48;
export { InputError } from './input-error';
export { defaultCacheDir } from './cache-location';

export interface OpenOptions {
  embedder: EmbedderChoice;
  cacheDir?: string;
  useCache?: boolean;
  onNotice?: (message: string) => void;
  /** Build progress per stage (parse, text, graph, embed), when the index is built rather than loaded. */
  onProgress?: (progress: IndexProgress) => void;
  /**
   * Start loading the embedding model at once, beside the walk and the index read, instead of
   * when the first query needs it (a `search` whose query will be embedded: see queryMayEmbed).
   */
  prefetchEmbedder?: boolean;
  /**
   * Parse workers the caller started already, because `buildComing` said a build is coming
   * (the CLI does, before it loads the engine); closed here like the ones this would start.
   */
  parsePool?: Promise<BuildAnalyzer | null>;
  /**
   * Read each part of the cached index when a query first needs it (a one-question process),
   * instead of reading and checking all of it at open (the default: a long-lived server or a
   * run of many questions finds damage at load and keeps no file open). A part found damaged
   * later throws SnapshotDamagedError from the search: open again with `discardCached`.
   */
  onDemand?: boolean;
  /** Ignore the cached index (a part of it was found damaged) and build a new one in its place. */
  discardCached?: boolean;
}

export interface OpenedRepository {
  root: string;
  engine: Engine;
  /** What was indexed (paths and content hashes) and what was skipped, and why. */
  intake: { files: { path: string; hash: string }[]; skippedFiles: SkippedFile[] };
  unreadable: { path: string; reason: string }[];
  fromCache: boolean;
  /**
   * How the cached index was found current: 'stat' (the walk's paths, sizes and modification
   * times match its build: no file read), 'content' (every file read and hashed), or null (built).
   */
  cacheCheck: 'stat' | 'content' | null;
  /** Walking and reading the files. */
  readMs: number;
  /** Loading the cached index, or building it. */
  loadMs: number;
  /** The cache could not be written (full disk, unwritable folder): the index in memory is whole, the next start builds again. */
  cacheFailure: CacheWriteError | null;
}

export async function openRepository(dir: string, options: OpenOptions): Promise<OpenedRepository> {
  const root = resolve(dir);
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) {
    await (await options.parsePool)?.close();
    throw new InputError(info ? `not a folder: ${dir}` : `no such folder: ${dir}`);
  }

  const prefetched = options.prefetchEmbedder && options.embedder === 'local' ? createEmbedder('local') : null;
  // Not awaited until a query needs it; a failure surfaces there, not as an unhandled rejection.
  prefetched?.catch(() => {});
  const embedderFor = (kind: NodeEmbedderKind, loaded: StoredEmbedder | null) =>
    embedderForKind(kind, loaded, prefetched);

  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const useCache = options.useCache !== false;
  const snapshotFile = snapshotFileFor(root, options.embedder, cacheDir);
  const manifestFile = `${snapshotFile}.manifest`;

  // A build is coming when there is no cached index to load or refresh: the parse workers
  // start now (unless the caller started them) and load their grammars while the folder is walked and read.
  const pool: PoolAhead = {
    ahead: options.parsePool ?? (buildComing(snapshotFile, useCache) ? startParsePool() : null),
  };
  try {
    return await openWith({ dir, root, options, embedderFor, cacheDir, useCache, snapshotFile, manifestFile, pool });
  } finally {
    await (await pool.ahead)?.close();
  }
}

/** The parse workers started ahead of a build; set to null once they are closed early. */
interface PoolAhead {
  ahead: Promise<BuildAnalyzer | null> | null;
}

/** What openRepository has settled before it walks. */
interface OpenContext {
  dir: string;
  root: string;
  options: OpenOptions;
  embedderFor: (kind: NodeEmbedderKind, loaded: StoredEmbedder | null) => Promise<Embedder | null>;
  cacheDir: string;
  useCache: boolean;
  snapshotFile: string;
  manifestFile: string;
  pool: PoolAhead;
}

/** Walks the folder, then loads the cached index, refreshes it or builds one. */
async function openWith(ctx: OpenContext): Promise<OpenedRepository> {
  const { dir, root, options, embedderFor, cacheDir, useCache, snapshotFile, manifestFile } = ctx;
  const t0 = performance.now();
  const cached = useCache && !options.discardCached;
  const manifest = cached ? await readManifest(manifestFile) : null;
  const readStored = cachedSnapshotReader(snapshotFile, options.onNotice);
  // 1. The folders and files the cached index was built from, stat'ed where they were: when
  //    none changed, the index is loaded without walking the folder or reading a file.
  if (manifest?.tree && recordedTreeUnchanged(manifest, root)) {
    const opened = await openCached(ctx, readStored, manifest.tree.skips, t0);
    if (opened) return opened;
  }
  // 2. Walk (names and stat only). When the walk matches the one the cached index was built
  //    from, the index is loaded and no file is read.
  traceMark('walk:start');
  const { entries, walkSkips, fingerprint, tree } = await walkForOpen(root);
  traceMark('walk:end', { entries: entries.length });
  const languages = parsedLanguages(entries);
  let pool = await ctx.pool.ahead;
  if (pool && languages.files < PARSE_POOL_MIN_FILES) {
    await pool.close();
    pool = null;
    ctx.pool.ahead = null;
  }
  pool?.prepare(languages.names, languages.bytes);
  const digest = fingerprint.digest();
  if (manifestTrusts(manifest, fingerprint, digest)) {
    const opened = await openCached(ctx, readStored, walkSkips, t0);
    if (opened) {
      // Recorded again for the next run, which then need not walk (the manifest had no record, or
      // one that no longer holds: a time too late to trust, a name added and removed); a failed
      // write only means the next run walks too.
      if (tree) await writeManifest(manifestFile, { ...manifest!, tree }).catch(() => {});
      return opened;
    }
  }

  // 3. Read and classify every file, then load (same contents), refresh or build.
  // With the workers up ahead, every file is parsed (there is no index to reuse): each one
  // goes to them as soon as it is read, and the build takes the analyses as they come.
  const parsing = pool ? new ParseAhead((path, text) => pool.analyze(path, text), Infinity) : null;
  traceMark('read:start');
  const intake = await intakeFiles(entries, parsing ? { onAccept: (file) => parsing.start(file.path, file.text) } : {});
  traceMark('read:end', { files: intake.files.length, bytes: intake.bytes });
  const readMs = performance.now() - t0;
  const unreadable = unreadableFiles(intake);
  if (intake.fileLimit.message) options.onNotice?.(intake.fileLimit.message);
  if (intake.files.length === 0) throw nothingToIndex(dir, intake);

  const t1 = performance.now();
  let previous = cached ? wholeSnapshot(await readStored(), options.onNotice) : null;
  if (previous && !analysesReadable(previous)) {
    options.onNotice?.('the cached index is damaged: rebuilding it');
    previous = null;
  }
  const cacheWrites = new CacheWrites();
  const remember = async () => {
    if (useCache && unreadable.length === 0)
      await cacheWrites.run(() => writeManifest(manifestFile, { fingerprint: digest, writtenAt: Date.now(), tree }));
  };
  if (previous && previous.version === SNAPSHOT_VERSION && sameFiles(previous, intake)) {
    const engine = loadOrNull(
      previous,
      await embedderFor(options.embedder, storedEmbedderOf(previous)),
      repositoryNamesOf(basename(root)),
      options.onNotice,
    );
    if (engine) {
      await remember();
      return {
        root,
        engine,
        intake,
        unreadable,
        fromCache: true,
        cacheCheck: 'content',
        readMs,
        loadMs: performance.now() - t1,
        cacheFailure: cacheWrites.failure,
      };
    }
    previous = null;
  }

  const embedder = await embedderFor(options.embedder, null);
  const embeddingFile = embedder ? join(cacheDir, `embeddings-${safeName(embedder.id)}.cache`) : null;
  const embeddingCache = embeddingFile && useCache ? await DiskEmbeddingCache.open(embeddingFile) : null;
  options.onNotice?.(buildNotice(intake, previous));
  const analyzer = await buildAnalyzer(pool, parsing, intake, previous, languages.names);
  const engine = await buildEngine(
    intake,
    { analyzer, embedder, embeddingCache, repositoryNames: repositoryNamesOf(basename(root)) },
    previous,
    tracedProgress(options.onProgress),
  );
  if (useCache) {
    traceMark('store:start');
    await cacheWrites.run(() => {
      const snapshot = engine.snapshot();
      traceMark('store:snapshot');
      return writeSnapshotFile(snapshotFile, snapshot);
    });
    traceMark('store:end');
    await remember();
    await cacheWrites.run(async () => embeddingCache?.save());
    traceMark('manifest:end');
  }
  return {
    root,
    engine,
    intake,
    unreadable,
    fromCache: false,
    cacheCheck: null,
    readMs,
    loadMs: performance.now() - t1,
    cacheFailure: cacheWrites.failure,
  };
}

/** The repository from its cached index, found current by a stat check (null when the index cannot be loaded). */
async function openCached(
  ctx: OpenContext,
  readStored: () => Promise<StoredSnapshot | null>,
  walkSkips: SkippedFile[],
  t0: number,
): Promise<OpenedRepository | null> {
  const { root, options, embedderFor } = ctx;
  const t1 = performance.now();
  const { snapshot, engine } = await loadCached(
    readStored,
    (file) => embedderFor(options.embedder, file.storedEmbedder()),
    repositoryNamesOf(basename(root)),
    options,
  );
  if (!snapshot || !engine) return null;
  // Files intake skipped after reading them (binary, oversized) are not in the snapshot's list.
  const intake = { files: snapshot.files.map(({ path, hash }) => ({ path, hash })), skippedFiles: walkSkips };
  return {
    root,
    engine,
    intake,
    unreadable: [],
    fromCache: true,
    cacheCheck: 'stat',
    readMs: t1 - t0,
    loadMs: performance.now() - t1,
    cacheFailure: null,
  };
}

/**
 * The cached snapshot and its engine (null when absent, of another version, or damaged). Its
 * parts are read when a query first needs them with `onDemand`, else all of them now.
 */
async function loadCached(
  readStored: () => Promise<StoredSnapshot | null>,
  embedderFor: (file: SnapshotFile) => Promise<Embedder | null>,
  repositoryNames: readonly string[],
  options: OpenOptions,
): Promise<{ snapshot: EngineSnapshot | null; engine: Engine | null }> {
  const stored = await readStored();
  if (!stored || stored.snapshot.version !== SNAPSHOT_VERSION) return { snapshot: null, engine: null };
  const snapshot = options.onDemand ? stored.snapshot : wholeSnapshot(stored, options.onNotice);
  if (!snapshot) return { snapshot: null, engine: null };
  return { snapshot, engine: loadOrNull(snapshot, await embedderFor(stored.file), repositoryNames, options.onNotice) };
}

/** A stored snapshot whose every part has been read and checked, or null (after saying so) when one is damaged. */
function wholeSnapshot(stored: StoredSnapshot | null, onNotice?: (message: string) => void): EngineSnapshot | null {
  if (!stored) return null;
  try {
    stored.file.readAll();
    return stored.snapshot;
  } catch (e) {
    if (!(e instanceof SnapshotDamagedError)) throw e;
    onNotice?.(`the cached index could not be read (${e.message}): rebuilding it`);
    return null;
  }
}

/** The embedder a snapshot in memory was built with (a build's previous index, read whole). */
function storedEmbedderOf(snapshot: EngineSnapshot): StoredEmbedder | null {
  const semantic = snapshot.modalities.semantic;
  return semantic ? { embedderId: semantic.embedderId, dimensions: semantic.dimensions } : null;
}

/** The files intake found but could not read, each with why. */
function unreadableFiles(intake: IntakeResult): { path: string; reason: string }[] {
  return intake.skippedFiles.filter((s) => s.reason === 'unreadable').map((s) => ({ path: s.path, reason: s.detail }));
}

/** What a build says before it starts: a refresh of a changed repository, or a first index of so many files. */
function buildNotice(intake: IntakeResult, previous: EngineSnapshot | null): string {
  if (previous) return 'the repository changed since it was indexed: re-indexing what changed';
  return `indexing ${intake.files.length} file${intake.files.length === 1 ? '' : 's'} (${(intake.bytes / 1e6).toFixed(1)} MB)…`;
}

/** Builds the engine from the intake, reusing `previous` where it can, and closes the analyzer either way. */
async function buildEngine(
  intake: IntakeResult,
  deps: {
    analyzer: BuildAnalyzer;
    embedder: Embedder | null;
    embeddingCache: DiskEmbeddingCache | null;
    repositoryNames: readonly string[];
  },
  previous: EngineSnapshot | null,
  onProgress: OpenOptions['onProgress'],
): Promise<Engine> {
  const { analyzer, embedder, embeddingCache, repositoryNames } = deps;
  const text = analyzer.textIndexer;
  traceMark('engine-build:start');
  try {
    return await Engine.build(
      intake.files,
      {
        analyzer,
        embedder,
        embeddingCache: embeddingCache ?? undefined,
        lexicalExpansion: nodeLexicalExpansion(),
        repositoryNames,
      },
      {
        previous: previous ?? undefined,
        skipped: intake.skipped,
        onProgress,
        // The build asks for the text index once every file is analysed: from then on the
        // workers only finish what is on its way, and each stops when it has (beside the graph).
        textIndexer: text && {
          begin: (files) => text.begin(files),
          add: text.add && ((chunks) => text.add!(chunks)),
          finish: (chunks) => {
            const snapshot = text.finish(chunks);
            analyzer.finished?.();
            return snapshot;
          },
        },
      },
    );
  } finally {
    traceMark('engine-build:end');
    // Closing the pool lets the process exit.
    await analyzer.close();
    traceMark('pool:closed');
  }
}

/**
 * The build's analyzer: the workers started ahead, taking the parses begun while the files were read;
 * else the pool or the in-process analyzer, by how many files there are to parse.
 */
async function buildAnalyzer(
  pool: BuildAnalyzer | null,
  parsing: ParseAhead | null,
  intake: IntakeResult,
  previous: EngineSnapshot | null,
  languages: readonly Language[],
): Promise<BuildAnalyzer> {
  if (pool && parsing)
    return { ...pool, analyze: (path, text) => parsing.take(path, text) ?? pool.analyze(path, text) };
  return nodeAnalyzer(filesToParse(intake, previous) >= PARSE_POOL_MIN_FILES, languages);
}

/** The walk's entries (names and stat only: nothing read), its skips, and the fingerprint a cached index is checked against. */
async function walkForOpen(root: string): Promise<{
  entries: IntakeEntry[];
  walkSkips: SkippedFile[];
  fingerprint: WalkFingerprint;
  tree: StoredTree | null;
}> {
  const walkStats = emptyWalkStats();
  const fingerprint = new WalkFingerprint();
  const recorder = new TreeRecorder();
  const entries: IntakeEntry[] = [];
  const walkSkips: SkippedFile[] = [];
  const hooks = {
    onFile: (path: string, size: number | undefined, mtimeMs: number | undefined, viaLink: boolean) => {
      fingerprint.file(path, size, mtimeMs);
      recorder.file(path, size, mtimeMs, viaLink);
    },
    onDirectory: (path: string, mtimeMs: number | undefined) => recorder.directory(path, mtimeMs),
    onIgnoreFile: (path: string, size: number | undefined, mtimeMs: number | undefined) =>
      recorder.file(path, size, mtimeMs),
  };
  for await (const entry of walkRepository(root, hooks, walkStats)) {
    if ('skip' in entry) {
      fingerprint.skip(entry.path, entry.skip);
      const skip = { path: entry.path, reason: entry.skip, detail: entry.detail ?? skipDetail(entry.skip, entry.note) };
      walkSkips.push(skip);
      recorder.skip(skip);
    }
    entries.push(entry);
  }
  return { entries, walkSkips, fingerprint, tree: recorder.stored() };
}

function nothingToIndex(dir: string, intake: IntakeResult): InputError {
  const s = intake.skipped;
  return new InputError(
    `nothing to index in ${dir}: no readable text files (skipped: ${s.ignored} ignored, ${s.binary} binary, ${s.oversized} oversized, ${s.invalidUtf8} invalid UTF-8, ${s.unsupported} other)`,
  );
}

/** The parsed languages among the walk's files, how many files are in one, and each one's bytes (as the walk stat'ed them). */
function parsedLanguages(entries: readonly IntakeEntry[]): {
  names: Language[];
  files: number;
  bytes: Map<Language, number>;
} {
  const bytes = new Map<Language, number>();
  let files = 0;
  for (const entry of entries) {
    if ('skip' in entry) continue;
    const language = languageForPath(entry.path);
    if (!language) continue;
    const size = 'bytes' in entry ? entry.bytes.byteLength : (entry.size ?? 0);
    bytes.set(language, (bytes.get(language) ?? 0) + size);
    files++;
  }
  return { names: [...bytes.keys()], files, bytes };
}

/**
 * Reads the cached snapshot file once: a damaged one (a section that fails its checksum) is
 * said once and read as none, and the build after it does not read it again.
 */
function cachedSnapshotReader(
  snapshotFile: string,
  onNotice?: (message: string) => void,
): () => Promise<StoredSnapshot | null> {
  let stored: SnapshotFileRead | null = null;
  return async () => {
    if (!stored) {
      stored = openSnapshotFile(snapshotFile);
      if ('damaged' in stored) onNotice?.(`the cached index could not be read (${stored.damaged}): rebuilding it`);
    }
    return 'snapshot' in stored ? stored : null;
  };
}

/** An opened snapshot file and the snapshot it reads on demand. */
interface StoredSnapshot {
  snapshot: EngineSnapshot;
  file: SnapshotFile;
}

/** The engine of a cached snapshot, or null (after saying so) when the file is damaged: then it is rebuilt, never a crash. */
function loadOrNull(
  snapshot: EngineSnapshot,
  embedder: Embedder | null,
  repositoryNames: readonly string[],
  onNotice?: (message: string) => void,
): Engine | null {
  try {
    // The expansion table (a 0.24 MB JSON) is parsed by the first question that expands, not at every load.
    return Engine.load(snapshot, {
      analyzer: noAnalyzer,
      embedder,
      lexicalExpansion: () => nodeLexicalExpansion(),
      repositoryNames,
    });
  } catch (e) {
    onNotice?.(`the cached index could not be read (${e instanceof Error ? e.message : String(e)}): rebuilding it`);
    return null;
  }
}

/** Whether a cached snapshot's analyses can be reused by a rebuild. */
function analysesReadable(snapshot: EngineSnapshot): boolean {
  if (snapshot.version !== SNAPSHOT_VERSION) return true; // not reused at all: Engine.build ignores it
  try {
    return new AnalysisReader(snapshot.analyses).fileCount === snapshot.files.length;
  } catch {
    return false;
  }
}

/** A loaded engine never parses. */
const noAnalyzer: EngineDeps['analyzer'] = {
  analyze: () => Promise.reject(new Error('a loaded index does not parse')),
};

/**
 * The embedder: for a loaded index of the local model, a stand-in with its id and width that
 * loads the model (transformers.js, ONNX Runtime) only when a query needs an embedding.
 */
async function embedderForKind(
  kind: NodeEmbedderKind,
  semantic: StoredEmbedder | null,
  prefetched: Promise<Embedder | null> | null,
): Promise<Embedder | null> {
  if (kind === 'none') return null;
  const create = () => (kind === 'local' && prefetched) || createEmbedder(kind);
  if (kind !== 'local' || !semantic?.embedderId || !semantic.dimensions) return create();
  let real: Promise<Embedder | null> | null = null;
  return deferredEmbedder(semantic.embedderId, semantic.dimensions, async () => {
    const embedder = await (real ??= create());
    if (!embedder) throw new Error('no embedding model');
    return embedder;
  });
}

async function createEmbedder(kind: Exclude<NodeEmbedderKind, 'none'>): Promise<Embedder | null> {
  const { createNodeEmbedder } = await import('./embedders');
  try {
    return await createNodeEmbedder(kind, process.env.VOYAGE_BASE_URL ? { baseUrl: process.env.VOYAGE_BASE_URL } : {});
  } catch (e) {
    throw new InputError(e instanceof Error ? e.message : String(e));
  }
}

/**
 * Tree-sitter, loaded only to build: one parse worker per core for many files, the main thread
 * only handing out files and collecting analyses; one in-process analyzer for a few files or
 * one core. (The main thread used to be a parse lane too, but a synchronous parse there holds
 * back the workers' answers and so their next files: in a CPU profile of the 10 MB bench corpus
 * the worker sat idle for a third of the parse.)
 */
async function nodeAnalyzer(usePool: boolean, languages: readonly Language[]): Promise<BuildAnalyzer> {
  const pool = usePool ? await startParsePool() : null;
  if (pool) {
    pool.prepare(languages);
    return pool;
  }
  const [analyzerModule, { nodeGrammars }] = await Promise.all([
    import('../engine/structural/analyzer'),
    import('./grammars'),
  ]);
  // One shared promise: Engine.build calls analyze 32 times at once, and each call must not
  // load its own copy of every grammar.
  let analyzer: Promise<StructuralAnalyzer> | null = null;
  // Only the repository's languages load up front; a file in another (a C++ `.h`, a shell script without extension) loads its own.
  const local = async (path: string, text: string): Promise<FileAnalysis> =>
    (await (analyzer ??= analyzerModule.StructuralAnalyzer.create(nodeGrammars, { languages }))).analyzeAsync(
      path,
      text,
    );
  return { analyze: local, prepare: () => {}, close: async () => {} };
}

/** The pool of parse workers, loaded only to build. */
async function startParsePool(): Promise<BuildAnalyzer | null> {
  return (await import('./parse-pool')).startParsePool();
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
