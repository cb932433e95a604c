/**
 * What the page is sent about an open index: a search's answer with snippets and match
 * counts, a file, a chunk's neighbours, definitions, lines. Plain data, cloned by postMessage.
 */
import { lineHighlighter } from '../engine/matches';
import type { Engine } from '../engine/engine';
import type { DefinitionTarget, SearchResult } from '../engine/contract';
import { SNIPPET_LINE_CHARS, SNIPPET_LINES } from '../engine/snippet';
import type {
  ChunkLabel,
  DefinitionRequest,
  FileDocument,
  Neighbours,
  ResultView,
  SearchRequest,
  SearchView,
  SnippetView,
} from './protocol';

/** The fields of a search request that decide its answer, in a fixed order. */
export function requestKey(r: SearchRequest): string {
  return JSON.stringify([
    r.query,
    r.preset,
    r.modalities ?? null,
    r.limit ?? null,
    r.similarToChunk ?? null,
    r.experiment ?? null,
  ]);
}

/** Whether a request asks anything (a query, or chunks similar to one). */
export function asksSomething(request: SearchRequest): boolean {
  return request.query.trim() !== '' || request.similarToChunk !== undefined;
}

export async function searchView(engine: Engine, id: string, request: SearchRequest): Promise<SearchView> {
  const plan = engine.classify(request.query);
  const response = await engine.search(request.query, {
    preset: request.preset,
    modalities: request.modalities ?? undefined,
    limit: request.limit,
    similarToChunk: request.similarToChunk,
    experiment: request.experiment,
  });
  const highlights = [...plan.identifiers, ...plan.terms, ...(plan.literal ? [plan.literal] : [])];
  const mark = lineHighlighter(engine.navigationPlan(request.query));
  // Ranking keeps one chunk per file; the display opens each file to all its matching lines.
  const matches =
    request.similarToChunk === undefined
      ? engine.matches(
          request.query,
          response.results.map((r) => r.path),
          new Map(response.results.map((r) => [r.path, r.chunkId])),
        )
      : [];
  const matchesByPath = new Map(matches.map(({ path, ...m }) => [path, m]));
  const results: ResultView[] = response.results.map((result) => ({
    ...result,
    snippet: snippet(engine, result, highlights, mark),
    matches: matchesByPath.get(result.path) ?? null,
  }));
  const matchTotal = { lines: 0, files: 0 };
  for (const m of matchesByPath.values()) {
    if (m.count > 0) {
      matchTotal.lines += m.count;
      matchTotal.files++;
    }
  }
  const labels: Record<number, ChunkLabel> = {};
  const label = (chunkId: number) => {
    if (labels[chunkId]) return;
    const c = engine.chunk(chunkId);
    labels[chunkId] = { path: c.path, startLine: c.startLine, endLine: c.endLine, symbol: c.symbol };
  };
  for (const run of response.query.modalities) for (const hit of run.list) label(hit.chunkId);
  for (const result of response.results) label(result.chunkId);
  return { repositoryId: id, plan, query: response.query, results, highlights, labels, request, matchTotal };
}

/**
 * The first lines of the chunk, moved down to the line that answers (a pasted message's format
 * string) or else to the first line naming a query word, when that is further in.
 */
function snippet(
  engine: Engine,
  result: SearchResult,
  words: string[],
  mark: (line: string) => [number, number][],
): SnippetView {
  const { path, startLine, endLine } = result;
  const text = engine.file(path)?.text ?? '';
  const lines = text.split('\n').slice(startLine - 1, endLine);
  let first = 0;
  const needles = words.filter((w) => w.length >= 2).map((w) => w.toLowerCase());
  if (lines.length > SNIPPET_LINES && (result.line !== undefined || needles.length > 0)) {
    const hit =
      result.line !== undefined
        ? result.line - startLine
        : lines.findIndex((line) => needles.some((n) => line.toLowerCase().includes(n)));
    if (hit >= SNIPPET_LINES) first = Math.min(hit - 2, lines.length - SNIPPET_LINES);
  }
  const shown = lines
    .slice(first, first + SNIPPET_LINES)
    .map((line) => (line.length > SNIPPET_LINE_CHARS ? `${line.slice(0, SNIPPET_LINE_CHARS)}…` : line));
  return { startLine: startLine + first, lines: shown, ranges: shown.map(mark) };
}

export function fileDocument(engine: Engine, path: string): FileDocument {
  const view = engine.file(path);
  if (!view) throw new Error(`${path} is not in this repository's index.`);
  return {
    path: view.path,
    text: view.text,
    language: view.language,
    definitions: view.analysis.definitions,
    chunks: view.chunks,
  };
}

export function neighboursOf(engine: Engine, chunkId: number): Neighbours {
  return { chunk: engine.chunk(chunkId), callers: engine.callSites(chunkId), callees: engine.callees(chunkId) };
}

export function definitionsOf(engine: Engine, request: DefinitionRequest): DefinitionTarget[] {
  return engine.definitionsOf(request.name, { path: request.path, line: request.line });
}

export function linesOf(engine: Engine, path: string, startLine: number, endLine: number): string[] {
  const text = engine.file(path)?.text;
  if (text === undefined) throw new Error(`${path} is not in this repository's index.`);
  return text.split('\n').slice(startLine - 1, endLine);
}
