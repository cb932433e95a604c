import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadExportedModel } from './model-evaluate';
import { MODEL_ID, configJson, quantize } from './model-export';
import { encodeEmbeddingGraph } from './model-onnx';
import { buildVocabulary, tokenizerConfigJson, tokenizerJson } from './model-tokenizer';

const BAD_INPUTS = [
  '',
  '{}[]();=>!== 🎉🚀✨',
  'x'.repeat(1_000_000),
  'parse the file '.repeat(700),
  'Lire le fichier de configuration — читать файл — 設定ファイルを読む',
];

function finiteUnit(v: Float32Array): boolean {
  return v.every(Number.isFinite) && Math.abs(Math.hypot(...v) - 1) < 1e-3;
}

describe('exported graph on a tiny real model', () => {
  // 4 specials, 4 words, 36 fallback letters/digits, 36 `##` pieces; 32 dimensions.
  const vocabulary = buildVocabulary(['parse', 'file', 'read', 'socket']);
  const V = vocabulary.length;
  const D = 32;
  const table = new Float32Array(V * D);
  for (let t = 4; t < V; t++) for (let d = 0; d < D; d++) table[t * D + d] = Math.sin(t * 7 + d * 3);
  const sideWeights = new Float32Array(2 * V).fill(1);
  const fileId = vocabulary.indexOf('file');
  sideWeights[fileId] = 0; // documents ignore "file"; queries keep it
  const dir = mkdtempSync(join(tmpdir(), 'fourfold-model-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const { table: q, tokenScale } = quantize({ vocabSize: V, dimensions: D, table, sideWeights });
  mkdirSync(join(dir, 'tiny', 'onnx'), { recursive: true });
  writeFileSync(
    join(dir, 'tiny', 'onnx', 'model_quantized.onnx'),
    encodeEmbeddingGraph({ table: q, tokenScale, vocabSize: V, dimensions: D, docString: 'test' }),
  );
  writeFileSync(join(dir, 'tiny', 'tokenizer.json'), JSON.stringify(tokenizerJson(vocabulary)));
  writeFileSync(join(dir, 'tiny', 'tokenizer_config.json'), JSON.stringify(tokenizerConfigJson(512)));
  writeFileSync(join(dir, 'tiny', 'config.json'), JSON.stringify(configJson(V, D)));

  it('applies each side its own token weights (token_type_ids 1 = query, 0 = document)', async () => {
    const embed = await loadExportedModel(dir, 'tiny');
    const [asQuery] = await embed(['parse file'], 'query');
    const [asDoc] = await embed(['parse file'], 'document');
    const [parseOnly] = await embed(['parse'], 'document');
    // The document side gives "file" weight 0: "parse file" as a document is "parse".
    for (let d = 0; d < D; d++) expect(asDoc[d]).toBeCloseTo(parseOnly[d], 4);
    expect(Math.abs(asQuery.reduce((s, x, d) => s + x * asDoc[d], 0))).toBeLessThan(0.999);
  });

  it('bad input gives a unit vector, never NaN', async () => {
    const embed = await loadExportedModel(dir, 'tiny');
    for (const side of ['query', 'document'] as const)
      for (const v of await embed(BAD_INPUTS, side)) expect(finiteUnit(v)).toBe(true);
  });
});

describe(`the committed model (public/models/${MODEL_ID})`, () => {
  it('embeds bad input on both sides as finite unit vectors', async () => {
    const embed = await loadExportedModel();
    for (const side of ['query', 'document'] as const) {
      const vectors = await embed(BAD_INPUTS, side);
      expect(vectors).toHaveLength(BAD_INPUTS.length);
      for (const v of vectors) {
        expect(v).toHaveLength(256);
        expect(finiteUnit(v)).toBe(true);
      }
    }
  });

  it('ranks the code a doc sentence describes above unrelated code', async () => {
    const embed = await loadExportedModel();
    const code = [
      'src/net.ts\nfunction connect\nfunction connect(host, port)\nconst socket = net.createConnection({ host, port }); socket.setTimeout(timeout); return socket;',
      'src/sort.ts\nfunction sortBy\nfunction sortBy(items, key)\nreturn items.slice().sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));',
      'src/hash.py\nfunction hash_password\ndef hash_password(password, salt)\nreturn hashlib.pbkdf2_hmac("sha256", password.encode(), salt, 100000)',
    ];
    const docs = await embed(code, 'document');
    const queries = await embed(
      [
        'Opens a TCP connection to the server.',
        'Returns a sorted copy of the list.',
        'Derive a key from the user password.',
      ],
      'query',
    );
    for (let i = 0; i < 3; i++) {
      const scores = docs.map((d) => d.reduce((s, x, k) => s + x * queries[i][k], 0));
      expect(scores.indexOf(Math.max(...scores))).toBe(i);
    }
  });
});
