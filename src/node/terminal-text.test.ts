import { describe, expect, it } from 'vitest';
import { terminalSafe, terminalSafeLines } from './terminal-text';

describe('terminal-safe text', () => {
  it('shows every C0 control but tab, DEL and every C1 control as a visible escape', () => {
    expect(terminalSafe('a\tb')).toBe('a\tb');
    expect(terminalSafe('\u001b]52;c;aGk=\u0007')).toBe('\\x1b]52;c;aGk=\\x07');
    expect(terminalSafe('x\u009b2Jy\u009d0;t\u009c')).toBe('x\\x9b2Jy\\x9d0;t\\x9c');
    expect(terminalSafe('\u0000\u007f\r\n')).toBe('\\x00\\x7f\\x0d\\x0a');
    for (let c = 0; c < 0xa0; c++) {
      const kept = c === 0x09 || (c >= 0x20 && c < 0x7f);
      expect(terminalSafe(String.fromCharCode(c)).length === 1, `U+${c.toString(16)}`).toBe(kept);
    }
  });

  it('keeps text that is not a control character, and newlines where lines are meant', () => {
    expect(terminalSafe('naïve — 日本語 ✓')).toBe('naïve — 日本語 ✓');
    expect(terminalSafeLines('one\u001b[2J\ntwo\r\n')).toBe('one\\x1b[2J\ntwo\\x0d\n');
  });
});
