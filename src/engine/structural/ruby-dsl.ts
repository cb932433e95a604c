/**
 * Ruby methods a file's own DSL makes: a method whose body calls `define_method` with a name
 * spelled from its first parameter (`def macro(name, options = {}, &block) … Definitions.send
 * :define_method, "macro_#{name}", &block`) defines one method per call of it in the file
 * (`macro :include do |obj, args| … end` defines `macro_include`), over the call's lines. No
 * query can name such a method, since the name is computed, and a reader asks for it by the
 * name the program calls.
 */
import type { Node } from 'web-tree-sitter';
import type { Definition } from '../contract';

/**
 * `define_method "macro_#{name}"`, `send(:define_method, :"#{name}?")`, `define_method(name)`:
 * the name's literal prefix, the variable spelled into it (or named bare), its literal suffix.
 */
const DEFINE_METHOD =
  /\bdefine_method\b[\s,(]*(?::?"([A-Za-z_]\w*)?#\{\s*([A-Za-z_]\w*)(?:\.\w+)*\s*\}(\w*[?!=]?)"|([A-Za-z_]\w*)\s*[,)&\n])/g;
const NAME = /^[A-Za-z_]\w*[?!=]?$/;
const SIGNATURE_CHARS = 200;

interface Maker {
  prefix: string;
  suffix: string;
  /** The maker's own lines: a call inside it is no use of the DSL. */
  startIndex: number;
  endIndex: number;
}

/** The methods the file's DSL calls make, each over its call's lines. */
export function rubyDslDefinitions(root: Node, text: string): Definition[] {
  if (!text.includes('define_method')) return [];
  const makers = new Map<string, Maker[]>();
  for (const def of root.descendantsOfType(['method', 'singleton_method'])) {
    if (!def) continue;
    const name = def.childForFieldName('name')?.text;
    const first = def.childForFieldName('parameters')?.namedChild(0);
    if (!name || first?.type !== 'identifier') continue;
    const body = text.slice(def.startIndex, def.endIndex);
    if (!body.includes('define_method')) continue;
    for (const m of body.matchAll(DEFINE_METHOD)) {
      const variable = m[2] ?? m[4];
      if (variable !== first.text) continue;
      const maker = { prefix: m[1] ?? '', suffix: m[3] ?? '', startIndex: def.startIndex, endIndex: def.endIndex };
      const known = makers.get(name);
      if (known) known.push(maker);
      else makers.set(name, [maker]);
    }
  }
  if (makers.size === 0) return [];
  const made: Definition[] = [];
  for (const call of root.descendantsOfType('call')) {
    if (!call || call.childForFieldName('receiver')) continue;
    const forms = makers.get(call.childForFieldName('method')?.text ?? '');
    const given = forms ? nameGiven(call.childForFieldName('arguments')?.namedChild(0) ?? null) : null;
    if (!forms || !given) continue;
    const startLine = call.startPosition.row + 1;
    const signature = (text.slice(call.startIndex, call.endIndex).split('\n', 1)[0] ?? '')
      .trim()
      .slice(0, SIGNATURE_CHARS);
    for (const form of forms) {
      if (call.startIndex >= form.startIndex && call.endIndex <= form.endIndex) continue;
      const name = `${form.prefix}${given}${form.suffix}`;
      if (!NAME.test(name)) continue;
      made.push({ name, kind: 'method', signature, startLine, endLine: call.endPosition.row + 1, nameLine: startLine });
    }
  }
  return made;
}

/** `:include`, `"include"`, `'include'`: the name an argument spells, else null. */
function nameGiven(arg: Node | null): string | null {
  if (!arg) return null;
  if (arg.type === 'simple_symbol') return arg.text.slice(1);
  if (arg.type === 'string' && arg.namedChildCount === 1 && arg.namedChild(0)?.type === 'string_content')
    return arg.namedChild(0)!.text;
  return null;
}
