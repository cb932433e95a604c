/**
 * "What depends on FILE" measured by the hundred (issue 20, item 1): a mined set of dependants
 * questions whose truth comes from bench/real/dependants-oracle.ts, rules written apart from
 * src/engine, in every language of the real set.
 *
 *   npx tsx bench/real/mined-dependants.ts [--project NAME] [--per-project N] [--seed S] [--unseen] [--dry]
 *                                          [--tag T] [--embedder local|none]
 *
 * For each TUNING project of bench/real/projects.ts (never a held-out one) the oracle lists
 * every file-to-file dependency with its evidence line; targets with MIN_DEPENDANTS to
 * MAX_DEPENDANTS dependants are drawn with the seed and asked as people type them ("what depends
 * on FILE", "which files use FILE", "who imports X", "what includes X.h"). Each question runs
 * twice, as bench/real/run.ts does: through the search box (`engine.search`, default preset) and
 * through the graph navigation (`engine.dependents` on the file, one hop). Judged at the file with
 * bench/real/score.ts: precision@10 and recall@10.
 *
 * `--dry` prints the oracle's counts, what it dropped and why, and the questions, without
 * indexing. `--unseen` scores the UNSEEN list instead: packages in no set and not in the model's
 * sources; score them once before changing engine code and once after, never read their misses.
 * Misses (a missed dependant with the oracle's evidence line, a wrong one with the engine's line)
 * go to .cache/mined-dependants/misses-<set>.json, figures to summary-<set>.json (not committed).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { Engine } from '../../src/engine/engine';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { nodeGrammars } from '../../src/node/grammars';
import { REPO_ROOT } from '../eval/corpora';
import { evalEmbedder, evalLexicalExpansion } from '../eval/embedder';
import { SeededRandom } from '../eval/rng';
import { type Dep, oracleOf } from './dependants-oracle';
import { minedArgs } from './mined-args';
import { type LoadedProject, loadProject, PROJECTS, type RealProject } from './projects';
import { type Group, type Item, mean, score, type Scores } from './score';

/**
 * The unseen check: packages in no set (real, understand, main, the other mined tools' unseen
 * lists) and not in scripts/model-sources.ts — one Python, one Go, one PHP. Claimed in
 * /work/prompts/s21/claimed.txt. Scored, never tuned on.
 */
export const UNSEEN: readonly RealProject[] = [
  {
    name: 'unseen-mako',
    pkg: 'python3-mako',
    version: '1.2.4+ds-1',
    language: 'python',
    root: 'usr/lib/python3/dist-packages/mako',
    extensions: ['.py'],
    exclude: /^testing\//,
    half: 'held-out',
  },
  {
    name: 'unseen-viper',
    pkg: 'golang-github-spf13-viper-dev',
    version: '1.10.1-1',
    language: 'go',
    root: 'usr/share/gocode/src/github.com/spf13/viper',
    extensions: ['.go'],
    exclude: /_test\.go$|^internal\/testutil\//,
    half: 'held-out',
  },
  {
    name: 'unseen-psr7',
    pkg: 'php-guzzlehttp-psr7',
    version: '2.4.5-1+deb12u1',
    language: 'php',
    root: 'usr/share/php/GuzzleHttp/Psr7',
    extensions: ['.php'],
    exclude: /^autoload\.php$/,
    half: 'held-out',
  },
];

const UNSEEN_CACHE = join(REPO_ROOT, '.cache', 'mined-dependants', 'unseen');
/** Targets asked about: files with this many dependants (fewer is a lookup, more is a hub). */
const MIN_DEPENDANTS = 2;
const MAX_DEPENDANTS = 30;

export interface Case {
  project: string;
  language: string;
  target: string;
  query: string;
  phrasing: string;
  deps: Dep[];
}

/** The ways people ask, per language: [phrasing id, query]. */
function phrasings(loaded: LoadedProject, target: string): [string, string][] {
  const lang = loaded.project.language;
  const out: [string, string][] = [
    ['what depends on', `what depends on ${target}`],
    ['which files use', `which files use ${target}`],
  ];
  const base = posix.basename(target);
  if (lang === 'c' && target.endsWith('.h')) out.push(['what includes', `what includes ${base}`]);
  if (lang === 'python') {
    const mod = target.replace(/(?:\/__init__)?\.py$/, '').replace(/\//g, '.');
    out.push(['who imports', `who imports ${posix.basename(loaded.project.root)}.${mod}`.replace(/\.__init__$/, '')]);
  }
  if (lang === 'ruby') out.push(['who requires', `who requires ${target.replace(/\.rb$/, '')}`]);
  if (lang === 'php') out.push(['who imports', `who imports ${base.replace(/\.php$/, '')}`]);
  return out;
}

export async function minedCases(loaded: LoadedProject, perProject: number, seed: string) {
  const oracle = await oracleOf(loaded);
  const byTarget = new Map<string, Dep[]>();
  for (const d of oracle.deps) byTarget.set(d.to, [...(byTarget.get(d.to) ?? []), d]);
  const eligible = [...byTarget.keys()]
    .filter((t) => !oracle.unsure.has(t))
    .filter((t) => {
      const n = byTarget.get(t)!.length;
      return n >= MIN_DEPENDANTS && n <= MAX_DEPENDANTS;
    })
    .sort();
  const rnd = new SeededRandom(`${seed}:${loaded.project.name}`);
  const cases: Case[] = rnd
    .shuffle(eligible)
    .slice(0, perProject)
    .map((target) => {
      const [phrasing, query] = rnd.pick(phrasings(loaded, target));
      return {
        project: loaded.project.name,
        language: loaded.project.language,
        target,
        query,
        phrasing,
        deps: byTarget.get(target)!.sort((a, b) => (a.from < b.from ? -1 : 1)),
      };
    });
  return { oracle, targets: byTarget.size, eligible: eligible.length, cases };
}

interface Outcome {
  c: Case;
  system: 'search' | 'graph-api';
  file: Scores;
  intent?: string;
  top: { path: string; line: number; relation?: string }[];
}

const f2 = (x: number) => x.toFixed(2);

function rows(label: string, outcomes: readonly Outcome[], key: (o: Outcome) => string): string[] {
  const keys = [...new Set(outcomes.map(key))].sort();
  return [
    `| ${label} | n | search P@10 | search R@10 | graph P@10 | graph R@10 |`,
    '|---|---:|---:|---:|---:|---:|',
    ...[...keys, 'all'].map((k) => {
      const os = k === 'all' ? outcomes : outcomes.filter((o) => key(o) === k);
      const s = mean(os.filter((o) => o.system === 'search').map((o) => o.file));
      const g = mean(os.filter((o) => o.system === 'graph-api').map((o) => o.file));
      return `| ${k} | ${os.length / 2} | ${f2(s.precision10)} | ${f2(s.recall10)} | ${f2(g.precision10)} | ${f2(g.recall10)} |`;
    }),
  ];
}

async function main() {
  const o = minedArgs(process.argv.slice(2), { perProject: 12, seed: 'mined-dep-1' });
  const log = (m: string) => process.stderr.write(`${m}\n`);
  const pool = o.unseen ? UNSEEN : PROJECTS.filter((p) => p.half === 'tuning');
  const chosen = pool.filter((p) => !o.project || p.name === o.project);
  if (chosen.length === 0) throw new Error(`no ${o.unseen ? 'unseen' : 'tuning'} project named ${o.project}`);
  const deps = o.dry
    ? null
    : {
        analyzer: await StructuralAnalyzer.create(nodeGrammars),
        embedder: await evalEmbedder(o.embedder),
        lexicalExpansion: evalLexicalExpansion(),
      };
  const outcomes: Outcome[] = [];
  const counts = [
    '| project | language | dependencies | files depended on | targets with 2–30 | asked | dropped (why) |',
    '|---|---|---:|---:|---:|---:|---|',
  ];
  for (const spec of chosen) {
    if (spec.half !== 'tuning' && !o.unseen) continue;
    const loaded = await loadProject(spec, log, o.unseen ? UNSEEN_CACHE : undefined);
    if (!loaded) continue;
    const mined = await minedCases(loaded, o.perProject, o.seed);
    const unsure = mined.oracle.unsure.size > 0 ? [`${mined.oracle.unsure.size} files not asked about (unsure)`] : [];
    const dropped = [...[...mined.oracle.dropped].map(([why, n]) => `${n} ${why}`), ...unsure].join('; ');
    counts.push(
      `| ${spec.name} | ${spec.language} | ${mined.oracle.deps.length} | ${mined.targets} | ${mined.eligible} | ${mined.cases.length} | ${dropped || '—'} |`,
    );
    if (o.dry || !deps) {
      log(`${spec.name}: ${counts[counts.length - 1]}`);
      if (!o.unseen)
        for (const c of mined.cases)
          log(`  ${JSON.stringify(c.query)} → ${c.deps.map((d) => `${d.from}:${d.line}`).join(' ')}`);
      continue;
    }
    const engine = await Engine.build(loaded.files, deps);
    log(`mined: ${spec.name} (${spec.language}) ${mined.oracle.deps.length} dependencies, ${mined.cases.length} asked`);
    for (const c of mined.cases) {
      const groups: Group[] = c.deps.map((d) => ({ path: d.from, start: 1, end: 1, lines: [] }));
      const response = await engine.search(c.query, { preset: 'default', limit: 10 });
      const items: Item[] = response.results.map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine }));
      outcomes.push({
        c,
        system: 'search',
        file: score(items, groups, 'file'),
        intent: response.query.intent,
        top: response.results.map((r) => ({ path: r.path, line: r.startLine })),
      });
      const first = engine.file(c.target)?.chunks[0];
      const dependents = first ? engine.dependents(first.id).filter((d) => d.hops === 1) : [];
      outcomes.push({
        c,
        system: 'graph-api',
        file: score(
          dependents.map((d) => ({ path: d.path, startLine: 1, endLine: 1 })),
          groups,
          'file',
        ),
        top: dependents.map((d) => ({ path: d.path, line: d.line, relation: d.relation })),
      });
    }
  }
  const set = `${o.unseen ? 'unseen' : 'tuning'}${o.tag}`;
  const report = [
    `# Mined dependants (${set}, seed ${o.seed}, ${o.perProject} per project)`,
    '',
    ...counts,
    '',
    ...(o.dry
      ? []
      : [
          ...rows('language', outcomes, (x) => x.c.language),
          '',
          ...rows('phrasing', outcomes, (x) => x.c.phrasing),
          ...(o.unseen ? [] : ['', ...rows('project', outcomes, (x) => x.c.project)]),
        ]),
  ].join('\n');
  process.stdout.write(`${report}\n`);
  if (o.dry) return;
  const out = join(REPO_ROOT, '.cache', 'mined-dependants');
  await mkdir(out, { recursive: true });
  const of = (system: Outcome['system']) => mean(outcomes.filter((x) => x.system === system).map((x) => x.file));
  await writeFile(
    join(out, `summary-${set}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), seed: o.seed, perProject: o.perProject, n: outcomes.length / 2, search: of('search'), graph: of('graph-api') }, null, 1)}\n`,
  );
  await writeFile(
    join(out, `misses-${set}.json`),
    `${JSON.stringify(
      outcomes
        .filter((x) => x.file.precision10 < 1 || x.file.recall10 < 1)
        .map((x) => {
          const shown = new Set(x.top.slice(0, 10).map((t) => t.path));
          const want = new Set(x.c.deps.map((d) => d.from));
          return {
            project: x.c.project,
            system: x.system,
            query: x.c.query,
            intent: x.intent,
            precision: x.file.precision10,
            recall: x.file.recall10,
            missed: x.c.deps
              .filter((d) => !shown.has(d.from))
              .map((d) => `${d.from}:${d.line} [${d.why}] ${d.evidence}`),
            wrong: [
              ...new Map(
                x.top
                  .slice(0, 10)
                  .filter((t) => !want.has(t.path))
                  .map((t) => [t.path, t]),
              ).values(),
            ].map((t) => `${t.path}:${t.line}${t.relation ? ` (${t.relation})` : ''}`),
          };
        }),
      null,
      1,
    )}\n`,
  );
  log(`mined: wrote .cache/mined-dependants/summary-${set}.json and misses-${set}.json`);
}

if (process.argv[1]?.endsWith('mined-dependants.ts')) {
  main().catch((e) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
