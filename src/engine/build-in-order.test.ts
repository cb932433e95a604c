/**
 * The stages after the parse done file by file during it (build.ts, InOrderStages): with the
 * analyses arriving out of order, the index is the one a build that took them in order makes,
 * and the text indexer has the chunks of the files before the last one while that one is still
 * being parsed. Real code (Preact's sources, MIT, in e2e/fixtures), real tree-sitter.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSourceTree } from '../../e2e/fixture-files';
import { nodeGrammars } from '../node/grammars';
import { TEXT_CHUNK_BATCH, type BuildFile } from './build';
import type { Chunk, FileAnalysis } from './contract';
import { Engine, type EngineSnapshot, type TextIndexer } from './engine';
import { StructuralAnalyzer } from './structural/analyzer';
import { corpusFromAnalyses } from './structural/corpus';
import { StructuralBuilder } from './structural/index';
import { TextIndex, TextSnapshotBuilder } from './text/index';

const ROOT = join(import.meta.dirname, '../../e2e/fixtures/preact');

let files: BuildFile[];
/** Each distinct text parsed once: the copies below differ only in their folder. */
let analyse: (path: string, text: string) => FileAnalysis;

beforeAll(async () => {
  const tree = readSourceTree(ROOT);
  // Copies in folders that sort apart (vendored packages), enough chunks for several batches to the text indexer.
  // Each its own hash: a build analyses byte-identical files once (SameTextAnalyses), and here every file is to reach the analyzer.
  files = Array.from({ length: 5 }, (_, copy) => copy).flatMap((copy) =>
    tree.map((f) => ({ ...f, path: `v${copy}/${f.path}`, hash: `v${copy}/${f.path}` })),
  );
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  const byText = new Map<string, FileAnalysis>();
  analyse = (path, text) => {
    let analysis = byText.get(text);
    if (!analysis) byText.set(text, (analysis = analyzer.analyze(path, text)));
    return { ...structuredClone(analysis), path };
  };
});

/** The snapshot's parts that the order of arrival must not change. */
function indexParts(s: EngineSnapshot) {
  return { files: s.files, chunks: s.chunks, analyses: s.analyses, modalities: s.modalities };
}

describe('the stages after the parse, file by file as the analyses arrive', () => {
  it('gives the index of a build that takes the analyses in order, and hands the text indexer its chunks before the last parse', async () => {
    // In order: every analysis at once, synchronously.
    const inOrder = await Engine.build(files, { analyzer: { analyze: analyse }, embedder: null });
    const chunkCount = inOrder.stats.chunks;
    expect(chunkCount).toBeGreaterThan(2 * TEXT_CHUNK_BATCH);

    // Out of order: each answer delayed by 0–6 ms, by path; the last file's held until every other one has answered.
    const last = files[files.length - 1].path;
    let answered = 0;
    let releaseLast!: () => void;
    const lastGate = new Promise<void>((resolve) => (releaseLast = resolve));
    const delay = (path: string) => [...path].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % 7;
    const arrival: string[] = [];
    const analyzer = {
      analyze: async (path: string, text: string) => {
        if (path === last) await lastGate;
        else await new Promise((resolve) => setTimeout(resolve, delay(path)));
        arrival.push(path);
        if (++answered === files.length - 1) setTimeout(releaseLast, 20);
        return analyse(path, text);
      },
    };
    let builder: TextSnapshotBuilder | null = null;
    const added: { chunks: Chunk[]; answeredBefore: number }[] = [];
    const indexer: TextIndexer = {
      begin: (given) => void (builder = new TextSnapshotBuilder(given.map((f) => f.text))),
      add: (chunks) => {
        added.push({ chunks: [...chunks], answeredBefore: answered });
        builder!.addChunks(chunks);
      },
      finish: async (chunks) => builder!.finish(chunks.slice(added.reduce((n, a) => n + a.chunks.length, 0))),
    };
    const outOfOrder = await Engine.build(files, { analyzer, embedder: null }, { textIndexer: indexer });

    expect(arrival).not.toEqual(files.map((f) => f.path)); // the test's premise: not in file order
    expect(indexParts(outOfOrder.snapshot())).toStrictEqual(indexParts(inOrder.snapshot()));
    // The text indexer had its chunks in batches, in id order, most of them before the last file was parsed.
    const given = added.flatMap((a) => a.chunks.map((c) => c.id));
    expect(given).toEqual(given.map((_, i) => i));
    const early = added.filter((a) => a.answeredBefore < files.length);
    expect(early.length).toBeGreaterThanOrEqual(2);
    expect(early.reduce((n, a) => n + a.chunks.length, 0)).toBeGreaterThan(chunkCount / 2);
    // The per-file part of structural was done during the parse; its time is reported.
    expect(outOfOrder.stats.buildMs['in-parse']).toBeGreaterThan(0);
  }, 120_000);

  it('builds the text snapshot from chunks added in batches (one cut inside a file) as from all of them at once', () => {
    const sample = files.slice(0, 40);
    const corpus = corpusFromAnalyses(sample.map((f) => ({ ...f, analysis: analyse(f.path, f.text) })));
    const chunks = corpus.chunks;
    const cut = chunks.findIndex((c, i) => i > 0 && c.fileId === chunks[i - 1].fileId && c.fileId > 3);
    expect(cut).toBeGreaterThan(0);
    const batched = new TextSnapshotBuilder(sample.map((f) => f.text));
    batched.addChunks(chunks.slice(0, cut));
    batched.addChunks(chunks.slice(cut, cut + 100));
    const snapshot = batched.finish(chunks.slice(cut + 100));
    expect(snapshot).toStrictEqual(TextIndex.build(corpus).serialize());
    expect(snapshot).toStrictEqual(new TextSnapshotBuilder(sample.map((f) => f.text)).finish(chunks));
    // Chunks that do not follow the last ones added are refused, not indexed under wrong ids.
    const skipping = new TextSnapshotBuilder(sample.map((f) => f.text));
    skipping.addChunks(chunks.slice(0, 10));
    expect(() => skipping.addChunks(chunks.slice(11, 20))).toThrow(RangeError);
  });

  it('refuses a file added to the structural builder out of file order', () => {
    const builder = new StructuralBuilder();
    const [a, b] = files;
    builder.add(0, a.path, analyse(a.path, a.text), () => 0);
    expect(() => builder.add(2, b.path, analyse(b.path, b.text), () => 0)).toThrow(RangeError);
  });
});
