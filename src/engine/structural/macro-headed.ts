/**
 * C: a function whose head is a macro invocation the project never defines, a generator's or a
 * framework's own syntax: PHP's `ZEND_VM_HANDLER(16, ZEND_IS_IDENTICAL, CONST|TMP|VAR|CV, …)`
 * before each opcode handler's `{ … }`, read by a script that writes the real C. Its arguments
 * are not parameters (a number, `A|B`), so the grammar reads the line as a call statement missing
 * its `;`, and the body after it as a block at file scope: no definition at all, and the file is
 * one run of windows. Such a pair is a function: named by the invocation's first argument that is
 * a bare name (the opcode, the helper), spanning the invocation's line(s) and the block. One
 * template names each function once: a head whose first bare name an earlier head took
 * (`ZEND_VM_TYPE_SPEC_HANDLER(ZEND_IS_IDENTICAL, cond, ZEND_IS_IDENTICAL_NOTHROW, …)`, a
 * specialisation of that handler) is named by its next one.
 */
import type { Node } from 'web-tree-sitter';
import type { Definition } from '../contract';
import { namedChildrenOf } from './imports';

/** Containers of file-scope code: the file, and the branches of a conditional around it. */
const FILE_SCOPE = new Set(['translation_unit', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif']);

const MAX_SIGNATURE_CHARS = 200;

export function macroHeadedFunctions(root: Node, text: string): Definition[] {
  const out: Definition[] = [];
  visit(root, text, out, new Set());
  return out;
}

function visit(scope: Node, text: string, out: Definition[], taken: Set<string>): void {
  const children = namedChildrenOf(scope);
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (FILE_SCOPE.has(child.type)) visit(child, text, out, taken);
    const next = children[i + 1];
    if (next?.type !== 'compound_statement' || next.startPosition.column !== 0) continue;
    if (next.startPosition.row > child.endPosition.row + 1) continue;
    const name = headName(child, taken);
    if (!name) continue;
    taken.add(name.text);
    const signature = text
      .slice(child.startIndex, child.endIndex)
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_SIGNATURE_CHARS);
    out.push({
      name: name.text,
      kind: 'function',
      signature,
      startLine: child.startPosition.row + 1,
      endLine: next.endPosition.row + 1,
      nameLine: name.startPosition.row + 1,
    });
  }
}

/**
 * The name of `MACRO(…)` read as a call statement at column 0 whose `;` the parse had to make up:
 * its first argument that is a bare name not `taken`. Else null.
 */
function headName(statement: Node, taken: ReadonlySet<string>): Node | null {
  if (statement.type !== 'expression_statement' || statement.startPosition.column !== 0) return null;
  if (statement.namedChildCount !== 1 || !statement.lastChild?.isMissing) return null;
  const call = statement.namedChild(0);
  if (call?.type !== 'call_expression' || call.childForFieldName('function')?.type !== 'identifier') return null;
  const args = call.childForFieldName('arguments');
  for (const arg of args ? namedChildrenOf(args) : [])
    if (arg.type === 'identifier' && !taken.has(arg.text)) return arg;
  return null;
}
