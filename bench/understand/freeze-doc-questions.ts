/**
 * `npx tsx bench/understand/freeze-doc-questions.ts`: samples every project's doc-sentence
 * questions with today's analyzer and writes them to docs/eval/understand/doc-questions.jsonl,
 * which `npm run eval -- --understand` then asks. Run it only to add a project or to start a
 * new set on purpose: the numbers before and after are then of different questions.
 */
import { writeFileSync } from 'node:fs';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { nodeGrammars } from '../../src/node/grammars';
import { loadProject, PROJECTS } from './projects';
import { DOC_QUESTIONS_FILE, sampleDocQuestions } from './questions';

const analyzer = await StructuralAnalyzer.create(nodeGrammars);
const lines: string[] = [];
for (const spec of PROJECTS) {
  const project = loadProject(spec, (m) => process.stderr.write(`${m}\n`));
  for (const q of sampleDocQuestions(project, analyzer)) lines.push(JSON.stringify(q));
}
writeFileSync(DOC_QUESTIONS_FILE, `${lines.join('\n')}\n`);
process.stderr.write(`wrote ${lines.length} questions to ${DOC_QUESTIONS_FILE}\n`);
