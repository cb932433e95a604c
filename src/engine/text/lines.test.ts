import { describe, expect, it } from 'vitest';
import { lineOfOffset, lineStartsOf, linesOf, offsetOfLine, textOfLine } from './lines';

const TEXT = 'func (d *Defrag) Run() {\n\treturn\n}\n';

describe('lines', () => {
  it('maps offsets to 1-based lines and back', () => {
    const starts = lineStartsOf(TEXT);
    expect([...starts]).toEqual([0, 25, 33, 35]);
    expect(lineOfOffset(starts, 0)).toBe(1);
    expect(lineOfOffset(starts, 26)).toBe(2);
    expect(lineOfOffset(starts, 34)).toBe(3);
    for (let line = 1; line <= starts.length; line++) expect(offsetOfLine(TEXT, line)).toBe(starts[line - 1]);
  });

  it('gives a line without its newline, and nothing past the last line', () => {
    expect(textOfLine(TEXT, 1)).toBe('func (d *Defrag) Run() {');
    expect(textOfLine(TEXT, 2)).toBe('\treturn');
    expect(textOfLine(TEXT, 4)).toBe('');
    expect(offsetOfLine(TEXT, 6)).toBe(-1);
    expect(textOfLine(TEXT, 6)).toBe('');
    expect(textOfLine('no newline', 1)).toBe('no newline');
  });

  it('gives a run of lines as splitting the whole text would', () => {
    for (const text of [TEXT, 'no newline', 'a\n\nb', ''])
      for (let first = 1; first <= 6; first++)
        for (let last = 0; last <= 6; last++)
          expect(linesOf(text, first, last), `${JSON.stringify(text)} ${first}-${last}`).toEqual(
            text.split('\n').slice(first - 1, last),
          );
  });
});
