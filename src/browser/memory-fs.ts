/**
 * A tiny in-memory file system with the `promises` API isomorphic-git needs. A clone with
 * `noCheckout` writes only `.git/` (a packfile, its index, refs, config), so a Map of paths
 * is enough and far faster than an IndexedDB-backed fs: nothing here outlives the clone.
 */

interface FileEntry {
  kind: 'file';
  data: Uint8Array;
  mtimeMs: number;
}
interface DirectoryEntry {
  kind: 'dir';
  mtimeMs: number;
}
interface SymlinkEntry {
  kind: 'symlink';
  target: string;
  mtimeMs: number;
}
type Entry = FileEntry | DirectoryEntry | SymlinkEntry;

class FsError extends Error {
  constructor(
    readonly code: string,
    path: string,
  ) {
    super(`${code}: ${path}`);
  }
}

function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return '/' + parts.join('/');
}

function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

let nextInode = 1;

function statOf(entry: Entry, path: string) {
  let size = 0;
  let mode = 0o120000;
  if (entry.kind === 'file') {
    size = entry.data.byteLength;
    mode = 0o100644;
  } else if (entry.kind === 'symlink') size = entry.target.length;
  else if (entry.kind === 'dir') mode = 0o040755;
  return {
    type: entry.kind,
    mode,
    size,
    ino: nextInode++,
    dev: 1,
    uid: 1,
    gid: 1,
    mtimeMs: entry.mtimeMs,
    ctimeMs: entry.mtimeMs,
    path,
    isFile: () => entry.kind === 'file',
    isDirectory: () => entry.kind === 'dir',
    isSymbolicLink: () => entry.kind === 'symlink',
  };
}

export class MemoryFs {
  private readonly entries = new Map<string, Entry>([['/', { kind: 'dir', mtimeMs: Date.now() }]]);

  /** Total bytes held, for memory reporting. */
  get bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) if (entry.kind === 'file') total += entry.data.byteLength;
    return total;
  }

  readonly promises = {
    readFile: async (path: string, options?: { encoding?: string } | string) => {
      const entry = this.entries.get(normalize(path));
      if (!entry) throw new FsError('ENOENT', path);
      if (entry.kind !== 'file') throw new FsError('EISDIR', path);
      const encoding = typeof options === 'string' ? options : options?.encoding;
      return encoding === 'utf8' ? new TextDecoder().decode(entry.data) : entry.data;
    },
    writeFile: async (path: string, data: Uint8Array | string) => {
      const key = normalize(path);
      const parent = this.entries.get(parentOf(key));
      if (!parent) throw new FsError('ENOENT', path);
      if (parent.kind !== 'dir') throw new FsError('ENOTDIR', path);
      const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data);
      this.entries.set(key, { kind: 'file', data: bytes, mtimeMs: Date.now() });
    },
    unlink: async (path: string) => {
      const key = normalize(path);
      const entry = this.entries.get(key);
      if (!entry) throw new FsError('ENOENT', path);
      if (entry.kind === 'dir') throw new FsError('EISDIR', path);
      this.entries.delete(key);
    },
    readdir: async (path: string) => {
      const key = normalize(path);
      const entry = this.entries.get(key);
      if (!entry) throw new FsError('ENOENT', path);
      if (entry.kind !== 'dir') throw new FsError('ENOTDIR', path);
      const prefix = key === '/' ? '/' : key + '/';
      const names: string[] = [];
      for (const other of this.entries.keys()) {
        if (other !== key && other.startsWith(prefix) && !other.slice(prefix.length).includes('/')) {
          names.push(other.slice(prefix.length));
        }
      }
      return names;
    },
    mkdir: async (path: string) => {
      const key = normalize(path);
      if (this.entries.has(key)) throw new FsError('EEXIST', path);
      const parent = this.entries.get(parentOf(key));
      if (!parent) throw new FsError('ENOENT', path);
      this.entries.set(key, { kind: 'dir', mtimeMs: Date.now() });
    },
    rmdir: async (path: string) => {
      const key = normalize(path);
      const entry = this.entries.get(key);
      if (!entry) throw new FsError('ENOENT', path);
      if (entry.kind !== 'dir') throw new FsError('ENOTDIR', path);
      const prefix = key + '/';
      for (const other of this.entries.keys()) if (other.startsWith(prefix)) throw new FsError('ENOTEMPTY', path);
      this.entries.delete(key);
    },
    stat: async (path: string) => {
      const key = normalize(path);
      let entry = this.entries.get(key);
      if (entry?.kind === 'symlink') entry = this.entries.get(normalize(entry.target));
      if (!entry) throw new FsError('ENOENT', path);
      return statOf(entry, key);
    },
    lstat: async (path: string) => {
      const key = normalize(path);
      const entry = this.entries.get(key);
      if (!entry) throw new FsError('ENOENT', path);
      return statOf(entry, key);
    },
    readlink: async (path: string) => {
      const entry = this.entries.get(normalize(path));
      if (!entry) throw new FsError('ENOENT', path);
      if (entry.kind !== 'symlink') throw new FsError('EINVAL', path);
      return entry.target;
    },
    symlink: async (target: string, path: string) => {
      this.entries.set(normalize(path), { kind: 'symlink', target, mtimeMs: Date.now() });
    },
    chmod: async () => {},
  };
}
