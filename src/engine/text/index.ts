/**
 * The text modality: a trigram index for exact/literal/regex search (only candidate files
 * are read) and a BM25 index over identifier-split tokens for ranked term search.
 */
import type { Chunk, ExpandedTerm, ModalityHit, QueryPlan } from '../contract';
import { expansionReason } from './expansion';
import { phraseReadings, spellingsOf } from './spellings';
import { asksInPlainWords, EXPANSION_MAX_WORDS, SPELLING_SAYS_WORD } from '../ranking';
import type { Corpus, CorpusFile, Retriever } from '../modality';
import { contentTerms, subTokens } from '../tokens';
import { isCommentLine } from '../comment-lines';
import { GrepSearcher, type GrepResult, type TextMatch } from './grep';
import { lineStartsOf } from './lines';
import { SnapshotDamagedError } from '../snapshot';
import { TermIndex, type TermSnapshot } from './terms';
import { TrigramIndex, TrigramIndexBuilder, type TrigramSnapshot } from './trigrams';

export { RegexRejected, InvalidRegex } from './regex';
export type { GrepResult, TextMatch } from './grep';

/** Matches read per literal/identifier query before ranking (enough to rank, bounded in time). */
export const MATCH_SCAN_LIMIT = 5000;
/** An identifier occurrence in another case (parseconfig for parseConfig) counts for half. */
export const CASE_FOLDED_OCCURRENCE_WEIGHT = 0.5;
/** A chunk that defines the identifier counts like this many occurrences. */
export const DEFINES_IDENTIFIER_BONUS = 2;
/** BM25 over the query terms adds at most this much (scaled to the best BM25 score). */
export const BM25_MERGE_WEIGHT = 1;
/** At most this many distinct sub-tokens of a snippet are searched (find_similar). */
export const MAX_SNIPPET_TERMS = 64;
/** BM25 hits read to re-order identifier occurrences (only occurrences are kept). */
const TERM_RERANK_DEPTH = 1000;
/** At most this many identifiers of one query are searched for occurrences. */
const MAX_IDENTIFIERS = 8;
/** Default match limit of grep() for the UI and the CLI. */
export const DEFAULT_GREP_LIMIT = 1000;

const SNAPSHOT_VERSION = 1;

export interface TextSnapshot {
  version: number;
  fileCount: number;
  chunkCount: number;
  trigrams: TrigramSnapshot;
  terms: TermSnapshot;
}

/** Chunk counts a term's rarity is judged by (src/engine/matches.ts keeps the rarer terms' lines). */
export interface TermRarity {
  chunks: number;
  holding(term: string): number;
}

export interface GrepOptions {
  regex?: boolean;
  caseSensitive?: boolean;
  wholeWord?: boolean;
  limit?: number;
  timeBudgetMs?: number;
}

export interface TextGrepMatch extends TextMatch {
  path: string;
}

export interface TextGrepResult extends Omit<GrepResult, 'matches'> {
  matches: TextGrepMatch[];
}

export class TextIndex implements Retriever {
  readonly modality = 'text' as const;
  private readonly grepper: GrepSearcher;
  /** Built on first use: a loaded index's one question (a CLI search) may never read them. */
  private fileByIdValue: Map<number, CorpusFile> | null = null;
  private definersValue: Map<string, number[]> | null = null;
  private termsValue: TermIndex | null = null;
  private readonly loadTerms: (() => TermIndex) | null = null;

  /** `terms` may be a loader: a loaded index's literal or regex question reads the trigrams alone. */
  private constructor(
    private readonly corpus: Corpus,
    private readonly trigrams: TrigramIndex,
    terms: TermIndex | (() => TermIndex),
  ) {
    this.grepper = new GrepSearcher(corpus.files, trigrams);
    if (terms instanceof TermIndex) this.termsValue = terms;
    else this.loadTerms = terms;
  }

  private get terms(): TermIndex {
    return (this.termsValue ??= this.loadTerms!());
  }

  private get fileById(): Map<number, CorpusFile> {
    return (this.fileByIdValue ??= new Map(this.corpus.files.map((f) => [f.id, f])));
  }

  /** The chunks defining each symbol. */
  private get definers(): Map<string, number[]> {
    if (!this.definersValue) {
      const definers = new Map<string, number[]>();
      for (const c of this.corpus.chunks) {
        if (!c.symbol) continue;
        const list = definers.get(c.symbol);
        if (list) list.push(c.id);
        else definers.set(c.symbol, [c.id]);
      }
      this.definersValue = definers;
    }
    return this.definersValue;
  }

  /**
   * `sameFiles`: a text index built earlier over the same files (same ids, same texts) but
   * other chunks — the line-window index a tab answers from before parsing ends. Its trigram
   * index depends on the files only, so it is reused; the term index follows the chunks.
   */
  static build(corpus: Corpus, sameFiles?: TextIndex): TextIndex {
    const known = sameFiles?.trigrams;
    const trigrams = known && known.fileCount === corpus.files.length ? known : TrigramIndex.build(corpus.files);
    const terms = TermIndex.build(chunkDocuments(filesById(corpus.files), corpus.chunks));
    return new TextIndex(corpus, trigrams, terms);
  }

  /**
   * The text index built file by file as files arrive: the tab's reads end with it all but
   * finished. `finish` gives what `build` gives for the same corpus.
   */
  static builder(): TextIndexBuilder {
    const trigrams = new TrigramIndexBuilder();
    const terms = TermIndex.builder();
    return {
      add(file, chunks) {
        trigrams.add(file.id, file.text);
        for (const doc of chunkDocuments(filesById([file]), chunks)) terms.add(doc);
      },
      finish: (corpus) => new TextIndex(corpus, trigrams.finish(), terms.finish()),
      peek: (corpus) => new TextIndex(corpus, trigrams.peek(), terms.finish()),
    };
  }

  serialize(): TextSnapshot {
    return {
      version: SNAPSHOT_VERSION,
      fileCount: this.corpus.files.length,
      chunkCount: this.corpus.chunks.length,
      trigrams: this.trigrams.serialize(),
      terms: this.terms.serialize(),
    };
  }

  static load(corpus: Corpus, snapshot: TextSnapshot): TextIndex {
    if (snapshot.version !== SNAPSHOT_VERSION)
      throw new Error(`text snapshot version ${snapshot.version}, expected ${SNAPSHOT_VERSION}`);
    if (snapshot.fileCount !== corpus.files.length || snapshot.chunkCount !== corpus.chunks.length)
      throw new Error(
        `text snapshot was built for ${snapshot.fileCount} files / ${snapshot.chunkCount} chunks, corpus has ${corpus.files.length} / ${corpus.chunks.length}`,
      );
    // `snapshot.terms` is read only when a question first ranks terms (an on-demand snapshot's getter).
    return new TextIndex(corpus, TrigramIndex.load(snapshot.trigrams), () => {
      try {
        return TermIndex.load(snapshot.terms);
      } catch (e) {
        // Loaded in the middle of a question: a part that does not load is damage the host rebuilds.
        if (e instanceof SnapshotDamagedError) throw e;
        throw new SnapshotDamagedError('text index', 'does not load', { cause: e });
      }
    });
  }

  /** Index statistics for the explain view and benchmarks. */
  stats(): { trigrams: number; postings: number; documents: number } {
    return {
      trigrams: this.trigrams.trigramCount,
      postings: this.trigrams.postingCount,
      documents: this.terms.documentCount,
    };
  }

  /** The chunks whose lines, symbol or path say a word, itself or by a base form either way round (TermIndex.chunksSaying). */
  chunksSaying(word: string): number[] {
    return this.terms.chunksSaying(word);
  }

  /** How rare each query term is: the chunks holding it, of all chunks. */
  termRarity(): TermRarity {
    return { chunks: this.terms.documentCount, holding: (term) => this.terms.chunkFrequency(term) };
  }

  /** Runs one question with its regex scans shared by its steps (GrepSearcher.sharingScans). */
  sharingScans<T>(run: () => Promise<T>): Promise<T> {
    return this.grepper.sharingScans(run);
  }

  /** Literal or regex search for the UI and CLI. Throws InvalidRegex / RegexRejected for bad patterns. */
  grep(pattern: string, opts: GrepOptions = {}): TextGrepResult {
    const limit = opts.limit ?? DEFAULT_GREP_LIMIT;
    const caseSensitive = opts.caseSensitive ?? false;
    const result = opts.regex
      ? this.grepper.searchRegex(pattern, { caseSensitive, limit, timeBudgetMs: opts.timeBudgetMs })
      : this.grepper.searchLiteral(pattern, {
          caseSensitive,
          wholeWord: opts.wholeWord,
          limit,
          timeBudgetMs: opts.timeBudgetMs,
        });
    return { ...result, matches: result.matches.map((m) => ({ ...m, path: this.fileById.get(m.fileId)?.path ?? '' })) };
  }

  search(plan: QueryPlan, limit: number): ModalityHit[] {
    if (limit <= 0) return [];
    if (plan.optionRead !== undefined && plan.answerLines)
      return this.readsFirst(
        plan.optionRead,
        plan.answerLines,
        this.search({ ...plan, optionRead: undefined }, limit),
        limit,
      );
    if (plan.regex !== undefined && plan.intent === 'exact_match')
      return this.regexHits(
        plan.regex,
        plan.caseSensitive ?? false,
        limit,
        plan.pasted === true,
        plan.answerLines,
        plan.option !== undefined ? `the line declaring ${plan.option}` : undefined,
      );
    if (plan.literal) {
      const hits = this.literalHits(
        plan.literal,
        limit,
        plan.pasted ? 'the pasted text ' : '',
        plan.caseSensitive ?? false,
      );
      // Asked for an exact string, a near miss is not an answer (grep would say nothing too).
      if (hits.length > 0 || plan.intent === 'exact_match') return hits;
      return this.termHits(contentTerms(plan.literal), limit, `no exact "${plan.literal}"; `);
    }
    // "Similar to X" typed in the box names X: the occurrences of that name are X's callers,
    // code that uses X, not code like it. The list is X's words, as the Find similar action's.
    if (plan.similarToChunk !== undefined) return this.similarHits(plan, limit);
    if (plan.identifiers.length > 0) return this.identifierHits(plan, limit);
    if (plan.snippet !== undefined) return this.similarHits(plan, limit);
    const terms = plan.terms.length > 0 ? plan.terms : contentTerms(plan.raw);
    // No name, no literal: the query is prose, and its words may be inflected forms of the code's,
    // or, asked in a few plain words, written as the code shortens and joins them (spellings.ts).
    const expansions = [...(plan.expansions ?? []), ...(plan.spellings ?? this.spellings(plan))];
    return this.termHits(terms.length > 0 ? terms : subTokens(plan.raw), limit, '', true, expansions);
  }

  /**
   * A question about what an option does: the chunks holding the lines that read its value lead,
   * those deciding on it in a condition first, each in the order the question's words gave them (those the words did not find after, most reads
   * first), then the rest of that list.
   */
  private readsFirst(
    option: string,
    reads: readonly { path: string; line: number; decides?: boolean; stores?: boolean }[],
    worded: ModalityHit[],
    limit: number,
  ): ModalityHit[] {
    const readsOf = new Map<number, number[]>();
    const deciding = new Set<number>();
    // A line storing into it parses the value; its function is no reader (options.ts).
    for (const r of reads.filter((l) => !l.stores)) {
      const file = this.corpus.fileByPath.get(r.path);
      if (!file) continue;
      const chunkId = this.corpus.chunkAt(file.id, r.line);
      readsOf.set(chunkId, [...(readsOf.get(chunkId) ?? []), r.line]);
      if (r.decides) deciding.add(chunkId);
    }
    const rank = new Map(worded.map((h, i) => [h.chunkId, i]));
    const decides = (id: number) => (deciding.has(id) ? 0 : 1);
    const reading = [...readsOf.entries()].sort(
      ([a, x], [b, y]) =>
        decides(a) - decides(b) ||
        (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) ||
        y.length - x.length ||
        a - b,
    );
    const lines = (n: number[]) => `line${n.length === 1 ? '' : 's'} ${n.join(', ')}`;
    const first: ModalityHit[] = reading.map(([chunkId, at]) => ({
      chunkId,
      score: at.length,
      reason: `reads the value ${option} is given (${lines(at)})`,
    }));
    return [...first, ...worded.filter((h) => !readsOf.has(h.chunkId))].slice(0, limit);
  }

  /**
   * The code's spellings of a question asked in a few plain words (spellings.ts), from this
   * index's vocabulary, and its phrases' readings (`count` for "the number of") at any length;
   * none for any other question. The engine sets them on the plan once, for the text list and the
   * semantic list alike.
   */
  spellings(plan: QueryPlan): ExpandedTerm[] {
    if (!asksInPlainWords(plan)) return [];
    const terms = plan.terms.length > 0 ? plan.terms : contentTerms(plan.raw);
    const vocabulary = this.terms.spellingVocabulary();
    const read = phraseReadings(terms, plan.raw, vocabulary);
    if (terms.length > EXPANSION_MAX_WORDS) return read;
    return [...spellingsOf(terms, plan.raw, vocabulary), ...read];
  }

  /**
   * A /regex/ of the query: chunks ranked by matching lines, then shorter path (bounded like a
   * literal). For a pasted message's format lines (`pasted`), a line of code counts before a
   * comment: a message is printed by code, and a comment quoting its text (`// our handler can
   * report "stack overflow"` beside the handler that prints it) is not where it is printed; and
   * a chunk holding a line the message's matcher chose (`chosen`: the panic at the line the
   * paste names, of three writing its literal) counts before the others.
   */
  private regexHits(
    pattern: string,
    caseSensitive: boolean,
    limit: number,
    pasted = false,
    chosen: readonly { path: string; line: number }[] = [],
    chosenAs = 'the line the message was traced to',
  ): ModalityHit[] {
    const result = this.grepper.searchRegex(pattern, { caseSensitive, limit: MATCH_SCAN_LIMIT });
    const perChunk = new Map<number, { chosen: number; code: number; comments: number }>();
    for (const m of result.matches) {
      const chunkId = this.corpus.chunkAt(m.fileId, m.line);
      const file = this.fileById.get(m.fileId);
      const comment = pasted && m.lineTextStart === 0 && isCommentLine(m.lineText, file?.language ?? null);
      const entry = perChunk.get(chunkId) ?? { chosen: 0, code: 0, comments: 0 };
      if (chosen.some((c) => c.line === m.line && c.path === file?.path)) entry.chosen++;
      if (comment) entry.comments++;
      else entry.code++;
      perChunk.set(chunkId, entry);
    }
    const chunks = this.corpus.chunks;
    const more = result.truncated ? ' (stopped reading: the pattern matches very many lines)' : '';
    const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;
    return [...perChunk.entries()]
      .sort(
        ([a, x], [b, y]) =>
          y.chosen - x.chosen ||
          y.code - x.code ||
          y.comments - x.comments ||
          chunks[a].path.length - chunks[b].path.length ||
          a - b,
      )
      .slice(0, limit)
      .map(([chunkId, { chosen: picked, code, comments }]) => ({
        chunkId,
        score: code + comments,
        reason: `matches /${pattern}/${caseSensitive ? '' : 'i'} on ${lines(code + comments)}${comments > 0 ? ` (${comments} in comments)` : ''}${picked > 0 ? `, ${chosenAs}` : ''}${more}`,
      }));
  }

  /** exact_match: chunks ranked by (exact-case matches, all matches), then shorter path. */
  private literalHits(literal: string, limit: number, what = '', caseSensitive = false): ModalityHit[] {
    const result = this.grepper.searchLiteral(literal, { caseSensitive, limit: MATCH_SCAN_LIMIT });
    const perChunk = new Map<number, { exact: number; total: number }>();
    for (const m of result.matches) {
      const chunkId = this.corpus.chunkAt(m.fileId, m.line);
      const start = m.column - 1 - m.lineTextStart;
      const exact = m.lineText.slice(start, start + m.length) === literal ? 1 : 0;
      const entry = perChunk.get(chunkId);
      if (entry) {
        entry.exact += exact;
        entry.total++;
      } else perChunk.set(chunkId, { exact, total: 1 });
    }
    const chunks = this.corpus.chunks;
    return [...perChunk.entries()]
      .sort(
        ([a, x], [b, y]) =>
          y.exact - x.exact || y.total - x.total || chunks[a].path.length - chunks[b].path.length || a - b,
      )
      .slice(0, limit)
      .map(([chunkId, { exact, total }]) => ({
        chunkId,
        score: total,
        reason: `contains ${what}"${literal}" ${total}×${caseNote(exact, total)}`,
      }));
  }

  /** Identifiers: whole-word occurrences per chunk, definitions, plus BM25 over the terms. */
  private identifierHits(plan: QueryPlan, limit: number): ModalityHit[] {
    const scores = new Map<number, { score: number; parts: string[] }>();
    const add = (chunkId: number, score: number, part: string) => {
      const entry = scores.get(chunkId);
      if (entry) {
        entry.score += score;
        entry.parts.push(part);
      } else scores.set(chunkId, { score, parts: [part] });
    };
    for (const identifier of [...new Set(plan.identifiers)].slice(0, MAX_IDENTIFIERS)) {
      const result = this.grepper.searchLiteral(identifier, {
        caseSensitive: false,
        wholeWord: true,
        limit: MATCH_SCAN_LIMIT,
      });
      const perChunk = new Map<number, { exact: number; folded: number }>();
      for (const m of result.matches) {
        const chunkId = this.corpus.chunkAt(m.fileId, m.line);
        const start = m.column - 1 - m.lineTextStart;
        const exact = m.lineText.slice(start, start + m.length) === identifier;
        const entry = perChunk.get(chunkId) ?? { exact: 0, folded: 0 };
        if (exact) entry.exact++;
        else entry.folded++;
        perChunk.set(chunkId, entry);
      }
      for (const [chunkId, { exact, folded }] of perChunk) {
        const count = exact + folded;
        add(
          chunkId,
          exact + CASE_FOLDED_OCCURRENCE_WEIGHT * folded,
          `uses ${identifier} ${count}×${exact === count ? '' : ` (${folded} in other case)`}`,
        );
      }
      for (const chunkId of this.definers.get(identifier) ?? [])
        add(chunkId, DEFINES_IDENTIFIER_BONUS, `defines ${identifier}`);
    }
    // RRF ignores scores, so every entry of the list counts: when the identifier occurs,
    // chunks that merely share its words would only push the real occurrences down the
    // fused list. BM25 then orders the occurrences; it adds new chunks only when the
    // identifier occurs nowhere.
    const occurrences = new Set(scores.keys());
    const terms = plan.terms.length > 0 ? plan.terms : plan.identifiers.flatMap((i) => subTokens(i));
    const termHits = this.terms.query(terms, occurrences.size > 0 ? Math.max(limit, TERM_RERANK_DEPTH) : limit);
    const best = termHits.length > 0 ? termHits[0].score : 0;
    for (const hit of termHits) {
      if (occurrences.size > 0 && !occurrences.has(hit.id)) continue;
      add(
        hit.id,
        (BM25_MERGE_WEIGHT * hit.score) / best,
        `terms ${hit.terms.join(', ')} (BM25 ${hit.score.toFixed(2)})`,
      );
    }
    return rank(scores, this.corpus, limit);
  }

  /** find_similar: BM25 over the sub-tokens of a snippet or of the chunk to match. */
  private similarHits(plan: QueryPlan, limit: number): ModalityHit[] {
    const source = plan.snippet ?? (plan.similarToChunk !== undefined ? this.chunkText(plan.similarToChunk) : '');
    const tokens = [...new Set(subTokens(source))].slice(0, MAX_SNIPPET_TERMS);
    const exclude = plan.snippet === undefined ? plan.similarToChunk : undefined;
    return this.termHits(tokens, limit + 1)
      .filter((h) => h.chunkId !== exclude)
      .slice(0, limit);
  }

  private termHits(
    terms: string[],
    limit: number,
    reasonPrefix = '',
    prose = false,
    expansions: readonly ExpandedTerm[] = [],
  ): ModalityHit[] {
    const says = (e: ExpandedTerm) => (e.code === 'learned-expansion' ? 1 : SPELLING_SAYS_WORD[e.code]);
    const searched = expansions.map((e) => ({ ...e, says: says(e) }));
    return this.terms.query(terms, limit, { prose, expansions: searched }).map((h) => {
      const reason = `${reasonPrefix}terms ${h.terms.join(', ')} (BM25 ${h.score.toFixed(2)})`;
      // A matched term that is an expansion, and not also a word of the question, is named as one.
      const expanded = expansions.filter((e) => h.terms.includes(e.token));
      if (expanded.length === 0) return { chunkId: h.id, score: h.score, reason };
      return { chunkId: h.id, score: h.score, reason: `${reason}; ${expansionReason(expanded)}`, expanded };
    });
  }

  /** The text of a chunk: its file's lines startLine..endLine. */
  chunkText(chunkId: number): string {
    const chunk = this.corpus.chunks[chunkId];
    const file = chunk && this.fileById.get(chunk.fileId);
    if (!file) return '';
    return linesOf(file.text, lineStartsOf(file.text), chunk.startLine, chunk.endLine);
  }
}

function rank(scores: Map<number, { score: number; parts: string[] }>, corpus: Corpus, limit: number): ModalityHit[] {
  return [...scores.entries()]
    .sort(([a, x], [b, y]) => y.score - x.score || corpus.chunks[a].path.length - corpus.chunks[b].path.length || a - b)
    .slice(0, limit)
    .map(([chunkId, { score, parts }]) => ({ chunkId, score, reason: parts.join('; ') }));
}

function linesOf(text: string, starts: Uint32Array, startLine: number, endLine: number): string {
  if (startLine > starts.length) return '';
  const from = starts[startLine - 1];
  const to = endLine < starts.length ? starts[endLine] : text.length;
  return text.slice(from, to);
}

/** What the term index reads of a chunk. */
export type TermChunk = Pick<Chunk, 'id' | 'fileId' | 'path' | 'startLine' | 'endLine' | 'symbol'>;

/**
 * The text index built in two halves, so that another thread can build it while this one
 * parses and builds the other indexes: the trigram half needs only the files (`begin`, before
 * any parse), the term half the chunks (`finish`). Its snapshot is the one `TextIndex.build`
 * then `serialize` gives for the same files and chunks, and `TextIndex.load` opens it.
 */
export class TextSnapshotBuilder {
  private readonly files: { id: number; text: string }[];
  private trigrams: TrigramSnapshot | null = null;
  private readonly terms = TermIndex.builder();
  private chunks = 0;

  /** Files get ids 0..n-1 in this order, as the engine's corpus gives them. */
  constructor(texts: readonly string[]) {
    this.files = texts.map((text, id) => ({ id, text }));
  }

  /** The trigram half (idempotent). */
  buildTrigrams(): void {
    this.trigrams ??= TrigramIndex.build(this.files).serialize();
  }

  /**
   * The next chunks (ids continuing from those added before) into the term half, as the build
   * cuts them: the term half is then counted beside the parse rather than after it.
   */
  addChunks(chunks: readonly TermChunk[]): void {
    if (chunks.length > 0 && chunks[0].id !== this.chunks)
      throw new RangeError(`chunk ${chunks[0].id} added after ${this.chunks} chunks`);
    const files = this.files;
    for (const doc of chunkDocuments((id) => files[id], chunks)) this.terms.add(doc);
    this.chunks += chunks.length;
  }

  /** The index, with `chunks` the last of them (those not added yet; all of them if none were). */
  finish(chunks: readonly TermChunk[]): TextSnapshot {
    this.buildTrigrams();
    this.addChunks(chunks);
    const terms = this.terms.finish().serialize();
    return {
      version: SNAPSHOT_VERSION,
      fileCount: this.files.length,
      chunkCount: this.chunks,
      trigrams: this.trigrams!,
      terms,
    };
  }
}

/** Adds files with their chunks in id order, then `finish` makes the index over their corpus (once). */
export interface TextIndexBuilder {
  add(file: { id: number; text: string }, chunks: readonly TermChunk[]): void;
  finish(corpus: Corpus): TextIndex;
  /** The index over the files added so far (`corpus` holds exactly those); more may be added after. */
  peek(corpus: Corpus): TextIndex;
}

/** Files by id, for chunkDocuments. */
function filesById(
  files: readonly { id: number; text: string }[],
): (id: number) => { id: number; text: string } | undefined {
  const byId = new Map<number, { id: number; text: string }>();
  for (const f of files) byId.set(f.id, f);
  return (id) => byId.get(id);
}

/** One BM25 document per chunk: its lines, its symbol and its path. */
function* chunkDocuments(
  fileOf: (id: number) => { id: number; text: string } | undefined,
  chunks: readonly TermChunk[],
) {
  const starts = new Map<number, Uint32Array>();
  let lastFile = -1;
  for (const chunk of chunks) {
    const file = fileOf(chunk.fileId);
    if (!file) continue;
    if (chunk.fileId !== lastFile) {
      // Chunks usually come file by file: keep line offsets of one file at a time.
      starts.clear();
      lastFile = chunk.fileId;
    }
    let s = starts.get(file.id);
    if (!s) {
      s = lineStartsOf(file.text);
      starts.set(file.id, s);
    }
    // The chunk's lines as a range of its file's text (linesOf's, without the copy).
    const start = chunk.startLine > s.length ? file.text.length : s[chunk.startLine - 1];
    let end = file.text.length;
    if (chunk.startLine <= s.length && chunk.endLine < s.length) end = s[chunk.endLine];
    yield { id: chunk.id, text: file.text, start, end, symbol: chunk.symbol ?? '', path: chunk.path };
  }
}

/** What a literal's reason adds about case: nothing when every occurrence is in the query's case. */
function caseNote(exact: number, total: number): string {
  if (exact === total) return '';
  return exact === 0 ? ' (other case)' : ` (${exact} in exact case)`;
}
