/**
 * Room in browser storage, checked before a build and again before its index is written:
 * the index worker reads `navigator.storage.estimate()` and refuses, with the amount needed
 * and what could be deleted, rather than let IndexedDB run out half-way. Pure decisions here;
 * the build job (build-job.ts) asks them, and the page offers `navigator.storage.persist()`.
 * A refusal is a StorageQuotaError: its data decide, its sentence is worded from them.
 *
 * Sizes are the structured-clone payload of what is written (typed arrays by their bytes,
 * strings by their length), known exactly for a snapshot before it is written. Chromium charged
 * about that much: 1.9 MB of IndexedDB usage for Preact's 412 KB of sources with the bundled
 * model's vectors, whose payload this counts as 1.8 MB (e2e profile, usageDetails.indexedDB).
 */
import { StoreError } from '../engine/store/store';

/**
 * Payload bytes of a repository's stored index per byte of its source, measured on the 1 MB
 * bench corpus in Node (`storedPayloadBytes(engine.snapshot()) ÷ source bytes`): 2.37 without
 * embeddings; 3.30 with the bundled model's vectors plus 1.05 for its embedding cache. Rounded up.
 */
export const PAYLOAD_PER_SOURCE_BYTE = { withoutEmbeddings: 2.4, withEmbeddings: 4.4 } as const;

/** The parts of `navigator.storage.estimate()`'s answer this reads (both may be missing). */
export interface StorageEstimateShape {
  usage?: number;
  quota?: number;
}

export interface StoredRepositorySize {
  id: string;
  name: string;
  /** What its stored index costs (its payload), recorded when it was written; absent for older records. */
  storedBytes?: number;
}

export type RoomVerdict =
  | { ok: true; neededBytes: number; freeBytes: number | null }
  | { ok: false; neededBytes: number; freeBytes: number; message: string; refusal: NoRoom };

/** The estimate leaves too little room: refused before anything is written. */
export interface NoRoom {
  code: 'no-room';
  name: string;
  neededBytes: number;
  freeBytes: number;
  usageBytes: number;
  quotaBytes: number;
  /** What else is stored, which could be deleted to make room. */
  others: readonly StoredRepositorySize[];
}

/** The browser refused a write part-way (IndexedDB's QuotaExceededError, as the store reported it). */
export interface WriteRefused {
  code: 'write-refused';
  /** The store's own sentence for the refused write. */
  storeMessage: string;
  others: readonly StoredRepositorySize[];
}

export type QuotaRefusal = NoRoom | WriteRefused;

/**
 * Browser storage refused an index. A StoreError of kind 'quota' (what the store throws when
 * IndexedDB refuses a write), so whoever tolerates a full store tolerates this too; its
 * `refusal` says which refusal it is, with what could be deleted already in it.
 */
export class StorageQuotaError extends StoreError {
  readonly refusal: QuotaRefusal;

  constructor(refusal: QuotaRefusal, cause?: unknown) {
    super('quota', quotaRefusalMessage(refusal), cause);
    this.refusal = refusal;
  }
}

/** The sentence for a refusal: what was needed, what is free, what could be deleted. */
export function quotaRefusalMessage(refusal: QuotaRefusal): string {
  if (refusal.code === 'write-refused') {
    const stored = storedList(refusal.others);
    return stored ? `${refusal.storeMessage} (${stored[0].toUpperCase()}${stored.slice(1)}.)` : refusal.storeMessage;
  }
  const { name, neededBytes, freeBytes, usageBytes, quotaBytes, others } = refusal;
  return (
    `Not enough browser storage to index ${name}: its index needs about ${formatStorageBytes(neededBytes)}, and ${formatStorageBytes(freeBytes)} is free ` +
    `(${formatStorageBytes(usageBytes)} of the ${formatStorageBytes(quotaBytes)} this browser allows this site is in use). ${deletionAdvice(others)}`
  );
}

/** Whether an error is the store (or the estimate) saying storage is full. */
export function isQuotaError(error: unknown): error is StoreError {
  return error instanceof StoreError && error.kind === 'quota';
}

/**
 * A refusal that names what could be deleted: a refusal of ours already does; a write the
 * store reports refused is given the list of `others`.
 */
export function withDeletionAdvice(error: StoreError, others: readonly StoredRepositorySize[]): StorageQuotaError {
  if (error instanceof StorageQuotaError) return error;
  return new StorageQuotaError({ code: 'write-refused', storeMessage: error.message, others }, error);
}

/** What indexing `sourceBytes` of source will cost in storage, estimated before anything is read. */
export function estimateStoredBytes(sourceBytes: number, withEmbeddings: boolean): number {
  return Math.ceil(
    sourceBytes * (withEmbeddings ? PAYLOAD_PER_SOURCE_BYTE.withEmbeddings : PAYLOAD_PER_SOURCE_BYTE.withoutEmbeddings),
  );
}

/**
 * Whether `neededBytes` more fit in this origin's storage. `replacingBytes` is what the build
 * replaces (a re-index overwrites the repository's previous index). Without an estimate (Node,
 * an old browser) there is nothing to check: the store's own QuotaExceededError handling is
 * then the only guard.
 */
export function roomFor(
  name: string,
  estimate: StorageEstimateShape | null,
  neededBytes: number,
  options: { replacingBytes?: number; others?: readonly StoredRepositorySize[] } = {},
): RoomVerdict {
  if (!estimate || typeof estimate.quota !== 'number' || typeof estimate.usage !== 'number')
    return { ok: true, neededBytes, freeBytes: null };
  const freeBytes = Math.max(0, estimate.quota - estimate.usage) + (options.replacingBytes ?? 0);
  if (neededBytes <= freeBytes) return { ok: true, neededBytes, freeBytes };
  const refusal: NoRoom = {
    code: 'no-room',
    name,
    neededBytes,
    freeBytes,
    usageBytes: estimate.usage,
    quotaBytes: estimate.quota,
    others: options.others ?? [],
  };
  return { ok: false, neededBytes, freeBytes, message: quotaRefusalMessage(refusal), refusal };
}

/** The sentence that says what can be deleted to make room, largest first. */
export function deletionAdvice(others: readonly StoredRepositorySize[]): string {
  const stored = storedList(others);
  if (!stored)
    return 'Free disk space on this computer (the browser gives each site a share of it), then index it again.';
  return `Delete a repository you no longer need (${stored}) or free disk space, then index it again.`;
}

/** "stored here: big (12 MB), small (3.1 MB)", largest first; empty when nothing has a known size. */
export function storedList(others: readonly StoredRepositorySize[]): string {
  const sized = others.filter((r) => (r.storedBytes ?? 0) > 0).sort((a, b) => b.storedBytes! - a.storedBytes!);
  return sized.length === 0
    ? ''
    : `stored here: ${sized.map((r) => `${r.name} (${formatStorageBytes(r.storedBytes!)})`).join(', ')}`;
}

/**
 * Bytes of the structured-clone payload of `value`: typed arrays and ArrayBuffers by their
 * bytes, strings by their length (one byte per character in the common case), numbers 8,
 * arrays, Maps, Sets and objects by their contents plus their keys. An estimate of what
 * IndexedDB is asked to write, not of what it keeps on disk.
 */
export function storedPayloadBytes(value: unknown): number {
  const seen = new Set<object>();
  const size = (v: unknown): number => {
    switch (typeof v) {
      case 'string':
        return v.length;
      case 'number':
      case 'bigint':
        return 8;
      case 'boolean':
        return 1;
      case 'object': {
        if (v === null) return 1;
        // Structured clone writes an object seen twice once.
        if (seen.has(v)) return 0;
        seen.add(v);
        if (ArrayBuffer.isView(v)) return v.byteLength;
        if (v instanceof ArrayBuffer) return v.byteLength;
        let total = 0;
        if (Array.isArray(v)) for (const item of v) total += size(item);
        else if (v instanceof Map) for (const [k, item] of v) total += size(k) + size(item);
        else if (v instanceof Set) for (const item of v) total += size(item);
        else for (const [k, item] of Object.entries(v)) total += k.length + size(item);
        return total;
      }
      default:
        return 0;
    }
  };
  return size(value);
}

/** 1.2 MB, 340 KB, 2.1 GB: decimal units, as browsers show storage (a site's usage in their settings). */
export function formatStorageBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(bytes >= 1e8 ? 0 : 1)} MB`;
  if (bytes >= 1e3) return `${Math.round(bytes / 1e3)} KB`;
  return `${Math.round(bytes)} bytes`;
}
