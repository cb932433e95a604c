/**
 * Turn what the user brought in — a dropped folder, a picked directory handle, or the
 * FileList of an `<input webkitdirectory>` — into repository-relative files. Only the
 * directory listing happens here (cheap); file contents are read later, in the index
 * worker. .gitignore is applied while walking, so an ignored `node_modules/` or build
 * folder is never even listed.
 */
import { GITIGNORE_FILE, IgnoreMatcher } from '../engine/intake/gitignore';
import type { IncomingFile } from './protocol';

export interface FolderContents {
  /** The folder's own name: the repository's name in the list. */
  name: string;
  files: IncomingFile[];
  /** Files and folders left out by .gitignore, the defaults or VCS metadata. */
  ignored: number;
}

/** A directory, whichever API it came from. */
interface DirectoryLike {
  name: string;
  list(): Promise<{ name: string; kind: 'file' | 'directory'; file?: () => Promise<File>; dir?: DirectoryLike }[]>;
}

function fromHandle(handle: FileSystemDirectoryHandle): DirectoryLike {
  return {
    name: handle.name,
    async list() {
      const out: Awaited<ReturnType<DirectoryLike['list']>> = [];
      for await (const child of (handle as unknown as { values(): AsyncIterable<FileSystemHandle> }).values()) {
        if (child.kind === 'file') out.push({ name: child.name, kind: 'file', file: () => (child as FileSystemFileHandle).getFile() });
        else out.push({ name: child.name, kind: 'directory', dir: fromHandle(child as FileSystemDirectoryHandle) });
      }
      return out;
    },
  };
}

function fromEntry(entry: FileSystemDirectoryEntry): DirectoryLike {
  return {
    name: entry.name,
    async list() {
      const reader = entry.createReader();
      const children: FileSystemEntry[] = [];
      // readEntries answers in batches (100 in Chromium) until an empty batch.
      for (;;) {
        const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
        if (batch.length === 0) break;
        children.push(...batch);
      }
      return children.map((child) =>
        child.isFile
          ? {
              name: child.name,
              kind: 'file' as const,
              file: () => new Promise<File>((resolve, reject) => (child as FileSystemFileEntry).file(resolve, reject)),
            }
          : { name: child.name, kind: 'directory' as const, dir: fromEntry(child as FileSystemDirectoryEntry) },
      );
    },
  };
}

async function walk(root: DirectoryLike): Promise<FolderContents> {
  const matcher = new IgnoreMatcher();
  const files: IncomingFile[] = [];
  let ignored = 0;
  const pending: { dir: DirectoryLike; prefix: string }[] = [{ dir: root, prefix: '' }];
  while (pending.length > 0) {
    const { dir, prefix } = pending.shift()!;
    const children = await dir.list();
    const gitignore = children.find((c) => c.kind === 'file' && c.name === GITIGNORE_FILE);
    if (gitignore?.file) matcher.addIgnoreFile(prefix.replace(/\/$/, ''), await (await gitignore.file()).text());
    for (const child of children) {
      const path = prefix + child.name;
      if (matcher.isIgnored(path, child.kind === 'directory')) {
        ignored++;
        continue;
      }
      if (child.kind === 'directory' && child.dir) pending.push({ dir: child.dir, prefix: path + '/' });
      else if (child.file) {
        const file = await child.file();
        files.push({ path, size: file.size, data: file });
      }
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { name: root.name, files, ignored };
}

export function readDirectoryHandle(handle: FileSystemDirectoryHandle): Promise<FolderContents> {
  return walk(fromHandle(handle));
}

/** The folder of a drop, via getAsFileSystemHandle where available, else webkitGetAsEntry. */
export async function readDroppedFolder(items: DataTransferItemList): Promise<FolderContents | null> {
  // Both APIs must be called synchronously inside the drop event; collect first, await later.
  const handles: Promise<FileSystemHandle | null>[] = [];
  const entries: (FileSystemEntry | null)[] = [];
  for (const item of Array.from(items)) {
    if (item.kind !== 'file') continue;
    const withHandle = item as DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };
    if (withHandle.getAsFileSystemHandle) handles.push(withHandle.getAsFileSystemHandle());
    entries.push(item.webkitGetAsEntry());
  }
  for (const pending of handles) {
    const handle = await pending.catch(() => null);
    if (handle?.kind === 'directory') return readDirectoryHandle(handle as FileSystemDirectoryHandle);
  }
  const entry = entries.find((e) => e?.isDirectory);
  return entry ? walk(fromEntry(entry as FileSystemDirectoryEntry)) : null;
}

/** The FileList of `<input webkitdirectory>`: every file, with `webkitRelativePath` = "folder/sub/file". */
export async function readFileList(list: FileList | File[]): Promise<FolderContents | null> {
  const all = Array.from(list);
  if (all.length === 0) return null;
  const relative = (file: File) => {
    const full = file.webkitRelativePath || file.name;
    const slash = full.indexOf('/');
    return slash >= 0 ? full.slice(slash + 1) : full;
  };
  const first = all[0].webkitRelativePath || all[0].name;
  const name = first.includes('/') ? first.slice(0, first.indexOf('/')) : 'folder';
  const matcher = new IgnoreMatcher();
  // .gitignore files first, shallowest first, so each applies before the paths below it.
  const ignoreFiles = all
    .filter((f) => relative(f).split('/').pop() === GITIGNORE_FILE)
    .sort((a, b) => relative(a).split('/').length - relative(b).split('/').length);
  for (const file of ignoreFiles) {
    const path = relative(file);
    if (!matcher.isIgnored(path)) matcher.addIgnoreFile(path.slice(0, Math.max(0, path.lastIndexOf('/'))), await file.text());
  }
  const files: IncomingFile[] = [];
  let ignored = 0;
  for (const file of all) {
    const path = relative(file);
    if (matcher.isIgnored(path)) ignored++;
    else files.push({ path, size: file.size, data: file });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { name, files, ignored };
}
