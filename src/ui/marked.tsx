/** A line of code with the parts that matched the query marked (the ranges come from the engine). */
import type { ReactNode } from 'react';

export function Marked({ text, ranges }: { text: string; ranges: readonly (readonly [number, number])[] | undefined }) {
  if (!ranges || ranges.length === 0) return <>{text}</>;
  const out: ReactNode[] = [];
  let last = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < last) continue; // overlapping ranges: the first one wins
    if (start > last) out.push(text.slice(last, start));
    out.push(<mark key={start}>{text.slice(start, end)}</mark>);
    last = end;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}

/** A line without its indentation, and its ranges re-based to match (lists of matching lines read better flush left). */
export function withoutIndent(text: string, ranges: [number, number][]): { text: string; ranges: [number, number][] } {
  const indent = text.length - text.trimStart().length;
  return { text: text.slice(indent).trimEnd(), ranges: ranges.map(([a, b]) => [a - indent, b - indent]) };
}
