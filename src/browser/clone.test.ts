import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeBareRepository, startGitServer, type GitServer } from '../../e2e/git-server';
import { cloneRepository, explainCloneError, repositoryName, type CloneProgress } from './clone';

const FIXTURE = join(import.meta.dirname, '../../e2e/fixtures/preact');

let gitServer: GitServer;
let htmlServer: Server;
let htmlOrigin: string;

beforeAll(async () => {
  gitServer = await startGitServer(makeBareRepository(FIXTURE, 'preact'));
  // A server that answers every request with a web page: reachable, but not git.
  htmlServer = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' }).end('<h1>hello</h1>'),
  );
  await new Promise<void>((resolve) => htmlServer.listen(0, '127.0.0.1', resolve));
  htmlOrigin = `http://127.0.0.1:${(htmlServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await gitServer?.close();
  await new Promise((resolve) => htmlServer?.close(resolve));
});

describe('cloneRepository', () => {
  it('reads every file of HEAD, byte for byte, with progress', async () => {
    const events: CloneProgress[] = [];
    const repo = await cloneRepository({ url: `${gitServer.origin}/preact.git` }, (e) => events.push(e));
    expect(repo.name).toBe('preact');
    expect(repo.commit).toMatch(/^[0-9a-f]{40}$/);
    const paths = repo.files.map((f) => f.path);
    expect(paths).toContain('src/diff/index.js');
    expect(paths).toContain('hooks/src/index.js');
    expect(paths).toContain('LICENSE');
    const diff = repo.files.find((f) => f.path === 'src/diff/index.js')!;
    expect(Buffer.from(diff.data as Uint8Array).equals(readFileSync(join(FIXTURE, 'src/diff/index.js')))).toBe(true);
    expect(events.some((e) => e.phase === 'Reading files' && e.loaded === repo.files.length)).toBe(true);
  });

  it('explains a repository that does not exist', async () => {
    await expect(cloneRepository({ url: `${gitServer.origin}/nothing-here.git` }, () => {})).rejects.toThrow(
      /no git repository at .*HTTP 404/,
    );
  });

  it('explains a server that is not a git server', async () => {
    await expect(cloneRepository({ url: `${htmlOrigin}/owner/repo` }, () => {})).rejects.toThrow(/not as a git server/);
  });

  it('explains an unreachable server', async () => {
    await expect(cloneRepository({ url: 'http://127.0.0.1:9/x.git' }, () => {})).rejects.toThrow(/Could not reach/);
  });

  it('explains addresses it cannot clone', async () => {
    await expect(cloneRepository({ url: '  ' }, () => {})).rejects.toThrow(/Enter the address/);
    await expect(cloneRepository({ url: 'git@github.com:owner/repo.git' }, () => {})).rejects.toThrow(/HTTPS only/);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      cloneRepository({ url: `${gitServer.origin}/preact.git` }, () => {}, controller.signal),
    ).rejects.toThrow(/cancelled/);
  });
});

describe('explainCloneError', () => {
  it('turns a browser fetch failure into advice about CORS proxies', () => {
    const message = explainCloneError(new TypeError('Failed to fetch'), 'https://github.com/a/b');
    expect(message).toMatch(/CORS proxy/);
  });
  it('says when a server wants credentials', () => {
    const message = explainCloneError({ code: 'HttpError', data: { statusCode: 401 } }, 'https://x/y');
    expect(message).toMatch(/public repositories/);
  });
});

describe('repositoryName', () => {
  it('takes the last path segment without .git', () => {
    expect(repositoryName('https://github.com/preactjs/preact.git')).toBe('preact');
    expect(repositoryName('https://example.com/a/b/')).toBe('b');
  });
});

describe('clone faults (the loopback git server misbehaving)', () => {
  it('says a private repository needs credentials Fourfold does not send (HTTP 401)', async () => {
    await expect(cloneRepository({ url: `${gitServer.origin}/private/preact.git` }, () => {})).rejects.toThrow(
      /refused access to .*private\/preact\.git \(HTTP 401\).*public repositories/,
    );
  });

  it('says the connection dropped mid-pack, and how much had arrived', async () => {
    await expect(cloneRepository({ url: `${gitServer.origin}/drop/preact.git` }, () => {})).rejects.toThrow(
      /connection to .*drop\/preact\.git dropped after \d+ KB of the download; nothing was kept/,
    );
  });

  it('stops a pack that never ends at the cap, and says what to do instead', async () => {
    await expect(
      cloneRepository({ url: `${gitServer.origin}/huge/preact.git`, maxBytes: 8 * 1024 * 1024 }, () => {}),
    ).rejects.toThrow(
      /larger than 8 MB, more than Fourfold downloads into a tab; nothing was kept\. Clone it with git/,
    );
  });
});
