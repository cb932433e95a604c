import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ResultExplanation } from '../engine/contract';
import { orderReasons } from '../engine/order-reasons';
import { FactorValues, factorsAfterBoost, FinalScore, ResultExplain } from './explain';

/** A result that fusion moved above a neighbour of higher score, as withFirstPlacesBreakingTies records it. */
const moved: ResultExplanation = {
  modalities: {
    text: { rank: 0, weight: 0.2, k: 40, contribution: 0.00488, rawScore: 325.45, reason: 'terms run, plugin' },
    structural: {
      rank: 0,
      weight: 0.2,
      k: 40,
      contribution: 0.00488,
      rawScore: 4,
      reason: 'defines method run_v7_plugin',
    },
  },
  rrf: 0.00976,
  centrality: 0.75,
  boost: 1.168,
  demotion: null,
  score: 0.0114,
  aboveByFirstPlace: { chunkId: 7, path: 'ohai/dsl/plugin.rb', startLine: 109 },
};

describe('the ordering rules in words', () => {
  it('says which result each rule passed, one sentence per rule, the path written for its reader', () => {
    const reasons = orderReasons(
      { ...moved, aboveItsCopy: { chunkId: 9, path: 'ports/pic16/rand.c', startLine: 3 } },
      (path) => `<${path}>`,
    );
    expect(reasons).toEqual([
      {
        field: 'above-by-first-place',
        text: 'shown above <ohai/dsl/plugin.rb>:109, a near tie: a list puts this first and another near its top',
      },
      { field: 'above-its-copy', text: 'shown above its copy <ports/pic16/rand.c>:3, which lies in a deeper folder' },
    ]);
    expect(
      orderReasons({ inPlaceOf: { chunkId: 2, path: 'include/stdlib.h', startLine: 40, symbol: 'rand' } }),
    ).toEqual([
      {
        field: 'in-place-of',
        text: 'shown in place of include/stdlib.h:40 rand, which only stands in for it (a prototype, or a forwarder whose one call is this)',
      },
    ]);
    expect(orderReasons({})).toEqual([]);
  });

  it("the result's Explain panel says why it stands above a result of higher score", () => {
    const html = renderToStaticMarkup(createElement(ResultExplain, { explanation: moved, rankInResults: 0 }));
    expect(html).toContain('data-field="above-by-first-place"');
    expect(html).toContain('shown above ohai/dsl/plugin.rb:109, a near tie');
    const plain = renderToStaticMarkup(
      createElement(ResultExplain, { explanation: { ...moved, aboveByFirstPlace: undefined }, rankInResults: 0 }),
    );
    expect(plain).not.toContain('shown above');
  });
});

describe('a list that restates another', () => {
  it("the rank's title says the graph's list counts only above the structural list's rank", () => {
    const restated: ResultExplanation = {
      ...moved,
      aboveByFirstPlace: undefined,
      modalities: {
        ...moved.modalities,
        graph: {
          rank: 2,
          weight: 0.1,
          k: 40,
          contribution: 0.0001,
          rawScore: 3,
          reason: 'names share the question’s words',
          above: { modality: 'structural', rank: 5 },
        },
      },
    };
    const html = renderToStaticMarkup(createElement(ResultExplain, { explanation: restated, rankInResults: 0 }));
    expect(html).toContain('counted only above the structural list&#x27;s #6');
  });
});

describe('a body shown in place of its stand-in', () => {
  it("says the score it took is the stand-in's, beside the product of its own factors", () => {
    const body: ResultExplanation = {
      ...moved,
      aboveByFirstPlace: undefined,
      score: 0.0107,
      inPlaceOf: { chunkId: 3, path: 'include/stdlib.h', startLine: 72, symbol: 'rand', ownScore: 0.0114 * 0.2 },
    };
    const html = renderToStaticMarkup(createElement(ResultExplain, { explanation: body, rankInResults: 0 }));
    expect(html).toContain('raised to 0.0107: the score of the stand-in whose place it took');
    expect(orderReasons(body)[0].text).toMatch(/, and with its score \(this one's own 0\.00228\)$/);
  });
});

describe('where a formula ends', () => {
  it("marks the score it took for the ranking page, and says it is the stand-in's", () => {
    const raised = renderToStaticMarkup(
      createElement(FinalScore, {
        explanation: { score: 0.0107, inPlaceOf: { chunkId: 3, path: 'a.h', startLine: 1, ownScore: 0.0032 } },
        field: true,
      }),
    );
    expect(raised).toBe(
      '0.0032, raised to <b data-field="score">0.0107</b>: the score of the stand-in whose place it took',
    );
    expect(renderToStaticMarkup(createElement(FinalScore, { explanation: { score: 0.0107 } }))).toBe('0.0107');
  });
});

describe("the formula's factors", () => {
  const similar: ResultExplanation = {
    ...moved,
    aboveByFirstPlace: undefined,
    sibling: { of: 'readPng', similarity: 0.8, factor: 1.4 },
    form: { of: 'readPng', arity: [2, 3], factor: 0.9 },
    member: {
      rule: 'name-says-question',
      over: { chunkId: 4, symbol: 'helper', startLine: 10, endLine: 20, score: 0.02 },
      relevance: 0.01,
      overRelevance: 0.011,
      nameCoverage: 0.5,
      factor: 1.1,
    },
    score: 0.00976 * 1.168 * 1.4 * 0.9 * 1.1,
  };

  it('lists every factor that applies, in one list the panel and the ranking page both print', () => {
    const factors = factorsAfterBoost(similar);
    expect(factors.map((f) => f.name)).toEqual(['sibling', 'form', 'member']);
    const product = factors.reduce((p, f) => p * Number(f.value), similar.rrf * similar.boost);
    expect(product).toBeCloseTo(similar.score, 6);
    const values = renderToStaticMarkup(createElement(FactorValues, { explanation: similar }));
    expect(values).toBe(
      '<span data-factor="sibling"> × 1.400</span><span data-factor="form"> × 0.900</span><span data-factor="member"> × 1.100</span>',
    );
    const panel = renderToStaticMarkup(createElement(ResultExplain, { explanation: similar, rankInResults: 0 }));
    expect(panel).toContain('score = Σ contributions × boost × sibling × form × member');
    expect(factorsAfterBoost(moved)).toEqual([]);
  });
});
