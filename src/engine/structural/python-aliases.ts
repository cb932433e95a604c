/**
 * Python methods a class body names by assignment: `statusnoi18n = status`, `__iter__ = keys`,
 * `__call__ = lambda self: …`. A function bound to a class attribute is a method of the class
 * under that name, called as `ui.statusnoi18n(…)`; the grammar's tags define a module's
 * assignments only, so the name had no definition and a question asking for it found none.
 * Only a value that is a function is read so: a lambda, or a bare name that the same class
 * body or the file's top level defines with `def`. `limit = 3` or `x = SOME_CONSTANT` stays a
 * plain attribute.
 */
import type { Node } from 'web-tree-sitter';
import type { Definition } from '../contract';

const SIGNATURE_CHARS = 200;

/** The methods the file's class bodies define by assignment, each over its assignment's lines. */
export function pythonClassAliases(root: Node, text: string): Definition[] {
  const classes = root.descendantsOfType('class_definition');
  if (classes.length === 0) return [];
  const topLevel = functionNames(root);
  const made: Definition[] = [];
  for (const cls of classes) {
    const container = cls?.childForFieldName('name')?.text;
    const body = cls?.childForFieldName('body');
    if (!container || !body) continue;
    const own = functionNames(body);
    for (const statement of body.namedChildren) {
      if (statement?.type !== 'expression_statement') continue;
      const assignment = statement.namedChild(0);
      if (assignment?.type !== 'assignment') continue;
      // `a = b = status`: every name on the left is bound to the value at the end.
      const names: Node[] = [];
      let value: Node | null = assignment;
      while (value?.type === 'assignment') {
        const left: Node | null = value.childForFieldName('left');
        if (left?.type === 'identifier') names.push(left);
        value = value.childForFieldName('right');
      }
      if (!value || names.length === 0) continue;
      const isFunction =
        value.type === 'lambda' || (value.type === 'identifier' && (own.has(value.text) || topLevel.has(value.text)));
      if (!isFunction) continue;
      const startLine = statement.startPosition.row + 1;
      const endLine = statement.endPosition.row + 1;
      const signature = (text.slice(statement.startIndex, statement.endIndex).split('\n', 1)[0] ?? '')
        .trim()
        .slice(0, SIGNATURE_CHARS);
      for (const name of names)
        if (name.text !== value.text)
          made.push({
            name: name.text,
            kind: 'method',
            signature,
            container,
            startLine,
            endLine,
            nameLine: name.startPosition.row + 1,
          });
    }
  }
  return made;
}

/** The names a block (or the module) defines with `def` directly, decorated or not. */
function functionNames(block: Node): Set<string> {
  const names = new Set<string>();
  for (const child of block.namedChildren) {
    const def = child?.type === 'decorated_definition' ? child.childForFieldName('definition') : child;
    if (def?.type !== 'function_definition') continue;
    const name = def.childForFieldName('name')?.text;
    if (name) names.add(name);
  }
  return names;
}

/** `statusnoi18n = status`, `a = b = status`: the signature pythonClassAliases gives a name bound to another. */
const ALIAS_SIGNATURE = /^[A-Za-z_]\w*(?:\s*=\s*[A-Za-z_]\w*)+$/;

/**
 * Whether a definition is a name bound to a function defined elsewhere (pythonClassAliases): it
 * holds none of that function's code, so a class whose only methods are such names still holds
 * no behaviour of its own (an exception class's `__bytes__ = _tobytes`).
 */
export function isAliasDefinition(d: Pick<Definition, 'kind' | 'signature'>): boolean {
  return d.kind === 'method' && ALIAS_SIGNATURE.test(d.signature);
}
