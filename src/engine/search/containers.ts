/**
 * On a question asking how, or a sentence describing what code does (a doc comment's words, the
 * classifier's rule `description`: "Returns a PSON string representation for this Float number"
 * describes puppet's `Float#to_pson`, not the modules around it), a class-like definition whose
 * lines hold members of their own — a class's methods, a module's classes — is no answer: the
 * answer is the member that does the work, and fused, such a container leaves the results to its members (fuse.ts
 * withoutBigContainers). But its chunk holds every member's words, so each list ranks it high,
 * and its places come out of its members' ranks. Ruby writes every file so (`module Net` /
 * `module SSH` / `module Authentication` / `class Publickey`, each a chunk of the whole file):
 * the text list put four of publickey.rb's containers above any of its methods, and thor's
 * `normalize_command_name`, first by text, fused below a sibling while the semantic list's
 * first places were other files' modules. In such a language those chunks leave each list
 * before it is fused, and the members below them move up (NESTING_LANGUAGES).
 */
import type { Chunk, Language, Modality, ModalityHit } from '../contract';
import type { Corpus, CorpusFile } from '../modality';
import { CONTAINER_KINDS } from '../ranking';
import { holdsOther } from '../line-range';

/**
 * The languages whose files nest their code in containers: a Ruby library writes its methods
 * in a class or module and its namespace as modules around it, so a file is often three to five
 * container chunks of all its lines before the first method. In Python, PHP and C++ a file is
 * mostly one class or namespace, or functions of their own, and the same step cost more rows
 * than it gave there (click, htmlpurifier, pcl: docs/bench/HISTORY.md, h36-ruby).
 */
const NESTING_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['ruby']);

/**
 * Per chunk: whether it is a class-like definition holding another definition's chunk, in a
 * file of a language that nests its code so (NESTING_LANGUAGES). Per file on first use.
 */
export function containersOfMembers(corpus: Corpus): (chunkId: number) => boolean {
  const byFile = new Map<number, Set<number>>();
  return (chunkId) => {
    const chunk = corpus.chunks[chunkId];
    if (!isContainer(chunk)) return false;
    let holders = byFile.get(chunk.fileId);
    if (!holders) {
      const file = corpus.files[chunk.fileId];
      holders = file?.language && NESTING_LANGUAGES.has(file.language) ? holdersOf(corpus, file) : new Set();
      byFile.set(chunk.fileId, holders);
    }
    return holders.has(chunkId);
  };
}

function isContainer(chunk: Chunk | undefined): chunk is Chunk {
  return (
    chunk?.kind === 'definition' && chunk.definitionKind !== undefined && CONTAINER_KINDS.has(chunk.definitionKind)
  );
}

/** The file's containers whose lines hold another definition chunk (chunkIds are by start line, outer first). */
function holdersOf(corpus: Corpus, file: CorpusFile): Set<number> {
  const out = new Set<number>();
  const ids = file.chunkIds;
  for (let i = 0; i < ids.length; i++) {
    const outer = corpus.chunks[ids[i]];
    if (!isContainer(outer)) continue;
    for (let j = i + 1; j < ids.length; j++) {
      const inner = corpus.chunks[ids[j]];
      if (inner.startLine > outer.endLine) break;
      if (holdsOther(outer, inner) && inner.kind === 'definition') {
        out.add(outer.id);
        break;
      }
    }
  }
  return out;
}

/** Each list without the chunks `leaves` names: those below them move up. */
export function withoutContainers(
  lists: Partial<Record<Modality, ModalityHit[]>>,
  leaves: (chunkId: number) => boolean,
): Partial<Record<Modality, ModalityHit[]>> {
  const out: Partial<Record<Modality, ModalityHit[]>> = {};
  for (const [modality, list] of Object.entries(lists) as [Modality, ModalityHit[]][]) {
    const kept = list.filter((hit) => !leaves(hit.chunkId));
    out[modality] = kept.length === list.length ? list : kept;
  }
  return out;
}
