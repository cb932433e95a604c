/**
 * C/C++: the calls a function-like `#define` makes. The grammar keeps a macro's body as one
 * opaque token (`preproc_arg`), so the tags see no call in it, and a function that is only ever
 * called through its wrapping macros (apfs-dkms's `apfs_err(sb, fmt, ...)` → `apfs_msg(...)`)
 * had no caller at all. Its body is read as text: every `name(` in it is a call made by the macro.
 */
import type { Node } from 'web-tree-sitter';
import type { Reference } from '../contract';

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
