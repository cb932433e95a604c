/**
 * One folder indexed in a tab of a built app (bench/cost/browser.ts), for what it stores and how
 * a reload reads it back: IndexedDB usage after − before (`usageDetails.indexedDB`) and what the
 * app's list of repositories says it stores, each ÷ the bytes indexed; then reloads, with the
 * IndexedDB read (`fourfold:stored-read`), the load, the first answer and the answer with all
 * four modalities. The load average is printed before and after: read the times with it.
 *
 *   npx vite build --outDir /tmp/dist-x --emptyOutDir
 *   node --import tsx bench/cost/tab-stored.ts DIR --dist /tmp/dist-x [--embedder blocked] [--reloads 5] \
 *     [--queries 'first question|second …']
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { browserRun, loadAverage } from './browser';
import type { BenchQuery } from './queries';
import { median } from './stats';

const arg = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i === -1 ? undefined : process.argv[i + 1];
};
const dir = process.argv[2];
const dist = arg('--dist');
if (!dir || !dist) {
  console.error('usage: tab-stored.ts DIR --dist BUILT_APP [--embedder local|blocked] [--reloads N] [--queries q1|q2]');
  process.exit(2);
}
const embedder = arg('--embedder') === 'blocked' ? 'blocked' : 'local';
const reloads = Number(arg('--reloads') ?? 3);
const queries: BenchQuery[] = (arg('--queries') ?? 'function|how does it work')
  .split('|')
  .map((query) => ({ intent: 'understand_code', query }));

const ms = (v: readonly number[] | undefined) =>
  v && v.length ? `${Math.round(median(v))} ms (${v.map((x) => Math.round(x)).join(', ')})` : '–';
const loadBefore = loadAverage();
const run = await browserRun(dir, queries, { embedder, reloads, dist, log: (s) => console.log(`  ${s}`) });
/** Every file's bytes under `d` (the app's status does not always say how much it indexed). */
const treeBytes = (d: string): number => {
  let sum = 0;
  for (const e of readdirSync(d, { withFileTypes: true })) {
    if (e.isDirectory()) sum += treeBytes(join(d, e.name));
    else if (e.isFile()) sum += statSync(join(d, e.name)).size;
  }
  return sum;
};
const source = run.indexedBytes ?? treeBytes(dir);
console.log(`load ${loadBefore} → ${loadAverage()}; ${run.files} files, ${(source / 1e6).toFixed(2)} MB indexed`);
console.log(
  `IndexedDB usage: ${(run.storedBytes / 1e6).toFixed(2)} MB = ${(run.storedBytes / source).toFixed(2)}× the source`,
);
if (run.listedStoredBytesAfterReload)
  console.log(
    `the app's list after the reloads: ${(run.listedStoredBytesAfterReload / 1e6).toFixed(1)} MB stored = ${(run.listedStoredBytesAfterReload / source).toFixed(2)}×`,
  );
if (run.listedStoredBytes)
  console.log(
    `the app's list says: ${(run.listedStoredBytes / 1e6).toFixed(1)} MB stored = ${(run.listedStoredBytes / source).toFixed(2)}×`,
  );
console.log(`ready ${(run.readyMs / 1000).toFixed(1)} s; store stage: ${JSON.stringify(run.measures.store ?? null)}`);
console.log(`reload → first answer ${ms(run.reloadToFirstResultMs)}`);
console.log(`  IndexedDB read (stored-read) ${ms(run.reloadStoredReadMs)}; load ${ms(run.reloadLoadMs)}`);
console.log(
  `  → all four ${ms(run.reloadToAllFourMs)}; status at first answer: ${run.reloadStatusAtFirstAnswer?.join(' | ')}`,
);
if (run.errors.length) console.log(`errors: ${run.errors.join('; ')}`);
process.exit(0);
