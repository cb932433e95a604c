/**
 * Where a parse worker's time goes, on one thread over a corpus tier: tree-sitter's parse, the
 * tag query's matches, our own reading of them (the rest of `analyze`), and the structured clone
 * that posts each analysis back to the main thread (v8.serialize, its serializer). Parser.parse
 * and Query.matches are wrapped with timers; CPU time of the whole round beside the wall time.
 *
 *   npx tsx bench/cost/parse-phases.ts [--size 10] [--rounds 2]
 */
import { loadavg } from 'node:os';
import { serialize } from 'node:v8';
import { Parser, Query } from 'web-tree-sitter';
import type { Language } from '../../src/engine/contract';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { languageForFile } from '../../src/engine/structural/grammars';
import { nodeGrammars } from '../../src/node/grammars';
import { readTier } from './tier-files';

const argument = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};

const timers = { parseMs: 0, matchesMs: 0, parses: 0, parsedChars: 0 };

/** Wraps a prototype method so that its wall time adds to `add`. */
function timeMethod(proto: object, name: string, add: (ms: number, args: unknown[]) => void): void {
  const target = proto as Record<string, (...args: unknown[]) => unknown>;
  const original = target[name];
  target[name] = function (this: unknown, ...args: unknown[]) {
    const start = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      add(performance.now() - start, args);
    }
  };
}

async function main(): Promise<void> {
  const size = Number(argument('size') ?? 10);
  const rounds = Number(argument('rounds') ?? 2);
  const files = readTier(size);
  timeMethod(Parser.prototype, 'parse', (ms, [input]) => {
    timers.parseMs += ms;
    timers.parses++;
    if (typeof input === 'string') timers.parsedChars += input.length;
  });
  timeMethod(Query.prototype, 'matches', (ms) => (timers.matchesMs += ms));
  const languages = [...new Set(files.map((f) => languageForFile(f.path, f.text)))].filter(
    (l): l is Language => l !== null,
  );
  const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
  const prepared = performance.now();
  await analyzer.prepare(languages);
  console.log(
    `# parse-phases, ${files.length} files (${size} MB), load average ${loadavg()[0].toFixed(1)}; grammars and queries ${(performance.now() - prepared).toFixed(0)} ms`,
  );
  for (let round = 1; round <= rounds; round++) {
    Object.assign(timers, { parseMs: 0, matchesMs: 0, parses: 0, parsedChars: 0 });
    let analyzeMs = 0;
    let cloneMs = 0;
    let cloneBytes = 0;
    const cpu = process.cpuUsage();
    for (const { path, text } of files) {
      const start = performance.now();
      const analysis = analyzer.analyze(path, text);
      const analysed = performance.now();
      cloneBytes += serialize(analysis).length;
      cloneMs += performance.now() - analysed;
      analyzeMs += analysed - start;
    }
    const used = process.cpuUsage(cpu);
    const ms = (n: number) => Math.round(n);
    console.log(
      JSON.stringify({
        round,
        cpuMs: ms((used.user + used.system) / 1000),
        analyzeMs: ms(analyzeMs),
        parseMs: ms(timers.parseMs),
        matchesMs: ms(timers.matchesMs),
        readingMs: ms(analyzeMs - timers.parseMs - timers.matchesMs),
        cloneMs: ms(cloneMs),
        cloneBytes,
        parses: timers.parses,
        parsedChars: timers.parsedChars,
      }),
    );
  }
}

await main();
