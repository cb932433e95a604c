/**
 * Lua functions named by a loop over a literal list of names: `for _, b in ipairs {"left",
 * "right", "middle"} do mouse.object["is_" .. b .. "_mouse_button_pressed"] = function() … end
 * end` defines `is_left_mouse_button_pressed` and its two siblings, which a reader finds by the
 * names the loop spells out, and which no query can name since the key is computed.
 */
import type { Node } from 'web-tree-sitter';
import type { Definition } from '../contract';
import { namedChildrenOf } from './imports';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Longest list a loop is read through: a table of names, not a data table. */
const MAX_LOOP_NAMES = 32;
const SIGNATURE_CHARS = 200;

/** The definitions the file's loops over literal name lists make, each over its assignment's lines. */
export function luaLoopedDefinitions(root: Node, text: string): Definition[] {
  const made: Definition[] = [];
  for (const loop of root.descendantsOfType('for_statement')) {
    if (!loop) continue;
    const clause = loop.childForFieldName('clause');
    if (clause?.type !== 'for_generic_clause') continue;
    const bound = namedChildrenOf(clause).find((c) => c.type === 'variable_list');
    const values = namedChildrenOf(clause).find((c) => c.type === 'expression_list');
    // `for _, name in ipairs {…}` / `pairs({…})`: the value is the second name the loop binds.
    const names = bound ? namedChildrenOf(bound) : [];
    const variable = names.length === 2 ? names[1].text : null;
    const list = values?.namedChildCount === 1 ? literalNames(values.namedChild(0)) : null;
    const body = loop.childForFieldName('body');
    if (!variable || !list || !body) continue;
    for (const statement of namedChildrenOf(body)) {
      if (statement.type !== 'assignment_statement') continue;
      const target = namedChildrenOf(statement)
        .find((c) => c.type === 'variable_list')
        ?.namedChild(0);
      const value = namedChildrenOf(statement)
        .find((c) => c.type === 'expression_list')
        ?.namedChild(0);
      if (target?.type !== 'bracket_index_expression' || value?.type !== 'function_definition') continue;
      const key = keyParts(target.childForFieldName('field'), variable);
      if (!key) continue;
      const line = statement.startPosition.row + 1;
      const signature = text
        .slice(statement.startIndex, value.childForFieldName('body')?.startIndex ?? value.endIndex)
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, SIGNATURE_CHARS);
      for (const each of list) {
        const name = key.map((part) => part ?? each).join('');
        if (!NAME.test(name)) continue;
        made.push({
          name,
          kind: 'function',
          signature,
          startLine: line,
          endLine: statement.endPosition.row + 1,
          nameLine: line,
        });
      }
    }
  }
  return made;
}

/** `ipairs {"a", "b"}`, `pairs({"a", "b"})`: the strings of a list written out, else null. */
function literalNames(call: Node | null): string[] | null {
  if (call?.type !== 'function_call' || !/^i?pairs$/.test(call.childForFieldName('name')?.text ?? '')) return null;
  let table = call.childForFieldName('arguments');
  if (table?.type === 'arguments') table = table.namedChildCount === 1 ? table.namedChild(0) : null;
  if (table?.type !== 'table_constructor') return null;
  const fields = namedChildrenOf(table);
  if (fields.length === 0 || fields.length > MAX_LOOP_NAMES) return null;
  const out: string[] = [];
  for (const field of fields) {
    const value = field.childForFieldName('value');
    if (field.childForFieldName('name') || value?.type !== 'string') return null;
    out.push(value.childForFieldName('content')?.text ?? '');
  }
  return out;
}

/** `"is_" .. b .. "_pressed"`: the literal parts and null where the loop's variable goes, else null. */
function keyParts(field: Node | null, variable: string): (string | null)[] | null {
  const parts: (string | null)[] = [];
  let ok = true;
  const flatten = (n: Node) => {
    if (n.type === 'binary_expression' && n.childForFieldName('operator')?.text === '..') {
      for (const side of namedChildrenOf(n)) flatten(side);
    } else if (n.type === 'string') parts.push(n.childForFieldName('content')?.text ?? '');
    else if (n.type === 'identifier' && n.text === variable) parts.push(null);
    else ok = false;
  };
  if (!field) return null;
  flatten(field);
  return ok && parts.includes(null) && parts.some((p) => p) ? parts : null;
}
