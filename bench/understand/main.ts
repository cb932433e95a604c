/**
 * `npx tsx bench/understand/main.ts [--projects a,b] [--out DIR]`: the real-size understand
 * section alone (the same as `npm run eval -- --understand`).
 */
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { createNodeEmbedder } from '../../src/node/embedders';
import { nodeGrammars } from '../../src/node/grammars';
import { runUnderstand, understandTable, writeUnderstand } from './run';
import { nodeLexicalExpansion } from '../../src/node/lexical-expansion';

export async function understandMain(argv: string[]): Promise<void> {
  const started = performance.now();
  const i = argv.indexOf('--projects');
  const only = i >= 0 ? argv[i + 1].split(',') : undefined;
  const o = argv.indexOf('--out');
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  const embedder = await createNodeEmbedder('local');
  const lexicalExpansion = nodeLexicalExpansion();
  const run = await runUnderstand(
    { analyzer, embedder, lexicalExpansion },
    (m) => process.stderr.write(`${m}\n`),
    only,
  );
  const seconds = Math.round((performance.now() - started) / 1000);
  await writeUnderstand(
    run,
    {
      command: `npm run eval -- --understand${argv.length ? ` ${argv.join(' ')}` : ''}`,
      embedder: embedder?.id ?? 'none',
      seconds,
    },
    o >= 0 ? argv[o + 1] : undefined,
  );
  process.stdout.write(`${understandTable(run)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await understandMain(process.argv.slice(2));
