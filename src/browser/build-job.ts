/**
 * Building one repository's index in the tab: one build at a time, under the repository's Web
 * Lock (tabs share IndexedDB), checked for room before anything is written and again before
 * its index is, and undone along one path when it does not finish.
 *
 * Invariant: a repository is presented as searchable ('complete') only when a snapshot
 * written by a finished build is in the store. A build records 'building' first; a
 * cancelled, failed or interrupted build is never shown as complete — except that a
 * re-index of an already complete repository keeps the old snapshot, and the old state,
 * until the new snapshot replaces it.
 */
import { measure, type Engine } from '../engine/engine';
import type { IndexProgress } from '../engine/contract';
import { StoreError } from '../engine/store/store';
import { unpackTextHashes, type SemanticSnapshot } from '../engine/semantic/index';
import { ArrivingFiles } from './arriving-files';
import { isAbortError } from '../engine/abort';
import { abortError, buildEngine, readFiles, type BuildContext } from './build-steps';
import type { ModelLifecycle } from './model-lifecycle';
import { SnapshotLoadError } from './snapshot-container';
import type { OpenEngines } from './open-engines';
import { rememberSetting, SETTING, type Settings } from './settings';
import {
  estimateStoredBytes,
  isQuotaError,
  roomFor,
  StorageQuotaError,
  storedPayloadBytes,
  withDeletionAdvice,
} from './storage-quota';
import type { IndexPersistence, IndexServiceDeps, RepositoryRecord } from './index-service';
import type { IncomingFile, IndexRequest, LiveStage, RepositorySummary } from './protocol';

export function repositoryIdFor(request: Pick<IndexRequest, 'origin' | 'name' | 'url'>): string {
  return request.origin === 'clone' ? `clone:${request.url}` : `folder:${request.name}`;
}

export function summary(record: RepositoryRecord): RepositorySummary {
  const { previousComplete: _previous, ...rest } = record;
  return rest;
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
export async function buildsInOtherTabs(): Promise<Set<string>> {
  const locks = webLocks();
  if (!locks) return new Set();
  const { held = [] } = await locks.query();
  return new Set(
    held
      .map((l) => l.name ?? '')
      .filter((n) => n.startsWith(INDEX_LOCK_PREFIX))
      .map((n) => n.slice(INDEX_LOCK_PREFIX.length)),
  );
}

export type BuildJobDeps = Pick<IndexServiceDeps, 'createAnalyzer' | 'embeddingCache' | 'storage' | 'cores'> & {
  persistence: IndexPersistence;
  settings: Settings;
  model: ModelLifecycle;
  engines: OpenEngines;
  /** Called as a build starts: what was read ahead of the stored index may be about to change. */
  onBuildStart(): void;
};

/** One build as it runs: what it has changed in storage so far decides how it is undone. */
interface BuildRun extends BuildContext {
  existing?: RepositoryRecord;
  /** The 'building' record, once it is written: from then on there is something to undo. */
  recorded?: RepositoryRecord;
  /** Set once the new snapshot starts replacing the old one: from then on the old one is gone. */
  writing: boolean;
  analyzer?: ReturnType<IndexServiceDeps['createAnalyzer']>;
}

export class BuildJobs {
  private readonly jobs = new Map<string, { controller: AbortController; repositoryId: string }>();
  /** The files of folders still being read by the page (`listed` requests), by job. */
  private readonly arriving = new Map<string, ArrivingFiles>();
  /** Settles when the build that started last has ended: the next one waits for it. */
  private lastBuild: Promise<unknown> = Promise.resolve();
  /** Repositories with a build running in this worker right now. */
  private readonly building = new Set<string>();
  /** Repositories deleted while their build was still running: the build must not write them back. */
  private readonly removed = new Set<string>();
  /**
   * What a finished build leaves to do after it is complete (releasing the embedding cache,
   * deflating its records): the next build starts once it has ended, and deleting the
   * repository stops it.
   */
  private afterStore: { repositoryId: string; controller: AbortController; done: Promise<void> } | null = null;

  constructor(private readonly deps: BuildJobDeps) {}

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
    this.deps.onBuildStart();
    for (const job of this.jobs.values()) job.controller.abort(abortError());
    this.jobs.set(jobId, { controller, repositoryId: id });
    const run: BuildRun = { id, request, signal: controller.signal, arriving, onProgress, onLive, writing: false };
    run.showPartial = (partial) => this.showPartial(run, partial);
    const built = this.lastBuild.then(async () => {
      await this.afterStore?.done;
      if (controller.signal.aborted) throw abortError();
      const locks = webLocks();
      if (!locks) return this.buildHoldingLock(run);
      return locks.request(indexLockName(id), { ifAvailable: true }, async (lock) => {
        if (!lock)
          throw new Error(
            `${request.name} is being indexed in another tab of Fourfold. It will be searchable here when that tab finishes; nothing is built twice.`,
          );
        return this.buildHoldingLock(run);
      });
    });
    this.lastBuild = built.catch(() => {});
    try {
      return await built;
    } finally {
      this.jobs.delete(jobId);
      arriving?.fail(abortError());
      this.arriving.delete(jobId);
    }
  }

  /** Bytes of a `listed` request's files, as the page reads them. */
  feed(jobId: string, files: readonly IncomingFile[]): void {
    this.arrivingFor(jobId).add(files);
  }

  cancel(jobId: string): void {
    this.jobs.get(jobId)?.controller.abort(abortError());
  }

  /** The repository is being deleted: its build stops and must not write it back. */
  cancelRepository(id: string): void {
    if (this.building.has(id)) this.removed.add(id);
    if (this.afterStore?.repositoryId === id) this.afterStore.controller.abort(abortError());
    for (const { controller, repositoryId } of this.jobs.values())
      if (repositoryId === id) controller.abort(abortError());
  }

  /**
   * How a stored record should be shown: a build that is not running here runs in another tab
   * (it holds the repository's lock) or was interrupted.
   */
  presented(record: RepositoryRecord, elsewhere = new Set<string>()): RepositorySummary {
    if (record.state !== 'building' || this.building.has(record.id)) return summary(record);
    if (elsewhere.has(record.id))
      return {
        ...summary(record),
        message: 'Being indexed in another tab of Fourfold; it will be searchable here when that tab finishes.',
      };
    if (record.previousComplete) return record.previousComplete;
    return {
      ...summary(record),
      message: 'Indexing was interrupted (the tab closed or reloaded). Bring the folder in again.',
    };
  }

  /** Feeds may come before or after their index() call; the first of them opens the job's arrivals. */
  private arrivingFor(jobId: string): ArrivingFiles {
    let arriving = this.arriving.get(jobId);
    if (!arriving) this.arriving.set(jobId, (arriving = new ArrivingFiles()));
    return arriving;
  }

  /** The build itself; whatever stops it is undone in rollBack, the one place that does. */
  private async buildHoldingLock(run: BuildRun): Promise<RepositorySummary> {
    const { signal, arriving, id } = run;
    // A cancelled build stops waiting for files the page has not sent yet.
    if (arriving) signal.addEventListener('abort', () => arriving.fail(signal.reason), { once: true });
    this.building.add(id);
    this.removed.delete(id);
    try {
      await this.record(run);
      return await this.readBuildAndStore(run);
    } catch (caught) {
      throw await this.rollBack(run, caught);
    } finally {
      run.analyzer?.terminate?.();
      this.building.delete(id);
    }
  }

  /** Checks for room, then records the build as 'building' (keeping the complete state it may restore). */
  private async record(run: BuildRun): Promise<void> {
    const { persistence } = this.deps;
    const { id, request } = run;
    run.existing = await persistence.getRepository(id);
    const existingShown = run.existing ? this.presented(run.existing) : undefined;
    run.previousComplete = existingShown?.state === 'complete' ? existingShown : undefined;
    // Before anything is written: is there room for what this folder will need? (Sizes are
    // known from the bytes the page read; files skipped by name, never read, count 0.)
    const sourceBytes = request.files.reduce((sum, file) => sum + (file.size ?? 0), 0);
    await this.ensureRoom(
      run,
      estimateStoredBytes(sourceBytes, this.deps.model.id !== null),
      run.existing?.storedBytes,
    );
    if (run.signal.aborted) throw abortError();
    const recorded: RepositoryRecord = {
      id,
      name: request.name,
      origin: request.origin,
      url: request.url,
      state: 'building',
      updatedAt: Date.now(),
      previousComplete: run.previousComplete,
    };
    await persistence.putRepository(recorded);
    run.recorded = recorded;
  }

  private async readBuildAndStore(run: BuildRun): Promise<RepositorySummary> {
    const { persistence, model } = this.deps;
    const analyzer = (run.analyzer = this.deps.createAnalyzer());
    const settings = await this.deps.settings.read();
    const read = await readFiles(run, analyzer, settings, model, this.deps.cores);
    // Streamed in, the sizes were learnt only now: the same check as before, with them.
    if (run.arriving)
      await this.ensureRoom(run, estimateStoredBytes(read.intake.bytes, model.id !== null), run.existing?.storedBytes);
    // A damaged previous index is not reused: the build starts from nothing.
    const previous = run.previousComplete
      ? await persistence.getSnapshot(run.id).catch((error: unknown) => {
          if (error instanceof SnapshotLoadError) return undefined;
          throw error;
        })
      : undefined;
    const { engine, notes } = await buildEngine(run, read, settings, previous, {
      analyzer,
      model,
      settings: this.deps.settings,
      embeddingCache: this.deps.embeddingCache,
      showPartial: (partial) => this.showPartial(run, partial),
    });
    if (run.signal.aborted) throw abortError();
    // Every modality answers now: a first build is searched whole while it is stored (storing
    // changes nothing a search reads). The record says complete only once the index is stored.
    if (!run.previousComplete) this.showPartial(run, engine);
    if (read.intake.fileLimit.message) notes.unshift(read.intake.fileLimit.message);
    return this.store(run, engine, notes);
  }

  /** A first build is searchable as each stage ends, unless it was stopped meanwhile. */
  private showPartial(run: BuildRun, partial: Engine): void {
    if (run.signal.aborted || this.removed.has(run.id)) return;
    this.deps.engines.show(run.id, partial);
    run.onLive?.({ repositoryId: run.id, ...partial.stage });
  }

  /** Step 3, store: the snapshot first, then the record that says it is complete. */
  private async store(run: BuildRun, engine: Engine, notes: string[]): Promise<RepositorySummary> {
    const { persistence } = this.deps;
    const { id, onProgress } = run;
    onProgress({ stage: 'store', done: 0, total: 1, rate: 0, etaMs: null });
    const started = performance.now();
    const snapshot = engine.snapshot();
    const storedBytes = storedPayloadBytes(snapshot);
    measure('store-snapshot', started);
    // Checked again with the exact size, while the previous index (if any) is still whole.
    const checking = performance.now();
    await this.ensureRoom(run, storedBytes, run.previousComplete ? run.existing?.storedBytes : undefined);
    measure('store-room', checking);
    run.writing = true;
    // If the tab closes while writing, the record must say "interrupted", not the old "complete".
    await persistence.putRepository({ ...run.recorded!, previousComplete: undefined });
    // Stored raw, deflated once the repository is complete (finishStoring): the deflate was
    // the larger part of this step, and a reload reads raw records as well (docs/bench/HISTORY.md).
    const writing = performance.now();
    await persistence.putSnapshot(id, snapshot, { deflate: 'later' });
    measure('store-records', writing);
    // The snapshot is a finished build's: from here on, a cancel is too late to matter.
    if (this.removed.has(id)) throw abortError();
    const complete: RepositoryRecord = {
      ...run.recorded!,
      state: 'complete',
      stats: engine.stats,
      storedBytes,
      updatedAt: Date.now(),
      previousComplete: undefined,
    };
    if (notes.length > 0) complete.message = notes.join(' ');
    await persistence.putRepository(complete);
    measure('store', started);
    onProgress({ stage: 'store', done: 1, total: 1, rate: 0, etaMs: 0 });
    this.deps.engines.show(id, engine);
    await rememberSetting(persistence, SETTING.lastRepository, id);
    this.finishStoring(id, snapshot.modalities.semantic as SemanticSnapshot | null, complete.updatedAt);
    return summary(complete);
  }

  /**
   * After the repository is complete, off the path to it: the embedding cache lets go of what
   * the index now holds, and the records stored raw are deflated. Both only change storage
   * (a failure leaves a cache entry or a raw record, each read as well), so neither holds up
   * "ready"; the next build waits for them. Once deflated, the record says what the index takes
   * in storage: the size recorded at the store is its payload before the deflate (about twice).
   */
  private finishStoring(id: string, semantic: SemanticSnapshot | null, completedAt: number): void {
    const controller = new AbortController();
    const done = (async () => {
      await this.releaseEmbeddings(semantic);
      const started = performance.now();
      const storedBytes = await this.deps.persistence.compactSnapshot?.(id, controller.signal);
      measure('compact', started);
      if (storedBytes !== undefined) await this.recordStoredBytes(id, storedBytes, completedAt, controller.signal);
    })().catch(() => undefined);
    this.afterStore = { repositoryId: id, controller, done };
  }

  /** The stored size on the record this build completed, if it is still that one (not deleted, not built again). */
  private async recordStoredBytes(id: string, storedBytes: number, completedAt: number, signal: AbortSignal) {
    const { persistence } = this.deps;
    const record = await persistence.getRepository(id);
    if (signal.aborted || this.removed.has(id) || record?.state !== 'complete' || record.updatedAt !== completedAt)
      return;
    await persistence.putRepository({ ...record, storedBytes });
  }

  /** Settles once what the last finished build left to do (finishStoring) has ended. */
  settled(): Promise<void> {
    return this.afterStore?.done ?? Promise.resolve();
  }

  /**
   * Undoes what a build that did not finish changed, and returns the error to report: a
   * cancel as an AbortError, a full store with what could be deleted to make room.
   */
  private async rollBack(run: BuildRun, caught: unknown): Promise<unknown> {
    const aborted = isAbortError(caught) || run.signal.aborted;
    const error = isQuotaError(caught) ? await this.adviseDeletion(caught, run.id) : caught;
    try {
      await this.undo(run, aborted, error);
    } catch (secondary) {
      // With storage full even the record may not be written; the first failure is the one to report.
      if (!(isQuotaError(caught) && secondary instanceof StoreError)) throw secondary;
    }
    return aborted ? abortError() : error;
  }

  /** Puts storage and the open engine back as they should be after a build that stopped. */
  private async undo(run: BuildRun, aborted: boolean, error: unknown): Promise<void> {
    const { persistence, engines } = this.deps;
    const { id, recorded, previousComplete, writing } = run;
    // Nothing recorded, nothing to undo: the build stopped before it changed anything.
    if (!recorded) return;
    // A partial engine of this build answers no more: nothing unfinished stays searchable.
    if (!previousComplete || writing) engines.drop(id);
    // Deleted mid-build: leave nothing behind.
    if (this.removed.has(id)) return persistence.deleteRepository(id);
    // The old snapshot was never touched (the new one is written only at the very end).
    if (previousComplete && !writing) return persistence.putRepository({ ...previousComplete });
    // Storage ran out while the index was written: drop the part that was written (it is no index
    // without its header), which also makes room to record why.
    if (writing && isQuotaError(error)) await persistence.discardSnapshot?.(id);
    await persistence.putRepository({
      ...recorded,
      state: aborted ? 'cancelled' : 'failed',
      previousComplete: undefined,
      updatedAt: Date.now(),
      message: aborted ? 'Indexing was cancelled.' : (error as Error).message,
    });
  }

  /** Throws a StorageQuotaError, with what could be deleted, when `neededBytes` do not fit. */
  private async ensureRoom(run: BuildRun, neededBytes: number, replacingBytes?: number): Promise<void> {
    if (!this.deps.storage) return;
    const estimate = await this.deps.storage.estimate().catch(() => null);
    const others = (await this.deps.persistence.listRepositories()).filter((r) => r.id !== run.id);
    const verdict = roomFor(run.request.name, estimate, neededBytes, { replacingBytes, others });
    if (!verdict.ok) throw new StorageQuotaError(verdict.refusal);
  }

  /** The browser refused a write: say what could be deleted to make room. */
  private async adviseDeletion(error: StoreError, id: string): Promise<StorageQuotaError> {
    const stored = await this.deps.persistence.listRepositories().catch(() => []);
    return withDeletionAdvice(
      error,
      stored.filter((r) => r.id !== id),
    );
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
}
