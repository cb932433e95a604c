/**
 * `npx tsx bench/understand/expansion.ts [expansion.json]`: the learned lexical expansion
 * (src/engine/text/expansion.ts) served at several settings on the understand set's TUNING half
 * only: text alone and the fused presets, function-level MRR@10 per setting and question kind.
 * Each project is built once; the settings are switched per question. SETTINGS lists
 * weight:minStrength:perWord triples (perWord 0: no expansion).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Preset } from '../../src/engine/contract';
import { Engine } from '../../src/engine/engine';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { EXPANSION_FILE, type ExpansionSettings, LexicalExpansion } from '../../src/engine/text/expansion';
import { createNodeLocalEmbedder, NODE_MODELS_DIR } from '../../src/node/embedders';
import { nodeGrammars } from '../../src/node/grammars';
import { DEFAULT_LOCAL_MODEL_ID } from '../../src/engine/semantic/local';
import { loadProject, PROJECTS } from './projects';
import { keywordQuestions, projectQuestions, type UnderstandQuestion } from './questions';

const file = process.argv[2] ?? join(NODE_MODELS_DIR, DEFAULT_LOCAL_MODEL_ID, EXPANSION_FILE);
const loaded = LexicalExpansion.parse(readFileSync(file, 'utf8'));
if (!loaded.ok) throw new Error(`${file}: refused (${loaded.rejection})`);
const SETTINGS: ExpansionSettings[] = (process.env.SETTINGS ?? '0:0:0,0.3:0.1:3,0.5:0.1:3,0.5:0.3:3,1:0.1:3,0.5:0.1:6')
  .split(',')
  .map((s) => s.split(':').map(Number))
  .map(([weight, minStrength, perWord, maxWords]) => ({ weight, minStrength, perWord, maxWords: maxWords ?? 100 }));
const expansion = loaded.expansion;
const analyzer = await StructuralAnalyzer.create(nodeGrammars);
const embedder = await createNodeLocalEmbedder(process.env.MODEL_ID ? { modelId: process.env.MODEL_ID } : {});
const projects = PROJECTS.map((p) => loadProject(p));
const keywords = keywordQuestions(projects, analyzer);
const sums: Record<string, number> = {};
const counts: Record<string, number> = {};
const rank = (q: UnderstandQuestion, items: { path: string; startLine: number; endLine: number }[]) => {
  const i = items
    .slice(0, 10)
    .findIndex((x) => x.path === q.path && x.startLine <= q.nameLine && q.nameLine <= x.endLine);
  return i < 0 ? 0 : 1 / (i + 1);
};
for (const project of projects) {
  const qs = projectQuestions(project, analyzer, keywords, 'tuning');
  const built = await Engine.build(project.blankFiles, { analyzer, embedder });
  // One engine per setting over the same indexes: the expansion is a dependency of the engine.
  const snapshot = built.snapshot();
  const engines = SETTINGS.map((s) =>
    Engine.load(snapshot, { analyzer, embedder, lexicalExpansion: expansion.withSettings(s) }),
  );
  for (const q of qs) {
    counts[q.kind] = (counts[q.kind] ?? 0) + 1;
    for (const [i, s] of SETTINGS.entries()) {
      const engine = engines[i];
      const name = `${s.weight}:${s.minStrength}:${s.perWord}:${s.maxWords}`;
      const add = (sys: string, v: number) =>
        (sums[`${q.kind} ${sys} ${name}`] = (sums[`${q.kind} ${sys} ${name}`] ?? 0) + v);
      for (const m of ['text', 'semantic'] as const) {
        if (m === 'semantic' && s !== SETTINGS[0]) continue; // no expansion reaches it
        const alone = await engine.search(q.query, { preset: 'thorough', modalities: [m], limit: 10 });
        const run = alone.query.modalities.find((x) => x.modality === m);
        add(
          m,
          rank(
            q,
            (run?.list ?? []).map((h) => engine.chunk(h.chunkId)),
          ),
        );
      }
      for (const preset of ['default', 'thorough'] as Preset[])
        add(preset, rank(q, (await engine.search(q.query, { preset, limit: 10 })).results));
    }
  }
  process.stderr.write(`${project.spec.name} done\n`);
}
for (const [key, v] of Object.entries(sums).sort())
  console.log(`${key.padEnd(34)} fn ${(v / counts[key.split(' ')[0]]).toFixed(3)}`);
