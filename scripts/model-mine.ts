/**
 * Model pipeline step 2 — mine pairs: `npx tsx scripts/model-mine.ts`
 *
 * Reads .cache/model/fetch.json, parses every package's sources with Fourfold's own
 * tree-sitter analyzer (src/engine/structural) and turns each documented definition into a
 * (doc sentence, code) pair (scripts/model-pairs.ts). npm packages whose docs live only in
 * `.d.ts` files get those docs paired with the implementation of the same name.
 * Then: exact duplicate bodies and over-used doc sentences are dropped, near-duplicate
 * bodies are found with MinHash (Jaccard of token 3-shingles ≥ NEAR_DUPLICATE_JACCARD), and
 * each package is capped at MAX_PAIRS_PER_PACKAGE (a seeded sample). Per-package results
 * are cached in .cache/model/mined/; parsing runs in MINE_PROCESSES processes.
 * Writes .cache/model/pairs.jsonl and .cache/model/mine.json (counts at every stage).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Definition } from '../src/engine/contract';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { languageForFile, languageForPath } from '../src/engine/structural/grammars';
import { nodeGrammars } from '../src/node/grammars';
import {
  MODEL_CACHE,
  type FetchManifest,
  type FetchedPackage,
  type Pair,
  type PairLanguage,
  logStep,
  runMain,
  writeJson,
} from './model-cache';
import {
  blankComments,
  codeText,
  codeTokens,
  commentSyntax,
  docViews,
  lastCDocBlock,
  MIN_CODE_CHARS,
} from './model-pairs';

/** Bump when extraction changes: the per-package cache is keyed by it. */
const MINER_VERSION = 4;
const MINE_PROCESSES = 2;
export const MAX_PAIRS_PER_PACKAGE = 300;
/** A doc sentence may pair with this many different bodies over all packages ("Creates a new instance."). */
const MAX_PAIRS_PER_SENTENCE = 2;
export const NEAR_DUPLICATE_JACCARD = 0.8;
const MINHASH_BANDS = 16;
const MINHASH_ROWS = 4;
const MAX_FILE_BYTES = 1_000_000;
/** Source bytes parsed per package (.d.ts files and src/lib before bundles): bounds the parse time of big packages. */
const MAX_PACKAGE_BYTES = 2_000_000;
const MAX_AVERAGE_LINE = 200;
const DEFINITION_KINDS = new Set([
  'function',
  'method',
  'class',
  'struct',
  'trait',
  'interface',
  'enum',
  'type',
  'macro',
]);
const SKIPPED_PATH =
  /(^|\/)(node_modules|tests?|__tests__|spec|testdata|test_data|fixtures?|examples?|benchmarks?|vendor|third_party|docs?)\/|\.min\.|(_test\.go|\.test\.[cm]?[jt]sx?|\.spec\.[cm]?[jt]sx?|(^|\/)test_[^/]*\.py|(^|\/)conftest\.py)$/;

interface MinedPackage {
  key: string;
  pkg: string;
  files: number;
  bytes: number;
  definitions: number;
  documented: number;
  fromDts: number;
  pairs: Pair[];
}

function packageKey(p: FetchedPackage): string {
  return `${p.source}:${p.name}`;
}

function cacheFile(p: FetchedPackage): string {
  return join(
    MODEL_CACHE,
    'mined',
    `${p.source}+${p.name.replace(/[/@]/g, '+')}+${p.version.replace(/[:~]/g, '_')}+v${MINER_VERSION}.json`,
  );
}

/** Source roots inside an unpacked package. */
function roots(p: FetchedPackage): string[] {
  if (p.source !== 'debian') return [p.dir];
  const candidates = {
    go: ['usr/share/gocode/src'],
    rust: ['usr/share/cargo/registry'],
    python: ['usr/lib/python3/dist-packages'],
    ruby: ['usr/share/rubygems-integration/all/gems', 'usr/lib/ruby/vendor_ruby'],
    php: ['usr/share/php'],
    // Headers of lib*-dev, the module sources of *-dkms.
    c: ['usr/include', 'usr/src'],
  }[p.language!];
  return candidates.map((c) => join(p.dir, c)).filter((d) => existsSync(d));
}

function listSources(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const st = statSync(full, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(full);
      else if (st.isFile() && st.size <= MAX_FILE_BYTES && languageForPath(name) && !/\.(json|pyi)$/.test(name))
        out.push(full);
    }
  };
  walk(root);
  // Declarations first (their docs pair with implementations), bundles last (they repeat src/).
  const rank = (f: string) => {
    if (/\.d\.[cm]?ts$/.test(f)) return 0;
    return /\/(dist|umd|bundles?|build|cjs|esm)\//.test(f) ? 2 : 1;
  };
  return out.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
}

/**
 * The language's doc-comment convention, not any comment above a definition: `/**` in
 * JS/TS (a `//` above a function is usually a note) and PHP (PHPDoc), `///` or `/**` in
 * Rust, `//` in Go (godoc), the docstring in Python, `#` lines in Ruby (RDoc and YARD read
 * every comment above a method), and in C a Doxygen block (`/**`, `/*!`, `///`, `//!`) that
 * the comments end with (a plain `/* … *\/` above a function is as often a note as a doc).
 */
export function isDocComment(doc: string, language: PairLanguage): boolean {
  const t = doc.trimStart();
  if (language === 'javascript' || language === 'typescript' || language === 'php') return t.startsWith('/**');
  if (language === 'rust') return t.startsWith('///') || t.startsWith('/**');
  if (language === 'python') return /^[rRuU]?("{3}|'{3})/.test(t);
  if (language === 'ruby') return t.startsWith('#') && !t.startsWith('#!');
  if (language === 'c') return lastCDocBlock(doc) !== null;
  return t.startsWith('//') || t.startsWith('/*');
}

/** The pair language of a path; C++ headers (`.h` read as C++) and sources are not mined. */
export function pairLanguage(path: string): PairLanguage | null {
  const l = languageForPath(path);
  if (l === 'tsx') return 'typescript';
  return l === 'javascript' ||
    l === 'typescript' ||
    l === 'python' ||
    l === 'go' ||
    l === 'rust' ||
    l === 'ruby' ||
    l === 'php' ||
    l === 'c'
    ? l
    : null;
}

/** The pair a definition's doc (its own, or its .d.ts declaration's) makes with its code: none when the doc has no sentence or the code is too short. */
function docPair(
  key: string,
  language: PairLanguage,
  path: string,
  def: Definition,
  blanked: string[],
  doc: string,
): Pair | null {
  const views = docViews(doc, def.name, language);
  if (!views) return null;
  const code = codeText(path, def, blanked);
  if (codeTokens(code).join('').length < MIN_CODE_CHARS) return null;
  return {
    pkg: key,
    language,
    query: views.sentence,
    ...(views.summary ? { summary: views.summary } : {}),
    code,
    name: def.name,
  };
}

/** Parses one package and returns its raw pairs (before any dedupe). */
export function minePackage(analyzer: StructuralAnalyzer, p: FetchedPackage): MinedPackage {
  const key = packageKey(p);
  const result: MinedPackage = {
    key,
    pkg: `${p.name}@${p.version}`,
    files: 0,
    bytes: 0,
    definitions: 0,
    documented: 0,
    fromDts: 0,
    pairs: [],
  };
  const dtsDocs = new Map<string, string>();
  const undocumented: { path: string; def: Definition; blanked: string[]; language: PairLanguage }[] = [];
  for (const root of roots(p)) {
    for (const file of listSources(root)) {
      const path = relative(root, file)
        .split('\\')
        .join('/')
        .replace(/^package\//, '');
      if (SKIPPED_PATH.test(path)) continue;
      const language = pairLanguage(path);
      if (!language) continue;
      if (result.bytes >= MAX_PACKAGE_BYTES) break;
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n');
      if (text.length / Math.max(lines.length, 1) > MAX_AVERAGE_LINE) continue;
      if (language === 'c' && languageForFile(path, text) !== 'c') continue;
      result.files++;
      result.bytes += text.length;
      const analysis = analyzer.analyze(path, text);
      const isDts = /\.d\.[cm]?ts$/.test(path);
      let blanked: string[] | null = null;
      for (const def of analysis.definitions) {
        if (!DEFINITION_KINDS.has(def.kind)) continue;
        result.definitions++;
        if (isDts) {
          if (def.doc && isDocComment(def.doc, language))
            dtsDocs.set(def.container ? `${def.container}.${def.name}` : def.name, def.doc);
          continue;
        }
        blanked ??= blankComments(text, commentSyntax(language)).split('\n');
        if (!def.doc) {
          if (language === 'javascript' || language === 'typescript')
            undocumented.push({ path, def, blanked, language });
          continue;
        }
        if (!isDocComment(def.doc, language)) continue;
        const pair = docPair(key, language, path, def, blanked, def.doc);
        if (!pair) continue;
        result.documented++;
        result.pairs.push(pair);
      }
    }
  }
  // Docs only in .d.ts: pair with the implementation of the same (container.)name.
  for (const { path, def, blanked, language } of undocumented) {
    const doc = dtsDocs.get(def.container ? `${def.container}.${def.name}` : def.name);
    if (!doc) continue;
    const pair = docPair(key, language, path, def, blanked, doc);
    if (!pair) continue;
    result.fromDts++;
    result.pairs.push(pair);
  }
  return result;
}

// ---- Dedupe -------------------------------------------------------------------------------

/** 32-bit FNV-1a with a seed. */
function hash32(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h >>> 0;
}

/** MinHash signature over token 3-shingles (MINHASH_BANDS × MINHASH_ROWS values). */
export function minHash(tokens: string[]): Uint32Array {
  const n = MINHASH_BANDS * MINHASH_ROWS;
  const sig = new Uint32Array(n).fill(0xffffffff);
  const shingles = new Set<string>();
  for (let i = 0; i + 2 < tokens.length; i++) shingles.add(`${tokens[i]} ${tokens[i + 1]} ${tokens[i + 2]}`);
  if (shingles.size === 0) shingles.add(tokens.join(' '));
  for (const s of shingles) {
    const base = hash32(s, 0);
    const step = hash32(s, 0x9e3779b9) | 1;
    for (let k = 0; k < n; k++) {
      const v = (base + Math.imul(k, step)) >>> 0;
      const mixed = Math.imul(v ^ (v >>> 16), 0x45d9f3b) >>> 0;
      if (mixed < sig[k]) sig[k] = mixed;
    }
  }
  return sig;
}

export function estimatedJaccard(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let k = 0; k < a.length; k++) if (a[k] === b[k]) same++;
  return same / a.length;
}

/** Seeded order (the same every run): a hash of the text. */
const order = (s: string) => hash32(s, 0x5eed);

export interface DedupeCounts {
  raw: number;
  exactBody: number;
  sentenceOveruse: number;
  nearDuplicate: number;
  capped: number;
  kept: number;
}

/** Exact and near-duplicate removal, then the per-package cap. Input order decides who stays. */
export function dedupePairs(pairs: Pair[], cap = MAX_PAIRS_PER_PACKAGE): { pairs: Pair[]; counts: DedupeCounts } {
  const counts: DedupeCounts = {
    raw: pairs.length,
    exactBody: 0,
    sentenceOveruse: 0,
    nearDuplicate: 0,
    capped: 0,
    kept: 0,
  };
  const bodies = new Set<string>();
  const sentences = new Map<string, number>();
  const buckets = new Map<string, number[]>();
  const signatures: Uint32Array[] = [];
  const survivors: Pair[] = [];
  for (const p of pairs) {
    const tokens = codeTokens(p.code);
    const body = tokens.join(' ');
    if (bodies.has(body)) {
      counts.exactBody++;
      continue;
    }
    const sentence = p.query
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    if ((sentences.get(sentence) ?? 0) >= MAX_PAIRS_PER_SENTENCE) {
      counts.sentenceOveruse++;
      continue;
    }
    const sig = minHash(tokens);
    const keys: string[] = [];
    let duplicate = false;
    for (let b = 0; b < MINHASH_BANDS && !duplicate; b++) {
      const k = `${b}:${Array.from(sig.subarray(b * MINHASH_ROWS, (b + 1) * MINHASH_ROWS)).join(',')}`;
      keys.push(k);
      for (const other of buckets.get(k) ?? []) {
        if (estimatedJaccard(sig, signatures[other]) >= NEAR_DUPLICATE_JACCARD) {
          duplicate = true;
          break;
        }
      }
    }
    if (duplicate) {
      counts.nearDuplicate++;
      continue;
    }
    bodies.add(body);
    sentences.set(sentence, (sentences.get(sentence) ?? 0) + 1);
    const id = signatures.length;
    signatures.push(sig);
    for (const k of keys) {
      let list = buckets.get(k);
      if (!list) buckets.set(k, (list = []));
      list.push(id);
    }
    survivors.push(p);
  }
  const byPackage = new Map<string, Pair[]>();
  for (const p of survivors) {
    let list = byPackage.get(p.pkg);
    if (!list) byPackage.set(p.pkg, (list = []));
    list.push(p);
  }
  const kept: Pair[] = [];
  for (const list of byPackage.values()) {
    if (list.length > cap) {
      counts.capped += list.length - cap;
      list.sort((a, b) => order(a.code) - order(b.code));
    }
    kept.push(...list.slice(0, cap));
  }
  counts.kept = kept.length;
  return { pairs: kept, counts };
}

// ---- Orchestration ------------------------------------------------------------------------

async function mineShard(manifest: FetchManifest, shard: number, shards: number): Promise<void> {
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  const mine = manifest.packages.filter((_, i) => i % shards === shard);
  let done = 0;
  for (const p of mine) {
    const file = cacheFile(p);
    if (!existsSync(file)) await writeJson(file, minePackage(analyzer, p));
    if (++done % 100 === 0) logStep('mine', `shard ${shard}: ${done}/${mine.length} packages`);
  }
  analyzer.dispose();
}

function runShard(shard: number, shards: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--shard', `${shard}/${shards}`],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`mine shard ${shard} exited with ${code}`))));
  });
}

export interface MineReport {
  packages: number;
  packagesWithPairs: number;
  files: number;
  bytes: number;
  definitions: number;
  documented: number;
  fromDts: number;
  byLanguage: Record<string, number>;
  dedupe: DedupeCounts;
  seconds: number;
}

export async function minePairs(): Promise<MineReport> {
  const started = performance.now();
  const manifest = JSON.parse(readFileSync(join(MODEL_CACHE, 'fetch.json'), 'utf8')) as FetchManifest;
  const shardArg = process.argv.indexOf('--shard');
  if (shardArg > 0) {
    const [k, n] = process.argv[shardArg + 1].split('/').map(Number);
    await mineShard(manifest, k, n);
    return null as unknown as MineReport;
  }
  const todo = manifest.packages.filter((p) => !existsSync(cacheFile(p)));
  if (todo.length) {
    logStep('mine', `parsing ${todo.length} package(s) in ${MINE_PROCESSES} processes`);
    await Promise.all(Array.from({ length: MINE_PROCESSES }, (_, k) => runShard(k, MINE_PROCESSES)));
  }
  const mined = manifest.packages.map((p) => JSON.parse(readFileSync(cacheFile(p), 'utf8')) as MinedPackage);
  // Deterministic order that interleaves packages so no package is favoured by the exact dedupe.
  const all = mined.flatMap((m) => m.pairs).sort((a, b) => order(a.pkg + a.code) - order(b.pkg + b.code));
  const { pairs, counts } = dedupePairs(all);
  const byLanguage: Record<string, number> = {};
  for (const p of pairs) byLanguage[p.language] = (byLanguage[p.language] ?? 0) + 1;
  const report: MineReport = {
    packages: mined.length,
    packagesWithPairs: new Set(pairs.map((p) => p.pkg)).size,
    files: mined.reduce((s, m) => s + m.files, 0),
    bytes: mined.reduce((s, m) => s + m.bytes, 0),
    definitions: mined.reduce((s, m) => s + m.definitions, 0),
    documented: mined.reduce((s, m) => s + m.documented, 0),
    fromDts: mined.reduce((s, m) => s + m.fromDts, 0),
    byLanguage,
    dedupe: counts,
    seconds: (performance.now() - started) / 1000,
  };
  await writeFile(join(MODEL_CACHE, 'pairs.jsonl'), pairs.map((p) => JSON.stringify(p)).join('\n') + '\n');
  await writeJson(join(MODEL_CACHE, 'mine.json'), report);
  logStep(
    'mine',
    `${counts.raw} raw pairs → ${counts.kept} kept (${JSON.stringify(byLanguage)}) from ${report.packagesWithPairs} packages`,
  );
  return report;
}

runMain(import.meta.url, minePairs);
