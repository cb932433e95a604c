/**
 * The bundled model without ONNX Runtime. Its graph (written by scripts/model-onnx.ts) is a
 * static bag of sub-tokens:
 *
 *   last_hidden_state = Cast(Gather(table_q, input_ids))
 *                       × Gather(token_scale, input_ids + Min(token_type_ids, 1) · vocab_size)
 *
 * so a text's vector is the sum of its tokens' int8 rows, each times its per-side scale,
 * normalised (local.ts pools the same way). Starting ONNX Runtime for that cost seconds in a
 * tab (compiling its wasm) and a share of every CLI question that embeds; reading the
 * initializers here costs milliseconds.
 *
 * The file is checked to be exactly that graph (op types, wiring, attributes, initializer types
 * and shapes), whatever weights and vocabulary size it holds; any other graph is refused with a
 * code, and the host runs it with ONNX Runtime instead.
 *
 * Same numbers as ONNX Runtime: each product is rounded to float32 as its Mul does (the int8 ×
 * float32 product is exact in a double, so Math.fround rounds it once, like a float32 multiply),
 * and the sum over tokens runs in the same order as meanPoolNormalized over its output.
 */
import type { EmbedInputType } from './embedder';
import { normalizedSum } from './local';
import { ONNX_TYPE, readOnnxGraph, type OnnxGraph, type OnnxNode, type OnnxTensor } from './onnx-graph';
import { ProtobufError } from './protobuf';

/** Why a model file is not run here (the host falls back to ONNX Runtime). */
export type StaticModelRejection =
  /** Not a protobuf message, or no graph in it. */
  | 'unreadable'
  /** Another graph than the static token table (other operators, wiring, inputs or outputs). */
  | 'other-graph'
  /** The right graph, but an initializer's type, shape or storage is not the one written by scripts/model-onnx.ts. */
  | 'other-initializers';

export type StaticModelLoad = { ok: true; model: StaticTokenModel } | { ok: false; rejection: StaticModelRejection };

/** Token ids the runner hands over: [CLS] … [SEP] included, already cut to length. */
export interface PoolingModel {
  readonly dimensions: number;
  /** The L2-normalised mean of the tokens' rows (all zeros when they sum to zero). */
  pool(ids: readonly number[], inputType: EmbedInputType): Float32Array;
}

export class StaticTokenModel implements PoolingModel {
  constructor(
    /** Row-major, vocabSize × dimensions. */
    readonly table: Int8Array,
    /** Per token and side: documents (token_type_ids 0) then queries (1); length 2 × vocabSize. */
    readonly tokenScale: Float32Array,
    readonly vocabSize: number,
    readonly dimensions: number,
  ) {}

  pool(ids: readonly number[], inputType: EmbedInputType): Float32Array {
    const { table, tokenScale, vocabSize, dimensions: d } = this;
    const side = inputType === 'query' ? vocabSize : 0;
    const sum = new Float64Array(d);
    for (const id of ids) {
      // Gather refuses an index outside the table; so does this, rather than read a wrong row.
      if (!(id >= 0 && id < vocabSize)) throw new RangeError(`token id ${id} is outside the model's table`);
      const scale = tokenScale[id + side];
      const row = id * d;
      // Unrolled by 4, each dimension still summed in token order (the same numbers): the
      // loop is most of a build's embedding after tokenizing.
      let k = 0;
      for (; k + 4 <= d; k += 4) {
        sum[k] += Math.fround(table[row + k] * scale);
        sum[k + 1] += Math.fround(table[row + k + 1] * scale);
        sum[k + 2] += Math.fround(table[row + k + 2] * scale);
        sum[k + 3] += Math.fround(table[row + k + 3] * scale);
      }
      for (; k < d; k++) sum[k] += Math.fround(table[row + k] * scale);
    }
    return normalizedSum(sum);
  }
}

const TABLE_OPS = ['Gather', 'Cast', 'Min', 'Mul', 'Add', 'Gather', 'Mul'];

/** Reads a model file; refuses (with a code) anything but the static token-table graph. */
export function loadStaticModel(file: Uint8Array): StaticModelLoad {
  let graph: OnnxGraph | undefined;
  try {
    graph = readOnnxGraph(file);
  } catch (error) {
    if (error instanceof ProtobufError) return { ok: false, rejection: 'unreadable' };
    throw error;
  }
  if (!graph) return { ok: false, rejection: 'unreadable' };
  const names = tableGraphNames(graph);
  if (!names) return { ok: false, rejection: 'other-graph' };
  const model = tableModel(graph, names);
  return model ? { ok: true, model } : { ok: false, rejection: 'other-initializers' };
}

interface TableGraphNames {
  table: string;
  scale: string;
  one: string;
  vocab: string;
}

/**
 * The initializer names when the graph is exactly the one scripts/model-onnx.ts writes, found by
 * following last_hidden_state back through its producers (so value names may differ).
 */
function tableGraphNames(graph: OnnxGraph): TableGraphNames | undefined {
  const { nodes, inputs, outputs } = graph;
  if (graph.hasSparseInitializers || nodes.length !== TABLE_OPS.length) return undefined;
  if ([...nodes.map((n) => n.opType)].sort().join() !== [...TABLE_OPS].sort().join()) return undefined;
  if (nodes.some((n) => n.domain !== '' || n.outputs.length !== 1 || n.otherAttributes.length > 0)) return undefined;
  if (inputs.join() !== 'input_ids,attention_mask,token_type_ids' || outputs.join() !== 'last_hidden_state')
    return undefined;
  const producer = new Map(nodes.map((n) => [n.outputs[0], n]));
  const used = new Set<OnnxNode>();
  const node = (output: string, opType: string, ints: Record<string, number> = {}): OnnxNode | undefined => {
    const n = producer.get(output);
    if (!n || n.opType !== opType || n.inputs.length !== 2 || used.has(n)) return undefined;
    if (n.intAttributes.size !== Object.keys(ints).length) return undefined;
    for (const [name, value] of Object.entries(ints)) if (n.intAttributes.get(name) !== value) return undefined;
    used.add(n);
    return n;
  };
  const dequantize = node('last_hidden_state', 'Mul');
  if (!dequantize) return undefined;
  const cast = producer.get(dequantize.inputs[0]);
  if (cast?.opType !== 'Cast' || cast.inputs.length !== 1 || cast.intAttributes.get('to') !== ONNX_TYPE.float)
    return undefined;
  used.add(cast);
  const rows = node(cast.inputs[0], 'Gather', { axis: 0 });
  const scales = node(dequantize.inputs[1], 'Gather', { axis: 0 });
  if (rows?.inputs[1] !== 'input_ids' || !scales) return undefined;
  const index = node(scales.inputs[1], 'Add');
  if (index?.inputs[0] !== 'input_ids') return undefined;
  const offset = node(index.inputs[1], 'Mul');
  const side = offset && node(offset.inputs[0], 'Min');
  if (!offset || side?.inputs[0] !== 'token_type_ids' || used.size !== nodes.length) return undefined;
  return { table: rows.inputs[0], scale: scales.inputs[0], one: side.inputs[1], vocab: offset.inputs[1] };
}

function tableModel(graph: OnnxGraph, names: TableGraphNames): StaticTokenModel | undefined {
  const tensor = (name: string, dataType: number, rank: number): OnnxTensor | undefined => {
    const t = graph.initializers.get(name);
    return t?.dataType === dataType && t.dims.length === rank && t.rawData ? t : undefined;
  };
  const table = tensor(names.table, ONNX_TYPE.int8, 2);
  const scale = tensor(names.scale, ONNX_TYPE.float, 2);
  const one = tensor(names.one, ONNX_TYPE.int64, 0);
  const vocab = tensor(names.vocab, ONNX_TYPE.int64, 0);
  if (!table?.rawData || !scale?.rawData || !one?.rawData || !vocab?.rawData) return undefined;
  const [vocabSize, dimensions] = table.dims;
  if (!(vocabSize > 0) || !(dimensions > 0) || table.rawData.length !== vocabSize * dimensions) return undefined;
  if (scale.dims[0] !== 2 * vocabSize || scale.dims[1] !== 1 || scale.rawData.length !== 8 * vocabSize)
    return undefined;
  if (int64(one.rawData) !== 1 || int64(vocab.rawData) !== vocabSize) return undefined;
  const raw = table.rawData;
  const scaleBytes = new DataView(scale.rawData.buffer, scale.rawData.byteOffset, scale.rawData.byteLength);
  const tokenScale = new Float32Array(2 * vocabSize);
  for (let i = 0; i < tokenScale.length; i++) tokenScale[i] = scaleBytes.getFloat32(4 * i, true);
  return new StaticTokenModel(
    new Int8Array(raw.buffer, raw.byteOffset, raw.byteLength),
    tokenScale,
    vocabSize,
    dimensions,
  );
}

/** A little-endian int64 scalar (undefined unless it is 8 bytes and fits a double exactly). */
function int64(bytes: Uint8Array): number | undefined {
  if (bytes.length !== 8) return undefined;
  const value = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigInt64(0, true);
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : undefined;
}
