/**
 * The bundled model's learned lexical expansion in the index worker: expansion.json, beside the
 * model in the app's `models/` folder (the service worker keeps it with the model), read for the
 * text index of every engine the worker builds or opens. Its own module: the index worker must
 * not load the model's runtime to read a table.
 */
import { DEFAULT_LOCAL_MODEL_ID } from '../engine/semantic/local';
import { EXPANSION_FILE, LexicalExpansion } from '../engine/text/expansion';

/** The table, or null when it is missing or refused: the text index then searches the question's own words. */
export async function fetchLexicalExpansion(appRoot: string): Promise<LexicalExpansion | null> {
  try {
    const response = await fetch(new URL(`models/${DEFAULT_LOCAL_MODEL_ID}/${EXPANSION_FILE}`, appRoot));
    if (!response.ok) return null;
    const loaded = LexicalExpansion.parse(await response.text());
    return loaded.ok ? loaded.expansion : null;
  } catch {
    // Offline with the file not cached: search without it.
    return null;
  }
}
