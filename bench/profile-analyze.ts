/**
 * Measures StructuralAnalyzer throughput (MB/s, files/s) over a folder, single-threaded,
 * or through the Node worker pool with `--pool N`.
 *
 *   node --import tsx bench/profile-analyze.ts <folder> [--runs 5] [--pool 2] [--analyzer path/to/analyzer.ts]
 *
 * `--analyzer` loads another copy of analyzer.ts (e.g. a saved baseline) so before/after runs
 * can be made back to back on a noisy machine. Add `--cpu-prof` to node to profile.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { languageForPath } from '../src/engine/structural/grammars';
import { nodeGrammars } from '../src/node/grammars';
import { filesUnder } from './files-under';

interface Options {
  folder: string;
  runs: number;
  pool: number;
  analyzerModule: string | null;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { folder: '', runs: 5, pool: 0, analyzerModule: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--runs') options.runs = Number(argv[++i]);
    else if (arg === '--pool') options.pool = Number(argv[++i]);
    else if (arg === '--analyzer') options.analyzerModule = resolve(argv[++i]);
    else options.folder = arg;
  }
  if (!options.folder) throw new Error('usage: profile-analyze.ts <folder> [--runs N] [--pool N] [--analyzer module]');
  return options;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const root = resolve(options.folder);
  const files: { path: string; text: string }[] = [];
  for await (const full of filesUnder(root)) {
    const path = relative(root, full).split('\\').join('/');
    if (languageForPath(path)) files.push({ path, text: await readFile(full, 'utf8') });
  }
  const bytes = files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);

  let analyze: (path: string, text: string) => unknown;
  let close = async (): Promise<void> => {};
  let label: string;
  if (options.pool > 0) {
    const { createNodeParsePool } = await import('../src/node/parse-pool');
    const pool = createNodeParsePool(options.pool);
    analyze = (path, text) => pool.analyze(path, text);
    close = () => pool.close();
    label = `pool of ${options.pool}`;
  } else {
    const module = options.analyzerModule
      ? ((await import(
          pathToFileURL(options.analyzerModule).href
        )) as typeof import('../src/engine/structural/analyzer'))
      : await import('../src/engine/structural/analyzer');
    const analyzer = await module.StructuralAnalyzer.create(nodeGrammars);
    analyze = (path, text) => analyzer.analyze(path, text);
    label = options.analyzerModule ? relative(process.cwd(), options.analyzerModule) : 'in-process';
  }

  const seconds: number[] = [];
  const cpuSeconds: number[] = [];
  let definitions = 0;
  let references = 0;
  for (let run = 0; run <= options.runs; run++) {
    definitions = 0;
    references = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    // 32 in flight, as Engine.build does; the in-process analyzer is synchronous anyway.
    let next = 0;
    const lane = async () => {
      while (next < files.length) {
        const { path, text } = files[next++];
        const result = (await analyze(path, text)) as { definitions: unknown[]; references: unknown[] };
        definitions += result.definitions.length;
        references += result.references.length;
      }
    };
    await Promise.all(Array.from({ length: Math.min(32, files.length) }, lane));
    const s = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    // CPU time of this thread's process: far steadier than wall time on a shared machine (in-process only).
    const cpuS = (cpu.user + cpu.system) / 1e6;
    if (run > 0) {
      seconds.push(s); // run 0 warms up (grammar compile, JIT)
      cpuSeconds.push(cpuS);
    }
    console.error(
      `${run === 0 ? 'warm-up' : `run ${run}`}: ${s.toFixed(2)} s wall (${(bytes / 1e6 / s).toFixed(2)} MB/s), ${cpuS.toFixed(2)} s CPU (${(bytes / 1e6 / cpuS).toFixed(2)} MB/s)`,
    );
  }
  await close();
  const s = median(seconds);
  const cpuS = median(cpuSeconds);
  console.log(
    `${label}: ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB, median of ${seconds.length}: ${s.toFixed(2)} s wall = ` +
      `${(bytes / 1e6 / s).toFixed(2)} MB/s, ${Math.round(files.length / s)} files/s; ${cpuS.toFixed(2)} s CPU = ${(bytes / 1e6 / cpuS).toFixed(2)} MB/s ` +
      `(min ${Math.min(...seconds).toFixed(2)} s, max ${Math.max(...seconds).toFixed(2)} s; ${definitions} definitions, ${references} references)`,
  );
}

await main();
