/**
 * Filters that exclude every match say so, with the count they excluded, instead of an empty
 * answer that suggests fewer words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import { Engine } from '../engine';
import { filteredOutMessage } from './filtered-out';
import { engineOver } from '../../../test/support/engine';

const retry = [
  'export function scheduleRetry(attempt: number): number {',
  '  // the retry budget is exhausted after five attempts (not the phrase: "is" between)',
  '  if (attempt > 5) throw new Error("retry budget exhausted");',
  '  return Math.min(1000 * 2 ** attempt, 30_000); // retry budget exhausted? not yet',
  '}',
  'export const RETRY_NOTE = "Retry budget exhausted";',
].join('\n');
const colours = [
  'export function paletteOf(theme: string): string[] {',
  "  return theme === 'dark' ? ['#000', '#333'] : ['#fff', '#eee'];",
  '}',
].join('\n');

describe('filters that excluded every match', () => {
  let engine: Engine;
  beforeAll(async () => {
    const files: SourceFile[] = [
      { path: 'src/retry.ts', text: retry },
      { path: 'src/palette.ts', text: colours },
      { path: 'docs/notes.md', text: '# Notes\n\nNothing about the subject here.\n' },
    ];
    engine = await engineOver(files);
  }, 120_000);

  it('a quoted phrase whose every line -path: excluded: the lines and files counted', async () => {
    const response = await engine.search('"retry budget exhausted" -path:src/retry.ts');
    expect(response.query.filteredOut).toEqual({
      filters: '-path:src/retry.ts',
      unit: 'lines',
      count: 3,
      files: 1,
      atLeast: false,
    });
    expect(response.query.notes).toContain('3 matching lines in 1 file, all in files excluded by -path:src/retry.ts.');
  });

  it('a question whose files lang: excluded: the files counted', async () => {
    const response = await engine.search('scheduleRetry lang:markdown');
    expect(response.results).toEqual([]);
    expect(response.query.filteredOut).toMatchObject({ unit: 'files', files: 1, filters: 'lang:markdown' });
    expect(filteredOutMessage(response.query.filteredOut!)).toBe(
      '1 file answers the question, all excluded by lang:markdown.',
    );
  });

  it('filters that excluded nothing of the answer add nothing', async () => {
    const kept = await engine.search('"retry budget exhausted" path:src/**');
    expect(kept.results.length).toBeGreaterThan(0);
    expect(kept.query.filteredOut).toBeUndefined();
    const nowhere = await engine.search('"no such phrase anywhere" -path:src/retry.ts');
    expect(nowhere.query.filteredOut).toBeUndefined();
  });
});
