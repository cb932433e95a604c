/**
 * Where a stored index's bytes go, section by section, in both stores: the CLI's snapshot file
 * (its table of contents: each part's raw and deflated length) and the tab's IndexedDB records
 * (persistence.ts: each record a FOURFLD2 container, deflated or stored as it is), the latter
 * made here from the same snapshot with the tab's own encoder. Each record's largest fields are
 * listed beside it (typed arrays by their bytes, the rest by its JSON).
 *
 *   node bin/fourfold.js index --repo DIR --embedder local --cache C
 *   node --import tsx bench/cost/stored-size.ts C/<key>-local.snapshot [--source-bytes N]
 */
import { readFileSync, statSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { openSnapshotFile, snapshotFileToc, storedParts } from '../../src/node/snapshot-file';
import { encodeBrowserRecords } from '../../src/browser/persistence';
import { storedPayloadBytes } from '../../src/browser/storage-quota';

const path = process.argv[2];
if (!path) {
  console.error('usage: stored-size.ts SNAPSHOT_FILE [--source-bytes N]');
  process.exit(2);
}
const s = process.argv.indexOf('--source-bytes');
const data = readFileSync(path);
const opened = openSnapshotFile(path);
if (!('snapshot' in opened)) throw new Error(`not opened: ${JSON.stringify(opened)}`);
const snapshot = opened.snapshot;
const sourceBytes = s === -1 ? snapshot.stats.bytes : Number(process.argv[s + 1]);
const MB = (n: number) => (n / 1e6).toFixed(2);
const ratio = (n: number) => (n / sourceBytes).toFixed(2);

console.log(
  `source ${MB(sourceBytes)} MB, ${snapshot.stats.files} files, ${snapshot.stats.chunks} chunks; file ${MB(statSync(path).size)} MB (${ratio(statSync(path).size)}×)`,
);
// The CLI's file: parts grouped by kind (text blocks, analysis blocks, sections).
const toc = snapshotFileToc(data);
const groups = new Map<string, { raw: number; stored: number }>();
const add = (name: string, p: { length: number; rawLength: number }) => {
  const g = groups.get(name) ?? { raw: 0, stored: 0 };
  g.raw += p.rawLength;
  g.stored += p.length;
  groups.set(name, g);
};
for (const [name, p] of Object.entries(toc.sections)) add(name, p);
for (const p of toc.textBlocks) add('text blocks', p);
for (const p of toc.analysisBlocks) add('analysis blocks', p);
console.log(`\nCLI snapshot file (${storedParts(data).length} parts): section raw → stored MB (× source)`);
for (const [name, g] of [...groups].sort((a, b) => b[1].stored - a[1].stored))
  console.log(`  ${name.padEnd(16)} ${MB(g.raw).padStart(7)} → ${MB(g.stored).padStart(7)}  (${ratio(g.stored)}×)`);

// The tab's records, from the whole snapshot (every part read).
opened.file.readAll();
const whole = {
  version: snapshot.version,
  stats: snapshot.stats,
  files: snapshot.files,
  texts: snapshot.texts,
  analyses: snapshot.analyses,
  chunks: snapshot.chunks,
  modalities: {
    text: snapshot.modalities.text,
    structural: snapshot.modalities.structural,
    graph: snapshot.modalities.graph,
    semantic: snapshot.modalities.semantic,
  },
};
console.log(
  `\nthe app's "stored" figure (storedPayloadBytes): ${MB(storedPayloadBytes(whole))} MB (${ratio(storedPayloadBytes(whole))}×)`,
);
const records = await encodeBrowserRecords(whole);
let rawTotal = 0;
let storedTotal = 0;
let level6Total = 0;
console.log(`\nIndexedDB records: container raw → as stored (deflate-raw level 6 if everything were deflated)`);
for (const r of records) {
  rawTotal += r.raw.byteLength;
  storedTotal += r.stored.size;
  const l6 = deflateRawSync(r.raw, { level: 6 }).byteLength;
  level6Total += l6;
  console.log(
    `  ${r.name.padEnd(12)} ${MB(r.raw.byteLength).padStart(7)} → ${MB(r.stored.size).padStart(7)} ${r.codec ?? 'raw'}  (${ratio(r.stored.size)}×; all deflated ${MB(l6)})`,
  );
  const value = r.name in whole.modalities ? whole.modalities[r.name as 'text'] : whole[r.name as 'files'];
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && !Array.isArray(value)) {
    const parts = Object.entries(value as unknown as Record<string, unknown>).map(([k, v]) => {
      const raw = ArrayBuffer.isView(v)
        ? Buffer.from(v.buffer, v.byteOffset, v.byteLength)
        : Buffer.from(JSON.stringify(v ?? null) ?? '');
      return { k, bytes: raw.byteLength, deflated: deflateRawSync(raw, { level: 6 }).byteLength };
    });
    for (const p of parts.sort((a, b) => b.bytes - a.bytes).slice(0, 8))
      if (p.bytes > 50_000)
        console.log(`      .${p.k.padEnd(22)} ${MB(p.bytes).padStart(7)} (deflated ${MB(p.deflated)})`);
  }
}
console.log(
  `  ${'total'.padEnd(12)} ${MB(rawTotal).padStart(7)} → ${MB(storedTotal).padStart(7)}  (${ratio(rawTotal)}× → ${ratio(storedTotal)}×; all deflated ${MB(level6Total)} = ${ratio(level6Total)}×)`,
);
