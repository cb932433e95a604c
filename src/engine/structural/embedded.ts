/**
 * Code a parse cannot see because it sits inside something else: Rust items inside macro
 * invocations (`cfg_rt! { pub fn spawn … }`, tokio's way of gating half its API) and inside
 * `macro_rules!` transcribers, Ruby methods in a heredoc handed to `class_eval`, and the
 * members of a C++ class declared with an export macro (`class GTEST_API_ Name`). Each is
 * made visible by a second text of the same length in which the wrappers are blanked (every
 * character but the newlines turned into a space), so a parse of it reports the same lines
 * and columns as the file itself.
 */
import type { Node } from 'web-tree-sitter';
import type { Language } from '../contract';
import type { LineRange } from '../line-range';
import { namedChildrenOf } from './imports';

/** A masked copy of a file and the line ranges whose code it newly exposes. */
export interface EmbeddedCode {
  text: string;
  regions: LineRange[];
}

/** Replace text[start, end) with `with`, then spaces, keeping every newline (so every line keeps its number). */
interface Edit {
  start: number;
  end: number;
  with?: string;
}

/** Nested wrappers (`cfg_rt! { cfg_fs! { … } }`) are opened one level per round. */
export const MAX_EMBEDDED_ROUNDS = 3;

/** Ruby's methods that run a string as code in a class or object. */
const RUBY_EVAL_METHODS = new Set(['class_eval', 'module_eval', 'class_exec', 'module_exec', 'instance_eval', 'eval']);

/** The languages that have code embedded so, and the finder for each. */
export function embeddedCodeOf(lang: Language, root: Node, text: string): EmbeddedCode | null {
  if (lang === 'rust') return rustMacroBodies(root, text);
  if (lang === 'ruby') return rubyEvaluatedHeredocs(root, text);
  if (lang === 'cpp') return cppExportMacroClasses(root, text);
  return null;
}

/** Where C++ declarations sit: the file, namespaces, `extern "C"` blocks and preprocessor conditionals. */
const CPP_DECLARATION_HOLDERS = new Set([
  'namespace_definition',
  'declaration_list',
  'linkage_specification',
  'preproc_if',
  'preproc_ifdef',
  'preproc_else',
  'preproc_elif',
]);

/**
 * The rest of a class head after its export macro when the class has bases (`Exception: public
 * std::exception`, `Grid final : public GridBase`), which the grammar reads as a declarator in
 * error: a name, then a colon and base names only — no call's brackets, no statement.
 */
const BASE_CLAUSE_HEAD = /^\s+[A-Za-z_]\w*\s*(?:final\s*)?:(?!:)[\w\s:<>,]*$/;

/**
 * C++ `class GTEST_API_ Name { … }` (or `Name : public Base`): an export macro before the name makes tree-sitter-cpp
 * read a function `Name` whose body is a block of statements, so the class's members are
 * lost. The masked text blanks the macro, and the class parses as one.
 */
export function cppExportMacroClasses(root: Node, text: string): EmbeddedCode | null {
  const edits: Edit[] = [];
  const regions: LineRange[] = [];
  // A function's body is read too, one level down: a lone object-like macro before a namespace
  // (`OPENVDB_USE_VERSION_NAMESPACE` over `namespace OPENVDB_VERSION_NAME {`) is read as a
  // function whose body is that namespace's declarations.
  const visit = (holder: Node, inBody: boolean) => {
    for (const node of namedChildrenOf(holder)) {
      if (CPP_DECLARATION_HOLDERS.has(node.type)) visit(node, inBody);
      if (node.type !== 'function_definition') continue;
      const type = node.childForFieldName('type');
      const macro = type?.childForFieldName('name');
      const body = node.childForFieldName('body');
      const isMacroClass =
        (type?.type === 'class_specifier' || type?.type === 'struct_specifier') &&
        !type.childForFieldName('body') &&
        (node.childForFieldName('declarator')?.type === 'identifier' ||
          (macro != null && body !== null && BASE_CLAUSE_HEAD.test(text.slice(macro.endIndex, body.startIndex))));
      if (!isMacroClass || !macro) {
        if (!inBody && body?.type === 'compound_statement') visit(body, true);
        continue;
      }
      edits.push({ start: macro.startIndex, end: macro.endIndex });
      regions.push(linesOf(node, node));
    }
  };
  visit(root, false);
  return edits.length === 0 ? null : { text: masked(text, edits), regions };
}

/**
 * Rust: each brace-delimited macro invocation in item position (in a file, a module, an `impl`
 * or a trait) loses its `name! {` and its closing `}`, so the items inside become the file's
 * (an `impl`'s stay its members).
 */
export function rustMacroBodies(root: Node, text: string): EmbeddedCode | null {
  const edits: Edit[] = [];
  const regions: LineRange[] = [];
  for (const node of rustItems(root)) if (node.type === 'macro_invocation') unwrapInvocation(node, edits, regions);
  return edits.length === 0 ? null : { text: masked(text, edits), regions };
}

/**
 * Rust: the bodies of the `macro_rules!` transcribers alone, everything else blanked: the items
 * a macro expands to. Their `$name` pieces parse as errors, which stay inside this copy.
 */
export function rustMacroTranscribers(root: Node, text: string): EmbeddedCode | null {
  const keep: Edit[] = [];
  const regions: LineRange[] = [];
  for (const node of rustItems(root)) if (node.type === 'macro_definition') keepTranscribers(node, keep, regions);
  return keep.length === 0 ? null : { text: masked(text, complement(keep, text.length)), regions };
}

/** Where Rust items sit: a file's inline modules, `impl`s and traits. */
const RUST_ITEM_HOLDERS: ReadonlySet<string> = new Set(['mod_item', 'impl_item', 'trait_item']);

/** The items of a Rust file and of the holders in it (by default its inline modules, `impl`s and traits). */
export function rustItems(root: Node, holders: ReadonlySet<string> = RUST_ITEM_HOLDERS): Node[] {
  const items: Node[] = [];
  const visit = (holder: Node) => {
    for (const node of namedChildrenOf(holder)) {
      items.push(node);
      if (holders.has(node.type)) {
        const body = node.childForFieldName('body');
        if (body) visit(body);
      }
    }
  };
  visit(root);
  return items;
}

function unwrapInvocation(node: Node, edits: Edit[], regions: LineRange[]): void {
  const tree = node.lastChild;
  if (tree?.type !== 'token_tree' || tree.firstChild?.type !== '{' || tree.lastChild?.type !== '}') return;
  const open = tree.firstChild;
  const close = tree.lastChild;
  edits.push({ start: node.startIndex, end: open.endIndex }, { start: close.startIndex, end: node.endIndex });
  regions.push(linesOf(open, close));
}

function keepTranscribers(node: Node, keep: Edit[], regions: LineRange[]): void {
  for (const rule of namedChildrenOf(node)) {
    if (rule.type !== 'macro_rule') continue;
    const body = rule.childForFieldName('right');
    const open = body?.firstChild;
    const close = body?.lastChild;
    if (!body || !open || !close || open.type === close.type) continue;
    keep.push({ start: open.endIndex, end: close.startIndex, with: body.text.slice(1, -1) });
    regions.push(linesOf(open, close));
  }
}

/** Edits that blank everything but `keep` (sorted, not overlapping), and write what is kept. */
function complement(keep: Edit[], length: number): Edit[] {
  const edits: Edit[] = [];
  let at = 0;
  for (const k of [...keep].sort((a, b) => a.start - b.start)) {
    if (k.start < at) continue;
    if (k.start > at) edits.push({ start: at, end: k.start });
    edits.push(k);
    at = k.end;
  }
  edits.push({ start: at, end: length });
  return edits;
}

/**
 * Ruby: `Klass.class_eval <<-'end;' … end;` runs the heredoc as the body of Klass. The masked
 * text keeps only such heredocs, the call's line written as `class Klass` and the terminator
 * as `end` (a call without a constant receiver keeps the body alone).
 */
export function rubyEvaluatedHeredocs(root: Node, text: string): EmbeddedCode | null {
  const keep: Edit[] = [];
  const regions: LineRange[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'heredoc_body') {
      const opener = evaluatingCall(node);
      const content = node.firstNamedChild;
      const terminator = node.lastNamedChild;
      if (!opener || content?.type !== 'heredoc_content' || terminator?.type !== 'heredoc_end') continue;
      const receiver = opener.childForFieldName('receiver');
      const klass = receiver && /^(constant|scope_resolution)$/.test(receiver.type) ? receiver.text : null;
      if (klass) keep.push({ start: opener.startIndex, end: opener.endIndex, with: `class ${klass}` });
      keep.push({ start: content.startIndex, end: content.endIndex, with: content.text });
      keep.push({ start: terminator.startIndex, end: terminator.endIndex, with: klass ? 'end' : '' });
      // From the line after the call: the class line written over the call is not a definition of the file.
      regions.push({ startLine: content.startPosition.row + 2, endLine: terminator.endPosition.row + 1 });
      continue;
    }
    for (const child of namedChildrenOf(node)) stack.push(child);
  }
  if (regions.length === 0) return null;
  return { text: masked(text, complement(keep, text.length)), regions };
}

/** The `X.class_eval <<~RUBY` call whose heredoc this body is: the statement just before it, on the body's first line. */
function evaluatingCall(body: Node): Node | null {
  for (let previous = body.previousNamedSibling; previous; previous = previous.previousNamedSibling) {
    if (previous.endPosition.row !== body.startPosition.row) return null;
    if (previous.type !== 'call') continue;
    const method = previous.childForFieldName('method')?.text;
    const args = previous.childForFieldName('arguments');
    const heredocArgument = args && namedChildrenOf(args).some((a) => a.type === 'heredoc_beginning');
    return method && RUBY_EVAL_METHODS.has(method) && heredocArgument ? previous : null;
  }
  return null;
}

function linesOf(first: Node, last: Node): LineRange {
  return { startLine: first.startPosition.row + 1, endLine: last.endPosition.row + 1 };
}

/** `text` with each edit applied (edits in order, not overlapping); its length and line breaks unchanged. */
export function masked(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const out: string[] = [];
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) continue;
    out.push(text.slice(at, edit.start));
    const original = text.slice(edit.start, edit.end);
    const replacement = edit.with ?? '';
    if (replacement === original) out.push(original);
    else {
      let written = 0;
      let blanked = '';
      for (let i = 0; i < original.length; i++) {
        const c = original[i];
        if (c === '\n' || c === '\r') blanked += c;
        else blanked += written < replacement.length && !replacement.includes('\n') ? replacement[written++] : ' ';
      }
      out.push(blanked);
    }
    at = edit.end;
  }
  out.push(text.slice(at));
  return out.join('');
}
