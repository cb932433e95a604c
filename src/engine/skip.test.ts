import { describe, expect, it } from 'vitest';
import type { SkipCode } from './contract';
import { isNotReady, skipMessage } from './skip';

describe('skip codes', () => {
  it('words each code, with the preset, intent or failure it names', () => {
    const context = { preset: 'quick', intent: 'exact_match' } as const;
    expect(skipMessage('not-in-preset', context)).toBe('not in the quick preset');
    expect(skipMessage('zero-weight', context)).toBe('weight 0 for exact_match');
    expect(skipMessage('failed', { ...context, detail: 'index not built' })).toBe('failed: index not built');
    expect(skipMessage('model-loading', context)).toBe('not ready yet (the embedding model is still loading)');
  });

  it('calls only the two waiting codes "not ready"', () => {
    const all: SkipCode[] = [
      'not-selected',
      'not-in-preset',
      'zero-weight',
      'still-indexing',
      'model-loading',
      'no-query-embedder',
      'no-semantic-index',
      'direct-path',
      'query-invalid',
      'failed',
      'not-run',
    ];
    expect(all.filter((c) => isNotReady(c))).toEqual(['still-indexing', 'model-loading']);
  });
});
