/**
 * An opt-in dump of the candidates a question about behaviour ranks, for measuring whether the
 * signals the explanation carries, combined by a fitted model, would order them better than the
 * hand rules do (bench/real/rerank.py reads it). The runner writes it when
 * FOURFOLD_DUMP_CANDIDATES names a file; held-out questions are never written.
 *
 * A candidate is a result (one per file, as shown) or one of its sub-results (a member of the
 * same file that fused at least half as close): every figure is read from the engine's own
 * explanation, nothing is recomputed but the question's words found in the candidate.
 */
import {
  MODALITIES,
  type Modality,
  type ResultExplanation,
  type SearchResponse,
  type SearchResult,
  type SubResult,
} from '../../src/engine/contract';
import { STOP_WORDS, subTokens } from '../../src/engine/tokens';
import { answers, groupsOf, type Question } from './score';

export interface ModalityFeatures {
  rank: number;
  rawScore: number;
  contribution: number;
  weight: number;
  floored: boolean;
  restated: boolean;
}

export interface Candidate {
  /** 0-based place of the candidate's file among the results. */
  fileRank: number;
  /** -1 for the result itself, else its index among the file's sub-results. */
  sub: number;
  path: string;
  startLine: number;
  endLine: number;
  lines: number;
  symbol: string | null;
  definitionKind: string | null;
  /** Folders between the repository's root and the file. */
  folderDepth: number;
  /** Holders named in the symbol (`A.b` → 1, `A::B::c` → 2). */
  nesting: number;
  score: number;
  /** The file's result's score (the candidate's own for a result). */
  fileScore: number;
  modalities: Partial<Record<Modality, ModalityFeatures>>;
  /** The explanation's named factors, as numbers (a flag is 1 when set, 0 when not). */
  factors: Record<string, number>;
  /** Rules named (member rule, demotion rule), for reading; not features. */
  rules: string[];
  /** Of the question's words (stop words dropped, identifiers split), the share said by the candidate's name, path and body. */
  words: { name: number; path: number; body: number };
  /** The candidate answers at the line (bench/real/score.ts) / its path is an expected one. */
  label: boolean;
  fileLabel: boolean;
}

export interface DumpedQuestion {
  id: string;
  project: string;
  language: string;
  intent: string;
  /** The question's words counted for `words`. */
  queryWords: number;
  /** The results' first ten are the ones the eval scored (same order, same ranges). */
  sameTop10: boolean;
  candidates: Candidate[];
}

export function questionWords(query: string): string[] {
  return [...new Set(subTokens(query).filter((w) => w.length > 1 && !STOP_WORDS.has(w)))];
}

function share(asked: readonly string[], said: ReadonlySet<string>): number {
  if (asked.length === 0) return 0;
  return asked.filter((w) => said.has(w)).length / asked.length;
}

function factorsOf(e: ResultExplanation): { factors: Record<string, number>; rules: string[] } {
  const flag = (x: unknown) => (x === undefined || x === null || x === false ? 0 : 1);
  const factors: Record<string, number> = {
    rrf: e.rrf,
    boost: e.boost,
    centrality: e.centrality,
    firstInEveryList: flag(e.firstInEveryList),
    demotion: e.demotion?.factor ?? 1,
    memberFactor: e.member?.factor ?? 1,
    memberNameCoverage: e.member?.nameCoverage ?? 0,
    memberChosen: flag(e.member),
    fileWordsShare: e.fileWords?.share ?? 0,
    fileWordsFactor: e.fileWords?.factor ?? 1,
    placeWordsShare: e.placeWords?.share ?? 0,
    placeWordsFactor: e.placeWords?.factor ?? 1,
    aboveByEveryList: flag(e.aboveByEveryList),
    aboveByFirstPlace: flag(e.aboveByFirstPlace),
    aboveItsCopy: flag(e.aboveItsCopy),
    inPlaceOf: flag(e.inPlaceOf),
    sibling: e.sibling?.factor ?? 1,
    form: e.form?.factor ?? 1,
  };
  const rules = [
    ...(e.member ? [`member:${e.member.rule}`] : []),
    ...(e.demotion ? [`demotion:${e.demotion.rule}`] : []),
  ];
  return { factors, rules };
}

function modalitiesOf(e: ResultExplanation): Partial<Record<Modality, ModalityFeatures>> {
  const out: Partial<Record<Modality, ModalityFeatures>> = {};
  for (const m of MODALITIES) {
    const c = e.modalities[m];
    if (!c) continue;
    out[m] = {
      rank: c.rank,
      rawScore: c.rawScore,
      contribution: c.contribution,
      weight: c.weight,
      floored: c.floor !== undefined,
      restated: c.above !== undefined,
    };
  }
  return out;
}

/** The candidates of one answer, results and their sub-results, with their label against the question. */
export function dumpQuestion(
  q: Question,
  language: string,
  response: SearchResponse,
  scoredTop: readonly { path: string; startLine: number; endLine: number }[],
  textOf: (path: string) => string | undefined,
): DumpedQuestion {
  const asked = questionWords(q.query);
  const groups = groupsOf(q.expected);
  const expectedPaths = new Set(q.expected.map((e) => e.path));
  const linesOf = new Map<string, string[]>();
  const body = (path: string, start: number, end: number) => {
    let lines = linesOf.get(path);
    if (!lines) linesOf.set(path, (lines = (textOf(path) ?? '').split('\n')));
    return lines.slice(start - 1, end).join('\n');
  };
  const candidates: Candidate[] = [];
  const add = (r: SearchResult | SubResult, path: string, fileRank: number, sub: number, fileScore: number) => {
    const item = { path, startLine: r.startLine, endLine: r.endLine };
    const { factors, rules } = factorsOf(r.explanation);
    const symbol = r.symbol ?? null;
    candidates.push({
      fileRank,
      sub,
      path,
      startLine: r.startLine,
      endLine: r.endLine,
      lines: r.endLine - r.startLine + 1,
      symbol,
      definitionKind: r.definitionKind ?? null,
      folderDepth: path.split('/').length - 1,
      nesting: symbol ? (symbol.match(/\.|::|#/g) ?? []).length : 0,
      score: r.score,
      fileScore,
      modalities: modalitiesOf(r.explanation),
      factors,
      rules,
      words: {
        name: share(asked, new Set(symbol ? subTokens(symbol) : [])),
        path: share(asked, new Set(subTokens(path))),
        body: share(asked, new Set(subTokens(body(path, r.startLine, r.endLine)))),
      },
      label: groups.some((g) => answers(item, g, 'line')),
      fileLabel: expectedPaths.has(path),
    });
  };
  response.results.forEach((r, fileRank) => {
    add(r, r.path, fileRank, -1, r.score);
    (r.subResults ?? []).forEach((s, i) => add(s, r.path, fileRank, i, r.score));
  });
  const shown = response.results.slice(0, 10);
  const sameTop10 =
    shown.length === Math.min(10, scoredTop.length) &&
    shown.every(
      (r, i) =>
        r.path === scoredTop[i].path && r.startLine === scoredTop[i].startLine && r.endLine === scoredTop[i].endLine,
    );
  return {
    id: q.id,
    project: q.project,
    language,
    intent: response.query.intent,
    queryWords: asked.length,
    sameTop10,
    candidates,
  };
}
