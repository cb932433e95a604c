/**
 * A query too large to be a question is refused with a typed message, at once; one just under
 * the limit is answered within bounds (the name lookups and the did-you-mean are capped). The
 * time each takes is printed, not asserted: on a shared machine a wall-clock bound fails with the
 * load, and speed targets live in `npm run bench`.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from './engine';
import { MAX_SUGGESTED_NAME_CHARS, NameSuggester } from './missing-names';
import { MAX_QUERY_CHARS, parseQuery } from './query-syntax';
import { FIXTURE_DIR, readSourceTree } from '../../e2e/fixture-files';
import { engineOver } from '../../test/support/engine';

/** Runs `search`, with its time and how much the process grew (RSS, heap) meanwhile. */
async function measured<T>(search: () => Promise<T>): Promise<{ value: T; ms: number; rssMb: number; heapMb: number }> {
  const before = process.memoryUsage();
  const t0 = performance.now();
  const value = await search();
  const ms = performance.now() - t0;
  const after = process.memoryUsage();
  return { value, ms, rssMb: (after.rss - before.rss) / 1e6, heapMb: (after.heapUsed - before.heapUsed) / 1e6 };
}

describe('a huge query', () => {
  let engine: Engine;
  beforeAll(async () => {
    const files = readSourceTree(join(FIXTURE_DIR, 'preact/src'), { topLevel: true });
    engine = await engineOver(files);
  }, 120_000);

  it('"who calls " + 100,000 characters is refused with a typed message, the process growing < 300 MB', async () => {
    const query = `who calls ${'x'.repeat(100_000)}`;
    expect(parseQuery(query)).toMatchObject({ errorCode: 'too-long' });
    const { value: response, ms, rssMb, heapMb } = await measured(() => engine.search(query));
    console.log(
      `who calls + 100,000 characters: ${ms.toFixed(0)} ms, RSS +${rssMb.toFixed(0)} MB, heap +${heapMb.toFixed(0)} MB`,
    );
    expect(response.query.error).toMatch(/^The query is 100,010 characters long; Fourfold reads at most 10,000\./);
    expect(response.query.understood.errorCode).toBe('too-long');
    expect(response.results).toEqual([]);
    expect(rssMb).toBeLessThan(300);
  });

  it('a name just under the query limit is answered ("not here", no fuzzy lookup) within the same memory bound', async () => {
    const name = 'enqueue'.repeat(Math.floor((MAX_QUERY_CHARS - 20) / 7));
    const { value: response, ms, rssMb, heapMb } = await measured(() => engine.search(`who calls ${name}`));
    console.log(
      `who calls + ${name.length} characters: ${ms.toFixed(0)} ms, RSS +${rssMb.toFixed(0)} MB, heap +${heapMb.toFixed(0)} MB`,
    );
    expect(response.query.error).toBeUndefined();
    // Said absent, with no did-you-mean: a name past the suggester's cap is never looked up fuzzily.
    expect(response.query.absent).toEqual({ name, suggestions: [] });
    expect(rssMb).toBeLessThan(300);
  });

  it('looks up names up to the cap fuzzily, and longer ones not at all', () => {
    const suggester = new NameSuggester(['enqueueRender', 'renderComponent', 'createElement']);
    expect(suggester.suggest('enqueueRendr')).toContain('enqueueRender');
    expect(suggester.suggest(`enqueueRender${'x'.repeat(MAX_SUGGESTED_NAME_CHARS)}`)).toEqual([]);
  });
});
