/**
 * Literal and regex search over files, through the trigram index: only candidate files
 * are verified, and every result says how many files were read out of how many.
 *
 * Search is line-based, like grep: a match never spans a newline; lines are split on '\n'
 * with a trailing '\r' removed, and a final newline does not start an extra empty line.
 * Lines and columns are 1-based; columns and lengths count UTF-16 code units.
 */
import { compileRegex } from './regex';
import { foldCase, foldCode, literalQuery, formatQuery, type TrigramIndex, type TrigramQuery } from './trigrams';
import { escapeRegExp } from './escape';
import { lineOfOffset, lineStartsOf } from './lines';

/**
 * Regex verification tests at most this many code units of a line (longer lines are cut):
 * matching is linear in the line, and this keeps one 5 MB minified line from costing as much
 * as a whole repository.
 */
export const MAX_REGEX_LINE_LENGTH = 2000;
/** A match's lineText is the whole line up to this length, else a window around the match. */
export const MAX_LINE_TEXT_LENGTH = 1000;
/** Characters of context kept before a match when a long line is windowed. */
const LINE_TEXT_CONTEXT_BEFORE = 100;
/** Default wall-clock budget for verification. */
export const DEFAULT_TIME_BUDGET_MS = 1500;
/**
 * Under the default budget the clock is read only once a scan has done this much work (characters
 * of files verified by a literal, lines tested by a regex): on a loaded machine a pause of the whole
 * process is not the scan's cost, and a small scan then gave a different answer from run to run.
 * Both take well under the budget on an idle machine; an explicit budget applies from the start.
 */
const CHARS_BEFORE_CLOCK = 16 * 1024 * 1024;
const LINE_TESTS_BEFORE_CLOCK = 200_000;
/** Default cap on line tests (regex) for one search. */
export const DEFAULT_MAX_LINE_TESTS = 5_000_000;
/**
 * A case-insensitive literal longer than this is found by folding (a RegExp that long may be
 * "too large" for the engine); both fold with the same Canonicalize() table.
 */
const MAX_REGEXP_LITERAL_LENGTH = 1000;
/** Trigrams are taken from this many leading code units of a literal: a match contains them too. */
const MAX_LITERAL_QUERY_LENGTH = 256;
/**
 * Trigrams a line is checked for before re2js, the rarest: a line lacking one mostly lacks one of
 * those, and a line holding them all is better left to re2js than checked for the others too.
 */
const MAX_LINE_CHECKS = 4;
/** Characters that make up a word for whole-word matching (identifiers of most languages). */
const WORD_CHAR = /[A-Za-z0-9_$]/;

export interface TextMatch {
  fileId: number;
  line: number;
  /** 1-based, UTF-16 code units. */
  column: number;
  length: number;
  /** The line (or, for long lines, a window of it starting at lineTextStart). */
  lineText: string;
  /** 0-based offset of lineText within the line. */
  lineTextStart: number;
}

export interface GrepResult {
  matches: TextMatch[];
  filesTotal: number;
  /** Files the trigram index could not rule out. */
  candidateFiles: number;
  /** Files actually read (≤ candidateFiles when stopped early). */
  filesVerified: number;
  /** False when the query had no usable trigrams and every file was a candidate. */
  usedIndex: boolean;
  /** The trigram query used, readable. */
  trigramQuery: string;
  /** Verification stopped before the end: at the match limit or the time/step budget. */
  truncated: boolean;
  truncatedBy?: 'limit' | 'budget';
  elapsedMs: number;
}

export interface LiteralOptions {
  caseSensitive: boolean;
  wholeWord?: boolean;
  limit: number;
  timeBudgetMs?: number;
}

export interface RegexOptions {
  caseSensitive: boolean;
  limit: number;
  timeBudgetMs?: number;
  maxLineTests?: number;
}

interface SearchFile {
  id: number;
  text: string;
}

function now(): number {
  return globalThis.performance ? globalThis.performance.now() : Date.now();
}

function lineTextFor(line: string, column0: number): { lineText: string; lineTextStart: number } {
  if (line.length <= MAX_LINE_TEXT_LENGTH) return { lineText: line, lineTextStart: 0 };
  const start = Math.max(0, Math.min(column0 - LINE_TEXT_CONTEXT_BEFORE, line.length - MAX_LINE_TEXT_LENGTH));
  return { lineText: line.slice(start, start + MAX_LINE_TEXT_LENGTH), lineTextStart: start };
}

export class GrepSearcher {
  private readonly byId = new Map<number, SearchFile>();
  private readonly ids: Uint32Array;
  private readonly lineStarts = new Map<number, Uint32Array>();
  /** Regex scans kept while a `sharingScans` run lasts, by pattern, case and budget; null otherwise. */
  private scans: Map<string, RegexScan & { limit: number }> | null = null;
  private sharing = 0;

  constructor(
    files: SearchFile[],
    private readonly index: TrigramIndex,
  ) {
    for (const f of files) this.byId.set(f.id, f);
    this.ids = Uint32Array.from([...this.byId.keys()].sort((a, b) => a - b));
  }

  get fileCount(): number {
    return this.ids.length;
  }

  private startsOf(file: SearchFile): Uint32Array {
    let starts = this.lineStarts.get(file.id);
    if (!starts) {
      starts = lineStartsOf(file.text);
      this.lineStarts.set(file.id, starts);
    }
    return starts;
  }

  private candidateIds(query: TrigramQuery): { ids: Uint32Array; usedIndex: boolean } {
    const c = this.index.candidates(query);
    return c === 'all' ? { ids: this.ids, usedIndex: false } : { ids: c, usedIndex: true };
  }

  /** A search's answer, what it found and what it read: every search, literal, regex or empty, says it here. */
  private resultOf(
    started: number,
    trigramQuery: string,
    scan: Pick<GrepResult, 'matches' | 'candidateFiles' | 'filesVerified' | 'usedIndex' | 'truncatedBy'>,
  ): GrepResult {
    return {
      matches: scan.matches,
      filesTotal: this.ids.length,
      candidateFiles: scan.candidateFiles,
      filesVerified: scan.filesVerified,
      usedIndex: scan.usedIndex,
      trigramQuery,
      truncated: scan.truncatedBy !== undefined,
      ...(scan.truncatedBy !== undefined ? { truncatedBy: scan.truncatedBy } : {}),
      elapsedMs: now() - started,
    };
  }

  private emptyResult(started: number, trigramQuery: string): GrepResult {
    return this.resultOf(started, trigramQuery, { matches: [], candidateFiles: 0, filesVerified: 0, usedIndex: true });
  }

  searchLiteral(text: string, opts: LiteralOptions): GrepResult {
    const started = now();
    // Search is line-based: a literal with a line break can never lie within one line.
    if (text.length === 0 || /[\r\n]/.test(text)) return this.emptyResult(started, '∅');
    const query = literalQuery(text.slice(0, MAX_LITERAL_QUERY_LENGTH));
    const { ids, usedIndex } = this.candidateIds(query);
    const budget = opts.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
    const charsBeforeClock = opts.timeBudgetMs === undefined ? CHARS_BEFORE_CLOCK : 0;
    let charsVerified = 0;
    const folding = !opts.caseSensitive && text.length > MAX_REGEXP_LITERAL_LENGTH;
    const insensitive = opts.caseSensitive || folding ? null : new RegExp(escapeRegExp(text), 'gi');
    const needle = folding ? foldCase(text) : text;
    const matches: TextMatch[] = [];
    let filesVerified = 0;
    let truncatedBy: GrepResult['truncatedBy'];
    files: for (let k = 0; k < ids.length; k++) {
      if (charsVerified >= charsBeforeClock && now() - started > budget) {
        truncatedBy = 'budget';
        break;
      }
      const file = this.byId.get(ids[k]);
      if (!file) continue;
      filesVerified++;
      const body = file.text;
      charsVerified += body.length;
      const haystack = folding ? foldCase(body) : body;
      let starts: Uint32Array | null = null;
      let from = 0;
      for (;;) {
        let pos: number;
        let length: number;
        if (insensitive) {
          insensitive.lastIndex = from;
          const m = insensitive.exec(body);
          if (!m) break;
          pos = m.index;
          length = m[0].length;
        } else {
          pos = haystack.indexOf(needle, from);
          if (pos < 0) break;
          length = text.length;
        }
        if (opts.wholeWord && !isWholeWord(body, pos, length)) {
          from = pos + 1;
          continue;
        }
        from = pos + Math.max(length, 1);
        if (matches.length >= opts.limit) {
          truncatedBy = 'limit';
          break files;
        }
        starts ??= this.startsOf(file);
        const line = lineOfOffset(starts, pos);
        const lineStart = starts[line - 1];
        const lineEnd = lineEndOf(body, starts, line);
        if (pos + length > lineEnd) continue; // would include the '\r' of a CRLF line
        const column0 = pos - lineStart;
        matches.push({
          fileId: file.id,
          line,
          column: column0 + 1,
          length,
          ...lineTextFor(body.slice(lineStart, lineEnd), column0),
        });
      }
    }
    return this.resultOf(started, formatQuery(query), {
      matches,
      candidateFiles: ids.length,
      filesVerified,
      usedIndex,
      truncatedBy,
    });
  }

  /**
   * Runs `run` with the regex scans it makes kept for its duration: a question reads the lines of
   * its /regex/ twice (to narrow its files, then to rank its chunks), and the second read is the
   * first one's matches cut to its limit. Nothing is kept after the last overlapping `run` ends,
   * so a question asked again scans again.
   */
  async sharingScans<T>(run: () => Promise<T>): Promise<T> {
    if (this.sharing++ === 0) this.scans = new Map();
    try {
      return await run();
    } finally {
      if (--this.sharing === 0) this.scans = null;
    }
  }

  /** Throws InvalidRegex or RegexRejected (from ./regex) before reading any file. */
  searchRegex(pattern: string, opts: RegexOptions): GrepResult {
    const scans = this.scans;
    if (!scans) return this.scanRegex(pattern, opts).result;
    // The limit is left out of the key: a scan with a higher one holds the lower one's answer.
    const key = JSON.stringify([pattern, opts.caseSensitive, opts.timeBudgetMs ?? null, opts.maxLineTests ?? null]);
    const kept = scans.get(key);
    if (kept && kept.limit >= opts.limit) return cutToLimit(kept, opts.limit);
    const scan = this.scanRegex(pattern, opts);
    scans.set(key, { ...scan, limit: opts.limit });
    return scan.result;
  }

  private scanRegex(pattern: string, opts: RegexOptions): RegexScan {
    const started = now();
    const { matcher: regex, query } = compileRegex(pattern, opts.caseSensitive);
    const lineMatcher = regex.matcher('');
    const { ids, usedIndex } = this.candidateIds(query);
    const budget = opts.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
    const testsBeforeClock = opts.timeBudgetMs === undefined ? LINE_TESTS_BEFORE_CLOCK : 0;
    const maxLineTests = opts.maxLineTests ?? DEFAULT_MAX_LINE_TESTS;
    const matches: TextMatch[] = [];
    let filesVerified = 0;
    let lineTests = 0;
    let truncatedBy: GrepResult['truncatedBy'];
    // Lines holding none of these trigrams cannot match: only the others are run through the regex.
    const filter = lineFilter(query, this.index);
    // Nor can a line missing any trigram every match holds: the scan stops at every line holding
    // the rarest one, and most of those lack the others (docs/bench/HISTORY.md has the measurements).
    const checks = lineChecks(requiredTrigrams(query), this.index, filter);
    /** Runs the regex on one line; false when the search must stop. */
    const testLine = (fileId: number, body: string, lineNo: number, start: number, end: number): boolean => {
      if (end > start && body.charCodeAt(end - 1) === 13) end--;
      const fullLine = body.slice(start, end);
      const line = fullLine.length > MAX_REGEX_LINE_LENGTH ? fullLine.slice(0, MAX_REGEX_LINE_LENGTH) : fullLine;
      for (const check of checks) if (!check.test(line)) return true;
      // The clock is read for every line: one line's regex work is what can overrun the budget.
      if (++lineTests > maxLineTests || (lineTests > testsBeforeClock && now() - started > budget)) {
        truncatedBy = 'budget';
        return false;
      }
      // The DFA answers "any match?" fastest; positions come from the matcher only when there is one.
      if (!regex.test(line)) return true;
      lineMatcher.resetMatcherInput(line);
      while (lineMatcher.find()) {
        if (matches.length >= opts.limit) {
          truncatedBy = 'limit';
          return false;
        }
        const start = lineMatcher.start();
        matches.push({
          fileId,
          line: lineNo,
          column: start + 1,
          length: lineMatcher.end() - start,
          ...lineTextFor(fullLine, start),
        });
      }
      return true;
    };
    files: for (let k = 0; k < ids.length; k++) {
      const file = this.byId.get(ids[k]);
      if (!file) continue;
      filesVerified++;
      const body = file.text;
      if (filter) {
        const starts = this.startsOf(file);
        const found = filter.regex;
        found.lastIndex = 0;
        // test, not exec: no match array per hit; a trigram is 3 code units, so it began 3 before lastIndex.
        while (found.test(body)) {
          const lineNo = lineOfOffset(starts, found.lastIndex - 3);
          const end = lineNo < starts.length ? starts[lineNo] - 1 : body.length;
          if (!testLine(file.id, body, lineNo, starts[lineNo - 1], end)) break files;
          found.lastIndex = end + 1; // the rest of this line is decided
        }
        continue;
      }
      let lineNo = 0;
      for (let start = 0; start < body.length;) {
        lineNo++;
        let end = body.indexOf('\n', start);
        if (end < 0) end = body.length;
        if (!testLine(file.id, body, lineNo, start, end)) break files;
        start = end + 1;
      }
    }
    const result = this.resultOf(started, formatQuery(query), {
      matches,
      candidateFiles: ids.length,
      filesVerified,
      usedIndex,
      truncatedBy,
    });
    return { result, ids: this.byId.size === this.ids.length ? ids : ids.filter((id) => this.byId.has(id)) };
  }
}

/** A regex scan's answer and the files it read them from, in order (the candidates that are files here). */
interface RegexScan {
  result: GrepResult;
  ids: Uint32Array;
}

/**
 * What a scan for at most `limit` matches gives, from one that read further: its first `limit`
 * matches, stopped at the next one (where a scan with that limit stops), in the file that holds it.
 */
function cutToLimit({ result, ids }: RegexScan, limit: number): GrepResult {
  if (result.matches.length <= limit) return result;
  const next = result.matches[limit].fileId;
  let filesVerified = 0;
  while (filesVerified < ids.length && ids[filesVerified] !== next) filesVerified++;
  return {
    ...result,
    matches: result.matches.slice(0, limit),
    filesVerified: filesVerified + 1,
    truncated: true,
    truncatedBy: 'limit',
  };
}

/**
 * A regex matching every line that can satisfy `query`: each line with a match holds, for
 * some branch of every OR, all trigrams of that branch's AND, so one trigram per AND (the
 * one in the fewest files) and all branches of each OR make a necessary set. Null when the
 * query has no trigrams. Trigram text is already folded; the 'i' flag folds the same way.
 */
function lineFilter(query: TrigramQuery, index: TrigramIndex): LineFilter | null {
  const necessary = (q: TrigramQuery): { trigrams: string[]; cost: number } | null => {
    switch (q.op) {
      case 'all':
        return null;
      case 'none':
        return { trigrams: [], cost: 0 };
      case 'trigram':
        return { trigrams: [q.text], cost: index.postingList(q.text).length };
      case 'and': {
        let best: { trigrams: string[]; cost: number } | null = null;
        for (const arg of q.args) {
          const n = necessary(arg);
          if (n && (!best || n.cost < best.cost)) best = n;
        }
        return best;
      }
      case 'or': {
        const all: string[] = [];
        let cost = 0;
        for (const arg of q.args) {
          const n = necessary(arg);
          if (!n) return null;
          all.push(...n.trigrams);
          cost += n.cost;
        }
        return { trigrams: [...new Set(all)], cost };
      }
    }
  };
  const n = necessary(query);
  if (!n || n.trigrams.length === 0) return null;
  return { regex: new RegExp(n.trigrams.map(escapeRegExp).join('|'), 'gi'), trigrams: n.trigrams };
}

/** The regex that finds the lines a scan reads, and the trigrams it looks for. */
interface LineFilter {
  regex: RegExp;
  trigrams: string[];
}

/**
 * The checks a line passes before re2js runs on it: the rarest trigrams every match holds (the
 * first missing one decides), each found by the runtime's case-insensitive search, which folds the
 * line's units as the index does (ECMAScript's Canonicalize, foldCode) without copying the line,
 * so long lines are checked as cheaply as short ones. Leaving a trigram out only lets more lines
 * through to re2js: so is one that does not fold to itself (none does in the runtimes measured;
 * the 'i' flag would fold it once more).
 */
function lineChecks(required: string[], index: TrigramIndex, filter: LineFilter | null): RegExp[] {
  // A line the filter stopped at holds its trigram, when the filter looks for one only.
  const found = filter?.trigrams.length === 1 ? filter.trigrams[0] : null;
  const selfFolded = (t: string) => [...t].every((_, i) => foldCode(t.charCodeAt(i)) === t.charCodeAt(i));
  return required
    .filter((trigram) => trigram !== found && selfFolded(trigram))
    .map((trigram) => ({ trigram, files: index.postingList(trigram).length }))
    .sort((a, b) => a.files - b.files || a.trigram.localeCompare(b.trigram))
    .slice(0, MAX_LINE_CHECKS)
    .map(({ trigram }) => new RegExp(escapeRegExp(trigram), 'i'));
}

/**
 * The trigrams every match holds, whatever branch it takes (all those of an AND; those every
 * branch of an OR shares), folded like the index's. Empty when none is certain.
 */
export function requiredTrigrams(query: TrigramQuery): string[] {
  const required = (q: TrigramQuery): Set<string> => {
    switch (q.op) {
      case 'all':
      case 'none':
        return new Set<string>();
      case 'trigram':
        return new Set([q.text]);
      case 'and': {
        const all = new Set<string>();
        for (const arg of q.args) for (const t of required(arg)) all.add(t);
        return all;
      }
      case 'or': {
        const [first, ...rest] = q.args.map(required);
        const shared = first ?? new Set<string>();
        for (const r of rest) for (const t of shared) if (!r.has(t)) shared.delete(t);
        return shared;
      }
    }
  };
  return [...required(query)];
}

function isWholeWord(text: string, pos: number, length: number): boolean {
  if (pos > 0 && WORD_CHAR.test(text[pos - 1])) return false;
  const after = pos + length;
  if (after < text.length && WORD_CHAR.test(text[after])) return false;
  return true;
}

/** Offset just past the last character of `line` (before '\n' and a CRLF's '\r'). */
function lineEndOf(text: string, starts: Uint32Array, line: number): number {
  let end = line < starts.length ? starts[line] - 1 : text.length;
  if (end > starts[line - 1] && text.charCodeAt(end - 1) === 13) end--;
  return end;
}
