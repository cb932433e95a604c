/**
 * The two baselines, run on the same files in the same process as the engine:
 *
 * - grep: `git grep --no-index` (installed wherever git is; ripgrep is not installed on
 *   these machines and its ranking would be the same) as a real child process over the
 *   corpus folder, ranking files by matching-line count (what `rg -c` prints), ties by path.
 *   Each file's first matching line is its "result line".
 * - BM25: MiniSearch with one document per whole file, identifier-split tokens, default
 *   BM25+ parameters, OR of the query terms.
 *
 * Both get the search term a user would type into them (BaselineTerms): the identifier as a
 * whole word for definition/references/impact, the literal as a fixed string for exact
 * match, and the content words (any of them, case-insensitive) for understand.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import MiniSearch from 'minisearch';
import type { CorpusFile } from './corpora';
import type { BaselineTerms } from './queries';

const run = promisify(execFile);

export interface BaselineHit {
  path: string;
  /** First matching line (grep) or 1 (BM25 ranks whole files). */
  line: number;
  score: number;
}

/** Ranks files by number of matching lines, using git grep over `dir`. */
export async function grepRank(dir: string, terms: BaselineTerms): Promise<BaselineHit[]> {
  if (terms.terms.length === 0) return [];
  const args = ['grep', '--no-index', '--no-exclude-standard', '-n', '-z', '-I', '-F'];
  if (terms.mode === 'word') args.push('-w');
  if (terms.mode === 'words') args.push('-i');
  for (const t of terms.terms) args.push('-e', t);
  args.push('--', '.');
  let stdout: string;
  try {
    ({ stdout } = await run('git', args, { cwd: dir, maxBuffer: 256 * 1024 * 1024 }));
  } catch (e) {
    // git grep exits 1 when nothing matches.
    if ((e as { code?: number }).code === 1) return [];
    throw e;
  }
  const byFile = new Map<string, { count: number; first: number }>();
  for (const record of stdout.split('\n')) {
    if (!record) continue;
    const [path, line] = record.split('\0', 2);
    if (line === undefined) continue;
    const entry = byFile.get(path);
    if (entry) entry.count++;
    else byFile.set(path, { count: 1, first: Number(line) });
  }
  return [...byFile]
    .map(([path, { count, first }]) => ({ path, line: first, score: count }))
    .sort((a, b) => b.score - a.score || compareText(a.path, b.path));
}

/** Identifier-aware tokens: `createAsyncThunk` → create, async, thunk (and the whole word). */
export function identifierTokens(text: string): string[] {
  const out: string[] = [];
  for (const word of text.match(/[A-Za-z0-9_$]+/g) ?? []) {
    const parts = word
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((p) => p.toLowerCase());
    out.push(...parts);
    if (parts.length > 1) out.push(word.toLowerCase());
  }
  return out;
}

/**
 * The BM25 baseline's index: MiniSearch's BM25 over one `text` field, split into identifier
 * tokens and kept as split. Whole files here (Bm25Files), chunks in the understand set.
 */
export function identifierBm25<T extends { id: number; text: string }>(): MiniSearch<T> {
  return new MiniSearch<T>({ fields: ['text'], storeFields: [], tokenize: identifierTokens, processTerm: (t) => t });
}

/** BM25 over whole files (MiniSearch), built once per corpus. */
export class Bm25Files {
  private readonly index = identifierBm25<{ id: number; path: string; text: string }>();
  private readonly paths: string[];

  constructor(files: readonly CorpusFile[]) {
    this.paths = files.map((f) => f.path);
    this.index.addAll(files.map((f, id) => ({ id, path: f.path, text: f.text })));
  }

  search(terms: BaselineTerms, limit = 10): BaselineHit[] {
    const query = terms.terms.join(' ');
    if (!query.trim()) return [];
    return this.index
      .search(query, { combineWith: 'OR' })
      .slice(0, limit)
      .map((r) => ({ path: this.paths[r.id as number], line: 1, score: r.score }));
  }
}

/** Orders strings by UTF-16 code units (`<`), as `sort()` does: -1, 1, or 0 when equal. */
function compareText(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}
