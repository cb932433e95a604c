/**
 * Rust items a `macro_rules!` makes from a name it is given: `custom_event_content!(CustomStateEventContent,
 * StateEventType);` with a transcriber holding `pub struct $i { … }` defines the struct
 * `CustomStateEventContent` at that invocation — the only line of the repository that spells it
 * before its uses. The macro's own transcriber (embedded.ts) shows `$i`, which is no name.
 *
 * Read from the file's parse alone, for macros defined in the same file: a rule whose matcher is
 * a list of `$name:ident`-like fragments separated by commas (`($i:ident, $evt:ident)`), invoked
 * with as many comma-separated arguments; the transcriber's `struct $i`, `enum $i`, `fn $i`… name
 * the argument at the fragment's position, and a transcriber that passes `$i` on to another such
 * macro of the file defines what that one defines. Repetitions (`$(…)*`) and macros from other
 * files are not expanded.
 */
import type { Node } from 'web-tree-sitter';
import type { Definition, DefinitionKind } from '../contract';
import { rustItems } from './embedded';
import { namedChildrenOf } from './imports';

/** The item keywords of a transcriber and the kinds they define. */
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

/** `pub struct $i`, `pub(crate) fn $name`: an item named by a fragment. */
const ITEM_NAMED_BY_FRAGMENT = /\b(struct|enum|union|trait|type|fn|mod|const|static)\s+\$([A-Za-z_]\w*)\b/g;
/** `other_macro!($i, $evt)` inside a transcriber. */
const NESTED_INVOCATION = /\b([A-Za-z_]\w*)!\s*[([{]([^()[\]{}]*)[)\]}]/g;
/** A matcher fragment: `$i:ident`, `$evt:ty`. */
const FRAGMENT = /^\$([A-Za-z_]\w*)\s*:\s*\w+$/;
/** Where the macros and their invocations are read: the file and its inline modules (not `impl`s or traits). */
const MODULES: ReadonlySet<string> = new Set(['mod_item']);
/** Nested transcribers followed this deep (a macro handing its name to another, and so on). */
const MAX_NESTING = 3;

interface MacroRule {
  /** The fragments of the matcher, in order. */
  fragments: string[];
  /** The transcriber's text. */
  body: string;
}

/** What a macro defines from its arguments: per argument position, the kinds of item it names. */
type Made = Map<number, DefinitionKind[]>;

/** The definitions the file's invocations of its own macros make; none when it defines no such macro. */
export function rustMacroInstances(root: Node): Definition[] {
  const rules = new Map<string, MacroRule[]>();
  const invocations: Node[] = [];
  for (const node of rustItems(root, MODULES)) {
    if (node.type === 'macro_definition') {
      const name = node.childForFieldName('name')?.text;
      if (name) rules.set(name, rulesOf(node));
    } else if (node.type === 'macro_invocation' || node.type === 'expression_statement') {
      const invocation = node.type === 'macro_invocation' ? node : node.firstNamedChild;
      if (invocation?.type === 'macro_invocation') invocations.push(invocation);
    }
  }
  if (rules.size === 0) return [];
  const made = new Map<string, Made>();
  const madeBy = (name: string, depth: number): Made => {
    const known = made.get(name);
    if (known) return known;
    const out: Made = new Map();
    made.set(name, out); // a macro that invokes itself adds nothing the second time
    for (const rule of rules.get(name) ?? []) {
      for (const m of rule.body.matchAll(ITEM_NAMED_BY_FRAGMENT))
        add(out, rule.fragments.indexOf(m[2]), ITEM_KINDS[m[1]]);
      if (depth >= MAX_NESTING) continue;
      for (const m of rule.body.matchAll(NESTED_INVOCATION)) {
        if (!rules.has(m[1]) || m[1] === name) continue;
        const args = splitArguments(m[2]);
        for (const [position, kinds] of madeBy(m[1], depth + 1)) {
          const fragment = /^\$([A-Za-z_]\w*)$/.exec(args[position] ?? '')?.[1];
          if (fragment) for (const kind of kinds) add(out, rule.fragments.indexOf(fragment), kind);
        }
      }
    }
    return out;
  };
  const definitions: Definition[] = [];
  for (const invocation of invocations) {
    const name = invocation.childForFieldName('macro')?.text;
    const tree = invocation.lastNamedChild;
    if (!name || !rules.has(name) || tree?.type !== 'token_tree') continue;
    const args = splitArguments(tree.text.slice(1, -1));
    if (!rules.get(name)!.some((r) => r.fragments.length === args.length)) continue;
    for (const [position, kinds] of madeBy(name, 1)) {
      const arg = args[position];
      if (!arg || !/^[A-Za-z_]\w*$/.test(arg)) continue;
      for (const kind of kinds)
        definitions.push({
          name: arg,
          kind,
          signature: invocation.text.replace(/\s+/g, ' ').slice(0, 200),
          startLine: invocation.startPosition.row + 1,
          endLine: invocation.endPosition.row + 1,
          nameLine: invocation.startPosition.row + 1,
        });
    }
  }
  return definitions;
}

function add(made: Made, position: number, kind: DefinitionKind | undefined): void {
  if (position < 0 || !kind) return;
  const kinds = made.get(position) ?? [];
  if (!kinds.includes(kind)) kinds.push(kind);
  made.set(position, kinds);
}

/** The rules whose matcher is plain fragments separated by commas, with their transcribers' text. */
function rulesOf(definition: Node): MacroRule[] {
  const rules: MacroRule[] = [];
  for (const rule of namedChildrenOf(definition)) {
    if (rule.type !== 'macro_rule') continue;
    const left = rule.childForFieldName('left');
    const right = rule.childForFieldName('right');
    if (!left || !right) continue;
    const parts = splitArguments(left.text.slice(1, -1));
    const fragments = parts.map((p) => FRAGMENT.exec(p)?.[1]);
    if (fragments.length === 0 || fragments.some((f) => f === undefined)) continue;
    rules.push({ fragments: fragments as string[], body: right.text });
  }
  return rules;
}

/** `A, B<C, D>, (E, F)` → ['A', 'B<C, D>', '(E, F)']: commas outside brackets; a trailing comma ends nothing. */
function splitArguments(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '}' || (c === '>' && text[i - 1] !== '-' && depth > 0)) depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last) out.push(last);
  return out;
}
