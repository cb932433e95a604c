import { describe, expect, it } from 'vitest';
import { blankComments, commentRanges } from './blank';

describe('blankComments', () => {
  it('blanks line, block and doc comments and keeps every line break and column', () => {
    const src = [
      '/** Adds two numbers.',
      ' * @param a first */',
      'export function add(a: number, b: number) { // trailing',
      '  /* inline */ return a + b;',
      '}',
      '// end of file',
    ].join('\n');
    const out = blankComments('add.ts', src);
    expect(out.length).toBe(src.length);
    expect(out.split('\n').length).toBe(src.split('\n').length);
    expect(out).not.toMatch(/Adds|trailing|inline|end of file|@param/);
    expect(out).toContain('export function add(a: number, b: number) {');
    expect(out.split('\n')[3].indexOf('return')).toBe(src.split('\n')[3].indexOf('return'));
  });

  it('leaves comment-like text inside strings, templates and regular expressions alone', () => {
    const src = "const url = 'http://example.com'; const re = /\\/\\/x/g; const t = `a // b ${1 /* c */}`;\n";
    const out = blankComments('s.ts', src);
    expect(out).toContain("'http://example.com'");
    expect(out).toContain('/\\/\\/x/g');
    expect(out).toContain('`a // b ${1');
    expect(out).not.toContain('/* c */');
  });

  it('does not treat JSX text as a comment', () => {
    const src = 'const el = <p>see // this text</p>; // real comment\n';
    expect(commentRanges('a.tsx', src)).toHaveLength(1);
    expect(blankComments('a.tsx', src)).toContain('see // this text');
  });
});
