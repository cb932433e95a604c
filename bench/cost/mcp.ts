/**
 * A warm `fourfold mcp` server's answer time: the SDK's own client sends `search` calls over
 * stdio to `node bin/fourfold.js mcp` and times each round trip (JSON-RPC both ways, schema
 * validation on both sides, the engine's search, the text rendering). Goal (docs/design.md#speed-goals): ≤ 50 ms
 * at 10 MB.
 *
 * Part of `npm run bench`; on its own: `npx tsx bench/cost/mcp.ts [--sizes 10] [--passes 3]`.
 */
import { rmSync } from 'node:fs';
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BENCH_CACHE, REPO_ROOT, ensureTiers, type CorpusTier } from '../corpora';
import { openRepository } from '../../src/node/repository';
import { snapshotRecords } from '../../src/engine/engine';
import { generateQueries, BENCH_INTENTS, type BenchQuery } from './queries';
import { percentile } from './stats';

export const MCP_GOAL_MS = 50;

export interface McpLatency {
  sizeMb: number;
  files: number;
  /** 1-minute load average when the timed calls started: the machine is shared. */
  loadAverage: number;
  /** Server start to its first answer, the index loaded from the disk cache (built beforehand). */
  firstAnswerMs: number;
  /** Timed passes over the query set, after one untimed pass. */
  passes: number;
  perIntent: { intent: string; n: number; p50: number; p95: number }[];
  all: { n: number; p50: number; p95: number; max: number };
  /** The engine's own search time inside the server (the response's elapsedMs), same calls. */
  engine: { p50: number; p95: number };
  /** Round trip minus engine time: protocol, validation, rendering, stdio. */
  overhead: { p50: number; p95: number };
  /** From appending a function to a file to the first answer that finds it (no restart). */
  editReflectedMs: number;
}

/**
 * Starts a server on the tier, warms it, and times every query `passes` times. Without
 * `queries`, they are drawn from the corpus the way the rest of the benchmark draws them.
 */
export async function mcpLatency(
  tier: CorpusTier,
  queries: readonly BenchQuery[] | null,
  passes: number,
): Promise<McpLatency> {
  const cacheDir = join(BENCH_CACHE, 'mcp-cache');
  rmSync(cacheDir, { recursive: true, force: true });
  // The index the server loads: built here, as `fourfold index` would, so the server starts warm.
  const opened = await openRepository(tier.dir, { embedder: 'none', cacheDir });
  queries ??= generateQueries(snapshotRecords(opened.engine.snapshot()));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(REPO_ROOT, 'bin/fourfold.js'), 'mcp', '--repo', tier.dir, '--embedder', 'none', '--cache', cacheDir],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'fourfold-bench', version: '1.0.0' });
  const started = performance.now();
  try {
    await client.connect(transport);
    const ask = async (query: string) => {
      const t = performance.now();
      const r = await client.callTool({ name: 'search', arguments: { query } });
      const ms = performance.now() - t;
      if (r.isError) throw new Error(`search "${query}" failed: ${JSON.stringify(r.content)}`);
      return { ms, engineMs: (r.structuredContent as { query: { elapsedMs: number } }).query.elapsedMs };
    };
    await ask(queries[0].query);
    const firstAnswerMs = performance.now() - started;
    for (const q of queries) await ask(q.query);
    const loadAverage = loadavg()[0];
    const samples: { intent: string; ms: number; engineMs: number }[] = [];
    for (let p = 0; p < passes; p++)
      for (const q of queries) samples.push({ intent: q.intent, ...(await ask(q.query)) });
    const summary = (ms: number[]) => ({ n: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95) });
    const editReflectedMs = await timeEditReflected(tier, async (query) => {
      const r = await client.callTool({ name: 'search', arguments: { query, limit: 1 } });
      return (r.structuredContent as { results: { symbol?: string }[] }).results[0]?.symbol;
    });
    return {
      sizeMb: tier.sizeMb,
      files: tier.files,
      loadAverage,
      firstAnswerMs,
      passes,
      perIntent: BENCH_INTENTS.map((intent) => ({
        intent,
        ...summary(samples.filter((s) => s.intent === intent).map((s) => s.ms)),
      })),
      all: { ...summary(samples.map((s) => s.ms)), max: Math.max(...samples.map((s) => s.ms)) },
      engine: summary(samples.map((s) => s.engineMs)),
      overhead: summary(samples.map((s) => s.ms - s.engineMs)),
      editReflectedMs,
    };
  } finally {
    await client.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** Appends a new function to one of the tier's files, asks for it until it is found, restores the file. */
async function timeEditReflected(
  tier: CorpusTier,
  firstSymbol: (query: string) => Promise<string | undefined>,
): Promise<number> {
  const file = (await readdir(tier.dir, { recursive: true })).map(String).find((p) => p.endsWith('.js'));
  if (!file) return NaN;
  const full = join(tier.dir, file);
  const original = await readFile(full);
  const name = `fourfoldFreshnessProbe${Date.now()}`;
  const started = performance.now();
  try {
    await appendFile(full, `\nexport function ${name}() { return 1; }\n`);
    while ((await firstSymbol(`function ${name}`)) !== name) await new Promise((r) => setTimeout(r, 50));
    return performance.now() - started;
  } finally {
    await writeFile(full, original);
  }
}

/** The report's section (markdown lines). */
export function mcpReportLines(results: McpLatency[]): string[] {
  if (results.length === 0) return [];
  const f = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
  const out = ['## MCP server (warm)', ''];
  out.push(
    `\`fourfold mcp\` queried by the MCP SDK's client over stdio, each \`search\` call timed as a round trip (after one untimed pass; the index loaded from the disk cache); "edit → found": a function appended to a file, asked for until the answer has it, without a restart. Goal: ≤ ${MCP_GOAL_MS} ms at 10 MB.`,
  );
  out.push('');
  out.push(
    `| corpus | load average | first answer after start | calls | round trip p50 / p95 / max | engine p50 / p95 | MCP overhead p50 / p95 | edit → found | ${BENCH_INTENTS.map((i) => `${i} p50 / p95`).join(' | ')} |`,
  );
  out.push(`|---|---|---|---|---|---|---|---|${BENCH_INTENTS.map(() => '---|').join('')}`);
  for (const r of results) {
    const cells = r.perIntent.map((i) => `${f(i.p50)} / ${f(i.p95)} ms`);
    out.push(
      `| ${r.sizeMb} MB (${r.files} files) | ${r.loadAverage.toFixed(1)} on ${availableParallelism()} cores | ${(r.firstAnswerMs / 1000).toFixed(1)} s | ${r.all.n} | ${f(r.all.p50)} / ${f(r.all.p95)} / ${f(r.all.max)} ms | ${f(r.engine.p50)} / ${f(r.engine.p95)} ms | ${f(r.overhead.p50)} / ${f(r.overhead.p95)} ms | ${(r.editReflectedMs / 1000).toFixed(1)} s | ${cells.join(' | ')} |`,
    );
  }
  const at10 = results.find((r) => r.sizeMb === 10);
  if (at10) {
    const verdict = (ms: number) => (ms <= MCP_GOAL_MS ? '**met**' : '**not met**');
    out.push(
      '',
      `At 10 MB, goal ≤ ${MCP_GOAL_MS} ms per answer: p50 ${f(at10.all.p50)} ms ${verdict(at10.all.p50)}, p95 ${f(at10.all.p95)} ms ${verdict(at10.all.p95)}.`,
    );
  }
  out.push('');
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i === -1 ? undefined : process.argv[i + 1];
  };
  const sizes = (arg('sizes') ?? '10').split(',').map(Number);
  const passes = Number(arg('passes') ?? 3);
  const results: McpLatency[] = [];
  for (const tier of await ensureTiers(sizes, (s) => process.stderr.write(`${s}\n`))) {
    process.stderr.write(`${tier.sizeMb} MB: building the index, drawing queries, timing the server…\n`);
    results.push(await mcpLatency(tier, null, passes));
  }
  process.stdout.write(mcpReportLines(results).join('\n') + '\n');
  process.exit(0);
}
