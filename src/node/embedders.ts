/**
 * Embedders for Node (CLI, eval, tests): the bundled local model read from the repository's
 * public/models/, and Voyage with a key from the caller or VOYAGE_API_KEY.
 */
import { fileURLToPath } from 'node:url';
import type { Embedder } from '../engine/semantic/embedder';
import { DEFAULT_LOCAL_MODEL_ID, type LocalEmbedder } from '../engine/semantic/local';
import { createVoyageEmbedder, type VoyageEmbedderOptions } from '../engine/semantic/voyage';
import { createDirectLocalEmbedder } from './local-model';

/** <repo>/public/models/, where `npm run model` writes the bundled model. */
export const NODE_MODELS_DIR = fileURLToPath(new URL('../../public/models/', import.meta.url));

/** The bundled model through ONNX Runtime and the tokenizer directly (local-model.ts: same vectors as transformers.js, loaded faster). */
export function createNodeLocalEmbedder(options: { modelId?: string; modelsDir?: string } = {}): Promise<LocalEmbedder> {
  return createDirectLocalEmbedder({
    modelId: options.modelId ?? DEFAULT_LOCAL_MODEL_ID,
    modelsDir: options.modelsDir ?? NODE_MODELS_DIR,
    sessionThreads: 1,
  });
}

export type NodeEmbedderKind = 'local' | 'voyage' | 'none';

/** The `--embedder local|voyage|none` choice of the CLI. */
export async function createNodeEmbedder(
  kind: NodeEmbedderKind,
  voyage: Partial<VoyageEmbedderOptions> = {},
): Promise<Embedder | null> {
  if (kind === 'none') return null;
  if (kind === 'local') return createNodeLocalEmbedder();
  const apiKey = voyage.apiKey ?? process.env.VOYAGE_API_KEY;
  if (!apiKey) throw new Error('--embedder voyage needs a Voyage API key: set VOYAGE_API_KEY');
  return createVoyageEmbedder({ ...voyage, apiKey });
}
