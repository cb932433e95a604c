/**
 * The warm server's process (started by warm-spawn.ts): `node warm-server-main.js REPO EMBEDDER
 * CACHE_DIR`. Serves until the server closes itself (idle, replaced, its tree gone) or a signal.
 */
import type { EmbedderChoice } from './repository';
import { startWarmServer } from './warm-server';

const [repo, embedder, cacheDir] = process.argv.slice(2);
const server = await startWarmServer({
  repo,
  embedder: embedder as EmbedderChoice,
  cacheDir,
  log: (s) => process.stdout.write(`${s} [pid ${process.pid}]\n`),
});
if (server) {
  process.once('SIGTERM', () => server.close('SIGTERM'));
  process.once('SIGINT', () => server.close('SIGINT'));
  await server.closed;
  // The last replies drain first; an embedder's threads must not keep a closed server alive.
  setTimeout(() => process.exit(0), 1000).unref();
} else process.exit(0);
