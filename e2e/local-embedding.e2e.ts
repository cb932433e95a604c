/**
 * The bundled model in the built app's embed worker (Chromium), driven through comlink's wire
 * format from a page of the app's origin: it runs without ONNX Runtime, and its vectors are the
 * CLI's (Node's) bit for bit — sign bits, int8 and the float query vector — on real chunk texts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeLocalEmbedder } from '../src/node/embedders';
import { DIST, launchBrowser, serveDirectory, type BrowserSession, type StaticServer } from './harness';

let server: StaticServer;
let session: BrowserSession;

beforeAll(async () => {
  server = await serveDirectory();
  session = await launchBrowser();
});
afterAll(async () => {
  await session?.close();
  await server?.close();
});

/** In the page: one embed worker, described, then asked for documents and a float query (plain JavaScript). */
const IN_PAGE = `async ({ url, appRoot, texts, query }) => {
  const worker = new Worker(url, { type: 'module' });
  let seq = 0;
  const waiting = new Map();
  worker.onmessage = (e) => {
    const w = waiting.get(e.data.id);
    if (!w) return;
    waiting.delete(e.data.id);
    if (e.data.type === 'HANDLER') w.reject(new Error(JSON.stringify(e.data.value)));
    else w.resolve(e.data.value);
  };
  const call = (method, ...args) => new Promise((resolve, reject) => {
    const id = 'e2e-' + ++seq;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, type: 'APPLY', path: [method], argumentList: args.map((value) => ({ type: 'RAW', value })) });
  });
  const described = await call('describe', appRoot);
  const documents = await call('embedDocuments', 'job-1', texts);
  const queryVector = await call('embedQueryFloat', query);
  const timings = await call('timings');
  worker.terminate();
  return {
    described,
    bits: documents.bits.map((v) => Array.from(v)),
    int8: documents.int8.map((v) => Array.from(v)),
    query: Array.from(queryVector),
    sessionMs: timings.sessionMs,
  };
}`;

describe('the local model in a Chromium embed worker', () => {
  it('embeds real chunks without ONNX Runtime, exactly as the CLI does', async () => {
    const worker = readdirSync(join(DIST, 'assets')).find((f) => /^embed\.worker-.*\.js$/.test(f));
    expect(worker).toBeDefined();
    const source = readFileSync(new URL('../src/engine/fuse.ts', import.meta.url), 'utf8');
    const texts = [...source.split('\n\n').slice(0, 60), '', 'naïve café 日本語 🚀'];
    const query = 'how are the ranked lists of each modality fused';
    const { page } = session;
    await page.goto(`${server.origin}/assets/${worker}`);
    const got = (await page.evaluate(
      `(${IN_PAGE})(${JSON.stringify({ url: `${server.origin}/assets/${worker}`, appRoot: `${server.origin}/`, texts, query })})`,
    )) as {
      described: { id: string; dimensions: number; runtime: string };
      bits: number[][];
      int8: number[][];
      query: number[];
      sessionMs: number;
    };
    const node = await createNodeLocalEmbedder();
    // It says it runs as the static table: a reload starts such a model at once.
    expect(got.described).toEqual({ id: node.id, dimensions: node.dimensions, runtime: 'static' });
    const expected = await node.embedDocuments(texts);
    expect(got.bits).toEqual(expected.bits.map((v) => Array.from(v)));
    expect(got.int8).toEqual(expected.int8.map((v) => Array.from(v)));
    expect(got.query).toEqual(Array.from(await node.embedQueryFloat(query)));
    // No session ran: the static table was embedded in the worker itself.
    expect(got.sessionMs).toBe(0);
  });
});
