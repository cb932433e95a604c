import { describe, expect, it } from 'vitest';
import type { QueryPlan, SourceFile } from '../contract';
import { TextIndex } from './index';
import { windowCorpus, type DefinitionChunkSpec } from './window-corpus';

// Two methods of one name in one file, each in its own module: their bodies say nothing of the
// module, and Integer's says "string" more; the sentence names the Float module.
const SOURCES: SourceFile[] = [
  {
    path: 'lib/pson/generator.rb',
    text: [
      'module Integer',
      '  def to_pson(*)',
      '    to_s.to_string_value',
      '  end',
      'end',
      'module Float',
      '  def to_pson(state = nil, *)',
      '    allow_nan? ? to_s : raise(GeneratorError)',
      '  end',
      'end',
      '',
    ].join('\n'),
  },
];
const DEFINITIONS: DefinitionChunkSpec[] = [
  { path: 'lib/pson/generator.rb', symbol: 'to_pson', kind: 'method', startLine: 2, endLine: 4, container: 'Integer' },
  { path: 'lib/pson/generator.rb', symbol: 'to_pson', kind: 'method', startLine: 7, endLine: 9, container: 'Float' },
];
const ASK: QueryPlan = {
  intent: 'understand_code',
  confidence: 0.4,
  rule: 'description',
  raw: 'Returns a PSON string representation for this Float number.',
  identifiers: [],
  terms: ['pson', 'string', 'representation', 'float', 'number'],
};

function firstMethod(definitions: DefinitionChunkSpec[], plan: Partial<QueryPlan> = {}) {
  const corpus = windowCorpus(SOURCES, definitions);
  const hits = TextIndex.build(corpus)
    .search({ ...ASK, ...plan }, 10)
    .filter((h) => corpus.chunks[h.chunkId].kind === 'definition');
  return { chunk: corpus.chunks[hits[0].chunkId], reason: hits[0].reason };
}

describe("a method's BM25 document holds its container's name (the holder field)", () => {
  it('a sentence naming the class finds its method, whose body never says it', () => {
    const { chunk, reason } = firstMethod(DEFINITIONS);
    expect(chunk).toMatchObject({ startLine: 7, container: 'Float' });
    expect(reason).toMatch(/terms .*float/);
  });

  it('without containers the method whose body matches more comes first (what the name adds)', () => {
    const { chunk, reason } = firstMethod(DEFINITIONS.map(({ container: _, ...d }) => d));
    expect(chunk).toMatchObject({ startLine: 2 });
    expect(reason).not.toMatch(/float/);
  });

  it('only a sentence describing code searches it: a few typed words do not', () => {
    const { chunk, reason } = firstMethod(DEFINITIONS, {
      rule: 'fallback',
      raw: 'pson string float',
      terms: ['pson', 'string', 'float'],
    });
    expect(chunk).toMatchObject({ startLine: 2 });
    expect(reason).not.toMatch(/float/);
  });

  it('only functions and methods get it: a class chunk keeps its path alone', () => {
    const corpus = windowCorpus(SOURCES, [
      {
        path: 'lib/pson/generator.rb',
        symbol: 'Float',
        kind: 'class',
        startLine: 6,
        endLine: 10,
        container: 'Integer',
      },
    ]);
    const hits = TextIndex.build(corpus).search({ ...ASK, raw: 'integer', terms: ['integer'] }, 10);
    const ids = hits.map((h) => h.chunkId).filter((id) => corpus.chunks[id].kind === 'definition');
    expect(ids).toEqual([]);
  });
});
