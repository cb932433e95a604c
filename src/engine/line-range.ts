/**
 * Lines first to last, both counted: a chunk's, a definition's, an embedded region's. One place
 * for the tests on them, which ranking and analysis ask in many files and which are easy to get
 * wrong by one (a range holding itself, a range ending on the line another begins).
 */
export interface LineRange {
  startLine: number;
  endLine: number;
}

/** Whether the line is one of the range's. */
export function holdsLine(range: LineRange, line: number): boolean {
  return range.startLine <= line && line <= range.endLine;
}

/** Whether every line of `inner` is one of `outer`'s: the same lines count. */
export function holdsRange(outer: LineRange, inner: LineRange): boolean {
  return outer.startLine <= inner.startLine && inner.endLine <= outer.endLine;
}

/** Whether `outer` holds `inner` and more lines beside: nested in it, not the same lines. */
export function holdsOther(outer: LineRange, inner: LineRange): boolean {
  return holdsRange(outer, inner) && (outer.startLine < inner.startLine || inner.endLine < outer.endLine);
}

/** Whether the two ranges share a line. */
export function overlap(a: LineRange, b: LineRange): boolean {
  return a.startLine <= b.endLine && b.startLine <= a.endLine;
}
