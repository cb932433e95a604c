/** The files under a folder, depth first, as the analysis benches read a corpus: node_modules and dot-folders left out. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

export async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}
