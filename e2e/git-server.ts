/**
 * A git smart-HTTP server on 127.0.0.1 for tests: `git http-backend` run as CGI for each
 * request, with CORS headers so a page on another loopback port may clone from it.
 * (`git-http-mock-server` binds every interface and can spin a core; this does neither.)
 *
 * Faults, chosen by the first path segment (the rest names a repository as usual):
 * - /private/… answers 401 with a Basic challenge, as a host does for a private repository;
 * - /drop/… sends half of the pack (upload-pack response), then cuts the connection;
 * - /huge/… answers upload-pack with a pack stream that never ends (sideband packets of
 *   pack data), as far as the client reads it.
 */
import { spawn, execFileSync } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GitServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  root: string;
  close(): Promise<void>;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': '*',
};

type Fault = 'private' | 'drop' | 'huge';
const FAULTS = new Set<Fault>(['private', 'drop', 'huge']);
/** One pkt-line of sideband channel 1 (pack data): 4 hex digits of length, the band, the bytes. */
const PACK_PACKET = Buffer.concat([Buffer.from('fff0\x01'), Buffer.alloc(0xfff0 - 5, 0x5a)]);

/** Streams pack packets until the client goes away (after "NAK", as upload-pack starts). */
function endlessPack(res: ServerResponse): void {
  res.writeHead(200, { ...CORS_HEADERS, 'content-type': 'application/x-git-upload-pack-result' });
  res.write('0008NAK\n');
  const pump = () => {
    while (!res.destroyed && res.write(PACK_PACKET));
    if (!res.destroyed) res.once('drain', pump);
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
}

export async function startGitServer(root: string): Promise<GitServer> {
  const server: Server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const first = url.pathname.split('/')[1] as Fault;
    const fault = FAULTS.has(first) ? first : null;
    if (fault) url.pathname = url.pathname.slice(first.length + 1);
    if (fault === 'private') {
      res
        .writeHead(401, { ...CORS_HEADERS, 'www-authenticate': 'Basic realm="private repositories"' })
        .end('authentication required');
      return;
    }
    const isPack = req.method === 'POST' && url.pathname.endsWith('/git-upload-pack');
    if (fault === 'huge' && isPack) {
      req.resume();
      endlessPack(res);
      return;
    }
    const cgi = spawn('git', ['http-backend'], {
      env: {
        ...process.env,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_ADDR: '127.0.0.1',
      },
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    cgi.on('close', () => {
      const output = Buffer.concat(chunks);
      const split = output.indexOf('\r\n\r\n');
      const headerEnd = split >= 0 ? split : output.indexOf('\n\n');
      const headerText = output.subarray(0, headerEnd).toString('utf8');
      const body = output.subarray(headerEnd + (split >= 0 ? 4 : 2));
      let status = 200;
      const headers: Record<string, string> = { ...CORS_HEADERS };
      for (const line of headerText.split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        if (name === 'status') status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      if (fault === 'drop' && isPack) {
        // Headers and the first half of the pack, then the connection goes away.
        res.writeHead(status, headers);
        res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
        return;
      }
      res.writeHead(status, headers).end(body);
    });
    cgi.on('error', () => res.writeHead(500, CORS_HEADERS).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    root,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A bare repository `<root>/<name>.git` whose single commit holds a copy of `sourceDir`. */
export function makeBareRepository(
  sourceDir: string,
  name: string,
  root = mkdtempSync(join(tmpdir(), 'fourfold-git-')),
): string {
  const work = mkdtempSync(join(tmpdir(), 'fourfold-work-'));
  cpSync(sourceDir, work, { recursive: true });
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, {
      cwd,
      stdio: 'pipe',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Fourfold Test',
        GIT_AUTHOR_EMAIL: 'test@example.invalid',
        GIT_COMMITTER_NAME: 'Fourfold Test',
        GIT_COMMITTER_EMAIL: 'test@example.invalid',
      },
    });
  git(work, 'init', '-q', '-b', 'main');
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'fixture');
  git(root, 'clone', '-q', '--bare', work, `${name}.git`);
  return root;
}
