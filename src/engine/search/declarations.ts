/**
 * A C or C++ declaration without a body (`extern int DFlush(void);` in a header, a class's
 * `void run();`) points at the function that does the work. In a question's list the
 * declaration's place is given to that definition (StructuralIndex.definitionOfDeclaration): the
 * definition takes the better of the two places and the declaration leaves. The declaration's
 * embedding text is its path, name and signature, which the definition's chunk says too, so
 * the model finds the header for a question that names the function, and a list of prototypes
 * leaves no room for the bodies. A declaration with no definition in the repository (a library
 * header whose bodies are compiled elsewhere) keeps its place.
 */
import type { Chunk, ModalityHit } from '../contract';

/**
 * `list` with each hit on a declaration given to its definition (`definitionOf`), in the list's
 * order: a chunk is listed once, at its first place, with the declaration's score when it got
 * the declaration's place; the reason says where it is declared.
 */
export function declarationsToDefinitions(
  list: readonly ModalityHit[],
  definitionOf: (chunkId: number) => number | undefined,
  chunkOf: (chunkId: number) => Chunk,
): ModalityHit[] {
  const placed = new Set<number>();
  const out: ModalityHit[] = [];
  for (const hit of list) {
    const target = definitionOf(hit.chunkId);
    const id = target ?? hit.chunkId;
    if (placed.has(id)) continue;
    placed.add(id);
    if (target === undefined) {
      out.push(hit);
      continue;
    }
    const from = chunkOf(hit.chunkId);
    const lines = `lines ${from.startLine}-${from.endLine}`;
    out.push({ ...hit, chunkId: target, reason: `declared in ${from.path} (${lines}), defined here: ${hit.reason}` });
  }
  return out;
}
