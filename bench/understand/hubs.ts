/**
 * `npx tsx bench/understand/hubs.ts [--projects a,b] [--sample N]`: how concentrated the
 * semantic list's first places are on the understand set's TUNING half (hubness: a few chunks
 * near almost every query). Per project, over its tuning questions' semantic-alone lists (the
 * modality's own list before fusion, as run.ts reads it): how many distinct chunks take the
 * first 1 / 3 / 10 places, the most any one chunk takes, the chunks that take the most, and how
 * many questions have such a hub above their answer. Then the space itself: each of N sampled
 * chunks' ten nearest chunks by the int8 cosine, and the skew of how often each chunk is among
 * them (the k-occurrence N10; a space with hubs has a long right tail, its skew well above the
 * 1/√λ that counts without hubs would have, λ the places per chunk).
 * Only tuning questions are asked, so nothing held-out is computed or printed.
 */
import { Engine } from '../../src/engine/engine';
import type { Modality } from '../../src/engine/contract';
import { WEIGHTS } from '../../src/engine/ranking';
import { isModuleDeclaration } from '../../src/engine/semantic/index';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { evalEmbedder, evalLexicalExpansion } from '../eval/embedder';
import { SeededRandom } from '../eval/rng';
import { nodeGrammars } from '../../src/node/grammars';
import { loadProject, PROJECTS } from './projects';
import { keywordQuestions, projectQuestions, type UnderstandQuestion } from './questions';

export interface Concentration {
  lists: number;
  /** Distinct chunks among the lists' first 1, 3 and 10 places. */
  distinct: [number, number, number];
  /** The most lists' first 1, 3 and 10 places that one chunk takes. */
  most: [number, number, number];
  /** Chunks in the first ten of at least a fifth of the lists (and of at least 3). */
  hubs: number[];
  /** Lists with a hub above the answer (`answers[i]`: 1-based rank, null when not in the ten). */
  hubAboveAnswer: number;
}

/** The concentration of a set of ranked lists of chunk ids (each cut to ten). */
export function concentration(
  lists: readonly (readonly number[])[],
  answers: readonly (number | null)[],
): Concentration {
  const counts = [1, 3, 10].map((k) => {
    const n = new Map<number, number>();
    for (const list of lists) for (const id of list.slice(0, k)) n.set(id, (n.get(id) ?? 0) + 1);
    return n;
  });
  const most = counts.map((n) => Math.max(0, ...n.values())) as [number, number, number];
  const floor = Math.max(3, lists.length / 5);
  const hubs = [...counts[2]].filter(([, c]) => c >= floor).map(([id]) => id);
  const hubAboveAnswer = lists.filter((list, i) =>
    list.slice(0, (answers[i] ?? 11) - 1).some((id) => hubs.includes(id)),
  ).length;
  return {
    lists: lists.length,
    distinct: counts.map((n) => n.size) as [number, number, number],
    most,
    hubs,
    hubAboveAnswer,
  };
}

/** Skewness of k-occurrence counts (one per chunk, zeros included). */
export function skewness(counts: ArrayLike<number>): number {
  const n = counts.length;
  if (n === 0) return 0;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += counts[i] / n;
  let m2 = 0;
  let m3 = 0;
  for (let i = 0; i < n; i++) {
    const d = counts[i] - mean;
    m2 += (d * d) / n;
    m3 += (d * d * d) / n;
  }
  return m2 > 0 ? m3 / m2 ** 1.5 : 0;
}

/** N10 of every chunk row that has a vector: how often it is among the ten nearest of `sample` random rows (int8 cosine). */
function kOccurrence(
  int8: Int8Array,
  dims: number,
  rows: number,
  searched: (row: number) => boolean,
  sample: number,
  seed: string,
): Int32Array {
  const live: number[] = [];
  for (let r = 0; r < rows; r++) {
    if (!searched(r)) continue;
    let any = false;
    for (let i = 0; i < dims && !any; i++) any = int8[r * dims + i] !== 0;
    if (any) live.push(r);
  }
  const unit = new Float32Array(live.length * dims);
  live.forEach((r, k) => {
    let ss = 0;
    for (let i = 0; i < dims; i++) ss += int8[r * dims + i] ** 2;
    const inv = 1 / Math.sqrt(ss);
    for (let i = 0; i < dims; i++) unit[k * dims + i] = int8[r * dims + i] * inv;
  });
  const n = new Int32Array(live.length);
  const rng = new SeededRandom(`hubs:${seed}`);
  for (let t = 0; t < Math.min(sample, live.length); t++) {
    const a = Math.floor(rng.next() * live.length);
    const top: { s: number; b: number }[] = [];
    for (let b = 0; b < live.length; b++) {
      if (b === a) continue;
      let s = 0;
      for (let i = 0; i < dims; i++) s += unit[a * dims + i] * unit[b * dims + i];
      if (top.length === 10 && s <= top[9].s) continue;
      top.push({ s, b });
      top.sort((x, y) => y.s - x.s);
      if (top.length > 10) top.pop();
    }
    for (const { b } of top) n[b]++;
  }
  return n;
}

async function main(argv: string[]): Promise<void> {
  const p = argv.indexOf('--projects');
  const only = p >= 0 ? argv[p + 1].split(',') : undefined;
  const s = argv.indexOf('--sample');
  const sample = s >= 0 ? Number(argv[s + 1]) : 1000;
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  const embedder = await evalEmbedder('local');
  const lexicalExpansion = evalLexicalExpansion();
  const projects = PROJECTS.filter((x) => !only || only.includes(x.name)).map((x) => loadProject(x));
  const keywords = keywordQuestions(projects, analyzer);
  const holds = (q: UnderstandQuestion, i: { path: string; startLine: number; endLine: number }) =>
    i.path === q.path && i.startLine <= q.nameLine && q.nameLine <= i.endLine;
  for (const project of projects) {
    const questions = projectQuestions(project, analyzer, keywords, 'tuning');
    const engine = await Engine.build(project.blankFiles, { analyzer, embedder, lexicalExpansion });
    const lists: number[][] = [];
    const answers: (number | null)[] = [];
    for (const q of questions) {
      const m: Modality = 'semantic';
      const intent = engine.classify(q.query).intent;
      const experiment = WEIGHTS[intent][m] > 0 ? undefined : { weights: { [m]: 1 } };
      const r = await engine.search(q.query, { preset: 'thorough', modalities: [m], limit: 10, experiment });
      const run = r.query.modalities.find((x) => x.modality === m);
      const ids = run?.ran ? run.list.slice(0, 10).map((h) => h.chunkId) : [];
      // A question whose semantic list did not run (a pasted message routed to an exact match) is no list.
      if (ids.length === 0) continue;
      const at = ids.findIndex((id) => holds(q, engine.chunk(id)));
      lists.push(ids);
      answers.push(at < 0 ? null : at + 1);
    }
    const c = concentration(lists, answers);
    const line = (id: number) => {
      const chunk = engine.chunk(id);
      return `${chunk.path}:${chunk.startLine}-${chunk.endLine} ${chunk.symbol ?? chunk.kind}`;
    };
    console.log(
      `${project.spec.name}: ${c.lists} tuning questions; distinct chunks in the first 1/3/10: ${c.distinct.join('/')} of ${c.lists}/${3 * c.lists}/${10 * c.lists}; most taken by one chunk ${c.most.join('/')}; hubs ${c.hubs.length}${c.hubs.length ? ` (${c.hubs.map(line).join('; ')})` : ''}; a hub above the answer in ${c.hubAboveAnswer}`,
    );
    const semantic = engine.snapshot().modalities.semantic;
    if (!semantic?.int8) continue;
    // The chunks a question's list can hold: no contentless window, no one-line module declaration.
    const contentless = new Set(semantic.contentless ?? []);
    const searched = (row: number) => !contentless.has(row) && !isModuleDeclaration(engine.chunk(row));
    const n10 = kOccurrence(
      semantic.int8,
      semantic.dimensions,
      semantic.chunkCount,
      searched,
      sample,
      project.spec.name,
    );
    const sorted = Array.from(n10).sort((a, b) => b - a);
    const share = sorted.slice(0, Math.ceil(sorted.length / 100)).reduce((a, b) => a + b, 0);
    const slots = sorted.reduce((a, b) => a + b, 0);
    // Without hubs the counts are about Poisson with λ places per chunk, whose skew is 1/√λ: with
    // few sampled queries per chunk the skew is high from sparsity alone, so that is printed beside it.
    const poisson = 1 / Math.sqrt(slots / Math.max(1, sorted.length));
    console.log(
      `  space: ${sorted.length} chunk vectors, ${Math.min(sample, sorted.length)} sampled as queries; N10 skew ${skewness(n10).toFixed(2)} (${poisson.toFixed(2)} without hubs), most ${sorted[0]}, the top 1% of chunks hold ${((100 * share) / Math.max(1, slots)).toFixed(1)}% of the places`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
