/**
 * Stated types on the shapes of real code (click's annotated parameters and constructor-assigned
 * fields, tokio's `buf: &mut ReadBuf<'_>` and struct fields, cobra's method receivers), and
 * what linking makes of a member call through them: a typed receiver links to its type's member,
 * an untyped one is a use by name, unresolved (listed apart, no dependency, no callee), and a
 * renamed export is followed to the definition it renames.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { QueryPlan } from '../contract';
import type { Corpus } from '../modality';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { definitionChunk, parsedGraph } from '../../../test/support/parsed-graph';
import type { GraphIndex } from './index';
import { localTypesOf, typeName } from './local-types';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const index = (files: Record<string, string>) => parsedGraph(analyzer, files);

const callerLines = (corpus: Corpus, graph: GraphIndex, path: string, symbol: string) =>
  graph
    .callers(definitionChunk(corpus, path, symbol))
    .map((n) => `${n.path}:${n.line}`)
    .sort();

const references = (graph: GraphIndex, name: string) =>
  graph.search(
    {
      intent: 'find_references',
      raw: `who calls ${name}`,
      identifiers: [name],
      terms: [],
      asksCalls: true,
    } as unknown as QueryPlan,
    20,
  );

describe('typeName', () => {
  it('takes the type out of what is written', () => {
    expect(typeName('t.Optional["Parameter"]')).toBe('Parameter');
    expect(typeName('"Context"')).toBe('Context');
    expect(typeName("&mut ReadBuf<'_>")).toBe('ReadBuf');
    expect(typeName('*cobra.Command')).toBe('Command');
    expect(typeName('IdleNotifiedSet::new')).toBe('IdleNotifiedSet');
    expect(typeName('Box<Config>')).toBe('Config');
    expect(typeName('x + 1')).toBeUndefined();
  });

  it('answers the same when a spelling comes back (each is worked out once), none included', () => {
    // A JavaScript object literal's `key: value` lines, read as annotations, repeat the same few spellings.
    const spellings = ['Box<Config>', 'x + 1', 'Option<Foo>', '*cobra.Command', 'true', 'function', "'a'", 'x + 1'];
    const first = spellings.map((s) => typeName(s));
    expect(first).toEqual(['Config', undefined, 'Foo', 'Command', 'true', 'function', 'a', undefined]);
    for (let round = 0; round < 3; round++) expect(spellings.map((s) => typeName(s))).toEqual(first);
    // Past the memo's bound it is emptied, and the answers stay the same.
    for (let i = 0; i < 100_001; i++) typeName(`T${i}`);
    expect(spellings.map((s) => typeName(s))).toEqual(first);
  });
});

describe('localTypesOf', () => {
  it('reads parameters, locals and fields per language', () => {
    const py = localTypesOf(
      [
        'class Command:',
        '    def __init__(self):',
        '        self.parser = OptionParser()',
        '',
        'def f(ctx: "Context", n: int):',
        '    x = Group()',
      ].join('\n'),
      'python',
    )!;
    expect(py.typeOfField('parser')).toBe('OptionParser');
    expect(py.typeOfLocal('ctx', 6, 5)).toBe('Context');
    expect(py.typeOfLocal('x', 6, 5)).toBe('Group');
    // Before its function starts, a name is not that parameter.
    expect(py.typeOfLocal('ctx', 3, 2)).toBeUndefined();

    const go = localTypesOf(
      [
        'type Command struct {',
        '\tparent *Command',
        '}',
        '',
        'func (c *Command) Root() *Command {',
        '\tvar cmd Command',
      ].join('\n'),
      'go',
    )!;
    expect(go.typeOfField('parent')).toBe('Command');
    expect(go.typeOfLocal('c', 6, 5)).toBe('Command');
    expect(go.typeOfLocal('cmd', 6, 5)).toBe('Command');

    const rs = localTypesOf(
      [
        'pub struct JoinSet<T> {',
        '    inner: IdleNotifiedSet<JoinHandle<T>>,',
        '}',
        "fn f(buf: &mut ReadBuf<'_>) {",
        '    let b = Builder::new();',
        '}',
      ].join('\n'),
      'rust',
    )!;
    expect(rs.typeOfField('inner')).toBe('IdleNotifiedSet');
    expect(rs.typeOfLocal('buf', 5, 4)).toBe('ReadBuf');
    expect(rs.typeOfLocal('b', 5, 4)).toBe('Builder');

    const ts = localTypesOf(
      [
        'class A {',
        '  private store: Store;',
        '  constructor() { this.cache = new Cache(); }',
        '}',
        'function g(p: Parser) { const q = new Queue(); }',
      ].join('\n'),
      'typescript',
    )!;
    expect(ts.typeOfField('store')).toBe('Store');
    expect(ts.typeOfField('cache')).toBe('Cache');
    expect(ts.typeOfLocal('p', 5, 5)).toBe('Parser');
    expect(ts.typeOfLocal('q', 5, 5)).toBe('Queue');
  });

  it('reads casts and chained calls of the lines asked about, in any order, and nothing past the file', () => {
    const ts = localTypesOf(
      [
        'const a = (x as Store).get();',
        'b.build().setData(1);',
        'const c = (y as Store).get(); z.make().setData(2);',
      ].join('\n'),
      'typescript',
    )!;
    expect(ts.calleeBefore('setData', 3)).toBe('z.make');
    expect(ts.castBefore('get', 3)).toBe('Store');
    expect(ts.calleeBefore('setData', 2)).toBe('b.build');
    expect(ts.castBefore('get', 2)).toBeUndefined();
    expect(ts.castBefore('get', 1)).toBe('Store');
    for (const line of [0, 4, -1, 1.5]) {
      expect(ts.castBefore('get', line)).toBeUndefined();
      expect(ts.calleeBefore('setData', line)).toBeUndefined();
    }
    // Casts are TypeScript's: a Python line with the same text states none.
    expect(localTypesOf('v = (x as Store).get()', 'python')!.castBefore('get', 1)).toBeUndefined();
  });
});

describe('linking through stated types', () => {
  it('tokio: `buf: &mut ReadBuf` makes buf.remaining() a call of ReadBuf::remaining; `rem.len()` on an untyped local is by name only', async () => {
    const { corpus, graph } = await index({
      'src/io/read_buf.rs': [
        "pub struct ReadBuf<'a> {",
        '    filled: usize,',
        '}',
        '',
        "impl<'a> ReadBuf<'a> {",
        '    pub fn remaining(&self) -> usize {',
        '        self.filled',
        '    }',
        '}',
      ].join('\n'),
      'src/task/join_set.rs': [
        'pub struct JoinSet<T> {',
        '    inner: IdleNotifiedSet<JoinHandle<T>>,',
        '}',
        '',
        'impl<T> JoinSet<T> {',
        '    pub fn len(&self) -> usize {',
        '        self.inner.len()',
        '    }',
        '}',
      ].join('\n'),
      'src/util/idle_notified_set.rs': [
        'pub(crate) struct IdleNotifiedSet<T> {',
        '    length: usize,',
        '}',
        '',
        'impl<T> IdleNotifiedSet<T> {',
        '    pub(crate) fn len(&self) -> usize {',
        '        self.length',
        '    }',
        '}',
      ].join('\n'),
      'src/io/util/buf_reader.rs': [
        'use crate::io::ReadBuf;',
        '',
        'impl<R: AsyncRead> AsyncRead for BufReader<R> {',
        '    fn poll_read(',
        '        mut self: Pin<&mut Self>,',
        "        cx: &mut Context<'_>,",
        "        buf: &mut ReadBuf<'_>,",
        '    ) -> Poll<io::Result<()>> {',
        '        let rem = ready!(self.as_mut().poll_fill_buf(cx))?;',
        '        let amt = std::cmp::min(rem.len(), buf.remaining());',
        '        Poll::Ready(Ok(()))',
        '    }',
        '}',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'src/io/read_buf.rs', 'remaining')).toEqual(['src/io/util/buf_reader.rs:10']);
    // `self.inner` is an IdleNotifiedSet (the struct's field): its len, not JoinSet's own.
    expect(callerLines(corpus, graph, 'src/util/idle_notified_set.rs', 'len')).toEqual(['src/task/join_set.rs:7']);
    expect(callerLines(corpus, graph, 'src/task/join_set.rs', 'len')).toEqual([]);
    const callees = graph
      .callees(definitionChunk(corpus, 'src/io/util/buf_reader.rs', 'poll_read'))
      .map((c) => c.symbol);
    expect(callees).toContain('remaining');
    expect(callees).not.toContain('len');
    // No file depends on join_set.rs or idle_notified_set.rs through `rem.len()`.
    const dependants = (path: string) =>
      graph.reverseDependencies({ fileId: corpus.fileByPath.get(path)!.id }, 1).map((d) => corpus.files[d.fileId].path);
    expect(dependants('src/util/idle_notified_set.rs')).toEqual(['src/task/join_set.rs']);
    expect(dependants('src/task/join_set.rs')).toEqual([]);
    // A references answer lists it apart, last, as a use by name.
    const hits = references(graph, 'len');
    const byName = hits.filter((h) => h.evidence === 'by-name').map((h) => corpus.chunks[h.chunkId].path);
    expect(byName).toEqual(['src/io/util/buf_reader.rs']);
    expect(hits[hits.length - 1].evidence).toBe('by-name');
  });

  it('click: an annotated parameter and a constructor-assigned field link to that class’s method; kwargs.setdefault does not link', async () => {
    const { corpus, graph } = await index({
      'click/core.py': [
        'from .parser import OptionParser',
        '',
        'class Context:',
        '    def invoke(self, callback):',
        '        return callback()',
        '',
        'class Command:',
        '    def __init__(self, name):',
        '        self.parser = OptionParser(name)',
        '',
        '    def main(self, ctx: "Context", **kwargs):',
        '        kwargs.setdefault("x", 1)',
        '        self.parser.parse_args(ctx)',
        '        return ctx.invoke(self)',
        '',
        '    def setdefault(self, key):',
        '        return key',
      ].join('\n'),
      'click/parser.py': [
        'class OptionParser:',
        '    def parse_args(self, args):',
        '        return args',
        '',
        '    def invoke(self, x):',
        '        return x',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'click/core.py', 'invoke')).toEqual(['click/core.py:14']);
    expect(callerLines(corpus, graph, 'click/parser.py', 'invoke')).toEqual([]);
    expect(callerLines(corpus, graph, 'click/parser.py', 'parse_args')).toEqual(['click/core.py:13']);
    expect(callerLines(corpus, graph, 'click/core.py', 'setdefault')).toEqual([]);
  });

  it('cobra: a Go method receiver types its calls (s.handle() → Server.handle, not Client.handle in the same package)', async () => {
    const { corpus, graph } = await index({
      'go.mod': 'module example.com/srv\n',
      'server.go': [
        'package srv',
        '',
        'type Server struct{}',
        '',
        'func (s *Server) Serve() {',
        '\ts.handle()',
        '}',
      ].join('\n'),
      'handler.go': ['package srv', '', 'func (s *Server) handle() {}'].join('\n'),
      'client.go': ['package srv', '', 'type Client struct{}', '', 'func (c *Client) handle() {}'].join('\n'),
    });
    expect(callerLines(corpus, graph, 'handler.go', 'handle')).toEqual(['server.go:6']);
    expect(callerLines(corpus, graph, 'client.go', 'handle')).toEqual([]);
  });

  it('echo: a closure parameter of an interface type, then a method whose spec returns another interface (`c.Logger().Debug()`)', async () => {
    // echo as Debian ships it: no go.mod, middleware importing the root package by its module path.
    const { corpus, graph } = await index({
      'context.go': [
        'package echo',
        '',
        'type Context interface {',
        '\t// Logger returns the `Logger` instance.',
        '\tLogger() Logger',
        '\tJSON(code int, i interface{}) error',
        '}',
      ].join('\n'),
      'log.go': ['package echo', '', 'type Logger interface {', '\tDebug(i ...interface{})', '}'].join('\n'),
      'echo.go': ['package echo', '', 'type HandlerFunc func(c Context) error'].join('\n'),
      'middleware/recover.go': [
        'package middleware',
        '',
        'import "github.com/labstack/echo/v4"',
        '',
        'func Recover() echo.HandlerFunc {',
        '\treturn func(c echo.Context) error {',
        '\t\tc.Logger().Debug("recovered")',
        '\t\treturn nil',
        '\t}',
        '}',
      ].join('\n'),
      'middleware/cors.go': [
        'package middleware',
        '',
        'import "github.com/labstack/echo/v4"',
        '',
        'func CORS() echo.HandlerFunc {',
        '\treturn func(c echo.Context) error {',
        '\t\treturn c.JSON(204, nil)',
        '\t}',
        '}',
      ].join('\n'),
    });
    const dependants = (path: string) =>
      graph
        .reverseDependencies({ fileId: corpus.files.find((f) => f.path === path)!.id }, 1)
        .map((d) => corpus.files[d.fileId].path)
        .sort();
    expect(dependants('log.go')).toEqual(['context.go', 'middleware/recover.go']);
    // cors.go imports the package and uses its Context, nothing of log.go: no dependant of log.go.
    expect(dependants('context.go')).toEqual(['echo.go', 'middleware/cors.go', 'middleware/recover.go']);
  });

  it('echo: a value assigned what a method returns (`router := e.findRouter(host)`) types its calls; `who calls Router.Add` keeps its qualifier', async () => {
    const { corpus, graph } = await index({
      'go.mod': 'module github.com/labstack/echo/v4\n',
      'router.go': [
        'package echo',
        '',
        'type Router struct{}',
        '',
        'func (r *Router) Add(method, path string) {}',
      ].join('\n'),
      'group.go': ['package echo', '', 'type Group struct{}', '', 'func (g *Group) Add(method, path string) {}'].join(
        '\n',
      ),
      'echo.go': [
        'package echo',
        '',
        'type Echo struct{ router *Router }',
        '',
        'func (e *Echo) findRouter(host string) *Router {',
        '\treturn e.router',
        '}',
        '',
        'func (e *Echo) add(host, method, path string) {',
        '\trouter := e.findRouter(host)',
        '\trouter.Add(method, path)',
        '}',
      ].join('\n'),
      'response.go': [
        'package echo',
        '',
        'import "net/http"',
        '',
        'type Response struct{ Writer http.ResponseWriter }',
        '',
        'func (r *Response) Header() http.Header {',
        '\treturn r.Writer.Header()',
        '}',
      ].join('\n'),
      'cors.go': [
        'package echo',
        '',
        'func (e *Echo) response() *Response {',
        '\treturn nil',
        '}',
        '',
        'func (e *Echo) vary() {',
        '\tres := e.response()',
        '\tres.Header().Add("Vary", "Origin")',
        '}',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'router.go', 'Add')).toEqual(['echo.go:11']);
    expect(callerLines(corpus, graph, 'group.go', 'Add')).toEqual([]);
    const asked = graph.search(
      {
        intent: 'find_references',
        raw: 'who calls Router.Add',
        identifiers: ['Add', 'Router'],
        qualifiers: ['Router'],
        terms: [],
        asksCalls: true,
      } as unknown as QueryPlan,
      20,
    );
    // cors.go's `res.Header().Add` is net/http's Header's: not even a use by name.
    expect(asked.map((h) => corpus.chunks[h.chunkId].path)).toEqual(['echo.go']);
  });

  it('mobx: a cast in place types its member call (`(this[$mobx] as ObservableArrayAdministration).getArrayLength_()`)', async () => {
    const { corpus, graph } = await index({
      'src/types/observablearray.ts': [
        'export class ObservableArrayAdministration {',
        '  getArrayLength_(): number {',
        '    return 0;',
        '  }',
        '}',
        'export class Other {',
        '  getArrayLength_(): number {',
        '    return 1;',
        '  }',
        '}',
      ].join('\n'),
      'src/types/legacyobservablearray.ts': [
        "import { ObservableArrayAdministration } from './observablearray';",
        'export class LegacyObservableArray {',
        '  get length(): number {',
        '    return (this[$mobx] as ObservableArrayAdministration).getArrayLength_();',
        '  }',
        '}',
      ].join('\n'),
    });
    const [administration, other] = corpus.chunks
      .filter((c) => c.path === 'src/types/observablearray.ts' && c.symbol === 'getArrayLength_')
      .map((c) => graph.callers(c.id).map((n) => `${n.path}:${n.line}`));
    expect(administration).toEqual(['src/types/legacyobservablearray.ts:4']);
    expect(other).toEqual([]);
  });

  it('`export { impl as name }` then `ns.name()` and an imported `name()` link to impl (typescript)', async () => {
    const { corpus, graph } = await index({
      'src/parse.ts': 'function parseImpl(s: string): string {\n  return s;\n}\nexport { parseImpl as parse };\n',
      'src/main.ts': "import * as p from './parse';\nexport const a = p.parse('x');\n",
      'src/other.ts': "import { parse } from './parse';\nexport const b = parse('y');\n",
    });
    expect(callerLines(corpus, graph, 'src/parse.ts', 'parseImpl')).toEqual(['src/main.ts:2', 'src/other.ts:2']);
  });

  it('a default export under another name (`export { impl as default }`, `export default function impl`), imported and called', async () => {
    const { corpus, graph } = await index({
      // redux-logger's shape: the factory renamed to the default export.
      'src/logger.ts':
        'function createLogger(options: object = {}) {\n  return () => options;\n}\nexport { createLogger as default };\n',
      // p-limit's shape: a named function as the default export.
      'src/limit.ts': 'export default function pLimit(concurrency: number) {\n  return concurrency;\n}\n',
      'src/app.ts': [
        "import logger from './logger';",
        "import limit, { type Limit } from './limit';",
        'export const log = logger({ collapsed: true });',
        'export const queue = limit(2);',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'src/logger.ts', 'createLogger')).toEqual(['src/app.ts:3']);
    expect(callerLines(corpus, graph, 'src/limit.ts', 'pLimit')).toEqual(['src/app.ts:4']);
  });
});

describe('calls on what a call returns', () => {
  it('reads the return type a signature states, per language', async () => {
    const { returnTypeOf } = await import('./local-types');
    expect(returnTypeOf('pub fn new_current_thread() -> Builder', 'rust', 'Builder')).toBe('Builder');
    expect(returnTypeOf('pub fn enable_all(&mut self) -> &mut Self', 'rust', 'Builder')).toBe('Builder');
    expect(returnTypeOf('pub fn build(&mut self) -> io::Result<Runtime>', 'rust', 'Builder')).toBe('Runtime');
    expect(returnTypeOf('getQueryCache(): QueryCache', 'typescript', 'QueryClient')).toBe('QueryCache');
    expect(returnTypeOf('func (c *Command) Root() *Command', 'go', 'Command')).toBe('Command');
    expect(returnTypeOf('func (c *Command) ExecuteC() (cmd *Command, err error)', 'go', 'Command')).toBe('Command');
    expect(returnTypeOf('func (c *Command) Execute() error', 'go', 'Command')).toBe('error');
    expect(returnTypeOf('def make_context(self, info_name: str, args: list) -> Context:', 'python', 'Command')).toBe(
      'Context',
    );
    expect(returnTypeOf('def invoke(self, ctx):', 'python', 'Command')).toBeUndefined();
  });

  it("query-core: this.#client.getQueryCache().build(…) calls QueryCache's build, not MutationCache's", async () => {
    const { corpus, graph } = await index({
      'src/queryCache.ts':
        'export class QueryCache {\n  build(client: unknown, options: unknown) {\n    return options\n  }\n}\n',
      'src/mutationCache.ts':
        'export class MutationCache {\n  build(client: unknown, options: unknown) {\n    return options\n  }\n}\n',
      'src/queryClient.ts': [
        "import { QueryCache } from './queryCache'",
        'export class QueryClient {',
        '  #queryCache = new QueryCache()',
        '  getQueryCache(): QueryCache {',
        '    return this.#queryCache',
        '  }',
        '}',
      ].join('\n'),
      'src/queryObserver.ts': [
        "import type { QueryClient } from './queryClient'",
        'export class QueryObserver {',
        '  #client: QueryClient',
        '  constructor(client: QueryClient, public options: unknown) {',
        '    this.#client = client',
        '  }',
        '  #updateQuery() {',
        '    const query = this.#client.getQueryCache().build(this.#client, this.options)',
        '    return query',
        '  }',
        '}',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'src/queryCache.ts', 'build')).toEqual(['src/queryObserver.ts:8']);
    expect(callerLines(corpus, graph, 'src/mutationCache.ts', 'build')).toEqual([]);
  });

  it("tokio: Builder::new_current_thread().enable_all().build() calls Builder's methods, not Handle's build", async () => {
    const { corpus, graph } = await index({
      'src/runtime/builder.rs': [
        'pub struct Builder {',
        '    enable_io: bool,',
        '}',
        '',
        'impl Builder {',
        '    pub fn new_current_thread() -> Builder {',
        '        Builder { enable_io: false }',
        '    }',
        '',
        '    pub fn enable_all(&mut self) -> &mut Self {',
        '        self.enable_io = true;',
        '        self',
        '    }',
        '',
        '    pub fn build(&mut self) -> io::Result<Runtime> {',
        '        Ok(Runtime {})',
        '    }',
        '}',
      ].join('\n'),
      'src/runtime/handle.rs': [
        'pub struct Handle {}',
        '',
        'impl Handle {',
        '    pub fn build(&self) -> Handle {',
        '        Handle {}',
        '    }',
        '}',
      ].join('\n'),
      'src/runtime/runtime.rs': 'pub struct Runtime {}\n',
      'tests/rt_basic.rs': [
        'fn rt() -> Runtime {',
        '    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()',
        '}',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'src/runtime/builder.rs', 'enable_all')).toEqual(['tests/rt_basic.rs:2']);
    expect(callerLines(corpus, graph, 'src/runtime/builder.rs', 'build')).toEqual(['tests/rt_basic.rs:2']);
    expect(callerLines(corpus, graph, 'src/runtime/handle.rs', 'build')).toEqual([]);
  });

  it('the same callee asked about from several files keeps each container apart (the returned type is kept per name and container)', async () => {
    const { corpus, graph } = await index({
      'src/store.ts':
        "import { Entry } from './entry';\nexport class Store {\n  get(): Entry {\n    return new Entry();\n  }\n}\n",
      'src/cache.ts':
        "import { Slot } from './slot';\nexport class Cache {\n  get(): Slot {\n    return new Slot();\n  }\n}\n",
      'src/entry.ts': 'export class Entry {\n  save() {\n    return 1;\n  }\n}\n',
      'src/slot.ts': 'export class Slot {\n  save() {\n    return 2;\n  }\n}\n',
      'src/a.ts': "import { Store } from './store';\nexport function a(store: Store) {\n  store.get().save();\n}\n",
      'src/b.ts': "import { Cache } from './cache';\nexport function b(cache: Cache) {\n  cache.get().save();\n}\n",
      // Untyped: both `get`s state a type, and they differ, so neither `save` is this one.
      'src/c.ts': 'export function c(x: unknown) {\n  x.get().save();\n}\n',
      'src/d.ts': "import { Store } from './store';\nexport function d(s: Store) {\n  s.get().save();\n}\n",
    });
    expect(callerLines(corpus, graph, 'src/entry.ts', 'save')).toEqual(['src/a.ts:3', 'src/d.ts:3']);
    expect(callerLines(corpus, graph, 'src/slot.ts', 'save')).toEqual(['src/b.ts:3']);
  });

  it("cobra: c.Root().PersistentFlags() on a typed receiver calls Command's PersistentFlags", async () => {
    const { corpus, graph } = await index({
      'command.go': [
        'package cobra',
        '',
        'type Command struct {',
        '\tparent *Command',
        '}',
        '',
        'func (c *Command) Root() *Command {',
        '\tif c.parent != nil {',
        '\t\treturn c.parent.Root()',
        '\t}',
        '\treturn c',
        '}',
        '',
        'func (c *Command) PersistentFlags() *FlagSet {',
        '\treturn nil',
        '}',
      ].join('\n'),
      'flags.go': ['package cobra', '', 'type FlagSet struct{}', '', 'func (f *FlagSet) PersistentFlags() {}'].join(
        '\n',
      ),
      'completions.go': [
        'package cobra',
        '',
        'func (c *Command) initCompleteCmd() {',
        '\tc.Root().PersistentFlags()',
        '}',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'command.go', 'PersistentFlags')).toEqual(['completions.go:4']);
    expect(callerLines(corpus, graph, 'flags.go', 'PersistentFlags')).toEqual([]);
  });
});
