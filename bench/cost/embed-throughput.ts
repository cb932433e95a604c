/**
 * Embedding throughput of the bundled local model, chunks per second, measured the same way in
 * Node and in Chromium: the chunk texts of a corpus (exactly what SemanticIndex.build embeds),
 * embedded in calls of EMBED_CALL_TEXTS documents (the build's batch), after a warm-up call.
 * Model loading is excluded; tokenizing, batching, the ONNX session, pooling, sign bits and
 * int8 are all in.
 *
 *  - Node: this file run as a child (`node --import tsx bench/cost/embed-throughput.ts '{…}'`),
 *    one process, one thread. It also writes the texts to a JSON file for the browser run.
 *  - Chromium: the built app's own embed worker (dist/assets/embed.worker-*.js), started from
 *    a page of the served app and driven through comlink's message protocol: one worker, then
 *    as many as the app starts (embedWorkerCount), each embedding its share at the same time.
 *
 * CPU time is reported beside wall time in Node: on a shared machine it is the steadier figure.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, serveDirectory } from '../../e2e/harness';
import { chunkEmbeddingText } from '../../src/engine/semantic/embedder';
import { REPO_ROOT } from '../corpora';
import { BENCH_DIST } from './browser';

/** Texts per embed call: SemanticIndex's build batch (DEFAULT_BUILD_BATCH). */
export const EMBED_CALL_TEXTS = 512;

/** Time per step inside the embedder (LocalTimings, ms), over the measured texts. */
export interface EmbedSteps {
  tokens: number;
  tokenizeMs: number;
  sessionMs: number;
  poolMs: number;
}

export interface NodeEmbedThroughput {
  chunks: number;
  wallMs: number;
  cpuMs: number;
  chunksPerSecond: number;
  chunksPerCpuSecond: number;
  steps: EmbedSteps;
}

export interface BrowserEmbedThroughput {
  chunks: number;
  /** One embed worker. */
  oneWorker: { wallMs: number; chunksPerSecond: number; steps: EmbedSteps };
  /** The app's worker count on this machine (navigator.hardwareConcurrency, capped). */
  pool: { workers: number; wallMs: number; chunksPerSecond: number };
  hardwareConcurrency: number;
}

/** Node measurement in a child process; writes the chunk texts to `textsFile`. */
export function nodeEmbedThroughput(dir: string, textsFile: string): NodeEmbedThroughput {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'bench/cost/embed-throughput.ts'), JSON.stringify({ dir, textsFile })],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
  if (r.status !== 0) throw new Error(`embed throughput child failed:\n${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]) as NodeEmbedThroughput;
}

async function childMain(args: { dir: string; textsFile: string }): Promise<void> {
  const { intakeFiles } = await import('../../src/engine/intake/intake');
  const { walkRepository } = await import('../../src/node/walk');
  const { StructuralAnalyzer } = await import('../../src/engine/structural/analyzer');
  const { nodeGrammars } = await import('../../src/node/grammars');
  const { corpusFromAnalyses } = await import('../../src/engine/structural/corpus');
  const { createNodeLocalEmbedder } = await import('../../src/node/embedders');

  const intake = await intakeFiles(walkRepository(args.dir));
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  const corpus = corpusFromAnalyses(
    intake.files.map((f) => ({ path: f.path, text: f.text, analysis: analyzer.analyze(f.path, f.text) })),
  );
  const texts = corpus.chunks.map((c) => chunkEmbeddingText(c, corpus.files[c.fileId]));
  writeFileSync(args.textsFile, JSON.stringify(texts));

  const embedder = await createNodeLocalEmbedder();
  await embedder.embedDocuments(texts.slice(0, EMBED_CALL_TEXTS)); // warm-up (JIT, first session runs)
  const before = { ...embedder.timings };
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < texts.length; i += EMBED_CALL_TEXTS)
    await embedder.embedDocuments(texts.slice(i, i + EMBED_CALL_TEXTS));
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const cpuMs = (c.user + c.system) / 1000;
  const result: NodeEmbedThroughput = {
    chunks: texts.length,
    wallMs,
    cpuMs,
    chunksPerSecond: texts.length / (wallMs / 1000),
    chunksPerCpuSecond: texts.length / (cpuMs / 1000),
    steps: stepsBetween(before, embedder.timings),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function stepsBetween(a: EmbedSteps, b: EmbedSteps): EmbedSteps {
  return {
    tokens: b.tokens - a.tokens,
    tokenizeMs: b.tokenizeMs - a.tokenizeMs,
    sessionMs: b.sessionMs - a.sessionMs,
    poolMs: b.poolMs - a.poolMs,
  };
}

/**
 * In the page: start `count` embed workers from `url`, load the model in each, then embed the
 * texts split evenly across them in calls of `perCall`, every worker at once. Plain JavaScript
 * source (runs in the page, not compiled by tsx). Speaks comlink's wire format: a request is
 * {id, type: 'APPLY', path: [method], argumentList: [{type: 'RAW', value}]}, the answer
 * {id, type: 'RAW', value} or {type: 'HANDLER', name: 'throw', value}.
 */
const PAGE_RUN = `async ({ url, appRoot, texts, count, perCall }) => {
  let seq = 0;
  function client(worker) {
    const waiting = new Map();
    worker.onmessage = (e) => {
      const w = waiting.get(e.data.id);
      if (!w) return;
      waiting.delete(e.data.id);
      if (e.data.type === 'HANDLER') w.reject(new Error(JSON.stringify(e.data.value && e.data.value.value && e.data.value.value.message)));
      else w.resolve(e.data.value);
    };
    worker.onerror = (e) => { for (const w of waiting.values()) w.reject(new Error(e.message)); };
    return (method, ...args) => new Promise((resolve, reject) => {
      const id = 'bench-' + (++seq);
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, type: 'APPLY', path: [method], argumentList: args.map((value) => ({ type: 'RAW', value })) });
    });
  }
  const workers = Array.from({ length: count }, () => new Worker(url, { type: 'module' }));
  const calls = workers.map(client);
  await Promise.all(calls.map((call) => call('describe', appRoot)));
  await Promise.all(calls.map((call, i) => call('embedDocuments', 'warm-' + i, texts.slice(0, perCall))));
  const before = await Promise.all(calls.map((call) => call('timings')));
  const share = Math.ceil(texts.length / count);
  const t0 = performance.now();
  await Promise.all(calls.map(async (call, i) => {
    const mine = texts.slice(i * share, (i + 1) * share);
    for (let j = 0; j < mine.length; j += perCall) await call('embedDocuments', 'job-' + i + '-' + j, mine.slice(j, j + perCall));
  }));
  const ms = performance.now() - t0;
  const after = await Promise.all(calls.map((call) => call('timings')));
  workers.forEach((w) => w.terminate());
  return { ms, hardwareConcurrency: navigator.hardwareConcurrency, before: before[0], after: after[0] };
}`;

/** @param dist the built app (another build, e.g. of the previous main, for a before/after pair). */
export async function browserEmbedThroughput(textsFile: string, dist = BENCH_DIST): Promise<BrowserEmbedThroughput> {
  const texts = JSON.parse(readFileSync(textsFile, 'utf8')) as string[];
  const worker = readdirSync(join(dist, 'assets')).find((f) => /^embed\.worker-.*\.js$/.test(f));
  if (!worker) throw new Error(`no embed worker in ${dist}/assets: rebuild the app (--rebuild-app)`);
  const { embedWorkerCount } = await import('../../src/browser/remote-embedder');
  const server = await serveDirectory(dist);
  const session = await launchBrowser();
  try {
    const { page } = session;
    // A blank page of the app's origin: the app itself would start its own workers.
    await page.goto(`${server.origin}/assets/${worker}`);
    const run = (count: number) =>
      page.evaluate(
        `(${PAGE_RUN})(${JSON.stringify({ url: `${server.origin}/assets/${worker}`, appRoot: `${server.origin}/`, texts, count, perCall: EMBED_CALL_TEXTS })})`,
      ) as Promise<{
        ms: number;
        hardwareConcurrency: number;
        before: EmbedSteps;
        after: EmbedSteps;
      }>;
    const one = await run(1);
    const workers = embedWorkerCount(one.hardwareConcurrency);
    const pool = await run(workers);
    return {
      chunks: texts.length,
      oneWorker: {
        wallMs: one.ms,
        chunksPerSecond: texts.length / (one.ms / 1000),
        steps: stepsBetween(one.before, one.after),
      },
      pool: { workers, wallMs: pool.ms, chunksPerSecond: texts.length / (pool.ms / 1000) },
      hardwareConcurrency: one.hardwareConcurrency,
    };
  } finally {
    await session.close().catch(() => {});
    await server.close();
  }
}

if (process.argv[1]?.endsWith('embed-throughput.ts') && process.argv[2])
  await childMain(JSON.parse(process.argv[2]) as { dir: string; textsFile: string });

export interface EmbedThroughputResult {
  sizeMb: number;
  node: NodeEmbedThroughput | null;
  browser: BrowserEmbedThroughput | null;
  /** Why a side was not measured. */
  skipped: string[];
}

/** The goals (docs/design.md#speed-goals), chunks per second with the bundled model. */
const GOAL_NODE = 5_000;
const GOAL_CHROMIUM_WORKER = 2_000;

/** The REPORT.md section. */
export function embedThroughputReportLines(results: EmbedThroughputResult[]): string[] {
  if (!results.length) return [];
  const r0 = (n: number) => Math.round(n).toLocaleString('en-US');
  const met = (v: number | undefined, goal: number) => {
    if (v === undefined) return '–';
    return v >= goal ? 'met' : 'not met';
  };
  const rows = results.map((r) => [
    `${r.sizeMb} MB`,
    r0(r.node?.chunks ?? r.browser?.chunks ?? NaN),
    r.node ? `${r0(r.node.chunksPerSecond)} (${met(r.node.chunksPerSecond, GOAL_NODE)})` : '–',
    r.node ? r0(r.node.chunksPerCpuSecond) : '–',
    r.browser
      ? `${r0(r.browser.oneWorker.chunksPerSecond)} (${met(r.browser.oneWorker.chunksPerSecond, GOAL_CHROMIUM_WORKER)})`
      : '–',
    r.browser ? `${r0(r.browser.pool.chunksPerSecond)} (${r.browser.pool.workers} workers)` : '–',
  ]);
  const lines = [
    '## Embedding throughput (local model)',
    '',
    `Chunks per second embedding a tier's chunk texts (what the semantic build embeds) in calls of ${EMBED_CALL_TEXTS}, model already loaded (bench/cost/embed-throughput.ts). Goals: ≥ ${r0(GOAL_NODE)}/s in Node, ≥ ${r0(GOAL_CHROMIUM_WORKER)}/s in one Chromium worker. "Node per CPU-second" divides by the process's CPU time instead of wall time: on a loaded shared machine it is the figure that does not depend on the neighbours.`,
    '',
    "| tier | chunks | Node chunks/s (wall) | Node chunks per CPU-second | Chromium, 1 worker, chunks/s | Chromium, the app's pool, chunks/s |",
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ];
  const share = (s: EmbedSteps) => {
    const total = s.tokenizeMs + s.sessionMs + s.poolMs;
    const pc = (v: number) => `${Math.round((100 * v) / total)} %`;
    return `tokenize + input tensors ${pc(s.tokenizeMs)}, ONNX session ${pc(s.sessionMs)}, pooling ${pc(s.poolMs)} (${r0(s.tokens)} tokens incl. padding)`;
  };
  for (const r of results) {
    if (r.node?.steps) lines.push(`- ${r.sizeMb} MB, where the Node time goes: ${share(r.node.steps)}.`);
    if (r.browser?.oneWorker.steps)
      lines.push(`- ${r.sizeMb} MB, where one Chromium worker's time goes: ${share(r.browser.oneWorker.steps)}.`);
  }
  for (const r of results) for (const s of r.skipped) lines.push(`- ${r.sizeMb} MB: ${s}`);
  lines.push('');
  return lines;
}
