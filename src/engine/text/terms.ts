/**
 * Ranked term search (BM25, MiniSearch 7) over identifier-split tokens: one document per
 * chunk, so "parseConfig" in code is found by "parse config", "parse_config" or "config".
 */
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { splitIdentifier, subTokens, words } from '../tokens';

/** A defining symbol's name says more about the chunk than one word of its body. */
export const SYMBOL_FIELD_BOOST = 3;
/** Path words ("auth/session.ts") are good topical evidence, weaker than the symbol. */
export const PATH_FIELD_BOOST = 1.5;
/** Query terms at least this long also match as prefixes ("config" → "configuration"). */
export const MIN_PREFIX_TERM_LENGTH = 4;

/** BM25 scores are kept to 9 decimals. */
const SCORE_SCALE = 1e9;

export interface TermDocument {
  /** The chunk id. */
  id: number;
  text: string;
  symbol: string;
  path: string;
}

export interface TermHit {
  id: number;
  score: number;
  /** Indexed terms that matched. */
  terms: string[];
}

export type TermSnapshot = AsPlainObject;

const FIELDS = ['text', 'symbol', 'path'];

/** Symbols index their sub-tokens and the whole lower-cased name ("parseconfig"). */
function symbolTokens(symbol: string): string[] {
  const parts = splitIdentifier(symbol);
  const whole = symbol.toLowerCase();
  return parts.length > 1 && /^[a-z0-9_$]+$/.test(whole) ? [...parts, whole] : parts;
}

/** Words repeat heavily in code: splitting each distinct word once halves tokenizing time. */
const MAX_CACHED_WORDS = 200_000;
const splitCache = new Map<string, string[]>();

/** Exactly subTokens(text), with splitIdentifier memoized per word. */
function cachedSubTokens(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    let parts = splitCache.get(word);
    if (!parts) {
      if (splitCache.size >= MAX_CACHED_WORDS) splitCache.clear();
      parts = splitIdentifier(word);
      splitCache.set(word, parts);
    }
    for (const p of parts) out.push(p);
  }
  return out;
}

function tokenize(text: string, fieldName?: string): string[] {
  return fieldName === 'symbol' ? symbolTokens(text) : cachedSubTokens(text);
}

const OPTIONS = {
  fields: FIELDS,
  storeFields: [] as string[],
  tokenize,
  // Tokens are already lower-cased sub-tokens.
  processTerm: (term: string) => term,
  searchOptions: {
    boost: { symbol: SYMBOL_FIELD_BOOST, path: PATH_FIELD_BOOST },
    combineWith: 'OR' as const,
    prefix: (term: string) => term.length >= MIN_PREFIX_TERM_LENGTH,
    tokenize: (text: string) => subTokens(text),
    processTerm: (term: string) => term,
  },
};

export class TermIndex {
  private constructor(private readonly search: MiniSearch<TermDocument>) {}

  static build(docs: Iterable<TermDocument>): TermIndex {
    const ms = new MiniSearch<TermDocument>(OPTIONS);
    for (const doc of docs) ms.add(doc);
    return new TermIndex(ms);
  }

  serialize(): TermSnapshot {
    return this.search.toJSON();
  }

  static load(snapshot: TermSnapshot): TermIndex {
    return new TermIndex(MiniSearch.loadJS<TermDocument>(snapshot, OPTIONS));
  }

  get documentCount(): number {
    return this.search.documentCount;
  }

  /** BM25 ranking of chunks for already-tokenized query terms, best first. */
  query(terms: string[], limit: number): TermHit[] {
    const tokens = [...new Set(terms.flatMap((t) => subTokens(t)))];
    if (tokens.length === 0 || limit <= 0) return [];
    // Scores are rounded and ties broken by id: summation order (and so the last bits of a
    // score) differs between a built and a loaded index, and results must not.
    return this.search
      .search(tokens.join(' '))
      .map((r) => ({ id: r.id as number, score: Math.round(r.score * SCORE_SCALE) / SCORE_SCALE, terms: [...r.terms].sort() }))
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, limit);
  }
}
