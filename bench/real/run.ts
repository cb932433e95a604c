/**
 * The real-repository section of `npm run eval` ("Right the first time on real
 * repositories"): hand-checked questions over Debian-packaged Python, Go, Rust, Ruby, PHP and
 * C projects, judged at the LINE and at the FILE (rules: bench/real/score.ts).
 *
 *   npm run eval -- --real-only [--embedder local|none]
 *
 * Engines are built exactly as bench/eval.ts builds them (StructuralAnalyzer with
 * nodeGrammars, the local embedder); each question runs through `engine.search(query)` with
 * the default preset, as a user gets it. "Who calls X" also runs through the app's graph
 * navigation (definitionsOf → callSites) and "what depends on FILE" through
 * `engine.dependents`. Side by side: universal-ctags for definitions and ripgrep for callers
 * and pasted messages, when installed.
 *
 * FOURFOLD_DUMP_CANDIDATES=<file> also writes the candidates of every tuning question about
 * behaviour (bench/real/dump.ts), which bench/real/rerank.py reads to measure a fitted reranker.
 *
 * The set is split by project into a TUNING half and a HELD-OUT half. Do not read the
 * held-out questions or per-query results while changing ranking code; report them only.
 */
import { execFile } from 'node:child_process';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Engine } from '../../src/engine/engine';
import { repositoryNamesOf } from '../../src/engine/search/repository-names';
import type { Embedder } from '../../src/engine/semantic/embedder';
import type { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { type Half, type LoadedProject, loadProject, PROJECTS } from './projects';
import { queryCell, readQuestions, REAL_DIR } from './questions';
import { atLevel, groupsOf, type Item, KINDS, type Kind, mean, type Question, score, type Scores } from './score';
import type { LexicalExpansion } from '../../src/engine/text/expansion';
import { dumpQuestion } from './dump';

const run = promisify(execFile);

/** The results asked for when dumping candidates: with their sub-results, well past the ten scored. */
const DUMP_POOL = 40;

type System = 'fourfold' | 'graph-api' | 'similar-action' | 'ctags' | 'ripgrep';

interface Outcome {
  q: Question;
  language: string;
  system: System;
  line: Scores;
  contains: Scores;
  file: Scores;
  /** find-similar: the code asked about came back in the top 10. */
  returnedSelf?: boolean;
  top: string[];
  intent?: string;
}

const subject = (q: Question): string => {
  const m = q.query.match(/([A-Za-z_][\w]*)\s*$/) ?? q.query.match(/([A-Za-z_]\w*)(?!.*[A-Za-z_]\w)/);
  return m ? m[1] : q.query;
};

/**
 * The file a question names: its path, or a name typed without its folder (`lzfse.h` for
 * lzfse/lzfse.h) when one file has it — the file a user would pick to ask the graph about.
 */
function pathNamed(loaded: LoadedProject, typed: string): string {
  if (loaded.sha1.has(typed)) return typed;
  const named = [...loaded.sha1.keys()].filter((p) => p.endsWith(`/${typed}`));
  return named.length === 1 ? named[0] : typed;
}

export async function runReal(
  deps: { analyzer: StructuralAnalyzer; embedder: Embedder | null; lexicalExpansion?: LexicalExpansion | null },
  log: (m: string) => void,
  options: { wholeTree?: boolean } = {},
): Promise<void> {
  const outDir = options.wholeTree ? join(REAL_DIR, 'whole-tree') : REAL_DIR;
  const started = performance.now();
  const questions = await readQuestions();
  const outcomes: Outcome[] = [];
  const projects: Record<string, unknown>[] = [];
  const stale: string[] = [];
  const tools = { rg: await has('rg', ['--version']), ctags: await has('ctags', ['--version']) };
  // Opt-in (bench/real/dump.ts): the candidates of every tuning question about behaviour, one JSON line each.
  const dumpTo = process.env.FOURFOLD_DUMP_CANDIDATES;
  if (dumpTo) await writeFile(dumpTo, '');
  for (const spec of PROJECTS) {
    const mine = questions.filter((q) => q.project === spec.name);
    const loaded = await loadProject(spec, log, undefined, options.wholeTree);
    if (!loaded) {
      projects.push({
        name: spec.name,
        package: `${spec.pkg}=${spec.version}`,
        language: spec.language,
        half: spec.half,
        skipped: true,
      });
      continue;
    }
    for (const q of mine)
      for (const e of [...q.expected, ...(q.exclude ? [q.exclude] : [])])
        if (loaded.sha1.get(e.path) !== e.sha1) stale.push(`${q.id} ${e.path}`);
    const t = performance.now();
    // The folder a user opens is named for the project (a clone of clean-css is `clean-css/`);
    // the package's folder here is the Debian path's (`usr/share/nodejs`, `src`).
    const engine = await Engine.build(loaded.files, { ...deps, repositoryNames: repositoryNamesOf(spec.name) });
    const buildMs = performance.now() - t;
    log(
      `real: ${spec.name} (${spec.language}, ${loaded.files.length} files) built in ${(buildMs / 1000).toFixed(1)} s; ${mine.length} questions`,
    );
    projects.push({
      name: spec.name,
      package: `${spec.pkg}=${spec.version}`,
      language: spec.language,
      half: spec.half,
      files: loaded.files.length,
      chunks: engine.stats.chunks,
      buildMs: Math.round(buildMs),
      questions: mine.length,
    });
    const tags = tools.ctags ? await ctagsOf(loaded) : null;
    const textByPath = new Map(loaded.files.map((f) => [f.path, f.text]));
    for (const q of mine) {
      const add = (system: System, items: Item[], intent?: string) =>
        outcomes.push(judge(q, spec.language, system, items, intent));
      const response = await engine.search(q.query, { preset: 'default', limit: 10 });
      add(
        'fourfold',
        response.results.map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine })),
        response.query.intent,
      );
      if (dumpTo && q.kind === 'understand' && q.half === 'tuning') {
        const pool = await engine.search(q.query, { preset: 'default', limit: DUMP_POOL });
        const dumped = dumpQuestion(q, spec.language, pool, response.results, (p) => textByPath.get(p));
        await appendFile(dumpTo, `${JSON.stringify(dumped)}\n`);
      }
      const name = subject(q);
      if (q.kind === 'callers') {
        const target = engine.definitionsOf(name)[0];
        const sites = target ? engine.callSites(target.chunkId) : [];
        add(
          'graph-api',
          sites.map((s) => ({ path: s.path, startLine: s.line, endLine: s.line })),
        );
        if (tools.rg)
          add(
            'ripgrep',
            (await rg(loaded.dir, ['-w', name])).filter((i) => !isDefinitionLine(loaded, i, name)),
          );
      }
      if (q.kind === 'dependants') {
        const file = engine.file(pathNamed(loaded, q.query.split(/\s+/).pop() ?? ''));
        const first = file?.chunks[0];
        add(
          'graph-api',
          first
            ? engine
                .dependents(first.id)
                .filter((d) => d.hops === 1)
                .map((d) => ({ path: d.path, startLine: 1, endLine: 1 }))
            : [],
        );
      }
      if (q.kind === 'similar' && q.exclude) {
        // The result action "Find similar" on X's chunk (engine.search with similarToChunk).
        const chunk = engine.chunkAtLine(q.exclude.path, q.exclude.line!);
        const r = chunk ? await engine.search('', { similarToChunk: chunk.id, preset: 'default', limit: 10 }) : null;
        add(
          'similar-action',
          r ? r.results.map((x) => ({ path: x.path, startLine: x.startLine, endLine: x.endLine })) : [],
        );
      }
      if (q.kind === 'definition' && tags) add('ctags', ctagsLookup(tags, q.query));
      if (q.kind === 'message' && tools.rg) {
        const fragment = longestFragment(q.query);
        add('ripgrep', fragment ? await rg(loaded.dir, ['-F', fragment]) : []);
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const md = renderReport(outcomes, projects, questions, stale, seconds, deps.embedder?.id ?? 'none', tools, options);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'REPORT.md'), md);
  await writeFile(
    join(outDir, 'results.json'),
    `${JSON.stringify({ date: new Date().toISOString(), embedder: deps.embedder?.id ?? 'none', seconds: Math.round(seconds), projects, stale, tables: tables(outcomes), perQuestion: outcomes.map((o) => ({ id: o.q.id, half: o.q.half, system: o.system, intent: o.intent, line: o.line, contains: o.contains, file: o.file, returnedSelf: o.returnedSelf, top: o.top })) }, null, 1)}\n`,
  );
  log(
    `real: wrote ${options.wholeTree ? 'docs/eval/real/whole-tree' : 'docs/eval/real'}/REPORT.md and results.json in ${seconds.toFixed(0)} s`,
  );
}

function judge(q: Question, language: string, system: System, raw: Item[], intent?: string): Outcome {
  const groups = groupsOf(q.expected);
  let items = raw;
  let returnedSelf: boolean | undefined;
  if (q.kind === 'similar' && q.exclude) {
    const self = groupsOf([q.exclude])[0];
    returnedSelf = raw
      .slice(0, 10)
      .some((i) => i.path === self.path && i.startLine <= self.lines[0] && self.lines[0] <= i.endLine);
  }
  const line = score(items, groups, 'line');
  const contains = score(items, groups, 'contains');
  const file = score(items, groups, 'file');
  items = atLevel(items, 'line');
  return {
    q,
    language,
    system,
    line,
    contains,
    file,
    returnedSelf,
    intent,
    top: items.slice(0, 5).map((i) => `${i.path}:${i.startLine}-${i.endLine}`),
  };
}

// ---- baselines ----

async function has(cmd: string, args: string[]): Promise<boolean> {
  try {
    await run(cmd, args);
    return true;
  } catch {
    return false;
  }
}

async function rg(dir: string, args: string[]): Promise<Item[]> {
  try {
    const { stdout } = await run('rg', ['-n', '--no-heading', '--sort', 'path', ...args, '.'], {
      cwd: dir,
      maxBuffer: 1 << 26,
    });
    return stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const m = l.match(/^(?:\.\/)?(.+?):(\d+):/);
        return m ? { path: m[1], startLine: Number(m[2]), endLine: Number(m[2]) } : null;
      })
      .filter((x): x is Item => x !== null);
  } catch {
    return [];
  }
}

function isDefinitionLine(p: LoadedProject, i: Item, name: string): boolean {
  const text = p.files.find((f) => f.path === i.path)?.text.split('\n')[i.startLine - 1] ?? '';
  return new RegExp(`\\b(def|func|fn|function|class)\\s+(\\([^)]*\\)\\s*)?${name}\\b|^${name}\\s*\\(`).test(
    text.trim(),
  );
}

/** The longest run of plain words (letters, spaces, a few marks) in a pasted message: what a user would grep for. */
function longestFragment(message: string): string | null {
  const runs = message
    .split(/["'`$\d[\](){}<>]|--\S+|:\s/)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 2);
  return runs.sort((a, b) => b.length - a.length)[0] ?? null;
}

interface Tag {
  name: string;
  path: string;
  line: number;
  scope: string;
}

async function ctagsOf(p: LoadedProject): Promise<Tag[]> {
  const { stdout } = await run('ctags', ['-R', '--fields=+nK', '--extras=-F', '-x', '--_xformat=%N\t%F\t%n\t%s', '.'], {
    cwd: p.dir,
    maxBuffer: 1 << 26,
  });
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [name, path, line, scope] = l.split('\t');
      return { name, path: path.replace(/^\.\//, ''), line: Number(line), scope: scope ?? '' };
    })
    .filter((t) => p.files.some((f) => f.path === t.path));
}

const STOP = new Set([
  'where',
  'is',
  'defined',
  'implemented',
  'the',
  'definition',
  'of',
  'func',
  'def',
  'fn',
  'function',
  'class',
  'c',
]);

/** Definitions by ctags: the query's last identifier, tags whose scope names the qualifier first. */
function ctagsLookup(tags: Tag[], query: string): Item[] {
  const ids = (query.match(/[A-Za-z_]\w*/g) ?? []).filter((w) => !STOP.has(w));
  const name = ids[ids.length - 1];
  const qualifier = ids.length > 1 ? ids[ids.length - 2] : '';
  const hits = tags.filter((t) => t.name === name);
  hits.sort(
    (a, b) =>
      Number(b.scope.endsWith(qualifier)) - Number(a.scope.endsWith(qualifier)) ||
      a.path.localeCompare(b.path) ||
      a.line - b.line,
  );
  return hits.map((t) => ({ path: t.path, startLine: t.line, endLine: t.line }));
}

// ---- report ----

interface Row {
  label: string;
  n: number;
  line: Scores;
  contains: Scores;
  file: Scores;
  self?: number;
}

function rowOf(label: string, os: Outcome[]): Row {
  const similar = os.filter((o) => o.returnedSelf !== undefined);
  return {
    label,
    n: os.length,
    line: mean(os.map((o) => o.line)),
    contains: mean(os.map((o) => o.contains)),
    file: mean(os.map((o) => o.file)),
    self: similar.length ? similar.filter((o) => o.returnedSelf).length / similar.length : undefined,
  };
}

const ORIGINAL_HELD_OUT = 'held-out · original';
const ORIGINAL_TUNING = 'tuning · original';
const addedGroup = (half: Half, since: string) => `${half} · added ${since}`;
const sinceOf = new Map(PROJECTS.map((p) => [p.name, p.since]));

/**
 * The report's rows: the two halves and all, and when projects were added later to a half, each
 * addition apart from that half's original projects — a fresh blind held-out group must not be
 * read only through a mean with projects reported many times, and a tuning group written by
 * someone who does not tune keeps its unseen figure apart from the tuned-on one.
 */
function reportGroups(): string[] {
  const addedTo = (half: Half) =>
    [...new Set(PROJECTS.flatMap((p) => (p.half === half && p.since ? [p.since] : [])))].sort();
  const split = (half: Half, original: string) => {
    const added = addedTo(half);
    return added.length ? [original, ...added.map((s) => addedGroup(half, s))] : [];
  };
  return ['tuning', 'held-out', ...split('tuning', ORIGINAL_TUNING), ...split('held-out', ORIGINAL_HELD_OUT), 'all'];
}

function inGroup(group: string): (o: Outcome) => boolean {
  if (group === 'all') return () => true;
  if (group === 'tuning' || group === 'held-out') return (o) => o.q.half === group;
  if (group === ORIGINAL_TUNING) return (o) => o.q.half === 'tuning' && !sinceOf.get(o.q.project);
  if (group === ORIGINAL_HELD_OUT) return (o) => o.q.half === 'held-out' && !sinceOf.get(o.q.project);
  return (o) => {
    const since = sinceOf.get(o.q.project);
    return since !== undefined && addedGroup(o.q.half, since) === group;
  };
}

function tables(outcomes: Outcome[]) {
  const bySystem = (s: System) => outcomes.filter((o) => o.system === s);
  const f = bySystem('fourfold');
  const halves = reportGroups();
  const inHalf = (os: Outcome[], h: string) => os.filter(inGroup(h));
  return {
    kind: Object.fromEntries(
      halves.map((h) => [
        h,
        KINDS.map((k) =>
          rowOf(
            k,
            inHalf(f, h).filter((o) => o.q.kind === k),
          ),
        ).filter((r) => r.n > 0),
      ]),
    ),
    language: Object.fromEntries(
      halves.map((h) => [
        h,
        [...new Set(f.map((o) => o.language))]
          .map((l) =>
            rowOf(
              l,
              inHalf(f, h).filter((o) => o.language === l),
            ),
          )
          .filter((r) => r.n > 0),
      ]),
    ),
    overall: Object.fromEntries(halves.map((h) => [h, rowOf('all', inHalf(f, h))])),
    sideBySide: (['definition', 'callers', 'dependants', 'message', 'similar'] as Kind[]).flatMap((k) =>
      (['fourfold', 'graph-api', 'similar-action', 'ctags', 'ripgrep'] as System[])
        .map((s) =>
          rowOf(
            `${k} · ${s}`,
            bySystem(s).filter((o) => o.q.kind === k),
          ),
        )
        .filter((r) => r.n > 0),
    ),
  };
}

const n3 = (x: number) => x.toFixed(2);

function table(rows: Row[], withPR: boolean): string {
  const head = withPR
    ? '| | n | line Hit@1 | line MRR@10 | line P@10 | line R@10 | contains Hit@1 | file Hit@1 | file MRR@10 | file P@10 | file R@10 |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|'
    : '| | n | line Hit@1 | line MRR@10 | contains Hit@1 | file Hit@1 | file MRR@10 |\n|---|---:|---:|---:|---:|---:|---:|';
  return [
    head,
    ...rows.map((r) =>
      withPR
        ? `| ${r.label} | ${r.n} | ${n3(r.line.hit1)} | ${n3(r.line.mrr10)} | ${n3(r.line.precision10)} | ${n3(r.line.recall10)} | ${n3(r.contains.hit1)} | ${n3(r.file.hit1)} | ${n3(r.file.mrr10)} | ${n3(r.file.precision10)} | ${n3(r.file.recall10)} |`
        : `| ${r.label} | ${r.n} | ${n3(r.line.hit1)} | ${n3(r.line.mrr10)} | ${n3(r.contains.hit1)} | ${n3(r.file.hit1)} | ${n3(r.file.mrr10)} |`,
    ),
  ].join('\n');
}

function renderReport(
  outcomes: Outcome[],
  projects: Record<string, unknown>[],
  questions: Question[],
  stale: string[],
  seconds: number,
  embedder: string,
  tools: { rg: boolean; ctags: boolean },
  options: { wholeTree?: boolean },
): string {
  const t = tables(outcomes);
  const f = outcomes.filter((o) => o.system === 'fourfold');
  const similar = f.filter((o) => o.q.kind === 'similar');
  const action = outcomes.filter((o) => o.system === 'similar-action');
  const misses = f.filter((o) => o.q.half === 'tuning' && o.line.hit1 === 0);
  return [
    '# Fourfold on real repositories',
    '',
    options.wholeTree
      ? `Generated by \`npm run eval -- --real-only --whole-tree\` on ${new Date().toISOString().slice(0, 10)} (embedder \`${embedder}\`, ${Math.round(seconds)} s): the same questions ([questions.jsonl](../questions.jsonl), ${questions.length}), each project indexed as the CLI indexes its folder — tests, examples, documents and build files too, not only its sources. Raw numbers: [results.json](results.json). Method and rules: bench/real/score.ts, bench/real/run.ts.`
      : `Generated by \`npm run eval -- --real-only\` on ${new Date().toISOString().slice(0, 10)} (embedder \`${embedder}\`, ${Math.round(seconds)} s). Questions: [questions.jsonl](questions.jsonl) (${questions.length}); raw numbers: [results.json](results.json). Method and rules: bench/real/score.ts, bench/real/run.ts.`,
    '',
    `**HELD-OUT**: the held-out projects (${PROJECTS.filter((p) => p.half === 'held-out')
      .map((p) => p.name)
      .join(
        ', ',
      )}) are reported, never tuned on. Do not read their questions or per-query results while changing ranking code; judge a change on the tuning half, then look at the held-out row once.`,
    '',
    stale.length
      ? `⚠ ${stale.length} expected answers point at files whose sha1 changed (the package moved): ${stale.slice(0, 10).join('; ')}`
      : 'All expected answers match their file fingerprints (sha1).',
    '',
    '## Projects',
    '',
    '| project | Debian package | language | half | files | chunks | build s | questions |',
    '|---|---|---|---|---:|---:|---:|---:|',
    ...projects.map((p) =>
      p.skipped
        ? `| ${p.name} | ${p.package} | ${p.language} | ${p.half} | skipped (apt could not fetch) | | | |`
        : `| ${p.name} | ${p.package} | ${p.language} | ${p.half} | ${p.files} | ${p.chunks} | ${((p.buildMs as number) / 1000).toFixed(1)} | ${p.questions} |`,
    ),
    '',
    '## Fourfold (default preset) per kind',
    '',
    ...reportGroups().flatMap((h) => [`### ${h}`, '', table([...(t.kind[h] as Row[]), t.overall[h] as Row], true), '']),
    `Find similar: the code asked about came back in the top 10 for ${similar.filter((o) => o.returnedSelf).length}/${similar.length} questions typed in the search box and ${action.filter((o) => o.returnedSelf).length}/${action.length} through the "Find similar" action on its chunk (must be 0).`,
    '',
    '## Fourfold per language (all kinds)',
    '',
    ...reportGroups().flatMap((h) => [`### ${h}`, '', table(t.language[h] as Row[], false), '']),
    '## Side by side',
    '',
    `Fourfold's search box, the app's graph navigation (who calls: definitionsOf(name)[0] → callSites, its first 10 sites in its own order (so Hit@1/MRR mean little there; read P@10 and R@10); what depends: dependents of the file's first chunk, 1 hop), the "Find similar" result action (engine.search with similarToChunk = the chunk at X's name line), ${tools.ctags ? "universal-ctags (definitions: tags named like the query's last identifier, question words dropped, those scoped by the qualifier first)" : 'ctags not installed'}, ${tools.rg ? 'ripgrep (callers: `rg -w name` minus definition lines; messages: `rg -F` on the longest run of plain words of the pasted message)' : 'ripgrep not installed'}. All questions, both halves.`,
    '',
    table(t.sideBySide, true),
    '',
    '## Tuning misses (line Hit@1 = 0, default preset)',
    '',
    '| id | query | routed | expected | got (top 3) |',
    '|---|---|---|---|---|',
    ...misses.map(
      (o) =>
        `| ${o.q.id} | ${queryCell(o.q.query)} | ${o.intent} | ${o.q.expected
          .slice(0, 2)
          .map((e) => `${e.path}:${e.line ?? ''}`)
          .join(', ')} | ${o.top.slice(0, 3).join(', ')} |`,
    ),
    '',
    '## Rules',
    '',
    "- **Line**: a result answers an expected item when the paths match, its range contains the key line (definition: the name line; message: the format string's line; caller: a call line) and it is at most max(2×, +20 lines) the expected function's length — a whole class does not answer a method.",
    '- **Contains** (diagnostic): the key line is inside the result, whatever its size — the gap between contains and line is answers found only inside a whole class or a 40-line text window.',
    '- **File**: the paths match; lists are cut to their first entry per file.',
    '- Hit@1, MRR@10 over the first right result; P@10 = results answering any expected item / results shown (≤ 10); R@10 = expected items found / min(expected, 10). Callers are grouped by enclosing function: two call sites in one caller are both precise, and recall that caller once.',
    '- Find similar: X itself is listed as `exclude`; returning it counts in the "came back" line above and, at rank 1, as a miss.',
  ].join('\n');
}
