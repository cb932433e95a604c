import { describe, expect, it } from 'vitest';
import type { ResultExplanation, SearchResponse } from '../../src/engine/contract';
import { dumpQuestion, questionWords } from './dump';
import type { Question } from './score';

const explanation = (score: number, extra: Partial<ResultExplanation> = {}): ResultExplanation => ({
  modalities: {
    semantic: { rank: 0, weight: 0.5, k: 60, contribution: 0.5 / 61, rawScore: 0.8, reason: 'close in meaning' },
  },
  rrf: 0.5 / 61,
  centrality: 0.2,
  boost: 1.05,
  demotion: null,
  score,
  ...extra,
});

const question: Question = {
  id: 'demo:understand:1',
  project: 'demo',
  kind: 'understand',
  query: 'how does the retry loop back off',
  expected: [{ path: 'net/retry.py', start: 40, end: 60, line: 40, sha1: 'x' }],
  half: 'tuning',
};

const files: Record<string, string> = {
  'net/retry.py': Array.from({ length: 80 }, (_, i) => (i === 44 ? '        sleep(back_off * 2)' : '')).join('\n'),
  'net/client.py': 'def send():\n    pass\n',
};

const response = {
  query: { intent: 'understand_code' },
  results: [
    {
      chunkId: 1,
      path: 'net/retry.py',
      startLine: 1,
      endLine: 30,
      symbol: 'Retry.__init__',
      definitionKind: 'method',
      score: 0.02,
      foldedChunks: 1,
      explanation: explanation(0.02, {
        member: {
          rule: 'constructor-gives-way',
          over: { chunkId: 3, startLine: 1, endLine: 80, score: 0.02 },
          relevance: 0.01,
          overRelevance: 0.02,
          nameCoverage: 0.5,
          factor: 2,
        },
      }),
      subResults: [
        {
          chunkId: 2,
          startLine: 40,
          endLine: 60,
          symbol: 'Retry.back_off',
          definitionKind: 'method',
          score: 0.015,
          explanation: explanation(0.015, { fileWords: { share: 0.6, factor: 1.12 } }),
        },
      ],
    },
    {
      chunkId: 4,
      path: 'net/client.py',
      startLine: 1,
      endLine: 2,
      symbol: 'send',
      definitionKind: 'function',
      score: 0.01,
      foldedChunks: 0,
      explanation: explanation(0.01, { demotion: { factor: 0.5, rule: 'test' } }),
    },
  ],
} as unknown as SearchResponse;

describe('candidate dump', () => {
  it('reads the question as its words, stop words and question words dropped', () => {
    expect(questionWords(question.query)).toEqual(['retry', 'loop', 'back', 'off']);
  });

  it('writes each result and sub-result with its file place, factors and line label', () => {
    const scored = response.results.map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine }));
    const d = dumpQuestion(question, 'python', response, scored, (p) => files[p]);
    expect(d.sameTop10).toBe(true);
    expect(d.candidates.map((c) => [c.path, c.fileRank, c.sub, c.label, c.fileLabel])).toEqual([
      ['net/retry.py', 0, -1, false, true],
      ['net/retry.py', 0, 0, true, true],
      ['net/client.py', 1, -1, false, false],
    ]);
    const [shown, member, other] = d.candidates;
    expect(shown.factors.memberChosen).toBe(1);
    expect(shown.factors.memberFactor).toBe(2);
    expect(shown.rules).toEqual(['member:constructor-gives-way']);
    expect(shown.nesting).toBe(1);
    expect(shown.folderDepth).toBe(1);
    expect(member.factors.fileWordsShare).toBe(0.6);
    expect(member.fileScore).toBe(0.02);
    expect(member.modalities.semantic?.rank).toBe(0);
    expect(member.modalities.text).toBeUndefined();
    // "retry" and "back" in its path and name, "back" and "off" in its body (back_off).
    expect(member.words).toEqual({ name: 0.75, path: 0.25, body: 0.5 });
    expect(other.factors.demotion).toBe(0.5);
  });

  it('says when the pool does not open with the ten the eval scored', () => {
    const d = dumpQuestion(
      question,
      'python',
      response,
      [{ path: 'net/client.py', startLine: 1, endLine: 2 }],
      () => '',
    );
    expect(d.sameTop10).toBe(false);
  });
});
