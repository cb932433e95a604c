/**
 * Regular expressions for grep: compile (with clear errors), refuse patterns that backtrack
 * catastrophically, and derive the trigram query every matching line must satisfy.
 *
 * The trigram query follows Russ Cox's "Regular Expression Matching with a Trigram Index":
 * for each sub-expression we track the exact strings it can match (when few), else the
 * prefixes and suffixes its matches start/end with, and a trigram query its matches imply.
 * Anything the small parser does not understand widens the query (fewer trigrams), never
 * narrows it: a candidate set may be too big, never too small.
 */
import {
  MATCH_ALL,
  andQuery,
  caseFoldTable,
  literalQuery,
  orQuery,
  type TrigramQuery,
} from './trigrams';

/** Thrown for a pattern that could take exponential time (nested unbounded quantifiers…). */
export class RegexRejected extends Error {
  constructor(
    readonly pattern: string,
    readonly why: string,
  ) {
    super(`Regex rejected: ${why} in /${pattern}/. It could take exponential time on some lines; rewrite it without repeating a repeated group.`);
    this.name = 'RegexRejected';
  }
}

/** Thrown for a pattern that is not a valid JavaScript regular expression. */
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

// ---------------------------------------------------------------------------------------
// The syntax tree of the common subset of JS regexps (non-unicode mode).

/** First characters a node can start with: a finite set of folded code units, or "anything". */
type FirstChars = Set<number> | 'any';

type RegexNode =
  | { type: 'chars'; folded: Set<number>; raw: FirstChars } // one char from a small set
  | { type: 'anyChar'; raw: FirstChars } // one char from a big set
  | { type: 'empty' } // assertions, lookarounds, empty branches
  | { type: 'anyString' } // backreferences and things we do not model
  | { type: 'concat'; items: RegexNode[] }
  | { type: 'alt'; items: RegexNode[] }
  | { type: 'repeat'; min: number; max: number; body: RegexNode }
  | { type: 'look'; body: RegexNode };

class Unsupported extends Error {}

const DOT_EXCLUDED = new Set([0x0a, 0x0d, 0x2028, 0x2029]);

class Parser {
  private pos = 0;
  constructor(private readonly src: string) {}

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
      let atom = this.atom();
      for (;;) {
        const q = this.quantifier();
        if (!q) break;
        atom = { type: 'repeat', min: q.min, max: q.max, body: atom };
      }
      items.push(atom);
    }
    if (items.length === 0) return { type: 'empty' };
    return items.length === 1 ? items[0] : { type: 'concat', items };
  }

  private quantifier(): { min: number; max: number } | null {
    const c = this.src[this.pos];
    let q: { min: number; max: number } | null = null;
    if (c === '*') q = { min: 0, max: Infinity };
    else if (c === '+') q = { min: 1, max: Infinity };
    else if (c === '?') q = { min: 0, max: 1 };
    if (q) this.pos++;
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos));
      if (!m) return null; // a literal '{' (Annex B)
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
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
      return { type: 'anyChar', raw: 'any' };
    }
    if (c === '^' || c === '$') {
      this.pos++;
      return { type: 'empty' };
    }
    if (c === '\\') return this.escape();
    this.pos++;
    return literalChar(c.charCodeAt(0));
  }

  private group(): RegexNode {
    this.pos++; // (
    let look = false;
    if (this.src.startsWith('?:', this.pos)) this.pos += 2;
    else if (this.src.startsWith('?=', this.pos) || this.src.startsWith('?!', this.pos)) {
      this.pos += 2;
      look = true;
    } else if (this.src.startsWith('?<=', this.pos) || this.src.startsWith('?<!', this.pos)) {
      this.pos += 3;
      look = true;
    } else if (this.src.startsWith('?<', this.pos)) {
      const end = this.src.indexOf('>', this.pos);
      if (end < 0) throw new Unsupported('group name');
      this.pos = end + 1;
    } else if (this.src[this.pos] === '?') throw new Unsupported('group modifier');
    const body = this.alternation();
    if (this.src[this.pos] !== ')') throw new Unsupported('unclosed group');
    this.pos++;
    return look ? { type: 'look', body } : body;
  }

  private escape(): RegexNode {
    this.pos++; // backslash
    const c = this.src[this.pos++];
    if (c === undefined) throw new Unsupported('trailing backslash');
    switch (c) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
      case 's':
      case 'S':
        return { type: 'anyChar', raw: 'any' };
      case 'b':
      case 'B':
        return { type: 'empty' };
      case 'k':
        return { type: 'anyString' }; // named backreference (or a literal k): model loosely
      case 'c': {
        const letter = this.src[this.pos];
        if (letter && /[A-Za-z]/.test(letter)) {
          this.pos++;
          return literalChar(letter.charCodeAt(0) % 32);
        }
        return { type: 'anyString' }; // Annex B: "\c" matched literally
      }
      default:
        break;
    }
    if (/[0-9]/.test(c)) {
      // \0 (NUL), backreferences and legacy octal escapes: model as any string.
      while (/[0-9]/.test(this.src[this.pos] ?? '')) this.pos++;
      return { type: 'anyString' };
    }
    const code = this.escapedCode(c);
    if (code !== null) return literalChar(code);
    if (/[A-Za-z]/.test(c)) return { type: 'anyChar', raw: 'any' }; // other letter escapes: one char we do not model
    return literalChar(c.charCodeAt(0)); // identity escape: \. \( \\ …
  }

  /** Escapes naming one code unit (\n \t \xHH \uHHHH), or null. Position is after the letter. */
  private escapedCode(c: string): number | null {
    switch (c) {
      case 'n':
        return 0x0a;
      case 'r':
        return 0x0d;
      case 't':
        return 0x09;
      case 'v':
        return 0x0b;
      case 'f':
        return 0x0c;
      case 'x': {
        const hex = /^[0-9A-Fa-f]{2}/.exec(this.src.slice(this.pos));
        if (!hex) return 'x'.charCodeAt(0);
        this.pos += 2;
        return parseInt(hex[0], 16);
      }
      case 'u': {
        const hex = /^[0-9A-Fa-f]{4}/.exec(this.src.slice(this.pos));
        if (!hex) return 'u'.charCodeAt(0);
        this.pos += 4;
        return parseInt(hex[0], 16);
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
    while (this.pos < this.src.length && this.src[this.pos] !== ']') {
      first = false;
      const lo = this.classAtom();
      if (lo === 'many') {
        big = true;
        continue;
      }
      if (this.src[this.pos] === '-' && this.src[this.pos + 1] !== ']' && this.pos + 1 < this.src.length) {
        this.pos++;
        const hi = this.classAtom();
        if (hi === 'many') {
          big = true; // [\w-x]: '-' is literal in Annex B; model as big
          continue;
        }
        if (hi - lo + 1 > MAX_CLASS_EXPANSION) big = true;
        else for (let ch = lo; ch <= hi; ch++) members.add(ch);
      } else members.add(lo);
    }
    if (this.src[this.pos] !== ']') throw new Unsupported('unclosed class');
    this.pos++;
    if (first && !negated) return { type: 'anyChar', raw: new Set() }; // [] never matches: widen
    if (negated) return { type: 'anyChar', raw: 'any' };
    if (big) return { type: 'anyChar', raw: 'any' };
    const folded = new Set<number>();
    const table = caseFoldTable();
    for (const m of members) folded.add(table[m]);
    if (folded.size > MAX_CLASS_EXPANSION) return { type: 'anyChar', raw: members };
    return { type: 'chars', folded, raw: members };
  }

  /** One class member: a code unit, or 'many' for \w, \d… */
  private classAtom(): number | 'many' {
    const c = this.src[this.pos++];
    if (c !== '\\') return c.charCodeAt(0);
    const e = this.src[this.pos++];
    if (e === undefined) throw new Unsupported('trailing backslash');
    if ('dDwWsS'.includes(e)) return 'many';
    if (e === 'b') return 0x08;
    if (e === 'c') {
      const letter = this.src[this.pos];
      if (letter && /[A-Za-z0-9_]/.test(letter)) {
        this.pos++;
        return letter.charCodeAt(0) % 32;
      }
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

function literalChar(code: number): RegexNode {
  return { type: 'chars', folded: new Set([caseFoldTable()[code]]), raw: new Set([code]) };
}

// ---------------------------------------------------------------------------------------
// Catastrophic backtracking guard

interface Shape {
  /** Contains a quantifier with no upper bound. */
  unbounded: boolean;
  /** Contains any quantifier. */
  quantified: boolean;
  canBeEmpty: boolean;
  /** Possible first characters (case-insensitively widened), for overlap checks. */
  first: FirstChars;
}

function unionFirst(a: FirstChars, b: FirstChars): FirstChars {
  if (a === 'any' || b === 'any') return 'any';
  return new Set([...a, ...b]);
}

function overlaps(a: FirstChars, b: FirstChars): boolean {
  if (a === 'any' || b === 'any') return true;
  for (const x of a) if (b.has(x)) return true;
  return false;
}

function foldedFirst(raw: FirstChars): FirstChars {
  if (raw === 'any') return 'any';
  const table = caseFoldTable();
  return new Set([...raw].map((c) => table[c]));
}

function shapeOf(node: RegexNode, pattern: string): Shape {
  switch (node.type) {
    case 'chars':
    case 'anyChar':
      return { unbounded: false, quantified: false, canBeEmpty: false, first: foldedFirst(node.raw) };
    case 'empty':
    case 'look':
      if (node.type === 'look') shapeOf(node.body, pattern);
      return { unbounded: false, quantified: false, canBeEmpty: true, first: new Set() };
    case 'anyString':
      return { unbounded: false, quantified: false, canBeEmpty: true, first: 'any' };
    case 'concat': {
      const out: Shape = { unbounded: false, quantified: false, canBeEmpty: true, first: new Set() };
      for (const item of node.items) {
        const s = shapeOf(item, pattern);
        out.unbounded ||= s.unbounded;
        out.quantified ||= s.quantified;
        if (out.canBeEmpty) out.first = unionFirst(out.first, s.first);
        out.canBeEmpty &&= s.canBeEmpty;
      }
      return out;
    }
    case 'alt': {
      const shapes = node.items.map((i) => shapeOf(i, pattern));
      return {
        unbounded: shapes.some((s) => s.unbounded),
        quantified: shapes.some((s) => s.quantified),
        canBeEmpty: shapes.some((s) => s.canBeEmpty),
        first: shapes.reduce<FirstChars>((acc, s) => unionFirst(acc, s.first), new Set()),
      };
    }
    case 'repeat': {
      const body = shapeOf(node.body, pattern);
      if (node.max > 1) {
        if (body.unbounded) throw new RegexRejected(pattern, 'a repeated group contains an unbounded quantifier (like (a+)+ or (.*a){20})');
        if (body.canBeEmpty && (body.quantified || node.body.type === 'alt'))
          throw new RegexRejected(pattern, 'a repeated group can match the empty string (like (a?){20} or (a|)+)');
        if (node.max === Infinity && node.body.type === 'alt') {
          const branches = node.body.items.map((i) => shapeOf(i, pattern));
          for (let i = 0; i < branches.length; i++)
            for (let j = i + 1; j < branches.length; j++)
              if (overlaps(branches[i].first, branches[j].first) && !disjointDotAndNewline(node.body.items[i], node.body.items[j]))
                throw new RegexRejected(pattern, 'an unbounded repeat of alternatives that can start with the same character (like (a|aa)+)');
        }
      }
      return {
        unbounded: body.unbounded || node.max === Infinity,
        quantified: true,
        canBeEmpty: body.canBeEmpty || node.min === 0,
        first: body.first,
      };
    }
  }
}

/** `(.|\n)*` is the common "anything including newlines" idiom: '.' never matches '\n'. */
function disjointDotAndNewline(a: RegexNode, b: RegexNode): boolean {
  const isDot = (n: RegexNode) => n.type === 'anyChar' && n.raw === 'any';
  const isTerminator = (n: RegexNode) => n.type === 'chars' && n.raw !== 'any' && [...n.raw].every((c) => DOT_EXCLUDED.has(c));
  return (isDot(a) && isTerminator(b)) || (isDot(b) && isTerminator(a));
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
    const q = literalQuery(s);
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
    let out = set;
    for (;;) {
      out = new Set([...set].map((s) => keep(s, n)));
      if (out.size <= MAX_SET_SIZE) return out;
      if (n === 0) return EMPTY_STRING_SET();
      n--;
    }
  };
  const longPrefix = [...info.prefix].some((s) => s.length > 2) || info.prefix.size > MAX_SET_SIZE;
  const longSuffix = [...info.suffix].some((s) => s.length > 2) || info.suffix.size > MAX_SET_SIZE;
  let match = info.match;
  if (longPrefix) match = andQuery(match, setQuery(info.prefix));
  if (longSuffix) match = andQuery(match, setQuery(info.suffix));
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
  const joint = cross(xs, yp);
  if (joint) match = andQuery(match, setQuery(joint));
  if (x.exact) match = andQuery(match, setQuery(x.exact));
  if (y.exact) match = andQuery(match, setQuery(y.exact));
  let prefix: Set<string>;
  if (x.exact) prefix = cross(x.exact, y.prefix) ?? new Set(x.exact);
  else prefix = new Set(x.prefix);
  if (x.canBeEmpty) for (const p of y.exact ?? y.prefix) prefix.add(p);
  let suffix: Set<string>;
  if (y.exact) suffix = cross(x.suffix, y.exact) ?? new Set(y.exact);
  else suffix = new Set(y.suffix);
  if (y.canBeEmpty) for (const s of x.exact ?? x.suffix) suffix.add(s);
  return trim({ canBeEmpty: x.canBeEmpty && y.canBeEmpty, exact: null, prefix, suffix, match });
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
    case 'look': // consumes nothing; ignoring its constraint only widens the query
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

// ---------------------------------------------------------------------------------------

/** Unicode property/code point escapes only mean what the user wants with the `u` flag. */
const NEEDS_UNICODE_FLAG = /\\[pP]\{|\\u\{/;

export interface CompiledRegex {
  /** A global regexp ready for per-line exec loops. */
  regex: RegExp;
  /** The trigram query every matching line satisfies ('all' when nothing could be derived). */
  query: TrigramQuery;
}

/**
 * Compiles `pattern` for line-by-line search. Throws InvalidRegex for a syntax error and
 * RegexRejected for a catastrophic shape.
 */
export function compileRegex(pattern: string, caseSensitive: boolean): CompiledRegex {
  const unicode = NEEDS_UNICODE_FLAG.test(pattern);
  const flags = 'g' + (caseSensitive ? '' : 'i') + (unicode ? 'u' : '');
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, flags);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new InvalidRegex(pattern, message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, ''));
  }
  if (unicode) return { regex, query: MATCH_ALL }; // the parser models non-unicode syntax only
  let tree: RegexNode;
  try {
    tree = new Parser(pattern).parse();
  } catch (err) {
    if (err instanceof Unsupported) return { regex, query: MATCH_ALL };
    throw err;
  }
  shapeOf(tree, pattern);
  const info = infoOf(tree);
  const query = info.exact ? andQuery(info.match, setQuery(info.exact)) : andQuery(info.match, setQuery(info.prefix), setQuery(info.suffix));
  return { regex, query };
}

/** The trigram query of a pattern (for tests and the explain view). */
export function regexTrigramQuery(pattern: string): TrigramQuery {
  return compileRegex(pattern, false).query;
}
