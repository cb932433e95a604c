/**
 * Routing a planned query: the weights and k it is fused with, which modalities run and why the
 * others do not (SkipCode), and whether it is answered directly by one modality or fused. Pure
 * functions of the plan, the options and what the engine has ready: each returns its decision.
 */
import { planQuery } from '../classify';
import type { Intent, Modality, Preset, QueryPlan, SearchOptions, SkipCode } from '../contract';
import { MODALITIES } from '../contract';
import { parseQuery } from '../query-syntax';
import {
  DEFAULT_PRESET_MODALITIES,
  DIRECT_PATH_MAX_WORDS,
  DIRECT_PATH_MIN_CONFIDENCE,
  QUICK_PRESET_MODALITIES,
  RRF_K,
  WEIGHTS,
} from '../ranking';

/** The weights and k a query is fused with, and the notes saying when an experiment changed them. */
export interface Weighting {
  weights: Record<Modality, number>;
  k: number;
  notes: string[];
}

/** What the engine has ready for a query's modalities. */
export interface Readiness {
  /** Modalities still being built. */
  pending: ReadonlySet<Modality>;
  hasSemanticIndex: boolean;
  /** Whether queries can be embedded at all (an embedder, loaded or not). */
  hasQueryEmbedder: boolean;
  /** Whether the query embedder's model is still starting; asked only of a query that needs it (`query`: the text it embeds). */
  modelLoading(query?: string): boolean;
}

/** The modalities that run, and the code of each that does not. */
export interface ModalityChoice {
  runnable: Modality[];
  skipped: Map<Modality, SkipCode>;
  /** The weights, changed when the quick preset falls back to text. */
  weights: Record<Modality, number>;
  notes: string[];
}

export interface Route {
  strategy: 'direct' | 'fused';
  strategyReason: string;
  toRun: Modality[];
  /** Runnable modalities left out because one answers alone. */
  directSkipped: Modality[];
  /** Whether a direct answer that finds nothing is fused with the rest (not the quick preset's: one modality by choice). */
  fusesWhenEmpty: boolean;
}

/** The classifier's plan for a query as typed: its question without the syntax (as search() plans it, without the corpus). */
export function planTypedQuery(query: string): QueryPlan {
  const understood = parseQuery(query);
  if (understood.error) return planQuery(query);
  if (!understood.text && understood.regex !== undefined) return regexPlan(understood.regex);
  return planQuery(understood.text);
}

/**
 * Whether answering a query as typed may embed it — semantic among the modalities its preset (or
 * the caller) picks, weighted for its intent, and not left out by the direct path. A prediction
 * from the classifier alone, before any index is loaded, so a caller can start loading the model
 * beside the index; search() still decides for itself (a direct route that finds nothing fuses).
 */
export function queryMayEmbed(query: string, preset: Preset = 'default', modalities?: readonly Modality[]): boolean {
  const plan = planTypedQuery(query);
  const chosen = chosenModalities(preset, plan.intent, modalities);
  if (preset === 'quick') return chosen.includes('semantic');
  const weights = WEIGHTS[plan.intent];
  if (!chosen.includes('semantic') || !(weights.semantic > 0)) return false;
  return (
    !routesDirectly(preset, plan, { modalities }) ||
    chosen.reduce((a, b) => (weights[b] > weights[a] ? b : a)) === 'semantic'
  );
}

/** A query that is only a /regex/: an exact match on it, as sure as the user's own syntax. */
export function regexPlan(regex: string): QueryPlan {
  return {
    intent: 'exact_match',
    confidence: 1,
    rule: 'query-syntax',
    raw: `/${regex}/`,
    identifiers: [],
    terms: [],
    regex,
  };
}

/** The intent's weights (quick: semantic alone), and k; an experiment replaces either and says so. */
export function searchWeights(plan: QueryPlan, preset: Preset, options: SearchOptions): Weighting {
  const notes: string[] = [];
  const weights: Record<Modality, number> = { ...WEIGHTS[plan.intent] };
  if (preset === 'quick') for (const m of MODALITIES) weights[m] = m === 'semantic' ? 1 : 0;
  if (options.experiment?.weights) {
    Object.assign(weights, options.experiment.weights);
    notes.push('Experiment: weights changed by the user, not the defaults.');
  }
  const k = options.experiment?.k ?? RRF_K[preset];
  if (options.experiment?.k !== undefined) notes.push(`Experiment: k = ${k} instead of ${RRF_K[preset]}.`);
  return { weights, k, notes };
}

/** Which modalities run: chosen, weighted, built and able to take this query; the quick preset falls back to text. */
export function chooseModalities(
  plan: QueryPlan,
  preset: Preset,
  options: SearchOptions,
  weights: Record<Modality, number>,
  ready: Readiness,
): ModalityChoice {
  const chosen = new Set<Modality>(chosenModalities(preset, plan.intent, options.modalities));
  const skipped = new Map<Modality, SkipCode>();
  for (const m of MODALITIES) {
    const code = skipCode(m, chosen.has(m), plan, options, weights, ready);
    if (code) skipped.set(m, code);
  }
  const runnable = MODALITIES.filter((m) => !skipped.has(m));
  if (preset === 'quick' && runnable.length === 0) {
    skipped.delete('text');
    return {
      runnable: ['text'],
      skipped,
      weights: { ...weights, semantic: 0, text: 1 },
      notes: ['Quick preset without a semantic index: answered by text search instead.'],
    };
  }
  return { runnable, skipped, weights, notes: [] };
}

/** Why a modality does not run for this query, or null when it does. */
function skipCode(
  m: Modality,
  chosen: boolean,
  plan: QueryPlan,
  options: SearchOptions,
  weights: Record<Modality, number>,
  ready: Readiness,
): SkipCode | null {
  if (!chosen) return options.modalities ? 'not-selected' : 'not-in-preset';
  if (!(weights[m] > 0)) return 'zero-weight';
  if (ready.pending.has(m)) return 'still-indexing';
  if (m !== 'semantic') return null;
  const embedsQuery = plan.similarToChunk === undefined;
  if (ready.hasSemanticIndex && embedsQuery && ready.modelLoading(plan.snippet ?? plan.raw)) return 'model-loading';
  const usable = ready.hasSemanticIndex && (!embedsQuery || ready.hasQueryEmbedder);
  if (usable) return null;
  return ready.hasSemanticIndex ? 'no-query-embedder' : 'no-semantic-index';
}

/** Direct (one modality answers) or fused, and the reason shown for it. */
export function chooseStrategy(
  plan: QueryPlan,
  preset: Preset,
  options: SearchOptions,
  weights: Record<Modality, number>,
  runnable: Modality[],
): Route {
  if (preset === 'quick') {
    return {
      strategy: 'direct',
      strategyReason: `quick preset: ${runnable[0] ?? 'semantic'} only, no fusion`,
      toRun: runnable,
      directSkipped: [],
      fusesWhenEmpty: false,
    };
  }
  if (routesDirectly(preset, plan, options) && runnable.length > 0) {
    const dominant = runnable.reduce((a, b) => (weights[b] > weights[a] ? b : a));
    return {
      strategy: 'direct',
      strategyReason: `confidence ${plan.confidence} ≥ ${DIRECT_PATH_MIN_CONFIDENCE} and an ordinary query: answered by ${dominant} alone (weight ${weights[dominant]})`,
      toRun: [dominant],
      directSkipped: runnable.filter((m) => m !== dominant),
      fusesWhenEmpty: true,
    };
  }
  return {
    strategy: 'fused',
    strategyReason: fusedReason(plan, preset, options),
    toRun: runnable,
    directSkipped: [],
    fusesWhenEmpty: false,
  };
}

/** Why a query is fused rather than answered directly, the first of these that holds. */
function fusedReason(plan: QueryPlan, preset: Preset, options: SearchOptions): string {
  if (options.modalities) return 'explicit modality set: fused';
  if (options.experiment) return 'experiment: fused';
  if (preset === 'thorough') return 'thorough preset: always fused';
  if (plan.confidence < DIRECT_PATH_MIN_CONFIDENCE)
    return `confidence ${plan.confidence} < ${DIRECT_PATH_MIN_CONFIDENCE}: fused`;
  if (plan.rule === 'user-choice') return 'chosen intent: fused';
  return 'a long query: fused';
}

/** The modalities a search runs before readiness and weights are considered: the caller's, or its preset's for the intent. */
function chosenModalities(preset: Preset, intent: Intent, modalities?: readonly Modality[]): readonly Modality[] {
  if (modalities) return modalities;
  if (preset === 'quick') return QUICK_PRESET_MODALITIES;
  if (preset === 'thorough') return MODALITIES;
  return DEFAULT_PRESET_MODALITIES[intent];
}

/** The direct path: the default preset, a confident classification and an ordinary query (no explicit modalities, experiment or forced intent). */
function routesDirectly(
  preset: Preset,
  plan: QueryPlan,
  options: { modalities?: readonly Modality[]; experiment?: unknown },
): boolean {
  const ordinary =
    wordCount(plan.raw) <= DIRECT_PATH_MAX_WORDS &&
    !options.modalities &&
    !options.experiment &&
    plan.rule !== 'user-choice';
  return preset === 'default' && plan.confidence >= DIRECT_PATH_MIN_CONFIDENCE && ordinary;
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}
