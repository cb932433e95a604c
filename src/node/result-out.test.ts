import { describe, expect, it } from 'vitest';
import type { MemberChoice } from '../engine/contract';
import { memberChoiceOut } from './result-out';

describe('memberChoiceOut', () => {
  it('prints the rule, the name coverage and the factor, not the chunk chosen over nor the relevances', () => {
    // The shape fuse gives a how-does result shown by the function its short wrapper hands on to.
    const member: MemberChoice = {
      rule: 'short-gives-way',
      over: { chunkId: 41, symbol: 'salted_password', startLine: 210, endLine: 212, score: 0.031 },
      relevance: 0.027,
      overRelevance: 0.029,
      nameCoverage: 0.5,
      factor: 1.148,
    };
    expect(memberChoiceOut(member)).toStrictEqual({ rule: 'short-gives-way', nameCoverage: 0.5, factor: 1.148 });
  });
});
