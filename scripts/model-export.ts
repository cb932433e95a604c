/**
 * Model pipeline step 5 — export: `npx tsx scripts/model-export.ts`
 *
 * Turns .cache/model/weights.bin into the files transformers.js loads from
 * public/models/<MODEL_ID>/: onnx/model_quantized.onnx (scripts/model-onnx.ts: int8 table
 * rows, one scale per row, each side's learned token weight folded into the scale),
 * tokenizer.json and tokenizer_config.json (scripts/model-tokenizer.ts) and config.json.
 * The model card (README.md) is written by the evaluate step, which has every number.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODEL_CACHE, REPO_ROOT, logStep, runMain } from './model-cache';
import { encodeEmbeddingGraph } from './model-onnx';
import { SPECIAL_TOKENS, tokenizerConfigJson, tokenizerJson } from './model-tokenizer';
import { MAX_TOKENS, type TokenizedPairs } from './model-tokenize';
import { type ModelWeights, readWeights } from './model-train';

/** The shipped model's id; an experiment exports under its own (FOURFOLD_MODEL_ID), never over the shipped files. */
export const MODEL_ID = process.env.FOURFOLD_MODEL_ID ?? 'fourfold-code-search';
export const MODEL_DIR = join(REPO_ROOT, 'public', 'models', MODEL_ID);

/** Per-dimension size of the [CLS] vector (see quantize): ~1e-6, far below any learned token's ~1e-2. */
const EMPTY_TEXT_SCALE = 1e-6 / 127;

/** int8 rows with one scale each; the side weights multiply into the scales. */
export function quantize(m: ModelWeights): { table: Int8Array; tokenScale: Float32Array } {
  const { vocabSize: V, dimensions: D } = m;
  const table = new Int8Array(V * D);
  const tokenScale = new Float32Array(2 * V);
  for (let t = 0; t < V; t++) {
    let max = 0;
    for (let d = 0; d < D; d++) max = Math.max(max, Math.abs(m.table[t * D + d]));
    if (max === 0 || !Number.isFinite(max)) continue;
    const rowScale = max / 127;
    for (let d = 0; d < D; d++) table[t * D + d] = Math.round(m.table[t * D + d] / rowScale);
    tokenScale[t] = rowScale * m.sideWeights[t];
    tokenScale[V + t] = rowScale * m.sideWeights[V + t];
  }
  // [CLS] gets a tiny all-negative vector on both sides: a text with no known token (empty,
  // only symbols or emoji) then pools to a valid unit vector (every sign bit 0, as before)
  // instead of 0/0 = NaN, and any real token outweighs it by orders of magnitude.
  const cls = SPECIAL_TOKENS.indexOf('[CLS]');
  for (let d = 0; d < D; d++) table[cls * D + d] = -127;
  tokenScale[cls] = tokenScale[V + cls] = EMPTY_TEXT_SCALE;
  return { table, tokenScale };
}

export function configJson(vocabSize: number, dimensions: number): object {
  return {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: dimensions,
    vocab_size: vocabSize,
    max_position_embeddings: MAX_TOKENS,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    intermediate_size: dimensions,
    type_vocab_size: 2,
    pad_token_id: 0,
    'transformers.js_config': { dtype: 'q8' },
  };
}

export async function exportModel(): Promise<{ onnxBytes: number }> {
  const tok = JSON.parse(readFileSync(join(MODEL_CACHE, 'tokens.json'), 'utf8')) as TokenizedPairs;
  const weights = readWeights();
  if (weights.vocabSize !== tok.vocabulary.length)
    throw new Error(`weights have ${weights.vocabSize} rows, vocabulary ${tok.vocabulary.length}`);
  const { table, tokenScale } = quantize(weights);
  const onnx = encodeEmbeddingGraph({
    table,
    tokenScale,
    vocabSize: weights.vocabSize,
    dimensions: weights.dimensions,
    docString: `${MODEL_ID}: contrastively trained sub-token embeddings with per-side token weights (scripts/model-train.ts)`,
  });
  mkdirSync(join(MODEL_DIR, 'onnx'), { recursive: true });
  writeFileSync(join(MODEL_DIR, 'onnx', 'model_quantized.onnx'), onnx);
  writeFileSync(join(MODEL_DIR, 'tokenizer.json'), JSON.stringify(tokenizerJson(tok.vocabulary)));
  writeFileSync(
    join(MODEL_DIR, 'tokenizer_config.json'),
    `${JSON.stringify(tokenizerConfigJson(MAX_TOKENS), null, 2)}\n`,
  );
  writeFileSync(
    join(MODEL_DIR, 'config.json'),
    `${JSON.stringify(configJson(weights.vocabSize, weights.dimensions), null, 2)}\n`,
  );
  logStep(
    'export',
    `wrote ${MODEL_DIR} (onnx ${(onnx.length / 1e6).toFixed(2)} MB, ${weights.vocabSize} tokens × ${weights.dimensions})`,
  );
  return { onnxBytes: onnx.length };
}

runMain(import.meta.url, exportModel);
