/**
 * `npx tsx scripts/model-eval.ts [dir…]`: a quick, honest check of the local model on code it
 * never trained on. From each held-out package (default: /tmp/semantic/heldout/*, made with
 * `npm pack mri ms bytes qs got execa hono graphql`) it takes every `/** doc *\/` followed by
 * code, uses the doc's first sentence as the query and the next 25 lines of code (doc removed)
 * as the document, and reports MRR and recall@10 of the right code among all the package's
 * code blocks, by Hamming distance and with float rescoring. The baseline is chance.
 * `--neighbours word…` instead prints each word's nearest words among the 5,000 most frequent.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BinaryVectorIndex } from '../src/engine/semantic/binary';
import { DEFAULT_LOCAL_MODEL_ID } from '../src/engine/semantic/local';
import { NODE_MODELS_DIR, createNodeLocalEmbedder } from '../src/node/embedders';

const CODE_LINES = 25;
const MIN_QUERY_CHARS = 20;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(?:[cm]?js|ts)$/.test(name) && !/\.min\.|\.d\.ts$/.test(name)) out.push(p);
  }
  return out;
}

function pairs(dir: string): { query: string; code: string }[] {
  const out: { query: string; code: string }[] = [];
  const seen = new Set<string>();
  for (const f of files(dir)) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\/\*\*([\s\S]*?)\*\/\n/g)) {
      const doc = m[1]
        .split('\n')
        .map((l) => l.replace(/^\s*\*\s?/, ''))
        .filter((l) => !l.startsWith('@'))
        .join(' ')
        .trim();
      const query = doc.split(/(?<=\.)\s/)[0];
      if (query.length < MIN_QUERY_CHARS) continue;
      const after = text.slice(m.index! + m[0].length).split('\n').slice(0, CODE_LINES).join('\n');
      const code = after.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      if (code.trim().length < 40 || seen.has(code)) continue;
      seen.add(code);
      out.push({ query, code });
    }
  }
  return out;
}

async function neighbours(words: string[]): Promise<void> {
  const embedder = await createNodeLocalEmbedder();
  const tokenizer = JSON.parse(readFileSync(join(NODE_MODELS_DIR, DEFAULT_LOCAL_MODEL_ID, 'tokenizer.json'), 'utf8')) as { model: { vocab: Record<string, number> } };
  const candidates = Object.keys(tokenizer.model.vocab).slice(4, 5004);
  const vectors: Float32Array[] = [];
  for (const c of candidates) vectors.push(await embedder.embedQueryFloat!(c));
  for (const w of words) {
    const q = await embedder.embedQueryFloat!(w);
    const scored = candidates.map((c, i) => ({ c, s: vectors[i].reduce((acc, x, d) => acc + x * q[d], 0) }));
    scored.sort((a, b) => b.s - a.s);
    console.log(`${w}: ${scored.slice(0, 12).map((x) => `${x.c} ${x.s.toFixed(2)}`).join(', ')}`);
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === '--neighbours') return neighbours(process.argv.slice(3));
  const root = '/tmp/semantic/heldout';
  const dirs = process.argv.slice(2).length ? process.argv.slice(2) : readdirSync(root).filter((n) => !n.endsWith('.tgz')).map((n) => join(root, n));
  const embedder = await createNodeLocalEmbedder();
  let total = 0;
  const sum = { mrr: 0, r10: 0, mrrRescored: 0, chance: 0 };
  for (const dir of dirs) {
    const ps = pairs(dir).slice(0, 400);
    if (ps.length < 5) continue;
    const docs = BinaryVectorIndex.fromVectors(embedder.dimensions, await embedder.embed(ps.map((p) => p.code), 'document'));
    const queries = await embedder.embed(ps.map((p) => p.query), 'query');
    let mrr = 0;
    let r10 = 0;
    let mrrRescored = 0;
    for (let i = 0; i < ps.length; i++) {
      const ranked = docs.search(queries[i], ps.length);
      const rank = ranked.findIndex((n) => n.id === i);
      mrr += 1 / (rank + 1);
      if (rank < 10) r10++;
      const qf = await embedder.embedQueryFloat!(ps[i].query);
      const rescored = docs.search(queries[i], ps.length, { queryFloat: qf, rescoreCandidates: ps.length });
      mrrRescored += 1 / (rescored.findIndex((n) => n.id === i) + 1);
    }
    let chance = 0;
    for (let r = 1; r <= ps.length; r++) chance += 1 / r / ps.length;
    console.log(
      `${dir.split('/').pop()}: ${ps.length} pairs  MRR ${(mrr / ps.length).toFixed(3)}  R@10 ${(r10 / ps.length).toFixed(3)}  MRR rescored ${(mrrRescored / ps.length).toFixed(3)}  chance ${chance.toFixed(3)}`,
    );
    total += ps.length;
    sum.mrr += mrr;
    sum.r10 += r10;
    sum.mrrRescored += mrrRescored;
    sum.chance += chance * ps.length;
  }
  console.log(
    `ALL: ${total} pairs  MRR ${(sum.mrr / total).toFixed(3)}  R@10 ${(sum.r10 / total).toFixed(3)}  MRR rescored ${(sum.mrrRescored / total).toFixed(3)}  chance ${(sum.chance / total).toFixed(3)}`,
  );
}

main();
