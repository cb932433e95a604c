/**
 * Definitions a parse error swallowed. tree-sitter's recovery sometimes cannot find its way back
 * after an error, and one ERROR node runs to the end of the file: what follows is lost, for
 * instance every declaration after a TypeScript interface whose call signatures start with
 * `<T>(` on the line after a bare return type (read as one generic type). A top-level
 * declaration starts at column 0, so each such line inside a long ERROR node is a place where a
 * fresh parse can start: the file is parsed again with everything above that line blanked (the
 * same length and lines, so the parse reports the file's own positions), and what parses
 * cleanly there is kept.
 */
import type { Node } from 'web-tree-sitter';
import type { Definition } from '../contract';
import { namedChildrenOf } from './imports';
import { masked } from './embedded';
import { holdsLine } from '../line-range';

/** An ERROR node shorter than this lost at most a statement or two: not worth a second parse. */
const MIN_SWALLOWED_LINES = 10;

/** At most this many parses from a fresh start per file: each costs a parse of the rest of the file. */
export const MAX_RESYNC_PARSES = 8;

/** A line that can open a top-level declaration: code at column 0 (not a closer, comment or blank). */
const DECLARATION_START = /^[A-Za-z_$@#]/;

/**
 * The lines (1-based, ascending) inside the file's long ERROR nodes where a declaration may
 * start and no definition was found.
 */
export function resyncLines(root: Node, text: string, definitions: readonly Definition[]): number[] {
  const swallowed: Node[] = [];
  longErrors(root, swallowed);
  if (swallowed.length === 0) return [];
  const lines = text.split('\n');
  const covered = (line: number) => definitions.some((d) => holdsLine(d, line));
  const found: number[] = [];
  for (const node of swallowed) {
    const last = Math.min(node.endPosition.row, lines.length - 1);
    for (let row = node.startPosition.row; row <= last; row++)
      if (DECLARATION_START.test(lines[row]) && !covered(row + 1)) found.push(row + 1);
  }
  return found;
}

/**
 * The long ERROR nodes, outermost only, at any depth: an error inside a declaration may swallow
 * the rest of the file too (a kernel header's `extern __printf(3, 4)` before a prototype is read
 * as a macro type whose arguments run on for the header's last 80 lines, inside its `#ifndef`).
 */
function longErrors(node: Node, out: Node[]): void {
  if (node.isError) {
    if (node.endPosition.row - node.startPosition.row + 1 >= MIN_SWALLOWED_LINES) out.push(node);
    return;
  }
  for (const child of namedChildrenOf(node))
    if (child.hasError && child.endPosition.row - child.startPosition.row + 1 >= MIN_SWALLOWED_LINES)
      longErrors(child, out);
}

/** The file with every line above `line` blanked: a parse of it starts fresh at `line`. */
export function startingAt(text: string, line: number): string {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) break;
    offset = next + 1;
  }
  return masked(text, [{ start: 0, end: offset }]);
}
