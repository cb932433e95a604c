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

describe('the length limit is the message’s, not its wrapper’s', () => {
  // symfony-di's autowiring error under PHP's uncaught-exception head: 328 characters, its message 245.
  const message =
    'Cannot autowire service "App\\Controller\\CheckoutController": argument "$logger" of method "__construct()" references interface "Psr\\Log\\LoggerInterface" but no such service exists. Did you create a class that implements this interface?';
  const paste = `PHP Fatal error:  Uncaught Symfony\\Component\\DependencyInjection\\Exception\\RuntimeException: ${message}`;

  it('a line longer than a message is unwrapped, and its message read', () => {
    expect(paste.length).toBeGreaterThan(FORMAT_MATCH.maxMessageChars);
    expect(message.length).toBeLessThanOrEqual(FORMAT_MATCH.maxMessageChars);
    expect(unwrapMessage(paste)).toEqual([message]);
  });

  it('a line longer than any wrapper and message is not read', () => {
    const long = `PHP Fatal error:  Uncaught RuntimeException: ${'x '.repeat(FORMAT_MATCH.maxMessageChars + FORMAT_MATCH.maxWrapperChars)}`;
    expect(unwrapMessage(long)).toEqual([]);
  });
});

describe('a paste kept with its terminal’s colour codes', () => {
  it('reads the message without the codes', () => {
    expect(unwrapMessage('LookupError: Resource \u001b[93mpunkt\u001b[0m not found.')).toContain(
      'Resource punkt not found.',
    );
  });
});
