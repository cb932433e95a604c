/**
 * Turns the per-query runs into the numbers of the report: a table per intent (rows: each
 * modality alone, each preset, the two baselines), the quality goals (docs/design.md#quality-goals), the classifier's
 * accuracy, and the compact failure list of the default preset with a blame line each.
 */
import type { Modality } from '../../src/engine/contract';
import { MODALITIES } from '../../src/engine/contract';
import type { ClassifierReport } from './classifier';
import { firstRelevantRank, LEVELS, type Level, scoreQuery } from './grade';
import { CUTOFF, METRIC_LABELS, METRIC_NAMES, meanScores, type QueryScores } from './metrics';
import { EVAL_INTENTS, type EvalIntent, type EvalQuery } from './queries';
import { SYSTEM_LABELS, SYSTEMS, type SystemName, type SystemRun } from './systems';

export interface QueryOutcome {
  query: EvalQuery;
  runs: Partial<Record<SystemName, SystemRun>>;
}

export interface SystemRow extends QueryScores {
  system: SystemName;
  /** Queries the system answered (it may not run at all, e.g. semantic without an embedder). */
  n: number;
  medianMs: number;
}

export type Tables = Record<EvalIntent, Partial<Record<Level, SystemRow[]>>>;

/** The metric each intent is judged by in the quality goals (docs/design.md#quality-goals). */
export const HEADLINE: Record<EvalIntent, { level: Level; metric: keyof QueryScores }> = {
  find_definition: { level: 'line', metric: 'hit1' },
  find_references: { level: 'file', metric: 'recall10' },
  impact_analysis: { level: 'file', metric: 'ndcg10' },
  exact_match: { level: 'file', metric: 'hit1' },
  understand_code: { level: 'file', metric: 'mrr10' },
};

export const INTENT_TITLES: Record<EvalIntent, string> = {
  find_definition: 'Definition',
  find_references: 'References',
  impact_analysis: 'Impact',
  exact_match: 'Exact match',
  understand_code: 'Understand',
};

export function buildTables(outcomes: readonly QueryOutcome[]): Tables {
  const tables = {} as Tables;
  for (const intent of EVAL_INTENTS) {
    tables[intent] = {};
    const mine = outcomes.filter((o) => o.query.intent === intent);
    for (const level of LEVELS[intent]) {
      tables[intent][level] = SYSTEMS.map((system) => {
        // BM25 ranks whole files: it has no line to be right or wrong about.
        const answered = level === 'line' && system === 'bm25' ? [] : mine.filter((o) => o.runs[system]?.ran);
        const scores = answered.map((o) => scoreQuery(o.query, o.runs[system]!.items, level));
        return {
          system,
          n: answered.length,
          ...meanScores(scores),
          medianMs: median(answered.map((o) => o.runs[system]!.ms)),
        };
      });
    }
  }
  return tables;
}

/** Overall MRR@10 per system: every query of every intent, each judged at its intent's headline level (definition at line level). */
export interface OverallRow {
  system: SystemName;
  n: number;
  mrr10: number;
}

export function overallMrr(outcomes: readonly QueryOutcome[]): OverallRow[] {
  return SYSTEMS.map((system) => {
    // A system that cannot answer a query (BM25 at line level) counts 0 for it: the mean stays over every query.
    const scores = outcomes.map((o) => {
      const level = HEADLINE[o.query.intent].level;
      const run = o.runs[system];
      return !run?.ran || (level === 'line' && system === 'bm25') ? 0 : scoreQuery(o.query, run.items, level).mrr10;
    });
    return { system, n: scores.length, mrr10: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : 0 };
  });
}

export function overallSection(rows: readonly OverallRow[]): string {
  const best = Math.max(...rows.map((r) => r.mrr10));
  return [
    `MRR@${CUTOFF} over all ${rows[0]?.n ?? 0} queries of the five intents, each judged at its intent's headline level (definition: the line range holds the name; the others: the file). A system that cannot answer a query scores 0 for it (BM25 ranks files, so it has no line for a definition).`,
    '',
    `| system | queries | MRR@${CUTOFF} |`,
    '|---|---:|---:|',
    ...rows.map(
      (r) => `| ${SYSTEM_LABELS[r.system]} | ${r.n} | ${r.mrr10 === best ? `**${fmt(r.mrr10)}**` : fmt(r.mrr10)} |`,
    ),
  ].join('\n');
}

export interface Goal {
  goal: string;
  target: string;
  measured: string;
  met: boolean;
}

export function evaluateGoals(tables: Tables, overall: readonly OverallRow[]): Goal[] {
  const row = (intent: EvalIntent, system: SystemName, level = HEADLINE[intent].level) =>
    tables[intent][level]!.find((r) => r.system === system)!;
  const headline = (intent: EvalIntent, system: SystemName) => row(intent, system)[HEADLINE[intent].metric];
  const goals: Goal[] = [];
  for (const intent of EVAL_INTENTS) {
    const alone = MODALITIES.filter((m) => row(intent, m).n > 0).map((m) => ({ m, v: headline(intent, m) }));
    const best = alone.reduce((a, b) => (b.v > a.v ? b : a), { m: 'none' as Modality | 'none', v: 0 });
    const fused = headline(intent, 'default');
    const thorough = headline(intent, 'thorough');
    const h = HEADLINE[intent];
    goals.push({
      goal: `fused ≥ best single modality — ${INTENT_TITLES[intent]} (${METRIC_LABELS[h.metric]}${h.level === 'line' ? ', line' : ''})`,
      target: `≥ ${fmt(best.v)} (${best.m} alone)`,
      measured: `default ${fmt(fused)}, thorough ${fmt(thorough)}`,
      met: fused >= best.v - 1e-9,
    });
  }
  const simple = (intent: EvalIntent, label: string, threshold: number) => {
    const v = headline(intent, 'default');
    goals.push({
      goal: label,
      target: `≥ ${threshold.toFixed(2)}`,
      measured: `default ${fmt(v)}, thorough ${fmt(headline(intent, 'thorough'))}`,
      met: v >= threshold,
    });
  };
  // The bars of docs/design.md#quality-goals.
  simple('find_definition', 'definition Hit@1 (line level)', 0.98);
  simple('find_references', 'references Recall@10', 0.97);
  simple('impact_analysis', 'impact nDCG@10', 0.92);
  simple('exact_match', 'exact-match Hit@1', 0.99);
  // The fused answer to a natural-language question.
  simple('understand_code', 'understand MRR@10', 0.68);
  const all = (system: SystemName) => overall.find((r) => r.system === system)!.mrr10;
  goals.push({
    goal: 'overall MRR@10 (every query, headline level)',
    target: '≥ 0.88',
    measured: `default ${fmt(all('default'))}, thorough ${fmt(all('thorough'))} (${overall[0]?.n ?? 0} queries)`,
    met: all('default') >= 0.88,
  });
  const bm25 = headline('understand_code', 'bm25');
  const und = headline('understand_code', 'default');
  goals.push({
    goal: 'understand MRR@10 ≥ 3× BM25',
    // MRR cannot exceed 1: with BM25 above 1/3 the goal cannot be met by any ranking.
    target: `≥ ${fmt(3 * bm25)} (BM25 ${fmt(bm25)})${3 * bm25 > 1 ? ' — unreachable, MRR ≤ 1' : ''}`,
    measured: `default ${fmt(und)} (${bm25 > 0 ? (und / bm25).toFixed(2) : '∞'}×), thorough ${fmt(headline('understand_code', 'thorough'))}`,
    met: und >= 3 * bm25,
  });
  return goals;
}

// ---------------------------------------------------------------------------------------
// Failures of the default preset, with blame

export type FailureCause = 'misrouted' | 'no modality finds it' | 'lost in routing/fusion' | 'ranked low';

export interface Failure {
  id: string;
  intent: EvalIntent;
  query: string;
  expected: string[];
  got: string[];
  classified: string;
  strategy: string;
  /** First relevant rank (headline level) of each modality alone, null = not in its top 10. */
  aloneRanks: Partial<Record<Modality, number | null>>;
  /** Headline score of the default preset on this query. */
  score: number;
  cause: FailureCause;
}

/** When a query counts as failed by the default preset: below the goal's bar for that one query. */
function failed(intent: EvalIntent, s: QueryScores): boolean {
  switch (intent) {
    case 'find_definition':
    case 'exact_match':
      return s.hit1 < 1;
    case 'find_references':
      return s.recall10 < 0.95;
    case 'impact_analysis':
      return s.ndcg10 < 0.85;
    case 'understand_code':
      return s.mrr10 < 0.5;
  }
}

export function failuresOf(outcomes: readonly QueryOutcome[]): Failure[] {
  const out: Failure[] = [];
  for (const o of outcomes) {
    const intent = o.query.intent;
    const run = o.runs.default;
    if (!run) continue;
    const { level, metric } = HEADLINE[intent];
    const s = scoreQuery(o.query, run.items, level);
    if (!failed(intent, s)) continue;
    const aloneRanks: Failure['aloneRanks'] = {};
    const aloneScores: Partial<Record<Modality, number>> = {};
    for (const m of MODALITIES) {
      const r = o.runs[m];
      if (!r?.ran) continue;
      aloneRanks[m] = firstRelevantRank(o.query, r.items, level);
      aloneScores[m] = scoreQuery(o.query, r.items, level)[metric];
    }
    const bestAlone = Math.max(0, ...Object.values(aloneScores));
    let cause: FailureCause = 'ranked low';
    if (run.intent !== intent) cause = 'misrouted';
    else if (bestAlone === 0) cause = 'no modality finds it';
    else if (bestAlone > s[metric] + 1e-9) cause = 'lost in routing/fusion';
    out.push({
      id: o.query.id,
      intent,
      query: o.query.query,
      expected: expectedLabels(o.query),
      got: run.items.slice(0, 3).map((i) => `${i.path}:${i.startLine}-${i.endLine}${i.symbol ? ` ${i.symbol}` : ''}`),
      classified: `${run.intent} (${run.rule} ${run.confidence})`,
      strategy: run.strategy ?? '',
      aloneRanks,
      score: s[metric],
      cause,
    });
  }
  return out;
}

function expectedLabels(q: EvalQuery): string[] {
  if (q.intent === 'find_definition' || q.intent === 'understand_code')
    return q.truth.map((t) => `${t.path}:${t.nameLines?.[0] ?? t.startLine} (${t.startLine}-${t.endLine})`);
  const top = q.truth.filter((t) => t.grade === 2).map((t) => t.path);
  const second = q.truth.length - top.length;
  return [
    ...top.slice(0, 4),
    ...(top.length > 4 ? [`… ${top.length} users`] : []),
    ...(second > 0 ? [`+${second} importers (grade 1)`] : []),
  ];
}

// ---------------------------------------------------------------------------------------
// Markdown

export function fmt(x: number): string {
  return x.toFixed(3);
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function intentTable(rows: readonly SystemRow[], best = true): string {
  const header = `| system | n | ${METRIC_NAMES.map((m) => METRIC_LABELS[m]).join(' | ')} | median ms |`;
  const sep = `|---|---:|${METRIC_NAMES.map(() => '---:').join('|')}|---:|`;
  const max = Object.fromEntries(
    METRIC_NAMES.map((m) => [m, Math.max(...rows.filter((r) => r.n > 0).map((r) => r[m]))]),
  );
  const lines = rows.map((r) => {
    if (r.n === 0) return `| ${SYSTEM_LABELS[r.system]} | 0 | ${METRIC_NAMES.map(() => '—').join(' | ')} | — |`;
    const cells = METRIC_NAMES.map((m) => (best && r[m] === max[m] ? `**${fmt(r[m])}**` : fmt(r[m])));
    return `| ${SYSTEM_LABELS[r.system]} | ${r.n} | ${cells.join(' | ')} | ${r.medianMs.toFixed(1)} |`;
  });
  return [header, sep, ...lines].join('\n');
}

export function goalsTable(goals: readonly Goal[]): string {
  return [
    '| goal | target | measured | met |',
    '|---|---|---|---|',
    ...goals.map((g) => `| ${g.goal} | ${g.target} | ${g.measured} | ${g.met ? '✅ met' : '❌ not met'} |`),
  ].join('\n');
}

export function classifierSection(
  report: ClassifierReport,
  routing: Record<string, { total: number; correct: number }>,
  fresh: ClassifierReport | null,
): string {
  const intents = Object.keys(report.confusion);
  const short = (i: string) =>
    i.replace('find_', '').replace('_analysis', '').replace('_code', '').replace('_match', '');
  const lines = [
    `Hand-written set (docs/eval/classifier.jsonl): **${report.correct}/${report.total} = ${fmt(report.accuracy)}**; ${report.microsPerQuery.toFixed(1)} µs per query (median of passes over the set). The rules were written with this set in view.`,
    '',
    ...(fresh
      ? [
          `Fresh set (docs/eval/classifier-fresh.jsonl), written after the last rule change and never tuned on — how the rules generalise: **${fresh.correct}/${fresh.total} = ${fmt(fresh.accuracy)}**${fresh.errors.length ? `; missed: ${fresh.errors.map((e) => `“${mdCell(e.query)}” (${short(e.expected)} → ${short(e.got)}, ${e.rule})`).join('; ')}` : ''}. Before changing rules again, write a new fresh set first, measure, then fold this one into the hand-written set.`,
          '',
        ]
      : []),
    `| expected ↓ / got → | ${intents.map(short).join(' | ')} | accuracy |`,
    `|---|${intents.map(() => '---:').join('|')}|---:|`,
    ...intents.map(
      (a) =>
        `| ${short(a)} | ${intents.map((b) => (a === b ? `**${report.confusion[a][b]}**` : String(report.confusion[a][b] || '·'))).join(' | ')} | ${fmt(report.perIntent[a].accuracy)} (${report.perIntent[a].correct}/${report.perIntent[a].total}) |`,
    ),
    '',
    'Routing of the generated evaluation queries (classified intent = the intent the truth was built for):',
    '',
    '| intent | routed right |',
    '|---|---:|',
    ...Object.entries(routing).map(
      ([i, r]) => `| ${short(i)} | ${r.correct}/${r.total} = ${fmt(r.total ? r.correct / r.total : 0)} |`,
    ),
    '',
    `<details><summary>${report.errors.length} misclassified hand-written queries</summary>`,
    '',
    '| query | expected | got (rule, confidence) |',
    '|---|---|---|',
    ...report.errors.map(
      (e) => `| ${mdCell(e.query)} | ${short(e.expected)} | ${short(e.got)} (${e.rule}, ${e.confidence}) |`,
    ),
    '',
    '</details>',
  ];
  return lines.join('\n');
}

export function failuresSection(failures: readonly Failure[], maxPerIntent: number): string {
  const out: string[] = [];
  for (const intent of EVAL_INTENTS) {
    const mine = failures.filter((f) => f.intent === intent);
    const causes = new Map<string, number>();
    for (const f of mine) causes.set(f.cause, (causes.get(f.cause) ?? 0) + 1);
    out.push(
      `### ${INTENT_TITLES[intent]}: ${mine.length} failures (${[...causes].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'})`,
      '',
    );
    for (const f of mine.slice(0, maxPerIntent)) {
      const alone = MODALITIES.filter((m) => m in f.aloneRanks)
        .map((m) => `${m.slice(0, 4)} ${f.aloneRanks[m] ?? '–'}`)
        .join(', ');
      out.push(
        `- \`${f.id}\` **${mdCell(f.query)}** → ${f.classified}, ${f.strategy}; score ${fmt(f.score)}; ${f.cause}`,
        `  - expected: ${f.expected.map((e) => `\`${e}\``).join(', ')}`,
        `  - got: ${f.got.map((g) => `\`${g}\``).join(', ') || '(nothing)'}`,
        `  - alone (first right rank): ${alone}`,
      );
    }
    if (mine.length > maxPerIntent) out.push(`- … ${mine.length - maxPerIntent} more in results.json`);
    out.push('');
  }
  return out.join('\n');
}

export function mdCell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ⏎ ');
}

/** The default preset by phrasing template: where the wording, not the code, decides. */
export function phrasingSection(outcomes: readonly QueryOutcome[]): string {
  const out: string[] = [
    '| intent | phrasing | n | routed right | default headline | intent given |',
    '|---|---|---:|---:|---:|---:|',
  ];
  for (const intent of EVAL_INTENTS) {
    const { level, metric } = HEADLINE[intent];
    const byPhrasing = new Map<string, QueryOutcome[]>();
    for (const o of outcomes)
      if (o.query.intent === intent) byPhrasing.set(o.query.phrasing, [...(byPhrasing.get(o.query.phrasing) ?? []), o]);
    for (const [phrasing, list] of [...byPhrasing].sort((a, b) => b[1].length - a[1].length)) {
      const routed = list.filter((o) => o.runs.default?.intent === intent).length;
      const mean = (system: SystemName) =>
        list.reduce(
          (sum, o) => sum + (o.runs[system] ? scoreQuery(o.query, o.runs[system]!.items, level)[metric] : 0),
          0,
        ) / list.length;
      out.push(
        `| ${INTENT_TITLES[intent]} | ${phrasing} (e.g. "${mdCell(list[0].query.query.slice(0, 60))}") | ${list.length} | ${routed}/${list.length} | ${fmt(mean('default'))} | ${fmt(mean('default-true-intent'))} |`,
      );
    }
  }
  return out.join('\n');
}
