/**
 * `npm run bench`: the cost of indexing and querying as repositories grow, in Node and in
 * headless Chromium, side by side with ripgrep (or git grep) and MiniSearch on the same files.
 * Prints the tables and writes docs/bench/REPORT.md, docs/bench/growth.svg and
 * docs/bench/results.json.
 *
 *   npm run bench                         # 1 and 10 MB, 3 runs each (≈ 15 min on 2 shared cores)
 *   npm run bench -- --sizes 1,10,50      # add the 50 MB tier (opt-in: slow)
 *   npm run bench -- --sizes 1 --runs 1   # a quick look
 *   npm run bench -- --scale              # add Chromium at scale: 50 MB and 100,000 files (10 MB is always run:
 *                                         # the tab's figures (docs/design.md#speed-goals), with and without the model, from choosing to reload)
 *   flags: --no-cli (skip bench/cost/cli-speed.ts, the CLI as whole processes), --no-browser,
 *          --browser-sizes 1,10, --embed-sizes 1,10, --rebuild-app
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_CACHE, REPO_ROOT, ensureTiers, tierSizes, type CorpusTier } from './corpora';
import {
  grepBaseline,
  miniSearchBaseline,
  readTree,
  rgVersion,
  type GrepBaseline,
  type MiniSearchBaseline,
} from './cost/baselines';
import { browserRun, ensureApp, type BrowserRun } from './cost/browser';
import type { BuildResult, ChildArgs, LoadResult } from './cost/node-child';
import { BENCH_INTENTS, type BenchQuery } from './cost/queries';
import { mcpLatency } from './cost/mcp';
import { browserEmbedThroughput, nodeEmbedThroughput, type EmbedThroughputResult } from './cost/embed-throughput';
import { writeReport, type BenchResults, type TierResult } from './cost/report';
import { chromiumScale } from './cost/scale';

interface Flags {
  sizes: number[];
  runs: number;
  browser: boolean;
  browserSizes: number[];
  embedSizes: number[];
  rebuildApp: boolean;
  /** Chromium at scale: 10 MB with the model, 50 MB, the 100,000-file tree (bench/cost/scale.ts). */
  scale: boolean;
  /** The CLI as whole processes (bench/cost/cli-speed.ts). */
  cli: boolean;
}

/** Queries per intent sent through the browser UI (each costs the app's debounce plus a render). */
const BROWSER_QUERIES_PER_INTENT = 8;
/** Reloads per browser run, for reload → first result. */
const BROWSER_RELOADS = 3;

const USAGE = `usage: npm run bench -- [--sizes 1,10,50] [--runs N] [--scale] [--no-cli] [--no-browser]
                        [--browser-sizes 1,10] [--embed-sizes 1,10] [--rebuild-app]
Without flags: the 1 and 10 MB tiers, 3 runs each, Node, the CLI and Chromium (about 15 min).`;
const VALUE_FLAGS = ['--sizes', '--runs', '--browser-sizes', '--embed-sizes'];
const SWITCHES = ['--no-browser', '--rebuild-app', '--scale', '--no-cli'];

/** `--help` prints the usage; an unknown flag stops before any work, so a typo never starts a 15-minute run. */
function checkArgs(argv: string[]): void {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  for (let i = 0; i < argv.length; i++) {
    if (VALUE_FLAGS.includes(argv[i]!)) i++;
    else if (!SWITCHES.includes(argv[i]!)) {
      process.stderr.write(`unknown argument: ${argv[i]}\n${USAGE}\n`);
      process.exit(2);
    }
  }
}

function parseFlags(argv: string[]): Flags {
  checkArgs(argv);
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i === -1 ? undefined : argv[i + 1];
  };
  const sizes = tierSizes(get('sizes'), [1, 10]);
  return {
    sizes,
    runs: Math.max(1, Number(get('runs') ?? 3)),
    browser: !argv.includes('--no-browser'),
    browserSizes: tierSizes(
      get('browser-sizes'),
      sizes.filter((s) => s <= 10),
    ),
    embedSizes: tierSizes(
      get('embed-sizes'),
      sizes.filter((s) => s <= 10),
    ),
    rebuildApp: argv.includes('--rebuild-app'),
    scale: argv.includes('--scale'),
    cli: !argv.includes('--no-cli'),
  };
}

const started = Date.now();
function log(s: string): void {
  const t = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  process.stderr.write(`[${t}s] ${s}\n`);
}

function child<T>(args: ChildArgs): T {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'bench/cost/node-child.ts'), JSON.stringify(args)],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    },
  );
  if (r.status !== 0) throw new Error(`bench child (${args.mode}, ${args.embedder}) failed:\n${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]) as T;
}

function pickBrowserQueries(queries: BenchQuery[]): BenchQuery[] {
  return BENCH_INTENTS.flatMap((intent) =>
    queries.filter((q) => q.intent === intent).slice(0, BROWSER_QUERIES_PER_INTENT),
  );
}

async function benchTier(tier: CorpusTier, flags: Flags): Promise<TierResult> {
  const tag = `${tier.sizeMb} MB`;
  const queriesFile = join(BENCH_CACHE, `queries-${tier.sizeMb}mb.json`);
  rmSync(queriesFile, { force: true }); // drawn again from this corpus by the first build
  const snapshotFile = join(BENCH_CACHE, `snapshot-${tier.sizeMb}mb.v8`);
  const base = { dir: tier.dir, snapshotFile, queriesFile };

  const builds: BuildResult[] = [];
  const loads: LoadResult[] = [];
  for (let r = 0; r < flags.runs; r++) {
    log(`${tag}: Node build ${r + 1}/${flags.runs} (no embedder)`);
    builds.push(child<BuildResult>({ mode: 'build', embedder: 'none', ...base }));
    log(`${tag}: Node reload + queries ${r + 1}/${flags.runs}`);
    loads.push(child<LoadResult>({ mode: 'load', embedder: 'none', ...base }));
  }
  const queries = JSON.parse(readFileSync(queriesFile, 'utf8')) as BenchQuery[];

  let embedBuild: BuildResult | null = null;
  let embedLoad: LoadResult | null = null;
  if (flags.embedSizes.includes(tier.sizeMb)) {
    const embedSnapshot = join(BENCH_CACHE, `snapshot-${tier.sizeMb}mb-local.v8`);
    log(`${tag}: Node build with the local embedder (one run)`);
    embedBuild = child<BuildResult>({ mode: 'build', embedder: 'local', ...base, snapshotFile: embedSnapshot });
    log(`${tag}: Node reload + queries with the query embedding`);
    embedLoad = child<LoadResult>({ mode: 'load', embedder: 'local', ...base, snapshotFile: embedSnapshot });
    rmSync(embedSnapshot, { force: true });
  }
  rmSync(snapshotFile, { force: true });

  const rg = rgVersion();
  const literals = queries.filter((q) => q.literal);
  log(`${tag}: ${rg ? 'ripgrep' : 'git grep (rg not installed)'} over ${literals.length} queries`);
  const grep: GrepBaseline = grepBaseline(
    tier.dir,
    literals.map((q) => q.literal!),
    rg ? 'rg' : 'git grep',
    flags.runs,
  );
  const grepByIntent = literals.map((q, i) => ({ intent: q.intent, ms: grep.perQueryMs[i] }));

  log(`${tag}: MiniSearch BM25 over whole files (${flags.runs} builds)`);
  const files = await readTree(tier.dir);
  const mini: MiniSearchBaseline[] = [];
  for (let r = 0; r < flags.runs; r++) mini.push(miniSearchBaseline(files, queries, r === 0 ? 2 : 0));

  const browser: BrowserRun[] = [];
  let browserEmbed: BrowserRun | null = null;
  let browserSkipped: string | null = null;
  if (!flags.browser) browserSkipped = 'not run (--no-browser)';
  else if (!flags.browserSizes.includes(tier.sizeMb))
    browserSkipped = `not run at ${tag} (too slow for the time budget; --browser-sizes to add it)`;
  else if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) browserSkipped = 'Chromium not installed';
  else {
    const bq = pickBrowserQueries(queries);
    for (let r = 0; r < flags.runs; r++) {
      log(`${tag}: Chromium run ${r + 1}/${flags.runs} (model blocked: no semantic index)`);
      browser.push(
        await browserRun(tier.dir, bq, {
          embedder: 'blocked',
          reloads: BROWSER_RELOADS,
          log: (s) => log(`${tag}:   ${s}`),
        }),
      );
    }
    if (tier.sizeMb === Math.min(...flags.browserSizes)) {
      log(`${tag}: Chromium run with the bundled embedding model (one run)`);
      browserEmbed = await browserRun(tier.dir, bq, {
        embedder: 'local',
        reloads: BROWSER_RELOADS,
        log: (s) => log(`${tag}:   ${s}`),
      });
    }
  }
  return {
    tier,
    builds,
    loads,
    embedBuild,
    embedLoad,
    queries,
    grep,
    grepByIntent,
    mini,
    browser,
    browserEmbed,
    browserSkipped,
  };
}

const flags = parseFlags(process.argv.slice(2));
log(`sizes ${flags.sizes.join(', ')} MB, ${flags.runs} run(s) each`);
const tiers = await ensureTiers(flags.sizes, log);
if (flags.browser) ensureApp(flags.rebuildApp, log);
const results: BenchResults = {
  date: new Date().toISOString(),
  machine: machineLine(),
  command: process.argv.length > 2 ? `npm run bench -- ${process.argv.slice(2).join(' ')}` : 'npm run bench',
  runs: flags.runs,
  rg: rgVersion(),
  tiers: [],
};
for (const tier of tiers) results.tiers.push(await benchTier(tier, flags));
results.mcp = [];
for (const t of results.tiers) {
  log(`${t.tier.sizeMb} MB: a warm MCP server, ${flags.runs} pass(es) over the queries`);
  results.mcp.push(await mcpLatency(t.tier, t.queries, flags.runs));
}
results.embedThroughput = [];
for (const t of results.tiers.filter((t) => flags.embedSizes.includes(t.tier.sizeMb))) {
  const tag = `${t.tier.sizeMb} MB`;
  const entry: EmbedThroughputResult = { sizeMb: t.tier.sizeMb, node: null, browser: null, skipped: [] };
  const textsFile = join(BENCH_CACHE, `embed-texts-${t.tier.sizeMb}mb.json`);
  log(`${tag}: embedding throughput, Node`);
  entry.node = nodeEmbedThroughput(t.tier.dir, textsFile);
  if (!flags.browser) entry.skipped.push('Chromium not run (--no-browser)');
  else if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) entry.skipped.push('Chromium not installed');
  else {
    log(`${tag}: embedding throughput, Chromium embed workers`);
    entry.browser = await browserEmbedThroughput(textsFile);
  }
  rmSync(textsFile, { force: true });
  results.embedThroughput.push(entry);
}
const outDir = join(REPO_ROOT, 'docs', 'bench');
if (flags.scale && flags.browser) results.chromiumScale = await chromiumScale(['10', '50', 'tree'], log);
else {
  // The 10 MB tier in one tab, with the bundled model and without (first answer, ready, reload,
  // stored ÷ source: the Chromium figures of docs/design.md#speed-goals) is part of every run with the browser; the
  // larger corpora keep their last runs, labelled with the command that measured them.
  const last = existsSync(join(outDir, 'results.json'))
    ? (JSON.parse(readFileSync(join(outDir, 'results.json'), 'utf8')) as BenchResults)
    : null;
  const fresh = flags.browser ? await chromiumScale(['10'], log) : [];
  const kept = (last?.chromiumScale ?? []).filter(
    (r) => !fresh.some((f) => f.corpus === r.corpus && f.embedder === r.embedder),
  );
  if (fresh.length || kept.length) results.chromiumScale = [...kept, ...fresh];
  const labels = [
    kept.length
      ? (last!.chromiumScaleCommand ?? `${last!.command} (${last!.date.slice(0, 16).replace('T', ' ')} UTC)`)
      : null,
    fresh.length ? `${results.command} (${results.date.slice(0, 16).replace('T', ' ')} UTC) for the 10 MB tier` : null,
  ].filter(Boolean);
  if (labels.length) results.chromiumScaleCommand = labels.join('; ');
}
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'results.json'), JSON.stringify(results, null, 1));
let markdown = writeReport(results, outDir);
if (flags.cli) {
  // The CLI as users and agents run it, whole processes (bench/cost/cli-speed.ts: build MB/s,
  // `--help`, a cached search with the model, query p95 and stored size per tier); it writes
  // docs/bench/cli-speed.md, which the report shows.
  const querySizes = flags.sizes.filter((s) => s >= 10);
  log(`the CLI: build, --help, cached search, query p95 (${querySizes.join(', ') || 'no'} MB)`);
  const args = [
    '--import',
    'tsx',
    join(REPO_ROOT, 'bench', 'cost', 'cli-speed.ts'),
    '--reps',
    String(flags.runs),
    '--query-sizes',
    (querySizes.length ? querySizes : [10]).join(','),
  ];
  const r = spawnSync(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) log(`cli-speed failed (${r.status}); its section keeps the last run`);
  markdown = writeReport(results, outDir);
}
process.stdout.write(`${markdown}\n`);
log(`done: docs/bench/REPORT.md, docs/bench/growth.svg, docs/bench/results.json`);

function machineLine(): string {
  const cpus = spawnSync('nproc', { encoding: 'utf8' }).stdout.trim();
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return `Node ${process.version}, ${cpus} CPU cores (load average at start ${load})`;
}
