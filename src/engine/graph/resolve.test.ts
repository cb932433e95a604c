import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ImportRef } from '../contract';
import { parseJsonc } from './jsonc';
import { exportTargets, ImportResolver, joinPath, joinRelative, type ResolvableFile } from './resolve';
import { languageForPath as languageOfPath } from '../structural/grammars';

/** `language`: that of the files without an extension (scripts that open with `#!/bin/bash`). */
function repo(
  files: Record<string, string>,
  language?: ResolvableFile['language'],
): {
  resolve: (from: string, spec: string, names?: string[], kind?: ImportRef['kind']) => string[] | string;
} {
  const list: ResolvableFile[] = Object.entries(files).map(([path, text]) => ({
    path,
    text,
    language: languageOfPath(path) ?? language ?? null,
  }));
  const resolver = new ImportResolver(list);
  return {
    resolve(from, spec, names = [], kind = 'import') {
      const index = list.findIndex((f) => f.path === from);
      if (index < 0) throw new Error(`no file ${from}`);
      const target = resolver.resolve(index, { specifier: spec, line: 1, names, kind });
      return target.kind === 'files' ? target.files.map((i) => list[i].path).sort() : `external:${target.packageName}`;
    },
  };
}

describe('jsonc', () => {
  it('strips comments and trailing commas but keeps /* and // inside strings', () => {
    const parsed = parseJsonc(`{
      // line comment
      "compilerOptions": {
        /* block */ "baseUrl": ".",
        "paths": { "@/*": ["./src/*",], "http://x": ["a//b"], },
      },
    }`) as { compilerOptions: { baseUrl: string; paths: Record<string, string[]> } };
    expect(parsed.compilerOptions.baseUrl).toBe('.');
    expect(parsed.compilerOptions.paths['@/*']).toEqual(['./src/*']);
    expect(parsed.compilerOptions.paths['http://x']).toEqual(['a//b']);
  });

  it('returns null for text that is not JSON', () => {
    expect(parseJsonc('{ nope')).toBeNull();
  });

  it('reads a file saved with a byte-order mark', () => {
    expect(parseJsonc('\ufeff{ "extends": "./base.json", }')).toEqual({ extends: './base.json' });
  });
});

describe('joinPath', () => {
  it('normalizes . and .. and refuses to climb above the root', () => {
    expect(joinPath('src/app', '../lib/./x')).toBe('src/lib/x');
    expect(joinPath('src', '../../x')).toBeNull();
  });

  it('gives what splitting every part at / and folding the segments gives', () => {
    const folded = (parts: string[]): string | null => {
      const out: string[] = [];
      for (const segment of parts.join('/').split('/')) {
        if (segment === '' || segment === '.') continue;
        if (segment !== '..') out.push(segment);
        else if (out.pop() === undefined) return null;
      }
      return out.join('/');
    };
    const part = fc
      .array(fc.constantFrom('a', 'b', '.', '..', '', '/', 'c.d', '.e'), { maxLength: 5 })
      .map((p) => p.join('/'));
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 3 }), (parts) => {
        expect(joinPath(...parts)).toBe(folded(parts));
      }),
    );
  });

  it('joinRelative gives joinPath(dir, spec) for any directory and specifier', () => {
    expect(joinRelative('src/app', '../lib/x')).toBe('src/lib/x');
    expect(joinRelative('src', './././x')).toBe('src/x');
    expect(joinRelative('', '../x')).toBeNull();
    const segments = fc
      .array(fc.constantFrom('a', 'b', '.', '..', '', 'c.d'), { maxLength: 5 })
      .map((p) => p.join('/'));
    fc.assert(
      fc.property(segments, segments, (dir, spec) => {
        expect(joinRelative(dir, spec)).toBe(joinPath(dir, spec));
      }),
    );
  });
});

describe('JavaScript / TypeScript resolution', () => {
  const r = repo({
    'tsconfig.json': `{
      // comments and trailing commas, as people write them
      "compilerOptions": {
        "baseUrl": ".",
        "paths": {
          "@/*": ["src/*"],
          "@components/*": ["src/ui/components/*", "src/legacy/*"],
          "~config": ["src/config/index.ts"],
        },
      },
    }`,
    'src/app.ts': '',
    'src/util.ts': '',
    'src/types.d.ts': '',
    'src/lib/helpers.ts': '',
    'src/lib/format.tsx': '',
    'src/legacy/Button.jsx': '',
    'src/config/index.ts': '',
    'src/components/index.tsx': '',
    'src/ui/App.tsx': '',
    'src/ui/styles.css': '',
    'scripts/build.mjs': '',
    'scripts/paths.cjs': '',
    'scripts/tsconfig.json': '{ "compilerOptions": { "baseUrl": "../src" } }',
  });

  it('probes extensions in JS_EXTENSIONS order: .ts before .js, .js before .d.ts, a .d.ts stem apart from its .ts one', () => {
    const probed = repo({
      'a.js': '',
      'a.ts': '',
      'b.js': '',
      'b.d.ts': '',
      'c.d.ts': '',
      'd/index.mjs': '',
      'd/index.d.ts': '',
      'main.ts': '',
    });
    expect(probed.resolve('main.ts', './a')).toEqual(['a.ts']);
    expect(probed.resolve('main.ts', './b')).toEqual(['b.js']);
    expect(probed.resolve('main.ts', './c')).toEqual(['c.d.ts']);
    expect(probed.resolve('main.ts', './c.d')).toEqual(['c.d.ts']);
    expect(probed.resolve('main.ts', './d')).toEqual(['d/index.mjs']);
  });

  it('resolves relative paths with extension probing', () => {
    expect(r.resolve('src/app.ts', './util')).toEqual(['src/util.ts']);
    expect(r.resolve('src/ui/App.tsx', '../lib/format')).toEqual(['src/lib/format.tsx']);
    expect(r.resolve('scripts/build.mjs', './paths')).toEqual(['scripts/paths.cjs']);
    expect(r.resolve('src/app.ts', './types')).toEqual(['src/types.d.ts']);
  });

  it('maps a .js specifier to the .ts file it was written for', () => {
    expect(r.resolve('src/app.ts', './lib/helpers.js')).toEqual(['src/lib/helpers.ts']);
    expect(r.resolve('src/app.ts', './lib/format.jsx')).toEqual(['src/lib/format.tsx']);
  });

  it('resolves directories to index files', () => {
    expect(r.resolve('src/app.ts', './components')).toEqual(['src/components/index.tsx']);
    expect(r.resolve('src/ui/App.tsx', '../config')).toEqual(['src/config/index.ts']);
  });

  it('resolves exact paths with extensions and query suffixes', () => {
    expect(r.resolve('src/ui/App.tsx', './styles.css?inline')).toEqual(['src/ui/styles.css']);
  });

  it('applies tsconfig paths (longest prefix, fallbacks in order, exact keys) and baseUrl', () => {
    expect(r.resolve('src/ui/App.tsx', '@/lib/helpers')).toEqual(['src/lib/helpers.ts']);
    expect(r.resolve('src/ui/App.tsx', '@components/Button')).toEqual(['src/legacy/Button.jsx']);
    expect(r.resolve('src/app.ts', '~config')).toEqual(['src/config/index.ts']);
    expect(r.resolve('src/app.ts', 'src/util')).toEqual(['src/util.ts']);
  });

  it('uses the nearest tsconfig: scripts/ has baseUrl ../src', () => {
    expect(r.resolve('scripts/build.mjs', 'lib/helpers')).toEqual(['src/lib/helpers.ts']);
  });

  it('keeps unresolved bare specifiers as external packages', () => {
    expect(r.resolve('src/app.ts', 'react')).toBe('external:react');
    expect(r.resolve('src/app.ts', '@tanstack/react-query/devtools')).toBe('external:@tanstack/react-query');
    expect(r.resolve('src/app.ts', 'node:fs/promises')).toBe('external:node:fs/promises');
    expect(r.resolve('src/app.ts', './missing')).toBe('external:./missing');
  });
});

describe('monorepo packages and tsconfig extends', () => {
  const r = repo({
    'package.json': '{ "name": "acme", "private": true, "workspaces": ["packages/*"] }',
    'tsconfig.base.json':
      '{ "compilerOptions": { "baseUrl": ".", "paths": { "#shared/*": ["packages/shared/src/*"] } } }',
    'packages/core/package.json': JSON.stringify({
      name: '@acme/core',
      exports: {
        '.': { types: './dist/index.d.ts', import: './dist/esm/index.js', require: './dist/cjs/index.cjs' },
        './utils/*': './src/utils/*.ts',
        './package.json': './package.json',
        './internal/*': null,
      },
    }),
    'packages/core/src/index.ts': '',
    'packages/core/src/utils/date.ts': '',
    'packages/legacy/package.json': '{ "name": "legacy-lib", "main": "lib/main.js" }',
    'packages/legacy/lib/main.js': '',
    'packages/plain/package.json': '{ "name": "plain" }',
    'packages/plain/index.js': '',
    'packages/web/tsconfig.json':
      '{ "extends": "../../tsconfig.base.json", "compilerOptions": { "jsx": "react-jsx" } }',
    'packages/web/src/main.tsx': '',
    'packages/web/src/internal/env.ts': '',
    'packages/web/package.json':
      '{ "name": "@acme/web", "imports": { "#internal/*": { "node": "./src/internal/*.ts" } } }',
    'packages/shared/src/time.ts': '',
    'node_modules/@acme/core/package.json': '{ "name": "@acme/core", "main": "x.js" }',
  });

  it('resolves a workspace package by name through exports, mapping dist/ back to src/', () => {
    expect(r.resolve('packages/web/src/main.tsx', '@acme/core')).toEqual(['packages/core/src/index.ts']);
  });

  it('resolves exports subpath patterns', () => {
    expect(r.resolve('packages/web/src/main.tsx', '@acme/core/utils/date')).toEqual([
      'packages/core/src/utils/date.ts',
    ]);
    expect(r.resolve('packages/web/src/main.tsx', '@acme/core/package.json')).toEqual(['packages/core/package.json']);
  });

  it('resolves main and index.js entries', () => {
    expect(r.resolve('packages/web/src/main.tsx', 'legacy-lib')).toEqual(['packages/legacy/lib/main.js']);
    expect(r.resolve('packages/web/src/main.tsx', 'plain')).toEqual(['packages/plain/index.js']);
  });

  it('inherits paths through a relative extends', () => {
    expect(r.resolve('packages/web/src/main.tsx', '#shared/time')).toEqual(['packages/shared/src/time.ts']);
  });

  it('resolves Node subpath imports (#internal/*) through the nearest package.json', () => {
    expect(r.resolve('packages/web/src/main.tsx', '#internal/env')).toEqual(['packages/web/src/internal/env.ts']);
  });

  it('lists exports targets in preference order', () => {
    expect(exportTargets({ '.': { types: './a.d.ts', import: './a.mjs', default: './a.js' } }, '.')).toEqual([
      './a.mjs',
      './a.js',
      './a.d.ts',
    ]);
    expect(exportTargets({ './*': './src/*.js', './deep/*': './lib/deep/*.js' }, './deep/x')).toEqual([
      './lib/deep/x.js',
    ]);
    expect(exportTargets('./main.js', '.')).toEqual(['./main.js']);
    expect(exportTargets({ import: './m.js' }, './sub')).toEqual([]);
  });
});

describe('Python resolution', () => {
  const r = repo({
    'pyproject.toml': '',
    'src/shop/__init__.py': '',
    'src/shop/models.py': '',
    'src/shop/services/__init__.py': '',
    'src/shop/services/billing.py': '',
    'src/shop/services/tax.py': '',
    'tests/test_billing.py': '',
    'scripts/tool.py': '',
    'scripts/helpers.py': '',
    'plugins/extra/__init__.py': '',
    'plugins/extra/hooks.py': '',
    'setup.py': '',
  });

  it('resolves absolute imports under src/', () => {
    expect(r.resolve('tests/test_billing.py', 'shop.models')).toEqual(['src/shop/models.py']);
    expect(r.resolve('tests/test_billing.py', 'shop')).toEqual(['src/shop/__init__.py']);
  });

  it('resolves `from pkg import submodule` to the package and the submodules', () => {
    expect(r.resolve('tests/test_billing.py', 'shop.services', ['billing', 'tax', 'TaxRate'])).toEqual([
      'src/shop/services/__init__.py',
      'src/shop/services/billing.py',
      'src/shop/services/tax.py',
    ]);
  });

  it('resolves relative imports with one or more dots', () => {
    expect(r.resolve('src/shop/services/billing.py', '.tax', ['compute'])).toEqual(['src/shop/services/tax.py']);
    expect(r.resolve('src/shop/services/billing.py', '..models', ['Order'])).toEqual(['src/shop/models.py']);
    expect(r.resolve('src/shop/services/__init__.py', '.', ['billing'])).toEqual(['src/shop/services/billing.py']);
    // Every name a submodule the package does not bind itself: the submodule alone (docutils'
    // `from docutils.readers import standalone` uses nothing of readers/__init__.py).
    expect(r.resolve('src/shop/services/billing.py', '..', ['models'])).toEqual(['src/shop/models.py']);
  });

  it('finds a top package in any directory that holds it', () => {
    expect(r.resolve('setup.py', 'extra.hooks')).toEqual(['plugins/extra/hooks.py']);
  });

  it("resolves a sibling module from the script's own directory, but not from elsewhere", () => {
    expect(r.resolve('scripts/tool.py', 'helpers')).toEqual(['scripts/helpers.py']);
    expect(r.resolve('tests/test_billing.py', 'helpers')).toBe('external:helpers');
  });

  it('keeps the standard library and third-party packages external', () => {
    expect(r.resolve('src/shop/models.py', 'os.path')).toBe('external:os');
    expect(r.resolve('src/shop/models.py', 'sqlalchemy.orm', ['Session'])).toBe('external:sqlalchemy');
  });
});

describe('Python: a repository opened at its own package folder (click/, requests/)', () => {
  const click = repo({
    '__init__.py': 'from .core import Command as Command\n',
    'core.py': [
      'class Command:',
      '    def shell_complete(self, ctx, incomplete):',
      '        from click.shell_completion import CompletionItem',
      '        return [CompletionItem(incomplete)]',
    ].join('\n'),
    'shell_completion.py': 'class CompletionItem:\n    pass\n',
    'types.py': 'class ParamType:\n    pass\n',
    'utils.py': 'from types import ModuleType\n',
  });

  it('reads `from click.x import y` inside click/ as the root’s x.py, and `import click.x` and `from click import y` after it', () => {
    expect(click.resolve('core.py', 'click.shell_completion', ['CompletionItem'])).toEqual(['shell_completion.py']);
    expect(click.resolve('utils.py', 'click.types')).toEqual(['types.py']);
    expect(click.resolve('utils.py', 'click', ['core'])).toEqual(['__init__.py', 'core.py']);
    // The standard library's types stays outside: Python 3 has no implicit relative imports.
    expect(click.resolve('utils.py', 'types', ['ModuleType'])).toBe('external:types');
  });

  it('takes no package name from an import whose names the root module does not define', () => {
    const requests = repo({
      '__init__.py': '',
      'utils.py': 'def to_key_val_list(value):\n    return value\n',
      'cookies.py': 'from email.utils import parsedate_tz\n',
    });
    expect(requests.resolve('cookies.py', 'email.utils', ['parsedate_tz'])).toBe('external:email');
  });
});

describe('Go resolution', () => {
  const r = repo({
    'go.mod': 'module github.com/acme/shop\n\ngo 1.22\n\nrequire github.com/lib/pq v1.10.9\n',
    'cmd/server/main.go': '',
    'internal/store/store.go': '',
    'internal/store/cache.go': '',
    'internal/store/store_test.go': '',
    'tools/go.mod': 'module github.com/acme/shop/tools\n',
    'tools/gen/gen.go': '',
  });

  it('maps a module import path to every non-test .go file of the package directory', () => {
    expect(r.resolve('cmd/server/main.go', 'github.com/acme/shop/internal/store')).toEqual([
      'internal/store/cache.go',
      'internal/store/store.go',
    ]);
  });

  it('picks the longest matching module path (nested modules)', () => {
    expect(r.resolve('cmd/server/main.go', 'github.com/acme/shop/tools/gen')).toEqual(['tools/gen/gen.go']);
  });

  it('keeps the standard library and other modules external', () => {
    expect(r.resolve('cmd/server/main.go', 'fmt')).toBe('external:fmt');
    expect(r.resolve('cmd/server/main.go', 'github.com/lib/pq')).toBe('external:github.com/lib/pq');
  });
});

describe('Go resolution without go.mod', () => {
  // echo as Debian ships it: the module's folder, no go.mod, `module github.com/labstack/echo/v4`.
  const r = repo({
    'echo.go': 'package echo\n',
    'context.go': '// Package echo …\npackage echo\n',
    'middleware/logger.go': 'package middleware\n',
    'middleware/util.go': 'package middleware\n',
    'log/log.go': 'package log\n',
  });

  it('maps a host path to the folder whose files declare the package it names, a /vN version left out', () => {
    expect(r.resolve('middleware/logger.go', 'github.com/labstack/echo/v4')).toEqual(['context.go', 'echo.go']);
    expect(r.resolve('echo.go', 'github.com/labstack/echo/v4/middleware')).toEqual([
      'middleware/logger.go',
      'middleware/util.go',
    ]);
  });

  it('keeps the standard library and a host path naming another package external', () => {
    expect(r.resolve('echo.go', 'log')).toBe('external:log');
    expect(r.resolve('echo.go', 'github.com/labstack/gommon/color')).toBe('external:github.com/labstack/gommon/color');
    // `log/` declares `log`, but gommon's log is not under the root that declares `echo`.
    expect(r.resolve('echo.go', 'github.com/labstack/gommon/log')).toBe('external:github.com/labstack/gommon/log');
  });
});

describe('Go resolution without go.mod: the package a folder declares', () => {
  // gopacket as Debian ships it: reassembly/'s first file is a generator (`// +build ignore`,
  // `package main`) beside the package's own files.
  const gopacket = repo({
    'base.go': 'package gopacket\n',
    'decode.go': 'package gopacket\n',
    'reassembly/cap2test.go': '// +build ignore\n\npackage main\n\nimport (\n\t"github.com/google/gopacket"\n)\n',
    'reassembly/memory.go': 'package reassembly\n',
    'reassembly/tcpassembly.go': 'package reassembly\n',
    'reassembly/tcpcheck.go': 'package reassembly\n',
    'tcpassembly/assembly.go': 'package tcpassembly\n\nimport (\n\t"github.com/google/gopacket/reassembly"\n)\n',
  });

  it("is the clause most of its files agree on, not its first file's", () => {
    expect(gopacket.resolve('tcpassembly/assembly.go', 'github.com/google/gopacket/reassembly')).toEqual([
      'reassembly/cap2test.go',
      'reassembly/memory.go',
      'reassembly/tcpassembly.go',
      'reassembly/tcpcheck.go',
    ]);
  });

  // go-sqlite3: the path ends `go-sqlite3`, its files declare `package sqlite3`, the name Go
  // binds for that path.
  const sqlite = repo({
    'backup.go': 'package sqlite3\n',
    'sqlite3.go': 'package sqlite3\n',
    'upgrade/upgrade.go': 'package upgrade\n',
    '_example/hook/hook.go': 'package main\n\nimport (\n\t"github.com/mattn/go-sqlite3"\n)\n',
  });

  it('is the name the import path implies, a go- prefix dropped', () => {
    expect(sqlite.resolve('_example/hook/hook.go', 'github.com/mattn/go-sqlite3')).toEqual(['backup.go', 'sqlite3.go']);
    expect(sqlite.resolve('sqlite3.go', 'github.com/mattn/go-sqlite3/upgrade')).toEqual(['upgrade/upgrade.go']);
  });
});

describe('Go resolution without go.mod, no Go file at the root', () => {
  // serf as Debian ships it: only package folders (serf/, client/, cmd/serf/command/agent/);
  // the module path is the prefix the files' imports agree on.
  const r = repo({
    'serf/config.go': 'package serf\n\nimport (\n\t"io"\n\n\t"github.com/hashicorp/memberlist"\n)\n',
    'serf/serf.go': 'package serf\n',
    'client/rpc_client.go': 'package client\n',
    'cmd/serf/command/agent/agent.go': 'package agent\n\nimport (\n\t"github.com/hashicorp/serf/serf"\n)\n',
    'cmd/serf/command/members.go':
      'package command\n\nimport (\n\t"github.com/hashicorp/serf/client"\n\t"github.com/hashicorp/serf/cmd/serf/command/agent"\n)\n',
    'memberlist/memberlist.go': 'package memberlist\n',
  });

  it('maps an import under the agreed prefix to its folder', () => {
    expect(r.resolve('cmd/serf/command/agent/agent.go', 'github.com/hashicorp/serf/serf')).toEqual([
      'serf/config.go',
      'serf/serf.go',
    ]);
    expect(r.resolve('cmd/serf/command/members.go', 'github.com/hashicorp/serf/cmd/serf/command/agent')).toEqual([
      'cmd/serf/command/agent/agent.go',
    ]);
  });

  it('keeps a path under another prefix external, even when a folder has its name', () => {
    expect(r.resolve('serf/config.go', 'github.com/hashicorp/memberlist')).toBe(
      'external:github.com/hashicorp/memberlist',
    );
  });
});

describe('Rust resolution', () => {
  const r = repo({
    'Cargo.toml': '[package]\nname = "shop-core"\nversion = "0.1.0"\n',
    'src/lib.rs': '',
    'src/config.rs': '',
    'src/net/mod.rs': '',
    'src/net/http.rs': '',
    'src/net/tcp.rs': '',
    'src/util.rs': '',
    'src/util/strings.rs': '',
    'crates/shop-fmt/Cargo.toml': '[package]\nname = "shop-fmt"\n',
    'crates/shop-fmt/src/lib.rs': '',
    'crates/shop-fmt/src/money.rs': '',
  });

  it('resolves `mod x;` to x.rs or x/mod.rs beside the crate root, and under a/ for a.rs', () => {
    expect(r.resolve('src/lib.rs', 'mod config', [], 'use')).toEqual(['src/config.rs']);
    expect(r.resolve('src/lib.rs', 'mod net', [], 'use')).toEqual(['src/net/mod.rs']);
    expect(r.resolve('src/lib.rs', 'util', [], 'use')).toEqual(['src/util.rs']);
    expect(r.resolve('src/util.rs', 'mod strings', [], 'use')).toEqual(['src/util/strings.rs']);
    expect(r.resolve('src/net/mod.rs', 'mod http', [], 'use')).toEqual(['src/net/http.rs']);
  });

  it('resolves crate::, super:: and self:: paths to the longest module file', () => {
    expect(r.resolve('src/net/http.rs', 'crate::config::Config', ['Config'], 'use')).toEqual(['src/config.rs']);
    expect(r.resolve('src/net/http.rs', 'super::tcp::connect', ['connect'], 'use')).toEqual(['src/net/tcp.rs']);
    expect(r.resolve('src/net/mod.rs', 'self::http::get', ['get'], 'use')).toEqual(['src/net/http.rs']);
    expect(r.resolve('src/util/strings.rs', 'super::super::config::Config', [], 'use')).toEqual(['src/config.rs']);
    expect(r.resolve('src/config.rs', 'crate::util::strings::slug', [], 'use')).toEqual(['src/util/strings.rs']);
  });

  it('resolves grouped imports to the parent module and the named submodules', () => {
    expect(r.resolve('src/config.rs', 'crate::net::{http, tcp::connect}', [], 'use')).toEqual([
      'src/net/http.rs',
      'src/net/mod.rs',
      'src/net/tcp.rs',
    ]);
  });

  it('resolves a workspace crate by its Cargo.toml name (dashes as underscores)', () => {
    expect(r.resolve('src/config.rs', 'shop_fmt::money::format', [], 'use')).toEqual(['crates/shop-fmt/src/money.rs']);
  });

  it('keeps std and registry crates external', () => {
    expect(r.resolve('src/config.rs', 'std::collections::HashMap', [], 'use')).toBe('external:std');
    expect(r.resolve('src/config.rs', 'serde::{Deserialize, Serialize}', [], 'use')).toBe('external:serde');
  });
});

describe('Java resolution', () => {
  const r = repo({
    'shop/src/main/java/com/acme/shop/Order.java': '',
    'shop/src/main/java/com/acme/shop/model/Item.java': '',
    'shop/src/main/java/com/acme/shop/model/Price.java': '',
    'shop/src/test/java/com/acme/shop/OrderTest.java': '',
    'other/src/main/java/org/acme/model/Item.java': '',
  });

  it('matches a class import by path suffix under any source root', () => {
    expect(r.resolve('shop/src/test/java/com/acme/shop/OrderTest.java', 'com.acme.shop.model.Item')).toEqual([
      'shop/src/main/java/com/acme/shop/model/Item.java',
    ]);
  });

  it('resolves a wildcard import to the package directory', () => {
    expect(r.resolve('shop/src/test/java/com/acme/shop/OrderTest.java', 'com.acme.shop.model.*')).toEqual([
      'shop/src/main/java/com/acme/shop/model/Item.java',
      'shop/src/main/java/com/acme/shop/model/Price.java',
    ]);
  });

  it('resolves a static member import to its class', () => {
    expect(r.resolve('shop/src/test/java/com/acme/shop/OrderTest.java', 'static com.acme.shop.Order.create')).toEqual([
      'shop/src/main/java/com/acme/shop/Order.java',
    ]);
  });

  it('keeps JDK and library imports external by package', () => {
    expect(r.resolve('shop/src/main/java/com/acme/shop/Order.java', 'java.util.List')).toBe('external:java.util');
    expect(r.resolve('shop/src/main/java/com/acme/shop/Order.java', 'org.junit.jupiter.api.Test')).toBe(
      'external:org.junit.jupiter.api',
    );
  });
});

describe('C and C++ includes', () => {
  const r = repo({
    'src/shared/timeout-glib.c': '',
    'src/shared/timeout.h': '',
    'src/main.c': '',
    'googletest/include/gtest/gtest.h': '',
    'googletest/include/gtest/internal/gtest-port.h': '',
    'googletest/src/gtest.cc': '',
    'googlemock/include/gtest/gtest.h': '',
  });
  it('finds a quoted include beside the file first, then by path suffix, the closest header winning', () => {
    expect(r.resolve('src/shared/timeout-glib.c', '"timeout.h"'.slice(1, -1))).toEqual(['src/shared/timeout.h']);
    expect(r.resolve('src/main.c', 'shared/timeout.h')).toEqual(['src/shared/timeout.h']);
    expect(r.resolve('googletest/src/gtest.cc', 'gtest/internal/gtest-port.h')).toEqual([
      'googletest/include/gtest/internal/gtest-port.h',
    ]);
    expect(r.resolve('googletest/src/gtest.cc', 'gtest/gtest.h')).toEqual(['googletest/include/gtest/gtest.h']);
  });
  it('adds the implementation beside a header (x.h → x.c) when there is one', () => {
    const r2 = repo({ 'lib/list.h': '', 'lib/list.c': '', 'app/main.c': '', 'lib/util.hpp': '', 'lib/util.cpp': '' });
    expect(r2.resolve('app/main.c', 'list.h')).toEqual(['lib/list.c', 'lib/list.h']);
    expect(r2.resolve('lib/list.c', 'list.h')).toEqual(['lib/list.h']);
    expect(r2.resolve('app/main.c', '<util.hpp>')).toEqual(['lib/util.cpp', 'lib/util.hpp']);
  });

  it("reads an include under the library's own name from the root when the repository is that folder", () => {
    // PCL's installed headers opened at pcl/: `#include <pcl/features/pfh_tools.h>`.
    const r2 = repo({ 'features/pfh_tools.h': '', 'features/impl/vfh.hpp': '', 'pcl_exports.h': '' });
    expect(r2.resolve('features/impl/vfh.hpp', '<pcl/features/pfh_tools.h>')).toEqual(['features/pfh_tools.h']);
    // A folder and a file at least: `<sys/pcl_exports.h>` is the system's, not the root's file.
    expect(r2.resolve('features/impl/vfh.hpp', '<sys/pcl_exports.h>')).toBe('external:sys/pcl_exports.h');
    expect(r2.resolve('features/impl/vfh.hpp', '<other/features/pfh.h>')).toBe('external:other/features/pfh.h');
  });

  it('resolves the inline bodies a header includes at its end (`#include "x.inl"`)', () => {
    const r2 = repo({ 'ext/matrix_clip_space.hpp': '', 'ext/matrix_clip_space.inl': '', 'detail/setup.hpp': '' });
    expect(r2.resolve('ext/matrix_clip_space.hpp', 'matrix_clip_space.inl')).toEqual(['ext/matrix_clip_space.inl']);
  });

  it('leaves system headers external', () => {
    expect(r.resolve('src/main.c', '<glib.h>')).toBe('external:glib.h');
    expect(r.resolve('googletest/src/gtest.cc', '<vector>')).toBe('external:vector');
  });
});

describe('Ruby, PHP, Bash and Lua paths', () => {
  it('resolves require under lib/ and require_relative beside the file', () => {
    const r = repo({ 'lib/rake.rb': '', 'lib/rake/task.rb': '', 'lib/rake/file_list.rb': '', 'test/helper.rb': '' });
    expect(r.resolve('lib/rake.rb', 'rake/task', ['*'], 'require')).toEqual(['lib/rake/task.rb']);
    expect(r.resolve('lib/rake/task.rb', './file_list', ['*'], 'require')).toEqual(['lib/rake/file_list.rb']);
    expect(r.resolve('test/helper.rb', 'minitest/autorun', ['*'], 'require')).toBe('external:minitest');
  });

  it('resolves PHP use through composer.json PSR-4, else by the namespace folders', () => {
    const r = repo({
      'composer.json': '{"autoload": {"psr-4": {"App\\\\": "src/"}}}',
      'src/Http/Kernel.php': '',
      'src/index.php': '',
      'vendor/psr/log/Psr/Log/LoggerInterface.php': '',
    });
    expect(r.resolve('src/index.php', 'App\\Http\\Kernel', ['Kernel'], 'use')).toEqual(['src/Http/Kernel.php']);
    expect(r.resolve('src/index.php', 'Psr\\Log\\LoggerInterface', ['LoggerInterface'], 'use')).toEqual([
      'vendor/psr/log/Psr/Log/LoggerInterface.php',
    ]);
    expect(r.resolve('src/index.php', './Http/Kernel.php', ['*'], 'require')).toEqual(['src/Http/Kernel.php']);
    expect(r.resolve('src/index.php', 'Symfony\\Component\\Console\\Application', ['Application'], 'use')).toBe(
      'external:Symfony',
    );
  });

  it('resolves sourced scripts and Lua modules', () => {
    const r = repo({
      'completions/mount.bash': '',
      'completions/mount.bash.linux': '',
      'bin/run.sh': '',
      'bin/lib.sh': '',
      'lua/pl/path.lua': '',
      'lua/pl/init.lua': '',
      'app.lua': '',
    });
    expect(r.resolve('bin/run.sh', './lib.sh')).toEqual(['bin/lib.sh']);
    expect(r.resolve('completions/mount.bash', '$BASH_SOURCE.linux')).toEqual(['completions/mount.bash.linux']);
    expect(r.resolve('app.lua', 'pl.path', ['*'], 'require')).toEqual(['lua/pl/path.lua']);
    expect(r.resolve('app.lua', 'pl', ['*'], 'require')).toEqual(['lua/pl/init.lua']);
    expect(r.resolve('app.lua', 'lfs', ['*'], 'require')).toBe('external:lfs');
  });

  it('resolves a sourced absolute path to the one file ending with its longest tail', () => {
    // Clonezilla ships GParted Live's files under share/drbl/setup/files/gparted/ and its scripts
    // source them where they are installed: `. /usr/share/gparted/bin/gl-functions`.
    const r = repo(
      {
        'share/drbl/setup/files/gparted/usr/share/gparted/bin/gl-functions': '#!/bin/bash\n',
        'share/drbl/setup/files/gparted/usr/sbin/Forcevideo': '#!/bin/bash\n',
        'share/drbl/setup/files/ocs/live-hook/ocs-live-hook-functions': '#!/bin/bash\n',
        'share/drbl/setup/files/ocs/live-hook/ocs-live-hook': '#!/bin/bash\n',
        'modules.d/90crypt/crypt-lib.sh': '',
        'modules.d/91tpm/crypt-lib.sh': '',
      },
      'bash',
    );
    const from = 'share/drbl/setup/files/gparted/usr/sbin/Forcevideo';
    expect(r.resolve(from, '/usr/share/gparted/bin/gl-functions')).toEqual([
      'share/drbl/setup/files/gparted/usr/share/gparted/bin/gl-functions',
    ]);
    // Copied to a folder of the live system's build: only its name is the repository's.
    expect(
      r.resolve('share/drbl/setup/files/ocs/live-hook/ocs-live-hook', '/live-hook-dir/ocs-live-hook-functions'),
    ).toEqual(['share/drbl/setup/files/ocs/live-hook/ocs-live-hook-functions']);
    // Two files of that name and nothing longer to tell them apart: no guess.
    expect(r.resolve(from, '/lib/crypt-lib.sh')).toBe('external:/lib/crypt-lib.sh');
    expect(r.resolve(from, '/etc/drbl/drbl-ocs.conf')).toBe('external:/etc/drbl/drbl-ocs.conf');
  });

  it('resolves a Lua dofile path beside the file, from the root, else the one closest file', () => {
    const r = repo({
      'builtin/game/init.lua': '',
      'builtin/game/misc.lua': '',
      'builtin/common/chatcommands.lua': '',
      'builtin/client/chatcommands.lua': '',
      'builtin/common/after.lua': '',
      'mods/beds/init.lua': '',
      'mods/beds/functions.lua': '',
    });
    expect(r.resolve('mods/beds/init.lua', './functions.lua')).toEqual(['mods/beds/functions.lua']);
    expect(r.resolve('builtin/game/init.lua', './misc.lua')).toEqual(['builtin/game/misc.lua']);
    expect(r.resolve('mods/beds/init.lua', 'builtin/common/after.lua')).toEqual(['builtin/common/after.lua']);
    // `commonpath .. "after.lua"`: not beside, one file of that name.
    expect(r.resolve('builtin/game/init.lua', './after.lua')).toEqual(['builtin/common/after.lua']);
    // Two as close as each other: the folder is in a value, so no guess.
    expect(r.resolve('builtin/game/init.lua', './chatcommands.lua')).toBe('external:./chatcommands.lua');
  });
});

describe('packages and namespaces: Kotlin, Scala, C#, Swift', () => {
  it('resolves Kotlin imports to the file of the package that declares the name', () => {
    const r = repo({
      'app/src/main/java/expo/modules/kotlin/types/AnyTypeConverter.kt':
        'package expo.modules.kotlin.types\nimport expo.modules.kotlin.jni.ExpectedType\n',
      'app/src/main/java/expo/modules/kotlin/jni/ExpectedType.kt':
        'package expo.modules.kotlin.jni\n\nclass ExpectedType(vararg x: Int)\n',
      'app/src/main/java/expo/modules/kotlin/jni/CppType.kt':
        'package expo.modules.kotlin.jni\n\nenum class CppType { ANY }\n',
    });
    const from = 'app/src/main/java/expo/modules/kotlin/types/AnyTypeConverter.kt';
    expect(r.resolve(from, 'expo.modules.kotlin.jni.ExpectedType', ['ExpectedType'])).toEqual([
      'app/src/main/java/expo/modules/kotlin/jni/ExpectedType.kt',
    ]);
    expect(r.resolve(from, 'expo.modules.kotlin.jni', ['*'])).toHaveLength(2);
    expect(r.resolve(from, 'com.facebook.react.bridge.Dynamic', ['Dynamic'])).toBe(
      'external:com.facebook.react.bridge',
    );
  });

  it('resolves a Scala import relative to the chained package clauses', () => {
    const r = repo({
      'shared/scala/util/parsing/combinator/lexical/Scanners.scala':
        'package scala\npackage util.parsing\npackage combinator\npackage lexical\n\nimport input._\n',
      'shared/scala/util/parsing/input/Reader.scala':
        'package scala\npackage util.parsing.input\n\nabstract class Reader[+T]\n',
    });
    expect(r.resolve('shared/scala/util/parsing/combinator/lexical/Scanners.scala', 'input', ['*'])).toEqual([
      'shared/scala/util/parsing/input/Reader.scala',
    ]);
  });

  it('resolves C# using to the files of that namespace and Swift import to the module folder', () => {
    const r = repo({
      'Runtime/Progress.cs': 'using Cysharp.Threading.Tasks.Internal;\nnamespace Cysharp.Threading.Tasks\n{\n}\n',
      'Runtime/Internal/ArrayPool.cs': 'namespace Cysharp.Threading.Tasks.Internal\n{\n}\n',
      'Sources/Core/Mutex.swift': '',
      'Sources/App/main.swift': '',
    });
    expect(r.resolve('Runtime/Progress.cs', 'Cysharp.Threading.Tasks.Internal', ['*'], 'use')).toEqual([
      'Runtime/Internal/ArrayPool.cs',
    ]);
    expect(r.resolve('Runtime/Progress.cs', 'System.Collections.Generic', ['*'], 'use')).toBe(
      'external:System.Collections.Generic',
    );
    expect(r.resolve('Sources/App/main.swift', 'Core', ['*'])).toEqual(['Sources/Core/Mutex.swift']);
    expect(r.resolve('Sources/App/main.swift', 'Foundation', ['*'])).toBe('external:Foundation');
  });
});

describe('Go resolution without go.mod, a root that is no library package', () => {
  // syncthing as Debian ships it: the root holds only build.go (`//go:build ignore`, `package
  // main`) and tools.go (`package tools`); the packages are lib/versioner/, lib/model/, ….
  const r = repo({
    'build.go': '//go:build ignore\n// +build ignore\n\npackage main\n\nimport (\n\t"os"\n)\n',
    'tools.go': '//go:build tools\n\npackage tools\n',
    'lib/versioner/versioner.go': 'package versioner\n\ntype Versioner interface{}\n',
    'lib/versioner/simple.go': 'package versioner\n',
    'lib/config/config.go': 'package config\n',
    'lib/model/folder.go':
      'package model\n\nimport (\n\t"github.com/syncthing/syncthing/lib/config"\n\t"github.com/syncthing/syncthing/lib/versioner"\n)\n',
    'lib/model/other/other.go': 'package other\n',
  });

  it('maps an import to its folder by the prefix the imports agree on', () => {
    expect(r.resolve('lib/model/folder.go', 'github.com/syncthing/syncthing/lib/versioner')).toEqual([
      'lib/versioner/simple.go',
      'lib/versioner/versioner.go',
    ]);
    expect(r.resolve('lib/model/folder.go', 'github.com/syncthing/syncthing/lib/config')).toEqual([
      'lib/config/config.go',
    ]);
  });

  it('keeps the standard library and other modules external', () => {
    expect(r.resolve('build.go', 'os')).toBe('external:os');
    expect(r.resolve('lib/model/folder.go', 'github.com/other/thing/lib/config')).toBe(
      'external:github.com/other/thing/lib/config',
    );
  });
});
