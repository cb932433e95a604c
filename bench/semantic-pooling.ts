/**
 * `npx tsx bench/semantic-pooling.ts [--understand a,b|none] [--kept] [--real x,y] [--variants v,w]`:
 * the ceiling of adapting the bundled static model's vectors to the repository it searches, without
 * retraining (issue 22, "better pooling"), measured offline before anything is built into the
 * engine (docs/bench/HISTORY.md, 2026-12-05, h35-sem).
 *
 * Each chunk is embedded as the engine embeds it (chunkEmbeddingText, the runner's 256 tokens,
 * each token's int8 row times its per-side scale, summed, normalised), and semantic alone is
 * scored at the function by the cosine over every chunk (contentless windows left out, as the
 * engine's list leaves them), with and without the name cosine the engine adds to a short
 * question's candidates (NAME_VECTOR_WEIGHT over the 200 best). `base` is that ranking with the
 * model's vectors as they are; every variant changes only the vectors:
 *
 *  - `center`: documents minus the repository's mean document vector (what all chunks share);
 *    `center-q` the query minus the same mean too.
 *  - `abtt-k`: all-but-the-top — centered, and the repository's top k principal directions
 *    removed from documents and from the query (`abtt-q-k`: the query centered too).
 *  - `pc-k`: the top k directions of the uncentered vectors removed from both sides.
 *  - `sif-a`: each token weighted a / (a + p), p its share of the repository's chunks holding it,
 *    on both sides (`sif-a+pc1`: SIF's whole recipe, its common direction removed too); `sifq-a`
 *    on the query side alone.
 *  - `idfq-p`: each query token weighted by its IDF in the repository, log((n + 1) / (df + 1)),
 *    raised to p (`idf1q-p`: 1 + it); `widfq-p` the same per whitespace word, from the text
 *    index's counts of its content terms (h44-sem).
 *  - `place-…`: the chunk embedded under another header than its path: the path's words
 *    (`place-words`: separators and extension out), nothing (`place-none`), or the path and then
 *    its words (`place-both`); needs the documents embedded again, so it runs slower.
 *    `placeq-w`: the documents as they are, and a short question's candidates (those the name
 *    cosine is added to) also take w × the cosine of the query with their file's path words;
 *    `placeq-shared-w` only the candidates whose path says a word of the question (h46-sem).
 *  - `maxsim-<weight>-<w>-<k>`: late interaction (h46-sem). The pooled list's first k (with the
 *    name cosine when the engine adds it) rescored by their score + w × MaxSim: each question
 *    token's best cosine with a token of the candidate's embedded text, over the model's own
 *    table rows, weighed by the token's query-side scale (`scale`), the repository's IDF (`idf`),
 *    both (`scaleidf`) or nothing (`uniform`), averaged. `alone`: MaxSim alone; `-np`: the
 *    candidate's tokens without its path line; `-name`: its name line and signature's alone
 *    (chunkNameText; a window matches nothing); `-short`: only for the questions the name cosine
 *    is for; `-soft`: soft matches only, the candidate's tokens that spell a word of the question
 *    (or a base form of one) left out, so a token is matched by what BM25 cannot say; `-win`: a
 *    window (no name line) takes the mean score of the named candidates rescored with it; `-file`:
 *    every candidate takes its file's best candidate's score (files reordered, members not).
 *    Only the vectors' first stage differs from the engine (every chunk's float cosine here,
 *    Hamming then int8 there).
 *
 * Questions: the understand set's tuning half (doc sentences and keywords, comment-blanked copy)
 * and the real set's tuning how-does rows of the projects named (line level, bench/real/score.ts).
 * Nothing held-out is loaded: the understand half is filtered before the questions are asked,
 * the real rows on their `half` field as they are read.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Chunk } from '../src/engine/contract';
import { Engine } from '../src/engine/engine';
import type { Corpus } from '../src/engine/modality';
import { NAME_VECTOR_WEIGHT, semanticQueryText } from '../src/engine/ranking';
import { chunkEmbeddingText, chunkNameText } from '../src/engine/semantic/embedder';
import { contentlessChunks } from '../src/engine/semantic/index';
import { LocalModelRunner, type LocalTokenizer } from '../src/engine/semantic/local';
import type { TermRarity } from '../src/engine/text/index';
import { baseForms, contentTerms, withBaseForms } from '../src/engine/tokens';
import { localTokenizerFrom, LOCAL_MODEL_PATHS } from '../src/engine/semantic/static-embedder';
import { loadStaticModel, type StaticTokenModel } from '../src/engine/semantic/static-model';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { nodeGrammars } from '../src/node/grammars';
import { NODE_MODELS_DIR } from '../src/node/models-dir';
import { evalLexicalExpansion } from './eval/embedder';
import { REPO_ROOT } from './eval/corpora';
import { loadProject as loadRealProject, PROJECTS as REAL_PROJECTS } from './real/projects';
import { answers, groupsOf, type Question as RealQuestion } from './real/score';
import { loadProject as loadUnderstandProject, PROJECTS as UNDERSTAND_PROJECTS } from './understand/projects';
import { keywordQuestions, projectQuestions } from './understand/questions';

const CUT = 10;
/** The most candidates a MaxSim variant rescores. */
const MAXSIM_K = 200;
/** As SemanticIndex's NAME_CANDIDATES / NAME_VECTOR_MAX_WORDS. */
const NAME_CANDIDATES = 200;
const NAME_MAX_WORDS = 4;

interface Asked {
  set: string;
  group: string;
  text: string;
  names: boolean;
  right: (c: Chunk) => boolean;
}

type Vec = Float64Array;

function normalize(v: Vec): Vec {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}

function pool(
  model: StaticTokenModel,
  ids: readonly number[],
  side: 'document' | 'query',
  w?: Float64Array,
  at?: readonly number[],
): Vec {
  const d = model.dimensions;
  const off = side === 'query' ? model.vocabSize : 0;
  const sum = new Float64Array(d);
  for (let j = 0; j < ids.length; j++) {
    const id = ids[j];
    const s = model.tokenScale[id + off] * (w ? w[id] : 1) * (at ? at[j] : 1);
    const row = id * d;
    for (let k = 0; k < d; k++) sum[k] += model.table[row + k] * s;
  }
  return normalize(sum);
}

function mean(vs: Vec[]): Vec {
  const m = new Float64Array(vs[0].length);
  for (const v of vs) for (let k = 0; k < m.length; k++) m[k] += v[k] / vs.length;
  return m;
}

/** Top k principal directions of the rows (uncentered unless `mu` is given), by power iteration with deflation. */
function topDirections(vs: Vec[], k: number, mu?: Vec): Vec[] {
  const d = vs[0].length;
  const cov = new Float64Array(d * d);
  const x = new Float64Array(d);
  for (const v of vs) {
    for (let i = 0; i < d; i++) x[i] = v[i] - (mu ? mu[i] : 0);
    for (let i = 0; i < d; i++) {
      const xi = x[i];
      if (xi === 0) continue;
      const r = i * d;
      for (let j = 0; j < d; j++) cov[r + j] += xi * x[j];
    }
  }
  const out: Vec[] = [];
  for (let c = 0; c < k; c++) {
    let u: Vec = new Float64Array(d).map((_, i) => Math.sin(i + 1 + c));
    u = normalize(u);
    for (let it = 0; it < 200; it++) {
      const nu = new Float64Array(d);
      for (let i = 0; i < d; i++) {
        let s = 0;
        const r = i * d;
        for (let j = 0; j < d; j++) s += cov[r + j] * u[j];
        nu[i] = s;
      }
      for (const p of out) {
        const dot = p.reduce((a, pi, i) => a + pi * nu[i], 0);
        for (let i = 0; i < d; i++) nu[i] -= dot * p[i];
      }
      u = normalize(nu);
    }
    out.push(u);
  }
  return out;
}

function transform(v: Vec, mu: Vec | undefined, dirs: Vec[]): Vec {
  const out = Float64Array.from(v);
  if (mu) for (let i = 0; i < out.length; i++) out[i] -= mu[i];
  for (const p of dirs) {
    let dot = 0;
    for (let i = 0; i < out.length; i++) dot += p[i] * out[i];
    for (let i = 0; i < out.length; i++) out[i] -= dot * p[i];
  }
  return normalize(out);
}

/** One token's cosine with every row of the model's table (the rows as they are, scales aside). */
function tokenCosines(model: StaticTokenModel, t: number): Float32Array {
  const d = model.dimensions;
  const norms = (tokenNorms ??= (() => {
    const out = new Float64Array(model.vocabSize);
    for (let v = 0; v < model.vocabSize; v++) {
      let s = 0;
      for (let k = 0; k < d; k++) s += model.table[v * d + k] ** 2;
      out[v] = Math.sqrt(s) || 1;
    }
    return out;
  })());
  const r = new Float32Array(model.vocabSize);
  const row = t * d;
  for (let v = 0; v < model.vocabSize; v++) {
    let s = 0;
    const o = v * d;
    for (let k = 0; k < d; k++) s += model.table[row + k] * model.table[o + k];
    r[v] = s / (norms[t] * norms[v]);
  }
  return r;
}
let tokenNorms: Float64Array | undefined;

const dot = (a: Vec, b: Vec) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

interface Variant {
  name: string;
  /** Token weights by id on the document side / the query side (undefined: 1). */
  docWeights?: (df: Float64Array, n: number) => Float64Array;
  queryWeights?: (df: Float64Array, n: number) => Float64Array;
  /** Subtract the documents' mean from documents (and from the query when `centerQuery`). */
  center?: boolean;
  centerQuery?: boolean;
  /** Principal directions removed from both sides (of centered vectors when `center`). */
  pcs?: number;
  /** A weight for each whitespace piece of the query (all its tokens), from the piece and the text index's term rarity. */
  queryPieces?: (piece: string, ids: readonly number[], rarity: TermRarity) => number;
  /** The header a chunk is embedded under, in place of its path (the `kind name` line and signature follow as the engine writes them). */
  place?: (
    chunk: Chunk,
  ) => string; /** A short question's candidates also take this weight × the cosine of the query with their file's path words (a vector per file). */
  placeWeight?: number;
  /** The place cosine only for a candidate whose path words share a word with the question (h44-sem's next). */
  placeShared?: boolean;
  /**
   * Late interaction over the pooled list's first `k` candidates: each query token's best cosine
   * with any token of the candidate's embedded text (the model's own table rows), weighed by
   * `weight`, averaged; added × `w` to the pooled score (`w` Infinity: MaxSim alone, the pooled
   * score breaking ties). `short`: only for the questions the name cosine is for.
   */
  maxsim?: {
    weight: 'scale' | 'idf' | 'scaleidf' | 'uniform';
    w: number;
    k: number;
    short?: boolean;
    /** The candidate's tokens without its path line (as SemanticIndex's trial matched them). */
    noPath?: boolean;
    /** The tokens of the candidate's name line and signature alone (chunkNameText; none for a window). */
    nameOnly?: boolean;
    /**
     * Soft matches only (h47-sem): the candidate's tokens that spell a word of the question (or
     * one of its base forms, or a form whose base is one) are left out of its set, so each
     * question token takes its best match among the other tokens: what BM25 cannot say.
     */
    soft?: boolean;
    /**
     * A candidate without a name (a window) takes the mean late score of the named candidates
     * rescored with it (h47-sem), so the name line's match reorders definitions without
     * lowering windows under them all.
     */
    windowMean?: boolean;
    /**
     * Every candidate takes the best late score among the candidates of its file (h47-sem): the
     * match reorders files, never a file's members among themselves.
     */
    byFile?: boolean;
  };
}

/** A piece's share of the chunks holding its words (the mean over its content terms); null for a stop word. */
function pieceShare(piece: string, rarity: TermRarity): number | null {
  const terms = contentTerms(piece);
  if (terms.length === 0) return null;
  return terms.reduce((a, t) => a + rarity.holding(t) / Math.max(1, rarity.chunks), 0) / terms.length;
}

const wsif = (a: number, stop: number) => (piece: string, _ids: readonly number[], rarity: TermRarity) => {
  const p = pieceShare(piece, rarity);
  return p === null ? stop : a / (a + p);
};

const sif = (a: number) => (df: Float64Array, n: number) => df.map((c) => a / (a + c / n));
/** Inverse document frequency, log((n + 1) / (df + 1)), raised to `power` (1 + it when `plusOne`). */
const idf = (power: number, plusOne: boolean) => (df: Float64Array, n: number) =>
  df.map((c) => ((plusOne ? 1 : 0) + Math.log((n + 1) / (c + 1))) ** power);
/** A piece's IDF from the text index's counts (the mean over its content terms); `stop` for a stop word. */
const widf = (power: number, stop: number) => (piece: string, _ids: readonly number[], rarity: TermRarity) => {
  const terms = contentTerms(piece);
  if (terms.length === 0) return stop;
  const w = terms.reduce((a, t) => a + Math.log((rarity.chunks + 1) / (rarity.holding(t) + 1)), 0) / terms.length;
  return w ** power;
};
/** A path's words: its separators and its extension out. */
const pathWords = (path: string) =>
  path
    .replace(/\.[A-Za-z0-9]+$/, '')
    .split(/[/_.-]+/)
    .filter((w) => w)
    .join(' ');

/** Whether the question says a word of the path's (lower-cased, its separators and extension out). */
const sharesPlace = (question: string, path: string) => {
  const place = new Set(pathWords(path).toLowerCase().split(' '));
  return question
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((w) => w.length > 2 && place.has(w));
};

/** Which of a candidate's tokens a MaxSim variant matches. */
const tokensOf = (m: NonNullable<Variant['maxsim']>): 'all' | 'body' | 'name' => {
  if (m.nameOnly) return 'name';
  return m.noPath ? 'body' : 'all';
};

/** The vocabulary's texts by id (`##` taken off, lower-cased), from tokenizer.json. */
function vocabularyWords(json: string): string[] {
  const vocab = (JSON.parse(json) as { model: { vocab: Record<string, number> } }).model.vocab;
  const out: string[] = [];
  for (const [text, id] of Object.entries(vocab)) out[id] = text.replace(/^##/, '').toLowerCase();
  return out;
}
let VOCAB_WORDS: string[] = [];

/** The ids of the vocabulary's tokens that spell a word of the question, its base forms, or a form whose base is one. */
function ownWordIds(question: string): Set<number> {
  const forms = withBaseForms(
    question
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 2),
  );
  const out = new Set<number>();
  VOCAB_WORDS.forEach((w, id) => {
    if (w && (forms.has(w) || baseForms(w).some((b) => forms.has(b)))) out.add(id);
  });
  return out;
}

const VARIANTS: Variant[] = [
  { name: 'base' },
  { name: 'center', center: true },
  { name: 'center-q', center: true, centerQuery: true },
  ...[1, 2, 4, 8].map((k) => ({ name: `abtt-${k}`, center: true, pcs: k })),
  { name: 'abtt-q-1', center: true, centerQuery: true, pcs: 1 },
  ...[1, 2].map((k) => ({ name: `pc-${k}`, pcs: k })),
  ...[0.003, 0.01, 0.03, 0.1, 0.3].map((a) => ({ name: `sif-${a}`, docWeights: sif(a), queryWeights: sif(a) })),
  ...[0.03, 0.1].map((a) => ({ name: `sif-${a}+pc1`, docWeights: sif(a), queryWeights: sif(a), pcs: 1 })),
  ...[0.01, 0.03, 0.1, 0.3, 1, 3].map((a) => ({ name: `sifq-${a}`, queryWeights: sif(a) })),
  { name: 'center-q+sifq-0.1', center: true, centerQuery: true, queryWeights: sif(0.1) },
  { name: 'center-q+sifq-0.3', center: true, centerQuery: true, queryWeights: sif(0.3) },
  // Query pieces (whitespace words) weighted: each word once whatever its token count; stop words dropped; word-level SIF.
  { name: 'wordeq', queryPieces: (_p, ids) => 1 / Math.max(1, ids.length) },
  { name: 'nostop', queryPieces: (p, _ids, r) => (pieceShare(p, r) === null ? 0 : 1) },
  ...[0.1, 0.3, 1].map((a) => ({ name: `wsifq-${a}`, queryPieces: wsif(a, 1) })),
  ...[0.1, 0.3].map((a) => ({ name: `wsifq-${a}-nostop`, queryPieces: wsif(a, 0) })),
  // Query tokens weighted by the repository's IDF (log form), whole, square-rooted, 1 + it.
  ...[0.5, 1, 2].map((p) => ({ name: `idfq-${p}`, queryWeights: idf(p, false) })),
  ...[0.5, 1].map((p) => ({ name: `idf1q-${p}`, queryWeights: idf(p, true) })),
  ...[0.5, 1].map((p) => ({ name: `widfq-${p}`, queryPieces: widf(p, 1) })),
  // The chunk's place: its path as words, no path, the path written twice.
  { name: 'place-words', place: (c: Chunk) => pathWords(c.path) },
  { name: 'place-none', place: () => '' },
  { name: 'place-both', place: (c: Chunk) => `${c.path}\n${pathWords(c.path)}` },
  // The place as a vector of its own, added to a short question's candidates as the name cosine is.
  ...[0.1, 0.2, 0.3, 0.5].map((w) => ({ name: `placeq-${w}`, placeWeight: w })),
  ...[0.1, 0.2, 0.3, 0.5].map((w) => ({ name: `placeq-shared-${w}`, placeWeight: w, placeShared: true })),
  // Late interaction (MaxSim) over the pooled list's candidates: `maxsim-<weight>-<w>-<k>`, then
  // the token weight of the query side alone, MaxSim alone, without the path, and for short questions only.
  ...(['scale', 'idf', 'scaleidf', 'uniform'] as const).flatMap((weight) =>
    [0.1, 0.2, 0.3, 0.5, 1].flatMap((w) =>
      [100, 200].map((k) => ({ name: `maxsim-${weight}-${w}-${k}`, maxsim: { weight, w, k } })),
    ),
  ),
  ...[100, 200].map((k) => ({ name: `maxsim-scale-alone-${k}`, maxsim: { weight: 'scale' as const, w: Infinity, k } })),
  ...[0.1, 0.3, 0.5].map((w) => ({
    name: `maxsim-scale-${w}-200-name`,
    maxsim: { weight: 'scale' as const, w, k: 200, nameOnly: true },
  })),
  // h47-sem: soft matches only, and a window taking the named candidates' mean.
  ...[0.3, 0.5, 1].flatMap((w) => [
    { name: `maxsim-scale-${w}-200-soft`, maxsim: { weight: 'scale' as const, w, k: 200, soft: true } },
    {
      name: `maxsim-scale-${w}-200-name-soft`,
      maxsim: { weight: 'scale' as const, w, k: 200, nameOnly: true, soft: true },
    },
    {
      name: `maxsim-scale-${w}-200-name-win`,
      maxsim: { weight: 'scale' as const, w, k: 200, nameOnly: true, windowMean: true },
    },
    {
      name: `maxsim-scale-${w}-200-name-soft-win`,
      maxsim: { weight: 'scale' as const, w, k: 200, nameOnly: true, soft: true, windowMean: true },
    },
  ]),
  ...[0.3, 0.5, 1].flatMap((w) => [
    {
      name: `maxsim-scale-${w}-200-name-file`,
      maxsim: { weight: 'scale' as const, w, k: 200, nameOnly: true, byFile: true },
    },
    { name: `maxsim-scale-${w}-200-file`, maxsim: { weight: 'scale' as const, w, k: 200, byFile: true } },
  ]),
  ...[0.1, 0.3].flatMap((w) => [
    { name: `maxsim-scale-${w}-200-np`, maxsim: { weight: 'scale' as const, w, k: 200, noPath: true } },
    {
      name: `maxsim-scale-${w}-200-short-np`,
      maxsim: { weight: 'scale' as const, w, k: 200, short: true, noPath: true },
    },
  ]),
];
/** Variants a run computes (`--variants a,b`; base always): every one by default. */
let RUN_VARIANTS = VARIANTS;

/** Reciprocal ranks per variant, with names and without, per question. */
interface Scored {
  set: string;
  group: string;
  rr: Record<string, { chunks: number; names: number }>;
}

function rankOf(scores: Float64Array, skip: Uint8Array, chunks: Chunk[], right: (c: Chunk) => boolean): number {
  const order: number[] = [];
  for (let i = 0; i < scores.length; i++) if (!skip[i]) order.push(i);
  order.sort((a, b) => scores[b] - scores[a] || a - b);
  for (let r = 0; r < CUT; r++) if (order[r] !== undefined && right(chunks[order[r]])) return 1 / (r + 1);
  return 0;
}

function scoreProject(
  model: StaticTokenModel,
  runner: LocalModelRunner,
  tokenizer: LocalTokenizer,
  corpus: Corpus,
  rarity: TermRarity,
  asked: Asked[],
): Scored[] {
  const chunks = corpus.chunks;
  const skip = contentlessChunks(corpus);
  const linesByFile = new Map<number, string[]>();
  const docIds: number[][] = [];
  const nameIds: (number[] | null)[] = [];
  for (const c of chunks) {
    let lines = linesByFile.get(c.fileId);
    if (!lines) linesByFile.set(c.fileId, (lines = corpus.files[c.fileId].text.split('\n')));
    docIds.push(runner.tokenize(chunkEmbeddingText(c, corpus.files[c.fileId], lines)));
    const name = chunkNameText(c, corpus.files[c.fileId]);
    nameIds.push(name === null ? null : runner.tokenize(name));
  }
  // Document frequency over the chunks that rank (a token counted once per chunk).
  const df = new Float64Array(model.vocabSize);
  let n = 0;
  const seen = new Int32Array(model.vocabSize).fill(-1);
  docIds.forEach((ids, i) => {
    if (skip[i]) return;
    n++;
    for (const id of ids)
      if (seen[id] !== i) {
        seen[id] = i;
        df[id]++;
      }
  });
  const queryIds = asked.map((q) => runner.tokenize(q.text));
  // Each query's whitespace pieces and their token ids (the runner's wordwise tokenization, special tokens around).
  const queryPieces = asked.map((q) =>
    q.text
      .split(/\s+/)
      .filter((p) => p)
      .map((p) => ({ piece: p, ids: tokenizer.encode(p, { add_special_tokens: false }) })),
  );
  const out: Scored[] = asked.map((q) => ({ set: q.set, group: q.group, rr: {} }));
  // MaxSim: each candidate's distinct token ids (specials out), and each query token's cosine with every row.
  const special = new Set(runner.tokenize(''));
  const docSets = docIds.map((ids) => Int32Array.from(new Set(ids.filter((id) => !special.has(id)))));
  // The same without the path line, as SemanticIndex's trial matched them (read when a variant asks).
  const bodySets: Int32Array[] = [];
  const bodySet = (i: number) => {
    if (!bodySets[i]) {
      const c = chunks[i];
      const text = chunkEmbeddingText(c, corpus.files[c.fileId], linesByFile.get(c.fileId));
      const at = text.indexOf('\n');
      const ids = runner.tokenize(at < 0 ? '' : text.slice(at + 1));
      bodySets[i] = Int32Array.from(new Set(ids.filter((id) => !special.has(id))));
    }
    return bodySets[i];
  };
  const simRows = new Map<number, Float32Array>();
  const simRow = (t: number) => {
    let r = simRows.get(t);
    if (!r) simRows.set(t, (r = tokenCosines(model, t)));
    return r;
  };
  /** Per question, per candidate: each query token's best cosine (query content tokens in order). */
  const maxCache = new Map<string, Float32Array>();
  /** Per question and mode, the pooled list's first MAXSIM_K (the same for every MaxSim variant: their vectors are base's). */
  const firstTops = new Map<string, number[]>();
  let plainDocs: { rawDocs: Vec[]; rawNames: Map<number, Vec> } | undefined;
  const nameSets = nameIds.map((ids) => Int32Array.from(new Set((ids ?? []).filter((id) => !special.has(id)))));
  const ownWords = new Map<number, Set<number>>();
  const maxOf = (qi: number, i: number, qTokens: number[], tokens: 'all' | 'body' | 'name', soft = false) => {
    const key = `${qi}:${i}:${tokens}:${soft}`;
    let m = maxCache.get(key);
    if (!m) {
      m = new Float32Array(qTokens.length);
      let set = { all: docSets, name: nameSets }[tokens as 'all' | 'name']?.[i] ?? bodySet(i);
      if (soft) {
        let own = ownWords.get(qi);
        if (!own) ownWords.set(qi, (own = ownWordIds(asked[qi].text)));
        set = set.filter((v) => !own.has(v));
      }
      qTokens.forEach((t, j) => {
        const r = simRow(t);
        let best = set.length ? -1 : 0;
        for (const v of set) if (r[v] > best) best = r[v];
        m![j] = best;
      });
      maxCache.set(key, m);
    }
    return m;
  };
  const places = new Map<number, Vec>();
  const placeOf = (fileId: number) => {
    let p = places.get(fileId);
    if (!p) {
      p = pool(model, runner.tokenize(pathWords(corpus.files[fileId].path)), 'document');
      places.set(fileId, p);
    }
    return p;
  };
  for (const v of RUN_VARIANTS) {
    const dw = v.docWeights?.(df, n);
    const qw = v.queryWeights?.(df, n);
    const place = v.place;
    const ids = place
      ? chunks.map((c) => {
          const file = corpus.files[c.fileId];
          const text = chunkEmbeddingText({ ...c, path: place(c) }, file, linesByFile.get(c.fileId));
          return runner.tokenize(text.startsWith('\n') ? text.slice(1) : text);
        })
      : docIds;
    const plainVectors = !dw && !place;
    const pooled =
      plainVectors && plainDocs
        ? plainDocs
        : {
            rawDocs: ids.map((ids) => pool(model, ids, 'document', dw)),
            rawNames: new Map(
              nameIds
                .map((ids, i) => (ids ? i : -1))
                .filter((i) => i >= 0)
                .map((i) => [i, pool(model, nameIds[i]!, 'document', dw)] as const),
            ),
          };
    if (plainVectors) plainDocs = pooled;
    const { rawDocs, rawNames } = pooled;
    const ranked = rawDocs.filter((_, i) => !skip[i]);
    const mu = v.center ? mean(ranked) : undefined;
    const dirs = v.pcs ? topDirections(ranked, v.pcs, mu) : [];
    const docs = v.center || v.pcs ? rawDocs.map((d) => transform(d, mu, dirs)) : rawDocs;
    // Names: the same transformation with their own statistics (they are shorter texts of another kind).
    const nameVecs = [...rawNames.values()];
    const nmu = v.center && nameVecs.length ? mean(nameVecs) : undefined;
    const ndirs = v.pcs && nameVecs.length ? topDirections(nameVecs, v.pcs, nmu) : [];
    const names = new Map(
      [...rawNames].map(([i, d]) => [i, v.center || v.pcs ? transform(d, nmu, ndirs) : d] as const),
    );
    asked.forEach((q, qi) => {
      let at: number[] | undefined;
      if (v.queryPieces) {
        const pieces = queryPieces[qi];
        const inner = pieces.reduce((a, p) => a + p.ids.length, 0);
        if (inner + 2 !== queryIds[qi].length) throw new Error(`query pieces do not add up: ${q.text}`);
        at = [1, ...pieces.flatMap((p) => p.ids.map(() => v.queryPieces!(p.piece, p.ids, rarity))), 1];
      }
      const raw = pool(model, queryIds[qi], 'query', qw, at);
      const qv = transform(raw, v.centerQuery ? mu : undefined, dirs);
      const scores = new Float64Array(chunks.length);
      for (let i = 0; i < chunks.length; i++) scores[i] = skip[i] ? -Infinity : dot(qv, docs[i]);
      let plain = rankOf(scores, skip, chunks, q.right);
      let withNames = plain;
      /** The rank of the right chunk when the first `k` by `first` are rescored with MaxSim (the rest cannot reach the ten). */
      const lateRank = (mode: string, first: Float64Array) => {
        const m = v.maxsim!;
        const qTokens = queryIds[qi].filter((id) => !special.has(id));
        const weights = qTokens.map((t) => {
          const sc = model.tokenScale[t + model.vocabSize];
          const idfw = Math.log((n + 1) / (df[t] + 1));
          const byWeight = { scale: sc, idf: idfw, scaleidf: sc * idfw, uniform: 1 };
          return byWeight[m.weight];
        });
        const total = weights.reduce((a, b) => a + b, 0) || 1;
        const key = `${qi}:${mode}`;
        let top = firstTops.get(key);
        if (!top) {
          const all: number[] = [];
          for (let i = 0; i < chunks.length; i++) if (!skip[i] && first[i] > -Infinity) all.push(i);
          all.sort((a, b) => first[b] - first[a] || a - b);
          firstTops.set(key, (top = all.slice(0, MAXSIM_K)));
        }
        const lates = top.slice(0, m.k).map((i) => {
          const mx = maxOf(qi, i, qTokens, tokensOf(m), m.soft);
          let late = 0;
          for (let j = 0; j < mx.length; j++) late += weights[j] * mx[j];
          return late / total;
        });
        if (m.windowMean) {
          const named = top.slice(0, m.k).filter((i) => nameIds[i] !== null);
          const meanLate = named.length
            ? top.slice(0, m.k).reduce((a, i, r) => a + (nameIds[i] !== null ? lates[r] : 0), 0) / named.length
            : 0;
          top.slice(0, m.k).forEach((i, r) => {
            if (nameIds[i] === null) lates[r] = meanLate;
          });
        }
        if (m.byFile) {
          const best = new Map<number, number>();
          top.slice(0, m.k).forEach((i, r) => {
            const f = chunks[i].fileId;
            best.set(f, Math.max(best.get(f) ?? -Infinity, lates[r]));
          });
          top.slice(0, m.k).forEach((i, r) => (lates[r] = best.get(chunks[i].fileId)!));
        }
        const scored = top.slice(0, m.k).map((i, r) => {
          const late = lates[r];
          return { i, s: m.w === Infinity ? late + 1e-3 * first[i] : first[i] + m.w * late };
        });
        scored.sort((a, b) => b.s - a.s || a.i - b.i);
        for (let r = 0; r < CUT && r < scored.length; r++) if (q.right(chunks[scored[r].i])) return 1 / (r + 1);
        return 0;
      };
      if (q.names) {
        const top: number[] = [];
        for (let i = 0; i < chunks.length; i++) if (!skip[i]) top.push(i);
        top.sort((a, b) => scores[b] - scores[a] || a - b);
        const nq = transform(raw, v.centerQuery ? nmu : undefined, ndirs);
        const boosted = new Float64Array(chunks.length).fill(-Infinity);
        for (const i of top.slice(0, NAME_CANDIDATES)) {
          const nv = names.get(i);
          boosted[i] = scores[i] + (nv ? NAME_VECTOR_WEIGHT * dot(nq, nv) : 0);
          if (v.placeWeight && (!v.placeShared || sharesPlace(q.text, chunks[i].path)))
            boosted[i] += v.placeWeight * dot(raw, placeOf(chunks[i].fileId));
        }
        withNames = rankOf(boosted, skip, chunks, q.right);
        if (v.maxsim) withNames = lateRank('names', boosted);
      }
      if (v.maxsim) {
        plain = q.names || !v.maxsim.short ? lateRank('chunks', scores) : plain;
        if (!q.names) withNames = plain;
      }
      out[qi].rr[v.name] = { chunks: plain, names: withNames };
    });
  }
  return out;
}

async function main(argv: string[]): Promise<void> {
  const arg = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1].split(',') : undefined;
  };
  const onlyUnderstand = arg('--understand');
  const onlyReal = arg('--real') ?? [];
  const onlyVariants = arg('--variants');
  const kept = argv.includes('--kept');
  if (onlyVariants) RUN_VARIANTS = VARIANTS.filter((v) => v.name === 'base' || onlyVariants.includes(v.name));
  const dir = join(NODE_MODELS_DIR, 'fourfold-code-search');
  const loaded = loadStaticModel(await readFile(join(dir, LOCAL_MODEL_PATHS.onnx)));
  if (!loaded.ok) throw new Error(`static model refused: ${loaded.rejection}`);
  const model = loaded.model;
  const tokenizer = await localTokenizerFrom(
    await readFile(join(dir, LOCAL_MODEL_PATHS.tokenizerJson), 'utf8'),
    await readFile(join(dir, LOCAL_MODEL_PATHS.tokenizerConfig), 'utf8'),
  );
  const runner = new LocalModelRunner(tokenizer, model);
  VOCAB_WORDS = vocabularyWords(await readFile(join(dir, LOCAL_MODEL_PATHS.tokenizerJson), 'utf8'));
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  const lexicalExpansion = evalLexicalExpansion();
  const deps = { analyzer, embedder: null, lexicalExpansion };
  const log = (m: string) => process.stderr.write(`${m}\n`);
  const all: Scored[] = [];
  const corpusOf = (e: Engine) => (e as unknown as { corpus: Corpus }).corpus;
  const rarityOf = (e: Engine) =>
    (e as unknown as { indexes: { text: { termRarity(): TermRarity } } }).indexes.text.termRarity();
  const plainAsk = (engine: Engine, query: string) => {
    const plan = engine.classify(query);
    return {
      text: semanticQueryText(plan).text,
      names: plan.intent === 'understand_code' && plan.terms.length <= NAME_MAX_WORDS,
    };
  };

  const uProjects = UNDERSTAND_PROJECTS.filter((p) => !onlyUnderstand || onlyUnderstand.includes(p.name)).map((p) =>
    loadUnderstandProject(p, log),
  );
  const keywords = keywordQuestions(uProjects, analyzer);
  for (const project of uProjects) {
    // --kept: the keyword questions alone, asked of the copy as shipped (comments kept), as run.ts asks them.
    const questions = projectQuestions(project, analyzer, keywords, 'tuning').filter(
      (q) => !kept || q.kind === 'keyword',
    );
    const engine = await Engine.build(kept ? project.files : project.blankFiles, deps);
    const asked: Asked[] = questions.map((q) => ({
      set: `understand ${kept ? 'keyword-kept' : q.kind}`,
      group: project.spec.group,
      ...plainAsk(engine, q.query),
      right: (c: Chunk) => c.path === q.path && c.startLine <= q.nameLine && q.nameLine <= c.endLine,
    }));
    log(`understand ${project.spec.name}: ${corpusOf(engine).chunks.length} chunks, ${asked.length} tuning questions`);
    all.push(...scoreProject(model, runner, tokenizer, corpusOf(engine), rarityOf(engine), asked));
  }

  const realRows = readFileSync(join(REPO_ROOT, 'docs/eval/real/questions.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as RealQuestion)
    .filter((q) => q.half === 'tuning' && q.kind === 'understand');
  for (const spec of REAL_PROJECTS.filter((p) => onlyReal.includes(p.name))) {
    const mine = realRows.filter((q) => q.project === spec.name);
    const project = await loadRealProject(spec, log);
    if (!project || mine.length === 0) continue;
    const engine = await Engine.build(project.files, deps);
    const asked: Asked[] = mine.map((q) => {
      const groups = groupsOf(q.expected);
      return {
        set: 'real how-does',
        group: spec.language,
        ...plainAsk(engine, q.query),
        right: (c: Chunk) => groups.some((g) => answers(c, g, 'line')),
      };
    });
    log(`real ${spec.name}: ${corpusOf(engine).chunks.length} chunks, ${asked.length} tuning how-does rows`);
    all.push(...scoreProject(model, runner, tokenizer, corpusOf(engine), rarityOf(engine), asked));
  }

  const keys = [...new Set(all.map((s) => `${s.set} · ${s.group}`))].sort();
  for (const mode of ['names', 'chunks'] as const) {
    process.stdout.write(
      `\n### MRR@10 at the function, ${mode === 'names' ? 'with the name cosine (as the engine)' : 'chunk cosine alone'}\n\n`,
    );
    process.stdout.write(
      `| variant (questions up / down against base) | ${keys.join(' | ')} | all |\n|---|${keys.map(() => '---:').join('|')}|---:|\n`,
    );
    const groupsAll = [...keys.map((k) => all.filter((s) => `${s.set} · ${s.group}` === k)), all];
    process.stdout.write(`| n | ${groupsAll.map((g) => g.length).join(' | ')} |\n`);
    // Each variant's mean, and how many questions it moved up / down against base.
    for (const v of RUN_VARIANTS)
      process.stdout.write(
        `| ${v.name} | ${groupsAll
          .map((g) => {
            const m = (g.reduce((a, s) => a + s.rr[v.name][mode], 0) / g.length).toFixed(3);
            const up = g.filter((s) => s.rr[v.name][mode] > s.rr.base[mode]).length;
            const down = g.filter((s) => s.rr[v.name][mode] < s.rr.base[mode]).length;
            return v.name === 'base' ? m : `${m} (+${up} −${down})`;
          })
          .join(' | ')} |\n`,
      );
  }
}

await main(process.argv.slice(2));
