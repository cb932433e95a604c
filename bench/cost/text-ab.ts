/**
 * The text index's hot loops, this checkout against another, alternated round by round in one
 * process: BM25 queries (TermIndex.query over the bench's query set), `chunksSaying` over the
 * set's words, and the trigram index's posting lists decoded from a fresh load. Both sides read the
 * same stored index and must give the same answers; a whole-engine query time (node-child's load)
 * moves too much with a shared machine's load to show a change of a few per cent here.
 *
 * The snapshot and the queries are what `bench/cost/node-child.ts` writes in build mode:
 *
 *   node --import tsx bench/cost/node-child.ts '{"mode":"build","dir":DIR,"embedder":"none","snapshotFile":S,"queriesFile":Q}'
 *   node --import tsx bench/cost/text-ab.ts --before OTHER_CHECKOUT --snapshot S --queries Q [--rounds 20]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { deserialize } from 'node:v8';
import type { EngineSnapshot } from '../../src/engine/engine';
import type { TermIndex } from '../../src/engine/text/terms';
import type { TrigramIndex } from '../../src/engine/text/trigrams';
import { REPO_ROOT } from '../corpora';
import type { BenchQuery } from './queries';
import { median, pairedRatio } from './stats';

/** Query-set passes per timed round: one pass is too short to time on its own. */
const PASSES = 5;
/** BM25 hits asked for, as the engine asks before fusion. */
const LIMIT = 50;

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    snapshot: { type: 'string' },
    queries: { type: 'string' },
    rounds: { type: 'string', default: '20' },
  },
});
if (!values.before || !values.snapshot || !values.queries) {
  process.stderr.write('usage: text-ab.ts --before DIR --snapshot FILE --queries FILE [--rounds N]\n');
  process.exit(2);
}
/** Both sides imported the same way, so neither gains from how it was loaded. */
const sideOf = async (dir: string) => ({
  terms: (await import(join(dir, 'src/engine/text/terms.ts'))).TermIndex as typeof TermIndex,
  trigrams: (await import(join(dir, 'src/engine/text/trigrams.ts'))).TrigramIndex as typeof TrigramIndex,
});
const Before = await sideOf(resolve(values.before));
const Now = await sideOf(REPO_ROOT);

const text = (deserialize(readFileSync(values.snapshot)) as EngineSnapshot).modalities.text;
const queries = (JSON.parse(readFileSync(values.queries, 'utf8')) as BenchQuery[]).map((q) => ({
  terms: q.query
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter(Boolean),
  prose: q.intent === 'understand_code',
}));
const words = [...new Set(queries.flatMap((q) => q.terms))].filter((w) => w.length >= 4);
const grams = [
  ...new Set(queries.flatMap((q) => q.terms.flatMap((w) => [...w].slice(2).map((_, i) => w.slice(i, i + 3))))),
];

type Side = typeof Now;
const sides = { before: Before, now: Now };
const termIndexes = { before: Before.terms.load(text.terms), now: Now.terms.load(text.terms) };

function same(what: string, a: unknown, b: unknown): void {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what}: the two checkouts answer differently`);
}
for (const q of queries)
  same(q.terms.join(' '), termIndexes.before.query(q.terms, LIMIT, q), termIndexes.now.query(q.terms, LIMIT, q));
for (const w of words) same(w, termIndexes.before.chunksSaying(w), termIndexes.now.chunksSaying(w));
for (const g of grams)
  same(
    g,
    [...Before.trigrams.load(text.trigrams).postingList(g)],
    [...Now.trigrams.load(text.trigrams).postingList(g)],
  );

/**
 * A run's wall time and the process's CPU time over it (ms). On a loaded machine the wall time
 * also counts the time the process waited for a core; its CPU time does not.
 */
function timed(run: () => void): { wall: number; cpu: number } {
  const start = performance.now();
  const cpu = process.cpuUsage();
  run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}
const sections = {
  bm25: (ix: TermIndex) => {
    for (let p = 0; p < PASSES; p++) for (const q of queries) ix.query(q.terms, LIMIT, q);
  },
  chunksSaying: (ix: TermIndex) => {
    for (const w of words) ix.chunksSaying(w);
  },
};
const trigramLists = (side: Side) => {
  for (let p = 0; p < PASSES; p++) {
    const ix = side.trigrams.load(text.trigrams);
    for (const g of grams) ix.postingList(g);
  }
};

type Timing = ReturnType<typeof timed>;
const times: Record<string, { before: Timing[]; now: Timing[] }> = {};
const round = (name: 'before' | 'now') => {
  for (const [section, run] of Object.entries(sections))
    (times[section] ??= { before: [], now: [] })[name].push(timed(() => run(termIndexes[name])));
  (times.trigramLists ??= { before: [], now: [] })[name].push(timed(() => trigramLists(sides[name])));
};
// Warm-up: both sides optimized before any round counts.
for (let i = 0; i < 3; i++) {
  round('before');
  round('now');
}
for (const list of Object.values(times)) {
  list.before.length = 0;
  list.now.length = 0;
}
const rounds = Number(values.rounds);
const loadStart = loadavg()[0];
// Alternate which side goes first, so neither always runs on the warmer cache.
for (let r = 0; r < rounds; r++)
  for (const name of r % 2 === 0 ? (['before', 'now'] as const) : (['now', 'before'] as const)) round(name);
const loadEnd = loadavg()[0];

process.stdout.write(
  `${queries.length} queries × ${PASSES}, ${words.length} words, ${grams.length} trigrams; ${rounds} alternated rounds, load ${loadStart.toFixed(1)} → ${loadEnd.toFixed(1)}\n`,
);
for (const [section, { before, now }] of Object.entries(times))
  for (const clock of ['wall', 'cpu'] as const) {
    const [b, n] = [before.map((t) => t[clock]), now.map((t) => t[clock])];
    const r = pairedRatio(b, n);
    process.stdout.write(
      `${section} (${clock}): before ${median(b).toFixed(1)} ms, now ${median(n).toFixed(1)} ms per round; now ÷ before ${r.median.toFixed(3)} (95 % ${r.low.toFixed(3)}–${r.high.toFixed(3)})\n`,
    );
  }
