/**
 * The build pipeline: files → analyses (reused from a previous snapshot when unchanged) →
 * corpus → the four indexes, in the order that lets an engine answer early: text first (line
 * windows, before any parse), then structural and graph over the parsed chunks, semantic last
 * (embedding starts as soon as the chunks exist and runs beside the other builds).
 */
import { languageCounts } from './languages';
import type {
  Chunk,
  FileAnalysis,
  IndexProgress,
  IndexStage,
  IndexStats,
  Modality,
  SkipCounts,
  SourceFile,
} from './contract';
import { MODALITIES } from './contract';
import type { Engine } from './engine';
import { hashText } from './intake/hash';
import type { Corpus } from './modality';
import {
  MODALITY_REGISTRY,
  serializeIndexes,
  STORED_MODALITIES,
  type Indexes,
  type ModalitySnapshots,
} from './registry';
import type { Embedder } from './semantic/embedder';
import type { EmbeddingCache, SemanticIndex } from './semantic/index';
import {
  approximateSize,
  encodeColumns,
  SNAPSHOT_VERSION,
  utf8Length,
  type CorpusRecord,
  type EngineSnapshot,
  type StoredColumns,
} from './snapshot';
import { AnalysisReader } from './store/analysis-table';
import { CorpusBuilder, corpusFromTexts, unparsedAnalysis } from './structural/corpus';
import { CorpusMacros } from './structural/corpus-macros';
import { StructuralBuilder } from './structural/index';
import { SameText } from './structural/same-text';
import type { LexicalExpansion } from './text/expansion';
import { TextIndex, type TextSnapshot } from './text/index';
import { measure, nextTask, now, timed } from './timing';

/** Files analysed concurrently: enough to keep a worker pool busy, few enough to bound memory. */
const ANALYSIS_IN_FLIGHT = 32;

export interface FileAnalyzer {
  analyze(path: string, text: string): FileAnalysis | Promise<FileAnalysis>;
}

export interface EngineDeps {
  analyzer: FileAnalyzer;
  embedder: Embedder | null;
  embeddingCache?: EmbeddingCache;
  /**
   * The model's learned lexical expansion (expansion.json beside it), when the host has it; or a
   * function that reads it when a question first needs it (most questions never do).
   */
  lexicalExpansion?: LexicalExpansion | null | (() => LexicalExpansion | null);
  /**
   * The names the repository goes by (search/repository-names.ts repositoryNamesOf: the name of
   * the folder it was opened at): a question asking how that says one weighs it as context.
   */
  repositoryNames?: readonly string[];
}

export interface BuildOptions {
  signal?: AbortSignal;
  onProgress?: (p: IndexProgress) => void;
  /**
   * Searchable first, complete later: called with an engine that answers from the indexes
   * built so far, each time one more modality becomes ready before the build ends — text
   * (literal, regex and terms over line windows) as soon as the files are given, then text and
   * structural over the parsed chunks, then the graph; semantic last, with the engine `build`
   * returns. Each engine's `pending` names what it does not have yet; its searches skip those
   * modalities and say so. Not called after a cancel.
   */
  onStage?: (engine: Engine) => void;
  /**
   * The embedder while it is still loading (a model takes seconds to start): every stage
   * before semantic goes ahead without it, and semantic waits for it. Replaces
   * `deps.embedder`; resolving to null builds no semantic index.
   */
  embedder?: Promise<Embedder | null>;
  /** A previous snapshot: files whose content hash is unchanged reuse its analyses. */
  previous?: EngineSnapshot;
  /**
   * Builds the text index on another thread while this one waits for the parse and then
   * builds structural and graph (the CLI's parse pool). Unused when `onStage` is given (the
   * early text index already holds the trigrams); if it fails, the index is built here.
   */
  textIndexer?: TextIndexer;
  /** What intake skipped, carried into the statistics. */
  skipped?: SkipCounts;
  /**
   * The early text index, built as the files arrived (EarlyTextBuilder, same files in the same
   * order): the first stage (`onStage`) publishes it instead of building it after the last file.
   */
  early?: EarlyText;
}

/** The text index built elsewhere: `begin` as the build starts (files get ids 0..n-1 in this order), `finish` once the chunks exist. */
export interface TextIndexer {
  begin(files: readonly { path: string; text: string }[]): void;
  /**
   * The next chunks (ids continuing from the last given), as the build cuts them file by file
   * during the parse, so that their terms are counted beside it; `finish` is still given every chunk.
   */
  add?(chunks: readonly Chunk[]): void;
  /** The snapshot `TextIndex.build(corpus).serialize()` would give for these files and chunks. */
  finish(chunks: readonly Chunk[]): Promise<TextSnapshot>;
}

/** The files as plain text (line windows, no parse) and their text index: what a build answers from first. */
export interface EarlyText {
  corpus: Corpus;
  text: TextIndex;
}

/**
 * Builds BuildOptions.early file by file as intake accepts the files (file i added i-th), so the
 * early text index is all but finished when the last file is read: the tab answers literal,
 * regex and term searches right after its reads.
 */
export class EarlyTextBuilder {
  private readonly corpus = new CorpusBuilder();
  private readonly text = TextIndex.builder();

  private added = 0;

  add(file: SourceFile & { hash?: string; size?: number }): void {
    this.added++;
    const added = this.corpus.add({ ...file, analysis: unparsedAnalysis(file.path, file.text) });
    this.text.add(
      added,
      added.chunkIds.map((id) => this.corpus.chunkById(id)),
    );
  }

  finish(): EarlyText {
    const corpus = this.corpus.finish();
    return { corpus, text: this.text.finish(corpus) };
  }

  /** The early text of the files added so far (a partial answer while the rest are read); adding goes on after it. */
  peek(): EarlyText {
    const corpus = this.corpus.peek();
    return { corpus, text: this.text.peek(corpus) };
  }

  /** Files added so far. */
  get files(): number {
    return this.added;
  }
}

export type BuildFile = SourceFile & { hash?: string; size?: number };

/** An engine over these indexes: the build's result, or (with `pending` not empty) one handed to `onStage`. */
export type EngineFactory = (
  corpus: Corpus,
  indexes: Indexes,
  deps: EngineDeps,
  stats: IndexStats,
  pending: ReadonlySet<Modality>,
) => Engine;

/** What a finished build hands the engine. */
export interface BuiltIndexes {
  corpus: Corpus;
  indexes: Indexes;
  /** The serialization the statistics measured: the first snapshot() reuses it. */
  serialized: ModalitySnapshots;
  /** The corpus's stored columns, when computed while the embedding ran: the first snapshot() reuses them. */
  columns: StoredColumns | null;
  stats: IndexStats;
  /** The dependencies with the embedder the build ended up with (a loading one, resolved). */
  deps: EngineDeps;
}

/** Builds every index. Cancelling through `signal` rejects with an AbortError and leaves nothing half-built. */
export function buildIndexes(
  files: BuildFile[],
  deps: EngineDeps,
  options: BuildOptions,
  engineOf: EngineFactory,
): Promise<BuiltIndexes> {
  return new IndexBuild(files, deps, options, engineOf).run();
}

/** One build's state: its timings, its embedder (given or loading), and the stages it has published. */
class IndexBuild {
  private readonly buildMs: Record<string, number> = {};
  /** Whether a semantic index is coming: an embedder given, or one loading. */
  private readonly semanticComing: boolean;
  /** The previous snapshot, when it is of this version: its analyses and vectors are reused. */
  private readonly previousSnapshot: EngineSnapshot | null;
  /** Whether the embedder is up (given ready, or loaded since): only then does the build wait for its first batch to go out. */
  private embedderUp: boolean;
  private embedder: Embedder | null;
  private embedding!: () => void;
  /** Settles once the semantic stage's first batch is with the embedder. */
  private readonly embeddingStarted = new Promise<void>((resolve) => (this.embedding = resolve));

  constructor(
    private readonly files: BuildFile[],
    private readonly deps: EngineDeps,
    private readonly options: BuildOptions,
    private readonly engineOf: EngineFactory,
  ) {
    this.semanticComing = options.embedder !== undefined || deps.embedder !== null;
    this.previousSnapshot = options.previous?.version === SNAPSHOT_VERSION ? options.previous : null;
    this.embedder = deps.embedder;
    this.embedderUp = options.embedder === undefined;
    void options.embedder?.then(
      () => (this.embedderUp = true),
      () => (this.embedderUp = true),
    );
  }

  async run(): Promise<BuiltIndexes> {
    const { files, buildMs, semanticComing } = this;
    const { signal, onProgress } = this.options;
    // 1. Literal, regex and term search before any parse: the files cut into line windows.
    const early = this.options.onStage ? this.earlyText() : undefined;
    const textIndexer = early ? undefined : this.options.textIndexer;
    textIndexer?.begin(files);

    const t0 = now();
    const { reused, inOrder } = await this.analyse(textIndexer);
    const corpus = timed(buildMs, 'chunks', () => inOrder.corpus.finish());
    // Embedding starts as soon as the chunks exist: the model runs in its own workers (in the
    // browser) while text, structural and graph are built here.
    const semanticBuild = semanticComing ? this.buildSemantic(corpus) : Promise.resolve(null);
    semanticBuild.catch(() => undefined); // awaited below; not unhandled if a stage before it throws
    // With the model up, its first batches go out before this thread builds text, structural and
    // graph: embedding is the longest stage, and its first replies would wait for those builds.
    if (semanticComing && this.embedderUp)
      await Promise.race([
        this.embeddingStarted,
        semanticBuild.then(
          () => undefined,
          () => undefined,
        ),
      ]);
    // Between the stages below, events are let in (the cache read's answer, the embedding
    // workers' replies) so the next batch goes out while this thread builds.
    await this.letEventsIn();
    // Built elsewhere while structural and graph are built here; or here, reusing the early
    // stage's trigram index (same files, same ids).
    const textElsewhere = textIndexer ? textIndexOn(textIndexer, corpus, buildMs) : null;
    const textHere = textElsewhere
      ? null
      : stage('text', onProgress, buildMs, () => MODALITY_REGISTRY.text.build(corpus, { sameFiles: early }));
    throwIfAborted(signal);
    await this.letEventsIn();
    // Its per-file part was built during the parse (InOrderStages): what is left lays it out.
    const structural = stage('text', onProgress, buildMs, () => inOrder.structural.finish(corpus), 'structural');
    throwIfAborted(signal);
    await this.letEventsIn();
    if (textHere) this.publish(corpus, { text: textHere, structural, graph: null, semantic: null });
    const graph = stage('graph', onProgress, buildMs, () => MODALITY_REGISTRY.graph.build(corpus, {}));
    throwIfAborted(signal);
    const text = textHere ?? (await textElsewhere!);
    throwIfAborted(signal);
    buildMs.indexes = now() - t0;
    if (semanticComing) this.publish(corpus, { text, structural, graph, semantic: null });
    // While the embedding runs elsewhere, what storing the build needs of the rest is computed
    // here, with events let in between (the embedding's replies, its next batch).
    const ahead = semanticComing ? await this.storedFormsAhead(corpus, { text, structural, graph }) : null;
    const semantic = await semanticBuild;
    throwIfAborted(signal);

    const indexes = { text, structural, graph, semantic };
    const serialized = ahead
      ? { ...ahead.serialized, semantic: MODALITY_REGISTRY.semantic.serialize(semantic) }
      : serializeIndexes(indexes);
    const stats = computeStats(corpus, indexes, serialized, buildMs, this.options.skipped, this.embedder, reused);
    const columns = ahead?.columns ?? null;
    return { corpus, indexes, serialized, columns, stats, deps: { ...this.deps, embedder: this.embedder } };
  }

  /** The stored forms of every index but semantic, and the corpus's columns (see run()). */
  private async storedFormsAhead(
    corpus: Corpus,
    indexes: Omit<Indexes, 'semantic'>,
  ): Promise<{ serialized: Omit<ModalitySnapshots, 'semantic'>; columns: StoredColumns }> {
    const started = now();
    const serialized = {
      text: MODALITY_REGISTRY.text.serialize(indexes.text),
      structural: MODALITY_REGISTRY.structural.serialize(indexes.structural),
      graph: MODALITY_REGISTRY.graph.serialize(indexes.graph),
    };
    await this.letEventsIn();
    const columns = encodeColumns(corpus);
    measure('stored-forms', started);
    return { serialized, columns };
  }

  /** The line-window text index (given, or built now), published as the first stage. */
  private earlyText(): TextIndex {
    const { files, buildMs } = this;
    const given = this.options.early?.corpus.files.length === files.length ? this.options.early : undefined;
    const windows = given?.corpus ?? timed(buildMs, 'early-chunks', () => corpusFromTexts(files));
    const early = given?.text ?? timed(buildMs, 'early-text', () => TextIndex.build(windows));
    this.publish(windows, { text: early, structural: null, graph: null, semantic: null });
    return early;
  }

  /**
   * Every file's analysis: the previous snapshot's for an unchanged file, else the analyzer's;
   * each file's chunks and structural postings made as soon as it and every file before it
   * are analysed (InOrderStages).
   */
  private async analyse(textIndexer: TextIndexer | undefined): Promise<{ reused: number; inOrder: InOrderStages }> {
    const { files, previousSnapshot } = this;
    const { signal, onProgress } = this.options;
    const previous = new Map((previousSnapshot?.files ?? []).map((f, i) => [f.path, { hash: f.hash, index: i }]));
    let previousAnalyses: AnalysisReader | null = null;
    const parse = new StageMeter('parse', files.length, onProgress);
    let reused = 0;
    const t0 = now();
    const records: CorpusRecord[] = new Array(files.length);
    const inOrder = new InOrderStages(records, textIndexer);
    // The crate's macros, read before any analysis: a file invoking one of another file's is
    // completed as its analysis arrives (corpus-macros.ts), reused or not.
    const macros = CorpusMacros.of(files);
    const sameText = new SameTextAnalyses();
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        throwIfAborted(signal);
        const i = next++;
        const { path, text } = files[i];
        const hash = files[i].hash ?? hashText(text);
        const old = previous.get(path);
        let analysis: FileAnalysis;
        if (old && old.hash === hash) {
          previousAnalyses ??= new AnalysisReader(previousSnapshot!.analyses);
          analysis = previousAnalyses.analysisAt(old.index);
          reused++;
        } else analysis = await sameText.analysis(path, text, hash, this.deps.analyzer);
        if (macros) analysis = macros.complete(path, text, analysis);
        records[i] = { path, hash, size: files[i].size ?? utf8Length(text), text, analysis };
        inOrder.advance();
        parse.tick();
      }
    };
    await Promise.all(Array.from({ length: Math.min(ANALYSIS_IN_FLIGHT, files.length) }, worker));
    throwIfAborted(signal);
    inOrder.flush();
    this.buildMs.parse = now() - t0;
    this.buildMs['in-parse'] = inOrder.ms;
    measure('parse', t0);
    return { reused, inOrder };
  }

  /** The semantic index over `corpus`, once the embedder (if still loading) is up; null without one. */
  private async buildSemantic(corpus: Corpus): Promise<SemanticIndex | null> {
    const { buildMs, options } = this;
    if (options.embedder) {
      const waited = now();
      this.embedder = await options.embedder;
      buildMs['embedder-wait'] = now() - waited;
      throwIfAborted(options.signal);
    }
    const embedder = this.embedder;
    if (!embedder) return null;
    const embed = new StageMeter('embed', corpus.chunks.length, options.onProgress);
    const ts = now();
    const built = await MODALITY_REGISTRY.semantic.build(corpus, {
      embedder,
      semantic: {
        cache: this.deps.embeddingCache,
        previous: this.previousSnapshot?.modalities.semantic ?? null,
        signal: options.signal,
        onProgress: (done) => embed.set(done),
        onStep: (step, start) => void measure(step, start),
        onEmbedding: this.embedding,
      },
    });
    buildMs.semantic = now() - ts;
    measure('semantic', ts);
    return built;
  }

  /** Hands a partial engine to `onStage`: these indexes answer, the rest (and semantic, if an embedder will run) are pending. */
  private publish(corpus: Corpus, indexes: Indexes): void {
    const { onStage, signal, skipped } = this.options;
    if (!onStage || signal?.aborted) return;
    const pending = new Set<Modality>(
      MODALITIES.filter((m) => indexes[m] === null && (m !== 'semantic' || this.semanticComing)),
    );
    // A partial engine embeds no query: it has no semantic index to search.
    const partialDeps = { ...this.deps, embedder: null };
    onStage(
      this.engineOf(
        corpus,
        indexes,
        partialDeps,
        computeStats(corpus, indexes, null, this.buildMs, skipped, null, 0),
        pending,
      ),
    );
  }

  /** With embedding under way, lets its replies in between the stages built on this thread. */
  private async letEventsIn(): Promise<void> {
    if (this.semanticComing) await nextTask();
  }
}

/** Chunks sent to a TextIndexer at once: a message per batch, not per file. */
export const TEXT_CHUNK_BATCH = 2048;

/**
 * The per-file work of the stages after the parse, done while the parse goes on: each file is
 * chunked and added to the structural index (and its chunks handed to the text indexer) as soon
 * as it and every file before it have their analyses. The analyses arrive out of order; the
 * files are taken in file order, so the corpus and the indexes are the ones a build after the
 * parse makes (ids, first-seen orders and all). The thread would otherwise wait for the parse
 * workers, and do all of this after the last one answered.
 */
class InOrderStages {
  readonly corpus = new CorpusBuilder();
  readonly structural = new StructuralBuilder();
  /** Files taken so far: records[0..next-1]. */
  private next = 0;
  /** Chunks handed to the text indexer so far. */
  private sent = 0;
  /** Time spent here (within the parse's wall time). */
  ms = 0;

  constructor(
    private readonly records: readonly CorpusRecord[],
    private readonly textIndexer: TextIndexer | undefined,
  ) {}

  /** Takes every file whose analysis, and every earlier file's, has arrived. */
  advance(): void {
    const { records, corpus, structural } = this;
    if (records[this.next] === undefined) return;
    const started = now();
    while (this.next < records.length && records[this.next] !== undefined) {
      const file = corpus.add(records[this.next++]);
      structural.add(file.id, file.path, file.analysis, (line) => corpus.chunkAt(file.id, line));
    }
    if (this.textIndexer?.add && corpus.chunkCount - this.sent >= TEXT_CHUNK_BATCH) this.send();
    this.ms += now() - started;
  }

  /** After the last analysis: hands the text indexer the chunks it has not had. */
  flush(): void {
    if (this.next !== this.records.length) throw new Error(`${this.next} of ${this.records.length} files taken`);
    if (this.textIndexer?.add && this.corpus.chunkCount > this.sent) this.send();
  }

  private send(): void {
    const chunks = this.corpus.chunksFrom(this.sent);
    this.sent += chunks.length;
    this.textIndexer!.add!(chunks);
  }
}

/** Progress of one stage, with rate and ETA. */
class StageMeter {
  private readonly started = now();
  private done = 0;
  private lastReport = 0;
  constructor(
    private readonly stage: IndexStage,
    private readonly total: number,
    private readonly onProgress?: (p: IndexProgress) => void,
  ) {
    this.report(true);
  }
  tick(): void {
    this.set(this.done + 1);
  }
  set(done: number): void {
    this.done = done;
    this.report(done >= this.total);
  }
  private report(force: boolean): void {
    if (!this.onProgress) return;
    const t = now();
    if (!force && t - this.lastReport < 100) return;
    this.lastReport = t;
    const seconds = (t - this.started) / 1000;
    const rate = seconds > 0 ? this.done / seconds : 0;
    const etaMs = rate > 0 ? ((this.total - this.done) / rate) * 1000 : null;
    this.onProgress({ stage: this.stage, done: this.done, total: this.total, rate, etaMs });
  }
}

/**
 * The text index from a TextIndexer; built here if it fails. `buildMs.text` is its wall time,
 * spent beside the structural and graph stages.
 */
async function textIndexOn(indexer: TextIndexer, corpus: Corpus, buildMs: Record<string, number>): Promise<TextIndex> {
  const started = now();
  let text: TextIndex;
  try {
    text = TextIndex.load(corpus, await indexer.finish(corpus.chunks));
  } catch {
    text = TextIndex.build(corpus);
  }
  buildMs.text = measure('text', started);
  return text;
}

function stage<T>(
  s: IndexStage,
  onProgress: BuildOptions['onProgress'],
  buildMs: Record<string, number>,
  build: () => T,
  name: string = s,
): T {
  onProgress?.({ stage: s, done: 0, total: 1, rate: 0, etaMs: null, message: `building ${name} index` });
  const value = timed(buildMs, name, build);
  onProgress?.({ stage: s, done: 1, total: 1, rate: 0, etaMs: 0, message: `${name} index built` });
  return value;
}

export function computeStats(
  corpus: Corpus,
  indexes: Indexes,
  /** Null for an engine still being built: no sizes yet. */
  serialized: ModalitySnapshots | null,
  buildMs: Record<string, number>,
  skipped: SkipCounts | undefined,
  embedder: Embedder | null,
  reusedFiles: number,
): IndexStats {
  let definitions = 0;
  let references = 0;
  let imports = 0;
  let parseFailures = 0;
  let bytes = 0;
  for (const f of corpus.files) {
    definitions += f.analysis.definitions.length;
    references += f.analysis.references.length;
    imports += f.analysis.imports.length;
    if (f.language && !f.analysis.parsed) parseFailures++;
    bytes += f.size;
  }
  const sizeBytes: Record<string, number> = {};
  for (const m of STORED_MODALITIES) {
    const stored = serialized?.[m];
    if (stored) sizeBytes[m] = approximateSize(stored);
  }
  return {
    files: corpus.files.length,
    bytes,
    chunks: corpus.chunks.length,
    definitions,
    references,
    imports,
    resolvedImports: indexes.graph?.stats().resolvedImports ?? 0,
    parseFailures,
    skipped: skipped ?? { binary: 0, oversized: 0, ignored: 0, unsupported: 0, invalidUtf8: 0 },
    buildMs,
    sizeBytes,
    embedder: embedder?.id ?? null,
    reusedFiles,
    languages: languageCounts(corpus.files, embedder !== null),
  };
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted)
    throw signal.reason instanceof Error ? signal.reason : new DOMException('Indexing was cancelled', 'AbortError');
}

/**
 * Byte-identical files analysed once: a file whose analysis is one asked for before but for its
 * path (same-text.ts: the same text, language and file-given name) takes that analysis under its
 * own path. The intake's hash picks the candidates.
 */
export class SameTextAnalyses {
  private readonly sameText = new SameText<Promise<FileAnalysis>>();

  analysis(path: string, text: string, hash: string, analyzer: FileAnalyzer): Promise<FileAnalysis> {
    const { value, first } = this.sameText.of(hash, path, text, () => Promise.resolve(analyzer.analyze(path, text)));
    return first ? value : value.then((analysis) => ({ ...analysis, path }));
  }
}
