/**
 * Builds a Corpus from hand-written FileAnalysis data with the indexer's own chunking
 * (corpusFromAnalyses). For the graph tests: analyses are plain data, no parser needed.
 */
import type { Definition, DefinitionKind, FileAnalysis, ImportRef, Reference } from '../../src/engine/contract';
import type { Corpus } from '../../src/engine/modality';
import { corpusFromAnalyses } from '../../src/engine/structural/corpus';
import { languageForPath } from '../../src/engine/structural/grammars';

export interface FixtureFile {
  path: string;
  /** File text; generated blank lines when omitted (enough to cover every line used). */
  text?: string;
  definitions?: Definition[];
  references?: Reference[];
  imports?: ImportRef[];
}

export function def(
  name: string,
  kind: DefinitionKind,
  startLine: number,
  endLine: number,
  container?: string,
): Definition {
  return {
    name,
    kind,
    signature: `${kind} ${name}`,
    startLine,
    endLine,
    nameLine: startLine,
    ...(container ? { container } : {}),
  };
}

export function call(name: string, line: number, enclosing?: string, kind: Reference['kind'] = 'call'): Reference {
  return { name, line, kind, ...(enclosing ? { enclosing } : {}) };
}

export function imp(
  specifier: string,
  line: number,
  names: string[] = [],
  kind: ImportRef['kind'] = 'import',
): ImportRef {
  return { specifier, line, names, kind };
}

export function makeCorpus(input: FixtureFile[]): Corpus {
  return corpusFromAnalyses(
    input.map((spec) => {
      const definitions = spec.definitions ?? [];
      const references = spec.references ?? [];
      const imports = spec.imports ?? [];
      const maxLine = Math.max(
        1,
        ...definitions.map((d) => d.endLine),
        ...references.map((r) => r.line),
        ...imports.map((i) => i.line),
      );
      const text = spec.text ?? '\n'.repeat(maxLine);
      const lineCount = Math.max(maxLine, text.split('\n').length);
      const language = languageForPath(spec.path);
      const analysis: FileAnalysis = {
        path: spec.path,
        language,
        parsed: language !== null,
        lineCount,
        definitions,
        references,
        imports,
      };
      return { path: spec.path, text, analysis };
    }),
  );
}

/** The chunk of a named definition in a fixture corpus. */
export function chunkOf(corpus: Corpus, path: string, symbol: string): number {
  const file = corpus.fileByPath.get(path);
  const id = file?.chunkIds.find((c) => corpus.chunks[c].symbol === symbol);
  if (id === undefined) throw new Error(`no chunk ${symbol} in ${path}`);
  return id;
}
