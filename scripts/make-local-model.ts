/**
 * `npm run model`: builds Fourfold's bundled local embedding model from scratch, one cached
 * step after another (each is also a script of its own, and reuses what .cache/model/ holds):
 *
 *   1. scripts/model-fetch.ts         pinned npm + Debian sources (scripts/model-sources.ts)
 *   2. scripts/model-mine.ts          (doc sentence, code) pairs via the tree-sitter analyzer; dedupe; cap
 *   3. scripts/model-decontaminate.ts drop pairs from/of the reserved and evaluated packages
 *   4. scripts/model-tokenize.ts      split by package, vocabulary, token ids
 *      scripts/model-train.ts         contrastive training of the shared table + per-side weights
 *   5. scripts/model-export.ts        ONNX + tokenizer + config into public/models/<id>/
 *   6. scripts/model-evaluate.ts      held-out MRR through transformers.js; the model card
 *   7. scripts/model-expansion.ts     the lexical expansion beside the model
 *      scripts/model-measured.ts      the model's held-out figures per language into it (the engine's language gate)
 *
 * Deterministic: pinned versions, sorted inputs, seeded sampling and training. Debian
 * downloads need root and one `apt-get update` first. CI never runs this: the model is
 * committed, and tests load and check the committed files.
 */
import { decontaminate } from './model-decontaminate';
import { evaluateModel } from './model-evaluate';
import { buildExpansion } from './model-expansion';
import { writeMeasured } from './model-measured';
import { exportModel } from './model-export';
import { fetchSources } from './model-fetch';
import { minePairs } from './model-mine';
import { runMain } from './model-cache';
import { tokenize } from './model-tokenize';
import { train } from './model-train';

async function main(): Promise<void> {
  await fetchSources();
  await minePairs();
  await decontaminate();
  await tokenize();
  await train();
  await exportModel();
  await evaluateModel();
  await buildExpansion();
  await writeMeasured();
}

runMain(import.meta.url, main);
