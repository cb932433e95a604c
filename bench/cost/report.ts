/**
 * Turns the measurements into tables (medians over runs, pooled p50/p95 for queries, ratios to
 * the baselines measured in the same run), the issue-5 goals with met / not met, and a growth
 * chart drawn as plain SVG.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusTier } from '../corpora';
import type { GrepBaseline, MiniSearchBaseline } from './baselines';
import type { BrowserRun } from './browser';
import { scaleReportLines, type ScaleRun } from './scale';
import type { BuildResult, LoadResult, QuerySample } from './node-child';
import { BENCH_INTENTS, type BenchQuery } from './queries';
import { median, medianOf, percentile } from './stats';
import { mcpReportLines, type McpLatency } from './mcp';
import { embedThroughputReportLines, type EmbedThroughputResult } from './embed-throughput';

export interface TierResult {
  tier: CorpusTier;
  builds: BuildResult[];
  loads: LoadResult[];
  embedBuild: BuildResult | null;
  embedLoad: LoadResult | null;
  queries: BenchQuery[];
  grep: GrepBaseline;
  grepByIntent: { intent: string; ms: number }[];
  mini: MiniSearchBaseline[];
  browser: BrowserRun[];
  browserEmbed: BrowserRun | null;
  browserSkipped: string | null;
}

export interface BenchResults {
  date: string;
  machine: string;
  command: string;
  runs: number;
  rg: string | null;
  tiers: TierResult[];
  /** A warm `fourfold mcp` server's answer times (bench/cost/mcp.ts). */
  mcp?: McpLatency[];
  /** Local-model embedding chunks/s, Node and Chromium workers (bench/cost/embed-throughput.ts). */
  embedThroughput?: EmbedThroughputResult[];
  /** Chromium at scale: 10 MB with the model, 50 MB, the 100,000-file tree (bench/cost/scale.ts). */
  chromiumScale?: ScaleRun[];
  /** The command that measured chromiumScale, when it ran apart from the rest. */
  chromiumScaleCommand?: string;
}

const GOALS = {
  nodeBuildMBps: 4,
  browserBuildMBps: 2,
  queryP95Ms: 30,
  exactVsGrep: 10,
  storedPerSource: 2.5,
  reloadMs: 1000,
};

const NON_SEMANTIC_STAGES = ['parse', 'chunks', 'text', 'structural', 'graph'] as const;
const INTENT_LABEL: Record<string, string> = {
  find_definition: 'definition',
  find_references: 'references',
  impact_analysis: 'impact',
  exact_match: 'exact',
  understand_code: 'understand',
};

const MB = 1e6;
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
const ms = (n: number) => {
  if (!Number.isFinite(n)) return '–';
  return n < 10 ? n.toFixed(1) : f0(n);
};
const x = (n: number) => (Number.isFinite(n) ? `${n >= 10 ? n.toFixed(0) : n.toFixed(1)}×` : '–');

function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------
// Derived figures

export function nonSemanticMs(b: BuildResult): number {
  return NON_SEMANTIC_STAGES.reduce((s, k) => s + (b.buildMs[k] ?? 0), 0);
}

/** Timed repeats (pass ≥ 1) by default; cold = each query's first run in a fresh process. */
function samplesOf(loads: LoadResult[], intent?: string, cold = false): QuerySample[] {
  return loads
    .flatMap((l) => l.samples)
    .filter((s) => (!intent || s.intent === intent) && (cold ? s.pass === 0 : s.pass !== 0));
}

interface Derived {
  sizeMb: number;
  mb: number;
  files: number;
  chunks: number;
  buildS: number;
  nodeMBps: number;
  cpuMBps: number;
  peakRssMb: number;
  snapshotRatio: number;
  reloadMs: number;
  p50: number;
  p95: number;
  exactP50: number;
  grepExactMs: number;
  miniBuildS: number;
  browserReadyS: number;
  browserGraphMBps: number;
  browserStoredRatio: number;
  browserReloadMs: number;
}

function derive(t: TierResult): Derived {
  const mb = t.tier.bytes / MB;
  const buildMs = medianOf(t.builds, nonSemanticMs);
  const all = samplesOf(t.loads).map((s) => s.ms);
  const exact = samplesOf(t.loads, 'exact_match').map((s) => s.ms);
  const graphDone = medianOf(t.browser, (b) => b.stageDoneMs['Dependency graph']);
  return {
    sizeMb: t.tier.sizeMb,
    mb,
    files: t.tier.files,
    chunks: medianOf(t.builds, (b) => b.chunks),
    buildS: buildMs / 1000,
    nodeMBps: mb / (buildMs / 1000),
    cpuMBps:
      mb / (medianOf(t.builds, (b) => NON_SEMANTIC_STAGES.reduce((s, k) => s + (b.cpuStageMs[k] ?? 0), 0)) / 1000),
    peakRssMb: medianOf(t.builds, (b) => b.peakRssMb),
    snapshotRatio: medianOf(t.builds, (b) => b.snapshotBytes) / t.tier.bytes,
    reloadMs: medianOf(t.loads, (l) => l.reloadToFirstResultMs),
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    exactP50: percentile(exact, 50),
    grepExactMs: median(t.grepByIntent.filter((g) => g.intent === 'exact_match').map((g) => g.ms)),
    miniBuildS: medianOf(t.mini, (m) => m.buildMs) / 1000,
    browserReadyS: medianOf(t.browser, (b) => b.readyMs) / 1000,
    browserGraphMBps: mb / (graphDone / 1000),
    browserStoredRatio: medianOf(t.browser, (b) => b.storedBytes) / t.tier.bytes,
    browserReloadMs: median(t.browser.flatMap((b) => b.reloadToFirstResultMs)),
  };
}

// ---------------------------------------------------------------------------------------
// Markdown

/** The CLI's own figures, measured apart by bench/cost/cli-speed.ts into cli-speed.md (kept across runs of this report). */
export const CLI_SPEED_FILE = 'cli-speed.md';

function cliSpeedLines(outDir: string): string[] {
  const file = join(outDir, CLI_SPEED_FILE);
  if (!existsSync(file)) return [];
  const body = readFileSync(file, 'utf8').trim().replace(/^# /, '').replace(/^## /gm, '### ');
  return ['## Node: build, cached search, query latency and stored size (bench/cost/cli-speed.ts)', '', body, ''];
}

export function writeReport(results: BenchResults, outDir: string): string {
  const d = results.tiers.map(derive);
  const largest = d[d.length - 1];
  const at10 = d.find((r) => r.sizeMb === 10);
  const at50 = d.find((r) => r.sizeMb >= 50);
  const grepTool = results.tiers[0]?.grep.tool ?? 'rg';
  const out: string[] = [];
  out.push('# Fourfold cost benchmark');
  out.push('');
  out.push(
    `Generated by \`${results.command}\` on ${results.date.slice(0, 16).replace('T', ' ')} UTC — ${results.machine}.`,
  );
  out.push(
    `Medians of ${results.runs} run(s) per figure; query p50/p95 pooled over every timed query of every run. Baselines ran in the same process tree on the same files: ${results.rg ?? 'rg not installed — git grep --no-index used instead'}${results.rg ? ' (whole process per query)' : ''}, and MiniSearch 7 (BM25 over whole files). The machine is shared and noisy: read the ratios first.`,
  );
  out.push('');
  out.push(
    'Reproduce: `npm run bench` (1 and 10 MB, 3 runs), `npm run bench -- --sizes 1,10,50` (adds the 50 MB tier), `--runs N`, `--no-browser`.',
  );
  out.push('');

  out.push('## Corpora');
  out.push('');
  out.push(
    table(
      ['tier', 'files', 'MB', 'packages (npm, pinned; * = partly)'],
      results.tiers.map((t) => [
        `${t.tier.sizeMb} MB`,
        f0(t.tier.files),
        f1(t.tier.bytes / MB),
        t.tier.packages.map((p) => `${p.pkg}@${p.version}${p.partial ? '*' : ''}`).join(', '),
      ]),
    ),
  );
  out.push('');
  out.push(
    'Code files only (.js/.mjs/.cjs/.ts/.tsx/.mts/.cts, ≤ 1 MiB, no .d.cts/.d.mts copies), fetched with `npm pack` into .cache/bench/. Each tier is a prefix of the next.',
  );
  out.push('');

  out.push('## Goals');
  out.push('');
  const goalRows: string[][] = [];
  const verdict = (ok: boolean | null) => {
    if (ok === null) return 'not measured';
    return ok ? '**met**' : '**not met**';
  };
  goalRows.push([
    `text + structural + graph build ≥ ${GOALS.nodeBuildMBps} MB/s in Node`,
    d.map((r) => `${r.sizeMb} MB: ${f2(r.nodeMBps)} MB/s (${f2(r.cpuMBps)} per CPU-second)`).join('; '),
    verdict(d.every((r) => r.nodeMBps >= GOALS.nodeBuildMBps)),
  ]);
  const bd = d.filter((r) => Number.isFinite(r.browserGraphMBps));
  goalRows.push([
    `… ≥ ${GOALS.browserBuildMBps} MB/s in Chromium`,
    bd.map((r) => `${r.sizeMb} MB: ${f2(r.browserGraphMBps)} MB/s`).join('; ') || '–',
    verdict(bd.length ? bd.every((r) => r.browserGraphMBps >= GOALS.browserBuildMBps) : null),
  ]);
  goalRows.push([
    `query p95 ≤ ${GOALS.queryP95Ms} ms at 50 MB, no query embedding (Node)`,
    d.map((r) => `${r.sizeMb} MB: ${ms(r.p95)} ms`).join('; '),
    at50
      ? verdict(at50.p95 <= GOALS.queryP95Ms)
      : `not measured at 50 MB (largest: ${largest.sizeMb} MB ${largest.p95 <= GOALS.queryP95Ms ? 'within' : 'over'} the bound)`,
  ]);
  goalRows.push([
    `exact match ≥ ${GOALS.exactVsGrep}× faster than ${grepTool} on the same files`,
    d
      .map((r) => `${r.sizeMb} MB: ${ms(r.exactP50)} ms vs ${ms(r.grepExactMs)} ms = ${x(r.grepExactMs / r.exactP50)}`)
      .join('; '),
    verdict(d.every((r) => r.grepExactMs / r.exactP50 >= GOALS.exactVsGrep)),
  ]);
  goalRows.push([
    `stored index ≤ ${GOALS.storedPerSource}× source`,
    d
      .map(
        (r) =>
          `${r.sizeMb} MB: Node snapshot ${x(r.snapshotRatio)}${Number.isFinite(r.browserStoredRatio) ? `, IndexedDB ${x(r.browserStoredRatio)}` : ''}`,
      )
      .join('; '),
    verdict(
      d.every((r) => r.snapshotRatio <= GOALS.storedPerSource && !(r.browserStoredRatio > GOALS.storedPerSource)),
    ),
  ]);
  goalRows.push([
    `reload to first result ≤ 1 s at 10 MB`,
    at10
      ? `Node ${ms(at10.reloadMs)} ms; Chromium ${ms(at10.browserReloadMs)} ms (incl. the app's 120 ms debounce)`
      : '–',
    at10 ? verdict(at10.reloadMs <= GOALS.reloadMs && !(at10.browserReloadMs > GOALS.reloadMs)) : 'not measured',
  ]);
  out.push(table(['goal', 'measured (medians)', 'verdict'], goalRows));
  out.push('');

  out.push('## Growth');
  out.push('');
  out.push('![build time, memory and query latency against corpus size](growth.svg)');
  out.push('');
  out.push(
    table(
      [
        'tier',
        'files',
        'chunks',
        'Node build s (no embedder)',
        'MB/s',
        'peak RSS MB',
        'snapshot / source',
        'reload → 1st result ms',
        'query p50 / p95 ms',
        `exact p50 vs ${grepTool}`,
        'MiniSearch build s',
        'Chromium ready s',
        'IndexedDB / source',
      ],
      d.map((r) => [
        `${r.sizeMb} MB`,
        f0(r.files),
        f0(r.chunks),
        f1(r.buildS),
        f2(r.nodeMBps),
        f0(r.peakRssMb),
        x(r.snapshotRatio),
        ms(r.reloadMs),
        `${ms(r.p50)} / ${ms(r.p95)}`,
        `${ms(r.exactP50)} vs ${ms(r.grepExactMs)} (${x(r.grepExactMs / r.exactP50)})`,
        f1(r.miniBuildS),
        f1(r.browserReadyS),
        x(r.browserStoredRatio),
      ]),
    ),
  );
  out.push('');

  out.push('## Node: build per stage');
  out.push('');
  out.push(
    `Wall time from \`stats.buildMs\` (median); throughput = source MB ÷ stage time; CPU = process CPU time, all threads, between the engine's progress events (parse includes chunking). Peak RSS is the child process's maxRSS (one process per build). Parsing: ${results.tiers[0]?.builds[0]?.analyzer ?? '–'}.`,
  );
  out.push('');
  const stageRows: string[][] = [];
  for (const t of results.tiers) {
    const mb = t.tier.bytes / MB;
    const walk = medianOf(t.builds, (b) => b.readMs);
    stageRows.push([
      `${t.tier.sizeMb} MB`,
      'walk + intake',
      ms(walk),
      f1(mb / (walk / 1000)),
      f0(t.tier.files / (walk / 1000)),
      '–',
    ]);
    for (const s of NON_SEMANTIC_STAGES) {
      const w = medianOf(t.builds, (b) => b.buildMs[s]);
      const cpu = s === 'chunks' ? NaN : medianOf(t.builds, (b) => b.cpuStageMs[s]);
      stageRows.push(['', s, ms(w), f1(mb / (w / 1000)), s === 'parse' ? f0(t.tier.files / (w / 1000)) : '', ms(cpu)]);
    }
    const total = medianOf(t.builds, nonSemanticMs);
    stageRows.push([
      '',
      '**text+structural+graph total**',
      ms(total),
      f2(mb / (total / 1000)),
      f0(t.tier.files / (total / 1000)),
      ms(medianOf(t.builds, (b) => b.cpuBuildMs)),
    ]);
    if (t.embedBuild) {
      const e = t.embedBuild;
      stageRows.push([
        '',
        'semantic (local model, 1 run)',
        ms(e.buildMs.semantic),
        f2(mb / (e.buildMs.semantic / 1000)),
        `${f0(e.chunks / (e.buildMs.semantic / 1000))} chunks/s`,
        ms(e.cpuStageMs.semantic),
      ]);
    }
  }
  out.push(table(['tier', 'stage', 'ms', 'MB/s', 'files/s', 'CPU ms'], stageRows));
  out.push('');
  const withEmbed = results.tiers.filter((t) => t.embedBuild);
  if (withEmbed.length) {
    const ref = withEmbed[withEmbed.length - 1];
    const rate = ref.embedBuild!.chunks / (ref.embedBuild!.buildMs.semantic / 1000);
    const chunksPerMb = ref.embedBuild!.chunks / (ref.tier.bytes / MB);
    out.push(
      `Embedding with the bundled local model ran at ${f0(rate)} chunks/s at ${ref.tier.sizeMb} MB (${f0(chunksPerMb)} chunks per MB). **Extrapolated, not measured:** a 50 MB corpus (~${f0(chunksPerMb * 50)} chunks) would take ~${f0((chunksPerMb * 50) / rate)} s to embed in Node on this machine.`,
    );
    out.push('');
  }

  out.push('## Node: memory and stored size');
  out.push('');
  out.push(
    table(
      [
        'tier',
        'RSS at start MB',
        'peak RSS (build) MB',
        'RSS after reload MB',
        'snapshot MB (v8)',
        'gzip MB',
        'Σ stats.sizeBytes MB',
        'snapshot / source',
        'MiniSearch JSON / source',
      ],
      results.tiers.map((t) => [
        `${t.tier.sizeMb} MB`,
        f0(medianOf(t.builds, (b) => b.startRssMb)),
        f0(medianOf(t.builds, (b) => b.peakRssMb)),
        f0(medianOf(t.loads, (l) => l.rssAfterLoadMb)),
        f1(medianOf(t.builds, (b) => b.snapshotBytes) / MB),
        f1(medianOf(t.builds, (b) => b.snapshotGzipBytes) / MB),
        f1(medianOf(t.builds, (b) => Object.values(b.sizeBytes).reduce((a, c) => a + c, 0)) / MB),
        x(medianOf(t.builds, (b) => b.snapshotBytes) / t.tier.bytes),
        x(medianOf(t.mini, (m) => m.indexBytes) / t.tier.bytes),
      ]),
    ),
  );
  out.push('');
  out.push('The snapshot holds the source text itself (needed for snippets and verification), so ≥ 1× is its floor.');
  out.push('');

  out.push('## Node: reload to first result');
  out.push('');
  out.push(
    table(
      ['tier', 'read file ms', 'deserialize ms', 'Engine.load ms', 'first query ms', 'total ms'],
      results.tiers.map((t) => [
        `${t.tier.sizeMb} MB`,
        ms(medianOf(t.loads, (l) => l.readMs)),
        ms(medianOf(t.loads, (l) => l.deserializeMs)),
        ms(medianOf(t.loads, (l) => l.loadMs)),
        ms(medianOf(t.loads, (l) => l.firstQueryMs)),
        ms(medianOf(t.loads, (l) => l.reloadToFirstResultMs)),
      ]),
    ),
  );
  out.push('');

  out.push(...cliSpeedLines(outDir));
  out.push('## Query latency per intent');
  out.push('');
  out.push(
    `Engine.search() wall time in a freshly loaded process: each query's first run ("cold") and two timed repeats of the whole set (p50/p95 over the repeats). "${grepTool}" = whole-process \`${grepTool === 'rg' ? 'rg -F -c' : 'git grep --no-index -F -c'}\` for the query's literal or identifier over the same folder (median per query, then median over queries); ratio = ${grepTool} ÷ Fourfold p50. MiniSearch = index.search() of the query text.`,
  );
  out.push('');
  const qRows: string[][] = [];
  for (const t of results.tiers) {
    for (const intent of BENCH_INTENTS) {
      const s = samplesOf(t.loads, intent).map((q) => q.ms);
      const c = samplesOf(t.loads, intent, true).map((q) => q.ms);
      const e = t.embedLoad ? samplesOf([t.embedLoad], intent).map((q) => q.ms) : [];
      const g = median(t.grepByIntent.filter((q) => q.intent === intent).map((q) => q.ms));
      const m = percentile(
        t.mini[0].queryMs.filter((q) => q.intent === intent).map((q) => q.ms),
        50,
      );
      const b = t.browser.flatMap((r) => r.queries.filter((q) => q.intent === intent).map((q) => q.ms));
      const p50 = percentile(s, 50);
      const agree = samplesOf(t.loads, intent);
      qRows.push([
        intent === BENCH_INTENTS[0] ? `${t.tier.sizeMb} MB` : '',
        INTENT_LABEL[intent],
        `${ms(p50)} / ${ms(percentile(s, 95))}`,
        `${ms(percentile(c, 50))} / ${ms(percentile(c, 95))}`,
        e.length ? `${ms(percentile(e, 50))} / ${ms(percentile(e, 95))}` : '–',
        Number.isFinite(g) ? `${ms(g)} (${x(g / p50)})` : '–',
        `${ms(m)} (${x(m / p50)})`,
        b.length ? `${ms(percentile(b, 50))} / ${ms(percentile(b, 95))}` : '–',
        `${Math.round((100 * agree.filter((q) => q.classifiedAs === intent).length) / Math.max(1, agree.length))} %`,
      ]);
    }
  }
  out.push(
    table(
      [
        'tier',
        'intent',
        'Node p50 / p95 ms',
        'cold (1st run) p50 / p95',
        'with query embedding p50 / p95',
        `${grepTool} ms (ratio)`,
        'MiniSearch p50 ms (ratio)',
        'Chromium p50 / p95 ms',
        'classified as intended',
      ],
      qRows,
    ),
  );
  out.push('');
  out.push('Where query time goes (median ms per modality that ran, no query embedding, largest tier):');
  out.push('');
  const lt = results.tiers[results.tiers.length - 1];
  const mods = ['text', 'structural', 'graph', 'semantic'];
  out.push(
    table(
      ['intent', ...mods, 'direct path share'],
      BENCH_INTENTS.map((intent) => {
        const s = samplesOf(lt.loads, intent);
        return [
          INTENT_LABEL[intent],
          ...mods.map((m) => {
            const v = s.map((q) => q.modalityMs[m]).filter((n) => n !== undefined);
            return v.length ? `${ms(median(v))} (${v.length}/${s.length})` : '–';
          }),
          `${Math.round((100 * s.filter((q) => q.strategy === 'direct').length) / Math.max(1, s.length))} %`,
        ];
      }),
    ),
  );
  out.push('');

  out.push('## Chromium (built app, worker pool, IndexedDB)');
  out.push('');
  out.push(
    "Stage ends and ready (the end of `fourfold:store`) are the app's own User Timing measures, read from the index worker's timeline and put on the page's clock from the moment the folder is chosen (bench/cost/browser.ts); IndexedDB = `navigator.storage.estimate()` usage before and after; query latency = input event → answer rendered minus the app's 120 ms debounce, reload → first answer with `?repo&q` in the URL (navigation start, debounce included); reload → all four = navigation start → the first answer on screen from a query begun once the model was up (the run with the model). The embedding model is blocked (its requests aborted) in the timed runs, so the build is text + structural + graph only; one extra run with the model shows its cost.",
  );
  out.push('');
  const cRows: string[][] = [];
  for (const t of results.tiers) {
    if (t.browserSkipped) {
      cRows.push([`${t.tier.sizeMb} MB`, t.browserSkipped, '', '', '', '', '', '', '', '']);
      continue;
    }
    const mb = t.tier.bytes / MB;
    const row = (label: string, runs: BrowserRun[]) => {
      const st = (k: string) => medianOf(runs, (b) => b.stageDoneMs[k]);
      const ready = medianOf(runs, (b) => b.readyMs);
      return [
        label,
        `${f1(ready / 1000)} s (${f2(mb / (ready / 1000))} MB/s)`,
        f1(st('Files read') / 1000),
        f1(st('Files parsed') / 1000),
        f1(st('Text and symbol indexes') / 1000),
        f1(st('Dependency graph') / 1000),
        Number.isFinite(st('Chunks embedded')) ? f1(st('Chunks embedded') / 1000) : '–',
        `${f1(medianOf(runs, (b) => b.storedBytes) / MB)} MB (${x(medianOf(runs, (b) => b.storedBytes) / t.tier.bytes)})`,
        ms(median(runs.flatMap((b) => b.reloadToFirstResultMs))),
        // Only a run with the model has semantic to wait for.
        runs.some((b) => b.reloadToAllFourMs?.length)
          ? ms(median(runs.flatMap((b) => b.reloadToAllFourMs ?? [])))
          : '–',
      ];
    };
    cRows.push(row(`${t.tier.sizeMb} MB (${t.browser.length} runs, no model)`, t.browser));
    if (t.browserEmbed) cRows.push(row(`${t.tier.sizeMb} MB (1 run, with model)`, [t.browserEmbed]));
  }
  out.push(
    table(
      [
        'tier',
        'ready',
        'read done s',
        'parsed s',
        'text+symbol s',
        'graph s',
        'embedded s',
        'IndexedDB',
        'reload → 1st result ms',
        'reload → all four ms',
      ],
      cRows,
    ),
  );
  out.push('');

  out.push(...scaleReportLines(results.chromiumScale ?? []));
  if (results.chromiumScaleCommand)
    out.push(`(Measured by \`${results.chromiumScaleCommand}\`, apart from the rest of this report.)`, '');
  out.push(...mcpReportLines(results.mcp ?? []));
  out.push(...embedThroughputReportLines(results.embedThroughput ?? []));
  out.push('## Where the time goes');
  out.push('');
  out.push(...whereTimeGoes(results));
  out.push('');
  out.push('## What would help measuring');
  out.push('');
  out.push(
    "- A switch to build without the embedding model (today the benchmark aborts the model's requests to get a text + structural + graph build).",
  );
  const markdown = out.join('\n');
  writeFileSync(join(outDir, 'REPORT.md'), `${markdown}\n`);
  writeFileSync(join(outDir, 'growth.svg'), growthSvg(d));
  return markdown;
}

function whereTimeGoes(results: BenchResults): string[] {
  const t = results.tiers[results.tiers.length - 1];
  const lines: string[] = [];
  const total = medianOf(t.builds, nonSemanticMs);
  const shares = NON_SEMANTIC_STAGES.map((s) => [s, medianOf(t.builds, (b) => b.buildMs[s]) / total] as const).sort(
    (a, b) => b[1] - a[1],
  );
  lines.push(
    `- Node build at ${t.tier.sizeMb} MB: ${shares.map(([s, f]) => `${s} ${Math.round(f * 100)} %`).join(', ')} of the text+structural+graph time. CPU time / wall time = ${f2(medianOf(t.builds, (b) => b.cpuBuildMs) / medianOf(t.builds, (b) => b.totalBuildMs))} (process CPU over all threads — worker threads and GC — ÷ wall time).`,
  );
  if (t.embedBuild)
    lines.push(
      `- With the local model, semantic took ${f0(t.embedBuild.buildMs.semantic)} ms of ${f0(t.embedBuild.totalBuildMs)} ms at ${t.tier.sizeMb} MB.`,
    );
  const rl = (k: keyof LoadResult) => medianOf(t.loads, (l) => l[k] as number);
  lines.push(
    `- Reload in Node at ${t.tier.sizeMb} MB: deserialize ${ms(rl('deserializeMs'))} ms + Engine.load ${ms(rl('loadMs'))} ms (rebuilds the corpus and chunks from the stored analyses) + first query ${ms(rl('firstQueryMs'))} ms.`,
  );
  const slow = BENCH_INTENTS.map(
    (i) =>
      [
        i,
        percentile(
          samplesOf(t.loads, i).map((q) => q.ms),
          95,
        ),
      ] as const,
  ).sort((a, b) => b[1] - a[1])[0];
  if (slow) lines.push(`- Slowest intent at p95: ${INTENT_LABEL[slow[0]]} (${ms(slow[1])} ms).`);
  if (t.browser.length) {
    const b = (k: string) => medianOf(t.browser, (r) => r.stageDoneMs[k]);
    const ready = medianOf(t.browser, (r) => r.readyMs);
    lines.push(
      `- Chromium at ${t.tier.sizeMb} MB: reading files ${f1(b('Files read') / 1000)} s, parsing until ${f1(b('Files parsed') / 1000)} s, text+symbol indexes until ${f1(b('Text and symbol indexes') / 1000)} s, graph until ${f1(b('Dependency graph') / 1000)} s, storing until ready at ${f1(ready / 1000)} s.`,
    );
  }
  return lines;
}

// ---------------------------------------------------------------------------------------
// SVG

interface Series {
  label: string;
  color: string;
  points: [number, number][];
  dashed?: boolean;
}

function panel(title: string, unit: string, series: Series[], sizes: number[], ox: number): string {
  const W = 300;
  const H = 230;
  const L = 46;
  const R = 10;
  const T = 28;
  const B = 40;
  const xs = sizes.map((s) => Math.log10(s));
  const [x0, x1] = xs.length > 1 ? [Math.min(...xs), Math.max(...xs)] : [xs[0] - 0.5, xs[0] + 0.5];
  const finite = series.flatMap((s) => s.points.map((p) => p[1])).filter(Number.isFinite);
  const yMax = niceMax(Math.max(1e-9, ...finite));
  const px = (v: number) => ox + L + ((Math.log10(v) - x0) / (x1 - x0 || 1)) * (W - L - R);
  const py = (v: number) => T + (1 - v / yMax) * (H - T - B);
  const parts: string[] = [];
  parts.push(`<text x="${ox + W / 2}" y="16" text-anchor="middle" font-weight="bold">${esc(title)}</text>`);
  for (let i = 0; i <= 4; i++) {
    const v = (yMax * i) / 4;
    parts.push(`<line x1="${ox + L}" x2="${ox + W - R}" y1="${py(v)}" y2="${py(v)}" stroke="#ddd"/>`);
    parts.push(`<text x="${ox + L - 4}" y="${py(v) + 4}" text-anchor="end" font-size="10">${fmtTick(v)}</text>`);
  }
  for (const s of sizes) {
    parts.push(`<line x1="${px(s)}" x2="${px(s)}" y1="${T}" y2="${H - B}" stroke="#eee"/>`);
    parts.push(`<text x="${px(s)}" y="${H - B + 14}" text-anchor="middle" font-size="10">${s} MB</text>`);
  }
  parts.push(
    `<text x="${ox + 12}" y="${T + (H - T - B) / 2}" font-size="10" transform="rotate(-90 ${ox + 12} ${T + (H - T - B) / 2})" text-anchor="middle">${esc(unit)}</text>`,
  );
  series.forEach((s, i) => {
    const pts = s.points.filter((p) => Number.isFinite(p[1]));
    if (pts.length) {
      parts.push(
        `<polyline fill="none" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5 3"' : ''} points="${pts.map(([a, b]) => `${px(a).toFixed(1)},${py(b).toFixed(1)}`).join(' ')}"/>`,
      );
      for (const [a, b] of pts)
        parts.push(
          `<circle cx="${px(a).toFixed(1)}" cy="${py(b).toFixed(1)}" r="3" fill="${s.color}"><title>${esc(s.label)}: ${fmtTick(b)} ${esc(unit)} at ${a} MB</title></circle>`,
        );
    }
    const ly = H - B + 26 + Math.floor(i / 2) * 12;
    const lx = ox + L + (i % 2) * 125;
    parts.push(
      `<line x1="${lx}" x2="${lx + 14}" y1="${ly - 3}" y2="${ly - 3}" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="4 2"' : ''}/>`,
    );
    parts.push(`<text x="${lx + 18}" y="${ly}" font-size="9">${esc(s.label)}</text>`);
  });
  return parts.join('\n');
}

function growthSvg(d: Derived[]): string {
  const sizes = d.map((r) => r.sizeMb);
  const pts = (f: (r: Derived) => number): [number, number][] => d.map((r) => [r.sizeMb, f(r)]);
  const panels = [
    panel(
      'Build time',
      'seconds',
      [
        { label: 'Node (no embedder)', color: '#1f77b4', points: pts((r) => r.buildS) },
        { label: 'Chromium to ready', color: '#d62728', points: pts((r) => r.browserReadyS) },
        { label: 'MiniSearch build', color: '#7f7f7f', points: pts((r) => r.miniBuildS), dashed: true },
      ],
      sizes,
      0,
    ),
    panel(
      'Peak memory (Node build)',
      'MB RSS',
      [{ label: 'Node build maxRSS', color: '#2ca02c', points: pts((r) => r.peakRssMb) }],
      sizes,
      310,
    ),
    panel(
      'Query latency (Node)',
      'ms',
      [
        { label: 'p50, all intents', color: '#1f77b4', points: pts((r) => r.p50) },
        { label: 'p95, all intents', color: '#ff7f0e', points: pts((r) => r.p95) },
        { label: 'exact p50', color: '#9467bd', points: pts((r) => r.exactP50) },
        { label: 'rg/grep exact (process)', color: '#7f7f7f', points: pts((r) => r.grepExactMs), dashed: true },
      ],
      sizes,
      620,
    ),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="930" height="250" viewBox="0 0 930 250" font-family="system-ui, sans-serif" font-size="11">
<rect width="930" height="250" fill="#fff"/>
${panels.join('\n')}
</svg>
`;
}

function niceMax(v: number): number {
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

function fmtTick(v: number): string {
  if (v === 0) return '0';
  if (v >= 100) return Math.round(v).toLocaleString('en-US');
  if (v >= 10) return Number.isInteger(v) ? v.toFixed(0) : v.toFixed(1);
  return v.toFixed(1);
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
