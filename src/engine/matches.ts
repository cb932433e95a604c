/**
 * Every line that answers a query, file by file. Ranking keeps the best chunk per file (the
 * design's rule); this is the display's rule: a result opens to all its matching lines — the
 * call sites for a references question, the uses for an impact question, every occurrence
 * for an exact string — like GitHub's "Show N more matches".
 *
 * What counts as a match comes from the query plan (and, for names and files, from what the
 * graph resolved the query to); finding the lines is a scan of one file's analysis or text.
 */
import type { CallSite, Chunk, Definition, FileMatches, MatchKind, MatchLine, QueryPlan, Reference } from './contract';

export type { CallSite, FileMatches, MatchKind, MatchLine } from './contract';
import type { CorpusFile } from './modality';
import { referencedName } from './graph/graph';
import type { QuerySubject } from './graph/index';
import { MAX_REGEX_LINE_LENGTH } from './text/grep';
import { compileRegex } from './text/regex';
import type { TermRarity } from './text/index';
import { splitIdentifier } from './tokens';
import { byCodeUnits } from './code-unit-order';
import { escapeRegExp } from './text/escape';

/** Lines of one file kept in an answer; the count covers all of them. */
export const MAX_MATCH_LINES_PER_FILE = 200;
/** Characters of a match line shipped to the page (minified files have very long lines). */
export const MAX_MATCH_LINE_CHARS = 240;

/** What makes a line a match, decided once per query. */
export type MatchRule =
  | { kind: 'literal'; text: string; caseSensitive: boolean }
  /** A `/regex/` of the query syntax: every line it matches (RE2, linear time). */
  | { kind: 'regex'; find: (line: string) => [number, number][] }
  /** Calls, references and imports of these names (and their definitions, for a definition question); occurrences when none. */
  | { kind: 'names'; names: string[]; callerChunks: Map<number, number>; definitions: boolean }
  /** How a file depends on these files (impact of a file): its imports of them and its uses of their names. */
  | { kind: 'files'; fileIds: Set<number>; dependencyOn(fileId: number): { importLines: number[]; names: Set<string> } }
  /**
   * Understand and similar questions: the lines of the shown chunk holding the query's rarer
   * words (whole sub-tokens), plus its definition's signature and doc — the lines that made it
   * rank, not every occurrence of a common word in the file.
   */
  | { kind: 'terms'; terms: Set<string> };

/**
 * A query word is kept for the matching lines when its rarity (ln of chunks over chunks
 * holding it, as BM25's IDF) is at least this share of the rarest word's: a word in a third of
 * the chunks ranks almost nothing, so its lines explain nothing.
 */
export const RARE_TERM_IDF_SHARE = 0.6;

/** The rule for a plan; `subject` is what the graph made of it (null: nothing resolved). */
export function matchRuleFor(
  plan: QueryPlan,
  subject: QuerySubject | null,
  dependencyOn: (fileId: number, targets: ReadonlySet<number>) => { importLines: number[]; names: Set<string> },
  rarity?: TermRarity,
): MatchRule | null {
  // A file opened by its name (`console.py`) is the answer itself: the words of its name on its
  // lines ("96 matching lines") say nothing of why it is shown.
  if (plan.fileNamed) return null;
  if (plan.regex !== undefined) return { kind: 'regex', find: regexFinder(plan.regex, plan.caseSensitive === true) };
  if (plan.literal) return { kind: 'literal', text: plan.literal, caseSensitive: plan.caseSensitive === true };
  const aboutNames =
    plan.intent === 'find_definition' || plan.intent === 'find_references' || plan.intent === 'impact_analysis';
  if (aboutNames && subject?.kind === 'files') {
    const targets = new Set(subject.fileIds);
    return { kind: 'files', fileIds: targets, dependencyOn: (fileId) => dependencyOn(fileId, targets) };
  }
  // "Who calls X" is answered by the calls; the definition of X is no call site.
  const definitions = plan.intent === 'find_definition';
  if (aboutNames && subject?.kind === 'symbols')
    return { kind: 'names', names: subject.names, callerChunks: subject.callerChunks, definitions };
  if (aboutNames && plan.identifiers.length > 0)
    return { kind: 'names', names: [referencedName(plan.identifiers[0])], callerChunks: new Map(), definitions };
  const terms = new Set(plan.terms.map((t) => t.toLowerCase()).filter((t) => t.length >= 2));
  return terms.size > 0 ? { kind: 'terms', terms: rarity ? rarerTerms(terms, rarity) : terms } : null;
}

/** The query words whose rarity is near the rarest's (RARE_TERM_IDF_SHARE); words no chunk holds are dropped. */
export function rarerTerms(terms: ReadonlySet<string>, rarity: TermRarity): Set<string> {
  const idf = new Map<string, number>();
  for (const t of terms) {
    const holding = rarity.holding(t);
    if (holding > 0) idf.set(t, Math.log(1 + rarity.chunks / holding));
  }
  const rarest = Math.max(0, ...idf.values());
  return new Set([...idf].filter(([, v]) => v >= RARE_TERM_IDF_SHARE * rarest).map(([t]) => t));
}

/**
 * The matching lines of one file. `chunkAt` maps a line to its chunk (for resolved references);
 * `shown` is the chunk the result shows, whose signature and doc explain an understand answer.
 */
export function fileMatches(
  rule: MatchRule,
  file: CorpusFile,
  chunkAt: (line: number) => number,
  shown?: Pick<Chunk, 'startLine' | 'endLine' | 'symbol'>,
): FileMatches {
  const lines = file.text.split('\n');
  const out = new Map<number, MatchLine>();
  const add = (line: number, kind: MatchKind, ranges: [number, number][], extra: Partial<MatchLine> = {}) => {
    const known = out.get(line);
    if (known) {
      // One line, one entry: the strongest kind wins (a definition over a call over an occurrence).
      if (KIND_ORDER[kind] < KIND_ORDER[known.kind]) Object.assign(known, { kind, ...extra });
      return;
    }
    const text = lineText(lines[line - 1] ?? '');
    out.set(line, { line, text, ranges: ranges.filter(([, end]) => end <= text.length), kind, ...extra });
  };

  switch (rule.kind) {
    case 'literal':
    case 'regex': {
      // A literal in any case unless case:yes, as the text modality matches it.
      const find = rule.kind === 'regex' ? rule.find : literalFinder(rule.text, rule.caseSensitive);
      lines.forEach((text, i) => {
        const ranges = find(text.endsWith('\r') ? text.slice(0, -1) : text);
        if (ranges.length > 0) add(i + 1, 'occurrence', ranges);
      });
      break;
    }
    case 'names': {
      const names = new Set(rule.names);
      for (const d of rule.definitions ? file.analysis.definitions : []) {
        if (names.has(d.name))
          add(d.nameLine, 'definition', wordRanges(lines[d.nameLine - 1] ?? '', names), { enclosing: d.container });
      }
      for (const r of file.analysis.references) {
        const name = referencedName(r.name);
        if (!names.has(name)) continue;
        // A call from inside a definition of that name is recursion, which the graph keeps no edge for.
        const resolved =
          rule.callerChunks.has(chunkAt(r.line)) || (r.enclosing !== undefined && names.has(r.enclosing));
        add(r.line, referenceKind(r), wordRanges(lines[r.line - 1] ?? '', names), { enclosing: r.enclosing, resolved });
      }
      for (const imp of file.analysis.imports) {
        if (!imp.names.some((n) => names.has(n))) continue;
        const line = importLineNaming(lines, imp.line, names);
        add(line, 'import', wordRanges(lines[line - 1] ?? '', names));
      }
      // A file the parser does not understand (Markdown, a language without a grammar) still
      // shows where the name is written.
      if (out.size === 0) addOccurrences(lines, names, add);
      break;
    }
    case 'files': {
      const { importLines, names } = rule.dependencyOn(file.id);
      for (const line of importLines) add(line, 'import', []);
      for (const r of file.analysis.references) {
        if (names.has(referencedName(r.name)))
          add(r.line, referenceKind(r), wordRanges(lines[r.line - 1] ?? '', names), { enclosing: r.enclosing });
      }
      break;
    }
    case 'terms': {
      const definition = shown && file.analysis.definitions.find((d) => isShownDefinition(d, shown));
      if (definition) {
        add(definition.nameLine, 'definition', subTokenRanges(lines[definition.nameLine - 1] ?? '', rule.terms));
        const doc = docLine(lines, definition);
        if (doc !== null) add(doc, 'doc', subTokenRanges(lines[doc - 1] ?? '', rule.terms));
      }
      // The shown chunk is what ranked (one chunk per file): its lines explain the rank, the rest of the file does not.
      const from = shown ? shown.startLine : 1;
      const to = shown ? Math.min(shown.endLine, lines.length) : lines.length;
      for (let line = from; line <= to; line++) {
        const ranges = subTokenRanges(lines[line - 1], rule.terms);
        if (ranges.length > 0) add(line, 'occurrence', ranges);
      }
      break;
    }
  }

  const sorted = [...out.values()].sort((a, b) => a.line - b.line);
  return { path: file.path, lines: sorted.slice(0, MAX_MATCH_LINES_PER_FILE), count: sorted.length };
}

const KIND_ORDER: Record<MatchKind, number> = {
  definition: 0,
  doc: 1,
  call: 2,
  reference: 3,
  import: 4,
  occurrence: 5,
};

function isShownDefinition(d: Definition, shown: Pick<Chunk, 'startLine' | 'symbol'>): boolean {
  return d.name === shown.symbol && Math.abs(d.startLine - shown.startLine) <= 1;
}

/** Lines inside a definition searched for its docstring (Python's, which has no Definition.docLine). */
const DOCSTRING_SEARCH_LINES = 40;
/** Comment markers before a doc line's words: `/**`, `*`, `//`, `///`, `#`, `--`, docstring quotes. */
const COMMENT_MARKER = /^\s*(\/\*\*?|\*\/|\*|\/\/[/!]?|#+|--+|"""|''')?\s*/;

/**
 * The line of a definition's doc that says the most: its first line with words (the comment
 * markers stripped); null without one. A doc comment above the definition runs from
 * Definition.docLine to the line before startLine, and only those lines are read: a neighbour's
 * doc that opens with the same words (overloads, a getter and its setter) is not this one's. A
 * Python docstring has no docLine; it is read just inside the definition.
 */
function docLine(lines: readonly string[], d: Definition): number | null {
  if (!d.doc) return null;
  const first = d.doc
    .split('\n')
    .map((l) => l.replace(COMMENT_MARKER, '').trim())
    .find((l) => /[A-Za-z]{2}/.test(l));
  if (!first) return null;
  const [from, to] =
    d.docLine !== undefined
      ? [d.docLine, d.startLine - 1]
      : [d.nameLine, Math.min(d.nameLine + DOCSTRING_SEARCH_LINES, d.endLine)];
  for (let line = Math.max(1, from); line <= Math.min(to, lines.length); line++)
    if (lines[line - 1].includes(first)) return line;
  return null;
}

function referenceKind(r: Reference): MatchKind {
  return r.kind === 'call' || r.kind === 'new' ? 'call' : 'reference';
}

function addOccurrences(
  lines: string[],
  names: Set<string>,
  add: (line: number, kind: MatchKind, ranges: [number, number][]) => void,
): void {
  lines.forEach((text, i) => {
    const ranges = wordRanges(text, names);
    if (ranges.length > 0) add(i + 1, 'occurrence', ranges);
  });
}

function lineText(line: string): string {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  return text.length > MAX_MATCH_LINE_CHARS ? `${text.slice(0, MAX_MATCH_LINE_CHARS)}…` : text;
}

const IDENTIFIER = /[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*/g;

/** Whole identifiers of a line that are one of `names` (case-sensitive). */
export function wordRanges(text: string, names: ReadonlySet<string>): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(IDENTIFIER)) if (names.has(m[0])) out.push([m.index, m.index + m[0].length]);
  return out;
}

/**
 * Where `terms` (lower-case) occur in a line as whole identifiers or as whole sub-tokens of
 * one (`state` in prevState, `parse` in parse_config) — never inside a sub-token (no add-res-s).
 */
export function subTokenRanges(text: string, terms: ReadonlySet<string>): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(IDENTIFIER)) {
    const word = m[0];
    if (terms.has(word.toLowerCase())) {
      out.push([m.index, m.index + word.length]);
      continue;
    }
    for (const [start, end] of subTokenSpans(word)) {
      if (terms.has(word.slice(start, end).toLowerCase())) out.push([m.index + start, m.index + end]);
    }
  }
  return out;
}

/** Offsets of an identifier's sub-tokens, split the way splitIdentifier splits. */
export function subTokenSpans(word: string): [number, number][] {
  const spans: [number, number][] = [];
  const boundary = /[a-z0-9](?=[A-Z])|[A-Z](?=[A-Z][a-z])|[A-Za-z](?=[0-9])/g;
  let start = 0;
  const cut = (end: number) => {
    // Separators (_ and $) are not part of a sub-token.
    let a = start;
    let b = end;
    while (a < b && /[_$]/.test(word[a])) a++;
    while (b > a && /[_$]/.test(word[b - 1])) b--;
    if (b > a) {
      for (const part of splitOnSeparators(word, a, b)) spans.push(part);
    }
    start = end;
  };
  for (const m of word.matchAll(boundary)) cut(m.index + 1);
  cut(word.length);
  // Consistency with splitIdentifier: the same number of tokens, or fall back to the whole word.
  return spans.length === splitIdentifier(word).length ? spans : [[0, word.length]];
}

function splitOnSeparators(word: string, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let start = from;
  for (let i = from; i <= to; i++) {
    if (i === to || /[_$]/.test(word[i])) {
      if (i > start) out.push([start, i]);
      start = i + 1;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Every call site of a definition (the code view's "Callers")

export interface CallSiteSources {
  file(fileId: number): CorpusFile;
  chunk(chunkId: number): { fileId: number; startLine: number; endLine: number; symbol?: string };
  /** Chunks whose calls the graph tied to this definition, with the confidence. */
  resolvedCallers: Map<number, number>;
  /** Chunks that reference the name at all (structural index). */
  chunksNaming: number[];
  /** Chunks the graph tied to other definitions of the same name. */
  resolvedElsewhere: Set<number>;
  /** What linking made of reference i of a file: a use by name only ('by-name'), one resolved outside the repository or to nothing ('none'). */
  referenceUse?: (fileId: number, i: number) => 'linked' | 'by-name' | 'none';
}

/**
 * One entry per line that calls or references `name`: first the calls the graph resolved to
 * this definition, then the uses of the same name it could not tie to any definition.
 */
export function callSitesOf(name: string, ownChunk: number, sources: CallSiteSources): CallSite[] {
  const candidates = new Set<number>([...sources.resolvedCallers.keys(), ...sources.chunksNaming]);
  // Nested definitions share lines: one site per line, from the best-resolved, innermost chunk.
  const sites = new Map<string, CallSite & { span: number }>();
  const names = new Set([name]);
  for (const chunkId of candidates) {
    if (chunkId === ownChunk) continue;
    const resolved = sources.resolvedCallers.get(chunkId);
    if (resolved === undefined && sources.resolvedElsewhere.has(chunkId)) continue;
    const chunk = sources.chunk(chunkId);
    const file = sources.file(chunk.fileId);
    let lines: string[] | null = null;
    const confidence = resolved ?? 0;
    const span = chunk.endLine - chunk.startLine;
    const refs = file.analysis.references;
    for (let i = 0; i < refs.length; i++) {
      const r = refs[i];
      if (r.line < chunk.startLine || r.line > chunk.endLine || referencedName(r.name) !== name) continue;
      // `os.environ.get` beside a resolved `get()`: a call on something else is no site.
      const use = sources.referenceUse?.(chunk.fileId, i);
      if (use === 'none' || (use === 'linked' && resolved === undefined)) continue;
      const key = `${file.path}:${r.line}`;
      const known = sites.get(key);
      if (known && (known.confidence > confidence || (known.confidence === confidence && known.span <= span))) continue;
      lines ??= file.text.split('\n');
      const text = lineText(lines[r.line - 1] ?? '');
      sites.set(key, {
        path: file.path,
        line: r.line,
        text,
        ranges: wordRanges(text, names),
        chunkId,
        symbol: chunk.symbol,
        confidence,
        span,
      });
    }
  }
  return [...sites.values()]
    .map(({ span: _span, ...site }) => site)
    .sort((a, b) => b.confidence - a.confidence || byCodeUnits(a.path, b.path) || a.line - b.line);
}

/** Lines of one import statement read for the name it binds: longer lists are rare. */
const IMPORT_STATEMENT_MAX_LINES = 64;

/**
 * The line of a (multi-line) import statement starting at `first` that holds one of the names
 * (`import {\n  a,\n  flushSync,\n} from`), so the line shown is the one that names it; `first`
 * when none does.
 */
function importLineNaming(lines: readonly string[], first: number, names: ReadonlySet<string>): number {
  const last = Math.min(lines.length, first + IMPORT_STATEMENT_MAX_LINES - 1);
  for (let line = first; line <= last; line++) {
    const text = lines[line - 1] ?? '';
    if (wordRanges(text, names).length > 0) return line;
    // The statement ends here (`} from '…'`, `;`, Python's closing parenthesis).
    if (line > first && /(?:\bfrom\b|;|^\s*\))/.test(text)) break;
  }
  return first;
}

// ---------------------------------------------------------------------------------------
// What to mark in a line of a result

/**
 * The ranges of a line to mark for a query: its literal anywhere (any case); otherwise its
 * names and words as whole identifiers or whole sub-tokens of one — never part of a word.
 */
export function lineHighlighter(
  plan: Pick<QueryPlan, 'literal' | 'identifiers' | 'terms' | 'regex' | 'caseSensitive'>,
): (text: string) => [number, number][] {
  if (plan.regex !== undefined) return regexFinder(plan.regex, plan.caseSensitive === true);
  if (plan.literal) return literalFinder(plan.literal, plan.caseSensitive === true);
  const words = new Set<string>();
  for (const id of plan.identifiers)
    for (const part of id.split(/\.|::/)) if (part.length >= 2) words.add(part.toLowerCase());
  for (const t of plan.terms) if (t.length >= 2) words.add(t.toLowerCase());
  if (words.size === 0) return () => [];
  return (text) => subTokenRanges(text, words);
}

function literalFinder(literal: string, caseSensitive: boolean): (text: string) => [number, number][] {
  const regex = new RegExp(escapeRegExp(literal), caseSensitive ? 'g' : 'gi');
  return (text) => [...text.matchAll(regex)].map((m) => [m.index, m.index + m[0].length]);
}

/** Where a user's pattern matches a line: RE2 (re2js), so no pattern can run away; a bad one matches nothing. */
function regexFinder(pattern: string, caseSensitive: boolean): (text: string) => [number, number][] {
  let matcher: ReturnType<ReturnType<typeof compileRegex>['matcher']['matcher']>;
  try {
    matcher = compileRegex(pattern, caseSensitive).matcher.matcher('');
  } catch {
    return () => [];
  }
  return (text) => {
    const out: [number, number][] = [];
    matcher.resetMatcherInput(text.length > MAX_REGEX_LINE_LENGTH ? text.slice(0, MAX_REGEX_LINE_LENGTH) : text);
    while (matcher.find()) if (matcher.end() > matcher.start()) out.push([matcher.start(), matcher.end()]);
    return out;
  };
}
