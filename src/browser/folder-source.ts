/**
 * Turn what the user brought in — a dropped folder, a picked directory handle, or the
 * FileList of an `<input webkitdirectory>` — into repository-relative files, then read them.
 * .gitignore is applied while walking, so an ignored `node_modules/` or build folder is never
 * even listed. Contents are read here, on the page, with bounded concurrency
 * (readFolderFiles): every read is asynchronous, so the page's thread stays free, and the
 * bytes are then moved (transferred) to the index worker. Handing the worker the File objects
 * instead costs a synchronous stat per file on the page's thread when they are cloned
 * (measured: 1.9 s for the 6,153 files of the 10 MB bench tier, in one task; ≈ 1.3 ms a File),
 * and so does reading `file.size` at listing (≈ 0.5 ms a File). What remains is the browser's
 * own: filling an `<input webkitdirectory>` with 6,153 files is one 3.6 s task before its
 * change event (showDirectoryPicker, used where it exists, lists without it).
 */
import { GITIGNORE_FILE, IgnoreMatcher } from '../engine/intake/gitignore';
import { classifyByName } from '../engine/intake/classify';
import { byCodeUnits } from '../engine/code-unit-order';
import { Slicer } from './task-slices';
import type { IncomingFile } from './protocol';

/**
 * Files read at once: enough to hide each read's round trip to the browser process. Measured side
 * by side on the 10 MB tier's 6,153 files (built app, 5 runs each, load 1.2–3.9): 128 at once read
 * them in 3.3–4.5 s (median 3.5 s), 32 in 3.4–5.0 s (median 4.1 s).
 */
export const READ_CONCURRENCY = 128;
/** The page's thread is given back after this long: starting a File's read costs it a synchronous stat (≈ 0.2 ms). */
const FRAME_BUDGET_MS = 8;

export interface ReadProgress {
  done: number;
  total: number;
}

/**
 * Reads every listed file's bytes, READ_CONCURRENCY at a time, in listing order. Files the
 * intake would skip by name alone (images, archives, fonts…) are not read. A file the browser
 * refuses to read — it changed, moved or was removed after the folder was chosen — comes back
 * as `unreadable` and is left out whole by the index. Rejects with an AbortError on `signal`.
 */
export async function readFolderFiles(
  files: readonly IncomingFile[],
  options: {
    maxFileBytes: number;
    signal?: AbortSignal;
    onProgress?: (p: ReadProgress) => void;
    /** Each file as soon as it is read (or skipped by its name, or found unreadable). */
    onRead?: (file: IncomingFile) => void;
  },
): Promise<IncomingFile[]> {
  const out: IncomingFile[] = new Array(files.length);
  let done = 0;
  // Reads that complete together resume their lanes as microtasks of one task; starting the
  // next reads there could chain into a long task, so the thread is given back every frame —
  // behind the renders, messages and searches waiting on it: the first answer comes while the
  // folder is still read, and it is this thread that asks for it.
  const slices = new Slicer(FRAME_BUDGET_MS);
  await inPool(
    files.map((file, i) => ({ file, i })),
    READ_CONCURRENCY,
    async ({ file, i }) => {
      await slices.next();
      options.signal?.throwIfAborted();
      const { path, data } = file;
      if (data instanceof Uint8Array) out[i] = file;
      // Skipped by its name whatever it holds: not read, and no File crosses to the worker.
      else if (classifyByName(path, undefined, { maxFileBytes: options.maxFileBytes }))
        out[i] = { path, data: new Uint8Array(0) };
      else {
        try {
          const bytes = new Uint8Array(await data.arrayBuffer());
          out[i] = { path, size: bytes.byteLength, data: bytes };
        } catch (error) {
          out[i] = { path, data: new Uint8Array(0), unreadable: (error as Error).message || (error as Error).name };
        }
      }
      options.onRead?.(out[i]);
      done++;
      if (done % READ_CONCURRENCY === 0 || done === files.length) options.onProgress?.({ done, total: files.length });
    },
  );
  options.signal?.throwIfAborted();
  return out;
}

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
        if (child.kind === 'file')
          out.push({ name: child.name, kind: 'file', file: () => (child as FileSystemFileHandle).getFile() });
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

/** Directories listed, and files opened, at once while walking: enough to hide each call's round trip to the browser process. */
export const LISTING_CONCURRENCY = 16;

/** Runs `task` over `items`, at most `limit` at a time; resolves when all are done (rejects on the first failure). */
async function inPool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Lists a directory tree breadth-first, LISTING_CONCURRENCY directories at a time (every
 * call is an async round trip, so the page's thread stays free). A directory is listed only
 * after its parent, so the parent's .gitignore is known when its children are decided.
 */
async function walk(root: DirectoryLike): Promise<FolderContents> {
  const matcher = new IgnoreMatcher();
  const files: IncomingFile[] = [];
  let ignored = 0;
  let level: { dir: DirectoryLike; prefix: string }[] = [{ dir: root, prefix: '' }];
  while (level.length > 0) {
    const below: typeof level = [];
    await inPool(level, LISTING_CONCURRENCY, async ({ dir, prefix }) => {
      const children = await dir.list();
      const gitignore = children.find((c) => c.kind === 'file' && c.name === GITIGNORE_FILE);
      if (gitignore?.file) matcher.addIgnoreFile(prefix.replace(/\/$/, ''), await (await gitignore.file()).text());
      const wanted: { path: string; open: () => Promise<File> }[] = [];
      for (const child of children) {
        const path = prefix + child.name;
        if (matcher.isIgnored(path, child.kind === 'directory')) {
          ignored++;
          continue;
        }
        if (child.kind === 'directory' && child.dir) below.push({ dir: child.dir, prefix: path + '/' });
        else if (child.file) wanted.push({ path, open: child.file });
      }
      // No file.size: it would be a synchronous stat per file on the page's thread (see IncomingFile).
      await inPool(
        wanted,
        LISTING_CONCURRENCY,
        async ({ path, open }) => void files.push({ path, data: await open() }),
      );
    });
    level = below;
  }
  files.sort((a, b) => byCodeUnits(a.path, b.path));
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
    if (!matcher.isIgnored(path))
      matcher.addIgnoreFile(path.slice(0, Math.max(0, path.lastIndexOf('/'))), await file.text());
  }
  const files: IncomingFile[] = [];
  let ignored = 0;
  for (const file of all) {
    const path = relative(file);
    if (matcher.isIgnored(path)) ignored++;
    // No file.size here: it is a synchronous stat per file on the page's thread (see IncomingFile).
    else files.push({ path, data: file });
  }
  files.sort((a, b) => byCodeUnits(a.path, b.path));
  return { name, files, ignored };
}
