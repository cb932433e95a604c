/**
 * The warm server and its client, in this process: the same answers as the CLI's own path, an
 * edit seen by the very next question, and every way a server can be gone or wrong ending in the
 * CLI answering itself. Each test stops the servers it started.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFile, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { snapshotFileFor } from './cache-location';
import { main } from './cli';
import { openRepository } from './repository';
import { askWarm, warmSocketFor, warmSocketOf, type WarmAnswer, type WarmReply, type WarmRequest } from './warm-client';
import { startWarmServer, type WarmServer } from './warm-server';

const FIXTURE = join(import.meta.dirname, '../../e2e/fixtures/preact');
const BUILD = 'test-build';
/** The environment of a client that may ask a server (the test runner's own says not to). */
const ASKING: NodeJS.ProcessEnv = {};

let work: string;
let repo: string;
let cache: string;
const started: WarmServer[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'fourfold-warm-'));
  repo = join(work, 'repo');
  cache = join(work, 'cache');
  cpSync(FIXTURE, repo, { recursive: true });
  await openRepository(repo, { embedder: 'none', cacheDir: cache });
  return () => rmSync(work, { recursive: true, force: true });
});

afterEach(async () => {
  for (const s of started.splice(0)) s.close('the test ended');
});

async function serve(build = BUILD): Promise<WarmServer> {
  const server = await startWarmServer({ repo, embedder: 'none', cacheDir: cache, build });
  expect(server).not.toBeNull();
  started.push(server!);
  return server!;
}

const searchArgv = (...rest: string[]) => ['search', '--repo', repo, '--embedder', 'none', '--cache', cache, ...rest];

/** The CLI's own answer (no server asked or started). */
async function direct(argv: string[]): Promise<WarmAnswer> {
  let stdout = '';
  let stderr = '';
  const exitCode = await main(
    [...argv, '--no-server'],
    (s) => (stdout += s),
    (s) => (stderr += s),
  );
  return { stdout, stderr, exitCode };
}

const BIN = join(import.meta.dirname, '../../bin/fourfold.js');

/** `node bin/fourfold.js …` as a user runs it. */
function runBin(argv: string[], env: NodeJS.ProcessEnv): Promise<WarmAnswer> {
  return new Promise((settle) => {
    execFile(process.execPath, [BIN, ...argv], { env, cwd: work }, (error, stdout, stderr) =>
      settle({ stdout, stderr, exitCode: error ? Number(error.code) : 0 }),
    );
  });
}

/** A process that listens on a socket and says so, until it is killed. */
const LISTEN_THEN_WAIT = "require('node:net').createServer().listen(process.argv[1], () => console.log('up'))";

/** One request as a client would send it, and the server's reply. */
function rawRequest(socket: string, request: WarmRequest): Promise<WarmReply> {
  return new Promise((settle, fail) => {
    let text = '';
    const c = createConnection(socket);
    c.on('error', fail);
    c.on('data', (chunk) => (text += chunk));
    c.on('end', () => settle(JSON.parse(text) as WarmReply));
    c.write(JSON.stringify(request) + '\n');
  });
}

/** Timings differ from run to run; everything else must not. */
function withoutTimings(a: WarmAnswer): WarmAnswer {
  const strip = (s: string) =>
    s.replace(/"(elapsedMs|latencyMs)": [0-9.e-]+/g, '"$1": 0').replace(/[0-9.]+ ms\b/g, '0 ms');
  return { stdout: strip(a.stdout), stderr: strip(a.stderr), exitCode: a.exitCode };
}

describe.runIf(process.platform === 'linux')('the warm server', () => {
  it('answers exactly as the CLI does, text and JSON, results and errors', async () => {
    await serve();
    for (const rest of [
      ['"options.vnode"'],
      ['where is createElement defined', '--json'],
      ['/function\\s+\\w+Element/', '--limit', '3'],
      ['/unclosed[/'],
      ['/unclosed[/', '--json'],
    ]) {
      const warm = await askWarm(searchArgv(...rest), ASKING, work, BUILD);
      expect(warm, rest.join(' ')).not.toBeNull();
      expect(withoutTimings(warm!)).toEqual(withoutTimings(await direct(searchArgv(...rest))));
    }
    const bad = await askWarm(searchArgv('/unclosed[/'), ASKING, work, BUILD);
    expect(bad!.exitCode).toBe(2);
  });

  it('sees a file edited, and one added in a new folder, by the question asked at once after', async () => {
    await serve();
    writeFileSync(join(repo, 'src', 'util.js'), 'export function warmEditedMarker() { return 1; }\n', { flag: 'a' });
    const edited = await askWarm(searchArgv('"warmEditedMarker"', '--json'), ASKING, work, BUILD);
    expect(JSON.parse(edited!.stdout).results[0].path).toBe('src/util.js');
    mkdirSync(join(repo, 'src', 'fresh'), { recursive: true });
    writeFileSync(join(repo, 'src', 'fresh', 'added.js'), 'export function warmAddedMarker() { return 2; }\n');
    const added = await askWarm(searchArgv('"warmAddedMarker"', '--json'), ASKING, work, BUILD);
    expect(JSON.parse(added!.stdout).results[0].path).toBe('src/fresh/added.js');
  });

  it('is not used by a client of another build, and goes away for it', async () => {
    const server = await serve();
    expect(await askWarm(searchArgv('"options.vnode"'), ASKING, work, 'another-build')).toBeNull();
    await server.closed;
    expect(await askWarm(searchArgv('"options.vnode"'), ASKING, work, BUILD)).toBeNull();
  });

  it('declines and goes away when another process rewrites its snapshot, or removes it', async () => {
    const rewritten = await serve();
    await openRepository(repo, { embedder: 'none', cacheDir: cache, discardCached: true });
    expect(await askWarm(searchArgv('"options.vnode"'), ASKING, work, BUILD)).toBeNull();
    await rewritten.closed;
    const removed = await serve();
    rmSync(snapshotFileFor(repo, 'none', cache));
    expect(await askWarm(searchArgv('"options.vnode"'), ASKING, work, BUILD)).toBeNull();
    await removed.closed;
    const cli = await direct(searchArgv('"options.vnode"'));
    expect(cli.exitCode).toBe(0);
  });

  it('is not asked when its socket was removed, nor with --no-server, --no-cache or FOURFOLD_NO_SERVER', async () => {
    const server = await serve();
    expect(await askWarm(searchArgv('"options.vnode"', '--no-server'), ASKING, work, BUILD)).toBeNull();
    expect(await askWarm(searchArgv('"options.vnode"', '--no-cache'), ASKING, work, BUILD)).toBeNull();
    expect(await askWarm(searchArgv('"options.vnode"'), { FOURFOLD_NO_SERVER: '1' }, work, BUILD)).toBeNull();
    rmSync(server.socketPath);
    expect(await askWarm(searchArgv('"options.vnode"'), ASKING, work, BUILD)).toBeNull();
  });

  it('takes over a socket left by a dead server, and a second server of the same cache does not start', async () => {
    const socket = warmSocketOf(searchArgv('"x"'), ASKING, work)!;
    expect(socket).toBe(warmSocketFor(cache, repo, 'none'));
    expect(warmSocketFor(cache, join(repo, 'src'), 'none')).not.toBe(socket);
    // A socket file nobody accepts on, as a killed server leaves it.
    const listener = spawn(process.execPath, ['-e', LISTEN_THEN_WAIT, socket], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((listening) => listener.stdout.once('data', listening));
    listener.kill('SIGKILL');
    await new Promise((exited) => listener.once('exit', exited));
    expect(await askWarm(searchArgv('"options.vnode"'), ASKING, work, BUILD)).toBeNull();
    await serve();
    const answer = await askWarm(searchArgv('"options.vnode"'), ASKING, work, BUILD);
    expect(answer?.exitCode).toBe(0);
    expect(await startWarmServer({ repo, embedder: 'none', cacheDir: cache, build: BUILD })).toBeNull();
  });

  it('is started by a CLI question no server answered, answers the next one, and stops on SIGTERM', async () => {
    const client = (await import(
      pathToFileURL(join(import.meta.dirname, '../../dist-cli/node/warm-client.js')).href
    )) as {
      askWarm: typeof askWarm;
    };
    const cliCache = join(work, 'cli-cache');
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: join(work, 'xdg') };
    delete env.FOURFOLD_NO_SERVER;
    const argv = ['search', '--repo', repo, '--embedder', 'none', '--cache', cliCache, '"options.vnode"'];
    const first = await runBin(argv, env);
    expect(first.exitCode).toBe(0);
    const lock = `${warmSocketOf(argv, env, work)}.lock`;
    let served: WarmAnswer | null = null;
    for (let i = 0; i < 600 && !served; i++) {
      await new Promise((r) => setTimeout(r, 100));
      served = await client.askWarm(argv, env, work);
    }
    const pid = Number(readFileSync(lock, 'utf8'));
    try {
      expect(withoutTimings(served!).stdout).toBe(withoutTimings(first).stdout);
      // The first question built the index and said so; the second is the server's, said as the CLI says a cached one.
      const second = await runBin(argv, env);
      expect(withoutTimings(second)).toEqual({ ...withoutTimings(first), stderr: '' });
    } finally {
      process.kill(pid, 'SIGTERM');
    }
    for (let i = 0; i < 100 && existsSync(lock); i++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(lock)).toBe(false);
  });

  it('declines a command line of another repository or a usage error, and keeps serving', async () => {
    const server = await serve();
    const other = ['search', '--repo', work, '--embedder', 'none', '--cache', cache, '"x"'];
    expect(await rawRequest(server.socketPath, { build: BUILD, argv: other, cwd: work })).toEqual({
      declined: 'options',
    });
    const usage = searchArgv('"x"', '--limit', 'many');
    expect(await rawRequest(server.socketPath, { build: BUILD, argv: usage, cwd: work })).toEqual({
      declined: 'options',
    });
    expect(await askWarm(searchArgv('"options.vnode"', '--quiet'), ASKING, work, BUILD)).not.toBeNull();
  });
});
