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
  type IntakeSkipCode,
  skipDetail,
} from './classify';
import { GITIGNORE_FILE, IgnoreMatcher, type IgnoreMatcherOptions, type IgnoreVerdict } from './gitignore';
import { hashText } from './hash';
import { byCodeUnits } from '../code-unit-order';

/** Lazy reads in flight at once: enough to hide File/fs latency, few enough to bound memory. */
export const READ_CONCURRENCY = 16;

/** Detailed skip records kept; the counts stay exact beyond this. */
export const MAX_LISTED_SKIPS = 20_000;

export type IntakeEntry =
  /** Content already in memory. */
  | { path: string; bytes: Uint8Array }
  /** Content read on demand; `size` (when known) lets oversized files be skipped unread. */
  | { path: string; size?: number; read: () => Promise<Uint8Array> }
  /**
   * A path the source already decided to skip (a pruned directory, a symlink, an unreadable
   * file): its code, and either what is particular to it (`note`, worded by skipDetail) or, from
   * a source that words its own, the whole sentence (`detail`).
   */
  | { path: string; skip: IntakeSkipCode; note?: string; detail?: string };

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
  /** Why, as a code: decide on this. */
  reason: IntakeSkipCode;
  /** One sentence for people, from the code: "binary: NUL byte at offset 12", "ignored: src/.gitignore:3 (*.log)". */
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
 * could escape the repository (`..`), contain NUL, or are empty. A backslash is part of a name
 * (sources give '/'-separated paths; on POSIX `src\main.js` is one file beside `src/main.js`),
 * so it is kept as written: turning it into a '/' would give two files one path.
 */
export function normalizeRepoPath(raw: string): string | null {
  if (raw.includes('\0')) return null;
  const parts: string[] = [];
  for (const part of raw.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') return null;
    parts.push(part);
  }
  return parts.length === 0 ? null : parts.join('/');
}

/** Control characters (C0 and DEL): a path holding one is skipped as 'unrepresentable-path'. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job.
const CONTROL_CHARACTER = /[\u0001-\u001f\u007f]/;

/** Why `raw` cannot be a repository path, or null when its normalized form can. */
function pathRefusal(normalized: string | null): IntakeSkipCode | null {
  if (normalized === null) return 'unsafe-path';
  return CONTROL_CHARACTER.test(normalized) ? 'unrepresentable-path' : null;
}

function emptySkipCounts(): SkipCounts {
  return { binary: 0, oversized: 0, ignored: 0, unsupported: 0, invalidUtf8: 0 };
}

/** The status-line count each code adds to; the finer codes are all "other" there. */
const SKIP_COUNT_KEY: Record<IntakeSkipCode, keyof SkipCounts> = {
  binary: 'binary',
  oversized: 'oversized',
  ignored: 'ignored',
  'invalid-utf8': 'invalidUtf8',
  unreadable: 'unsupported',
  'unsafe-path': 'unsupported',
  'unrepresentable-path': 'unsupported',
  'duplicate-path': 'unsupported',
  symlink: 'unsupported',
  'not-a-file': 'unsupported',
  unsupported: 'unsupported',
};

/** What is particular to an ignore verdict: the rule that decided, or why none had to. */
export function ignoreNote(verdict: IgnoreVerdict, pruned = false): string {
  if (verdict.because === 'vcs-metadata') return 'version-control metadata';
  const rule = verdict.rule;
  const what = rule ? `${rule.origin}:${rule.line} (${rule.source})` : 'ignored';
  if (pruned) return `${what}; directory not walked`;
  return verdict.because === 'parent-directory' ? `${what}, via its directory` : what;
}

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

type Pending = { path: string; entry: IntakeEntry };
type ReadOutcome = { content: Uint8Array | null; error: unknown };

/** The skip counts and the (capped) list of skipped files of one intake. */
class SkipLedger {
  readonly counts = emptySkipCounts();
  readonly files: SkippedFile[] = [];
  truncated = false;

  add(path: string, reason: IntakeSkipCode, detail: string): void {
    this.counts[SKIP_COUNT_KEY[reason]]++;
    if (this.files.length < MAX_LISTED_SKIPS) this.files.push({ path, reason, detail });
    else this.truncated = true;
  }
}

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
    const limits: IntakeLimits = { maxFileBytes: this.options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES };
    const maxFiles = this.options.maxFiles ?? DEFAULT_MAX_FILES;
    const ledger = new SkipLedger();
    const { pending, topFolder } = this.pendingPaths(ledger);
    const matcher = new IgnoreMatcher(this.options);
    const readAlready = await readIgnoreFiles(pending, matcher);
    const toRead = this.decideByName(pending, matcher, limits, ledger);
    const total = pending.length;
    this.options.onProgress?.({ done: total - toRead.length, total });
    const { files, bytes, notIndexed } = await this.readAndDecide(toRead, readAlready, {
      limits,
      maxFiles,
      total,
      ledger,
    });
    const hit = notIndexed > 0;
    return {
      files,
      bytes,
      skipped: ledger.counts,
      skippedFiles: ledger.files,
      skippedListTruncated: ledger.truncated,
      topFolder,
      fileLimit: {
        limit: maxFiles,
        hit,
        notIndexed,
        message: hit ? fileLimitMessage(maxFiles, notIndexed) : undefined,
      },
    };
  }

  /**
   * Every entry's repository path, in path order: unsafe and unrepresentable paths refused, the
   * top folder of a dropped folder stripped, and a path already taken refused (the first entry
   * with it keeps it, whatever the source: two files never share a path).
   */
  private pendingPaths(ledger: SkipLedger): { pending: Pending[]; topFolder: string } {
    let pending: Pending[] = [];
    for (const entry of this.entries) {
      const path = normalizeRepoPath(entry.path);
      const refusal = pathRefusal(path);
      if (refusal) ledger.add(entry.path, refusal, skipDetail(refusal));
      else pending.push({ path: path!, entry });
    }
    this.entries.length = 0;

    // A dropped folder arrives as `myrepo/...`: strip the shared top folder.
    let topFolder = '';
    if (this.options.stripTopFolder && pending.length > 0) {
      const first = pending[0].path.split('/', 1)[0];
      if (pending.every((p) => p.path.startsWith(`${first}/`))) {
        topFolder = first;
        pending = pending.map((p) => ({ path: p.path.slice(first.length + 1), entry: p.entry }));
      }
    }

    // A stable sort: of entries with one path, the first added comes first and keeps it.
    pending.sort((a, b) => byCodeUnits(a.path, b.path));
    return {
      pending: pending.filter((p, i) => {
        if (i === 0 || pending[i - 1].path !== p.path) return true;
        ledger.add(p.path, 'duplicate-path', skipDetail('duplicate-path'));
        return false;
      }),
      topFolder,
    };
  }

  /** Decides what the name, the size and the ignore rules can; returns what must be read. */
  private decideByName(
    pending: readonly Pending[],
    matcher: IgnoreMatcher,
    limits: IntakeLimits,
    ledger: SkipLedger,
  ): Pending[] {
    const toRead: Pending[] = [];
    for (const item of pending) {
      const { path, entry } = item;
      if ('skip' in entry) {
        ledger.add(path, entry.skip, entry.detail ?? skipDetail(entry.skip, entry.note));
        continue;
      }
      const verdict = matcher.explain(path, false);
      if (verdict.ignored) {
        ledger.add(path, 'ignored', skipDetail('ignored', ignoreNote(verdict)));
        continue;
      }
      const size = 'bytes' in entry ? entry.bytes.byteLength : entry.size;
      const early = classifyByName(path, size, limits);
      if (early) ledger.add(path, early.reason, early.detail);
      else toRead.push(item);
    }
    return toRead;
  }

  /**
   * Reads run as a pool of READ_CONCURRENCY (one slow read never holds up the others) and are
   * decided in path order as they complete, so which files fall under the file limit stays
   * deterministic. Never more reads in flight than the file limit can still take.
   */
  private async readAndDecide(
    toRead: readonly Pending[],
    readAlready: ReadonlyMap<IntakeEntry, Uint8Array>,
    run: { limits: IntakeLimits; maxFiles: number; total: number; ledger: SkipLedger },
  ): Promise<{ files: IntakeFile[]; bytes: number; notIndexed: number }> {
    const { signal, onProgress, onAccept } = this.options;
    const files: IntakeFile[] = [];
    let bytes = 0;
    let done = run.total - toRead.length;
    const outcomes: (ReadOutcome | undefined)[] = new Array(toRead.length);
    let next = 0;
    let decided = 0;
    const decideOne = (path: string, { content, error }: ReadOutcome) => {
      if (!content) return run.ledger.add(path, 'unreadable', skipDetail('unreadable', errorText(error)));
      const verdict = classifyFile(path, content, run.limits);
      if (!verdict.accept) return run.ledger.add(path, verdict.reason, verdict.detail);
      const file: IntakeFile = {
        path,
        text: verdict.text,
        hash: hashText(verdict.text),
        size: content.byteLength,
        replacements: verdict.replacements,
      };
      files.push(file);
      bytes += content.byteLength;
      onAccept?.(file);
    };
    const decideInOrder = () => {
      while (decided < next && outcomes[decided] !== undefined) {
        const outcome = outcomes[decided]!;
        outcomes[decided] = undefined;
        decideOne(toRead[decided++].path, outcome);
        done++;
        if (done % READ_CONCURRENCY === 0 || done === run.total) onProgress?.({ done, total: run.total });
      }
    };
    await new Promise<void>((resolve, reject) => {
      let inFlight = 0;
      const pump = () => {
        if (signal?.aborted) {
          if (inFlight === 0) reject(signal.reason ?? new DOMException('Intake cancelled', 'AbortError'));
          return;
        }
        while (inFlight < READ_CONCURRENCY && next < toRead.length && files.length + (next - decided) < run.maxFiles) {
          const i = next++;
          inFlight++;
          void readEntry(toRead[i].entry, readAlready).then((outcome) => {
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
    return { files, bytes, notIndexed: toRead.length - next };
  }
}

/**
 * Reads the .gitignore files shallowest first, so each is known before its subtree is decided;
 * returns their bytes, read once: each is also indexed as a file.
 */
async function readIgnoreFiles(
  pending: readonly Pending[],
  matcher: IgnoreMatcher,
): Promise<Map<IntakeEntry, Uint8Array>> {
  const readAlready = new Map<IntakeEntry, Uint8Array>();
  if (!matcher.respectGitignore) return readAlready;
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
      readAlready.set(entry, bytes);
    } catch {
      // An unreadable .gitignore is reported when the file itself is decided.
    }
  }
  return readAlready;
}

async function readEntry(entry: IntakeEntry, readAlready: ReadonlyMap<IntakeEntry, Uint8Array>): Promise<ReadOutcome> {
  try {
    const content =
      'bytes' in entry
        ? entry.bytes
        : (readAlready.get(entry) ?? (await (entry as { read: () => Promise<Uint8Array> }).read()));
    return { content, error: null };
  } catch (error) {
    return { content: null, error };
  }
}

function fileLimitMessage(maxFiles: number, notIndexed: number): string {
  return (
    `Stopped at the ${maxFiles.toLocaleString('en-US')}-file limit: ${notIndexed.toLocaleString('en-US')} more ` +
    `file${notIndexed === 1 ? ' was' : 's were'} not indexed (the first files in path order were kept). ` +
    'Raise the file limit in Settings or add ignore patterns.'
  );
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
