/**
 * The structural index's two posting lists, built in one pass over the definitions and
 * references and laid out in CSR at the end: term → (definition, weight) rows and
 * reference name → (chunk, [call, new, type] counts) rows.
 *
 * Both keep ids in first-seen order and rows in arrival order, exactly what a map of lists
 * would give, but in flat columns: no list, map or count triple per term, name or chunk (on
 * the 10 MB tier those were most of the structural build's garbage).
 */
import { splitIdentifier, words } from '../tokens';
import { entriesByRow, rowOffsets } from '../store/csr';
import { GrowableU32 } from '../store/growable';

/** Term postings over definitions, definition by definition (see StructuralSnapshot.term*). */
export class DefinitionTermPostings {
  /** Terms in first-seen order. */
  readonly vocab: string[] = [];
  /** Token → term id, or -1 for a token that is not a term. */
  private readonly termIds = new Map<string, number>();
  /** Identifier → its sub-tokens' term ids: names and signature words repeat across a repository, each is split once. */
  private readonly identifierTerms = new Map<string, readonly number[]>();
  /** Per term: its weight in the current definition, valid where `weightOf[t] === def + 1`. */
  private weight = new Int32Array(1024);
  private weightOf = new Int32Array(1024);
  /** Terms of the current definition, in first-seen order. */
  private readonly current: number[] = [];
  private def = -1;
  private readonly rowTerm = new GrowableU32();
  private readonly rowDef = new GrowableU32();
  private readonly rowWeight = new GrowableU32();

  /** `isTerm(token)`: whether a sub-token is indexed at all (length, stop words). */
  constructor(private readonly isTerm: (token: string) => boolean) {}

  /** Starts definition `def` (ids ascending); the previous one's rows are written. */
  begin(def: number): void {
    this.flush();
    this.def = def;
  }

  /** The sub-tokens of an identifier (splitIdentifier), each adding `weight`. */
  identifier(identifier: string, weight: number): void {
    this.add(this.termsOf(identifier), weight);
  }

  /** The sub-tokens of every word of a text (subTokens), each adding `weight`. */
  text(text: string, weight: number): void {
    const found = words(text);
    for (let i = 0; i < found.length; i++) this.add(this.termsOf(found[i]), weight);
  }

  finish(): { termVocab: string[]; termOffsets: Int32Array; termDefs: Int32Array; termWeights: Uint8Array } {
    this.flush();
    const termCount = this.vocab.length;
    const rows = this.rowTerm.length;
    // Term ids are below 2³¹: the column read as Int32, the key type rowOffsets takes.
    const rowTerm = new Int32Array(this.rowTerm.data.buffer, this.rowTerm.data.byteOffset, rows);
    const termOffsets = rowOffsets(rowTerm, rows, termCount);
    const cursor = termOffsets.slice(0, termCount);
    const termDefs = new Int32Array(rows);
    const termWeights = new Uint8Array(rows);
    const rowDef = this.rowDef.data;
    const rowWeight = this.rowWeight.data;
    for (let r = 0; r < rows; r++) {
      const at = cursor[rowTerm[r]]++;
      termDefs[at] = rowDef[r];
      termWeights[at] = rowWeight[r];
    }
    return { termVocab: this.vocab, termOffsets, termDefs, termWeights };
  }

  private add(terms: readonly number[], weight: number): void {
    const mark = this.def + 1;
    for (let i = 0; i < terms.length; i++) {
      const t = terms[i];
      if (this.weightOf[t] === mark) this.weight[t] += weight;
      else {
        this.weightOf[t] = mark;
        this.weight[t] = weight;
        this.current.push(t);
      }
    }
  }

  private flush(): void {
    for (let i = 0; i < this.current.length; i++) {
      const t = this.current[i];
      this.rowTerm.push(t);
      this.rowDef.push(this.def);
      this.rowWeight.push(Math.min(255, this.weight[t]));
    }
    this.current.length = 0;
  }

  private termsOf(identifier: string): readonly number[] {
    let terms = this.identifierTerms.get(identifier);
    if (terms === undefined) {
      const ids: number[] = [];
      for (const token of splitIdentifier(identifier)) {
        const id = this.termId(token);
        if (id >= 0) ids.push(id);
      }
      this.identifierTerms.set(identifier, (terms = ids));
    }
    return terms;
  }

  private termId(token: string): number {
    let id = this.termIds.get(token);
    if (id === undefined) {
      id = this.isTerm(token) ? this.vocab.length : -1;
      this.termIds.set(token, id);
      if (id >= 0) {
        this.vocab.push(token);
        if (id === this.weight.length) {
          this.weight = grown(this.weight);
          this.weightOf = grown(this.weightOf);
        }
      }
    }
    return id;
  }
}

/** Reference postings (see StructuralSnapshot.ref*): rows of (name, chunk, kind) grouped by name, then by chunk. */
export class ReferencePostings {
  private rowName: Int32Array;
  private rowChunk: Int32Array;
  private rowKind: Uint8Array;
  private rows = 0;

  /**
   * `names`: every name referenced, each at least once, in first-seen order (the array may still
   * grow while references are added, as a build's files arrive); `references`: how many are
   * expected (the columns grow past it).
   */
  constructor(
    private readonly names: string[],
    references: number,
  ) {
    const capacity = Math.max(16, references);
    this.rowName = new Int32Array(capacity);
    this.rowChunk = new Int32Array(capacity);
    this.rowKind = new Uint8Array(capacity);
  }

  /** One reference to names[name] from `chunk`, of count kind `kind` (0, 1, 2: a column of refCounts). */
  add(name: number, chunk: number, kind: number): void {
    if (this.rows === this.rowName.length) this.grow();
    this.rowName[this.rows] = name;
    this.rowChunk[this.rows] = chunk;
    this.rowKind[this.rows++] = kind;
  }

  private grow(): void {
    const capacity = this.rowName.length * 2;
    const name = new Int32Array(capacity);
    name.set(this.rowName);
    const chunk = new Int32Array(capacity);
    chunk.set(this.rowChunk);
    const kind = new Uint8Array(capacity);
    kind.set(this.rowKind);
    this.rowName = name;
    this.rowChunk = chunk;
    this.rowKind = kind;
  }

  /** Per name, its distinct chunks in first-seen order, each with its counts by kind. */
  finish(chunkCount: number): {
    refNames: string[];
    refOffsets: Int32Array;
    refChunks: Int32Array;
    refCounts: Int32Array;
  } {
    const nameCount = this.names.length;
    const { rows: refs, rowName, rowChunk, rowKind } = this;
    // The references grouped by name, in arrival order.
    const start = rowOffsets(rowName, refs, nameCount);
    const byName = entriesByRow(rowName, refs, start);
    // Then one row per (name, chunk): `rowOfChunk[c]` is valid while `nameOfChunk[c]` is the name at hand.
    const nameOfChunk = new Int32Array(chunkCount).fill(-1);
    const rowOfChunk = new Int32Array(chunkCount);
    const refOffsets = new Int32Array(nameCount + 1);
    const chunks = new Int32Array(refs);
    const counts = new Int32Array(refs * 3);
    let rows = 0;
    for (let n = 0; n < nameCount; n++) {
      refOffsets[n] = rows;
      for (let i = start[n]; i < start[n + 1]; i++) {
        const r = byName[i];
        const chunk = rowChunk[r];
        if (nameOfChunk[chunk] !== n) {
          nameOfChunk[chunk] = n;
          rowOfChunk[chunk] = rows;
          chunks[rows++] = chunk;
        }
        counts[rowOfChunk[chunk] * 3 + rowKind[r]]++;
      }
    }
    refOffsets[nameCount] = rows;
    return {
      refNames: this.names,
      refOffsets,
      refChunks: chunks.slice(0, rows),
      refCounts: counts.subarray(0, rows * 3),
    };
  }
}

function grown(values: Int32Array): Int32Array<ArrayBuffer> {
  const out = new Int32Array(values.length * 2);
  out.set(values);
  return out;
}
