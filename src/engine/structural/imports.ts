/**
 * Turns an `@import` node captured by queries.ts into ImportRefs, per language.
 * `names` are the names brought in from the target as it exports them (`{a as b}` → 'a'),
 * 'default' for a default import, '*' for a whole module/namespace/glob.
 */
import type { Node } from 'web-tree-sitter';
import type { ImportRef, Language } from '../contract';

export function importsOf(lang: Language, node: Node): ImportRef[] {
  switch (lang) {
    case 'javascript':
    case 'typescript':
    case 'tsx':
      return ecmascriptImports(node);
    case 'python':
      return pythonImports(node);
    case 'go':
      return goImports(node);
    case 'rust':
      return rustImports(node);
    case 'java':
      return javaImports(node);
    case 'c':
    case 'cpp':
      return includeImports(node);
    case 'csharp':
      return csharpImports(node);
    case 'ruby':
      return rubyImports(node);
    case 'php':
      return phpImports(node);
    case 'kotlin':
    case 'swift':
    case 'scala':
      return jvmStyleImports(lang, node);
    case 'bash':
      return shellImports(node);
    case 'lua':
      return luaImports(node);
  }
}

const lineOf = (node: Node): number => node.startPosition.row + 1;

/**
 * A node's named children, read one by one. web-tree-sitter's `namedChildren` caches its array on
 * the node, and the first such write changes the shape of every Node object in the worker: V8
 * then throws away the analyzer's optimized code that had seen the old shape.
 */
export function namedChildrenOf(node: Node): Node[] {
  const count = node.namedChildCount;
  const children: Node[] = [];
  for (let i = 0; i < count; i++) {
    const child = node.namedChild(i);
    if (child) children.push(child);
  }
  return children;
}

/** The value of a string literal node, or null when it is computed (`${x}`). */
function stringValue(node: Node | null): string | null {
  if (!node) return null;
  // Each `type` read is a call into the tree (wasm): read once.
  const type = node.type;
  if (type === 'template_string') {
    if (namedChildrenOf(node).some((c) => c.type === 'template_substitution')) return null;
    return node.text.slice(1, -1);
  }
  if (type === 'string' || type === 'interpreted_string_literal' || type === 'raw_string_literal') {
    const text = node.text;
    return text.length >= 2 ? text.slice(1, -1) : null;
  }
  return null;
}

function ecmascriptImports(node: Node): ImportRef[] {
  const line = lineOf(node);
  const type = node.type;
  if (type === 'string') {
    // A script's path passed to a call (queries.ts): `require`, `define` and `import()` are read
    // as imports already.
    // The string is an argument, in an array argument or after `+` (queries.ts): the call is
    // its parent's parent, or one above when that is the arguments.
    let call = node.parent?.parent ?? null;
    if (call?.type === 'arguments') call = call.parent;
    const callee = call?.childForFieldName('function');
    if (callee && (callee.type === 'import' || /^(require|define)$/.test(callee.text))) return [];
    const specifier = stringValue(node);
    return specifier === null ? [] : [{ specifier, line, names: ['*'], kind: 'path' }];
  }
  if (type === 'import_statement') {
    const specifier = stringValue(node.childForFieldName('source'));
    const names: string[] = [];
    for (const child of namedChildrenOf(node)) {
      const childType = child.type;
      if (childType === 'import_require_clause') {
        // TS `import x = require('y')`
        const source = stringValue(child.childForFieldName('source'));
        return source === null ? [] : [{ specifier: source, line, names: ['*'], kind: 'require' }];
      }
      if (childType !== 'import_clause') continue;
      for (const part of namedChildrenOf(child)) {
        const partType = part.type;
        if (partType === 'identifier') names.push('default');
        else if (partType === 'namespace_import') names.push('*');
        else if (partType === 'named_imports')
          for (const spec of namedChildrenOf(part)) {
            const name = spec.type === 'import_specifier' ? spec.childForFieldName('name') : null;
            if (name) names.push(stripQuotes(name.text));
          }
      }
    }
    return specifier === null ? [] : [{ specifier, line, names, kind: 'import' }];
  }
  if (type === 'export_statement') {
    const specifier = stringValue(node.childForFieldName('source'));
    if (specifier === null) return [];
    const names: string[] = [];
    const clause = namedChildrenOf(node).find((c) => c.type === 'export_clause');
    if (clause) {
      for (const spec of namedChildrenOf(clause)) {
        const name = spec.type === 'export_specifier' ? spec.childForFieldName('name') : null;
        if (name) names.push(stripQuotes(name.text));
      }
    } else names.push('*'); // `export * from` and `export * as ns from`
    return [{ specifier, line, names, kind: 'reexport' }];
  }
  if (type === 'call_expression') {
    const args = node.childForFieldName('arguments');
    const amd = amdDependencies(node, args);
    if (amd) return amd.map((specifier) => ({ specifier, line, names: ['*'], kind: 'require' }));
    const specifier = stringValue(args?.namedChild(0) ?? null);
    if (specifier === null) return [];
    if (node.childForFieldName('function')?.type === 'import') return [{ specifier, line, names: [], kind: 'dynamic' }];
    return [{ specifier, line, names: requireBindings(node), kind: 'require' }];
  }
  return [];
}

/** The ids the AMD loader answers itself (a UMD wrapper's `define(['exports'], factory)`): no module. */
const AMD_SPECIAL_IDS = new Set(['require', 'exports', 'module']);

/**
 * AMD's `define(["./a", "dojo/b"], factory)` (an id may come first) and `require(["./a"], cb)`: the
 * array's module ids, each a dependency the factory receives whole. A loader plugin's id
 * (`./text!./x.html`, `./has!feature?./a:./b`) depends on the plugin module, the part before `!`.
 * Null when the call lists no array (a CommonJS `require("x")`).
 */
function amdDependencies(call: Node, args: Node | null): string[] | null {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'identifier' || (callee.text !== 'define' && callee.text !== 'require')) return null;
  const list = args ? namedChildrenOf(args).find((a) => a.type === 'array') : undefined;
  if (!list) return null;
  const ids: string[] = [];
  for (const element of namedChildrenOf(list)) {
    const id = stringValue(element)?.split('!')[0];
    if (id && !AMD_SPECIAL_IDS.has(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** `const x = require()` → ['*']; `const {a, b: c} = require()` → ['a','b']; bare → []. */
function requireBindings(call: Node): string[] {
  const parent = call.parent;
  if (parent?.type !== 'variable_declarator') return [];
  const target = parent.childForFieldName('name');
  if (!target) return [];
  const targetType = target.type;
  if (targetType === 'identifier') return ['*'];
  if (targetType !== 'object_pattern') return [];
  const names: string[] = [];
  for (const prop of namedChildrenOf(target)) {
    const propType = prop.type;
    if (propType === 'shorthand_property_identifier_pattern') names.push(prop.text);
    else if (propType === 'pair_pattern') {
      const key = prop.childForFieldName('key');
      if (key) names.push(stripQuotes(key.text));
    } else if (propType === 'object_assignment_pattern') {
      const left = prop.childForFieldName('left');
      if (left) names.push(left.text);
    }
  }
  return names;
}

function stripQuotes(text: string): string {
  return /^['"].*['"]$/.test(text) ? text.slice(1, -1) : text;
}

function pythonImports(node: Node): ImportRef[] {
  const line = lineOf(node);
  const type = node.type;
  if (type === 'import_statement') {
    // `import a.b as c, d` → one import per module, each a namespace.
    const out: ImportRef[] = [];
    for (const child of node.childrenForFieldName('name')) {
      if (!child) continue;
      const dotted = child.type === 'aliased_import' ? child.childForFieldName('name') : child;
      if (dotted) out.push({ specifier: dotted.text, line, names: ['*'], kind: 'import' });
    }
    return out;
  }
  if (type === 'import_from_statement') {
    const module = node.childForFieldName('module_name');
    if (!module) return [];
    const names: string[] = [];
    if (namedChildrenOf(node).some((c) => c.type === 'wildcard_import')) names.push('*');
    for (const child of node.childrenForFieldName('name')) {
      if (!child) continue;
      const dotted = child.type === 'aliased_import' ? child.childForFieldName('name') : child;
      if (dotted) names.push(dotted.text);
    }
    return [{ specifier: module.text.replace(/\s+/g, ''), line, names, kind: 'import' }];
  }
  return [];
}

/**
 * The name an import of `path` binds when it gives no alias, as Go decides it: the package
 * clause of the imported folder when the repository holds that folder (`clause()`), for a folder
 * may be named otherwise than its package; else the name Go's tools assume from the path
 * (goimports' ImportPathToAssumedName): the last element, a `vN` major version element passed
 * over, a `go-` prefix dropped, cut where a character no identifier holds begins
 * (`gopkg.in/yaml.v3` → yaml, `github.com/mattn/go-sqlite3` → sqlite3, `github.com/x/foo-go` →
 * foo). The resolver asks it without a clause: whether a folder is the one a path names is what
 * it decides; the analyzer asks it for the package names a file's imports bind.
 */
export function goImportName(path: string, clause?: () => string | undefined): string | undefined {
  const stated = clause?.();
  if (stated !== undefined) return stated;
  const elements = path.split('/').filter((e) => e);
  let base = elements.pop();
  if (base !== undefined && /^v\d+$/.test(base) && elements.length > 0) base = elements.pop();
  return /^[A-Za-z_]\w*/.exec((base ?? '').replace(/^go-/, ''))?.[0];
}

function goImports(node: Node): ImportRef[] {
  const path = stringValue(node.childForFieldName('path'));
  if (path === null) return [];
  const alias = node.childForFieldName('name');
  // `import _ "x"` binds nothing; a dot, an alias or nothing brings in the package namespace.
  const names = alias?.type === 'blank_identifier' ? [] : ['*'];
  const ref: ImportRef = { specifier: path, line: lineOf(node), names, kind: 'import' };
  if (alias?.type === 'dot') ref.dot = true;
  else if (alias?.type === 'package_identifier') ref.alias = alias.text;
  return [ref];
}

function rustImports(node: Node): ImportRef[] {
  const type = node.type;
  if (type === 'mod_item') {
    // `mod x;` loads the child module file, like `use self::x`.
    const name = node.childForFieldName('name')?.text;
    return name ? [{ specifier: `self::${name}`, line: lineOf(node), names: [name], kind: 'import' }] : [];
  }
  if (type === 'extern_crate_declaration') {
    const name = node.childForFieldName('name')?.text;
    return name ? [{ specifier: name, line: lineOf(node), names: [name], kind: 'use' }] : [];
  }
  if (type === 'scoped_identifier' || type === 'scoped_type_identifier') return rustQualifiedPath(node);
  if (type === 'token_tree') return rustMacroPaths(node);
  const argument = node.childForFieldName('argument');
  if (!argument) return [];
  const out: ImportRef[] = [];
  // `pub use sleep::Sleep` (any visibility) passes the name on: `use crate::time::Sleep`
  // reaches sleep.rs through time/mod.rs, as `export { x } from` does in JS.
  const passesOn = namedChildrenOf(node).some((c) => c.type === 'visibility_modifier');
  collectUseTree(argument, '', out, passesOn ? 'reexport' : 'use');
  return out;
}

/**
 * A path written in place that loads a module of this crate: `crate::…`, or `super::…` outside any
 * inline module (inside an inline `mod tests`, `super` is the file's own module, not its parent).
 */
const RUST_LOCAL_PATH = /^(?:crate|super)(?:::[A-Za-z_][A-Za-z0-9_]*)+$/;
/**
 * The same inside a macro's tokens (`panic!("{}", crate::util::error::MSG)`), which no parse sees
 * as a path; and a path from the parent module (ruma's `event_enum! { "m.call.reject" =>
 * super::call::reject, … }`, one event module per line). Not `self::`: the items a macro wraps
 * (hyper's `cfg_proto! { pub(crate) use self::h1::Conn; }`) are parsed as items already
 * (embedded.ts), and read again as bare paths they only moved hyper's dependants around.
 */
const RUST_LOCAL_PATH_IN_TOKENS = /(?<![A-Za-z0-9_:])(?:crate|super)(?:\s*::\s*[A-Za-z_][A-Za-z0-9_]*)+/g;
/** Parents under which a path node is part of a longer path or of a `use` declaration (read there). */
const RUST_PATH_HOLDERS = new Set([
  'scoped_identifier',
  'scoped_type_identifier',
  'use_declaration',
  'use_as_clause',
  'use_list',
  'scoped_use_list',
  'use_wildcard',
]);

/**
 * `crate::util::error::CONTEXT_MISSING_ERROR` written in an expression or type names its module
 * as a `use` would: tokio reaches many crate-internal constants and types only so. Binds no name.
 */
function rustQualifiedPath(node: Node): ImportRef[] {
  const parentType = node.parent?.type;
  if (parentType !== undefined && RUST_PATH_HOLDERS.has(parentType)) return [];
  const specifier = node.text.replace(/\s+/g, '').replace(/<.*$/s, '');
  if (!RUST_LOCAL_PATH.test(specifier)) return [];
  if (specifier.startsWith('super') && withinInlineModule(node)) return [];
  return [{ specifier, line: lineOf(node), names: [], kind: 'use' }];
}

function withinInlineModule(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'mod_item') return true;
  return false;
}

function rustMacroPaths(node: Node): ImportRef[] {
  const text = node.text;
  const out: ImportRef[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(RUST_LOCAL_PATH_IN_TOKENS)) {
    // A doc comment inside the macro's body (`/// [`sleep`]: fn@crate::time::sleep`) links, it does not load.
    if (text.slice(text.lastIndexOf('\n', match.index) + 1, match.index).includes('//')) continue;
    const specifier = match[0].replace(/\s+/g, '');
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    const line = node.startPosition.row + 1 + countNewlines(text, match.index);
    out.push({ specifier, line, names: [], kind: 'use' });
  }
  return out;
}

function countNewlines(text: string, end: number): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

function joinPath(prefix: string, path: string): string {
  return prefix ? `${prefix}::${path}` : path;
}

function lastSegment(path: string): string {
  const i = path.lastIndexOf('::');
  return i < 0 ? path : path.slice(i + 2);
}

/** Flattens a Rust use tree into one ImportRef per leaf: `a::{b, c::*}` → a::b, a::c (glob). */
function collectUseTree(node: Node, prefix: string, out: ImportRef[], kind: 'use' | 'reexport'): void {
  const line = lineOf(node);
  switch (node.type) {
    case 'use_as_clause': {
      const path = node.childForFieldName('path');
      if (path) {
        const full = joinPath(prefix, path.text.replace(/\s+/g, ''));
        out.push({ specifier: full, line, names: [lastSegment(full)], kind });
      }
      return;
    }
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const list = node.childForFieldName('list');
      const nested = path ? joinPath(prefix, path.text.replace(/\s+/g, '')) : prefix;
      if (list) collectUseTree(list, nested, out, kind);
      return;
    }
    case 'use_list':
      for (const child of namedChildrenOf(node)) collectUseTree(child, prefix, out, kind);
      return;
    case 'use_wildcard': {
      const path = node.namedChild(0);
      const full = path ? joinPath(prefix, path.text.replace(/\s+/g, '')) : prefix;
      if (full) out.push({ specifier: full, line, names: ['*'], kind });
      return;
    }
    case 'self':
      // `use a::{self}` imports the module `a` itself.
      if (prefix) out.push({ specifier: prefix, line, names: [lastSegment(prefix)], kind });
      else out.push({ specifier: 'self', line, names: ['self'], kind });
      return;
    case 'identifier':
    case 'scoped_identifier':
    case 'crate':
    case 'super':
    case 'metavariable': {
      const full = joinPath(prefix, node.text.replace(/\s+/g, ''));
      out.push({ specifier: full, line, names: [lastSegment(full)], kind });
      return;
    }
    default:
      return; // comments and anything unexpected inside a use list
  }
}

function javaImports(node: Node): ImportRef[] {
  const path = namedChildrenOf(node).find((c) => c.type === 'scoped_identifier' || c.type === 'identifier');
  if (!path) return [];
  const specifier = path.text.replace(/\s+/g, '');
  const glob = namedChildrenOf(node).some((c) => c.type === 'asterisk');
  const names = glob ? ['*'] : [specifier.slice(specifier.lastIndexOf('.') + 1)];
  return [{ specifier, line: lineOf(node), names, kind: 'import' }];
}

/** `#include "a/b.h"` → 'a/b.h'; `#include <a/b.h>` keeps its angle brackets: searched only on include paths. */
function includeImports(node: Node): ImportRef[] {
  const path = node.childForFieldName('path');
  if (!path) return [];
  const text = path.text;
  const specifier = path.type === 'system_lib_string' ? text : (stringValue(path) ?? text.replace(/^"|"$/g, ''));
  return specifier ? [{ specifier, line: lineOf(node), names: ['*'], kind: 'import' }] : [];
}

/** `using A.B;`, `using static A.B.C;`, `using X = A.B;`: the namespace (or type) named. */
function csharpImports(node: Node): ImportRef[] {
  const alias = node.childForFieldName('name')?.id;
  const children = namedChildrenOf(node);
  const target =
    children.find((c) => c.type === 'qualified_name') ??
    children.find((c) => c.type === 'identifier' && c.id !== alias);
  if (!target) return [];
  const specifier = target.text.replace(/\s+/g, '').replace(/^global::/, '');
  return [{ specifier, line: lineOf(node), names: ['*'], kind: 'use' }];
}

/**
 * `require 'a/b'` → 'a/b'; `require_relative 'b'` → './b' (relative to the file, as Ruby reads
 * it); `autoload :Utils, 'rack/utils'` → 'rack/utils' (required on the constant's first use).
 */
function rubyImports(node: Node): ImportRef[] {
  const method = node.childForFieldName('method')?.text;
  const argument = node.childForFieldName('arguments')?.namedChild(method === 'autoload' ? 1 : 0) ?? null;
  if (!argument || argument.type !== 'string') return [];
  if (namedChildrenOf(argument).some((c) => c.type === 'interpolation')) return [];
  const value = argument.text.slice(1, -1);
  if (!value) return [];
  const specifier =
    method === 'require_relative' && !value.startsWith('.') && !value.startsWith('/') ? `./${value}` : value;
  return [{ specifier, line: lineOf(node), names: ['*'], kind: 'require' }];
}

/**
 * PHP `use A\B\C;` (one import per clause, a group's prefix joined on) and `require`/`include`
 * of a literal path; `__DIR__ . '/x.php'` is relative to the file, written './x.php'.
 */
function phpImports(node: Node): ImportRef[] {
  const line = lineOf(node);
  if (node.type === 'namespace_use_declaration') {
    const out: ImportRef[] = [];
    const group = node.childForFieldName('body');
    const prefix = group ? (namedChildrenOf(node).find((c) => c.type === 'namespace_name')?.text ?? '') : '';
    for (const clause of namedChildrenOf(group ?? node)) {
      if (clause.type !== 'namespace_use_clause') continue;
      const path = namedChildrenOf(clause).find((c) => c.type === 'qualified_name' || c.type === 'name');
      if (!path) continue;
      const specifier = (prefix ? `${prefix}\\${path.text}` : path.text).replace(/^\\/, '');
      out.push({ specifier, line, names: [specifier.slice(specifier.lastIndexOf('\\') + 1)], kind: 'use' });
    }
    return out;
  }
  const argument = node.namedChild(0);
  if (!argument) return [];
  const literal = phpLiteralPath(argument);
  return literal ? [{ specifier: literal, line, names: ['*'], kind: 'require' }] : [];
}

function phpLiteralPath(node: Node): string | null {
  const type = node.type;
  if (type === 'parenthesized_expression') return node.namedChild(0) ? phpLiteralPath(node.namedChild(0)!) : null;
  if (type === 'string' || type === 'encapsed_string') {
    if (namedChildrenOf(node).some((c) => c.type !== 'string_content' && c.type !== 'string_value')) return null;
    return node.text.slice(1, -1) || null;
  }
  if (type === 'binary_expression') {
    // `__DIR__ . '/x.php'`, `dirname(__FILE__) . '/x.php'`: the directory of the file, then a literal.
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    const leftText = left?.text.replace(/\s+/g, '') ?? '';
    if (!right || !/^(__DIR__|dirname\(__FILE__\))$/.test(leftText)) return null;
    const tail = phpLiteralPath(right);
    return tail ? `.${tail.startsWith('/') ? '' : '/'}${tail}` : null;
  }
  return null;
}

/**
 * Kotlin `import a.b.C` / `a.b.*` / `a.b.C as D`, Swift `import A` / `import struct A.B`,
 * Scala `import a.b.C`, `a.b._`, `a.b.{C, D => E}`, `a.b.*`: dotted paths, '*' for a whole package.
 */
function jvmStyleImports(lang: Language, node: Node): ImportRef[] {
  const line = lineOf(node);
  if (lang === 'scala') {
    const paths = node.childrenForFieldName('path').filter((c): c is Node => c !== null && c.isNamed);
    const base = paths.map((c) => c.text).join('.');
    if (!base) return [];
    const out: ImportRef[] = [];
    for (const child of namedChildrenOf(node)) {
      const type = child.type;
      if (type === 'namespace_wildcard') return [{ specifier: base, line, names: ['*'], kind: 'import' }];
      if (type !== 'namespace_selectors') continue;
      for (const selector of namedChildrenOf(child)) {
        const selectorType = selector.type;
        if (selectorType === 'namespace_wildcard') out.push({ specifier: base, line, names: ['*'], kind: 'import' });
        const name = selectorType === 'identifier' ? selector.text : selector.childForFieldName('name')?.text;
        if (name && selectorType !== 'namespace_wildcard')
          out.push({ specifier: `${base}.${name}`, line, names: [name], kind: 'import' });
      }
      return out;
    }
    return [{ specifier: base, line, names: [paths[paths.length - 1].text], kind: 'import' }];
  }
  const path = namedChildrenOf(node).find((c) => c.type === 'identifier');
  if (!path) return [];
  const specifier = path.text.replace(/\s+/g, '');
  if (lang === 'swift') return [{ specifier, line, names: ['*'], kind: 'import' }];
  const glob = namedChildrenOf(node).some((c) => c.type === 'wildcard_import');
  return [{ specifier, line, names: glob ? ['*'] : [specifier.slice(specifier.lastIndexOf('.') + 1)], kind: 'import' }];
}

/**
 * `source lib.sh`, `. ./lib.sh`, `. "$DIR/lib.sh"`: the literal path. A path that starts with
 * a variable (the script's own folder, by the usual idiom) is taken as relative to the file;
 * `"$BASH_SOURCE.linux"` names a file beside the script by its own name, kept as
 * `$BASH_SOURCE.linux` for the resolver, which knows that name.
 */
function shellImports(node: Node): ImportRef[] {
  const argument = node.childForFieldName('argument');
  if (!argument) return [];
  let path = argument.text.replace(/^["']|["']$/g, '');
  const ownName = /^\$\{?BASH_SOURCE(?:\[0\])?\}?(\.[\w.-]+)$/.exec(path);
  if (ownName) return [{ specifier: `$BASH_SOURCE${ownName[1]}`, line: lineOf(node), names: ['*'], kind: 'import' }];
  const expansion = /^(?:\$\{?\w+\}?|\$\([^)]*\)(?:"\))?|`[^`]*`)(\/.*)$/.exec(path);
  if (expansion) path = `.${expansion[1]}`;
  if (!path || /[$`*?]/.test(path)) return [];
  return [{ specifier: path, line: lineOf(node), names: ['*'], kind: 'import' }];
}

/**
 * `require("a.b")`, `require "a.b"`, `require 'a.b'` (also through a table, `wesnoth.require`);
 * `dofile` / `loadfile` of a `.lua` path, or `require` of one, kind
 * `import`: a literal path as written (`dofile("builtin/common/vector.lua")`), or one after a
 * folder held in a value (`dofile(modpath .. "/functions.lua")`, `menupath .. DIR_DELIM ..
 * "tab_local.lua"`) as `./` + its literal tail, relative to the file (a mod runs its own files);
 * and a file-level `local sql = utilities.sql`, a `use` of the global table path that another
 * file fills (ConTeXt's util-sql-loggers.lua works on the `utilities.sql` table util-sql.lua
 * makes, and requires nothing).
 */
function luaImports(node: Node): ImportRef[] {
  if (node.type === 'variable_declaration') {
    const path = luaTablePath(node.firstNamedChild?.lastNamedChild?.firstNamedChild ?? null);
    return path ? [{ specifier: path, line: lineOf(node), names: ['*'], kind: 'use' }] : [];
  }
  const argument = node.childForFieldName('arguments')?.namedChild(0);
  if (!argument) return [];
  const name = node.childForFieldName('name');
  const loader = name?.type === 'dot_index_expression' ? name.childForFieldName('field')?.text : name?.text;
  // A required `.lua` name is a path from the root (`wesnoth.require "ai/lua/battle_calcs.lua"`),
  // as a loaded one is; any other is a module name (`require "a.b"`).
  const literal = argument.type === 'string' ? (argument.childForFieldName('content')?.text ?? '') : null;
  // `include "scripting/set.lua"`: a path given to a call of the program's own (queries.ts).
  if (loader !== 'require' && loader !== 'dofile' && loader !== 'loadfile') {
    return literal ? [{ specifier: literal, line: lineOf(node), names: ['*'], kind: 'path' }] : [];
  }
  if (loader !== 'require' || literal?.endsWith('.lua')) {
    const path = luaLoadedPath(argument);
    return path ? [{ specifier: path, line: lineOf(node), names: ['*'], kind: 'import' }] : [];
  }
  return literal ? [{ specifier: literal, line: lineOf(node), names: ['*'], kind: 'require' }] : [];
}

/**
 * The path a `..` concatenation spells: its literals after the leading value, a value between two
 * literals read as a folder separator (`DIR_DELIM`); null unless it ends in a `.lua` literal.
 */
function luaLoadedPath(argument: Node): string | null {
  const parts: (string | null)[] = [];
  const flatten = (n: Node) => {
    if (n.type === 'binary_expression' && n.childForFieldName('operator')?.text === '..') {
      for (const side of namedChildrenOf(n)) flatten(side);
    } else if (n.type === 'string') parts.push(n.childForFieldName('content')?.text ?? '');
    else parts.push(null);
  };
  flatten(argument);
  const last = parts[parts.length - 1];
  if (typeof last !== 'string' || !last.endsWith('.lua')) return null;
  if (parts.length === 1) return last;
  const first = parts.findIndex((p) => p !== null);
  if (first === 0) return null;
  const tail = parts
    .slice(first)
    .map((p) => p ?? '/')
    .join('')
    .replace(/\/+/g, '/')
    .replace(/^\//, '');
  return /^[\w.-][\w./-]*$/.test(tail) ? `./${tail}` : null;
}

/** `a.b.c` of plain names (no call, index or method in it), else null. */
function luaTablePath(node: Node | null): string | null {
  if (node?.type !== 'dot_index_expression') return null;
  const text = node.text;
  return /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(text) ? text : null;
}
