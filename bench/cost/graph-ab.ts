/**
 * The graph's build, this checkout's against another's, in one process over one stored index:
 * the corpus (texts and analyses) is read from a CLI cache's snapshot file once, then each side's
 * `buildGraph` runs over it in turn, the order alternating from round to round so the machine's
 * load falls on both alike. Per round, each side's CPU (this process is single-threaded here);
 * at the end the medians, their ratio, and whether every column of the two graphs (symbols,
 * edges, imports, reference states, PageRank) is the same: a change that must leave the graph as
 * it was is checked on every file of a tier at once. Exit 1 when a column differs.
 *
 *   npx tsx bench/cost/graph-ab.ts SNAPSHOT --before DIR [--rounds 6]
 *
 * A first round, both sides in turn, warms the JIT and is left out of the medians.
 *
 * SNAPSHOT: a `.snapshot` file a `fourfold index` wrote (`--cache DIR`, not `--no-cache`).
 * DIR: another checkout (a worktree of main); its src/engine/graph/graph.ts is imported as is.
 */
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openSnapshotFile } from '../../src/node/snapshot-file';
import { snapshotRecords } from '../../src/engine/snapshot';
import { corpusFromChunkTable } from '../../src/engine/structural/corpus';
import { buildGraph as buildHere, type GraphData } from '../../src/engine/graph/graph';

type Build = typeof buildHere;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { before: { type: 'string' }, rounds: { type: 'string' } },
});
if (positionals.length !== 1 || !values.before)
  throw new Error('usage: graph-ab.ts SNAPSHOT --before DIR [--rounds N]');
const rounds = Number(values.rounds ?? 6);
const beforeModule = (await import(pathToFileURL(join(resolve(values.before), 'src/engine/graph/graph.ts')).href)) as {
  buildGraph: Build;
};

const opened = openSnapshotFile(positionals[0]);
if (!('snapshot' in opened)) throw new Error(`${positionals[0]}: ${'damaged' in opened ? opened.damaged : 'missing'}`);
const corpus = corpusFromChunkTable(snapshotRecords(opened.snapshot), opened.snapshot.chunks);
// Every text and analysis read now: a snapshot inflates them on first use, which is no part of the graph's cost.
let bytes = 0;
for (const f of corpus.files) bytes += (f.text?.length ?? 0) + (f.analysis?.definitions.length ?? 0);
console.log(`${corpus.files.length} files (${bytes} characters and definitions read); load ${load()}`);

function load(): string {
  return loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The columns of `a` and `b` that differ (typed arrays by their bytes, the rest by JSON). */
function differingColumns(a: GraphData, b: GraphData): string[] {
  const out: string[] = [];
  for (const key of Object.keys(a) as (keyof GraphData)[]) {
    const x = a[key];
    const y = b[key];
    const same =
      ArrayBuffer.isView(x) && ArrayBuffer.isView(y) ? sameBytes(x, y) : JSON.stringify(x) === JSON.stringify(y);
    if (!same) out.push(key);
  }
  return out;
}

function sameBytes(x: ArrayBufferView, y: ArrayBufferView): boolean {
  if (x.constructor !== y.constructor || x.byteLength !== y.byteLength) return false;
  return Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(Buffer.from(y.buffer, y.byteOffset, y.byteLength));
}

const sides: [string, Build][] = [
  ['before', beforeModule.buildGraph],
  ['after', buildHere],
];
const times = new Map<string, number[]>(sides.map(([name]) => [name, []]));
const differing = new Set<string>();
for (let r = -1; r < rounds; r++) {
  const order = r % 2 === 0 ? sides : [...sides].reverse();
  const built = new Map<string, GraphData>();
  for (const [name, build] of order) {
    const started = cpuMs();
    built.set(name, build(corpus));
    if (r >= 0) times.get(name)!.push(cpuMs() - started);
  }
  for (const column of differingColumns(built.get('before')!, built.get('after')!)) differing.add(column);
  if (r < 0) continue;
  console.log(
    `round ${r + 1}: before ${times.get('before')!.at(-1)!.toFixed(0)} ms, after ${times.get('after')!.at(-1)!.toFixed(0)} ms CPU; load ${load()}`,
  );
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1];
const before = median(times.get('before')!);
const after = median(times.get('after')!);
console.log(
  `median CPU before ${before.toFixed(0)} ms, after ${after.toFixed(0)} ms, after ÷ before ${(after / before).toFixed(3)}`,
);
console.log(differing.size === 0 ? 'every column identical' : `columns that differ: ${[...differing].join(', ')}`);
if (differing.size > 0) process.exitCode = 1;
