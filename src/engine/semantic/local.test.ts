import { readFileSync } from 'node:fs';
import { AutoTokenizer, env, pipeline } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWithoutSpecials } from '../../../scripts/model-tokenizer';
import { NODE_MODELS_DIR, createNodeLocalEmbedder } from '../../node/embedders';
import { loadOnnxRuntimeModel } from '../../node/local-model';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { corpusFromAnalyses } from '../structural/corpus';
import { hamming, packSigns } from './binary';
import { chunkEmbeddingText } from './embedder';
import {
  createLocalEmbedder,
  DEFAULT_LOCAL_MODEL_ID,
  LOCAL_MAX_CHARS,
  LocalModelRunner,
  LOCAL_MAX_TOKENS,
  type LocalEmbedder,
  type LocalModelInputs,
  type LocalTokenizer,
  localEmbedderFrom,
} from './local';

const MODEL_DIR = `${NODE_MODELS_DIR}${DEFAULT_LOCAL_MODEL_ID}`;
const realFetch = globalThis.fetch;
const fetched: string[] = [];
/** The CLI's embedder (the static table run in TypeScript, the tokenizer called directly). */
let embedder: LocalEmbedder;
/** The same files through an onnxruntime-node session (the fallback for other graphs). */
let viaOnnxRuntime: LocalEmbedder;
/** The browser's path: the same model through transformers.js (also configures its `env` for the tests below). */
let viaTransformers: LocalEmbedder;

beforeAll(async () => {
  // Any request the loader makes is recorded; only file: URLs would be acceptable.
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    fetched.push(String(input instanceof Request ? input.url : input));
    return realFetch(input, init);
  }) as typeof fetch;
  embedder = await createNodeLocalEmbedder();
  const session = await loadOnnxRuntimeModel({
    modelId: DEFAULT_LOCAL_MODEL_ID,
    modelsDir: NODE_MODELS_DIR,
    sessionThreads: 1,
  });
  viaOnnxRuntime = await localEmbedderFrom(embedder.id, session.tokenizer, session.model);
  viaTransformers = await createLocalEmbedder({
    modelId: DEFAULT_LOCAL_MODEL_ID,
    localModelPath: NODE_MODELS_DIR,
    sessionThreads: 1,
  });
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

describe(`local model (public/models/${DEFAULT_LOCAL_MODEL_ID}) in Node`, () => {
  it('loads from the repository and makes no network request, directly and through transformers.js (remote models off)', async () => {
    expect(env.allowRemoteModels).toBe(false);
    expect(env.allowLocalModels).toBe(true);
    expect(viaTransformers.id).toBe(embedder.id);
    await viaTransformers.embed(['parse command line arguments'], 'query');
    expect(embedder.id).toBe(`local:${DEFAULT_LOCAL_MODEL_ID}`);
    expect(embedder.dimensions).toBe(256);
    await embedder.embed(['parse command line arguments'], 'query');
    expect(fetched.filter((u) => !u.startsWith('file:'))).toEqual([]);
  });

  it('runs the shipped graph without ONNX Runtime', () => {
    expect(embedder.runtime).toBe('static');
    expect(viaOnnxRuntime.runtime).toBe('onnxruntime');
    expect(viaTransformers.runtime).toBe('onnxruntime');
  });

  it('the static path gives the vectors of an ONNX Runtime session on real code: float, sign bits and int8', async () => {
    // The chunk texts a build embeds, from real code (this folder's sources and the fixture packages).
    const sources = [
      './local.ts',
      './index.ts',
      './voyage.ts',
      '../engine.ts',
      '../fuse.ts',
      './fixtures/qs/lib/parse.js',
    ];
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const corpus = corpusFromAnalyses(
      sources.map((f) => {
        const text = readFileSync(new URL(f, import.meta.url), 'utf8');
        return { path: f.slice(2), text, analysis: analyzer.analyze(f, text) };
      }),
    );
    const texts = corpus.chunks.map((c) => chunkEmbeddingText(c, corpus.files[c.fileId]));
    texts.push('', '🚀', 'naïve café 日本語 \ud800', 'y'.repeat(9000));
    expect(texts.length).toBeGreaterThan(100);
    for (const inputType of ['query', 'document'] as const) {
      const ours = await embedder.embedFloat(texts, inputType);
      const reference = await viaOnnxRuntime.embedFloat(texts, inputType);
      ours.forEach((v, i) => {
        let worst = 0;
        for (let k = 0; k < v.length; k++) worst = Math.max(worst, Math.abs(v[k] - reference[i][k]));
        expect(worst).toBeLessThanOrEqual(1e-6);
      });
      expect(await embedder.embed(texts, inputType)).toEqual(await viaOnnxRuntime.embed(texts, inputType));
    }
    const ours = await embedder.embedDocuments(texts);
    const reference = await viaOnnxRuntime.embedDocuments(texts);
    expect(ours.int8).toEqual(reference.int8);
    expect(ours.bits).toEqual(reference.bits);
  });

  it('the direct path (CLI) gives exactly the vectors of transformers.js (browser), as query and as document', async () => {
    const fixtures = [
      './fixtures/qs/lib/parse.js',
      './fixtures/mri/lib/index.js',
      './fixtures/bytes/index.js',
      './fixtures/ms/index.js',
      './fixtures/escape-html/index.js',
    ];
    const texts = fixtures.flatMap((f) => readFileSync(new URL(f, import.meta.url), 'utf8').split('\n\n'));
    texts.push('', 'how are query strings parsed into nested objects', 'naïve café 日本語 🚀 \ud800', 'x'.repeat(5000));
    for (const inputType of ['query', 'document'] as const) {
      const direct = await embedder.embedFloat(texts, inputType);
      const reference = await viaTransformers.embedFloat(texts, inputType);
      expect(direct.length).toBe(texts.length);
      // Bit for bit, not close: the ranking contract compares these numbers.
      direct.forEach((v, i) => expect(Buffer.from(v.buffer).equals(Buffer.from(reference[i].buffer))).toBe(true));
    }
    expect(await embedder.embedDocuments(texts.slice(0, 20))).toEqual(
      await viaTransformers.embedDocuments(texts.slice(0, 20)),
    );
  });

  it('the committed model stays small', () => {
    const onnx = readFileSync(`${MODEL_DIR}/onnx/model_quantized.onnx`).length;
    const tokenizer = readFileSync(`${MODEL_DIR}/tokenizer.json`).length;
    expect(onnx + tokenizer).toBeLessThan(16 * 1024 * 1024);
  });

  it('transformers.js tokenizes exactly as the training script did', async () => {
    const tokenizer = await AutoTokenizer.from_pretrained(DEFAULT_LOCAL_MODEL_ID);
    const vocab = new Map(
      Object.entries(
        (
          JSON.parse(readFileSync(`${MODEL_DIR}/tokenizer.json`, 'utf8')) as {
            model: { vocab: Record<string, number> };
          }
        ).model.vocab,
      ),
    );
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

  it('gives the vectors of the transformers.js feature-extraction pipeline (mean pooling, normalised), and their sign bits', async () => {
    const extractor = (await pipeline('feature-extraction', DEFAULT_LOCAL_MODEL_ID, { dtype: 'q8' })) as unknown as (
      texts: string[],
      options: object,
    ) => Promise<{ data: Float32Array; dims: number[] }>;
    const texts = [
      'read the config file and merge defaults',
      'function parseArgs(argv) { return argv.slice(2); }',
      'x',
      'HTTPServer.listen(port)',
    ];
    const reference = await extractor(texts, { pooling: 'mean', normalize: true });
    const ours = await embedder.embedFloat(texts, 'document');
    const bits = await embedder.embed(texts, 'document');
    texts.forEach((_, i) => {
      const expected = reference.data.slice(i * 256, (i + 1) * 256);
      expect(Math.hypot(...ours[i])).toBeCloseTo(1, 4);
      expect(cosine(ours[i], expected)).toBeGreaterThan(0.99999);
      expect(bits[i]).toEqual(packSigns(ours[i]));
    });
    expect(await embedder.embedQueryFloat(texts[0])).toEqual((await embedder.embedFloat([texts[0]], 'query'))[0]);
  });

  it('tells the model queries from documents: token_type_ids all 1 for a query, all 0 for a document (int64 [B,T])', async () => {
    const { tokenizer, model: real } = await loadOnnxRuntimeModel({
      modelId: DEFAULT_LOCAL_MODEL_ID,
      modelsDir: NODE_MODELS_DIR,
      sessionThreads: 1,
    });
    const seen: LocalModelInputs[] = [];
    const watched = await localEmbedderFrom('local:watched', tokenizer, (inputs) => {
      seen.push(inputs);
      return real(inputs);
    });
    seen.length = 0;
    await watched.embed(['open a socket', 'close the file descriptor now'], 'query');
    await watched.embed(['open a socket', 'close the file descriptor now'], 'document');
    const [query, document] = seen;
    for (const { input_ids, attention_mask, token_type_ids, dims } of [query, document]) {
      for (const t of [input_ids, attention_mask, token_type_ids]) {
        expect(t).toBeInstanceOf(BigInt64Array);
        expect(t.length).toBe(dims[0] * dims[1]);
      }
    }
    expect(new Set(query.token_type_ids)).toEqual(new Set([1n]));
    expect(new Set(document.token_type_ids)).toEqual(new Set([0n]));
    // The bundled graph weighs each token per side (public/models/<id>/README.md): the same text differs as query and document.
    expect(await watched.embed(['open a socket'], 'query')).not.toEqual(
      await watched.embed(['open a socket'], 'document'),
    );
  });

  it("tokenizing piece by piece (remembered words) gives exactly the tokenizer's ids for whole texts, cut at LOCAL_MAX_TOKENS", async () => {
    const tokenizer = (await AutoTokenizer.from_pretrained(DEFAULT_LOCAL_MODEL_ID)) as unknown as LocalTokenizer;
    const runner = new LocalModelRunner(tokenizer, async () => {
      throw new Error('not used');
    });
    const fixtures = [
      './fixtures/qs/lib/parse.js',
      './fixtures/mri/lib/index.js',
      './fixtures/bytes/index.js',
      './fixtures/ms/index.js',
    ];
    const texts = fixtures.flatMap((f) => readFileSync(new URL(f, import.meta.url), 'utf8').split('\n\n'));
    texts.push('', '   ', 'naïve café 日本語 🚀', 'a'.repeat(500), 'getHTTPResponse2XX\tfoo_bar\r\nBaz');
    let cut = 0;
    for (const text of texts) {
      const whole = tokenizer.encode(text);
      const expected =
        whole.length <= LOCAL_MAX_TOKENS ? whole : [...whole.slice(0, LOCAL_MAX_TOKENS - 1), whole[whole.length - 1]];
      if (whole.length > LOCAL_MAX_TOKENS) cut++;
      expect(runner.tokenize(text)).toEqual(expected);
    }
    expect(cut).toBeGreaterThan(0);
    expect(runner.wordwise).toBe(true); // the bundled tokenizer splits at whitespace: the shortcut is on
  });

  it('runs one call at a time, in the order asked: a batch sent ahead waits for the one running', async () => {
    const { tokenizer, model: real } = await loadOnnxRuntimeModel({
      modelId: DEFAULT_LOCAL_MODEL_ID,
      modelsDir: NODE_MODELS_DIR,
      sessionThreads: 1,
    });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const watched = await localEmbedderFrom('local:watched', tokenizer, async (inputs) => {
      most = Math.max(most, ++running);
      order.push(inputs.dims[0]);
      try {
        return await real(inputs);
      } finally {
        running--;
      }
    });
    order.length = 0;
    const [a, b, c] = await Promise.all([
      watched.embed(['one'], 'document'),
      watched.embed(['two', 'three'], 'document'),
      watched.embed(['four', 'five', 'six'], 'document'),
    ]);
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3]);
    expect([a.length, b.length, c.length]).toEqual([1, 2, 3]);
    expect(a).toEqual(await watched.embed(['one'], 'document'));
  });

  it('batches texts of different lengths with padding masked out: a text embeds the same alone or among longer ones', async () => {
    const short = 'parse json';
    const long = `${'function handleRequest(request, response) { return response.send(request.body); }\n'.repeat(20)}`;
    const [alone] = await embedder.embedFloat([short], 'document');
    const mixed = await embedder.embedFloat([long, short, long.slice(0, 300)], 'document');
    expect(cosine(alone, mixed[1])).toBeCloseTo(1, 6);
  });

  it('captures lexical co-occurrence: auth is near token/login, far from colors', async () => {
    const [auth, login, color] = await Promise.all(
      ['authenticate user', 'login with password and token', 'rgb color hue saturation'].map((t) =>
        embedder.embedQueryFloat!(t),
      ),
    );
    expect(cosine(auth, login)).toBeGreaterThan(cosine(auth, color) + 0.1);
    const [a, l, c] = await embedder.embed(
      ['authenticate user', 'login with password and token', 'rgb color hue saturation'],
      'query',
    );
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

/** Bad input: always a vector (possibly all zeros), never a crash, a NaN or an unbounded wait. */
describe('local model on bad input', () => {
  const megabyte = 'const a = b + c; // '.repeat(52_429).slice(0, 1 << 20);
  const cases: [string, string][] = [
    ['a 1 MB chunk', megabyte],
    ['only symbols', '{}[]();,.=>!==&&||??::<<>>+-*/%^~|@#$\\`\'"'.repeat(40)],
    ['only emoji', '🚀🔥✨🎉👍🏽🧑‍💻'.repeat(50)],
    ['empty', ''],
    ['whitespace', ' \n\t\r\n  '],
    ['a 10,000-character query', 'how does the parser handle nested generic types '.repeat(210).slice(0, 10_000)],
    ['Chinese', '解析命令行参数并返回选项对象'],
    ['Russian', 'разобрать аргументы командной строки'],
    ['Arabic', 'تحليل وسيطات سطر الأوامر'],
    ['mixed scripts and a lone surrogate', 'naïve café \ud800 日本語 parseArgs'],
    ['a NUL-filled string', '\u0000'.repeat(1000)],
  ];

  it.each(cases)('%s → finite vector, unit length or all zeros, as float, bits and int8', async (_name, text) => {
    for (const inputType of ['query', 'document'] as const) {
      const [v] = await embedder.embedFloat([text], inputType);
      expect(v).toHaveLength(256);
      expect(v.every(Number.isFinite)).toBe(true);
      const norm = Math.hypot(...v);
      expect(norm === 0 || Math.abs(norm - 1) < 1e-4).toBe(true);
    }
    const { bits, int8 } = await embedder.embedDocuments([text]);
    expect(bits[0]).toHaveLength(8);
    expect(int8[0]).toHaveLength(256);
  });

  it('a 1 MB text is cut before tokenizing: it embeds like its first LOCAL_MAX_CHARS characters', async () => {
    const [whole] = await embedder.embedFloat([megabyte], 'document');
    const [head] = await embedder.embedFloat([megabyte.slice(0, LOCAL_MAX_CHARS)], 'document');
    expect(whole).toEqual(head);
    expect(LOCAL_MAX_CHARS).toBeGreaterThanOrEqual(LOCAL_MAX_TOKENS * 4);
  });

  it('bad texts in one batch with good ones leave the good ones unchanged', async () => {
    const good = 'escape html entities in a string';
    const [alone] = await embedder.embedFloat([good], 'document');
    const batch = await embedder.embedFloat(['', megabyte, good, '🚀🚀', '{}()'], 'document');
    expect(batch[2]).toEqual(alone);
  });
});
