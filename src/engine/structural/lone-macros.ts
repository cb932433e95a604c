/**
 * C/C++: a function-like macro invoked on a line of its own, with no `;` after it, between two
 * declarations: VIGRA's `doxygen_overloaded_function(template <...> void applyWindowFunction)`
 * before each overloaded algorithm, Qt's and Eigen's declaration markers, documentation-only
 * macros. The grammar cannot know the macro expands to nothing (or to a whole declaration), so it
 * reads the invocation as the declarator of a function whose body is the declaration that
 * follows, with MISSING tokens to close it, and that "function" (named after the macro) often
 * runs on for hundreds of lines, swallowing every definition after it into one chunk. Such a
 * line is blanked (same length, same lines) and the file parsed again: the definitions after it
 * are then read as what they are.
 */
import type { Node } from 'web-tree-sitter';
import { masked } from './embedded';

/** `NAME(…)` alone on a line, parentheses balanced within it, nothing after the `)`. */
const LONE_INVOCATION = /^[ \t]*([A-Za-z_]\w*)[ \t]*\((.*)\)[ \t]*(?:\/\/.*)?$/;

/**
 * What the line before a macro line must end with for that line to stand between declarations:
 * a statement or block end, an opened block, an access label, a comment's end. A line ending in
 * anything else (`static int`, a template header, a `\` continuation) makes the next line part
 * of the same declaration: a declarator split over two lines, not a macro.
 */
const DECLARATION_BOUNDARY =
  /(?:[;{}]|\*\/|^[ \t]*(?:public|protected|private|signals|slots|Q_SIGNALS|Q_SLOTS)[ \t]*:)[ \t]*$/;

/**
 * What the line after a macro line (directives passed over) must open: another declaration, the
 * end of the namespace or class. A body (`{`), a constructor's
 * initializer list (`:`), a trailing qualifier or return type continue the line above, which is
 * then a declarator (`foo(int a)` with its `{` below, a constructor in a class), not a macro.
 */
const DECLARATION_NEXT = /^[ \t]*[A-Za-z_}]/;
const CONTINUATION =
  /^[ \t]*(?:const|noexcept|override|final|throw|try|requires|volatile|mutable|__attribute__|->)\b|^[ \t]*(?:->|[{:,=;&*(])/;

/** Words before `(` that are statements, not macros. */
const KEYWORDS: ReadonlySet<string> = new Set(
  'if while for switch return sizeof alignof decltype static_assert _Static_assert catch do else case operator defined'.split(
    ' ',
  ),
);

/** The lines (0-based) that are lone macro invocations between declarations, by their text alone. */
export function loneMacroLines(text: string): number[] {
  if (!text.includes(')')) return [];
  const lines = text.split('\n');
  const out: number[] = [];
  // The last line that stood between declarations: a run of invocations (`VIGRA_TYPE_TRAITS(char, 1)`
  // then `(short, 2)` …) stands there together.
  let lastBetween = -1;
  for (let row = 0; row < lines.length; row++) {
    const line = lines[row];
    const match = LONE_INVOCATION.exec(line);
    if (!match || KEYWORDS.has(match[1]) || !balanced(match[2])) continue;
    const [before, beforeRow] = previousCodeLine(lines, row);
    if (before !== null && beforeRow !== lastBetween && !DECLARATION_BOUNDARY.test(before)) continue;
    lastBetween = row;
    const after = nextCodeLine(lines, row);
    if (after !== null && (!DECLARATION_NEXT.test(after) || CONTINUATION.test(after))) continue;
    // An old-style definition's parameter declarations, indented under it (`compare(orig, chgd)`
    // then `     afs_uint32 orig[2];`): the line is the declarator of an implicit-int function.
    if (after !== null && indentOf(after) > indentOf(line) && /;\s*$/.test(after)) continue;
    out.push(row);
  }
  return out;
}

/**
 * The file with the lone macro lines the parse stumbled on blanked, or null when there are none:
 * a line is blanked only when the declaration the parse made of it (the innermost function,
 * declaration or ERROR around its macro name) holds a syntax error, so a macro the grammar read
 * well (a declaration it could make sense of) is left alone.
 */
export function withoutLoneMacros(root: Node, text: string): string | null {
  if (!root.hasError) return null;
  const rows = loneMacroLines(text);
  if (rows.length === 0) return null;
  const lines = text.split('\n');
  const starts: number[] = [];
  for (let row = 0, offset = 0; row < lines.length; row++) {
    starts.push(offset);
    offset += lines[row].length + 1;
  }
  const edits: { start: number; end: number }[] = [];
  for (const row of rows) {
    const column = lines[row].search(/\S/);
    if (!stumbledAt(root.descendantForPosition({ row, column }))) continue;
    edits.push({ start: starts[row] + column, end: starts[row] + lines[row].length });
  }
  return edits.length ? masked(text, edits) : null;
}

/**
 * Whether the item a node lies in (the child of the file, a namespace or a class body that holds
 * it: a function, a declaration, a statement the parse made of the macro) holds a syntax error.
 */
function stumbledAt(node: Node | null): boolean {
  // A statement of a function's body (a macro run for its effect, `INSERT_SYSCALL(…)`) is left as
  // it is: only declarations stand between declarations. (A macro line a broken definition above
  // swallowed into its body is found again once that one is blanked: withoutLoneMacros' rounds.)
  for (let n = node; n; n = n.parent) if (n.type === 'compound_statement') return false;
  for (let n = node; n; n = n.parent) {
    if (n.isError || n.isMissing) return true;
    const holder = n.parent?.type;
    if (holder === undefined) return false;
    if (ITEM_HOLDERS.has(holder)) return n.hasError;
  }
  return false;
}

/** Nodes whose children are a file's, a namespace's or a class's items (conditional blocks included). */
const ITEM_HOLDERS: ReadonlySet<string> = new Set([
  'translation_unit',
  'declaration_list',
  'field_declaration_list',
  'preproc_if',
  'preproc_ifdef',
  'preproc_else',
  'preproc_elif',
  'linkage_specification',
]);

function indentOf(line: string): number {
  return /^[ \t]*/.exec(line)![0].replace(/\t/g, '        ').length;
}

function balanced(inner: string): boolean {
  let depth = 0;
  for (const c of inner) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The nearest line above that is neither blank nor a directive, and its row (a `//` comment line
 * counts as a comment's end). Directives are passed over: a declarator written once per `#if`
 * branch (`static int` / `#if …` / `afs_statfs(struct dentry *d, …)` / `#else` / …) continues the
 * line above the `#if`.
 */
function previousCodeLine(lines: readonly string[], row: number): [string | null, number] {
  for (let r = row - 1; r >= 0; r--) {
    const line = lines[r];
    if (!/\S/.test(line) || DIRECTIVE.test(line)) continue;
    return [/^[ \t]*\/\//.test(line) ? '*/' : line, r];
  }
  return [null, -1];
}

/** A preprocessor directive's line. */
const DIRECTIVE = /^[ \t]*#/;

/** The nearest line below that is neither blank, a comment nor a directive. */
function nextCodeLine(lines: readonly string[], row: number): string | null {
  let inComment = false;
  for (let r = row + 1; r < lines.length; r++) {
    let line = lines[r];
    if (inComment) {
      const end = line.indexOf('*/');
      if (end < 0) continue;
      inComment = false;
      line = line.slice(end + 2);
    }
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('//') || trimmed.startsWith('#')) continue;
    if (trimmed.startsWith('/*')) {
      if (!trimmed.includes('*/', 2)) inComment = true;
      else if (trimmed.endsWith('*/')) continue;
      continue;
    }
    return line;
  }
  return null;
}

/**
 * C++: an object-like macro alone on a line before a template head (CUDA libraries' pragma
 * markers, `__thrust_exec_check_disable__` over `template<…>` and the function it opens). The
 * grammar reads the name as a type and the head after it as a dependent name, without an error,
 * and the function after it is lost. A name is never followed by the keyword `template` within
 * one declaration (only after `::`, `.` or `->`, or as `extern template` / `export template`),
 * so such a line, between declarations, is blanked (same length, same lines) before the parse.
 * Null when there is none.
 */
export function withoutMarkersBeforeTemplates(text: string): string | null {
  if (!text.includes('template')) return null;
  const lines = text.split('\n');
  const edits: { start: number; end: number }[] = [];
  for (let row = 0, offset = 0; row < lines.length; offset += lines[row].length + 1, row++) {
    const line = lines[row];
    const name = LONE_NAME.exec(line);
    if (!name || BEFORE_TEMPLATE.has(name[1])) continue;
    const after = nextCodeLine(lines, row);
    if (after === null || !TEMPLATE_HEAD.test(after)) continue;
    const [before] = previousCodeLine(lines, row);
    // `} // end set_difference()`: the comment after a block's end is passed over.
    if (before !== null && !DECLARATION_BOUNDARY.test(before.replace(/[ \t]*\/\/.*$/, ''))) continue;
    const column = line.search(/\S/);
    edits.push({ start: offset + column, end: offset + column + name[1].length });
  }
  return edits.length ? masked(text, edits) : null;
}

/** `NAME` alone on a line (a comment after it allowed). */
const LONE_NAME = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?:\/\/.*|\/\*.*\*\/[ \t]*)?\r?$/;

/** A line opening a template head. */
const TEMPLATE_HEAD = /^[ \t]*template[ \t]*</;

/** Words alone on a line that a template head may follow within one declaration. */
const BEFORE_TEMPLATE: ReadonlySet<string> = new Set(['extern', 'export']);
