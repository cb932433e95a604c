import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../bench/eval/rng';
import { createNodeLocalEmbedder } from '../src/node/embedders';
import { configJson, quantize } from './model-export';
import { encodeEmbeddingGraph } from './model-onnx';
import { chooseWords, type TokenizedPairs, vocabularyThresholds } from './model-tokenize';
import { buildVocabulary, encodeWithoutSpecials, tokenizerConfigJson, tokenizerJson } from './model-tokenizer';
import { DIMENSIONS, dimensionsSetting, initialWeights } from './model-train';

describe('the table width (FOURFOLD_MODEL_DIMENSIONS)', () => {
  it('is 256 unless set, and only a positive multiple of 32 when set', () => {
    expect(dimensionsSetting(undefined)).toBe(256);
    expect(dimensionsSetting('')).toBe(256);
    expect(dimensionsSetting('512')).toBe(512);
    expect(dimensionsSetting('384')).toBe(384);
    for (const bad of ['500', '0', '-256', 'wide', '256.5'])
      expect(() => dimensionsSetting(bad), bad).toThrow(/multiple of 32/);
    // The test run does not set it: the module's width is the shipped one.
    if (process.env.FOURFOLD_MODEL_DIMENSIONS === undefined) expect(DIMENSIONS).toBe(256);
  });

  describe('a 512-wide model, trained start to exported file, runs in the engine', () => {
    const vocabulary = buildVocabulary(['parse', 'config', 'file', 'socket', 'connect', 'retry']);
    const vocab = new Map(vocabulary.map((t, i) => [t, i]));
    const texts = [
      'parse the config file',
      'def load(path): parse config file',
      'connect a socket',
      'socket.connect()',
    ];
    const ids = texts.map((t) => encodeWithoutSpecials(t, vocab));
    const all = Int32Array.from(ids.flat());
    const at = (k: number): [number, number] => {
      const from = ids.slice(0, k).reduce((n, x) => n + x.length, 0);
      return [from, from + ids[k].length];
    };
    const pair = (pkg: string, q: number, c: number): TokenizedPairs['pairs'][number] => ({
      pkg,
      language: 'python',
      name: pkg,
      heldOut: false,
      query: at(q),
      summary: null,
      code: at(c),
      views: [],
      keywords: null,
    });
    const tok: TokenizedPairs = {
      vocabulary,
      pairs: [pair('npm:a', 0, 1), pair('npm:b', 2, 3)],
      heldOutText: {},
    };
    const dir = mkdtempSync(join(tmpdir(), 'fourfold-wide-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('gives 512-wide rows from the start, and the default start is unchanged at 256', () => {
      const wide = initialWeights(tok, all, new SeededRandom(7), 512);
      expect(wide.dimensions).toBe(512);
      expect(wide.table).toHaveLength(vocabulary.length * 512);
      // The width is the only argument that changed: the default call draws exactly what 256 draws.
      const byDefault = initialWeights(tok, all, new SeededRandom(7));
      const at256 = initialWeights(tok, all, new SeededRandom(7), 256);
      expect(byDefault.table).toEqual(at256.table);
      expect(byDefault.sideWeights).toEqual(wide.sideWeights);
    });

    it('exports a graph whose 512-wide vectors the Node embedder reads and ranks', async () => {
      const m = initialWeights(tok, all, new SeededRandom(7), 512);
      const { table, tokenScale } = quantize(m);
      const out = join(dir, 'wide');
      mkdirSync(join(out, 'onnx'), { recursive: true });
      writeFileSync(
        join(out, 'onnx', 'model_quantized.onnx'),
        encodeEmbeddingGraph({ table, tokenScale, vocabSize: m.vocabSize, dimensions: 512, docString: 'test' }),
      );
      writeFileSync(join(out, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocabulary)));
      writeFileSync(join(out, 'tokenizer_config.json'), JSON.stringify(tokenizerConfigJson(512)));
      writeFileSync(join(out, 'config.json'), JSON.stringify(configJson(m.vocabSize, 512)));
      const embedder = await createNodeLocalEmbedder({ modelId: 'wide', modelsDir: `${dir}/` });
      expect(embedder.dimensions).toBe(512);
      const [q] = await embedder.embedFloat(['connect socket'], 'query');
      const docs = await embedder.embedFloat(['def load(path): parse config file', 'socket.connect()'], 'document');
      expect(q).toHaveLength(512);
      const cos = docs.map((d) => d.reduce((s, x, k) => s + x * q[k], 0));
      expect(cos[1]).toBeGreaterThan(cos[0]);
      // What the index stores per chunk: 512 sign bits (16 words) and 512 int8 values.
      const stored = await embedder.embedDocuments(['socket.connect()']);
      expect(stored.bits[0]).toHaveLength(16);
      expect(stored.int8[0]).toHaveLength(512);
    });
  });
});

describe('the vocabulary thresholds (FOURFOLD_MODEL_MIN_PAIRS_PER_WORD, …_MIN_PACKAGES_PER_WORD, …_VOCAB_WORDS)', () => {
  // "backoff" is in two pairs of two packages, "jitter" in two pairs of one, "retry" in four of three.
  const texts = [
    { pkg: 'a', words: ['retry', 'backoff', 'jitter'] },
    { pkg: 'a', words: ['retry', 'jitter'] },
    { pkg: 'b', words: ['retry', 'backoff'] },
    { pkg: 'c', words: ['retry'] },
  ];

  it('are the shipped values unless set', () => {
    expect(vocabularyThresholds({})).toEqual({ minPairs: 3, minPackages: 2, maxWords: 30_000 });
    expect(chooseWords(texts, vocabularyThresholds({}))).toEqual(['retry']);
  });

  it('keep rarer words whole when lowered, and cap the count when set', () => {
    const two = vocabularyThresholds({ FOURFOLD_MODEL_MIN_PAIRS_PER_WORD: '2' });
    expect(two).toEqual({ minPairs: 2, minPackages: 2, maxWords: 30_000 });
    expect(chooseWords(texts, two)).toEqual(['retry', 'backoff']);
    const onePackage = vocabularyThresholds({
      FOURFOLD_MODEL_MIN_PAIRS_PER_WORD: '2',
      FOURFOLD_MODEL_MIN_PACKAGES_PER_WORD: '1',
    });
    expect(chooseWords(texts, onePackage)).toEqual(['retry', 'backoff', 'jitter']);
    expect(chooseWords(texts, { ...onePackage, maxWords: 2 })).toEqual(['retry', 'backoff']);
    expect(vocabularyThresholds({ FOURFOLD_MODEL_VOCAB_WORDS: '50000' }).maxWords).toBe(50_000);
  });

  it('refuse what is not a positive whole number', () => {
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => vocabularyThresholds({ FOURFOLD_MODEL_MIN_PAIRS_PER_WORD: bad }), bad).toThrow(
        /FOURFOLD_MODEL_MIN_PAIRS_PER_WORD/,
      );
  });
});
