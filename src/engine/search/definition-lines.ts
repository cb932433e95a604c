/**
 * "Where is X defined" for an X that makes no chunk of its own — a constant, a variable, a field,
 * a one-line member left to its class: the structural index finds X's definition, but the result
 * is the chunk holding it (a 40-line window from the file's top, a whole class), which would open
 * and preview that chunk's first lines. The result is narrowed to X's own lines instead.
 */
import type { Definition, QueryPlan, SearchResult } from '../contract';
import type { Corpus } from '../modality';
import { CHUNK_DEFINITION_KINDS } from '../structural/chunks';
import { holdsLine } from '../line-range';

/**
 * For a definition question, each result whose range holds a definition of the name asked for
 * that makes no chunk (a constant, a variable, a field, a one-liner inside its container) is
 * narrowed to that definition: its lines, name, kind, and `line` at the name (the name spelled
 * as asked before one that differs in case only).
 */
export function placeDefinitionResults(results: SearchResult[], plan: QueryPlan, corpus: Corpus): void {
  // A file asked for by its name (`router.go`, `router.go:120`) opens at its top or at the line
  // typed, not at a definition its stem names.
  if (plan.fileNamed) {
    const line = plan.fileNamed.line;
    if (line !== undefined) for (const result of results) if (holdsLine(result, line)) result.line = line;
    return;
  }
  const name = plan.identifiers[0];
  if (plan.intent !== 'find_definition' || name === undefined) return;
  const lower = name.toLowerCase();
  for (const result of results) {
    if (result.symbol === name) continue;
    const file = corpus.files[corpus.chunks[result.chunkId]?.fileId ?? -1];
    if (!file) continue;
    const within = (d: Definition) => holdsLine(result, d.nameLine);
    const definitions = file.analysis.definitions;
    const exact = definitions.filter((d) => d.name === name && within(d));
    const named = exact.length > 0 ? exact : definitions.filter((d) => d.name.toLowerCase() === lower && within(d));
    // Only a definition the chunker left to its surroundings: when the name asked for also has a
    // chunk of its own in the range (a PHP property beside its method, Monolog's DEBUG beside
    // debug()), the fusion did not put that chunk first and this result is not narrowed to guess.
    const found = named[0];
    if (!found || found.name === result.symbol || !named.every(leftToItsSurroundings)) continue;
    result.startLine = Math.max(result.startLine, found.startLine);
    result.endLine = Math.min(result.endLine, found.endLine);
    result.line = found.nameLine;
    result.symbol = found.name;
    result.definitionKind = found.kind;
  }
}

/** A definition that makes no chunk of its own: not a chunk kind, or a one-liner inside another chunk. */
function leftToItsSurroundings(d: Definition): boolean {
  return !CHUNK_DEFINITION_KINDS.has(d.kind) || d.startLine === d.endLine;
}
