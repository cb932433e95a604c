/**
 * Reading the paste: how many of its lines are read for messages.
 */
import { describe, expect, it } from 'vitest';
import { readPastedLines, unwrapMessage } from './paste';
import { FORMAT_MATCH } from './shared';

describe('a paste is read for messages up to one length', () => {
  // docutils' two-line message below lines of a build log (each short: the paste stays under maxMessageChars).
  const log = (n: number) => Array.from({ length: n }, (_, i) => `step ${i + 1} done`);
  const message = 'Problems with "include" directive path:';

  it('a line within the limit is read, and the lines are one message', () => {
    const paste = [...log(FORMAT_MATCH.maxPasteLines - 1), message].join('\n');
    expect(unwrapMessage(paste)).toContain(message);
    expect(readPastedLines(paste).whole).not.toBeNull();
  });

  it('past the limit, a line is read neither on its own nor as part of one message', () => {
    const paste = [...log(FORMAT_MATCH.maxPasteLines), message].join('\n');
    expect(unwrapMessage(paste)).not.toContain(message);
    expect(readPastedLines(paste).whole).toBeNull();
  });
});
