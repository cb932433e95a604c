/**
 * The IndexedDB snapshot records (fake-indexeddb) checked by their checksums: a record changed
 * after it was written — one byte of a file's text, a line cut off — reads as damaged, never
 * as an index.
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine, type EngineSnapshot, type StoredTexts } from '../engine/engine';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { nodeGrammars } from '../node/grammars';
import { openIdbStore } from './idb-store';
import { persistenceOver } from './persistence';
import { SnapshotLoadError } from './snapshot-container';

const FILES = [
  { path: 'src/a.ts', text: 'export function alpha(x: number) {\n  return x + 1;\n}\n' },
  { path: 'src/b.ts', text: "import { alpha } from './a';\nexport const beta = alpha(2);\n// the last line\n" },
];

let snapshot: EngineSnapshot;
beforeAll(async () => {
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  snapshot = (await Engine.build(FILES, { analyzer, embedder: null })).snapshot();
});

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

  it('a changed byte in a file text, or a text cut short, is damaged: never read as an index', async () => {
    const store = await openIdbStore('persistence-damaged');
    const persistence = persistenceOver(store);
    await persistence.putSnapshot('r', snapshot);
    const texts = (await store.getSnapshot<StoredTexts>('r', 'texts'))!;

    // One byte of b.ts changed ('beta' → 'bfta'), as a bad disk or a stray write would.
    const flipped = texts.utf8.slice();
    flipped[new TextDecoder().decode(flipped).indexOf('beta') + 1] ^= 0x07;
    await store.putSnapshot('r', 'texts', { utf8: flipped, ends: texts.ends });
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');

    // The last line gone, its end moved with it: consistent in itself, but not what was written.
    const cut = texts.utf8.length - '// the last line\n'.length;
    const ends = texts.ends.slice();
    ends[ends.length - 1] = cut;
    await store.putSnapshot('r', 'texts', { utf8: texts.utf8.slice(0, cut), ends });
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');

    // Every other record is checked as well.
    await store.putSnapshot('r', 'texts', texts);
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('read');
    const files = (await store.getSnapshot<EngineSnapshot['files']>('r', 'files'))!;
    await store.putSnapshot('r', 'files', [{ ...files[0], size: files[0].size + 1 }, ...files.slice(1)]);
    await expect(problemOf(() => persistence.getSnapshot('r'))).resolves.toBe('damaged');
  });
});
