/**
 * The cached index's freshness, checked without walking the folder: the walk that built the
 * index records every folder it listed and every file it yielded (path, size, modification
 * time), and the next run stats exactly those.
 *
 * - A folder's modification time changes whenever a name in it is added, removed or renamed,
 *   so an unchanged folder has the same listing: no readdir, no .gitignore rules to apply.
 * - A file changed in place keeps its folder's time but not its own size and time (git's
 *   index makes the same bet), so every recorded file is stat'ed.
 * - A .gitignore is recorded even when it ignores itself: its rules decide the listing's fate.
 * - Anything the record cannot vouch for (a symbolic link, whose target may change without any
 *   of these times moving; a stat that failed; a time as late as the record) makes the check
 *   answer "unknown", and the caller walks the folder as before.
 */
import { lstatSync, statSync } from 'node:fs';
import { sep } from 'node:path';
import type { SkippedFile } from '../engine/intake/intake';

/** What a walk saw, in columns (JSON in the cache manifest). */
export interface StoredTree {
  dirs: string[];
  dirMtimes: number[];
  files: string[];
  sizes: number[];
  mtimes: number[];
  /** The walk's skips, as the run that trusts the record reports them. */
  skips: SkippedFile[];
  /** The latest modification time recorded (ms since the epoch). */
  newestMtimeMs: number;
  /** When the walk began, before any of its stats and reads (ms since the epoch). */
  recordedAt: number;
}

/** A record of no files yet, begun at `recordedAt`. */
export function emptyTree(recordedAt: number, dirs: string[] = []): StoredTree {
  return { dirs, dirMtimes: [], files: [], sizes: [], mtimes: [], skips: [], newestMtimeMs: 0, recordedAt };
}

/** Collects a walk's folders and files; `stored()` is null when the record cannot vouch for the tree. */
export class TreeRecorder {
  private readonly tree: StoredTree = emptyTree(Date.now());
  private unsure = false;

  directory(path: string, mtimeMs: number | undefined): void {
    if (mtimeMs === undefined) this.unsure = true;
    else this.add(this.tree.dirs, path, this.tree.dirMtimes, mtimeMs);
  }

  file(path: string, size: number | undefined, mtimeMs: number | undefined, viaLink = false): void {
    if (size === undefined || mtimeMs === undefined || viaLink) {
      this.unsure = true;
      return;
    }
    this.add(this.tree.files, path, this.tree.mtimes, mtimeMs);
    this.tree.sizes.push(size);
  }

  skip(skip: SkippedFile): void {
    // A link's target, and a folder that could not be listed, may change with no time here moving.
    if (skip.reason === 'symlink' || skip.reason === 'unreadable') this.unsure = true;
    this.tree.skips.push(skip);
  }

  stored(): StoredTree | null {
    return this.unsure ? null : this.tree;
  }

  private add(paths: string[], path: string, mtimes: number[], mtimeMs: number): void {
    paths.push(path);
    mtimes.push(mtimeMs);
    if (mtimeMs > this.tree.newestMtimeMs) this.tree.newestMtimeMs = mtimeMs;
  }
}

/**
 * Whether every recorded folder and file under `root` still has its recorded times (and files
 * their sizes and kind). `raceMs`: a time this close to the walk's start is not trusted (a
 * change in the same clock tick as the one recorded leaves the time as it was).
 */
export function treeUnchanged(root: string, tree: StoredTree, raceMs: number): boolean {
  if (!(tree.newestMtimeMs < tree.recordedAt - raceMs)) return false;
  // Concatenated, not path.join: the recorded paths are already normal ('/'-separated, no dots),
  // and join's normalizing was a sixth of this loop.
  const under = root.endsWith(sep) ? root : root + sep;
  for (let i = 0; i < tree.dirs.length; i++) {
    const info = statSync(tree.dirs[i] === '' ? root : under + tree.dirs[i], { throwIfNoEntry: false });
    if (!info?.isDirectory() || info.mtimeMs !== tree.dirMtimes[i]) return false;
  }
  for (let i = 0; i < tree.files.length; i++) {
    const info = lstatSync(under + tree.files[i], { throwIfNoEntry: false });
    if (!info?.isFile() || info.size !== tree.sizes[i] || info.mtimeMs !== tree.mtimes[i]) return false;
  }
  return true;
}

/** A stored tree read from JSON: its columns present and of one length each, else null. */
export function parsedTree(value: unknown): StoredTree | null {
  const t = value as Partial<StoredTree> | null | undefined;
  if (!t || typeof t !== 'object') return null;
  const columns = [t.dirs, t.dirMtimes, t.files, t.sizes, t.mtimes, t.skips];
  if (!columns.every(Array.isArray) || typeof t.newestMtimeMs !== 'number' || typeof t.recordedAt !== 'number')
    return null;
  if (t.dirs!.length !== t.dirMtimes!.length) return null;
  if (t.files!.length !== t.sizes!.length || t.files!.length !== t.mtimes!.length) return null;
  return t as StoredTree;
}
