import { afterEach, describe, expect, it } from 'vitest';
import { packUbinaryBytes } from './binary';
import {
  type VoyageRetryInfo,
  VoyageError,
  createVoyageEmbedder,
  estimateTokens,
  parseRetryAfter,
  planBatches,
} from './voyage';
import { startVoyageServer, testVectorBytes } from '../../../test/support/voyage-test-server';

const KEY = 'pa-test-key';
const servers: { close(): Promise<void> }[] = [];
async function server(options: Parameters<typeof startVoyageServer>[0]) {
  const s = await startVoyageServer(options);
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function rejection(p: Promise<unknown>): Promise<VoyageError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VoyageError);
  return err as VoyageError;
}

describe('Voyage client against a Voyage-shaped loopback server', () => {
  it('embeds with a good key: ubinary bytes become words, request shape as documented', async () => {
    const s = await server({ key: KEY });
    const voyage = createVoyageEmbedder({ apiKey: KEY, baseUrl: s.url, dimensions: 256 });
    expect(voyage.id).toBe('voyage:voyage-code-3:256');
    const texts = ['function parseArgs(argv) {}', 'class TokenStore {}'];
    const vectors = await voyage.embed(texts, 'document');
    expect(vectors).toHaveLength(2);
    vectors.forEach((v, i) => expect(v).toEqual(packUbinaryBytes(testVectorBytes(texts[i], 32), 256)));
    const [query] = await voyage.embed([texts[0]], 'query');
    expect(query).toEqual(vectors[0]);
    expect(s.requests).toHaveLength(2);
    const req = s.requests[0];
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body).toEqual({
      input: texts,
      model: 'voyage-code-3',
      input_type: 'document',
      output_dimension: 256,
      output_dtype: 'ubinary',
      truncation: true,
    });
    expect((s.requests[1].body as { input_type: string }).input_type).toBe('query');
  });

  it('a wrong key is an auth error that says so, without retries', async () => {
    const s = await server({ key: KEY });
    const voyage = createVoyageEmbedder({ apiKey: 'wrong', baseUrl: s.url });
    const err = await rejection(voyage.embed(['x'], 'query'));
    expect(err.kind).toBe('auth');
    expect(err.status).toBe(401);
    expect(err.message).toMatch(/the Voyage API key was rejected/i);
    expect(err.message).toContain('Provided API key is invalid.');
    expect(s.requests).toHaveLength(1);
  });

  it('429 three times then success, honouring retry-after', async () => {
    const s = await server({ key: KEY, failFirst: 3, retryAfter: '0.05' });
    const retries: VoyageRetryInfo[] = [];
    const voyage = createVoyageEmbedder({
      apiKey: KEY,
      baseUrl: s.url,
      dimensions: 512,
      onRetry: (r) => retries.push(r),
      baseDelayMs: 5_000,
    });
    const [v] = await voyage.embed(['hello'], 'document');
    expect(v).toEqual(packUbinaryBytes(testVectorBytes('hello', 64), 512));
    expect(s.requests.map((r) => r.status)).toEqual([429, 429, 429, 200]);
    expect(retries.map((r) => [r.attempt, r.status, r.delayMs])).toEqual([
      [1, 429, 50],
      [2, 429, 50],
      [3, 429, 50],
    ]);
    // retry-after (50 ms) was used, not the 5 s backoff.
    for (let i = 1; i < s.requests.length; i++)
      expect(s.requests[i].at - s.requests[i - 1].at).toBeGreaterThanOrEqual(40);
  });

  it('retry-after as an HTTP date is honoured too', () => {
    const now = Date.parse('Wed, 21 Oct 2025 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2025 07:28:02 GMT', now)).toBe(2000);
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('429 that never stops ends as rate_limited after the bounded retries', async () => {
    const s = await server({ key: KEY, status: 429, retryAfter: '0' });
    const voyage = createVoyageEmbedder({ apiKey: KEY, baseUrl: s.url, maxRetries: 2 });
    const err = await rejection(voyage.embed(['x'], 'document'));
    expect(err.kind).toBe('rate_limited');
    expect(err.attempts).toBe(3);
    expect(err.message).toMatch(/rate-limiting.*after 3 attempts/);
    expect(s.requests).toHaveLength(3);
  });

  it('500 then success uses exponential backoff', async () => {
    const s = await server({ key: KEY, failFirst: 1, status: 500 });
    const retries: VoyageRetryInfo[] = [];
    const voyage = createVoyageEmbedder({
      apiKey: KEY,
      baseUrl: s.url,
      baseDelayMs: 20,
      onRetry: (r) => retries.push(r),
    });
    await voyage.embed(['x'], 'document');
    expect(s.requests.map((r) => r.status)).toEqual([500, 200]);
    expect(retries).toHaveLength(1);
    expect(retries[0].delayMs).toBeGreaterThanOrEqual(10);
    expect(retries[0].delayMs).toBeLessThanOrEqual(20);
  });

  it('a persistent 5xx is a server error naming the status', async () => {
    const s = await server({ key: KEY, status: 503 });
    const voyage = createVoyageEmbedder({ apiKey: KEY, baseUrl: s.url, maxRetries: 1, baseDelayMs: 1 });
    const err = await rejection(voyage.embed(['x'], 'document'));
    expect(err.kind).toBe('server');
    expect(err.message).toContain('HTTP 503');
  });

  it('400/422 surface the server detail', async () => {
    const s = await server({ key: KEY });
    const wrongModel = createVoyageEmbedder({ apiKey: KEY, baseUrl: s.url, model: 'voyage-nope' });
    const e400 = await rejection(wrongModel.embed(['x'], 'document'));
    expect(e400.kind).toBe('bad_request');
    expect(e400.status).toBe(400);
    expect(e400.message).toContain('Model voyage-nope is not supported');
    const wrongDims = createVoyageEmbedder({ apiKey: KEY, baseUrl: s.url, dimensions: 384 });
    const e422 = await rejection(wrongDims.embed(['x'], 'document'));
    expect(e422.status).toBe(422);
    expect(e422.detail).toMatch(/output_dimension 384/);
    expect(s.requests).toHaveLength(2); // never retried
  });

  it('batches split by count and by estimated tokens, order kept', async () => {
    const s = await server({ key: KEY });
    const byCount = createVoyageEmbedder({ apiKey: KEY, baseUrl: s.url, maxBatchItems: 3, dimensions: 256 });
    const texts = Array.from({ length: 8 }, (_, i) => `text number ${i}`);
    const vectors = await byCount.embed(texts, 'document');
    expect(s.requests.map((r) => (r.body as { input: string[] }).input.length)).toEqual([3, 3, 2]);
    vectors.forEach((v, i) => expect(v).toEqual(packUbinaryBytes(testVectorBytes(texts[i], 32), 256)));

    s.requests.length = 0;
    const long = 'x'.repeat(3000); // ≈ 1001 estimated tokens each
    const byTokens = createVoyageEmbedder({ apiKey: KEY, baseUrl: s.url, maxBatchTokens: 2500, dimensions: 256 });
    await byTokens.embed([long, long, long, 'short'], 'document');
    expect(s.requests.map((r) => (r.body as { input: string[] }).input.length)).toEqual([2, 2]);
    expect(estimateTokens(long)).toBe(1001);
    expect(planBatches(['a'.repeat(9000), 'b'], 10, 100).map((b) => b.length)).toEqual([1, 1]);
  });

  it('caps batches at Voyage limits whatever the options say', async () => {
    const s = await server({ key: KEY });
    const voyage = createVoyageEmbedder({ apiKey: KEY, baseUrl: s.url, maxBatchItems: 5000, dimensions: 256 });
    await voyage.embed(
      Array.from({ length: 1200 }, (_, i) => String(i)),
      'document',
    );
    expect(s.requests.map((r) => (r.body as { input: string[] }).input.length)).toEqual([1000, 200]);
  });

  it('abort cancels an in-flight request and a backoff wait', async () => {
    const slow = await server({ key: KEY, delayMs: 2_000 });
    const voyage = createVoyageEmbedder({ apiKey: KEY, baseUrl: slow.url });
    const controller = new AbortController();
    const t0 = Date.now();
    setTimeout(() => controller.abort(), 50);
    const err = await rejection(voyage.embed(['x'], 'document', controller.signal));
    expect(err.kind).toBe('aborted');
    expect(Date.now() - t0).toBeLessThan(1_500);

    const limited = await server({ key: KEY, status: 429, retryAfter: '30' });
    const waiting = createVoyageEmbedder({ apiKey: KEY, baseUrl: limited.url });
    const c2 = new AbortController();
    setTimeout(() => c2.abort(), 100);
    const t1 = Date.now();
    const err2 = await rejection(waiting.embed(['x'], 'document', c2.signal));
    expect(err2.kind).toBe('aborted');
    expect(Date.now() - t1).toBeLessThan(1_500);
  });

  it('an unreachable endpoint is a network error naming the base URL', async () => {
    const s = await server({ key: KEY });
    const url = s.url;
    await s.close();
    servers.length = 0;
    const voyage = createVoyageEmbedder({ apiKey: KEY, baseUrl: url, maxRetries: 1, baseDelayMs: 1 });
    const err = await rejection(voyage.embed(['x'], 'document'));
    expect(err.kind).toBe('network'); // in a browser this is 'cors_or_network'
    expect(err.message).toContain(`Could not reach the Voyage API at ${url}`);
  });

  it('the server answers CORS preflight', async () => {
    const s = await server({ key: KEY });
    const res = await fetch(`${s.url}/v1/embeddings`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});
