/**
 * Grammar bytes for Node: the runtime wasm from web-tree-sitter and each language's wasm
 * and tags.scm from its npm package in node_modules.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Language } from '../engine/contract';
import type { GrammarSource, TreeSitterRuntime } from '../engine/structural/grammars';

const require = createRequire(import.meta.url);

/** npm package and wasm file name per language. */
const GRAMMAR_FILES: Readonly<Record<Language, { pkg: string; wasm: string }>> = {
  javascript: { pkg: 'tree-sitter-javascript', wasm: 'tree-sitter-javascript.wasm' },
  typescript: { pkg: 'tree-sitter-typescript', wasm: 'tree-sitter-typescript.wasm' },
  tsx: { pkg: 'tree-sitter-typescript', wasm: 'tree-sitter-tsx.wasm' },
  python: { pkg: 'tree-sitter-python', wasm: 'tree-sitter-python.wasm' },
  go: { pkg: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm' },
  rust: { pkg: 'tree-sitter-rust', wasm: 'tree-sitter-rust.wasm' },
  java: { pkg: 'tree-sitter-java', wasm: 'tree-sitter-java.wasm' },
};

function packageDir(pkg: string): string {
  return dirname(require.resolve(`${pkg}/package.json`));
}

async function readTags(pkg: string): Promise<string> {
  return readFile(join(packageDir(pkg), 'queries', 'tags.scm'), 'utf8');
}

export const nodeGrammars: GrammarSource = {
  async runtime(): Promise<TreeSitterRuntime> {
    const wasmPath = require.resolve('web-tree-sitter/web-tree-sitter.wasm');
    return { wasmBinary: new Uint8Array(await readFile(wasmPath)) };
  },
  async languageWasm(lang: Language): Promise<Uint8Array> {
    const { pkg, wasm } = GRAMMAR_FILES[lang];
    return new Uint8Array(await readFile(join(packageDir(pkg), wasm)));
  },
  async tagsQuery(lang: Language): Promise<string> {
    const own = await readTags(GRAMMAR_FILES[lang].pkg);
    // TypeScript's tags.scm only adds TS constructs to JavaScript's.
    if (lang === 'typescript' || lang === 'tsx') return `${await readTags('tree-sitter-javascript')}\n${own}`;
    return own;
  },
};
