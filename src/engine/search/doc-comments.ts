/**
 * A doc comment belongs to the definition it documents. Written directly above a top-level
 * function (C's kernel-doc, Go's and Rust's `//`/`///`, a Ruby or shell `#` block), the comment
 * is no part of the definition's chunk: it falls into the line window between that definition
 * and the one before. A question worded as the comment is ("find the block number of a b-tree
 * node from its id") then finds the window, a few lines of prose, while the function it
 * describes ranks far below. For a question about behaviour the window's place in a list is
 * the definition's: each modality's hit on such a window is handed to the definition below it.
 */
import type { Chunk, DefinitionKind, Modality, ModalityHit } from '../contract';
import type { Corpus, CorpusFile } from '../modality';
import { definitionsByChunk } from '../structural/siblings';

/**
 * The definitions a comment's hits are handed to: code that does something. A type's or a
 * constant block's comment describes a layout, and given to the `struct` it made the type
 * outrank the function that answers ("how is the checksum of an on-disk object verified":
 * `struct apfs_obj_phys`, whose comment says "checksum", over `apfs_obj_verify_csum`).
 */
const DOCUMENTED_KINDS: ReadonlySet<DefinitionKind> = new Set<DefinitionKind>(['function', 'method']);

/**
 * Per window chunk, the definition chunk its comment documents: the analyzer found the doc
 * comment directly above the definition (Definition.docLine), and the window holds nothing but
 * lines of it, blank lines before it aside. A doc comment longer than a window spans several:
 * each window of the run is handed on to the same definition. Computed per file on first use.
 */
export function docCommentOwners(corpus: Corpus): (chunkId: number) => number | undefined {
  const byFile = new Map<number, Map<number, number>>();
  return (chunkId) => {
    const chunk = corpus.chunks[chunkId];
    if (!chunk || chunk.kind !== 'window') return undefined;
    let owners = byFile.get(chunk.fileId);
    if (!owners) {
      const file = corpus.files[chunk.fileId];
      owners = file ? ownersOf(corpus, file) : new Map();
      byFile.set(chunk.fileId, owners);
    }
    return owners.get(chunkId);
  };
}

function ownersOf(corpus: Corpus, file: CorpusFile): Map<number, number> {
  const owners = new Map<number, number>();
  if (!file.language || !file.analysis.definitions.some((d) => d.docLine !== undefined)) return owners;
  const definitions = definitionsByChunk(corpus, file);
  let lines: string[] | null = null;
  const ids = file.chunkIds;
  // From the last chunk up: a window owned by the chunk after it passes that owner, and the
  // doc's first line, on to the window above.
  let next: Chunk | undefined;
  let nextOwner: { id: number; docLine: number } | undefined;
  for (let i = ids.length - 1; i >= 0; i--) {
    const chunk = corpus.chunks[ids[i]];
    let owner: { id: number; docLine: number } | undefined;
    if (chunk.kind === 'window' && next && next.startLine === chunk.endLine + 1) {
      let below = nextOwner;
      if (next.kind === 'definition') {
        const documented = next.definitionKind !== undefined && DOCUMENTED_KINDS.has(next.definitionKind);
        const docLine = documented ? definitions.get(next.id)?.docLine : undefined;
        below = docLine !== undefined ? { id: next.id, docLine } : undefined;
      }
      if (below && chunk.endLine >= below.docLine) {
        lines ??= file.text.split('\n');
        if (blankAbove(lines, chunk.startLine, below.docLine)) owner = below;
      }
    }
    if (owner !== undefined) owners.set(chunk.id, owner.id);
    // Nested definitions start inside their container: only a chunk that starts a new run of lines is "next".
    if (!next || chunk.startLine < next.startLine) {
      next = chunk;
      nextOwner = owner;
    }
  }
  return owners;
}

/** Whether lines `from` up to (not including) `docLine` are blank: before its doc, the window holds nothing. */
function blankAbove(lines: readonly string[], from: number, docLine: number): boolean {
  for (let line = from; line < docLine; line++) if ((lines[line - 1] ?? '').trim()) return false;
  return true;
}

/**
 * Each list with its hits on one chunk given to another that the first stands for, the reason
 * saying where the hit was (`what`: "its doc comment", "its declaration"). A chunk the list
 * already ranks higher keeps its own rank: fuse counts a modality once per chunk, at its best rank.
 */
function hitsHandedOn(
  lists: Partial<Record<Modality, ModalityHit[]>>,
  targetOf: (chunkId: number) => number | undefined,
  chunkOf: (chunkId: number) => Chunk,
  what: string,
): Partial<Record<Modality, ModalityHit[]>> {
  const out: Partial<Record<Modality, ModalityHit[]>> = {};
  for (const [modality, list] of Object.entries(lists) as [Modality, ModalityHit[]][]) {
    out[modality] = list.map((hit) => {
      const target = targetOf(hit.chunkId);
      if (target === undefined) return hit;
      const from = chunkOf(hit.chunkId);
      // Handed on from a header to the body in another file: say where.
      const where = chunkOf(target).path === from.path ? 'lines' : `${from.path}, lines`;
      return { ...hit, chunkId: target, reason: `${what} (${where} ${from.startLine}-${from.endLine}): ${hit.reason}` };
    });
  }
  return out;
}

/**
 * Each list with its hits on a doc comment's window given to the definition the comment
 * documents (Engine.docOwnerOf; a header's prototype hands on to the body it declares).
 */
export function docHitsToDefinitions(
  lists: Partial<Record<Modality, ModalityHit[]>>,
  ownerOf: (chunkId: number) => number | undefined,
  chunkOf: (chunkId: number) => Chunk,
): Partial<Record<Modality, ModalityHit[]>> {
  return hitsHandedOn(lists, ownerOf, chunkOf, 'its doc comment');
}

/**
 * Each list with its hits on a C/C++ declaration that stands in for one body elsewhere (a
 * header's prototype: StructuralIndex.bodyChunkOf) given to that body. On a question asking how,
 * the engine hands on the structural list's: it reads a declaration with its name, its parameters
 * and its doc comment, which describe what the body does, and the body, in an `.inl`, `-inl.h` or
 * `impl/` file beside the header, or a `.c` file, often holds none of those words (glm's
 * `lookAtRH`, documented in matrix_transform.hpp and written in matrix_transform.inl).
 */
export function standInHitsToBodies(
  lists: Partial<Record<Modality, ModalityHit[]>>,
  bodyOf: (chunkId: number) => number | undefined,
  chunkOf: (chunkId: number) => Chunk,
): Partial<Record<Modality, ModalityHit[]>> {
  return hitsHandedOn(lists, bodyOf, chunkOf, 'its declaration');
}
