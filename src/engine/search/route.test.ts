import { describe, expect, it } from 'vitest';
import { planQuery } from '../classify';
import type { Modality } from '../contract';
import { DIRECT_PATH_MIN_CONFIDENCE, WEIGHTS } from '../ranking';
import { chooseModalities, chooseStrategy, planTypedQuery, searchWeights, type Readiness } from './route';

const ready: Readiness = {
  pending: new Set(),
  hasSemanticIndex: true,
  hasQueryEmbedder: true,
  modelLoading: () => false,
};

describe('routing steps', () => {
  it('plans a bare /regex/ as an exact match on it, and a question through the classifier', () => {
    expect(planTypedQuery('/fo+/')).toMatchObject({ intent: 'exact_match', rule: 'query-syntax', regex: 'fo+' });
    expect(planTypedQuery('who calls render').intent).toBe('find_references');
  });

  it('weights an experiment as asked and says so; the quick preset weights semantic alone', () => {
    const plan = planQuery('how does rendering work');
    const experiment = searchWeights(plan, 'default', { experiment: { weights: { text: 3 }, k: 7 } });
    expect(experiment.weights.text).toBe(3);
    expect(experiment.k).toBe(7);
    expect(experiment.notes).toHaveLength(2);
    const quick = searchWeights(plan, 'quick', {});
    expect(quick.weights).toEqual({ ...WEIGHTS[plan.intent], semantic: 1, text: 0, structural: 0, graph: 0 });
    expect(quick.notes).toEqual([]);
  });

  it('gives each modality that does not run its code, and asks whether the model loads only for a query it must embed', () => {
    const plan = planQuery('how does rendering work');
    const weights = searchWeights(plan, 'thorough', {}).weights;
    let asked = 0;
    const loading: Readiness = { ...ready, pending: new Set<Modality>(['graph']), modelLoading: () => (asked++, true) };
    const choice = chooseModalities(plan, 'thorough', {}, weights, loading);
    expect(choice.skipped.get('graph')).toBe('still-indexing');
    expect(choice.skipped.get('semantic')).toBe('model-loading');
    expect(asked).toBe(1);
    const similar = chooseModalities({ ...plan, similarToChunk: 0 }, 'thorough', {}, weights, {
      ...loading,
      hasQueryEmbedder: false,
    });
    expect(similar.skipped.has('semantic')).toBe(false);
    expect(asked).toBe(1);
    const none = chooseModalities(plan, 'thorough', {}, weights, { ...ready, hasSemanticIndex: false });
    expect(none.skipped.get('semantic')).toBe('no-semantic-index');
    const explicit = chooseModalities(plan, 'default', { modalities: ['text'] }, weights, ready);
    expect(explicit.skipped.get('graph')).toBe('not-selected');
  });

  it('asks whether the model loads for the very text the query embeds: a host may know its vector already', () => {
    const plan = planQuery('how does rendering work');
    const weights = searchWeights(plan, 'thorough', {}).weights;
    const known = new Set(['how does rendering work']);
    const loading: Readiness = { ...ready, modelLoading: (query) => query === undefined || !known.has(query) };
    expect(chooseModalities(plan, 'thorough', {}, weights, loading).skipped.has('semantic')).toBe(false);
    const other = planQuery('how does hydration work');
    expect(chooseModalities(other, 'thorough', {}, weights, loading).skipped.get('semantic')).toBe('model-loading');
  });

  it('falls back to text when the quick preset has no semantic index, with new weights and a note', () => {
    const plan = planQuery('how does rendering work');
    const weights = searchWeights(plan, 'quick', {}).weights;
    const choice = chooseModalities(plan, 'quick', {}, weights, { ...ready, hasSemanticIndex: false });
    expect(choice.runnable).toEqual(['text']);
    expect(choice.weights.text).toBe(1);
    expect(choice.weights.semantic).toBe(0);
    expect(weights.semantic).toBe(1);
    expect(choice.notes).toHaveLength(1);
  });

  it('answers a confident ordinary query by its dominant modality and says why others are fused', () => {
    const plan = { ...planQuery('render'), confidence: 1 };
    const weights = WEIGHTS[plan.intent];
    const runnable: Modality[] = ['text', 'structural', 'graph'];
    const direct = chooseStrategy(plan, 'default', {}, weights, runnable);
    expect(direct.strategy).toBe('direct');
    expect(direct.toRun).toHaveLength(1);
    expect(direct.directSkipped).toEqual(runnable.filter((m) => m !== direct.toRun[0]));
    expect(direct.fusesWhenEmpty).toBe(true);
    expect(chooseStrategy(plan, 'default', { modalities: runnable }, weights, runnable).strategyReason).toBe(
      'explicit modality set: fused',
    );
    expect(chooseStrategy(plan, 'default', { experiment: {} }, weights, runnable).strategyReason).toBe(
      'experiment: fused',
    );
    expect(chooseStrategy(plan, 'thorough', {}, weights, runnable).strategyReason).toBe(
      'thorough preset: always fused',
    );
    const unsure = { ...plan, confidence: DIRECT_PATH_MIN_CONFIDENCE / 2 };
    expect(chooseStrategy(unsure, 'default', {}, weights, runnable).strategyReason).toBe(
      `confidence ${unsure.confidence} < ${DIRECT_PATH_MIN_CONFIDENCE}: fused`,
    );
    expect(chooseStrategy({ ...plan, rule: 'user-choice' }, 'default', {}, weights, runnable).strategyReason).toBe(
      'chosen intent: fused',
    );
    expect(
      chooseStrategy(
        { ...plan, raw: 'a b c d e f g h i j k l m n o p q r s t u v w x y z' },
        'default',
        {},
        weights,
        runnable,
      ).strategyReason,
    ).toBe('a long query: fused');
    expect(chooseStrategy(plan, 'quick', {}, weights, ['semantic'])).toMatchObject({
      strategy: 'direct',
      toRun: ['semantic'],
      fusesWhenEmpty: false,
    });
  });
});
