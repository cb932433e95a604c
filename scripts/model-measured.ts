/**
 * Model pipeline step 7 — what the model measured of itself:
 * `npx tsx scripts/model-measured.ts` (FOURFOLD_MODEL_ID and FOURFOLD_MODEL_CACHE as the other steps)
 *
 * Scores the exported model on the held-out split of MODEL_CACHE (scripts/model-evaluate.ts
 * evaluateHeldOut: each held-out doc sentence ranks its package's code sides) and writes, per
 * language, its MRR@10 beside BM25's on the same lists into the model's own expansion.json, with
 * the model's id. The engine's language gate reads these figures (ranking.ts learnedLanguage), so
 * a trial model carries them as the shipped one does and is gated as shipping it would gate it.
 * Only the table's metadata changes: its words, the model's weights and vectors stay as they are,
 * so the committed model's figures can be written without retraining it. The split must be one
 * the model did not train on: the split is by package hash (model-tokenize.ts isHeldOut), so any
 * source set's held-out packages were held out of every model trained on another source set too.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXPANSION_FILE, type ExpansionTable, type MeasuredLanguage } from '../src/engine/text/expansion';
import { logStep, runMain, writeJson, MODEL_CACHE } from './model-cache';
import { evaluateHeldOut, type HeldOutEvaluation } from './model-evaluate';
import { MODEL_DIR, MODEL_ID } from './model-export';

/**
 * The table's figures from a held-out evaluation: per pair language, the doc sentence's MRR@10
 * (model, float) and BM25's on the same lists, and the same for the keyword views, rounded to
 * three places. TypeScript is measured with JavaScript (MEASURED_AS in ranking.ts reads it so):
 * the split holds a few dozen TypeScript pairs, and the two share their syntax and words.
 */
export function measuredLanguages(h: Pick<HeldOutEvaluation, 'languages'>): Record<string, MeasuredLanguage> {
  const sums = new Map<
    string,
    { pairs: number; semantic: number; bm25: number; kw: number; kwSemantic: number; kwBm25: number }
  >();
  for (const [language, x] of Object.entries(h.languages)) {
    const key = language === 'typescript' ? 'javascript' : language;
    const s = sums.get(key) ?? { pairs: 0, semantic: 0, bm25: 0, kw: 0, kwSemantic: 0, kwBm25: 0 };
    s.pairs += x.pairs;
    s.semantic += x.float * x.pairs;
    s.bm25 += x.bm25 * x.pairs;
    s.kw += x.keywordPairs;
    s.kwSemantic += x.keywordFloat * x.keywordPairs;
    s.kwBm25 += x.keywordBm25 * x.keywordPairs;
    sums.set(key, s);
  }
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return Object.fromEntries(
    [...sums]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([language, s]) => [
        language,
        {
          pairs: s.pairs,
          semantic: r3(s.semantic / s.pairs),
          bm25: r3(s.bm25 / s.pairs),
          keywordPairs: s.kw,
          keywordSemantic: s.kw ? r3(s.kwSemantic / s.kw) : 0,
          keywordBm25: s.kw ? r3(s.kwBm25 / s.kw) : 0,
        },
      ]),
  );
}

/** Writes the model's id and its measured figures into its expansion.json (the words untouched). */
export async function writeMeasured(file = join(MODEL_DIR, EXPANSION_FILE)): Promise<ExpansionTable> {
  // Cached per model id like every step's output: delete it to measure again.
  const cached = join(MODEL_CACHE, `measured-${MODEL_ID}.json`);
  let h: HeldOutEvaluation;
  if (existsSync(cached)) h = JSON.parse(readFileSync(cached, 'utf8')) as HeldOutEvaluation;
  else {
    h = await evaluateHeldOut();
    await writeJson(cached, h);
  }
  const table = JSON.parse(readFileSync(file, 'utf8')) as ExpansionTable;
  const { words, ...head } = table;
  const out: ExpansionTable = {
    ...head,
    model: MODEL_ID,
    measured: { pairs: h.pairs, packages: h.packages, languages: measuredLanguages(h) },
    words,
  };
  writeFileSync(file, `${JSON.stringify(out)}\n`);
  logStep(
    'measured',
    `${file}: ${Object.keys(out.measured!.languages).join(', ')} (${h.pairs} held-out pairs of ${h.packages} packages)`,
  );
  return out;
}

runMain(import.meta.url, () => writeMeasured(process.argv[2]));
