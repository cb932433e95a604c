import { describe, expect, it } from 'vitest';
import type { Modality, SkipCode } from '../contract';
import { notReadyModalities, notReadyNote, settledSkips } from './notes';

describe('search notes', () => {
  it('settles skip codes: direct-path for those left out, none for those a fallback fused in', () => {
    const chosen = new Map<Modality, SkipCode>([['semantic', 'zero-weight']]);
    const settled = settledSkips(chosen, ['text', 'graph'], ['graph']);
    expect([...settled]).toEqual([
      ['semantic', 'zero-weight'],
      ['text', 'direct-path'],
    ]);
    expect(chosen.size).toBe(1);
  });

  it('names what is not ready from the codes, and says the model is loading only when that is all', () => {
    const loading = new Map<Modality, SkipCode>([['semantic', 'model-loading']]);
    expect(notReadyModalities(loading, new Set(), 'fused', 3)).toEqual(['semantic']);
    expect(notReadyNote(['semantic'], loading, 'fused')).toMatch(
      /^The embedding model is still loading: semantic not ready yet/,
    );
    const indexing = new Map<Modality, SkipCode>([
      ['semantic', 'model-loading'],
      ['structural', 'still-indexing'],
    ]);
    const pending = new Set<Modality>(['structural', 'graph']);
    const notReady = notReadyModalities(indexing, pending, 'fused', 3);
    expect(notReady).toEqual(['semantic', 'structural', 'graph']);
    expect(notReadyNote(notReady, indexing, 'fused')).toMatch(
      /^Still indexing: .*without the graph's importance boost/,
    );
    expect(notReadyModalities(indexing, pending, 'fused', 0)).toEqual(['semantic', 'structural']);
  });
});
