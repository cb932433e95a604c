/**
 * Which file texts a loaded index's questions read, and which step reads them: the measure behind
 * issue 23's question whether the tab's texts can be stored deflated in blocks and inflated on
 * demand (a question pays for every block holding a file it reads). Opens the CLI's snapshot file
 * (its texts are blocks of TEXT_BLOCK_BYTES, as the tab's would be), loads the engine with the
 * local model, asks the questions in turn and prints per question the files and blocks it read and,
 * per calling step (the first frames of the stack outside snapshot.ts), how many. A file an earlier
 * question read is not read again (the corpus keeps its text): the first question is the cold one.
 *
 *   node bin/fourfold.js index --repo DIR --embedder local --cache C
 *   node --import tsx bench/cost/text-reads.ts C/<key>-local.snapshot 'how does it work' 'function' …
 */
import { readFileSync } from 'node:fs';
import { Engine } from '../../src/engine/engine';
import { createNodeLocalEmbedder } from '../../src/node/embedders';
import { nodeLexicalExpansion } from '../../src/node/lexical-expansion';
import { blockOf, openSnapshotFile, snapshotFileToc } from '../../src/node/snapshot-file';

const [path, ...questions] = process.argv.slice(2);
if (!path || questions.length === 0) {
  console.error('usage: text-reads.ts SNAPSHOT_FILE QUESTION…');
  process.exit(2);
}
const opened = openSnapshotFile(path);
if (!('snapshot' in opened)) throw new Error(`not opened: ${JSON.stringify(opened)}`);
const { snapshot } = opened;
const onDemand = snapshot.onDemand;
if (!onDemand) throw new Error('the snapshot file reads nothing on demand');

// The file's table of contents: where each text block starts.
const toc = snapshotFileToc(readFileSync(path));
const textBlockOf = (file: number): number => blockOf(toc.textBlocks, file);

/** The step that asked for a text: the first frames outside the snapshot's own readers. */
const caller = (): string =>
  (new Error().stack ?? '')
    .split('\n')
    .slice(3)
    .map((line) =>
      line
        .trim()
        .replace(/^at /, '')
        .replace(/ \(.*\/src\//, ' (src/'),
    )
    .filter((line) => !line.includes('snapshot.ts') && !line.includes('get text'))
    .slice(0, 3)
    .join(' < ');

const reads: { file: number; where: string }[] = [];
const fileText = onDemand.fileText.bind(onDemand);
onDemand.fileText = (file: number) => {
  reads.push({ file, where: caller() });
  return fileText(file);
};

const noAnalyzer = { analyze: () => Promise.reject(new Error('a loaded index does not parse')) };
const engine = Engine.load(snapshot, {
  analyzer: noAnalyzer,
  embedder: await createNodeLocalEmbedder(),
  lexicalExpansion: () => nodeLexicalExpansion(),
});
const rawBytes = (blocks: Set<number>) => [...blocks].reduce((sum, b) => sum + toc.textBlocks[b].rawLength, 0);
for (const question of questions) {
  reads.length = 0;
  await engine.search(question, { limit: 10 });
  const files = new Set(reads.map((r) => r.file));
  const blocks = new Set([...files].map(textBlockOf));
  console.log(
    `\n"${question}": ${files.size} of ${snapshot.files.length} files, ${blocks.size} of ${toc.textBlocks.length} blocks (${(rawBytes(blocks) / 1e6).toFixed(2)} MB of text to inflate)`,
  );
  const byStep = new Map<string, Set<number>>();
  for (const { file, where } of reads) byStep.set(where, (byStep.get(where) ?? new Set()).add(file));
  for (const [where, read] of [...byStep].sort((a, b) => b[1].size - a[1].size))
    console.log(
      `  ${String(read.size).padStart(4)} files, ${new Set([...read].map(textBlockOf)).size} blocks: ${where}`,
    );
}
process.exit(0);
