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

  it('Ruby and Lua: require links the files and their calls', async () => {
    const { corpus, graph } = await index({
      'lib/rake/linked_list.rb': fixture('linked_list.rb.txt'),
      'lib/rake/task.rb':
        "require 'rake/linked_list'\n\nmodule Rake\n  class Task\n    def prerequisites\n      LinkedList.make(1, 2)\n    end\n  end\nend\n",
      'lua/pl/path.lua': fixture('path.lua.txt'),
      'app.lua': "local path = require 'pl.path'\n\nlocal function check(p)\n  return path.isdir(p)\nend\n",
    });
    expect(importedPaths(corpus, graph, 'lib/rake/task.rb')).toEqual(['lib/rake/linked_list.rb']);
    expect(graph.callees(chunk(corpus, 'lib/rake/task.rb', 'prerequisites')).map((c) => c.symbol)).toContain('make');
    expect(importedPaths(corpus, graph, 'app.lua')).toEqual(['lua/pl/path.lua']);
    expect(graph.callers(chunk(corpus, 'lua/pl/path.lua', 'isdir')).map((c) => `${c.path}:${c.symbol}`)).toEqual([
      'app.lua:check',
    ]);
  });
});
