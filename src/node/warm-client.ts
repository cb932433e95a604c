/**
 * The client half of the warm server (warm-server.ts): what `bin/fourfold.js` runs first for a
 * `fourfold search`, before it loads the CLI. It finds the server of this repository's cache (a
 * Unix socket beside the snapshot), hands it the command line and prints its answer. Anything
 * else (no server, another build, a command line it does not read, a server that declines or
 * dies) answers null, and the CLI answers as it always has.
 *
 * It imports only `node:net` and `node:path` and nothing of the CLI's bundle: this module is the
 * whole cost a warm question adds to Node's own start. (`node:crypto` alone would add a tenth of
 * that start, hence the socket's own hash below.) The server parses the command line again
 * with the CLI's own parser and declines unless it names the same repository, embedder and cache,
 * so this module's reading of the flags only has to find the socket, never to be exact.
 */
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';

/** Replaced by the CLI's build with an id of that build (vite.cli.config.ts); the sources run as 'source'. */
declare const __FOURFOLD_BUILD_ID__: string | undefined;
export const WARM_BUILD_ID: string = typeof __FOURFOLD_BUILD_ID__ === 'string' ? __FOURFOLD_BUILD_ID__ : 'source';

/** Set to any non-empty value, no server is asked or started (tests and CI set it). */
export const NO_SERVER_ENV = 'FOURFOLD_NO_SERVER';

/** The embedders a server holds: no API key lives on in a background process. */
export const WARM_EMBEDDERS: readonly string[] = ['local', 'none'];

/** A Unix socket's path must fit sockaddr_un (108 bytes on Linux, with its terminating NUL). */
const MAX_SOCKET_PATH = 100;

/** What the client sends: one JSON line. */
export interface WarmRequest {
  build: string;
  argv: string[];
  cwd: string;
}

/** What the CLI would have printed, and its exit code. */
export interface WarmAnswer {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Why a server did not answer; the client then answers as the CLI always has. */
export type DeclineCode =
  /** The server runs another build of the CLI (it exits). */
  | 'build'
  /** The command line names another repository, embedder or cache, or is not a search. */
  | 'options'
  /** Its snapshot was rewritten by another process, or the repository folder is gone (it exits). */
  | 'snapshot'
  /** The file watch cannot vouch for the tree: an error, a fallback to polling, a sync that never came (it exits). */
  | 'watch'
  /** The index could not be refreshed, or the question failed: the CLI says why (it exits). */
  | 'failed';

/** What the server sends back: one JSON line. */
export type WarmReply = { answer: WarmAnswer } | { declined: DeclineCode };

/**
 * The socket of the server of this repository's index with this embedder in this cache folder, or
 * null when the path cannot be a Unix socket's. Named by a 64-bit hash of the folder's path (cyrb53's
 * mixing, two 32-bit lanes): two folders of one name would meet at one server, which declines a
 * question of a repository other than its own.
 */
export function warmSocketFor(cacheDir: string, repo: string, embedder: string): string | null {
  const path = join(resolve(cacheDir), `warm-${pathHash(resolve(repo))}-${embedder}.sock`);
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH ? path : null;
}

function pathHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

/** Whether this process may use or start a server at all. */
export function warmAllowed(env: NodeJS.ProcessEnv): boolean {
  return process.platform === 'linux' && !env[NO_SERVER_ENV];
}

/** Flags whose value is the next word unless written `--flag=value`. */
const VALUE_FLAGS = new Set(['repo', 'embedder', 'cache', 'preset', 'modalities', 'limit', 'queries', 'watch']);
/** Switches a warm question may carry (the server parses them again). */
const SWITCHES = new Set(['json', 'quiet']);

/** The socket a `search` command line would ask, or null when it asks none (another command, --no-cache, --no-server, a flag unknown here). */
export function warmSocketOf(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): string | null {
  if (argv[0] !== 'search' || !warmAllowed(env)) return null;
  const values = new Map<string, string>();
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') break;
    if (arg === '-q') continue;
    if (arg === '-h') return null;
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (SWITCHES.has(name) && eq === -1) continue;
    if (!VALUE_FLAGS.has(name)) return null;
    values.set(name, eq === -1 ? (argv[++i] ?? '') : arg.slice(eq + 1));
  }
  const repo = values.get('repo');
  const embedder = values.get('embedder') ?? 'local';
  if (!repo || !WARM_EMBEDDERS.includes(embedder)) return null;
  const cacheDir = values.get('cache') ?? defaultCacheDirOf(env);
  if (cacheDir === null) return null;
  return warmSocketFor(resolve(cwd, cacheDir), resolve(cwd, repo), embedder);
}

/** cache-location.ts's default, from the environment alone (null without a home to put it in). */
function defaultCacheDirOf(env: NodeJS.ProcessEnv): string | null {
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'fourfold');
  return env.HOME ? join(env.HOME, '.cache', 'fourfold') : null;
}

/**
 * The answer of the live server for this command line, or null when there is none to ask or it
 * declines. Never throws: every failure to ask is a null, and the CLI answers itself.
 */
export function askWarm(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  build: string = WARM_BUILD_ID,
): Promise<WarmAnswer | null> {
  const socket = warmSocketOf(argv, env, cwd);
  if (socket === null) return Promise.resolve(null);
  return new Promise((settle) => {
    const chunks: Buffer[] = [];
    const connection = createConnection(socket);
    // ENOENT (no server), ECONNREFUSED (a stale socket: the next server removes it), a reset.
    connection.on('error', () => settle(null));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('end', () => settle(answerOf(Buffer.concat(chunks).toString('utf8'))));
    connection.on('close', () => settle(null));
    const request: WarmRequest = { build, argv: [...argv], cwd };
    // Not ended: the server answers on this connection, then ends it.
    connection.write(JSON.stringify(request) + '\n');
  });
}

function answerOf(text: string): WarmAnswer | null {
  try {
    const reply = JSON.parse(text) as WarmReply;
    if (!('answer' in reply)) return null;
    const a = reply.answer;
    if (typeof a.stdout !== 'string' || typeof a.stderr !== 'string' || typeof a.exitCode !== 'number') return null;
    return a;
  } catch {
    return null;
  }
}
