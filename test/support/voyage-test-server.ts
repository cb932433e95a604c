/**
 * Node-only test support (it imports node:http): unit tests and browser e2e tests (started
 * from the Playwright side in Node) share one Voyage-shaped server.
 *
 * A real HTTP server on 127.0.0.1 with the shape of POST /v1/embeddings: Bearer key check
 * (401 {detail}), body validation (400/422 {detail}), CORS headers and preflight,
 * deterministic ubinary vectors derived from a hash of each input text (the same text gives
 * the same vector for queries and documents), and scripted failures with retry-after.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body (or the raw text when it was not JSON). */
  body: unknown;
  /** Status the server answered with. */
  status: number;
  /** Milliseconds since the server started. */
  at: number;
}

export interface VoyageServerOptions {
  key: string;
  /** The first N POSTs fail with `status` (default 429), then requests succeed. */
  failFirst?: number;
  /** Status of the scripted failures; without failFirst, EVERY POST fails with it. */
  status?: number;
  /** Default output_dimension when the request names none (Voyage's default is 1024). */
  dims?: number;
  /** retry-after header sent with scripted failures (seconds or an HTTP date). */
  retryAfter?: string;
  /** Milliseconds to wait before answering (for abort tests). */
  delayMs?: number;
}

const MAX_INPUTS = 1000;
const MAX_TOKENS = 120_000;
const DIMENSIONS = new Set([256, 512, 1024, 2048]);
const DTYPES = new Set(['float', 'int8', 'uint8', 'binary', 'ubinary']);
const INPUT_TYPES = new Set([null, 'query', 'document']);

/** FNV-1a then xorshift32: a deterministic byte stream per text. */
export function testVectorBytes(text: string, bytes: number): Uint8Array {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  let x = h >>> 0 || 1;
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-expose-headers': 'retry-after',
  'access-control-max-age': '600',
};

export async function startVoyageServer(
  options: VoyageServerOptions,
): Promise<{ url: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const started = Date.now();
  let failuresLeft = options.failFirst ?? (options.status !== undefined ? Infinity : 0);
  const failStatus = options.status ?? 429;

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // keep the raw text; validation below answers 400
    }
    const record: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body,
      status: 0,
      at: Date.now() - started,
    };
    requests.push(record);
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));

    const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
      record.status = status;
      if (res.destroyed) return;
      res.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json', ...extra });
      res.end(payload === undefined ? '' : JSON.stringify(payload));
    };

    if (req.method === 'OPTIONS') return send(204, undefined);
    if (req.method !== 'POST' || req.url !== '/v1/embeddings')
      return send(404, { detail: `No route for ${req.method} ${req.url}` });
    if (req.headers.authorization !== `Bearer ${options.key}`) {
      return send(401, { detail: 'Provided API key is invalid.' });
    }
    if (failuresLeft > 0) {
      failuresLeft--;
      const extra: Record<string, string> =
        options.retryAfter !== undefined ? { 'retry-after': options.retryAfter } : {};
      const detail =
        failStatus === 429
          ? 'You have exceeded the rate limit. Please retry after some time.'
          : 'Internal server error (scripted).';
      return send(failStatus, { detail }, extra);
    }
    const error = validate(body, options.dims ?? 1024);
    if (error) return send(error.status, { detail: error.detail });
    const b = body as { input: string | string[]; model: string; output_dimension?: number; output_dtype?: string };
    const inputs = typeof b.input === 'string' ? [b.input] : b.input;
    const dims = b.output_dimension ?? options.dims ?? 1024;
    const dtype = b.output_dtype ?? 'float';
    const data = inputs.map((text, index) => {
      const bytes = testVectorBytes(text, dims / 8);
      let embedding: number[];
      if (dtype === 'ubinary') embedding = [...bytes];
      else if (dtype === 'binary') embedding = [...bytes].map((v) => v - 128);
      else {
        // Expand the bits to ±1/√d floats (int8/uint8 scaled likewise) so every dtype agrees on signs.
        const bits = [...bytes].flatMap((v) => [7, 6, 5, 4, 3, 2, 1, 0].map((s) => (v >> s) & 1));
        embedding = bits.map((bit) => {
          if (dtype === 'float') return (bit ? 1 : -1) / Math.sqrt(dims);
          if (dtype === 'int8') return bit ? 100 : -100;
          return bit ? 228 : 28;
        });
      }
      return { object: 'embedding', embedding, index };
    });
    const totalTokens = inputs.reduce((s, t) => s + Math.ceil(t.length / 4), 0);
    send(200, { object: 'list', data, model: b.model, usage: { total_tokens: totalTokens } });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** Voyage-like validation: 400 for a malformed request, 422 for a value out of its range. */
function validate(body: unknown, _defaultDims: number): { status: number; detail: string } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { status: 400, detail: 'Request body must be a JSON object.' };
  const b = body as Record<string, unknown>;
  const input = b.input;
  if (input === undefined) return { status: 400, detail: "Field 'input' is required." };
  const list = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(list) || list.some((t) => typeof t !== 'string'))
    return { status: 400, detail: "Field 'input' must be a string or a list of strings." };
  if (list.length === 0) return { status: 400, detail: "Field 'input' must not be empty." };
  if (list.length > MAX_INPUTS)
    return { status: 400, detail: `The batch size limit is ${MAX_INPUTS}. Your batch size is ${list.length}.` };
  const tokens = (list as string[]).reduce((s, t) => s + Math.ceil(t.length / 4), 0);
  if (tokens > MAX_TOKENS)
    return {
      status: 400,
      detail: `Request to model has ${tokens} tokens, above the limit of ${MAX_TOKENS} tokens per batch.`,
    };
  if (typeof b.model !== 'string' || !b.model) return { status: 400, detail: "Field 'model' is required." };
  if (b.model !== 'voyage-code-3')
    return { status: 400, detail: `Model ${b.model} is not supported by this test server.` };
  if (b.input_type !== undefined && !INPUT_TYPES.has(b.input_type as string | null)) {
    return {
      status: 422,
      detail: `Value '${String(b.input_type)}' is not a valid input_type; expected null, 'query' or 'document'.`,
    };
  }
  if (
    b.output_dimension !== undefined &&
    b.output_dimension !== null &&
    !DIMENSIONS.has(b.output_dimension as number)
  ) {
    return {
      status: 422,
      detail: `output_dimension ${String(b.output_dimension)} is not supported; use 256, 512, 1024 or 2048.`,
    };
  }
  if (b.output_dtype !== undefined && !DTYPES.has(b.output_dtype as string)) {
    return { status: 422, detail: `output_dtype '${String(b.output_dtype)}' is not supported.` };
  }
  return null;
}
