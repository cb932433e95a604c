/**
 * Decides whether one file's bytes become indexed text, and says why not when they don't.
 * Pure: no I/O, runs in workers and in Node.
 */

/** Files larger than this are skipped as oversized: lock files, generated JSON, minified bundles. */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** At most this many files enter one index; the rest are reported, not silently dropped. */
export const DEFAULT_MAX_FILES = 50_000;

/** A NUL byte in this many leading bytes marks a file binary (git's own heuristic uses 8000). */
export const BINARY_SNIFF_BYTES = 8 * 1024;

/**
 * Invalid UTF-8 is decoded with U+FFFD replacements and kept when at most this fraction of
 * the decoded characters are replacements: a Latin-1 file with a few accented comments
 * stays searchable, while mis-detected binary (typically 30–50 % replacements) is skipped.
 */
export const MAX_REPLACEMENT_RATIO = 0.01;

/** Always tolerate this many bad sequences, so one stray byte in a tiny file does not drop it. */
export const MIN_TOLERATED_REPLACEMENTS = 4;

/**
 * Extensions whose content is never source text. Checked before reading, so a 200 MB video
 * in a dropped folder costs nothing.
 */
export const BINARY_EXTENSIONS: ReadonlySet<string> = new Set([
  // images
  'png',
  'jpg',
  'jpeg',
  'gif',
  'bmp',
  'ico',
  'icns',
  'webp',
  'avif',
  'tif',
  'tiff',
  'psd',
  'heic',
  'xcf',
  'cur',
  // fonts
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  // archives and packages
  'zip',
  'gz',
  'tgz',
  'bz2',
  'xz',
  'zst',
  '7z',
  'rar',
  'tar',
  'jar',
  'war',
  'ear',
  'apk',
  'aar',
  'deb',
  'rpm',
  'dmg',
  'iso',
  'whl',
  'egg',
  'nupkg',
  'crate',
  'gem',
  // compiled code and native libraries
  'wasm',
  'exe',
  'dll',
  'so',
  'dylib',
  'a',
  'lib',
  'o',
  'obj',
  'class',
  'pyc',
  'pyo',
  'pyd',
  'node',
  'pdb',
  'beam',
  'elc',
  'dex',
  // documents
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  // audio and video
  'mp3',
  'mp4',
  'm4a',
  'm4v',
  'wav',
  'ogg',
  'oga',
  'flac',
  'aac',
  'webm',
  'mov',
  'avi',
  'mkv',
  'wmv',
  'mpg',
  'mpeg',
  // data blobs and models
  'db',
  'sqlite',
  'sqlite3',
  'mdb',
  'bin',
  'dat',
  'pack',
  'idx',
  'npy',
  'npz',
  'pkl',
  'pickle',
  'onnx',
  'pt',
  'pth',
  'h5',
  'hdf5',
  'parquet',
  'avro',
  'orc',
  'tfrecord',
  'safetensors',
  'gguf',
  // design and misc
  'sketch',
  'fig',
  'blend',
  'fbx',
  'glb',
  'swf',
  'ds_store',
]);

/**
 * Why a file is not indexed. Code decides on this code, never on `detail`, which only words it
 * (skipDetail) for people.
 */
export type IntakeSkipCode =
  /** A .gitignore line, a Settings pattern, a default (node_modules/) or VCS metadata excludes it. */
  | 'ignored'
  /** A binary file type, a NUL byte, or UTF-16/32 text holding NUL characters. */
  | 'binary'
  | 'oversized'
  /** Too many bytes that are not UTF-8 to be text. */
  | 'invalid-utf8'
  /** Listed, but reading it failed (permissions, I/O, gone or changed, a link swapped meanwhile). */
  | 'unreadable'
  /** Empty, NUL or `..`: could name something outside the repository. */
  | 'unsafe-path'
  /** A control character in the path, which no line-based output (CLI, MCP) could show as one path. */
  | 'unrepresentable-path'
  /** Another file was already taken with this path: two files never share one. */
  | 'duplicate-path'
  /** A symbolic link that is not followed: to a directory, out of the repository, or broken. */
  | 'symlink'
  /** A FIFO, socket or device. */
  | 'not-a-file'
  /** Anything else a source reports without a finer code. */
  | 'unsupported';

/** The former name of IntakeSkipCode. */
export type SkipReason = IntakeSkipCode;

const SKIP_WORDS: Readonly<Record<IntakeSkipCode, string>> = {
  ignored: 'ignored',
  binary: 'binary',
  oversized: 'too large',
  'invalid-utf8': 'not UTF-8',
  unreadable: 'unreadable',
  'unsafe-path': 'unsafe path (empty, NUL or "..")',
  'unrepresentable-path': 'a control character in the path',
  'duplicate-path': 'another file has the same path',
  symlink: 'symlink not followed',
  'not-a-file': 'not a regular file',
  unsupported: 'not supported',
};

/** The sentence for a skip: its code's words, then what is particular to this file. */
export function skipDetail(code: IntakeSkipCode, note?: string): string {
  return note ? `${SKIP_WORDS[code]}: ${note}` : SKIP_WORDS[code];
}

/** A refused file: its code, and the sentence for people (skipDetail of the code and the particulars). */
export interface Refusal {
  accept: false;
  reason: IntakeSkipCode;
  detail: string;
}

function refuse(reason: IntakeSkipCode, note?: string): Refusal {
  return { accept: false, reason, detail: skipDetail(reason, note) };
}

export interface IntakeLimits {
  maxFileBytes: number;
}

export type FileVerdict =
  | {
      accept: true;
      text: string;
      /** Bad UTF-8 sequences replaced by U+FFFD (0 for valid files). */ replacements: number;
    }
  | Refusal;

export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  // A leading dot is a hidden file, not an extension (".DS_Store" is handled by name below).
  if (dot <= 0) return name.toLowerCase() === '.ds_store' ? 'ds_store' : '';
  return name.slice(dot + 1).toLowerCase();
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

/**
 * The checks that need only the name and size: run before reading a file so skipped
 * files are never read. null = read it and call classifyFile.
 */
export function classifyByName(path: string, size: number | undefined, limits: IntakeLimits): Refusal | null {
  const ext = extensionOf(path);
  if (BINARY_EXTENSIONS.has(ext)) return refuse('binary', `file type .${ext}`);
  if (size !== undefined && size > limits.maxFileBytes) {
    return refuse('oversized', `${formatBytes(size)} is over the ${formatBytes(limits.maxFileBytes)} file limit`);
  }
  return null;
}

const fatalDecoder = new TextDecoder('utf-8', { fatal: true });
const lenientDecoder = new TextDecoder('utf-8');

/**
 * UTF-16 text announces itself with a byte-order mark. Windows tools (PowerShell, Visual Studio,
 * regedit) write it, and every other character of ASCII source in it is a NUL byte, so without
 * this the NUL check would call it binary.
 */
const UTF16_BOMS: readonly { label: 'utf-16le' | 'utf-16be'; first: number; second: number }[] = [
  { label: 'utf-16le', first: 0xff, second: 0xfe },
  { label: 'utf-16be', first: 0xfe, second: 0xff },
];

function utf16Label(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.byteLength < 2) return null;
  return UTF16_BOMS.find((b) => bytes[0] === b.first && bytes[1] === b.second)?.label ?? null;
}

/** Decides whether `bytes` (the content of `path`) is indexable text, and decodes it. */
export function classifyFile(path: string, bytes: Uint8Array, limits: IntakeLimits): FileVerdict {
  const early = classifyByName(path, bytes.byteLength, limits);
  if (early) return early;

  const utf16 = utf16Label(bytes);
  if (utf16) return decodeChecked(bytes, new TextDecoder(utf16, { fatal: true }), new TextDecoder(utf16), true);

  const sniffEnd = Math.min(bytes.byteLength, BINARY_SNIFF_BYTES);
  for (let i = 0; i < sniffEnd; i++) {
    if (bytes[i] === 0) return refuse('binary', `NUL byte at offset ${i}`);
  }
  // TextDecoder drops a leading UTF-8 BOM by default (ignoreBOM: false).
  return decodeChecked(bytes, fatalDecoder, lenientDecoder, false);
}

/**
 * The text of `bytes`, or a refusal when too much of it is not text: bad sequences become
 * U+FFFD and are tolerated up to MAX_REPLACEMENT_RATIO; decoded NUL characters (a UTF-32 file
 * read as UTF-16) mean binary, as NUL bytes do.
 */
function decodeChecked(bytes: Uint8Array, fatal: TextDecoder, lenient: TextDecoder, checkNul: boolean): FileVerdict {
  let text: string;
  let replacements = 0;
  try {
    text = fatal.decode(bytes);
  } catch {
    text = lenient.decode(bytes);
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 0xfffd) replacements++;
  }
  if (checkNul) {
    const nul = text.slice(0, BINARY_SNIFF_BYTES).indexOf('\0');
    if (nul !== -1) return refuse('binary', `NUL character at ${nul}`);
  }
  if (replacements === 0) return { accept: true, text, replacements };
  // Genuine U+FFFD characters already in the file are counted too; they are rare enough not to matter.
  const tolerated = Math.max(MIN_TOLERATED_REPLACEMENTS, Math.floor(text.length * MAX_REPLACEMENT_RATIO));
  if (replacements > tolerated) {
    const percent = ((100 * replacements) / Math.max(1, text.length)).toFixed(1);
    return refuse('invalid-utf8', `${replacements} invalid sequences (${percent}% of characters)`);
  }
  return { accept: true, text, replacements };
}
