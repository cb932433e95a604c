/**
 * The CLI as a user runs it: `node bin/fourfold.js …` in a child process, on real folders,
 * checking output, exit codes and the eval JSON shape of docs/design.md#eval-output.
 */
import { execFile } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../engine/contract';
import { SNAPSHOT_VERSION } from '../engine/engine';
import { DEMOTION_FACTOR, PROTOTYPE_DEMOTION_FACTOR, PROTOTYPE_DEMOTION_RULE, SIBLING_GAIN } from '../engine/ranking';
import { startVoyageServer } from '../../test/support/voyage-test-server';
import { COMMANDS, EXIT, FLAGS } from './cli-flags';
import { storedParts } from './snapshot-file';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '../../bin/fourfold.js');
const FIXTURE = join(import.meta.dirname, '../../e2e/fixtures/preact');

let work: string;
let cache: string;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(args: string[], options: { asUser?: string; env?: Record<string, string> } = {}): Promise<Outcome> {
  const [cmd, argv] = options.asUser
    ? [
        'setpriv',
        ['--reuid', options.asUser, '--regid', options.asUser, '--clear-groups', process.execPath, BIN, ...args],
      ]
    : [process.execPath, [BIN, ...args]];
  try {
    const { stdout, stderr } = await run(cmd, argv, {
      env: { ...process.env, XDG_CACHE_HOME: cache, ...options.env },
      maxBuffer: 64 << 20,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'fourfold-cli-'));
  cache = join(work, 'cache');
  mkdirSync(cache, { recursive: true });
  chmodSync(work, 0o777);
  chmodSync(cache, 0o777);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('fourfold search', () => {
  it('answers a definition query with the explanation in text form', async () => {
    const r = await cli([
      'search',
      '--repo',
      FIXTURE,
      '--embedder',
      'none',
      '--limit',
      '3',
      'where is createVNode defined',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^find_definition \(confidence 0\.8, rule identifier\) · fused · preset default · k 40/);
    expect(r.stdout).toMatch(/ 1\. src\/create-element\.js:57-81 {2}createVNode \(function\)/);
    expect(r.stdout).toMatch(/structural #1 × 0\.6 → 0\.01463/);
    expect(r.stderr).toMatch(/indexing \d+ files/);
  });

  it('prints a result’s sub-results indented under it, each with its own range and score', async () => {
    const r = await cli([
      'search',
      '--repo',
      FIXTURE,
      '--embedder',
      'none',
      '--limit',
      '3',
      'code similar to createElement',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('note: Similar to createElement: the function at src/create-element.js:16');
    const subRows = r.stdout.split('\n').filter((l) => l.startsWith('      ↳ '));
    expect(subRows.length).toBeGreaterThan(0);
    for (const row of subRows) expect(row).toMatch(/^ {6}↳ \S+:\d+-\d+ .* score \d\.\d{5}/);
    expect(r.stdout).toMatch(/sibling of createElement ×\d\.\d{3} \(similarity \d\.\d{2}\)/);
  });

  it('says which definitions it took as X when the name is defined more than once, in text and in JSON', async () => {
    const args = ['search', '--repo', FIXTURE, '--embedder', 'none', '--limit', '5', 'code similar to render'];
    const text = await cli(args);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/note: Similar to render: render is defined \d+ times .*src\/render\.js:\d+/);
    const json = await cli([...args.slice(0, -1), '--json', 'code similar to render']);
    const response = JSON.parse(json.stdout) as SearchResponse;
    expect(response.query.similarTo).toMatchObject({ code: 'ambiguous', name: 'render' });
    const taken = response.query.similarTo!.taken.map((t) => t.path);
    expect(taken).toEqual(expect.arrayContaining(['compat/src/render.js', 'src/render.js']));
    expect(response.results.map((x) => x.symbol)).not.toContain('render');
  });

  it('prints the whole response as JSON with --json, from the cache the second time', async () => {
    const r = await cli([
      'search',
      '--repo',
      FIXTURE,
      '--embedder',
      'none',
      '--json',
      '--preset',
      'thorough',
      '--modalities',
      'text,graph',
      'who calls diff',
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/indexing/);
    const response = JSON.parse(r.stdout);
    expect(response.query).toMatchObject({ intent: 'find_references', preset: 'thorough', k: 40, strategy: 'fused' });
    expect(
      response.query.modalities.filter((m: { ran: boolean }) => m.ran).map((m: { modality: string }) => m.modality),
    ).toEqual(['text', 'graph']);
    expect(response.results.length).toBeGreaterThan(0);
  });

  it('accepts the query syntax: a regex with path and lang filters, and says what it understood', async () => {
    const r = await cli([
      'search',
      '--repo',
      FIXTURE,
      '--embedder',
      'none',
      '--limit',
      '3',
      '/create[A-Z]Node/ path:/src -path:diff lang:js',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^exact_match \(confidence 1, rule query-syntax\) · direct/);
    expect(r.stdout).toMatch(/understood: \/create\[A-Z\]Node\/ path:\/src -path:diff lang:javascript/);
    const paths = [...r.stdout.matchAll(/^\s*\d+\. (\S+):\d+-\d+/gm)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).toMatch(/^src\/(?!diff\/).*\.js$/);
  });

  it('a bad pattern or filter is an error on stderr with exit code 2, never an empty answer', async () => {
    const unterminated = await cli(['search', '--repo', FIXTURE, '--embedder', 'none', '/render(']);
    expect(unterminated).toMatchObject({ code: 2, stdout: '' });
    expect(unterminated.stderr).toMatch(/fourfold: The regular expression \/render\( has no closing \//);
    const nothing = await cli(['search', '--repo', FIXTURE, '--embedder', 'none', 'render lang:rust']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/fourfold: No file of this repository \(54 files\) matches lang:rust\./);
  });

  it('quick without a semantic index answers from text and says so', async () => {
    const r = await cli([
      'search',
      '--repo',
      FIXTURE,
      '--embedder',
      'none',
      '--preset',
      'quick',
      '--limit',
      '1',
      'render a tree into the dom',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/· direct · preset quick ·/);
    expect(r.stdout).toMatch(/note: Quick preset without a semantic index: answered by text search instead\./);
    expect(r.stdout).toMatch(/ 1\. src\/render\.js:14-72 {2}render \(function\)/);
  });

  it('re-indexes incrementally after a file changes', async () => {
    const repo = join(work, 'changing');
    cpSync(FIXTURE, repo, { recursive: true });
    expect((await cli(['index', '--repo', repo, '--embedder', 'none'])).code).toBe(0);
    writeFileSync(join(repo, 'src', 'brand-new.js'), 'export function brandNewHelper(a) { return a * 2; }\n');
    const r = await cli(['index', '--repo', repo, '--embedder', 'none']);
    const summary = JSON.parse(r.stdout).summary;
    expect(summary.fromCache).toBe(false);
    expect(summary.reusedFiles).toBe(summary.files - 1);
    const s = await cli(['search', '--repo', repo, '--embedder', 'none', 'function brandNewHelper']);
    expect(s.stdout).toMatch(/ 1\. src\/brand-new\.js:1-1 {2}brandNewHelper/);
  });
});

/**
 * Sets every file's and folder's modification time under `dir` to `when` (a repository untouched
 * for a while). Folders last, deepest first: a child's new time does not move its folder's.
 */
function backdate(dir: string, when: Date): void {
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  for (const e of entries) if (e.isFile()) utimesSync(join(e.parentPath, e.name), when, when);
  const folders = entries.filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name));
  for (const folder of [...folders.sort((a, b) => b.length - a.length), dir]) utimesSync(folder, when, when);
}

describe('the cache check', () => {
  it('trusts unchanged paths, sizes and times without reading a file, and reads everything when one changed', async () => {
    const repo = join(work, 'settled');
    cpSync(FIXTURE, repo, { recursive: true });
    const old = new Date(Date.now() - 3600_000);
    backdate(repo, old);
    const built = JSON.parse((await cli(['index', '--repo', repo, '--embedder', 'none'])).stdout).summary;
    expect(built).toMatchObject({ fromCache: false, cacheCheck: null });
    const again = JSON.parse((await cli(['index', '--repo', repo, '--embedder', 'none'])).stdout).summary;
    expect(again).toMatchObject({ fromCache: true, cacheCheck: 'stat', files: built.files, chunks: built.chunks });

    // Same size, same (old) time, other content: like git, the stat check cannot see it; a
    // different size it sees, and then every file is read and the changed one re-parsed.
    writeFileSync(join(repo, 'src', 'util.js'), '// changed\nexport function changedHelper() {}\n');
    utimesSync(join(repo, 'src', 'util.js'), old, old);
    const changed = JSON.parse((await cli(['index', '--repo', repo, '--embedder', 'none'])).stdout).summary;
    expect(changed).toMatchObject({ fromCache: false, cacheCheck: null, reusedFiles: built.files - 1 });
    const s = await cli(['search', '--repo', repo, '--embedder', 'none', 'function changedHelper']);
    expect(s.stdout).toMatch(/ 1\. src\/util\.js:\d+-\d+ {2}changedHelper/);
  });

  it('answers from the cache without walking while nothing changed, and sees a file added since', async () => {
    const repo = join(work, 'unwalked');
    cpSync(FIXTURE, repo, { recursive: true });
    backdate(repo, new Date(Date.now() - 3600_000));
    const index = async () => JSON.parse((await cli(['index', '--repo', repo, '--embedder', 'none'])).stdout).summary;
    const built = await index();
    expect(await index()).toMatchObject({ fromCache: true, cacheCheck: 'stat', files: built.files });
    // Its folder's time moves; no other file's does. (An edit in place: the test above.)
    writeFileSync(join(repo, 'src', 'added-later.js'), 'export function addedLaterHelper() { return 1; }\n');
    const s = await cli(['search', '--repo', repo, '--embedder', 'none', 'function addedLaterHelper']);
    expect(s.stdout).toMatch(/ 1\. src\/added-later\.js:1-1 {2}addedLaterHelper/);
  });

  it('rebuilds a damaged cached index instead of failing, and says so', async () => {
    const repo = join(work, 'damaged');
    const cacheDir = join(work, 'damaged-cache');
    cpSync(FIXTURE, repo, { recursive: true });
    backdate(repo, new Date(Date.now() - 3600_000));
    const built = JSON.parse(
      (await cli(['index', '--repo', repo, '--embedder', 'none', '--cache', cacheDir])).stdout,
    ).summary;
    const snapshotFile = readdirSync(cacheDir).find((f) => f.endsWith('.snapshot'))!;
    // Well-formed on the outside (current version), broken inside.
    writeFileSync(
      join(cacheDir, snapshotFile),
      serialize({ version: SNAPSHOT_VERSION, files: [{ path: 'x', hash: 'y', size: 1 }], analyses: { version: 99 } }),
    );
    const r = await cli(['index', '--repo', repo, '--embedder', 'none', '--cache', cacheDir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/the cached index could not be read \(.*\): rebuilding it/);
    expect(JSON.parse(r.stdout).summary).toMatchObject({ fromCache: false, files: built.files, chunks: built.chunks });
    const again = JSON.parse(
      (await cli(['index', '--repo', repo, '--embedder', 'none', '--cache', cacheDir])).stdout,
    ).summary;
    expect(again).toMatchObject({ fromCache: true, cacheCheck: 'stat' });
  });

  // The search reads the cached index part by part: each of these parts is first read in the
  // middle of the question, and damage found there rebuilds the index before anything is said.
  it.each([
    ['a file text', (name: string) => name.startsWith('text block'), /text block \d+ does not match its checksum/],
    ['the trigram postings', (name: string) => name === 'text section', /text section does not match its checksum/],
    [
      'the centralities the boost reads',
      (name: string) => name === 'centrality section',
      /centrality section does not match its checksum/,
    ],
  ])(
    'never answers from a cached index with %s damaged: the search rebuilds and answers right',
    async (what, pick, said) => {
      const repo = join(work, `flipped-${what.replace(/\W+/g, '-')}`);
      const cacheDir = `${repo}-cache`;
      cpSync(FIXTURE, repo, { recursive: true });
      backdate(repo, new Date(Date.now() - 3600_000));
      const query = ['search', '--repo', repo, '--embedder', 'none', '--cache', cacheDir, '"passed to createElement"'];
      const before = await cli(query);
      expect(before.stdout).toMatch(/debug\/src\/debug\.js/);
      const file = join(
        cacheDir,
        readdirSync(cacheDir).find((f) => f.endsWith('.snapshot'))!,
      );
      const bytes = readFileSync(file);
      const parts = storedParts(bytes).filter((p) => pick(p.name));
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) bytes[part.start + (part.length >> 1)] ^= 0x5a;
      writeFileSync(file, bytes);
      const after = await cli(query);
      expect(after.code).toBe(0);
      expect(after.stderr).toMatch(/the cached index could not be read \(.*\): rebuilding it/);
      expect(after.stderr).toMatch(said);
      expect(after.stdout).toMatch(/debug\/src\/debug\.js/);
      expect(after.stdout).not.toMatch(/No exact match/);
      // Rebuilt and stored whole again: the next search is served from the cache.
      const again = await cli(query);
      expect(again.stderr).not.toMatch(/could not be read/);
      const ranked = (out: string) => out.split('\n').filter((line) => /^ +\d+\. /.test(line));
      expect(ranked(again.stdout)).toEqual(ranked(before.stdout));
      expect(ranked(after.stdout)).toEqual(ranked(before.stdout));
    },
  );

  it('does not trust a file modified as late as the index was written (it may change again within the same clock tick)', async () => {
    const repo = join(work, 'fresh');
    cpSync(FIXTURE, repo, { recursive: true });
    backdate(repo, new Date(Date.now() - 3600_000));
    const late = new Date(Date.now() + 3600_000);
    utimesSync(join(repo, 'src', 'util.js'), late, late);
    expect((await cli(['index', '--repo', repo, '--embedder', 'none'])).code).toBe(0);
    const again = JSON.parse((await cli(['index', '--repo', repo, '--embedder', 'none'])).stdout).summary;
    expect(again).toMatchObject({ fromCache: true, cacheCheck: 'content' });
  });
});

describe('fourfold eval', () => {
  it('prints one eval line per query (docs/design.md#eval-output) and a summary line', async () => {
    const queries = join(work, 'queries.jsonl');
    writeFileSync(
      queries,
      [
        JSON.stringify({ id: 'd1', query: 'where is createVNode defined' }),
        JSON.stringify({ id: 'x1', query: '"Invalid type passed to createElement"', preset: 'thorough' }),
        JSON.stringify({ id: 'r1', query: 'who calls diff', modalities: ['graph'] }),
      ].join('\n') + '\n',
    );
    const r = await cli(['eval', '--repo', FIXTURE, '--embedder', 'none', '--queries', queries]);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(0, 3)) {
      // A references or impact answer also says how many results carry evidence.
      if (line.intent === 'find_references') expect(line.evidence.total).toBeGreaterThan(0);
      expect(Object.keys(line).filter((k) => k !== 'evidence')).toEqual([
        'id',
        'query',
        'intent',
        'confidence',
        'rule',
        'strategy',
        'preset',
        'k',
        'elapsedMs',
        'results',
      ]);
      expect(line).not.toHaveProperty('fallback');
      for (const result of line.results) {
        expect(result).toEqual(
          expect.objectContaining({
            path: expect.any(String),
            startLine: expect.any(Number),
            endLine: expect.any(Number),
            score: expect.any(Number),
            boost: expect.any(Number),
          }),
        );
        expect(result).toHaveProperty('centrality');
        expect(result).toHaveProperty('demotion');
        for (const c of Object.values(result.modalities) as {
          rank: number;
          weight: number;
          k: number;
          contribution: number;
        }[]) {
          expect(Object.keys(c)).toEqual(['rank', 'weight', 'k', 'contribution']);
          expect(c.k).toBe(line.k);
          expect(c.contribution).toBeCloseTo(c.weight / (line.k + c.rank + 1), 12);
        }
      }
    }
    expect(lines[0]).toMatchObject({ id: 'd1', intent: 'find_definition', preset: 'default', k: 40 });
    expect(lines[0].results[0]).toMatchObject({ path: 'src/create-element.js', symbol: 'createVNode' });
    expect(lines[1]).toMatchObject({ id: 'x1', intent: 'exact_match', preset: 'thorough', k: 40 });
    expect(lines[1].results[0].path).toBe('debug/src/debug.js');
    expect(Object.keys(lines[2].results[0].modalities)).toEqual(['graph']);
    expect(lines[3].summary).toMatchObject({ files: 54, embedder: null });
    expect(lines[3].summary.buildMs).toHaveProperty('structural');
  });

  it('every score is recomputable from its own line: boost from centrality, demotion, per-modality k; a fallback says why', async () => {
    const repo = join(work, 'vendored');
    cpSync(FIXTURE, repo, { recursive: true });
    mkdirSync(join(repo, 'vendor', 'lib'), { recursive: true });
    writeFileSync(
      join(repo, 'vendor', 'lib', 'diff-copy.js'),
      'import { diff } from "../../src/diff/index.js";\nexport function vendoredDiff(a, b) { return diff(a, b); }\n',
    );
    const queries = join(work, 'recompute.jsonl');
    writeFileSync(
      queries,
      [
        JSON.stringify({ id: 'r', query: 'who calls diff', preset: 'thorough' }),
        JSON.stringify({ id: 'v', query: 'vendoredDiff', preset: 'thorough' }),
        JSON.stringify({ id: 'd', query: 'where is createVNode defined' }),
        JSON.stringify({ id: 'f', query: '"qqzz nowhere in this repo"' }),
        JSON.stringify({ id: 'x', query: '"Invalid type passed to createElement"' }),
        JSON.stringify({ id: 's', query: 'code similar to createElement' }),
      ].join('\n') + '\n',
    );
    const r = await cli(['eval', '--repo', repo, '--embedder', 'none', '--queries', queries]);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => !l.summary);
    let demoted = 0;
    for (const line of lines) {
      for (const result of line.results) {
        const expectedBoost = line.strategy === 'direct' ? 1 : Math.min(1 + 0.3 * Math.log(1 + result.centrality), 1.5);
        expect(result.boost).toBeCloseTo(expectedBoost, 12);
        let sum = 0;
        for (const c of Object.values(result.modalities) as { rank: number; weight: number; k: number }[])
          sum += c.weight / (c.k + c.rank + 1);
        if (result.sibling) expect(result.sibling.factor).toBeCloseTo(1 + SIBLING_GAIN * result.sibling.similarity, 12);
        expect(result.score).toBeCloseTo(
          sum *
            result.boost *
            (result.demotion?.factor ?? 1) *
            (result.sibling?.factor ?? 1) *
            (result.form?.factor ?? 1) *
            (result.member?.factor ?? 1) *
            (result.fileWords?.factor ?? 1),
          12,
        );
        if (result.demotion?.rule === PROTOTYPE_DEMOTION_RULE) {
          // "Similar to createElement": a type declaration file declares functions without a body.
          expect(line.id).toBe('s');
          expect(result.path).toMatch(/\.d\.ts$/);
          expect(result.demotion.factor).toBe(PROTOTYPE_DEMOTION_FACTOR);
        } else if (result.demotion) {
          demoted++;
          expect(result.path.startsWith('vendor/')).toBe(true);
          expect(result.demotion).toEqual({ factor: DEMOTION_FACTOR, rule: 'vendor/' });
        }
      }
    }
    expect(demoted).toBeGreaterThan(0);
    // "Similar to createElement": never createElement itself (line 16); its siblings carry their factor.
    const similar = lines.find((l) => l.id === 's');
    expect(similar.intent).toBe('find_similar');
    const self = (x: { path: string; startLine: number; endLine: number }) =>
      x.path === 'src/create-element.js' && x.startLine <= 16 && 16 <= x.endLine;
    expect(similar.results.filter(self)).toEqual([]);
    expect(similar.results[0].sibling).toMatchObject({ of: 'createElement' });
    const fell = lines.find((l) => l.id === 'f');
    expect(fell).toMatchObject({ intent: 'exact_match', strategy: 'fused' });
    expect(fell.fallback).toBe('direct route to text found nothing, so structural was fused');
  });

  it('reports a bad query line and exits 2, still answering the good ones', async () => {
    const queries = join(work, 'bad.jsonl');
    writeFileSync(queries, '{"id":"ok","query":"createVNode"}\nnot json\n{"id":"p","query":"x","preset":"fast"}\n');
    const r = await cli(['eval', '--repo', FIXTURE, '--embedder', 'none', '--queries', queries]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.jsonl:2: not a valid query line/);
    expect(r.stderr).toMatch(/bad\.jsonl:3: .*unknown preset "fast"/);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
  });
});

describe('clear errors and exit codes', () => {
  it('a missing folder', async () => {
    const r = await cli(['search', '--repo', join(work, 'nope'), 'x']);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe(`fourfold: no such folder: ${join(work, 'nope')}\n`);
  });

  it('an empty repository (nothing indexable)', async () => {
    const empty = join(work, 'empty');
    mkdirSync(join(empty, 'img'), { recursive: true });
    writeFileSync(join(empty, 'img', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    const r = await cli(['search', '--repo', empty, '--embedder', 'none', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nothing to index in .*empty: no readable text files \(skipped: .*1 binary/);
  });

  it('an unreadable file is named, the rest is searched, and the exit code says so', async () => {
    const repo = join(work, 'locked');
    mkdirSync(join(repo, 'src'), { recursive: true });
    writeFileSync(join(repo, 'src', 'open.ts'), 'export function openDoor() { return 1; }\n');
    writeFileSync(join(repo, 'src', 'locked.ts'), 'export function lockedDoor() { return 2; }\n');
    chmodSync(repo, 0o755);
    chmodSync(join(repo, 'src'), 0o755);
    chmodSync(join(repo, 'src', 'locked.ts'), 0o000);
    const r = await cli(
      ['search', '--repo', repo, '--embedder', 'none', '--cache', join(cache, 'nobody'), 'function openDoor'],
      { asUser: '65534' },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/could not read src\/locked\.ts: .*EACCES/);
    expect(r.stdout).toMatch(/src\/open\.ts:1-1 {2}openDoor/);
  });

  it('usage errors exit 1', async () => {
    expect((await cli(['search', '--repo', FIXTURE, '--preset', 'fast', 'x'])).code).toBe(1);
    expect((await cli(['search', '--repo', FIXTURE, '--modalities', 'text,vibes', 'x'])).stderr).toMatch(
      /unknown modality "vibes"/,
    );
    expect((await cli(['search', '--repo', FIXTURE])).stderr).toMatch(/search needs a query/);
    expect((await cli(['frobnicate'])).code).toBe(1);
    for (const asked of [['help'], ['--help'], ['-h'], []]) {
      const help = await cli(asked);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/fourfold search --repo DIR "query"/);
    }
  });
});

describe('the usage is the flag table', () => {
  it('--help shows every command and every flag of the table, with its choices and the exit codes', async () => {
    const help = (await cli(['--help'])).stdout;
    for (const c of COMMANDS) expect(help).toContain(`fourfold ${c.name} --repo DIR`);
    for (const f of FLAGS) {
      expect(help).toContain(`--${f.name}`);
      expect(help).toContain(f.help);
      for (const choice of f.choices ?? []) expect(help).toContain(choice);
    }
    expect(help).toMatch(/-q, --quiet +no progress notices/);
    for (const code of Object.values(EXIT)) expect(help).toMatch(new RegExp(`^  ${code}  `, 'm'));
  });

  it('an unknown flag, a flag of another command and a switch given a value are usage errors (exit 1), with no stack', async () => {
    const unknown = await cli(['search', '--repo', FIXTURE, '--frobnicate', 'x']);
    expect(unknown).toMatchObject({ code: EXIT.usage, stdout: '' });
    expect(unknown.stderr).toMatch(/^fourfold: unknown flag --frobnicate\nrun `fourfold --help`/);
    expect((await cli(['search', '--repo', FIXTURE, '--watch', 'poll', 'x'])).stderr).toMatch(
      /--watch is for mcp, not search/,
    );
    expect((await cli(['index', '--repo', FIXTURE, '--json=yes'])).stderr).toMatch(/--json takes no value/);
    expect((await cli(['index', '--repo', FIXTURE, '--limit'])).stderr).toMatch(/--limit needs a value \(N\)/);
    expect((await cli(['eval', '--repo', FIXTURE])).stderr).toMatch(/eval needs --queries FILE\.jsonl/);
  });

  it('-q silences the notices; a query word after -- is never a flag; -path: stays query syntax', async () => {
    const r = await cli([
      'search',
      '-q',
      '--repo',
      FIXTURE,
      '--embedder',
      'none',
      '--no-cache',
      '--limit',
      '2',
      'createVNode',
      '-path:diff',
      '--',
      '--json',
    ]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/understood: "createVNode --json" -path:diff/);
  });
});

/** A repository made to attack the terminal that prints it: a name and lines full of escape sequences. */
/** C1 controls in a name: indexed (intake refuses only C0 and DEL in paths), then escaped when printed. */
const HOSTILE_NAME = 'src/evil\u009b31m\u0085.js';
/** ESC and BEL in a name: refused by intake as unrepresentable, and named nowhere raw. */
const TITLE_NAME = 'src/title\u001b]0;pwned\u0007.js';
const HOSTILE_TEXT =
  'export function hostileHelper() {\n' +
  '  // \u001b[2J\u001b[H cleared \u001b]52;c;ZWNobyBwd25lZA==\u0007 clipboard\r\n' +
  '  return "\u001b[31mred\u001b[0m\u007f\u0085";\n}\n';
// eslint-disable-next-line no-control-regex -- the test looks for raw control characters in the output.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('repository text never drives the terminal', () => {
  it('escapes ESC, C1 and DEL in paths, symbols and lines unless --json', async () => {
    const repo = join(work, 'hostile');
    mkdirSync(join(repo, 'src'), { recursive: true });
    writeFileSync(join(repo, HOSTILE_NAME), HOSTILE_TEXT);
    writeFileSync(join(repo, TITLE_NAME), 'export const title = 1;\n');
    const r = await cli(['search', '--repo', repo, '--embedder', 'none', 'hostileHelper']);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).not.toMatch(CONTROL);
    expect(r.stderr).not.toMatch(CONTROL);
    expect(r.stdout).toContain('src/evil\\x9b31m\\x85.js:1-4  hostileHelper (function)');
    expect(r.stdout).toContain('\\x1b[2J\\x1b[H cleared \\x1b]52;c;ZWNobyBwd25lZA==\\x07 clipboard\\x0d');
    expect(r.stdout).toContain('"\\x1b[31mred\\x1b[0m\\x7f\\x85"');

    const json = await cli(['search', '--repo', repo, '--embedder', 'none', '--json', 'hostileHelper']);
    expect(JSON.parse(json.stdout).results[0].path).toBe(HOSTILE_NAME);
  });
});

describe('a cache that cannot be written', () => {
  const noStack = /internal error|\n\s+at /;

  it('a file where the cache folder should be: answered from memory, said plainly, exit 2', async () => {
    const blocked = join(work, 'cache-is-a-file');
    writeFileSync(blocked, 'not a folder');
    const r = await cli([
      'search',
      '--repo',
      FIXTURE,
      '--embedder',
      'none',
      '--cache',
      blocked,
      '--limit',
      '1',
      'where is createVNode defined',
    ]);
    expect(r.code).toBe(EXIT.input);
    expect(r.stdout).toMatch(/ 1\. src\/create-element\.js:57-81 {2}createVNode/);
    expect(r.stderr).toMatch(
      /fourfold: cannot write the index cache .*cache-is-a-file\/\S+\.snapshot: a file is where the cache folder should be \(EEXIST\): answering without it/,
    );
    expect(r.stderr).not.toMatch(noStack);
  });

  // Whole CLI runs as another user, each building the index: minutes on two loaded cores.
  it('an unwritable cache folder leaves no temporary files behind, run after run', async () => {
    const locked = join(work, 'locked-cache');
    mkdirSync(locked);
    chmodSync(locked, 0o555); // root's, and the command runs as nobody
    for (let i = 0; i < 2; i++) {
      const r = await cli(['index', '--repo', FIXTURE, '--embedder', 'none', '--cache', locked], { asUser: '65534' });
      expect(r.code).toBe(EXIT.input);
      expect(JSON.parse(r.stdout).summary.files).toBe(54);
      expect(r.stderr).toMatch(/no permission to write there \(EACCES\)/);
      expect(r.stderr).not.toMatch(noStack);
    }
    expect(readdirSync(locked)).toEqual([]);
  }, 240_000);

  it("temporary files of a killed run are removed at the next start; a live writer's are kept", async () => {
    const cacheDir = join(work, 'killed-cache');
    mkdirSync(cacheDir);
    let dead = 4_000_000;
    while (pidAlive(dead)) dead--;
    const killed = join(cacheDir, `0123456789abcdef-none.snapshot.${dead}.tmp`);
    const live = join(cacheDir, `embeddings-x.cache.${process.pid}.tmp`);
    writeFileSync(killed, 'half a snapshot');
    writeFileSync(live, 'being written');
    const r = await cli(['index', '--repo', FIXTURE, '--embedder', 'none', '--cache', cacheDir]);
    expect(r.code).toBe(EXIT.ok);
    expect(existsSync(killed)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.tmp'))).toEqual([`embeddings-x.cache.${process.pid}.tmp`]);
  });
});

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

describe('embedding provider errors are input errors', () => {
  it('a rejected Voyage key: exit 2, the variable named, no stack, nothing about Settings', async () => {
    const server = await startVoyageServer({ key: 'the-right-key', dims: 256 });
    try {
      const env = { VOYAGE_API_KEY: 'a-wrong-key', VOYAGE_BASE_URL: server.url };
      const r = await cli(['index', '--repo', FIXTURE, '--embedder', 'voyage', '--no-cache'], { env });
      expect(r).toMatchObject({ code: EXIT.input, stdout: '' });
      expect(r.stderr).toMatch(
        /fourfold: the Voyage API rejected the key in VOYAGE_API_KEY \(HTTP 401: Provided API key is invalid\.\): check the key, or use --embedder local\n$/,
      );
      expect(r.stderr).not.toMatch(/Settings|internal error|\n\s+at /);
    } finally {
      await server.close();
    }
  });

  it('a key rejected at search time: the other retrievers answer, the failure is said, exit 2', async () => {
    const server = await startVoyageServer({ key: 'the-right-key' });
    try {
      const cacheDir = join(work, 'voyage-cache');
      const built = await cli(['index', '--repo', FIXTURE, '--embedder', 'voyage', '--cache', cacheDir], {
        env: { VOYAGE_API_KEY: 'the-right-key', VOYAGE_BASE_URL: server.url },
      });
      expect(built.code).toBe(EXIT.ok);
      const env = { VOYAGE_API_KEY: 'a-wrong-key', VOYAGE_BASE_URL: server.url };
      const r = await cli(
        [
          'search',
          '--repo',
          FIXTURE,
          '--embedder',
          'voyage',
          '--cache',
          cacheDir,
          '--preset',
          'thorough',
          '--limit',
          '3',
          'how does render mount a tree into the dom',
        ],
        { env },
      );
      expect(r.code).toBe(EXIT.input);
      expect(r.stdout).toMatch(/ 1\. src\/\S+\.js:\d+-\d+/);
      expect(r.stderr).toMatch(
        /fourfold: semantic failed: the Voyage API rejected the key in VOYAGE_API_KEY \(HTTP 401/,
      );
      expect(r.stderr).not.toMatch(/Settings|internal error|\n\s+at /);
    } finally {
      await server.close();
    }
  });

  it('a refused request names VOYAGE_BASE_URL', async () => {
    const server = await startVoyageServer({ key: 'k', status: 400 });
    try {
      const r = await cli(['index', '--repo', FIXTURE, '--embedder', 'voyage', '--no-cache'], {
        env: { VOYAGE_API_KEY: 'k', VOYAGE_BASE_URL: server.url },
      });
      expect(r.code).toBe(EXIT.input);
      expect(r.stderr).toMatch(/the Voyage API refused the request \(HTTP 400: .*\): check VOYAGE_BASE_URL/);
      expect(r.stderr).not.toMatch(/Settings|internal error|\n\s+at /);
    } finally {
      await server.close();
    }
  });
});
