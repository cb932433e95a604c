/**
 * IndexStore on IndexedDB (through `idb`), for the browser's workers and page.
 *
 * Layout (SCHEMA_VERSION 4). Every per-repository store has a compound primary key that
 * starts with the repository id, so one key range reads or deletes a whole repository
 * without a secondary index:
 *   repos       id                      → RepoMeta
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
 * the vectors); the upgrade drops the v2 per-chunk cache (it is only a cache). v4 drops the
 * stored files (fileMeta + fileBodies, and v1's `files`): nothing read them, as an index is
 * loaded from its snapshots, so they only took space.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import {
  quotaMessage,
  StoreError,
  type IndexStore,
  type RepoMeta,
  type StoredEmbeddingCache,
} from '../engine/store/store';

export const SCHEMA_VERSION = 4;
export const DEFAULT_DB_NAME = 'fourfold';

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
  snapshots: { key: [string, string]; value: { repoId: string; modality: string; value: unknown } };
  embeddingWrites: { key: [string, string]; value: EmbeddingWriteRecord };
  settings: { key: string; value: { key: string; value: unknown } };
}

type Store = StoreNames<FourfoldDB>;

/** Every key [id, …] of one repository (arrays sort after strings, so [id, []] is above any [id, path]). */
function repoRange(repoId: string): IDBKeyRange {
  return IDBKeyRange.bound([repoId], [repoId, []]);
}

/** Every key [embedderId, …] of one embedder. */
function embedderRange(embedderId: string): IDBKeyRange {
  return IDBKeyRange.bound([embedderId], [embedderId, []]);
}

/** Stores of earlier schemas that the current one no longer has: whole files (v1), their hashes and bodies (v2, v3), per-chunk embeddings (v2). */
const RETIRED_STORES = ['files', 'fileMeta', 'fileBodies', 'embeddings'];

/** Creates or migrates the schema from any earlier version (or none) to SCHEMA_VERSION. */
function upgradeSchema(db: IDBPDatabase<FourfoldDB>): void {
  // Stores are created when missing rather than by version alone, so a partial or
  // hand-made older database still ends up with the full current layout.
  const has = (store: string) => db.objectStoreNames.contains(store as Store);
  if (!has('repos')) db.createObjectStore('repos', { keyPath: 'id' });
  if (!has('snapshots')) db.createObjectStore('snapshots', { keyPath: ['repoId', 'modality'] });
  if (!has('settings')) db.createObjectStore('settings', { keyPath: 'key' });
  if (!has('embeddingWrites')) db.createObjectStore('embeddingWrites', { keyPath: ['embedderId', 'writeId'] });
  // What they held is rebuilt when needed: an index from its files, a vector by embedding again.
  for (const store of RETIRED_STORES) if (has(store)) (db as unknown as IDBPDatabase).deleteObjectStore(store);
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
      let why = 'the database is closed';
      if (this.closedReason === 'versionchange') why = 'another tab opened a newer version of Fourfold';
      else if (this.closedReason === 'terminated') why = 'the browser closed the database';
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
    const repos = await this.transact('list repositories', ['repos'], 'readonly', (tx) =>
      tx.objectStore('repos').getAll(),
    );
    return repos.sort((a, b) => a.createdAt - b.createdAt);
  }

  getRepo(repoId: string): Promise<RepoMeta | undefined> {
    return this.transact('read a repository', ['repos'], 'readonly', (tx) => tx.objectStore('repos').get(repoId));
  }

  async putRepo(meta: RepoMeta): Promise<void> {
    await this.transact(`repository "${meta.name}"`, ['repos'], 'readwrite', (tx) => tx.objectStore('repos').put(meta));
  }

  async deleteRepo(repoId: string): Promise<void> {
    const range = repoRange(repoId);
    await this.transact('delete a repository', ['repos', 'snapshots'], 'readwrite', (tx) =>
      Promise.all([tx.objectStore('repos').delete(repoId), tx.objectStore('snapshots').delete(range)]),
    );
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

  async putSnapshotsIf(
    repoId: string,
    guard: { modality: string; holds(value: unknown): boolean },
    records: readonly (readonly [string, unknown])[],
  ): Promise<boolean> {
    return this.transact('rewrite a stored index', ['snapshots'], 'readwrite', async (tx) => {
      const store = tx.objectStore('snapshots');
      const current = await store.get([repoId, guard.modality]);
      if (current === undefined || !guard.holds(current.value)) return false;
      await Promise.all(records.map(([modality, value]) => store.put({ repoId, modality, value })));
      return true;
    });
  }

  async getSnapshots(repoId: string): Promise<Map<string, unknown>> {
    const rows = await this.transact('read a stored index', ['snapshots'], 'readonly', (tx) =>
      tx.objectStore('snapshots').getAll(repoRange(repoId)),
    );
    return new Map(rows.map((row) => [row.modality, row.value]));
  }

  async listSnapshots(repoId: string): Promise<string[]> {
    const keys = await this.transact('list indexes', ['snapshots'], 'readonly', (tx) =>
      tx.objectStore('snapshots').getAllKeys(repoRange(repoId)),
    );
    return keys.map((key) => key[1]);
  }

  async deleteSnapshot(repoId: string, modality: string): Promise<void> {
    await this.transact(`delete the ${modality} index`, ['snapshots'], 'readwrite', (tx) =>
      tx.objectStore('snapshots').delete([repoId, modality]),
    );
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
          record.textHashes.forEach((hash, i) =>
            byHash.set(hash, record.vectors.subarray(i * record.width, (i + 1) * record.width)),
          );
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
            return store.put({
              embedderId,
              writeId: crypto.randomUUID(),
              textHashes: group.map(([hash]) => hash),
              width,
              vectors,
            });
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
    const record = await this.transact('read settings', ['settings'], 'readonly', (tx) =>
      tx.objectStore('settings').get(key),
    );
    return record?.value as T | undefined;
  }

  async putSetting(key: string, value: unknown): Promise<void> {
    await this.transact(`the setting "${key}"`, ['settings'], 'readwrite', (tx) =>
      tx.objectStore('settings').put({ key, value }),
    );
  }

  async deleteSetting(key: string): Promise<void> {
    await this.transact('delete a setting', ['settings'], 'readwrite', (tx) => tx.objectStore('settings').delete(key));
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
  // A let, assigned once at the end: the blocking/terminated callbacks read it and must see undefined (not a
  // const's temporal dead zone) should they run before it is assigned.
  // eslint-disable-next-line prefer-const -- see above
  let store: IdbIndexStore | undefined;
  let db: IDBPDatabase<FourfoldDB>;
  try {
    db = await openDB<FourfoldDB>(name, SCHEMA_VERSION, {
      upgrade: (database, _oldVersion, _newVersion, tx) => {
        // A failed migration aborts the upgrade: the old data stays as it was and open() rejects.
        tx.done.catch(() => undefined);
        try {
          upgradeSchema(database);
        } catch {
          try {
            tx.abort();
          } catch {
            // already finished or aborted
          }
        }
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
    throw new StoreError(
      'failed',
      `Could not open the index database: ${error instanceof Error ? error.message : String(error)}.`,
      error,
    );
  }
  store = new IdbIndexStore(db);
  return store;
}
