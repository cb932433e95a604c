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
});
