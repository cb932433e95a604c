/**
 * The graph of files parsed for real (the analyzer's tree-sitter analyses, the indexer's own
 * chunking): for graph tests on the shapes of real code, where hand-written analyses
 * (graph-fixture.ts) would only restate what the parser is expected to find.
 */
import type { SourceFile } from '../../src/engine/contract';
import type { Corpus } from '../../src/engine/modality';
import { GraphIndex } from '../../src/engine/graph/index';
import type { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { corpusFromAnalyses } from '../../src/engine/structural/corpus';

export async function parsedGraph(
  analyzer: StructuralAnalyzer,
  files: Record<string, string>,
): Promise<{ corpus: Corpus; graph: GraphIndex }> {
  const sources: SourceFile[] = Object.entries(files).map(([path, text]) => ({ path, text }));
  const entries = [];
  for (const { path, text } of sources) entries.push({ path, text, analysis: await analyzer.analyzeAsync(path, text) });
  const corpus = corpusFromAnalyses(entries);
  return { corpus, graph: GraphIndex.build(corpus) };
}

/** The definition chunk named `symbol` in `path`. */
export function definitionChunk(corpus: Corpus, path: string, symbol: string): number {
  const found = corpus.chunks.find((c) => c.path === path && c.symbol === symbol && c.kind === 'definition');
  if (!found) throw new Error(`no definition chunk ${symbol} in ${path}`);
  return found.id;
}

/** The files "what depends on PATH" lists, the question asked as the classifier words it (its path's parts as terms). */
export async function parsedDependants(
  analyzer: StructuralAnalyzer,
  files: Record<string, string>,
  path: string,
): Promise<string[]> {
  const { corpus, graph } = await parsedGraph(analyzer, files);
  const hits = graph.search(
    {
      intent: 'impact_analysis',
      raw: `what depends on ${path}`,
      identifiers: [],
      terms: path.replace(/\.\w+$/, '').split('/'),
    } as unknown as Parameters<GraphIndex['search']>[0],
    20,
  );
  return [...new Set(hits.map((h) => corpus.chunks[h.chunkId].path))].sort();
}
