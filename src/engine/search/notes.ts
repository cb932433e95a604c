/**
 * The last steps of a search: what the answer says it lacks (modalities not ready, an exact
 * match not found), and each modality's run record. Decided on skip codes, never on the words.
 */
import type { FileCoverage, Modality, ModalityHit, ModalityRun, QueryPlan, SkipCode } from '../contract';
import { MODALITIES } from '../contract';
import { isNotReady, skipMessage, type SkipContext } from '../skip';

/**
 * Modalities this query needed that are still being built: they contributed nothing, and the
 * answer says so (the query's runs and every result's explanation). The graph also gives the
 * importance boost of a fused answer.
 */
export function notReadyModalities(
  skipped: ReadonlyMap<Modality, SkipCode>,
  pending: ReadonlySet<Modality>,
  strategy: 'direct' | 'fused',
  resultCount: number,
): Modality[] {
  return MODALITIES.filter(
    (m) => isNotReady(skipped.get(m)) || (m === 'graph' && pending.has(m) && strategy === 'fused' && resultCount > 0),
  );
}

/** The note for an answer without some modalities: the model still loading, or indexing still under way. */
export function notReadyNote(
  notReady: readonly Modality[],
  skipped: ReadonlyMap<Modality, SkipCode>,
  strategy: 'direct' | 'fused',
): string {
  const why =
    skipped.get('semantic') === 'model-loading' && notReady.length === 1
      ? 'The embedding model is still loading'
      : 'Still indexing';
  const withoutBoost =
    notReady.includes('graph') && strategy === 'fused' ? " (and without the graph's importance boost)" : '';
  return `${why}: ${notReady.join(', ')} not ready yet, so this answer is without ${notReady.length === 1 ? 'it' : 'them'}${withoutBoost}; it is asked again when they arrive.`;
}

/** The note for an answer over part of a folder's files: it says it is partial, never complete. */
export function partialFilesNote({ searched, total }: FileCoverage): string {
  return `Searched ${searched.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} files so far: the rest are still being read, and this answer is asked again as they arrive.`;
}

/** The note for an exact-match query text search found nothing for, or null. */
export function exactMatchNote(plan: QueryPlan, lists: Partial<Record<Modality, ModalityHit[]>>): string | null {
  if (plan.intent === 'exact_match' && plan.literal && !lists.text?.length)
    return `No exact match for "${plan.literal}".`;
  return null;
}

/**
 * Each modality's skip code once the route is settled: the choice's codes, `direct-path` for
 * those one modality answered without, none for those a fallback fused in.
 */
export function settledSkips(
  chosen: ReadonlyMap<Modality, SkipCode>,
  directSkipped: readonly Modality[],
  fusedIn: readonly Modality[],
): Map<Modality, SkipCode> {
  const skipped = new Map(chosen);
  for (const m of directSkipped) skipped.set(m, 'direct-path');
  for (const m of fusedIn) skipped.delete(m);
  return skipped;
}

/** The record of a modality that did not run: its code, and the sentence derived from it. */
export function skippedRun(modality: Modality, weight: number, skip: SkipCode, context: SkipContext): ModalityRun {
  return { modality, weight, ran: false, skip, skipped: skipMessage(skip, context), latencyMs: 0, hits: 0, list: [] };
}
