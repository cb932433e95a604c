/**
 * Resolve before you link, on the shapes of real code (click's `os.environ.get` beside its own
 * helpers, tokio's doc examples and `mod x;` lines, `Default::default()`, cobra's one-package
 * files): a receiver that resolves elsewhere never links, a comment is never a call site, and a
 * Go file depends on a peer by the names it uses.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportRef } from '../contract';
import type { Corpus } from '../modality';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { definitionChunk, parsedGraph } from '../../../test/support/parsed-graph';
import { planQuery } from '../classify';
import { GraphIndex } from './index';
import { classNamedBy, importBindings } from './receivers';
import { rubyAliases, rubyConstructedAs, rubyFileNameOf } from './ruby';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const index = (files: Record<string, string>) => parsedGraph(analyzer, files);
const chunk = definitionChunk;

/** The graph's own answer to "what depends on FILE" (impact_analysis), as the search plans it. */
const impactHits = (graph: GraphIndex, raw: string, terms: string[]) =>
  graph.search(
    { intent: 'impact_analysis', raw, identifiers: [], terms } as unknown as Parameters<GraphIndex['search']>[0],
    20,
  );

const callerLines = (corpus: Corpus, graph: GraphIndex, path: string, symbol: string) =>
  graph.callers(chunk(corpus, path, symbol)).map((n) => `${n.path}:${n.line}`);

describe('receivers', () => {
  it('records the plain path before a member call, and none for an expression', async () => {
    const a = await analyzer.analyzeAsync(
      'core.py',
      ['import os', 'def f(self):', '    os.environ.get("X")', '    self.run()', '    g().get()'].join('\n'),
    );
    const receivers = a.references.filter((r) => r.qualified).map((r) => `${r.name}<${r.receiver ?? '()'}`);
    expect(receivers).toEqual(expect.arrayContaining(['get<os.environ', 'run<self', 'get<()']));
  });

  it('os.environ.get is not a call of the repository get, even in the file that defines one (click)', async () => {
    const { corpus, graph } = await index({
      'click/utils.py': [
        'import os',
        '',
        'def get(name):',
        '    return name',
        '',
        'def resolve_envvar(name):',
        '    value = os.environ.get(name)',
        '    return get(value)',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'click/utils.py', 'get')).toEqual(['click/utils.py:8']);
  });

  it('a docstring example is not a call, and the definition is not its own caller (python)', async () => {
    const { corpus, graph } = await index({
      'click/parser.py': [
        'def split_opt(opt):',
        '    """Split an option.',
        '',
        '    >>> split_opt("--x")',
        '    """',
        '    return opt[:1], opt[1:]',
        '',
        'def normalize_opt(opt):',
        '    prefix, name = split_opt(opt)',
        '    return name',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'click/parser.py', 'split_opt')).toEqual(['click/parser.py:9']);
  });

  it('Default::default() and a /// example are not calls; `mod x;` is not a use of x (rust, tokio)', async () => {
    const { corpus, graph } = await index({
      'src/lib.rs': [
        'mod task;',
        'pub fn run() {',
        '    let b = Builder::default();',
        '    task::spawn_inner();',
        '}',
      ].join('\n'),
      'src/task.rs': [
        '/// Spawns a task.',
        '///',
        '/// ```',
        '/// let handle = spawn_inner();',
        '/// ```',
        'pub fn spawn_inner() {}',
        '',
        'pub struct Config {}',
        'impl Config {',
        '    pub fn default() -> Config { Config {} }',
        '}',
        'pub fn make() -> u32 {',
        '    let x: u32 = Default::default();',
        '    x',
        '}',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'src/task.rs', 'spawn_inner')).toEqual(['src/lib.rs:4']);
    // `Builder` and `Default` are not types of this repository: neither call is Config::default.
    expect(callerLines(corpus, graph, 'src/task.rs', 'default')).toEqual([]);
    const lib = corpus.fileByPath.get('src/lib.rs')!;
    expect(lib.analysis.references.filter((r) => r.name === 'task' && r.line === 1)).toEqual([]);
  });

  it('a type receiver selects that type’s member (rust `Config::default` versus `Other::default`)', async () => {
    const { corpus, graph } = await index({
      'src/a.rs': [
        'pub struct Config {}',
        'impl Config { pub fn default() -> Config { Config {} } }',
        'pub struct Other {}',
        'impl Other { pub fn default() -> Other { Other {} } }',
        'pub fn make() { let c = Config::default(); }',
      ].join('\n'),
    });
    const defaults = corpus.chunks.filter((c) => c.path === 'src/a.rs' && c.symbol?.endsWith('default'));
    const callers = defaults.map((c) => graph.callers(c.id).map((n) => n.line));
    expect(callers.flat()).toEqual([5]);
  });

  it('a namespace import links `ns.load()` to that module’s load only, also through a barrel’s `export * as` (typescript)', async () => {
    const { corpus, graph } = await index({
      'src/api.ts': 'export function load(): number {\n  return 1;\n}\n',
      'src/cache.ts': 'export function load(): number {\n  return 2;\n}\n',
      'src/index.ts': "export * as api from './api';\n",
      'src/main.ts': "import * as api from './api';\nimport * as cache from './cache';\nexport const a = api.load();\n",
      'src/app.ts': "import { api } from './index';\nexport const b = api.load();\n",
    });
    expect(callerLines(corpus, graph, 'src/api.ts', 'load').sort()).toEqual(['src/app.ts:2', 'src/main.ts:3']);
    expect(callerLines(corpus, graph, 'src/cache.ts', 'load')).toEqual([]);
  });

  it('Go: files of one package depend on each other by the names they use; an importer that uses nothing of the file ranks last (cobra)', async () => {
    const { corpus, graph } = await index({
      'go.mod': 'module github.com/spf13/cobra\n',
      'args.go': ['package cobra', '', 'func legacyArgs(n int) bool {', '\treturn n > 0', '}'].join('\n'),
      'command.go': [
        'package cobra',
        '',
        'func (c *Command) ValidateArgs(n int) bool {',
        '\treturn legacyArgs(n)',
        '}',
        '',
        'type Command struct{}',
      ].join('\n'),
      'flags.go': ['package cobra', '', 'func flagNames() []string {', '\treturn nil', '}'].join('\n'),
      'doc/md.go': [
        'package doc',
        '',
        'import "github.com/spf13/cobra"',
        '',
        'func Gen() { _ = cobra.Command{} }',
      ].join('\n'),
    });
    const args = corpus.fileByPath.get('args.go')!;
    const dependants = graph.reverseDependencies({ fileId: args.id }, 1).map((d) => corpus.files[d.fileId].path);
    expect(dependants).toContain('command.go');
    expect(dependants).not.toContain('flags.go');
    const hits = impactHits(graph, 'what depends on args.go', ['args']);
    const order = hits.map((h) => corpus.chunks[h.chunkId].path);
    expect(order[0]).toBe('command.go');
    if (order.includes('doc/md.go')) expect(order.indexOf('doc/md.go')).toBeGreaterThan(order.indexOf('command.go'));
  });

  it("Go: a value's lower-case field is no type of the repository spelled alike; the qlog package's dependants are its importers (quic-go)", async () => {
    // quic-go's packet_handler_map.go calls `h.tracer.DroppedPacket(…)` on a `logging.Tracer`
    // field; qlog defines an unexported `type tracer struct` with that method, which the file can
    // neither name nor import.
    const { corpus, graph } = await index({
      'go.mod': 'module github.com/lucas-clemente/quic-go\n',
      'logging/interface.go': ['package logging', '', 'type Tracer interface {', '\tDroppedPacket(size int)', '}'].join(
        '\n',
      ),
      'qlog/qlog.go': [
        'package qlog',
        '',
        'import "github.com/lucas-clemente/quic-go/logging"',
        '',
        'type tracer struct{}',
        '',
        'func NewTracer() logging.Tracer { return &tracer{} }',
        '',
        'func (t *tracer) DroppedPacket(size int) {}',
      ].join('\n'),
      'qlog/trace.go': ['package qlog', '', 'func traceVersion() string {', '\treturn "draft-02"', '}'].join('\n'),
      'packet_handler_map.go': [
        'package quic',
        '',
        'import "github.com/lucas-clemente/quic-go/logging"',
        '',
        'type packetHandlerMap struct {',
        '\ttracer logging.Tracer',
        '}',
        '',
        'func (h *packetHandlerMap) handlePacket(size int) {',
        '\th.tracer.DroppedPacket(size)',
        '}',
      ].join('\n'),
      'db/keyer.go': [
        'package db',
        '',
        'type keyer struct{}',
        '',
        'func (k keyer) GenerateKey() []byte {',
        '\treturn nil',
        '}',
      ].join('\n'),
      'db/blockmap.go': [
        'package db',
        '',
        'type instance struct{ keyer keyer }',
        '',
        'func (i *instance) key() []byte {',
        '\treturn i.keyer.GenerateKey()',
        '}',
      ].join('\n'),
      'example/main.go': [
        'package main',
        '',
        'import "github.com/lucas-clemente/quic-go/qlog"',
        '',
        'func main() { _ = qlog.NewTracer() }',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'qlog/qlog.go', 'DroppedPacket')).toEqual([]);
    // A field named as a type of its own package is read as one (syncthing's `keyer keyer` in lib/db).
    expect(callerLines(corpus, graph, 'db/keyer.go', 'GenerateKey')).toEqual(['db/blockmap.go:6']);
    const qlog = corpus.fileByPath.get('qlog/qlog.go')!;
    expect(graph.reverseDependencies({ fileId: qlog.id }, 1).map((d) => corpus.files[d.fileId].path)).toEqual([
      'example/main.go',
    ]);
    // Asked as a package, the folder's files are the subject: none of them is its own dependant.
    const hits = graph.search({ ...planQuery('which files use the qlog package'), identifiers: [] }, 20);
    expect([...new Set(hits.map((h) => corpus.chunks[h.chunkId].path))]).toEqual(['example/main.go']);
  });

  it("Go: a bare name is the package's own, never an imported package's of that name; the importer does not depend on the file (hcl)", async () => {
    // hcl has `nameSuggestion` in three packages (hcl, hclsyntax, json): each file calls its own
    // package's, since Go reaches another package's names only through its qualifier.
    const suggest = (pkg: string) =>
      [`package ${pkg}`, '', 'func nameSuggestion(given string) string {', '\treturn given', '}'].join('\n');
    const { corpus, graph } = await index({
      'go.mod': 'module github.com/hashicorp/hcl/v2\n',
      'didyoumean.go': suggest('hcl'),
      'diagnostic.go': ['package hcl', '', 'type Diagnostic struct{}'].join('\n'),
      'hclsyntax/didyoumean.go': suggest('hclsyntax'),
      'hclsyntax/structure.go': [
        'package hclsyntax',
        '',
        'import "github.com/hashicorp/hcl/v2"',
        '',
        'func (b *Body) missing(name string) *hcl.Diagnostic {',
        '\t_ = nameSuggestion(name)',
        '\treturn &hcl.Diagnostic{}',
        '}',
        '',
        'type Body struct{}',
      ].join('\n'),
      'json/didyoumean.go': suggest('json'),
      'json/structure.go': [
        'package json',
        '',
        'import (',
        '\t"github.com/hashicorp/hcl/v2"',
        '\t"github.com/hashicorp/hcl/v2/hclsyntax"',
        ')',
        '',
        'func keyword(name string) *hcl.Diagnostic {',
        '\t_ = nameSuggestion(name)',
        '\t_ = hclsyntax.Body{}',
        '\treturn nil',
        '}',
      ].join('\n'),
    });
    const dependantsOf = (path: string) =>
      graph
        .reverseDependencies({ fileId: corpus.fileByPath.get(path)!.id }, 1)
        .map((d) => corpus.files[d.fileId].path)
        .sort();
    expect(dependantsOf('hclsyntax/didyoumean.go')).toEqual(['hclsyntax/structure.go']);
    expect(dependantsOf('json/didyoumean.go')).toEqual(['json/structure.go']);
    expect(dependantsOf('didyoumean.go')).toEqual([]);
    expect(callerLines(corpus, graph, 'hclsyntax/didyoumean.go', 'nameSuggestion')).toEqual([
      'hclsyntax/structure.go:6',
    ]);
    expect(callerLines(corpus, graph, 'didyoumean.go', 'nameSuggestion')).toEqual([]);
  });

  it("Go: a one-line import binds the package's name, an alias its alias; both link their qualified calls (a cmd/main.go)", async () => {
    const store = [
      'package store',
      '',
      'type Store struct{ c *cache }',
      '',
      'func Open() *Store {',
      '\treturn &Store{c: newCache()}',
      '}',
    ].join('\n');
    const { corpus, graph } = await index({
      'go.mod': 'module example.com/shop\n\ngo 1.22\n',
      'internal/store/store.go': store,
      'internal/store/cache.go': [
        'package store',
        '',
        'type cache struct{}',
        '',
        'func newCache() *cache {',
        '\treturn &cache{}',
        '}',
      ].join('\n'),
      // A generator beside the package (`go run gen.go`): its clause is not the package's.
      'internal/store/gen.go': ['//go:build ignore', '', 'package main', '', 'func main() {}'].join('\n'),
      'cmd/shop/main.go': [
        'package main',
        '',
        'import "example.com/shop/internal/store"',
        '',
        'func main() {',
        '\ts := store.Open()',
        '\t_ = s',
        '}',
      ].join('\n'),
      'cmd/admin/main.go': [
        'package main',
        '',
        'import st "example.com/shop/internal/store"',
        '',
        'func run() {',
        '\t_ = st.Open()',
        '}',
      ].join('\n'),
      // A package whose clause is not its folder's name: the clause is what Go binds.
      'internal/pg/db.go': ['package postgres', '', 'func Open() error {', '\treturn nil', '}'].join('\n'),
      'cmd/migrate/main.go': [
        'package main',
        '',
        'import "example.com/shop/internal/pg"',
        '',
        'func migrate() {',
        '\t_ = postgres.Open()',
        '}',
      ].join('\n'),
    });
    expect(callerLines(corpus, graph, 'internal/store/store.go', 'Open').sort()).toEqual([
      'cmd/admin/main.go:6',
      'cmd/shop/main.go:6',
    ]);
    expect(callerLines(corpus, graph, 'internal/pg/db.go', 'Open')).toEqual(['cmd/migrate/main.go:6']);
    expect(graph.callees(chunk(corpus, 'cmd/shop/main.go', 'main')).map((c) => `${c.path}:${c.symbol}`)).toEqual([
      'internal/store/store.go:Open',
    ]);
    const dependantsOf = (path: string) =>
      graph
        .reverseDependencies({ fileId: corpus.fileByPath.get(path)!.id }, 1)
        .map((d) => corpus.files[d.fileId].path)
        .sort();
    expect(dependantsOf('internal/store/store.go')).toEqual(['cmd/admin/main.go', 'cmd/shop/main.go']);
    // The importers use nothing of cache.go: the package's own store.go is its one dependant.
    expect(dependantsOf('internal/store/cache.go')).toEqual(['internal/store/store.go']);
  });

  it("Go: a dot import brings the package's names in bare, read from its ImportRef (a gomega suite)", async () => {
    const { corpus, graph } = await index({
      'go.mod': 'module github.com/onsi/gomega\n',
      'matchers/equal.go': ['package matchers', '', 'func Equal(x any) bool {', '\treturn x != nil', '}'].join('\n'),
      'format/equal.go': ['package format', '', 'func Equal(x any) bool {', '\treturn true', '}'].join('\n'),
      'suite_test.go': [
        'package gomega_test',
        '',
        'import (',
        '\t"testing"',
        '\t. "github.com/onsi/gomega/matchers"',
        ')',
        '',
        'func TestEqual(t *testing.T) {',
        '\t_ = Equal(1)',
        '}',
      ].join('\n'),
      // The same bare call beside a plain import: a bare name is its own package's, and
      // gomega_test defines no Equal.
      'plain_test.go': [
        'package gomega_test',
        '',
        'import "github.com/onsi/gomega/format"',
        '',
        'func TestPlain() {',
        '\t_ = Equal(2)',
        '}',
      ].join('\n'),
    });
    expect(corpus.fileByPath.get('suite_test.go')!.analysis?.imports.map((i) => i.dot === true)).toEqual([false, true]);
    expect(callerLines(corpus, graph, 'matchers/equal.go', 'Equal')).toEqual(['suite_test.go:9']);
    expect(callerLines(corpus, graph, 'format/equal.go', 'Equal')).toEqual([]);
  });

  it('Rust: a `mod x;` parent stays a dependant of x.rs, after the files that use its names, saying it only declares it (hyper)', async () => {
    const { corpus, graph } = await index({
      'src/lib.rs': ['pub mod ext;', 'mod proto;', '', 'pub fn version() -> u32 {', '    1', '}'].join('\n'),
      'src/ext.rs': ['pub struct Protocol {', '    inner: u32,', '}'].join('\n'),
      'src/proto.rs': [
        'use crate::ext::Protocol;',
        '',
        'pub fn upgrade(p: Protocol) -> u32 {',
        '    crate::version()',
        '}',
      ].join('\n'),
    });
    const hits = impactHits(graph, 'what depends on ext.rs', ['ext']);
    const listed = hits.map((h) => `${corpus.chunks[h.chunkId].path} ${h.reason}`);
    expect(listed).toEqual([
      'src/proto.rs imports src/ext.rs',
      'src/lib.rs declares src/ext.rs as its module and uses none of its names',
    ]);
  });

  it('Ruby: a value named for a repository class (`query_parser`, `@query_parser`) is one of it when the class has the member called (rack)', async () => {
    const { corpus, graph } = await index({
      'rack/query_parser.rb': [
        'module Rack',
        '  class QueryParser',
        '    def parse_nested_query(qs, d = nil)',
        '      make_params',
        '    end',
        '',
        '    def normalize_params(params, name, v, depth)',
        '      params',
        '    end',
        '',
        '    def make_params',
        '      {}',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'rack/request.rb': [
        'module Rack',
        '  class Request',
        '    def query_parser',
        '      Utils.default_query_parser',
        '    end',
        '',
        '    def parse_query(qs, d = "&")',
        '      query_parser.parse_nested_query(qs, d)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'rack/multipart/parser.rb': [
        'module Rack',
        '  module Multipart',
        '    class Parser',
        '      def initialize(boundary, query_parser)',
        '        @query_parser = query_parser',
        '        @params = query_parser.make_params',
        '      end',
        '',
        '      def result(part, data)',
        '        @query_parser.normalize_params(@params, part, data, 100)',
        '      end',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      // `parser.make_params`: the class named Parser has no make_params; `query_parser.result`:
      // QueryParser has no result (Parser's). Neither is a use of query_parser.rb.
      'rack/lint.rb': [
        'module Rack',
        '  class Lint',
        '    def check(parser, query_parser)',
        '      parser.make_params',
        '      query_parser.result(1, 2)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    const target = corpus.fileByPath.get('rack/query_parser.rb')!;
    const dependants = graph.reverseDependencies({ fileId: target.id }, 1).map((d) => corpus.files[d.fileId].path);
    expect(dependants.sort()).toEqual(['rack/multipart/parser.rb', 'rack/request.rb']);
    expect(callerLines(corpus, graph, 'rack/query_parser.rb', 'normalize_params')).toEqual([
      'rack/multipart/parser.rb:10',
    ]);
  });

  it('Ruby: a value the file makes from an outside class (`@parser ||= URI::Parser.new`) is not the repository’s Parser by its name (rack)', async () => {
    const { corpus, graph } = await index({
      'rack/multipart/parser.rb': [
        'module Rack',
        '  module Multipart',
        '    class Parser',
        '      def self.parse(io, content_length)',
        '        new(io)',
        '      end',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'rack/mock.rb': [
        'module Rack',
        '  class MockRequest',
        '    def self.parse_uri_rfc2396(uri)',
        '      @parser ||= URI::Parser.new',
        '      @parser.parse(uri)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'rack/multipart.rb': [
        'module Rack',
        '  module Multipart',
        '    def self.extract_multipart(io, parser)',
        '      parser.parse(io, 0)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    const target = corpus.fileByPath.get('rack/multipart/parser.rb')!;
    const dependants = graph.reverseDependencies({ fileId: target.id }, 1).map((d) => corpus.files[d.fileId].path);
    expect(dependants).toEqual(['rack/multipart.rb']);
  });

  it('rubyConstructedAs: the constant a value is made from, as written', () => {
    const text = 'def a\n  @parser ||= URI::Parser.new\n  other_parser = Parser.new(1)\nend\n';
    expect(rubyConstructedAs(text, 'parser')).toBe('URI::Parser');
    expect(rubyConstructedAs(text, 'other_parser')).toBe('Parser');
    expect(rubyConstructedAs(text, 'query_parser')).toBeUndefined();
  });

  it('classNamedBy: the class a receiver is named for, only for plain snake_case names and fields', () => {
    expect(classNamedBy('query_parser')).toBe('QueryParser');
    expect(classNamedBy('@query_parser')).toBe('QueryParser');
    expect(classNamedBy('self._query_parser')).toBe('QueryParser');
    expect(classNamedBy('command')).toBe('Command');
    expect(classNamedBy('@@registry')).toBeUndefined();
    expect(classNamedBy('Utils')).toBeUndefined();
    expect(classNamedBy('os.environ')).toBeUndefined();
    expect(classNamedBy('self')).toBeUndefined();
    expect(classNamedBy('queryParser')).toBeUndefined();
  });

  it('Ruby: a bare call of a name its file aliases is that file’s method, not another class’s of that name (thor)', async () => {
    const { corpus, graph } = await index({
      'thor/parser/argument.rb': [
        'class Thor',
        '  class Argument',
        '    attr_reader :name',
        '    alias_method :human_name, :name',
        '',
        '    def default_banner',
        '      human_name.upcase',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'thor/parser/option.rb': [
        'class Thor',
        '  class Option < Argument',
        '    def human_name',
        '      @human_name ||= dasherized? ? undasherize(name) : name',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'thor/invocation.rb': [
        'class Thor',
        '  module Invocation',
        '    def invoke_command(command, *args)',
        '      command.run(self, *args)',
        '    end',
        '    alias invoke_task invoke_command',
        '',
        '    def invoke_all',
        '      invoke_task(nil)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    const option = corpus.fileByPath.get('thor/parser/option.rb')!;
    const dependants = graph.reverseDependencies({ fileId: option.id }, 1).map((d) => corpus.files[d.fileId].path);
    expect(dependants).not.toContain('thor/parser/argument.rb');
    expect(callerLines(corpus, graph, 'thor/parser/option.rb', 'human_name')).toEqual([]);
    // The alias line names invoke_command too.
    expect(callerLines(corpus, graph, 'thor/invocation.rb', 'invoke_command').sort()).toEqual([
      'thor/invocation.rb:6',
      'thor/invocation.rb:9',
    ]);
  });

  it('rubyAliases: alias_method with symbols or strings, alias with bare names or symbols, not global variables', () => {
    const text = [
      'alias_method :human_name, :name',
      'alias_method("to_s", "inspect")',
      'alias invoke_task invoke_command',
      'alias :task? :command?',
      'alias $err $stderr',
    ].join('\n');
    expect([...rubyAliases(text)]).toEqual([
      ['human_name', 'name'],
      ['to_s', 'inspect'],
      ['invoke_task', 'invoke_command'],
      ['task?', 'command?'],
    ]);
  });

  it('Ruby: a bare call in a class reaches its own, inherited and mixed-in methods, not an unrelated class’s (thor, rack)', async () => {
    const { corpus, graph } = await index({
      'lib/response.rb': ['class Response', '  def finish', '    []', '  end', 'end'].join('\n'),
      'lib/argument.rb': ['class Argument', '  def check_type(type)', '    true', '  end', 'end'].join('\n'),
      'lib/shell.rb': ['module Shell', '  def say_status(status)', '    status', '  end', 'end'].join('\n'),
      'lib/actions.rb': ['module Actions', '  def create_file(path)', '    say_status(:create)', '  end', 'end'].join(
        '\n',
      ),
      'lib/option.rb': ['class Option < Argument', '  def validate!', '    check_type(:string)', '  end', 'end'].join(
        '\n',
      ),
      'lib/group.rb': [
        'class Group',
        '  include Actions',
        '',
        '  def run',
        '    create_file("a")',
        '    finish',
        '  end',
        'end',
      ].join('\n'),
    });
    // Group neither is, inherits nor mixes in Response: its bare `finish` is not Response#finish.
    expect(callerLines(corpus, graph, 'lib/response.rb', 'finish')).toEqual([]);
    expect(callerLines(corpus, graph, 'lib/argument.rb', 'check_type')).toEqual(['lib/option.rb:3']);
    expect(callerLines(corpus, graph, 'lib/actions.rb', 'create_file')).toEqual(['lib/group.rb:5']);
    // A module's body calls what its includers provide: kept.
    expect(callerLines(corpus, graph, 'lib/shell.rb', 'say_status')).toEqual(['lib/actions.rb:3']);
  });

  it('Ruby: a module reopened in another file is used where its own file defines it (thor’s Thor::Base in base.rb and shell.rb)', async () => {
    const { corpus, graph } = await index({
      'thor/base.rb': [
        'class Thor',
        '  module Base',
        '    def self.subclasses',
        '      @subclasses ||= []',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'thor/shell.rb': [
        'class Thor',
        '  module Base',
        '    class << self',
        '      attr_writer :shell',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'thor/util.rb': [
        'class Thor',
        '  module Util',
        '    def self.find_by_namespace(namespace)',
        '      Thor::Base.subclasses.detect { |klass| klass.namespace == namespace }',
        '    end',
        '',
        '    def self.thor_class?(klass)',
        '      klass <= Thor::Base',
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    const dependants = (path: string) =>
      graph.reverseDependencies({ fileId: corpus.fileByPath.get(path)!.id }, 1).map((d) => corpus.files[d.fileId].path);
    expect(dependants('thor/base.rb')).toContain('thor/util.rb');
    expect(dependants('thor/shell.rb')).not.toContain('thor/util.rb');
  });

  it('rubyFileNameOf: the file name of a class by Ruby’s convention', () => {
    expect(rubyFileNameOf('Base')).toBe('base.rb');
    expect(rubyFileNameOf('LineEditor')).toBe('line_editor.rb');
    expect(rubyFileNameOf('HTTPError')).toBe('http_error.rb');
    expect(rubyFileNameOf('HTML')).toBe('html.rb');
  });
});

describe('importBindings', () => {
  it("reads each import on its own line, the last one on the file's last line without a newline (only the lines up to it are split)", () => {
    const text = [
      "import express from 'express';",
      '',
      'function helper() {}',
      "const { Router } = require('./router')",
      '// body',
      "const parser = require('./parser')",
    ].join('\n');
    const bindings = importBindings(
      [
        { specifier: 'express', line: 1, names: ['default'], kind: 'import' },
        { specifier: './router', line: 4, names: ['Router'], kind: 'require' },
        { specifier: './parser', line: 6, names: [], kind: 'require' },
      ],
      text,
      'javascript',
      (line) => (line === 1 ? [] : [line]),
    );
    expect([...bindings].map(([name, b]) => `${name}:${b.external ? 'ext' : b.files.join(',')}`)).toEqual([
      'express:ext',
      'Router:4',
      'parser:6',
    ]);
    // An import said to be on a line past the end binds what its names say, and nothing from the text.
    const past = importBindings(
      [{ specifier: './x', line: 9, names: ['x'], kind: 'import' }],
      'a\nb',
      'javascript',
      () => [2],
    );
    expect([...past.keys()]).toEqual(['x']);
  });

  it('Go: binds from the ImportRef alone — its alias, else the package clause, else the name the path implies; a dot or blank import binds none', () => {
    const go = (specifier: string, line: number, more: Partial<ImportRef> = {}): ImportRef => ({
      specifier,
      line,
      names: ['*'],
      kind: 'import',
      ...more,
    });
    const bindings = importBindings(
      [
        go('example.com/shop/internal/store', 1),
        go('example.com/shop/internal/store', 2, { alias: 'st' }),
        go('example.com/shop/internal/pg', 3),
        go('github.com/lib/pq', 4, { names: [] }),
        go('github.com/onsi/gomega', 5, { dot: true }),
        go('gopkg.in/yaml.v3', 6),
        go('github.com/hashicorp/hcl/v2', 7),
        go('github.com/mattn/go-sqlite3', 8),
        go('github.com/x/foo-go', 9),
        go('fmt', 10),
      ],
      // No text is read for Go: the import line, as written, would have said `import`.
      '',
      'go',
      (line) => (line <= 3 ? [line * 10] : []),
      (files) => (({ 10: 'store', 20: 'store', 30: 'postgres' }) as Record<number, string>)[files[0]],
    );
    expect([...bindings].map(([name, b]) => `${name}:${b.external ? 'ext' : b.files.join(',')}`)).toEqual([
      'store:10',
      'st:20',
      'postgres:30',
      'yaml:ext',
      'hcl:ext',
      'sqlite3:ext',
      'foo:ext',
      'fmt:ext',
    ]);
  });
});
