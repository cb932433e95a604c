/**
 * The real-size understand section of `npm run eval`: doc-sentence and hand-
 * written keyword questions on six projects of 480–1,020 files (projects.ts, questions.ts),
 * every system on every question, scored at the function and at the file, for the tuning
 * half and the held-out half; writes docs/eval/understand/REPORT.md, results.json and
 * per-question.jsonl. `npm run eval -- --understand` runs only this section.
 *
 * Systems: semantic / text / structural alone (the modality's own list before fusion, as
 * bench/eval/systems.ts reads it), fused default and thorough (what a user gets), and BM25
 * over the engine's own chunks (MiniSearch, identifier-split tokens, OR of the question's
 * content words) — the baseline a chunk-level engine has to beat.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Modality, Preset, SearchResponse } from '../../src/engine/contract';
import { Engine } from '../../src/engine/engine';
import { WEIGHTS } from '../../src/engine/ranking';
import type { Embedder } from '../../src/engine/semantic/embedder';
import type { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { identifierBm25 } from '../eval/baselines';
import { GROUP_LABELS, type LoadedProject, loadProject, PROJECT_GROUPS, type ProjectGroup, PROJECTS } from './projects';
import {
  type Half,
  keywordQuestions,
  projectQuestions,
  type QuestionKind,
  UNDERSTAND_DIR,
  type UnderstandQuestion,
} from './questions';
import type { LexicalExpansion } from '../../src/engine/text/expansion';

export const UNDERSTAND_SYSTEMS = ['semantic', 'text', 'structural', 'default', 'thorough', 'bm25-chunks'] as const;
export type UnderstandSystem = (typeof UNDERSTAND_SYSTEMS)[number];
const LABELS: Record<UnderstandSystem, string> = {
  semantic: 'semantic alone',
  text: 'text alone',
  structural: 'structural alone',
  default: 'fused · default',
  thorough: 'fused · thorough',
  'bm25-chunks': 'baseline · BM25 over chunks',
};
const CUT = 10;

export interface Item {
  path: string;
  startLine: number;
  endLine: number;
}

export interface QuestionOutcome {
  question: UnderstandQuestion;
  intent: string;
  /** Per system: 1-based rank of the first right result (function level, file level), null = not in top 10. */
  ranks: Record<UnderstandSystem, Ranks>;
}

class Bm25Chunks {
  private readonly index = identifierBm25<{ id: number; text: string }>();
  constructor(private readonly engine: Engine) {
    const docs: { id: number; text: string }[] = [];
    for (let id = 0; id < engine.stats.chunks; id++) docs.push({ id, text: engine.chunkText(engine.chunk(id)) });
    this.index.addAll(docs);
  }
  search(terms: string[]): Item[] {
    if (terms.length === 0) return [];
    return this.index
      .search(terms.join(' '), { combineWith: 'OR' })
      .slice(0, CUT)
      .map((r) => this.engine.chunk(r.id as number));
  }
}

async function runOne(
  system: UnderstandSystem,
  q: UnderstandQuestion,
  engine: Engine,
  bm25: Bm25Chunks,
): Promise<Item[]> {
  if (system === 'bm25-chunks') return bm25.search(q.terms);
  if (system === 'default' || system === 'thorough') {
    const r = await engine.search(q.query, { preset: system as Preset, limit: CUT });
    return r.results.map((x) => ({ path: x.path, startLine: x.startLine, endLine: x.endLine }));
  }
  const m = system as Modality;
  const intent = engine.classify(q.query).intent;
  const experiment = WEIGHTS[intent][m] > 0 ? undefined : { weights: { [m]: 1 } };
  const r: SearchResponse = await engine.search(q.query, {
    preset: 'thorough',
    modalities: [m],
    limit: CUT,
    experiment,
  });
  const run = r.query.modalities.find((x) => x.modality === m);
  if (!run || !run.ran) return [];
  return run.list.slice(0, CUT).map((hit) => engine.chunk(hit.chunkId));
}

/**
 * `fn` (the tables' function level) counts a chunk holding the function's name line, so a class's
 * or a file's chunk counts for each of its methods; `own` counts only a chunk that ends within
 * the function (its own chunk or one of its pieces), what a reader gets when the result shown is
 * the function itself. Per-question rows only: it says how much of a system's `fn` comes from
 * containers (BM25 over chunks ranks whole Ruby classes and files; the fused list drops them).
 */
export interface Ranks {
  fn: number | null;
  own: number | null;
  file: number | null;
  top: string[];
}

export function ranksOf(q: UnderstandQuestion, items: Item[]): Ranks {
  const holds = (i: Item) => i.path === q.path && i.startLine <= q.nameLine && q.nameLine <= i.endLine;
  const fnIdx = items.findIndex(holds);
  const ownIdx = items.findIndex((i) => holds(i) && i.endLine <= q.endLine);
  const files: string[] = [];
  for (const i of items) if (!files.includes(i.path)) files.push(i.path);
  const fileIdx = files.indexOf(q.path);
  return {
    fn: fnIdx === -1 ? null : fnIdx + 1,
    own: ownIdx === -1 ? null : ownIdx + 1,
    file: fileIdx === -1 || fileIdx >= CUT ? null : fileIdx + 1,
    top: items.slice(0, 3).map((i) => `${i.path}:${i.startLine}-${i.endLine}`),
  };
}

export interface UnderstandRun {
  projects: {
    name: string;
    language: string;
    group: ProjectGroup;
    deb: string;
    files: number;
    chunks: number;
    buildSeconds: number;
    doc: number;
    keyword: number;
  }[];
  outcomes: QuestionOutcome[];
}

export async function runUnderstand(
  deps: { analyzer: StructuralAnalyzer; embedder: Embedder | null; lexicalExpansion?: LexicalExpansion | null },
  log: (m: string) => void,
  only?: string[],
  half?: Half,
): Promise<UnderstandRun> {
  const loaded: LoadedProject[] = PROJECTS.filter((p) => !only || only.includes(p.name)).map((p) =>
    loadProject(p, log),
  );
  const keywords = keywordQuestions(loaded, deps.analyzer);
  const run: UnderstandRun = { projects: [], outcomes: [] };
  for (const project of loaded) {
    // `half` keeps a tuning run from computing (and printing) held-out figures at all.
    const questions = projectQuestions(project, deps.analyzer, keywords, half);
    const t = performance.now();
    const engine = await Engine.build(project.blankFiles, deps);
    const buildSeconds = (performance.now() - t) / 1000;
    const bm25 = new Bm25Chunks(engine);
    log(
      `understand: ${project.spec.name} ${project.files.length} files, ${engine.stats.chunks} chunks, built in ${buildSeconds.toFixed(1)} s; ${questions.length} questions`,
    );
    run.projects.push({
      name: project.spec.name,
      language: project.spec.language,
      group: project.spec.group,
      deb: `${project.spec.deb}=${project.spec.version}`,
      files: project.files.length,
      chunks: engine.stats.chunks,
      buildSeconds: Math.round(buildSeconds),
      doc: questions.filter((q) => q.kind === 'doc').length,
      keyword: questions.filter((q) => q.kind === 'keyword').length,
    });
    for (const q of questions) {
      const ranks = {} as QuestionOutcome['ranks'];
      for (const s of UNDERSTAND_SYSTEMS) ranks[s] = ranksOf(q, await runOne(s, q, engine, bm25));
      run.outcomes.push({ question: q, intent: engine.classify(q.query).intent, ranks });
    }
    // The keyword questions again, of the copy as shipped: its comments can hold a question's words.
    const kept = questions.filter((q) => q.kind === 'keyword').map((q) => ({ ...q, kind: 'keyword-kept' as const }));
    if (kept.length === 0) continue;
    const shipped = await Engine.build(project.files, deps);
    const shippedBm25 = new Bm25Chunks(shipped);
    for (const q of kept) {
      const ranks = {} as QuestionOutcome['ranks'];
      for (const s of UNDERSTAND_SYSTEMS) ranks[s] = ranksOf(q, await runOne(s, q, shipped, shippedBm25));
      run.outcomes.push({ question: q, intent: (await shipped.search(q.query, { limit: 1 })).query.intent, ranks });
    }
  }
  return run;
}

const KINDS: readonly QuestionKind[] = ['doc', 'keyword', 'keyword-kept'];
const KIND_LABELS: Record<QuestionKind, string> = {
  doc: 'doc sentence',
  keyword: 'keywords',
  'keyword-kept': 'keywords, comments kept',
};

const rr = (r: number | null) => (r === null ? 0 : 1 / r);

export function mrr(outcomes: QuestionOutcome[], system: UnderstandSystem, level: 'fn' | 'file'): number {
  return outcomes.length ? outcomes.reduce((a, o) => a + rr(o.ranks[system][level]), 0) / outcomes.length : 0;
}

/**
 * The table's rows, per group of projects: the first three projects' rows keep the meaning and
 * the numbers they had before Ruby, PHP and C were added (2026-12-03), and the added ones are
 * rows of their own beside them, never folded into the old figures.
 */
export function tableRows(run: UnderstandRun): {
  group: ProjectGroup;
  kind: QuestionKind;
  half: Half | 'all';
  level: 'fn' | 'file';
  n: number;
  mrr: Record<UnderstandSystem, number>;
}[] {
  const rows = [];
  const groupOf = new Map(run.projects.map((p) => [p.name, p.group]));
  for (const group of PROJECT_GROUPS)
    for (const kind of KINDS)
      for (const level of ['fn', 'file'] as const)
        for (const half of ['tuning', 'held-out', 'all'] as const) {
          const xs = run.outcomes.filter(
            (o) =>
              groupOf.get(o.question.project) === group &&
              o.question.kind === kind &&
              (half === 'all' || o.question.half === half),
          );
          // A one-half run (main.ts --half) has no rows for the other half, and its 'all' is that half.
          if (xs.length === 0 || (half === 'all' && new Set(run.outcomes.map((o) => o.question.half)).size < 2))
            continue;
          rows.push({
            group,
            kind,
            half,
            level,
            n: xs.length,
            mrr: Object.fromEntries(UNDERSTAND_SYSTEMS.map((s) => [s, mrr(xs, s, level)])) as Record<
              UnderstandSystem,
              number
            >,
          });
        }
  return rows;
}

export function understandTable(run: UnderstandRun): string {
  const out = [
    `| projects | questions | level | half | n | ${UNDERSTAND_SYSTEMS.map((s) => LABELS[s]).join(' | ')} |`,
    `|---|---|---|---|---:|${UNDERSTAND_SYSTEMS.map(() => '---:').join('|')}|`,
  ];
  for (const r of tableRows(run)) {
    const best = Math.max(...Object.values(r.mrr));
    out.push(
      `| ${GROUP_LABELS[r.group]} | ${KIND_LABELS[r.kind]} | ${r.level === 'fn' ? 'function' : 'file'} | ${r.half} | ${r.n} | ${UNDERSTAND_SYSTEMS.map((s) => (r.mrr[s] === best ? `**${r.mrr[s].toFixed(3)}**` : r.mrr[s].toFixed(3))).join(' | ')} |`,
    );
  }
  return out.join('\n');
}

function perProjectTable(run: UnderstandRun): string {
  const out = [
    `| project | questions | n | ${UNDERSTAND_SYSTEMS.map((s) => LABELS[s]).join(' | ')} |`,
    `|---|---|---:|${UNDERSTAND_SYSTEMS.map(() => '---:').join('|')}|`,
  ];
  for (const p of run.projects)
    for (const kind of KINDS) {
      const xs = run.outcomes.filter((o) => o.question.project === p.name && o.question.kind === kind);
      out.push(
        `| ${p.name} | ${kind} | ${xs.length} | ${UNDERSTAND_SYSTEMS.map((s) => mrr(xs, s, 'fn').toFixed(3)).join(' | ')} |`,
      );
    }
  return out.join('\n');
}

export async function writeUnderstand(
  run: UnderstandRun,
  meta: { command: string; embedder: string; seconds: number },
  outDir = UNDERSTAND_DIR,
): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const routed = (kind: QuestionKind) => {
    const xs = run.outcomes.filter((o) => o.question.kind === kind);
    return `${xs.filter((o) => o.intent === 'understand_code').length}/${xs.length}`;
  };
  const md = [
    '# Understand on real-size projects',
    '',
    `Generated by \`${meta.command}\` on ${new Date().toISOString().slice(0, 10)} (embedder \`${meta.embedder}\`, ${meta.seconds} s). Code: bench/understand/. Raw: [results.json](results.json), every question with each system's rank: [per-question.jsonl](per-question.jsonl).`,
    '',
    '## Projects',
    '',
    "Debian bookworm source packages, none in the model's training sources (scripts/model-sources.ts, standard and grown), in `npm run eval` or the reserved list. All files of the language are indexed (tests too, `testdata/` and `_test.go` left out of x/tools); questions come from code outside tests. The first three projects are the set's original rows; Ruby, PHP and C were added on 2026-12-03 and are counted in rows of their own (`added`), so the original rows keep their meaning and their numbers.",
    '',
    '| project | language | rows | package | files | chunks | build s | doc questions | keyword questions |',
    '|---|---|---|---|---:|---:|---:|---:|---:|',
    ...run.projects.map(
      (p) =>
        `| ${p.name} | ${p.language} | ${p.group} | ${p.deb} | ${p.files} | ${p.chunks} | ${p.buildSeconds} | ${p.doc} | ${p.keyword} |`,
    ),
    '',
    '## MRR@10',
    '',
    'Function level: a result is right when its line range contains the documented function\'s name line (the function\'s chunk, or one holding its head). File level: the first result from each file, right when it is the function\'s file. Doc sentence: the function\'s first doc sentence asked of the comment-blanked copy. Keywords: hand-written search-box queries (docs/eval/understand/keywords.jsonl), each checked against the function it names, asked of the blanked copy and again of the copy as shipped, comments kept ("keywords, comments kept"). Halves by a hash of the question id; anything tuned is tuned on "tuning" only.',
    '',
    understandTable(run),
    '',
    `Routed to understand_code: doc ${routed('doc')}, keywords ${routed('keyword')}, keywords asked of the shipped copy ${routed('keyword-kept')} (read from the search itself: a phrase that a line of code holds verbatim is routed to an exact match there).`,
    '',
    `## Function level per project (${new Set(run.outcomes.map((o) => o.question.half)).size < 2 ? `${run.outcomes[0]?.question.half ?? 'no'} half only` : 'all questions'})`,
    '',
    perProjectTable(run),
    '',
  ].join('\n');
  await writeFile(join(outDir, 'REPORT.md'), md);
  await writeFile(
    join(outDir, 'results.json'),
    `${JSON.stringify({ meta, projects: run.projects, rows: tableRows(run) }, null, 1)}\n`,
  );
  await writeFile(
    join(outDir, 'per-question.jsonl'),
    `${run.outcomes.map((o) => JSON.stringify({ id: o.question.id, half: o.question.half, query: o.question.query, truth: `${o.question.path}:${o.question.startLine}-${o.question.endLine} ${o.question.symbol}`, intent: o.intent, ranks: o.ranks })).join('\n')}\n`,
  );
}
