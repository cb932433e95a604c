/**
 * Where the analysis's CPU goes, file by file, over a folder (a bench tier's corpus): one
 * thread, the shipped analyzer, a warm-up pass and then one measured pass in which every
 * file's CPU is taken apart into tree-sitter's parse, its tag query and the rest.
 *
 *   nice -n 5 npx tsx bench/analysis-cost.ts .cache/bench/corpus-10mb [--passes 2] [--top 20]
 *
 * Prints the share of the CPU the largest 1 % / 5 % of files (by CPU) take, the CPU by kind of
 * file (declaration files, minified or skipped ones, byte-identical copies after the first,
 * files whose analysis finds nothing), by package (the folder's first level) and by size, and
 * the costliest files.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { Parser, Query } from 'web-tree-sitter';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { languageForPath } from '../src/engine/structural/grammars';
import { nodeGrammars } from '../src/node/grammars';
import { filesUnder } from './files-under';

const args = process.argv.slice(2);
const folder = resolve(args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? '.cache/bench/corpus-10mb');
const passes = Number(args[args.indexOf('--passes') + 1]) || 2;
const topN = args.includes('--top') ? Number(args[args.indexOf('--top') + 1]) : 20;

// Every parse and tag-query call timed; the analyzer calls both through these prototypes.
let parseUs = 0;
let queryUs = 0;
let parses = 0;
let firstParseUs: number;
const cpuUs = (): number => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
const parse = Parser.prototype.parse;
Parser.prototype.parse = function (this: Parser, ...rest: Parameters<Parser['parse']>) {
  const t = cpuUs();
  try {
    return parse.apply(this, rest);
  } finally {
    const spent = cpuUs() - t;
    parseUs += spent;
    if (parses++ === 0) firstParseUs = spent;
  }
} as Parser['parse'];
const matches = Query.prototype.matches;
Query.prototype.matches = function (this: Query, ...rest: Parameters<Query['matches']>) {
  const t = cpuUs();
  try {
    return matches.apply(this, rest);
  } finally {
    queryUs += cpuUs() - t;
  }
} as Query['matches'];

interface Row {
  path: string;
  bytes: number;
  hash: string;
  cpu: number;
  parse: number;
  /** The parses after the file's first (re-parses after errors, of embedded code, without lone macros). */
  reparse: number;
  parses: number;
  query: number;
  parsed: boolean;
  skipped: string | null;
  empty: boolean;
}

const files: { path: string; text: string; bytes: number; hash: string }[] = [];
for await (const full of filesUnder(folder)) {
  const path = relative(folder, full).split('\\').join('/');
  if (!languageForPath(path)) continue;
  const buffer = await readFile(full);
  files.push({
    path,
    text: buffer.toString('utf8'),
    bytes: buffer.length,
    hash: createHash('sha1').update(buffer).digest('hex'),
  });
}
const analyzer = await StructuralAnalyzer.create(nodeGrammars);
let rows: Row[] = [];
for (let pass = 0; pass < passes; pass++) {
  rows = [];
  for (const f of files) {
    parseUs = 0;
    queryUs = 0;
    parses = 0;
    firstParseUs = 0;
    const t = cpuUs();
    const a = await analyzer.analyzeAsync(f.path, f.text);
    const cpu = cpuUs() - t;
    rows.push({
      path: f.path,
      bytes: f.bytes,
      hash: f.hash,
      cpu,
      parse: parseUs,
      reparse: parseUs - firstParseUs,
      parses,
      query: queryUs,
      parsed: a.parsed,
      skipped: a.parsed ? null : (a.parseError ?? 'no language'),
      empty: a.definitions.length + a.references.length + a.imports.length === 0,
    });
  }
  console.error(`pass ${pass}: ${(rows.reduce((s, r) => s + r.cpu, 0) / 1e6).toFixed(2)} CPU-s`);
}

const sum = (rs: Row[], k: 'cpu' | 'parse' | 'reparse' | 'query' | 'bytes' = 'cpu'): number =>
  rs.reduce((s, r) => s + r[k], 0);
const total = sum(rows);
const totalBytes = sum(rows, 'bytes');
const pct = (x: number, of = total): string => `${((100 * x) / of).toFixed(1)} %`;
const line = (label: string, rs: Row[]): void =>
  console.log(
    `| ${label} | ${rs.length} | ${(sum(rs, 'bytes') / 1e6).toFixed(2)} MB (${pct(sum(rs, 'bytes'), totalBytes)}) | ` +
      `${(sum(rs) / 1e6).toFixed(2)} s (${pct(sum(rs))}) | ${(sum(rs, 'parse') / 1e6).toFixed(2)} | ${(sum(rs, 'reparse') / 1e6).toFixed(2)} | ${(sum(rs, 'query') / 1e6).toFixed(2)} |`,
  );

console.log(`\n${folder}: ${rows.length} files, ${(totalBytes / 1e6).toFixed(2)} MB; last of ${passes} passes\n`);
console.log('| files | count | bytes | CPU | parse CPU-s | of which re-parses | query CPU-s |');
console.log('|---|---|---|---|---|---|---|');
line('all', rows);
const byCpu = [...rows].sort((a, b) => b.cpu - a.cpu);
line('costliest 1 %', byCpu.slice(0, Math.ceil(rows.length / 100)));
line('costliest 5 %', byCpu.slice(0, Math.ceil(rows.length / 20)));
const bySize = [...rows].sort((a, b) => b.bytes - a.bytes);
line('largest 1 % by bytes', bySize.slice(0, Math.ceil(rows.length / 100)));
line('largest 5 % by bytes', bySize.slice(0, Math.ceil(rows.length / 20)));
line(
  '.d.ts / .d.cts / .d.mts',
  rows.filter((r) => /\.d\.[cm]?ts$/.test(r.path)),
);
line(
  '.min.js',
  rows.filter((r) => /\.min\.[cm]?js$/.test(r.path)),
);
line(
  'not parsed (skipped)',
  rows.filter((r) => !r.parsed),
);
line(
  'parsed, nothing found',
  rows.filter((r) => r.parsed && r.empty),
);
const seen = new Set<string>();
const copies = rows.filter((r) => (seen.has(r.hash) ? true : (seen.add(r.hash), false)));
line('byte-identical copy (after the first)', copies);
line(
  'parsed more than once',
  rows.filter((r) => r.parses > 1),
);
for (const ext of [...new Set(rows.map((r) => r.path.replace(/^.*?((\.d)?\.[a-z]+)$/, '$1')))])
  line(
    `extension ${ext}`,
    rows.filter((r) => r.path.endsWith(ext) && (ext.startsWith('.d.') || !/\.d\.[cm]?ts$/.test(r.path))),
  );
const top = (r: Row): string => r.path.split('/')[0];
for (const pkg of [...new Set(rows.map(top))])
  line(
    `package ${pkg}`,
    rows.filter((r) => top(r) === pkg),
  );
for (const [lo, hi] of [
  [0, 1e3],
  [1e3, 1e4],
  [1e4, 1e5],
  [1e5, 1e9],
])
  line(
    `${lo / 1e3}–${hi / 1e3} kB`,
    rows.filter((r) => r.bytes >= lo && r.bytes < hi),
  );
const reasons = new Map<string, number>();
for (const r of rows)
  if (r.skipped)
    reasons.set(r.skipped.replace(/\d[\d.]*/g, 'N'), (reasons.get(r.skipped.replace(/\d[\d.]*/g, 'N')) ?? 0) + 1);
console.log('\nskip reasons:', [...reasons].map(([k, v]) => `${v} × ${k}`).join('; ') || 'none');
console.log(`\ncostliest ${topN}:`);
for (const r of byCpu.slice(0, topN))
  console.log(
    `${(r.cpu / 1e3).toFixed(0).padStart(6)} ms (parse ${(r.parse / 1e3).toFixed(0)} in ${r.parses}, query ${(r.query / 1e3).toFixed(0)}) ${(r.bytes / 1e3).toFixed(0).padStart(5)} kB ${r.path}`,
  );
