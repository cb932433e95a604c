/**
 * A file the repository holds twice, byte for byte, is shown once on a question about what code
 * does (fuse.ts withoutCopies): OpenAFS installs its headers into include/ beside their sources,
 * and `src/afs/exporter.h` and `include/afs/exporter.h` took the first two places for "This
 * routine must be called if any services are exported". Shape of OpenAFS 1.8 (IPL-1.0).
 */
import { describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { Chunk, ModalityHit, SourceFile } from '../contract';
import { Engine } from '../engine';
import { fuse } from '../fuse';
import { StructuralAnalyzer } from '../structural/analyzer';
import { fusionInput } from '../../../test/support/fusion-input';

const EXPORTER_H = [
  '#ifndef AFS_EXPORTER_H',
  '#define AFS_EXPORTER_H',
  '',
  '#define EXP_EXPORTED 1',
  '#define EXP_SERVICES_EXPORTED 2',
  '',
  'struct afs_exporter {',
  '    int exp_states;',
  '    int exp_services;',
  '};',
  '',
  '#endif',
].join('\n');

const EXPORTER_C = [
  '#include "exporter.h"',
  '',
  'struct afs_exporter *root_exported;',
  '',
  'int',
  'exporter_add_services(struct afs_exporter *exp, int services)',
  '{',
  '    exp->exp_services |= services;',
  '    exp->exp_states |= EXP_SERVICES_EXPORTED;',
  '    return 0;',
  '}',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'src/afs/exporter.h', text: EXPORTER_H },
  { path: 'include/afs/exporter.h', text: EXPORTER_H },
  { path: 'src/afs/afs_exporter.c', text: EXPORTER_C },
];

describe('a file held twice', () => {
  it('is shown once, and the file below its copy moves up', () => {
    const chunk = (id: number, path: string): Chunk => ({
      id,
      fileId: id,
      path,
      startLine: 4,
      endLine: 4,
      kind: 'definition',
      symbol: 'EXP_EXPORTED',
      definitionKind: 'macro',
    });
    const chunks = [
      chunk(0, 'src/afs/exporter.h'),
      chunk(1, 'include/afs/exporter.h'),
      { ...chunk(2, 'src/afs/afs_exporter.c'), startLine: 5, endLine: 11, symbol: 'exporter_add_services' },
    ];
    const contents = ['h', 'h', 'c'];
    const hits = (...ids: number[]): ModalityHit[] => ids.map((id) => ({ chunkId: id, score: 1, reason: 'hit' }));
    const lists = { semantic: hits(0, 1, 2), text: hits(0, 1, 2), structural: hits(0, 1, 2) };
    const shown = (given: Parameters<typeof fusionInput>[2]) =>
      fuse(fusionInput(lists, (id) => chunks[id], given)).map((r) => r.path);
    expect(shown({})).toEqual(['src/afs/exporter.h', 'include/afs/exporter.h', 'src/afs/afs_exporter.c']);
    expect(shown({ fileContentOf: (c) => contents[c.fileId] })).toEqual([
      'src/afs/exporter.h',
      'src/afs/afs_exporter.c',
    ]);
    // A file whose content is not known is never taken for a copy.
    expect(shown({ fileContentOf: () => undefined })).toHaveLength(3);
  });

  it("leaves the engine's answer to a sentence about what code does once", async () => {
    const engine = await Engine.build(FILES, {
      analyzer: await StructuralAnalyzer.create(nodeGrammars),
      embedder: null,
    });
    const response = await engine.search('Marks the services exported by the exporter.', {
      preset: 'default',
      limit: 10,
    });
    expect(response.query.intent).toBe('understand_code');
    const paths = response.results.map((r) => r.path);
    // Each header's chunks are in the lists (the same words, the same ranks), its copy shown once.
    const text = response.query.modalities.find((m) => m.modality === 'text')!.list;
    const listed = new Set(text.map((h) => engine.chunk(h.chunkId).path));
    expect(listed.has('src/afs/exporter.h') && listed.has('include/afs/exporter.h')).toBe(true);
    expect(paths.filter((p) => p.endsWith('/exporter.h'))).toHaveLength(1);
    expect(paths).toContain('src/afs/afs_exporter.c');
  });
});
