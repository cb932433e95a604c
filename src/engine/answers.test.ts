/**
 * Answers a user can trust, on a small TypeScript repository with real tree-sitter: references
 * that do not lose to grep (name-only links, default exports, renamed re-exports), impact through
 * barrels with its hop distance, and pasted text that leads with the file containing it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse, SourceFile } from './contract';
import { Engine } from './engine';
import { scoreFromExplanation } from './fuse';
import { engineOver } from '../../test/support/engine';

const FILES: SourceFile[] = [
  {
    path: 'src/store/adapter.ts',
    text: [
      'export interface Adapter {',
      '  upsertMany(items: string[]): void;',
      '}',
      'export class MemoryAdapter implements Adapter {',
      '  upsertMany(items: string[]) { this.items = items; }',
      '}',
      'export class DiskAdapter implements Adapter {',
      '  upsertMany(items: string[]) { this.items = items; }',
      '}',
      'export class NullAdapter implements Adapter {',
      '  upsertMany(items: string[]) {}',
      '}',
      'export class LogAdapter implements Adapter {',
      '  upsertMany(items: string[]) { console.log(items); }',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'src/store/sync.ts',
    text: [
      "import type { Adapter } from './adapter';",
      'export function syncAll(target: Adapter, rows: string[]) {',
      '  target.upsertMany(rows);',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'src/store/batch.ts',
    text: [
      'export function flushBatch(store: any, rows: string[]) {',
      '  return store.upsertMany(rows);',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'src/store/table.ts',
    text: [
      'function upsertMany(rows: string[]) { return rows.length; }',
      'export const tableOps = { upsertMany };',
      '',
    ].join('\n'),
  },
  {
    path: 'src/format/normalize.ts',
    text: [
      'export default function normalizeRecord(record: Record<string, unknown>) {',
      "  if (!record) throw new Error('Cannot normalize a record that was already released');",
      '  return { ...record };',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'src/format/index.ts',
    text: ["export { default as normalize } from './normalize';", "export * from './shape';", ''].join('\n'),
  },
  {
    path: 'src/format/shape.ts',
    text: [
      'export interface RecordShape { id: string }',
      'export function shapeOf(x: unknown): RecordShape { return x as RecordShape; }',
      '',
    ].join('\n'),
  },
  {
    path: 'src/api.ts',
    text: ["export { normalize as cleanRecord } from './format/index';", "export * from './format/index';", ''].join(
      '\n',
    ),
  },
  {
    path: 'src/ingest.ts',
    text: [
      "import { cleanRecord } from './api';",
      'export function ingest(r: Record<string, unknown>) {',
      '  return cleanRecord(r);',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'src/export.ts',
    text: [
      "import normalizeIt from './format/normalize';",
      'export function exportAll(rs: Record<string, unknown>[]) {',
      '  return rs.map((r) => normalizeIt(r));',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'src/types-user.ts',
    text: [
      "import type { RecordShape } from './api';",
      'export function describe(shape: RecordShape): string {',
      '  return shape.id;',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'src/report.ts',
    text: [
      "import { ingest } from './ingest';",
      'export function report(r: Record<string, unknown>) {',
      '  return ingest(r);',
      '}',
      '',
    ].join('\n'),
  },
];

let engine: Engine;

beforeAll(async () => {
  engine = await engineOver(FILES);
});

function files(r: SearchResponse): string[] {
  return r.results.map((x) => x.path);
}

function honest(r: SearchResponse): void {
  for (const x of r.results) expect(scoreFromExplanation(x.explanation)).toBeCloseTo(x.score, 12);
}

describe('references: never fewer using files than grep', () => {
  it('a method defined on several classes: calls through an object are linked by name, said so, and ranked below resolved edges', async () => {
    const r = await engine.search('who calls upsertMany', { preset: 'thorough', modalities: ['graph'] });
    const graph = r.query.modalities.find((m) => m.modality === 'graph')!;
    const byName = graph.list.filter((h) => /by name only/.test(h.reason));
    expect(byName.length).toBeGreaterThan(0);
    expect(r.results.map((x) => x.path)).toEqual(expect.arrayContaining(['src/store/sync.ts', 'src/store/batch.ts']));
    const firstByName = graph.list.findIndex((h) => /by name only/.test(h.reason));
    expect(graph.list.slice(firstByName).every((h) => /by name only/.test(h.reason))).toBe(true);
    honest(r);
  });

  it('the default preset fuses with text when the name occurs as a word in files the graph did not link, and says why', async () => {
    const r = await engine.search('who calls upsertMany');
    expect(r.query.intent).toBe('find_references');
    const grep = new Set(engine.grep('upsertMany', { caseSensitive: true }).matches.map((m) => m.path));
    // src/store/table.ts only passes the local function as a property value: grep sees it, the graph cannot tie it.
    expect(grep.has('src/store/table.ts')).toBe(true);
    // src/store/adapter.ts only declares upsertMany: the definer is not its own caller.
    for (const path of grep) if (path !== 'src/store/adapter.ts') expect(files(r)).toContain(path);
    expect(files(r)).not.toContain('src/store/adapter.ts');
    expect(r.results.find((x) => x.path === 'src/store/table.ts')?.evidence).toBe('by-name');
    expect(r.query.strategy).toBe('fused');
    expect(r.query.fallback).toMatch(
      /^graph linked \d+ file\(s\), but "upsertMany" occurs as a word in \d+ more, so text, structural were fused with it$/,
    );
    honest(r);
  });

  it('a confident references query the graph fully covers stays direct', async () => {
    const r = await engine.search('who calls ingest');
    expect(r.query.strategy).toBe('direct');
    expect(r.query.fallback).toBeUndefined();
    // Each calling chunk is its own result: the file's further callers come after its best one.
    expect(new Set(files(r))).toEqual(new Set(['src/report.ts']));
    expect(r.results.every((x) => x.evidence === 'resolved')).toBe(true);
    expect(r.query.evidence?.total).toBe(r.results.length);
  });

  it('follows a default export imported under another name and a renamed re-export through two barrels', async () => {
    const r = await engine.search('who uses normalizeRecord', { preset: 'thorough', modalities: ['graph'] });
    const graph = r.query.modalities.find((m) => m.modality === 'graph')!;
    const reasons = graph.list.map((h) => `${engine.chunk(h.chunkId).path}: ${h.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'src/export.ts: imports normalizeRecord (as the default export) from src/format/normalize.ts',
        'src/ingest.ts: imports normalizeRecord as cleanRecord from src/api.ts',
      ]),
    );
  });
});

describe('evidence or nothing', () => {
  it('an impact list is not padded: every result carries evidence, and the count says how many', async () => {
    const r = await engine.search('what would break if I change ingest');
    expect(r.query.intent).toBe('impact_analysis');
    expect(r.results.length).toBeGreaterThan(0);
    expect(r.results.length).toBeLessThan(20);
    expect(r.results.every((x) => x.evidence === 'resolved' || x.evidence === 'chain')).toBe(true);
    expect(r.query.evidence?.total).toBe(r.results.length);
    // The file that defines ingest is not listed for defining it.
    const definer = engine.definitionsOf('ingest')[0].path;
    expect(r.results.filter((x) => x.path === definer && x.evidence === 'resolved')).toEqual([]);
  });
});

describe('impact: through barrels, type-only imports and default exports, hops kept', () => {
  it('a default export renamed by two barrels: the importer is hop 1, its dependents hop 2', async () => {
    const r = await engine.search('what would break if I change normalizeRecord', {
      preset: 'thorough',
      modalities: ['graph'],
    });
    expect(r.query.intent).toBe('impact_analysis');
    const graph = r.query.modalities.find((m) => m.modality === 'graph')!;
    const byPath = new Map(graph.list.map((h) => [engine.chunk(h.chunkId).path, h.reason]));
    expect(byPath.get('src/ingest.ts')).toMatch(/^hop 1: /);
    expect(byPath.get('src/export.ts')).toMatch(/^hop 1: /);
    expect(byPath.get('src/report.ts')).toMatch(/^hop 2: imports src\/ingest\.ts/);
  });

  it('a type-only import through `export * from` barrels reaches the type user', async () => {
    const r = await engine.search('impact of changing RecordShape', { preset: 'thorough', modalities: ['graph'] });
    const paths = r.query.modalities.find((m) => m.modality === 'graph')!.list.map((h) => engine.chunk(h.chunkId).path);
    expect(paths).toContain('src/types-user.ts');
  });
});

describe('pasted text', () => {
  it('an unquoted error message the repository contains: exact match, the file containing it first, explained', async () => {
    const r = await engine.search('Cannot normalize a record that was already released');
    expect(r.query).toMatchObject({
      intent: 'exact_match',
      confidence: 0.9,
      rule: 'verbatim-text',
      strategy: 'direct',
    });
    expect(r.results[0].path).toBe('src/format/normalize.ts');
    expect(r.results[0].explanation.modalities.text!.reason).toMatch(
      /^contains the pasted text "Cannot normalize a record that was already released" 1×/,
    );
    expect(r.query.notes.join(' ')).toMatch(/Pasted text: .* occurs verbatim/);
  });

  it('a long run of a log line is enough: the variable parts around it are ignored', async () => {
    const r = await engine.search('[12:03:44] worker-3 Cannot normalize a record that was already released (id=991)');
    expect(r.query.rule).toBe('verbatim-text');
    expect(r.results[0].path).toBe('src/format/normalize.ts');
  });

  it('an error token keeps its rule and confidence; the literal grows to the pasted message', async () => {
    const r = await engine.search('TypeError: Cannot normalize a record that was already released');
    expect(r.query).toMatchObject({ intent: 'exact_match', confidence: 0.85, rule: 'error-token' });
    expect(r.results[0].path).toBe('src/format/normalize.ts');
  });

  it('a timestamped log line with an ERROR level: the message inside it is the literal, the rule stays error-token', async () => {
    const r = await engine.search(
      '2026-11-30T10:14:03Z ERROR [worker-3] normalize a record that was already released (request 8f3a)',
    );
    expect(r.query).toMatchObject({ intent: 'exact_match', confidence: 0.85, rule: 'error-token' });
    expect(r.results[0].path).toBe('src/format/normalize.ts');
    expect(r.results[0].explanation.modalities.text!.reason).toMatch(
      /^contains the pasted text "normalize a record that was already released"/,
    );
  });

  it('questions and text the repository does not contain keep their intent', async () => {
    expect((await engine.search('how does a record get normalized')).query.intent).toBe('understand_code');
    expect((await engine.search('session cookie rotation')).query).toMatchObject({
      intent: 'understand_code',
      confidence: 0.4,
      rule: 'fallback',
    });
  });
});

describe('query syntax in the engine', () => {
  it('a /regex/ alone is an exact match through the trigram index, direct from text', async () => {
    const r = await engine.search('/already\\s+rel[a-z]+/');
    expect(r.query).toMatchObject({ intent: 'exact_match', confidence: 1, rule: 'query-syntax', strategy: 'direct' });
    expect(r.query.understood.regex).toBe('already\\s+rel[a-z]+');
    expect(files(r)).toEqual(['src/format/normalize.ts']);
    expect(r.results[0].explanation.modalities.text!.reason).toBe('matches /already\\s+rel[a-z]+/i on 1 line');
  });

  it('a regex with a question narrows the question to the files the regex matches', async () => {
    const r = await engine.search('how are rows written /upsertMany/');
    expect(r.query.understood).toMatchObject({ text: 'how are rows written', regex: 'upsertMany' });
    expect(r.results.length).toBeGreaterThan(0);
    const grep = new Set(engine.grep('upsertMany').matches.map((m) => m.path));
    for (const path of files(r)) expect(grep.has(path)).toBe(true);
  });

  it('path:, -path: and lang: keep only the files they allow, and say how many', async () => {
    const r = await engine.search('upsertMany path:src/store/*.ts -path:table');
    expect(files(r).length).toBeGreaterThan(0);
    for (const path of files(r)) expect(path).toMatch(/^src\/store\/(?!table)/);
    expect(r.query.notes).toContain('Filters path:src/store/*.ts -path:table: 3 of 12 files.');
    honest(r);
  });

  it('case:yes makes literal matching respect case', async () => {
    expect(files(await engine.search('"CANNOT NORMALIZE a record"'))).toEqual(['src/format/normalize.ts']);
    const strict = await engine.search('"CANNOT NORMALIZE a record" case:yes');
    expect(strict.results).toEqual([]);
    expect(strict.query.notes).toContain('No exact match for "CANNOT NORMALIZE a record".');
  });

  it('bad input: a bad pattern, an unterminated /, path: with no value, a filter that matches no file — each a clear error, no silent empty list', async () => {
    const bad = await engine.search('/(unclosed/');
    expect(bad.results).toEqual([]);
    expect(bad.query.error).toMatch(/regular expression/i);
    expect((await engine.search('/unterminated')).query.error).toBe(
      'The regular expression /unterminated has no closing /: write /pattern/ (or put the text in "quotes").',
    );
    expect((await engine.search('who calls ingest path:')).query.error).toBe('path: needs a value, e.g. path:src/**.');
    const none = await engine.search('who calls ingest lang:go');
    expect(none.query.error).toBe('No file of this repository (12 files) matches lang:go.');
    expect(none.results).toEqual([]);
    expect((await engine.search('lang:ts')).query.error).toBe(
      'Add a question, a "phrase" or a /pattern/ to search within lang:typescript.',
    );
  });

  it('50 filters answer like none that exclude nothing', async () => {
    const plain = await engine.search('upsertMany');
    const filtered = await engine.search(
      `upsertMany ${Array.from({ length: 50 }, (_, i) => `-path:generated${i}`).join(' ')}`,
    );
    expect(files(filtered)).toEqual(files(plain));
  });

  it('a regex that matches every line gives a bounded answer', async () => {
    const r = await engine.search('/./', { limit: 5 });
    expect(r.results).toHaveLength(5);
    expect(r.query.error).toBeUndefined();
  });
});

describe('references through receivers (python, the shapes of click)', () => {
  let click: Engine;
  beforeAll(async () => {
    click = await engineOver([
      {
        path: 'click/utils.py',
        text: ['def get_text_stream(name):', '    return name', ''].join('\n'),
      },
      {
        path: 'click/termui.py',
        text: [
          'import os',
          'from .utils import get_text_stream',
          '',
          'def pager(name, kwargs):',
          '    kwargs.get_text_stream(name)',
          '    os.environ.get_text_stream(name)',
          '    return get_text_stream(name)',
          '',
        ].join('\n'),
      },
      {
        path: 'click/env.py',
        text: ['import os', '', 'def editor():', '    return os.environ.get_text_stream("EDITOR")', ''].join('\n'),
      },
      {
        path: 'click/shell.py',
        text: ['def complete(stream):', '    return stream.get_text_stream("x")', ''].join('\n'),
      },
    ]);
  });

  it('lists the resolved call, then the untyped receiver by name; a call on an outside module is no use at all', async () => {
    const r = await click.search('who calls get_text_stream');
    // The call in pager (its file's import line is no call), then the untyped `stream.` apart.
    expect(r.results.map((x) => `${x.path}:${x.evidence}`)).toEqual([
      'click/termui.py:resolved',
      'click/shell.py:by-name',
    ]);
    expect(r.query.evidence).toMatchObject({ total: 2, resolved: 1, byName: 1 });
    // env.py only calls os.environ's: neither linked, nor by name, nor padded in by text.
    expect(files(r)).not.toContain('click/env.py');
    honest(r);
  });
});

describe('names first: a lone name shaped like an error token (go, the shapes of echo)', () => {
  let echo: Engine;
  beforeAll(async () => {
    echo = await engineOver([
      {
        path: 'echo.go',
        text: [
          'package echo',
          '',
          'var (',
          '\tErrNotFound     = NewHTTPError(http.StatusNotFound)',
          '\tErrUnauthorized = NewHTTPError(http.StatusUnauthorized)',
          '\tErrForbidden    = NewHTTPError(http.StatusForbidden)',
          ')',
          '',
          '// NewHTTPError creates a new HTTPError instance.',
          'func NewHTTPError(code int, message ...interface{}) *HTTPError {',
          '\treturn &HTTPError{Code: code}',
          '}',
          '',
        ].join('\n'),
      },
      {
        path: 'bind.go',
        text: [
          'package echo',
          '',
          'func bindBody() error {',
          '\treturn NewHTTPError(http.StatusBadRequest, "bad body")',
          '}',
          '',
        ].join('\n'),
      },
    ]);
  });

  it('`NewHTTPError` typed alone answers with its definition, not the lines that use it', async () => {
    const r = await echo.search('NewHTTPError');
    expect(r.query).toMatchObject({ intent: 'find_definition', rule: 'identifier' });
    expect(r.results[0]).toMatchObject({ path: 'echo.go', startLine: 10 });
  });
});

describe('a Ruby predicate asked about at the end of the question (the shapes of ohai 16.13)', () => {
  let ohai: Engine;
  beforeAll(async () => {
    ohai = await engineOver([
      {
        path: 'lib/mixin/http_helper.rb',
        text: [
          'module HttpHelper',
          '  def can_socket_connect?(addr, port)',
          '    t = Socket.new(:INET, :STREAM)',
          '    logger.trace("HttpHelper: can_socket_connect? failed setting up socket")',
          '    logger.trace("HttpHelper: can_socket_connect? == #{t}")',
          '    t.connect(addr, port)',
          '  end',
          'end',
          '',
        ].join('\n'),
      },
      {
        path: 'lib/plugins/gce.rb',
        text: [
          "require_relative '../mixin/http_helper'",
          '',
          'class Gce',
          '  include HttpHelper',
          '',
          '  def looks_like_gce?',
          '    return true if can_socket_connect?(ADDR, 80)',
          '  end',
          'end',
          '',
        ].join('\n'),
      },
    ]);
  });

  it('"who calls can_socket_connect?" lists the call, not the definition whose log lines name it', async () => {
    const r = await ohai.search('who calls can_socket_connect?');
    expect(r.query.intent).toBe('find_references');
    expect(r.results[0]).toMatchObject({ path: 'lib/plugins/gce.rb', symbol: 'looks_like_gce?' });
    expect(files(r)).not.toContain('lib/mixin/http_helper.rb');
  });
});
