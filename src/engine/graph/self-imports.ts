/**
 * A repository that imports itself by its package name with nothing to say so (preact's
 * `import 'preact/devtools'` with no package.json in the tree): the import stays external, but
 * its path inside the package names a folder of the repository (`devtools/src/index.js`). That
 * is a use by name, unresolved: shown apart, never a dependency.
 */

/** Folders a package's entry sits under, dropped from a file's module path (`devtools/src/index.js` → devtools). */
const ENTRY_FOLDERS: ReadonlySet<string> = new Set(['src', 'lib', 'dist', 'source']);

/**
 * The paths a package import could name a file by: its path without the extension, without a
 * trailing `/index`, and without the entry folder before that (`devtools/src/index.js` →
 * devtools/src/index, devtools/src, devtools; `src/hooks.js` → src/hooks, hooks).
 */
export function modulePathsOf(path: string): string[] {
  const stem = path.replace(/\.[cm]?[jt]sx?$/, '');
  if (stem === path) return [];
  const out = [stem];
  let rest = stem;
  if (rest.endsWith('/index')) out.push((rest = rest.slice(0, -'/index'.length)));
  const parts = rest.split('/');
  if (parts.length > 1 && ENTRY_FOLDERS.has(parts[parts.length - 1])) out.push(parts.slice(0, -1).join('/'));
  if (parts.length > 1 && ENTRY_FOLDERS.has(parts[0])) out.push(parts.slice(1).join('/'));
  return out;
}

/** An external import naming a path inside its package: its record, its package and that path. */
export interface SubpathImport {
  record: number;
  packageName: string;
  subpath: string;
}

/**
 * The packages that are the repository itself: those of which at least two different paths
 * name files of the repository (preact/hooks and preact/devtools; one `lodash/debounce` beside
 * a `src/debounce.js` is no sign of it).
 */
export function selfPackages(imports: readonly SubpathImport[], isModulePath: (path: string) => boolean): Set<string> {
  const named = new Map<string, Set<string>>();
  for (const { packageName, subpath } of imports) {
    if (!isModulePath(subpath)) continue;
    const set = named.get(packageName);
    if (set) set.add(subpath);
    else named.set(packageName, new Set([subpath]));
  }
  return new Set([...named].filter(([, paths]) => paths.size >= 2).map(([name]) => name));
}
