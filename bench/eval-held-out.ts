/**
 * `npx tsx bench/eval-held-out.ts`: does what was learned on `npm run eval`'s "understand"
 * questions hold on code nobody looked at? The same generator (a function's first JSDoc
 * sentence, searched in a comment-blanked copy, truth = that function's file) over four
 * packages that `npm run eval` does not score and the bundled model never trained on
 * (scripts/model-sources.ts leaves out @tanstack/* and @trpc/*). Prints MRR@10 per package
 * and overall for each modality alone and each preset, as `npm run eval` runs them.
 *
 * The numbers are a check, not a target: nothing is tuned on these queries (they are not
 * even written to disk).
 */
import { Engine } from '../src/engine/engine';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { createNodeEmbedder } from '../src/node/embedders';
import { nodeGrammars } from '../src/node/grammars';
import { Bm25Files } from './eval/baselines';
import { type CorpusSpec, loadCorpus } from './eval/corpora';
import { scoreQuery } from './eval/grade';
import { generateQueries } from './eval/queries';
import { runSystem, SYSTEM_LABELS, type SystemName } from './eval/systems';

const HELD_OUT: readonly CorpusSpec[] = [
  { name: 'virtual-core', pkg: '@tanstack/virtual-core', version: '3.19.11' },
  { name: 'form-core', pkg: '@tanstack/form-core', version: '1.33.5' },
  { name: 'trpc-client', pkg: '@trpc/client', version: '11.25.2' },
  { name: 'router-core', pkg: '@tanstack/router-core', version: '1.171.39' },
];
/** Twice the main set's sampling per corpus: only "understand" is kept. */
const PER_CORPUS = 16;
const SYSTEMS: readonly SystemName[] = [
  'semantic',
  'text',
  'structural',
  'graph',
  'quick',
  'default',
  'thorough',
  'bm25',
];

const analyzer = await StructuralAnalyzer.create(nodeGrammars);
const embedder = await createNodeEmbedder('local');
const total: Record<string, number> = {};
let count = 0;
const rows: string[] = [];
for (const spec of HELD_OUT) {
  const corpus = await loadCorpus(spec, (m) => process.stderr.write(`${m}\n`));
  const queries = generateQueries(corpus, PER_CORPUS).filter((q) => q.intent === 'understand_code');
  const engine = await Engine.build(corpus.blankFiles, { analyzer, embedder });
  const targets = { engine, dir: corpus.blankDir, bm25: new Bm25Files(corpus.blankFiles) };
  const sum: Record<string, number> = {};
  for (const q of queries) {
    for (const system of SYSTEMS) {
      const run = await runSystem(system, q, targets);
      const mrr = run.ran ? scoreQuery(q, run.items, 'file').mrr10 : 0;
      sum[system] = (sum[system] ?? 0) + mrr;
      total[system] = (total[system] ?? 0) + mrr;
    }
  }
  count += queries.length;
  rows.push(
    `| ${spec.pkg}@${spec.version} | ${queries.length} | ${SYSTEMS.map((s) => (sum[s] / Math.max(1, queries.length)).toFixed(3)).join(' | ')} |`,
  );
}
console.log(`| package | queries | ${SYSTEMS.map((s) => SYSTEM_LABELS[s]).join(' | ')} |`);
console.log(`|---|---:|${SYSTEMS.map(() => '---:').join('|')}|`);
for (const r of rows) console.log(r);
console.log(`| all | ${count} | ${SYSTEMS.map((s) => (total[s] / count).toFixed(3)).join(' | ')} |`);
