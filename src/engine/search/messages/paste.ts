/**
 * Reading the paste (issue 20, item 4): what a terminal printed around a message is taken off
 * (a Rust panic's `thread '…' panicked at '…', file:line:col`, a log line's time and level,
 * `Error: `, a Ruby frame, PHP's `Fatal error: Uncaught …`, a reporter's `file:line: `), the
 * messages a `key=value` line holds as values are read on their own, and the lines of a paste are
 * read for messages printed over several of them (readPastedLines: the one reading every caller
 * takes its joins from).
 */
import { FORMAT_MATCH } from './shared';

/**
 * The messages a pasted line may be, outermost first: the line, then the line with each
 * wrapper a program prints around a message taken off (a Rust panic's `thread '…' panicked
 * at '…', file:line:col`, a log line's time and level, `Error: `, `KeyError: `, `panic: `).
 */
export function unwrapMessage(pasted: string): string[] {
  const out: string[] = [];
  // A log kept with its colours (`\x1b[93mpunkt\x1b[0m`) holds the codes the terminal drew with.
  pasted = pasted.replace(TERMINAL_CODES, '');
  const { lines, runsOn, whole } = readPastedLines(pasted.split('\n').slice(0, FORMAT_MATCH.maxPasteLines).join('\n'));
  // The message a Rust assertion printed with its two values (assert_eq!'s `left`/`right` lines
  // around it), first: no line of the paste holds it alone.
  const assertion = assertionMessage(pasted);
  const texts: string[] = assertion ? [assertion] : [];
  for (let l = 0; l < lines.length; l++) {
    const text = lines[l];
    const join = runsOn.get(l);
    // A location (a panic's, Symfony Console's) is no message of its own; a line that ends in a
    // colon may be one.
    if (join === 'location') {
      texts.push(`${text} ${lines[l + 1]}`);
      l++;
      continue;
    }
    texts.push(text);
    if (join === 'colon') texts.push(`${text} ${lines[l + 1]}`);
  }
  // The lines as one message: a format that writes a line break (RubyGems' `"You don't have
  // #{dir} in your PATH,\n\t  gem executables will not run."`) prints no line of it alone.
  if (whole) texts.push(whole);
  for (let text of texts) {
    // The limit is the message's, not its wrapper's: PHP's `PHP Fatal error:  Uncaught
    // Symfony\…\RuntimeException: ` and ` in /path/File.php:12` may take a message of 250
    // characters past it. A layer longer than a message is unwrapped, not read.
    if (!text || text.length > FORMAT_MATCH.maxMessageChars + FORMAT_MATCH.maxWrapperChars) continue;
    for (let i = 0; i < 6 && text; i++) {
      if (text.length <= FORMAT_MATCH.maxMessageChars) out.push(text);
      const inner = unwrapOnce(text);
      if (inner === text) break;
      text = inner;
    }
  }
  const structured = texts.flatMap(structuredLogMessages);
  return [
    ...new Set([
      ...out,
      ...structured,
      ...out.flatMap(nestedValues),
      ...out.flatMap(messageBeforePairs),
      ...out.flatMap(expectMessage),
      ...debugPrintedStructs(out),
    ]),
  ];
}

/** ANSI control sequences (CSI) written into a paste with their ESC character. */
// eslint-disable-next-line no-control-regex -- the ESC character is what the pattern reads.
const TERMINAL_CODES = /\u001b\[[\d;?]*[A-Za-z]/g;

/** A line of punctuation only: a rule a program draws under a heading (`===`, `---`). */
export const RULE_LINE = /^[^\p{L}\p{N}]+$/u;

/** Where Rust's `{:?}` prints a struct: its name, ` { `, its first field's name and `: `. */
const DEBUG_STRUCT_OPEN = /(?<![\w:])([A-Za-z_]\w*) \{ (?=[A-Za-z_]\w*: )/g;

/**
 * The structs a Rust Debug print shows (`events: [epoll_event { events: 1, u64: 7 }, …]`): each
 * printed by its type's `Debug`, a message of its own (the first of each type, to its closing
 * brace).
 */
function debugPrintedStructs(texts: readonly string[]): string[] {
  const out = new Map<string, string>();
  for (const text of texts)
    for (const open of text.matchAll(DEBUG_STRUCT_OPEN)) {
      if (out.has(open[1]) || out.size >= FORMAT_MATCH.maxDebugStructs) continue;
      let depth = 0;
      for (let j = open.index + open[1].length; j < text.length; j++) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}' && --depth === 0) {
          out.set(open[1], text.slice(open.index, j + 1));
          break;
        }
      }
    }
  return [...out.values()];
}

/** The struct's name of a message that is one struct as Rust's `{:?}` prints it (`epoll_event { events: 1, u64: 7 }`), or null. */
export function debugPrintedName(message: string): string | null {
  return /^([A-Za-z_]\w*) \{ [A-Za-z_]\w*: [\s\S]*\}$/.exec(message)?.[1] ?? null;
}

/**
 * The keys under which a structured (JSON) logger writes the message and the error: zap, logrus
 * and slog's `msg`, pino's and bunyan's `msg`, Serilog's `@m`/`@mt`, structlog's `event`, GELF's
 * `short_message`; `error`/`err` hold an error's own message.
 */
const STRUCTURED_MESSAGE_KEY =
  /"(?:msg|message|@m|@mt|@message|event|short_message|error|err)"\s*:\s*"((?:[^"\\]|\\.)*)"/g;

/**
 * The messages a structured log line holds (`{"level":"warn","caller":"etcdserver/util.go:167",
 * "msg":"apply request took too long","took":"312ms",…}`, zap's JSON): the message and the
 * error are each printed by a format of their own; the line around them is the logger's fields,
 * named by the code's field keys, not by any format. Read without parsing the whole line: a
 * terminal's paste is often cut short, or follows a time or a container's name.
 */
function structuredLogMessages(text: string): string[] {
  if (!text.includes('{"')) return [];
  const out: string[] = [];
  for (const m of text.matchAll(STRUCTURED_MESSAGE_KEY)) {
    const value = unescapedJson(m[1]);
    if (value && value.length <= FORMAT_MATCH.maxMessageChars) out.push(value);
  }
  return out;
}

/** A JSON string's body with its escapes read (`\"` → `"`), or null when it is not one. */
function unescapedJson(body: string): string | null {
  try {
    const value: unknown = JSON.parse(`"${body}"`);
    return typeof value === 'string' ? value.trim() : null;
  } catch {
    return null;
  }
}

/**
 * The message a Rust `.expect("…")` was given, before the error's Debug form it printed
 * (`failed to spawn thread: Os { code: 11, … }`): the literal alone, as `Option::expect` prints it.
 */
function expectMessage(text: string): string[] {
  const m = RUST_UNWRAP_ERR.exec(text);
  if (!m || text.startsWith('called `')) return [];
  return [text.slice(0, text.length - m[1].length).replace(/: $/, '')];
}

/** A key whose value is a message of its own: Go's `code=%d, message=%v, internal=%v`, logfmt's `msg=`, `error=`. */
const NESTED_VALUE_KEY = /(?<![\w-])(?:message|msg|error|err|internal|reason|cause)=/gi;

/** One `key=value` pair, its value quoted as Go's `%q` quotes it when it holds a space. */
const PAIR = String.raw`[A-Za-z_][\w.-]*=(?:"(?:[^"\\]|\\.)*"|[^\s"]*)`;

/**
 * A message, `: ` and nothing but `key=value` pairs to the end of the line, as hclog prints a
 * call's arguments after its message (`failed to appendEntries to: peer="{Voter 2 …}" error="…"`).
 */
const PAIRS_AFTER_MESSAGE = new RegExp(String.raw`^(.+?):\s+${PAIR}(?:\s+${PAIR})*\s*$`);

/**
 * The message of a line that prints its values as `key=value` pairs after it (hclog's
 * `r.logger.Error("failed to appendEntries to", "peer", s.peer, "error", err)`): the call's
 * literal is the message alone; the pairs are its arguments, named by the code's keys.
 */
function messageBeforePairs(text: string): string[] {
  const head = PAIRS_AFTER_MESSAGE.exec(text)?.[1].trim();
  return head ? [head] : [];
}

/** The key of an error a log call was given (logrus' `WithError(err)`, zap's `zap.Error(err)`), in logfmt and in JSON. */
const ERROR_VALUE_KEY = /(?<![\w-])(?:error|err)=/gi;

/** A logfmt line's level and message keys (logrus' text formatter: `time="…" level=warning msg="…"`). */
const LOGFMT_LEVEL = /(?<![\w-])level=\w+/i;
const LOGFMT_MESSAGE = /(?<![\w-])msg=/i;

/**
 * The values of the errors a log line was given beside its message (`level=warning msg="failed to
 * load plugin …" error="devmapper not configured"`, a JSON line's `"error"` beside its `"msg"`),
 * as unwrapMessage reads them: the log call wrote the line with its own format, and the error was
 * made elsewhere (containerd's `log.G(ctx).WithError(err).Warnf("failed to load plugin %s", id)`
 * over `errors.New("devmapper not configured")`). Empty for a line with no message field.
 */
export function loggedErrors(pasted: string): string[] {
  const out: string[] = [];
  for (const line of pasted.split('\n').slice(0, FORMAT_MATCH.maxPasteLines)) {
    const text = line.trim();
    if (LOGFMT_LEVEL.test(text) && LOGFMT_MESSAGE.test(text)) out.push(...valuesAfter(text, ERROR_VALUE_KEY));
    // hclog's pairs after the message: its `error=` is an argument as logrus' is.
    else if (PAIRS_AFTER_MESSAGE.test(text)) out.push(...valuesAfter(text, ERROR_VALUE_KEY));
    const fields = [...text.matchAll(STRUCTURED_MESSAGE_KEY)];
    if (fields.some((f) => !ERROR_FIELD.test(f[0])))
      for (const f of fields.filter((f) => ERROR_FIELD.test(f[0]))) {
        const value = unescapedJson(f[1]);
        if (value) out.push(value);
      }
  }
  return out;
}

/** A JSON field of an error (STRUCTURED_MESSAGE_KEY's `"error"`, `"err"`). */
const ERROR_FIELD = /^"err(?:or)?"/;

/** Where the next `key=` pair of a line may start. */
const NEXT_PAIR = /,?\s+[A-Za-z_][\w.-]*=/g;

/**
 * The messages a `key=value` line holds as values (`code=400, message=failed to bind field value
 * to int64, internal=strconv.ParseInt: …`): each is printed by a format of its own, which explains
 * all of it but little of the line. Where a value ends is not known (it may hold `key=` pairs of
 * its own), so it is cut at each pair after it, and kept whole.
 */
function nestedValues(text: string): string[] {
  return valuesAfter(text, NESTED_VALUE_KEY).slice(0, FORMAT_MATCH.maxNestedValues);
}

/** The values after the keys `keys` matches, of a line of two `key=` pairs at least, each cut at each pair after it and kept whole. */
function valuesAfter(text: string, keys: RegExp): string[] {
  if ((text.match(/(?<![\w-])[A-Za-z_][\w.-]*=/g) ?? []).length < 2) return [];
  const out: string[] = [];
  for (const key of text.matchAll(keys)) {
    const rest = text.slice(key.index + key[0].length);
    for (const pair of rest.matchAll(NEXT_PAIR)) if (pair.index > 0) out.push(rest.slice(0, pair.index));
    out.push(rest);
  }
  return out.filter((v) => /\S\s+\S/.test(v));
}

/** A Rust panic before 1.73 (`panicked at 'msg', file:1:2`) and since (`panicked at file:1:2:` then msg). */
const RUST_PANIC = /^(?:thread '[^']*' )?panicked at '([\s\S]*)'(?:, [^\s,]+:\d+:\d+)?$/;

const RUST_PANIC_LOCATION = /^(?:thread '[^']*' )?panicked at [^\s,]+:\d+:\d+:?\s*(.*)$/;

/** The first line of a Rust panic since 1.73: the location, its message on the next line. */
export const RUST_PANIC_HEAD = /^(?:thread '[^']*' )?panicked at [^\s,]+:\d+:\d+:$/;
/**
 * Symfony Console's report of an exception: `In Application.php line 720:` on a line of its own,
 * the message below it; joined to it (PastedLines), the head is taken off.
 */
const CONSOLE_HEAD = /^In [^\s:]+ line \d+:$/;
const CONSOLE_LOCATION = /^In [^\s:]+ line \d+:\s+([\s\S]+)$/;

/**
 * A Ruby exception as the interpreter reports it: `file.rb:12:in 'meth': msg (ArgumentError)`
 * (a backtick before the method name until Ruby 3.4); the message is between the frame and the class.
 */
const RUBY_FRAME = /^\S+?:\d+:in [`'][^`']+':\s+([\s\S]+?)(?:\s+\([A-Z]\w*(?:::[A-Z]\w*)*\))?$/;

/** PHP's report of an error: `PHP Fatal error:  Uncaught X: msg in /path/file.php:12` (the `PHP ` prefix is the CLI log's). */
const PHP_ERROR =
  /^(?:PHP )?(?:Fatal error|Warning|Notice|Parse error|Deprecated):\s+(?:Uncaught\s+)?([\s\S]+?)(?:\s+in\s+\S+:\d+)?$/;

/**
 * A log line's clock: PHP's error_log `[07-Dec-2026 09:20:45 UTC] ` (a colon after it where the
 * program writes its own log so), the access log's `[07/Dec/2026:09:20:45 +0000]`, Apache's error
 * log `[Mon Dec 07 09:20:45.123456 2026]`, `2024-05-01 12:00:00.123Z`, Go's `2024/05/01 12:00:00`, `[12:00:00]`, `May  1 12:00:00`, the kernel's `[ 1234.567890]`. */
const LOG_TIME =
  /^\[\d{1,2}[-/][A-Z][a-z]{2}[-/]\d{4}[ :]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:\s+(?:[+-]\d{4}|[A-Za-z][\w/+-]*))?\]:?\s+|^\[[A-Z][a-z]{2} [A-Z][a-z]{2} {1,2}\d{1,2} \d{2}:\d{2}:\d{2}(?:\.\d+)? \d{4}\]\s+|^\[\s*\d+\.\d+\]\s+|^\[?(?:\d{4}[-/]\d{2}[-/]\d{2}[T ]?)?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?(?: ?\])?\s+|^[A-Z][a-z]{2}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}\s+/;

/**
 * A log level: `ERROR `, `[WARN] `, `error: `, Python logging's default `ERROR:root:` (level and
 * logger name), a level with its severity number in parentheses, as docutils reports
 * (`(WARNING/2) `, `(SEVERE/4) `), and Ruby Logger's whole head (`E, [time #pid] ERROR -- progname: `).
 */
const LOG_LEVEL =
  /^[DIWEFAU], \[[^\]\n]+\]\s+[A-Z]+\s+--\s+[^:\n]*:\s+|^\[?(?:TRACE|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERR(?:OR)?|FATAL|CRIT(?:ICAL)?|SEVERE|PANIC)\]?:?\s+|^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL):[\w.-]*:\s*|^\((?:DEBUG|INFO|WARNING|ERROR|SEVERE)\/\d+\)\s+/i;

/** Whether a line opens with a log's clock or level: a program printed it, whatever punctuation its values hold. */
export function loggedLine(text: string): boolean {
  return LOG_TIME.test(text) || LOG_LEVEL.test(text);
}

/**
 * `Error: `, `KeyError: `, `panic: `, `cobra: `, `[main] `, a Ruby exception class or a Rust
 * tracing target (`Net::SSH::HostKeyMismatch: `, `h2::proto::streams::recv: `), PHP's `League\Config\…Exception: ` and
 * Symfony's `[Symfony\…\InvalidArgumentException] `, a linter's rule after its severity
 * (RuboCop's `C: Metrics/MethodLength: `, a department and a cop): a name a program prints before the message;
 * the logger name that closes a bracket the clock and level opened (Rust's env_logger:
 * `[2024-05-01T12:00:00Z WARN  rustls::msgs::handshake] …`); and a qualified logger name before
 * ` - ` (Ruby's `Facter::FactGroups - `, Python logging's `app.db.pool - `): one word alone before a
 * dash may be the message's own.
 */
const LEADING_NAME =
  /^(?:[A-Za-z_][\w$-]*(?:(?:::|\.)[\w$-]+)+ - (?=\S)|\[[\w.$:/\\-]+\]\s*|[\w.$\\-]+(?:(?:::|\/)[\w.$\\-]+)*:\s+|[\w.$:/\\-]+\]\s+)/;

/**
 * Where a reporter says the input was wrong: `api.rst:120: `, `main.c:12:5: ` (a compiler's, a
 * linter's, docutils'), or the range it spans: `config.hcl:12,11-17: `, `a.hcl:3,1-4,2: ` (a
 * parser's diagnostic, line and column, then where the range ends).
 */
const INPUT_LOCATION = /^[\w./\\-]+:\d+(?:[:,]\d+)?(?:-\d+(?:[:,]\d+)?)?:\s+/;

/**
 * Where the input was wrong, said after the message: ` in /site/buttons.less on line 14, column
 * 15:` (Less's LessError), ` in /var/www/x.php on line 12` (PHP's error display), the request a
 * PHP program's log names after it in parentheses (` on line 75 (GET /?_task=mail)`) — the
 * tool's location, as a traceback's frame is, not the message's.
 */
const INPUT_LOCATION_AFTER = /\s+in\s+\S+\s+on line \d+(?:,\s*column \d+)?:?(?:\s+\([^()\n]*\))?$/;

/**
 * An id a logger writes before the message, in angle brackets (a session's, a request's:
 * `<9f2c41ab> `): the logger's, not the message's.
 */
const LOG_ID = /^<[A-Za-z\d]*\d[\w.:@-]*>\s+/;

/**
 * The level after the part of the program that reports it, in capitals (`DB Error: `, `IMAP
 * Error: `, `PHP Error: `, `PHP Warning:  `): the logger's words, not the message's.
 */
const LOG_SOURCE_LEVEL = /^[A-Z][A-Z\d_]*\s+(?:Error|Warning|Notice|Deprecated|Fatal error|Parse error):\s+/;

/**
 * A level a command-line program marks in punctuation before its line (rav1e's and other fern or
 * console loggers' `!! ` for an error, `! ` a warning, `> ` information, `?? ` tracing; `==> `,
 * `--> `, `*** `, and the bracketed `[!] `, `[*] `, `[+] `, `[-] ` of shell scripts): the
 * logger's, not the message's.
 */
const LOG_MARK = /^(?:!{1,3}|\?{1,2}|>{1,3}|\*{2,3}|={1,2}>|-{1,2}>|\[[!*+?x-]\])\s+(?=\S)/;

/**
 * An operating system error as Rust's `io::Error` displays it after the message it was given as
 * context (`: No such file or directory (os error 2)`): the system's text and its code, printed
 * by the standard library, never written in the repository.
 */
const RUST_OS_ERROR = /:\s+[^:]+\s\(os error \d+\)$/;

/**
 * A Rust `assert_eq!`/`assert_ne!` (and their `debug_` forms) with a message of its own, as the
 * standard library prints it: before 1.73 `assertion failed: \`(left == right)\`` then ` left:
 * \`1\`,` and ` right: \`4\`: <message>', file:line:col` on three lines, the panic's quotes around
 * it all; since 1.73 `assertion \`left == right\` failed: <message>` then the two values below it.
 */
const ASSERTION_BEFORE_1_73 =
  /^(?:thread '[^'\n]*' )?panicked at 'assertion failed: `\(left [!=]= right\)`\s*\n\s*left: `[\s\S]*?`,\s*\n\s*right: `[\s\S]*?`: ([\s\S]+?)'(?:, [^\s,]+:\d+:\d+)?\s*$/;

const ASSERTION = /^assertion `left [!=]= right` failed: ([\s\S]+)$/;

/** The message a Rust assertion of two values printed (the one its source writes), or null. */
export function assertionMessage(pasted: string): string | null {
  const message = ASSERTION_BEFORE_1_73.exec(pasted.trim())?.[1].trim();
  return message && message.length <= FORMAT_MATCH.maxMessageChars ? message : null;
}

/**
 * A Rust `unwrap()`/`expect()` of an `Err`: the panic's message is the error's Debug form after
 * it, a tuple variant (`Os(11)`) or a struct (`Os { code: 11, kind: WouldBlock, … }`, std's io::Error).
 */
const RUST_UNWRAP_ERR =
  /^(?:called `Result::unwrap\(\)` on an `Err` value|[^:]{1,200}): ([A-Z]\w*(?:::[A-Z]\w*)*(?:\([\s\S]*\)| \{[\s\S]*\}))$/;

/**
 * An exception no code caught, as PHP (`Uncaught Foo\BarException: msg`, the `Fatal error: `
 * before it not pasted) and a browser's console (`Uncaught TypeError: …`, `Uncaught (in
 * promise) Error: …`) report it: its class and message follow.
 */
const UNCAUGHT = /^Uncaught(?: \(in promise\))?\s+/;

/**
 * The message line of an exception no C++ code caught, as libstdc++'s terminate handler prints it
 * (`terminate called after throwing an instance of 'ns::error'` then `  what():  <message>`): the
 * text after `what():` is the exception's own `what()`, the message its throw site wrote.
 */
export const CPP_WHAT = /^what\(\):\s+/;

/**
 * A C++ compiler's words around a failed `static_assert`'s message: g++ and clang print
 * `static assertion failed: <message>`, clang also `static assertion failed due to requirement
 * '<expression>': <message>`. The message is the assertion's string literal.
 */
const STATIC_ASSERTION = /^static assertion failed(?: due to requirement '.*?')?:\s+/;

/** A Debug-printed error variant holding one string: rustls' `General("no usable cipher suites configured")`. */
const DEBUG_VARIANT = /^[A-Z]\w*(?:::[A-Z]\w*)*\("((?:[^"\\]|\\.)*)"\)$/;

function unwrapOnce(text: string): string {
  const panic =
    RUST_PANIC.exec(text) ??
    RUST_PANIC_LOCATION.exec(text) ??
    CONSOLE_LOCATION.exec(text) ??
    RUBY_FRAME.exec(text) ??
    PHP_ERROR.exec(text) ??
    RUST_UNWRAP_ERR.exec(text) ??
    DEBUG_VARIANT.exec(text) ??
    ASSERTION.exec(text);
  if (panic?.[1]) return panic[1].trim();
  for (const prefix of [
    LOG_TIME,
    LOG_LEVEL,
    LOG_ID,
    LOG_SOURCE_LEVEL,
    LOG_MARK,
    NPM_LOG_HEADING,
    INPUT_LOCATION,
    UNCAUGHT,
    CPP_WHAT,
    STATIC_ASSERTION,
    LEADING_NAME,
    INPUT_LOCATION_AFTER,
    RUST_OS_ERROR,
  ]) {
    const rest = text.replace(prefix, '');
    if (rest !== text && rest.trim()) return rest.trim();
  }
  return text;
}

/**
 * npm's log heading and level (`npm ERR! `, `npm WARN `), printed before every line a message
 * holds: the logger's, as a log line's level is, not the message's.
 */
const NPM_LOG_HEADING = /^npm (?:ERR!|WARN|notice|http|timing|info|verb|sill)(?:\s+|$)/;

/**
 * Where the lines of a paste read as one message broke (U+2028, LINE SEPARATOR: white space to
 * every pattern here, and never in a pasted line).
 */
export const LINE_BREAK = '\u2028';

/** An exception's class after the first line of its message, as Ruby prints it (`… (Net::SSH::Exception)`). */
const RUBY_CLASS_SUFFIX = /\s+\([A-Z]\w*(?:::[A-Z]\w*)*\)$/;

/** How a pasted line runs on into the next: a location printed on its own line (a Rust panic's, Symfony Console's), or a line that ends in a colon. */
export type RunsOn = 'location' | 'colon';

/** A pasted text's lines, read for messages printed over several of them. */
export interface PastedLines {
  /** The paste's lines, trimmed; blank ones kept (a blank line ends a message). */
  lines: string[];
  /**
   * The lines whose message goes on on the next line, which is not blank: since Rust 1.73 a
   * panic prints its location on one line and the message on the next, as Symfony Console
   * prints `In Application.php line 720:` above an exception's message (`location`); a format may
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
  const lines = paste.split('\n').map((l) => l.trim().replace(NPM_LOG_HEADING, '').trim());
  const runsOn = new Map<number, RunsOn>();
  for (let l = 0; l + 1 < lines.length; l++) {
    if (!lines[l + 1]) continue;
    if (RUST_PANIC_HEAD.test(lines[l]) || CONSOLE_HEAD.test(lines[l])) runsOn.set(l, 'location');
    else if (lines[l].endsWith(':')) runsOn.set(l, 'colon');
  }
  return { lines, runsOn, whole: asOneMessage(lines.filter(Boolean)) };
}

function asOneMessage(lines: string[]): string | null {
  if (lines.length < 2 || lines.length > FORMAT_MATCH.maxPasteLines) return null;
  const text = [lines[0].replace(RUBY_CLASS_SUFFIX, ''), ...lines.slice(1)].join(LINE_BREAK);
  return text.length <= FORMAT_MATCH.maxMessageChars ? text : null;
}
