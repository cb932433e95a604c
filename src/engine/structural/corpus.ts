/**
 * Builds the Corpus every index shares: files with their analyses, the chunk table (from
 * chunkSpans, dense ids in file order) and an O(log n) `chunkAt(fileId, line)`.
 */
import type { Chunk, FileAnalysis, SourceFile } from '../contract';
import { hashText } from '../intake/hash';
import type { Corpus, CorpusFile } from '../modality';
import { buildSpanLookup, chunkSpans, countLines, lookupSpan } from './chunks';
import type { SpanLookup } from './chunks';

/** A file whose analysis is already known (from a worker, or from the store). */
export interface AnalyzedFile {
  path: string;
  text: string;
  analysis: FileAnalysis;
  /** hashText(text); computed when absent. */
  hash?: string;
  /** Bytes as read; the text's length when absent. */
  size?: number;
}

export interface FileAnalyzer {
  analyze(path: string, text: string): FileAnalysis;
}

/** Analyzes each file, then builds the corpus. */
export function buildCorpus(files: readonly SourceFile[], analyzer: FileAnalyzer): Corpus {
  return corpusFromAnalyses(files.map((f) => ({ path: f.path, text: f.text, analysis: analyzer.analyze(f.path, f.text) })));
}

/** File ids follow the input order; chunk ids are dense, in file order then start line. */
export function corpusFromAnalyses(entries: readonly AnalyzedFile[]): Corpus {
  const files: CorpusFile[] = [];
  const chunks: Chunk[] = [];
  const lookups: SpanLookup[] = [];
  const firstChunk: number[] = [];
  const fileByPath = new Map<string, CorpusFile>();

  for (const entry of entries) {
    const id = files.length;
    const spans = chunkSpans(entry.analysis);
    const base = chunks.length;
    const chunkIds: number[] = [];
    for (const span of spans) {
      const chunk: Chunk = {
        id: chunks.length,
        fileId: id,
        path: entry.path,
        startLine: span.startLine,
        endLine: span.endLine,
        kind: span.kind,
      };
      if (span.symbol !== undefined) chunk.symbol = span.symbol;
      if (span.definitionKind !== undefined) chunk.definitionKind = span.definitionKind;
      if (span.container !== undefined) chunk.container = span.container;
      chunkIds.push(chunk.id);
      chunks.push(chunk);
    }
    lookups.push(buildSpanLookup(spans));
    firstChunk.push(base);
    const file: CorpusFile = {
      id,
      path: entry.path,
      hash: entry.hash ?? hashText(entry.text),
      size: entry.size ?? entry.text.length,
      language: entry.analysis.language,
      text: entry.text,
      analysis: entry.analysis,
      chunkIds,
    };
    files.push(file);
    fileByPath.set(entry.path, file);
  }

  return {
    files,
    chunks,
    fileByPath,
    chunkAt(fileId: number, line: number): number {
      const lookup = lookups[fileId];
      if (!lookup) throw new RangeError(`no file ${fileId}`);
      return firstChunk[fileId] + lookupSpan(lookup, line);
    },
  };
}

/**
 * A corpus of files taken as plain text (no parser): line windows only, exactly what an
 * unsupported language gets. For modality tests that need the real chunking without tree-sitter.
 */
export function corpusFromTexts(files: readonly SourceFile[]): Corpus {
  return corpusFromAnalyses(
    files.map((f) => ({
      path: f.path,
      text: f.text,
      analysis: { path: f.path, language: null, parsed: false, lineCount: countLines(f.text), definitions: [], references: [], imports: [] },
    })),
  );
}
