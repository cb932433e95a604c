import { describe, expect, it } from 'vitest';
import { BINARY_SNIFF_BYTES, classifyByName, classifyFile, DEFAULT_MAX_FILE_BYTES, extensionOf } from './classify';

const limits = { maxFileBytes: DEFAULT_MAX_FILE_BYTES };
const utf8 = (s: string) => new TextEncoder().encode(s);
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('classifyFile', () => {
  it('accepts UTF-8 text and strips a BOM', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('const café = 1;\n')]);
    expect(classifyFile('src/a.ts', withBom, limits)).toEqual({
      accept: true,
      text: 'const café = 1;\n',
      replacements: 0,
    });
    expect(classifyFile('empty.txt', new Uint8Array(0), limits)).toEqual({ accept: true, text: '', replacements: 0 });
  });

  it('calls a NUL byte in the first 8 KB binary, but not one after it', () => {
    const early = utf8('abc\0def');
    expect(classifyFile('data.txt', early, limits)).toMatchObject({
      accept: false,
      reason: 'binary',
      detail: 'binary: NUL byte at offset 3',
    });
    const late = new Uint8Array(BINARY_SNIFF_BYTES + 10).fill(0x61);
    late[BINARY_SNIFF_BYTES + 5] = 0;
    expect(classifyFile('late.txt', late, limits).accept).toBe(true);
  });

  it('skips known binary extensions by name, whatever the bytes', () => {
    expect(classifyFile('img/logo.PNG', utf8('not really a png'), limits)).toMatchObject({
      accept: false,
      reason: 'binary',
    });
    for (const path of ['a.woff2', 'b.wasm', 'c.pdf', 'd.tar.gz', 'e.jar', 'f.pyc', '.DS_Store']) {
      expect(classifyByName(path, 10, limits)?.reason, path).toBe('binary');
    }
    for (const path of ['a.svg', 'Makefile', '.env', 'x.min.js', 'y.lock'])
      expect(classifyByName(path, 10, limits), path).toBeNull();
    expect(extensionOf('dir.v2/Makefile')).toBe('');
  });

  it('skips a 5 MB minified one-line file as oversized and honours a configured limit', () => {
    const minified = new Uint8Array(5 * 1024 * 1024).fill(0x61);
    const verdict = classifyFile('dist/app.min.js', minified, limits);
    expect(verdict).toMatchObject({ accept: false, reason: 'oversized' });
    expect(verdict.accept === false && verdict.detail).toBe('too large: 5.0 MiB is over the 1.0 MiB file limit');
    const exactlyAtLimit = new Uint8Array(DEFAULT_MAX_FILE_BYTES).fill(0x61);
    expect(classifyFile('big.js', exactlyAtLimit, limits).accept).toBe(true);
    expect(classifyFile('big.js', exactlyAtLimit, { maxFileBytes: 1000 }).accept).toBe(false);
  });

  it('keeps a Latin-1 file with a few accents (replacement characters) and skips mostly-invalid bytes', () => {
    const code = 'function greet() {\n  return "hello";\n}\n'.repeat(20);
    const mostlyAscii = latin1(`// Author: José Müller\n${code}`);
    const kept = classifyFile('greet.js', mostlyAscii, limits);
    expect(kept).toMatchObject({ accept: true, replacements: 2 });
    expect(kept.accept && kept.text).toContain('// Author: Jos\uFFFD M\uFFFDller');

    const portuguese = latin1('ação é função à está você '.repeat(40));
    expect(classifyFile('notes.txt', portuguese, limits)).toMatchObject({ accept: false, reason: 'invalid-utf8' });

    let seed = 7;
    const noise = Uint8Array.from({ length: 4000 }, () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return 1 + (seed % 255); // no NUL, so only the UTF-8 check can catch it
    });
    const verdict = classifyFile('blob.txt', noise, limits);
    expect(verdict).toMatchObject({ accept: false, reason: 'invalid-utf8' });
    expect(verdict.accept === false && verdict.detail).toMatch(/^not UTF-8: \d+ invalid sequences/);
  });

  it('decodes UTF-16 with a byte-order mark (LE and BE) instead of calling its NUL bytes binary', () => {
    const source = 'export const café = "naïve";\n// 𝔘𝔫𝔦𝔠𝔬𝔡𝔢\n';
    const units = Array.from({ length: source.length }, (_, i) => source.charCodeAt(i));
    const le = new Uint8Array([0xff, 0xfe, ...units.flatMap((u) => [u & 0xff, u >> 8])]);
    const be = new Uint8Array([0xfe, 0xff, ...units.flatMap((u) => [u >> 8, u & 0xff])]);
    expect(classifyFile('src/le.ts', le, limits)).toEqual({ accept: true, text: source, replacements: 0 });
    expect(classifyFile('src/be.ts', be, limits)).toEqual({ accept: true, text: source, replacements: 0 });
    // UTF-32 LE starts with FF FE too: its characters decode with NULs between them, and it stays binary.
    const utf32 = new Uint8Array([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0, 0x62, 0, 0, 0]);
    expect(classifyFile('wide.txt', utf32, limits)).toMatchObject({ accept: false, reason: 'binary' });
    // Without a mark, the NUL bytes of UTF-16 mean binary, as before.
    expect(classifyFile('nobom.txt', le.subarray(2), limits)).toMatchObject({ accept: false, reason: 'binary' });
  });
});
