import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { analysisOf, describeIndexStore, repoOf } from '../../test/support/index-store-suite';
import { openIdbStore, SCHEMA_VERSION } from './idb-store';
import { isResumable, StoreError } from '../engine/store/store';

let dbCounter = 0;
const freshName = () => `fourfold-test-${dbCounter++}`;

describeIndexStore('idb', () => openIdbStore(freshName()));

/**
 * Gives fake-indexeddb a storage budget: once the records written exceed it, the backing
 * object store throws QuotaExceededError from inside the put, as a browser does, and the
 * real transaction machinery aborts the transaction with that error.
 */
function limitStorage(budgetChars: number): () => void {
  let used = 0;
  type RawStore = { storeRecord: (record: { value: unknown }, ...rest: unknown[]) => unknown };
  const patched = new Map<RawStore, RawStore['storeRecord']>();
  // fake-indexeddb/auto installs its FDBObjectStore as the global IDBObjectStore.
  const proto = IDBObjectStore.prototype as unknown as {
    put: (this: { _rawObjectStore: RawStore }, ...args: unknown[]) => unknown;
  };
  const originalPut = proto.put;
  proto.put = function (this: { _rawObjectStore: RawStore }, ...args: unknown[]) {
    const raw = this._rawObjectStore;
    if (!patched.has(raw)) {
      const storeRecord = raw.storeRecord;
      patched.set(raw, storeRecord);
      raw.storeRecord = function (this: RawStore, record, ...rest) {
        used += JSON.stringify(record.value ?? null).length;
        if (used > budgetChars) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return storeRecord.call(this, record, ...rest);
      };
    }
    return originalPut.apply(this, args);
  };
  return () => {
    proto.put = originalPut;
    for (const [raw, storeRecord] of patched) raw.storeRecord = storeRecord;
  };
}

let restoreStorage: (() => void) | null = null;
afterEach(() => {
  restoreStorage?.();
  restoreStorage = null;
});

describe('IdbIndexStore specifics', () => {
  it('maps QuotaExceededError to a StoreError of kind quota, keeping earlier writes and the building state', async () => {
    const store = await openIdbStore(freshName());
    await store.putRepo(repoOf('r'));
    await store.putSnapshot('r', 'structural', { small: 'z'.repeat(1_000) });

    restoreStorage = limitStorage(20_000);
    const failure = await store.putSnapshot('r', 'text', { big: 'y'.repeat(50_000) }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreError);
    expect(failure).toMatchObject({ kind: 'quota' });
    expect((failure as StoreError).message).toBe(
      'Browser storage is full: could not save the text index. Delete a repository or allow this site more storage, then resume indexing.',
    );
    expect(((failure as StoreError).cause as DOMException).name).toMatch(/QuotaExceededError|AbortError/);
    restoreStorage();
    restoreStorage = null;

    // The failed transaction rolled back as a whole; the earlier write and the repo's state are intact.
    expect(await store.listSnapshots('r')).toEqual(['structural']);
    expect((await store.getRepo('r'))?.state).toBe('building');
    store.close();
  });

  it('upgrades a partial older database to the full layout', async () => {
    const name = freshName();
    const partial = await openDB(name, 1, { upgrade: (db) => void db.createObjectStore('repos', { keyPath: 'id' }) });
    await partial.put('repos', repoOf('kept'));
    partial.close();
    const store = await openIdbStore(name);
    expect((await store.getRepo('kept'))?.id).toBe('kept');
    await store.putSnapshot('kept', 'text', { n: 1 });
    expect(await store.getSnapshot('kept', 'text')).toEqual({ n: 1 });
    await store.embeddings.put('e', [['h', new Uint32Array([1])]]);
    store.close();
    const raw = await openDB(name);
    expect([...raw.objectStoreNames].sort()).toEqual(['embeddingWrites', 'repos', 'settings', 'snapshots']);
    raw.close();
  });

  it('upgrades a v1 database: its whole-file store goes, repositories, snapshots and settings stay', async () => {
    const name = freshName();
    // The v1 layout, as the first release created it.
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('repos', { keyPath: 'id' });
        db.createObjectStore('files', { keyPath: ['repoId', 'path'] });
        db.createObjectStore('snapshots', { keyPath: ['repoId', 'modality'] });
        db.createObjectStore('settings', { keyPath: 'key' });
      },
    });
    await v1.put('repos', repoOf('old', { state: 'complete', fileCount: 2 }));
    await v1.put('files', {
      repoId: 'old',
      path: 'src/x.ts',
      hash: 'hx',
      size: 5,
      text: 'let x',
      analysis: analysisOf('src/x.ts'),
    });
    await v1.put('snapshots', { repoId: 'old', modality: 'text', value: { postings: new Uint32Array([4, 5]) } });
    await v1.put('settings', { key: 'voyageKey', value: 'pa-1' });
    v1.close();

    const store = await openIdbStore(name);
    expect(await store.getRepo('old')).toMatchObject({ state: 'complete', fileCount: 2 });
    expect(await store.getSnapshot('old', 'text')).toEqual({ postings: new Uint32Array([4, 5]) });
    expect(await store.getSetting('voyageKey')).toBe('pa-1');
    await store.embeddings.put('e', [['h', new Uint32Array([1])]]);
    store.close();

    const raw = await openDB(name);
    expect(raw.version).toBe(SCHEMA_VERSION);
    expect([...raw.objectStoreNames].sort()).toEqual(['embeddingWrites', 'repos', 'settings', 'snapshots']);
    raw.close();
  });

  it('upgrades a v3 database: its stored files go, repositories, snapshots, the embedding cache and settings stay', async () => {
    const name = freshName();
    // The v3 layout.
    const v3 = await openDB(name, 3, {
      upgrade(db) {
        db.createObjectStore('repos', { keyPath: 'id' });
        db.createObjectStore('snapshots', { keyPath: ['repoId', 'modality'] });
        db.createObjectStore('settings', { keyPath: 'key' });
        db.createObjectStore('fileMeta', { keyPath: ['repoId', 'path'] });
        db.createObjectStore('fileBodies', { keyPath: ['repoId', 'path'] });
        db.createObjectStore('embeddingWrites', { keyPath: ['embedderId', 'writeId'] });
      },
    });
    await v3.put('repos', repoOf('kept', { state: 'building' }));
    await v3.put('fileMeta', { repoId: 'kept', path: 'a.ts', hash: 'ha', size: 1 });
    await v3.put('fileBodies', { repoId: 'kept', path: 'a.ts', text: 'a', analysis: analysisOf('a.ts') });
    await v3.put('snapshots', { repoId: 'kept', modality: 'text', value: { postings: new Uint32Array([4]) } });
    await v3.put('embeddingWrites', {
      embedderId: 'e',
      writeId: 'w',
      textHashes: ['h'],
      width: 1,
      vectors: new Uint32Array([3]),
    });
    await v3.put('settings', { key: 'voyageKey', value: 'pa-3' });
    v3.close();

    const store = await openIdbStore(name);
    expect(await store.getRepo('kept')).toMatchObject({ state: 'building' });
    expect(await store.getSnapshot('kept', 'text')).toEqual({ postings: new Uint32Array([4]) });
    expect(await store.embeddings.get('e', ['h'])).toEqual([new Uint32Array([3])]);
    expect(await store.getSetting('voyageKey')).toBe('pa-3');
    store.close();

    const raw = await openDB(name);
    expect(raw.version).toBe(SCHEMA_VERSION);
    expect([...raw.objectStoreNames].sort()).toEqual(['embeddingWrites', 'repos', 'settings', 'snapshots']);
    raw.close();
  });

  it('upgrades a v2 database: its per-chunk embedding cache goes, everything else stays', async () => {
    const name = freshName();
    const v2 = await openDB(name, 2, {
      upgrade(db) {
        db.createObjectStore('repos', { keyPath: 'id' });
        db.createObjectStore('snapshots', { keyPath: ['repoId', 'modality'] });
        db.createObjectStore('settings', { keyPath: 'key' });
        db.createObjectStore('fileMeta', { keyPath: ['repoId', 'path'] });
        db.createObjectStore('fileBodies', { keyPath: ['repoId', 'path'] });
        db.createObjectStore('embeddings', { keyPath: ['embedderId', 'textHash'] });
      },
    });
    await v2.put('repos', repoOf('kept', { state: 'complete' }));
    await v2.put('snapshots', { repoId: 'kept', modality: 'semantic', value: { vectors: new Uint32Array([7]) } });
    await v2.put('embeddings', { embedderId: 'e', textHash: 'h', vector: new Uint32Array([1]) });
    v2.close();

    const store = await openIdbStore(name);
    expect(await store.getRepo('kept')).toMatchObject({ state: 'complete' });
    expect(await store.getSnapshot('kept', 'semantic')).toEqual({ vectors: new Uint32Array([7]) });
    expect(await store.embeddings.get('e', ['h'])).toEqual([undefined]);
    store.close();
    const raw = await openDB(name);
    expect([...raw.objectStoreNames].sort()).toEqual(['embeddingWrites', 'repos', 'settings', 'snapshots']);
    raw.close();
  });

  it('stores the embedding cache as one record per write, not one per vector, and a release drops what an index holds', async () => {
    const name = freshName();
    const store = await openIdbStore(name);
    const write = (from: number, n: number): [string, Uint32Array][] =>
      Array.from({ length: n }, (_, i) => [`h${from + i}`, new Uint32Array([from + i, 0, 1])]);
    await store.embeddings.put('e', write(0, 1000));
    await store.embeddings.put('e', write(1000, 500));
    await store.embeddings.put('other', write(0, 10));
    const raw = await openDB(name);
    const records = await raw.getAll('embeddingWrites');
    expect(records.map((r) => [r.embedderId, r.textHashes.length, r.width, r.vectors.length])).toEqual(
      expect.arrayContaining([
        ['e', 1000, 3, 3000],
        ['e', 500, 3, 1500],
        ['other', 10, 3, 30],
      ]),
    );
    expect(records).toHaveLength(3);
    raw.close();
    expect(await store.embeddings.get('e', ['h999', 'h1499', 'h1500'])).toEqual([
      new Uint32Array([999, 0, 1]),
      new Uint32Array([1499, 0, 1]),
      undefined,
    ]);

    // A finished index holds h0…h999: their write goes; the write it holds only part of stays whole, and so does another embedder's.
    await store.embeddings.release('e', new Set(Array.from({ length: 1200 }, (_, i) => `h${i}`)));
    const after = await openDB(name);
    expect((await after.getAll('embeddingWrites')).map((r) => [r.embedderId, r.textHashes[0]]).sort()).toEqual([
      ['e', 'h1000'],
      ['other', 'h0'],
    ]);
    after.close();
    expect(await store.embeddings.get('e', ['h0', 'h1000'])).toEqual([undefined, new Uint32Array([1000, 0, 1])]);
    store.close();
  });

  it('refuses a database from a newer schema with a clear error', async () => {
    const name = freshName();
    const newer = await openDB(name, SCHEMA_VERSION + 5);
    newer.close();
    await expect(openIdbStore(name)).rejects.toMatchObject({
      kind: 'version',
      message: expect.stringContaining('newer than this version'),
    });
  });

  it('closes itself when another tab upgrades, so the upgrade is not blocked, and says so on later calls', async () => {
    const name = freshName();
    const closed: string[] = [];
    const store = await openIdbStore(name, { onClosed: (reason) => closed.push(reason) });
    await store.putSetting('k', 1);
    const upgraded = await openDB(name, SCHEMA_VERSION + 1); // would hang forever if the store stayed open
    expect(closed).toEqual(['versionchange']);
    await expect(store.getSetting('k')).rejects.toMatchObject({
      kind: 'closed',
      message: 'Could not read settings: another tab opened a newer version of Fourfold. Reload the page to continue.',
    });
    upgraded.close();
  });

  it('reports being blocked by an old connection that does not close, and opens once it does', async () => {
    const name = freshName();
    const old = await openDB(name, 1, { upgrade: (db) => void db.createObjectStore('repos', { keyPath: 'id' }) });
    old.addEventListener('versionchange', () => undefined); // an old tab that ignores versionchange
    let blocked = 0;
    const opening = openIdbStore(name, { onBlocked: () => blocked++ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(blocked).toBe(1);
    old.close();
    const store = await opening;
    expect(await store.listRepos()).toEqual([]);
    store.close();
  });

  it('keeps an interrupted build as "building" across a reload, with what it stored', async () => {
    const name = freshName();
    const first = await openIdbStore(name);
    await first.putRepo(repoOf('r', { state: 'building' }));
    await first.putSnapshot('r', 'text', { n: 1 });
    first.close(); // the tab closes before the builder writes 'complete'

    const second = await openIdbStore(name);
    const repo = await second.getRepo('r');
    expect(repo?.state).toBe('building');
    expect(isResumable(repo!)).toBe(true);
    expect(await second.getSnapshot('r', 'text')).toEqual({ n: 1 });
    await second.putRepo({ ...repo!, state: 'complete', fileCount: 3 });
    expect((await second.getRepo('r'))?.state).toBe('complete');
    second.close();
  });
});
