/**
 * C/C++: the calls a function-like `#define` makes. The grammar keeps a macro's body as one
 * opaque token (`preproc_arg`), so the tags see no call in it, and a function that is only ever
 * called through its wrapping macros (apfs-dkms's `apfs_err(sb, fmt, ...)` → `apfs_msg(...)`)
 * had no caller at all. Its body is read as text: every `name(` in it is a call made by the macro.
 */
import type { Node } from 'web-tree-sitter';
import type { Definition, Reference } from '../contract';
import { matchingClose, matchingParen, splitArgs } from '../text/brackets';

/** Nodes that may hold `#define`s at file level: conditional blocks, `extern "C" {`, namespaces. */
const DEFINE_HOLDERS: ReadonlySet<string> = new Set([
  'translation_unit',
  'preproc_if',
  'preproc_ifdef',
  'preproc_else',
  'preproc_elif',
  'preproc_elifdef',
  'linkage_specification',
  'declaration_list',
  'namespace_definition',
]);

/** A name followed by `(`, not after `.`, `->` or `::` (a member or a qualified name) nor `#` (stringified, pasted). */
const CALL_IN_BODY = /(?<![\w.>:#]|->)\b([A-Za-z_]\w*)\s*\(/g;

/** Words a macro body writes before `(` that are no calls. */
const NOT_CALLS: ReadonlySet<string> = new Set(
  'if while for switch return sizeof alignof _Alignof typeof __typeof__ __typeof offsetof defined do case else _Generic _Static_assert static_assert decltype __attribute__ __builtin_expect'.split(
    ' ',
  ),
);

/** The calls the file's function-like macros make, each enclosed by its macro. */
export function macroBodyCalls(root: Node, text: string): Reference[] {
  const out: Reference[] = [];
  const visit = (holder: Node) => {
    for (let i = 0, count = holder.namedChildCount; i < count; i++) {
      const node = holder.namedChild(i);
      if (!node) continue;
      if (node.type === 'preproc_function_def') callsOf(node, text, out);
      else if (DEFINE_HOLDERS.has(node.type)) visit(node);
    }
  };
  visit(root);
  return out;
}

function callsOf(define: Node, text: string, out: Reference[]): void {
  const name = define.childForFieldName('name');
  const body = define.childForFieldName('value');
  if (!name || !body) return;
  const macro = text.slice(name.startIndex, name.endIndex);
  const parameters = new Set<string>();
  const params = define.childForFieldName('parameters');
  for (let i = 0, count = params?.namedChildCount ?? 0; i < count; i++) {
    const p = params!.namedChild(i);
    if (p?.type === 'identifier') parameters.add(text.slice(p.startIndex, p.endIndex));
  }
  const source = withoutLiterals(text.slice(body.startIndex, body.endIndex));
  let line = body.startPosition.row + 1;
  let scanned = 0;
  for (const m of source.matchAll(CALL_IN_BODY)) {
    const called = m[1];
    for (let at = source.indexOf('\n', scanned); at !== -1 && at < m.index; at = source.indexOf('\n', at + 1)) line++;
    scanned = m.index;
    if (called === macro || parameters.has(called) || NOT_CALLS.has(called)) continue;
    out.push({ name: called, line, kind: 'call', enclosing: macro });
  }
}

/** Strings, characters and comments blanked (their line breaks kept): `"failed(%d)"` is no call. */
function withoutLiterals(source: string): string {
  return source.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (m) =>
    m.replace(/[^\n]/g, ' '),
  );
}

// ---------------------------------------------------------------------------------------
// Definitions a `#define` makes

/**
 * A function-like `#define` whose body declares a name built from a parameter: systemtap's
 * `#define DEFINE_SESSION_ATOMIC(name, init) static atomic_t g_##name = …; static inline
 * atomic_t *name(void) {…}` makes the variable `g_error_count` and the function `error_count`
 * at `DEFINE_SESSION_ATOMIC(error_count, 0);`; libxcrypt's `VECTOR_CPU_TO(be,32);` hands
 * `end##bits` to `VECTOR_CPU_TO_`, whose `cpu_to_##prim##_vect(…) {` makes `cpu_to_be32_vect`.
 */
export interface CDefine {
  name: string;
  params: string[];
  /** The body, continuation lines joined, comments blanked. */
  body: string;
}

/** A crate's (or a file's) function-like defines by name. */
export type CDefineTable = ReadonlyMap<string, CDefine>;

/**
 * The kernel's own definers of a variable (include/linux/*.h, outside any module's sources): the
 * argument at this position names it. `static DEFINE_MUTEX(uproc_mutex);` defines `uproc_mutex`.
 */
const KERNEL_DEFINERS: Readonly<Record<string, number>> = {
  DEFINE_MUTEX: 0,
  DEFINE_SPINLOCK: 0,
  DEFINE_RAW_SPINLOCK: 0,
  DEFINE_RWLOCK: 0,
  DEFINE_SEMAPHORE: 0,
  DECLARE_RWSEM: 0,
  LIST_HEAD: 0,
  HLIST_HEAD: 0,
  DECLARE_WAIT_QUEUE_HEAD: 0,
  DECLARE_COMPLETION: 0,
  DEFINE_IDR: 0,
  DEFINE_IDA: 0,
  DEFINE_XARRAY: 0,
  DEFINE_STATIC_KEY_TRUE: 0,
  DEFINE_STATIC_KEY_FALSE: 0,
  DEFINE_PER_CPU: 1,
  DEFINE_HASHTABLE: 0,
  DECLARE_BITMAP: 0,
  DECLARE_DELAYED_WORK: 0,
  DECLARE_WORK: 0,
  DEFINE_TIMER: 0,
};

/** Whether `name` is one of the kernel's definers (KERNEL_DEFINERS). */
export function isKernelDefiner(name: string): boolean {
  return Object.hasOwn(KERNEL_DEFINERS, name);
}

/** A line that starts with a name and `(`: an invocation, if the name is a define's. */
const LINE_CALL = /^[ \t]*(?:static[ \t]+)?([A-Za-z_]\w*)[ \t]*\(/gm;
const FUNCTION_DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)/gm;
/** A name whose spelling a caller gave: the argument's text between these marks. */
const FROM = '\uE000';
const TO = '\uE001';
/** Words before a name that make no declaration of it. */
const NOT_TYPES = new Set([
  'return',
  'goto',
  'case',
  'else',
  'do',
  'sizeof',
  'typeof',
  'defined',
  'if',
  'while',
  'for',
  'switch',
]);
/**
 * A name an invocation makes; `header`: the expansion ends with a function's parameters, so the
 * function is the invocation's when a body follows it in the file (OpenAFS's
 * `DECL_PIOCTL(PGetFileCell) { … }`), and a prototype's otherwise (`DECL_PIOCTL(PGetWSCell);`).
 */
interface Made {
  name: string;
  kind: 'function' | 'variable' | 'class' | 'struct' | 'enum';
  header?: true;
}

/** Words that start a declaration, whatever the type after them. */
const SPECIFIERS = new Set(['static', 'inline', 'constexpr', 'constinit', 'extern', 'thread_local']);

/** Words before a name and `{` that open a type or a scope named so, not a variable's brace initializer. */
const BRACE_OPENERS = new Set([
  'class',
  'struct',
  'union',
  'enum',
  'namespace',
  'typedef',
  'final',
  'override',
  'const',
  'noexcept',
]);

/** The definition kind of each type keyword a define's body may declare a name with. */
const TYPE_KINDS: Readonly<Record<string, 'class' | 'struct' | 'enum'>> = {
  class: 'class',
  struct: 'struct',
  union: 'struct',
  enum: 'enum',
};

/** Expansions of a define handing its arguments to another, followed this deep. */
const MAX_C_NESTING = 3;

/** The file's function-like defines that can make a definition (a parameter pasted or declared in the body). */
export function cMacroRules(text: string): CDefine[] {
  if (!text.includes('define')) return [];
  const out: CDefine[] = [];
  for (const m of text.matchAll(FUNCTION_DEFINE)) {
    const params = m[2].split(',').map((p) => p.trim());
    if (params.some((p) => p !== '...' && !/^[A-Za-z_]\w*$/.test(p))) continue;
    // The body: to the end of the line, and on over backslash continuations.
    let end = m.index + m[0].length;
    for (;;) {
      const eol = text.indexOf('\n', end);
      if (eol < 0) {
        end = text.length;
        break;
      }
      const lineEnd = text[eol - 1] === '\r' ? eol - 1 : eol;
      end = eol + 1;
      if (text[lineEnd - 1] !== '\\') {
        end = eol;
        break;
      }
    }
    const body = withoutLiterals(text.slice(m.index + m[0].length, end)).replace(/\\\r?\n/g, '  ');
    // Worth keeping: a parameter pasted (`##`) or standing where a declaration names something.
    const declares = (p: string) =>
      new RegExp(`[\\w*&]\\s+[*&]*${p}\\s*[(=;[{]`).test(body) ||
      new RegExp(`\\b(?:class|struct|union|enum)\\s+(?:[A-Za-z_]\\w*\\s+)*${p}\\s*[:{]`).test(body);
    if (!/##/.test(body) && !params.some(declares)) {
      if (!/\b[A-Za-z_]\w*\s*\(/.test(body)) continue; // nor a call that may hand one on
    }
    out.push({ name: m[1], params, body });
  }
  return out;
}

/** What one invocation makes: the names its expansion declares from the caller's arguments. */
function cExpand(define: CDefine, args: string[], table: CDefineTable, depth: number, out: Made[]): void {
  if (args.length !== define.params.length && !define.params.includes('...')) return;
  const value = new Map<string, string>();
  define.params.forEach((p, i) => value.set(p, args[i] === undefined ? '' : `${FROM}${args[i]}${TO}`));
  const expanded = define.body
    .replace(/(?<!#)#(?!#)\s*[A-Za-z_]\w*/g, '""') // `#x` stringifies: no name
    .replace(/[A-Za-z_]\w*/g, (w) => value.get(w) ?? w)
    .replace(/\s*##\s*/g, '');
  // `static atomic_t g_X = …;`, `static inline atomic_t *X(void) {`: a type word, then the name.
  // C++ also `inline constexpr type name{};` (a brace initializer) and `auto & name = …` (a reference).
  const declared =
    /(?:^|[;{}])\s*((?:[A-Za-z_\uE000][\w\uE000\uE001]*[\s*&]+)+)[*&]*((?:[\w\uE000\uE001])+)\s*([(=;[{])/g;
  for (const m of expanded.matchAll(declared)) {
    const name = m[2];
    if (!name.includes(FROM)) continue;
    const words = m[1].trim().split(/[\s*&]+/);
    if (words.some((w) => NOT_TYPES.has(w))) continue;
    // A type the caller gives (`inline constexpr type name{};`) only after a specifier that
    // makes the line a declaration: `a b;` of two arguments may be anything.
    if (words.some((w) => w.includes(FROM)) && !words.some((w) => SPECIFIERS.has(w))) continue;
    // `struct name {`, `namespace name {`: a type or a scope (read below), not a variable.
    if (m[3] === '{' && words.some((w) => BRACE_OPENERS.has(w))) continue;
    const plain = name.replace(/[\uE000\uE001]/g, '');
    if (!/^[A-Za-z_]\w*$/.test(plain)) continue;
    if (m[3] === '(') {
      // A function: its parameters, then a body (a prototype declares only).
      const close = matchingParen(expanded, m.index + m[0].length - 1);
      if (close < 0) continue;
      const after = expanded.slice(close + 1);
      if (/^\s*\{/.test(after)) out.push({ name: plain, kind: 'function' });
      // The expansion ends with the header: the invocation's own body follows it.
      else if (/^\s*$/.test(after)) out.push({ name: plain, kind: 'function', header: true });
    } else out.push({ name: plain, kind: 'variable' });
  }
  // `class OPENVDB_API _classname: public Exception {…}`: a type named by the caller, export
  // marks between the keyword and the name (a forward declaration makes none).
  const typed =
    /(?:^|[;{}])\s*(?:typedef\s+)?(class|struct|union|enum)\s+(?:(?:class|struct)\s+)?(?:[A-Za-z_]\w*\s+)*((?:[\w\uE000\uE001])+)\s*(?:final\s*)?[:{]/g;
  for (const m of expanded.matchAll(typed)) {
    const plain = m[2].replace(/[\uE000\uE001]/g, '');
    if (!m[2].includes(FROM) || !/^[A-Za-z_]\w*$/.test(plain)) continue;
    out.push({ name: plain, kind: TYPE_KINDS[m[1]] });
  }
  if (depth >= MAX_C_NESTING) return;
  // The body handing the arguments on: `VECTOR_CPU_TO_(end##bits, uint##bits##_t)`.
  for (const m of expanded.matchAll(/(?<![\w\uE001])([A-Za-z_]\w*)\s*\(/g)) {
    const nested = table.get(m[1]);
    if (!nested || nested === define) continue;
    const close = matchingParen(expanded, m.index + m[0].length - 1);
    if (close < 0) continue;
    const inner = splitArgs(expanded.slice(m.index + m[0].length, close));
    // Pasted pieces are one argument again: `\uE000be\uE001\uE00032\uE001` → `be32`.
    const merged = inner.map((a) => (a.includes(FROM) ? a.replace(/\uE001\uE000/g, '') : a));
    const unmarked = merged.map((a) => a.replace(/[\uE000\uE001]/g, ''));
    const before = out.length;
    cExpand(nested, unmarked, table, depth + 1, out);
    // Only what the caller named: a nested name must hold a marked argument's text.
    const callerArgs = merged.filter((a) => a.includes(FROM)).map((a) => a.replace(/[\uE000\uE001]/g, ''));
    for (let i = out.length - 1; i >= before; i--)
      if (!callerArgs.some((a) => out[i].name.includes(a))) out.splice(i, 1);
  }
}

const matchingBrace = (text: string, at: number) => matchingClose(text, at, '{', '}');
/** The words before a `{` that opens a namespace (`namespace a::b`, `inline namespace v1`) or `extern "C"` (its string blanked). */
const SCOPE_OPENER = /(?:^|[\s;{}])(?:namespace(?:\s+[A-Za-z_][\w:]*)?|extern)\s*$/;

/**
 * The definitions that file-scope invocations in `text` of the table's defines (and the
 * kernel's definers) make: `DEFINE_SESSION_ATOMIC(error_count, 0);` at the start of a line,
 * outside any function, any `#` line and any comment (a namespace's body is file scope). Each
 * spans its invocation's line(s).
 */
export function cMacroDefinitions(text: string, table: CDefineTable, kernel = true): Definition[] {
  const out: Definition[] = [];
  // A line that starts with one of the names, or nothing to scan (most files).
  let candidate = false;
  for (const m of text.matchAll(LINE_CALL))
    if (table.has(m[1]) || (kernel && isKernelDefiner(m[1]))) {
      candidate = true;
      break;
    }
  if (!candidate) return out;
  const code = withoutLiterals(text);
  const branches = new ConditionalBraces();
  let depth = 0;
  let scopes = 0;
  let line = 1;
  let lineStart = 0;
  let directive = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '\n') {
      if (code[i - 1] !== '\\') directive = false;
      line++;
      lineStart = i + 1;
      continue;
    }
    if (directive) continue;
    if (c === '#' && /^\s*$/.test(code.slice(lineStart, i))) {
      directive = true;
      depth = branches.depthAfter(/^#\s*(\w*)/.exec(code.slice(i, i + 20))?.[1] ?? '', depth);
      continue;
    }
    // A namespace's or an `extern "C"` block's braces hold file-scope code still.
    if (c === '{') {
      if (depth === 0 && SCOPE_OPENER.test(code.slice(Math.max(0, i - 200), i))) scopes++;
      else depth++;
    } else if (c === '}') {
      if (depth === 0 && scopes > 0) scopes--;
      else depth = Math.max(0, depth - 1);
    } else if (depth === 0 && (i === lineStart || (c !== ' ' && c !== '\t' && indentedStart(code, lineStart, i)))) {
      const m = /^(?:static\s+)?([A-Za-z_]\w*)\s*\(/.exec(code.slice(i, i + 200));
      if (!m) continue;
      const position = kernel && isKernelDefiner(m[1]) ? KERNEL_DEFINERS[m[1]] : undefined;
      const define = table.get(m[1]);
      if (position === undefined && !define) continue;
      const open = i + m[0].length - 1;
      const close = matchingParen(code, open);
      if (close < 0) continue;
      const args = splitArgs(code.slice(open + 1, close));
      const made: Made[] = [];
      if (position !== undefined && /^[A-Za-z_]\w*$/.test(args[position] ?? ''))
        made.push({ name: args[position], kind: 'variable' });
      if (define) cExpand(define, args, table, 1, made);
      const headed = made.some((d) => d.header);
      const body = headed ? /^\s*\{/.exec(code.slice(close + 1, close + 200)) : null;
      const bodyEnd = body ? matchingBrace(code, close + body[0].length) : -1;
      if (headed && bodyEnd < 0) made.splice(0, made.length, ...made.filter((d) => !d.header));
      if (made.length === 0) continue;
      let endLine = line;
      for (let k = i; k < Math.max(close, bodyEnd); k++) if (code[k] === '\n') endLine++;
      const signature = text
        .slice(i, Math.min(close + 2, i + 300))
        .replace(/\s+/g, ' ')
        .slice(0, 200);
      const seen = new Set<string>();
      for (const d of made) {
        if (seen.has(d.name)) continue;
        seen.add(d.name);
        out.push({ name: d.name, kind: d.kind, signature, startLine: line, endLine, nameLine: line, macro: m[1] });
      }
    }
  }
  return out;
}

/**
 * Whether `at`, the first character of an indented line, starts a declaration of its own: the
 * code before it ends a statement or a block (`;`, `{`, `}`), a directive or a lone invocation
 * line (`MACRO(x)` with no `;`), or there is none. An invocation indented in a namespace's body
 * (`    RANGES_INLINE_VARIABLE(lower_bound_n_fn, lower_bound_n)`) is read as one at column 0 is;
 * a line continuing an expression or a declarator above it is not.
 */
function indentedStart(code: string, lineStart: number, at: number): boolean {
  if (!/^[ \t]+$/.test(code.slice(lineStart, at))) return false;
  let k = lineStart - 1;
  while (k >= 0 && /\s/.test(code[k])) k--;
  if (k < 0 || code[k] === ';' || code[k] === '{' || code[k] === '}') return true;
  const previousStart = code.lastIndexOf('\n', k) + 1;
  return /^\s*(?:#|[A-Za-z_]\w*\s*\([^;{}]*\)\s*$)/.test(code.slice(previousStart, k + 1));
}

/**
 * Brace depth across `#if` … `#else` … `#endif`: each branch starts at the depth its `#if` had,
 * and after `#endif` the first branch's depth holds. A function written twice for two platforms
 * opens two `{` for one `}` (OpenAFS's afs_pioctl.c heads afs_xioctl once per system), and the
 * rest of the file had read as inside a function.
 */
class ConditionalBraces {
  private readonly open: { start: number; end?: number }[] = [];

  /** The depth after a directive named `word` (`if`, `ifdef`, `else`, `endif`, …) at `depth`. */
  depthAfter(word: string, depth: number): number {
    if (word.startsWith('if')) this.open.push({ start: depth });
    const top = this.open[this.open.length - 1];
    if (!top) return depth;
    if (word.startsWith('el')) {
      top.end ??= depth;
      return top.start;
    }
    if (word !== 'endif') return depth;
    this.open.pop();
    return top.end ?? depth;
  }
}

/** A table of the given defines (a later one of a name wins). */
export function cDefineTable(defines: Iterable<CDefine>): Map<string, CDefine> {
  const table = new Map<string, CDefine>();
  for (const d of defines) table.set(d.name, d);
  return table;
}

/** `#define ENTRYFNNAME ModuleEntry`: an object-like define whose whole body is one name. */
const NAME_DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+([A-Za-z_]\w*)[ \t]*(?:\/\/.*|\/\*.*\*\/[ \t]*)?$/gm;

/**
 * Functions written under a define's name (`bool ENTRYFNNAME(ENTRYFNNAMEARGS) {…}` after
 * `#define ENTRYFNNAME ModuleEntry`, one such define per platform in the arms of an `#if`): each
 * is also the function of every name the file defines that name to, the names a linker, a stack
 * trace and a user know it by. The copies keep the function's lines.
 */
export function macroNamedFunctions(text: string, definitions: readonly Definition[]): Definition[] {
  if (!text.includes('define')) return [];
  const values = new Map<string, Set<string>>();
  for (const m of text.matchAll(NAME_DEFINE)) {
    if (m[1] === m[2]) continue;
    let set = values.get(m[1]);
    if (!set) values.set(m[1], (set = new Set()));
    set.add(m[2]);
  }
  if (values.size === 0) return [];
  const out: Definition[] = [];
  for (const d of definitions)
    if ((d.kind === 'function' || d.kind === 'method') && d.macro === undefined)
      for (const name of values.get(d.name) ?? []) out.push({ ...d, name });
  return out;
}
