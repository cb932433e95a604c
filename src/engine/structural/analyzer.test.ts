import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definition, FileAnalysis } from '../contract';
import { nodeGrammars } from '../../node/grammars';
import { Language as TSLanguage, Parser } from 'web-tree-sitter';
import { MAX_PARSE_CHARS, PARSE_WORK_LIMIT, ParseBudget, StructuralAnalyzer } from './analyzer';
import { countLines } from './chunks';
import { extractNameChecks } from './queries';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
});

function definition(analysis: FileAnalysis, name: string, container?: string): Definition {
  const found = analysis.definitions.filter(
    (d) => d.name === name && (container === undefined || d.container === container),
  );
  expect(found, `definition ${container ? `${container}.` : ''}${name}`).toHaveLength(1);
  return found[0];
}

function refs(analysis: FileAnalysis, name: string) {
  return analysis.references
    .filter((r) => r.name === name)
    .map(({ kind, line, enclosing }) => ({ kind, line, enclosing }));
}

describe('TypeScript', () => {
  let a: FileAnalysis;
  beforeAll(() => {
    a = analyzer.analyze('src/store.ts', fixture('store.ts.txt'));
  });

  it('parses and counts lines', () => {
    expect(a).toMatchObject({ language: 'typescript', parsed: true, lineCount: 45 });
    expect(a.parseError).toBeUndefined();
  });

  it('finds functions with signature, range and doc comment', () => {
    expect(definition(a, 'parseConfig')).toEqual({
      name: 'parseConfig',
      kind: 'function',
      signature: 'export function parseConfig(text: string, opts?: Options): Config',
      startLine: 12,
      endLine: 15,
      nameLine: 12,
      doc: '/**\n * Parses the config.\n */',
      docLine: 9,
    });
  });

  it('marks overload signatures as bodyless declarations and keeps the implementation', () => {
    const overloads = a.definitions.filter((d) => d.name === 'overload');
    expect(overloads.map((d) => [d.startLine, d.signature])).toEqual([
      [17, 'export function overload(a: string): void;'],
      [18, 'export function overload(a: number): void;'],
      [19, 'export function overload(a: unknown): void'],
    ]);
  });

  it('finds namespaces, type aliases, interfaces, enums and their members', () => {
    expect(definition(a, 'Shapes')).toMatchObject({
      kind: 'namespace',
      startLine: 22,
      endLine: 25,
      doc: '// A namespace.',
    });
    expect(definition(a, 'Point')).toMatchObject({ kind: 'type', container: 'Shapes', startLine: 23 });
    expect(definition(a, 'Circle')).toMatchObject({
      kind: 'interface',
      container: 'Shapes',
      signature: 'export interface Circle extends Base<Point>',
    });
    expect(definition(a, 'area')).toMatchObject({ kind: 'method', container: 'Circle', signature: 'area(): number;' });
    expect(definition(a, 'Color')).toMatchObject({ kind: 'enum', signature: 'export enum Color' });
    expect(definition(a, 'virtual')).toMatchObject({ kind: 'module', startLine: 45 });
    expect(definition(a, 'v')).toMatchObject({ kind: 'function', container: 'virtual' });
  });

  it('finds classes, methods and class fields holding arrow functions', () => {
    expect(definition(a, 'Store')).toMatchObject({
      kind: 'class',
      startLine: 29,
      endLine: 41,
      signature: 'export abstract class Store<T> extends EventEmitter implements Disposable',
    });
    expect(definition(a, 'add')).toMatchObject({
      kind: 'method',
      container: 'Store',
      startLine: 32,
      endLine: 35,
      signature: 'add = (key: string, item: T): void =>',
      doc: '/** Adds an item. */',
    });
    expect(definition(a, 'load')).toMatchObject({
      kind: 'method',
      container: 'Store',
      signature: 'async load(path: string): Promise<T[]>',
    });
    expect(definition(a, 'dispose')).toMatchObject({ kind: 'method', signature: 'abstract dispose(): void;' });
  });

  it('finds top-level constants but not require() bindings', () => {
    expect(definition(a, 'DEFAULT_TIMEOUT')).toMatchObject({
      kind: 'constant',
      signature: 'export const DEFAULT_TIMEOUT = 5000',
    });
    expect(definition(a, 'counter')).toMatchObject({ kind: 'variable' });
    expect(definition(a, 'lazy')).toMatchObject({ kind: 'function', signature: 'const lazy = () =>' });
    expect(a.definitions.find((d) => d.name === 'a' || d.name === 'c')).toBeUndefined();
  });

  it('reads every import form', () => {
    expect(a.imports).toEqual([
      { specifier: 'node:fs', line: 1, names: ['default', 'readFile', 'Stats'], kind: 'import' },
      { specifier: 'path', line: 2, names: ['*'], kind: 'import' },
      { specifier: './side-effect', line: 3, names: [], kind: 'import' },
      { specifier: './config', line: 4, names: ['parse', 'format'], kind: 'reexport' },
      { specifier: './all', line: 5, names: ['*'], kind: 'reexport' },
      { specifier: './lazy', line: 6, names: [], kind: 'dynamic' },
      { specifier: 'cjs', line: 7, names: ['a', 'b'], kind: 'require' },
    ]);
  });

  it('records calls, new and type references with the enclosing definition', () => {
    expect(refs(a, 'Config')).toEqual([
      { kind: 'type', line: 12, enclosing: 'parseConfig' },
      { kind: 'new', line: 13, enclosing: 'parseConfig' },
    ]);
    expect(refs(a, 'validate')).toEqual([{ kind: 'call', line: 14, enclosing: 'parseConfig' }]);
    expect(refs(a, 'parseItems')).toEqual([{ kind: 'call', line: 38, enclosing: 'load' }]);
    expect(refs(a, 'emit')).toEqual([{ kind: 'call', line: 34, enclosing: 'add' }]);
    expect(refs(a, 'EventEmitter')).toEqual([{ kind: 'type', line: 29, enclosing: 'Store' }]);
    // Definition names and type parameters are not references.
    expect(refs(a, 'Store')).toEqual([]);
    expect(refs(a, 'T')).toEqual([]);
  });
});

describe('TSX', () => {
  it('parses JSX with the tsx grammar', () => {
    const a = analyzer.analyze(
      'ui/Button.tsx',
      `import React from 'react';\n\ninterface Props { label: string }\n\nexport function Button({ label }: Props) {\n  return <button onClick={() => track(label)}>{label}</button>;\n}\n`,
    );
    expect(a).toMatchObject({ language: 'tsx', parsed: true, lineCount: 7 });
    expect(definition(a, 'Button')).toMatchObject({ kind: 'function', startLine: 5, endLine: 7 });
    expect(definition(a, 'Props')).toMatchObject({ kind: 'interface', startLine: 3 });
    expect(refs(a, 'track')).toEqual([{ kind: 'call', line: 6, enclosing: 'Button' }]);
    expect(refs(a, 'Props')).toEqual([{ kind: 'type', line: 5, enclosing: 'Button' }]);
  });
});

describe('JavaScript', () => {
  let a: FileAnalysis;
  beforeAll(() => {
    a = analyzer.analyze('lib/queue.js', fixture('queue.js.txt'));
  });

  it('finds classes, static and instance fields holding functions, prototype methods', () => {
    expect(definition(a, 'Queue')).toMatchObject({
      kind: 'class',
      startLine: 6,
      endLine: 14,
      doc: '/** Queue of jobs. */',
    });
    expect(definition(a, 'create')).toMatchObject({
      kind: 'method',
      container: 'Queue',
      signature: 'static create = () =>',
    });
    expect(definition(a, 'handler')).toMatchObject({ kind: 'method', container: 'Queue' });
    expect(definition(a, 'push')).toMatchObject({ kind: 'method', container: 'Queue', startLine: 10, endLine: 13 });
    // Tagged twice by the grammar (assignment + named function expression): kept once.
    expect(definition(a, 'drain')).toMatchObject({ kind: 'method', container: 'Queue', startLine: 16, endLine: 18 });
    expect(definition(a, 'ids')).toMatchObject({ kind: 'function', signature: 'function* ids()' });
    expect(definition(a, 'helper')).toMatchObject({ kind: 'function' });
    expect(definition(a, 'version')).toMatchObject({ kind: 'function' });
    expect(a.definitions.find((d) => d.name === 'path')).toBeUndefined();
  });

  it('reads require() bindings', () => {
    expect(a.imports).toEqual([
      { specifier: 'path', line: 2, names: ['*'], kind: 'require' },
      { specifier: 'events', line: 3, names: ['EventEmitter'], kind: 'require' },
    ]);
  });

  it("reads AMD define() and require() dependency lists: a loader plugin's id as its plugin module, the loader's own ids as none", () => {
    const amd = analyzer.analyze(
      'dojo/cookie.js',
      [
        'define("dojo/cookie", ["require", "./_base/kernel", "./regexp", "./has!dom-addeventlistener?:./aspect"], function(dojo, regexp){',
        '  require(["./domReady"], function(ready){ ready(); });',
        '  var lang = require("./_base/lang");',
        '});',
      ].join('\n'),
    );
    expect(amd.imports).toEqual([
      { specifier: './_base/kernel', line: 1, names: ['*'], kind: 'require' },
      { specifier: './regexp', line: 1, names: ['*'], kind: 'require' },
      { specifier: './has', line: 1, names: ['*'], kind: 'require' },
      { specifier: './domReady', line: 2, names: ['*'], kind: 'require' },
      { specifier: './_base/lang', line: 3, names: ['*'], kind: 'require' },
    ]);
  });

  it('marks references reached through a receiver or a path as qualified', () => {
    const b = analyzer.analyze(
      'lib/response.js',
      'res.send = function send(body) { return body; };\nres.json = function json(x) {\n  return this\n    .send(x);\n};\nres.sendFile = function sendFile(p) { return send(p) || obj?.send(p); };\n',
    );
    expect(b.references.filter((r) => r.name === 'send').map(({ line, qualified }) => ({ line, qualified }))).toEqual([
      { line: 4, qualified: true },
      { line: 6, qualified: undefined },
      { line: 6, qualified: true },
    ]);
    const rust = analyzer.analyze(
      'src/lib.rs',
      'fn main() {\n    let s = Shop::new();\n    s.open();\n    helper();\n}\n',
    );
    expect(
      rust.references.filter((r) => r.kind === 'call').map(({ name, qualified }) => ({ name, qualified })),
    ).toEqual([
      { name: 'new', qualified: true },
      { name: 'open', qualified: true },
      { name: 'helper', qualified: undefined },
    ]);
  });

  it('reads a Rust call of a function held in a field, through parentheses, as a call through that field', () => {
    // The shape of winit 0.27's x11/util/cursor.rs: Xlib's functions are fields of a loaded library.
    const rust = analyzer.analyze(
      'src/cursor.rs',
      'fn update(&self, w: Window) {\n    unsafe { (self.xlib.XDefineCursor)(self.display, w, 0) };\n}\n',
    );
    expect(rust.references.filter((r) => r.kind === 'call').map(({ name, receiver }) => ({ name, receiver }))).toEqual([
      { name: 'XDefineCursor', receiver: 'self.xlib' },
    ]);
  });

  it("defines a class's private methods and reads `this.#m()` as a call of them", () => {
    // The shape of npm 9's lib/utils/log-file.js (Artistic-2.0): the work is in `#` methods.
    const source = [
      'class LogFiles {',
      '  #files = []',
      '  load () {',
      '    this.#openLogFile()',
      '    return this.#cleanLogs()',
      '  }',
      '  get #isBuffered () {',
      '    return this.#logStream instanceof MiniPass',
      '  }',
      '  #logHandler = (level, ...args) => {',
      '    this.#logStream.write(args)',
      '  }',
      '  #openLogFile () {',
      '    return this.#files.length',
      '  }',
      '  async #cleanLogs () {',
      '    const files = await glob(this.#getLogFilePath())',
      '    for (const file of files) await rimraf(file)',
      '  }',
      '}',
      '',
    ].join('\n');
    for (const path of ['lib/utils/log-file.js', 'lib/utils/log-file.ts']) {
      const b = analyzer.analyze(path, source);
      expect(definition(b, '#cleanLogs'), path).toMatchObject({
        kind: 'method',
        container: 'LogFiles',
        startLine: 16,
        endLine: 19,
      });
      expect(definition(b, '#openLogFile')).toMatchObject({ kind: 'method', container: 'LogFiles' });
      expect(definition(b, '#isBuffered')).toMatchObject({ kind: 'method', container: 'LogFiles' });
      expect(definition(b, '#logHandler')).toMatchObject({ kind: 'method', container: 'LogFiles' });
      // A private field holding no function is no method.
      expect(b.definitions.some((d) => d.name === '#files')).toBe(false);
      expect(refs(b, '#cleanLogs').map((r) => [r.kind, r.line])).toEqual([['call', 5]]);
      expect(refs(b, '#openLogFile').map((r) => [r.kind, r.line])).toEqual([['call', 4]]);
    }
  });

  it('gives an ES5 constructor the methods of an object handed to its prototype, not those of any object passed along', () => {
    // The shape of vega-view-transforms/src/Overlap.js (vega 5.22, BSD-3-Clause) and of older
    // code that assigns the prototype or extends it.
    const b = analyzer.analyze(
      'src/Overlap.js',
      [
        "import {inherits} from 'vega-util';",
        'export default function Overlap(params) {',
        '  Transform.call(this, null, params);',
        '}',
        'inherits(Overlap, Transform, {',
        '  transform(_, pulse) {',
        '    return pulse.reflow(_.modified());',
        '  },',
        '  reset: function (source) { return source; }',
        '});',
        'Object.assign(Bounds.prototype, { union(b) { return b; } });',
        'Legacy.prototype = { clear: function () { return this; } };',
        "register(app, { handler() { return 'x'; } });",
        'const methods = { parity: items => items };',
        '',
      ].join('\n'),
    );
    expect(definition(b, 'transform')).toMatchObject({
      kind: 'method',
      container: 'Overlap',
      startLine: 6,
      endLine: 8,
    });
    expect(definition(b, 'reset')).toMatchObject({ kind: 'method', container: 'Overlap' });
    expect(definition(b, 'union')).toMatchObject({ kind: 'method', container: 'Bounds' });
    expect(definition(b, 'clear')).toMatchObject({ kind: 'method', container: 'Legacy' });
    // An object given to a call whose first argument is no prototype is no class's.
    expect(definition(b, 'handler').container).toBeUndefined();
    expect(definition(b, 'parity')).toMatchObject({ kind: 'function' });
    expect(definition(b, 'parity').container).toBeUndefined();
  });

  it('defines an anonymous default export under its file’s name, as its importers name it', () => {
    // The shape of vega-statistics/src/regression/log.js and r-squared.js (vega 5.22, BSD-3-Clause).
    const body = 'export default function(data, x, y) {\n  const predict = x => x;\n  return {predict};\n}\n';
    expect(analyzer.analyze('src/regression/log.js', body).definitions.map((d) => [d.name, d.kind])).toEqual([
      ['log', 'function'],
      ['predict', 'function'],
    ]);
    expect(definition(analyzer.analyze('src/regression/r-squared.js', body), 'rSquared')).toMatchObject({
      kind: 'function',
      startLine: 1,
      endLine: 4,
      signature: 'export default function(data, x, y)',
    });
    expect(
      definition(analyzer.analyze('src/bandwidth/index.mjs', 'export default (a, f) => a.length;\n'), 'bandwidth'),
    ).toMatchObject({ kind: 'function' });
    expect(
      definition(analyzer.analyze('src/Axis.ts', 'export default class {\n  draw(): void {}\n}\n'), 'Axis'),
    ).toMatchObject({ kind: 'class', startLine: 1, endLine: 3 });
    // CommonJS's `module.exports = (f, env) => …` (npm's @npmcli/config/lib/env-replace.js, ISC).
    expect(
      analyzer
        .analyze('lib/env-replace.js', 'module.exports = (f, env) => f.replace(/x/g, (orig) => env[orig]);\n')
        .definitions.map((d) => [d.name, d.kind]),
    ).toEqual([['envReplace', 'function']]);
    expect(
      analyzer
        .analyze('lib/otplease.js', 'module.exports = function otplease(fn) {\n  return fn();\n};\n')
        .definitions.map((d) => d.name),
    ).toEqual(['otplease']);
    // A named one is its own name only, not also `exports` (core-js's internals/collection-delete-all.js).
    const deleteAll = analyzer.analyze(
      'internals/collection-delete-all.js',
      "'use strict';\nvar call = require('../internals/function-call');\n\n// https://github.com/tc39/collection-methods\nmodule.exports = function deleteAll(/* ...elements */) {\n  var collection = anObject(this);\n  var allDeleted = true;\n  for (var k = 0, len = arguments.length; k < len; k++) {\n    allDeleted = allDeleted && call(remover, collection, arguments[k]);\n  }\n  return !!allDeleted;\n};\n",
    );
    expect(deleteAll.definitions.map((d) => [d.name, d.kind, d.startLine])).toEqual([['deleteAll', 'function', 5]]);
    // A named default export keeps its name; an exported object literal is no function.
    expect(
      analyzer.analyze('src/bin.js', 'export default function bin(_) { return _; }\n').definitions.map((d) => d.name),
    ).toEqual(['bin']);
    expect(
      analyzer.analyze('src/util.js', 'export default { m() { return 1; } };\n').definitions.map((d) => d.name),
    ).toEqual(['m']);
  });

  it('records new and extends', () => {
    expect(refs(a, 'Queue')).toEqual([
      { kind: 'new', line: 7, enclosing: 'create' },
      { kind: 'new', line: 23, enclosing: 'make' },
    ]);
    expect(refs(a, 'EventEmitter')).toEqual([{ kind: 'type', line: 6, enclosing: 'Queue' }]);
    expect(refs(a, 'run')).toEqual([{ kind: 'call', line: 8, enclosing: 'handler' }]);
  });
});

describe('Python', () => {
  let a: FileAnalysis;
  beforeAll(() => {
    a = analyzer.analyze('pkg/mod/loader.py', fixture('loader.py.txt'));
  });

  it('finds classes, methods (decorated, with the decorators in range) and nested functions', () => {
    expect(definition(a, 'Loader')).toMatchObject({
      kind: 'class',
      startLine: 11,
      endLine: 23,
      signature: 'class Loader(BaseLoader, abc.ABC)',
      doc: '# Base of all loaders.',
    });
    expect(definition(a, 'load')).toEqual({
      name: 'load',
      kind: 'method',
      container: 'Loader',
      signature: 'def load(path: str) -> Config',
      startLine: 14,
      endLine: 18,
      nameLine: 16,
    });
    expect(definition(a, 'inner')).toMatchObject({ kind: 'function', startLine: 21, endLine: 22 });
    expect(definition(a, 'inner').container).toBeUndefined();
    expect(definition(a, 'handler')).toMatchObject({ kind: 'function', startLine: 25, endLine: 27, nameLine: 26 });
    expect(definition(a, 'MAX_RETRIES')).toMatchObject({ kind: 'constant', startLine: 7 });
    expect(definition(a, 'default_name')).toMatchObject({ kind: 'variable' });
  });

  it('reads imports, including relative ones', () => {
    expect(a.imports).toEqual([
      { specifier: 'os.path', line: 2, names: ['*'], kind: 'import' },
      { specifier: 'sys', line: 2, names: ['*'], kind: 'import' },
      { specifier: '..pkg.sub', line: 3, names: ['thing', 'other'], kind: 'import' },
      { specifier: '.', line: 4, names: ['sibling'], kind: 'import' },
      { specifier: 'typing', line: 5, names: ['*'], kind: 'import' },
    ]);
  });

  it('records calls, base classes and annotations', () => {
    expect(refs(a, 'read_file')).toEqual([{ kind: 'call', line: 17, enclosing: 'load' }]);
    expect(refs(a, 'BaseLoader')).toEqual([{ kind: 'type', line: 11, enclosing: 'Loader' }]);
    expect(refs(a, 'Response')).toEqual([
      { kind: 'type', line: 26, enclosing: 'handler' },
      { kind: 'call', line: 27, enclosing: 'handler' },
    ]);
    expect(refs(a, 'helper2')).toEqual([{ kind: 'call', line: 22, enclosing: 'inner' }]);
    expect(refs(a, 'str')).toEqual([]); // built-in types connect nothing
  });

  it('falls back to the docstring when no comment is above', () => {
    const b = analyzer.analyze('m.py', 'def f():\n    """Does f."""\n    return 1\n');
    expect(definition(b, 'f').doc).toBe('"""Does f."""');
    // The docstring is inside the function: no doc comment line above it.
    expect(definition(b, 'f').docLine).toBeUndefined();
  });

  it('gives a comment above a decorated function its first line, above the decorators', () => {
    const b = analyzer.analyze('m.py', 'x = 1\n\n# Loads the thing.\n# Twice.\n@cached\ndef load():\n    return 1\n');
    expect(definition(b, 'load')).toMatchObject({ startLine: 5, doc: '# Loads the thing.\n# Twice.', docLine: 3 });
  });
});

describe('Go', () => {
  let a: FileAnalysis;
  beforeAll(() => {
    a = analyzer.analyze('cmd/server.go', fixture('server.go.txt'));
  });

  it('finds structs, interfaces, aliases, functions, methods with their receiver as container', () => {
    expect(definition(a, 'Server')).toMatchObject({
      kind: 'struct',
      startLine: 17,
      endLine: 20,
      signature: 'type Server struct',
      doc: '// Server serves requests.',
    });
    expect(definition(a, 'Handler')).toMatchObject({ kind: 'interface', signature: 'type Handler interface' });
    expect(definition(a, 'ID')).toMatchObject({ kind: 'type', signature: 'type ID = string' });
    expect(definition(a, 'NewServer')).toMatchObject({
      kind: 'function',
      startLine: 29,
      endLine: 31,
      signature: 'func NewServer(addr string) *Server',
    });
    expect(definition(a, 'Start')).toMatchObject({
      kind: 'method',
      container: 'Server',
      startLine: 34,
      endLine: 37,
      signature: 'func (s *Server) Start() error',
      doc: '// Start runs the server.',
    });
    expect(definition(a, 'MaxConns')).toMatchObject({ kind: 'constant' });
    expect(definition(a, 'started')).toMatchObject({ kind: 'variable' });
  });

  it('reads import specs, aliased and blank', () => {
    expect(a.imports).toEqual([
      { specifier: 'fmt', line: 4, names: ['*'], kind: 'import' },
      { specifier: 'net/http', line: 5, names: ['*'], kind: 'import', alias: 'h' },
      { specifier: 'embed', line: 6, names: [], kind: 'import' },
    ]);
  });

  it('marks a dot import on its ImportRef and keeps an alias as written; a plain one-line import has none', () => {
    const b = analyzer.analyze(
      'flag_test.go',
      [
        'package flag_test',
        '',
        'import . "flag"',
        'import "example.com/shop/internal/store"',
        'import st "example.com/shop/internal/store"',
        'import (',
        '\t"fmt"',
        '\tf "flag"',
        '\t_ "embed"',
        '\t. "github.com/onsi/gomega"',
        ')',
      ].join('\n'),
    );
    expect(b.imports).toEqual([
      { specifier: 'flag', line: 3, names: ['*'], kind: 'import', dot: true },
      { specifier: 'example.com/shop/internal/store', line: 4, names: ['*'], kind: 'import' },
      { specifier: 'example.com/shop/internal/store', line: 5, names: ['*'], kind: 'import', alias: 'st' },
      { specifier: 'fmt', line: 7, names: ['*'], kind: 'import' },
      { specifier: 'flag', line: 8, names: ['*'], kind: 'import', alias: 'f' },
      { specifier: 'embed', line: 9, names: [], kind: 'import' },
      { specifier: 'github.com/onsi/gomega', line: 10, names: ['*'], kind: 'import', dot: true },
    ]);
  });

  it('records calls, composite literals and type uses', () => {
    expect(refs(a, 'Server')).toEqual([
      { kind: 'type', line: 29, enclosing: 'NewServer' },
      { kind: 'new', line: 30, enclosing: 'NewServer' },
      { kind: 'type', line: 34, enclosing: 'Start' },
    ]);
    expect(refs(a, 'ListenAndServe')).toEqual([{ kind: 'call', line: 36, enclosing: 'Start' }]);
    expect(refs(a, 'string')).toEqual([]);
  });
});

describe('Rust', () => {
  let a: FileAnalysis;
  beforeAll(() => {
    a = analyzer.analyze('src/cache.rs', fixture('cache.rs.txt'));
  });

  it('finds items with precise kinds; impl methods once, with the impl type as container', () => {
    expect(definition(a, 'Cache')).toMatchObject({
      kind: 'struct',
      startLine: 8,
      endLine: 11,
      nameLine: 9,
      doc: '/// A cache.',
    });
    expect(definition(a, 'State')).toMatchObject({ kind: 'enum' });
    expect(definition(a, 'Store')).toMatchObject({ kind: 'trait', startLine: 15, endLine: 19 });
    expect(definition(a, 'get', 'Store')).toMatchObject({
      kind: 'method',
      signature: 'fn get(&self, key: &str) -> Option<String>;',
      doc: '/// Gets.',
    });
    expect(definition(a, 'get', 'Cache')).toMatchObject({
      kind: 'method',
      startLine: 28,
      signature: 'fn get(&self, key: &str) -> Option<String>',
    });
    expect(definition(a, 'new')).toMatchObject({ kind: 'method', container: 'Cache', startLine: 22, endLine: 24 });
    expect(definition(a, 'f')).toMatchObject({ kind: 'function', container: 'inline' });
    expect(definition(a, 'm')).toMatchObject({ kind: 'macro', signature: 'macro_rules! m' });
    expect(definition(a, 'LIMIT')).toMatchObject({ kind: 'constant' });
    expect(definition(a, 'Alias')).toMatchObject({ kind: 'type' });
    expect(definition(a, 'parser')).toMatchObject({ kind: 'module', signature: 'mod parser;' });
  });

  it('flattens use trees and reads `mod x;`', () => {
    expect(a.imports).toEqual([
      { specifier: 'std::collections::HashMap', line: 1, names: ['HashMap'], kind: 'use' },
      { specifier: 'std::collections::hash_map::Entry', line: 1, names: ['Entry'], kind: 'use' },
      { specifier: 'crate::config', line: 2, names: ['*'], kind: 'use' },
      { specifier: 'super', line: 3, names: ['super'], kind: 'use' },
      { specifier: 'super::util', line: 3, names: ['util'], kind: 'use' },
      { specifier: 'self::parser', line: 4, names: ['parser'], kind: 'import' },
    ]);
  });

  it('records path calls, struct literals and macro calls', () => {
    expect(refs(a, 'Cache')).toContainEqual({ kind: 'new', line: 23, enclosing: 'new' });
    expect(refs(a, 'new')).toEqual([{ kind: 'call', line: 23, enclosing: 'new' }]);
    expect(refs(a, 'lookup')).toEqual([{ kind: 'call', line: 28, enclosing: 'get' }]);
  });
});

describe('Java', () => {
  let a: FileAnalysis;
  beforeAll(() => {
    a = analyzer.analyze('src/main/java/com/example/store/UserRepository.java', fixture('UserRepository.java.txt'));
  });

  it('finds classes, methods, nested interfaces, enums and records', () => {
    expect(definition(a, 'UserRepository')).toMatchObject({
      kind: 'class',
      startLine: 10,
      endLine: 28,
      nameLine: 11,
      signature: '@Repository public class UserRepository extends BaseRepository<User> implements Closeable',
      doc: '/**\n * A repository of users.\n */',
    });
    expect(definition(a, 'findById')).toMatchObject({
      kind: 'method',
      container: 'UserRepository',
      startLine: 17,
      endLine: 21,
      nameLine: 18,
      doc: '/** Finds a user. */',
    });
    expect(definition(a, 'Listener')).toMatchObject({ kind: 'interface', container: 'UserRepository' });
    expect(definition(a, 'changed')).toMatchObject({
      kind: 'method',
      container: 'Listener',
      signature: 'void changed(User u);',
    });
    expect(definition(a, 'Mode')).toMatchObject({ kind: 'enum', signature: 'enum Mode' });
    expect(definition(a, 'writable')).toMatchObject({ kind: 'method', container: 'Mode' });
    expect(definition(a, 'Page')).toMatchObject({
      kind: 'class',
      signature: 'record Page(int number, List<User> items)',
    });
  });

  it('reads imports, static and on-demand', () => {
    expect(a.imports).toEqual([
      { specifier: 'java.util.List', line: 3, names: ['List'], kind: 'import' },
      { specifier: 'java.util', line: 4, names: ['*'], kind: 'import' },
      { specifier: 'java.util.Objects.requireNonNull', line: 5, names: ['requireNonNull'], kind: 'import' },
    ]);
  });

  it('records calls, object creation (generic too) and type uses', () => {
    expect(refs(a, 'HashMap')).toEqual([{ kind: 'new', line: 12, enclosing: 'UserRepository' }]);
    expect(refs(a, 'UserKey')).toEqual([{ kind: 'new', line: 20, enclosing: 'findById' }]);
    expect(refs(a, 'requireNonNull')).toEqual([{ kind: 'call', line: 19, enclosing: 'findById' }]);
    expect(refs(a, 'IOException')).toEqual([{ kind: 'type', line: 18, enclosing: 'findById' }]);
  });
});

describe('Ruby', () => {
  // Shapes of RuboCop 1.39 (MIT), lib/rubocop/remote_config.rb, and of the MongoDB Ruby driver
  // 2.18 (Apache-2.0), lib/mongo/uri.rb: predicate and bang methods, called bare and on a value.
  const RB = [
    'class RemoteConfig',
    '  def file',
    '    return cache_path unless cache_path_expired?',
    '    cache_path',
    '  end',
    '',
    '  def parse_servers!(string)',
    "    string.split(',').each { |p| validate_port_string!(p) }",
    '  end',
    '',
    '  def cache_path_expired?',
    '    return true unless cache_path_exists?',
    '    response.is_a?(Net::HTTPNotModified)',
    '  end',
    'end',
    '',
  ].join('\n');

  it('records a call of a method named with ? or !, as its definition names it', () => {
    const a = analyzer.analyze('rubocop/remote_config.rb', RB);
    expect(definition(a, 'cache_path_expired?').kind).toBe('method');
    expect(refs(a, 'cache_path_expired?')).toEqual([{ kind: 'call', line: 3, enclosing: 'file' }]);
    expect(refs(a, 'validate_port_string!')).toEqual([{ kind: 'call', line: 8, enclosing: 'parse_servers!' }]);
    expect(refs(a, 'cache_path_exists?')).toEqual([{ kind: 'call', line: 12, enclosing: 'cache_path_expired?' }]);
    const onValue = a.references.find((r) => r.name === 'is_a?');
    expect(onValue).toMatchObject({ kind: 'call', line: 13, qualified: true, receiver: 'response' });
  });
});

describe('grammars loaded once', () => {
  it('loads a grammar once per source however many analyzers read it, and each analyzer parses with it', async () => {
    // A loaded grammar holds places in the runtime's function table for good: a process that
    // loaded one per analyzer ran out of table once enough analyzers had loaded every language.
    const asked: string[] = [];
    const source = {
      ...nodeGrammars,
      languageWasm: (lang: Parameters<typeof nodeGrammars.languageWasm>[0]) => (
        asked.push(lang),
        nodeGrammars.languageWasm(lang)
      ),
    };
    for (let i = 0; i < 3; i++) {
      const one = await StructuralAnalyzer.create(source, { languages: ['php'] });
      const a = await one.analyzeAsync('src/A.php', '<?php\nclass A {\n  function run() { return helper(1); }\n}\n');
      expect(a.definitions.map((d) => d.name)).toEqual(expect.arrayContaining(['A', 'run']));
      expect((await one.analyzeAsync('lib/x.rb', 'def go\n  1\nend\n')).definitions.map((d) => d.name)).toEqual(['go']);
      one.dispose();
    }
    expect(asked.sort()).toEqual(['php', 'ruby']);
  });
});

describe('bad input', () => {
  it('keeps what it can from a file with syntax errors', () => {
    const text =
      'export function good(a: number) {\n  return a + 1;\n}\n\nfunction broken( {\n  let = = ;\n}\n\nclass Fine { ok() { return 1 } }\n';
    const a = analyzer.analyze('src/broken.ts', text);
    expect(a.parsed).toBe(true);
    expect(a.definitions.map((d) => d.name)).toEqual(expect.arrayContaining(['good', 'Fine']));
    expect(definition(a, 'good')).toMatchObject({ startLine: 1, endLine: 3 });
  });

  it('reports a file where nothing is recognisable as not parsed, with the reason', () => {
    const a = analyzer.analyze('src/garbage.py', ')))) ]]] :::: @@@ (((\n}}} <<<< >>>> ;;;\n');
    expect(a.parsed).toBe(false);
    expect(a.parseError).toMatch(/^syntax error at line \d+, nothing recognised$/);
    expect(a.definitions).toEqual([]);
    expect(a.lineCount).toBe(2);
  });

  it('does not parse a 5 MB one-line minified file, and says why', () => {
    const unit = 'var a=function(b){return b*2};';
    const text = unit.repeat(Math.ceil(5_000_000 / unit.length));
    // Skipped before parsing (the parse error says why), so it cannot stall the index.
    const a = analyzer.analyze('dist/app.min.js', text);
    expect(a).toMatchObject({
      language: 'javascript',
      parsed: false,
      lineCount: 1,
      definitions: [],
      references: [],
      imports: [],
    });
    expect(a.parseError).toMatch(/MB parse limit/);
  });

  it('does not parse a smaller file of very long lines (minified)', () => {
    const text = `${'x=1;'.repeat(2000)}\n${'y=2;'.repeat(2000)}\n`;
    expect(text.length).toBeLessThan(MAX_PARSE_CHARS);
    const a = analyzer.analyze('vendor/lib.js', text);
    expect(a.parsed).toBe(false);
    expect(a.parseError).toMatch(/looks minified/);
  });

  it('returns language null and no error for unsupported files', () => {
    const a = analyzer.analyze('README.md', '# Title\n\ntext\n');
    expect(a).toEqual({
      path: 'README.md',
      language: null,
      parsed: false,
      lineCount: 3,
      definitions: [],
      references: [],
      imports: [],
    });
  });

  it('handles an empty file', () => {
    const a = analyzer.analyze('src/empty.ts', '');
    expect(a).toMatchObject({ parsed: true, lineCount: 0, definitions: [], references: [], imports: [] });
  });

  it('parses a file just under the size limit', () => {
    // Mostly one block comment: cheap to parse, but as long as the limit allows.
    const code = '\nfunction f(a) {\n  return g(a) + 1;\n}\n';
    const line = `/*${'x'.repeat(78)}\n`;
    const text = line.repeat(Math.floor((MAX_PARSE_CHARS - 100) / line.length)) + '*/' + code;
    expect(text.length).toBeLessThanOrEqual(MAX_PARSE_CHARS);
    const a = analyzer.analyze('big.js', text);
    expect(a.parsed).toBe(true);
    expect(a.definitions.map((d) => [d.name, d.startLine])).toEqual([['f', a.lineCount - 2]]);
    expect(analyzer.analyze('big.js', `${text}${' '.repeat(100)}`).parseError).toMatch(/MB parse limit/);
  });

  it('analyzeAsync loads a grammar on demand', async () => {
    const lazy = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
    expect(lazy.analyze('a.go', 'package a\nfunc F() {}\n')).toMatchObject({
      parsed: false,
      parseError: 'grammar for go is not loaded',
    });
    const a = await lazy.analyzeAsync('a.go', 'package a\nfunc F() {}\n');
    expect(a.parsed).toBe(true);
    expect(a.definitions.map((d) => d.name)).toEqual(['F']);
    lazy.dispose();
  });
});

describe('countLines', () => {
  it('counts a last line without newline and not a trailing newline', () => {
    expect([countLines(''), countLines('a'), countLines('a\n'), countLines('a\nb'), countLines('\n\n')]).toEqual([
      0, 1, 1, 2, 2,
    ]);
  });
});

describe('name predicates the analyzer checks itself', () => {
  const source = [
    "const fs = require('fs');", // the `#eq? @_require` import, not a call of `require`
    'const requirements = requireAll(fs);', // names that only start like `require`
    'requireAll.require = require;',
    'class Box {',
    '  constructor() { this.v = make(); }', // `#not-eq? @name "constructor"`: not a method
    '  constructorish() { return require; }',
    '}',
    "const r = notrequire('x');",
  ].join('\n');

  it('match what the predicates said', () => {
    const a = analyzer.analyze('src/box.js', source);
    expect(a.imports).toEqual([{ specifier: 'fs', line: 1, names: ['*'], kind: 'require' }]);
    expect(a.references.filter((r) => r.kind === 'call').map((r) => r.name)).toEqual([
      'requireAll',
      'make',
      'notrequire',
    ]);
    expect(a.definitions.filter((d) => d.kind === 'method').map((d) => d.name)).toEqual(['constructorish']);
  });

  it('take only whole-name predicates out of the query, offsets kept', () => {
    const query =
      '((call (identifier) @name) (#not-match? @name "^(require)$"))\n((m (p) @name) (#not-eq? @name "constructor"))\n((i) @n (#match? @n "^[A-Z]"))\n((i) @n (#eq? @n "x") (#not-match? @n "^a"))';
    const { source: rewritten, checks } = extractNameChecks(query);
    expect(rewritten).toHaveLength(query.length);
    expect(checks.map(({ capture, literal, negate }) => ({ capture, literal, negate }))).toEqual([
      { capture: 'name', literal: 'require', negate: true },
      { capture: 'name', literal: 'constructor', negate: true },
      { capture: 'n', literal: 'x', negate: false },
    ]);
    for (const check of checks) expect(query.slice(check.offset).startsWith('(#')).toBe(true);
    expect(rewritten).toContain('(#match? @n "^[A-Z]")');
    expect(rewritten).toContain('(#not-match? @n "^a")');
    expect(rewritten).not.toContain('require');
  });
});

describe('the parse work limit', () => {
  // A large declaration file, as generated bundles ship: such a file was given up on under load
  // when the limit was a wall-clock deadline.
  const declarations = Array.from(
    { length: 9000 },
    (_, i) =>
      `export declare function make${i}(name: string, options?: { depth: number; tags: string[] }): Node${i % 7};\n`,
  ).join('');

  async function typescriptParser(): Promise<Parser> {
    await Parser.init({ wasmBinary: (await nodeGrammars.runtime()).wasmBinary });
    const parser = new Parser();
    parser.setLanguage(await TSLanguage.load(await nodeGrammars.languageWasm('typescript')));
    return parser;
  }

  it('counts parser work, not time: the same text spends the same checks however slow the parse runs', async () => {
    const parser = await typescriptParser();
    const quick = new ParseBudget();
    parser.parse(declarations, null, { progressCallback: quick.progressCallback })!.delete();
    const slow = new ParseBudget();
    const slowed = (() => {
      const until = performance.now() + 0.01; // a loaded machine: every check comes later
      while (performance.now() < until);
      return (slow.progressCallback as unknown as () => boolean)();
    }) as unknown as () => void;
    parser.parse(declarations, null, { progressCallback: slowed })!.delete();
    expect(quick.spent).toBeGreaterThan(100);
    expect(slow.spent).toBe(quick.spent);
    // Ordinary code is far below the limit: a file the size of MAX_PARSE_CHARS would be too.
    expect((quick.spent / declarations.length) * MAX_PARSE_CHARS).toBeLessThan(PARSE_WORK_LIMIT / 2);
    parser.delete();
  });

  it('gives up once the file has spent its limit; a large declaration file stays well within it', async () => {
    const parser = await typescriptParser();
    const tight = new ParseBudget(10);
    expect(parser.parse(declarations, null, { progressCallback: tight.progressCallback })).toBeNull();
    expect(tight.spent).toBe(11);
    parser.delete();
    const analysis = analyzer.analyze('types.d.ts', declarations);
    expect(analysis.parsed).toBe(true);
    expect(analysis.definitions.length).toBeGreaterThanOrEqual(9000);
  });
});

describe('C: an attribute macro between the return type and the name', () => {
  it('names gnulib’s stat-time.h getters by their names, not by _GL_ATTRIBUTE_PURE', () => {
    const a = analyzer.analyze('stat-time.h', fixture('gnulib-stat-time.h.txt'));
    const functions = a.definitions.filter((d) => d.kind === 'function').map((d) => d.name);
    expect(functions).toEqual(['get_stat_atime', 'get_stat_ctime', 'get_stat_mtime']);
    const mtime = a.definitions.find((d) => d.name === 'get_stat_mtime')!;
    // The name's own line; the definition still starts at its return type.
    expect(mtime.nameLine).toBe(mtime.startLine + 1);
    // The name is defined there, not used.
    expect(a.references.some((r) => r.name === 'get_stat_mtime')).toBe(false);
  });
});

// The patterns rooted at the grammar's root node (`(program (lexical_declaration …))`) run as a
// query of their own from the root alone (analyzer.ts, splitRootPatterns): what they find must
// be what the one query found, top-level declarations only, beside the other patterns' matches.
describe('patterns rooted at the root node', () => {
  const names = (a: FileAnalysis) => a.definitions.map((d) => `${d.kind} ${d.name}:${d.nameLine}`);

  it('JavaScript: top-level bindings, not the same forms inside a function; a function value stays a function', () => {
    const a = analyzer.analyze(
      'lib/response.js',
      [
        "var deprecate = require('depd')('express');",
        'var charsetRegExp = /;\\s*charset\\s*=/;',
        'const MAX_AGE = 60;',
        'const normalize = (type) => type.toLowerCase();',
        'export const VERSION = "4.18.2";',
        'function send(body) {',
        '  var chunk = body;',
        '  const encoding = "utf8";',
        '  return normalize(chunk + encoding);',
        '}',
      ].join('\n'),
    );
    expect(names(a)).toEqual([
      'variable deprecate:1',
      'variable charsetRegExp:2',
      'constant MAX_AGE:3',
      'function normalize:4',
      'constant VERSION:5',
      'function send:6',
    ]);
  });

  it('Go: package-level constants and variables, not a function’s', () => {
    const a = analyzer.analyze(
      'server.go',
      [
        'package http',
        'const (',
        '\tStateNew ConnState = iota',
        '\tStateActive',
        ')',
        'var ErrServerClosed = errors.New("http: Server closed")',
        'var (',
        '\tdefaultMaxHeaderBytes = 1 << 20',
        ')',
        'func (srv *Server) Close() error {',
        '\tvar err error',
        '\tconst limit = 3',
        '\treturn err',
        '}',
      ].join('\n'),
    );
    expect(names(a)).toEqual([
      'constant StateNew:3',
      'constant StateActive:4',
      'variable ErrServerClosed:6',
      'variable defaultMaxHeaderBytes:8',
      'method Close:10',
    ]);
  });

  it('C and Ruby: a file-scope variable and a top-level constant, not a local', () => {
    const c = analyzer.analyze(
      'md5.c',
      [
        'static const unsigned char fillbuf[64] = { 0x80, 0 };',
        'int md5_init (struct md5_ctx *ctx) {',
        '  int used = 0;',
        '  return used;',
        '}',
      ].join('\n'),
    );
    expect(names(c)).toContain('variable fillbuf:1');
    expect(names(c).some((n) => n.includes('used'))).toBe(false);
    const ruby = analyzer.analyze(
      'lib/thor/version.rb',
      ['VERSION = "1.2.1"', 'class Thor', '  def run', '    LOCAL = 1', '  end', 'end'].join('\n'),
    );
    expect(names(ruby)).toContain('constant VERSION:1');
  });
});

describe('Lua', () => {
  it('reads a file-level `local x = a.b` as a use of that table path, and no local inside a function or of two values', () => {
    const lua = analyzer.analyze(
      'util-sql-loggers.lua',
      [
        'local sql = utilities.sql',
        'local concat, sort = table.concat, table.sort',
        'local st = require "util.stanza"',
        'local function f()',
        '  local helpers = sql.helpers',
        'end',
      ].join('\n'),
    );
    expect(lua.imports).toEqual([
      { specifier: 'utilities.sql', line: 1, names: ['*'], kind: 'use' },
      { specifier: 'util.stanza', line: 3, names: ['*'], kind: 'require' },
    ]);
  });

  it("defines each function field of a table on its own lines, not the whole table's", () => {
    // Minetest 5.6 (LGPL-2.1-or-later), games/minetest_game/mods/doors/init.lua: a door object's callbacks.
    const lua = analyzer.analyze(
      'doors/init.lua',
      [
        'function doors.get(pos)',
        '\treturn {',
        '\t\tpos = pos,',
        '\t\topen = function(self, player)',
        '\t\t\tif self:state() then',
        '\t\t\t\treturn false',
        '\t\t\tend',
        '\t\t\treturn doors.door_toggle(self.pos, nil, player)',
        '\t\tend,',
        '\t\ttoggle = function(self, player)',
        '\t\t\treturn doors.door_toggle(self.pos, nil, player)',
        '\t\tend,',
        '\t}',
        'end',
      ].join('\n'),
    );
    const lines = (name: string) => {
      const d = lua.definitions.find((x) => x.name === name)!;
      return [d.startLine, d.endLine, d.signature];
    };
    expect(lines('get')).toEqual([1, 14, 'function doors.get(pos)']);
    expect(lines('open')).toEqual([4, 9, 'open = function(self, player)']);
    expect(lines('toggle')).toEqual([10, 12, 'toggle = function(self, player)']);
  });
});

// containerOf reads a definition's outer parent and the nodes above it once per parent
// (analyzer.ts, scopeAround): siblings share that reading, and what a definition's own node
// decides (an assignment's object) still comes first.
describe('definitions that share a parent', () => {
  const SOURCE = [
    'function Emitter() {',
    '  this.handlers = {};',
    '  function bind(fn) { return fn; }',
    '  var wrap = function (fn) { return bind(fn); };',
    '}',
    'Emitter.prototype = {',
    '  on: function (name, fn) { this.handlers[name] = fn; },',
    '  off: function (name) { delete this.handlers[name]; },',
    '  emit(name) { return this.handlers[name](); },',
    '};',
    'Emitter.create = function () { return new Emitter(); };',
    'function mixin(target) { return target; }',
    'class Bus extends Emitter {',
    '  send(message) { return this.emit(message); }',
    '  close() { this.handlers = {}; }',
    '}',
    'const options = { retry() { return 1; }, delay: () => 2 };',
    '',
  ].join('\n');

  it('gives each sibling the container its parent makes, and each definition its own first', () => {
    const a = analyzer.analyze('lib/emitter.js', SOURCE);
    const containerOf = (name: string) => definition(a, name).container;
    expect(['on', 'off', 'emit'].map(containerOf)).toEqual(['Emitter', 'Emitter', 'Emitter']);
    expect(['send', 'close'].map(containerOf)).toEqual(['Bus', 'Bus']);
    expect(containerOf('create')).toBe('Emitter');
    expect(['Emitter', 'mixin', 'Bus', 'bind'].map(containerOf)).toEqual([undefined, undefined, undefined, undefined]);
    expect(a.definitions.filter((d) => d.name === 'retry' || d.name === 'delay').map((d) => d.container)).toEqual([
      undefined,
      undefined,
    ]);
  });
});
