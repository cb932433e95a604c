/** Bracket pairs in a line or a block of source text, read as text (strings and comments not told apart). */

/** The index of the `close` that closes the `open` bracket at `at` (nested pairs counted) before `end`, or -1. */
export function matchingClose(text: string, at: number, open: string, close: string, end = text.length): number {
  let depth = 0;
  const stop = Math.min(end, text.length);
  for (let i = at; i < stop; i++) {
    if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return i;
  }
  return -1;
}

/** The index of the `)` that closes the `(` at `at`, or -1. */
export const matchingParen = (text: string, at: number): number => matchingClose(text, at, '(', ')');

/** A call's argument text split at its top-level commas (`f(a, b), c` → `f(a, b)`, `c`), each trimmed; [] for none. */
export function splitArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out.length === 1 && out[0] === '' ? [] : out;
}
