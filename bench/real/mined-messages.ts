/**
 * Pasted messages measured by the thousand (issue 20, item 4): a mined set of format strings
 * with values filled in, run through the search box as a user would paste them.
 *
 *   npx tsx bench/real/mined-messages.ts [--project NAME] [--per-project N] [--seed S] [--unseen | --slice] [--tag T]
 *                                        [--embedder local|none]
 *
 * For each TUNING project of bench/real/projects.ts (never a held-out one) the message-producing
 * lines are found with an extraction written apart from src/engine (the ground truth must not
 * share the engine's blind spots): printf family, Python `%`/`.format`/f-strings/`raise X(…)`/
 * loggers, Go `fmt.Errorf`/`errors.New`/`log.Printf`, Rust `format!`/`panic!`/`bail!`/
 * `#[error("…")]`/`write!`, Ruby `raise X, "…#{…}"`/loggers, PHP `throw new X("…" . $v)`/
 * `sprintf`, C `printf`/`printk`/`pr_err`/`snprintf` and any call to a message-like function,
 * JS/TS template literals and concatenation. Each format's placeholders are filled with values
 * of their shape (%d a number, %q a Go-quoted string, {:?} a Debug shape, %x hex, %p 0x…), a
 * prefix a real program adds is sampled per language (a logger's head, `Error: `, `panicked
 * at`, an exception's class), and a fixed number per project is drawn with a seed.
 *
 * Expected: the producing line and every other line whose format has the same fixed text.
 * Formats whose fixed text is under MIN_FIXED characters (or all placeholders) are skipped and
 * counted: nobody can answer those. Judged with bench/real/score.ts's line rule against the
 * function around the line (found here by the text alone), at the file, and "contains".
 *
 * The tuning projects are the real set's and the SLICE list (packages mined for messages only);
 * `--slice` scores the SLICE alone.
 *
 * `--unseen` scores the UNSEEN list instead: Debian packages in no set and not in the model's
 * sources, fetched the way bench/real fetches. Score them once before changing engine code and
 * once after; never read their misses while changing code. Misses of a run go to
 * .cache/mined-messages/misses-<set>.json and the figures to summary-<set>.json (not committed).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Engine } from '../../src/engine/engine';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { lineOfOffset, lineStartsOf } from '../../src/engine/text/lines';
import { nodeGrammars } from '../../src/node/grammars';
import { REPO_ROOT } from '../eval/corpora';
import { evalEmbedder, evalLexicalExpansion } from '../eval/embedder';
import { SeededRandom } from '../eval/rng';
import { minedArgs } from './mined-args';
import { type LoadedProject, loadProject, PROJECTS, type RealFile, type RealProject } from './projects';
import { type Group, mean, score, type Scores } from './score';

/**
 * The unseen check: packages in no set (real, understand, main: bench/understand/projects.ts too) and not in
 * scripts/model-sources.ts, one Go, one Rust, one C (twentieth session), one Python, two Ruby
 * (twenty-first). Not in projects.ts: they are scored, never tuned on.
 */
export const UNSEEN: readonly RealProject[] = [
  {
    name: 'unseen-toml-go',
    pkg: 'golang-github-burntsushi-toml-dev',
    version: '1.2.0-2',
    language: 'go',
    root: 'usr/share/gocode/src/github.com/BurntSushi/toml',
    extensions: ['.go'],
    exclude: /_test\.go$|^internal\/toml-test\//,
    half: 'held-out',
  },
  {
    name: 'unseen-toml-rs',
    pkg: 'librust-toml-dev',
    version: '0.5.11-1',
    language: 'rust',
    root: 'usr/share/cargo/registry/toml-0.5.11/src',
    extensions: ['.rs'],
    half: 'held-out',
  },
  // (openafs-modules-dkms was tried first: the understand set scores it, so it is no unseen package.)
  {
    name: 'unseen-lime',
    pkg: 'lime-forensics-dkms',
    version: '1.9.1-5',
    language: 'c',
    root: 'usr/src/lime-forensics-1.9.1-5',
    extensions: ['.c', '.h'],
    half: 'held-out',
  },
  // The second check (twenty-first session): one Python and two Ruby (i18n alone has 8 formats to ask) — the first was Go, Rust and C.
  {
    name: 'unseen-marshmallow',
    pkg: 'python3-marshmallow',
    version: '3.18.0-1',
    language: 'python',
    root: 'usr/lib/python3/dist-packages/marshmallow',
    extensions: ['.py'],
    half: 'held-out',
  },
  {
    name: 'unseen-i18n',
    pkg: 'ruby-i18n',
    version: '1.10.0-2',
    language: 'ruby',
    root: 'usr/share/rubygems-integration/all/gems/i18n-1.10.0/lib',
    extensions: ['.rb'],
    // The gem's shared examples for the backends it ships, not its library.
    exclude: /^i18n\/tests\//,
    half: 'held-out',
  },
  {
    name: 'unseen-mail',
    pkg: 'ruby-mail',
    version: '2.7.1+dfsg1-2',
    language: 'ruby',
    root: 'usr/lib/ruby/vendor_ruby',
    extensions: ['.rb'],
    half: 'held-out',
  },
];

/**
 * A mined TUNING slice (twenty-second session): Debian packages in no set (real, understand,
 * main) and not in scripts/model-sources.ts, in the languages whose held-out messages miss most —
 * PHP, Rust, Go, C. Unlike UNSEEN these are tuned on: their misses are read and fixed. A default
 * run scores them after the real set's tuning projects (rows "set"), `--slice` scores them alone.
 * Their first score (before any change made for them) is their unseen figure, kept in HISTORY.
 */
export const SLICE: readonly RealProject[] = [
  {
    name: 'mined-composer',
    pkg: 'composer',
    version: '2.5.5-1+deb12u5',
    language: 'php',
    root: 'usr/share/php/Composer',
    extensions: ['.php'],
    half: 'tuning',
  },
  {
    name: 'mined-bindgen',
    pkg: 'librust-bindgen-dev',
    version: '0.60.1-2+b2',
    language: 'rust',
    root: 'usr/share/cargo/registry/bindgen-0.60.1/src',
    extensions: ['.rs'],
    half: 'tuning',
  },
  {
    name: 'mined-rusqlite',
    pkg: 'librust-rusqlite-dev',
    version: '0.28.0-4',
    language: 'rust',
    root: 'usr/share/cargo/registry/rusqlite-0.28.0/src',
    extensions: ['.rs'],
    half: 'tuning',
  },
  {
    name: 'mined-memberlist',
    pkg: 'golang-github-hashicorp-memberlist-dev',
    version: '0.2.2-2',
    language: 'go',
    root: 'usr/share/gocode/src/github.com/hashicorp/memberlist',
    extensions: ['.go'],
    exclude: /_test\.go$|^vendor\//,
    half: 'tuning',
  },
  {
    name: 'mined-netflow',
    pkg: 'iptables-netflow-dkms',
    version: '2.6-4+deb12u1',
    language: 'c',
    root: 'usr/src/ipt-netflow-2.6',
    extensions: ['.c', '.h'],
    half: 'tuning',
  },
];

/** Fixed text (non-space characters) a format needs to be answerable. */
export const MIN_FIXED = 12;
/** Longest format read as a pasted message, in characters and lines (longer: a script or help text). */
const MAX_MESSAGE_CHARS = 300;
const MAX_MESSAGE_LINES = 4;
/** Fixed text that is code or a pattern: braces, a statement's end, Go's `:=`, shell's `+=(`, a leading comment, a /regex/. */
const CODE_OUTPUT = /[{}]|;\s*$|:=|\+=\(|^\s*(?:\/\/|#\s|\/\*)|^\/.*\/[a-z]*$/;

/** The real-set languages whose message-producing calls the miner reads (a project in another is left out). */
const MINED_LANGUAGES = ['python', 'go', 'rust', 'ruby', 'php', 'c'] as const;
export type Language = (typeof MINED_LANGUAGES)[number] | 'js';
const isMinedLanguage = (l: string): l is Language => l === 'js' || (MINED_LANGUAGES as readonly string[]).includes(l);

export type Piece = { text: string } | { hole: string; style: HoleStyle };
type HoleStyle = 'printf' | 'brace' | 'interp' | 'expr';

/** A message-producing line found by the extraction. */
export interface Mined {
  path: string;
  /** The line of the format's first literal (1-based). */
  line: number;
  /** The line the producing call starts on. */
  callLine: number;
  /** Producer and placeholder style, e.g. `raise/fstring`, `Errorf/printf`. */
  family: string;
  /** The exception or logger named by the producer, when there is one. */
  thrown?: string;
  pieces: Piece[];
}

// ---- extraction: producers ----

/** A call to a function whose name says it prints or raises a message. */
const MESSAGE_CALLEE =
  /(?<![\w$])((?:[\w$]+(?:\.|->|::))*([A-Za-z_]\w*(?:print|log|warn|err|error|panic|msg|message|fatal|die|debug|dbg|trace|notice|info|fail|abort|exception|assert)\w*|print|log|warn|err|error|panic|fatal|die|debug|info|fail|abort|puts|say|echo|perror|errx|warnx|syslog|sprintf|snprintf|printf|fprintf|printk|format|Errorf|Sprintf|Printf|Fprintf|New|expect|Exception|Error|[A-Z_]*(?:PRINT|LOG|WARN|ERR|ERROR|PANIC|MSG|FATAL|DIE|DEBUG|DBG|TRACE|NOTICE|INFO|FAIL|ABORT|ASSERT)[A-Z0-9_]*))\s*(\()/g;

interface Producer {
  /** Where the arguments start (after the opening parenthesis, or after `raise X, `). */
  at: number;
  family: string;
  thrown?: string;
  /** Arguments are not in parentheses (Ruby `raise X, "…"`, `logger.warn "…"`). */
  bare?: boolean;
}

function producersOf(language: Language, text: string): Producer[] {
  const out: Producer[] = [];
  const add = (
    re: RegExp,
    family: (m: RegExpExecArray) => string,
    thrown?: (m: RegExpExecArray) => string,
    bare?: boolean,
  ) => {
    for (const m of text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)))
      out.push({ at: m.index + m[0].length, family: family(m), thrown: thrown?.(m), bare });
  };
  switch (language) {
    case 'python':
      add(
        /\braise\s+([\w.]+)\(/,
        () => 'raise',
        (m) => m[1],
      );
      add(
        /\b(?:\w+\.)*(?:log|logger|logging|LOG|_log|_logger|LOGGER)\.(debug|info|warning|warn|error|exception|critical|fatal)\(/,
        () => 'logger',
      );
      add(/\bwarnings\.warn\(/, () => 'warn');
      break;
    case 'go':
      add(/\bfmt\.Errorf\(/, () => 'Errorf');
      add(/\berrors\.New\(/, () => 'errors.New');
      add(
        /\b(?:log|logger|\w+\.logger|\w+\.Logger|l)\.(?:Printf|Fatalf|Panicf|Errorf|Warnf|Infof|Debugf|Print|Println|Fatal|Fatalln|Panic|Error|Warn|Info|Debug)\(/,
        () => 'log',
      );
      add(/\bpanic\(/, () => 'panic');
      break;
    case 'rust':
      add(/#\[error\(/, () => 'error-attr');
      add(
        /\b(format|panic|anyhow|bail|ensure|write|writeln|println|eprintln|print|eprint|unreachable|unimplemented|todo|assert|assert_eq|assert_ne|debug_assert|error|warn|info|debug|trace|format_err)!\s*[([{]/,
        (m) => `${m[1]}!`,
      );
      add(/\.expect\(/, () => 'expect');
      break;
    case 'ruby':
      add(
        /\braise\s+(?:([A-Z][\w:]*)(?:\.new\(|,\s*|\(\s*))?(?=["'%])/,
        () => 'raise',
        (m) => m[1] ?? 'RuntimeError',
        true,
      );
      add(
        /\braise\s+([A-Z][\w:]*)\.new\(/,
        () => 'raise',
        (m) => m[1],
      );
      add(
        /(?:\blogger|\blog|@logger|\bLOG)\.(debug|info|warn|error|fatal)(?:\(|\s+(?=["']))/,
        () => 'logger',
        undefined,
        true,
      );
      add(/(?<![\w.])(?:warn|abort|say_error|fail)(?:\(|\s+(?=["']))/, () => 'print', undefined, true);
      break;
    case 'php':
      add(
        /\bthrow\s+new\s+\\?([\w\\]+)\(/,
        () => 'throw',
        (m) => m[1].split('\\').pop()!,
      );
      add(/\btrigger_error\(/, () => 'trigger_error');
      add(/->(?:error|warning|notice|critical|alert|emergency|info|debug|writeln|caution)\(/, () => 'output');
      break;
    case 'c':
      break;
    case 'js':
      add(
        /\bthrow\s+new\s+([\w.]+)\(/,
        () => 'throw',
        (m) => m[1],
      );
      add(/\bconsole\.(?:log|warn|error|info|debug)\(/, () => 'console');
      break;
  }
  // Any call to a message-like function (every language): C's printk/pr_err/apfs_err, loggers
  // named anything, sprintf and format helpers.
  for (const m of text.matchAll(MESSAGE_CALLEE)) {
    const at = m.index + m[0].length;
    if (out.some((p) => p.at === at)) continue;
    out.push({ at, family: calleeFamily(m[2]) });
  }
  return out.sort((a, b) => a.at - b.at);
}

function calleeFamily(name: string): string {
  if (/^(?:s?n?printf|fprintf|sprintf|Sprintf|Printf|Fprintf|format)$/.test(name))
    return name === 'format' ? 'format' : 'printf';
  if (/^printk$|^pr_|^dev_/.test(name)) return 'printk';
  if (/^(?:New|Error|Exception)$/.test(name)) return 'constructor';
  return 'message-call';
}

// ---- extraction: arguments and literals ----

interface Token {
  kind: 'literal' | 'expr' | 'macro';
  /** literal: its content between the quotes; expr: the expression's text. */
  text: string;
  /** Opening of a literal: quote character and prefix (f, r, b, `r#`, `$`…). */
  quote?: string;
  prefix?: string;
  start: number;
}

/** Reads the literal opening at `i` (after any prefix); returns its end (after the closing quote) or -1. */
function literalAt(src: string, i: number): { content: string; end: number; quote: string; prefix: string } | null {
  const m = /^(?:([fFrRbBuU]{1,2}|L|u8|@|\$)?(r#*)?)(["'`])/.exec(src.slice(i, i + 8));
  if (!m) return null;
  const prefix = (m[1] ?? '') + (m[2] ?? '');
  const quote = m[3];
  const hashes = (m[2] ?? '').length > 0 ? m[2].length - 1 : 0;
  // Python triple quotes.
  const triple = src.startsWith(quote.repeat(3), i + m[0].length - 1) && quote !== '`';
  let j = i + m[0].length + (triple ? 2 : 0);
  const close = triple ? quote.repeat(3) : quote + '#'.repeat(hashes);
  const raw = /r/i.test(prefix) && !/[fF]/.test(prefix) && quote !== '`';
  let depth = 0;
  while (j < src.length) {
    const c = src[j];
    if (c === '\\' && !raw && quote !== '`') {
      j += 2;
      continue;
    }
    if (c === '\\' && quote === '`') {
      j += 2;
      continue;
    }
    if (quote === '`' && c === '$' && src[j + 1] === '{') {
      depth++;
      j += 2;
      continue;
    }
    if (quote === '`' && depth > 0 && c === '}') {
      depth--;
      j++;
      continue;
    }
    if (depth === 0 && src.startsWith(close, j))
      return { content: src.slice(i + m[0].length + (triple ? 2 : 0), j), end: j + close.length, quote, prefix };
    if (c === '\n' && !triple && quote !== '`' && !raw) return null;
    j++;
  }
  return null;
}

/** The first argument holding a literal, as tokens (literals and expressions joined by `+`, `.`, `<<`, juxtaposition). */
function formatArgument(
  src: string,
  at: number,
  bare: boolean,
  language: Language,
  values = 0,
): { tokens: Token[]; operator?: string } | null {
  // Arguments at depth 0 until the call's closing parenthesis (or the line's end for bare calls).
  let i = at;
  for (let arg = 0; arg < 4 + values; arg++) {
    const parsed = readArgument(src, i, bare, language);
    if (!parsed) return null;
    if (arg < values) {
      if (parsed.next === -1) return null;
      i = parsed.next;
      continue;
    }
    if (parsed.tokens.some((t) => t.kind === 'literal')) return parsed;
    // A format helper as the argument: `throw new X(sprintf('…', $v))`, `Err(format!("…"))`.
    const helper =
      /^\s*(?:(sprintf|format!?|fmt\.Sprintf|String\.format|vsprintf)|(_|gettext|ngettext|tr))\s*!?\s*\(/.exec(
        src.slice(i),
      );
    if (helper) {
      const inner = formatArgument(src, i + helper[0].length, false, language);
      if (!inner || !helper[2]) return inner;
      // A translated literal formatted after its call: `_("… {name}").format(…)`, `_("… %s") % x`.
      const close = matchingParen(src, i + helper[0].length - 1);
      const after = close === -1 ? '' : src.slice(close + 1, close + 12);
      let operator = inner.operator;
      if (after.startsWith('.format(')) operator = '.format';
      else if (/^\s*%/.test(after)) operator = '%';
      return { ...inner, operator };
    }
    if (parsed.next === -1) return null;
    i = parsed.next;
  }
  return null;
}

function readArgument(
  src: string,
  from: number,
  bare: boolean,
  language: Language,
): { tokens: Token[]; next: number; operator?: string } | null {
  const tokens: Token[] = [];
  let i = from;
  let operator: string | undefined;
  const skipSpace = () => {
    while (i < src.length && /[\s\\]/.test(src[i]) && !(bare && src[i] === '\n')) {
      if (src[i] === '\\' && src[i + 1] !== '\n') break;
      i++;
    }
  };
  for (;;) {
    skipSpace();
    if (i >= src.length) return { tokens, next: -1, operator };
    const c = src[i];
    if (c === ')' || c === ']' || (bare && c === '\n')) return { tokens, next: -1, operator };
    if (bare && /^(?:if|unless|rescue|while|until|do)\b/.test(src.slice(i, i + 7)))
      return { tokens, next: -1, operator };
    if (c === ',') return { tokens, next: i + 1, operator };
    const lit = literalAt(src, i);
    if (
      lit &&
      !(language === 'rust' && lit.quote === "'") &&
      !(language === 'c' && lit.quote === "'") &&
      !(language === 'go' && lit.quote === "'")
    ) {
      // A Rust string continued with `\` at a line's end prints neither the break nor the next line's indentation.
      const text = language === 'rust' ? lit.content.replace(/\\\n\s*/g, '') : lit.content;
      tokens.push({ kind: 'literal', text, quote: lit.quote, prefix: lit.prefix, start: i });
      i = lit.end;
      continue;
    }
    // Joining operators.
    // (PHP's `.` joins whatever follows it: `'…for '.$package->getName().' is …'`, `. implode(…)`.)
    const op =
      language === 'php' ? /^(?:\+|\.(?!\d))/.exec(src.slice(i)) : /^(?:\+|\.(?!\w)|<<|\.\s)/.exec(src.slice(i));
    if (op && tokens.length > 0) {
      i += op[0].length;
      continue;
    }
    // `%` after a literal (Python/Ruby format operator) ends the format.
    if (c === '%' && tokens.length > 0) {
      operator = '%';
      return { tokens, next: -1, operator };
    }
    // `.format(` after a literal.
    if (src.startsWith('.format(', i) && tokens.length > 0) {
      operator = '.format';
      return { tokens, next: -1, operator };
    }
    // An expression: up to the next joining operator, comma or closing bracket at depth 0.
    const start = i;
    let depth = 0;
    while (i < src.length) {
      const d = src[i];
      if (d === '(' || d === '[' || d === '{') depth++;
      else if (d === ')' || d === ']' || d === '}') {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0 && (d === ',' || (bare && d === '\n'))) break;
      // Ruby's statement modifiers end a bare argument list (`raise Error, "…" unless ok`).
      else if (depth === 0 && bare && /^\s(?:if|unless|rescue|while|until|do)\b/.test(src.slice(i, i + 8))) break;
      else if (
        depth === 0 &&
        (d === '+' ||
          (language === 'php' && d === '.' && !/\d/.test(src[i + 1] ?? '')) ||
          (d === '<' && src[i + 1] === '<'))
      )
        break;
      else if (d === '"' || (d === "'" && language !== 'rust') || d === '`') {
        const l = literalAt(src, i);
        if (l) {
          if (depth === 0 && tokens.length === 0 && i === start) break;
          i = l.end;
          continue;
        }
      }
      i++;
      if (i - start > 200) return null;
    }
    const expr = src.slice(start, i).trim();
    if (!expr) return { tokens, next: -1, operator };
    // A C macro before a literal (`printk(KERN_ERR "…")`, `"%" PRIu64 "…"`): no text of its own here.
    tokens.push({ kind: /^[A-Z_][A-Z0-9_]*$/.test(expr) ? 'macro' : 'expr', text: expr, start });
  }
}

const PRINTF =
  /%(?:\([\w]+\))?(?:\[\d+\])?[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t|I64)?(?:p[A-Za-z]\d?[a-z]*|[diouxXeEfFgGaAcspnrqvTtwbU])/y;

/** A literal's content as pieces, by the placeholder syntax the producer uses. */
function literalPieces(t: Token, language: Language, printf: boolean): Piece[] {
  const s = t.text;
  const out: Piece[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ text: buf });
    buf = '';
  };
  const interp = (language === 'ruby' && t.quote === '"') || (language === 'php' && t.quote === '"');
  const brace =
    language === 'rust' || (language === 'python' && /[fF]/.test(t.prefix ?? '')) || (language === 'python' && !printf);
  const template = t.quote === '`' && language === 'js';
  const raw = (/r/i.test(t.prefix ?? '') && !/[fF]/.test(t.prefix ?? '')) || (language === 'go' && t.quote === '`');
  for (let i = 0; i < s.length;) {
    const c = s[i];
    if (c === '\\' && !raw) {
      const n = s[i + 1];
      const map: Record<string, string> = { n: '\n', t: '\t', r: '', '"': '"', "'": "'", '\\': '\\', '0': '', e: '' };
      if (n === 'x') {
        i += 4;
        continue;
      }
      if (n === 'u' && s[i + 2] === '{') {
        const close = s.indexOf('}', i);
        i = close + 1;
        continue;
      }
      buf += map[n] ?? n ?? '';
      i += 2;
      continue;
    }
    if (printf && c === '%') {
      if (s[i + 1] === '%') {
        buf += '%';
        i += 2;
        continue;
      }
      PRINTF.lastIndex = i;
      const m = PRINTF.exec(s);
      if (m) {
        flush();
        out.push({ hole: m[0], style: 'printf' });
        i += m[0].length;
        continue;
      }
    }
    if (brace && (c === '{' || c === '}')) {
      if (s[i + 1] === c) {
        buf += c;
        i += 2;
        continue;
      }
      if (c === '{') {
        const close = matching(s, i, '{', '}');
        if (close > i) {
          flush();
          out.push({ hole: s.slice(i, close + 1), style: 'brace' });
          i = close + 1;
          continue;
        }
      }
    }
    // Ruby's `#{…}` and a JavaScript template's `${…}` (the languages never meet: order is free).
    if (((language === 'ruby' && interp && c === '#') || (template && c === '$')) && s[i + 1] === '{') {
      const close = matching(s, i + 1, '{', '}');
      if (close > i) {
        flush();
        out.push({ hole: s.slice(i, close + 1), style: 'interp' });
        i = close + 1;
        continue;
      }
    }
    if (language === 'php' && interp && (c === '$' || (c === '{' && s[i + 1] === '$'))) {
      const m = /^(?:\{\$[^}]+\}|\$[A-Za-z_]\w*(?:->[A-Za-z_]\w*|\[[^\]]*\])*)/.exec(s.slice(i));
      if (m) {
        flush();
        out.push({ hole: m[0], style: 'interp' });
        i += m[0].length;
        continue;
      }
    }
    buf += c;
    i++;
  }
  flush();
  return out;
}

/** The parenthesis closing the one at `open`, skipping string literals; -1 when there is none. */
function matchingParen(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length && i - open < 2000; i++) {
    const c = src[i];
    if (c === '"' || c === "'" || c === '`') {
      const l = literalAt(src, i);
      if (l) {
        i = l.end - 1;
        continue;
      }
    }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

function matching(s: string, open: number, o: string, c: string): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === o) depth++;
    else if (s[i] === c && --depth === 0) return i;
  }
  return -1;
}

const COMMENT = /^\s*(?:\/\/|\/\*|\*|#(?!\[)|--)/;

/**
 * The arguments an assertion compares before its message (`assert_eq!(id, "$abc:example.com",
 * …)`, `assert!(ok, "…")`, `ensure!(ok, "…")`): a literal among them is a value, never printed
 * as the message.
 */
function comparedValues(family: string): number {
  if (/^(?:debug_)?assert_(?:eq|ne)!$/.test(family)) return 2;
  return /^(?:(?:debug_)?assert|ensure)!$/.test(family) ? 1 : 0;
}

/** The dozen characters of code before a literal, white space between them read as one space. */
function before(src: string, at: number): string {
  return src
    .slice(Math.max(0, at - 200), at)
    .replace(/\s+/g, ' ')
    .slice(-12);
}

/** Every message-producing line of a file, by the extraction above. */
export function mineFile(file: RealFile, language: Language): Mined[] {
  const src = file.text;
  const starts = lineStartsOf(src);
  const lines = src.split('\n');
  const out: Mined[] = [];
  const seen = new Set<number>();
  for (const p of producersOf(language, src)) {
    const callLine = lineOfOffset(starts, p.at);
    const own = lines[callLine - 1] ?? '';
    if (COMMENT.test(own) && !(language === 'rust' && /#\[error/.test(own))) continue;
    if (language === 'python' && /^\s*(?:def|class)\s/.test(own)) continue;
    const arg = formatArgument(src, p.at, p.bare ?? false, language, comparedValues(p.family));
    if (!arg) continue;
    const first = arg.tokens.find((t) => t.kind === 'literal')!;
    if (seen.has(first.start)) continue;
    seen.add(first.start);
    const printf =
      arg.operator === '%' ||
      (language === 'python' && (p.family === 'logger' || p.family === 'printf')) ||
      ['go', 'c'].includes(language) ||
      // (The literal may open the call's next line: `sprintf(\n    'Using version …'`.)
      (language === 'php' && /printf|sprintf/.test(before(src, first.start))) ||
      (language === 'ruby' && /format|sprintf/.test(before(src, first.start)));
    const pythonBrace =
      language === 'python' && (arg.operator === '.format' || arg.tokens.some((t) => /[fF]/.test(t.prefix ?? '')));
    const pieces: Piece[] = [];
    for (const t of arg.tokens) {
      if (t.kind === 'macro') continue;
      if (t.kind === 'expr') pieces.push({ hole: t.text, style: 'expr' });
      else {
        const asBrace =
          language === 'python' ? pythonBrace && (/[fF]/.test(t.prefix ?? '') || arg.operator === '.format') : true;
        pieces.push(
          ...(language === 'python' && !asBrace
            ? literalPieces({ ...t, prefix: (t.prefix ?? '').replace(/[fF]/g, '') }, language, printf).map((x) =>
                'hole' in x && x.style === 'brace' ? { text: x.hole } : x,
              )
            : literalPieces(t, language, printf)),
        );
      }
    }
    // Python literals that are neither f-strings nor .format'ed keep their braces as text.
    const fixedPieces =
      language === 'python' && !pythonBrace
        ? pieces.map((x) => ('hole' in x && x.style === 'brace' ? { text: x.hole } : x))
        : pieces;
    const style = styleOf(fixedPieces, language, arg.operator, pythonBrace);
    out.push({
      path: file.path,
      line: lineOfOffset(starts, first.start),
      callLine,
      family: `${p.family}/${style}`,
      thrown: p.thrown,
      pieces: fixedPieces,
    });
  }
  return out;
}

function styleOf(
  pieces: readonly Piece[],
  language: Language,
  operator: string | undefined,
  pythonBrace: boolean,
): string {
  const holes = pieces.filter((p): p is { hole: string; style: HoleStyle } => 'hole' in p);
  if (holes.length === 0) return 'plain';
  if (holes.some((h) => h.style === 'expr')) return holes.every((h) => h.style === 'expr') ? 'concat' : 'mixed';
  if (language === 'python') {
    if (operator === '%') return 'percent';
    if (!pythonBrace) return 'printf';
    return operator === '.format' ? 'format' : 'fstring';
  }
  return holes[0].style;
}

/** The fixed text of a format: its constant pieces, spaces collapsed. */
export function fixedText(pieces: readonly Piece[]): string {
  return pieces
    .map((p) => ('text' in p ? p.text : '\u0000'))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A console's style tag (`<info>`, `</>`, `<fg=red;options=bold>`), which a terminal renders and a paste has not. */
const STYLE_TAG = /<\/?(?:[a-z]+|[a-z]+=[^>\s]*(?:;[a-z]+=[^>\s]*)*)?>/g;

/** The fixed text a terminal shows: PHP's style tags left out (what can be answered from). */
const shownFixedChars = (pieces: readonly Piece[], language: Language): number =>
  language === 'php'
    ? fixedChars(pieces.map((p) => ('text' in p ? { text: p.text.replace(STYLE_TAG, '') } : p)))
    : fixedChars(pieces);

const fixedChars = (pieces: readonly Piece[]): number =>
  pieces.reduce((n, p) => n + ('text' in p ? p.text.replace(/\s/g, '').length : 0), 0);

// ---- values and prefixes ----

const WORDS = [
  'orders',
  'user_id',
  'config',
  'main',
  'eth0',
  'build',
  'default',
  'alice',
  'staging',
  'cache',
  'v2',
  'payload',
];
const PATHS = ['/etc/app/config.toml', 'src/main.rs', '/var/lib/data', 'README.md'];
const ERRORS = ['EOF', 'permission denied', 'connection refused', 'unexpected end of file', 'invalid argument'];

/** A value of the shape a placeholder prints. */
export function fillHole(hole: string, style: HoleStyle, rnd: SeededRandom): string {
  const word = () => rnd.pick(WORDS);
  const num = () => String(rnd.pick([0, 1, 2, 3, 7, 8, 16, 42, 80, 255, 404, 1024, 8080]));
  const hintOf = (h: string) => h.replace(/[{}#$%]/g, '');
  const hint = hintOf(hole).toLowerCase();
  const byName = (): string => {
    if (/\berr|exc|^e\b|error|cause/.test(hint)) return rnd.pick(ERRORS);
    if (/path|file|dir/.test(hint)) return rnd.pick(PATHS);
    if (/count|len|size|num|line|port|index|idx|\bn\b|\bi\b|code|status|max|min|limit|offset|timeout/.test(hint))
      return num();
    return rnd.next() < 0.3 ? `'${word()}'` : word();
  };
  if (style === 'printf') {
    const conv = hole.replace(
      /^%(?:\([\w]+\))?(?:\[\d+\])?[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t|I64)?/,
      '',
    );
    if (/^[diouU]$/.test(conv)) return num();
    if (/^[xX]$/.test(conv)) return rnd.pick(['1f3a', 'ff', '7c00', 'deadbeef']);
    if (/^p/.test(conv)) return rnd.pick(['0xffff8881045c2a00', '000000001a2b3c4d', '0xc000012345']);
    if (/^[eEfFgGaA]$/.test(conv)) return rnd.pick(['3.14', '0.5', '1.25']);
    if (conv === 'c') return rnd.pick(['x', ';', '}']);
    if (conv === 'q') return `"${word()}"`;
    if (conv === 'r') return `'${word()}'`;
    if (conv === 'T') return rnd.pick(['string', '*main.Config', 'int64', '[]uint8']);
    if (conv === 'w') return rnd.pick(ERRORS);
    if (/\(([\w]+)\)/.test(hole)) return byName();
    return rnd.next() < 0.25 ? `'${word()}'` : word();
  }
  if (style === 'brace') {
    const spec = hole.slice(1, -1);
    if (/:[^}]*\?/.test(spec) || /!r$/.test(spec))
      return /\?/.test(spec)
        ? rnd.pick([`"${word()}"`, `Some(${num()})`, `Token { kind: Ident, span: 4..9 }`, 'None'])
        : `'${word()}'`;
    if (/:[^}]*[xX]$/.test(spec)) return rnd.pick(['1f3a', 'ff', '0x7c00']);
    if (/:[^}]*[df]$|:\.\d/.test(spec)) return rnd.pick(['3', '0.50', '12']);
    if (/^\d*$/.test(spec)) return rnd.next() < 0.5 ? word() : num();
    return byName();
  }
  return byName();
}

/** What a program prints around a message, per language and producer (sampled). */
function wrap(message: string, m: Mined, language: Language, rnd: SeededRandom): string {
  const thrown = m.thrown?.split(/::|\./).pop();
  const producer = m.family.split('/')[0];
  const options: ((s: string) => string)[] = [(s) => s];
  switch (language) {
    case 'python':
      if (producer === 'raise' && thrown)
        options.push(
          (s) => `${thrown}: ${s}`,
          (s) => `${thrown}: ${s}`,
        );
      if (producer === 'logger')
        options.push(
          (s) => `ERROR:root:${s}`,
          (s) => `2026-12-03 10:14:07,512 WARNING ${s}`,
        );
      options.push((s) => `Error: ${s}`);
      break;
    case 'go':
      options.push(
        (s) => `Error: ${s}`,
        (s) => `2026/12/03 10:14:07 ${s}`,
      );
      if (producer === 'panic') options.push((s) => `panic: ${s}`);
      break;
    case 'rust':
      if (/panic|unreachable|expect|assert|todo|unimplemented/.test(producer))
        options.push(
          (s) => `thread 'main' panicked at '${s}', src/lib.rs:42:9`,
          (s) => `thread 'main' panicked at src/lib.rs:42:9:\n${s}`,
        );
      else
        options.push(
          (s) => `Error: ${s}`,
          (s) => `[2026-12-03T10:14:07Z ERROR app] ${s}`,
        );
      break;
    case 'ruby':
      if (producer === 'raise' && thrown) options.push((s) => `app.rb:12:in \`run': ${s} (${m.thrown})`);
      if (producer === 'logger') options.push((s) => `E, [2026-12-03T10:14:07.512 #4242] ERROR -- : ${s}`);
      options.push((s) => `ERROR: ${s}`);
      break;
    case 'php':
      if (producer === 'throw' && thrown)
        options.push(
          (s) => `PHP Fatal error:  Uncaught ${thrown}: ${s}`,
          (s) => `In App.php line 42:\n  ${s}`,
        );
      options.push((s) => `[ERROR] ${s}`);
      break;
    case 'c':
      options.push(
        (s) => `[  812.044213] ${s}`,
        (s) => `app: ${s}`,
      );
      break;
    case 'js':
      options.push(
        (s) => `Error: ${s}`,
        (s) => `Uncaught ${thrown ?? 'Error'}: ${s}`,
      );
      break;
  }
  return rnd.pick(options)(message);
}

/** A message this format prints, values filled in and a program's prefix added. */
export function pasteOf(m: Mined, language: Language, rnd: SeededRandom): string {
  let text = '';
  for (const p of m.pieces) {
    if ('text' in p) text += p.text;
    else {
      const value = fillHole(p.hole, p.style, rnd);
      // A format that quotes its value itself (`'#{name}'`) is not given a quoted one.
      text += /["'`]$/.test(text) ? value.replace(/^'(.*)'$/, '$1') : value;
    }
  }
  // A terminal renders a console's style tags (`<info>…</info>`, `<fg=red>`): the paste has none.
  if (language === 'php') text = text.replace(STYLE_TAG, '');
  // A terminal shows the message without trailing newlines and (C) without its log-level macro.
  const message = text.replace(/^\s+|\s+$/g, '').replace(/\n{2,}/g, '\n');
  return wrap(message, m, language, rnd);
}

// ---- the function around a line, by the text (for the line rule's size bound) ----

const HEADER: Record<Language, RegExp> = {
  python: /^\s*(?:async\s+)?def\s+\w/,
  ruby: /^\s*def\s+/,
  go: /^func\b/,
  rust: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+|async\s+|unsafe\s+|extern\s+"C"\s+)*fn\s+\w/,
  php: /^\s*(?:(?:public|private|protected|static|final|abstract)\s+)*function\s+\w/,
  c: /^(?:[A-Za-z_][\w*]*\s+\**)*[A-Za-z_]\w*\s*\([^;]*$/,
  js: /^\s*(?:export\s+)?(?:async\s+)?function\b|^\s*(?:async\s+)?\w+\s*\([^)]*\)\s*\{\s*$/,
};

export function functionAround(lines: readonly string[], line: number, language: Language): [number, number] {
  const indent = (l: number) => /^\s*/.exec(lines[l - 1] ?? '')![0].length;
  const own = indent(line);
  for (let h = line; h >= 1 && line - h < 2000; h--) {
    const t = lines[h - 1] ?? '';
    if (!HEADER[language].test(t) || (h < line && indent(h) > own)) continue;
    if (h < line && indent(h) === own && language !== 'c' && language !== 'go') continue;
    if (language === 'python' || language === 'ruby') {
      let end = h;
      let inString = false;
      for (let l = h + 1; l <= lines.length; l++) {
        const s = lines[l - 1];
        // Lines of a triple-quoted string (which may start at column 0) end nothing.
        const quotes = language === 'python' ? (s.match(/"""|'''/g) ?? []).length : 0;
        const wasInString = inString;
        if (quotes % 2 === 1) inString = !inString;
        if (wasInString) {
          end = l;
          continue;
        }
        // Blank lines and comments (Python's may start at column 0 inside a body) end nothing.
        if (!s.trim() || (language === 'python' && /^\s*#/.test(s))) continue;
        // A signature's closing bracket (`) -> None:`) sits at the header's indentation.
        if (indent(l) <= indent(h) && !/^\s*[)\]]/.test(s)) {
          if (language === 'ruby' && /^\s*end\b/.test(s)) end = l;
          break;
        }
        end = l;
      }
      // A nested function that ended above the line: the one around it is further up.
      if (end >= line) return [h, end];
      continue;
    }
    let depth = 0;
    let opened = false;
    for (let l = h; l <= lines.length; l++) {
      const code = (lines[l - 1] ?? '').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\/.*$/g, '');
      for (const c of code) {
        if (c === '{') [depth, opened] = [depth + 1, true];
        else if (c === '}') depth--;
      }
      if (opened && depth <= 0) {
        if (l >= line) return [h, l];
        break;
      }
    }
  }
  return [line, line];
}

// ---- the run ----

interface Case {
  project: string;
  language: Language;
  family: string;
  query: string;
  mined: Mined;
  groups: Group[];
}

interface Outcome {
  c: Case;
  line: Scores;
  contains: Scores;
  file: Scores;
  ms: number;
  intent?: string;
  top: string[];
}

export interface MinedProject {
  candidates: number;
  skipped: number;
  tooLong: number;
  code: number;
  formats: number;
  cases: Case[];
}

/** The project's mined cases: one per distinct fixed text, `perProject` of them drawn with the seed. */
export function minedCases(loaded: LoadedProject, perProject: number, seed: string): MinedProject {
  const language = loaded.project.language;
  if (!isMinedLanguage(language)) throw new Error(`${loaded.project.name}: the miner reads no ${language} messages`);
  const all = loaded.files.flatMap((f) => mineFile(f, language));
  // Nobody pastes a script or a help page: a message is a line or a few (the engine reads six).
  const pasteable = (m: Mined) => {
    const text = m.pieces
      .map((p) => ('text' in p ? p.text : 'x'))
      .join('')
      .trim();
    return text.length <= MAX_MESSAGE_CHARS && text.split('\n').length <= MAX_MESSAGE_LINES;
  };
  // Code a program writes (Go generators' `func (rr *%s) copy() RR {`, a shell completion script's
  // `flags+=(%q)`, a comment line, a regular expression) is output, not a message anyone pastes.
  const codeLike = (m: Mined) => CODE_OUTPUT.test(fixedText(m.pieces));
  const enough = (m: Mined) => shownFixedChars(m.pieces, language) >= MIN_FIXED;
  const answerable = all.filter((m) => enough(m) && pasteable(m) && !codeLike(m));
  const tooLong = all.filter((m) => enough(m) && !pasteable(m)).length;
  const code = all.filter((m) => enough(m) && pasteable(m) && codeLike(m)).length;
  const byFixed = new Map<string, Mined[]>();
  for (const m of answerable) byFixed.set(fixedText(m.pieces), [...(byFixed.get(fixedText(m.pieces)) ?? []), m]);
  const rnd = new SeededRandom(`${seed}:${loaded.project.name}`);
  const keys = rnd.shuffle([...byFixed.keys()].sort()).slice(0, perProject);
  const text = new Map(loaded.files.map((f) => [f.path, f.text.split('\n')]));
  const cases = keys.map((k) => {
    const same = byFixed.get(k)!;
    const mined = rnd.pick(same);
    const groups = same.map((m) => {
      const [start, end] = functionAround(text.get(m.path)!, m.line, language);
      return { path: m.path, start, end, lines: [...new Set([m.line, m.callLine])] };
    });
    return {
      project: loaded.project.name,
      language,
      family: `${language}:${mined.family}`,
      query: pasteOf(mined, language, rnd),
      mined,
      groups,
    };
  });
  return {
    candidates: all.length,
    skipped: all.length - answerable.length - tooLong - code,
    tooLong,
    code,
    formats: byFixed.size,
    cases,
  };
}

const f2 = (x: number) => x.toFixed(2);

function rows(label: string, outcomes: readonly Outcome[], key: (o: Outcome) => string): string[] {
  const keys = [...new Set(outcomes.map(key))].sort();
  return [
    `| ${label} | n | line Hit@1 | line MRR@10 | contains Hit@1 | file Hit@1 |`,
    '|---|---:|---:|---:|---:|---:|',
    ...[...keys, 'all'].map((k) => {
      const os = k === 'all' ? outcomes : outcomes.filter((o) => key(o) === k);
      const l = mean(os.map((o) => o.line));
      return `| ${k} | ${os.length} | ${f2(l.hit1)} | ${f2(l.mrr10)} | ${f2(mean(os.map((o) => o.contains)).hit1)} | ${f2(mean(os.map((o) => o.file)).hit1)} |`;
    }),
  ];
}

/** Each set's line scores (the real set's projects, the slice): the summary's rows "set". */
function bySet(outcomes: readonly Outcome[], inSlice: ReadonlySet<string>, outside: string) {
  const sets = new Map<string, Outcome[]>();
  for (const x of outcomes) {
    const k = inSlice.has(x.c.project) ? 'slice' : outside;
    sets.set(k, [...(sets.get(k) ?? []), x]);
  }
  return Object.fromEntries([...sets].map(([k, os]) => [k, { n: os.length, line: mean(os.map((x) => x.line)) }]));
}

async function main() {
  const o = minedArgs(process.argv.slice(2), { perProject: 40, seed: 'mined-1' });
  const log = (m: string) => process.stderr.write(`${m}\n`);
  const tuning = o.slice ? SLICE : [...PROJECTS.filter((p) => p.half === 'tuning'), ...SLICE];
  const pool = o.unseen ? UNSEEN : tuning;
  const setName = o.unseen ? 'unseen' : 'tuning';
  const outsideSlice = o.unseen ? 'unseen' : 'real set tuning';
  const chosen = pool.filter((p) => !o.project || p.name === o.project);
  if (chosen.length === 0) throw new Error(`no ${o.unseen ? 'unseen' : 'tuning'} project named ${o.project}`);
  const inSlice = new Set(SLICE.map((p) => p.name));
  const deps = {
    analyzer: await StructuralAnalyzer.create(nodeGrammars),
    embedder: await evalEmbedder(o.embedder),
    lexicalExpansion: evalLexicalExpansion(),
  };
  const outcomes: Outcome[] = [];
  const counts: string[] = [
    '| project | language | message lines | skipped (fixed text < 12) | skipped (longer than a message) | skipped (code output) | distinct formats | asked |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const spec of chosen) {
    if (spec.half !== 'tuning' && !o.unseen) continue;
    if (!isMinedLanguage(spec.language)) {
      log(`mined: ${spec.name} (${spec.language}) left out: the miner reads no ${spec.language} message calls`);
      continue;
    }
    const loaded = await loadProject(spec, log);
    if (!loaded) continue;
    const mined = minedCases(loaded, o.perProject, o.seed);
    counts.push(
      `| ${spec.name} | ${spec.language} | ${mined.candidates} | ${mined.skipped} | ${mined.tooLong} | ${mined.code} | ${mined.formats} | ${mined.cases.length} |`,
    );
    if (o.dry) {
      for (const c of mined.cases)
        log(
          `  ${c.family}  ${JSON.stringify(c.query)}  → ${c.groups.map((g) => `${g.path}:${g.lines.join(',')} (${g.start}-${g.end})`).join(' ')}`,
        );
      continue;
    }
    const engine = await Engine.build(loaded.files, deps);
    log(
      `mined: ${spec.name} (${spec.language}) ${mined.candidates} message lines, ${mined.skipped} skipped, ${mined.cases.length} asked`,
    );
    for (const c of mined.cases) {
      const t = performance.now();
      const response = await engine.search(c.query, { preset: 'default', limit: 10 });
      const ms = performance.now() - t;
      const items = response.results.map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine }));
      outcomes.push({
        c,
        line: score(items, c.groups, 'line'),
        contains: score(items, c.groups, 'contains'),
        file: score(items, c.groups, 'file'),
        ms,
        intent: response.query.intent,
        top: items.slice(0, 3).map((i) => `${i.path}:${i.startLine}-${i.endLine}`),
      });
    }
  }
  const set = `${o.slice && !o.unseen ? 'slice' : setName}${o.tag}`;
  const ms = outcomes.map((x) => x.ms).sort((a, b) => a - b);
  const report = [
    `# Mined messages (${set}, seed ${o.seed}, ${o.perProject} per project)`,
    '',
    ...counts,
    '',
    ...rows('language', outcomes, (x) => x.c.language),
    '',
    ...rows('set', outcomes, (x) => (inSlice.has(x.c.project) ? 'slice (2026-12-03)' : outsideSlice)),
    '',
    ...rows('family', outcomes, (x) => x.c.family),
    '',
    `search time per message: median ${f2(ms[ms.length >> 1] ?? 0)} ms, p90 ${f2(ms[Math.floor(ms.length * 0.9)] ?? 0)} ms`,
  ].join('\n');
  process.stdout.write(`${report}\n`);
  const out = join(REPO_ROOT, '.cache', 'mined-messages');
  await mkdir(out, { recursive: true });
  const l = mean(outcomes.map((x) => x.line));
  await writeFile(
    join(out, `summary-${set}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), seed: o.seed, perProject: o.perProject, n: outcomes.length, line: l, file: mean(outcomes.map((x) => x.file)), contains: mean(outcomes.map((x) => x.contains)), bySet: bySet(outcomes, inSlice, outsideSlice) }, null, 1)}\n`,
  );
  await writeFile(
    join(out, `misses-${set}.json`),
    `${JSON.stringify(
      outcomes
        .filter((x) => x.line.hit1 === 0)
        .map((x) => ({
          project: x.c.project,
          family: x.c.family,
          query: x.c.query,
          intent: x.intent,
          expected: x.c.groups.map((g) => `${g.path}:${g.lines.join(',')} (${g.start}-${g.end})`),
          pieces: x.c.mined.pieces,
          top: x.top,
          fileHit: x.file.hit1,
          contains: x.contains.hit1,
        })),
      null,
      1,
    )}\n`,
  );
  log(`mined: wrote .cache/mined-messages/summary-${set}.json and misses-${set}.json`);
}

if (process.argv[1]?.endsWith('mined-messages.ts')) {
  main().catch((e) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
