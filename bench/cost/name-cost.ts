/**
 * What the name cosine (semantic/index.ts, searchWithNames) costs a short understand question in
 * a loaded engine: the cached index of a folder opened as the CLI opens it, each question asked
 * first with its candidates' names not yet embedded (cold), then alternately with and without
 * names (warm, the names cached), median of the rounds. Prints the load average beside.
 *
 *   npx tsx bench/cost/name-cost.ts <folder> <cache dir> [rounds]
 */
import { loadavg } from 'node:os';
import { openRepository } from '../../src/node/repository';
import type { Embedder } from '../../src/engine/semantic/embedder';
import { nameVectorCache } from '../../src/engine/semantic/index';

const QUESTIONS = [
  'parse string literal escape',
  'validate schema directives',
  'print ast node',
  'merge type definitions',
  'traverse visitor path',
  'tokenize template literal',
  'resolve field value',
  'coerce input value',
];

const [dir, cacheDir, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 5);
const opened = await openRepository(dir, { embedder: 'local', cacheDir });
if (!opened.fromCache) throw new Error('no cached index: run fourfold index with the same --cache first');
const engine = opened.engine;
const embedder = (engine as unknown as { deps: { embedder: Embedder } }).deps.embedder;
const inner = embedder.embedNames?.bind(embedder);
if (!inner) throw new Error('the embedder has no names');
let namesMs = 0;
const embedNames = async (texts: string[]) => {
  const t = performance.now();
  const out = await inner(texts);
  namesMs += performance.now() - t;
  return out;
};
embedder.embedNames = embedNames;
// The model starts on the first question: a long one (no names) loads it outside the figures.
await engine.search('how does the parser read a template literal with expressions inside it');

const time = async (q: string, semanticOnly = false) => {
  const t = performance.now();
  const r = await engine.search(q, semanticOnly ? { modalities: ['semantic'] } : {});
  return { ms: performance.now() - t, r };
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`load ${loadavg()[0].toFixed(2)}; names cached at start: ${nameVectorCache.size}`);
const rows: string[] = [];
for (const q of QUESTIONS) {
  const before = nameVectorCache.size;
  namesMs = 0;
  const cold = await time(q);
  const coldNamesMs = namesMs;
  const embedded = nameVectorCache.size - before;
  const withNames: number[] = [];
  const without: number[] = [];
  const semWith: number[] = [];
  const semWithout: number[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const names of i % 2 === 0 ? [true, false] : [false, true]) {
      if (names) embedder.embedNames = embedNames;
      else delete embedder.embedNames;
      (names ? withNames : without).push((await time(q)).ms);
      (names ? semWith : semWithout).push((await time(q, true)).ms);
    }
  }
  embedder.embedNames = embedNames;
  const semantic = cold.r.query.modalities.find((r) => r.modality === 'semantic');
  rows.push(
    `${q.padEnd(30)} cold ${cold.ms.toFixed(1).padStart(6)} ms (${embedded} names embedded in ${coldNamesMs.toFixed(1)} ms, semantic ${semantic?.latencyMs.toFixed(1) ?? '?'} ms) | warm with ${median(withNames).toFixed(1).padStart(6)} ms, without ${median(without).toFixed(1).padStart(6)} ms, ratio ${(median(withNames) / median(without)).toFixed(2)}; semantic alone ${median(semWith).toFixed(1)} vs ${median(semWithout).toFixed(1)} ms`,
  );
}
console.log(rows.join('\n'));
console.log(`load ${loadavg()[0].toFixed(2)}; names cached at end: ${nameVectorCache.size}`);
