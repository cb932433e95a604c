import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoyageServer } from '../../test/support/voyage-test-server';
import { DEFAULT_LOCAL_MODEL_ID } from '../engine/semantic/local';
import { InputError } from './input-error';
import { NODE_MODELS_DIR, ProviderError, createNodeEmbedder, createNodeLocalEmbedder } from './embedders';

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

  it('Voyage failures are input errors that name the environment variable, a server that never answers included', async () => {
    const wrongKey = (await createNodeEmbedder('voyage', {
      apiKey: 'not-the-key',
      baseUrl: server.url,
      dimensions: 256,
    }))!;
    const refused = await wrongKey.embed(['x'], 'query').catch((e) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toBeInstanceOf(InputError);
    expect(refused.kind).toBe('auth');
    expect(refused.message).toMatch(/VOYAGE_API_KEY/);
    expect(refused.message).not.toMatch(/Settings/);

    const silent = await startVoyageServer({ key: 'k', delayMs: 3_000 });
    try {
      const slow = (await createNodeEmbedder(
        'voyage',
        { apiKey: 'k', baseUrl: silent.url, dimensions: 256, maxRetries: 1, baseDelayMs: 10 },
        200,
      ))!;
      const t0 = performance.now();
      const timedOut = await slow.embed(['x'], 'query').catch((e) => e);
      expect(performance.now() - t0).toBeLessThan(2_000);
      expect(timedOut).toBeInstanceOf(ProviderError);
      expect(timedOut.kind).toBe('timeout');
      expect(timedOut.message).toBe(
        `the Voyage API at ${silent.url} did not answer within 200 ms (2 attempts): check the network or VOYAGE_BASE_URL`,
      );
    } finally {
      await silent.close();
    }
  });
});
