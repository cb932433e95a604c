/**
 * `npx tsx bench/understand/expand.ts`: experiment — query-side lexical
 * expansion learned from the model: each content word of the question is joined by its
 * nearest whole-word tokens in the bundled model's shared token table (cosine of the
 * single-token vectors, i.e. of the table rows), and text alone / fused presets are run on
 * the expanded question. TUNING half only. Prints function-level MRR@10 per setting.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Modality, Preset } from '../../src/engine/contract';
import { Engine } from '../../src/engine/engine';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { createNodeEmbedder } from '../../src/node/embedders';
import { nodeGrammars } from '../../src/node/grammars';
import { REPO_ROOT } from '../eval/corpora';
import { contentWords } from '../eval/queries';
import { loadProject, PROJECTS } from './projects';
import { keywordQuestions, projectQuestions, type UnderstandQuestion } from './questions';

const analyzer = await StructuralAnalyzer.create(nodeGrammars);
const embedder = (await createNodeEmbedder('local'))!;
const vocab = Object.keys(
  JSON.parse(readFileSync(join(REPO_ROOT, 'public/models/fourfold-code-search/tokenizer.json'), 'utf8')).model
    .vocab as Record<string, number>,
).filter((w) => /^[a-z]{3,}$/.test(w));
const vectors: Float32Array[] = [];
for (const w of vocab) vectors.push(await embedder.embedQueryFloat!(w));
process.stderr.write(`${vocab.length} vocabulary words embedded\n`);
const index = new Map(vocab.map((w, i) => [w, i]));
function neighbours(word: string, n: number, min: number): string[] {
  const i = index.get(word);
  if (i === undefined) return [];
  const v = vectors[i];
  const scored: [string, number][] = [];
  for (let j = 0; j < vocab.length; j++) {
    if (j === i) continue;
    const u = vectors[j];
    let c = 0;
    for (let d = 0; d < v.length; d++) c += v[d] * u[d];
    if (c >= min && vocab[j].slice(0, 4) !== word.slice(0, 4)) scored.push([vocab[j], c]);
  }
  return scored
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([w]) => w);
}
const SETTINGS = (process.env.SETTINGS ?? '1:0.6,2:0.5,3:0.4')
  .split(',')
  .map((s) => s.split(':').map(Number) as [number, number]);
const expand = (q: string, [n, min]: [number, number]) =>
  `${q} ${contentWords(q)
    .flatMap((w) => neighbours(w, n, min))
    .join(' ')}`.trim();

const projects = PROJECTS.map((p) => loadProject(p));
const keywords = keywordQuestions(projects, analyzer);
const sums: Record<string, number> = {};
const counts: Record<string, number> = {};
const rank = (q: UnderstandQuestion, items: { path: string; startLine: number; endLine: number }[]) => {
  const i = items.findIndex((x) => x.path === q.path && x.startLine <= q.nameLine && q.nameLine <= x.endLine);
  return i < 0 ? 0 : 1 / (i + 1);
};
let shown = 0;
for (const project of projects) {
  const qs = projectQuestions(project, analyzer, keywords, 'tuning');
  const engine = await Engine.build(project.blankFiles, { analyzer, embedder });
  for (const q of qs) {
    // Per group of projects (projects.ts): the original three's sums stay comparable with the past.
    const kind = `${project.spec.group}:${q.kind}`;
    counts[kind] = (counts[kind] ?? 0) + 1;
    for (const setting of [null, ...SETTINGS]) {
      const text = setting ? expand(q.query, setting) : q.query;
      if (setting && q.kind === 'keyword' && shown++ < 12) process.stderr.write(`  ${q.query} → ${text}\n`);
      const name = setting ? setting.join(':') : 'none';
      const add = (sys: string, v: number) =>
        (sums[`${kind} ${sys} ${name}`] = (sums[`${kind} ${sys} ${name}`] ?? 0) + v);
      const intent = engine.classify(q.query).intent;
      const alone = await engine.search(text, {
        preset: 'thorough',
        modalities: ['text' as Modality],
        limit: 10,
        intent,
      });
      const run = alone.query.modalities.find((m) => m.modality === 'text');
      add(
        'text',
        rank(
          q,
          (run?.list ?? []).slice(0, 10).map((h) => engine.chunk(h.chunkId)),
        ),
      );
      for (const preset of ['default', 'thorough'] as Preset[]) {
        const r = await engine.search(text, { preset, limit: 10 });
        add(preset, rank(q, r.results));
      }
    }
  }
  process.stderr.write(`${project.spec.name} done\n`);
}
for (const [key, v] of Object.entries(sums))
  console.log(`${key.padEnd(28)} fn ${(v / counts[key.split(' ')[0]]).toFixed(3)}`);
