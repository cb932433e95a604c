/**
 * What the index worker does, without the worker: bring files in, build the four indexes,
 * keep them, reopen them, search them. The worker file is a comlink adapter over this class,
 * and tests drive this class directly. This class only wires the parts together and answers
 * the page's calls (protocol.ts's IndexWorkerApi):
 * - settings.ts: the page's settings and the Voyage key;
 * - model-lifecycle.ts: when the embedding model starts, and the embedder an index opens with;
 * - read-ahead.ts: reopening a stored index, early after a reload;
 * - build-job.ts (with build-steps.ts): a build, its lock, its room checks, and its undoing;
 * - search-views.ts: what the page is sent about an open index.
 */
import { Engine, planTypedQuery, type EngineDeps, type EngineSnapshot } from '../engine/engine';
import type { DefinitionTarget, IndexProgress, QueryPlan } from '../engine/contract';
import type { Embedder } from '../engine/semantic/embedder';
import type { VoyageEmbedderOptions } from '../engine/semantic/voyage';
import type { EmbeddingCache, StoredEmbeddingCache } from '../engine/store/store';
import { DEMO, DEMO_QUERIES, type DemoManifest } from './demo';
import type { SuggestedQuery } from '../engine/suggestions';
import { BuildJobs, buildsInOtherTabs } from './build-job';
import { ModelLifecycle, type LoadedEmbedder } from './model-lifecycle';
import { OpenEngines } from './open-engines';
import type { EarlyRecords } from './early-read';
import { ReadAhead } from './read-ahead';
import { definitionsOf, fileDocument, linesOf, neighboursOf, searchView } from './search-views';
import { rememberSetting, SETTING, Settings } from './settings';
import { SnapshotLoadError, unreadableIndexMessage } from './snapshot-container';
import type { StorageEstimateShape } from './storage-quota';
import type {
  DefinitionRequest,
  FileDocument,
  IncomingFile,
  IndexRequest,
  LiveStage,
  Neighbours,
  RepositorySummary,
  SearchRequest,
  SearchView,
  SettingsPatch,
  SettingsView,
  WorkerStatus,
} from './protocol';
import type { LexicalExpansion } from '../engine/text/expansion';

export { parseAheadInFlight, TAB_MAX_FILES } from './build-steps';
export { repositoryIdFor } from './build-job';
export { DEFAULT_SETTINGS, DEFAULT_VOYAGE_BASE_URL, DEFAULT_VOYAGE_MODEL } from './settings';

/** What the service needs from storage (src/engine/store implements it over IndexedDB). */
export interface RepositoryRecord extends RepositorySummary {
  /** Set while a re-index runs over a complete snapshot: what to restore if it does not finish. */
  previousComplete?: RepositorySummary;
}

export interface IndexPersistence {
  listRepositories(): Promise<RepositoryRecord[]>;
  /** `early`: as for getSnapshot. */
  getRepository(id: string, early?: EarlyRecords | null): Promise<RepositoryRecord | undefined>;
  putRepository(record: RepositoryRecord): Promise<void>;
  /** Removes the repository, its snapshot and its files. */
  deleteRepository(id: string): Promise<void>;
  /** `early`: the records read as the worker started (early-read.ts), used when they are this repository's. */
  getSnapshot(id: string, early?: EarlyRecords | null): Promise<EngineSnapshot | undefined>;
  /**
   * `deflate: 'later'` stores every record raw (a first build is complete sooner) and leaves the
   * deflating to compactSnapshot.
   */
  putSnapshot(id: string, snapshot: EngineSnapshot, options?: { deflate?: 'now' | 'later' }): Promise<void>;
  /**
   * Deflates the records putSnapshot stored raw, one at a time, each swapped in with its header
   * in one transaction; stops when the stored index is no longer the one it started on or when
   * `signal` aborts. Only storage changes: what a read returns stays the same. Resolves to the
   * bytes the repository's stored records then take (what the list of repositories shows), or
   * undefined when it stopped before the end.
   */
  compactSnapshot?(id: string, signal?: AbortSignal): Promise<number | undefined>;
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
  loadEmbedder(): Promise<LoadedEmbedder | null>;
  /** The model's lexical expansion table (expansion.json beside it); absent: the text index goes without. */
  loadLexicalExpansion?(): Promise<LexicalExpansion | null>;
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

export class IndexService {
  private readonly engines = new OpenEngines();
  private readonly settingsStore: Settings;
  private readonly model: ModelLifecycle;
  private readonly builds: BuildJobs;
  private readonly ahead: ReadAhead;
  private demoManifest: Promise<DemoManifest | null> | null = null;

  constructor(private readonly deps: IndexServiceDeps) {
    const { persistence } = deps;
    this.settingsStore = new Settings(persistence, deps.createVoyageEmbedder);
    this.model = new ModelLifecycle({
      persistence,
      settings: this.settingsStore,
      loadEmbedder: deps.loadEmbedder,
      loadLexicalExpansion: deps.loadLexicalExpansion,
      embeddingCache: deps.embeddingCache,
    });
    this.builds = new BuildJobs({
      persistence,
      createAnalyzer: deps.createAnalyzer,
      embeddingCache: deps.embeddingCache,
      storage: deps.storage,
      cores: deps.cores,
      settings: this.settingsStore,
      model: this.model,
      engines: this.engines,
      onBuildStart: () => this.ahead.forget(),
    });
    this.ahead = new ReadAhead({
      persistence,
      model: this.model,
      presented: (record) => this.builds.presented(record),
      isOpen: (id) => this.engines.has(id),
      notStored: (id) => id === DEMO.id,
    });
  }

  /**
   * Starts reading the repository opened last from IndexedDB and loading its engine at once,
   * while the page is still starting (React, status()): a reload opens it again, and open()
   * takes the engine under way. `early`: its records, read while this service was loading.
   */
  readAhead(
    wanted: { repositoryId?: string | null; search?: SearchRequest } = {},
    early?: Promise<EarlyRecords | null>,
  ): void {
    this.ahead.start(wanted, early);
    void this.loadDemoManifest(); // status() lists the demo: its manifest is fetched meanwhile, not after the answer
  }

  settings(): Promise<SettingsView> {
    return this.settingsStore.read();
  }

  saveSettings(patch: SettingsPatch): Promise<SettingsView> {
    return this.settingsStore.save(patch);
  }

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
    const { persistence } = this.deps;
    void this.model.load(); // start the model early, but never wait for it here
    // Asked side by side: after a reload each read waits its turn behind the stored index's
    // reading and loading in this worker, and the page's start waits for all of them.
    const [records, elsewhere, last, known, demoHidden, settings] = await Promise.all([
      persistence.listRepositories(),
      buildsInOtherTabs(),
      persistence.getSetting(SETTING.lastRepository),
      this.model.remembered(),
      persistence.getSetting(SETTING.demoHidden),
      this.settings(),
    ]);
    const repositories = records
      .map((record) => this.builds.presented(record, elsewhere))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    const manifest = demoHidden ? null : await this.loadDemoManifest();
    if (manifest) repositories.unshift(this.demoSummary(manifest));
    return {
      settings,
      repositories,
      lastRepositoryId: typeof last === 'string' ? last : null,
      embedder: this.model.id === undefined ? (known?.id ?? null) : this.model.id,
      embedderProblem: this.model.problem,
    };
  }

  async embedderReady(): Promise<WorkerStatus> {
    await this.model.load();
    return this.status();
  }

  async open(id: string): Promise<RepositorySummary> {
    if (id === DEMO.id) return this.openDemo();
    const { persistence } = this.deps;
    const record = await persistence.getRepository(id);
    if (!record) throw new Error('That repository is no longer stored in this browser.');
    const shown = this.builds.presented(record);
    if (shown.state !== 'complete') throw new Error(`${record.name} is not searchable: its indexing did not finish.`);
    if (!this.engines.has(id)) {
      let engine: Engine;
      try {
        engine = await this.ahead.engine(id, shown);
      } catch (error) {
        if (!(error instanceof SnapshotLoadError)) throw error;
        // A damaged or out-of-date record: say so, mark only this repository, keep the others.
        const message = unreadableIndexMessage(record.name, error);
        await persistence.putRepository({
          ...record,
          state: 'failed',
          previousComplete: undefined,
          updatedAt: Date.now(),
          message,
        });
        throw new Error(message, { cause: error });
      }
      this.engines.show(id, engine);
    }
    await rememberSetting(persistence, SETTING.lastRepository, id);
    return shown;
  }

  /** Opens the demo from its prebuilt index: one fetch, no parsing, no embedding. */
  async openDemo(): Promise<RepositorySummary> {
    const manifest = await this.loadDemoManifest();
    if (!manifest || !this.deps.demo)
      throw new Error('The demo index is not available (it is built by `npm run build`).');
    if (!this.engines.has(DEMO.id)) {
      const snapshot = await this.deps.demo.snapshot();
      this.engines.show(DEMO.id, Engine.load(snapshot, await this.model.loadedEngineDeps(manifest.embedder)));
    }
    await rememberSetting(this.deps.persistence, SETTING.demoHidden, false);
    await rememberSetting(this.deps.persistence, SETTING.lastRepository, DEMO.id);
    return this.demoSummary(manifest);
  }

  /** Builds one repository's index (build-job.ts). */
  index(
    jobId: string,
    request: IndexRequest,
    onProgress: (event: IndexProgress) => void,
    onLive?: (stage: LiveStage) => void,
  ): Promise<RepositorySummary> {
    return this.builds.index(jobId, request, onProgress, onLive);
  }

  /**
   * Settles once what the last finished build does after it is complete (releasing the
   * embedding cache, deflating its stored records) has ended.
   */
  settled(): Promise<void> {
    return this.builds.settled();
  }

  /** Bytes of a `listed` request's files, as the page reads them. */
  feed(jobId: string, files: IncomingFile[]): void {
    this.builds.feed(jobId, files);
  }

  cancel(jobId: string): void {
    this.builds.cancel(jobId);
  }

  classify(query: string): QueryPlan {
    // With no repository open the classifier still answers: it does not depend on an index.
    return this.engines.any()?.classify(query) ?? planTypedQuery(query);
  }

  async search(id: string, request: SearchRequest): Promise<SearchView> {
    const engine = this.engines.get(id);
    const ahead = await this.ahead.takeAnswer(id, request);
    // The answer read ahead went without semantic while the model started; the model may have
    // come up before the page asked (a loaded machine): that answer is out of date, and the page,
    // asking after the model settled, would not ask again.
    if (ahead && !(ahead.query.notReady?.includes('semantic') && this.model.id)) return ahead;
    return searchView(engine, id, request);
  }

  file(id: string, path: string): FileDocument {
    return fileDocument(this.engines.get(id), path);
  }

  neighbours(id: string, chunkId: number): Neighbours {
    return neighboursOf(this.engines.get(id), chunkId);
  }

  definitions(id: string, request: DefinitionRequest): DefinitionTarget[] {
    return definitionsOf(this.engines.get(id), request);
  }

  /** The demo's own suggested questions; any other repository's are made from its code. */
  suggestions(id: string): SuggestedQuery[] {
    if (id === DEMO.id) return DEMO_QUERIES.map((q) => ({ ...q }));
    return this.engines.get(id).suggestions();
  }

  lines(id: string, path: string, startLine: number, endLine: number): string[] {
    return linesOf(this.engines.get(id), path, startLine, endLine);
  }

  async remove(id: string): Promise<RepositorySummary[]> {
    const { persistence } = this.deps;
    if (id === DEMO.id) {
      // The demo is part of the app: removing it only hides it (Settings can bring it back).
      this.engines.drop(id);
      await persistence.putSetting(SETTING.demoHidden, true);
      return (await this.status()).repositories;
    }
    this.builds.cancelRepository(id);
    this.engines.drop(id);
    await persistence.deleteRepository(id);
    const last = await persistence.getSetting(SETTING.lastRepository);
    if (last === id) await persistence.putSetting(SETTING.lastRepository, null);
    return (await this.status()).repositories;
  }
}
