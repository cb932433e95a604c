/**
 * How a path becomes words, one way for every reader: each folder's and the file's name without
 * its extension (its stem), and the identifier words of each (tokens.ts splitIdentifier).
 */

import { splitIdentifier } from './tokens';

/**
 * A file's or folder's name without its extension (`linux-os` for linux-os.c, `config.d` for
 * config.d.ts). A name whose only dot is its first (`.github`, `.bashrc`) is all name: a hidden
 * file has no extension.
 */
export function stemOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The stems of a path's folders and file, in order: arch, PowerPC, PPCMapping for arch/PowerPC/PPCMapping.c. */
export function placeStems(path: string): string[] {
  return path.split('/').map(stemOfName);
}

/** A path's file name without its extension: `linux-os` for src/linux-os.c. */
export function fileStem(path: string): string {
  return stemOfName(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * The name an anonymous `export default function` goes by: its file's, as its importers and
 * bundlers name it (`r-squared.js` → `rSquared`), an index file's its folder's; '' for none.
 */
export function defaultExportName(path: string): string {
  const stems = placeStems(path);
  const stem = stems.length > 1 && stems[stems.length - 1] === 'index' ? stems[stems.length - 2] : fileStem(path);
  const words = stem.split(/[^A-Za-z0-9_$]+/).filter((w) => w.length > 0);
  if (words.length === 0) return '';
  const name =
    words[0] +
    words
      .slice(1)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('');
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** The words of a path's file name, lower-cased: `linux`, `os` for src/linux-os.c. */
export function fileNameWords(path: string): Set<string> {
  return new Set(splitIdentifier(fileStem(path)));
}

/**
 * The words of a path's place: each folder's and the file's stem as one lower-cased word and
 * split into its words (`arch/PowerPC/PPCMapping.c` → arch, powerpc, power, pc, ppcmapping, ppc,
 * mapping). C writes its module's place before its names (`PPC_reg_name`, `opr_rbtree_insert` in
 * opr/rbtree.c): these are the words such a prefix repeats.
 */
export function placeWords(path: string): Set<string> {
  const place = new Set<string>();
  for (const stem of placeStems(path)) {
    place.add(stem.toLowerCase().replace(/[^a-z0-9]/g, ''));
    for (const t of splitIdentifier(stem)) place.add(t);
  }
  return place;
}
