/**
 * `npx tsx scripts/model-expansion.ts`: the learned lexical expansion shipped beside the model
 * (public/models/<id>/expansion.json): for each word of the doc sentences, the code sub-tokens
 * that come with it in the same (doc sentence, code) training pairs more often than chance —
 * "readable" → `access`, "retry" → `backoff`. The text index adds them to a plain-words
 * question at a lower weight (src/engine/text/expansion.ts), so a question can meet code that
 * never says its words.
 *
 * Read from .cache/model/clean.jsonl (the decontaminated pairs the model trains on: reserved
 * packages and every package `npm run eval`, the understand set and the real-repository set
 * score are already dropped there; checked again here by name). Per pair, the sentence's
 * content words and the code's identifier sub-tokens (path, name, signature, body: what the
 * text index tokenizes) are each counted once. An association is kept when it is seen in at
 * least MIN_JOINT pairs of MIN_PACKAGES packages (one package's house words are not English),
 * is positive (PMI > 0) and is not the word itself (nor its inflection or prefix: the text
 * index already matches those); each word keeps its TOP_PER_WORD strongest by the likelihood
 * ratio G² (Dunning 1993: favours associations that are both strong and frequent, where PMI
 * alone favours rare ones), stored with their normalised PMI in (0, 1].
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EXPANSION_FILE, type ExpansionTable } from '../src/engine/text/expansion';
import { baseForms, contentTerms, subTokens } from '../src/engine/tokens';
import { evaluatedPackages, projectKey } from './model-decontaminate';
import { MODEL_DIR } from './model-export';
import { RESERVED_NAME } from './model-fetch';
import { logStep, MODEL_CACHE, type Pair, runMain } from './model-cache';

/** A word must open this many sentences to get an entry, and a token appear in this many codes. */
const MIN_WORD_PAIRS = 20;
const MIN_TOKEN_PAIRS = 20;
/** An association must be seen in this many pairs, from this many packages. */
const MIN_JOINT = 8;
const MIN_PACKAGES = 3;
/** Tokens in more than this share of the codes say nothing about any word (`self`, `return`, `err`). */
const MAX_TOKEN_SHARE = 0.2;
/**
 * What a sentence's words are paired with: the whole code (path, name, signature, body), or with
 * FOURFOLD_EXPANSION_SIDE=name the definition's name alone (tried: fewer, sparser associations,
 * and text search fell with them; docs/eval/FUSION.md).
 */
const CODE_SIDE = process.env.FOURFOLD_EXPANSION_SIDE === 'name' ? 'name' : 'code';
/** Associations stored per word (the engine reads the first few above its threshold). */
const TOP_PER_WORD = 6;
/** The counting runs over this many (word, token) cells at once (dense counters, a pass each). */
const CELLS_PER_PASS = 12_000_000;

interface Bags {
  words: string[];
  tokens: string[];
  /** Per pair: its word ids and token ids, and its package's id. */
  pairWords: Int32Array[];
  pairTokens: Int32Array[];
  pairPackage: Int32Array;
}

/** The pairs that may be mined: the decontaminated pairs, with the reserved and evaluated packages dropped once more by name. */
export function readPairs(): { pairs: Pair[]; dropped: number } {
  const evaluated = evaluatedPackages();
  const all = readFileSync(join(MODEL_CACHE, 'clean.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Pair);
  const pairs = all.filter((p) => {
    const name = p.pkg.slice(p.pkg.indexOf(':') + 1);
    return !RESERVED_NAME.test(name) && !evaluated.has(projectKey(name));
  });
  return { pairs, dropped: all.length - pairs.length };
}

/**
 * Syntax of the mined languages and file extensions: they come with every kind of sentence
 * in some language's code ("parse" → `elif`, `break`), and a question never means them.
 */
const SYNTAX_TOKENS = new Set(
  (
    'if else elif elsif for while do break continue return match case switch default try catch except finally ' +
    'throw throws raise def fn func function class struct enum trait impl interface type pub mut let var const ' +
    'static self this super new delete typeof instanceof in of is not and or none nil null true false undefined ' +
    'void import export from as use mod package crate go defer chan select async await yield lambda with pass ' +
    'assert where dyn ref box unsafe extern loop goto range map make len cap append ok err py js ts mjs cjs jsx tsx rs'
  ).split(' '),
);

const isWord = (w: string) => /^[a-z]{3,}$/.test(w);
const isToken = (t: string) => /^[a-z][a-z0-9]+$/.test(t) && !SYNTAX_TOKENS.has(t);

/** Each pair's distinct words and tokens as ids, rare and ubiquitous ones left out. */
function bagsOf(pairs: Pair[]): Bags {
  const pairWordTexts = pairs.map((p) => new Set(contentTerms(p.query).filter(isWord)));
  const pairTokenTexts = pairs.map((p) => new Set(subTokens(CODE_SIDE === 'name' ? p.name : p.code).filter(isToken)));
  const wordCount = new Map<string, number>();
  const tokenCount = new Map<string, number>();
  for (const ws of pairWordTexts) for (const w of ws) wordCount.set(w, (wordCount.get(w) ?? 0) + 1);
  for (const ts of pairTokenTexts) for (const t of ts) tokenCount.set(t, (tokenCount.get(t) ?? 0) + 1);
  const maxToken = MAX_TOKEN_SHARE * pairs.length;
  const words = [...wordCount].filter(([, c]) => c >= MIN_WORD_PAIRS).map(([w]) => w);
  const tokens = [...tokenCount].filter(([, c]) => c >= MIN_TOKEN_PAIRS && c <= maxToken).map(([t]) => t);
  words.sort();
  tokens.sort();
  const wordId = new Map(words.map((w, i) => [w, i]));
  const tokenId = new Map(tokens.map((t, i) => [t, i]));
  const packageId = new Map<string, number>();
  const ids = (set: Set<string>, id: Map<string, number>) =>
    Int32Array.from([...set].flatMap((x) => (id.has(x) ? [id.get(x)!] : [])));
  return {
    words,
    tokens,
    pairWords: pairWordTexts.map((s) => ids(s, wordId)),
    pairTokens: pairTokenTexts.map((s) => ids(s, tokenId)),
    pairPackage: Int32Array.from(
      pairs.map((p) => packageId.get(p.pkg) ?? packageId.set(p.pkg, packageId.size).size - 1),
    ),
  };
}

/** Whether a token is the word itself as the text index would already match it (same, inflected, prefix). */
function sameWord(word: string, token: string): boolean {
  if (token.startsWith(word) || word.startsWith(token)) return true;
  return baseForms(word).includes(token) || baseForms(token).includes(word);
}

/** G² of a 2×2 table: joint, word only, token only, neither. */
function likelihoodRatio(joint: number, word: number, token: number, n: number): number {
  const cells = [joint, word - joint, token - joint, n - word - token + joint];
  const expected = [
    (word * token) / n,
    (word * (n - token)) / n,
    ((n - word) * token) / n,
    ((n - word) * (n - token)) / n,
  ];
  let g = 0;
  for (let i = 0; i < 4; i++) if (cells[i] > 0) g += cells[i] * Math.log(cells[i] / expected[i]);
  return 2 * g;
}

/** Counts (word, token) co-occurrences a slice of words at a time, and keeps each word's strongest. */
function associations(bags: Bags): ExpansionTable['words'] {
  const n = bags.pairWords.length;
  const T = bags.tokens.length;
  const wordPairs = new Float64Array(bags.words.length);
  const tokenPairs = new Float64Array(T);
  for (let p = 0; p < n; p++) {
    for (const w of bags.pairWords[p]) wordPairs[w]++;
    for (const t of bags.pairTokens[p]) tokenPairs[t]++;
  }
  const slice = Math.max(1, Math.floor(CELLS_PER_PASS / T));
  const joint = new Uint32Array(slice * T);
  const packages = new Uint16Array(slice * T);
  const lastPackage = new Int32Array(slice * T);
  const out: ExpansionTable['words'] = {};
  for (let from = 0; from < bags.words.length; from += slice) {
    const to = Math.min(bags.words.length, from + slice);
    joint.fill(0);
    packages.fill(0);
    lastPackage.fill(-1);
    for (let p = 0; p < n; p++) {
      const pkg = bags.pairPackage[p];
      for (const w of bags.pairWords[p]) {
        if (w < from || w >= to) continue;
        const row = (w - from) * T;
        for (const t of bags.pairTokens[p]) {
          joint[row + t]++;
          if (lastPackage[row + t] !== pkg) {
            lastPackage[row + t] = pkg;
            packages[row + t]++;
          }
        }
      }
    }
    for (let w = from; w < to; w++) {
      const word = bags.words[w];
      const row = (w - from) * T;
      const kept: { token: string; g: number; npmi: number }[] = [];
      for (let t = 0; t < T; t++) {
        const j = joint[row + t];
        if (j < MIN_JOINT || packages[row + t] < MIN_PACKAGES) continue;
        const pmi = Math.log((j * n) / (wordPairs[w] * tokenPairs[t]));
        if (pmi <= 0 || sameWord(word, bags.tokens[t])) continue;
        const npmi = pmi / -Math.log(j / n);
        kept.push({ token: bags.tokens[t], g: likelihoodRatio(j, wordPairs[w], tokenPairs[t], n), npmi });
      }
      kept.sort((a, b) => b.g - a.g || (a.token < b.token ? -1 : 1));
      if (kept.length > 0)
        out[word] = kept.slice(0, TOP_PER_WORD).map((k) => [k.token, Math.round(k.npmi * 1000) / 1000]);
    }
    logStep('expansion', `words ${from}–${to} of ${bags.words.length} counted`);
  }
  return out;
}

/**
 * The pairs per language, in name order: the engine reads from it which languages the model
 * (trained on these same pairs) has trained on enough of (ranking.ts learnedLanguage, beside the
 * held-out figures scripts/model-measured.ts writes).
 */
export function pairsPerLanguage(pairs: readonly Pick<Pair, 'language'>[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const p of pairs) counts.set(p.language, (counts.get(p.language) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export async function buildExpansion(outFile = join(MODEL_DIR, EXPANSION_FILE)): Promise<ExpansionTable> {
  const { pairs, dropped } = readPairs();
  const bags = bagsOf(pairs);
  logStep(
    'expansion',
    `${pairs.length} pairs (${dropped} more dropped by name), ${bags.words.length} words, ${bags.tokens.length} tokens`,
  );
  const table: ExpansionTable = {
    version: 1,
    pairs: pairs.length,
    languages: pairsPerLanguage(pairs),
    settings: { MIN_WORD_PAIRS, MIN_TOKEN_PAIRS, MIN_JOINT, MIN_PACKAGES, MAX_TOKEN_SHARE, TOP_PER_WORD },
    words: associations(bags),
  };
  mkdirSync(dirname(outFile), { recursive: true });
  const text = `${JSON.stringify(table)}\n`;
  writeFileSync(outFile, text);
  logStep('expansion', `${Object.keys(table.words).length} words → ${outFile} (${(text.length / 1e6).toFixed(2)} MB)`);
  return table;
}

runMain(import.meta.url, () => buildExpansion(process.argv[2]));
