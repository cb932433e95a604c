import { describe, expect, it } from 'vitest';
import { countLines, windowCorpus } from './window-corpus';

describe('windowCorpus', () => {
  const text = Array.from({ length: 95 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
  const corpus = windowCorpus(
    [
      { path: 'a.ts', text },
      { path: 'empty.txt', text: '' },
    ],
    [{ path: 'a.ts', symbol: 'inner', kind: 'function', startLine: 50, endLine: 60 }],
  );

  it('counts lines like grep', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\n\nb')).toBe(3);
  });

  it('cuts 40-line windows and gives empty files one chunk', () => {
    const a = corpus.fileByPath.get('a.ts')!;
    expect(a.chunkIds.map((id) => [corpus.chunks[id].startLine, corpus.chunks[id].endLine])).toEqual([
      [1, 40],
      [41, 80],
      [50, 60],
      [81, 95],
    ]);
    expect(corpus.fileByPath.get('empty.txt')!.chunkIds.map((id) => corpus.chunks[id])).toEqual([
      expect.objectContaining({ startLine: 1, endLine: 1, kind: 'window' }),
    ]);
  });

  it('maps a line to the innermost chunk', () => {
    const at = (line: number) => corpus.chunks[corpus.chunkAt(0, line)];
    expect(at(1)).toMatchObject({ startLine: 1, kind: 'window' });
    expect(at(40)).toMatchObject({ startLine: 1 });
    expect(at(41)).toMatchObject({ startLine: 41, kind: 'window' });
    expect(at(55)).toMatchObject({ symbol: 'inner', kind: 'definition' });
    expect(at(95)).toMatchObject({ startLine: 81 });
    expect(corpus.chunks[corpus.chunkAt(1, 1)].path).toBe('empty.txt');
  });
});
