/**
 * The baselines measured beside Fourfold on the same files: ripgrep (or, when it is not
 * installed, `git grep --no-index`) as a whole process per query, the way a developer or an
 * agent would run it, and MiniSearch BM25 over whole files.
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import MiniSearch from 'minisearch';
import { median } from './stats';

export interface GrepBaseline {
  tool: 'rg' | 'git grep';
  version: string;
  /** Median whole-process time per literal (each literal run `reps` times, median taken). */
  perQueryMs: number[];
}

export function rgVersion(): string | null {
  const r = spawnSync('rg', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split('\n')[0] : null;
}

function timeProcess(cmd: string, args: string[], cwd: string): number {
  const t = performance.now();
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - t;
  // rg/git grep exit 1 when nothing matched: still a complete scan.
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} failed: ${r.stderr}`);
  return ms;
}

/** Fixed-string count per file over the whole folder: the scan a grep-based tool pays per query. */
export function grepBaseline(dir: string, literals: string[], tool: 'rg' | 'git grep', reps = 3): GrepBaseline {
  const version =
    tool === 'rg' ? (rgVersion() ?? '') : spawnSync('git', ['--version'], { encoding: 'utf8' }).stdout.trim();
  const run = (lit: string) =>
    tool === 'rg'
      ? timeProcess('rg', ['-F', '-c', '--no-messages', '--', lit, '.'], dir)
      : timeProcess('git', ['grep', '--no-index', '-F', '-c', '--', lit], dir);
  run(literals[0] ?? 'x'); // warm the page cache
  return { tool, version, perQueryMs: literals.map((lit) => median(Array.from({ length: reps }, () => run(lit)))) };
}

export interface FileText {
  path: string;
  text: string;
}

export async function readTree(root: string, dir = root, out: FileText[] = []): Promise<FileText[]> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) await readTree(root, full, out);
    else if (e.isFile())
      out.push({ path: relative(root, full).split(sep).join('/'), text: await readFile(full, 'utf8') });
  }
  return out;
}

export interface MiniSearchBaseline {
  buildMs: number;
  /** JSON size of the index (what an app would store). */
  indexBytes: number;
  queryMs: { intent: string; ms: number }[];
}

/** BM25 (MiniSearch's default scoring) over whole files: path and text fields, default tokenizer. */
export function miniSearchBaseline(
  files: FileText[],
  queries: { intent: string; query: string }[],
  passes = 2,
): MiniSearchBaseline {
  const t = performance.now();
  const index = new MiniSearch<{ id: number; path: string; text: string }>({
    fields: ['path', 'text'],
    storeFields: ['path'],
  });
  index.addAll(files.map((f, id) => ({ id, path: f.path, text: f.text })));
  const buildMs = performance.now() - t;
  const indexBytes = JSON.stringify(index).length;
  const queryMs: MiniSearchBaseline['queryMs'] = [];
  for (let pass = 0; pass <= passes; pass++)
    for (const q of queries) {
      const s = performance.now();
      index.search(q.query.replace(/"/g, ''));
      const ms = performance.now() - s;
      if (pass > 0) queryMs.push({ intent: q.intent, ms });
    }
  return { buildMs, indexBytes, queryMs };
}
