/**
 * `npx tsx bench/understand/freeze-doc-questions.ts [--resample]`: samples the doc-sentence
 * questions of every project that has none kept yet, with today's analyzer, and appends them to
 * docs/eval/understand/doc-questions.jsonl, which `npm run eval -- --understand` then asks. The
 * kept projects' questions stay as they are (adding Ruby, PHP and C on 2026-12-03 must not move
 * the first three's). `--resample` starts a new set for every project, on purpose: the numbers
 * before and after are then of different questions.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { nodeGrammars } from '../../src/node/grammars';
import { loadProject, PROJECTS } from './projects';
import { DOC_QUESTIONS_FILE, sampleDocQuestions } from './questions';

const analyzer = await StructuralAnalyzer.create(nodeGrammars);
const resample = process.argv.includes('--resample');
const lines: string[] =
  resample || !existsSync(DOC_QUESTIONS_FILE)
    ? []
    : readFileSync(DOC_QUESTIONS_FILE, 'utf8')
        .split('\n')
        .filter((l) => l.trim());
const kept = new Set(lines.map((l) => (JSON.parse(l) as { project: string }).project));
for (const spec of PROJECTS) {
  if (kept.has(spec.name)) continue;
  const project = loadProject(spec, (m) => process.stderr.write(`${m}\n`));
  for (const q of sampleDocQuestions(project, analyzer)) lines.push(JSON.stringify(q));
}
writeFileSync(DOC_QUESTIONS_FILE, `${lines.join('\n')}\n`);
process.stderr.write(`wrote ${lines.length} questions to ${DOC_QUESTIONS_FILE}\n`);
