/**
 * Resolve before you link: what the receiver of a member call (`os.environ.get`, `self.run`,
 * `Type::new`, `cfg.load`) says about where the called name is defined. A module receiver
 * links to that module's definitions only, a type receiver to that type's members only; a
 * receiver that is an outside package or a type the repository does not define makes the call
 * no use of the repository's name at all. A local value (untyped here) is linked only through
 * the definitions its file sees, and otherwise is a use by name, unresolved.
 */
import type { ImportRef, Reference } from '../contract';

/**
 * `self`: the enclosing class or impl (self, this, cls, Self, super, Ruby's `@x`);
 * `module`: a name the file imports (the import's files); `external`: an import of a package
 * outside the repository, or a capitalised type the repository does not define; `type`: a
 * type the repository defines (its members); `value`: anything else (a local, a field, an
 * expression): unresolved.
 */
export type ReceiverKind = 'self' | 'module' | 'external' | 'type' | 'value';

/** Receivers that name the enclosing class or module (Rust's `crate::` and `super::` paths too): resolved as the file's own names are. */
const SELF_RECEIVERS: ReadonlySet<string> = new Set([
  'self',
  'this',
  'cls',
  'Self',
  'super',
  'crate',
  '$this',
  'static',
  'parent',
]);

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
 * `targetsAt(line)` gives the files the statement on that line resolved to (empty: external).
 */
export function importBindings(
  imports: readonly ImportRef[],
  text: string,
  language: string,
  targetsAt: (line: number) => number[],
): Map<string, ImportBinding> {
  const out = new Map<string, ImportBinding>();
  if (imports.length === 0) return out;
  const lines = text.split('\n');
  for (const imp of imports) {
    const files = targetsAt(imp.line);
    const binding: ImportBinding = { files, external: files.length === 0 };
    for (const name of boundNames(imp, lines[imp.line - 1] ?? '', language)) {
      const known = out.get(name);
      if (!known) out.set(name, { files: [...files], external: binding.external });
      else {
        known.files.push(...files);
        known.external &&= binding.external;
      }
    }
  }
  return out;
}

/** The local names one import statement binds, from its names and its line as written. */
function boundNames(imp: ImportRef, line: string, language: string): string[] {
  const names = imp.names.filter((n) => n !== '*' && n !== 'default');
  for (const m of line.matchAll(/\bas\s+([A-Za-z_$][\w$]*)/g)) names.push(m[1]);
  const defaultImport = /^\s*import\s+([A-Za-z_$][\w$]*)\s*(?:,|from\b)/.exec(line);
  if (defaultImport) names.push(defaultImport[1]);
  const required = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*\(/.exec(line);
  if (required) names.push(required[1]);
  if (imp.names.includes('*') || imp.names.length === 0) {
    const segments = imp.specifier.split(/[./:]+/).filter((x) => x);
    if (language === 'python' && segments.length > 0) names.push(segments[0]);
    if (language === 'go') {
      const alias = /^\s*(?:import\s+)?([A-Za-z_][\w]*)\s+"/.exec(line);
      const last = segments.filter((x) => !/^v\d+$/.test(x)).pop();
      if (alias) names.push(alias[1]);
      else if (last) names.push(last.replace(/^go-/, '').replace(/-/g, '_'));
    }
  }
  return names;
}

/** Classifies the receiver of a qualified reference (see ReceiverKind). */
export function classifyReceiver(
  ref: Reference,
  bindings: ReadonlyMap<string, ImportBinding>,
  definesType: (name: string) => boolean,
  definesName: (name: string) => boolean,
): ReceiverClass {
  if (ref.receiver === undefined) return { kind: 'value' };
  const parts = ref.receiver.split('.');
  const first = parts[0];
  if (SELF_RECEIVERS.has(first) || (first.startsWith('@') && parts.length === 1)) return { kind: 'self' };
  const binding = bindings.get(first);
  if (binding) {
    if (binding.external) return { kind: 'external' };
    const last = parts[parts.length - 1];
    // `mod.Type.method`: the member of a type the module defines.
    if (parts.length > 1 && definesType(last)) return { kind: 'type', container: last };
    return { kind: 'module', binding };
  }
  const last = parts[parts.length - 1];
  if (definesType(last)) return { kind: 'type', container: last };
  // A capitalised path the repository defines nothing of (`Default::default`, `String::new`): outside it.
  if (/^[A-Z]/.test(last) && !definesName(last)) return { kind: 'external' };
  return { kind: 'value' };
}
