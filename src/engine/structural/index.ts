/**
 * The structural retriever: definitions by name (exact → fuzzy), by kind, by words of their
 * name/signature/doc, and the chunks that call or reference a name.
 */
import {
  FUNCTION_KINDS,
  type Chunk,
  type Definition,
  type DefinitionKind,
  type FileAnalysis,
  type Modality,
  type ModalityHit,
  type QueryPlan,
} from '../contract';
import type { Corpus, Retriever } from '../modality';
import { demotionFor } from '../ranking';
import { baseForms, splitIdentifier, STOP_WORDS, subTokens } from '../tokens';
import { CHUNK_DEFINITION_KINDS } from './chunks';
import { GrowableU32, narrowest, type UnsignedArray } from '../store/growable';
import { NameIndex } from './names';
import { fileNameReason, filesMatchingTyped } from './file-names';
import {
  MAX_SUBJECT_SIBLING_SOURCES,
  inPatternOf,
  inRoleOf,
  siblingReason,
  siblingsOf,
  type NamedBy,
  type Sibling,
} from './siblings';
import { DefinitionTermPostings, ReferencePostings } from './postings';
import { CorpusNamesBuilder } from '../corpus-names';
import { C_FAMILY_LANGUAGES } from './grammars';
import type { NameMatch, NameMatchKind, NameQuery } from './names';
import { overlap } from '../line-range';

// ---------------------------------------------------------------------------------------
// Ranking signals

/** The query names a kind (`class Foo`) and the definition is of that kind. */
export const KIND_MATCH_BONUS = 25;
/** The query names a related kind (`function` for a method, `class` for a struct). */
export const KIND_RELATED_BONUS = 12;
/** Another name in the query (`Store.add`) is the definition's container. */
export const CONTAINER_MATCH_BONUS = 15;
/**
 * A qualified name's qualifier names a folder or the file of the definition (`mpsc::channel`
 * → sync/mpsc/bounded.rs, `semaphore::acquire` → semaphore.rs): Rust, Python and Go name
 * modules and packages by their path. Below a container match, which names the type itself.
 */
export const QUALIFIER_PATH_BONUS = 10;
/** understand_code: weight of a name sub-token against one from the signature/doc/container. */
export const NAME_TOKEN_WEIGHT = 3;
/** A function's names in its pattern elsewhere read for siblings at most (siblingsOf): a name shared by hundreds of plugins stays cheap. */
const PATTERN_NAMES_READ = 32;
export const OTHER_TOKEN_WEIGHT = 1;
/** BM25 saturation and length normalisation for the term search over definitions. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/** Sub-tokens read from a pasted snippet (find_similar), most frequent first. */
export const MAX_SNIPPET_TERMS = 24;

/** 2: definition names and tie-break flags stored, so a load does not recompute them from every analysis. */
export const STRUCTURAL_SNAPSHOT_VERSION = 2;
/** Name matches that make the near misses (longer names, prefix, fuzzy, partial) not worth listing. */
const PRECISE_MATCHES: ReadonlySet<NameMatchKind> = new Set(['exact', 'case-insensitive', 'sub-tokens']);

/** Kinds that count as "related" to a kind named in a query. */
const RELATED_KINDS: Readonly<Partial<Record<DefinitionKind, readonly DefinitionKind[]>>> = {
  function: ['method', 'macro'],
  method: ['function'],
  class: ['struct', 'interface', 'trait', 'enum', 'type'],
  struct: ['class', 'type'],
  interface: ['trait', 'type', 'class'],
  trait: ['interface'],
  type: ['interface', 'struct', 'class', 'enum'],
  enum: ['class', 'type'],
  module: ['namespace'],
  namespace: ['module'],
  constant: ['variable'],
  variable: ['constant', 'field'],
};

const MATCH_LABEL: Readonly<Record<NameMatchKind, string>> = {
  exact: 'exact name',
  'case-insensitive': 'name, ignoring case',
  'sub-tokens': 'same sub-tokens',
  'all-sub-tokens': 'all sub-tokens',
  prefix: 'prefix',
  fuzzy: 'fuzzy',
  partial: 'some sub-tokens',
};

/** Words of signatures that say nothing about what a definition does. */
const SIGNATURE_NOISE = new Set(
  'export default const let var async await static public private protected readonly abstract declare final override pub fn func def self this return void new extends implements impl mut ref where'.split(
    ' ',
  ),
);

/**
 * Test code by its path: a tests folder, a test file's name in its language's convention (Go's
 * `_test.go`, pytest's `test_*.py`, Maven Surefire's `Test*.java` and `*Test(s).java`; a `spec`
 * file only where RSpec, Jasmine/Jest and busted name them so — in Rust or Go `package_id_spec.rs`
 * or `expand_spec.go` is the library's code about a spec), and a folder of test support named so
 * (testutils/, testsuite/, test_helpers/): code the tests call.
 */
const TEST_PATH =
  /(^|\/)(tests?|__tests__|specs?|testdata|__mocks__|test_?utils?|test_?suites?|test_?helpers?|test_?support)\/|[._-]test\.[a-z]+$|[._-]spec\.(rb|[cm]?[jt]sx?|coffee|lua|cr)$|_test\.go$|(^|\/)test_[^/]*\.py$|Tests?\.java$|(^|\/)Test[A-Z][^/]*\.java$/;
const DECLARATION_PATH = /\.d\.[mc]?ts$|\.pyi$/;
/** Usage examples and benchmarks: like tests, they define names the library defines too. */
const EXAMPLE_PATH = /(^|\/)(examples?|benches|benchmarks?)\//;

export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}

/** The module names Rust gives the unit tests it keeps in a source file (`#[cfg(test)] mod tests`). */
const RUST_TEST_MODULES: ReadonlySet<string> = new Set(['tests', 'test']);

/**
 * A chunk of tests kept beside the code in a Rust source file: the `tests` module or a member of
 * it. The path says nothing there, and such a test repeats the function's name and words as a test
 * file's does (cargo's `counter` test, a sibling of `MetricsCounter::rate`).
 */
export function isInFileTest(chunk: Pick<Chunk, 'path' | 'symbol' | 'definitionKind' | 'container'>): boolean {
  if (!chunk.path.endsWith('.rs')) return false;
  if (chunk.definitionKind === 'module' && chunk.symbol !== undefined && RUST_TEST_MODULES.has(chunk.symbol))
    return true;
  return chunk.container !== undefined && RUST_TEST_MODULES.has(chunk.container);
}

/** Whether a chunk is test code: in a test path, or a Rust source file's own tests. */
export function isTestChunk(chunk: Pick<Chunk, 'path' | 'symbol' | 'definitionKind' | 'container'>): boolean {
  return isTestPath(chunk.path) || isInFileTest(chunk);
}

/** A signature-only re-declaration: `.d.ts`/stub files, overloads, abstract and interface members. */
export function isDeclarationOnly(path: string, definition: Definition): boolean {
  return DECLARATION_PATH.test(path) || isDeclarationSignature(definition);
}

/** isDeclarationOnly's test of the definition itself, whatever its path: `declare …`, or a function or method without a body. */
export function isDeclarationSignature(definition: Definition): boolean {
  if (/^(export )?declare /.test(definition.signature)) return true;
  // The analyzer ends bodyless function/method signatures with ';'.
  return (definition.kind === 'function' || definition.kind === 'method') && definition.signature.endsWith(';');
}

// ---------------------------------------------------------------------------------------
// Snapshot

/** Plain, structured-cloneable data: typed arrays and string arrays only. */
export interface StructuralSnapshot {
  version: number;
  fileCount: number;
  chunkCount: number;
  /** Per definition (in file order, then analysis order): file id, index in the file's analysis, chunk id. */
  defFile: Int32Array;
  defLocal: Int32Array;
  defChunk: Int32Array;
  /** Per definition: its name as an index into `names` (distinct names, in first-seen order). */
  defName: Int32Array;
  names: string[];
  /** Per definition: DECLARATION_ONLY | NOT_NAMED_FILE | NESTED bits (facts of the definition itself, not of its path's ranking). */
  defFlags: Uint8Array;
  /** Term postings over definitions (CSR): term t owns rows termOffsets[t]..termOffsets[t+1]. */
  termVocab: string[];
  termOffsets: Int32Array;
  termDefs: Int32Array;
  termWeights: Uint8Array;
  /** Reference postings (CSR): name n owns rows refOffsets[n]..; counts are [call, new, type] per row. */
  refNames: string[];
  refOffsets: Int32Array;
  refChunks: Int32Array;
  /** Stored as narrow as the largest count allows (most counts are below 256). */
  refCounts: UnsignedArray;
}

export interface DefinitionHit {
  fileId: number;
  path: string;
  definition: Definition;
  chunkId: number;
}

export interface SymbolLookupHit extends DefinitionHit {
  match: NameMatchKind;
  score: number;
}

export interface SymbolLookupOptions {
  limit?: number;
  /** Only definitions of this kind. */
  kind?: DefinitionKind;
}

interface ScoredDefinition {
  def: number;
  score: number;
  reason: string;
  match: NameMatchKind;
}

interface DefinitionTables {
  names: NameIndex;
  /** Definitions of each distinct name (CSR): name n's are defIds[defStart[n]..defStart[n+1]], in definition order. */
  defStart: Int32Array;
  defIds: Int32Array;
}

interface TermTables {
  termIds: Map<string, number>;
  defLength: Float32Array;
  averageDefLength: number;
}

interface ReferenceTables {
  refNameIds: Map<string, number>;
  refNamesByLower: Map<string, number[]>;
}

/** Reference count kinds, in refCounts row order. */
const CALL = 0;
const NEW = 1;
const TYPE = 2;

export class StructuralIndex implements Retriever {
  readonly modality: Modality = 'structural';

  /**
   * Tables derived from the snapshot, each built on first use: a loaded index answers its
   * first query after building only what that query reads (a CLI search is one query).
   */
  private definitionTables: DefinitionTables | null = null;
  /** Per file: its path's IN_TEST_PATH | DEMOTED_PATH bits, -1 until first asked (pathFacts). */
  private filePathFacts: Int8Array | null = null;
  private termTables: TermTables | null = null;
  private referenceTables: ReferenceTables | null = null;
  /** The last "similar to X" asked: its siblings, read by the retriever and by fusion alike. */
  private lastSiblings: { chunkId: number; by: string; siblings: Sibling[] } | null = null;

  private constructor(
    private readonly corpus: Corpus,
    private readonly data: StructuralSnapshot,
  ) {}

  private get definitionsByName(): DefinitionTables {
    return (this.definitionTables ??= this.buildDefinitionTables());
  }

  private get names(): NameIndex {
    return this.definitionsByName.names;
  }

  private get terms(): TermTables {
    return (this.termTables ??= this.buildTermTables());
  }

  private get references(): ReferenceTables {
    return (this.referenceTables ??= this.buildReferenceTables());
  }

  private buildDefinitionTables(): DefinitionTables {
    const { data } = this;
    const defStart = new Int32Array(data.names.length + 1);
    for (let i = 0; i < data.defName.length; i++) defStart[data.defName[i] + 1]++;
    for (let n = 0; n < data.names.length; n++) defStart[n + 1] += defStart[n];
    const next = defStart.slice(0, data.names.length);
    const defIds = new Int32Array(data.defName.length);
    for (let i = 0; i < data.defName.length; i++) defIds[next[data.defName[i]]++] = i;
    return { names: new NameIndex(data.names), defStart, defIds };
  }

  /** The definitions named `nameId`, in definition order. */
  private defsOfName(nameId: number): Int32Array {
    const { defStart, defIds } = this.definitionsByName;
    return defIds.subarray(defStart[nameId], defStart[nameId + 1]);
  }

  /** 1 when the definition is only a declaration (DECLARATION_ONLY), else 0. */
  private declarationOnly(def: number): number {
    return this.data.defFlags[def] & DECLARATION_ONLY ? 1 : 0;
  }

  /**
   * The ranking's facts of a definition's path (IN_TEST_PATH | DEMOTED_PATH bits): they follow
   * the ranking's current rules, so they are computed (once per file, when first asked), never stored.
   */
  private pathFacts(def: number): number {
    const fileId = this.data.defFile[def];
    const facts = (this.filePathFacts ??= new Int8Array(this.corpus.files.length).fill(-1));
    if (facts[fileId] < 0) {
      const path = this.corpus.files[fileId].path;
      facts[fileId] =
        (isTestPath(path) || EXAMPLE_PATH.test(path) ? IN_TEST_PATH : 0) | (demotionFor(path) ? DEMOTED_PATH : 0);
    }
    return facts[fileId];
  }

  private buildTermTables(): TermTables {
    const { data } = this;
    const defCount = data.defFile.length;
    const termIds = new Map<string, number>();
    data.termVocab.forEach((t, i) => termIds.set(t, i));
    const defLength = new Float32Array(defCount);
    for (let row = 0; row < data.termDefs.length; row++) defLength[data.termDefs[row]] += data.termWeights[row];
    let total = 0;
    for (const l of defLength) total += l;
    return { termIds, defLength, averageDefLength: defCount ? Math.max(1, total / defCount) : 1 };
  }

  private buildReferenceTables(): ReferenceTables {
    const refNameIds = new Map<string, number>();
    const refNamesByLower = new Map<string, number[]>();
    this.data.refNames.forEach((name, i) => {
      refNameIds.set(name, i);
      const lower = name.toLowerCase();
      const list = refNamesByLower.get(lower);
      if (list) list.push(i);
      else refNamesByLower.set(lower, [i]);
    });
    return { refNameIds, refNamesByLower };
  }

  /** The index of a complete corpus: the StructuralBuilder over its files, in order. */
  static build(corpus: Corpus): StructuralIndex {
    const builder = new StructuralBuilder();
    for (const file of corpus.files)
      builder.add(file.id, file.path, file.analysis, (line) => corpus.chunkAt(file.id, line));
    return builder.finish(corpus);
  }

  /** The index of a StructuralBuilder's snapshot (built for this corpus). */
  static fromBuilt(corpus: Corpus, snapshot: StructuralSnapshot): StructuralIndex {
    return new StructuralIndex(corpus, snapshot);
  }

  /** Restores from a snapshot; rebuilds when it does not fit this corpus (other version or files). */
  static load(corpus: Corpus, snapshot: StructuralSnapshot): StructuralIndex {
    if (!snapshotFits(corpus, snapshot)) return StructuralIndex.build(corpus);
    return new StructuralIndex(corpus, snapshot);
  }

  serialize(): StructuralSnapshot {
    return this.data;
  }

  get definitionCount(): number {
    return this.data.defFile.length;
  }

  search(plan: QueryPlan, limit: number): ModalityHit[] {
    switch (plan.intent) {
      case 'find_references':
      case 'impact_analysis':
        return this.searchReferences(plan, limit);
      case 'exact_match':
        return this.searchLiteral(plan, limit);
      case 'understand_code':
        return this.searchTerms(plan, limit);
      case 'find_similar':
        return this.searchSimilar(plan, limit);
      default:
        return this.searchDefinitions(plan, limit);
    }
  }

  /** The defined names equal to `name` ignoring case (`serve` for `Serve`), itself included when defined. */
  spellingsOf(name: string): string[] {
    return this.names.caseInsensitive(name).map((id) => this.names.names[id]);
  }

  /** Every definition named exactly `name`, best first (implementations before declarations). */
  definitionsNamed(name: string): DefinitionHit[] {
    const id = this.names.idOf(name);
    if (id === undefined) return [];
    return [...this.defsOfName(id)].sort((a, b) => this.tieBreak(a, b)).map((d) => this.hitOf(d));
  }

  /**
   * The structural siblings of a definition chunk, most similar first (siblings.ts); none for a
   * window. `by`: the qualifier or path a question named it with (QueryPlan.similarNamedBy).
   */
  siblingsOf(chunkId: number, by?: NamedBy): Sibling[] {
    const key = by === undefined ? '' : `${by.path ?? ''}:${by.qualifier ?? ''}`;
    if (this.lastSiblings?.chunkId === chunkId && this.lastSiblings.by === key) return this.lastSiblings.siblings;
    const chunk = this.corpus.chunks[chunkId];
    const sameName = chunk?.symbol ? this.definitionsNamed(chunk.symbol).map((d) => d.chunkId) : [];
    // A function's pattern-named kin in other directories (inPatternOf), at most PATTERN_NAMES_READ names.
    // And its role's, named for other modules (inRoleOf: Capstone's ARM_group_name for SystemZ_group_name).
    const inPattern =
      chunk?.symbol !== undefined && chunk.definitionKind === 'function' ? inPatternOf(chunk.symbol) : null;
    const inRole =
      chunk?.symbol !== undefined && chunk.definitionKind === 'function' ? inRoleOf(chunk.symbol, chunk.path) : null;
    const patterned = inPattern ? this.names.names.filter(inPattern) : [];
    const inPatterned = new Set(patterned);
    const roled = inRole ? this.names.names.filter((n) => inRole(n) && !inPatterned.has(n)) : [];
    const alike = [...patterned, ...roled]
      .slice(0, PATTERN_NAMES_READ)
      .flatMap((n) => this.definitionsNamed(n).map((d) => d.chunkId));
    const siblings = chunk ? siblingsOf(this.corpus, chunk, [...sameName, ...alike], isDeclarationOnly, by) : [];
    this.lastSiblings = { chunkId, by: key, siblings };
    return siblings;
  }

  /**
   * The siblings of several definitions taken together as X (an ambiguous "similar to X": every
   * definition of its name is X): each candidate with its best similarity to one of them, none of
   * them nor what overlaps one of them. Read for the first MAX_SUBJECT_SIBLING_SOURCES only.
   */
  siblingsOfAll(chunkIds: readonly number[], by?: NamedBy): Sibling[] {
    if (chunkIds.length <= 1) return chunkIds.length === 0 ? [] : this.siblingsOf(chunkIds[0], by);
    const subjects = chunkIds.map((id) => this.corpus.chunks[id]).filter((c) => c !== undefined);
    const isSubject = (c: Chunk) =>
      subjects.some(
        (x) =>
          x.fileId === c.fileId &&
          (overlap(x, c) || (x.symbol === c.symbol && (x.container ?? '') === (c.container ?? ''))),
      );
    const best = new Map<number, Sibling>();
    for (const id of chunkIds.slice(0, MAX_SUBJECT_SIBLING_SOURCES))
      for (const s of this.siblingsOf(id, by)) {
        const known = best.get(s.chunkId);
        if ((!known || s.similarity > known.similarity) && !isSubject(this.corpus.chunks[s.chunkId]))
          best.set(s.chunkId, s);
      }
    return [...best.values()].sort((a, b) => b.similarity - a.similarity || a.chunkId - b.chunkId);
  }

  /** Chunks that call or reference `name` (exactly that name), in no particular order. */
  chunksReferencing(name: string): number[] {
    const n = this.references.refNameIds.get(name);
    if (n === undefined) return [];
    return Array.from(this.data.refChunks.subarray(this.data.refOffsets[n], this.data.refOffsets[n + 1]));
  }

  /** Every distinct definition name, for "did you mean". */
  get definitionNames(): readonly string[] {
    return this.names.names;
  }

  /** Symbol search for the UI: prefix-friendly, one entry per definition. */
  lookup(text: string, options: SymbolLookupOptions = {}): SymbolLookupHit[] {
    const trimmed = text.trim();
    if (!trimmed) return [];
    const query: NameQuery = { text: /\s/.test(trimmed) ? null : trimmed, tokens: subTokens(trimmed) };
    let scored = this.scoreNames([query], [], undefined, { prefixMinLength: 1 }).sort(this.byRank);
    if (options.kind) scored = scored.filter((s) => this.definition(s.def).kind === options.kind);
    return scored.slice(0, options.limit ?? 50).map((s) => ({ ...this.hitOf(s.def), match: s.match, score: s.score }));
  }

  // -------------------------------------------------------------------------------------
  // find_definition

  private searchDefinitions(plan: QueryPlan, limit: number): ModalityHit[] {
    if (plan.fileNamed) {
      // No file so named: the definitions of a named file's stem (plan.identifiers), else nothing.
      const files = this.filesNamed(plan.fileNamed, limit);
      if (files.length > 0 || plan.identifiers.length === 0) return files;
    }
    const member = this.qualifiedMember(plan);
    if (member) return this.preciseHits(member, limit);
    const queries = nameQueriesOf(plan);
    const hints = plan.identifiers.length ? plan.identifiers.flatMap(qualifiedParts) : plan.terms;
    return this.preciseHits(this.scoreNames(queries, hints, plan.definitionKind, { preciseWhenAny: true }), limit);
  }

  /**
   * The files a path typed alone names (file-names.ts), best first, each as its first chunk or
   * the chunk holding the line typed (`router.go:120`).
   */
  private filesNamed(typed: { path: string; line?: number }, limit: number): ModalityHit[] {
    const files = this.corpus.files;
    const hits: ModalityHit[] = [];
    for (const match of filesMatchingTyped(
      files.map((f) => f.path),
      typed.path,
    )) {
      const file = files[match.file];
      if (file.chunkIds.length === 0) continue;
      const lastLine = Math.max(...file.chunkIds.map((id) => this.corpus.chunks[id].endLine));
      const chunkId =
        typed.line === undefined
          ? file.chunkIds[0]
          : this.corpus.chunkAt(file.id, Math.min(Math.max(typed.line, 1), lastLine));
      hits.push({ chunkId, score: match.parts, reason: fileNameReason(typed.path, match) });
      if (hits.length >= limit) break;
    }
    return hits;
  }

  /**
   * `A.b`, `A::b`, `A#b`, `mod::f`: the definitions of the member `b` alone, those inside the
   * qualifier first (its container, else its folder or file). The qualifier selects; it is not
   * itself an answer. Null when the plan has no qualifier or no definition has the member's
   * name, precisely: then every part of the name is searched as before.
   */
  private qualifiedMember(plan: QueryPlan): ScoredDefinition[] | null {
    const qualifier = plan.qualifiers?.[plan.qualifiers.length - 1];
    const name = plan.identifiers[0];
    if (!qualifier || !name) return null;
    const scored = this.scoreNames([{ text: name, tokens: splitIdentifier(name) }], [], plan.definitionKind, {
      preciseWhenAny: true,
    });
    if (!scored.some((s) => PRECISE_MATCHES.has(s.match))) return null;
    const wanted = qualifier.toLowerCase();
    const inContainer: ScoredDefinition[] = [];
    const underPath: ScoredDefinition[] = [];
    for (const s of scored) {
      const d = this.definition(s.def);
      if (d.container?.toLowerCase() === wanted && d.name.toLowerCase() !== wanted) {
        s.score += CONTAINER_MATCH_BONUS;
        s.reason = withNote(s.reason, `in ${d.container}`);
        inContainer.push(s);
      } else if (pathSegments(this.pathOf(s.def)).includes(wanted)) {
        s.score += QUALIFIER_PATH_BONUS;
        s.reason = withNote(s.reason, `under ${qualifier}`);
        underPath.push(s);
      }
    }
    // `Runtime::block_on` asks for Runtime's, not Handle's: the qualifier selects, as a
    // container when one has that name, else as a folder or file.
    for (const selected of [inContainer, underPath])
      if (selected.some((s) => PRECISE_MATCHES.has(s.match))) return selected;
    return scored;
  }

  /** The hits of scored name matches, near misses left out when the name matched precisely. */
  private preciseHits(scored: ScoredDefinition[], limit: number): ModalityHit[] {
    // RRF ignores scores, so a weak match kept in the list still earns a rank that fusion
    // (and the importance boost) can lift above the definition that was asked for. When
    // the name matched precisely, the near misses are left out. So are other spellings of
    // an exactly defined name: with `diff` defined, `options._diff = …` is another symbol, and
    // with the class `PassConfig` asked and defined, the field `$passConfig` that holds one.
    const precise = scored.filter((s) => PRECISE_MATCHES.has(s.match));
    if (precise.length === 0) return this.toHits(this.rankedPrefix(scored, limit), limit);
    const spelling = (def: number) => undecorated(this.definition(def).name).toLowerCase();
    const exact = new Set(precise.filter((s) => s.match === 'exact').map((s) => spelling(s.def)));
    const kept = precise.filter((s) => s.match === 'exact' || !exact.has(spelling(s.def)));
    return this.toHits(this.rankedPrefix(this.withoutConstructorsOfClasses(this.withoutStandIns(kept)), limit), limit);
  }

  /**
   * A constructor named as its class (C++'s `running_stat<eT>::running_stat()`, written out of
   * line in another file than the class) is part of the class asked for: with the class among the
   * matches it is left out, so that no rank of its own, nor the boost its file gets from every
   * caller that builds one, puts it above the type (real set, armadillo's `running_stat`).
   */
  private withoutConstructorsOfClasses(scored: ScoredDefinition[]): ScoredDefinition[] {
    const classes = new Set<string>();
    for (const s of scored) {
      const d = this.definition(s.def);
      if (CLASS_KINDS.has(d.kind)) classes.add(d.name);
    }
    if (classes.size === 0) return scored;
    return scored.filter((s) => {
      const d = this.definition(s.def);
      return !(FUNCTION_KINDS.has(d.kind) && classes.has(d.name) && lastScope(d.container) === d.name);
    });
  }

  /**
   * A `#define` or a C/C++ prototype of a name whose body is also among the matches stands in
   * for that body (`#define gensalt_sha_rn _crypt_gensalt_sha_rn`, `extern size_t
   * strcpy_or_abort (…);`): left out, so no rank of its own lets a header that every file
   * includes (the graph's boost) pass the definition. Without a body they stay the answer.
   * Other declarations (`.d.ts`, interface members) keep their place after the body.
   */
  private withoutStandIns(scored: ScoredDefinition[]): ScoredDefinition[] {
    const standIn = (def: number) => this.isStandIn(def);
    const withBody = new Set(scored.filter((s) => !standIn(s.def)).map((s) => this.definition(s.def).name));
    return scored.filter((s) => !standIn(s.def) || !withBody.has(this.definition(s.def).name));
  }

  /** A `#define`, or a C/C++ declaration without a body: what withoutStandIns calls a stand-in. */
  private isStandIn(def: number): boolean {
    return (
      this.definition(def).kind === 'macro' ||
      (this.declarationOnly(def) === 1 &&
        C_FAMILY_LANGUAGES.has(this.corpus.files[this.data.defFile[def]].language ?? ''))
    );
  }

  /**
   * Whether a chunk only stands in for a body elsewhere: every definition it holds is a stand-in
   * (a C/C++ prototype, a `#define`) of a name that also has a definition with a body. A question
   * about behaviour is answered by that body; the header's prototype, which often carries the doc
   * comment that matches the question's words, follows it (fuse.ts demotes it).
   */
  isStandInChunk(chunkId: number): boolean {
    const symbol = this.corpus.chunks[chunkId]?.symbol;
    const id = symbol === undefined ? undefined : this.names.idOf(symbol);
    if (id === undefined) return false;
    const defs = this.defsOfName(id);
    const own = defs.filter((d) => this.data.defChunk[d] === chunkId);
    if (own.length === 0 || !own.every((d) => this.isStandIn(d))) return false;
    return defs.some((d) => this.data.defChunk[d] !== chunkId && !this.isStandIn(d));
  }

  /**
   * Whether a chunk only declares functions without a body: every definition of its name it holds
   * is a function or method whose signature ends without one (a prototype, an overload's
   * signature), found with a body elsewhere or not. Code like a body is another body.
   */
  isPrototypeChunk(chunkId: number): boolean {
    const symbol = this.corpus.chunks[chunkId]?.symbol;
    const id = symbol === undefined ? undefined : this.names.idOf(symbol);
    if (id === undefined) return false;
    const own = this.defsOfName(id).filter((d) => this.data.defChunk[d] === chunkId);
    return (
      own.length > 0 &&
      own.every((d) => {
        const kind = this.definition(d).kind;
        return (kind === 'function' || kind === 'method') && this.declarationOnly(d) === 1;
      })
    );
  }

  /**
   * Whether a chunk of a C or C++ file only declares functions (isPrototypeChunk) and none of them
   * under a doc comment: a header's bare prototype (`__poll_t udp_poll(…);`), whether or not the
   * repository holds the body. A line of signature says nothing of what the function does but its
   * name; a prototype under its doc comment may answer with the comment's words.
   */
  isBarePrototypeChunk(chunkId: number): boolean {
    const chunk = this.corpus.chunks[chunkId];
    const file = chunk === undefined ? undefined : this.corpus.files[chunk.fileId];
    if (!file || !C_FAMILY_LANGUAGES.has(file.language ?? '') || !this.isPrototypeChunk(chunkId)) return false;
    return !file.analysis.definitions.some(
      (d) =>
        d.name === chunk.symbol &&
        d.nameLine >= chunk.startLine &&
        d.nameLine <= chunk.endLine &&
        d.docLine !== undefined,
    );
  }

  /**
   * The chunk of the one body a stand-in chunk (isStandInChunk) stands in for: the definition of
   * its name with a body, when there is exactly one (a C function declared in a header and
   * defined in one .c file); undefined otherwise (no body, or one per platform). A declaration
   * without a body in another language is no body either: the Java binding's `cs_disasm` in a JNA
   * interface declares the C function again, and left capstone.h's doc with no one body to go to.
   */
  bodyChunkOf(chunkId: number): number | undefined {
    const bodies = this.bodyChunksOf(chunkId);
    return bodies.length === 1 ? bodies[0] : undefined;
  }

  /**
   * The chunks of every body a stand-in chunk (isStandInChunk) stands in for, in chunk order: one
   * per platform or port when the library writes the function again for each (SDCC's `rand` in
   * lib/src/rand.c and lib/src/pic16/libc/stdlib/rand.c, both declared in include/stdlib.h); empty
   * for any other chunk.
   */
  bodyChunksOf(chunkId: number): number[] {
    if (!this.isStandInChunk(chunkId)) return [];
    const id = this.names.idOf(this.corpus.chunks[chunkId].symbol!);
    if (id === undefined) return [];
    const bodies = new Set<number>();
    for (const d of this.defsOfName(id))
      if (this.data.defChunk[d] !== chunkId && !this.isStandIn(d) && this.declarationOnly(d) === 0)
        bodies.add(this.data.defChunk[d]);
    return [...bodies].sort((a, b) => a - b);
  }

  /** Every definition a name query matches, scored; unsorted (callers rank only what they keep). */
  private scoreNames(
    queries: NameQuery[],
    containerHints: readonly string[],
    kind: DefinitionKind | undefined,
    options: { prefixMinLength?: number; preciseWhenAny?: boolean },
  ): ScoredDefinition[] {
    // preciseHits keeps only the precise matches when there are any: the near misses are then
    // neither looked for (prefix and fuzzy scan every name) nor scored (each scored definition
    // reads its file's analysis). A precise match outscores any near miss of the same name.
    let bestByName = options.preciseWhenAny ? this.bestMatches(queries, (q) => this.names.matchPrecise(q)) : null;
    if (!bestByName?.size) bestByName = this.bestMatches(queries, (q) => this.names.match(q, options));
    const hints = new Set(containerHints.map((h) => h.toLowerCase()));
    const scored: ScoredDefinition[] = [];
    for (const m of bestByName.values()) {
      for (const def of this.defsOfName(m.nameId)) {
        const d = this.definition(def);
        let score = m.score;
        const notes: string[] = [
          MATCH_LABEL[m.kind] + (m.kind === 'fuzzy' ? `, ${m.detail} edit${m.detail === 1 ? '' : 's'}` : ''),
        ];
        if (kind) {
          if (d.kind === kind) {
            score += KIND_MATCH_BONUS;
            notes.push(`is a ${kind}`);
          } else if (RELATED_KINDS[kind]?.includes(d.kind)) score += KIND_RELATED_BONUS;
        }
        if (d.container && hints.has(d.container.toLowerCase()) && d.container.toLowerCase() !== d.name.toLowerCase()) {
          score += CONTAINER_MATCH_BONUS;
          notes.push(`in ${d.container}`);
        }
        // Said, not scored: the tie-break puts a body before a macro and a macro before a prototype.
        if (this.declarationOnly(def)) notes.push('declaration, no body');
        // Said, not scored: the line that spells no `struct X` but makes it.
        if (d.macro) notes.push(`made by ${d.macro}! at line ${d.startLine}`);
        scored.push({ def, score, match: m.kind, reason: `defines ${d.kind} ${qualified(d)} (${notes.join('; ')})` });
      }
    }
    return scored;
  }

  /** Each matched name's best match over the queries. */
  private bestMatches(queries: NameQuery[], match: (query: NameQuery) => NameMatch[]): Map<number, NameMatch> {
    const bestByName = new Map<number, NameMatch>();
    for (const query of queries)
      for (const m of match(query)) {
        const current = bestByName.get(m.nameId);
        if (!current || current.score < m.score) bestByName.set(m.nameId, m);
      }
    return bestByName;
  }

  /** Rank order: score, then tieBreak. */
  private readonly byRank = (a: ScoredDefinition, b: ScoredDefinition): number =>
    b.score - a.score || this.tieBreak(a.def, b.def);

  /**
   * Same score: implementations (a body before a `#define` of the name, which before a
   * prototype), non-test code, non-vendored/built paths, files named after
   * the definition (mergeMap.ts for mergeMap), chunk-worthy kinds, top level, short paths first.
   */
  private tieBreak(a: number, b: number): number {
    const da = this.definition(a);
    const db = this.definition(b);
    const flags = this.data.defFlags;
    const pathA = this.pathFacts(a);
    const pathB = this.pathFacts(b);
    return (
      this.declarationOnly(a) - this.declarationOnly(b) ||
      Number(da.kind === 'macro') - Number(db.kind === 'macro') ||
      (pathA & IN_TEST_PATH) - (pathB & IN_TEST_PATH) ||
      (pathA & DEMOTED_PATH) - (pathB & DEMOTED_PATH) ||
      (flags[a] & NOT_NAMED_FILE) - (flags[b] & NOT_NAMED_FILE) ||
      Number(!CHUNK_DEFINITION_KINDS.has(da.kind)) - Number(!CHUNK_DEFINITION_KINDS.has(db.kind)) ||
      (flags[a] & NESTED) - (flags[b] & NESTED) ||
      this.pathOf(a).length - this.pathOf(b).length ||
      this.data.defFile[a] - this.data.defFile[b] ||
      da.startLine - db.startLine
    );
  }

  // -------------------------------------------------------------------------------------
  // exact_match

  private searchLiteral(plan: QueryPlan, limit: number): ModalityHit[] {
    const literal = plan.literal?.trim();
    if (!literal || !/^[A-Za-z_$][\w$]*$/.test(literal)) return [];
    const scored: ScoredDefinition[] = [];
    for (const nameId of this.names.caseInsensitive(literal)) {
      const exact = this.names.names[nameId] === literal;
      for (const def of this.defsOfName(nameId)) {
        const d = this.definition(def);
        scored.push({
          def,
          score: exact ? 100 : 90,
          match: exact ? 'exact' : 'case-insensitive',
          reason: `defines ${d.kind} ${qualified(d)} (name equals "${literal}"${exact ? '' : ', ignoring case'})`,
        });
      }
    }
    return this.toHits(this.rankedPrefix(scored, limit), limit);
  }

  // -------------------------------------------------------------------------------------
  // find_references / impact_analysis

  private searchReferences(plan: QueryPlan, limit: number): ModalityHit[] {
    const { refNames, refOffsets, refChunks, refCounts } = this.data;
    const wanted = plan.identifiers.length ? plan.identifiers : plan.terms;
    const perChunk = new Map<number, { counts: [number, number, number]; names: Set<string> }>();
    const targetNames = new Set<string>();
    for (const word of wanted) {
      const exact = this.references.refNameIds.get(word);
      const ids = exact !== undefined ? [exact] : (this.references.refNamesByLower.get(word.toLowerCase()) ?? []);
      for (const n of ids) {
        targetNames.add(refNames[n]);
        for (let row = refOffsets[n]; row < refOffsets[n + 1]; row++) {
          const chunk = refChunks[row];
          let entry = perChunk.get(chunk);
          if (!entry) perChunk.set(chunk, (entry = { counts: [0, 0, 0], names: new Set() }));
          for (let k = 0; k < 3; k++) entry.counts[k] += refCounts[row * 3 + k];
          entry.names.add(refNames[n]);
        }
      }
    }
    const rows = [...perChunk.entries()].map(([chunkId, e]) => ({
      chunkId,
      total: e.counts[0] + e.counts[1] + e.counts[2],
      ...e,
    }));
    rows.sort(
      (a, b) =>
        b.total - a.total ||
        Number(isTestPath(this.corpus.chunks[a.chunkId].path)) -
          Number(isTestPath(this.corpus.chunks[b.chunkId].path)) ||
        this.corpus.chunks[a.chunkId].path.length - this.corpus.chunks[b.chunkId].path.length ||
        a.chunkId - b.chunkId,
    );
    const hits: ModalityHit[] = [];
    const seen = new Set<number>();
    for (const row of rows) {
      if (hits.length >= limit) return hits;
      seen.add(row.chunkId);
      hits.push({
        chunkId: row.chunkId,
        score: row.total,
        reason: referenceReason([...row.names].join(', '), row.counts),
      });
    }
    // The definitions themselves come last: what is referenced, after who references it.
    for (const name of targetNames.size ? targetNames : new Set(wanted)) {
      for (const hit of this.definitionsNamed(name)) {
        if (hits.length >= limit) return hits;
        if (seen.has(hit.chunkId)) continue;
        seen.add(hit.chunkId);
        hits.push({
          chunkId: hit.chunkId,
          score: 0,
          reason: `defines ${hit.definition.kind} ${qualified(hit.definition)}`,
        });
      }
    }
    return hits;
  }

  // -------------------------------------------------------------------------------------
  // understand_code / find_similar

  /** "Similar to X": X's siblings first (same kind, named alike, nearby, shaped alike), then the definitions sharing its words. */
  private searchSimilar(plan: QueryPlan, limit: number): ModalityHit[] {
    const subject = plan.similarToChunk;
    const of = subject !== undefined ? this.corpus.chunks[subject]?.symbol : undefined;
    if (subject === undefined || of === undefined) return this.searchTerms(plan, limit);
    const hits: ModalityHit[] = this.siblingsOfAll([subject, ...(plan.similarAlso ?? [])], plan.similarNamedBy)
      .slice(0, limit)
      .map((s) => ({ chunkId: s.chunkId, score: round(s.similarity), reason: siblingReason(of, s) }));
    const listed = new Set(hits.map((h) => h.chunkId));
    for (const h of this.searchTerms(plan, limit)) {
      if (hits.length >= limit) break;
      if (!listed.has(h.chunkId)) hits.push(h);
    }
    return hits;
  }

  private searchTerms(plan: QueryPlan, limit: number): ModalityHit[] {
    const { terms, exclude } = this.termsOf(plan);
    if (terms.length === 0) return [];
    const { termOffsets, termDefs, termWeights, termVocab } = this.data;
    const defCount = this.data.defFile.length;
    const scores = new Map<number, { score: number; matched: string[] }>();
    // A prose question's word also matches its base forms ("composes" → compose), and its phrase's
    // reading ("the number of": `count`, spellings.ts phraseReadings): one query term, its best
    // form per definition.
    const prose = plan.snippet === undefined && plan.similarToChunk === undefined;
    for (const term of terms) {
      const read = prose ? (plan.spellings ?? []).filter((e) => e.code === 'phrase' && e.word === term) : [];
      const forms = [term, ...(prose ? baseForms(term) : []), ...read.map((e) => e.token)]
        .map((f) => this.terms.termIds.get(f))
        .filter((t): t is number => t !== undefined);
      const best = new Map<number, { part: number; t: number }>();
      for (const t of forms) {
        const df = termOffsets[t + 1] - termOffsets[t];
        const idf = Math.log(1 + (defCount - df + 0.5) / (df + 0.5));
        for (let row = termOffsets[t]; row < termOffsets[t + 1]; row++) {
          const def = termDefs[row];
          const tf = termWeights[row];
          const norm = 1 - BM25_B + (BM25_B * this.terms.defLength[def]) / this.terms.averageDefLength;
          const part = (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm);
          if (part > (best.get(def)?.part ?? 0)) best.set(def, { part, t });
        }
      }
      for (const [def, { part, t }] of best) {
        const entry = scores.get(def);
        if (entry) {
          entry.score += part;
          entry.matched.push(termVocab[t]);
        } else scores.set(def, { score: part, matched: [termVocab[t]] });
      }
    }
    const scored: ScoredDefinition[] = [];
    for (const [def, { score, matched }] of scores) {
      if (exclude.has(this.data.defChunk[def])) continue;
      const coverage = matched.length / terms.length;
      const definition = (d: number) => this.definition(d);
      scored.push({
        def,
        score: score * coverage,
        match: 'partial',
        // Written only for the hits kept: a common word matches thousands of definitions.
        get reason() {
          const d = definition(def);
          return `defines ${d.kind} ${qualified(d)} matching ${matched.join(', ')} (${matched.length}/${terms.length} terms)`;
        },
      });
    }
    return this.toHits(this.rankedPrefix(scored, limit), limit);
  }

  /**
   * The start of `scored` in rank order (score, then tieBreak), long enough for toHits to fill
   * `limit` distinct chunks. Only entries at or above the k-th best score are sorted, with every
   * tie at that score, so the start is exactly a full sort's; a full sort called tieBreak on
   * thousands of equal scores when a common word matched (most of a 50 MB repository's
   * understand query).
   */
  private rankedPrefix(scored: ScoredDefinition[], limit: number): ScoredDefinition[] {
    const byRank = this.byRank;
    const scores = Float64Array.from(scored, (s) => s.score).sort();
    for (let k = Math.max(1, limit * 2); ; k *= 2) {
      if (k >= scored.length) return scored.sort(byRank);
      const threshold = scores[scores.length - k];
      const head = scored.filter((s) => s.score >= threshold).sort(byRank);
      if (new Set(head.map((s) => this.data.defChunk[s.def])).size >= limit) return head;
    }
  }

  private termsOf(plan: QueryPlan): { terms: string[]; exclude: Set<number> } {
    const terms = new Set(plan.terms.map((t) => t.toLowerCase()));
    const exclude = new Set<number>();
    if (plan.snippet) for (const t of frequentTerms(subTokens(plan.snippet), MAX_SNIPPET_TERMS)) terms.add(t);
    if (plan.similarToChunk !== undefined) {
      const chunk = this.corpus.chunks[plan.similarToChunk];
      if (chunk) {
        exclude.add(chunk.id);
        const file = this.corpus.files[chunk.fileId];
        const words: string[] = [];
        for (const d of file.analysis.definitions) {
          if (d.startLine < chunk.startLine || d.endLine > chunk.endLine) continue;
          words.push(...splitIdentifier(d.name), ...subTokens(d.signature));
        }
        if (words.length === 0)
          words.push(
            ...subTokens(
              file.text
                .split('\n')
                .slice(chunk.startLine - 1, chunk.endLine)
                .join('\n'),
            ),
          );
        for (const t of frequentTerms(words, MAX_SNIPPET_TERMS)) terms.add(t);
      }
    }
    return { terms: [...terms], exclude };
  }

  // -------------------------------------------------------------------------------------

  private toHits(scored: ScoredDefinition[], limit: number): ModalityHit[] {
    const hits: ModalityHit[] = [];
    const seen = new Set<number>();
    for (const s of scored) {
      if (hits.length >= limit) break;
      const chunkId = this.data.defChunk[s.def];
      if (seen.has(chunkId)) continue;
      seen.add(chunkId);
      hits.push({ chunkId, score: round(s.score), reason: s.reason });
    }
    return hits;
  }

  private definition(def: number): Definition {
    return this.corpus.files[this.data.defFile[def]].analysis.definitions[this.data.defLocal[def]];
  }

  private pathOf(def: number): string {
    return this.corpus.files[this.data.defFile[def]].path;
  }

  private hitOf(def: number): DefinitionHit {
    return {
      fileId: this.data.defFile[def],
      path: this.pathOf(def),
      definition: this.definition(def),
      chunkId: this.data.defChunk[def],
    };
  }
}

// ---------------------------------------------------------------------------------------

/** Bits of StructuralSnapshot.defFlags. */
const DECLARATION_ONLY = 1;
const NOT_NAMED_FILE = 2;
const NESTED = 4;
/** pathFacts bits: a test or example path; a path the ranking demotes (demotionFor). */
const IN_TEST_PATH = 1;
const DEMOTED_PATH = 2;

/** One file's definitions' flags (see StructuralSnapshot.defFlags), appended to `out` in analysis order. */
function addDefinitionFlags(path: string, definitions: readonly Definition[], out: GrowableU32): void {
  const start = out.length;
  const stem = fileStem(path);
  const declarationFile = DECLARATION_PATH.test(path);
  const byStart = (a: number, b: number) =>
    definitions[a].startLine - definitions[b].startLine || definitions[b].endLine - definitions[a].endLine;
  let sorted = true;
  for (let i = 0; i < definitions.length; i++) {
    const def = definitions[i];
    out.push(
      (declarationFile || isDeclarationSignature(def) ? DECLARATION_ONLY : 0) |
        (stem === def.name.toLowerCase() ? 0 : NOT_NAMED_FILE),
    );
    if (i > 0 && byStart(i - 1, i) > 0) sorted = false;
  }
  // A definition is nested when another definition of its file contains it (by start line, the
  // longer first: the analyzer's own order, as a rule).
  let order: number[] | null = null;
  if (!sorted) {
    order = [];
    for (let i = 0; i < definitions.length; i++) order.push(i);
    order.sort(byStart);
  }
  let outerEnd = 0;
  for (let k = 0; k < definitions.length; k++) {
    const i = order ? order[k] : k;
    const { endLine } = definitions[i];
    if (endLine <= outerEnd) out.data[start + i] |= NESTED;
    outerEnd = Math.max(outerEnd, endLine);
  }
}

/**
 * The structural index built file by file, in file order, as a build's analyses arrive (the
 * definitions' terms and the references' postings are most of its work, and need one file at a
 * time); `finish` lays the postings out once the corpus is complete. The index is the one
 * `StructuralIndex.build` gives for the same corpus: that is this builder over its files.
 */
export class StructuralBuilder {
  private readonly names = new CorpusNamesBuilder();
  private readonly defFile = new GrowableU32();
  private readonly defLocal = new GrowableU32();
  private readonly defChunk = new GrowableU32();
  private readonly defFlags = new GrowableU32();
  private readonly terms = new DefinitionTermPostings(isDefinitionTerm);
  private readonly refs = new ReferencePostings(this.names.referenceNameValues, 0);
  private files = 0;
  private references = 0;

  /** The next file (`fileId` = files added so far); `chunkAt(line)` is its chunk at a line, as the corpus will say. */
  add(fileId: number, path: string, analysis: FileAnalysis, chunkAt: (line: number) => number): void {
    if (fileId !== this.files) throw new RangeError(`file ${fileId} added after ${this.files} files`);
    this.files++;
    const { definitions, references } = analysis;
    this.names.add(analysis);
    const { defFile, defLocal, defChunk, terms } = this;
    for (let local = 0; local < definitions.length; local++) {
      const d = definitions[local];
      const def = defFile.length;
      defFile.push(fileId);
      defLocal.push(local);
      defChunk.push(chunkAt(d.nameLine));
      terms.begin(def);
      terms.identifier(d.name, NAME_TOKEN_WEIGHT);
      if (d.container) terms.identifier(d.container, OTHER_TOKEN_WEIGHT);
      terms.text(d.signature, OTHER_TOKEN_WEIGHT);
      if (d.doc) terms.text(d.doc, OTHER_TOKEN_WEIGHT);
    }
    addDefinitionFlags(path, definitions, this.defFlags);
    const nameIds = this.names.referenceNameIds;
    for (let i = 0; i < references.length; i++) {
      const r = references[i];
      let kind = TYPE;
      if (r.kind === 'call') kind = CALL;
      else if (r.kind === 'new') kind = NEW;
      this.refs.add(nameIds[this.references + i], chunkAt(r.line), kind);
    }
    this.references += references.length;
  }

  /** The index over `corpus`, whose files are the ones added, in that order. Its names are kept for the graph (corpusNames). */
  finish(corpus: Corpus): StructuralIndex {
    const names = this.names.finish(corpus);
    const { refNames, refOffsets, refChunks, refCounts } = this.refs.finish(corpus.chunks.length);
    const snapshot: StructuralSnapshot = {
      version: STRUCTURAL_SNAPSHOT_VERSION,
      fileCount: corpus.files.length,
      chunkCount: corpus.chunks.length,
      defFile: this.defFile.i32(),
      defLocal: this.defLocal.i32(),
      defChunk: this.defChunk.i32(),
      defName: names.definitionName,
      names: names.definitionNames,
      defFlags: this.defFlags.u8(),
      ...this.terms.finish(),
      refNames,
      refOffsets,
      refChunks,
      refCounts: narrowest(refCounts),
    };
    return StructuralIndex.fromBuilt(corpus, snapshot);
  }
}

/** Whether a sub-token of a definition's name, signature or doc is indexed. */
function isDefinitionTerm(token: string): boolean {
  return token.length >= 2 && !STOP_WORDS.has(token) && !SIGNATURE_NOISE.has(token);
}

function snapshotFits(corpus: Corpus, s: StructuralSnapshot): boolean {
  if (!s || s.version !== STRUCTURAL_SNAPSHOT_VERSION) return false;
  if (s.fileCount !== corpus.files.length || s.chunkCount !== corpus.chunks.length) return false;
  if (s.defName?.length !== s.defFile.length || s.defFlags?.length !== s.defFile.length) return false;
  // Its definitions are not checked against the analyses: that would decode every file's
  // analysis at load, and a stored index is read with a query. The snapshot's version and its
  // sections' checksums already tie it to the analyses it was built from.
  return true;
}

/** What to match names against: identifiers as typed, else the query's words. */
function nameQueriesOf(plan: QueryPlan): NameQuery[] {
  if (plan.identifiers.length)
    return plan.identifiers.map((id) => {
      // `Store.add`, `a::b::C`, `Foo#bar`: the last part is the name, the others hint at containers.
      const parts = qualifiedParts(id);
      const name = parts[parts.length - 1] ?? id;
      return { text: name, tokens: splitIdentifier(name) };
    });
  const terms = plan.terms.map((t) => t.toLowerCase());
  if (terms.length === 0) return [];
  // One word: it may be the whole name. Several: only their sub-tokens can meet a name.
  return [{ text: terms.length === 1 ? terms[0] : null, tokens: terms }];
}

function qualifiedParts(identifier: string): string[] {
  // An operator's name may hold `::` itself (`operator ::testing::Matcher<F>`): it is one part.
  const operator = identifier.search(/(?<![\w$])operator\b/);
  const head = operator < 0 ? identifier : identifier.slice(0, operator);
  const parts = head.split(/\.|::?|#|->/).filter((p) => p.length > 0);
  return operator < 0 ? parts : [...parts, identifier.slice(operator)];
}

/** `sync/mpsc/bounded.rs` → ['sync', 'mpsc', 'bounded']: the folders and the file stem, lower-cased. */
function pathSegments(path: string): string[] {
  const parts = path.toLowerCase().split('/');
  parts[parts.length - 1] = fileStem(path);
  return parts;
}

/** A reason `defines … (notes)` with one more note inside its parentheses. */
function withNote(reason: string, note: string): string {
  return reason.endsWith(')') ? `${reason.slice(0, -1)}; ${note})` : `${reason} (${note})`;
}

function referenceReason(name: string, counts: readonly number[]): string {
  const total = counts[CALL] + counts[NEW] + counts[TYPE];
  if (counts[CALL] === total) return `calls ${name} ${total}×`;
  if (counts[NEW] === total) return `constructs ${name} (new) ${total}×`;
  if (counts[TYPE] === total) return `uses type ${name} ${total}×`;
  const parts: string[] = [];
  if (counts[CALL]) parts.push(`${counts[CALL]} call${counts[CALL] === 1 ? '' : 's'}`);
  if (counts[NEW]) parts.push(`${counts[NEW]} new`);
  if (counts[TYPE]) parts.push(`${counts[TYPE]} type use${counts[TYPE] === 1 ? '' : 's'}`);
  return `references ${name} ${total}× (${parts.join(', ')})`;
}

function qualified(d: Definition): string {
  return d.container ? `${d.container}.${d.name}` : d.name;
}

function frequentTerms(tokens: string[], max: number): string[] {
  const counts = new Map<string, number>();
  for (const t of tokens) {
    if (!isDefinitionTerm(t)) continue;
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, max)
    .map(([t]) => t);
}

/** `src/mergeMap.ts` → 'mergemap'; `a/config.d.ts` → 'config'. */
function fileStem(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = base.indexOf('.');
  return dot < 0 ? base : base.slice(0, dot);
}

/** A name without the `_`/`$` that mark private or generated variants: `_diff`, `$$render` → diff, render. */
function undecorated(name: string): string {
  return name.replace(/^[_$]+|[_$]+$/g, '');
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}

/** Definition kinds that declare a class whose constructor may carry its name. */
const CLASS_KINDS: ReadonlySet<DefinitionKind> = new Set<DefinitionKind>(['class', 'struct']);

/** The innermost scope of a container path (`arma::running_stat` → `running_stat`). */
function lastScope(container: string | undefined): string | undefined {
  return container?.split(/::|\.|\\/).pop();
}
