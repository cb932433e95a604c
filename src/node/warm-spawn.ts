/**
 * Starts the warm server of a cache in the background (warm-server.ts), after a question the CLI
 * answered itself: detached from the terminal, its output to a log beside the socket, and not
 * waited for. Loaded by cli-run.ts only once the answer is printed.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, statSync } from 'node:fs';
import { lockHolder, processAlive } from './pid-lock';
import { fileURLToPath } from 'node:url';
import { WARM_EMBEDDERS, warmAllowed, warmSocketFor } from './warm-client';

/** A log past this size starts again: a server logs a few lines per start and refresh. */
const MAX_LOG_BYTES = 1 << 20;

export interface WarmTarget {
  repo: string;
  embedder: string;
  cacheDir: string;
}

/** Whether a server was started (none on another platform, with FOURFOLD_NO_SERVER, from the sources, or when one holds the cache). */
export function spawnWarmServer(target: WarmTarget, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!warmAllowed(env) || !WARM_EMBEDDERS.includes(target.embedder)) return false;
  // The server's entry is built beside this chunk in dist-cli/node/; the sources run by a test
  // runner have none, and start no server.
  const entry = fileURLToPath(new URL('./warm-server-main.js', import.meta.url));
  const socket = warmSocketFor(target.cacheDir, target.repo, target.embedder);
  if (socket === null || !existsSync(entry) || lockHeld(`${socket}.lock`)) return false;
  const logFile = `${socket}.log`;
  let log: number;
  try {
    log = openSync(logFile, (statSync(logFile, { throwIfNoEntry: false })?.size ?? 0) > MAX_LOG_BYTES ? 'w' : 'a');
  } catch {
    return false;
  }
  try {
    const child = spawn(process.execPath, [entry, target.repo, target.embedder, target.cacheDir], {
      detached: true,
      stdio: ['ignore', log, log],
      env,
    });
    child.on('error', () => {});
    child.unref();
    return true;
  } catch {
    return false;
  } finally {
    closeSync(log);
  }
}

/** Whether a live process holds the server lock of this cache (starting or serving). */
function lockHeld(file: string): boolean {
  const pid = lockHolder(file);
  return pid !== null && processAlive(pid);
}
