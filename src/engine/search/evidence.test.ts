/**
 * Evidence or nothing, on the shape of @reduxjs/toolkit 2.5 (MIT): `copyWithStructuralSharing`
 * is defined (an overload, then its body) in src/query/utils, re-exported by two barrels and
 * called by buildSlice. The barrel that only passes the name on is a link of the chain, listed
 * after the file that calls it, whatever the other modalities think of the barrel.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import { Engine } from '../engine';
import { engineOver } from '../../../test/support/engine';

const FILES: SourceFile[] = [
  {
    path: 'src/query/utils/copyWithStructuralSharing.ts',
    text: [
      "import { isPlainObject as _iPO } from '../core/rtkImports'",
      'const isPlainObject: (_: any) => boolean = _iPO',
      '',
      'export function copyWithStructuralSharing<T>(oldObj: any, newObj: T): T',
      'export function copyWithStructuralSharing(oldObj: any, newObj: any): any {',
      '  if (oldObj === newObj || !isPlainObject(oldObj) || !isPlainObject(newObj)) {',
      '    return newObj',
      '  }',
      '  const mergeObj: any = {}',
      '  for (const key of Object.keys(newObj)) {',
      '    mergeObj[key] = copyWithStructuralSharing(oldObj[key], newObj[key])',
      '  }',
      '  return mergeObj',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'src/query/core/rtkImports.ts',
    text: 'export function isPlainObject(value: unknown) {\n  return !!value\n}\n',
  },
  { path: 'src/query/utils/index.ts', text: "export * from './copyWithStructuralSharing'\n" },
  {
    path: 'src/query/index.ts',
    text: [
      "export { QueryStatus } from './core/apiState'",
      "export { copyWithStructuralSharing } from './utils/copyWithStructuralSharing'",
      "export { buildSlice } from './core/buildSlice'",
      '',
    ].join('\n'),
  },
  { path: 'src/query/core/apiState.ts', text: "export enum QueryStatus {\n  pending = 'pending',\n}\n" },
  {
    path: 'src/query/core/buildSlice.ts',
    text: [
      "import { copyWithStructuralSharing } from '../utils'",
      '',
      'export function buildSlice(structuralSharing: boolean) {',
      '  function writeFulfilledCacheEntry(draft: any, payload: any) {',
      '    draft.data = structuralSharing',
      '      ? copyWithStructuralSharing(draft.data, payload)',
      '      : payload',
      '  }',
      '  return writeFulfilledCacheEntry',
      '}',
      '',
    ].join('\n'),
  },
];

let engine: Engine;
beforeAll(async () => {
  engine = await engineOver(FILES);
});

describe('references: a barrel that re-exports the name', () => {
  for (const preset of ['default', 'thorough'] as const)
    it(`comes after the file that calls it, as a link of the chain (${preset})`, async () => {
      const r = await engine.search('find references to copyWithStructuralSharing', { preset });
      expect(r.query.intent).toBe('find_references');
      const rows = r.results.map((x) => [x.path, x.evidence]);
      expect(rows[0]).toEqual(['src/query/core/buildSlice.ts', 'resolved']);
      expect(rows).toContainEqual(['src/query/index.ts', 'chain']);
      // Its own recursive call (no edge: the graph keeps no self-loops) stays, by name.
      expect(rows).toContainEqual(['src/query/utils/copyWithStructuralSharing.ts', 'by-name']);
      const barrel = r.results.find((x) => x.path === 'src/query/index.ts')!;
      expect(barrel.explanation.modalities.graph?.reason).toMatch(/^re-exports copyWithStructuralSharing from /);
    });
});

describe('what depends on a file', () => {
  it('lists the files that import it, each with its evidence', async () => {
    const r = await engine.search('what depends on src/query/core/apiState.ts');
    expect(r.query.intent).toBe('impact_analysis');
    expect(r.results.map((x) => x.path)).toEqual(['src/query/index.ts']);
    expect(r.query.evidence?.total).toBe(1);
  });

  for (const preset of ['default', 'thorough'] as const)
    it(`answers nothing, with a count of 0, when no file imports or uses it (${preset})`, async () => {
      const r = await engine.search('what depends on src/query/index.ts', { preset });
      expect(r.query.intent).toBe('impact_analysis');
      expect(r.results).toEqual([]);
      expect(r.query.evidence).toEqual({ total: 0, resolved: 0, chain: 0, byName: 0 });
    });
});
