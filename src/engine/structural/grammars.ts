/**
 * Where the tree-sitter runtime, the language grammars and their tag queries come from.
 * The engine never reads files itself: Node hands it bytes from node_modules
 * (src/node/grammars.ts), the browser hands it URLs from Vite `?url` / `?raw` imports.
 */
import type { Language } from '../contract';

/** Options for web-tree-sitter's `Parser.init` (the Emscripten module of the runtime). */
export interface TreeSitterRuntime {
  /** Maps `web-tree-sitter.wasm` to where it can be fetched (browser: a `?url` import). */
  locateFile?: (name: string, scriptDirectory?: string) => string;
  /** The runtime wasm itself (Node: read from node_modules). Takes precedence over locateFile. */
  wasmBinary?: Uint8Array;
}

export interface GrammarSource {
  /** How web-tree-sitter finds its own runtime wasm. */
  runtime(): Promise<TreeSitterRuntime>;
  /** The language's `.wasm`: its bytes, or a URL (string) that `Language.load` can fetch. */
  languageWasm(lang: Language): Promise<Uint8Array | string>;
  /**
   * The grammar's own `queries/tags.scm`. For typescript and tsx this must be JavaScript's
   * tags.scm followed by TypeScript's (the TypeScript file only adds to JavaScript's).
   */
  tagsQuery(lang: Language): Promise<string>;
}

export const SUPPORTED_LANGUAGES: readonly Language[] = [
  'javascript',
  'typescript',
  'tsx',
  'python',
  'go',
  'rust',
  'java',
];

const LANGUAGE_BY_EXTENSION: Readonly<Record<string, Language>> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  py: 'python',
  pyi: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
};

/** The language of a repository path by its extension (`.d.ts` is typescript), or null. */
export function languageForPath(path: string): Language | null {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return null; // no extension, or a dotfile like `.eslintrc`
  return LANGUAGE_BY_EXTENSION[path.slice(dot + 1).toLowerCase()] ?? null;
}
