/**
 * Regular expressions for grep, in RE2 syntax, run by re2js: matching takes time linear in
 * the line length whatever the pattern (no backtracking, so no "catastrophic" pattern can
 * freeze a worker). This file compiles a pattern (with clear errors, naming the construct
 * when RE2 cannot run it) and derives the trigram query every matching line must satisfy.
 *
 * The trigram query follows Russ Cox's "Regular Expression Matching with a Trigram Index":
 * for each sub-expression we track the exact strings it can match (when few), else the
 * prefixes and suffixes its matches start/end with, and a trigram query its matches imply.
 * The small parser below reads the same string re2js compiled; anything it does not
 * understand widens the query (fewer trigrams), never narrows it: a candidate set may be
 * too big, never too small (regex.test.ts checks this against a brute-force scan).
 */
import { RE2JS, RE2JSSyntaxException } from 're2js';
import { MATCH_ALL, andQuery, foldCode, literalQuery, orQuery, type TrigramQuery } from './trigrams';

/**
 * Thrown for a pattern using a construct no linear-time engine can run: backreferences,
 * lookahead, atomic groups, possessive quantifiers, recursion, conditionals.
 */
export class RegexRejected extends Error {
  constructor(
    readonly pattern: string,
    /** The construct, as the user would name it ("a backreference (\1)"). */
    readonly construct: string,
    readonly hint: string,
  ) {
    super(
      `/${pattern}/ uses ${construct}, which Fourfold does not run: regexes are matched in linear time (RE2 syntax), so no pattern can freeze the search, and that rules out ${construct}. ${hint}`,
    );
    this.name = 'RegexRejected';
  }
}

/** Thrown for a pattern that is not a valid RE2 regular expression. */
export class InvalidRegex extends Error {
  constructor(
    readonly pattern: string,
    readonly why: string,
  ) {
    super(`Invalid regular expression /${pattern}/: ${why}`);
    this.name = 'InvalidRegex';
  }
}

/** Most strings tracked per exact/prefix/suffix set before giving up precision. */
const MAX_SET_SIZE = 16;
/** Largest character class expanded into its members (bigger ones match "any char"). */
const MAX_CLASS_EXPANSION = 8;
/** Exact repetitions {n} with n up to this are expanded (a{3} → "aaa"). */
const MAX_EXACT_REPEAT = 4;
/** Trigrams kept per AND: more select no better, and dropping some only widens the query. */
const MAX_AND_TRIGRAMS = 48;
/** Longest pattern accepted, in UTF-16 code units (a regex longer than this is a pasted file). */
export const MAX_PATTERN_LENGTH = 1000;
/**
 * Largest RE2 program accepted, in instructions. Matching costs at most (program size ×
 * line length) steps per line, so this and MAX_REGEX_LINE_LENGTH bound the work of one line
 * (re2js: about 0.5 s for a 1,000-instruction case-insensitive literal on a 2,000-unit line).
 */
export const MAX_PROGRAM_SIZE = 2_000;

// ---------------------------------------------------------------------------------------
// Compiling, and naming what RE2 cannot run

/** Unsupported Perl constructs, by the text RE2's parser stops at. */
const UNSUPPORTED_PERL: [prefix: string, construct: string, hint: string][] = [
  ['(?=', 'a lookahead ((?=…))', 'Lookbehind ((?<=…), (?<!…)) is supported; or match the following text too.'],
  [
    '(?!',
    'a negative lookahead ((?!…))',
    'Negative lookbehind ((?<!…)) is supported; or use a negated class like [^:].',
  ],
  ['(?>', 'an atomic group ((?>…))', 'Use a plain group (?:…): without backtracking it matches the same lines.'],
  ['(?P=', 'a named backreference ((?P=name))', 'Search for the repeated text itself, or use an alternation.'],
  ['(?R', 'recursion ((?R))', 'Match a fixed nesting depth instead.'],
  ['(?(', 'a conditional ((?(…)…))', 'Use an alternation (a|b) instead.'],
  ['(?#', 'a comment group ((?#…))', 'Remove the comment.'],
];

/** Hints for JavaScript spellings that RE2 writes differently. */
function syntaxHint(pattern: string, error: string, input: string | null): string {
  if (error === 'invalid escape sequence' && input === '\\u') return ' (RE2 syntax: write \\x{00FC} for a code point)';
  if (error === 'invalid escape sequence' && input === '\\c')
    return ' (RE2 syntax: write a control character as \\x0A)';
  if (error === 'missing closing ]' && pattern.includes('[^]')) return ' (RE2 syntax: write (?s:.) for any character)';
  if (input?.startsWith('\\p{Script')) return ' (RE2 syntax: write \\p{Han}, without "Script=")';
  return '';
}

/** Turns an RE2 syntax error into RegexRejected (a construct RE2 cannot run) or InvalidRegex. */
function explainSyntaxError(pattern: string, err: RE2JSSyntaxException): Error {
  const input = err.input;
  const error = err.error;
  if (error === 'invalid escape sequence' && input && /^\\[1-9]/.test(input))
    return new RegexRejected(
      pattern,
      `a backreference (${input})`,
      'Search for the repeated text itself, or use an alternation.',
    );
  if (error === 'invalid escape sequence' && input === '\\k')
    return new RegexRejected(
      pattern,
      'a named backreference (\\k<name>)',
      'Search for the repeated text itself, or use an alternation.',
    );
  if (error === 'invalid or unsupported Perl syntax' && input) {
    for (const [prefix, construct, hint] of UNSUPPORTED_PERL)
      if (input.startsWith(prefix)) return new RegexRejected(pattern, construct, hint);
    if (/^\(\?[0-9+-]/.test(input))
      return new RegexRejected(pattern, `a subroutine call (${input}…)`, 'Repeat the group itself instead.');
  }
  if (error === 'invalid nested repetition operator' && input && /^(?:[*+?]|\{[\d,]*\})\+$/.test(input))
    return new RegexRejected(
      pattern,
      `a possessive quantifier (${input})`,
      'Drop the last +: without backtracking a plain quantifier matches the same lines.',
    );
  if (error === 'invalid capture in lookbehind')
    return new RegexRejected(
      pattern,
      'a capturing group inside a lookbehind',
      'Use a non-capturing group (?:…) inside it.',
    );
  return new InvalidRegex(pattern, `${error}${input ? `: \`${input}\`` : ''}${syntaxHint(pattern, error, input)}`);
}

/** A pattern compiled for line-by-line search, and the trigram query its matching lines satisfy. */
export interface CompiledRegex {
  /** The RE2 program (linear-time matching; captureless lookbehind enabled). */
  matcher: RE2JS;
  /** The trigram query every matching line satisfies ('all' when nothing could be derived). */
  query: TrigramQuery;
}

/**
 * Compiles `pattern` (RE2 syntax, as on Sourcegraph; lookbehind allowed) for line search.
 * Throws RegexRejected for a construct RE2 cannot run and InvalidRegex for a syntax error.
 */
export function compileRegex(pattern: string, caseSensitive: boolean): CompiledRegex {
  if (pattern.length > MAX_PATTERN_LENGTH)
    throw new InvalidRegex(
      shorten(pattern),
      `it is ${pattern.length.toLocaleString('en')} characters long; the limit is ${MAX_PATTERN_LENGTH.toLocaleString('en')}`,
    );
  let matcher: RE2JS;
  try {
    matcher = RE2JS.compile(pattern, RE2JS.LOOKBEHINDS | (caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE));
  } catch (err) {
    if (err instanceof RE2JSSyntaxException) throw explainSyntaxError(pattern, err);
    throw new InvalidRegex(pattern, err instanceof Error ? err.message : String(err));
  }
  const size = matcher.programSize();
  if (size > MAX_PROGRAM_SIZE)
    throw new InvalidRegex(
      pattern,
      `it compiles to ${size.toLocaleString('en')} instructions; the limit is ${MAX_PROGRAM_SIZE.toLocaleString('en')} (use smaller repeat counts)`,
    );
  // An inline (?i) folds case even in a case-sensitive search.
  const foldsCase = !caseSensitive || /\(\?[a-zA-Z-]*i/.test(pattern);
  let tree: RegexNode;
  try {
    tree = new Parser(pattern, foldsCase).parse();
  } catch (err) {
    if (err instanceof Unsupported) return { matcher, query: MATCH_ALL };
    throw err;
  }
  const info = infoOf(tree);
  const query = info.exact
    ? andQuery(info.match, setQuery(info.exact))
    : andQuery(info.match, setQuery(info.prefix), setQuery(info.suffix));
  return { matcher, query };
}

/** A pattern cut for an error message. */
function shorten(pattern: string): string {
  return pattern.length > 60 ? `${pattern.slice(0, 60)}…` : pattern;
}

// ---------------------------------------------------------------------------------------
// Case folding as RE2 does it, in the trigram index's terms

let caseClasses: Map<number, number[]> | null = null;
const foldOrbits = new Map<number, Set<number>>();

/** Every code unit of the Basic Multilingual Plane but the surrogates, as one string. */
function bmpWithoutSurrogates(): string {
  const parts: string[] = [];
  const block: number[] = [];
  for (let ch = 0; ch < 0x10000; ch++) {
    if (ch >= 0xd800 && ch <= 0xdfff) continue;
    block.push(ch);
    if (block.length === 4096) parts.push(String.fromCharCode(...block.splice(0)));
  }
  parts.push(String.fromCharCode(...block));
  return parts.join('');
}

/**
 * Characters linked by JavaScript's one-character toUpperCase/toLowerCase, closed under
 * both (k, K and the Kelvin sign; s, S and ſ; i, I and ı…), or sharing a longer uppercase
 * (ﬅ and ﬆ): the candidates for RE2's
 * case-fold orbit of a character, which regex.test.ts checks lies within them for every
 * BMP character.
 */
function caseClassOf(code: number): number[] {
  if (!caseClasses) {
    const parent = new Map<number, number>();
    const find = (x: number): number => {
      let root = x;
      for (let up = parent.get(root); up !== undefined && up !== root; up = parent.get(root)) root = up;
      parent.set(x, root);
      return root;
    };
    const union = (x: number, y: number) => {
      const a = find(x);
      const b = find(y);
      if (a !== b) parent.set(a, b);
    };
    /** Characters whose uppercase is several characters, by that uppercase (ΐ and ΐ: "Ϊ́"; ﬅ and ﬆ: "ST"). */
    const byLongUpper = new Map<string, number>();
    // Only characters that change when case-mapped can differ from their upper or lower case:
    // the regex engine finds those ~2,800 of the plane natively, where calling toUpperCase and
    // toLowerCase on all 63,488 took ~90 ms of a cached regex question's CPU.
    for (const match of bmpWithoutSurrogates().matchAll(/\p{Changes_When_Casemapped}/gu)) {
      const s = match[0];
      const ch = s.charCodeAt(0);
      for (const other of [s.toUpperCase(), s.toLowerCase()]) {
        if (other === s) continue;
        if (other.length === 1) union(ch, other.charCodeAt(0));
        else if (other === s.toUpperCase()) {
          const seen = byLongUpper.get(other);
          if (seen === undefined) byLongUpper.set(other, ch);
          else union(ch, seen);
        }
      }
    }
    const groups = new Map<number, number[]>();
    for (const ch of [...parent.keys()].sort((a, b) => a - b)) {
      const root = find(ch);
      const list = groups.get(root);
      if (list) list.push(ch);
      else groups.set(root, [ch]);
    }
    caseClasses = new Map();
    for (const members of groups.values()) if (members.length > 1) for (const m of members) caseClasses.set(m, members);
  }
  return caseClasses.get(code) ?? [code];
}

/**
 * The index-folded code units that RE2 matches for `code` case-insensitively: its orbit
 * (k also matches the Kelvin sign, s matches ſ), asked of re2js itself, each folded by the
 * trigram index's table.
 */
export function caseInsensitiveForms(code: number): Set<number> {
  let forms = foldOrbits.get(code);
  if (!forms) {
    const candidates = caseClassOf(code);
    const self =
      candidates.length > 1 ? RE2JS.compile(RE2JS.quote(String.fromCharCode(code)), RE2JS.CASE_INSENSITIVE) : null;
    forms = new Set(candidates.filter((c) => c === code || self!.testExact(String.fromCharCode(c))).map(foldCode));
    foldOrbits.set(code, forms);
  }
  return forms;
}

/** The folded code units a literal code unit can appear as; null when not modelled (surrogates). */
function foldedForms(code: number, foldsCase: boolean): Set<number> | null {
  if (code >= 0xd800 && code <= 0xdfff) return null;
  return foldsCase ? caseInsensitiveForms(code) : new Set([foldCode(code)]);
}

// ---------------------------------------------------------------------------------------
// The syntax tree of RE2 patterns, as far as trigrams need it

type RegexNode =
  | { type: 'chars'; folded: Set<number> } // one code unit from a small set (index-folded)
  | { type: 'anyChar' } // one character from a big or unmodelled set
  | { type: 'empty' } // assertions, lookbehinds, empty branches
  | { type: 'anyString' } // things we do not model precisely
  | { type: 'concat'; items: RegexNode[] }
  | { type: 'alt'; items: RegexNode[] }
  | { type: 'repeat'; min: number; max: number; body: RegexNode };

class Unsupported extends Error {}

const ANY_CHAR: RegexNode = { type: 'anyChar' };
const EMPTY: RegexNode = { type: 'empty' };
/** Escapes naming a class of characters (\d, \pL…). */
const CLASS_ESCAPES = 'dDsSwWpPC';
/** Zero-width escapes. */
const ASSERTION_ESCAPES = 'bBAz';

class Parser {
  private pos = 0;
  constructor(
    private readonly src: string,
    private readonly foldsCase: boolean,
  ) {}

  parse(): RegexNode {
    const node = this.alternation();
    if (this.pos < this.src.length) throw new Unsupported(`unexpected ${this.src[this.pos]}`);
    return node;
  }

  private alternation(): RegexNode {
    const items = [this.sequence()];
    while (this.src[this.pos] === '|') {
      this.pos++;
      items.push(this.sequence());
    }
    return items.length === 1 ? items[0] : { type: 'alt', items };
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (this.pos < this.src.length && this.src[this.pos] !== '|' && this.src[this.pos] !== ')') {
      if (this.src.startsWith('\\Q', this.pos)) {
        items.push(this.quoted());
        continue;
      }
      let atom = this.atom();
      for (;;) {
        const q = this.quantifier();
        if (!q) break;
        atom = { type: 'repeat', min: q.min, max: q.max, body: atom };
      }
      items.push(atom);
    }
    if (items.length === 0) return EMPTY;
    return items.length === 1 ? items[0] : { type: 'concat', items };
  }

  /** \Q…\E: literal text (a quantifier after it applies to its last character). */
  private quoted(): RegexNode {
    this.pos += 2;
    let end = this.src.indexOf('\\E', this.pos);
    if (end < 0) end = this.src.length;
    const text = this.src.slice(this.pos, end);
    this.pos = Math.min(this.src.length, end + 2);
    if (/[*+?{]/.test(this.src[this.pos] ?? '')) throw new Unsupported('quantified \\Q…\\E');
    return { type: 'concat', items: [EMPTY, ...this.literalText(text)] };
  }

  private literalText(text: string): RegexNode[] {
    const out: RegexNode[] = [];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const next = text.charCodeAt(i + 1);
      if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out.push(this.codePoint(text.codePointAt(i)!));
        i++;
      } else out.push(this.codePoint(code));
    }
    return out;
  }

  private quantifier(): { min: number; max: number } | null {
    const c = this.src[this.pos];
    let q: { min: number; max: number } | null = null;
    if (c === '*') q = { min: 0, max: Infinity };
    else if (c === '+') q = { min: 1, max: Infinity };
    else if (c === '?') q = { min: 0, max: 1 };
    if (q) this.pos++;
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos, this.pos + 16));
      if (!m) return null; // a literal '{' (RE2 reads "a{,3}" literally too)
      const min = Number(m[1]);
      let max = min;
      if (m[2] !== undefined) max = m[3] === '' ? Infinity : Number(m[3]);
      q = { min, max };
      this.pos += m[0].length;
    } else return null;
    if (this.src[this.pos] === '?') this.pos++; // lazy: same language
    return q;
  }

  private atom(): RegexNode {
    const c = this.src[this.pos];
    if (c === '(') return this.group();
    if (c === '[') return this.charClass();
    if (c === '.') {
      this.pos++;
      return ANY_CHAR;
    }
    if (c === '^' || c === '$') {
      this.pos++;
      return EMPTY;
    }
    if (c === '\\') return this.escape();
    const cp = this.src.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return this.codePoint(cp);
  }

  /** One code point as a node: a BMP unit, or an astral pair (one atom for quantifiers). */
  private codePoint(cp: number): RegexNode {
    if (cp <= 0xffff) {
      const folded = foldedForms(cp, this.foldsCase);
      return folded ? { type: 'chars', folded } : ANY_CHAR;
    }
    if (this.foldsCase) return ANY_CHAR; // astral case folding is not modelled
    const text = String.fromCodePoint(cp);
    return {
      type: 'concat',
      items: [
        { type: 'chars', folded: new Set([foldCode(text.charCodeAt(0))]) },
        { type: 'chars', folded: new Set([foldCode(text.charCodeAt(1))]) },
      ],
    };
  }

  private group(): RegexNode {
    this.pos++; // (
    const rest = this.src.slice(this.pos, this.pos + 64);
    let look = false;
    let m: RegExpExecArray | null;
    if (rest.startsWith('?:')) this.pos += 2;
    else if (rest.startsWith('?<=') || rest.startsWith('?<!')) {
      this.pos += 3;
      look = true;
    } else if ((m = /^\?P?<[A-Za-z0-9_]+>/.exec(rest))) this.pos += m[0].length;
    else if ((m = /^\?[imsU-]*\)/.exec(rest))) {
      this.pos += m[0].length; // flags for the rest of the group: case folding is decided globally
      return EMPTY;
    } else if ((m = /^\?[imsU-]*:/.exec(rest))) this.pos += m[0].length;
    else if (rest.startsWith('?')) throw new Unsupported('group syntax');
    const body = this.alternation();
    if (this.src[this.pos] !== ')') throw new Unsupported('unclosed group');
    this.pos++;
    return look ? EMPTY : body; // a lookbehind consumes nothing: ignoring it only widens
  }

  private escape(): RegexNode {
    this.pos++; // backslash
    const c = this.src[this.pos++];
    if (c === undefined) throw new Unsupported('trailing backslash');
    if (ASSERTION_ESCAPES.includes(c)) return EMPTY;
    if (CLASS_ESCAPES.includes(c)) {
      if ((c === 'p' || c === 'P') && this.src[this.pos] === '{') this.skipPast('}');
      else if (c === 'p' || c === 'P') this.pos++;
      return ANY_CHAR;
    }
    if (/[0-9]/.test(c)) {
      while (/[0-7]/.test(this.src[this.pos] ?? '')) this.pos++;
      return { type: 'anyString' }; // octal escapes: not modelled
    }
    const code = this.escapedCode(c);
    if (code !== null) return this.codePoint(code);
    if (/[A-Za-z]/.test(c)) return ANY_CHAR; // no other letter escape compiles; model loosely
    return this.codePoint(c.charCodeAt(0)); // punctuation: \. \( \\ …
  }

  private skipPast(close: string): void {
    const end = this.src.indexOf(close, this.pos);
    if (end < 0) throw new Unsupported(`missing ${close}`);
    this.pos = end + 1;
  }

  /** Escapes naming one code point (\n \t \xHH \x{…}), or null. Position is after the letter. */
  private escapedCode(c: string): number | null {
    switch (c) {
      case 'a':
        return 0x07;
      case 'f':
        return 0x0c;
      case 't':
        return 0x09;
      case 'n':
        return 0x0a;
      case 'r':
        return 0x0d;
      case 'v':
        return 0x0b;
      case 'x': {
        const m = /^(?:\{([0-9A-Fa-f]{1,8})\}|([0-9A-Fa-f]{2}))/.exec(this.src.slice(this.pos, this.pos + 12));
        if (!m) throw new Unsupported('\\x');
        this.pos += m[0].length;
        const cp = parseInt(m[1] ?? m[2], 16);
        if (cp > 0x10ffff) throw new Unsupported('\\x out of range');
        return cp;
      }
      default:
        return null;
    }
  }

  private charClass(): RegexNode {
    this.pos++; // [
    let negated = false;
    if (this.src[this.pos] === '^') {
      negated = true;
      this.pos++;
    }
    const members = new Set<number>();
    let big = false;
    let first = true;
    while (this.pos < this.src.length && (first || this.src[this.pos] !== ']')) {
      first = false; // a ']' right after '[' or '[^' is a member
      const lo = this.classAtom();
      if (lo === 'many') {
        big = true;
        continue;
      }
      if (this.src[this.pos] === '-' && this.src[this.pos + 1] !== ']' && this.pos + 1 < this.src.length) {
        this.pos++;
        const hi = this.classAtom();
        if (hi === 'many' || hi - lo + 1 > MAX_CLASS_EXPANSION) big = true;
        else for (let ch = lo; ch <= hi; ch++) members.add(ch);
      } else members.add(lo);
    }
    if (this.src[this.pos] !== ']') throw new Unsupported('unclosed class');
    this.pos++;
    if (negated || big) return ANY_CHAR;
    const folded = new Set<number>();
    for (const m of members) {
      const forms = m <= 0xffff ? foldedForms(m, this.foldsCase) : null;
      if (!forms) return ANY_CHAR; // astral members span two units
      for (const f of forms) folded.add(f);
    }
    if (folded.size === 0 || folded.size > MAX_CLASS_EXPANSION) return ANY_CHAR;
    return { type: 'chars', folded };
  }

  /** One class member: a code point, or 'many' for \w, \pL, [:alpha:]… */
  private classAtom(): number | 'many' {
    if (this.src.startsWith('[:', this.pos)) {
      const end = this.src.indexOf(':]', this.pos + 2);
      if (end < 0) throw new Unsupported('unclosed [:class:]');
      this.pos = end + 2;
      return 'many';
    }
    const cp = this.src.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    if (cp !== 0x5c) return cp; // not a backslash
    const e = this.src[this.pos++];
    if (e === undefined) throw new Unsupported('trailing backslash');
    if (e === 'Q') throw new Unsupported('\\Q in a class');
    if (CLASS_ESCAPES.includes(e)) {
      if ((e === 'p' || e === 'P') && this.src[this.pos] === '{') this.skipPast('}');
      else if (e === 'p' || e === 'P') this.pos++;
      return 'many';
    }
    if (/[0-9]/.test(e)) {
      while (/[0-7]/.test(this.src[this.pos] ?? '')) this.pos++;
      return 'many';
    }
    const code = this.escapedCode(e);
    if (code !== null) return code;
    if (/[A-Za-z]/.test(e)) return 'many';
    return e.charCodeAt(0);
  }
}

// ---------------------------------------------------------------------------------------
// Trigram query extraction (Cox)

interface Info {
  canBeEmpty: boolean;
  /** Every string the node can match (folded), when known and small. */
  exact: Set<string> | null;
  /** Every match starts with one of these (meaningful when exact is null). */
  prefix: Set<string>;
  /** Every match ends with one of these. */
  suffix: Set<string>;
  /** A query every file containing a match satisfies. */
  match: TrigramQuery;
}

const EMPTY_STRING_SET = (): Set<string> => new Set(['']);

function anyStringInfo(canBeEmpty: boolean): Info {
  return { canBeEmpty, exact: null, prefix: EMPTY_STRING_SET(), suffix: EMPTY_STRING_SET(), match: MATCH_ALL };
}

function exactInfo(exact: Set<string>): Info {
  return {
    canBeEmpty: exact.has(''),
    exact,
    prefix: EMPTY_STRING_SET(),
    suffix: EMPTY_STRING_SET(),
    match: MATCH_ALL,
  };
}

/** OR over the strings of AND over their trigrams. */
function setQuery(strings: Iterable<string>): TrigramQuery {
  const parts: TrigramQuery[] = [];
  for (const s of strings) {
    const q = capAnd(literalQuery(s));
    if (q.op === 'all') return MATCH_ALL;
    parts.push(q);
  }
  return parts.length === 0 ? MATCH_ALL : orQuery(...parts);
}

function cross(a: Set<string>, b: Set<string>): Set<string> | null {
  if (a.size * b.size > MAX_SET_SIZE) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

/** Trades exactness for prefix/suffix/match. */
function demote(info: Info): Info {
  if (!info.exact) return info;
  return trim({
    canBeEmpty: info.canBeEmpty,
    exact: null,
    prefix: new Set(info.exact),
    suffix: new Set(info.exact),
    match: andQuery(info.match, setQuery(info.exact)),
  });
}

/** Keeps prefix/suffix sets short: their trigrams go into `match`, the strings are cut to 2 units. */
function trim(info: Info): Info {
  if (info.exact) {
    if (info.exact.size > MAX_SET_SIZE) return demote(info);
    return info;
  }
  const cut = (set: Set<string>, keep: (s: string, n: number) => string): Set<string> => {
    let n = 2;
    for (;;) {
      const out = new Set([...set].map((s) => keep(s, n)));
      if (out.size <= MAX_SET_SIZE) return out;
      if (n === 0) return EMPTY_STRING_SET();
      n--;
    }
  };
  const longPrefix = [...info.prefix].some((s) => s.length > 2) || info.prefix.size > MAX_SET_SIZE;
  const longSuffix = [...info.suffix].some((s) => s.length > 2) || info.suffix.size > MAX_SET_SIZE;
  let match = info.match;
  if (longPrefix && !isFull(match)) match = andQuery(match, setQuery(info.prefix));
  if (longSuffix && !isFull(match)) match = andQuery(match, setQuery(info.suffix));
  return {
    canBeEmpty: info.canBeEmpty,
    exact: null,
    prefix: longPrefix ? cut(info.prefix, (s, n) => s.slice(0, n)) : info.prefix,
    suffix: longSuffix ? cut(info.suffix, (s, n) => (n === 0 ? '' : s.slice(-n))) : info.suffix,
    match,
  };
}

function concatInfo(x: Info, y: Info): Info {
  if (x.exact && y.exact) {
    const both = cross(x.exact, y.exact);
    if (both) return trim(exactInfo(both));
  }
  const xs = x.exact ?? x.suffix;
  const yp = y.exact ?? y.prefix;
  let match = andQuery(x.match, y.match);
  if (!isFull(match)) {
    const joint = cross(xs, yp);
    if (joint) match = andQuery(match, setQuery(joint));
    if (x.exact) match = andQuery(match, setQuery(x.exact));
    if (y.exact) match = andQuery(match, setQuery(y.exact));
  }
  let prefix: Set<string>;
  if (x.exact) prefix = cross(x.exact, y.prefix) ?? new Set(x.exact);
  else prefix = new Set(x.prefix);
  if (x.canBeEmpty) for (const p of y.exact ?? y.prefix) prefix.add(p);
  let suffix: Set<string>;
  if (y.exact) suffix = cross(x.suffix, y.exact) ?? new Set(y.exact);
  else suffix = new Set(y.suffix);
  if (y.canBeEmpty) for (const s of x.exact ?? x.suffix) suffix.add(s);
  return trim({ canBeEmpty: x.canBeEmpty && y.canBeEmpty, exact: null, prefix, suffix, match: capAnd(match) });
}

/** An AND that already has as many conjuncts as are kept: more work on it would be dropped. */
function isFull(q: TrigramQuery): boolean {
  return q.op === 'and' && q.args.length >= MAX_AND_TRIGRAMS;
}

/** Keeps at most MAX_AND_TRIGRAMS conjuncts (dropping a conjunct only widens the query). */
function capAnd(q: TrigramQuery): TrigramQuery {
  return q.op === 'and' && q.args.length > MAX_AND_TRIGRAMS
    ? { op: 'and', args: q.args.slice(0, MAX_AND_TRIGRAMS) }
    : q;
}

function altInfo(x: Info, y: Info): Info {
  if (x.exact && y.exact) {
    const union = new Set([...x.exact, ...y.exact]);
    if (union.size <= MAX_SET_SIZE) return exactInfo(union);
  }
  const dx = demote(x);
  const dy = demote(y);
  return trim({
    canBeEmpty: dx.canBeEmpty || dy.canBeEmpty,
    exact: null,
    prefix: new Set([...dx.prefix, ...dy.prefix]),
    suffix: new Set([...dx.suffix, ...dy.suffix]),
    match: orQuery(dx.match, dy.match),
  });
}

function infoOf(node: RegexNode): Info {
  switch (node.type) {
    case 'chars':
      return exactInfo(new Set([...node.folded].map((c) => String.fromCharCode(c))));
    case 'anyChar':
      return anyStringInfo(false);
    case 'empty':
      return exactInfo(EMPTY_STRING_SET());
    case 'anyString':
      return anyStringInfo(true);
    case 'concat':
      return node.items.map(infoOf).reduce(concatInfo);
    case 'alt':
      return node.items.map(infoOf).reduce(altInfo);
    case 'repeat': {
      const { min, max } = node;
      if (max === 0) return exactInfo(EMPTY_STRING_SET());
      const body = infoOf(node.body);
      if (min === 0) {
        if (max === 1 && body.exact && body.exact.size < MAX_SET_SIZE) return exactInfo(new Set(['', ...body.exact]));
        return anyStringInfo(true);
      }
      if (min === max && min <= MAX_EXACT_REPEAT && body.exact) {
        let acc = body;
        for (let i = 1; i < min; i++) acc = concatInfo(acc, body);
        return acc;
      }
      // At least one repetition: the first starts the match, the last ends it.
      return demote(body);
    }
  }
}
