import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Bm25Files, grepRank, identifierBm25, identifierTokens } from './baselines';

const dir = mkdtempSync(join(tmpdir(), 'fourfold-eval-baselines-'));
const files = [
  { path: 'src/a.ts', text: 'export function parseConfig() {}\nparseConfig();\nparseConfig();\n' },
  {
    path: 'src/b.ts',
    text: 'import { parseConfig } from "./a";\nparseConfigs();\nconst msg = "Config file is missing";\n',
  },
  { path: 'src/c.ts', text: 'export const unrelated = 1;\n// nothing to see\n' },
];
mkdirSync(join(dir, 'src'));
for (const f of files) writeFileSync(join(dir, f.path), f.text);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('grepRank (git grep as a real process)', () => {
  it('ranks files by matching lines of the whole word, with the first matching line', async () => {
    const hits = await grepRank(dir, { mode: 'word', terms: ['parseConfig'] });
    expect(hits.map((h) => [h.path, h.score, h.line])).toEqual([
      ['src/a.ts', 3, 1],
      ['src/b.ts', 1, 1],
    ]);
  });

  it('matches a fixed literal, case-sensitively, and returns nothing when nothing matches', async () => {
    expect((await grepRank(dir, { mode: 'fixed', terms: ['Config file is missing'] })).map((h) => h.path)).toEqual([
      'src/b.ts',
    ]);
    expect(await grepRank(dir, { mode: 'fixed', terms: ['config file is missing'] })).toEqual([]);
  });

  it('matches any content word case-insensitively', async () => {
    const hits = await grepRank(dir, { mode: 'words', terms: ['nothing', 'missing'] });
    expect(hits.map((h) => h.path).sort()).toEqual(['src/b.ts', 'src/c.ts']);
  });
});

describe('Bm25Files', () => {
  it('splits identifiers and ranks the file that uses the term most first', () => {
    expect(identifierTokens('createAsyncThunk x_y')).toEqual([
      'create',
      'async',
      'thunk',
      'createasyncthunk',
      'x',
      'y',
      'x_y',
    ]);
    const bm25 = new Bm25Files(files);
    const hits = bm25.search({ mode: 'word', terms: ['parseConfig'] });
    expect(hits[0].path).toBe('src/a.ts');
    expect(hits.map((h) => h.path)).not.toContain('src/c.ts');
  });

  it("is the same index over chunks as over files (the understand set's bm25-chunks): sub-tokens, terms as split", () => {
    const chunks = identifierBm25<{ id: number; text: string }>();
    chunks.addAll([
      { id: 0, text: 'function readNodeFromObjectMap(oid) {' },
      { id: 1, text: 'const unrelated = 1;' },
    ]);
    expect(chunks.search('object map', { combineWith: 'OR' }).map((r) => r.id)).toEqual([0]);
    // processTerm keeps a term as split: the sub-token is lower case, the whole word too.
    expect(chunks.search('readnodefromobjectmap').map((r) => r.id)).toEqual([0]);
  });
});
