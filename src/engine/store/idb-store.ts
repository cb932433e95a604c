/**
 * IndexStore on IndexedDB (through `idb`), for the browser's workers and page.
 *
 * Layout (SCHEMA_VERSION 3). Every per-repository store has a compound primary key that
 * starts with the repository id, so one key range reads or deletes a whole repository
 * without a secondary index:
 *   repos       id                      → RepoMeta
 *   fileMeta    [repoId, path]          → { repoId, path, hash, size }   (cheap to scan: no text)
 *   fileBodies  [repoId, path]          → { repoId, path, text, analysis }
 *   snapshots   [repoId, modality]      → { repoId, modality, value }
 *   embeddingWrites [embedderId, writeId] → { embedderId, writeId, textHashes: string[], width, vectors: Uint32Array }
 *   settings    key                     → { key, value }
 *
 * History: v1 kept whole files (text and analysis included) in one `files` store, so
 * computing what changed read every text. v2 splits it into fileMeta + fileBodies and adds
 * the embedding cache; the upgrade moves v1 records across. v2 kept one `embeddings` record
 * per chunk: 27,410 small records for the 10 MB bench tier, 13.7 MB of LevelDB (1.3× the
 * source) on top of the same vectors in the semantic snapshot, and up to 25.7 MB while LevelDB
 * had not yet compacted its logs — the stored ratio swung from 2.97× to 4.1× between runs. v3
 * keeps one record per write (a build's batch of ~1,000 vectors: a large value, which Chromium
 * stores as a blob file and frees whole) and a finished build releases them (its snapshot holds
 * the vectors); the upgrade drops the v2 per-chunk cache (it is only a cache).
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { FileAnalysis } from '../contract';
import {
  diffFileHashes,
  quotaMessage,
  StoreError,
  type FileChanges,
  type FileHash,
  type IndexStore,
  type RepoMeta,
  type StorageUsage,
  type StoredEmbeddingCache,
  type StoredFile,
} from './store';

export const SCHEMA_VERSION = 3;
export const DEFAULT_DB_NAME = 'fourfold';

/** Files per write transaction: big enough to amortise commit cost, small enough that a failure loses little. */
export const FILE_BATCH_SIZE = 2_000;
/** …and at most this many text characters per transaction, so a batch of large files stays bounded. */
export const FILE_BATCH_CHARS = 32 * 1024 * 1024;

interface FileMetaRecord {
  repoId: string;
  path: string;
  hash: string;
  size: number;
}

interface FileBodyRecord {
  repoId: string;
  path: string;
  text: string;
  analysis: FileAnalysis;
}

/** One EmbeddingCache.put of one vector width: its hashes, and their vectors end to end (`width` words each). */
interface EmbeddingWriteRecord {
  embedderId: string;
  writeId: string;
  textHashes: string[];
  width: number;
  vectors: Uint32Array;
}

interface FourfoldDB extends DBSchema {
  repos: { key: string; value: RepoMeta };
  fileMeta: { key: [string, string]; value: FileMetaRecord };
  fileBodies: { key: [string, string]; value: FileBodyRecord };
  snapshots: { key: [string, string]; value: { repoId: string; modality: string; value: unknown } };
  embeddingWrites: { key: [string, string]; value: EmbeddingWriteRecord };
  settings: { key: string; value: { key: string; value: unknown } };
}

type Store = StoreNames<FourfoldDB>;
type UpgradeTransaction = IDBPTransaction<FourfoldDB, Store[], 'versionchange'>;

/** Every key [id, …] of one repository (arrays sort after strings, so [id, []] is above any [id, path]). */
function repoRange(repoId: string): IDBKeyRange {
  return IDBKeyRange.bound([repoId], [repoId, []]);
}

/** Every key [embedderId, …] of one embedder. */
function embedderRange(embedderId: string): IDBKeyRange {
  return IDBKeyRange.bound([embedderId], [embedderId, []]);
}

/** Creates or migrates the schema from `oldVersion` (0 = new database) to SCHEMA_VERSION. */
async function upgradeSchema(db: IDBPDatabase<FourfoldDB>, oldVersion: number, tx: UpgradeTransaction): Promise<void> {
  // Stores are created when missing rather than by version alone, so a partial or
  // hand-made older database still ends up with the full current layout.
  const has = (store: string) => db.objectStoreNames.contains(store as Store);
  if (!has('repos')) db.createObjectStore('repos', { keyPath: 'id' });
  if (!has('snapshots')) db.createObjectStore('snapshots', { keyPath: ['repoId', 'modality'] });
  if (!has('settings')) db.createObjectStore('settings', { keyPath: 'key' });
  if (!has('fileMeta')) db.createObjectStore('fileMeta', { keyPath: ['repoId', 'path'] });
  if (!has('fileBodies')) db.createObjectStore('fileBodies', { keyPath: ['repoId', 'path'] });
  if (!has('embeddingWrites')) db.createObjectStore('embeddingWrites', { keyPath: ['embedderId', 'writeId'] });
  // v2 → v3: the per-chunk cache goes (see the layout above); vectors not in a snapshot are embedded again.
  if (has('embeddings')) (db as unknown as IDBPDatabase).deleteObjectStore('embeddings');

  // v1 → v2: v1 `files` held { repoId, path, hash, size, text, analysis } under [repoId, path].
  if (oldVersion < 2 && has('files')) {
    const untyped = tx as unknown as IDBPTransaction<unknown, string[], 'versionchange'>;
    const legacy = untyped.objectStore('files');
    const meta = tx.objectStore('fileMeta');
    const bodies = tx.objectStore('fileBodies');
    const writes: Promise<unknown>[] = [];
    for (let cursor = await legacy.openCursor(); cursor; cursor = await cursor.continue()) {
      const { repoId, path, hash, size, text, analysis } = cursor.value as FileMetaRecord & FileBodyRecord;
      writes.push(meta.put({ repoId, path, hash, size }), bodies.put({ repoId, path, text, analysis }));
    }
    await Promise.all(writes);
    (db as unknown as IDBPDatabase).deleteObjectStore('files');
  }
}

function errorName(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : undefined;
}

export interface OpenIdbStoreOptions {
  /** Another tab holds an older version open and has not closed yet. */
  onBlocked?: () => void;
  /** This connection was closed because another tab upgraded the database (reload to continue). */
  onClosed?: (reason: 'versionchange' | 'terminated') => void;
}

export class IdbIndexStore implements IndexStore {
  private closedReason: 'versionchange' | 'terminated' | 'closed' | null = null;

  constructor(private readonly db: IDBPDatabase<FourfoldDB>) {}

  /** Called by openIdbStore's callbacks. */
  markClosed(reason: 'versionchange' | 'terminated'): void {
    this.closedReason = reason;
  }

  /** Maps an IndexedDB failure to a StoreError with a sentence the UI can show as is. */
  private toStoreError(error: unknown, what: string, txError?: DOMException | null): StoreError {
    if (error instanceof StoreError) return error;
    // A quota failure aborts the transaction: requests then fail with AbortError, the transaction carries the cause.
    const name = errorName(txError) === 'QuotaExceededError' ? 'QuotaExceededError' : errorName(error);
    if (name === 'QuotaExceededError') return new StoreError('quota', quotaMessage(what), error);
    if (this.closedReason || name === 'InvalidStateError') {
      const why =
        this.closedReason === 'versionchange'
          ? 'another tab opened a newer version of Fourfold'
          : this.closedReason === 'terminated'
            ? 'the browser closed the database'
            : 'the database is closed';
      return new StoreError('closed', `Could not ${what}: ${why}. Reload the page to continue.`, error);
    }
    const detail = error instanceof Error ? error.message : String(error);
    return new StoreError('failed', `Could not ${what}: ${name ?? 'error'}${detail ? ` (${detail})` : ''}.`, error);
  }

  /**
   * Runs `body` in one transaction and waits for it to commit. Request promises must be
   * returned through `body` (e.g. Promise.all) so none is left unhandled if the transaction aborts.
   */
  private async transact<T, S extends Store[], M extends IDBTransactionMode>(
    what: string,
    stores: S,
    mode: M,
    body: (tx: IDBPTransaction<FourfoldDB, S, M>) => Promise<T>,
  ): Promise<T> {
    let tx: IDBPTransaction<FourfoldDB, S, M> | undefined;
    try {
      if (this.closedReason === 'closed') throw new DOMException('closed', 'InvalidStateError');
      tx = this.db.transaction(stores, mode);
      const done = tx.done;
      done.catch(() => undefined); // observed below; avoid an unhandled rejection if body throws first
      const result = await body(tx);
      await done;
      return result;
    } catch (error) {
      throw this.toStoreError(error, what, tx?.error);
    }
  }

  async listRepos(): Promise<RepoMeta[]> {
    const repos = await this.transact('list repositories', ['repos'], 'readonly', (tx) => tx.objectStore('repos').getAll());
    return repos.sort((a, b) => a.createdAt - b.createdAt);
  }

  getRepo(repoId: string): Promise<RepoMeta | undefined> {
    return this.transact('read a repository', ['repos'], 'readonly', (tx) => tx.objectStore('repos').get(repoId));
  }

  async putRepo(meta: RepoMeta): Promise<void> {
    await this.transact(`repository "${meta.name}"`, ['repos'], 'readwrite', (tx) => tx.objectStore('repos').put(meta));
  }

  updateRepo(repoId: string, patch: Partial<Omit<RepoMeta, 'id'>>): Promise<RepoMeta> {
    return this.transact('update a repository', ['repos'], 'readwrite', async (tx) => {
      const store = tx.objectStore('repos');
      const current = await store.get(repoId);
      if (!current) throw new StoreError('failed', `No repository with id ${repoId}.`);
      const next: RepoMeta = { ...current, ...patch, id: repoId, updatedAt: Date.now() };
      await store.put(next);
      return next;
    });
  }

  async deleteRepo(repoId: string): Promise<void> {
    const range = repoRange(repoId);
    await this.transact('delete a repository', ['repos', 'fileMeta', 'fileBodies', 'snapshots'], 'readwrite', (tx) =>
      Promise.all([
        tx.objectStore('repos').delete(repoId),
        tx.objectStore('fileMeta').delete(range),
        tx.objectStore('fileBodies').delete(range),
        tx.objectStore('snapshots').delete(range),
      ]),
    );
  }

  async putFiles(repoId: string, files: readonly StoredFile[]): Promise<void> {
    let start = 0;
    while (start < files.length) {
      // Cut a batch by count and by text size.
      let end = start;
      let chars = 0;
      while (end < files.length && end - start < FILE_BATCH_SIZE && (end === start || chars + files[end].text.length <= FILE_BATCH_CHARS)) {
        chars += files[end].text.length;
        end++;
      }
      const batch = files.slice(start, end);
      const what = `${batch.length.toLocaleString('en-US')} file${batch.length === 1 ? '' : 's'} (${batch[0].path}…)`;
      await this.transact(what, ['fileMeta', 'fileBodies'], 'readwrite', (tx) => {
        const meta = tx.objectStore('fileMeta');
        const bodies = tx.objectStore('fileBodies');
        const writes: Promise<unknown>[] = [];
        for (const { path, hash, size, text, analysis } of batch) {
          writes.push(meta.put({ repoId, path, hash, size }), bodies.put({ repoId, path, text, analysis }));
        }
        return Promise.all(writes);
      });
      start = end;
    }
  }

  getFiles(repoId: string): Promise<StoredFile[]> {
    const range = repoRange(repoId);
    return this.transact('read files', ['fileMeta', 'fileBodies'], 'readonly', async (tx) => {
      const [metas, bodies] = await Promise.all([tx.objectStore('fileMeta').getAll(range), tx.objectStore('fileBodies').getAll(range)]);
      // Both lists come back in key order; join by path in case one store is missing a record.
      const bodyByPath = new Map(bodies.map((b) => [b.path, b]));
      const files: StoredFile[] = [];
      for (const { path, hash, size } of metas) {
        const body = bodyByPath.get(path);
        if (body) files.push({ path, hash, size, text: body.text, analysis: body.analysis });
      }
      return files;
    });
  }

  getFile(repoId: string, path: string): Promise<StoredFile | undefined> {
    return this.transact(`read ${path}`, ['fileMeta', 'fileBodies'], 'readonly', async (tx) => {
      const [meta, body] = await Promise.all([tx.objectStore('fileMeta').get([repoId, path]), tx.objectStore('fileBodies').get([repoId, path])]);
      if (!meta || !body) return undefined;
      return { path, hash: meta.hash, size: meta.size, text: body.text, analysis: body.analysis };
    });
  }

  async getFileHashes(repoId: string): Promise<FileHash[]> {
    const metas = await this.transact('read file hashes', ['fileMeta'], 'readonly', (tx) =>
      tx.objectStore('fileMeta').getAll(repoRange(repoId)),
    );
    return metas.map(({ path, hash }) => ({ path, hash }));
  }

  async deleteFiles(repoId: string, paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    await this.transact('delete files', ['fileMeta', 'fileBodies'], 'readwrite', (tx) => {
      const meta = tx.objectStore('fileMeta');
      const bodies = tx.objectStore('fileBodies');
      return Promise.all(paths.flatMap((path) => [meta.delete([repoId, path]), bodies.delete([repoId, path])]));
    });
  }

  deleteMissingFiles(repoId: string, keep: Iterable<string>): Promise<string[]> {
    const keepSet = new Set(keep);
    return this.transact('delete removed files', ['fileMeta', 'fileBodies'], 'readwrite', async (tx) => {
      const meta = tx.objectStore('fileMeta');
      const bodies = tx.objectStore('fileBodies');
      const keys = await meta.getAllKeys(repoRange(repoId));
      const removed = keys.map((key) => key[1]).filter((path) => !keepSet.has(path));
      await Promise.all(removed.flatMap((path) => [meta.delete([repoId, path]), bodies.delete([repoId, path])]));
      return removed;
    });
  }

  async changedFiles(repoId: string, incoming: readonly FileHash[]): Promise<FileChanges> {
    return diffFileHashes(await this.getFileHashes(repoId), incoming);
  }

  async putSnapshot(repoId: string, modality: string, value: unknown): Promise<void> {
    await this.transact(`the ${modality} index`, ['snapshots'], 'readwrite', (tx) =>
      tx.objectStore('snapshots').put({ repoId, modality, value }),
    );
  }

  async getSnapshot<T = unknown>(repoId: string, modality: string): Promise<T | undefined> {
    const record = await this.transact(`read the ${modality} index`, ['snapshots'], 'readonly', (tx) =>
      tx.objectStore('snapshots').get([repoId, modality]),
    );
    return record?.value as T | undefined;
  }

  async listSnapshots(repoId: string): Promise<string[]> {
    const keys = await this.transact('list indexes', ['snapshots'], 'readonly', (tx) => tx.objectStore('snapshots').getAllKeys(repoRange(repoId)));
    return keys.map((key) => key[1]);
  }

  async deleteSnapshot(repoId: string, modality: string): Promise<void> {
    await this.transact(`delete the ${modality} index`, ['snapshots'], 'readwrite', (tx) => tx.objectStore('snapshots').delete([repoId, modality]));
  }

  readonly embeddings: StoredEmbeddingCache = {
    get: (embedderId, textHashes) =>
      this.transact('read cached embeddings', ['embeddingWrites'], 'readonly', async (tx) => {
        const store = tx.objectStore('embeddingWrites');
        // Nothing cached (the usual case: finished builds release theirs), nothing read; else
        // every write of this embedder in one request (a few dozen large records).
        const range = embedderRange(embedderId);
        if ((await store.count(range)) === 0) return textHashes.map(() => undefined);
        const byHash = new Map<string, Uint32Array>();
        for (const record of await store.getAll(range)) {
          record.textHashes.forEach((hash, i) => byHash.set(hash, record.vectors.subarray(i * record.width, (i + 1) * record.width)));
        }
        return textHashes.map((hash) => byHash.get(hash));
      }),
    put: async (embedderId, entries) => {
      // One record per vector width (an embedder writes one width; bits-only entries of an older build may differ).
      const byWidth = new Map<number, (readonly [string, Uint32Array])[]>();
      for (const entry of entries) {
        const group = byWidth.get(entry[1].length);
        if (group) group.push(entry);
        else byWidth.set(entry[1].length, [entry]);
      }
      await this.transact(`${entries.length} embeddings`, ['embeddingWrites'], 'readwrite', (tx) => {
        const store = tx.objectStore('embeddingWrites');
        return Promise.all(
          [...byWidth].map(([width, group]) => {
            const vectors = new Uint32Array(group.length * width);
            group.forEach(([, vector], i) => vectors.set(vector, i * width));
            return store.put({ embedderId, writeId: crypto.randomUUID(), textHashes: group.map(([hash]) => hash), width, vectors });
          }),
        );
      });
    },
    clear: async (embedderId) => {
      await this.transact('clear cached embeddings', ['embeddingWrites'], 'readwrite', (tx) => {
        const store = tx.objectStore('embeddingWrites');
        return embedderId === undefined ? store.clear() : store.delete(embedderRange(embedderId));
      });
    },
    release: async (embedderId, held) => {
      await this.transact('release cached embeddings', ['embeddingWrites'], 'readwrite', async (tx) => {
        const store = tx.objectStore('embeddingWrites');
        const doomed: [string, string][] = [];
        // One record at a time (a cursor, not getAll): a write whose every hash is held goes.
        for (let cursor = await store.openCursor(embedderRange(embedderId)); cursor; cursor = await cursor.continue()) {
          if (cursor.value.textHashes.every((hash) => held.has(hash))) doomed.push(cursor.primaryKey);
        }
        await Promise.all(doomed.map((key) => store.delete(key)));
      });
    },
  };

  async getSetting<T = unknown>(key: string): Promise<T | undefined> {
    const record = await this.transact('read settings', ['settings'], 'readonly', (tx) => tx.objectStore('settings').get(key));
    return record?.value as T | undefined;
  }

  async putSetting(key: string, value: unknown): Promise<void> {
    await this.transact(`the setting "${key}"`, ['settings'], 'readwrite', (tx) => tx.objectStore('settings').put({ key, value }));
  }

  async deleteSetting(key: string): Promise<void> {
    await this.transact('delete a setting', ['settings'], 'readwrite', (tx) => tx.objectStore('settings').delete(key));
  }

  async estimateUsage(): Promise<StorageUsage> {
    const storage = (globalThis as { navigator?: { storage?: { estimate?: () => Promise<StorageEstimate> } } }).navigator?.storage;
    if (!storage?.estimate) return { usageBytes: null, quotaBytes: null };
    const estimate = await storage.estimate();
    return { usageBytes: estimate.usage ?? null, quotaBytes: estimate.quota ?? null };
  }

  close(): void {
    this.closedReason ??= 'closed';
    this.db.close();
  }
}

/**
 * Opens (creating or upgrading) the Fourfold database. The connection closes itself when
 * another tab needs to upgrade, so upgrades never hang; operations afterwards fail with
 * StoreError kind 'closed'.
 */
export async function openIdbStore(name = DEFAULT_DB_NAME, options: OpenIdbStoreOptions = {}): Promise<IdbIndexStore> {
  let store: IdbIndexStore | undefined;
  let db: IDBPDatabase<FourfoldDB>;
  try {
    db = await openDB<FourfoldDB>(name, SCHEMA_VERSION, {
      upgrade: (database, oldVersion, _newVersion, tx) => {
        // A failed migration aborts the upgrade: the old data stays as it was and open() rejects.
        tx.done.catch(() => undefined);
        upgradeSchema(database, oldVersion, tx).catch(() => {
          try {
            tx.abort();
          } catch {
            // already finished or aborted
          }
        });
      },
      blocked: () => options.onBlocked?.(),
      blocking: () => {
        db?.close();
        store?.markClosed('versionchange');
        options.onClosed?.('versionchange');
      },
      terminated: () => {
        store?.markClosed('terminated');
        options.onClosed?.('terminated');
      },
    });
  } catch (error) {
    const errName = errorName(error);
    if (errName === 'VersionError') {
      throw new StoreError(
        'version',
        `This browser holds a Fourfold database newer than this version of the app (schema ${SCHEMA_VERSION}). Reload to get the latest app, or clear the site's data.`,
        error,
      );
    }
    if (errName === 'QuotaExceededError') throw new StoreError('quota', quotaMessage('the database'), error);
    throw new StoreError('failed', `Could not open the index database: ${error instanceof Error ? error.message : String(error)}.`, error);
  }
  store = new IdbIndexStore(db);
  return store;
}
