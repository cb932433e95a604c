/**
 * Name matching over every distinct definition name: exact, case-insensitive, sub-token
 * ("parse config" ≈ parseConfig ≈ parse_config), prefix and fuzzy (bounded edit distance).
 */
import { splitIdentifier } from '../tokens';

/** Match quality, best first. The score of each is in NAME_MATCH_SCORE. */
export type NameMatchKind =
  'exact' | 'case-insensitive' | 'sub-tokens' | 'all-sub-tokens' | 'prefix' | 'fuzzy' | 'partial';

/** Base score per match kind: each tier outranks the next whatever the small adjustments. */
export const NAME_MATCH_SCORE: Readonly<Record<NameMatchKind, number>> = {
  exact: 100,
  'case-insensitive': 90,
  // Same sub-tokens in the same order: parse_config for parseConfig.
  'sub-tokens': 80,
  // Every query sub-token is in the name, with others: parseConfigFile for parseConfig.
  'all-sub-tokens': 70,
  prefix: 60,
  fuzzy: 50,
  // Some query sub-tokens: scaled by the share matched.
  partial: 30,
};
/** Per extra sub-token in the name (all-sub-tokens), per extra char (prefix), per edit (fuzzy). */
export const EXTRA_TOKEN_PENALTY = 1;
export const PREFIX_EXTRA_CHAR_PENALTY = 0.2;
export const FUZZY_EDIT_PENALTY = 5;
/** Most penalty a tier can take: it stays above the next tier. */
export const MAX_TIER_PENALTY = 9;
/** Fuzzy: 1 edit for names of 4–7 chars, 2 edits from 8 chars; none below 4. */
export const FUZZY_MIN_LENGTH = 4;
export const FUZZY_TWO_EDITS_LENGTH = 8;
/** Prefix matching needs this many chars (short prefixes match half the repository). */
export const PREFIX_MIN_LENGTH = 3;
/** Candidate caps per match kind, so a common prefix or token cannot blow up a query. */
export const MAX_PREFIX_CANDIDATES = 2000;
export const MAX_PARTIAL_POSTINGS = 5000;

export interface NameQuery {
  /** The name as typed, for exact / case-insensitive / prefix / fuzzy; null to match on tokens only. */
  text: string | null;
  /** Lower-cased sub-tokens. */
  tokens: string[];
}

export interface NameMatch {
  nameId: number;
  kind: NameMatchKind;
  score: number;
  /** Edits for fuzzy, matched tokens for partial. */
  detail?: number;
}

export interface NameMatchOptions {
  prefixMinLength?: number;
  fuzzy?: boolean;
  partial?: boolean;
}

export class NameIndex {
  readonly names: readonly string[];
  /**
   * The tables below are each built on first use: a definition question that finds its name
   * precisely reads only `bySquash` (matchPrecise), and a loaded index answers one CLI question.
   */
  private byNameTable: Map<string, number> | null = null;
  private byLowerTable: Map<string, number[]> | null = null;
  private tokenTables: { tokensOf: string[][]; byToken: Map<string, number[]> } | null = null;
  private sortedLowerTable: Int32Array | null = null;
  private lowerTable: string[] | null = null;
  private byLengthTable: Map<number, number[]> | null = null;
  private bySquashTable: Map<string, number[]> | null = null;

  constructor(names: readonly string[]) {
    this.names = names;
  }

  private get byName(): Map<string, number> {
    if (!this.byNameTable) {
      const table = new Map<string, number>();
      this.names.forEach((name, id) => table.set(name, id));
      this.byNameTable = table;
    }
    return this.byNameTable;
  }

  private get lower(): string[] {
    return (this.lowerTable ??= this.names.map((n) => n.toLowerCase()));
  }

  private get byLower(): Map<string, number[]> {
    return (this.byLowerTable ??= groupIds(this.lower, (lower) => lower));
  }

  private get byLength(): Map<number, number[]> {
    return (this.byLengthTable ??= groupIds(this.lower, (lower) => lower.length));
  }

  /** Names by their sub-tokens joined (`parse_config`, `parseConfig`, `ParseConfig` → parseconfig). */
  private get bySquash(): Map<string, number[]> {
    return (this.bySquashTable ??= groupIds(this.names, squashed));
  }

  private get tokensOf(): string[][] {
    return this.tokenIndex().tokensOf;
  }

  private get byToken(): Map<string, number[]> {
    return this.tokenIndex().byToken;
  }

  private tokenIndex(): { tokensOf: string[][]; byToken: Map<string, number[]> } {
    if (!this.tokenTables) {
      const tokensOf = this.names.map((n) => splitIdentifier(n));
      const byToken = new Map<string, number[]>();
      for (let id = 0; id < tokensOf.length; id++) for (const token of new Set(tokensOf[id])) push(byToken, token, id);
      this.tokenTables = { tokensOf, byToken };
    }
    return this.tokenTables;
  }

  /** Name ids sorted by lower-cased name, for prefix ranges. */
  private get sortedLower(): Int32Array {
    if (!this.sortedLowerTable) {
      const lower = this.lower;
      const order = this.names.map((_, i) => i);
      order.sort((a, b) => {
        if (lower[a] < lower[b]) return -1;
        return lower[a] > lower[b] ? 1 : a - b;
      });
      this.sortedLowerTable = Int32Array.from(order);
    }
    return this.sortedLowerTable;
  }

  idOf(name: string): number | undefined {
    return this.byName.get(name);
  }

  /** Ids of names equal to `name` ignoring case. */
  caseInsensitive(name: string): readonly number[] {
    return this.byLower.get(name.toLowerCase()) ?? [];
  }

  tokens(nameId: number): readonly string[] {
    return this.tokensOf[nameId];
  }

  /** Every name matching the query, each with its best match kind. */
  match(query: NameQuery, options: NameMatchOptions = {}): NameMatch[] {
    const best = new Map<number, NameMatch>();
    const offer = (m: NameMatch) => {
      const current = best.get(m.nameId);
      if (!current || current.score < m.score) best.set(m.nameId, m);
    };
    const text = query.text;
    if (text) {
      const exact = this.byName.get(text);
      if (exact !== undefined) offer({ nameId: exact, kind: 'exact', score: NAME_MATCH_SCORE.exact });
      for (const id of this.caseInsensitive(text))
        offer({ nameId: id, kind: 'case-insensitive', score: NAME_MATCH_SCORE['case-insensitive'] });
    }
    this.matchTokens(query.tokens, offer, options.partial ?? true);
    if (text) {
      const lower = text.toLowerCase();
      if (lower.length >= (options.prefixMinLength ?? PREFIX_MIN_LENGTH)) this.matchPrefix(lower, offer);
      if (options.fuzzy ?? true) this.matchFuzzy(lower, offer);
    }
    return [...best.values()];
  }

  /**
   * The precise matches alone (exact, case-insensitive, same sub-tokens), each name with its
   * best: what `match` gives of those kinds. Each kind implies the same sub-tokens joined, so
   * one table of names by that key holds every candidate.
   */
  matchPrecise(query: NameQuery): NameMatch[] {
    const best = new Map<number, NameMatch>();
    const keys = new Set<string>();
    if (query.text) keys.add(squashed(query.text));
    if (query.tokens.length) keys.add(query.tokens.join(''));
    const lowerText = query.text?.toLowerCase();
    for (const key of keys)
      for (const id of this.bySquash.get(key) ?? []) {
        const name = this.names[id];
        let kind: NameMatchKind | null = null;
        if (name === query.text) kind = 'exact';
        else if (name.toLowerCase() === lowerText) kind = 'case-insensitive';
        else if (query.tokens.length && sameSequence(splitIdentifier(name), query.tokens)) kind = 'sub-tokens';
        if (kind && !best.has(id)) best.set(id, { nameId: id, kind, score: NAME_MATCH_SCORE[kind] });
      }
    return [...best.values()];
  }

  private matchTokens(tokens: string[], offer: (m: NameMatch) => void, partial: boolean): void {
    const unique = [...new Set(tokens)];
    if (unique.length === 0) return;
    const postings = unique.map((t) => this.byToken.get(t) ?? []);
    // Names holding every token: walk the rarest list, check the others by token set.
    const rarest = postings.reduce((a, b) => (b.length < a.length ? b : a));
    for (const id of rarest) {
      const nameTokens = this.tokensOf[id];
      if (!unique.every((t) => nameTokens.includes(t))) continue;
      if (sameSequence(nameTokens, tokens))
        offer({ nameId: id, kind: 'sub-tokens', score: NAME_MATCH_SCORE['sub-tokens'] });
      else {
        const extra = Math.min(MAX_TIER_PENALTY, (nameTokens.length - unique.length) * EXTRA_TOKEN_PENALTY);
        offer({ nameId: id, kind: 'all-sub-tokens', score: NAME_MATCH_SCORE['all-sub-tokens'] - extra });
      }
    }
    if (!partial || unique.length < 2) return;
    const counts = new Map<number, number>();
    for (const list of postings) {
      if (list.length > MAX_PARTIAL_POSTINGS) continue; // too common a token to be a signal alone
      for (const id of list) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const [id, matched] of counts) {
      if (matched === unique.length) continue; // already offered as all-sub-tokens
      const share = matched / unique.length;
      const extra = Math.min(MAX_TIER_PENALTY, (this.tokensOf[id].length - matched) * EXTRA_TOKEN_PENALTY);
      offer({
        nameId: id,
        kind: 'partial',
        score: Math.max(1, NAME_MATCH_SCORE.partial * share - extra),
        detail: matched,
      });
    }
  }

  private matchPrefix(lower: string, offer: (m: NameMatch) => void): void {
    const sorted = this.sortedLower;
    const names = this.lower;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (names[sorted[mid]] < lower) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo, n = 0; i < sorted.length && n < MAX_PREFIX_CANDIDATES; i++, n++) {
      const id = sorted[i];
      const name = names[id];
      if (!name.startsWith(lower)) break;
      if (name.length === lower.length) continue; // equal: case-insensitive already
      const extra = Math.min(MAX_TIER_PENALTY, (name.length - lower.length) * PREFIX_EXTRA_CHAR_PENALTY);
      offer({ nameId: id, kind: 'prefix', score: NAME_MATCH_SCORE.prefix - extra });
    }
  }

  private matchFuzzy(lower: string, offer: (m: NameMatch) => void): void {
    const maxEdits = maxFuzzyEdits(lower.length);
    if (maxEdits === 0) return;
    const names = this.lower;
    for (let length = lower.length - maxEdits; length <= lower.length + maxEdits; length++) {
      for (const id of this.byLength.get(length) ?? []) {
        const name = names[id];
        if (name === lower) continue;
        const edits = boundedEditDistance(lower, name, maxEdits);
        if (edits > maxEdits) continue;
        offer({ nameId: id, kind: 'fuzzy', score: NAME_MATCH_SCORE.fuzzy - edits * FUZZY_EDIT_PENALTY, detail: edits });
      }
    }
  }
}

export function maxFuzzyEdits(length: number): number {
  if (length < FUZZY_MIN_LENGTH) return 0;
  return length < FUZZY_TWO_EDITS_LENGTH ? 1 : 2;
}

/**
 * Optimal-string-alignment distance (insert, delete, substitute, swap two neighbours),
 * giving up as soon as it must exceed `max` (returns max + 1 then).
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prevPrev = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let row = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = row[0];
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2] + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  return Math.min(prev[n], max + 1);
}

function sameSequence(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * An identifier's sub-tokens joined (`splitIdentifier(identifier).join('')`): its ASCII letters
 * and digits, lower-cased, since splitIdentifier only cuts between them and drops the rest.
 * Without the split's arrays: it runs over every distinct definition name.
 */
export function squashed(identifier: string): string {
  return identifier.replace(NOT_ASCII_ALPHANUMERIC, '').toLowerCase();
}

const NOT_ASCII_ALPHANUMERIC = /[^A-Za-z0-9]+/g;

/** Ids of `values` grouped by a key of each. */
function groupIds<V, K>(values: readonly V[], keyOf: (value: V) => K): Map<K, number[]> {
  const map = new Map<K, number[]>();
  for (let id = 0; id < values.length; id++) push(map, keyOf(values[id]), id);
  return map;
}

function push<K>(map: Map<K, number[]>, key: K, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
