/**
 * The graph across the languages beyond the first seven: imports resolved between real files
 * (the structural fixtures, excerpts of open-source code) and the calls between them.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../modality';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { definitionChunk, parsedGraph } from '../../../test/support/parsed-graph';
import { GraphIndex } from './index';

const fixture = (name: string) => readFileSync(new URL(`../structural/fixtures/${name}`, import.meta.url), 'utf8');

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const index = (files: Record<string, string>) => parsedGraph(analyzer, files);
const chunk = definitionChunk;

const importedPaths = (corpus: Corpus, graph: GraphIndex, path: string) =>
  graph
    .importsOf(corpus.fileByPath.get(path)!.id)
    .map((l) => l.path)
    .sort();

describe('graph across languages', () => {
  it('C: the .c file includes its header; a caller in another file reaches the definition through it', async () => {
    const { corpus, graph } = await index({
      'src/shared/timeout.h': fixture('timeout.h.txt'),
      'src/shared/timeout-glib.c': fixture('timeout-glib.c.txt'),
      'src/main.c':
        '#include "shared/timeout.h"\n\nstatic bool tick(void *data) { return true; }\n\nint main(void)\n{\n\ttimeout_add(1000, tick, NULL, NULL);\n\treturn 0;\n}\n',
    });
    expect(importedPaths(corpus, graph, 'src/shared/timeout-glib.c')).toEqual(['src/shared/timeout.h']);
    expect(importedPaths(corpus, graph, 'src/main.c')).toEqual(['src/shared/timeout.h']);
    const callees = graph.callees(chunk(corpus, 'src/main.c', 'main')).map((c) => `${c.path}:${c.symbol}`);
    expect(callees).toContain('src/shared/timeout.h:timeout_add');
    expect(
      graph.callers(chunk(corpus, 'src/shared/timeout.h', 'timeout_add')).map((c) => `${c.path}:${c.symbol}`),
    ).toEqual(['src/main.c:main']);
  });

  it("C++: a library's headers opened at its own folder include each other under its name (PCL's pfh_tools.h)", async () => {
    const { corpus, graph } = await index({
      'features/pfh_tools.h':
        '#pragma once\n\n#include <pcl/pcl_exports.h>\n#include <Eigen/Core>\n\nnamespace pcl\n{\n  PCL_EXPORTS bool\n  computePairFeatures (const Eigen::Vector4f &p1, const Eigen::Vector4f &n1,\n                       float &f1, float &f4);\n}\n',
      'features/impl/vfh.hpp':
        '#include <pcl/features/vfh.h>\n#include <pcl/features/pfh_tools.h>\n\ntemplate <typename PointInT> void\npcl::VFHEstimation<PointInT>::computePointSPFHSignature ()\n{\n  float f1, f4;\n  computePairFeatures (centroid_p, centroid_n, p, n, f1, f4);\n}\n',
      'features/vfh.h': 'namespace pcl\n{\n  template <typename PointInT>\n  class VFHEstimation\n  {\n  };\n}\n',
    });
    expect(corpus.fileByPath.get('features/pfh_tools.h')!.language).toBe('cpp');
    expect(importedPaths(corpus, graph, 'features/impl/vfh.hpp')).toEqual(['features/pfh_tools.h', 'features/vfh.h']);
    const header = corpus.fileByPath.get('features/pfh_tools.h')!.id;
    expect(graph.reverseDependencies({ fileId: header }, 1).map((d) => corpus.files[d.fileId].path)).toEqual([
      'features/impl/vfh.hpp',
    ]);
  });

  it('C: a prototype in an umbrella header links its callers to the body another .c file defines (apfs.h, btree.c)', async () => {
    // apfs-dkms: apfs.h declares what btree.c, inode.c and namei.c define; no apfs.c sits beside it.
    const { corpus, graph } = await index({
      'apfs.h':
        '#include "apfs_raw.h"\n\nextern int apfs_omap_lookup_block(struct super_block *sb, u64 id, u64 *block);\nextern int apfs_create(struct inode *dir, const char *name);\n',
      'apfs_raw.h': 'struct apfs_node_phys {\n\tint btn_flags;\n};\n',
      'btree.c':
        '#include "apfs.h"\n\nint apfs_omap_lookup_block(struct super_block *sb, u64 id, u64 *block)\n{\n\t*block = id;\n\treturn 0;\n}\n',
      'node.c':
        '#include "apfs.h"\n\nstruct apfs_node *apfs_read_node(struct super_block *sb, u64 oid)\n{\n\tu64 bno;\n\tint err;\n\n\terr = apfs_omap_lookup_block(sb, oid, &bno);\n\tif (err)\n\t\treturn NULL;\n\treturn NULL;\n}\n',
      'dir.c':
        '#include "apfs.h"\n\nint apfs_create(struct inode *dir, const char *name)\n{\n\treturn 0;\n}\n\nint apfs_mkdir(struct inode *dir, const char *name)\n{\n\treturn apfs_create(dir, name);\n}\n',
      // A file-local namesake: what the header declares is not this one.
      'namei.c':
        '#include "apfs.h"\n\nstatic int apfs_create(struct inode *dir, const char *name)\n{\n\treturn -1;\n}\n\nint apfs_lookup(struct inode *dir)\n{\n\treturn apfs_omap_lookup_block(NULL, 1, NULL);\n}\n',
      'super.c':
        '#include "apfs.h"\n\nint apfs_fill_super(struct super_block *sb)\n{\n\tu64 vsb;\n\n\treturn apfs_omap_lookup_block(sb, 2, &vsb) ? -1 : apfs_create(NULL, "root");\n}\n',
    });
    const callers = (path: string, name: string) =>
      graph
        .callers(chunk(corpus, path, name))
        .map((c) => `${c.path}:${c.symbol}`)
        .sort();
    expect(callers('btree.c', 'apfs_omap_lookup_block')).toEqual([
      'namei.c:apfs_lookup',
      'node.c:apfs_read_node',
      'super.c:apfs_fill_super',
    ]);
    // The header's prototype keeps its callers (the code view of apfs.h).
    expect(callers('apfs.h', 'apfs_omap_lookup_block')).toEqual(callers('btree.c', 'apfs_omap_lookup_block'));
    // super.c reaches dir.c's apfs_create, never namei.c's static one; dir.c's own call stays in dir.c.
    expect(callers('dir.c', 'apfs_create')).toEqual(['dir.c:apfs_mkdir', 'super.c:apfs_fill_super']);
    expect(callers('namei.c', 'apfs_create')).toEqual([]);
    const pathOf = new Map(corpus.files.map((f) => [f.id, f.path]));
    const dependants = graph
      .reverseDependencies({ fileId: corpus.fileByPath.get('btree.c')!.id }, 1)
      .map((d) => pathOf.get(d.fileId))
      .sort();
    expect([...new Set(dependants)]).toEqual(['namei.c', 'node.c', 'super.c']);
  });

  it('C: a log macro wrapping a function is its caller, and the calls of the macro reach the macro (apfs_err → apfs_msg)', async () => {
    const { corpus, graph } = await index({
      'apfs.h':
        '#define apfs_err(sb, fmt, ...) apfs_msg(sb, KERN_ERR, fmt, ##__VA_ARGS__)\n#define apfs_warn(sb, fmt, ...) apfs_msg(sb, KERN_WARNING, fmt, ##__VA_ARGS__)\n\nvoid apfs_msg(struct super_block *sb, const char *prefix, const char *fmt, ...);\n',
      'message.c':
        '#include "apfs.h"\n\nvoid apfs_msg(struct super_block *sb, const char *prefix, const char *fmt, ...)\n{\n\tprintk("%sAPFS (%s): %pV\\n", prefix, sb->s_id, fmt);\n}\n',
      'super.c':
        '#include "apfs.h"\n\nint apfs_read_super_copy(struct super_block *sb, int blocksize)\n{\n\tapfs_err(sb, "bad blocksize %d", blocksize);\n\treturn -1;\n}\n',
    });
    const callers = (path: string, name: string) =>
      graph
        .callers(chunk(corpus, path, name))
        .map((c) => `${c.path}:${c.symbol}`)
        .sort();
    expect(callers('message.c', 'apfs_msg')).toEqual(['apfs.h:apfs_err', 'apfs.h:apfs_warn']);
    expect(callers('apfs.h', 'apfs_err')).toEqual(['super.c:apfs_read_super_copy']);
  });

  it('PHP: a class of the same namespace used without `use` by a static call, instanceof or implements (commonmark)', async () => {
    const ns = 'League\\CommonMark\\Util';
    const { corpus, graph } = await index({
      'Util/Xml.php': `<?php\n\nnamespace ${ns};\n\nfinal class Xml\n{\n    public static function escape(string $string): string\n    {\n        return \\str_replace(['&', '<', '>', '"'], ['&amp;', '&lt;', '&gt;', '&quot;'], $string);\n    }\n}\n`,
      'Util/HtmlElement.php': `<?php\n\nnamespace ${ns};\n\nclass HtmlElement\n{\n    public function attributes(array $attrs): string\n    {\n        $result = '';\n        foreach ($attrs as $key => $value) {\n            $result .= ' ' . $key . '="' . Xml::escape($value) . '"';\n        }\n        return $result;\n    }\n}\n`,
      'Util/ConfigurationAwareInterface.php': `<?php\n\nnamespace ${ns};\n\ninterface ConfigurationAwareInterface\n{\n    public function setConfiguration(array $configuration): void;\n}\n`,
      'Util/Environment.php': `<?php\n\nnamespace ${ns};\n\nfinal class Environment\n{\n    private function injectDependencies(object $object): void\n    {\n        if ($object instanceof ConfigurationAwareInterface) {\n            $object->setConfiguration([]);\n        }\n    }\n}\n`,
      'Util/SlugNormalizer.php': `<?php\n\nnamespace ${ns};\n\nfinal class SlugNormalizer implements ConfigurationAwareInterface\n{\n    public function setConfiguration(array $configuration): void\n    {\n    }\n}\n`,
    });
    const pathOf = new Map(corpus.files.map((f) => [f.id, f.path]));
    const dependants = (path: string) =>
      [
        ...new Set(
          graph.reverseDependencies({ fileId: corpus.fileByPath.get(path)!.id }, 1).map((d) => pathOf.get(d.fileId)),
        ),
      ].sort();
    // `'="' . Xml::escape(…)`: PHP's `.` joins strings; Xml is the class that is called.
    expect(dependants('Util/Xml.php')).toEqual(['Util/HtmlElement.php']);
    expect(dependants('Util/ConfigurationAwareInterface.php')).toEqual([
      'Util/Environment.php',
      'Util/SlugNormalizer.php',
    ]);
  });

  it('Ruby and Lua: require and autoload link the files and their calls', async () => {
    const { corpus, graph } = await index({
      'lib/rake/linked_list.rb': fixture('linked_list.rb.txt'),
      'lib/rake/task.rb':
        "require 'rake/linked_list'\n\nmodule Rake\n  class Task\n    def prerequisites\n      LinkedList.make(1, 2)\n    end\n  end\nend\n",
      // A gem's entry file names its files by autoload (thor's runner.rb: `autoload :OpenURI, "open-uri"`).
      'lib/rake.rb':
        'module Rake\n  autoload :LinkedList, "rake/linked_list"\n  autoload :Task, "rake/task"\n  autoload :OpenURI, "open-uri"\nend\n',
      'lua/pl/path.lua': fixture('path.lua.txt'),
      'app.lua': "local path = require 'pl.path'\n\nlocal function check(p)\n  return path.isdir(p)\nend\n",
    });
    expect(importedPaths(corpus, graph, 'lib/rake/task.rb')).toEqual(['lib/rake/linked_list.rb']);
    expect(graph.callees(chunk(corpus, 'lib/rake/task.rb', 'prerequisites')).map((c) => c.symbol)).toContain('make');
    expect(importedPaths(corpus, graph, 'app.lua')).toEqual(['lua/pl/path.lua']);
    expect(importedPaths(corpus, graph, 'lib/rake.rb')).toEqual(['lib/rake/linked_list.rb', 'lib/rake/task.rb']);
    expect(graph.callers(chunk(corpus, 'lua/pl/path.lua', 'isdir')).map((c) => `${c.path}:${c.symbol}`)).toEqual([
      'app.lua:check',
    ]);
  });

  it("Lua: dofile of a path after a folder in a value runs the file beside it, a literal path the root's", async () => {
    // Minetest Game's beds mod: init.lua runs its files by `dofile(modpath .. "/x.lua")`; the
    // main menu by `menupath .. DIR_DELIM .. "x.lua"`; builtin by a path from the game's folder.
    const { corpus, graph } = await index({
      'mods/beds/init.lua':
        'beds = {}\nlocal modpath = minetest.get_modpath("beds")\n\n-- Load files\n\ndofile(modpath .. "/functions.lua")\ndofile(modpath .. "/api.lua")\n',
      'mods/beds/functions.lua':
        'local function check_in_beds(players)\n\treturn true\nend\n\nfunction beds.skip_night()\nend\n',
      'mods/beds/api.lua': 'function beds.register_bed(name, def)\nend\n',
      'mods/doors/api.lua': 'function doors.register(name, def)\nend\n',
      'builtin/mainmenu/init.lua':
        'local menupath = core.get_mainmenu_path()\ndofile(menupath .. DIR_DELIM .. "dlg_delete_world.lua")\nlocal sampler = assert(loadfile(menupath .. "sampling.lua"))\ndofile("builtin/common/vector.lua")\ndofile(mm_script)\n',
      'builtin/mainmenu/dlg_delete_world.lua': 'function create_delete_world_dlg(name)\nend\n',
      'builtin/mainmenu/sampling.lua': 'return {}\n',
      'builtin/common/vector.lua': 'vector = {}\n',
    });
    expect(importedPaths(corpus, graph, 'mods/beds/init.lua')).toEqual([
      'mods/beds/api.lua',
      'mods/beds/functions.lua',
    ]);
    expect(importedPaths(corpus, graph, 'builtin/mainmenu/init.lua')).toEqual([
      'builtin/common/vector.lua',
      'builtin/mainmenu/dlg_delete_world.lua',
      'builtin/mainmenu/sampling.lua',
    ]);
    const functions = corpus.fileByPath.get('mods/beds/functions.lua')!.id;
    expect(graph.reverseDependencies({ fileId: functions }, 1).map((d) => corpus.files[d.fileId].path)).toEqual([
      'mods/beds/init.lua',
    ]);
  });

  it('Lua: a loader called through a table (`wesnoth.require "ai/lua/x.lua"`) imports the file, a bare name the module', async () => {
    // Wesnoth's AI: the candidate actions load their helpers by a path from the data root through
    // the engine's table, `local BC = wesnoth.require "ai/lua/battle_calcs.lua"`.
    const { corpus, graph } = await index({
      'ai/lua/battle_calcs.lua':
        'local battle_calcs = {}\n\nfunction battle_calcs.unit_attack_info(unit, cache)\nend\n\nreturn battle_calcs\n',
      'ai/lua/retreat.lua':
        'local H = wesnoth.require "helper"\nlocal AH = wesnoth.require "ai/lua/ai_helper.lua"\nlocal BC = wesnoth.require "ai/lua/battle_calcs.lua"\n\nlocal retreat_functions = {}\nreturn retreat_functions\n',
      'ai/lua/ai_helper.lua': 'local ai_helper = {}\nreturn ai_helper\n',
      'ai/micro_ais/cas/ca_patrol.lua':
        'local BC = wesnoth.dofile "ai/lua/battle_calcs.lua"\n\nlocal ca_patrol = {}\nreturn ca_patrol\n',
      'lua/wml/micro_ai.lua': 'local MAIH = wesnoth.require("ai/micro_ais/micro_ai_helper.lua")\n',
      'ai/micro_ais/micro_ai_helper.lua': 'local micro_ai_helper = {}\nreturn micro_ai_helper\n',
      'lua/helper.lua': 'local helper = {}\nreturn helper\n',
    });
    expect(importedPaths(corpus, graph, 'ai/lua/retreat.lua')).toEqual([
      'ai/lua/ai_helper.lua',
      'ai/lua/battle_calcs.lua',
      'lua/helper.lua',
    ]);
    const dependants = (path: string) =>
      graph
        .reverseDependencies({ fileId: corpus.fileByPath.get(path)!.id }, 1)
        .map((d) => corpus.files[d.fileId].path)
        .sort();
    expect(dependants('ai/lua/battle_calcs.lua')).toEqual(['ai/lua/retreat.lua', 'ai/micro_ais/cas/ca_patrol.lua']);
    expect(dependants('ai/micro_ais/micro_ai_helper.lua')).toEqual(['lua/wml/micro_ai.lua']);
  });

  it('Lua: a path with a folder given to a call of the program’s own (`include "scripting/set.lua"`) imports the one file it names', async () => {
    // Widelands' scenario scripts load the shared helpers with the engine's `include`, by a path
    // from the data root; a map-local path (`map:scripting/x.lua`) and a name without a folder
    // (a string that only ends like a file) are no edge.
    const { corpus, graph } = await index({
      'scripting/set.lua': 'Set = {}\nfunction Set:new(l)\n  return {}\nend\n',
      'scripting/coroutine.lua': 'function run(f)\nend\n',
      'campaigns/atl01.wmf/scripting/init.lua':
        'include "scripting/set.lua"\ninclude("scripting/coroutine.lua")\ninclude "map:scripting/mission_thread.lua"\nset_textdomain("scenario_atl01.wmf")\nlocal s = Set:new{}\n',
      'campaigns/atl01.wmf/scripting/mission_thread.lua': 'function mission_thread()\nend\n',
      'maps/a.wmf/scripting/init.lua': 'print("set.lua")\nwl.Game():include_file("scripting/nowhere.lua")\n',
    });
    expect(importedPaths(corpus, graph, 'campaigns/atl01.wmf/scripting/init.lua')).toEqual([
      'scripting/coroutine.lua',
      'scripting/set.lua',
    ]);
    expect(importedPaths(corpus, graph, 'maps/a.wmf/scripting/init.lua')).toEqual([]);
    expect(
      graph
        .reverseDependencies({ fileId: corpus.fileByPath.get('scripting/set.lua')!.id }, 1)
        .map((d) => corpus.files[d.fileId].path),
    ).toEqual(['campaigns/atl01.wmf/scripting/init.lua']);
    expect(graph.externalImportsOf(corpus.fileByPath.get('maps/a.wmf/scripting/init.lua')!.id)).toEqual([]);
  });

  it('JavaScript: a script’s path given to a loader call (`AJAX.Require("[MathJax]/extensions/toMathML.js")`) imports the file', async () => {
    // MathJax 2 loads its extensions through its own loader, by a path after the `[MathJax]` root,
    // directly, in a callback spec (`["Require", AJAX, "[MathJax]/…"]`) or after a folder held
    // in a value (`extensionDir + "/MathEvents.js"`).
    const { corpus, graph } = await index({
      'extensions/toMathML.js':
        'MathJax.Extension.toMathML = {};\nMathJax.Ajax.loadComplete("[MathJax]/extensions/toMathML.js");\n',
      'extensions/MathEvents.js': 'MathJax.Extension.MathEvents = {};\n',
      'extensions/MathMenu.js': 'function show() {\n  return AJAX.Require("[MathJax]/extensions/toMathML.js");\n}\n',
      'extensions/AssistiveMML.js':
        'MathJax.Callback.Queue(\n  ["Require", MathJax.Ajax, "[MathJax]/extensions/toMathML.js"],\n  ["loadComplete", MathJax.Ajax, "[MathJax]/extensions/AssistiveMML.js"]\n);\n',
      'jax/output/SVG/jax.js':
        'SVG.Config = function () {\n  this.require.push(MathJax.OutputJax.extensionDir + "/MathEvents.js");\n  log("see docs/x.js");\n};\n',
    });
    const dependants = (path: string) =>
      graph
        .reverseDependencies({ fileId: corpus.fileByPath.get(path)!.id }, 1)
        .map((d) => corpus.files[d.fileId].path)
        .sort();
    expect(dependants('extensions/toMathML.js')).toEqual(['extensions/AssistiveMML.js', 'extensions/MathMenu.js']);
    expect(dependants('extensions/MathEvents.js')).toEqual(['jax/output/SVG/jax.js']);
    expect(importedPaths(corpus, graph, 'jax/output/SVG/jax.js')).toEqual(['extensions/MathEvents.js']);
    expect(importedPaths(corpus, graph, 'extensions/toMathML.js')).toEqual([]);
  });

  it('Lua: `self:m(…)` in a method calls the method of the object’s own table, not another table’s m (Prosody set_affiliation)', async () => {
    // Prosody's util/pubsub.lua and modules/muc/muc.lib.lua each define their own set_affiliation.
    const { corpus, graph } = await index({
      'util/pubsub.lua': [
        'local service = {};',
        'function service:set_affiliation(node, actor, jid, affiliation)',
        '\treturn true;',
        'end',
        'function service:create(node, actor, options)',
        '\tlocal ok, err = self:set_affiliation(node, true, actor, "owner");',
        '\treturn ok;',
        'end',
        '',
      ].join('\n'),
      'modules/muc/muc.lib.lua': [
        'local room_mt = {};',
        'function room_mt:set_affiliation(actor, jid, affiliation, reason, data)',
        '\treturn true;',
        'end',
        'function room_mt:handle_admin_query_set_command(origin, stanza)',
        '\tlocal success, errtype, err = self:set_affiliation(actor, item.attr.jid, item.attr.affiliation);',
        '\treturn success;',
        'end',
        '',
      ].join('\n'),
    });
    const callers = (path: string) =>
      graph.callers(chunk(corpus, path, 'set_affiliation')).map((c) => `${c.path}:${c.symbol}`);
    expect(callers('modules/muc/muc.lib.lua')).toEqual(['modules/muc/muc.lib.lua:handle_admin_query_set_command']);
    expect(callers('util/pubsub.lua')).toEqual(['util/pubsub.lua:create']);
  });
});
