/**
 * Where the local embedder's time goes, over the chunks of a real folder: chunk texts, the
 * tokenizer alone, the padding a fixed batch of 16 costs, the model session, and the whole
 * embedder — optionally beside the transformers.js feature-extraction pipeline it replaced.
 * Wall and CPU time (CPU is steadier on a shared machine).
 *
 *   node --import tsx bench/profile-embed.ts <folder> [--pipeline]
 */
import { resolve } from 'node:path';
import { AutoModel, AutoTokenizer, Tensor, pipeline } from '@huggingface/transformers';
import { intakeFiles } from '../src/engine/intake/intake';
import { walkRepository } from '../src/node/walk';
import { nodeGrammars } from '../src/node/grammars';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { corpusFromAnalyses } from '../src/engine/structural/corpus';
import { chunkEmbeddingText } from '../src/engine/semantic/embedder';
import { createNodeLocalEmbedder } from '../src/node/embedders';
import { DEFAULT_LOCAL_MODEL_ID } from '../src/engine/semantic/local';

const argv = process.argv.slice(2);
const root = resolve(argv.find((a) => !a.startsWith('--')) ?? '.');
const files = (await intakeFiles(walkRepository(root))).files;
const analyzer = await StructuralAnalyzer.create(nodeGrammars);
const corpus = corpusFromAnalyses(files.map((f) => ({ ...f, analysis: analyzer.analyze(f.path, f.text) })));

async function time(label: string, f: () => unknown): Promise<void> {
  await f(); // warm-up
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1000;
  const n = texts.length;
  console.log(
    `${label.padEnd(52)} ${wall.toFixed(0).padStart(6)} ms wall ${Math.round(n / (wall / 1000))
      .toString()
      .padStart(6)}/s  ${cpu.toFixed(0).padStart(6)} ms CPU ${Math.round(n / (cpu / 1000))
      .toString()
      .padStart(6)}/s`,
  );
}

let texts: string[] = [];
await time('chunk texts', () => {
  const linesByFile = new Map<number, string[]>();
  texts = corpus.chunks.map((chunk) => {
    let lines = linesByFile.get(chunk.fileId);
    if (!lines) linesByFile.set(chunk.fileId, (lines = corpus.files[chunk.fileId].text.split('\n')));
    return chunkEmbeddingText(chunk, corpus.files[chunk.fileId], lines);
  });
});
console.log(
  `${texts.length} chunks, mean ${Math.round(texts.reduce((s, x) => s + x.length, 0) / texts.length)} characters`,
);

// Loading the embedder first sets transformers.js's env (local files only, no hub).
const local = await createNodeLocalEmbedder();
const tokenizer = await AutoTokenizer.from_pretrained(DEFAULT_LOCAL_MODEL_ID);
const batches = (n: number) =>
  Array.from({ length: Math.ceil(texts.length / n) }, (_, i) => texts.slice(i * n, (i + 1) * n));
await time('tokenizer, one text at a time', () => texts.forEach((t) => tokenizer.encode(t)));
const lengths = texts.map((t) => tokenizer.encode(t).length).sort((a, b) => a - b);
const q = (p: number) => lengths[Math.floor(p * (lengths.length - 1))];
const padded16 = batches(16).reduce(
  (s, b) => s + b.length * Math.min(512, Math.max(...b.map((t) => tokenizer.encode(t).length))),
  0,
);
console.log(
  `tokens: ${lengths.reduce((s, l) => s + l, 0)} (p50 ${q(0.5)}, p90 ${q(0.9)}, p99 ${q(0.99)}, max ${q(1)}); padded in batches of 16 as the pipeline did: ${padded16}`,
);

const model = (await AutoModel.from_pretrained(DEFAULT_LOCAL_MODEL_ID, { dtype: 'q8' })) as unknown as (
  i: Record<string, Tensor>,
) => Promise<unknown>;
const encoded16 = batches(16).map((b) => tokenizer(b, { padding: true, truncation: true }) as Record<string, Tensor>);
await time('model session only, batches of 16 padded', async () => {
  for (const e of encoded16) await model(e);
});

if (argv.includes('--pipeline')) {
  const extractor = (await pipeline('feature-extraction', DEFAULT_LOCAL_MODEL_ID, { dtype: 'q8' })) as unknown as (
    t: string[],
    o: object,
  ) => Promise<unknown>;
  await time('feature-extraction pipeline, batches of 16 (before)', async () => {
    for (const b of batches(16))
      await extractor(b, { pooling: 'mean', normalize: true, quantize: true, precision: 'ubinary' });
  });
}
await time('LocalEmbedder.embedDocuments, calls of 512 (now)', async () => {
  for (const b of batches(512)) await local.embedDocuments(b);
});
