/**
 * The embedder an eval run uses: `--embedder` as given, except that `MODEL_ID=<id>` swaps the
 * bundled local model for a trial one exported under that id into public/models/<id>/
 * (`FOURFOLD_MODEL_ID=<id> npx tsx scripts/model-export.ts`), so a retrained model is measured
 * before it replaces the shipped files. The lexical expansion is the one beside that model
 * (evalLexicalExpansion): it names its model and says what the model has learned, which the
 * engine's language gate reads, so a trial is gated as shipping it would gate it; a trial folder
 * without one runs without expansion and without the gate. bench/understand/tune.ts reads the
 * same variable.
 */
import { DEFAULT_LOCAL_MODEL_ID } from '../../src/engine/semantic/local';
import { createNodeEmbedder, createNodeLocalEmbedder, type NodeEmbedderKind } from '../../src/node/embedders';
import { nodeLexicalExpansion } from '../../src/node/lexical-expansion';
import { NODE_MODELS_DIR } from '../../src/node/models-dir';

export async function evalEmbedder(kind: NodeEmbedderKind, modelId = process.env.MODEL_ID) {
  if (kind === 'local' && modelId) {
    process.stderr.write(`eval: local embedder from public/models/${modelId}/ (MODEL_ID)\n`);
    return createNodeLocalEmbedder({ modelId });
  }
  return createNodeEmbedder(kind);
}

/** The lexical expansion beside the model evalEmbedder loads (the trial's own under MODEL_ID). */
export function evalLexicalExpansion(modelId = process.env.MODEL_ID) {
  const expansion = nodeLexicalExpansion(NODE_MODELS_DIR, modelId || DEFAULT_LOCAL_MODEL_ID);
  if (modelId && !expansion) process.stderr.write(`eval: no expansion.json in public/models/${modelId}/\n`);
  return expansion;
}
