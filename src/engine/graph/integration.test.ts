/**
 * The graph over real source parsed by tree-sitter (the structural analyzer): small
 * repositories in each language, written as files, resolved and linked end to end.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { QueryPlan, SourceFile } from '../contract';
import type { Corpus } from '../modality';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import { GraphIndex } from './index';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
});

function index(files: Record<string, string>): { corpus: Corpus; graph: GraphIndex } {
  const sources: SourceFile[] = Object.entries(files).map(([path, text]) => ({ path, text }));
  const corpus = buildCorpus(sources, analyzer);
  return { corpus, graph: GraphIndex.build(corpus) };
}

function definitionChunk(corpus: Corpus, path: string, symbol: string): number {
  const chunk = corpus.chunks.find((c) => c.path === path && c.symbol === symbol && c.kind === 'definition');
  if (!chunk)
    throw new Error(
      `no definition chunk ${symbol} in ${path}: ${corpus.chunks.filter((c) => c.path === path).map((c) => c.symbol)}`,
    );
  return chunk.id;
}

const plan = (intent: QueryPlan['intent'], raw: string, identifiers: string[]): QueryPlan => ({
  intent,
  confidence: 0.9,
  rule: 'test',
  raw,
  identifiers,
  terms: [],
  // What planQuery sets for "who calls X" (classify.ts).
  ...(intent === 'find_references' && /^who calls\b/.test(raw) ? { asksCalls: true } : {}),
});
const importedPaths = (corpus: Corpus, graph: GraphIndex, path: string) =>
  graph
    .importsOf(corpus.fileByPath.get(path)!.id)
    .map((l) => l.path)
    .sort();

describe('graph over tree-sitter analyses', () => {
  it('TypeScript monorepo: tsconfig paths, workspace package, barrel re-export, callers and impact', () => {
    const { corpus, graph } = index({
      'tsconfig.json':
        '{\n  // base\n  "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["packages/app/src/*"], }, },\n}\n',
      'packages/core/package.json': JSON.stringify({
        name: '@acme/core',
        exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
      }),
      'packages/core/src/index.ts': "export * from './config';\nexport { log } from './log';\n",
      'packages/core/src/config.ts':
        "export interface Config { port: number }\n\nexport function parseConfig(text: string): Config {\n  return JSON.parse(text) as Config;\n}\n\nexport function loadConfig(): Config {\n  return parseConfig('{}');\n}\n",
      'packages/core/src/log.ts': 'export function log(message: string): void {\n  console.log(message);\n}\n',
      'packages/app/src/server.ts':
        "import { loadConfig, log } from '@acme/core';\nimport express from 'express';\n\nexport function startServer(): void {\n  const config = loadConfig();\n  log(`listening on ${config.port}`);\n  express().listen(config.port);\n}\n",
      'packages/app/src/main.ts':
        "import { startServer } from '@app/server';\n\nexport function main(): void {\n  startServer();\n}\n\nmain();\n",
    });
    expect(importedPaths(corpus, graph, 'packages/app/src/server.ts')).toEqual(['packages/core/src/index.ts']);
    expect(importedPaths(corpus, graph, 'packages/app/src/main.ts')).toEqual(['packages/app/src/server.ts']);
    expect(importedPaths(corpus, graph, 'packages/core/src/index.ts')).toEqual([
      'packages/core/src/config.ts',
      'packages/core/src/log.ts',
    ]);
    expect(
      graph.externalImportsOf(corpus.fileByPath.get('packages/app/src/server.ts')!.id).map((e) => e.packageName),
    ).toEqual(['express']);

    const loadConfig = definitionChunk(corpus, 'packages/core/src/config.ts', 'loadConfig');
    const callers = graph.callers(loadConfig);
    expect(callers.map((c) => [c.path, c.symbol])).toEqual([['packages/app/src/server.ts', 'startServer']]);
    expect(
      graph
        .callees(definitionChunk(corpus, 'packages/app/src/server.ts', 'startServer'))
        .map((c) => c.symbol)
        .sort(),
    ).toEqual(['loadConfig', 'log']);
    expect(
      graph.callers(definitionChunk(corpus, 'packages/core/src/config.ts', 'parseConfig')).map((c) => c.symbol),
    ).toEqual(['loadConfig']);

    const impact = graph.search(plan('impact_analysis', 'what depends on loadConfig', ['loadConfig']), 20);
    expect(impact.map((h) => h.reason)).toEqual([
      'hop 1: calls loadConfig in startServer (imported by name)',
      'hop 1: imports loadConfig from packages/core/src/index.ts',
      'hop 2: imports packages/app/src/server.ts which calls loadConfig',
    ]);
    expect(corpus.chunks[impact[2].chunkId].path).toBe('packages/app/src/main.ts');
  });

  it('a name asked with the file defining it (libc’s `who calls CMSG_ALIGN in unix/linux_like/mod.rs`): that definition’s callers, not the file’s importers', () => {
    const { corpus, graph } = index({
      'os/linux.c':
        'static unsigned cmsg_align(unsigned len) {\n  return (len + 7) & ~7u;\n}\n\nunsigned cmsg_space(unsigned len) {\n  return cmsg_align(len) + cmsg_align(16);\n}\n',
      'os/bsd.c':
        'static unsigned cmsg_align(unsigned len) {\n  return (len + 3) & ~3u;\n}\n\nunsigned cmsg_len(unsigned len) {\n  return cmsg_align(16) + len;\n}\n',
      'main.c': '#include "os/linux.c"\n\nint main(void) {\n  return (int)cmsg_space(4);\n}\n',
    });
    const asked = plan('find_references', 'who calls cmsg_align in os/linux.c', ['cmsg_align', 'linux', 'c']);
    expect(graph.subjectOf(asked)).toMatchObject({
      kind: 'symbols',
      names: ['cmsg_align'],
      definitions: [{ path: 'os/linux.c', line: 1 }],
    });
    expect(graph.search(asked, 20).map((h) => corpus.chunks[h.chunkId].symbol)).toEqual(['cmsg_space']);
    // A file named alone stays the subject: its importers.
    expect(graph.subjectOf(plan('find_references', 'who uses os/linux.c', ['linux', 'c']))?.kind).toBe('files');
  });

  it('Python package: relative and absolute imports, submodules, method calls', () => {
    const { corpus, graph } = index({
      'src/shop/__init__.py': '',
      'src/shop/models.py':
        'class Order:\n    def __init__(self, items):\n        self.items = items\n\n    def total(self):\n        return sum(i.price for i in self.items)\n',
      'src/shop/billing/__init__.py': 'from . import tax\n',
      'src/shop/billing/tax.py': 'RATE = 0.2\n\ndef compute(amount):\n    return amount * RATE\n',
      'src/shop/billing/invoice.py':
        'from ..models import Order\nfrom shop.billing import tax\nimport os\n\ndef invoice(items):\n    order = Order(items)\n    return tax.compute(order.total())\n',
      'tests/test_invoice.py':
        'from shop.billing.invoice import invoice\n\ndef test_invoice():\n    assert invoice([]) == 0\n',
    });
    expect(importedPaths(corpus, graph, 'src/shop/billing/invoice.py')).toEqual([
      'src/shop/billing/__init__.py',
      'src/shop/billing/tax.py',
      'src/shop/models.py',
    ]);
    expect(importedPaths(corpus, graph, 'tests/test_invoice.py')).toEqual(['src/shop/billing/invoice.py']);
    expect(importedPaths(corpus, graph, 'src/shop/billing/__init__.py')).toEqual(['src/shop/billing/tax.py']);
    const invoice = definitionChunk(corpus, 'src/shop/billing/invoice.py', 'invoice');
    expect(
      graph
        .callees(invoice)
        .map((c) => c.symbol)
        .sort(),
    ).toEqual(expect.arrayContaining(['Order', 'compute', 'total']));
    expect(graph.callers(definitionChunk(corpus, 'src/shop/billing/tax.py', 'compute')).map((c) => c.symbol)).toEqual([
      'invoice',
    ]);
    const deps = graph.reverseDependencies({ fileId: corpus.fileByPath.get('src/shop/billing/tax.py')!.id });
    expect(deps.map((d) => [corpus.files[d.fileId].path, d.hops])).toEqual(
      expect.arrayContaining([
        ['src/shop/billing/invoice.py', 1],
        ['tests/test_invoice.py', 2],
      ]),
    );
  });

  it('Go module: package import, qualified calls, same-package calls', () => {
    const { corpus, graph } = index({
      'go.mod': 'module example.com/shop\n\ngo 1.22\n',
      'internal/store/store.go':
        'package store\n\ntype Store struct{ c *cache }\n\nfunc Open() *Store {\n\treturn &Store{c: newCache()}\n}\n',
      'internal/store/cache.go':
        'package store\n\ntype cache struct{}\n\nfunc newCache() *cache {\n\treturn &cache{}\n}\n',
      'cmd/server/main.go':
        'package main\n\nimport (\n\t"fmt"\n\t"example.com/shop/internal/store"\n)\n\nfunc main() {\n\ts := store.Open()\n\tfmt.Println(s)\n}\n',
    });
    expect(importedPaths(corpus, graph, 'cmd/server/main.go')).toEqual([
      'internal/store/cache.go',
      'internal/store/store.go',
    ]);
    expect(
      graph.callers(definitionChunk(corpus, 'internal/store/store.go', 'Open')).map((c) => [c.path, c.symbol]),
    ).toEqual([['cmd/server/main.go', 'main']]);
    expect(
      graph.callers(definitionChunk(corpus, 'internal/store/cache.go', 'newCache')).map((c) => [c.path, c.symbol]),
    ).toEqual([['internal/store/store.go', 'Open']]);
    expect(graph.stats().unresolvedImports).toBe(1);
  });

  it('Go module: each import on its own `import` line binds the package name, not the word `import`', () => {
    const { corpus, graph } = index({
      'go.mod': 'module example.com/shop\n\ngo 1.22\n',
      'internal/store/store.go': 'package store\n\ntype Store struct{}\n\nfunc Open() *Store {\n\treturn &Store{}\n}\n',
      'cmd/server/main.go':
        'package main\n\nimport "fmt"\nimport "example.com/shop/internal/store"\n\nfunc main() {\n\ts := store.Open()\n\tfmt.Println(s)\n}\n',
    });
    expect(
      graph.callers(definitionChunk(corpus, 'internal/store/store.go', 'Open')).map((c) => [c.path, c.symbol]),
    ).toEqual([['cmd/server/main.go', 'main']]);
  });

  it('Rust crate: mod declarations, crate:: and super:: paths', () => {
    const { corpus, graph } = index({
      'Cargo.toml': '[package]\nname = "shop"\nversion = "0.1.0"\n',
      'src/lib.rs': 'pub mod config;\npub mod net;\n',
      'src/config.rs':
        'pub struct Config {\n    pub port: u16,\n}\n\npub fn load() -> Config {\n    Config { port: 8080 }\n}\n',
      'src/net/mod.rs': 'pub mod http;\npub mod tcp;\n',
      'src/net/tcp.rs': 'pub fn connect(port: u16) -> bool {\n    port > 0\n}\n',
      'src/net/http.rs':
        'use crate::config::{self, Config};\nuse super::tcp::connect;\nuse std::io;\n\npub fn serve() -> bool {\n    let c: Config = config::load();\n    connect(c.port)\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn serves() {}\n}\n',
    });
    expect(importedPaths(corpus, graph, 'src/lib.rs')).toEqual(['src/config.rs', 'src/net/mod.rs']);
    expect(importedPaths(corpus, graph, 'src/net/mod.rs')).toEqual(['src/net/http.rs', 'src/net/tcp.rs']);
    expect(importedPaths(corpus, graph, 'src/net/http.rs')).toEqual(['src/config.rs', 'src/net/tcp.rs']);
    const serve = definitionChunk(corpus, 'src/net/http.rs', 'serve');
    expect(
      graph
        .callees(serve)
        .map((c) => c.symbol)
        .sort(),
    ).toEqual(expect.arrayContaining(['connect', 'load']));
    expect(graph.externalImportsOf(corpus.fileByPath.get('src/net/http.rs')!.id).map((e) => e.packageName)).toEqual([
      'std',
    ]);
  });

  it('Rust crate: crate:: paths written in place, in macro arguments and in cfg macro bodies (tokio shape)', () => {
    const { corpus, graph } = index({
      'Cargo.toml': '[package]\nname = "tokio"\nversion = "1.24.2"\n',
      'src/lib.rs': 'mod macros;\npub mod runtime;\npub mod time;\nmod util;\n',
      'src/macros.rs': 'macro_rules! cfg_rt {\n    ($($item:item)*) => { $( $item )* }\n}\n',
      'src/util/mod.rs': 'pub(crate) mod error;\n',
      'src/util/error.rs':
        'pub(crate) const CONTEXT_MISSING_ERROR: &str = "no reactor running";\npub(crate) const THREAD_LOCAL_DESTROYED_ERROR: &str = "thread local destroyed";\n',
      'src/runtime/mod.rs': 'cfg_rt! {\n    mod handle;\n}\n',
      'src/runtime/handle.rs':
        'pub struct Handle {}\n\nimpl Handle {\n    pub fn current() -> Self {\n        match try_current() {\n            Some(h) => h,\n            None => panic!("{}", crate::util::error::CONTEXT_MISSING_ERROR),\n        }\n    }\n}\n\nfn try_current() -> Option<Handle> {\n    None\n}\n',
      'src/time/mod.rs': 'mod clock;\n',
      'src/time/clock.rs':
        'pub(crate) fn now() -> u64 {\n    let msg = crate::util::error::THREAD_LOCAL_DESTROYED_ERROR;\n    let again = crate::util::error::THREAD_LOCAL_DESTROYED_ERROR;\n    (msg.len() + again.len()) as u64\n}\n\npub(crate) fn handle() -> crate::runtime::Handle {\n    Handle::current()\n}\n',
    });
    expect(importedPaths(corpus, graph, 'src/runtime/handle.rs')).toEqual(['src/util/error.rs']);
    expect(importedPaths(corpus, graph, 'src/time/clock.rs')).toEqual(['src/runtime/mod.rs', 'src/util/error.rs']);
    expect(importedPaths(corpus, graph, 'src/runtime/mod.rs')).toEqual(['src/runtime/handle.rs']);
    // `Handle::current` (a `Type::` path) is no import; the repeated error path is one edge.
    expect(graph.stats().unresolvedImports).toBe(0);
  });

  it('Rust crate: `pub use` passes names on to the defining file; standard names and doc links are no dependency (tokio shape)', () => {
    const { corpus, graph } = index({
      'Cargo.toml': '[package]\nname = "tokio"\nversion = "1.24.2"\n',
      'src/lib.rs': 'mod macros;\npub mod io;\npub mod net;\nmod runtime;\npub mod sync;\npub mod time;\n',
      'src/runtime/mod.rs': 'mod raw;\n',
      'src/macros.rs': 'macro_rules! cfg_test_util {\n    ($($item:item)*) => { $( $item )* }\n}\n',
      'src/time/mod.rs':
        'mod clock;\nmod instant;\npub use self::instant::Instant;\nmod sleep;\npub use sleep::{sleep_until, Sleep};\nmod timeout;\npub use timeout::{timeout_at, Timeout};\n',
      'src/time/instant.rs': 'pub struct Instant {\n    std: u64,\n}\n',
      'src/time/sleep.rs':
        'use crate::time::Instant;\n\npub fn sleep_until(deadline: Instant) -> Sleep {\n    Sleep { deadline }\n}\n\npub struct Sleep {\n    deadline: Instant,\n}\n\nimpl Sleep {\n    pub fn poll(&self) -> bool {\n        true\n    }\n}\n',
      'src/time/timeout.rs':
        'use crate::time::{sleep_until, Instant, Sleep};\n\npub struct Timeout {\n    delay: Sleep,\n}\n\npub fn timeout_at(deadline: Instant) -> Timeout {\n    Timeout { delay: sleep_until(deadline) }\n}\n',
      'src/time/clock.rs':
        'use crate::time::Instant;\n\npub(crate) struct Wheel {}\n\npub(crate) fn process(now: Instant, wheel: Wheel) -> bool {\n    wheel.poll()\n}\n\ncfg_test_util! {\n    /// Wakes what waits; see [`Ready`]: crate::io::Ready\n    pub fn advance() {}\n}\n',
      'src/io/mod.rs': 'mod blocking;\nmod copy;\nmod ready;\npub use ready::Ready;\n',
      'src/io/ready.rs': 'pub struct Ready(usize);\n',
      'src/io/copy.rs': 'pub struct Copy {\n    amt: u64,\n}\n',
      'src/runtime/raw.rs': '#[derive(Clone)]\npub(crate) struct RawTask {}\n\nimpl Copy for RawTask {}\n',
      'src/io/blocking.rs':
        'use std::task::Poll::*;\nuse std::task::Poll;\n\npub(crate) fn poll_read() -> Poll<()> {\n    Ready(())\n}\n',
      'src/sync/semaphore.rs':
        'use std::task::Poll::{Pending, Ready};\nuse std::task::Poll;\n\npub(crate) fn poll_acquire(open: bool) -> Poll<()> {\n    if open { Ready(()) } else { Pending }\n}\n',
      'src/net/tcp.rs': 'use crate::io::Ready;\n\npub fn ready() -> Ready {\n    Ready(0)\n}\n',
    });
    const pathOf = new Map(corpus.files.map((f) => [f.id, f.path]));
    const dependants = (path: string) =>
      [
        ...new Set(
          graph.reverseDependencies({ fileId: corpus.fileByPath.get(path)!.id }, 1).map((d) => pathOf.get(d.fileId)),
        ),
      ].sort();
    // timeout.rs names Sleep and sleep_until through time/mod.rs; clock.rs asks only for Instant,
    // so its `wheel.poll()` does not reach Sleep::poll through the re-export.
    expect(dependants('src/time/sleep.rs')).toEqual(['src/time/mod.rs', 'src/time/timeout.rs']);
    // std's Poll::Ready (named, globbed) is not io::Ready.
    expect(dependants('src/io/ready.rs')).toEqual(['src/io/mod.rs', 'src/net/tcp.rs']);
    // `impl Copy for RawTask` names the prelude's Copy.
    expect(dependants('src/io/copy.rs')).toEqual(['src/io/mod.rs']);
    // A doc link inside a macro's body loads nothing.
    expect(importedPaths(corpus, graph, 'src/time/clock.rs')).toEqual(['src/time/mod.rs']);
  });

  it('Python package opened at its own folder: `from types import ModuleType` is the standard library, `from . import types` the sibling (click)', () => {
    const { corpus, graph } = index({
      '__init__.py': 'from .core import Command as Command\n',
      'types.py': 'class ParamType:\n    name = "param"\n',
      'core.py': 'from . import types\n\n\nclass Command:\n    def params(self):\n        return types.ParamType()\n',
      'utils.py': 'from types import ModuleType\n\n\ndef is_module(obj):\n    return isinstance(obj, ModuleType)\n',
    });
    expect(importedPaths(corpus, graph, 'utils.py')).toEqual([]);
    expect(graph.externalImportsOf(corpus.fileByPath.get('utils.py')!.id).map((e) => e.packageName)).toEqual(['types']);
    // `from . import types` imports the submodule; __init__.py binds no `types`, so it is no target.
    expect(importedPaths(corpus, graph, 'core.py')).toEqual(['types.py']);
  });

  it('Java project: class imports by suffix, wildcard, same-package use', () => {
    const root = 'src/main/java/com/acme/shop';
    const { corpus, graph } = index({
      [`${root}/model/Item.java`]:
        'package com.acme.shop.model;\n\npublic class Item {\n    public int price() { return 1; }\n}\n',
      [`${root}/Cart.java`]: 'package com.acme.shop;\n\npublic class Cart {\n    public void add() {}\n}\n',
      [`${root}/Order.java`]:
        'package com.acme.shop;\n\nimport com.acme.shop.model.*;\nimport java.util.List;\n\npublic class Order {\n    public static Order create(List<Item> items) {\n        Cart cart = new Cart();\n        cart.add();\n        return new Order();\n    }\n}\n',
      'src/test/java/com/acme/shop/OrderTest.java':
        'package com.acme.shop;\n\nimport com.acme.shop.Order;\n\nclass OrderTest {\n    void creates() {\n        Order.create(null);\n    }\n}\n',
    });
    expect(importedPaths(corpus, graph, `${root}/Order.java`)).toEqual([`${root}/model/Item.java`]);
    expect(importedPaths(corpus, graph, 'src/test/java/com/acme/shop/OrderTest.java')).toEqual([`${root}/Order.java`]);
    const create = definitionChunk(corpus, `${root}/Order.java`, 'create');
    expect(graph.callers(create).map((c) => c.symbol)).toEqual(['creates']);
    expect(graph.callees(create).map((c) => c.symbol)).toEqual(expect.arrayContaining(['Cart', 'add']));
  });
});
