/**
 * A command-line option asked for alone (rule command-line-option, `--max-age`): of the lines that
 * name it, the ones that tell a parser of it come first — a flag or argument call given its name
 * (`flags.DurationVarP(…, "max-age", …)`, `add_argument('--max-age')`, `opts.on('--max-age AGE')`,
 * clap's `.long("max-age")`), getopt_long's table row (`{"max-age", required_argument, …}`), a
 * shell's case arm (`--max-age)`) — before the option's other mentions: a map key, a JSON tag, a
 * help text, a comment.
 */
import { escapeRegExp } from '../text/escape';
import { subTokens } from '../tokens';
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
  return lines.filter((l) => declarationScore(sources.lineText(l.fileId, l.line) ?? '', typed, name) === 2);
}
