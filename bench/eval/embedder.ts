/**
 * The embedder an eval run uses: `--embedder` as given, except that `MODEL_ID=<id>` swaps the
 * bundled local model for a trial one exported under that id into public/models/<id>/
 * (`FOURFOLD_MODEL_ID=<id> npx tsx scripts/model-export.ts`), so a retrained model is measured
 * before it replaces the shipped files. The lexical expansion stays the shipped one, so the
 * run measures the encoder alone. bench/understand/tune.ts reads the same variable.
 */
import { createNodeEmbedder, createNodeLocalEmbedder, type NodeEmbedderKind } from '../../src/node/embedders';

export async function evalEmbedder(kind: NodeEmbedderKind, modelId = process.env.MODEL_ID) {
  if (kind === 'local' && modelId) {
    process.stderr.write(`eval: local embedder from public/models/${modelId}/ (MODEL_ID)\n`);
    return createNodeLocalEmbedder({ modelId });
  }
  return createNodeEmbedder(kind);
}
