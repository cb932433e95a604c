/**
 * Resolve before you link: what the receiver of a member call (`os.environ.get`, `self.run`,
 * `Type::new`, `cfg.load`) says about where the called name is defined. A module receiver
 * links to that module's definitions only, a type receiver to that type's members only; a
 * receiver that is an outside package or a type the repository does not define makes the call
 * no use of the repository's name at all. A local value or a field is typed by what its file
 * states (local-types.ts); one with no stated type is a use by name, unresolved.
 */
import type { ImportRef, Reference } from '../contract';
import { goImportName } from '../structural/imports';
import { ENCLOSING_SCOPE, FIELD_OWNERS } from '../own-receivers';

/**
 * `self`: the enclosing class or impl (self, this, cls, Self, super, Ruby's `@x`);
 * `module`: a name the file imports (the import's files); `external`: an import of a package
 * outside the repository, or a capitalised type the repository does not define; `type`: a
 * type the repository defines (its members), the receiver's own name or its stated type;
 * `value`: anything else (an untyped local or field, an expression): unresolved.
 */
export type ReceiverKind = 'self' | 'module' | 'external' | 'type' | 'value';

/** What a name bound by the file's imports reaches: files of the repository, or a package outside it. */
export interface ImportBinding {
  files: number[];
  external: boolean;
}

/** A receiver classified: its kind, and for `module` the binding, for `type` the container name. */
export interface ReceiverClass {
  kind: ReceiverKind;
  binding?: ImportBinding;
  container?: string;
}

/**
 * The names file `text`'s imports bind (`import os` → os, `import a.b as c` → c,
 * `import * as ns` → ns, `from m import x` → x, Go's package name), each with what it reaches.
 * `targetsAt(line)` gives the files the statement on that line resolved to (empty: external);
 * `goPackageOf(files)` the package clause most of those files state (Go: ImportResolver.goPackageOf).
 */
export function importBindings(
  imports: readonly ImportRef[],
  text: string,
  language: string,
  targetsAt: (line: number) => number[],
  goPackageOf: (files: readonly number[]) => string | undefined = () => undefined,
): Map<string, ImportBinding> {
  const out = new Map<string, ImportBinding>();
  if (imports.length === 0) return out;
  const bind = (name: string, files: number[]) => {
    const known = out.get(name);
    if (!known) out.set(name, { files: [...files], external: files.length === 0 });
    else {
      known.files.push(...files);
      known.external &&= files.length === 0;
    }
  };
  // Go's ImportRef says all an import binds: no line is read.
  if (language === 'go') {
    for (const imp of imports) {
      const files = targetsAt(imp.line);
      const name = goBoundName(imp, () => goPackageOf(files));
      if (name !== undefined) bind(name, files);
    }
    return out;
  }
  // Only the lines up to the last import's are read: not the whole file split for a few lines.
  let lastLine = 0;
  for (const imp of imports) if (imp.line > lastLine) lastLine = imp.line;
  let end = 0;
  for (let n = 0, from = 0; n < lastLine; n++) {
    const newline = text.indexOf('\n', from);
    if (newline < 0) {
      end = text.length;
      break;
    }
    end = newline;
    from = newline + 1;
  }
  const lines = text.slice(0, end).split('\n');
  for (const imp of imports) {
    const files = targetsAt(imp.line);
    for (const name of boundNames(imp, lines[imp.line - 1] ?? '', language)) bind(name, files);
  }
  return out;
}

/**
 * The name a Go import binds: the alias its line gives; none for a dot import (its names come
 * in bare) or a blank one; else the package's own name (goImportName: its files' package clause
 * when they are in the repository, `packageClause()`, else the name the path implies).
 */
export function goBoundName(imp: ImportRef, packageClause: () => string | undefined): string | undefined {
  if (imp.dot || imp.names.length === 0) return undefined;
  if (imp.alias !== undefined) return imp.alias;
  return goImportName(imp.specifier, packageClause);
}

/** The local names one import statement binds, from its names and its line as written. */
function boundNames(imp: ImportRef, line: string, language: string): string[] {
  const names = imp.names.filter((n) => n !== '*' && n !== 'default');
  for (const m of line.matchAll(/\bas\s+([A-Za-z_$][\w$]*)/g)) names.push(m[1]);
  const defaultImport = /^\s*import\s+([A-Za-z_$][\w$]*)\s*(?:,|from\b)/.exec(line);
  if (defaultImport) names.push(defaultImport[1]);
  // `const x = require('x')`, Lua's `local x = require 'x'`.
  const required = /\b(?:const|let|var|local)\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*[(\s'"]/.exec(line);
  if (required) names.push(required[1]);
  // Lua's `local sql = utilities.sql`: the table path another file fills.
  const aliased = language === 'lua' && !required ? /^local\s+([A-Za-z_]\w*)\s*=\s*[A-Za-z_]/.exec(line) : null;
  if (aliased) names.push(aliased[1]);
  if (language === 'python' && (imp.names.includes('*') || imp.names.length === 0)) {
    const first = imp.specifier.split(/[./:]+/).find((x) => x);
    if (first) names.push(first);
  }
  return names;
}

/**
 * Languages whose values rarely state a type, where a value is by custom named for its class
 * (`query_parser = QueryParser.new`, `@query_parser`, `self.query_parser`): there a receiver
 * spelled like a repository class is read as one of it, when that class has the member called.
 */
export const NAMED_FOR_CLASS_LANGUAGES: ReadonlySet<string> = new Set(['ruby', 'python']);

/**
 * The class a receiver is named for: `query_parser`, `@query_parser`, `self._query_parser` →
 * QueryParser. Undefined for a receiver that is not one plain snake_case name, a field of the
 * enclosing object, or a Ruby instance variable (paths, constants, `@@class_vars`).
 */
export function classNamedBy(receiver: string): string | undefined {
  const parts = receiver.split('.');
  let name: string;
  if (parts.length === 1) name = parts[0].startsWith('@@') ? '' : parts[0].replace(/^@/, '');
  else if (parts.length === 2 && FIELD_OWNERS.has(parts[0])) name = parts[1];
  else return undefined;
  name = name.replace(/^_+/, '');
  if (!/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/.test(name) || ENCLOSING_SCOPE.has(name)) return undefined;
  return name
    .split('_')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

/**
 * Types no repository defines: a value stated to be one of these is outside it (`x: str`,
 * `s string`). `any`, `unknown` and `object` say nothing about the value: left unresolved.
 */
const BUILTIN_TYPES: ReadonlySet<string> = new Set([
  'str',
  'int',
  'float',
  'bool',
  'bytes',
  'dict',
  'list',
  'set',
  'tuple',
  'string',
  'number',
  'boolean',
  'error',
  'byte',
  'rune',
  'int64',
  'int32',
  'uint',
  'uint64',
  'uint32',
  'float64',
  'u8',
  'u16',
  'u32',
  'u64',
  'usize',
  'i32',
  'i64',
  'isize',
  'f64',
]);

/**
 * Classifies the receiver of a qualified reference (see ReceiverKind). `statedType(name, where)`
 * gives the type the file states for a local value, a field of the enclosing object, or (for
 * `cast`) the expression cast in place before the member `name`; a value stated to be a
 * repository type is that type, one stated to be anything else is outside the repository.
 */
export function classifyReceiver(
  ref: Reference,
  bindings: ReadonlyMap<string, ImportBinding>,
  definesType: (name: string) => boolean,
  definesName: (name: string) => boolean,
  statedType: (name: string, where: 'local' | 'field' | 'cast') => string | undefined = () => undefined,
  definesTypeBeside: (name: string) => boolean = definesType,
): ReceiverClass {
  const typed = (type: string | undefined): ReceiverClass => {
    if (type === undefined) return { kind: 'value' };
    if (definesType(type)) return { kind: 'type', container: type };
    return /^[A-Z]/.test(type) || BUILTIN_TYPES.has(type) ? { kind: 'external' } : { kind: 'value' };
  };
  // An expression: typed only when it is a cast in place (`(this[$mobx] as Adm).get()`).
  if (ref.receiver === undefined) return typed(statedType(ref.name, 'cast'));
  const parts = ref.receiver.split('.');
  const first = parts[0];
  // `self.x.run()`, `@x.run`: a call on the value a field holds, not on the enclosing object.
  if (FIELD_OWNERS.has(first) && parts.length === 2) return typed(statedType(parts[1], 'field'));
  if (first.startsWith('@') && !first.startsWith('@@') && parts.length === 1)
    return typed(statedType(first.slice(1), 'field'));
  if (ENCLOSING_SCOPE.has(first))
    return parts.length > 2 && FIELD_OWNERS.has(first) ? { kind: 'value' } : { kind: 'self' };
  const binding = bindings.get(first);
  if (binding) {
    if (binding.external) return { kind: 'external' };
    const last = parts[parts.length - 1];
    // `mod.Type.method`: the member of a type the module defines.
    if (parts.length > 1 && definesType(last)) return { kind: 'type', container: last };
    return { kind: 'module', binding };
  }
  const last = parts[parts.length - 1];
  // A local value shadows a module or type of its name: h2's `head: Head`, then `head.stream_id()`
  // beside `mod head;`, is a Head, not the module.
  if (parts.length === 1 && /^[a-z_]/.test(first) && definesType(first)) {
    const local = statedType(first, 'local');
    if (local !== undefined) return typed(local);
  }
  // `s.tracer.SentPacket()`: a field of a value. Named as a type of its own folder (syncthing's
  // `keyer keyer` in lib/db), it is read as one, as a field is by custom; named as another
  // folder's lower-case type (quic-go's qlog `tracer`, which another package can neither name nor
  // hold but as an interface), it is no use of that type.
  if (parts.length > 1 && /^[a-z_]/.test(last) && !definesTypeBeside(last)) return { kind: 'value' };
  if (definesType(last)) return { kind: 'type', container: last };
  // A capitalised path the repository defines nothing of (`Default::default`, `String::new`): outside it.
  if (/^[A-Z]/.test(last) && !definesName(last)) return { kind: 'external' };
  return parts.length === 1 ? typed(statedType(first, 'local')) : { kind: 'value' };
}
