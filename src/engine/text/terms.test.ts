import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { splitIdentifier, subTokens, words } from '../tokens';
import { MIN_PREFIX_TERM_LENGTH, PATH_FIELD_BOOST, SYMBOL_FIELD_BOOST, TermIndex, type TermDocument } from './terms';

const DOCS = [
  {
    id: 0,
    text: 'function parseConfig(file) {\n  return readSettings(file);\n}',
    symbol: 'parseConfig',
    path: 'src/config/load.ts',
  },
  { id: 1, text: 'const parser = new Parser();\nparser.parse(tokens);', symbol: '', path: 'src/lang/parser.ts' },
  { id: 2, text: 'export const config = { port: 8080 };', symbol: '', path: 'src/server/config.ts' },
  {
    id: 3,
    text: 'def parse_config_file(path):\n    return yaml.load(open(path))',
    symbol: 'parse_config_file',
    path: 'tools/settings.py',
  },
  { id: 4, text: '<div class="Grüße">naïve café</div>', symbol: '', path: 'web/index.html' },
  { id: 5, text: '', symbol: '', path: 'empty.txt' },
];

describe('TermIndex (BM25 over identifier sub-tokens)', () => {
  const index = TermIndex.build(DOCS);

  it('finds camelCase and snake_case identifiers by their split words, ranking chunks with both words first', () => {
    const hits = index.query(['parse', 'config'], 10);
    expect(
      hits
        .slice(0, 2)
        .map((h) => h.id)
        .sort(),
    ).toEqual([0, 3]);
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

  it('with prose, a query word also matches its base forms in the vocabulary, as one query term', () => {
    // "parses" is not a word of any chunk; its base form "parse" is (and, as a prefix, "parser").
    expect(index.query(['parses'], 10)).toEqual([]);
    const prose = index.query(['parses', 'settings'], 10, { prose: true });
    expect(prose[0].id).toBe(3);
    expect(prose.map((h) => h.id)).toEqual(expect.arrayContaining([0, 1, 3]));
    // The same chunks and order as asking for the base form itself: a form counts once.
    expect(prose.map((h) => h.id)).toEqual(index.query(['parse', 'settings'], 10).map((h) => h.id));
  });

  it('with prose, a query word also matches its other national spelling, and chunksSaying reads it', () => {
    const spelled = TermIndex.build([
      {
        id: 0,
        text: 'def neighbor_list(a, cutoff):\n    return primitive_neighbor_list(a, cutoff)',
        symbol: 'neighbor_list',
        path: 'ase/neighborlist.py',
      },
      {
        id: 1,
        text: 'def get_neighbours(atoms, r_cut):\n    return pairs(atoms, r_cut)',
        symbol: 'get_neighbours',
        path: 'ase/precon.py',
      },
      {
        id: 2,
        text: 'def set_color(self, color):\n    self.color = color',
        symbol: 'set_color',
        path: 'ase/gui/colors.py',
      },
    ]);
    // Without prose, each spelling finds its own.
    expect(spelled.query(['neighbour'], 10).map((h) => h.id)).toEqual([1]);
    expect(
      spelled
        .query(['neighbour'], 10, { prose: true })
        .map((h) => h.id)
        .sort(),
    ).toEqual([0, 1]);
    expect(
      spelled
        .query(['neighbor'], 10, { prose: true })
        .map((h) => h.id)
        .sort(),
    ).toEqual([0, 1]);
    expect(spelled.query(['colours'], 10, { prose: true }).map((h) => h.id)).toEqual([2]);
    expect(spelled.chunksSaying('neighbour')).toEqual([0, 1]);
    expect(spelled.chunksSaying('colour')).toEqual([2]);
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

  it('round-trips through its snapshot (structured clone) with identical results', () => {
    const loaded = TermIndex.load(structuredClone(index.serialize()));
    expect(loaded.documentCount).toBe(DOCS.length);
    for (const q of [['parse', 'config'], ['settings'], ['caf'], ['grüße']])
      expect(loaded.query(q, 10)).toEqual(index.query(q, 10));
    expect(loaded.query(JSON.parse(JSON.stringify(['port'])), 10).map((h) => h.id)).toEqual([2]);
  });
});

/**
 * The reference: MiniSearch 7 configured as Fourfold used it before the typed-array index
 * replaced it (same fields, boosts, tokenizers, prefix rule). Scores must agree to the 9
 * decimals the index keeps; ids, order and matched terms exactly.
 */
function miniSearchReference(docs: TermDocument[]) {
  const symbolTokens = (symbol: string) => {
    const parts = splitIdentifier(symbol);
    const whole = symbol.toLowerCase();
    return parts.length > 1 && /^[a-z0-9_$]+$/.test(whole) ? [...parts, whole] : parts;
  };
  const ms = new MiniSearch<TermDocument>({
    fields: ['text', 'symbol', 'path'],
    storeFields: [],
    tokenize: (text, field) => (field === 'symbol' ? symbolTokens(text) : words(text).flatMap(splitIdentifier)),
    processTerm: (term) => term,
    searchOptions: {
      boost: { symbol: SYMBOL_FIELD_BOOST, path: PATH_FIELD_BOOST },
      combineWith: 'OR',
      prefix: (term: string) => term.length >= MIN_PREFIX_TERM_LENGTH,
      tokenize: (text: string) => subTokens(text),
      processTerm: (term: string) => term,
    },
  });
  ms.addAll(docs);
  return (terms: string[], limit: number) => {
    const tokens = [...new Set(terms.flatMap((t) => subTokens(t)))];
    if (tokens.length === 0) return [];
    return ms
      .search(tokens.join(' '))
      .map((r) => ({ id: r.id as number, score: Math.round(r.score * 1e9) / 1e9, terms: [...r.terms].sort() }))
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, limit);
  };
}

/** Real code as chunk-sized documents: 30-line windows of installed packages' sources. */
function realDocuments(): TermDocument[] {
  const root = join(process.cwd(), 'node_modules');
  const docs: TermDocument[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else if (/\.(js|ts)$/.test(name) && st.size < 400_000) {
        const lines = readFileSync(full, 'utf8').split('\n');
        const path = relative(root, full);
        for (let at = 0; at < lines.length; at += 30) {
          const text = lines.slice(at, at + 30).join('\n');
          const symbol = /function\s+([A-Za-z_$][\w$]*)/.exec(text)?.[1] ?? '';
          docs.push({ id: docs.length, text, symbol, path });
        }
      }
    }
  };
  for (const pkg of ['minisearch', 'idb', 'comlink']) walk(join(root, pkg));
  return docs;
}

describe('TermIndex scores exactly as MiniSearch did', () => {
  const docs = realDocuments();
  const index = TermIndex.build(docs);
  const reference = miniSearchReference(docs);

  it('on single words, prefixes, identifiers, several words, repeats, and words that are not there', () => {
    const vocabulary = [...new Set(docs.flatMap((d) => subTokens(d.text)))].sort();
    const sampled = vocabulary.filter((_, i) => i % Math.max(1, Math.floor(vocabulary.length / 150)) === 0);
    const queries: string[][] = [
      ...sampled.map((w) => [w]),
      ...sampled.map((w) => [w.slice(0, 4)]),
      ['parse', 'config'],
      ['searchableMap'],
      ['add', 'document', 'index'],
      ['term', 'term', 'frequency'],
      ['open', 'db', 'transaction', 'store'],
      ['wrap', 'proxy', 'expose', 'endpoint'],
      ['zzzzunknown'],
      ['fuzzy search prefix boost'],
    ];
    expect(docs.length).toBeGreaterThan(500);
    let compared = 0;
    for (const q of queries) {
      const expected = reference(q, 50);
      expect(index.query(q, 50), q.join(' ')).toEqual(expected);
      compared += expected.length;
    }
    expect(compared).toBeGreaterThan(3000);
  });

  it('and so does the index loaded from its snapshot', () => {
    const loaded = TermIndex.load(structuredClone(index.serialize()));
    for (const q of [['parse', 'config'], ['searc'], ['transaction']])
      expect(loaded.query(q, 100)).toEqual(reference(q, 100));
  });
});
