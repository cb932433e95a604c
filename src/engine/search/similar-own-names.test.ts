/**
 * "Similar to X" where X is a function known by two names: JavaScript's `property: function
 * padding(…) {…}` is its object's `property` and the function `padding`, one chunk. Asked by its
 * own name, X is that chunk, and its twin is found. Fixtures: clean-css 5.3.1's level-1 property
 * optimizers (MIT, licence in their first line).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import type { Engine } from '../engine';
import { engineOver } from '../../../test/support/engine';

const DIR = 'lib/optimizer/level-1/property-optimizers';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/clean-css-${name}.js.txt`, import.meta.url), 'utf8');
const FILES: SourceFile[] = ['padding', 'margin', 'font-weight'].map((n) => ({
  path: `${DIR}/${n}.js`,
  text: fixture(n),
}));

let engine: Engine;
beforeAll(async () => {
  engine = await engineOver(FILES);
});

describe('a function known by its key and by its own name', () => {
  it('“code similar to padding in …/padding.js”: X is the `property: function padding` chunk, and margin’s twin comes first', async () => {
    const r = await engine.search(`code similar to padding in ${DIR}/padding.js`, { limit: 5 });
    expect(r.query.intent).toBe('find_similar');
    const top = r.results.map((x) => `${x.path}:${x.startLine}`);
    // The subject itself (padding.js:10, the line after the licence) is never an answer.
    expect(top).not.toContain(`${DIR}/padding.js:10`);
    expect(top[0]).toBe(`${DIR}/margin.js:6`);
  });
});
