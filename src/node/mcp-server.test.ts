/**
 * `fourfold mcp` as an agent meets it: the SDK's own Client over StdioClientTransport, talking
 * to `node bin/fourfold.js mcp` on a copy of a real repository (Preact's sources).
 */
import { execFile, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOSTED_KINDS, FILE_WORDS_CODE_GAIN, FILE_WORDS_GAIN, SIBLING_GAIN } from '../engine/ranking';
import type { DefinitionKind } from '../engine/contract';
import { MAX_QUERY_CHARS } from './mcp-server';

const BIN = join(import.meta.dirname, '../../bin/fourfold.js');
const FIXTURE = join(import.meta.dirname, '../../e2e/fixtures/preact');

interface Server {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
  logs: string[];
  stderrEnded: Promise<void>;
}

let work: string;
let repo: string;
let cache: string;
let main: Server;

async function startServer(dir: string, cacheDir: string, extra: string[] = []): Promise<Server> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--repo', dir, '--embedder', 'none', '--cache', cacheDir, ...extra],
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr!.on('data', (d) => (err += d));
  const stderrEnded = new Promise<void>((resolve) => transport.stderr!.on('end', resolve));
  const client = new Client({ name: 'fourfold-test', version: '1.0.0' });
  const logs: string[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(String(n.params.data)));
  await client.connect(transport);
  return { client, transport, stderr: () => err, logs, stderrEnded };
}

// Tool results are JSON whose shape each test asserts on; `any` lets them reach into it without a cast per property.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Structured = Record<string, any>;

async function call(
  server: Server,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult & { structuredContent?: Structured }> {
  return (await server.client.callTool({ name, arguments: args })) as CallToolResult & {
    structuredContent?: Structured;
  };
}

async function ok(server: Server, name: string, args: Record<string, unknown>): Promise<Structured> {
  const r = await call(server, name, args);
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  return r.structuredContent!;
}

function textOf(r: CallToolResult): string {
  return r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

async function expectToolError(
  server: Server,
  name: string,
  args: Record<string, unknown>,
  message: RegExp,
): Promise<void> {
  const r = await call(server, name, args);
  expect(r.isError, JSON.stringify(r.content)).toBe(true);
  expect(textOf(r)).toMatch(message);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Asks until the answer satisfies `done` (the watcher reacts within seconds; the test timeout bounds it). */
async function until<T>(ask: () => Promise<T>, done: (t: T) => boolean): Promise<T> {
  for (;;) {
    const t = await ask();
    if (done(t)) return t;
    await sleep(100);
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'fourfold-mcp-'));
  repo = join(work, 'preact');
  cpSync(FIXTURE, repo, { recursive: true });
  writeFileSync(join(repo, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
  cache = join(work, 'cache');
  main = await startServer(repo, cache);
});

afterAll(async () => {
  await main?.client.close();
  rmSync(work, { recursive: true, force: true });
});

describe('tools', () => {
  it('lists search, open and related, each with a description and input and output schemas', async () => {
    const { tools } = await main.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search', 'open', 'related']);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(100);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
    const [search, open, related] = tools;
    expect(search.inputSchema.required).toEqual(['query']);
    expect(Object.keys(search.inputSchema.properties!)).toEqual(['query', 'preset', 'modalities', 'limit']);
    expect((search.inputSchema.properties!.query as { maxLength: number }).maxLength).toBe(MAX_QUERY_CHARS);
    expect(open.inputSchema.required).toEqual(['path']);
    expect(Object.keys(related.inputSchema.properties!)).toEqual(['path', 'line', 'symbol', 'limit']);
  });
});

describe('search answers a question per intent, explained', () => {
  const cases: [string, string, string, string?][] = [
    ['where is createVNode defined', 'find_definition', 'src/create-element.js', 'createVNode'],
    ['who calls diffChildren', 'find_references', 'src/diff/index.js', 'diff'],
    ['how does the render function mount a tree into the dom', 'understand_code', 'src/render.js', 'render'],
    [
      'similar to function getDomSibling(vnode, childIndex) { if (childIndex == null) { return vnode._parent ? getDomSibling(vnode._parent, vnode._index + 1) : null; } }',
      'find_similar',
      'src/component.js',
      'getDomSibling',
    ],
    ['what depends on src/create-element.js', 'impact_analysis', 'src/component.js'],
    ['"Invalid type passed to createElement"', 'exact_match', 'debug/src/debug.js'],
  ];
  for (const [query, intent, path, symbol] of cases) {
    it(`${intent}: ${query.slice(0, 50)}`, async () => {
      const r = await call(main, 'search', { query, limit: 5 });
      expect(r.isError).toBeFalsy();
      const s = r.structuredContent!;
      expect(s.query.intent).toBe(intent);
      expect(s.results[0].path).toBe(path);
      if (symbol) expect(s.results[0].symbol).toBe(symbol);
      expect(s.results[0].snippet.length).toBeGreaterThan(0);
      // The text rendering names the intent and the first result with its lines.
      expect(textOf(r)).toMatch(new RegExp(`^${intent} \\(confidence ${s.query.confidence}, rule ${s.query.rule}\\)`));
      expect(textOf(r)).toContain(`1. ${path}:${s.results[0].startLine}-${s.results[0].endLine}`);
    });
  }

  it('every score is recomputable from its own explanation', async () => {
    for (const preset of ['default', 'thorough'] as const) {
      const s = await ok(main, 'search', { query: 'how are hooks scheduled after render', preset, limit: 10 });
      const q = s.query;
      expect(q.strategy).toBe('fused');
      expect(s.results.length).toBeGreaterThan(3);
      for (const x of s.results) {
        const e = x.explanation;
        let sum = 0;
        for (const [m, c] of Object.entries(e.modalities) as [
          string,
          { rank: number; weight: number; k: number; contribution: number },
        ][]) {
          expect(c.weight).toBe(q.weights[m]);
          expect(c.k).toBe(q.k);
          expect(c.contribution).toBeCloseTo(c.weight / (c.k + c.rank + 1), 12);
          sum += c.contribution;
        }
        expect(e.rrf).toBeCloseTo(sum, 12);
        expect(e.boost).toBeCloseTo(Math.min(1 + 0.3 * Math.log(1 + e.centrality), 1.5), 12); // docs/design.md#boost
        // A member chosen for its file keeps the file's place: its factor is part of the score, as is,
        // on a question asking how, the share of the question its file says.
        expect(e.score).toBeCloseTo(
          sum * e.boost * (e.demotion?.factor ?? 1) * (e.member?.factor ?? 1) * (e.fileWords?.factor ?? 1),
          12,
        );
        // Code that runs shows its file with the larger gain (ranking.ts FILE_WORDS_CODE_GAIN).
        const runs = x.kind !== undefined && BOOSTED_KINDS.has(x.kind as DefinitionKind);
        const gain = runs ? FILE_WORDS_CODE_GAIN : FILE_WORDS_GAIN;
        if (e.fileWords) expect(e.fileWords.factor).toBeCloseTo(1 + gain * e.fileWords.share, 12);
        expect(x.score).toBe(e.score);
      }
    }
  });

  it('"similar to X" never returns X; siblings carry their factor; sub-results carry their range and explanation', async () => {
    const s = await ok(main, 'search', { query: 'code similar to createElement', limit: 10 });
    expect(s.query.intent).toBe('find_similar');
    type Row = {
      startLine: number;
      endLine: number;
      score: number;
      explanation: { score: number; sibling?: { factor: number; similarity: number } };
    };
    const rows: Row[] = [];
    for (const x of s.results as (Row & { path: string; subResults?: Row[] })[]) {
      expect(x.path === 'src/create-element.js' && x.startLine <= 16 && 16 <= x.endLine).toBe(false);
      rows.push(x, ...(x.subResults ?? []));
      for (const sub of x.subResults ?? []) expect(sub.score).toBeLessThanOrEqual(x.score);
    }
    expect(rows.length).toBeGreaterThan(s.results.length);
    expect(rows.some((r) => r.explanation.sibling)).toBe(true);
    for (const r of rows) {
      expect(r.score).toBe(r.explanation.score);
      if (r.explanation.sibling)
        expect(r.explanation.sibling.factor).toBeCloseTo(1 + SIBLING_GAIN * r.explanation.sibling.similarity, 12);
    }
  });

  it('"similar to X" with X defined more than once says so and which it took, and returns none of them', async () => {
    const r = await call(main, 'search', { query: 'code similar to render', limit: 10 });
    const notes = r.structuredContent!.query.notes as string[];
    const note = notes.find((n) => n.startsWith('Similar to render'));
    expect(note).toMatch(/render is defined \d+ times and the question does not say which/);
    expect(note).toContain('src/render.js:');
    expect(note).toContain('compat/src/render.js:');
    expect(textOf(r)).toContain(`note: ${note}`);
    for (const x of r.structuredContent!.results as { symbol?: string; subResults?: { symbol?: string }[] }[])
      expect([x.symbol, ...(x.subResults ?? []).map((sub) => sub.symbol)]).not.toContain('render');
  });

  it('a references answer says what ties each result to the subject, and counts only results with evidence', async () => {
    const s = await ok(main, 'search', { query: 'who calls diffChildren', limit: 50 });
    expect(s.query.intent).toBe('find_references');
    const count = s.query.evidence as { total: number; resolved: number; chain: number; byName: number };
    expect(count.total).toBe(count.resolved + count.chain + count.byName);
    expect(count.resolved).toBeGreaterThan(0);
    expect(s.results.length).toBe(Math.min(count.total, 50));
    for (const x of s.results as { evidence?: string }[])
      expect(['resolved', 'chain', 'by-name']).toContain(x.evidence);
    const text = textOf(await call(main, 'search', { query: 'who calls diffChildren' }));
    expect(text).toContain(`evidence: ${count.total} (${count.resolved} resolved`);
  });
  it('says when the name asked for is not in the repository, with near names', async () => {
    const r = await call(main, 'search', { query: 'where is createVNodee defined', limit: 3 });
    expect(r.structuredContent!.query.absent).toEqual({
      name: 'createVNodee',
      suggestions: expect.arrayContaining(['createVNode']),
    });
    expect(textOf(r)).toMatch(/note: No createVNodee in this repository/);
  });

  it('understands the query syntax: a /regex/ within path: and lang: filters', async () => {
    const s = await ok(main, 'search', { query: '/createV.ode/ path:src/** lang:javascript', limit: 5 });
    expect(s.query.understood).toEqual({
      text: '',
      regex: 'createV.ode',
      paths: ['src/**'],
      excludedPaths: [],
      languages: ['javascript'],
      excludedLanguages: [],
      caseSensitive: false,
    });
    expect(s.results.length).toBeGreaterThan(0);
    for (const r of s.results) expect(r.path).toMatch(/(^|\/)src\/.*\.js$/); // path: globs match at any depth, as on GitHub
  });

  it('honours preset, modalities and limit', async () => {
    const s = await ok(main, 'search', {
      query: 'who calls diff',
      preset: 'thorough',
      modalities: ['text', 'graph'],
      limit: 2,
    });
    expect(s.query).toMatchObject({ preset: 'thorough', k: 40, strategy: 'fused' });
    expect(
      s.query.modalities.filter((m: { ran: boolean }) => m.ran).map((m: { modality: string }) => m.modality),
    ).toEqual(['text', 'graph']);
    expect(s.results).toHaveLength(2);
    // A retriever left out says why as a code beside the words; the server has no embedder.
    const skipped = Object.fromEntries(
      s.query.modalities.map((m: { modality: string; skip?: string; skipped?: string }) => [
        m.modality,
        [m.skip, typeof m.skipped],
      ]),
    );
    expect(skipped).toEqual({
      semantic: ['not-selected', 'string'],
      structural: ['not-selected', 'string'],
      text: [undefined, 'undefined'],
      graph: [undefined, 'undefined'],
    });
  });
});

describe('open and related', () => {
  it('open returns the lines with the definitions around them', async () => {
    const r = await call(main, 'open', { path: 'src/create-element.js', startLine: 60, endLine: 66 });
    const s = r.structuredContent!;
    expect(s).toMatchObject({
      path: 'src/create-element.js',
      language: 'javascript',
      startLine: 60,
      endLine: 66,
      truncated: false,
    });
    expect(s.text.split('\n')).toHaveLength(7);
    expect(s.enclosing.map((d: { name: string }) => d.name)).toEqual(['createVNode']);
    expect(textOf(r)).toMatch(/inside function createVNode \(57-81\)/);
    expect(textOf(r)).toMatch(/^60 \| /m);
  });

  it('open without a range gives the whole (short) file and its outline; absolute paths inside the repository work', async () => {
    const s = await ok(main, 'open', { path: join(repo, 'src', 'create-element.js') });
    expect(s).toMatchObject({ path: 'src/create-element.js', startLine: 1, endLine: s.lineCount, truncated: false });
    expect(s.definitions.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(['createElement', 'createVNode', 'createRef', 'Fragment']),
    );
  });

  it('related by symbol: callers, callees and dependents from the graph', async () => {
    const r = await call(main, 'related', { symbol: 'createVNode' });
    const s = r.structuredContent!;
    expect(s.target).toMatchObject({ path: 'src/create-element.js', symbol: 'createVNode', kind: 'function' });
    expect(s.otherDefinitions.map((d: { path: string }) => d.path)).toEqual(['jsx-runtime/src/index.js']);
    expect(s.callers.map((c: { symbol: string }) => c.symbol)).toEqual(
      expect.arrayContaining(['createElement', 'cloneElement']),
    );
    expect(s.dependents.find((d: { path: string }) => d.path === 'src/clone-element.js')).toMatchObject({
      hops: 1,
      relation: 'call',
    });
    expect(s.totals.dependents).toBeGreaterThanOrEqual(s.dependents.length);
    expect(textOf(r)).toMatch(/^createVNode \(function\) at src\/create-element\.js:57-81/);
  });

  it('related by path and line, and by Container.name', async () => {
    const s = await ok(main, 'related', { path: 'src/diff/index.js', line: 60 });
    expect(s.target).toMatchObject({ path: 'src/diff/index.js', symbol: 'diff' });
    expect(s.callees.map((c: { symbol: string }) => c.symbol)).toEqual(expect.arrayContaining(['diffChildren']));
    // Only definitions inside Component; the others named forceUpdate are offered too.
    const m = await ok(main, 'related', { symbol: 'Component.forceUpdate' });
    expect(m.target).toMatchObject({ symbol: 'forceUpdate', container: 'Component' });
    expect(m.otherDefinitions.length).toBeGreaterThan(0);
    for (const d of m.otherDefinitions) expect(d.container).toBe('Component');
  });
});

describe('bad calls are tool errors and the server keeps serving', () => {
  const bad: [string, string, Record<string, unknown>, RegExp][] = [
    ['empty query', 'search', { query: '' }, /the query is empty/],
    ['blank query', 'search', { query: '   \n ' }, /the query is empty/],
    [
      'a 1 MB query',
      'search',
      { query: 'where is x defined '.repeat(55_000) },
      new RegExp(`longer than ${MAX_QUERY_CHARS} characters`),
    ],
    ['unknown preset', 'search', { query: 'x', preset: 'fast' }, /Invalid arguments for tool search/],
    ['limit out of range', 'search', { query: 'x', limit: 0 }, /Invalid arguments for tool search/],
    ['unknown path', 'open', { path: 'src/nope.js' }, /src\/nope\.js is not an indexed file/],
    [
      'unknown path with a known name',
      'open',
      { path: 'lib/render.js' },
      /Did you mean src\/render\.js, compat\/src\/render\.js\?|Did you mean compat\/src\/render\.js, src\/render\.js\?/,
    ],
    ['a path outside the repository', 'open', { path: '../../etc/passwd' }, /outside the repository/],
    ['an absolute path outside the repository', 'open', { path: '/etc/passwd' }, /outside the repository/],
    ['the repository root itself', 'open', { path: '.' }, /outside the repository|not an indexed file/],
    ['a binary file', 'open', { path: 'logo.png' }, /logo\.png is not an indexed file/],
    [
      'a line past the end',
      'open',
      { path: 'src/create-element.js', startLine: 5000 },
      /line 5000 is past the end of src\/create-element\.js \(\d+ lines\)/,
    ],
    [
      'a reversed range',
      'open',
      { path: 'src/create-element.js', startLine: 10, endLine: 5 },
      /endLine 5 is before startLine 10/,
    ],
    ['related with nothing', 'related', {}, /related needs either \{symbol\}/],
    ['related with a path but no line', 'related', { path: 'src/render.js' }, /needs a line with path/],
    [
      'related with an unknown symbol',
      'related',
      { symbol: 'noSuchThingAnywhere' },
      /no definition named noSuchThingAnywhere/,
    ],
    [
      'related with a wrong container',
      'related',
      { symbol: 'Nope.createVNode' },
      /no definition named Nope\.createVNode.*definitions named createVNode: src\/create-element\.js:57/,
    ],
    ['related outside the repository', 'related', { path: '../x.js', line: 1 }, /outside the repository/],
  ];
  for (const [what, tool, args, message] of bad) {
    it(what, async () => {
      await expectToolError(main, tool, args, message);
      expect((await ok(main, 'search', { query: 'function render', limit: 1 })).results[0].path).toBe('src/render.js');
    });
  }

  it('a bad regular expression, and a filter that matches no file', async () => {
    await expectToolError(
      main,
      'search',
      { query: '/createVNode(/' },
      /Invalid regular expression \/createVNode\(\/: missing closing \)/,
    );
    await expectToolError(
      main,
      'search',
      { query: 'render path:nowhere/**' },
      /No file of this repository \(\d+ files\) matches path:nowhere\/\*\*/,
    );
    expect((await ok(main, 'search', { query: 'function render', limit: 1 })).results[0].path).toBe('src/render.js');
  });

  it('an unknown tool is a protocol error, not a crash', async () => {
    const r = await call(main, 'grep', { pattern: 'x' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/Tool grep not found/);
    expect((await ok(main, 'open', { path: 'src/render.js', startLine: 1, endLine: 1 })).endLine).toBe(1);
  });

  it('answers 100 concurrent calls, each as it would alone', async () => {
    const queries = [
      'where is createVNode defined',
      'who calls diff',
      'how are effects scheduled',
      '"Invalid type passed to createElement"',
      'what depends on src/util.js',
    ];
    const alone = new Map<string, unknown>();
    for (const q of queries) alone.set(q, (await ok(main, 'search', { query: q })).results);
    const calls = Array.from({ length: 100 }, (_, i) =>
      i % 10 === 9
        ? call(main, 'related', { symbol: 'diff' })
        : call(main, 'search', { query: queries[i % queries.length] }),
    );
    const answers = await Promise.all(calls);
    answers.forEach((r, i) => {
      expect(r.isError).toBeFalsy();
      if (i % 10 !== 9) expect(r.structuredContent!.results).toEqual(alone.get(queries[i % queries.length]));
      else expect(r.structuredContent!.target.symbol).toBe('diff');
    });
  });
});

describe('the index stays fresh without a restart', () => {
  it('a new function, an edited file and a deleted file are reflected in the next answers', async () => {
    const before = await ok(main, 'search', { query: 'function freshlyAddedHelper', limit: 1 });
    expect(before.results[0]?.symbol).not.toBe('freshlyAddedHelper');
    const generation = before.index.generation;

    appendFileSync(
      join(repo, 'src', 'util.js'),
      '\nexport function freshlyAddedHelper(value) {\n\treturn removeNode(value);\n}\n',
    );
    const after = await until(
      () => ok(main, 'search', { query: 'function freshlyAddedHelper', limit: 1 }),
      (s) => s.results[0]?.symbol === 'freshlyAddedHelper',
    );
    expect(after.results[0].path).toBe('src/util.js');
    expect(after.index.generation).toBeGreaterThan(generation);
    // The graph was rebuilt too: the new function calls removeNode.
    const related = await ok(main, 'related', { symbol: 'freshlyAddedHelper' });
    expect(related.callees.map((c: { symbol: string }) => c.symbol)).toContain('removeNode');

    writeFileSync(join(repo, 'src', 'brand-new.js'), 'export const greeting = "hello from a new file";\n');
    await until(
      () => call(main, 'open', { path: 'src/brand-new.js' }),
      (r) => !r.isError,
    );
    unlinkSync(join(repo, 'src', 'brand-new.js'));
    await until(
      () => call(main, 'open', { path: 'src/brand-new.js' }),
      (r) => !!r.isError,
    );
    expect(main.logs.some((l) => /re-indexed \d+ files .*unchanged files reused/.test(l))).toBe(true);
  });

  it('with --watch poll (no file-system events) an edit is reflected too', async () => {
    const other = join(work, 'polled');
    cpSync(FIXTURE, other, { recursive: true });
    const polled = await startServer(other, cache, ['--watch', 'poll']);
    try {
      expect(
        (await ok(polled, 'search', { query: 'function pollingNoticedThis', limit: 1 })).results[0]?.symbol,
      ).not.toBe('pollingNoticedThis');
      mkdirSync(join(other, 'src', 'newdir'));
      writeFileSync(join(other, 'src', 'newdir', 'late.js'), 'export function pollingNoticedThis() { return 1; }\n');
      const s = await until(
        () => ok(polled, 'search', { query: 'function pollingNoticedThis', limit: 1 }),
        (r) => r.results[0]?.symbol === 'pollingNoticedThis',
      );
      expect(s.results[0].path).toBe('src/newdir/late.js');
    } finally {
      await polled.client.close();
    }
  });
});

describe('start-up and shutdown', () => {
  const run = promisify(execFile);
  async function exitOf(args: string[], asUser?: string): Promise<{ code: number; stderr: string }> {
    const [cmd, argv] = asUser
      ? ['setpriv', ['--reuid', asUser, '--regid', asUser, '--clear-groups', process.execPath, BIN, ...args]]
      : [process.execPath, [BIN, ...args]];
    try {
      const { stderr } = await run(cmd, argv);
      return { code: 0, stderr };
    } catch (e) {
      return { code: (e as { code: number }).code, stderr: (e as { stderr: string }).stderr };
    }
  }

  it('refuses a folder that does not exist, a file, and an unreadable folder with exit code 2', async () => {
    const missing = join(work, 'missing');
    expect(await exitOf(['mcp', '--repo', missing, '--embedder', 'none'])).toEqual({
      code: 2,
      stderr: `fourfold: no such folder: ${missing}\n`,
    });
    const file = join(work, 'a-file.txt');
    writeFileSync(file, 'x');
    expect(await exitOf(['mcp', '--repo', file, '--embedder', 'none'])).toEqual({
      code: 2,
      stderr: `fourfold: not a folder: ${file}\n`,
    });
    const locked = join(work, 'locked');
    mkdirSync(locked);
    writeFileSync(join(locked, 'a.js'), 'export const a = 1;\n');
    chmodSync(work, 0o755);
    chmodSync(locked, 0o700);
    const r = await exitOf(['mcp', '--repo', locked, '--embedder', 'none'], '65534');
    expect(r).toEqual({ code: 2, stderr: `fourfold: cannot read the folder ${locked}: EACCES\n` });
    expect((await exitOf(['mcp', '--embedder', 'none'])).code).toBe(1);
  });

  it('builds a missing index with progress notifications, then answers', async () => {
    const fresh = join(work, 'fresh');
    cpSync(FIXTURE, fresh, { recursive: true });
    const server = await startServer(fresh, join(work, 'cold-cache'));
    try {
      const progress: { progress: number; total?: number; message?: string }[] = [];
      const r = (await server.client.callTool(
        { name: 'search', arguments: { query: 'where is createVNode defined' } },
        undefined,
        {
          onprogress: (p) => void progress.push(p),
        },
      )) as CallToolResult & { structuredContent: Structured };
      expect(r.structuredContent.results[0].path).toBe('src/create-element.js');
      expect(progress.length).toBeGreaterThan(0);
      for (let i = 1; i < progress.length; i++) expect(progress[i].progress).toBeGreaterThan(progress[i - 1].progress);
      expect(progress.every((p) => p.total === 6 && typeof p.message === 'string')).toBe(true);
      expect(server.logs).toContainEqual(expect.stringMatching(/^indexed 54 files \(\d+ chunks\)/));
    } finally {
      await server.client.close();
    }
  });

  it('a call the client cancels while the index is built stops waiting; the next call is answered', async () => {
    const fresh = join(work, 'cancel');
    cpSync(FIXTURE, fresh, { recursive: true });
    const server = await startServer(fresh, join(work, 'cancel-cache'));
    try {
      const controller = new AbortController();
      const cancelled = server.client
        .callTool({ name: 'search', arguments: { query: 'who calls diff' } }, undefined, { signal: controller.signal })
        .catch((e: Error) => e);
      await sleep(50);
      controller.abort('changed my mind');
      expect(await cancelled).toBeInstanceOf(Error);
      expect((await ok(server, 'search', { query: 'where is createVNode defined' })).results[0].path).toBe(
        'src/create-element.js',
      );
    } finally {
      await server.client.close();
    }
  });

  it('a cache that cannot be written is a warning: the index is served from memory', async () => {
    const blocked = join(work, 'cache-is-a-file');
    writeFileSync(blocked, 'not a folder');
    const server = await startServer(repo, blocked);
    try {
      expect((await ok(server, 'search', { query: 'where is createVNode defined' })).results[0].path).toBe(
        'src/create-element.js',
      );
      expect(server.logs).toContainEqual(
        expect.stringMatching(
          /^cannot write the index cache .*: a file is where the cache folder should be \(EEXIST\): serving the index from memory/,
        ),
      );
      expect(server.stderr()).not.toMatch(/internal error|\n\s+at /);
    } finally {
      await server.client.close();
    }
  });

  it('a message larger than the transport takes (over 10 MB) closes the connection with a message, not a hang', async () => {
    const server = await startServer(repo, cache);
    const pid = server.transport.pid!;
    const r = await server.client
      .callTool({ name: 'search', arguments: { query: 'x'.repeat(11 * 1024 * 1024) } })
      .catch((e: Error) => e);
    expect(r).toBeInstanceOf(Error);
    await server.stderrEnded;
    expect(server.stderr()).toMatch(
      /protocol error: a message longer than 10485760 bytes: the connection cannot continue/,
    );
    expect(server.stderr()).toMatch(/the connection closed; shutting down/);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('a client that disconnects mid-call: the server shuts down cleanly', async () => {
    const fresh = join(work, 'disconnect');
    cpSync(FIXTURE, fresh, { recursive: true });
    const server = await startServer(fresh, join(work, 'disconnect-cache'));
    const pid = server.transport.pid!;
    // The index is still being built: this call is in flight when the client goes away.
    const pending = server.client
      .callTool({ name: 'search', arguments: { query: 'who calls diff' } })
      .catch((e: Error) => e);
    await sleep(50);
    await server.client.close();
    expect(await pending).toBeInstanceOf(Error);
    await server.stderrEnded;
    expect(server.stderr()).toMatch(/the client disconnected; shutting down/);
    expect(server.stderr()).not.toMatch(/internal error|Error:|SIGTERM/);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('answers a line that is not JSON with -32700 and one that is no JSON-RPC with -32600; blank lines are skipped without a word', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp', '--repo', repo, '--embedder', 'none', '--cache', cache], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    child.stdin.write('\n   \r\n\t\n{"jsonrpc": "2.0", "id": 5, "method": "tools/li\n');
    child.stdin.write('{"jsonrpc":"2.0","id":"seven","what":"no method"}\n[1, 2]\n');
    child.stdin.write(JSON.stringify(initialize) + '\r\n');
    // Responses only: the server's log notifications (the index loading) may come between them.
    const responses = () =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .filter((m) => 'id' in m);
    await until(
      async () => responses(),
      (r) => r.some((m) => m.id === 1),
    );
    child.stdin.end();
    expect(await exited).toBe(0);
    const replies = responses();
    expect(replies.slice(0, 3)).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error', data: expect.stringMatching(/JSON/) },
      },
      { jsonrpc: '2.0', id: 'seven', error: { code: -32600, message: 'Invalid Request', data: expect.any(String) } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request', data: expect.any(String) } },
    ]);
    expect(replies[3]).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'fourfold' } } });
    expect(replies).toHaveLength(4);
    expect(stderr).not.toMatch(/protocol error|Error/);
  });
});
