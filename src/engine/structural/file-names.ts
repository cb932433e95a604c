/**
 * The files a typed path names (`console.py`, `router/index`, `lib/router/index.js`, `Makefile`,
 * `utils` for utils/__init__.py), each with how it answers: one resolver for going to a file, as
 * an editor's "go to file" does (the file at that path first, then files of the same name in
 * other folders, ranked by how much of the typed path their own path repeats, then names that
 * only end with it: `_winconsole.py` for `console.py`), and for the graph's questions about a
 * file, which keep the files at the whole path typed alone.
 */

import { byCodeUnits } from '../code-unit-order';

/**
 * How a file's name answers the name typed, best first: `module` is a folder's module file
 * (index, __init__, mod) for the folder's path typed, as imports name it (`utils` → utils/__init__.py).
 */
export type FileNameMatchKind = 'name' | 'stem' | 'module' | 'name-ignoring-case' | 'name-ending' | 'in-folder';
const KIND_ORDER: readonly FileNameMatchKind[] = [
  'name',
  'stem',
  'module',
  'name-ignoring-case',
  'name-ending',
  'in-folder',
];
/** After the whole path typed: the name elsewhere (1), a name ending with it (2), a folder's files (3). */
const GROUP_OF_KIND: Readonly<Record<FileNameMatchKind, number>> = {
  name: 1,
  stem: 1,
  module: 1,
  'name-ignoring-case': 1,
  'name-ending': 2,
  'in-folder': 3,
};
/** The file a folder is imported as: JavaScript's index, Python's __init__, Rust's mod (stemOf's extensions). */
const MODULE_FILE = /^(?:index|__init__|mod)(?:\.d\.ts|\.[^.]+)?$/;

export interface FileNameMatch {
  /** Position of the path in the list searched. */
  file: number;
  kind: FileNameMatchKind;
  /** Parts of the typed path the file's path has, the name included, read from the end in order. */
  parts: number;
  /** Parts the typed path has. */
  of: number;
  /** The whole typed path is the end of the file's path (`router/index.js` for lib/router/index.js). */
  whole: boolean;
  /** The whole typed path is the file's path from the repository's root. */
  fromRoot: boolean;
}

/** A name typed without its extension must be this long to be found at the end of longer names. */
const MIN_ENDING_CHARS = 3;

/** The files a typed path names, best first (see the module's comment). */
export function filesMatchingTyped(paths: readonly string[], typed: string): FileNameMatch[] {
  const folderTyped = typed.endsWith('/');
  const wanted = typed
    .replace(/^(?:\.\.?\/)+|^\//, '')
    .split('/')
    .filter(Boolean);
  if (wanted.length === 0) return [];
  const name = wanted[wanted.length - 1];
  const lowerName = name.toLowerCase();
  const typedExtension = /\.[A-Za-z0-9]+$/.test(name);
  const out: FileNameMatch[] = [];
  // Folders are compared as text (`a/b` ends `x/a/b` after a slash): this runs over every path
  // of the repository, for each word of a question about a file, and splits only the files that match.
  const nameFolders = new FolderPath(wanted.slice(0, -1));
  const allFolders = new FolderPath(wanted);
  paths.forEach((path, file) => {
    const slash = path.lastIndexOf('/');
    const folder = slash < 0 ? '' : path.slice(0, slash);
    const base = path.slice(slash + 1);
    let kind: FileNameMatchKind | null;
    let typed = nameFolders;
    if (folderTyped) {
      // `src/engine/`: the files directly in a folder whose path ends with it.
      kind = allFolders.endsOf(folder) ? 'in-folder' : null;
      typed = allFolders;
    } else kind = nameMatch(base, name, lowerName, typedExtension);
    if (kind === null && !folderTyped && MODULE_FILE.test(base) && allFolders.endsOf(folder))
      [kind, typed] = ['module', allFolders];
    // `router/index` where router/index/ is a folder (a Go package): its files, after any file so named.
    if (kind === null && !folderTyped && !typedExtension && wanted.length > 1 && allFolders.endsOf(folder))
      [kind, typed] = ['in-folder', allFolders];
    if (kind === null) return;
    const whole = kind !== 'name-ending' && typed.endsOf(folder);
    out.push({
      file,
      kind,
      // A file in the folder typed, or its module file, matches its folders alone; any other, its name too.
      parts: (kind === 'in-folder' || kind === 'module' ? 0 : 1) + foldersInOrder(folder.split('/'), typed.parts),
      of: wanted.length,
      whole,
      fromRoot: whole && folder === typed.path,
    });
  });
  return out.sort(
    (a, b) =>
      group(a) - group(b) ||
      b.parts - a.parts ||
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      depth(paths[a.file]) - depth(paths[b.file]) ||
      byCodeUnits(paths[a.file], paths[b.file]),
  );
}

/**
 * The file at the whole path typed; then files of that name elsewhere; then names ending with it;
 * then the files of a folder typed.
 */
function group(m: FileNameMatch): number {
  if (m.whole && m.parts === m.of && m.kind !== 'in-folder') return 0;
  return GROUP_OF_KIND[m.kind];
}

/** How a file's base name answers the typed name, or null. */
function nameMatch(base: string, name: string, lowerName: string, typedExtension: boolean): FileNameMatchKind | null {
  if (base === name) return 'name';
  const stem = stemOf(base);
  // `router/index` names router/index.js, `user.service` user.service.ts: a path typed without its
  // extension, as imports write it (a dot in the name typed may be the name's own).
  if (stem === name) return 'stem';
  const lowerBase = base.toLowerCase();
  if (lowerBase === lowerName || stem.toLowerCase() === lowerName) return 'name-ignoring-case';
  const ending = typedExtension ? lowerBase : stem.toLowerCase();
  return name.length >= MIN_ENDING_CHARS && ending.endsWith(lowerName) ? 'name-ending' : null;
}

/** Typed folders, as parts and as the path they make. */
class FolderPath {
  readonly path: string;
  private readonly below: string;
  constructor(readonly parts: readonly string[]) {
    this.path = parts.join('/');
    this.below = '/' + this.path;
  }

  /** Whether a file's folder path ends with these folders, part by part (any folder when there are none). */
  endsOf(folder: string): boolean {
    return this.path === '' || folder === this.path || folder.endsWith(this.below);
  }
}

/** How many of the typed folders the path's folders have, in order, read from the end (`lib/index.js` in lib/router/). */
function foldersInOrder(folders: readonly string[], typed: readonly string[]): number {
  let found = 0;
  let at = folders.length - 1;
  for (let t = typed.length - 1; t >= 0 && at >= 0; t--) {
    let i = at;
    while (i >= 0 && folders[i] !== typed[t]) i--;
    if (i < 0) continue;
    found++;
    at = i - 1;
  }
  return found;
}

/** A file's name without its extension, a TypeScript declaration file's `.d.ts` as one. */
function stemOf(base: string): string {
  return base.replace(/\.d\.ts$|\.[^.]+$/, '');
}

function depth(path: string): number {
  let n = 0;
  for (const c of path) if (c === '/') n++;
  return n;
}

/**
 * Why a file answers the path typed, in words: `the path typed, console.py`, `named node.go, in
 * another folder: 1 of the 2 parts of raft/node.go`.
 */
export function fileNameReason(typed: string, match: FileNameMatch): string {
  const bare = typed.replace(/\/$/, '');
  const name = bare.slice(bare.lastIndexOf('/') + 1);
  const how: Record<FileNameMatchKind, string> = {
    name: `named ${name}`,
    stem: `named ${name} without its extension`,
    'name-ignoring-case': `named ${name}, ignoring case`,
    module: `the module file of the folder ${bare}`,
    'name-ending': `its name ends with ${name}`,
    'in-folder': `in the folder ${typed}`,
  };
  if (match.of === 1 || match.kind === 'module')
    return match.kind === 'name' ? `the file typed, ${typed}` : how[match.kind];
  if (match.whole && match.parts === match.of) return `${how[match.kind]}: the whole path typed, ${typed}`;
  return `${how[match.kind]}, in another folder: ${match.parts} of the ${match.of} parts of ${typed}`;
}
