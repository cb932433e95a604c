/**
 * The whole contract between the page and its workers (the VS Code way: one file, nothing
 * else crosses the boundary). Everything here is plain data, cloned by postMessage, except
 * the callbacks, which comlink proxies.
 */
import type { GraphNeighbour } from '../engine/graph/index';
import type { SuggestedQuery } from '../engine/suggestions';
import type { LocalRuntime } from '../engine/semantic/local';
import type {
  CallSite,
  Chunk,
  Definition,
  DefinitionTarget,
  FileCoverage,
  FileMatches,
  Language,
  IndexProgress,
  IndexStats,
  Modality,
  Preset,
  QueryExplanation,
  QueryPlan,
  SearchResult,
} from '../engine/contract';

/** A file brought in from a folder (a Blob, read in the worker) or a clone (bytes). */
export interface IncomingFile {
  /** Repository-relative, '/'-separated. */
  path: string;
  /**
   * Bytes, when known for free. A chosen folder's File objects leave it out: their size is a
   * synchronous stat per file (≈ 0.5 ms each in Chromium, seconds for a large folder on the
   * page's thread); the worker learns it by reading.
   */
  size?: number;
  data: Blob | Uint8Array;
  /** Set when the page could not read the file (it changed or went away after the listing): why. */
  unreadable?: string;
}

export type RepositoryState = 'building' | 'complete' | 'cancelled' | 'failed';

export interface RepositorySummary {
  id: string;
  name: string;
  /** 'demo': the sample repository shipped with the app (read-only, always available). */
  origin: 'folder' | 'clone' | 'demo';
  url?: string;
  /** Only 'complete' repositories are searchable. */
  state: RepositoryState;
  /** Why a build did not complete, in words. */
  message?: string;
  stats?: IndexStats;
  /** What its stored index costs in browser storage, about (src/browser/storage-quota.ts); absent for older records. */
  storedBytes?: number;
  updatedAt: number;
}

export interface IndexRequest {
  name: string;
  origin: 'folder' | 'clone';
  url?: string;
  files: IncomingFile[];
  /**
   * A chosen folder's paths, when its bytes follow (`feed`) while the page still reads them:
   * `files` is then empty, and every path listed here arrives once through `feed`.
   */
  listed?: string[];
  /** Files and folders already left out while listing (by .gitignore). */
  ignored?: number;
}

/** Progress of one stage, as the engine (or the worker, for 'read') reports it. */
export type IndexEvent = IndexProgress;

/**
 * A build stage made more modalities searchable: the repository answers from `live` while
 * `pending` is still being built (text once files are read, structural once parsed, then the
 * graph; semantic last, with the complete index).
 */
export interface LiveStage {
  repositoryId: string;
  live: Modality[];
  pending: Modality[];
  /** Set while the folder is still being read: the text that answers covers only these files. */
  partialFiles?: FileCoverage;
}

export interface SnippetView {
  startLine: number;
  lines: string[];
  /** Per line, the [start, end) columns that match the query (whole tokens, see src/engine/matches.ts). */
  ranges: [number, number][][];
}

export interface ResultView extends SearchResult {
  snippet: SnippetView;
  /** Every line of the result's file that answers the query (call sites, uses, occurrences). */
  matches: Omit<FileMatches, 'path'> | null;
}

export interface SearchRequest {
  query: string;
  preset: Preset;
  /** null: the preset decides. */
  modalities: Modality[] | null;
  limit?: number;
  /** "Find similar": neighbours of this chunk (the query may be empty). */
  similarToChunk?: number;
  /** "How ranking works" only: changed weights and k. Never the defaults. */
  experiment?: { weights?: Partial<Record<Modality, number>>; k?: number };
}

/** Where a chunk is, for labelling the per-modality lists of the teaching page. */
export interface ChunkLabel {
  path: string;
  startLine: number;
  endLine: number;
  symbol?: string;
}

export interface SearchView {
  repositoryId: string;
  plan: QueryPlan;
  query: QueryExplanation;
  results: ResultView[];
  /** Words the snippet highlighter marks: identifiers, terms and the literal of the plan. */
  highlights: string[];
  /** Every chunk named in a modality's own list or in the results, by chunk id. */
  labels: Record<number, ChunkLabel>;
  /** The request this answers (the teaching page re-runs it as an experiment). */
  request: SearchRequest;
  /** Matching lines over the listed results: how many, in how many files. */
  matchTotal: { lines: number; files: number };
}

/** A whole file for the code view. */
export interface FileDocument {
  path: string;
  text: string;
  language: Language | null;
  definitions: Definition[];
  chunks: Chunk[];
}

/** A definition the chunk calls or references: the graph's own record, sent as it is. */
export type NeighbourView = GraphNeighbour;

export interface Neighbours {
  chunk: Chunk;
  /** Every line that calls or references the definition (resolved first, then same name only). */
  callers: CallSite[];
  callees: NeighbourView[];
}

/** Go to definition from an identifier at a line of a file. */
export interface DefinitionRequest {
  name: string;
  path: string;
  line: number;
}

export type EmbeddingProvider = 'local' | 'voyage';

/** Settings as the page sees them: the Voyage key itself never comes back, only whether one is set. */
export interface SettingsView {
  provider: EmbeddingProvider;
  voyageBaseUrl: string;
  voyageModel: string;
  hasVoyageKey: boolean;
  /** Files larger than this many bytes are skipped when a repository is brought in. */
  maxFileBytes: number;
  /** Extra gitignore-syntax patterns applied to every repository brought in. */
  ignorePatterns: string[];
  /** After saving a new key: what one small request to Voyage answered. */
  keyCheck?: VoyageKeyCheck;
}

/** The answer to one cheap embedding request made with a key as it is saved. */
export interface VoyageKeyCheck {
  /** 'accepted': stored; 'rejected': Voyage refused the key (not stored); 'unchecked': Voyage could not be reached (stored). */
  outcome: 'accepted' | 'rejected' | 'unchecked';
  message: string;
}

export interface SettingsPatch {
  provider?: EmbeddingProvider;
  voyageBaseUrl?: string;
  voyageModel?: string;
  /** A new key; '' or null removes the stored one. */
  voyageKey?: string | null;
  maxFileBytes?: number;
  ignorePatterns?: string[];
}

export interface WorkerStatus {
  repositories: RepositorySummary[];
  /** The repository searched last, to reopen after a reload. */
  lastRepositoryId: string | null;
  /** The embedding model in use, or null when semantic search is unavailable (and why). */
  embedder: string | null;
  embedderProblem?: string;
  settings: SettingsView;
}

/** The index/search worker: owns the engines and the IndexedDB store. */
export interface IndexWorkerApi {
  /**
   * Sent as the page boots, before React: the repository and question in the page's address
   * (null: the repository opened last). The worker reads that index and answers the question
   * at once; open() and search() then take what is ready.
   */
  reopen(wanted: { repositoryId: string | null; search?: SearchRequest }): Promise<void>;
  /** First call: where the app lives (for its models/ folder), then the same as status(). */
  start(appRoot: string): Promise<WorkerStatus>;
  status(): Promise<WorkerStatus>;
  /** Resolves once the embedding model has loaded (or failed to): the status after that. */
  embedderReady(): Promise<WorkerStatus>;
  /** Load a complete repository's index from the store (no re-indexing). */
  open(repositoryId: string): Promise<RepositorySummary>;
  /**
   * Build (or incrementally rebuild) an index. Resolves when the index is stored as complete.
   * Before that, `onLive` reports each stage that makes the repository searchable (a first
   * build only; a re-index keeps answering from the complete index it replaces). One build
   * at a time: a new request cancels the running one, which ends before the new one starts.
   */
  index(
    jobId: string,
    request: IndexRequest,
    onProgress: (event: IndexEvent) => void,
    onLive?: (stage: LiveStage) => void,
  ): Promise<RepositorySummary>;
  /**
   * Settles once the last finished build's work after it was complete has ended: its stored
   * records deflated and its record saying what the index then takes in storage, the size the
   * list of repositories shows.
   */
  settled(): Promise<void>;
  /** Files of a `listed` request as the page reads them (bytes transferred); any order, each path once. */
  feed(jobId: string, files: IncomingFile[]): Promise<void>;
  cancel(jobId: string): Promise<void>;
  /** Cheap, for the as-you-type intent display. */
  classify(query: string): Promise<QueryPlan>;
  search(repositoryId: string, request: SearchRequest): Promise<SearchView>;
  /** Lines of a file of the open repository (1-based, inclusive), for opening a result. */
  lines(repositoryId: string, path: string, startLine: number, endLine: number): Promise<string[]>;
  /** A whole file of the open repository, with its outline and chunks. */
  file(repositoryId: string, path: string): Promise<FileDocument>;
  /** Callers and callees of a chunk (a definition), from the dependency graph. */
  neighbours(repositoryId: string, chunkId: number): Promise<Neighbours>;
  /** Where an identifier used in the code is defined: resolved by the graph, else by name. */
  definitions(repositoryId: string, request: DefinitionRequest): Promise<DefinitionTarget[]>;
  /** Questions to try, one per intent, made from the open repository's own code (the demo's are its own). */
  suggestions(repositoryId: string): Promise<SuggestedQuery[]>;
  remove(repositoryId: string): Promise<RepositorySummary[]>;
  settings(): Promise<SettingsView>;
  saveSettings(patch: SettingsPatch): Promise<SettingsView>;
}

export interface HighlightWorkerApi {
  highlight(language: Language, text: string): Promise<import('./highlight').Highlighting>;
}

export interface CloneProgressEvent {
  phase: string;
  loaded: number;
  total: number | null;
}

export interface CloneWorkerApi {
  clone(
    jobId: string,
    request: { url: string; corsProxy?: string },
    onProgress: (event: CloneProgressEvent) => void,
  ): Promise<{ name: string; url: string; commit: string; files: IncomingFile[]; skippedLinks: number }>;
  cancel(jobId: string): Promise<void>;
}

export interface EmbedWorkerApi {
  /** Loads the model (once) from `<appRoot>models/` and reports what it produces and how it runs. */
  describe(appRoot: string): Promise<{ id: string; dimensions: number; runtime: LocalRuntime }>;
  embed(jobId: string, texts: string[], inputType: 'document' | 'query'): Promise<Uint32Array[]>;
  /** Documents as sign bits and int8 vectors (for rescoring). */
  embedDocuments(jobId: string, texts: string[]): Promise<import('../engine/semantic/embedder').DocumentEmbeddings>;
  embedQueryFloat(text: string): Promise<Float32Array>;
  cancel(jobId: string): Promise<void>;
  /** Cumulative time per embedding step in this worker (for the benchmark). */
  timings(): Promise<import('../engine/semantic/local').LocalTimings>;
}

export interface ParseWorkerApi {
  analyze(path: string, text: string): Promise<import('../engine/contract').FileAnalysis>;
}
