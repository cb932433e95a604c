/**
 * Lining a format up with a message (issue 20, item 4): where each constant piece of the format
 * sits in the message, what its placeholders printed, and the share of the message the format
 * explains — values of more words than a value has read as a nested message and cost their extra
 * words, a cause after a colon is explained as a value.
 */
import { type FormatPiece, normalise, printedLines } from './formats';
import { LINE_BREAK } from './paste';
import { FORMAT_MATCH, type Nested } from './shared';

/** How a format lines up with a message (alignFormat). */
export interface Alignment {
  constantChars: number;
  score: number;
  coverage: number;
  startsMessage: boolean;
  /** The text its placeholders printed, as aligned (normalised), in order. */
  values: string[];
  nested?: Nested;
  /**
   * The line of a format printing several lines that the message is, when it is one of them
   * (printedLines): the pieces that printed it.
   */
  printedLine?: FormatPiece[];
}

/**
 * How a format's pieces line up with a message: the characters its constants and values account
 * for. A format printing several lines (NLTK's `"Resource {resource} not found.\n" "Please use the
 * NLTK Downloader …"`) is also lined up a line at a time, each line as a format of its own: a
 * user copies one of them. The better reading is kept (betterReading).
 */
export function alignFormat(pieces: readonly FormatPiece[], message: string): Alignment | null {
  let best = alignPieces(pieces, message);
  for (const line of printedLines(pieces)) {
    const found = alignPieces(line, message);
    if (found && (!best || betterReading(found, best))) best = { ...found, printedLine: line };
  }
  return best;
}

/**
 * Whether reading `a` of a format is better than `b`: one that explains enough of its message to
 * answer comes before any that does not, whatever its score — hclog's `"failed to appendEntries
 * to"` joined with its `"peer"` key holds more of the whole line than the literal alone holds of
 * the message before the `key=value` pairs, but explains a quarter of it. Then the higher score,
 * then the greater coverage.
 */
export function betterReading(a: { score: number; coverage: number }, b: { score: number; coverage: number }): boolean {
  const enough = (r: { coverage: number }) => r.coverage >= FORMAT_MATCH.minCoverage;
  if (enough(a) !== enough(b)) return enough(a);
  return a.score > b.score || (a.score === b.score && a.coverage > b.coverage);
}

function alignPieces(pieces: readonly FormatPiece[], message: string): Alignment | null {
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
  // Two spaces in a line are a value printed empty between them (`"Message UID $uid not found"`
  // with no uid): read as one space, as all white space is, the value may then be empty.
  const emptyValues = EMPTY_VALUE_GAP.test(message);
  let best: Alignment | null = null;
  for (let from = text.indexOf(constants[0]); from >= 0; from = text.indexOf(constants[0], from + 1)) {
    const found = alignFrom(parts, text, lined, from, leadingValue, emptyValues);
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
  emptyValues = false,
): Alignment | null {
  let pos = from;
  const values: string[] = [];
  let constantChars = 0;
  // A leading placeholder printed the word just before the first constant.
  let valueChars = leadingValue ? (/\S+\s?$/.exec(text.slice(0, from))?.[0].trim().length ?? 0) : 0;
  let penalty = 0;
  let nested: { text: string; chars: number; counted: boolean; placeholder: string } | null = null;
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
    else if (next && 'constant' in next) end = nextConstant(text, lined, normalise(next.constant), pos, emptyValues);
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
    // A value printed as a structure (Rust's `{:?}` of `Token { kind: Ident, span: 4..9 }`, Go's
    // `%+v` of `{Name:x Port:80}`, a list `[a, b, c]`) is one value whatever its words: its
    // brackets hold it together, where a nested message's words run free.
    // So is a list a join printed (Ruby's `list.join(', ')`, Python's `', '.join(names)`: `ns,
    // nanos, ms, s`), whatever its length.
    const words =
      isStructure(value.trim()) || isJoinedList(value.trim()) ? 1 : value.trim().split(/\s+/).filter(Boolean).length;
    // A cause appended after a colon (`failed: {e}`, Go's `: %w`) or a bracketed label
    // (`[PANIC RECOVER] %v %s`) is a nested message by design — an OS error, a wrapped error,
    // the rest of the line: the format explains it as a value. It still costs its extra words,
    // so that a format printing the nested message itself ranks first.
    const previous = parts[p - 1];
    const cause =
      (!next || closing) &&
      previous &&
      'constant' in previous &&
      (CAUSE_BEFORE.test(previous.constant) || ERROR_VALUE.test(part.placeholder));
    if (words > FORMAT_MATCH.maxValueWords)
      penalty += FORMAT_MATCH.extraWordPenalty * (words - FORMAT_MATCH.maxValueWords);
    const chars = value.replace(/\s/g, '').length;
    const counted = words <= FORMAT_MATCH.maxValueWords || cause || multiLine;
    if (counted) valueChars += chars;
    if (words > FORMAT_MATCH.maxValueWords && (!nested || chars > nested.chars))
      nested = { text: value.trim(), chars, counted, placeholder: part.placeholder };
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
            placeholder: nested.placeholder,
            coverage: share(constantChars + valueChars + (nested.counted ? 0 : nested.chars)),
          },
        }
      : {}),
  };
}

/** Two or more spaces between printed words in the pasted text: a value printed empty (alignFormat). */
const EMPTY_VALUE_GAP = /[^\s] {2,}[^\s]/;

/** Three items at least, each one token, a comma between each two: a list printed by a join. */
const JOINED_LIST = /^[^\s,]+(?:, ?[^\s,]+){2,}$/;

function isJoinedList(value: string): boolean {
  return JOINED_LIST.test(value);
}

/** A type's name or nothing, then brackets that open at once and close at the value's end. */
const STRUCTURE_HEAD = /^[\w:.]*\s?[([{]/;

function isStructure(value: string): boolean {
  if (!STRUCTURE_HEAD.test(value)) return false;
  let depth = 0;
  let opened = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '(' || c === '[' || c === '{') {
      depth++;
      opened = true;
    } else if (c === ')' || c === ']' || c === '}') depth--;
    if (opened && depth === 0) return i === value.length - 1;
    if (depth < 0) return false;
  }
  return false;
}

/**
 * What introduces a cause at the end of a format: a colon, a bracketed label, Go's `error=%v` /
 * `err=%v`, or an arrow before the rest of a line another program printed (Vagrant's
 * `"rsync[#{io_name}] -> #{line}"` around rsync's own stderr).
 */
const CAUSE_BEFORE = /(?:[:\]]|\berr(?:or)?=|\s->)\s*$/;

/**
 * A last value the code names as an error it was handed (Lua's `'…Warning! ' .. err` after
 * `local f, err = io.open(…)`, `${err}`, `{error}`): the cause, whatever label precedes it.
 */
const ERROR_VALUE = /^[^\w\n]*(?:err|error)(?:_?(?:msg|str|message|text))?\b(?![ \t]*[.([\w])/i;

/** Punctuation a format may close its last value with. */
const CLOSING = /^[.!?]+$/;

/** Where a format's closing punctuation starts: at the message's end, or nowhere. */
function closingAt(text: string, constant: string, pos: number): number {
  const trimmed = text.trimEnd();
  return trimmed.endsWith(constant) && trimmed.length - constant.length >= pos ? trimmed.length - constant.length : -1;
}

/**
 * Where a constant after a value starts: the first occurrence within a value's length, after a
 * line break of the paste, or after a joined list of any length; with `emptyValues`, at once where
 * the value printed nothing.
 */
function nextConstant(text: string, lined: string, constant: string, pos: number, emptyValues = false): number {
  // An empty value between the space before it and the one the next constant opens with: that
  // constant starts at the first of the two, read as one.
  if (emptyValues && constant.startsWith(' ') && text[pos - 1] === ' ' && text.startsWith(constant.slice(1), pos))
    return pos - 1;
  const at = text.indexOf(constant, pos);
  return at >= 0 &&
    (at - pos <= FORMAT_MATCH.maxValueChars ||
      lined.slice(pos, at).includes(LINE_BREAK) ||
      isJoinedList(text.slice(pos, at).trim()))
    ? at
    : -1;
}

/** Adjacent constants join, adjacent placeholders are one value (`%q%s`). */
function mergePieces(pieces: readonly FormatPiece[]): FormatPiece[] {
  const out: FormatPiece[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (last && 'constant' in last && 'constant' in p) out[out.length - 1] = { constant: last.constant + p.constant };
    else if (!(last && 'placeholder' in last && 'placeholder' in p)) out.push(p);
  }
  // White space at the end of a format is not printed text a user keeps (C's closing `\n`, a
  // prompt's `"… instead? "`), nor is a constant of white space alone; between two placeholders
  // (`%v %s`) it is one value of several words. (White space at its start is kept: a literal
  // opening with a space is a piece printed after other text, `" Did you mean %q?"`.)
  const last = out[out.length - 1];
  if (last && 'constant' in last) out[out.length - 1] = { constant: last.constant.trimEnd() };
  const kept = out.filter((p) => !('constant' in p) || p.constant.trim().length > 0);
  return kept.filter((p, i) => !('placeholder' in p && i > 0 && 'placeholder' in kept[i - 1]));
}

function dropLeadingPlaceholders(pieces: FormatPiece[]): FormatPiece[] {
  const first = pieces.findIndex((p) => 'constant' in p);
  return first < 0 ? [] : pieces.slice(first);
}

/** Placeholder of a joined pair of formats (joinedFormats): where the printer's separator goes. */
export const JOIN = '\u0000join';

/** What a printer writes between two formats it joins (`%s; %s`, `%s: %s`, `%s - %s`): punctuation alone. */
const JOIN_SEPARATOR = /^[^\w"'`]{0,3}$/;
