/**
 * A behaviour question is answered by a function's body, not by the header's prototype that
 * stands in for it. The shape of libxcrypt 4.4 (LGPL): crypt-port.h declares
 * `make_failure_token` under a long doc comment, and util-make-failure-token.c holds its body;
 * the comment's words are the question's, so the prototype matched them best. A prototype whose
 * body the repository does not hold stays as it is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { SourceFile } from '../contract';
import { Engine } from '../engine';
import { STAND_IN_DEMOTION_FACTOR, STAND_IN_DEMOTION_RULE } from '../ranking';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import { StructuralIndex } from '../structural/index';

const FILES: SourceFile[] = [
  {
    path: 'lib/crypt-port.h',
    text: [
      '#include <stddef.h>',
      '',
      '/* Make a string that cannot be mistaken for a valid hash: the failure token written',
      '   for an invalid setting string, so that a blind comparison with a stored hash fails.',
      '   We always call this function on the output buffer as the first step.  */',
      'extern void',
      'make_failure_token (const char *setting, char *output, int size);',
      '',
    ].join('\n'),
  },
  {
    path: 'lib/bzero.h',
    text: [
      '#include <stddef.h>',
      '',
      '/* Wipe a buffer the compiler may not optimise away. */',
      'extern void explicit_bzero (void *buf, size_t len);',
      '',
    ].join('\n'),
  },
  {
    path: 'lib/util-make-failure-token.c',
    text: [
      '#include "crypt-port.h"',
      '',
      'void',
      'make_failure_token (const char *setting, char *output, int size)',
      '{',
      '  if (size >= 3)',
      '    {',
      "      output[0] = '*';",
      "      output[1] = '0';",
      "      output[2] = '\\0';",
      "      if (setting && setting[0] == '*' && setting[1] == '0')",
      "        output[1] = '1';",
      '    }',
      '}',
      '',
    ].join('\n'),
  },
];

let engine: Engine;
let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
  engine = await Engine.build(FILES, { analyzer, embedder: null });
});

const QUESTION = 'how is an invalid setting turned into a failure token';

describe('a prototype that stands in for a body elsewhere', () => {
  it('is demoted on a behaviour question, and the body comes first', async () => {
    const response = await engine.search(QUESTION, { intent: 'understand_code' });
    expect(response.results[0]?.path).toBe('lib/util-make-failure-token.c');
    const header = response.results.find((r) => r.path === 'lib/crypt-port.h' && r.symbol === 'make_failure_token');
    expect(header?.explanation.demotion).toEqual({ factor: STAND_IN_DEMOTION_FACTOR, rule: STAND_IN_DEMOTION_RULE });
  });

  it('is a prototype or #define whose name has a body elsewhere, never the body nor a prototype without one', () => {
    const corpus = buildCorpus(FILES, analyzer);
    const index = StructuralIndex.build(corpus);
    const chunk = (path: string, symbol: string) =>
      corpus.chunks.find((c) => c.path === path && c.symbol === symbol && c.kind === 'definition')!.id;
    expect(index.isStandInChunk(chunk('lib/crypt-port.h', 'make_failure_token'))).toBe(true);
    expect(index.isStandInChunk(chunk('lib/util-make-failure-token.c', 'make_failure_token'))).toBe(false);
    expect(index.isStandInChunk(chunk('lib/bzero.h', 'explicit_bzero'))).toBe(false);
  });

  it('is never demoted on a question that names the symbol', async () => {
    const definition = await engine.search('make_failure_token', { intent: 'find_definition' });
    expect(definition.results.length).toBeGreaterThan(0);
    for (const r of definition.results) expect(r.explanation.demotion).toBeNull();
  });
});
