/**
 * "Which files use FILE" and "what depends on FILE" on the shapes the mined dependants set
 * (bench/real/mined-dependants.ts) missed: one answer whatever the phrasing, a Go file used
 * by its package peers' names, a C file used through the header that declares its functions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { parsedGraph } from '../../../test/support/parsed-graph';
import type { GraphIndex } from './index';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

type Intent = 'find_references' | 'impact_analysis';

/** The graph's own list for a question naming a file, as the search plans it. */
const filesAnswering = async (files: Record<string, string>, intent: Intent, raw: string, terms: string[]) => {
  const { corpus, graph } = await parsedGraph(analyzer, files);
  const hits = graph.search(
    { intent, raw, identifiers: [], terms } as unknown as Parameters<GraphIndex['search']>[0],
    20,
  );
  return [...new Set(hits.map((h) => corpus.chunks[h.chunkId].path))].sort();
};

describe('file dependants, whatever the phrasing', () => {
  // cobra's doc package: util.go defines helpers its peers call; no file imports util.go itself.
  const cobraDoc = {
    'go.mod': 'module github.com/spf13/cobra\n',
    'doc/util.go': [
      'package doc',
      '',
      'import "github.com/spf13/cobra"',
      '',
      'func hasSeeAlso(cmd *cobra.Command) bool {',
      '\treturn cmd.HasParent()',
      '}',
      '',
      'func forceMultiLine(s string) string {',
      '\treturn s',
      '}',
    ].join('\n'),
    'doc/md_docs.go': [
      'package doc',
      '',
      'import "github.com/spf13/cobra"',
      '',
      'func GenMarkdown(cmd *cobra.Command) {',
      '\tif hasSeeAlso(cmd) {',
      '\t\treturn',
      '\t}',
      '}',
    ].join('\n'),
    'doc/yaml_docs.go': [
      'package doc',
      '',
      'import "github.com/spf13/cobra"',
      '',
      'func GenYaml(cmd *cobra.Command) string {',
      '\treturn forceMultiLine(cmd.Short)',
      '}',
    ].join('\n'),
    'doc/rest_docs.go': ['package doc', '', 'func GenReST() string {', '\treturn ""', '}'].join('\n'),
    'command.go': ['package cobra', '', 'type Command struct {', '\tShort string', '}'].join('\n'),
  };

  it('Go: "which files use doc/util.go" lists the peers that call its helpers, as "what depends on" does (cobra)', async () => {
    const want = ['doc/md_docs.go', 'doc/yaml_docs.go'];
    expect(await filesAnswering(cobraDoc, 'impact_analysis', 'what depends on doc/util.go', ['doc', 'util'])).toEqual(
      want,
    );
    expect(await filesAnswering(cobraDoc, 'find_references', 'which files use doc/util.go', ['doc', 'util'])).toEqual(
      want,
    );
  });

  it('C: "which files use object.c" lists the files calling its functions through the header (apfs)', async () => {
    const files = {
      'apfs.h': ['struct buffer_head;', 'extern struct buffer_head *apfs_read_object_block(int bno);'].join('\n'),
      'object.c': [
        '#include "apfs.h"',
        '',
        'struct buffer_head *apfs_read_object_block(int bno)',
        '{',
        '\treturn 0;',
        '}',
      ].join('\n'),
      'node.c': [
        '#include "apfs.h"',
        '',
        'int apfs_read_node(int bno)',
        '{',
        '\treturn apfs_read_object_block(bno) != 0;',
        '}',
      ].join('\n'),
      'super.c': ['#include "apfs.h"', '', 'int apfs_fill_super(void)', '{', '\treturn 0;', '}'].join('\n'),
    };
    const got = await filesAnswering(files, 'find_references', 'which files use object.c', ['object']);
    expect(got).toEqual(['node.c']);
  });
});

describe('Python: a submodule imported from its package', () => {
  // docutils: readers/pep.py imports the standalone submodule by `from docutils.readers import
  // standalone`; core.py uses `readers.get_reader_class`, a name readers/__init__.py defines.
  const docutils = {
    '__init__.py': '__version__ = "0.19"\n',
    'readers/__init__.py': 'def get_reader_class(name):\n    return name\n',
    'readers/standalone.py': 'class Reader:\n    pass\n',
    'readers/pep.py': 'from docutils.readers import standalone\n\n\nclass Reader(standalone.Reader):\n    pass\n',
    'utils.py': 'def new_document(source):\n    return source\n',
    'core.py':
      'from docutils import readers\nfrom docutils.utils import new_document\n\n\ndef publish(name):\n    return new_document(readers.get_reader_class(name))\n',
    'writers/odt.py': 'from docutils.readers import standalone, get_reader_class\n\n\nR = standalone.Reader\n',
  };

  it('is a dependency of the submodule, not of the package __init__.py that binds nothing of it (docutils)', async () => {
    expect(
      await filesAnswering(docutils, 'impact_analysis', 'what depends on readers/__init__.py', ['readers', '__init__']),
    ).toEqual(['core.py', 'writers/odt.py']);
    expect(
      await filesAnswering(docutils, 'impact_analysis', 'what depends on readers/standalone.py', [
        'readers',
        'standalone',
      ]),
    ).toEqual(['readers/pep.py', 'writers/odt.py']);
  });
});

describe('Ruby: a file named as require names it', () => {
  // net-ssh: `require 'net/ssh/connection/constants'` names the file without `.rb`.
  const netSsh = {
    'net/ssh/connection/constants.rb':
      'module Net\n  module SSH\n    module Connection\n      module Constants\n        CHANNEL_OPEN = 90\n      end\n    end\n  end\nend\n',
    'net/ssh/connection/channel.rb':
      "require 'net/ssh/connection/constants'\n\nmodule Net\n  module SSH\n    module Connection\n      class Channel\n        include Constants\n      end\n    end\n  end\nend\n",
    'net/ssh/transport/constants.rb':
      'module Net\n  module SSH\n    module Transport\n      module Constants\n        KEXINIT = 20\n      end\n    end\n  end\nend\n',
    'net/ssh/transport/session.rb':
      "require 'net/ssh/transport/constants'\n\nmodule Net\n  module SSH\n    module Transport\n      class Session\n        include Constants\n      end\n    end\n  end\nend\n",
  };

  it('"who requires net/ssh/connection/constants" is about that file (net-ssh)', async () => {
    expect(
      await filesAnswering(netSsh, 'impact_analysis', 'who requires net/ssh/connection/constants', [
        'requires',
        'net',
        'ssh',
        'connection',
        'constants',
      ]),
    ).toEqual(['net/ssh/connection/channel.rb']);
  });
});

describe('Go: an import on its own line', () => {
  it('binds the package name, not `import`: store.Open() is a call of store/store.go (one-line imports)', async () => {
    const { corpus, graph } = await parsedGraph(analyzer, {
      'go.mod': 'module example.com/shop\n',
      'internal/store/store.go': ['package store', '', 'func Open() error {', '\treturn nil', '}'].join('\n'),
      'cmd/shop/main.go': [
        'package main',
        '',
        'import "example.com/shop/internal/store"',
        'import "fmt"',
        '',
        'func main() {',
        '\tfmt.Println(store.Open())',
        '}',
      ].join('\n'),
    });
    const open = corpus.chunks.find((c) => c.path === 'internal/store/store.go' && c.symbol === 'Open')!;
    expect(graph.callers(open.id).map((n) => `${n.path}:${n.line}`)).toEqual(['cmd/shop/main.go:7']);
  });
});

describe('a folder named as the target (a Go package)', () => {
  // containers-storage: pkg/directory is two files; store.go and a driver use it, and
  // directory_unix.go calls its peer's helper.
  const storage = {
    'go.mod': 'module github.com/containers/storage\n',
    'pkg/directory/directory.go': ['package directory', '', 'type DiskUsage struct {', '\tSize int64', '}'].join('\n'),
    'pkg/directory/directory_unix.go': [
      'package directory',
      '',
      'func Usage(dir string) (*DiskUsage, error) {',
      '\treturn &DiskUsage{}, nil',
      '}',
    ].join('\n'),
    'store.go': [
      'package storage',
      '',
      'import "github.com/containers/storage/pkg/directory"',
      '',
      'func usage(dir string) int64 {',
      '\tu, _ := directory.Usage(dir)',
      '\treturn u.Size',
      '}',
    ].join('\n'),
    'drivers/vfs/driver.go': [
      'package vfs',
      '',
      'import "github.com/containers/storage/pkg/directory"',
      '',
      'func size(dir string) (*directory.DiskUsage, error) {',
      '\treturn directory.Usage(dir)',
      '}',
    ].join('\n'),
  };

  it("lists the files that use the folder's files, not the folder's own files", async () => {
    const raw = 'which files use the pkg/directory package';
    expect(await filesAnswering(storage, 'find_references', raw, ['pkg', 'directory', 'package'])).toEqual([
      'drivers/vfs/driver.go',
      'store.go',
    ]);
  });
});

describe('Lua: a global table another file fills', () => {
  // ConTeXt: util-sql.lua makes `utilities.sql`; its helpers read that table and require nothing.
  const context = {
    'util-sql.lua': [
      'utilities.sql = utilities.sql or { }',
      'local sql = utilities.sql',
      '',
      'function sql.usedatabase(presets, datatable)',
      '    return presets',
      'end',
    ].join('\n'),
    'util-sql-loggers.lua': [
      'local format = string.format',
      'local sql = utilities.sql',
      '',
      'local function checkeddb(presets, datatable)',
      '    return sql.usedatabase(presets, datatable or "loggers")',
      'end',
    ].join('\n'),
    'util-sql-imp-client.lua': ['local sql = utilities.sql', 'local helpers = sql.helpers', ''].join('\n'),
    'util-jsn.lua': [
      'local json = { }',
      'utilities.json = json',
      '',
      'function json.load(filename)',
      '    return filename',
      'end',
      '',
      'local function is_simple_table(t)',
      '    return false',
      'end',
    ].join('\n'),
    'publ-dat.lua': [
      'function loaders.json(dataset, filename)',
      '    return utilities.json.load(filename)',
      'end',
    ].join('\n'),
    // Minetest: beds/functions.lua defines `function beds.on_rightclick`; api.lua calls it.
    'beds/functions.lua': ['function beds.on_rightclick(pos, player)', '    return pos', 'end'].join('\n'),
    'beds/api.lua': [
      'function beds.register_bed(name, def)',
      '    return function(pos, node, clicker) beds.on_rightclick(pos, clicker) end',
      'end',
    ].join('\n'),
    'l-table.lua': [
      'local table, string = table, string',
      '',
      'local function is_simple_table(t)',
      '    return true',
      'end',
      '',
      'table.is_simple_table = is_simple_table',
    ].join('\n'),
    'util-tab.lua': [
      'local is_simple_table = table.is_simple_table',
      '',
      'local function serialize(root)',
      '    return is_simple_table(root)',
      'end',
    ].join('\n'),
  };

  it('"what depends on util-sql.lua" lists the files that take its table as a local (ConTeXt)', async () => {
    expect(
      await filesAnswering(context, 'impact_analysis', 'what depends on util-sql.lua', [
        'depends',
        'util',
        'sql',
        'lua',
      ]),
    ).toEqual(['util-sql-imp-client.lua', 'util-sql-loggers.lua']);
  });

  it("a call through the table's global path is a use; a bare name the file takes from another path is that path's", async () => {
    expect(
      await filesAnswering(context, 'impact_analysis', 'what depends on util-jsn.lua', [
        'depends',
        'util',
        'jsn',
        'lua',
      ]),
    ).toEqual(['publ-dat.lua']);
    expect(
      await filesAnswering(context, 'impact_analysis', 'what depends on l-table.lua', ['depends', 'table', 'lua']),
    ).toEqual(['util-tab.lua']);
    expect(
      await filesAnswering(context, 'impact_analysis', 'what depends on beds/functions.lua', [
        'depends',
        'beds',
        'functions',
      ]),
    ).toEqual(['beds/api.lua']);
  });
});

describe('a file named with any language’s extension', () => {
  it('"what depends on dracut-lib.sh" is about that Bash file, not the names its words spell', async () => {
    const dracut = {
      'modules.d/99base/dracut-lib.sh': 'getarg() {\n  echo "$1"\n}\n',
      'modules.d/99base/init.sh': '. /lib/dracut-lib.sh\ngetarg rd.break\n',
      'dracut-functions.sh': 'dracut_lib() {\n  echo lib\n}\n',
      'mkinitrd.sh': 'dracut_lib\n',
    };
    expect(
      await filesAnswering(dracut, 'impact_analysis', 'what depends on dracut-lib.sh', [
        'depends',
        'dracut',
        'lib',
        'sh',
      ]),
    ).toEqual(['modules.d/99base/init.sh']);
  });
});

describe('a shell file loaded by name through a function that sources its argument', () => {
  // bash-completion: `_xfunc FILE FUNC` hands FILE to __load_completion, which sources
  // completions/FILE; `_xfunc list_lists _mailman_lists` loads list_lists as `. file` would.
  const completion = {
    bash_completion:
      '#!/bin/bash\n__load_completion()\n{\n    local cmd="${1##*/}" compfile\n    for dir in "${dirs[@]}"; do\n        compfile="$dir/$cmd"\n        [[ -f $compfile ]] && . "$compfile" && return 0\n    done\n}\n_xfunc()\n{\n    local srcfile=$1\n    shift\n    declare -F $1 &>/dev/null || __load_completion "$srcfile"\n    "$@"\n}\n_show()\n{\n    echo "$1"\n}\n',
    'completions/list_lists':
      '#!/bin/bash\n_mailman_lists()\n{\n    COMPREPLY=($(compgen -W "$(list_lists -b)" -- "$cur"))\n}\n',
    'completions/add_members': '#!/bin/bash\n_add_members()\n{\n    _xfunc list_lists _mailman_lists\n}\n',
    'completions/lists_shown':
      '#!/bin/bash\n_lists_shown()\n{\n    _show list_lists\n    # _xfunc list_lists _mailman_lists\n}\n',
    // Run later by compgen, inside a quoted word the parser reads as no call.
    'completions/querybts':
      '#!/bin/bash\n_querybts()\n{\n    COMPREPLY=($(compgen -W \'www $(_xfunc list_lists _mailman_lists)\' -- "$cur"))\n}\n',
  };

  it('"what depends on completions/list_lists": the files that load it through _xfunc, not one that only prints its name or a comment', async () => {
    expect(
      await filesAnswering(completion, 'impact_analysis', 'what depends on completions/list_lists', [
        'depends',
        'completions',
        'list',
        'lists',
      ]),
    ).toEqual(['completions/add_members', 'completions/querybts']);
  });
});

describe('a script run by its name: a bin/ helper on PATH', () => {
  // DRBL: the helpers are extensionless executables in share/drbl/bin and sbin, run as commands.
  const drbl = {
    'share/drbl/bin/drbl-check-dm': '#!/bin/bash\ncheck_dm() {\n    echo gdm\n}\ncheck_dm\n',
    'share/drbl/bin/hide_reveal_pxe_img': '#!/bin/bash\nimg="$1"\nsed -i -e "s/^$img//" "$3"\n',
    'share/drbl/sbin/drbl-powerful-thin-client':
      '#!/bin/bash\nif [ -z "$dm" ]; then\n    default_dm="$(drbl-check-dm)"\nfi\n',
    'share/drbl/sbin/tune-clientdir-opt':
      '#!/bin/bash\nset_img() {\n    hide_reveal_pxe_img drbl reveal $PXE_CONF\n}\n',
    'sbin/drbl-client-switch':
      '#!/bin/bash\ncase "$mode" in\n  thin) dm=$($DRBL_SCRIPT_PATH/bin/drbl-check-dm -h $ip) ;;\nesac\n',
    // Only printed, commented or passed as an argument: nothing is run.
    'sbin/drbl-doc':
      '#!/bin/bash\necho "Run drbl-check-dm to see the display manager"\n# hide_reveal_pxe_img drbl hide\nman drbl-check-dm\n',
  };

  it('"what depends on share/drbl/bin/drbl-check-dm": the scripts that run it, bare or by its path', async () => {
    expect(
      await filesAnswering(drbl, 'impact_analysis', 'what depends on share/drbl/bin/drbl-check-dm', [
        'depends',
        'drbl',
        'check',
        'dm',
      ]),
    ).toEqual(['sbin/drbl-client-switch', 'share/drbl/sbin/drbl-powerful-thin-client']);
  });

  it('"what depends on share/drbl/bin/hide_reveal_pxe_img": a command at the start of a line', async () => {
    expect(
      await filesAnswering(drbl, 'impact_analysis', 'what depends on share/drbl/bin/hide_reveal_pxe_img', [
        'depends',
        'hide',
        'reveal',
        'pxe',
        'img',
      ]),
    ).toEqual(['share/drbl/sbin/tune-clientdir-opt']);
  });
});

describe('Lua: the files that load a file come before those using a global it fills', () => {
  // Crawl's dlua: util.lua fills the global `util`; dungeon.lua loads it by its path, lm_mslav.lua
  // only calls `util.namespace`, and is itself loaded by three others (the more central file).
  const crawl = {
    'dlua/util.lua': ['util = { }', 'VERSION = "1"', '', 'function util.namespace(name)', '  return name', 'end'].join(
      '\n',
    ),
    'dlua/dungeon.lua': ['dofile("dlua/util.lua")', '', 'function dgn_setup()', '  return 1', 'end'].join('\n'),
    'dlua/lm_mslav.lua': [
      'util.namespace("lmark")',
      '',
      'function lmark.next_slave_id()',
      '  return util.namespace("x")',
      'end',
    ].join('\n'),
    'dlua/a.lua': ['dofile("dlua/lm_mslav.lua")', 'lmark.next_slave_id()'].join('\n'),
    'dlua/b.lua': ['dofile("dlua/lm_mslav.lua")', 'lmark.next_slave_id()'].join('\n'),
    'dlua/c.lua': ['dofile("dlua/lm_mslav.lua")', 'lmark.next_slave_id()'].join('\n'),
  };

  it('"what depends on dlua/util.lua" puts dungeon.lua, which loads it, first', async () => {
    const { corpus, graph } = await parsedGraph(analyzer, crawl);
    const hits = graph.search(
      {
        intent: 'impact_analysis',
        raw: 'what depends on dlua/util.lua',
        identifiers: [],
        terms: ['depends', 'dlua', 'util', 'lua'],
      } as unknown as Parameters<GraphIndex['search']>[0],
      20,
    );
    expect([...new Set(hits.map((h) => corpus.chunks[h.chunkId].path))]).toEqual([
      'dlua/dungeon.lua',
      'dlua/lm_mslav.lua',
    ]);
  });
});

describe('Ruby and PHP: the files that name a file come before those reaching it through a common method name', () => {
  const ask = async (files: Record<string, string>, raw: string, terms: string[]) => {
    const { corpus, graph } = await parsedGraph(analyzer, files);
    const hits = graph.search(
      { intent: 'impact_analysis', raw, identifiers: [], terms } as unknown as Parameters<GraphIndex['search']>[0],
      20,
    );
    return [...new Set(hits.map((h) => corpus.chunks[h.chunkId].path))];
  };

  // Redmine 5.0 (GPL-2.0): string_array_diff/diff.rb defines a Diff class and reopens Array;
  // wiki_page.rb requires it; a controller (more central: required by others) reaches it only
  // through a call by name.
  const redmine = {
    'lib/redmine/string_array_diff/diff.rb': [
      'module Redmine',
      '  module StringArrayDiff',
      '    class Diff',
      '      def self.lcs(a, b)',
      '        a & b',
      '      end',
      '    end',
      '  end',
      'end',
      '',
      'class Array',
      '  include Redmine::StringArrayDiff::Diffable',
      'end',
    ].join('\n'),
    'app/models/wiki_page.rb': [
      "require 'redmine/string_array_diff/diff'",
      '',
      'class WikiPage',
      '  def diff(a, b)',
      '    WikiDiff.new(a, b)',
      '  end',
      'end',
    ].join('\n'),
    'app/controllers/members_controller.rb': [
      "require 'app/controllers/application_controller'",
      'class MembersController',
      '  def create',
      '    ids = Diff.lcs(params[:ids], [])',
      '  end',
      'end',
    ].join('\n'),
    'app/controllers/application_controller.rb': ['class ApplicationController', '  def find', '  end', 'end'].join(
      '\n',
    ),
    'app/controllers/a.rb': "require 'app/controllers/members_controller'\n",
    'app/controllers/b.rb': "require 'app/controllers/members_controller'\n",
  };

  it('"what depends on lib/redmine/string_array_diff/diff.rb" puts wiki_page.rb, which requires it, first', async () => {
    const paths = await ask(redmine, 'what depends on lib/redmine/string_array_diff/diff.rb', [
      'depends',
      'lib',
      'redmine',
      'string',
      'array',
      'diff',
      'rb',
    ]);
    expect(paths[0]).toBe('app/models/wiki_page.rb');
    expect(paths).toContain('app/controllers/members_controller.rb');
  });

  // Icinga Web 2.11 (GPL-2.0+): the writers `use` and extend the abstract LogWriter; Logger.php
  // (used by many) holds whichever writer it is given, named in full, and calls its `->log()`.
  const icinga = {
    'Application/Logger/LogWriter.php': [
      '<?php',
      'namespace Icinga\\Application\\Logger;',
      'abstract class LogWriter',
      '{',
      '    abstract public function log($severity, $message);',
      '}',
    ].join('\n'),
    'Application/Logger/Writer/FileWriter.php': [
      '<?php',
      'namespace Icinga\\Application\\Logger\\Writer;',
      'use Icinga\\Application\\Logger\\LogWriter;',
      'class FileWriter extends LogWriter',
      '{',
      '    public function log($severity, $message)',
      '    {',
      '        file_put_contents($this->file, $message);',
      '    }',
      '}',
    ].join('\n'),
    'Application/Logger.php': [
      '<?php',
      'namespace Icinga\\Application;',
      'class Logger',
      '{',
      '    /**',
      '     * @var \\Icinga\\Application\\Logger\\LogWriter',
      '     */',
      '    protected $writer;',
      '',
      '    public function setWriter(\\Icinga\\Application\\Logger\\LogWriter $writer)',
      '    {',
      '        $this->writer = $writer;',
      '    }',
      '',
      '    public function log($severity, $message)',
      '    {',
      '        $this->writer->log($severity, $message);',
      '    }',
      '}',
    ].join('\n'),
    'Web/A.php': ['<?php', 'use Icinga\\Application\\Logger;', 'function a() { Logger::error("x"); }'].join('\n'),
    'Web/B.php': ['<?php', 'use Icinga\\Application\\Logger;', 'function b() { Logger::error("y"); }'].join('\n'),
  };

  it('"what depends on Application/Logger/LogWriter.php" puts the writer that uses and extends it first', async () => {
    const paths = await ask(icinga, 'what depends on Application/Logger/LogWriter.php', [
      'depends',
      'application',
      'logger',
      'log',
      'writer',
      'php',
    ]);
    expect(paths[0]).toBe('Application/Logger/Writer/FileWriter.php');
    expect(paths).toContain('Application/Logger.php');
  });
});
