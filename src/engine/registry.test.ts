import { describe, expect, it } from 'vitest';
import { MODALITIES } from './contract';
import { loadIndexes, mapModalities, serializeIndexes, STORED_MODALITIES } from './registry';
import { corpusFromAnalyses, unparsedAnalysis } from './structural/corpus';
import { TextIndex } from './text/index';
import { StructuralIndex } from './structural/index';
import { GraphIndex } from './graph/index';

function corpus() {
  const files = [
    { path: 'a.ts', text: 'export function alpha() {\n  return beta();\n}\n' },
    { path: 'b.ts', text: 'export function beta() {\n  return 1;\n}\n' },
  ];
  return corpusFromAnalyses(
    files.map((f) => ({ ...f, hash: f.path, size: f.text.length, analysis: unparsedAnalysis(f.path, f.text) })),
  );
}

describe('modality registry', () => {
  it('spells out every modality once, in the stored order', () => {
    const keys = mapModalities<Record<(typeof MODALITIES)[number], string>>((m) => m);
    expect(Object.keys(keys)).toEqual(STORED_MODALITIES);
    expect([...STORED_MODALITIES].sort()).toEqual([...MODALITIES].sort());
  });

  it('stores and loads back every index; semantic stays null without an embedder', () => {
    const c = corpus();
    const indexes = {
      text: TextIndex.build(c),
      structural: StructuralIndex.build(c),
      graph: GraphIndex.build(c),
      semantic: null,
    };
    const stored = serializeIndexes(indexes);
    expect(stored.semantic).toBeNull();
    const loaded = loadIndexes(c, structuredClone(stored), null);
    expect(loaded.semantic).toBeNull();
    expect(serializeIndexes(loaded)).toStrictEqual(stored);
  });

  it('refuses to store an index still being built', () => {
    const c = corpus();
    expect(() => serializeIndexes({ text: TextIndex.build(c), structural: null, graph: null, semantic: null })).toThrow(
      /still being built/,
    );
  });
});
