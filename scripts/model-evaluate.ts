/**
 * Model pipeline step 6 — evaluate: `npx tsx scripts/model-evaluate.ts`
 *
 * Scores the EXPORTED model (public/models/<MODEL_ID>/, loaded by transformers.js exactly as
 * Fourfold loads it) on the held-out packages' pairs: per package, each doc sentence ranks
 * that package's code sides; MRR@10 with queries marked as queries (token_type_ids 1) and
 * embedded as documents (token_type_ids 0, what a runtime that does not mark queries
 * gets), with float, int8 and 1-bit document vectors; beside it the same lists ranked by
 * BM25 (MiniSearch) as the lexical baseline. Also nearest-neighbour examples. Then writes
 * the model card public/models/<MODEL_ID>/README.md from every step's cached report and,
 * when present, `npm run eval`'s docs/eval/results.json. Writes .cache/model/evaluate.json.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AutoModel, AutoTokenizer, env, Tensor } from '@huggingface/transformers';
import MiniSearch from 'minisearch';
import { MODEL_CACHE, REPO_ROOT, type FetchManifest, logStep, runMain, writeJson } from './model-cache';
import type { DecontaminationCounts } from './model-decontaminate';
import { MODEL_DIR, MODEL_ID } from './model-export';
import type { MineReport } from './model-mine';
import { preTokenize } from './model-tokenizer';
import { heldOutPairsByPackage, type TokenizedPairs } from './model-tokenize';
import type { TrainReport } from './model-train';

const CUTOFF = 10;
/** Held-out queries shown with their top answers in the card. */
const EXAMPLES = 6;
const EXAMPLE_WORDS = ['parse', 'socket', 'retry', 'password', 'cache', 'sort'];

type Side = 'query' | 'document';

/** Loads the exported model through transformers.js and embeds texts on one side (mean pooling, L2). */
export async function loadExportedModel(modelsDir = join(REPO_ROOT, 'public', 'models'), modelId = MODEL_ID) {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.useFSCache = false;
  env.localModelPath = modelsDir.endsWith('/') ? modelsDir : `${modelsDir}/`;
  const tokenizer = await AutoTokenizer.from_pretrained(modelId);
  const model = await AutoModel.from_pretrained(modelId, { dtype: 'q8' });
  return async function embed(texts: string[], side: Side): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += 32) {
      const batch = texts.slice(i, i + 32);
      const inputs = tokenizer(batch, { padding: true, truncation: true }) as {
        input_ids: Tensor;
        attention_mask: Tensor;
      };
      const [B, T] = inputs.input_ids.dims;
      const tokenTypes = new BigInt64Array(B * T).fill(side === 'query' ? 1n : 0n);
      const { last_hidden_state: h } = (await model({
        ...inputs,
        token_type_ids: new Tensor('int64', tokenTypes, [B, T]),
      })) as { last_hidden_state: Tensor };
      const D = h.dims[2];
      const data = h.data as Float32Array;
      const mask = inputs.attention_mask.data as BigInt64Array;
      for (let b = 0; b < B; b++) {
        const v = new Float32Array(D);
        for (let t = 0; t < T; t++) {
          if (mask[b * T + t] === 0n) continue;
          for (let d = 0; d < D; d++) v[d] += data[(b * T + t) * D + d];
        }
        const n = Math.hypot(...v);
        if (n > 0) for (let d = 0; d < D; d++) v[d] /= n;
        out.push(v);
      }
    }
    return out;
  };
}

function rankOf(scores: number[], target: number, higherIsBetter = true): number {
  let rank = 0;
  for (let j = 0; j < scores.length; j++) {
    if (j === target) continue;
    const better = higherIsBetter ? scores[j] > scores[target] : scores[j] < scores[target];
    if (better || (scores[j] === scores[target] && j < target)) rank++;
  }
  return rank;
}

const rr = (rank: number) => (rank < CUTOFF ? 1 / (rank + 1) : 0);
const dot = (a: Float32Array, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};
/** int8 with one scale per vector (max |x| → 127), dequantised: what int8 rescoring computes with. */
const int8 = (v: Float32Array) => {
  let max = 0;
  for (const x of v) max = Math.max(max, Math.abs(x));
  return Float32Array.from(v, (x) => (max > 0 ? (Math.round((x / max) * 127) * max) / 127 : 0));
};
const hamming = (a: Float32Array, b: Float32Array) => {
  let h = 0;
  for (let i = 0; i < a.length; i++) if (a[i] > 0 !== b[i] > 0) h++;
  return h;
};

export interface HeldOutEvaluation {
  pairs: number;
  packages: number;
  bm25: number;
  query: { float: number; int8: number; bits: number; bitsRescoredInt8: number };
  queryAsDocument: { float: number; bits: number };
  fusedWithBm25: number;
  /** The same MRR@10 per language family of the held-out pairs (JavaScript and TypeScript together). */
  byLanguage: Record<
    string,
    { pairs: number; bm25: number; float: number; int8: number; bits: number; bitsRescoredInt8: number }
  >;
  /** Float MRR@10 per held-out package (to compare runs on the packages they share). */
  byPackage: Record<string, { pairs: number; float: number }>;
  /** The doc sentence's first keyword view as the question ("parse http date": typedViews), pairs that have one. */
  keywords: { pairs: number; bm25: number; float: number };
  /**
   * Per pair language (each on its own, TypeScript apart from JavaScript), the doc sentence's and
   * its keyword view's MRR@10, the model (float) beside BM25 on the same lists: what the model
   * measured of itself, written into its expansion table (scripts/model-measured.ts) for the
   * engine's language gate.
   */
  languages: Record<string, MeasuredLanguage>;
  examples: { query: string; expected: string; top: string[]; rank: number }[];
  neighbours: Record<string, string[]>;
}

/** One language's held-out figures (sums while measuring, means once done). */
export interface MeasuredLanguage {
  pairs: number;
  bm25: number;
  float: number;
  keywordPairs: number;
  keywordBm25: number;
  keywordFloat: number;
}

const emptyMeasure = (): MeasuredLanguage => ({
  pairs: 0,
  bm25: 0,
  float: 0,
  keywordPairs: 0,
  keywordBm25: 0,
  keywordFloat: 0,
});

/** JavaScript and TypeScript pairs are reported together (few TypeScript pairs are held out). */
function languageFamily(language: string): string {
  return language === 'javascript' || language === 'typescript'
    ? 'JavaScript / TypeScript'
    : ({ go: 'Go', rust: 'Rust', python: 'Python' }[language] ?? language);
}

/**
 * Reciprocal ranks of the keyword views of one package's pairs against its code sides, model
 * (float) and BM25, per pair (undefined: the pair has no keyword view).
 */
async function keywordViewRanks(
  texts: { keywords?: string }[],
  docs: Float32Array[],
  search: MiniSearch<{ id: number; text: string }>,
  embed: Awaited<ReturnType<typeof loadExportedModel>>,
): Promise<({ bm25: number; float: number } | undefined)[]> {
  const asked = texts.map((t, a) => [t.keywords, a] as const).filter((x): x is [string, number] => !!x[0]);
  const queries = await embed(
    asked.map(([k]) => k),
    'query',
  );
  const out: ({ bm25: number; float: number } | undefined)[] = texts.map(() => undefined);
  asked.forEach(([k, a], i) => {
    const bmRank = search.search(k).findIndex((h) => h.id === a);
    out[a] = {
      bm25: bmRank < 0 ? 0 : rr(bmRank),
      float: rr(
        rankOf(
          docs.map((d) => dot(queries[i], d)),
          a,
        ),
      ),
    };
  });
  return out;
}

export async function evaluateHeldOut(): Promise<HeldOutEvaluation> {
  const tok = JSON.parse(readFileSync(join(MODEL_CACHE, 'tokens.json'), 'utf8')) as TokenizedPairs;
  const embed = await loadExportedModel();
  const byPkg = heldOutPairsByPackage(tok);
  const sum = { bm25: 0, float: 0, int8: 0, bits: 0, bitsRescoredInt8: 0, qdFloat: 0, qdBits: 0, fused: 0 };
  let n = 0;
  let packages = 0;
  const examples: HeldOutEvaluation['examples'] = [];
  const byLanguage: HeldOutEvaluation['byLanguage'] = {};
  const byPackage: HeldOutEvaluation['byPackage'] = {};
  const keywords = { pairs: 0, bm25: 0, float: 0 };
  const perLanguage: Record<string, MeasuredLanguage> = {};
  for (const [pkg, idx] of byPkg) {
    if (idx.length < 2) continue;
    packages++;
    const texts = idx.map((i) => tok.heldOutText[i]);
    const docs = await embed(
      texts.map((t) => t.code),
      'document',
    );
    const docs8 = docs.map(int8);
    const queries = await embed(
      texts.map((t) => t.query),
      'query',
    );
    const queriesAsDocs = await embed(
      texts.map((t) => t.query),
      'document',
    );
    const search = new MiniSearch<{ id: number; text: string }>({
      fields: ['text'],
      tokenize: (s: string) => preTokenize(s),
    });
    search.addAll(texts.map((t, id) => ({ id, text: t.code })));
    const kw = await keywordViewRanks(texts, docs, search, embed);
    kw.forEach((k, a) => {
      if (!k) return;
      keywords.pairs++;
      keywords.bm25 += k.bm25;
      keywords.float += k.float;
      const measured = (perLanguage[tok.pairs[idx[a]].language] ??= emptyMeasure());
      measured.keywordPairs++;
      measured.keywordBm25 += k.bm25;
      measured.keywordFloat += k.float;
    });
    for (let a = 0; a < idx.length; a++) {
      const bmHits = search.search(texts[a].query);
      const bmRank = bmHits.findIndex((h) => h.id === a);
      const bmScore = bmRank < 0 ? Infinity : bmRank;
      const family = languageFamily(tok.pairs[idx[a]].language);
      const lang = (byLanguage[family] ??= { pairs: 0, bm25: 0, float: 0, int8: 0, bits: 0, bitsRescoredInt8: 0 });
      const inPkg = (byPackage[pkg] ??= { pairs: 0, float: 0 });
      const measured = (perLanguage[tok.pairs[idx[a]].language] ??= emptyMeasure());
      lang.pairs++;
      measured.pairs++;
      inPkg.pairs++;
      const bmRr = bmRank < 0 ? 0 : rr(bmRank);
      sum.bm25 += bmRr;
      lang.bm25 += bmRr;
      measured.bm25 += bmRr;
      const floatScores = docs.map((d) => dot(queries[a], d));
      const fRank = rankOf(floatScores, a);
      sum.float += rr(fRank);
      lang.float += rr(fRank);
      measured.float += rr(fRank);
      inPkg.float += rr(fRank);
      const int8Rr = rr(
        rankOf(
          docs8.map((d) => dot(queries[a], d)),
          a,
        ),
      );
      sum.int8 += int8Rr;
      lang.int8 += int8Rr;
      const ham = docs.map((d) => hamming(queries[a], d));
      const bitsRr = rr(rankOf(ham, a, false));
      sum.bits += bitsRr;
      lang.bits += bitsRr;
      // 1-bit first stage (top 50 by Hamming), int8 rescoring: what the runtime does.
      const shortlist = ham
        .map((h, j) => [h, j] as const)
        .sort((x, y) => x[0] - y[0] || x[1] - y[1])
        .slice(0, 50)
        .map(([, j]) => j);
      const rescored = shortlist
        .map((j) => [dot(queries[a], docs8[j]), j] as const)
        .sort((x, y) => y[0] - x[0] || x[1] - y[1]);
      const rIdx = rescored.findIndex(([, j]) => j === a);
      sum.bitsRescoredInt8 += rIdx < 0 ? 0 : rr(rIdx);
      lang.bitsRescoredInt8 += rIdx < 0 ? 0 : rr(rIdx);
      sum.qdFloat += rr(
        rankOf(
          docs.map((d) => dot(queriesAsDocs[a], d)),
          a,
        ),
      );
      sum.qdBits += rr(
        rankOf(
          docs.map((d) => hamming(queriesAsDocs[a], d)),
          a,
          false,
        ),
      );
      // Reciprocal rank fusion of the model and BM25 (k = 60), as Fourfold fuses lists.
      const rrf = floatScores.map((_, j) => {
        const br = bmHits.findIndex((h) => h.id === j);
        return 1 / (60 + rankOf(floatScores, j) + 1) + (br < 0 ? 0 : 1 / (60 + br + 1));
      });
      sum.fused += rr(rankOf(rrf, a));
      void bmScore;
      n++;
      if (examples.length < EXAMPLES && a === 0 && idx.length >= 20) {
        const top = floatScores
          .map((s, j) => [s, j] as const)
          .sort((x, y) => y[0] - x[0])
          .slice(0, 3);
        examples.push({
          query: texts[a].query,
          expected: `${pkg}: ${texts[a].code.split('\n')[1]}`,
          top: top.map(([, j]) => texts[j].code.split('\n')[1]),
          rank: fRank + 1,
        });
      }
    }
  }
  // Nearest code words for a few query words (query side against document side).
  const candidates = tok.vocabulary.slice(4, 8004).filter((w) => /^[a-z]{3,}$/.test(w));
  const docWords = await embed(candidates, 'document');
  const neighbours: Record<string, string[]> = {};
  for (const w of EXAMPLE_WORDS) {
    const [q] = await embed([w], 'query');
    neighbours[w] = candidates
      .map((c, i) => [dot(q, docWords[i]), c] as const)
      .sort((x, y) => y[0] - x[0])
      .slice(0, 8)
      .map(([, c]) => c);
  }
  return {
    pairs: n,
    packages,
    bm25: sum.bm25 / n,
    query: { float: sum.float / n, int8: sum.int8 / n, bits: sum.bits / n, bitsRescoredInt8: sum.bitsRescoredInt8 / n },
    queryAsDocument: { float: sum.qdFloat / n, bits: sum.qdBits / n },
    fusedWithBm25: sum.fused / n,
    byLanguage: Object.fromEntries(
      Object.entries(byLanguage).map(([l, x]) => [
        l,
        {
          pairs: x.pairs,
          bm25: x.bm25 / x.pairs,
          float: x.float / x.pairs,
          int8: x.int8 / x.pairs,
          bits: x.bits / x.pairs,
          bitsRescoredInt8: x.bitsRescoredInt8 / x.pairs,
        },
      ]),
    ),
    byPackage: Object.fromEntries(
      Object.entries(byPackage).map(([p, x]) => [p, { pairs: x.pairs, float: x.float / x.pairs }]),
    ),
    keywords: {
      pairs: keywords.pairs,
      bm25: keywords.pairs ? keywords.bm25 / keywords.pairs : 0,
      float: keywords.pairs ? keywords.float / keywords.pairs : 0,
    },
    languages: Object.fromEntries(
      Object.entries(perLanguage)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([l, x]) => [
          l,
          {
            pairs: x.pairs,
            bm25: x.bm25 / x.pairs,
            float: x.float / x.pairs,
            keywordPairs: x.keywordPairs,
            keywordBm25: x.keywordPairs ? x.keywordBm25 / x.keywordPairs : 0,
            keywordFloat: x.keywordPairs ? x.keywordFloat / x.keywordPairs : 0,
          },
        ]),
    ),
    examples,
    neighbours,
  };
}

// ---- The model card ----------------------------------------------------------------------

const f3 = (x: number) => x.toFixed(3);
const int = (x: number) => x.toLocaleString('en-US');

/** Measured once from an empty .cache/model/ on 2026-11-30 (2 shared cores). */
const FIRST_RUN = { fetch: '6 min (npm pack and apt-get download, 3 at a time)', mine: '11 min (2 processes)' };

/**
 * Experiments run on 2026-11-30 while making this model (numbers as measured; the commands
 * are the pipeline's own steps with the environment variables shown).
 */
const EXPERIMENTS = `| experiment | training pairs | held-out MRR@10 (float) | \`npm run eval\` understand, semantic alone |
| --- | ---: | ---: | ---: |
| previous model: PPMI + SVD co-occurrence vectors (fourfold-code-mini), ±1-bit / int8 rescoring | — | — | 0.574 / 0.638 |
| no training: the shared random table with IDF weights (epoch 0) | — | 0.462 | — |
| first run: 700 npm + 960 Debian packages (JS 8,151 and TS 374 pairs), epochs 1 / 2 / 3 | 79,560 | 0.603 / 0.616 / 0.620 (its own held-out split) | — |
| **shipped**: + 148 npm packages with TS sources / JSDoc (JS 17,465, TS 1,479), epochs 1 / 2 / 3 | 89,734 | 0.607 / 0.615 / 0.620 | **0.682** (±1-bit rescoring 0.647) |
| same held-out, JavaScript + TypeScript pairs only (\`FOURFOLD_MODEL_LANGUAGES=javascript,typescript\`), 3 epochs | 18,122 | 0.521 | 0.568 |
| shipped model, query embedded as a document (token_type_ids 0) | — | 0.614 | — |
| shipped model fused with BM25 by RRF on the held-out lists | — | 0.589 | — |
| shipped model, \`npm run eval\` with the importance boost off (\`BOOST_CAP = 1\`, not committed) | — | — | fused default 0.571 (0.524 with it) |
| grown sources (\`FOURFOLD_MODEL_SOURCES=grown\`: + 170 Debian packages, 60 Go / 50 Rust / 60 Python; 107,684 pairs after dedupe and decontamination), 3 epochs (508 s) | 100,803 | 0.627 (its split: 6,875 pairs of 99 packages; the shipped model there 0.621, on the packages of the split above 0.627 vs 0.620); int8 0.627, 1-bit 0.561, 1-bit + int8 0.627 | 0.648 (fused default 0.728, thorough 0.704; \`bench/eval-held-out.ts\` semantic 0.739, default 0.765) |
| the same, early stopping at most 5 epochs (best epoch 5, 834 s) | 100,803 | 0.633; int8 0.632, 1-bit 0.563 | 0.634 (fused default 0.703, thorough 0.708) |
| typed query views (\`FOURFOLD_MODEL_TYPED_VIEW_RATE=0.5\`: half of the examples asked with a keyword run, the content words, the imperative, a question or a keyword run with the language's name; decontamination also dropping the understand and real-set projects), 3 epochs (stopped by hand, 713 s), 2026-12-02; not shipped | 89,223 | 0.634 on its split (6,305 pairs of 93 packages; keyword view 0.516, BM25 0.444) | 0.632 (fused default 0.699, thorough 0.710); understand set, function level, tuning half: semantic doc 0.478 → 0.506 and keywords 0.286 → 0.318, but fused default doc 0.462 → 0.448 and keywords 0.380 → 0.360 |
| typed query views at 0.2 (\`FOURFOLD_MODEL_TYPED_VIEW_RATE=0.2 FOURFOLD_MODEL_EPOCHS=4\`), 822 s, 2026-12-02; not shipped | 89,223 | 0.638 on its split (keyword view 0.517) | not run; understand set, function level, tuning half: semantic doc 0.478 → 0.510 and keywords 0.286 → 0.312, fused default doc 0.500 → 0.485 and keywords 0.452 → 0.446, and no weight table of five wins both |
| control for the row below: the shipped sources retrained as today's pipeline gives them (decontamination also dropping the real-set projects cobra and go-git by name: 95,934 pairs), 3 epochs (582 s), 2026-12-03; not shipped | 89,577 | 0.639 on its split (6,357 pairs of 93 packages; keyword view 0.507) | 0.654 (fused default 0.731, thorough 0.746); understand set, tuning half, function level: semantic doc 0.521 and keywords 0.338, fused default doc 0.490 and keywords 0.471, thorough 0.501 and 0.469 |
| Ruby, PHP and C sources (\`FOURFOLD_MODEL_SOURCES=languages\`: + 50 ruby-*, 50 php-*, 50 lib*-dev and 20 *-dkms Debian packages; Ruby 2,327, PHP 4,468, C 1,473 pairs kept; decontamination also dropping the understand and real-set projects), 3 epochs (619 s), 2026-12-03; not shipped | 97,421 (104,191 after decontamination) | 0.641 on its split (6,763 pairs of 90 packages; the shipped model there 0.634): Ruby 0.604 vs 0.559 (112 pairs, 1 package), PHP 0.679 vs 0.623 (300, 1), Rust 0.644 vs 0.633, JS/TS 0.726 vs 0.719, Python 0.629 vs 0.625, Go 0.620 vs 0.622; no C package in the split; keyword view 0.505 vs 0.504 | 0.657 (fused default 0.692, thorough 0.684, against the shipped model's 0.699 / 0.730 / 0.741); understand set, tuning half, function level: semantic doc 0.494 → 0.535 and keywords 0.361 → 0.389, fused default doc 0.493 → 0.508 and keywords 0.489 → 0.484, thorough doc 0.504 → 0.513 and keywords 0.489 → 0.484 |
| warm starts from the shipped model (\`FOURFOLD_MODEL_BASE=fourfold-code-search\`: its 12,895 tokens keep their ids and vectors, 879 new words follow) on the Ruby, PHP and C sources (\`FOURFOLD_MODEL_SOURCES=languages\`: 104,026 pairs after decontamination), languages under 6,000 pairs drawn several times per epoch (\`FOURFOLD_MODEL_MIN_LANGUAGE_PAIRS=6000\`), 2 epochs, 2026-12-04; not shipped. **lw**: every weight, half learning rates (\`FOURFOLD_MODEL_LR_SCALE=0.5\`, 331 s); **lwt**: the same with 20 % typed views (855 s); **lwq**: only the query-side weights and the new tokens (\`FOURFOLD_MODEL_FREEZE_BASE=1\`), 30 % typed views (best epoch 1, 839 s) | 97,260 | on its split (6,759 pairs of 90 packages; the shipped model there 0.635, keyword view 0.504): lw 0.644 (0.509), lwt 0.640 (0.513), lwq 0.637 (0.504) | lw 0.693 (fused default 0.710, thorough 0.704), lwt 0.706 (0.740 / 0.736), lwq 0.686 (0.752 / 0.763), against the shipped model's 0.699 (0.752 / 0.762); understand set, tuning half, function level, keywords on Ruby/PHP/C semantic 0.305 → 0.323 / 0.321 / 0.302 (text alone 0.475) and fused default 0.445 → 0.391 / 0.419 / 0.423; every row in docs/eval/FUSION.md |
| warm starts on 3.5 times the Ruby, PHP and C pairs (\`FOURFOLD_MODEL_SOURCES=languages2\`: + 150 ruby-*, 150 php-*, 90 lib*-dev Debian packages, one per Debian source package, the php-symfony-* pins left out as the evaluated projects' upstream; Ruby 11,717, PHP 14,034, C 3,589 pairs after decontamination), \`FOURFOLD_MODEL_MIN_LANGUAGE_PAIRS=6000\`, 1 epoch, 2026-12-04; not shipped. **lq2**: document side frozen, 30 % typed views (434 s); **lw2**: every weight, half learning rates, 20 % typed views (462 s) | 117,234 (125,081 after decontamination) | on its split (7,838 pairs of 104 packages; the shipped model there 0.625, keyword view 0.500): lq2 0.627 (0.501), lw2 0.638 (0.514) | lq2 0.684 (fused default 0.750, thorough 0.761; line 0.505 / 0.505 against 0.524 / 0.513), lw2 0.686 (0.735 / 0.739; line 0.502 / 0.495); understand set, tuning half, function level, semantic alone: keywords on Ruby/PHP/C 0.305 → 0.303 / **0.344** (text alone 0.579), doc sentences there 0.314 → 0.332 / 0.328, keywords on the original projects 0.361 → 0.355 / 0.376 (text 0.366); fused rows there measured with the language gates off (docs/eval/FUSION.md) |
| the chunk's place written twice (\`embeddingHeader\`: the path, then its last folder and file name without the extension once, then the name line and signature as before; on the pairs' code side and in the served text alike), the shipped sources from an empty cache, 3 epochs (1,140 s), 2026-12-06; not shipped | 89,058 | 0.632 on its split (6,316 pairs of 87 packages; keyword view 0.504; the shipped model on the same texts 0.630, on the old header 0.635; a control retrained on the same pairs without the place line 0.634) | not run; understand set, function level, all questions: semantic keywords 0.287 → 0.337 (text 0.389), added doc 0.334 → 0.340 (text 0.374), original doc 0.493 → 0.462; fused default added doc 0.454 → 0.416, original keywords 0.479 → 0.511; the control: semantic 0.307, 0.350, 0.506, fused 0.429, 0.509 (docs/bench/HISTORY.md, 2026-12-06) |
| BM25-mined hard negatives (\`FOURFOLD_MODEL_NEGATIVES=bm25\`: each group of 8 pairs of a package grows from a pair through the pairs whose code BM25 ranks highest for its doc sentence and its keyword view, never a copy of its answer), on the pairs and tokens of the place-header row's control (code sides without the place line), everything else as that control, 3 epochs (388 s), 2026-12-07; with groups of 32 (a patch, 327 s) as a dose probe, and mined among the language's pairs instead of the package's (a patch, 707 s); not shipped | 89,058 | 0.642 / 0.648 / 0.636 on its split (6,316 pairs of 87 packages; keyword view 0.514 / 0.519 / 0.509; the control 0.634, 0.510) | not run; understand set, function level, all questions, semantic alone, the control → 8 / 32 / language: original keywords 0.307 → 0.311 / 0.307 / 0.313 (text 0.389), added doc 0.350 → 0.354 / 0.346 / 0.351 (text 0.374), original doc 0.506 → 0.510 / 0.517 / 0.503, added keywords 0.443 → 0.428 / 0.410 / 0.421; fused default original keywords 0.509 → 0.501 / 0.466 / 0.485, added doc 0.429 → 0.417 / 0.411 / 0.438 (docs/bench/HISTORY.md, 2026-12-07, h48-sem) |
| negatives the control model itself confuses (\`FOURFOLD_MODEL_NEGATIVES=model\`, \`FOURFOLD_MODEL_NEGATIVES_WEIGHTS\` = the control's weights.bin: the BM25 row's grouping, each pair's neighbours the package's codes the control scores highest for its doc sentence and its keyword view, never a copy of its answer; 46 % of them are among BM25's), on the same pairs and tokens, everything else as that control, 3 epochs (488 s, best epoch 2), 2026-12-07; not shipped | 89,058 | 0.643 on its split (6,316 pairs of 87 packages; keyword view 0.511; the control 0.634, 0.510; BM25-mined 0.642, 0.514) | not run; understand set, function level, all questions, semantic alone, the control → BM25-mined → model-mined: original keywords 0.307 → 0.311 → 0.314 (text 0.389), added doc 0.350 → 0.354 → 0.341 (text 0.374), original doc 0.506 → 0.510 → 0.524, added keywords 0.443 → 0.428 → 0.456; fused default original keywords 0.509 → 0.501 → 0.507, added doc 0.429 → 0.417 → 0.413 (docs/bench/HISTORY.md, 2026-12-07, h48-sem3) |
| a wider table (\`FOURFOLD_MODEL_DIMENSIONS=512\`: every token row and vector 512 wide) and, with it, a larger vocabulary (\`FOURFOLD_MODEL_MIN_PAIRS_PER_WORD=2\`: words in 2 pairs of 2 packages, 14,179 tokens instead of 12,848), against a control retrained with the defaults on the same pairs (its weights byte-identical to the pipeline's before the knobs), 3 epochs (706 s control, 2,107 s and 2,665 s the trials, a loaded machine), 2026-12-07; not shipped | 89,048 | control 0.637 (keyword view 0.509, 1-bit 0.568); 512-d 0.646 (0.517, 1-bit 0.608); 512-d + vocabulary 0.648 (0.515, 1-bit 0.610), on its split (6,320 pairs of 93 packages); ONNX 3.39 / 6.68 / 7.37 MB | package eval understand, file level, shipped → control → 512-d → 512-d + vocabulary: semantic 0.699 → 0.641 → 0.658 → 0.675, fused default 0.754 → 0.707 → 0.713 → 0.699; understand set, function level, all questions, semantic alone, control → 512-d → + vocabulary: original keywords 0.307 → 0.300 → 0.297 (text 0.387), added doc 0.353 → 0.359 → 0.357 (text 0.374), original doc 0.494 → 0.514 → 0.514; fused default original keywords 0.479 → 0.484 → 0.510, original doc 0.483 → 0.501 → 0.493, added doc 0.421 → 0.439 → 0.440; Node embedding 10,032 chunks/s at 512-d against 17,572 (load 5.6); the index on disk 1.63× → 2.43× the source (docs/bench/HISTORY.md, 2026-12-07, h50-sem) |
| typed query views on the 512-d table (\`FOURFOLD_MODEL_DIMENSIONS=512 FOURFOLD_MODEL_TYPED_VIEW_RATE=0.2\` / \`0.5\`) and, for the width's contrast, at 256-d (\`FOURFOLD_MODEL_TYPED_VIEW_RATE=0.2\` / \`0.5\`), on the pairs and tokens of the row above, judged against its control, 3 epochs (326 s / 548 s at 512-d, 1,158 s / 1,147 s at 256-d on a loaded machine), 2026-12-07; not shipped | 89,048 | 512-d: 0.643 (keyword view 0.517, 1-bit 0.608) / 0.643 (0.523, 1-bit 0.603; best epoch 2); 256-d: 0.636 (0.513, 1-bit 0.569) / 0.632 (0.514, 1-bit 0.560); the control 0.637 (0.509), 512-d alone 0.646 (0.517), on its split (6,320 pairs of 93 packages) | not run; understand set, function level, all questions, semantic alone, control → 512-d with 0.2 / 0.5 → 256-d with 0.2 / 0.5: original keywords 0.307 → 0.316 / 0.320 → 0.322 / 0.310 (text 0.387), added doc 0.353 → 0.364 / **0.375** → 0.347 / 0.351 (text 0.374), original doc 0.494 → 0.536 / 0.501 → 0.470 / 0.486; fused default original keywords 0.479 → 0.500 / 0.488 → 0.506 / 0.508, added doc 0.421 → 0.424 / 0.429 → 0.432 / 0.435 (512-d alone 0.439), original doc 0.483 → 0.500 / 0.485 → 0.479 / 0.474 (docs/bench/HISTORY.md, 2026-12-07, h51-sem) |

More pairs from more languages help TypeScript questions: the model trained on the JS/TS pairs
alone is below text search (0.595) in \`npm run eval\`, the one trained on all five languages well
above it (the two runs differ in size as well as in languages, so this does not separate the two).
The grown sources give +12 % pairs and a slightly better held-out MRR (+0.006 float, +0.004 1-bit on
the same packages) but a lower semantic-alone score in \`npm run eval\` (0.648 and 0.634 against 0.682; 46
questions, one question moves it by up to 0.022), so the shipped model is still the one trained
without them; they stay in scripts/model-sources.ts, opt-in, for the next attempt.
Ruby, PHP and C (\`FOURFOLD_MODEL_SOURCES=languages\`, 2026-12-03): the real set scores projects in
these three languages and the model had seen none of them. 170 Debian packages add 8,268 pairs after
decontamination (Ruby 2,327, PHP 4,468, C 1,473: C is mostly headers, where a documented definition
is a prototype or a macro). On the held-out split the new model reads Ruby and PHP docs better
(+0.045 and +0.056, one package each) and the other languages as before (−0.002 to +0.011), but in
\`npm run eval\` semantic alone falls 0.699 → 0.657 and fused understand 0.730 / 0.741 → 0.692 / 0.684
(the shipped model: the baseline eval of main c5fba7d), and on the understand set's
tuning half fused keywords fall (0.489 → 0.484) while doc sentences rise: not shipped; the sources
stay in scripts/model-sources.ts, opt-in.
Against that control (the same pipeline without the three languages, trained the same way) the
Ruby, PHP and C pairs raise every column of the understand set's tuning half (keywords semantic
0.338 → 0.389, fused default 0.471 → 0.484; doc sentences default 0.490 → 0.508) and leave
\`npm run eval\`'s semantic alone where it was (0.654 → 0.657), but fused understand there falls 0.731 /
0.746 → 0.692 / 0.684. Retraining alone moves these figures as much as the new data (semantic alone
0.699 → 0.654), so a data change should be judged against a control run, or several seeds.
Warm starts (2026-12-04): continuing the shipped model on the same sources plus Ruby, PHP and C,
instead of retraining from random, moved the understand set's semantic alone by at most +0.04 (doc
sentences on the original projects, with typed views) and +0.02 (keywords on the added ones), never
near text alone there (0.475), and fused keywords on the added projects fell in all three. With
every weight training, \`npm run eval\`'s fused understand fell as after a retrain (0.752 → 0.710 /
0.740) while its semantic alone stayed within 0.01; with the document side frozen
(\`FOURFOLD_MODEL_FREEZE_BASE=1\`) it stayed (0.752 / 0.763), so a later model can change what
questions and new tokens do without moving the vectors the main set's fusion was tuned with.
Three and a half times the Ruby, PHP and C pairs (2026-12-04, \`languages2\`) moved semantic alone on the
added keyword questions twice as far as the last warm starts (0.305 → 0.344 with every weight training;
nothing with the document side frozen) and still half of text alone there (0.579); both trials lowered
\`npm run eval\`'s line rows. A trial under its own id ran without the language gates; since the
twenty-sixth session every model carries its held-out figures per language in its own expansion.json
(\`scripts/model-measured.ts\`: \`model\`, \`measured\`; for this model written from the \`languages2\`
split without retraining: Go 0.622 against BM25 0.378, Python 0.626 / 0.449, Rust 0.633 / 0.408,
JavaScript and TypeScript 0.719 / 0.507, Ruby 0.575 / 0.397, PHP 0.598 / 0.389, C 20 pairs), and the
engine gates a language the model has not both trained on and measured at BM25 or above; a trial
is gated by its own table (docs/eval/FUSION.md).
Held-out MRR rises < 0.01 per epoch after the first; pooling is the mean throughout (the graph's
interface), and the shared table was initialised from random vectors only (initialising from the
PPMI vectors was not tried).`;

/** `npm run eval` numbers before this model (fourfold-code-mini, PPMI + SVD; docs/eval/REPORT.md at 6da4874). */
const EVAL_BEFORE = {
  semantic: 0.574,
  text: 0.595,
  structural: 0.599,
  graph: 0.415,
  quick: 0.519,
  default: 0.534,
  thorough: 0.496,
  bm25: 0.497,
};

function evalSection(): string {
  const file = join(REPO_ROOT, 'docs', 'eval', 'results.json');
  if (!existsSync(file)) return 'No `npm run eval` results found.';
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    meta: { embedder: string; date: string; command: string };
    tables: { understand_code: { file: { system: string; mrr10: number; n: number }[] } };
  };
  const rows = r.tables.understand_code.file;
  const get = (s: string) => rows.find((x) => x.system === s)?.mrr10;
  const names: [string, keyof typeof EVAL_BEFORE][] = [
    ['semantic alone', 'semantic'],
    ['text alone', 'text'],
    ['structural alone', 'structural'],
    ['graph alone', 'graph'],
    ['fused · quick', 'quick'],
    ['fused · default', 'default'],
    ['fused · thorough', 'thorough'],
    ['baseline · BM25 files', 'bm25'],
  ];
  return [
    `\`${r.meta.command}\` on ${r.meta.date.slice(0, 10)} (embedder \`${r.meta.embedder}\`), "understand" questions (a function's doc sentence, asked of a copy of the package with every comment blanked; ${rows[0]?.n ?? 0} questions over 7 packages the model never saw), MRR@10 at file level:`,
    '',
    '| system | before (fourfold-code-mini, PPMI+SVD) | now |',
    '| --- | ---: | ---: |',
    ...names.map(
      ([label, key]) => `| ${label} | ${f3(EVAL_BEFORE[key])} | ${get(key) === undefined ? '—' : f3(get(key)!)} |`,
    ),
  ].join('\n');
}

type UnderstandSystemKey = 'semantic' | 'text' | 'default' | 'thorough' | 'bm25-chunks';
type UnderstandRowKey = `${'doc' | 'keyword'} ${'tuning' | 'held-out' | 'all'}`;

/**
 * The real-size understand set (bench/understand/, function level) with the model this one
 * replaced: `npm run eval -- --understand` on 2026-12-02, before retraining.
 */
const UNDERSTAND_BEFORE: Record<UnderstandRowKey, Record<UnderstandSystemKey, number>> = {
  'doc tuning': { semantic: 0.478, text: 0.458, default: 0.462, thorough: 0.431, 'bm25-chunks': 0.314 },
  'doc held-out': { semantic: 0.472, text: 0.38, default: 0.381, thorough: 0.371, 'bm25-chunks': 0.294 },
  'doc all': { semantic: 0.475, text: 0.419, default: 0.421, thorough: 0.401, 'bm25-chunks': 0.304 },
  'keyword tuning': { semantic: 0.286, text: 0.325, default: 0.38, thorough: 0.387, 'bm25-chunks': 0.144 },
  'keyword held-out': { semantic: 0.2, text: 0.326, default: 0.269, thorough: 0.251, 'bm25-chunks': 0.181 },
  'keyword all': { semantic: 0.243, text: 0.326, default: 0.324, thorough: 0.318, 'bm25-chunks': 0.163 },
};

/** The understand set's function-level rows, now and with the model this one replaced. */
function understandSection(): string {
  const file = join(REPO_ROOT, 'docs', 'eval', 'understand', 'results.json');
  if (!existsSync(file)) return 'No `npm run eval -- --understand` results found.';
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    meta: { embedder: string };
    rows: {
      kind: 'doc' | 'keyword';
      half: 'tuning' | 'held-out' | 'all';
      level: string;
      n: number;
      mrr: Record<UnderstandSystemKey, number>;
    }[];
  };
  const systems: [UnderstandSystemKey, string][] = [
    ['semantic', 'semantic alone'],
    ['text', 'text alone'],
    ['default', 'fused · default'],
    ['thorough', 'fused · thorough'],
    ['bm25-chunks', 'BM25 over chunks'],
  ];
  const rows = r.rows
    .filter((x) => x.level === 'fn')
    .map((x) => {
      const before = UNDERSTAND_BEFORE[`${x.kind} ${x.half}`];
      const cells = systems.map(([k]) => `${f3(before[k])} → **${f3(x.mrr[k])}**`);
      return `| ${x.kind === 'doc' ? 'doc sentence' : 'keywords'} | ${x.half} | ${x.n} | ${cells.join(' | ')} |`;
    });
  return [
    `\`npm run eval -- --understand\` (embedder \`${r.meta.embedder}\`): three Debian projects of 480–570 files the model never saw (networkx, golang.org/x/tools, cargo), a function's doc sentence or a hand-written keyword query ("retry network request") asked of a comment-blanked copy, MRR@10 at the function; the model this one replaced → this one. Anything tuned was tuned on the tuning half; the held-out half was read once, at the end.`,
    '',
    `| questions | half | n | ${systems.map(([, l]) => l).join(' | ')} |`,
    `| --- | --- | ---: | ${systems.map(() => '---:').join(' | ')} |`,
    ...rows,
  ].join('\n');
}

export function modelCard(h: HeldOutEvaluation): string {
  const fetch = JSON.parse(readFileSync(join(MODEL_CACHE, 'fetch.json'), 'utf8')) as FetchManifest;
  const mine = JSON.parse(readFileSync(join(MODEL_CACHE, 'mine.json'), 'utf8')) as MineReport;
  const deco = JSON.parse(readFileSync(join(MODEL_CACHE, 'decontaminate.json'), 'utf8')) as DecontaminationCounts;
  const train = JSON.parse(readFileSync(join(MODEL_CACHE, 'train.json'), 'utf8')) as TrainReport;
  const tok = JSON.parse(readFileSync(join(MODEL_CACHE, 'tokens.json'), 'utf8')) as TokenizedPairs;
  const onnxBytes = statSync(join(MODEL_DIR, 'onnx', 'model_quantized.onnx')).size;
  const tokBytes = statSync(join(MODEL_DIR, 'tokenizer.json')).size;
  const held = tok.pairs.filter((p) => p.heldOut);
  const langCount = (source: string, lang?: string) =>
    fetch.packages.filter((p) => p.source === source && (!lang || p.language === lang)).length;
  const sourceRows = fetch.packages.map(
    (p) =>
      `| ${p.source === 'npm' ? 'npm' : `Debian (${p.language})`} | ${p.name} | ${p.version} | \`${p.integrity}\` |`,
  );
  const s = train.settings;
  return `# ${MODEL_ID}

Fourfold's bundled local embedding model: a static bag-of-sub-tokens encoder trained
contrastively on (doc comment, code) pairs mined from ${int(fetch.packages.length)} packages in five languages.
Generated by \`npm run model\` (scripts/model-*.ts); do not edit by hand.

## Interface (agreed with the runtime; keep it)

- Inputs: \`input_ids\`, \`attention_mask\`, \`token_type_ids\`, int64 \`[batch, tokens]\`.
  \`token_type_ids\` all **1 = a query**, all **0 = a document** (code). Any value above 1 counts as 1.
- Output: \`last_hidden_state\`, float \`[batch, tokens, ${s.dimensions}]\`: each token's vector already multiplied
  by that token's learned weight for the side. **Masked mean pooling + L2 normalisation gives the
  embedding** (transformers.js \`pooling: 'mean', normalize: true\`).
- Graph: \`Cast(Gather(table_q, input_ids)) × Gather(token_scale, input_ids + V·min(token_type_ids, 1))\`, V = ${tok.vocabulary.length};
  \`table_q\` int8 V×${s.dimensions}; \`token_scale\` float 2V×1 = row dequantisation scale × side weight (documents, then queries).
- A runtime that passes \`token_type_ids\` = 0 for queries still works (both sides share the table),
  a little less well: see "Held-out packages" below.
- Files: \`onnx/model_quantized.onnx\` (${(onnxBytes / 1e6).toFixed(2)} MB, dtype \`q8\`), \`tokenizer.json\` (${(tokBytes / 1e6).toFixed(2)} MB,
  WordPiece over ${int(tok.vocabulary.length)} tokens; camelCase/snake_case split, lower-cased, max ${512} tokens), \`tokenizer_config.json\`, \`config.json\`.

## Data

| step | count |
| --- | ---: |
| packages fetched (npm / Debian Go / Rust / Python) | ${langCount('npm')} / ${langCount('debian', 'go')} / ${langCount('debian', 'rust')} / ${langCount('debian', 'python')} |
| source files parsed with Fourfold's tree-sitter analyzer | ${int(mine.files)} (${(mine.bytes / 1e6).toFixed(0)} MB) |
| definitions seen | ${int(mine.definitions)} |
| documented definitions kept as pairs (doc-comment convention, not tag-only, ≥ 3 words, no licence) | ${int(mine.documented)} |
| + npm implementations paired with their \`.d.ts\` doc by name | ${int(mine.fromDts)} |
| raw pairs | ${int(mine.dedupe.raw)} |
| − exact duplicate bodies | ${int(mine.dedupe.exactBody)} |
| − doc sentence already used twice | ${int(mine.dedupe.sentenceOveruse)} |
| − near-duplicate bodies (MinHash, Jaccard ≥ 0.8 on token 3-shingles) | ${int(mine.dedupe.nearDuplicate)} |
| − over the per-package cap (300) | ${int(mine.dedupe.capped)} |
| after dedupe | ${int(mine.dedupe.kept)} |
| − decontamination (below) | ${int(deco.input - deco.kept)} |
| **training + held-out pairs** | **${int(deco.kept)}** |
| held-out (validation, by package) | ${int(held.length)} pairs of ${new Set(held.map((p) => p.pkg)).size} packages |

Pairs by language after dedupe: ${Object.entries(mine.byLanguage)
    .map(([l, c]) => `${l} ${int(c)}`)
    .join(', ')}.

**Decontamination.** Reference packages, used only for this filter: ${deco.referencePackages.join(', ')}
(every package \`npm run eval\` scores: the npm corpora, the understand set's projects and the real-repository projects).
${int(deco.referenceFiles)} files → ${int(deco.referenceSentences)} doc sentences/summaries and ${int(deco.referenceBodies)} definition bodies.
The reserved rxjs, zod, lodash-es, three, lodash and lodash.* are never fetched: they are filtered by name and by path.
Dropped: ${int(deco.reservedOrEvaluatedPackage)} pairs from a reserved or evaluated package by name (lodash.* and a Debian crate's other major versions included),
${int(deco.reservedPath)} whose path names a reserved package (a vendored copy),
${int(deco.sentenceInReference)} whose doc sentence or summary occurs there, ${int(deco.bodyInReference)} whose normalised body occurs there.

## Training

- Encoder: vector(text, side) = L2-normalise( Σ over tokens of weight[side][token] × table[token] ).
  One ${s.dimensions}-d table shared by queries and code (${s.initialisation}), one learned weight per token per side.
- Loss: symmetric InfoNCE, in-batch negatives, temperature ${s.temperature}, batch ${s.batchSize} built from groups of
  ${s.groupSize} pairs of the same package (hard negatives: same vocabulary, different function).
- Lazy Adam (table lr ${s.learningRate}, weights lr ${s.weightLearningRate}), code-token dropout ${s.codeTokenDropout},
  seed ${s.seed}. ${
    Number(s.typedViewRate ?? 0) > 0
      ? `Each example's question is drawn per epoch: ${Math.round(Number(s.typedViewRate) * 100)} % of the time one of the
  sentence's typed views (scripts/model-pairs.ts typedViews: a 2–5-word keyword run of its content words, all its
  content words, the imperative "parse HTTP date from header", a question "how to …" / "where is …", a keyword run
  with the language's name), otherwise the doc's whole summary ${Math.round(Number(s.summaryViewRate) * 100)} % of the time or its first sentence.`
      : `The doc's whole summary is used as the query ${Math.round(Number(s.summaryViewRate) * 100)} % of the time (second view).`
  }
- Early stopping on held-out MRR@10${Number(s.typedViewRate ?? 0) > 0 ? ', doc sentences and keyword views averaged' : ''} (patience ${s.patience}); best epoch ${train.bestEpoch} of ${train.epochs.length}${
    train.bestEpoch === train.epochs.length && train.epochs.length < Number(s.maxEpochs)
      ? ` (the run was stopped by hand after epoch ${train.epochs.length} of at most ${s.maxEpochs}, for time; held-out MRR was still rising by < 0.01 per epoch)`
      : ''
  }.
- Wall time: **${train.seconds.toFixed(0)} s** of training (TypeScript in Node, one thread, on 2 cores shared with
  other work: load average ≈ 20 while it ran). The other steps cache their output in .cache/model/: in the run that
  made this model, fetch took ${fetch.seconds.toFixed(0)} s and mine ${mine.seconds.toFixed(0)} s; from an empty cache they took
  ${FIRST_RUN.fetch} and ${FIRST_RUN.mine} here.

| epoch | loss | held-out MRR@10 float | int8 | 1-bit | keyword view, float | s |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| 0 (initial: shared random table, IDF weights) | — | ${f3(train.initial.float)} | ${f3(train.initial.int8)} | ${f3(train.initial.bits)} | ${f3(train.initial.keywordsFloat)} | — |
${train.epochs.map((e) => `| ${e.epoch} | ${e.loss.toFixed(3)} | ${f3(e.heldOut.float)} | ${f3(e.heldOut.int8)} | ${f3(e.heldOut.bits)} | ${f3(e.heldOut.keywordsFloat)} | ${e.seconds.toFixed(0)} |`).join('\n')}

## Held-out packages (exported model, through transformers.js)

${int(h.pairs)} doc sentences of ${h.packages} packages never trained on; each ranks all code sides of its own package
(\`npx tsx scripts/model-evaluate.ts\`). MRR@10:

| ranking | MRR@10 |
| --- | ---: |
| BM25 (MiniSearch over the same sub-tokens) | ${f3(h.bm25)} |
| model, float vectors (query marked as query) | **${f3(h.query.float)}** |
| model, int8 document vectors | ${f3(h.query.int8)} |
| model, 1-bit vectors (Hamming) | ${f3(h.query.bits)} |
| model, 1-bit top 50 rescored with int8 | ${f3(h.query.bitsRescoredInt8)} |
| model, query embedded as a document (token_type_ids 0), float | ${f3(h.queryAsDocument.float)} |
| model, query embedded as a document, 1-bit | ${f3(h.queryAsDocument.bits)} |
| RRF of model (float) and BM25, k = 60 | ${f3(h.fusedWithBm25)} |
${
  h.keywords
    ? `| keyword view as the question (${int(h.keywords.pairs)} pairs: the sentence's first 2–5 content words, "parse http date"), BM25 | ${f3(h.keywords.bm25)} |
| keyword view as the question, model float | ${f3(h.keywords.float)} |
`
    : ''
}
By language of the held-out pairs (MRR@10):

| language | pairs | BM25 | float | int8 | 1-bit | 1-bit + int8 |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${Object.entries(h.byLanguage ?? {})
  .sort((a, b) => b[1].pairs - a[1].pairs)
  .map(
    ([l, x]) =>
      `| ${l} | ${int(x.pairs)} | ${f3(x.bm25)} | ${f3(x.float)} | ${f3(x.int8)} | ${f3(x.bits)} | ${f3(x.bitsRescoredInt8)} |`,
  )
  .join('\n')}

## In Fourfold (\`npm run eval\`)

${evalSection()}

### Real-size projects, at the function

${understandSection()}

On 2026-12-04 (twenty-seventh session) a question typed as a phrase is embedded with the code's
own compounds, initialisms and word forms of its words (\`pidfile\` for "pid file", \`dnlc\` for
"directory name lookup cache"), found in the repository's vocabulary by the text index: the model
reads sub-tokens, and a name the code runs together shares none with the question's whole words.
Tuning half, function MRR@10, semantic alone: Ruby/PHP/C keywords 0.305 → 0.375 (text alone
0.579), Python/Go/Rust keywords 0.361 → 0.352; the model itself is unchanged (docs/eval/FUSION.md).

## Experiments

${EXPERIMENTS}

## Examples (held-out packages)

${h.examples.map((e) => `- "${e.query}" → expected \`${e.expected}\` (rank ${e.rank}); top 3: ${e.top.map((t) => `\`${t}\``).join(', ')}`).join('\n')}

Nearest code-side words to a query word: ${Object.entries(h.neighbours)
    .map(([w, ns]) => `"${w}" → ${ns.join(', ')}`)
    .join('; ')}.

## Lexical expansion (expansion.json)

Shipped beside the model and read by the text index, not by the encoder: for 2,703 words of the
doc sentences, the code sub-tokens that come with them in these pairs more often than chance
(\`scripts/model-expansion.ts\`: ≥ 8 pairs from ≥ 3 packages, positive PMI, never the word itself,
an inflection or a prefix of it, ranked by G², 6 per word with their normalised PMI; 0.24 MB;
"retry" → attempt, backoff, delay, sleep). A question about behaviour of at most 4 content words
also searches those tokens, at half the weight of its own words, and the explanation names each
("matched \`backoff\` for 'retry'"). On the understand set's keyword questions (function MRR@10)
fused default 0.383 → 0.393, text alone 0.326 → 0.343; doc sentences and \`npm run eval\`
unchanged (docs/eval/FUSION.md).

## What it can and cannot do

It learned which code words go with which description words, from doc comments: a question
phrased like a doc sentence ("Returns the parsed options object") finds functions whose
identifiers, calls and strings co-occur with those words, across JavaScript, TypeScript,
Go, Rust and Python. It is a bag of sub-tokens: word order, control flow, data flow and
negation are invisible; words outside its vocabulary fall back to their longest known prefix
or are ignored; it has seen English doc comments only. Code with few words is hard for it:
mri's argument parser (ternaries over \`args\` and \`opts\`, in src/engine/semantic/fixtures/)
comes only 6th of the fixtures' chunks for "parse command line arguments", behind qs's parser,
ms and bytes, where the earlier co-occurrence model put it first. Its numbers above are the whole
claim: on held-out packages it ranks the right function first about as often as the table
says, and no more. Voyage \`voyage-code-3\` remains the stronger semantic model when a key is set.

## Sources (pinned; integrity of each downloaded file)

| source | package | version | integrity |
| --- | --- | --- | --- |
${sourceRows.join('\n')}
`;
}

/** `--card`: rewrite the model card from the cached evaluation (after `npm run eval`, say) without re-scoring. */
export async function evaluateModel(): Promise<HeldOutEvaluation> {
  if (process.argv.includes('--card')) {
    const cached = JSON.parse(readFileSync(join(MODEL_CACHE, 'evaluate.json'), 'utf8')) as HeldOutEvaluation;
    writeFileSync(join(MODEL_DIR, 'README.md'), modelCard(cached));
    return cached;
  }
  const h = await evaluateHeldOut();
  await writeJson(join(MODEL_CACHE, 'evaluate.json'), h);
  writeFileSync(join(MODEL_DIR, 'README.md'), modelCard(h));
  logStep(
    'evaluate',
    `held-out (${h.pairs} pairs): BM25 ${f3(h.bm25)}; model float ${f3(h.query.float)} int8 ${f3(h.query.int8)} 1-bit ${f3(h.query.bits)} rescored ${f3(h.query.bitsRescoredInt8)}; as document ${f3(h.queryAsDocument.float)}; RRF ${f3(h.fusedWithBm25)}; keyword view BM25 ${f3(h.keywords.bm25)} model ${f3(h.keywords.float)}`,
  );
  return h;
}

runMain(import.meta.url, evaluateModel);
