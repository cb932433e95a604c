/**
 * Model pipeline step 4a — tokenize: `npx tsx scripts/model-tokenize.ts`
 *
 * Splits the clean pairs by package into training and held-out (HELD_OUT_SHARE of the
 * packages, chosen by a seeded hash: no package is on both sides), chooses the vocabulary
 * from the training side only (sub-tokens seen in ≥ MIN_PAIRS_PER_WORD pairs of ≥ 2
 * packages, the VOCAB_WORDS most frequent; each opt-in from the environment, vocabularyThresholds), and encodes every pair with the model's own
 * tokenizer (scripts/model-tokenizer.ts, identical to the exported tokenizer.json),
 * truncated like transformers.js truncates (MAX_TOKENS with [CLS] and [SEP]).
 * Writes .cache/model/tokens.json (vocabulary, split, offsets) and tokens.bin (the ids).
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashSeed } from '../bench/eval/rng';
import { MODEL_CACHE, REPO_ROOT, type Pair, logStep, runMain, writeJson } from './model-cache';
import { nameView, typedViews } from './model-pairs';
import { buildVocabulary, preTokenize, wordPiece } from './model-tokenizer';

export const VOCAB_WORDS = 30_000;
const MIN_PAIRS_PER_WORD = 3;
const MIN_PACKAGES_PER_WORD = 2;

/** Which words become whole tokens: in at least minPairs pairs of at least minPackages packages, the maxWords most frequent. */
export interface VocabularyThresholds {
  minPairs: number;
  minPackages: number;
  maxWords: number;
}

/**
 * The thresholds, each opt-in from the environment (FOURFOLD_MODEL_MIN_PAIRS_PER_WORD,
 * FOURFOLD_MODEL_MIN_PACKAGES_PER_WORD, FOURFOLD_MODEL_VOCAB_WORDS) for trials of a larger
 * vocabulary: a word under them is spelled by WordPiece from a prefix and pieces, so a rare
 * word a question says is not matched whole. Unset, the shipped model's values.
 */
export function vocabularyThresholds(env: Record<string, string | undefined> = process.env): VocabularyThresholds {
  const read = (name: string, fallback: number): number => {
    const value = env[name];
    if (value === undefined || value.trim() === '') return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name}=${value}: a positive whole number is required`);
    return n;
  };
  return {
    minPairs: read('FOURFOLD_MODEL_MIN_PAIRS_PER_WORD', MIN_PAIRS_PER_WORD),
    minPackages: read('FOURFOLD_MODEL_MIN_PACKAGES_PER_WORD', MIN_PACKAGES_PER_WORD),
    maxWords: read('FOURFOLD_MODEL_VOCAB_WORDS', VOCAB_WORDS),
  };
}
/** Share of packages held out for validation (early stopping and the card's held-out MRR). */
export const HELD_OUT_SHARE = 0.06;
/** Tokens transformers.js keeps (model_max_length), [CLS] and [SEP] included. */
export const MAX_TOKENS = 512;
const SPLIT_SEED = 'fourfold-model-split-1';

export interface TokenizedPairs {
  vocabulary: string[];
  /** Per pair: package, language, name, held out or not, and where its three sequences are in tokens.bin. */
  pairs: {
    pkg: string;
    language: string;
    name: string;
    heldOut: boolean;
    query: [number, number];
    summary: [number, number] | null;
    code: [number, number];
    /** The doc sentence as people type it (typedViews): the training sampler draws among these. */
    views: [number, number][];
    /** The first keyword view: the held-out packages are also scored with it as the question. */
    keywords: [number, number] | null;
    /** The name view (model-pairs.ts nameView): the name's words as the question, the code with the name blanked. */
    nameView?: { query: [number, number]; code: [number, number] } | null;
  }[];
  /** Texts of held-out pairs (for examples in the card). */
  heldOutText: Record<number, { query: string; code: string; keywords?: string }>;
}

/** Indexes of the held-out pairs, grouped by package (each package is one retrieval pool). */
export function heldOutPairsByPackage(tok: TokenizedPairs): Map<string, number[]> {
  const byPkg = new Map<string, number[]>();
  tok.pairs.forEach((p, i) => {
    if (!p.heldOut) return;
    let l = byPkg.get(p.pkg);
    if (!l) byPkg.set(p.pkg, (l = []));
    l.push(i);
  });
  return byPkg;
}

export function isHeldOut(pkg: string): boolean {
  return hashSeed(`${SPLIT_SEED}:${pkg}`) / 4294967296 < HELD_OUT_SHARE;
}

/** The most frequent words of the training texts, each in enough pairs and packages. */
export function chooseWords(
  texts: { pkg: string; words: string[] }[],
  { minPairs, minPackages, maxWords }: VocabularyThresholds = vocabularyThresholds(),
): string[] {
  const pairsWith = new Map<string, number>();
  const packagesWith = new Map<string, Set<string>>();
  for (const { pkg, words } of texts) {
    for (const w of new Set(words)) {
      if (w.length > 30 || /^[0-9]{3,}$/.test(w)) continue;
      pairsWith.set(w, (pairsWith.get(w) ?? 0) + 1);
      let s = packagesWith.get(w);
      if (!s) packagesWith.set(w, (s = new Set()));
      if (s.size < minPackages) s.add(pkg);
    }
  }
  return [...pairsWith.entries()]
    .filter(([w, n]) => n >= minPairs && packagesWith.get(w)!.size >= minPackages)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, maxWords)
    .map(([w]) => w);
}

/** Token ids as transformers.js computes them (without [CLS]/[SEP], truncated to leave room for them). */
export function makeEncoder(vocabulary: string[]): (text: string) => number[] {
  const vocab = new Map(vocabulary.map((t, i) => [t, i]));
  const unk = vocab.get('[UNK]')!;
  const cache = new Map<string, number[]>();
  return (text: string) => {
    const out: number[] = [];
    for (const w of preTokenize(text)) {
      let ids = cache.get(w);
      if (!ids) {
        ids = [];
        wordPiece(w, vocab, unk, ids);
        if (cache.size < 2_000_000) cache.set(w, ids);
      }
      for (const id of ids) out.push(id);
      if (out.length >= MAX_TOKENS - 2) break;
    }
    return out.slice(0, MAX_TOKENS - 2);
  };
}

/** A committed model's vocabulary in id order (public/models/<id>/tokenizer.json). */
export function baseVocabulary(modelId: string): string[] {
  const file = join(REPO_ROOT, 'public', 'models', modelId, 'tokenizer.json');
  if (!existsSync(file)) throw new Error(`FOURFOLD_MODEL_BASE=${modelId}: no ${file}`);
  const json = JSON.parse(readFileSync(file, 'utf8')) as { model: { vocab: Record<string, number> } };
  const out: string[] = [];
  for (const [token, id] of Object.entries(json.model.vocab)) out[id] = token;
  return out;
}

/**
 * A warm start's vocabulary: the base model's tokens keep their ids (so its rows carry over
 * unchanged, model-train.ts baseWeights), and words the base did not have (a new language's
 * sub-tokens) follow them. WordPiece looks pieces up by string, so their place is free.
 */
export function extendVocabulary(base: string[], words: string[]): string[] {
  const seen = new Set(base);
  return [...base, ...words.filter((w) => !seen.has(w))];
}

export async function tokenize(): Promise<void> {
  // Experiments: FOURFOLD_MODEL_LANGUAGES=javascript,typescript trains on those languages only
  // (the held-out packages stay the same, so runs compare).
  const languages = process.env.FOURFOLD_MODEL_LANGUAGES?.split(',');
  const pairs = readFileSync(join(MODEL_CACHE, 'clean.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Pair)
    .filter((p) => !languages || isHeldOut(p.pkg) || languages.includes(p.language));
  const train = pairs.filter((p) => !isHeldOut(p.pkg));
  const thresholds = vocabularyThresholds();
  const words = chooseWords(
    train.map((p) => ({ pkg: p.pkg, words: preTokenize(`${p.query} ${p.summary ?? ''} ${p.code}`) })),
    thresholds,
  );
  const base = process.env.FOURFOLD_MODEL_BASE;
  const vocabulary = base ? extendVocabulary(baseVocabulary(base), words) : buildVocabulary(words);
  const encode = makeEncoder(vocabulary);
  const ids: number[] = [];
  const put = (text: string): [number, number] => {
    const start = ids.length;
    for (const id of encode(text)) ids.push(id);
    return [start, ids.length];
  };
  const out: TokenizedPairs = { vocabulary, pairs: [], heldOutText: {} };
  pairs.forEach((p, i) => {
    const heldOut = isHeldOut(p.pkg);
    const views = typedViews(p.query, p.language);
    const keywords = views.find((v) => v.kind === 'keywords')?.text;
    const named = nameView(p.name, p.code);
    out.pairs.push({
      pkg: p.pkg,
      language: p.language,
      name: p.name,
      heldOut,
      query: put(p.query),
      summary: p.summary ? put(p.summary) : null,
      code: put(p.code),
      views: views.map((v) => put(v.text)),
      keywords: keywords === undefined ? null : put(keywords),
      nameView: named ? { query: put(named.query), code: put(named.code) } : null,
    });
    if (heldOut) out.heldOutText[i] = { query: p.query, code: p.code, keywords };
  });
  await writeFile(join(MODEL_CACHE, 'tokens.bin'), new Uint8Array(Int32Array.from(ids).buffer));
  await writeJson(join(MODEL_CACHE, 'tokens.json'), out);
  const held = out.pairs.filter((p) => p.heldOut);
  logStep(
    'tokenize',
    `${vocabulary.length} tokens (words in ≥ ${thresholds.minPairs} pairs of ≥ ${thresholds.minPackages} packages, at most ${thresholds.maxWords}); ${pairs.length - held.length} training pairs, ${held.length} held out (${new Set(held.map((p) => p.pkg)).size} packages); ${ids.length} ids`,
  );
}

runMain(import.meta.url, tokenize);
