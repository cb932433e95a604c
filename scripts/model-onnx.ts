/**
 * Writes the local model's ONNX graph with protobufjs: a BERT-shaped signature (input_ids,
 * attention_mask, token_type_ids → last_hidden_state) around a token-embedding lookup, so
 * transformers.js's `feature-extraction` pipeline (mean pooling + normalize) turns it into a
 * sentence vector. The table is int8 with one float scale per row; the per-token weight of
 * each side is folded into that scale, so the scale table has two halves — documents
 * (token_type_ids 0) then queries (token_type_ids 1):
 *   side              = Min(token_type_ids, 1)
 *   last_hidden_state = Cast(Gather(table_q, input_ids)) × Gather(token_scale, input_ids + V·side)
 * attention_mask is accepted and unused (pooling applies the mask).
 * Only the message fields used here are declared; numbers follow onnx/onnx.proto.
 */
import protobuf from 'protobufjs';

export const ONNX_PROTO = `
syntax = "proto3";
package onnx;
message AttributeProto {
  string name = 1; float f = 2; int64 i = 3; bytes s = 4; TensorProto t = 5;
  repeated int64 ints = 8; int32 type = 20;
}
message ValueInfoProto { string name = 1; TypeProto type = 2; string doc_string = 3; }
message NodeProto {
  repeated string input = 1; repeated string output = 2; string name = 3; string op_type = 4;
  repeated AttributeProto attribute = 5; string domain = 7;
}
message StringStringEntryProto { string key = 1; string value = 2; }
message ModelProto {
  int64 ir_version = 1; string producer_name = 2; string producer_version = 3; string domain = 4;
  int64 model_version = 5; string doc_string = 6; GraphProto graph = 7;
  repeated OperatorSetIdProto opset_import = 8; repeated StringStringEntryProto metadata_props = 14;
}
message GraphProto {
  repeated NodeProto node = 1; string name = 2; repeated TensorProto initializer = 5; string doc_string = 10;
  repeated ValueInfoProto input = 11; repeated ValueInfoProto output = 12;
}
message TensorProto {
  repeated int64 dims = 1; int32 data_type = 2; string name = 8; bytes raw_data = 9;
}
message TensorShapeProto {
  message Dimension { oneof value { int64 dim_value = 1; string dim_param = 2; } }
  repeated Dimension dim = 1;
}
message TypeProto {
  message Tensor { int32 elem_type = 1; TensorShapeProto shape = 2; }
  oneof value { Tensor tensor_type = 1; }
}
message OperatorSetIdProto { string domain = 1; int64 version = 2; }
`;

/** onnx.TensorProto.DataType values used here. */
const FLOAT = 1;
const INT8 = 3;
const INT64 = 7;
/** onnx.AttributeProto.AttributeType.INT */
const ATTRIBUTE_INT = 2;
const IR_VERSION = 8;
const OPSET = 13;

export interface EmbeddingGraph {
  /** Row-major int8 table, vocabSize × dimensions. */
  table: Int8Array;
  /** Per token and side: dequantisation scale × that side's learned weight; length 2 × vocabSize (documents, then queries). */
  tokenScale: Float32Array;
  vocabSize: number;
  dimensions: number;
  docString: string;
}

function tensorInput(name: string, elemType: number, dims: (number | string)[]) {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
      },
    },
  };
}

function int64Bytes(n: number): Uint8Array {
  return new Uint8Array(BigInt64Array.from([BigInt(n)]).buffer);
}

export function encodeEmbeddingGraph(g: EmbeddingGraph): Uint8Array {
  if (g.tokenScale.length !== 2 * g.vocabSize)
    throw new Error('tokenScale must hold a documents half and a queries half');
  const root = protobuf.parse(ONNX_PROTO, { keepCase: false }).root;
  const ModelProto = root.lookupType('onnx.ModelProto');
  const model = {
    irVersion: IR_VERSION,
    producerName: 'fourfold scripts/model-export.ts',
    producerVersion: '1',
    modelVersion: 1,
    docString: g.docString,
    opsetImport: [{ domain: '', version: OPSET }],
    graph: {
      name: 'token_embedding_lookup',
      initializer: [
        {
          name: 'table_q',
          dims: [g.vocabSize, g.dimensions],
          dataType: INT8,
          rawData: new Uint8Array(g.table.buffer, g.table.byteOffset, g.table.byteLength),
        },
        {
          name: 'token_scale',
          dims: [2 * g.vocabSize, 1],
          dataType: FLOAT,
          rawData: new Uint8Array(g.tokenScale.buffer, g.tokenScale.byteOffset, g.tokenScale.byteLength),
        },
        { name: 'one', dims: [], dataType: INT64, rawData: int64Bytes(1) },
        { name: 'vocab_size', dims: [], dataType: INT64, rawData: int64Bytes(g.vocabSize) },
      ],
      node: [
        {
          opType: 'Gather',
          name: 'gather_rows',
          input: ['table_q', 'input_ids'],
          output: ['rows_q'],
          attribute: [{ name: 'axis', i: 0, type: ATTRIBUTE_INT }],
        },
        {
          opType: 'Cast',
          name: 'rows_to_float',
          input: ['rows_q'],
          output: ['rows_f'],
          attribute: [{ name: 'to', i: FLOAT, type: ATTRIBUTE_INT }],
        },
        { opType: 'Min', name: 'side', input: ['token_type_ids', 'one'], output: ['side'] },
        { opType: 'Mul', name: 'side_offset', input: ['side', 'vocab_size'], output: ['side_offset'] },
        { opType: 'Add', name: 'scale_index', input: ['input_ids', 'side_offset'], output: ['scale_index'] },
        {
          opType: 'Gather',
          name: 'gather_scales',
          input: ['token_scale', 'scale_index'],
          output: ['scales'],
          attribute: [{ name: 'axis', i: 0, type: ATTRIBUTE_INT }],
        },
        { opType: 'Mul', name: 'dequantize', input: ['rows_f', 'scales'], output: ['last_hidden_state'] },
      ],
      input: [
        tensorInput('input_ids', INT64, ['batch_size', 'sequence_length']),
        tensorInput('attention_mask', INT64, ['batch_size', 'sequence_length']),
        tensorInput('token_type_ids', INT64, ['batch_size', 'sequence_length']),
      ],
      output: [tensorInput('last_hidden_state', FLOAT, ['batch_size', 'sequence_length', g.dimensions])],
    },
  };
  const err = ModelProto.verify(model);
  if (err) throw new Error(`ONNX model does not verify: ${err}`);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}
