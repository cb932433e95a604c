/**
 * The index worker's logic, driven in Node with the real engine, real tree-sitter and a real
 * IndexedDB implementation (fake-indexeddb): persistence across "reloads" (a new service on
 * the same database), cancellation, interrupted builds and deletion.
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, openAsBlob, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { nodeGrammars } from '../node/grammars';
import { IndexService, parseAheadInFlight, repositoryIdFor, type IndexServiceDeps } from './index-service';
import { PARTIAL_TEXT_FIRST_MS } from './build-steps';
import { openBrowserPersistence } from './persistence';
import type { IncomingFile, IndexRequest, LiveStage, SearchView } from './protocol';
import { createNodeEmbedder } from '../node/embedders';
import type { IndexProgress } from '../engine/contract';
import { unpackTextHashes, type SemanticSnapshot } from '../engine/semantic/index';
import { openDB } from 'idb';
import { StoreError, quotaMessage } from '../engine/store/store';
import { StorageQuotaError } from './storage-quota';

const FIXTURE = join(import.meta.dirname, '../../e2e/fixtures/preact');

function folderFiles(root: string): IncomingFile[] {
  const out: IncomingFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const data = new Uint8Array(readFileSync(full));
        out.push({ path: relative(root, full).split('\\').join('/'), size: data.byteLength, data });
      }
    }
  };
  walk(root);
  return out;
}

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
});

async function newService(storage?: IndexServiceDeps['storage']): Promise<IndexService> {
  const { persistence } = await openBrowserPersistence();
  return new IndexService({ persistence, createAnalyzer: () => analyzer, loadEmbedder: async () => null, storage });
}

const request = (name: string, files = folderFiles(FIXTURE)): IndexRequest => ({ name, origin: 'folder', files });

describe('IndexService', () => {
  it('indexes, stores, and answers again after a reload without parsing', async () => {
    const service = await newService();
    const stages = new Set<string>();
    const repo = await service.index('j1', request('preact'), (p: IndexProgress) => stages.add(p.stage));
    expect(repo.state).toBe('complete');
    expect(repo.stats?.files).toBe(54);
    expect([...stages]).toEqual(expect.arrayContaining(['read', 'parse', 'text', 'graph', 'store']));

    const first = await service.search(repo.id, {
      query: 'function diffChildren',
      preset: 'default',
      modalities: null,
    });
    expect(first.results[0].path).toBe('src/diff/children.js');
    expect(first.results[0].snippet.lines.join('\n')).toContain('diffChildren');

    // A "reload": a new service over the same database, with an analyzer that must not be used.
    const { persistence } = await openBrowserPersistence();
    const reloaded = new IndexService({
      persistence,
      createAnalyzer: () => ({ analyze: () => Promise.reject(new Error('parsed again')) }),
      loadEmbedder: async () => null,
    });
    const status = await reloaded.status();
    expect(status.lastRepositoryId).toBe(repo.id);
    expect(status.repositories.find((r) => r.id === repo.id)?.state).toBe('complete');
    await reloaded.open(repo.id);
    const again = await reloaded.search(repo.id, {
      query: 'function diffChildren',
      preset: 'default',
      modalities: null,
    });
    expect(again.results.map((r) => [r.path, r.score])).toEqual(first.results.map((r) => [r.path, r.score]));
  });

  it('is complete with its records stored raw and deflates them after: a reload reads the same index before and after', async () => {
    const { persistence } = await openBrowserPersistence();
    let letCompact!: () => void;
    const held = new Promise<void>((resolve) => (letCompact = resolve));
    const service = new IndexService({
      persistence: {
        ...persistence,
        compactSnapshot: async (id, signal) => (await held, persistence.compactSnapshot!(id, signal)),
      },
      createAnalyzer: () => analyzer,
      loadEmbedder: async () => null,
    });
    const repo = await service.index('raw1', request('deflated-after'), () => {});
    expect(repo.state).toBe('complete');
    const codecs = async () => {
      const db = await openDB('fourfold');
      const header = (await db.get('snapshots', [repo.id, 'engine'])) as {
        value: { sections: Record<string, { codec?: string }> };
      };
      db.close();
      return Object.fromEntries(Object.entries(header.value.sections).map(([name, s]) => [name, s.codec ?? 'raw']));
    };
    // Complete, and nothing deflated yet.
    expect(new Set(Object.values(await codecs()))).toEqual(new Set(['raw']));
    const question = { query: 'function diffChildren', preset: 'default' as const, modalities: null };
    const reloadAndAsk = async () => {
      const reloaded = new IndexService({
        persistence: (await openBrowserPersistence()).persistence,
        createAnalyzer: () => ({ analyze: () => Promise.reject(new Error('parsed again')) }),
        loadEmbedder: async () => null,
      });
      await reloaded.open(repo.id);
      return (await reloaded.search(repo.id, question)).results.map((r) => [r.path, r.score]);
    };
    const before = await reloadAndAsk();
    expect(before[0][0]).toBe('src/diff/children.js');
    const listed = async () => (await service.status()).repositories.find((r) => r.id === repo.id)!.storedBytes!;
    const payload = await listed();
    letCompact();
    await service.settled();
    // The list now says what the records take as stored (the deflated Blobs and the header),
    // not the payload before the deflate.
    const db = await openDB('fourfold');
    const rows = (await db.getAll('snapshots')) as { repoId: string; value: unknown }[];
    db.close();
    const stored = rows
      .filter((row) => row.repoId === repo.id)
      .reduce((sum, { value }) => sum + (value instanceof Blob ? value.size : JSON.stringify(value).length), 0);
    expect(await listed()).toBe(stored);
    expect(stored).toBeLessThan(payload);
    expect(await codecs()).toEqual({
      files: 'deflate-raw',
      texts: 'raw',
      analyses: 'deflate-raw',
      chunks: 'deflate-raw',
      text: 'deflate-raw',
      structural: 'deflate-raw',
      graph: 'deflate-raw',
    });
    expect(await reloadAndAsk()).toEqual(before);
  });

  it('never presents a cancelled build as complete', async () => {
    const service = await newService();
    let cancelled = false;
    const run = service.index('j2', request('cancel-me'), (p) => {
      if (p.stage === 'parse' && p.done > 0 && !cancelled) {
        cancelled = true;
        service.cancel('j2');
      }
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    const id = repositoryIdFor({ origin: 'folder', name: 'cancel-me' });
    const shown = (await service.status()).repositories.find((r) => r.id === id);
    expect(shown?.state).toBe('cancelled');
    await expect(service.open(id)).rejects.toThrow(/not searchable/);
  });

  it('keeps the previous complete index when a re-index is cancelled, and reuses unchanged files', async () => {
    const service = await newService();
    const files = folderFiles(join(FIXTURE, 'src'));
    const done = await service.index('j3', request('twice', files), () => {});
    const cancelledRun = service.index(
      'j4',
      request('twice', files),
      (p) => p.stage === 'read' && service.cancel('j4'),
    );
    await expect(cancelledRun).rejects.toMatchObject({ name: 'AbortError' });
    const shown = (await service.status()).repositories.find((r) => r.id === done.id);
    expect(shown?.state).toBe('complete');
    await service.open(done.id);

    // Change one file: only it is parsed again.
    const changed = files.map((f) =>
      f.path === 'util.js' ? { ...f, data: new TextEncoder().encode('export function addedHelper() {}\n') } : f,
    );
    const again = await service.index('j5', request('twice', changed), () => {});
    expect(again.stats?.reusedFiles).toBe(files.length - 1);
  });

  it('shows an interrupted build (tab closed mid-index) as not searchable', async () => {
    const { persistence } = await openBrowserPersistence();
    await persistence.putRepository({
      id: 'folder:interrupted',
      name: 'interrupted',
      origin: 'folder',
      state: 'building',
      updatedAt: 1,
    });
    const service = await newService();
    const shown = (await service.status()).repositories.find((r) => r.id === 'folder:interrupted');
    expect(shown?.state).toBe('building');
    expect(shown?.message).toMatch(/interrupted/);
    await expect(service.open('folder:interrupted')).rejects.toThrow(/not searchable/);
  });

  it('explains a damaged or older-format stored index, marks only that repository, and leaves the others searchable', async () => {
    const service = await newService();
    const files = folderFiles(join(FIXTURE, 'hooks'));
    const healthy = await service.index('d1', request('healthy', files), () => {});
    const damaged = await service.index('d2', request('damaged', files), () => {});
    const older = await service.index('d3', request('older', files), () => {});
    const { persistence } = await openBrowserPersistence();
    // Damage one record the way a crash or a bad disk would: a modality's data is garbage.
    const broken = (await persistence.getSnapshot(damaged.id))!;
    await persistence.putSnapshot(damaged.id, {
      ...broken,
      modalities: { ...broken.modalities, text: JSON.parse('{ "version": 1, "trigrams": "garbage" }') },
    });
    // And one from an older schema: the snapshot format it was written in is not this one.
    const old = (await persistence.getSnapshot(older.id))!;
    await persistence.putSnapshot(older.id, { ...old, version: old.version - 1 });

    const reloaded = await newService();
    await expect(reloaded.open(damaged.id)).rejects.toThrow(
      /The stored index of damaged is damaged and cannot be read \(.+\)\. Resume it to build it again; your other repositories are untouched\./,
    );
    await expect(reloaded.open(older.id)).rejects.toThrow(
      /The stored index of older was built by an older version of Fourfold \(Index format \d+ is out of date \(current \d+\)\)\. Resume it/,
    );
    const shown = (await reloaded.status()).repositories;
    expect(shown.find((r) => r.id === damaged.id)).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/damaged/),
    });
    expect(shown.find((r) => r.id === older.id)).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/older version/),
    });
    // The others are untouched and still answer.
    expect(shown.find((r) => r.id === healthy.id)?.state).toBe('complete');
    await reloaded.open(healthy.id);
    const answer = await reloaded.search(healthy.id, {
      query: 'function useState',
      preset: 'default',
      modalities: null,
    });
    expect(answer.results[0].path).toBe('src/index.js');
    // Resume (index again) rebuilds the damaged one.
    const rebuilt = await reloaded.index('d4', request('damaged', files), () => {});
    expect(rebuilt.state).toBe('complete');
    await reloaded.open(damaged.id);
  });

  it('deletes a repository and its index', async () => {
    const service = await newService();
    const repo = await service.index('j6', request('doomed', folderFiles(join(FIXTURE, 'hooks'))), () => {});
    const remaining = await service.remove(repo.id);
    expect(remaining.map((r) => r.id)).not.toContain(repo.id);
    await expect(service.open(repo.id)).rejects.toThrow(/no longer stored/);
    await expect(service.search(repo.id, { query: 'diff', preset: 'default', modalities: null })).rejects.toThrow(
      /not open/,
    );
  });

  it('tells a stored index written by a newer Fourfold by its version code, not by what the loader says', async () => {
    const service = await newService();
    const repo = await service.index('n1', request('newer', folderFiles(join(FIXTURE, 'hooks'))), () => {});
    const { persistence } = await openBrowserPersistence();
    const stored = (await persistence.getSnapshot(repo.id))!;
    await persistence.putSnapshot(repo.id, { ...stored, version: stored.version + 1 });
    const reloaded = await newService();
    await expect(reloaded.open(repo.id)).rejects.toThrow(
      `The stored index of newer was built by a newer version of Fourfold (Index format ${stored.version + 1} is out of date (current ${stored.version})). Resume it`,
    );
    expect((await reloaded.status()).repositories.find((r) => r.id === repo.id)).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/newer version/),
    });
  });

  describe('browser storage running out (navigator.storage.estimate() answers as Chromium does)', () => {
    const estimate = (usage: number, quota: number) => ({ usage, quota, usageDetails: { indexedDB: usage } });

    it('refuses a build that will not fit before writing anything, with the amount needed and what could be deleted', async () => {
      const roomy = await newService({ estimate: async () => estimate(1_000_000, 10_737_418_240) });
      const kept = await roomy.index('q1', request('kept-one', folderFiles(join(FIXTURE, 'hooks'))), () => {});
      expect(kept.storedBytes).toBeGreaterThan(0);

      const full = await newService({ estimate: async () => estimate(99_900_000, 100_000_000) });
      const stages: string[] = [];
      await expect(full.index('q2', request('no-room'), (p) => stages.push(p.stage))).rejects.toThrow(
        /^Not enough browser storage to index no-room: its index needs about [\d.]+ [KM]B, and 100 KB is free \(99\.9 MB of the 100 MB this browser allows this site is in use\)\. Delete a repository you no longer need \(stored here: .*kept-one \(\d+ KB\).*\) or free disk space, then index it again\.$/,
      );
      expect(stages).toEqual([]); // nothing was read
      const shown = (await full.status()).repositories;
      expect(shown.find((r) => r.id === repositoryIdFor({ origin: 'folder', name: 'no-room' }))).toBeUndefined();
      expect(shown.find((r) => r.id === kept.id)?.state).toBe('complete');
    });

    it('a write the browser refuses part-way fails the build once, with what could be deleted, and leaves no part of its index', async () => {
      const { persistence } = await openBrowserPersistence();
      const kept = await new IndexService({
        persistence,
        createAnalyzer: () => analyzer,
        loadEmbedder: async () => null,
      }).index('w1', request('kept-before-refusal', folderFiles(join(FIXTURE, 'hooks'))), () => {});
      // IndexedDB refuses the snapshot's write (QuotaExceededError, as the store reports it).
      const refusing = {
        ...persistence,
        putSnapshot: async (id: string, snapshot: Parameters<typeof persistence.putSnapshot>[1]) => {
          if (id === repositoryIdFor({ origin: 'folder', name: 'refused' }))
            throw new StoreError('quota', quotaMessage('the index'));
          return persistence.putSnapshot(id, snapshot);
        },
      };
      const service = new IndexService({
        persistence: refusing,
        createAnalyzer: () => analyzer,
        loadEmbedder: async () => null,
      });
      const failure = await service
        .index('w2', request('refused', folderFiles(join(FIXTURE, 'src'))), () => {})
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StorageQuotaError);
      expect((failure as StorageQuotaError).refusal.code).toBe('write-refused');
      const message = (failure as Error).message;
      expect(message.startsWith(`${quotaMessage('the index')} (Stored here: `)).toBe(true);
      expect(message).toMatch(/kept-before-refusal \(\d+ KB\)/);
      expect(message.match(/Stored here/gi)).toHaveLength(1);
      const id = repositoryIdFor({ origin: 'folder', name: 'refused' });
      expect((await service.status()).repositories.find((r) => r.id === id)).toMatchObject({
        state: 'failed',
        message,
      });
      expect(await persistence.getSnapshot(id)).toBeUndefined();
      expect((await service.status()).repositories.find((r) => r.id === kept.id)?.state).toBe('complete');
    });

    it('checks again before writing: when the room went meanwhile, the previous complete index stays whole and searchable', async () => {
      let calls = 0;
      // Room at the start; by the time the index is ready to be written, another tab has taken it.
      const service = await newService({
        estimate: async () =>
          calls++ === 0 ? estimate(1_000_000, 10_737_418_240) : estimate(100_000_000, 100_000_000),
      });
      const files = folderFiles(join(FIXTURE, 'src'));
      const roomy = await newService({ estimate: async () => estimate(1_000_000, 10_737_418_240) });
      const first = await roomy.index('q3', request('grows', files), () => {});
      const bigger = [...files, ...files.map((f) => ({ ...f, path: `copy/${f.path}` }))];
      await expect(service.index('q4', request('grows', bigger), () => {})).rejects.toThrow(
        /^Not enough browser storage to index grows: its index needs about [\d.]+ [KM]B, and [\d.]+ [KM]?B/,
      );
      expect(calls).toBe(2);
      const shown = (await service.status()).repositories.find((r) => r.id === first.id);
      expect(shown).toMatchObject({ state: 'complete', stats: { files: first.stats!.files } });
      await service.open(first.id);
      const answer = await service.search(first.id, {
        query: 'function diffChildren',
        preset: 'default',
        modalities: null,
      });
      expect(answer.results[0].path).toBe('diff/children.js');
    });
  });
});

describe('IndexService while it indexes', () => {
  it('answers while indexing — text, then definitions, then the graph, semantic last — and says what is not ready', async () => {
    const { persistence } = await openBrowserPersistence();
    const embedder = await createNodeEmbedder('local');
    const service = new IndexService({
      persistence,
      createAnalyzer: () => analyzer,
      loadEmbedder: async () => embedder,
    });
    const stages: LiveStage[] = [];
    const answers: SearchView[] = [];
    const query = { query: 'how are children diffed', preset: 'default' as const, modalities: null };
    const repo = await service.index(
      's1',
      request('staged'),
      () => {},
      (stage) => {
        stages.push(stage);
        // The tab searches the partial index as soon as it is announced.
        void service.search(stage.repositoryId, query).then((view) => answers.push(view));
      },
    );
    expect(stages.map((s) => [s.live, s.pending])).toEqual([
      [['text'], ['semantic', 'structural', 'graph']],
      [
        ['text', 'structural'],
        ['semantic', 'graph'],
      ],
      [['text', 'structural', 'graph'], ['semantic']],
      // Every modality, while the index is stored: the record says complete only once it is.
      [['semantic', 'text', 'structural', 'graph'], []],
    ]);
    expect(stages.every((s) => s.repositoryId === repo.id)).toBe(true);
    expect(answers.map((a) => a.query.notReady)).toEqual([
      ['semantic', 'structural', 'graph'],
      ['semantic', 'graph'],
      ['semantic'],
      undefined,
    ]);
    for (const answer of answers) {
      expect(answer.results.length).toBeGreaterThan(0);
      for (const r of answer.results) expect(r.explanation.notReady).toEqual(answer.query.notReady);
    }
    const complete = await service.search(repo.id, query);
    expect(complete.query.notReady).toBeUndefined();
    expect(complete.query.modalities.find((m) => m.modality === 'semantic')?.ran).toBe(true);

    // A re-index of a complete repository keeps answering from it: no partial stage replaces it.
    const again: LiveStage[] = [];
    await service.index(
      's2',
      request('staged'),
      () => {},
      (stage) => again.push(stage),
    );
    expect(again).toEqual([]);
  });

  it('a folder still being read answers over the files read so far, says how many of how many, and never looks complete', async () => {
    const service = await newService();
    const files = folderFiles(FIXTURE).sort((a, b) => (a.path < b.path ? -1 : 1));
    const listed = files.map((f) => f.path);
    const stages: LiveStage[] = [];
    let partialAnswer: Promise<SearchView> | undefined;
    const query = { query: 'function', preset: 'default' as const, modalities: null };
    const building = service.index(
      'p1',
      { name: 'partly-read', origin: 'folder', files: [], listed },
      () => {},
      (stage) => {
        stages.push(stage);
        partialAnswer ??= stage.partialFiles ? service.search(stage.repositoryId, query) : undefined;
      },
    );
    service.feed('p1', files.slice(0, 10));
    // A partial answer is due once the reads have gone on for a while (PARTIAL_TEXT_FIRST_MS);
    // the next file read after that brings it.
    await new Promise((resolve) => setTimeout(resolve, PARTIAL_TEXT_FIRST_MS + 100));
    service.feed('p1', files.slice(10, 11));
    await expect.poll(() => stages.length).toBeGreaterThan(0);
    const first = stages[0];
    expect(first.live).toEqual(['text']);
    expect(first.partialFiles?.total).toBe(files.length);
    expect(first.partialFiles?.searched).toBeGreaterThan(0);
    expect(first.partialFiles?.searched).toBeLessThanOrEqual(11);
    const answer = await partialAnswer!;
    expect(answer.query.partialFiles).toEqual(first.partialFiles);
    expect(answer.query.notes[0]).toMatch(/^Searched \d+ of 54 files so far: the rest are still being read/);
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.every((r) => listed.indexOf(r.path) < 11)).toBe(true);

    service.feed('p1', files.slice(11));
    const repo = await building;
    expect(repo.state).toBe('complete');
    // Once every file is read, no stage and no answer says it is partial.
    const after = stages.slice(stages.findIndex((s) => !s.partialFiles));
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((s) => s.partialFiles === undefined)).toBe(true);
    expect((await service.search(repo.id, query)).query.partialFiles).toBeUndefined();
  });

  it('stores each vector once: in the index, not also in the embedding cache; a re-index takes them from the index', async () => {
    const { persistence, embeddingCache } = await openBrowserPersistence();
    const model = (await createNodeEmbedder('local'))!;
    let embedded = 0;
    const counting = Object.assign(Object.create(model) as typeof model, {
      embedDocuments: (texts: string[], signal?: AbortSignal) => (
        (embedded += texts.length),
        model.embedDocuments!(texts, signal)
      ),
    });
    const service = new IndexService({
      persistence,
      embeddingCache,
      createAnalyzer: () => analyzer,
      loadEmbedder: async () => counting,
    });
    const files = folderFiles(FIXTURE);
    const repo = await service.index('v1', request('vectors-once', files), () => {});
    // The cache lets go once the repository is complete, off the path to "ready".
    await service.settled();
    const chunks = repo.stats!.chunks;
    // What is stored: the index's vectors (bits and int8) with one 14-byte text hash per row: a
    // row per chunk, then one per body window of its long functions (semantic/index.ts)…
    const semantic = (await persistence.getSnapshot(repo.id))!.modalities.semantic as SemanticSnapshot;
    const rows = semantic.vectors.length / (model.dimensions / 32);
    expect(semantic.chunkCount).toBe(chunks);
    expect(rows).toBeGreaterThan(chunks);
    expect(embedded).toBeGreaterThan(0);
    expect(embedded).toBeLessThanOrEqual(rows);
    expect(semantic.int8!.length).toBe(rows * model.dimensions);
    const hashes = unpackTextHashes(semantic.textHashes!);
    expect(hashes).toHaveLength(rows);
    expect(hashes.every((h) => /^[0-9a-f]{28}$/.test(h))).toBe(true);
    // …and nothing of them left in the cache once the index is stored.
    expect((await embeddingCache.get(model.id, hashes)).filter(Boolean)).toEqual([]);
    const raw = await openDB('fourfold');
    expect((await raw.getAll('embeddingWrites')).filter((r) => r.embedderId === model.id)).toEqual([]);
    raw.close();

    // A re-index embeds only what changed: the rest comes from the stored index.
    const before = await service.search(repo.id, {
      query: 'how are children diffed',
      preset: 'default',
      modalities: ['semantic'],
    });
    embedded = 0;
    await service.index('v2', request('vectors-once', files), () => {});
    expect(embedded).toBe(0);
    const after = await service.search(repo.id, {
      query: 'how are children diffed',
      preset: 'default',
      modalities: ['semantic'],
    });
    expect(after.results.map((r) => [r.path, r.startLine])).toEqual(before.results.map((r) => [r.path, r.startLine]));
    const changed = files.map((f) =>
      f.path === 'src/render.js'
        ? {
            ...f,
            data: new TextEncoder().encode(
              new TextDecoder().decode(f.data as Uint8Array) + '\nexport function renderTwice() {}\n',
            ),
          }
        : f,
    );
    await service.index('v3', request('vectors-once', changed), () => {});
    expect(embedded).toBeGreaterThan(0);
    expect(embedded).toBeLessThan(10);
  });

  it('after a reload, starts the static model beside the stored index read, and answers the question in the address as soon as the index is loaded', async () => {
    const { persistence, embeddingCache } = await openBrowserPersistence();
    const model = (await createNodeEmbedder('local'))!;
    expect((model as { runtime?: string }).runtime).toBe('static');
    const builder = new IndexService({
      persistence,
      embeddingCache,
      createAnalyzer: () => analyzer,
      loadEmbedder: async () => model,
    });
    const repo = await builder.index('a1', request('answer-ahead'), () => {});

    // The stored index is held back until the model has been asked for: it starts beside the read, not after the answer.
    let releaseRead!: () => void;
    const readHeld = new Promise<void>((resolve) => (releaseRead = resolve));
    let modelAsked!: () => void;
    const modelStarted = new Promise<void>((resolve) => (modelAsked = resolve));
    const reloaded = new IndexService({
      persistence: {
        ...persistence,
        getSnapshot: async (id) => (await readHeld, persistence.getSnapshot(id)),
      },
      embeddingCache,
      createAnalyzer: () => analyzer,
      loadEmbedder: async () => {
        modelAsked();
        return model;
      },
    });
    const question = { query: 'function diffChildren', preset: 'default' as const, modalities: null };
    // The page's boot script, then what the app does once React is up: status, open, search.
    reloaded.readAhead({ repositoryId: repo.id, search: question });
    await modelStarted;
    releaseRead();
    await reloaded.status();
    await reloaded.open(repo.id);
    const first = await reloaded.search(repo.id, question);
    expect(first.results[0].path).toBe('src/diff/children.js');
    expect(first.query.notReady ?? []).not.toContain('structural');
    await reloaded.embedderReady();
    // Asked again once the model is up: a fresh answer, with semantic searched.
    const again = await reloaded.search(repo.id, { ...question, modalities: ['semantic'] });
    expect(again.query.modalities.find((m) => m.modality === 'semantic')?.ran).toBe(true);
  });

  it('after a reload, never hands over the answer read ahead without semantic once the model is up', async () => {
    const { persistence, embeddingCache } = await openBrowserPersistence();
    const model = (await createNodeEmbedder('local'))!;
    const builder = new IndexService({
      persistence,
      embeddingCache,
      createAnalyzer: () => analyzer,
      loadEmbedder: async () => model,
    });
    const repo = await builder.index('a1', request('answer-ahead-stale'), () => {});

    // The model comes up only after the answer in the address was made without it, and before
    // the page asks for that answer: the order a loaded machine gives.
    let releaseModel!: () => void;
    const modelHeld = new Promise<void>((resolve) => (releaseModel = resolve));
    const reloaded = new IndexService({
      persistence,
      embeddingCache,
      createAnalyzer: () => analyzer,
      loadEmbedder: async () => (await modelHeld, model),
    });
    const question = { query: 'how are child nodes diffed', preset: 'default' as const, modalities: null };
    reloaded.readAhead({ repositoryId: repo.id, search: question });
    await reloaded.status();
    await reloaded.open(repo.id);
    releaseModel();
    await reloaded.embedderReady();
    const answer = await reloaded.search(repo.id, question);
    expect(answer.query.notReady ?? []).not.toContain('semantic');
    expect(answer.query.modalities.find((m) => m.modality === 'semantic')?.ran).toBe(true);
  });

  it('a second folder chosen mid-index replaces the first: the first ends cancelled and nothing of it stays searchable', async () => {
    const service = await newService();
    let second: Promise<unknown> | null = null;
    const firstId = repositoryIdFor({ origin: 'folder', name: 'first' });
    const first = service.index(
      'm1',
      request('first'),
      () => {},
      (stage) => {
        // Chosen while the first is searchable but not complete.
        second ??= service.index('m2', request('second', folderFiles(join(FIXTURE, 'hooks'))), () => {});
        expect(stage.repositoryId).toBe(firstId);
      },
    );
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    const done = (await second) as unknown as { id: string; state: string; stats: { files: number } };
    expect(done).toMatchObject({ state: 'complete', stats: { files: 3 } });
    const shown = (await service.status()).repositories;
    expect(shown.find((r) => r.id === firstId)?.state).toBe('cancelled');
    await expect(
      service.search(firstId, { query: 'diffChildren', preset: 'default', modalities: null }),
    ).rejects.toThrow(/not open/);
    // No mixed index: the second answers from its own three files only.
    const answer = await service.search(done.id, { query: '"diffChildren"', preset: 'default', modalities: null });
    expect(answer.results).toEqual([]);
  });

  it('the same folder chosen twice in a row: the second build replaces the first and ends complete', async () => {
    const service = await newService();
    const files = folderFiles(join(FIXTURE, 'src'));
    const first = service.index('t1', request('same', files), () => {});
    const second = service.index('t2', request('same', files), () => {});
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    const done = await second;
    expect(done.state).toBe('complete');
    expect(done.stats?.files).toBe(files.length);
    expect((await service.status()).repositories.filter((r) => r.id === done.id)).toHaveLength(1);
    const answer = await service.search(done.id, {
      query: 'function diffChildren',
      preset: 'default',
      modalities: null,
    });
    expect(answer.results[0].path).toBe('diff/children.js');
  });

  it('a file that changes between listing and reading is left out whole and reported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fourfold-changing-'));
    cpSync(join(FIXTURE, 'hooks'), dir, { recursive: true });
    // Listed as the browser lists a chosen folder: File objects backed by the disk.
    const files: IncomingFile[] = [];
    for (const path of ['src/index.js', 'src/index.d.ts', 'src/internal.d.ts']) {
      const blob = await openAsBlob(join(dir, path));
      files.push({ path, size: blob.size, data: blob });
    }
    // Then one changes before it is read: the browser (and Node) refuse the stale file.
    writeFileSync(join(dir, 'src/index.d.ts'), 'export declare function changedAfterListing(): void;\n');
    const service = await newService();
    const repo = await service.index('c1', request('changing', files), () => {});
    expect(repo.state).toBe('complete');
    expect(repo.stats?.files).toBe(2);
    expect(repo.message).toMatch(
      /1 file could not be read \(src\/index\.d\.ts\): changed, moved or removed after the folder was chosen\? It was left out; re-index to include it\./,
    );
    const answer = await service.search(repo.id, { query: 'changedAfterListing', preset: 'default', modalities: null });
    expect(answer.results.map((r) => r.path)).not.toContain('src/index.d.ts');
  });

  it('a folder fed while the page still reads it is parsed as files arrive and gives the same index as one handed over whole', async () => {
    const { persistence } = await openBrowserPersistence();
    let parsedBeforeLastFeed = 0;
    let fedAll = false;
    let firstParse!: () => void;
    const parsing = new Promise<void>((resolve) => (firstParse = resolve));
    const service = new IndexService({
      persistence,
      cores: 4, // two for the reads, two for the parser
      createAnalyzer: () => ({
        analyze: (path, text) => {
          if (!fedAll) parsedBeforeLastFeed++;
          firstParse();
          return analyzer.analyzeAsync(path, text);
        },
      }),
      loadEmbedder: async () => null,
    });
    const files = folderFiles(FIXTURE).sort((a, b) => (a.path < b.path ? -1 : 1));
    const whole = await service.index(
      'w1',
      request(
        'whole',
        files.map((f) => ({ ...f, data: (f.data as Uint8Array).slice() })),
      ),
      () => {},
    );
    const streamed = service.index(
      's1',
      { name: 'streamed', origin: 'folder', files: [], listed: files.map((f) => f.path) },
      () => {},
    );
    const half = Math.floor(files.length / 2);
    service.feed('s1', files.slice(0, half));
    await parsing; // …while the other half is still with the page
    fedAll = true;
    service.feed('s1', files.slice(half));
    const repo = await streamed;
    expect(parsedBeforeLastFeed).toBeGreaterThan(0);
    expect(repo.stats?.files).toBe(whole.stats?.files);
    expect(repo.stats?.chunks).toBe(whole.stats?.chunks);
    const [a, b] = [await persistence.getSnapshot(whole.id), await persistence.getSnapshot(repo.id)];
    expect(b!.files).toEqual(a!.files);
    expect(b!.chunks).toEqual(a!.chunks);
    expect(b!.modalities.text).toEqual(a!.modalities.text);
  });

  it('on two cores, one file at a time is parsed while the folder is read, and a model not started yet waits for the reads', async () => {
    const { persistence } = await openBrowserPersistence();
    const seen: string[] = [];
    let fedAll = false;
    let reading!: () => void;
    const readStarted = new Promise<void>((resolve) => (reading = resolve));
    let inFlight = 0;
    let mostWhileReading = 0;
    const service = new IndexService({
      persistence,
      cores: 2,
      createAnalyzer: () => ({
        analyze: async (path, text) => {
          seen.push(fedAll ? 'parse after the reads' : 'parse while reading');
          if (!fedAll) mostWhileReading = Math.max(mostWhileReading, ++inFlight);
          else inFlight++;
          try {
            return await analyzer.analyzeAsync(path, text);
          } finally {
            inFlight--;
          }
        },
      }),
      loadEmbedder: async () => {
        seen.push(fedAll ? 'model after the reads' : 'model while reading');
        return null;
      },
    });
    const files = folderFiles(join(FIXTURE, 'src')).sort((a, b) => (a.path < b.path ? -1 : 1));
    const building = service.index(
      't1',
      { name: 'two-cores', origin: 'folder', files: [], listed: files.map((f) => f.path) },
      (p) => {
        if (p.stage === 'read') reading();
      },
    );
    service.feed('t1', files.slice(0, 3));
    await readStarted;
    // The page asks for the model while the folder is still being read (its start-up does).
    const status = service.status();
    await expect.poll(() => seen.includes('parse while reading')).toBe(true);
    fedAll = true;
    service.feed('t1', files.slice(3));
    expect((await building).stats?.files).toBe(files.length);
    await status;
    expect(mostWhileReading).toBe(1);
    expect(seen.filter((s) => s.startsWith('model'))).toEqual(['model after the reads']);
  });

  it('parses ahead on the cores the reads leave, and never on none', () => {
    expect([undefined, 1, 2, 3, 4, 8].map(parseAheadInFlight)).toEqual([1, 1, 1, 1, 2, 6]);
  });

  it('a folder cancelled while the page still feeds it ends cancelled, whatever arrives later', async () => {
    const service = await newService();
    const files = folderFiles(join(FIXTURE, 'src'));
    // Cancelled once its intake waits for the files the page has not sent yet.
    const building = service.index(
      'f1',
      { name: 'fed', origin: 'folder', files: [], listed: files.map((f) => f.path) },
      (p) => {
        if (p.stage === 'read') service.cancel('f1');
      },
    );
    service.feed('f1', files.slice(0, 3));
    await expect(building).rejects.toMatchObject({ name: 'AbortError' });
    service.feed('f1', files.slice(3));
    const shown = (await service.status()).repositories.find(
      (r) => r.id === repositoryIdFor({ origin: 'folder', name: 'fed' }),
    );
    expect(shown?.state).toBe('cancelled');
  });
});
