/**
 * The snapshot file read on demand: what a loaded engine answers equals what the built one
 * answers, parts are read only when used, and a damaged part is a SnapshotDamagedError when
 * it is first read (never a wrong answer).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSourceTree } from '../../e2e/fixture-files';
import type { SourceFile } from '../engine/contract';
import { Engine, SnapshotDamagedError, type EngineDeps } from '../engine/engine';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { nodeGrammars } from './grammars';
import { AnalysisReader } from '../engine/store/analysis-table';
import {
  encodeSnapshotFile,
  encodeSnapshotFileAsync,
  openSnapshotFile,
  storedParts,
  TEXT_BLOCK_BYTES,
} from './snapshot-file';

const ROOT = join(import.meta.dirname, '../../e2e/fixtures/preact');

let files: SourceFile[];
let deps: EngineDeps;
let built: Engine;
let bytes: Buffer;
let work: string;

beforeAll(async () => {
  files = readSourceTree(ROOT);
  deps = { analyzer: await StructuralAnalyzer.create(nodeGrammars), embedder: null };
  built = await Engine.build(files, deps);
  bytes = encodeSnapshotFile(built.snapshot());
  work = mkdtempSync(join(tmpdir(), 'fourfold-snapshot-file-'));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The snapshot file with one byte changed in the middle of each part `pick` chooses. */
function damaged(pick: (name: string) => boolean, original = bytes): string {
  const copy = Buffer.from(original);
  let changed = 0;
  for (const part of storedParts(copy)) {
    if (!pick(part.name)) continue;
    copy[part.start + (part.length >> 1)] ^= 0x5a;
    changed++;
  }
  expect(changed).toBeGreaterThan(0);
  const file = join(work, `damaged-${Math.random().toString(36).slice(2)}.snapshot`);
  writeFileSync(file, copy);
  return file;
}

function opened(file: string): Engine {
  const read = openSnapshotFile(file);
  if (!('snapshot' in read)) throw new Error(`not opened: ${JSON.stringify(read)}`);
  return Engine.load(read.snapshot, deps);
}

const ranked = async (engine: Engine, query: string) =>
  (await engine.search(query)).results.map((r) => `${r.path}:${r.startLine}`);

describe('snapshot file', () => {
  it('is smaller than the source it indexes, texts cut in blocks of files', () => {
    const source = files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
    expect(bytes.byteLength).toBeLessThan(source);
    const blocks = storedParts(bytes).filter((p) => p.name.startsWith('text block'));
    expect(blocks.length).toBeGreaterThanOrEqual(Math.floor(source / TEXT_BLOCK_BYTES) - 1);
  });

  it('is the same bytes deflated on the thread pool as on this thread, in blocks of any size', async () => {
    const snapshot = built.snapshot();
    expect((await encodeSnapshotFileAsync(snapshot)).equals(bytes)).toBe(true);
    const blocked = encodeSnapshotFile(snapshot, 16);
    expect(blocked.equals(bytes)).toBe(false);
    expect((await encodeSnapshotFileAsync(snapshot, 16)).equals(blocked)).toBe(true);
    const reopened = join(work, 'async.snapshot');
    writeFileSync(reopened, await encodeSnapshotFileAsync(snapshot));
    expect(await ranked(opened(reopened), 'diff children')).toEqual(await ranked(built, 'diff children'));
  });

  it('answers as the built engine does, for every kind of question', async () => {
    const file = join(work, 'whole.snapshot');
    writeFileSync(file, bytes);
    const loaded = opened(file);
    for (const q of ['"createElement"', '/use[A-Z]\\w+/', 'where is options defined', 'how are hooks scheduled'])
      expect(await ranked(loaded, q)).toEqual(await ranked(built, q));
    expect(loaded.stage).toEqual(built.stage);
    expect(loaded.snapshot().texts).toEqual(built.snapshot().texts);
  });

  it('opens with its graph damaged, answers a literal question without it, and refuses a graph question', async () => {
    const loaded = opened(damaged((name) => name === 'graph section'));
    expect(await ranked(loaded, '"createElement"')).toEqual(await ranked(built, '"createElement"'));
    await expect(loaded.search('what calls createElement')).rejects.toMatchObject({
      code: 'damaged',
      part: 'graph section',
    });
  });

  it('refuses when the boost first reads damaged chunk centralities', async () => {
    const loaded = opened(damaged((name) => name === 'centrality section'));
    await expect(loaded.search('"createElement"')).rejects.toMatchObject({
      code: 'damaged',
      part: 'centrality section',
    });
  });

  it('answers a literal question from the trigram half alone, and refuses a ranked one on damaged terms', async () => {
    const loaded = opened(damaged((name) => name === 'textTerms section'));
    expect(await ranked(loaded, '/use[A-Z]\\w+/')).toEqual(await ranked(built, '/use[A-Z]\\w+/'));
    await expect(loaded.search('how are hooks scheduled')).rejects.toMatchObject({
      code: 'damaged',
      part: 'textTerms section',
    });
  });

  it('reads a damaged file text only when a question reads that file, and then refuses', async () => {
    const loaded = opened(damaged((name) => name.startsWith('text block')));
    const error = await loaded.search('"createElement"').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SnapshotDamagedError);
    expect((error as SnapshotDamagedError).part).toMatch(/^text block \d+$/);
  });

  it('reads the analyses by blocks of files: the same answers, and stored again file by file as built', async () => {
    const blocked = encodeSnapshotFile(built.snapshot(), 16);
    expect(storedParts(blocked).filter((p) => p.name.startsWith('analysis block'))).toHaveLength(
      Math.ceil(files.length / 16),
    );
    const file = join(work, 'blocked.snapshot');
    writeFileSync(file, blocked);
    const loaded = opened(file);
    for (const q of ['where is options defined', 'what calls createElement', '"createElement"'])
      expect(await ranked(loaded, q)).toEqual(await ranked(built, q));
    const [again, whole] = [
      new AnalysisReader(loaded.snapshot().analyses),
      new AnalysisReader(built.snapshot().analyses),
    ];
    expect(again.fileCount).toBe(files.length);
    for (let f = 0; f < files.length; f++) {
      const [a, b] = [again.analysisAt(f), whole.analysisAt(f)];
      expect({ ...a, references: a.references, imports: a.imports }).toEqual({
        ...b,
        references: b.references,
        imports: b.imports,
      });
    }
  });

  it('refuses a definition question when the analysis block of a file it shows is damaged', async () => {
    const blocked = encodeSnapshotFile(built.snapshot(), 16);
    const loaded = opened(damaged((name) => name.startsWith('analysis block'), blocked));
    const error = await loaded.search('where is options defined').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SnapshotDamagedError);
    expect((error as SnapshotDamagedError).part).toMatch(/^analysis block \d+$/);
  });

  it('finds every damaged part when read whole', () => {
    const checkedOnRead = ['analysis block 0', 'text section', 'textTerms section', 'centrality section'];
    for (const name of [...checkedOnRead, 'semantic section', 'text block 0']) {
      const read = openSnapshotFile(damaged((n) => n === name));
      if (!('snapshot' in read)) throw new Error('the damaged part is not one read at open');
      expect(() => read.file.readAll()).toThrow(SnapshotDamagedError);
    }
    for (const name of ['head section', 'files section', 'chunks section'])
      expect(openSnapshotFile(damaged((n) => n === name))).toMatchObject({ damaged: expect.any(String) });
  });

  it('refuses a file of another format, or cut short', () => {
    const old = join(work, 'old.snapshot');
    writeFileSync(old, Buffer.concat([Buffer.from('FOURFSN1'), bytes.subarray(8)]));
    expect(openSnapshotFile(old)).toMatchObject({ damaged: expect.any(String) });
    const cut = join(work, 'cut.snapshot');
    writeFileSync(cut, bytes.subarray(0, bytes.byteLength >> 1));
    const read = openSnapshotFile(cut);
    if ('snapshot' in read) expect(() => read.file.readAll()).toThrow(SnapshotDamagedError);
    else expect(read).toMatchObject({ damaged: expect.any(String) });
    expect(openSnapshotFile(join(work, 'absent.snapshot'))).toEqual({ missing: true });
    expect(readFileSync(old).byteLength).toBe(bytes.byteLength);
  });
});
