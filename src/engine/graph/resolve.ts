/**
 * Import resolution: from an import statement as written to the files of the corpus it
 * names, per language. What does not resolve is an external package (react, os, fmt,
 * serde, java.util): kept by name, never an error.
 *
 * Reads build files (package.json, tsconfig.json/jsconfig.json, go.mod, Cargo.toml,
 * composer.json) and the package/namespace lines of Kotlin, Scala and C# files from the
 * corpus' own text; a build file that is not in the corpus is simply absent.
 */
import type { ImportRef, Language } from '../contract';
import { languageForPath } from '../structural/grammars';
import { goImportName } from '../structural/imports';
import { parseJsonc } from './jsonc';
import { escapeRegExp } from '../text/escape';

/** `from X.a.b import n1, n2 as m` on one line (no parenthesised lists): X, `a.b`, the names. */
const PYTHON_FROM_SUBMODULE_IMPORT = /^[ \t]*from[ \t]+([A-Za-z_]\w*)\.([\w.]+)[ \t]+import[ \t]+([\w \t,]+)$/gm;

/** Whether Python module text binds `name` at its top level (a def, a class, an assignment or an import of it). */
function definesPythonName(text: string, name: string): boolean {
  const n = escapeRegExp(name);
  return new RegExp(
    `^(?:(?:async[ \\t]+)?def|class)[ \\t]+${n}\\b|^${n}[ \\t]*[:=]|^(?:from|import)[^\\n]*\\b${n}\\b`,
    'm',
  ).test(text);
}

/** A quoted import path in a Go file's import lines (`"github.com/hashicorp/serf/serf"`, with or without a name before it). */
const GO_IMPORT_PATH = /^(?:import[ \t]+|[ \t]+)(?:[\w.]+[ \t]+)?"([^"\s]+)"/gm;

/** A Go file's package clause: `package echo`. */
const GO_PACKAGE_CLAUSE = /^package[ \t]+([A-Za-z_]\w*)/m;

/** The package a Go file's clause names (`package echo` → echo), if it has one. */
function goPackageClause(text: string): string | undefined {
  return GO_PACKAGE_CLAUSE.exec(text)?.[1];
}

/** The slice of a corpus file resolution needs. */
export interface ResolvableFile {
  path: string;
  text: string;
  language: Language | null;
}

export type ImportTarget =
  /**
   * Indexes into the file list the resolver was built over (one import may name several: a Go
   * package, a Java wildcard, Python submodules). Empty when the import names the importing
   * file itself (Rust `mod tests { }` inline): internal, not external.
   */
  { kind: 'files'; files: number[] } | { kind: 'external'; packageName: string };

/** Probed in this order when a JS/TS specifier has no extension. */
export const JS_EXTENSIONS: readonly string[] = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.d.ts', '.mts', '.cts'];
/** `./a.js` written in TypeScript source names `a.ts` (NodeNext style). */
const JS_TO_TS_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};
/** Build-output folders a package.json commonly points into, mapped back to `src/` when the output is not in the repository. */
const BUILD_OUTPUT_DIRS: ReadonlySet<string> = new Set([
  'dist',
  'lib',
  'build',
  'out',
  'esm',
  'cjs',
  'es',
  'types',
  'module',
]);
/** package.json fields naming the entry point, most source-like first. */
const PACKAGE_ENTRY_FIELDS: readonly string[] = ['source', 'module', 'main', 'types', 'typings'];
/** Export conditions that name type declarations: tried last, the code is more useful to a graph. */
const TYPE_CONDITIONS: ReadonlySet<string> = new Set(['types', 'typings']);

// ---------------------------------------------------------------------------------------
// Path helpers (repository-relative, '/'-separated, no leading './')

export function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Joins and normalizes; null when `..` climbs above the repository root. */
export function joinPath(...parts: string[]): string | null {
  const joined = parts.join('/');
  // Most joins need no normalizing (`src/util` + `index.ts`): no empty, `.` or `..` segment.
  if (!hasSpecialSegment(joined)) return joined;
  // The parts' segments are the joined string's; the kept ones are compacted to the front.
  const segments = joined.split('/');
  let kept = 0;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') segments[kept++] = segment;
    else if (kept-- === 0) return null;
  }
  segments.length = kept;
  return segments.join('/');
}

/**
 * joinPath(dir, spec) for a relative specifier (`./x`, `../../x`): its leading `./` and `../`
 * taken off the directory's end, the rest appended, with no split when neither part has
 * another empty, `.` or `..` segment (what every relative import of a package looks like).
 */
export function joinRelative(dir: string, spec: string): string | null {
  if (hasSpecialSegment(dir)) return joinPath(dir, spec);
  let base = dir;
  let rest = spec;
  for (;;) {
    if (rest.startsWith('./')) rest = rest.slice(2);
    else if (rest.startsWith('../')) {
      if (base === '') return null;
      base = dirname(base);
      rest = rest.slice(3);
    } else break;
  }
  if (rest === '' || hasSpecialSegment(rest)) return joinPath(base, rest);
  return base === '' ? rest : base + '/' + rest;
}

/**
 * What the nearest directory at or above `dir` holds, as `here` reads it (undefined: nothing here,
 * look further up; null: the search ends with nothing), remembered in `byDir` for every
 * directory on the way, so that files of one folder climb it once.
 */
function nearestAbove<T>(
  dir: string,
  byDir: Map<string, T | null>,
  here: (dir: string) => T | null | undefined,
): T | null {
  const chain: string[] = [];
  let found: T | null = null;
  for (;;) {
    if (byDir.has(dir)) {
      found = byDir.get(dir)!;
      break;
    }
    chain.push(dir);
    const held = here(dir);
    if (held !== undefined) {
      found = held;
      break;
    }
    if (dir === '') break;
    dir = dirname(dir);
  }
  for (const d of chain) byDir.set(d, found);
  return found;
}

/** Whether `path` has an empty, `.` or `..` segment (a leading, trailing or doubled '/' makes an empty one). */
function hasSpecialSegment(path: string): boolean {
  if (path === '' || path === '.' || path === '..') return path !== '';
  return (
    path.startsWith('/') ||
    path.endsWith('/') ||
    path.includes('//') ||
    path.startsWith('./') ||
    path.startsWith('../') ||
    path.endsWith('/.') ||
    path.endsWith('/..') ||
    path.includes('/./') ||
    path.includes('/../')
  );
}

function isUnder(path: string, dir: string): boolean {
  return dir === '' || path.startsWith(dir + '/');
}

function languageOf(file: ResolvableFile): Language | null {
  if (file.language) return file.language;
  const p = file.path;
  if (/\.(ts|mts|cts)$/.test(p)) return 'typescript';
  if (/\.tsx$/.test(p)) return 'tsx';
  if (/\.(js|jsx|mjs|cjs)$/.test(p)) return 'javascript';
  if (/\.pyi?$/.test(p)) return 'python';
  if (/\.go$/.test(p)) return 'go';
  if (/\.rs$/.test(p)) return 'rust';
  if (/\.java$/.test(p)) return 'java';
  return languageForPath(p);
}

/** Where a header's implementation is, beside it with the same stem, in this order. */
const C_IMPLEMENTATION_EXTENSIONS = ['.c', '.cc', '.cpp', '.cxx'];
/** C and C++ files an `#include` can name (headers, and the odd included `.c`/`.inc`). */
const INCLUDABLE = /\.(h|hh|hpp|hxx|h\+\+|inc|inl|ipp|tpp|c|cc|cpp|cxx)$/i;
/** `#include <folder/rest>`: the folder and the rest of its path. */
const ANGLED_INCLUDE_IN_FOLDER = /^[ \t]*#[ \t]*include[ \t]*<([\w.+-]+)\/([^>\s]+)>/gm;
/** How many distinct includes must name a root file through a folder for it to be the root's name. */
const ROOT_FOLDER_MIN_INCLUDES = 3;
/** `package a.b` lines of a Kotlin or Scala file (Scala may chain several: `package a` then `package b.c`). */
const PACKAGE_LINE = /^[ \t]*package[ \t]+([\w.`]+)[ \t]*;?[ \t]*(?:\{|$)/gm;
/** `namespace A.B` (block or file-scoped) of a C# file. */
const CSHARP_NAMESPACE = /^[ \t]*namespace[ \t]+([\w.]+)/gm;
/** Lua: `a.b = …` (not `==`) or `function a.b(` at column 0, a global table path a file fills. */
const LUA_TOP_LEVEL_ASSIGNMENT = /^(?:function[ \t]+)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)[ \t]*(?:=(?!=)|\()/gm;
/** Lua: `local a, b = x, y` / `local function a` at column 0, with what is assigned. */
const LUA_TOP_LEVEL_LOCAL =
  /^local[ \t]+(?:function[ \t]+)?([A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*)(?:[ \t]*=[ \t]*([^\n]*))?/gm;

/** The package a Kotlin or Scala file declares ('' for none): chained Scala clauses joined. */
function declaredPackage(text: string): string {
  const head = text.length > 20000 ? text.slice(0, 20000) : text;
  const parts: string[] = [];
  for (const match of head.matchAll(PACKAGE_LINE)) if (match[1] !== 'object') parts.push(match[1].replace(/`/g, ''));
  return parts.join('.');
}

/** Whether a Kotlin, Scala or C# file declares a top-level name (`class X`, `object X`, `fun X`…). */
function declaresName(text: string, name: string): boolean {
  return new RegExp(
    `\\b(?:class|interface|object|trait|enum|struct|record|fun|def|val|var|typealias|type|delegate)\\s+${name.replace(/[^\w]/g, '')}\\b`,
  ).test(text);
}

// ---------------------------------------------------------------------------------------

interface TsPathConfig {
  /** Directory `paths` substitutions and bare specifiers are resolved from (baseUrl, else the config's dir). */
  pathsBase: string;
  baseUrl: string | null;
  /** [pattern, substitutions], in declaration order. */
  paths: [string, string[]][];
}

interface GoModule {
  dir: string;
  modulePath: string;
}

export class ImportResolver {
  private readonly indexByPath = new Map<string, number>();
  /** Every directory that holds at least one file. */
  private readonly dirs = new Set<string>();
  private readonly packageJsonCache = new Map<string, Record<string, unknown> | null>();
  private readonly tsConfigByDir = new Map<string, TsPathConfig | null>();
  private readonly tsConfigByPath = new Map<string, TsPathConfig | null>();
  /** Workspace packages by their package.json `name`. */
  private readonly workspacePackages = new Map<string, string>();
  /** Python: child name (module stem or package dir) → directories that contain it. */
  private readonly pythonParents = new Map<string, string[]>();
  private readonly goModules: GoModule[] = [];
  private readonly goFilesByDir = new Map<string, number[]>();
  /** Rust: crate name (underscored) → crate root dir (the dir of lib.rs/main.rs). */
  private readonly rustCrates = new Map<string, string>();
  private readonly rustRootByDir = new Map<string, string | null>();
  /** Java: `C.java` → files with that name. */
  private readonly javaByFileName = new Map<string, number[]>();
  /** Java: last segment of a directory → directories holding .java files. */
  private readonly javaDirsByName = new Map<string, string[]>();
  private readonly javaFilesByDir = new Map<string, number[]>();
  /** Path without one of JS_EXTENSIONS → the file with the earliest of them (what probing stem + each extension in order finds). */
  private readonly byStem = new Map<string, number>();
  /** resolveJs's answers by importing directory and specifier (see resolveJsFromDir). */
  private readonly jsResolved = new Map<string, number[] | null>();
  /** C/C++, Ruby, PHP, Bash, Lua: file name → files with that name (path-suffix lookups start here). */
  private readonly byFileName = new Map<string, number[]>();
  /** Kotlin and Scala: package → its files; C#: namespace → its files. */
  private readonly filesByPackage = new Map<string, number[]>();
  /** PHP: PSR-4 namespace prefixes (`App\\`) → directories, from composer.json files. */
  private readonly psr4: [string, string][] = [];
  /** Python: the repository's own package name when it is opened at that package's folder (pythonSelfName); undefined until asked. */
  private pythonSelf: string | null | undefined;
  private goSelf: string | null | undefined;
  /** Go: the package clause of each file read so far (null: none). */
  private readonly goClauses = new Map<number, string | null>();
  /** Swift: module name → its files (resolveSwiftModule's answers). */
  private readonly swiftModules = new Map<string, number[] | null>();
  /** Lua: global table path → the files that assign it at their top level; built when first asked. */
  private luaTables: Map<string, number[]> | undefined;
  private readonly luaLocals = new Map<number, Set<string>>();
  /** Rust: the modules each file declares out of line (`mod x;`), read when first asked. */
  private readonly rustOutOfLine = new Map<number, ReadonlySet<string>>();
  /** C/C++: rootIncludeFolders's answer, read when first asked. */
  private rootFolders: Set<string> | undefined;

  constructor(private readonly files: readonly ResolvableFile[]) {
    files.forEach((file, index) => {
      this.indexByPath.set(file.path, index);
      let dir = dirname(file.path);
      for (;;) {
        if (this.dirs.has(dir)) break;
        this.dirs.add(dir);
        if (dir === '') break;
        dir = dirname(dir);
      }
    });
    files.forEach((file, index) => this.indexFile(file, index));
    const stemExtension = new Map<string, number>();
    this.indexByPath.forEach((index, path) => {
      for (let e = 0; e < JS_EXTENSIONS.length; e++) {
        if (!path.endsWith(JS_EXTENSIONS[e])) continue;
        const stem = path.slice(0, path.length - JS_EXTENSIONS[e].length);
        const earliest = stemExtension.get(stem);
        if (earliest !== undefined && earliest < e) continue;
        stemExtension.set(stem, e);
        this.byStem.set(stem, index);
      }
    });
  }

  private indexFile(file: ResolvableFile, index: number): void {
    const path = file.path;
    const name = basename(path);
    const dir = dirname(path);
    const inDependencies = /(^|\/)node_modules\//.test(path);
    if (name === 'package.json' && !inDependencies) {
      const pkg = this.packageJson(dir);
      const pkgName = pkg && typeof pkg.name === 'string' ? pkg.name : null;
      // The shallowest package.json wins a name clash (fixtures and examples repeat names).
      if (
        pkgName &&
        (!this.workspacePackages.has(pkgName) || dir.length < this.workspacePackages.get(pkgName)!.length)
      ) {
        this.workspacePackages.set(pkgName, dir);
      }
    } else if (name === 'go.mod') {
      const match = /^\s*module\s+("?)([^\s"]+)\1/m.exec(file.text);
      if (match) this.goModules.push({ dir, modulePath: match[2] });
    } else if (name === 'Cargo.toml') {
      const pkgSection = /\[package\][^[]*?\bname\s*=\s*"([^"]+)"/.exec(file.text);
      if (pkgSection) {
        const crate = pkgSection[1].replace(/-/g, '_');
        const libPath = /\[lib\][^[]*?\bpath\s*=\s*"([^"]+)"/.exec(file.text);
        const root = libPath ? dirname(joinPath(dir, libPath[1]) ?? '') : (joinPath(dir, 'src') ?? 'src');
        this.rustCrates.set(crate, root);
      }
    }
    if (name === 'composer.json') this.indexComposer(dir, file.text);
    const language = languageOf(file);
    if (
      language === 'c' ||
      language === 'cpp' ||
      language === 'ruby' ||
      language === 'php' ||
      language === 'bash' ||
      language === 'lua' ||
      language === 'swift' ||
      // A script's path given to a loader call, after a folder in a value (resolvePathString).
      language === 'javascript' ||
      language === 'typescript' ||
      language === 'tsx'
    ) {
      push(this.byFileName, name, index);
    }
    if (language === 'kotlin' || language === 'scala') {
      const pkg = declaredPackage(file.text);
      push(this.filesByPackage, `${language}:${pkg}`, index);
    } else if (language === 'csharp') {
      const namespaces = new Set([...file.text.matchAll(CSHARP_NAMESPACE)].map((m) => m[1]));
      for (const namespace of namespaces.size ? namespaces : [''])
        push(this.filesByPackage, `csharp:${namespace}`, index);
    }
    if (language === 'python') {
      const segments = path.replace(/\.pyi?$/, '').split('/');
      for (let i = 0; i < segments.length; i++) {
        const child = segments[i];
        if (child === '__init__') continue;
        const parent = segments.slice(0, i).join('/');
        let parents = this.pythonParents.get(child);
        if (!parents) this.pythonParents.set(child, (parents = []));
        if (!parents.includes(parent)) parents.push(parent);
      }
    } else if (language === 'go') {
      if (!name.endsWith('_test.go')) push(this.goFilesByDir, dir, index);
    } else if (language === 'java') {
      push(this.javaByFileName, name, index);
      if (!this.javaFilesByDir.has(dir)) push(this.javaDirsByName, basename(dir), dir);
      push(this.javaFilesByDir, dir, index);
    }
  }

  /** Resolves one import of file `from` (an index into the file list). */
  resolve(from: number, imp: ImportRef): ImportTarget {
    const file = this.files[from];
    const spec = imp.specifier.trim();
    if (imp.kind === 'path') return { kind: 'files', files: this.resolvePathString(from, spec) };
    let resolved: number[] | null = null;
    let external: string;
    switch (languageOf(file)) {
      case 'javascript':
      case 'typescript':
      case 'tsx':
        resolved = this.resolveJsFromDir(file.path, spec);
        external = spec.startsWith('.') || spec.startsWith('/') ? spec : jsPackageName(spec);
        break;
      case 'python':
        resolved = this.resolvePython(file.path, spec, imp.names);
        external = spec.startsWith('.') ? spec : spec.split('.')[0];
        break;
      case 'go':
        resolved = this.resolveGo(spec);
        external = spec;
        break;
      case 'rust':
        resolved = this.resolveRust(file.path, spec, imp.names);
        // Into a module of this crate whose file is not in the repository: internal, no edge.
        if (resolved?.length === 0) return { kind: 'files', files: [] };
        external = rustExternalName(spec);
        break;
      case 'java':
        resolved = this.resolveJava(spec, imp.names);
        external = javaPackageName(spec);
        break;
      case 'c':
      case 'cpp':
        resolved = this.resolveInclude(file.path, spec);
        external = spec.replace(/^<|>$/g, '');
        break;
      case 'ruby':
        resolved = this.resolveRuby(file.path, spec);
        external = spec.startsWith('.') ? spec : spec.split('/')[0];
        break;
      case 'php':
        resolved = this.resolvePhp(file.path, spec, imp.kind);
        external = imp.kind === 'use' ? spec.split('\\')[0] : spec;
        break;
      case 'csharp':
        resolved = this.resolveCsharp(spec);
        external = spec;
        break;
      case 'kotlin':
      case 'scala':
        resolved = this.resolvePackaged(languageOf(file)!, file.text, spec, imp.names);
        external = javaPackageName(spec);
        break;
      case 'swift':
        resolved = this.resolveSwiftModule(spec);
        external = spec;
        break;
      case 'bash':
        resolved = this.resolveShell(file.path, spec);
        external = spec;
        break;
      case 'lua':
        // A table path no file of the repository fills (`local insert = table.insert`) is the
        // runtime's: no dependency at all, not an outside package.
        if (imp.kind === 'use') return { kind: 'files', files: this.luaTableFillersOf(from, spec) };
        if (imp.kind === 'import') {
          resolved = this.resolveLuaFile(file.path, spec);
          external = spec;
          break;
        }
        resolved = this.resolveLua(spec);
        external = spec.split('.')[0];
        break;
      default:
        external = spec;
    }
    if (resolved && resolved.length > 0) {
      // Only the file itself (a Rust inline `mod tests { }`, `use self::Item`): internal, no edge.
      let files: number[];
      if (resolved.length !== 1) files = [...new Set(resolved)].filter((i) => i !== from);
      else if (resolved[0] === from) files = [];
      else files = resolved.slice();
      return { kind: 'files', files };
    }
    return { kind: 'external', packageName: external };
  }

  /**
   * A file's path passed as a string to some call that is no import of the language (`include
   * "scripting/set.lua"`, `AJAX.Require("[MathJax]/extensions/toMathML.js")`): after a bracketed
   * root name a loader expands (`[MathJax]/`), the path beside the file (`./x`), from the root, or
   * the one file of the repository ending with it; a tail after a value (`dir + "/x.js"`, kept
   * as `/x.js`) beside the file, or the one file ending with it. Anything else — no file, several — is no edge:
   * the string may be a name that only looks like a path.
   */
  private resolvePathString(from: number, spec: string): number[] {
    const path = spec.replace(/^\[[A-Za-z]\w*\]\//, '');
    const dir = dirname(this.files[from].path);
    let found: number[];
    if (path.startsWith('/')) {
      // After a folder held in a value (`extensionDir + "/MathEvents.js"`): no root to read it from.
      const beside = this.lookup(joinRelative(dir, `.${path}`));
      found = beside !== null ? [beside] : this.bySuffix(path.slice(1));
    } else if (path.startsWith('./') || path.startsWith('../')) {
      const beside = this.lookup(joinRelative(dir, path));
      found = beside === null ? [] : [beside];
    } else {
      const exact = this.lookup(joinPath(path)) ?? this.lookup(joinRelative(dir, `./${path}`));
      found = exact !== null ? [exact] : this.bySuffix(path);
    }
    return found.length === 1 && found[0] !== from ? found : [];
  }

  private lookup(path: string | null): number | null {
    if (path === null) return null;
    const index = this.indexByPath.get(path);
    return index === undefined ? null : index;
  }

  // -------------------------------------------------------------------------------------
  // JavaScript / TypeScript

  /**
   * resolveJs, once per directory and specifier: its answer depends on the importing file's
   * directory only, and a package's files import the same modules over and over (the 10 MB
   * tier's 16,803 imports are 7,953 distinct directory and specifier pairs).
   */
  private resolveJsFromDir(fromPath: string, spec: string): number[] | null {
    const key = dirname(fromPath) + '\0' + spec;
    let resolved = this.jsResolved.get(key);
    if (resolved === undefined) this.jsResolved.set(key, (resolved = this.resolveJs(fromPath, spec)));
    return resolved;
  }

  private resolveJs(fromPath: string, rawSpec: string): number[] | null {
    const spec = rawSpec.replace(/\?.*$/, '');
    if (spec === '') return null;
    const one = (index: number | null) => (index === null ? null : [index]);
    if (spec === '.' || spec === '..' || spec.startsWith('./') || spec.startsWith('../')) {
      return one(this.probeJs(joinRelative(dirname(fromPath), spec)));
    }
    if (spec.startsWith('/')) return one(this.probeJs(joinPath(spec)));
    if (spec.startsWith('node:')) return null;

    const config = this.tsConfigFor(fromPath);
    if (config) {
      const viaPaths = this.resolveTsPaths(config, spec);
      if (viaPaths !== null) return [viaPaths];
    }
    if (spec.startsWith('#')) {
      const viaImports = this.resolvePackageImports(fromPath, spec);
      if (viaImports !== null) return [viaImports];
    }
    const viaWorkspace = this.resolveWorkspacePackage(spec);
    if (viaWorkspace !== null) return [viaWorkspace];
    if (config?.baseUrl !== null && config?.baseUrl !== undefined) {
      const viaBaseUrl = this.probeJs(joinPath(config.baseUrl, spec));
      if (viaBaseUrl !== null) return [viaBaseUrl];
    }
    return null;
  }

  /** A path as written, with extension probing, `.js`→`.ts`, package.json and index files. */
  private probeJs(path: string | null, depth = 0): number | null {
    if (path === null) return null;
    const exact = this.lookup(path);
    if (exact !== null) return exact;
    const ext = /\.(jsx?|mjs|cjs)$/.exec(path)?.[0];
    if (ext) {
      const stem = path.slice(0, -ext.length);
      for (const tsExt of JS_TO_TS_EXTENSIONS[ext]) {
        const index = this.lookup(stem + tsExt);
        if (index !== null) return index;
      }
    }
    const withExtension = this.byStem.get(path);
    if (withExtension !== undefined) return withExtension;
    if (this.dirs.has(path)) {
      if (depth < 2 && this.lookup(joinPath(path, 'package.json')) !== null) {
        const viaPackage = this.resolvePackageEntry(path, '.', depth + 1);
        if (viaPackage !== null) return viaPackage;
      }
      const indexStem = joinPath(path, 'index');
      const indexFile = indexStem === null ? undefined : this.byStem.get(indexStem);
      if (indexFile !== undefined) return indexFile;
    }
    return null;
  }

  /** Node subpath imports: `#internal/x` through the nearest package.json `imports` field. */
  private resolvePackageImports(fromPath: string, spec: string): number | null {
    let dir = dirname(fromPath);
    for (;;) {
      const pkg = this.lookup(joinPath(dir, 'package.json')) === null ? null : this.packageJson(dir);
      if (pkg) {
        if (!pkg.imports || typeof pkg.imports !== 'object') return null;
        for (const target of exportTargets(pkg.imports, spec)) {
          const index = this.probeJs(joinPath(dir, target)) ?? this.probeSourceOf(dir, target, 0);
          if (index !== null) return index;
        }
        return null;
      }
      if (dir === '') return null;
      dir = dirname(dir);
    }
  }

  private resolveWorkspacePackage(spec: string): number | null {
    const name = jsPackageName(spec);
    const dir = this.workspacePackages.get(name);
    if (dir === undefined) return null;
    const rest = spec.slice(name.length);
    return this.resolvePackageEntry(dir, rest === '' ? '.' : '.' + rest, 0);
  }

  /** A package directory's entry for `subpath` ('.' or './x'): exports, then main/module, then index/src. */
  private resolvePackageEntry(dir: string, subpath: string, depth: number): number | null {
    const pkg = this.packageJson(dir);
    if (pkg && pkg.exports !== undefined && pkg.exports !== null) {
      const targets = exportTargets(pkg.exports, subpath);
      for (const target of targets) {
        const index = this.probeJs(joinPath(dir, target), depth + 1);
        if (index !== null) return index;
      }
      for (const target of targets) {
        const index = this.probeSourceOf(dir, target, depth);
        if (index !== null) return index;
      }
    }
    if (subpath === '.') {
      if (pkg) {
        for (const field of PACKAGE_ENTRY_FIELDS) {
          const target = pkg[field];
          if (typeof target !== 'string') continue;
          const index = this.probeJs(joinPath(dir, target), depth + 1) ?? this.probeSourceOf(dir, target, depth);
          if (index !== null) return index;
        }
      }
      for (const candidateExt of JS_EXTENSIONS) {
        const index =
          this.lookup(joinPath(dir, 'index' + candidateExt)) ?? this.lookup(joinPath(dir, 'src/index' + candidateExt));
        if (index !== null) return index;
      }
      return null;
    }
    return this.probeJs(joinPath(dir, subpath), depth + 1) ?? this.probeJs(joinPath(dir, 'src', subpath), depth + 1);
  }

  /** `./dist/esm/index.js` when dist/ is not in the repository: the source it was built from, `src/index.ts`. */
  private probeSourceOf(dir: string, target: string, depth: number): number | null {
    const segments = (joinPath(target) ?? '').split('/');
    let i = 0;
    while (i < segments.length - 1 && BUILD_OUTPUT_DIRS.has(segments[i])) i++;
    if (i === 0) return null;
    const rest = segments
      .slice(i)
      .join('/')
      .replace(/\.d\.(ts|mts|cts)$/, '.$1');
    return this.probeJs(joinPath(dir, 'src', rest), depth + 1) ?? this.probeJs(joinPath(dir, rest), depth + 1);
  }

  private packageJson(dir: string): Record<string, unknown> | null {
    if (this.packageJsonCache.has(dir)) return this.packageJsonCache.get(dir)!;
    const index = this.lookup(joinPath(dir, 'package.json'));
    const parsed = index === null ? null : parseJsonc(this.files[index].text);
    const pkg =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    this.packageJsonCache.set(dir, pkg);
    return pkg;
  }

  /** The nearest tsconfig.json/jsconfig.json above `fromPath` that has paths or baseUrl (after `extends`). */
  private tsConfigFor(fromPath: string): TsPathConfig | null {
    return nearestAbove(dirname(fromPath), this.tsConfigByDir, (dir) => {
      const configPath = ['tsconfig.json', 'jsconfig.json']
        .map((n) => joinPath(dir, n)!)
        .find((p) => this.indexByPath.has(p));
      // The nearest config decides, even one without paths.
      return configPath ? this.readTsConfig(configPath, 0) : undefined;
    });
  }

  private readTsConfig(configPath: string, depth: number): TsPathConfig | null {
    if (this.tsConfigByPath.has(configPath)) return this.tsConfigByPath.get(configPath)!;
    this.tsConfigByPath.set(configPath, null); // breaks `extends` cycles
    const index = this.lookup(configPath);
    const json = index === null ? null : (parseJsonc(this.files[index].text) as Record<string, unknown> | null);
    if (!json || typeof json !== 'object') return null;
    const configDir = dirname(configPath);
    let inherited: TsPathConfig | null = null;
    const extendsList = Array.isArray(json.extends) ? json.extends : [json.extends];
    for (const ext of extendsList) {
      if (typeof ext !== 'string' || depth > 5 || !(ext.startsWith('./') || ext.startsWith('../'))) continue;
      let target = joinPath(configDir, ext);
      if (target !== null && !target.endsWith('.json')) target += '.json';
      const parent = target === null ? null : this.readTsConfig(target, depth + 1);
      if (parent) inherited = parent;
    }
    const options = (json.compilerOptions ?? {}) as Record<string, unknown>;
    const baseUrl =
      typeof options.baseUrl === 'string' ? joinPath(configDir, options.baseUrl) : (inherited?.baseUrl ?? null);
    let config: TsPathConfig | null = inherited;
    if (options.paths && typeof options.paths === 'object') {
      const paths: [string, string[]][] = [];
      for (const [pattern, subs] of Object.entries(options.paths as Record<string, unknown>)) {
        if (Array.isArray(subs)) paths.push([pattern, subs.filter((s): s is string => typeof s === 'string')]);
      }
      config = { pathsBase: baseUrl ?? configDir, baseUrl, paths };
    } else if (baseUrl !== null) {
      config = { pathsBase: inherited?.pathsBase ?? baseUrl, baseUrl, paths: inherited?.paths ?? [] };
    }
    this.tsConfigByPath.set(configPath, config);
    return config;
  }

  /** TypeScript's rule: the matching pattern with the longest prefix before `*` wins; an exact key beats patterns. */
  private resolveTsPaths(config: TsPathConfig, spec: string): number | null {
    let best: { subs: string[]; capture: string } | null = null;
    let bestPrefix = -1;
    for (const [pattern, subs] of config.paths) {
      const star = pattern.indexOf('*');
      if (star < 0) {
        if (pattern === spec) {
          best = { subs, capture: '' };
          break;
        }
        continue;
      }
      const prefix = pattern.slice(0, star);
      const suffix = pattern.slice(star + 1);
      if (
        spec.length >= prefix.length + suffix.length &&
        spec.startsWith(prefix) &&
        spec.endsWith(suffix) &&
        prefix.length > bestPrefix
      ) {
        bestPrefix = prefix.length;
        best = { subs, capture: spec.slice(prefix.length, spec.length - suffix.length) };
      }
    }
    if (!best) return null;
    for (const sub of best.subs) {
      const index = this.probeJs(joinPath(config.pathsBase, sub.replace('*', best.capture)));
      if (index !== null) return index;
    }
    return null;
  }

  // -------------------------------------------------------------------------------------
  // Python

  private resolvePython(fromPath: string, spec: string, names: readonly string[]): number[] | null {
    const dots = /^\.*/.exec(spec)![0].length;
    const rest = spec.slice(dots);
    const modules = rest === '' ? [] : rest.split('.');
    if (dots > 0) {
      let base: string | null = dirname(fromPath);
      for (let i = 1; i < dots && base !== null; i++) base = base === '' ? null : dirname(base);
      if (base === null) return null;
      return this.pythonModuleWithSubmodules(joinPath(base, ...modules), names);
    }
    if (modules.length === 0) return null;
    // The repository opened at its own package folder: `from click.x import y` inside click/.
    if (modules[0] === this.pythonSelfName() && this.pythonModule(modules[0]) === null)
      return this.pythonModuleWithSubmodules(joinPath('', ...modules.slice(1)), names);
    for (const root of this.pythonRoots(fromPath, modules[0])) {
      const found = this.pythonModuleWithSubmodules(joinPath(root, ...modules), names);
      if (found) return found;
    }
    return null;
  }

  /**
   * Search roots for an absolute import of `top`: the repository root, src/, the importer's
   * own ancestors that hold `top`, then any other dir holding a *package* `top` (a lone
   * `utils/logging.py` elsewhere must not capture `import logging`). A folder that is itself
   * a package (has `__init__.py`) is no root: in click/utils.py, `from types import
   * ModuleType` is the standard library's, not click/types.py (Python 3 has no implicit
   * relative imports).
   */
  private pythonRoots(fromPath: string, top: string): string[] {
    const holders = this.pythonParents.get(top) ?? [];
    const ancestors = holders.filter((d) => isUnder(fromPath, d)).sort((a, b) => b.length - a.length);
    const others = holders
      .filter((d) => !isUnder(fromPath, d) && this.dirs.has(joinPath(d, top)!))
      .sort((a, b) => a.length - b.length);
    return [...new Set(['', 'src', ...ancestors, ...others])].filter(
      (root) => this.lookup(root === '' ? '__init__.py' : `${root}/__init__.py`) === null,
    );
  }

  /**
   * The name the repository's own package goes by when the repository is that package's folder
   * (an `__init__.py` at its root, so its files are `core.py`, not `click/core.py`): the X of
   * absolute imports `from X.a import n, …` whose module a is at the root and defines every
   * name imported (click's `from click.shell_completion import CompletionItem`); the X most of
   * them agree on. Null when the root is no package or no import says so (`from email.utils
   * import parsedate` in requests names nothing its utils.py defines).
   */
  private pythonSelfName(): string | null {
    if (this.pythonSelf !== undefined) return this.pythonSelf;
    this.pythonSelf = null;
    if (this.lookup('__init__.py') === null) return null;
    const votes = new Map<string, number>();
    for (const file of this.files) {
      if (languageOf(file) !== 'python' || !file.text.includes('import')) continue;
      for (const m of file.text.matchAll(PYTHON_FROM_SUBMODULE_IMPORT)) {
        if (this.pythonModule(m[1]) !== null) continue;
        const module = this.pythonModule(joinPath('', ...m[2].split('.')));
        const names = m[3].split(',').map((n) => n.trim().split(/\s+/)[0]);
        if (module === null || names.some((n) => !n || !definesPythonName(this.files[module].text, n))) continue;
        votes.set(m[1], (votes.get(m[1]) ?? 0) + 1);
      }
    }
    let best = 0;
    for (const [name, count] of votes) if (count > best) [this.pythonSelf, best] = [name, count];
    return this.pythonSelf;
  }

  /** The module file (x.py or x/__init__.py) plus any imported names that are submodules of it. */
  private pythonModuleWithSubmodules(modulePath: string | null, names: readonly string[]): number[] | null {
    if (modulePath === null) return null;
    const out: number[] = [];
    const module = this.pythonModule(modulePath);
    const isPackage = this.dirs.has(modulePath);
    // `from docutils.readers import standalone` imports the submodule, not the package's
    // __init__.py: the package is a target only when a name is no submodule, or one the
    // package defines or re-exports itself (the file then uses what __init__.py binds).
    let usesPackage = !isPackage || names.length === 0;
    if (isPackage) {
      for (const name of names) {
        const submodule = name === '*' || name === 'default' ? null : this.pythonModule(joinPath(modulePath, name));
        if (submodule !== null) out.push(submodule);
        if (submodule === null || (module !== null && definesPythonName(this.files[module].text, name)))
          usesPackage = true;
      }
    }
    if (module !== null && usesPackage) out.unshift(module);
    return out.length > 0 ? out : null;
  }

  private pythonModule(path: string | null): number | null {
    if (path === null) return null;
    if (path === '') return this.lookup('__init__.py');
    return (
      this.lookup(path + '.py') ??
      this.lookup(path + '/__init__.py') ??
      this.lookup(path + '.pyi') ??
      this.lookup(path + '/__init__.pyi')
    );
  }

  // -------------------------------------------------------------------------------------
  // Go

  private resolveGo(spec: string): number[] | null {
    let best: GoModule | null = null;
    for (const module of this.goModules) {
      if (
        (spec === module.modulePath || spec.startsWith(module.modulePath + '/')) &&
        (!best || module.modulePath.length > best.modulePath.length)
      ) {
        best = module;
      }
    }
    if (best) {
      const dir = joinPath(best.dir, spec.slice(best.modulePath.length));
      const files = dir === null ? undefined : this.goFilesByDir.get(dir);
      if (files) return files;
    }
    for (const module of this.goModules) {
      const vendored = this.goFilesByDir.get(joinPath(module.dir, 'vendor', spec) ?? '');
      if (vendored) return vendored;
    }
    return best ? null : this.resolveGoWithoutModule(spec);
  }

  /**
   * A folder opened without its go.mod (a package's source tree as Debian ships it):
   * `github.com/labstack/echo/v4` is the repository's root when the root's files declare the
   * package the path names (its last segment, a `/vN` major version left out), and
   * `github.com/labstack/echo/v4/middleware` its `middleware/` folder when that folder's files
   * declare `middleware` too. Only paths that start with a host: a standard library path (`log`,
   * `net/http`) never names a repository folder, nor does `github.com/labstack/gommon/log`
   * name a `log/` folder of a root that is not `gommon`.
   */
  private resolveGoWithoutModule(spec: string): number[] | null {
    const segments = spec.split('/');
    if (segments.length < 2 || !segments[0].includes('.')) return null;
    const root = this.goFilesByDir.get('');
    const rootPackage = root ? this.goPackageOf(root) : undefined;
    if (rootPackage === undefined) return this.resolveGoInRootlessModule(spec);
    let rootNamed = false;
    for (let i = 2; i <= segments.length; i++) {
      if (goImportName(segments.slice(0, i).join('/')) !== rootPackage) continue;
      rootNamed = true;
      if (i === segments.length) return root!;
      const folder = segments.slice(i).join('/');
      const files = this.goFilesByDir.get(folder);
      if (files && this.declaresPackageOf(files, folder)) return files;
    }
    // A root whose files are no library package (syncthing's `//go:build ignore` build.go, a
    // command's `package main`) names no prefix: its folders are found as a rootless module's.
    return rootNamed ? null : this.resolveGoInRootlessModule(spec);
  }

  /**
   * A module opened without its go.mod whose root holds no Go file, only package folders
   * (serf: `serf/`, `client/`, `cmd/serf/command/agent/`): its path is the prefix its files'
   * imports agree on — the one under which the most folders are imported, each folder's files
   * declaring the package its path names.
   */
  private resolveGoInRootlessModule(spec: string): number[] | null {
    const self = this.goSelfModule();
    if (self === null || !spec.startsWith(self + '/')) return null;
    const folder = spec.slice(self.length + 1);
    const files = this.goFilesByDir.get(folder);
    return files && this.declaresPackageOf(files, folder) ? files : null;
  }

  private goSelfModule(): string | null {
    if (this.goSelf !== undefined) return this.goSelf;
    this.goSelf = null;
    const folders = new Map<string, Set<string>>();
    for (const file of this.files) {
      if (languageOf(file) !== 'go' || !file.text.includes('import')) continue;
      for (const m of file.text.matchAll(GO_IMPORT_PATH)) {
        const segments = m[1].split('/');
        if (segments.length < 3 || !segments[0].includes('.')) continue;
        for (let i = 2; i < segments.length; i++) {
          const folder = segments.slice(i).join('/');
          const files = this.goFilesByDir.get(folder);
          if (!files || !this.declaresPackageOf(files, folder)) continue;
          const prefix = segments.slice(0, i).join('/');
          const seen = folders.get(prefix) ?? new Set<string>();
          seen.add(folder);
          folders.set(prefix, seen);
        }
      }
    }
    let best = 0;
    for (const [prefix, seen] of folders) if (seen.size > best) [this.goSelf, best] = [prefix, seen.size];
    return this.goSelf;
  }

  /**
   * The package a Go package's files state: the clause most of them agree on (the first to reach
   * the most on a tie), for a generator beside them (`//go:build ignore`, `package main`) is not
   * the package, even when it is the folder's first file. The graph binds imports by it too.
   */
  goPackageOf(files: readonly number[]): string | undefined {
    const counts = new Map<string, number>();
    let best: string | undefined;
    for (const f of files) {
      let clause = this.goClauses.get(f);
      if (clause === undefined) {
        clause = goPackageClause(this.files[f].text) ?? null;
        this.goClauses.set(f, clause);
      }
      if (clause === null) continue;
      const n = (counts.get(clause) ?? 0) + 1;
      counts.set(clause, n);
      if (best === undefined || n > counts.get(best)!) best = clause;
    }
    return best;
  }

  /** Whether a folder's Go files declare the package its import path implies (`middleware/` → middleware). */
  private declaresPackageOf(files: readonly number[], folder: string): boolean {
    const named = goImportName(folder);
    return named !== undefined && this.goPackageOf(files) === named;
  }

  // -------------------------------------------------------------------------------------
  // Rust

  private resolveRust(fromPath: string, rawSpec: string, names: readonly string[]): number[] | null {
    const root = this.rustCrateRoot(fromPath);
    let spec = rawSpec
      .replace(/^(pub(\([^)]*\))?\s+)?/, '')
      .replace(/;\s*$/, '')
      .trim();
    const modDecl = /^mod\s+([A-Za-z_][A-Za-z0-9_]*)$/.exec(spec);
    if (modDecl) return nonEmpty([this.rustChildModule(fromPath, modDecl[1])]);
    spec = spec
      .replace(/^use\s+/, '')
      .replace(/\s+as\s+\w+$/, '')
      .replace(/^::/, '')
      // A macro's `$crate::a::b` is this crate's `crate::a::b` where the macro is defined.
      .replace(/^\$crate::/, 'crate::');

    // `a::b::{c, d::e}` → prefix a::b with group items; `a::b::*` → prefix a::b.
    let groupItems: string[] = [];
    const brace = spec.indexOf('{');
    if (brace >= 0) {
      groupItems = spec
        .slice(brace + 1, spec.lastIndexOf('}') < 0 ? undefined : spec.lastIndexOf('}'))
        .split(',')
        .map((s) => s.trim().replace(/\s+as\s+\w+$/, ''))
        .filter((s) => s !== '' && s !== 'self' && s !== '*');
      spec = spec.slice(0, brace);
    }
    const segments = spec.split('::').filter((s) => s !== '' && s !== '*');
    if (segments.length === 0) return null;

    if (segments.length === 1 && groupItems.length === 0 && root !== null) {
      // A bare `x`: a `mod x;` declaration written without the keyword, or a crate-root module.
      const child = this.rustChildModule(fromPath, segments[0]);
      if (child !== null) return [child];
    }

    let crateRoot: string | null = root;
    let base: string[];
    let rest = segments;
    if (segments[0] === 'crate') {
      base = [];
      rest = segments.slice(1);
    } else if (segments[0] === 'self' || segments[0] === 'super') {
      if (root === null) return null;
      base = this.rustModulePath(fromPath, root);
      while (rest[0] === 'self' || rest[0] === 'super') {
        if (rest[0] === 'super') {
          if (base.length === 0) return null;
          base = base.slice(0, -1);
        }
        rest = rest.slice(1);
      }
    } else if (root !== null && this.rustChildModule(fromPath, segments[0]) !== null) {
      base = this.rustModulePath(fromPath, root); // 2018 uniform paths: a child module of this one
    } else if (root !== null && this.rustModuleFile(root, [segments[0]]) !== null) {
      base = []; // 2018 edition: a path relative to the crate root, from lib.rs/main.rs
    } else if (this.rustCrates.has(segments[0])) {
      crateRoot = this.rustCrates.get(segments[0])!;
      base = [];
      rest = segments.slice(1);
    } else {
      return null;
    }
    if (crateRoot === null) return null;
    const full = [...base, ...rest];
    const out: number[] = [];
    for (let i = full.length; i >= 0; i--) {
      const file = this.rustModuleFile(crateRoot, full.slice(0, i));
      if (file !== null) {
        // The path goes on into a module this file declares out of line (`mod auto;`) whose file
        // the repository lacks (generated, or left out): its items are there, not in this file
        // (`pub use crate::auto::traits::*` is no glob of lib.rs).
        if (i < full.length && this.outOfLineModules(file).has(full[i])) return [];
        out.push(file);
        break;
      }
    }
    // `use crate::a::{b, c}` and `names` can name submodules of the resolved module.
    const items = new Set([...groupItems.map((g) => g.split('::')[0]), ...names]);
    for (const item of items) {
      if (item === '*' || item === 'self' || item === 'default') continue;
      const file = this.rustModuleFile(crateRoot, [...full, item]);
      if (file !== null) out.push(file);
    }
    return nonEmpty(out);
  }

  /** The crate root: the nearest directory above `path` holding lib.rs or main.rs. */
  private rustCrateRoot(path: string): string | null {
    return nearestAbove(dirname(path), this.rustRootByDir, (dir) =>
      this.indexByPath.has(joinPath(dir, 'lib.rs')!) || this.indexByPath.has(joinPath(dir, 'main.rs')!)
        ? dir
        : undefined,
    );
  }

  /** `src/a/b.rs` → ['a','b']; `src/a/mod.rs` → ['a']; `src/lib.rs` → []. */
  private rustModulePath(path: string, root: string): string[] {
    const rel = root === '' ? path : path.slice(root.length + 1);
    const segments = rel.replace(/\.rs$/, '').split('/');
    if (segments[segments.length - 1] === 'mod') segments.pop();
    if (segments.length === 1 && (segments[0] === 'lib' || segments[0] === 'main')) return [];
    return segments;
  }

  private rustModuleFile(root: string, modulePath: string[]): number | null {
    if (modulePath.length === 0) return this.lookup(joinPath(root, 'lib.rs')) ?? this.lookup(joinPath(root, 'main.rs'));
    const base = joinPath(root, ...modulePath);
    if (base === null) return null;
    return this.lookup(base + '.rs') ?? this.lookup(base + '/mod.rs');
  }

  /** `mod x;` in `fromPath`: x.rs / x/mod.rs beside lib.rs, main.rs and mod.rs; under a/ for a.rs. */
  private rustChildModule(fromPath: string, name: string): number | null {
    const file = basename(fromPath);
    const dir = ['lib.rs', 'main.rs', 'mod.rs'].includes(file)
      ? dirname(fromPath)
      : joinPath(dirname(fromPath), file.replace(/\.rs$/, ''));
    if (dir === null) return null;
    return this.lookup(joinPath(dir, name + '.rs')) ?? this.lookup(joinPath(dir, name, 'mod.rs'));
  }

  // -------------------------------------------------------------------------------------
  // Java

  /** `a.b.C`, `a.b.*` (or `a.b` with names ['*']), `static a.b.C.member`. */
  private resolveJava(rawSpec: string, names: readonly string[]): number[] | null {
    const spec = rawSpec
      .replace(/^import\s+/, '')
      .replace(/^static\s+/, '')
      .replace(/;\s*$/, '')
      .trim();
    const segments = spec.split('.').filter((s) => s !== '');
    if (segments.length === 0) return null;
    const wildcard = segments[segments.length - 1] === '*' || names.includes('*');
    if (wildcard) {
      const packageSegments = segments[segments.length - 1] === '*' ? segments.slice(0, -1) : segments;
      const dirs = (this.javaDirsByName.get(packageSegments[packageSegments.length - 1]) ?? []).filter((d) =>
        endsWithPath(d, packageSegments.join('/')),
      );
      if (dirs.length > 0) return dirs.flatMap((d) => this.javaFilesByDir.get(d) ?? []);
      // `import static a.b.C.*`: the class itself.
      return this.javaClass(packageSegments);
    }
    return this.javaClass(segments);
  }

  // -------------------------------------------------------------------------------------
  // Files named by a path: C/C++ includes, Ruby requires, PHP includes, shell sources, Lua modules

  /** Files whose path ends with `suffix` (whole segments), found through their file name. */
  private bySuffix(suffix: string): number[] {
    const clean = joinPath(suffix.replace(/^(\.\.?\/)+/, ''));
    if (!clean) return [];
    return (this.byFileName.get(basename(clean)) ?? []).filter((index) => endsWithPath(this.files[index].path, clean));
  }

  /**
   * The best of several files a path names from `fromPath`: the one sharing the longest folder
   * prefix with it, then one under an `include/` (or `lib/`) folder, then the shortest path.
   */
  private closest(fromPath: string, candidates: number[], preferred: RegExp): number | null {
    let best: number | null = null;
    let bestKey: [number, number, number] = [-1, -1, 0];
    for (const index of candidates) {
      const path = this.files[index].path;
      let common = 0;
      while (common < path.length && common < fromPath.length && path[common] === fromPath[common]) common++;
      const key: [number, number, number] = [
        path.slice(0, common).lastIndexOf('/'),
        preferred.test(path) ? 1 : 0,
        -path.length,
      ];
      if (
        best === null ||
        key[0] > bestKey[0] ||
        (key[0] === bestKey[0] && (key[1] > bestKey[1] || (key[1] === bestKey[1] && key[2] > bestKey[2])))
      ) {
        best = index;
        bestKey = key;
      }
    }
    return best;
  }

  /**
   * `#include "x.h"`: beside the including file first; then, as for `<x.h>`, any header whose
   * path ends with it (the repository's include directories), the closest one.
   */
  private resolveInclude(fromPath: string, spec: string): number[] | null {
    const angled = spec.startsWith('<');
    const path = spec.replace(/^[<"]|[>"]$/g, '');
    // A name with no extension (`"Core"`, `<QString>`, `<vector>`) names a C++ header of that
    // name (grammars' languageForFile reads one from its text): never a file of another language.
    const extensionless = !basename(path).includes('.');
    if (!path || !(INCLUDABLE.test(path) || extensionless)) return null;
    const header = (index: number | null) =>
      index === null || !extensionless || languageOf(this.files[index]) === 'cpp' ? index : null;
    if (!angled) {
      const beside = header(this.lookup(joinPath(dirname(fromPath), path)));
      if (beside !== null) return this.withImplementation(beside, fromPath);
    }
    const named = this.bySuffix(path).filter((index) => header(index) !== null);
    const best = this.closest(fromPath, named, /(^|\/)include\//);
    if (best !== null) return this.withImplementation(best, fromPath);
    // `<pcl/features/pfh_tools.h>` in a repository that is the library's own folder (pcl/): its
    // first folder is the root's name, and the rest, a folder and a file, the path from the root.
    // A file at the root itself (`<net/ip_tunnels.h>` in include/net) only when the repository's
    // includes show that folder is its root (rootIncludeFolders): `<linux/ip.h>` is no ip.h of net/.
    const slash = path.indexOf('/');
    const rest = path.slice(slash + 1);
    const ownFolder =
      slash > 0 && !path.startsWith('.') && (rest.includes('/') || this.rootIncludeFolders().has(path.slice(0, slash)));
    const inOwnFolder = ownFolder ? header(this.lookup(joinPath(rest))) : null;
    return inOwnFolder === null ? null : this.withImplementation(inOwnFolder, fromPath);
  }

  /**
   * The modules a Rust file declares out of line (`mod x;`), read once per file: every `use` whose
   * path goes on past that file asks it.
   */
  private outOfLineModules(file: number): ReadonlySet<string> {
    let names = this.rustOutOfLine.get(file);
    if (!names) {
      names = new Set(Array.from(this.files[file].text.matchAll(RUST_OUT_OF_LINE_MODULE), (m) => m[1]));
      this.rustOutOfLine.set(file, names);
    }
    return names;
  }

  /**
   * The folders an angled include names the repository's root by: a repository that is one
   * folder of an include tree (the kernel's include/net, whose headers include each other as
   * `<net/sock.h>`) is named by that folder's name. A folder is one when at least
   * ROOT_FOLDER_MIN_INCLUDES distinct includes of it name a file the root holds, and most of its
   * distinct includes do (`<linux/…>` names mostly the kernel's other headers). Read once, on the
   * first include no other rule resolved.
   */
  private rootIncludeFolders(): ReadonlySet<string> {
    if (this.rootFolders) return this.rootFolders;
    const specs = new Map<string, Set<string>>();
    for (const file of this.files) {
      if (languageOf(file) !== 'c' && languageOf(file) !== 'cpp') continue;
      for (const m of file.text.matchAll(ANGLED_INCLUDE_IN_FOLDER)) {
        const known = specs.get(m[1]);
        if (known) known.add(m[2]);
        else specs.set(m[1], new Set([m[2]]));
      }
    }
    this.rootFolders = new Set();
    for (const [folder, rests] of specs) {
      // A folder the repository has is resolved by its own path, not as the root's name.
      if (this.dirs.has(folder)) continue;
      let atRoot = 0;
      for (const rest of rests) if (this.lookup(rest) !== null) atRoot++;
      if (atRoot >= ROOT_FOLDER_MIN_INCLUDES && atRoot * 2 > rests.size) this.rootFolders.add(folder);
    }
    return this.rootFolders;
  }

  /**
   * The header, and the file beside it that implements it by the C convention (`x.h` → `x.c`,
   * `x.cpp`…): what an includer calls through the header's prototypes is defined there.
   */
  private withImplementation(header: number, fromPath: string): number[] {
    const path = this.files[header].path;
    const dot = path.lastIndexOf('.');
    if (!/^\.(h|hh|hpp|hxx)$/i.test(path.slice(dot))) return [header];
    const stem = path.slice(0, dot);
    for (const extension of C_IMPLEMENTATION_EXTENSIONS) {
      const implementation = this.lookup(stem + extension);
      if (implementation !== null && this.files[implementation].path !== fromPath) return [header, implementation];
    }
    return [header];
  }

  /** `require 'a/b'`: lib/a/b.rb (any lib/ folder), a/b.rb; `./b` (require_relative) beside the file. */
  private resolveRuby(fromPath: string, spec: string): number[] | null {
    const path = spec.endsWith('.rb') ? spec : `${spec}.rb`;
    if (spec.startsWith('.')) {
      const beside = this.lookup(joinRelative(dirname(fromPath), path));
      return beside === null ? null : [beside];
    }
    const best = this.closest(fromPath, this.bySuffix(path), /(^|\/)lib\//);
    return best === null ? null : [best];
  }

  private indexComposer(dir: string, text: string): void {
    let composer: { autoload?: Record<string, unknown>; 'autoload-dev'?: Record<string, unknown> };
    try {
      composer = JSON.parse(text) as typeof composer;
    } catch {
      return;
    }
    for (const section of [composer.autoload, composer['autoload-dev']]) {
      const psr4 = section?.['psr-4'];
      if (!psr4 || typeof psr4 !== 'object') continue;
      for (const [prefix, dirs] of Object.entries(psr4 as Record<string, unknown>)) {
        for (const target of Array.isArray(dirs) ? dirs : [dirs]) {
          if (typeof target !== 'string') continue;
          const joined = joinPath(dir, target.replace(/\/+$/, ''));
          if (joined !== null) this.psr4.push([prefix.replace(/\\*$/, '\\').replace(/^\\$/, ''), joined]);
        }
      }
    }
    this.psr4.sort((a, b) => b[0].length - a[0].length);
  }

  /**
   * PHP `use A\\B\\C`: through composer.json's PSR-4 prefixes, else the file whose path ends
   * with the namespace's folders (`A/B/C.php`, then `B/C.php`…). `require`/`include`: a path
   * from the file's folder, else from the root.
   */
  private resolvePhp(fromPath: string, spec: string, kind: ImportRef['kind']): number[] | null {
    if (kind !== 'use') {
      const found = this.lookup(joinRelative(dirname(fromPath), spec)) ?? this.lookup(joinPath(spec));
      return found === null ? null : [found];
    }
    const name = spec.replace(/^\\/, '');
    for (const [prefix, dir] of this.psr4) {
      if (!name.startsWith(prefix)) continue;
      const found = this.lookup(joinPath(dir, `${name.slice(prefix.length).split('\\').join('/')}.php`));
      if (found !== null) return [found];
    }
    const segments = name.split('\\');
    for (let start = 0; start < segments.length; start++) {
      const matches = this.bySuffix(`${segments.slice(start).join('/')}.php`);
      if (matches.length > 0) return [this.closest(fromPath, matches, /(^|\/)src\//)!];
    }
    return null;
  }

  /**
   * `. ./lib.sh`, `source lib/x.sh` (from the file's folder, else anywhere), `$BASH_SOURCE.linux`
   * (the file's own name), `. /usr/share/gparted/bin/gl-functions` (where the file is installed:
   * the one file of the repository ending with the longest tail of that path; a tie is no link).
   */
  private resolveShell(fromPath: string, spec: string): number[] | null {
    if (spec.startsWith('$BASH_SOURCE')) {
      const own = this.lookup(fromPath + spec.slice('$BASH_SOURCE'.length));
      return own === null ? null : [own];
    }
    if (spec.startsWith('/')) {
      const segments = spec.split('/').filter(Boolean);
      for (let i = 0; i < segments.length; i++) {
        const found = this.bySuffix(segments.slice(i).join('/')).filter((index) => this.files[index].path !== fromPath);
        if (found.length > 0) return found.length === 1 ? found : null;
      }
      return null;
    }
    const beside = this.lookup(joinRelative(dirname(fromPath), spec));
    if (beside !== null) return [beside];
    const best = this.closest(fromPath, this.bySuffix(spec), /(^|\/)lib\//);
    return best === null ? null : [best];
  }

  /** `require("a.b")`: a/b.lua or a/b/init.lua, under any folder (lua/, src/, lib/…); the shortest path wins. */
  private resolveLua(spec: string): number[] | null {
    const path = spec.split('.').join('/');
    const candidates = [...this.bySuffix(`${path}.lua`), ...this.bySuffix(`${path}/init.lua`)];
    if (candidates.length === 0) return null;
    candidates.sort((a, b) => this.files[a].path.length - this.files[b].path.length);
    return [candidates[0]];
  }

  /**
   * Lua: the other files that fill the global table path `path` as file `from` reads it (none
   * when its first name is one of `from`'s own top-level locals: `sql.helpers` after `local sql =
   * …` is reached through that local's statement).
   */
  luaTableFillersOf(from: number, path: string): number[] {
    const dot = path.indexOf('.');
    if (dot < 0 || this.luaTopLevelLocals(from).has(path.slice(0, dot))) return [];
    return (this.luaTableFillers().get(path) ?? []).filter((i) => i !== from);
  }

  /**
   * Lua: the files that assign each global table path at their top level (`utilities.sql =
   * utilities.sql or { }`, `utilities.files = files`) or define a function at it (`function
   * table.is_simple_table(t)`): where a file's `local x = utilities.sql` reaches.
   */
  private luaTableFillers(): Map<string, number[]> {
    if (this.luaTables) return this.luaTables;
    const tables = new Map<string, number[]>();
    this.files.forEach((file, index) => {
      if (languageOf(file) !== 'lua') return;
      for (const m of file.text.matchAll(LUA_TOP_LEVEL_ASSIGNMENT)) {
        // `sql.helpers = helpers` fills the file's own local `sql`, not a global path.
        if (this.luaTopLevelLocals(index).has(m[1].slice(0, m[1].indexOf('.')))) continue;
        const known = tables.get(m[1]);
        if (!known) tables.set(m[1], [index]);
        else if (!known.includes(index)) known.push(index);
      }
    });
    return (this.luaTables = tables);
  }

  /** Lua: the names file p declares `local` at its top level (`local sql = …`, `local function f`). */
  private luaTopLevelLocals(p: number): Set<string> {
    let names = this.luaLocals.get(p);
    if (names) return names;
    names = new Set();
    for (const m of this.files[p].text.matchAll(LUA_TOP_LEVEL_LOCAL)) {
      const values = (m[2] ?? '').split(',').map((v) => v.trim());
      // `local table, string = table, string` keeps the globals under their own names.
      m[1].split(',').forEach((name, i) => {
        if (values[i] !== name.trim()) names.add(name.trim());
      });
    }
    this.luaLocals.set(p, names);
    return names;
  }

  /**
   * `dofile(modpath .. "/functions.lua")` (`./functions.lua`): beside the file; a literal path
   * from the root (the game's working folder); else the one file ending with it, or the one of
   * several sharing the most folders with the file (a tie, builtin/client/ or builtin/common/
   * chatcommands.lua from builtin/game/, is no link: the folder is in a value we do not read).
   */
  private resolveLuaFile(fromPath: string, spec: string): number[] | null {
    const exact = spec.startsWith('./')
      ? this.lookup(joinRelative(dirname(fromPath), spec))
      : this.lookup(joinPath(spec));
    if (exact !== null) return [exact];
    const candidates = this.bySuffix(spec);
    const shared = candidates.map((c) => sharedFolders(this.files[c].path, fromPath));
    const most = Math.max(-1, ...shared);
    const best = candidates.filter((_, i) => shared[i] === most);
    return best.length === 1 ? best : null;
  }

  // -------------------------------------------------------------------------------------
  // Names in packages and namespaces: C#, Kotlin, Scala, Swift

  /** `using A.B;`: the files declaring namespace A.B; `using static A.B.C`: C's files in A.B. */
  private resolveCsharp(spec: string): number[] | null {
    const files = this.filesByPackage.get(`csharp:${spec}`);
    if (files) return files;
    const dot = spec.lastIndexOf('.');
    if (dot < 0) return null;
    const owner = (this.filesByPackage.get(`csharp:${spec.slice(0, dot)}`) ?? []).filter((i) =>
      declaresName(this.files[i].text, spec.slice(dot + 1)),
    );
    return owner.length > 0 ? owner : null;
  }

  /**
   * Kotlin/Scala `import a.b.C` (the files of package a.b declaring C, or C's outer class),
   * `a.b.*`: every file of a.b. A Scala import may be relative to the packages the file is in
   * (`package scala.util` then `import parsing.input._`), so those prefixes are tried too.
   */
  private resolvePackaged(language: Language, text: string, spec: string, names: readonly string[]): number[] | null {
    const own = declaredPackage(text);
    const prefixes = [''];
    if (language === 'scala' && own) {
      const parts = own.split('.');
      for (let i = parts.length; i > 0; i--) prefixes.push(parts.slice(0, i).join('.') + '.');
    }
    for (const prefix of prefixes) {
      const found = this.packagedName(language, prefix + spec, names.includes('*'));
      if (found) return found;
    }
    return null;
  }

  private packagedName(language: Language, spec: string, wildcard: boolean): number[] | null {
    if (wildcard) {
      const files = this.filesByPackage.get(`${language}:${spec}`);
      if (files) return files;
    }
    const segments = spec.split('.');
    for (let i = segments.length - 1; i >= 1; i--) {
      const files = this.filesByPackage.get(`${language}:${segments.slice(0, i).join('.')}`);
      if (!files) continue;
      const declaring = files.filter((index) => declaresName(this.files[index].text, segments[i]));
      if (declaring.length > 0) return declaring;
    }
    return null;
  }

  /** Swift `import Module`: the files of the module's folder (a package's Sources/Module/). */
  private resolveSwiftModule(spec: string): number[] | null {
    const known = this.swiftModules.get(spec);
    if (known !== undefined) return known;
    const files: number[] = [];
    for (const list of this.byFileName.values()) {
      for (const index of list) {
        const path = this.files[index].path;
        if (path.endsWith('.swift') && (path.startsWith(`${spec}/`) || path.includes(`/${spec}/`))) files.push(index);
      }
    }
    const found = files.length > 0 ? files : null;
    this.swiftModules.set(spec, found);
    return found;
  }

  /** The longest prefix of `segments` that names a .java file by path suffix (a.b.C.member → a/b/C.java). */
  private javaClass(segments: string[]): number[] | null {
    for (let i = segments.length; i >= 1; i--) {
      const candidates = this.javaByFileName.get(segments[i - 1] + '.java');
      if (!candidates) continue;
      const suffix = segments.slice(0, i).join('/') + '.java';
      const matches = candidates.filter((index) => endsWithPath(this.files[index].path, suffix));
      if (matches.length > 0) return matches;
    }
    return null;
  }
}

// ---------------------------------------------------------------------------------------

/** Appends `value` to the list `map` keeps under `key`, starting the list on first use. */
export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function nonEmpty(list: (number | null)[]): number[] | null {
  const out = list.filter((x): x is number => x !== null);
  return out.length > 0 ? out : null;
}

/** How many leading folders two paths share. */
function sharedFolders(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
  return n;
}

function endsWithPath(path: string, suffix: string): boolean {
  return path === suffix || path.endsWith('/' + suffix);
}

/** `@scope/pkg/sub` → `@scope/pkg`; `lodash/fp` → `lodash`; `node:fs` stays. */
export function jsPackageName(spec: string): string {
  if (spec.startsWith('node:')) return spec;
  const parts = spec.split('/');
  return spec.startsWith('@') && parts.length > 1 ? parts[0] + '/' + parts[1] : parts[0];
}

/** `mod name;` (a module in a file of its own, not `mod name { … }`), pub or not: the name. */
const RUST_OUT_OF_LINE_MODULE = /^[ \t]*(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+([^\s;]+)\s*;/gm;

function rustExternalName(spec: string): string {
  const cleaned = spec.replace(/^(pub(\([^)]*\))?\s+)?(use\s+)?(::)?/, '').replace(/^mod\s+/, '');
  return cleaned.split(/::|[{;\s]/)[0] || spec;
}

/** `java.util.List` → `java.util` (the package: segments before the first capitalized one). */
function javaPackageName(spec: string): string {
  const segments = spec
    .replace(/^(import\s+)?(static\s+)?/, '')
    .replace(/;\s*$/, '')
    .split('.');
  const firstClass = segments.findIndex((s) => /^[A-Z]/.test(s) || s === '*');
  return (firstClass > 0 ? segments.slice(0, firstClass) : segments).join('.');
}

/**
 * Candidate targets of a package.json `exports` field for `subpath` ('.' or './x'), most
 * preferred first: subpath keys (exact, then the longest `*` pattern), conditions in
 * declaration order with type declarations last, `null` exclusions dropped.
 */
export function exportTargets(exports: unknown, subpath: string): string[] {
  if (typeof exports === 'string' || Array.isArray(exports)) return subpath === '.' ? conditionTargets(exports) : [];
  if (!exports || typeof exports !== 'object') return [];
  const map = exports as Record<string, unknown>;
  const keys = Object.keys(map);
  // Keys starting with '.' (exports) or '#' (imports) map subpaths; other keys are conditions.
  if (!keys.some((k) => k.startsWith('.') || k.startsWith('#'))) return subpath === '.' ? conditionTargets(map) : [];
  if (subpath in map) return conditionTargets(map[subpath]);
  let bestKey: string | null = null;
  let bestCapture = '';
  for (const key of keys) {
    const star = key.indexOf('*');
    if (star >= 0) {
      const prefix = key.slice(0, star);
      const suffix = key.slice(star + 1);
      if (
        subpath.startsWith(prefix) &&
        subpath.endsWith(suffix) &&
        subpath.length >= prefix.length + suffix.length &&
        (bestKey === null || prefix.length > bestKey.indexOf('*'))
      ) {
        bestKey = key;
        bestCapture = subpath.slice(prefix.length, subpath.length - suffix.length);
      }
    } else if (key.endsWith('/') && subpath.startsWith(key) && (bestKey === null || key.length > bestKey.length)) {
      bestKey = key; // legacy folder mapping "./features/": "./src/features/"
      bestCapture = subpath.slice(key.length);
    }
  }
  if (bestKey === null) return [];
  const isFolder = !bestKey.includes('*');
  return conditionTargets(map[bestKey]).map((t) => (isFolder ? t + bestCapture : t.split('*').join(bestCapture)));
}

function conditionTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(conditionTargets);
  if (!value || typeof value !== 'object') return [];
  const entries = Object.entries(value as Record<string, unknown>);
  const code = entries.filter(([k]) => !TYPE_CONDITIONS.has(k)).flatMap(([, v]) => conditionTargets(v));
  const types = entries.filter(([k]) => TYPE_CONDITIONS.has(k)).flatMap(([, v]) => conditionTargets(v));
  return [...code, ...types];
}
