import { describe, expect, it } from 'vitest';
import { deletionAdvice, estimateStoredBytes, formatStorageBytes, roomFor, storedPayloadBytes, PAYLOAD_PER_SOURCE_BYTE } from './storage-quota';

/** What Chromium 156's navigator.storage.estimate() answered in the e2e profile, with usageDetails. */
const chromiumEstimate = (usage: number, quota: number) => ({ quota, usage, usageDetails: { caches: 195_840, indexedDB: usage - 195_840 } });

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
    expect(roomFor('r', estimate, 12_000_000, { replacingBytes: 8_000_000 })).toMatchObject({ ok: true, freeBytes: 13_000_000 });
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
    const keys = 'texts'.length + 'files'.length + 'paths'.length + 'sizes'.length + 'postings'.length + 'n'.length + 'shared'.length;
    expect(storedPayloadBytes(value)).toBe(keys + 1_000 + 12 + 8 + 4 + 16 + 8 + 16);
  });

  it('estimates from the source size with the measured ratios', () => {
    expect(estimateStoredBytes(1_000_000, false)).toBe(1_000_000 * PAYLOAD_PER_SOURCE_BYTE.withoutEmbeddings);
    expect(estimateStoredBytes(1_000_000, true)).toBe(1_000_000 * PAYLOAD_PER_SOURCE_BYTE.withEmbeddings);
  });

  it('formats as browsers show storage', () => {
    expect([formatStorageBytes(512), formatStorageBytes(340_000), formatStorageBytes(1_234_567), formatStorageBytes(250_000_000), formatStorageBytes(2_100_000_000)]).toEqual([
      '512 bytes',
      '340 KB',
      '1.2 MB',
      '250 MB',
      '2.1 GB',
    ]);
  });
});
