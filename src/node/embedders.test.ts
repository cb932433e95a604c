import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoyageServer } from '../../test/support/voyage-test-server';
import { DEFAULT_LOCAL_MODEL_ID } from '../engine/semantic/local';
import { NODE_MODELS_DIR, createNodeEmbedder, createNodeLocalEmbedder } from './embedders';

describe('Node embedders', () => {
  let server: Awaited<ReturnType<typeof startVoyageServer>>;
  beforeAll(async () => {
    server = await startVoyageServer({ key: 'node-key', dims: 256 });
  });
  afterAll(() => server.close());

  it('finds the bundled model in the repository', async () => {
    expect(existsSync(`${NODE_MODELS_DIR}${DEFAULT_LOCAL_MODEL_ID}/onnx/model_quantized.onnx`)).toBe(true);
    const local = await createNodeLocalEmbedder();
    const [v] = await local.embed(['read a file'], 'document');
    expect(v).toHaveLength(8);
    expect((await createNodeEmbedder('local'))!.id).toBe(`local:${DEFAULT_LOCAL_MODEL_ID}`);
  });

  it('none is null; voyage needs a key and uses the given base URL', async () => {
    expect(await createNodeEmbedder('none')).toBeNull();
    const saved = process.env.VOYAGE_API_KEY;
    delete process.env.VOYAGE_API_KEY;
    await expect(createNodeEmbedder('voyage')).rejects.toThrow(/VOYAGE_API_KEY/);
    process.env.VOYAGE_API_KEY = 'node-key';
    try {
      const voyage = (await createNodeEmbedder('voyage', { baseUrl: server.url, dimensions: 256 }))!;
      expect(voyage.id).toBe('voyage:voyage-code-3:256');
      expect(await voyage.embed(['x', 'y'], 'document')).toHaveLength(2);
      expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer node-key');
    } finally {
      if (saved === undefined) delete process.env.VOYAGE_API_KEY;
      else process.env.VOYAGE_API_KEY = saved;
    }
  });
});
