import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../corpora';

/** Every file of a bench corpus tier (.cache/bench/corpus-<size>mb), in path order, with its text. */
export function readTier(sizeMb: number): { path: string; text: string }[] {
  const root = join(REPO_ROOT, '.cache/bench', `corpus-${sizeMb}mb`);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.isFile()) files.push(join(dir, entry.name));
  };
  walk(root);
  return files.sort().map((f) => ({ path: relative(root, f), text: readFileSync(f, 'utf8') }));
}
