import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_MODELS_DIR } from '../node/embedders';
import { loadOnnxRuntimeModel } from '../node/local-model';
import { DEFAULT_LOCAL_MODEL_ID, localEmbedderFrom, type LocalEmbedder } from '../engine/semantic/local';
import { createBrowserLocalEmbedder } from './local-model';

/** The app's models/ folder over loopback HTTP, as the embed worker fetches it. */
let server: Server;
let appRoot: string;
const served: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url!, 'http://x').pathname);
    served.push(path);
    readFile(join(NODE_MODELS_DIR, path.replace(/^\/models\//, ''))).then(
      (body) => response.end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  appRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the embed worker's local model (createBrowserLocalEmbedder)", () => {
  it('runs the bundled graph without ONNX Runtime, from three files of models/, with the vectors of an ONNX Runtime session', async () => {
    const embedder = await createBrowserLocalEmbedder(appRoot);
    expect(embedder.runtime).toBe('static');
    expect(embedder.id).toBe(`local:${DEFAULT_LOCAL_MODEL_ID}`);
    expect(served.sort()).toEqual(
      ['onnx/model_quantized.onnx', 'tokenizer.json', 'tokenizer_config.json'].map(
        (f) => `/models/${DEFAULT_LOCAL_MODEL_ID}/${f}`,
      ),
    );
    const session = await loadOnnxRuntimeModel({
      modelId: DEFAULT_LOCAL_MODEL_ID,
      modelsDir: NODE_MODELS_DIR,
      sessionThreads: 1,
    });
    const reference: LocalEmbedder = await localEmbedderFrom(embedder.id, session.tokenizer, session.model);
    const source = await readFile(new URL('./remote-embedder.ts', import.meta.url), 'utf8');
    const texts = [...source.split('\n\n'), 'how are embed calls split between workers', ''];
    expect(await embedder.embedDocuments(texts)).toEqual(await reference.embedDocuments(texts));
    expect(await embedder.embedFloat(texts, 'query')).toEqual(await reference.embedFloat(texts, 'query'));
  });

  it('says which model could not be loaded when its files are missing', async () => {
    await expect(createBrowserLocalEmbedder(`${appRoot}nowhere/`)).rejects.toThrow(
      /Could not load the local embedding model "fourfold-code-search": onnx\/model_quantized\.onnx answered HTTP 404/,
    );
  });
});
