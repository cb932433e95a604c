/**
 * The engine facade: build the four indexes from source files, persist them as one
 * snapshot, and answer queries — classify, route, run the retrievers, fuse, explain.
 * No DOM and no Node built-ins: the same class runs in a Web Worker and in the CLI.
 */
import { classify, planQuery, routePastedText } from './classify';
import { describeFilters, fileFilter, hasFileFilter, parseQuery } from './query-syntax';
import type {
  Chunk,
  DefinitionTarget,
  FileAnalysis,
  Intent,
  IndexProgress,
  IndexStage,
  IndexStats,
  Language,
  Modality,
  ModalityHit,
  ModalityRun,
  Preset,
  QueryPlan,
  SearchOptions,
  SearchResponse,
  SkipCode,
  SkipCounts,
  SourceFile,
  UnderstoodQuery,
} from './contract';
import { MODALITIES } from './contract';
import { fuse } from './fuse';
import { isNotReady, skipMessage, type SkipContext } from './skip';
import type { Corpus, Retriever } from './modality';
import {
  boostCentrality,
  DEFAULT_PRESET_MODALITIES,
  DEFAULT_RESULT_LIMIT,
  DIRECT_PATH_MAX_WORDS,
  DIRECT_PATH_MIN_CONFIDENCE,
  FILTERED_LIST_DEPTH,
  MODALITY_LIST_DEPTH,
  QUICK_PRESET_MODALITIES,
  RRF_K,
  WEIGHTS,
} from './ranking';
import { hashText } from './intake/hash';
import { AnalysisReader, encodeAnalyses, type AnalysisTable } from './store/analysis-table';
import { CorpusBuilder, corpusFromAnalyses, corpusFromChunkTable, corpusFromTexts, encodeChunkTable, unparsedAnalysis, type ChunkTable } from './structural/corpus';
import { GraphIndex, type DependencyRelation, type GraphNeighbour } from './graph/index';
import { type Embedder } from './semantic/embedder';
import { type EmbeddingCache, SemanticIndex, type SemanticSnapshot } from './semantic/index';
import { StructuralIndex } from './structural/index';
import { InvalidRegex, RegexRejected, TextIndex, type TextGrepResult, type TextSnapshot } from './text/index';
import { callSitesOf, fileMatches, matchRuleFor, type CallSite, type FileMatches } from './matches';
import { absentNameOf, NameSuggester } from './missing-names';

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

  add(file: SourceFile & { hash?: string; size?: number }): void {
    const added = this.corpus.add({ ...file, analysis: unparsedAnalysis(file.path, file.text) });
    this.text.add(added, added.chunkIds.map((id) => this.corpus.chunkById(id)));
  }

  finish(): EarlyText {
    const corpus = this.corpus.finish();
    return { corpus, text: this.text.finish(corpus) };
  }
}

/**
 * Bump when the snapshot's shape changes: older snapshots are rebuilt, never misread.
 * 2: analyses (AnalysisTable) and chunks (ChunkTable) in columns beside the files; BM25 as
 *    typed arrays, not MiniSearch JSON.
 * 3: references say whether they are qualified (`res.send` against a bare `send`).
 */
export const SNAPSHOT_VERSION = 3;
/** Files analysed concurrently: enough to keep a worker pool busy, few enough to bound memory. */
const ANALYSIS_IN_FLIGHT = 32;
/** Lines a /regex/ combined with a question reads to find the files it narrows the search to. */
const REGEX_FILTER_SCAN_LIMIT = 20_000;
/** Word occurrences read to check a references answer against grep's file set. */
const REFERENCE_FLOOR_SCAN_LIMIT = 5000;
/** Why a modality did not run in an engine whose build has not reached it yet. */
/** Why semantic did not answer a query right after a reload: the stored index is open, the model that embeds queries is not up yet. */
/** Entries of each modality's own list kept in the response for the teaching page. */
const LIST_PREVIEW = 25;

export interface FileAnalyzer {
  analyze(path: string, text: string): FileAnalysis | Promise<FileAnalysis>;
}

export interface EngineDeps {
  analyzer: FileAnalyzer;
  embedder: Embedder | null;
  embeddingCache?: EmbeddingCache;
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
  /** The snapshot `TextIndex.build(corpus).serialize()` would give for these files and chunks. */
  finish(chunks: readonly Chunk[]): Promise<TextSnapshot>;
}

/** A file with its text and analysis: what the corpus is built from. */
export interface CorpusRecord extends SnapshotFile {
  text: string;
  analysis: FileAnalysis;
}

/** What a snapshot stores per file besides its text and analysis. */
export interface SnapshotFile {
  path: string;
  hash: string;
  size: number;
}

/** Every file's text as UTF-8, one after the other: file i is utf8[ends[i-1] ?? 0 .. ends[i]]. Half the bytes of UTF-16 strings for code. */
export interface StoredTexts {
  utf8: Uint8Array;
  ends: Uint32Array;
}

/**
 * Everything a stored index holds. Plain structured-clone data, mostly typed arrays and
 * strings: files (in corpus order), their texts, their analyses in columns (analyses[i] is files[i]'s),
 * the chunk table, each modality's serialized index, and the build's statistics.
 */
export interface EngineSnapshot {
  version: number;
  files: SnapshotFile[];
  texts: StoredTexts;
  analyses: AnalysisTable;
  chunks: ChunkTable;
  modalities: { text: unknown; structural: unknown; graph: unknown; semantic: unknown | null };
  stats: IndexStats;
}

/** The snapshot's files with their analyses (references and imports decode when first read). */
export function snapshotRecords(snapshot: EngineSnapshot): CorpusRecord[] {
  const reader = new AnalysisReader(snapshot.analyses);
  const { utf8, ends } = snapshot.texts;
  if (reader.fileCount !== snapshot.files.length || ends.length !== snapshot.files.length) {
    throw new Error(`snapshot has ${snapshot.files.length} files but ${ends.length} texts and ${reader.fileCount} analyses`);
  }
  const decoder = new TextDecoder();
  return snapshot.files.map((f, i) => ({
    path: f.path,
    hash: f.hash,
    size: f.size,
    text: decoder.decode(utf8.subarray(i === 0 ? 0 : ends[i - 1], ends[i])),
    analysis: reader.analysisAt(i),
  }));
}

function encodeTexts(texts: readonly string[]): StoredTexts {
  let total = 0;
  for (const t of texts) total += utf8Length(t);
  const utf8 = new Uint8Array(total);
  const ends = new Uint32Array(texts.length);
  const encoder = new TextEncoder();
  let at = 0;
  texts.forEach((t, i) => {
    at += encoder.encodeInto(t, utf8.subarray(at)).written;
    ends[i] = at;
  });
  return { utf8, ends };
}

export interface FileView {
  path: string;
  text: string;
  language: Language | null;
  analysis: FileAnalysis;
  chunks: Chunk[];
}

/** A file that depends on a target, `hops` away; `via` is the file one hop closer it depends on. */
export interface Dependent {
  path: string;
  hops: number;
  via: string;
  relation: DependencyRelation;
  /** Line in `path` where the dependency is written (the import, call or reference). */
  line: number;
}

interface Indexes {
  text: TextIndex;
  /** Null only in an engine whose build has not reached them yet (they are in its `pending`). */
  structural: StructuralIndex | null;
  graph: GraphIndex | null;
  semantic: SemanticIndex | null;
}

/** An engine's build stage: which modalities answer now, which are still being built. */
export interface EngineStage {
  live: Modality[];
  pending: Modality[];
}

export class Engine {
  /** The build's own serialization, handed to the first snapshot() and then dropped. */
  private serializedAtBuild: EngineSnapshot['modalities'] | null = null;
  /** "Did you mean": built on the first query about a name that is not here. */
  private suggester: NameSuggester | null = null;
  /** The analyses as loaded: a loaded engine's snapshot() stores them again without decoding them. */
  private analysesTable: AnalysisTable | null = null;
  private chunkTable: ChunkTable | null = null;
  private storedTexts: StoredTexts | null = null;

  private constructor(
    private readonly corpus: Corpus,
    private readonly indexes: Indexes,
    private readonly deps: EngineDeps,
    readonly stats: IndexStats,
    /** Modalities still being built (an engine handed out by `onStage`): searches skip them and say so. Empty once complete. */
    readonly pending: ReadonlySet<Modality> = new Set(),
  ) {}

  /** What answers now and what is still being built. */
  get stage(): EngineStage {
    return { live: MODALITIES.filter((m) => this.indexes[m] !== null), pending: MODALITIES.filter((m) => this.pending.has(m)) };
  }

  /** Builds every index. Cancelling through `signal` rejects with an AbortError and leaves nothing half-built. */
  static async build(files: (SourceFile & { hash?: string; size?: number })[], deps: EngineDeps, options: BuildOptions = {}): Promise<Engine> {
    const { signal, onProgress, onStage } = options;
    const buildMs: Record<string, number> = {};
    /** Whether a semantic index is coming: an embedder given, or one loading. */
    const semanticComing = options.embedder !== undefined || deps.embedder !== null;
    /** The previous snapshot, when it is of this version: its analyses and vectors are reused. */
    const previousSnapshot = options.previous?.version === SNAPSHOT_VERSION ? options.previous : null;
    /** Hands a partial engine to `onStage`: these indexes answer, the rest (and semantic, if an embedder will run) are pending. */
    const publish = (corpus: Corpus, indexes: Indexes) => {
      if (!onStage || signal?.aborted) return;
      const pending = new Set<Modality>(MODALITIES.filter((m) => indexes[m] === null && (m !== 'semantic' || semanticComing)));
      // A partial engine embeds no query: it has no semantic index to search.
      const partialDeps = { ...deps, embedder: null };
      onStage(new Engine(corpus, indexes, partialDeps, computeStats(corpus, indexes, null, buildMs, options.skipped, null, 0), pending));
    };
    /** Whether the embedder is up (given ready, or loaded since): only then does the build wait for its first batch to go out. */
    let embedderUp = options.embedder === undefined;
    void options.embedder?.then(
      () => (embedderUp = true),
      () => (embedderUp = true),
    );
    let embedding!: () => void;
    /** Settles once the semantic stage's first batch is with the embedder. */
    const embeddingStarted = new Promise<void>((resolve) => (embedding = resolve));
    /** The semantic index over `corpus`, once the embedder (if still loading) is up; null without one. */
    const buildSemantic = async (corpus: Corpus): Promise<SemanticIndex | null> => {
      if (options.embedder) {
        const waited = now();
        deps = { ...deps, embedder: await options.embedder };
        buildMs['embedder-wait'] = now() - waited;
        throwIfAborted(signal);
      }
      const embedder = deps.embedder;
      if (!embedder) return null;
      const embed = new StageMeter('embed', corpus.chunks.length, onProgress);
      const ts = now();
      const built = await SemanticIndex.build(corpus, embedder, {
        cache: deps.embeddingCache,
        previous: (previousSnapshot?.modalities.semantic as SemanticSnapshot | null | undefined) ?? null,
        signal,
        onProgress: (done) => embed.set(done),
        onStep: (step, start) => void measure(step, start),
        onEmbedding: embedding,
      });
      buildMs.semantic = now() - ts;
      measure('semantic', ts);
      return built;
    };
    // 1. Literal, regex and term search before any parse: the files cut into line windows.
    let early: TextIndex | undefined;
    if (onStage) {
      const given = options.early?.corpus.files.length === files.length ? options.early : undefined;
      const windows = given?.corpus ?? timed(buildMs, 'early-chunks', () => corpusFromTexts(files));
      early = given?.text ?? timed(buildMs, 'early-text', () => TextIndex.build(windows));
      publish(windows, { text: early, structural: null, graph: null, semantic: null });
    }
    const textIndexer = early ? undefined : options.textIndexer;
    textIndexer?.begin(files);
    const previous = new Map((previousSnapshot?.files ?? []).map((f, i) => [f.path, { hash: f.hash, index: i }]));
    let previousAnalyses: AnalysisReader | null = null;

    const parse = new StageMeter('parse', files.length, onProgress);
    let reused = 0;
    const t0 = now();
    const records: CorpusRecord[] = new Array(files.length);
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
        } else analysis = await deps.analyzer.analyze(path, text);
        records[i] = { path, hash, size: files[i].size ?? utf8Length(text), text, analysis };
        parse.tick();
      }
    };
    await Promise.all(Array.from({ length: Math.min(ANALYSIS_IN_FLIGHT, files.length) }, worker));
    throwIfAborted(signal);
    buildMs.parse = now() - t0;
    measure('parse', t0);

    const corpus = timed(buildMs, 'chunks', () => corpusFromAnalyses(records));
    // Embedding starts as soon as the chunks exist: the model runs in its own workers (in the
    // browser) while text, structural and graph are built here.
    const semanticBuild = semanticComing ? buildSemantic(corpus) : Promise.resolve(null);
    semanticBuild.catch(() => undefined); // awaited below; not unhandled if a stage before it throws
    // With the model up, its first batches go out before this thread builds text, structural and
    // graph: embedding is the longest stage, and its first replies would wait for those builds.
    if (semanticComing && embedderUp) await Promise.race([embeddingStarted, semanticBuild.then(() => undefined, () => undefined)]);
    // Between the stages below, events are let in (the cache read's answer, the embedding
    // workers' replies) so the next batch goes out while this thread builds.
    if (semanticComing) await nextTask();
    // Built elsewhere while structural and graph are built here; or here, reusing the early
    // stage's trigram index (same files, same ids).
    const textElsewhere = textIndexer ? textIndexOn(textIndexer, corpus, buildMs) : null;
    let text = textElsewhere ? null : stage('text', onProgress, buildMs, () => TextIndex.build(corpus, early));
    throwIfAborted(signal);
    if (semanticComing) await nextTask();
    const structural = stage('text', onProgress, buildMs, () => StructuralIndex.build(corpus), 'structural');
    throwIfAborted(signal);
    if (semanticComing) await nextTask();
    if (text) publish(corpus, { text, structural, graph: null, semantic: null });
    const graph = stage('graph', onProgress, buildMs, () => GraphIndex.build(corpus));
    throwIfAborted(signal);
    text ??= await textElsewhere!;
    throwIfAborted(signal);
    buildMs.indexes = now() - t0;
    if (semanticComing) publish(corpus, { text, structural, graph, semantic: null });
    const semantic = await semanticBuild;
    throwIfAborted(signal);

    const indexes = { text, structural, graph, semantic };
    const serialized = serializeIndexes(indexes);
    const stats = computeStats(corpus, indexes, serialized, buildMs, options.skipped, deps.embedder, reused);
    const engine = new Engine(corpus, indexes, deps, stats);
    // A build is stored right after: the serialization the statistics measured is reused once.
    engine.serializedAtBuild = serialized;
    return engine;
  }

  /** Rebuilds the engine from a stored snapshot without re-parsing or re-embedding anything. */
  static load(snapshot: EngineSnapshot, deps: EngineDeps): Engine {
    if (snapshot.version !== SNAPSHOT_VERSION) throw new Error(`Index format ${snapshot.version} is out of date (current ${SNAPSHOT_VERSION}): re-index this repository.`);
    const started = now();
    const corpus = corpusFromChunkTable(snapshotRecords(snapshot), snapshot.chunks);
    const m = snapshot.modalities;
    const indexes: Indexes = {
      text: TextIndex.load(corpus, m.text as never),
      structural: StructuralIndex.load(corpus, m.structural as never),
      graph: GraphIndex.load(corpus, m.graph as never),
      semantic: m.semantic ? SemanticIndex.load(corpus, m.semantic as never, deps.embedder) : null,
    };
    const engine = new Engine(corpus, indexes, deps, snapshot.stats);
    engine.analysesTable = snapshot.analyses;
    engine.chunkTable = snapshot.chunks;
    engine.storedTexts = snapshot.texts;
    measure('load', started);
    return engine;
  }

  snapshot(): EngineSnapshot {
    if (this.pending.size > 0) throw new Error(`an index still waiting for ${[...this.pending].join(', ')} is not stored`);
    const modalities = this.serializedAtBuild ?? serializeIndexes(this.indexes);
    this.serializedAtBuild = null;
    return {
      version: SNAPSHOT_VERSION,
      files: this.corpus.files.map(({ path, hash, size }) => ({ path, hash, size })),
      texts: this.storedTexts ?? encodeTexts(this.corpus.files.map((f) => f.text)),
      analyses: this.analysesTable ?? encodeAnalyses(this.corpus.files.map((f) => f.analysis)),
      chunks: this.chunkTable ?? encodeChunkTable(this.corpus),
      modalities,
      stats: this.stats,
    };
  }

  /** Cheap classification for as-you-type display. */
  classify(query: string): QueryPlan {
    return planTypedQuery(query);
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchResponse> {
    const started = now();
    const preset = options.preset ?? 'default';
    const limit = options.limit ?? DEFAULT_RESULT_LIMIT;
    const notes: string[] = [];
    const similarTo = options.similarToChunk;
    const understood = parseQuery(query);
    const refuse = (error: string) => this.unanswered(query, understood, error, preset, started);
    if (understood.error) return refuse(understood.error);

    // path:/lang: filters and a /regex/ narrow the files every list may return.
    let only: Set<number> | null = null;
    if (hasFileFilter(understood)) {
      const accept = fileFilter(understood);
      only = new Set(this.corpus.files.filter((f) => accept(f.path)).map((f) => f.id));
      if (only.size === 0) return refuse(`No file of this repository (${this.corpus.files.length} files) matches ${describeFilters(understood).join(' ')}.`);
      notes.push(`Filters ${describeFilters(understood).join(' ')}: ${only.size} of ${this.corpus.files.length} files.`);
    }
    if (understood.regex !== undefined) {
      let matched: TextGrepResult;
      try {
        matched = this.indexes.text.grep(understood.regex, { regex: true, caseSensitive: understood.caseSensitive, limit: REGEX_FILTER_SCAN_LIMIT });
      } catch (e) {
        if (e instanceof InvalidRegex || e instanceof RegexRejected) return refuse(e.message);
        throw e;
      }
      const files = new Set(matched.matches.map((m) => m.fileId).filter((id) => !only || only.has(id)));
      if (understood.text) only = files;
      if (matched.truncated) notes.push(`/${understood.regex}/ matches more than the ${matched.matches.length} lines read; ${matched.truncatedBy === 'limit' ? 'the files of those lines are searched' : 'the search stopped at its time budget'}.`);
      if (files.size === 0) notes.push(`No line matches /${understood.regex}/${hasFileFilter(understood) ? ` in ${describeFilters(understood).join(' ')}` : ''}.`);
    }
    const question = understood.text;
    if (!question && understood.regex === undefined && similarTo === undefined && hasFileFilter(understood)) {
      return refuse(`Add a question, a "phrase" or a /pattern/ to search within ${describeFilters(understood).join(' ')}.`);
    }

    let plan: QueryPlan =
      !question && understood.regex !== undefined && similarTo === undefined
        ? regexPlan(understood.regex)
        : planQuery(question, similarTo !== undefined ? 'find_similar' : options.intent);
    if (understood.caseSensitive) plan.caseSensitive = true;
    if (similarTo === undefined && plan.rule !== 'user-choice' && plan.rule !== 'query-syntax') {
      plan = routePastedText(plan, (text) => this.indexes.text.grep(text, { limit: 1 }).matches.length > 0);
      if (plan.pasted) notes.push(`Pasted text: "${plan.literal}" occurs verbatim in this repository, so the files containing it lead (exact match, rule ${plan.rule}).`);
    }
    if (similarTo !== undefined) {
      const chunk = this.chunk(similarTo);
      plan.similarToChunk = similarTo;
      plan.snippet = this.chunkText(chunk);
      if (!plan.raw) plan.raw = chunk.symbol ? `similar to ${chunk.symbol}` : `similar to ${chunk.path}:${chunk.startLine}`;
    }

    const weights: Record<Modality, number> = { ...WEIGHTS[plan.intent] };
    if (preset === 'quick') for (const m of MODALITIES) weights[m] = m === 'semantic' ? 1 : 0;
    if (options.experiment?.weights) {
      Object.assign(weights, options.experiment.weights);
      notes.push('Experiment: weights changed by the user, not the defaults.');
    }
    const k = options.experiment?.k ?? RRF_K[preset];
    if (options.experiment?.k !== undefined) notes.push(`Experiment: k = ${k} instead of ${RRF_K[preset]}.`);

    const chosen = new Set<Modality>(
      chosenModalities(preset, plan.intent, options.modalities),
    );
    const skipped = new Map<Modality, SkipCode>();
    for (const m of MODALITIES) {
      if (!chosen.has(m)) skipped.set(m, options.modalities ? 'not-selected' : 'not-in-preset');
      else if (!(weights[m] > 0)) skipped.set(m, 'zero-weight');
      else if (this.pending.has(m)) skipped.set(m, 'still-indexing');
      else if (m === 'semantic' && this.indexes.semantic && plan.similarToChunk === undefined && this.deps.embedder?.ready?.() === false) skipped.set(m, 'model-loading');
      else if (m === 'semantic' && !this.semanticUsable(plan)) skipped.set(m, this.indexes.semantic ? 'no-query-embedder' : 'no-semantic-index');
    }
    let runnable = MODALITIES.filter((m) => !skipped.has(m));
    if (preset === 'quick' && runnable.length === 0) {
      weights.semantic = 0;
      weights.text = 1;
      skipped.delete('text');
      runnable = ['text'];
      notes.push('Quick preset without a semantic index: answered by text search instead.');
    }

    let strategy: 'direct' | 'fused' = 'fused';
    let strategyReason: string;
    let toRun = runnable;
    if (preset === 'quick') {
      strategy = 'direct';
      strategyReason = `quick preset: ${runnable[0] ?? 'semantic'} only, no fusion`;
    } else if (routesDirectly(preset, plan, options) && runnable.length > 0) {
      const dominant = runnable.reduce((a, b) => (weights[b] > weights[a] ? b : a));
      strategy = 'direct';
      toRun = [dominant];
      strategyReason = `confidence ${plan.confidence} ≥ ${DIRECT_PATH_MIN_CONFIDENCE} and an ordinary query: answered by ${dominant} alone (weight ${weights[dominant]})`;
      for (const m of runnable) if (m !== dominant) skipped.set(m, 'direct-path');
    } else {
      strategyReason = options.modalities
        ? 'explicit modality set: fused'
        : options.experiment
          ? 'experiment: fused'
          : preset === 'thorough'
            ? 'thorough preset: always fused'
            : plan.confidence < DIRECT_PATH_MIN_CONFIDENCE
              ? `confidence ${plan.confidence} < ${DIRECT_PATH_MIN_CONFIDENCE}: fused`
              : plan.rule === 'user-choice'
                ? 'chosen intent: fused'
                : 'a long query: fused';
    }

    let fallback: string | undefined;
    const runs = new Map<Modality, ModalityRun>();
    const lists: Partial<Record<Modality, ModalityHit[]>> = {};
    if (!plan.raw && plan.similarToChunk === undefined) {
      toRun = [];
      notes.push('Empty query: type what you are looking for.');
    }
    const retrieve = async (ms: readonly Modality[]) => {
      await this.runRetrievers(ms, plan, weights, lists, runs, notes, only ? FILTERED_LIST_DEPTH : MODALITY_LIST_DEPTH);
      if (only) for (const m of ms) this.keepFiles(only, m, lists, runs);
    };
    await retrieve(toRun);
    const unlinked = strategy === 'direct' && plan.intent === 'find_references' && toRun[0] === 'graph' && runnable.includes('text') ? this.unlinkedWordFiles(plan, lists.graph ?? [], only) : null;
    if (unlinked) {
      // The references answer may not lose recall to grep: files where the name occurs as a
      // word but the graph linked nothing are brought in by fusing the other modalities.
      const rest = runnable.filter((m) => m !== 'graph');
      for (const m of rest) skipped.delete(m);
      await retrieve(rest);
      strategy = 'fused';
      fallback = `graph linked ${unlinked.linkedFiles} file(s), but "${unlinked.name}" occurs as a word in ${unlinked.missing} more, so ${rest.join(', ')} ${rest.length === 1 ? 'was' : 'were'} fused with it`;
      strategyReason += `; ${fallback}`;
    } else if (strategy === 'direct' && preset !== 'quick' && (lists[toRun[0]]?.length ?? 0) === 0 && runnable.length > 1) {
      const rest = runnable.filter((m) => m !== toRun[0]);
      for (const m of rest) skipped.delete(m);
      await retrieve(rest);
      strategy = 'fused';
      fallback = `direct route to ${toRun[0]} found nothing, so ${rest.join(', ')} ${rest.length === 1 ? 'was' : 'were'} fused`;
      strategyReason += `; ${toRun[0]} found nothing, so the other modalities were fused`;
    }

    if (plan.intent === 'exact_match' && plan.literal && !(lists.text?.length)) notes.push(`No exact match for "${plan.literal}".`);
    const results = fuse({
      lists,
      weights,
      k,
      strategy,
      // Without the graph yet, centrality 0: boost 1, and the explanation says the graph was not ready.
      centralityOf: (id) => {
        const graph = this.indexes.graph;
        return graph ? boostCentrality(plan.intent, this.corpus.chunks[id]?.definitionKind, graph.centralityOfChunk(id)) : 0;
      },
      chunkOf: (id) => this.corpus.chunks[id],
      limit,
    });

    // Modalities this query needed that are still being built: they contributed nothing, and
    // the answer says so (the query's runs and every result's explanation). The graph also
    // gives the importance boost of a fused answer.
    const notReady = MODALITIES.filter((m) => isNotReady(skipped.get(m)) || (m === 'graph' && this.pending.has(m) && strategy === 'fused' && results.length > 0));
    if (notReady.length > 0) {
      const why = skipped.get('semantic') === 'model-loading' && notReady.length === 1 ? 'The embedding model is still loading' : 'Still indexing';
      notes.push(`${why}: ${notReady.join(', ')} not ready yet, so this answer is without ${notReady.length === 1 ? 'it' : 'them'}${notReady.includes('graph') && strategy === 'fused' ? ' (and without the graph\'s importance boost)' : ''}; it is asked again when they arrive.`);
      for (const r of results) r.explanation.notReady = notReady;
    }

    const structural = this.indexes.structural;
    const absent = structural ? absentNameOf(plan, (name) => this.occurs(name), () => (this.suggester ??= new NameSuggester(structural.definitionNames))) : null;
    if (absent) {
      const didYouMean = absent.suggestions.length > 0 ? ` Did you mean ${absent.suggestions.join(', ')}?` : '';
      notes.unshift(`No ${absent.name} in this repository: the results are loose matches.${didYouMean}`);
    }

    const modalities: ModalityRun[] = MODALITIES.map(
      (m) => runs.get(m) ?? skippedRun(m, weights[m], skipped.get(m) ?? 'not-run', { preset, intent: plan.intent }),
    );
    return {
      query: {
        query,
        intent: plan.intent,
        confidence: plan.confidence,
        rule: plan.rule,
        strategy,
        strategyReason,
        ...(fallback !== undefined ? { fallback } : {}),
        understood,
        preset,
        k,
        weights,
        modalities,
        elapsedMs: measure('query', started),
        notes,
        ...(absent ? { absent } : {}),
        ...(notReady.length > 0 ? { notReady } : {}),
      },
      results,
    };
  }

  /** Drops from a modality's list (and its preview) the chunks of files the filters leave out. */
  private keepFiles(only: Set<number>, m: Modality, lists: Partial<Record<Modality, ModalityHit[]>>, runs: Map<Modality, ModalityRun>): void {
    const list = lists[m];
    if (!list) return;
    const kept = list.filter((h) => only.has(this.corpus.chunks[h.chunkId].fileId));
    lists[m] = kept;
    const run = runs.get(m);
    if (run) {
      run.hits = kept.length;
      run.list = kept.slice(0, LIST_PREVIEW);
    }
  }

  /** The answer to a query that cannot be run as written: no results, and the reason in `error`. */
  private unanswered(query: string, understood: UnderstoodQuery, error: string, preset: Preset, started: number): SearchResponse {
    const c = classify(understood.text || query);
    const weights = { ...WEIGHTS[c.intent] };
    return {
      query: {
        query,
        ...c,
        strategy: 'fused',
        strategyReason: 'not run: the query needs fixing first',
        understood,
        error,
        preset,
        k: RRF_K[preset],
        weights,
        modalities: MODALITIES.map((m) => skippedRun(m, weights[m], 'query-invalid', { preset, intent: c.intent })),
        elapsedMs: now() - started,
        notes: [error],
      },
      results: [],
    };
  }

  file(path: string): FileView | undefined {
    const f = this.corpus.fileByPath.get(path);
    if (!f) return undefined;
    return { path: f.path, text: f.text, language: f.language, analysis: f.analysis, chunks: f.chunkIds.map((id) => this.corpus.chunks[id]) };
  }

  chunk(id: number): Chunk {
    const c = this.corpus.chunks[id];
    if (!c) throw new RangeError(`No chunk ${id}`);
    return c;
  }

  /** The lines of a chunk. */
  chunkText(chunk: Chunk): string {
    const file = this.corpus.files[chunk.fileId];
    return sliceLines(file.text, chunk.startLine, chunk.endLine);
  }

  callers(chunkId: number): GraphNeighbour[] {
    return this.indexes.graph?.callers(chunkId) ?? [];
  }

  callees(chunkId: number): GraphNeighbour[] {
    return this.indexes.graph?.callees(chunkId) ?? [];
  }

  /** The innermost chunk holding a line (1-based) of a file; undefined for an unknown file or a line past its end. */
  chunkAtLine(path: string, line: number): Chunk | undefined {
    const f = this.corpus.fileByPath.get(path);
    if (!f || !Number.isInteger(line) || line < 1 || line > f.analysis.lineCount) return undefined;
    return this.corpus.chunks[this.corpus.chunkAt(f.id, line)];
  }

  /** Files that depend on a chunk's definition (or on its file), breadth-first with hop distance. */
  dependents(chunkId: number): Dependent[] {
    const pathOf = (fileId: number) => this.corpus.files[fileId].path;
    return (this.indexes.graph?.reverseDependencies({ chunkId }) ?? [])
      .map((d) => ({ path: pathOf(d.fileId), hops: d.hops, via: pathOf(d.via), relation: d.relation, line: d.line }));
  }

  /**
   * The plan of a query for listing and marking its matching lines: the question's plan, or
   * the `/regex/` of the query syntax (the syntax's filters only choose the files).
   */
  navigationPlan(query: string): QueryPlan {
    const plan = planTypedQuery(query);
    if (parseQuery(query).caseSensitive) plan.caseSensitive = true;
    return plan;
  }

  /** Whether a name is written anywhere in the repository, as a whole word, in any case. */
  occurs(name: string): boolean {
    return this.indexes.text.grep(name, { caseSensitive: false, wholeWord: true, limit: 1 }).matches.length > 0;
  }

  /** Every line of these files that answers the query, file by file (src/engine/matches.ts). */
  matches(query: string | QueryPlan, paths: readonly string[]): FileMatches[] {
    const plan = typeof query === 'string' ? this.navigationPlan(query) : query;
    const graph = this.indexes.graph;
    const rule = matchRuleFor(plan, graph?.subjectOf(plan) ?? null, (fileId, targets) => graph!.dependencyOn(fileId, targets));
    if (!rule) return [];
    const out: FileMatches[] = [];
    for (const path of paths) {
      const file = this.corpus.fileByPath.get(path);
      if (file) out.push(fileMatches(rule, file, (line) => this.corpus.chunkAt(file.id, line)));
    }
    return out;
  }

  /**
   * Go to definition: where a name used at a line of a file is defined — the definitions the
   * graph resolved that use to, else every definition of that name, best first.
   */
  definitionsOf(name: string, from?: { path: string; line: number }): DefinitionTarget[] {
    const { graph, structural } = this.indexes;
    if (!structural) return [];
    const file = from ? this.corpus.fileByPath.get(from.path) : undefined;
    const resolved = file && from && graph ? graph.resolveAt(file.id, from.line, name) : [];
    const byName = structural.definitionsNamed(name);
    const targets: DefinitionTarget[] = [];
    const seen = new Set<string>();
    const add = (path: string, line: number, confidence: number | null) => {
      const hit = byName.find((h) => h.path === path && h.definition.nameLine === line);
      const key = `${path}:${line}`;
      if (!hit || seen.has(key)) return;
      seen.add(key);
      const d = hit.definition;
      targets.push({ path, line, startLine: d.startLine, endLine: d.endLine, name: d.name, kind: d.kind, container: d.container, chunkId: hit.chunkId, confidence });
    };
    // The graph's best-resolved targets only: a use imported by name is not also a guess elsewhere.
    const best = resolved.reduce((m, n) => Math.max(m, n.confidence), 0);
    for (const n of resolved) if (n.confidence === best) add(n.path, n.line, n.confidence);
    if (targets.length === 0) for (const h of byName) add(h.path, h.definition.nameLine, null);
    return targets;
  }

  /** Every line that calls or references a definition chunk's name (the code view's callers). */
  callSites(chunkId: number): CallSite[] {
    const chunk = this.chunk(chunkId);
    if (!chunk.symbol) return [];
    const name = chunk.symbol;
    const { graph, structural } = this.indexes;
    if (!graph || !structural) return [];
    const resolvedCallers = new Map(graph.callers(chunkId).map((n) => [n.chunkId, n.confidence]));
    const resolvedElsewhere = new Set<number>();
    for (const other of structural.definitionsNamed(name)) {
      if (other.chunkId !== chunkId) for (const n of graph.callers(other.chunkId)) resolvedElsewhere.add(n.chunkId);
    }
    return callSitesOf(name, chunkId, {
      file: (fileId) => this.corpus.files[fileId],
      chunk: (id) => this.corpus.chunks[id],
      resolvedCallers,
      chunksNaming: structural.chunksReferencing(name),
      resolvedElsewhere,
    });
  }

  grep(pattern: string, options: { regex?: boolean; caseSensitive?: boolean; limit?: number } = {}) {
    return this.indexes.text.grep(pattern, options);
  }

  /**
   * For a references query answered by the graph: the files where the name occurs as a whole
   * word (outside its own declarations) that the graph's list does not contain. Null when there
   * are none, or the query names no identifier.
   */
  private unlinkedWordFiles(plan: QueryPlan, graphHits: ModalityHit[], only: Set<number> | null): { name: string; linkedFiles: number; missing: number } | null {
    const name = plan.identifiers[0];
    if (!name || name.length < 2) return null;
    const linked = new Set(graphHits.map((h) => this.corpus.chunks[h.chunkId].fileId));
    const found = this.indexes.text.grep(name, { caseSensitive: true, wholeWord: true, limit: REFERENCE_FLOOR_SCAN_LIMIT });
    const missing = new Set<number>();
    for (const m of found.matches) {
      if (linked.has(m.fileId) || missing.has(m.fileId) || (only && !only.has(m.fileId))) continue;
      const file = this.corpus.files[m.fileId];
      const declaration = file?.analysis.definitions.some((d) => d.name === name && d.nameLine === m.line);
      if (!declaration) missing.add(m.fileId);
    }
    return missing.size > 0 ? { name, linkedFiles: linked.size, missing: missing.size } : null;
  }

  private semanticUsable(plan: QueryPlan): boolean {
    if (!this.indexes.semantic) return false;
    return plan.similarToChunk !== undefined || this.deps.embedder !== null;
  }

  private retriever(m: Modality): Retriever | null {
    return this.indexes[m];
  }

  private async runRetrievers(
    modalities: readonly Modality[],
    plan: QueryPlan,
    weights: Record<Modality, number>,
    lists: Partial<Record<Modality, ModalityHit[]>>,
    runs: Map<Modality, ModalityRun>,
    notes: string[],
    depth = MODALITY_LIST_DEPTH,
  ): Promise<void> {
    await Promise.all(
      modalities.map(async (m) => {
        const started = now();
        const run: ModalityRun = { modality: m, weight: weights[m], ran: true, latencyMs: 0, hits: 0, list: [] };
        try {
          const r = this.retriever(m);
          if (!r) throw new Error('index not built');
          const hits = await r.search(plan, depth);
          lists[m] = hits;
          run.hits = hits.length;
          run.list = hits.slice(0, LIST_PREVIEW);
        } catch (e) {
          run.ran = false;
          run.skip = 'failed';
          run.skipped = skipMessage('failed', { preset: 'default', intent: plan.intent, detail: errorMessage(e) });
          notes.push(`${m} could not answer: ${errorMessage(e)}`);
        }
        run.latencyMs = now() - started;
        runs.set(m, run);
      }),
    );
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

function stage<T>(s: IndexStage, onProgress: BuildOptions['onProgress'], buildMs: Record<string, number>, build: () => T, name: string = s): T {
  onProgress?.({ stage: s, done: 0, total: 1, rate: 0, etaMs: null, message: `building ${name} index` });
  const value = timed(buildMs, name, build);
  onProgress?.({ stage: s, done: 1, total: 1, rate: 0, etaMs: 0, message: `${name} index built` });
  return value;
}

function timed<T>(buildMs: Record<string, number>, name: string, f: () => T): T {
  const t = now();
  const v = f();
  buildMs[name] = now() - t;
  measure(name, t);
  return v;
}

/**
 * Leaves a User Timing measure `fourfold:<name>` from `start` to now (performance.measure, in
 * Node and in workers alike), so profilers and the bench see each build stage, load and query
 * on the timeline. Only the latest of each name is kept: a long-lived server does not grow the
 * buffer. Returns the duration in milliseconds.
 */
export function measure(name: string, start: number): number {
  const end = now();
  const entry = `fourfold:${name}`;
  if (typeof performance.measure === 'function') {
    performance.clearMeasures(entry);
    performance.measure(entry, { start, end });
  }
  return end - start;
}

function serializeIndexes({ text, structural, graph, semantic }: Indexes): EngineSnapshot['modalities'] {
  if (!structural || !graph) throw new Error('an index still being built is not serialized');
  return { text: text.serialize(), structural: structural.serialize(), graph: graph.serialize(), semantic: semantic ? semantic.serialize() : null };
}

function computeStats(
  corpus: Corpus,
  indexes: Indexes,
  /** Null for an engine still being built: no sizes yet. */
  serialized: EngineSnapshot['modalities'] | null,
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
  if (serialized) {
    sizeBytes.text = approximateSize(serialized.text);
    sizeBytes.structural = approximateSize(serialized.structural);
    sizeBytes.graph = approximateSize(serialized.graph);
    if (serialized.semantic) sizeBytes.semantic = approximateSize(serialized.semantic);
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
  };
}

/** Bytes a structured-clone value roughly occupies: typed arrays exactly, strings as UTF-16. */
export function approximateSize(value: unknown, seen = new Set<unknown>()): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return value.length * 2;
  if (typeof value === 'number') return 8;
  if (typeof value === 'boolean') return 4;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (typeof value !== 'object' || seen.has(value)) return 0;
  seen.add(value);
  let n = 0;
  if (Array.isArray(value)) for (const v of value) n += approximateSize(v, seen);
  else if (value instanceof Map) for (const [k, v] of value) n += approximateSize(k, seen) + approximateSize(v, seen);
  else for (const [k, v] of Object.entries(value)) n += k.length * 2 + approximateSize(v, seen);
  return n;
}

export function sliceLines(text: string, startLine: number, endLine: number): string {
  let pos = 0;
  for (let line = 1; line < startLine && pos !== -1; line++) {
    pos = text.indexOf('\n', pos);
    if (pos !== -1) pos++;
  }
  if (pos === -1) return '';
  let end = pos;
  for (let line = startLine; line <= endLine && end !== -1; line++) {
    end = text.indexOf('\n', end);
    if (end !== -1 && line < endLine) end++;
  }
  return text.slice(pos, end === -1 ? undefined : end);
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** The classifier's plan for a query as typed: its question without the syntax (as search() plans it, without the corpus). */
export function planTypedQuery(query: string): QueryPlan {
  const understood = parseQuery(query);
  if (understood.error) return planQuery(query);
  return !understood.text && understood.regex !== undefined ? regexPlan(understood.regex) : planQuery(understood.text);
}

/**
 * Whether answering a query as typed may embed it — semantic among the modalities its preset (or
 * the caller) picks, weighted for its intent, and not left out by the direct path. A prediction
 * from the classifier alone, before any index is loaded, so a caller can start loading the model
 * beside the index; search() still decides for itself (a direct route that finds nothing fuses).
 */
export function queryMayEmbed(query: string, preset: Preset = 'default', modalities?: readonly Modality[]): boolean {
  const plan = planTypedQuery(query);
  const chosen = chosenModalities(preset, plan.intent, modalities);
  if (preset === 'quick') return chosen.includes('semantic');
  const weights = WEIGHTS[plan.intent];
  if (!chosen.includes('semantic') || !(weights.semantic > 0)) return false;
  return !routesDirectly(preset, plan, { modalities }) || chosen.reduce((a, b) => (weights[b] > weights[a] ? b : a)) === 'semantic';
}

/** The modalities a search runs before readiness and weights are considered: the caller's, or its preset's for the intent. */
function chosenModalities(preset: Preset, intent: Intent, modalities?: readonly Modality[]): readonly Modality[] {
  return modalities ?? (preset === 'quick' ? QUICK_PRESET_MODALITIES : preset === 'thorough' ? MODALITIES : DEFAULT_PRESET_MODALITIES[intent]);
}

/** SPEC §1's direct path: the default preset, a confident classification and an ordinary query (no explicit modalities, experiment or forced intent). */
function routesDirectly(preset: Preset, plan: QueryPlan, options: { modalities?: readonly Modality[]; experiment?: unknown }): boolean {
  const ordinary = wordCount(plan.raw) <= DIRECT_PATH_MAX_WORDS && !options.modalities && !options.experiment && plan.rule !== 'user-choice';
  return preset === 'default' && plan.confidence >= DIRECT_PATH_MIN_CONFIDENCE && ordinary;
}

/** A query that is only a /regex/: an exact match on it, as sure as the user's own syntax. */
function regexPlan(regex: string): QueryPlan {
  return { intent: 'exact_match', confidence: 1, rule: 'query-syntax', raw: `/${regex}/`, identifiers: [], terms: [], regex };
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/** The record of a modality that did not run: its code, and the sentence derived from it. */
function skippedRun(modality: Modality, weight: number, skip: SkipCode, context: SkipContext): ModalityRun {
  return { modality, weight, ran: false, skip, skipped: skipMessage(skip, context), latencyMs: 0, hits: 0, list: [] };
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('Indexing was cancelled', 'AbortError');
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Resolves after the events already queued have run (a macrotask, unlike `await` alone). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function now(): number {
  return performance.now();
}
