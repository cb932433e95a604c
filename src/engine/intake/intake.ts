/**
 * Repository intake: turns whatever the source produced (a dropped folder, a picked folder,
 * a git clone, a Node directory walk) into the accepted source files plus an exact account
 * of what was skipped and why. Shared by the browser and the CLI so both index the same files.
 *
 * Entries may arrive in any order: everything is collected first, .gitignore files are read
 * shallowest-first, and only then is each other path decided (in path order, so which files
 * fall under the file limit is deterministic). Lazy entries are read only when accepted by
 * name, size and ignore rules — ignored or oversized files are never read.
 */
import type { SkipCounts, SourceFile } from '../contract';
import {
  classifyByName,
  classifyFile,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_FILES,
  type IntakeLimits,
  type SkipReason,
} from './classify';
import { GITIGNORE_FILE, IgnoreMatcher, type IgnoreMatcherOptions } from './gitignore';
import { hashText } from './hash';

/** Lazy reads in flight at once: enough to hide File/fs latency, few enough to bound memory. */
export const READ_CONCURRENCY = 16;

/** Detailed skip records kept; the counts stay exact beyond this. */
export const MAX_LISTED_SKIPS = 20_000;

export type IntakeEntry =
  /** Content already in memory. */
  | { path: string; bytes: Uint8Array }
  /** Content read on demand; `size` (when known) lets oversized files be skipped unread. */
  | { path: string; size?: number; read: () => Promise<Uint8Array> }
  /** A path the source already decided to skip (a pruned directory, a symlink, an unreadable file). */
  | { path: string; skip: SkipReason; detail: string };

export interface IntakeOptions extends IgnoreMatcherOptions {
  /** Default DEFAULT_MAX_FILE_BYTES (1 MiB). */
  maxFileBytes?: number;
  /** Default DEFAULT_MAX_FILES (50,000). */
  maxFiles?: number;
  /** Strip a folder shared by every path (`myrepo/src/a.ts` → `src/a.ts`): set for dropped/picked folders. */
  stripTopFolder?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: { done: number; total: number }) => void;
  /** Each accepted file as soon as it is decided (path order), e.g. to start parsing it while the rest are read. */
  onAccept?: (file: IntakeFile) => void;
}

/** An accepted file: the contract's SourceFile plus what the store and re-indexing need. */
export interface IntakeFile extends SourceFile {
  /** hashText(text) (see hash.ts). */
  hash: string;
  /** Size in bytes as read (before decoding). */
  size: number;
  /** Invalid UTF-8 sequences replaced by U+FFFD (0 for valid files). */
  replacements: number;
}

export interface SkippedFile {
  path: string;
  reason: SkipReason;
  /** One sentence for the UI: "NUL byte at offset 12", "ignored by src/.gitignore:3 (*.log)". */
  detail: string;
}

export interface FileLimitReport {
  limit: number;
  hit: boolean;
  /** Files that would have been read but were not, because the limit was reached. */
  notIndexed: number;
  /** Shown to the user when the limit was hit. */
  message?: string;
}

export interface IntakeResult {
  /** Accepted files, sorted by path. */
  files: IntakeFile[];
  /** Total bytes of the accepted files. */
  bytes: number;
  skipped: SkipCounts;
  /** Skip details, at most MAX_LISTED_SKIPS of them (`skippedListTruncated` says when more were dropped). */
  skippedFiles: SkippedFile[];
  skippedListTruncated: boolean;
  /** The folder stripped from every path ('' when none), e.g. the dropped folder's name. */
  topFolder: string;
  fileLimit: FileLimitReport;
}

/**
 * Normalizes a source path to repository-relative '/' form. Returns null for paths that
 * could escape the repository (`..`), contain NUL, or are empty.
 */
export function normalizeRepoPath(raw: string): string | null {
  if (raw.includes('\0')) return null;
  const parts: string[] = [];
  for (const part of raw.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') return null;
    parts.push(part);
  }
  return parts.length === 0 ? null : parts.join('/');
}

function emptySkipCounts(): SkipCounts {
  return { binary: 0, oversized: 0, ignored: 0, unsupported: 0, invalidUtf8: 0 };
}

const SKIP_COUNT_KEY: Record<SkipReason, keyof SkipCounts> = {
  binary: 'binary',
  oversized: 'oversized',
  ignored: 'ignored',
  unsupported: 'unsupported',
  invalid_utf8: 'invalidUtf8',
};

function parentDirectory(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

function errorText(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('Intake cancelled', 'AbortError');
}

const decoder = new TextDecoder('utf-8');

/** Collects entries (any order) and decides them all in `finish()`. */
export class RepositoryIntake {
  private readonly entries: IntakeEntry[] = [];
  private readonly options: IntakeOptions;

  constructor(options: IntakeOptions = {}) {
    this.options = options;
  }

  add(entry: IntakeEntry): void {
    this.entries.push(entry);
  }

  async addAll(entries: Iterable<IntakeEntry> | AsyncIterable<IntakeEntry>): Promise<void> {
    for await (const entry of entries) {
      throwIfAborted(this.options.signal);
      this.entries.push(entry);
    }
  }

  async finish(): Promise<IntakeResult> {
    const { signal, onProgress } = this.options;
    const limits: IntakeLimits = { maxFileBytes: this.options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES };
    const maxFiles = this.options.maxFiles ?? DEFAULT_MAX_FILES;
    const skipped = emptySkipCounts();
    const skippedFiles: SkippedFile[] = [];
    let skippedListTruncated = false;
    const skip = (path: string, reason: SkipReason, detail: string) => {
      skipped[SKIP_COUNT_KEY[reason]]++;
      if (skippedFiles.length < MAX_LISTED_SKIPS) skippedFiles.push({ path, reason, detail });
      else skippedListTruncated = true;
    };

    // 1. Normalize paths; refuse anything that could escape the repository.
    type Pending = { path: string; entry: IntakeEntry };
    let pending: Pending[] = [];
    for (const entry of this.entries) {
      const path = normalizeRepoPath(entry.path);
      if (path === null) skip(entry.path, 'unsupported', 'unsafe path (empty, NUL or "..")');
      else pending.push({ path, entry });
    }
    this.entries.length = 0;

    // 2. A dropped folder arrives as `myrepo/...`: strip the shared top folder.
    let topFolder = '';
    if (this.options.stripTopFolder && pending.length > 0) {
      const first = pending[0].path.split('/', 1)[0];
      const shared = pending.every((p) => p.path.startsWith(`${first}/`));
      if (shared) {
        topFolder = first;
        pending = pending.map((p) => ({ path: p.path.slice(first.length + 1), entry: p.entry }));
      }
    }

    // 3. Path order; the first of duplicate paths wins.
    pending.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    pending = pending.filter((p, i) => i === 0 || pending[i - 1].path !== p.path);

    // 4. .gitignore files, shallowest first, so each is known before its subtree is decided.
    const matcher = new IgnoreMatcher(this.options);
    const readAlready = new Map<IntakeEntry, Uint8Array>();
    if (matcher.respectGitignore) {
      const ignoreFiles = pending
        .filter((p) => p.path === GITIGNORE_FILE || p.path.endsWith(`/${GITIGNORE_FILE}`))
        .sort((a, b) => a.path.split('/').length - b.path.split('/').length);
      for (const { path, entry } of ignoreFiles) {
        const dir = parentDirectory(path);
        if (dir !== '' && matcher.isIgnored(dir, true)) continue; // git never reads these
        if ('skip' in entry) continue;
        try {
          const bytes = 'bytes' in entry ? entry.bytes : await entry.read();
          matcher.addIgnoreFile(dir, decoder.decode(bytes));
          // Read once: the .gitignore is also indexed as a file below.
          readAlready.set(entry, bytes);
        } catch {
          // An unreadable .gitignore is reported when the file itself is decided below.
        }
      }
    }

    // 5. Decide every path; read only what survives the name, size and ignore checks.
    const files: IntakeFile[] = [];
    let bytes = 0;
    const total = pending.length;
    const toRead: Pending[] = [];
    for (const item of pending) {
      const { path, entry } = item;
      if ('skip' in entry) {
        skip(path, entry.skip, entry.detail);
        continue;
      }
      const verdict = matcher.explain(path, false);
      if (verdict.ignored) {
        const why = verdict.rule
          ? `ignored by ${verdict.rule.origin}:${verdict.rule.line} (${verdict.rule.source})`
          : verdict.because === 'vcs-metadata'
            ? 'version-control metadata'
            : 'ignored';
        skip(path, 'ignored', verdict.because === 'parent-directory' ? `${why}, via its directory` : why);
        continue;
      }
      const size = 'bytes' in entry ? entry.bytes.byteLength : entry.size;
      const early = classifyByName(path, size, limits);
      if (early) {
        skip(path, early.reason, early.detail);
        continue;
      }
      toRead.push(item);
    }
    let done = total - toRead.length;
    onProgress?.({ done, total });

    // Reads run as a pool of READ_CONCURRENCY (one slow read never holds up the others) and
    // are decided in path order as they complete, so which files fall under the file limit
    // stays deterministic. Never more reads in flight than the file limit can still take.
    const outcomes: ({ content: Uint8Array | null; error: unknown } | undefined)[] = new Array(toRead.length);
    let next = 0;
    let decided = 0;
    const decideInOrder = () => {
      while (decided < next && outcomes[decided] !== undefined) {
        const { content, error } = outcomes[decided]!;
        const { path } = toRead[decided];
        outcomes[decided] = undefined;
        decided++;
        done++;
        if (done % READ_CONCURRENCY === 0 || done === total) onProgress?.({ done, total });
        if (!content) {
          skip(path, 'unsupported', `unreadable: ${errorText(error)}`);
          continue;
        }
        const verdict = classifyFile(path, content, limits);
        if (!verdict.accept) {
          skip(path, verdict.reason, verdict.detail);
          continue;
        }
        const hash = hashText(verdict.text);
        const file: IntakeFile = { path, text: verdict.text, hash, size: content.byteLength, replacements: verdict.replacements };
        files.push(file);
        bytes += content.byteLength;
        this.options.onAccept?.(file);
      }
    };
    const readOne = async ({ entry }: Pending) => {
      try {
        const content = 'bytes' in entry ? entry.bytes : (readAlready.get(entry) ?? (await (entry as { read: () => Promise<Uint8Array> }).read()));
        return { content, error: null as unknown };
      } catch (error) {
        return { content: null, error };
      }
    };
    await new Promise<void>((resolve, reject) => {
      let inFlight = 0;
      const pump = () => {
        if (signal?.aborted) {
          if (inFlight === 0) reject(signal.reason ?? new DOMException('Intake cancelled', 'AbortError'));
          return;
        }
        while (inFlight < READ_CONCURRENCY && next < toRead.length && files.length + (next - decided) < maxFiles) {
          const i = next++;
          inFlight++;
          void readOne(toRead[i]).then((outcome) => {
            outcomes[i] = outcome;
            inFlight--;
            try {
              decideInOrder();
              pump();
            } catch (error) {
              reject(error);
            }
          });
        }
        if (inFlight === 0) resolve();
      };
      pump();
    });
    throwIfAborted(signal);
    const notIndexed = toRead.length - next;

    const hit = notIndexed > 0;
    return {
      files,
      bytes,
      skipped,
      skippedFiles,
      skippedListTruncated,
      topFolder,
      fileLimit: {
        limit: maxFiles,
        hit,
        notIndexed,
        message: hit
          ? `Stopped at the ${maxFiles.toLocaleString('en-US')}-file limit: ${notIndexed.toLocaleString('en-US')} more ` +
            `file${notIndexed === 1 ? ' was' : 's were'} not indexed (the first files in path order were kept). ` +
            'Raise the file limit in Settings or add ignore patterns.'
          : undefined,
      },
    };
  }
}

/** One call: collect `entries` (array, iterable or async iterable, any order) and decide them. */
export async function intakeFiles(
  entries: Iterable<IntakeEntry> | AsyncIterable<IntakeEntry>,
  options: IntakeOptions = {},
): Promise<IntakeResult> {
  const intake = new RepositoryIntake(options);
  await intake.addAll(entries);
  return intake.finish();
}
