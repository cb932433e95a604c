import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chunk, QueryPlan } from '../contract';
import type { Corpus } from '../modality';
import { createNodeLocalEmbedder } from '../../node/embedders';
import {
  BODY_WINDOW_LINES,
  BODY_WINDOWS_MAX,
  bodyWindowCount,
  bodyWindowLines,
  chunkBodyWindowTexts,
} from './embedder';
import { bodyWindowRows, SemanticIndex } from './index';
import { wordsFor } from './binary';
import type { LocalEmbedder } from './local';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

/**
 * syncthing's lib/protocol/bep_extensions.go (real set, syncthing 1.19): `WinsConflict` decides
 * which of two conflicting versions of a file wins, and its last lines break a tie of modification
 * times by the version vector.
 */
const PATH = 'lib/protocol/bep_extensions.go';
const TEXT = readFileSync(fileURLToPath(new URL('./fixtures/body-windows/bep_extensions.go', import.meta.url)), 'utf8');

function plan(raw: string, extra: Partial<QueryPlan> = {}): QueryPlan {
  const terms = raw.split(/\W+/).filter((t) => t.length > 3);
  return { raw, intent: 'understand_code', confidence: 0.4, rule: 'fallback', identifiers: [], terms, ...extra };
}

/** A question about what the function's last lines do. */
const TIE =
  'when both versions have equal modification times, how does the device id in the version vector break the tie';

let local: LocalEmbedder;
let corpus: Corpus;
let winsConflict: Chunk;

beforeAll(async () => {
  local = await createNodeLocalEmbedder();
  corpus = await parsedCorpus([{ path: PATH, text: TEXT }]);
  winsConflict = corpus.chunks.find((c) => c.symbol === 'WinsConflict')!;
});

describe('body windows: a long function read past its head', () => {
  it('gives a function or method one window per 20 lines past its first, and nothing else any', () => {
    expect(winsConflict.endLine - winsConflict.startLine + 1).toBeGreaterThan(BODY_WINDOW_LINES);
    expect(bodyWindowCount(winsConflict)).toBe(1);
    expect(bodyWindowLines(winsConflict, 0)).toEqual({
      startLine: winsConflict.startLine + BODY_WINDOW_LINES,
      endLine: winsConflict.endLine,
    });
    const [text] = chunkBodyWindowTexts(winsConflict, corpus.files[winsConflict.fileId]);
    // The path and the name line and signature once, then the window's lines.
    expect(text.split('\n').slice(0, 3)).toEqual([
      PATH,
      'function WinsConflict',
      'func WinsConflict(f, other FileIntf) bool',
    ]);
    expect(text).toContain('// The modification times were equal. Use the device ID in the version');
    expect(text).not.toContain('If only one of the files is invalid');
    // One-line accessors, the interface and the file's other lines have none.
    const short = corpus.chunks.find((c) => c.symbol === 'FileVersion')!;
    expect(bodyWindowCount(short)).toBe(0);
    expect(corpus.chunks.filter((c) => c.kind !== 'definition').every((c) => bodyWindowCount(c) === 0)).toBe(true);
    expect(corpus.chunks.filter((c) => c.definitionKind === 'interface').map(bodyWindowCount)).toEqual([0]);
    // A function of thousands of lines is read as far as BODY_WINDOWS_MAX windows go.
    expect(bodyWindowCount({ ...winsConflict, endLine: winsConflict.startLine + 5_000 })).toBe(BODY_WINDOWS_MAX);
  });

  it('scores a function by its best window when the question asks about the work its body does', async () => {
    const index = await SemanticIndex.build(corpus, local);
    expect(index.bodyWindowCount).toBe(bodyWindowRows(corpus).owner.length);
    const question = plan(TIE);
    const hits = await index.search(question, 10);
    const hit = hits.find((h) => h.chunkId === winsConflict.id)!;
    const { startLine, endLine } = bodyWindowLines(winsConflict, 0);
    expect(hit.reason).toContain(`in lines ${startLine}–${endLine} of its body`);
    expect(hits[0].chunkId).toBe(winsConflict.id);
    // A question that does not ask how describes what a function is for, which its head says.
    const described = await index.search(
      plan('device id in the version vector breaks a tie of equal modification times'),
      10,
    );
    expect(described.some((h) => h.reason.includes('of its body'))).toBe(false);
    // Never a window's row: every hit is a chunk, once.
    expect(hits.every((h) => h.chunkId < corpus.chunks.length)).toBe(true);
    expect(new Set(hits.map((h) => h.chunkId)).size).toBe(hits.length);
    // A pasted snippet and "find similar" compare whole chunks: no window stands for a function.
    const similar = await index.search(plan('', { similarToChunk: winsConflict.id }), corpus.chunks.length);
    expect(similar.length).toBe(corpus.chunks.length - 1);
    expect(similar.every((h) => h.chunkId < corpus.chunks.length && !h.reason.includes('of its body'))).toBe(true);
  });

  it('stores the windows after the chunks, and reads a snapshot written before them without them', async () => {
    const built = await SemanticIndex.build(corpus, local);
    const snapshot = built.serialize();
    const words = wordsFor(snapshot.dimensions);
    const windows = bodyWindowRows(corpus).owner.length;
    expect(windows).toBeGreaterThan(0);
    expect(snapshot.chunkCount).toBe(corpus.chunks.length);
    expect(snapshot.vectors.length).toBe((corpus.chunks.length + windows) * words);
    expect(snapshot.int8!.length).toBe((corpus.chunks.length + windows) * snapshot.dimensions);
    const question = plan(TIE);
    const loaded = SemanticIndex.load(corpus, snapshot, local);
    expect(await loaded.search(question, 10)).toEqual(await built.search(question, 10));
    // A re-index takes every row's vector from the previous index: nothing is embedded again.
    const again = await SemanticIndex.build(corpus, local, { previous: snapshot });
    expect(again.buildStats).toEqual({ embedded: 0, reused: corpus.chunks.length + windows });
    // The chunks' rows alone (an index written before windows): searched by the chunks' own vectors.
    const n = corpus.chunks.length;
    const older = SemanticIndex.load(
      corpus,
      {
        ...snapshot,
        vectors: snapshot.vectors.slice(0, n * words),
        int8: snapshot.int8!.slice(0, n * snapshot.dimensions),
        textHashes: snapshot.textHashes!.slice(0, n * 14),
      },
      local,
    );
    expect(older.bodyWindowCount).toBe(0);
    const heads = await older.search(question, 10);
    expect(heads.some((h) => h.reason.includes('of its body'))).toBe(false);
    // Rows that fit neither: re-index.
    expect(() =>
      SemanticIndex.load(corpus, { ...snapshot, vectors: snapshot.vectors.slice(0, (n + 1) * words) }, local),
    ).toThrow(/re-index/);
  });
});
