import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildGraph,
  referencedName,
  EDGE_CALL,
  EDGE_IMPORT,
  GLOBAL_AMBIGUOUS_CONFIDENCE,
  GLOBAL_UNIQUE_CONFIDENCE,
  IMPORTED_FILE_CONFIDENCE,
  IMPORTED_NAME_CONFIDENCE,
  PACKAGE_PEER_CONFIDENCE,
  SAME_FILE_CONFIDENCE,
  type GraphData,
} from './graph';
import { call, def, imp, makeCorpus, type FixtureFile } from '../../../test/support/graph-fixture';

/** Edges as readable strings: "src/a.ts#f -> src/b.ts#g call 0.9". */
function edges(g: GraphData): string[] {
  const label = (n: number) =>
    n < g.fileCount ? g.filePaths[n] : `${g.filePaths[g.symbolFile[n - g.fileCount]]}#${g.symbolName[n - g.fileCount]}`;
  const out: string[] = [];
  for (let e = 0; e < g.edgeTarget.length; e++) {
    let kind = 'ref';
    if (g.edgeKind[e] === EDGE_IMPORT) kind = 'import';
    else if (g.edgeKind[e] === EDGE_CALL) kind = 'call';
    out.push(`${label(g.edgeSource[e])} -> ${label(g.edgeTarget[e])} ${kind} ${+g.edgeConfidence[e].toFixed(2)}`);
  }
  return out.sort();
}

const build = (files: FixtureFile[]) => buildGraph(makeCorpus(files));

describe('buildGraph: TypeScript', () => {
  const g = build([
    {
      path: 'src/config.ts',
      definitions: [def('parseConfig', 'function', 1, 10), def('loadConfig', 'function', 12, 20)],
      references: [
        call('parseConfig', 14, 'loadConfig'),
        call('parseConfig', 15, 'loadConfig'),
        call('loadConfig', 12),
      ],
    },
    { path: 'src/logger.ts', definitions: [def('log', 'function', 1, 5)] },
    {
      path: 'src/server.ts',
      imports: [imp('./config', 1, ['loadConfig']), imp('./logger', 2, ['*'])],
      definitions: [def('startServer', 'function', 4, 15)],
      references: [call('loadConfig', 5, 'startServer'), call('logger.log', 6, 'startServer')],
    },
    {
      path: 'src/index.ts',
      imports: [imp('./config', 1, ['*'], 'reexport'), imp('./server', 2, ['startServer'], 'reexport')],
    },
    {
      path: 'src/tools/check.ts',
      imports: [imp('../index', 1, ['parseConfig'])],
      definitions: [def('check', 'function', 3, 8)],
      references: [call('parseConfig', 4, 'check')],
    },
    { path: 'src/util/format.ts', definitions: [def('format', 'function', 1, 3)] },
    { path: 'src/util/other.ts', definitions: [def('format', 'function', 1, 3)] },
    {
      path: 'src/report.ts',
      imports: [imp('./util/format', 1, ['format'])],
      definitions: [def('report', 'function', 2, 6)],
      references: [call('format', 3, 'report')],
    },
    {
      path: 'src/misc.ts',
      imports: [imp('lodash', 1, ['debounce']), imp('./nowhere', 2, ['x'])],
      definitions: [def('misc', 'function', 3, 12), def('Options', 'interface', 14, 16)],
      references: [
        call('log', 4, 'misc'),
        call('format', 5, 'misc'),
        call('run', 6, 'misc'),
        call('misc', 20),
        call('Options', 7, 'misc', 'type'),
        call('debounce', 8, 'misc'),
      ],
    },
    ...['a', 'b', 'c', 'd'].map((x) => ({
      path: `src/jobs/${x}.ts`,
      definitions: [def('run', 'function' as const, 1, 3)],
    })),
  ]);
  const all = edges(g);

  it('links files by resolved imports, once per imported file', () => {
    expect(all.filter((e) => e.includes(' import '))).toEqual([
      'src/index.ts -> src/config.ts import 1',
      'src/index.ts -> src/server.ts import 1',
      'src/report.ts -> src/util/format.ts import 1',
      'src/server.ts -> src/config.ts import 1',
      'src/server.ts -> src/logger.ts import 1',
      'src/tools/check.ts -> src/index.ts import 1',
    ]);
  });

  it('resolves calls in the same file first, merging repeated calls into one edge', () => {
    expect(all).toContain('src/config.ts#loadConfig -> src/config.ts#parseConfig call 1');
    expect(all.filter((e) => e.startsWith('src/config.ts#loadConfig ->'))).toHaveLength(1);
  });

  it('does not turn a definition’s own name into a reference to itself', () => {
    expect(all.filter((e) => e.startsWith('src/config.ts -> src/config.ts#loadConfig'))).toEqual([]);
  });

  it('resolves through imports: by imported name, through a namespace import, through a re-export barrel', () => {
    expect(all).toContain(`src/server.ts#startServer -> src/config.ts#loadConfig call ${IMPORTED_NAME_CONFIDENCE}`);
    expect(all).toContain(`src/server.ts#startServer -> src/logger.ts#log call ${IMPORTED_FILE_CONFIDENCE}`);
    expect(all).toContain(`src/tools/check.ts#check -> src/config.ts#parseConfig call ${IMPORTED_NAME_CONFIDENCE}`);
  });

  it('prefers the imported definition over a same-named one elsewhere', () => {
    expect(all.filter((e) => e.startsWith('src/report.ts#report'))).toEqual([
      `src/report.ts#report -> src/util/format.ts#format call ${IMPORTED_NAME_CONFIDENCE}`,
    ]);
  });

  it('falls back to names with at most 3 definitions, with lower confidence, and leaves common names alone', () => {
    expect(all).toContain(`src/misc.ts#misc -> src/logger.ts#log call ${GLOBAL_UNIQUE_CONFIDENCE}`);
    expect(all).toContain(`src/misc.ts#misc -> src/util/format.ts#format call ${GLOBAL_AMBIGUOUS_CONFIDENCE}`);
    expect(all).toContain(`src/misc.ts#misc -> src/util/other.ts#format call ${GLOBAL_AMBIGUOUS_CONFIDENCE}`);
    expect(all.some((e) => e.includes('#run'))).toBe(false); // `run` has 4 definitions
  });

  it('records top-level references as file → symbol edges and type uses as references', () => {
    expect(all).toContain(`src/misc.ts -> src/misc.ts#misc call ${SAME_FILE_CONFIDENCE}`);
    expect(all).toContain(`src/misc.ts#misc -> src/misc.ts#Options ref ${SAME_FILE_CONFIDENCE}`);
  });

  it('keeps unresolved imports as external packages, counted', () => {
    expect(g.externalPackages.sort()).toEqual(['./nowhere', 'lodash']);
    expect(g.unresolvedImports).toBe(2);
    expect(g.resolvedImports).toBe(6);
  });

  it('lays out symbols per file contiguously and maps definition chunks both ways', () => {
    for (let p = 0; p < g.fileCount; p++) {
      for (let s = g.fileSymbolOffsets[p]; s < g.fileSymbolOffsets[p + 1]; s++) expect(g.symbolFile[s]).toBe(p);
    }
    for (let s = 0; s < g.symbolCount; s++) {
      const c = g.symbolChunk[s];
      if (c >= 0) expect(g.chunkSymbol[c]).toBe(s);
    }
    expect(Array.from(g.symbolChunk).every((c) => c >= 0)).toBe(true); // every fixture definition is chunked
  });

  it('builds consistent CSR: out-edges grouped by source, in-edges by target', () => {
    for (let n = 0; n < g.fileCount + g.symbolCount; n++) {
      for (let e = g.outOffsets[n]; e < g.outOffsets[n + 1]; e++) expect(g.edgeSource[e]).toBe(n);
      for (let i = g.inOffsets[n]; i < g.inOffsets[n + 1]; i++) expect(g.edgeTarget[g.inEdges[i]]).toBe(n);
    }
    expect(g.inOffsets[g.fileCount + g.symbolCount]).toBe(g.edgeTarget.length);
  });
});

describe('buildGraph: Python', () => {
  const g = build([
    { path: 'src/shop/__init__.py' },
    {
      path: 'src/shop/models.py',
      definitions: [def('Order', 'class', 1, 20), def('total', 'method', 5, 9, 'Order')],
      references: [call('self.total', 15, 'Order')],
    },
    { path: 'src/shop/services/__init__.py' },
    { path: 'src/shop/services/tax.py', definitions: [def('compute', 'function', 1, 4)] },
    {
      path: 'src/shop/services/billing.py',
      imports: [imp('..models', 1, ['Order']), imp('shop.services.tax', 2, ['tax'])],
      definitions: [def('invoice', 'function', 4, 12)],
      references: [
        call('Order', 5, 'invoice', 'new'),
        call('tax.compute', 6, 'invoice'),
        call('self.total', 7, 'invoice'),
      ],
    },
  ]);
  const all = edges(g);

  it('resolves relative and absolute module imports and the names they bring', () => {
    expect(all).toContain('src/shop/services/billing.py -> src/shop/models.py import 1');
    expect(all).toContain('src/shop/services/billing.py -> src/shop/services/tax.py import 1');
    expect(all).toContain(
      `src/shop/services/billing.py#invoice -> src/shop/models.py#Order call ${IMPORTED_NAME_CONFIDENCE}`,
    );
    expect(all).toContain(
      `src/shop/services/billing.py#invoice -> src/shop/services/tax.py#compute call ${IMPORTED_FILE_CONFIDENCE}`,
    );
  });

  it('attributes a reference to the innermost definition around it (method inside class)', () => {
    expect(all).toContain('src/shop/models.py#Order -> src/shop/models.py#total call 1');
    expect(all).toContain(
      `src/shop/services/billing.py#invoice -> src/shop/models.py#total call ${IMPORTED_FILE_CONFIDENCE}`,
    );
  });
});

describe('buildGraph: bare names and methods', () => {
  const g = build([
    {
      path: 'lib/response.js',
      imports: [imp('send', 1, ['*'], 'require')],
      definitions: [
        def('send', 'method', 3, 8, 'res'),
        def('json', 'method', 10, 14, 'res'),
        def('sendFile', 'method', 16, 20, 'res'),
      ],
      // this.send(body) in json; send(req, path) in sendFile calls the required package.
      references: [{ ...call('send', 12, 'json'), qualified: true, receiver: 'this' }, call('send', 18, 'sendFile')],
    },
    {
      path: 'lib/app.py',
      definitions: [def('App', 'class', 1, 9), def('run', 'method', 2, 4, 'App'), def('start', 'function', 11, 13)],
      references: [call('run', 12, 'start')],
    },
    {
      path: 'src/Shop.java',
      definitions: [
        def('Shop', 'class', 1, 9),
        def('open', 'method', 2, 4, 'Shop'),
        def('serve', 'method', 5, 8, 'Shop'),
      ],
      references: [call('open', 6, 'serve')],
    },
  ]);
  const all = edges(g);

  it('links a qualified call to the method, and a bare call of the same name to nothing', () => {
    expect(all).toContain('lib/response.js#json -> lib/response.js#send call 1');
    expect(all.some((e) => e.startsWith('lib/response.js#sendFile -> '))).toBe(false);
    expect(all.some((e) => e.startsWith('lib/app.py#start -> '))).toBe(false);
  });

  it('keeps bare calls to methods in Java, where a class calls its own methods by name', () => {
    expect(all).toContain('src/Shop.java#serve -> src/Shop.java#open call 1');
  });
});

describe('buildGraph: a member call on an unrelated object', () => {
  // Flask's src/flask/config.py calls `os.environ.get(…)` and `mapping.setdefault(…)`; Click's
  // src/click/core.py defines `get`-free helpers. A repository function named `get` or
  // `setdefault` is not what those receivers reach.
  const g = build([
    {
      path: 'src/flask/helpers.py',
      definitions: [def('get', 'function', 1, 3), def('setdefault', 'function', 5, 7)],
    },
    {
      path: 'src/flask/config.py',
      imports: [imp('os', 1, ['os'])],
      definitions: [def('from_envvar', 'method', 3, 9, 'Config')],
      references: [
        { ...call('get', 4, 'from_envvar'), qualified: true },
        call('mapping.setdefault', 5, 'from_envvar'),
        call('setdefault', 6, 'from_envvar'),
      ],
    },
  ]);
  const all = edges(g);

  it('links no receiver-qualified call by its name alone; a bare call still falls back to the name', () => {
    expect(all.some((e) => e.includes('#get'))).toBe(false);
    expect(all.filter((e) => e.includes('#setdefault'))).toEqual([
      `src/flask/config.py#from_envvar -> src/flask/helpers.py#setdefault call ${GLOBAL_UNIQUE_CONFIDENCE}`,
    ]);
  });
});

describe('buildGraph: Go', () => {
  const g = build([
    { path: 'go.mod', text: 'module github.com/acme/shop\n' },
    {
      path: 'internal/store/store.go',
      definitions: [def('Open', 'function', 3, 10), def('Store', 'struct', 12, 15)],
      references: [call('newCache', 5, 'Open')],
    },
    { path: 'internal/store/cache.go', definitions: [def('newCache', 'function', 3, 6)] },
    {
      path: 'internal/store/store_test.go',
      definitions: [def('TestOpen', 'function', 3, 6)],
      references: [call('Open', 4, 'TestOpen')],
    },
    {
      path: 'cmd/server/main.go',
      imports: [imp('github.com/acme/shop/internal/store', 3, ['store']), imp('fmt', 4, ['fmt'])],
      definitions: [def('main', 'function', 6, 12)],
      references: [
        call('store.Open', 7, 'main'),
        call('fmt.Println', 8, 'main'),
        call('store.Store', 9, 'main', 'type'),
      ],
    },
  ]);
  const all = edges(g);

  it('links a package import to every non-test file of the package', () => {
    expect(all).toContain('cmd/server/main.go -> internal/store/store.go import 1');
    expect(all).toContain('cmd/server/main.go -> internal/store/cache.go import 1');
    expect(all.some((e) => e.startsWith('cmd/server/main.go -> internal/store/store_test.go'))).toBe(false);
  });

  it('resolves package-qualified calls through the import and same-package calls through peers', () => {
    expect(all).toContain(`cmd/server/main.go#main -> internal/store/store.go#Open call ${IMPORTED_FILE_CONFIDENCE}`);
    expect(all).toContain(`cmd/server/main.go#main -> internal/store/store.go#Store ref ${IMPORTED_FILE_CONFIDENCE}`);
    expect(all).toContain(
      `internal/store/store.go#Open -> internal/store/cache.go#newCache call ${PACKAGE_PEER_CONFIDENCE}`,
    );
    expect(all).toContain(
      `internal/store/store_test.go#TestOpen -> internal/store/store.go#Open call ${PACKAGE_PEER_CONFIDENCE}`,
    );
    expect(g.externalPackages).toEqual(['fmt']);
  });
});

describe('buildGraph: Rust', () => {
  const g = build([
    { path: 'Cargo.toml', text: '[package]\nname = "shop"\n' },
    { path: 'src/lib.rs', imports: [imp('mod config', 1, [], 'use'), imp('mod net', 2, [], 'use')] },
    { path: 'src/config.rs', definitions: [def('Config', 'struct', 1, 5), def('load', 'function', 7, 12)] },
    { path: 'src/net/mod.rs', imports: [imp('mod http', 1, [], 'use')] },
    {
      path: 'src/net/http.rs',
      imports: [imp('crate::config::Config', 1, ['Config'], 'use'), imp('std::io', 2, ['io'], 'use')],
      definitions: [def('serve', 'function', 4, 10)],
      references: [call('Config', 5, 'serve', 'type'), call('config::load', 6, 'serve')],
    },
  ]);
  const all = edges(g);

  it('resolves mod declarations and crate:: paths', () => {
    expect(all).toContain('src/lib.rs -> src/config.rs import 1');
    expect(all).toContain('src/lib.rs -> src/net/mod.rs import 1');
    expect(all).toContain('src/net/mod.rs -> src/net/http.rs import 1');
    expect(all).toContain('src/net/http.rs -> src/config.rs import 1');
    expect(all).toContain(`src/net/http.rs#serve -> src/config.rs#Config ref ${IMPORTED_NAME_CONFIDENCE}`);
    expect(all).toContain(`src/net/http.rs#serve -> src/config.rs#load call ${IMPORTED_FILE_CONFIDENCE}`);
    expect(g.externalPackages).toEqual(['std']);
  });
});

describe('buildGraph: Java', () => {
  const root = 'src/main/java/com/acme/shop';
  const g = build([
    {
      path: `${root}/Order.java`,
      definitions: [def('Order', 'class', 3, 30), def('create', 'method', 5, 10, 'Order')],
      references: [call('Cart', 6, 'create', 'new'), call('Item', 7, 'create', 'type')],
      imports: [imp('com.acme.shop.model.*', 1, ['*'])],
    },
    { path: `${root}/Cart.java`, definitions: [def('Cart', 'class', 1, 10)] },
    { path: `${root}/model/Item.java`, definitions: [def('Item', 'class', 1, 10)] },
    {
      path: 'src/test/java/com/acme/shop/OrderTest.java',
      imports: [imp('com.acme.shop.Order', 1, ['Order']), imp('org.junit.jupiter.api.Test', 2, ['Test'])],
      definitions: [def('OrderTest', 'class', 4, 20), def('creates', 'method', 6, 10, 'OrderTest')],
      references: [call('Order.create', 7, 'creates')],
    },
  ]);
  const all = edges(g);

  it('resolves class imports by path suffix, wildcards to the package, and same-package names through peers', () => {
    expect(all).toContain(`src/test/java/com/acme/shop/OrderTest.java -> ${root}/Order.java import 1`);
    expect(all).toContain(`${root}/Order.java -> ${root}/model/Item.java import 1`);
    expect(all).toContain(
      `src/test/java/com/acme/shop/OrderTest.java#creates -> ${root}/Order.java#create call ${IMPORTED_FILE_CONFIDENCE}`,
    );
    expect(all).toContain(`${root}/Order.java#create -> ${root}/model/Item.java#Item ref ${IMPORTED_FILE_CONFIDENCE}`);
    expect(all).toContain(`${root}/Order.java#create -> ${root}/Cart.java#Cart call ${PACKAGE_PEER_CONFIDENCE}`);
    expect(g.externalPackages).toEqual(['org.junit.jupiter.api']);
  });
});

describe('referencedName', () => {
  it('is the last part split at `.`, `::` and `->`, or the whole name when that part is empty', () => {
    expect(referencedName('cfg.parseConfig')).toBe('parseConfig');
    expect(referencedName('a::b::C')).toBe('C');
    expect(referencedName('self->run')).toBe('run');
    expect(referencedName('plain')).toBe('plain');
    expect(referencedName('trailing.')).toBe('trailing.');
    const written = fc
      .array(fc.constantFrom('a', 'b', '.', ':', '-', '>', '::', '->'), { maxLength: 12 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(written, (name) => {
        const parts = name.split(/\.|::|->/);
        expect(referencedName(name)).toBe(parts[parts.length - 1] || name);
      }),
    );
  });
});
