/**
 * One centrality per declared entity. A TypeScript function written as overload signatures and
 * a body, Python's `@overload` stubs above their implementation, a C prototype and its
 * definition in one file, and TypeScript's merged declarations (`interface X` twice, `class X`
 * with `namespace X`) are one function or type that the analyses list several times. A use
 * reaches every one of them by name, so as separate nodes they split the entity's PageRank:
 * the body that answers a question was boosted less than its own overload. Edges keep their
 * targets (callers and evidence stay per declaration); every member takes the centrality of the
 * group's best-ranked member.
 */
import type { Definition, Language } from '../contract';
import { isDeclarationSignature } from '../structural/index';

/** Languages whose functions may be declared without a body before (or beside) the one with it (Python: `@overload`). */
const SIGNATURE_LANGUAGES: ReadonlySet<string> = new Set(['typescript', 'tsx', 'javascript', 'c', 'cpp', 'python']);
/** Languages that merge same-named declarations of one scope (docs: TypeScript's declaration merging). */
const MERGING_LANGUAGES: ReadonlySet<string> = new Set(['typescript', 'tsx']);
/** The kinds TypeScript merges with one another: a namespace with a class, function or enum; interfaces together. */
const MERGEABLE_KINDS: ReadonlySet<string> = new Set(['function', 'class', 'interface', 'enum', 'namespace', 'module']);

/** A file as the grouping reads it. */
export interface GroupedFile {
  language?: Language | string | null;
  analysis?: { language?: Language | string | null; definitions: readonly Definition[] } | null;
}

/**
 * Per symbol (symbols numbered file by file, file p's from fileSymbolOffsets[p]): the symbol
 * that stands for its group, itself when it has none. Null when no file has a group.
 */
export function declarationGroups(files: readonly GroupedFile[], fileSymbolOffsets: Int32Array): Int32Array | null {
  let canonical: Int32Array | null = null;
  for (let p = 0; p < files.length; p++) {
    const language = files[p].language ?? files[p].analysis?.language ?? '';
    if (!SIGNATURE_LANGUAGES.has(language)) continue;
    const defs = files[p].analysis?.definitions ?? [];
    for (const members of sameScopeNamesakes(defs)) {
      const head = groupHead(defs, members, MERGING_LANGUAGES.has(language));
      if (head < 0) continue;
      canonical ??= Int32Array.from({ length: fileSymbolOffsets[files.length] }, (_, s) => s);
      for (const i of members) canonical[fileSymbolOffsets[p] + i] = fileSymbolOffsets[p] + head;
    }
  }
  return canonical;
}

/** Lists of 2+ definitions (indexes into defs) of one name, one container and one enclosing definition. */
function sameScopeNamesakes(defs: readonly Definition[]): number[][] {
  const byName = new Map<string, number[]>();
  for (let i = 0; i < defs.length; i++) {
    const key = defs[i].name + '\0' + (defs[i].container ?? '');
    const list = byName.get(key);
    if (list) list.push(i);
    else byName.set(key, [i]);
  }
  const out: number[][] = [];
  for (const list of byName.values()) {
    if (list.length < 2) continue;
    // Namesakes in different functions or classes are different things (`helper` in two closures).
    const byScope = new Map<number, number[]>();
    for (const i of list) {
      const scope = enclosingDefinition(defs, i);
      const same = byScope.get(scope);
      if (same) same.push(i);
      else byScope.set(scope, [i]);
    }
    for (const same of byScope.values()) if (same.length > 1) out.push(same);
  }
  return out;
}

/** The smallest definition of another name whose lines hold definition i, -1 for the file. */
function enclosingDefinition(defs: readonly Definition[], i: number): number {
  const d = defs[i];
  let best = -1;
  for (let j = 0; j < defs.length; j++) {
    const e = defs[j];
    if (j === i || e.name === d.name || e.startLine > d.startLine || e.endLine < d.endLine) continue;
    if (best < 0 || e.endLine - e.startLine < defs[best].endLine - defs[best].startLine) best = j;
  }
  return best;
}

/**
 * The member that stands for a group of namesakes, -1 when they are not one entity: functions
 * with at most one body (the body stands for them, else the first signature), or in a merging
 * language declarations of mergeable kinds (the longest stands for them).
 */
function groupHead(defs: readonly Definition[], members: number[], merging: boolean): number {
  let bodies = 0;
  let signatures = 0;
  let body = -1;
  let longest = members[0];
  let mergeable = true;
  let classes = 0;
  for (const i of members) {
    const d = defs[i];
    const callable = d.kind === 'function' || d.kind === 'method';
    // A function or method without a body: an overload, a prototype, a `declare`.
    if (callable && isDeclarationSignature(d)) signatures++;
    else if (callable) {
      bodies++;
      body = i;
    }
    if (d.kind === 'class') classes++;
    if (!MERGEABLE_KINDS.has(d.kind)) mergeable = false;
    if (d.endLine - d.startLine > defs[longest].endLine - defs[longest].startLine) longest = i;
  }
  const functions = bodies + signatures === members.length;
  // C++ and TypeScript methods overloaded with bodies of their own are different functions.
  if (functions) {
    if (signatures === 0 || bodies > 1) return -1;
    return body >= 0 ? body : members[0];
  }
  return merging && mergeable && bodies <= 1 && classes <= 1 ? longest : -1;
}

/**
 * Every member of a group takes the rank of the group's best-ranked member, in place (node n ≥
 * symbolBase is symbol n - symbolBase). Not a sum: a caller links to every declaration of the
 * name, so a function written as ten overloads would be counted ten times over.
 */
export function shareGroupRank(rank: Float64Array, symbolBase: number, canonical: Int32Array): void {
  const best = new Float64Array(canonical.length);
  for (let s = 0; s < canonical.length; s++) best[canonical[s]] = Math.max(best[canonical[s]], rank[symbolBase + s]);
  for (let s = 0; s < canonical.length; s++)
    if (canonical[s] !== s || best[s] > rank[symbolBase + s]) rank[symbolBase + s] = best[canonical[s]];
}
