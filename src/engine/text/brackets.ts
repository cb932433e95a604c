/** Bracket pairs in a line or a block of source text, read as text (strings and comments not told apart). */

/** The index of the `close` that closes the `open` bracket at `at` (nested pairs counted), or -1. */
export function matchingClose(text: string, at: number, open: string, close: string): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return i;
  }
  return -1;
}

/** The index of the `)` that closes the `(` at `at`, or -1. */
export const matchingParen = (text: string, at: number): number => matchingClose(text, at, '(', ')');
