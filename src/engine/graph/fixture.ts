/**
 * Builds a Corpus from hand-written FileAnalysis data, the way the indexer would shape it:
 * one definition chunk per function/method/class-like definition, line windows for the rest,
 * and `chunkAt` returning the innermost chunk. For the graph tests (analyses are plain data).
 */
import type { Chunk, Definition, DefinitionKind, FileAnalysis, ImportRef, Language, Reference } from '../contract';
import type { Corpus, CorpusFile } from '../modality';

export interface FixtureFile {
  path: string;
  /** File text; generated blank lines when omitted (enough to cover every line used). */
  text?: string;
  definitions?: Definition[];
  references?: Reference[];
  imports?: ImportRef[];
}

/** Definitions that get a chunk of their own. */
const CHUNKED_KINDS: ReadonlySet<DefinitionKind> = new Set(['function', 'method', 'class', 'interface', 'struct', 'enum', 'trait', 'type', 'module', 'namespace', 'macro']);
const WINDOW_LINES = 30;

export function def(name: string, kind: DefinitionKind, startLine: number, endLine: number, container?: string): Definition {
  return { name, kind, signature: `${kind} ${name}`, startLine, endLine, nameLine: startLine, ...(container ? { container } : {}) };
}

export function call(name: string, line: number, enclosing?: string, kind: Reference['kind'] = 'call'): Reference {
  return { name, line, kind, ...(enclosing ? { enclosing } : {}) };
}

export function imp(specifier: string, line: number, names: string[] = [], kind: ImportRef['kind'] = 'import'): ImportRef {
  return { specifier, line, names, kind };
}

export function languageOfPath(path: string): Language | null {
  if (/\.tsx$/.test(path)) return 'tsx';
  if (/\.(ts|mts|cts)$/.test(path)) return 'typescript';
  if (/\.(js|jsx|mjs|cjs)$/.test(path)) return 'javascript';
  if (/\.py$/.test(path)) return 'python';
  if (/\.go$/.test(path)) return 'go';
  if (/\.rs$/.test(path)) return 'rust';
  if (/\.java$/.test(path)) return 'java';
  return null;
}

export function makeCorpus(input: FixtureFile[]): Corpus {
  const files: CorpusFile[] = [];
  const chunks: Chunk[] = [];
  input.forEach((spec, id) => {
    const definitions = spec.definitions ?? [];
    const references = spec.references ?? [];
    const imports = spec.imports ?? [];
    const maxLine = Math.max(1, ...definitions.map((d) => d.endLine), ...references.map((r) => r.line), ...imports.map((i) => i.line));
    const text = spec.text ?? '\n'.repeat(maxLine);
    const lineCount = Math.max(maxLine, text.split('\n').length);
    const language = languageOfPath(spec.path);
    const analysis: FileAnalysis = { path: spec.path, language, parsed: language !== null, lineCount, definitions, references, imports };
    const fileChunks: Chunk[] = [];
    const covered = new Uint8Array(lineCount + 2);
    for (const d of definitions) {
      if (!CHUNKED_KINDS.has(d.kind)) continue;
      fileChunks.push({ id: -1, fileId: id, path: spec.path, startLine: d.startLine, endLine: d.endLine, kind: 'definition', symbol: d.name, definitionKind: d.kind, ...(d.container ? { container: d.container } : {}) });
      for (let l = d.startLine; l <= d.endLine; l++) covered[l] = 1;
    }
    let start = 0;
    for (let line = 1; line <= lineCount + 1; line++) {
      const open = line <= lineCount && !covered[line];
      if (open && start === 0) start = line;
      if (start > 0 && (!open || line - start >= WINDOW_LINES)) {
        fileChunks.push({ id: -1, fileId: id, path: spec.path, startLine: start, endLine: line - 1, kind: 'window' });
        start = open ? line : 0;
      }
    }
    fileChunks.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
    const chunkIds: number[] = [];
    for (const chunk of fileChunks) {
      chunk.id = chunks.length;
      chunks.push(chunk);
      chunkIds.push(chunk.id);
    }
    files.push({ id, path: spec.path, hash: String(id), size: text.length, language, text, analysis, chunkIds });
  });
  const fileByPath = new Map(files.map((f) => [f.path, f]));
  return {
    files,
    chunks,
    fileByPath,
    chunkAt(fileId: number, line: number): number {
      let best = -1;
      let bestSize = Infinity;
      for (const c of files[fileId].chunkIds) {
        const chunk = chunks[c];
        const size = chunk.endLine - chunk.startLine;
        if (chunk.startLine <= line && line <= chunk.endLine && size < bestSize) {
          best = c;
          bestSize = size;
        }
      }
      return best >= 0 ? best : files[fileId].chunkIds[0] ?? -1;
    },
  };
}

/** The chunk of a named definition in a fixture corpus. */
export function chunkOf(corpus: Corpus, path: string, symbol: string): number {
  const file = corpus.fileByPath.get(path);
  const id = file?.chunkIds.find((c) => corpus.chunks[c].symbol === symbol);
  if (id === undefined) throw new Error(`no chunk ${symbol} in ${path}`);
  return id;
}
