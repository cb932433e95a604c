import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../node/grammars';
import { StructuralAnalyzer } from '../engine/structural/analyzer';
import { fromWire, toWire } from './analysis-wire';

const fixtures = new URL('../engine/structural/fixtures/', import.meta.url);
const browserSources = new URL('./', import.meta.url);

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

describe('a parse worker’s analysis as JSON text', () => {
  // The fixtures are real files of every language the analyzer reads (definitions with docs and
  // containers, qualified references with receivers, imports); this folder's own sources add
  // TypeScript with JSDoc, generics and re-exports.
  const files = [
    ...readdirSync(fixtures)
      .filter((name) => name.endsWith('.txt'))
      .map((name) => ({ path: name.replace(/\.txt$/, ''), url: new URL(name, fixtures) })),
    ...readdirSync(browserSources)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => ({ path: `src/browser/${name}`, url: new URL(name, browserSources) })),
  ];

  it('comes back as the very analysis the worker made: every field, none added, none set to undefined', async () => {
    let definitions = 0;
    let qualified = 0;
    for (const { path, url } of files) {
      const analysis = await analyzer.analyzeAsync(path, readFileSync(url, 'utf8'));
      definitions += analysis.definitions.length;
      qualified += analysis.references.filter((r) => r.qualified).length;
      // toStrictEqual tells a field set to undefined from one left out: JSON would drop the first.
      expect(fromWire(toWire(analysis)), path).toStrictEqual(analysis);
    }
    // The files hold what the round trip has to carry.
    expect(files.length).toBeGreaterThan(40);
    expect(definitions).toBeGreaterThan(500);
    expect(qualified).toBeGreaterThan(200);
  });

  it('carries a file that was not parsed, and a language the analyzer does not read', async () => {
    for (const [path, text] of [
      ['notes/readme.md', '# Title\n\nSome words.\n'],
      ['broken.ts', 'export function (((( {\n'],
    ]) {
      const analysis = await analyzer.analyzeAsync(path, text);
      expect(fromWire(toWire(analysis)), path).toStrictEqual(analysis);
    }
  });
});
