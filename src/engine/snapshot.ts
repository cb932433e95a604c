/**
 * The stored form of an engine: files, their UTF-8 texts, their analyses and chunks in
 * columns, each modality's index (registry.ts) and the build's statistics. Plain
 * structured-clone data, so IndexedDB and v8.serialize store it as it is.
 */
import type { FileAnalysis, IndexStats, Modality } from './contract';
import type { Corpus } from './modality';
import type { ModalitySnapshots } from './registry';
import { AnalysisReader, encodeAnalyses, type AnalysisTable } from './store/analysis-table';
import { encodeChunkTable, type ChunkTable } from './structural/corpus';

/**
 * Bump when the snapshot's shape changes: older snapshots are rebuilt, never misread.
 * 2: analyses (AnalysisTable) and chunks (ChunkTable) in columns beside the files; BM25 as
 *    typed arrays, not MiniSearch JSON.
 * 3: references say whether they are qualified (`res.send` against a bare `send`).
 * 4: every stored section carries a checksum, checked when it is read (the CLI's snapshot
 *    file, IndexedDB's records, the demo container): damage is rebuilt, never served.
 * 5: analyses hold the definitions inside Rust macro bodies, Ruby `class_eval` heredocs and
 *    C++ export-macro classes, and C++ operators: an older analysis lacks them.
 * 6: read on demand: the CLI's file (FOURFSN2) has a table of offsets, sections deflated and
 *    checked when first read, file texts in deflated blocks; a load decodes no text or
 *    analysis until a query reads it.
 * 7: a qualified reference records its receiver (analysis table v3), so a member call is
 *    linked only when the receiver resolves to the definition.
 * 8: the graph keeps by-name references apart (graph snapshot v3: linked, by name, outside).
 * 9: calls on a stated return type, default-export aliases and declaration groups change the
 *    graph's edges and centralities; an older graph would answer with the old links.
 * 10: a Python `@overload` stub's signature ends with ';' (a declaration), and its group with the
 *    implementation shares one centrality; an older analysis and graph lack both.
 * 11: a Rust `pub use` is a re-export, doc links inside macro bodies are no imports, Ruby's
 *    `autoload` is an import, PHP's static calls, `instanceof` and `implements` name classes
 *    and its `.` is no member access (analysis); Rust names from the standard library or the
 *    prelude link nowhere, and a Python package folder is no import root (graph).
 * 12: Ruby and Python receivers named for a class, Ruby aliases, ancestry and reopened classes,
 *    Python self-imports at the package folder change the graph's edges; the graph keeps the
 *    paths of JS/TS imports left external (graph snapshot v4).
 * 13: a C/C++ call through a header's prototype also links the body another source file
 *    defines (an umbrella header's callers reach btree.c, not only apfs.h); the calls in a
 *    function-like `#define`'s body are references of the macro, and a parse error nested in a
 *    declaration is resynced like a top-level one (analysis); Go interface method specs are
 *    definitions (analysis); Go imports of a folder opened without its go.mod resolve, closure
 *    parameters type their calls, and a Go package import is no dependency of a file whose
 *    names it does not use (graph).
 * 14: the semantic index stores the ids of its contentless windows (contentlessChunks), so a
 *    loaded index's first semantic question reads no file text.
 * 15: a definition keeps its doc comment's first line (Definition.docLine, analysis table v4):
 *    the doc comment's window is found from it, not by reading comment lines again.
 * 16: a Go dot import is marked on its ImportRef (ImportRef.dot, analysis table v5): the graph
 *    reads it there, not from the file's text.
 * 17: a Rust item a file's `macro_rules!` makes from the name an invocation gives it is a
 *    definition at that invocation (structural/macro-instances.ts; analysis).
 * 18: a Python `from pkg import submodule` no longer targets pkg/__init__.py unless a name
 *    imported is one the package binds, and a Go module opened without go.mod and with no Go
 *    file at its root resolves its own imports (graph): an older graph lacks or misplaces those links.
 * 19: a Go import's alias is kept on its ImportRef (ImportRef.alias, analysis table v6): the
 *    graph binds it, or the package's own name, without reading the import line's text.
 * 20: a Go module opened without go.mod resolves a folder whose first file is a generator
 *    (`package main`) and an import path ending `go-foo`, `foo-go` or `foo.v3` (graph): an older
 *    graph lacks those links.
 * 21: a Go name read as a value, not called (a package var or const, a function passed on,
 *    `pkg.Name`), is a reference of kind 'reference' unless the function binds that name
 *    (analysis): an older analysis lacks those uses.
 * 22: definitions made by macros say which macro (Definition.macro, analysis table v7); Rust
 *    macros of one file invoked in another, repetitions and `impl` bodies, and C `#define`s that
 *    paste a name, make definitions (structural/macro-rules.ts, corpus-macros.ts, c-macros.ts).
 * 23: a Go file's imports bind the package names goImportName gives (`hcl/v2` binds hcl, not v2),
 *    so those names used as operands are no value references (analysis): an older analysis keeps
 *    them.
 * 24: a Rust file sees the names every statement of its imports asks for (`use a::{self, B}`),
 *    an ancestor module's private `use`s through its glob, and a path written in place only its own
 *    segments; a local value named like a module is its stated type (graph): an older graph links
 *    namesakes those hid (h2's share.rs StreamId). PHP: a `$x` receiver is the value local-types
 *    states as x, and a method's `@return Type` doc comment types what its call returns (graph).
 * 25: a C or C++ function with an attribute macro before its name (`struct timespec
 *    _GL_ATTRIBUTE_PURE get_stat_mtime (…)`) is defined by its name, not the macro's (analysis):
 *    an older analysis names it after the macro.
 * 26: a full stop ending a comment on the line above a name no longer makes it a member
 *    (`// … until 2.25.` then `weak_or_syscall! {`); a Rust macro's tokens name `super::` paths as
 *    imports (analysis). A Rust `name!` reaches only macros, the nearest of several; Ruby
 *    `Gem::UriFormatter` reaches `class Gem::UriFormatter` (graph).
 * 27: a C or C++ declaration's doc comment is found above an export macro on its own line
 *    (`CAPSTONE_EXPORT` between capstone.h's doc of `cs_disasm` and its prototype) (analysis): an
 *    older analysis has no doc for it.
 * 28: a Go source tree opened without its go.mod whose root is no library package (syncthing's
 *    `//go:build ignore` build.go) resolves its own import paths to their folders (graph): an
 *    older graph has no edges from them.
 * 29: a member call on a value's lower-case field (`s.tracer.SentPacket()`) is not read as a call
 *    on a type of that name outside the caller's folder (quic-go's qlog `tracer`) (graph): an older
 *    graph holds those edges.
 * 30: a function or method longer than 20 lines has a vector for each further 20 lines of its body
 *    after its chunks' (semantic body windows, embedder.ts bodyWindowCount): an older index has
 *    none, and a question would read only the heads of long functions.
 * 31: a C `#define` that writes a function's head from its argument defines that function where
 *    an invocation is followed by a body (OpenAFS's `DECL_PIOCTL(PGetFileCell) { … }`), and Lua's
 *    `self:m(…)` records its receiver (analysis): an older analysis lacks those definitions and
 *    links every `:m(…)` by name.
 * 32: JavaScript methods of an object given to a constructor's prototype (`inherits(X, Base, {…})`,
 *    `Object.assign(X.prototype, {…})`) are X's, an anonymous `export default function` (or
 *    CommonJS `module.exports = (…) => …`) is defined under its file's name, and AMD
 *    `define([...], factory)` / `require([...], cb)` list imports (analysis): an older analysis has
 *    those methods without a class, the default exports as `exports` or not at all, and no
 *    dependants of an AMD module. C++'s cast operators (`static_cast<T>(x)`) are no calls: an older
 *    analysis holds them as calls, and a constructor that casts what its file's function returns
 *    is no wrapper.
 * 33: Lua's file-level `local x = a.b` is a `use` of the global table path a.b (analysis), and a
 *    call through a global path links to the file defining the function at it (graph): an older
 *    analysis has none, and a file that fills such a table has no dependants.
 * 34: a `.h` whose namespace block opens on the next line is C++, an extensionless file that
 *    defines a shell function and closes a shell block is Bash, and Lua's `dofile` / `loadfile`
 *    of a `.lua` path is an import, and `module.exports = function name(…)` defines `name` only
 *    (analysis): an older analysis reads those headers as C, those libraries as no code, has no
 *    dependants of a file a Lua file runs, and names such a CommonJS function's chunk `exports`.
 * 35: a Ruby call of a method named with `?` or `!` (`cache_path_expired?`, `save!`) is a reference
 *    (analysis): an older analysis dropped those calls, so such methods had no callers.
 * 36: JavaScript/TypeScript private methods (`#clean() {}`, `#handler = () => …`) are their class's
 *    methods and `this.#clean()` a call (analysis): an older analysis has neither, so a class
 *    written with them shows only its public members.
 * 37: a Lua table's function field (`{ open = function … end, close = function … end }`) is
 *    defined on its own lines (analysis): an older analysis gives every field the whole table's
 *    range, so one chunk, named by the first field, holds all of them.
 * 38: Lua's `require` / `dofile` / `loadfile` called through a table (`wesnoth.require
 *    "ai/lua/x.lua"`) is an import, a required `.lua` name a path (analysis), and a shell script's
 *    `. /usr/share/x/lib` links to the one file ending with that path's longest tail (graph): an
 *    older snapshot has no dependants of those files.
 * 39: a `.inl` file (the inline and template bodies a C++ header includes at its end) is C++
 *    (analysis) and an `#include "x.inl"` links to it (graph), and a shell call of a function
 *    that sources its argument with a plain word naming a shell file (`_xfunc list_lists …`)
 *    imports that file (graph): an older snapshot has no definitions, calls or includers of
 *    those `.inl` files, and no dependants of a file loaded by name.
 * 40: an extensionless file that opens as a C++ header does (Eigen's `Eigen/Core`, `<vector>`)
 *    is C++ (analysis) whose `#include "Core"` links to it (graph), and a one-line definition
 *    inside a function of more than LONE_LINER_HOST_LINES lines is a chunk of its own (chunks):
 *    an older snapshot reads such headers as plain text and leaves those one-liners to the
 *    function's chunk.
 * 41: a C/C++ function-like macro invoked alone on a line between declarations (VIGRA's
 *    `doxygen_overloaded_function(…)`) is blanked before the parse, so what follows it is read
 *    as itself (analysis, chunks), and a shell script of a bin/ or sbin/ folder run by its name
 *    is a dependency of the script that runs it (graph): an older snapshot holds functions named
 *    after such macros and no dependants of those scripts.
 * 42: a file's path with a folder given as a string to a call that is no import (Lua's `include
 *    "scripting/set.lua"`, JavaScript's `AJAX.Require("[MathJax]/extensions/toMathML.js")`) is a
 *    `path` import (analysis) linking to the one file it names (graph): an older snapshot has no
 *    dependants of files loaded that way.
 * 43: a Rust call of a function held in a field, written through parentheses (`(self.xlib.XFlush)(…)`),
 *    is a call reference (analysis): an older snapshot has no such calls.
 * 44: a C++ method defined outside its class under three names of scope or more
 *    (`viennacl::ocl::program::get_kernel`) is a definition (analysis): an older snapshot reads it
 *    as part of the namespace around it.
 * 47: a copy of a file whose anonymous default export (or `module.exports = function`) its file
 *    names, under another file name, is analysed under its own name (a build with parse workers
 *    had given it the first copy's), and a text that is C in a `.c` file and C++ in a header is
 *    analysed as each: an older snapshot may hold the first copy's names. And (analysis) a C or
 *    C++ type a macro's body declares under its parameter's name (`OPENVDB_EXCEPTION(ValueError);`)
 *    and a JavaScript property set to a new object at a script's or module wrapper's top
 *    (`mw.storage.session = new SafeStorage(…)`) are definitions: an older snapshot has neither.
 * 49: a PHP closure registered under a name (`$this->addHelperFunction('qlink', function …)`), a Go
 *    func literal written as a keyed field's value (`Run: func(…) { … }`) and a Ruby method a file's
 *    DSL makes through `define_method "macro_#{name}"` (`macro :include do … end`) are definitions
 *    (analysis): an older snapshot has none of them, and holds a keyed field's calls in the function
 *    around it.
 * 50: an AngularJS service injected by the name another file registers it under
 *    (`ctrl.$inject = ['app.api.swift']` and `.factory('app.api.swift', …)`) is an import of that
 *    file (graph): an older snapshot's graph has no such edge;
 *    and a name a Python class body binds to a function (`statusnoi18n = status`) is a method of the
 *    class, and a JavaScript function put on a namespace object reached through plain names
 *    (`horizon.modals.init = function`) has that object's last name as its container (analysis):
 *    an older snapshot has neither.
 * 51: a C old-style definition's signature (`f(a, b) int a; char *b`) no longer ends with its last
 *    parameter declaration's `;`, so it is no longer read as a declaration without a body
 *    (analysis): an older snapshot's holds that `;`.
 * 52: a C++ template head written with a concepts-emulation macro (`template(typename I)(requires
 *    …)`, `CPP_template(…)(…)`) is read as `template<…>`, and a function declared as `RET
 *    MACRO(name)(params) { … }` is `name` (analysis): an older snapshot has neither definition.
 */
export const SNAPSHOT_VERSION = 53;

/** What a snapshot stores per file besides its text and analysis. */
export interface SnapshotFile {
  path: string;
  hash: string;
  size: number;
}

/** A file with its text and analysis: what the corpus is built from. */
export interface CorpusRecord extends SnapshotFile {
  text: string;
  analysis: FileAnalysis;
}

/** Every file's text as UTF-8, one after the other: file i is utf8[ends[i-1] ?? 0 .. ends[i]]. Half the bytes of UTF-16 strings for code. */
export interface StoredTexts {
  utf8: Uint8Array;
  ends: Uint32Array;
}

/**
 * Everything a stored index holds. Plain structured-clone data, mostly typed arrays and
 * strings: files (in corpus order), their texts, their analyses in columns (analyses[i] is files[i]'s),
 * the chunk table, each modality's serialized index, and the build's statistics.
 */
export interface EngineSnapshot {
  version: number;
  files: SnapshotFile[];
  texts: StoredTexts;
  analyses: AnalysisTable;
  chunks: ChunkTable;
  modalities: ModalitySnapshots;
  stats: IndexStats;
  /** Present when the host reads the snapshot on demand; the fields above are then read when first used. */
  onDemand?: OnDemandSnapshot;
}

/** The columns a loaded engine already holds: stored again as they are, without re-encoding. */
export interface StoredColumns {
  texts: StoredTexts;
  analyses: AnalysisTable;
  chunks: ChunkTable;
}

/**
 * What a host that reads its snapshot on demand (the CLI's file, by positional reads) offers
 * besides the snapshot's fields, so a query reads only what it touches: a file's text without
 * the whole `texts`, and whether a modality's index is stored without reading it.
 */
export interface OnDemandSnapshot {
  fileText(index: number): string;
  hasModality(modality: Modality): boolean;
  /**
   * Every chunk's centrality as the graph gives it (`chunkCentralities`), or null without a
   * graph: the fused boost reads this column instead of loading the graph.
   */
  chunkCentrality?(): Float32Array | null;
  /** File i's analysis, read without the whole `analyses` table (the CLI's file keeps it in blocks of files). */
  analysisAt?(index: number): FileAnalysis;
}

/**
 * A stored part that cannot be used: it does not match its checksum, does not decode, or does
 * not fit the rest. Thrown when the part is first read, which may be during a query: the host
 * then rebuilds the index instead of answering from it (never a wrong answer).
 */
export class SnapshotDamagedError extends Error {
  readonly code = 'damaged' as const;
  constructor(
    readonly part: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`the stored index is damaged: its ${part} ${reason}`, options);
  }
}

/**
 * The snapshot's files with their texts and analyses read when first asked for (and kept):
 * a query that reads three files decodes three texts, not every file's.
 */
export function snapshotRecords(snapshot: EngineSnapshot): CorpusRecord[] {
  let reader: AnalysisReader | null = null;
  const onDemandAnalysis = snapshot.onDemand?.analysisAt;
  const analysisAt = onDemandAnalysis
    ? (i: number) => onDemandAnalysis.call(snapshot.onDemand, i)
    : (i: number) => {
        reader ??= checkedAnalyses(snapshot);
        return reader.analysisAt(i);
      };
  const textAt = snapshot.onDemand ? (i: number) => snapshot.onDemand!.fileText(i) : storedTextReader(snapshot);
  // In memory, the columns are checked now (cheaply: their lengths), so a load refuses them.
  if (!snapshot.onDemand) {
    reader = checkedAnalyses(snapshot);
    checkedTextCount(snapshot);
  }
  return snapshot.files.map((f, i) => new StoredRecord(f, i, textAt, analysisAt));
}

function checkedAnalyses(snapshot: EngineSnapshot): AnalysisReader {
  const reader = new AnalysisReader(snapshot.analyses);
  if (reader.fileCount !== snapshot.files.length)
    throw new SnapshotDamagedError('analyses', `list ${reader.fileCount} files, the snapshot ${snapshot.files.length}`);
  return reader;
}

function checkedTextCount(snapshot: EngineSnapshot): void {
  const { ends } = snapshot.texts;
  if (ends.length !== snapshot.files.length)
    throw new SnapshotDamagedError('texts', `hold ${ends.length} files, the snapshot ${snapshot.files.length}`);
}

function storedTextReader(snapshot: EngineSnapshot): (i: number) => string {
  const decoder = new TextDecoder();
  return (i) => {
    checkedTextCount(snapshot);
    const { utf8, ends } = snapshot.texts;
    return decoder.decode(utf8.subarray(i === 0 ? 0 : ends[i - 1], ends[i]));
  };
}

/** A stored file whose text and analysis are decoded on first read. */
class StoredRecord implements CorpusRecord {
  readonly path: string;
  readonly hash: string;
  readonly size: number;
  private textValue: string | undefined;
  private analysisValue: FileAnalysis | undefined;
  constructor(
    file: SnapshotFile,
    private readonly index: number,
    private readonly textAt: (i: number) => string,
    private readonly analysisAt: (i: number) => FileAnalysis,
  ) {
    this.path = file.path;
    this.hash = file.hash;
    this.size = file.size;
  }
  get text(): string {
    return (this.textValue ??= this.textAt(this.index));
  }
  get analysis(): FileAnalysis {
    return (this.analysisValue ??= this.analysisAt(this.index));
  }
}

/**
 * The columns of a built corpus as a snapshot stores them (texts, analyses, chunks): a build
 * computes them while its embedding runs elsewhere, so storing it does not (encodeSnapshot).
 */
export function encodeColumns(corpus: Corpus): StoredColumns {
  return {
    texts: encodeTexts(corpus.files.map((f) => f.text)),
    analyses: encodeAnalyses(corpus.files.map((f) => f.analysis)),
    chunks: encodeChunkTable(corpus),
  };
}

/** The snapshot of a corpus and its serialized indexes; `stored` columns (a loaded engine's, or a build's computed early) are kept as they are. */
export function encodeSnapshot(
  corpus: Corpus,
  modalities: ModalitySnapshots,
  stats: IndexStats,
  stored: StoredColumns | null,
): EngineSnapshot {
  const { texts, analyses, chunks } = stored ?? encodeColumns(corpus);
  return {
    version: SNAPSHOT_VERSION,
    files: corpus.files.map(({ path, hash, size }) => ({ path, hash, size })),
    texts,
    analyses,
    chunks,
    modalities,
    stats,
  };
}

function encodeTexts(texts: readonly string[]): StoredTexts {
  let total = 0;
  for (const t of texts) total += utf8Length(t);
  const utf8 = new Uint8Array(total);
  const ends = new Uint32Array(texts.length);
  const encoder = new TextEncoder();
  let at = 0;
  texts.forEach((t, i) => {
    at += encoder.encodeInto(t, utf8.subarray(at)).written;
    ends[i] = at;
  });
  return { utf8, ends };
}

/** Bytes of a string in UTF-8, without encoding it. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Bytes a structured-clone value roughly occupies: typed arrays exactly, strings as UTF-16. */
export function approximateSize(value: unknown, seen = new Set<unknown>()): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return value.length * 2;
  if (typeof value === 'number') return 8;
  if (typeof value === 'boolean') return 4;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (typeof value !== 'object' || seen.has(value)) return 0;
  seen.add(value);
  let n = 0;
  if (Array.isArray(value)) for (const v of value) n += approximateSize(v, seen);
  else if (value instanceof Map) for (const [k, v] of value) n += approximateSize(k, seen) + approximateSize(v, seen);
  else for (const [k, v] of Object.entries(value)) n += k.length * 2 + approximateSize(v, seen);
  return n;
}
