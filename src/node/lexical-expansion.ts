/**
 * The bundled model's learned lexical expansion (expansion.json beside it in public/models/),
 * read once per process for the engines this process builds or loads. Missing or refused, the
 * text index answers without it, as before it shipped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOCAL_MODEL_ID } from '../engine/semantic/local';
import { EXPANSION_FILE, LexicalExpansion } from '../engine/text/expansion';
import { NODE_MODELS_DIR } from './models-dir';

const read = new Map<string, LexicalExpansion | null>();

export function nodeLexicalExpansion(
  modelsDir = NODE_MODELS_DIR,
  modelId = DEFAULT_LOCAL_MODEL_ID,
): LexicalExpansion | null {
  const file = join(modelsDir, modelId, EXPANSION_FILE);
  if (!read.has(file)) {
    let text: string | null = null;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // No table beside this model: the text index searches the question's own words.
    }
    const loaded = text === null ? null : LexicalExpansion.parse(text);
    read.set(file, loaded?.ok ? loaded.expansion : null);
  }
  return read.get(file)!;
}
