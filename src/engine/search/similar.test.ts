/**
 * "Similar to X" on real code: X is never returned (nor what holds it), one of X's siblings
 * comes first with its similarity in the explanation, the file's other strong chunks come as
 * openable sub-results, and a method outranks the big class around it. Fixtures are excerpts of
 * real projects (licences in their first line).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { SearchResponse, SearchResult, SourceFile } from '../contract';
import { Engine } from '../engine';
import { scoreFromExplanation } from '../fuse';
import { SIBLING_GAIN } from '../ranking';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import { pairedNames, siblingsOf } from '../structural/siblings';
import {
  docWindowOf,
  dropSubject,
  markedName,
  nearHints,
  questionParts,
  similarSubject,
  untilKinshipEnds,
} from './similar';
import { corpusOf, engineOver } from '../../../test/support/engine';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const FILES: SourceFile[] = [
  { path: 'args.go', text: fixture('cobra-args-nargs.go.txt') },
  { path: 'lib/thor/parser/arguments.rb', text: fixture('thor-arguments.rb.txt') },
  {
    path: 'lib/thor/parser/option.rb',
    text: 'class Thor\n  class Option\n    def usage\n      name\n    end\n  end\nend\n',
  },
];

let engine: Engine;

beforeAll(async () => {
  engine = await engineOver(FILES);
});

/** The first line of `text` holding `needle`. */
function lineOfText(text: string, needle: string): number {
  return text.split('\n').findIndex((l) => l.includes(needle)) + 1;
}

/** The line a definition's name is on, read from the fixture. */
function lineOf(path: string, needle: string): number {
  const text = FILES.find((f) => f.path === path)!.text;
  return text.split('\n').findIndex((l) => l.includes(needle)) + 1;
}

function covers(r: { startLine: number; endLine: number }, line: number): boolean {
  return r.startLine <= line && line <= r.endLine;
}

/** The results of one file and their sub-results. */
function rowsOf(response: SearchResponse, path: string) {
  return response.results.filter((r) => r.path === path).flatMap((r) => [r, ...(r.subResults ?? [])]);
}

function everyRow(response: SearchResponse): (SearchResult | NonNullable<SearchResult['subResults']>[number])[] {
  return response.results.flatMap((r) => [r, ...(r.subResults ?? [])]);
}

describe('questionParts reads the parts of a similar-phrase question', () => {
  it('reads X after `implementations of`, even a name that looks plural (libc WEXITSTATUS)', () => {
    expect(questionParts('other implementations of WEXITSTATUS like the linux_like one')).toEqual({
      phrasing: 'like',
      name: 'WEXITSTATUS',
      one: 'linux_like',
    });
  });

  it('reads a place that says it is one after a plain name (libc `makedev in the NetBSD module`)', () => {
    expect(questionParts('code similar to makedev in the NetBSD module')).toEqual({
      phrasing: 'like',
      name: 'makedev',
      near: 'NetBSD module',
    });
    // After a plain word, a place that says nothing of being one is still the question's words.
    expect(questionParts('code similar to parse in the parser')).toBeNull();
  });

  it('names each part as written, and the phrasing that took the question', () => {
    expect(questionParts('code similar to net/udp.rs:UdpSocket::try_recv')).toEqual({
      phrasing: 'like',
      name: 'UdpSocket::try_recv',
      path: 'net/udp.rs',
    });
    expect(questionParts('similar to gohcl EncodeIntoBody')).toEqual({
      phrasing: 'like',
      name: 'EncodeIntoBody',
      spaced: 'gohcl',
    });
    expect(questionParts('code similar to decode in hcldec/spec.go like the one on BlockListSpec')).toEqual({
      phrasing: 'like',
      name: 'decode',
      place: 'hcldec/spec.go',
      one: 'BlockListSpec',
    });
    expect(questionParts('other Barrett::reduce implementations in Math/BigInteger/Engines/PHP/Reductions')).toEqual({
      phrasing: 'other',
      name: 'Barrett::reduce',
      place: 'Math/BigInteger/Engines/PHP/Reductions',
    });
    expect(questionParts('how are effects scheduled')).toBeNull();
  });

  it('reads a Rust trait method named by its qualified path, the type its qualifier (futures-util)', () => {
    expect(similarSubject('code similar to <Chunks<St> as Stream>::poll_next')).toEqual({
      name: 'poll_next',
      qualifier: 'Chunks',
    });
    expect(similarSubject("code similar to <Flush<'_, Si, Item> as Future>::poll in sink/flush.rs")).toEqual({
      name: 'poll',
      qualifier: 'Flush',
      path: 'sink/flush.rs',
    });
    // A path before the type and the trait, and a type argument with its own arguments.
    expect(similarSubject('code similar to <stream::Chunks<Vec<u8>> as futures_core::Stream>::poll_next')).toEqual({
      name: 'poll_next',
      qualifier: 'Chunks',
    });
  });

  it('reads `the default export function in FILE` as the definition the analysis names by its file (vega)', () => {
    expect(
      similarSubject('code similar to the default export function in vega-statistics/src/regression/log.js'),
    ).toEqual({
      name: 'log',
      path: 'vega-statistics/src/regression/log.js',
    });
    expect(similarSubject('code similar to the default export of src/regression/r-squared.js')).toEqual({
      name: 'rSquared',
      path: 'src/regression/r-squared.js',
    });
  });

  it('reads what the family implements, or its package, between its role and `like` (dbal, openpyxl)', () => {
    expect(similarSubject('other drivers implementing connect like Driver\\PDO\\MySQL\\Driver::connect')).toEqual({
      name: 'connect',
      qualifier: 'Driver',
      path: 'MySQL',
      namespace: true,
    });
    expect(similarSubject('other __set__ checks in the descriptors package like Min.__set__')).toEqual({
      name: '__set__',
      qualifier: 'Min',
      path: 'descriptors',
    });
  });

  it('reads which definition is X from `like the one in FILE`, `like B::x` and a role with words before it (the sixth group)', () => {
    // systemtap: four `__stp_stack_print`s, one a file; `like the one in stack-arm.c` named a container `c`.
    expect(similarSubject('other implementations of __stp_stack_print like the one in stack-arm.c')).toEqual({
      name: '__stp_stack_print',
      path: 'stack-arm.c',
      pathPicksOnly: true,
    });
    // ruma, symfony-di: X's name said again with its type; the question was read as no X at all.
    expect(similarSubject('other implementations of matrix_to_uri like RoomAliasId::matrix_to_uri')).toEqual({
      name: 'matrix_to_uri',
      qualifier: 'RoomAliasId',
    });
    expect(similarSubject('other implementations of dump like XmlDumper::dump')).toEqual({
      name: 'dump',
      qualifier: 'XmlDumper',
    });
    // Another name after `like` is not X's: nothing is read.
    expect(similarSubject('other implementations of dump like XmlDumper::load')).toBeNull();
    // symfony-di: `other boolean flag setters like …`, three words where one was read.
    expect(
      similarSubject('other boolean flag setters like AutowireTrait::autowire in Loader/Configurator/Traits'),
    ).toEqual({
      name: 'autowire',
      qualifier: 'AutowireTrait',
      path: 'Loader/Configurator/Traits',
    });
  });
});

describe('similar-phrase questions of the eighth group (rustix, symfony/validator, gnulib, RubyGems)', () => {
  it('reads the backend X is in as which of X’s definitions, not where to look', () => {
    expect(similarSubject('code similar to IoSlice::advance in the linux_raw backend')).toEqual({
      name: 'advance',
      qualifier: 'IoSlice',
      path: 'linux_raw',
      pathPicksOnly: true,
    });
    expect(similarSubject('other implementations of tcgetattr like the libc one')).toEqual({
      name: 'tcgetattr',
      qualifier: 'libc',
    });
  });

  it('reads X past a relative clause or a place in words after its name', () => {
    expect(
      similarSubject('validators like CountryValidator::validate that check a code against the Intl data'),
    ).toEqual({ name: 'validate', qualifier: 'CountryValidator' });
    expect(
      similarSubject('other functions like fopen_safer that return a stream not on stdin, stdout or stderr'),
    ).toEqual({ name: 'fopen_safer' });
    expect(similarSubject('methods like parse_GIT in the lockfile parser')).toEqual({
      name: 'parse_GIT',
      hints: nearHints('lockfile parser'),
    });
    // After a plain word, the words are the question (the test above: `parse in the parser`).
    expect(similarSubject('code similar to parse in the parser')).toBeNull();
  });

  it('reads a Lua method named with one colon, its table the qualifier (Prosody’s storage drivers and resolvers)', () => {
    expect(similarSubject('code similar to driver:open in mod_storage_sql.lua')).toEqual({
      name: 'open',
      qualifier: 'driver',
      path: 'mod_storage_sql.lua',
    });
    expect(similarSubject('code similar to methods:next in net/resolvers/manual.lua')).toMatchObject({
      name: 'next',
      qualifier: 'methods',
    });
    // A file before the name keeps its colon: `file.rb:name`.
    expect(similarSubject('code similar to lib/thor/parser/arguments.rb:parse')).toEqual({
      name: 'parse',
      path: 'lib/thor/parser/arguments.rb',
    });
  });

  it('takes the family’s member named after `like` for X (gnulib’s list and bitset kinds)', () => {
    expect(similarSubject('other list implementations of indexof_from_to like gl_array_indexof_from_to')).toEqual({
      name: 'gl_array_indexof_from_to',
    });
    expect(similarSubject('other bitset implementations of ones like lbitset_ones in bitset/list.c')).toEqual({
      name: 'lbitset_ones',
      path: 'bitset/list.c',
      pathPicksOnly: true,
    });
  });

  it('reads an operator method named with its class (RubyGems Gem::Source::Vendor#<=>)', () => {
    expect(similarSubject('what else looks like Gem::Source::Vendor#<=>')).toEqual({
      name: '<=>',
      qualifier: 'Vendor',
      outer: ['Gem', 'Source'],
    });
    // A lone operator names nothing.
    expect(similarSubject('code similar to <=>')).toBeNull();
  });

  it('reads a C++ operator member named with its class, its `()` and all (PEGTL’s istream_reader::operator())', () => {
    expect(
      similarSubject('code similar to istream_reader::operator() in tao/pegtl/internal/istream_reader.hpp'),
    ).toEqual({
      name: 'operator()',
      qualifier: 'istream_reader',
      path: 'tao/pegtl/internal/istream_reader.hpp',
    });
    expect(similarSubject('code similar to position::operator==')).toEqual({
      name: 'operator==',
      qualifier: 'position',
    });
  });

  it('reads a C++ operator named alone, its class after it, as code (Eigen’s operator() in COLAMDOrdering)', () => {
    // The class after `in` is a hint, as a lone word after any code name is: before, `operator` was
    // read as an English word and the question as no subject's.
    expect(similarSubject('code similar to operator() in COLAMDOrdering')).toEqual({
      name: 'operator()',
      hints: ['COLAMDOrdering', 'colamdordering'],
    });
    expect(similarSubject('code similar to operator== in position.hpp')).toEqual({
      name: 'operator==',
      path: 'position.hpp',
    });
    // The plain word stays prose.
    expect(similarSubject('code similar to operator in parser')).toBeNull();
  });
});

describe('similarSubject reads X from the question', () => {
  it('takes the name, its qualifier, and nothing from a question that is not about one name', () => {
    expect(similarSubject('code similar to MinimumNArgs')).toEqual({ name: 'MinimumNArgs' });
    expect(similarSubject('similar to UdpSocket::try_recv')).toEqual({ name: 'try_recv', qualifier: 'UdpSocket' });
    expect(similarSubject('functions like `parse_array()`?')).toEqual({ name: 'parse_array' });
    expect(similarSubject('code similar to how we parse arguments')).toBeNull();
    expect(similarSubject('other UdpSocket::try_recv implementations')).toEqual({
      name: 'try_recv',
      qualifier: 'UdpSocket',
    });
    expect(similarSubject('other implementations in the parser')).toBeNull();
  });

  it('reads `X.prototype.m` as X’s member m, JavaScript’s spelling of it (stylus)', () => {
    expect(similarSubject('code similar to MemoryCache.prototype.key')).toEqual({
      name: 'key',
      qualifier: 'MemoryCache',
    });
    expect(similarSubject('code similar to nodes.Literal.prototype.coerce')).toEqual({
      name: 'coerce',
      qualifier: 'Literal',
      outer: ['nodes'],
    });
  });

  it('takes the file X is in after its name (`X in connection/session.rb`)', () => {
    expect(similarSubject('code similar to channel_eof in connection/session.rb')).toEqual({
      name: 'channel_eof',
      path: 'connection/session.rb',
    });
    expect(similarSubject('code similar to Password#authenticate in methods/password.rb')).toEqual({
      name: 'authenticate',
      qualifier: 'Password',
      path: 'methods/password.rb',
    });
    // Not a file: the question is about something else.
    expect(similarSubject('code similar to parse in the parser')).toBeNull();
  });

  it('takes the path of X’s file before a colon, and a file name with a dash as a qualifier', () => {
    expect(similarSubject('code similar to src/index-server.js:tick')).toEqual({
      name: 'tick',
      path: 'src/index-server.js',
    });
    expect(similarSubject('code similar to `runtime.js:tick()`')).toEqual({ name: 'tick', path: 'runtime.js' });
    expect(similarSubject('code similar to index-server.tick')).toEqual({ name: 'tick', qualifier: 'index-server' });
    expect(similarSubject('similar to net/udp.rs:UdpSocket::try_recv')).toEqual({
      name: 'try_recv',
      qualifier: 'UdpSocket',
      path: 'net/udp.rs',
    });
  });
});

describe('similar to a name defined more than once (svelte’s three `tick`s)', () => {
  // svelte 5 (MIT): src/index-server.js lines 36-42, src/internal/client/runtime.js lines 503-532,
  // src/internal/client/timing.js lines 1-16, shortened.
  const SVELTE: SourceFile[] = [
    {
      path: 'src/index-server.js',
      text: [
        'export function fork() {',
        "\te.lifecycle_function_unavailable('fork');",
        '}',
        '',
        'export async function tick() {}',
        '',
        'export async function settled() {}',
        '',
      ].join('\n'),
    },
    {
      path: 'src/internal/client/runtime.js',
      text: [
        '/**',
        ' * Returns a promise that resolves once any pending state changes have been applied.',
        ' * @returns {Promise<void>}',
        ' */',
        'export async function tick() {',
        '\tif (async_mode_flag) {',
        '\t\treturn new Promise((f) => {',
        '\t\t\trequestAnimationFrame(() => f());',
        '\t\t\tsetTimeout(() => f());',
        '\t\t});',
        '\t}',
        '',
        '\tawait Promise.resolve();',
        '',
        '\tflushSync();',
        '}',
        '',
        '/**',
        ' * Returns a promise that resolves once any state changes, and asynchronous work resulting from them,',
        ' * have resolved and the DOM has been updated',
        ' */',
        'export function settled() {',
        '\treturn Batch.ensure().settled();',
        '}',
        '',
      ].join('\n'),
    },
    {
      path: 'src/internal/client/timing.js',
      text: [
        "import { noop } from '../shared/utils.js';",
        '',
        'const now = BROWSER ? () => performance.now() : () => Date.now();',
        '',
        'export const raf = {',
        '\ttick: /** @param {any} _ */ (_) => (BROWSER ? requestAnimationFrame : noop)(_),',
        '\tnow: () => now(),',
        '\ttasks: new Set()',
        '};',
        '',
      ].join('\n'),
    },
  ];
  let svelte: Engine;
  const ticks = () =>
    SVELTE.flatMap((f) =>
      f.text
        .split('\n')
        .flatMap((l, i) => (/\btick\b[:(]|function tick\b/.test(l) ? [{ path: f.path, line: i + 1 }] : [])),
    );

  beforeAll(async () => {
    svelte = await engineOver(SVELTE);
  });

  it('takes every `tick` as X when the question does not say which: none is an answer, and the note says so', async () => {
    const r = await svelte.search('code similar to tick');
    expect(r.query.intent).toBe('find_similar');
    expect(r.query.similarTo?.code).toBe('ambiguous');
    const taken = r.query.similarTo!.taken.map((t) => `${t.path}:${t.startLine}`);
    expect(taken.length).toBeGreaterThanOrEqual(2);
    expect(taken).toEqual(expect.arrayContaining(['src/index-server.js:5', 'src/internal/client/runtime.js:5']));
    // The answer starts from the implementation with a body, not the server's empty stub: the
    // client's 12-line tick is searched, and `taken` and the note say so.
    expect(taken[0]).toBe('src/internal/client/runtime.js:5');
    expect(r.query.similarTo!.taken[0].lines).toBe(12);
    expect(r.query.similarTo!.taken.find((t) => t.path === 'src/index-server.js')?.lines).toBe(1);
    expect(r.results.length).toBeGreaterThan(0);
    expect(ticks()).toHaveLength(3);
    for (const { path, line } of ticks())
      expect(everyRow(r).filter((row) => svelte.chunk(row.chunkId).path === path && covers(row, line))).toEqual([]);
    expect(everyRow(r).filter((row) => row.symbol === 'tick')).toEqual([]);
    const note = r.query.notes.find((n) => n.startsWith('Similar to tick'));
    expect(note).toContain('src/index-server.js:5');
    expect(note).toContain('src/internal/client/runtime.js:5');
    expect(note).toContain('the first (src/internal/client/runtime.js:5, 12 lines');
    // The siblings of each tick: settled beside either of them.
    expect(r.results[0].symbol).toBe('settled');
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });

  it('takes the one a path or a qualifier picks, and the other `tick`s may answer', async () => {
    for (const q of ['code similar to runtime.js:tick', 'code similar to src/internal/client/runtime.js:tick']) {
      const r = await svelte.search(q);
      expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'tick' });
      expect(r.query.similarTo!.taken.map((t) => t.path)).toEqual(['src/internal/client/runtime.js']);
      expect(rowsOf(r, 'src/internal/client/runtime.js').filter((row) => covers(row, 5))).toEqual([]);
      const others = everyRow(r).filter((row) => row.symbol === 'tick');
      expect(others.map((row) => svelte.chunk(row.chunkId).path)).toContain('src/index-server.js');
    }
    const byStem = await svelte.search('code similar to index-server.tick');
    expect(byStem.query.similarTo?.taken.map((t) => t.path)).toEqual(['src/index-server.js']);
  });

  it('names the qualifier that picked none, and takes them all', async () => {
    const r = await svelte.search('code similar to Scheduler.tick');
    expect(r.query.similarTo?.code).toBe('ambiguous');
    expect(r.query.notes.find((n) => n.startsWith('Similar to tick'))).toContain('Scheduler names none of them');
  });

  it('keeps a name defined once a single X', async () => {
    const r = await svelte.search('code similar to fork');
    expect(r.query.similarTo).toMatchObject({ code: 'single', definitions: 1 });
  });
});

describe('similar to X, typed', () => {
  it('never returns MinimumNArgs, puts a sibling first with its similarity, and the scores add up', async () => {
    const r = await engine.search('code similar to MinimumNArgs');
    const x = lineOf('args.go', 'func MinimumNArgs');
    expect(r.query.intent).toBe('find_similar');
    expect(rowsOf(r, 'args.go').filter((row) => covers(row, x))).toEqual([]);
    const first = r.results[0];
    expect(first.path).toBe('args.go');
    expect(['MaximumNArgs', 'ExactArgs', 'RangeArgs']).toContain(first.symbol);
    expect(first.explanation.sibling).toMatchObject({ of: 'MinimumNArgs' });
    expect(first.explanation.sibling!.factor).toBeCloseTo(1 + SIBLING_GAIN * first.explanation.sibling!.similarity, 12);
    expect(first.explanation.modalities.structural?.reason).toContain('sibling of MinimumNArgs');
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
    expect(r.query.notes.some((n) => n.startsWith('Similar to MinimumNArgs'))).toBe(true);
  });

  it.each([
    'other MinimumNArgs implementations',
    'similar functions to MinimumNArgs',
    'find similar code to MinimumNArgs',
    'other versions of MinimumNArgs',
    'siblings of MinimumNArgs',
    'siblings of MinimumNArgs in args.go',
    'other MinimumNArgs implementations in args.go',
  ])('reads X from “%s” as from “code similar to X”', async (question) => {
    const r = await engine.search(question);
    const x = lineOf('args.go', 'func MinimumNArgs');
    expect(r.query.intent).toBe('find_similar');
    expect(r.query.similarTo).toMatchObject({ name: 'MinimumNArgs' });
    expect(rowsOf(r, 'args.go').filter((row) => covers(row, x))).toEqual([]);
    expect(['MaximumNArgs', 'ExactArgs', 'RangeArgs']).toContain(r.results[0].symbol);
  });

  it('carries the file’s other siblings as sub-results, each openable at its own range', async () => {
    const r = await engine.search('code similar to MinimumNArgs');
    const subs = r.results[0].subResults ?? [];
    expect(subs.length).toBeGreaterThan(0);
    const names = [r.results[0].symbol, ...subs.map((s) => s.symbol)];
    expect(names).toEqual(expect.arrayContaining(['MaximumNArgs', 'ExactArgs']));
    for (const s of subs) {
      const chunk = engine.chunk(s.chunkId);
      expect(chunk).toMatchObject({ path: 'args.go', startLine: s.startLine, endLine: s.endLine });
      if (s.symbol) expect(engine.chunkText(chunk)).toContain(`func ${s.symbol}(`);
      expect(s.score).toBeLessThanOrEqual(r.results[0].score);
    }
  });
});

describe('similar to X, typed, beside the function that calls X', () => {
  it('puts the sibling first, not the caller whose text names X (cobra flag_groups.go)', async () => {
    const cobra = await engineOver([{ path: 'flag_groups.go', text: fixture('cobra-flag-groups-validate.go.txt') }]);
    const r = await cobra.search('code similar to validateRequiredFlagGroups');
    // ValidateFlagGroups calls validateRequiredFlagGroups: it uses X, it is not code like X.
    expect(r.results[0].symbol).toBe('validateExclusiveFlagGroups');
    const text = everyRow(r).map((row) => row.explanation.modalities.text?.reason ?? '');
    expect(text.filter((reason) => reason.includes('uses validateRequiredFlagGroups'))).toEqual([]);
  });
});

describe('similar to a class that extends another', () => {
  it('is answered by the classes beside it, never by the base it extends (click BoolParamType(ParamType))', async () => {
    const click = await engineOver([{ path: 'types.py', text: fixture('click-param-types.py.txt') }]);
    const r = await click.search('code similar to BoolParamType');
    // ParamType is what BoolParamType is made from; its 130 lines of docstrings share X's words.
    expect(everyRow(r).filter((row) => row.symbol === 'ParamType')).toEqual([]);
    expect(r.results[0].symbol).toMatch(/^(String|Func|Unprocessed)ParamType$|^UUIDParameterType$/);
  });

  it('does not call a base of other classes its sibling, though it shares X’s base (click _NumberParamTypeBase)', async () => {
    const click = await engineOver([{ path: 'types.py', text: fixture('click-param-types.py.txt') }]);
    const r = await click.search('code similar to BoolParamType');
    // _NumberParamTypeBase(ParamType) is what IntParamType and FloatParamType are made from.
    const base = everyRow(r).find((row) => row.symbol === '_NumberParamTypeBase');
    expect(base?.explanation.sibling).toBeUndefined();
    expect(base?.explanation.modalities.structural?.reason ?? '').not.toContain('sibling of');
    expect(r.results[0].symbol).toMatch(/^(String|Func|Unprocessed)ParamType$|^UUIDParameterType$/);
    expect(r.results[0].explanation.sibling).toMatchObject({ of: 'BoolParamType' });
    // X extended by another class is a base itself: the other bases are its peers.
    const f = await click.search('code similar to _NumberParamTypeBase');
    expect(f.results[0].explanation.sibling).toBeDefined();
  });
});

/** Composer's five VCS downloaders, each extending VcsDownloader with its own doDownload. */
const composerDownloaders = () =>
  engineOver(
    ['Git', 'Hg', 'Svn', 'Fossil', 'Perforce'].map((vcs) => ({
      path: `Downloader/${vcs}Downloader.php`,
      text: fixture(`composer-${vcs.toLowerCase()}-downloader.php.txt`),
    })),
  );

describe('similar to a method its class’s base declares, which other classes of that base implement', () => {
  it('lists those implementations before X’s own file’s other methods (Composer’s GitDownloader::doDownload)', async () => {
    const composer = await composerDownloaders();
    const r = await composer.search('code similar to GitDownloader::doDownload');
    // The other downloaders extend VcsDownloader as GitDownloader does, each with its own
    // doDownload; GitDownloader's doInstall shares its file's words (git, cache, mirror) with X.
    const own = r.results.findIndex((row) => row.path === 'Downloader/GitDownloader.php');
    expect(
      r.results
        .slice(0, own)
        .map((row) => `${row.path} ${row.symbol}`)
        .sort(),
    ).toEqual(['Fossil', 'Hg', 'Perforce', 'Svn'].map((vcs) => `Downloader/${vcs}Downloader.php doDownload`));
    expect(r.results[own].explanation.sibling).toMatchObject({ of: 'doDownload', belowSameBase: true });
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
  it('keeps X’s named file’s methods where they rank when the question names that file', async () => {
    const composer = await composerDownloaders();
    const named = await composer.search('code similar to GitDownloader::doDownload in Downloader/GitDownloader.php');
    // The question asks for code in X's file: the other downloaders' doDownload, outside it, are
    // not lifted over its methods (the unnamed question above demotes them).
    const own = named.results.find((row) => row.path === 'Downloader/GitDownloader.php');
    expect(own?.explanation.sibling).toMatchObject({ of: 'doDownload' });
    expect(own?.explanation.sibling?.belowSameBase).toBeUndefined();
    expect(own?.explanation.demotion ?? null).toBeNull();
    for (const row of everyRow(named)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});

describe('similar to a function of a module whose like modules each write their own name into theirs', () => {
  it('lists those implementations before X’s own file’s other functions (OpenAFS xdrrec_getbytes)', async () => {
    const rx = await engineOver([
      { path: 'rx/xdr_rec.c', text: fixture('openafs-xdr-rec.c.txt') },
      { path: 'rx/xdr_mem.c', text: fixture('openafs-xdr-mem.c.txt') },
      { path: 'rx/xdr_rx.c', text: fixture('openafs-xdr-rx.c.txt') },
    ]);
    const r = await rx.search('code similar to xdrrec_getbytes');
    // xdr_mem.c and xdr_rx.c each define getbytes, putbytes, getpos, setpos and inline with their
    // own word for xdrrec; xdrrec_putbytes shares X's file and its loop over `current`.
    expect(r.results.slice(0, 2).map((row) => `${row.path} ${row.symbol}`)).toEqual(
      expect.arrayContaining(['rx/xdr_mem.c xdrmem_getbytes', 'rx/xdr_rx.c xdrrx_getbytes']),
    );
    const own = r.results.find((row) => row.path === 'rx/xdr_rec.c');
    expect(own?.explanation.sibling).toMatchObject({ of: 'xdrrec_getbytes', belowSameBase: true });
  });

  it('takes a module that writes its name in two words for X’s one, and lists it though the question named X’s file (vega densityUniform)', async () => {
    // vega-statistics/src/uniform.js, normal.js and lognormal.js (vega 5.22, BSD-3-Clause), bodies shortened.
    const distribution = (own: string, a: string, b: string) => [
      "import {random} from './random';",
      '',
      `export function sample${own}(${a}, ${b}) {`,
      `  return ${a} + ${b} * random();`,
      '}',
      '',
      `export function density${own}(value, ${a}, ${b}) {`,
      `  if (${b} == null) ${b} = 1;`,
      `  return value >= ${a} ? 1 / ${b} : 0;`,
      '}',
      '',
      `export function cumulative${own}(value, ${a}, ${b}) {`,
      `  return value < ${a} ? 0 : (value - ${a}) / ${b};`,
      '}',
      '',
      `export function quantile${own}(p, ${a}, ${b}) {`,
      `  return p >= 0 && p <= 1 ? ${a} + p * ${b} : NaN;`,
      '}',
      '',
      `export default function(${a}, ${b}) {`,
      `  return {sample: () => sample${own}(${a}, ${b}), pdf: value => density${own}(value, ${a}, ${b})};`,
      '}',
      '',
    ];
    const vega = await Engine.build(
      [
        { path: 'src/uniform.js', text: distribution('Uniform', 'min', 'max').join('\n') },
        { path: 'src/normal.js', text: distribution('Normal', 'mean', 'stdev').join('\n') },
        { path: 'src/lognormal.js', text: distribution('LogNormal', 'mean', 'stdev').join('\n') },
        { path: 'src/bin.js', text: 'export function binStep(extent, maxbins) {\n  return extent / maxbins;\n}\n' },
      ],
      { analyzer: await StructuralAnalyzer.create(nodeGrammars), embedder: null },
    );
    const r = await vega.search('code similar to densityUniform in src/uniform.js');
    expect(r.results.slice(0, 2).map((row) => `${row.path} ${row.symbol}`)).toEqual(
      expect.arrayContaining(['src/normal.js densityNormal', 'src/lognormal.js densityLogNormal']),
    );
  });

  it('takes the anonymous default exports of X’s folder for X’s kin, not what shares its file’s name (vega regression/log.js)', async () => {
    // vega-statistics/src/regression/*.js and vega-util's transform.js (vega 5.22, BSD-3-Clause), shortened.
    const fit = (transform: string) =>
      [
        "import ols from './ols';",
        "import {visitPoints} from './points';",
        '',
        'export default function(data, x, y) {',
        '  let X = 0, Y = 0, n = 0;',
        '  visitPoints(data, x, y, (dx, dy) => {',
        '    ++n;',
        `    dx = ${transform};`,
        '    X += (dx - X) / n;',
        '    Y += (dy - Y) / n;',
        '  });',
        '  const coef = ols(X, Y);',
        '  return {coef: coef, predict: x => coef[0] + coef[1] * x};',
        '}',
        '',
      ].join('\n');
    const vega = await Engine.build(
      [
        { path: 'stats/regression/log.js', text: fit('Math.log(dx)') },
        { path: 'stats/regression/linear.js', text: fit('dx') },
        { path: 'stats/regression/exp.js', text: fit('Math.exp(dx)') },
        { path: 'util/transform.js', text: 'export const log = sign => x => Math.log(sign * x);\n' },
        { path: 'util/logger.js', text: 'function log(method, level, input) {\n  console[method](level, input);\n}\n' },
      ],
      { analyzer: await StructuralAnalyzer.create(nodeGrammars), embedder: null },
    );
    const r = await vega.search('code similar to the default export function in stats/regression/log.js');
    expect(r.results.slice(0, 2).map((row) => row.path)).toEqual(
      expect.arrayContaining(['stats/regression/linear.js', 'stats/regression/exp.js']),
    );
    // A function named `log` elsewhere shares the file's name, not X's role: no sibling of X.
    expect(r.results.find((row) => row.path === 'util/logger.js')?.explanation.sibling).toBeUndefined();
  });

  it('reads a table each module adds its own entry to as the module’s word (ConTeXt’s openers.zip)', async () => {
    // ConTeXt's data-zip.lua, data-fil.lua, data-vir.lua, shortened: each scheme's file adds one
    // function to each of the resolvers' tables (finders, openers, loaders), named by its scheme.
    const scheme = (name: string, extra: string[] = []) =>
      [
        'local finders = resolvers.finders',
        'local openers = resolvers.openers',
        'local loaders = resolvers.loaders',
        'local notfound = finders.notfound',
        ...extra,
        `function finders.${name}(specification)`,
        '    local filename = specification.filename',
        `    if filename then report("${name} finder: %a found", filename) return filename end`,
        '    return notfound()',
        'end',
        '',
        `function openers.${name}(specification)`,
        '    local filename = specification.filename',
        '    if filename and filename ~= "" then',
        `        local f = open_${name}(filename)`,
        `        if f then report("${name} opener: %a opened", filename) return textopener("${name}", filename, f) end`,
        '    end',
        '    return notfound()',
        'end',
        '',
        `function loaders.${name}(specification)`,
        '    local filename = specification.filename',
        `    local data = read_${name}(filename)`,
        `    if data then report("${name} loader: %a loaded", filename) return true, data, #data end`,
        '    return notfound()',
        'end',
        '',
      ].join('\n');
    const data = await engineOver([
      { path: 'data-zip.lua', text: scheme('zip', ['local function openarchive(name) return zip.open(name) end']) },
      { path: 'data-fil.lua', text: scheme('file', ['function openers.helpers.textopener(...) end']) },
      { path: 'data-vir.lua', text: scheme('virtual') },
    ]);
    const r = await data.search('code similar to openers.zip in data-zip.lua');
    // The other schemes' openers come first; the zip scheme's own finder and loader (its module's
    // other tables) after them.
    expect(
      r.results
        .slice(0, 2)
        .map((row) => `${row.path} ${row.symbol}`)
        .sort(),
    ).toEqual(['data-fil.lua file', 'data-vir.lua virtual']);
    for (const row of r.results.slice(0, 2)) expect(row.explanation.sibling).toMatchObject({ of: 'zip' });
    const own = r.results.find((row) => row.path === 'data-zip.lua');
    expect(own?.explanation.sibling).toMatchObject({ of: 'zip', belowSameBase: true });
  });

  it('does not call a module that shares half of X’s module’s names, one word changed, another implementation (echo MethodFromHeader)', async () => {
    // echo v4 (MIT), middleware/method_override.go and key_auth.go, bodies shortened.
    const getter = (name: string, type: string, body: string) => [
      `func ${name}(param string) ${type} {`,
      '\treturn func(c echo.Context) string {',
      `\t\treturn ${body}`,
      '\t}',
      '}',
      '',
    ];
    const middleware = (name: string, config: string) => [
      `func ${name}() echo.MiddlewareFunc {`,
      `\treturn ${name}WithConfig(Default${name}Config)`,
      '}',
      '',
      `func ${name}WithConfig(config ${config}) echo.MiddlewareFunc {`,
      '\treturn func(next echo.HandlerFunc) echo.HandlerFunc {',
      '\t\treturn next',
      '\t}',
      '}',
      '',
    ];
    const echo = await engineOver([
      {
        path: 'middleware/method_override.go',
        text: [
          'package middleware',
          '',
          ...middleware('MethodOverride', 'MethodOverrideConfig'),
          ...getter('MethodFromHeader', 'MethodOverrideGetter', 'c.Request().Header.Get(param)'),
          ...getter('MethodFromForm', 'MethodOverrideGetter', 'c.FormValue(param)'),
          ...getter('MethodFromQuery', 'MethodOverrideGetter', 'c.QueryParam(param)'),
        ].join('\n'),
      },
      {
        path: 'middleware/key_auth.go',
        text: [
          'package middleware',
          '',
          ...middleware('KeyAuth', 'KeyAuthConfig'),
          ...getter('keyFromHeader', 'keyExtractor', 'c.Request().Header.Get(param)'),
          ...getter('keyFromQuery', 'keyExtractor', 'c.QueryParam(param)'),
          ...getter('keyFromForm', 'keyExtractor', 'c.FormValue(param)'),
        ].join('\n'),
      },
    ]);
    const r = await echo.search('code similar to MethodFromHeader');
    // key_auth.go shares keyFromQuery and keyFromForm, as MethodFromQuery and MethodFromForm: half.
    const own = r.results
      .filter((row) => row.path === 'middleware/method_override.go')
      .flatMap((row) => [row, ...(row.subResults ?? [])]);
    expect(own.length).toBeGreaterThan(0);
    for (const row of own) expect(row.explanation.sibling?.belowSameBase).toBeUndefined();
  });
});

describe('similar to a method that thin wrappers hand their calls on to', () => {
  it('is answered by the implementations, not by the wrapper that calls X through a field (tokio try_write_vectored)', async () => {
    const tokio = await engineOver([
      { path: 'net/tcp/stream.rs', text: fixture('tokio-tcp-stream-try-io.rs.txt') },
      { path: 'net/tcp/split.rs', text: fixture('tokio-tcp-split-write.rs.txt') },
      { path: 'net/unix/stream.rs', text: fixture('tokio-unix-stream-try-write.rs.txt') },
    ]);
    const r = await tokio.search('code similar to TcpStream::try_write_vectored');
    // WriteHalf::try_write_vectored is `self.0.try_write_vectored(bufs)`: it uses X, it is not another X.
    const wrappers = rowsOf(r, 'net/tcp/split.rs');
    expect(wrappers.filter((row) => row.explanation.sibling)).toEqual([]);
    expect(r.results[0].path).not.toBe('net/tcp/split.rs');
    const unix = rowsOf(r, 'net/unix/stream.rs').find((row) => row.symbol === 'try_write_vectored');
    expect(unix?.explanation.sibling).toMatchObject({ of: 'try_write_vectored' });
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });

  it('still calls one wrapper the sibling of another wrapper', async () => {
    const tokio = await engineOver([
      { path: 'net/tcp/stream.rs', text: fixture('tokio-tcp-stream-try-io.rs.txt') },
      { path: 'net/tcp/split.rs', text: fixture('tokio-tcp-split-write.rs.txt') },
    ]);
    const r = await tokio.search('code similar to WriteHalf::try_write_vectored');
    const other = rowsOf(r, 'net/tcp/split.rs').find((row) => row.symbol === 'try_write');
    expect(other?.explanation.sibling).toMatchObject({ of: 'try_write_vectored' });
  });
});

describe('"Find similar" on a method', () => {
  it('never returns the method nor the class holding it; a parse_ sibling comes first', async () => {
    const x = lineOf('lib/thor/parser/arguments.rb', 'def parse_array');
    const chunk = engine.chunkAtLine('lib/thor/parser/arguments.rb', x)!;
    expect(chunk.symbol).toBe('parse_array');
    const r = await engine.search('', { similarToChunk: chunk.id });
    expect(rowsOf(r, chunk.path).filter((row) => covers(row, x))).toEqual([]);
    expect(r.results[0].path).toBe(chunk.path);
    expect(['parse_hash', 'parse_numeric', 'parse_string']).toContain(r.results[0].symbol);
  });
});

describe('similar to a class', () => {
  it('is answered by classes: a same-module sibling first, no method of another class', async () => {
    const php = (file: string, name: string) => ({ path: file, text: fixture(`commonmark-${name}.php.txt`) });
    const commonmark = await engineOver([
      php('Extension/SmartPunct/EllipsesParser.php', 'EllipsesParser'),
      php('Extension/SmartPunct/DashParser.php', 'DashParser'),
      php('Extension/CommonMark/Parser/Inline/HtmlInlineParser.php', 'HtmlInlineParser'),
    ]);
    const r = await commonmark.search('code similar to EllipsesParser');
    expect(r.results[0]).toMatchObject({ path: 'Extension/SmartPunct/DashParser.php', symbol: 'DashParser' });
    // getMatchDefinition and parse are in every file: methods, of another kind than a class.
    expect(everyRow(r).filter((row) => row.definitionKind === 'method')).toEqual([]);
  });
});

describe('big classes are ranked by their members', () => {
  it('a Go struct of 200 lines leaves the list to the methods declared on it below', async () => {
    const cobra = await engineOver([{ path: 'command.go', text: fixture('cobra-command-suggestions.go.txt') }]);
    const r = await cobra.search('how does cobra suggest a command when I mistype it');
    expect(r.results[0].symbol).toMatch(/^(SuggestionsFor|findSuggestions)$/);
    expect(everyRow(r).some((row) => row.symbol === 'Command')).toBe(false);
  });

  it('an understand question is answered by the method, not the 178-line class around it', async () => {
    const r = await engine.search('how are numeric arguments parsed');
    const fromFile = r.results.find((x) => x.path === 'lib/thor/parser/arguments.rb')!;
    expect(fromFile.symbol).toBe('parse_numeric');
    expect(fromFile.endLine - fromFile.startLine).toBeLessThan(30);
    expect(everyRow(r).some((row) => row.symbol === 'Arguments')).toBe(false);
  });
});

describe('"Find similar" on an overloaded function', () => {
  it("never returns one of X's overload signatures (mobx's remove): they are X", async () => {
    // mobx 6.13.5 src/api/object-api.ts (MIT), shortened.
    const text = [
      'export function remove<K, V>(obj: ObservableMap<K, V>, key: K)',
      'export function remove<T>(obj: ObservableSet<T>, key: T)',
      'export function remove(obj: any, key: any): void {',
      '    if (isObservableMap(obj)) {',
      '        obj.delete(key)',
      '    } else if (isObservableSet(obj)) {',
      '        obj.delete(key)',
      '    } else {',
      '        die(9)',
      '    }',
      '}',
      '',
      'export function has<K>(obj: ObservableMap<K, any>, key: K): boolean',
      'export function has(obj: any, key: any): boolean {',
      '    if (isObservableMap(obj)) {',
      '        return obj.has(key)',
      '    } else if (isObservableSet(obj)) {',
      '        return obj.has(key)',
      '    }',
      '    die(10)',
      '}',
      '',
    ].join('\n');
    const mobx = await engineOver([{ path: 'src/api/object-api.ts', text }]);
    const body = mobx.chunkAtLine('src/api/object-api.ts', 3)!;
    expect(body.symbol).toBe('remove');
    const r = await mobx.search('', { similarToChunk: body.id });
    expect(r.results.length).toBeGreaterThan(0);
    expect(everyRow(r).filter((row) => row.startLine <= 11 && row.endLine >= 1)).toEqual([]);
    expect(r.results[0].symbol).toBe('has');
  });
});

describe('"Find similar" on a function', () => {
  it('is answered by code that runs (functions, methods, classes), never by a type declaration', async () => {
    // query-core 5.62 (MIT) shapes: a function, a class with a method doing the same, a type alias.
    const files: SourceFile[] = [
      {
        path: 'src/removable.ts',
        text: 'export function clearGcTimeout(timeout: any) {\n  if (timeout) {\n    clearTimeout(timeout)\n  }\n}\n',
      },
      {
        path: 'src/query.ts',
        text: [
          'export class Removable {',
          '  gcTimeout?: any',
          '  clearGcTimeout() {',
          '    if (this.gcTimeout) {',
          '      clearTimeout(this.gcTimeout)',
          '      this.gcTimeout = undefined',
          '    }',
          '  }',
          '}',
          'export type ClearGcTimeout = (timeout: any) => void',
          '',
        ].join('\n'),
      },
    ];
    const small = await engineOver(files);
    const x = small.chunkAtLine('src/removable.ts', 1)!;
    const r = await small.search('', { similarToChunk: x.id });
    const kinds = everyRow(r).map((row) => small.chunk(row.chunkId).definitionKind);
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds).not.toContain('type');
    expect(kinds.every((k) => k === undefined || ['function', 'method', 'class'].includes(k))).toBe(true);
  });
});

describe('similar to a getter', () => {
  it('is answered by the getters beside it, not by its setter (commonmark Delimiter::isActive)', async () => {
    const path = 'Delimiter/Delimiter.php';
    const commonmark = await engineOver([{ path, text: fixture('commonmark-Delimiter.php.txt') }]);
    const r = await commonmark.search('similar to Delimiter::isActive');
    // setActive(bool $active) shares X's words and field; canClose() and canOpen() share its form.
    expect(['canClose', 'canOpen']).toContain(r.results[0].symbol);
    const setter = everyRow(r).find((row) => row.symbol === 'setActive');
    expect(setter?.explanation.sibling).toBeUndefined();
  });
});

describe('similar to a getter that takes no arguments', () => {
  it('is answered by the other getters, not by the setter beside it (tokio TcpStream::nodelay)', async () => {
    const path = 'net/tcp/stream.rs';
    const tokio = await engineOver([{ path, text: fixture('tokio-tcp-stream-options.rs.txt') }]);
    const r = await tokio.search('similar to TcpStream::nodelay');
    // set_nodelay(&self, nodelay: bool) is about X's option; local_addr, take_error and ttl read one as X does.
    expect(['local_addr', 'take_error', 'ttl']).toContain(r.results[0].symbol);
    const rows = everyRow(r);
    expect(rows.findIndex((row) => row.symbol === 'set_nodelay')).not.toBe(0);
    for (const row of rows.filter((x) => x.explanation.form))
      expect(row.explanation.form).toMatchObject({ of: 'nodelay', arity: [0, 1], factor: 0.25 });
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});

describe('similar to a C function renamed by a macro elsewhere', () => {
  it('is answered by its own file, not by the `#define` of its own name (libxcrypt setkey)', async () => {
    const libxcrypt = await engineOver([
      { path: 'lib/crypt-des-obsolete.c', text: fixture('libxcrypt-des-obsolete.c.txt') },
      // libxcrypt 4.4.33 lib/crypt-port.h lines 60-64 (LGPL-2.1-or-later).
      {
        path: 'lib/crypt-port.h',
        text: '#define crypt_r unistd_crypt_r_is_incompatible\n#define crypt_data unistd_crypt_data_is_incompatible\n#define encrypt unistd_encrypt_is_incompatible\n#define setkey unistd_setkey_is_incompatible\n#include <unistd.h>\n',
      },
    ]);
    const r = await libxcrypt.search('code similar to setkey');
    expect(r.results[0]).toMatchObject({ path: 'lib/crypt-des-obsolete.c' });
    // `#define setkey …` renames X: by name alone it was X's closest sibling (name 1).
    expect(rowsOf(r, 'lib/crypt-port.h').filter((row) => row.explanation.sibling)).toEqual([]);
  });
});

describe('similar to a method that hands its work to a helper', () => {
  it('is answered by the methods beside it, not by the helper it calls (thor HashWithIndifferentAccess#delete)', async () => {
    const path = 'thor/core_ext/hash_with_indifferent_access.rb';
    const thor = await engineOver([{ path, text: fixture('thor-hash-with-indifferent-access.rb.txt') }]);
    const r = await thor.search('methods like HashWithIndifferentAccess#delete');
    // delete(key) is super(convert_key(key)): convert_key is what it uses, [] and fetch are what it is like.
    expect(['[]', '[]=', 'fetch', 'key?']).toContain(r.results[0].symbol);
    expect(everyRow(r).filter((row) => row.symbol === 'convert_key' && row.explanation.sibling)).toEqual([]);
  });
});

describe('"Find similar" on a method, and an adapter of its name elsewhere', () => {
  it('calls the adapter forwarding to a variable a sibling, not a wrapper (trpc share’s next, for mobx’s next)', async () => {
    // mobx 6.13.5 src/types/observablemap.ts lines 303-315, trpc 11.0.0 src/observable/operators.ts
    // lines 31-60 (both MIT), shortened.
    const mobx = [
      'export class ObservableMap<K, V> {',
      '    values(): MapIterator<V> {',
      '        const self = this',
      '        const keys = this.keys()',
      '        return makeIterableForMap({',
      '            next() {',
      '                const { done, value } = keys.next()',
      '                return {',
      '                    done,',
      '                    value: done ? (undefined as any) : self.get(value)',
      '                }',
      '            }',
      '        })',
      '    }',
      '}',
      '',
    ].join('\n');
    const trpc = [
      'export function share<TValue, TError>(): MonoTypeOperatorFunction<TValue, TError> {',
      '  return (source) => {',
      '    let subscription: Unsubscribable | null = null;',
      '    const observers: Partial<Observer<TValue, TError>>[] = [];',
      '    function startIfNeeded() {',
      '      subscription = source.subscribe({',
      '        next(value) {',
      '          for (const observer of observers) {',
      '            observer.next?.(value);',
      '          }',
      '        },',
      '        error(error) {',
      '          for (const observer of observers) {',
      '            observer.error?.(error);',
      '          }',
      '        },',
      '      });',
      '    }',
      '  };',
      '}',
      '',
    ].join('\n');
    const both = await engineOver([
      { path: 'mobx/src/types/observablemap.ts', text: mobx },
      { path: 'trpc-server/src/observable/operators.ts', text: trpc },
    ]);
    const x = both.chunkAtLine('mobx/src/types/observablemap.ts', 6)!;
    expect(x.symbol).toBe('next');
    const r = await both.search('', { similarToChunk: x.id });
    // `observer.next?.(value)` forwards to each observer, a variable: the name's other implementation.
    const adapter = everyRow(r).find(
      (row) => both.chunk(row.chunkId).path.startsWith('trpc-server/') && row.symbol === 'next',
    );
    expect(adapter?.explanation.sibling).toMatchObject({ of: 'next' });
  });
});

describe('similar to a Go method, and a wrapper of its name on a receiver’s field', () => {
  it('does not call the wrapper a sibling (echo Response.Write, bodyDumpResponseWriter’s w.Writer.Write(b))', async () => {
    const echo = await engineOver([
      { path: 'response.go', text: fixture('echo-response-write.go.txt') },
      { path: 'middleware/body_dump.go', text: fixture('echo-body-dump-writer.go.txt') },
    ]);
    const r = await echo.search('code similar to Response.Write');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'Write', definitions: 2 });
    expect(r.query.similarTo!.taken.map((t) => t.path)).toEqual(['response.go']);
    const wrapper = rowsOf(r, 'middleware/body_dump.go').find((row) => row.symbol === 'Write');
    expect(wrapper?.explanation.sibling).toBeUndefined();
  });
});

describe('similar to a method whose siblings call its name on a field', () => {
  it('calls them siblings, not users of X (tokio Semaphore::try_acquire and self.ll_sem.try_acquire(1))', async () => {
    const path = 'sync/semaphore.rs';
    const tokio = await engineOver([{ path, text: fixture('tokio-semaphore-try-acquire.rs.txt') }]);
    const r = await tokio.search('similar to Semaphore::try_acquire');
    // The siblings' `self.ll_sem.try_acquire(n)` is the low-level semaphore's method, not X.
    // try_acquire_owned(self: Arc<Self>) takes no argument, as X; try_acquire_many(n) takes one (form 0.25).
    expect(r.results[0]).toMatchObject({ symbol: 'try_acquire_owned' });
    expect(r.results[0].explanation.sibling).toMatchObject({ of: 'try_acquire' });
  });

  it('with the batch semaphore beside it, starts from the public `pub fn try_acquire`, not the larger `pub(crate)` one', async () => {
    const tokio = await engineOver([
      { path: 'sync/batch_semaphore.rs', text: fixture('tokio-batch-semaphore-try-acquire.rs.txt') },
      { path: 'sync/semaphore.rs', text: fixture('tokio-semaphore-try-acquire.rs.txt') },
    ]);
    const r = await tokio.search('similar to Semaphore::try_acquire');
    expect(r.query.similarTo?.code).toBe('ambiguous');
    expect(r.query.similarTo!.taken.map((t) => [t.path, t.lines])).toEqual([
      ['sync/semaphore.rs', 9],
      ['sync/batch_semaphore.rs', 30],
    ]);
    expect(r.results[0]).toMatchObject({ path: 'sync/semaphore.rs', symbol: 'try_acquire_owned' });
  });
});

describe('similar to a Go method on a receiver', () => {
  it('is answered by the methods of its form, not by its setter nor the helper it calls (cobra InOrStdin)', async () => {
    const cobra = await engineOver([{ path: 'command.go', text: fixture('cobra-command-streams.go.txt') }]);
    const r = await cobra.search('code similar to InOrStdin');
    // SetIn(newIn) and getIn(def) name X's stream; OutOrStdout() and ErrOrStderr() are what it is like.
    expect(['OutOrStdout', 'OutOrStderr', 'ErrOrStderr']).toContain(r.results[0].symbol);
  });
});

describe('similar to a method named with its class, beside a method of its name in another class', () => {
  const build = async (files: [string, string][]) =>
    engineOver(files.map(([path, name]) => ({ path, text: fixture(name) })));

  it('puts the class’s one-word siblings first (Symfony SymfonyStyle::warning, not GithubActionReporter::warning)', async () => {
    const console = await build([
      ['Style/SymfonyStyle.php', 'console-SymfonyStyle.php.txt'],
      ['CI/GithubActionReporter.php', 'console-GithubActionReporter.php.txt'],
    ]);
    const r = await console.search('code similar to SymfonyStyle::warning');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'warning', definitions: 2 });
    // success, error, note, caution, info, comment: `$this->block($message, …)`, the same body as X.
    const family = ['success', 'error', 'note', 'caution', 'info', 'comment'];
    expect(r.results[0]).toMatchObject({ path: 'Style/SymfonyStyle.php' });
    expect(family).toContain(r.results[0].symbol);
    // The qualifier is a part both names share: SymfonyStyle::success · SymfonyStyle::warning, one pattern.
    expect(r.results[0].explanation.modalities.structural?.reason).toMatch(/same file, name 0\.70/);
    // The other class's `warning` is another implementation of the name (1), of another shape.
    const other = rowsOf(r, 'CI/GithubActionReporter.php').find((row) => row.symbol === 'warning');
    expect(other?.explanation.modalities.structural?.reason).toMatch(/elsewhere, name 1\.00/);
    expect(other!.explanation.sibling!.similarity).toBeLessThan(r.results[0].explanation.sibling!.similarity);
  });

  it('compares a bare name’s siblings by their own names', async () => {
    const console = await build([
      ['Style/SymfonyStyle.php', 'console-SymfonyStyle.php.txt'],
      ['CI/GithubActionReporter.php', 'console-GithubActionReporter.php.txt'],
    ]);
    const r = await console.search('code similar to warning');
    expect(r.query.similarTo?.code).toBe('ambiguous');
    // Both `warning`s are X; the one-word methods beside them share no part of the name.
    const reasons = everyRow(r).map((row) => row.explanation.modalities.structural?.reason ?? '');
    expect(reasons.some((why) => /^sibling of warning: method success, same file, name 0\.00/.test(why))).toBe(true);
  });

  it('calls a neighbour of no word of X’s name a sibling only when shaped as X is (SIBLING_NAMELESS_MIN_SHAPE)', async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: ['php', 'go'] });
    const symfony = buildCorpus(
      [{ path: 'Style/SymfonyStyle.php', text: fixture('console-SymfonyStyle.php.txt') }],
      analyzer,
    );
    const warning = symfony.chunks.find((c) => c.symbol === 'warning')!;
    // success, error, note, caution: `$this->block($message, …)`, shape 1.00.
    expect(siblingsOf(symfony, warning, [], () => false).map((s) => s.name)).toEqual(
      expect.arrayContaining(['success', 'error', 'note', 'caution']),
    );
    // cobra's SetOut sets a stream; getErr reads another with a default (shape 0.57, name 0): another role.
    const cobra = buildCorpus([{ path: 'command.go', text: fixture('cobra-command-streams.go.txt') }], analyzer);
    const setOut = cobra.chunks.find((c) => c.symbol === 'SetOut')!;
    const siblings = siblingsOf(cobra, setOut, [], () => false).map((s) => s.name);
    expect(siblings).toEqual(expect.arrayContaining(['SetErr', 'SetIn']));
    expect(siblings).not.toContain('getErr');
  });
});

describe('where the kin of X ends', () => {
  it('is not read from a sibling of X’s file demoted below X’s implementations (sphinx’s builders’ write_doc)', () => {
    // StandaloneHTMLBuilder.write_doc: the other builders' write_doc, then html/__init__.py's
    // write_doc_serialized demoted below them, then content-only neighbours.
    const row = (
      path: string,
      score: number,
      sibling?: { similarity: number; belowSameBase?: true },
    ): SearchResult => ({
      chunkId: score * 1e6,
      path,
      startLine: 1,
      endLine: 2,
      score,
      foldedChunks: 0,
      explanation: {
        modalities: {},
        rrf: score,
        centrality: 0,
        boost: 1,
        demotion: null,
        score,
        ...(sibling ? { sibling: { of: 'write_doc', factor: 1 + SIBLING_GAIN * sibling.similarity, ...sibling } } : {}),
      },
    });
    const results = [
      row('builders/xml.py', 0.0424, { similarity: 0.8 }),
      row('builders/dummy.py', 0.0395, { similarity: 0.8 }),
      row('builders/html/__init__.py', 0.0375, { similarity: 0.62, belowSameBase: true }),
      row('builders/singlehtml.py', 0.0175),
      row('environment/collectors/asset.py', 0.0128),
    ];
    // A third of dummy.py's score ends the list, not a third of the demoted one's.
    expect(untilKinshipEnds(results).map((r) => r.path)).toEqual(results.slice(0, 4).map((r) => r.path));
  });
});

describe('similar to a method that one of its fellows calls in turn with the others', () => {
  it('calls the driver their user, not a sibling (openpyxl’s WorksheetReader.bind_all over bind_tables)', async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: ['python'] });
    const openpyxl = buildCorpus(
      [{ path: 'worksheet/_reader.py', text: fixture('openpyxl-worksheet-reader-bind.py.txt') }],
      analyzer,
    );
    const bindTables = openpyxl.chunks.find((c) => c.symbol === 'bind_tables')!;
    const siblings = siblingsOf(openpyxl, bindTables, [], () => false).map((s) => s.name);
    // `bind_all` calls `bind_cells`, `bind_merged_cells`, … `bind_tables`, `bind_properties`.
    expect(siblings).not.toContain('bind_all');
    expect(siblings).toEqual(expect.arrayContaining(['bind_cells', 'bind_formatting', 'bind_hyperlinks']));
    // Its fellows are each other's siblings still, though `bind_all` calls them all.
    const bindCells = openpyxl.chunks.find((c) => c.symbol === 'bind_cells')!;
    expect(siblingsOf(openpyxl, bindCells, [], () => false).map((s) => s.name)).toContain('bind_tables');
  });
});

describe('similar to a Ruby predicate, whose name ends in a question mark', () => {
  it('reads the mark as the name’s when the repository defines it, else as the question’s', () => {
    expect(similarSubject('other implementations of OpenSSLKeyTypeBase#encrypted_key?')).toEqual({
      name: 'encrypted_key?',
      qualifier: 'OpenSSLKeyTypeBase',
    });
    const defined = new Set(['encrypted_key?', 'parse_array']);
    const defines = (name: string) => defined.has(name);
    expect(markedName(similarSubject('code similar to encrypted_key?')!, defines)).toEqual({ name: 'encrypted_key?' });
    expect(markedName(similarSubject('code similar to parse_array?')!, defines)).toEqual({ name: 'parse_array' });
  });

  it('never returns X nor its class, and puts another class’s `encrypted_key?` first (net-ssh KeyFactory)', async () => {
    const path = 'net/ssh/key_factory.rb';
    const netssh = await engineOver([{ path, text: fixture('net-ssh-key-factory.rb.txt') }]);
    const r = await netssh.search('other implementations of OpenSSLKeyTypeBase#encrypted_key?');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'encrypted_key?' });
    const x = lineOfText(fixture('net-ssh-key-factory.rb.txt'), 'def self.encrypted_key?(key_data, error)');
    expect(r.results.some((row) => row.path === path && covers(row, x))).toBe(false);
    expect(r.results[0]).toMatchObject({ symbol: 'encrypted_key?' });
  });
});

describe('similar to a function whose doc comment the chunker left above it', () => {
  it('drops the window of X’s own doc comment from every list (svelte’s `tick`)', async () => {
    // svelte 5 (MIT): src/internal/client/runtime.js lines 499-533, shortened.
    const text = [
      'export function flush_effects() {',
      '\tflush_queued_root_effects();',
      '}',
      '',
      '/**',
      ' * Returns a promise that resolves once any pending state changes have been applied.',
      ' * @returns {Promise<void>}',
      ' */',
      'export async function tick() {',
      '\tawait Promise.resolve();',
      '\tflushSync();',
      '}',
      '',
      '/**',
      ' * Returns a promise that resolves once any state changes, and asynchronous work resulting from them,',
      ' * have resolved and the DOM has been updated',
      ' */',
      'export function settled() {',
      '\treturn Batch.ensure().settled();',
      '}',
      '',
    ].join('\n');
    const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: ['javascript'] });
    const corpus = buildCorpus([{ path: 'src/internal/client/runtime.js', text }], analyzer);
    const tick = corpus.chunks.find((c) => c.symbol === 'tick')!;
    const ownDoc = corpus.chunkAt(tick.fileId, 6);
    const otherDoc = corpus.chunkAt(tick.fileId, 15);
    expect(corpus.chunks[ownDoc]).toMatchObject({ kind: 'window' });
    expect(ownDoc).not.toBe(tick.id);
    const lists = {
      semantic: [ownDoc, otherDoc].map((chunkId, rank) => ({ chunkId, score: 1 - rank / 10, reason: '' })),
    };
    dropSubject(corpus, tick, lists, new Map());
    // settled's doc comment is another function's: it stays a candidate.
    expect(lists.semantic.map((h) => h.chunkId)).toEqual([otherDoc]);
  });
});

describe("X's doc comment window (docWindowOf)", () => {
  it('finds the window of a doc comment longer than the 500 characters a definition keeps of it', async () => {
    // 14 lines of `//` doc above a Go function: its first line is the analyzer's, not the
    // kept text's line count (which ends at the 500th character).
    const doc = Array.from({ length: 14 }, (_, i) => `// Line ${i + 1} of what Dial does: it connects to the address.`);
    const text = [
      'package net',
      '',
      'func Listen() error {',
      '\treturn nil',
      '}',
      '',
      ...doc,
      'func Dial() error {',
      '\treturn nil',
      '}',
      '',
    ].join('\n');
    expect(doc.join('\n').length).toBeGreaterThan(500);
    const engine = await engineOver([{ path: 'dial.go', text }]);
    const corpus = corpusOf(engine);
    const chunks = corpus.files[0].chunkIds.map((id) => corpus.chunks[id]);
    const dial = chunks.find((c) => c.symbol === 'Dial')!;
    const id = docWindowOf(corpus, dial);
    expect(id).toBeDefined();
    expect(corpus.chunks[id!]).toMatchObject({ kind: 'window', startLine: 6, endLine: 20 });
  });
});

describe('similarSubject reads X in the ways questions name it', () => {
  it('takes the definition named after the place: `like the one on C`, `like the C one`', () => {
    expect(
      similarSubject('other implementations of impliedType in hcldec/spec.go like the one on BlockListSpec'),
    ).toEqual({ name: 'impliedType', qualifier: 'BlockListSpec', path: 'hcldec/spec.go' });
    expect(similarSubject('other implementations of savePublicKey in Crypt/DSA/Formats/Keys like the XML one')).toEqual(
      { name: 'savePublicKey', qualifier: 'XML', path: 'Crypt/DSA/Formats/Keys' },
    );
  });

  it('takes a folder after the name (a path with a slash), not a lone word', () => {
    expect(similarSubject('functions like Barrett::reduce in Math/BigInteger/Engines/PHP/Reductions')).toEqual({
      name: 'reduce',
      qualifier: 'Barrett',
      path: 'Math/BigInteger/Engines/PHP/Reductions',
    });
    expect(similarSubject('code similar to parse in parser')).toBeNull();
  });

  it('reads "what else looks like X", "other setters like X" and a qualifier written with a space', () => {
    expect(similarSubject('what else looks like Client::parse in proto/h1/role.rs')).toEqual({
      name: 'parse',
      qualifier: 'Client',
      path: 'proto/h1/role.rs',
    });
    expect(similarSubject('other setters like HttpConnector::set_nodelay in client/connect/http.rs')).toEqual({
      name: 'set_nodelay',
      qualifier: 'HttpConnector',
      path: 'client/connect/http.rs',
    });
    expect(similarSubject('similar to gohcl EncodeIntoBody')).toEqual({
      name: 'EncodeIntoBody',
      qualifier: 'gohcl',
      loose: true,
    });
    expect(similarSubject('code similar to how we parse arguments')).toBeNull();
  });
});

describe('similar to X named with a word before it', () => {
  it('takes the word as X’s package when it names one, and as prose when it names none', async () => {
    const cobra = await engineOver([{ path: 'cobra/args.go', text: fixture('cobra-args-nargs.go.txt') }]);
    const r = await cobra.search('similar to cobra MinimumNArgs');
    expect(r.query.similarTo).toMatchObject({ code: 'single', name: 'MinimumNArgs' });
    expect(everyRow(r).filter((row) => row.symbol === 'MinimumNArgs')).toEqual([]);
    // `exact` names no package, file or container of MaximumNArgs: no X is taken from the question.
    const prose = await cobra.search('similar to exact MaximumNArgs');
    expect(prose.query.similarTo).toBeUndefined();
  });
});

describe('similar to X in the file the question names, beside a twin of X elsewhere', () => {
  it('puts the setters beside X first, not the other type’s set_nodelay (hyper HttpConnector::set_nodelay)', async () => {
    const hyper = await engineOver([
      { path: 'client/connect/http.rs', text: fixture('hyper-http-connector-setters.rs.txt') },
      { path: 'server/tcp.rs', text: fixture('hyper-addr-incoming.rs.txt') },
    ]);
    const r = await hyper.search('other setters like HttpConnector::set_nodelay in client/connect/http.rs');
    expect(r.query.intent).toBe('find_similar');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'set_nodelay', definitions: 2 });
    expect(r.results[0]).toMatchObject({ path: 'client/connect/http.rs' });
    expect(r.results[0].explanation.sibling).toMatchObject({ of: 'set_nodelay' });
    // The twin in server/tcp.rs is no closer to X than set_keepalive beside it: a candidate, not a sibling.
    const twin = rowsOf(r, 'server/tcp.rs').find((row) => row.symbol === 'set_nodelay');
    expect(twin?.explanation.sibling).toBeUndefined();
    // Named without its file, the twin is another implementation of X's name, and a sibling.
    const anywhere = await hyper.search('code similar to HttpConnector::set_nodelay');
    const other = rowsOf(anywhere, 'server/tcp.rs').find((row) => row.symbol === 'set_nodelay');
    expect(other?.explanation.sibling).toMatchObject({ of: 'set_nodelay' });
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});

describe('similar to a method that another class of its folder wraps under the same name', () => {
  it('is answered by the methods beside it, not by the wrapper asking a field for X (Symfony Input::getOption)', async () => {
    const console = await engineOver([
      { path: 'Input/InputDefinition.php', text: fixture('console-InputDefinition.php.txt') },
      { path: 'Input/Input.php', text: fixture('console-Input-getOption.php.txt') },
    ]);
    const r = await console.search('code similar to InputDefinition::getOption');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'getOption', definitions: 2 });
    // Input::getOption returns `$this->definition->getOption($name)->getDefault()`: X's user.
    const wrapper = rowsOf(r, 'Input/Input.php').find((row) => row.symbol === 'getOption');
    expect(wrapper?.explanation.sibling).toBeUndefined();
    expect(r.results[0]).toMatchObject({ path: 'Input/InputDefinition.php' });
    expect(['getArgument', 'shortcutToName', 'negationToName', 'hasOption']).toContain(r.results[0].symbol);
  });
});

describe('similar to a setter whose value may be left out', () => {
  it('is answered by the other setters, not by its getter (dns OPT.SetDo(do ...bool))', async () => {
    const dns = await engineOver([{ path: 'edns.go', text: fixture('dns-edns-opt.go.txt') }]);
    const r = await dns.search('siblings of SetDo');
    // `SetDo(do ...bool)` sets the DO bit to its argument when one is passed: a setter like
    // SetVersion(v uint8) and SetZ(z uint16); Do() reads the bit. Counted as taking no argument,
    // SetDo shared its getter's form and not theirs, and Do() led.
    expect(r.results[0].symbol).toMatch(/^Set(?:Version|ExtendedRcode|UDPSize|Z)$/);
    // The setters named in X's pattern (Set + one word) lead Do(), each called X's sibling.
    const rows = everyRow(r);
    expect(
      rows
        .slice(0, 2)
        .map((row) => row.symbol)
        .sort(),
    ).toEqual(['SetVersion', 'SetZ']);
    for (const row of rows.slice(0, 2)) expect(row.explanation.sibling?.of).toBe('SetDo');
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});

describe('similar to a plugin hook', () => {
  it('is answered by the hooks of its name pattern in other plugins, not by its file’s next hook (uwsgi uwsgi_python_magic)', async () => {
    // uwsgi 2.0.21 plugins (GPL-2.0-or-later): python/python_plugin.c lines 926-976, psgi/psgi_plugin.c
    // lines 711-724 and 748-758, rack/rack_plugin.c lines 1068-1093, bodies shortened. Each plugin fills
    // the `.magic` and `.mount_app` slots of its plugin table.
    const uwsgi = await engineOver([
      {
        path: 'python/python_plugin.c',
        text: [
          'int uwsgi_python_magic(char *mountpoint, char *lazy) {',
          "\tchar *qc = strchr(lazy, ':');",
          '\tif (!strcmp(lazy + strlen(lazy) - 3, ".py")) {',
          '\t\tup.file_config = lazy;',
          '\t\treturn 1;',
          '\t}',
          '\treturn 0;',
          '}',
          '',
          'int uwsgi_python_mount_app(char *mountpoint, char *app) {',
          '\tint id;',
          '\tif (strchr(app, \':\') || uwsgi_endswith(app, ".py") || uwsgi_endswith(app, ".wsgi")) {',
          '\t\tuwsgi.wsgi_req->appid = mountpoint;',
          '\t\tid = init_uwsgi_app(LOADER_MOUNT, app, uwsgi.wsgi_req, NULL, PYTHON_APP_TYPE_WSGI);',
          '\t\treturn id;',
          '\t}',
          '\treturn -1;',
          '}',
          '',
        ].join('\n'),
      },
      {
        path: 'psgi/psgi_plugin.c',
        text: [
          'int uwsgi_perl_magic(char *mountpoint, char *lazy) {',
          '        if (!strcmp(lazy+strlen(lazy)-5, ".psgi")) {',
          '                uperl.psgi = lazy;',
          '                return 1;',
          '        }',
          '        return 0;',
          '}',
          '',
          'int uwsgi_perl_mount_app(char *mountpoint, char *app) {',
          '        if (uwsgi_endswith(app, ".pl") || uwsgi_endswith(app, ".psgi")) {',
          '                uwsgi.wsgi_req->appid = mountpoint;',
          '                return init_psgi_app(uwsgi.wsgi_req, app, strlen(app), NULL);',
          '        }',
          '        return -1;',
          '}',
          '',
        ].join('\n'),
      },
      {
        path: 'rack/rack_plugin.c',
        text: [
          'int uwsgi_rack_magic(char *mountpoint, char *lazy) {',
          '\tif (!strcmp(lazy+strlen(lazy)-3, ".ru")) {',
          '                ur.rack = lazy;',
          '                return 1;',
          '        }',
          '\treturn 0;',
          '}',
          '',
          'int uwsgi_rack_mount_app(char *mountpoint, char *app) {',
          '\tif (uwsgi_endswith(app, ".ru") || uwsgi_endswith(app, ".rb")) {',
          '                ur.rack = app;',
          '\t\tuwsgi_rack_init_apps();',
          '\t\treturn 0;',
          '        }',
          '        return -1;',
          '}',
          '',
        ].join('\n'),
      },
    ]);
    const r = await uwsgi.search('siblings of uwsgi_python_magic');
    // The other plugins' magic hooks are read though their folders are not X's: one word of three differs.
    expect(
      r.results
        .slice(0, 2)
        .map((x) => x.symbol)
        .sort(),
    ).toEqual(['uwsgi_perl_magic', 'uwsgi_rack_magic']);
    for (const row of r.results.slice(0, 2)) expect(row.explanation.sibling?.of).toBe('uwsgi_python_magic');
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});

describe('similar to a C function defined once per arm of an #if chain', () => {
  // systemtap's linux/regs.c defines `_stp_print_regs` under `#if defined (__x86_64__)`, `#elif
  // defined (__i386__)`, … `#elif defined (__mips__)`: one body per architecture. Taken all as X
  // (an ambiguous name), the answer was the file's other functions (`_stp_probing_app_with_32bit_regs`).
  const text = fixture('systemtap-linux-regs.c.txt');
  const bodies = text.split('\n').flatMap((l, i) => (/^(?:static )?void _stp_print_regs\(/.test(l) ? [i + 1] : []));

  it('takes the first arm’s body as X and the other arms’ bodies as its siblings (systemtap _stp_print_regs)', async () => {
    expect(bodies).toHaveLength(8);
    const systemtap = await engineOver([{ path: 'linux/regs.c', text }]);
    const r = await systemtap.search('code similar to _stp_print_regs in linux/regs.c');
    expect(r.query.similarTo).toMatchObject({ code: 'single', name: '_stp_print_regs', definitions: 8 });
    const rows = everyRow(r);
    expect(rows.some((row) => covers(row, bodies[0]))).toBe(false);
    expect(r.results[0].symbol).toBe('_stp_print_regs');
    expect(bodies.slice(1)).toContain(r.results[0].startLine);
    expect(r.results[0].explanation.sibling).toMatchObject({ of: '_stp_print_regs' });
    // The "Find similar" action on the x86_64 body answers alike.
    const chunk = systemtap.chunkAtLine('linux/regs.c', bodies[0])!;
    const action = await systemtap.search('', { similarToChunk: chunk.id });
    expect(everyRow(action).some((row) => covers(row, bodies[0]))).toBe(false);
    expect(bodies.slice(1)).toContain(action.results[0].startLine);
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});

describe('similar to a method that only throws, in a read-only class', () => {
  it('is answered by the class’s other refusals, whatever they take, not by the method it refuses (Symfony FrozenParameterBag::clear)', async () => {
    const frozen = fixture('symfony-di-FrozenParameterBag.php.txt');
    const symfony = await engineOver([
      { path: 'ParameterBag/FrozenParameterBag.php', text: frozen },
      { path: 'ParameterBag/ParameterBag.php', text: fixture('symfony-di-ParameterBag.php.txt') },
    ]);
    const r = await symfony.search('what else looks like FrozenParameterBag::clear');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'clear', definitions: 2 });
    // add(array $parameters), set(string $name, $value), remove(string $name): each only throws.
    const refusals = ['add', 'set', 'remove'].map((m) => lineOfText(frozen, `public function ${m}(`));
    expect(r.results[0].path).toBe('ParameterBag/FrozenParameterBag.php');
    expect(refusals).toContain(r.results[0].startLine);
    const frozenRows = rowsOf(r, 'ParameterBag/FrozenParameterBag.php');
    for (const line of refusals)
      expect(frozenRows.find((row) => row.startLine === line)?.explanation.sibling).toMatchObject({ of: 'clear' });
    // ParameterBag::clear empties the bag: what X forbids, not code like X.
    const base = rowsOf(r, 'ParameterBag/ParameterBag.php').find((row) => row.symbol === 'clear');
    expect(base?.explanation.sibling).toBeUndefined();
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});

describe('similar to a method named after its trait, one trait a file in a named folder', () => {
  it('is answered by the other flag setters there, not by a method of X’s name elsewhere (Symfony AutowireTrait::autowire)', async () => {
    const traits = ['Autowire', 'Autoconfigure', 'Share', 'Lazy', 'Class'].map((t) => ({
      path: `Loader/Configurator/Traits/${t}Trait.php`,
      text: fixture(`symfony-di-${t}Trait.php.txt`),
    }));
    const symfony = await engineOver([
      ...traits,
      { path: 'ContainerBuilder.php', text: fixture('symfony-di-ContainerBuilder-autowire.php.txt') },
    ]);
    const r = await symfony.search(
      'other boolean flag setters like AutowireTrait::autowire in Loader/Configurator/Traits',
    );
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'autowire', definitions: 2 });
    expect(['autoconfigure', 'share', 'lazy']).toContain(r.results[0].symbol);
    expect(r.results[0].explanation.sibling).toMatchObject({ of: 'autowire' });
    // ContainerBuilder::autowire(string $id, ?string $class = null) registers a service: X's name, not its shape.
    const twin = rowsOf(r, 'ContainerBuilder.php').find((row) => row.symbol === 'autowire');
    expect(twin?.explanation.sibling).toBeUndefined();
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});

describe('similar to a setter that calls its fellow setters, beside its class’s constructor', () => {
  it('is answered by the setters it calls, not by __init__ (docutils Publisher.set_io)', async () => {
    const text = fixture('docutils-core-publisher.py.txt');
    const docutils = await engineOver([{ path: 'core.py', text }]);
    const r = await docutils.search('functions like set_io in core.py');
    expect(r.query.similarTo).toMatchObject({ code: 'single', name: 'set_io' });
    // set_io calls set_source and set_destination: named in its pattern, they are its siblings, not only its helpers.
    const rows = everyRow(r);
    expect(['set_source', 'set_destination', 'set_reader', 'set_writer']).toContain(rows[0].symbol);
    for (const name of ['set_source', 'set_destination'])
      expect(rows.find((row) => row.symbol === name)?.explanation.sibling).toMatchObject({ of: 'set_io' });
    // The constructor makes the Publisher; it is no sibling of one of its operations.
    const init = rows.find((row) => row.symbol === '__init__');
    expect(init?.explanation.sibling).toBeUndefined();
    for (const row of rows) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});

describe('similar to a C function copied into each arm of a kernel-version #if', () => {
  it('takes both copies as X and answers with the file’s other functions (apfs apfs_mkdir)', async () => {
    // apfs's two `apfs_mkdir` (kernels before and after 5.12) differ by a `mnt_userns` parameter:
    // one function written twice, unlike systemtap's per-architecture `_stp_print_regs`.
    const text = fixture('apfs-dir-mkdir.c.txt');
    const copies = text.split('\n').flatMap((l, i) => (l.startsWith('int apfs_mkdir(') ? [i + 1] : []));
    expect(copies).toHaveLength(2);
    const apfs = await engineOver([{ path: 'dir.c', text }]);
    const r = await apfs.search('similar functions to apfs_mkdir in dir.c');
    expect(r.query.similarTo).toMatchObject({ code: 'ambiguous', name: 'apfs_mkdir' });
    const rows = everyRow(r);
    for (const line of copies) expect(rows.some((row) => covers(row, line))).toBe(false);
    expect(['apfs_mknod', 'apfs_create']).toContain(rows[0].symbol);
    const chunk = apfs.chunkAtLine('dir.c', copies[1])!;
    const action = await apfs.search('', { similarToChunk: chunk.id });
    expect(everyRow(action).some((row) => row.symbol === 'apfs_mkdir')).toBe(false);
  });
});

describe('similar to a decorator’s method named with its PHP namespace', () => {
  // doctrine/dbal 3.6.1 (MIT): Logging\Connection logs, then hands each call on to `parent::` of its
  // own name; PrimaryReadReplicaConnection::commit (Connections/, lines 308-313) and the PgSQL
  // driver's commit (Driver/PgSQL/Connection.php, lines 136-141) are other classes' `commit`.
  const files = [
    { path: 'Logging/Connection.php', text: fixture('dbal-Logging-Connection.php.txt') },
    {
      path: 'Connections/PrimaryReadReplicaConnection.php',
      text: [
        '<?php',
        'namespace Doctrine\\DBAL\\Connections;',
        'class PrimaryReadReplicaConnection extends Connection',
        '{',
        '    public function commit()',
        '    {',
        '        $this->ensureConnectedToPrimary();',
        '',
        '        return parent::commit();',
        '    }',
        '}',
      ].join('\n'),
    },
    {
      path: 'Driver/PgSQL/Connection.php',
      text: [
        '<?php',
        'namespace Doctrine\\DBAL\\Driver\\PgSQL;',
        'final class Connection implements ConnectionInterface',
        '{',
        '    public function commit(): bool',
        '    {',
        "        $this->exec('COMMIT');",
        '',
        '        return true;',
        '    }',
        '}',
      ].join('\n'),
    },
  ];

  it('reads the namespace’s folder as X’s place and answers with the class’s other hand-ons (Logging\\Connection::commit)', async () => {
    const dbal = await engineOver(files);
    const r = await dbal.search('similar to Logging\\Connection::commit');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'commit', definitions: 3 });
    expect(r.query.similarTo?.taken[0]).toMatchObject({ path: 'Logging/Connection.php' });
    const rows = everyRow(r);
    const logging = rowsOf(r, 'Logging/Connection.php');
    expect(logging.some((row) => row.symbol === 'commit')).toBe(false);
    // query(string $sql) and exec(string $sql) hand on as commit() does: their arity is no other form.
    expect(r.results[0].path).toBe('Logging/Connection.php');
    expect(['beginTransaction', 'rollBack', 'query', 'exec']).toContain(r.results[0].symbol);
    for (const row of logging.slice(0, 2)) expect(row.explanation.sibling).toMatchObject({ of: 'commit' });
    for (const row of rows) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });

  it('takes a namespace whose folder holds none of the name’s definitions as no place', () => {
    expect(similarSubject('similar to Logging\\Connection::commit')).toEqual({
      name: 'commit',
      qualifier: 'Connection',
      path: 'Logging',
      namespace: true,
    });
  });
});

describe('other implementations of X like the one in a file', () => {
  it('looks for X’s kin everywhere, not for the file’s other methods (containers-storage Cleanup)', async () => {
    // containers-storage 1.43.0 (Apache-2.0): drivers/vfs/driver.go lines 90-108, drivers/zfs/zfs.go
    // lines 189-192, drivers/btrfs/btrfs.go lines 163-166. Each graph driver implements Cleanup.
    const driver = (pkg: string, body: string[]) => ['package ' + pkg, '', ...body, ''].join('\n');
    const files = [
      {
        path: 'drivers/vfs/driver.go',
        text: driver('vfs', [
          'func (d *Driver) String() string {',
          '\treturn "vfs"',
          '}',
          '',
          '// Status is used for implementing the graphdriver.ProtoDriver interface. VFS does not currently have any status information.',
          'func (d *Driver) Status() [][2]string {',
          '\treturn nil',
          '}',
          '',
          '// Metadata is used for implementing the graphdriver.ProtoDriver interface. VFS does not currently have any meta data.',
          'func (d *Driver) Metadata(id string) (map[string]string, error) {',
          '\treturn nil, nil',
          '}',
          '',
          '// Cleanup is used to implement graphdriver.ProtoDriver. There is no cleanup required for this driver.',
          'func (d *Driver) Cleanup() error {',
          '\treturn nil',
          '}',
        ]),
      },
      {
        path: 'drivers/zfs/zfs.go',
        text: driver('zfs', [
          '// Cleanup is called on when program exits, it is a no-op for ZFS.',
          'func (d *Driver) Cleanup() error {',
          '\treturn nil',
          '}',
        ]),
      },
      {
        path: 'drivers/btrfs/btrfs.go',
        text: driver('btrfs', [
          '// Cleanup unmounts the home directory.',
          'func (d *Driver) Cleanup() error {',
          '\treturn mount.Unmount(d.home)',
          '}',
        ]),
      },
    ];
    const storage = await engineOver(files);
    const r = await storage.search('other implementations of Cleanup like the one in drivers/vfs/driver.go');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'Cleanup', definitions: 3 });
    expect(r.results[0].symbol).toBe('Cleanup');
    expect(['drivers/zfs/zfs.go', 'drivers/btrfs/btrfs.go']).toContain(r.results[0].path);
    for (const row of everyRow(r).filter((x) => x.symbol === 'Cleanup'))
      expect(row.explanation.sibling).toMatchObject({ of: 'Cleanup' });
    // The file only said which Cleanup is X: its String and Status are not named in X's pattern by it.
    const status = rowsOf(r, 'drivers/vfs/driver.go').find((row) => row.symbol === 'Status');
    expect(status?.explanation.sibling?.similarity ?? 0).toBeLessThan(0.5);
  });
});

describe('similar to a method named with its type, when other types of its package implement its name', () => {
  it('answers with the other implementations, and the qualifier is no part of the type’s other method names (echo context.Error)', async () => {
    const files = [
      { path: 'context.go', text: fixture('echo-context-error.go.txt') },
      { path: 'echo.go', text: fixture('echo-httperror.go.txt') },
      { path: 'binder.go', text: fixture('echo-bindingerror-error.go.txt') },
    ];
    const echo = await engineOver(files);
    const r = await echo.search('code like context.Error');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'Error' });
    // HTTPError and BindingError implement Error in X's package: `context.` only said which Error is X.
    expect(r.results[0].symbol).toBe('Error');
    expect(['echo.go', 'binder.go']).toContain(r.results[0].path);
    // context's one-word methods share nothing with Error but the qualifier: no pattern.
    const setHandler = rowsOf(r, 'context.go').find((row) => row.symbol === 'SetHandler');
    expect(setHandler?.explanation.modalities.structural?.reason ?? '').not.toMatch(/name 0\.[1-9]/);
  });
});

describe('similar to a function whose name is in two patterns, one of them a pair', () => {
  const path = 'proto/h1/decode.rs';
  const text = fixture('hyper-chunked-state-lf.rs.txt');

  it('reads a word that varies in one other name only as a pair (hyper read_body_lf · read_body_cr)', () => {
    const names = ['read_size_lf', 'read_body_cr', 'read_body_lf', 'read_trailer_lf', 'read_end_cr', 'read_end_lf'];
    const pair = pairedNames('read_body_lf', names);
    // `_lf` after body, trailer, size, end: X's family; `read_body_` then cr or lf: a pair.
    expect(pair('read_body_cr')).toBe(true);
    expect(pair('read_trailer_lf')).toBe(false);
    expect(pair('read_end_lf')).toBe(false);
    // read_body_cr's own patterns are pairs both ways (read_body_lf, read_end_cr): a family of two each.
    const crPair = pairedNames('read_body_cr', names);
    expect(crPair('read_body_lf')).toBe(false);
    expect(crPair('read_end_cr')).toBe(false);
  });

  it('puts the line-end readers of other states first, not the body’s CR reader', async () => {
    const hyper = await engineOver([{ path, text }]);
    const r = await hyper.search('siblings of read_body_lf');
    expect(['read_size_lf', 'read_trailer_lf', 'read_end_lf']).toContain(r.results[0].symbol);
    const cr = everyRow(r).find((row) => row.symbol === 'read_body_cr');
    expect(cr?.explanation.modalities.structural?.reason ?? '').toMatch(/name 0\.35/);
  });
});

describe('similar to a Rust method its type implements twice, in the file the question names', () => {
  it('answers with the other types’ implementations: the type’s second `fmt` is X, not the nearest sibling there (cargo CrateType::fmt)', async () => {
    const files = [
      { path: 'core/compiler/crate_type.rs', text: fixture('cargo-crate-type-fmt.rs.txt') },
      { path: 'core/compiler/unit.rs', text: fixture('cargo-unit-fmt.rs.txt') },
      { path: 'core/compiler/job.rs', text: fixture('cargo-job-fmt.rs.txt') },
    ];
    const cargo = await engineOver(files);
    const r = await cargo.search('other CrateType::fmt implementations in crate_type.rs');
    // Display's and Debug's `fmt` of CrateType: both X.
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'fmt' });
    expect(r.results[0]).toMatchObject({ symbol: 'fmt' });
    expect(['core/compiler/unit.rs', 'core/compiler/job.rs']).toContain(r.results[0].path);
    expect(r.results[0].explanation.sibling).toMatchObject({ of: 'fmt' });
    // The type's `serialize` shares no word with fmt: the qualifier only picked which fmt is X.
    const serialize = everyRow(r).find((row) => row.symbol === 'serialize');
    expect(serialize?.explanation.sibling).toBeUndefined();
  });
});

describe('similar to a backend’s function, the backend named as `the libc one` (rustix termios)', () => {
  it('takes the libc tcgetattr for X and puts the linux_raw one first', async () => {
    const rustix = await engineOver(
      [
        ['backend/libc/termios/syscalls.rs', 'rustix-libc-termios-syscalls.rs.txt'],
        ['backend/linux_raw/termios/syscalls.rs', 'rustix-linux-raw-termios-syscalls.rs.txt'],
        ['termios/tc.rs', 'rustix-termios-tc.rs.txt'],
      ].map(([path, name]) => ({ path, text: fixture(name) })),
    );
    const r = await rustix.search('other implementations of tcgetattr like the libc one');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'tcgetattr' });
    expect(r.query.similarTo?.taken[0].path).toBe('backend/libc/termios/syscalls.rs');
    expect(r.results[0]).toMatchObject({ path: 'backend/linux_raw/termios/syscalls.rs', symbol: 'tcgetattr' });
    // `libc` is no word of the libc file's other names: tcgetwinsize shares none with tcgetattr.
    const winsize = rowsOf(r, 'backend/libc/termios/syscalls.rs').find((row) => row.symbol === 'tcgetwinsize');
    expect(winsize?.explanation.modalities.structural?.reason ?? '').not.toMatch(/name 0\.70/);
  });
});

describe('similar to a function in a folder of many files (gnulib’s flat lib/)', () => {
  it('reads the files past the first two hundred that define a name in X’s pattern (md2_buffer for md5_buffer)', async () => {
    // gnulib's lib/ holds 1,500 files; those before md2.c in its order stand in here.
    const before = Array.from({ length: 220 }, (_, i) => ({
      path: `lib/a${String(i).padStart(3, '0')}.c`,
      text: `int\nrpl_stub${i} (int fd)\n{\n  return fd + ${i};\n}\n`,
    }));
    const gnulib = await engineOver([
      ...before,
      { path: 'lib/md2.c', text: fixture('../../structural/fixtures/gnulib-md2-buffer.c.txt') },
      { path: 'lib/md5.c', text: fixture('../../structural/fixtures/gnulib-md5-buffer.c.txt') },
    ]);
    const r = await gnulib.search('code similar to md5_buffer');
    const md2 = rowsOf(r, 'lib/md2.c').find((row) => row.symbol === 'md2_buffer');
    // md5_buffer in md5.c, md2_buffer in md2.c: one role, each named with its own file (roleElsewhere).
    expect(md2?.explanation.modalities.structural?.reason).toMatch(
      /^sibling of md5_buffer: function md2_buffer, same directory, name 1\.00/,
    );
    expect(r.results[0]).toMatchObject({ path: 'lib/md2.c', symbol: 'md2_buffer' });
  });
});

describe('similar to a hook a base class’s method calls on its own object (Symfony MemberMetadata)', () => {
  it('puts the other implementation of the hook first, not the base’s method that calls it', async () => {
    const validator = await engineOver(
      ['MemberMetadata', 'GetterMetadata', 'PropertyMetadata'].map((name) => ({
        path: `Mapping/${name}.php`,
        text: fixture(`validator-${name}.php.txt`),
      })),
    );
    const r = await validator.search('code similar to GetterMetadata::newReflectionMember');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'newReflectionMember' });
    expect(r.results[0]).toMatchObject({ path: 'Mapping/PropertyMetadata.php', symbol: 'newReflectionMember' });
    // getReflectionMember caches what `$this->newReflectionMember(…)` makes: X's user, no sibling.
    const user = everyRow(r).find((row) => row.symbol === 'getReflectionMember');
    expect(user?.explanation.sibling).toBeUndefined();
  });
});

describe('similar-phrase questions of the ninth group (Sphinx, quic-go, Rouge, Capstone)', () => {
  it('reads a Go method expression as the method and its receiver’s type (quic-go `(*MaxDataFrame).Length`)', () => {
    expect(similarSubject('code similar to (*MaxDataFrame).Length')).toEqual({
      name: 'Length',
      qualifier: 'MaxDataFrame',
    });
    expect(similarSubject('other frame Write methods like (*ResetStreamFrame).Write')).toEqual({
      name: 'Write',
      qualifier: 'ResetStreamFrame',
    });
    expect(similarSubject('code similar to (T).String')).toEqual({ name: 'String', qualifier: 'T' });
  });

  it('reads X’s name said before `like` as code (`other Error() implementations like`, `other get_target_uri …`)', () => {
    expect(similarSubject('other Error() implementations like TransportError.Error')).toEqual({
      name: 'Error',
      qualifier: 'TransportError',
    });
    expect(similarSubject('other get_target_uri implementations like TextBuilder.get_target_uri')).toEqual({
      name: 'get_target_uri',
      qualifier: 'TextBuilder',
    });
    // RubyGems, the eighth group: the same phrasing, read as no X at all before.
    expect(similarSubject('other fetch_spec implementations like Gem::Source::SpecificFile#fetch_spec')).toEqual({
      name: 'fetch_spec',
      qualifier: 'SpecificFile',
      outer: ['Gem', 'Source'],
    });
  });

  it('keeps the words after X that may say where it is as hints: a lone word, `in the …`, `of the …`', () => {
    expect(similarSubject('code similar to marshalMaxStreamsFrame in qlog')).toEqual({
      name: 'marshalMaxStreamsFrame',
      hints: ['qlog'],
    });
    expect(similarSubject('functions like print_insn_detail_mips in cstool')).toEqual({
      name: 'print_insn_detail_mips',
      hints: ['cstool'],
    });
    expect(similarSubject('code similar to the detect? of the Python lexer')).toEqual({
      name: 'detect?',
      hints: ['pythonLexer', 'PythonLexer', 'python_lexer', 'Python', 'python', 'lexer'],
    });
    expect(nearHints('qlog connection tracer')).toEqual([
      'qlogConnectionTracer',
      'QlogConnectionTracer',
      'qlog_connection_tracer',
      'qlogConnection',
      'QlogConnection',
      'qlog_connection',
      'connectionTracer',
      'ConnectionTracer',
      'connection_tracer',
      'qlog',
      'connection',
      'tracer',
    ]);
    // After a plain word, the words are still the question.
    expect(similarSubject('code similar to parse of the parser')).toBeNull();
  });

  it('takes the hint that picks one of X’s definitions as its qualifier, and the others answer (quic-go’s three UpdatedMetrics)', async () => {
    const quic = await engineOver([
      { path: 'logging/null_tracer.go', text: fixture('quic-go-null-tracer.go.txt') },
      { path: 'logging/multiplex.go', text: fixture('quic-go-multiplex.go.txt') },
      { path: 'qlog/qlog.go', text: fixture('quic-go-qlog-tracer.go.txt') },
    ]);
    const r = await quic.search('code similar to UpdatedMetrics in the qlog connection tracer');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'UpdatedMetrics' });
    expect(r.query.similarTo!.taken.map((t) => t.path)).toEqual(['qlog/qlog.go']);
    expect(r.results[0].symbol).toBe('UpdatedMetrics');
    expect(['logging/multiplex.go', 'logging/null_tracer.go']).toContain(r.results[0].path);
    // Words that name none of the three: all are X, as for a bare name.
    const prose = await quic.search('code similar to UpdatedMetrics in the congestion controller');
    expect(prose.query.similarTo?.code).toBe('ambiguous');
    // The Go method expression picks the multiplexer's.
    const typed = await quic.search('code similar to (*connTracerMultiplexer).UpdatedMetrics');
    expect(typed.query.similarTo!.taken.map((t) => t.path)).toEqual(['logging/multiplex.go']);
  });

  it('reads a place said in five words (YARD’s `parse_block in the legacy Ruby handler base class`)', async () => {
    // YARD 0.9.28 (MIT): the legacy, modern Ruby and C handler bases each define parse_block.
    const handler = (module: string, body: string[]) =>
      ['module YARD', '  module Handlers', `    module ${module}`, '      class Base < Handlers::Base', ...body]
        .concat(['      end', '    end', '  end', 'end', ''])
        .join('\n');
    const yard = await engineOver([
      {
        path: 'lib/yard/handlers/ruby/legacy/base.rb',
        text: handler('Ruby::Legacy', [
          '        def parse_block(opts = {})',
          '          push_state(opts) do',
          '            if statement.block',
          '              blk = Parser::Ruby::Legacy::StatementList.new(statement.block)',
          '              parser.process(blk)',
          '            end',
          '          end',
          '        end',
        ]),
      },
      {
        path: 'lib/yard/handlers/ruby/base.rb',
        text: handler('Ruby', [
          '        def parse_block(inner_node, opts = {})',
          '          push_state(opts) do',
          '            nodes = inner_node.type == :list ? inner_node.children : [inner_node]',
          '            parser.process(nodes)',
          '          end',
          '        end',
        ]),
      },
      {
        path: 'lib/yard/handlers/c/base.rb',
        text: handler('C', [
          '        def parse_block(opts = {})',
          '          return if !statement.block || statement.block.empty?',
          '          push_state(opts) do',
          '            parser.process(statement.block)',
          '          end',
          '        end',
        ]),
      },
    ]);
    const r = await yard.search('code similar to parse_block in the legacy Ruby handler base class');
    expect(r.query.similarTo!.taken.map((t) => t.path)).toEqual(['lib/yard/handlers/ruby/legacy/base.rb']);
    expect(
      r.results
        .map((row) => row.path)
        .slice(0, 2)
        .sort(),
    ).toEqual(['lib/yard/handlers/c/base.rb', 'lib/yard/handlers/ruby/base.rb']);
  });

  it('reads X in the code’s case when the typed one is not X’s: syncthing’s `(*tcpListener).Serve` is its unexported `serve`', async () => {
    const syncthing = await engineOver([
      { path: 'lib/connections/tcp_listen.go', text: fixture('syncthing-tcp-listen.go.txt') },
      { path: 'lib/connections/relay_listen.go', text: fixture('syncthing-relay-listen.go.txt') },
      { path: 'lib/svcutil/svcutil.go', text: fixture('syncthing-svcutil.go.txt') },
    ]);
    // svcutil defines `Serve` twice, neither on tcpListener: the qualifier picks tcpListener's `serve`.
    const typed = await syncthing.search('code similar to (*tcpListener).Serve');
    expect(typed.query.similarTo).toMatchObject({ code: 'qualified', name: 'serve' });
    expect(typed.query.similarTo!.taken.map((t) => t.path)).toEqual(['lib/connections/tcp_listen.go']);
    expect(typed.results[0]).toMatchObject({ path: 'lib/connections/relay_listen.go', symbol: 'serve' });
    // The note says the name was read in the code's case.
    expect(typed.query.notes?.join(' ')).toContain('typed Serve: the repository writes it serve');
    // A name defined in no case at all is still no X; the exact case is kept when it is defined.
    const serve = await syncthing.search('code similar to svcutil Serve');
    expect(serve.query.similarTo?.name).toBe('Serve');
    // Not defined in the typed case, defined in one other: that one is X (Ruby's or Python's `Serve` typed for `serve`).
    const bare = await syncthing.search('code similar to tcpListener.Serve');
    expect(bare.query.similarTo).toMatchObject({ code: 'qualified', name: 'serve' });
  });
});

describe('similar to one adapter’s trait method, in a crate of one adapter per file', () => {
  // futures-util 0.3.21 (MIT OR Apache-2.0): every adapter implements `Stream::poll_next`; the
  // files named as chunks.rs with a word added (ready_chunks.rs, try_stream/try_chunks.rs) are
  // Chunks' variants, buffered.rs and skip.rs other adapters of its folder.
  it('puts the poll_next of the files named as X’s first, even in another folder', async () => {
    const futures = await engineOver([
      { path: 'stream/stream/chunks.rs', text: fixture('futures-util-chunks.rs.txt') },
      { path: 'stream/stream/ready_chunks.rs', text: fixture('futures-util-ready-chunks.rs.txt') },
      { path: 'stream/try_stream/try_chunks.rs', text: fixture('futures-util-try-chunks.rs.txt') },
      { path: 'stream/stream/buffered.rs', text: fixture('futures-util-buffered.rs.txt') },
      { path: 'stream/stream/skip.rs', text: fixture('futures-util-skip.rs.txt') },
    ]);
    const r = await futures.search('code similar to <Chunks<St> as Stream>::poll_next');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', name: 'poll_next' });
    expect(r.results.some((x) => x.path === 'stream/stream/chunks.rs' && x.symbol === 'poll_next')).toBe(false);
    expect(
      r.results
        .slice(0, 2)
        .map((x) => `${x.path}:${x.symbol}`)
        .sort(),
    ).toEqual(['stream/stream/ready_chunks.rs:poll_next', 'stream/try_stream/try_chunks.rs:poll_next']);
    // Each adapter implements Stream and nothing else here: its module defines what X's does (a
    // module like X's, place 1), which says more than its file's name (file named as X's, 0.75).
    const tryChunks = r.results.find((x) => x.path === 'stream/try_stream/try_chunks.rs');
    expect(tryChunks?.explanation.modalities.structural?.reason).toMatch(/a module like X's/);
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});

describe('similar to one transport’s method, each transport in a file named for it', () => {
  // syncthing 1.19 (MPL-2.0): each listener (quic, tcp, relay) has WANAddresses and LANAddresses;
  // quicListener's LANAddresses, one word from WANAddresses in X's own file, led the others' WANAddresses.
  it('puts the other listeners’ WANAddresses, in files named as X’s, before X’s own LANAddresses', async () => {
    const syncthing = await engineOver(
      ['quic', 'tcp', 'relay'].map((t) => ({
        path: `lib/connections/${t}_listen.go`,
        text: fixture(`syncthing-${t}-listen.go.txt`),
      })),
    );
    const r = await syncthing.search('code similar to (*quicListener).WANAddresses');
    expect(r.query.similarTo).toMatchObject({ name: 'WANAddresses' });
    expect(
      r.results
        .slice(0, 2)
        .map((x) => `${x.path}:${x.symbol}`)
        .sort(),
    ).toEqual(['lib/connections/relay_listen.go:WANAddresses', 'lib/connections/tcp_listen.go:WANAddresses']);
    // Each listener defines the listener interface's methods, as quicListener does: a module like X's.
    expect(r.results[0].explanation.modalities.structural?.reason).toMatch(/a module like X's/);
  });
});

describe('similar to a subcommand’s method, beside the dispatcher that calls it by its class', () => {
  // rouge 3.30 (MIT): CLI.parse reads the command word and returns `Help.parse(argv)`,
  // `klass.parse(argv)` or `Highlight.parse(argv)`; each subcommand class has its own `self.parse`.
  it('answers with the other subcommands’ parse, not CLI.parse', async () => {
    const rouge = await engineOver([{ path: 'rouge/cli.rb', text: fixture('rouge-cli-full.rb.txt') }]);
    const r = await rouge.search('functions like Rouge::CLI::Help.parse');
    expect(r.query.similarTo).toMatchObject({ name: 'parse' });
    const rows = everyRow(r);
    const dispatcher = rows.find(
      (x) =>
        x.symbol === 'parse' &&
        x.startLine === lineOfText(fixture('rouge-cli-full.rb.txt'), 'def self.parse(argv=ARGV)'),
    );
    expect(dispatcher?.explanation.sibling).toBeUndefined();
    expect(rows[0]).toMatchObject({ symbol: 'parse' });
    expect(rows[0].explanation.sibling).toMatchObject({ of: 'parse' });
  });
});

/** An engine over fixtures, each at the path it has in its project. */
async function engineOf(files: Record<string, string>): Promise<Engine> {
  return engineOver(Object.entries(files).map(([path, name]) => ({ path, text: fixture(name) })));
}

describe('similar to X named with the modules around its class (the eleventh group)', () => {
  it('picks X by the outer module when its class is named alike in every plugin (vagrant HostDarwin::Cap::RDP)', async () => {
    const vagrant = await engineOf({
      'plugins/hosts/darwin/cap/rdp.rb': 'vagrant-hosts-darwin-cap-rdp.rb.txt',
      'plugins/hosts/linux/cap/rdp.rb': 'vagrant-hosts-linux-cap-rdp.rb.txt',
      'plugins/hosts/windows/cap/rdp.rb': 'vagrant-hosts-windows-cap-rdp.rb.txt',
    });
    expect(similarSubject('functions like HostDarwin::Cap::RDP.rdp_client')).toMatchObject({
      name: 'rdp_client',
      qualifier: 'RDP',
      outer: ['HostDarwin', 'Cap'],
    });
    const r = await vagrant.search('functions like HostDarwin::Cap::RDP.rdp_client');
    expect(r.query.similarTo).toMatchObject({
      code: 'qualified',
      taken: [{ path: 'plugins/hosts/darwin/cap/rdp.rb' }],
    });
    // The other hosts' rdp_client lead (name 1), not X's helper beside it.
    expect(r.results.slice(0, 2).map((x) => [x.path, x.symbol])).toEqual(
      expect.arrayContaining([
        ['plugins/hosts/linux/cap/rdp.rb', 'rdp_client'],
        ['plugins/hosts/windows/cap/rdp.rb', 'rdp_client'],
      ]),
    );
    expect(r.results[0].explanation.modalities.structural?.reason).toMatch(/^sibling of rdp_client: method rdp_client/);
    expect(rowsOf(r, 'plugins/hosts/darwin/cap/rdp.rb').some((x) => x.symbol === 'rdp_client')).toBe(false);
  });

  it('picks X by the Ruby module a Red Hat–like guest is in (vagrant GuestCentos::Cap::Flavor.flavor)', async () => {
    const vagrant = await engineOf({
      'plugins/guests/centos/cap/flavor.rb': 'vagrant-guests-centos-cap-flavor.rb.txt',
      'plugins/guests/alma/cap/flavor.rb': 'vagrant-guests-alma-cap-flavor.rb.txt',
      'plugins/guests/redhat/cap/flavor.rb': 'vagrant-guests-redhat-cap-flavor.rb.txt',
    });
    const r = await vagrant.search('code similar to GuestCentos::Cap::Flavor.flavor');
    expect(r.query.similarTo).toMatchObject({
      code: 'qualified',
      taken: [{ path: 'plugins/guests/centos/cap/flavor.rb' }],
    });
    expect(
      r.results
        .map((x) => x.path)
        .slice(0, 2)
        .sort(),
    ).toEqual(['plugins/guests/alma/cap/flavor.rb', 'plugins/guests/redhat/cap/flavor.rb']);
  });

  it('picks X by the module file a Rust path names (rust-std oneshot::Packet::drop_port, one Packet per flavour)', async () => {
    const std = await engineOf({
      'sync/mpsc/oneshot.rs': 'rust-std-mpsc-oneshot.rs.txt',
      'sync/mpsc/stream.rs': 'rust-std-mpsc-stream.rs.txt',
      'sync/mpsc/shared.rs': 'rust-std-mpsc-shared.rs.txt',
    });
    const r = await std.search('code similar to oneshot::Packet::drop_port');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', taken: [{ path: 'sync/mpsc/oneshot.rs' }] });
    expect(r.results.slice(0, 2).map((x) => [x.path, x.symbol])).toEqual(
      expect.arrayContaining([
        ['sync/mpsc/stream.rs', 'drop_port'],
        ['sync/mpsc/shared.rs', 'drop_port'],
      ]),
    );
  });

  it('keeps every definition the container picks when no outer name is a place of any (std::fs::read)', () => {
    expect(similarSubject('code similar to std::fs::read')).toMatchObject({ qualifier: 'fs', outer: ['std'] });
  });
});

describe('similar to X with its place said in words (the eleventh group)', () => {
  it('takes a word of the place in lower case as the folder it names (vagrant `in the Arch host plugin`)', async () => {
    expect(nearHints('Arch host plugin')).toEqual(expect.arrayContaining(['Arch', 'arch']));
    const vagrant = await engineOf({
      'plugins/hosts/arch/cap/nfs.rb': 'vagrant-hosts-arch-cap-nfs.rb.txt',
      'plugins/hosts/suse/cap/nfs.rb': 'vagrant-hosts-suse-cap-nfs.rb.txt',
      'plugins/hosts/void/cap/nfs.rb': 'vagrant-hosts-void-cap-nfs.rb.txt',
    });
    const r = await vagrant.search('code similar to nfs_installed in the Arch host plugin');
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', taken: [{ path: 'plugins/hosts/arch/cap/nfs.rb' }] });
    expect(r.results[0]).toMatchObject({ symbol: 'nfs_installed' });
    expect(r.results[0].path).not.toBe('plugins/hosts/arch/cap/nfs.rb');
  });

  it('reads a place of four words, and takes the word that picks fewest of X’s definitions (vagrant rsync, not SyncedFolder)', async () => {
    expect(questionParts('what else looks like usable? in the rsync synced folder plugin')).toMatchObject({
      name: 'usable?',
      near: 'rsync synced folder plugin',
    });
    const vagrant = await engineOf({
      'plugins/synced_folders/rsync/synced_folder.rb': 'vagrant-synced_folders-rsync-synced_folder.rb.txt',
      'plugins/providers/docker/synced_folder.rb': 'vagrant-providers-docker-synced_folder.rb.txt',
      'plugins/providers/virtualbox/synced_folder.rb': 'vagrant-providers-virtualbox-synced_folder.rb.txt',
      'plugins/providers/hyperv/provider.rb': 'vagrant-providers-hyperv-provider.rb.txt',
    });
    const r = await vagrant.search('what else looks like usable? in the rsync synced folder plugin');
    // `SyncedFolder`, a run of the place's words, is the class of all three synced folders' usable?.
    expect(r.query.similarTo).toMatchObject({
      code: 'qualified',
      taken: [{ path: 'plugins/synced_folders/rsync/synced_folder.rb' }],
    });
    expect(
      r.results
        .slice(0, 2)
        .map((x) => x.path)
        .sort(),
    ).toEqual(['plugins/providers/docker/synced_folder.rb', 'plugins/providers/virtualbox/synced_folder.rb']);
  });
});

describe('similar to a method that asks a field of its object for its own name', () => {
  it('calls the methods that do the same its siblings (rust-std Stderr::lock: Stdout::lock, Stdin::lock)', async () => {
    const std = await engineOf({
      'io/stdio.rs': 'rust-std-io-stdio-lock.rs.txt',
      'sync/mutex.rs': 'rust-std-sync-mutex-lock.rs.txt',
    });
    const r = await std.search('code similar to Stderr::lock');
    expect(r.results[0]).toMatchObject({ path: 'io/stdio.rs', symbol: 'lock' });
    expect(r.results[0].explanation.modalities.structural?.reason).toMatch(/^sibling of lock: method lock, same file/);
    // Stdout::lock first (shaped as X), Stdin::lock its file's sub-result; Mutex::lock (elsewhere) after.
    const text = fixture('rust-std-io-stdio-lock.rs.txt');
    const [stdin, stdout] = ['StdinLock<', 'StdoutLock<'].map((t) => lineOfText(text, `pub fn lock(&self) -> ${t}`));
    expect(covers(r.results[0], stdout)).toBe(true);
    expect(rowsOf(r, 'io/stdio.rs').some((x) => covers(x, stdin))).toBe(true);
    expect(r.results[1]).toMatchObject({ path: 'sync/mutex.rs' });
  });
});

describe('similar to a C++ method that another class asks of a field named without this->', () => {
  // OpenMesh's decimater: each module overrides collapse_priority; BaseDecimaterT's asks its
  // modules, ending `return cmodule_->collapse_priority(_ci);`, `cmodule_` a field its header
  // declares. It is the modules' user, not another module.
  const files: SourceFile[] = [
    {
      path: 'Decimater/BaseDecimaterT.hh',
      text: [
        'template <typename MeshT>',
        'class BaseDecimaterT : public Observable {',
        'public:',
        '  typedef ModBaseT<MeshT> Module;',
        '  typedef std::vector<Module*> ModuleList;',
        '  float collapse_priority(const CollapseInfo& _ci);',
        '  void postprocess_collapse(CollapseInfo& _ci);',
        'private:',
        '  ModuleList bmodules_;',
        '  Module* cmodule_;',
        '  bool initialized_;',
        '};',
        '',
      ].join('\n'),
    },
    {
      path: 'Decimater/BaseDecimaterT_impl.hh',
      text: [
        'template<class Mesh>',
        'float BaseDecimaterT<Mesh>::collapse_priority(const CollapseInfo& _ci) {',
        '  typename ModuleList::iterator m_it, m_end = bmodules_.end();',
        '',
        '  for (m_it = bmodules_.begin(); m_it != m_end; ++m_it) {',
        '    if ((*m_it)->collapse_priority(_ci) < 0.0)',
        '      return ModBaseT< Mesh >::ILLEGAL_COLLAPSE;',
        '  }',
        '  return cmodule_->collapse_priority(_ci);',
        '}',
        '',
      ].join('\n'),
    },
    {
      path: 'Decimater/ModEdgeLengthT_impl.hh',
      text: [
        'template<class MeshT>',
        'float ModEdgeLengthT<MeshT>::collapse_priority(const CollapseInfo& _ci) {',
        '  typename Mesh::Scalar sqr_length = (_ci.p0 - _ci.p1).sqrnorm();',
        '',
        '  return ( (sqr_length <= sqr_edge_length_) ? sqr_length : float(Base::ILLEGAL_COLLAPSE));',
        '}',
        '',
      ].join('\n'),
    },
    {
      path: 'Decimater/ModAspectRatioT_impl.hh',
      text: [
        'template<class MeshT>',
        'float ModAspectRatioT<MeshT>::collapse_priority(const CollapseInfo& _ci) {',
        '  typename Mesh::Scalar r0, r1, r0_min(1.0), r1_min(1.0);',
        '  typename Mesh::ConstVertexOHalfedgeIter voh_it(mesh_, _ci.v0);',
        '  while (voh_it.is_valid()) {',
        '    ++voh_it;',
        '    if ((r1 = aspectRatio(_ci.p1, mesh_.point(_ci.v1))) < r1_min)',
        '      r1_min = r1;',
        '  }',
        '  if (Base::is_binary())',
        '    return (r1_min > min_aspect_) ? float(Base::LEGAL_COLLAPSE) : float(Base::ILLEGAL_COLLAPSE);',
        '  return (r1_min > min_aspect_) ? 2.f - float(r1_min) : float(Base::ILLEGAL_COLLAPSE);',
        '}',
        '',
      ].join('\n'),
    },
    {
      path: 'Decimater/ModRoundnessT.hh',
      text: [
        'template <class MeshT>',
        'class ModRoundnessT : public ModBaseT<MeshT> {',
        'public:',
        '  float collapse_priority(const CollapseInfo& _ci) {',
        '    value_type priority = 0.0;',
        '    if (priority < min_r_roundness_)',
        '      return float(Base::ILLEGAL_COLLAPSE);',
        '    return (float) priority;',
        '  }',
        'private:',
        '  value_type min_r_roundness_;',
        '};',
        '',
      ].join('\n'),
    },
  ];

  it('answers the other modules, not the decimater asking its module (OpenMesh collapse_priority)', async () => {
    const engine = await engineOver(files);
    const r = await engine.search('code similar to collapse_priority in Decimater/ModEdgeLengthT_impl.hh');
    const asker = rowsOf(r, 'Decimater/BaseDecimaterT_impl.hh').find((row) => row.symbol === 'collapse_priority');
    expect(asker?.explanation.sibling).toBeUndefined();
    expect(r.results[0].path).not.toBe('Decimater/BaseDecimaterT_impl.hh');
    expect(r.results[0].explanation.sibling).toMatchObject({ of: 'collapse_priority' });
    const modules = rowsOf(r, 'Decimater/ModAspectRatioT_impl.hh').concat(rowsOf(r, 'Decimater/ModRoundnessT.hh'));
    expect(modules.filter((row) => row.symbol === 'collapse_priority' && row.explanation.sibling)).toHaveLength(2);
  });
});

describe('similar to a C function with a type suffix, one function per file', () => {
  it.each([
    [
      'musl',
      {
        'src/math/hypotf.c': 'musl-math-hypotf.c.txt',
        'src/math/hypot.c': 'musl-math-hypot.c.txt',
        'src/math/hypotl.c': 'musl-math-hypotl.c.txt',
        'src/math/fmodl.c': 'musl-math-fmodl.c.txt',
        'src/math/fmodf.c': 'musl-math-fmodf.c.txt',
      },
    ],
    // gnulib's one-file-per-function lib/: not fmodf, a wrapper shaped alike.
    [
      'gnulib',
      {
        'lib/hypotl.c': 'gnulib-hypotl.c.txt',
        'lib/hypot.c': 'gnulib-hypot.c.txt',
        'lib/hypotf.c': 'gnulib-hypotf.c.txt',
        'lib/fmodl.c': 'gnulib-fmodl.c.txt',
        'lib/fmodf.c': 'gnulib-fmodf.c.txt',
      },
    ],
  ] as const)('%s: hypotf is answered by the other types’ variants first (hypot, hypotl)', async (_, files) => {
    const engine = await engineOf(files);
    const r = await engine.search('code similar to hypotf');
    expect(
      r.results
        .slice(0, 2)
        .map((x) => x.symbol)
        .sort(),
    ).toEqual(['hypot', 'hypotl']);
    expect(r.results[0].explanation.modalities.structural?.reason).toMatch(/file named as X's, name 0\.70/);
  });
});

describe('similar to a C function with the type mark inside its name, one function per file', () => {
  it('answers __popcountsi2 with the other modes’ popcount first, not the same mode’s other operations (compiler-rt)', async () => {
    const files = Object.fromEntries(
      ['popcountsi2', 'popcountdi2', 'popcountti2', 'ctzsi2', 'paritysi2', 'clzsi2'].map((f) => [
        `lib/builtins/${f}.c`,
        `compiler-rt-${f}.c.txt`,
      ]),
    );
    const engine = await engineOf(files);
    const r = await engine.search('code similar to __popcountsi2');
    expect(
      r.results
        .slice(0, 2)
        .map((x) => x.symbol)
        .sort(),
    ).toEqual(['__popcountdi2', '__popcountti2']);
    expect(r.results[0].explanation.modalities.structural?.reason).toMatch(/file named as X's, name 0\.70/);
  });
});

describe('similar to X as the twelfth group phrased it', () => {
  it('reads X from `other X like the one in C`, `the M method of the C role`, `C M similar code`', () => {
    // pylint: four `has_property_returns`, one per docstring style.
    expect(similarSubject('other has_property_returns like the one in EpytextDocstring')).toEqual({
      name: 'has_property_returns',
      qualifier: 'EpytextDocstring',
    });
    // The Mongo driver: `PrimaryElected` is an inspector and an event; the role word picks among them (outerPicked).
    expect(similarSubject('code similar to the run method of the PrimaryElected inspector')).toEqual({
      name: 'run',
      qualifier: 'PrimaryElected',
      outer: ['inspector'],
    });
    expect(similarSubject('code similar to the parse function in lexer.c')).toEqual({ name: 'parse', path: 'lexer.c' });
    // A search-box question: the project's name, the class, the method, then the ask.
    expect(similarSubject('mongo ServerOpeningLogSubscriber log_event similar code')).toEqual({
      name: 'log_event',
      qualifier: 'ServerOpeningLogSubscriber',
      loose: true,
    });
  });

  const sbcl = {
    'linux-os.c': 'sbcl-linux-os.c.txt',
    'bsd-os.c': 'sbcl-bsd-os.c.txt',
    'darwin-os.c': 'sbcl-darwin-os.c.txt',
  };
  const etcd = {
    'etcdctl/ctlv3/command/printer_table.go': 'etcd-printer-table.go.txt',
    'etcdctl/ctlv3/command/printer_simple.go': 'etcd-printer-simple.go.txt',
    'etcdctl/ctlv3/command/printer_json.go': 'etcd-printer-json.go.txt',
  };

  it.each([
    // SBCL's C runtime: one file per OS, each with its os_get_runtime_executable_path.
    ['sbcl', sbcl, 'what else looks like the Linux os_get_runtime_executable_path', 'linux-os.c'],
    // etcd's printers: one file per output format, each type with its EndpointStatus.
    ['etcd', etcd, 'what else looks like the table EndpointStatus', 'etcdctl/ctlv3/command/printer_table.go'],
  ] as const)('%s: a word before X that is one word of its file’s name picks X', async (_, files, question, path) => {
    const engine = await engineOf(files);
    const r = await engine.search(question);
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', taken: [{ path }] });
    const x = r.query.similarTo!.taken[0];
    expect(rowsOf(r, path).filter((row) => covers(row, x.startLine))).toEqual([]);
    expect(r.results[0].explanation.sibling).toBeDefined();
  });

  it.each([
    // `the SIGSEGV handler`: sbcl's sigsegv_handler, the one in linux-os.c.
    ['sbcl', sbcl, 'code similar to the SIGSEGV handler in linux-os.c', 'sigsegv_handler', 'linux-os.c'],
    // `the table printer`: `printer` is the interface; etcd's tablePrinter is the type meant.
    ['etcd', etcd, 'code similar to the table printer', 'tablePrinter', 'etcdctl/ctlv3/command/printer_table.go'],
  ] as const)(
    '%s: two words that name nothing as a place are one name said in words',
    async (_, files, question, name, path) => {
      const engine = await engineOf(files);
      const r = await engine.search(question);
      expect(r.query.similarTo).toMatchObject({ name, taken: [{ path }] });
    },
  );
});

describe('similar to X ends where the evidence of kinship ends (issue 20, evidence or nothing)', () => {
  it('sbcl: code that is no sibling of X and scores under a third of the weakest sibling is not listed', async () => {
    const engine = await engineOf({
      'linux-os.c': 'sbcl-linux-os.c.txt',
      'bsd-os.c': 'sbcl-bsd-os.c.txt',
      'darwin-os.c': 'sbcl-darwin-os.c.txt',
    });
    const r = await engine.search('code similar to the SIGSEGV handler in linux-os.c');
    expect(r.results.map((x) => `${x.path}:${x.symbol}`)).toEqual([
      'bsd-os.c:sigsegv_handler',
      'linux-os.c:fallback_sigsegv_handler',
    ]);
    expect(r.results.every((x) => x.explanation.sibling !== undefined)).toBe(true);
    // The list stopped: darwin-os.c, which holds no handler, is not padded in below them.
    expect(r.results.some((x) => x.path === 'darwin-os.c')).toBe(false);
  });
});

describe('similar to X: its name in a module that defines what X’s module defines (one interface, one module per platform)', () => {
  const build = async (files: Record<string, string>) =>
    engineOver(Object.entries(files).map(([path, text]) => ({ path, text })));
  // etcd's etcdctl printers: each type implements the printer interface's methods in its own file.
  const goPrinter = (type: string, recv: string, body: (table: string) => string) =>
    [
      'package command',
      '',
      `type ${type} struct{ printer }`,
      '',
      ...['MemberList', 'EndpointHealth', 'EndpointStatus', 'EndpointHashKV', 'DBStatus'].flatMap((m) => [
        `func (${recv} *${type}) ${m}(r []ep${m}) {`,
        ...body(`make${m}Table`).split('\n'),
        '}',
        '',
      ]),
    ].join('\n');
  const table = (make: string) =>
    [
      `\thdr, rows := ${make}(r)`,
      '\ttable := tablewriter.NewWriter(os.Stdout)',
      '\ttable.SetHeader(hdr)',
      '\tfor _, row := range rows {',
      '\t\ttable.Append(row)',
      '\t}',
      '\ttable.SetAlignment(tablewriter.ALIGN_RIGHT)',
      '\ttable.Render()',
    ].join('\n');
  const simple = (make: string) =>
    [`\t_, rows := ${make}(r)`, '\tfor _, row := range rows {', '\t\tfmt.Println(strings.Join(row, ", "))', '\t}'].join(
      '\n',
    );

  it('etcd: another printer’s EndpointStatus comes before tablePrinter’s EndpointHealth', async () => {
    const etcd = await build({
      'etcdctl/ctlv3/command/printer_table.go': goPrinter('tablePrinter', 'tp', table),
      'etcdctl/ctlv3/command/printer_simple.go': goPrinter('simplePrinter', 's', simple),
      'etcdctl/ctlv3/command/printer_fields.go': goPrinter('fieldsPrinter', 'p', simple),
    });
    const r = await etcd.search('what else looks like (*tablePrinter).EndpointStatus');
    expect(r.results[0]).toMatchObject({ symbol: 'EndpointStatus' });
    expect(r.results[0].path).not.toBe('etcdctl/ctlv3/command/printer_table.go');
    expect(r.results[0].explanation.sibling?.similarity).toBeGreaterThan(0.85);
  });

  it('libc: FD_SET of another platform’s module comes before FD_CLR beside X, in the file the question names', async () => {
    const fdFunctions = [
      'f! {',
      '    pub fn FD_CLR(fd: ::c_int, set: *mut fd_set) -> () {',
      '        let bits = ::mem::size_of_val(&(*set).fds_bits[0]) * 8;',
      '        let fd = fd as usize;',
      '        (*set).fds_bits[fd / bits] &= !(1 << (fd % bits));',
      '        return',
      '    }',
      '',
      '    pub fn FD_ISSET(fd: ::c_int, set: *const fd_set) -> bool {',
      '        let bits = ::mem::size_of_val(&(*set).fds_bits[0]) * 8;',
      '        let fd = fd as usize;',
      '        return ((*set).fds_bits[fd / bits] & (1 << (fd % bits))) != 0',
      '    }',
      '',
      '    pub fn FD_SET(fd: ::c_int, set: *mut fd_set) -> () {',
      '        let bits = ::mem::size_of_val(&(*set).fds_bits[0]) * 8;',
      '        let fd = fd as usize;',
      '        (*set).fds_bits[fd / bits] |= 1 << (fd % bits);',
      '        return',
      '    }',
      '',
      '    pub fn FD_ZERO(set: *mut fd_set) -> () {',
      '        for slot in (*set).fds_bits.iter_mut() {',
      '            *slot = 0;',
      '        }',
      '    }',
      '}',
      '',
    ].join('\n');
    const platform = (own: string) =>
      `pub type ${own}_t = u32;\n\n${fdFunctions}\nextern "C" {\n    pub fn ${own}_open(path: *const ::c_char) -> ::c_int;\n}\n`;
    const libc = await build({
      'src/unix/solarish/mod.rs': platform('solaris'),
      'src/unix/bsd/mod.rs': platform('bsd'),
      'src/unix/redox/mod.rs': platform('redox'),
    });
    const r = await libc.search('code similar to FD_SET in solarish/mod.rs');
    expect(r.query.similarTo?.taken[0].path).toBe('src/unix/solarish/mod.rs');
    expect(r.results[0]).toMatchObject({ symbol: 'FD_SET' });
    expect(['src/unix/bsd/mod.rs', 'src/unix/redox/mod.rs']).toContain(r.results[0].path);
  });

  it('mongo: the other topologies’ `servers` first; the cluster’s, which asks its topology reader, is no sibling', async () => {
    const topology = (name: string, select: string) =>
      [
        'module Mongo',
        '  class Cluster',
        '    module Topology',
        `      class ${name}`,
        '        def display_name',
        `          self.class.name.gsub(/_/, ' ')`,
        '        end',
        '',
        '        def summary',
        '          details = server_descriptions.keys.join(",")',
        '          "#{display_name}[#{details}]"',
        '        end',
        '',
        '        def has_readable_server?(cluster, server_selector = nil)',
        '          true',
        '        end',
        '',
        '        def has_writable_server?(cluster)',
        '          true',
        '        end',
        '',
        '        def servers(servers)',
        `          servers.select { |server| ${select} }`,
        '        end',
        '',
        '        def sharded?; false; end',
        '        def single?; false; end',
        '      end',
        '    end',
        '  end',
        'end',
        '',
      ].join('\n');
    const cluster = [
      'module Mongo',
      '  class Cluster',
      '    attr_reader :topology',
      '',
      '    def initialize(seeds, monitoring, options = {})',
      '      @topology = Topology.initial(seeds, monitoring, options)',
      '    end',
      '',
      '    # Get the server candidates for an operation.',
      '    def servers',
      '      topology.servers(servers_list.compact).compact',
      '    end',
      '',
      '    def disconnect!',
      '      servers_list.each { |server| server.disconnect! }',
      '    end',
      '',
      '    def servers_list',
      '      @servers.dup',
      '    end',
      '',
      '    def summary',
      '      "#<Cluster topology=#{topology.summary}>"',
      '    end',
      '  end',
      'end',
      '',
    ].join('\n');
    const mongo = await build({
      'mongo/cluster.rb': cluster,
      'mongo/cluster/topology/sharded.rb': topology('Sharded', 'server.mongos?'),
      'mongo/cluster/topology/replica_set.rb': topology('ReplicaSet', 'server.primary? || server.secondary?'),
      'mongo/cluster/topology/single.rb': topology('Single', 'server.standalone?'),
    });
    const r = await mongo.search('what else looks like Topology::Sharded#servers');
    expect(r.query.similarTo?.taken[0].path).toBe('mongo/cluster/topology/sharded.rb');
    expect(
      r.results
        .slice(0, 2)
        .map((x) => x.path)
        .sort(),
    ).toEqual(['mongo/cluster/topology/replica_set.rb', 'mongo/cluster/topology/single.rb']);
    const clusters = r.results
      .filter((x) => x.path === 'mongo/cluster.rb')
      .flatMap((x) => [x, ...(x.subResults ?? [])])
      .filter((row) => row.symbol === 'servers');
    expect(clusters.every((row) => row.explanation.sibling === undefined)).toBe(true);
  });
});

describe('similar to X in a platform’s module named in words (libc `makedev in the NetBSD module`)', () => {
  it('takes the netbsd folder’s makedev for X and answers with the other platforms’', async () => {
    const makedev = (major: string) =>
      [
        'safe_f! {',
        '    pub {const} fn makedev(major: ::c_uint, minor: ::c_uint) -> ::dev_t {',
        '        let major = major as ::dev_t;',
        '        let minor = minor as ::dev_t;',
        `        let mut dev = ${major};`,
        '        dev |= (minor & 0xff) << 0;',
        '        dev',
        '    }',
        '}',
        '',
      ].join('\n');
    const libc = await engineOver(
      [
        ['src/unix/bsd/netbsdlike/netbsd/mod.rs', makedev('(major << 8) & 0x000ff00')],
        ['src/unix/bsd/netbsdlike/openbsd/mod.rs', makedev('(major & 0xff) << 8')],
        ['src/unix/linux_like/linux/mod.rs', makedev('(major & 0x00000fff) << 8')],
      ].map(([path, text]) => ({ path, text })),
    );
    const r = await libc.search('code similar to makedev in the NetBSD module');
    expect(r.query.similarTo?.taken.map((t) => t.path)).toEqual(['src/unix/bsd/netbsdlike/netbsd/mod.rs']);
    expect(r.results[0]).toMatchObject({ symbol: 'makedev' });
    expect(r.results[0].path).not.toBe('src/unix/bsd/netbsdlike/netbsd/mod.rs');
  });
});

describe('similar to X: a large family of modules alike keeps its folders’ order, a decorator its own methods', () => {
  const build = async (files: Record<string, string>) =>
    engineOver(Object.entries(files).map(([path, text]) => ({ path, text })));
  // PHPUnit 9.6: every constraint defines toString, matches and failureDescription; X's folder String/ is X's kin.
  const constraint = (ns: string, name: string, test: string) =>
    [
      '<?php declare(strict_types=1);',
      `namespace PHPUnit\\Framework\\Constraint${ns};`,
      '',
      `final class ${name} extends Constraint`,
      '{',
      '    private $value;',
      '',
      '    public function __construct(string $value)',
      '    {',
      '        $this->value = $value;',
      '    }',
      '',
      '    public function toString(): string',
      '    {',
      `        return '${name} "' . $this->value . '"';`,
      '    }',
      '',
      '    protected function matches($other): bool',
      '    {',
      `        return ${test};`,
      '    }',
      '',
      '    protected function failureDescription($other): string',
      '    {',
      "        return 'the value ' . $this->toString();",
      '    }',
      '}',
      '',
    ].join('\n');

  it('phpunit: the constraints of X’s folder first, though every constraint’s module is like X’s', async () => {
    const phpunit = await build({
      'Framework/Constraint/String/StringEndsWith.php': constraint(
        '',
        'StringEndsWith',
        'substr($other, 0 - strlen($this->value)) === $this->value',
      ),
      'Framework/Constraint/String/StringStartsWith.php': constraint(
        '',
        'StringStartsWith',
        'strpos((string) $other, $this->value) === 0',
      ),
      'Framework/Constraint/Callback.php': constraint('', 'Callback', 'call_user_func($this->value, $other)'),
      // Shaped more like X than StringStartsWith is: only the folder puts the latter first.
      'Framework/Constraint/Cardinality/Count.php': constraint(
        '',
        'Count',
        'substr(count($other), 0 - strlen($this->value)) === $this->value',
      ),
      'Framework/Constraint/Cardinality/GreaterThan.php': constraint('', 'GreaterThan', '$this->value < $other'),
      'Framework/Constraint/Type/IsType.php': constraint('', 'IsType', 'gettype($other) === $this->value'),
    });
    const r = await phpunit.search('code similar to StringEndsWith::matches');
    expect(r.results[0]).toMatchObject({
      path: 'Framework/Constraint/String/StringStartsWith.php',
      symbol: 'matches',
    });
  });

  it('dbal: Logging\\Connection’s other logged methods first, not another connection’s commit', async () => {
    const logged = (method: string, args: string, pass: string, message: string) =>
      [
        `    public function ${method}(${args})`,
        '    {',
        `        $this->logger->debug('${message}');`,
        '',
        `        return parent::${method}(${pass});`,
        '    }',
        '',
      ].join('\n');
    const logging = [
      '<?php',
      'namespace Doctrine\\DBAL\\Logging;',
      '',
      'final class Connection extends AbstractConnectionMiddleware',
      '{',
      logged('query', 'string $sql', '$sql', 'Executing query: {sql}'),
      logged('exec', 'string $sql', '$sql', 'Executing statement: {sql}'),
      logged('beginTransaction', '', '', 'Beginning transaction'),
      logged('commit', '', '', 'Committing transaction'),
      logged('rollBack', '', '', 'Rolling back transaction'),
      '}',
      '',
    ].join('\n');
    const primary = [
      '<?php',
      'namespace Doctrine\\DBAL\\Connections;',
      '',
      'class PrimaryReadReplicaConnection extends Connection',
      '{',
      ...['query', 'exec', 'beginTransaction', 'commit', 'rollBack'].map((m) =>
        [
          `    public function ${m}()`,
          '    {',
          '        $this->ensureConnectedToPrimary();',
          '',
          `        return parent::${m}();`,
          '    }',
          '',
        ].join('\n'),
      ),
      '}',
      '',
    ].join('\n');
    const dbal = await build({
      'Logging/Connection.php': logging,
      'Connections/PrimaryReadReplicaConnection.php': primary,
    });
    const r = await dbal.search('similar to Logging\\Connection::commit');
    expect(r.results[0].path).toBe('Logging/Connection.php');
    expect(['beginTransaction', 'rollBack']).toContain(r.results[0].symbol);
  });
});

describe('similar to a method that a one-statement fellow hands its argument on to', () => {
  const FILES = ['list', 'dict', 'str'].map((n) => ({
    path: `cloudinit/mergers/m_${n}.py`,
    text: fixture(`cloud-init-mergers-m_${n}.py.txt`),
  }));

  it('calls the adapter X’s user, not a sibling (cloud-init’s `_on_tuple` over `_on_list`)', async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: ['python'] });
    const mergers = buildCorpus(FILES, analyzer);
    const siblingNames = (symbol: string) =>
      siblingsOf(
        mergers,
        mergers.chunks.find((c) => c.symbol === symbol)!,
        [],
        () => false,
      ).map((s) => s.name);
    // `_on_tuple` is `return tuple(self._on_list(list(value), merge_with))`; `_on_unicode`, `return self._on_str(…)`.
    expect(siblingNames('_on_list')).not.toContain('_on_tuple');
    expect(siblingNames('_on_str')).not.toContain('_on_unicode');
    // Each is still a sibling of the other mergers' methods, which it does not call.
    expect(siblingNames('_on_dict')).toEqual(expect.arrayContaining(['_on_list', '_on_str', '_on_tuple']));
  });

  it('answers with the other mergers’ methods, not the adapter beside X', async () => {
    const engine = await engineOver(FILES);
    const r = await engine.search('code similar to Merger._on_list in mergers/m_list.py');
    expect(r.query.similarTo).toMatchObject({ name: '_on_list' });
    const rows = everyRow(r);
    expect(['_on_dict', '_on_str']).toContain(rows[0].symbol);
    expect(rows.find((row) => row.symbol === '_on_tuple')?.explanation.sibling).toBeUndefined();
    for (const row of rows) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});

describe('similar to X in its named file, X’s counterpart in a parallel module', () => {
  // makepkg's source/*.sh: each module writes its own file's name into its two functions.
  const vcs = (name: string) => ({
    path: `source/${name}.sh`,
    text: [
      `download_${name}() {`,
      `\tlocal netfile=$1`,
      `\tlocal dir=$(get_filepath "$netfile")`,
      `\tif [[ ! -d "$dir" ]]; then`,
      `\t\tmsg2 "Cloning %s %s repo..." "\${repo}" "${name}"`,
      `\t\t${name} clone "$url" "$dir" || exit 1`,
      `\telse`,
      `\t\tcd_safe "$dir"`,
      `\t\t${name} pull || warning "Failure while updating %s"`,
      `\tfi`,
      `}`,
      ``,
      `extract_${name}() {`,
      `\tlocal netfile=$1 srcdir=$2`,
      `\tmsg2 "Creating working copy of %s %s repo..." "\${repo}" "${name}"`,
      `\trm -rf "\${srcdir}/\${dir##*/}"`,
      `\t${name} checkout --force "$ref" "\${srcdir}" || exit 1`,
      `}`,
      ``,
    ].join('\n'),
  });

  it('answers "download_hg in source/hg.sh" with the other modules’ download functions, not extract_hg', async () => {
    const engine = await engineOver(['hg', 'git', 'svn', 'bzr'].map(vcs));
    const r = await engine.search('code similar to download_hg in source/hg.sh');
    expect(r.query.similarTo).toMatchObject({ name: 'download_hg' });
    // Each name spells its file's (hg in hg.sh, git in git.sh) and the modules define the same
    // two functions: download_git is download_hg in git.sh, kept though the question named hg.sh.
    const top = r.results.slice(0, 3).map((row) => row.symbol);
    expect(top.sort()).toEqual(['download_bzr', 'download_git', 'download_svn']);
    const own = everyRow(r).find((row) => row.symbol === 'extract_hg');
    expect(own?.explanation.sibling?.belowSameBase).toBe(true);
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });

  // resource-agents' OpenStack agents: each writes its own word (osflip, osvol) into its functions.
  const agent = (file: string, word: string) => ({
    path: `heartbeat/${file}`,
    text: [
      `metadata() {`,
      `\tcat <<END`,
      `<resource-agent name="${file}"/>`,
      `END`,
      `}`,
      ``,
      `${word}_validate() {`,
      `\tcheck_binary "$OCF_RESKEY_openstackcli"`,
      `\tif [ -z "$OCF_RESKEY_${word}_id" ]; then`,
      `\t\tocf_exit_reason "${word}_id not set"`,
      `\t\treturn $OCF_ERR_CONFIGURED`,
      `\tfi`,
      `\treturn $OCF_SUCCESS`,
      `}`,
      ``,
      `${word}_monitor() {`,
      `\t${word}_validate || return $?`,
      `\tif openstack status "$OCF_RESKEY_${word}_id" | grep -q ACTIVE; then`,
      `\t\treturn $OCF_SUCCESS`,
      `\tfi`,
      `\treturn $OCF_NOT_RUNNING`,
      `}`,
      ``,
      `${word}_stop() {`,
      `\t${word}_monitor || return $OCF_SUCCESS`,
      `\topenstack detach "$OCF_RESKEY_${word}_id" || return $OCF_ERR_GENERIC`,
      `\treturn $OCF_SUCCESS`,
      `}`,
      ``,
      `${word}_start() {`,
      `\t${word}_validate || return $?`,
      `\t${word}_monitor && return $OCF_SUCCESS`,
      `\topenstack attach "$OCF_RESKEY_${word}_id" || return $OCF_ERR_GENERIC`,
      `\treturn $OCF_SUCCESS`,
      `}`,
      ``,
    ].join('\n'),
  });

  it('answers "osflip_validate in heartbeat/openstack-floating-ip" with the other agents’ validate', async () => {
    const engine = await engineOver([
      agent('openstack-floating-ip', 'osflip'),
      agent('openstack-cinder-volume', 'osvol'),
      agent('openstack-virtual-ip', 'osvip'),
    ]);
    const r = await engine.search('code similar to osflip_validate in heartbeat/openstack-floating-ip');
    expect(r.query.similarTo).toMatchObject({ name: 'osflip_validate' });
    // One word changed and most of the module's functions shared: X's function in a parallel
    // module, which the named place's X is one of (before, the file's own osflip_start hid it).
    expect(
      r.results
        .slice(0, 2)
        .map((row) => row.symbol)
        .sort(),
    ).toEqual(['osvip_validate', 'osvol_validate']);
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
    // Named, X's file is the place asked about: its functions are not demoted below those
    // modules' (unnamed, they are, as below a base's other implementations).
    const own = (response: SearchResponse) => everyRow(response).find((row) => row.symbol === 'osflip_start');
    expect(own(r)?.explanation.sibling).toMatchObject({ of: 'osflip_validate' });
    expect(own(r)?.explanation.sibling?.belowSameBase).toBeUndefined();
    const unnamed = await engine.search('code similar to osflip_validate');
    expect(own(unnamed)?.explanation.sibling?.belowSameBase).toBe(true);
  });
  // awesome's obvious widgets: each module's constructor is named as its file, beside its own `create`.
  const PROGRESSBAR = `local beautiful = require("beautiful")

local function progressbar(layout)
  local theme = beautiful.get()
  local width = theme.progressbar_width or theme.widget_width or 8
  local color = theme.progressbar_fg_color or theme.widget_fg_color or theme.fg_normal
  local widget = awful.widget.progressbar({ layout = layout })
  widget:set_vertical(true)
  widget:set_width(width)
  widget:set_color(color)
  return widget
end

local function create(data, layout)
  local widget = progressbar(layout)
  widget.update = function(widget)
    local max = widget.data.max or 1
    widget:set_value((widget.data:get() or max) / max)
  end
  widget.data = data
  return widget
end

return setmetatable({}, { __call = function (_, ...) return create(...) end })
`;
  const GRAPH = `local beautiful = require("beautiful")

local function graph(layout, scale)
  local theme = beautiful.get()
  local back = theme.graph_bg_color or theme.widget_bg_color or theme.bg_normal
  local border = theme.graph_border or theme.widget_border or theme.border_normal
  local widget = awful.widget.graph({ layout = layout })
  widget:set_background_color(back)
  widget:set_border_color(border)
  if scale then
    widget:set_scale(true)
  end
  return widget
end

local function create(data, layout)
  local widget = graph(layout, not data.max)
  widget.update = function(widget)
    widget:add_value(widget.data:get() or 0)
  end
  widget.data = data
  return widget
end

return setmetatable({}, { __call = function (_, ...) return create(...) end })
`;

  it('reads a function named as its file, in a module parallel to X’s, as X’s name there (awesome’s progressbar, graph)', async () => {
    const engine = await engineOver([
      { path: 'widget/progressbar.lua', text: PROGRESSBAR },
      { path: 'widget/graph.lua', text: GRAPH },
    ]);
    const r = await engine.search('code similar to progressbar in widget/progressbar.lua');
    expect(r.query.similarTo).toMatchObject({ name: 'progressbar' });
    // `graph` shares no word with `progressbar`: each is its own file's name, the modules alike.
    expect(r.results[0].symbol).toBe('graph');
    expect(r.results[0].explanation.sibling).toMatchObject({ of: 'progressbar' });
    for (const row of everyRow(r)) expect(scoreFromExplanation(row.explanation)).toBeCloseTo(row.score, 12);
  });
});
