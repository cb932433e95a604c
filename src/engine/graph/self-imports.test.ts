/**
 * A repository that imports itself by its package name with no package.json to say so
 * (preact's `import 'preact/devtools'`): a use by name, unresolved, of the file the path names.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { parsedGraph } from '../../../test/support/parsed-graph';
import type { GraphIndex } from './index';
import { modulePathsOf, selfPackages } from './self-imports';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const impact = (graph: GraphIndex, path: string) =>
  graph.search(
    {
      intent: 'impact_analysis',
      raw: `what depends on ${path}`,
      identifiers: [],
      terms: [],
    } as unknown as Parameters<GraphIndex['search']>[0],
    20,
  );

describe('self-imports by package name', () => {
  it('preact: `import "preact/devtools"` is a use by name of devtools/src/index.js; one `date-fns/format` is no sign of a self-import', async () => {
    const { corpus, graph } = await parsedGraph(analyzer, {
      'src/index.js': 'export function h(type, props) {\n  return { type, props };\n}\n',
      'devtools/src/index.js': 'export function initDevTools() {\n  return 1;\n}\n',
      'hooks/src/index.js': 'export function useState(value) {\n  return [value];\n}\n',
      'debug/src/index.js': "import 'preact/devtools';\nexport function initDebug() {\n  return 2;\n}\n",
      'compat/src/index.js': "import { useState } from 'preact/hooks';\nexport { useState };\n",
      'src/format.js': 'export function format(date) {\n  return String(date);\n}\n',
      'src/render.js': "import 'date-fns/format';\nexport const stamp = 0;\n",
    });
    const devtools = impact(graph, 'devtools/src/index.js');
    expect(devtools.map((h) => [corpus.chunks[h.chunkId].path, h.evidence])).toEqual([
      ['debug/src/index.js', 'by-name'],
    ]);
    expect(devtools[0].reason).toContain("'preact/devtools'");
    expect(impact(graph, 'hooks/src/index.js').map((h) => corpus.chunks[h.chunkId].path)).toEqual([
      'compat/src/index.js',
    ]);
    expect(impact(graph, 'src/format.js')).toEqual([]);
    // Never a dependency: the file's dependants stay those the graph resolved.
    const id = corpus.fileByPath.get('devtools/src/index.js')!.id;
    expect(graph.reverseDependencies({ fileId: id })).toEqual([]);
  });

  it('modulePathsOf: the paths a package import may name a file by', () => {
    expect(modulePathsOf('devtools/src/index.js')).toEqual(['devtools/src/index', 'devtools/src', 'devtools']);
    expect(modulePathsOf('src/hooks.ts')).toEqual(['src/hooks', 'hooks']);
    expect(modulePathsOf('README.md')).toEqual([]);
  });

  it('selfPackages: a package two of whose paths name repository files', () => {
    const known = new Set(['hooks', 'devtools', 'format']);
    const own = selfPackages(
      [
        { record: 0, packageName: 'preact', subpath: 'hooks' },
        { record: 1, packageName: 'preact', subpath: 'devtools' },
        { record: 2, packageName: 'date-fns', subpath: 'format' },
        { record: 3, packageName: 'date-fns', subpath: 'format' },
      ],
      (p) => known.has(p),
    );
    expect([...own]).toEqual(['preact']);
  });
});
