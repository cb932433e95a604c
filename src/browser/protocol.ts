/**
 * The whole contract between the page and its workers (the VS Code way: one file, nothing
 * else crosses the boundary). Everything here is plain data, cloned by postMessage, except
 * the callbacks, which comlink proxies.
 */
import type {
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
  size: number;
  data: Blob | Uint8Array;
}

export type RepositoryState = 'building' | 'complete' | 'cancelled' | 'failed';

export interface RepositorySummary {
  id: string;
  name: string;
  origin: 'folder' | 'clone';
  url?: string;
  /** Only 'complete' repositories are searchable. */
  state: RepositoryState;
  /** Why a build did not complete, in words. */
  message?: string;
  stats?: IndexStats;
  updatedAt: number;
}

export interface IndexRequest {
  name: string;
  origin: 'folder' | 'clone';
  url?: string;
  files: IncomingFile[];
  /** Files and folders already left out while listing (by .gitignore). */
  ignored?: number;
}

/** Progress of one stage, as the engine (or the worker, for 'read') reports it. */
export type IndexEvent = IndexProgress;

export interface SnippetView {
  startLine: number;
  lines: string[];
}

export interface ResultView extends SearchResult {
  snippet: SnippetView;
}

export interface SearchRequest {
  query: string;
  preset: Preset;
  /** null: the preset decides. */
  modalities: Modality[] | null;
  limit?: number;
}

export interface SearchView {
  repositoryId: string;
  plan: QueryPlan;
  query: QueryExplanation;
  results: ResultView[];
  /** Words the snippet highlighter marks: identifiers, terms and the literal of the plan. */
  highlights: string[];
}

export interface WorkerStatus {
  repositories: RepositorySummary[];
  /** The repository searched last, to reopen after a reload. */
  lastRepositoryId: string | null;
  /** The embedding model in use, or null when semantic search is unavailable (and why). */
  embedder: string | null;
  embedderProblem?: string;
}

/** The index/search worker: owns the engines and the IndexedDB store. */
export interface IndexWorkerApi {
  /** First call: where the app lives (for its models/ folder), then the same as status(). */
  start(appRoot: string): Promise<WorkerStatus>;
  status(): Promise<WorkerStatus>;
  /** Resolves once the embedding model has loaded (or failed to): the status after that. */
  embedderReady(): Promise<WorkerStatus>;
  /** Load a complete repository's index from the store (no re-indexing). */
  open(repositoryId: string): Promise<RepositorySummary>;
  /** Build (or incrementally rebuild) an index. Resolves when the index is stored as complete. */
  index(jobId: string, request: IndexRequest, onProgress: (event: IndexEvent) => void): Promise<RepositorySummary>;
  cancel(jobId: string): Promise<void>;
  /** Cheap, for the as-you-type intent display. */
  classify(query: string): Promise<QueryPlan>;
  search(repositoryId: string, request: SearchRequest): Promise<SearchView>;
  /** Lines of a file of the open repository (1-based, inclusive), for opening a result. */
  lines(repositoryId: string, path: string, startLine: number, endLine: number): Promise<string[]>;
  remove(repositoryId: string): Promise<RepositorySummary[]>;
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
  /** Loads the model (once) from `<appRoot>models/` and reports what it produces. */
  describe(appRoot: string): Promise<{ id: string; dimensions: number }>;
  embed(jobId: string, texts: string[], inputType: 'document' | 'query'): Promise<Uint32Array[]>;
  embedQueryFloat(text: string): Promise<Float32Array>;
  cancel(jobId: string): Promise<void>;
}

export interface ParseWorkerApi {
  analyze(path: string, text: string): Promise<import('../engine/contract').FileAnalysis>;
}
