/**
 * The behaviour every IndexStore must have, run against each implementation by
 * src/engine/store/memory-store.test.ts and src/browser/idb-store.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { FileAnalysis } from '../../src/engine/contract';
import type { IndexStore, RepoMeta } from '../../src/engine/store/store';

export function analysisOf(path: string, name = 'main'): FileAnalysis {
  return {
    path,
    language: 'typescript',
    parsed: true,
    lineCount: 3,
    definitions: [{ name, kind: 'function', signature: `function ${name}()`, startLine: 1, endLine: 3, nameLine: 1 }],
    references: [{ name: 'helper', line: 2, kind: 'call', enclosing: name }],
    imports: [{ specifier: './helper', line: 1, names: ['helper'], kind: 'import' }],
  };
}

export function repoOf(id: string, patch: Partial<RepoMeta> = {}): RepoMeta {
  return {
    id,
    name: `repo ${id}`,
    source: { kind: 'folder' },
    createdAt: 1_000,
    updatedAt: 1_000,
    state: 'building',
    fileCount: 0,
    bytes: 0,
    ...patch,
  };
}

function sameElements(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function describeIndexStore(label: string, open: () => Promise<IndexStore>): void {
  describe(`${label}: IndexStore contract`, () => {
    it('stores, lists, replaces and deletes repositories', async () => {
      const store = await open();
      await store.putRepo(
        repoOf('b', { createdAt: 2_000, source: { kind: 'clone', url: 'https://example.com/x.git' } }),
      );
      await store.putRepo(repoOf('a'));
      expect((await store.listRepos()).map((r) => r.id)).toEqual(['a', 'b']);
      expect((await store.getRepo('b'))?.source).toEqual({ kind: 'clone', url: 'https://example.com/x.git' });
      await store.putRepo(repoOf('a', { state: 'complete', fileCount: 3 }));
      expect(await store.getRepo('a')).toMatchObject({ id: 'a', state: 'complete', fileCount: 3, name: 'repo a' });
      expect(await store.listRepos()).toHaveLength(2);
      await store.deleteRepo('b');
      expect(await store.getRepo('b')).toBeUndefined();
      store.close();
    });

    it('round-trips snapshots holding typed arrays and Maps', async () => {
      const store = await open();
      const postings = new Uint32Array(100_000).map((_, i) => i * 7);
      const snapshot = {
        version: 1,
        postings,
        offsets: new Int32Array([0, 3, -1]),
        scores: new Float32Array([0.5, 1.25]),
        bits: new Uint8Array(1 << 18).fill(0xaa),
        byName: new Map([['parseConfig', new Uint32Array([1, 2, 3])]]),
        nested: { list: [1, 'two', null] },
      };
      await store.putSnapshot('r', 'text', snapshot);
      await store.putSnapshot('r', 'graph', { pagerank: new Float64Array([0.1, 0.9]) });
      const back = await store.getSnapshot<typeof snapshot>('r', 'text');
      if (!back) throw new Error('snapshot missing');
      // Large typed arrays compared directly (deep equality walks them element by element, slowly).
      for (const key of ['postings', 'bits'] as const) {
        expect(back[key].constructor).toBe(snapshot[key].constructor);
        expect(sameElements(back[key], snapshot[key]), key).toBe(true);
      }
      const { postings: _p, bits: _b, ...small } = back;
      const { postings: _p2, bits: _b2, ...smallExpected } = snapshot;
      expect(small).toEqual(smallExpected);
      expect(back.scores).toBeInstanceOf(Float32Array);
      expect(back.byName.get('parseConfig')).toBeInstanceOf(Uint32Array);
      expect(back.postings).not.toBe(postings);
      expect(await store.listSnapshots('r')).toEqual(['graph', 'text']);
      const all = await store.getSnapshots('r');
      expect([...all.keys()].sort()).toEqual(['graph', 'text']);
      expect(all.get('graph')).toEqual({ pagerank: new Float64Array([0.1, 0.9]) });
      expect(await store.getSnapshots('absent')).toEqual(new Map());
      await store.deleteSnapshot('r', 'graph');
      expect(await store.getSnapshot('r', 'graph')).toBeUndefined();
      expect(await store.listSnapshots('r')).toEqual(['text']);
      store.close();
    });

    it('writes records together only while the guard record still holds what was read (compare-and-swap)', async () => {
      const store = await open();
      await store.putSnapshot('r', 'engine', { check: 1 });
      await store.putSnapshot('r', 'text', { raw: true });
      const holdsOne = { modality: 'engine', holds: (v: unknown) => (v as { check: number }).check === 1 };
      expect(
        await store.putSnapshotsIf('r', holdsOne, [
          ['text', { raw: false }],
          ['engine', { check: 2 }],
        ]),
      ).toBe(true);
      expect(await store.getSnapshot('r', 'text')).toEqual({ raw: false });
      expect(await store.getSnapshot('r', 'engine')).toEqual({ check: 2 });
      // The guard no longer holds (another index was written meanwhile): nothing is written.
      expect(await store.putSnapshotsIf('r', holdsOne, [['text', { stale: true }]])).toBe(false);
      expect(await store.getSnapshot('r', 'text')).toEqual({ raw: false });
      // The guard record is gone (the repository was deleted meanwhile): nothing comes back.
      await store.deleteRepo('r');
      const anything = { modality: 'engine', holds: () => true };
      expect(await store.putSnapshotsIf('r', anything, [['engine', { check: 3 }]])).toBe(false);
      expect(await store.listSnapshots('r')).toEqual([]);
      store.close();
    });

    it('deleting a repository removes all its records and only them (even for an id that prefixes another)', async () => {
      const store = await open();
      for (const id of ['r1', 'r10', 'r2']) {
        await store.putRepo(repoOf(id));
        await store.putSnapshot(id, 'text', { id });
      }
      await store.embeddings.put('local', [['abc', new Uint32Array([1])]]);
      await store.deleteRepo('r1');
      expect(await store.getRepo('r1')).toBeUndefined();
      expect(await store.listSnapshots('r1')).toEqual([]);
      for (const id of ['r10', 'r2']) {
        expect((await store.getRepo(id))?.id).toBe(id);
        expect(await store.getSnapshot(id, 'text')).toEqual({ id });
      }
      // The embedding cache is content-addressed and shared: deleting a repository keeps it.
      expect(await store.embeddings.get('local', ['abc'])).toEqual([new Uint32Array([1])]);
      store.close();
    });

    it('finds cached embeddings among many more than asked for, and none when nothing is cached', async () => {
      const store = await open();
      expect(await store.embeddings.get('empty-embedder', ['h1', 'h2'])).toEqual([undefined, undefined]);
      await store.embeddings.put(
        'big',
        Array.from({ length: 40 }, (_, i): [string, Uint32Array] => [`h${i}`, new Uint32Array([i])]),
      );
      expect(await store.embeddings.get('big', ['h7', 'nope', 'h39'])).toEqual([
        new Uint32Array([7]),
        undefined,
        new Uint32Array([39]),
      ]);
      expect(
        (
          await store.embeddings.get(
            'big',
            Array.from({ length: 40 }, (_, i) => `h${i}`),
          )
        ).map((v) => v?.[0]),
      ).toEqual(Array.from({ length: 40 }, (_, i) => i));
      store.close();
    });

    it('caches embeddings per embedder', async () => {
      const store = await open();
      await store.embeddings.put('voyage-code-3', [
        ['h1', new Uint32Array([1, 2, 3, 4])],
        ['h2', new Uint32Array([5, 6, 7, 8])],
      ]);
      await store.embeddings.put('local-minilm', [['h1', new Uint32Array([9])]]);
      const got = await store.embeddings.get('voyage-code-3', ['h2', 'missing', 'h1']);
      expect(got).toEqual([new Uint32Array([5, 6, 7, 8]), undefined, new Uint32Array([1, 2, 3, 4])]);
      expect(got[0]).toBeInstanceOf(Uint32Array);
      await store.embeddings.clear('voyage-code-3');
      expect(await store.embeddings.get('voyage-code-3', ['h1'])).toEqual([undefined]);
      expect(await store.embeddings.get('local-minilm', ['h1'])).toEqual([new Uint32Array([9])]);
      await store.embeddings.clear();
      expect(await store.embeddings.get('local-minilm', ['h1'])).toEqual([undefined]);
      store.close();
    });

    it('releases the embeddings a stored index holds, and keeps the others', async () => {
      const store = await open();
      await store.embeddings.put('e', [
        ['h1', new Uint32Array([1])],
        ['h2', new Uint32Array([2])],
      ]);
      await store.embeddings.put('e', [['h3', new Uint32Array([3])]]);
      await store.embeddings.put('f', [['h1', new Uint32Array([9])]]);
      await store.embeddings.release('e', new Set(['h1', 'h2']));
      expect(await store.embeddings.get('e', ['h1', 'h2', 'h3'])).toEqual([undefined, undefined, new Uint32Array([3])]);
      expect(await store.embeddings.get('f', ['h1'])).toEqual([new Uint32Array([9])]);
      store.close();
    });

    it('keeps settings', async () => {
      const store = await open();
      expect(await store.getSetting('voyageKey')).toBeUndefined();
      await store.putSetting('voyageKey', 'pa-secret');
      await store.putSetting('limits', { maxFileBytes: 2_000_000, extraIgnore: ['*.snap'] });
      expect(await store.getSetting('voyageKey')).toBe('pa-secret');
      expect(await store.getSetting('limits')).toEqual({ maxFileBytes: 2_000_000, extraIgnore: ['*.snap'] });
      await store.deleteSetting('voyageKey');
      expect(await store.getSetting('voyageKey')).toBeUndefined();
      store.close();
    });
  });
}
