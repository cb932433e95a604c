/**
 * Of two copies of one definition, text for text, the one nearer the repository's root is shown
 * first (fuse.ts nearerCopiesFirst): a port repeats the portable routine in a deeper folder of its
 * own, and a reader asking how the routine works expects the copy the port repeats. Shape of the
 * SDCC 4.2.0 standard library (GPL-2.0-or-later with the linking exception): `lib/src/qsort.c` and
 * the PIC14 port's `lib/src/pic14/libc/qsort.c`, the same `qsort` inside a `#if` for the port.
 */
import { describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { Chunk, ModalityHit, SourceFile } from '../contract';
import { Engine } from '../engine';
import { fuse } from '../fuse';
import { StructuralAnalyzer } from '../structural/analyzer';
import { fusionInput } from '../../../test/support/fusion-input';

const QSORT_BODY = [
  'void qsort(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *))',
  '{',
  '	unsigned char *b = base;',
  '	size_t i, j;',
  '	for (i = 1; i < nmemb; i++)',
  '		for (j = i; j && compar(b + (j - 1) * size, b + j * size) > 0; j--)',
  '			swap(b + (j - 1) * size, b + j * size, size);',
  '}',
];

const SWAP = [
  'static void swap(unsigned char *a, unsigned char *b, size_t size)',
  '{',
  '	while (size--) {',
  '		unsigned char t = *a;',
  '		*a++ = *b;',
  '		*b++ = t;',
  '	}',
  '}',
];

const PORTABLE = ['#include <stdlib.h>', '', ...SWAP, '', ...QSORT_BODY, ''].join('\n');

// The port's copy: the same functions, inside the port's own condition, and a header comment
// that says more of the question than the portable file does.
const PORT = [
  '/* qsort for the PIC14 port: an insertion sort of the array, to sort the array in place */',
  '#include <stdlib.h>',
  '#if !defined(__SDCC_PIC14_HAS_PCALL)',
  ...SWAP,
  '',
  ...QSORT_BODY,
  '#endif',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'lib/src/pic14/libc/qsort.c', text: PORT },
  { path: 'lib/src/qsort.c', text: PORTABLE },
];

describe('two copies of one definition', () => {
  const chunk = (id: number, path: string, symbol: string): Chunk => ({
    id,
    fileId: id,
    path,
    startLine: 10,
    endLine: 17,
    kind: 'definition',
    symbol,
    definitionKind: 'function',
  });
  const chunks = [
    chunk(0, 'lib/src/pic14/libc/qsort.c', 'qsort'),
    chunk(1, 'lib/src/bsearch.c', 'bsearch'),
    chunk(2, 'lib/src/qsort.c', 'qsort'),
  ];
  const hits = (...ids: number[]): ModalityHit[] => ids.map((id) => ({ chunkId: id, score: 1, reason: 'hit' }));
  const lists = { semantic: hits(0, 1, 2), text: hits(0, 1, 2), structural: hits(0, 1, 2) };
  const shown = (texts: string[]) =>
    fuse(fusionInput(lists, (id) => chunks[id], { definitionTextOf: (c) => texts[c.id] }));

  it('shows the copy nearer the root at the better place of the two, the deeper copy at its place', () => {
    const results = shown(['qsort', 'bsearch', 'qsort']);
    expect(results.map((r) => r.path)).toEqual(['lib/src/qsort.c', 'lib/src/bsearch.c', 'lib/src/pic14/libc/qsort.c']);
    expect(results[0].explanation.aboveItsCopy).toEqual({
      chunkId: 0,
      path: 'lib/src/pic14/libc/qsort.c',
      startLine: 10,
    });
    expect(results[2].explanation.aboveItsCopy).toBeUndefined();
  });

  it('does not let a bundle of every module pass the module it holds (a file more than twice the size)', () => {
    const sizes = [700, 4_000, 19_000];
    const results = fuse(
      fusionInput(lists, (id) => chunks[id], {
        definitionTextOf: (c) => ['qsort', 'bsearch', 'qsort'][c.id],
        fileSizeOf: (c) => sizes[c.id],
      }),
    );
    expect(results.map((r) => r.path)).toEqual(['lib/src/pic14/libc/qsort.c', 'lib/src/bsearch.c', 'lib/src/qsort.c']);
    expect(results.every((r) => r.explanation.aboveItsCopy === undefined)).toBe(true);
    // Files of about one size (a port's copy beside the portable one) still trade places.
    const near = fuse(
      fusionInput(lists, (id) => chunks[id], {
        definitionTextOf: (c) => ['qsort', 'bsearch', 'qsort'][c.id],
        fileSizeOf: (c) => [700, 4_000, 1_300][c.id],
      }),
    );
    expect(near[0].path).toBe('lib/src/qsort.c');
  });

  it('leaves two definitions of one name whose texts differ where the lists put them', () => {
    const results = shown(['qsort (port)', 'bsearch', 'qsort']);
    expect(results.map((r) => r.path)).toEqual(['lib/src/pic14/libc/qsort.c', 'lib/src/bsearch.c', 'lib/src/qsort.c']);
    expect(results.every((r) => r.explanation.aboveItsCopy === undefined)).toBe(true);
  });

  it('"how does qsort sort the array": the portable qsort first, the port\'s copy next', async () => {
    const engine = await Engine.build(FILES, {
      analyzer: await StructuralAnalyzer.create(nodeGrammars),
      embedder: null,
    });
    const response = await engine.search('how does qsort sort the array', {
      preset: 'default',
      limit: 10,
    });
    expect(response.query.intent).toBe('understand_code');
    const top = response.results.slice(0, 2).map((r) => `${r.path}:${r.symbol}`);
    expect(top).toEqual(['lib/src/qsort.c:qsort', 'lib/src/pic14/libc/qsort.c:qsort']);
    expect(response.results[0].explanation.aboveItsCopy?.path).toBe('lib/src/pic14/libc/qsort.c');
  });
});
