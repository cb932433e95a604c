/**
 * The part of an ONNX model file (onnx/onnx.proto) that static-model.ts checks and reads: the
 * graph's nodes, its initializers (with their raw bytes), and the names of its inputs and
 * outputs. Field numbers are onnx.proto's; every other field is skipped.
 */
import { fieldText, readMessage, repeatedVarints, WIRE, type ProtobufField } from './protobuf';

/** onnx.TensorProto.DataType values read here. */
export const ONNX_TYPE = { float: 1, int8: 3, int64: 7 } as const;
/** onnx.AttributeProto.AttributeType.INT */
const ATTRIBUTE_INT = 2;

export interface OnnxTensor {
  name: string;
  dims: number[];
  dataType: number;
  /** `raw_data`, little-endian; undefined when the values are elsewhere (typed fields or external data). */
  rawData: Uint8Array | undefined;
}

export interface OnnxNode {
  opType: string;
  /** '' is the default ONNX domain. */
  domain: string;
  inputs: string[];
  outputs: string[];
  /** INT attributes by name (axis, to); attributes of other types are listed in `otherAttributes`. */
  intAttributes: Map<string, number>;
  otherAttributes: string[];
}

export interface OnnxGraph {
  nodes: OnnxNode[];
  initializers: Map<string, OnnxTensor>;
  inputs: string[];
  outputs: string[];
  /** Fields of the graph that hold computation this reader does not model (sparse initializers). */
  hasSparseInitializers: boolean;
}

/** ModelProto.graph */
const MODEL_GRAPH = 7;
/** GraphProto fields */
const GRAPH = { node: 1, initializer: 5, input: 11, output: 12, sparseInitializer: 15 } as const;
/** NodeProto fields */
const NODE = { input: 1, output: 2, opType: 4, attribute: 5, domain: 7 } as const;
/** AttributeProto fields */
const ATTRIBUTE = { name: 1, i: 3, type: 20 } as const;
/** TensorProto fields */
const TENSOR = { dims: 1, dataType: 2, name: 8, rawData: 9 } as const;
/** ValueInfoProto.name */
const VALUE_INFO_NAME = 1;

function texts(fields: ProtobufField[], field: number): string[] {
  return fields.filter((f) => f.field === field && f.wire === WIRE.len).map(fieldText);
}

function lastVarint(fields: ProtobufField[], field: number): number | undefined {
  let value: number | undefined;
  for (const f of fields) if (f.field === field && f.wire === WIRE.varint) value = f.varint;
  return value;
}

function readTensor(bytes: Uint8Array): OnnxTensor {
  const fields = readMessage(bytes);
  const raw = fields.filter((f) => f.field === TENSOR.rawData && f.wire === WIRE.len);
  return {
    name: texts(fields, TENSOR.name).at(-1) ?? '',
    dims: repeatedVarints(fields, TENSOR.dims),
    dataType: lastVarint(fields, TENSOR.dataType) ?? 0,
    rawData: raw.at(-1)?.bytes,
  };
}

function readNode(bytes: Uint8Array): OnnxNode {
  const fields = readMessage(bytes);
  const intAttributes = new Map<string, number>();
  const otherAttributes: string[] = [];
  for (const f of fields) {
    if (f.field !== NODE.attribute || f.wire !== WIRE.len) continue;
    const attribute = readMessage(f.bytes);
    const name = texts(attribute, ATTRIBUTE.name).at(-1) ?? '';
    // proto3 leaves a zero out: an INT attribute without `i` is 0 (axis 0).
    if (lastVarint(attribute, ATTRIBUTE.type) === ATTRIBUTE_INT)
      intAttributes.set(name, lastVarint(attribute, ATTRIBUTE.i) ?? 0);
    else otherAttributes.push(name);
  }
  return {
    opType: texts(fields, NODE.opType).at(-1) ?? '',
    domain: texts(fields, NODE.domain).at(-1) ?? '',
    inputs: texts(fields, NODE.input),
    outputs: texts(fields, NODE.output),
    intAttributes,
    otherAttributes,
  };
}

/** The graph of an ONNX model file; throws ProtobufError when the bytes are not a protobuf message. */
export function readOnnxGraph(model: Uint8Array): OnnxGraph | undefined {
  const graphField = readMessage(model).findLast((f) => f.field === MODEL_GRAPH && f.wire === WIRE.len);
  if (!graphField) return undefined;
  const fields = readMessage(graphField.bytes);
  const initializers = new Map<string, OnnxTensor>();
  const nodes: OnnxNode[] = [];
  const inputs: string[] = [];
  const outputs: string[] = [];
  let hasSparseInitializers = false;
  for (const f of fields) {
    if (f.wire !== WIRE.len) continue;
    if (f.field === GRAPH.node) nodes.push(readNode(f.bytes));
    else if (f.field === GRAPH.initializer) {
      const tensor = readTensor(f.bytes);
      initializers.set(tensor.name, tensor);
    } else if (f.field === GRAPH.input) inputs.push(texts(readMessage(f.bytes), VALUE_INFO_NAME).at(-1) ?? '');
    else if (f.field === GRAPH.output) outputs.push(texts(readMessage(f.bytes), VALUE_INFO_NAME).at(-1) ?? '');
    else if (f.field === GRAPH.sparseInitializer) hasSparseInitializers = true;
  }
  return { nodes, initializers, inputs, outputs, hasSparseInitializers };
}
