/**
 * Where the local embedder's time goes, over the chunks of a real folder.
 *
 *   node --import tsx bench/profile-embed.ts <folder> [--limit N]
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { languageForPath } from '../src/engine/structural/grammars';
import { nodeGrammars } from '../src/node/grammars';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { corpusFromAnalyses } from '../src/engine/structural/corpus';
import { chunkEmbeddingText } from '../src/engine/semantic/embedder';
import { NODE_MODELS_DIR } from '../src/node/embedders';
import { AutoTokenizer, AutoModel, env, pipeline } from '@huggingface/transformers';

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
const argv = process.argv.slice(2);
const root = resolve(argv[0]);
const files: { path: string; text: string }[] = [];
for await (const full of walk(root)) {
  const path = relative(root, full).split('\\').join('/');
  if (languageForPath(path)) files.push({ path, text: await readFile(full, 'utf8') });
}
const analyzer = await StructuralAnalyzer.create(nodeGrammars);
const corpus = corpusFromAnalyses(files.map((f) => ({ ...f, analysis: analyzer.analyze(f.path, f.text) })));
let t = performance.now();
const linesByFile = new Map<number, string[]>();
const texts = corpus.chunks.map((chunk) => {
  let lines = linesByFile.get(chunk.fileId);
  if (!lines) linesByFile.set(chunk.fileId, (lines = corpus.files[chunk.fileId].text.split('\n')));
  return chunkEmbeddingText(chunk, corpus.files[chunk.fileId], lines);
});
(await import("node:fs")).writeFileSync("/tmp/texts.json", JSON.stringify(texts));
console.log(`${texts.length} chunk texts built in ${(performance.now() - t).toFixed(0)} ms; mean ${Math.round(texts.reduce((s, x) => s + x.length, 0) / texts.length)} chars`);

env.allowRemoteModels = false;
env.localModelPath = NODE_MODELS_DIR;
env.useFSCache = false;
const id = 'fourfold-code-mini';
if (argv.includes("--dump")) process.exit(0);
const tokenizer = await AutoTokenizer.from_pretrained(id);
const model = await AutoModel.from_pretrained(id, { dtype: 'q8' });
const extractor = await pipeline('feature-extraction', id, { dtype: 'q8' });

const time = async (label: string, f: () => Promise<unknown> | unknown) => {
  await f();
  const t0 = performance.now();
  await f();
  const ms = performance.now() - t0;
  console.log(`${label.padEnd(60)} ${ms.toFixed(0).padStart(6)} ms  ${Math.round(texts.length / (ms / 1000))} chunks/s`);
};
const batches = (n: number) => Array.from({ length: Math.ceil(texts.length / n) }, (_, i) => texts.slice(i * n, (i + 1) * n));

if (!argv.includes("--new")) await time("pipeline batch 16 ubinary (before)", async () => {
  for (const b of batches(16)) await extractor(b, { pooling: 'mean', normalize: true, quantize: true, precision: 'ubinary' });
});
await time('tokenizer batch 16 padding+truncation', () => {
  for (const b of batches(16)) tokenizer(b, { padding: true, truncation: true });
});
let tokens = 0;
let padded = 0;
await time('tokenizer one text at a time, no padding', () => {
  tokens = 0;
  for (const x of texts) tokens += tokenizer.encode(x).length;
});
for (const b of batches(16)) padded += b.length * Math.max(...b.map((x) => Math.min(512, tokenizer.encode(x).length)));
console.log(`tokens ${tokens} (mean ${Math.round(tokens / texts.length)}), padded to batch max at 16: ${padded}`);
if (!argv.includes("--new")) for (const n of [16, 64, 256]) {
  const enc = batches(n).map((b) => tokenizer(b, { padding: true, truncation: true }));
  await time(`model session only, batch ${n}`, async () => {
    for (const e of enc) await model(e);
  });
}
const { createNodeLocalEmbedder } = await import('../src/node/embedders');
const local = await createNodeLocalEmbedder();
await time('new LocalEmbedder.embed, one call', () => local.embed(texts, 'document'));
await time('new LocalEmbedder.embed, calls of 64', async () => {
  for (const b of batches(64)) await local.embed(b, 'document');
});
await time('new LocalEmbedder.embed, calls of 512', async () => {
  for (const b of batches(512)) await local.embed(b, 'document');
});
