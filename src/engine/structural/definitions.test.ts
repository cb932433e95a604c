/**
 * Definitions that land on the right line, on excerpts of real code (source and licence in each
 * fixture's first line or beside each excerpt): what macros and evaluated strings define, and
 * which definition a bare or qualified name asks for.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Parser } from 'web-tree-sitter';
import type { Definition, FileAnalysis, SourceFile } from '../contract';
import { planQuery } from '../classify';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';
import { buildCorpus } from './corpus';
import { StructuralIndex } from './index';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const analyze = (path: string, name: string) => analyzer.analyzeAsync(path, fixture(name));

function named(analysis: FileAnalysis, name: string): Pick<Definition, 'kind' | 'container' | 'nameLine'>[] {
  return analysis.definitions
    .filter((d) => d.name === name)
    .map(({ kind, container, nameLine }) => (container ? { kind, container, nameLine } : { kind, nameLine }));
}

describe('definitions inside macros and evaluated strings', () => {
  it('Rust: items inside an item-level macro invocation (`cfg_rt! { … }`) are the file’s, with their calls', async () => {
    const a = await analyze('task/spawn.rs', 'spawn.rs.txt');
    expect(named(a, 'spawn')).toEqual([{ kind: 'function', nameLine: 9 }]);
    expect(named(a, 'spawn_inner')).toEqual([{ kind: 'function', nameLine: 24 }]);
    expect(a.references.filter((r) => r.name === 'spawn_inner').map((r) => [r.line, r.enclosing])).toEqual([
      [17, 'spawn'],
      [19, 'spawn'],
    ]);
  });

  it('Rust: a trait inside a macro keeps its members, a macro invoked in it adds its methods, and a `macro_rules!` body defines its items', async () => {
    const a = await analyze('io/util/async_read_ext.rs', 'async_read_ext.rs.txt');
    expect(named(a, 'read_impl')).toEqual([{ kind: 'macro', nameLine: 6 }]);
    expect(named(a, 'chain')).toEqual([{ kind: 'method', container: 'AsyncReadExt', nameLine: 48 }]);
    expect(named(a, 'read_u8')).toEqual([{ kind: 'method', container: 'AsyncReadExt', nameLine: 57 }]);
    // tokio's `if_loom!` expands to `const LOOM`, twice under cfg.
    expect(named(a, 'LOOM')).toEqual([
      { kind: 'constant', nameLine: 65 },
      { kind: 'constant', nameLine: 67 },
    ]);
  });

  it('Rust: an item a `macro_rules!` makes from the name it is given is defined at the invocation, through a macro it hands the name to', async () => {
    const a = await analyze('events/_custom.rs', 'custom_events.rs.txt');
    expect(named(a, 'CustomGlobalAccountDataEventContent')).toEqual([{ kind: 'struct', nameLine: 29 }]);
    expect(named(a, 'CustomStateEventContent')).toEqual([{ kind: 'struct', nameLine: 30 }]);
    expect(named(a, 'WriteU16')).toEqual([{ kind: 'struct', nameLine: 53 }]);
    // An invocation that fits none of the rules is not expanded; a repetition makes one item per
    // name it repeats; the type and the trait passed as `$evt` are no definitions.
    expect(named(a, 'NotAName')).toEqual([]);
    expect(named(a, 'First')).toEqual([{ kind: 'struct', nameLine: 55 }]);
    expect(named(a, 'Second')).toEqual([{ kind: 'struct', nameLine: 55 }]);
    expect(named(a, 'StateEventType')).toEqual([]);
    expect(a.definitions.find((d) => d.name === 'CustomStateEventContent')?.macro).toBe('custom_room_event_content');
  });

  it('Rust: a macro invoked in an `impl` with a repetition makes one method per name, each on its own line', async () => {
    const a = await analyze('serde/urlencoded/de/val_or_vec.rs', 'val_or_vec.rs.txt');
    expect(named(a, 'deserialize_bool')).toEqual([{ kind: 'function', nameLine: 21 }]);
    expect(named(a, 'deserialize_map')).toEqual([{ kind: 'function', nameLine: 40 }]);
    expect(a.definitions.filter((d) => d.macro === 'forward_to_part')).toHaveLength(20);
    // The invocation is the definition's span: the line that makes it.
    expect(a.definitions.find((d) => d.name === 'deserialize_u8')).toMatchObject({ startLine: 20, endLine: 41 });
  });

  it("C: a `#define` that pastes a name defines it at each file-scope invocation, through a define it hands the name to; the kernel's definers define their variable", async () => {
    const a = await analyze('linux/common_session_state.h', 'session-macros.h.txt');
    expect(named(a, 'g_error_count')).toEqual([{ kind: 'variable', nameLine: 10 }]);
    expect(named(a, 'error_count')).toEqual([{ kind: 'function', nameLine: 10 }]);
    expect(named(a, 'uproc_mutex')).toEqual([{ kind: 'variable', nameLine: 17 }]);
    expect(named(a, 'utask_table_lock')).toEqual([{ kind: 'variable', nameLine: 21 }]);
    // libxcrypt: `VECTOR_CPU_TO(be,32)` → `VECTOR_CPU_TO_(be32, uint32_t)` → `cpu_to_be32_vect(…) {…}`.
    expect(named(a, 'cpu_to_be32_vect')).toEqual([{ kind: 'function', nameLine: 63 }]);
    expect(named(a, 'be64_to_cpu_vect')).toEqual([{ kind: 'function', nameLine: 66 }]);
    // The parameter's own name, the initialiser and the type handed on define nothing.
    expect(named(a, 'name')).toEqual([]);
    expect(named(a, 'g_name')).toEqual([]);
    expect(named(a, 'uint32_t')).toEqual([]);
    expect(a.definitions.find((d) => d.name === 'error_count')?.macro).toBe('DEFINE_SESSION_ATOMIC');
  });

  it('C: a `#define` that writes a function’s head from its argument defines the function at each invocation a body follows, past `#if` branches that each open a head', async () => {
    const a = await analyze('afs/afs_pioctl.c', 'openafs-pioctl.c.txt');
    // `DECL_PIOCTL(PGetFileCell);` (line 8) is a prototype: the function is the invocation at 33 with its body.
    expect(named(a, 'PGetFileCell')).toEqual([{ kind: 'function', nameLine: 33 }]);
    expect(a.definitions.find((d) => d.name === 'PGetFileCell')).toMatchObject({ startLine: 33, endLine: 49 });
    expect(a.definitions.find((d) => d.name === 'PGetWSCell')).toMatchObject({ startLine: 51, endLine: 67 });
  });

  it('Ruby: methods in a heredoc handed to `class_eval` are the class’s, on their own lines', async () => {
    const a = await analyze('rake/cpu_counter.rb', 'cpu_counter.rb.txt');
    expect(named(a, 'count_via_java_runtime')).toEqual([{ kind: 'method', container: 'CpuCounter', nameLine: 55 }]);
    expect(named(a, 'look_for_command')).toEqual([{ kind: 'method', container: 'CpuCounter', nameLine: 97 }]);
    // The `class CpuCounter` written over the call line is not a definition of the file.
    expect(named(a, 'CpuCounter').map((d) => d.nameLine)).toEqual([7]);
  });

  it('C++: an export-macro class keeps its members; operators and template specialisations are definitions', async () => {
    const a = await analyze('gtest/gtest-matchers.h', 'gtest-matchers.h.txt');
    expect(a.language).toBe('cpp');
    expect(named(a, '~MatcherDescriberInterface')).toEqual([
      { kind: 'method', container: 'MatcherDescriberInterface', nameLine: 4 },
    ]);
    expect(named(a, 'DescribeNegationTo')).toEqual([
      { kind: 'method', container: 'MatcherDescriberInterface', nameLine: 19 },
    ]);
    expect(named(a, 'ElemFromListImpl')).toEqual([{ kind: 'struct', nameLine: 29 }]);
    expect(named(a, 'operator==')).toEqual([{ kind: 'function', nameLine: 44 }]);
  });

  it('C++: a method defined after its class under its namespaces’ names (`viennacl::ocl::program::get_kernel`) is the class’s', async () => {
    const a = await analyze('ocl/context.hpp', 'viennacl-context-out-of-class.hpp.txt');
    expect(named(a, 'add_kernel')).toEqual([{ kind: 'method', container: 'program', nameLine: 9 }]);
    expect(named(a, 'get_kernel')).toEqual([{ kind: 'method', container: 'program', nameLine: 17 }]);
    expect(named(a, 'set_work_size_defaults')).toEqual([{ kind: 'method', container: 'kernel', nameLine: 34 }]);
  });

  it('C++: a conversion operator is a definition named `operator` and its type, found by that name', async () => {
    const a = await analyze('gmock/gmock-matchers.h', 'gmock-matchers-conversions.h.txt');
    expect(named(a, 'operator ::testing::Matcher<F>')).toEqual([
      { kind: 'method', container: 'MatcherBaseImpl', nameLine: 31 },
    ]);
    expect(named(a, 'operator ::testing::Matcher<T>').map((d) => d.nameLine)).toEqual([9]);
    const index = StructuralIndex.build(
      buildCorpus(
        [
          { path: 'gmock/gmock-matchers.h', text: fixture('gmock-matchers-conversions.h.txt') },
          // GoogleTest 1.12.1 googletest/include/gtest/gtest-matchers.h, lines 498-504 (BSD-3-Clause)
          {
            path: 'gtest/gtest-matchers.h',
            text: 'namespace testing {\ntemplate <typename T>\nclass Matcher : public internal::MatcherBase<T> {\n public:\n  explicit Matcher() {}  // NOLINT\n};\n}\n',
          },
        ],
        analyzer,
      ),
    );
    // `testing` and `Matcher` spell the operator's type: no class or namespace of those names wins.
    expect(top(index, 'where is operator ::testing::Matcher<F> defined', 1)).toEqual([
      'gmock/gmock-matchers.h:30 operator ::testing::Matcher<F>',
    ]);
  });
});

/** The structural list for a query as a user types it: `path:line name` of each hit's definition chunk. */
function top(index: StructuralIndex, query: string, n = 3): string[] {
  const corpus = (index as unknown as { corpus: { chunks: { path: string; startLine: number; symbol?: string }[] } })
    .corpus;
  return index
    .search(planQuery(query), 10)
    .slice(0, n)
    .map((h) => {
      const c = corpus.chunks[h.chunkId];
      return `${c.path}:${c.startLine} ${c.symbol ?? ''}`.trim();
    });
}

describe('definitions after a parse error that runs to the end of the file', () => {
  it('TypeScript: what follows an interface tree-sitter cannot close is found again (resync.ts)', async () => {
    // `): Curried` then `<Recipe …>(` on the next line reads as one generic type: the parse
    // never recovers, and without a fresh start `never_used` and `Producer` were lost.
    const a = await analyze('src/types/types-external.ts', 'immer-types-external.ts.txt');
    expect(named(a, 'never_used')).toEqual([{ kind: 'function', nameLine: 80 }]);
    expect(named(a, 'Producer')).toEqual([{ kind: 'type', nameLine: 76 }]);
    expect(named(a, 'IProduceWithPatches')).toEqual([{ kind: 'interface', nameLine: 59 }]);
  });

  it('TypeScript: fresh starts a failed one shows will fail alike are counted, not parsed (resync.ts)', async () => {
    // From the first import on, every fresh start's whole tree is one ERROR: the interface's
    // bare call signatures (line 48) beat the recovery. The starts before that stumble (the
    // import lines) fail alike, so only the first is parsed; the retry budget still ends the
    // resync where it did, and the file reads exactly as when every start was parsed (nine
    // parses: the file's and eight starts).
    await analyze('src/createSlice.ts', 'rtk-createSlice.ts.txt'); // the query compiled first
    const parse = vi.spyOn(Parser.prototype, 'parse');
    const a = await analyze('src/createSlice.ts', 'rtk-createSlice.ts.txt');
    const parses = parse.mock.calls.length;
    parse.mockRestore();
    expect(parses).toBe(2); // the file's and the first start's
    expect(a.definitions.map((d) => `${d.name}:${d.nameLine}`)).toEqual([
      'PreventCircular:42',
      'AsyncThunkCreator:48',
      'reducer:266',
      'prepare:269',
    ]);
    expect(a.references).toHaveLength(173);
  });

  it('C: the prototypes after a kernel `extern __printf(3, 4)` inside the include guard are found again', async () => {
    // apfs-dkms 0.3.0 apfs.h (GPL-2.0-only), shortened: the attribute macro reads as a macro type
    // whose ERROR, nested in a declaration inside `#ifndef`, ran to the guard's `#endif`.
    const lines = [
      '#ifndef _APFS_H',
      '#define _APFS_H',
      '',
      '/* message.c */',
      'extern __printf(3, 4)',
      'void apfs_msg(struct super_block *sb, const char *prefix, const char *fmt, ...);',
      '',
      '/* node.c */',
      'extern struct apfs_node *apfs_read_node(struct super_block *sb, u64 oid, u32 storage,',
      '\t\t\t\t       bool write);',
      'extern int apfs_update_node(struct apfs_node *node);',
      'extern int apfs_delete_node(struct apfs_query *query);',
      '',
      '/* xfield.c */',
      'extern int apfs_find_xfield(u8 *xfields, int len, u8 xtype, char **xval);',
      'extern int apfs_init_xfields(u8 *buffer, int buflen);',
      '',
      '#endif\t/* _APFS_H */',
      '',
    ];
    const a = await analyzer.analyzeAsync('apfs.h', lines.join('\n'));
    expect(named(a, 'apfs_read_node')).toEqual([{ kind: 'function', nameLine: 9 }]);
    expect(named(a, 'apfs_find_xfield')).toEqual([{ kind: 'function', nameLine: 15 }]);
    expect(named(a, 'apfs_init_xfields')).toEqual([{ kind: 'function', nameLine: 16 }]);
  });
});

describe('a name asks for its definition; a qualifier selects the container', () => {
  // Excerpts of Click 8.1.3 core.py (BSD-3-Clause), Thor 1.2 lib/thor/parser/*.rb (MIT),
  // tokio 1.24.2 (MIT), Penlight 1.13.1 pl/List.lua (MIT), libxcrypt 4.4 lib/ (LGPL-2.1-or-later).
  const FILES: SourceFile[] = [
    {
      path: 'click/core.py',
      text: `class Context:
    def invoke(__self, __callback, *args, **kwargs):
        """Invokes a command callback in exactly the way it expects."""
        return __callback(*args, **kwargs)


class Command:
    def invoke(self, ctx: Context):
        """Given a context, this invokes the command."""
        raise NotImplementedError("Base commands are not invokable by default")
`,
    },
    {
      path: 'thor/parser/arguments.rb',
      text: `class Thor
  class Arguments
    def self.parse(*args)
      to_parse = args.pop
      new(*args).parse(to_parse)
    end

    def parse(args)
      @pile = args.dup
    end
  end
end
`,
    },
    {
      path: 'thor/parser/options.rb',
      text: `class Thor
  class Options < Arguments
    def parse(args)
      @pile = args.dup
      check_requirement!
    end
  end
end
`,
    },
    {
      path: 'runtime/runtime.rs',
      text: `pub struct Runtime {
    handle: Handle,
}

impl Runtime {
    cfg_not_wasi! {
        pub fn block_on<F: Future>(&self, future: F) -> F::Output {
            self.handle.block_on(future)
        }
    }
}
`,
    },
    { path: 'future/block_on.rs', text: `pub(crate) fn block_on<F: Future>(f: F) -> F::Output {\n    todo!()\n}\n` },
    {
      path: 'sync/mpsc/bounded.rs',
      text: `pub fn channel<T>(buffer: usize) -> (Sender<T>, Receiver<T>) {\n    todo!()\n}\n`,
    },
    { path: 'sync/oneshot.rs', text: `pub fn channel<T>() -> (Sender<T>, Receiver<T>) {\n    todo!()\n}\n` },
    {
      path: 'pl/List.lua',
      text: `local List = {}\n\nfunction List:clone()\n    return List(self)\nend\n\nlocal function clone(t)\n    return t\nend\n`,
    },
    {
      path: 'lib/crypt-port.h',
      text: `#define strcpy_or_abort _crypt_strcpy_or_abort
extern size_t strcpy_or_abort (void *dst, size_t d_size, const void *src);
`,
    },
    {
      path: 'lib/util-xstrcpy.c',
      text: `#include "crypt-port.h"

size_t
strcpy_or_abort (void *dst, size_t d_size, const void *src)
{
  return strlen (src);
}
`,
    },
    { path: 'lib/alg-only.h', text: `#define CRYPT_OUTPUT_SIZE 384\n` },
    { path: 'test/runtime.rs', text: `fn block_on() {}\n` },
  ];
  let index: StructuralIndex;
  beforeAll(async () => {
    await analyzer.load(['python', 'ruby', 'rust', 'lua', 'c']);
    index = StructuralIndex.build(buildCorpus(FILES, analyzer));
  });

  it.each([
    ['Context.invoke', 'click/core.py:2 invoke'],
    ['Command.invoke', 'click/core.py:8 invoke'],
    ['Thor::Options#parse', 'thor/parser/options.rb:3 parse'],
    ['Runtime::block_on', 'runtime/runtime.rs:7 block_on'],
    ['List:clone', 'pl/List.lua:3 clone'],
  ])('%s: only the member inside the qualifier, not the qualifier itself', (query, expected) => {
    expect(top(index, query, 1)).toEqual([expected]);
    expect(top(index, query, 10)).toHaveLength(1);
  });

  it('`Arguments#parse`: both of the container’s, not the subclass’s', () => {
    expect(top(index, 'Arguments#parse', 10).sort()).toEqual([
      'thor/parser/arguments.rb:3 parse',
      'thor/parser/arguments.rb:8 parse',
    ]);
  });

  it('`mpsc::channel`: a qualifier that names no container selects the folder', () => {
    expect(top(index, 'mpsc::channel', 10)).toEqual(['sync/mpsc/bounded.rs:1 channel']);
  });

  it('a bare name: the library’s definition before a test’s', () => {
    expect(top(index, 'block_on', 10)).toEqual([
      'future/block_on.rs:1 block_on',
      'runtime/runtime.rs:7 block_on',
      'test/runtime.rs:1 block_on',
    ]);
  });

  it('C: the body answers; a renaming `#define` and the prototype are left out, a `#define` alone is the answer', () => {
    expect(top(index, 'strcpy_or_abort', 10)).toEqual(['lib/util-xstrcpy.c:3 strcpy_or_abort']);
    const hit = index.search(planQuery('CRYPT_OUTPUT_SIZE'), 10);
    expect(hit).toHaveLength(1);
    expect(hit[0].reason).toBe('defines macro CRYPT_OUTPUT_SIZE (exact name)');
  });

  it('a prototype alone is said to be a declaration', () => {
    const header: SourceFile[] = [{ path: 'lib/crypt-port.h', text: FILES[8].text }];
    const alone = StructuralIndex.build(buildCorpus(header, analyzer));
    const reasons = alone.search(planQuery('strcpy_or_abort'), 10).map((h) => h.reason);
    expect(reasons).toEqual([
      'defines macro strcpy_or_abort (exact name)',
      'defines function strcpy_or_abort (exact name; declaration, no body)',
    ]);
  });
});

describe('definitions known by another name', () => {
  it("PHP: `define('T_NAME_RELATIVE', 42313)` under `if (!defined(…))` defines a global constant", async () => {
    const a = await analyze('Source/Language/PHP/PHPTokenizerInternal.php', 'pdepend-tokenizer-defines.php.txt');
    expect(named(a, 'T_NAME_RELATIVE')).toEqual([{ kind: 'constant', nameLine: 19 }]);
    expect(named(a, 'T_ATTRIBUTE')).toEqual([{ kind: 'constant', nameLine: 27 }]);
    // `defined('T_MATCH')` only asks: one definition, at the `define`.
    expect(named(a, 'T_MATCH')).toEqual([{ kind: 'constant', nameLine: 23 }]);
  });

  it("PHP: a closure registered under a name (`addHelperFunction('qlink', function …)`) defines that name, at the name’s line", async () => {
    // Shape of Icinga Web 2.11 (GPL-2.0+), library/Icinga/Web/View/helpers/url.php.
    const text = [
      '<?php',
      'namespace Icinga\\Web\\View;',
      '',
      '$view = $this;',
      '',
      "$this->addHelperFunction('href', function ($path = null, $params = null) use ($view) {",
      '    return $view->url($path, $params);',
      '});',
      '',
      '$this->addHelperFunction(',
      "    'qlink',",
      '    function ($title, $url, $params = null) use ($view) {',
      '        return sprintf(\'<a href="%s">%s</a>\', $view->url($url, $params), $view->escape($title));',
      '    }',
      ');',
      '',
      'Blade::directive(\'money\', fn ($amount) => "<?php echo format($amount); ?>");',
      'register_helper("shout", function ($s) { return strtoupper($s); });',
      '// Not names: a route, an event, a closure first.',
      "$app->get('/home', function () { return 1; });",
      "$events->listen('user.login', function () {});",
      'usort($rows, function ($a, $b) { return 0; });',
      '',
    ].join('\n');
    const a = await analyzer.analyzeAsync('Web/View/helpers/url.php', text);
    expect(named(a, 'href')).toEqual([{ kind: 'function', nameLine: 6 }]);
    expect(named(a, 'qlink')).toEqual([{ kind: 'function', nameLine: 11 }]);
    expect(a.definitions.find((d) => d.name === 'qlink')).toMatchObject({ startLine: 10, endLine: 15 });
    expect(named(a, 'money')).toEqual([{ kind: 'function', nameLine: 17 }]);
    expect(named(a, 'shout')).toEqual([{ kind: 'function', nameLine: 18 }]);
    expect(a.definitions.filter((d) => d.kind === 'function').map((d) => d.name)).toEqual([
      'href',
      'qlink',
      'money',
      'shout',
    ]);
  });

  it('Ruby: a DSL method that calls `define_method "macro_#{name}"` defines one method per call of it in the file, over the call', async () => {
    // Shape of Redmine 5.0 (GPL-2.0), lib/redmine/wiki_formatting/macros.rb.
    const text = [
      'module Macros',
      '  module ClassMethods',
      '    def macro(name, options={}, &block)',
      '      name = name.to_s.downcase.to_sym',
      '      available_macros[name] = options',
      '      Definitions.send :define_method, "macro_#{name}", &block',
      '    end',
      '',
      '    def helper(name)',
      '      define_method("#{name}_path") { "/#{name}" }',
      '      define_method(name) { name }',
      '    end',
      '',
      '    def desc(txt)',
      '      @@desc = txt',
      '    end',
      '  end',
      '',
      '  desc "Includes a wiki page."',
      '  macro :include do |obj, args|',
      '    page = Wiki.find_page(args.first.to_s, :project => @project)',
      '    textilizable(page.content, :text)',
      '  end',
      '',
      "  macro 'hello_world' do |obj, args|",
      '    h("Hello world!")',
      '  end',
      '',
      '  helper :projects',
      '  other.macro :not_ours do end',
      '  macro some_name do end',
      'end',
      '',
    ].join('\n');
    const a = await analyzer.analyzeAsync('lib/redmine/wiki_formatting/macros.rb', text);
    expect(named(a, 'macro_include')).toEqual([{ kind: 'method', nameLine: 20 }]);
    expect(a.definitions.find((d) => d.name === 'macro_include')).toMatchObject({ startLine: 20, endLine: 23 });
    expect(named(a, 'macro_hello_world')).toEqual([{ kind: 'method', nameLine: 25 }]);
    expect(named(a, 'projects_path')).toEqual([{ kind: 'method', nameLine: 29 }]);
    expect(named(a, 'projects')).toEqual([{ kind: 'method', nameLine: 29 }]);
    // A call on another receiver, or with a name not written out, makes nothing.
    expect(named(a, 'macro_not_ours')).toEqual([]);
    expect(a.definitions.filter((d) => d.name.startsWith('macro_')).map((d) => d.name)).toEqual([
      'macro_include',
      'macro_hello_world',
    ]);
  });

  it('C++: a function written under a define’s name is also each name the define stands for', async () => {
    const a = await analyze('distrho/src/DistrhoPluginVST3.cpp', 'dpf-vst3-entry.cpp.txt');
    // The prototype (line 20) and the body (22), under every platform's name.
    for (const name of ['ENTRYFNNAME', 'ModuleEntry', 'bundleEntry', 'InitDll'])
      expect(named(a, name).filter((d) => d.kind === 'function')).toEqual([
        { kind: 'function', nameLine: 20 },
        { kind: 'function', nameLine: 22 },
      ]);
    expect(named(a, 'ModuleExit').map((d) => d.nameLine)).toEqual([72, 74]);
    // A define standing for a type (`ENTRYFNNAMEARGS void*`) names no function.
    expect(named(a, 'void')).toEqual([]);
    const index = StructuralIndex.build(
      buildCorpus([{ path: a.path, text: fixture('dpf-vst3-entry.cpp.txt') }], analyzer),
    );
    expect(top(index, 'ModuleEntry', 1)).toEqual(['distrho/src/DistrhoPluginVST3.cpp:22 ENTRYFNNAME']);
  });
});

describe('definitions a C++ macro or a JavaScript module scope makes', () => {
  it('C++: a `#define` whose body declares a class under its parameter defines that class at each invocation, inside namespaces too', async () => {
    const a = await analyze('Exceptions.h', 'openvdb-exceptions.h.txt');
    // `OPENVDB_EXCEPTION(ValueError);` in `namespace openvdb { namespace OPENVDB_VERSION_NAME {`.
    expect(named(a, 'ValueError')).toEqual([{ kind: 'class', nameLine: 66 }]);
    expect(named(a, 'ArithmeticError')).toEqual([{ kind: 'class', nameLine: 57 }]);
    expect(a.definitions.filter((d) => d.macro === 'OPENVDB_EXCEPTION')).toHaveLength(10);
    // The parameter's own name is no class.
    expect(named(a, '_classname')).toEqual([]);
    // The class the macro's body writes itself (`class OPENVDB_API Exception`) is not made again.
    expect(a.definitions.filter((d) => d.macro !== undefined && d.name === 'Exception')).toEqual([]);
    // A body that only declares the type (no call, no pasting) is read too.
    const c = await analyzer.analyzeAsync(
      'list.h',
      '#define DECLARE_LIST(name) struct name { struct name *next; }\n\nDECLARE_LIST(node_list);\n',
    );
    expect(named(c, 'node_list')).toEqual([{ kind: 'struct', nameLine: 3 }]);
  });

  it('C++: `class OPENVDB_API Exception: public std::exception` (an export macro, then bases) is the class, with its members', async () => {
    const a = await analyze('Exceptions.h', 'openvdb-exceptions.h.txt');
    // Under `OPENVDB_USE_VERSION_NAMESPACE`, a lone macro the grammar reads as a function's head.
    expect(named(a, 'Exception')).toContainEqual({ kind: 'class', nameLine: 18 });
    expect(a.definitions.find((d) => d.name === 'mMessage')).toMatchObject({ kind: 'field', container: 'Exception' });
    const b = await analyzer.analyzeAsync(
      'grid.h',
      [
        'namespace vdb {',
        'class VDB_API Grid final : public GridBase',
        '{',
        'public:',
        '    int size() const { return mSize; }',
        'private:',
        '    int mSize;',
        '};',
        'struct VDB_API Handle : Counted<Handle> { int id; };',
        'struct point make_point(int x) { struct point p; p.x = x; return p; }',
        '}',
        '',
      ].join('\n'),
    );
    expect(named(b, 'Grid')).toEqual([{ kind: 'class', container: 'vdb', nameLine: 2 }]);
    expect(b.definitions.find((d) => d.name === 'size')).toMatchObject({ container: 'Grid' });
    expect(named(b, 'Handle')).toEqual([{ kind: 'struct', container: 'vdb', nameLine: 9 }]);
    // A function returning a struct is no class head.
    expect(named(b, 'make_point')).toEqual([{ kind: 'function', container: 'vdb', nameLine: 10 }]);
  });

  it('Bash: a function a function makes with `eval` under a name from its arguments, one for each call (git completion)', async () => {
    // git 2.39 contrib/completion/git-completion.bash (GPL-2.0), lines 3524-3560 and 3582-3590, excerpts.
    const text = [
      '__git_func_wrap ()',
      '{',
      '\t_get_comp_words_by_ref -n =: cur words cword prev',
      '\t$1',
      '}',
      '',
      '___git_complete ()',
      '{',
      '\tlocal wrapper="__git_wrap${2}"',
      '\teval "$wrapper () { __git_func_wrap $2 ; }"',
      '\tcomplete -o bashdefault -o default -o nospace -F $wrapper $1 2>/dev/null \\',
      '\t\t|| complete -o default -o nospace -F $wrapper $1',
      '}',
      '',
      '__git_complete ()',
      '{',
      '\tlocal func="$2"',
      '\t___git_complete $1 $func',
      '}',
      '',
      '___git_complete git __git_main',
      '___git_complete gitk __gitk_main',
      'if [ "$OSTYPE" = cygwin ]; then',
      '\t___git_complete git.exe __git_main',
      'fi',
      '',
    ].join('\n');
    const a = await analyzer.analyzeAsync('git-completion.bash', text);
    expect(named(a, '__git_wrap__git_main')).toEqual([{ kind: 'function', nameLine: 10 }]);
    expect(named(a, '__git_wrap__gitk_main')).toEqual([{ kind: 'function', nameLine: 10 }]);
    // A call whose argument is a variable names nothing; the maker itself is still a function.
    expect(a.definitions.filter((d) => d.name.includes('$'))).toEqual([]);
    expect(named(a, '___git_complete')).toEqual([{ kind: 'function', nameLine: 7 }]);
  });

  // MediaWiki 1.39 resources/src/mediawiki.storage.js (GPL-2.0-or-later), lines 1-4, 29-31 and
  // 282-316, and mediawiki.router/index.js, excerpts.
  const STORAGE = `( function () {
	'use strict';

	var EXPIRY_PREFIX = '_EXPIRY_';

	function SafeStorage( store ) {
		this.store = store;
	}

	mw.storage = new SafeStorage( localStorage );

	mw.storage.session = new SafeStorage( sessionStorage );

	module.exports = {
		local: mw.storage,
		session: mw.storage.session
	};

}() );
`;
  const ROUTER = `( function () {
	var Router = require( 'oojs-router' );
	module.exports = new Router();
}() );
`;
  // MediaWiki 1.39 resources/src/mediawiki.special.apisandbox/apisandbox.js (GPL-2.0-or-later), lines 740-757, abridged.
  const SANDBOX = `( function () {
	var ApiSandbox, pages = {};

	ApiSandbox = {
		init: function () {
			pages.main = new ApiSandbox.PageLayout( { key: 'main', path: 'main' } );
		}
	};
}() );
`;

  it('JavaScript: an instance put on a namespace’s property in the function a module wraps itself in is that property’s definition', async () => {
    const a = await analyzer.analyzeAsync('mediawiki.storage.js', STORAGE);
    expect(named(a, 'storage')).toEqual([{ kind: 'variable', container: 'mw', nameLine: 10 }]);
    // `mw.storage.session`: the namespace object it is put on, by its last name, as `mw.storage`'s is `mw`.
    expect(named(a, 'session')).toEqual([{ kind: 'variable', container: 'storage', nameLine: 12 }]);
    expect(named(a, 'store')).toEqual([]);
    // `module.exports = new Router()` hands the module's value out; a function's own assignment is a use.
    expect(named(await analyzer.analyzeAsync('mediawiki.router/index.js', ROUTER), 'exports')).toEqual([]);
    expect(named(await analyzer.analyzeAsync('apisandbox.js', SANDBOX), 'main')).toEqual([]);
  });
});

describe('a Lua function stored under a string key', () => {
  // Wesnoth 1.16 data/lua/wml-flow.lua (GPL-2.0-or-later), Prosody 0.12 util/serialization.lua (MIT), excerpts.
  const TEXT = `local wml_actions = wesnoth.wml_actions

wml_actions["if"] = function(cfg)
\tlocal logical_ok = wml_conditionals.have_unit(cfg)
\treturn logical_ok
end

wesnoth.wml_actions["for"] = function(cfg)
\tlocal first = cfg.start or 0
\treturn first
end

types["nil"] = function()
\treturn "nil"
end

ops["and-or"] = function() end
`;

  it('is defined under the key when the key is a name, over the assignment’s lines', async () => {
    await analyzer.load(['lua']);
    const a = await analyzer.analyzeAsync('data/lua/wml-flow.lua', TEXT);
    expect(a.definitions.map((d) => [d.name, d.kind, d.startLine, d.endLine])).toEqual([
      ['if', 'function', 3, 6],
      ['for', 'function', 8, 11],
      ['nil', 'function', 13, 15],
    ]);
  });
});

describe('a Lua global a module assigns at its top level', () => {
  // Nmap 7.93 nselib/shortport.lua (Nmap Public Source License), excerpt.
  const TEXT = `local stdnse = require "stdnse"
_ENV = stdnse.module("shortport", stdnse.seeall)
json = require "json"

port_or_service = function(ports, services)
  return function(host, port) return ports[port.number] or services[port.service] end
end

LIKELY_HTTP_PORTS = {
  80, 443, 631,
}

http = port_or_service(LIKELY_HTTP_PORTS, {"http", "https"})

local function helper()
  counter = 1
end
`;

  it('is defined by the assignment, a value made by a call too; not _ENV, a loaded module, a namespace table or a function’s global', async () => {
    await analyzer.load(['lua']);
    const a = await analyzer.analyzeAsync('nselib/shortport.lua', TEXT);
    expect(a.definitions.map((d) => [d.name, d.kind, d.startLine, d.endLine])).toEqual([
      ['port_or_service', 'function', 5, 7],
      ['http', 'variable', 13, 13],
      ['helper', 'function', 15, 17],
    ]);
  });
});

describe('Lua functions named by a loop over a literal list of names', () => {
  // awesome 4.3 lib/awful/mouse/init.lua (GPL-2.0-or-later), excerpt; the last two loops are made up.
  const TEXT = `for _, b in ipairs {"left", "right", "middle"} do
    mouse.object["is_".. b .."_mouse_button_pressed"] = function()
        return capi.mouse.coords().buttons[1]
    end
end

for _, b in ipairs(buttons) do
    mouse.object["is_" .. b] = function() end
end

for i, b in pairs({"a", "b"}) do
    handlers[b .. i] = function() end
    handlers.plain = function() end
end
`;

  it('defines each name the key spells with the list’s strings, over the assignment’s lines; not a list held in a value', async () => {
    await analyzer.load(['lua']);
    const a = await analyzer.analyzeAsync('lib/awful/mouse/init.lua', TEXT);
    expect(a.definitions.filter((d) => d.startLine < 12).map((d) => [d.name, d.kind, d.startLine, d.endLine])).toEqual([
      ['is_left_mouse_button_pressed', 'function', 2, 4],
      ['is_right_mouse_button_pressed', 'function', 2, 4],
      ['is_middle_mouse_button_pressed', 'function', 2, 4],
    ]);
  });
});

describe('C++ definitions written with a concepts-emulation library’s macros', () => {
  it('range-v3: `template(…)(requires …)` heads a template, and `RET RANGES_FUNC(name)(params) { … }` is the function `name`', async () => {
    const a = await analyze('range/v3/algorithm/max_element.hpp', 'range-v3-max-element.hpp.txt');
    const functions = a.definitions.filter((d) => d.kind === 'function');
    // Each overload from its template head to its body's end, named by the macro's argument.
    expect(functions.map((d) => [d.name, d.container, d.startLine, d.nameLine, d.endLine])).toEqual([
      ['max_element', 'ranges', 40, 43, 50],
      ['max_element', 'ranges', 53, 57, 60],
    ]);
    // The macro is no function, and its argument no reference to one.
    expect(a.definitions.filter((d) => d.name === 'RANGES_FUNC')).toEqual([]);
    expect(a.references.filter((r) => r.name === 'max_element')).toEqual([]);
  });

  it('`CPP_template(…)(requires …)` heads a template as `template(…)` does; a declarator calling a function is no name', async () => {
    const text = [
      'namespace concepts {',
      '    CPP_template(typename T, typename U)(',
      '        requires same_as<T, U> CPP_and copyable<T>)',
      '    void swap_values(T & a, U & b)',
      '    {',
      '        T c = a; a = b; b = c;',
      '    }',
      '    int pick(int x) { return select(x)(x); }',
      '}',
      '',
    ].join('\n');
    const a = await analyzer.analyzeAsync('concepts/swap.hpp', text);
    expect(a.definitions.map((d) => [d.name, d.kind, d.startLine, d.endLine])).toEqual([
      ['concepts', 'namespace', 1, 9],
      ['swap_values', 'function', 2, 7],
      ['pick', 'function', 8, 8],
    ]);
  });

  it('a define whose body declares `inline constexpr type name{}` makes `name` where it is invoked, indented in a namespace', async () => {
    const text = [
      '#define RANGES_INLINE_VARIABLE(type, name) \\',
      '    inline constexpr type name{};          \\',
      '    /**/',
      'namespace ranges',
      '{',
      '    namespace aux',
      '    {',
      '        struct partition_point_n_fn',
      '        {',
      '        };',
      '',
      '        RANGES_INLINE_VARIABLE(partition_point_n_fn, partition_point_n)',
      '    }',
      '    int total =',
      '        RANGES_INLINE_VARIABLE(int, not_a_definition);',
      '}',
      '',
    ].join('\n');
    const a = await analyzer.analyzeAsync('aux_/partition_point_n.hpp', text);
    const made = a.definitions.filter((d) => d.macro === 'RANGES_INLINE_VARIABLE');
    // The line continuing `int total =` is an expression, not a declaration of its own.
    expect(made.map((d) => [d.name, d.kind, d.startLine])).toEqual([['partition_point_n', 'variable', 12]]);
    // A type the caller names is no variable: `struct name {` in a body is a type (the class reading's).
    const b = await analyzer.analyzeAsync(
      'list.hpp',
      '#define DECLARE_NODE(type, name) static struct type name { int x; };\n\nDECLARE_NODE(node, head)\n',
    );
    expect(b.definitions.filter((d) => d.macro === 'DECLARE_NODE').map((d) => d.kind)).not.toContain('variable');
  });
});
