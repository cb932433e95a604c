/**
 * The Node figures of docs/design.md#speed-goals, measured side by side in one run so a shared machine's load
 * hits both sides alike:
 *  - build throughput: `fourfold index --no-cache --embedder none` as a whole process, with the
 *    engine's own build time (Engine.build: parse + chunks + text + structural + graph) and the
 *    process's CPU time;
 *  - `fourfold --help` as a whole process (start-up);
 *  - a cached search with the local model, as a whole process (three queries: a definition, an
 *    understand question that embeds, a quoted string);
 *  - query latency in a loaded engine (the bench's query set, no query embedding), wall and CPU
 *    per query, and the stored snapshot's size against the source.
 *  - a cached search without the model, as a whole process, per query size: a literal, a regex and
 *    a definition question, with ripgrep's whole process on the same tree and pattern beside it.
 *  - the same questions (and one that embeds, with the local model) answered through the warm
 *    server of the cache (src/node/warm-server.ts), whole client process, per query size; beside
 *    them the first question (answered by the CLI, which then starts the server), the CLI's own
 *    path (--no-server), ripgrep, bare Node and the client's import alone. This checkout only.
 * Every other section measures the CLI's own path: its processes run with FOURFOLD_NO_SERVER=1.
 * With `--before DIR` (another checkout with its CLI built, e.g. `git worktree add` of an older
 * commit + `npm run build:cli`), every whole-process measurement alternates between that CLI and
 * this one, and the cached searches print the paired ratio now ÷ before.
 *
 *   npx tsx bench/cost/cli-speed.ts [--before DIR] [--build-size 10] [--search-size 5] [--query-sizes 10,50] [--reps 3]
 *                                   [--sections build,help,embed,cached,latency] [--help]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Engine, snapshotRecords, type EngineSnapshot } from '../../src/engine/engine';
import { openSnapshotFile } from '../../src/node/snapshot-file';
import { warmSocketOf } from '../../src/node/warm-client';
import { ensureTiers, REPO_ROOT, tierSizes, type CorpusTier } from '../corpora';
import { generateQueries } from './queries';
import { CLI_SPEED_FILE, writeReport, type BenchResults } from './report';
import { median, pairedRatio, percentile } from './stats';

interface Options {
  before: string | null;
  buildSize: number;
  searchSize: number;
  querySizes: number[];
  reps: number;
  /** Which measurements to make (all by default). */
  sections: Set<string>;
  /** The build section writes the cache, as a user's `fourfold index` does (a fresh folder per run), instead of `--no-cache`. */
  writeCache: boolean;
}

const SECTION_NAMES = ['build', 'help', 'embed', 'cached', 'latency', 'warm'];

const USAGE = `usage: npx tsx bench/cost/cli-speed.ts [--before DIR] [--build-size MB] [--search-size MB] [--query-sizes MB,MB]
                                   [--reps N] [--sections ${SECTION_NAMES.join(',')}]
  --before DIR      another checkout with its CLI built: every whole-process run alternates with it (paired ratios)
  --build-size MB   the tier \`fourfold index\` builds (default 10)
  --search-size MB  the tier of the searches with the local model (default 5)
  --query-sizes     the tiers of the cached searches without the model and of the warm latency (default 10,50)
  --reps N          runs per side (cached searches: N + 2; default 3)
  --sections LIST   which measurements (default all)
  --write-cache     the build section writes the cache, as a user's \`fourfold index\` does (default: --no-cache)
  --help            this text`;

/** The options, or null after printing the usage (to stdout for --help, exit 0; to stderr for a bad flag, exit 2). */
function parseOptions(argv: string[]): Options | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        before: { type: 'string' },
        'build-size': { type: 'string' },
        'search-size': { type: 'string' },
        'query-sizes': { type: 'string' },
        reps: { type: 'string' },
        sections: { type: 'string' },
        'write-cache': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (e) {
    process.stderr.write(`cli-speed: ${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`);
    process.exitCode = 2;
    return null;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return null;
  }
  const sections = values.sections?.split(',') ?? SECTION_NAMES;
  const unknown = sections.filter((s) => !SECTION_NAMES.includes(s));
  if (unknown.length) {
    process.stderr.write(`cli-speed: no section ${unknown.join(', ')}\n${USAGE}\n`);
    process.exitCode = 2;
    return null;
  }
  return {
    before: values.before ?? null,
    buildSize: Number(values['build-size'] ?? 10),
    searchSize: Number(values['search-size'] ?? 5),
    querySizes: tierSizes(values['query-sizes'], [10, 50]),
    reps: Math.max(1, Number(values.reps ?? 3)),
    sections: new Set(sections),
    writeCache: values['write-cache'] ?? false,
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface ProcessRun {
  wallS: number;
  cpuS: number;
  /** The process's peak resident set (all threads), in MB. */
  peakRssMb: number;
  stdout: string;
}

/** The CLI's own path: no warm server asked or started (the warm section asks for one itself). */
const DIRECT_ENV: NodeJS.ProcessEnv = { ...process.env, FOURFOLD_NO_SERVER: '1' };

/** One whole process, timed by /usr/bin/time (wall, user + system CPU of the process and its threads, peak RSS). */
function timedProcess(args: string[], env: NodeJS.ProcessEnv = DIRECT_ENV): ProcessRun {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, ...args], {
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const [wall, user, system, peakKb] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { wallS: wall, cpuS: user + system, peakRssMb: peakKb / 1024, stdout: r.stdout };
}

interface Side {
  name: string;
  bin: string;
}

/** What every measurement shares. */
interface Context {
  options: Options;
  tiers: Map<number, CorpusTier>;
  sides: Side[];
  scratch: string;
  say: (s: string) => void;
}

function buildSection({ options, tiers, sides, scratch, say }: Context): void {
  // 1. Build throughput, alternating sides.
  const buildTier = tiers.get(options.buildSize)!;
  const builds = new Map<
    string,
    { wall: number[]; cpu: number[]; rss: number[]; engine: number[]; parse: number[]; rest: number[]; read: number[] }
  >();
  for (let rep = 0; rep < options.reps; rep++)
    // Each pair in the other order from the last: with `before` always first, a load that climbs
    // (or falls) through the run biases every pair the same way.
    for (const side of rep % 2 === 0 ? sides : [...sides].reverse()) {
      const cacheDir = join(scratch, `build-${side.name}`);
      // Written afresh at every run: a cache left by the last run would be loaded, not built.
      if (options.writeCache) rmSync(cacheDir, { recursive: true, force: true });
      const r = timedProcess([
        side.bin,
        'index',
        '--repo',
        buildTier.dir,
        '--embedder',
        'none',
        ...(options.writeCache ? [] : ['--no-cache']),
        '--quiet',
        '--cache',
        cacheDir,
      ]);
      const summary = JSON.parse(r.stdout).summary as {
        bytes: number;
        buildMs: Record<string, number>;
        readMs: number;
      };
      const stages = summary.buildMs;
      // Engine.build's own wall time (`indexes`: parse through the last index, stages that overlap
      // counted once); an older CLI without it: the sum of its sequential stages.
      const engineMs =
        stages.indexes ?? ['parse', 'chunks', 'text', 'structural', 'graph'].reduce((s, k) => s + (stages[k] ?? 0), 0);
      const b = builds.get(side.name) ?? { wall: [], cpu: [], rss: [], engine: [], parse: [], rest: [], read: [] };
      b.wall.push(r.wallS);
      b.cpu.push(r.cpuS);
      b.rss.push(r.peakRssMb);
      b.engine.push(engineMs / 1000);
      b.parse.push((stages.parse ?? 0) / 1000);
      b.rest.push((engineMs - (stages.parse ?? 0)) / 1000);
      b.read.push(summary.readMs / 1000);
      builds.set(side.name, b);
    }
  const mb = buildTier.bytes / 1e6;
  say(
    `\n## Build${options.writeCache ? ' (the cache written)' : ''}, ${buildTier.sizeMb} MB tier (${buildTier.files} files, ${mb.toFixed(1)} MB), ${options.reps} runs per side, alternating; load average now ${load()}\n`,
  );
  // The files are parsed as they are read (since the parse workers start before the walk), so
  // Engine.build alone flatters: walk + read + Engine.build is the build as a user waits for it.
  say(
    '| CLI | Engine.build (medians) | MB/s | walk + read + Engine.build | MB/s | parse stage | after the parse | whole `fourfold index` wall (min) | MB/s | its CPU (all threads) | MB per CPU-second | peak RSS |',
  );
  say('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, b] of builds) {
    const readAndBuild = median(b.engine.map((e, i) => e + b.read[i]));
    say(
      `| ${name} | ${median(b.engine).toFixed(2)} s | **${(mb / median(b.engine)).toFixed(2)}** | ${readAndBuild.toFixed(2)} s | **${(mb / readAndBuild).toFixed(2)}** | ${median(b.parse).toFixed(2)} s | ${median(b.rest).toFixed(2)} s | ${median(b.wall).toFixed(2)} s (${Math.min(...b.wall).toFixed(2)}) | ${(mb / median(b.wall)).toFixed(2)} | ${median(b.cpu).toFixed(2)} s | ${(mb / median(b.cpu)).toFixed(2)} | ${median(b.rss).toFixed(0)} MB |`,
    );
  }
  const before = builds.get('before');
  const now = builds.get('now')!;
  if (before) {
    // This machine's speed drifts by tens of percent within minutes: each run is compared with
    // the other side's run beside it, not with the other side's median.
    const ratio = (pick: (b: typeof now, i: number) => number) => {
      const r = pairedRatio(
        before.engine.map((_, i) => pick(before, i)),
        now.engine.map((_, i) => pick(now, i)),
      );
      return `**${r.median.toFixed(3)}** (${r.low.toFixed(3)}–${r.high.toFixed(3)})`;
    };
    say(
      `\nnow ÷ before, the median of the ${options.reps} paired ratios (95 % bootstrap interval): Engine.build ${ratio((b, i) => b.engine[i])}, walk + read + Engine.build ${ratio((b, i) => b.engine[i] + b.read[i])}, whole process ${ratio((b, i) => b.wall[i])}, its CPU ${ratio((b, i) => b.cpu[i])}`,
    );
  }
}

function helpSection({ options, sides, say }: Context): void {
  // 2. Start-up: `fourfold --help` as a whole process (goal ≤ 0.3 s).
  const helps = new Map<string, number[]>();
  for (let rep = 0; rep < options.reps + 2; rep++)
    for (const side of sides)
      helps.set(side.name, [...(helps.get(side.name) ?? []), timedProcess([side.bin, '--help']).wallS]);
  say(`\n## \`fourfold --help\`, whole process, ${options.reps + 2} runs per side; load average now ${load()}\n`);
  say('| CLI | wall, median (min) |');
  say('|---|---:|');
  for (const [name, wall] of helps) say(`| ${name} | ${median(wall).toFixed(2)} s (${Math.min(...wall).toFixed(2)}) |`);
}

/** A question asked of a cached index, with the ripgrep command that finds the same lines without one (if any). */
interface CachedQuestion {
  kind: string;
  query: string;
  rg?: string[];
}

/**
 * 3. `fourfold search` from the cache with the local model, whole process, on the search tier: a
 * definition, an understand question that embeds, a quoted string.
 */
function embedSearchSection(ctx: Context): void {
  cachedSearches(ctx, ctx.tiers.get(ctx.options.searchSize)!, 'local', [
    { kind: 'definition', query: 'where is parseExpression defined' },
    { kind: 'embeds', query: 'how does the parser handle jsx attributes' },
    { kind: 'literal', query: '"Unexpected token"' },
  ]);
}

/**
 * Questions a cached index answers without the model (`--embedder none`), each with the ripgrep
 * command that finds the same lines without an index.
 */
const CACHED_QUESTIONS: CachedQuestion[] = [
  { kind: 'literal', query: '"Unexpected token"', rg: ['-F', '-c', '--no-messages', '--', 'Unexpected token', '.'] },
  { kind: 'regex', query: '/function\\s+\\w+Error/', rg: ['-c', '--no-messages', '--', 'function\\s+\\w+Error', '.'] },
  {
    kind: 'definition',
    query: 'where is parseExpression defined',
    rg: ['-w', '-c', '--no-messages', '--', 'parseExpression', '.'],
  },
];

/** 3b. `fourfold search` from a cached index without the model, whole process, per query size. */
function cachedSearchSection(ctx: Context): void {
  for (const size of ctx.options.querySizes) cachedSearches(ctx, ctx.tiers.get(size)!, 'none', CACHED_QUESTIONS);
}

/**
 * The one measuring loop of cached searches: each side indexes the tier once, then the questions
 * alternate between sides (with ripgrep's whole process on the same tree beside them, where the
 * question has an rg command); prints the medians and, with a before side, the paired ratios
 * now ÷ before of wall and CPU.
 */
function cachedSearches(
  { options, sides, scratch, say }: Context,
  tier: CorpusTier,
  embedder: 'local' | 'none',
  questions: CachedQuestion[],
): void {
  const cache = (side: Side) => join(scratch, `cached-${tier.sizeMb}-${embedder}-${side.name}`);
  for (const side of sides)
    timedProcess([side.bin, 'index', '--repo', tier.dir, '--embedder', embedder, '--quiet', '--cache', cache(side)]);
  const walls = new Map<string, number[]>();
  const cpus = new Map<string, number[]>();
  const add = (key: string, r: { wallS: number; cpuS: number }) => {
    walls.set(key, [...(walls.get(key) ?? []), r.wallS]);
    cpus.set(key, [...(cpus.get(key) ?? []), r.cpuS]);
  };
  const runs = options.reps + 2;
  const loads: string[] = [load()];
  for (let rep = 0; rep < runs; rep++) {
    for (const q of questions) {
      for (const side of sides) {
        const args = [side.bin, 'search', '--repo', tier.dir, '--embedder', embedder, '--cache', cache(side), q.query];
        add(`${side.name} ${q.kind}`, timedProcess(args));
      }
      if (q.rg) add(`rg ${q.kind}`, timedCommand('rg', q.rg, tier.dir));
    }
    // Node's own start, the floor under every whole-process figure: as this environment runs it,
    // and without NODE_EXTRA_CA_CERTS (Node reads that bundle of certificates at every start).
    for (const q of questions) {
      add(`node ${q.kind}`, timedProcess(['-e', '']));
      add(`node-no-ca ${q.kind}`, timedProcess(['-e', ''], withoutExtraCaCerts()));
    }
    loads.push(load());
  }
  const model = embedder === 'none' ? 'without the model' : `with the ${embedder} model`;
  say(
    `\n## \`fourfold search\` from the cache ${model}, ${tier.sizeMb} MB tier (${tier.files} files), whole process, ${runs} runs per question and side, alternating; load average ${loads.join(' → ')}\n`,
  );
  say(`| | ${questions.map((q) => `${q.kind} \`${q.query}\` wall median (min) / CPU`).join(' | ')} |`);
  say(`|---|${questions.map(() => '---:').join('|')}|`);
  const rows = [...sides.map((s) => s.name), ...(questions.some((q) => q.rg) ? ['rg'] : []), 'node', 'node-no-ca'];
  const rowNames: Record<string, string> = {
    rg: 'ripgrep, no index',
    node: `bare \`node -e ''\`${process.env.NODE_EXTRA_CA_CERTS ? ' (with NODE_EXTRA_CA_CERTS)' : ''}`,
    'node-no-ca': "bare `node -e ''` without NODE_EXTRA_CA_CERTS",
  };
  for (const name of rows)
    say(
      `| ${rowNames[name] ?? name} | ${questions
        .map((q) => {
          const w = walls.get(`${name} ${q.kind}`);
          if (!w) return '–';
          return `${median(w).toFixed(3)} s (${Math.min(...w).toFixed(3)}) / ${median(cpus.get(`${name} ${q.kind}`)!).toFixed(3)} s`;
        })
        .join(' | ')} |`,
    );
  if (sides.length === 2)
    say(
      `\nnow ÷ before, median of the paired ratios (95 % bootstrap interval), wall: ${questions
        .map((q) => {
          const r = pairedRatio(walls.get(`before ${q.kind}`)!, walls.get(`now ${q.kind}`)!);
          const c = pairedRatio(cpus.get(`before ${q.kind}`)!, cpus.get(`now ${q.kind}`)!);
          return `${q.kind} **${r.median.toFixed(3)}** (${r.low.toFixed(3)}–${r.high.toFixed(3)}), CPU ${c.median.toFixed(3)} (${c.low.toFixed(3)}–${c.high.toFixed(3)})`;
        })
        .join('; ')}`,
    );
}

/** This process's environment without NODE_EXTRA_CA_CERTS (and `from`'s other variables). */
function withoutExtraCaCerts(from: NodeJS.ProcessEnv = DIRECT_ENV): NodeJS.ProcessEnv {
  const env = { ...from };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/** A command other than node, timed the same way (ripgrep exits 1 when nothing matched: still a whole scan). */
function timedCommand(cmd: string, args: string[], cwd: string): ProcessRun {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', cmd, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  const [wall, user, system, peakKb] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { wallS: wall, cpuS: user + system, peakRssMb: peakKb / 1024, stdout: r.stdout };
}

async function latencySection({ options, tiers, sides, scratch, say }: Context): Promise<void> {
  // 4. Query latency in a loaded engine, and the stored size.
  say(
    `\n## Query latency in a loaded engine (this checkout), no query embedding, and stored size; load average now ${load()}\n`,
  );
  say('| tier | files | queries × passes | p50 / p95 wall | p95 CPU | slowest intent p95 (wall) | snapshot / source |');
  say('|---|---:|---:|---:|---:|---:|---:|');
  for (const size of options.querySizes) {
    const tier = tiers.get(size)!;
    const cache = join(scratch, `query-${size}`);
    timedProcess([
      sides[sides.length - 1].bin,
      'index',
      '--repo',
      tier.dir,
      '--embedder',
      'none',
      '--quiet',
      '--cache',
      cache,
    ]);
    const file = join(
      cache,
      readdirSync(cache).find((f) => f.endsWith('-none.snapshot'))!,
    );
    const read = openSnapshotFile(file);
    if (!('snapshot' in read)) throw new Error(`the cached index at ${file} could not be read`);
    const snapshot: EngineSnapshot = read.snapshot;
    const engine = Engine.load(snapshot, {
      analyzer: { analyze: () => Promise.reject(new Error('a loaded index does not parse')) },
      embedder: null,
    });
    const queries = generateQueries(snapshotRecords(snapshot));
    for (const q of queries) await engine.search(q.query); // each query's first run (decodes what it reads)
    const wall: number[] = [];
    const cpu: number[] = [];
    const byIntent = new Map<string, number[]>();
    const passes = 2;
    for (let pass = 0; pass < passes; pass++)
      for (const q of queries) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await engine.search(q.query);
        const ms = performance.now() - t0;
        const c = process.cpuUsage(c0);
        wall.push(ms);
        cpu.push((c.user + c.system) / 1000);
        byIntent.set(q.intent, [...(byIntent.get(q.intent) ?? []), ms]);
      }
    const slowest = [...byIntent]
      .map(([intent, ms]) => [intent, percentile(ms, 95)] as const)
      .sort((a, b) => b[1] - a[1])[0];
    const ratio = statSync(file).size / tier.bytes;
    say(
      `| ${size} MB | ${tier.files.toLocaleString('en')} | ${queries.length} × ${passes} | ${percentile(wall, 50).toFixed(1)} / **${percentile(wall, 95).toFixed(1)} ms** | ${percentile(cpu, 95).toFixed(1)} ms | ${slowest[0]} ${slowest[1].toFixed(1)} ms | ${ratio.toFixed(2)}× |`,
    );
  }
}

/** A question that embeds (the local model), asked of the warm server beside the ones that do not. */
const EMBEDDING_QUESTION: CachedQuestion = { kind: 'embeds', query: 'how does the parser handle jsx attributes' };

/** 5. Questions answered through the warm server of the cache, per query size (this checkout only). */
async function warmSection(ctx: Context): Promise<void> {
  for (const size of ctx.options.querySizes) {
    await warmSearches(ctx, ctx.tiers.get(size)!, 'none', CACHED_QUESTIONS);
    await warmSearches(ctx, ctx.tiers.get(size)!, 'local', [EMBEDDING_QUESTION]);
  }
}

/**
 * The warm server's loop on one tier: the first question of each round answered by the CLI, which
 * starts the server (timed), then, once it listens, every question through it alternated with the
 * CLI's own path, ripgrep and bare Node; the server is stopped after each round.
 */
async function warmSearches(
  { options, sides, scratch, say }: Context,
  tier: CorpusTier,
  embedder: 'local' | 'none',
  questions: CachedQuestion[],
): Promise<void> {
  const bin = sides[sides.length - 1].bin;
  const cache = join(scratch, `warm-${tier.sizeMb}-${embedder}`);
  timedProcess([bin, 'index', '--repo', tier.dir, '--embedder', embedder, '--quiet', '--cache', cache]);
  const warmEnv: NodeJS.ProcessEnv = { ...process.env };
  delete warmEnv.FOURFOLD_NO_SERVER;
  const argv = (q: CachedQuestion) => ['search', '--repo', tier.dir, '--embedder', embedder, '--cache', cache, q.query];
  const socket = warmSocketOf(argv(questions[0]), warmEnv, process.cwd());
  if (socket === null) throw new Error('no warm server on this platform or cache path');
  const client = join(REPO_ROOT, 'dist-cli', 'node', 'warm-client.js');
  const runs = new Map<string, ProcessRun[]>();
  const add = (key: string, r: ProcessRun) => runs.set(key, [...(runs.get(key) ?? []), r]);
  const loads: string[] = [load()];
  const rounds = Math.max(2, Math.ceil(options.reps / 2));
  for (let round = 0; round < rounds; round++) {
    await stopWarmServer(socket);
    add(`first ${questions[0].kind}`, timedProcess([bin, ...argv(questions[0])], warmEnv));
    await untilListening(socket);
    // One untimed question each: what a server decodes on its first question is not its steady state.
    for (const q of questions) timedProcess([bin, ...argv(q)], warmEnv);
    for (let rep = 0; rep < options.reps; rep++) {
      for (const q of questions) {
        const server = serverCpuS(socket);
        add(`warm ${q.kind}`, timedProcess([bin, ...argv(q)], warmEnv));
        // The client's process is not the whole cost: what the server spent on the answer, beside it.
        add(`server ${q.kind}`, { wallS: NaN, cpuS: serverCpuS(socket) - server, peakRssMb: NaN, stdout: '' });
        add(`warm-no-ca ${q.kind}`, timedProcess([bin, ...argv(q)], withoutExtraCaCerts(warmEnv)));
        add(`direct ${q.kind}`, timedProcess([bin, ...argv(q)]));
        if (q.rg) add(`rg ${q.kind}`, timedCommand('rg', q.rg, tier.dir));
        add(`node ${q.kind}`, timedProcess(['-e', '']));
        add(`node-no-ca ${q.kind}`, timedProcess(['-e', ''], withoutExtraCaCerts()));
        add(`client ${q.kind}`, timedProcess(['--input-type=module', '-e', `await import(${JSON.stringify(client)})`]));
      }
    }
    loads.push(load());
  }
  await stopWarmServer(socket);
  printWarm(say, tier, embedder, questions, runs, rounds, loads);
}

function printWarm(
  say: (s: string) => void,
  tier: CorpusTier,
  embedder: string,
  questions: CachedQuestion[],
  runs: Map<string, ProcessRun[]>,
  rounds: number,
  loads: string[],
): void {
  say(
    `\n## \`fourfold search\` through the warm server, ${tier.sizeMb} MB tier (${tier.files} files), embedder ${embedder}, whole process, ${rounds} rounds (server started by the first question of each); load average ${loads.join(' → ')}\n`,
  );
  say(`| | ${questions.map((q) => `${q.kind} \`${q.query}\` wall median (min) / CPU median, n`).join(' | ')} |`);
  say(`|---|${questions.map(() => '---:').join('|')}|`);
  const rowNames: Record<string, string> = {
    warm: `**client through a live server**${process.env.NODE_EXTRA_CA_CERTS ? ' (with NODE_EXTRA_CA_CERTS)' : ''}`,
    'warm-no-ca': 'client through a live server, without NODE_EXTRA_CA_CERTS',
    first: 'first question: the CLI answers and starts the server',
    direct: 'the CLI without a server (`--no-server`)',
    rg: 'ripgrep, no index',
    node: `bare \`node -e ''\`${process.env.NODE_EXTRA_CA_CERTS ? ' (with NODE_EXTRA_CA_CERTS)' : ''}`,
    'node-no-ca': "bare `node -e ''` without NODE_EXTRA_CA_CERTS",
    client: 'Node importing the client module alone (`dist-cli/node/warm-client.js`)',
    server: "the server's CPU per answer (/proc, 10 ms ticks; wall: –)",
  };
  for (const [row, title] of Object.entries(rowNames)) {
    if (!questions.some((q) => runs.has(`${row} ${q.kind}`))) continue;
    const cells = questions.map((q) => {
      const r = runs.get(`${row} ${q.kind}`);
      if (!r) return '–';
      const wall = r.map((x) => x.wallS);
      const cpu = `${median(r.map((x) => x.cpuS)).toFixed(3)} s, ${r.length}`;
      return Number.isNaN(wall[0])
        ? `– / ${cpu}`
        : `${median(wall).toFixed(3)} s (${Math.min(...wall).toFixed(3)}) / ${cpu}`;
    });
    say(`| ${title} | ${cells.join(' | ')} |`);
  }
  say(
    `\nwarm ÷ the CLI's own path, median of the paired ratios (95 % bootstrap interval): ${questions
      .map((q) => {
        const warm = runs.get(`warm ${q.kind}`)!;
        const direct = runs.get(`direct ${q.kind}`)!;
        const w = pairedRatio(
          direct.map((x) => x.wallS),
          warm.map((x) => x.wallS),
        );
        const c = pairedRatio(
          direct.map((x) => x.cpuS),
          warm.map((x) => x.cpuS),
        );
        return `${q.kind} wall **${w.median.toFixed(3)}** (${w.low.toFixed(3)}–${w.high.toFixed(3)}), CPU ${c.median.toFixed(3)} (${c.low.toFixed(3)}–${c.high.toFixed(3)})`;
      })
      .join('; ')}`,
  );
}

/** The CPU time (user + system) the server of this socket has used so far, from /proc (Linux, where servers run). */
function serverCpuS(socket: string): number {
  const pid = Number(readFileSync(`${socket}.lock`, 'utf8'));
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Stops the server of this socket (the bench's own: its pid is in the lock file) and waits until it is gone. */
async function stopWarmServer(socket: string): Promise<void> {
  const lock = `${socket}.lock`;
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return;
  }
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    rmSync(lock, { force: true });
    return;
  }
  for (let i = 0; i < 300 && existsSync(lock); i++) await new Promise((r) => setTimeout(r, 100));
}

/** Waits until something accepts connections on the socket (a server listens once it has loaded and checked its index). */
async function untilListening(socket: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const up = await new Promise<boolean>((settle) => {
      const c = createConnection(socket);
      c.once('connect', () => {
        c.destroy();
        settle(true);
      });
      c.once('error', () => settle(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no warm server listened on ${socket} within two minutes`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options) await run(options);
}

async function run(options: Options): Promise<void> {
  const sides: Side[] = [{ name: 'now', bin: join(REPO_ROOT, 'bin', 'fourfold.js') }];
  if (options.before) sides.unshift({ name: 'before', bin: join(options.before, 'bin', 'fourfold.js') });
  const sizes = [...new Set([options.buildSize, options.searchSize, ...options.querySizes])];
  const tiers = new Map((await ensureTiers(sizes, (s) => process.stderr.write(`${s}\n`))).map((t) => [t.sizeMb, t]));
  const scratch = mkdtempSync(join(tmpdir(), 'fourfold-cli-speed-'));
  const out: string[] = [];
  const say = (s: string) => {
    out.push(s);
    process.stderr.write(`${s}\n`);
  };
  say(
    `# cli-speed, ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} cores, load average at start ${load()}`,
  );
  try {
    const ctx: Context = { options, tiers, sides, scratch, say };
    if (options.sections.has('build')) buildSection(ctx);
    if (options.sections.has('help')) helpSection(ctx);
    if (options.sections.has('embed')) embedSearchSection(ctx);
    if (options.sections.has('cached')) cachedSearchSection(ctx);
    if (options.sections.has('latency')) await latencySection(ctx);
    if (options.sections.has('warm')) await warmSection(ctx);
    say(`\nload average at the end ${load()}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  process.stdout.write(`${out.join('\n')}\n`);
  // Kept in docs/bench/ and shown in REPORT.md (re-rendered from the last full run's results.json).
  const outDir = join(REPO_ROOT, 'docs', 'bench');
  writeFileSync(
    join(outDir, CLI_SPEED_FILE),
    `${out.join('\n')}\n\nReproduce: \`npx tsx bench/cost/cli-speed.ts${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}\`\n`,
  );
  if (existsSync(join(outDir, 'results.json')))
    writeReport(JSON.parse(readFileSync(join(outDir, 'results.json'), 'utf8')) as BenchResults, outDir);
}

await main();
