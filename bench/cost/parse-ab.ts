/**
 * The parse workers' analysis, paired: this checkout's StructuralAnalyzer against another
 * checkout's (`--before DIR`), alternated in one process on one thread over a corpus tier, CPU
 * time per round (steadier than wall on a shared machine), and every file's analysis compared
 * between the two (a change meant to be faster only must give the same analyses).
 *
 *   npx tsx bench/cost/parse-ab.ts --before DIR [--size 10] [--rounds 4]
 */
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FileAnalysis, Language } from '../../src/engine/contract';
import type { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { REPO_ROOT } from '../corpora';
import { readTier } from './tier-files';
import { cpuMsOf, median, pairedRatio } from './stats';

const argument = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};

/** One checkout's analyzer, loaded from its own sources, with every language the tier needs compiled. */
async function analyzerOf(root: string, languages: Language[]): Promise<StructuralAnalyzer> {
  const load = (path: string) => import(pathToFileURL(join(root, path)).href);
  const { StructuralAnalyzer: Analyzer } = (await load('src/engine/structural/analyzer.ts')) as {
    StructuralAnalyzer: typeof StructuralAnalyzer;
  };
  const { nodeGrammars } = await load('src/node/grammars.ts');
  const analyzer = await Analyzer.create(nodeGrammars, { languages: [] });
  await analyzer.prepare(languages);
  return analyzer;
}

async function main(): Promise<void> {
  const before = argument('before');
  if (!before) throw new Error('--before DIR (a checkout of the commit to compare against) is required');
  const size = Number(argument('size') ?? 10);
  const rounds = Number(argument('rounds') ?? 4);
  const files = readTier(size);
  const { languageForFile } = await import('../../src/engine/structural/grammars');
  const languages = [...new Set(files.map((f) => languageForFile(f.path, f.text)).filter((l) => l !== null))];
  const sides = { before: await analyzerOf(resolve(before), languages), now: await analyzerOf(REPO_ROOT, languages) };
  const cpu: Record<keyof typeof sides, number[]> = { before: [], now: [] };
  let differing = 0;
  console.log(`# parse-ab, ${files.length} files (${size} MB), load average ${loadavg()[0].toFixed(1)}`);
  // A first round each, not counted: the JIT warms up and the wasm tiers up on both sides.
  for (const side of ['before', 'now'] as const) for (const f of files) sides[side].analyze(f.path, f.text);
  for (let round = 0; round < rounds; round++) {
    const results: Partial<Record<keyof typeof sides, FileAnalysis[]>> = {};
    // Alternate which side goes first, so warming up and the machine's load fall on both alike.
    const order: (keyof typeof sides)[] = round % 2 === 0 ? ['before', 'now'] : ['now', 'before'];
    for (const side of order)
      cpu[side].push(cpuMsOf(() => (results[side] = files.map((f) => sides[side].analyze(f.path, f.text)))));
    for (let i = 0; i < files.length; i++)
      if (JSON.stringify(results.before![i]) !== JSON.stringify(results.now![i])) {
        differing++;
        if (differing <= 5) console.log(`differs: ${files[i].path}`);
      }
    console.log(
      `round ${round + 1}: before ${cpu.before[round].toFixed(0)} ms, now ${cpu.now[round].toFixed(0)} ms CPU (load ${loadavg()[0].toFixed(1)})`,
    );
  }
  const ratio = pairedRatio(cpu.before, cpu.now);
  console.log(
    `CPU median before ${median(cpu.before).toFixed(0)} ms, now ${median(cpu.now).toFixed(0)} ms; now ÷ before ${JSON.stringify(ratio)}; analyses differing: ${differing}`,
  );
}

await main();
