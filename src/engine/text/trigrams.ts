/**
 * A trigram index over file contents: for every case-folded trigram, the sorted ids of the
 * files that contain it. Queries are AND/OR trees of trigrams; the answer is a candidate set
 * that always contains every file that can match (verification decides the rest).
 *
 * Folding is the ECMAScript non-unicode regexp Canonicalize() (per UTF-16 code unit), so a
 * file that `new RegExp(p, 'i')` accepts always shares the folded trigrams of `p`.
 *
 * Trigram keys live in a dense 22-bit space: three 7-bit ASCII codes exactly, anything with a
 * non-ASCII unit hashed into the upper half (a collision only widens the candidate set).
 */

import { GrowableU32, VarintReader, VarintWriter } from '../store/growable';

/** Key space size: 2^21 exact ASCII keys + 2^21 hashed non-ASCII keys. */
const ASCII_KEY_SPACE = 1 << 21;
export const TRIGRAM_KEY_SPACE = ASCII_KEY_SPACE * 2;
const NON_ASCII_HASH_MASK = ASCII_KEY_SPACE - 1;
const SNAPSHOT_VERSION = 1;

/** Characters upper-cased in one string when the fold table is filled (a divisor of 0x800, the surrogates' span). */
const FOLD_RUN_BITS = 8;
const FOLD_RUN = 1 << FOLD_RUN_BITS;
/** The fold table, filled a run of FOLD_RUN characters at a time as characters are folded. */
const foldTable = new Uint16Array(65536);
/** Whether each run of foldTable is filled. */
const foldRunFilled = new Uint8Array(65536 / FOLD_RUN);
let foldRunsLeft = foldRunFilled.length;

/** A non-ASCII character whose upper case is ASCII keeps its case (the spec's rule). */
function canonical(ch: number, upper: number): number {
  return ch >= 128 && upper < 128 ? ch : upper;
}

/** Fills the run of foldTable holding `from` (a multiple of FOLD_RUN). */
function fillFoldRun(from: number): void {
  const table = foldTable;
  if (from >= 0xd800 && from < 0xe000) {
    for (let ch = from; ch < from + FOLD_RUN; ch++) table[ch] = ch; // lone surrogates map to themselves
  } else {
    // One string per run instead of one per character.
    const upper = String.fromCharCode(...Array.from({ length: FOLD_RUN }, (_, i) => from + i)).toUpperCase();
    // Same length: no character expanded (ß → SS), so the i-th character is the i-th one's upper case.
    if (upper.length === FOLD_RUN)
      for (let i = 0; i < FOLD_RUN; i++) table[from + i] = canonical(from + i, upper.charCodeAt(i));
    else
      for (let ch = from; ch < from + FOLD_RUN; ch++) {
        const one = String.fromCharCode(ch).toUpperCase();
        table[ch] = one.length !== 1 ? ch : canonical(ch, one.charCodeAt(0));
      }
  }
  foldRunFilled[from / FOLD_RUN] = 1;
  foldRunsLeft--;
}

/**
 * Canonicalize(ch) for non-unicode, ignoreCase regexps (ECMA-262 §22.2.2.7.3) of one code unit.
 * The table behind it fills only the runs of characters folded: a question folds its own
 * characters and its candidates' (mostly ASCII), and filling the whole table was a large part of
 * a cached CLI question (docs/bench/HISTORY.md).
 */
export function foldCode(ch: number): number {
  if (foldRunFilled[ch >>> FOLD_RUN_BITS] === 0) fillFoldRun(ch & ~(FOLD_RUN - 1));
  return foldTable[ch];
}

/** The whole fold table (code unit → folded code unit), for loops over whole texts (an index build). */
export function caseFoldTable(): Uint16Array {
  if (foldRunsLeft > 0)
    for (let run = 0; run < foldRunFilled.length; run++) if (foldRunFilled[run] === 0) fillFoldRun(run * FOLD_RUN);
  return foldTable;
}

const NON_ASCII = /[^\0-\x7f]/;

/** Folds a string code unit by code unit (same length as the input). */
export function foldCase(text: string): string {
  // ASCII folds to its upper case, which the runtime gives at once (a grep folds whole files).
  if (!NON_ASCII.test(text)) return text.toUpperCase();
  let out = '';
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(foldCode(text.charCodeAt(i)));
  return out;
}

/** Key of three already-folded code units. */
function trigramKey(a: number, b: number, c: number): number {
  if ((a | b | c) < 128) return (a << 14) | (b << 7) | c;
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77) ^ Math.imul(c + 0x165667b1, 0xc2b2ae3d);
  return ASCII_KEY_SPACE | ((h ^ (h >>> 15)) & NON_ASCII_HASH_MASK);
}

/** The key of a trigram given as text (folded here). */
export function keyOfTrigram(trigram: string): number {
  if (trigram.length !== 3) throw new Error(`a trigram has 3 code units, got ${JSON.stringify(trigram)}`);
  return trigramKey(foldCode(trigram.charCodeAt(0)), foldCode(trigram.charCodeAt(1)), foldCode(trigram.charCodeAt(2)));
}

// ---------------------------------------------------------------------------------------
// Queries

export type TrigramQuery =
  | { op: 'all' }
  | { op: 'none' }
  | { op: 'trigram'; text: string }
  | { op: 'and'; args: TrigramQuery[] }
  | { op: 'or'; args: TrigramQuery[] };

export const MATCH_ALL: TrigramQuery = { op: 'all' };
export const MATCH_NONE: TrigramQuery = { op: 'none' };

export function andQuery(...args: TrigramQuery[]): TrigramQuery {
  const flat: TrigramQuery[] = [];
  for (const a of args) {
    if (a.op === 'all') continue;
    if (a.op === 'none') return MATCH_NONE;
    if (a.op === 'and') flat.push(...a.args);
    else flat.push(a);
  }
  const unique = dedupe(flat);
  if (unique.length === 0) return MATCH_ALL;
  return unique.length === 1 ? unique[0] : { op: 'and', args: unique };
}

export function orQuery(...args: TrigramQuery[]): TrigramQuery {
  const flat: TrigramQuery[] = [];
  for (const a of args) {
    if (a.op === 'all') return MATCH_ALL;
    if (a.op === 'none') continue;
    if (a.op === 'or') flat.push(...a.args);
    else flat.push(a);
  }
  const unique = dedupe(flat);
  if (unique.length === 0) return MATCH_NONE;
  return unique.length === 1 ? unique[0] : { op: 'or', args: unique };
}

const queryKeys = new WeakMap<TrigramQuery, string>();

/** A query's identity as text, memoized per node (queries are immutable once built). */
function queryKey(q: TrigramQuery): string {
  let key = queryKeys.get(q);
  if (key === undefined) {
    if (q.op === 'trigram') key = JSON.stringify(q.text);
    else if (q.op === 'and' || q.op === 'or') key = `${q.op}(${q.args.map(queryKey).join(',')})`;
    else key = q.op;
    queryKeys.set(q, key);
  }
  return key;
}

function dedupe(queries: TrigramQuery[]): TrigramQuery[] {
  const seen = new Set<string>();
  const out: TrigramQuery[] = [];
  for (const q of queries) {
    const k = queryKey(q);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(q);
    }
  }
  return out;
}

/** AND of every trigram of `text` (folded); 'all' when it is shorter than 3. */
export function literalQuery(text: string): TrigramQuery {
  const folded = foldCase(text);
  const parts: TrigramQuery[] = [];
  for (let i = 0; i + 3 <= folded.length; i++) parts.push({ op: 'trigram', text: folded.slice(i, i + 3) });
  return andQuery(...parts);
}

/** Human-readable form, for debugging and the explain view. */
export function formatQuery(q: TrigramQuery): string {
  switch (q.op) {
    case 'all':
      return '*';
    case 'none':
      return '∅';
    case 'trigram':
      return JSON.stringify(q.text);
    case 'and':
      return `(${q.args.map(formatQuery).join(' AND ')})`;
    case 'or':
      return `(${q.args.map(formatQuery).join(' OR ')})`;
  }
}

// ---------------------------------------------------------------------------------------
// Serialized form: plain data, structured-clone friendly.

export interface TrigramSnapshot {
  version: number;
  /** Number of files indexed. */
  fileCount: number;
  /** Sorted trigram keys, delta + varint. */
  keys: Uint8Array;
  /** Posting list length per key, varint. */
  lengths: Uint8Array;
  /** Posting lists concatenated; each list delta + varint (first delta from -1). */
  postings: Uint8Array;
  /**
   * Where list i·LIST_CHECKPOINT_EVERY starts in `postings`, for every such i: a load finds a
   * list's start from the checkpoint before it instead of reading every list before it (absent
   * in snapshots written before it: the load then reads them all once).
   */
  checkpoints?: Uint32Array;
}

/** Lists per stored checkpoint: a list's start is found by skipping at most this many lists. */
export const LIST_CHECKPOINT_EVERY = 64;

const TRUNCATED = 'trigram snapshot is truncated';

function decodeVarints(bytes: Uint8Array, count: number, delta: boolean): Uint32Array {
  const out = new Uint32Array(count);
  const varints = new VarintReader(bytes);
  let prev = 0;
  for (let i = 0; i < count; i++) {
    const value = varints.next();
    prev = delta ? prev + value : value;
    out[i] = prev;
  }
  if (varints.pos > bytes.length) throw new Error(TRUNCATED);
  return out;
}

// ---------------------------------------------------------------------------------------

/** Decoded posting lists kept by a loaded index; beyond this many, the cache starts over. */
const DECODED_LIST_CACHE = 4096;

/** Posting lists by key position: decoded arrays (a built index) or varint bytes decoded on first use (a loaded one). */
interface PostingLists {
  readonly total: number;
  list(position: number): Uint32Array;
}

class DecodedLists implements PostingLists {
  constructor(
    /** offsets[i]..offsets[i+1] is the list of key position i in `postings`. */
    readonly offsets: Uint32Array,
    /** Concatenated posting lists of file ids, each sorted ascending. */
    readonly postings: Uint32Array,
  ) {}
  get total(): number {
    return this.postings.length;
  }
  list(position: number): Uint32Array {
    return this.postings.subarray(this.offsets[position], this.offsets[position + 1]);
  }
}

/** The position in `bytes` after `count` varints from `pos`: one byte without the continuation bit ends each. */
function skipVarints(bytes: Uint8Array, pos: number, count: number): number {
  for (let left = count; left > 0; pos++) {
    if (pos >= bytes.length) throw new Error(TRUNCATED);
    if ((bytes[pos] & 0x80) === 0) left--;
  }
  return pos;
}

/** Where every LIST_CHECKPOINT_EVERY-th list starts in `bytes`. */
function listCheckpoints(lengths: Uint32Array, bytes: Uint8Array): Uint32Array {
  const out = new Uint32Array(Math.ceil(lengths.length / LIST_CHECKPOINT_EVERY));
  let pos = 0;
  for (let i = 0; i < lengths.length; i++) {
    if (i % LIST_CHECKPOINT_EVERY === 0) out[i / LIST_CHECKPOINT_EVERY] = pos;
    pos = skipVarints(bytes, pos, lengths[i]);
  }
  return out;
}

/**
 * A stored index's lists stay varint bytes: a list is found from the stored checkpoint before
 * it and decoded when first asked for, so a load reads none of them.
 */
class EncodedLists implements PostingLists {
  readonly total: number;
  private readonly checkpoints: Uint32Array;
  private readonly cache = new Map<number, Uint32Array>();

  constructor(
    private readonly lengths: Uint32Array,
    private readonly bytes: Uint8Array,
    checkpoints: Uint32Array | undefined,
  ) {
    const expected = Math.ceil(lengths.length / LIST_CHECKPOINT_EVERY);
    this.checkpoints =
      checkpoints?.length === expected && checkpoints.every((c) => c <= bytes.length)
        ? checkpoints
        : listCheckpoints(lengths, bytes);
    let total = 0;
    for (let i = 0; i < lengths.length; i++) total += lengths[i];
    this.total = total;
  }

  list(position: number): Uint32Array {
    let list = this.cache.get(position);
    if (list) return list;
    const n = this.lengths[position];
    list = new Uint32Array(n);
    const bytes = this.bytes;
    const first = position - (position % LIST_CHECKPOINT_EVERY);
    let pos = this.checkpoints[first / LIST_CHECKPOINT_EVERY];
    for (let i = first; i < position; i++) pos = skipVarints(bytes, pos, this.lengths[i]);
    const varints = new VarintReader(bytes, pos);
    let prev = -1;
    for (let j = 0; j < n; j++) {
      prev += varints.next() + 1;
      list[j] = prev;
    }
    if (varints.pos > bytes.length) throw new Error(TRUNCATED);
    if (this.cache.size >= DECODED_LIST_CACHE) this.cache.clear();
    this.cache.set(position, list);
    return list;
  }
}

export class TrigramIndex {
  /** The snapshot this index was loaded from: stored again as it is. */
  private loadedFrom: TrigramSnapshot | null = null;

  private constructor(
    /** Sorted distinct trigram keys. */
    private readonly keys: Uint32Array,
    private readonly lists: PostingLists,
    readonly fileCount: number,
  ) {}

  static build(files: { id: number; text: string }[]): TrigramIndex {
    const ordered = [...files].sort((a, b) => a.id - b.id);
    const builder = new TrigramIndexBuilder(ordered.reduce((sum, f) => sum + f.text.length, 0));
    for (const { id, text } of ordered) builder.add(id, text);
    return builder.finish();
  }

  /** @internal For TrigramIndexBuilder. */
  static fromPostings(keys: Uint32Array, offsets: Uint32Array, postings: Uint32Array, fileCount: number): TrigramIndex {
    return new TrigramIndex(keys, new DecodedLists(offsets, postings), fileCount);
  }

  serialize(): TrigramSnapshot {
    if (this.loadedFrom) return this.loadedFrom;
    const keys = new VarintWriter();
    const lengths = new VarintWriter();
    const postings = new VarintWriter();
    const checkpoints = new Uint32Array(Math.ceil(this.keys.length / LIST_CHECKPOINT_EVERY));
    let prevKey = 0;
    for (let i = 0; i < this.keys.length; i++) {
      if (i % LIST_CHECKPOINT_EVERY === 0) checkpoints[i / LIST_CHECKPOINT_EVERY] = postings.length;
      keys.varint(this.keys[i] - prevKey);
      prevKey = this.keys[i];
      const list = this.lists.list(i);
      lengths.varint(list.length);
      let prev = -1;
      for (let j = 0; j < list.length; j++) {
        postings.varint(list[j] - prev - 1);
        prev = list[j];
      }
    }
    return {
      version: SNAPSHOT_VERSION,
      fileCount: this.fileCount,
      keys: keys.finish(),
      lengths: lengths.finish(),
      postings: postings.finish(),
      checkpoints,
    };
  }

  static load(s: TrigramSnapshot): TrigramIndex {
    if (s.version !== SNAPSHOT_VERSION)
      throw new Error(`trigram snapshot version ${s.version}, expected ${SNAPSHOT_VERSION}`);
    // Count varints (one terminating byte each) to size the key table.
    let keyCount = 0;
    for (let i = 0; i < s.keys.length; i++) if ((s.keys[i] & 0x80) === 0) keyCount++;
    const keys = decodeVarints(s.keys, keyCount, true);
    const lengths = decodeVarints(s.lengths, keyCount, false);
    const index = new TrigramIndex(keys, new EncodedLists(lengths, s.postings, s.checkpoints), s.fileCount);
    index.loadedFrom = s;
    return index;
  }

  /** Distinct trigrams indexed. */
  get trigramCount(): number {
    return this.keys.length;
  }

  /** Total postings (file, trigram) pairs. */
  get postingCount(): number {
    return this.lists.total;
  }

  /** Sorted file ids containing the (folded) trigram. */
  postingList(trigram: string): Uint32Array {
    const key = keyOfTrigram(trigram);
    let lo = 0;
    let hi = this.keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = this.keys[mid];
      if (k === key) return this.lists.list(mid);
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return new Uint32Array(0);
  }

  /** Files that may match: a sorted superset of the true matches, or 'all' when nothing narrows it. */
  candidates(query: TrigramQuery): Uint32Array | 'all' {
    switch (query.op) {
      case 'all':
        return 'all';
      case 'none':
        return new Uint32Array(0);
      case 'trigram':
        return this.postingList(query.text);
      case 'and': {
        const lists: Uint32Array[] = [];
        for (const arg of query.args) {
          const c = this.candidates(arg);
          if (c === 'all') continue;
          if (c.length === 0) return c;
          lists.push(c);
        }
        if (lists.length === 0) return 'all';
        lists.sort((a, b) => a.length - b.length);
        let acc = lists[0];
        for (let i = 1; i < lists.length && acc.length > 0; i++) acc = intersectSorted(acc, lists[i]);
        return acc;
      }
      case 'or': {
        let acc: Uint32Array = new Uint32Array(0);
        for (const arg of query.args) {
          const c = this.candidates(arg);
          if (c === 'all') return 'all';
          acc = unionSorted(acc, c);
        }
        return acc;
      }
    }
  }
}

export function intersectSorted(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}

export function unionSorted(a: Uint32Array, b: Uint32Array): Uint32Array {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) {
      out[n++] = x;
      i++;
    } else {
      out[n++] = y;
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++];
  while (j < b.length) out[n++] = b[j++];
  return out.subarray(0, n);
}

/**
 * The trigram index built file by file, as files arrive (a tab indexes each file while the
 * rest are still being read): `add` in ascending id order, then `finish` once. The same index
 * `TrigramIndex.build` gives for the same files.
 */
export class TrigramIndexBuilder {
  private readonly table = caseFoldTable();
  // Per-file distinct keys, appended in file order: one per posting. File i's keys are
  // pairKeys[fileEnds[i - 1] ?? 0 .. fileEnds[i]].
  private pairKeys: Uint32Array;
  private pairCount = 0;
  private readonly fileIds = new GrowableU32();
  private readonly fileEnds = new GrowableU32();
  // One bit per key: set while a file's text is read once the file has produced that key,
  // cleared after the file. 512 KB stay in a core's cache, where a mark per key (8 MB, read
  // at every character) did not.
  private readonly seen = new Int32Array(TRIGRAM_KEY_SPACE >>> 5);
  private readonly counts = new Uint32Array(TRIGRAM_KEY_SPACE);
  /** The distinct keys, as first seen: `finish` sorts them instead of reading all 16 MB of `counts`. */
  private readonly distinctKeys = new GrowableU32();
  private lastId = -1;

  /**
   * `expectedLength`: the total length of the texts to come, when known. Code has about one
   * distinct trigram per file for every 6 units (17 % on the 10 MB tier): room for one per 4 is
   * made at once, so the keys are rarely copied to a larger array.
   */
  constructor(expectedLength = 0) {
    this.pairKeys = new Uint32Array(Math.max(expectedLength >>> 2, 1 << 16));
  }

  add(id: number, text: string): void {
    if (id <= this.lastId)
      throw new Error(
        id === this.lastId ? `duplicate file id ${id}` : `file id ${id} after ${this.lastId}: ids must ascend`,
      );
    this.lastId = id;
    const { table, seen, counts } = this;
    const n = text.length;
    const from = this.pairCount;
    if (n >= 3) {
      if (from + n > this.pairKeys.length) {
        const grown = new Uint32Array(Math.max(this.pairKeys.length * 2, from + n));
        grown.set(this.pairKeys.subarray(0, from));
        this.pairKeys = grown;
      }
      const pairKeys = this.pairKeys;
      let pairCount = from;
      let a = table[text.charCodeAt(0)];
      let b = table[text.charCodeAt(1)];
      for (let i = 2; i < n; i++) {
        const c = table[text.charCodeAt(i)];
        let key: number;
        if ((a | b | c) < 128) key = (a << 14) | (b << 7) | c;
        else {
          // trigramKey's hash, written out: a call V8 has not seen yet when it compiles this loop would send it back to the interpreter.
          const h =
            Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77) ^ Math.imul(c + 0x165667b1, 0xc2b2ae3d);
          key = ASCII_KEY_SPACE | ((h ^ (h >>> 15)) & NON_ASCII_HASH_MASK);
        }
        const word = key >>> 5;
        const bit = 1 << (key & 31);
        if ((seen[word] & bit) === 0) {
          seen[word] |= bit;
          if (counts[key]++ === 0) this.distinctKeys.push(key);
          pairKeys[pairCount++] = key;
        }
        a = b;
        b = c;
      }
      // Only this file's bits are set: clearing each of its keys' words clears them all.
      for (let i = from; i < pairCount; i++) seen[pairKeys[i] >>> 5] = 0;
      this.pairCount = pairCount;
    }
    this.fileIds.push(id);
    this.fileEnds.push(this.pairCount);
  }

  /** The index of the files added (once: the builder's arrays are reused for it). */
  finish(): TrigramIndex {
    return this.indexOver(this.counts);
  }

  /**
   * The index of the files added so far, leaving the builder as it was: more files may be added,
   * and `finish` still gives the whole index. Costs a fresh count table (the key space's 16 MB).
   */
  peek(): TrigramIndex {
    const counts = new Uint32Array(this.counts.length);
    const keys = this.distinctKeys.data;
    for (let i = 0; i < this.distinctKeys.length; i++) counts[keys[i]] = this.counts[keys[i]];
    return this.indexOver(counts);
  }

  /** `counts` (each key's postings) becomes each key's write position. */
  private indexOver(counts: Uint32Array): TrigramIndex {
    // Counting sort of the postings by key; file order within a key is preserved (ascending ids).
    const keys = this.distinctKeys.u32().sort();
    const offsets = listOffsets(keys, counts);
    const postings = placePostings(offsets[keys.length], this.pairKeys, counts, this.fileIds, this.fileEnds);
    return TrigramIndex.fromPostings(keys, offsets, postings, this.fileIds.length);
  }
}

// TrigramIndexBuilder.finish's two loops, one function each (as in terms.ts: each runs once,
// compiled while it runs, and code after it not run yet would send it back to the interpreter).

/** Where each key's list starts (and, after the last, the total); `counts` becomes each key's write position. */
function listOffsets(keys: Uint32Array, counts: Uint32Array): Uint32Array {
  const offsets = new Uint32Array(keys.length + 1);
  let running = 0;
  for (let slot = 0; slot < keys.length; slot++) {
    const key = keys[slot];
    offsets[slot] = running;
    running += counts[key];
    counts[key] = offsets[slot];
  }
  offsets[keys.length] = running;
  return offsets;
}

/** Every file's id in the lists of its keys, in file order. */
function placePostings(
  total: number,
  pairKeys: Uint32Array,
  cursor: Uint32Array,
  fileIds: GrowableU32,
  fileEnds: GrowableU32,
): Uint32Array {
  const postings = new Uint32Array(total);
  const ids = fileIds.data;
  const ends = fileEnds.data;
  for (let f = 0, i = 0; f < fileIds.length; f++) {
    const id = ids[f];
    for (const end = ends[f]; i < end; i++) postings[cursor[pairKeys[i]]++] = id;
  }
  return postings;
}
