/**
 * Ranked term search (BM25) over identifier-split tokens: one document per chunk, so
 * "parseConfig" in code is found by "parse config", "parse_config" or "config".
 *
 * The scoring is MiniSearch 7's, number for number (BM25+ with k 1.2, b 0.7, d 0.5, field
 * boosts, prefix expansion weighted 0.375 · |t| / (|t| + 0.3 · distance), OR of the query
 * terms, the sum multiplied by the number of query terms matched): terms.test.ts checks it
 * against MiniSearch itself. What differs is the storage. MiniSearch keeps a radix tree of
 * Maps and serializes it as JSON; a 10 MB repository took 5.6 s to index, 0.7 s to reload and
 * 5.6 MB to store. Here the index is a sorted vocabulary and, per (term, field), a posting
 * list of (chunk, term frequency) pairs packed as delta varints: built in one pass, stored as
 * typed arrays and one string, loaded without rebuilding anything.
 */
import { GrowableU32, narrowest, StringTable, type UnsignedArray, VarintReader, VarintWriter } from '../store/growable';
import { baseForms, regionalSpellings, splitIdentifier, subTokens } from '../tokens';
import type { SpellingVocabulary } from './spellings';
import { byCodeUnits } from '../code-unit-order';
import { TermCounts, WordTermTable } from './word-terms';

/** A defining symbol's name says more about the chunk than one word of its body. */
export const SYMBOL_FIELD_BOOST = 3;
/** Path words ("auth/session.ts") are good topical evidence, weaker than the symbol. */
export const PATH_FIELD_BOOST = 1.5;
/** Query terms at least this long also match as prefixes ("config" → "configuration"). */
export const MIN_PREFIX_TERM_LENGTH = 4;

/** BM25+ parameters (MiniSearch's defaults): term-frequency saturation, length normalisation, floor per match. */
const BM25_K = 1.2;
const BM25_B = 0.7;
const BM25_D = 0.5;
/** A prefix match counts this much of an exact one at distance 0, less as the word gets longer (MiniSearch's default). */
const PREFIX_WEIGHT = 0.375;
/** BM25 scores are kept to 9 decimals. */
const SCORE_SCALE = 1e9;

const FIELD_COUNT = 3;
const FIELD_TEXT = 0;
const FIELD_SYMBOL = 1;
// The path field (2) is the last branch of the field loop in `add`, so it needs no name of its own.
/** Boost per field, in field order. */
const FIELD_BOOSTS = [1, SYMBOL_FIELD_BOOST, PATH_FIELD_BOOST];

const SNAPSHOT_VERSION = 2;

export interface TermDocument {
  /** The chunk id: documents are added in ascending id order, 0..n-1. */
  id: number;
  /** The chunk's text is `text[start ?? 0, end ?? text.length)`: a chunk can be given as its file's text and its range in it, with no copy. */
  text: string;
  start?: number;
  end?: number;
  symbol: string;
  path: string;
}

export interface TermHit {
  id: number;
  score: number;
  /** Indexed terms that matched. */
  terms: string[];
}

/** Plain data: typed arrays and one string, structured-clone and v8-serialize friendly. */
export interface TermSnapshot {
  version: number;
  documentCount: number;
  /** The sorted vocabulary, joined by '\n' (terms are [a-z0-9]+). */
  vocabulary: string;
  /** Per (term, field) — row term · 3 + field — the byte offset of its list in `postings`; one extra row at the end. */
  listOffsets: Uint32Array;
  /** Per row, the number of chunks in its list (BM25's document frequency). */
  listLengths: Uint32Array;
  /** Posting lists: per entry, varint(chunk − previous chunk − 1) then varint(term frequency). */
  postings: Uint8Array;
  /** Per chunk and field (chunk · 3 + field): distinct terms in that field. */
  fieldLengths: UnsignedArray;
  /** Average of fieldLengths per field, as MiniSearch accumulates it. */
  averageFieldLengths: Float64Array;
}

/** Symbols index their sub-tokens and the whole lower-cased name ("parseconfig"). */
function symbolTokens(symbol: string): string[] {
  const parts = splitIdentifier(symbol);
  const whole = symbol.toLowerCase();
  return parts.length > 1 && /^[a-z0-9_$]+$/.test(whole) ? [...parts, whole] : parts;
}

/** Symbols remembered per build (symbol → its term ids); cleared when full to bound memory. */
const MAX_REMEMBERED_SYMBOLS = 100_000;

/** Adds documents in id order, then `finish` makes the index (once). */
export interface TermIndexBuilder {
  add(doc: TermDocument): void;
  /** The index of the documents added so far; the builder takes more documents after it (a tab answers from what it has read). */
  finish(): TermIndex;
}

export class TermIndex {
  /** Per-chunk arrays a query scores in, allocated by the first query and reused. */
  private scratch: {
    score: Float64Array;
    termScore: Float64Array;
    inTerm: Uint8Array;
    seen: Uint8Array;
    quality: Float64Array;
    termSays: Float64Array;
    matchHead: Int32Array;
  } | null = null;

  private constructor(
    private readonly terms: string[],
    private readonly data: TermSnapshot,
  ) {}

  /** A term index built document by document (ids 0, 1, 2… in order): what `build` gives for the same documents. */
  static builder(): TermIndexBuilder {
    const table = new StringTable();
    const vocabulary = table.values;
    // Per field, one (term, frequency) pair per distinct term of that field of each chunk, chunk
    // after chunk: fieldLengths (the distinct terms per chunk and field) says which chunk a pair is of.
    const rows: FieldPairs[] = Array.from({ length: FIELD_COUNT }, () => ({
      term: new GrowableU32(),
      tf: new GrowableU32(),
    }));
    const fieldLengths = new GrowableU32();
    const averages = new Float64Array(FIELD_COUNT);
    let documentCount = 0;
    const counts = new TermCounts();
    const termId = (token: string): number => {
      const id = table.id(token);
      counts.reserve(id + 1);
      return id;
    };
    const words = new WordTermTable(termId);
    const symbolTerms = new Map<string, Uint32Array>();
    let lastPath = { path: '', ids: new Uint32Array(0), tfs: new Uint32Array(0) };
    const add = (doc: TermDocument): void => {
      if (doc.id !== documentCount)
        throw new Error(`term documents must come with ids 0, 1, 2…; got ${doc.id} at ${documentCount}`);
      for (let field = 0; field < FIELD_COUNT; field++) {
        if (field === FIELD_TEXT) words.count(doc.text, doc.start ?? 0, doc.end ?? doc.text.length, counts);
        else if (field === FIELD_SYMBOL) {
          let ids = symbolTerms.get(doc.symbol);
          if (!ids) {
            if (symbolTerms.size >= MAX_REMEMBERED_SYMBOLS) symbolTerms.clear();
            ids = Uint32Array.from(symbolTokens(doc.symbol), termId);
            symbolTerms.set(doc.symbol, ids);
          }
          for (const id of ids) counts.add(id);
        } else if (doc.path === lastPath.path) {
          // The path field.
          // The chunks of a file come one after the other: their path's terms are counted once.
          for (let k = 0; k < lastPath.ids.length; k++) {
            counts.touched[k] = lastPath.ids[k];
            counts.frequency[lastPath.ids[k]] = lastPath.tfs[k];
          }
          counts.size = lastPath.ids.length;
        } else {
          words.count(doc.path, 0, doc.path.length, counts);
          lastPath = {
            path: doc.path,
            ids: counts.touched.slice(0, counts.size),
            tfs: counts.touched.slice(0, counts.size).map((id) => counts.frequency[id]),
          };
        }
        const length = counts.size;
        fieldLengths.push(length);
        // MiniSearch's running average, operation for operation (its scores depend on the bits).
        averages[field] = (averages[field] * documentCount + length) / (documentCount + 1);
        const r = rows[field];
        const { touched, frequency } = counts;
        for (let k = 0; k < length; k++) {
          const id = touched[k];
          r.term.push(id);
          r.tf.push(frequency[id]);
          frequency[id] = 0;
        }
        counts.size = 0;
      }
      documentCount++;
    };
    const finish = (): TermIndex => {
      // Sorted vocabulary (code-unit order, as prefix search compares), old id → rank.
      const order = vocabulary.map((_, i) => i).sort((a, b) => byCodeUnits(vocabulary[a], vocabulary[b]));
      const rankOf = new Uint32Array(vocabulary.length);
      order.forEach((old, rank) => (rankOf[old] = rank));
      // Counting sort of every pair by row (term rank · 3 + field); chunks stay ascending within a row.
      const rowCount = vocabulary.length * FIELD_COUNT;
      const listLengths = countRows(rows, rankOf, rowCount);
      const start = new Uint32Array(rowCount + 1);
      for (let row = 0; row < rowCount; row++) start[row + 1] = start[row] + listLengths[row];
      const sorted = sortByRow(rows, rankOf, fieldLengths.data, documentCount, start);
      const { listOffsets, postings } = encodeRows(start, sorted.docs, sorted.tfs);
      const terms = order.map((old) => vocabulary[old]);
      return new TermIndex(terms, {
        version: SNAPSHOT_VERSION,
        documentCount,
        vocabulary: terms.join('\n'),
        listOffsets,
        listLengths,
        postings,
        fieldLengths: narrowest(fieldLengths.data.subarray(0, fieldLengths.length)),
        // A copy: documents added after this finish move the builder's running averages.
        averageFieldLengths: averages.slice(),
      });
    };
    return { add, finish };
  }

  static build(docs: Iterable<TermDocument>): TermIndex {
    const builder = TermIndex.builder();
    for (const doc of docs) builder.add(doc);
    return builder.finish();
  }

  serialize(): TermSnapshot {
    return this.data;
  }

  static load(snapshot: TermSnapshot): TermIndex {
    if (snapshot?.version !== SNAPSHOT_VERSION)
      throw new Error(`term snapshot version ${snapshot?.version}, expected ${SNAPSHOT_VERSION}`);
    const terms = snapshot.vocabulary === '' ? [] : snapshot.vocabulary.split('\n');
    if (terms.length * FIELD_COUNT + 1 !== snapshot.listOffsets.length)
      throw new Error('term snapshot is inconsistent (vocabulary and lists differ)');
    return new TermIndex(terms, snapshot);
  }

  get documentCount(): number {
    return this.data.documentCount;
  }

  /** Chunks holding a term (in the field that holds it most): the rarity a match line's terms are chosen by. */
  chunkFrequency(term: string): number {
    const id = this.termId(term);
    if (id === undefined) return 0;
    let most = 0;
    for (let field = 0; field < FIELD_COUNT; field++)
      most = Math.max(most, this.data.listLengths[id * FIELD_COUNT + field]);
    return most;
  }

  /**
   * The chunks saying a word in any field (their lines, their symbol or their path), each once,
   * ascending: the word itself or a term sharing a base form with it, either way round
   * ("throttling" → throttle, throttled; "applies" → applied), as memberCodeWordsSaid
   * (search/members.ts) reads a member's lines.
   */
  chunksSaying(word: string): number[] {
    const held = new Set<number>();
    // The word's other national spelling is the same word ("neighbour" asked, `neighbor` written).
    for (const spelling of [word, ...regionalSpellings(word)]) this.addChunksSaying(spelling, held);
    return [...held].sort((a, b) => a - b);
  }

  /** Adds the chunks saying one spelling of a word, itself or by a base form (chunksSaying). */
  private addChunksSaying(word: string, held: Set<number>): void {
    const forms = new Set([word, ...baseForms(word)]);
    // Every term sharing a form starts with the shortest form less its last letter ("appl" for
    // apply: applied, applies), the letter a base form may change.
    const shortest = [...forms].reduce((a, b) => (b.length < a.length ? b : a));
    const prefix = shortest.slice(0, Math.max(3, shortest.length - 1));
    for (let id = this.lowerBound(prefix); id < this.terms.length && this.terms[id].startsWith(prefix); id++) {
      const term = this.terms[id];
      if (forms.has(term) || baseForms(term).some((b) => forms.has(b))) this.addChunksOf(id, held);
    }
  }

  /** Adds the chunks of every field's posting list of a term id. */
  private addChunksOf(id: number, held: Set<number>): void {
    const postings = new VarintReader(this.data.postings);
    for (let field = 0; field < FIELD_COUNT; field++) {
      const row = id * FIELD_COUNT + field;
      postings.pos = this.data.listOffsets[row];
      const end = this.data.listOffsets[row + 1];
      let doc = -1;
      while (postings.pos < end) {
        doc += postings.next() + 1;
        postings.next(); // the term frequency
        held.add(doc);
      }
    }
  }

  /**
   * BM25 ranking of chunks for already-tokenized query terms, best first. With `prose`, a query
   * word also matches its base forms that the vocabulary has ("composes" → compose, "drafted" →
   * draft and, as a prefix, draftable), counted as the same query term. `expansions` adds,
   * for a query term, other vocabulary terms at their weight (the learned lexical expansion, the
   * code's spellings), also counted as that term: the word matched in another spelling of the
   * code's. An expansion `says` that share of the word (1 unless given) in the count of query
   * terms a chunk matches, which its score is multiplied by: a shortening such as `int` may stand
   * for another word than "intern", and does not count as the word said.
   */
  query(
    terms: string[],
    limit: number,
    options: {
      prose?: boolean;
      expansions?: readonly { word: string; token: string; weight: number; says?: number }[];
    } = {},
  ): TermHit[] {
    const tokens = [...new Set(terms.flatMap((t) => subTokens(t)))];
    if (tokens.length === 0 || limit <= 0) return [];
    // The query is the tokens joined and tokenized again, as MiniSearch would see it.
    const queryTerms = subTokens(tokens.join(' '));
    const n = this.data.documentCount;
    // Per-chunk scratch, kept between queries and cleared only where this query wrote: a fresh
    // set of arrays per query was most of a 50 MB repository's query time (allocation and GC).
    const { score, termScore, inTerm, seen, quality, termSays, matchHead } = (this.scratch ??= {
      score: new Float64Array(n),
      termScore: new Float64Array(n),
      inTerm: new Uint8Array(n),
      seen: new Uint8Array(n),
      /** Distinct query terms matched per chunk: MiniSearch multiplies the sum by it. */
      quality: new Float64Array(n),
      /** Per chunk, the most the current query term's matches say of it (1 for the term itself). */
      termSays: new Float64Array(n),
      /** Per chunk, the first of its matched terms (a list through matchNext), or -1. */
      matchHead: new Int32Array(n).fill(-1),
    });
    const matchTerm: number[] = [];
    const matchNext: number[] = [];
    const touched: number[] = [];
    const earlier = new Set<string>();
    for (const q of queryTerms) {
      // A repeated query term matches the same chunks again: its score adds up, its quality does not.
      const repeated = earlier.has(q);
      earlier.add(q);
      const termTouched: number[] = [];
      const expansions = options.prose ? this.proseExpansionsOf(q) : this.expansionsOf(q);
      for (const e of options.expansions ?? []) {
        const term = e.word === q ? this.termId(e.token) : undefined;
        if (term !== undefined && !expansions.some((x) => x.term === term))
          expansions.push({ term, weight: e.weight, says: e.says ?? 1 });
      }
      const bytes = this.data.postings;
      for (const { term, weight, says } of expansions) {
        for (let field = 0; field < FIELD_COUNT; field++) {
          const row = term * FIELD_COUNT + field;
          const matching = this.data.listLengths[row];
          if (matching === 0) continue;
          const boost = FIELD_BOOSTS[field];
          const average = this.data.averageFieldLengths[field];
          const idf = Math.log(1 + (n - matching + 0.5) / (matching + 0.5));
          let pos = this.data.listOffsets[row];
          const end = this.data.listOffsets[row + 1];
          let doc = -1;
          while (pos < end) {
            // VarintReader.next() written out: in the hottest loop of a query the reader's `pos`,
            // a field on the heap, cost BM25 measurable CPU time in paired runs (bench/cost/text-ab.ts).
            let b = bytes[pos++];
            let gap = b & 0x7f;
            for (let shift = 7; b & 0x80; shift += 7) {
              b = bytes[pos++];
              gap += (b & 0x7f) * 2 ** shift;
            }
            b = bytes[pos++];
            let tf = b & 0x7f;
            for (let shift = 7; b & 0x80; shift += 7) {
              b = bytes[pos++];
              tf += (b & 0x7f) * 2 ** shift;
            }
            doc += gap + 1;
            const length = this.data.fieldLengths[doc * FIELD_COUNT + field];
            const raw =
              idf * (BM25_D + (tf * (BM25_K + 1)) / (tf + BM25_K * (1 - BM25_B + (BM25_B * length) / average)));
            if (!inTerm[doc]) {
              inTerm[doc] = 1;
              termTouched.push(doc);
            }
            termScore[doc] += weight * boost * raw;
            if (says > termSays[doc]) termSays[doc] = says;
            // The vocabulary terms that matched this chunk, each once.
            let known = false;
            for (let m = matchHead[doc]; m !== -1; m = matchNext[m]) {
              if (matchTerm[m] === term) {
                known = true;
                break;
              }
            }
            if (!known) {
              matchTerm.push(term);
              matchNext.push(matchHead[doc]);
              matchHead[doc] = matchTerm.length - 1;
            }
          }
        }
      }
      // OR: each query term's sum is added to the chunk's total, in query order.
      for (const doc of termTouched) {
        inTerm[doc] = 0;
        if (!seen[doc]) {
          seen[doc] = 1;
          touched.push(doc);
        }
        score[doc] += termScore[doc];
        termScore[doc] = 0;
        if (!repeated) quality[doc] += termSays[doc];
        termSays[doc] = 0;
      }
    }
    const best = bestDocs(touched, limit, score, quality);
    const hits = best.map(({ doc, score: s }) => {
      const matchedTerms: string[] = [];
      for (let m = matchHead[doc]; m !== -1; m = matchNext[m]) matchedTerms.push(this.terms[matchTerm[m]]);
      return { id: doc, score: s, terms: matchedTerms.sort() };
    });
    for (const doc of touched) {
      score[doc] = 0;
      seen[doc] = 0;
      quality[doc] = 0;
      matchHead[doc] = -1;
    }
    return hits;
  }

  /** What expansionsOf gives, plus the expansions of the query term's base forms that the vocabulary has and of its other national spellings. */
  private proseExpansionsOf(q: string): { term: number; weight: number; says: number }[] {
    const expansions = this.expansionsOf(q);
    const add = (form: string) => {
      for (const e of this.expansionsOf(form)) if (!expansions.some((x) => x.term === e.term)) expansions.push(e);
    };
    for (const base of baseForms(q)) if (this.termId(base) !== undefined) add(base);
    // The query term's other national spelling is the same word, matched as the word is: a
    // question written in British English ("neighbour list") finds code written in American
    // (`neighbor`, `NeighborList`), and the other way round (tokens.ts regionalSpellings).
    for (const form of [q, ...baseForms(q)]) for (const spelling of regionalSpellings(form)) add(spelling);
    return expansions;
  }

  /** The vocabulary terms a query term matches: itself (weight 1) and, when long enough, the longer words it begins. */
  private expansionsOf(q: string): { term: number; weight: number; says: number }[] {
    const expansions: { term: number; weight: number; says: number }[] = [];
    const exact = this.termId(q);
    if (exact !== undefined) expansions.push({ term: exact, weight: 1, says: 1 });
    if (q.length >= MIN_PREFIX_TERM_LENGTH) {
      for (let t = this.lowerBound(q); t < this.terms.length && this.terms[t].startsWith(q); t++) {
        const term = this.terms[t];
        const distance = term.length - q.length;
        if (distance === 0) continue;
        expansions.push({ term: t, weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), says: 1 });
      }
    }
    return expansions;
  }

  /** The vocabulary as the spelling rules read it (spellings.ts): a term, and the terms of one first letter. */
  spellingVocabulary(): SpellingVocabulary {
    return {
      has: (term) => this.termId(term) !== undefined,
      startingWith: (letter) => {
        const from = this.lowerBound(letter);
        const to = this.lowerBound(String.fromCharCode(letter.charCodeAt(0) + 1));
        return this.terms.slice(from, to);
      },
    };
  }

  /** A term's place in the sorted vocabulary: a binary search, so a loaded index builds no map of every term for one query. */
  private termId(term: string): number | undefined {
    const i = this.lowerBound(term);
    return i < this.terms.length && this.terms[i] === term ? i : undefined;
  }

  /** First vocabulary position whose term is ≥ `term`. */
  private lowerBound(term: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[mid] < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Per field, the (term id, frequency) pairs of its chunks, chunk after chunk. */
interface FieldPairs {
  term: GrowableU32;
  tf: GrowableU32;
}

// The steps of TermIndexBuilder.finish, one function each: each runs once, and V8 compiles a
// long loop while it runs; in one function, the code after that loop, not run yet, would send
// it back to the interpreter and the compiler once per step.

/** Chunks per row (term rank · 3 + field). */
function countRows(rows: FieldPairs[], rankOf: Uint32Array, rowCount: number): Uint32Array {
  const listLengths = new Uint32Array(rowCount);
  for (let field = 0; field < FIELD_COUNT; field++) {
    const terms = rows[field].term;
    for (let i = 0; i < terms.length; i++) listLengths[rankOf[terms.data[i]] * FIELD_COUNT + field]++;
  }
  return listLengths;
}

/** Every pair's chunk and frequency placed in its row's run (`start[row]` on), chunks ascending within a row. */
function sortByRow(
  rows: FieldPairs[],
  rankOf: Uint32Array,
  fieldLengths: Uint32Array,
  documentCount: number,
  start: Uint32Array,
): { docs: Uint32Array; tfs: Uint32Array } {
  const rowCount = start.length - 1;
  const docs = new Uint32Array(start[rowCount]);
  const tfs = new Uint32Array(start[rowCount]);
  const cursor = start.slice(0, rowCount);
  for (let field = 0; field < FIELD_COUNT; field++) {
    const terms = rows[field].term.data;
    const frequencies = rows[field].tf.data;
    let i = 0;
    for (let doc = 0; doc < documentCount; doc++) {
      for (const last = i + fieldLengths[doc * FIELD_COUNT + field]; i < last; i++) {
        const at = cursor[rankOf[terms[i]] * FIELD_COUNT + field]++;
        docs[at] = doc;
        tfs[at] = frequencies[i];
      }
    }
  }
  return { docs, tfs };
}

/** The rows as posting lists: per entry varint(chunk − previous chunk − 1), varint(frequency); and where each row starts. */
function encodeRows(
  start: Uint32Array,
  docs: Uint32Array,
  tfs: Uint32Array,
): { listOffsets: Uint32Array; postings: Uint8Array } {
  const rowCount = start.length - 1;
  const bytes = new VarintWriter();
  const listOffsets = new Uint32Array(rowCount + 1);
  for (let row = 0; row < rowCount; row++) {
    listOffsets[row] = bytes.length;
    let previous = -1;
    for (let i = start[row]; i < start[row + 1]; i++) {
      bytes.varint(docs[i] - previous - 1);
      bytes.varint(tfs[i]);
      previous = docs[i];
    }
  }
  listOffsets[rowCount] = bytes.length;
  return { listOffsets, postings: bytes.finish() };
}

/**
 * The best `limit` of the touched chunks by final score (score × quality, rounded to
 * SCORE_SCALE), descending, then by id; without an object per matched chunk.
 */
function bestDocs(
  touched: readonly number[],
  limit: number,
  score: Float64Array,
  quality: Float64Array,
): { doc: number; score: number }[] {
  const finalScore = (doc: number) => Math.round(score[doc] * quality[doc] * SCORE_SCALE) / SCORE_SCALE;
  const best: { doc: number; score: number }[] = [];
  const before = (a: { doc: number; score: number }, b: { doc: number; score: number }) =>
    b.score < a.score || (b.score === a.score && a.doc < b.doc);
  if (limit > 256) {
    // A long list: one sort (insertion into the kept list would cost more).
    for (const doc of touched) best.push({ doc, score: finalScore(doc) });
    best.sort((a, b) => b.score - a.score || a.doc - b.doc);
    best.length = Math.min(best.length, limit);
    return best;
  }
  for (const doc of touched) {
    const entry = { doc, score: finalScore(doc) };
    if (best.length === limit && !before(entry, best[limit - 1])) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(best[mid], entry)) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, entry);
    if (best.length > limit) best.pop();
  }
  return best;
}
