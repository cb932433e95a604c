/**
 * The code graph: files and symbols (definitions) as nodes; file→file imports,
 * symbol→symbol calls/references and file→symbol top-level references as edges, each with
 * a confidence. Stored as typed arrays in CSR form (out-edges by source, plus a reverse
 * index by target) so tens of thousands of files stay compact and structured-cloneable.
 *
 * Node ids: 0..fileCount-1 are files (positions in corpus.files); fileCount + s is symbol s.
 * External packages (unresolved imports) are kept beside the graph, not inside PageRank:
 * `react` imported by every file says nothing about which of *this* repository's code matters.
 */
import { DEFINITION_KINDS, type Definition, type ImportRef, type Language, type Reference } from '../contract';
import type { Corpus, CorpusFile } from '../modality';
import { centralityFromRank, pageRank } from './pagerank';
import { basename, dirname, ImportResolver, push } from './resolve';
import { corpusNames, type CorpusNames } from '../corpus-names';
import { entriesByRow, rowOffsets } from '../store/csr';
import { escapeRegExp } from '../text/escape';
import { lineOfOffset, lineStartsOf, textOfLine } from '../text/lines';
import { FIELD_OWNERS } from '../own-receivers';
import {
  classifyReceiver,
  classNamedBy,
  importBindings,
  NAMED_FOR_CLASS_LANGUAGES,
  type ImportBinding,
  type ReceiverClass,
} from './receivers';
import { docReturnTypeOf, localTypesOf, returnTypeOf, type LocalTypes } from './local-types';
import { declarationGroups, shareGroupRank } from './declaration-groups';
import { RubyAncestry, rubyAliases, rubyConstructedAs, rubyFileNameOf } from './ruby';
import { type LoaderCall, shellCommandCalls, shellLoaderCalls, shellLoaders } from './shell-loaders';
import { angularInjections } from './angular-injection';
import { isDeclarationSignature } from '../structural/index';
import { C_FAMILY_LANGUAGES } from '../structural/grammars';

export const EDGE_IMPORT = 0;
export const EDGE_CALL = 1;
export const EDGE_REFERENCE = 2;
export type EdgeKind = typeof EDGE_IMPORT | typeof EDGE_CALL | typeof EDGE_REFERENCE;

/** Confidence of an import edge: resolution either finds the file or it does not. */
export const IMPORT_CONFIDENCE = 1.0;
/** A name defined in the referencing file itself. */
export const SAME_FILE_CONFIDENCE = 1.0;
/** A name the referencing file imports by that very name (`import { parseConfig }`). */
export const IMPORTED_NAME_CONFIDENCE = 0.9;
/** A name defined in a file the referencing file imports, not named by the import (`import * as cfg`, `import utils`). */
export const IMPORTED_FILE_CONFIDENCE = 0.75;
/** Go/Java: a name defined in another file of the same package (same directory), visible without an import. */
export const PACKAGE_PEER_CONFIDENCE = 0.6;
/** Fallback: the only definition of that name anywhere in the repository. */
export const GLOBAL_UNIQUE_CONFIDENCE = 0.4;
/** Fallback: one of 2–GLOBAL_FALLBACK_MAX_DEFINITIONS definitions of that name: a guess, weighted as one. */
export const GLOBAL_AMBIGUOUS_CONFIDENCE = 0.2;
/** Names with more definitions than this and no import path are left unresolved (`get`, `run`, `init`). */
export const GLOBAL_FALLBACK_MAX_DEFINITIONS = 3;
/** How many `export * from` / `export { x } from` hops a name is followed through (index.ts barrels). */
export const REEXPORT_MAX_DEPTH = 3;

/**
 * Languages where a bare name (`send(x)`, not `res.send(x)`) can never reach a method: methods
 * are called through a receiver or a path. (Java is left out: a method calls its class's
 * methods by their bare names.)
 */
const BARE_NAMES_MISS_METHODS: ReadonlySet<string> = new Set([
  'javascript',
  'typescript',
  'tsx',
  'python',
  'go',
  'rust',
  'php',
  'lua',
]);

/** Languages whose package imports may name a path inside the package (`preact/hooks`). */
const JS_LANGUAGES: ReadonlySet<string> = new Set(['javascript', 'typescript', 'tsx']);
/** A C/C++ definition local to its file (`static`, `static inline`): no other file's prototype declares it. */
const FILE_LOCAL_SIGNATURE = /^static\b/;

/** Languages whose files see their package peers' names without importing them. */
const PACKAGE_SCOPED_LANGUAGES: ReadonlySet<string> = new Set([
  'go',
  'java',
  'kotlin',
  'scala',
  'swift',
  'csharp',
  'php',
]);

/** What linking made of a reference (GraphData.referenceState): not a name the repository defines. */
export const REFERENCE_NOT_A_NAME = 0;
/** Tied to definitions by at least one edge. */
export const REFERENCE_LINKED = 1;
/** Named like a definition but not resolved to one (an untyped receiver, a name with many definitions): a use by name, unresolved. */
export const REFERENCE_BY_NAME = 2;
/** Resolved outside the repository (`os.environ.get`, `x: str` then `x.split()`): no use of its names. */
export const REFERENCE_OUTSIDE = 3;

/** `export { a as b, c }` and `export { a as b } from './x'`: the list, and the specifier when re-exported. */
const EXPORT_LIST = /\bexport\s*(?:type\s*)?\{([^}]*)\}(\s*from\s*['"][^'"]+['"])?/g;

/** The current file of ReferenceLinker, and what it reads about it only when a reference needs it. */
/** A name a file exports for another (`export { original as name }`), and the files that define original. */
interface ExportAlias {
  original: string;
  files: number[];
}

interface FileLinkContext {
  p: number;
  lineCount: number;
  visible: ResolvedImportOfFile[];
  language: string;
  peers: number[];
  bindings?: Map<string, ImportBinding>;
  /** Rust: names bound by imports from the standard library (standardNamesOf). */
  standardNames?: Set<string>;
  /** Rust: whether the file globs a standard-library type's variants (`use std::task::Poll::*`). */
  standardVariantGlob?: boolean;
  /** undefined: not read yet; null: a language whose statements are not read. */
  localTypes?: LocalTypes | null;
  /** Go: whether the file has a dot import (`import . "pkg"`), which alone brings another package's names in bare. */
  dotImport?: boolean;
  /** Ruby: the names the file defines by aliasing, each with the name it aliases (ruby.ts). */
  aliases?: Map<string, string>;
  /** Ruby: per value name, the constant the file makes it from (rubyConstructedAs), read once per name. */
  constructedAs?: Map<string, string | undefined>;
  /** Where each line of the file starts, read on the first reference that needs a line's text. */
  lineStarts?: Uint32Array;
}

/** A Rust path into the standard library (`std::task::Poll::Ready`, `::core::fmt`). */
const RUST_STANDARD_PATH = /^(?:::)?(?:std|core|alloc)::/;
/** A standard-library type (its last segment capitalised): `std::task::Poll`, `std::sync::atomic::Ordering`. */
const RUST_STANDARD_TYPE = /^(?:::)?(?:std|core|alloc)::(?:\w+::)*[A-Z]\w*$/;
/** What Rust's prelude puts in every module's scope: `impl Copy for RawTask` is no use of tokio's io::util::Copy. */
const RUST_PRELUDE: ReadonlySet<string> = new Set(
  'Copy Clone Send Sync Sized Unpin Drop Fn FnMut FnOnce drop Box ToOwned ToString String Vec Option Some None Result Ok Err Default Iterator IntoIterator DoubleEndedIterator ExactSizeIterator Extend FromIterator Eq PartialEq Ord PartialOrd AsRef AsMut Into From TryFrom TryInto'.split(
    ' ',
  ),
);
const RUST_RENAMED_IMPORTS = /\buse\b[^;]*\sas\s/;

export const IMPORT_KIND_IMPORT = 0;
export const IMPORT_KIND_REEXPORT = 1;
/** A service asked of AngularJS's injector by the name the target file registers it under (angular-injection.ts). */
export const IMPORT_KIND_INJECTED = 2;

export { DEFINITION_KINDS };
const METHOD_KIND = DEFINITION_KINDS.indexOf('method');
const FUNCTION_KIND = DEFINITION_KINDS.indexOf('function');
/** onlyTypeReturned's memo for "no one type" (no type name is empty). */
const NONE_RETURNED = '';
const CLASS_KIND = DEFINITION_KINDS.indexOf('class');
const MACRO_KIND = DEFINITION_KINDS.indexOf('macro');
/** Kinds whose name, written as a receiver (`Type::new`, `Config.load`), selects its members. */
export const TYPE_KINDS: ReadonlySet<number> = new Set(
  (['class', 'interface', 'type', 'enum', 'struct', 'trait', 'module', 'namespace'] as const).map((k) =>
    DEFINITION_KINDS.indexOf(k),
  ),
);
/** Files with up to this many symbols are scanned whole to place a definition chunk; larger ones are searched by name line. */
const SMALL_FILE_SYMBOLS = 16;

/** Everything the graph index keeps; plain data, structured-cloneable. */
export interface GraphData {
  fileCount: number;
  symbolCount: number;
  /** Paths at build time, to check a snapshot is loaded against the corpus it was built from. */
  filePaths: string[];

  symbolFile: Int32Array;
  symbolStartLine: Int32Array;
  symbolEndLine: Int32Array;
  symbolNameLine: Int32Array;
  /** Index into DEFINITION_KINDS. */
  symbolKind: Uint8Array;
  symbolName: string[];
  /** '' when the definition has no container. */
  symbolContainer: string[];
  /** Symbols of file p are fileSymbolOffsets[p]..fileSymbolOffsets[p+1]. */
  fileSymbolOffsets: Int32Array;
  /** Symbols ordered by name (code-unit order), for binary-search lookup by exact name. */
  symbolsByName: Int32Array;
  /** Symbols ordered by lower-cased name, for case-insensitive lookup. */
  symbolsByLowerName: Int32Array;
  /** The definition chunk of each symbol, -1 when it has none. */
  symbolChunk: Int32Array;
  /** The symbol behind each chunk, -1 for window chunks. */
  chunkSymbol: Int32Array;

  /** Out-edges of node n: outOffsets[n]..outOffsets[n+1]. */
  outOffsets: Int32Array;
  edgeSource: Int32Array;
  edgeTarget: Int32Array;
  edgeKind: Uint8Array;
  edgeConfidence: Float32Array;
  /** Line in the source file where the import, call or reference is written. */
  edgeLine: Int32Array;
  /** In-edges of node n: inEdges[inOffsets[n]..inOffsets[n+1]] are edge indexes. */
  inOffsets: Int32Array;
  inEdges: Int32Array;

  /** One record per (import statement, resolved file) and per external import. */
  importSource: Int32Array;
  importLine: Int32Array;
  /** ≥ 0: a file position; < 0: external package -(target + 1). */
  importTarget: Int32Array;
  /** The names the statement binds, comma-joined. */
  importNames: string[];
  /** IMPORT_KIND_* of the statement. */
  importKind: Uint8Array;
  /** Per reference of every file (file p's are referenceOffsets[p]..referenceOffsets[p+1]-1, in analysis order): REFERENCE_*. */
  referenceState: Uint8Array;
  referenceOffsets: Int32Array;
  externalPackages: string[];
  /**
   * JS/TS imports left external that name a path inside their package (`preact/devtools`): the
   * record and that path ('devtools'), aligned. A repository that imports itself by its package
   * name, with no package.json to say so, is matched against them by name (index.ts).
   */
  externalSubpathRecord: Int32Array;
  externalSubpath: string[];
  /** Import statements that resolved to at least one file / to none. */
  resolvedImports: number;
  unresolvedImports: number;

  /** PageRank × node count per node (mean 1). */
  centrality: Float32Array;
  pageRankIterations: number;
}

/** A growable column of numbers backed by a typed array. */
class Column<T extends Int32Array | Float32Array | Uint8Array> {
  length = 0;
  constructor(
    private data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = this.make(Math.max(16, this.data.length * 2));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  get(i: number): number {
    return this.data[i];
  }
  set(i: number, value: number): void {
    this.data[i] = value;
  }
  /** The backing array: the first `length` values are the column's (valid until the next push). */
  get values(): T {
    return this.data;
  }
  toArray(): T {
    return this.data.slice(0, this.length) as T;
  }
}

const int32Column = () => new Column(new Int32Array(1024), (m) => new Int32Array(m));
const uint8Column = () => new Column(new Uint8Array(1024), (m) => new Uint8Array(m));
const float32Column = () => new Column(new Float32Array(1024), (m) => new Float32Array(m));

/** The last segment of a qualified reference: `cfg.parseConfig` → `parseConfig`, `a::b` → `b`. */
export function referencedName(name: string): string {
  // What `name.split(/\.|::|->/)` leaves last, found by the same left-to-right scan without the split.
  let lastEnd = 0;
  for (let i = 0; i < name.length;) {
    const separator = separatorLengthAt(name, i);
    if (separator) lastEnd = i += separator;
    else i++;
  }
  return lastEnd === 0 ? name : name.slice(lastEnd) || name;
}

/** The length of the qualifying separator (`.`, `::`, `->`) that starts at name[i], 0 for none. */
function separatorLengthAt(name: string, i: number): number {
  const c = name.charCodeAt(i);
  if (c === 46 /* . */) return 1;
  const next = name.charCodeAt(i + 1);
  return (c === 58 /* : */ && next === 58) || (c === 45 /* - */ && next === 62) /* > */ ? 2 : 0;
}

/** A name found in a file an import makes visible: surer when the import names it. */
function importedConfidence(imp: ResolvedImportOfFile, name: string): number {
  return imp.names && imp.names.includes(name) ? IMPORTED_NAME_CONFIDENCE : IMPORTED_FILE_CONFIDENCE;
}

/**
 * The names an import (`asked`) reaches through a re-export that passes `passed` on (null: a
 * glob or namespace, every name): undefined when they share none, so the re-exported file stays unseen.
 */
function passedNames(
  asked: readonly string[] | null,
  passed: readonly string[] | null,
): readonly string[] | null | undefined {
  if (asked === null) return passed;
  if (passed === null) return asked;
  const both = asked.filter((n) => passed.includes(n));
  return both.length > 0 ? both : undefined;
}

function edgeKindOf(ref: Reference): EdgeKind {
  return ref.kind === 'call' || ref.kind === 'new' ? EDGE_CALL : EDGE_REFERENCE;
}

interface ResolvedImportOfFile {
  target: number;
  /** Names bound by the statement, null for a namespace/glob import. */
  names: readonly string[] | null;
  reexport: boolean;
  /** visibleThroughImports: re-export hops from the file's own statement (absent: 0). */
  hops?: number;
  /** visibleThroughImports: whether the file's own statement that reached it was a glob (absent: its names are null). */
  glob?: boolean;
}

export function buildGraph(corpus: Corpus): GraphData {
  const files = corpus.files;
  const symbols = symbolTableOf(corpus);
  const resolver = new ImportResolver(
    files.map((f) => ({ path: f.path, text: f.text ?? '', language: languageOf(f) })),
  );
  const imports = resolveImports(files, resolver);
  const nodeCount = symbols.fileCount + symbols.symbolCount;
  const linker = new ReferenceLinker(files, symbols, imports, resolver);
  const edges = linker.linkAll();
  const csr = edgesByNode(edges, nodeCount);
  const chunkLinks = chunkSymbolLinks(corpus, symbols);
  // The default sort compares code units, as byCodeUnits does (the names are distinct).
  const byName = symbols.names.definitionNames.slice().sort();
  const ranked = pageRank(nodeCount, csr.outOffsets, csr.edgeTarget, csr.edgeConfidence);
  const groups = declarationGroups(files, symbols.fileSymbolOffsets);
  if (groups) shareGroupRank(ranked.rank, symbols.fileCount, groups);
  return {
    fileCount: symbols.fileCount,
    symbolCount: symbols.symbolCount,
    filePaths: files.map((f) => f.path),
    symbolFile: symbols.symbolFile,
    symbolStartLine: symbols.symbolStartLine,
    symbolEndLine: symbols.symbolEndLine,
    symbolNameLine: symbols.symbolNameLine,
    symbolKind: symbols.symbolKind,
    symbolName: symbols.symbolName,
    symbolContainer: symbols.symbolContainer,
    fileSymbolOffsets: symbols.fileSymbolOffsets,
    symbolsByName: symbolsInNameOrder(symbols, byName),
    symbolsByLowerName: symbolsInNameOrder(symbols, byLowerThenName(byName)),
    symbolChunk: chunkLinks.symbolChunk,
    chunkSymbol: chunkLinks.chunkSymbol,
    ...csr,
    importSource: imports.source.toArray(),
    importLine: imports.line.toArray(),
    importTarget: imports.target.toArray(),
    importNames: imports.names,
    importKind: imports.kind.toArray(),
    referenceState: linker.referenceState,
    referenceOffsets: symbols.names.fileReferenceStart,
    externalPackages: imports.externalPackages,
    externalSubpathRecord: Int32Array.from(imports.subpathRecord),
    externalSubpath: imports.subpath,
    resolvedImports: imports.resolvedImports,
    unresolvedImports: imports.unresolvedImports,
    centrality: centralityFromRank(ranked.rank),
    pageRankIterations: ranked.iterations,
  };
}

/** The corpus's definitions as symbols (GraphData's symbol columns), and each definition name's symbols. */
interface SymbolTable extends Pick<
  GraphData,
  | 'fileCount'
  | 'symbolCount'
  | 'fileSymbolOffsets'
  | 'symbolFile'
  | 'symbolStartLine'
  | 'symbolEndLine'
  | 'symbolNameLine'
  | 'symbolKind'
  | 'symbolName'
  | 'symbolContainer'
> {
  names: CorpusNames;
  /** Per definition name (an index into names.definitionNames): its symbols, ascending. */
  symbolsOfName: number[][];
}

function symbolTableOf(corpus: Corpus): SymbolTable {
  const files = corpus.files;
  const fileCount = files.length;
  const fileSymbolOffsets = new Int32Array(fileCount + 1);
  let symbolCount = 0;
  for (let p = 0; p < fileCount; p++) {
    fileSymbolOffsets[p] = symbolCount;
    symbolCount += files[p].analysis?.definitions.length ?? 0;
  }
  fileSymbolOffsets[fileCount] = symbolCount;
  const symbolFile = new Int32Array(symbolCount);
  const symbolStartLine = new Int32Array(symbolCount);
  const symbolEndLine = new Int32Array(symbolCount);
  const symbolNameLine = new Int32Array(symbolCount);
  const symbolKind = new Uint8Array(symbolCount);
  const symbolName: string[] = new Array(symbolCount);
  const symbolContainer: string[] = new Array(symbolCount);
  // Symbols are the corpus's definitions in corpus order: corpusNames numbers them the same way.
  const names = corpusNames(corpus);
  const symbolsOfName: number[][] = names.definitionNames.map(() => []);
  for (let p = 0; p < fileCount; p++) {
    const defs: Definition[] = files[p].analysis?.definitions ?? [];
    for (let i = 0; i < defs.length; i++) {
      const s = fileSymbolOffsets[p] + i;
      const def = defs[i];
      symbolFile[s] = p;
      symbolStartLine[s] = def.startLine;
      symbolEndLine[s] = def.endLine;
      symbolNameLine[s] = def.nameLine ?? def.startLine;
      symbolKind[s] = Math.max(0, DEFINITION_KINDS.indexOf(def.kind));
      symbolName[s] = def.name;
      symbolContainer[s] = def.container ?? '';
      symbolsOfName[names.definitionName[s]].push(s);
    }
  }
  return {
    fileCount,
    symbolCount,
    fileSymbolOffsets,
    symbolFile,
    symbolStartLine,
    symbolEndLine,
    symbolNameLine,
    symbolKind,
    symbolName,
    symbolContainer,
    names,
    symbolsOfName,
  };
}

/** For names that some method has: the name's other definitions (what a bare name can reach); null for the others. */
function nonMethodsOfNames(symbols: SymbolTable): (number[] | null)[] {
  const symbolKind = symbols.symbolKind;
  return symbols.symbolsOfName.map((list) => {
    let methods = 0;
    for (let i = 0; i < list.length; i++) if (symbolKind[list[i]] === METHOD_KIND) methods++;
    if (methods === 0) return null;
    const others: number[] = [];
    for (let i = 0; i < list.length; i++) if (symbolKind[list[i]] !== METHOD_KIND) others.push(list[i]);
    return others;
  });
}

/** Symbols of `list` (ascending, in file order) defined in file p, appended to `out` (a binary search for the file's run). */
function symbolsNamedIn(fileSymbolOffsets: Int32Array, list: number[], p: number, out: number[]): void {
  const lo = fileSymbolOffsets[p];
  const hi = fileSymbolOffsets[p + 1];
  if (lo === hi) return;
  let a = 0;
  let b = list.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (list[mid] < lo) a = mid + 1;
    else b = mid;
  }
  for (let i = a; i < list.length && list[i] < hi; i++) out.push(list[i]);
}

/**
 * The graph's edges in the order they are found (file by file), repeated calls merged into one
 * edge per (source, target, kind) that keeps the highest confidence.
 */
class EdgeList {
  readonly source = int32Column();
  readonly target = int32Column();
  readonly line = int32Column();
  readonly kind = uint8Column();
  readonly confidence = float32Column();
  /**
   * Every edge of a file starts at that file or one of its symbols, so only the current file's
   * edges can repeat: per target, the newest edge to it from the current file (valid while
   * `latestEdgeFile[target] === currentFile + 1`), and per edge the one before it to the same
   * target from the same file (-1 at the first).
   */
  private readonly latestEdgeTo: Int32Array;
  private readonly latestEdgeFile: Int32Array;
  private readonly earlierEdgeTo = int32Column();
  /** The file whose edges are being added: set before adding them. */
  currentFile = 0;

  constructor(nodeCount: number) {
    this.latestEdgeTo = new Int32Array(nodeCount);
    this.latestEdgeFile = new Int32Array(nodeCount);
  }

  add(source: number, target: number, kind: EdgeKind, confidence: number, line: number): void {
    if (source === target) return;
    const fileMark = this.currentFile + 1;
    if (this.latestEdgeFile[target] === fileMark) {
      for (let e = this.latestEdgeTo[target]; e >= 0; e = this.earlierEdgeTo.get(e)) {
        if (this.source.get(e) !== source || this.kind.get(e) !== kind) continue;
        if (confidence > this.confidence.get(e)) this.confidence.set(e, confidence);
        return;
      }
      this.earlierEdgeTo.push(this.latestEdgeTo[target]);
    } else {
      this.latestEdgeFile[target] = fileMark;
      this.earlierEdgeTo.push(-1);
    }
    this.latestEdgeTo[target] = this.source.length;
    this.source.push(source);
    this.target.push(target);
    this.kind.push(kind);
    this.confidence.push(confidence);
    this.line.push(line);
  }
}

/** Every import statement resolved: GraphData's import records, and per file the files its statements reach. */
interface ImportTable {
  source: Column<Int32Array>;
  line: Column<Int32Array>;
  target: Column<Int32Array>;
  names: string[];
  kind: Column<Uint8Array>;
  externalPackages: string[];
  subpathRecord: number[];
  subpath: string[];
  /** Import records were pushed in file order: file p's records are firstRecord[p]..firstRecord[p+1]-1. */
  firstRecord: Int32Array;
  importsOfFile: ResolvedImportOfFile[][];
  resolvedImports: number;
  unresolvedImports: number;
}

/** A file's language: the walk's by its name, else what its parser found (`analysis` may be absent). */
function languageOf(f: Pick<CorpusFile, 'language' | 'analysis'>): Language | null {
  return f.language ?? f.analysis?.language ?? null;
}

/** Resolves every statement before any reference is linked: re-export chains need the later files. */
function resolveImports(files: Corpus['files'], resolver: ImportResolver): ImportTable {
  const fileCount = files.length;
  const table: ImportTable = {
    source: int32Column(),
    line: int32Column(),
    target: int32Column(),
    names: [],
    kind: uint8Column(),
    externalPackages: [],
    subpathRecord: [],
    subpath: [],
    firstRecord: new Int32Array(0),
    importsOfFile: new Array(fileCount),
    resolvedImports: 0,
    unresolvedImports: 0,
  };
  const externalIndex = new Map<string, number>();
  // A call that loads a file by name (`_xfunc list_lists …`): an import of it, as `. file` is.
  const loaded = new Map<number, LoaderCall[]>();
  for (const call of shellLoaderCalls(files, shellLoaders(files))) push(loaded, call.from, call);
  // A script run by its name (`drbl-check-dm`, a bin/ helper on PATH): a dependency on that file,
  // but no names of it are seen: it runs in a process of its own.
  const run = new Map<number, LoaderCall[]>();
  for (const call of shellCommandCalls(files)) push(run, call.from, call);
  // A service injected by its registered name: a dependency on the registering file, whose names
  // are reached through the injected value, never bare.
  const injected = new Map<number, LoaderCall[]>();
  for (const call of angularInjections(files)) push(injected, call.from, call);
  for (let p = 0; p < fileCount; p++) {
    const resolved: ResolvedImportOfFile[] = [];
    table.importsOfFile[p] = resolved;
    for (const call of loaded.get(p) ?? []) {
      table.resolvedImports++;
      pushImportRecord(table, p, call.line, call.target, '*', IMPORT_KIND_IMPORT);
      resolved.push({ target: call.target, names: null, reexport: false });
    }
    for (const call of run.get(p) ?? []) {
      if (loaded.get(p)?.some((l) => l.target === call.target)) continue;
      table.resolvedImports++;
      pushImportRecord(table, p, call.line, call.target, '', IMPORT_KIND_IMPORT);
      resolved.push({ target: call.target, names: [], reexport: false });
    }
    for (const call of injected.get(p) ?? []) {
      table.resolvedImports++;
      pushImportRecord(table, p, call.line, call.target, '', IMPORT_KIND_INJECTED);
      resolved.push({ target: call.target, names: [], reexport: false });
    }
    const imports: ImportRef[] = files[p].analysis?.imports ?? [];
    const inline = rustInlineModules(files[p], imports);
    for (let i = 0; i < imports.length; i++) {
      const imp = imports[i];
      // `use super::*` in an inline `mod tests { … }` is the file's own module, whose names and
      // imports the file already sees; read from the file it would reach its parent's (hyper's
      // upgrade.rs tests saw lib.rs's `mod client;` and so client.rs's `type Future`).
      if (
        inline &&
        /^super(?:::(?!super\b)|$)/.test(imp.specifier) &&
        inline.some(([a, b]) => a < imp.line && imp.line <= b)
      )
        continue;
      const target = resolver.resolve(p, imp);
      const namesText = imp.names.join(',');
      const kind = imp.kind === 'reexport' ? IMPORT_KIND_REEXPORT : IMPORT_KIND_IMPORT;
      if (target.kind === 'files') {
        table.resolvedImports++;
        const glob = imp.names.length === 0 || imp.names.includes('*');
        // A Rust path written in place (`crate::Error` in a return type) binds no name: it sees
        // its own segments, not all that lib.rs re-exports (h2's `crate::Error` made share.rs's
        // StreamId visible where `use crate::frame::StreamId` names another).
        let names: readonly string[] | null = glob ? null : imp.names;
        if (glob && inPlaceRustPath(imp, files[p])) names = imp.specifier.split('::').slice(1);
        for (let j = 0; j < target.files.length; j++) {
          const t = target.files[j];
          pushImportRecord(table, p, imp.line, t, namesText, kind);
          resolved.push({ target: t, names, reexport: imp.kind === 'reexport' });
        }
      } else {
        table.unresolvedImports++;
        let ext = externalIndex.get(target.packageName);
        if (ext === undefined) {
          ext = table.externalPackages.length;
          externalIndex.set(target.packageName, ext);
          table.externalPackages.push(target.packageName);
        }
        const spec = imp.specifier.trim();
        if (JS_LANGUAGES.has(languageOf(files[p]) ?? '') && spec.startsWith(target.packageName + '/')) {
          table.subpathRecord.push(table.source.length);
          table.subpath.push(spec.slice(target.packageName.length + 1));
        }
        pushImportRecord(table, p, imp.line, -(ext + 1), namesText, kind);
      }
    }
  }
  table.firstRecord = rowOffsets(table.source.values, table.source.length, fileCount);
  return table;
}

/** The line spans of a Rust file's inline modules (`mod tests { … }`), when it has `super` imports; else null. */
function rustInlineModules(file: Corpus['files'][number], imports: readonly ImportRef[]): [number, number][] | null {
  if (languageOf(file) !== 'rust' || !imports.some((i) => i.specifier.startsWith('super'))) return null;
  const spans: [number, number][] = [];
  for (const d of file.analysis?.definitions ?? [])
    if (d.kind === 'module' && d.endLine > d.startLine) spans.push([d.startLine, d.endLine]);
  return spans;
}

/** A Rust path written in code (structural/imports.ts's rustQualifiedPath: `crate::a::b`, names []). */
function inPlaceRustPath(imp: ImportRef, file: Corpus['files'][number]): boolean {
  return imp.names.length === 0 && imp.specifier.startsWith('crate::') && languageOf(file) === 'rust';
}

function pushImportRecord(
  table: ImportTable,
  source: number,
  line: number,
  target: number,
  names: string,
  kind: number,
): void {
  table.source.push(source);
  table.line.push(line);
  table.target.push(target);
  table.names.push(names);
  table.kind.push(kind);
}

/** Go/Java files by package (language and directory), for the names a package's files share. */
function packagePeersOf(files: Corpus['files']): Map<string, number[]> {
  const packagePeers = new Map<string, number[]>();
  for (let p = 0; p < files.length; p++) {
    const language = languageOf(files[p]);
    if (!language || !PACKAGE_SCOPED_LANGUAGES.has(language)) continue;
    const key = language + ':' + dirname(files[p].path);
    const list = packagePeers.get(key);
    if (list) list.push(p);
    else packagePeers.set(key, [p]);
  }
  return packagePeers;
}

/**
 * Links every import and reference into edges, file by file. A reference goes to the symbols of
 * its name in the first place that has any: its own file, the files its imports make visible,
 * its package peers, else (for names with few definitions) anywhere.
 */
class ReferenceLinker {
  private readonly edges: EdgeList;
  private readonly nonMethodsOfName: (number[] | null)[];
  /** Per reference name as written (names.referenceNames): the name it refers to (its last part). */
  private readonly referencedText: string[];
  /** Per reference name as written: that name's definition name id, or -1. */
  private readonly referencedNameId: Int32Array;
  private readonly packagePeers: Map<string, number[]>;
  /** `seenFrom[q] === p + 1`: file q is already visible from file p. */
  private readonly seenFrom: Int32Array;
  /** Per file: its place in the current file's visible list, or -1 (reset after each file). */
  private readonly visibleSlot: Int32Array;
  /** Lines of the current file → its innermost symbol, or -1 (reused from file to file). */
  private innermostByLine = new Int32Array(4096);
  /** Scratch lists of one reference's symbols, emptied at each use. */
  private readonly found: number[] = [];
  private readonly hits: number[] = [];
  /** Per reference of the corpus (in CorpusNames order): REFERENCE_*. */
  readonly referenceState: Uint8Array;
  /** Per file: its renamed exports, read on first use. */
  private readonly exportAliases: (Map<string, { original: string; files: number[] }> | undefined)[];
  private readonly hasExportAliases: boolean;
  /** Ruby: what each class inherits and mixes in, read on the first bare call that needs it. */
  private rubyAncestry?: RubyAncestry;
  /** Rust: the name ids some macro has (macroNameIds). */
  private macroNames?: Set<number>;
  /** membersOfType's answers, per definition name id and container (shared: never changed). */
  private readonly typeMembers = new Map<string, number[]>();
  /** onlyTypeReturned's answers, per name (and container): NONE_RETURNED for none. */
  private readonly onlyReturned = new Map<string, string>();
  /** Per file: the lines of its imports that bind a default export, with their text (linkDefaultImport). */
  private readonly defaultImportLines: ({ line: number; text: string }[] | undefined)[] = [];

  constructor(
    private readonly files: Corpus['files'],
    private readonly symbols: SymbolTable,
    private readonly imports: ImportTable,
    /** What resolved the imports: a Go package's name is read where its folder was matched to its path. */
    private readonly resolver: ImportResolver,
  ) {
    const fileCount = files.length;
    this.edges = new EdgeList(fileCount + symbols.symbolCount);
    this.nonMethodsOfName = nonMethodsOfNames(symbols);
    this.referencedText = symbols.names.referenceNames.map(referencedName);
    this.referencedNameId = Int32Array.from(this.referencedText, (name) => symbols.names.definitionNameId(name) ?? -1);
    this.packagePeers = packagePeersOf(files);
    this.seenFrom = new Int32Array(fileCount);
    this.visibleSlot = new Int32Array(fileCount).fill(-1);
    this.referenceState = new Uint8Array(symbols.names.referenceName.length);
    this.exportAliases = new Array(fileCount);
    this.hasExportAliases = files.some(
      (f) => f.text !== undefined && /\bexport\s*\{[^}]*\sas\s|\bexport\s+default\s+[A-Za-z_$]/.test(f.text),
    );
  }

  linkAll(): EdgeList {
    const { edges, imports } = this;
    for (let p = 0; p < this.files.length; p++) {
      edges.currentFile = p;
      // Import edges: one per imported file, at the first statement that names it.
      for (let r = imports.firstRecord[p]; r < imports.firstRecord[p + 1]; r++) {
        const t = imports.target.get(r);
        if (t >= 0) edges.add(p, t, EDGE_IMPORT, IMPORT_CONFIDENCE, imports.line.get(r));
      }
      this.linkReferencesOf(p);
    }
    return edges;
  }

  private linkReferencesOf(p: number): void {
    const references: Reference[] = this.files[p].analysis?.references ?? [];
    if (references.length === 0) return;
    const { visibleSlot, referenceState } = this;
    const names = this.symbols.names;
    const file: FileLinkContext = {
      p,
      lineCount: this.innermostSymbolByLine(p),
      visible: this.visibleThroughImports(p),
      language: languageOf(this.files[p]) ?? '',
      peers: [],
    };
    const { visible } = file;
    for (let v = 0; v < visible.length; v++) visibleSlot[visible[v].target] = v;
    file.peers = this.packagePeersOfFile(p, file.language);
    const firstReference = names.fileReferenceStart[p];
    for (let r = 0; r < references.length; r++)
      referenceState[firstReference + r] = this.linkReference(file, references[r], firstReference + r);
    for (let v = 0; v < visible.length; v++) visibleSlot[visible[v].target] = -1;
  }

  /** Links one reference of the current file; what became of it (REFERENCE_*). */
  private linkReference(file: FileLinkContext, ref: Reference, globalIndex: number): number {
    const { edges, symbols, found, referencedNameId, referencedText } = this;
    const { fileCount, fileSymbolOffsets, symbolNameLine, symbolsOfName, names } = symbols;
    const { p, visible, peers } = file;
    const written = names.referenceName[globalIndex];
    const name = referencedText[written];
    const nameId = referencedNameId[written];
    const throughReceiver = ref.qualified === true || name !== ref.name;
    // Ruby: a bare call of a name the file aliases is the file's own method (thor's Argument
    // `alias_method :human_name, :name`), never another class's method of that name.
    if (!throughReceiver && file.language === 'ruby') {
      file.aliases ??= rubyAliases(this.files[p].text ?? '');
      const original = file.aliases.get(name);
      if (original !== undefined) return this.linkToOwnDefinition(file, ref, original);
    }
    if (nameId < 0) return this.linkExportAlias(file, ref, name) ? REFERENCE_LINKED : REFERENCE_NOT_A_NAME;
    const bare = BARE_NAMES_MISS_METHODS.has(file.language) && !throughReceiver;
    let candidates = bare ? (this.nonMethodsOfName[nameId] ?? symbolsOfName[nameId]) : symbolsOfName[nameId];
    if (candidates.length === 0) return REFERENCE_NOT_A_NAME;
    // `use std::task::Poll::{Pending, Ready}` binds `Ready` to the standard library's, not to a
    // repository type of that name (tokio's io::Ready).
    if (!throughReceiver && file.language === 'rust' && this.standardNamesOf(file).has(name)) return REFERENCE_OUTSIDE;
    if (!throughReceiver && file.language === 'rust' && this.macroNameIds().has(nameId)) {
      candidates = this.rustMacroNamespace(file, ref, name, candidates);
      if (candidates.length === 0) return REFERENCE_NOT_A_NAME;
    }
    if (!throughReceiver && file.language === 'ruby') {
      candidates = this.rubyReachable(file, ref, candidates);
      if (candidates.length === 0) return REFERENCE_BY_NAME;
    }
    let typed = false;
    if (ref.qualified === true) {
      const receiver = this.receiverOf(file, ref);
      // A member of an outside package or type is no use of the repository's name.
      if (receiver.kind === 'external') return REFERENCE_OUTSIDE;
      if (receiver.kind === 'value') {
        // A value whose type no statement makes plain (`items.pop()`, `x.len()`): by name,
        // unresolved, unless it is named for a class that has the member (NAMED_FOR_CLASS_LANGUAGES).
        const members = this.membersOfClassNamedBy(file, ref, candidates);
        if (members.length === 0) return REFERENCE_BY_NAME;
        candidates = members;
        typed = true;
      }
      if (receiver.kind === 'type') {
        let members = this.membersOfType(nameId, candidates, receiver.container);
        if (members.length === 0 && file.language === 'ruby' && receiver.container !== undefined)
          members = this.rubyScopedTypes(candidates, receiver.container, name);
        // A member the type inherits, or a union alias's (`state: ImmerState`): the receiver is
        // the repository's, its member is found as a name the file sees (below).
        if (members.length > 0) {
          candidates = members;
          typed = true;
        }
      } else if (receiver.kind === 'module') {
        const source = this.sourceNodeOf(p, ref, file.lineCount);
        const linked =
          this.linkThroughModule(receiver.binding!, candidates, source, ref) || this.linkExportAlias(file, ref, name);
        return linked ? REFERENCE_LINKED : REFERENCE_BY_NAME;
      }
    }
    const source = this.sourceNodeOf(p, ref, file.lineCount);
    const kind = edgeKindOf(ref);
    found.length = 0;
    symbolsNamedIn(fileSymbolOffsets, candidates, p, found);
    if (found.length > 0) {
      // A reference on a definition's own name line is the declaration, not a use.
      let linked = false;
      for (let i = 0; i < found.length; i++)
        if (symbolNameLine[found[i]] !== ref.line) {
          edges.add(source, fileCount + found[i], kind, SAME_FILE_CONFIDENCE, ref.line);
          linked = true;
        }
      // A header's own macro calling what the header declares (apfs.h's apfs_err → apfs_msg).
      if (linked && C_FAMILY_LANGUAGES.has(file.language) && !throughReceiver)
        this.linkDeclaredBodies(p, candidates, source, kind, ref.line);
      return linked ? REFERENCE_LINKED : REFERENCE_NOT_A_NAME;
    }
    // Lua: a bare name the file binds at its top (`local is_simple_table = table.is_simple_table`,
    // `local format = string.format`) is what that path holds, never a function of its name elsewhere.
    if (!throughReceiver && file.language === 'lua') {
      file.bindings ??= this.bindingsOf(p, file.language);
      const binding = file.bindings.get(name);
      if (binding?.external) return REFERENCE_OUTSIDE;
      if (binding)
        return this.linkThroughModule(binding, symbolsOfName[nameId], source, ref)
          ? REFERENCE_LINKED
          : REFERENCE_BY_NAME;
    }
    if (file.language === 'ruby') candidates = this.rubyTypeHomes(candidates, name);
    // Go reaches another package's names only through its qualifier (`hcl.Diagnostic`), save
    // after a dot import: a bare name is its own package's (hcl's three `nameSuggestion`s, one per
    // package), and one no peer defines is no use of another package's.
    if (!throughReceiver && file.language === 'go') {
      if (this.linkToPeers(peers, candidates, source, kind, ref.line)) return REFERENCE_LINKED;
      file.dotImport ??= (this.files[p].analysis?.imports ?? []).some((i) => i.dot === true);
      if (!file.dotImport) return REFERENCE_BY_NAME;
    }
    if (this.linkToVisible(visible, candidates, name, source, kind, ref.line, file.language === 'rust')) {
      if (C_FAMILY_LANGUAGES.has(file.language) && !throughReceiver)
        this.linkDeclaredBodies(p, candidates, source, kind, ref.line);
      return REFERENCE_LINKED;
    }
    if (!throughReceiver && this.linkExportAlias(file, ref, name)) return REFERENCE_LINKED;
    if (this.linkToPeers(peers, candidates, source, kind, ref.line)) return REFERENCE_LINKED;
    // A member call whose receiver resolved to nothing above is not tied to a definition by
    // its name alone; nor is a bare name with many definitions and no import path.
    // A member of a type the repository defines is that type's member wherever it is defined.
    if ((throughReceiver && !typed) || candidates.length > GLOBAL_FALLBACK_MAX_DEFINITIONS) return REFERENCE_BY_NAME;
    if (!throughReceiver && file.language === 'rust') {
      if (this.boundOutsideRepository(file, name)) return REFERENCE_BY_NAME;
      candidates = this.underBindingModule(file, name, candidates);
    }
    const confidence = candidates.length === 1 ? GLOBAL_UNIQUE_CONFIDENCE : GLOBAL_AMBIGUOUS_CONFIDENCE;
    for (let i = 0; i < candidates.length; i++)
      edges.add(source, fileCount + candidates[i], kind, confidence, ref.line);
    return REFERENCE_LINKED;
  }

  /**
   * Ruby: the classes and modules of `name` defined with `scope` written before it (`class
   * Gem::UriFormatter`, outside any `module Gem` block, so with no container): what
   * `Gem::UriFormatter.new` names in another file.
   */
  private rubyScopedTypes(candidates: number[], scope: string, name: string): number[] {
    const { symbolKind, symbolContainer } = this.symbols;
    const written = `${scope}::${name}`;
    return candidates.filter((s) => {
      if (symbolContainer[s] !== '' || !TYPE_KINDS.has(symbolKind[s])) return false;
      const signature = this.definitionOf(s).signature;
      const at = signature.indexOf(written);
      return at >= 0 && !/\w/.test(signature[at + written.length] ?? '');
    });
  }

  /** The names some macro of the repository has (`macro_rules! cstr`), read on the first Rust reference that asks. */
  private macroNameIds(): ReadonlySet<number> {
    if (this.macroNames) return this.macroNames;
    const { symbolKind, symbolsOfName } = this.symbols;
    const out = new Set<number>();
    for (let id = 0; id < symbolsOfName.length; id++)
      if (symbolsOfName[id].some((s) => symbolKind[s] === MACRO_KIND)) out.add(id);
    return (this.macroNames = out);
  }

  /**
   * Rust: macros and other items live in separate namespaces. `cstr!("…")` invokes a macro, never
   * the `mod cstr` that holds it, and a path or call without the `!` never names a macro. Of
   * several macros of the name (rustix's `syscall!`, one per backend), an invocation reaches the
   * one whose textual scope holds it — approximated by the definition sharing the most folders
   * with the calling file: a `#[macro_use] mod` lifts a macro to its parent module's files, not
   * to another backend's.
   */
  private rustMacroNamespace(file: FileLinkContext, ref: Reference, name: string, candidates: number[]): number[] {
    const { symbolKind, symbolFile } = this.symbols;
    const macros = candidates.filter((c) => symbolKind[c] === MACRO_KIND);
    if (macros.length === 0) return candidates;
    const text = this.files[file.p].text ?? '';
    file.lineStarts ??= lineStartsOf(text);
    const start = file.lineStarts[ref.line - 1] ?? text.length;
    const end = ref.line < file.lineStarts.length ? file.lineStarts[ref.line] : text.length;
    const invoked = new RegExp(`(?<![\\w$])${escapeRegExp(name)}\\s*!(?!=)`).test(text.slice(start, end));
    if (!invoked) return candidates.filter((c) => symbolKind[c] !== MACRO_KIND);
    if (macros.length < 2) return macros;
    const caller = this.files[file.p].path.split('/');
    const shared = (c: number) => {
      const folders = this.files[symbolFile[c]].path.split('/').slice(0, -1);
      let n = 0;
      while (n < folders.length && n < caller.length - 1 && folders[n] === caller[n]) n++;
      return n;
    };
    const nearest = Math.max(...macros.map(shared));
    return macros.filter((c) => shared(c) === nearest);
  }

  /**
   * Ruby: the candidates a bare call inside a class can reach. A bare call is a call on self, so
   * a method of a class the enclosing class neither is, inherits nor mixes in is not it
   * (RubyAncestry). A call in a module's body or at the top level keeps every candidate: a mixin
   * calls the methods its includers provide. Names that are not methods are kept.
   */
  private rubyReachable(file: FileLinkContext, ref: Reference, candidates: number[]): number[] {
    const { fileCount, symbolKind, symbolContainer, symbolName, symbolFile } = this.symbols;
    const s = this.sourceNodeOf(file.p, ref, file.lineCount) - fileCount;
    if (s < 0) return candidates;
    const enclosing = TYPE_KINDS.has(symbolKind[s]) ? s : this.ownTypeNamed(file.p, symbolContainer[s]);
    if (enclosing < 0 || symbolKind[enclosing] !== CLASS_KIND) return candidates;
    this.rubyAncestry ??= new RubyAncestry(this.rubyTypesByFile());
    const reach = this.rubyAncestry.reach(symbolName[enclosing]);
    return candidates.filter(
      (c) =>
        (symbolKind[c] !== METHOD_KIND && symbolKind[c] !== FUNCTION_KIND) ||
        symbolContainer[c] === '' ||
        symbolFile[c] === file.p ||
        reach.has(symbolContainer[c]),
    );
  }

  /**
   * Ruby: a class or module reopened in several files (thor's Thor::Base in base.rb and, for one
   * class method, shell.rb) is used where its name's own file defines it (base.rb): a use of the
   * name is no use of every file that adds to it. Unchanged when no candidate is a type in a file
   * of that name, or when any candidate is not a type.
   */
  private rubyTypeHomes(candidates: number[], name: string): number[] {
    // A namespace reopened in most files (`module Rack`) stays a name with many definitions.
    if (candidates.length < 2 || candidates.length > GLOBAL_FALLBACK_MAX_DEFINITIONS) return candidates;
    const { symbolKind, symbolFile } = this.symbols;
    if (!candidates.every((c) => TYPE_KINDS.has(symbolKind[c]))) return candidates;
    const home = rubyFileNameOf(name);
    const homes = candidates.filter((c) => basename(this.files[symbolFile[c]].path) === home);
    return homes.length > 0 ? homes : candidates;
  }

  /** The class or module of file p named `name`, or -1. */
  private ownTypeNamed(p: number, name: string): number {
    const { fileSymbolOffsets, symbolKind, symbolName } = this.symbols;
    if (name === '') return -1;
    for (let t = fileSymbolOffsets[p]; t < fileSymbolOffsets[p + 1]; t++)
      if (symbolName[t] === name && TYPE_KINDS.has(symbolKind[t])) return t;
    return -1;
  }

  /** Every Ruby file's text and the names of the classes and modules it defines. */
  private *rubyTypesByFile(): Generator<{ text: string; types: string[] }> {
    const { fileSymbolOffsets, symbolKind, symbolName } = this.symbols;
    for (let p = 0; p < this.files.length; p++) {
      const f = this.files[p];
      if (languageOf(f) !== 'ruby') continue;
      const types: string[] = [];
      for (let t = fileSymbolOffsets[p]; t < fileSymbolOffsets[p + 1]; t++)
        if (TYPE_KINDS.has(symbolKind[t])) types.push(symbolName[t]);
      yield { text: f.text ?? '', types };
    }
  }

  /** Edges from a reference to the current file's definitions of `name` (not on its own line); what became of it. */
  private linkToOwnDefinition(file: FileLinkContext, ref: Reference, name: string): number {
    const { symbolsOfName, names, symbolNameLine, fileSymbolOffsets, fileCount } = this.symbols;
    const id = names.definitionNameId(name);
    const found: number[] = [];
    if (id !== undefined) symbolsNamedIn(fileSymbolOffsets, symbolsOfName[id], file.p, found);
    const own = found.filter((s) => symbolNameLine[s] !== ref.line);
    const source = own.length > 0 ? this.sourceNodeOf(file.p, ref, file.lineCount) : -1;
    for (const s of own) this.edges.add(source, fileCount + s, edgeKindOf(ref), SAME_FILE_CONFIDENCE, ref.line);
    return own.length > 0 ? REFERENCE_LINKED : REFERENCE_NOT_A_NAME;
  }

  /** Edges from a reference to its candidates in the file's package peers (Go, Java); whether there was any. */
  private linkToPeers(peers: number[], candidates: number[], source: number, kind: EdgeKind, line: number): boolean {
    if (peers.length === 0) return false;
    const { edges, found } = this;
    const { fileCount, fileSymbolOffsets, symbolFile } = this.symbols;
    found.length = 0;
    if (candidates.length <= peers.length * 4) {
      const peerSet = peers.length > 8 ? new Set(peers) : null;
      for (const s of candidates)
        if (peerSet ? peerSet.has(symbolFile[s]) : peers.includes(symbolFile[s])) found.push(s);
    } else for (const q of peers) symbolsNamedIn(fileSymbolOffsets, candidates, q, found);
    for (let i = 0; i < found.length; i++) edges.add(source, fileCount + found[i], kind, PACKAGE_PEER_CONFIDENCE, line);
    return found.length > 0;
  }

  /** Edges from a reference to its candidates in the files its file's imports make visible; whether there was any. */
  private linkToVisible(
    visible: ResolvedImportOfFile[],
    candidates: number[],
    name: string,
    source: number,
    kind: EdgeKind,
    line: number,
    shadows = false,
  ): boolean {
    const { edges, found, hits, visibleSlot } = this;
    const { fileCount, fileSymbolOffsets, symbolFile } = this.symbols;
    if (visible.length > 0 && candidates.length <= visible.length * 4) {
      // Few candidates: one pass over them, each placed by the import that makes its file
      // visible; edges go out in import order, then candidate order (as a scan per import would).
      hits.length = 0;
      for (let i = 0; i < candidates.length; i++)
        if (visibleSlot[symbolFile[candidates[i]]] >= 0) hits.push(candidates[i]);
      if (hits.length > 1) hits.sort((a, b) => visibleSlot[symbolFile[a]] - visibleSlot[symbolFile[b]] || a - b);
      if (shadows && hits.length > 1) this.keepUnshadowed(visible, hits);
      for (let i = 0; i < hits.length; i++)
        edges.add(
          source,
          fileCount + hits[i],
          kind,
          importedConfidence(visible[visibleSlot[symbolFile[hits[i]]]], name),
          line,
        );
      return hits.length > 0;
    }
    let matched = false;
    for (let v = 0; v < visible.length; v++) {
      found.length = 0;
      symbolsNamedIn(fileSymbolOffsets, candidates, visible[v].target, found);
      for (let i = 0; i < found.length; i++)
        edges.add(source, fileCount + found[i], kind, importedConfidence(visible[v], name), line);
      if (found.length > 0) matched = true;
    }
    return matched;
  }

  /**
   * Rust: of the visible definitions of one name, those the file's `use`s bind. A name a statement
   * names beats one a glob brings, and of glob-brought ones the nearest wins: a module's own item
   * hides what its own globs bring (h2's streams/mod.rs defines a Config, and its `use
   * crate::proto::*` brings connection.rs's: `use super::*` in streams/counts.rs sees the first).
   * `hits` is narrowed in place.
   */
  private keepUnshadowed(visible: ResolvedImportOfFile[], hits: number[]): void {
    const { visibleSlot } = this;
    const { symbolFile } = this.symbols;
    const entry = (s: number) => visible[visibleSlot[symbolFile[s]]];
    const isGlob = (s: number) => entry(s).glob ?? entry(s).names === null;
    const named = hits.some((s) => !isGlob(s));
    let nearest = Infinity;
    for (const s of hits) if (named !== isGlob(s)) nearest = Math.min(nearest, entry(s).hops ?? 0);
    let n = 0;
    for (const s of hits) if (named !== isGlob(s) && (named || (entry(s).hops ?? 0) === nearest)) hits[n++] = s;
    hits.length = n;
  }

  /**
   * C/C++: a call that reached a prototype in an included header also reaches the function the
   * prototype declares, the body of that name with external linkage in whichever source file
   * defines it. The include makes only the header visible (and its same-stem x.c): an umbrella
   * header such as apfs.h declares what btree.c, inode.c… define, and the linker, not the
   * include, joins the call to the body (and so for a prototype in the calling file itself). A
   * `static` namesake elsewhere is not it; a name with more bodies than the global fallback
   * allows stays with its prototype.
   */
  private linkDeclaredBodies(p: number, candidates: number[], source: number, kind: EdgeKind, line: number): void {
    const { fileCount, symbolFile } = this.symbols;
    const { visibleSlot } = this;
    const seen = (s: number) => symbolFile[s] === p || visibleSlot[symbolFile[s]] >= 0;
    let declared = false;
    for (let i = 0; i < candidates.length && !declared; i++)
      declared = seen(candidates[i]) && isDeclarationSignature(this.definitionOf(candidates[i]));
    if (!declared) return;
    const bodies = candidates.filter((s) => {
      if (seen(s)) return false;
      const d = this.definitionOf(s);
      return d.kind === 'function' && !isDeclarationSignature(d) && !FILE_LOCAL_SIGNATURE.test(d.signature);
    });
    if (bodies.length > GLOBAL_FALLBACK_MAX_DEFINITIONS) return;
    for (const s of bodies) this.edges.add(source, fileCount + s, kind, IMPORTED_FILE_CONFIDENCE, line);
  }

  /** Symbol s's definition, as its file's analysis gives it (every symbol comes from one). */
  private definitionOf(s: number): Definition {
    const p = this.symbols.symbolFile[s];
    return this.files[p].analysis!.definitions[s - this.symbols.fileSymbolOffsets[p]];
  }

  /** The names file p's imports bind, with the files each reaches. */
  private bindingsOf(p: number, language: string): Map<string, ImportBinding> {
    const { imports } = this;
    const file = this.files[p];
    return importBindings(
      file.analysis?.imports ?? [],
      file.text ?? '',
      language,
      (line) => {
        const out: number[] = [];
        for (let r = imports.firstRecord[p]; r < imports.firstRecord[p + 1]; r++)
          if (imports.line.get(r) === line && imports.target.get(r) >= 0) out.push(imports.target.get(r));
        return out;
      },
      (files) => this.resolver.goPackageOf(files),
    );
  }

  /**
   * Ruby, Python: the candidates that are members of the class the receiver is named for
   * (`query_parser.make_params` → QueryParser#make_params); none when the receiver names no
   * repository class, or that class has no member of the name called.
   */
  private membersOfClassNamedBy(file: FileLinkContext, ref: Reference, candidates: number[]): number[] {
    if (!NAMED_FOR_CLASS_LANGUAGES.has(file.language) || ref.receiver === undefined) return [];
    const named = classNamedBy(ref.receiver);
    if (named === undefined) return [];
    const { names, symbolsOfName, symbolKind, symbolContainer } = this.symbols;
    const id = names.definitionNameId(named);
    if (id === undefined || !symbolsOfName[id].some((s) => TYPE_KINDS.has(symbolKind[s]))) return [];
    // What the file says the value is made from wins over its name: `@parser ||= URI::Parser.new`
    // is the outside URI's parser, not the repository's Parser.
    if (file.language === 'ruby') {
      const made = this.rubyConstructedIn(file, ref.receiver.split('.').pop()!.replace(/^@/, ''));
      if (
        made !== undefined &&
        made.split('::')[0] !== named &&
        names.definitionNameId(made.split('::')[0]) === undefined
      )
        return [];
    }
    return candidates.filter((s) => symbolContainer[s] === named);
  }

  /** Ruby: what file's text makes the value `name` from (rubyConstructedAs), scanned once per file and name, not per call. */
  private rubyConstructedIn(file: FileLinkContext, name: string): string | undefined {
    file.constructedAs ??= new Map();
    if (!file.constructedAs.has(name))
      file.constructedAs.set(name, rubyConstructedAs(this.files[file.p].text ?? '', name));
    return file.constructedAs.get(name);
  }

  private receiverOf(file: FileLinkContext, ref: Reference): ReceiverClass {
    const { names, symbolsOfName, symbolKind, fileCount, symbolStartLine } = this.symbols;
    const symbolsNamed = (name: string) => {
      const id = names.definitionNameId(name);
      return id === undefined ? [] : symbolsOfName[id];
    };
    file.bindings ??= this.bindingsOf(file.p, file.language);
    const statedType = (written: string, where: 'local' | 'field' | 'cast'): string | undefined => {
      // A PHP variable is read as `$graph` and stated as `graph` (local-types.ts reads `$(\w+)`).
      const name = written.startsWith('$') ? written.slice(1) : written;
      if (file.localTypes === undefined) file.localTypes = localTypesOf(this.files[file.p].text ?? '', file.language);
      const types = file.localTypes;
      if (!types) return undefined;
      if (where === 'cast') return types.castBefore(name, ref.line) ?? this.returnedType(file, types, ref);
      if (where === 'field') {
        // `$this->graph = $compiler->getServiceReferenceGraph()`: the type that call returns.
        const callee = types.typeOfField(name) === undefined ? types.calleeAssignedToField(name) : undefined;
        return callee === undefined ? types.typeOfField(name) : this.typeReturnedBy(file, types, ref, callee, 1);
      }
      const around = this.sourceNodeOf(file.p, ref, file.lineCount) - fileCount;
      const scopeStart = around >= 0 ? symbolStartLine[around] : 0;
      const stated = types.typeOfLocal(name, ref.line, scopeStart);
      if (stated !== undefined) return stated;
      // Go's `router := e.findRouter(host)`: the type the called function states it returns.
      const assigned = types.calleeAssignedTo(name, ref.line, scopeStart);
      return assigned === undefined ? undefined : this.typeReturnedBy(file, types, ref, assigned);
    };
    const folder = (p: number) => dirname(this.files[p].path);
    // Lua: a global table path another file fills (`utilities.json.load(f)`, util-jsn.lua's
    // `utilities.json`), or the function itself at its path (`beds.on_rightclick(pos)`, which
    // beds/functions.lua defines as `function beds.on_rightclick`).
    if (file.language === 'lua' && ref.receiver !== undefined && !file.bindings.has(ref.receiver.split('.')[0])) {
      let files = this.resolver.luaTableFillersOf(file.p, `${ref.receiver}.${ref.name}`);
      if (files.length === 0) files = this.resolver.luaTableFillersOf(file.p, ref.receiver);
      if (files.length > 0) return { kind: 'module', binding: { files, external: false } };
    }
    return classifyReceiver(
      ref,
      file.bindings,
      (name) => symbolsNamed(name).some((s) => TYPE_KINDS.has(symbolKind[s])),
      (name) => symbolsNamed(name).length > 0,
      statedType,
      (name) =>
        symbolsNamed(name).some(
          (s) => TYPE_KINDS.has(symbolKind[s]) && folder(this.symbols.symbolFile[s]) === folder(file.p),
        ),
    );
  }

  /**
   * The repository type that the call before `.name` on the reference's line returns
   * (`a.build().setData()`, `Foo::new().run()`, `new Foo().run()`, `Foo().run()`): a
   * constructor's type, else the one type that every function of the callee's name (in the
   * callee's container, when a type or a typed local qualifies it) states it returns.
   */
  private returnedType(file: FileLinkContext, types: LocalTypes, ref: Reference): string | undefined {
    const callee = types.calleeBefore(ref.name, ref.line);
    return callee === undefined ? undefined : this.typeReturnedBy(file, types, ref, callee);
  }

  /** The repository type a call of `callee` (as written, at the reference's line) returns; see returnedType. */
  private typeReturnedBy(
    file: FileLinkContext,
    types: LocalTypes,
    ref: Reference,
    callee: string,
    depth = 0,
  ): string | undefined {
    const { names, symbolsOfName, symbolKind } = this.symbols;
    const symbolsNamed = (name: string) => {
      const id = names.definitionNameId(name);
      return id === undefined ? [] : symbolsOfName[id];
    };
    const isType = (name: string) => symbolsNamed(name).some((s) => TYPE_KINDS.has(symbolKind[s]));
    const path = callee.replace(/^new\s+/, '').split(/::|\.|->/);
    const last = path[path.length - 1];
    const owner = path.length > 1 ? path[path.length - 2] : undefined;
    if (callee.startsWith('new ') || (path.length === 1 && /^[A-Z]/.test(last))) return isType(last) ? last : undefined;
    if (last === 'new' && owner !== undefined) return isType(owner) ? owner : undefined;
    // `strings.NewReader(s)`: a function of an outside package, not the repository's of that name.
    if (path.length === 2 && file.bindings?.get(owner!)?.external) return undefined;
    // `Foo::build()` names its container; `client.get()` takes the type the file states for client.
    let container = owner;
    if (owner !== undefined && !isType(owner)) {
      const around = this.sourceNodeOf(file.p, ref, file.lineCount) - this.symbols.fileCount;
      const scopeStart = around >= 0 ? this.symbols.symbolStartLine[around] : 0;
      if (path.length === 2) {
        container = types.typeOfLocal(owner, ref.line, scopeStart);
        // Go's `res := c.Response()` then `res.Header()`: one assignment deep at most.
        const assigned =
          container === undefined && depth === 0 ? types.calleeAssignedTo(owner, ref.line, scopeStart) : undefined;
        if (assigned !== undefined) container = this.typeReturnedBy(file, types, ref, assigned, depth + 1);
      } else if (path.length === 3 && FIELD_OWNERS.has(path[0])) container = types.typeOfField(owner);
      else container = undefined;
    }
    const only = this.onlyTypeReturned(
      file,
      last,
      container !== undefined && isType(container) ? container : undefined,
    );
    if (only === undefined) return undefined;
    // A Go signature's result the repository does not define (`http.Header`, `string`) is another
    // package's or a builtin: what is called on it is no use of the repository's names.
    return isType(only) || (file.language === 'go' && container !== undefined && isType(container)) ? only : undefined;
  }

  /**
   * The candidates whose container is `container`, in their order. A member call on a typed
   * receiver (`this.store.get()`) asks this of every function of a common name: when the
   * candidates are all the symbols of the name, the answer is kept per name and container.
   */
  private membersOfType(nameId: number, candidates: number[], container: string | undefined): number[] {
    const { symbolContainer, symbolsOfName } = this.symbols;
    if (candidates !== symbolsOfName[nameId] || container === undefined)
      return candidates.filter((s) => symbolContainer[s] === container);
    const key = `${nameId}\u0000${container}`;
    let members = this.typeMembers.get(key);
    if (members === undefined) {
      members = candidates.filter((s) => symbolContainer[s] === container);
      this.typeMembers.set(key, members);
    }
    return members;
  }

  /**
   * The one type every function or method named `name` (in `container`, when given) states it
   * returns; undefined when they state none, several, or there is none. The same for every
   * reference of the corpus (a call of `get` is asked about in thousands of files), so kept per
   * name and container.
   */
  private onlyTypeReturned(file: FileLinkContext, name: string, container: string | undefined): string | undefined {
    const key = container === undefined ? name : `${name}\u0000${container}`;
    const known = this.onlyReturned.get(key);
    if (known !== undefined) return known === NONE_RETURNED ? undefined : known;
    const { names, symbolsOfName, symbolKind, symbolContainer, symbolFile } = this.symbols;
    const id = names.definitionNameId(name);
    const returned = new Set<string | undefined>();
    // A symbol's file without a language would take the asking file's: then nothing is kept.
    let perFile = false;
    for (const s of id === undefined ? [] : symbolsOfName[id]) {
      if (symbolKind[s] !== FUNCTION_KIND && symbolKind[s] !== METHOD_KIND) continue;
      if (container !== undefined && symbolContainer[s] !== container) continue;
      const def = this.definitionOf(s);
      const language = this.files[symbolFile[s]].language;
      if (language === undefined) perFile = true;
      const lang = language ?? file.language;
      returned.add(
        returnTypeOf(def.signature, lang, def.container) ??
          (lang === 'php' ? docReturnTypeOf(def.doc, def.container) : undefined),
      );
    }
    const [only] = returned;
    const answer = returned.size !== 1 || only === undefined ? undefined : only;
    if (!perFile) this.onlyReturned.set(key, answer ?? NONE_RETURNED);
    return answer;
  }

  /**
   * `export { impl as name }` (or `export { impl as name } from './x'`), then `ns.name()` or an
   * imported `name()`: edges to `impl` in the file that defines it. Whether there was any.
   */
  private linkExportAlias(file: FileLinkContext, ref: Reference, name: string): boolean {
    if (!this.hasExportAliases) return false;
    let from: number[];
    if (ref.qualified === true) {
      file.bindings ??= this.bindingsOf(file.p, file.language);
      const first = ref.receiver?.split('.')[0];
      const binding = first === undefined ? undefined : file.bindings.get(first);
      if (!binding || binding.external) return false;
      from = binding.files;
    } else from = file.visible.map((v) => v.target);
    let linked = false;
    for (const q of from) {
      const alias = this.exportAliasesOf(q).get(name);
      if (!alias) continue;
      if (this.linkAliasTarget(file, ref, alias)) linked = true;
    }
    return linked || (ref.qualified !== true && this.linkDefaultImport(file, ref, name));
  }

  /**
   * `import run from './x'` then `run()`, where x exports another name as its default
   * (`export { impl as default }`, `export default impl`, `export default function impl`):
   * edges to that definition. Whether there was any.
   */
  private linkDefaultImport(file: FileLinkContext, ref: Reference, name: string): boolean {
    const { imports } = this;
    // Most files import no default: then no name needs its pattern.
    const defaults = (this.defaultImportLines[file.p] ??= this.defaultImportLinesOf(file.p));
    // The pattern holds the name as written: a line without it cannot match.
    if (!defaults.some(({ text }) => text.includes(name))) return false;
    const binds = new RegExp(`^\\s*import\\s+(?:type\\s+)?${escapeRegExp(name)}\\s*(?:,|from\\b)`);
    const lines = defaults.filter(({ text }) => binds.test(text)).map(({ line }) => line);
    let linked = false;
    for (let r = imports.firstRecord[file.p]; r < imports.firstRecord[file.p + 1]; r++) {
      const q = imports.target.get(r);
      if (q < 0 || !lines.includes(imports.line.get(r))) continue;
      const exported = this.exportAliasesOf(q).get('default');
      if (exported && this.linkAliasTarget(file, ref, exported)) linked = true;
    }
    return linked;
  }

  /** File p's import lines that bind a default export, in the analysis's order, with their text. */
  private defaultImportLinesOf(p: number): { line: number; text: string }[] {
    const text = this.files[p].text ?? '';
    return (this.files[p].analysis?.imports ?? [])
      .filter((imp) => imp.names.includes('default'))
      .map((imp) => ({ line: imp.line, text: textOfLine(text, imp.line) }));
  }

  /** Edges from ref to the definitions an export alias names (`export { original as x }`). Whether there was any. */
  private linkAliasTarget(file: FileLinkContext, ref: Reference, alias: ExportAlias): boolean {
    const { edges, found } = this;
    const { fileCount, fileSymbolOffsets, symbolsOfName, names } = this.symbols;
    const id = names.definitionNameId(alias.original);
    if (id === undefined) return false;
    found.length = 0;
    for (const t of alias.files) symbolsNamedIn(fileSymbolOffsets, symbolsOfName[id], t, found);
    const source = this.sourceNodeOf(file.p, ref, file.lineCount);
    for (let i = 0; i < found.length; i++)
      edges.add(source, fileCount + found[i], edgeKindOf(ref), IMPORTED_NAME_CONFIDENCE, ref.line);
    return found.length > 0;
  }

  /** File q's renamed exports: exported name → the name it is defined by, and the files that define it. */
  private exportAliasesOf(q: number): Map<string, ExportAlias> {
    let known = this.exportAliases[q];
    if (known) return known;
    known = new Map();
    this.exportAliases[q] = known;
    const text = this.files[q].text ?? '';
    if (!text.includes(' as ') && !text.includes('export default')) return known;
    const { imports } = this;
    let starts: Uint32Array | undefined;
    for (const m of text.matchAll(EXPORT_LIST)) {
      starts ??= lineStartsOf(text);
      const line = lineOfOffset(starts, m.index);
      const files: number[] = [];
      if (m[2] === undefined) files.push(q);
      else
        for (let r = imports.firstRecord[q]; r < imports.firstRecord[q + 1]; r++)
          if (imports.line.get(r) === line && imports.target.get(r) >= 0) files.push(imports.target.get(r));
      for (const item of m[1].split(',')) {
        const renamed = /^\s*(?:type\s+)?([A-Za-z_$][\w$]*)\s+as\s+([A-Za-z_$][\w$]*)\s*$/.exec(item);
        if (renamed) known.set(renamed[2], { original: renamed[1], files });
      }
    }
    // `export default impl`, `export default function impl`, `export default class Impl`.
    const named =
      /\bexport\s+default\s+(?:async\s+)?(?:function\s*\*?\s*|(?:abstract\s+)?class\s+)?([A-Za-z_$][\w$]*)/.exec(text);
    if (named && !known.has('default') && !/^(?:function|class|async|new|await)$/.test(named[1]))
      known.set('default', { original: named[1], files: [q] });
    return known;
  }

  /** Edges from a `module.name` reference to the candidates in the module's files (or what they re-export). */
  private linkThroughModule(binding: ImportBinding, candidates: number[], source: number, ref: Reference): boolean {
    const { edges, found } = this;
    const { fileCount, fileSymbolOffsets } = this.symbols;
    const kind = edgeKindOf(ref);
    let frontier = binding.files;
    const seen = new Set<number>();
    const wanted = new Set([referencedName(ref.name), ...(ref.receiver?.split('.') ?? [])]);
    for (let depth = 0; depth <= REEXPORT_MAX_DEPTH && frontier.length > 0; depth++) {
      found.length = 0;
      for (const q of frontier) if (!seen.has(q)) symbolsNamedIn(fileSymbolOffsets, candidates, q, found);
      for (let i = 0; i < found.length; i++)
        edges.add(source, fileCount + found[i], kind, IMPORTED_FILE_CONFIDENCE, ref.line);
      if (found.length > 0) return true;
      for (const q of frontier) seen.add(q);
      // A package's index or barrel passes on what it re-exports (`export * from`, `pub use`).
      // A Rust `pub use` passes only what it lists: `PollEvented::new` follows the one that
      // names PollEvented, not every module io/mod.rs re-exports.
      frontier = frontier.flatMap((q) =>
        this.imports.importsOfFile[q]
          .filter((i) => i.reexport && (i.names === null || !this.isRust(q) || i.names.some((n) => wanted.has(n))))
          .map((i) => i.target),
      );
    }
    return false;
  }

  /** File p's package peers (without p) when its language scopes names by package, else none. */
  private packagePeersOfFile(p: number, language: string): number[] {
    if (!PACKAGE_SCOPED_LANGUAGES.has(language)) return [];
    return (this.packagePeers.get(language + ':' + dirname(this.files[p].path)) ?? []).filter((q) => q !== p);
  }

  /**
   * Files whose names file p sees through its imports, with re-export barrels followed. Two
   * statements naming one file (`use crate::frame::{self, StreamId}` is a record per name) see it
   * once, with the names of both, and each passes its own names on. A Rust glob of an ancestor
   * module (`use super::*`) passes on that module's private `use`s too: a module's private items
   * are visible in its descendants (h2's streams/store.rs sees `use crate::frame::StreamId` of
   * streams/mod.rs, not share.rs's StreamId of the same name).
   */
  private visibleThroughImports(p: number): ResolvedImportOfFile[] {
    const { seenFrom, visibleSlot } = this;
    const importsOfFile = this.imports.importsOfFile;
    const out: ResolvedImportOfFile[] = [];
    const mark = p + 1;
    seenFrom[p] = mark;
    const rust = this.isRust(p);
    let frontier = importsOfFile[p];
    for (let depth = 0; depth <= REEXPORT_MAX_DEPTH && frontier.length > 0; depth++) {
      const next: ResolvedImportOfFile[] = [];
      for (let i = 0; i < frontier.length; i++) {
        const imp = frontier[i];
        let asked = imp.names;
        if (seenFrom[imp.target] === mark) {
          const v = visibleSlot[imp.target];
          if (imp.target === p || v < 0) continue;
          const known = out[v].names;
          if (known === null) continue;
          asked = asked === null ? null : asked.filter((n) => !known.includes(n));
          if (asked !== null && asked.length === 0) continue;
          out[v] = {
            ...out[v],
            names: asked === null ? null : [...known, ...asked],
            glob: (out[v].glob ?? known === null) && (imp.glob ?? imp.names === null),
          };
        } else {
          seenFrom[imp.target] = mark;
          visibleSlot[imp.target] = out.length;
          out.push(imp);
        }
        const privateToo = rust && asked === null && this.isRust(imp.target) && this.rustAncestorOf(imp.target, p);
        const reexports = importsOfFile[imp.target];
        for (let j = 0; j < reexports.length; j++) {
          const re = reexports[j];
          if (!re.reexport && !privateToo) continue;
          // A barrel passes on the names its importer asked for. A Rust `pub use` passes only
          // the names it lists: `use crate::time::Instant` does not see sleep.rs through
          // `pub use sleep::Sleep` (JS lists a renamed re-export by its original name).
          const passed = this.isRust(imp.target) ? passedNames(asked, re.names) : (asked ?? re.names);
          if (passed === undefined) continue;
          next.push({
            target: re.target,
            names: passed,
            reexport: true,
            hops: depth + 1,
            glob: imp.glob ?? imp.names === null,
          });
        }
      }
      frontier = next;
    }
    for (let v = 0; v < out.length; v++) visibleSlot[out[v].target] = -1;
    return out;
  }

  /**
   * Whether Rust file `module` is the module of an ancestor of file p's module: lib.rs, main.rs
   * and mod.rs stand for their folder, x.rs for the folder x/ beside it.
   */
  private rustAncestorOf(module: number, p: number): boolean {
    const path = this.files[module].path;
    const slash = path.lastIndexOf('/');
    const base = path.slice(slash + 1);
    const folder =
      base === 'mod.rs' || base === 'lib.rs' || base === 'main.rs'
        ? path.slice(0, Math.max(slash, 0))
        : path.slice(0, -3);
    return folder === '' || this.files[p].path.startsWith(folder + '/');
  }

  /**
   * Whether a Rust name that no import tied to a definition may come from outside: a `use`
   * binds it and resolved to no file (`use $crate::macros::support::Poll::{Ready}`), or it is
   * capitalised and the file globs a standard type's variants (`use std::task::Poll::*` brings
   * `Ready` and `Pending`).
   */
  private boundOutsideRepository(file: FileLinkContext, name: string): boolean {
    file.bindings ??= this.bindingsOf(file.p, file.language);
    const binding = file.bindings.get(name);
    // A name a `use` binds is that import's, whatever a glob brings.
    if (binding) return binding.external || this.variantOfOutsideType(file.p, name);
    if (RUST_PRELUDE.has(name)) return true;
    if (!/^[A-Z]/.test(name)) return false;
    file.standardVariantGlob ??= (this.files[file.p].analysis?.imports ?? []).some(
      (i) => i.names.includes('*') && RUST_STANDARD_TYPE.test(i.specifier),
    );
    return file.standardVariantGlob;
  }

  /**
   * Rust: the candidates for a name a `use` binds from a module of the repository that the
   * module's own file does not define (a re-export: h2's `use crate::frame::StreamId`, which
   * frame/mod.rs takes from frame/stream_id.rs) are those in that module's folder, when there
   * are any: share.rs's own StreamId is another type.
   */
  private underBindingModule(file: FileLinkContext, name: string, candidates: number[]): number[] {
    file.bindings ??= this.bindingsOf(file.p, file.language);
    const binding = file.bindings.get(name);
    if (!binding || binding.external || binding.files.length === 0) return candidates;
    const folders = binding.files.map((f) => rustModuleFolder(this.files[f].path));
    const { symbolFile } = this.symbols;
    const under = candidates.filter((c) => folders.some((d) => this.files[symbolFile[c]].path.startsWith(d)));
    return under.length > 0 ? under : candidates;
  }

  /**
   * Whether file p imports `name` as a variant of a type the repository does not define:
   * `use $crate::macros::support::Poll::{Ready}` reaches std's Poll through a re-export.
   */
  private variantOfOutsideType(p: number, name: string): boolean {
    const { names, symbolsOfName } = this.symbols;
    for (const imp of this.files[p].analysis?.imports ?? []) {
      if (!imp.names.includes(name)) continue;
      const type = /(?:^|::)([A-Z]\w*)::\w+$/.exec(imp.specifier)?.[1];
      if (type === undefined) continue;
      const id = names.definitionNameId(type);
      if (id === undefined || symbolsOfName[id].length === 0) return true;
    }
    return false;
  }

  /** The names a Rust file's `use std::…`, `core::…` and `alloc::…` statements bind. */
  private standardNamesOf(file: FileLinkContext): Set<string> {
    if (file.standardNames) return file.standardNames;
    const out = new Set<string>();
    const text = this.files[file.p].text ?? '';
    const lines = RUST_RENAMED_IMPORTS.test(text) ? text.split('\n') : null;
    const imports = this.files[file.p].analysis?.imports ?? [];
    // A name the file also imports from elsewhere (a `use` inside one function) stays the other's too.
    const elsewhere = new Set(imports.filter((i) => !RUST_STANDARD_PATH.test(i.specifier)).flatMap((i) => i.names));
    for (const imp of imports) {
      if (!RUST_STANDARD_PATH.test(imp.specifier)) continue;
      const name = imp.names[0];
      if (name === undefined || name === '*' || name === 'self') continue;
      // `use std::io::Result as IoResult` binds IoResult only.
      const renamed = lines && new RegExp(`\\b${escapeRegExp(name)}\\s+as\\s+(\\w+)`).exec(lines[imp.line - 1] ?? '');
      const bound = renamed ? renamed[1] : name;
      if (!elsewhere.has(bound)) out.add(bound);
    }
    return (file.standardNames = out);
  }

  private isRust(p: number): boolean {
    return languageOf(this.files[p]) === 'rust';
  }

  /** Lines 0..n-1 of file p (n returned) → its innermost symbol, or -1, in `innermostByLine`. */
  private innermostSymbolByLine(p: number): number {
    const { fileSymbolOffsets, symbolStartLine, symbolEndLine } = this.symbols;
    const lo = fileSymbolOffsets[p];
    const hi = fileSymbolOffsets[p + 1];
    let maxEndLine = 0;
    for (let s = lo; s < hi; s++) maxEndLine = Math.max(maxEndLine, symbolEndLine[s]);
    const lineCount = Math.max(this.files[p].analysis?.lineCount ?? 0, maxEndLine) + 2;
    if (this.innermostByLine.length < lineCount)
      this.innermostByLine = new Int32Array(Math.max(lineCount, this.innermostByLine.length * 2));
    const byLine = this.innermostByLine;
    byLine.fill(-1, 0, lineCount);
    // Paint larger ranges first so nested definitions overwrite their containers.
    const order: number[] = [];
    for (let s = lo; s < hi; s++) order.push(s);
    order.sort((a, b) => symbolEndLine[b] - symbolStartLine[b] - (symbolEndLine[a] - symbolStartLine[a]));
    for (let i = 0; i < order.length; i++) {
      const s = order[i];
      const start = Math.max(0, symbolStartLine[s]);
      const end = Math.min(lineCount - 1, symbolEndLine[s]);
      for (let line = start; line <= end; line++) byLine[line] = s;
    }
    return lineCount;
  }

  /** The node a reference comes from: the innermost definition around it, else the file. */
  private sourceNodeOf(p: number, ref: Reference, lineCount: number): number {
    const { fileCount, fileSymbolOffsets, symbolName } = this.symbols;
    const s = ref.line >= 0 && ref.line < lineCount ? this.innermostByLine[ref.line] : -1;
    if (s >= 0) return fileCount + s;
    if (ref.enclosing) {
      for (let t = fileSymbolOffsets[p]; t < fileSymbolOffsets[p + 1]; t++)
        if (symbolName[t] === ref.enclosing) return fileCount + t;
    }
    return p;
  }
}

/** The edges in CSR form: grouped by source node (arrival order within a node), with the in-edge index. */
function edgesByNode(edges: EdgeList, nodeCount: number) {
  const edgeCount = edges.source.length;
  const sources = edges.source.values;
  const outOffsets = rowOffsets(sources, edgeCount, nodeCount);
  const cursor = outOffsets.slice(0, nodeCount);
  const edgeSource = new Int32Array(edgeCount);
  const edgeTarget = new Int32Array(edgeCount);
  const edgeKind = new Uint8Array(edgeCount);
  const edgeConfidence = new Float32Array(edgeCount);
  const edgeLine = new Int32Array(edgeCount);
  const targets = edges.target.values;
  const kinds = edges.kind.values;
  const confidences = edges.confidence.values;
  const lines = edges.line.values;
  for (let e = 0; e < edgeCount; e++) {
    const at = cursor[sources[e]]++;
    edgeSource[at] = sources[e];
    edgeTarget[at] = targets[e];
    edgeKind[at] = kinds[e];
    edgeConfidence[at] = confidences[e];
    edgeLine[at] = lines[e];
  }
  const { inOffsets, inEdges } = inEdgesOf(nodeCount, edgeTarget);
  return { outOffsets, edgeSource, edgeTarget, edgeKind, edgeConfidence, edgeLine, inOffsets, inEdges };
}

/** Each definition chunk's symbol and each symbol's (first) definition chunk; -1 where there is none. */
function chunkSymbolLinks(corpus: Corpus, symbols: SymbolTable): { symbolChunk: Int32Array; chunkSymbol: Int32Array } {
  const { fileSymbolOffsets } = symbols;
  const positionOfFileId = new Map<number, number>();
  corpus.files.forEach((f, p) => positionOfFileId.set(f.id, p));
  const symbolChunk = new Int32Array(symbols.symbolCount).fill(-1);
  const chunkSymbol = new Int32Array(corpus.chunks.length).fill(-1);
  const byNameLine = symbolsByNameLine(symbols);
  for (let c = 0; c < corpus.chunks.length; c++) {
    const chunk = corpus.chunks[c];
    if (chunk.kind !== 'definition') continue;
    const p = positionOfFileId.get(chunk.fileId);
    if (p === undefined) continue;
    const s = symbolOfDefinitionChunk(
      symbols,
      byNameLine,
      chunk.symbol,
      chunk.startLine,
      chunk.endLine,
      fileSymbolOffsets[p],
      fileSymbolOffsets[p + 1],
    );
    if (s < 0) continue;
    chunkSymbol[chunk.id] = s;
    if (symbolChunk[s] < 0) symbolChunk[s] = chunk.id;
  }
  return { symbolChunk, chunkSymbol };
}

/**
 * The symbol of file symbols lo..hi-1 behind a definition chunk: its name line within the
 * chunk, a name match first, then the closest line range, then the first symbol.
 */
function symbolOfDefinitionChunk(
  symbols: SymbolTable,
  byNameLine: Int32Array,
  symbol: string | undefined,
  start: number,
  end: number,
  lo: number,
  hi: number,
): number {
  const { symbolNameLine } = symbols;
  let best = -1;
  let bestCost = Infinity;
  if (hi - lo <= SMALL_FILE_SYMBOLS) {
    for (let s = lo; s < hi; s++) {
      if (symbolNameLine[s] < start || symbolNameLine[s] > end) continue;
      const cost = definitionChunkCost(symbols, s, symbol, start, end);
      if (cost < bestCost || (cost === bestCost && s < best)) {
        bestCost = cost;
        best = s;
      }
    }
    return best;
  }
  // A file with many symbols: only those whose name line is in the chunk (byNameLine[lo..hi) is by name line).
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (symbolNameLine[byNameLine[mid]] < start) a = mid + 1;
    else b = mid;
  }
  for (let i = a; i < hi && symbolNameLine[byNameLine[i]] <= end; i++) {
    const s = byNameLine[i];
    const cost = definitionChunkCost(symbols, s, symbol, start, end);
    if (cost < bestCost || (cost === bestCost && s < best)) {
      bestCost = cost;
      best = s;
    }
  }
  return best;
}

/** How far symbol s is from a definition chunk: a name match dominates; among matches the closest line range wins. */
function definitionChunkCost(
  symbols: SymbolTable,
  s: number,
  symbol: string | undefined,
  start: number,
  end: number,
): number {
  const nameMatches = symbol === undefined || isQualifiedName(symbol, symbols.symbolName[s]);
  return (
    (nameMatches ? 0 : 1e6) + Math.abs(symbols.symbolStartLine[s] - start) + Math.abs(symbols.symbolEndLine[s] - end)
  );
}

/** Per file with more than SMALL_FILE_SYMBOLS symbols: its symbols ordered by name line, in the file's own range. */
function symbolsByNameLine(symbols: SymbolTable): Int32Array {
  const { fileCount, fileSymbolOffsets, symbolNameLine } = symbols;
  const order = new Int32Array(symbols.symbolCount);
  for (let p = 0; p < fileCount; p++) {
    const lo = fileSymbolOffsets[p];
    const hi = fileSymbolOffsets[p + 1];
    if (hi - lo <= SMALL_FILE_SYMBOLS) continue;
    for (let s = lo; s < hi; s++) order[s] = s;
    order.subarray(lo, hi).sort((x, y) => symbolNameLine[x] - symbolNameLine[y] || x - y);
  }
  return order;
}

/** Every symbol, its names taken in `nameOrder` (each name's symbols ascending). */
function symbolsInNameOrder(symbols: SymbolTable, nameOrder: readonly string[]): Int32Array {
  const out = new Int32Array(symbols.symbolCount);
  let at = 0;
  for (let i = 0; i < nameOrder.length; i++) {
    const list = symbols.symbolsOfName[symbols.names.definitionNameId(nameOrder[i])!];
    for (let j = 0; j < list.length; j++) out[at++] = list[j];
  }
  return out;
}

/**
 * Distinct names (given in code-unit order) ordered by their lower-cased form, then by
 * themselves: what sorting with byCodeUnits on (lower, name) gives.
 */
function byLowerThenName(sortedNames: readonly string[]): string[] {
  const lowers = new Map<string, string[]>();
  for (const name of sortedNames) {
    const lower = name.toLowerCase();
    const same = lowers.get(lower);
    if (same) same.push(name);
    else lowers.set(lower, [name]);
  }
  const out: string[] = [];
  for (const lower of [...lowers.keys()].sort()) for (const name of lowers.get(lower)!) out.push(name);
  return out;
}

/** `qualified` is `name` or ends with `.name` / `::name` (`Store.add`, `a::b`). */
function isQualifiedName(qualified: string, name: string): boolean {
  const at = qualified.length - name.length;
  if (at < 0 || !qualified.endsWith(name)) return false;
  if (at === 0) return true;
  return (
    qualified.charCodeAt(at - 1) === 46 /* . */ ||
    (at >= 2 && qualified.charCodeAt(at - 1) === 58 && qualified.charCodeAt(at - 2) === 58)
  ); /* :: */
}

/** The symbols of `order` whose key (via `keyOf`) equals `key`: a binary search for the run. */
export function symbolsWithKey(order: Int32Array, keyOf: (symbol: number) => string, key: string): number[] {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyOf(order[mid]) < key) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let i = lo; i < order.length && keyOf(order[i]) === key; i++) out.push(order[i]);
  return out;
}

/** In-edges of every node (edge indexes, ascending per node), from the edges' targets: what a snapshot leaves out. */
export function inEdgesOf(nodeCount: number, edgeTarget: Int32Array): { inOffsets: Int32Array; inEdges: Int32Array } {
  const inOffsets = rowOffsets(edgeTarget, edgeTarget.length, nodeCount);
  return { inOffsets, inEdges: entriesByRow(edgeTarget, edgeTarget.length, inOffsets) };
}

/** Each edge's source node, from the out-edge offsets (edges are grouped by source). */
export function edgeSourcesOf(outOffsets: Int32Array): Int32Array {
  const edgeSource = new Int32Array(outOffsets[outOffsets.length - 1]);
  for (let n = 0; n + 1 < outOffsets.length; n++) edgeSource.fill(n, outOffsets[n], outOffsets[n + 1]);
  return edgeSource;
}

/** The folder a Rust module file's submodules live in: `a/mod.rs` → `a/`, `a.rs` → `a/`, `src/lib.rs` → `src/`. */
function rustModuleFolder(path: string): string {
  const slash = path.lastIndexOf('/');
  const base = path.slice(slash + 1);
  if (base === 'mod.rs' || base === 'lib.rs' || base === 'main.rs') return path.slice(0, slash + 1);
  return `${path.replace(/\.rs$/, '')}/`;
}
