import { describe, expect, it } from 'vitest';
import {
  checkSnapshotVersion,
  decodeContainer,
  encodeContainer,
  SnapshotLoadError,
  unreadableIndexMessage,
} from './snapshot-container';

describe('snapshot container', () => {
  it('round-trips typed arrays (as aligned zero-copy views), Maps, Sets, nesting and unicode', () => {
    const value = {
      name: 'ünïcode — 名前',
      vectors: new Uint32Array([1, 2, 0xffffffff]),
      floats: new Float64Array([Math.PI, -0]),
      bytes: new Uint8Array([7, 8, 9]),
      nested: [{ ids: new Int32Array([-1, 5]) }, null, 3],
      map: new Map<string, unknown>([
        ['a', new Uint16Array([4])],
        ['b', { deep: new Set([1, 2]) }],
      ]),
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
    expect(() => decodeContainer(new TextEncoder().encode('{"json": true}').buffer as ArrayBuffer)).toThrow(
      /bad magic/,
    );
  });
});

describe('snapshot load problems', () => {
  const codeOf = (run: () => unknown): string | undefined => {
    try {
      run();
    } catch (error) {
      return error instanceof SnapshotLoadError ? error.code : 'not a SnapshotLoadError';
    }
    return undefined;
  };

  it('gives what is not a container, or is cut short, the format code', () => {
    expect(codeOf(() => decodeContainer(new TextEncoder().encode('{"json": true}').buffer as ArrayBuffer))).toBe(
      'format',
    );
    const bytes = encodeContainer({ a: new Uint32Array(64) });
    const header = new DataView(bytes.buffer).getUint32(8, true);
    expect(codeOf(() => decodeContainer(bytes.slice(0, 12 + header - 4).buffer))).toBe('format');
  });

  it('tells a snapshot of another format version by its code, and words the message from its versions', () => {
    expect(codeOf(() => checkSnapshotVersion({ version: 3 }, 3))).toBeUndefined();
    let older: SnapshotLoadError | undefined;
    try {
      checkSnapshotVersion({ version: 2 }, 3);
    } catch (error) {
      older = error as SnapshotLoadError;
    }
    expect(older?.problem).toEqual({ code: 'version', found: 2, current: 3 });
    expect(unreadableIndexMessage('preact', older!)).toBe(
      'The stored index of preact was built by an older version of Fourfold (Index format 2 is out of date (current 3)). Resume it to build it again; your other repositories are untouched.',
    );
    const newer = new SnapshotLoadError({ code: 'version', found: 4, current: 3 });
    expect(unreadableIndexMessage('preact', newer)).toMatch(
      /^The stored index of preact was built by a newer version of Fourfold \(/,
    );
  });

  it('words a damaged or incomplete index as damaged, with what the loader met', () => {
    const damaged = new SnapshotLoadError({ code: 'damaged', detail: 'trigrams is not an array' });
    expect(unreadableIndexMessage('x', damaged)).toBe(
      'The stored index of x is damaged and cannot be read (trigrams is not an array). Resume it to build it again; your other repositories are untouched.',
    );
    expect(unreadableIndexMessage('x', new SnapshotLoadError({ code: 'incomplete' }))).toMatch(
      /^The stored index of x is damaged and cannot be read \(parts of it are missing/,
    );
  });
});

describe('snapshot container checksums', () => {
  const codeOf = (buffer: ArrayBuffer): string => {
    try {
      decodeContainer(buffer);
    } catch (error) {
      return error instanceof SnapshotLoadError ? error.code : 'not a SnapshotLoadError';
    }
    return 'read';
  };
  const texts = new TextEncoder().encode('export function alpha() {}\nexport const beta = 2;\n');
  const bytes = encodeContainer({ version: 4, texts: { utf8: texts, ends: new Uint32Array([27, texts.length]) } });

  it('a changed byte in a stored file text is damaged, never loaded', () => {
    expect(codeOf(new Uint8Array(bytes).buffer)).toBe('read');
    const changed = new Uint8Array(bytes);
    const start = new TextDecoder('latin1').decode(changed).indexOf('beta');
    expect(start).toBeGreaterThan(0);
    changed[start] ^= 0x01; // 'beta' → 'ceta': same length, still valid UTF-8
    expect(codeOf(changed.buffer)).toBe('damaged');
  });

  it('a changed byte in the header is damaged', () => {
    const changed = new Uint8Array(bytes);
    const start = new TextDecoder('latin1').decode(changed).indexOf('"version":4');
    changed[start + 10] = '5'.charCodeAt(0);
    expect(codeOf(changed.buffer)).toBe('damaged');
  });
});
