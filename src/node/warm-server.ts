/**
 * A warm server per cache: the index of one repository held loaded in a background process, so a
 * `fourfold search` answers in about Node's own start (warm-client.ts is the other half). The
 * shape of Watchman, gopls or the Gradle daemon, kept as honest as the CLI's own cache:
 *
 * - One per snapshot: a Unix socket in its cache folder (`warm-<hash>-<embedder>.sock`), a lock file against two
 *   starting at once, a version handshake (the CLI's build id). A socket left by a dead server is
 *   removed by the next one; a server whose socket is removed or replaced exits.
 * - Fresh as the stat check (tree-check.ts): the tree is watched through `LiveIndex` (every folder
 *   the walk listed, as the stat check stats them) and a question is answered only after every
 *   change made before it was asked has been seen. Watchman's cookie: the server creates a uniquely
 *   named file and answers once that file's own event arrives; one inotify queue carries every
 *   watch of this process in order, so every earlier change was delivered first. The cookie lives
 *   in the cache folder, not the tree: the tree's folder times stay as the stat check recorded them
 *   and no other tool sees it. A changed tree is re-indexed before the answer (as the MCP server
 *   does); a watch error, a fallback to polling or a cookie that never arrives ends the server and
 *   the CLI answers itself with the full check — never an answer from a tree it has not seen.
 * - Gone after `idleMs` without a question, when another process rewrites its snapshot, when its
 *   tree disappears, or when the socket is no longer its own.
 * - Linux only: the cookie's ordering is inotify's (one queue per process); elsewhere no server starts.
 */
import { rmSync, statSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { defaultCacheDir, snapshotFileFor } from './cache-location';
import { parseCommandLine, type CliOptions } from './cli-flags';
import { FINGERPRINT_RACE_MS, readManifest } from './disk-cache';
import { LiveIndex } from './mcp-live-index';
import { lockHolder, processAlive } from './pid-lock';
import type { EmbedderChoice, OpenedRepository } from './repository';
import { emptyTree, type StoredTree, treeUnchanged } from './tree-check';
import { terminalSafeLines } from './terminal-text';
import {
  type DeclineCode,
  WARM_BUILD_ID,
  type WarmAnswer,
  type WarmReply,
  type WarmRequest,
  warmSocketFor,
} from './warm-client';

/** A server nobody asked for this long exits: it holds a whole index in memory. */
export const WARM_IDLE_MS = 10 * 60_000;
/** How often the server checks that its socket, snapshot and tree are still what it serves. */
const WATCHDOG_MS = 5_000;
/** A cookie's event that has not come by then means the watch cannot be trusted. */
const COOKIE_TIMEOUT_MS = 3_000;
/** A request line longer than this is not a command line. */
const MAX_REQUEST_BYTES = 1 << 20;

export interface WarmServerOptions {
  repo: string;
  embedder: EmbedderChoice;
  cacheDir?: string;
  idleMs?: number;
  /** The build id a client must present (tests pass another to see a mismatch declined). */
  build?: string;
  log?: (message: string) => void;
}

/** What the server knows of one loaded or refreshed index. */
interface Served {
  opened: OpenedRepository;
  tree: StoredTree;
  /** The snapshot file as this server left it: another identity means another process rewrote it. */
  snapshotIdentity: string;
  /** What openRepository said while loading (a re-index), for the next answer's stderr. */
  notices: string[];
}

/** The tree of an index the record cannot vouch for: never served (`unservable`), only a placeholder. */
const EMPTY_TREE: StoredTree = emptyTree(0, ['']);

export class WarmServer {
  readonly root: string;
  readonly socketPath: string;
  private readonly cacheDir: string;
  private readonly snapshotFile: string;
  private readonly lockFile: string;
  private readonly build: string;
  private readonly live: LiveIndex;
  private server: Server | null = null;
  private socketIdentity: string | null = null;
  private cookieWatcher: FSWatcher | null = null;
  private cookieWatchBroken = false;
  private readonly cookies = new Map<string, () => void>();
  private cookieCount = 0;
  private served: Served | null = null;
  /** The index generation whose tree was stat-checked once its watches were all in place. */
  private checkedGeneration = 0;
  private refreshing = 0;
  private unservable = false;
  private idleTimer: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private isClosed = false;
  private resolveClosed!: () => void;
  /** Settles when the server has stopped (idle, replaced, asked to, or it could not start). */
  readonly closed = new Promise<void>((resolveClosed) => (this.resolveClosed = resolveClosed));

  constructor(private readonly options: WarmServerOptions & { socketPath: string }) {
    this.root = resolve(options.repo);
    this.cacheDir = resolve(options.cacheDir ?? defaultCacheDir());
    this.snapshotFile = snapshotFileFor(this.root, options.embedder, this.cacheDir);
    this.socketPath = options.socketPath;
    this.lockFile = `${this.socketPath}.lock`;
    this.build = options.build ?? WARM_BUILD_ID;
    this.live = new LiveIndex({
      root: this.root,
      watch: 'auto',
      open: () => this.open(),
      watchedDirectories: () => this.served?.tree.dirs ?? [''],
      log: (level, s) => this.log(`${level}: ${s}`),
    });
  }

  /** Loads the index, checks the watch with one cookie, then listens; false (and closed) when it cannot serve. */
  async start(): Promise<boolean> {
    if (!this.takeLock()) return this.stop('another server of this cache is starting or running');
    try {
      this.cookieWatcher = watch(this.cacheDir, { persistent: false }, (_event, name) => this.cookieSeen(name));
      this.cookieWatcher.on('error', () => (this.cookieWatchBroken = true));
    } catch (e) {
      return this.stop(`cannot watch the cache folder (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
    this.live.start();
    await this.live.get().catch(() => null);
    const problem = this.unservable || this.live.failed ? 'failed' : await this.fresh();
    if (problem) return this.stop(`cannot serve this index (${problem})`);
    if (!(await this.listen())) return this.stop('another server answers on this socket');
    this.resetIdle();
    this.watchdog = setInterval(() => this.checkStillOurs(), WATCHDOG_MS);
    this.watchdog.unref();
    this.log(`serving ${this.root} on ${this.socketPath}`);
    return true;
  }

  /** Stops answering, removes its socket and lock (when still its own) and lets the process end. */
  close(why = 'asked to stop'): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.log(`shutting down: ${why}`);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.watchdog) clearInterval(this.watchdog);
    this.cookieWatcher?.close();
    this.live.close();
    this.server?.close();
    if (this.socketIdentity !== null && identityOf(this.socketPath) === this.socketIdentity)
      rmSync(this.socketPath, { force: true });
    if (lockHolder(this.lockFile) === process.pid) rmSync(this.lockFile, { force: true });
    this.resolveClosed();
  }

  private stop(why: string): false {
    this.close(why);
    return false;
  }

  private log(message: string): void {
    this.options.log?.(`${new Date().toISOString()} ${message}`);
  }

  /** LiveIndex's open: the CLI's own openRepository on the CLI's cache, and what the server checks against after it. */
  private async open(): Promise<OpenedRepository> {
    const notices: string[] = [];
    this.refreshing++;
    try {
      const { openRepository } = await import('./repository');
      const opened = await openRepository(this.root, {
        embedder: this.options.embedder,
        cacheDir: this.cacheDir,
        onNotice: (s) => notices.push(s),
      });
      const manifest = await readManifest(`${this.snapshotFile}.manifest`);
      // Unreadable files, a cache not written, a tree the record cannot vouch for (links): the
      // CLI's own path says or checks what the server could not.
      if (!manifest?.tree || opened.unreadable.length > 0 || opened.cacheFailure) this.unservable = true;
      this.served = {
        opened,
        tree: manifest?.tree ?? EMPTY_TREE,
        snapshotIdentity: identityOf(this.snapshotFile) ?? '',
        notices,
      };
      return opened;
    } finally {
      this.refreshing--;
    }
  }

  /**
   * Whether the index may answer now: the tree and snapshot are still there and this server's,
   * the watch is whole, and every change made before now has been seen (and re-indexed).
   */
  private async fresh(): Promise<DeclineCode | null> {
    if (this.cookieWatchBroken || this.live.watchMode !== 'auto') return 'watch';
    if (!(await this.cookie())) return 'watch';
    await this.live.get().catch(() => null);
    const state = this.live.peek();
    if (state && state.generation !== this.checkedGeneration && this.served) {
      this.checkedGeneration = state.generation;
      // The watches of an index start after its walk (or its load's stat check): a change in
      // between sent no event. One stat check once they are all in place closes that gap; when it
      // cannot vouch, a refresh walks and hashes the tree, watched, and what it finds is the index.
      if (!treeUnchanged(this.root, this.served.tree, FINGERPRINT_RACE_MS)) {
        this.live.markChanged();
        await this.live.get().catch(() => null);
      }
    }
    if (this.unservable || this.live.failed || this.live.peek()?.engine !== this.served?.opened.engine) return 'failed';
    if (this.live.watchMode !== 'auto') return 'watch';
    if (!this.treeAndSnapshotOurs()) return 'snapshot';
    return null;
  }

  /** The tree is still a folder, and the snapshot the one this server loaded or wrote (not while it writes one). */
  private treeAndSnapshotOurs(): boolean {
    if (!statSync(this.root, { throwIfNoEntry: false })?.isDirectory()) return false;
    return this.refreshing > 0 || identityOf(this.snapshotFile) === this.served?.snapshotIdentity;
  }

  /** Creates a uniquely named file beside the snapshot; true once its event has arrived. */
  private cookie(): Promise<boolean> {
    const name = `.${basename(this.socketPath)}.cookie-${process.pid}-${++this.cookieCount}`;
    const path = join(this.cacheDir, name);
    const seen = new Promise<boolean>((settle) => {
      const timer = setTimeout(() => {
        this.cookies.delete(name);
        settle(false);
      }, COOKIE_TIMEOUT_MS);
      this.cookies.set(name, () => {
        clearTimeout(timer);
        settle(true);
      });
    });
    try {
      writeFileSync(path, '');
    } catch {
      this.cookies.get(name)?.();
      this.cookies.delete(name);
      return Promise.resolve(false);
    }
    return seen.finally(() => rmSync(path, { force: true }));
  }

  private cookieSeen(name: string | Buffer | null): void {
    const done = name === null ? undefined : this.cookies.get(String(name));
    if (!done) return;
    this.cookies.delete(String(name));
    done();
  }

  /** One question: checked, answered as the CLI would, or declined. */
  private async answer(request: WarmRequest): Promise<WarmReply> {
    if (request.build !== this.build) {
      // Another build of the CLI is asking: it starts a server of its own once this one is gone.
      setImmediate(() => this.close('a client of another build asked'));
      return { declined: 'build' };
    }
    const options = this.optionsFor(request);
    if (!options) return { declined: 'options' };
    const problem = await this.fresh();
    if (problem) {
      setImmediate(() => this.close(`declined a question (${problem})`));
      return { declined: problem };
    }
    const served = this.served!;
    const stdout: string[] = [];
    const stderr: string[] = [];
    const err = (s: string) => stderr.push(terminalSafeLines(s));
    // What the re-index said goes to the first answer after it, as the CLI would have said it.
    if (!options.quiet) for (const n of served.notices.splice(0)) err(`fourfold: ${n}\n`);
    const { runSearch } = await import('./cli-run');
    const query = options.positional.join(' ');
    const exitCode = await runSearch(served.opened, query, options, (s) => stdout.push(s), err);
    const answer: WarmAnswer = { stdout: stdout.join(''), stderr: stderr.join(''), exitCode };
    return { answer };
  }

  /** The command line parsed by the CLI's own parser, when it is a search of this very index. */
  private optionsFor(request: WarmRequest): CliOptions | null {
    let options: CliOptions;
    try {
      options = parseCommandLine(request.argv);
    } catch {
      return null; // the CLI prints the usage error itself
    }
    if (options.command !== 'search' || options.help || !options.useCache || !options.server) return null;
    if (options.repo === undefined || resolve(request.cwd, options.repo) !== this.root) return null;
    if (options.embedder !== this.options.embedder) return null;
    const cacheDir = options.cacheDir === undefined ? defaultCacheDir() : options.cacheDir;
    return resolve(request.cwd, cacheDir) === this.cacheDir ? options : null;
  }

  private resetIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.close('idle'), this.options.idleMs ?? WARM_IDLE_MS);
  }

  private checkStillOurs(): void {
    if (identityOf(this.socketPath) !== this.socketIdentity) this.close('its socket was removed or replaced');
    else if (!this.treeAndSnapshotOurs())
      this.close('its tree is gone or its snapshot was rewritten by another process');
  }

  /** Claims the lock file (one server per cache; a dead holder's lock is taken over). */
  private takeLock(): boolean {
    const holder = lockHolder(this.lockFile);
    if (holder !== null && holder !== process.pid && processAlive(holder)) return false;
    // A dead holder's (or an unreadable) lock is removed; of two servers taking it, 'wx' lets one win.
    rmSync(this.lockFile, { force: true });
    try {
      writeFileSync(this.lockFile, String(process.pid), { flag: 'wx' });
    } catch {
      return false;
    }
    return lockHolder(this.lockFile) === process.pid;
  }

  /** Listens on the socket: a live one is left alone, a stale one (nobody accepts) removed first. */
  private async listen(): Promise<boolean> {
    if (await socketAnswers(this.socketPath)) return false;
    rmSync(this.socketPath, { force: true });
    const server = createServer((socket) => this.serveConnection(socket));
    const listening = await new Promise<boolean>((settle) => {
      server.once('error', () => settle(false));
      server.listen(this.socketPath, () => settle(true));
    });
    if (!listening) return false;
    this.server = server;
    this.socketIdentity = identityOf(this.socketPath);
    return true;
  }

  private serveConnection(socket: Socket): void {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    const onData = (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end === -1 && buffered.length < MAX_REQUEST_BYTES) return;
      socket.off('data', onData);
      this.resetIdle();
      void this.reply(buffered.slice(0, end === -1 ? 0 : end)).then((reply) =>
        socket.end(JSON.stringify(reply) + '\n'),
      );
    };
    socket.on('data', onData);
  }

  private async reply(line: string): Promise<WarmReply> {
    try {
      const request = JSON.parse(line) as WarmRequest;
      if (typeof request.build !== 'string' || !Array.isArray(request.argv) || typeof request.cwd !== 'string')
        return { declined: 'options' };
      return await this.answer(request);
    } catch (e) {
      this.log(`a question failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      setImmediate(() => this.close('a question failed'));
      return { declined: 'failed' };
    }
  }
}

/**
 * Starts the server of this repository's cache; null (after saying why in the log) when it cannot
 * serve: another server holds the cache, the socket path is too long, the index cannot be vouched for.
 */
export async function startWarmServer(options: WarmServerOptions): Promise<WarmServer | null> {
  const cacheDir = resolve(options.cacheDir ?? defaultCacheDir());
  const socketPath = warmSocketFor(cacheDir, options.repo, options.embedder);
  // A cache inside the tree: every cookie would be a change of the tree.
  if (socketPath === null || isInside(cacheDir, resolve(options.repo))) return null;
  const server = new WarmServer({ ...options, cacheDir, socketPath });
  return (await server.start()) ? server : null;
}

function isInside(path: string, folder: string): boolean {
  const r = relative(folder, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

/** Device, inode, size and modification time: another file, or the same one rewritten, differs. */
function identityOf(path: string): string | null {
  const info = statSync(path, { throwIfNoEntry: false });
  return info ? `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}` : null;
}

/** Whether something accepts connections on this socket now. */
function socketAnswers(path: string): Promise<boolean> {
  return new Promise((settle) => {
    const probe = createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      settle(true);
    });
    probe.once('error', () => settle(false));
  });
}
