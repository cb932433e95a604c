/**
 * `npx tsx bench/understand/tune.ts`: fused default/thorough on the TUNING half only, for a
 * few understand_code weight tables (experiment.weights), to choose ranking.ts's numbers.
 * Prints function- and file-level MRR@10 per table and question kind.
 */
import type { Modality, Preset } from '../../src/engine/contract';
import { Engine } from '../../src/engine/engine';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { createNodeEmbedder, createNodeLocalEmbedder } from '../../src/node/embedders';
import { nodeGrammars } from '../../src/node/grammars';
import { loadProject, PROJECTS } from './projects';
import { keywordQuestions, projectQuestions } from './questions';

const TABLES: Record<string, Partial<Record<Modality, number>>> = {
  current: { semantic: 0.5, text: 0.2, structural: 0.2, graph: 0.1 },
  s6t2s1g1: { semantic: 0.6, text: 0.2, structural: 0.1, graph: 0.1 },
  s6t3s1g0: { semantic: 0.6, text: 0.3, structural: 0.1, graph: 0.0 },
  s7t2s1g0: { semantic: 0.7, text: 0.2, structural: 0.1, graph: 0.0 },
  s5t3s2g0: { semantic: 0.5, text: 0.3, structural: 0.2, graph: 0.0 },
  s6t2s2g0: { semantic: 0.6, text: 0.2, structural: 0.2, graph: 0.0 },
  s8t1s1g0: { semantic: 0.8, text: 0.1, structural: 0.1, graph: 0.0 },
  s5t2s2g0: { semantic: 0.5, text: 0.2, structural: 0.2, graph: 0.0 },
  s5t2s2g1_k40: { semantic: 0.5, text: 0.2, structural: 0.2, graph: 0.1 },
  s5t2s2g0_k40: { semantic: 0.5, text: 0.2, structural: 0.2, graph: 0.0 },
};
const pick = process.env.TABLES?.split(',');
for (const name of Object.keys(TABLES)) if (pick && !pick.includes(name)) delete TABLES[name];
const analyzer = await StructuralAnalyzer.create(nodeGrammars);
const embedder = process.env.MODEL_ID
  ? await createNodeLocalEmbedder({ modelId: process.env.MODEL_ID })
  : await createNodeEmbedder('local');
const projects = PROJECTS.map((p) => loadProject(p));
const keywords = keywordQuestions(projects, analyzer);
const sums: Record<string, number[]> = {};
const counts: Record<string, number> = {};
for (const project of projects) {
  const qs = projectQuestions(project, analyzer, keywords, 'tuning');
  const engine = await Engine.build(project.blankFiles, { analyzer, embedder });
  for (const q of qs) {
    // Per group of projects (projects.ts): the original three's sums stay comparable with the past.
    const kind = `${project.spec.group}:${q.kind}`;
    counts[kind] = (counts[kind] ?? 0) + 1;
    for (const [name, weights] of Object.entries(TABLES))
      for (const preset of ['default', 'thorough'] as Preset[]) {
        const r = await engine.search(q.query, {
          preset,
          limit: 10,
          experiment: name === 'current' ? undefined : { weights, ...(name.endsWith('_k40') ? { k: 40 } : {}) },
        });
        const fn = r.results.findIndex(
          (x) => x.path === q.path && x.startLine <= q.nameLine && q.nameLine <= x.endLine,
        );
        const files = [...new Set(r.results.map((x) => x.path))];
        const file = files.indexOf(q.path);
        const key = `${kind} ${preset} ${name}`;
        sums[key] ??= [0, 0];
        sums[key][0] += fn < 0 ? 0 : 1 / (fn + 1);
        sums[key][1] += file < 0 ? 0 : 1 / (file + 1);
      }
  }
  process.stderr.write(`${project.spec.name} done\n`);
}
for (const [key, [fn, file]] of Object.entries(sums)) {
  const n = counts[key.split(' ')[0]];
  console.log(`${key.padEnd(32)} fn ${(fn / n).toFixed(3)} file ${(file / n).toFixed(3)} (n ${n})`);
}
