/**
 * Navigating an indexed corpus: files and chunks, go to definition, call sites, dependents and
 * the matching lines of a query — what the code view and the MCP tools read besides search.
 */
import type { Chunk, DefinitionTarget, FileAnalysis, Language, QueryPlan } from './contract';
import type { DependencyRelation } from './graph/index';
import { callSitesOf, fileMatches, matchRuleFor, type CallSite, type FileMatches } from './matches';
import type { IndexedCorpus } from './registry';

export interface FileView {
  path: string;
  text: string;
  language: Language | null;
  analysis: FileAnalysis;
  chunks: Chunk[];
}

/** A file that depends on a target, `hops` away; `via` is the file one hop closer it depends on. */
export interface Dependent {
  path: string;
  hops: number;
  via: string;
  relation: DependencyRelation;
  /** Line in `path` where the dependency is written (the import, call or reference). */
  line: number;
}

export function fileView({ corpus }: IndexedCorpus, path: string): FileView | undefined {
  const f = corpus.fileByPath.get(path);
  if (!f) return undefined;
  return {
    path: f.path,
    text: f.text,
    language: f.language,
    analysis: f.analysis,
    chunks: f.chunkIds.map((id) => corpus.chunks[id]),
  };
}

/** The innermost chunk holding a line (1-based) of a file; undefined for an unknown file or a line past its end. */
export function chunkAtLine({ corpus }: IndexedCorpus, path: string, line: number): Chunk | undefined {
  const f = corpus.fileByPath.get(path);
  if (!f || !Number.isInteger(line) || line < 1 || line > f.analysis.lineCount) return undefined;
  return corpus.chunks[corpus.chunkAt(f.id, line)];
}

/** Files that depend on a chunk's definition (or on its file), breadth-first with hop distance. */
export function dependentsOf({ corpus, indexes }: IndexedCorpus, chunkId: number): Dependent[] {
  const pathOf = (fileId: number) => corpus.files[fileId].path;
  return (indexes.graph?.reverseDependencies({ chunkId }) ?? []).map((d) => ({
    path: pathOf(d.fileId),
    hops: d.hops,
    via: pathOf(d.via),
    relation: d.relation,
    line: d.line,
  }));
}

/**
 * Every line of these files that answers the plan, file by file (src/engine/matches.ts).
 * `shown` maps a path to the chunk its result shows (its signature and doc explain the rank).
 */
export function matchingLines(
  { corpus, indexes }: IndexedCorpus,
  plan: QueryPlan,
  paths: readonly string[],
  shown?: ReadonlyMap<string, number>,
): FileMatches[] {
  const graph = indexes.graph;
  const rule = matchRuleFor(
    plan,
    graph?.subjectOf(plan) ?? null,
    (fileId, targets) => graph!.dependencyOn(fileId, targets),
    indexes.text.termRarity(),
  );
  if (!rule) return [];
  const out: FileMatches[] = [];
  for (const path of paths) {
    const file = corpus.fileByPath.get(path);
    const chunkId = shown?.get(path);
    const chunk = chunkId === undefined ? undefined : corpus.chunks[chunkId];
    if (file) out.push(fileMatches(rule, file, (line) => corpus.chunkAt(file.id, line), chunk));
  }
  return out;
}

/**
 * Go to definition: where a name used at a line of a file is defined — the definitions the
 * graph resolved that use to, else every definition of that name, best first.
 */
export function definitionsOf(
  { corpus, indexes }: IndexedCorpus,
  name: string,
  from?: { path: string; line: number },
): DefinitionTarget[] {
  const { graph, structural } = indexes;
  if (!structural) return [];
  const file = from ? corpus.fileByPath.get(from.path) : undefined;
  const resolved = file && from && graph ? graph.resolveAt(file.id, from.line, name) : [];
  const byName = structural.definitionsNamed(name);
  const targets: DefinitionTarget[] = [];
  const seen = new Set<string>();
  const add = (path: string, line: number, confidence: number | null) => {
    const hit = byName.find((h) => h.path === path && h.definition.nameLine === line);
    const key = `${path}:${line}`;
    if (!hit || seen.has(key)) return;
    seen.add(key);
    const d = hit.definition;
    targets.push({
      path,
      line,
      startLine: d.startLine,
      endLine: d.endLine,
      name: d.name,
      kind: d.kind,
      container: d.container,
      chunkId: hit.chunkId,
      confidence,
    });
  };
  // The graph's best-resolved targets only: a use imported by name is not also a guess elsewhere.
  const best = resolved.reduce((m, n) => Math.max(m, n.confidence), 0);
  for (const n of resolved) if (n.confidence === best) add(n.path, n.line, n.confidence);
  if (targets.length === 0) for (const h of byName) add(h.path, h.definition.nameLine, null);
  return targets;
}

/** Every line that calls or references a definition chunk's name (the code view's callers). */
export function callSitesOfChunk({ corpus, indexes }: IndexedCorpus, chunk: Chunk): CallSite[] {
  if (!chunk.symbol) return [];
  const name = chunk.symbol;
  const { graph, structural } = indexes;
  if (!graph || !structural) return [];
  const resolvedCallers = new Map(graph.callers(chunk.id).map((n) => [n.chunkId, n.confidence]));
  const resolvedElsewhere = new Set<number>();
  for (const other of structural.definitionsNamed(name)) {
    if (other.chunkId !== chunk.id) for (const n of graph.callers(other.chunkId)) resolvedElsewhere.add(n.chunkId);
  }
  return callSitesOf(name, chunk.id, {
    file: (fileId) => corpus.files[fileId],
    chunk: (id) => corpus.chunks[id],
    resolvedCallers,
    chunksNaming: structural.chunksReferencing(name),
    resolvedElsewhere,
    referenceUse: (fileId, i) => graph.referenceUse(fileId, i),
  });
}

/** Lines `startLine`..`endLine` (1-based, inclusive) of a text, without the last line's newline. */
export function sliceLines(text: string, startLine: number, endLine: number): string {
  let pos = 0;
  for (let line = 1; line < startLine && pos !== -1; line++) {
    pos = text.indexOf('\n', pos);
    if (pos !== -1) pos++;
  }
  if (pos === -1) return '';
  let end = pos;
  for (let line = startLine; line <= endLine && end !== -1; line++) {
    end = text.indexOf('\n', end);
    if (end !== -1 && line < endLine) end++;
  }
  return text.slice(pos, end === -1 ? undefined : end);
}
