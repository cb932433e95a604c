/**
 * `npm run model`: builds Fourfold's bundled local embedding model, fourfold-code-mini.
 *
 * A real (small) model learned from real code, not random weights:
 *  1. `npm pack` a pinned list of npm packages into a work folder (FOURFOLD_MODEL_WORKDIR,
 *     default /tmp/semantic) and read their JS/TS/Python/Markdown sources; lines already
 *     seen are dropped so a package's three bundles of the same code count once.
 *  2. Split identifiers into sub-tokens with the model's own tokenizer (model-tokenizer.ts);
 *     the vocabulary is the most frequent words found in at least two packages.
 *  3. Count sub-token co-occurrences in a ±WINDOW token window (weighted 1/distance), turn
 *     them into positive PMI with context-distribution smoothing (Levy et al. 2015), and take
 *     a rank-DIMENSIONS randomized SVD: word vectors U·S^SINGULAR_VALUE_POWER.
 *  4. Row-normalise, weight each word by SIF a/(a + p(word)) so "the"/"return"/"const" fade
 *     in a mean, project out the common direction of training passages (linear, so it can be
 *     baked into the rows), and apply a seeded random rotation so every dimension carries
 *     a similar share of variance: the sign bits of the pooled vector are then informative.
 *  5. Quantise rows to int8 (one scale per row) and write onnx/model_quantized.onnx,
 *     config.json, tokenizer.json, tokenizer_config.json and README.md.
 * Deterministic: pinned versions, sorted file order, fixed seed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONTINUATION_PREFIX,
  SPECIAL_TOKENS,
  buildVocabulary,
  preTokenize,
  tokenizerConfigJson,
  tokenizerJson,
  wordPiece,
} from './model-tokenizer';
import { type CsrMatrix, SeededRandom, denseTimes, randomRotation, randomizedSvd, symmetricEigen } from './model-linalg';
import { encodeEmbeddingGraph } from './model-onnx';

export const MODEL_NAME = 'fourfold-code-mini';

/** Training packages, pinned. rxjs, zod, lodash(-es) and three are kept out: they are evaluation repositories. */
export const TRAINING_PACKAGES = [
  'commander@14.0.3', 'yargs@18.2.0', 'yargs-parser@22.0.0', 'minimist@1.2.8', 'meow@14.1.0', 'cac@7.1.0',
  'arg@5.0.2', 'chalk@5.6.2', 'ora@9.4.1', 'express@5.3.0', 'koa@3.3.0', 'fastify@5.12.8', 'http-proxy@1.18.1',
  'ws@8.23.0', 'undici@7.30.2', 'axios@1.21.1', 'node-fetch@3.3.2', 'superagent@10.4.2', 'body-parser@2.4.0',
  'cookie@1.1.1', 'cors@2.8.6', 'helmet@8.3.0', 'morgan@1.12.1', 'express-session@1.19.0', 'multer@2.5.0',
  'busboy@1.6.0', 'jsonwebtoken@9.0.3', 'passport@0.7.0', 'passport-local@1.0.0', 'passport-oauth2@1.8.0',
  'oauth@0.10.2', 'bcryptjs@3.0.3', 'jose@6.2.18', 'pg@8.23.1', 'mysql@2.18.1', 'knex@3.3.0', 'sequelize@6.37.8',
  'ioredis@6.0.0', 'lru-cache@11.5.3', 'keyv@5.6.0', 'acorn@8.19.0', 'esprima@4.0.1', 'espree@11.2.0',
  '@babel/parser@7.29.15', 'marked@18.2.1', 'markdown-it@15.0.3', 'yaml@2.9.1', 'js-yaml@5.5.0', 'csv-parse@7.0.3',
  'papaparse@5.7.1', 'htmlparser2@12.0.0', 'cheerio@1.2.0', 'xml2js@0.6.2', 'sax@1.6.1', 'postcss@8.5.33',
  'semver@7.8.6', 'glob@14.0.6', 'minimatch@11.0.9', 'micromatch@4.0.8', 'chokidar@5.0.0', 'fs-extra@11.4.1',
  'rimraf@6.1.4', 'mkdirp@3.0.1', 'tar@7.5.23', 'archiver@8.0.0', 'jszip@3.10.2', 'pako@3.0.3', 'uuid@14.0.3',
  'nanoid@5.1.16', 'debug@4.4.3', 'dotenv@18.0.10', 'async@3.2.6', 'bluebird@3.7.2', 'eventemitter3@5.0.4',
  'immutable@5.2.1', 'ramda@0.32.0', 'underscore@1.13.8', 'dayjs@1.11.23', 'moment@2.31.0', 'luxon@3.7.2',
  'validator@13.15.35', 'joi@18.3.2', 'ajv@8.20.0', 'yup@1.7.1', 'winston@3.19.0', 'pino@10.4.0',
  'handlebars@4.7.10', 'ejs@7.0.2', 'mustache@4.2.0', 'nodemailer@10.6.1', 'socket.io@4.8.4', 'engine.io@6.6.13',
  'mocha@12.0.3', 'chai@6.3.0', 'sinon@22.1.0', 'eslint@10.15.0', 'webpack@5.113.0', 'rollup@4.68.8',
  'vue@3.5.45', 'preact@11.2.0', 'svelte@5.57.3', 'node-gyp@12.4.0', 'typescript@7.0.2',
];

// ---- Model shape and learning constants --------------------------------------------------
/** Whole-word vocabulary size (plus 4 specials, 36 fallback characters, 36 `##` pieces). */
const VOCAB_WORDS = 20_000;
/** A word must occur in this many packages: keeps one package's private names out. */
const MIN_PACKAGES_PER_WORD = 2;
/** …and this many times: base64 and hash fragments repeated in two packages stay out. */
const MIN_WORD_COUNT = 5;
/** Co-occurrence columns: the most frequent words serve as contexts. */
const CONTEXT_WORDS = 6_000;
/** Tokens each side counted as co-occurring, weighted 1/distance. */
const WINDOW = 8;
/** Context distribution smoothing exponent for PPMI (0.75 as in word2vec / Levy et al.). */
const CONTEXT_SMOOTHING = 0.75;
/** Weighted co-occurrence below this is noise and is dropped before PMI. */
const MIN_COOCCURRENCE = 0.5;
/** Output dimensions = bits of the binary vector. */
export const DIMENSIONS = 256;
const SVD_OVERSAMPLE = 24;
const SVD_POWER_ITERATIONS = 2;
/** Word vector = U · S^p; 0.5 is the symmetric split that works best for similarity. */
const SINGULAR_VALUE_POWER = 0.5;
/** SIF weight a/(a + p(w)) (Arora et al. 2017): a word with frequency p ≫ a barely moves the mean. */
const SIF_A = 1e-3;
/** Training passages (token spans) used to find the common direction that is projected out. */
const PASSAGE_TOKENS = 200;
const COMMON_DIRECTIONS_REMOVED = 1;
/** Tokens the tokenizer keeps (transformers.js truncates longer inputs). */
export const MAX_TOKENS = 512;
const SEED = 0x0f0f_2025;

// ---- Source selection --------------------------------------------------------------------
const SOURCE_EXTENSIONS = /\.(?:[cm]?js|jsx|[cm]?ts|tsx|py|md|markdown)$/;
const SKIPPED_FILES = /(?:\.min\.|\.map$|(?:^|\/)CHANGELOG|(?:^|\/)(?:LICENSE|HISTORY))/i;
const MAX_FILE_BYTES = 1_500_000;
const MAX_PACKAGE_BYTES = 8_000_000;
/** Files whose lines average more than this are minified bundles. */
const MAX_AVERAGE_LINE = 160;
/** Only lines at least this long are deduplicated (short ones like `}` repeat legitimately). */
const DEDUPE_MIN_LINE = 16;

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (m: string) => console.log(`[model ${(performance.now() / 1000).toFixed(1)}s] ${m}`);

interface PackageSource {
  spec: string;
  tarball: string;
  integrity: string;
  files: number;
  bytes: number;
}

function tarballName(spec: string): string {
  const at = spec.lastIndexOf('@');
  const name = spec.slice(0, at).replace(/^@/, '').replace('/', '-');
  return `${name}-${spec.slice(at + 1)}.tgz`;
}

function fetchAndUnpack(workDir: string): { spec: string; dir: string; tarball: string; integrity: string }[] {
  const tgzDir = join(workDir, 'tgz');
  const srcDir = join(workDir, 'src');
  mkdirSync(tgzDir, { recursive: true });
  mkdirSync(srcDir, { recursive: true });
  const missing = TRAINING_PACKAGES.filter((s) => !existsSync(join(tgzDir, tarballName(s))));
  if (missing.length > 0) {
    log(`npm pack ${missing.length} package(s) into ${tgzDir}`);
    execFileSync('npm', ['pack', ...missing], { cwd: tgzDir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return TRAINING_PACKAGES.map((spec) => {
    const tarball = tarballName(spec);
    const dir = join(srcDir, tarball.replace(/\.tgz$/, ''));
    if (!existsSync(dir)) {
      mkdirSync(dir, { recursive: true });
      execFileSync('tar', ['xzf', join(tgzDir, tarball), '-C', dir]);
    }
    const integrity = 'sha512-' + createHash('sha512').update(readFileSync(join(tgzDir, tarball))).digest('base64');
    return { spec, dir, tarball, integrity };
  });
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) {
        if (name !== 'node_modules') walk(p);
      } else if (SOURCE_EXTENSIONS.test(name) && !SKIPPED_FILES.test(relative(dir, p)) && st.size <= MAX_FILE_BYTES) {
        out.push(p);
      }
    }
  };
  walk(dir);
  return out;
}

/** 53-bit string hash (cyrb53): line dedupe needs no cryptographic strength. */
function hash53(s: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Reads every package's sources, minus minified files and lines seen before. */
function readCorpus(packages: ReturnType<typeof fetchAndUnpack>): { texts: string[][]; sources: PackageSource[] } {
  const seenLines = new Set<number>();
  const texts: string[][] = [];
  const sources: PackageSource[] = [];
  for (const pkg of packages) {
    const kept: string[] = [];
    let bytes = 0;
    for (const file of listFiles(pkg.dir)) {
      if (bytes >= MAX_PACKAGE_BYTES) break;
      const raw = readFileSync(file, 'utf8');
      const lines = raw.split('\n');
      if (raw.length / Math.max(lines.length, 1) > MAX_AVERAGE_LINE) continue;
      const keptLines: string[] = [];
      for (const line of lines) {
        const t = line.trim();
        if (t.length >= DEDUPE_MIN_LINE) {
          const h = hash53(t);
          if (seenLines.has(h)) continue;
          seenLines.add(h);
        }
        keptLines.push(line);
      }
      const text = keptLines.join('\n');
      bytes += text.length;
      kept.push(text);
    }
    texts.push(kept);
    sources.push({ spec: pkg.spec, tarball: pkg.tarball, integrity: pkg.integrity, files: kept.length, bytes });
  }
  return { texts, sources };
}

function chooseVocabulary(texts: string[][]): string[] {
  const count = new Map<string, number>();
  const packages = new Map<string, number>();
  const lastPackage = new Map<string, number>();
  texts.forEach((files, pi) => {
    for (const text of files) {
      for (const w of preTokenize(text)) {
        count.set(w, (count.get(w) ?? 0) + 1);
        if (lastPackage.get(w) !== pi) {
          lastPackage.set(w, pi);
          packages.set(w, (packages.get(w) ?? 0) + 1);
        }
      }
    }
  });
  const eligible = [...count.entries()].filter(
    ([w, n]) => n >= MIN_WORD_COUNT && packages.get(w)! >= MIN_PACKAGES_PER_WORD && w.length <= 30 && !/^[0-9]{3,}$/.test(w) && !/^[0-9]+[a-z]/.test(w),
  );
  eligible.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  log(`${count.size} distinct words, ${eligible.length} seen ≥${MIN_WORD_COUNT} times in ≥${MIN_PACKAGES_PER_WORD} packages`);
  return eligible.slice(0, VOCAB_WORDS).map(([w]) => w);
}

/** Token ids of each file, with [UNK] and `##` pieces dropped (their vectors are zero anyway). */
function tokenizeCorpus(texts: string[][], vocab: Map<string, number>, firstPiece: number): Int32Array[] {
  const unk = vocab.get('[UNK]')!;
  const streams: Int32Array[] = [];
  const ids: number[] = [];
  for (const files of texts) {
    for (const text of files) {
      ids.length = 0;
      for (const w of preTokenize(text)) wordPiece(w, vocab, unk, ids);
      streams.push(Int32Array.from(ids.filter((id) => id >= SPECIAL_TOKENS.length && id < firstPiece)));
    }
  }
  return streams;
}

function ppmiMatrix(streams: Int32Array[], vocabSize: number, contextOf: Int32Array, contexts: number): CsrMatrix {
  const counts = new Float32Array(vocabSize * contexts);
  for (const s of streams) {
    for (let i = 0; i < s.length; i++) {
      const a = s[i];
      const ca = contextOf[a];
      const end = Math.min(s.length, i + WINDOW + 1);
      for (let j = i + 1; j < end; j++) {
        const b = s[j];
        const w = 1 / (j - i);
        const cb = contextOf[b];
        if (cb >= 0) counts[a * contexts + cb] += w;
        if (ca >= 0) counts[b * contexts + ca] += w;
      }
    }
  }
  const rowSum = new Float64Array(vocabSize);
  const colSum = new Float64Array(contexts);
  for (let r = 0; r < vocabSize; r++) {
    for (let c = 0; c < contexts; c++) {
      const v = counts[r * contexts + c];
      rowSum[r] += v;
      colSum[c] += v;
    }
  }
  let smoothedTotal = 0;
  for (let c = 0; c < contexts; c++) smoothedTotal += colSum[c] ** CONTEXT_SMOOTHING;
  const rowStart = new Uint32Array(vocabSize + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  for (let r = 0; r < vocabSize; r++) {
    for (let c = 0; c < contexts; c++) {
      const v = counts[r * contexts + c];
      if (v < MIN_COOCCURRENCE) continue;
      const pmi = Math.log(v / (rowSum[r] * (colSum[c] ** CONTEXT_SMOOTHING / smoothedTotal)));
      if (pmi > 0) {
        cols.push(c);
        vals.push(pmi);
      }
    }
    rowStart[r + 1] = cols.length;
  }
  return { rows: vocabSize, cols: contexts, rowStart, colIndex: Uint32Array.from(cols), values: Float32Array.from(vals) };
}

/** The model as the pipeline computes it: mean of rows, normalised (for passage statistics). */
function passageVector(table: Float64Array, dims: number, ids: ArrayLike<number>, from: number, to: number): Float64Array {
  const v = new Float64Array(dims);
  for (let i = from; i < to; i++) {
    const o = ids[i] * dims;
    for (let d = 0; d < dims; d++) v[d] += table[o + d];
  }
  const n = Math.hypot(...v);
  if (n > 0) for (let d = 0; d < dims; d++) v[d] /= n;
  return v;
}

function main(): void {
  const workDir = process.env.FOURFOLD_MODEL_WORKDIR ?? '/tmp/semantic';
  const outDir = join(repoRoot, 'public', 'models', MODEL_NAME);
  const random = new SeededRandom(SEED);

  const packages = fetchAndUnpack(workDir);
  const { texts, sources } = readCorpus(packages);
  const totalBytes = sources.reduce((s, p) => s + p.bytes, 0);
  log(`read ${sources.reduce((s, p) => s + p.files, 0)} files, ${(totalBytes / 1e6).toFixed(1)} MB from ${sources.length} packages`);

  const words = chooseVocabulary(texts);
  const vocabulary = buildVocabulary(words);
  const vocab = new Map(vocabulary.map((t, i) => [t, i]));
  const firstPiece = vocabulary.findIndex((t) => t.startsWith(CONTINUATION_PREFIX));
  const V = vocabulary.length;
  const streams = tokenizeCorpus(texts, vocab, firstPiece);
  const tokenCount = new Float64Array(V);
  let totalTokens = 0;
  for (const s of streams) for (const id of s) (tokenCount[id]++, totalTokens++);
  log(`vocabulary ${V} tokens; ${totalTokens} training tokens`);

  const contextOf = new Int32Array(V).fill(-1);
  for (let c = 0; c < CONTEXT_WORDS; c++) contextOf[SPECIAL_TOKENS.length + c] = c;
  const ppmi = ppmiMatrix(streams, V, contextOf, CONTEXT_WORDS);
  log(`PPMI ${V}×${CONTEXT_WORDS}, ${ppmi.values.length} positive entries`);

  const { u, singularValues } = randomizedSvd(ppmi, DIMENSIONS, {
    oversample: SVD_OVERSAMPLE,
    powerIterations: SVD_POWER_ITERATIONS,
    random,
    log,
  });
  log(`SVD done; σ1=${singularValues[0].toFixed(1)} σ${DIMENSIONS}=${singularValues[DIMENSIONS - 1].toFixed(1)}`);

  // Word vectors: U·S^p, unit rows, SIF-weighted. Specials and `##` pieces stay zero.
  const D = DIMENSIONS;
  const table = new Float64Array(V * D);
  for (let r = 0; r < V; r++) {
    if (r < SPECIAL_TOKENS.length || r >= firstPiece || tokenCount[r] === 0) continue;
    let norm = 0;
    for (let d = 0; d < D; d++) {
      const x = u[r * D + d] * singularValues[d] ** SINGULAR_VALUE_POWER;
      table[r * D + d] = x;
      norm += x * x;
    }
    const weight = SIF_A / (SIF_A + tokenCount[r] / totalTokens);
    const scale = norm > 0 ? weight / Math.sqrt(norm) : 0;
    for (let d = 0; d < D; d++) table[r * D + d] *= scale;
  }

  // Project out the dominant direction(s) of passage vectors (SIF's common component).
  const passages: Float64Array[] = [];
  for (const s of streams) for (let i = 0; i + PASSAGE_TOKENS <= s.length; i += PASSAGE_TOKENS * 4) passages.push(passageVector(table, D, s, i, i + PASSAGE_TOKENS));
  const second = new Float64Array(D * D);
  for (const p of passages) for (let i = 0; i < D; i++) for (let j = 0; j < D; j++) second[i * D + j] += p[i] * p[j];
  const { vectors } = symmetricEigen(second, D);
  for (let k = 0; k < COMMON_DIRECTIONS_REMOVED; k++) {
    for (let r = 0; r < V; r++) {
      let dot = 0;
      for (let d = 0; d < D; d++) dot += table[r * D + d] * vectors[d * D + k];
      for (let d = 0; d < D; d++) table[r * D + d] -= dot * vectors[d * D + k];
    }
  }
  log(`removed ${COMMON_DIRECTIONS_REMOVED} common direction(s) found over ${passages.length} passages`);

  const rotated = denseTimes(table, V, D, randomRotation(D, random), D);

  // int8 rows with one scale each.
  const q = new Int8Array(V * D);
  const rowScale = new Float32Array(V);
  for (let r = 0; r < V; r++) {
    let max = 0;
    for (let d = 0; d < D; d++) max = Math.max(max, Math.abs(rotated[r * D + d]));
    if (max === 0) continue;
    rowScale[r] = max / 127;
    for (let d = 0; d < D; d++) q[r * D + d] = Math.round(rotated[r * D + d] / rowScale[r]);
  }

  const bitBalance = measureBitBalance(q, rowScale, D, streams);
  log(`bit balance over passages: mean |P(bit=1) − 0.5| = ${bitBalance.toFixed(3)}`);

  mkdirSync(join(outDir, 'onnx'), { recursive: true });
  const onnx = encodeEmbeddingGraph({
    table: q,
    rowScale,
    vocabSize: V,
    dimensions: D,
    docString: `${MODEL_NAME}: PPMI-SVD sub-token embeddings learned by scripts/make-local-model.ts`,
  });
  writeFileSync(join(outDir, 'onnx', 'model_quantized.onnx'), onnx);
  writeFileSync(join(outDir, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocabulary)));
  writeFileSync(join(outDir, 'tokenizer_config.json'), JSON.stringify(tokenizerConfigJson(MAX_TOKENS), null, 2) + '\n');
  writeFileSync(join(outDir, 'config.json'), JSON.stringify(configJson(V), null, 2) + '\n');
  writeFileSync(join(outDir, 'README.md'), readme(sources, V, words.length, totalTokens, ppmi.values.length, onnx.length, bitBalance));
  log(`wrote ${outDir} (onnx ${(onnx.length / 1e6).toFixed(2)} MB)`);
}

/** How far each output bit is from a fair coin over training passages (0 = perfectly balanced). */
function measureBitBalance(q: Int8Array, rowScale: Float32Array, D: number, streams: Int32Array[]): number {
  const ones = new Float64Array(D);
  let n = 0;
  for (const s of streams) {
    for (let i = 0; i + PASSAGE_TOKENS <= s.length; i += PASSAGE_TOKENS * 8) {
      const v = new Float64Array(D);
      for (let t = i; t < i + PASSAGE_TOKENS; t++) for (let d = 0; d < D; d++) v[d] += q[s[t] * D + d] * rowScale[s[t]];
      for (let d = 0; d < D; d++) if (v[d] > 0) ones[d]++;
      n++;
    }
  }
  let dev = 0;
  for (let d = 0; d < D; d++) dev += Math.abs(ones[d] / n - 0.5);
  return dev / D;
}

function configJson(vocabSize: number): object {
  return {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: DIMENSIONS,
    vocab_size: vocabSize,
    max_position_embeddings: MAX_TOKENS,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    intermediate_size: DIMENSIONS,
    type_vocab_size: 2,
    pad_token_id: 0,
    'transformers.js_config': { dtype: 'q8' },
  };
}

function readme(sources: PackageSource[], V: number, wordCount: number, tokens: number, nnz: number, onnxBytes: number, bitBalance: number): string {
  const rows = sources.map((s) => `| ${s.spec} | ${s.files} | ${(s.bytes / 1000).toFixed(0)} kB | \`${s.integrity.slice(0, 30)}…\` |`);
  return `# ${MODEL_NAME}

Fourfold's bundled local embedding model: 256-dimensional sub-token vectors learned from
real code by \`scripts/make-local-model.ts\` (\`npm run model\`), packaged so that
transformers.js loads it with \`pipeline('feature-extraction', '${MODEL_NAME}', { dtype: 'q8' })\`
and no network access. Generated file; do not edit by hand.

## Files

| file | what |
| --- | --- |
| \`onnx/model_quantized.onnx\` | ${(onnxBytes / 1e6).toFixed(2)} MB. BERT-shaped signature (\`input_ids\`, \`attention_mask\`, \`token_type_ids\` → \`last_hidden_state\`), body = int8 token table × per-row scale (Gather, Cast, Gather, Mul; opset 13). Loaded as dtype \`q8\` in Node and in the browser. |
| \`tokenizer.json\` | WordPiece over ${V} tokens: 4 specials, ${wordCount} words, the 36 characters [a-z0-9] (when not already words), 36 \`##\` characters. Normalizer splits camelCase/PascalCase humps and letter/digit boundaries, then lower-cases; the pre-tokenizer keeps runs of \`[a-z0-9]\`. |
| \`tokenizer_config.json\` | \`BertTokenizer\`, model_max_length ${MAX_TOKENS}. |
| \`config.json\` | \`model_type: bert\`, hidden_size ${DIMENSIONS}. |

## How it was learned

- ${tokens.toLocaleString('en-US')} training tokens from the packages below (JS/TS/Python/Markdown files; minified files skipped; lines already seen in an earlier file dropped so duplicate bundles count once; at most ${MAX_PACKAGE_BYTES / 1e6} MB per package).
- Vocabulary: the most frequent sub-tokens (at most ${VOCAB_WORDS}) seen ≥ ${MIN_WORD_COUNT} times in ≥ ${MIN_PACKAGES_PER_WORD} packages: ${wordCount} words.
- Co-occurrence within ±${WINDOW} tokens weighted 1/distance, against the ${CONTEXT_WORDS} most frequent words; positive PMI with context smoothing ${CONTEXT_SMOOTHING} (${nnz.toLocaleString('en-US')} positive cells).
- Randomized SVD (rank ${DIMENSIONS}, oversampling ${SVD_OVERSAMPLE}, ${SVD_POWER_ITERATIONS} power iterations, seed ${SEED}); word vector = U·S^${SINGULAR_VALUE_POWER}, unit length, times the SIF weight a/(a + p(word)) with a = ${SIF_A}.
- The dominant direction of ${PASSAGE_TOKENS}-token training passages is projected out, then a seeded random rotation spreads variance over all dimensions so sign bits are informative (mean |P(bit=1) − 0.5| over training passages: ${bitBalance.toFixed(3)}).
- Special tokens and \`##\` pieces have zero vectors: they do not move the mean-pooled direction.

Sentence vector = mean pooling over tokens + L2 normalisation (done by transformers.js), then 1 bit per dimension (sign).

## What it can and cannot do

It captures **lexical co-occurrence** in code and its comments. Nearest words (cosine,
among the 5,000 most frequent; \`npx tsx scripts/model-eval.ts --neighbours WORD\`):
"auth" → username, oauth, password, authentication, bearer, credentials; "argv" →
positional, cli, command, arg, args; "websocket" → socket, pong, ping, handshake, upgrade;
"color" → rgb, colors, background, border, alpha. So a query about "parse command line arguments" finds an
argument parser that says \`args\`, \`opts\` and \`alias\`. Identifiers are split, so
\`parseArgs\`, \`parse_args\` and "parse args" mean the same.

It does **not** understand code: word order, control flow, data flow and negation are
invisible (a bag of sub-tokens); it knows nothing of words outside its vocabulary (rare
words fall back to their longest known prefix); it has seen mostly JavaScript/TypeScript
(some Python from node-gyp) and English comments. It is a fast, offline, honest baseline;
Voyage \`voyage-code-3\` is the real semantic model.

## Training packages (npm, pinned)

| package | files | text used | tarball sha512 |
| --- | --- | --- | --- |
${rows.join('\n')}
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
