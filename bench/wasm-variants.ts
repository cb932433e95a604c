/**
 * The structural analyzer over a folder with tree-sitter's wasm taken from elsewhere: the runtime
 * and any grammar replaced by a file, so a differently compiled wasm can be compared with the
 * shipped one in separate processes (web-tree-sitter's runtime is a per-process singleton).
 * Prints, per run, the process CPU of the parses, of the tag queries and of the whole pass, and a
 * digest of every analysis (same digest = same analyses).
 *
 *   npx tsx bench/wasm-variants.ts <folder> [--runs 2] [--runtime file.wasm] [--grammar lang=file.wasm]...
 *
 * Run 0 is cold (Liftoff, tier-up, the query's compile), as a parse worker's first megabytes are.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { Parser, Query } from 'web-tree-sitter';
import type { Language } from '../src/engine/contract';
import { languageForPath } from '../src/engine/structural/grammars';
import type { GrammarSource } from '../src/engine/structural/grammars';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { nodeGrammars } from '../src/node/grammars';
import { filesUnder } from './files-under';

const argv = process.argv.slice(2);
let folder = '';
let runs = 2;
let runtimeFile: string | null = null;
const grammarFiles = new Map<string, string>();
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  if (arg === '--runs') runs = Number(argv[++i]);
  else if (arg === '--runtime') runtimeFile = resolve(argv[++i]);
  else if (arg === '--grammar') {
    const [lang, file] = argv[++i].split('=');
    grammarFiles.set(lang, resolve(file));
  } else folder = arg;
}
if (!folder) throw new Error('usage: wasm-variants.ts <folder> [--runs N] [--runtime f] [--grammar lang=f]');

const source: GrammarSource = {
  async runtime() {
    return runtimeFile ? { wasmBinary: new Uint8Array(await readFile(runtimeFile)) } : nodeGrammars.runtime();
  },
  async languageWasm(lang: Language) {
    const file = grammarFiles.get(lang);
    return file ? new Uint8Array(await readFile(file)) : nodeGrammars.languageWasm(lang);
  },
  tagsQuery: (lang) => nodeGrammars.tagsQuery(lang),
};

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const spent = { parse: 0, query: 0 };
function timed<T extends object>(proto: T, name: keyof T, key: keyof typeof spent): void {
  const original = proto[name] as unknown as (...args: unknown[]) => unknown;
  (proto as Record<string, unknown>)[name as string] = function (this: unknown, ...args: unknown[]) {
    const t0 = cpu();
    try {
      return original.apply(this, args);
    } finally {
      spent[key] += cpu() - t0;
    }
  };
}
timed(Parser.prototype, 'parse', 'parse');
timed(Query.prototype, 'matches', 'query');

const root = resolve(folder);
const files: { path: string; text: string }[] = [];
for await (const full of filesUnder(root)) {
  const path = relative(root, full).split('\\').join('/');
  if (languageForPath(path)) files.push({ path, text: await readFile(full, 'utf8') });
}
files.sort((a, b) => (a.path < b.path ? -1 : 1));

const t0 = cpu();
const analyzer = await StructuralAnalyzer.create(source, { languages: [] });
const setup = cpu() - t0;
for (let run = 0; run <= runs; run++) {
  spent.parse = 0;
  spent.query = 0;
  const digest = createHash('sha256');
  const start = cpu();
  for (const { path, text } of files) digest.update(JSON.stringify(await analyzer.analyzeAsync(path, text)));
  const all = cpu() - start;
  console.log(
    JSON.stringify({
      run,
      setup: run === 0 ? +setup.toFixed(3) : undefined,
      parse: +spent.parse.toFixed(3),
      query: +spent.query.toFixed(3),
      all: +all.toFixed(3),
      digest: digest.digest('hex').slice(0, 16),
      load: +(await readFile('/proc/loadavg', 'utf8')).split(' ')[0],
    }),
  );
}
