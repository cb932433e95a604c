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
  'png', 'jpg', 'jpeg', 'gif', 'bmp', 'ico', 'icns', 'webp', 'avif', 'tif', 'tiff', 'psd', 'heic', 'xcf', 'cur',
  // fonts
  'woff', 'woff2', 'ttf', 'otf', 'eot',
  // archives and packages
  'zip', 'gz', 'tgz', 'bz2', 'xz', 'zst', '7z', 'rar', 'tar', 'jar', 'war', 'ear', 'apk', 'aar', 'deb', 'rpm',
  'dmg', 'iso', 'whl', 'egg', 'nupkg', 'crate', 'gem',
  // compiled code and native libraries
  'wasm', 'exe', 'dll', 'so', 'dylib', 'a', 'lib', 'o', 'obj', 'class', 'pyc', 'pyo', 'pyd', 'node', 'pdb',
  'beam', 'elc', 'dex',
  // documents
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp',
  // audio and video
  'mp3', 'mp4', 'm4a', 'm4v', 'wav', 'ogg', 'oga', 'flac', 'aac', 'webm', 'mov', 'avi', 'mkv', 'wmv', 'mpg', 'mpeg',
  // data blobs and models
  'db', 'sqlite', 'sqlite3', 'mdb', 'bin', 'dat', 'pack', 'idx', 'npy', 'npz', 'pkl', 'pickle', 'onnx', 'pt',
  'pth', 'h5', 'hdf5', 'parquet', 'avro', 'orc', 'tfrecord', 'safetensors', 'gguf',
  // design and misc
  'sketch', 'fig', 'blend', 'fbx', 'glb', 'swf', 'ds_store',
]);

export type SkipReason = 'binary' | 'oversized' | 'invalid_utf8' | 'ignored' | 'unsupported';

export interface IntakeLimits {
  maxFileBytes: number;
}

export type FileVerdict =
  | { accept: true; text: string; /** Bad UTF-8 sequences replaced by U+FFFD (0 for valid files). */ replacements: number }
  | { accept: false; reason: SkipReason; detail: string };

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
export function classifyByName(
  path: string,
  size: number | undefined,
  limits: IntakeLimits,
): { accept: false; reason: SkipReason; detail: string } | null {
  const ext = extensionOf(path);
  if (BINARY_EXTENSIONS.has(ext)) return { accept: false, reason: 'binary', detail: `binary file type .${ext}` };
  if (size !== undefined && size > limits.maxFileBytes) {
    return {
      accept: false,
      reason: 'oversized',
      detail: `${formatBytes(size)} is over the ${formatBytes(limits.maxFileBytes)} file limit`,
    };
  }
  return null;
}

const fatalDecoder = new TextDecoder('utf-8', { fatal: true });
const lenientDecoder = new TextDecoder('utf-8');

/** Decides whether `bytes` (the content of `path`) is indexable text, and decodes it. */
export function classifyFile(path: string, bytes: Uint8Array, limits: IntakeLimits): FileVerdict {
  const early = classifyByName(path, bytes.byteLength, limits);
  if (early) return early;

  const sniffEnd = Math.min(bytes.byteLength, BINARY_SNIFF_BYTES);
  for (let i = 0; i < sniffEnd; i++) {
    if (bytes[i] === 0) return { accept: false, reason: 'binary', detail: `NUL byte at offset ${i}` };
  }

  // TextDecoder drops a leading UTF-8 BOM by default (ignoreBOM: false).
  try {
    return { accept: true, text: fatalDecoder.decode(bytes), replacements: 0 };
  } catch {
    const text = lenientDecoder.decode(bytes);
    let replacements = 0;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 0xfffd) replacements++;
    // Genuine U+FFFD characters already in the file are counted too; they are rare enough not to matter.
    const tolerated = Math.max(MIN_TOLERATED_REPLACEMENTS, Math.floor(text.length * MAX_REPLACEMENT_RATIO));
    if (replacements > tolerated) {
      const percent = ((100 * replacements) / Math.max(1, text.length)).toFixed(1);
      return {
        accept: false,
        reason: 'invalid_utf8',
        detail: `not UTF-8: ${replacements} invalid sequences (${percent}% of characters)`,
      };
    }
    return { accept: true, text, replacements };
  }
}
