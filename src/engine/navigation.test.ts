/**
 * Navigation on real packages (Preact 10.27 and Express 5.1 sources, MIT, in e2e/fixtures):
 * every matching line of a result, every call site of a definition, go to definition,
 * the honest "no such name — did you mean", and the wrong first answers a newcomer met,
 * each pinned at its root.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR, readSourceTree } from '../../e2e/fixture-files';
import { Engine } from './engine';
import { rarerTerms, subTokenRanges, subTokenSpans, wordRanges } from './matches';
import { engineOver } from '../../test/support/engine';

let preact: Engine;
let express: Engine;

beforeAll(async () => {
  preact = await engineOver(readSourceTree(join(FIXTURE_DIR, 'preact')));
  express = await engineOver(readSourceTree(join(FIXTURE_DIR, 'express')));
});

describe('every match of a result, grouped by file', () => {
  it('opens "who calls res.send" to every call site in response.js', async () => {
    const r = await express.search('who calls res.send');
    const [file] = express.matches('who calls res.send', [r.results[0].path]);
    expect(file.path).toBe('lib/response.js');
    const calls = file.lines.filter((l) => l.kind === 'call');
    expect(calls.map((l) => l.enclosing)).toEqual(expect.arrayContaining(['json', 'jsonp', 'sendStatus', 'render']));
    for (const l of calls) expect(l.text.slice(l.ranges[0][0], l.ranges[0][1])).toBe('send');
    // The definition is no call site; nor are comments (` *     res.send(…)` in the docs).
    expect(file.lines.some((l) => l.line === 123)).toBe(false);
    expect(file.lines.some((l) => l.text.trim().startsWith('*'))).toBe(false);
    expect(file.count).toBe(file.lines.length);
  });

  it('links res.send to the methods that call it through a receiver, not to the bare send() of the required module', async () => {
    const r = await express.search('who calls res.send');
    const graph = r.query.modalities.find((m) => m.modality === 'graph')!;
    const resolved = graph.list.filter((h) => h.reason.endsWith('(same file)')).map((h) => h.reason);
    expect(resolved).toEqual([
      'calls send in json (same file)',
      'calls send in jsonp (same file)',
      'calls send in sendStatus (same file)',
      'calls send in render (same file)',
    ]);
    // sendFile's `send(req, path, opts)` calls the `send` package: at most a name-only guess.
    expect(graph.list.find((h) => h.reason.includes('in sendFile'))?.reason ?? '').not.toMatch(/same file/);
    expect(r.results[0]).toMatchObject({ path: 'lib/response.js', symbol: 'json' });
  });

  it('lists every occurrence of an exact string, in any case, as the text modality matches it', async () => {
    const r = await express.search('"Content-Type"');
    const paths = r.results.map((x) => x.path);
    const files = express.matches('"Content-Type"', paths);
    for (const f of files) {
      const text = express.file(f.path)!.text;
      const expected = text.split('\n').filter((line) => line.toLowerCase().includes('content-type')).length;
      expect(f.count, f.path).toBe(expected);
      for (const l of f.lines)
        for (const [a, b] of l.ranges) expect(l.text.slice(a, b).toLowerCase()).toBe('content-type');
    }
    expect(files.reduce((n, f) => n + f.count, 0)).toBeGreaterThan(r.results.length);
  });

  it('lists every line a /regex/ of the query syntax matches, marking each match (RE2)', async () => {
    const query = String.raw`/this\.(send|json)\(/ path:lib/`;
    const r = await express.search(query);
    const files = express.matches(
      query,
      r.results.map((x) => x.path),
    );
    const response = files.find((f) => f.path === 'lib/response.js')!;
    const text = express.file('lib/response.js')!.text;
    expect(response.count).toBe(text.split('\n').filter((l) => /this\.(send|json)\(/.test(l)).length);
    for (const l of response.lines)
      for (const [a, b] of l.ranges) expect(l.text.slice(a, b)).toMatch(/^this\.(send|json)\($/);
  });

  it('respects case:yes for an exact string', () => {
    const [sensitive] = express.matches('"content-type" case:yes', ['lib/response.js']);
    const [folded] = express.matches('"content-type"', ['lib/response.js']);
    expect(sensitive.count).toBeLessThan(folded.count);
    for (const l of sensitive.lines) for (const [a, b] of l.ranges) expect(l.text.slice(a, b)).toBe('content-type');
  });

  it('lists the definitions too when the question is where a name is defined', () => {
    const [file] = preact.matches('where is diff defined', ['src/diff/index.js']);
    expect(file.lines[0]).toMatchObject({ kind: 'definition', line: 50 });
  });

  it('shows a multi-line import by the line that holds the name, not by the statement’s first line', () => {
    const [file] = preact.matches('who uses useSyncExternalStore', ['compat/src/index.js']);
    const imports = file.lines.filter((l) => l.kind === 'import');
    expect(imports.map((l) => l.line)).toEqual([28]);
    expect(imports[0].text.slice(imports[0].ranges[0][0], imports[0].ranges[0][1])).toBe('useSyncExternalStore');
  });

  it('lists how a file depends on the file an impact question names', () => {
    const [file] = preact.matches('what depends on src/util.js', ['src/diff/children.js']);
    expect(file.lines.some((l) => l.kind === 'import' && /from '\.\.\/util'/.test(l.text))).toBe(true);
  });
});

describe('call sites and go to definition', () => {
  it("lists every call of preact's setState, marking the ones the graph could not resolve", () => {
    const component = preact.file('src/component.js')!;
    const chunk = component.chunks.find((c) => c.symbol === 'setState')!;
    const sites = preact.callSites(chunk.id);
    const where = sites.map((s) => `${s.path}:${s.symbol}`);
    expect(where).toEqual(
      expect.arrayContaining([
        'hooks/src/index.js:useReducer',
        'src/diff/catch-error.js:_catchError',
        'compat/src/suspense.js:_childDidSuspend',
      ]),
    );
    // One entry per line, even where definitions nest.
    expect(new Set(sites.map((s) => `${s.path}:${s.line}`)).size).toBe(sites.length);
  });

  it('goes from a use of diff in render.js to the diff function', () => {
    const render = preact.file('src/render.js')!;
    const line = render.text.split('\n').findIndex((l) => /\bdiff\(/.test(l)) + 1;
    const [target] = preact.definitionsOf('diff', { path: 'src/render.js', line });
    expect(target).toMatchObject({ path: 'src/diff/index.js', name: 'diff', kind: 'function' });
    expect(target.confidence).toBeGreaterThan(0);
  });

  it('lists every definition of a name when the use is not resolved (a peek list)', () => {
    const targets = preact.definitionsOf('setState');
    expect(targets.length).toBeGreaterThan(1);
    expect(targets[0].path).toBe('src/component.js'); // the implementation before declarations
    expect(targets.every((t) => t.confidence === null)).toBe(true);
  });
});

describe('honest answers', () => {
  it('says a name is not in the repository and offers the nearest one', async () => {
    const r = await preact.search('where is useEfect defined');
    expect(r.query.absent).toEqual({ name: 'useEfect', suggestions: expect.arrayContaining(['useEffect']) });
    expect(r.query.absent!.suggestions[0]).toBe('useEffect');
    expect(r.query.notes[0]).toMatch(/No useEfect in this repository: .* Did you mean useEffect/);
  });

  it('does not claim absence for a name that is there, in another case or only in comments', async () => {
    expect((await preact.search('who calls setState')).query.absent).toBeUndefined();
    expect((await preact.search('where is USEEFFECT defined')).query.absent).toBeUndefined();
    expect((await preact.search('what depends on src/util.js')).query.absent).toBeUndefined();
  });
});

describe('wrong first answers, fixed at the root', () => {
  it('what depends on src/util.js: the file at that path, not compat/src/util.js', async () => {
    const r = await preact.search('what depends on src/util.js');
    expect(r.results.length).toBeGreaterThan(0);
    for (const x of r.results.slice(0, 10))
      expect(x.explanation.modalities.graph?.reason ?? '').not.toMatch(/compat\/src\/util\.js/);
    expect(r.results[0].explanation.modalities.graph?.reason).toMatch(/imports src\/util\.js/);
  });

  it('where is diff defined: the diff function first, no options._diff assignment above it', async () => {
    const r = await preact.search('where is diff defined');
    expect(r.results[0]).toMatchObject({ path: 'src/diff/index.js', symbol: 'diff' });
    const structural = r.query.modalities.find((m) => m.modality === 'structural')!;
    expect(structural.list.map((h) => h.reason)).toEqual(['defines function diff (exact name)']);
  });

  it("this.set inside express's res.location is res.set (defined by res.set = res.header = …), not app.set", () => {
    const response = express.file('lib/response.js')!;
    expect(response.analysis.definitions.find((d) => d.name === 'set')).toMatchObject({
      container: 'res',
      kind: 'method',
    });
    const location = response.chunks.find((c) => c.symbol === 'location')!;
    const callees = express.callees(location.id);
    expect(callees.map((c) => `${c.path}:${c.symbol}`)).toEqual(['lib/response.js:set']);
  });
});

describe('the matching lines of an understand answer explain its rank', () => {
  it('keeps the rarer words of the question: a word in most chunks is dropped, one no chunk holds too', () => {
    const holding: Record<string, number> = { the: 900, options: 400, debounce: 6, rerender: 12, nowhere: 0 };
    const rarity = { chunks: 1000, holding: (t: string) => holding[t] ?? 0 };
    expect([...rarerTerms(new Set(Object.keys(holding)), rarity)].sort()).toEqual(['debounce', 'rerender']);
  });

  it("shows the ranked chunk's signature and doc, and only its lines with the question's rare words", async () => {
    const query = 'how are state updates batched and rerendered';
    const response = await preact.search(query);
    const setState = response.results.find((r) => r.symbol === 'setState');
    expect(setState, 'setState among the results').toBeDefined();
    const [file] = preact.matches(query, [setState!.path], new Map([[setState!.path, setState!.chunkId]]));
    const text = preact.file(setState!.path)!.text.split('\n');
    const chunk = preact.chunk(setState!.chunkId);
    expect(file.lines.find((l) => l.kind === 'definition')?.text).toContain('prototype.setState = function');
    expect(file.lines.find((l) => l.kind === 'doc')?.text).toContain(
      'Update component state and schedule a re-render.',
    );
    expect(file.count).toBe(file.lines.length);
    // "state" is in most of preact's chunks: the lines that merely say it are not what ranked setState.
    const stateLines = text
      .slice(chunk.startLine - 1, chunk.endLine)
      .filter((line) => subTokenRanges(line, new Set(['state'])).length > 0).length;
    expect(stateLines).toBeGreaterThan(file.count);
    for (const l of file.lines) expect(l.line).toBeGreaterThanOrEqual(chunk.startLine - 10);
    for (const l of file.lines) expect(l.line).toBeLessThanOrEqual(chunk.endLine);
  });
});

describe('highlighting marks whole tokens', () => {
  it('matches sub-tokens only at their boundaries', () => {
    expect(subTokenRanges('const address = res;', new Set(['res']))).toEqual([[16, 19]]);
    expect(subTokenRanges('prevState.async = sync', new Set(['state', 'sync']))).toEqual([
      [4, 9],
      [18, 22],
    ]);
    expect(subTokenSpans('parse_config2')).toEqual([
      [0, 5],
      [6, 12],
      [12, 13],
    ]);
    expect(wordRanges('this.send(send_x)', new Set(['send']))).toEqual([[5, 9]]);
  });
});
