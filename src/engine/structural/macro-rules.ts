/**
 * Rust items that `macro_rules!` invocations make, read from text: rustls's
 * `enum_builder! { @U8 EnumName: HashAlgorithm; EnumVal { … } }` (a macro of msgs/macros.rs
 * invoked in msgs/enums.rs) defines the enum `HashAlgorithm` at that invocation, ruma's
 * `forward_to_part! { deserialize_bool, deserialize_char, … }` defines one method per name of a
 * `$( $method:ident ),*` repetition inside an `impl`, tokio's `reader8!(ReadU8, u8);` a struct.
 *
 * A small macro_rules matcher: the invocation's tokens are matched against each rule's matcher
 * (literal tokens, groups, `$x:frag` fragments, `$( … ) sep op` repetitions, greedily, as rustc
 * does for unambiguous macros); the first rule that matches is transcribed with the bindings,
 * and the transcription's `struct|enum|union|trait|type|fn|mod|const|static NAME` name items
 * when NAME came from the invocation through an `ident` fragment (an item the invocation spells
 * whole, `cfg_rt! { pub struct X; }`, is the embedded parse's: embedded.ts). Invocations of the
 * table's macros inside a transcription are expanded too, MAX_NESTING deep.
 *
 * Text only, no parse: the same reading serves a file's own macros (the analyzer) and a
 * crate's macros invoked in other files (corpus-macros.ts, at the build).
 */
import type { Definition, DefinitionKind } from '../contract';
import { lineOfOffset, lineStartsOf } from '../text/lines';

/** The item keywords of a transcription and the kinds they define. */
const ITEM_KINDS: Readonly<Record<string, DefinitionKind>> = {
  struct: 'struct',
  enum: 'enum',
  union: 'struct',
  trait: 'trait',
  type: 'type',
  fn: 'function',
  mod: 'module',
  const: 'constant',
  static: 'variable',
};
/** Macro expansions followed inside transcriptions (a macro handing its names to another, and so on). */
const MAX_NESTING = 3;
/** Tokens one invocation may hold before it is left unread (a table of thousands of entries). */
const MAX_INVOCATION_TOKENS = 20000;
/** Where a macro name can start an invocation: `name!(`, `name! {`, `name![`. */
const INVOCATION = /(?<![\w$#.])([A-Za-z_]\w*)\s*!\s*[([{]/g;
/** An item keyword just before a name: the name is written as an item where it stands. */
const SPELLED_ITEM = /\b(?:struct|enum|union|trait|type|fn|mod|const|static)\s+$/;
const MACRO_RULES = /(?<![\w$])macro_rules\s*!\s*([A-Za-z_]\w*)\s*([({[])/g;

interface Token {
  kind: 'ident' | 'lifetime' | 'literal' | 'punct' | 'group';
  text: string;
  line: number;
  /** Offset of the token in its file (groups: the open bracket). */
  at: number;
  /** Groups: the closing bracket's offset and the tokens inside. */
  end?: number;
  children?: Token[];
  /** Bound through an `ident` fragment of the invocation being expanded (a name the caller gave). */
  fromCaller?: true;
}

type Element =
  | { type: 'token'; token: Token }
  | { type: 'group'; open: string; inner: Element[] }
  | { type: 'fragment'; name: string; fragment: string }
  | { type: 'repeat'; inner: Element[]; separator: string | null; op: string };

type Value = { tokens: Token[] } | { items: Bindings[] };
type Bindings = Map<string, Value>;

interface Rule {
  matcher: Element[];
  transcriber: Token[];
}

export interface MacroRules {
  name: string;
  rules: Rule[];
  /** The macro_rules' offsets in its file (invocations inside it are its own text, not uses). */
  start: number;
  end: number;
}

/** A crate's (or a file's) item-making macros by name. */
export type MacroTable = ReadonlyMap<string, MacroRules>;

// ---------------------------------------------------------------------------------------
// Tokens

const CLOSE: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/** The tokens of text[from, to): comments skipped, doc comments as the `#[doc = "…"]` they stand for. */
function tokenize(text: string, from: number, to: number, firstLine: number): Token[] {
  const root: Token[] = [];
  const stack: { token: Token | null; list: Token[] }[] = [{ token: null, list: root }];
  let line = firstLine;
  let i = from;
  const push = (t: Token) => stack[stack.length - 1].list.push(t);
  while (i < to) {
    const c = text[i];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r') i++;
    else if (c === '/' && text[i + 1] === '/') {
      const eol = text.indexOf('\n', i);
      const stop = eol < 0 || eol > to ? to : eol;
      if (text[i + 2] === '/' || text[i + 2] === '!') {
        const doc: Token = { kind: 'literal', text: '""', line, at: i };
        push({ kind: 'punct', text: '#', line, at: i });
        push({
          kind: 'group',
          text: '[',
          line,
          at: i,
          end: stop,
          children: [{ kind: 'ident', text: 'doc', line, at: i }, { kind: 'punct', text: '=', line, at: i }, doc],
        });
      }
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const stop = close < 0 || close + 2 > to ? to : close + 2;
      for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
      i = stop;
    } else if (isWordStart(text.charCodeAt(i))) {
      // r"…", r#"…"#, b"…", br"…": strings; otherwise an identifier (r#type too).
      const raw = c === 'r' || c === 'b' ? /^(?:br|r|b)(#*)"/.exec(text.slice(i, i + 8)) : null;
      if (raw) {
        const closeQuote = `"${raw[1]}`;
        const startBody = i + raw[0].length;
        const close =
          raw[0].startsWith('b') && !raw[0].startsWith('br')
            ? stringEnd(text, startBody, to)
            : text.indexOf(closeQuote, startBody);
        const stop =
          close < 0
            ? to
            : Math.min(to, close + (raw[0].startsWith('b') && !raw[0].startsWith('br') ? 0 : closeQuote.length));
        push({ kind: 'literal', text: text.slice(i, stop), line, at: i });
        for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
        i = stop;
        continue;
      }
      let j = i + 1;
      while (j < to && isWord(text.charCodeAt(j))) j++;
      if (text.startsWith('r#', i) && j === i + 1) j = i + 2;
      while (j < to && isWord(text.charCodeAt(j))) j++;
      push({ kind: 'ident', text: text.slice(i, j).replace(/^r#/, ''), line, at: i });
      i = j;
    } else if (/[0-9]/.test(c)) {
      let j = i + 1;
      while (
        j < to &&
        /[\w.]/.test(text[j]) &&
        !(text[j] === '.' && (text[j + 1] === '.' || /[A-Za-z_]/.test(text[j + 1] ?? '')))
      )
        j++;
      push({ kind: 'literal', text: text.slice(i, j), line, at: i });
      i = j;
    } else if (c === '"') {
      const stop = stringEnd(text, i + 1, to);
      for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
      push({ kind: 'literal', text: text.slice(i, stop), line, at: i });
      i = stop;
    } else if (c === "'") {
      // 'a' or '\n' is a character; 'a (no closing quote) a lifetime.
      const ch = /^'(?:\\(?:u\{[0-9A-Fa-f]*\}|x[0-9A-Fa-f]{2}|.)|[^\\'])'/u.exec(text.slice(i, i + 14));
      if (ch) {
        push({ kind: 'literal', text: ch[0], line, at: i });
        i += ch[0].length;
      } else {
        let j = i + 1;
        while (j < to && /\w/.test(text[j])) j++;
        push({ kind: 'lifetime', text: text.slice(i, j), line, at: i });
        i = Math.max(j, i + 1);
      }
    } else if (c === '(' || c === '[' || c === '{') {
      const group: Token = { kind: 'group', text: c, line, at: i, children: [] };
      push(group);
      stack.push({ token: group, list: group.children! });
      i++;
    } else if (c === ')' || c === ']' || c === '}') {
      if (stack.length > 1) {
        const open = stack.pop()!.token!;
        open.end = i;
      }
      i++;
    } else {
      push({ kind: 'punct', text: c, line, at: i });
      i++;
    }
  }
  return root;
}

function isWordStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
}

function isWord(code: number): boolean {
  return isWordStart(code) || (code >= 48 && code <= 57);
}

/** The offset just past the closing quote of a string whose body starts at `from`. */
function stringEnd(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return to;
}

/** The offset of the bracket closing the one at `open`, strings and comments skipped; -1 when unbalanced. */
function closingBracket(text: string, open: number): number {
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"') i = stringEnd(text, i + 1, text.length) - 1;
    else if (c === '/' && text[i + 1] === '/') {
      const eol = text.indexOf('\n', i);
      if (eol < 0) return -1;
      i = eol;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return -1;
      i = close + 1;
    } else if (c === "'" && /^'(?:\\.|[^\\'])'/.test(text.slice(i, i + 4))) i = text.indexOf("'", i + 2);
    else if (CLOSE[c]) stack.push(CLOSE[c]);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

// ---------------------------------------------------------------------------------------
// Macros

/** The file's `macro_rules!` whose transcribers can name an item from a fragment (`struct $name`). */
export function rustMacroRules(text: string): MacroRules[] {
  if (!text.includes('macro_rules')) return [];
  const out: MacroRules[] = [];
  let starts: Uint32Array | null = null;
  for (const m of text.matchAll(MACRO_RULES)) {
    const open = m.index + m[0].length - 1;
    const close = closingBracket(text, open);
    if (close < 0) continue;
    const body = text.slice(open, close);
    // An item named by a fragment, or a fragment handed on to another macro (which may name one).
    if (
      !/\b(?:struct|enum|union|trait|type|fn|mod|const|static)\s+\$[A-Za-z_]|\w!\s*[({[][^)\]}]*\$[A-Za-z_]/.test(body)
    )
      continue;
    starts ??= lineStartsOf(text);
    const tokens = tokenize(text, open + 1, close, lineOfOffset(starts, open + 1));
    const rules: Rule[] = [];
    for (let i = 0; i + 2 < tokens.length;) {
      const left = tokens[i];
      const right = tokens[i + 3];
      if (
        left.kind !== 'group' ||
        tokens[i + 1]?.text !== '=' ||
        tokens[i + 2]?.text !== '>' ||
        right?.kind !== 'group'
      )
        break;
      rules.push({ matcher: elementsOf(left.children!), transcriber: right.children! });
      i += 4;
      if (tokens[i]?.text === ';') i++;
    }
    if (rules.length) out.push({ name: m[1], rules, start: m.index, end: close });
  }
  return out;
}

function elementsOf(tokens: readonly Token[]): Element[] {
  const out: Element[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const next = tokens[i + 1];
    if (
      t.text === '$' &&
      t.kind === 'punct' &&
      next?.kind === 'ident' &&
      next.text !== 'crate' &&
      tokens[i + 2]?.text === ':'
    ) {
      out.push({ type: 'fragment', name: next.text, fragment: tokens[i + 3]?.text ?? 'tt' });
      i += 3;
    } else if (t.text === '$' && t.kind === 'punct' && next?.kind === 'group' && next.text === '(') {
      let separator: string | null = null;
      let k = i + 2;
      const op = (x: Token | undefined) => x?.kind === 'punct' && (x.text === '*' || x.text === '+' || x.text === '?');
      if (!op(tokens[k]) && tokens[k]) separator = tokens[k++].text;
      out.push({ type: 'repeat', inner: elementsOf(next.children!), separator, op: tokens[k]?.text ?? '*' });
      i = k;
    } else if (t.kind === 'group') out.push({ type: 'group', open: t.text, inner: elementsOf(t.children!) });
    else out.push({ type: 'token', token: t });
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Matching

/** Fragments that take many tokens stop at these (their follow sets, in short). */
const STOPS: Readonly<Record<string, ReadonlySet<string>>> = {
  expr: new Set([',', ';']),
  stmt: new Set([',', ';']),
  ty: new Set([',', ';', '=', '|', '{', '[', 'as', 'where']),
  path: new Set([',', ';', '=', '|', '{', '[', 'as', 'where']),
  pat: new Set([',', ';', '=', '|', 'if', 'in']),
  pat_param: new Set([',', ';', '=', '|', 'if', 'in']),
};

/** Index past `elements` matched from tokens[i], filling `out`; -1 when they do not match. */
function matchElements(elements: readonly Element[], tokens: readonly Token[], i: number, out: Bindings): number {
  for (let e = 0; e < elements.length; e++) {
    const el = elements[e];
    const follow = elements[e + 1];
    if (el.type === 'token') {
      if (tokens[i]?.text !== el.token.text || tokens[i].kind === 'group') return -1;
      i++;
    } else if (el.type === 'group') {
      const t = tokens[i];
      if (t?.kind !== 'group' || t.text !== el.open) return -1;
      const inner = t.children!;
      if (matchElements(el.inner, inner, 0, out) !== inner.length) return -1;
      i++;
    } else if (el.type === 'fragment') {
      const n = fragmentLength(el.fragment, tokens, i, follow);
      if (n < 0) return -1;
      out.set(el.name, { tokens: tokens.slice(i, i + n) });
      i += n;
    } else {
      const items: Bindings[] = [];
      for (;;) {
        let at = i;
        if (items.length > 0 && el.separator !== null) {
          if (tokens[at]?.text !== el.separator || tokens[at].kind === 'group') break;
          at++;
        }
        const one: Bindings = new Map();
        const next = matchElements(el.inner, tokens, at, one);
        if (next < 0 || next === i) break;
        items.push(one);
        i = next;
        if (el.op === '?') break;
      }
      if (el.op === '+' && items.length === 0) return -1;
      for (const name of namesIn(el.inner)) out.set(name, { items });
    }
  }
  return i;
}

/** Tokens a fragment takes at tokens[i] (-1: it cannot start there). */
function fragmentLength(fragment: string, tokens: readonly Token[], i: number, follow: Element | undefined): number {
  const t = tokens[i];
  switch (fragment) {
    case 'ident':
      return t?.kind === 'ident' ? 1 : -1;
    case 'lifetime':
      return t?.kind === 'lifetime' ? 1 : -1;
    case 'tt':
      return t ? 1 : -1;
    case 'block':
      return t?.kind === 'group' && t.text === '{' ? 1 : -1;
    case 'literal':
      if (t?.text === '-' && tokens[i + 1]?.kind === 'literal') return 2;
      return t?.kind === 'literal' || t?.text === 'true' || t?.text === 'false' ? 1 : -1;
    case 'vis':
      if (t?.text !== 'pub') return 0;
      return tokens[i + 1]?.kind === 'group' && tokens[i + 1].text === '(' ? 2 : 1;
    case 'meta':
      return many(tokens, i, new Set(), follow, false);
    case 'item': {
      let j = i;
      while (j < tokens.length) {
        const x = tokens[j++];
        if (x.text === ';' || (x.kind === 'group' && x.text === '{')) return j - i;
      }
      return -1;
    }
    default:
      return many(tokens, i, STOPS[fragment] ?? STOPS.expr, follow, fragment === 'ty' || fragment === 'path');
  }
}

/** Tokens up to a stop, or the follow element's literal token, at angle depth 0; at least one. */
function many(
  tokens: readonly Token[],
  i: number,
  stops: ReadonlySet<string>,
  follow: Element | undefined,
  angles: boolean,
): number {
  const followText = follow?.type === 'token' ? follow.token.text : null;
  let depth = 0;
  let j = i;
  for (; j < tokens.length; j++) {
    const t = tokens[j];
    if (t.kind !== 'group') {
      if (
        depth === 0 &&
        (t.text === followText || (stops.has(t.text) && !(t.text === '=' && tokens[j + 1]?.text === '>')))
      )
        break;
      if (depth === 0 && t.text === '=' && tokens[j + 1]?.text === '>') break;
      if (angles && t.text === '<') depth++;
      else if (angles && t.text === '>' && depth > 0 && tokens[j - 1]?.text !== '-') depth--;
    } else if (depth === 0 && stops.has(t.text) && j > i) break;
  }
  return j > i ? j - i : -1;
}

function namesIn(elements: readonly Element[]): string[] {
  const out: string[] = [];
  for (const el of elements) {
    if (el.type === 'fragment') out.push(el.name);
    else if (el.type === 'group' || el.type === 'repeat') out.push(...namesIn(el.inner));
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Transcribing

/**
 * The transcriber's tokens with the bindings put in. At the invocation (`outermost`), what an
 * ident fragment bound is marked fromCaller; inside a transcription, a token keeps its own mark
 * (a name the transcriber spells, `static FOO`, is not the caller's even if a macro it invokes binds it).
 */
function transcribe(
  tokens: readonly Token[],
  env: Bindings,
  identFragments: ReadonlySet<string>,
  outermost: boolean,
  budget: { left: number },
): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length && budget.left > 0; i++) {
    const t = tokens[i];
    const next = tokens[i + 1];
    if (t.text === '$' && t.kind === 'punct' && next?.kind === 'ident') {
      const value = env.get(next.text);
      if (value && 'tokens' in value) {
        const caller = outermost && identFragments.has(next.text);
        for (const v of value.tokens) out.push(caller ? { ...v, fromCaller: true } : v);
        budget.left -= value.tokens.length;
        i++;
        continue;
      }
      out.push(t);
      continue;
    }
    if (t.text === '$' && t.kind === 'punct' && next?.kind === 'group' && next.text === '(') {
      let k = i + 2;
      const op = (x: Token | undefined) => x?.kind === 'punct' && (x.text === '*' || x.text === '+' || x.text === '?');
      let separator: Token | null = null;
      if (!op(tokens[k]) && tokens[k]) separator = tokens[k++];
      const names = varsIn(next.children!).filter((n) => {
        const v = env.get(n);
        return v !== undefined && 'items' in v;
      });
      const count = names.length
        ? Math.max(...names.map((n) => (env.get(n) as { items: Bindings[] }).items.length))
        : 0;
      for (let r = 0; r < count && budget.left > 0; r++) {
        const inner = new Map(env);
        for (const n of names) {
          const item = (env.get(n) as { items: Bindings[] }).items[r];
          if (!item) continue;
          for (const [k2, v] of item) inner.set(k2, v);
        }
        if (r > 0 && separator) out.push(separator);
        out.push(...transcribe(next.children!, inner, identFragments, outermost, budget));
      }
      i = k;
      continue;
    }
    if (t.kind === 'group') {
      out.push({ ...t, children: transcribe(t.children!, env, identFragments, outermost, budget) });
      budget.left--;
      continue;
    }
    out.push(t);
    budget.left--;
  }
  return out;
}

function varsIn(tokens: readonly Token[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.text === '$' && tokens[i + 1]?.kind === 'ident') out.push(tokens[i + 1].text);
    else if (t.kind === 'group') out.push(...varsIn(t.children!));
  }
  return out;
}

function identFragmentsOf(elements: readonly Element[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === 'fragment' && el.fragment === 'ident') out.add(el.name);
    else if (el.type === 'group' || el.type === 'repeat') identFragmentsOf(el.inner, out);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Expanding

/** A name an invocation makes: the item keyword's kind, the name token. */
interface Made {
  kind: DefinitionKind;
  name: Token;
}

function expand(macro: MacroRules, input: readonly Token[], table: MacroTable, depth: number, out: Made[]): void {
  for (const rule of macro.rules) {
    const env: Bindings = new Map();
    if (matchElements(rule.matcher, input, 0, env) !== input.length) continue;
    const budget = { left: MAX_INVOCATION_TOKENS };
    const made = transcribe(rule.transcriber, env, identFragmentsOf(rule.matcher), depth === 1, budget);
    itemsIn(made, table, depth, out);
    return; // rustc takes the first rule that matches
  }
}

/** `struct NAME` with NAME from the caller, and the table's invocations, in transcribed tokens. */
function itemsIn(tokens: readonly Token[], table: MacroTable, depth: number, out: Made[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'group') {
      itemsIn(t.children!, table, depth, out);
      continue;
    }
    if (t.kind !== 'ident') continue;
    const next = tokens[i + 1];
    const kind = ITEM_KINDS[t.text];
    if (kind && next?.kind === 'ident' && next.fromCaller) {
      out.push({ kind, name: next });
      continue;
    }
    const nested = table.get(t.text);
    const args = tokens[i + 2];
    if (nested && depth < MAX_NESTING && next?.text === '!' && args?.kind === 'group') {
      expand(nested, args.children!, table, depth + 1, out);
      i += 2;
    }
  }
}

/**
 * The definitions made in `text` by invocations of the table's macros (not inside a macro_rules
 * of the file: those are a macro's own text). Each spans its invocation, is named at the
 * name's line, and says which macro made it.
 */
export function rustMacroDefinitions(text: string, table: MacroTable): Definition[] {
  if (table.size === 0) return [];
  const out: Definition[] = [];
  const bodies: [number, number][] = [];
  if (text.includes('macro_rules'))
    for (const m of text.matchAll(MACRO_RULES)) bodies.push([m.index, closingBracket(text, m.index + m[0].length - 1)]);
  let starts: Uint32Array | null = null;
  const seen = new Set<string>();
  for (const m of text.matchAll(INVOCATION)) {
    const macro = table.get(m[1]);
    if (!macro || m[1] === 'macro_rules') continue;
    if (bodies.some(([start, end]) => start <= m.index && m.index <= end)) continue;
    const open = m.index + m[0].length - 1;
    const close = closingBracket(text, open);
    if (close < 0) continue;
    starts ??= lineStartsOf(text);
    if (inComment(text, m.index, starts)) continue;
    const startLine = lineOfOffset(starts, m.index);
    const input = tokenize(text, open + 1, close, lineOfOffset(starts, open + 1));
    const made: Made[] = [];
    expand(macro, input, table, 1, made);
    if (made.length === 0) continue;
    const signature = text
      .slice(m.index, Math.min(close + 1, m.index + 400))
      .replace(/\s+/g, ' ')
      .slice(0, 200);
    const endLine = lineOfOffset(starts, close);
    for (const { kind, name } of made) {
      // `write_impl! { fn write_u8(…); }`: the caller spelled the item whole, and the embedded
      // parse (embedded.ts) has it, with its container and its own lines.
      if (SPELLED_ITEM.test(text.slice(Math.max(0, name.at - 24), name.at))) continue;
      const key = `${name.text}:${name.line}:${kind}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ name: name.text, kind, signature, startLine, endLine, nameLine: name.line, macro: m[1] });
    }
  }
  return out;
}

/** Whether the offset is after `//` on its line (a doc example's `x!(…)` is no invocation). */
function inComment(text: string, offset: number, starts: Uint32Array): boolean {
  const lineStart = starts[lineOfOffset(starts, offset) - 1];
  const before = text.slice(lineStart, offset);
  return /\/\/|^\s*\*/.test(before);
}

/** A table of the given macros (a later one of a name wins, as a later `macro_rules!` shadows). */
export function macroTable(macros: Iterable<MacroRules>): Map<string, MacroRules> {
  const table = new Map<string, MacroRules>();
  for (const m of macros) table.set(m.name, m);
  return table;
}
