/**
 * The Fourfold CLI (SPEC §4): the browser's engine, run by Node.
 *
 *   fourfold search --repo DIR "query" [--preset P] [--modalities a,b] [--limit N] [--json] [--embedder local|voyage|none]
 *   fourfold eval   --repo DIR --queries FILE.jsonl [--preset P] [--embedder local|voyage|none]
 *   fourfold index  --repo DIR [--embedder …]          build (or refresh) the cached index and print its statistics
 *   fourfold mcp    --repo DIR [--embedder …] [--watch auto|poll|off]   serve the Model Context Protocol on stdio (mcp-server.ts)
 *
 * Exit codes: 0 ok; 1 usage error; 2 a problem with the input (missing folder, empty
 * repository, unreadable files, bad queries file); 3 an internal failure.
 */
import { readFile } from 'node:fs/promises';
import type { Modality, Preset, SearchOptions, SearchResponse } from '../engine/contract';
import { MODALITIES } from '../engine/contract';
import type { Engine } from '../engine/engine';
import { describeFilters } from '../engine/query-syntax';
import { buildComing, snapshotFileFor } from './cache-location';
import { InputError } from './input-error';
// Type-only: the engine, tree-sitter and the embedding model load when a command needs them,
// so `fourfold --help` and a usage error start and finish at once.
import type { EmbedderChoice, OpenedRepository } from './repository';

const PRESETS: readonly Preset[] = ['quick', 'default', 'thorough'];
const EMBEDDERS: readonly EmbedderChoice[] = ['local', 'voyage', 'none'];

const USAGE = `usage:
  fourfold search --repo DIR "query" [--preset quick|default|thorough] [--modalities a,b] [--limit N] [--json] [--embedder local|voyage|none]
  fourfold eval   --repo DIR --queries FILE.jsonl [--preset P] [--embedder local|voyage|none]
  fourfold index  --repo DIR [--embedder local|voyage|none]
  fourfold mcp    --repo DIR [--embedder local|voyage|none] [--watch auto|poll|off]   MCP server on stdio

options:
  --embedder   local (default): the bundled model; voyage: voyage-code-3 with VOYAGE_API_KEY
               (VOYAGE_BASE_URL to use a proxy); none: no semantic index
  --no-cache   rebuild from scratch instead of reusing the cached index
  --cache DIR  where indexes are cached (default: $XDG_CACHE_HOME/fourfold or ~/.cache/fourfold)
modalities: ${MODALITIES.join(', ')}
query syntax: a plain question, plus /regex/, "exact phrase", path:glob, -path:glob, lang:name, case:yes`;

/** A user-facing failure: printed without a stack trace, with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

interface Args {
  command: string;
  positional: string[];
  flags: Map<string, string | true>;
}

function parseArgs(argv: string[]): Args {
  const [first = 'help', ...rest] = argv;
  const command = first === '--help' || first === '-h' ? 'help' : first;
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  const booleans = new Set(['json', 'no-cache', 'help', 'quiet']);
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
      if (booleans.has(name)) flags.set(name, true);
      else if (inline !== undefined) flags.set(name, inline);
      else if (i + 1 < rest.length) flags.set(name, rest[++i]);
      else throw new CliError(`--${name} needs a value\n${USAGE}`, 1);
    } else positional.push(a);
  }
  return { command, positional, flags };
}

function flag(args: Args, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

function choice<T extends string>(args: Args, name: string, allowed: readonly T[], fallback: T): T {
  const v = flag(args, name) ?? fallback;
  if (!(allowed as readonly string[]).includes(v)) throw new CliError(`--${name} must be one of ${allowed.join(', ')} (got "${v}")`, 1);
  return v as T;
}

function parseModalities(value: string | undefined): Modality[] | undefined {
  if (value === undefined) return undefined;
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const m of list) if (!(MODALITIES as readonly string[]).includes(m)) throw new CliError(`unknown modality "${m}" (choose from ${MODALITIES.join(', ')})`, 1);
  if (list.length === 0) throw new CliError('--modalities needs at least one modality', 1);
  return list as Modality[];
}

function parseLimit(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new CliError(`--limit must be a whole number from 1 to 1000 (got "${value}")`, 1);
  return n;
}

export async function main(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s), err: (s: string) => void = (s) => process.stderr.write(s)): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args.command === 'help' || args.flags.has('help')) {
      out(USAGE + '\n');
      return 0;
    }
    if (!['search', 'eval', 'index', 'mcp'].includes(args.command)) throw new CliError(`unknown command "${args.command}"\n${USAGE}`, 1);
    const repo = flag(args, 'repo');
    if (!repo) throw new CliError(`--repo DIR is required\n${USAGE}`, 1);
    const embedder = choice(args, 'embedder', EMBEDDERS, 'local');
    const preset = choice(args, 'preset', PRESETS, 'default');
    if (args.command === 'mcp') {
      const watch = choice(args, 'watch', ['auto', 'poll', 'off'] as const, 'auto');
      return await (await import('./mcp-server')).serveMcp({ repo, embedder, cacheDir: flag(args, 'cache'), watch });
    }

    let query: string | undefined;
    let queriesFile: string | undefined;
    if (args.command === 'search') {
      query = args.positional.join(' ');
      if (!query.trim()) throw new CliError(`search needs a query\n${USAGE}`, 1);
    } else if (args.command === 'eval') {
      queriesFile = flag(args, 'queries');
      if (!queriesFile) throw new CliError(`eval needs --queries FILE.jsonl\n${USAGE}`, 1);
    }
    const modalities = parseModalities(flag(args, 'modalities'));
    const limit = parseLimit(flag(args, 'limit'));

    const cache = { cacheDir: flag(args, 'cache'), useCache: !args.flags.has('no-cache') };
    // With a build coming, the parse workers start before the engine loads: they load their
    // grammars on the core the loading leaves free.
    const parsePool = buildComing(snapshotFileFor(repo, embedder, cache.cacheDir), cache.useCache) ? import('./parse-pool').then((m) => m.startParsePool()) : undefined;
    const [{ openRepository }, { queryMayEmbed }] = await Promise.all([import('./repository'), import('../engine/engine')]);
    const opened = await openRepository(repo, {
      embedder,
      ...cache,
      parsePool,
      onNotice: args.flags.has('quiet') ? undefined : (s) => err(`fourfold: ${s}\n`),
      prefetchEmbedder: args.command === 'search' && queryMayEmbed(query!, preset, modalities),
    });
    let exitCode = opened.unreadable.length > 0 ? 2 : 0;
    for (const u of opened.unreadable) err(`fourfold: could not read ${u.path}: ${u.reason}\n`);

    if (args.command === 'index') {
      out(JSON.stringify({ summary: summary(opened) }, null, 2) + '\n');
    } else if (args.command === 'search') {
      const response = await opened.engine.search(query!, { preset, modalities, limit });
      if (response.query.error) {
        // A query that cannot run as written is bad input: the reason, not an empty list.
        if (args.flags.has('json')) out(JSON.stringify(response, null, 2) + '\n');
        err(`fourfold: ${response.query.error}\n`);
        return 2;
      }
      out(args.flags.has('json') ? JSON.stringify(response, null, 2) + '\n' : formatResponse(response, opened.engine));
    } else {
      exitCode = Math.max(exitCode, await runEval(opened, queriesFile!, { preset, modalities, limit }, out, err));
    }
    return exitCode;
  } catch (e) {
    if (e instanceof CliError) {
      err(`fourfold: ${e.message}\n`);
      return e.exitCode;
    }
    if (e instanceof InputError) {
      err(`fourfold: ${e.message}\n`);
      return 2;
    }
    err(`fourfold: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 3;
  }
}

interface EvalQuery {
  id: string;
  query: string;
  preset?: Preset;
  modalities?: Modality[];
}

async function runEval(opened: OpenedRepository, file: string, defaults: SearchOptions, out: (s: string) => void, err: (s: string) => void): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read queries file ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, 2);
  }
  let bad = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    let q: EvalQuery;
    try {
      q = JSON.parse(line);
      if (typeof q.query !== 'string' || q.id === undefined) throw new Error('needs "id" and "query"');
      if (q.preset !== undefined && !PRESETS.includes(q.preset)) throw new Error(`unknown preset "${q.preset}"`);
      if (q.modalities !== undefined) parseModalities(q.modalities.join(','));
    } catch (e) {
      err(`fourfold: ${file}:${i + 1}: not a valid query line (${e instanceof Error ? e.message : e})\n`);
      bad++;
      continue;
    }
    const options: SearchOptions = { ...defaults, preset: q.preset ?? defaults.preset, modalities: q.modalities ?? defaults.modalities };
    const t0 = performance.now();
    const r = await opened.engine.search(q.query, options);
    const elapsedMs = performance.now() - t0;
    out(JSON.stringify(evalLine(q, r, elapsedMs)) + '\n');
  }
  out(JSON.stringify({ summary: summary(opened) }) + '\n');
  return bad > 0 ? 2 : 0;
}

/** One line of `eval` output, exactly the shape of SPEC §4. */
export function evalLine(q: { id: string; query: string }, r: SearchResponse, elapsedMs: number) {
  return {
    id: q.id,
    query: q.query,
    intent: r.query.intent,
    confidence: r.query.confidence,
    rule: r.query.rule,
    strategy: r.query.strategy,
    ...(r.query.fallback !== undefined ? { fallback: r.query.fallback } : {}),
    ...(r.query.error !== undefined ? { error: r.query.error } : {}),
    preset: r.query.preset,
    k: r.query.k,
    elapsedMs: round(elapsedMs, 3),
    results: r.results.map((x) => ({
      path: x.path,
      startLine: x.startLine,
      endLine: x.endLine,
      score: x.score,
      ...(x.symbol !== undefined ? { symbol: x.symbol } : {}),
      boost: x.explanation.boost,
      centrality: x.explanation.centrality,
      demotion: x.explanation.demotion ? { factor: x.explanation.demotion.factor, rule: x.explanation.demotion.rule } : null,
      modalities: Object.fromEntries(
        Object.entries(x.explanation.modalities).map(([m, c]) => [m, { rank: c!.rank, weight: c!.weight, k: c!.k, contribution: c!.contribution }]),
      ),
    })),
  };
}

function summary(opened: OpenedRepository) {
  const s = opened.engine.stats;
  return {
    repo: opened.root,
    files: s.files,
    bytes: s.bytes,
    chunks: s.chunks,
    definitions: s.definitions,
    references: s.references,
    imports: s.imports,
    resolvedImports: s.resolvedImports,
    parseFailures: s.parseFailures,
    skipped: s.skipped,
    unreadable: opened.unreadable.length,
    embedder: s.embedder,
    buildMs: Object.fromEntries(Object.entries(s.buildMs).map(([k, v]) => [k, round(v, 1)])),
    sizeBytes: s.sizeBytes,
    fromCache: opened.fromCache,
    cacheCheck: opened.cacheCheck,
    reusedFiles: s.reusedFiles,
    readMs: round(opened.readMs, 1),
    loadMs: round(opened.loadMs, 1),
  };
}

function formatResponse(r: SearchResponse, engine: Engine): string {
  const q = r.query;
  const lines: string[] = [];
  lines.push(`${q.intent} (confidence ${q.confidence}, rule ${q.rule}) · ${q.strategy} · preset ${q.preset} · k ${q.k} · ${round(q.elapsedMs, 1)} ms`);
  lines.push(`  ${q.strategyReason}`);
  const u = q.understood;
  const syntax = [...(u.regex !== undefined ? [`/${u.regex}/`] : []), ...describeFilters(u), ...(u.caseSensitive ? ['case:yes'] : [])];
  if (syntax.length) lines.push(`  understood: ${u.text ? `"${u.text}" ` : ''}${syntax.join(' ')}`);
  if (q.fallback) lines.push(`  fallback: ${q.fallback}`);
  const ran = q.modalities.filter((m) => m.ran).map((m) => `${m.modality} ${m.hits} hits ${round(m.latencyMs, 1)} ms`);
  if (ran.length) lines.push(`  ran: ${ran.join(' · ')}`);
  for (const n of q.notes) lines.push(`  note: ${n}`);
  if (r.results.length === 0) lines.push('\nno results');
  r.results.forEach((x, i) => {
    const sym = x.symbol ? `  ${x.symbol}${x.definitionKind ? ` (${x.definitionKind})` : ''}` : '';
    lines.push(`\n${String(i + 1).padStart(2)}. ${x.path}:${x.startLine}-${x.endLine}${sym}  score ${x.score.toFixed(5)}`);
    const parts = Object.entries(x.explanation.modalities).map(([m, c]) => `${m} #${c!.rank + 1} × ${c!.weight} → ${c!.contribution.toFixed(5)} (${c!.reason})`);
    lines.push(`    ${parts.join(' · ')}`);
    const extra = [`boost ${x.explanation.boost.toFixed(3)} (centrality ${x.explanation.centrality.toFixed(2)})`];
    if (x.explanation.demotion) extra.push(`demoted ×${x.explanation.demotion.factor} (${x.explanation.demotion.rule})`);
    if (x.foldedChunks) extra.push(`${x.foldedChunks} more in this file`);
    lines.push(`    ${extra.join(' · ')}`);
    const preview = engine.chunkText(engine.chunk(x.chunkId)).split('\n').slice(0, 3);
    for (const p of preview) lines.push(`    │ ${p.slice(0, 120)}`);
  });
  return lines.join('\n') + '\n';
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
