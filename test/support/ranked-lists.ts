/**
 * Modality lists rebuilt from the ranks a real run gave a few chunks: each chunk at its rank,
 * the places before it held by other files' chunks (ids 1000 and up, 2000 and up once merged),
 * which `fillerChunk` stands for when fuse asks for them.
 */
import type { Chunk, ModalityHit } from '../../src/engine/contract';
import { BOOST_SLOPE } from '../../src/engine/ranking';

/** A list with `chunk` at `rank` (0-based) and other chunks before it. */
export function at(rank: number, chunk: Chunk): ModalityHit[] {
  return [
    ...Array.from({ length: rank }, (_, i) => ({ chunkId: 1000 + i, score: 1, reason: 'other' })),
    { chunkId: chunk.id, score: 1, reason: 'hit' },
  ];
}

/** Two ranked lists in one: each hit at its own position, the fillers of the longer one elsewhere. */
export function merge(a: ModalityHit[], b: ModalityHit[]): ModalityHit[] {
  const out: ModalityHit[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const real = [a[i], b[i]].find((h) => h && h.chunkId < 1000);
    out.push(real ?? { chunkId: 2000 + i, score: 1, reason: 'other' });
  }
  return out;
}

/** A one-line window of another file standing for a filler id (its path under `folder`, ending in `extension`). */
export function fillerChunk(id: number, folder: string, extension: string): Chunk {
  return { id, fileId: 99, path: `${folder}/${id}${extension}`, startLine: 1, endLine: 1, kind: 'window' };
}

/** A fixture corpus's chunk by id, and past its chunks the filler that stands for another file's (fillerChunk). */
export function chunkOrFiller(
  corpus: { chunks: readonly Chunk[] },
  folder: string,
  extension: string,
): (id: number) => Chunk {
  return (id) => corpus.chunks[id] ?? fillerChunk(id, folder, extension);
}

/** The definition chunk of `symbol` in a corpus built from fixtures (the first, in file order). */
export function definitionNamed(corpus: { chunks: readonly Chunk[] }, symbol: string): Chunk {
  const chunk = corpus.chunks.find((c) => c.symbol === symbol && c.kind === 'definition');
  if (!chunk) throw new Error(`no definition named ${symbol} in the fixture`);
  return chunk;
}

/** The centrality whose boost is 1 + b (ranking.ts boostFor, below its cap). */
export function centralityForBoost(b: number): number {
  return Math.exp(b / BOOST_SLOPE) - 1;
}
