/**
 * A C or C++ declaration without a body gives its place in the model's list to the definition
 * it declares. The shapes of OpenAFS (IPL-1.0): afs_prototypes.h declares `afs_FlushVCBs`
 * and afs_vcache.c defines it; a header of a library whose bodies are compiled elsewhere (ubik.h's
 * `ubik_CheckCache`) keeps its declaration. In C++ a header declares an overload pair in a namespace
 * and a class's method, and the source file defines them; another class's method of the same
 * name, declared in a header-only library, has no body and stays.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeLocalEmbedder } from '../../node/embedders';
import { nodeGrammars } from '../../node/grammars';
import type { Chunk, ModalityHit, SourceFile } from '../contract';
import { Engine } from '../engine';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import type { Corpus } from '../modality';
import { StructuralIndex } from '../structural/index';
import { declarationsToDefinitions } from './declarations';

const C_FILES: SourceFile[] = [
  {
    path: 'src/afs/afs_prototypes.h',
    text: [
      '/* afs_vcache.c */',
      'extern int afs_FlushVCBs(afs_int32 lockit);',
      'extern void afs_FlushAllVCaches(void);',
      '',
    ].join('\n'),
  },
  {
    path: 'include/ubik.h',
    text: ['extern int ubik_CheckCache(struct ubik_trans *atrans, ubik_updatecache_func check, void *rock);', ''].join(
      '\n',
    ),
  },
  {
    path: 'src/afs/afs_vcache.c',
    text: [
      '#include "afs_prototypes.h"',
      '',
      'int',
      'afs_FlushVCBs(afs_int32 lockit)',
      '{',
      '    struct server *tsp;',
      '    int code = 0;',
      '    for (tsp = afs_servers; tsp; tsp = tsp->next) {',
      '        if (tsp->cbrs == NULL)',
      '            continue;',
      '        code = afs_FlushServerCBs(tsp, lockit);',
      '    }',
      '    return code;',
      '}',
      '',
      'void',
      'afs_FlushAllVCaches(void)',
      '{',
      '    afs_FlushVCBs(1);',
      '}',
      '',
    ].join('\n'),
  },
];

const CPP_FILES: SourceFile[] = [
  {
    path: 'include/geo/distance.hpp',
    text: [
      '#pragma once',
      'namespace geo {',
      'struct Point { double x, y; };',
      'double distance(const Point& a,',
      '                const Point& b);',
      'double distance(const Point& a, const Point& b,',
      '                double radius);',
      '}',
      'class Walker {',
      ' public:',
      '  void walk(const geo::Point& from,',
      '            const geo::Point& to);',
      '};',
      '',
    ].join('\n'),
  },
  {
    path: 'src/geo/distance.cpp',
    text: [
      '#include "geo/distance.hpp"',
      '#include <cmath>',
      'namespace geo {',
      'double distance(const Point& a, const Point& b) {',
      '  double dx = a.x - b.x, dy = a.y - b.y;',
      '  return std::sqrt(dx * dx + dy * dy);',
      '}',
      'double distance(const Point& a, const Point& b, double radius) {',
      '  double d = distance(a, b);',
      '  return radius * 2.0 * std::asin(d / (2.0 * radius));',
      '}',
      '}',
      'void Walker::walk(const geo::Point& from, const geo::Point& to) {',
      '  steps_ += geo::distance(from, to);',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'include/trail/trail.hpp',
    text: [
      'namespace trail {',
      'class Hiker {',
      ' public:',
      '  void walk(const Point& from,',
      '            const Point& to);',
      '};',
      '}',
      '',
    ].join('\n'),
  },
];

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
});

function indexed(files: SourceFile[]): { corpus: Corpus; index: StructuralIndex } {
  const corpus = buildCorpus(files, analyzer);
  return { corpus, index: StructuralIndex.build(corpus) };
}

/** The chunk of a definition: by path, name and the line it starts on. */
function chunkAt(corpus: Corpus, path: string, symbol: string, line: number): Chunk {
  return corpus.chunks.find(
    (c) =>
      c.path === path && c.symbol === symbol && c.kind === 'definition' && c.startLine <= line && line <= c.endLine,
  )!;
}

describe("a C or C++ declaration's definition", () => {
  it('is the one body of a C function declared in a header; a library header without one has none', () => {
    const { corpus, index } = indexed(C_FILES);
    const declared = chunkAt(corpus, 'src/afs/afs_prototypes.h', 'afs_FlushVCBs', 2);
    const defined = chunkAt(corpus, 'src/afs/afs_vcache.c', 'afs_FlushVCBs', 4);
    expect(index.definitionOfDeclaration(declared.id)).toBe(defined.id);
    expect(index.definitionOfDeclaration(defined.id)).toBeUndefined();
    expect(index.definitionOfDeclaration(chunkAt(corpus, 'include/ubik.h', 'ubik_CheckCache', 1).id)).toBeUndefined();
  });

  it("is a C++ function's body in the same namespace, the overload taking as many parameters, and a method's out-of-line body", () => {
    const { corpus, index } = indexed(CPP_FILES);
    const header = 'include/geo/distance.hpp';
    const source = 'src/geo/distance.cpp';
    const definitionAt = (path: string, symbol: string, line: number) =>
      index.definitionOfDeclaration(chunkAt(corpus, path, symbol, line).id);
    expect(definitionAt(header, 'distance', 4)).toBe(chunkAt(corpus, source, 'distance', 4).id);
    expect(definitionAt(header, 'distance', 6)).toBe(chunkAt(corpus, source, 'distance', 8).id);
    expect(definitionAt(header, 'walk', 11)).toBe(chunkAt(corpus, source, 'walk', 13).id);
    // Hiker's `walk`, in a header-only library, has no body anywhere: Walker's is another class's.
    expect(definitionAt('include/trail/trail.hpp', 'walk', 4)).toBeUndefined();
  });
});

describe("a question's list", () => {
  it('gives a declaration’s place to its definition, which is listed once, and keeps a declaration without one', () => {
    const { corpus, index } = indexed(C_FILES);
    const declared = chunkAt(corpus, 'src/afs/afs_prototypes.h', 'afs_FlushVCBs', 2).id;
    const defined = chunkAt(corpus, 'src/afs/afs_vcache.c', 'afs_FlushVCBs', 4).id;
    const library = chunkAt(corpus, 'include/ubik.h', 'ubik_CheckCache', 1).id;
    const all = chunkAt(corpus, 'src/afs/afs_vcache.c', 'afs_FlushAllVCaches', 17).id;
    const hit = (chunkId: number, score: number): ModalityHit => ({ chunkId, score, reason: 'meaning close' });
    const list = declarationsToDefinitions(
      [hit(declared, 0.9), hit(library, 0.8), hit(all, 0.7), hit(defined, 0.6)],
      (id) => index.definitionOfDeclaration(id),
      (id) => corpus.chunks[id],
    );
    expect(list.map((h) => h.chunkId)).toEqual([defined, library, all]);
    expect(list[0].score).toBe(0.9);
    expect(list[0].reason).toBe('declared in src/afs/afs_prototypes.h (lines 2-2), defined here: meaning close');
  });

  it("is the model's, on a question about what code does: the definition shown, the declaration gone", async () => {
    const engine = await Engine.build(C_FILES, { analyzer, embedder: await createNodeLocalEmbedder() });
    const response = await engine.search('flush the callbacks of every server', { intent: 'understand_code' });
    const semantic = response.query.modalities.find((m) => m.modality === 'semantic')!;
    const listed = semantic.list.map((h) => engine.chunk(h.chunkId));
    expect(listed.some((c) => c.path === 'src/afs/afs_prototypes.h' && c.kind === 'definition')).toBe(false);
    expect(listed.filter((c) => c.symbol === 'afs_FlushVCBs').map((c) => c.path)).toEqual(['src/afs/afs_vcache.c']);
    expect(listed.some((c) => c.path === 'include/ubik.h')).toBe(true);
  });
});
