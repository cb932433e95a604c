/**
 * Grammar bytes for Node: the runtime wasm from web-tree-sitter and each language's wasm
 * and tags.scm from its npm package in node_modules, or, for the grammars npm ships as C
 * sources only (Kotlin, Swift), from grammars/ (built by scripts/build-grammar-wasm.sh).
 * Each is read the first time its language is asked for.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../engine/contract';
import type { GrammarSource, TreeSitterRuntime } from '../engine/structural/grammars';

const require = createRequire(import.meta.url);

/** grammars/ at the repository root: this file (and the CLI build of it) sits two folders below. */
const OWN_GRAMMARS = fileURLToPath(new URL('../../grammars/', import.meta.url));

/**
 * Where a language's wasm and queries are: an npm package (`pkg`) or a folder of grammars/
 * (`dir`); `tags` is the tags.scm's path inside it (null: the grammar ships none), `base` a
 * language whose tags.scm comes first (TypeScript's only adds to JavaScript's).
 */
type GrammarFiles = { wasm: string; tags: string | null; base?: Language } & ({ pkg: string } | { dir: string });

const GRAMMAR_FILES: Readonly<Record<Language, GrammarFiles>> = {
  javascript: { pkg: 'tree-sitter-javascript', wasm: 'tree-sitter-javascript.wasm', tags: 'queries/tags.scm' },
  typescript: {
    pkg: 'tree-sitter-typescript',
    wasm: 'tree-sitter-typescript.wasm',
    tags: 'queries/tags.scm',
    base: 'javascript',
  },
  tsx: { pkg: 'tree-sitter-typescript', wasm: 'tree-sitter-tsx.wasm', tags: 'queries/tags.scm', base: 'javascript' },
  python: { pkg: 'tree-sitter-python', wasm: 'tree-sitter-python.wasm', tags: 'queries/tags.scm' },
  go: { pkg: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm', tags: 'queries/tags.scm' },
  rust: { pkg: 'tree-sitter-rust', wasm: 'tree-sitter-rust.wasm', tags: 'queries/tags.scm' },
  java: { pkg: 'tree-sitter-java', wasm: 'tree-sitter-java.wasm', tags: 'queries/tags.scm' },
  c: { pkg: 'tree-sitter-c', wasm: 'tree-sitter-c.wasm', tags: 'queries/tags.scm' },
  cpp: { pkg: 'tree-sitter-cpp', wasm: 'tree-sitter-cpp.wasm', tags: 'queries/tags.scm' },
  csharp: { pkg: 'tree-sitter-c-sharp', wasm: 'tree-sitter-c_sharp.wasm', tags: 'queries/tags.scm' },
  ruby: { pkg: 'tree-sitter-ruby', wasm: 'tree-sitter-ruby.wasm', tags: 'queries/tags.scm' },
  php: { pkg: 'tree-sitter-php', wasm: 'tree-sitter-php.wasm', tags: 'queries/tags.scm' },
  kotlin: { dir: 'kotlin', wasm: 'tree-sitter-kotlin.wasm', tags: null },
  swift: { dir: 'swift', wasm: 'tree-sitter-swift.wasm', tags: 'tags.scm' },
  scala: { pkg: 'tree-sitter-scala', wasm: 'tree-sitter-scala.wasm', tags: 'queries/tags.scm' },
  bash: { pkg: 'tree-sitter-bash', wasm: 'tree-sitter-bash.wasm', tags: null },
  lua: { pkg: '@tree-sitter-grammars/tree-sitter-lua', wasm: 'tree-sitter-lua.wasm', tags: 'queries/tags.scm' },
};

function grammarDir(files: GrammarFiles): string {
  return 'pkg' in files ? dirname(require.resolve(`${files.pkg}/package.json`)) : join(OWN_GRAMMARS, files.dir);
}

async function readTags(lang: Language): Promise<string> {
  const files = GRAMMAR_FILES[lang];
  const own = files.tags === null ? '' : await readFile(join(grammarDir(files), files.tags), 'utf8');
  return files.base ? `${await readTags(files.base)}\n${own}` : own;
}

export const nodeGrammars: GrammarSource = {
  async runtime(): Promise<TreeSitterRuntime> {
    const wasmPath = require.resolve('web-tree-sitter/web-tree-sitter.wasm');
    return { wasmBinary: new Uint8Array(await readFile(wasmPath)) };
  },
  async languageWasm(lang: Language): Promise<Uint8Array> {
    const files = GRAMMAR_FILES[lang];
    return new Uint8Array(await readFile(join(grammarDir(files), files.wasm)));
  },
  tagsQuery: readTags,
};
