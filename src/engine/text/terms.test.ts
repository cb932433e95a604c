import { describe, expect, it } from 'vitest';
import { TermIndex } from './terms';

const DOCS = [
  { id: 0, text: 'function parseConfig(file) {\n  return readSettings(file);\n}', symbol: 'parseConfig', path: 'src/config/load.ts' },
  { id: 1, text: 'const parser = new Parser();\nparser.parse(tokens);', symbol: '', path: 'src/lang/parser.ts' },
  { id: 2, text: 'export const config = { port: 8080 };', symbol: '', path: 'src/server/config.ts' },
  { id: 3, text: 'def parse_config_file(path):\n    return yaml.load(open(path))', symbol: 'parse_config_file', path: 'tools/settings.py' },
  { id: 4, text: '<div class="Grüße">naïve café</div>', symbol: '', path: 'web/index.html' },
  { id: 5, text: '', symbol: '', path: 'empty.txt' },
];

describe('TermIndex (BM25 over identifier sub-tokens)', () => {
  const index = TermIndex.build(DOCS);

  it('finds camelCase and snake_case identifiers by their split words, ranking chunks with both words first', () => {
    const hits = index.query(['parse', 'config'], 10);
    expect(hits.slice(0, 2).map((h) => h.id).sort()).toEqual([0, 3]);
    expect(hits.map((h) => h.id)).toEqual(expect.arrayContaining([1, 2]));
    expect(hits[0].terms).toEqual(expect.arrayContaining(['parse', 'config']));
    for (let i = 1; i < hits.length; i++) expect(hits[i].score).toBeLessThanOrEqual(hits[i - 1].score);
  });

  it('splits the query like the documents: "parseConfig" and "parse_config" find the same chunks', () => {
    const camel = index.query(['parseConfig'], 10).map((h) => h.id);
    const snake = index.query(['parse_config'], 10).map((h) => h.id);
    expect(camel).toEqual(snake);
    expect(camel.slice(0, 2).sort()).toEqual([0, 3]);
  });

  it('boosts the symbol and path fields', () => {
    // "settings" is in chunk 0's body (readSettings) and chunk 3's path.
    const hits = index.query(['settings'], 10).map((h) => h.id);
    expect(hits).toEqual([3, 0]);
  });

  it('returns nothing for empty or stop-only queries and respects the limit', () => {
    expect(index.query([], 10)).toEqual([]);
    expect(index.query(['...'], 10)).toEqual([]);
    expect(index.query(['parse'], 1)).toHaveLength(1);
  });

  it('round-trips through toJSON/loadJS with identical results', () => {
    const loaded = TermIndex.load(structuredClone(index.serialize()));
    expect(loaded.documentCount).toBe(DOCS.length);
    for (const q of [['parse', 'config'], ['settings'], ['caf'], ['grüße']]) expect(loaded.query(q, 10)).toEqual(index.query(q, 10));
    expect(loaded.query(JSON.parse(JSON.stringify(['port'])), 10).map((h) => h.id)).toEqual([2]);
  });
});
