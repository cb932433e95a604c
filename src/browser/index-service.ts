/**
 * What the index worker does, without the worker: bring files in (intake), build the four
 * indexes (Engine), keep them (the store), reopen them, search them. The worker file is a
 * comlink adapter over this class, and tests drive this class directly.
 *
 * Invariant: a repository is presented as searchable ('complete') only when a snapshot
 * written by a finished build is in the store. A build records 'building' first; a
 * cancelled, failed or interrupted build is never shown as complete — except that a
 * re-index of an already complete repository keeps the old snapshot, and the old state,
 * until the new snapshot replaces it.
 */
import { lineHighlighter } from '../engine/matches';
import { EarlyTextBuilder, Engine, measure, planTypedQuery, type EarlyText, type EngineDeps, type EngineSnapshot } from '../engine/engine';
import type { DefinitionTarget, IndexProgress, QueryPlan, SkipCounts } from '../engine/contract';
import { deferredEmbedder, type Embedder } from '../engine/semantic/embedder';
import type { VoyageEmbedderOptions, VoyageRetryInfo } from '../engine/semantic/voyage';
import { intakeFiles, type IntakeEntry } from '../engine/intake/intake';
import { DEFAULT_MAX_FILE_BYTES } from '../engine/intake/classify';
import type { FileAnalysis } from '../engine/contract';
import { DEMO, type DemoManifest } from './demo';
import { ArrivingFiles } from './arriving-files';
import { ParseAhead } from '../engine/structural/parse-ahead';
import { StoreError, type EmbeddingCache, type StoredEmbeddingCache } from '../engine/store/store';
import { unpackTextHashes, type SemanticSnapshot } from '../engine/semantic/index';
import { estimateStoredBytes, roomFor, storedList, storedPayloadBytes, type StorageEstimateShape } from './storage-quota';
import type {
  ChunkLabel,
  DefinitionRequest,
  FileDocument,
  Neighbours,
  SettingsPatch,
  SettingsView,
  IncomingFile,
  IndexRequest,
  LiveStage,
  RepositoryState,
  RepositorySummary,
  ResultView,
  SearchRequest,
  SearchView,
  SnippetView,
  VoyageKeyCheck,
  WorkerStatus,
} from './protocol';
import { SNIPPET_LINE_CHARS, SNIPPET_LINES } from '../engine/snippet';

/**
 * Files a tab indexes at most (the CLI keeps intake's 50,000): a 100,000-file tree is indexed
 * whole. Measured with `npx tsx bench/scale.ts --only tree` (docs/bench/REPORT.md, "Chromium at
 * scale"): the tab completes it; past the limit, intake stops and says how many were left out.
 */
export const TAB_MAX_FILES = 100_000;
const LAST_REPOSITORY_SETTING = 'lastRepositoryId';
/** After a reload the model starts at the latest this long after the worker, answered or not. */
const MODEL_WAITS_AT_MOST_MS = 3000;
/** …and this long after a reopened index loads when the address holds no question to answer first. */
const MODEL_AFTER_QUIET_REOPEN_MS = 300;
/** The embedder last loaded ({id, dimensions}), so a reload can open an index before the model is up. */
const EMBEDDER_SETTING = 'embedder';
/** The page's settings (SettingsView minus the key). */
const SETTINGS_SETTING = 'settings';
/** The Voyage key: kept apart, never returned to the page. */
const VOYAGE_KEY_SETTING = 'voyageKey';
/** Set when the visitor removes the demo from the list. */
const DEMO_HIDDEN_SETTING = 'demoHidden';
export const DEFAULT_VOYAGE_BASE_URL = 'https://api.voyageai.com';
export const DEFAULT_VOYAGE_MODEL = 'voyage-code-3';
/** Width of Voyage vectors we ask for: 1024 bits = 128 bytes per chunk. */
const VOYAGE_DIMENSIONS = 1024;
/**
 * Analyses in flight while a folder is still being read: the reads take two threads (the page's,
 * which reads the files, and this worker's, which decodes them and indexes their text), so the
 * parser gets the cores beyond those two, and every core once the reads are over. On 2 cores it
 * parses nothing while reading. Measured side by side (10 MB tier, bundled model, 2 cores, load
 * 2–3.7): with one analysis in flight the reads ended at 4.8–5.3 s, with none at 3.5–4.6 s.
 */
export function parseAheadInFlight(cores: number | undefined): number {
  return Math.max(0, Math.floor(cores ?? 2) - 2);
}

export const DEFAULT_SETTINGS: Omit<SettingsView, 'hasVoyageKey'> = {
  provider: 'local',
  voyageBaseUrl: DEFAULT_VOYAGE_BASE_URL,
  voyageModel: DEFAULT_VOYAGE_MODEL,
  maxFileBytes: DEFAULT_MAX_FILE_BYTES,
  ignorePatterns: [],
};

interface EmbedderInfo {
  id: string;
  dimensions: number;
}

/** What the service needs from storage (src/engine/store implements it over IndexedDB). */
export interface RepositoryRecord extends RepositorySummary {
  /** Set while a re-index runs over a complete snapshot: what to restore if it does not finish. */
  previousComplete?: RepositorySummary;
}

export interface IndexPersistence {
  listRepositories(): Promise<RepositoryRecord[]>;
  getRepository(id: string): Promise<RepositoryRecord | undefined>;
  putRepository(record: RepositoryRecord): Promise<void>;
  /** Removes the repository, its snapshot and its files. */
  deleteRepository(id: string): Promise<void>;
  getSnapshot(id: string): Promise<EngineSnapshot | undefined>;
  putSnapshot(id: string, snapshot: EngineSnapshot): Promise<void>;
  /** Removes whatever part of the repository's snapshot is stored, keeping its record. */
  discardSnapshot?(id: string): Promise<void>;
  getSetting(key: string): Promise<unknown>;
  putSetting(key: string, value: unknown): Promise<void>;
  deleteSetting?(key: string): Promise<void>;
}

export interface IndexServiceDeps {
  persistence: IndexPersistence;
  /** A parse worker pool in the browser; released after each build. */
  createAnalyzer(): EngineDeps['analyzer'] & { terminate?(): void };
  /** The embedder, created once; null when no model is available (semantic search off). */
  loadEmbedder(): Promise<Embedder | null>;
  /** Vectors of builds not finished yet; `release` drops those a stored index holds (IndexedDB's store has it). */
  embeddingCache?: EmbeddingCache & Partial<Pick<StoredEmbeddingCache, 'release'>>;
  /** The Voyage client (src/engine/semantic/voyage.ts); absent: the Voyage provider is unavailable. */
  createVoyageEmbedder?(options: VoyageEmbedderOptions): Embedder;
  /** The prebuilt demo index (dist/demo/); absent: no demo. */
  demo?: { manifest(): Promise<DemoManifest>; snapshot(): Promise<EngineSnapshot> };
  /** `navigator.storage` (its estimate()), checked before a build and before its index is written; absent: not checked. */
  storage?: { estimate(): Promise<StorageEstimateShape> };
  /** `navigator.hardwareConcurrency`: how much a folder is parsed while it is still being read (parseAheadInFlight); absent: 2. */
  cores?: number;
}

function voyageMessage(error: Error & { kind?: string; status?: number; attempts?: number }): string {
  const attempts = error.attempts && error.attempts > 1 ? ` after ${error.attempts} attempts` : '';
  if (error.kind === 'auth') return `Voyage rejected the API key${error.status ? ` (HTTP ${error.status})` : ''}: check it in Settings.`;
  if (error.kind === 'rate_limited') return `Voyage kept refusing with 429 (rate limited)${attempts}.`;
  return `Voyage failed${attempts}: ${error.message}`;
}

/** The VoyageError behind an error, if any (the engine may wrap what the embedder threw). */
function voyageErrorIn(error: unknown): (Error & { kind?: string }) | null {
  for (let e = error as (Error & { kind?: string; cause?: unknown }) | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.name === 'VoyageError') return e;
  }
  return null;
}

export function repositoryIdFor(request: Pick<IndexRequest, 'origin' | 'name' | 'url'>): string {
  return request.origin === 'clone' ? `clone:${request.url}` : `folder:${request.name}`;
}

function abortError(): DOMException {
  return new DOMException('Indexing was cancelled.', 'AbortError');
}

function isAbort(error: unknown): boolean {
  return (error as Error)?.name === 'AbortError';
}

function summary(record: RepositoryRecord): RepositorySummary {
  const { previousComplete: _previous, ...rest } = record;
  return rest;
}

export class IndexService {
  private readonly engines = new Map<string, Engine>();
  private readonly jobs = new Map<string, { controller: AbortController; repositoryId: string }>();
  /** The files of folders still being read by the page (`listed` requests), by job. */
  private readonly arriving = new Map<string, ArrivingFiles>();
  /** Settles when the build that started last has ended: the next one waits for it. */
  private lastBuild: Promise<unknown> = Promise.resolve();
  /** Repositories with a build running in this worker right now. */
  private readonly building = new Set<string>();
  /** Repositories deleted while their build was still running: the build must not write them back. */
  private readonly removed = new Set<string>();
  private embedder: Promise<Embedder | null> | null = null;
  /** Known once the model has loaded (null: none available); undefined until then. */
  private embedderId: string | null | undefined;
  private embedderProblem: string | undefined;

  /** The last repository's engine, loaded from its stored index as soon as the worker starts (readAhead): open() takes it. */
  private readingAhead: Promise<{ id: string; engine: Promise<Engine> } | null> | null = null;
  /** The answer to the question in a reloaded page's address, computed as soon as its engine is loaded: search() hands it over once. */
  private answerAhead: { id: string; key: string; view: Promise<SearchView> } | null = null;
  /**
   * The model starts once this opens. After a reload it waits for the first answer (or a build's reads,
   * or a moment after a reopen with no question): starting the model compiles its runtime and
   * takes both cores for seconds, which the reload's read, load and first query need.
   */
  private modelGate: Promise<void> = Promise.resolve();
  private openModelGate: () => void = () => {};
  /** Settles when no folder is being read: a model not started yet waits for it (the reads need the cores). */
  private readsOver: Promise<void> = Promise.resolve();

  constructor(private readonly deps: IndexServiceDeps) {}

  /**
   * Starts reading the repository opened last from IndexedDB and loading its engine at once,
   * while the page is still starting (React, status()): a reload opens it again, and open()
   * takes the engine under way.
   */
  readAhead(wanted: { repositoryId?: string | null; search?: SearchRequest } = {}): void {
    const persistence = this.deps.persistence;
    let open!: () => void;
    this.modelGate = new Promise<void>((resolve) => (open = resolve));
    this.openModelGate = open;
    setTimeout(open, MODEL_WAITS_AT_MOST_MS);
    void this.loadDemoManifest(); // status() lists the demo: its manifest is fetched meanwhile, not after the answer
    this.readingAhead = (async () => {
      const last = wanted.repositoryId ?? (await persistence.getSetting(LAST_REPOSITORY_SETTING));
      if (typeof last !== 'string' || last === DEMO.id || this.engines.has(last)) return null;
      const record = await persistence.getRepository(last);
      if (!record || this.presented(record).state !== 'complete') return null;
      const engine = this.loadStored(last, this.presented(record));
      engine.catch(() => {}); // open() reports a failure; unopened, it is dropped
      if (wanted.search && (wanted.search.query.trim() || wanted.search.similarToChunk !== undefined)) {
        const view = engine.then(async (e) => {
          const started = performance.now();
          const answer = await this.searchEngine(e, last, wanted.search!);
          measure('answer-ahead', started);
          return answer;
        });
        view.catch(() => {}).finally(open); // search() reports a failure; unasked, it is dropped
        this.answerAhead = { id: last, key: requestKey(wanted.search), view };
      } else void engine.catch(() => {}).finally(() => setTimeout(open, MODEL_AFTER_QUIET_REOPEN_MS));
      return { id: last, engine };
    })().catch(() => null);
    void this.readingAhead.then((ahead) => ahead ?? open());
  }

  /** A stored repository's engine: its stored index read from IndexedDB, then loaded. */
  private async loadStored(id: string, shown: RepositorySummary): Promise<Engine> {
    const started = performance.now();
    const snapshot = await this.deps.persistence.getSnapshot(id);
    measure('stored-read', started);
    if (!snapshot) throw new Error('it is missing from this browser\'s storage');
    const embedderId = shown.stats?.embedder ?? null;
    const known = embedderId ? { id: embedderId, dimensions: (snapshot.modalities.semantic as { dimensions?: number } | null)?.dimensions ?? 0 } : null;
    return Engine.load(snapshot, await this.loadedEngineDeps(known));
  }

  /** The engine readAhead() started, if it is this repository's; otherwise one loaded now. */
  private async storedEngine(id: string, shown: RepositorySummary): Promise<Engine> {
    const ahead = await this.readingAhead;
    this.readingAhead = null;
    return ahead?.id === id ? ahead.engine : this.loadStored(id, shown);
  }

  private loadEmbedder(): Promise<Embedder | null> {
    this.embedder ??= this.modelGate
      .then(() => this.readsOver)
      .then(() => {
        const started = performance.now();
        return this.deps.loadEmbedder().finally(() => measure('model-start', started));
      })
      .then(
        async (embedder) => {
          this.embedderId = embedder?.id ?? null;
          if (embedder) await this.remember(EMBEDDER_SETTING, { id: embedder.id, dimensions: embedder.dimensions });
          return embedder;
        },
        (error: unknown) => {
          this.embedderProblem = `Semantic search is off: ${(error as Error).message}`;
          return null;
        },
      );
    return this.embedder;
  }

  /**
   * The embedder for opening a stored index. The model takes seconds to start; when the one
   * used last time is known, a stand-in with its id and width lets the index open at once;
   * until the model is up, queries answer without semantic (not ready) rather than wait.
   */
  private async embedderForOpen(known?: EmbedderInfo | null): Promise<Embedder | null> {
    // An index built without a model has no vectors: nothing to embed queries for, nothing to wait for.
    if (known === null) return null;
    if (known?.id.startsWith('voyage:')) return this.voyageEmbedder(known.id);
    const loading = this.loadEmbedder();
    if (this.embedderId !== undefined && (!known || known.id === this.embedderId)) return loading;
    const info = known ?? ((await this.deps.persistence.getSetting(EMBEDDER_SETTING)) as EmbedderInfo | undefined);
    if (!info?.id) return loading;
    // Until the model is up, a query answers at once without semantic (marked not ready); the
    // page asks it again when embedderReady() settles.
    return deferredEmbedder(
      info.id,
      info.dimensions,
      async () => {
        const embedder = await loading;
        if (!embedder || embedder.id !== info.id) throw new Error(this.embedderProblem ?? `the embedding model ${info.id} is not available`);
        return embedder;
      },
      () => this.embedderId !== undefined,
    );
  }

  /** Deps for a loaded (not built) engine: it never parses, so it needs no analyzer. */
  private async loadedEngineDeps(known?: EmbedderInfo | null): Promise<EngineDeps> {
    const analyzer = { analyze: () => Promise.reject(new Error('a loaded index does not parse')) };
    return { analyzer, embedder: await this.embedderForOpen(known), embeddingCache: this.deps.embeddingCache };
  }

  /** A Voyage embedder with the stored key, for the given id ('voyage:<model>:<dims>'); null without a key. */
  private async voyageEmbedder(id: string, onRetry?: (info: VoyageRetryInfo) => void): Promise<Embedder | null> {
    const key = (await this.deps.persistence.getSetting(VOYAGE_KEY_SETTING)) as string | undefined;
    if (!key || !this.deps.createVoyageEmbedder) return null;
    const settings = await this.settings();
    const [, model, dims] = id.split(':');
    return this.deps.createVoyageEmbedder({
      apiKey: key,
      baseUrl: settings.voyageBaseUrl,
      model: model || settings.voyageModel,
      dimensions: Number(dims) || VOYAGE_DIMENSIONS,
      onRetry,
    });
  }

  async settings(): Promise<SettingsView> {
    const stored = ((await this.deps.persistence.getSetting(SETTINGS_SETTING)) ?? {}) as Partial<SettingsView>;
    const key = await this.deps.persistence.getSetting(VOYAGE_KEY_SETTING);
    return { ...DEFAULT_SETTINGS, ...stored, hasVoyageKey: typeof key === 'string' && key.length > 0 };
  }

  async saveSettings(patch: SettingsPatch): Promise<SettingsView> {
    const { voyageKey, ...rest } = patch;
    const current = await this.settings();
    const next = { ...current, ...rest };
    if (next.voyageBaseUrl) {
      const url = new URL(next.voyageBaseUrl); // throws on a malformed URL: the page shows it
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The Voyage base URL must be http(s).');
      next.voyageBaseUrl = url.href.replace(/\/+$/, '');
    }
    if (!(next.maxFileBytes > 0)) throw new Error('The file-size limit must be a positive number of bytes.');
    next.ignorePatterns = next.ignorePatterns.map((p) => p.trim()).filter(Boolean);
    const { hasVoyageKey: _has, keyCheck: _check, ...stored } = next;
    // A new key is tried with one small request first: a key Voyage refuses is not kept.
    const keyCheck = voyageKey ? await this.checkVoyageKey(voyageKey.trim(), next.voyageBaseUrl, next.voyageModel) : undefined;
    // Without a key, Voyage cannot embed: the provider goes back to the local model.
    if (voyageKey !== undefined && !voyageKey) stored.provider = 'local';
    if (keyCheck?.outcome === 'rejected' && !current.hasVoyageKey) stored.provider = 'local';
    await this.deps.persistence.putSetting(SETTINGS_SETTING, stored);
    if (voyageKey !== undefined && keyCheck?.outcome !== 'rejected') {
      if (voyageKey) await this.deps.persistence.putSetting(VOYAGE_KEY_SETTING, voyageKey.trim());
      else if (this.deps.persistence.deleteSetting) await this.deps.persistence.deleteSetting(VOYAGE_KEY_SETTING);
      else await this.deps.persistence.putSetting(VOYAGE_KEY_SETTING, null);
    }
    const saved = await this.settings();
    return keyCheck ? { ...saved, keyCheck } : saved;
  }

  /** One embedding of one word, no retries: enough to learn whether Voyage takes the key. */
  private async checkVoyageKey(key: string, baseUrl: string, model: string): Promise<VoyageKeyCheck> {
    if (!this.deps.createVoyageEmbedder) return { outcome: 'unchecked', message: 'The Voyage client is not available here; the key was saved unchecked.' };
    const embedder = this.deps.createVoyageEmbedder({ apiKey: key, baseUrl, model, dimensions: VOYAGE_DIMENSIONS, maxRetries: 0 });
    try {
      await embedder.embed(['fourfold key check'], 'document');
      return { outcome: 'accepted', message: `Voyage accepted the key (one test embedding with ${model} at ${baseUrl}). It is stored in this browser only.` };
    } catch (error) {
      const e = error as Error & { kind?: string; status?: number };
      if (e.kind === 'auth') return { outcome: 'rejected', message: `Voyage rejected this key (HTTP ${e.status ?? 401}): it was not saved. ${e.message}` };
      return { outcome: 'unchecked', message: `The key was saved, but it could not be checked: ${e.message}` };
    }
  }

  private demoManifest: Promise<DemoManifest | null> | null = null;

  private loadDemoManifest(): Promise<DemoManifest | null> {
    this.demoManifest ??= this.deps.demo
      ? this.deps.demo.manifest().catch(() => {
          this.demoManifest = null; // offline before the first visit finished: try again later
          return null;
        })
      : Promise.resolve(null);
    return this.demoManifest;
  }

  private demoSummary(manifest: DemoManifest): RepositorySummary {
    return {
      id: DEMO.id,
      name: manifest.name,
      origin: 'demo',
      url: `svelte ${manifest.version} (${manifest.licence})`,
      state: 'complete',
      stats: manifest.stats,
      updatedAt: 0,
    };
  }

  async status(): Promise<WorkerStatus> {
    const records = await this.deps.persistence.listRepositories();
    const elsewhere = await buildsInOtherTabs();
    const repositories = records
      .map((record) => this.presented(record, elsewhere))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    const last = await this.deps.persistence.getSetting(LAST_REPOSITORY_SETTING);
    void this.loadEmbedder(); // start the model early, but never wait for it here
    const known = (await this.deps.persistence.getSetting(EMBEDDER_SETTING)) as EmbedderInfo | undefined;
    const manifest = (await this.deps.persistence.getSetting(DEMO_HIDDEN_SETTING)) ? null : await this.loadDemoManifest();
    if (manifest) repositories.unshift(this.demoSummary(manifest));
    return {
      settings: await this.settings(),
      repositories,
      lastRepositoryId: typeof last === 'string' ? last : null,
      embedder: this.embedderId === undefined ? (known?.id ?? null) : this.embedderId,
      embedderProblem: this.embedderProblem,
    };
  }

  async embedderReady(): Promise<WorkerStatus> {
    await this.loadEmbedder();
    return this.status();
  }

  /**
   * How a stored record should be shown: a build that is not running here runs in another tab
   * (it holds the repository's lock) or was interrupted.
   */
  private presented(record: RepositoryRecord, elsewhere = new Set<string>()): RepositorySummary {
    if (record.state === 'building' && !this.building.has(record.id)) {
      if (elsewhere.has(record.id))
        return { ...summary(record), message: 'Being indexed in another tab of Fourfold; it will be searchable here when that tab finishes.' };
      if (record.previousComplete) return record.previousComplete;
      return { ...summary(record), message: 'Indexing was interrupted (the tab closed or reloaded). Bring the folder in again.' };
    }
    return summary(record);
  }

  async open(id: string): Promise<RepositorySummary> {
    if (id === DEMO.id) return this.openDemo();
    const record = await this.deps.persistence.getRepository(id);
    if (!record) throw new Error('That repository is no longer stored in this browser.');
    const shown = this.presented(record);
    if (shown.state !== 'complete') throw new Error(`${record.name} is not searchable: its indexing did not finish.`);
    if (!this.engines.has(id)) {
      let engine: Engine;
      try {
        engine = await this.storedEngine(id, shown);
      } catch (error) {
        // A damaged or out-of-date record: say so, mark only this repository, keep the others.
        const message = unreadableIndexMessage(record.name, error);
        await this.deps.persistence.putRepository({ ...record, state: 'failed', previousComplete: undefined, updatedAt: Date.now(), message });
        throw new Error(message);
      }
      // One open repository at a time: indexes can be large.
      this.engines.clear();
      this.engines.set(id, engine);
    }
    await this.remember(LAST_REPOSITORY_SETTING, id);
    return shown;
  }

  /** Opens the demo from its prebuilt index: one fetch, no parsing, no embedding. */
  async openDemo(): Promise<RepositorySummary> {
    const manifest = await this.loadDemoManifest();
    if (!manifest || !this.deps.demo) throw new Error('The demo index is not available (it is built by `npm run build`).');
    if (!this.engines.has(DEMO.id)) {
      const snapshot = await this.deps.demo.snapshot();
      const engine = Engine.load(snapshot, await this.loadedEngineDeps(manifest.embedder));
      this.engines.clear();
      this.engines.set(DEMO.id, engine);
    }
    await this.remember(DEMO_HIDDEN_SETTING, false);
    await this.remember(LAST_REPOSITORY_SETTING, DEMO.id);
    return this.demoSummary(manifest);
  }

  /**
   * Builds one repository's index. Tabs share IndexedDB, so a build holds the repository's Web
   * Lock: a second tab asking for the same repository is told it is being built elsewhere
   * instead of building it twice, and finds the finished index in the store.
   */
  async index(
    jobId: string,
    request: IndexRequest,
    onProgress: (event: IndexProgress) => void,
    onLive?: (stage: LiveStage) => void,
  ): Promise<RepositorySummary> {
    // One build at a time in this tab: a folder chosen while another is indexed replaces it.
    // The replaced build is cancelled and ends (its record settled, its partial engine
    // dropped) before this one starts, so two builds never write at once or mix.
    const controller = new AbortController();
    const id = repositoryIdFor(request);
    const arriving = request.listed ? this.arrivingFor(jobId) : undefined;
    this.readingAhead = null; // the stored index read ahead may be about to change
    this.answerAhead = null;
    for (const job of this.jobs.values()) job.controller.abort(abortError());
    this.jobs.set(jobId, { controller, repositoryId: id });
    const before = this.lastBuild;
    const run = before.then(async () => {
      if (controller.signal.aborted) throw abortError();
      const locks = webLocks();
      if (!locks) return this.indexHoldingLock(controller, request, onProgress, onLive, arriving);
      return locks.request(indexLockName(id), { ifAvailable: true }, async (lock) => {
        if (!lock) throw new Error(`${request.name} is being indexed in another tab of Fourfold. It will be searchable here when that tab finishes; nothing is built twice.`);
        return this.indexHoldingLock(controller, request, onProgress, onLive, arriving);
      });
    });
    this.lastBuild = run.catch(() => {});
    try {
      return await run;
    } catch (error) {
      // The browser refused a write: say what could be deleted to make room.
      throw error instanceof StoreError && error.kind === 'quota' ? await this.withDeletionAdvice(error, id) : error;
    } finally {
      this.jobs.delete(jobId);
      arriving?.fail(abortError());
      this.arriving.delete(jobId);
    }
  }

  /**
   * A model not started yet waits while this folder is read (the page's reads and this worker's
   * text index take both cores of a small machine, and the first answer waits for them); once
   * they are over, the build needs its model: the gate opens.
   */
  private holdModelWhileReading(): () => void {
    let over!: () => void;
    this.readsOver = new Promise<void>((resolve) => (over = resolve));
    return () => {
      over();
      this.openModelGate();
    };
  }

  /** Bytes of a `listed` request's files, as the page reads them. */
  feed(jobId: string, files: IncomingFile[]): void {
    this.arrivingFor(jobId).add(files);
  }

  /** Feeds may come before or after their index() call; the first of them opens the job's arrivals. */
  private arrivingFor(jobId: string): ArrivingFiles {
    let arriving = this.arriving.get(jobId);
    if (!arriving) this.arriving.set(jobId, (arriving = new ArrivingFiles()));
    return arriving;
  }

  private async indexHoldingLock(
    controller: AbortController,
    request: IndexRequest,
    onProgress: (event: IndexProgress) => void,
    onLive: ((stage: LiveStage) => void) | undefined,
    arriving?: ArrivingFiles,
  ): Promise<RepositorySummary> {
    const { signal } = controller;
    // A cancelled build stops waiting for files the page has not sent yet.
    if (arriving) signal.addEventListener('abort', () => arriving.fail(signal.reason), { once: true });
    const persistence = this.deps.persistence;
    const id = repositoryIdFor(request);
    const existing = await persistence.getRepository(id);
    // Before anything is written: is there room for what this folder will need? (Sizes are
    // known from the bytes the page read; files skipped by name, never read, count 0.)
    const sourceBytes = request.files.reduce((sum, file) => sum + (file.size ?? 0), 0);
    await this.ensureRoom(request.name, id, estimateStoredBytes(sourceBytes, this.embedderId !== null), existing?.storedBytes);
    const existingShown = existing ? this.presented(existing) : undefined;
    const previousComplete = existingShown?.state === 'complete' ? existingShown : undefined;
    const base: RepositoryRecord = {
      id,
      name: request.name,
      origin: request.origin,
      url: request.url,
      state: 'building',
      updatedAt: Date.now(),
      previousComplete,
    };
    this.building.add(id);
    this.removed.delete(id);
    await persistence.putRepository(base);
    const analyzer = this.deps.createAnalyzer();
    /** Set once the new snapshot starts replacing the old one: from then on the old one is gone. */
    let writing = false;
    try {
      // 1. Read: decode, classify (binary, oversized, invalid UTF-8), apply .gitignore.
      const readStarted = performance.now();
      // A first build parses each file as soon as intake accepts it, while the page is still
      // reading the rest (a re-index reuses the analyses of unchanged files instead).
      const parseAhead =
        arriving && !previousComplete
          ? new ParseAhead(async (path, text) => analyzer.analyze(path, text), parseAheadInFlight(this.deps.cores), signal)
          : null;
      // …and adds each to the text index the first searches answer from, so that index is
      // ready (all but its last step) when the last file is.
      const earlyText = parseAhead ? new EarlyTextBuilder() : null;
      const listed: IntakeEntry[] = arriving ? (request.listed ?? []).map((path) => ({ path, read: () => arriving.bytes(path) })) : [];
      const entries: IntakeEntry[] = arriving ? listed : request.files.map((file) =>
        file.unreadable !== undefined
          ? { path: file.path, skip: 'unsupported', detail: `unreadable: ${file.unreadable}` }
          : file.data instanceof Uint8Array
          ? { path: file.path, bytes: file.data }
          : // Read whole, in a pool (intake), with no stat first: a size the page did not give is
            // learnt from the bytes. Names that are binary by their extension are skipped unread.
            { path: file.path, size: file.size, read: async () => new Uint8Array(await (file.data as Blob).arrayBuffer()) },
      );
      const settings = await this.settings();
      const readingOver = this.holdModelWhileReading();
      const intake = await intakeFiles(entries, {
        signal,
        maxFiles: TAB_MAX_FILES,
        maxFileBytes: settings.maxFileBytes,
        extraPatterns: settings.ignorePatterns,
        onAccept: parseAhead
          ? (file) => {
              earlyText!.add(file);
              parseAhead.start(file.path, file.text);
            }
          : undefined,
        onProgress: ({ done, total }) => {
          const seconds = (performance.now() - readStarted) / 1000;
          const rate = seconds > 0 ? done / seconds : 0;
          onProgress({ stage: 'read', done, total, rate, etaMs: rate > 0 ? ((total - done) / rate) * 1000 : null });
        },
      }).finally(readingOver);
      measure('read', readStarted);
      if (signal.aborted) throw abortError();
      // Every file is read: the parser may have all the cores now (its pool queues for itself).
      parseAhead?.widen(Infinity);
      let early: EarlyText | undefined;
      if (earlyText) {
        const started = performance.now();
        early = earlyText.finish();
        measure('early-text-finish', started);
      }
      if (intake.files.length === 0) throw new Error('no readable text files were found (everything was ignored, binary or too large).');
      // Streamed in, the sizes were learnt only now: the same check as above, with them.
      if (arriving) await this.ensureRoom(request.name, id, estimateStoredBytes(intake.bytes, this.embedderId !== null), existing?.storedBytes);
      const skipped: SkipCounts = { ...intake.skipped, ignored: intake.skipped.ignored + (request.ignored ?? 0) };

      // 2. Build, reusing the analyses of unchanged files from the previous snapshot.
      const previous = previousComplete ? await persistence.getSnapshot(id) : undefined;
      // Analyses are remembered so that a fallback build (Voyage failed) does not parse twice.
      const analyses = new Map<string, FileAnalysis>();
      const rememberingAnalyzer: EngineDeps['analyzer'] = {
        analyze: async (path, text) => {
          const known = analyses.get(path);
          if (known) return known;
          const analysis = await (parseAhead?.take(path, text) ?? analyzer.analyze(path, text));
          analyses.set(path, analysis);
          return analysis;
        },
      };
      // The model may still be starting: the build does not wait for it, only its semantic stage does.
      const local = this.loadEmbedder();
      let embedder: Promise<Embedder | null> = local;
      let voyage: Embedder | null = null;
      const notes: string[] = [];
      // A file changed (or removed) between the listing and the read: the browser refuses the
      // stale File, and it is left out whole — never half old, half new. Say so.
      const unreadable = intake.skippedFiles.filter((f) => f.detail.startsWith('unreadable'));
      if (unreadable.length > 0) {
        const named = unreadable.slice(0, 3).map((f) => f.path).join(', ') + (unreadable.length > 3 ? ', …' : '');
        notes.push(
          `${unreadable.length} file${unreadable.length === 1 ? '' : 's'} could not be read (${named}): changed, moved or removed after the folder was chosen? ${unreadable.length === 1 ? 'It was' : 'They were'} left out; re-index to include ${unreadable.length === 1 ? 'it' : 'them'}.`,
        );
      }
      let embedTotal = 0;
      if (settings.provider === 'voyage') {
        voyage = await this.voyageEmbedder(`voyage:${settings.voyageModel}:${VOYAGE_DIMENSIONS}`, (info) =>
          onProgress({
            stage: 'embed',
            done: 0,
            total: embedTotal,
            rate: 0,
            etaMs: null,
            message: `Voyage ${info.status === 429 ? 'rate limit (429)' : (info.status ?? 'network problem')}: retry ${info.attempt} in ${(info.delayMs / 1000).toFixed(1)} s`,
          }),
        );
        if (voyage) embedder = Promise.resolve(voyage);
        else notes.push('No Voyage key is set: the local model embedded this repository.');
      }
      const progress = (p: IndexProgress) => {
        if (p.stage === 'embed') embedTotal = p.total;
        onProgress(p);
      };
      // Searchable first, complete later — on a first build. A re-index keeps answering from
      // the complete index it replaces until the new one is complete.
      const onStage = previousComplete
        ? undefined
        : (partial: Engine) => {
            if (signal.aborted || this.removed.has(id)) return;
            this.engines.clear();
            this.engines.set(id, partial);
            onLive?.({ repositoryId: id, ...partial.stage });
          };
      let engine: Engine;
      try {
        engine = await Engine.build(intake.files, { analyzer: rememberingAnalyzer, embedder: null, embeddingCache: this.deps.embeddingCache }, { signal, onProgress: progress, onStage, embedder, previous, skipped, early });
      } catch (error) {
        const voyageError = voyage && !signal.aborted ? voyageErrorIn(error) : null;
        if (!voyageError || voyageError.kind === 'aborted') throw error;
        // The local model keeps answering: embed with it instead, and say why.
        notes.push(`${voyageMessage(voyageError)} The local model embedded this repository instead.`);
        engine = await Engine.build(intake.files, { analyzer: rememberingAnalyzer, embedder: null, embeddingCache: this.deps.embeddingCache }, { signal, onProgress: progress, onStage, embedder: local, previous, skipped, early });
      }
      if (signal.aborted) throw abortError();

      // 3. Store: the snapshot first, then the record that says it is complete.
      onProgress({ stage: 'store', done: 0, total: 1, rate: 0, etaMs: null });
      const storeStarted = performance.now();
      const snapshot = engine.snapshot();
      const storedBytes = storedPayloadBytes(snapshot);
      // Checked again with the exact size, while the previous index (if any) is still whole.
      await this.ensureRoom(request.name, id, storedBytes, previousComplete ? existing?.storedBytes : undefined);
      writing = true;
      // If the tab closes while writing, the record must say "interrupted", not the old "complete".
      await persistence.putRepository({ ...base, previousComplete: undefined });
      await persistence.putSnapshot(id, snapshot);
      // The snapshot is a finished build's: from here on, a cancel is too late to matter.
      if (this.removed.has(id)) throw abortError();
      const complete: RepositoryRecord = { ...base, state: 'complete', stats: engine.stats, storedBytes, updatedAt: Date.now(), previousComplete: undefined };
      if (intake.fileLimit.message) notes.unshift(intake.fileLimit.message);
      if (notes.length > 0) complete.message = notes.join(' ');
      await persistence.putRepository(complete);
      measure('store', storeStarted);
      onProgress({ stage: 'store', done: 1, total: 1, rate: 0, etaMs: 0 });
      this.engines.clear();
      this.engines.set(id, engine);
      await this.remember(LAST_REPOSITORY_SETTING, id);
      await this.releaseEmbeddings(snapshot.modalities.semantic as SemanticSnapshot | null);
      return summary(complete);
    } catch (caught) {
      const aborted = isAbort(caught) || signal.aborted;
      const quota = caught instanceof StoreError && caught.kind === 'quota';
      // The browser refused a write: say what could be deleted to make room (the index is not marked complete).
      const error = quota ? await this.withDeletionAdvice(caught, id) : caught;
      // A partial engine of this build answers no more: nothing unfinished stays searchable.
      if (!previousComplete || writing) this.engines.delete(id);
      try {
        if (this.removed.has(id)) {
          // Deleted mid-build: leave nothing behind.
          await persistence.deleteRepository(id);
        } else if (previousComplete && !writing) {
          // The old snapshot was never touched (the new one is written only at the very end).
          await persistence.putRepository({ ...previousComplete });
        } else {
          // Storage ran out while the index was written: drop the part that was written (it is no index
          // without its header), which also makes room to record why.
          if (quota && writing) await persistence.discardSnapshot?.(id);
          const state: RepositoryState = aborted ? 'cancelled' : 'failed';
          await persistence.putRepository({
            ...base,
            state,
            previousComplete: undefined,
            updatedAt: Date.now(),
            message: aborted ? 'Indexing was cancelled.' : (error as Error).message,
          });
        }
      } catch (secondary) {
        // With storage full even this record may not be written; the first failure is the one to report.
        if (!(quota && secondary instanceof StoreError)) throw secondary;
      }
      throw aborted ? abortError() : error;
    } finally {
      analyzer.terminate?.();
      this.building.delete(id);
    }
  }

  /**
   * The stored index holds its vectors now: the cache lets go of them, so each vector is stored
   * once (a re-index takes them from the index). Only a cache: a failure here fails nothing.
   */
  private async releaseEmbeddings(semantic: SemanticSnapshot | null): Promise<void> {
    const cache = this.deps.embeddingCache;
    if (!semantic?.textHashes || !cache?.release) return;
    const started = performance.now();
    await cache.release(semantic.embedderId, new Set(unpackTextHashes(semantic.textHashes))).catch(() => undefined);
    measure('cache-release', started);
  }

  /**
   * Keeps a convenience setting (what to reopen, the model last used). With storage full it is
   * not kept, and nothing else fails for it: opening and searching what is stored still work.
   */
  private async remember(key: string, value: unknown): Promise<void> {
    try {
      await this.deps.persistence.putSetting(key, value);
    } catch (error) {
      if (!(error instanceof StoreError && error.kind === 'quota')) throw error;
    }
  }

  /** Throws a StoreError of kind 'quota', with what could be deleted, when `neededBytes` do not fit. */
  private async ensureRoom(name: string, id: string, neededBytes: number, replacingBytes?: number): Promise<void> {
    if (!this.deps.storage) return;
    const estimate = await this.deps.storage.estimate().catch(() => null);
    const others = (await this.deps.persistence.listRepositories()).filter((r) => r.id !== id);
    const verdict = roomFor(name, estimate, neededBytes, { replacingBytes, others });
    if (!verdict.ok) throw new StoreError('quota', verdict.message);
  }

  private async withDeletionAdvice(error: StoreError, id: string): Promise<StoreError> {
    if (/stored here:/i.test(error.message)) return error;
    const stored = storedList((await this.deps.persistence.listRepositories().catch(() => [])).filter((r) => r.id !== id));
    return stored ? new StoreError('quota', `${error.message} (${stored[0].toUpperCase()}${stored.slice(1)}.)`, error) : error;
  }

  cancel(jobId: string): void {
    this.jobs.get(jobId)?.controller.abort(abortError());
  }

  classify(query: string): QueryPlan {
    const engine = this.engines.values().next().value;
    // With no repository open the classifier still answers: it does not depend on an index.
    return engine ? engine.classify(query) : planTypedQuery(query);
  }

  private engineFor(id: string): Engine {
    const engine = this.engines.get(id);
    if (!engine) throw new Error('That repository is not open; choose it in the list first.');
    return engine;
  }

  async search(id: string, request: SearchRequest): Promise<SearchView> {
    const engine = this.engineFor(id);
    const ahead = this.answerAhead;
    if (ahead) {
      this.answerAhead = null;
      if (ahead.id === id && ahead.key === requestKey(request)) return ahead.view;
    }
    return this.searchEngine(engine, id, request);
  }

  private async searchEngine(engine: Engine, id: string, request: SearchRequest): Promise<SearchView> {
    const plan = engine.classify(request.query);
    const response = await engine.search(request.query, {
      preset: request.preset,
      modalities: request.modalities ?? undefined,
      limit: request.limit,
      similarToChunk: request.similarToChunk,
      experiment: request.experiment,
    });
    const highlights = [...plan.identifiers, ...plan.terms, ...(plan.literal ? [plan.literal] : [])];
    const mark = lineHighlighter(engine.navigationPlan(request.query));
    // Ranking keeps one chunk per file; the display opens each file to all its matching lines.
    const matches = request.similarToChunk === undefined ? engine.matches(request.query, response.results.map((r) => r.path)) : [];
    const matchesByPath = new Map(matches.map(({ path, ...m }) => [path, m]));
    const results: ResultView[] = response.results.map((result) => ({
      ...result,
      snippet: this.snippet(engine, result.path, result.startLine, result.endLine, highlights, mark),
      matches: matchesByPath.get(result.path) ?? null,
    }));
    const matchTotal = { lines: 0, files: 0 };
    for (const m of matchesByPath.values()) if (m.count > 0) (matchTotal.lines += m.count), matchTotal.files++;
    const labels: Record<number, ChunkLabel> = {};
    const label = (chunkId: number) => {
      if (labels[chunkId]) return;
      const c = engine.chunk(chunkId);
      labels[chunkId] = { path: c.path, startLine: c.startLine, endLine: c.endLine, symbol: c.symbol };
    };
    for (const run of response.query.modalities) for (const hit of run.list) label(hit.chunkId);
    for (const result of response.results) label(result.chunkId);
    return { repositoryId: id, plan, query: response.query, results, highlights, labels, request, matchTotal };
  }

  file(id: string, path: string): FileDocument {
    const view = this.engineFor(id).file(path);
    if (!view) throw new Error(`${path} is not in this repository's index.`);
    return { path: view.path, text: view.text, language: view.language, definitions: view.analysis.definitions, chunks: view.chunks };
  }

  neighbours(id: string, chunkId: number): Neighbours {
    const engine = this.engineFor(id);
    return { chunk: engine.chunk(chunkId), callers: engine.callSites(chunkId), callees: engine.callees(chunkId) };
  }

  definitions(id: string, request: DefinitionRequest): DefinitionTarget[] {
    return this.engineFor(id).definitionsOf(request.name, { path: request.path, line: request.line });
  }

  /** The first lines of the chunk, moved down to the first line naming a query word when that is further in. */
  private snippet(engine: Engine, path: string, startLine: number, endLine: number, words: string[], mark: (line: string) => [number, number][]): SnippetView {
    const text = engine.file(path)?.text ?? '';
    const lines = text.split('\n').slice(startLine - 1, endLine);
    let first = 0;
    const needles = words.filter((w) => w.length >= 2).map((w) => w.toLowerCase());
    if (lines.length > SNIPPET_LINES && needles.length > 0) {
      const hit = lines.findIndex((line) => needles.some((n) => line.toLowerCase().includes(n)));
      if (hit >= SNIPPET_LINES) first = Math.min(hit - 2, lines.length - SNIPPET_LINES);
    }
    const shown = lines.slice(first, first + SNIPPET_LINES).map((line) => (line.length > SNIPPET_LINE_CHARS ? `${line.slice(0, SNIPPET_LINE_CHARS)}…` : line));
    return { startLine: startLine + first, lines: shown, ranges: shown.map(mark) };
  }

  lines(id: string, path: string, startLine: number, endLine: number): string[] {
    const text = this.engineFor(id).file(path)?.text;
    if (text === undefined) throw new Error(`${path} is not in this repository's index.`);
    return text.split('\n').slice(startLine - 1, endLine);
  }

  async remove(id: string): Promise<RepositorySummary[]> {
    if (id === DEMO.id) {
      // The demo is part of the app: removing it only hides it (Settings can bring it back).
      this.engines.delete(id);
      await this.deps.persistence.putSetting(DEMO_HIDDEN_SETTING, true);
      return (await this.status()).repositories;
    }
    if (this.building.has(id)) this.removed.add(id);
    for (const { controller, repositoryId } of this.jobs.values()) if (repositoryId === id) controller.abort(abortError());
    this.engines.delete(id);
    await this.deps.persistence.deleteRepository(id);
    const last = await this.deps.persistence.getSetting(LAST_REPOSITORY_SETTING);
    if (last === id) await this.deps.persistence.putSetting(LAST_REPOSITORY_SETTING, null);
    return (await this.status()).repositories;
  }
}

/** The fields of a search request that decide its answer, in a fixed order. */
function requestKey(r: SearchRequest): string {
  return JSON.stringify([r.query, r.preset, r.modalities ?? null, r.limit ?? null, r.similarToChunk ?? null, r.experiment ?? null]);
}

/** Why a stored index cannot be opened, and the one action that fixes it. */
function unreadableIndexMessage(name: string, error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  const why = /out of date|format|version/i.test(detail)
    ? `was built by an older version of Fourfold (${detail.replace(/[:.]\s*re-index this repository\.?$/i, '')})`
    : `is damaged and cannot be read (${detail})`;
  return `The stored index of ${name} ${why}. Resume it to build it again; your other repositories are untouched.`;
}

const INDEX_LOCK_PREFIX = 'fourfold-index:';

function indexLockName(repositoryId: string): string {
  return INDEX_LOCK_PREFIX + repositoryId;
}

/** The Web Locks API where it exists (browsers, their workers); absent in Node. */
function webLocks(): LockManager | null {
  return (globalThis.navigator as Navigator | undefined)?.locks ?? null;
}

/** Repositories whose index another tab is building now (it holds their lock). */
async function buildsInOtherTabs(): Promise<Set<string>> {
  const locks = webLocks();
  if (!locks) return new Set();
  const { held = [] } = await locks.query();
  return new Set(held.map((l) => l.name ?? '').filter((n) => n.startsWith(INDEX_LOCK_PREFIX)).map((n) => n.slice(INDEX_LOCK_PREFIX.length)));
}
