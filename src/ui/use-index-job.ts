/** The one indexing job of this tab: bringing a folder or a clone in, its progress, its live stages, cancelling it, and the notice it ends with. */
import { useCallback, useRef, useState, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import type { IndexProgress } from '../engine/contract';
import type { IncomingFile, IndexRequest, LiveStage, RepositorySummary, WorkerStatus } from '../browser/protocol';
import { isAbortError } from '../engine/abort';
import { byCodeUnits } from '../engine/code-unit-order';
import { DEFAULT_MAX_FILE_BYTES } from '../engine/intake/classify';
import { GITIGNORE_FILE } from '../engine/intake/gitignore';
import { readFolderFiles, type FolderContents } from '../browser/folder-source';
import { callback, newJobId, transfer, type Workers } from './client';
import { describeReady } from './describe-ready';
import type { Job, Notice } from './index-status';
import { readinessOf } from './readiness';

/** Re-render progress at most this often, whatever rate the workers report at. */
const PROGRESS_RENDER_MS = 100;
/** Files read on the page moved to the index worker per message, as they are read. */
const FEED_BATCH = 32;

/** Path order, the order the index worker's intake decides files in. */
function byPath(a: { path: string }, b: { path: string }): number {
  return byCodeUnits(a.path, b.path);
}

/**
 * The read order: every .gitignore first, since the index worker's intake decides no file
 * before it has them all (a nested one read last would hold back every answer until the end of
 * the reads); then path order.
 */
function ignoreFilesFirst<T extends { path: string }>(listing: readonly T[]): T[] {
  const isIgnoreFile = (f: T) => f.path === GITIGNORE_FILE || f.path.endsWith(`/${GITIGNORE_FILE}`);
  return [...listing.filter(isIgnoreFile), ...listing.filter((f) => !isIgnoreFile(f))];
}

/** The buffers of the files that arrive as bytes (cloned, or read on this page). */
function buffersOf(files: IncomingFile[]): ArrayBuffer[] {
  return files.flatMap((f) => (f.data instanceof Uint8Array ? [f.data.buffer as ArrayBuffer] : []));
}

interface JobContext {
  workers: Workers;
  status: WorkerStatus | null;
  /** The repository the box searches, when it can answer: a build that does not finish returns to it. */
  active: RepositorySummary | null;
  activeId: string | null;
  openId: string | null;
  setActiveId(id: string | null): void;
  setOpenId(id: string | null): void;
  setNotice(notice: Notice | null): void;
  clearAnswer(): void;
  refresh(): Promise<WorkerStatus>;
  openRepository(id: string, announce: boolean): Promise<void>;
}

/** The job on screen, and the same job for callbacks that outlive a render (kept equal to it). */
interface JobState {
  setJob: Dispatch<SetStateAction<Job | null>>;
  jobRef: MutableRefObject<Job | null>;
  /** Counts the finished builds whose records the worker is still deflating (the list's sizes will change). */
  setSettling: Dispatch<SetStateAction<number>>;
}

/** The worker records a build's end (cancelled, failed) just after it rejects: ask again until no record says it still runs. */
async function refreshUntilSettled(refresh: () => Promise<WorkerStatus>): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const status = await refresh();
    if (!status.repositories.some((r) => r.state === 'building' && !r.message)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs one build in the index worker: its progress throttled to the screen, its live stages opened as they come, its end said in the notice. */
function useRunIndex(
  { setJob, jobRef, setSettling }: JobState,
  { workers, setActiveId, setOpenId, setNotice, clearAnswer, refresh, openRepository }: JobContext,
) {
  return useCallback(
    async (jobId: string, request: IndexRequest) => {
      let pending: IndexProgress[] = [];
      let timer: ReturnType<typeof setTimeout> | null = null;
      const flush = () => {
        timer = null;
        const batch = pending;
        pending = [];
        setJob((j) => {
          if (!j || j.id !== jobId) return j;
          const stages = { ...j.stages };
          for (const p of batch) stages[p.stage] = p;
          return (jobRef.current = { ...j, stages });
        });
      };
      // The build's record exists once its reads start: the list learns of it now, so the first
      // partial answer (searchable while the folder is read) does not wait for a status round trip.
      let listed = false;
      const onProgress = callback((p: IndexProgress) => {
        if (!listed && p.stage === 'read') {
          listed = true;
          void refresh().then(() => performance.mark('fourfold:listed'));
        }
        pending.push(p);
        timer ??= setTimeout(flush, PROGRESS_RENDER_MS);
      });
      // Searchable first: each stage of the build makes the repository answer from what is ready.
      const onLive = callback((stage: LiveStage) => {
        if (jobRef.current?.id !== jobId) return;
        performance.mark(`fourfold:live:${stage.live.join('+')}`);
        const first = !jobRef.current.live;
        setJob((j) => (j && j.id === jobId ? (jobRef.current = { ...j, live: stage }) : j));
        setActiveId(stage.repositoryId);
        setOpenId(stage.repositoryId);
        if (first) void refresh();
      });
      const started = jobRef.current?.startedAt ?? performance.now();
      const current = () => jobRef.current?.id === jobId;
      try {
        // Cloned files arrive as bytes: move them to the index worker instead of copying.
        const buffers = buffersOf(request.files);
        const sent = performance.now();
        const indexed = workers.index.index(jobId, transfer(request, buffers), onProgress, onLive);
        performance.measure('fourfold:send', { start: sent });
        const repo = await indexed;
        if (!current()) return;
        performance.mark('fourfold:live:complete');
        setOpenId(repo.id);
        setActiveId(repo.id);
        setNotice({
          tone: 'success',
          text: describeReady(repo, 'indexed', performance.now() - started),
          languages: repo.stats?.languages,
        });
        // The stored size listed until now is the index before its records were deflated (about
        // twice): the list learns the size it takes once the worker has deflated them.
        setSettling((n) => n + 1);
        void workers.index
          .settled()
          .then(() => refresh())
          .catch(() => undefined)
          .finally(() => setSettling((n) => n - 1));
      } catch (error) {
        // A build replaced by a newer choice says nothing: the newer one speaks.
        if (!current()) return;
        setNotice(
          isAbortError(error)
            ? { tone: 'info', text: `Indexing of ${request.name} was cancelled. Nothing from that run is searchable.` }
            : { tone: 'error', text: `Indexing ${request.name} failed: ${(error as Error).message}` },
        );
        // The partial index is gone with its build: the box searches what it searched before.
        const { live, returnTo } = jobRef.current ?? {};
        if (live) {
          setOpenId(null);
          clearAnswer();
          // Back to what was open before; else to any repository that can answer; else none
          // (never the cancelled one, which would leave the main area asking for a folder).
          const back = returnTo ?? (await refresh()).repositories.find((r) => r.state === 'complete')?.id;
          if (back) void openRepository(back, false);
          else setActiveId(null);
        }
      } finally {
        if (timer) clearTimeout(timer);
        if (current()) {
          jobRef.current = null;
          setJob(null);
        }
        await refreshUntilSettled(refresh);
      }
    },
    // The setters, the ref and clearAnswer (a useCallback with no dependencies) are the same on every render:
    // listing them does not make this callback change more often.
    [workers, refresh, openRepository, setJob, jobRef, setSettling, setActiveId, setOpenId, setNotice, clearAnswer],
  );
}

/**
 * Reads a folder's files on this page, in the listing's order, and moves them to the index
 * worker in batches as they are read. Rejects when `signal` aborts.
 */
async function readAndFeed(
  workers: Workers,
  jobId: string,
  listing: FolderContents['files'],
  maxFileBytes: number,
  signal: AbortSignal,
): Promise<void> {
  let batch: IncomingFile[] = [];
  const feed = () => {
    if (batch.length === 0) return;
    const files = batch;
    batch = [];
    // The bytes are moved to the worker, not copied.
    void workers.index.feed(jobId, transfer(files, buffersOf(files))).catch(() => undefined); // a build that ended takes no more files
  };
  await readFolderFiles(listing, {
    maxFileBytes,
    signal,
    onRead: (file) => {
      batch.push(file);
      if (batch.length >= FEED_BATCH) feed();
    },
  });
  feed();
}

export function useIndexJob(context: JobContext) {
  const { workers, status, active, activeId, openId, setNotice } = context;
  const [job, setJob] = useState<Job | null>(null);
  const jobRef = useRef<Job | null>(null);
  const [settling, setSettling] = useState(0);
  const runIndex = useRunIndex({ setJob, jobRef, setSettling }, context);

  const startJob = (name: string, kind: Job['kind']): string => {
    const id = newJobId();
    const returnTo =
      jobRef.current?.returnTo ?? (readinessOf(job, active, activeId, openId).searchable ? activeId : null);
    const next: Job = { id, name, kind, stages: {}, startedAt: performance.now(), returnTo };
    jobRef.current = next;
    setJob(next);
    return id;
  };

  /** The folder being read on this page (before the index worker has it): cancel stops the reads. */
  const folderRead = useRef<{ jobId: string; controller: AbortController } | null>(null);

  const onFolder = async (contents: FolderContents) => {
    // The newest choice wins: a folder still being read or a clone still downloading is stopped
    // here; a running build is stopped by the index worker when this one reaches it (it ends
    // before this one starts).
    const running = jobRef.current;
    if (running?.kind === 'clone' && !running.stages.read) void workers.clone().cancel(running.id);
    folderRead.current?.controller.abort();
    const id = startJob(contents.name, 'folder');
    const controller = new AbortController();
    folderRead.current = { jobId: id, controller };
    const started = performance.now();
    // The index worker has the build from the start and each file as soon as it is read: it
    // accepts and parses them while the rest are still being read. They are read in path order,
    // the order its intake decides them in.
    const listing = [...contents.files].sort(byPath);
    void runIndex(id, {
      name: contents.name,
      origin: 'folder',
      files: [],
      listed: listing.map((f) => f.path),
      ignored: contents.ignored,
    });
    try {
      await readAndFeed(
        workers,
        id,
        ignoreFilesFirst(listing),
        status?.settings.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
        controller.signal,
      );
      performance.measure('fourfold:page-read', { start: started });
    } catch {
      // Cancelled, or replaced by a newer choice: the build stops too, and says so (or the newer one speaks).
      void workers.index.cancel(id);
    } finally {
      if (folderRead.current?.jobId === id) folderRead.current = null;
    }
  };

  const onClone = async (url: string, corsProxy: string) => {
    const name =
      url
        .replace(/\/+$/, '')
        .split('/')
        .pop()
        ?.replace(/\.git$/, '') || url;
    const id = startJob(name, 'clone');
    try {
      const cloned = await workers.clone().clone(
        id,
        { url, corsProxy },
        callback((event) => setJob((j) => (j && j.id === id ? (jobRef.current = { ...j, clone: event }) : j))),
      );
      if (jobRef.current?.id !== id) return; // cancelled while the answer was on its way
      await runIndex(id, { name: cloned.name, origin: 'clone', url: cloned.url, files: cloned.files });
    } catch (error) {
      jobRef.current = null;
      setJob(null);
      setNotice(
        isAbortError(error)
          ? { tone: 'info', text: `The clone of ${url} was cancelled.` }
          : { tone: 'error', text: (error as Error).message },
      );
    }
  };

  const onCancel = () => {
    const current = jobRef.current;
    if (!current) return;
    if (folderRead.current?.jobId === current.id) {
      folderRead.current.controller.abort();
      void workers.index.cancel(current.id);
    } else if (current.kind === 'clone' && !current.stages.read) {
      void workers.clone().cancel(current.id);
      jobRef.current = null;
      setJob(null);
      setNotice({ tone: 'info', text: `The clone of ${current.name} was cancelled.` });
    } else void workers.index.cancel(current.id);
  };

  const onReindex = (repo: RepositorySummary) => {
    if (repo.origin === 'clone' && repo.url) {
      void onClone(repo.url, localStorage.getItem('fourfold.corsProxy') ?? '');
      return;
    }
    // A folder's files are not kept: the browser needs the folder chosen again (unchanged files are reused).
    setNotice({
      tone: 'info',
      text: `Choose the folder of ${repo.name} again to index it: files whose content did not change are reused.`,
    });
    document.querySelector<HTMLElement>('.bring-in label.button.primary')?.click();
  };

  return { job, settling: settling > 0, onFolder, onClone, onCancel, onReindex };
}
