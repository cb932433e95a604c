/**
 * The graph modality: build, persist, search — plus the graph questions the app asks
 * directly (callers, callees, importers, reverse-dependency closure, centrality).
 */
import type { Evidence, ModalityHit, QueryPlan } from '../contract';
import type { Corpus, Retriever } from '../modality';
import { rowOffsets } from '../store/csr';
import { basename, push } from './resolve';
import { filesMatchingTyped, type FileNameMatch } from '../structural/file-names';
import { NAMED_SOURCE_EXTENSIONS } from '../structural/grammars';
import { GRAPH_SPELLING_CODES } from '../ranking';
import { fileStem } from '../path-words';
import { splitIdentifier } from '../tokens';
import {
  buildGraph,
  DEFINITION_KINDS,
  EDGE_CALL,
  EDGE_IMPORT,
  EDGE_REFERENCE,
  GLOBAL_UNIQUE_CONFIDENCE,
  IMPORTED_FILE_CONFIDENCE,
  IMPORTED_NAME_CONFIDENCE,
  PACKAGE_PEER_CONFIDENCE,
  IMPORT_KIND_INJECTED,
  IMPORT_KIND_REEXPORT,
  REFERENCE_BY_NAME,
  REFERENCE_LINKED,
  REFERENCE_NOT_A_NAME,
  referencedName,
  REEXPORT_MAX_DEPTH,
  SAME_FILE_CONFIDENCE,
  edgeSourcesOf,
  inEdgesOf,
  symbolsWithKey,
  type GraphData,
} from './graph';
import { escapeRegExp } from '../text/escape';
import { offsetOfLine, textOfLine } from '../text/lines';
import { modulePathsOf, selfPackages, type SubpathImport } from './self-imports';
import { holdsLine } from '../line-range';

export { buildGraph } from './graph';
export { ImportResolver } from './resolve';
export { pageRank } from './pagerank';

/**
 * 2: what the snapshot can rebuild in a few milliseconds (edge sources, in-edges) is left out, and the paths are kept as a hash.
 * 3: what linking made of each reference (referenceState).
 * 4: the paths inside their package of JS/TS imports left external (externalSubpathRecord, externalSubpath).
 */
export const GRAPH_SNAPSHOT_VERSION = 4;
/** Reverse-dependency depth of an impact query ("blast radius" beyond 3 hops is most of the repository). */
export const IMPACT_MAX_HOPS = 3;
/** Display score of an import line in a references list: below any resolved call site. */
export const IMPORT_LINE_HIT_SCORE = 0.5;
/** Display score of a use linked by name only (no resolved edge): below imports and every resolved site. */
export const NAME_ONLY_HIT_SCORE = 0.1;

/** GraphData without what `load` rebuilds; `pathsHash` checks it is loaded against the files it was built from. */
export type GraphSnapshot = Omit<GraphData, 'filePaths' | 'edgeSource' | 'inOffsets' | 'inEdges'> & {
  version: number;
  pathsHash: number;
};

/** FNV-1a over the paths in order (each ended by a NUL). */
function pathsHash(paths: readonly string[]): number {
  let h = 2166136261;
  for (const path of paths) {
    for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 16777619);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A call site (for callers) or a called definition (for callees). */
export interface GraphNeighbour {
  chunkId: number;
  path: string;
  line: number;
  symbol?: string;
  confidence: number;
}

/** One import statement between two files: the other file, and the line of the statement. */
export interface GraphImportLink {
  fileId: number;
  path: string;
  /** Line of the import statement, in the importing file. */
  line: number;
  names: string[];
}

export interface ExternalImport {
  packageName: string;
  line: number;
  names: string[];
}

export type DependencyRelation = 'import' | 'call' | 'reference';

export interface ReverseDependency {
  fileId: number;
  hops: number;
  /** The file one hop closer to the target that this file depends on (the target's own file at hop 1). */
  via: number;
  relation: DependencyRelation;
  /** Line in this file where the dependency is written (the import, call or reference). */
  line: number;
}

export interface GraphStats {
  files: number;
  symbols: number;
  /** Distinct file→file import edges. */
  importEdges: number;
  /** Import statements resolved to at least one file of the repository. */
  resolvedImports: number;
  /** Import statements left as external packages. */
  unresolvedImports: number;
  /** Distinct call/reference edges (symbol→symbol and file→symbol). */
  callEdges: number;
  externalPackages: number;
}

/** What a query is about, for listing every line that answers it (src/engine/matches.ts). */
export type QuerySubject =
  | {
      kind: 'symbols';
      names: string[];
      definitions: { path: string; line: number }[];
      /** Chunks whose calls/references the graph tied to these definitions, with the best confidence. */
      callerChunks: Map<number, number>;
    }
  | { kind: 'files'; fileIds: number[] };

type Target = { kind: 'symbols'; symbols: number[] } | { kind: 'files'; files: number[] } | null;

interface DependentFile {
  file: number;
  relation: DependencyRelation;
  line: number;
  /**
   * Set by dependentsOfFile: false for a file that imports the file's package, or only declares
   * it as a Rust module (`mod x;`), and uses none of its names.
   */
  usesNames?: boolean;
  /** Its only tie is a Rust `mod x;` declaring the file as its child module. */
  declaresModule?: boolean;
  /** Its import is an injection of a service the file registers by name (IMPORT_KIND_INJECTED). */
  injects?: boolean;
}

// Each branch starts only where its run of name characters starts: a match found mid-run
// would also be found from the run's start, and without the guard a long run with no '/' or
// '.' is re-scanned from every position (quadratic: seconds on a 20,000-character query).
const PATH_LIKE = new RegExp(
  `(?<![\\w@.-])(?:[\\w@.-]+\\/)+[\\w@.-]+|(?<![\\w-])[\\w-]+\\.(?:${NAMED_SOURCE_EXTENSIONS})\\b`,
  'g',
);
const SOURCE_EXTENSION = /\.(d\.ts|tsx?|jsx?|mjs|cjs|mts|cts|pyi?|go|rs|java)$/;
/** What a file's stem leaves out: Ruby's require and a PHP class path name the file without `.rb`/`.php`. */
const STEM_EXTENSION = /\.(d\.ts|tsx?|jsx?|mjs|cjs|mts|cts|pyi?|go|rs|java|rb|php)$/;

/** Whether a module's name names the file at `path`: a source file's (STEM_EXTENSION), or one without an extension. */
function cutsSourceExtension(path: string): boolean {
  return STEM_EXTENSION.test(path) || !basename(path).includes('.');
}

/** A chunk's centrality: its definition symbol's, else its file's (at `position`, -1 when the graph has no such file). */
function symbolOrFileCentrality(
  g: Pick<GraphSnapshot, 'chunkSymbol' | 'centrality' | 'fileCount'>,
  chunkId: number,
  position: number,
): number {
  const s = g.chunkSymbol[chunkId];
  if (s >= 0) return g.centrality[g.fileCount + s];
  return position < 0 ? 0 : g.centrality[position];
}

/**
 * Every chunk's `centralityOfChunk`, from a stored graph and the stored chunk table's file
 * ranges (chunks of file f are fileChunkStart[f]..fileChunkStart[f+1]-1; a stored corpus's file
 * ids are its positions). A host that reads its snapshot on demand stores this column beside the
 * graph, so the fused boost of a question that needs no graph reads no graph.
 */
export function chunkCentralities(graph: GraphSnapshot, fileChunkStart: Uint32Array): Float32Array {
  const out = new Float32Array(graph.chunkSymbol.length);
  for (let f = 0; f + 1 < fileChunkStart.length; f++) {
    const position = f < graph.fileCount ? f : -1;
    for (let c = fileChunkStart[f]; c < fileChunkStart[f + 1] && c < out.length; c++)
      out[c] = symbolOrFileCentrality(graph, c, position);
  }
  return out;
}

export class GraphIndex implements Retriever {
  readonly modality = 'graph' as const;
  private readonly positionOfFileId: Map<number, number> | null;
  private symbolsBySubTokens: Map<string, number[]> | null = null;
  private symbolsBySubToken: Map<string, number[]> | null = null;
  private importRecordsByTarget: { offsets: Int32Array; records: Int32Array } | null = null;
  private importRecordOffsets: Int32Array | null = null;
  private refsByName: Map<string, number[]> | null = null;

  private constructor(
    private readonly corpus: Corpus,
    private readonly g: GraphData,
  ) {
    const identity = corpus.files.every((f, i) => f.id === i);
    this.positionOfFileId = identity ? null : new Map(corpus.files.map((f, i) => [f.id, i]));
  }

  static build(corpus: Corpus): GraphIndex {
    return new GraphIndex(corpus, buildGraph(corpus));
  }

  /** Throws when the snapshot was not built from this corpus (different files or chunks). */
  static load(corpus: Corpus, snapshot: GraphSnapshot): GraphIndex {
    if (snapshot.version !== GRAPH_SNAPSHOT_VERSION)
      throw new Error(`graph snapshot version ${snapshot.version}, expected ${GRAPH_SNAPSHOT_VERSION}`);
    if (snapshot.fileCount !== corpus.files.length || snapshot.chunkSymbol.length !== corpus.chunks.length) {
      throw new Error(
        `graph snapshot has ${snapshot.fileCount} files and ${snapshot.chunkSymbol.length} chunks; corpus has ${corpus.files.length} and ${corpus.chunks.length}`,
      );
    }
    const filePaths = corpus.files.map((f) => f.path);
    if (pathsHash(filePaths) !== snapshot.pathsHash)
      throw new Error('graph snapshot was built from other files than this corpus');
    const { version: _version, pathsHash: _hash, ...stored } = snapshot;
    return new GraphIndex(corpus, {
      ...stored,
      filePaths,
      edgeSource: edgeSourcesOf(stored.outOffsets),
      ...inEdgesOf(stored.fileCount + stored.symbolCount, stored.edgeTarget),
    });
  }

  /** selfImportsOf's answers: per file, the import records naming it through the repository's own package name. */
  private selfImportsByFile?: Map<number, number[]>;
  /** Per such record, the path inside the package it names. */
  private readonly selfImportPath = new Map<number, string>();

  serialize(): GraphSnapshot {
    const { filePaths, edgeSource: _sources, inOffsets: _offsets, inEdges: _in, ...stored } = this.g;
    return { version: GRAPH_SNAPSHOT_VERSION, ...stored, pathsHash: pathsHash(filePaths) };
  }

  stats(): GraphStats {
    const g = this.g;
    let importEdges = 0;
    let callEdges = 0;
    for (let e = 0; e < g.edgeKind.length; e++) {
      if (g.edgeKind[e] === EDGE_IMPORT) importEdges++;
      else callEdges++;
    }
    return {
      files: g.fileCount,
      symbols: g.symbolCount,
      importEdges,
      resolvedImports: g.resolvedImports,
      unresolvedImports: g.unresolvedImports,
      callEdges,
      externalPackages: g.externalPackages.length,
    };
  }

  // -------------------------------------------------------------------------------------
  // Node helpers

  private filePosition(fileId: number): number {
    if (!this.positionOfFileId) return fileId >= 0 && fileId < this.g.fileCount ? fileId : -1;
    return this.positionOfFileId.get(fileId) ?? -1;
  }

  private fileIdAt(position: number): number {
    return this.corpus.files[position].id;
  }

  private pathAt(position: number): string {
    return this.corpus.files[position].path;
  }

  private fileOfNode(node: number): number {
    return node < this.g.fileCount ? node : this.g.symbolFile[node - this.g.fileCount];
  }

  /** The chunk a symbol's definition lives in. */
  private chunkOfSymbol(s: number): number {
    const own = this.g.symbolChunk[s];
    return own >= 0 ? own : this.corpus.chunkAt(this.fileIdAt(this.g.symbolFile[s]), this.g.symbolNameLine[s]);
  }

  /** The chunk containing a line of a file (where a call or import is written). */
  private chunkAtLine(position: number, line: number): number {
    return this.corpus.chunkAt(this.fileIdAt(position), line);
  }

  /** PageRank × node count: the chunk's definition symbol, else its file. */
  centralityOfChunk(chunkId: number): number {
    const chunk = this.corpus.chunks[chunkId];
    if (!chunk) return 0;
    return symbolOrFileCentrality(this.g, chunkId, this.filePosition(chunk.fileId));
  }

  centralityOfFile(fileId: number): number {
    const p = this.filePosition(fileId);
    return p < 0 ? 0 : this.g.centrality[p];
  }

  // -------------------------------------------------------------------------------------
  // Callers, callees, imports

  /** Symbols a chunk stands for: its definition, or for a window chunk the definitions named inside it. */
  private symbolsOfChunk(chunkId: number): number[] {
    const s = this.g.chunkSymbol[chunkId];
    if (s >= 0) return [s];
    const chunk = this.corpus.chunks[chunkId];
    const p = chunk ? this.filePosition(chunk.fileId) : -1;
    if (p < 0) return [];
    const out: number[] = [];
    for (let t = this.g.fileSymbolOffsets[p]; t < this.g.fileSymbolOffsets[p + 1]; t++) {
      if (holdsLine(chunk, this.g.symbolNameLine[t])) out.push(t);
    }
    return out;
  }

  /** Where the chunk's definition is called or referenced: the chunk of each call site, best first. */
  callers(chunkId: number): GraphNeighbour[] {
    const byChunk = new Map<number, GraphNeighbour>();
    for (const s of this.symbolsOfChunk(chunkId)) {
      for (const site of this.referenceSites(s)) {
        if (site.chunkId === chunkId) continue;
        const known = byChunk.get(site.chunkId);
        if (!known || site.confidence > known.confidence) byChunk.set(site.chunkId, site);
      }
    }
    return this.sortNeighbours([...byChunk.values()]);
  }

  /** The definitions the chunk calls or references, best first. */
  callees(chunkId: number): GraphNeighbour[] {
    const chunk = this.corpus.chunks[chunkId];
    const p = chunk ? this.filePosition(chunk.fileId) : -1;
    if (p < 0) return [];
    const g = this.g;
    const sources = [p];
    for (let s = g.fileSymbolOffsets[p]; s < g.fileSymbolOffsets[p + 1]; s++) {
      if (g.symbolStartLine[s] >= chunk.startLine && g.symbolEndLine[s] <= chunk.endLine) sources.push(g.fileCount + s);
    }
    const byTarget = new Map<number, GraphNeighbour>();
    for (const source of sources) {
      for (let e = g.outOffsets[source]; e < g.outOffsets[source + 1]; e++) {
        if (g.edgeKind[e] === EDGE_IMPORT) continue;
        if (g.edgeLine[e] < chunk.startLine || g.edgeLine[e] > chunk.endLine) continue;
        const t = g.edgeTarget[e] - g.fileCount;
        const known = byTarget.get(t);
        if (known && known.confidence >= readConfidence(g.edgeConfidence[e])) continue;
        byTarget.set(t, {
          chunkId: this.chunkOfSymbol(t),
          path: this.pathAt(g.symbolFile[t]),
          line: g.symbolNameLine[t],
          symbol: g.symbolName[t],
          confidence: readConfidence(g.edgeConfidence[e]),
        });
      }
    }
    return this.sortNeighbours([...byTarget.values()].filter((n) => n.chunkId !== chunkId));
  }

  private sortNeighbours(list: GraphNeighbour[]): GraphNeighbour[] {
    return list.sort(
      (a, b) =>
        b.confidence - a.confidence ||
        this.centralityOfChunk(b.chunkId) - this.centralityOfChunk(a.chunkId) ||
        a.chunkId - b.chunkId,
    );
  }

  /** Every call/reference site of symbol s, one per edge. */
  private referenceSites(s: number): (GraphNeighbour & { kind: number; caller: number })[] {
    const g = this.g;
    const node = g.fileCount + s;
    const out: (GraphNeighbour & { kind: number; caller: number })[] = [];
    for (let i = g.inOffsets[node]; i < g.inOffsets[node + 1]; i++) {
      const e = g.inEdges[i];
      const source = g.edgeSource[e];
      const p = this.fileOfNode(source);
      out.push({
        chunkId: this.chunkAtLine(p, g.edgeLine[e]),
        path: this.pathAt(p),
        line: g.edgeLine[e],
        symbol: source >= g.fileCount ? g.symbolName[source - g.fileCount] : undefined,
        confidence: readConfidence(g.edgeConfidence[e]),
        kind: g.edgeKind[e],
        caller: source,
      });
    }
    return out;
  }

  private recordsBySource(): Int32Array {
    if (!this.importRecordOffsets) {
      this.importRecordOffsets = rowOffsets(this.g.importSource, this.g.importSource.length, this.g.fileCount);
    }
    return this.importRecordOffsets;
  }

  private recordsByTarget(): { offsets: Int32Array; records: Int32Array } {
    if (!this.importRecordsByTarget) {
      const g = this.g;
      const offsets = new Int32Array(g.fileCount + 1);
      for (const t of g.importTarget) if (t >= 0) offsets[t + 1]++;
      for (let p = 0; p < g.fileCount; p++) offsets[p + 1] += offsets[p];
      const cursor = offsets.slice(0, g.fileCount);
      const records = new Int32Array(offsets[g.fileCount]);
      for (let r = 0; r < g.importTarget.length; r++)
        if (g.importTarget[r] >= 0) records[cursor[g.importTarget[r]]++] = r;
      this.importRecordsByTarget = { offsets, records };
    }
    return this.importRecordsByTarget;
  }

  private importLink(record: number, filePosition: number): GraphImportLink {
    const names = this.g.importNames[record];
    return {
      fileId: this.fileIdAt(filePosition),
      path: this.pathAt(filePosition),
      line: this.g.importLine[record],
      names: names === '' ? [] : names.split(','),
    };
  }

  /** Import statements that name this file, one per statement. */
  importersOf(fileId: number): GraphImportLink[] {
    const p = this.filePosition(fileId);
    if (p < 0) return [];
    const { offsets, records } = this.recordsByTarget();
    const out: GraphImportLink[] = [];
    for (let i = offsets[p]; i < offsets[p + 1]; i++)
      out.push(this.importLink(records[i], this.g.importSource[records[i]]));
    return out;
  }

  /** This file's import statements that resolved to files of the repository. */
  importsOf(fileId: number): GraphImportLink[] {
    const p = this.filePosition(fileId);
    if (p < 0) return [];
    const offsets = this.recordsBySource();
    const out: GraphImportLink[] = [];
    const seen = new Set<string>();
    for (let r = offsets[p]; r < offsets[p + 1]; r++) {
      const t = this.g.importTarget[r];
      // `use a::{self, B}` is two imports on one line: one link.
      const key = t + ':' + this.g.importLine[r];
      if (t < 0 || seen.has(key)) continue;
      seen.add(key);
      out.push(this.importLink(r, t));
    }
    return out;
  }

  /** This file's imports of packages outside the repository. */
  externalImportsOf(fileId: number): ExternalImport[] {
    const p = this.filePosition(fileId);
    if (p < 0) return [];
    const offsets = this.recordsBySource();
    const out: ExternalImport[] = [];
    for (let r = offsets[p]; r < offsets[p + 1]; r++) {
      const t = this.g.importTarget[r];
      if (t >= 0) continue;
      const names = this.g.importNames[r];
      out.push({
        packageName: this.g.externalPackages[-t - 1],
        line: this.g.importLine[r],
        names: names === '' ? [] : names.split(','),
      });
    }
    return out;
  }

  // -------------------------------------------------------------------------------------
  // Reverse dependencies

  /**
   * Files that depend on file p directly: its importers, and files calling or referencing its
   * symbols. `usesNames` says whether the file uses a name p defines (or imports p alone): an
   * import of a whole package that uses none of p's names depends on p's peers, not on p (a Go
   * file's are left out; a Java wildcard's are listed last).
   */
  private dependentsOfFile(p: number): DependentFile[] {
    const g = this.g;
    const byFile = new Map<number, DependentFile>();
    const note = (file: number, relation: DependencyRelation, line: number, usesNames: boolean) => {
      if (file === p) return;
      const known = byFile.get(file);
      // An import is the clearest statement of a dependency; keep it over a call.
      if (!known || (relation === 'import' && known.relation !== 'import'))
        byFile.set(file, { file, relation, line, usesNames: usesNames || (known?.usesNames ?? false) });
      else if (usesNames) known.usesNames = true;
    };
    const { offsets, records } = this.recordsByTarget();
    const declaring = new Set<number>();
    for (let i = offsets[p]; i < offsets[p + 1]; i++) {
      const r = records[i];
      // `mod x;` makes x.rs a module of the crate and uses nothing in it (hyper's lib.rs `pub mod
      // ext;`): the parent stays listed, with its line, after the files that use x's names.
      const declares = this.declaresModule(r);
      if (declares) declaring.add(g.importSource[r]);
      note(g.importSource[r], 'import', g.importLine[r], !declares && !this.importsPackage(r));
      if (g.importKind[r] === IMPORT_KIND_INJECTED) {
        const d = byFile.get(g.importSource[r]);
        if (d?.relation === 'import' && d.line === g.importLine[r]) d.injects = true;
      }
    }
    for (let s = g.fileSymbolOffsets[p]; s < g.fileSymbolOffsets[p + 1]; s++) {
      const node = g.fileCount + s;
      for (let i = g.inOffsets[node]; i < g.inOffsets[node + 1]; i++) {
        const e = g.inEdges[i];
        note(this.fileOfNode(g.edgeSource[e]), g.edgeKind[e] === EDGE_CALL ? 'call' : 'reference', g.edgeLine[e], true);
      }
    }
    const list = [...byFile.values()];
    for (const d of list) if (d.usesNames === false && declaring.has(d.file)) d.declaresModule = true;
    // A Go import names a package, not a file: a file that uses none of p's names depends on
    // p's peers, not on p (echo's middleware files import the package; few use its log.go).
    return g.filePaths[p].endsWith('.go') ? list.filter((d) => d.usesNames !== false) : list;
  }

  /** Whether import record r is a Rust module declaration (`mod x;`, `pub(crate) mod x;`). */
  private declaresModule(r: number): boolean {
    const g = this.g;
    const p = g.importSource[r];
    if (!g.filePaths[p].endsWith('.rs')) return false;
    return RUST_MOD_DECLARATION.test(textOfLine(this.corpus.files[p].text, g.importLine[r]));
  }

  /** Whether import record r is one of several files its statement resolved to (a package, not a file). */
  private importsPackage(r: number): boolean {
    const g = this.g;
    // Each service an injection array names is a file of its own, not one package.
    if (g.importKind[r] === IMPORT_KIND_INJECTED) return false;
    // Another file from the same statement; `use m::{A, B}` is two records of one file.
    const same = (q: number) =>
      q >= 0 &&
      q < g.importSource.length &&
      g.importSource[q] === g.importSource[r] &&
      g.importLine[q] === g.importLine[r] &&
      g.importTarget[q] !== g.importTarget[r];
    return same(r - 1) || same(r + 1);
  }

  /**
   * Direct dependants that use what the file defines first, then those that only import its
   * package; central first. Of a C/C++ file, the files that include it come before those that
   * reach its names through another header (uwsgi's rawrouter.c `#include "../corerouter/cr.h"`
   * before http.c, which includes it through common.h). A shell library's `. file` is its
   * `#include`: a script calling its functions without sourcing it has them from another library
   * of the same names (clonezilla's scripts call `check_if_root` from a drbl-conf-functions the
   * repository does not hold, and GParted Live's copy sources gl-functions). A Lua file's
   * `require`/`dofile` of it is too: a file that only uses a global the file fills may run with
   * it loaded by someone else. So are a Ruby file's `require` and a PHP file's `use` of it: their
   * names are global (Ruby reopens `class String`, a PHP class is autoloaded by name), so a file
   * reaching one only through a method name many classes define (Redmine's `compact`, Icinga's
   * `->log()`) depends on it less surely than a file that names it (`require
   * 'redmine/string_array_diff/diff'`, `use Icinga\Application\Logger\LogWriter`).
   */
  private sortFileDependants(list: DependentFile[], origin: number): void {
    const g = this.g;
    const language = this.corpus.files[this.fileIdAt(origin)]?.language;
    const includesFirst = C_FAMILY_FILE.test(g.filePaths[origin]) || INCLUDES_FIRST_LANGUAGES.has(language ?? '');
    const included = (d: DependentFile) => Number(includesFirst && d.relation === 'import');
    list.sort(
      (a, b) =>
        Number(b.usesNames !== false) - Number(a.usesNames !== false) ||
        included(b) - included(a) ||
        g.centrality[b.file] - g.centrality[a.file] ||
        a.file - b.file,
    );
  }

  /** Files that use symbol s directly (call/reference it, or import it by name), excluding its own file. */
  private dependentsOfSymbol(s: number): DependentFile[] {
    const g = this.g;
    const own = g.symbolFile[s];
    const byFile = new Map<number, DependentFile>();
    for (const site of this.referenceSites(s)) {
      const file = this.fileOfNode(site.caller);
      if (file !== own && !byFile.has(file))
        byFile.set(file, { file, relation: site.kind === EDGE_CALL ? 'call' : 'reference', line: site.line });
    }
    // A barrel that passes the name on is a use for references, not a dependant of its own:
    // its importers are (the impact of a change is where the name is used).
    for (const link of this.namedImportRecords(s)) {
      if (link.reexport) continue;
      if (!byFile.has(link.file)) byFile.set(link.file, { file: link.file, relation: 'import', line: link.line });
    }
    return [...byFile.values()];
  }

  /**
   * Import statements that name symbol s (`import { parseConfig } from './config'`), from its
   * own file or from a barrel that re-exports it (`export * from './config'`), under the name
   * each file exports it by: a default export is imported as `default`, and
   * `export { parseConfig as parse } from` / `export { default as Config } from` rename it on the way.
   */
  private namedImportRecords(s: number): { file: number; line: number; from: number; as: string; reexport?: true }[] {
    const g = this.g;
    const name = g.symbolName[s];
    const { offsets, records } = this.recordsByTarget();
    const out: { file: number; line: number; from: number; as: string; reexport?: true }[] = [];
    const own = g.symbolFile[s];
    const exported = new Map<number, Set<string>>([
      [own, new Set(this.defaultExports(own, name) ? [name, 'default'] : [name])],
    ]);
    let frontier = [own];
    for (let depth = 0; frontier.length > 0; depth++) {
      const next: number[] = [];
      for (const file of frontier) {
        const names = exported.get(file)!;
        for (let i = offsets[file]; i < offsets[file + 1]; i++) {
          const r = records[i];
          const bound = g.importNames[r].split(',');
          const source = g.importSource[r];
          if (this.isReexport(r)) {
            if (depth >= REEXPORT_MAX_DEPTH) continue;
            const passed = bound.includes('*')
              ? [...names].filter((n) => n !== 'default')
              : bound.filter((n) => names.has(n)).map((n) => this.reexportAlias(source, g.importLine[r], n));
            if (passed.length === 0) continue;
            // A barrel that names it (`export { x } from`) uses it; `export *` passes it on unnamed.
            const named = bound.find((n) => names.has(n));
            if (named !== undefined)
              out.push({ file: source, line: g.importLine[r], from: file, as: named, reexport: true });
            const known = exported.get(source);
            const fresh = passed.filter((n) => !known?.has(n));
            if (fresh.length === 0) continue;
            if (known) for (const n of fresh) known.add(n);
            else exported.set(source, new Set(fresh));
            next.push(source);
          } else {
            const as = bound.find((n) => names.has(n));
            if (as !== undefined) out.push({ file: source, line: g.importLine[r], from: file, as });
          }
        }
      }
      frontier = next;
    }
    return out;
  }

  /** Whether file p's default export is `name` (`export default function name`, `export { name as default }`, `export default name`). */
  private defaultExports(p: number, name: string): boolean {
    const text = this.corpus.files[p].text;
    if (!text.includes('default')) return false;
    const n = escapeRegExp(name);
    return new RegExp(
      `\\bexport\\s+default\\s+(?:async\\s+)?(?:(?:function\\s*\\*?|(?:abstract\\s+)?class)\\s+)?${n}\\b|\\b${n}\\s+as\\s+default\\b|^\\s*export\\s*=\\s*${n}\\b`,
      'm',
    ).test(text);
  }

  /** The name a re-export statement at `line` of file p gives `name` (`export { name as alias } from`), else `name`. */
  private reexportAlias(p: number, line: number, name: string): string {
    const text = this.corpus.files[p].text;
    const at = offsetOfLine(text, line);
    if (at < 0) return name;
    const end = text.indexOf('from', at);
    const statement = text.slice(at, end < 0 ? undefined : end);
    const m = new RegExp(`(?:^|[\\s{,])${escapeRegExp(name)}\\s+as\\s+([A-Za-z_$][\\w$]*)`).exec(statement);
    return m ? m[1] : name;
  }

  private isReexport(record: number): boolean {
    return this.g.importKind[record] === IMPORT_KIND_REEXPORT;
  }

  /**
   * The reverse-dependency closure of a file or a chunk, breadth-first: hop 1 uses the target
   * directly; hop n depends on a hop n-1 file. Ordered by hops, then centrality.
   */
  reverseDependencies(
    target: { fileId: number } | { chunkId: number },
    maxHops = IMPACT_MAX_HOPS,
  ): ReverseDependency[] {
    let origin: { symbol: number } | { file: number };
    if ('chunkId' in target) {
      const chunk = this.corpus.chunks[target.chunkId];
      if (!chunk) return [];
      const s = this.g.chunkSymbol[target.chunkId];
      origin = s >= 0 ? { symbol: s } : { file: this.filePosition(chunk.fileId) };
    } else origin = { file: this.filePosition(target.fileId) };
    const closure = this.closure(origin, maxHops);
    return closure.map((d) => ({
      fileId: this.fileIdAt(d.file),
      hops: d.hops,
      via: this.fileIdAt(d.via),
      relation: d.relation,
      line: d.line,
    }));
  }

  /** `enough`: stop after the first whole hop level that brings the count to this many. */
  private closure(
    target: { symbol: number } | { file: number },
    maxHops: number,
    enough = Infinity,
  ): (DependentFile & { hops: number; via: number })[] {
    let origin: number;
    let first: DependentFile[];
    let propagateFromOrigin = false;
    if ('symbol' in target) {
      origin = this.g.symbolFile[target.symbol];
      first = this.dependentsOfSymbol(target.symbol);
      // Same-file users make the defining file a user too: its dependents are hop 2.
      propagateFromOrigin = this.referenceSites(target.symbol).some((site) => this.fileOfNode(site.caller) === origin);
    } else {
      origin = target.file;
      if (origin < 0) return [];
      first = this.dependentsOfFile(origin);
    }
    const seen = new Set<number>([origin]);
    const out: (DependentFile & { hops: number; via: number })[] = [];
    let frontier: number[] = [];
    for (const d of first) {
      if (seen.has(d.file)) continue;
      seen.add(d.file);
      out.push({ ...d, hops: 1, via: origin });
      frontier.push(d.file);
    }
    this.sortByCentrality(out, 0);
    if (propagateFromOrigin) frontier.push(origin);
    for (let hops = 2; hops <= maxHops && frontier.length > 0 && out.length < enough; hops++) {
      const start = out.length;
      const next: number[] = [];
      for (const f of frontier) {
        for (const d of this.dependentsOfFile(f)) {
          if (seen.has(d.file)) continue;
          seen.add(d.file);
          out.push({ ...d, hops, via: f });
          next.push(d.file);
        }
      }
      this.sortByCentrality(out, start);
      frontier = next;
    }
    return out;
  }

  private sortByCentrality(list: { file: number }[], from: number): void {
    const tail = list
      .splice(from)
      .sort((a, b) => this.g.centrality[b.file] - this.g.centrality[a.file] || a.file - b.file);
    list.push(...tail);
  }

  // -------------------------------------------------------------------------------------
  // Navigation: what a query or an identifier in the code is about

  /**
   * What a references/impact/definition query is about, as the graph resolves it: the
   * definitions it names (with the chunks that call or reference them), or the files it names.
   */
  subjectOf(plan: QueryPlan): QuerySubject | null {
    const target = this.targetOf(plan, { symbolsOnly: plan.intent === 'find_definition' });
    if (!target) return null;
    if (target.kind === 'files') return { kind: 'files', fileIds: target.files.map((p) => this.fileIdAt(p)) };
    const g = this.g;
    const callerChunks = new Map<number, number>();
    for (const s of target.symbols) {
      for (const site of this.referenceSites(s))
        callerChunks.set(site.chunkId, Math.max(callerChunks.get(site.chunkId) ?? 0, site.confidence));
    }
    return {
      kind: 'symbols',
      names: [...new Set(target.symbols.map((s) => g.symbolName[s]))],
      definitions: target.symbols.map((s) => ({ path: this.pathAt(g.symbolFile[s]), line: g.symbolNameLine[s] })),
      callerChunks,
    };
  }

  /**
   * How a file depends on a set of files: the lines of its import statements that resolve to
   * one of them, and the names of their definitions it calls or references.
   */
  dependencyOn(fileId: number, targetFileIds: ReadonlySet<number>): { importLines: number[]; names: Set<string> } {
    const g = this.g;
    const p = this.filePosition(fileId);
    const names = new Set<string>();
    if (p < 0) return { importLines: [], names };
    const importLines = this.importsOf(fileId)
      .filter((link) => targetFileIds.has(link.fileId))
      .map((link) => link.line);
    const sources = [p];
    for (let s = g.fileSymbolOffsets[p]; s < g.fileSymbolOffsets[p + 1]; s++) sources.push(g.fileCount + s);
    for (const node of sources) {
      for (let e = g.outOffsets[node]; e < g.outOffsets[node + 1]; e++) {
        if (g.edgeKind[e] === EDGE_IMPORT) continue;
        const t = g.edgeTarget[e] - g.fileCount;
        if (targetFileIds.has(this.fileIdAt(g.symbolFile[t]))) names.add(g.symbolName[t]);
      }
    }
    return { importLines, names };
  }

  /**
   * Go to definition: the definitions a use of `name` at a line of a file resolves to, through
   * the edges of the innermost definition around that line (or of the file itself).
   */
  resolveAt(fileId: number, line: number, name: string): GraphNeighbour[] {
    const g = this.g;
    const p = this.filePosition(fileId);
    if (p < 0) return [];
    let innermost = -1;
    for (let s = g.fileSymbolOffsets[p]; s < g.fileSymbolOffsets[p + 1]; s++) {
      if (g.symbolStartLine[s] > line || g.symbolEndLine[s] < line) continue;
      if (
        innermost < 0 ||
        g.symbolEndLine[s] - g.symbolStartLine[s] < g.symbolEndLine[innermost] - g.symbolStartLine[innermost]
      )
        innermost = s;
    }
    const wanted = referencedName(name);
    const byTarget = new Map<number, GraphNeighbour>();
    for (const source of innermost >= 0 ? [g.fileCount + innermost, p] : [p]) {
      for (let e = g.outOffsets[source]; e < g.outOffsets[source + 1]; e++) {
        if (g.edgeKind[e] === EDGE_IMPORT) continue;
        const t = g.edgeTarget[e] - g.fileCount;
        if (g.symbolName[t] !== wanted) continue;
        const confidence = readConfidence(g.edgeConfidence[e]);
        if ((byTarget.get(t)?.confidence ?? -1) >= confidence) continue;
        byTarget.set(t, {
          chunkId: this.chunkOfSymbol(t),
          path: this.pathAt(g.symbolFile[t]),
          line: g.symbolNameLine[t],
          symbol: g.symbolName[t],
          confidence,
        });
      }
      if (byTarget.size > 0) break;
    }
    return this.sortNeighbours([...byTarget.values()]);
  }

  // -------------------------------------------------------------------------------------
  // Search

  search(plan: QueryPlan, limit: number): ModalityHit[] {
    if (limit <= 0) return [];
    switch (plan.intent) {
      case 'find_references':
        return this.searchReferences(plan, limit);
      case 'impact_analysis':
        return this.searchImpact(plan, limit);
      case 'find_definition':
        return this.searchDefinitions(plan, limit);
      default:
        return this.searchBySubTokens(plan, limit);
    }
  }

  private searchReferences(plan: QueryPlan, limit: number): ModalityHit[] {
    const target = this.targetOf(plan);
    const hits = new HitList(limit);
    // "Which files use FILE" asks what "what depends on FILE" asks: the files with a line that
    // imports it or uses a name it defines. Import lines alone miss every Go file (a Go import
    // names a package) and every C file calling a .c file's functions through a header.
    if (target?.kind === 'files') return this.fileDependantHits(target.files, hits, limit, plan.asksIncluders === true);
    if (target?.kind !== 'symbols') return [];
    const g = this.g;
    const symbols = plan.asksCalls === true ? this.callableFirst(target.symbols) : target.symbols;
    const ownChunks = new Set(symbols.map((s) => this.chunkOfSymbol(s)));
    // The files whose calls or uses of the subject are listed: for "who calls X" their import
    // of X is no call, and the call lines already show the file.
    const usedIn = new Set<string>();
    // A use inside the subject's own body (a class's method making another of its class, `new
    // rcube_html2text(…)` in rcube_html2text's own method) is the subject using itself, not a use
    // of it by other code: for a question about every use ("which files use X"), after the uses
    // elsewhere and the import lines. A call question keeps its callers where they rank.
    const ownBody: { chunkId: number; score: number; reason: string }[] = [];
    const inOwnBody = (s: number, site: { path: string; line: number }) =>
      plan.asksCalls !== true &&
      site.path === this.pathAt(g.symbolFile[s]) &&
      site.line >= g.symbolStartLine[s] &&
      site.line <= g.symbolEndLine[s];
    for (const s of symbols) {
      const sites = this.referenceSites(s).filter((site) => !ownChunks.has(site.chunkId));
      for (const site of sites) usedIn.add(site.path);
      sites.sort(
        (a, b) =>
          b.confidence - a.confidence ||
          this.centralityOfChunk(b.chunkId) - this.centralityOfChunk(a.chunkId) ||
          a.line - b.line,
      );
      for (const site of sites) {
        if (hits.full) return hits.list;
        if (inOwnBody(s, site))
          ownBody.push({ chunkId: site.chunkId, score: site.confidence, reason: this.siteReason(s, site) });
        else hits.add(site.chunkId, site.confidence, this.siteReason(s, site), 'resolved');
      }
    }
    const importLines: { chunkId: number; reason: string; evidence: 'chain' | 'resolved' }[] = [];
    for (const s of symbols) {
      // A barrel's `export { x } from` passes the name on to the files that import it: a link
      // of the chain to them, not a use (docs/design.md#clean-up), so it comes after the importers.
      const imports = this.namedImportRecords(s).sort(
        (a, b) =>
          Number(a.reexport === true) - Number(b.reexport === true) ||
          this.g.centrality[b.file] - this.g.centrality[a.file],
      );
      for (const link of imports) {
        if (plan.asksCalls === true && usedIn.has(this.pathAt(link.file))) continue;
        const what = `${importedAs(g.symbolName[s], link.as)} from ${this.pathAt(link.from)}`;
        importLines.push({
          chunkId: this.chunkAtLine(link.file, link.line),
          reason: link.reexport ? `re-exports ${what}` : `imports ${what}`,
          evidence: link.reexport ? 'chain' : 'resolved',
        });
      }
    }
    const addImports = () => {
      for (const i of importLines) if (!hits.full) hits.add(i.chunkId, IMPORT_LINE_HIT_SCORE, i.reason, i.evidence);
    };
    // "Who calls X": an import is no call. A file that imports X and calls it nowhere the
    // resolver or the name can see (pylint's utils/__init__.py passing `_check_csv` on) is listed
    // only when no call is found at all; for any other question it is a use, before those by name.
    if (plan.asksCalls !== true) addImports();
    for (const site of ownBody) hits.add(site.chunkId, site.score, site.reason, 'resolved');
    // Below every resolved edge: uses the resolver could not tie to one definition (a method
    // on several classes, a call through an object), linked by name only.
    for (const site of this.nameOnlySites(symbols)) {
      if (hits.full) break;
      hits.add(site.chunkId, NAME_ONLY_HIT_SCORE, site.reason, 'by-name');
    }
    if (plan.asksCalls === true && hits.list.length === 0) addImports();
    return hits.list;
  }

  /**
   * Of the definitions a callers question names, the ones that can be called, when it names
   * any: a type, a struct field or a constant of the same name is no callee, and its uses
   * (`[]archiveFile` beside syncthing's `func archiveFile`, an RRSIG's `KeyTag` field beside
   * `func (k *DNSKEY) KeyTag()`) are not calls of it.
   */
  private callableFirst(symbols: number[]): number[] {
    const kinds = this.g.symbolKind;
    const callable = symbols.filter((s) => CALLABLE_KINDS.has(kinds[s]));
    return callable.length > 0 ? callable : symbols;
  }

  /** Reference sites named like the symbols that no edge ties to them, most central file first. */
  private nameOnlySites(symbols: number[]): { chunkId: number; file: number; reason: string }[] {
    const g = this.g;
    const names = new Set(symbols.map((s) => g.symbolName[s]));
    // A recursive call sits in the definition's own chunk and has no edge (no self-loops): it stays.
    const linked = new Set<number>();
    for (const s of symbols) for (const site of this.referenceSites(s)) linked.add(site.chunkId);
    const out: { chunkId: number; file: number; reason: string }[] = [];
    // A Go name defined at a package's top level is reached bare (in its package) or through the
    // package's import name, which resolves: a member use on a value (`opener.DecodePacketNumber`)
    // that stayed unresolved is some method of that name, never it.
    const goTopLevel = symbols.every(
      (s) => g.symbolContainer[s] === '' && this.corpus.files[g.symbolFile[s]].language === 'go',
    );
    const index = this.referencesByName();
    for (const name of names) {
      const sites = index.get(name) ?? [];
      for (let i = 0; i < sites.length; i += 2) {
        const p = sites[i];
        const ref = this.corpus.files[p].analysis.references[sites[i + 1]];
        // Only what linking left unresolved: not a use linked elsewhere or resolved outside the repository.
        if (this.referenceStateAt(p, sites[i + 1]) !== REFERENCE_BY_NAME) continue;
        if (goTopLevel && ref.qualified) continue;
        if (this.declaresAt(p, name, ref.line)) continue;
        const chunkId = this.chunkAtLine(p, ref.line);
        if (linked.has(chunkId)) continue;
        linked.add(chunkId);
        const verb = ref.kind === 'call' || ref.kind === 'new' ? 'calls' : 'references';
        out.push({
          chunkId,
          file: p,
          reason: `${verb} ${ref.name}${ref.enclosing ? ` in ${ref.enclosing}` : ' at top level'} (by name only: not resolved to one definition)`,
        });
      }
    }
    return out.sort((a, b) => g.centrality[b.file] - g.centrality[a.file] || a.chunkId - b.chunkId);
  }

  /** What linking made of reference i of file p (REFERENCE_*). */
  private referenceStateAt(p: number, i: number): number {
    return this.g.referenceState[this.g.referenceOffsets[p] + i];
  }

  /** What linking made of reference i of a file: tied to definitions, a use by name only, or neither. */
  referenceUse(fileId: number, i: number): 'linked' | 'by-name' | 'none' {
    const p = this.filePosition(fileId);
    const state = p < 0 ? REFERENCE_NOT_A_NAME : this.referenceStateAt(p, i);
    if (state === REFERENCE_LINKED) return 'linked';
    return state === REFERENCE_BY_NAME ? 'by-name' : 'none';
  }

  /** Whether line is the name line of a definition called `name` in file p (a declaration, not a use). */
  private declaresAt(p: number, name: string, line: number): boolean {
    const g = this.g;
    for (let t = g.fileSymbolOffsets[p]; t < g.fileSymbolOffsets[p + 1]; t++)
      if (g.symbolNameLine[t] === line && g.symbolName[t] === name) return true;
    return false;
  }

  /** Every parsed reference by its last name segment: pairs (file position, reference index). Built on first use. */
  private referencesByName(): Map<string, number[]> {
    if (!this.refsByName) {
      const index = new Map<string, number[]>();
      this.corpus.files.forEach((f, p) => {
        f.analysis?.references.forEach((ref, i) => {
          const name = referencedName(ref.name);
          const list = index.get(name);
          if (list) list.push(p, i);
          else index.set(name, [p, i]);
        });
      });
      this.refsByName = index;
    }
    return this.refsByName;
  }

  private searchImpact(plan: QueryPlan, limit: number): ModalityHit[] {
    const target = this.targetOf(plan);
    if (!target) return [];
    const hits = new HitList(limit);
    const g = this.g;
    if (target.kind === 'symbols') {
      const s = target.symbols[0];
      const name = g.symbolName[s];
      const ownChunk = this.chunkOfSymbol(s);
      // Hop 1: the chunks that use the target, best-resolved and most central first.
      const sites = this.referenceSites(s).filter((site) => site.chunkId !== ownChunk);
      sites.sort(
        (a, b) =>
          b.confidence * this.centralityOfChunk(b.chunkId) - a.confidence * this.centralityOfChunk(a.chunkId) ||
          a.chunkId - b.chunkId,
      );
      for (const site of sites)
        if (!hits.full) hits.add(site.chunkId, 1, `hop 1: ${this.siteReason(s, site)}`, 'resolved');
      for (const link of this.namedImportRecords(s))
        if (!hits.full && !link.reexport)
          hits.add(
            this.chunkAtLine(link.file, link.line),
            1,
            `hop 1: imports ${importedAs(name, link.as)} from ${this.pathAt(link.from)}`,
            'resolved',
          );
      const closure = this.closure({ symbol: s }, IMPACT_MAX_HOPS, limit);
      const describe = new Map<number, string>();
      for (const d of closure) {
        if (hits.full) break;
        if (d.hops === 1) {
          describe.set(d.file, `${relationVerb(d.relation)} ${name}`);
          continue;
        }
        const viaText = d.via === g.symbolFile[s] ? `defines ${name}` : (describe.get(d.via) ?? `depends on ${name}`);
        describe.set(d.file, `depends on ${name} (hop ${d.hops})`);
        hits.add(
          this.chunkAtLine(d.file, d.line),
          1 / d.hops,
          `hop ${d.hops}: ${relationVerb(d.relation)} ${this.pathAt(d.via)} which ${viaText}`,
          'chain',
        );
      }
      // Last and apart: uses the graph could tie by name only (no file depends on them).
      for (const site of this.nameOnlySites(target.symbols.slice(0, 1)))
        hits.add(site.chunkId, NAME_ONLY_HIT_SCORE, site.reason, 'by-name');
      return hits.list;
    }
    return this.fileDependantHits(target.files, hits, limit, plan.asksIncluders === true);
  }

  /**
   * "What depends on FILE": the files with a line that imports or uses it. Its transitive
   * closure is most of a package around a central file, so it is not listed here
   * (reverseDependencies gives it, hop by hop). "What includes FILE" asks for the lines that
   * include it: a file calling a header's functions through another header is no includer.
   */
  private fileDependantHits(files: number[], hits: HitList, limit: number, includersOnly = false): ModalityHit[] {
    const g = this.g;
    // Of a folder's files, one using another is no dependant of the folder.
    const asked = new Set(files);
    for (const origin of files) {
      let direct = this.closure({ file: origin }, 1, limit).filter((d) => !asked.has(d.file));
      if (includersOnly) direct = direct.filter((d) => this.includesByName(d, origin));
      this.sortFileDependants(direct, origin);
      for (const d of direct) {
        if (hits.full) break;
        hits.add(this.chunkAtLine(d.file, d.line), 1, this.dependantReason(d), 'resolved');
      }
    }
    // Last and apart: imports of the repository by its own package name that name the file.
    for (const origin of files)
      for (const r of this.selfImportsOf(origin)) {
        if (hits.full) break;
        const spec = `${g.externalPackages[-g.importTarget[r] - 1]}/${this.selfImportPath.get(r)}`;
        hits.add(
          this.chunkAtLine(g.importSource[r], g.importLine[r]),
          NAME_ONLY_HIT_SCORE,
          `imports '${spec}', which names ${this.pathAt(origin)} by the repository's own package name (by name, unresolved)`,
          'by-name',
        );
      }
    return hits.list;
  }

  /** Why a direct dependant of a file is listed, in words. */
  private dependantReason(d: DependentFile & { via: number }): string {
    if (d.declaresModule) return `declares ${this.pathAt(d.via)} as its module and uses none of its names`;
    if (d.injects) return `injects a service ${this.pathAt(d.via)} registers by name`;
    return `${relationVerb(d.relation)} ${this.pathAt(d.via)}`;
  }

  /**
   * Whether dependant d's line includes file `origin` by its name: an `#include "x.h"` also
   * reaches x.c (withImplementation), but it does not include x.c.
   */
  private includesByName(d: DependentFile, origin: number): boolean {
    if (d.relation !== 'import') return false;
    const path = this.pathAt(origin);
    return textOfLine(this.corpus.files[d.file].text, d.line).includes(path.slice(path.lastIndexOf('/') + 1));
  }

  /**
   * The import records of other files that name file `origin` through the repository's own
   * package name (self-imports.ts), read on the first question that needs them.
   */
  private selfImportsOf(origin: number): number[] {
    const g = this.g;
    if (!this.selfImportsByFile) {
      this.selfImportsByFile = new Map();
      if (g.externalSubpathRecord.length === 0) return [];
      const fileOfModule = new Map<string, number>();
      for (let p = 0; p < g.fileCount; p++)
        for (const m of modulePathsOf(this.pathAt(p))) if (!fileOfModule.has(m)) fileOfModule.set(m, p);
      const imports: SubpathImport[] = Array.from(g.externalSubpathRecord, (record, i) => ({
        record,
        packageName: g.externalPackages[-g.importTarget[record] - 1],
        subpath: g.externalSubpath[i],
      }));
      const own = selfPackages(imports, (path) => fileOfModule.has(path));
      for (const { record, packageName, subpath } of imports) {
        const file = fileOfModule.get(subpath);
        if (file === undefined || !own.has(packageName) || g.importSource[record] === file) continue;
        this.selfImportPath.set(record, subpath);
        const list = this.selfImportsByFile.get(file);
        if (list) list.push(record);
        else this.selfImportsByFile.set(file, [record]);
      }
    }
    return this.selfImportsByFile.get(origin) ?? [];
  }

  private searchDefinitions(plan: QueryPlan, limit: number): ModalityHit[] {
    const target = this.targetOf(plan, { symbolsOnly: true });
    if (target?.kind !== 'symbols') return [];
    const hits = new HitList(limit);
    for (const s of target.symbols) {
      const c = this.g.centrality[this.g.fileCount + s];
      hits.add(
        this.chunkOfSymbol(s),
        c,
        `defines ${this.g.symbolName[s]} (${DEFINITION_KINDS[this.g.symbolKind[s]]}, centrality ${c.toFixed(2)})`,
      );
    }
    return hits.list;
  }

  /** understand_code / find_similar / exact_match: definitions whose name shares sub-tokens with the query, central first. */
  private searchBySubTokens(plan: QueryPlan, limit: number): ModalityHit[] {
    let terms = plan.terms.map((t) => t.toLowerCase());
    if (terms.length === 0 && plan.similarToChunk !== undefined) {
      const chunk = this.corpus.chunks[plan.similarToChunk];
      if (chunk?.symbol) terms = splitIdentifier(chunk.symbol);
    }
    if (terms.length === 0) return [];
    const index = this.subTokenIndex();
    const wanted = new Set(terms);
    // The question's words each name says: by its own sub-tokens, or by the code's spelling of
    // them (GRAPH_SPELLING_CODES: `pageselector` says "page" and "selector", `lhash` "linear" and
    // "hash"), as the text and semantic lists read them.
    const said = new Map<number, { words: Set<string>; spelled: Set<string> }>();
    const say = (token: string, word: string, spelled: boolean) => {
      for (const s of index.get(token) ?? []) {
        let entry = said.get(s);
        if (!entry) said.set(s, (entry = { words: new Set(), spelled: new Set() }));
        entry.words.add(word);
        if (spelled) entry.spelled.add(token);
      }
    };
    for (const term of wanted) say(term, term, false);
    for (const e of plan.spellings ?? [])
      if (GRAPH_SPELLING_CODES.has(e.code) && wanted.has(e.word.toLowerCase()))
        say(e.token, e.word.toLowerCase(), true);
    if (said.size === 0) return [];
    const g = this.g;
    const ranked = [...said.entries()].sort(
      (a, b) =>
        b[1].words.size - a[1].words.size ||
        Number(g.symbolChunk[b[0]] >= 0) - Number(g.symbolChunk[a[0]] >= 0) ||
        g.centrality[g.fileCount + b[0]] - g.centrality[g.fileCount + a[0]] ||
        a[0] - b[0],
    );
    const hits = new HitList(limit);
    for (const [s, { words, spelled }] of ranked) {
      if (hits.full) break;
      const chunkId = this.chunkOfSymbol(s);
      if (chunkId === plan.similarToChunk) continue;
      const c = g.centrality[g.fileCount + s];
      const as = spelled.size > 0 ? ` as ${[...spelled].map((t) => `\`${t}\``).join(', ')}` : '';
      hits.add(
        chunkId,
        words.size / wanted.size,
        `name ${g.symbolName[s]} shares ${[...words].map((t) => `"${t}"`).join(', ')}${as} (centrality ${c.toFixed(2)})`,
      );
    }
    return hits.list;
  }

  private siteReason(s: number, site: GraphNeighbour & { kind: number; caller: number }): string {
    const verb = site.kind === EDGE_REFERENCE ? 'references' : 'calls';
    const where = site.symbol ? ` in ${site.symbol}` : ' at top level';
    return `${verb} ${this.g.symbolName[s]}${where} (${resolutionNote(site.confidence)})`;
  }

  // -------------------------------------------------------------------------------------
  // What the query is about

  /** Symbols by their sub-tokens joined with spaces: "parse config" → parseConfig, parse_config. */
  private symbolsNamedByWords(words: string[]): number[] {
    if (!this.symbolsBySubTokens) {
      const index = new Map<string, number[]>();
      this.g.symbolName.forEach((name, s) => push(index, splitIdentifier(name).join(' '), s));
      this.symbolsBySubTokens = index;
    }
    return this.symbolsBySubTokens.get(words.join(' ')) ?? [];
  }

  private subTokenIndex(): Map<string, number[]> {
    if (!this.symbolsBySubToken) {
      const index = new Map<string, number[]>();
      this.g.symbolName.forEach((name, s) => {
        for (const token of new Set(splitIdentifier(name))) push(index, token, s);
      });
      this.symbolsBySubToken = index;
    }
    return this.symbolsBySubToken;
  }

  /** Definitions of a name: exact, else case-insensitive; most central first. */
  private definitionsNamed(identifier: string): number[] {
    const name = referencedName(identifier);
    const names = this.g.symbolName;
    let found = symbolsWithKey(this.g.symbolsByName, (s) => names[s], name);
    if (found.length === 0)
      found = symbolsWithKey(this.g.symbolsByLowerName, (s) => names[s].toLowerCase(), name.toLowerCase());
    return this.byCentrality(found);
  }

  /**
   * Definitions of a name the query typed, which may end the sentence with the name's own `?`
   * (`who calls can_socket_connect?`): the classifier reads a `?` at the end as the question's
   * (classify.ts DECORATED_NAME), so the plan names `can_socket_connect`. When no definition has
   * that name and the query spells it with a `?` after it, the predicate so named is the one
   * asked about (Ruby's, Crystal's and Elixir's `?` methods).
   */
  private definitionsNamedAsTyped(identifier: string, raw: string): number[] {
    const defs = this.definitionsNamed(identifier);
    if (defs.length > 0 || !/^[A-Za-z_][\w]*$/.test(identifier)) return defs;
    if (!new RegExp(`(?<![\\w$])${escapeRegExp(identifier)}\\?`).test(raw)) return defs;
    return this.definitionsNamed(`${identifier}?`);
  }

  private byCentrality(symbols: number[]): number[] {
    const g = this.g;
    return [...symbols].sort((a, b) => g.centrality[g.fileCount + b] - g.centrality[g.fileCount + a] || a - b);
  }

  /**
   * The symbols or files a query names. Path-like words (`utils/date`, `config.ts`) name files;
   * identifiers name symbols (`Foo.bar` / ['Foo','bar'] prefers bar defined in Foo); a bare word
   * that names no symbol but a file stem (`utils`) names that file.
   */
  private targetOf(plan: QueryPlan, options: { symbolsOnly?: boolean } = {}): Target {
    const pathWords = options.symbolsOnly ? [] : (plan.raw.match(PATH_LIKE) ?? []);
    if (pathWords.length > 0) {
      const files = this.filesNamed(pathWords);
      const defined = files.length > 0 ? this.definedIn(plan.identifiers, pathWords, files) : [];
      if (defined.length > 0) return { kind: 'symbols', symbols: defined };
      if (files.length > 0) return { kind: 'files', files };
    }
    // A name the question calls a package (`which files use the qlog package`) is a folder: its
    // files, as a folder's path typed is, not the file named as it (qlog/qlog.go).
    if (!options.symbolsOnly && plan.packageNames) {
      const files = [...new Set(plan.packageNames.flatMap((name) => this.filesInFolder(name)))];
      if (files.length > 0) return { kind: 'files', files };
    }
    const identifiers = plan.identifiers.filter((i) => i.length > 0);
    let symbols: number[] = [];
    for (let i = 0; i < identifiers.length && symbols.length === 0; i++) {
      const id = identifiers[i];
      const parts = id.split(/\.|::/).filter((x) => x);
      // A qualified name (Foo.bar, or ['Foo','bar']): the member defined in that container. The
      // classifier lists a qualified name's part first and its qualifiers apart (`who calls
      // Router.Add` → ['Add', 'Router'], qualifiers ['Router']): those select the container too.
      const containers =
        parts.length > 1 ? [parts[parts.length - 2]] : [identifiers[i - 1], ...(plan.qualifiers ?? [])];
      const defs = this.definitionsNamedAsTyped(id, plan.raw);
      const inContainer = defs.filter((s) => containers.includes(this.g.symbolContainer[s]));
      // A qualifier that names no container may name the module or package the name is defined
      // at the top of (Go's `protocol.DecodePacketNumber`, Python's `fileutil.copy_asset`): its
      // file's stem or folder. Methods of the same name elsewhere are not what was asked.
      const inModule =
        inContainer.length === 0
          ? defs.filter(
              (s) => this.g.symbolContainer[s] === '' && inModuleNamed(this.pathAt(this.g.symbolFile[s]), containers),
            )
          : [];
      if (inContainer.length > 0) symbols = inContainer;
      else if (inModule.length > 0) symbols = inModule;
      else if (i + 1 < identifiers.length) {
        const member = this.definitionsNamed(identifiers[i + 1]).filter((s) => this.g.symbolContainer[s] === id);
        symbols = member.length > 0 ? member : defs;
      } else symbols = defs;
    }
    if (symbols.length === 0 && plan.terms.length > 0) {
      // "who calls parse config" → parseConfig / parse_config.
      symbols = this.byCentrality(this.symbolsNamedByWords(plan.terms));
    }
    if (symbols.length > 0) return { kind: 'symbols', symbols };
    if (options.symbolsOnly) return null;
    const files = this.filesNamed([...identifiers, ...plan.terms]);
    return files.length > 0 ? { kind: 'files', files } : null;
  }

  /**
   * A name asked with the file it is defined in (`who calls CMSG_ALIGN in unix/linux_like/mod.rs`:
   * libc defines it once per OS): its definitions in those files. The name is the first
   * identifier that is no part of the path; none, or not defined there: the files are the subject.
   */
  private definedIn(identifiers: readonly string[], pathWords: readonly string[], files: readonly number[]): number[] {
    const name = identifiers.find((id) => id.length > 1 && !pathWords.some((w) => w.includes(id)));
    if (!name) return [];
    const named = new Set(files);
    return this.definitionsNamed(name).filter((s) => named.has(this.g.symbolFile[s]));
  }

  /**
   * Files a word names: the file at that very path from the root when there is one
   * (`src/util.js` is src/util.js, not compat/src/util.js too); else every file whose path
   * (without extension, index/__init__/mod) ends with it: `utils/date` → src/utils/date.ts.
   */
  private filesNamed(words: string[]): number[] {
    const out = new Set<number>();
    for (const word of words) {
      const named = this.filesNamedBy(word);
      // A path typed from a folder above the repository's root (Sphinx's `sphinx/util/matching.py`
      // where the package folder is the root): the file its tail names, the first folders off.
      const parts = word.replace(/^\.?\//, '').split('/');
      for (let drop = 1; named.length === 0 && drop < parts.length; drop++) {
        const tail = parts.slice(drop).join('/');
        if (tail.includes('/') || /\.\w+$/.test(tail)) named.push(...this.filesNamedBy(tail));
      }
      for (const p of named) out.add(p);
    }
    return [...out];
  }

  /** The files one word names (filesNamed). */
  private filesNamedBy(raw: string): number[] {
    // A file named with its extension is that file (`alg-md5.h`, not alg-md5.c beside it).
    const written = raw.replace(/^\.?\//, '');
    const named = this.atWholePath(written, (m) => m.kind === 'name');
    if (named.length > 0 && /\.\w+$/.test(written)) return named;
    // A module's name, as an import writes it: without a source file's extension (Ruby's require, a
    // PHP class path), dotted (Python's `os.path`), or its folder's (utils for utils/__init__.py).
    const word = written.replace(SOURCE_EXTENSION, '').replace(/\./g, raw.includes('/') ? '.' : '/');
    if (word === '') return [];
    const modules = this.atWholePath(
      word,
      (m) =>
        m.kind === 'name' ||
        ((m.kind === 'stem' || m.kind === 'module') && cutsSourceExtension(this.g.filePaths[m.file])),
    );
    if (modules.length > 0) return modules;
    // A folder (`pkg/truncindex`, a Go package) names the files directly in it.
    return raw.includes('/') ? this.filesInFolder(word) : [];
  }

  /**
   * The files at the whole path typed of the kinds kept (filesMatchingTyped), in the corpus's
   * order: the one from the root alone when there is one (`src/util.js`, not compat/src/util.js).
   */
  private atWholePath(typed: string, keep: (m: FileNameMatch) => boolean): number[] {
    const whole = filesMatchingTyped(this.g.filePaths, typed).filter((m) => m.whole && keep(m));
    const fromRoot = whole.filter((m) => m.fromRoot);
    return (fromRoot.length > 0 ? fromRoot : whole).map((m) => m.file).sort((a, b) => a - b);
  }

  /** The files directly in the folders a path names (`pkg/truncindex`, `qlog`): at the root or below. */
  private filesInFolder(folder: string): number[] {
    const typed = folder.replace(/^\.?\//, '').replace(/\/$/, '');
    if (typed === '') return [];
    return filesMatchingTyped(this.g.filePaths, typed + '/')
      .map((m) => m.file)
      .sort((a, b) => a - b);
  }
}

/** Ranked hits, at most one per chunk, at most `limit`. */
class HitList {
  readonly list: ModalityHit[] = [];
  private readonly seen = new Set<number>();
  constructor(private readonly limit: number) {}
  get full(): boolean {
    return this.list.length >= this.limit;
  }
  add(chunkId: number, score: number, reason: string, evidence?: Evidence): void {
    if (this.full || chunkId < 0 || this.seen.has(chunkId)) return;
    this.seen.add(chunkId);
    this.list.push(evidence ? { chunkId, score, reason, evidence } : { chunkId, score, reason });
  }
}

function importedAs(name: string, as: string): string {
  if (as === name) return name;
  return as === 'default' ? `${name} (as the default export)` : `${name} as ${as}`;
}

/** C and C++ sources and headers: what depends on them is first what includes them. */
const C_FAMILY_FILE = /\.(c|h|cc|cpp|cxx|hh|hpp|hxx|inc|inl|ipp|tpp)$/i;
/** Languages whose files load or name a file before using its global names: their importers are listed first (sortFileDependants). */
const INCLUDES_FIRST_LANGUAGES: ReadonlySet<string> = new Set(['bash', 'lua', 'ruby', 'php']);

/** Whether a file is the module a qualifier names: its stem (`fileutil.py`) or its folder (Go's package `internal/protocol/`). */
function inModuleNamed(path: string, qualifiers: readonly (string | undefined)[]): boolean {
  const parts = path.split('/');
  const stem = fileStem(path);
  const folder = parts.length > 1 ? parts[parts.length - 2] : undefined;
  return qualifiers.some((q) => q !== undefined && q !== '' && (q === stem || q === folder));
}

/** Definition kinds a call can reach: functions, methods and (C's function-like) macros. */
const CALLABLE_KINDS: ReadonlySet<number> = new Set(
  (['function', 'method', 'macro'] as const).map((k) => DEFINITION_KINDS.indexOf(k)),
);

const RUST_MOD_DECLARATION = /^\s*(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+[A-Za-z_]\w*\s*;/;

function relationVerb(relation: DependencyRelation): string {
  if (relation === 'import') return 'imports';
  return relation === 'call' ? 'calls' : 'references';
}

/** How a reference was tied to its definition, in words, from the edge confidence. */
/** Confidences are stored as float32 (0.9 reads back as 0.8999999762): give back the constant. */
function readConfidence(stored: number): number {
  return Math.round(stored * 1e4) / 1e4;
}

function resolutionNote(confidence: number): string {
  if (confidence >= SAME_FILE_CONFIDENCE) return 'same file';
  if (confidence >= IMPORTED_NAME_CONFIDENCE) return 'imported by name';
  if (confidence >= IMPORTED_FILE_CONFIDENCE) return 'through an import';
  if (confidence >= PACKAGE_PEER_CONFIDENCE) return 'same package';
  if (confidence >= GLOBAL_UNIQUE_CONFIDENCE) return 'only definition of that name';
  return 'one of few definitions of that name';
}
