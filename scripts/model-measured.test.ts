import { describe, expect, it } from 'vitest';
import { measuredLanguages } from './model-measured';

describe('measuredLanguages: the figures written into the model’s table', () => {
  it('keeps each language apart, measures TypeScript with JavaScript by their pairs, and rounds to three places', () => {
    const m = (pairs: number, float: number, bm25: number) => ({
      pairs,
      float,
      bm25,
      keywordPairs: pairs - 1,
      keywordFloat: float - 0.1,
      keywordBm25: bm25 - 0.1,
    });
    const out = measuredLanguages({
      languages: { typescript: m(27, 0.3687, 0.4463), javascript: m(673, 0.7333, 0.5091), go: m(2155, 0.6219, 0.3781) },
    });
    expect(Object.keys(out)).toEqual(['go', 'javascript']);
    expect(out.go).toEqual({
      pairs: 2155,
      semantic: 0.622,
      bm25: 0.378,
      keywordPairs: 2154,
      keywordSemantic: 0.522,
      keywordBm25: 0.278,
    });
    // (27 × 0.3687 + 673 × 0.7333) / 700 = 0.7192; the keyword views over 26 + 672 pairs.
    expect(out.javascript.pairs).toBe(700);
    expect(out.javascript.semantic).toBe(0.719);
    expect(out.javascript.bm25).toBe(0.507);
    expect(out.javascript.keywordPairs).toBe(698);
  });
});
