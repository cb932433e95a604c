import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { encodeEmbeddingGraph, ONNX_PROTO, type EmbeddingGraph } from '../../../scripts/model-onnx';
import { NODE_MODELS_DIR } from '../../node/embedders';
import { DEFAULT_LOCAL_MODEL_ID, meanPoolNormalized } from './local';
import { loadStaticModel, type StaticTokenModel } from './static-model';

const MODEL_DIR = `${NODE_MODELS_DIR}${DEFAULT_LOCAL_MODEL_ID}`;

/** A graph of the shipped shape with other weights and sizes (as a retrained model would be). */
function randomGraph(vocabSize: number, dimensions: number, seed: number): EmbeddingGraph {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
  return {
    table: Int8Array.from({ length: vocabSize * dimensions }, () => Math.round(next() * 254) - 127),
    tokenScale: Float32Array.from({ length: 2 * vocabSize }, () => next() * 0.01 + 1e-4),
    vocabSize,
    dimensions,
    docString: 'test graph',
  };
}

function loaded(file: Uint8Array): StaticTokenModel {
  const load = loadStaticModel(file);
  if (!load.ok) throw new Error(`refused: ${load.rejection}`);
  return load.model;
}

/** The file re-encoded after `change` edits its decoded ModelProto (field names as protobufjs gives them). */
function edited(file: Uint8Array, change: (model: { graph: Record<string, Array<Record<string, unknown>>> }) => void) {
  const ModelProto = protobuf.parse(ONNX_PROTO, { keepCase: false }).root.lookupType('onnx.ModelProto');
  const model = ModelProto.toObject(ModelProto.decode(file), { defaults: false }) as {
    graph: Record<string, Array<Record<string, unknown>>>;
  };
  change(model);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}

/** What ONNX Runtime makes of the graph for these ids, pooled as local.ts pools it. */
async function viaOnnxRuntime(file: Uint8Array, ids: number[], side: 0 | 1, d: number): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(file);
  const dims = [1, ids.length];
  const int64 = (values: number[]) => new ort.Tensor('int64', BigInt64Array.from(values.map(BigInt)), dims);
  const out = await session.run({
    input_ids: int64(ids),
    attention_mask: int64(ids.map(() => 1)),
    token_type_ids: int64(ids.map(() => side)),
  });
  return meanPoolNormalized(out.last_hidden_state.data as Float32Array, 0, ids.length, d);
}

describe('the static token-table model (ONNX graph read without ONNX Runtime)', () => {
  it('reads the committed model: its table and scales, with the vocabulary of its tokenizer', () => {
    const model = loaded(readFileSync(`${MODEL_DIR}/onnx/model_quantized.onnx`));
    const vocab = Object.keys(
      (JSON.parse(readFileSync(`${MODEL_DIR}/tokenizer.json`, 'utf8')) as { model: { vocab: object } }).model.vocab,
    ).length;
    expect(model.vocabSize).toBe(vocab);
    expect(model.dimensions).toBe(256);
    expect(model.table.length).toBe(vocab * 256);
    expect(model.tokenScale.length).toBe(2 * vocab);
    expect(model.tokenScale.every((s) => Number.isFinite(s))).toBe(true);
  });

  it.each([
    [37, 32, 1],
    [1000, 64, 2],
  ])(
    'reads whatever weights the file holds (vocabulary %i × %i): bit for bit what ONNX Runtime computes, both sides',
    async (vocabSize, dimensions, seed) => {
      const graph = randomGraph(vocabSize, dimensions, seed);
      const file = encodeEmbeddingGraph(graph);
      const model = loaded(file);
      expect(model.vocabSize).toBe(vocabSize);
      expect(model.dimensions).toBe(dimensions);
      expect(model.table).toEqual(graph.table);
      expect(model.tokenScale).toEqual(graph.tokenScale);
      const ids = [0, vocabSize - 1, 5, 5, 17, 3, vocabSize >> 1];
      for (const side of [0, 1] as const) {
        const expected = await viaOnnxRuntime(file, ids, side, dimensions);
        expect(model.pool(ids, side ? 'query' : 'document')).toEqual(expected);
      }
    },
  );

  it('gives the zero vector for no tokens, and refuses a token id outside its table (as Gather does)', () => {
    const model = loaded(encodeEmbeddingGraph(randomGraph(10, 32, 3)));
    expect(model.pool([], 'query')).toEqual(new Float32Array(32));
    expect(() => model.pool([10], 'document')).toThrow(RangeError);
    expect(() => model.pool([-1], 'document')).toThrow(RangeError);
  });

  const shipped = encodeEmbeddingGraph(randomGraph(20, 32, 4));
  it.each<[string, Uint8Array, string]>([
    ['bytes that are not protobuf', new Uint8Array([0x0f, 0xff, 0xff]), 'unreadable'],
    ['a file cut in half', shipped.slice(0, shipped.length >> 1), 'unreadable'],
    [
      'another operator (Max for Min)',
      edited(shipped, (m) => {
        m.graph.node.find((n) => n.opType === 'Min')!.opType = 'Max';
      }),
      'other-graph',
    ],
    [
      'a node more (Relu after the output)',
      edited(shipped, (m) => {
        const last = m.graph.node.at(-1)!;
        last.output = ['pre_relu'];
        m.graph.node.push({ opType: 'Relu', input: ['pre_relu'], output: ['last_hidden_state'] });
      }),
      'other-graph',
    ],
    [
      'the scales gathered by input_ids alone (no side)',
      edited(shipped, (m) => {
        m.graph.node.find((n) => n.name === 'gather_scales')!.input = ['token_scale', 'input_ids'];
      }),
      'other-graph',
    ],
    [
      'a gather along axis 1',
      edited(shipped, (m) => {
        (m.graph.node[0].attribute as Array<Record<string, unknown>>)[0].i = 1;
      }),
      'other-graph',
    ],
    [
      'a float table',
      edited(shipped, (m) => {
        const table = m.graph.initializer.find((t) => t.name === 'table_q')!;
        table.dataType = 1;
      }),
      'other-initializers',
    ],
    [
      'a vocab_size constant that does not match the table',
      edited(shipped, (m) => {
        m.graph.initializer.find((t) => t.name === 'vocab_size')!.rawData = new Uint8Array([19, 0, 0, 0, 0, 0, 0, 0]);
      }),
      'other-initializers',
    ],
    [
      'a scale table of one side only',
      edited(shipped, (m) => {
        const scale = m.graph.initializer.find((t) => t.name === 'token_scale')!;
        scale.dims = [20, 1];
        scale.rawData = (scale.rawData as Uint8Array).slice(0, 80);
      }),
      'other-initializers',
    ],
  ])('refuses %s with a code, so the host runs ONNX Runtime instead', (_name, file, rejection) => {
    expect(loadStaticModel(file)).toEqual({ ok: false, rejection });
  });

  it('accepts the written graph with its values renamed (wiring, not names, is checked)', () => {
    const names = new Map([
      ['rows_q', 'q'],
      ['scale_index', 'at'],
    ]);
    const rename = (values: unknown) => (values as string[]).map((v) => names.get(v) ?? v);
    const renamed = edited(shipped, (m) => {
      for (const n of m.graph.node) {
        n.input = rename(n.input);
        n.output = rename(n.output);
      }
    });
    expect(loadStaticModel(renamed).ok).toBe(true);
  });
});
