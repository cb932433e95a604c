/**
 * The bundled local model in Node without transformers.js. The static token-table graph it
 * ships is run in plain TypeScript (src/engine/semantic/static-model.ts): no runtime to start.
 * Another graph in its place falls back to onnxruntime-node (the runtime transformers.js uses
 * in Node) with the session options transformers.js would pass. The tokenizer is
 * @huggingface/tokenizers (the package transformers.js 4.3 bundles and calls for `encode`);
 * importing transformers.js would cost a command ~0.15 s (sharp, undici, its own bundle). Both
 * paths give the vectors of transformers.js bit for bit (src/engine/semantic/local.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { localEmbedderFrom, type LocalEmbedder, type LocalModel, type LocalTokenizer } from '../engine/semantic/local';
import {
  createStaticLocalEmbedder,
  LOCAL_MODEL_PATHS,
  localTokenizerFrom,
  type LocalModelFiles,
} from '../engine/semantic/static-embedder';

export interface NodeLocalModelOptions {
  modelId: string;
  /** The folder holding `<modelId>/`. */
  modelsDir: string;
  /** ONNX Runtime intra-op threads (see LocalEmbedderOptions.sessionThreads), for a graph run there. */
  sessionThreads: number;
}

/** The model's files, as the embedder reads them. */
async function readModelFiles(dir: string): Promise<LocalModelFiles> {
  const [onnx, tokenizerJson, tokenizerConfig] = await Promise.all([
    readFile(join(dir, LOCAL_MODEL_PATHS.onnx)),
    readFile(join(dir, LOCAL_MODEL_PATHS.tokenizerJson), 'utf8'),
    readFile(join(dir, LOCAL_MODEL_PATHS.tokenizerConfig), 'utf8'),
  ]);
  return { onnx, tokenizerJson, tokenizerConfig };
}

function loadError(modelId: string, dir: string, err: unknown): Error {
  return new Error(`Could not load the local embedding model "${modelId}" from ${dir}: ${(err as Error).message}`, {
    cause: err,
  });
}

/** The embedder: the static table run here when the graph is one, ONNX Runtime otherwise. */
export async function createDirectLocalEmbedder(options: NodeLocalModelOptions): Promise<LocalEmbedder> {
  const dir = join(options.modelsDir, options.modelId);
  let files: LocalModelFiles;
  try {
    files = await readModelFiles(dir);
    const direct = await createStaticLocalEmbedder(options.modelId, files);
    if (direct.ok) return direct.embedder;
  } catch (err) {
    throw loadError(options.modelId, dir, err);
  }
  const { tokenizer, model } = await loadOnnxRuntimeModel(options, files);
  return localEmbedderFrom(`local:${options.modelId}`, tokenizer, model);
}

/**
 * The model's tokenizer and an ONNX Runtime session of its graph, each behind the runner's
 * narrow interface: the fallback for a graph the static path refuses, and the reference the
 * tests compare that path with.
 */
export async function loadOnnxRuntimeModel(
  { modelId, modelsDir, sessionThreads }: NodeLocalModelOptions,
  modelFiles?: LocalModelFiles,
): Promise<{ tokenizer: LocalTokenizer; model: LocalModel }> {
  const dir = join(modelsDir, modelId);
  try {
    const [ort, files] = await Promise.all([import('onnxruntime-node'), modelFiles ?? readModelFiles(dir)]);
    const tokenizer = await localTokenizerFrom(files.tokenizerJson, files.tokenizerConfig);
    const session = await ort.InferenceSession.create(files.onnx, {
      executionProviders: ['cpu'],
      intraOpNumThreads: sessionThreads,
      interOpNumThreads: 1,
      logSeverityLevel: 2, // warnings and errors, as transformers.js sets it by default
    });
    const model: LocalModel = async ({ input_ids, attention_mask, token_type_ids, dims }) => {
      const { last_hidden_state: hidden } = await session.run({
        input_ids: new ort.Tensor('int64', input_ids, dims),
        attention_mask: new ort.Tensor('int64', attention_mask, dims),
        token_type_ids: new ort.Tensor('int64', token_type_ids, dims),
      });
      return { data: hidden.data as Float32Array, dims: hidden.dims };
    };
    return { tokenizer, model };
  } catch (err) {
    throw loadError(modelId, dir, err);
  }
}
