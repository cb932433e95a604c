/**
 * The weight gates: once a list is retrieved, what it is worth in the fusion may be less than
 * its intent's prior says — the graph's behaviour list when it says nothing about which
 * definition is meant (graphGate), the semantic list when its first results are code the model
 * has not learned (unseenLanguageGate), and on a phrase that is short or about
 * such code the text and structural lists (phraseGates). Each gate sets one modality's
 * weight from the question and a list — its own, or the semantic list's languages — and answers
 * that weight and the note that says why, or nothing;
 * gatedWeights applies them, so the fused weights, each run's weight and the notes are set in
 * one place, and a new gate is one more entry.
 */
import type { Modality, ModalityHit, QueryPlan } from '../contract';
import {
  GRAPH_FLOOD_TIES,
  GRAPH_PARTIAL_MIN_SHARE,
  graphGate,
  graphWeightFor,
  asksAsPhrase,
  type LanguageReadings,
  phraseGate,
  SEMANTIC_LANGUAGE_SAMPLE,
  PHRASE_FACTORS,
  UNSEEN_LANGUAGE_SEMANTIC_FACTOR,
  unseenLanguageGate,
} from '../ranking';
import type { Retrieval } from './retrieve';

/** What a gate makes of one list: its weight in the fusion and the note that says why. */
export interface GatedWeight {
  weight: number;
  note: string;
}

/**
 * One gate: the modality whose weight it sets, and its answer for that modality's list (undefined:
 * the weight stands); `lists` holds every list retrieved, for a gate that reads another's.
 */
export interface WeightGate {
  modality: Modality;
  check(
    list: readonly ModalityHit[],
    plan: QueryPlan,
    weight: number,
    lists: Partial<Record<Modality, readonly ModalityHit[]>>,
  ): GatedWeight | undefined;
}

/**
 * The weights the lists are fused with once the gates have read them, and the gates' notes in
 * the gates' order; a gated modality's run records its new weight.
 */
export function gatedWeights(
  gates: readonly WeightGate[],
  plan: QueryPlan,
  weights: Record<Modality, number>,
  retrieval: Retrieval,
): { weights: Record<Modality, number>; notes: string[] } {
  let out = weights;
  const notes: string[] = [];
  for (const gate of gates) {
    const m = gate.modality;
    const gated = gate.check(retrieval.lists[m] ?? [], plan, out[m], retrieval.lists);
    if (!gated) continue;
    out = { ...out, [m]: gated.weight };
    const run = retrieval.runs.get(m);
    if (run) run.weight = gated.weight;
    notes.push(gated.note);
  }
  return { weights: out, notes };
}

/**
 * The graph's weight is 0 when its understand list says nothing about which definition is meant
 * (graphGate: a flood of ties, or common words and a partial best name).
 */
export const graphFloodGate: WeightGate = {
  modality: 'graph',
  check(list, plan, weight) {
    const scores = list.map((h) => h.score);
    const graph = graphWeightFor(plan.intent, weight, scores);
    if (graph === weight) return undefined;
    const why =
      graphGate(plan.intent, scores) === 'ties'
        ? `${GRAPH_FLOOD_TIES} or more names tie at its best word match, so its order is centrality alone`
        : `${scores.length} names share a word of the question and the best says ${Math.round(100 * scores[0])}% of its words (under ${Math.round(100 * GRAPH_PARTIAL_MIN_SHARE)}%), a match chance gives among so many`;
    return {
      weight: graph,
      note: `The graph's list: ${why}; fused with weight ${graph} (the importance boost still applies).`,
    };
  },
};

/**
 * The semantic list's weight is halved (unseenLanguageGate) when most of its first results are
 * code in languages the model has not learned (learnedLanguage). `languageOf` gives a result's
 * language; `readings()` what the table shipped with the model says of it (training pairs and
 * held-out figures per language), read only when a list is checked: null for a model with no such
 * table (a hosted one), and the gate stays shut.
 */
export function unseenLanguageWeightGate(
  languageOf: (chunkId: number) => string | null,
  readings: () => LanguageReadings | null,
): WeightGate {
  return {
    modality: 'semantic',
    check(list, plan, weight) {
      if (!(weight > 0) || list.length === 0) return undefined;
      const languages = list.slice(0, SEMANTIC_LANGUAGE_SAMPLE).map((h) => languageOf(h.chunkId));
      const gate = unseenLanguageGate(plan, languages, readings());
      if (!gate) return undefined;
      const semantic = weight * UNSEEN_LANGUAGE_SEMANTIC_FACTOR;
      return {
        weight: semantic,
        note: `The semantic list: ${gate.unseen} of its first ${gate.known} results are ${gate.languages.join(', ')} code, which the model has not learned (too few training pairs, or held-out figures under BM25's); fused with weight ${semantic} (${UNSEEN_LANGUAGE_SEMANTIC_FACTOR} of ${weight}).`,
      };
    },
  };
}

/**
 * On a phrase typed into a search box (asksAsPhrase) that is short, or whose semantic list the
 * language gate reads as code the model has not learned (phraseGate), the text list
 * weighs more and the structural list less (PHRASE_FACTORS): the text list knows the code's own
 * spellings and the learned expansion, the structural list only the definitions' names. The
 * language is read from the semantic list as unseenLanguageWeightGate reads it.
 */
export function phraseGates(
  languageOf: (chunkId: number) => string | null,
  readings: () => LanguageReadings | null,
): WeightGate[] {
  return (Object.entries(PHRASE_FACTORS) as [Modality, number][]).map(([modality, factor]) => ({
    modality,
    check(list, plan, weight, lists) {
      // A list that did not run (the graph's in the default preset) keeps its weight, and no note.
      if (!(weight > 0) || list.length === 0 || !asksAsPhrase(plan)) return undefined;
      const semantic = (lists.semantic ?? []).slice(0, SEMANTIC_LANGUAGE_SAMPLE);
      const unseen =
        semantic.length > 0
          ? unseenLanguageGate(
              plan,
              semantic.map((h) => languageOf(h.chunkId)),
              readings(),
            )
          : null;
      const why = phraseGate(plan, unseen !== null);
      if (!why) return undefined;
      const gated = Math.round(weight * factor * 1000) / 1000;
      const asked =
        why === 'short'
          ? `a phrase of ${plan.terms.length} word${plan.terms.length === 1 ? '' : 's'}`
          : `a phrase asked of ${unseen!.languages.join(', ')} code, which the model has not learned`;
      const which =
        modality === 'text'
          ? "the text list, which matches the code's own spellings of the words, weighs more"
          : `the ${modality} list, which matches the definitions' names alone, weighs less`;
      return {
        weight: gated,
        note: `The ${modality} list: ${asked}, so ${which}; fused with weight ${gated} (${factor} × ${weight}).`,
      };
    },
  }));
}
