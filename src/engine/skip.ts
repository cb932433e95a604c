/**
 * Why a modality did not run for a query. The engine decides on these codes; the sentence
 * a person reads is derived from a code here and never parsed back.
 */
import type { Intent, Preset, SkipCode } from './contract';

/** What a skip message may mention besides its code. */
export interface SkipContext {
  preset: Preset;
  intent: Intent;
  /** The failure's own message, for `failed`. */
  detail?: string;
}

/** The sentence shown for a code ("not ready yet (still indexing)", "weight 0 for exact_match"). */
export function skipMessage(code: SkipCode, context: SkipContext): string {
  switch (code) {
    case 'not-selected':
      return 'not selected';
    case 'not-in-preset':
      return `not in the ${context.preset} preset`;
    case 'zero-weight':
      return `weight 0 for ${context.intent}`;
    case 'still-indexing':
      return 'not ready yet (still indexing)';
    case 'model-loading':
      return 'not ready yet (the embedding model is still loading)';
    case 'no-query-embedder':
      return 'no embedder for queries';
    case 'no-semantic-index':
      return 'no semantic index (no embedder)';
    case 'direct-path':
      return 'direct path';
    case 'query-invalid':
      return 'not run: the query needs fixing first';
    case 'failed':
      return `failed: ${context.detail ?? 'unknown error'}`;
    case 'not-run':
      return 'not run';
  }
}

/** The codes that mean "this modality would have answered, but is not built or loaded yet". */
export function isNotReady(code: SkipCode | undefined): code is 'still-indexing' | 'model-loading' {
  return code === 'still-indexing' || code === 'model-loading';
}
