/**
 * The ground truth of bench/real/mined-dependants.ts: which files of a project depend on which,
 * read with rules written apart from src/engine (nothing here imports the engine's graph or
 * analyzers, so the truth does not share their blind spots). One reader per language:
 *
 * - Python: `import a.b` / `from a import b` / relative imports, resolved to module files
 *   (packages through `__init__.py`; an imported name that is a submodule is that file).
 * - Go: a file depends on a file of an imported package when it uses `alias.Name` of a name that
 *   file defines at top level, and on a file of its own package when it uses a top-level name
 *   that file defines (names from universal-ctags).
 * - Rust: `use crate::…`/`super::`/`self::`/child-module paths and qualified `mod::name` uses,
 *   resolved to the module's file; a name the module re-exports (`pub use`) is followed.
 * - Ruby: `require`/`require_relative`, and references to a class or module defined in one file.
 * - PHP: `use Ns\Class`, qualified and same-namespace class names, resolved by a class index.
 * - C: `#include "x.h"` resolved to the file; a `.c` file is used by the files that call a
 *   function it defines through a header they include that declares it.
 *
 * Where a reader cannot be sure (a name defined in two files, an include two files could
 * answer, a re-export it cannot follow) it drops the link and counts why.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { lineOfOffset, lineStartsOf } from '../../src/engine/text/lines';
import { ctagsJson } from './ctags';
import type { LoadedProject } from './projects';

/** One dependency: `from` depends on `to`, shown by `line` of `from`. */
export interface Dep {
  from: string;
  to: string;
  line: number;
  evidence: string;
  why: string;
}

export interface Oracle {
  deps: Dep[];
  /** Links left out because the reader could not be sure, by reason. */
  dropped: Map<string, number>;
  /** Files whose dependants the reader cannot list for sure: never asked about. */
  unsure: Map<string, string>;
}

type Lang = LoadedProject['project']['language'];

// ---- shared: comments and strings blanked, positions kept ----

/**
 * The text with comments and string contents replaced by spaces (newlines kept), so a name
 * in a doc comment or a message is never a use. Quotes stay, so `"…"` is still a string.
 */
export function codeOnly(text: string, lang: Lang): string {
  const out = text.split('');
  const blank = (a: number, b: number) => {
    for (let k = a; k < b && k < out.length; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  const hash = lang === 'python' || lang === 'ruby' || lang === 'php';
  const slash = lang !== 'python' && lang !== 'ruby';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    const c2 = text.slice(i, i + 2);
    if (slash && c2 === '//') {
      const e = text.indexOf('\n', i);
      blank(i, e < 0 ? n : e);
      i = e < 0 ? n : e;
    } else if (slash && c2 === '/*') {
      const e = text.indexOf('*/', i + 2);
      blank(i, e < 0 ? n : e + 2);
      i = e < 0 ? n : e + 2;
    } else if (hash && c === '#' && !(lang === 'php' && text[i + 1] === '[')) {
      const e = text.indexOf('\n', i);
      blank(i, e < 0 ? n : e);
      i = e < 0 ? n : e;
    } else if (lang === 'ruby' && text.startsWith('=begin', i) && (i === 0 || text[i - 1] === '\n')) {
      const e = text.indexOf('\n=end', i);
      blank(i, e < 0 ? n : e + 5);
      i = e < 0 ? n : e + 5;
    } else if (lang === 'python' && (text.startsWith('"""', i) || text.startsWith("'''", i))) {
      const q = text.slice(i, i + 3);
      const e = text.indexOf(q, i + 3);
      blank(i + 3, e < 0 ? n : e);
      i = e < 0 ? n : e + 3;
    } else if (c === '"' || c === '`' || (c === "'" && lang !== 'rust')) {
      if (c === '`' && lang !== 'go' && lang !== 'ruby' && lang !== 'php') {
        i++;
        continue;
      }
      let j = i + 1;
      while (j < n && text[j] !== c) {
        if (text[j] === '\\' && c !== '`') j++;
        else if (text[j] === '\n' && lang === 'python') break;
        j++;
      }
      blank(i + 1, j);
      i = j + 1;
    } else if (c === "'" && lang === 'rust') {
      // A char literal ('x', '\n', '\u{..}'), never a lifetime ('a).
      const m = /^'(?:\\u\{[0-9a-fA-F]+\}|\\.|[^\\'\n])'/.exec(text.slice(i, i + 12));
      if (m) {
        blank(i + 1, i + m[0].length - 1);
        i += m[0].length;
      } else i++;
    } else if (lang === 'rust' && c === 'r' && /^r#*"/.test(text.slice(i, i + 6)) && !/\w/.test(text[i - 1] ?? '')) {
      const hashes = /^r(#*)"/.exec(text.slice(i, i + 10))![1];
      const close = `"${hashes}`;
      const start = i + 2 + hashes.length;
      const e = text.indexOf(close, start);
      blank(start, e < 0 ? n : e);
      i = e < 0 ? n : e + close.length;
    } else i++;
  }
  return out.join('');
}

class Collector {
  readonly deps = new Map<string, Dep>();
  readonly dropped = new Map<string, number>();
  readonly unsure = new Map<string, string>();
  constructor(private readonly texts: Map<string, string[]>) {}
  add(from: string, to: string, line: number, why: string): void {
    if (from === to) return;
    const key = `${from}\u0000${to}`;
    const old = this.deps.get(key);
    if (old && old.line <= line) return;
    const evidence = (this.texts.get(from)?.[line - 1] ?? '').trim().slice(0, 160);
    this.deps.set(key, { from, to, line, evidence, why });
  }
  drop(why: string): void {
    this.dropped.set(why, (this.dropped.get(why) ?? 0) + 1);
  }
  result(): Oracle {
    return { deps: [...this.deps.values()], dropped: this.dropped, unsure: this.unsure };
  }
}

interface Tag {
  name: string;
  path: string;
  line: number;
  kind: string;
  scope?: string;
  scopeKind?: string;
  file?: boolean;
}

function ctags(dir: string, lang: string, extra: string[] = []): Promise<Tag[]> {
  return ctagsJson<Tag>(dir, ['--fields=+nKZf', `--languages=${lang}`, ...extra]);
}

export async function oracleOf(loaded: LoadedProject): Promise<Oracle> {
  const texts = new Map(loaded.files.map((f) => [f.path, f.text.split('\n')]));
  const c = new Collector(texts);
  switch (loaded.project.language) {
    case 'python':
      python(loaded, c);
      break;
    case 'go':
      await go(loaded, c);
      break;
    case 'rust':
      rust(loaded, c);
      break;
    case 'ruby':
      await ruby(loaded, c);
      break;
    case 'php':
      php(loaded, c);
      break;
    case 'c':
      await cLang(loaded, c);
      break;
    default:
      // A language with no import reader here: no truth, said in the set's dropped column.
      c.drop(`${loaded.project.language}: no import reader`);
  }
  return c.result();
}

// ---- Python ----

function python(loaded: LoadedProject, c: Collector): void {
  const pkg = posix.basename(loaded.project.root);
  const paths = new Set(loaded.files.map((f) => f.path));
  /** A dotted module (inside the package, without its name) to its file. */
  const moduleFile = (parts: string[]): string | null => {
    const base = parts.join('/');
    if (parts.length > 0 && paths.has(`${base}.py`)) return `${base}.py`;
    const init = parts.length === 0 ? '__init__.py' : `${base}/__init__.py`;
    return paths.has(init) ? init : null;
  };
  for (const f of loaded.files) {
    const code = codeOnly(f.text, 'python');
    const starts = lineStartsOf(code);
    const here = f.path.split('/').slice(0, -1);
    // Statements joined over parentheses and backslashes.
    const re =
      /^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*(?:\\\n[^\n]*)*)|import[ \t]+([^\n]*(?:\\\n[^\n]*)*))/gm;
    for (const m of code.matchAll(re)) {
      const line = lineOfOffset(starts, m.index + m[0].length - m[0].trimStart().length);
      if (m[1] !== undefined) {
        const spec = m[1];
        const dots = /^\.*/.exec(spec)![0].length;
        const rest = spec.slice(dots).split('.').filter(Boolean);
        let base: string[] | null;
        if (dots > 0) {
          const up = here.slice(0, here.length - (dots - 1));
          if (dots - 1 > here.length) {
            c.drop('python: relative import above the package');
            continue;
          }
          base = [...up, ...rest];
        } else if (rest[0] === pkg) base = rest.slice(1);
        else continue;
        const names = m[2]
          .replace(/[()\\]/g, ' ')
          .split(',')
          .map((s) => s.trim().split(/\s+/)[0])
          .filter(Boolean);
        const baseFile = moduleFile(base);
        for (const name of names) {
          const sub = name === '*' ? null : moduleFile([...base, name]);
          if (sub) c.add(f.path, sub, line, 'from-import of a submodule');
          else if (baseFile) c.add(f.path, baseFile, line, 'from-import');
          else c.drop('python: module not found in the package');
        }
      } else {
        for (const part of m[3].replace(/\\/g, ' ').split(',')) {
          const dotted = part.trim().split(/\s+/)[0];
          const segs = dotted.split('.');
          if (segs[0] !== pkg) continue;
          const file = moduleFile(segs.slice(1));
          if (file) c.add(f.path, file, line, 'import');
          else c.drop('python: module not found in the package');
        }
      }
    }
  }
}

// ---- Go ----

async function go(loaded: LoadedProject, c: Collector): Promise<void> {
  const gomod = join(loaded.dir, 'go.mod');
  const module = existsSync(gomod)
    ? (/^module\s+(\S+)/m.exec(readFileSync(gomod, 'utf8'))?.[1] ?? '')
    : loaded.project.root.replace(/^.*gocode\/src\//, '');
  const tags = await ctags(loaded.dir, 'Go');
  const known = new Set(loaded.files.map((f) => f.path));
  const pkgOf = new Map<string, string>();
  for (const f of loaded.files) pkgOf.set(f.path, /^package\s+(\w+)/m.exec(codeOnly(f.text, 'go'))?.[1] ?? '');
  // dir → name → files defining it at top level
  const defs = new Map<string, Map<string, Set<string>>>();
  for (const t of tags) {
    if (!known.has(t.path)) continue;
    if (
      t.scopeKind !== 'package' ||
      !['func', 'const', 'var', 'type', 'struct', 'interface', 'talias'].includes(t.kind)
    )
      continue;
    if (t.name === '_' || t.name === 'init' || t.name === 'main') continue;
    const dir = posix.dirname(t.path);
    const m = defs.get(dir) ?? new Map<string, Set<string>>();
    const s = m.get(t.name) ?? new Set<string>();
    s.add(t.path);
    m.set(t.name, s);
    defs.set(dir, m);
  }
  const ownerIn = (dir: string, name: string, pkgName: string): string | null | 'ambiguous' => {
    const s = defs.get(dir)?.get(name);
    if (!s) return null;
    const same = [...s].filter((p) => pkgOf.get(p) === pkgName);
    if (same.length === 0) return null;
    if (same.length === 1) return same[0];
    for (const p of same) c.unsure.set(p, `go: ${name} is defined in ${same.length} files (build tags)`);
    return 'ambiguous';
  };
  const dirOfImport = (path: string): string | null => {
    if (path === module) return '.';
    if (path.startsWith(`${module}/`)) return path.slice(module.length + 1);
    return null;
  };
  for (const f of loaded.files) {
    const code = codeOnly(f.text, 'go');
    const starts = lineStartsOf(code);
    const myDir = posix.dirname(f.path);
    const myPkg = pkgOf.get(f.path) ?? '';
    // imports: alias → dir
    const aliases = new Map<string, string>();
    const dotDirs: string[] = [];
    const importRe = /^import\s*(?:\(([^)]*)\)|([^\n]*))/gm;
    let importEnd = 0;
    for (const m of f.text.matchAll(importRe)) {
      importEnd = Math.max(importEnd, m.index + m[0].length);
      for (const spec of (m[1] ?? m[2]).split('\n')) {
        const s = /^\s*([\w.]+)?\s*"([^"]+)"/.exec(spec.replace(/\/\/.*$/, ''));
        if (!s) continue;
        const dir = dirOfImport(s[2]);
        if (dir === null) continue;
        const files = loaded.files.filter((x) => posix.dirname(x.path) === dir && !x.path.endsWith('_test.go'));
        if (files.length === 0) {
          c.drop('go: imported package has no files here');
          continue;
        }
        const name = s[1] ?? pkgOf.get(files[0].path) ?? posix.basename(s[2]);
        if (name === '_') continue;
        if (name === '.') dotDirs.push(dir);
        else aliases.set(name, dir);
      }
    }
    const seenAmbiguous = new Set<string>();
    for (const m of code.matchAll(/([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)/g)) {
      if (m.index < importEnd) continue;
      const before = code[m.index - 1] ?? '';
      if (before === '.' || /\w/.test(before)) continue;
      const dir = aliases.get(m[1]);
      if (dir === undefined) continue;
      const files = loaded.files.filter((x) => posix.dirname(x.path) === dir);
      const owner = ownerIn(dir, m[2], pkgOf.get(files[0].path) ?? '');
      if (owner === 'ambiguous') {
        if (!seenAmbiguous.has(`${dir}.${m[2]}`)) c.drop('go: name defined in two files (build tags)');
        seenAmbiguous.add(`${dir}.${m[2]}`);
        continue;
      }
      if (owner) c.add(f.path, owner, lineOfOffset(starts, m.index), `uses ${m[1]}.${m[2]}`);
    }
    // Bare names: of its own package, or of a dot-imported one.
    const own = new Set(tags.filter((t) => t.path === f.path && t.scopeKind === 'package').map((t) => t.name));
    const locals = goLocals(code);
    for (const m of code.matchAll(/[A-Za-z_]\w*/g)) {
      if (m.index < importEnd) continue;
      const before = code.slice(Math.max(0, m.index - 1), m.index);
      if (before === '.' || /\w/.test(before)) continue;
      const after = code.slice(m.index + m[0].length, m.index + m[0].length + 2);
      // A keyed field of a composite literal or a label: `Name: value`.
      if (/^:[^=]/.test(after)) continue;
      if (own.has(m[0]) || locals.at.has(m.index)) continue;
      if (locals.names.has(m[0])) {
        if (!seenAmbiguous.has(`local ${m[0]}`))
          for (const d of [myDir, ...dotDirs])
            for (const p of defs.get(d)?.get(m[0]) ?? []) {
              c.drop('go: top-level name also declared as a local, parameter or field in the file');
              if (p !== f.path) c.unsure.set(p, `go: ${m[0]} is also a local of ${f.path}`);
            }
        seenAmbiguous.add(`local ${m[0]}`);
        continue;
      }
      for (const dir of [myDir, ...dotDirs]) {
        const pkgName =
          dir === myDir ? myPkg : (pkgOf.get(loaded.files.find((x) => posix.dirname(x.path) === dir)!.path) ?? '');
        const owner = ownerIn(dir, m[0], pkgName);
        if (owner === 'ambiguous') {
          if (!seenAmbiguous.has(`${dir}.${m[0]}`)) c.drop('go: name defined in two files (build tags)');
          seenAmbiguous.add(`${dir}.${m[0]}`);
        } else if (owner)
          c.add(
            f.path,
            owner,
            lineOfOffset(starts, m.index),
            dir === myDir ? `uses ${m[0]} (same package)` : `uses ${m[0]} (dot import)`,
          );
      }
    }
  }
}

/**
 * Names a Go file declares below the top level — `x :=`, `for k, v := range`, parameters and
 * fields (`name Type` after `(`, `,` or a line start), method names — so a bare use of one
 * may be that local, not a package-level name: such names are dropped for the file.
 */
function goLocals(code: string): { names: Set<string>; at: Set<number> } {
  const names = new Set<string>();
  /** Declarations of an exported field (`Binder Binder`): that occurrence only; a field is never used bare. */
  const at = new Set<number>();
  for (const m of code.matchAll(/^[ \t]*(?:for\s+|if\s+|switch\s+)?((?:[A-Za-z_]\w*\s*,\s*)*[A-Za-z_]\w*)\s*:=/gm))
    for (const n of m[1].split(',')) names.add(n.trim());
  for (const m of code.matchAll(
    /(?:^|[(,])[ \t]*([A-Za-z_]\w*)(?:\s*,\s*([A-Za-z_]\w*))*[ \t]+(?:\.\.\.)?[*[\]]*(?:func\b|map\[|chan\b|[A-Za-z_])/gm,
  )) {
    for (const n of [m[1], m[2]]) {
      if (!n) continue;
      if (/^[A-Z]/.test(n)) at.add(m.index + m[0].indexOf(n));
      else names.add(n);
    }
  }
  for (const m of code.matchAll(/\bfunc\s*\([^)]*\)\s*([A-Za-z_]\w*)/g)) at.add(m.index + m[0].lastIndexOf(m[1]));
  for (const m of code.matchAll(/^[ \t]+var\s+([A-Za-z_]\w*)/gm)) names.add(m[1]);
  for (const k of [
    'package',
    'import',
    'func',
    'type',
    'var',
    'const',
    'return',
    'go',
    'defer',
    'case',
    'if',
    'for',
    'switch',
    'select',
    'else',
    'range',
    'break',
    'continue',
    'goto',
    'fallthrough',
  ])
    names.delete(k);
  return { names, at };
}

// ---- Rust ----

function rust(loaded: LoadedProject, c: Collector): void {
  // A module path starts with its crate: the folder of the nearest lib.rs or main.rs above the file
  // (cargo's src/cargo/lib.rs and src/bin/cargo/main.rs are two crates; `crate::core` is
  // cargo/core/mod.rs), '#' for one at the root.
  const paths = new Set(loaded.files.map((f) => f.path));
  const crateOf = (path: string): string => {
    for (let dir = posix.dirname(path); ; dir = posix.dirname(dir)) {
      const d = dir === '.' ? '' : dir;
      if (paths.has(d ? `${d}/lib.rs` : 'lib.rs') || paths.has(d ? `${d}/main.rs` : 'main.rs')) return d || '#';
      if (d === '') return '#';
    }
  };
  const fileOfModule = new Map<string, string>();
  for (const f of loaded.files) {
    const crate = crateOf(f.path);
    const inCrate = crate === '#' ? f.path : f.path.slice(crate.length + 1);
    const segs = inCrate.replace(/\.rs$/, '').split('/');
    if (segs[segs.length - 1] === 'mod') segs.pop();
    if (segs.length === 1 && (segs[0] === 'lib' || segs[0] === 'main')) segs.pop();
    fileOfModule.set([crate, ...segs].join('::'), f.path);
  }
  const moduleOfFile = new Map([...fileOfModule].map(([m, p]) => [p, m]));
  const codes = new Map(loaded.files.map((f) => [f.path, codeOnly(f.text, 'rust')]));
  // Inline modules (`pub mod server { mod server_conn; pub use server_conn::X; }` in rustls's
  // lib.rs) are modules too: their file is the one holding them, their text the body.
  const inlineBody = new Map<string, string>();
  for (const f of loaded.files) {
    const code = codes.get(f.path)!;
    const base = (moduleOfFile.get(f.path) ?? '').split('::').filter(Boolean);
    const regions = inlineModules(code);
    for (const r of regions) {
      const nesting = regions.filter((o) => o.start < r.start && r.end <= o.end).map((o) => o.name);
      const key = [...base, ...nesting, r.name].join('::');
      if (fileOfModule.has(key)) continue;
      fileOfModule.set(key, f.path);
      inlineBody.set(key, code.slice(r.start, r.end));
    }
  }
  const ITEM = (name: string) =>
    new RegExp(`\\b(?:fn|struct|enum|trait|type|const|static|union|mod)\\s+${name}\\b|macro_rules!\\s*${name}\\b`);
  const TYPE_ITEM = (name: string) => new RegExp(`\\b(?:struct|enum|trait|type|union|mod)\\s+${name}\\b`);
  /** The file defining `name` reached through module `mod` (following `pub use` re-exports). */
  const itemFile = (mod: string[], name: string, depth: number): string | null | 'unsure' => {
    const file = fileOfModule.get(mod.join('::'));
    if (!file) return null;
    const code = inlineBody.get(mod.join('::')) ?? codes.get(file)!;
    if (ITEM(name).test(code)) return file;
    if (depth > 3) return 'unsure';
    // `pub use path::name;` or `pub use path::{…, name, …};` re-exports. Two of them (cfg
    // alternatives: tokio's `Future` is std's or a traced wrapper) leave it unsure.
    const found = new Set<string>();
    for (const u of usesOf(code)) {
      if (!u.pub) continue;
      for (const p of u.paths) {
        const last = p[p.length - 1];
        const alias = p.alias ?? last;
        if (alias !== name && last !== '*') continue;
        const target = resolvePath(mod, p, file);
        if (!target) {
          if (last !== '*') found.add('outside the crate');
          continue;
        }
        if (last === '*') {
          const r = itemFile(target.mod, name, depth + 1);
          if (r && r !== 'unsure') found.add(r);
          continue;
        }
        if (target.rest.length === 1) {
          const r = itemFile(target.mod, target.rest[0], depth + 1);
          found.add(r ?? 'unsure');
        } else if (target.rest.length === 0) found.add(fileOfModule.get(target.mod.join('::')) ?? 'unsure');
      }
    }
    if (found.size === 1) {
      const only = [...found][0];
      return only === 'outside the crate' ? null : only;
    }
    return 'unsure';
  };
  /** A path as written in module `mod` → the deepest module it names and the segments after it. */
  const resolvePath = (
    mod: string[],
    segs: readonly string[],
    _file: string,
  ): { mod: string[]; rest: string[] } | null => {
    let cur: string[];
    let i = 0;
    const filtered = segs.filter((s) => s !== '*');
    if (filtered[0] === 'crate') {
      cur = mod.slice(0, 1);
      i = 1;
    } else if (filtered[0] === 'self') {
      cur = [...mod];
      i = 1;
    } else if (filtered[0] === 'super') {
      cur = [...mod];
      while (filtered[i] === 'super') {
        if (cur.length <= 1) return null;
        cur.pop();
        i++;
      }
    } else if (fileOfModule.has([...mod, filtered[0]].join('::'))) cur = [...mod];
    else return null;
    while (i < filtered.length && fileOfModule.has([...cur, filtered[i]].join('::'))) cur = [...cur, filtered[i++]];
    // `self` inside a use tree: the module itself.
    const rest = filtered.slice(i).filter((s) => s !== 'self');
    return { mod: cur, rest };
  };
  /** A module and the segments after it, with those segments that are child modules walked into. */
  const intoModules = (mod: string[], rest: string[]): { mod: string[]; rest: string[] } => {
    let i = 0;
    let cur = mod;
    while (i < rest.length && fileOfModule.has([...cur, rest[i]].join('::'))) cur = [...cur, rest[i++]];
    return { mod: cur, rest: rest.slice(i) };
  };
  /**
   * Where module `mod`'s glob (`use mod::*`) gets `name` for a file of module `importer`: an item
   * it defines or re-exports; also, when `mod` is an ancestor of `importer`, a name its private
   * `use`s bind or its own globs bring (a module's private items are visible in its descendants).
   */
  const globProvides = (
    mod: string[],
    name: string,
    importer: string[],
    depth: number,
  ): { mod: string[]; rest: string[] } | 'unsure' | null => {
    const key = mod.join('::');
    const file = fileOfModule.get(key);
    if (!file || depth > 3) return null;
    const code = inlineBody.get(key) ?? codes.get(file)!;
    if (ITEM(name).test(code)) return { mod, rest: [name] };
    const ancestor = mod.length <= importer.length && mod.every((s, i) => importer[i] === s);
    const found: { mod: string[]; rest: string[] }[] = [];
    for (const u of usesOf(code)) {
      if (!u.pub && !ancestor) continue;
      for (const p of u.paths) {
        const last = p[p.length - 1];
        if (last === '*') {
          const t = resolvePath(mod, p, file);
          if (!t || t.rest.length > 0) continue;
          const r = globProvides(t.mod, name, importer, depth + 1);
          if (r === 'unsure') return 'unsure';
          if (r) found.push(r);
          continue;
        }
        const path = last === 'self' ? p.slice(0, -1) : p;
        if ((p.alias ?? path[path.length - 1]) !== name) continue;
        const t = resolvePath(mod, path, file);
        if (t) found.push(t);
        else return null;
      }
    }
    const distinct = new Set(found.map((t) => `${t.mod.join('::')}|${t.rest.join('::')}`));
    if (distinct.size > 1) return 'unsure';
    return distinct.size === 1 ? found[0] : null;
  };
  for (const f of loaded.files) {
    const code = codes.get(f.path)!;
    const starts = lineStartsOf(code);
    const fileMod = (moduleOfFile.get(f.path) ?? '').split('::').filter(Boolean);
    const inline = inlineModules(code);
    const modAt = (pos: number) => [
      ...fileMod,
      ...inline.filter((r) => r.start < pos && pos < r.end).map((r) => r.name),
    ];
    const useSpans: [number, number][] = [];
    const uses = usesOf(code);
    // Names the file's `use`s bind (`use crate::proto::{self, Peer}` binds proto and Peer), to the
    // path they stand for; a path written in code may start with one (`proto::Peer`).
    const bound = new Map<string, string[]>();
    for (const u of uses)
      for (const p of u.paths) {
        if (p[p.length - 1] === '*') continue;
        const path = p[p.length - 1] === 'self' ? p.slice(0, -1) : [...p];
        const name = p.alias ?? path[path.length - 1];
        if (name && !bound.has(name)) bound.set(name, path);
      }
    const globs = uses.flatMap((u) => u.paths.filter((p) => p[p.length - 1] === '*').map((p) => ({ p, pos: u.start })));
    /** Where a name the file neither defines nor binds comes from through its globs (one owner, or none). A path's first segment is a type or module: a `fn` of its name does not hide it. */
    const throughGlobs = (name: string, path = false): { mod: string[]; rest: string[] } | 'unsure' | null => {
      if ((path ? TYPE_ITEM(name) : ITEM(name)).test(code) || bound.has(name)) return null;
      const found = new Set<string>();
      let hit: { mod: string[]; rest: string[] } | null = null;
      for (const g of globs) {
        const target = resolvePath(modAt(g.pos), g.p, f.path);
        if (!target || target.rest.length > 0) continue;
        const from = globProvides(target.mod, name, fileMod, 0);
        if (from === 'unsure') return 'unsure';
        if (from) {
          found.add(from.mod.join('::') + '|' + from.rest.join('::'));
          hit = from;
        }
      }
      if (found.size > 1) return 'unsure';
      return found.size === 1 ? hit : null;
    };
    const link = (written: readonly string[], pos: number, what: string) => {
      const mod = modAt(pos);
      let segs = written;
      let target = resolvePath(mod, segs, f.path);
      if (!target && written.length > 1 && bound.has(written[0]))
        target = resolvePath(mod, (segs = [...bound.get(written[0])!, ...written.slice(1)]), f.path);
      if (!target && written.length > 1 && what !== 'use') {
        const via = throughGlobs(written[0], true);
        if (via === 'unsure') c.drop('rust: a path through a glob that two modules could answer');
        if (via && via !== 'unsure') target = intoModules(via.mod, [...via.rest, ...written.slice(1)]);
      }
      if (!target) return;
      const line = lineOfOffset(starts, pos);
      if (target.rest.length === 0 || segs[segs.length - 1] === '*') {
        const file = fileOfModule.get(target.mod.join('::'));
        if (file) c.add(f.path, file, line, `${what} of a module`);
        return;
      }
      const owner = itemFile(target.mod, target.rest[0], 0);
      if (owner === 'unsure') {
        // A name the module gets from a glob or a macro: its owner cannot be told, so the
        // module's file (the first place to look) is not asked about.
        c.drop('rust: item not found in its module (macro-made or re-exported through a glob)');
        const file = fileOfModule.get(target.mod.join('::'));
        if (file) c.unsure.set(file, `rust: a name used through it is not found (${target.rest[0]})`);
      } else if (owner) c.add(f.path, owner, line, what);
    };
    // `mod x;` makes x's file part of the crate: the project lists such parents (after the users).
    for (const m of code.matchAll(/^[ \t]*(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+(\w+)\s*;/gm)) {
      const file = fileOfModule.get([...modAt(m.index), m[1]].join('::'));
      if (file)
        c.add(
          f.path,
          file,
          lineOfOffset(starts, m.index + m[0].length - m[0].trimStart().length),
          'declares the module',
        );
    }
    for (const u of uses) {
      useSpans.push([u.start, u.end]);
      for (const p of u.paths) link(p, u.start, 'use');
    }
    // Capitalised names (types, traits, consts) used bare that only a glob brings in: `use
    // crate::proto::*;` then `P: Peer` (h2's connection.rs), `use super::*;` then `StreamId`.
    if (globs.length > 0)
      for (const m of code.matchAll(/(?<![\w:.'$])([A-Z][A-Za-z0-9_]*)\b(?!\s*!)/g)) {
        if (useSpans.some(([a, b]) => a <= m.index && m.index < b)) continue;
        const via = throughGlobs(m[1]);
        if (via === 'unsure') {
          c.drop('rust: a name two globs could bring');
          continue;
        }
        if (!via) continue;
        const { mod, rest } = intoModules(via.mod, via.rest);
        const owner = rest.length === 0 ? fileOfModule.get(mod.join('::')) : itemFile(mod, rest[0], 0);
        if (owner && owner !== 'unsure')
          c.add(f.path, owner, lineOfOffset(starts, m.index), `name ${m[1]} through a glob`);
      }
    // Qualified uses in code: `crate::a::b`, `super::x::Y`, `child::Name`.
    for (const m of code.matchAll(/(?<![\w:])((?:[A-Za-z_]\w*)(?:\s*::\s*[A-Za-z_]\w*)+)/g)) {
      if (useSpans.some(([a, b]) => a <= m.index && m.index < b)) continue;
      const segs = m[1].split(/\s*::\s*/);
      if (/^(?:std|core|alloc)$/.test(segs[0])) continue;
      link(segs, m.index, `path ${segs.join('::')}`);
    }
  }
}

interface UsePath extends Array<string> {
  alias?: string;
}

/** `use` declarations with their trees expanded into paths. */
function usesOf(code: string): { pub: boolean; start: number; end: number; paths: UsePath[] }[] {
  const out: { pub: boolean; start: number; end: number; paths: UsePath[] }[] = [];
  for (const m of code.matchAll(/(?<![\w])(pub(?:\s*\([^)]*\))?\s+)?use\s+([^;]+);/g)) {
    const paths: UsePath[] = [];
    expandTree(m[2].replace(/\s+as\s+/g, '@').replace(/\s+/g, ''), [], paths);
    out.push({ pub: !!m[1], start: m.index, end: m.index + m[0].length, paths });
  }
  return out;
}

function expandTree(tree: string, prefix: string[], out: UsePath[]): void {
  const t = tree.replace(/^::/, '');
  const brace = t.indexOf('{');
  if (brace < 0) {
    const [path, alias] = t.split('@');
    const p: UsePath = [...prefix, ...path.split('::').filter(Boolean)];
    if (alias && alias !== '_') p.alias = alias;
    if (p.length > 0) out.push(p);
    return;
  }
  const head = t.slice(0, brace).split('::').filter(Boolean);
  const inner = t.slice(brace + 1, t.lastIndexOf('}'));
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= inner.length; i++) {
    const ch = inner[i];
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    if ((ch === ',' && depth === 0) || i === inner.length) {
      const part = inner.slice(from, i);
      if (part) expandTree(part, [...prefix, ...head], out);
      from = i + 1;
    }
  }
}

function inlineModules(code: string): { name: string; start: number; end: number }[] {
  const out: { name: string; start: number; end: number }[] = [];
  for (const m of code.matchAll(/\bmod\s+(\w+)\s*\{/g)) {
    let depth = 0;
    let j = m.index + m[0].length - 1;
    for (; j < code.length; j++) {
      if (code[j] === '{') depth++;
      else if (code[j] === '}' && --depth === 0) break;
    }
    out.push({ name: m[1], start: m.index, end: j });
  }
  return out;
}

// ---- Ruby ----

async function ruby(loaded: LoadedProject, c: Collector): Promise<void> {
  const paths = new Set(loaded.files.map((f) => f.path));
  const tags = (await ctags(loaded.dir, 'Ruby')).filter((t) => paths.has(t.path));
  // A class or module defined (opened) in exactly one file is that file's; reopened ones are dropped.
  const byShort = new Map<string, Map<string, Set<string>>>();
  for (const t of tags) {
    if (t.kind !== 'class' && t.kind !== 'module') continue;
    const full = t.scope ? `${t.scope}::${t.name}` : t.name;
    const short = full.split('::').pop()!;
    const m = byShort.get(short) ?? new Map<string, Set<string>>();
    const s = m.get(full) ?? new Set<string>();
    s.add(t.path);
    m.set(full, s);
    byShort.set(short, m);
  }
  const requireRe = /^\s*(require|require_relative|autoload\s*\(?\s*:\w+\s*,)\s*\(?\s*["']([^"'#]+)["']/gm;
  for (const f of loaded.files) {
    const starts = lineStartsOf(f.text);
    for (const m of f.text.matchAll(requireRe)) {
      const spec = m[2];
      let target: string;
      if (m[1] === 'require_relative') target = posix.normalize(posix.join(posix.dirname(f.path), spec));
      else target = spec;
      if (!target.endsWith('.rb')) target += '.rb';
      if (paths.has(target))
        c.add(
          f.path,
          target,
          lineOfOffset(starts, m.index + m[0].length - m[0].trimStart().length),
          m[1].startsWith('autoload') ? 'autoload' : m[1],
        );
    }
    const code = codeOnly(f.text, 'ruby');
    const cstarts = lineStartsOf(code);
    for (const m of code.matchAll(/(?<![\w:@$])((?:[A-Z]\w*::)*[A-Z]\w*)/g)) {
      const before = code.slice(Math.max(0, m.index - 8), m.index);
      if (/\b(?:class|module)\s+$/.test(before)) continue;
      const full = m[1];
      const short = full.split('::').pop()!;
      const cands = byShort.get(short);
      if (!cands) continue;
      let owners = [...cands.entries()];
      if (full.includes('::')) owners = owners.filter(([fq]) => fq === full || fq.endsWith(`::${full}`));
      if (owners.length !== 1) {
        if (owners.length > 1) {
          c.drop('ruby: constant name of two classes');
          for (const [fq, files] of owners) for (const p of files) c.unsure.set(p, `ruby: ${short} may be ${fq}`);
        }
        continue;
      }
      const files = owners[0][1];
      if (files.size !== 1) {
        // A use of a class several files open (thor's Thor::Base, reopened in shell.rb) may need
        // any of them: none of those files can be asked about.
        c.drop('ruby: class reopened in several files');
        // A namespace every file opens (`class Thor`) is no use of each of them.
        if (
          files.size <= 3 &&
          (full.includes('::') ||
            /(?:<|\.new\b|\bis_a\?\(|\binclude\s+|\bextend\s+)/.test(
              code.slice(m.index - 12, m.index + full.length + 5),
            ))
        )
          for (const file of files)
            c.unsure.set(file, `ruby: opens ${owners[0][0]}, reopened in ${files.size} files and used`);
        continue;
      }
      const owner = [...files][0];
      c.add(f.path, owner, lineOfOffset(cstarts, m.index), `references ${owners[0][0]}`);
    }
  }
}

// ---- PHP ----

function php(loaded: LoadedProject, c: Collector): void {
  const index = new Map<string, string[]>();
  const info = new Map<string, { ns: string; code: string }>();
  for (const f of loaded.files) {
    const code = codeOnly(f.text, 'php');
    const ns = /^\s*namespace\s+([\w\\]+)\s*;/m.exec(code)?.[1] ?? '';
    info.set(f.path, { ns, code });
    for (const m of code.matchAll(/^\s*(?:(?:abstract|final|readonly)\s+)*(?:class|interface|trait|enum)\s+(\w+)/gm)) {
      const fq = ns ? `${ns}\\${m[1]}` : m[1];
      index.set(fq.toLowerCase(), [...(index.get(fq.toLowerCase()) ?? []), f.path]);
    }
  }
  const ownerOf = (fq: string): string | null => {
    const s = index.get(fq.replace(/^\\/, '').toLowerCase());
    if (!s) return null;
    if (s.length > 1) {
      c.drop('php: class declared in two files');
      return null;
    }
    return s[0];
  };
  for (const f of loaded.files) {
    const { ns, code } = info.get(f.path)!;
    const starts = lineStartsOf(code);
    const aliases = new Map<string, string>();
    // Top-level imports: before the first class-like declaration.
    const firstDecl = code.search(/^\s*(?:(?:abstract|final|readonly)\s+)*(?:class|interface|trait|enum)\s+\w+/m);
    const head = firstDecl < 0 ? code.length : firstDecl;
    const useSpans: [number, number][] = [];
    for (const m of code.slice(0, head).matchAll(/^\s*use\s+(?!function\b|const\b)([^;]+);/gm)) {
      useSpans.push([m.index, m.index + m[0].length]);
      const line = lineOfOffset(starts, m.index + m[0].length - m[0].trimStart().length);
      const body = m[1].replace(/\s+/g, ' ').trim();
      const group = /^([\w\\]+)\\\{([^}]*)\}$/.exec(body.replace(/\s/g, ''));
      const items = group ? group[2].split(',').map((s) => `${group[1]}\\${s}`) : body.split(',').map((s) => s.trim());
      for (const item of items) {
        const am = /^\\?([\w\\]+?)(?:\s*as\s*(\w+))?$/.exec(item.replace(/\s+as\s+/, ' as ').trim());
        if (!am) continue;
        const fq = am[1];
        const alias = am[2] ?? fq.split('\\').pop()!;
        aliases.set(alias.toLowerCase(), fq);
        const owner = ownerOf(fq);
        if (owner) c.add(f.path, owner, line, `use ${fq}`);
      }
    }
    for (const m of code.matchAll(/(?<![\w$\\>:])(\\?[A-Za-z_]\w*(?:\\[A-Za-z_]\w*)*)/g)) {
      if (m.index < head && useSpans.some(([a, b]) => a <= m.index && m.index < b)) continue;
      const name = m[1];
      if (/^(?:namespace|use)$/i.test(name)) continue;
      const after = code.slice(m.index + name.length).match(/^\s*(\(|::|\$|\s\w|[,{)])?/)?.[1];
      const before = code.slice(Math.max(0, m.index - 12), m.index);
      // A function call `foo(` is no class, but `new Foo(` is.
      if (after === '(' && !/\bnew\s+$/.test(before)) continue;
      if (/\b(?:class|interface|trait|enum|function|const|namespace)\s+$/.test(before)) continue;
      let fq: string;
      if (name.startsWith('\\')) fq = name.slice(1);
      else {
        const [first, ...rest] = name.split('\\');
        const imported = aliases.get(first.toLowerCase());
        if (imported) fq = [imported, ...rest].join('\\');
        else fq = ns ? `${ns}\\${name}` : name;
      }
      const s = index.get(fq.toLowerCase());
      if (!s || s.length !== 1) continue;
      c.add(f.path, s[0], lineOfOffset(starts, m.index), `references ${fq}`);
    }
  }
}

// ---- C ----

async function cLang(loaded: LoadedProject, c: Collector): Promise<void> {
  const paths = loaded.files.map((f) => f.path);
  const known = new Set(paths);
  const includes = new Map<string, { to: string; line: number }[]>();
  for (const f of loaded.files) {
    const list: { to: string; line: number }[] = [];
    f.text.split('\n').forEach((l, i) => {
      const m = /^\s*#\s*include\s*(["<])([^">]+)[">]/.exec(l);
      if (!m) return;
      const spec = m[2];
      const local = posix.normalize(posix.join(posix.dirname(f.path), spec));
      let to: string | null = null;
      if (m[1] === '"' && known.has(local)) to = local;
      else {
        const cands = paths.filter((p) => p === spec || p.endsWith(`/${spec}`));
        if (cands.length === 1) to = cands[0];
        else if (cands.length > 1) {
          c.drop('c: include two files could answer');
          return;
        }
      }
      if (!to) return;
      list.push({ to, line: i + 1 });
      c.add(f.path, to, i + 1, '#include');
    });
    includes.set(f.path, list);
  }
  // Headers reached from a file through its includes.
  const reach = (p: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [...(includes.get(p) ?? []).map((x) => x.to)];
    while (stack.length) {
      const x = stack.pop()!;
      if (seen.has(x)) continue;
      seen.add(x);
      for (const y of includes.get(x) ?? []) stack.push(y.to);
    }
    return seen;
  };
  const tags = (await ctags(loaded.dir, 'C', ['--kinds-C=+p', '--langmap=C:.c.h'])).filter((t) => known.has(t.path));
  const defined = new Map<string, string[]>();
  for (const t of tags)
    if (t.kind === 'function' && !t.file && t.path.endsWith('.c'))
      defined.set(t.name, [...(defined.get(t.name) ?? []), t.path]);
  const declaredIn = new Map<string, Set<string>>();
  for (const t of tags)
    if (t.kind === 'prototype' && t.path.endsWith('.h'))
      declaredIn.set(t.name, new Set([...(declaredIn.get(t.name) ?? []), t.path]));
  for (const f of loaded.files) {
    const code = codeOnly(f.text, 'c');
    const starts = lineStartsOf(code);
    const headers = reach(f.path);
    for (const m of code.matchAll(/(?<![\w.>])([A-Za-z_]\w*)\s*\(/g)) {
      const defs = defined.get(m[1]);
      if (!defs) continue;
      const decl = declaredIn.get(m[1]);
      if (!decl || ![...decl].some((h) => headers.has(h))) continue;
      if (defs.length !== 1) {
        c.drop('c: function defined in two .c files');
        for (const p of defs) c.unsure.set(p, `c: ${m[1]} is defined in ${defs.length} files`);
        continue;
      }
      // The definition's own line is no call.
      const line = lineOfOffset(starts, m.index);
      if (defs[0] === f.path) continue;
      c.add(f.path, defs[0], line, `calls ${m[1]}() declared in a header it includes`);
    }
  }
  void dirname;
}
