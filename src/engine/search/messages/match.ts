/**
 * Pasted runtime messages to the format strings that printed them (issue 20, item 4): candidate
 * lines and their ranking.
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
import { escapeRegExp } from '../../text/escape';
import { STOP_WORDS } from '../../tokens';
import { alignFormat, type Alignment, betterReading, JOIN } from './align';
import { byFileConstants, calleeBody, type LiteralArgument, literalArguments } from './followed';
import {
  constantText,
  debugStructRuns,
  type FormatPiece,
  formatPieces,
  type FormatRun,
  formatRuns,
  formatUsePattern,
  isComment,
  longStringConstant,
  type Literal,
  normalise,
  printedIn,
  resolvedPieces,
  stringConstant,
  unstyledPieces,
  wordAt,
  WRAPPED_ERRORS,
} from './formats';
import { debugPrintedName, loggedErrors, RULE_LINE, unwrapMessage } from './paste';
import { FORMAT_MATCH, type FormatMatch, type MessageSources, type SourceLine } from './shared';

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
  // A word before a backslashed one (TeX's `Missing \end{align}`, a Windows path's `C:\Program`):
  // a source's string literal doubles the backslash (`"Missing \\end{%1}"`), and is read so.
  for (const m of messages)
    for (const found of m.matchAll(/(?<![\w'\\])([A-Za-z][\w'-]*[A-Za-z0-9]?) \\([A-Za-z]\w*)(?![\w'])/g)) {
      const [, a, b] = found;
      if (a.length + b.length >= 6) out.add(`${a} \\\\${b}`);
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
 * A message that is one word of FORMAT_MATCH.minConstantChars or more with a qualifier's `::` or
 * a dot inside it (range-v3's `throw std::out_of_range("ranges::at")`, which libstdc++ prints
 * alone after `what():`), opening a literal: quoted as a string literal opens with it.
 */
function quotedWordsOf(messages: readonly string[]): string[] {
  const words = new Set(messages.filter((m) => LONE_WORD.test(m)));
  return [...words].flatMap((word) => [`"${word}`, `'${word}`]);
}

/** See quotedWordsOf. */
const LONE_WORD = new RegExp(`^(?=[\\w:.<>-]*[:.])[A-Za-z_][\\w:.<>-]{${FORMAT_MATCH.minConstantChars - 2},}\\w$`);

/**
 * The format strings of the corpus that print `pasted`, best first; every format that ties
 * for the best score is kept (the same message raised in several places). Empty when no
 * format explains enough of the message.
 */
export function findFormatStrings(pasted: string, sources: MessageSources): FormatMatch[] {
  const messages = unwrapMessage(pasted);
  // A log line's message is looked for before the errors it was given: the line was printed
  // where its message was formatted (loggedErrors).
  const errors = new Set(loggedErrors(pasted));
  const own = messages.filter((m) => !errors.has(m));
  const tries = errors.size > 0 && own.length > 0 ? [own, messages] : [messages];
  // The message under a heading is looked for before the heading: a format printing the heading
  // alone (`"Critical error:"`) explains all of that reading, and says nothing of the message.
  const headings = headingReadings(pasted, messages);
  for (const readings of tries) {
    const body = readings.filter((m) => !headings.has(m));
    if (body.length > 0 && body.length < readings.length) {
      const found = formatsPrinting(pasted, body, sources);
      if (found.length > 0) return found;
    }
    const found = formatsPrinting(pasted, readings, sources);
    if (found.length > 0 || readings === messages) return found;
  }
  return [];
}

/**
 * A line that only heads what follows it: a title ending in a colon, a rule of punctuation
 * (`===`), or a banner of a few words in capitals (Phing's and Ant's `BUILD FAILED` above the
 * failing task's `build.xml:21:58: Task exited with code 2`: the logger's verdict on the build,
 * the message below it made by the task).
 */
const isHeadingLine = (line: string) => line.endsWith(':') || RULE_LINE.test(line) || BANNER_LINE.test(line);

/** One to four words in capitals, nothing else (`BUILD FAILED`, `FAILURES!`): no value, no sentence. */
const BANNER_LINE = /^[A-Z]{2,}(?: [A-Z]{2,}){0,3}!?$/;

/**
 * The readings of a paste that lie within the heading lines it opens with (`Critical error:`
 * over `===============`, then the message; `The following error occurred:` and the error): a
 * report's title, printed above the message, which was made elsewhere. None when every line
 * is such a line.
 */
function headingReadings(pasted: string, messages: readonly string[]): Set<string> {
  const lines = pasted
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  let k = 0;
  while (k < lines.length && isHeadingLine(lines[k])) k++;
  if (k === 0 || k === lines.length) return new Set();
  const spaced = (t: string) => t.replace(/\s+/g, ' ').trim();
  const heading = spaced(lines.slice(0, k).join(' '));
  return new Set(messages.filter((m) => spaced(m) !== '' && heading.includes(spaced(m))));
}

/** The format strings that print one of `messages` (the readings of `pasted`), best first. */
function formatsPrinting(pasted: string, messages: readonly string[], sources: MessageSources): FormatMatch[] {
  if (messages.length === 0) return [];
  const seen = new Set<string>();
  const found = new Map<string, FormatMatch>();
  // String constants whose text the message holds: part of the message may be printed from
  // them (`#define PREFIX "…"`, `static const char x[] = "rounds=";`, `NAME = "…"`).
  const constants = new Map<string, FormatPiece[]>();
  // String constants that are formats the message aligns with, found only at their use.
  const formatConstants = new Map<string, FormatPiece[]>();
  // Explained whole and with no value read as a nested message (that may be another format's).
  const wholeMessage = () => [...found.values()].some(explainsWhole);
  // A format found at a line of `hit`'s file, kept unless the same one is known read better.
  const keep = (hit: SourceLine, match: FormatMatch) => {
    const id = `${hit.fileId}:${match.line}:${match.literal}`;
    const known = found.get(id);
    if (!known || betterReading(match, known)) found.set(id, match);
  };
  const read = (hit: SourceLine, withConstants: ReadonlyMap<string, FormatPiece[]>) => {
    for (const match of formatsAround(hit, sources, messages, withConstants)) keep(hit, match);
  };
  const readCandidate = (hit: SourceLine) => {
    const key = `${hit.fileId}:${hit.line}`;
    if (seen.has(key)) return;
    seen.add(key);
    // The words of a format string sit between quotes on their line (a docstring's or a
    // template's inner lines are not printed messages, or rarely).
    const text = sources.lineText(hit.fileId, hit.line) ?? '';
    if (!/["'`]/.test(text)) {
      if (constants.size < FORMAT_MATCH.maxConstants)
        readLongString(hit, sources, messages, constants, formatConstants);
      return;
    }
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
  // colon written after it (`Authentication (`, `rename(`, `channel_open_failed:`). A message of
  // one word shares no two words with its format either: the literal that opens with it is read.
  if (!wholeMessage())
    for (const fragment of [...openingFragmentsOf(messages), ...quotedWordsOf(messages)]) {
      if (seen.size >= FORMAT_MATCH.maxCandidateLines || wholeMessage()) break;
      for (const hit of sources.linesContaining(fragment, FORMAT_MATCH.linesPerFragment)) readCandidate(hit);
    }
  // A struct as Rust's `{:?}` prints it shares no two words in a row with the `Debug` impl that
  // printed it: its builder's call names the struct (`f.debug_struct("epoll_event")`).
  if (!wholeMessage())
    for (const name of new Set(messages.map(debugPrintedName))) {
      if (name === null || seen.size >= FORMAT_MATCH.maxCandidateLines) continue;
      for (const hit of sources.linesContaining(`debug_struct("${name}")`, FORMAT_MATCH.linesPerFragment))
        readCandidate(hit);
    }
  // A message with a value between every two of its words and no bracket or colon after one
  // (`task default panicked`, `Missing config block`, `Invalid "default" color.`): two of its
  // words with the value between them, on one line. A pair of words is in many lines that print
  // no such message, so only a format explaining the whole message is taken from those lines.
  if (!wholeMessage() && sources.linesMatching)
    for (const pattern of gappedPairsOf(messages)) {
      if (seen.size >= FORMAT_MATCH.maxCandidateLines || wholeMessage()) break;
      for (const hit of sources.linesMatching(pattern, FORMAT_MATCH.linesPerFragment)) {
        const key = `${hit.fileId}:${hit.line}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (!/["'`]/.test(sources.lineText(hit.fileId, hit.line) ?? '')) continue;
        for (const match of formatsAround(hit, sources, messages, NO_CONSTANTS)) {
          const id = `${hit.fileId}:${match.line}:${match.literal}`;
          if (explainsWhole(match) && !found.has(id)) found.set(id, match);
        }
      }
    }
  // The formats a constant fills: the lines that name it, read with the constants' text.
  if (!wholeMessage())
    for (const name of new Set([...constants.keys(), ...formatConstants.keys()])) {
      const used = new Set<string>();
      for (const hit of sources.linesContaining(name, FORMAT_MATCH.linesPerFragment)) {
        const key = `${hit.fileId}:${hit.line}`;
        if (used.has(key) || !wordAt(sources.lineText(hit.fileId, hit.line) ?? '', name)) continue;
        used.add(key);
        read(hit, constants);
        const pieces = formatConstants.get(name) ?? constants.get(name)!;
        for (const match of usedAsFormat(hit, sources, messages, name, pieces)) keep(hit, match);
      }
    }
  // The formats of the functions those literals are passed to, read with the parameter the
  // literal fills as a string constant (`"#{message} for #{…}"` with `message` = "does not match").
  if (!wholeMessage())
    for (const call of calls.slice(0, FORMAT_MATCH.maxArgumentCalls))
      for (const { hit, parameter } of calleeBody(call, sources)) read(hit, new Map([[parameter, call.pieces]]));
  // A sentinel error found whole at the end of a message (`Failed to sync: <ErrorOverlapping's
  // text>`) was printed by a wrapper whose words before it hold a value (`"Failed to %s: %v"`):
  // words common enough (`Failed to`) to be past the lines the lookups read, so the wrapper's
  // opening, its value's placeholder after it, is looked for.
  for (const fragment of wrapperOpenings([...found.values()], messages, sources))
    for (const hit of sources.linesContaining(fragment, FORMAT_MATCH.linesPerFragment)) readCandidate(hit);
  creditNestedFormats([...found.values()], sources);
  const byScore = (a: FormatMatch, b: FormatMatch) =>
    b.score - a.score || b.coverage - a.coverage || a.path.localeCompare(b.path) || a.line - b.line;
  const ranked = wordsOverNames(
    [...found.values()]
      .filter((m) => m.constantChars >= FORMAT_MATCH.minConstantChars && m.coverage >= FORMAT_MATCH.minCoverage)
      .sort(byScore),
  );
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
  const best = atPastedLevel(
    atPastedLocation(
      quotedAlike(
        sameCase(
          ranked.filter((m) => m.score === ranked[0].score && m.coverage === ranked[0].coverage),
          messages,
        ),
      ),
      pasted,
    ),
    pasted,
    sources,
  ).map((m) => atOwnLiteral(m, sources));
  return constants.size > 0 ? byFileConstants(best, sources, messages) : best;
}

const NO_CONSTANTS: ReadonlyMap<string, FormatPiece[]> = new Map();

/**
 * A line of a string constant written over several lines (Lua's `[[…]]`): its text is kept as
 * a constant the message holds, or, when it is a format of its own that the message aligns
 * with (`Vicious: %s is not available …`), as a format found where it is used (usedAsFormat).
 */
function readLongString(
  hit: SourceLine,
  sources: MessageSources,
  messages: readonly string[],
  constants: Map<string, FormatPiece[]>,
  formatConstants: Map<string, FormatPiece[]>,
): void {
  const long = longStringConstant((l) => sources.lineText(hit.fileId, l), hit.line, FORMAT_MATCH.longStringLines);
  if (!long || long.name.length < FORMAT_MATCH.minConstantName) return;
  if (printedIn(long.pieces, messages)) constants.set(long.name, long.pieces);
  else if (messages.some((m) => (alignFormat(long.pieces, m)?.coverage ?? 0) >= FORMAT_MATCH.minCoverage))
    formatConstants.set(long.name, long.pieces);
}

/**
 * A string constant used whole as the format at this line, with no literal of its own there
 * (`assert(ret, NOT_FOUND_ERR:format(basename))`, `raise ValueError(MSG % name)`): the message
 * was made at the use, the constant being only its text.
 */
function usedAsFormat(
  hit: SourceLine,
  sources: MessageSources,
  messages: readonly string[],
  name: string,
  pieces: readonly FormatPiece[],
): FormatMatch[] {
  const text = sources.lineText(hit.fileId, hit.line) ?? '';
  if (!new RegExp(formatUsePattern(name)).test(text)) return [];
  let best: Alignment | null = null;
  for (const message of messages) {
    const aligned = alignFormat(pieces, message);
    if (aligned && (!best || betterReading(aligned, best))) best = aligned;
  }
  if (!best) return [];
  const literal = pieces.map((p) => ('constant' in p ? p.constant : p.placeholder)).join('');
  return [{ path: hit.path, fileId: hit.fileId, line: hit.line, literal, ...readWith(best, pieces), formatName: name }];
}

/**
 * An alignment with the pieces that printed the message: the format's, or the one line of it the
 * message is (a format printing several lines); the match is still placed at the format.
 */
function readWith(aligned: Alignment, pieces: readonly FormatPiece[]): Alignment & { pieces: readonly FormatPiece[] } {
  const { printedLine, ...rest } = aligned;
  return { ...rest, pieces: printedLine ?? pieces };
}

/** A line calling Rust's Debug builder for a struct. */
const DEBUG_STRUCT_CALL = /\.debug_struct\(/;

/**
 * A literal that is one name — no space, no placeholder: a message's symbol or code
 * (pylint's `"unused-variable"` beside `"Unused variable %r"` in its message table, printed
 * `Unused variable 'tmp' (unused-variable)`), a key, a value the message shows (paramiko's
 * `"ssh-ed25519"` in `Signature verification (ssh-ed25519) failed.`) — names what the message is
 * about; the message itself was made by a format of words. Such names rank after every format
 * of words that also explains enough of the message, whatever their few characters more.
 */
function wordsOverNames(ranked: FormatMatch[]): FormatMatch[] {
  const isName = (m: FormatMatch) => {
    const pieces = m.pieces ?? formatPieces(m.literal);
    return pieces.every((p) => 'constant' in p) && !/\s/.test(pieces.map(constantText).join('').trim());
  };
  const names = ranked.filter(isName);
  if (names.length === 0 || names.length === ranked.length) return ranked;
  return [...ranked.filter((m) => !isName(m)), ...names];
}

/**
 * A format that explains the whole message, with no value read as a nested message (that may be
 * another format's). (A format of less constant text than an answer needs, `"[chan %s] " + msg`,
 * is no answer.)
 */
function explainsWhole(m: FormatMatch): boolean {
  return (
    m.coverage >= FORMAT_MATCH.wholeMessage &&
    m.score === m.constantChars &&
    m.constantChars >= FORMAT_MATCH.minConstantChars
  );
}

/** A word at the start of a token, its quotes or brackets aside (`"default"` → default, `arg(s),` → arg). */
const TOKEN_WORD = /^["'`([{<]*([A-Za-z][A-Za-z0-9_'-]*[A-Za-z0-9])/;

/**
 * Two words of the message with one token between them (`task … panicked`, `Missing … block`,
 * `Invalid … color`), as patterns matching both on one line with at most a value's length
 * between them; longest first. Not two function words.
 */
function gappedPairsOf(messages: readonly string[]): string[] {
  const out = new Set<string>();
  for (const m of messages) {
    const tokens = m.split(/\s+/).filter(Boolean);
    for (let i = 0; i + 2 < tokens.length; i++) {
      const a = TOKEN_WORD.exec(tokens[i])?.[1];
      const b = TOKEN_WORD.exec(tokens[i + 2])?.[1];
      if (!a || !b || a.length < 3 || b.length < 3 || a.length + b.length < FORMAT_MATCH.minGappedChars) continue;
      if (STOP_WORDS.has(a.toLowerCase()) && STOP_WORDS.has(b.toLowerCase())) continue;
      out.add(`${a}\0${b}`);
    }
  }
  return [...out]
    .sort((x, y) => y.length - x.length)
    .slice(0, FORMAT_MATCH.maxGappedLookups)
    .map((pair) => {
      const [a, b] = pair.split('\0').map(escapeRegExp);
      return String.raw`\b${a}\b.{1,${FORMAT_MATCH.maxValueChars}}\b${b}\b`;
    });
}

/**
 * Formats that tie when case is ignored (serf's `"Unknown event type: %s"` in the agent and
 * `"unknown event type: %d"` in the library; h2's `"invalid SETTINGS frame"` and `"invalid
 * settings frame"`): those whose constant text the message holds as written printed it, when
 * some do. Case is ignored while aligning (a terminal or a logger may change it); it only
 * breaks the tie.
 */
function sameCase(tied: FormatMatch[], messages: readonly string[]): FormatMatch[] {
  if (tied.length < 2) return tied;
  const kept = tied.filter((m) => writtenIn(m, messages));
  return kept.length > 0 ? kept : tied;
}

/**
 * A placeholder that prints its value in quotes: Go's `%q`, Python's `%r` and `{!r}`, Rust's
 * `{:?}` (a string's Debug form), Ruby's `#{x.inspect}`.
 */
const QUOTING_PLACEHOLDER = /^%[-+ #0]*\d*q$|^%(?:\([\w.]+\))?[-+ #0]*\d*r$|!r\}$|:#?\?\}$|\.inspect\}$/;

/** A value printed with quotes around it (`"foo"`, `'user_id'`). */
const QUOTED_VALUE = /^(["'])[^]*\1$/;

/**
 * Formats that tie (Rouge's `raise "unknown lexer #{lexer}"` and the CLI's `error! "unknown lexer
 * #{opts[:lexer].inspect}"`): those whose placeholders quote the values the message shows quoted,
 * and only those (`unknown lexer "foo"` is the second's), when some agree better than others.
 * A value in quotes the format writes itself is printed by any placeholder alike.
 */
function quotedAlike(tied: FormatMatch[]): FormatMatch[] {
  if (tied.length < 2) return tied;
  const agreement = (m: FormatMatch): number => {
    const pieces = m.pieces ?? formatPieces(m.literal);
    // The placeholders after the first constant, each with the value it printed (align.ts);
    // placeholders side by side (`%q%s`) printed one value, opened by the first of them.
    const first = pieces.findIndex((p) => 'constant' in p);
    const placeholders: string[] = [];
    let previous: FormatPiece | undefined;
    for (const p of pieces.slice(Math.max(first, 0))) {
      if ('placeholder' in p && p.placeholder !== JOIN && !(previous && 'placeholder' in previous))
        placeholders.push(p.placeholder);
      previous = p;
    }
    const values = m.values ?? [];
    if (placeholders.length !== values.length) return 0;
    return placeholders.filter((p, i) => QUOTING_PLACEHOLDER.test(p) === QUOTED_VALUE.test(values[i])).length;
  };
  const scored = tied.map((m) => ({ m, agrees: agreement(m) }));
  const most = Math.max(...scored.map((s) => s.agrees));
  return scored.filter((s) => s.agrees === most).map((s) => s.m);
}

/**
 * A file and line a paste names, as a panic, an uncaught exception or a compiler prints them
 * (`…/rustix-0.35.12/src/backend/linux_raw/net/syscalls.rs:786:13`, `in /srv/app/vendor/…/
 * PropertyMetadata.php:40`): a path with an extension, then `:line`; or ` on line N` (PHP's
 * errors and its error_log: `in /usr/share/app/lib/cache.php on line 75`), ` line N` (Perl's
 * `at /usr/share/perl5/X.pm line 42.`), `", line N` (a Python frame).
 */
const PASTED_LOCATION =
  /(?<![\w./-])((?:[\w.@~+-]*\/)*[\w@~+-][\w.@~+-]*\.[A-Za-z]\w*)(?::| on line | line |", line )(\d+)/g;

/**
 * Formats that tie (the same message written in several files: rustix's two syscall backends
 * both assert `"unexpected getsockopt size"`; in one file: libc's build.rs panics with "Failed to
 * get rustc version" in three places): those in the file the paste's location names, when it
 * names one of theirs, and of those the one at the line it names — the program said where it
 * stopped. All of them otherwise.
 */
function atPastedLocation(tied: FormatMatch[], pasted: string): FormatMatch[] {
  if (tied.length < 2) return tied;
  const located = [...pasted.matchAll(PASTED_LOCATION)].map((m) => ({ path: m[1], line: Number(m[2]) }));
  if (located.length === 0) return tied;
  const inFile = (m: FormatMatch, l: { path: string }) => l.path === m.path || l.path.endsWith(`/${m.path}`);
  const named = tied.filter((m) => located.some((l) => inFile(m, l)));
  if (named.length < 2) return named.length > 0 ? named : tied;
  // The literal on the named line, or on the lines of the call the line starts: the nearest.
  const below = (m: FormatMatch) =>
    Math.min(
      ...located
        .filter((l) => inFile(m, l) && m.line >= l.line && m.line - l.line <= FORMAT_MATCH.locatedLineSlack)
        .map((l) => m.line - l.line),
    );
  const distances = named.map(below);
  const nearest = Math.min(...distances);
  return Number.isFinite(nearest) ? named.filter((_, i) => distances[i] === nearest) : named;
}

/** The levels a logger or a parser's report names the message with (`pylint: error: …`, `WARN`, `[debug]`). */
const LEVEL_WORD = /\b(error|warn(?:ing)?|info|debug|fatal|critical|notice|trace)\b/gi;

/** The name of the call a format's literal is passed to, on its line (`parser.error(f"…` → error). */
const CALL_BEFORE_LITERAL = /([A-Za-z_]\w*)\s*\(\s*(?:[A-Za-z]{1,2})?["'`]?$/;

/**
 * Formats that tie (pylint's `"Unrecognized option found: %s"` in its message table and
 * `_arg_parser.error(f"Unrecognized option found: {msg}")`): those passed to a call the paste's
 * level names (`pylint: error: Unrecognized option found: …` is argparse's `error`), when some
 * are — the level is the call's name (`log.Warn`, `logger.error`, `Warningf`). A level word the
 * format writes itself is the message's, not a level.
 */
function atPastedLevel(tied: FormatMatch[], pasted: string, sources: MessageSources): FormatMatch[] {
  if (tied.length < 2) return tied;
  const levels = [...new Set([...pasted.matchAll(LEVEL_WORD)].map((m) => m[1].toLowerCase()))];
  if (levels.length === 0) return tied;
  const called = tied.filter((m) => {
    const text = (m.fileId === undefined ? undefined : sources.lineText(m.fileId, m.line)) ?? '';
    const at = text.indexOf(m.literal);
    const call = at > 0 ? CALL_BEFORE_LITERAL.exec(text.slice(0, at))?.[1].toLowerCase() : undefined;
    const own = m.literal.toLowerCase();
    return call !== undefined && levels.some((l) => call.includes(l) && !own.includes(l));
  });
  return called.length > 0 ? called : tied;
}

/**
 * A format of literals over several lines whose first literal other lines write too (systemtap's
 * three `printk(KERN_ERR "uprobes does not currently support probing "` then `"instructions with
 * the 2-byte opcode …"`, `"… whose first byte is …"`): placed at the first of its literals below
 * that no other line of its file writes, so that its line pattern finds it there alone. Kept where
 * it is otherwise.
 */
function atOwnLiteral(m: FormatMatch, sources: MessageSources): FormatMatch {
  if (!m.literalsBelow || m.fileId === undefined) return m;
  // Copies of the file (a driver per architecture) write the same lines: counted in its own file.
  const written = (content: string) =>
    sources.linesContaining(content, FORMAT_MATCH.linesPerFragment).filter((h) => h.fileId === m.fileId).length;
  if (written(m.literal) < 2) return m;
  const own = m.literalsBelow.find(
    (l) =>
      formatPieces(l.content).map(constantText).join('').replace(/\s/g, '').length >= FORMAT_MATCH.minConstantChars &&
      written(l.content) === 1,
  );
  return own ? { ...m, line: own.line, literal: own.content, lineLiterals: undefined, literalsBelow: undefined } : m;
}

/** Whether a message holds each constant piece of the format as written (case kept, runs of white space aside). */
export function writtenIn(match: FormatMatch, messages: readonly string[]): boolean {
  const spaced = messages.map((m) => m.replace(/\s+/g, ' '));
  return (match.pieces ?? formatPieces(match.literal))
    .map((p) => ('constant' in p ? p.constant.replace(/\s+/g, ' ').trim() : ''))
    .filter(Boolean)
    .every((c) => spaced.some((s) => s.includes(c)));
}

/**
 * A value of a wrapper format that another format found prints whole (h2's
 * `proto_err!(conn: "id ({:?}) < next_id ({:?})", …)` inside the macro's
 * `"connection error PROTOCOL_ERROR -- {};"`; click's `… is not a valid integer.` inside
 * `Invalid value for …: {message}`): that format is where the message was made, and the two
 * explain the message together — it is credited with both formats' constant text, so it ranks
 * above the wrapper, whose nested value cost it its extra words.
 */
function creditNestedFormats(found: FormatMatch[], sources: MessageSources): void {
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
      const made =
        (wrapsError(w) && !labelsInner(w, f, inner.constantChars)) ||
        storedInSlot(f, sources) ||
        assignedValue(f, sources) ||
        sentinelError(f, sources)
          ? w
          : f;
      if (chars > Math.max(made.score, credit.get(made)?.chars ?? 0))
        credit.set(made, { chars, coverage: Math.max(made.coverage, w.nested!.coverage) });
    }
  for (const [f, { chars, coverage }] of credit) Object.assign(f, { constantChars: chars, score: chars, coverage });
}

/** A literal assigned to a slot of a container (`self._notconfigured[scheme] = "…"`, `$errors['x'] = '…'`). */
const SLOT_ASSIGNED = /\]\s*=\s*[rRbBfFuU]{0,2}$/;

/**
 * A format's literal stored in a container's slot (scrapy's `self._notconfigured[scheme] = "no
 * handler available for that scheme"`), read back later by the format that prints it (`raise
 * NotSupported(f"Unsupported URL scheme '{scheme}': {self._notconfigured[scheme]}")`): the text is
 * data kept for that format, and the message was made where it is printed.
 */
function storedInSlot(f: FormatMatch, sources: MessageSources): boolean {
  const text = f.fileId === undefined ? undefined : sources.lineText(f.fileId, f.line);
  const at = text?.search(/["'`]/) ?? -1;
  return (
    text !== undefined && at > 0 && text.slice(at + 1).startsWith(f.literal) && SLOT_ASSIGNED.test(text.slice(0, at))
  );
}

/**
 * A literal of no placeholder that a line assigns to a name, all of it (naev's `outfit = "Unicorp
 * PT-100 Core System"`, printed by `string.format(_("Could not equip %s on pilot %s!"), outfit,
 * …)`): a value the program keeps, as a string constant is, and prints with the format that
 * reads it — the message was made at the format. A literal with placeholders of its own (click's
 * `message = _("{value!r} is not a valid {number_type}.")`) is a message of its own, wherever it
 * is kept.
 */
function assignedValue(f: FormatMatch, sources: MessageSources): boolean {
  if (!f.pieces || f.pieces.some((p) => 'placeholder' in p)) return false;
  const text = f.fileId === undefined ? undefined : sources.lineText(f.fileId, f.line);
  const constant = text === undefined ? null : stringConstant(text);
  return constant !== null && constant.pieces.every((p) => 'constant' in p);
}

/**
 * Go's sentinel error, a literal of no placeholder that a line assigns to a name through
 * `errors.New` (rclone's `ErrorOverlapping = errors.New("can't sync or move files on overlapping
 * remotes …")` in fs.go's `var` block), printed by a wrapper's `%v` (`log.Printf("Failed to %s:
 * %v", …)`): the error is a value the program keeps, declared once and returned from wherever the
 * condition is met — the message was printed, and its words around the error chosen, at the
 * wrapper. (`:=` is a local error made where it is used: not read so.)
 */
function sentinelError(f: FormatMatch, sources: MessageSources): boolean {
  if (!f.pieces || f.pieces.some((p) => 'placeholder' in p)) return false;
  const text = f.fileId === undefined ? undefined : sources.lineText(f.fileId, f.line);
  return text !== undefined && SENTINEL_ERROR.test(text);
}

/**
 * The openings a wrapper of a sentinel error found at the end of a message may have: the words
 * before the error's text, the last one or two of them a value (`Failed to sync: …` → `Failed
 * to %`, `Failed %`), as printf writes them. None when no sentinel ends a message.
 */
function wrapperOpenings(
  found: readonly FormatMatch[],
  messages: readonly string[],
  sources: MessageSources,
): string[] {
  const out = new Set<string>();
  for (const f of found) {
    if (!f.pieces || !sentinelError(f, sources)) continue;
    const text = f.pieces.map(constantText).join('').toLowerCase();
    for (const m of messages) {
      const at = m.toLowerCase().lastIndexOf(`: ${text}`);
      if (at <= 0 || at + 2 + text.length !== m.length) continue;
      const words = m.slice(0, at).trim().split(/\s+/);
      for (let n = words.length - 1; n >= Math.max(1, words.length - 2); n--) {
        const opening = words.slice(0, n).join(' ');
        if (opening.replace(/\W/g, '').length >= FORMAT_MATCH.minConstantChars - 2) out.add(`${opening} %`);
      }
    }
  }
  return [...out].slice(0, 4);
}

/** `Name = errors.New("…")`, alone on its line (a `var` block's entry or `var Name = …`). */
const SENTINEL_ERROR =
  /^\s*(?:var\s+)?[A-Za-z_]\w*(?:\s+error)?\s*=\s*errors\.New\(\s*(?:"(?:[^"\\]|\\.)*"|`[^`]*`)\s*\)\s*(?:\/\/.*)?$/;

/**
 * Go's `%w` closing a format wraps an error the program returns through that line
 * (`fmt.Errorf("layer %v used by image %v: %w", id, image.ID, ErrLayerUsedByImage)`): the message
 * was made there, and the wrapped error's own text (`errors.New("layer is in use by an image")`)
 * is one of its values — the wrapper is credited with both formats' text, not the error. So is
 * a format whose nested value such a placeholder printed wherever it sits (musl's dynamic
 * linker, `"Error loading shared library %s: %m (needed by %s)"`, over strerror's table).
 */
function wrapsError(w: FormatMatch): boolean {
  const last = w.pieces?.[w.pieces.length - 1];
  if (w.nested && WRAPPED_ERRORS.has(w.nested.placeholder)) return true;
  return last !== undefined && 'placeholder' in last && WRAPPED_ERRORS.has(last.placeholder);
}

/**
 * A wrapper that only labels the error it wraps — its one value is that error, and it says less of
 * the message than the inner format (runc's `fmt.Errorf("runc run failed: %w", err)` over
 * `fmt.Errorf("sysctl %q not allowed in host network namespace", s)`): the inner format, with values
 * of its own, made the message. A wrapper that says more (containerd's `"pull access denied,
 * repository does not exist or may require authorization: %w"` over `"server message: %s: %w"`) or
 * has values of its own keeps the credit.
 */
function labelsInner(w: FormatMatch, inner: FormatMatch, innerChars: number): boolean {
  const placeholders = (m: FormatMatch) => m.pieces?.filter((p) => 'placeholder' in p).length ?? 0;
  return placeholders(w) === 1 && placeholders(inner) > 0 && w.constantChars < innerChars;
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

/** The formats whose literals sit on or around a candidate line, aligned with each message. */
function formatsAround(
  hit: SourceLine,
  sources: MessageSources,
  messages: readonly string[],
  constants: ReadonlyMap<string, readonly FormatPiece[]>,
): FormatMatch[] {
  const first = Math.max(1, hit.line - FORMAT_MATCH.contextLines);
  const lines: string[] = [];
  // A Debug builder's chain writes a field a line, down to its `.finish()`.
  const below = DEBUG_STRUCT_CALL.test(sources.lineText(hit.fileId, hit.line) ?? '')
    ? FORMAT_MATCH.debugStructLines
    : FORMAT_MATCH.contextLines;
  for (let l = first; l <= hit.line + below; l++) {
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
  for (const run of [...runs, ...debugStructRuns(source)]) {
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
        // The message is the literals' text from their start: nothing printed before it.
        startsMessage: inside.starts,
      });
      continue;
    }
    let best: Omit<FormatMatch, 'path' | 'line' | 'literal'> | null = null;
    const resolved = constants.size > 0 ? resolvedPieces(run, source, constants) : null;
    const line = lineOf(run.literal.start);
    const unresolved = { pieces: run.pieces, names: [] as string[] };
    const unstyled = unstyledPieces(run.pieces);
    const readings = [
      unresolved,
      ...(resolved ? [resolved] : []),
      ...(unstyled ? [{ pieces: unstyled, names: [] }] : []),
    ];
    for (const { pieces, names } of readings) {
      for (const message of messages) {
        const aligned = alignFormat(pieces, message);
        if (aligned && (!best || betterReading(aligned, best))) {
          best = readWith(aligned, pieces);
          // The constants named on the format's own line, after it, pick that line out of
          // the lines writing the same literal with other constants.
          const own = source.slice(run.literal.end, lineStarts[line - first + 1] ?? source.length);
          const named = names.filter((n) => wordAt(own, n));
          if (named.length > 0) best.constants = named;
        }
      }
    }
    const onLine = run.literals.slice(1).filter((l) => lineOf(l.start) === line);
    const below = run.literals.slice(1).filter((l) => lineOf(l.start) > line);
    if (best)
      out.push({
        path: hit.path,
        fileId: hit.fileId,
        line,
        literal: run.literal.content,
        ...best,
        ...(onLine.length > 0 ? { lineLiterals: onLine.map((l) => l.content) } : {}),
        ...(below.length > 0
          ? { literalsBelow: below.map((l) => ({ content: l.content, line: lineOf(l.start) })) }
          : {}),
      });
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
      if (aligned && (!best || betterReading(aligned, best))) best = aligned;
    }
    if (!best) continue;
    const chars = (r: FormatRun) => r.pieces.map(constantText).join('').replace(/\s/g, '').length;
    const placed = chars(b) >= chars(a) ? b : a;
    out.push({ literal: placed.literal.content, at: placed.literal.start, ...readWith(best, pieces) });
  }
  return out;
}

/**
 * Constant text written as literals side by side over several lines (C, Python): a pasted
 * part of it that crosses a line of the source is in no single line, so no line shows it
 * verbatim. The literal the message starts in is its line; `starts` when the message is the run's
 * text from its beginning.
 */
function insideLiterals(run: FormatRun, message: string): { literal: Literal; chars: number; starts: boolean } | null {
  if (run.literals.length < 2 || !run.pieces.every((p) => 'constant' in p)) return null;
  const texts = run.literals.map((l) => normalise(formatPieces(l.content).map(constantText).join('')));
  const wanted = normalise(message).trim();
  const at = texts.join('').indexOf(wanted);
  if (at < 0) return null;
  let k = 0;
  for (let offset = texts[0].length; k < texts.length - 1 && offset <= at; offset += texts[++k].length);
  return { literal: run.literals[k], chars: message.replace(/\s/g, '').length, starts: at === 0 };
}
