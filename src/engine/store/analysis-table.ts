/**
 * Every file's FileAnalysis in columns: typed arrays and one string table instead of hundreds
 * of thousands of small objects, so a stored index is compact and structured-clones (or
 * v8-deserializes) in milliseconds. Definitions are what a loaded index needs at once
 * (chunks, the structural index, the code view); references and imports only serve a
 * rebuild, so `analysisAt` decodes them lazily, the first time they are read.
 */
import {
  DEFINITION_KINDS,
  type Definition,
  type FileAnalysis,
  type ImportRef,
  type Language,
  type Reference,
} from '../contract';
import { GrowableU32 } from './growable';

/**
 * 2: refKind's high bit says the reference is qualified. 3: a qualified reference's receiver
 * (refReceiver). 4: a doc comment's first line (defDocLine). 5: importKind's high bit says a Go
 * import is a dot import (ImportRef.dot). 6: a Go import's alias as written (importAlias). 7: the
 * macro whose invocation made a definition (defMacro).
 */
export const ANALYSIS_TABLE_VERSION = 7;

// Append only: a stored index holds these positions (a test checks every parsed language has one).
const LANGUAGES: readonly (Language | null)[] = [
  null,
  'javascript',
  'typescript',
  'tsx',
  'python',
  'go',
  'rust',
  'java',
  'c',
  'cpp',
  'csharp',
  'ruby',
  'php',
  'kotlin',
  'swift',
  'scala',
  'bash',
  'lua',
];
const REFERENCE_KINDS: readonly Reference['kind'][] = ['call', 'type', 'new', 'reference'];
const IMPORT_KINDS: readonly ImportRef['kind'][] = ['import', 'require', 'dynamic', 'reexport', 'use', 'path'];
/** Set in refKind when the reference is qualified (`a.b`, `a::b`). */
const QUALIFIED_BIT = 0x80;
/** Set in importKind when the import is a Go dot import (`import . "pkg"`). */
const DOT_IMPORT_BIT = 0x80;
/** String id meaning "absent". */
const NONE = 0xffffffff;

export interface AnalysisTable {
  version: number;
  fileCount: number;
  /** Distinct strings, concatenated; string i is strings.slice(stringEnds[i-1] ?? 0, stringEnds[i]). */
  strings: string;
  stringEnds: Uint32Array;
  /** Per file. */
  path: Uint32Array;
  language: Uint8Array;
  parsed: Uint8Array;
  parseError: Uint32Array;
  lineCount: Uint32Array;
  /** Definitions of file f: rows defStart[f]..defStart[f+1]. */
  defStart: Uint32Array;
  defName: Uint32Array;
  defKind: Uint8Array;
  defSignature: Uint32Array;
  defContainer: Uint32Array;
  defLines: Uint32Array; // startLine, endLine, nameLine per row
  defDoc: Uint32Array;
  /** Definition.docLine, 0 when absent. */
  defDocLine: Uint32Array;
  /** Definition.macro, NONE when absent. */
  defMacro: Uint32Array;
  refStart: Uint32Array;
  refName: Uint32Array;
  refLine: Uint32Array;
  refKind: Uint8Array;
  refEnclosing: Uint32Array;
  /** The receiver path of a qualified reference (Reference.receiver), NONE when absent. */
  refReceiver: Uint32Array;
  importStart: Uint32Array;
  importSpecifier: Uint32Array;
  importLine: Uint32Array;
  importKind: Uint8Array;
  /** ImportRef.alias, NONE when absent. */
  importAlias: Uint32Array;
  /** Names of import row i: importNames[importNameStart[i]..importNameStart[i+1]]. */
  importNameStart: Uint32Array;
  importNames: Uint32Array;
}

export function encodeAnalyses(analyses: readonly FileAnalysis[]): AnalysisTable {
  const ids = new Map<string, number>();
  const parts: string[] = [];
  const ends = new GrowableU32();
  let end = 0;
  const id = (s: string | undefined): number => {
    if (s === undefined) return NONE;
    let i = ids.get(s);
    if (i === undefined) {
      i = parts.length;
      ids.set(s, i);
      parts.push(s);
      end += s.length;
      ends.push(end);
    }
    return i;
  };
  const n = analyses.length;
  const path = new Uint32Array(n);
  const language = new Uint8Array(n);
  const parsed = new Uint8Array(n);
  const parseError = new Uint32Array(n);
  const lineCount = new Uint32Array(n);
  const defStart = new Uint32Array(n + 1);
  const refStart = new Uint32Array(n + 1);
  const importStart = new Uint32Array(n + 1);
  const [defName, defKind, defSignature, defContainer, defLines, defDoc, defDocLine, defMacro] = Array.from(
    { length: 8 },
    () => new GrowableU32(),
  );
  const [refName, refLine, refKind, refEnclosing, refReceiver] = [
    new GrowableU32(),
    new GrowableU32(),
    new GrowableU32(),
    new GrowableU32(),
    new GrowableU32(),
  ];
  const [importSpecifier, importLine, importKind, importAlias, importNameStart, importNames] = Array.from(
    { length: 6 },
    () => new GrowableU32(),
  );
  for (let f = 0; f < n; f++) {
    const a = analyses[f];
    path[f] = id(a.path);
    language[f] = Math.max(0, LANGUAGES.indexOf(a.language));
    parsed[f] = a.parsed ? 1 : 0;
    parseError[f] = id(a.parseError);
    lineCount[f] = a.lineCount;
    defStart[f] = defName.length;
    for (const d of a.definitions) {
      defName.push(id(d.name));
      defKind.push(DEFINITION_KINDS.indexOf(d.kind));
      defSignature.push(id(d.signature));
      defContainer.push(id(d.container));
      defLines.push(d.startLine);
      defLines.push(d.endLine);
      defLines.push(d.nameLine);
      defDoc.push(id(d.doc));
      defDocLine.push(d.docLine ?? 0);
      defMacro.push(id(d.macro));
    }
    refStart[f] = refName.length;
    for (const r of a.references) {
      refName.push(id(r.name));
      refLine.push(r.line);
      refKind.push(REFERENCE_KINDS.indexOf(r.kind) | (r.qualified ? QUALIFIED_BIT : 0));
      refEnclosing.push(id(r.enclosing));
      refReceiver.push(id(r.receiver));
    }
    importStart[f] = importSpecifier.length;
    for (const i of a.imports) {
      importSpecifier.push(id(i.specifier));
      importLine.push(i.line);
      importKind.push(IMPORT_KINDS.indexOf(i.kind) | (i.dot ? DOT_IMPORT_BIT : 0));
      importAlias.push(id(i.alias));
      importNameStart.push(importNames.length);
      for (const name of i.names) importNames.push(id(name));
    }
  }
  defStart[n] = defName.length;
  refStart[n] = refName.length;
  importStart[n] = importSpecifier.length;
  importNameStart.push(importNames.length);
  return {
    version: ANALYSIS_TABLE_VERSION,
    fileCount: n,
    strings: parts.join(''),
    stringEnds: ends.u32(),
    path,
    language,
    parsed,
    parseError,
    lineCount,
    defStart,
    defName: defName.u32(),
    defKind: defKind.u8(),
    defSignature: defSignature.u32(),
    defContainer: defContainer.u32(),
    defLines: defLines.u32(),
    defDoc: defDoc.u32(),
    defDocLine: defDocLine.u32(),
    defMacro: defMacro.u32(),
    refStart,
    refName: refName.u32(),
    refLine: refLine.u32(),
    refKind: refKind.u8(),
    refEnclosing: refEnclosing.u32(),
    refReceiver: refReceiver.u32(),
    importStart,
    importSpecifier: importSpecifier.u32(),
    importLine: importLine.u32(),
    importKind: importKind.u8(),
    importAlias: importAlias.u32(),
    importNameStart: importNameStart.u32(),
    importNames: importNames.u32(),
  };
}

/** Reads an AnalysisTable: per-file analyses with definitions decoded now, references and imports on first read. */
export class AnalysisReader {
  constructor(private readonly t: AnalysisTable) {
    if (t?.version !== ANALYSIS_TABLE_VERSION)
      throw new Error(`analysis table version ${t?.version}, expected ${ANALYSIS_TABLE_VERSION}`);
  }

  get fileCount(): number {
    return this.t.fileCount;
  }

  /** String `id`, sliced when read: a query reads a few files' analyses, not every string. */
  private str(id: number): string {
    const { strings, stringEnds } = this.t;
    return strings.slice(id === 0 ? 0 : stringEnds[id - 1], stringEnds[id]);
  }

  private optional(id: number): string | undefined {
    return id === NONE ? undefined : this.str(id);
  }

  /** File f's analysis. Its `references` and `imports` are getters that decode (once) when read. */
  analysisAt(f: number): FileAnalysis {
    const t = this.t;
    const definitions: Definition[] = [];
    for (let row = t.defStart[f]; row < t.defStart[f + 1]; row++) {
      const d: Definition = {
        name: this.str(t.defName[row]),
        kind: DEFINITION_KINDS[t.defKind[row]],
        signature: this.str(t.defSignature[row]),
        startLine: t.defLines[row * 3],
        endLine: t.defLines[row * 3 + 1],
        nameLine: t.defLines[row * 3 + 2],
      };
      const container = this.optional(t.defContainer[row]);
      if (container !== undefined) d.container = container;
      const doc = this.optional(t.defDoc[row]);
      if (doc !== undefined) d.doc = doc;
      if (t.defDocLine[row] > 0) d.docLine = t.defDocLine[row];
      const macro = this.optional(t.defMacro[row]);
      if (macro !== undefined) d.macro = macro;
      definitions.push(d);
    }
    const analysis = {
      path: this.str(t.path[f]),
      language: LANGUAGES[t.language[f]],
      parsed: t.parsed[f] === 1,
      lineCount: t.lineCount[f],
      definitions,
    } as FileAnalysis;
    const parseError = this.optional(t.parseError[f]);
    if (parseError !== undefined) analysis.parseError = parseError;
    lazy(analysis, 'references', () => this.referencesAt(f));
    lazy(analysis, 'imports', () => this.importsAt(f));
    return analysis;
  }

  private referencesAt(f: number): Reference[] {
    const t = this.t;
    const out: Reference[] = [];
    for (let row = t.refStart[f]; row < t.refStart[f + 1]; row++) {
      const kind = t.refKind[row];
      const r: Reference = {
        name: this.str(t.refName[row]),
        line: t.refLine[row],
        kind: REFERENCE_KINDS[kind & ~QUALIFIED_BIT],
      };
      if (kind & QUALIFIED_BIT) r.qualified = true;
      const receiver = this.optional(t.refReceiver[row]);
      if (receiver !== undefined) r.receiver = receiver;
      const enclosing = this.optional(t.refEnclosing[row]);
      if (enclosing !== undefined) r.enclosing = enclosing;
      out.push(r);
    }
    return out;
  }

  private importsAt(f: number): ImportRef[] {
    const t = this.t;
    const out: ImportRef[] = [];
    for (let row = t.importStart[f]; row < t.importStart[f + 1]; row++) {
      const names: string[] = [];
      for (let k = t.importNameStart[row]; k < t.importNameStart[row + 1]; k++) names.push(this.str(t.importNames[k]));
      const kind = t.importKind[row];
      const imp: ImportRef = {
        specifier: this.str(t.importSpecifier[row]),
        line: t.importLine[row],
        names,
        kind: IMPORT_KINDS[kind & ~DOT_IMPORT_BIT],
      };
      if (kind & DOT_IMPORT_BIT) imp.dot = true;
      const alias = this.optional(t.importAlias[row]);
      if (alias !== undefined) imp.alias = alias;
      out.push(imp);
    }
    return out;
  }

  /** Counts without decoding anything. */
  referenceCount(f: number): number {
    return this.t.refStart[f + 1] - this.t.refStart[f];
  }
}

/** An enumerable property computed on first read, then kept (structured clone reads it like any other). */
function lazy<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): void {
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = compute();
      Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
    set(value: T[K]) {
      Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
    },
  });
}

/** Columns holding string ids (NONE or an index into the table's strings). */
const STRING_COLUMNS = [
  'path',
  'parseError',
  'defName',
  'defSignature',
  'defContainer',
  'defDoc',
  'defMacro',
  'refName',
  'refEnclosing',
  'refReceiver',
  'importSpecifier',
  'importAlias',
  'importNames',
] as const;

type Column = Uint32Array | Uint8Array;
type RowColumns = Omit<AnalysisTable, 'version' | 'fileCount' | 'strings' | 'stringEnds'>;

/** For each column: which count its rows follow (files, definitions ×1 or ×3, references, imports, import names). */
function columnRanges(t: AnalysisTable, from: number, to: number): Record<keyof RowColumns, [number, number]> {
  const [d0, d1] = [t.defStart[from], t.defStart[to]];
  const [r0, r1] = [t.refStart[from], t.refStart[to]];
  const [i0, i1] = [t.importStart[from], t.importStart[to]];
  const [n0, n1] = [t.importNameStart[i0], t.importNameStart[i1]];
  const file: [number, number] = [from, to];
  const def: [number, number] = [d0, d1];
  const ref: [number, number] = [r0, r1];
  const imp: [number, number] = [i0, i1];
  return {
    path: file,
    language: file,
    parsed: file,
    parseError: file,
    lineCount: file,
    defStart: [from, to + 1],
    defName: def,
    defKind: def,
    defSignature: def,
    defContainer: def,
    defLines: [d0 * 3, d1 * 3],
    defDoc: def,
    defDocLine: def,
    defMacro: def,
    refStart: [from, to + 1],
    refName: ref,
    refLine: ref,
    refKind: ref,
    refEnclosing: ref,
    refReceiver: ref,
    importStart: [from, to + 1],
    importSpecifier: imp,
    importLine: imp,
    importKind: imp,
    importAlias: imp,
    importNameStart: [i0, i1 + 1],
    importNames: [n0, n1],
  };
}

/** Start columns: each holds row positions, rebased to the slice's first row. */
const START_COLUMNS = ['defStart', 'refStart', 'importStart', 'importNameStart'] as const;

/**
 * Files [from, to) of a table as a table of their own, with only the strings they use: the
 * CLI's snapshot file stores the analyses in blocks of files, so a question decodes the block
 * of the files it shows, not every file's.
 */
export function sliceAnalyses(t: AnalysisTable, from: number, to: number): AnalysisTable {
  if (!(0 <= from && from <= to && to <= t.fileCount)) throw new Error(`no files ${from}..${to} in ${t.fileCount}`);
  const ranges = columnRanges(t, from, to);
  const columns = {} as Record<keyof RowColumns, Column>;
  for (const name of Object.keys(ranges) as (keyof RowColumns)[])
    columns[name] = t[name].slice(ranges[name][0], ranges[name][1]);
  for (const name of START_COLUMNS) {
    const c = columns[name];
    const first = c[0];
    for (let i = 0; i < c.length; i++) c[i] -= first;
  }
  // The strings the slice uses, renumbered in order of first use.
  const ids = new Map<number, number>();
  const parts: string[] = [];
  const ends = new GrowableU32();
  let end = 0;
  for (const name of STRING_COLUMNS) {
    const c = columns[name];
    for (let i = 0; i < c.length; i++) {
      const old = c[i];
      if (old === NONE) continue;
      let id = ids.get(old);
      if (id === undefined) {
        id = parts.length;
        ids.set(old, id);
        const s = t.strings.slice(old === 0 ? 0 : t.stringEnds[old - 1], t.stringEnds[old]);
        parts.push(s);
        end += s.length;
        ends.push(end);
      }
      c[i] = id;
    }
  }
  return {
    version: t.version,
    fileCount: to - from,
    strings: parts.join(''),
    stringEnds: ends.u32(),
    ...(columns as unknown as RowColumns),
  };
}

/** Tables of consecutive files as one (sliceAnalyses' inverse: the same analysis for every file). */
export function concatAnalyses(tables: readonly AnalysisTable[]): AnalysisTable {
  const columns = {} as Record<keyof RowColumns, Column>;
  const names = Object.keys(columnRanges(emptyTable(), 0, 0)) as (keyof RowColumns)[];
  for (const name of names) {
    const starts = (START_COLUMNS as readonly string[]).includes(name);
    // A start column's last entry is the next table's first: kept once, at the end.
    const length = tables.reduce((sum, t) => sum + t[name].length - (starts ? 1 : 0), starts ? 1 : 0);
    const out: Column = tables[0]?.[name] instanceof Uint8Array ? new Uint8Array(length) : new Uint32Array(length);
    let at = 0;
    let rowBase = 0;
    let stringBase = 0;
    const strings = (STRING_COLUMNS as readonly string[]).includes(name);
    for (const t of tables) {
      const c = t[name];
      const n = starts ? c.length - 1 : c.length;
      // Row positions move by the rows before this table, string ids by the strings before it.
      let shift = strings ? stringBase : 0;
      if (starts) shift = rowBase;
      for (let i = 0; i < n; i++) out[at++] = c[i] === NONE && strings ? NONE : c[i] + shift;
      if (starts) rowBase += c[c.length - 1];
      stringBase += t.stringEnds.length;
    }
    if (starts) out[at] = rowBase;
    columns[name] = out;
  }
  const stringEnds = new Uint32Array(tables.reduce((sum, t) => sum + t.stringEnds.length, 0));
  let at = 0;
  let offset = 0;
  for (const t of tables) {
    for (const e of t.stringEnds) stringEnds[at++] = e + offset;
    offset += t.strings.length;
  }
  return {
    version: ANALYSIS_TABLE_VERSION,
    fileCount: tables.reduce((sum, t) => sum + t.fileCount, 0),
    strings: tables.map((t) => t.strings).join(''),
    stringEnds,
    ...(columns as unknown as RowColumns),
  };
}

function emptyTable(): AnalysisTable {
  return encodeAnalyses([]);
}
