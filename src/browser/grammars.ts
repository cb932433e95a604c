/**
 * Grammar sources for the browser: Vite turns each `?url` import into a hashed asset in
 * dist/ (fetched on demand, cached by the browser) and each `?raw` import into a string.
 * Only the languages a repository actually contains are ever fetched.
 */
import type { Language } from '../engine/contract';
import type { GrammarSource, TreeSitterRuntime } from '../engine/structural/grammars';
import runtimeWasmUrl from 'web-tree-sitter/web-tree-sitter.wasm?url';
import javascriptWasmUrl from 'tree-sitter-javascript/tree-sitter-javascript.wasm?url';
import typescriptWasmUrl from 'tree-sitter-typescript/tree-sitter-typescript.wasm?url';
import tsxWasmUrl from 'tree-sitter-typescript/tree-sitter-tsx.wasm?url';
import pythonWasmUrl from 'tree-sitter-python/tree-sitter-python.wasm?url';
import goWasmUrl from 'tree-sitter-go/tree-sitter-go.wasm?url';
import rustWasmUrl from 'tree-sitter-rust/tree-sitter-rust.wasm?url';
import javaWasmUrl from 'tree-sitter-java/tree-sitter-java.wasm?url';
import javascriptTags from 'tree-sitter-javascript/queries/tags.scm?raw';
import typescriptTags from 'tree-sitter-typescript/queries/tags.scm?raw';
import pythonTags from 'tree-sitter-python/queries/tags.scm?raw';
import goTags from 'tree-sitter-go/queries/tags.scm?raw';
import rustTags from 'tree-sitter-rust/queries/tags.scm?raw';
import javaTags from 'tree-sitter-java/queries/tags.scm?raw';

const LANGUAGE_WASM_URL: Readonly<Record<Language, string>> = {
  javascript: javascriptWasmUrl,
  typescript: typescriptWasmUrl,
  tsx: tsxWasmUrl,
  python: pythonWasmUrl,
  go: goWasmUrl,
  rust: rustWasmUrl,
  java: javaWasmUrl,
};

// TypeScript's tags.scm only adds TS constructs to JavaScript's, so both grammars get both.
const TAGS_QUERY: Readonly<Record<Language, string>> = {
  javascript: javascriptTags,
  typescript: `${javascriptTags}\n${typescriptTags}`,
  tsx: `${javascriptTags}\n${typescriptTags}`,
  python: pythonTags,
  go: goTags,
  rust: rustTags,
  java: javaTags,
};

/** Absolute URL: asset URLs are relative to the page when the app is built with base './'. */
function absolute(url: string): string {
  return new URL(url, self.location.href).href;
}

export const browserGrammars: GrammarSource = {
  async runtime(): Promise<TreeSitterRuntime> {
    return { locateFile: () => absolute(runtimeWasmUrl) };
  },
  async languageWasm(lang: Language): Promise<string> {
    return absolute(LANGUAGE_WASM_URL[lang]);
  },
  async tagsQuery(lang: Language): Promise<string> {
    return TAGS_QUERY[lang];
  },
};
