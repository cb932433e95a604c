import { describe, expect, it } from 'vitest';
import { gradeOf, scoreQuery } from './grade';
import { firstPerKey, meanScores, scoreRanking } from './metrics';
import type { EvalQuery } from './queries';

describe('scoreRanking', () => {
  it('scores a perfect single answer as 1 everywhere', () => {
    expect(scoreRanking([2, 0, 0], [2])).toEqual({ hit1: 1, mrr10: 1, recall10: 1, ndcg10: 1 });
  });

  it('gives reciprocal rank and discounted gain for an answer at rank 3', () => {
    const s = scoreRanking([0, 0, 2], [2]);
    expect(s.hit1).toBe(0);
    expect(s.mrr10).toBeCloseTo(1 / 3);
    expect(s.recall10).toBe(1);
    expect(s.ndcg10).toBeCloseTo(1 / Math.log2(4));
  });

  it('ignores answers past rank 10 and caps recall at what fits in 10', () => {
    const eleven = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2];
    expect(scoreRanking(eleven, [2]).mrr10).toBe(0);
    expect(scoreRanking(new Array(10).fill(2), new Array(12).fill(2)).recall10).toBe(1);
    expect(scoreRanking([2, 2, 0], [2, 2, 2, 2]).recall10).toBe(0.5);
  });

  it('rewards grade-2 before grade-1 in nDCG', () => {
    const ideal = [2, 1];
    expect(scoreRanking([2, 1], ideal).ndcg10).toBeCloseTo(1);
    const swapped = scoreRanking([1, 2], ideal).ndcg10;
    expect(swapped).toBeLessThan(1);
    expect(swapped).toBeCloseTo((1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)));
  });

  it('averages and deduplicates', () => {
    expect(meanScores([scoreRanking([2], [2]), scoreRanking([0], [2])]).hit1).toBe(0.5);
    expect(firstPerKey(['a:1', 'a:2', 'b:1'], (s) => s[0])).toEqual(['a:1', 'b:1']);
  });
});

describe('gradeOf', () => {
  const def: EvalQuery = {
    id: 'def:x:00',
    corpus: 'x',
    fingerprint: '0',
    intent: 'find_definition',
    query: 'where is foo defined',
    phrasing: 'where-defined',
    subject: 'foo',
    truth: [{ path: 'src/a.ts', grade: 2, startLine: 10, endLine: 20, nameLines: [11] }],
    baseline: { mode: 'word', terms: ['foo'] },
  };

  it('needs the name line inside the result range at line level, only the file at file level', () => {
    expect(gradeOf(def, { path: 'src/a.ts', startLine: 10, endLine: 12 }, 'line')).toBe(2);
    expect(gradeOf(def, { path: 'src/a.ts', startLine: 12, endLine: 20 }, 'line')).toBe(0);
    expect(gradeOf(def, { path: 'src/a.ts', startLine: 12, endLine: 20 }, 'file')).toBe(2);
    expect(gradeOf(def, { path: 'src/b.ts', startLine: 1, endLine: 99 }, 'file')).toBe(0);
    expect(
      scoreQuery(
        def,
        [
          { path: 'src/b.ts', startLine: 1, endLine: 2 },
          { path: 'src/a.ts', startLine: 11, endLine: 11 },
        ],
        'line',
      ).mrr10,
    ).toBe(0.5);
  });

  it('accepts an overlapping range at line level for understand', () => {
    const und: EvalQuery = {
      ...def,
      intent: 'understand_code',
      truth: [{ path: 'src/a.ts', grade: 2, startLine: 10, endLine: 20 }],
    };
    expect(gradeOf(und, { path: 'src/a.ts', startLine: 18, endLine: 30 }, 'line')).toBe(2);
    expect(gradeOf(und, { path: 'src/a.ts', startLine: 21, endLine: 30 }, 'line')).toBe(0);
  });
});
