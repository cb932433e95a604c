/**
 * The IndexedDB snapshot records (fake-indexeddb): one container Blob each, checked by their
 * checksums: a record changed after it was written — one byte of a file's text, a line cut
 * off, a container cut short — reads as damaged, never as an index.
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine, type EngineSnapshot, type StoredTexts } from '../engine/engine';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { nodeGrammars } from '../node/grammars';
import { openIdbStore } from './idb-store';
import { persistenceOver } from './persistence';
import { decodeContainer, encodeContainer, SnapshotLoadError } from './snapshot-container';
import { checksumValue } from '../engine/store/checksum';
import type { IndexStore } from '../engine/store/store';

const FILES = [
  { path: 'src/a.ts', text: 'export function alpha(x: number) {\n  return x + 1;\n}\n' },
  { path: 'src/b.ts', text: "import { alpha } from './a';\nexport const beta = alpha(2);\n// the last line\n" },
];

let snapshot: EngineSnapshot;
beforeAll(async () => {
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  snapshot = (await Engine.build(FILES, { analyzer, embedder: null })).snapshot();
});

/** The records other than the texts and the vectors are stored deflated ('deflate-raw'). */
const inflate = async (blob: Blob) =>
  new Response(blob.stream().pipeThrough(new DecompressionStream('deflate-raw'))).arrayBuffer();
const deflated = async (bytes: Uint8Array) =>
  new Response(
    new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw')),
  ).blob();

async function problemOf(read: () => Promise<unknown>): Promise<string> {
  try {
    await read();
  } catch (error) {
    return error instanceof SnapshotLoadError ? error.code : `not a SnapshotLoadError: ${String(error)}`;
  }
  return 'read';
}

describe('stored snapshot records', () => {
  it('read back whole', async () => {
    const store = await openIdbStore('persistence-whole');
    const persistence = persistenceOver(store);
    await persistence.putSnapshot('r', snapshot);
    const back = (await persistence.getSnapshot('r'))!;
    expect([...back.texts.utf8]).toEqual([...snapshot.texts.utf8]);
    expect(back.files).toEqual(snapshot.files);
  });

  it('keeps each record as one container Blob', async () => {
    const store = await openIdbStore('persistence-layout');
    await persistenceOver(store).putSnapshot('r', snapshot);
    const texts = await store.getSnapshot<unknown>('r', 'texts');
    expect(texts).toBeInstanceOf(Blob);
    expect(decodeContainer<StoredTexts>(await (texts as Blob).arrayBuffer()).utf8).toEqual(snapshot.texts.utf8);
    for (const name of ['files', 'analyses', 'chunks', 'text', 'structural', 'graph'])
      expect(await store.getSnapshot<unknown>('r', name)).toBeInstanceOf(Blob);
  });

  it('a changed byte in a file text, or a text cut short, is damaged: never read as an index', async () => {
    const store = await openIdbStore('persistence-damaged');
    const persistence = persistenceOver(store);
    await persistence.putSnapshot('r', snapshot);
    const stored = (await store.getSnapshot<Blob>('r', 'texts'))!;
    const texts = decodeContainer<StoredTexts>(await stored.arrayBuffer());
    const asBlob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]);

    // One byte of b.ts changed ('beta' → 'bfta'), as a bad disk or a stray write would, and
    // written as a container of its own (its parts' checksums agree with it).
    const flipped = texts.utf8.slice();
    flipped[new TextDecoder().decode(flipped).indexOf('beta') + 1] ^= 0x07;
    await store.putSnapshot('r', 'texts', asBlob(encodeContainer({ utf8: flipped, ends: texts.ends })));
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');

    // The last line gone, its end moved with it: consistent in itself, but not what was written.
    const cut = texts.utf8.length - '// the last line\n'.length;
    const ends = texts.ends.slice();
    ends[ends.length - 1] = cut;
    await store.putSnapshot('r', 'texts', asBlob(encodeContainer({ utf8: texts.utf8.slice(0, cut), ends })));
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');

    // One byte of the stored container changed where it lies (no checksum recomputed), and the container cut short.
    const bytes = new Uint8Array(await stored.arrayBuffer());
    const changed = bytes.slice();
    changed[new TextDecoder('latin1').decode(bytes).lastIndexOf('beta')] ^= 0x01;
    await store.putSnapshot('r', 'texts', asBlob(changed));
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');
    await store.putSnapshot('r', 'texts', asBlob(bytes.slice(0, bytes.length >> 1)));
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');
    await store.putSnapshot('r', 'texts', asBlob(bytes.slice(0, 10)));
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');

    // Every other record is checked as well.
    await store.putSnapshot('r', 'texts', stored);
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('read');
    const filesBlob = (await store.getSnapshot<Blob>('r', 'files'))!;
    const files = decodeContainer<EngineSnapshot['files']>(await inflate(filesBlob));
    await store.putSnapshot(
      'r',
      'files',
      await deflated(encodeContainer([{ ...files[0], size: files[0].size + 1 }, ...files.slice(1)])),
    );
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');
    // A deflated record cut short does not inflate: damaged too.
    const whole = new Uint8Array(await filesBlob.arrayBuffer());
    await store.putSnapshot('r', 'files', asBlob(whole.slice(0, whole.length >> 1)));
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');
    // A record that is not a stored section at all (a structured value in its place).
    await store.putSnapshot('r', 'files', files);
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');
  });

  it('reads a snapshot stored in the layout before (structured records checked by checksumValue), and its damage', async () => {
    const store = await openIdbStore('persistence-structured');
    const records: Record<string, unknown> = {
      files: snapshot.files,
      texts: snapshot.texts,
      analyses: snapshot.analyses,
      chunks: snapshot.chunks,
      text: snapshot.modalities.text,
      structural: snapshot.modalities.structural,
      graph: snapshot.modalities.graph,
    };
    const checksums: Record<string, number> = {};
    for (const [name, value] of Object.entries(records)) {
      checksums[name] = checksumValue(value);
      await store.putSnapshot('r', name, value);
    }
    const check = checksumValue([snapshot.version, snapshot.stats, checksums]);
    await store.putSnapshot('r', 'engine', { version: snapshot.version, stats: snapshot.stats, checksums, check });
    const back = (await persistenceOver(store).getSnapshot('r'))!;
    expect([...back.texts.utf8]).toEqual([...snapshot.texts.utf8]);
    expect(back.files).toEqual(snapshot.files);
    await store.putSnapshot('r', 'files', [{ ...snapshot.files[0], size: snapshot.files[0].size + 1 }]);
    await expect(problemOf(() => persistenceOver(store).getSnapshot('r'))).resolves.toBe('damaged');
  });

  it('stored raw and deflated after, one record at a time: every state between reads as the same whole index', async () => {
    const store = await openIdbStore('persistence-compact');
    const persistence = persistenceOver(store);
    await persistence.putSnapshot('r', snapshot, { deflate: 'later' });
    // Raw: each record is its container as it is.
    const rawFiles = (await store.getSnapshot<Blob>('r', 'files'))!;
    expect(decodeContainer<EngineSnapshot['files']>(await rawFiles.arrayBuffer())).toEqual(snapshot.files);
    const rawBytes = new Map<string, Uint8Array>();
    for (const name of ['analyses', 'chunks', 'files', 'graph', 'structural', 'text'])
      rawBytes.set(name, new Uint8Array(await (await store.getSnapshot<Blob>('r', name))!.arrayBuffer()));
    // A read after each swap (what a reload or another tab would find then) gets the whole index.
    const seen: string[] = [];
    const watched: IndexStore = Object.create(store) as IndexStore;
    // The bytes written are deflated, not read back (a read-back Blob keeps its file on disk).
    const readBack: string[] = [];
    watched.getSnapshot = async <T>(id: string, name: string) => {
      if (name !== 'engine') readBack.push(name);
      return store.getSnapshot<T>(id, name);
    };
    watched.putSnapshotsIf = async (id, guard, records) => {
      const written = await store.putSnapshotsIf(id, guard, records);
      const back = await persistence.getSnapshot('r');
      expect(back!.files).toEqual(snapshot.files);
      expect([...back!.texts.utf8]).toEqual([...snapshot.texts.utf8]);
      seen.push(records[0][0]);
      return written;
    };
    // The same persistence that wrote them: it still has the bytes it wrote.
    const writer = persistenceOver(watched);
    await writer.putSnapshot('r', snapshot, { deflate: 'later' });
    await writer.compactSnapshot!('r');
    expect(readBack).toEqual([]);
    expect(seen.sort()).toEqual(['analyses', 'chunks', 'files', 'graph', 'structural', 'text']);
    // Each record now holds its raw bytes deflated, byte for byte.
    for (const [name, raw] of rawBytes) {
      const inflated = new Uint8Array(await inflate((await store.getSnapshot<Blob>('r', name))!));
      expect(Buffer.compare(inflated, raw), name).toBe(0);
    }
    // The texts stay raw, as a direct write leaves them.
    expect((await store.getSnapshot<Blob>('r', 'texts'))!.size).toBe(rawTextsSize(snapshot));
    const back = (await persistence.getSnapshot('r'))!;
    expect(back.chunks).toEqual(snapshot.chunks);
    expect(back.modalities.graph).toEqual(snapshot.modalities.graph);
    // Nothing left to do: a second pass writes nothing.
    let writes = 0;
    const counted: IndexStore = Object.create(store) as IndexStore;
    counted.putSnapshotsIf = async (...args) => (writes++, store.putSnapshotsIf(...args));
    await persistenceOver(counted).compactSnapshot!('r');
    expect(writes).toBe(0);
  });

  it('a record changed while stored raw is still damaged once deflated (deflated from what is stored, after a reload)', async () => {
    const store = await openIdbStore('persistence-compact-damaged');
    await persistenceOver(store).putSnapshot('r', snapshot, { deflate: 'later' });
    // A reload's persistence: it did not write these records, so it deflates what is stored.
    const persistence = persistenceOver(store);
    const files = snapshot.files;
    const changed = encodeContainer([{ ...files[0], size: files[0].size + 1 }, ...files.slice(1)]);
    await store.putSnapshot('r', 'files', new Blob([changed as Uint8Array<ArrayBuffer>]));
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');
    await persistence.compactSnapshot!('r');
    expect(decodeContainer(await inflate((await store.getSnapshot<Blob>('r', 'files'))!))).toEqual(
      decodeContainer(changed.buffer as ArrayBuffer),
    );
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');
  });

  it('stops, writing nothing, when another index is written while it deflates (or the repository is deleted)', async () => {
    const store = await openIdbStore('persistence-compact-race');
    const persistence = persistenceOver(store);
    await persistence.putSnapshot('r', snapshot, { deflate: 'later' });
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const other = (
      await Engine.build([...FILES, { path: 'src/c.ts', text: 'export const gamma = 3;\n' }], {
        analyzer,
        embedder: null,
      })
    ).snapshot();
    // The new index is written between the compaction's read of a record and its swap.
    const racing: IndexStore = Object.create(store) as IndexStore;
    let raced = false;
    racing.getSnapshot = async <T>(id: string, name: string) => {
      const value = await store.getSnapshot<T>(id, name);
      if (name !== 'engine' && !raced) {
        raced = true;
        await persistence.putSnapshot('r', other);
      }
      return value;
    };
    await persistenceOver(racing).compactSnapshot!('r');
    expect(raced).toBe(true);
    const back = (await persistence.getSnapshot('r'))!;
    expect(back.files).toEqual(other.files);
    expect([...back.texts.utf8]).toEqual([...other.texts.utf8]);

    // Deleted while it deflates: nothing of the repository comes back.
    await persistence.putSnapshot('r', snapshot, { deflate: 'later' });
    const deleting: IndexStore = Object.create(store) as IndexStore;
    let deleted = false;
    deleting.getSnapshot = async <T>(id: string, name: string) => {
      const value = await store.getSnapshot<T>(id, name);
      if (name !== 'engine' && !deleted) {
        deleted = true;
        await store.deleteRepo('r');
      }
      return value;
    };
    await persistenceOver(deleting).compactSnapshot!('r');
    expect(deleted).toBe(true);
    expect(await store.listSnapshots('r')).toEqual([]);
  });
});

/** The texts record's size as a raw container. */
function rawTextsSize(s: EngineSnapshot): number {
  return encodeContainer(s.texts).byteLength;
}
