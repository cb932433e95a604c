/**
 * The index worker's storage: the IndexedDB store of src/engine/store, seen through the
 * IndexPersistence the service needs. An engine snapshot is kept in a few records: 'files'
 * (paths, hashes, sizes), 'texts' (UTF-8), 'analyses' (the AnalysisTable columns), 'chunks',
 * each modality's index, and a small 'engine' header (format version, statistics and how each
 * record was written) written last. Each record is one Blob holding a FOURFLD2 container
 * (snapshot-container.ts: a JSON header, typed arrays as raw bytes, each with its checksum):
 * a reload reads a few large blobs and checks bytes, instead of deserializing structured clones
 * and walking every value to check it, which took most of a reload's time. The texts and the
 * vectors are stored as they are (inflating the texts in the worker cost more than reading them
 * whole; vectors do not deflate); every other record is deflated (CompressionStream
 * 'deflate-raw'), which keeps IndexedDB within the design's 2.5× the source with the model's
 * vectors, where raw containers went past it (docs/bench/HISTORY.md). A build stores them raw
 * and deflates them after the repository is complete (compactSnapshot), off the path to it.
 * A record that does not match its checksum is damaged: the repository is named damaged and
 * rebuilt, never searched. Records of the layout before (structured values
 * checked by checksumValue) are still read.
 */
import { measure, type EngineSnapshot } from '../engine/engine';
import { SNAPSHOT_VERSION } from '../engine/snapshot';
import { mapModalitiesAsync, STORED_MODALITIES, type ModalitySnapshots } from '../engine/registry';
import type { EmbeddingCache } from '../engine/semantic/index';
import { checksumValue } from '../engine/store/checksum';
import { openIdbStore } from './idb-store';
import { containerChecksum, decodeContainer, encodeContainer, SnapshotLoadError } from './snapshot-container';
import type { IndexStore, RepoMeta } from '../engine/store/store';
import type { EarlyRecords } from './early-read';
import type { IndexPersistence, RepositoryRecord } from './index-service';
import type { RepositorySummary } from './protocol';

/** The snapshot written last: without it, whatever else is stored for a repository is not a complete index. */
const ENGINE_HEADER = 'engine';
const FILES = 'files';
const ANALYSES = 'analyses';
const CHUNKS = 'chunks';
const TEXTS = 'texts';

/** How one record was written: its container's header checksum, which covers every part's checksum. */
interface StoredSection {
  check: number;
  /** The container's bytes were deflated before they were stored; absent: stored as they are. */
  codec?: 'deflate-raw';
}

/** Records stored as they are: the file texts (inflating them cost a reload more than reading them) and the vectors (they do not deflate). */
const STORED_RAW: ReadonlySet<string> = new Set([TEXTS, 'semantic']);

interface EngineHeader {
  version: number;
  stats: EngineSnapshot['stats'];
  /** Each record as a container Blob, by record name (this layout). */
  sections?: Record<string, StoredSection>;
  /** checksumValue of each record written as a structured value, by record name (the layout before). */
  checksums?: Record<string, number>;
  /** checksumValue of the header's other fields. */
  check: number;
}

function headerCheck(header: Omit<EngineHeader, 'check'>): number {
  return checksumValue(
    header.sections
      ? [header.version, header.stats, header.sections]
      : [header.version, header.stats, header.checksums],
  );
}

/** A record as it is stored: its container, as a Blob (deflated now, or raw when `deflate` is false). */
async function sectionBlob(
  name: string,
  value: unknown,
  deflate: boolean,
): Promise<{ blob: Blob; section: StoredSection }> {
  const bytes = encodeContainer(value);
  const raw = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const check = containerChecksum(bytes);
  if (STORED_RAW.has(name) || !deflate) return { blob: raw, section: { check } };
  return { blob: await deflated(raw), section: { check, codec: 'deflate-raw' } };
}

/**
 * Every record of a snapshot as it is stored when written whole (deflated but the raw ones):
 * the container's bytes and the stored Blob. For the bench that sizes the stored index
 * (bench/cost/stored-size.ts), from the records putSnapshot writes (storedRecords).
 */
export async function encodeBrowserRecords(
  snapshot: EngineSnapshot,
): Promise<{ name: string; raw: Uint8Array; stored: Blob; codec?: StoredSection['codec'] }[]> {
  const out: { name: string; raw: Uint8Array; stored: Blob; codec?: StoredSection['codec'] }[] = [];
  for (const [name, value] of storedRecords(snapshot)) {
    const { blob, section } = await sectionBlob(name, value, true);
    out.push({ name, raw: encodeContainer(value), stored: blob, codec: section.codec });
  }
  return out;
}

/** A snapshot's records in the order putSnapshot writes them: a modality without an index (null) has none. */
function storedRecords(snapshot: EngineSnapshot): [string, unknown][] {
  const records: [string, unknown][] = [
    [FILES, snapshot.files],
    [TEXTS, snapshot.texts],
    [ANALYSES, snapshot.analyses],
    [CHUNKS, snapshot.chunks],
  ];
  for (const m of STORED_MODALITIES) {
    const value = snapshot.modalities[m];
    if (value !== null && value !== undefined) records.push([m, value]);
  }
  return records;
}

/**
 * The raw records a putSnapshot left to deflate, as it wrote them, by repository: the compaction
 * deflates these rather than reading the stored ones back (a record read back is a Blob backed
 * by its file, which the browser keeps on disk, beside the deflated one, until that Blob is
 * collected), and only while the header is still the one written with them.
 */
interface LeftRaw {
  headerCheck: number;
  blobs: Map<string, Blob>;
}

function deflated(raw: Blob): Promise<Blob> {
  return new Response(raw.stream().pipeThrough(new CompressionStream('deflate-raw'))).blob();
}

/** The next record written raw that compactSnapshot should deflate, if any. */
function nextToDeflate(sections: Record<string, StoredSection>): string | undefined {
  return Object.keys(sections).find((name) => sections[name].codec === undefined && !STORED_RAW.has(name));
}

/** A stored record's container bytes: inflated when it was written deflated. */
async function containerBytes(stored: ArrayBuffer, section: StoredSection): Promise<ArrayBuffer> {
  if (section.codec === undefined) return stored;
  if (section.codec !== 'deflate-raw') throw damaged(`a stored record names an unknown codec`);
  const inflated = new Blob([stored]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  try {
    return await new Response(inflated).arrayBuffer();
  } catch {
    throw damaged('a stored record does not inflate');
  }
}

/** A record read back: it must be the container the header names, whole; anything else is damaged. */
async function sectionValue<T>(
  name: string,
  stored: unknown,
  section: StoredSection | undefined,
  reading?: Promise<ArrayBuffer>,
): Promise<T> {
  if (!section) throw damaged(`the stored ${name} record is not named in its header`);
  if (!(stored instanceof Blob)) throw damaged(`the stored ${name} record is not a stored section`);
  const buffer = await containerBytes(await (reading ?? stored.arrayBuffer()), section);
  try {
    if (containerChecksum(new Uint8Array(buffer)) !== section.check)
      throw damaged(`the stored ${name} record is not the one its header names`);
    return decodeContainer<T>(buffer);
  } catch (error) {
    // Whatever a stored record fails on (cut short, a changed byte), it is this index's damage.
    if (error instanceof SnapshotLoadError && error.code !== 'damaged')
      throw damaged(`the stored ${name} record does not decode (${error.message})`);
    throw error;
  }
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

/** Reads one record by name: undefined when it is not stored. */
type RecordReader = <T>(name: string) => Promise<T | undefined>;

/** A modality's record named by the header but gone is damaged; a missing base record means an older layout (incomplete). */
function missing(name: string, named: boolean): undefined {
  if (named && (STORED_MODALITIES as readonly string[]).includes(name))
    throw damaged(`the stored ${name} record is missing`);
  return undefined;
}

/** Where one repository's stored records come from: the store, or what the worker read before its service started. */
interface RecordSource {
  get(name: string): Promise<unknown>;
  /** The record's bytes when they are being read already (early-read.ts). */
  reading(name: string): Promise<ArrayBuffer> | undefined;
}

/**
 * The repository's records as the store holds them, all read in one transaction (on the first
 * record asked for): a header and the records it names are always of one write, even while a
 * compaction (compactSnapshot) swaps records under it or another tab writes a new index.
 */
function storeSource(store: IndexStore, id: string): RecordSource {
  let rows: Promise<Map<string, unknown>> | undefined;
  return {
    get: async (name) => (await (rows ??= store.getSnapshots(id))).get(name),
    reading: () => undefined,
  };
}

function earlySource(early: EarlyRecords): RecordSource {
  return {
    get: async (name) => early.records.get(name),
    reading: (name) => early.bytes.get(name),
  };
}

/** This layout: each record a container Blob, checked and decoded as soon as it arrives (the records are read side by side). */
function sectionReader(source: RecordSource, sections: Record<string, StoredSection>): RecordReader {
  return async <T>(name: string) => {
    const stored = await source.get(name);
    return stored === undefined
      ? missing(name, name in sections)
      : sectionValue<T>(name, stored, sections[name], source.reading(name));
  };
}

/** The layout before: structured values, checked against the header's checksumValue of each (`header` null: another version, not checked). */
function structuredReader(source: RecordSource, header: EngineHeader | null): RecordReader {
  if (header && (typeof header.checksums !== 'object' || header.checksums === null))
    throw damaged('the stored engine header does not match its checksum');
  return async <T>(name: string) => {
    const value = (await source.get(name)) as T | undefined;
    if (value === undefined) return missing(name, header?.checksums?.[name] !== undefined);
    if (header) verify(header, name, value);
    return value;
  };
}

/**
 * Deflates a stored index's raw records (persistence's compactSnapshot): `left`, the bytes its
 * putSnapshot wrote, when that persistence wrote them; else the stored ones are read. True when
 * every record is as it should stay; false when it stopped before (aborted, another index).
 */
async function compactRecords(
  store: IndexStore,
  id: string,
  left: LeftRaw | undefined,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  // One record per transaction, with the header that names it deflated: a reload or a read
  // at any point between two of them finds a whole index (each record as its header says).
  for (;;) {
    if (signal?.aborted) return false;
    const header = await store.getSnapshot<EngineHeader>(id, ENGINE_HEADER);
    if (!header?.sections || header.version !== SNAPSHOT_VERSION || headerCheck(header) !== header.check) return false;
    const name = nextToDeflate(header.sections);
    if (name === undefined) return true;
    // The bytes written, when this header is the one written with them; else the stored ones.
    const written = left?.headerCheck === header.check ? left.blobs.get(name) : undefined;
    const raw = written ?? (await store.getSnapshot(id, name));
    // Not what a raw write leaves: left as it is, for the read to judge (damaged → rebuilt).
    if (!(raw instanceof Blob)) return false;
    // The bytes deflated as they are: their checksum stays the header's, so a stored record
    // damaged before this (read back, not the ones written) is still found damaged when read.
    const blob = await deflated(raw);
    if (signal?.aborted) return false;
    const sections = { ...header.sections, [name]: { ...header.sections[name], codec: 'deflate-raw' as const } };
    const next = { version: header.version, stats: header.stats, sections };
    // Only onto the header this was read under: not onto a new build's index, nor a deleted repository.
    const sameIndex = (value: unknown) => (value as EngineHeader | undefined)?.check === header.check;
    const swapped = await store.putSnapshotsIf(id, { modality: ENGINE_HEADER, holds: sameIndex }, [
      [name, blob],
      [ENGINE_HEADER, { ...next, check: headerCheck(next) } satisfies EngineHeader],
    ]);
    if (!swapped) return false;
    // The next header is this one with one more record deflated: the bytes written still apply.
    if (left?.headerCheck === header.check) left.headerCheck = headerCheck(next);
  }
}

export function persistenceOver(store: IndexStore): IndexPersistence {
  const leftRaw = new Map<string, LeftRaw>();
  return {
    async listRepositories() {
      return (await store.listRepos()).map((meta) => toRecord(meta as AppRepoMeta));
    },
    async getRepository(id, early) {
      // Read early (before the service started) only if it is this repository's.
      const meta = early?.repositoryId === id ? (early.repository as RepoMeta) : await store.getRepo(id);
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
    async getSnapshot(id, early) {
      // Read early (before the service started) only if it is this repository's.
      const source = early?.repositoryId === id ? earlySource(early) : storeSource(store, id);
      const header = (await source.get(ENGINE_HEADER)) as EngineHeader | undefined;
      if (!header) return undefined;
      // Another format is told by its version (read-ahead checks it); this one's records by their checksums.
      const current = header.version === SNAPSHOT_VERSION;
      if (current && headerCheck(header) !== header.check)
        throw damaged('the stored engine header does not match its checksum');
      const read = header.sections
        ? sectionReader(source, header.sections)
        : structuredReader(source, current ? header : null);
      const [files, texts, analyses, chunks, modalities] = await Promise.all([
        read<EngineSnapshot['files']>(FILES),
        read<EngineSnapshot['texts']>(TEXTS),
        read<EngineSnapshot['analyses']>(ANALYSES),
        read<EngineSnapshot['chunks']>(CHUNKS),
        // Each modality's index in its own record, named after the modality (the registry's stored forms).
        mapModalitiesAsync<StoredModalities>((m) => read<ModalitySnapshots[typeof m]>(m)),
      ]);
      // Stored by an older Fourfold (files in per-file records) or damaged: it has to be brought in again.
      if (!files || !texts || !analyses || !chunks || !modalities.text || !modalities.structural || !modalities.graph)
        return undefined;
      const { text, structural, graph, semantic } = modalities;
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
    async putSnapshot(id, snapshot, options) {
      // Invalidate first: until the header is back, this repository has no complete index.
      await store.deleteSnapshot(id, ENGINE_HEADER);
      leftRaw.delete(id);
      const sections: Record<string, StoredSection> = {};
      const deflate = options?.deflate !== 'later';
      const raw = new Map<string, Blob>();
      const put = async (name: string, value: unknown) => {
        const started = performance.now();
        const { blob, section } = await sectionBlob(name, value, deflate);
        measure(`encode-${name}`, started);
        sections[name] = section;
        if (section.codec === undefined && !STORED_RAW.has(name)) raw.set(name, blob);
        const writing = performance.now();
        await store.putSnapshot(id, name, blob);
        measure(`put-${name}`, writing);
      };
      for (const [name, value] of storedRecords(snapshot)) await put(name, value);
      // A modality without an index this time: the record of the previous index goes.
      for (const m of STORED_MODALITIES)
        if (snapshot.modalities[m] === null || snapshot.modalities[m] === undefined) await store.deleteSnapshot(id, m);
      const header = { version: snapshot.version, stats: snapshot.stats, sections };
      const check = headerCheck(header);
      await store.putSnapshot(id, ENGINE_HEADER, { ...header, check } satisfies EngineHeader);
      if (raw.size > 0) leftRaw.set(id, { headerCheck: check, blobs: raw });
    },
    async compactSnapshot(id, signal) {
      const left = leftRaw.get(id);
      leftRaw.delete(id);
      const whole = await compactRecords(store, id, left, signal);
      if (!whole || signal?.aborted) return undefined;
      // What the records now take: the Blobs' sizes, as stored (deflated or not), and the header.
      let bytes = 0;
      for (const value of (await store.getSnapshots(id)).values())
        bytes += value instanceof Blob ? value.size : JSON.stringify(value).length;
      return bytes;
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

/**
 * A store whose every call waits for it to open. A reload's records are read before it is open
 * (early-read.ts); what the service does with them needs no call here, so the service starts
 * without waiting for the open (which, measured under load, waits behind those very reads).
 */
export function storeOnceOpen(opening: Promise<IndexStore>): IndexStore {
  const on =
    <A extends unknown[], R>(call: (store: IndexStore, ...args: A) => Promise<R>) =>
    async (...args: A) =>
      call(await opening, ...args);
  return {
    listRepos: on((s) => s.listRepos()),
    getRepo: on((s, id: string) => s.getRepo(id)),
    putRepo: on((s, meta: RepoMeta) => s.putRepo(meta)),
    deleteRepo: on((s, id: string) => s.deleteRepo(id)),
    putSnapshot: on((s, id: string, name: string, value: unknown) => s.putSnapshot(id, name, value)),
    getSnapshot: on((s, id: string, name: string) => s.getSnapshot(id, name)) as IndexStore['getSnapshot'],
    putSnapshotsIf: on(
      (s, id: string, guard: Parameters<IndexStore['putSnapshotsIf']>[1], records: [string, unknown][]) =>
        s.putSnapshotsIf(id, guard, records),
    ),
    listSnapshots: on((s, id: string) => s.listSnapshots(id)),
    getSnapshots: on((s, id: string) => s.getSnapshots(id)),
    deleteSnapshot: on((s, id: string, name: string) => s.deleteSnapshot(id, name)),
    getSetting: on((s, key: string) => s.getSetting(key)) as IndexStore['getSetting'],
    putSetting: on((s, key: string, value: unknown) => s.putSetting(key, value)),
    deleteSetting: on((s, key: string) => s.deleteSetting(key)),
    embeddings: {
      get: on((s, id: string, hashes: readonly string[]) => s.embeddings.get(id, hashes)),
      put: on((s, id: string, entries: readonly (readonly [string, Uint32Array])[]) => s.embeddings.put(id, entries)),
      clear: on((s, id?: string) => s.embeddings.clear(id)),
      release: on((s, id: string, held: ReadonlySet<string>) => s.embeddings.release(id, held)),
    },
    close: () =>
      void opening.then(
        (s) => s.close(),
        () => {},
      ),
  };
}

export function openBrowserPersistence(): {
  persistence: IndexPersistence;
  embeddingCache: EmbeddingCache;
} {
  const store = storeOnceOpen(openIdbStore());
  return { persistence: persistenceOver(store), embeddingCache: store.embeddings };
}
