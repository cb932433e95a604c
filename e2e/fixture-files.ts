/** The committed fixture repositories (e2e/fixtures), read as the engine's source files, for tests in Node. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SourceFile } from '../src/engine/contract';

export const FIXTURE_DIR = join(import.meta.dirname, 'fixtures');

/**
 * Every file under `dir`, sorted, with '/'-separated paths relative to it; only the files
 * directly in it when `topLevel` is set.
 */
export function readSourceTree(dir: string, { topLevel = false } = {}): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (!topLevel) walk(p);
      } else out.push({ path: relative(dir, p).split('\\').join('/'), text: readFileSync(p, 'utf8') });
    }
  };
  walk(dir);
  return out;
}
