/**
 * Weighted Reciprocal Rank Fusion. The explanation of every result is written while its
 * score is summed (the Zoekt way), so the numbers shown are the numbers used:
 *
 *   contribution_m = weight_m × 1 / (k + rank_m + 1)          (rank 0-based)
 *   score          = (Σ_m contribution_m) × boost × demotion × sibling
 *   demotion       = 0.8 for vendored and built paths, and for tests on behaviour questions
 *   boost          = min(1 + 0.3 × ln(1 + centrality), 1.5)   (1 on the direct path)
 *   sibling        = 1 + similarity to X                      ("similar to X" only; else 1)
 *
 * Then: best chunk per file, most relevant first, each with the file's other strong chunks as
 * sub-results (for references, the files' further chunks listed after them instead).
 */
import type { Chunk, Modality, ModalityHit, ResultExplanation, SearchResult, SubResult } from './contract';
import { MODALITIES } from './contract';
import {
  boostFor,
  CONTAINER_KINDS,
  CONTAINER_RANKED_BY_MEMBERS_LINES,
  demotionFor,
  siblingFactor,
  SUB_RESULT_MIN_SHARE,
  SUB_RESULTS_PER_RESULT,
} from './ranking';

export interface FusionInput {
  /** Each modality's own ranked list (best first). Modalities absent here did not run. */
  lists: Partial<Record<Modality, ModalityHit[]>>;
  weights: Record<Modality, number>;
  k: number;
  strategy: 'direct' | 'fused';
  centralityOf(chunkId: number): number;
  chunkOf(chunkId: number): Chunk;
  limit: number;
  /** Behaviour questions: a big definition holding another candidate leaves the list to its members. */
  rankContainersByMembers?: boolean;
  /** Behaviour questions: whether a path is a test's, demoted by TEST_DEMOTION_FACTOR (ranking.ts). */
  isDemotedTest?(path: string): boolean;
  /** "Similar to X": the chunk's similarity to X when it is one of X's siblings. */
  siblingOf?(chunkId: number): { of: string; similarity: number } | undefined;
  /**
   * References: after every file's best chunk, the file's other chunks in score order (each
   * is a caller of its own), instead of folding them into the best one.
   */
  furtherChunksOfFiles?: boolean;
}

interface Candidate {
  chunk: Chunk;
  explanation: ResultExplanation;
}

export function fuse(input: FusionInput): SearchResult[] {
  const candidates = new Map<number, Candidate>();
  for (const modality of MODALITIES) {
    const list = input.lists[modality];
    const weight = input.weights[modality];
    if (!list || !(weight > 0)) continue;
    list.forEach((hit, rank) => {
      let candidate = candidates.get(hit.chunkId);
      if (!candidate) {
        candidate = { chunk: input.chunkOf(hit.chunkId), explanation: emptyExplanation() };
        candidates.set(hit.chunkId, candidate);
      }
      const e = candidate.explanation;
      if (e.modalities[modality]) return; // a modality counts once per chunk: its best rank
      const contribution = weight * (1 / (input.k + rank + 1));
      e.modalities[modality] = { rank, weight, k: input.k, contribution, rawScore: hit.score, reason: hit.reason };
      e.rrf += contribution;
    });
  }

  const scored: SearchResult[] = [];
  for (const { chunk, explanation: e } of candidates.values()) {
    e.centrality = input.centralityOf(chunk.id);
    e.boost = input.strategy === 'direct' ? 1 : boostFor(e.centrality);
    e.demotion = demotionFor(chunk.path, input.isDemotedTest?.(chunk.path) === true);
    const sibling = input.siblingOf?.(chunk.id);
    if (sibling) e.sibling = { ...sibling, factor: siblingFactor(sibling.similarity) };
    e.score = e.rrf * e.boost * (e.demotion?.factor ?? 1) * (e.sibling?.factor ?? 1);
    scored.push({
      chunkId: chunk.id,
      path: chunk.path,
      startLine: chunk.startLine,
      endLine: chunk.endLine,
      symbol: chunk.symbol,
      definitionKind: chunk.definitionKind,
      score: e.score,
      explanation: e,
      foldedChunks: 0,
    });
  }
  scored.sort(compareResults);
  const listed = input.rankContainersByMembers ? withoutBigContainers(scored, input.chunkOf) : scored;
  return bestChunkPerFile(listed, input.furtherChunksOfFiles === true).slice(0, input.limit);
}

/**
 * The candidates less every class-like definition over CONTAINER_RANKED_BY_MEMBERS_LINES that
 * holds another candidate of its file: inside its lines, or declared as its member outside them
 * (a Go method of the struct, a Rust impl method, a C++ method defined after its class).
 */
function withoutBigContainers(scored: SearchResult[], chunkOf: (id: number) => Chunk): SearchResult[] {
  const byFile = new Map<string, SearchResult[]>();
  for (const r of scored) {
    const list = byFile.get(r.path);
    if (list) list.push(r);
    else byFile.set(r.path, [r]);
  }
  const containers = new Set<SearchResult>();
  for (const list of byFile.values()) {
    for (const c of list) {
      if (!c.definitionKind || !CONTAINER_KINDS.has(c.definitionKind)) continue;
      if (c.endLine - c.startLine + 1 <= CONTAINER_RANKED_BY_MEMBERS_LINES) continue;
      const member = (m: SearchResult) =>
        m !== c &&
        m.definitionKind !== undefined &&
        ((contains(c, m) && !contains(m, c)) ||
          (c.symbol !== undefined && !overlaps(c, m) && chunkOf(m.chunkId).container === c.symbol));
      if (list.some(member)) containers.add(c);
    }
  }
  return containers.size === 0 ? scored : scored.filter((r) => !containers.has(r));
}

function emptyExplanation(): ResultExplanation {
  return { modalities: {}, rrf: 0, centrality: 0, boost: 1, demotion: null, score: 0 };
}

/** Higher score first; then agreement (more modalities); then path and line for a stable order. */
function compareResults(a: SearchResult, b: SearchResult): number {
  return (
    b.score - a.score ||
    Object.keys(b.explanation.modalities).length - Object.keys(a.explanation.modalities).length ||
    compareText(a.path, b.path) ||
    a.startLine - b.startLine
  );
}

/**
 * "Deduplicate to the best chunk per file": the first (best) chunk of each file stays, and
 * carries the file's other strong chunks as sub-results — those scoring at least
 * SUB_RESULT_MIN_SHARE of it that hold neither it (its class) nor a sub-result already kept.
 * With `further` (references), the others are listed after every file's best chunk instead.
 */
function bestChunkPerFile(sorted: SearchResult[], further: boolean): SearchResult[] {
  const kept = new Map<string, SearchResult>();
  const out: SearchResult[] = [];
  const rest: SearchResult[] = [];
  for (const r of sorted) {
    const best = kept.get(r.path);
    if (!best) {
      kept.set(r.path, r);
      out.push(r);
      continue;
    }
    if (further) {
      rest.push(r);
      continue;
    }
    best.foldedChunks++;
    const subs = best.subResults ?? [];
    if (subs.length >= SUB_RESULTS_PER_RESULT || r.score < SUB_RESULT_MIN_SHARE * best.score) continue;
    if (contains(r, best) || subs.some((s) => overlaps(r, s))) continue;
    subs.push(subResultOf(r));
    best.subResults = subs;
  }
  return rest.length > 0 ? out.concat(rest) : out;
}

function subResultOf(r: SearchResult): SubResult {
  const { chunkId, startLine, endLine, symbol, definitionKind, score, explanation } = r;
  return {
    chunkId,
    startLine,
    endLine,
    ...(symbol !== undefined ? { symbol } : {}),
    ...(definitionKind !== undefined ? { definitionKind } : {}),
    score,
    explanation,
  };
}

type Range = { startLine: number; endLine: number };

function contains(outer: Range, inner: Range): boolean {
  return outer.startLine <= inner.startLine && inner.endLine <= outer.endLine;
}

function overlaps(a: Range, b: Range): boolean {
  return a.startLine <= b.endLine && b.startLine <= a.endLine;
}

/** Recomputes a result's score from its explanation alone (what the UI and tests check). */
export function scoreFromExplanation(e: ResultExplanation): number {
  let sum = 0;
  for (const m of MODALITIES) {
    const c = e.modalities[m];
    if (c) sum += c.weight * (1 / (c.k + c.rank + 1));
  }
  return sum * e.boost * (e.demotion?.factor ?? 1) * (e.sibling?.factor ?? 1);
}

/** Orders strings by UTF-16 code units (`<`), as `sort()` does: -1, 1, or 0 when equal. */
function compareText(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}
