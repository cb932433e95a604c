import { readFileSync } from 'node:fs';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWithoutSpecials } from '../../../scripts/model-tokenizer';
import { NODE_MODELS_DIR, createNodeLocalEmbedder } from '../../node/embedders';
import { hamming, packSigns } from './binary';
import type { Embedder } from './embedder';
import { DEFAULT_LOCAL_MODEL_ID } from './local';

const MODEL_DIR = `${NODE_MODELS_DIR}${DEFAULT_LOCAL_MODEL_ID}`;
const realFetch = globalThis.fetch;
const fetched: string[] = [];
let embedder: Embedder;

beforeAll(async () => {
  // Any request the loader makes is recorded; only file: URLs would be acceptable.
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    fetched.push(String(input instanceof Request ? input.url : input));
    return realFetch(input, init);
  }) as typeof fetch;
  embedder = await createNodeLocalEmbedder();
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

describe('local model (public/models/fourfold-code-mini) in Node', () => {
  it('loads with remote models off and makes no network request', async () => {
    expect(env.allowRemoteModels).toBe(false);
    expect(env.allowLocalModels).toBe(true);
    expect(embedder.id).toBe('local:fourfold-code-mini');
    expect(embedder.dimensions).toBe(256);
    await embedder.embed(['parse command line arguments'], 'query');
    expect(fetched.filter((u) => !u.startsWith('file:'))).toEqual([]);
  });

  it('the committed model stays small', () => {
    const onnx = readFileSync(`${MODEL_DIR}/onnx/model_quantized.onnx`).length;
    const tokenizer = readFileSync(`${MODEL_DIR}/tokenizer.json`).length;
    expect(onnx + tokenizer).toBeLessThan(16 * 1024 * 1024);
  });

  it('transformers.js tokenizes exactly as the training script did', async () => {
    const tokenizer = await AutoTokenizer.from_pretrained(DEFAULT_LOCAL_MODEL_ID);
    const vocab = new Map(Object.entries((JSON.parse(readFileSync(`${MODEL_DIR}/tokenizer.json`, 'utf8')) as { model: { vocab: Record<string, number> } }).model.vocab));
    const samples = [
      'const parseArgs = (argv) => XMLHttpRequest2.open(utf8Decoder, "GET");',
      'def parse_command_line(args): return ArgumentParser(prog="x").parse_args(args)',
      readFileSync(new URL('./fixtures/mri/lib/index.js', import.meta.url), 'utf8'),
      'Ünïcödé naïve café — tokenizersAreFun __proto__ $scope 0x1F',
    ];
    for (const text of samples) {
      const ids = tokenizer.encode(text, { add_special_tokens: false });
      expect(ids).toEqual(encodeWithoutSpecials(text, vocab));
    }
    expect(tokenizer.tokenize('parseHTTPRequest_v2')).toEqual(['parse', 'http', 'request', 'v', '2']);
  });

  it('packs the same sign bits transformers.js computes for the float vector', async () => {
    const text = 'read the config file and merge defaults';
    const [bits] = await embedder.embed([text], 'document');
    const float = await embedder.embedQueryFloat!(text);
    expect(float).toHaveLength(256);
    expect(Math.hypot(...float)).toBeCloseTo(1, 4);
    expect(bits).toEqual(packSigns(float));
  });

  it('captures lexical co-occurrence: auth is near token/login, far from colors', async () => {
    const [auth, login, color] = await Promise.all(
      ['authenticate user', 'login with password and token', 'rgb color hue saturation'].map((t) => embedder.embedQueryFloat!(t)),
    );
    expect(cosine(auth, login)).toBeGreaterThan(cosine(auth, color) + 0.1);
    const [a, l, c] = await embedder.embed(['authenticate user', 'login with password and token', 'rgb color hue saturation'], 'query');
    expect(hamming(a, l)).toBeLessThan(hamming(a, c));
  });

  it('is deterministic and order-independent within a batch', async () => {
    const texts = ['alpha beta', 'open a websocket connection', ''];
    const once = await embedder.embed(texts, 'document');
    const reversed = await embedder.embed([...texts].reverse(), 'document');
    expect(reversed.reverse()).toEqual(once);
    expect(once[2]).toEqual(new Uint32Array(8)); // nothing known → no bits set
  });
});
