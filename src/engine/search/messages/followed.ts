/**
 * Where else a message's text is written (issue 20, item 4): the function a call site passes a
 * literal to (its body prints it), the file whose string constants hold more of the message
 * (formats of several files that tie), the call sites of a helper that prints the text they pass,
 * and the literal an error type's field was filled with.
 */
import { escapeRegExp } from '../../text/escape';
import { JOIN } from './align';
import {
  callArguments,
  constantText,
  type FormatPiece,
  formatPieces,
  formatRuns,
  isComment,
  normalise,
  printedIn,
  stringConstant,
  stringLiterals,
  wordAt,
  WRAPPED_ERRORS,
} from './formats';
import { unwrapMessage } from './paste';
import { FORMAT_MATCH, type FormatMatch, type MessageSources, type SourceLine } from './shared';

/** A string literal passed to a function: the function's name, the argument's position, its text. */
export interface LiteralArgument {
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
export function literalArguments(line: string): LiteralArgument[] {
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
export function calleeBody(call: LiteralArgument, sources: MessageSources): { hit: SourceLine; parameter: string }[] {
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
 * Formats of several files that explain a message equally (`"%s%zu$", sha256_rounds_prefix`
 * and `…sha512_rounds_prefix`, both `rounds=`): the file whose other string constants hold more
 * of the message (`sha512_salt_prefix[] = "$6$"`, copied in before it) printed it.
 */
export function byFileConstants(
  tied: FormatMatch[],
  sources: MessageSources,
  messages: readonly string[],
): FormatMatch[] {
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
          lineLiterals: undefined,
          literalsBelow: undefined,
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
  // The placeholder that printed each value (values are aligned in order, a join printing none).
  const pieces = format.pieces ?? [];
  const printers = pieces.flatMap((p, at) =>
    'placeholder' in p && p.placeholder !== JOIN ? [{ placeholder: p.placeholder, quoted: quotedAt(pieces, at) }] : [],
  );
  for (const [i, value] of (format.values ?? []).entries()) {
    // An error the format wraps (Go's `%w`: containerd's `"container %q in namespace %q: %w"`
    // of errdefs' `errors.New("not found")`) was made into this message here, as wrapsError
    // credits the wrapper: the error's own literal is no place of it.
    if (WRAPPED_ERRORS.has(printers[i]?.placeholder ?? '')) continue;
    // A value the format quotes itself (naev's `"Pilot '%s' tried to land …"`) is the input's,
    // as a value printed with its quotes is.
    if (printers[i]?.quoted) continue;
    const words = value.split(' ').length;
    if (words < 2 || words > FORMAT_MATCH.maxValueWords || /^["'`]/.test(value)) continue;
    if (value.replace(/\s/g, '').length < FORMAT_MATCH.minConstantChars) continue;
    // Words, as a message's part is (`bad MX Pref`): a date or number pattern the caller passed
    // (dbal's `Expected format: Y-m-d H:i:s`) is data, whatever literal of the corpus holds it.
    if ((value.match(/(?<![\w:-])[a-z]{2,}(?![\w:-])/g) ?? []).length < 2) continue;
    const sites: FormatMatch[] = [];
    for (const hit of sources.linesContaining(value, FORMAT_MATCH.linesPerFragment)) {
      const text = sources.lineText(hit.fileId, hit.line) ?? '';
      if (own.has(`${hit.path}:${hit.line}`) || isComment(text)) continue;
      // A literal a function returns is its value, printed wherever it is called (etcd's
      // `streamType.String()` returning "stream MsgApp v2" for `lost the TCP streaming connection
      // with peer %s (%s writer)`): the message was made at the format, not where the name is.
      if (RETURNED_LITERAL.test(text)) continue;
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
          lineLiterals: undefined,
          literalsBelow: undefined,
          printedBy: { literal: format.literal, path: format.path, line: format.line },
        });
    }
    // A value written in more lines than a message is raised from is a name the program passes
    // around (naev's ship names, `pilot.add("Pirate Hyena", …)` in twenty missions), not where
    // the message was made.
    if (sites.length > FORMAT_MATCH.maxValueSites) continue;
    if (sites.length > 0) return sites;
  }
  return formats;
}

/** Whether the format writes quotes around its placeholder at `at` (`'%s'`, `"{}"`). */
function quotedAt(pieces: readonly FormatPiece[], at: number): boolean {
  const before = pieces[at - 1];
  const after = pieces[at + 1];
  if (!before || !after || !('constant' in before) || !('constant' in after)) return false;
  const open = before.constant.slice(-1);
  return /["'`]/.test(open) && after.constant.startsWith(open);
}

/** A line that returns a string literal (`return "stream MsgApp v2"`, Ruby's and Rust's implicit `"…"` aside). */
const RETURNED_LITERAL = /^\s*return\s+[rbf]?["'`]/;

/** A Rust `#[error(…)]` attribute (thiserror's derive) opening on a line … */
const ERROR_ATTRIBUTE = /#\[\s*error\s*\(/;
/** … with its format on the lines below (`#[error(` then `"invalid rdo lookahead frames {actual} …"`). */
const ERROR_ATTRIBUTE_OPEN = /#\[\s*error\s*\(\s*$/;
/** The variant an enum's line declares: `InvalidTileCols(usize),`, `Io {`, `Missing,`. */
const VARIANT_LINE = /^\s*([A-Z]\w*)\s*(?:[({,]|$)/;
/** An enum's header line. */
const ENUM_HEADER = /^\s*(?:pub(?:\s*\([^)]*\))?\s+)?enum\s+([A-Z]\w*)/;
/** An arm of a match opening on a line: `Error::Io(e) =>`, `Self::Missing =>`, `Io(ref e) =>`. */
const MATCH_ARM = /^\s*(?:(\w+)::)?([A-Z]\w*)\b[^=]*=>/;
/** The header of a `Display` impl: `impl fmt::Display for Error {`. */
const IMPL_DISPLAY = /^\s*impl\b[^{]*\bDisplay\s+for\s+([A-Z]\w*)/;
/** Text before a variant's name that tests for it rather than building it (`if let Err(X(_)) =`, `matches!(e, X)`, `assert_eq!(…, Err(X))`, a `use`). */
const NOT_BUILT_BEFORE = /\b(?:if|while)\s+let\b|\bmatches!\s*\(|\bassert\w*!\s*\(|^\s*(?:pub(?:\([^)]*\))?\s+)?use\b/;

/** The variant of an error enum a format is the message of, and the enum, read around the format's line; or null. */
function errorVariantOf(
  format: FormatMatch,
  sources: MessageSources,
): { variant: string; enumName: string; declared: number } | null {
  const at = (l: number) => sources.lineText(format.fileId!, l);
  const own = at(format.line) ?? '';
  const header = (from: number, test: RegExp): string | null => {
    for (let l = from; l >= Math.max(1, from - FORMAT_MATCH.enumScanLines); l--) {
      const text = at(l) ?? '';
      const found = test.exec(text)?.[1];
      if (found) return found;
      // An item closed at the left margin ended before this one began.
      if (l < from && /^\}/.test(text)) return null;
    }
    return null;
  };
  // thiserror's `#[error("…")]` above the variant: the format's line, or the two below its opening.
  const attribute =
    ERROR_ATTRIBUTE.test(own) || [1, 2].some((k) => ERROR_ATTRIBUTE_OPEN.test(at(format.line - k) ?? ''));
  if (attribute) {
    let closed = /\)\]\s*$/.test(own);
    for (let l = format.line + 1; l <= format.line + FORMAT_MATCH.contextLines * 4; l++) {
      const text = (at(l) ?? '').trim();
      if (!closed) {
        closed = /\)\]\s*$/.test(text);
        continue;
      }
      // Doc comments and other attributes between the format and its variant.
      if (text === '' || text.startsWith('//') || text.startsWith('#[')) continue;
      const variant = VARIANT_LINE.exec(text)?.[1];
      const enumName = variant ? header(format.line, ENUM_HEADER) : null;
      return variant && enumName ? { variant, enumName, declared: l } : null;
    }
    return null;
  }
  // A `Display` impl's arm: `InvalidTileCols(n) => write!(f, "invalid tile cols {} …", n)`.
  for (let k = 0; k <= 2; k++) {
    const text = at(format.line - k) ?? '';
    const arm = MATCH_ARM.exec(text);
    if (arm) {
      const enumName = header(format.line, IMPL_DISPLAY);
      if (!enumName || (arm[1] && arm[1] !== 'Self' && arm[1] !== enumName)) return null;
      return { variant: arm[2], enumName, declared: 0 };
    }
    // The arm above ended on its own line: the format is in no arm it opened.
    if (k > 0 && /[,}]\s*$/.test(text)) break;
  }
  return null;
}

/** A regular expression finding the lines that name an error variant (its declaration, its builders). */
export function variantUsePattern(variant: string): string {
  return String.raw`\b${variant}\b`;
}

/**
 * A Rust error enum's message (thiserror's `#[error("invalid tile cols {0} (expected power of
 * 2)")]` on `InvalidTileCols(usize)`, or a `Display` impl's arm) is printed wherever the error
 * is, but raised where the code builds the variant (`return Err(InvalidTileCols(config.tile_cols))`
 * in `Config::validate`): those lines are the message's, the format's own line cited beside them
 * (raisedAs). A variant is built by its enum's name (`InvalidConfig::InvalidTileCols(…)`), by
 * `Self::`, or alone when its enum's file imports the enum's variants (`use
 * InvalidConfig::*`); a line matching on it (`X(n) =>`, `if let`, `matches!`, an assertion) tests
 * for it. The formats are kept when no line builds the variant, or more than
 * FORMAT_MATCH.maxRaiseSites do. Only the enum's own module is read for its builders: there the
 * check raising the error sits beside the error's declaration (a validator returning its own
 * errors). A variant built in other modules is the crate's error type used across it (ruma's
 * `IntoHttpError::EndpointRemoved` in api.rs, h2's `UserError` in proto/), and the format's line,
 * where its text is, answers, as the real set's rows on such crates have it.
 */
export function errorVariantRaisers(formats: FormatMatch[], sources: MessageSources): FormatMatch[] {
  return formats.flatMap((format) => {
    if (format.fileId === undefined || format.formatName || format.printedBy || !format.path.endsWith('.rs'))
      return [format];
    const found = errorVariantOf(format, sources);
    if (!found) return [format];
    const { variant, enumName, declared } = found;
    // The enum's file naming its variants bare (`use InvalidConfig::*;`, `use Error::{Io, …}`).
    const glob = new RegExp(String.raw`\b${enumName}::(?:\*|\{[^}]*\b${variant}\b)`);
    const importsVariants = sources
      .linesContaining(`${enumName}::`, FORMAT_MATCH.linesPerFragment)
      .some((h) => h.fileId === format.fileId && glob.test(sources.lineText(h.fileId, h.line) ?? ''));
    const qualified = new RegExp(String.raw`(?<![\w:])(?:${enumName}|Self)::${variant}\b`);
    const bare = new RegExp(String.raw`(?<![\w:])${variant}\b`);
    const sites: FormatMatch[] = [];
    for (const hit of sources.linesContaining(variant, FORMAT_MATCH.linesPerFragment)) {
      // Only the enum's own module: see above.
      if (hit.fileId !== format.fileId || hit.line === declared) continue;
      const text = sources.lineText(hit.fileId, hit.line) ?? '';
      if (isComment(text)) continue;
      const use = qualified.exec(text) ?? (importsVariants ? bare.exec(text) : null);
      if (!use) continue;
      const after = text.slice(use.index + use[0].length);
      // The variant's declaration (`SendSettingsWhilePending,` when the format is a Display arm).
      if (!text.slice(0, use.index).trim() && /^\s*(?:[({,]|$)/.test(after)) continue;
      if (/=>/.test(after) || NOT_BUILT_BEFORE.test(text.slice(0, use.index))) continue;
      sites.push({
        ...format,
        path: hit.path,
        fileId: hit.fileId,
        line: hit.line,
        constants: undefined,
        lineLiterals: undefined,
        literalsBelow: undefined,
        raisedAs: { variant, literal: format.literal, path: format.path, line: format.line },
      });
    }
    return sites.length > 0 && sites.length <= FORMAT_MATCH.maxRaiseSites ? sites : [format];
  });
}
