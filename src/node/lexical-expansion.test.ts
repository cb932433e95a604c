import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_MODEL_ID } from '../engine/semantic/local';
import { EXPANSION_FILE } from '../engine/text/expansion';
import { NODE_MODELS_DIR } from './embedders';
import { nodeLexicalExpansion } from './lexical-expansion';

describe('the shipped lexical expansion', () => {
  it('loads from beside the bundled model, small enough to ship', () => {
    const expansion = nodeLexicalExpansion();
    expect(expansion).not.toBeNull();
    expect(expansion!.wordCount).toBeGreaterThan(1000);
    const bytes = readFileSync(join(NODE_MODELS_DIR, DEFAULT_LOCAL_MODEL_ID, EXPANSION_FILE)).length;
    expect(bytes).toBeLessThan(2_000_000);
  });

  it('expands a question word into code tokens that are not the word', () => {
    const tokens = nodeLexicalExpansion()!
      .expand(['retry'])
      .map((e) => e.token);
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((t) => !t.startsWith('retr'))).toBe(true);
  });

  it('is null for a model folder without a table', () => {
    expect(nodeLexicalExpansion(NODE_MODELS_DIR, 'no-such-model')).toBeNull();
  });
});
