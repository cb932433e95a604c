/** Suggested questions come from the repository itself: its names, its files, its docs, its strings, and each one answers. */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR, readSourceTree } from '../../e2e/fixture-files';
import { classify } from './classify';
import { Engine } from './engine';
import { docSentence, messageLiteral } from './suggestions';
import { engineOver } from '../../test/support/engine';

describe('suggested questions', () => {
  let express: Engine;
  beforeAll(async () => {
    express = await engineOver(readSourceTree(join(FIXTURE_DIR, 'express')));
  }, 120_000);

  it('are one per intent, route to that intent, name this repository and find something', async () => {
    const suggestions = express.suggestions();
    expect(suggestions.length).toBeGreaterThanOrEqual(5);
    expect(new Set(suggestions.map((s) => s.intent)).size).toBe(suggestions.length);
    for (const { intent, query } of suggestions) {
      expect(classify(query).intent).toBe(intent);
      const answer = await express.search(query);
      expect(answer.results.length, query).toBeGreaterThan(0);
    }
    // Nothing of the demo's (Svelte) names.
    expect(JSON.stringify(suggestions)).not.toMatch(/flushSync|render\b|parseConfig|\bdiff\b/);
  });

  it('reads a doc comment or docstring as a sentence, and a message string as written', () => {
    expect(docSentence('/**\n * Render the given view with options.\n * @param name\n */\nfunction x() {}')).toBe(
      'render the given view with options',
    );
    expect(docSentence('def f():\n    """Return the app that handles the current request."""\n')).toBe(
      'return the app that handles the current request',
    );
    expect(docSentence('// eslint-disable-next-line\nfoo()')).toBeNull();
    expect(messageLiteral("throw new Error('Failed to lookup view in views directory');")).toBe(
      'Failed to lookup view in views directory',
    );
    expect(messageLiteral('x = "id"')).toBeNull();
  });
});
