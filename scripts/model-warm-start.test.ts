import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SeededRandom } from '../bench/eval/rng';
import { loadStaticModel } from '../src/engine/semantic/static-model';
import { REPO_ROOT } from './model-cache';
import { MODEL_ID } from './model-export';
import { baseVocabulary, extendVocabulary, type TokenizedPairs } from './model-tokenize';
import { encodeWithoutSpecials } from './model-tokenizer';
import { baseWeights, encodeBag, keepFrozen, repeatsPerLanguage } from './model-train';

describe('warm start from the committed model (FOURFOLD_MODEL_BASE)', () => {
  const base = baseVocabulary(MODEL_ID);
  // A Ruby word the shipped model has no token for, and one it has.
  const vocabulary = extendVocabulary(base, ['rspec', 'parse']);
  const vocab = new Map(vocabulary.map((t, i) => [t, i]));
  const question = encodeWithoutSpecials('parse the config file from env', vocab);
  const code = encodeWithoutSpecials('def load_config(path)\n  YAML.safe_load(File.read(path))\nend rspec', vocab);
  const all = Int32Array.from([...question, ...code]);
  const tok: TokenizedPairs = {
    vocabulary,
    pairs: [
      {
        pkg: 'debian:ruby-example',
        language: 'ruby',
        name: 'load_config',
        heldOut: false,
        query: [0, question.length],
        summary: null,
        code: [question.length, all.length],
        views: [],
        keywords: null,
      },
    ],
    heldOutText: {},
  };
  const file = readFileSync(join(REPO_ROOT, 'public', 'models', MODEL_ID, 'onnx', 'model_quantized.onnx'));
  const load = loadStaticModel(file);
  if (!load.ok) throw new Error(load.rejection);
  const shipped = load.model;
  const m = baseWeights(tok, all, new SeededRandom(1), MODEL_ID);

  it("keeps the base's ids and appends only the words it lacked", () => {
    expect(vocabulary.slice(0, base.length)).toEqual(base);
    expect(vocabulary.slice(base.length)).toEqual(['rspec']);
    expect(base.length).toBe(shipped.vocabSize);
  });

  it("gives the base model's vectors on both sides for text of its own tokens", () => {
    for (const [ids, side] of [
      [question, 'query'],
      [code.filter((id) => id < base.length), 'document'],
    ] as const) {
      const want = shipped.pool(ids, side);
      const counts = new Map<number, number>();
      for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      const bag = { ids: Int32Array.from(counts.keys()), counts: Float32Array.from(counts.values()) };
      const got = encodeBag(m, bag, side === 'query' ? 1 : 0).vector;
      let dot = 0;
      for (let d = 0; d < got.length; d++) dot += got[d] * want[d];
      expect(dot).toBeGreaterThan(0.99999);
    }
  });

  it('starts a new token from a random row of the fresh start’s size', () => {
    const t = vocab.get('rspec')!;
    const row = m.table.slice(t * m.dimensions, (t + 1) * m.dimensions);
    const rms = Math.sqrt(row.reduce((s, x) => s + x * x, 0) / m.dimensions);
    expect(rms).toBeGreaterThan(0.5 / Math.sqrt(m.dimensions));
    expect(rms).toBeLessThan(2 / Math.sqrt(m.dimensions));
    // The base tokens' rows were rescaled to that size too (so the optimiser's steps weigh alike).
    const p = vocab.get('parse')!;
    const baseRow = m.table.slice(p * m.dimensions, (p + 1) * m.dimensions);
    expect(Math.sqrt(baseRow.reduce((s, x) => s + x * x, 0) / m.dimensions)).toBeCloseTo(
      1 / Math.sqrt(m.dimensions),
      5,
    );
  });
});

describe('per-language repeats (FOURFOLD_MODEL_MIN_LANGUAGE_PAIRS)', () => {
  it('repeats only the languages under the floor, enough times to reach it', () => {
    const languages = [...Array(900).fill('go'), ...Array(120).fill('ruby'), ...Array(301).fill('c')];
    expect([...repeatsPerLanguage(languages, 600)]).toEqual([
      ['c', 2],
      ['ruby', 5],
    ]);
    expect(repeatsPerLanguage(languages, 0).size).toBe(0);
  });
});

describe('frozen base (FOURFOLD_MODEL_FREEZE_BASE)', () => {
  it("keeps the base tokens' rows and document weights out of a step, and their query weights and new tokens in", () => {
    // 6 tokens, the base had 4; 2 dimensions. Weights: documents 0–5, then queries 6–11.
    const rows = new Set([1, 3, 4, 5]);
    const gTable = Float32Array.from({ length: 12 }, (_, i) => i + 1);
    const weights = new Set([2, 3, 4, 8, 9, 10]);
    const gWeights = Float32Array.from({ length: 12 }, (_, i) => i + 1);
    keepFrozen(4, 2, rows, gTable, weights, gWeights);
    expect([...rows]).toEqual([4, 5]);
    expect([...gTable.slice(2, 4)]).toEqual([0, 0]);
    expect([...gTable.slice(8, 10)]).toEqual([9, 10]);
    expect([...weights]).toEqual([4, 8, 9, 10]);
    expect(gWeights[3]).toBe(0);
    expect(gWeights[8]).toBe(9);
  });
});
