/**
 * The records a reloaded worker reads before its service starts (fake-indexeddb): the snapshot
 * made from them is the one the store gives, and they are checked the same way — a damaged
 * record read early is damaged, an older layout is still no index.
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine, type EngineSnapshot } from '../engine/engine';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { nodeGrammars } from '../node/grammars';
import { EARLY_READ_LAYOUT, readStoredEarly } from './early-read';
import { DEFAULT_DB_NAME, openIdbStore } from './idb-store';
import type { RepositoryRecord } from './index-service';
import { persistenceOver, storeOnceOpen } from './persistence';
import { SnapshotLoadError } from './snapshot-container';
import { Settings, SETTING } from './settings';
import { ModelLifecycle } from './model-lifecycle';
import { loadStoredEngine } from './read-ahead';
import { SNAPSHOT_VERSION } from '../engine/snapshot';

const FILES = [
  { path: 'src/a.ts', text: 'export function alpha(x: number) {\n  return x + 1;\n}\n' },
  { path: 'src/b.ts', text: "import { alpha } from './a';\nexport const beta = alpha(2);\n" },
];

let snapshot: EngineSnapshot;
beforeAll(async () => {
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  snapshot = (await Engine.build(FILES, { analyzer, embedder: null })).snapshot();
});

const record = (id: string): RepositoryRecord => ({
  id,
  name: id,
  origin: 'folder',
  state: 'complete',
  updatedAt: 1,
});

let dbCounter = 0;
/** A store of its own, and the early read's layout pointed at it. */
async function freshStore() {
  const database = `early-read-${dbCounter++}`;
  const store = await openIdbStore(database);
  return { store, persistence: persistenceOver(store), layout: { ...EARLY_READ_LAYOUT, database } };
}

describe('the records read as the worker starts', () => {
  it('name the database and settings idb-store.ts and settings.ts write', () => {
    expect(EARLY_READ_LAYOUT.database).toBe(DEFAULT_DB_NAME);
    expect(EARLY_READ_LAYOUT.lastRepositorySetting).toBe(SETTING.lastRepository);
    expect(EARLY_READ_LAYOUT.embedderSetting).toBe(SETTING.embedder);
    expect(EARLY_READ_LAYOUT.queryVectorsSetting).toBe(SETTING.queryVectors);
  });

  it('make the same snapshot as the store, for the repository named or the one opened last', async () => {
    const { store, persistence, layout } = await freshStore();
    await persistence.putSnapshot('r', snapshot);
    await persistence.putSnapshot('other', snapshot);
    await persistence.putRepository(record('r'));
    await persistence.putRepository(record('other'));
    await store.putSetting(SETTING.lastRepository, 'r');
    await store.putSetting(SETTING.embedder, { id: 'local:x', dimensions: 8, runtime: 'static' });
    const kept = { entries: [{ embedderId: 'local:x', text: 'how', vector: new Float32Array(8) }] };
    await store.putSetting(SETTING.queryVectors, kept);
    const named = await readStoredEarly('r', layout);
    const last = await readStoredEarly(null, layout);
    expect(named?.repositoryId).toBe('r');
    expect(last?.repositoryId).toBe('r');
    expect(named?.embedder).toEqual({ id: 'local:x', dimensions: 8, runtime: 'static' });
    expect(named?.queryVectors).toEqual(kept);
    expect(await persistence.getRepository('r', named)).toEqual(await persistence.getRepository('r'));
    expect([...named!.records.keys()].sort()).toEqual((await store.listSnapshots('r')).sort());
    const fromStore = await persistence.getSnapshot('r');
    const early = await persistence.getSnapshot('r', named);
    expect([...early!.texts.utf8]).toEqual([...fromStore!.texts.utf8]);
    expect(early).toEqual(fromStore);
  });

  it("another repository's records are not used: the store is read", async () => {
    const { persistence, layout } = await freshStore();
    await persistence.putSnapshot('r', snapshot);
    await persistence.putSnapshot('other', snapshot);
    await persistence.putRepository(record('r'));
    await persistence.putRepository(record('other'));
    const early = await readStoredEarly('other', layout);
    const back = await persistence.getSnapshot('r', { ...early!, records: new Map(), bytes: new Map() });
    expect(back?.files).toEqual(snapshot.files);
    expect((await persistence.getRepository('r', early))?.id).toBe('r');
  });

  it('a record damaged after it was written is damaged when read early too', async () => {
    const { store, persistence, layout } = await freshStore();
    await persistence.putSnapshot('r', snapshot);
    await persistence.putRepository(record('r'));
    const texts = (await store.getSnapshot<Blob>('r', 'texts'))!;
    const bytes = new Uint8Array(await texts.arrayBuffer());
    bytes[bytes.length - 3] ^= 1;
    await store.putSnapshot('r', 'texts', new Blob([bytes]));
    const early = await readStoredEarly('r', layout);
    const problem = await persistence.getSnapshot('r', early).then(
      () => 'read',
      (error: unknown) => (error instanceof SnapshotLoadError ? error.code : String(error)),
    );
    expect(problem).toBe('damaged');
  });

  it('nothing stored, or no database at all: nothing read early, and no database created', async () => {
    const { layout } = await freshStore();
    expect(await readStoredEarly('absent', layout)).toBeNull();
    expect(await readStoredEarly(null, layout)).toBeNull();
    const missing = { ...EARLY_READ_LAYOUT, database: 'early-read-never-created' };
    expect(await readStoredEarly('r', missing)).toBeNull();
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain('early-read-never-created');
  });

  it('need no store call: a reload answers from them while the store is still opening', async () => {
    const { persistence, layout } = await freshStore();
    await persistence.putSnapshot('r', snapshot);
    await persistence.putRepository(record('r'));
    const early = await readStoredEarly('r', layout);
    const opening = persistenceOver(storeOnceOpen(new Promise(() => {})));
    expect((await opening.getRepository('r', early))?.state).toBe('complete');
    expect((await opening.getSnapshot('r', early))?.files).toEqual(snapshot.files);
  });

  it('a store still opening answers each call once it is open', async () => {
    const { store } = await freshStore();
    await store.putSetting('k', 1);
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const later = storeOnceOpen(opened.then(() => store));
    const asked = later.getSetting('k');
    open();
    expect(await asked).toBe(1);
  });

  it('an index stored by another version, read early, is refused as out of date: never loaded', async () => {
    const { store, persistence, layout } = await freshStore();
    await persistence.putSnapshot('r', { ...snapshot, version: SNAPSHOT_VERSION - 1 });
    await persistence.putRepository(record('r'));
    const early = readStoredEarly('r', layout);
    const model = new ModelLifecycle({
      persistence: store,
      settings: new Settings(store),
      loadEmbedder: async () => null,
    });
    const code = await loadStoredEngine(persistence, model, 'r', record('r'), early).then(
      () => 'loaded',
      (error: unknown) => (error instanceof SnapshotLoadError ? error.code : String(error)),
    );
    expect(code).toBe('version');
  });
});
