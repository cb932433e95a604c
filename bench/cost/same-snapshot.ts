/**
 * Whether two snapshot files hold the same index: every stored part inflated and compared,
 * but the head (its stats carry the build's timings): a build change that must leave the index
 * as it was is checked on two CLIs' caches of the same tree.
 *
 *   npx tsx bench/cost/same-snapshot.ts A.snapshot B.snapshot   (exit 1 when a part differs)
 */
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { storedParts } from '../../src/node/snapshot-file';

const [a, b] = process.argv.slice(2).map((f) => readFileSync(f));
const pa = storedParts(a);
const pb = storedParts(b);
let differ = 0;
if (pa.length !== pb.length) throw new Error(`${pa.length} parts against ${pb.length}`);
pa.forEach((p, i) => {
  if (p.name === 'head section') return;
  const x = inflateRawSync(a.subarray(p.start, p.start + p.length));
  const y = inflateRawSync(b.subarray(pb[i].start, pb[i].start + pb[i].length));
  if (p.name !== pb[i].name || !x.equals(y)) {
    differ++;
    console.log(`differs: ${p.name} (${x.length} against ${y.length} bytes)`);
  }
});
console.log(`${pa.length} parts, ${differ} differ (head not compared)`);
if (differ > 0) process.exitCode = 1;
