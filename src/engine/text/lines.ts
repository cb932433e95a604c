/**
 * Line numbers from offsets, shared by the text search, the message finder and the macro
 * readers; kept apart from grep.ts so a parse worker that only needs lines loads nothing else.
 */

/** Offsets where each line starts (index 0 = line 1). */
export function lineStartsOf(text: string): Uint32Array {
  let count = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  const starts = new Uint32Array(count);
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[n++] = i + 1;
  return starts;
}

/** 1-based line containing offset. */
export function lineOfOffset(starts: Uint32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The offset where 1-based line `line` of a text starts; -1 past its last line. */
export function offsetOfLine(text: string, line: number): number {
  let at = 0;
  for (let l = 1; l < line && at !== -1; l++) at = text.indexOf('\n', at) + 1 || -1;
  return at;
}

/** The text of 1-based line `line`, without its newline; '' past the last line. */
export function textOfLine(text: string, line: number): string {
  const at = offsetOfLine(text, line);
  if (at < 0) return '';
  const end = text.indexOf('\n', at);
  return text.slice(at, end < 0 ? undefined : end);
}

/**
 * Lines `first` to `last` (1-based, both included) without their newlines, as
 * `text.split('\n').slice(first - 1, last)` gives them, reading only up to the last.
 */
export function linesOf(text: string, first: number, last: number): string[] {
  if (last < first) return [];
  const from = offsetOfLine(text, first);
  if (from < 0) return [];
  let end = from;
  for (let line = first; line <= last && end >= 0; line++) {
    const newline = text.indexOf('\n', end);
    end = newline < 0 ? -1 : newline + 1;
  }
  return text.slice(from, end < 0 ? undefined : end - 1).split('\n');
}
