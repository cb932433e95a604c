/**
 * Which parse worker each minority language is parsed on, for the Node parse pool
 * (src/node/parse-pool.ts) and the tab's (src/browser/parse-pool.ts) alike.
 */
import type { Language } from '../contract';
import { languageForPath } from './grammars';

/**
 * A language is homed on one worker when its share (bytes, or files when the sizes are not
 * known) is at most this part of a worker's even part of the parse (everything ÷ workers): the
 * worker then still takes files of the other languages, so the parse stays even across the pool,
 * and with no file left but its own it is helped by the idle workers.
 */
export const HOME_SHARE = 0.75;

/**
 * The worker each minority language is parsed on (none for a language not in the map). Every
 * worker that meets a language loads its grammar and compiles its tag query, the first of them
 * in Liftoff code (60–250 ms of CPU each in Node, docs/bench/HISTORY.md; in the tab the grammar's
 * wasm is compiled again in each worker, 1.4 MB for TypeScript), and optimizes the analyzer for
 * its shapes: a language parsed by one worker is paid for once. Homes are given to the workers
 * but the first (in Node it also builds the text index; in the tab it takes the files parsed
 * while a folder is still read), the largest language first, each to the worker with the
 * fewest homed bytes that has room for it.
 */
export function languageHomes(bytes: ReadonlyMap<Language, number>, workers: number): Map<Language, number> {
  const homes = new Map<Language, number>();
  if (workers < 2) return homes;
  let total = 0;
  for (const b of bytes.values()) total += b;
  if (!(total > 0)) return homes; // sizes unknown: nothing tells a minority
  const room = (total / workers) * HOME_SHARE;
  const homed = new Array<number>(workers).fill(0);
  const largestFirst = [...bytes].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  for (const [language, b] of largestFirst) {
    let best = -1;
    for (let w = workers - 1; w >= 1; w--) if (homed[w] + b <= room && (best < 0 || homed[w] < homed[best])) best = w;
    if (best < 0) continue;
    homed[best] += b;
    homes.set(language, best);
  }
  return homes;
}

/**
 * Each parsed language's share of a file list: its bytes when every file's size is known, else
 * its number of files (a chosen folder's listing has paths only; the sizes are learnt by reading).
 */
export function languageShares(files: readonly { path: string; size?: number }[]): Map<Language, number> {
  const bySize = files.length > 0 && files.every((f) => f.size !== undefined);
  const shares = new Map<Language, number>();
  for (const file of files) {
    const language = languageForPath(file.path);
    if (language === null) continue;
    shares.set(language, (shares.get(language) ?? 0) + (bySize ? (file.size ?? 0) : 1));
  }
  return shares;
}
