/**
 * The CLI's commands once the command line has been parsed (search, eval, index, mcp): loaded by
 * cli.ts only for a command, so `fourfold --help` and a usage error load none of it.
 */
import { readFile } from 'node:fs/promises';
import type {
  FormWeight,
  Modality,
  ModalityContribution,
  Preset,
  SearchOptions,
  SearchResponse,
  SiblingBoost,
} from '../engine/contract';
import type { Engine } from '../engine/engine';
import { describeFilters } from '../engine/query-syntax';
import { orderReasons } from '../engine/order-reasons';
import { repositoryNamesNote } from '../engine/search/repository-names';
import { compileForBuild } from './build-jit';
import { buildComing, defaultCacheDir, snapshotFileFor } from './cache-location';
import { EXIT, parseModalities, PRESETS, type CliOptions, type ExitCode } from './cli-flags';
import { removeStaleTemps } from './disk-cache';
import { traceMark } from './build-trace';
import { memberChoiceOut } from './result-out';
import { CliError } from './input-error';
import { terminalSafe, terminalSafeLines } from './terminal-text';
// Type-only: the engine, tree-sitter and the embedding model load when a command needs them.
import type { OpenedRepository } from './repository';

type Print = (s: string) => void;

export async function run(
  options: CliOptions & { command: 'search' | 'eval' | 'index' | 'mcp'; repo: string },
  out: Print,
  err: Print,
): Promise<ExitCode> {
  const { repo, embedder, preset, modalities, limit } = options;
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  // Writes a killed run never finished must not pile up, run after run.
  await removeStaleTemps(cacheDir);
  traceMark('stale-temps:removed');
  if (options.command === 'mcp') {
    return (await import('./mcp-server')).serveMcp({ repo, embedder, cacheDir, watch: options.watch });
  }
  const query = options.command === 'search' ? options.positional.join(' ') : undefined;

  // With a build coming, the parse workers start before the engine loads: they load their
  // grammars on the core the loading leaves free. Their module (the main thread's side of the
  // pool, light) is awaited first: started beside the engine's import, the workers came only
  // after the walk, which gives the event loop no turn (docs/bench/HISTORY.md, h40-perf).
  const building = buildComing(snapshotFileFor(repo, embedder, cacheDir), options.useCache);
  // This process builds and then exits: V8's compiler set for that before any worker starts.
  if (building) compileForBuild();
  const parsePool = building ? Promise.resolve((await import('./parse-pool')).startParsePool()) : undefined;
  const [{ openRepository }, { queryMayEmbed, SnapshotDamagedError }] = await Promise.all([
    import('./repository'),
    import('../engine/engine'),
  ]);
  traceMark('modules:loaded');
  // A search reads only the parts of the cached index it needs; a part found damaged then is
  // said, the index is built again in its place (discardCached), and the question answered from it.
  const open = (discardCached: boolean) =>
    openRepository(repo, {
      embedder,
      cacheDir,
      useCache: options.useCache,
      parsePool: discardCached ? undefined : parsePool,
      onNotice: options.quiet ? undefined : (s) => err(`fourfold: ${s}\n`),
      prefetchEmbedder: query !== undefined && queryMayEmbed(query, preset, modalities),
      onDemand: options.command === 'search',
      discardCached,
    });
  const opened = await open(false);
  if (options.command === 'index') {
    const exitCode = openedExitCode(opened, err);
    out(JSON.stringify({ summary: summary(opened) }, null, 2) + '\n');
    traceMark('summary:printed');
    return exitCode;
  }
  if (options.command === 'eval')
    return Math.max(
      openedExitCode(opened, err),
      await runEval(opened, options.queries!, { preset, modalities, limit }, out, err),
    ) as ExitCode;
  let exitCode: ExitCode;
  try {
    exitCode = await runSearch(opened, query!, options, out, err);
  } catch (e) {
    if (!(e instanceof SnapshotDamagedError) || !opened.fromCache) throw e;
    if (!options.quiet) err(`fourfold: the cached index could not be read (${e.message}): rebuilding it\n`);
    exitCode = await runSearch(await open(true), query!, options, out, err);
  }
  // No server answered this question (bin/fourfold.js asked first): one is started for the next.
  if (options.server && options.useCache && !opened.cacheFailure && opened.unreadable.length === 0)
    (await import('./warm-spawn')).spawnWarmServer({ repo: opened.root, embedder, cacheDir });
  return exitCode;
}

/** What a search or an index run's exit code starts from: files that could not be read, a cache that could not be written. */
function openedExitCode(opened: OpenedRepository, err: Print): ExitCode {
  let exitCode: ExitCode = opened.unreadable.length > 0 ? EXIT.input : EXIT.ok;
  for (const u of opened.unreadable) err(`fourfold: could not read ${u.path}: ${u.reason}\n`);
  if (opened.cacheFailure) {
    // The index in memory is whole: answer from it, and say the next start builds again.
    err(
      `fourfold: ${opened.cacheFailure.message}: answering without it (the next run builds the index again); free space, fix the folder, or choose another with --cache DIR or none with --no-cache\n`,
    );
    exitCode = EXIT.input;
  }
  return exitCode;
}

/**
 * One question: searched and formatted before anything is printed, so a retry after damage prints
 * once. The warm server answers with it too, so both print the same.
 */
export async function runSearch(
  opened: OpenedRepository,
  query: string,
  options: CliOptions,
  out: Print,
  err: Print,
): Promise<ExitCode> {
  const { preset, modalities, limit } = options;
  const response = await opened.engine.search(query, { preset, modalities, limit });
  if (response.query.error) {
    openedExitCode(opened, err);
    // A query that cannot run as written is bad input: the reason, not an empty list.
    if (options.json) out(JSON.stringify(response, null, 2) + '\n');
    err(`fourfold: ${response.query.error}\n`);
    return EXIT.input;
  }
  const text = options.json ? JSON.stringify(response, null, 2) + '\n' : formatResponse(response, opened.engine);
  let exitCode = openedExitCode(opened, err);
  out(text);
  // A retriever that failed (the embedding provider refused the key, timed out) leaves the
  // answer short of what was asked: said on stderr, and the exit code tells a script.
  for (const m of response.query.modalities) {
    if (m.skip !== 'failed') continue;
    err(`fourfold: ${m.modality} ${m.skipped ?? 'failed'}\n`);
    exitCode = EXIT.input;
  }
  return exitCode;
}

interface EvalQuery {
  id: string;
  query: string;
  preset?: Preset;
  modalities?: Modality[];
}

async function runEval(
  opened: OpenedRepository,
  file: string,
  defaults: SearchOptions,
  out: Print,
  err: Print,
): Promise<ExitCode> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new CliError(
      `cannot read queries file ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
      EXIT.input,
    );
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
    const options: SearchOptions = {
      ...defaults,
      preset: q.preset ?? defaults.preset,
      modalities: q.modalities ?? defaults.modalities,
    };
    const t0 = performance.now();
    const r = await opened.engine.search(q.query, options);
    const elapsedMs = performance.now() - t0;
    out(JSON.stringify(evalLine(q, r, elapsedMs)) + '\n');
  }
  out(JSON.stringify({ summary: summary(opened) }) + '\n');
  return bad > 0 ? EXIT.input : EXIT.ok;
}

/** One line of `eval` output, exactly the shape of docs/design.md#eval-output. */
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
    ...(r.query.evidence ? { evidence: r.query.evidence } : {}),
    results: r.results.map((x) => ({
      path: x.path,
      startLine: x.startLine,
      endLine: x.endLine,
      score: x.score,
      ...(x.symbol !== undefined ? { symbol: x.symbol } : {}),
      ...(x.evidence !== undefined ? { evidence: x.evidence } : {}),
      boost: x.explanation.boost,
      centrality: x.explanation.centrality,
      demotion: x.explanation.demotion
        ? { factor: x.explanation.demotion.factor, rule: x.explanation.demotion.rule }
        : null,
      ...(x.explanation.sibling ? { sibling: x.explanation.sibling } : {}),
      ...(x.explanation.form ? { form: x.explanation.form } : {}),
      ...(x.explanation.member ? { member: memberChoiceOut(x.explanation.member) } : {}),
      ...(x.explanation.fileWords ? { fileWords: x.explanation.fileWords } : {}),
      ...(x.explanation.placeWords ? { placeWords: x.explanation.placeWords } : {}),
      ...(x.subResults ? { subResults: x.subResults.map((sub) => [sub.startLine, sub.endLine]) } : {}),
      modalities: Object.fromEntries(
        Object.entries(x.explanation.modalities).map(([m, c]) => [
          m,
          { rank: c!.rank, weight: c!.weight, k: c!.k, contribution: c!.contribution },
        ]),
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
    languages: s.languages ?? [],
    readMs: round(opened.readMs, 1),
    loadMs: round(opened.loadMs, 1),
  };
}

function formatResponse(r: SearchResponse, engine: Engine): string {
  const q = r.query;
  const lines: string[] = [];
  lines.push(
    `${q.intent} (confidence ${q.confidence}, rule ${q.rule}) · ${q.strategy} · preset ${q.preset} · k ${q.k} · ${round(q.elapsedMs, 1)} ms`,
  );
  lines.push(`  ${q.strategyReason}`);
  const u = q.understood;
  const syntax = [
    ...(u.regex !== undefined ? [`/${u.regex}/`] : []),
    ...describeFilters(u),
    ...(u.caseSensitive ? ['case:yes'] : []),
  ];
  if (syntax.length) lines.push(`  understood: ${u.text ? `"${u.text}" ` : ''}${syntax.join(' ')}`);
  if (q.fallback) lines.push(`  fallback: ${q.fallback}`);
  const ran = q.modalities.filter((m) => m.ran).map((m) => `${m.modality} ${m.hits} hits ${round(m.latencyMs, 1)} ms`);
  if (ran.length) lines.push(`  ran: ${ran.join(' · ')}`);
  // Notes quote names from the repository (near names of an absent one).
  for (const n of q.notes) lines.push(`  note: ${terminalSafe(n)}`);
  if (q.evidence)
    lines.push(
      `  evidence: ${q.evidence.total} result(s) (${q.evidence.resolved} resolved, ${q.evidence.chain} through a chain, ${q.evidence.byName} by name, unresolved)`,
    );
  if (r.results.length === 0)
    lines.push(q.evidence?.total === 0 ? '\nno file imports or uses it (no results with evidence)' : '\nno results');
  r.results.forEach((x, i) => {
    if (x.evidence === 'by-name' && r.results[i - 1]?.evidence !== 'by-name') lines.push('\n-- by name, unresolved --');
    // Paths, symbols and lines are the repository's text: escaped, so a file cannot drive the terminal.
    const sym = x.symbol ? `  ${symbolLabel(terminalSafe(x.symbol), x.definitionKind)}` : '';
    lines.push(
      `\n${String(i + 1).padStart(2)}. ${terminalSafe(x.path)}:${x.startLine}-${x.endLine}${sym}  score ${x.score.toFixed(5)}`,
    );
    const parts = Object.entries(x.explanation.modalities).map(
      ([m, c]) =>
        `${m} #${c!.rank + 1}${countedFrom(c!)} × ${c!.weight} → ${c!.contribution.toFixed(5)} (${c!.reason})`,
    );
    lines.push(`    ${parts.join(' · ')}`);
    const extra = [
      x.explanation.firstInEveryList
        ? `boost ${x.explanation.boost.toFixed(3)} (first in every list: the cap)`
        : `boost ${x.explanation.boost.toFixed(3)} (centrality ${x.explanation.centrality.toFixed(2)})`,
    ];
    if (x.explanation.demotion)
      extra.push(`demoted ×${x.explanation.demotion.factor} (${x.explanation.demotion.rule})`);
    for (const reason of orderReasons(x.explanation, terminalSafe)) extra.push(reason.text);
    if (x.explanation.sibling) extra.push(siblingLabel(x.explanation.sibling));
    if (x.explanation.form) extra.push(formLabel(x.explanation.form));
    if (x.explanation.member)
      extra.push(`shown for its file ×${x.explanation.member.factor.toFixed(3)} (${x.explanation.member.rule})`);
    if (x.explanation.fileWords)
      extra.push(
        `file words ×${x.explanation.fileWords.factor.toFixed(3)} (its file says ${Math.round(x.explanation.fileWords.share * 100)} % of the question${x.explanation.fileWords.repositoryNames?.length ? `; ${repositoryNamesNote(x.explanation.fileWords.repositoryNames)}` : ''})`,
      );
    if (x.explanation.placeWords)
      extra.push(
        `path words ×${x.explanation.placeWords.factor.toFixed(3)} (its path says ${Math.round(x.explanation.placeWords.share * 100)} % of the ${x.explanation.placeWords.of === 'part' ? 'part the question names' : 'phrase'})`,
      );
    if (x.foldedChunks) extra.push(`${x.foldedChunks} more in this file`);
    lines.push(`    ${extra.join(' · ')}`);
    // From the line that answers (a message's format, a constant's name) when the range was narrowed inside its chunk.
    const chunk = engine.chunk(x.chunkId);
    const from = Math.max(0, (x.line ?? x.startLine) - chunk.startLine);
    const preview = engine
      .chunkText(chunk)
      .split('\n')
      .slice(from, from + 3);
    for (const p of preview) lines.push(`    │ ${terminalSafe(p.slice(0, 120))}`);
    // The file's other strong chunks, indented under it: each a range to open on its own.
    for (const sub of x.subResults ?? []) {
      const subSym = sub.symbol ? `  ${symbolLabel(terminalSafe(sub.symbol), sub.definitionKind)}` : '';
      const sibling = sub.explanation.sibling ? ` · ${siblingLabel(sub.explanation.sibling)}` : '';
      lines.push(
        `      ↳ ${terminalSafe(x.path)}:${sub.startLine}-${sub.endLine}${subSym}  score ${sub.score.toFixed(5)}${sibling}`,
      );
    }
  });
  // The rest (the query as understood, reasons) escaped too: the query may quote the repository.
  return terminalSafeLines(lines.join('\n') + '\n');
}

/** The rank a contribution counts from, when not the list's end: the list it restates, or its floor. */
function countedFrom(c: ModalityContribution): string {
  if (c.above) return ` (above the ${c.above.modality} list's #${c.above.rank + 1})`;
  return c.floor ? ` (above ${c.floor.tied} tied at #${c.floor.rank + 1})` : '';
}

/** "another form than Get ×0.250 (arguments 0 → 1)": the factor that keeps a setter below a getter's siblings. */
function formLabel(f: FormWeight): string {
  return `another form than ${terminalSafe(f.of)} ×${f.factor.toFixed(3)} (arguments ${f.arity[0]} → ${f.arity[1]})`;
}

/** "sibling of MinimumNArgs ×1.82 (similarity 0.82)". */
function siblingLabel(s: SiblingBoost): string {
  return `sibling of ${terminalSafe(s.of)} ×${s.factor.toFixed(3)} (similarity ${s.similarity.toFixed(2)})`;
}

/** `name (kind)`, or the name alone when the kind is unknown. */
function symbolLabel(name: string, kind: string | undefined): string {
  return kind ? `${name} (${kind})` : name;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
