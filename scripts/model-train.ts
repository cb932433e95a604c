/**
 * Model pipeline step 4b — train: `npx tsx scripts/model-train.ts`
 *
 * A static bag-of-sub-tokens encoder, CodeSearchNet's neural bag of words with what the
 * probe in shared/FINDINGS.md found to work:
 *   vector(text, side) = normalise( Σ_tokens weight[side][t] · table[t] )
 * One table shared by both sides (so a query word and the same word in code start, and
 * stay, in one space), one learned scalar weight per token per side (query, document),
 * initialised from inverse document frequency. Loss: symmetric InfoNCE over in-batch
 * negatives at temperature TEMPERATURE; batches are built from groups of GROUP_SIZE pairs of
 * the same package, so every batch carries hard negatives from the same package (same
 * vocabulary, different function): at random, or (opt-in, NEGATIVES) the pairs BM25 or an earlier
 * model finds for a pair's question. Lazy (sparse) Adam; token dropout on the code side.
 * Each example's question is drawn per epoch among the doc sentence, its summary and (opt-in)
 * its typed views (sampleQuery). Early stopping on the held-out packages' MRR@10 (float
 * vectors; with typed views, doc sentences and keyword views averaged: selectionScore); the
 * best epoch is kept.
 * Deterministic: seeded shuffles and initialisation, single-threaded.
 * Reads .cache/model/tokens.{json,bin}; writes .cache/model/weights.bin and train.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MODEL_CACHE, REPO_ROOT, logStep, runMain, writeJson } from './model-cache';
import { loadStaticModel } from '../src/engine/semantic/static-model';
import { SeededRandom } from '../bench/eval/rng';
import { SPECIAL_TOKENS } from './model-tokenizer';
import { baseVocabulary, heldOutPairsByPackage, type TokenizedPairs } from './model-tokenize';

/**
 * Width of the token table (and so of every vector): 256 unless FOURFOLD_MODEL_DIMENSIONS says
 * otherwise (opt-in, for trials of a wider table: keyword questions lean on a token staying apart
 * from its neighbours). A multiple of 32: the index packs the sign bits in 32-bit words and the
 * engine refuses any other width (src/engine/semantic/local.ts).
 */
export const DIMENSIONS = dimensionsSetting(process.env.FOURFOLD_MODEL_DIMENSIONS);
const TEMPERATURE = 0.05;
const BATCH_SIZE = 256;
/** Pairs of one package placed together in a batch: each is a hard negative for the others. */
const GROUP_SIZE = 8;
/**
 * A warm start (FOURFOLD_MODEL_BASE) continues from weights that are already trained, so its
 * steps are scaled down (FOURFOLD_MODEL_LR_SCALE, 1 unless set): a full step moved the shipped
 * model's rows as far as its own first epochs did.
 */
const LR_SCALE = Number(process.env.FOURFOLD_MODEL_LR_SCALE ?? 1);
const LEARNING_RATE = 0.002 * LR_SCALE;
const WEIGHT_LEARNING_RATE = 0.01 * LR_SCALE;
const ADAM_BETA1 = 0.9;
const ADAM_BETA2 = 0.999;
const ADAM_EPSILON = 1e-8;
/** Code tokens dropped at random per example (regularises; the probe overfit after 2 epochs). */
const CODE_TOKEN_DROPOUT = 0.1;
/** Chance that an example's query is the doc's whole summary instead of its first sentence. */
const SUMMARY_VIEW_RATE = 0.3;
/**
 * Chance that an example's query is one of its typed views (content words, a keyword run, the
 * imperative, a question, with the language's name: model-pairs.ts typedViews), drawn
 * uniformly, instead of the sentence or summary: people type short runs of words, and a model
 * that saw only doc sentences as queries ranks those below plain text search. Opt-in
 * (FOURFOLD_MODEL_TYPED_VIEW_RATE=0.5): at 0.5 semantic search alone gained on the understand
 * set but the fused results fell, so the shipped model is trained without them (model card,
 * "Experiments").
 */
const TYPED_VIEW_RATE = Number(process.env.FOURFOLD_MODEL_TYPED_VIEW_RATE ?? 0);
/**
 * Per epoch, a language with fewer training pairs than this has its packages' pairs drawn that
 * many times over (whole repeats, each shuffled anew), so a language added with a few thousand
 * pairs (Ruby, C) is not a few dozen batches among hundreds. 0 (unset): each pair once.
 */
const MIN_LANGUAGE_PAIRS = Number(process.env.FOURFOLD_MODEL_MIN_LANGUAGE_PAIRS ?? 0);
/**
 * Chance that an example is its name view (model-pairs.ts nameView), when it has one: the
 * definition's name split into words as the question, the code with that name blanked. A search
 * box's few words often are the name the author would give the function; with the name blanked
 * the model must find them in the body's words. Opt-in (FOURFOLD_MODEL_NAME_VIEW_RATE); 0 draws
 * nothing, so a run without it is the run it was.
 */
const NAME_VIEW_RATE = Number(process.env.FOURFOLD_MODEL_NAME_VIEW_RATE ?? 0);
/**
 * With a warm start, FOURFOLD_MODEL_FREEZE_BASE=1 trains only what leaves the base model's
 * document vectors as they were: the query-side weights, and the rows and weights of the tokens
 * the base did not have. Stored chunk vectors of code in the base's vocabulary stay the same.
 */
const FREEZE_BASE = process.env.FOURFOLD_MODEL_FREEZE_BASE === '1';
/**
 * How a package's pairs are grouped (GROUP_SIZE at a time) into a batch. 'random' (the default):
 * at random within the package. 'bm25' (FOURFOLD_MODEL_NEGATIVES=bm25): each group grows from a
 * seed pair through the pairs whose code BM25 ranks highest for its doc sentence and for its
 * keyword view (mineNeighbours), so a question is scored against the functions that share its
 * words but do not answer it: where text search is strong and random negatives rarely test it.
 * 'model' (FOURFOLD_MODEL_NEGATIVES=model): the same grouping, the neighbours ranked instead by a
 * trained model's own scores (the weights.bin that FOURFOLD_MODEL_NEGATIVES_WEIGHTS names, of the
 * same tokens): the functions that model confuses with the answer, whatever words they share.
 */
const NEGATIVES = (['bm25', 'model'] as const).find((n) => n === process.env.FOURFOLD_MODEL_NEGATIVES) ?? 'random';
/** BM25's term-frequency saturation and length normalisation (the usual values). */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
const MAX_EPOCHS = Number(process.env.FOURFOLD_MODEL_EPOCHS ?? 8);
const PATIENCE = 2;
/** Held-out evaluation: rank among this package's pairs, cut off at 10. */
const MRR_CUTOFF = 10;
const SEED = 0x0f0f_2026;

/** A text as a bag: unique token ids and their counts. */
interface Bag {
  ids: Int32Array;
  counts: Float32Array;
}

function bagOf(all: Int32Array, [from, to]: [number, number], drop?: { random: SeededRandom; rate: number }): Bag {
  const counts = new Map<number, number>();
  for (let i = from; i < to; i++) {
    const id = all[i];
    if (id < SPECIAL_TOKENS.length) continue;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const ids: number[] = [];
  const cs: number[] = [];
  for (const [id, c] of counts) {
    if (drop && drop.random.next() < drop.rate) continue;
    ids.push(id);
    cs.push(c);
  }
  return { ids: Int32Array.from(ids), counts: Float32Array.from(cs) };
}

export interface ModelWeights {
  vocabSize: number;
  dimensions: number;
  table: Float32Array;
  /** weight[side * vocabSize + token]; side 0 = document, 1 = query (as token_type_ids). */
  sideWeights: Float32Array;
}

/** Pooled, L2-normalised vector of a bag on one side (0 document, 1 query). */
export function encodeBag(
  m: ModelWeights,
  bag: Bag,
  side: 0 | 1,
  out = new Float32Array(m.dimensions),
): { vector: Float32Array; norm: number } {
  const D = m.dimensions;
  out.fill(0);
  const wOff = side * m.vocabSize;
  for (let k = 0; k < bag.ids.length; k++) {
    const t = bag.ids[k];
    const w = bag.counts[k] * m.sideWeights[wOff + t];
    const o = t * D;
    for (let d = 0; d < D; d++) out[d] += w * m.table[o + d];
  }
  let n = 0;
  for (let d = 0; d < D; d++) n += out[d] * out[d];
  n = Math.sqrt(n);
  if (n > 0) for (let d = 0; d < D; d++) out[d] /= n;
  return { vector: out, norm: n };
}

export interface HeldOutScores {
  pairs: number;
  packages: number;
  float: number;
  int8: number;
  bits: number;
  /** Queries embedded as documents (token_type_ids 0): what a runtime that does not mark queries gets. */
  floatQueryAsDocument: number;
  bitsQueryAsDocument: number;
  /** The first keyword view as the question ("parse http date"), float vectors; pairs that have one. */
  keywordsFloat: number;
  keywordPairs: number;
}

/** What early stopping keeps: with typed views, doc sentences and keyword runs count alike, as the understand set asks both. */
export function selectionScore(h: HeldOutScores, typedViewRate = TYPED_VIEW_RATE): number {
  return typedViewRate > 0 && h.keywordPairs > 0 ? (h.float + h.keywordsFloat) / 2 : h.float;
}

/** The example's question this time: a typed view, the summary, or the first sentence. */
export function sampleQuery(
  pair: TokenizedPairs['pairs'][number],
  random: SeededRandom,
  typedViewRate = TYPED_VIEW_RATE,
): [number, number] {
  const r = random.next();
  if (pair.views.length > 0 && r < typedViewRate)
    return pair.views[Math.min(pair.views.length - 1, Math.floor((r / typedViewRate) * pair.views.length))];
  return pair.summary && random.next() < SUMMARY_VIEW_RATE ? pair.summary : pair.query;
}

function reciprocalRank(scores: Float32Array | Float64Array, target: number, higherIsBetter = true): number {
  const s = scores[target];
  let rank = 0;
  for (let j = 0; j < scores.length; j++) {
    if (j === target) continue;
    if (higherIsBetter ? scores[j] > s : scores[j] < s) rank++;
    else if (scores[j] === s && j < target) rank++;
  }
  return rank < MRR_CUTOFF ? 1 / (rank + 1) : 0;
}

/** MRR@10 per held-out package (candidates: that package's code sides), with float, int8 and 1-bit document vectors. */
export function heldOutMrr(m: ModelWeights, all: Int32Array, tok: TokenizedPairs): HeldOutScores {
  const D = m.dimensions;
  const byPkg = heldOutPairsByPackage(tok);
  const sum = { float: 0, int8: 0, bits: 0, floatQueryAsDocument: 0, bitsQueryAsDocument: 0, keywordsFloat: 0 };
  let n = 0;
  let keywordPairs = 0;
  let packages = 0;
  for (const idx of byPkg.values()) {
    if (idx.length < 2) continue;
    packages++;
    const docs = idx.map((i) => Float32Array.from(encodeBag(m, bagOf(all, tok.pairs[i].code), 0).vector));
    // int8 with one scale per vector (max |x| → 127), dequantised for scoring.
    const docsQ = docs.map((v) => {
      let max = 0;
      for (let d = 0; d < D; d++) max = Math.max(max, Math.abs(v[d]));
      const q = new Float32Array(D);
      for (let d = 0; d < D; d++) q[d] = max > 0 ? (Math.round((v[d] / max) * 127) * max) / 127 : 0;
      return q;
    });
    const scores = new Float64Array(idx.length);
    for (let a = 0; a < idx.length; a++) {
      const qBag = bagOf(all, tok.pairs[idx[a]].query);
      for (const [side, key] of [
        [1, 'float'],
        [0, 'floatQueryAsDocument'],
      ] as const) {
        const q = Float32Array.from(encodeBag(m, qBag, side).vector);
        for (let b = 0; b < idx.length; b++) {
          let s = 0;
          for (let d = 0; d < D; d++) s += q[d] * docs[b][d];
          scores[b] = s;
        }
        sum[key] += reciprocalRank(scores, a);
        // 1-bit: Hamming distance between sign vectors.
        for (let b = 0; b < idx.length; b++) {
          let h = 0;
          for (let d = 0; d < D; d++) if (q[d] > 0 !== docs[b][d] > 0) h++;
          scores[b] = h;
        }
        sum[side === 1 ? 'bits' : 'bitsQueryAsDocument'] += reciprocalRank(scores, a, false);
        if (side === 1) {
          for (let b = 0; b < idx.length; b++) {
            let s = 0;
            for (let d = 0; d < D; d++) s += q[d] * docsQ[b][d];
            scores[b] = s;
          }
          sum.int8 += reciprocalRank(scores, a);
        }
      }
      const keywords = tok.pairs[idx[a]].keywords;
      if (keywords) {
        const q = encodeBag(m, bagOf(all, keywords), 1).vector;
        for (let b = 0; b < idx.length; b++) {
          let s = 0;
          for (let d = 0; d < D; d++) s += q[d] * docs[b][d];
          scores[b] = s;
        }
        sum.keywordsFloat += reciprocalRank(scores, a);
        keywordPairs++;
      }
      n++;
    }
  }
  return {
    pairs: n,
    packages,
    float: sum.float / n,
    int8: sum.int8 / n,
    bits: sum.bits / n,
    floatQueryAsDocument: sum.floatQueryAsDocument / n,
    bitsQueryAsDocument: sum.bitsQueryAsDocument / n,
    keywordsFloat: keywordPairs > 0 ? sum.keywordsFloat / keywordPairs : 0,
    keywordPairs,
  };
}

/** Lazy Adam over rows that a batch touched. */
class SparseAdam {
  readonly m: Float32Array;
  readonly v: Float32Array;
  step = 0;
  constructor(
    size: number,
    private readonly lr: number,
  ) {
    this.m = new Float32Array(size);
    this.v = new Float32Array(size);
  }
  update(params: Float32Array, grad: Float32Array, rows: Iterable<number>, width: number): void {
    const b1 = 1 - ADAM_BETA1 ** this.step;
    const b2 = 1 - ADAM_BETA2 ** this.step;
    const lr = (this.lr * Math.sqrt(b2)) / b1;
    for (const r of rows) {
      const o = r * width;
      for (let k = o; k < o + width; k++) {
        const g = grad[k];
        this.m[k] = ADAM_BETA1 * this.m[k] + (1 - ADAM_BETA1) * g;
        this.v[k] = ADAM_BETA2 * this.v[k] + (1 - ADAM_BETA2) * g * g;
        params[k] -= (lr * this.m[k]) / (Math.sqrt(this.v[k]) + ADAM_EPSILON);
        grad[k] = 0;
      }
    }
  }
}

/** FOURFOLD_MODEL_DIMENSIONS read: unset or empty is 256; anything but a positive multiple of 32 is refused. */
export function dimensionsSetting(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 256;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n % 32 !== 0)
    throw new Error(`FOURFOLD_MODEL_DIMENSIONS=${value}: a positive multiple of 32 is required`);
  return n;
}

export interface TrainReport {
  epochs: { epoch: number; loss: number; heldOut: HeldOutScores; seconds: number }[];
  bestEpoch: number;
  heldOut: HeldOutScores;
  /** Epoch 0 (the initial vectors, IDF weights) for comparison. */
  initial: HeldOutScores;
  trainPairs: number;
  seconds: number;
  settings: Record<string, number | string>;
}

export function initialWeights(
  tok: TokenizedPairs,
  all: Int32Array,
  random: SeededRandom,
  dimensions = DIMENSIONS,
): ModelWeights {
  const V = tok.vocabulary.length;
  const D = dimensions;
  const table = new Float32Array(V * D);
  const scale = 1 / Math.sqrt(D);
  // Box–Muller: two uniforms per Gaussian.
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
  for (let t = SPECIAL_TOKENS.length; t < V; t++) for (let d = 0; d < D; d++) table[t * D + d] = gaussian() * scale;
  // Inverse document frequency over training code sides: a BM25-like start for the weights.
  const df = new Float64Array(V);
  let docs = 0;
  for (const p of tok.pairs) {
    if (p.heldOut) continue;
    docs++;
    const seen = new Set<number>();
    for (let i = p.code[0]; i < p.code[1]; i++) seen.add(all[i]);
    for (let i = p.query[0]; i < p.query[1]; i++) seen.add(all[i]);
    for (const t of seen) df[t]++;
  }
  const sideWeights = new Float32Array(2 * V);
  for (let t = SPECIAL_TOKENS.length; t < V; t++) {
    const idf = Math.log(1 + docs / (1 + df[t]));
    sideWeights[t] = idf;
    sideWeights[V + t] = idf;
  }
  return { vocabSize: V, dimensions: D, table, sideWeights };
}

/**
 * A warm start from a committed model (FOURFOLD_MODEL_BASE=<id>): its tokens keep their ids
 * (model-tokenize.ts extendVocabulary) and their vectors, the tokens it did not have start as
 * initialWeights starts them. Each base row is its int8 row rescaled to the random start's
 * size (RMS 1/√D), the rest of its scale moved into the side weights: the vectors are the base
 * model's exactly, and a step of the optimiser moves a row as much as it would in a fresh run.
 */
export function baseWeights(tok: TokenizedPairs, all: Int32Array, random: SeededRandom, modelId: string): ModelWeights {
  const file = join(REPO_ROOT, 'public', 'models', modelId, 'onnx', 'model_quantized.onnx');
  if (!existsSync(file)) throw new Error(`FOURFOLD_MODEL_BASE=${modelId}: no ${file}`);
  const load = loadStaticModel(readFileSync(file));
  if (!load.ok) throw new Error(`FOURFOLD_MODEL_BASE=${modelId}: not a static token model (${load.rejection})`);
  const base = load.model;
  const baseVocab = baseVocabulary(modelId);
  if (base.dimensions !== DIMENSIONS || base.vocabSize !== baseVocab.length)
    throw new Error(
      `FOURFOLD_MODEL_BASE=${modelId}: ${base.vocabSize} × ${base.dimensions}, vocabulary ${baseVocab.length}`,
    );
  if (baseVocab.some((t, i) => tok.vocabulary[i] !== t))
    throw new Error(
      `FOURFOLD_MODEL_BASE=${modelId}: tokens.json does not start with its vocabulary (tokenize with the same FOURFOLD_MODEL_BASE)`,
    );
  const m = initialWeights(tok, all, random);
  const D = DIMENSIONS;
  const V0 = base.vocabSize;
  const target = 1 / Math.sqrt(D);
  for (let t = SPECIAL_TOKENS.length; t < V0; t++) {
    let sq = 0;
    for (let d = 0; d < D; d++) sq += base.table[t * D + d] ** 2;
    const rms = Math.sqrt(sq / D);
    const c = rms > 0 ? target / rms : 0;
    for (let d = 0; d < D; d++) m.table[t * D + d] = base.table[t * D + d] * c;
    m.sideWeights[t] = c > 0 ? base.tokenScale[t] / c : 0;
    m.sideWeights[m.vocabSize + t] = c > 0 ? base.tokenScale[V0 + t] / c : 0;
  }
  return m;
}

/**
 * FOURFOLD_MODEL_FREEZE_BASE: drops from a step the table rows and the document-side weights
 * (weights index = token id on that side) of the base model's tokens, ids below `frozenBelow`,
 * and clears their gradients; query-side weights (index vocabSize + id) and new tokens train.
 */
export function keepFrozen(
  frozenBelow: number,
  dimensions: number,
  touchedRows: Set<number>,
  gTable: Float32Array,
  touchedWeights: Set<number>,
  gWeights: Float32Array,
): void {
  for (const t of touchedRows)
    if (t < frozenBelow) {
      touchedRows.delete(t);
      gTable.fill(0, t * dimensions, (t + 1) * dimensions);
    }
  for (const w of touchedWeights)
    if (w < frozenBelow) {
      touchedWeights.delete(w);
      gWeights[w] = 0;
    }
}

/** Languages under MIN_LANGUAGE_PAIRS training pairs and how many times each is drawn per epoch. */
export function repeatsPerLanguage(languages: string[], min = MIN_LANGUAGE_PAIRS): Map<string, number> {
  const counts = new Map<string, number>();
  for (const l of languages) counts.set(l, (counts.get(l) ?? 0) + 1);
  const out = new Map<string, number>();
  for (const [l, n] of [...counts].sort()) if (n < min) out.set(l, Math.ceil(min / n));
  return out;
}

/** A sequence's token ids without the special tokens, in order. */
function idsOf(all: Int32Array, [from, to]: [number, number]): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) if (all[i] >= SPECIAL_TOKENS.length) out.push(all[i]);
  return out;
}

/** Scores every code side of a package for one question (higher is nearer; -Infinity: not a candidate). */
export type NeighbourScorer = (question: number[]) => Float64Array;

/** BM25 over the code sides' token ids, statistics of that package; a code without a question word is no candidate. */
export function bm25Scorer(codes: number[][]): NeighbourScorer {
  const n = codes.length;
  const postings = new Map<number, { doc: number; tf: number }[]>();
  const lengths = codes.map((c) => c.length);
  const avg = lengths.reduce((a, b) => a + b, 0) / Math.max(1, n);
  codes.forEach((code, doc) => {
    const tf = new Map<number, number>();
    for (const t of code) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, c] of tf) {
      let l = postings.get(t);
      if (!l) postings.set(t, (l = []));
      l.push({ doc, tf: c });
    }
  });
  const scores = new Float64Array(n);
  return (question) => {
    scores.fill(0);
    for (const t of new Set(question)) {
      const l = postings.get(t);
      if (!l) continue;
      const idf = Math.log(1 + (n - l.length + 0.5) / (l.length + 0.5));
      for (const { doc, tf } of l)
        scores[doc] += (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * lengths[doc]) / avg));
    }
    for (let d = 0; d < n; d++) if (scores[d] <= 0) scores[d] = -Infinity;
    return scores;
  };
}

/** A bag of token ids (special tokens already left out): bagOf over the ids alone. */
function bagOfIds(ids: number[]): Bag {
  return bagOf(Int32Array.from(ids), [0, ids.length]);
}

/**
 * A trained model's cosine between a question (query side) and each code side (document side,
 * no dropout), float vectors as the held-out evaluation embeds them.
 */
export function modelScorer(m: ModelWeights, codes: number[][]): NeighbourScorer {
  const D = m.dimensions;
  const docs = codes.map((c) => Float32Array.from(encodeBag(m, bagOfIds(c), 0).vector));
  const scores = new Float64Array(codes.length);
  return (question) => {
    const q = encodeBag(m, bagOfIds(question), 1).vector;
    for (let b = 0; b < docs.length; b++) {
      let s = 0;
      for (let d = 0; d < D; d++) s += q[d] * docs[b][d];
      scores[b] = s;
    }
    return scores;
  };
}

/**
 * For each pair of one package, the other pairs whose code `score` (BM25 unless given) ranks
 * highest for its questions, best first: the top `perQuestion` for each question, interleaved and
 * without repeats. A pair with the same code or the same question is skipped: it answers the
 * question too, so it is no negative.
 */
export function mineNeighbours(
  codes: number[][],
  questions: number[][][],
  perQuestion = GROUP_SIZE - 1,
  score: NeighbourScorer = bm25Scorer(codes),
): number[][] {
  const n = codes.length;
  const codeKey = codes.map((c) => c.join(','));
  const questionKeys = questions.map((qs) => new Set(qs.map((q) => q.join(','))));
  return codes.map((_, self) => {
    const lists: number[][] = [];
    for (const question of questions[self]) {
      const scores = score(question);
      const ranked: number[] = [];
      for (let d = 0; d < n; d++) if (scores[d] > -Infinity && d !== self) ranked.push(d);
      ranked.sort((a, b) => scores[b] - scores[a] || a - b);
      const kept: number[] = [];
      for (const d of ranked) {
        if (kept.length >= perQuestion) break;
        if (codeKey[d] === codeKey[self] || [...questionKeys[d]].some((k) => questionKeys[self].has(k))) continue;
        kept.push(d);
      }
      lists.push(kept);
    }
    const out: number[] = [];
    for (let r = 0; r < perQuestion; r++)
      for (const l of lists) if (r < l.length && !out.includes(l[r])) out.push(l[r]);
    return out;
  });
}

/**
 * One epoch's groups of one package's pairs (`items`, with `neighbours[k]` indexes into items):
 * in a shuffled order, each pair not yet placed seeds a group, which takes its unplaced
 * neighbours, then theirs, best first, up to `size`; a group the neighbours cannot fill takes
 * the next unplaced pairs of the order, as the random grouping would. Each pair is placed once.
 */
export function minedGroups<T>(items: T[], neighbours: number[][], random: SeededRandom, size = GROUP_SIZE): T[][] {
  const order = random.shuffle(items.map((_, k) => k));
  const placed = new Uint8Array(items.length);
  const groups: T[][] = [];
  let next = 0;
  for (const seed of order) {
    if (placed[seed]) continue;
    const group = [seed];
    placed[seed] = 1;
    for (let g = 0; g < group.length && group.length < size; g++)
      for (const k of neighbours[group[g]]) {
        if (group.length >= size) break;
        if (placed[k]) continue;
        placed[k] = 1;
        group.push(k);
      }
    while (group.length < size && next < order.length) {
      const k = order[next++];
      if (placed[k]) continue;
      placed[k] = 1;
      group.push(k);
    }
    groups.push(group.map((k) => items[k]));
  }
  return groups;
}

export async function train(): Promise<TrainReport> {
  const started = performance.now();
  const tok = JSON.parse(readFileSync(join(MODEL_CACHE, 'tokens.json'), 'utf8')) as TokenizedPairs;
  const buf = readFileSync(join(MODEL_CACHE, 'tokens.bin'));
  const all = new Int32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const random = new SeededRandom(SEED);
  const baseId = process.env.FOURFOLD_MODEL_BASE;
  const model = baseId ? baseWeights(tok, all, random, baseId) : initialWeights(tok, all, random);
  const V = model.vocabSize;
  const D = DIMENSIONS;
  const trainIdx = tok.pairs.map((p, i) => (p.heldOut ? -1 : i)).filter((i) => i >= 0);
  const initial = heldOutMrr(model, all, tok);
  logStep(
    'train',
    `${trainIdx.length} training pairs, vocabulary ${V}; initial held-out MRR@10 float ${initial.float.toFixed(3)}, keyword view ${initial.keywordsFloat.toFixed(3)}`,
  );

  const byPkg = new Map<string, number[]>();
  for (const i of trainIdx) {
    const pkg = tok.pairs[i].pkg;
    let l = byPkg.get(pkg);
    if (!l) byPkg.set(pkg, (l = []));
    l.push(i);
  }

  // Mined once: the code sides (without dropout) and the questions do not change between epochs.
  const mined = new Map<number, number[]>();
  if (NEGATIVES !== 'random') {
    const t0 = performance.now();
    const teacher = NEGATIVES === 'model' ? negativesModel(V) : undefined;
    for (const list of byPkg.values()) {
      const codes = list.map((i) => idsOf(all, tok.pairs[i].code));
      const near = mineNeighbours(
        codes,
        list.map((i) => {
          const p = tok.pairs[i];
          return [idsOf(all, p.query), ...(p.keywords ? [idsOf(all, p.keywords)] : [])];
        }),
        GROUP_SIZE - 1,
        teacher ? modelScorer(teacher, codes) : bm25Scorer(codes),
      );
      list.forEach((i, k) =>
        mined.set(
          i,
          near[k].map((j) => list[j]),
        ),
      );
    }
    logStep('train', `${NEGATIVES} neighbours mined in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  /** One epoch's groups of these pairs of one package. */
  const groupsOf = (list: number[]): number[][] => {
    if (NEGATIVES !== 'random') {
      const at = new Map(list.map((i, k) => [i, k]));
      const near = list.map((i) => (mined.get(i) ?? []).filter((j) => at.has(j)).map((j) => at.get(j)!));
      return minedGroups(list, near, random);
    }
    const s = random.shuffle(list);
    const out: number[][] = [];
    for (let i = 0; i < s.length; i += GROUP_SIZE) out.push(s.slice(i, i + GROUP_SIZE));
    return out;
  };

  const languageRepeats = repeatsPerLanguage(trainIdx.map((i) => tok.pairs[i].language));
  if (languageRepeats.size > 0)
    logStep(
      'train',
      `pairs drawn more than once per epoch: ${[...languageRepeats].map(([l, r]) => `${l} ×${r}`).join(', ')}`,
    );

  const gTable = new Float32Array(V * D);
  const gWeights = new Float32Array(2 * V);
  const adamTable = new SparseAdam(V * D, LEARNING_RATE);
  const adamWeights = new SparseAdam(2 * V, WEIGHT_LEARNING_RATE);
  const report: TrainReport = {
    epochs: [],
    bestEpoch: 0,
    heldOut: initial,
    initial,
    trainPairs: trainIdx.length,
    seconds: 0,
    settings: {
      dimensions: D,
      temperature: TEMPERATURE,
      batchSize: BATCH_SIZE,
      groupSize: GROUP_SIZE,
      learningRate: LEARNING_RATE,
      weightLearningRate: WEIGHT_LEARNING_RATE,
      codeTokenDropout: CODE_TOKEN_DROPOUT,
      summaryViewRate: SUMMARY_VIEW_RATE,
      typedViewRate: TYPED_VIEW_RATE,
      nameViewRate: NAME_VIEW_RATE,
      maxEpochs: MAX_EPOCHS,
      patience: PATIENCE,
      seed: SEED,
      initialisation: baseId
        ? `warm start from ${baseId} (its tokens' vectors; new tokens: Gaussian N(0, 1/D), IDF weights)`
        : 'shared Gaussian table N(0, 1/D); side weights = IDF',
      learningRateScale: LR_SCALE,
      minLanguagePairs: MIN_LANGUAGE_PAIRS,
      freezeBase: FREEZE_BASE ? 1 : 0,
      negatives: NEGATIVES,
      ...(NEGATIVES === 'model' ? { negativesWeights: process.env.FOURFOLD_MODEL_NEGATIVES_WEIGHTS ?? '' } : {}),
    },
  };
  let best = { score: selectionScore(initial), table: model.table.slice(), weights: model.sideWeights.slice() };
  const qVecs = Array.from({ length: BATCH_SIZE }, () => new Float32Array(D));
  const dVecs = Array.from({ length: BATCH_SIZE }, () => new Float32Array(D));
  const qNorm = new Float64Array(BATCH_SIZE);
  const dNorm = new Float64Array(BATCH_SIZE);
  const gq = new Float64Array(D);
  const gd = new Float64Array(D);
  let sinceBest = 0;
  // Table rows and document-side weights below this id stay as the base model has them.
  const frozenBelow = FREEZE_BASE && baseId ? baseVocabulary(baseId).length : 0;

  for (let epoch = 1; epoch <= MAX_EPOCHS; epoch++) {
    const t0 = performance.now();
    const groups: number[][] = [];
    for (const list of byPkg.values()) {
      groups.push(...groupsOf(list));
      // The repeats of a rare language's pairs (a package may mix JavaScript and TypeScript).
      for (const [language, repeats] of languageRepeats) {
        const own = list.filter((i) => tok.pairs[i].language === language);
        for (let r = 1; r < repeats && own.length > 0; r++) groups.push(...groupsOf(own));
      }
    }
    const order = random.shuffle(groups).flat();
    let lossSum = 0;
    let batches = 0;
    for (let start = 0; start + 2 <= order.length; start += BATCH_SIZE) {
      const batch = order.slice(start, start + BATCH_SIZE);
      const B = batch.length;
      const qBags: Bag[] = [];
      const dBags: Bag[] = [];
      for (const i of batch) {
        const p = tok.pairs[i];
        const named = NAME_VIEW_RATE > 0 && p.nameView && random.next() < NAME_VIEW_RATE ? p.nameView : null;
        qBags.push(bagOf(all, named ? named.query : sampleQuery(p, random)));
        dBags.push(bagOf(all, named ? named.code : p.code, { random, rate: CODE_TOKEN_DROPOUT }));
      }
      for (let b = 0; b < B; b++) {
        qNorm[b] = encodeBag(model, qBags[b], 1, qVecs[b]).norm;
        dNorm[b] = encodeBag(model, dBags[b], 0, dVecs[b]).norm;
      }
      // Scores and the symmetric InfoNCE gradient G (B×B) with respect to the scores.
      const S = new Float64Array(B * B);
      for (let i = 0; i < B; i++)
        for (let j = 0; j < B; j++) {
          let s = 0;
          const q = qVecs[i];
          const d = dVecs[j];
          for (let k = 0; k < D; k++) s += q[k] * d[k];
          S[i * B + j] = s / TEMPERATURE;
        }
      const G = new Float64Array(B * B);
      let loss = 0;
      for (let i = 0; i < B; i++) {
        let max = -Infinity;
        for (let j = 0; j < B; j++) max = Math.max(max, S[i * B + j]);
        let z = 0;
        for (let j = 0; j < B; j++) z += Math.exp(S[i * B + j] - max);
        loss += -(S[i * B + i] - max - Math.log(z));
        for (let j = 0; j < B; j++) G[i * B + j] += (Math.exp(S[i * B + j] - max) / z - (i === j ? 1 : 0)) / (2 * B);
      }
      for (let j = 0; j < B; j++) {
        let max = -Infinity;
        for (let i = 0; i < B; i++) max = Math.max(max, S[i * B + j]);
        let z = 0;
        for (let i = 0; i < B; i++) z += Math.exp(S[i * B + j] - max);
        loss += -(S[j * B + j] - max - Math.log(z));
        for (let i = 0; i < B; i++) G[i * B + j] += (Math.exp(S[i * B + j] - max) / z - (i === j ? 1 : 0)) / (2 * B);
      }
      lossSum += loss / (2 * B);
      batches++;
      // Back through the cosine and the normalisation into the table rows and the side weights.
      const touchedRows = new Set<number>();
      const touchedWeights = new Set<number>();
      const backprop = (bag: Bag, vec: Float32Array, norm: number, grad: Float64Array, side: 0 | 1) => {
        if (norm === 0) return;
        let dot = 0;
        for (let k = 0; k < D; k++) dot += vec[k] * grad[k];
        for (let k = 0; k < D; k++) grad[k] = (grad[k] - vec[k] * dot) / norm;
        const wOff = side * V;
        for (let n = 0; n < bag.ids.length; n++) {
          const t = bag.ids[n];
          const c = bag.counts[n];
          const w = model.sideWeights[wOff + t];
          const o = t * D;
          let gw = 0;
          for (let k = 0; k < D; k++) {
            gTable[o + k] += c * w * grad[k];
            gw += model.table[o + k] * grad[k];
          }
          gWeights[wOff + t] += c * gw;
          touchedRows.add(t);
          touchedWeights.add(wOff + t);
        }
      };
      for (let i = 0; i < B; i++) {
        gq.fill(0);
        for (let j = 0; j < B; j++) {
          const g = G[i * B + j] / TEMPERATURE;
          if (g === 0) continue;
          const d = dVecs[j];
          for (let k = 0; k < D; k++) gq[k] += g * d[k];
        }
        backprop(qBags[i], qVecs[i], qNorm[i], gq, 1);
      }
      for (let j = 0; j < B; j++) {
        gd.fill(0);
        for (let i = 0; i < B; i++) {
          const g = G[i * B + j] / TEMPERATURE;
          if (g === 0) continue;
          const q = qVecs[i];
          for (let k = 0; k < D; k++) gd[k] += g * q[k];
        }
        backprop(dBags[j], dVecs[j], dNorm[j], gd, 0);
      }
      adamTable.step++;
      adamWeights.step++;
      if (frozenBelow > 0) keepFrozen(frozenBelow, D, touchedRows, gTable, touchedWeights, gWeights);
      adamTable.update(model.table, gTable, touchedRows, D);
      adamWeights.update(model.sideWeights, gWeights, touchedWeights, 1);
    }
    const heldOut = heldOutMrr(model, all, tok);
    const seconds = (performance.now() - t0) / 1000;
    report.epochs.push({ epoch, loss: lossSum / batches, heldOut, seconds });
    logStep(
      'train',
      `epoch ${epoch}: loss ${(lossSum / batches).toFixed(3)}, held-out MRR@10 float ${heldOut.float.toFixed(3)} int8 ${heldOut.int8.toFixed(3)} 1-bit ${heldOut.bits.toFixed(3)} (query as document ${heldOut.floatQueryAsDocument.toFixed(3)}), keyword view ${heldOut.keywordsFloat.toFixed(3)}, ${seconds.toFixed(0)} s`,
    );
    report.seconds = (performance.now() - started) / 1000;
    if (selectionScore(heldOut) > best.score) {
      best = { score: selectionScore(heldOut), table: model.table.slice(), weights: model.sideWeights.slice() };
      report.bestEpoch = epoch;
      report.heldOut = heldOut;
      sinceBest = 0;
      // Written at every improvement, so a stopped run still leaves its best model.
      await writeWeights(best.table, best.weights, V, D);
    } else if (++sinceBest >= PATIENCE) break;
    await writeJson(join(MODEL_CACHE, 'train.json'), report);
  }
  report.seconds = (performance.now() - started) / 1000;
  await writeWeights(best.table, best.weights, V, D);
  await writeJson(join(MODEL_CACHE, 'train.json'), report);
  logStep(
    'train',
    `best epoch ${report.bestEpoch}: held-out MRR@10 float ${report.heldOut.float.toFixed(3)}, keyword view ${report.heldOut.keywordsFloat.toFixed(3)}; ${report.seconds.toFixed(0)} s`,
  );
  return report;
}

async function writeWeights(table: Float32Array, weights: Float32Array, V: number, D: number): Promise<void> {
  const out = new Float32Array(2 + table.length + weights.length);
  out[0] = V;
  out[1] = D;
  out.set(table, 2);
  out.set(weights, 2 + table.length);
  await writeFile(join(MODEL_CACHE, 'weights.bin'), new Uint8Array(out.buffer));
}

/** The model whose scores mine the negatives (FOURFOLD_MODEL_NEGATIVES=model); its vocabulary must be these tokens'. */
function negativesModel(vocabSize: number): ModelWeights {
  const file = process.env.FOURFOLD_MODEL_NEGATIVES_WEIGHTS;
  if (!file || !existsSync(file))
    throw new Error(`FOURFOLD_MODEL_NEGATIVES=model: FOURFOLD_MODEL_NEGATIVES_WEIGHTS names no weights.bin (${file})`);
  const m = readWeights(file);
  if (m.vocabSize !== vocabSize || m.dimensions !== DIMENSIONS)
    throw new Error(
      `FOURFOLD_MODEL_NEGATIVES_WEIGHTS: ${m.vocabSize} × ${m.dimensions}, the tokens have ${vocabSize} × ${DIMENSIONS}`,
    );
  return m;
}

export function readWeights(file = join(MODEL_CACHE, 'weights.bin')): ModelWeights {
  const buf = readFileSync(file);
  const f = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const V = f[0];
  const D = f[1];
  return {
    vocabSize: V,
    dimensions: D,
    table: f.slice(2, 2 + V * D),
    sideWeights: f.slice(2 + V * D, 2 + V * D + 2 * V),
  };
}

runMain(import.meta.url, train);
