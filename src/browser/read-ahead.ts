/**
 * Reopening a stored index, and doing it early: after a reload the worker starts reading the
 * repository opened last (or the one in the page's address) from IndexedDB while the page is
 * still starting, and answers the question in the address as soon as that engine is loaded;
 * open() and search() then take what is ready.
 */
import { Engine, measure, SNAPSHOT_VERSION, type EngineSnapshot } from '../engine/engine';
import { StoreError } from '../engine/store/store';
import { repositoryNamesOf } from '../engine/search/repository-names';
import { checkSnapshotVersion, SnapshotLoadError } from './snapshot-container';
import { SETTING } from './settings';
import { asksSomething, requestKey, searchView } from './search-views';
import type { EarlyRecords } from './early-read';
import type { EmbedderInfo, ModelLifecycle } from './model-lifecycle';
import type { RepositoryRecord } from './index-service';
import type { RepositorySummary, SearchRequest, SearchView } from './protocol';

/** After a reopened index loads, the model starts this long after when the address holds no question to answer first. */
const MODEL_AFTER_QUIET_REOPEN_MS = 300;

export interface StoredSnapshots {
  getSnapshot(id: string, early?: EarlyRecords | null): Promise<EngineSnapshot | undefined>;
}

/**
 * A stored repository's engine: its snapshot read from storage, then loaded. Whatever stops it
 * that is about this index is a SnapshotLoadError with its code; a store closed under it is
 * not, and is thrown as it is.
 */
export async function loadStoredEngine(
  snapshots: StoredSnapshots,
  model: ModelLifecycle,
  id: string,
  shown: RepositorySummary,
  early?: Promise<EarlyRecords | null>,
): Promise<Engine> {
  try {
    const started = performance.now();
    const snapshot = await snapshots.getSnapshot(id, await early);
    measure('stored-read', started);
    if (!snapshot) throw new SnapshotLoadError({ code: 'incomplete' });
    checkSnapshotVersion(snapshot, SNAPSHOT_VERSION);
    const embedderId = shown.stats?.embedder ?? null;
    const dimensions = (snapshot.modalities.semantic as { dimensions?: number } | null)?.dimensions ?? 0;
    const deps = await model.loadedEngineDeps(embedderId ? { id: embedderId, dimensions } : null);
    return Engine.load(snapshot, { ...deps, repositoryNames: repositoryNamesOf(shown.name) });
  } catch (error) {
    if (error instanceof SnapshotLoadError || (error instanceof StoreError && error.kind === 'closed')) throw error;
    throw new SnapshotLoadError(
      { code: 'damaged', detail: error instanceof Error ? error.message : String(error) },
      error,
    );
  }
}

export interface ReadAheadDeps {
  persistence: StoredSnapshots & {
    getSetting(key: string): Promise<unknown>;
    getRepository(id: string, early?: EarlyRecords | null): Promise<RepositoryRecord | undefined>;
  };
  model: ModelLifecycle;
  /** How a stored record is shown (a build may be running elsewhere, or was interrupted). */
  presented(record: RepositoryRecord): RepositorySummary;
  /** Whether the repository is open already. */
  isOpen(id: string): boolean;
  /** Repositories that are never read ahead (the demo, which has no stored index). */
  notStored(id: string): boolean;
}

export class ReadAhead {
  /** The last repository's engine, loaded from its stored index as soon as the worker starts: open() takes it. */
  private reading: Promise<{ id: string; engine: Promise<Engine> } | null> | null = null;
  /** The answer to the question in a reloaded page's address: search() hands it over once. */
  private answer: { id: string; key: string; view: Promise<SearchView> } | null = null;

  constructor(private readonly deps: ReadAheadDeps) {}

  /**
   * Starts reading the wanted (or last) repository's stored index and loading its engine at once,
   * and answering `wanted.search` with it. The model waits until that answer is in (or a moment
   * after a quiet reopen, or a few seconds at most).
   */
  start(wanted: { repositoryId?: string | null; search?: SearchRequest }, early?: Promise<EarlyRecords | null>): void {
    const { model } = this.deps;
    // The embedder last loaded, read early when it was: a static model starts without waiting for the store.
    model.holdForReload(early?.then((e) => (e ? (e.embedder as EmbedderInfo | undefined) : model.remembered())));
    void model.queryVectors(early?.then((e) => e?.queryVectors));
    const release = () => model.release();
    this.reading = this.begin(wanted, release, early).catch(() => null);
    void this.reading.then((ahead) => ahead ?? release());
  }

  private async begin(
    wanted: { repositoryId?: string | null; search?: SearchRequest },
    release: () => void,
    early?: Promise<EarlyRecords | null>,
  ): Promise<{ id: string; engine: Promise<Engine> } | null> {
    const { persistence, model } = this.deps;
    const records = await early;
    const last = wanted.repositoryId ?? records?.repositoryId ?? (await persistence.getSetting(SETTING.lastRepository));
    if (typeof last !== 'string' || this.deps.notStored(last) || this.deps.isOpen(last)) return null;
    const record = await persistence.getRepository(last, records);
    const shown = record ? this.deps.presented(record) : undefined;
    if (shown?.state !== 'complete') return null;
    const engine = loadStoredEngine(persistence, model, last, shown, early);
    engine.catch(() => {}); // open() reports a failure; unopened, it is dropped
    const question = wanted.search;
    if (question && asksSomething(question)) {
      const view = engine.then(async (e) => {
        const started = performance.now();
        const answer = await searchView(e, last, question);
        measure('answer-ahead', started);
        return answer;
      });
      view.catch(() => {}).finally(release); // search() reports a failure; unasked, it is dropped
      this.answer = { id: last, key: requestKey(question), view };
    } else void engine.catch(() => {}).finally(() => setTimeout(release, MODEL_AFTER_QUIET_REOPEN_MS));
    return { id: last, engine };
  }

  /** The engine read ahead, if it is this repository's; otherwise one loaded now. */
  async engine(id: string, shown: RepositorySummary): Promise<Engine> {
    const ahead = await this.reading;
    this.reading = null;
    return ahead?.id === id ? ahead.engine : loadStoredEngine(this.deps.persistence, this.deps.model, id, shown);
  }

  /** The answer computed ahead, once, if it answers this very request; null otherwise. */
  takeAnswer(id: string, request: SearchRequest): Promise<SearchView> | null {
    const ahead = this.answer;
    this.answer = null;
    return ahead && ahead.id === id && ahead.key === requestKey(request) ? ahead.view : null;
  }

  /** Forgets what was read ahead: a build is about to change the stored index. */
  forget(): void {
    this.reading = null;
    this.answer = null;
  }
}
