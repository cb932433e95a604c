import { describe, expect, it } from 'vitest';
import { decodeContainer, encodeContainer } from './snapshot-container';

describe('snapshot container', () => {
  it('round-trips typed arrays (as aligned zero-copy views), Maps, Sets, nesting and unicode', () => {
    const value = {
      name: 'ünïcode — 名前',
      vectors: new Uint32Array([1, 2, 0xffffffff]),
      floats: new Float64Array([Math.PI, -0]),
      bytes: new Uint8Array([7, 8, 9]),
      nested: [{ ids: new Int32Array([-1, 5]) }, null, 3],
      map: new Map<string, unknown>([['a', new Uint16Array([4])], ['b', { deep: new Set([1, 2]) }]]),
      skipped: undefined,
    };
    const bytes = encodeContainer(value);
    const copy = new Uint8Array(bytes).buffer; // as fetch would hand it over: offset 0
    const back = decodeContainer<typeof value>(copy);
    expect(back.name).toBe(value.name);
    expect(back.vectors).toBeInstanceOf(Uint32Array);
    expect([...back.vectors]).toEqual([1, 2, 0xffffffff]);
    expect(back.vectors.buffer).toBe(copy);
    expect(back.vectors.byteOffset % 8).toBe(0);
    expect([...back.floats]).toEqual([Math.PI, -0]);
    expect([...back.bytes]).toEqual([7, 8, 9]);
    expect([...(back.nested[0] as { ids: Int32Array }).ids]).toEqual([-1, 5]);
    expect(back.nested.slice(1)).toEqual([null, 3]);
    expect(back.map).toBeInstanceOf(Map);
    expect([...(back.map.get('a') as Uint16Array)]).toEqual([4]);
    expect((back.map.get('b') as { deep: Set<number> }).deep).toEqual(new Set([1, 2]));
    expect('skipped' in back).toBe(false);
  });

  it('rejects what is not a container', () => {
    expect(() => decodeContainer(new TextEncoder().encode('{"json": true}').buffer as ArrayBuffer)).toThrow(/bad magic/);
  });
});
