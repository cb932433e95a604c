/**
 * The bundled model from its files, without ONNX Runtime: the static token table
 * (static-model.ts) and the tokenizer through @huggingface/tokenizers (the tokenizer package
 * transformers.js bundles and calls for `encode`: the same ids). Hosts read the files (Node from
 * disk, the embed worker by fetch) and fall back to ONNX Runtime when the graph is refused.
 */
import { localEmbedderFrom, type LocalEmbedder, type LocalTokenizer } from './local';
import { loadStaticModel, type StaticModelRejection } from './static-model';

/** The files of a model folder that the embedder reads. */
export interface LocalModelFiles {
  /** onnx/model_quantized.onnx */
  onnx: Uint8Array;
  /** tokenizer.json and tokenizer_config.json, as text. */
  tokenizerJson: string;
  tokenizerConfig: string;
}

/** Where each of LocalModelFiles lies in the model's folder (the ONNX file is what transformers.js loads for dtype 'q8'). */
export const LOCAL_MODEL_PATHS = {
  onnx: 'onnx/model_quantized.onnx',
  tokenizerJson: 'tokenizer.json',
  tokenizerConfig: 'tokenizer_config.json',
} as const satisfies Record<keyof LocalModelFiles, string>;

export type StaticEmbedderLoad = { ok: true; embedder: LocalEmbedder } | { ok: false; rejection: StaticModelRejection };

/** The tokenizer of tokenizer.json / tokenizer_config.json, behind the runner's interface. */
export async function localTokenizerFrom(tokenizerJson: string, tokenizerConfig: string): Promise<LocalTokenizer> {
  const { Tokenizer } = await import('@huggingface/tokenizers');
  const tokenizer = new Tokenizer(JSON.parse(tokenizerJson), JSON.parse(tokenizerConfig));
  return {
    encode: (text, options) => tokenizer.encode(text, { add_special_tokens: options?.add_special_tokens ?? true }).ids,
  };
}

/** The embedder of `local:<modelId>` run here, or why its graph must go to ONNX Runtime instead. */
export async function createStaticLocalEmbedder(modelId: string, files: LocalModelFiles): Promise<StaticEmbedderLoad> {
  const loaded = loadStaticModel(files.onnx);
  if (!loaded.ok) return loaded;
  const tokenizer = await localTokenizerFrom(files.tokenizerJson, files.tokenizerConfig);
  return { ok: true, embedder: await localEmbedderFrom(`local:${modelId}`, tokenizer, loaded.model) };
}
