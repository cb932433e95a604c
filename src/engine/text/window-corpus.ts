/**
 * A minimal Corpus for exercising the text modality on its own: every file cut into fixed
 * line windows, plus optional definition chunks. The real Corpus (tree-sitter chunks) is
 * built elsewhere; the text index relies only on the Corpus interface.
 */
import type { Chunk, DefinitionKind, SourceFile } from '../contract';
import type { Corpus, CorpusFile } from '../modality';
import { WINDOW_LINES } from '../structural/chunks';
import { holdsLine } from '../line-range';

export interface DefinitionChunkSpec {
  path: string;
  symbol: string;
  kind: DefinitionKind;
  startLine: number;
  endLine: number;
}

/** Lines as grep counts them: a final newline does not start an extra empty line. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}

function fnv1aHex(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

export function windowCorpus(
  sources: SourceFile[],
  definitions: DefinitionChunkSpec[] = [],
  windowLines = WINDOW_LINES,
): Corpus {
  const files: CorpusFile[] = [];
  const chunks: Chunk[] = [];
  const fileByPath = new Map<string, CorpusFile>();
  /** Per file: start lines of its window chunks (ascending) and their ids. */
  const windowStarts: number[][] = [];
  const windowIds: number[][] = [];
  const definitionIds: number[][] = [];
  sources.forEach((source, fileId) => {
    const lineCount = countLines(source.text);
    const file: CorpusFile = {
      id: fileId,
      path: source.path,
      hash: fnv1aHex(source.text),
      size: source.text.length,
      language: null,
      text: source.text,
      analysis: {
        path: source.path,
        language: null,
        parsed: false,
        lineCount,
        definitions: [],
        references: [],
        imports: [],
      },
      chunkIds: [],
    };
    const starts: number[] = [];
    const ids: number[] = [];
    const lastLine = Math.max(1, lineCount);
    for (let start = 1; start <= lastLine; start += windowLines) {
      const chunk: Chunk = {
        id: chunks.length,
        fileId,
        path: source.path,
        startLine: start,
        endLine: Math.min(lastLine, start + windowLines - 1),
        kind: 'window',
      };
      chunks.push(chunk);
      starts.push(start);
      ids.push(chunk.id);
    }
    const defs: number[] = [];
    for (const d of definitions.filter((d) => d.path === source.path)) {
      const chunk: Chunk = {
        id: chunks.length,
        fileId,
        path: source.path,
        startLine: d.startLine,
        endLine: d.endLine,
        kind: 'definition',
        symbol: d.symbol,
        definitionKind: d.kind,
      };
      chunks.push(chunk);
      defs.push(chunk.id);
    }
    file.chunkIds = [...ids, ...defs].sort((a, b) => chunks[a].startLine - chunks[b].startLine || a - b);
    files.push(file);
    fileByPath.set(file.path, file);
    windowStarts.push(starts);
    windowIds.push(ids);
    definitionIds.push(defs);
  });
  return {
    files,
    chunks,
    fileByPath,
    chunkAt(fileId: number, line: number): number {
      // Innermost definition first, else the window found by binary search.
      let best = -1;
      for (const id of definitionIds[fileId]) {
        const c = chunks[id];
        if (holdsLine(c, line) && (best < 0 || c.endLine - c.startLine < chunks[best].endLine - chunks[best].startLine))
          best = id;
      }
      if (best >= 0) return best;
      const starts = windowStarts[fileId];
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (starts[mid] <= line) lo = mid;
        else hi = mid - 1;
      }
      return windowIds[fileId][lo];
    },
  };
}
