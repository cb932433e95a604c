/**
 * One measured Node run, in its own process so its peak RSS is its own:
 *  - `build`: walk + intake + Engine.build, then write the snapshot (v8-serialized, as the
 *    CLI stores it minus gzip) and, when missing, the query set drawn from this corpus;
 *  - `load`: a fresh process reads that snapshot, Engine.load()s it and answers one query
 *    (reload to first result), then runs the whole query set for latency.
 * Prints one JSON line: the caller parses the last line of stdout.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import { gzipSync } from 'node:zlib';
import { Engine, snapshotRecords, type EngineDeps, type EngineSnapshot } from '../../src/engine/engine';
import type { FileAnalysis, IndexProgress } from '../../src/engine/contract';
import { intakeFiles } from '../../src/engine/intake/intake';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { createNodeEmbedder } from '../../src/node/embedders';
import { nodeGrammars } from '../../src/node/grammars';
import { walkRepository } from '../../src/node/walk';
import { generateQueries, type BenchQuery } from './queries';

export interface ChildArgs {
  mode: 'build' | 'load';
  dir: string;
  embedder: 'none' | 'local';
  snapshotFile: string;
  queriesFile: string;
  /** Timed passes over the query set after one warm-up pass. */
  queryPasses?: number;
}

export interface BuildResult {
  files: number;
  bytes: number;
  chunks: number;
  readMs: number;
  buildMs: Record<string, number>;
  totalBuildMs: number;
  sizeBytes: Record<string, number>;
  snapshotBytes: number;
  snapshotGzipBytes: number;
  snapshotMs: number;
  startRssMb: number;
  peakRssMb: number;
  /** Sampled every 100 ms (misses peaks inside long synchronous stages; peakRssMb does not). */
  sampledPeakRssMb: number;
  parseFailures: number;
  analyzer: string;
  /** CPU time (user + system, all threads) of the whole build, and per stage from progress events. */
  cpuBuildMs: number;
  cpuStageMs: Record<string, number>;
}

export interface QuerySample {
  intent: string;
  query: string;
  classifiedAs: string;
  strategy: string;
  ms: number;
  /** 0 = the first time this process ran the query (cold); 1… = timed repeats. */
  pass: number;
  results: number;
  /** Per-modality latency inside the engine (only the modalities that ran). */
  modalityMs: Record<string, number>;
}

export interface LoadResult {
  readMs: number;
  deserializeMs: number;
  loadMs: number;
  embedderStartMs: number;
  firstQueryMs: number;
  /** From starting to read the snapshot file to the first query's response (embedder start-up excluded). */
  reloadToFirstResultMs: number;
  rssAfterLoadMb: number;
  peakRssMb: number;
  samples: QuerySample[];
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const mb = (bytes: number) => bytes / (1024 * 1024);

/**
 * The Node worker-thread parse pool (src/node/parse-pool.ts) when it is there, as the CLI
 * would use it; otherwise one in-process StructuralAnalyzer.
 */
async function makeAnalyzer(): Promise<{ deps: Pick<EngineDeps, 'analyzer'>; name: string; close(): Promise<void> }> {
  try {
    const { createNodeParsePool } =
      (await import('../../src/node/parse-pool')) as typeof import('../../src/node/parse-pool');
    const pool = createNodeParsePool();
    return {
      name: `Node parse pool (${pool.size} worker threads)`,
      deps: { analyzer: pool },
      close: () => pool.close(),
    };
  } catch {
    // no pool in this checkout
  }
  let analyzer: StructuralAnalyzer | null = null;
  return {
    name: 'in-process StructuralAnalyzer',
    deps: {
      analyzer: {
        analyze: async (path: string, text: string): Promise<FileAnalysis> => {
          analyzer ??= await StructuralAnalyzer.create(nodeGrammars);
          return analyzer.analyze(path, text);
        },
      },
    },
    close: async () => {},
  };
}

async function build(args: ChildArgs): Promise<BuildResult> {
  const startRss = process.memoryUsage().rss;
  let sampledPeak = startRss;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss)), 100);
  const t0 = performance.now();
  const intake = await intakeFiles(walkRepository(args.dir));
  const readMs = performance.now() - t0;
  const analyzer = await makeAnalyzer();
  const embedder = await createNodeEmbedder(args.embedder);
  const t1 = performance.now();
  const cpu0 = cpuMs();
  const marks: { stage: string; cpu: number }[] = [];
  const onProgress = (p: IndexProgress) => {
    // "parse" covers chunking too; the message names the index the engine starts building.
    const stage = progressStage(p);
    if (stage && marks[marks.length - 1]?.stage !== stage && !marks.some((m) => m.stage === stage))
      marks.push({ stage, cpu: cpuMs() });
  };
  const engine = await Engine.build(
    intake.files,
    { ...analyzer.deps, embedder },
    { skipped: intake.skipped, onProgress },
  );
  const totalBuildMs = performance.now() - t1;
  const cpuEnd = cpuMs();
  const cpuStageMs: Record<string, number> = {};
  marks.forEach((m, i) => (cpuStageMs[m.stage] = (marks[i + 1]?.cpu ?? cpuEnd) - m.cpu));
  await analyzer.close();
  const t2 = performance.now();
  const snapshot = engine.snapshot();
  const bytes = serialize(snapshot);
  const snapshotMs = performance.now() - t2;
  await writeFile(args.snapshotFile, bytes);
  const gz = gzipSync(bytes, { level: 1 }).byteLength;
  if (!existsSync(args.queriesFile))
    await writeFile(args.queriesFile, JSON.stringify(generateQueries(snapshotRecords(snapshot)), null, 1));
  clearInterval(sampler);
  const s = engine.stats;
  return {
    files: s.files,
    bytes: s.bytes,
    chunks: s.chunks,
    readMs,
    buildMs: s.buildMs,
    totalBuildMs,
    sizeBytes: s.sizeBytes,
    snapshotBytes: bytes.byteLength,
    snapshotGzipBytes: gz,
    snapshotMs,
    startRssMb: mb(startRss),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    sampledPeakRssMb: mb(sampledPeak),
    parseFailures: s.parseFailures,
    analyzer: analyzer.name,
    cpuBuildMs: cpuEnd - cpu0,
    cpuStageMs,
  };
}

async function load(args: ChildArgs): Promise<LoadResult> {
  const queries = JSON.parse(await readFile(args.queriesFile, 'utf8')) as BenchQuery[];
  // The model starts while nothing else runs, as an app would start it at launch.
  const te = performance.now();
  const embedder = await createNodeEmbedder(args.embedder);
  const embedderStartMs = performance.now() - te;
  const analyzer = await makeAnalyzer();

  const t0 = performance.now();
  const raw = await readFile(args.snapshotFile);
  const t1 = performance.now();
  const snapshot = deserialize(raw) as EngineSnapshot;
  const t2 = performance.now();
  const engine = Engine.load(snapshot, { ...analyzer.deps, embedder });
  await analyzer.close(); // a loaded engine never parses
  const t3 = performance.now();
  await engine.search(queries[0].query);
  const t4 = performance.now();
  const rssAfterLoadMb = mb(process.memoryUsage().rss);

  const samples: QuerySample[] = [];
  const passes = args.queryPasses ?? 2;
  for (let pass = 0; pass <= passes; pass++)
    for (const q of queries) {
      const s = performance.now();
      const r = await engine.search(q.query);
      const ms = performance.now() - s;
      const modalityMs: Record<string, number> = {};
      for (const m of r.query.modalities) if (m.ran) modalityMs[m.modality] = m.latencyMs;
      samples.push({
        intent: q.intent,
        query: q.query,
        classifiedAs: r.query.intent,
        strategy: r.query.strategy,
        ms,
        pass,
        results: r.results.length,
        modalityMs,
      });
    }
  return {
    readMs: t1 - t0,
    deserializeMs: t2 - t1,
    loadMs: t3 - t2,
    embedderStartMs,
    firstQueryMs: t4 - t3,
    reloadToFirstResultMs: t4 - t0,
    rssAfterLoadMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    samples,
  };
}

const args = JSON.parse(process.argv[2]) as ChildArgs;
const result = args.mode === 'build' ? await build(args) : await load(args);
process.stdout.write(`\n${JSON.stringify(result)}\n`);
process.exit(0);

/** The stage a progress event starts: the index its message names, else 'semantic' (embed) or 'parse'; null otherwise. */
function progressStage(p: IndexProgress): string | null {
  if (p.message?.startsWith('building ')) return p.message.split(' ')[1];
  if (p.stage === 'embed') return 'semantic';
  if (p.stage === 'parse') return 'parse';
  return null;
}
