/**
 * Pasted runtime messages to the format strings that printed them (issue 20, item 4).
 *
 * A user pastes what a terminal printed: values filled in, wrapped in whatever printed it
 * (`Error: `, `thread 'main' panicked at '…', src/main.rs:4:5`, a log line's time and level).
 * The source holds a format string: `"unknown command %q for %q"`, `f"Name '{name}' defined
 * twice"`, `"… #{meth} matches [#{…}]"`, `` `Timeout of ${ms}ms` ``, `"a " + x + " b"`, or C
 * literals concatenated across lines. Guessing from the message alone which words are values
 * fails when a value is an unquoted word ("Ambiguous command st matches …"), so the match runs
 * the other way: lines sharing two adjacent words with the message are read, their string
 * literals parsed into constant text and placeholders, and each format is aligned with the
 * message. The format whose constant text explains most of the message wins.
 */
import { isCommentLine } from '../comment-lines';
import type { QueryPlan, SearchResult } from '../contract';
import type { Corpus } from '../modality';
import { escapeRegExp } from '../text/escape';
import { lineStartsOf } from '../text/grep';
import { STOP_WORDS } from '../tokens';
import type { TextIndex } from '../text/index';

/** One line of the corpus, as the text index's grep returns it. */
export interface SourceLine {
  fileId: number;
  path: string;
  /** 1-based. */
  line: number;
}

/** What matching needs from the corpus. */
export interface MessageSources {
  /** Lines containing `fragment` (case-insensitive), at most `limit` of them. */
  linesContaining(fragment: string, limit: number): SourceLine[];
  /** The text of a line (1-based) of a file; undefined past its end. */
  lineText(fileId: number, line: number): string | undefined;
}

/** A format string that prints the pasted message. */
export interface FormatMatch {
  path: string;
  /** The file's id in the corpus the sources read. */
  fileId?: number;
  /** The line of the format string's first literal (1-based). */
  line: number;
  /** That literal as the source writes it, between its quotes. */
  literal: string;
  /** The message text the format's constant pieces account for, in characters. */
  constantChars: number;
  /** constantChars less the penalty for values that read like a nested message. */
  score: number;
  /** Share of the message the format explains (its constant text and its short values). */
  coverage: number;
  /**
   * String constants the format is filled from (`"%s%zu$", sha512_rounds_prefix`), their text
   * read as the format's own; those named on the literal's line, after it.
   */
  constants?: string[];
  /** Characters of the message other string constants of the format's file hold (ranks formats that tie). */
  fileConstantChars?: number;
  /** The format's first constant is where the message starts (no value printed before it). */
  startsMessage?: boolean;
  /** Its longest value of more words than a value has, which may be another format's output. */
  nested?: Nested;
  /** The format's pieces (its constants read in), to align with another format's nested value. */
  pieces?: readonly FormatPiece[];
  /** The text its placeholders printed, as aligned (normalised: lower case, single spaces), in order. */
  values?: string[];
  /** A literal printed as a value of this format (valueLiterals): the format that printed it. */
  printedBy?: { literal: string; path: string; line: number };
}

/** A value that reads like a message of its own, and the share of the message its format explains with it. */
export interface Nested {
  text: string;
  coverage: number;
}

/** How a format lines up with a message (alignFormat). */
export interface Alignment {
  constantChars: number;
  score: number;
  coverage: number;
  startsMessage: boolean;
  /** The text its placeholders printed, as aligned (normalised), in order. */
  values: string[];
  nested?: Nested;
}

export const FORMAT_MATCH = {
  /** Values of a `key=value` line read as messages of their own, at most. */
  maxNestedValues: 8,
  /** Longest message line read (and longest paste read as one message). */
  maxMessageChars: 300,
  /** Lines of a paste read as one message, at most. */
  maxPasteLines: 6,
  /** Two-word fragments of the message looked up in the index, at most. */
  maxLookups: 16,
  /** Calls passing a literal the message holds whose functions are read, at most. */
  maxArgumentCalls: 2,
  /** Words with the bracket or colon after them looked up when no two-word fragment found the format, at most. */
  maxOpeningLookups: 8,
  /** String constants whose text the message holds, followed to the formats they fill, at most. */
  maxConstants: 4,
  /** … named with this many characters at least … */
  minConstantName: 3,
  /** … and its text this long (non-space characters) to count as printed. */
  minConstantText: 3,
  /** Lines of a file read for its string constants, when formats of several files tie. */
  maxFileLines: 20000,
  /** A format explaining this share of the message ends the lookups. */
  wholeMessage: 0.9,
  /** Lines read per fragment … */
  linesPerFragment: 200,
  /** … and candidate lines (lines holding a quote) aligned per message, at most. */
  maxCandidateLines: 400,
  /** Lines read for literals around a candidate line (C concatenates literals across lines). */
  contextLines: 3,
  /** A value filled in between two constant pieces is at most this long. */
  maxValueChars: 80,
  /** A value of more words than this reads like a nested message, not a value … */
  maxValueWords: 3,
  /** … and costs this much per extra word. */
  extraWordPenalty: 4,
  /** A format must account for this much of the message … */
  minConstantChars: 8,
  /** … and explain at least this share of it. */
  minCoverage: 0.4,
  /**
   * A format of less constant text (`"echo: %v"`, `"Input: %s"`, `"[Debug] %s"`) prints the
   * message only when it starts the message and holds this much text at least (shortFormat) …
   */
  minLabelChars: 4,
  /** … at most this many formats tying for it … */
  maxLabelFormats: 3,
  /**
   * … and none holding more of the message's fixed words: a format whose constant text the
   * message holds, this share of it explained at least, wins over the label (wordsOverLabel).
   */
  minWordedCoverage: 0.25,
} as const;

/**
 * The messages a pasted line may be, outermost first: the line, then the line with each
 * wrapper a program prints around a message taken off (a Rust panic's `thread '…' panicked
 * at '…', file:line:col`, a log line's time and level, `Error: `, `KeyError: `, `panic: `).
 */
export function unwrapMessage(pasted: string): string[] {
  const out: string[] = [];
  const { lines, runsOn } = readPastedLines(pasted.split('\n').slice(0, 8).join('\n'));
  const texts: string[] = [];
  for (let l = 0; l < lines.length; l++) {
    const text = lines[l];
    const join = runsOn.get(l);
    // A panic's location is no message of its own; a line that ends in a colon may be one.
    if (join === 'panic') {
      texts.push(`${text} ${lines[l + 1]}`);
      l++;
      continue;
    }
    texts.push(text);
    if (join === 'colon') texts.push(`${text} ${lines[l + 1]}`);
  }
  for (let text of texts) {
    if (!text || text.length > FORMAT_MATCH.maxMessageChars) continue;
    for (let i = 0; i < 6 && text; i++) {
      out.push(text);
      const inner = unwrapOnce(text);
      if (inner === text) break;
      text = inner;
    }
  }
  return [...new Set([...out, ...out.flatMap(nestedValues)])];
}

/** A key whose value is a message of its own: Go's `code=%d, message=%v, internal=%v`, logfmt's `msg=`, `error=`. */
const NESTED_VALUE_KEY = /(?<![\w-])(?:message|msg|error|err|internal|reason|cause)=/gi;
/** Where the next `key=` pair of a line may start. */
const NEXT_PAIR = /,?\s+[A-Za-z_][\w.-]*=/g;

/**
 * The messages a `key=value` line holds as values (`code=400, message=failed to bind field value
 * to int64, internal=strconv.ParseInt: …`): each is printed by a format of its own, which explains
 * all of it but little of the line. Where a value ends is not known (it may hold `key=` pairs of
 * its own), so it is cut at each pair after it, and kept whole.
 */
function nestedValues(text: string): string[] {
  if ((text.match(/(?<![\w-])[A-Za-z_][\w.-]*=/g) ?? []).length < 2) return [];
  const out: string[] = [];
  for (const key of text.matchAll(NESTED_VALUE_KEY)) {
    const rest = text.slice(key.index + key[0].length);
    for (const pair of rest.matchAll(NEXT_PAIR)) if (pair.index > 0) out.push(rest.slice(0, pair.index));
    out.push(rest);
  }
  return out.filter((v) => /\S\s+\S/.test(v)).slice(0, FORMAT_MATCH.maxNestedValues);
}

/** A Rust panic before 1.73 (`panicked at 'msg', file:1:2`) and since (`panicked at file:1:2:` then msg). */
const RUST_PANIC = /^(?:thread '[^']*' )?panicked at '([\s\S]*)'(?:, [^\s,]+:\d+:\d+)?$/;
const RUST_PANIC_LOCATION = /^(?:thread '[^']*' )?panicked at [^\s,]+:\d+:\d+:?\s*(.*)$/;
/** The first line of a Rust panic since 1.73: the location, its message on the next line. */
export const RUST_PANIC_HEAD = /^(?:thread '[^']*' )?panicked at [^\s,]+:\d+:\d+:$/;
/**
 * A Ruby exception as the interpreter reports it: `file.rb:12:in 'meth': msg (ArgumentError)`
 * (a backtick before the method name until Ruby 3.4); the message is between the frame and the class.
 */
const RUBY_FRAME = /^\S+?:\d+:in [`'][^`']+':\s+([\s\S]+?)(?:\s+\([A-Z]\w*(?:::[A-Z]\w*)*\))?$/;
/** PHP's report of an error: `PHP Fatal error:  Uncaught X: msg in /path/file.php:12` (the `PHP ` prefix is the CLI log's). */
const PHP_ERROR =
  /^(?:PHP )?(?:Fatal error|Warning|Notice|Parse error|Deprecated):\s+(?:Uncaught\s+)?([\s\S]+?)(?:\s+in\s+\S+:\d+)?$/;
/** A log line's clock: `2024-05-01 12:00:00.123Z`, Go's `2024/05/01 12:00:00`, `[12:00:00]`, `May  1 12:00:00`, the kernel's `[ 1234.567890]`. */
const LOG_TIME =
  /^\[\s*\d+\.\d+\]\s+|^\[?(?:\d{4}[-/]\d{2}[-/]\d{2}[T ]?)?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?\s+|^[A-Z][a-z]{2}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}\s+/;
/**
 * A log level: `ERROR `, `[WARN] `, `error: `, Python logging's default `ERROR:root:` (level and
 * logger name), a level with its severity number in parentheses, as docutils reports
 * (`(WARNING/2) `, `(SEVERE/4) `), and Ruby Logger's whole head (`E, [time #pid] ERROR -- progname: `).
 */
const LOG_LEVEL =
  /^[DIWEFAU], \[[^\]\n]+\]\s+[A-Z]+\s+--\s+[^:\n]*:\s+|^\[?(?:TRACE|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERR(?:OR)?|FATAL|CRIT(?:ICAL)?|SEVERE|PANIC)\]?:?\s+|^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL):[\w.-]*:\s*|^\((?:DEBUG|INFO|WARNING|ERROR|SEVERE)\/\d+\)\s+/i;
/**
 * `Error: `, `KeyError: `, `panic: `, `cobra: `, `[main] `, a Ruby exception class or a Rust
 * tracing target (`Net::SSH::HostKeyMismatch: `, `h2::proto::streams::recv: `), PHP's `League\Config\…Exception: ` and
 * Symfony's `[Symfony\…\InvalidArgumentException] `: a name a program prints before the message;
 * and the logger name that closes a bracket the clock and level opened (Rust's env_logger:
 * `[2024-05-01T12:00:00Z WARN  rustls::msgs::handshake] …`).
 */
const LEADING_NAME = /^(?:\[[\w.$:/\\-]+\]\s*|[\w.$\\-]+(?:::[\w.$\\-]+)*:\s+|[\w.$:/\\-]+\]\s+)/;
/**
 * Where a reporter says the input was wrong: `api.rst:120: `, `main.c:12:5: ` (a compiler's, a
 * linter's, docutils'), or the range it spans: `config.hcl:12,11-17: `, `a.hcl:3,1-4,2: ` (a
 * parser's diagnostic, line and column, then where the range ends).
 */
const INPUT_LOCATION = /^[\w./\\-]+:\d+(?:[:,]\d+)?(?:-\d+(?:[:,]\d+)?)?:\s+/;

/** A Rust `unwrap()`/`expect()` of an `Err`: the panic's message is the error's Debug form after it. */
const RUST_UNWRAP_ERR =
  /^(?:called `Result::unwrap\(\)` on an `Err` value|[^:]{1,200}): ([A-Z]\w*(?:::[A-Z]\w*)*\([\s\S]*\))$/;
/** A Debug-printed error variant holding one string: rustls' `General("no usable cipher suites configured")`. */
const DEBUG_VARIANT = /^[A-Z]\w*(?:::[A-Z]\w*)*\("((?:[^"\\]|\\.)*)"\)$/;

function unwrapOnce(text: string): string {
  const panic =
    RUST_PANIC.exec(text) ??
    RUST_PANIC_LOCATION.exec(text) ??
    RUBY_FRAME.exec(text) ??
    PHP_ERROR.exec(text) ??
    RUST_UNWRAP_ERR.exec(text) ??
    DEBUG_VARIANT.exec(text);
  if (panic?.[1]) return panic[1].trim();
  for (const prefix of [LOG_TIME, LOG_LEVEL, INPUT_LOCATION, LEADING_NAME]) {
    const rest = text.replace(prefix, '');
    if (rest !== text && rest.trim()) return rest.trim();
  }
  return text;
}

/** A format string: constant pieces and the placeholders between them, in order. */
export type FormatPiece = { constant: string } | { placeholder: string };

/**
 * The pieces of a literal's content as the source writes it: printf conversions (`%s`, `%q`,
 * `%-10s`, `%zu`, `%(name)s`), braces (`{}`, `{:?}`, `{name}`, `{0}`, `{value!r}`), `${…}`,
 * `#{…}`, PHP `$var`/`$obj->prop`, Swift `\(…)` are placeholders; escapes are read.
 */
export function formatPieces(content: string): FormatPiece[] {
  const pieces: FormatPiece[] = [];
  let constant = '';
  const flush = () => {
    if (constant) pieces.push({ constant });
    constant = '';
  };
  let i = 0;
  while (i < content.length) {
    const rest = content.slice(i);
    const placeholder = PLACEHOLDER.exec(rest)?.[0];
    if (placeholder !== undefined) {
      flush();
      pieces.push({ placeholder });
      i += placeholder.length;
      continue;
    }
    const doubled = /^(?:%%|\{\{|\}\})/.exec(rest)?.[0];
    if (doubled) {
      constant += doubled[0];
      i += 2;
      continue;
    }
    if (rest[0] === '\\' && rest.length > 1) {
      constant += ESCAPES[rest[1]] ?? rest[1];
      i += 2;
      continue;
    }
    constant += rest[0];
    i++;
  }
  flush();
  return pieces;
}

const PLACEHOLDER = new RegExp(
  [
    // `%(name)s` (Python), `%1$s` (POSIX, Java), `%-36[1]s` (Go), `%,d` (Java's grouping).
    String.raw`^%(?:\([\w.]+\)|\d+\$)?[-+ #0']*(?:,(?=[\w.]))?(?:\[\d+\])?(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:\[\d+\])?(?:hh|h|ll|l|L|q|j|z|Z|t)?[diouxXeEfFgGaAcspqvTtwb@]`,
    String.raw`^[$#]\{(?:[^{}]|\{[^{}]*\})*\}`,
    String.raw`^\{(?![{])[^{}\s]{0,40}\}`,
    String.raw`^\$[A-Za-z_]\w*(?:->\w+|\[[^\]]*\])*`,
    String.raw`^\\\([^()]*\)`,
  ].join('|'),
);
const ESCAPES: Readonly<Record<string, string>> = { n: ' ', t: ' ', r: '', '0': '' };

/** A literal of the source: its content as written (between the quotes) and where it starts. */
interface Literal {
  content: string;
  start: number;
  end: number;
}

/** One format string as the source writes it: its first literal, every literal, and its pieces. */
export interface FormatRun {
  literal: Literal;
  literals: Literal[];
  pieces: FormatPiece[];
}

/**
 * The runs of string literals in a piece of source: literals side by side (`"a" "b"`, C and
 * Python concatenation, across lines too) join; literals joined by `+`, `.`, `<<` around an
 * expression join with a placeholder between; a trailing `+ expr` is a placeholder at the end.
 */
export function formatRuns(source: string, focus = 0): FormatRun[] {
  const literals = stringLiterals(source, focus);
  const runs: FormatRun[] = [];
  let current: FormatRun | null = null;
  let previous: Literal | null = null;
  for (const lit of literals) {
    const between = previous ? source.slice(previous.end, lit.start) : null;
    // Side by side, across a line continuation (Ruby's and Python's `"a " \` then `"b"`), or
    // added to each other (`"fingerprint #{…} " +` then `"#{message} for …"`).
    if (current && between !== null && /^\s*(?:\\\n\s*|(?:\+|<<|\.(?=\s))\s*)?$/.test(between)) {
      current.pieces.push(...formatPieces(lit.content));
      current.literals.push(lit);
    } else if (current && between !== null && CONCATENATED_EXPRESSION.test(between) && !/[;{}]/.test(between)) {
      current.pieces.push({ placeholder: between.trim() }, ...formatPieces(lit.content));
      current.literals.push(lit);
    } else if (current && between !== null && MACRO_BETWEEN.test(between)) {
      // C pastes a macro between literals: `"%" PRIu64 " bytes"` (a conversion whose `%` and
      // flags the literal before holds), `"a " NAME " b"` (a string macro): a value either way.
      const last = current.pieces[current.pieces.length - 1];
      if (last && 'constant' in last) {
        const kept = last.constant.replace(DANGLING_CONVERSION, '');
        if (kept) last.constant = kept;
        else current.pieces.pop();
      }
      current.pieces.push({ placeholder: between.trim() }, ...formatPieces(lit.content));
      current.literals.push(lit);
    } else {
      if (current) runs.push(closeRun(current, source.slice(previous!.end)));
      current = { literal: lit, literals: [lit], pieces: formatPieces(lit.content) };
    }
    previous = lit;
  }
  if (current && previous) runs.push(closeRun(current, source.slice(previous.end)));
  return runs;
}

/** A macro name alone between two literals (C's string pasting); names start upper-case, as C's macros do. */
const MACRO_BETWEEN = /^\s*[A-Z_][A-Za-z0-9_]*\s*$/;
/** A `%` with its flags, width and precision that a macro after the literal completes (`"%-8" PRIu64`). */
const DANGLING_CONVERSION = /%[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?$/;
const CONCATENATED_EXPRESSION = /^\s*(?:\+|<<|\.\.?(?=[\s$]))[\s\S]{1,80}?(?:\+|<<|\.\.?)\s*$/;
const TRAILING_EXPRESSION = /^\s*(?:\+|<<|\.\.?(?=[\s$]))\s*[\w$@(]/;

function closeRun(run: FormatRun, after: string) {
  if (TRAILING_EXPRESSION.test(after)) run.pieces.push({ placeholder: after.trim() });
  return run;
}

/** Quotes that open a string literal, with a Python prefix (f, r, b, rb…) or Rust's raw r#"…"#. */
const LITERAL_OPENING = /(?<![\w'])(?:[rRbBfFuU]{0,2})(?:#*)?(["'`])/g;

/**
 * The string literals of a piece of source, skipping triple-quoted docstrings and character
 * literals. A piece cut out of a file may hold a docstring's closing quotes without its opening:
 * triple quotes left open before `focus` (the line the piece was read for) close a docstring,
 * and what came before them was its text; left open at or after `focus`, they open one.
 */
function stringLiterals(source: string, focus = 0): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  while (i < source.length) {
    LITERAL_OPENING.lastIndex = i;
    const open = LITERAL_OPENING.exec(source);
    if (!open) break;
    const quote = open[1];
    const contentStart = open.index + open[0].length;
    if (source.startsWith(quote.repeat(2), contentStart)) {
      // A docstring (or an empty string): documentation is not printed.
      const close = source.indexOf(quote.repeat(3), contentStart + 2);
      if (close < 0 && open.index < focus) {
        out.length = 0;
        i = contentStart + 2;
      } else i = close < 0 ? source.length : close + 3;
      continue;
    }
    const end = closingQuote(source, contentStart, quote);
    if (end < 0) {
      i = contentStart;
      continue;
    }
    const content = source.slice(contentStart, end);
    // 'a', '\n': a character, not a string.
    if (!(quote === "'" && content.length <= 2)) out.push({ content, start: open.index, end: end + 1 });
    i = end + 1;
  }
  return out;
}

function closingQuote(source: string, from: number, quote: string): number {
  for (let j = from; j < source.length; j++) {
    const c = source[j];
    if (c === '\\') j++;
    else if (c === quote) return j;
    else if (c === '\n' && quote !== '`') return -1;
  }
  return -1;
}

/**
 * A line that is a comment, not code: its quotes are prose. The sources do not say a line's
 * language: any language's comment, where `#define`, `#[error("…")]` are code.
 */
const isComment = (line: string) => isCommentLine(line, null);

/** How a format's pieces line up with a message: the characters its constants and values account for. */
export function alignFormat(pieces: readonly FormatPiece[], message: string): Alignment | null {
  // A paste read as one message keeps where its lines broke (LINE_BREAK): a value across a break
  // is a value printed on several lines. Constants are matched with the breaks read as spaces.
  const lined = message.toLowerCase().replace(/\s+/g, (ws) => (ws.includes(LINE_BREAK) ? LINE_BREAK : ' '));
  const text = lined.replaceAll(LINE_BREAK, ' ');
  // A placeholder before the first constant printed something the wrapper may also hold: the
  // alignment starts at the first constant.
  const merged = mergePieces(pieces);
  const parts = dropLeadingPlaceholders(merged);
  const leadingValue = parts.length < merged.length;
  const constants = parts.filter((p): p is { constant: string } => 'constant' in p).map((p) => normalise(p.constant));
  if (constants.length === 0) return null;
  let best: Alignment | null = null;
  for (let from = text.indexOf(constants[0]); from >= 0; from = text.indexOf(constants[0], from + 1)) {
    const found = alignFrom(parts, text, lined, from, leadingValue);
    if (found && (!best || found.score > best.score)) best = found;
  }
  return best;
}

function alignFrom(
  parts: readonly FormatPiece[],
  text: string,
  lined: string,
  from: number,
  leadingValue: boolean,
): Alignment | null {
  let pos = from;
  const values: string[] = [];
  let constantChars = 0;
  // A leading placeholder printed the word just before the first constant.
  let valueChars = leadingValue ? (/\S+\s?$/.exec(text.slice(0, from))?.[0].trim().length ?? 0) : 0;
  let penalty = 0;
  let nested: { text: string; chars: number; counted: boolean } | null = null;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p];
    if ('constant' in part) {
      const c = normalise(part.constant);
      if (!text.startsWith(c, pos)) return null;
      pos += c.length;
      constantChars += c.replace(/\s/g, '').length;
      continue;
    }
    // The value runs to the next constant, or to the end of the message after the last one.
    // (Placeholders side by side were merged: the next part, if any, is a constant.)
    const next = parts[p + 1];
    // A value the format closes with punctuation only (`'…path:\n%s.'`) runs to that punctuation
    // at the message's end: the cause it prints may hold the same mark (`'chapter2.rst'`).
    const closing = next && 'constant' in next && p + 2 === parts.length && CLOSING.test(next.constant);
    let end = text.length;
    if (closing) end = closingAt(text, normalise(next.constant), pos);
    else if (next && 'constant' in next) end = nextConstant(text, lined, normalise(next.constant), pos);
    if (end < 0) return null;
    const value = text.slice(pos, end);
    if (part.placeholder === JOIN) {
      // Two formats a printer joins: only its separator between them (joinedFormats).
      if (!JOIN_SEPARATOR.test(value.trim())) return null;
      pos = end;
      continue;
    }
    values.push(value.trim());
    // A value printed over several lines (an error list, a wrapped error's own lines) is a
    // nested message the format explains, as a cause is.
    const multiLine = lined.slice(pos, end).includes(LINE_BREAK);
    const words = value.trim().split(/\s+/).filter(Boolean).length;
    // A cause appended after a colon (`failed: {e}`, Go's `: %w`) or a bracketed label
    // (`[PANIC RECOVER] %v %s`) is a nested message by design — an OS error, a wrapped error,
    // the rest of the line: the format explains it as a value. It still costs its extra words,
    // so that a format printing the nested message itself ranks first.
    const previous = parts[p - 1];
    const cause = (!next || closing) && previous && 'constant' in previous && CAUSE_BEFORE.test(previous.constant);
    if (words > FORMAT_MATCH.maxValueWords)
      penalty += FORMAT_MATCH.extraWordPenalty * (words - FORMAT_MATCH.maxValueWords);
    const chars = value.replace(/\s/g, '').length;
    const counted = words <= FORMAT_MATCH.maxValueWords || cause || multiLine;
    if (counted) valueChars += chars;
    if (words > FORMAT_MATCH.maxValueWords && (!nested || chars > nested.chars))
      nested = { text: value.trim(), chars, counted };
    pos = end;
  }
  const total = text.replace(/\s/g, '').length;
  const share = (chars: number) => (total > 0 ? chars / total : 0);
  return {
    constantChars,
    score: constantChars - penalty,
    coverage: share(constantChars + valueChars),
    startsMessage: from === 0 && !leadingValue,
    values,
    ...(nested
      ? {
          nested: {
            text: nested.text,
            coverage: share(constantChars + valueChars + (nested.counted ? 0 : nested.chars)),
          },
        }
      : {}),
  };
}

/** What introduces a cause at the end of a format: a colon, a bracketed label, Go's `error=%v` / `err=%v`. */
const CAUSE_BEFORE = /(?:[:\]]|\berr(?:or)?=)\s*$/;

/** Punctuation a format may close its last value with. */
const CLOSING = /^[.!?]+$/;

/** Where a format's closing punctuation starts: at the message's end, or nowhere. */
function closingAt(text: string, constant: string, pos: number): number {
  const trimmed = text.trimEnd();
  return trimmed.endsWith(constant) && trimmed.length - constant.length >= pos ? trimmed.length - constant.length : -1;
}

/** Where a constant after a value starts: the first occurrence within a value's length, or after a line break of the paste. */
function nextConstant(text: string, lined: string, constant: string, pos: number): number {
  const at = text.indexOf(constant, pos);
  return at >= 0 && (at - pos <= FORMAT_MATCH.maxValueChars || lined.slice(pos, at).includes(LINE_BREAK)) ? at : -1;
}

/**
 * Where the lines of a paste read as one message broke (U+2028, LINE SEPARATOR: white space to
 * every pattern here, and never in a pasted line).
 */
export const LINE_BREAK = '\u2028';

/** An exception's class after the first line of its message, as Ruby prints it (`… (Net::SSH::Exception)`). */
const RUBY_CLASS_SUFFIX = /\s+\([A-Z]\w*(?:::[A-Z]\w*)*\)$/;

/** How a pasted line runs on into the next: a Rust panic's location, or a line that ends in a colon. */
export type RunsOn = 'panic' | 'colon';

/** A pasted text's lines, read for messages printed over several of them. */
export interface PastedLines {
  /** The paste's lines, trimmed; blank ones kept (a blank line ends a message). */
  lines: string[];
  /**
   * The lines whose message goes on on the next line, which is not blank: since Rust 1.73 a
   * panic prints its location on one line and the message on the next (`panic`); a format may
   * write its own line break after a colon (docutils' `'Problems with "%s" directive
   * path:\n%s.'`: `colon`).
   */
  runsOn: Map<number, RunsOn>;
  /**
   * All the paste as one message (a format that writes line breaks, or a value printed over
   * several lines: `"could not settle on #{algorithm} algorithm\n"\ "Server …"`, Go's
   * `"Join failed: %v, retrying in %v"` around an error list): its lines that are not blank
   * joined by LINE_BREAK, the class Ruby prints after the first line left out. Null for one
   * line, or more than a message holds.
   */
  whole: string | null;
}

/**
 * The one reading of a paste of several lines: which of its lines print one message together.
 * Every reader of a multi-line paste (unwrapMessage, the classifier's routing) takes its joins
 * from here.
 */
export function readPastedLines(paste: string): PastedLines {
  const lines = paste.split('\n').map((l) => l.trim());
  const runsOn = new Map<number, RunsOn>();
  for (let l = 0; l + 1 < lines.length; l++) {
    if (!lines[l + 1]) continue;
    if (RUST_PANIC_HEAD.test(lines[l])) runsOn.set(l, 'panic');
    else if (lines[l].endsWith(':')) runsOn.set(l, 'colon');
  }
  return { lines, runsOn, whole: asOneMessage(lines.filter(Boolean)) };
}

function asOneMessage(lines: string[]): string | null {
  if (lines.length < 2 || lines.length > FORMAT_MATCH.maxPasteLines) return null;
  const text = [lines[0].replace(RUBY_CLASS_SUFFIX, ''), ...lines.slice(1)].join(LINE_BREAK);
  return text.length <= FORMAT_MATCH.maxMessageChars ? text : null;
}

/** Adjacent constants join, adjacent placeholders are one value (`%q%s`). */
function mergePieces(pieces: readonly FormatPiece[]): FormatPiece[] {
  const out: FormatPiece[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (last && 'constant' in last && 'constant' in p) out[out.length - 1] = { constant: last.constant + p.constant };
    else if (!(last && 'placeholder' in last && 'placeholder' in p)) out.push(p);
  }
  // Whitespace at the ends of a message is not printed text a user keeps; between two
  // placeholders (`%v %s`) it is one value of several words.
  const kept = out.filter((p) => !('constant' in p) || p.constant.trim().length > 0);
  return kept.filter((p, i) => !('placeholder' in p && i > 0 && 'placeholder' in kept[i - 1]));
}

function dropLeadingPlaceholders(pieces: FormatPiece[]): FormatPiece[] {
  const first = pieces.findIndex((p) => 'constant' in p);
  return first < 0 ? [] : pieces.slice(first);
}

/** Case and runs of white space do not tell a message from its format (a terminal wraps and re-spaces). */
function normalise(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ');
}

/** Two adjacent words of the message: what the index is asked for, to find candidate lines. */
function fragmentsOf(messages: readonly string[]): string[] {
  const out = new Set<string>();
  for (const m of messages)
    for (const found of m.matchAll(
      /(?=(?<![\w'])([A-Za-z][\w'-]*[A-Za-z0-9]?) ([A-Za-z][\w'-]*[A-Za-z0-9]?)(?![\w']))/g,
    )) {
      const [, a, b] = found;
      // Two function words ("of the", "is not") are in every file: no evidence for the cost of reading them.
      if (STOP_WORDS.has(a.toLowerCase()) && STOP_WORDS.has(b.toLowerCase())) continue;
      if (a.length + b.length >= 6) out.add(`${a} ${b}`);
    }
  // A `key=value` message (Go's `code=%d, message=%v`, logfmt) may hold no two words in a row
  // that the format writes: its keys, each with its `=`, are the constant text.
  for (const m of messages) for (const found of m.matchAll(/(?<![\w-])([A-Za-z][\w-]{3,})=/g)) out.add(`${found[1]}=`);
  // Longer fragments are rarer: fewer lines to read for the same evidence.
  const spaced = [...out].sort((a, b) => b.length - a.length).slice(0, FORMAT_MATCH.maxLookups);
  // A trace line whose words a semicolon or a comma joins (h2's `"handle_error; err={:?}"`,
  // `"update_initial_window_size; new={}; old={}"`) may hold no two words a space alone joins:
  // those pairs, with their mark, are read when the lookups leave room for them.
  const joined = new Set<string>();
  for (const m of messages)
    for (const found of m.matchAll(
      /(?=(?<![\w'])([A-Za-z][\w'-]*[A-Za-z0-9]?)([;,]) ([A-Za-z][\w'-]*[A-Za-z0-9]?)(?![\w']))/g,
    )) {
      const [, a, mark, b] = found;
      if (STOP_WORDS.has(a.toLowerCase()) && STOP_WORDS.has(b.toLowerCase())) continue;
      if (a.length + b.length >= 6) joined.add(`${a}${mark} ${b}`);
    }
  const room = FORMAT_MATCH.maxLookups - spaced.length;
  return room > 0 ? [...spaced, ...[...joined].sort((a, b) => b.length - a.length).slice(0, room)] : spaced;
}

/**
 * A word of the message with the bracket or colon written right after it (`rename(`,
 * `Authentication (`, `next_id (`, `channel_open_failed:`): where a format writes a value after
 * its word. Not a qualifier's `::`, nor a word of a letter or three or a function word.
 */
function openingFragmentsOf(messages: readonly string[]): string[] {
  const out = new Set<string>();
  for (const m of messages)
    for (const found of m.matchAll(/(?<![\w$])([A-Za-z_]\w{3,}) ?(?:[([{<]|:(?!:))/g))
      if (!STOP_WORDS.has(found[1].toLowerCase())) out.add(found[0]);
  return [...out].sort((a, b) => b.length - a.length).slice(0, FORMAT_MATCH.maxOpeningLookups);
}

/**
 * The format strings of the corpus that print `pasted`, best first; every format that ties
 * for the best score is kept (the same message raised in several places). Empty when no
 * format explains enough of the message.
 */
export function findFormatStrings(pasted: string, sources: MessageSources): FormatMatch[] {
  const messages = unwrapMessage(pasted);
  if (messages.length === 0) return [];
  const seen = new Set<string>();
  const found = new Map<string, FormatMatch>();
  // String constants whose text the message holds: part of the message may be printed from
  // them (`#define PREFIX "…"`, `static const char x[] = "rounds=";`, `NAME = "…"`).
  const constants = new Map<string, FormatPiece[]>();
  // Explained whole and with no value read as a nested message (that may be another format's).
  // (A format of less constant text than an answer needs, `"[chan %s] " + msg`, is no answer.)
  const wholeMessage = () =>
    [...found.values()].some(
      (m) =>
        m.coverage >= FORMAT_MATCH.wholeMessage &&
        m.score === m.constantChars &&
        m.constantChars >= FORMAT_MATCH.minConstantChars,
    );
  const read = (hit: SourceLine, withConstants: ReadonlyMap<string, FormatPiece[]>) => {
    for (const match of formatsAround(hit, sources, messages, withConstants)) {
      const id = `${hit.fileId}:${match.line}:${match.literal}`;
      const known = found.get(id);
      if (!known || match.score > known.score) found.set(id, match);
    }
  };
  const readCandidate = (hit: SourceLine) => {
    const key = `${hit.fileId}:${hit.line}`;
    if (seen.has(key)) return;
    seen.add(key);
    // The words of a format string sit between quotes on their line (a docstring's or a
    // template's inner lines are not printed messages, or rarely).
    const text = sources.lineText(hit.fileId, hit.line) ?? '';
    if (!/["'`]/.test(text)) return;
    const constant = stringConstant(text);
    // A name of a letter or two (`s = "…"`) is in every line: not worth reading them all.
    if (
      constant &&
      constant.name.length >= FORMAT_MATCH.minConstantName &&
      constants.size < FORMAT_MATCH.maxConstants &&
      printedIn(constant.pieces, messages)
    )
      constants.set(constant.name, constant.pieces);
    // (A minified line holds thousands of calls: only a line of code as people write it is read for them.)
    if (calls.length < FORMAT_MATCH.maxArgumentCalls && text.length <= FORMAT_MATCH.maxMessageChars * 2)
      for (const call of literalArguments(text))
        if (printedIn(call.pieces, messages) && !calls.some((c) => c.callee === call.callee)) calls.push(call);
    read(hit, NO_CONSTANTS);
  };
  // Literals passed to a function of the repository (`process_cache_miss(…, "does not match")`)
  // whose text the message holds: that function may print them in a format of its own.
  const calls: LiteralArgument[] = [];
  for (const fragment of fragmentsOf(messages)) {
    if (seen.size >= FORMAT_MATCH.maxCandidateLines) break;
    // A format that explains the whole message is found: rarer fragments were read first.
    if (wholeMessage()) break;
    for (const hit of sources.linesContaining(fragment, FORMAT_MATCH.linesPerFragment)) readCandidate(hit);
  }
  // A message whose values sit between every two of its words (`Authentication (publickey)
  // failed.`, `rename(b'…', b'…')`, `Disconnect (code 11): Bye Bye`) shares no two words in a row
  // with its format: the format's text around a value is read instead, a word with the bracket or
  // colon written after it (`Authentication (`, `rename(`, `channel_open_failed:`).
  if (!wholeMessage())
    for (const fragment of openingFragmentsOf(messages)) {
      if (seen.size >= FORMAT_MATCH.maxCandidateLines || wholeMessage()) break;
      for (const hit of sources.linesContaining(fragment, FORMAT_MATCH.linesPerFragment)) readCandidate(hit);
    }
  // The formats a constant fills: the lines that name it, read with the constants' text.
  if (!wholeMessage())
    for (const name of constants.keys()) {
      const used = new Set<string>();
      for (const hit of sources.linesContaining(name, FORMAT_MATCH.linesPerFragment)) {
        const key = `${hit.fileId}:${hit.line}`;
        if (used.has(key) || !wordAt(sources.lineText(hit.fileId, hit.line) ?? '', name)) continue;
        used.add(key);
        read(hit, constants);
      }
    }
  // The formats of the functions those literals are passed to, read with the parameter the
  // literal fills as a string constant (`"#{message} for #{…}"` with `message` = "does not match").
  if (!wholeMessage())
    for (const call of calls.slice(0, FORMAT_MATCH.maxArgumentCalls))
      for (const { hit, parameter } of calleeBody(call, sources)) read(hit, new Map([[parameter, call.pieces]]));
  creditNestedFormats([...found.values()]);
  const byScore = (a: FormatMatch, b: FormatMatch) =>
    b.score - a.score || b.coverage - a.coverage || a.path.localeCompare(b.path) || a.line - b.line;
  const ranked = [...found.values()]
    .filter((m) => m.constantChars >= FORMAT_MATCH.minConstantChars && m.coverage >= FORMAT_MATCH.minCoverage)
    .sort(byScore);
  if (ranked.length === 0) {
    // No format holds enough of the message: one that only labels it (`"echo: %v"`) may.
    for (const label of labelsOf(messages))
      for (const hit of sources.linesContaining(label, FORMAT_MATCH.linesPerFragment)) {
        const key = `${hit.fileId}:${hit.line}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (opensLiteral(sources.lineText(hit.fileId, hit.line) ?? '', label)) read(hit, NO_CONSTANTS);
      }
    return wordsOverLabel([...found.values()], shortFormat([...found.values()], byScore), byScore);
  }
  const best = ranked.filter((m) => m.score === ranked[0].score && m.coverage === ranked[0].coverage);
  return constants.size > 0 ? byFileConstants(best, sources, messages) : best;
}

const NO_CONSTANTS: ReadonlyMap<string, FormatPiece[]> = new Map();

/** A string literal passed to a function: the function's name, the argument's position, its text. */
interface LiteralArgument {
  callee: string;
  /** The receiver or qualifier the call was made through (`self.`, `obj.`, `Mod::`), if any. */
  member: boolean;
  index: number;
  pieces: FormatPiece[];
}

/** Words that open a parenthesis without calling a function. */
const NOT_CALLEES: ReadonlySet<string> = new Set(
  'if elif while for switch case return raise yield not and or in is unless until when catch match print puts assert'.split(
    ' ',
  ),
);

/** The string literals a line passes as whole arguments to the calls on it (`f(a, "text")`). */
function literalArguments(line: string): LiteralArgument[] {
  const out: LiteralArgument[] = [];
  for (const call of line.matchAll(/(\.|::|->)?\b([A-Za-z_]\w*[!?]?)\s*\(/g)) {
    if (NOT_CALLEES.has(call[2])) continue;
    const { positional } = callArguments(`, ${line.slice(call.index + call[0].length)}`);
    positional.forEach((arg, index) => {
      const literal = /^(["'])((?:(?!\1)[^\\]|\\.)*)\1$/.exec(arg);
      if (literal)
        out.push({ callee: call[2], member: call[1] !== undefined, index, pieces: formatPieces(literal[2]) });
    });
  }
  return out;
}

/** `def name(a, b)`, `function name(a, b)`, `fn name(a: T)`, `func (r T) name(a T)`: the parameters a definition line lists. */
function definedParameters(line: string, name: string): string[] | null {
  const head = new RegExp(
    String.raw`^\s*(?:(?:pub(?:\([\w:]+\))?|public|private|protected|static|async|export)\s+)*(?:def|function|fn|func(?:\s*\([^)]*\))?)\s+(?:self\.)?${escapeRegExp(name)}\s*\(([^)]*)\)?`,
  ).exec(line);
  if (!head) return null;
  return head[1]
    .split(',')
    .map((p) => /^\s*[*&]*\s*(?:mut\s+)?([A-Za-z_]\w*)/.exec(p)?.[1] ?? '')
    .filter(Boolean);
}

/** The lines of a called function's body that name the parameter a literal argument fills. */
function calleeBody(call: LiteralArgument, sources: MessageSources): { hit: SourceLine; parameter: string }[] {
  const out: { hit: SourceLine; parameter: string }[] = [];
  for (const def of sources.linesContaining(call.callee, FORMAT_MATCH.linesPerFragment)) {
    let parameters = definedParameters(sources.lineText(def.fileId, def.line) ?? '', call.callee);
    if (!parameters) continue;
    // A method called through its object does not pass the object it is defined with.
    if (call.member && /^(?:self|cls|this)$/.test(parameters[0] ?? '')) parameters = parameters.slice(1);
    const parameter = parameters[call.index];
    if (!parameter || parameter.length < 2) continue;
    for (let l = def.line + 1; l <= def.line + HELPER_SCAN_LINES; l++) {
      const text = sources.lineText(def.fileId, l);
      if (text === undefined || FUNCTION_NAME.test(text)) break;
      if (wordAt(text, parameter) && /["'`]/.test(text)) out.push({ hit: { ...def, line: l }, parameter });
    }
    if (out.length > 0) break;
  }
  return out;
}

/**
 * A value of a wrapper format that another format found prints whole (h2's
 * `proto_err!(conn: "id ({:?}) < next_id ({:?})", …)` inside the macro's
 * `"connection error PROTOCOL_ERROR -- {};"`; click's `… is not a valid integer.` inside
 * `Invalid value for …: {message}`): that format is where the message was made, and the two
 * explain the message together — it is credited with both formats' constant text, so it ranks
 * above the wrapper, whose nested value cost it its extra words.
 */
function creditNestedFormats(found: FormatMatch[]): void {
  const wrappers = found.filter((w) => w.nested && w.constantChars >= FORMAT_MATCH.minConstantChars);
  const credit = new Map<FormatMatch, { chars: number; coverage: number }>();
  for (const w of wrappers)
    for (const f of found) {
      if (f === w || !f.pieces) continue;
      const inner = alignFormat(f.pieces, w.nested!.text);
      if (
        !inner ||
        inner.coverage < FORMAT_MATCH.wholeMessage ||
        inner.score !== inner.constantChars ||
        inner.constantChars < FORMAT_MATCH.minConstantChars
      )
        continue;
      const chars = w.constantChars + inner.constantChars;
      if (chars > Math.max(f.score, credit.get(f)?.chars ?? 0))
        credit.set(f, { chars, coverage: Math.max(f.coverage, w.nested!.coverage) });
    }
  for (const [f, { chars, coverage }] of credit) Object.assign(f, { constantChars: chars, score: chars, coverage });
}

/**
 * The label a message starts with, and a space: `echo: ` of `echo: template: …`, `[Debug] `,
 * `Input: ` (each unwrapped message's). A format that is only such a label and a value holds no
 * two words of the message in a row, so the fragment lookups never read its line.
 */
function labelsOf(messages: readonly string[]): string[] {
  const out = new Set<string>();
  for (const m of messages) {
    const label = /^(?:\[[A-Za-z][\w .-]*\]|[A-Za-z][\w.$-]*:)(?=\s)/.exec(m)?.[0];
    if (label && label.replace(/\W/g, '').length >= FORMAT_MATCH.minLabelChars - 1) out.add(`${label} `);
  }
  return [...out].slice(0, 4);
}

/** Whether a line holds a string literal that starts with the label (`"echo: %v"`, `'Input: '`). */
function opensLiteral(text: string, label: string): boolean {
  const lower = text.toLowerCase();
  const l = label.toLowerCase();
  return ['"', "'", '`'].some((q) => lower.includes(q + l));
}

/**
 * A short format's answer: the formats, of at least FORMAT_MATCH.minLabelChars of constant
 * text, whose first constant starts the message and whose values explain the rest, best first;
 * those that tie are kept, as a message raised in several places is (click's `"Error:
 * {message}"` in ClickException.show and UsageError.show). A label more than
 * FORMAT_MATCH.maxLabelFormats formats start says nothing of where the message was printed:
 * none is answered. A format holding more of the message always comes first (findFormatStrings
 * returns before this is read).
 */
function shortFormat(
  found: readonly FormatMatch[],
  byScore: (a: FormatMatch, b: FormatMatch) => number,
): FormatMatch[] {
  const fits = found
    .filter(
      (m) =>
        m.startsMessage === true &&
        m.constantChars >= FORMAT_MATCH.minLabelChars &&
        m.coverage >= FORMAT_MATCH.minCoverage,
    )
    .sort(byScore);
  const best = fits.filter((m) => m.score === fits[0].score && m.coverage === fits[0].coverage);
  return best.length <= FORMAT_MATCH.maxLabelFormats ? best : [];
}

/**
 * A format that only wraps the message (`"Error: %s\n\n"`, `"[WARN] %v"`) explains none of its
 * words: where the message's own format is found but explains too little of it for an answer
 * (hcl's `Detail: fmt.Sprintf("There is no function named %q.%s", …)` under a location and a
 * summary printed from elsewhere), that format, whose fixed words the message holds, is where
 * it was made — not the wrapper that starts it.
 */
function wordsOverLabel(
  found: readonly FormatMatch[],
  labels: FormatMatch[],
  byScore: (a: FormatMatch, b: FormatMatch) => number,
): FormatMatch[] {
  if (labels.length === 0) return labels;
  const worded = found
    .filter(
      (m) =>
        m.score >= FORMAT_MATCH.minConstantChars &&
        m.constantChars > labels[0].constantChars &&
        m.coverage >= FORMAT_MATCH.minWordedCoverage,
    )
    .sort(byScore);
  if (worded.length === 0) return labels;
  return worded.filter((m) => m.score === worded[0].score && m.coverage === worded[0].coverage);
}

function wordAt(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`).test(text);
}

/** A constant's text, all of it, is in one of the messages (case and spacing aside). */
function printedIn(pieces: readonly FormatPiece[], messages: readonly string[]): boolean {
  const text = normalise(pieces.map(constantText).join(''));
  if (text.replace(/\s/g, '').length < FORMAT_MATCH.minConstantText) return false;
  return messages.some((m) => normalise(m).includes(text.trim()));
}

/**
 * Formats of several files that explain a message equally (`"%s%zu$", sha256_rounds_prefix`
 * and `…sha512_rounds_prefix`, both `rounds=`): the file whose other string constants hold more
 * of the message (`sha512_salt_prefix[] = "$6$"`, copied in before it) printed it.
 */
function byFileConstants(tied: FormatMatch[], sources: MessageSources, messages: readonly string[]): FormatMatch[] {
  const fileIds = new Map<string, number>();
  for (const m of tied) if (m.fileId !== undefined) fileIds.set(m.path, m.fileId);
  if (fileIds.size < 2) return tied;
  const charsOf = new Map<string, number>();
  for (const [path, fileId] of fileIds) {
    const values = new Set<string>();
    for (let line = 1; line <= FORMAT_MATCH.maxFileLines; line++) {
      const text = sources.lineText(fileId, line);
      if (text === undefined) break;
      if (!/["'`]/.test(text)) continue;
      const constant = stringConstant(text);
      if (constant && printedIn(constant.pieces, messages))
        values.add(normalise(constant.pieces.map(constantText).join('')).trim());
    }
    charsOf.set(
      path,
      [...values].reduce((n, v) => n + v.replace(/\s/g, '').length, 0),
    );
  }
  for (const m of tied) m.fileConstantChars = charsOf.get(m.path) ?? 0;
  const most = Math.max(...tied.map((m) => m.fileConstantChars ?? 0));
  return tied.filter((m) => m.fileConstantChars === most);
}

/** `#define NAME "…"`, `static const char name[] = "…";`, `const NAME: &str = "…";`, `NAME = "…".freeze`, `private const NAME = '…';` */
const CONSTANT_HEAD = new RegExp(
  String.raw`^\s*(?:#\s*define\s+([A-Za-z_]\w*)\s+|` +
    String.raw`(?:(?:export|pub(?:\([\w:]*\))?|public|private|protected|internal|static|final|const|constexpr|let|var|val|readonly|extern|unsigned|signed)\s+)*` +
    String.raw`(?:(?:char|wchar_t|String|string|str)\b\s*(?:\*\s*)?(?:const\b\s*)?(?:\*\s*)?)?` +
    String.raw`([A-Za-z_]\w*)(?:\s+string)?\s*(?:\[\s*\w*\s*\])?\s*(?::\s*[^=\n]+?)?\s*:?=\s*)(?=[rRbBuU]?["'\x60])`,
);
/** After a constant's literal: nothing but `;`, `,`, Ruby's `.freeze`, a comment. */
const CONSTANT_TAIL = /^\s*(?:\.freeze\b)?\s*[;,]?\s*(?:(?:\/\/|\/\*|#).*)?$/;

/** A line defining a string constant: its name and its text's pieces; null for any other line. */
export function stringConstant(line: string): { name: string; pieces: FormatPiece[] } | null {
  const head = CONSTANT_HEAD.exec(line);
  if (!head) return null;
  const rest = line.slice(head[0].length);
  const runs = formatRuns(rest);
  if (runs.length !== 1 || runs[0].literal.start !== 0) return null;
  const last = runs[0].literals[runs[0].literals.length - 1];
  if (!CONSTANT_TAIL.test(rest.slice(last.end))) return null;
  return { name: head[1] ?? head[2], pieces: runs[0].pieces };
}

/**
 * The arguments of the call a format is passed to, read after its last literal: `, a, b)`
 * (printf, `fmt.Errorf`, `format!`, `String.format`, `sprintf`), `% (a, b)` / `% a` (Python),
 * `.format(a, b=c)`. Positional in order, and by name (`name=value`, Python and Rust).
 */
export function callArguments(after: string): { positional: string[]; named: Map<string, string> } {
  const positional: string[] = [];
  const named = new Map<string, string>();
  const open = /^\s*(?:,|%|\.format\s*\()\s*/.exec(after);
  if (!open) return { positional, named };
  let i = open[0].length;
  // `% x`: one value, to the end of its expression; `% (a, b)`: a tuple.
  let single = open[0].trim() === '%';
  if (single && after[i] === '(') [single, i] = [false, i + 1];
  let depth = 0;
  let current = '';
  const push = () => {
    const arg = current.trim();
    const kw = /^([A-Za-z_]\w*)\s*=(?!=)\s*([\s\S]+)$/.exec(arg);
    if (kw) named.set(kw[1], kw[2].trim());
    else if (arg) positional.push(arg);
    current = '';
  };
  for (const limit = Math.min(after.length, i + 400); i < limit; i++) {
    const c = after[i];
    if (c === '"' || c === "'" || c === '`') {
      const end = closingQuote(after, i + 1, c);
      if (end < 0) break;
      current += after.slice(i, end + 1);
      i = end;
      continue;
    }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && depth-- === 0) break;
    else if (depth === 0 && (c === ';' || (single && (c === '\n' || c === ',')))) break;
    else if (depth === 0 && c === ',') {
      push();
      continue;
    }
    current += c;
  }
  push();
  return { positional, named };
}

/** The name a placeholder's expression reads, its qualifier aside (`self.PREFIX`, `Self::PREFIX`, `$this->x`). */
const CONSTANT_NAME = /^(?:[$A-Za-z_][\w$]*\s*(?:::|\.|->)\s*)*([A-Za-z_]\w*)$/;

/**
 * The pieces of a format with its placeholders filled from string constants where its
 * arguments name them: `"%s%zu$", sha512_rounds_prefix, rounds` reads `rounds=%zu$`. A string
 * macro written just before the format (`printf(PREFIX "…")`) is printed before it. Null when
 * no constant fills it.
 */
export function resolvedPieces(
  run: FormatRun,
  source: string,
  constants: ReadonlyMap<string, readonly FormatPiece[]>,
): { pieces: FormatPiece[]; names: string[] } | null {
  const last = run.literals[run.literals.length - 1];
  const { positional, named } = callArguments(source.slice(last.end));
  const names: string[] = [];
  const pieces: FormatPiece[] = [];
  const fill = (expression: string | undefined, placeholder: FormatPiece) => {
    const name = expression === undefined ? undefined : CONSTANT_NAME.exec(expression.trim())?.[1];
    const text = name === undefined ? undefined : constants.get(name);
    if (text && name) {
      pieces.push(...text);
      names.push(name);
    } else pieces.push(placeholder);
  };
  const before = /(?:^|[(,=\s])([A-Z_][A-Za-z0-9_]*)\s*$/.exec(source.slice(0, run.literal.start));
  if (before && constants.has(before[1])) fill(before[1], { constant: '' });
  let next = 0;
  for (const piece of run.pieces) {
    if ('constant' in piece) {
      pieces.push(piece);
      continue;
    }
    fill(placeholderExpression(piece.placeholder), piece);
  }
  return names.length > 0 ? { pieces: pieces.filter((p) => !('constant' in p) || p.constant), names } : null;

  /** The expression a placeholder prints: its argument (by position, index or name) or its own text. */
  function placeholderExpression(p: string): string | undefined {
    if (p.startsWith('%')) {
      // `%(name)s` reads a mapping; `*` takes a width or precision argument first.
      if (p.startsWith('%(')) return undefined;
      next += (p.match(/\*/g) ?? []).length;
      return positional[next++];
    }
    if (/^[$#]\{|^\{\$/.test(p)) return p.replace(/^[$#]?\{|\}$/g, '');
    if (p.startsWith('{')) {
      const field = /^\{([^:!}]*)/.exec(p)![1];
      if (field === '') return positional[next++];
      if (/^\d+$/.test(field)) return positional[Number(field)];
      return named.get(field) ?? field;
    }
    // Concatenation (`+ NAME +`, `. self::NAME .`) or a macro pasted between literals.
    return p.replace(/^[\s+.<]+|[\s+.<);,]+$/g, '');
  }
}

/** The formats whose literals sit on or around a candidate line, aligned with each message. */
function formatsAround(
  hit: SourceLine,
  sources: MessageSources,
  messages: readonly string[],
  constants: ReadonlyMap<string, readonly FormatPiece[]>,
): FormatMatch[] {
  const first = Math.max(1, hit.line - FORMAT_MATCH.contextLines);
  const lines: string[] = [];
  for (let l = first; l <= hit.line + FORMAT_MATCH.contextLines; l++) {
    const text = sources.lineText(hit.fileId, l);
    if (text === undefined) break;
    lines.push(isComment(text) ? '' : text);
  }
  const source = lines.join('\n');
  const lineStarts = lines.reduce<number[]>(
    (acc, l, i) => [...acc, i === 0 ? 0 : acc[i - 1] + lines[i - 1].length + 1],
    [],
  );
  const out: FormatMatch[] = [];
  const lineOf = (offset: number) => first + lineStarts.filter((s) => s <= offset).length - 1;
  const runs = formatRuns(source, lineStarts[hit.line - first] ?? 0);
  for (const run of runs) {
    const inside = insideLiterals(run, messages[0]);
    if (inside) {
      const { literal, chars } = inside;
      out.push({
        path: hit.path,
        fileId: hit.fileId,
        line: lineOf(literal.start),
        literal: literal.content,
        constantChars: chars,
        score: chars,
        coverage: 1,
      });
      continue;
    }
    let best: Omit<FormatMatch, 'path' | 'line' | 'literal'> | null = null;
    const resolved = constants.size > 0 ? resolvedPieces(run, source, constants) : null;
    const line = lineOf(run.literal.start);
    const unresolved = { pieces: run.pieces, names: [] as string[] };
    for (const { pieces, names } of resolved ? [unresolved, resolved] : [unresolved]) {
      for (const message of messages) {
        const aligned = alignFormat(pieces, message);
        if (
          aligned &&
          (!best || aligned.score > best.score || (aligned.score === best.score && aligned.coverage > best.coverage))
        ) {
          best = { ...aligned, pieces };
          // The constants named on the format's own line, after it, pick that line out of
          // the lines writing the same literal with other constants.
          const own = source.slice(run.literal.end, lineStarts[line - first + 1] ?? source.length);
          const named = names.filter((n) => wordAt(own, n));
          if (named.length > 0) best.constants = named;
        }
      }
    }
    if (best) out.push({ path: hit.path, fileId: hit.fileId, line, literal: run.literal.content, ...best });
  }
  out.push(
    ...joinedFormats(runs, source, messages).map((m) => ({
      ...m,
      path: hit.path,
      fileId: hit.fileId,
      line: lineOf(m.at),
    })),
  );
  return out;
}

/** Placeholder of a joined pair of formats (joinedFormats): where the printer's separator goes. */
const JOIN = '\u0000join';
/** What a printer writes between two formats it joins (`%s; %s`, `%s: %s`, `%s - %s`): punctuation alone. */
const JOIN_SEPARATOR = /^[^\w"'`]{0,3}$/;
/** Between two literals of one statement or composite literal: a comma at least, no statement or block boundary. */
const ONE_STATEMENT = /^[^;{}]*,[^;{}]*$/;
/** The source between two literals a printer may join, at most. */
const MAX_JOIN_GAP = 160;

/**
 * Two formats of one statement or composite literal that a printer joins: a diagnostic's summary
 * and detail (`&hcl.Diagnostic{Summary: "Duplicate object key", Detail: fmt.Sprintf("Two … %q …",
 * k)}`, printed `file:range: Summary; Detail`), an error's prefix and message. Neither explains
 * enough of the message alone; the two in source order, with only the printer's punctuation
 * between them, explain it together. Their match is placed at the literal of more constant text
 * (the detail: a summary repeats across a parser).
 */
function joinedFormats(
  runs: readonly FormatRun[],
  source: string,
  messages: readonly string[],
): (Omit<FormatMatch, 'path' | 'line'> & { at: number })[] {
  const out: (Omit<FormatMatch, 'path' | 'line'> & { at: number })[] = [];
  for (let i = 0; i + 1 < runs.length; i++) {
    const [a, b] = [runs[i], runs[i + 1]];
    const aLast = a.pieces[a.pieces.length - 1];
    if (!aLast || !('constant' in aLast) || !b.pieces[0] || !('constant' in b.pieces[0])) continue;
    const between = source.slice(a.literals[a.literals.length - 1].end, b.literal.start);
    if (between.length > MAX_JOIN_GAP || !ONE_STATEMENT.test(between)) continue;
    const pieces: FormatPiece[] = [...a.pieces, { placeholder: JOIN }, ...b.pieces];
    let best: Alignment | null = null;
    for (const message of messages) {
      const aligned = alignFormat(pieces, message);
      if (
        aligned &&
        (!best || aligned.score > best.score || (aligned.score === best.score && aligned.coverage > best.coverage))
      )
        best = aligned;
    }
    if (!best) continue;
    const chars = (r: FormatRun) => r.pieces.map(constantText).join('').replace(/\s/g, '').length;
    const placed = chars(b) >= chars(a) ? b : a;
    out.push({ literal: placed.literal.content, at: placed.literal.start, ...best, pieces });
  }
  return out;
}

/**
 * Constant text written as literals side by side over several lines (C, Python): a pasted
 * part of it that crosses a line of the source is in no single line, so no line shows it
 * verbatim. The literal the message starts in is its line.
 */
function insideLiterals(run: FormatRun, message: string): { literal: Literal; chars: number } | null {
  if (run.literals.length < 2 || !run.pieces.every((p) => 'constant' in p)) return null;
  const texts = run.literals.map((l) => normalise(formatPieces(l.content).map(constantText).join('')));
  const wanted = normalise(message).trim();
  const at = texts.join('').indexOf(wanted);
  if (at < 0) return null;
  let k = 0;
  for (let offset = texts[0].length; k < texts.length - 1 && offset <= at; offset += texts[++k].length);
  return { literal: run.literals[k], chars: message.replace(/\s/g, '').length };
}

function constantText(p: FormatPiece): string {
  return 'constant' in p ? p.constant : '';
}

/** A regular expression matching the source lines of the formats (their first literals as written). */
export function formatLinePattern(matches: readonly FormatMatch[]): string {
  // Between its quotes: the same words in a comment or a doc line are not the format string.
  // A literal filled from constants (`"%s%zu$", sha512_rounds_prefix`) is its line only with them.
  const literals = [
    ...new Set(
      matches.map(
        (m) =>
          `${escapeRegExp(m.literal)}["'\x60]${(m.constants ?? []).map((n) => `.*\\b${escapeRegExp(n)}\\b`).join('')}`,
      ),
    ),
  ];
  return `["'\x60](?:${literals.join('|')})`;
}

/** The corpus's lines through the text index: candidate lines by trigram lookup, line texts by offset. */
export function corpusMessageSources(corpus: Corpus, text: TextIndex): MessageSources {
  const starts = new Map<number, Uint32Array>();
  return {
    linesContaining: (fragment, limit) =>
      text.grep(fragment, { limit }).matches.map((m) => ({ fileId: m.fileId, path: m.path, line: m.line })),
    lineText(fileId, line) {
      const file = corpus.files[fileId];
      if (!file) return undefined;
      let s = starts.get(fileId);
      if (!s) starts.set(fileId, (s = lineStartsOf(file.text)));
      if (line < 1 || line > s.length) return undefined;
      return file.text.slice(s[line - 1], line < s.length ? s[line] - 1 : file.text.length);
    },
  };
}

/** Lines of a pasted plan's text read to place its results (enough for any results list). */
const ANSWER_LINE_SCAN_LIMIT = 2000;
/**
 * Definition kinds that are themselves the function a message is raised in. A macro is not one
 * of them: a `macro_rules!` body of many arms (tokio's `select!`, 225 lines) narrows to the
 * function or the statement around the line, and a short `#define` stays whole (statementAround).
 */
const FUNCTION_KINDS: ReadonlySet<string> = new Set(['function', 'method']);

/**
 * Each result of a pasted message shows where it is printed: `line` is the first line of its
 * range holding the format string (or the verbatim text), and a range the parser could not
 * reduce to a function (a line window, a class, code inside a macro call) is narrowed to the
 * function around that line when the text shows one.
 */
export function placeMessageResults(results: SearchResult[], plan: QueryPlan, corpus: Corpus, text: TextIndex): void {
  const needle = plan.regex ?? plan.literal;
  if (!plan.pasted || needle === undefined || results.length === 0) return;
  const found = text.grep(needle, {
    regex: plan.regex !== undefined,
    caseSensitive: plan.caseSensitive ?? false,
    limit: ANSWER_LINE_SCAN_LIMIT,
  });
  const linesByFile = new Map<string, number[]>();
  for (const m of found.matches) linesByFile.set(m.path, [...(linesByFile.get(m.path) ?? []), m.line]);
  for (const result of results) {
    const inRange = linesByFile.get(result.path)?.filter((l) => result.startLine <= l && l <= result.endLine) ?? [];
    if (inRange.length === 0) continue;
    const chunk = corpus.chunks[result.chunkId];
    const file = corpus.files[chunk?.fileId ?? -1];
    let lines: string[] | undefined;
    const linesOf = () => (lines ??= file ? file.text.split('\n') : []);
    // A message is printed by code: a comment repeating it (`# TODO: Implement #ask …` above the
    // `raise`, a doc block quoting a deprecation) is not where it is printed.
    const line = (inRange.length > 1 && inRange.find((l) => !isComment(linesOf()[l - 1] ?? ''))) || inRange[0];
    result.line = line;
    if (chunk?.kind === 'definition' && FUNCTION_KINDS.has(chunk.definitionKind ?? '')) continue;
    if (!file) continue;
    const block =
      enclosingFunction(file.path, linesOf(), line, result.startLine, result.endLine) ??
      statementAround(linesOf(), line, result.startLine, result.endLine);
    if (block) [result.startLine, result.endLine] = block;
  }
}

/** A range this many lines long or shorter is shown whole: it is already about the message. */
const STATEMENT_RANGE_LINES = 12;
/** Lines a statement printing a message spans at most, from its line on. */
const STATEMENT_LINES = 8;

/**
 * The statement a message is on, when no function is around it and the range is wider than a
 * statement: a value in a block of error declarations (Go's `var ( ErrX = errors.New("…") … )`),
 * a panic in a `macro_rules!` body, a `raise` at a module's top level. From the line (and the
 * call opened on the line above it, `return fmt.Errorf(` over its literal) to where the brackets
 * opened on it close. Null when the range is already short.
 */
export function statementAround(
  lines: readonly string[],
  line: number,
  from: number,
  to: number,
): [number, number] | null {
  if (to - from + 1 <= STATEMENT_RANGE_LINES) return null;
  let start = line;
  // A call left open on the line above; a declaration block's own opening (`var (`) is not one.
  while (
    start > from &&
    line - start < 2 &&
    CALL_OPEN.test(lines[start - 2] ?? '') &&
    !BLOCK_OPEN.test(lines[start - 2])
  )
    start--;
  let depth = 0;
  for (let l = start; l <= to && l < start + STATEMENT_LINES; l++) {
    const code = (lines[l - 1] ?? '').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\/.*$/g, '');
    for (const c of code) {
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth--;
    }
    if (depth <= 0) return [start, l];
  }
  return [start, line];
}

/** A line ending with an opened call (`return fmt.Errorf(`, `raise ValueError(`). */
const CALL_OPEN = /[\w!]\s*\(\s*$/;
/** A block of declarations opened on its own line (`var (`, `const (`). */
const BLOCK_OPEN = /^\s*(?:var|const|let|import|type)\s*\(\s*$/;

/** A line that opens a function in the languages parsed, when the parser did not see it (inside a macro call). */
const FUNCTION_HEADER = /^\s*(?:[\w()[\]#:"'.,<>-]+\s+)*(?:fn|def|func|function|sub)\s+[A-Za-z_$][\w$!?]*/;

/**
 * The function around `line` within [from, to], by the text: the nearest less indented line
 * above that opens one, to its closing brace, its `end`, or (Python) the end of its indented
 * body. Null when there is none inside the range.
 */
export function enclosingFunction(
  path: string,
  lines: readonly string[],
  line: number,
  from: number,
  to: number,
): [number, number] | null {
  const indent = (l: number) => /^\s*/.exec(lines[l - 1] ?? '')![0].length;
  const own = indent(line);
  for (let h = line; h >= from; h--) {
    if (!FUNCTION_HEADER.test(lines[h - 1] ?? '') || (h < line && indent(h) >= own)) continue;
    const end = blockEnd(lines, h, to, blockStyleOf(path));
    return end !== null && end >= line ? [h, end] : null;
  }
  return null;
}

/** How a language closes a function body. */
type BlockStyle = 'braces' | 'indent' | 'end';

function blockStyleOf(path: string): BlockStyle {
  if (/\.pyi?$/.test(path)) return 'indent';
  if (/\.(rb|rake|lua|ex|exs|jl)$/.test(path)) return 'end';
  return 'braces';
}

/** Where a body ends at the first line back at the header's indentation: that line for Ruby's `end`, else the body's last line. */
function closingLine(style: BlockStyle, text: string, line: number, bodyEnd: number | null): number | null {
  if (style === 'end') return /^\s*end\b/.test(text) ? line : null;
  return bodyEnd;
}

function blockEnd(lines: readonly string[], header: number, to: number, style: BlockStyle): number | null {
  const indentOf = (l: number) => /^\s*/.exec(lines[l - 1] ?? '')![0].length;
  const headerIndent = indentOf(header);
  if (style !== 'braces') {
    let last = header;
    for (let l = header + 1; l <= to; l++) {
      const t = lines[l - 1] ?? '';
      if (!t.trim()) continue;
      if (indentOf(l) <= headerIndent) return closingLine(style, t, l, last > header ? last : null);
      last = l;
    }
    return style === 'indent' && last > header ? last : null;
  }
  let depth = 0;
  let opened = false;
  for (let l = header; l <= to; l++) {
    const code = (lines[l - 1] ?? '').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\/.*$/g, '');
    for (const c of code) {
      if (c === '{') [depth, opened] = [depth + 1, true];
      else if (c === '}') depth--;
    }
    if (opened && depth <= 0) return l;
  }
  return null;
}

/** A variable concatenated just before a literal (`$message . '…'`, `msg + "…"`, `msg << "…"`): a parameter the helper prints first. */
const VARIABLE_BEFORE_LITERAL = /(?:^|[^\w$])\$?[A-Za-z_]\w*\s*(?:\.|\+|<<)\s*$/;
/** The name of a function a line opens (`function name(`, `def name`, `fn name`, `func (r T) name(`). */
const FUNCTION_NAME = /(?:\bfunction|\bdef|\bfn|\bfunc(?:\s*\([^)]*\))?)\s+([A-Za-z_]\w*)/;
/** Lines read above a format for the function it is in. */
const HELPER_SCAN_LINES = 60;

/**
 * A message printed by a helper (`assertUninitialized('Failed to add renderer.')` throwing
 * `$message . ' Extensions have already been initialized.'`): the helper's format explains the
 * fixed end, but which of its callers failed is in the text before it, the literal a call site
 * passes. Those call sites are the message's lines; the formats are kept when no call site of
 * the helper passes that text.
 */
export function helperCallSites(formats: FormatMatch[], pasted: string, sources: MessageSources): FormatMatch[] {
  if (formats.length !== 1 || formats[0].fileId === undefined) return formats;
  const format = formats[0];
  const source = sources.lineText(format.fileId!, format.line) ?? '';
  const at = source.indexOf(format.literal);
  if (at < 1 || !VARIABLE_BEFORE_LITERAL.test(source.slice(0, at - 1))) return formats;
  let helper: string | undefined;
  for (let l = format.line - 1; l >= Math.max(1, format.line - HELPER_SCAN_LINES) && !helper; l--)
    helper = FUNCTION_NAME.exec(sources.lineText(format.fileId!, l) ?? '')?.[1];
  const fixed = normalise(formatPieces(format.literal).map(constantText).join('')).trim();
  if (!helper || !fixed) return formats;
  const callsHelper = new RegExp(`\\b${escapeRegExp(helper)}\\s*\\(`);
  for (const message of unwrapMessage(pasted)) {
    const text = normalise(message);
    const end = text.indexOf(fixed);
    const before = text.slice(0, end).trim();
    if (end < 1 || before.split(' ').length < 2) continue;
    const calls: FormatMatch[] = [];
    for (const hit of sources.linesContaining(before, FORMAT_MATCH.linesPerFragment)) {
      const line = sources.lineText(hit.fileId, hit.line) ?? '';
      if (!callsHelper.test(line)) continue;
      const literal = formatRuns(line).find((r) => normalise(r.pieces.map(constantText).join('')).trim() === before);
      if (literal)
        calls.push({
          ...format,
          path: hit.path,
          fileId: hit.fileId,
          line: hit.line,
          literal: literal.literal.content,
          constants: undefined,
        });
    }
    if (calls.length > 0) return calls;
  }
  return formats;
}

/**
 * A message an error type builds from its fields (dns' `ParseError.Error()`: `"dns: " + e.err +
 * ": " + strconv.QuoteToASCII(e.lex.token) + " at line: " + …`): that format explains the
 * message, but where it was raised is the literal the code filled the field with (`return
 * &ParseError{"", "bad MX Pref", l}`), printed as one of the format's values. A value of two words
 * or more, up to FORMAT_MATCH.maxValueWords (a longer one is a nested message, the next format's),
 * not quoted (a quoted value is the input's: `"ten"`), that is the whole text of a string literal of
 * the corpus names those lines, the format's place given to them; the formats are kept when no
 * literal holds one of the best format's values.
 */
export function valueLiterals(formats: FormatMatch[], sources: MessageSources): FormatMatch[] {
  const [format] = formats;
  if (!format) return formats;
  const own = new Set(formats.map((f) => `${f.path}:${f.line}`));
  for (const value of format.values ?? []) {
    const words = value.split(' ').length;
    if (words < 2 || words > FORMAT_MATCH.maxValueWords || /^["'`]/.test(value)) continue;
    if (value.replace(/\s/g, '').length < FORMAT_MATCH.minConstantChars) continue;
    const sites: FormatMatch[] = [];
    for (const hit of sources.linesContaining(value, FORMAT_MATCH.linesPerFragment)) {
      const text = sources.lineText(hit.fileId, hit.line) ?? '';
      if (own.has(`${hit.path}:${hit.line}`) || isComment(text)) continue;
      const literal = stringLiterals(text).find((l) => {
        const pieces = formatPieces(l.content);
        return pieces.every((p) => 'constant' in p) && normalise(pieces.map(constantText).join('')).trim() === value;
      });
      if (literal)
        sites.push({
          ...format,
          path: hit.path,
          fileId: hit.fileId,
          line: hit.line,
          literal: literal.content,
          constants: undefined,
          printedBy: { literal: format.literal, path: format.path, line: format.line },
        });
    }
    if (sites.length > 0) return sites;
  }
  return formats;
}
