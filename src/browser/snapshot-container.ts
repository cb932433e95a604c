/**
 * A small binary container for an engine snapshot (or any structured-clone-able value), so a
 * prebuilt index loads in one fetch and one JSON.parse, with its typed arrays as zero-copy
 * views instead of base64 or number lists. Runs in Node (scripts/build-demo.ts writes it)
 * and in the browser (the index worker reads it).
 *
 * Layout (all integers little-endian):
 *   bytes 0–7   magic "FOURFLD2"
 *   bytes 8–11  u32 length of the JSON header, in bytes
 *   bytes 12–15 u32 checksumBytes (src/engine/store/checksum.ts) of the JSON header
 *   bytes 16–   the JSON header (UTF-8), then zero padding to a multiple of 8
 *   then        the binary section: every typed array's bytes, each starting at a multiple of 8
 * The header is {"value": the value with every typed array, ArrayBuffer, Map and Set replaced,
 * "specials": where each one goes}. A typed array's record is {p: path, ta: "Uint32Array",
 * o: byteOffset in the binary section, n: element count, c: checksumBytes of its bytes}; an
 * ArrayBuffer's {p, ab: offset, n: bytes, c}; a Map's is {p, map: true} (its place holds the
 * [key, value] pairs); a Set's is {p, set: true}. undefined becomes null. Every checksum is
 * checked when the container is decoded: a changed byte is 'damaged', never loaded.
 */
import { checksumBytes } from '../engine/store/checksum';

/**
 * Why a stored or shipped index cannot be loaded. The code decides what the page says and
 * offers; the sentence is worded from the code and its data.
 * - 'version': written in another snapshot format (`found`; this code reads `current`);
 * - 'incomplete': parts of it are missing from storage (an older layout, or a write cut short);
 * - 'format': not a Fourfold container at all, or cut short;
 * - 'damaged': its parts are there but do not load (`detail` says what the loader met).
 */
export type SnapshotProblem =
  | { code: 'version'; found: number; current: number }
  | { code: 'incomplete' }
  | { code: 'format'; detail: string }
  | { code: 'damaged'; detail: string };

export type SnapshotProblemCode = SnapshotProblem['code'];

export class SnapshotLoadError extends Error {
  readonly problem: SnapshotProblem;

  constructor(problem: SnapshotProblem, cause?: unknown) {
    super(snapshotProblemMessage(problem), { cause });
    this.name = 'SnapshotLoadError';
    this.problem = problem;
  }

  get code(): SnapshotProblemCode {
    return this.problem.code;
  }
}

function snapshotProblemMessage(problem: SnapshotProblem): string {
  switch (problem.code) {
    case 'version':
      return `Index format ${problem.found} is out of date (current ${problem.current})`;
    case 'incomplete':
      return "parts of it are missing from this browser's storage";
    case 'format':
      return `not a Fourfold index container (${problem.detail})`;
    case 'damaged':
      return problem.detail;
  }
}

/** Why the stored index of `name` cannot be opened, and the one action that fixes it. */
export function unreadableIndexMessage(name: string, error: SnapshotLoadError): string {
  const { problem } = error;
  let why: string;
  if (problem.code === 'version') {
    const age = problem.found < problem.current ? 'an older' : 'a newer';
    why = `was built by ${age} version of Fourfold (${error.message})`;
  } else if (problem.code === 'format') why = `is not a Fourfold index (${problem.detail})`;
  else why = `is damaged and cannot be read (${error.message})`;
  return `The stored index of ${name} ${why}. Resume it to build it again; your other repositories are untouched.`;
}

/**
 * Checked before a snapshot is loaded, so that one of another format is told by its code, not
 * by whatever its loader happens to say about it.
 */
export function checkSnapshotVersion(snapshot: { version: number }, current: number): void {
  if (snapshot.version !== current) throw new SnapshotLoadError({ code: 'version', found: snapshot.version, current });
}

const MAGIC = 'FOURFLD2';
/** Magic, header length, header checksum. */
const PREFIX = 16;
const ALIGN = 8;

type TypedArray =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array;

const TYPED_ARRAYS: Record<string, new (buffer: ArrayBuffer, byteOffset: number, length: number) => TypedArray> = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
};

function padded(n: number): number {
  return Math.ceil(n / ALIGN) * ALIGN;
}

type Step = string | number;
/** A value the JSON cannot hold, recorded by where it sits: restored after one plain JSON.parse (a reviver is 3× slower). */
type Special =
  | { p: Step[]; ta: string; o: number; n: number; c: number }
  | { p: Step[]; ab: number; n: number; c: number }
  | { p: Step[]; map: true }
  | { p: Step[]; set: true };

export function encodeContainer(value: unknown): Uint8Array {
  const parts: Uint8Array[] = [];
  const specials: Special[] = [];
  let binaryLength = 0;
  const place = (bytes: Uint8Array): number => {
    const offset = binaryLength;
    parts.push(bytes);
    binaryLength += padded(bytes.byteLength);
    return offset;
  };
  const path: Step[] = [];
  // Post-order: a Map's entries are restored before the Map itself is rebuilt from them.
  const plain = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v === undefined ? null : v;
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      const bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength).slice();
      specials.push({
        p: [...path],
        ta: v.constructor.name,
        o: place(bytes),
        n: (v as TypedArray).length,
        c: checksumBytes(bytes),
      });
      return null;
    }
    if (v instanceof ArrayBuffer) {
      const bytes = new Uint8Array(v.slice(0));
      specials.push({ p: [...path], ab: place(bytes), n: v.byteLength, c: checksumBytes(bytes) });
      return null;
    }
    const walk = (items: unknown[]) =>
      items.map((item, i) => {
        path.push(i);
        const out = plain(item);
        path.pop();
        return out;
      });
    if (v instanceof Map) {
      const out = walk([...v.entries()]);
      specials.push({ p: [...path], map: true });
      return out;
    }
    if (v instanceof Set) {
      const out = walk([...v]);
      specials.push({ p: [...path], set: true });
      return out;
    }
    if (Array.isArray(v)) return walk(v);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      if (item === undefined || typeof item === 'function') continue;
      path.push(key);
      out[key] = plain(item);
      path.pop();
    }
    return out;
  };
  const header = JSON.stringify({ value: plain(value), specials });
  const headerBytes = new TextEncoder().encode(header);
  const start = padded(PREFIX + headerBytes.byteLength);
  const out = new Uint8Array(start + binaryLength);
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(8, headerBytes.byteLength, true);
  new DataView(out.buffer).setUint32(12, checksumBytes(headerBytes), true);
  out.set(headerBytes, PREFIX);
  let at = start;
  for (const part of parts) {
    out.set(part, at);
    at += padded(part.byteLength);
  }
  return out;
}

/**
 * The checksum a container records for its header, read without decoding it. The header holds
 * every part's checksum, so this one number names the whole container: a store that keeps it
 * beside the container can tell the container it wrote from any other.
 */
export function containerChecksum(bytes: Uint8Array): number {
  if (bytes.byteLength < PREFIX) throw new SnapshotLoadError({ code: 'format', detail: 'truncated' });
  return new DataView(bytes.buffer, bytes.byteOffset, PREFIX).getUint32(12, true);
}

export function decodeContainer<T = unknown>(buffer: ArrayBuffer): T {
  const bytes = new Uint8Array(buffer);
  if (new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC)
    throw new SnapshotLoadError({ code: 'format', detail: 'bad magic' });
  if (buffer.byteLength < PREFIX) throw new SnapshotLoadError({ code: 'format', detail: 'truncated' });
  const headerLength = new DataView(buffer).getUint32(8, true);
  const base = padded(PREFIX + headerLength);
  if (base > buffer.byteLength) throw new SnapshotLoadError({ code: 'format', detail: 'truncated' });
  const headerBytes = bytes.subarray(PREFIX, PREFIX + headerLength);
  if (checksumBytes(headerBytes) !== new DataView(buffer).getUint32(12, true))
    throw new SnapshotLoadError({ code: 'damaged', detail: 'the container header does not match its checksum' });
  const root = JSON.parse(new TextDecoder().decode(headerBytes)) as {
    value: unknown;
    specials: Special[];
  };
  const checked = (offset: number, length: number, expected: number): void => {
    if (base + offset + length > buffer.byteLength)
      throw new SnapshotLoadError({ code: 'format', detail: 'truncated' });
    if (checksumBytes(bytes.subarray(base + offset, base + offset + length)) !== expected)
      throw new SnapshotLoadError({
        code: 'damaged',
        detail: 'a section of the container does not match its checksum',
      });
  };
  const holder: Record<Step, unknown> = { value: root.value };
  for (const special of root.specials) {
    let parent = holder as Record<Step, unknown>;
    let key: Step = 'value';
    for (const step of special.p) {
      parent = parent[key] as Record<Step, unknown>;
      key = step;
    }
    if ('ta' in special) {
      const Type = TYPED_ARRAYS[special.ta];
      if (!Type) throw new SnapshotLoadError({ code: 'format', detail: `unknown typed array ${special.ta}` });
      const byteLength = special.n * (Type as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
      checked(special.o, byteLength, special.c);
      parent[key] = new Type(buffer, base + special.o, special.n);
    } else if ('ab' in special) {
      checked(special.ab, special.n, special.c);
      parent[key] = buffer.slice(base + special.ab, base + special.ab + special.n);
    } else if ('map' in special) parent[key] = new Map(parent[key] as [unknown, unknown][]);
    else parent[key] = new Set(parent[key] as unknown[]);
  }
  return holder.value as T;
}
