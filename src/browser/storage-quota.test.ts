import { describe, expect, it } from 'vitest';
import { StoreError, quotaMessage } from '../engine/store/store';
import {
  deletionAdvice,
  estimateStoredBytes,
  formatStorageBytes,
  isQuotaError,
  quotaRefusalMessage,
  roomFor,
  StorageQuotaError,
  storedPayloadBytes,
  withDeletionAdvice,
  PAYLOAD_PER_SOURCE_BYTE,
} from './storage-quota';

/** What Chromium 156's navigator.storage.estimate() answered in the e2e profile, with usageDetails. */
const chromiumEstimate = (usage: number, quota: number) => ({
  quota,
  usage,
  usageDetails: { caches: 195_840, indexedDB: usage - 195_840 },
});

describe('roomFor', () => {
  it('lets a build through when the estimate leaves room, and says how much', () => {
    const verdict = roomFor('preact', chromiumEstimate(2_000_000, 10_737_418_240), 5_000_000);
    expect(verdict).toEqual({ ok: true, neededBytes: 5_000_000, freeBytes: 10_735_418_240 });
  });

  it('refuses with the amount needed, the amount free and what could be deleted, largest first', () => {
    const verdict = roomFor('big-repo', chromiumEstimate(95_000_000, 100_000_000), 12_000_000, {
      others: [
        { id: 'a', name: 'small', storedBytes: 300_000 },
        { id: 'b', name: 'huge', storedBytes: 41_000_000 },
        { id: 'c', name: 'old-record' },
      ],
    });
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.freeBytes).toBe(5_000_000);
    expect(verdict.message).toBe(
      'Not enough browser storage to index big-repo: its index needs about 12.0 MB, and 5.0 MB is free (95.0 MB of the 100 MB this browser allows this site is in use). ' +
        'Delete a repository you no longer need (stored here: huge (41.0 MB), small (300 KB)) or free disk space, then index it again.',
    );
  });

  it('counts what a re-index replaces as free', () => {
    const estimate = chromiumEstimate(95_000_000, 100_000_000);
    expect(roomFor('r', estimate, 12_000_000).ok).toBe(false);
    expect(roomFor('r', estimate, 12_000_000, { replacingBytes: 8_000_000 })).toMatchObject({
      ok: true,
      freeBytes: 13_000_000,
    });
  });

  it('with nothing else stored, points at disk space', () => {
    const verdict = roomFor('r', { usage: 0, quota: 1_000 }, 2_000);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.message).toMatch(/Free disk space on this computer/);
    expect(deletionAdvice([{ id: 'x', name: 'x' }])).toMatch(/^Free disk space/);
  });

  it('does not guess when there is no estimate (Node, an old browser, a partial answer)', () => {
    expect(roomFor('r', null, 1e12)).toEqual({ ok: true, neededBytes: 1e12, freeBytes: null });
    expect(roomFor('r', { usage: 5 }, 1e12).ok).toBe(true);
    expect(roomFor('r', {}, 1e12).ok).toBe(true);
  });
});

describe('sizes', () => {
  it('counts a snapshot-shaped value by its typed arrays, strings and numbers', () => {
    const shared = new Uint32Array(4);
    const value = {
      texts: new Uint8Array(1_000),
      files: { paths: ['src/a.ts', 'b.js'], sizes: new Int32Array(2) },
      postings: new Map([['term', new Uint16Array(8)]]),
      n: 3,
      shared: [shared, shared],
    };
    // keys + 1000 + (8 + 4) + 8 + 4 + 16 + 8 + 16 (the shared array once)
    const keys =
      'texts'.length +
      'files'.length +
      'paths'.length +
      'sizes'.length +
      'postings'.length +
      'n'.length +
      'shared'.length;
    expect(storedPayloadBytes(value)).toBe(keys + 1_000 + 12 + 8 + 4 + 16 + 8 + 16);
  });

  it('estimates from the source size with the measured ratios', () => {
    expect(estimateStoredBytes(1_000_000, false)).toBe(1_000_000 * PAYLOAD_PER_SOURCE_BYTE.withoutEmbeddings);
    expect(estimateStoredBytes(1_000_000, true)).toBe(1_000_000 * PAYLOAD_PER_SOURCE_BYTE.withEmbeddings);
  });

  it('formats as browsers show storage', () => {
    expect([
      formatStorageBytes(512),
      formatStorageBytes(340_000),
      formatStorageBytes(1_234_567),
      formatStorageBytes(250_000_000),
      formatStorageBytes(2_100_000_000),
    ]).toEqual(['512 bytes', '340 KB', '1.2 MB', '250 MB', '2.1 GB']);
  });
});

describe('StorageQuotaError', () => {
  const others = [{ id: 'b', name: 'huge', storedBytes: 41_000_000 }];

  it('is what a refused estimate throws: a StoreError of kind quota whose data decide and whose sentence is worded from them', () => {
    const verdict = roomFor('big-repo', chromiumEstimate(95_000_000, 100_000_000), 12_000_000, { others });
    if (verdict.ok) throw new Error('expected a refusal');
    const error = new StorageQuotaError(verdict.refusal);
    expect(error).toBeInstanceOf(StoreError);
    expect(isQuotaError(error)).toBe(true);
    expect(error.refusal).toMatchObject({
      code: 'no-room',
      neededBytes: 12_000_000,
      freeBytes: 5_000_000,
      usageBytes: 95_000_000,
      quotaBytes: 100_000_000,
    });
    expect(error.message).toBe(verdict.message);
    expect(error.message).toBe(quotaRefusalMessage(error.refusal));
  });

  it('adds what could be deleted to a write the store reports refused, decided by its type, never by its words', () => {
    const refused = new StoreError('quota', quotaMessage('the index'));
    const advised = withDeletionAdvice(refused, others);
    expect(advised.refusal).toEqual({ code: 'write-refused', storeMessage: refused.message, others });
    expect(advised.cause).toBe(refused);
    expect(advised.message).toBe(`${refused.message} (Stored here: huge (41.0 MB).)`);
    // A refusal of ours already carries its advice, even when its sentence names nothing stored.
    const ours = new StorageQuotaError({
      code: 'no-room',
      name: 'r',
      neededBytes: 2_000,
      freeBytes: 1_000,
      usageBytes: 0,
      quotaBytes: 1_000,
      others: [],
    });
    expect(ours.message).not.toMatch(/stored here/i);
    expect(withDeletionAdvice(ours, others)).toBe(ours);
    // A store's sentence that happens to say "stored here:" is still given the list.
    const lookalike = new StoreError('quota', 'Nothing is stored here: the disk is full.');
    expect(withDeletionAdvice(lookalike, others).refusal.code).toBe('write-refused');
    // With nothing sized to delete, the store's sentence is kept as it is.
    expect(withDeletionAdvice(refused, [{ id: 'x', name: 'x' }]).message).toBe(refused.message);
  });

  it('tells a quota refusal from other store failures', () => {
    expect(isQuotaError(new StoreError('closed', 'closed'))).toBe(false);
    expect(isQuotaError(new Error('quota'))).toBe(false);
  });
});
