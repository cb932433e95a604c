/**
 * A file's name typed alone opens the file, as an editor's "go to file" does: click's
 * `_winconsole.py` beside methods and a parameter named `console`, Rich's `console.py` in two
 * folders, Express's `lib/router/index.js` beside the root `index.js`, a `Makefile` at the root
 * and in docs/. Before, `console.py` was read as the name `console` and the methods so named came
 * first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import { Engine } from '../engine';
import { engineOver } from '../../../test/support/engine';

const FILES: SourceFile[] = [
  {
    path: 'rich/console.py',
    text: [
      '"""The Console class, the main entry point to Rich."""',
      'import sys',
      '',
      '',
      'class Console:',
      '    def __init__(self, file=None):',
      '        self.file = file or sys.stdout',
      '',
      '    def print(self, *objects):',
      '        self.file.write(" ".join(map(str, objects)))',
      '',
    ].join('\n'),
  },
  {
    path: 'rich/logging.py',
    text: [
      'from rich.console import Console',
      '',
      '',
      'class RichHandler:',
      '    def __init__(self, console=None):',
      '        self._console = console',
      '',
      '    def console(self):',
      '        return self._console or Console()',
      '',
    ].join('\n'),
  },
  {
    path: 'rich/_winconsole.py',
    text: 'import ctypes\n\n\ndef console_mode(handle):\n    return ctypes.windll.kernel32.GetConsoleMode(handle)\n',
  },
  { path: 'tests/console.py', text: 'from rich.console import Console\n\n\ndef console():\n    return Console()\n' },
  { path: 'index.js', text: "'use strict';\n\nmodule.exports = require('./lib/express');\n" },
  {
    path: 'lib/router/index.js',
    text: [
      "'use strict';",
      '',
      'var proto = module.exports = function(options) {',
      '  function router(req, res, next) {',
      '    router.handle(req, res, next);',
      '  }',
      '  return router;',
      '};',
      '',
      'proto.handle = function handle(req, res, out) {',
      '  return out();',
      '};',
      '',
    ].join('\n'),
  },
  {
    path: 'lib/application.js',
    text: "'use strict';\n\nvar Router = require('./router');\n\nexports.index = function index() {\n  return new Router();\n};\n",
  },
  { path: 'Makefile', text: 'all:\n\tpython -m build\n\ntest:\n\tpytest tests\n' },
  { path: 'docs/Makefile', text: 'html:\n\tsphinx-build -b html . _build\n' },
];

let engine: Engine;
beforeAll(async () => {
  engine = await engineOver(FILES);
});

const opened = async (query: string) => {
  const { query: asked, results } = await engine.search(query, { preset: 'default', limit: 10 });
  return { rule: asked.rule, results: results.map((r) => `${r.path}:${r.line ?? r.startLine}`) };
};

describe('go to file: a file name typed alone', () => {
  it('opens the file first, at its top; the same name in other folders next; names ending with it last', async () => {
    expect(await opened('console.py')).toEqual({
      rule: 'file-name',
      results: ['rich/console.py:1', 'tests/console.py:1', 'rich/_winconsole.py:1'],
    });
    expect((await opened('open rich/console.py')).results[0]).toBe('rich/console.py:1');
    // The file is the answer: the words of its name on its lines are no matching lines.
    expect(engine.matches('console.py', ['rich/console.py', 'rich/_winconsole.py'])).toEqual([]);
  });

  it('ranks the file at the whole path typed above the same name elsewhere; a path without its extension too', async () => {
    expect((await opened('lib/router/index.js')).results).toEqual(['lib/router/index.js:1', 'index.js:1']);
    expect((await opened('router/index')).results[0]).toBe('lib/router/index.js:1');
  });

  it('opens at the line typed after the name', async () => {
    expect((await opened('lib/router/index.js:10')).results[0]).toBe('lib/router/index.js:10');
  });

  it('opens a conventional name without an extension', async () => {
    expect((await opened('Makefile')).results).toEqual(['Makefile:1', 'docs/Makefile:1']);
  });

  it('keeps a name without an extension a name (`index`), and answers a file name no file has by its stem', async () => {
    const index = await opened('index');
    expect(index.rule).toBe('identifier');
    expect(index.results[0]).toMatch(/^lib\/application\.js:/);
    const missing = await opened('console_mode.py');
    expect(missing.rule).toBe('file-name');
    expect(missing.results[0]).toBe('rich/_winconsole.py:4');
  });

  it('fuses the other lists for a path no file has and no extension names (`router/handle`: words, maybe)', async () => {
    const { query, results } = await engine.search('router/handle', { preset: 'default', limit: 5 });
    expect(query.rule).toBe('file-name');
    expect(query.fallback).toMatch(/found nothing/);
    expect(results[0]?.path).toBe('lib/router/index.js');
  });
});
