/**
 * `npm run eval`: Fourfold's retrieval quality against compiler ground truth (docs/design.md#quality-goals).
 *
 *   npm run eval [-- --quick] [--embedder local|none] [--regenerate] [--corpora a,b]
 *   npm run eval -- --understand [--projects networkx,x-tools,cargo] [--half tuning]   (only the real-size understand section)
 *
 * One process, one run: fetch the pinned corpora (npm pack, cached in .cache/eval/), read
 * the committed query set (docs/eval/queries/*.jsonl; regenerated from the TypeScript
 * language service when missing, stale or asked for), build the engine once per corpus
 * (and once over the comment-blanked copy for "understand"), run every query through each
 * modality alone, the three presets and the two baselines, and write docs/eval/REPORT.md
 * docs/eval/results.json and docs/eval/per-query.jsonl. `--quick` runs a small sample and writes to .cache/eval/.
 * A full run (local embedder, no --quick/--corpora) then runs the real-size understand section
 * (bench/understand/) and writes docs/eval/understand/.
 *
 * How each system is run: bench/eval/systems.ts. How truth is made: bench/eval/queries.ts
 * and bench/eval/oracle.ts. How lists are judged: bench/eval/grade.ts, bench/eval/metrics.ts.
 */
import { checkAnswer, renderAnswers, summarizeAnswers, type AnswerCheck } from './eval/answers';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { IndexStats } from '../src/engine/contract';
import { Engine } from '../src/engine/engine';
import type { Embedder } from '../src/engine/semantic/embedder';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { evalEmbedder, evalLexicalExpansion } from './eval/embedder';
import { nodeGrammars } from '../src/node/grammars';
import { Bm25Files } from './eval/baselines';
import { evaluateClassifier, FRESH_CLASSIFIER_FILE, readLabelled } from './eval/classifier';
import { CACHE_DIR, CORPORA, type CorpusFile, type LoadedCorpus, loadCorpus, REPO_ROOT } from './eval/corpora';
import { LEVELS } from './eval/grade';
import { CUTOFF, METRIC_LABELS } from './eval/metrics';
import { EVAL_INTENTS, generateQueries, QUERY_DIR, readQueries, writeQueries } from './eval/queries';
import {
  buildTables,
  classifierSection,
  evaluateGoals,
  failuresOf,
  failuresSection,
  goalsTable,
  HEADLINE,
  INTENT_TITLES,
  intentTable,
  mdCell,
  overallMrr,
  overallSection,
  phrasingSection,
  type QueryOutcome,
} from './eval/report';
import { runSystem, type SearchTargets, SYSTEMS } from './eval/systems';
import { type PastedOutcome, pastedQueries, runPasted } from './eval/pasted';
import { scoreQuery } from './eval/grade';
import { evaluateSimilar, similarSection, type SimilarResult } from './eval/similar';
import { RescoringAblation, withoutInt8 } from './eval/rescoring';
import { runReal } from './real/run';
import { understandMain } from './understand/main';

/** --quick: these corpora, this many queries per intent per corpus. */
const QUICK_CORPORA = ['mobx', 'immer', 'redux'];
const QUICK_PER_INTENT = 3;
/** Failures listed per intent in the report (all of them are in results.json). */
const FAILURES_SHOWN = 25;

interface Options {
  quick: boolean;
  embedder: 'local' | 'none';
  regenerate: boolean;
  corpora: string[] | null;
  realOnly: boolean;
  /** The real set with every file the CLI would index (tests, docs, examples), not only the project's sources. */
  wholeTree: boolean;
}

function parseOptions(argv: string[]): Options {
  const o: Options = {
    quick: false,
    embedder: 'local',
    regenerate: false,
    corpora: null,
    realOnly: false,
    wholeTree: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') o.quick = true;
    else if (a === '--regenerate') o.regenerate = true;
    else if (a === '--embedder') {
      const v = argv[++i];
      if (v !== 'local' && v !== 'none') throw new Error(`--embedder must be local or none (got ${v})`);
      o.embedder = v;
    } else if (a === '--corpora') o.corpora = argv[++i].split(',');
    else if (a === '--real-only') o.realOnly = true;
    else if (a === '--whole-tree') o.wholeTree = o.realOnly = true;
    else
      throw new Error(
        `unknown argument ${a}\nusage: npm run eval -- [--quick] [--embedder local|none] [--regenerate] [--corpora a,b] [--real-only [--whole-tree]] | --understand [--projects a,b] [--half tuning]`,
      );
  }
  return o;
}

const log = (m: string) => process.stderr.write(`${m}\n`);

async function main(): Promise<void> {
  // The real-size understand section (bench/understand/): `--understand` runs only it.
  if (process.argv.includes('--understand'))
    return understandMain(process.argv.slice(2).filter((a) => a !== '--understand'));
  const options = parseOptions(process.argv.slice(2));
  const started = performance.now();
  // Real repositories (bench/real/run.ts): its own section, alone with --real-only.
  if (options.realOnly)
    return runReal(
      {
        analyzer: await StructuralAnalyzer.create(nodeGrammars),
        embedder: await evalEmbedder(options.embedder),
        lexicalExpansion: evalLexicalExpansion(),
      },
      log,
      { wholeTree: options.wholeTree },
    );

  // 1. Corpora (all of them: the query set is checked against every fingerprint).
  const corpora: LoadedCorpus[] = [];
  for (const spec of CORPORA) corpora.push(await loadCorpus(spec, log));
  log(`corpora: ${corpora.map((c) => `${c.spec.name} (${c.files.length} files)`).join(', ')}`);

  // 2. Queries: committed set, regenerated when missing or stale.
  let queries = options.regenerate ? null : await readQueries();
  const fingerprints = new Map(corpora.map((c) => [c.spec.name, c.fingerprint]));
  if (queries && queries.some((q) => fingerprints.get(q.corpus) !== q.fingerprint)) {
    log('the committed queries were made from different corpus contents: regenerating');
    queries = null;
  }
  if (!queries) {
    const t = performance.now();
    queries = corpora.flatMap((c) => generateQueries(c));
    await writeQueries(queries);
    log(
      `generated ${queries.length} queries with the TypeScript language service in ${((performance.now() - t) / 1000).toFixed(1)} s → ${relative(REPO_ROOT, QUERY_DIR)}/`,
    );
  }
  const selectedCorpora = corpora.filter((c) =>
    options.corpora ? options.corpora.includes(c.spec.name) : !options.quick || QUICK_CORPORA.includes(c.spec.name),
  );
  let selected = queries.filter((q) => selectedCorpora.some((c) => c.spec.name === q.corpus));
  if (options.quick) selected = selected.filter((q) => Number(q.id.split(':')[2]) < QUICK_PER_INTENT);

  // 3. Classifier on the hand-written set.
  const classifier = evaluateClassifier(await readLabelled());
  const freshClassifier = evaluateClassifier(await readLabelled(FRESH_CLASSIFIER_FILE));

  // 4. Engines, queries, baselines.
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  const embedder = await evalEmbedder(options.embedder);
  const outcomes: QueryOutcome[] = [];
  const answerChecks: AnswerCheck[] = [];
  const pasted: PastedOutcome[] = [];
  const corpusInfo: Record<string, unknown>[] = [];
  const rescoring = new RescoringAblation();
  for (const corpus of selectedCorpora) {
    const mine = selected.filter((q) => q.corpus === corpus.spec.name);
    if (mine.length === 0) continue;
    const plain = await buildTargets(corpus.files, corpus.dir, analyzer, embedder);
    const needsBlank = mine.some((q) => q.intent === 'understand_code');
    const blank = needsBlank ? await buildTargets(corpus.blankFiles, corpus.blankDir, analyzer, embedder) : null;
    corpusInfo.push({
      name: corpus.spec.name,
      package: `${corpus.spec.pkg}@${corpus.spec.version}`,
      files: corpus.files.length,
      bytes: plain.stats.bytes,
      chunks: plain.stats.chunks,
      buildMs: Math.round(plain.ms),
      blankBuildMs: blank ? Math.round(blank.ms) : null,
      queries: mine.length,
    });
    log(
      `${corpus.spec.name}: ${corpus.files.length} files, built in ${(plain.ms / 1000).toFixed(1)} s${blank ? ` (+${(blank.ms / 1000).toFixed(1)} s blanked copy)` : ''}; ${mine.length} queries`,
    );
    const blankBits = blank ? withoutInt8(blank.engine, { analyzer, embedder }) : null;
    for (const q of mine) {
      const targets = q.intent === 'understand_code' ? blank! : plain;
      const runs: QueryOutcome['runs'] = {};
      for (const system of SYSTEMS) runs[system] = await runSystem(system, q, targets);
      outcomes.push({ query: q, runs });
      answerChecks.push(await checkAnswer(q, targets.engine));
      if (q.intent === 'understand_code' && blankBits) await rescoring.add(q, targets, blankBits);
    }
    const pastedSet = pastedQueries(corpus.spec.name, corpus.files);
    for (const q of options.quick ? pastedSet.slice(0, QUICK_PER_INTENT) : pastedSet)
      pasted.push(await runPasted(plain.engine, q));
  }

  // 4b. Find similar (code → code) on its own labelled set: all selected corpora in one engine.
  const similar: SimilarResult | null = embedder
    ? await evaluateSimilar(selectedCorpora, { analyzer, embedder }, log)
    : null;

  // 5. Numbers, report, JSON.
  const tables = buildTables(outcomes);
  const overall = overallMrr(outcomes);
  const floor = referencesFloor(outcomes);
  const pastedHit1 = pasted.length ? pasted.reduce((a, o) => a + o.hit1, 0) / pasted.length : 0;
  const goals = [
    ...evaluateGoals(tables, overall),
    {
      goal: 'pasted lines Hit@1',
      target: '≥ 0.95',
      measured: `default ${pastedHit1.toFixed(3)} (${pasted.length} lines)`,
      met: pastedHit1 >= 0.95,
    },
    {
      goal: 'references Recall@10 ≥ grep on every package',
      target: 'default ≥ grep per package',
      measured: floor.map((f) => `${f.corpus} ${f.default.toFixed(3)} vs ${f.grep.toFixed(3)}`).join('; '),
      met: floor.every((f) => f.default >= f.grep - 1e-9),
    },
    {
      goal: 'classifier accuracy (hand-written set)',
      target: '≥ 0.95',
      measured: `${classifier.accuracy.toFixed(3)} on ${classifier.total}`,
      met: classifier.accuracy >= 0.95,
    },
  ];
  const failures = failuresOf(outcomes);
  const routing = Object.fromEntries(
    EVAL_INTENTS.map((i) => {
      const mine = outcomes.filter((o) => o.query.intent === i);
      return [i, { total: mine.length, correct: mine.filter((o) => o.runs.default?.intent === i).length }];
    }),
  );
  const totalSeconds = (performance.now() - started) / 1000;
  const meta = {
    command: `npm run eval${options.quick || options.embedder !== 'local' || options.corpora ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    date: new Date().toISOString(),
    embedder: embedder?.id ?? 'none',
    node: process.version,
    seconds: Math.round(totalSeconds),
    queries: Object.fromEntries(EVAL_INTENTS.map((i) => [i, outcomes.filter((o) => o.query.intent === i).length])),
  };
  const answers = summarizeAnswers(answerChecks);
  const extra = {
    rescoring: rescoring.section(),
    similar: similar ? similarSection(similar) : 'Not run (needs the local embedder).',
    floor: floorSection(floor),
    pasted: pastedSection(pasted),
    overall: overallSection(overall),
    freshClassifier,
  };
  const markdown = `${renderReport(meta, corpusInfo, tables, goals, classifier, routing, failures, outcomes, extra)}
${renderAnswers(answers, answerChecks)}`;
  const outDir = options.quick || options.corpora ? join(CACHE_DIR, 'out') : join(REPO_ROOT, 'docs', 'eval');
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'REPORT.md'), markdown);
  await writeFile(
    join(outDir, 'results.json'),
    `${JSON.stringify(
      {
        meta,
        corpora: corpusInfo,
        tables,
        goals,
        overallMrr: overall,
        classifier,
        freshClassifier,
        routing,
        failures,
        referencesFloor: floor,
        pasted,
        answers,
        semanticRescoring: rescoring.result,
        findSimilar: similar,
      },
      null,
      1,
    )}\n`,
  );
  // One line per query: every system's top 10, so any number above can be traced to its lists.
  const perQuery = outcomes.map((o) =>
    JSON.stringify({
      id: o.query.id,
      intent: o.query.intent,
      query: o.query.query,
      runs: Object.fromEntries(
        Object.entries(o.runs).map(([s, r]) => [
          s,
          {
            ran: r!.ran,
            note: r!.note,
            intent: r!.intent,
            rule: r!.rule,
            strategy: r!.strategy,
            ms: Math.round(r!.ms * 10) / 10,
            top: r!.items.map((i) => `${i.path}:${i.startLine}-${i.endLine}`),
          },
        ]),
      ),
    }),
  );
  await writeFile(join(outDir, 'per-query.jsonl'), `${perQuery.join('\n')}\n`);
  process.stdout.write(
    `${renderTables(tables)}\n\n## Goals\n\n${goalsTable(goals)}\n\nClassifier: ${classifier.correct}/${classifier.total} = ${classifier.accuracy.toFixed(3)} on the hand-written set.\nZero-answer rate (default): ${answers.zeroAnswerRate.toFixed(3)}; references answered with every call site: ${answers.references.everySite}/${answers.references.queries} = ${answers.references.share.toFixed(3)}.\n`,
  );
  log(`\nwrote ${relative(REPO_ROOT, join(outDir, 'REPORT.md'))} and results.json in ${totalSeconds.toFixed(0)} s`);
  if (!options.quick && !options.corpora)
    await runReal({ analyzer, embedder, lexicalExpansion: evalLexicalExpansion() }, log);
  if (!options.quick && !options.corpora && options.embedder === 'local') await understandMain([]);
}

interface BuiltTargets extends SearchTargets {
  stats: IndexStats;
  ms: number;
}

async function buildTargets(
  files: CorpusFile[],
  dir: string,
  analyzer: StructuralAnalyzer,
  embedder: Embedder | null,
): Promise<BuiltTargets> {
  const t = performance.now();
  const engine = await Engine.build(files, { analyzer, embedder, lexicalExpansion: evalLexicalExpansion() });
  const ms = performance.now() - t;
  return { engine, dir, bm25: new Bm25Files(files), stats: engine.stats, ms };
}

function renderTables(tables: ReturnType<typeof buildTables>): string {
  const out: string[] = [];
  for (const intent of EVAL_INTENTS) {
    for (const level of LEVELS[intent]) {
      const headline = HEADLINE[intent].level === level ? ' (headline)' : '';
      out.push(`### ${INTENT_TITLES[intent]} — ${level} level${headline}`, '', intentTable(tables[intent][level]!), '');
    }
  }
  return out.join('\n');
}

/** References Recall@10 per package for default, thorough and grep. */
function referencesFloor(
  outcomes: QueryOutcome[],
): { corpus: string; n: number; default: number; thorough: number; grep: number }[] {
  const byCorpus = new Map<string, QueryOutcome[]>();
  for (const o of outcomes)
    if (o.query.intent === 'find_references')
      byCorpus.set(o.query.corpus, [...(byCorpus.get(o.query.corpus) ?? []), o]);
  const mean = (list: QueryOutcome[], system: 'default' | 'thorough' | 'grep') =>
    list.reduce((a, o) => a + (o.runs[system] ? scoreQuery(o.query, o.runs[system]!.items, 'file').recall10 : 0), 0) /
    Math.max(1, list.length);
  return [...byCorpus.entries()].map(([corpus, list]) => ({
    corpus,
    n: list.length,
    default: mean(list, 'default'),
    thorough: mean(list, 'thorough'),
    grep: mean(list, 'grep'),
  }));
}

function floorSection(floor: ReturnType<typeof referencesFloor>): string {
  return [
    'References Recall@10 (file level) of the default preset and of grep on the same queries, per package: the answer may not lose recall to grep anywhere.',
    '',
    '| package | queries | default | thorough | grep |',
    '|---|---:|---:|---:|---:|',
    ...floor.map(
      (f) =>
        `| ${f.corpus} | ${f.n} | ${f.default.toFixed(3)}${f.default >= f.grep - 1e-9 ? '' : ' ❌'} | ${f.thorough.toFixed(3)} | ${f.grep.toFixed(3)} |`,
    ),
  ].join('\n');
}

function pastedSection(pasted: PastedOutcome[]): string {
  const mean = (xs: PastedOutcome[], f: (o: PastedOutcome) => number) =>
    xs.length ? xs.reduce((a, o) => a + f(o), 0) / xs.length : 0;
  const formats = [...new Set(pasted.map((o) => o.format))];
  const misses = pasted.filter((o) => o.hit1 < 1);
  return [
    `${pasted.length} message-like string literals of the corpora (3+ words, in 1–3 files), pasted without quotes — bare, after \`Error: \`, inside a timestamped log line with variable parts, or after \`Uncaught (in promise)\` — searched with the default preset (bench/eval/pasted.ts). Truth: the files containing the message; grep on the message itself finds them by construction.`,
    '',
    '| format | n | Hit@1 | MRR@10 | routed to exact_match |',
    '|---|---:|---:|---:|---:|',
    ...[...formats, 'all'].map((f) => {
      const xs = f === 'all' ? pasted : pasted.filter((o) => o.format === f);
      return `| ${f} | ${xs.length} | ${mean(xs, (o) => o.hit1).toFixed(3)} | ${mean(xs, (o) => o.mrr10).toFixed(3)} | ${xs.filter((o) => o.intent === 'exact_match').length}/${xs.length} |`;
    }),
    '',
    misses.length === 0
      ? 'No misses.'
      : [
          '| missed query | truth | got (top 3) | routed |',
          '|---|---|---|---|',
          ...misses.map(
            (o) => `| ${mdCell(o.query)} | ${o.truth.join(', ')} | ${o.top.join(', ')} | ${o.intent} (${o.rule}) |`,
          ),
        ].join('\n'),
  ].join('\n');
}

function renderReport(
  meta: {
    command: string;
    date: string;
    embedder: string;
    node: string;
    seconds: number;
    queries: Record<string, number>;
  },
  corpora: Record<string, unknown>[],
  tables: ReturnType<typeof buildTables>,
  goals: ReturnType<typeof evaluateGoals>,
  classifier: ReturnType<typeof evaluateClassifier>,
  routing: Record<string, { total: number; correct: number }>,
  failures: ReturnType<typeof failuresOf>,
  outcomes: QueryOutcome[],
  extra: {
    rescoring: string;
    similar: string;
    floor: string;
    pasted: string;
    overall: string;
    freshClassifier: ReturnType<typeof evaluateClassifier>;
  },
): string {
  const met = goals.filter((g) => g.met).length;
  return [
    '# Fourfold — retrieval quality against compiler ground truth',
    '',
    `Generated by \`${meta.command}\` on ${meta.date.slice(0, 10)} (Node ${meta.node}, embedder \`${meta.embedder}\`, ${meta.seconds} s). Goals met: **${met}/${goals.length}**.`,
    `Raw numbers: [results.json](results.json), every system's top 10 per query: [per-query.jsonl](per-query.jsonl). Queries and their truth: [queries/](queries/). Re-run: \`npm run eval\`.`,
    'Why the understand numbers moved in Nov 2026, with every experiment tried: [FUSION.md](FUSION.md); the same questions on four packages nobody tuned on: `npx tsx bench/eval-held-out.ts`.',
    '',
    '## Corpora',
    '',
    '| corpus | package | files | KB | chunks | build s (plain / blanked) | queries |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...corpora.map(
      (c) =>
        `| ${c.name} | ${c.package} | ${c.files} | ${Math.round((c.bytes as number) / 1024)} | ${c.chunks} | ${((c.buildMs as number) / 1000).toFixed(1)} / ${c.blankBuildMs === null ? '—' : ((c.blankBuildMs as number) / 1000).toFixed(1)} | ${c.queries} |`,
    ),
    '',
    `Queries per intent: ${EVAL_INTENTS.map((i) => `${INTENT_TITLES[i]} ${meta.queries[i]}`).join(', ')}.`,
    '',
    '## Goals (issues 5, 8 and 9)',
    '',
    goalsTable(goals),
    '',
    '## Results per intent',
    '',
    `Metrics at cut-off ${CUTOFF}, one entry per file (a list's first entry for each file counts). Recall@10 is over min(relevant, 10). nDCG uses gain 2^grade − 1. Bold = best in column.`,
    '',
    '### Overall',
    '',
    extra.overall,
    '',
    renderTables(tables),
    '## References: the grep floor per package',
    '',
    extra.floor,
    '',
    '## Pasted lines',
    '',
    extra.pasted,
    '',
    '## Semantic rescoring: int8 vectors vs ±1 bits',
    '',
    extra.rescoring,
    '## Find similar (code → code)',
    '',
    extra.similar,
    '## Classifier',
    '',
    classifierSection(classifier, routing, extra.freshClassifier),
    '',
    '## Default preset by phrasing',
    '',
    `Headline metric per phrasing template (${EVAL_INTENTS.map((i) => `${INTENT_TITLES[i]} ${METRIC_LABELS[HEADLINE[i].metric]}`).join(', ')}); "intent given" = the diagnostic run with the true intent.`,
    '',
    phrasingSection(outcomes),
    '',
    '## Failures of the default preset',
    '',
    "A query fails when it misses the goal's bar on its own: definition/exact Hit@1 = 0, references Recall@10 < 0.95, impact nDCG@10 < 0.85, understand MRR@10 < 0.5. ",
    'Cause: *misrouted* = the classifier chose another intent; *no modality finds it* = no modality alone has a right answer in its top 10; *lost in routing/fusion* = some modality alone scores better than the default preset; *ranked low* = otherwise. "alone" lists the first right rank of each modality alone (– = not in its top 10).',
    '',
    failuresSection(failures, FAILURES_SHOWN),
    '## Method',
    '',
    METHOD,
  ].join('\n');
}

const METHOD = `- **Corpora**: pinned npm packages that ship TypeScript sources (bench/eval/corpora.ts), fetched with \`npm pack\` into \`.cache/eval/\`. Only \`src/**/*.ts(x)\` without tests, fixtures and generated files. @reduxjs/toolkit imports itself by package name; a tsconfig.json with the \`paths\` its own repository uses is added to that corpus, and both the oracle and the engine read it.
- **Oracle**: the TypeScript 5.9 language service over an in-memory copy (bench/eval/oracle.ts), no lib files. Definition: names declared exactly once among all named declarations of the corpus (functions, classes, interfaces, types, enums, methods, variables, properties), sampled from functions, classes, interfaces, type aliases, enums and methods; truth = file + declaration lines, right at line level when the result's range contains the name's line (any overload's). References: \`findReferences\` minus the declaration, import/export lists, re-exports and doc-comment mentions; names with 2–30 such files. Impact: those files (grade 2) plus the files importing them by resolved imports (grade 1). Exact: string literals (not module specifiers, ≥ 8 characters, not a single lower-case word) whose text occurs in 1–3 files; truth = those files. Understand: the first sentence of a function's or method's JSDoc (5–30 words, unique), searched in a copy of the corpus whose comments are blanked to spaces (bench/eval/blank.ts, positions kept), truth = that function's file (line level: range overlap).
- **Sampling**: seeded per corpus and intent (bench/eval/rng.ts), 8 per intent per corpus, phrasing templates drawn by weight (bench/eval/queries.ts), written to docs/eval/queries/*.jsonl with the corpus fingerprint; a changed corpus regenerates them.
- **Modality alone**: \`engine.search(q, {preset: 'thorough', modalities: [m]})\` (no direct path), reading the modality's own ranked list from the explanation (top 25 chunks, before fusion, boost and demotion); weight forced to 1 through \`experiment.weights\` where the classified intent gives it 0.
- **Presets**: \`engine.search(q, {preset})\` as a user gets it: classifier, routing, direct path, fusion, boost, clean-up.
- **grep baseline**: \`git grep --no-index -n -F\` as a child process over the corpus folder (ripgrep is not installed here; ranking by matching-line count is what \`rg -c\` gives), files ranked by matching lines, ties by path, each file's first match as its line. Search term: the identifier as a whole word (\`-w\`) for definition/references/impact; the literal (\`-F\`, case-sensitive) for exact; any of the query's content words (\`-i\`, stop words removed) for understand.
- **BM25 baseline**: MiniSearch, one document per whole file, identifier-split lower-case tokens, OR of the same search terms.
- **Understand** queries (all systems) run on the comment-blanked copy; everything else on the original files.`;

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
