/**
 * Judging a ranked list against the oracle's truth, at file level or line level.
 *
 * - file level: a result is as relevant as its file's grade in the truth.
 * - line level, definition: a result is right when its file is the declaring file and its
 *   line range contains a line of the declared name (any overload's).
 * - line level, understand: a result is right when its range overlaps the documented
 *   function's range.
 */
import { type QueryScores, scoreRanking } from './metrics';
import type { EvalIntent, EvalQuery } from './queries';
import type { RankedItem } from './systems';

export type Level = 'file' | 'line';

/** The views each intent is scored in; the first is the headline. */
export const LEVELS: Record<EvalIntent, readonly Level[]> = {
  find_definition: ['line', 'file'],
  find_references: ['file'],
  impact_analysis: ['file'],
  exact_match: ['file'],
  understand_code: ['file', 'line'],
};

export function gradeOf(query: EvalQuery, item: RankedItem, level: Level): number {
  let best = 0;
  for (const t of query.truth) {
    if (t.path !== item.path) continue;
    if (level === 'line' && t.nameLines && query.intent === 'find_definition') {
      if (!t.nameLines.some((l) => item.startLine <= l && l <= item.endLine)) continue;
    } else if (level === 'line' && t.startLine !== undefined && t.endLine !== undefined) {
      if (item.endLine < t.startLine || item.startLine > t.endLine) continue;
    }
    best = Math.max(best, t.grade);
  }
  return best;
}

export function scoreQuery(query: EvalQuery, items: readonly RankedItem[], level: Level): QueryScores {
  return scoreRanking(
    items.map((i) => gradeOf(query, i, level)),
    query.truth.map((t) => t.grade),
  );
}

/** 1-based rank of the first relevant result within the list, or null. */
export function firstRelevantRank(query: EvalQuery, items: readonly RankedItem[], level: Level): number | null {
  const i = items.findIndex((item) => gradeOf(query, item, level) > 0);
  return i === -1 ? null : i + 1;
}
