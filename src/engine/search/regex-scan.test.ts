/**
 * A /regex/ question reads its lines once: the scan that narrows the files (understand.ts) also
 * gives the regex hits (text/index.ts), cut to their lower limit.
 */
import { join } from 'node:path';
import { RE2JS } from 're2js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Engine } from '../engine';
import { FIXTURE_DIR, readSourceTree } from '../../../e2e/fixture-files';
import { MATCH_SCAN_LIMIT } from '../text/index';
import { engineOver } from '../../../test/support/engine';

describe('a regex question', () => {
  let engine: Engine;
  beforeAll(async () => {
    const files = readSourceTree(join(FIXTURE_DIR, 'preact/src'));
    engine = await engineOver(files);
  }, 120_000);

  it('scans its lines once, and a pattern matching more lines than are read says so', async () => {
    const compile = vi.spyOn(RE2JS, 'compile');
    try {
      for (const pattern of ['export function \\w+', '[a-z]']) {
        compile.mockClear();
        const response = await engine.search(`/${pattern}/`);
        expect(
          compile.mock.calls.filter(([p]) => p === pattern),
          pattern,
        ).toHaveLength(1);
        expect(response.results.length, pattern).toBeGreaterThan(0);
      }
      // The second pattern matches more than either scan reads: the hits are cut at their own limit.
      const many = engine.grep('[a-z]', { regex: true, limit: MATCH_SCAN_LIMIT + 1 });
      expect(many.matches).toHaveLength(MATCH_SCAN_LIMIT + 1);
      const response = await engine.search('/[a-z]/');
      expect(response.results[0].explanation.modalities.text?.reason ?? '').toContain('stopped reading');
    } finally {
      compile.mockRestore();
    }
  });
});
