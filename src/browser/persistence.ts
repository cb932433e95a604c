/**
 * The index worker's storage: the IndexedDB store of src/engine/store, seen through the
 * IndexPersistence the service needs. An engine snapshot is kept in a few records, each a
 * structured clone of typed arrays and strings (no per-file records to read back one by
 * one): 'files' (paths, hashes, sizes), 'texts' (UTF-8), 'analyses' (the AnalysisTable columns), 'chunks', each
 * modality's index, and a small 'engine' header (format version, statistics and every record's
 * checksum) written last. A record that does not match its checksum is damaged: the
 * repository is named damaged and rebuilt, never searched.
 */
import type { EngineSnapshot } from '../engine/engine';
import { SNAPSHOT_VERSION } from '../engine/snapshot';
import { mapModalitiesAsync, STORED_MODALITIES, type ModalitySnapshots } from '../engine/registry';
import type { EmbeddingCache } from '../engine/semantic/index';
import { checksumValue } from '../engine/store/checksum';
import { openIdbStore } from './idb-store';
import { SnapshotLoadError } from './snapshot-container';
import type { IndexStore, RepoMeta } from '../engine/store/store';
import type { IndexPersistence, RepositoryRecord } from './index-service';
import type { RepositorySummary } from './protocol';

/** The snapshot written last: without it, whatever else is stored for a repository is not a complete index. */
const ENGINE_HEADER = 'engine';
const FILES = 'files';
const ANALYSES = 'analyses';
const CHUNKS = 'chunks';
const TEXTS = 'texts';

interface EngineHeader {
  version: number;
  stats: EngineSnapshot['stats'];
  /** checksumValue of each record written, by record name. */
  checksums: Record<string, number>;
  /** checksumValue of the header's other fields. */
  check: number;
}

function headerCheck(header: Omit<EngineHeader, 'check'>): number {
  return checksumValue([header.version, header.stats, header.checksums]);
}

function damaged(detail: string): SnapshotLoadError {
  return new SnapshotLoadError({ code: 'damaged', detail });
}

/** Throws when a record read back is not the one written: its checksum differs (or was never recorded). */
function verify(header: EngineHeader, name: string, value: unknown): void {
  const expected = header.checksums?.[name];
  if (expected === undefined) throw damaged(`the stored ${name} record has no checksum`);
  if (checksumValue(value) !== expected) throw damaged(`the stored ${name} record does not match its checksum`);
}

/** Each modality's stored record, absent when it was never written (semantic without an embedder). */
type StoredModalities = { [M in keyof ModalitySnapshots]: ModalitySnapshots[M] | undefined };

/** RepoMeta plus what the app adds: its message and the complete state a re-index may restore. */
type AppRepoMeta = RepoMeta & { message?: string; previousComplete?: RepositorySummary; storedBytes?: number };

function toRecord(meta: AppRepoMeta): RepositoryRecord {
  return {
    id: meta.id,
    name: meta.name,
    origin: meta.source.kind === 'clone' ? 'clone' : 'folder',
    url: meta.source.url,
    state: meta.state,
    message: meta.message ?? meta.error,
    stats: meta.stats,
    storedBytes: meta.storedBytes,
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
        storedBytes: record.storedBytes,
      };
      await store.putRepo(meta);
    },
    deleteRepository: (id) => store.deleteRepo(id),
    async getSnapshot(id) {
      const header = await store.getSnapshot<EngineHeader>(id, ENGINE_HEADER);
      if (!header) return undefined;
      const [files, texts, analyses, chunks, modalities] = await Promise.all([
        store.getSnapshot<EngineSnapshot['files']>(id, FILES),
        store.getSnapshot<EngineSnapshot['texts']>(id, TEXTS),
        store.getSnapshot<EngineSnapshot['analyses']>(id, ANALYSES),
        store.getSnapshot<EngineSnapshot['chunks']>(id, CHUNKS),
        // Each modality's index in its own record, named after the modality (the registry's stored forms).
        mapModalitiesAsync<StoredModalities>((m) => store.getSnapshot<ModalitySnapshots[typeof m]>(id, m)),
      ]);
      // Stored by an older Fourfold (files in per-file records) or damaged: it has to be brought in again.
      if (!files || !texts || !analyses || !chunks || !modalities.text || !modalities.structural || !modalities.graph)
        return undefined;
      const { text, structural, graph, semantic } = modalities;
      // Another format is told by its version (read-ahead checks it); this one's records by their checksums.
      if (header.version === SNAPSHOT_VERSION) {
        if (typeof header.checksums !== 'object' || header.checksums === null || headerCheck(header) !== header.check)
          throw damaged('the stored engine header does not match its checksum');
        verify(header, FILES, files);
        verify(header, TEXTS, texts);
        verify(header, ANALYSES, analyses);
        verify(header, CHUNKS, chunks);
        for (const m of STORED_MODALITIES) {
          const value = modalities[m];
          if (value !== undefined) verify(header, m, value);
          else if (header.checksums[m] !== undefined) throw damaged(`the stored ${m} record is missing`);
        }
      }
      return {
        version: header.version,
        stats: header.stats,
        files,
        texts,
        analyses,
        chunks,
        modalities: { text, structural, graph, semantic: semantic ?? null },
      };
    },
    async putSnapshot(id, snapshot) {
      // Invalidate first: until the header is back, this repository has no complete index.
      await store.deleteSnapshot(id, ENGINE_HEADER);
      const checksums: Record<string, number> = {};
      const put = async (name: string, value: unknown) => {
        checksums[name] = checksumValue(value);
        await store.putSnapshot(id, name, value);
      };
      await put(FILES, snapshot.files);
      await put(TEXTS, snapshot.texts);
      await put(ANALYSES, snapshot.analyses);
      await put(CHUNKS, snapshot.chunks);
      for (const m of STORED_MODALITIES) {
        const value = snapshot.modalities[m];
        if (value === null || value === undefined) await store.deleteSnapshot(id, m);
        else await put(m, value);
      }
      const header = { version: snapshot.version, stats: snapshot.stats, checksums };
      await store.putSnapshot(id, ENGINE_HEADER, { ...header, check: headerCheck(header) } satisfies EngineHeader);
    },
    async discardSnapshot(id) {
      // The header first: from then on nothing stored for it reads as an index, whatever else is deleted.
      await store.deleteSnapshot(id, ENGINE_HEADER);
      for (const name of await store.listSnapshots(id)) await store.deleteSnapshot(id, name);
    },
    getSetting: (key) => store.getSetting(key),
    putSetting: (key, value) => store.putSetting(key, value),
    deleteSetting: (key) => store.deleteSetting(key),
  };
}

export async function openBrowserPersistence(): Promise<{
  persistence: IndexPersistence;
  embeddingCache: EmbeddingCache;
}> {
  const store = await openIdbStore();
  return { persistence: persistenceOver(store), embeddingCache: store.embeddings };
}
