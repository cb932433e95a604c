/**
 * The MCP server's index of one repository, loaded once and kept fresh while the server runs.
 *
 * - Loaded through `openRepository` (the CLI's disk cache: a warm start reads the snapshot,
 *   a cold one builds and reports progress).
 * - Watched: one non-recursive `fs.watch` per indexed directory (ignored trees such as
 *   node_modules/ are never watched), or, where watching is not possible (inotify limits, a
 *   network file system) or asked for, a poll of file sizes and modification times.
 * - Refreshed after a change: the repository is walked again; when an indexable file's content
 *   hash changed, `openRepository` rebuilds incrementally from the cached snapshot (only changed
 *   files parsed, only changed chunks embedded) and stores the new snapshot for the next start.
 * - Read consistently: `get()` waits for a refresh that is due, so an agent that edits a file
 *   and asks again gets an answer that includes its edit. Queries never see a half-built index:
 *   the new engine replaces the old one only when it is complete.
 */
import { type FSWatcher, watch } from 'node:fs';
import { join } from 'node:path';
import type { IndexProgress } from '../engine/contract';
import type { Engine } from '../engine/engine';
import { intakeFiles } from '../engine/intake/intake';
import { WalkFingerprint } from './disk-cache';
import type { OpenedRepository } from './repository';
import { walkRepository } from './walk';

/** Quiet time after the last change before re-indexing: an editor's save is several events. */
export const REFRESH_DEBOUNCE_MS = 150;
/** Poll period when file-system events are not available. */
export const POLL_INTERVAL_MS = 2000;

export type WatchMode = 'auto' | 'poll' | 'off';

export interface LiveIndexOptions {
  root: string;
  /** Opens (loads or builds) the repository's index. */
  open: (onProgress: (p: IndexProgress) => void) => Promise<OpenedRepository>;
  watch: WatchMode;
  debounceMs?: number;
  pollMs?: number;
  log?: (level: 'info' | 'warning' | 'error', message: string) => void;
  /**
   * The directories to watch once `opened` is the index (relative, '' the root). By default each
   * one holding an indexed or skipped file, and the root; the warm server passes every folder the
   * walk listed, as the stat check (tree-check.ts) stats them.
   */
  watchedDirectories?: (opened: OpenedRepository) => Iterable<string>;
}

/** One complete, immutable state of the index. */
export interface IndexState {
  engine: Engine;
  /** Accepted (indexed) paths, sorted. */
  paths: string[];
  /** Content hash by path, to tell a real change from a touch. */
  hashes: Map<string, string>;
  /** Files the walk could not read. */
  unreadable: { path: string; reason: string }[];
  /** 1 for the first load, +1 per refresh that changed something. */
  generation: number;
  indexedAt: Date;
  fromCache: boolean;
}

type ProgressListener = (p: IndexProgress) => void;

export class LiveIndex {
  private state: IndexState | null = null;
  private failure: Error | null = null;
  /** Settles when the index reflects every change seen so far; null when it already does. */
  private settled: Promise<void> | null = null;
  private dirty = false;
  private closed = false;
  private debounceTimer: NodeJS.Timeout | null = null;
  private wakeRefresh: (() => void) | null = null;
  private readonly watchers = new Map<string, FSWatcher>();
  private pollTimer: NodeJS.Timeout | null = null;
  private pollFingerprint: string | null = null;
  private mode: WatchMode;
  private readonly listeners = new Set<ProgressListener>();

  constructor(private readonly options: LiveIndexOptions) {
    this.mode = options.watch;
  }

  /** Starts the first load (in the background: the server answers `initialize` meanwhile). */
  start(): void {
    this.dirty = true;
    this.settled = this.runRefreshes();
  }

  /** How the repository is being watched right now ('poll' after a fallback). */
  get watchMode(): WatchMode {
    return this.mode;
  }

  /**
   * The current index, after any due refresh. Rejects with the load failure (nothing to index,
   * an embedder error) when there is no index, or when `signal` aborts the wait.
   */
  async get(onProgress?: ProgressListener, signal?: AbortSignal): Promise<IndexState> {
    if (onProgress) this.listeners.add(onProgress);
    try {
      // Waits for the refresh due now, not for every later one: a tree that never stops
      // changing (a build writing files) must not keep a question waiting forever.
      for (let first = true; this.settled && (first || !this.state); first = false) {
        signal?.throwIfAborted();
        await (signal ? Promise.race([this.settled, aborted(signal)]) : this.settled);
      }
    } finally {
      if (onProgress) this.listeners.delete(onProgress);
    }
    if (this.state) return this.state;
    throw this.failure ?? new Error('the index is not loaded');
  }

  /** Whether the last load or refresh failed (a refresh that failed leaves the previous index answering). */
  get failed(): boolean {
    return this.failure !== null;
  }

  /** Something may have changed that no event reported: the next `get()` waits for a refresh. */
  markChanged(): void {
    this.changed();
  }

  /** The index as it is now, without waiting (null before the first load). */
  peek(): IndexState | null {
    return this.state;
  }

  close(): void {
    this.closed = true;
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    this.wakeRefresh?.();
  }

  /** A file-system event (or a poll) saw something change. */
  private changed(): void {
    if (this.closed) return;
    this.dirty = true;
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      this.wakeRefresh?.();
    }, this.options.debounceMs ?? REFRESH_DEBOUNCE_MS);
    if (!this.settled) {
      const debounced = new Promise<void>((resolve) => (this.wakeRefresh = resolve));
      this.settled = debounced.then(() => this.runRefreshes());
    }
  }

  /** Loads or refreshes until no change is pending, then marks the index settled. */
  private async runRefreshes(): Promise<void> {
    this.wakeRefresh = null;
    try {
      while (this.dirty && !this.closed) {
        this.dirty = false;
        await this.refreshOnce();
      }
    } finally {
      this.settled = null;
    }
  }

  private async refreshOnce(): Promise<void> {
    const previous = this.state;
    // Polling compares against the tree as it was before this refresh read it: a change made
    // while indexing is seen by the next poll, never folded into the baseline unseen.
    if (this.mode === 'poll') this.pollFingerprint = await statFingerprint(this.options.root).catch(() => null);
    try {
      if (previous && !(await this.contentChanged(previous))) return;
      const started = performance.now();
      if (previous) this.options.log?.('info', 'files changed: re-indexing what changed');
      const opened = await this.options.open((p) => this.progress(p));
      const intakeFilesSorted = opened.intake.files;
      this.state = {
        engine: opened.engine,
        paths: intakeFilesSorted.map((f) => f.path),
        hashes: new Map(intakeFilesSorted.map((f) => [f.path, f.hash])),
        unreadable: opened.unreadable,
        generation: (previous?.generation ?? 0) + 1,
        indexedAt: new Date(),
        fromCache: opened.fromCache,
      };
      this.failure = null;
      const s = opened.engine.stats;
      let done = opened.fromCache ? 'loaded the cached index of' : 'indexed';
      if (previous) done = 're-indexed';
      this.options.log?.(
        'info',
        `${done} ${s.files} files (${s.chunks} chunks) in ${Math.round(performance.now() - started)} ms` +
          (previous ? ` (${s.reusedFiles} unchanged files reused)` : ''),
      );
      this.watchDirectories(opened);
    } catch (e) {
      this.failure = e instanceof Error ? e : new Error(String(e));
      this.options.log?.(
        previous ? 'warning' : 'error',
        `${previous ? 'refresh failed, still answering from the previous index' : 'could not index the repository'}: ${this.failure.message}`,
      );
      // With no index there is no directory list to watch: poll until files appear.
      if (!this.state) {
        this.pollFingerprint ??= await statFingerprint(this.options.root).catch(() => null);
        this.startPolling();
      }
    }
  }

  /** Walks the repository with the same rules as indexing and compares content hashes. */
  private async contentChanged(state: IndexState): Promise<boolean> {
    const intake = await intakeFiles(walkRepository(this.options.root));
    if (intake.files.length !== state.hashes.size) return true;
    return intake.files.some((f) => state.hashes.get(f.path) !== f.hash);
  }

  private progress(p: IndexProgress): void {
    for (const l of this.listeners) l(p);
  }

  /** Keeps one watcher per directory holding an indexed or skipped file, plus the root. */
  private watchDirectories(opened: OpenedRepository): void {
    if (this.closed || this.mode === 'off') return;
    if (this.mode === 'poll') return this.startPolling();
    const wanted = new Set<string>(this.options.watchedDirectories?.(opened) ?? defaultWatched(opened));
    for (const [dir, w] of this.watchers) {
      if (!wanted.has(dir)) {
        w.close();
        this.watchers.delete(dir);
      }
    }
    for (const dir of wanted) {
      if (this.watchers.has(dir)) continue;
      try {
        const w = watch(dir === '' ? this.options.root : join(this.options.root, dir), { persistent: false }, () =>
          this.changed(),
        );
        // A watched directory that disappears: drop its watcher and look again.
        w.on('error', () => {
          w.close();
          this.watchers.delete(dir);
          this.changed();
        });
        this.watchers.set(dir, w);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue; // removed since the walk: the next refresh sees it
        this.options.log?.(
          'warning',
          `cannot watch ${dir || '.'} (${code ?? String(e)}): polling every ${this.pollInterval() / 1000} s instead`,
        );
        for (const w of this.watchers.values()) w.close();
        this.watchers.clear();
        this.mode = 'poll';
        return this.startPolling();
      }
    }
  }

  private pollInterval(): number {
    return this.options.pollMs ?? POLL_INTERVAL_MS;
  }

  private startPolling(): void {
    if (this.pollTimer || this.closed || this.mode === 'off') return;
    const tick = async () => {
      if (this.settled) return; // a refresh is due or running; it takes the next baseline
      const fingerprint = await statFingerprint(this.options.root).catch(() => null);
      if (this.settled || fingerprint === null) return;
      if (this.pollFingerprint !== null && fingerprint !== this.pollFingerprint) this.changed();
      else this.pollFingerprint = fingerprint;
    };
    this.pollTimer = setInterval(() => void tick(), this.pollInterval());
    this.pollTimer.unref();
  }
}

/** The walk's paths, sizes and modification times (the disk cache's own fingerprint): cheap, no reads. */
async function statFingerprint(root: string): Promise<string> {
  const fingerprint = new WalkFingerprint();
  for await (const entry of walkRepository(root, {
    onFile: (path, size, mtimeMs) => fingerprint.file(path, size, mtimeMs),
  })) {
    if ('skip' in entry) fingerprint.skip(entry.path, entry.skip);
  }
  return fingerprint.digest();
}

/** Every directory holding an indexed or (not ignored) skipped file, and the root. */
function defaultWatched(opened: OpenedRepository): Set<string> {
  const wanted = new Set<string>(['']);
  for (const f of opened.intake.files) wanted.add(parentOf(f.path));
  for (const f of opened.intake.skippedFiles) if (f.reason !== 'ignored') wanted.add(parentOf(f.path));
  return wanted;
}

function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i === -1 ? '' : path.slice(0, i);
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}
