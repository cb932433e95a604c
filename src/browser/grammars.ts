/**
 * Grammar sources for the browser: Vite turns each `?url` import into a hashed asset in
 * dist/ (fetched on demand, cached by the browser) and each `?raw` import into a string.
 * Only the languages a repository actually contains are ever fetched: a grammar's wasm is
 * fetched by `Language.load` when the analyzer first meets its language, and the tag queries
 * of all but the first seven languages are chunks of their own, imported at the same moment.
 * The service worker caches those grammars the first time they are fetched, not at install
 * (vite.config.ts lists them apart from the precached files).
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
import cWasmUrl from 'tree-sitter-c/tree-sitter-c.wasm?url';
import cppWasmUrl from 'tree-sitter-cpp/tree-sitter-cpp.wasm?url';
import csharpWasmUrl from 'tree-sitter-c-sharp/tree-sitter-c_sharp.wasm?url';
import rubyWasmUrl from 'tree-sitter-ruby/tree-sitter-ruby.wasm?url';
import phpWasmUrl from 'tree-sitter-php/tree-sitter-php.wasm?url';
import kotlinWasmUrl from '../../grammars/kotlin/tree-sitter-kotlin.wasm?url';
import swiftWasmUrl from '../../grammars/swift/tree-sitter-swift.wasm?url';
import scalaWasmUrl from 'tree-sitter-scala/tree-sitter-scala.wasm?url';
import bashWasmUrl from 'tree-sitter-bash/tree-sitter-bash.wasm?url';
import luaWasmUrl from '@tree-sitter-grammars/tree-sitter-lua/tree-sitter-lua.wasm?url';
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
  c: cWasmUrl,
  cpp: cppWasmUrl,
  csharp: csharpWasmUrl,
  ruby: rubyWasmUrl,
  php: phpWasmUrl,
  kotlin: kotlinWasmUrl,
  swift: swiftWasmUrl,
  scala: scalaWasmUrl,
  bash: bashWasmUrl,
  lua: luaWasmUrl,
};

const text = (module: Promise<{ default: string }>): Promise<string> => module.then((m) => m.default);

// TypeScript's tags.scm only adds TS constructs to JavaScript's, so both grammars get both.
// Bash and Kotlin ship no tags.scm: queries.ts has all of theirs.
const TAGS_QUERY: Readonly<Record<Language, () => Promise<string>>> = {
  javascript: async () => javascriptTags,
  typescript: async () => `${javascriptTags}\n${typescriptTags}`,
  tsx: async () => `${javascriptTags}\n${typescriptTags}`,
  python: async () => pythonTags,
  go: async () => goTags,
  rust: async () => rustTags,
  java: async () => javaTags,
  c: () => text(import('tree-sitter-c/queries/tags.scm?raw')),
  cpp: () => text(import('tree-sitter-cpp/queries/tags.scm?raw')),
  csharp: () => text(import('tree-sitter-c-sharp/queries/tags.scm?raw')),
  ruby: () => text(import('tree-sitter-ruby/queries/tags.scm?raw')),
  php: () => text(import('tree-sitter-php/queries/tags.scm?raw')),
  kotlin: async () => '',
  swift: () => text(import('../../grammars/swift/tags.scm?raw')),
  scala: () => text(import('tree-sitter-scala/queries/tags.scm?raw')),
  bash: async () => '',
  lua: () => text(import('@tree-sitter-grammars/tree-sitter-lua/queries/tags.scm?raw')),
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
  tagsQuery(lang: Language): Promise<string> {
    return TAGS_QUERY[lang]();
  },
};
