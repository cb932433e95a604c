/**
 * A command-line option asked for alone (rule command-line-option, `--max-age`): of the lines that
 * name it, the ones that tell a parser of it come first — a flag or argument call given its name
 * (`flags.DurationVarP(…, "max-age", …)`, `add_argument('--max-age')`, `opts.on('--max-age AGE')`,
 * clap's `.long("max-age")`), getopt_long's table row (`{"max-age", required_argument, …}`), a
 * shell's case arm (`--max-age)`) — before the option's other mentions: a map key, a JSON tag, a
 * help text, a comment.
 */
import type { QueryPlan } from '../contract';
import { escapeRegExp } from '../text/escape';
import { holdsLine } from '../line-range';
import { subTokens } from '../tokens';
import { isCommentLine } from '../comment-lines';
import type { MessageSources, SourceLine } from './messages';

/** Lines naming the option read, at most: an option is declared once or a few times. */
const MAX_LINES_READ = 400;

/**
 * Words of a callee (its name's or its receiver's) that register an option: `flag.StringVar`,
 * `cmd.Flags().BoolVarP`, `parser.add_argument`, `click.option`, `opts.on`, `Arg::new`, `.long`,
 * `addOption`, `getopt_long`, `flags.DEFINE_string`.
 */
const REGISTERING_WORDS: ReadonlySet<string> = new Set(
  'flag flags pflag flagset opt opts option options getopt arg args argument arguments param params parameter parameters switch long short on define declare'.split(
    ' ',
  ),
);
/** The callee before an open parenthesis: a chain of names, calls and members (`cmd.Flags().BoolVarP`). */
const CALLEE_BEFORE = /([A-Za-z_$][\w$]*(?:(?:\(\))?(?:\.|::|->)[A-Za-z_$][\w$]*)*)\s*\(\s*$/;
/**
 * A keyword argument or a field giving an option its spelling, right before its literal, at an
 * argument's or a field's place (clap's `long = "max-age"`, urfave/cli's `Name: "max-age"`).
 */
const SPELLING_KEYWORD = /(?:^|[({,[])\s*(?:long|short|name)\w*\s*[=:]\s*["'`]?$/i;
/** getopt_long's `struct option` row: the name first in braces. */
const GETOPT_ROW = /^\s*\{\s*"[^"]+"\s*,/;

/** How surely a line declares the option: 2 a parser is told of it, 1 it names it in code, 0 it does not name it. */
export function declarationScore(text: string, typed: string, name: string): number {
  const typedAt = wholeOptionAt(text, typed);
  const literalAt = literalNameAt(text, name);
  if (typedAt < 0 && literalAt < 0) return 0;
  if (GETOPT_ROW.test(text) && literalAt >= 0) return 2;
  if (typedAt >= 0 && caseArm(text, typed)) return 2;
  // As typed, the option opens a string literal of its own (`'--max-age'`, `"--max-age AGE"`), not
  // a help text naming it (`"… consider using --dry-run first"`).
  const opensLiteral = typedAt > 0 && /["'`]/.test(text[typedAt - 1]);
  if (opensLiteral && registeredIn(text.slice(0, typedAt - 1), false)) return 2;
  if (literalAt >= 0 && registeredIn(text.slice(0, literalAt), true)) return 2;
  // A parser written by hand recognises it by comparison (`case "--core":`, `when '--core'`,
  // `arg == "--core"`, `strcmp(argi, "--core")`): the option as typed, its dashes and all.
  if (opensLiteral && comparedIn(text.slice(0, typedAt - 1))) return 2;
  return 1;
}

/** A shell's case arm holding the option (`--max-age)`, `-a|--max-age)`, `--max-age|--age)`): the line is its patterns. */
function caseArm(text: string, typed: string): boolean {
  const patterns = /^\s*\(?\s*([^\s()]+)\)/.exec(text)?.[1];
  return patterns !== undefined && patterns.split('|').some((p) => p.replace(/^["']|["']$/g, '') === typed);
}

/**
 * Whether the text before the option opens a registering call (REGISTERING_WORDS) not yet closed,
 * or names its spelling. A call reading the option's value (`$input->getOption('max-age')`,
 * `cmd.Flags().GetBool("dry-run")`, `flag.Lookup`) names it without declaring it; the name alone,
 * without its dashes, is the option only as the call's first string (`flags.IntVarP(flagSet,
 * &ci.Transfers, "transfers", …)`, not argparse's `dest="headers"` of another option).
 */
function registeredIn(before: string, nameOnly: boolean): boolean {
  // A keyword naming the option's spelling (clap's `#[arg(long = "max-age")]`, `long_name=`) is the parser's.
  if (SPELLING_KEYWORD.test(before)) return true;
  const calls = openCalls(before);
  if (calls.length === 0) return false;
  const [innermost] = calls;
  if (READING_WORDS.has(subTokens(innermost.callee.split(/\.|::|->/).pop() ?? '')[0] ?? '')) return false;
  if (nameOnly && /["'`]/.test(innermost.argumentsBefore)) return false;
  return calls.some((call) => subTokens(call.callee).some((word) => REGISTERING_WORDS.has(word)));
}

/** A call's first word that reads an option's value rather than declaring it (`getOption`, `GetBool`, `Lookup`, `Changed`). */
const READING_WORDS: ReadonlySet<string> = new Set(
  'get has is lookup changed value values isset read fetch set'.split(' '),
);

/** The calls still open at the end of the text, innermost first: each callee, and its arguments written before the end. */
function openCalls(before: string): { callee: string; argumentsBefore: string }[] {
  const calls: { callee: string; argumentsBefore: string }[] = [];
  let depth = 0;
  let end = before.length;
  for (let i = before.length - 1; i >= 0; i--) {
    const c = before[i];
    if (c === ')') depth++;
    else if (c === '(') {
      if (depth > 0) depth--;
      else {
        const callee = CALLEE_BEFORE.exec(before.slice(0, i + 1))?.[1];
        if (callee) calls.push({ callee, argumentsBefore: before.slice(i + 1, end) });
        end = i;
      }
    }
  }
  return calls;
}

/** Words of a call comparing strings (`strcmp`, `streq`, `equals`, `StartsWith`, `HasPrefix`). */
const COMPARING_WORDS: ReadonlySet<string> = new Set(
  'strcmp strncmp strcasecmp streq equal equals eq cmp startswith has prefix'.split(' '),
);

/** Whether the text before the option's literal compares it: a `case`/`when` label, `==`/`===`/`!=`, or a comparing call's argument. */
function comparedIn(before: string): boolean {
  if (/(?:\b(?:case|when)\s+|[=!]==?\s*)$/.test(before)) return true;
  return openCalls(before).some((call) => subTokens(call.callee).some((word) => COMPARING_WORDS.has(word)));
}

/** Where the option is written whole as typed (`--max-age`, not `--max-age-days`), or -1. */
function wholeOptionAt(text: string, typed: string): number {
  for (let at = text.indexOf(typed); at >= 0; at = text.indexOf(typed, at + 1)) {
    const next = text[at + typed.length];
    if (next === undefined || !/[\w-]/.test(next)) return at;
  }
  return -1;
}

/** Where the name is a whole string literal (`"max-age"`, `'max-age'`), or -1. */
function literalNameAt(text: string, name: string): number {
  const m = new RegExp(`["'\`]${escapeRegExp(name)}["'\`]`).exec(text);
  return m ? m.index : -1;
}

/**
 * The lines that declare the option (declarationScore 2), among the lines `pattern` (the plan's
 * regex) finds; none when no line registers it, and the text list ranks its mentions alone.
 */
export function optionDeclarations(
  typed: string,
  name: string,
  pattern: string,
  sources: MessageSources,
): SourceLine[] {
  const lines = sources.linesMatching?.(pattern, MAX_LINES_READ) ?? [];
  return lines.filter((l) => declaringStart(l, typed, name, sources) !== null);
}

/** Lines above an option's literal read for the call it is an argument of (`parser.add_argument(` over `"--depth",`). */
const CALL_LINES_ABOVE = 3;
/** A line holding nothing but a string literal, an argument of a call opened above it. */
const LONE_LITERAL = /^\s*["'`][^"'`]*["'`]\s*,?\s*$/;

/**
 * The line a declaration of the option starts on: its own line, or, for a literal alone on its
 * line, the line above opening the registering call it is an argument of (`parser.add_argument(`,
 * `"-d",`, `"--depth",`); null when the line declares nothing.
 */
function declaringStart(l: SourceLine, typed: string, name: string, sources: MessageSources): number | null {
  const text = sources.lineText(l.fileId, l.line) ?? '';
  if (declarationScore(text, typed, name) === 2) return l.line;
  if (!LONE_LITERAL.test(text)) return null;
  let joined = text;
  for (let k = 1; k <= CALL_LINES_ABOVE; k++) {
    const above = sources.lineText(l.fileId, l.line - k);
    if (above === undefined) break;
    joined = `${above} ${joined}`;
    if (declarationScore(joined, typed, name) === 2) return l.line - k;
  }
  return null;
}

/** Lines read around a declaration for the name its value is bound to: a chained call's lines above, a block or arm below. */
const BINDING_LINES_ABOVE = 3;
const BINDING_LINES_BELOW = 8;
/** Lines reading an option's value read, at most; more, and the names bound are too common to say where it acts. */
const MAX_READS = 200;

/**
 * What a declaration binds the option's value to, read from its statement: the variable or field
 * a flag call is given (`flags.DurationVarP(flagSet, &Opt.MaxAge, "max-age", …)` → `.MaxAge`,
 * `flag.BoolVar(&dryRun, …)` → `dryRun`), argparse's and optparse's `dest`, clap's argument id
 * (`Arg::with_name("THREADS")`, read back by `value_of("THREADS")`), and what the option's own
 * block or case arm assigns (`{ |v| options[:max_age] = v }`, `MAXAGE=$2`, `dry_run = 1;`).
 * A member (`.MaxAge`) is read as one, so another struct's field of a common name is not taken.
 */
export function boundNames(statement: readonly string[], declaringAt: number): { names: string[]; members: string[] } {
  const names = new Set<string>();
  const members = new Set<string>();
  const declaring = statement[declaringAt] ?? '';
  const address = /&\s*((?:[A-Za-z_]\w*\s*(?:\.|->)\s*)*)([A-Za-z_]\w*)/.exec(declaring);
  if (address) (address[1] ? members : names).add(address[2]);
  const text = statement.join('\n');
  for (const m of text.matchAll(new RegExp(DEST_BINDING.source.replace('[A-Za-z_]\\w*', '([A-Za-z_]\\w*)'), 'g')))
    names.add(m[1]);
  for (const m of text.matchAll(/\b(?:with_name|Arg::new|Arg::with_name)\s*\(\s*"([^"\s]+)"/g)) names.add(`"${m[1]}"`);
  // What the option's own block or arm assigns, below its declaration: a key, a field or a
  // variable. At a statement's start outside any open call (a keyword argument on a call's next
  // line, `help='…'`, is none), or after a block's or an arm's opening on the line (`{ |v|`, `--x)`).
  let depth = 0;
  for (const [i, line] of statement.entries()) {
    const assigned =
      i < declaringAt ? null : ((depth <= 0 ? ASSIGNMENT_AT_START.exec(line) : null) ?? ASSIGNMENT_IN_BLOCK.exec(line));
    // A Ruby block's `{ |v|` opens no call: only parentheses and brackets count.
    depth += bracketBalance(line, '([', ')]');
    if (!assigned) continue;
    const key = assigned[2];
    const target = assigned[1].replace(/^[@$]+/, '');
    if (key) names.add(key);
    else if (target.includes('.')) members.add(target.split('.').pop()!);
    else if (!SCRATCH_NAMES.has(target)) names.add(target);
  }
  return { names: [...names], members: [...members] };
}

/** Brackets `opens` opened less those `closes` closed on a line, its quoted strings left out. */
function bracketBalance(line: string, opens: string, closes: string): number {
  let balance = 0;
  for (const c of line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '')) {
    if (opens.includes(c)) balance++;
    else if (closes.includes(c)) balance--;
  }
  return balance;
}

/**
 * How many lines, from the declaring line on, its statement spans: to where the brackets opened on
 * it close, or, for a block or a case arm opened on it (`opts.on('--x') do |v|`, `--x)`), to the
 * block's end or the arm's `;;` / `break`. At most BINDING_LINES_BELOW lines more.
 */
function declaringExtent(lines: readonly string[]): number {
  const first = lines[0] ?? '';
  const opensBlock = /(?:\bdo|\{)\s*(?:\|[^|]*\|)?\s*$/.test(first) || /^\s*[^\s()]+\)\s*$/.test(first);
  let depth = 0;
  for (let i = 0; i < lines.length && i <= BINDING_LINES_BELOW; i++) {
    const line = lines[i];
    if (opensBlock) {
      if (i > 0 && /^\s*(?:end\b|\}|;;|break\b)/.test(line)) return i + 1;
      if (/;;\s*$/.test(line)) return i + 1;
      continue;
    }
    depth += bracketBalance(line, '([{', ')]}');
    if (depth <= 0) return i + 1;
  }
  return Math.min(lines.length, BINDING_LINES_BELOW + 1);
}

/** An option table's `dest` naming the value an option is stored in. */
const DEST_BINDING = /\bdest\s*["']?\s*[=:]\s*["'][A-Za-z_]\w*["']/;

/** An assignment's target: a variable, a member, a key (`options[:max_age]`, `$opts{x}`), `||=` and `+=` too. */
const TARGET = String.raw`(@{0,2}[A-Za-z_][\w.]*|\$\w+)\s*(?:\[\s*:?["']?([A-Za-z_]\w*)["']?\s*\])?\s*(?:\|\||\+)?=(?![=~>])`;
/** An assignment opening its line. */
const ASSIGNMENT_AT_START = new RegExp(String.raw`^\s*` + TARGET);
/** An assignment after a block's or a case arm's opening on its line (`{ |v| options[:x] = v }`, `--x) X=$2`). */
const ASSIGNMENT_IN_BLOCK = new RegExp(String.raw`(?:\|\s*|\{\s*|\)\s+|;\s*)` + TARGET);

/** Variables a declaring statement assigns that are its own scratch, not the option's value. */
const SCRATCH_NAMES: ReadonlySet<string> = new Set(
  'i j k n v val value opt arg args optarg ret err rc self this'.split(' '),
);

/** The spellings code gives an option's words (`max-age` → max_age, maxAge, MaxAge, MAX_AGE); none for a one-word name. */
export function optionSpellings(name: string): string[] {
  const words = name.split(/[-_]+/).filter(Boolean);
  if (words.length < 2) return [];
  const lower = words.map((w) => w.toLowerCase());
  const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
  return [
    lower.join('_'),
    lower[0] + lower.slice(1).map(cap).join(''),
    lower.map(cap).join(''),
    lower.join('_').toUpperCase(),
  ];
}

/**
 * The lines where an option's value is read (optionReads): its bound names and spellings used in
 * code, and its name read back as a string (`c.Bool("no-new-privs")`, `$input->getOption('dry-run')`,
 * `value_of("THREADS")`). A line that only stores it (`x.DryRun = v`) or hands it on unchanged
 * (`serfConfig.KeyringFile = config.KeyringFile`) moves it along; the line that acts on it is elsewhere.
 */
function readsPattern(name: string, bound: { names: string[]; members: string[] }, spelledBare: boolean): string {
  const quoted = bound.names.filter((n) => n.startsWith('"')).map((n) => escapeRegExp(n.slice(1, -1)));
  // The name's spellings as bare words only when no declaration said what holds the value: where
  // one did (`&Opt.MaxAge`), a local `maxAge` elsewhere (s3's cleanUp) is another value.
  const spellings = optionSpellings(name);
  const words = [...new Set([...bound.names.filter((n) => !n.startsWith('"')), ...(spelledBare ? spellings : [])])];
  const members = [...new Set([...bound.members, ...(spelledBare ? [] : spellings)])];
  const parts = [
    ...(words.length > 0 ? [`\\b(?:${words.map(escapeRegExp).join('|')})\\b`] : []),
    ...(members.length > 0 ? [`(?:\\.|->)(?:${members.map(escapeRegExp).join('|')})\\b`] : []),
    `["'\`](?:${[escapeRegExp(name), ...quoted].join('|')})["'\`]`,
  ];
  return parts.join('|');
}

/**
 * Whether a line only moves a value: stores one into a name (`x.DryRun = v`, `dry: v,`) or copies
 * one along unchanged (`serfConfig.KeyringFile = config.KeyringFile`), nothing done to it.
 */
function movesOnly(text: string): boolean {
  // Declaring words before the name (`int dry_run = 0;`, `var dryRun = false`, `let threads = matches`).
  const m = /^\s*(?:[\w*&<>:]+\s+)*[\w$@.\->[\]"']+\s*(?::=|=|:)(?![=~>:])\s*(.*?)\s*[;,]?\s*$/.exec(text);
  return m !== null && (/^[@$]*[A-Za-z_][\w.]*(?:->\w+)*$/.test(m[1]) || CONSTANT.test(m[1]));
}

/** A list of option names and nothing else (makepkg's `OPT_LONG+=('asdeps' 'noconfirm' 'needed')`): a table the parser is given. */
const NAMES_LIST = /^\s*(?:[\w.$]+\s*\+?=\s*)?[([{]?\s*(?:["'][\w-]+["']\s*,?\s*){3,}[)\]}]?\s*[;,]?\s*$/;

/** A line opening a function's definition. */
const FUNCTION_HEAD = /^\s*(?:(?:async|pub|static|export|private|public|protected)\s+)*(?:def|func|function|fn|sub)\s/;

/** A constant a line stores: a number, a boolean, nothing, an empty string. */
const CONSTANT = /^(?:-?\d[\w.]*|true|false|True|False|nil|null|None|undefined|""|'')$/;

/**
 * Whether a line only declares one of the names: a Go struct's field (`MaxAge time.Duration
 * \`json:"max-age"\``), a C member (`int max_age;`), a function's parameter. It reads nothing.
 */
function declaresOnly(text: string, names: ReadonlySet<string>): boolean {
  // A function's head naming it as a parameter (`def run_callback(response, opts, depth):`).
  if (FUNCTION_HEAD.test(text)) return true;
  const go = /^\s*([A-Za-z_]\w*)\s+[\w.*[\]]+(?:\s+`[^`]*`)?\s*(?:\/\/.*)?$/.exec(text);
  if (go && names.has(go[1].toLowerCase())) return true;
  const c = /^\s*(?:[A-Za-z_][\w*]*\s+)+\**([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*;\s*(?:\/[/*].*)?$/.exec(text);
  return c !== null && names.has(c[1].toLowerCase());
}

/** The lines declaring the option, and the lines reading the value they bind it to; null when no declaration binds anything read. */
export function optionReads(
  typed: string,
  name: string,
  pattern: string,
  sources: MessageSources,
): { declarations: SourceLine[]; reads: OptionRead[] } | null {
  const declarations = optionDeclarations(typed, name, pattern, sources);
  // No parser call declares it (docutils' settings tables, `['--overwrite-theme-files']`): a name
  // of several words is still read by its spellings (`settings.overwrite_theme_files`).
  if (declarations.length === 0 && optionSpellings(name).length === 0) return null;
  const bound = { names: new Set<string>(), members: new Set<string>() };
  const declaring = new Set<string>();
  for (const d of declarations) {
    const start = declaringStart(d, typed, name, sources) ?? d.line;
    const above = Math.max(1, start - BINDING_LINES_ABOVE);
    const statement: string[] = [];
    for (let l = above; l <= d.line + BINDING_LINES_BELOW; l++) {
      const text = sources.lineText(d.fileId, l);
      if (text === undefined) break;
      statement.push(text);
    }
    // Above the declaration only the lines of its own chained call (`Arg::with_name("X")` then `.long("x")`).
    let from = start - above;
    while (from > 0 && /^\s*\./.test(statement[from])) from--;
    const own = statement.slice(from, start - above + declaringExtent(statement.slice(start - above)));
    // The whole statement is the declaration's (`Arg::with_name("THREADS")` above, `dest="depth"` below).
    for (let l = above + from; l < above + from + own.length; l++) declaring.add(`${d.fileId}:${l}`);
    const names = boundNames(own, d.line - above - from);
    for (const n of names.names) bound.names.add(n);
    for (const m of names.members) bound.members.add(m);
  }
  const spelledBare = bound.names.size === 0 && bound.members.size === 0;
  // What a parser returns holds it by its name (`args.max_age`, `opts.depth`, `self.config.recursive`).
  if (declarations.length > 0) bound.members.add(name.replace(/-/g, '_'));
  const names = new Set(
    [...bound.names, ...bound.members, ...optionSpellings(name)].map((n) => n.replace(/"/g, '').toLowerCase()),
  );
  const context: ReadContext = { typed, name, sources, declaring, names, seen: new Set() };
  const first = readsMatching(
    readsPattern(name, { names: [...bound.names], members: [...bound.members] }, spelledBare),
    context,
  );
  if (!first) return null;
  // One hop along a copy into a field or a key (`NoPivotRoot: context.Bool("no-pivot")`): where
  // that field is read is where the option acts (`if config.NoPivotRoot {`).
  const hops = [...first.hops].filter((h) => !names.has(h.toLowerCase()));
  const further =
    hops.length > 0 ? readsMatching(`(?:\\.|->)(?:${hops.map(escapeRegExp).join('|')})\\b`, context) : null;
  const reads = [...first.reads, ...(further?.reads ?? [])];
  return reads.length > 0 ? { declarations, reads } : null;
}

/** What reading an option's value needs: the option, the sources, the lines declaring it, the names bound, the lines seen. */
interface ReadContext {
  typed: string;
  name: string;
  sources: MessageSources;
  declaring: ReadonlySet<string>;
  /** The names the value is bound to, lower case. */
  names: ReadonlySet<string>;
  seen: Set<string>;
}

/**
 * A line reading an option's value: `decides` when it is read in a condition; `stores` when the
 * line stores a value into it instead (the parsing of it, `stats_interval = atoi(optarg)`).
 */
export type OptionRead = SourceLine & { decides: boolean; stores?: true };

/** A macro defined as the option's name (`#define CMD_LINE_OPT_STATS_INTERVAL "stats-interval"`): its declaration's spelling. */
const NAME_DEFINED = /^\s*#\s*define\s+\w+\s+["'`]/;

/**
 * The lines `pattern` finds that read the value (not a declaration, a comment, a binding, a
 * declaration of the name or a store into it), and the fields and keys they copy it into; null
 * when it finds more than MAX_READS lines.
 */
function readsMatching(pattern: string, context: ReadContext): { reads: OptionRead[]; hops: Set<string> } | null {
  const { typed, name, sources, declaring, names, seen } = context;
  const found = sources.linesMatching?.(pattern, MAX_READS + 1) ?? [];
  if (found.length > MAX_READS) return null;
  // The index matches without case; a name is read in its own case (`NEEDED`, not "if needed").
  const occurrences = new RegExp(pattern, 'g');
  const reads: OptionRead[] = [];
  const hops = new Set<string>();
  for (const l of found) {
    const key = `${l.fileId}:${l.line}`;
    if (declaring.has(key) || seen.has(key)) continue;
    seen.add(key);
    const text = sources.lineText(l.fileId, l.line) ?? '';
    if (isCommentLine(text, null) || declarationScore(text, typed, name) === 2) continue;
    // A settings table's binding (`{'dest': 'overwrite_theme_files', …}`) names the value; it reads nothing.
    if (DEST_BINDING.test(text) || declaresOnly(text, names) || NAME_DEFINED.test(text) || NAMES_LIST.test(text))
      continue;
    const at = [...text.matchAll(occurrences)];
    if (at.length === 0) continue;
    // Stored into (`x.DryRun = v`, `options[:max_age] = v`, `stats_interval = atoi(optarg)`):
    // written, not read; the function storing it parses the value (OptionRead.stores).
    if (at.every((m) => STORED_INTO.test(text.slice(m.index + m[0].length)))) {
      reads.push({ ...l, decides: false, stores: true });
      continue;
    }
    const hop = COPIED_INTO.exec(text);
    const into = hop?.[1] ?? hop?.[2];
    if (into && into.length >= MIN_HOP_CHARS) hops.add(into);
    reads.push({ ...l, decides: !movesOnly(text) && DECIDES.test(text) });
  }
  return { reads, hops };
}

/** What follows a name stored into: an assignment (a key's closing bracket before it). */
const STORED_INTO = /^["'\x60]?\s*\]?\s*(?::=|\+=|-=|\|\|=|&&=|=(?![=~>]))/;
/** A line copying a value into a field or a literal's key (`cfg.NoPivot = …`, `NoPivotRoot: …,`), the field or key. */
const COPIED_INTO = /^\s*(?:(?:[\w$@]+(?:\.|->))+([A-Za-z_]\w*)\s*=(?![=~>])|([A-Za-z_]\w*)\s*:(?![=:]))\s*\S/;
/** A field or key this short is too common a name to follow. */
const MIN_HOP_CHARS = 4;
/** A line deciding on a value: a condition (`if`, `unless`, `while`, a `case` label, `&&`, a ternary, bash's `(( … ))`). */
const DECIDES = /\b(?:if|elif|elsif|unless|while|until|switch|case|when)\b|&&|\|\||\?[^?:]*:|\(\(|\[\[/;

/**
 * A question about what an option does (QueryPlan.optionRead): the results holding a line that
 * decides on its value first, then those holding a line that reads it (a copy, an argument), each in
 * their fused order, then the others, cut to `limit` (the fusion was not
 * cut, so a reader below it still leads). The question's words rank the readers; that they read
 * the option is what puts them before code that only shares its words. Any other plan's results
 * as they are.
 */
export function readingResultsFirst<R extends { path: string; startLine: number; endLine: number }>(
  plan: Pick<QueryPlan, 'optionRead' | 'answerLines'>,
  results: R[],
  limit: number,
): R[] {
  const reads = plan.answerLines;
  if (plan.optionRead === undefined || !reads) return results;
  // 0: it decides on the value in a condition; 1: it reads it; 2: it parses it (stores into it
  // too: the value checked where it is read from the command line); 3: none of these.
  const rank = (r: R) => {
    const held = reads.filter((l) => l.path === r.path && holdsLine(r, l.line));
    if (held.length === 0) return 3;
    if (held.some((l) => l.stores)) return 2;
    return held.some((l) => l.decides) ? 0 : 1;
  };
  const ranked = results.map((r) => ({ r, rank: rank(r) }));
  return [0, 1, 2, 3].flatMap((n) => ranked.filter((x) => x.rank === n).map((x) => x.r)).slice(0, limit);
}
