/**
 * The index worker's storage: the IndexedDB store of src/engine/store, seen through the
 * IndexPersistence the service needs. An engine snapshot is kept in pieces — the files (and
 * their analyses) in the store's file table, each modality's index as its own snapshot, and a
 * small 'engine' header (format version and statistics) written last.
 */
import type { EngineSnapshot } from '../engine/engine';
import type { EmbeddingCache } from '../engine/semantic/index';
import { openIdbStore } from '../engine/store/idb-store';
import type { IndexStore, RepoMeta } from '../engine/store/store';
import type { IndexPersistence, RepositoryRecord } from './index-service';
import type { RepositorySummary } from './protocol';

/** The snapshot written last: without it, whatever else is stored for a repository is not a complete index. */
const ENGINE_HEADER = 'engine';
const MODALITY_SNAPSHOTS = ['text', 'structural', 'graph', 'semantic'] as const;

interface EngineHeader {
  version: number;
  stats: EngineSnapshot['stats'];
}

/** RepoMeta plus what the app adds: its message and the complete state a re-index may restore. */
type AppRepoMeta = RepoMeta & { message?: string; previousComplete?: RepositorySummary };

function toRecord(meta: AppRepoMeta): RepositoryRecord {
  return {
    id: meta.id,
    name: meta.name,
    origin: meta.source.kind === 'clone' ? 'clone' : 'folder',
    url: meta.source.url,
    state: meta.state,
    message: meta.message ?? meta.error,
    stats: meta.stats,
    updatedAt: meta.updatedAt,
    previousComplete: meta.previousComplete,
  };
}

export function persistenceOver(store: IndexStore): IndexPersistence {
  return {
    async listRepositories() {
      return (await store.listRepos()).map((meta) => toRecord(meta as AppRepoMeta));
    },
    async getRepository(id) {
      const meta = await store.getRepo(id);
      return meta ? toRecord(meta as AppRepoMeta) : undefined;
    },
    async putRepository(record) {
      const existing = await store.getRepo(record.id);
      const meta: AppRepoMeta = {
        id: record.id,
        name: record.name,
        source: { kind: record.origin, url: record.url },
        createdAt: existing?.createdAt ?? Date.now(),
        updatedAt: record.updatedAt,
        state: record.state,
        stats: record.stats,
        fileCount: record.stats?.files ?? 0,
        bytes: record.stats?.bytes ?? 0,
        error: record.state === 'failed' ? record.message : undefined,
        message: record.message,
        previousComplete: record.previousComplete,
      };
      await store.putRepo(meta);
    },
    deleteRepository: (id) => store.deleteRepo(id),
    async getSnapshot(id) {
      const header = await store.getSnapshot<EngineHeader>(id, ENGINE_HEADER);
      if (!header) return undefined;
      const [files, text, structural, graph, semantic] = await Promise.all([
        store.getFiles(id),
        ...MODALITY_SNAPSHOTS.map((m) => store.getSnapshot(id, m)),
      ]);
      return { version: header.version, stats: header.stats, files, modalities: { text, structural, graph, semantic: semantic ?? null } };
    },
    async putSnapshot(id, snapshot) {
      // Invalidate first: until the header is back, this repository has no complete index.
      await store.deleteSnapshot(id, ENGINE_HEADER);
      const changes = await store.changedFiles(id, snapshot.files.map(({ path, hash }) => ({ path, hash })));
      const write = new Set([...changes.changed, ...changes.added]);
      await store.putFiles(id, snapshot.files.filter((f) => write.has(f.path)));
      if (changes.removed.length > 0) await store.deleteFiles(id, changes.removed);
      for (const m of MODALITY_SNAPSHOTS) {
        const value = snapshot.modalities[m];
        if (value === null || value === undefined) await store.deleteSnapshot(id, m);
        else await store.putSnapshot(id, m, value);
      }
      await store.putSnapshot(id, ENGINE_HEADER, { version: snapshot.version, stats: snapshot.stats } satisfies EngineHeader);
    },
    getSetting: (key) => store.getSetting(key),
    putSetting: (key, value) => store.putSetting(key, value),
    deleteSetting: (key) => store.deleteSetting(key),
  };
}

export async function openBrowserPersistence(): Promise<{ persistence: IndexPersistence; embeddingCache: EmbeddingCache }> {
  const store = await openIdbStore();
  return { persistence: persistenceOver(store), embeddingCache: store.embeddings };
}
