/**
 * `npx tsx bench/understand/main.ts [--projects a,b] [--half tuning] [--out DIR]`: the real-size
 * understand section alone (the same as `npm run eval -- --understand`). `--half tuning` asks
 * only the tuning half's questions (nothing held-out is computed, so nothing held-out can be
 * seen while tuning) and writes to .cache/understand/tuning/ unless --out says where.
 */
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { evalEmbedder, evalLexicalExpansion } from '../eval/embedder';
import { nodeGrammars } from '../../src/node/grammars';
import { join } from 'node:path';
import { UNDERSTAND_CACHE } from './projects';
import type { Half } from './questions';
import { runUnderstand, understandTable, writeUnderstand } from './run';

export async function understandMain(argv: string[]): Promise<void> {
  const started = performance.now();
  const i = argv.indexOf('--projects');
  const only = i >= 0 ? argv[i + 1].split(',') : undefined;
  const h = argv.indexOf('--half');
  const half = h >= 0 ? (argv[h + 1] as Half) : undefined;
  if (half && half !== 'tuning' && half !== 'held-out') throw new Error(`--half tuning|held-out, not ${half}`);
  const o = argv.indexOf('--out');
  let outDir: string | undefined;
  if (o >= 0) outDir = argv[o + 1];
  else if (half) outDir = join(UNDERSTAND_CACHE, half);
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  const embedder = await evalEmbedder('local');
  const lexicalExpansion = evalLexicalExpansion();
  const run = await runUnderstand(
    { analyzer, embedder, lexicalExpansion },
    (m) => process.stderr.write(`${m}\n`),
    only,
    half,
  );
  const seconds = Math.round((performance.now() - started) / 1000);
  await writeUnderstand(
    run,
    {
      command: `npm run eval -- --understand${argv.length ? ` ${argv.join(' ')}` : ''}`,
      embedder: embedder?.id ?? 'none',
      seconds,
    },
    outDir,
  );
  process.stdout.write(`${understandTable(run)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await understandMain(process.argv.slice(2));
