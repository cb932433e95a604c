import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';
import { hashText } from '../intake/hash';
import { buildCorpus, corpusFromAnalyses } from './corpus';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: ['python', 'go'] });
});

describe('buildCorpus', () => {
  it('numbers chunks densely in file order and maps every line to its innermost chunk', () => {
    const py = 'import os\n\nclass A:\n    def m(self):\n        return 1\n\n    x = 2\n\ndef f():\n    pass\n';
    const corpus = buildCorpus(
      [
        { path: 'a.py', text: py },
        { path: 'notes.txt', text: 'hello\n' },
        { path: 'b.go', text: 'package b\n\nfunc G() {\n}\n' },
      ],
      analyzer,
    );
    expect(corpus.chunks.map((c) => c.id)).toEqual(corpus.chunks.map((_, i) => i));
    expect(corpus.chunks.map((c) => `${c.path}:${c.startLine}-${c.endLine}:${c.symbol ?? 'window'}`)).toEqual([
      'a.py:1-2:window',
      'a.py:3-7:A',
      'a.py:4-5:m',
      'a.py:8-8:window',
      'a.py:9-10:f',
      'notes.txt:1-1:window',
      'b.go:1-2:window',
      'b.go:3-4:G',
    ]);
    const a = corpus.fileByPath.get('a.py')!;
    expect(a).toMatchObject({ id: 0, language: 'python', size: py.length, chunkIds: [0, 1, 2, 3, 4] });
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((line) => corpus.chunkAt(a.id, line))).toEqual([
      0, 0, 1, 2, 2, 1, 1, 3, 4, 4,
    ]);
    expect(corpus.chunks[1]).toMatchObject({ kind: 'definition', definitionKind: 'class', fileId: 0 });
    expect(corpus.chunks[2]).toMatchObject({ definitionKind: 'method', container: 'A' });
    expect(corpus.chunkAt(1, 1)).toBe(5);
    expect(corpus.chunkAt(2, 4)).toBe(7);
    expect(corpus.files[1]).toMatchObject({ language: null, chunkIds: [5] });
    expect(() => corpus.chunkAt(9, 1)).toThrow(RangeError);
  });

  it('keeps a given hash and computes one otherwise', () => {
    const analysis = analyzer.analyze('x.py', 'x = 1\n');
    const corpus = corpusFromAnalyses([
      { path: 'x.py', text: 'x = 1\n', analysis, hash: 'given' },
      { path: 'y.py', text: 'x = 1\n', analysis: { ...analysis, path: 'y.py' } },
    ]);
    expect(corpus.files.map((f) => f.hash)).toEqual(['given', hashText('x = 1\n')]);
  });
});
