/**
 * Loading a stored index: each reason it cannot be loaded is told by its code, decided before
 * (or around) the engine's own loader, whatever that loader says.
 */
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_VERSION, type EngineSnapshot } from '../engine/engine';
import { StoreError } from '../engine/store/store';
import { ModelLifecycle } from './model-lifecycle';
import { loadStoredEngine } from './read-ahead';
import { Settings } from './settings';
import { SnapshotLoadError } from './snapshot-container';
import type { RepositorySummary } from './protocol';

function modelWithoutEmbedder(): ModelLifecycle {
  const settings = new Map<string, unknown>();
  const persistence = {
    getSetting: async (key: string) => settings.get(key),
    putSetting: async (key: string, value: unknown) => void settings.set(key, value),
  };
  return new ModelLifecycle({ persistence, settings: new Settings(persistence), loadEmbedder: async () => null });
}

const shown: RepositorySummary = { id: 'folder:r', name: 'r', origin: 'folder', state: 'complete', updatedAt: 1 };

async function problemLoading(getSnapshot: () => Promise<EngineSnapshot | undefined>): Promise<unknown> {
  return loadStoredEngine({ getSnapshot }, modelWithoutEmbedder(), shown.id, shown).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('loadStoredEngine', () => {
  it('says a snapshot with parts missing is incomplete', async () => {
    const error = await problemLoading(async () => undefined);
    expect(error).toBeInstanceOf(SnapshotLoadError);
    expect((error as SnapshotLoadError).code).toBe('incomplete');
  });

  it('says a snapshot of another format version is one, with both versions, before its loader reads it', async () => {
    const older = { version: SNAPSHOT_VERSION - 1 } as EngineSnapshot;
    const error = await problemLoading(async () => older);
    expect((error as SnapshotLoadError).problem).toEqual({
      code: 'version',
      found: SNAPSHOT_VERSION - 1,
      current: SNAPSHOT_VERSION,
    });
  });

  it('says a snapshot of this version that does not load is damaged, and keeps what the loader met', async () => {
    const garbage = { version: SNAPSHOT_VERSION, files: 'garbage', modalities: {} } as unknown as EngineSnapshot;
    const error = await problemLoading(async () => garbage);
    expect(error).toBeInstanceOf(SnapshotLoadError);
    expect((error as SnapshotLoadError).code).toBe('damaged');
    expect((error as SnapshotLoadError).cause).toBeInstanceOf(Error);
    expect((error as SnapshotLoadError).message).toBe(((error as SnapshotLoadError).cause as Error).message);
  });

  it('lets a store closed under it through as it is: that is no fault of this index', async () => {
    const closed = new StoreError(
      'closed',
      'Could not read the index: the database is closed. Reload the page to continue.',
    );
    expect(await problemLoading(async () => Promise.reject(closed))).toBe(closed);
  });
});
