/**
 * How the default preset answers, beyond ranking: how often a query gets no answer at all
 * (no results, or an honest "no such name here"), and how often a references question is
 * answered with every call site — each file the compiler says uses the name is among the
 * results and opens to at least one matching line (src/engine/matches.ts).
 */
import type { Engine } from '../../src/engine/engine';
import type { EvalIntent, EvalQuery } from './queries';

/** Results the app lists for a query (the engine's default limit). */
const LISTED_RESULTS = 20;

export interface AnswerCheck {
  id: string;
  intent: EvalIntent;
  /** No results at all. */
  empty: boolean;
  /** The engine said the name asked about is not in the repository. */
  absent: boolean;
  /** References only: every referencing file is listed with at least one matching line. */
  everySite?: boolean;
  /** References only: referencing files listed with a matching line / referencing files. */
  sitesFound?: [number, number];
}

export async function checkAnswer(query: EvalQuery, engine: Engine): Promise<AnswerCheck> {
  const response = await engine.search(query.query, { preset: 'default', limit: LISTED_RESULTS });
  const check: AnswerCheck = {
    id: query.id,
    intent: query.intent,
    empty: response.results.length === 0,
    absent: response.query.absent !== undefined,
  };
  if (query.intent !== 'find_references') return check;
  const files = new Set(query.truth.filter((t) => t.grade === 2).map((t) => t.path));
  const matches = engine.matches(
    query.query,
    response.results.map((r) => r.path),
  );
  const found = filesWithSites(files, matches);
  check.sitesFound = [found, files.size];
  check.everySite = found === files.size;
  return check;
}

/**
 * How many of the referencing files are listed with a matching line. Counted by file: a file
 * shown by several results (a function and a member of it) is one file, not several.
 */
export function filesWithSites(
  files: ReadonlySet<string>,
  matches: readonly { path: string; count: number }[],
): number {
  return new Set(matches.filter((m) => files.has(m.path) && m.count > 0).map((m) => m.path)).size;
}

export interface AnswerSummary {
  queries: number;
  /** Share of queries with no results or an honest "not here". */
  zeroAnswerRate: number;
  emptyResults: number;
  absentNames: number;
  byIntent: Record<string, { queries: number; zeroAnswers: number }>;
  references: { queries: number; everySite: number; share: number; filesWithSites: number; files: number };
}

export function summarizeAnswers(checks: AnswerCheck[]): AnswerSummary {
  const byIntent: AnswerSummary['byIntent'] = {};
  for (const c of checks) {
    const entry = (byIntent[c.intent] ??= { queries: 0, zeroAnswers: 0 });
    entry.queries++;
    if (c.empty || c.absent) entry.zeroAnswers++;
  }
  const refs = checks.filter((c) => c.everySite !== undefined);
  const everySite = refs.filter((c) => c.everySite).length;
  return {
    queries: checks.length,
    zeroAnswerRate: checks.length ? checks.filter((c) => c.empty || c.absent).length / checks.length : 0,
    emptyResults: checks.filter((c) => c.empty).length,
    absentNames: checks.filter((c) => c.absent).length,
    byIntent,
    references: {
      queries: refs.length,
      everySite,
      share: refs.length ? everySite / refs.length : 0,
      filesWithSites: refs.reduce((n, c) => n + c.sitesFound![0], 0),
      files: refs.reduce((n, c) => n + c.sitesFound![1], 0),
    },
  };
}

export function renderAnswers(s: AnswerSummary, checks: AnswerCheck[]): string {
  const rows = Object.entries(s.byIntent).map(
    ([intent, e]) => `| ${intent} | ${e.queries} | ${e.zeroAnswers} | ${(e.zeroAnswers / e.queries).toFixed(3)} |`,
  );
  const missed = checks
    .filter((c) => c.everySite === false)
    .map((c) => `${c.id} (${c.sitesFound![0]}/${c.sitesFound![1]} files)`);
  return [
    '## Answers: zero-answer rate and call sites',
    '',
    `Default preset, ${LISTED_RESULTS} results per query. A zero answer is no result at all, or the engine saying the name asked about is not in the repository (every question here names code that exists, so each one is a miss). **Zero-answer rate: ${s.zeroAnswerRate.toFixed(3)}** (${s.emptyResults} empty, ${s.absentNames} "not here", of ${s.queries}).`,
    '',
    '| intent | queries | zero answers | rate |',
    '|---|---|---|---|',
    ...rows,
    '',
    `**References answered with every call site: ${s.references.everySite}/${s.references.queries} = ${s.references.share.toFixed(3)}** — every file the compiler says uses the name is listed and opens to at least one matching line (${s.references.filesWithSites}/${s.references.files} referencing files over all queries).${missed.length ? ` Short: ${missed.join(', ')}.` : ''}`,
    '',
  ].join('\n');
}
