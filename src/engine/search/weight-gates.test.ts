import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit, ModalityRun, QueryPlan } from '../contract';
import { type LanguageReadings, PHRASE_FACTORS, UNSEEN_LANGUAGE_SEMANTIC_FACTOR, WEIGHTS } from '../ranking';
import type { Retrieval } from './retrieve';
import { gatedWeights, graphFloodGate, phraseGates, unseenLanguageWeightGate } from './weight-gates';

const hits = (scores: readonly number[], from = 0): ModalityHit[] =>
  scores.map((score, i) => ({ chunkId: from + i, score, reason: '' }));

function retrieval(lists: Partial<Record<Modality, ModalityHit[]>>): Retrieval {
  const runs = new Map<Modality, ModalityRun>();
  for (const [m, list] of Object.entries(lists) as [Modality, ModalityHit[]][])
    runs.set(m, { modality: m, weight: WEIGHTS.understand_code[m], ran: true, latencyMs: 0, hits: list.length, list });
  return { lists, runs, strategy: 'fused', strategyReason: '', fusedIn: [], notes: [], droppedFiles: new Set() };
}

const plan = (more: Partial<QueryPlan> = {}) =>
  ({ intent: 'understand_code', identifiers: [], raw: 'how are rows read', ...more }) as QueryPlan;

// Chunks 0–9: the semantic list, in Ruby (chunks 0–7) and Go; chunks 100+: the graph's names.
const languageOf = (chunkId: number) => (chunkId < 8 ? 'ruby' : 'go');
// What the shipped model's table says of Go and Ruby: Go trained on and measured above BM25, Ruby not trained on.
const measure = (semantic: number, bm25: number) => ({
  pairs: 800,
  semantic,
  bm25,
  keywordPairs: 800,
  keywordSemantic: semantic,
  keywordBm25: bm25,
});
const pairs: LanguageReadings = {
  model: 'fourfold-code-search',
  pairs: new Map([
    ['go', 31643],
    ['ruby', 3],
  ]),
  measured: new Map([
    ['go', measure(0.622, 0.378)],
    ['ruby', measure(0.575, 0.397)],
  ]),
};

describe('the weight gates, read in one place', () => {
  it("sets each gated list's weight, its run's weight and its note, in the gates' order", () => {
    let pairsRead = 0;
    const gates = [graphFloodGate, unseenLanguageWeightGate(languageOf, () => (pairsRead++, pairs))];
    // Three names tie at the graph list's best word match: a flood; the semantic list is mostly Ruby.
    const r = retrieval({ graph: hits([0.5, 0.5, 0.5, 0.25], 100), semantic: hits(Array(10).fill(0.8)) });
    const out = gatedWeights(gates, plan(), WEIGHTS.understand_code, r);
    const semantic = WEIGHTS.understand_code.semantic * UNSEEN_LANGUAGE_SEMANTIC_FACTOR;
    expect(out.weights).toEqual({ ...WEIGHTS.understand_code, graph: 0, semantic });
    expect(r.runs.get('graph')!.weight).toBe(0);
    expect(r.runs.get('semantic')!.weight).toBe(semantic);
    expect(out.notes).toEqual([
      "The graph's list: 3 or more names tie at its best word match, so its order is centrality alone; fused with weight 0 (the importance boost still applies).",
      `The semantic list: 8 of its first 10 results are ruby code, which the model has not learned (too few training pairs, or held-out figures under BM25's); fused with weight ${semantic} (${UNSEEN_LANGUAGE_SEMANTIC_FACTOR} of ${WEIGHTS.understand_code.semantic}).`,
    ]);
    expect(pairsRead).toBe(1);
  });

  it('leaves the weights, the runs and the notes as they were when no gate speaks', () => {
    let pairsRead = 0;
    const gates = [graphFloodGate, unseenLanguageWeightGate(languageOf, () => (pairsRead++, pairs))];
    // One best name, and a semantic list that is mostly Go.
    const r = retrieval({ graph: hits([1, 0.5], 100), semantic: hits(Array(10).fill(0.8), 4) });
    const out = gatedWeights(gates, plan(), WEIGHTS.understand_code, r);
    expect(out).toEqual({ weights: WEIGHTS.understand_code, notes: [] });
    expect(r.runs.get('graph')!.weight).toBe(WEIGHTS.understand_code.graph);
    // A question that names a definition is not in plain words: the language gate stays shut.
    const named = gatedWeights(
      gates,
      plan({ identifiers: ['readRows'] }),
      WEIGHTS.understand_code,
      retrieval({ semantic: hits(Array(10).fill(0.8)) }),
    );
    expect(named.notes).toEqual([]);
    // A semantic list fused with weight 0, or none at all: the model's pairs are not even read.
    pairsRead = 0;
    gatedWeights(
      gates,
      plan(),
      { ...WEIGHTS.understand_code, semantic: 0 },
      retrieval({ semantic: hits(Array(10).fill(0.8)) }),
    );
    gatedWeights(gates, plan(), WEIGHTS.understand_code, retrieval({}));
    expect(pairsRead).toBe(0);
  });
});

describe('the text and structural gates on a phrase: short, or about code the model has not learned', () => {
  const gates = () => [unseenLanguageWeightGate(languageOf, () => pairs), ...phraseGates(languageOf, () => pairs)];
  const terms = ['read', 'every', 'row', 'from', 'the', 'table'].filter((t) => t !== 'the');
  const phrase = plan({ rule: 'fallback', raw: 'read every row from the table', terms });
  const short = plan({ rule: 'fallback', raw: 'read table rows', terms: ['read', 'table', 'rows'] });
  const W = WEIGHTS.understand_code;
  const text = W.text * PHRASE_FACTORS.text!;
  const structural = W.structural * PHRASE_FACTORS.structural!;
  const moved = (asked: string) => [
    `The text list: ${asked}, so the text list, which matches the code's own spellings of the words, weighs more; fused with weight ${text} (${PHRASE_FACTORS.text} × ${W.text}).`,
    `The structural list: ${asked}, so the structural list, which matches the definitions' names alone, weighs less; fused with weight ${structural} (${PHRASE_FACTORS.structural} × ${W.structural}).`,
  ];

  it('weigh text more and structural less on a longer phrase when the semantic list is mostly such code, each with its note', () => {
    const r = retrieval({ semantic: hits(Array(10).fill(0.8)), text: hits([3, 2], 50), structural: hits([4], 60) });
    const out = gatedWeights(gates(), phrase, W, r);
    expect(out.weights).toEqual({ ...W, semantic: W.semantic * UNSEEN_LANGUAGE_SEMANTIC_FACTOR, text, structural });
    expect(r.runs.get('text')!.weight).toBe(text);
    expect(r.runs.get('structural')!.weight).toBe(structural);
    expect(out.notes.slice(1)).toEqual(moved('a phrase asked of ruby code, which the model has not learned'));
  });

  it('weigh text more and structural less on a short phrase in any language, even before the model is up', () => {
    const seen = retrieval({ semantic: hits(Array(10).fill(0.8), 4), text: hits([3], 50), structural: hits([4], 60) });
    expect(gatedWeights(gates(), short, W, seen)).toEqual({
      weights: { ...W, text, structural },
      notes: moved('a phrase of 3 words'),
    });
    const noModel = gatedWeights(gates(), short, W, retrieval({ text: hits([3], 50), structural: hits([4], 60) }));
    expect(noModel.weights).toEqual({ ...W, text, structural });
  });

  it("halve thorough's graph list too when it ran (names alone), and say so", () => {
    const r = retrieval({ text: hits([3], 50), structural: hits([4], 60), graph: hits([1, 0.5], 100) });
    const out = gatedWeights([graphFloodGate, ...gates()], short, W, r);
    const graph = W.graph * PHRASE_FACTORS.graph!;
    expect(out.weights).toEqual({ ...W, text, structural, graph });
    expect(r.runs.get('graph')!.weight).toBe(graph);
    expect(out.notes).toContain(
      `The graph list: a phrase of 3 words, so the graph list, which matches the definitions' names alone, weighs less; fused with weight ${graph} (${PHRASE_FACTORS.graph} × ${W.graph}).`,
    );
  });

  it('leave a sentence, and a longer phrase about code the model learned, as they were', () => {
    const lists = () => ({ semantic: hits(Array(10).fill(0.8)), text: hits([3], 50), structural: hits([4], 60) });
    // A doc sentence, short or not, halves the semantic list only.
    for (const sentence of [plan({ rule: 'description', terms }), plan({ rule: 'description', terms: ['rows'] })])
      expect(gatedWeights(gates(), sentence, W, retrieval(lists())).weights).toEqual({
        ...W,
        semantic: W.semantic * UNSEEN_LANGUAGE_SEMANTIC_FACTOR,
      });
    // The semantic list is mostly Go: no gate speaks.
    const seen = retrieval({ semantic: hits(Array(10).fill(0.8), 4), text: hits([3], 50) });
    expect(gatedWeights(gates(), phrase, W, seen)).toEqual({ weights: W, notes: [] });
    // The model not loaded: nothing says what language a longer phrase is about.
    expect(gatedWeights(gates(), phrase, W, retrieval({ text: hits([3], 50) }))).toEqual({ weights: W, notes: [] });
  });
});
