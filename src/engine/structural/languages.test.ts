/**
 * Definitions, containers, doc comments, references and imports for the languages beyond the
 * first seven, each on an excerpt of a real open-source file (source and licence on the
 * fixture's first line).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definition, FileAnalysis } from '../contract';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const analyze = (path: string, name: string) => analyzer.analyzeAsync(path, fixture(name));

function definition(analysis: FileAnalysis, name: string, container?: string): Definition {
  const found = analysis.definitions.filter(
    (d) => d.name === name && (container === undefined || d.container === container),
  );
  expect(found, `definition ${container ? `${container}.` : ''}${name}`).toHaveLength(1);
  return found[0];
}

const reference = (analysis: FileAnalysis, name: string) =>
  analysis.references
    .filter((r) => r.name === name)
    .map(({ kind, line, enclosing, qualified }) => ({ kind, line, enclosing, qualified }));

describe('C: a header declares, the implementation defines', () => {
  it('reads prototypes, typedefs and macros from the header', async () => {
    const h = await analyze('src/shared/timeout.h', 'timeout.h.txt');
    expect(h).toMatchObject({ language: 'c', parsed: true });
    expect(definition(h, 'timeout_add')).toMatchObject({
      kind: 'function',
      startLine: 7,
      endLine: 8,
      signature: expect.stringMatching(/^unsigned int timeout_add\(.*\);$/),
    });
    expect(definition(h, 'timeout_func_t')).toMatchObject({ kind: 'type', startLine: 4 });
    expect(definition(h, 'ARRAY_SIZE')).toMatchObject({
      kind: 'macro',
      startLine: 14,
      signature: '#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]))',
    });
    expect(definition(h, 'BIT')).toMatchObject({ kind: 'macro', startLine: 15 });
    expect(h.imports).toEqual([{ specifier: '<stdbool.h>', line: 2, names: ['*'], kind: 'import' }]);
  });

  it('reads definitions with bodies, struct members and calls from the .c file', async () => {
    const c = await analyze('src/shared/timeout-glib.c', 'timeout-glib.c.txt');
    expect(definition(c, 'timeout_add')).toMatchObject({
      kind: 'function',
      startLine: 32,
      endLine: 52,
      signature: expect.not.stringMatching(/;$/),
    });
    expect(definition(c, 'timeout_data')).toMatchObject({ kind: 'struct', startLine: 6, endLine: 10 });
    expect(definition(c, 'user_data', 'timeout_data')).toMatchObject({ kind: 'field', startLine: 9 });
    expect(definition(c, 'timeout_callback')).toMatchObject({
      kind: 'function',
      startLine: 12,
      signature: 'static gboolean timeout_callback(gpointer user_data)',
    });
    expect(reference(c, 'g_free')).toEqual([
      { kind: 'call', line: 29, enclosing: 'timeout_destroy', qualified: undefined },
      { kind: 'call', line: 49, enclosing: 'timeout_add', qualified: undefined },
    ]);
    // `data->destroy(...)`: a call through a receiver.
    expect(reference(c, 'destroy')[0]).toMatchObject({ kind: 'call', line: 27, qualified: true });
    expect(c.imports.map((i) => i.specifier)).toEqual(['timeout.h', '<glib.h>']);
  });
});

describe('C++', () => {
  it('reads a C++ header as C++, with classes, nested enums and inline methods', async () => {
    const h = await analyze('include/gtest/gtest-test-part.h', 'gtest-test-part.h.txt');
    expect(h.language).toBe('cpp');
    expect(definition(h, 'testing')).toMatchObject({ kind: 'namespace' });
    expect(definition(h, 'Type', 'TestPartResult')).toMatchObject({ kind: 'enum' });
    expect(definition(h, 'kSkip', 'Type')).toMatchObject({ kind: 'constant' });
    expect(definition(h, 'file_name', 'TestPartResult')).toMatchObject({
      kind: 'method',
      doc: expect.stringContaining('Gets the name of the source file'),
    });
    expect(h.imports.map((i) => i.specifier)).toEqual([
      '<iosfwd>',
      '<vector>',
      'gtest/internal/gtest-internal.h',
      'gtest/internal/gtest-string.h',
    ]);
  });

  it('gives a method defined outside its class the class as container', async () => {
    const cc = await analyze('src/gtest-test-part.cc', 'gtest-test-part.cc.txt');
    expect(definition(cc, 'ExtractSummary')).toMatchObject({
      kind: 'method',
      container: 'TestPartResult',
      startLine: 13,
      endLine: 16,
      doc: '// Gets the summary of the failure message by omitting the stack trace\n// in it.',
    });
    expect(definition(cc, 'Append')).toMatchObject({ kind: 'method', container: 'TestPartResultArray', startLine: 33 });
    expect(reference(cc, 'push_back')).toEqual([{ kind: 'call', line: 34, enclosing: 'Append', qualified: true }]);
    expect(cc.imports[0]).toEqual({ specifier: 'gtest/gtest-test-part.h', line: 2, names: ['*'], kind: 'import' });
  });
});

describe('C#', () => {
  it('reads namespaces, nested classes, constructors, fields and XML doc comments', async () => {
    const cs = await analyze('Runtime/Progress.cs', 'Progress.cs.txt');
    expect(definition(cs, 'Cysharp.Threading.Tasks')).toMatchObject({ kind: 'namespace', startLine: 6 });
    expect(definition(cs, 'Progress')).toMatchObject({
      kind: 'class',
      startLine: 11,
      doc: '/// <summary>\n/// Lightweight IProgress[T] factory.\n/// </summary>',
    });
    expect(definition(cs, 'Create')).toMatchObject({
      kind: 'method',
      container: 'Progress',
      startLine: 13,
      endLine: 17,
    });
    expect(definition(cs, 'NullProgress', 'Progress')).toMatchObject({ kind: 'class', startLine: 29 });
    expect(definition(cs, 'AnonymousProgress', 'AnonymousProgress')).toMatchObject({ kind: 'method' }); // the constructor
    expect(definition(cs, 'action')).toMatchObject({ kind: 'field', container: 'AnonymousProgress' });
    expect(reference(cs, 'AnonymousProgress')).toContainEqual({
      kind: 'new',
      line: 16,
      enclosing: 'Create',
      qualified: undefined,
    });
    expect(cs.imports).toEqual([
      { specifier: 'System', line: 2, names: ['*'], kind: 'use' },
      { specifier: 'System.Collections.Generic', line: 3, names: ['*'], kind: 'use' },
      { specifier: 'Cysharp.Threading.Tasks.Internal', line: 4, names: ['*'], kind: 'use' },
    ]);
  });
});

describe('C# explicit interface implementations', () => {
  it('gives the method the interface as container', async () => {
    const cs = await analyzer.analyzeAsync(
      'Triggers/Trigger.cs',
      'class T : IAsyncOnSubmitHandler\n{\n    UniTask IAsyncOnSubmitHandler.OnSubmitAsync() { return default; }\n}\n',
    );
    expect(definition(cs, 'OnSubmitAsync')).toMatchObject({
      kind: 'method',
      container: 'IAsyncOnSubmitHandler',
      startLine: 3,
    });
  });
});

describe('Ruby', () => {
  it('reads modules, classes in them, instance and singleton methods with their # comments', async () => {
    const rb = await analyze('lib/rake/linked_list.rb', 'linked_list.rb.txt');
    expect(definition(rb, 'Rake')).toMatchObject({ kind: 'module', startLine: 3 });
    expect(definition(rb, 'LinkedList')).toMatchObject({
      kind: 'class',
      container: 'Rake',
      startLine: 7,
      doc: expect.stringContaining('Polylithic linked list'),
    });
    expect(definition(rb, 'conj')).toMatchObject({
      kind: 'method',
      container: 'LinkedList',
      startLine: 13,
      endLine: 15,
      signature: 'def conj(item)',
    });
    expect(definition(rb, 'empty?')).toMatchObject({ kind: 'method', container: 'LinkedList' });
    expect(definition(rb, 'make')).toMatchObject({
      kind: 'method',
      container: 'LinkedList',
      signature: 'def self.make(*args)',
    });
    expect(reference(rb, 'cons')).toContainEqual({ kind: 'call', line: 14, enclosing: 'conj', qualified: true });
    expect(reference(rb, 'Enumerable')).toEqual([
      { kind: 'type', line: 8, enclosing: 'LinkedList', qualified: undefined },
    ]);
    // Bare `empty` is a call of the class method; `current`, `other` and `args` are locals and parameters.
    expect(reference(rb, 'empty').map((r) => r.line)).toEqual([46, 51]);
    for (const local of ['current', 'other', 'args', 'item', 'list']) expect(reference(rb, local), local).toEqual([]);
  });

  it('reads require and require_relative as imports', async () => {
    const rb = await analyzer.analyzeAsync('lib/a.rb', 'require \'rake/file_list\'\nrequire_relative "task"\n');
    expect(rb.imports).toEqual([
      { specifier: 'rake/file_list', line: 1, names: ['*'], kind: 'require' },
      { specifier: './task', line: 2, names: ['*'], kind: 'require' },
    ]);
  });
});

describe('PHP', () => {
  it('reads the namespace, the class, its properties and methods with PHPDoc, and use statements', async () => {
    const php = await analyze('Helper/TableCell.php', 'TableCell.php.txt');
    expect(definition(php, 'Symfony\\Component\\Console\\Helper')).toMatchObject({ kind: 'namespace', startLine: 13 });
    expect(definition(php, 'TableCell')).toMatchObject({ kind: 'class', startLine: 20, endLine: 54 });
    expect(definition(php, 'options')).toMatchObject({ kind: 'field', container: 'TableCell', startLine: 23 });
    expect(definition(php, '__toString')).toMatchObject({
      kind: 'method',
      container: 'TableCell',
      startLine: 50,
      doc: expect.stringContaining('Returns the cell value.'),
    });
    expect(reference(php, 'InvalidArgumentException')).toContainEqual({
      kind: 'new',
      line: 35,
      enclosing: '__construct',
      qualified: undefined,
    });
    expect(php.imports).toEqual([
      {
        specifier: 'Symfony\\Component\\Console\\Exception\\InvalidArgumentException',
        line: 15,
        names: ['InvalidArgumentException'],
        kind: 'use',
      },
    ]);
  });
});

describe('Kotlin', () => {
  it('reads the class, its methods (block and expression bodies) and KDoc, and imports', async () => {
    const kt = await analyze('types/AnyTypeConverter.kt', 'AnyTypeConverter.kt.txt');
    expect(kt).toMatchObject({ language: 'kotlin', parsed: true });
    expect(definition(kt, 'AnyTypeConverter')).toMatchObject({
      kind: 'class',
      startLine: 19,
      endLine: 34,
      doc: expect.stringMatching(/^\/\*\*\n \* Type converter/),
    });
    expect(definition(kt, 'convertFromDynamic')).toMatchObject({
      kind: 'method',
      container: 'AnyTypeConverter',
      startLine: 20,
      endLine: 29,
    });
    expect(definition(kt, 'convertFromAny')).toMatchObject({
      kind: 'method',
      signature: 'override fun convertFromAny(value: Any, context: ConverterContext, forceConversion: Boolean): Any',
    });
    expect(reference(kt, 'DynamicAwareTypeConverters')).toContainEqual({
      kind: 'type',
      line: 19,
      enclosing: 'AnyTypeConverter',
      qualified: undefined,
    });
    expect(kt.imports[0]).toEqual({
      specifier: 'com.facebook.react.bridge.Dynamic',
      line: 4,
      names: ['Dynamic'],
      kind: 'import',
    });
  });
});

describe('Swift', () => {
  it('reads the class, its properties and methods with /// docs, and imports', async () => {
    const swift = await analyze('ios/Utilities/Mutex.swift', 'Mutex.swift.txt');
    expect(swift).toMatchObject({ language: 'swift', parsed: true });
    expect(definition(swift, 'Mutex')).toMatchObject({
      kind: 'class',
      startLine: 7,
      doc: expect.stringContaining('/// A backport of `Mutex`'),
    });
    expect(definition(swift, 'withLock')).toMatchObject({
      kind: 'method',
      container: 'Mutex',
      startLine: 30,
      endLine: 35,
    });
    expect(reference(swift, 'os_unfair_lock_lock')).toEqual([
      { kind: 'call', line: 32, enclosing: 'withLock', qualified: undefined },
    ]);
    expect(swift.imports).toEqual([{ specifier: 'Foundation', line: 2, names: ['*'], kind: 'import' }]);
  });
});

describe('Scala', () => {
  it('reads traits, abstract and concrete defs, type members, nested classes and Scaladoc', async () => {
    const scala = await analyze('lexical/Scanners.scala', 'Scanners.scala.txt');
    expect(definition(scala, 'Scanners')).toMatchObject({
      kind: 'trait',
      startLine: 14,
      endLine: 53,
      doc: expect.stringContaining('core functionality for lexical parsers'),
    });
    expect(definition(scala, 'errorToken')).toMatchObject({
      kind: 'method',
      container: 'Scanners',
      startLine: 19,
      signature: 'def errorToken(msg: String): Token;',
    });
    expect(definition(scala, 'Elem')).toMatchObject({ kind: 'type', container: 'Scanners' });
    expect(definition(scala, 'Scanner')).toMatchObject({
      kind: 'class',
      container: 'Scanners',
      startLine: 33,
      endLine: 52,
    });
    expect(definition(scala, 'skip')).toMatchObject({
      kind: 'method',
      container: 'Scanner',
      signature: 'private def skip(in: Reader[Char])',
    });
    expect(reference(scala, 'Parsers')).toEqual([
      { kind: 'type', line: 14, enclosing: 'Scanners', qualified: undefined },
    ]);
    expect(scala.imports).toEqual([{ specifier: 'input', line: 7, names: ['*'], kind: 'import' }]);
  });
});

describe('Bash', () => {
  it('reads functions with their # comments, command calls and sourced files', async () => {
    const sh = await analyze('completions/_mount.sh', '_mount.sh.txt');
    expect(definition(sh, '_mount')).toMatchObject({
      kind: 'function',
      startLine: 18,
      doc: expect.stringContaining('# This will pull a list of possible mounts'),
    });
    expect(reference(sh, '_init_completion')).toEqual([
      { kind: 'call', line: 21, enclosing: '_mount', qualified: undefined },
    ]);
    expect(reference(sh, 'return')).toEqual([]); // a builtin
    expect(sh.imports).toEqual([{ specifier: '$BASH_SOURCE.linux', line: 8, names: ['*'], kind: 'import' }]);
  });
});

describe('Bash where the grammar gives up', () => {
  it('still finds the functions inside the error region, with their comments', async () => {
    // tree-sitter-bash reads `[[ $cur =~ ^(\$(\{[!#]?)?)([A-Za-z0-9_]*)$ ]]` as an error spanning the file.
    const sh = await analyze('bash_completion.bash', 'bash_completion-variables.sh.txt');
    expect(sh.definitions.map((d) => [d.name, d.startLine, d.endLine])).toEqual([
      ['_variables', 5, 44],
      ['_variable_assignments', 54, 94],
    ]);
    expect(definition(sh, '_variable_assignments').doc).toMatch(
      /^# Complete assignment of various known environment variables\./,
    );
    // Where its comments start, as for a function the grammar reads (the matching lines' doc line).
    expect(definition(sh, '_variable_assignments').docLine).toBe(46);
  });
});

describe('Lua', () => {
  it('reads local and module functions with --- docs, method calls and require', async () => {
    const lua = await analyze('pl/path.lua', 'path.lua.txt');
    expect(definition(lua, 'err_func')).toMatchObject({
      kind: 'function',
      startLine: 4,
      endLine: 14,
      signature: 'local function err_func(name, param, err, code)',
    });
    expect(definition(lua, 'isdir')).toMatchObject({
      kind: 'function',
      container: 'path',
      startLine: 17,
      doc: '--- is this a directory?\n-- @string P A file path',
    });
    expect(reference(lua, 'format')[0]).toMatchObject({
      kind: 'call',
      line: 5,
      enclosing: 'err_func',
      qualified: true,
    });
    expect(lua.imports).toEqual([{ specifier: 'pl.utils', line: 2, names: ['*'], kind: 'require' }]);
  });
});
