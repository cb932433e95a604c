/**
 * The effect of the int8 vectors on semantic search: the same engine reopened from its own
 * snapshot without them (the semantic index then rescores Hamming candidates with the ±1 bits,
 * as before int8 was stored), semantic alone on the same understand queries, both scored alike.
 */
import { Engine, type EngineDeps } from '../../src/engine/engine';
import { scoreQuery } from './grade';
import { meanScores, type QueryScores } from './metrics';
import type { EvalQuery } from './queries';
import { runSystem, type SearchTargets } from './systems';

/** The engine reopened without int8 vectors, or null when it has none. */
export function withoutInt8(engine: Engine, deps: EngineDeps): Engine | null {
  const snapshot = engine.snapshot();
  const semantic = snapshot.modalities.semantic;
  if (!semantic?.int8) return null;
  return Engine.load(
    { ...snapshot, modalities: { ...snapshot.modalities, semantic: { ...semantic, int8: undefined } } },
    deps,
  );
}

export class RescoringAblation {
  private readonly int8: QueryScores[] = [];
  private readonly bits: QueryScores[] = [];

  /** Runs semantic alone on both engines for one understand query (file level, the headline). */
  async add(query: EvalQuery, targets: SearchTargets, bitsOnly: Engine): Promise<void> {
    const a = await runSystem('semantic', query, targets);
    const b = await runSystem('semantic', query, { ...targets, engine: bitsOnly });
    this.int8.push(scoreQuery(query, a.items, 'file'));
    this.bits.push(scoreQuery(query, b.items, 'file'));
  }

  get result(): { queries: number; int8: QueryScores; bits: QueryScores } | null {
    return this.int8.length
      ? { queries: this.int8.length, int8: meanScores(this.int8), bits: meanScores(this.bits) }
      : null;
  }

  section(): string {
    const r = this.result;
    if (!r) return 'Not run (no embedder, or no understand queries).';
    const f = (n: number) => n.toFixed(3);
    return [
      `Semantic alone on the ${r.queries} understand queries (file level), the same index with and without its int8 vectors (bench/eval/rescoring.ts). First stage: Hamming distance over the sign bits; second stage: the best 100 candidates rescored.`,
      '',
      '| second stage | MRR@10 | Hit@1 | Recall@10 | nDCG@10 |',
      '|---|---:|---:|---:|---:|',
      `| cosine with int8 vectors (now) | ${f(r.int8.mrr10)} | ${f(r.int8.hit1)} | ${f(r.int8.recall10)} | ${f(r.int8.ndcg10)} |`,
      `| float query · ±1 bits (before) | ${f(r.bits.mrr10)} | ${f(r.bits.hit1)} | ${f(r.bits.recall10)} | ${f(r.bits.ndcg10)} |`,
      '',
    ].join('\n');
  }
}
