/**
 * The systems compared on every query, and how each one is run:
 *
 * - `semantic` / `text` / `structural` / `graph` alone: `engine.search(query, { preset:
 *   'thorough', modalities: [m] })` — thorough so the direct path never applies, the
 *   classifier's intent and plan as for any query — and the modality's OWN ranked list is
 *   read from the response's explanation (`query.modalities[m].list`, top 25 chunks), before
 *   fusion, boost and demotion. Where the classified intent gives the modality weight 0
 *   (semantic and graph on exact_match), the weight is set to 1 through
 *   `experiment.weights` so the retriever runs at all.
 * - `quick` / `default` / `thorough`: `engine.search(query, { preset })`, exactly what a user
 *   gets (classifier, routing, direct path, fusion, boost, clean-up).
 * - `grep` / `bm25`: the baselines (baselines.ts).
 * - `default-true-intent` (diagnostic): `engine.search(query, { preset: 'default', intent })`
 *   with the intent the truth was built for, so a classifier mistake cannot cost anything.
 *   Where the classifier agrees this is exactly `default`; where it does not, the engine
 *   treats the intent as a user choice (confidence 1, rule 'user-choice', never direct).
 *
 * Every list is reduced to its first entry per file before scoring.
 */
import type { Modality, Preset, SearchResponse } from '../../src/engine/contract';
import { MODALITIES } from '../../src/engine/contract';
import type { Engine } from '../../src/engine/engine';
import { WEIGHTS } from '../../src/engine/ranking';
import { type Bm25Files, grepRank } from './baselines';
import { firstPerKey } from './metrics';
import type { EvalQuery } from './queries';

export type SystemName = Modality | Preset | 'grep' | 'bm25' | 'default-true-intent';
export const ALONE_SYSTEMS: readonly SystemName[] = MODALITIES;
export const PRESET_SYSTEMS: readonly SystemName[] = ['quick', 'default', 'thorough'];
export const BASELINE_SYSTEMS: readonly SystemName[] = ['grep', 'bm25'];
/** Diagnostics: not part of the goals, there to separate classifier mistakes from retrieval ones. */
export const DIAGNOSTIC_SYSTEMS: readonly SystemName[] = ['default-true-intent'];
export const SYSTEMS: readonly SystemName[] = [
  ...ALONE_SYSTEMS,
  ...PRESET_SYSTEMS,
  ...BASELINE_SYSTEMS,
  ...DIAGNOSTIC_SYSTEMS,
];

export const SYSTEM_LABELS: Record<SystemName, string> = {
  semantic: 'semantic alone',
  text: 'text alone',
  structural: 'structural alone',
  graph: 'graph alone',
  quick: 'fused · quick',
  default: 'fused · default',
  thorough: 'fused · thorough',
  grep: 'baseline · grep (git grep -c)',
  bm25: 'baseline · BM25 files (MiniSearch)',
  'default-true-intent': 'diagnostic · default, intent given',
};

/** Results kept per system: the metrics stop at 10, the failure list shows 3. */
export const RESULTS_KEPT = 10;

export interface RankedItem {
  path: string;
  startLine: number;
  endLine: number;
  symbol?: string;
}

export interface SystemRun {
  system: SystemName;
  /** False when the system could not run (no embedder for semantic). */
  ran: boolean;
  note?: string;
  items: RankedItem[];
  ms: number;
  /** Classifier output as the engine reported it (engine systems only). */
  intent?: string;
  rule?: string;
  confidence?: number;
  strategy?: string;
  strategyReason?: string;
  /** Per-result modality ranks (fused systems), for blaming. */
  modalityRanks?: Partial<Record<Modality, number>>[];
}

export interface SearchTargets {
  engine: Engine;
  /** Folder the grep baseline searches. */
  dir: string;
  bm25: Bm25Files;
}

export async function runSystem(system: SystemName, query: EvalQuery, t: SearchTargets): Promise<SystemRun> {
  const started = performance.now();
  if (system === 'grep') {
    const hits = await grepRank(t.dir, query.baseline);
    return {
      system,
      ran: true,
      items: hits.slice(0, RESULTS_KEPT).map((h) => ({ path: h.path, startLine: h.line, endLine: h.line })),
      ms: performance.now() - started,
    };
  }
  if (system === 'bm25') {
    const hits = t.bm25.search(query.baseline, RESULTS_KEPT);
    // BM25 ranks whole files: its "range" is the whole file.
    return {
      system,
      ran: true,
      items: hits.map((h) => ({ path: h.path, startLine: 1, endLine: Number.MAX_SAFE_INTEGER })),
      ms: performance.now() - started,
    };
  }
  if ((MODALITIES as readonly string[]).includes(system)) return runAlone(system as Modality, query, t.engine, started);
  if (system === 'default-true-intent') {
    const response = await t.engine.search(query.query, {
      preset: 'default',
      intent: query.intent,
      limit: RESULTS_KEPT,
    });
    return fromResponse(system, response, performance.now() - started);
  }
  const response = await t.engine.search(query.query, { preset: system as Preset, limit: RESULTS_KEPT });
  return fromResponse(system, response, performance.now() - started);
}

async function runAlone(m: Modality, query: EvalQuery, engine: Engine, started: number): Promise<SystemRun> {
  const intent = engine.classify(query.query).intent;
  const experiment = WEIGHTS[intent][m] > 0 ? undefined : { weights: { [m]: 1 } };
  const response = await engine.search(query.query, {
    preset: 'thorough',
    modalities: [m],
    limit: RESULTS_KEPT,
    experiment,
  });
  const run = response.query.modalities.find((r) => r.modality === m);
  const ms = performance.now() - started;
  const base = {
    system: m,
    ms,
    intent: response.query.intent,
    rule: response.query.rule,
    confidence: response.query.confidence,
  };
  if (!run || !run.ran) return { ...base, ran: false, note: run?.skipped ?? 'not run', items: [] };
  const items = firstPerKey(
    run.list.map((hit) => {
      const c = engine.chunk(hit.chunkId);
      return { path: c.path, startLine: c.startLine, endLine: c.endLine, symbol: c.symbol };
    }),
    (i) => i.path,
  ).slice(0, RESULTS_KEPT);
  return { ...base, ran: true, items };
}

function fromResponse(system: SystemName, r: SearchResponse, ms: number): SystemRun {
  const ranAny = r.query.modalities.some((m) => m.ran);
  return {
    system,
    ran: ranAny,
    note: ranAny ? undefined : 'no modality ran',
    items: firstPerKey(
      r.results.map((x) => ({ path: x.path, startLine: x.startLine, endLine: x.endLine, symbol: x.symbol })),
      (i) => i.path,
    ).slice(0, RESULTS_KEPT),
    ms,
    intent: r.query.intent,
    rule: r.query.rule,
    confidence: r.query.confidence,
    strategy: r.query.strategy,
    strategyReason: r.query.strategyReason,
    modalityRanks: r.results
      .slice(0, RESULTS_KEPT)
      .map((x) => Object.fromEntries(Object.entries(x.explanation.modalities).map(([m, c]) => [m, c!.rank]))),
  };
}
