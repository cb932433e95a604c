/**
 * Retrieval metrics over one ranked list. A list is judged item by item by a grade
 * function (0 = not relevant, 1 or 2 = relevant, 2 = more relevant), so the same code
 * scores file-level and line-level truth.
 */

/** The cut-off of every @k metric in the report. */
export const CUTOFF = 10;

export interface QueryScores {
  hit1: number;
  mrr10: number;
  recall10: number;
  ndcg10: number;
}

export const METRIC_NAMES: readonly (keyof QueryScores)[] = ['hit1', 'mrr10', 'recall10', 'ndcg10'];
export const METRIC_LABELS: Record<keyof QueryScores, string> = {
  hit1: 'Hit@1',
  mrr10: 'MRR@10',
  recall10: 'Recall@10',
  ndcg10: 'nDCG@10',
};

/**
 * Scores one ranking.
 * @param grades grade of each returned item, in rank order (already deduplicated by the caller)
 * @param idealGrades grades of every relevant item that exists (the truth), any order
 */
export function scoreRanking(grades: readonly number[], idealGrades: readonly number[]): QueryScores {
  const relevantTotal = idealGrades.filter((g) => g > 0).length;
  const top = grades.slice(0, CUTOFF);
  const firstHit = top.findIndex((g) => g > 0);
  const found = top.filter((g) => g > 0).length;
  const ideal = [...idealGrades]
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, CUTOFF);
  const idcg = dcg(ideal);
  return {
    hit1: grades.length > 0 && grades[0] > 0 ? 1 : 0,
    mrr10: firstHit === -1 ? 0 : 1 / (firstHit + 1),
    // Recall against what fits in the cut-off: 12 relevant files can at best give 10/10.
    recall10: relevantTotal === 0 ? 0 : found / Math.min(relevantTotal, CUTOFF),
    ndcg10: idcg === 0 ? 0 : dcg(top) / idcg,
  };
}

/** Discounted cumulative gain with exponential gain (2^grade − 1): grade 2 counts 3× grade 1. */
function dcg(grades: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < grades.length; i++) if (grades[i] > 0) sum += (2 ** grades[i] - 1) / Math.log2(i + 2);
  return sum;
}

/** Mean of each metric over many queries (0 for an empty set). */
export function meanScores(all: readonly QueryScores[]): QueryScores {
  const out: QueryScores = { hit1: 0, mrr10: 0, recall10: 0, ndcg10: 0 };
  if (all.length === 0) return out;
  for (const s of all) for (const m of METRIC_NAMES) out[m] += s[m];
  for (const m of METRIC_NAMES) out[m] /= all.length;
  return out;
}

/** Keeps the first occurrence of each key, in order (one entry per file). */
export function firstPerKey<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(item);
  }
  return out;
}
