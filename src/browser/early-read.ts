/**
 * A reload's stored index, read from the index worker's first moments: the records of the
 * repository the address names (or the one opened last), straight from IndexedDB, while the
 * worker's service (the engine: a chunk of half a megabyte) is still being fetched and compiled.
 * The two went one after the other before; now the bytes arrive while the code does.
 *
 * Nothing here checks or decodes a record: persistence.ts does, as for any other read, so a
 * damaged or older index is found the same way. This file stays small (no `idb`, no engine):
 * it is part of the worker's first script.
 */

/** Where idb-store.ts writes (its schema): the database, the stores read here, the setting naming the last repository. */
export interface EarlyReadLayout {
  database: string;
  repositories: string;
  snapshots: string;
  settings: string;
  lastRepositorySetting: string;
  embedderSetting: string;
  queryVectorsSetting: string;
}

export const EARLY_READ_LAYOUT: EarlyReadLayout = {
  database: 'fourfold',
  repositories: 'repos',
  snapshots: 'snapshots',
  settings: 'settings',
  lastRepositorySetting: 'lastRepositoryId',
  embedderSetting: 'embedder',
  queryVectorsSetting: 'queryVectors',
};

/** One repository's stored snapshot records, as read early. */
export interface EarlyRecords {
  repositoryId: string;
  /** The repository's stored record (its state, its statistics), as the store holds it. */
  repository: unknown;
  /** The embedder last loaded, as the settings hold it: the model can start before the service reads it. */
  embedder: unknown;
  /** The vectors of the questions asked before (query-vectors.ts), as the settings hold them. */
  queryVectors: unknown;
  /** Each record's stored value by its name ('engine', 'files', 'texts', a modality…). */
  records: Map<string, unknown>;
  /** The bytes of each record stored as a Blob, already being read. */
  bytes: Map<string, Promise<ArrayBuffer>>;
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The database as it is, or null when there is none yet: opening never creates or upgrades it (idb-store.ts does that). */
function openExisting(name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = indexedDB.open(name);
    // No database yet: creating it here would create it empty, at version 1. Abort instead.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    request.onblocked = () => resolve(null);
  });
}

/**
 * Reads `repositoryId`'s records (null: the repository opened last) in one transaction and starts
 * reading each Blob's bytes. Null when there is nothing to read or anything fails: the service
 * then reads the store as it always did.
 */
export async function readStoredEarly(
  repositoryId: string | null,
  layout: EarlyReadLayout = EARLY_READ_LAYOUT,
): Promise<EarlyRecords | null> {
  const started = performance.now();
  const db = await openExisting(layout.database);
  if (!db) return null;
  // Another tab upgrading the schema must not wait for this connection.
  db.onversionchange = () => db.close();
  try {
    const stores = [layout.repositories, layout.snapshots, layout.settings];
    if (!stores.every((s) => db.objectStoreNames.contains(s))) return null;
    // One transaction: the records read together are the ones written together.
    const tx = db.transaction(stores, 'readonly');
    const setting = async (key: string) =>
      ((await requestResult(tx.objectStore(layout.settings).get(key))) as { value?: unknown } | undefined)?.value;
    const embedder = setting(layout.embedderSetting);
    const queryVectors = setting(layout.queryVectorsSetting);
    const id = repositoryId ?? (await setting(layout.lastRepositorySetting));
    if (typeof id !== 'string') return null;
    const [repository, rows] = await Promise.all([
      requestResult(tx.objectStore(layout.repositories).get(id)),
      requestResult(tx.objectStore(layout.snapshots).getAll(IDBKeyRange.bound([id], [id, []]))),
    ]);
    if (repository === undefined || rows.length === 0) return null;
    const records = new Map<string, unknown>();
    const bytes = new Map<string, Promise<ArrayBuffer>>();
    for (const row of rows as { modality: string; value: unknown }[]) {
      records.set(row.modality, row.value);
      if (row.value instanceof Blob) {
        const reading = row.value.arrayBuffer();
        reading.catch(() => {}); // a failed read is reported when the record is used
        bytes.set(row.modality, reading);
      }
    }
    // The bench reads a reload's timeline from these marks (bench/cost/browser.ts).
    performance.measure('fourfold:early-read', { start: started });
    return { repositoryId: id, repository, embedder: await embedder, queryVectors: await queryVectors, records, bytes };
  } catch {
    return null;
  } finally {
    db.close();
  }
}
