/**
 * A small Corpus for the semantic modality's tests: every file cut into 40-line windows,
 * `chunkAt` by binary search over window starts. The real Corpus (tree-sitter chunks) is built
 * by the structural modality; the semantic index relies only on the Corpus interface.
 */
import type { Chunk, SourceFile } from '../contract';
import type { Corpus, CorpusFile } from '../modality';

export const TEST_WINDOW_LINES = 40;

export function windowedCorpus(sources: SourceFile[], windowLines = TEST_WINDOW_LINES): Corpus {
  const files: CorpusFile[] = [];
  const chunks: Chunk[] = [];
  const starts: number[][] = [];
  sources.forEach((source, fileId) => {
    const lines = source.text.split('\n');
    const lineCount = source.text.endsWith('\n') ? lines.length - 1 : lines.length;
    const file: CorpusFile = {
      id: fileId,
      path: source.path,
      hash: String(source.text.length),
      size: source.text.length,
      language: null,
      text: source.text,
      analysis: { path: source.path, language: null, parsed: false, lineCount, definitions: [], references: [], imports: [] },
      chunkIds: [],
    };
    const fileStarts: number[] = [];
    for (let start = 1; start <= Math.max(1, lineCount); start += windowLines) {
      const chunk: Chunk = { id: chunks.length, fileId, path: source.path, startLine: start, endLine: Math.min(Math.max(1, lineCount), start + windowLines - 1), kind: 'window' };
      chunks.push(chunk);
      file.chunkIds.push(chunk.id);
      fileStarts.push(start);
    }
    files.push(file);
    starts.push(fileStarts);
  });
  return {
    files,
    chunks,
    fileByPath: new Map(files.map((f) => [f.path, f])),
    chunkAt(fileId, line) {
      const s = starts[fileId];
      let lo = 0;
      let hi = s.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (s[mid] <= line) lo = mid;
        else hi = mid - 1;
      }
      return files[fileId].chunkIds[lo];
    },
  };
}
