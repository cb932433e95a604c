/**
 * The term index's inner loop: the words of a text (what `words` in ../tokens gives, the runs
 * of [A-Za-z_$][A-Za-z0-9_$]*) counted as the term ids of their sub-tokens (`splitIdentifier`),
 * with no string and no array made per word. Code repeats its words, so each distinct word is
 * kept once, as its UTF-16 units, in an open-addressing table keyed on a hash computed as the
 * word is scanned; only a word seen for the first time is sliced out and split. (The regular
 * expression, a string per word and a Map lookup per word were two thirds of the term index's
 * build time.)
 */
import { splitIdentifier } from '../tokens';

const WORD_START = 1;
const WORD_PART = 2;
/** Per ASCII code: may start a word (A-Z a-z _ $), may continue one (those and 0-9). Nothing else is a word character. */
const WORD_CHARS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
  if (letter) WORD_CHARS[c] = WORD_START | WORD_PART;
  else if (c >= 48 && c <= 57) WORD_CHARS[c] = WORD_PART;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Distinct words remembered at most (or code units of them): then the table starts over, to bound memory. */
const MAX_REMEMBERED_WORDS = 200_000;
const MAX_REMEMBERED_UNITS = 1 << 22;

/**
 * Term ids counted in one field of one document: `frequency` per id, the ids with a non-zero
 * count in `touched[0..size)` in first-seen order. Room for an id is made when the id is
 * created (`reserve`), never in `add`: a branch that runs for the first time after V8 has
 * compiled the loop around it sends that loop back to the interpreter and to the compiler.
 */
export class TermCounts {
  // Assigned twice, like WordTermTable's arrays; room for 32 K terms before any growth.
  frequency = new Uint32Array(1 << 15);
  touched = new Uint32Array(1 << 15);
  size = 0;

  constructor() {
    this.frequency = new Uint32Array(this.frequency.length);
    this.touched = new Uint32Array(this.touched.length);
  }

  /** Counts `id`, which must be below a limit given to `reserve`. */
  add(id: number): void {
    if (this.frequency[id]++ === 0) this.touched[this.size++] = id;
  }

  /** Room for the term ids below `limit`. */
  reserve(limit: number): void {
    if (limit <= this.frequency.length) return;
    const length = Math.max(this.frequency.length * 2, limit);
    const frequency = new Uint32Array(length);
    frequency.set(this.frequency);
    this.frequency = frequency;
    const touched = new Uint32Array(length);
    touched.set(this.touched.subarray(0, this.size));
    this.touched = touched;
  }
}

/** Per entry, at entry · 4: where its units start, their count, where its term ids start and end. */
const RECORD = 4;

export class WordTermTable {
  // Fields assigned twice (here and in the constructor): V8 treats a field stored once as a
  // constant and drops the optimized code that read it when it is stored again (the table
  // grows); a field already stored twice is an ordinary one from the start.
  /** Per slot, (hash, entry + 1), 0 for an empty slot; a power of two of pairs, at most half full. */
  private slots = new Int32Array(2 << 16);
  private entries = 0;
  /** Per entry (RECORD numbers): its units in `units`, its term ids in `terms`. */
  private records = new Int32Array(RECORD << 15);
  private units = new Uint16Array(1 << 18);
  private unitCount = 0;
  private terms = new Uint32Array(1 << 16);
  private termCount = 0;

  /** `termId`: the id of a sub-token (a term of the index). */
  constructor(private readonly termId: (token: string) => number) {
    this.slots = new Int32Array(this.slots.length);
    this.records = new Int32Array(this.records.length);
    this.units = new Uint16Array(this.units.length);
    this.terms = new Uint32Array(this.terms.length);
  }

  /** Counts the term ids of every word of `text[from, to)`, in order. */
  count(text: string, from: number, to: number, counts: TermCounts): void {
    let i = from;
    while (i < to) {
      const c = text.charCodeAt(i);
      if (c >= 128 || (WORD_CHARS[c] & WORD_START) === 0) {
        i++;
        continue;
      }
      let hash = Math.imul(FNV_OFFSET ^ c, FNV_PRIME);
      let end = i + 1;
      for (; end < to; end++) {
        const d = text.charCodeAt(end);
        if (d >= 128 || (WORD_CHARS[d] & WORD_PART) === 0) break;
        hash = Math.imul(hash ^ d, FNV_PRIME);
      }
      const at = this.entryOf(text, i, end, hash) * RECORD;
      const { records, terms } = this;
      for (let t = records[at + 2], last = records[at + 3]; t < last; t++) counts.add(terms[t]);
      i = end;
    }
  }

  /** The entry of the word `text[from, to)`, added when new. */
  private entryOf(text: string, from: number, to: number, hash: number): number {
    const length = to - from;
    const { slots, records, units } = this;
    const mask = slots.length - 2;
    // The next slot is computed at the top of every turn, the first included: a step run only
    // on a collision would be new to V8 at the first collision after it compiled this loop.
    for (let slot = ((hash ^ (hash >>> 15)) << 1) - 2; ;) {
      slot = (slot + 2) & mask;
      const entry = slots[slot + 1] - 1;
      if (entry < 0) return this.add(text, from, to, hash);
      if (slots[slot] !== hash || records[entry * RECORD + 1] !== length) continue;
      let k = 0;
      for (let u = records[entry * RECORD]; k < length && units[u] === text.charCodeAt(from + k); k++, u++);
      if (k === length) return entry;
    }
  }

  private add(text: string, from: number, to: number, hash: number): number {
    const length = to - from;
    if (this.entries >= MAX_REMEMBERED_WORDS || this.unitCount + length > MAX_REMEMBERED_UNITS) this.clear();
    // A word has at most as many sub-tokens as units.
    if (
      (this.entries + 1) * RECORD > this.records.length ||
      this.unitCount + length > this.units.length ||
      this.termCount + length > this.terms.length
    )
      this.grow(length);
    const word = text.slice(from, to);
    const entry = this.entries++;
    const at = entry * RECORD;
    this.records[at] = this.unitCount;
    this.records[at + 1] = length;
    for (let k = 0; k < length; k++) this.units[this.unitCount++] = word.charCodeAt(k);
    this.records[at + 2] = this.termCount;
    for (const token of splitIdentifier(word)) this.terms[this.termCount++] = this.termId(token);
    this.records[at + 3] = this.termCount;
    if (this.entries * 4 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(entry, hash);
    return entry;
  }

  private place(entry: number, hash: number): void {
    const slots = this.slots;
    const mask = slots.length - 2;
    let slot = ((hash ^ (hash >>> 15)) << 1) & mask;
    while (slots[slot + 1] !== 0) slot = (slot + 2) & mask;
    slots[slot] = hash;
    slots[slot + 1] = entry + 1;
  }

  /** A table of `size` numbers (size / 2 slots) with the entries placed again. */
  private rehash(size: number): void {
    const old = this.slots;
    this.slots = new Int32Array(size);
    for (let slot = 0; slot < old.length; slot += 2) if (old[slot + 1] !== 0) this.place(old[slot + 1] - 1, old[slot]);
  }

  /** Room for one more entry of `length` units (kept out of `add`, which V8 compiles without it). */
  private grow(length: number): void {
    this.records = grown(this.records, (this.entries + 1) * RECORD);
    this.units = grown(this.units, this.unitCount + length);
    this.terms = grown(this.terms, this.termCount + length);
  }

  private clear(): void {
    this.slots.fill(0);
    this.entries = 0;
    this.unitCount = 0;
    this.termCount = 0;
  }
}

/** A copy of `array` at least `size` long (doubling), its values kept. */
function grown<T extends Int32Array | Uint32Array | Uint16Array>(array: T, size: number): T {
  const copy = new (array.constructor as new (length: number) => T)(Math.max(array.length * 2, size));
  copy.set(array);
  return copy;
}
