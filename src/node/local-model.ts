/**
 * The bundled local model in Node without transformers.js: its tokenizer through
 * @huggingface/tokenizers (the package transformers.js 4.3 bundles and calls for `encode`) and
 * its graph through onnxruntime-node (the runtime transformers.js uses in Node), with the session
 * options transformers.js would pass. Importing transformers.js takes a CLI command ~0.15 s
 * (sharp, undici, its own bundle); this path loads in ~0.08 s and gives bit-identical vectors
 * (local-model.test.ts compares it with `createLocalEmbedder` on real code).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { localEmbedderFrom, type LocalEmbedder, type LocalModel, type LocalTokenizer } from '../engine/semantic/local';

export interface NodeLocalModelOptions {
  modelId: string;
  /** The folder holding `<modelId>/`. */
  modelsDir: string;
  /** ONNX Runtime intra-op threads (see LocalEmbedderOptions.sessionThreads). */
  sessionThreads: number;
}

export async function createDirectLocalEmbedder(options: NodeLocalModelOptions): Promise<LocalEmbedder> {
  const { tokenizer, model } = await loadDirectLocalModel(options);
  return localEmbedderFrom(`local:${options.modelId}`, tokenizer, model);
}

/** The model's tokenizer and session, each behind the runner's narrow interface. */
export async function loadDirectLocalModel({
  modelId,
  modelsDir,
  sessionThreads,
}: NodeLocalModelOptions): Promise<{ tokenizer: LocalTokenizer; model: LocalModel }> {
  const dir = join(modelsDir, modelId);
  try {
    const [{ Tokenizer }, ort, tokenizerJson, tokenizerConfig, onnx] = await Promise.all([
      import('@huggingface/tokenizers'),
      import('onnxruntime-node'),
      readFile(join(dir, 'tokenizer.json'), 'utf8'),
      readFile(join(dir, 'tokenizer_config.json'), 'utf8'),
      // What transformers.js loads for dtype 'q8'.
      readFile(join(dir, 'onnx', 'model_quantized.onnx')),
    ]);
    const tokenizer = new Tokenizer(JSON.parse(tokenizerJson), JSON.parse(tokenizerConfig));
    const session = await ort.InferenceSession.create(onnx, {
      executionProviders: ['cpu'],
      intraOpNumThreads: sessionThreads,
      interOpNumThreads: 1,
      logSeverityLevel: 2, // warnings and errors, as transformers.js sets it by default
    });
    const encoder: LocalTokenizer = {
      encode: (text, options) =>
        tokenizer.encode(text, { add_special_tokens: options?.add_special_tokens ?? true }).ids,
    };
    const model: LocalModel = async ({ input_ids, attention_mask, token_type_ids, dims }) => {
      const { last_hidden_state: hidden } = await session.run({
        input_ids: new ort.Tensor('int64', input_ids, dims),
        attention_mask: new ort.Tensor('int64', attention_mask, dims),
        token_type_ids: new ort.Tensor('int64', token_type_ids, dims),
      });
      return { data: hidden.data as Float32Array, dims: hidden.dims };
    };
    return { tokenizer: encoder, model };
  } catch (err) {
    throw new Error(`Could not load the local embedding model "${modelId}" from ${dir}: ${(err as Error).message}`, {
      cause: err,
    });
  }
}
