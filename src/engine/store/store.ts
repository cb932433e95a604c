/**
 * The persistence contract: repositories, per-modality index snapshots, the embedding cache
 * and settings. Two implementations: IndexedDB (idb-store.ts, the browser)
 * and memory (memory-store.ts, the CLI and tests). Everything stored is plain structured-
 * clone data, so snapshots may hold typed arrays and Maps.
 */
import type { IndexStats } from '../contract';

export type RepoState = 'building' | 'complete' | 'cancelled' | 'failed';

export interface RepoSource {
  kind: 'folder' | 'clone' | 'demo';
  /** Clone URL, for kind 'clone'. */
  url?: string;
}

export interface RepoMeta {
  id: string;
  name: string;
  source: RepoSource;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  /**
   * 'building' until the builder writes 'complete' as its very last step, so a build cut
   * short (tab closed, crash) stays 'building' and can be resumed.
   */
  state: RepoState;
  stats?: IndexStats;
  fileCount: number;
  bytes: number;
  /** Why the last build failed, for state 'failed'. */
  error?: string;
}

/** Binary embedding vectors keyed by (embedderId, textHash): shared by every repository. */
export interface EmbeddingCache {
  /** One slot per requested hash, undefined where nothing is cached. */
  get(embedderId: string, textHashes: readonly string[]): Promise<(Uint32Array | undefined)[]>;
  put(embedderId: string, entries: readonly (readonly [string, Uint32Array])[]): Promise<void>;
}

export interface StoredEmbeddingCache extends EmbeddingCache {
  /** Drops cached vectors of one embedder, or of all when omitted. */
  clear(embedderId?: string): Promise<void>;
  /**
   * Drops what a stored index now holds: every write of `embedderId` all of whose text hashes
   * are in `held` (a complete build's vectors live in its snapshot, so the cache keeps each
   * vector once: only those of builds that did not finish stay).
   */
  release(embedderId: string, held: ReadonlySet<string>): Promise<void>;
}

export interface IndexStore {
  listRepos(): Promise<RepoMeta[]>;
  getRepo(repoId: string): Promise<RepoMeta | undefined>;
  putRepo(meta: RepoMeta): Promise<void>;
  /** Removes the repository and every snapshot of it (the shared embedding cache stays). */
  deleteRepo(repoId: string): Promise<void>;

  /** Stores one modality's serialized index (any structured-clone value, typed arrays included). */
  putSnapshot(repoId: string, modality: string, value: unknown): Promise<void>;
  getSnapshot<T = unknown>(repoId: string, modality: string): Promise<T | undefined>;
  listSnapshots(repoId: string): Promise<string[]>;
  /** Every record of one repository, read in one transaction: records written together are read together. */
  getSnapshots(repoId: string): Promise<Map<string, unknown>>;
  deleteSnapshot(repoId: string, modality: string): Promise<void>;
  /**
   * Writes `records` (modality, value) in one transaction, and only if the record `guard.modality`
   * is still there and `guard.holds` its value: a compare-and-swap, so a rewrite that was prepared
   * from one stored index never lands on another written (or deleted) meanwhile. Returns whether
   * it wrote.
   */
  putSnapshotsIf(
    repoId: string,
    guard: { modality: string; holds(value: unknown): boolean },
    records: readonly (readonly [modality: string, value: unknown])[],
  ): Promise<boolean>;

  readonly embeddings: StoredEmbeddingCache;

  /** Settings live in this browser only (e.g. the Voyage key). */
  getSetting<T = unknown>(key: string): Promise<T | undefined>;
  putSetting(key: string, value: unknown): Promise<void>;
  deleteSetting(key: string): Promise<void>;

  close(): void;
}

export type StoreErrorKind =
  /** The browser refused to store more (QuotaExceededError). */
  | 'quota'
  /** The database was closed: another tab upgraded it, or the browser shut it. */
  | 'closed'
  /** The stored database is newer than this code. */
  | 'version'
  /** Anything else IndexedDB reported. */
  | 'failed';

/** A storage failure with a sentence a user can act on (`message`) and the original error (`cause`). */
export class StoreError extends Error {
  readonly kind: StoreErrorKind;

  constructor(kind: StoreErrorKind, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'StoreError';
    this.kind = kind;
  }
}

/** The quota message, shared so both stores and the UI say the same thing. */
export function quotaMessage(what: string): string {
  return `Browser storage is full: could not save ${what}. Delete a repository or allow this site more storage, then resume indexing.`;
}

/** A build that did not finish (interrupted or cancelled) and can be resumed. */
export function isResumable(meta: RepoMeta): boolean {
  return meta.state === 'building' || meta.state === 'cancelled';
}

/** A fresh repository id. */
export function newRepoId(): string {
  return crypto.randomUUID();
}
