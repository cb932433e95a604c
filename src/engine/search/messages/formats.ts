/**
 * The format-string side (issue 20, item 4): the string literals of a piece of source (docstrings
 * and characters skipped), joined into one format where the source concatenates them (side by
 * side, `+`/`.`/`<<` around an expression, a C macro pasted between), parsed into constant text and
 * placeholders (printf, braces, `${…}`, `#{…}`, PHP `$var`, Swift `\(…)`); string constants
 * (`#define NAME "…"`, `const NAME = "…"`) and the arguments a format is called with, to fill its
 * placeholders from those constants.
 */
import { isCommentLine } from '../../comment-lines';
import { escapeRegExp } from '../../text/escape';
import { FORMAT_MATCH } from './shared';

/** A format string: constant pieces and the placeholders between them, in order. */
export type FormatPiece = { constant: string } | { placeholder: string };

/**
 * The pieces of a literal's content as the source writes it: printf conversions (`%s`, `%q`,
 * `%-10s`, `%zu`, `%(name)s`, Ruby's `%<name>s` and `%{name}`, Python's `%r`), braces (`{}`, `{:?}`, `{name}`, `{0}`, `{value!r}`), `${…}`,
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
    // A string continued on the next line (`"… should only be called\` then `after assigning …"`):
    // Rust prints neither the break nor the next line's indentation.
    const continued = /^\\\r?\n\s*/.exec(rest)?.[0];
    if (continued) {
      i += continued.length;
      continue;
    }
    // A terminal's colour or cursor code (NLTK's `"Resource \33[93m{resource}\033[0m not found."`)
    // prints nothing the user copies: the message reads on across it.
    const terminalCode = TERMINAL_CODE.exec(rest)?.[0];
    if (terminalCode) {
      i += terminalCode.length;
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
    // `%(name)s` (Python), `%<name>s` (Ruby's format), `%1$s` (POSIX, Java), `%-36[1]s` (Go), `%,d` (Java's grouping).
    String.raw`^%(?:\([\w.]+\)|<\w+>|\d+\$)?[-+ #0']*(?:,(?=[\w.]))?(?:\[\d+\])?(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:\[\d+\])?(?:hh|h|ll|l|L|q|j|z|Z|t)?[diouxXeEfFgGaAcspqvTtwb@m]`,
    // Python's `%r` (`%(name)r`, `%-10r`): the value's repr, quotes and all. Not before a word
    // character: AT&T assembly in a string names registers so (`"%rax"`, `"%r8"`), and C's
    // printf has no `r` conversion.
    String.raw`^%(?:\([\w.]+\))?[-+ #0]*(?:\d+)?(?:\.\d+)?r(?!\w)`,
    String.raw`^[$#]\{(?:[^{}]|\{[^{}]*\})*\}`,
    // Ruby's `%{name}`: the named value as it is, unformatted.
    String.raw`^%\{\w+\}`,
    // A message catalogue's numbered argument (MathJax's `["EnvMissingEnd", "Missing \\end{%1}", name]`,
    // Qt's `tr("%1 of %2").arg(…)`): the value given in that position.
    String.raw`^%[1-9]\d?(?![\w$])`,
    // (Not a JSON object written in the literal, `'{"progress": 100, "error": "…"}'`: a quoted key
    // and its colon are text the program prints, not a field's name or expression.)
    String.raw`^\{(?![{])(?!\s*"[^"\n]*"\s*:)[^{}\s]{0,40}\}`,
    // A Python f-string's field holding a string, nested field and all (docutils' `{f' [{details}]'
    // if details else ''}`): one value.
    String.raw`^\{(?=[^{}]*['"])(?!\s*"[^"\n]*"\s*:)(?:[^{}]|\{[^{}]*\}){1,120}\}`,
    String.raw`^\$[A-Za-z_]\w*(?:->\w+|\[[^\]]*\])*`,
    String.raw`^\\\([^()]*\)`,
  ].join('|'),
);

/**
 * What an escape prints. A line break is kept as one (printedLines reads a format line by line);
 * aligned whole, it is white space as any other.
 */
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: ' ', r: '', '0': '' };

/**
 * The lines a format prints, when its constant text writes line breaks (`"Resource {r} not
 * found.\nPlease use the NLTK Downloader …:\n\n"`, literals of one run each ending in `\n`, a
 * literal written over several lines): a user copies one of them. Each line's indent after a
 * break is layout, as a terminal shows it; lines printing nothing are left out. Empty for a
 * format of one line.
 */
export function printedLines(pieces: readonly FormatPiece[]): FormatPiece[][] {
  if (!pieces.some((p) => 'constant' in p && p.constant.includes('\n'))) return [];
  const lines: FormatPiece[][] = [[]];
  for (const p of pieces) {
    if (!('constant' in p)) {
      lines[lines.length - 1].push(p);
      continue;
    }
    p.constant.split('\n').forEach((text, i) => {
      if (i > 0) lines.push([]);
      const line = lines[lines.length - 1];
      const kept = lines.length > 1 && line.length === 0 ? text.trimStart() : text;
      if (kept) line.push({ constant: kept });
    });
  }
  const printing = lines.filter((l) => l.some((p) => 'constant' in p && p.constant.trim()));
  // A format opening with a line break (Symfony Console's `$message .= "\n\nDid you mean one of
  // these?\n    "`, NLTK's `msg += "\n  Attempted to load …"`) prints its lines after other text,
  // the message they go on with: no line of it is a message of its own. A format whose only line
  // break closes it (`"%s: done\n"`) prints one line, itself.
  return printing.length > 1 && printing[0] === lines[0] ? printing : [];
}

/**
 * An ANSI control sequence (CSI: ESC `[`, parameters, a final letter) as source writes its ESC:
 * `\x1b`, `\033`/`\33` (octal), `\u001b`, `\u{1b}`, `\e` (Ruby, PHP, shells, GNU C), `\27` (Lua's
 * decimal), or the character itself.
 */
// eslint-disable-next-line no-control-regex -- the ESC character is what the pattern reads.
const TERMINAL_CODE = /^(?:\\(?:x1[bB]|0?33|u001[bB]|u\{1[bB]\}|e|27)|\u001b)\[[\d;?]*[A-Za-z]/;

/** A literal of the source: its content as written (between the quotes) and where it starts. */
export interface Literal {
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
  // Runs a C error reporter prints the OS's message after (reportsErrno).
  const withErrno = new Set<FormatRun>();
  // Runs that are arguments of an `echo` (ECHO_BEFORE).
  const echoed = new Set<FormatRun>();
  // Runs written into a C++ stream, with the stream's name (STREAM_BEFORE).
  const streamed = new Map<FormatRun, string>();
  const close = (run: FormatRun, after: string) => {
    closeRun(run, after);
    if (withErrno.has(run)) run.pieces.push({ constant: ': ' }, { placeholder: OS_ERROR });
    return run;
  };
  for (const lit of literals) {
    const between = previous ? source.slice(previous.end, lit.start) : null;
    // For a run written into a C++ stream: the values its next statements write before this literal.
    const stream = current && between !== null ? streamed.get(current) : undefined;
    const streamedValues = stream !== undefined && between !== null ? streamValues(between, stream) : null;
    // Side by side, across a line continuation (Ruby's and Python's `"a " \` then `"b"`), or
    // added to each other (`"fingerprint #{…} " +` then `"#{message} for …"`).
    if (current && between !== null && echoed.has(current) && SHELL_WORD_BREAK.test(between)) {
      // A shell's `echo "… is not available as"\` then `"'$path'"`: two words, which echo prints
      // with a space between.
      current.pieces.push({ constant: ' ' }, ...formatPieces(lit.content));
      current.literals.push(lit);
    } else if (current && between !== null && /^\s*(?:\\\n\s*|(?:\+|<<|\.(?=\s))\s*)?$/.test(between)) {
      current.pieces.push(...formatPieces(lit.content));
      current.literals.push(lit);
    } else if (current && streamedValues) {
      // `ss << "expected grid "; if (!name.empty()) ss << name << " "; ss << "outside value > 0, got " << v;`:
      // statements writing into the same stream print one message, the values between its literals.
      for (const value of streamedValues) current.pieces.push({ placeholder: value });
      current.pieces.push(...formatPieces(lit.content));
      current.literals.push(lit);
    } else if (current && between !== null && CONCAT_CALL.test(between)) {
      // `"variable ".concat(name, " is undefined")`: a template literal as TypeScript and Babel
      // compile it for older engines, the value between the two literals.
      current.pieces.push({ placeholder: CONCAT_CALL.exec(between)![1].trim() }, ...formatPieces(lit.content));
      current.literals.push(lit);
    } else if (current && between !== null && CONCATENATED_EXPRESSION.test(between) && !/[;{}]/.test(between)) {
      current.pieces.push({ placeholder: between.trim() }, ...formatPieces(lit.content));
      current.literals.push(lit);
    } else if (current && between !== null && echoed.has(current) && ECHO_ARGUMENTS.test(between)) {
      // PHP's `echo 'Specified file ', $option, '=', $value, ' not exists.'` prints its arguments
      // one after another: one message, the expressions between the literals its values.
      // (A literal of a character or two, `'='`, is not read as a literal: it is printed text.)
      for (const part of between.replace(/^\s*,|,\s*$/g, '').split(',')) {
        const value = part.trim();
        const character = /^'(.{1,2})'$/.exec(value);
        if (character) current.pieces.push({ constant: character[1] });
        else if (value) current.pieces.push({ placeholder: value });
      }
      current.pieces.push(...formatPieces(lit.content));
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
      if (current) runs.push(close(current, source.slice(previous!.end)));
      // An indent written at a format's start (bindgen's `trace!("    function pointer cannot
      // derive {}", …)`) is layout, as a log shows it; a single space, or a line break written as
      // an escape (`"\n\nDid you mean …"`), is a piece printed after other text.
      // Blank lines escaped at the start of a call's first argument (Rust's `rtprintpanic!("\nthread
      // '{}' has overflowed its stack\n", …)`) print the message on a line of its own; after `.=`
      // or `+` they join it to text printed before (Symfony Console's `"\n\nDid you mean …"`).
      const before = source.slice(Math.max(0, lit.start - MAX_REPORTER_CHARS), lit.start);
      const content = /\(\s*$/.test(before) ? lit.content.replace(LEADING_LINE_BREAKS, '') : lit.content;
      current = {
        literal: lit,
        literals: [lit],
        pieces: formatPieces(content.replace(INDENT, '').replace(CARGO_WARNING, 'warning: ')),
      };
      if (reportsErrno(before)) withErrno.add(current);
      if (ECHO_BEFORE.test(before)) echoed.add(current);
      const stream = STREAM_BEFORE.exec(before)?.[1];
      if (stream !== undefined) streamed.set(current, stream);
    }
    previous = lit;
  }
  if (current && previous) runs.push(close(current, source.slice(previous.end)));
  return runs;
}

/**
 * The placeholder of the OS's message for an error number (`strerror (errnum)`) that a C error
 * reporter prints after a format (reportsErrno); glibc's `%m` prints it inside one.
 */
export const OS_ERROR = 'strerror(errnum)';

/**
 * A format's last placeholder that prints an error made elsewhere: Go's `%w`, and the OS's
 * message for an error number — C's `error (status, errno, "…")` (OS_ERROR, gnulib's
 * `"string comparison failed"` printed `string comparison failed: Invalid or incomplete
 * multibyte or wide character`, that text a table of strerror's strings holds) and glibc's `%m`.
 */
export const WRAPPED_ERRORS: ReadonlySet<string> = new Set(['%w', '%m', OS_ERROR]);

/** An argument of a reporter's call, before the format: no call, string or block inside. */
const ARG = String.raw`[^,;(){}"'
]+`;

/** gettext's markers around a format (`_("…")`, `N_("…")`, `gettext ("…")`). */
const GETTEXT = String.raw`(?:(?:_|N_|gettext)\s*\(\s*)?`;

/**
 * C's reporters that print `: ` and the OS's message for an error number after their format:
 * glibc's and gnulib's `error (status, errnum, format, …)` and `error_at_line (status, errnum,
 * file, line, format, …)` unless `errnum` is 0, and `perror (s)`. Read from the source just
 * before the format's first literal.
 */
const ERRNO_REPORTER = new RegExp(
  String.raw`(?:\berror\s*\(\s*${ARG},\s*(${ARG}),\s*|\berror_at_line\s*\(\s*${ARG},\s*(${ARG}),\s*${ARG},\s*${ARG},\s*|\bperror\s*\(\s*)${GETTEXT}$`,
);

/** Characters before a format read for the reporter it is passed to. */
const MAX_REPORTER_CHARS = 200;

function reportsErrno(before: string): boolean {
  const m = ERRNO_REPORTER.exec(before);
  if (!m) return false;
  const errnum = (m[1] ?? m[2])?.trim();
  return errnum === undefined || !/^0[uUlL]*$/.test(errnum);
}

/** Line breaks written as escapes at a literal's start. */
const LEADING_LINE_BREAKS = /^(?:\\r)?(?:\\n(?:\\r)?)+/;

/**
 * A Rust build script's warning (`println!("cargo:warning=…")`): Cargo prints it as
 * `warning: …` (tokio's, futures-util's, libc's build.rs), so that is the text a user pastes.
 */
const CARGO_WARNING = /^cargo:warning=/;

/** Two or more blanks, or a tab, as the source writes them before a format's text. */
const INDENT = /^(?: {2,}|\t)[ \t]*/;

/** A macro name alone between two literals (C's string pasting); names start upper-case, as C's macros do. */
const MACRO_BETWEEN = /^\s*[A-Z_][A-Za-z0-9_]*\s*$/;

/** A `%` with its flags, width and precision that a macro after the literal completes (`"%-8" PRIu64`). */
const DANGLING_CONVERSION = /%[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?$/;

/** A C++ stream a statement starts writing into before a literal (`ss << "…"`, `oss << x << "…"`). */
const STREAM_BEFORE = /(?:^|[;{}]|\)\s|\belse\s)\s*([A-Za-z_]\w*)\s*<<\s*(?:[^;{}"'<>]{1,60}<<\s*)*$/;

/** One value written into a stream: no statement end, block, string or shift inside. */
const STREAM_VALUE = String.raw`[^;{}"'<>\n]{1,60}`;

/**
 * The values between two literals written into the stream `name` by consecutive statements (the
 * second perhaps under an `if`): `<< v; if (c) name << a << ` → [v, a]; null when the text
 * between is anything else.
 */
function streamValues(between: string, name: string): string[] | null {
  if (between.length > 240) return null;
  const m = new RegExp(
    String.raw`^((?:\s*<<\s*${STREAM_VALUE})*)\s*;\s*(?:if\s*\((?:[^()
]|\([^()
]*\))*\)\s*)?${name}\s*<<((?:\s*${STREAM_VALUE}\s*<<)*)\s*$`,
  ).exec(between);
  if (!m) return null;
  const values = (text: string) =>
    text
      .split('<<')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  return [...values(m[1]), ...values(m[2])];
}

/** PHP's `echo` earlier in the statement (`echo PHP_EOL, 'Critical error: '`): its arguments are printed in a row. */
const ECHO_BEFORE = /(?:^|[;{}\s])echo\s[^;{}'"]*$/;

/**
 * Between two of a shell `echo`'s quoted words: blanks, with a line continuation before or after
 * them. A continuation alone (`"a"\` then `"b"` at the line's start) joins the two into one word.
 */
const SHELL_WORD_BREAK = /^(?:[ \t]+(?:\\\r?\n[ \t]*)?|\\\r?\n[ \t]+)$/;

/** Between two of an `echo`'s literals: a comma, or expressions (no string, call or statement end) between commas. */
const ECHO_ARGUMENTS = /^\s*,(?:[^;{}"()]{0,80},)?\s*$/;

const CONCATENATED_EXPRESSION = /^\s*(?:\+|<<|\.\.?(?=[\s$]))[\s\S]{1,80}?(?:\+|<<|\.\.?)\s*$/;

const TRAILING_EXPRESSION = /^\s*(?:\+|<<|\.\.?(?=[\s$])|\)?\.concat\()\s*[\w$@(]/;

/**
 * What compiled JavaScript writes between two literals of a template (`"a ".concat(x, " b")`,
 * and on along the chain: `).concat(y, " c")`): the value, as the first group.
 */
const CONCAT_CALL = /^\)?\.concat\(\s*([^;{}]{1,80}?),\s*$/;

function closeRun(run: FormatRun, after: string) {
  if (TRAILING_EXPRESSION.test(after)) run.pieces.push({ placeholder: after.trim() });
  return run;
}

/** Quotes that open a string literal, with a Python prefix (f, r, b, rb…) or Rust's raw r#"…"#, or a double quote after a C macro. */
const LITERAL_OPENING = /(?<![\w'])(?:[rRbBfFuU]{0,2})(?:#*)?(["'`])|(?<=\w)(")/g;

/**
 * The string literals of a piece of source, skipping triple-quoted docstrings and character
 * literals. A piece cut out of a file may hold a docstring's closing quotes without its opening:
 * triple quotes left open before `focus` (the line the piece was read for) close a docstring,
 * and what came before them was its text; left open at or after `focus`, they open one.
 */
export function stringLiterals(source: string, focus = 0): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  while (i < source.length) {
    LITERAL_OPENING.lastIndex = i;
    const open = LITERAL_OPENING.exec(source);
    if (!open) break;
    // (A double quote right after a name opens a literal too: C pastes a macro between two,
    // `"~%"FMTu64" object%s"`; a single quote there is an apostrophe.)
    const quote = open[1] ?? open[2];
    const contentStart = open.index + open[0].length;
    if (source.startsWith(quote.repeat(2), contentStart)) {
      const close = source.indexOf(quote.repeat(3), contentStart + 2);
      // A triple-quoted value (an f-string, one assigned, passed or raised: openpyxl's
      // `msg = f"""Cell {coordinate} is marked as a date…"""`, docutils' `print(f"""\`) is
      // printed as any literal is; a backslash at a line's end joins the next line.
      if (close >= 0 && quote !== '`' && tripleQuotedValue(source, open.index, open[0])) {
        out.push({
          content: source.slice(contentStart + 2, close).replace(/\\\n/g, ''),
          start: open.index,
          end: close + 3,
        });
        i = close + 3;
        continue;
      }
      // A docstring (or an empty string): documentation is not printed.
      if (close < 0 && open.index < focus) {
        out.length = 0;
        i = contentStart + 2;
      } else i = close < 0 ? source.length : close + 3;
      continue;
    }
    // A shell's quoted command substitution, `"$(gettext "%s array contains unknown option '%s'")"`:
    // the quotes inside are the command's own strings, and the message is one of them.
    if (quote === '"' && source.startsWith('$(', contentStart)) {
      const close = closingParen(source, contentStart + 2);
      if (close >= 0 && source[close + 1] === '"') {
        const from = contentStart + 2;
        for (const inner of stringLiterals(source.slice(from, close)))
          out.push({ ...inner, start: inner.start + from, end: inner.end + from });
        i = close + 2;
        continue;
      }
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

/** Before a triple-quoted literal on its line: what passes a value on (`=`, `(`, `,`, `return`, `raise`, `%`, `+`). */
const VALUE_BEFORE = /(?:[=(,%+]|\breturn|\braise|\byield)\s*$/;

/**
 * Whether the triple-quoted literal opened at `at` (its prefix and quote `opening`) is a value:
 * an f-string never is a docstring, nor a literal written after `=`, `(`, `,`, `return`….
 */
function tripleQuotedValue(source: string, at: number, opening: string): boolean {
  if (/[fF]/.test(opening)) return true;
  const lineStart = source.lastIndexOf('\n', at - 1) + 1;
  return VALUE_BEFORE.test(source.slice(lineStart, at));
}

function closingQuote(source: string, from: number, quote: string): number {
  for (let j = from; j < source.length; j++) {
    const c = source[j];
    if (c === '\\') j++;
    else if (c === quote) return j;
    else if (c === '\n' && quote !== '`') return -1;
    else if ((c === '#' || c === '$') && source[j + 1] === '{' && quote !== "'") {
      // Ruby's `"DVD '#{d["name"]}' no longer exists"`, a template's `${a["b"]}`: the quotes
      // inside an interpolation are its own strings, not the end of the format.
      const close = interpolationEnd(source, j + 2);
      if (close >= 0) j = close;
    }
  }
  return -1;
}

/** The `}` closing an interpolation whose body starts at `from`, on the same line; -1 when none does. */
function interpolationEnd(source: string, from: number): number {
  let depth = 1;
  for (let j = from; j < source.length; j++) {
    const c = source[j];
    if (c === '\n') return -1;
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return j;
    else if (c === '"' || c === "'" || c === '`') {
      const end = closingQuote(source, j + 1, c);
      if (end < 0) return -1;
      j = end;
    }
  }
  return -1;
}

/**
 * A line that is a comment, not code: its quotes are prose. The sources do not say a line's
 * language: any language's comment, where `#define`, `#[error("…")]` are code.
 */
export const isComment = (line: string) => isCommentLine(line, null);

export function constantText(p: FormatPiece): string {
  return 'constant' in p ? p.constant : '';
}

/** Case and runs of white space do not tell a message from its format (a terminal wraps and re-spaces). */
export function normalise(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ');
}

export function wordAt(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`).test(text);
}

/** A constant's text, all of it, is in one of the messages (case and spacing aside). */
export function printedIn(pieces: readonly FormatPiece[], messages: readonly string[]): boolean {
  const text = normalise(pieces.map(constantText).join(''));
  if (text.replace(/\s/g, '').length < FORMAT_MATCH.minConstantText) return false;
  return messages.some((m) => normalise(m).includes(text.trim()));
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

/** The head of a string constant whose text runs over lines: Lua's `local NAME = [[` (or `[==[`), Python's `NAME = """`. */
const LONG_STRING_HEAD = /^\s*(?:local\s+)?([A-Za-z_]\w*)\s*=\s*(\[=*\[|"""|''')(.*)$/;

/** After a long string's close: nothing but `;`, `,`, a comment. */
const LONG_STRING_TAIL = /^\s*[;,]?\s*(?:(?:--|#|\/\/).*)?$/;

/**
 * The string constant of several lines that line `line` is inside (Lua's `local NOT_FOUND_ERR =
 * [[` over `Vicious: %s is not available …]]`, a Python triple-quoted constant): its name and its
 * text's pieces, read from its head at most `maxLines` above to its close as many below. Its
 * text's own first and last line breaks are no part of what it prints. Null for any other line.
 */
export function longStringConstant(
  lineText: (line: number) => string | undefined,
  line: number,
  maxLines: number,
): { name: string; pieces: FormatPiece[] } | null {
  for (let head = line; head >= Math.max(1, line - maxLines); head--) {
    const m = LONG_STRING_HEAD.exec(lineText(head) ?? '');
    if (!m) continue;
    const close = m[2].startsWith('[') ? m[2].replaceAll('[', ']') : m[2];
    const parts: string[] = [];
    let rest = m[3];
    for (let l = head; l <= line + maxLines; l++) {
      if (l > head) {
        const text = lineText(l);
        if (text === undefined) return null;
        rest = text;
      }
      const at = rest.indexOf(close);
      if (at < 0) {
        parts.push(rest);
        continue;
      }
      parts.push(rest.slice(0, at));
      if (l < line || !LONG_STRING_TAIL.test(rest.slice(at + close.length))) return null;
      const content = parts.join('\n').replace(/^[ \t]*\n|\n[ \t]*$/g, '');
      return { name: m[1], pieces: formatPieces(content) };
    }
    return null;
  }
  return null;
}

/**
 * Where a constant is used whole as a format, its values after it (`NOT_FOUND_ERR:format(name)`,
 * Python's `MSG.format(v)` and `MSG % v`, `string.format(MSG, v)`, `sprintf(MSG, v)`): a
 * pattern (RE2, case kept) of such a line.
 */
export function formatUsePattern(name: string): string {
  return String.raw`\b${name}\s*[:.]\s*format\s*\(|\b${name}\s*%\s*[\w([{]|\b(?:\w*printf|\w*[Ff]ormat|\w+f)\s*\(\s*${name}\s*,`;
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

/**
 * A console's style tag: Symfony Console's `<info>`, `<comment>`, `<fg=red;options=bold>`,
 * `<href=…>`, and their closings `</info>`, `</>`. The terminal prints the text between them, not
 * the tags.
 */
const STYLE_TAG = /<\/?(?:[a-z][\w-]*(?:=[^<>\s]*)?)?>/g;

/**
 * The pieces as a styled console prints them, its style tags left out (composer's `'Using
 * version <info>%s</info> for <info>%s</info>'` prints `Using version ^2.1 for monolog/monolog`);
 * null when no constant holds a tag. An alternative to the pieces as written: a page's HTML
 * pasted with its tags still aligns with those.
 */
export function unstyledPieces(pieces: readonly FormatPiece[]): FormatPiece[] | null {
  if (!pieces.some((p) => 'constant' in p && p.constant.search(STYLE_TAG) >= 0)) return null;
  return pieces.map((p) => ('constant' in p ? { constant: p.constant.replace(STYLE_TAG, '') } : p));
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

/** Rust's `f.debug_struct("Name")`, the builder a hand-written `Debug` impl prints a struct with. */
const DEBUG_STRUCT = /\.debug_struct\(\s*"([A-Za-z_]\w*)"\s*\)/g;

/** A field the builder adds: `.field("name", …`. */
const DEBUG_FIELD = /^\s*\.field\(\s*"([A-Za-z_]\w*)"\s*,/;

/** The builder's end: `.finish()`, or `.finish_non_exhaustive()`, which prints `..` after the fields. */
const DEBUG_FINISH = /^\s*\.finish(_non_exhaustive)?\(\s*\)/;

/**
 * The format a hand-written Rust `Debug` impl prints a struct with (libc's packed `epoll_event`:
 * `f.debug_struct("epoll_event").field("events", &events).field("u64", &u64).finish()` prints
 * `epoll_event { events: 1, u64: 7 }`): the struct's name literal, its fields' names and values,
 * as `{:?}` prints them. Read where the chain is written whole up to its `.finish()`.
 */
export function debugStructRuns(source: string): FormatRun[] {
  const runs: FormatRun[] = [];
  for (const head of source.matchAll(DEBUG_STRUCT)) {
    const nameStart = source.indexOf('"', head.index) + 1;
    const literal: Literal = { content: head[1], start: nameStart - 1, end: nameStart + head[1].length + 1 };
    const fields: string[] = [];
    let i = head.index + head[0].length;
    let field: RegExpExecArray | null;
    while ((field = DEBUG_FIELD.exec(source.slice(i)))) {
      fields.push(field[1]);
      const end = closingParen(source, i + field[0].length);
      if (end < 0) break;
      i = end + 1;
    }
    const finish = DEBUG_FINISH.exec(source.slice(i));
    if (!finish) continue;
    // `Name { a: {:?}, b: {:?} }`; a struct of no fields prints its name alone.
    const pieces: FormatPiece[] = [];
    let constant = fields.length > 0 || finish[1] ? `${head[1]} { ` : head[1];
    fields.forEach((name, k) => {
      pieces.push({ constant: `${constant}${k > 0 ? ', ' : ''}${name}: ` }, { placeholder: '{:?}' });
      constant = '';
    });
    if (finish[1]) constant += fields.length > 0 ? ', .. }' : '.. }';
    else if (fields.length > 0) constant += ' }';
    pieces.push({ constant });
    runs.push({ literal, literals: [literal], pieces });
  }
  return runs;
}

/** The `)` closing a call whose arguments start at `from` (strings and nested brackets skipped); -1 when none does. */
function closingParen(source: string, from: number): number {
  let depth = 0;
  for (let j = from; j < source.length; j++) {
    const c = source[j];
    if (c === '"') {
      const end = closingQuote(source, j + 1, c);
      if (end < 0) return -1;
      j = end;
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && depth-- === 0) return c === ')' ? j : -1;
  }
  return -1;
}
