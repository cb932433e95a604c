/**
 * Where the tree-sitter runtime, the language grammars and their tag queries come from.
 * The engine never reads files itself: Node hands it bytes from node_modules
 * (src/node/grammars.ts), the browser hands it URLs from Vite `?url` / `?raw` imports.
 */
import { LANGUAGES, type Language } from '../contract';

/**
 * C and C++: a header declares, by prototype, inline accessor or macro, what a source file
 * defines, and every file that includes it takes those declarations in.
 */
export const C_FAMILY_LANGUAGES: ReadonlySet<string> = new Set<Language>(['c', 'cpp']);

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
   * Empty for a grammar that ships none (bash, kotlin): then
   * queries.ts holds all of that language's tags.
   */
  tagsQuery(lang: Language): Promise<string>;
}

/** The contract's languages: each has a grammar (a language is added in contract.ts, once). */
export const SUPPORTED_LANGUAGES: readonly Language[] = LANGUAGES;

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
  c: 'c',
  // A header is C until its text shows C++ (languageForFile).
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  'c++': 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  'h++': 'cpp',
  ipp: 'cpp',
  tpp: 'cpp',
  // Template and inline bodies a C++ header includes at its end (glm's `x.hpp` → `x.inl`).
  inl: 'cpp',
  cs: 'csharp',
  rb: 'ruby',
  rake: 'ruby',
  gemspec: 'ruby',
  ru: 'ruby',
  php: 'php',
  kt: 'kotlin',
  kts: 'kotlin',
  swift: 'swift',
  scala: 'scala',
  sc: 'scala',
  sh: 'bash',
  bash: 'bash',
  lua: 'lua',
};

/** Extensions that end common words too (`.sc`, `.ru`): a question's `x.ru` is no file name. */
const WORD_LIKE_EXTENSIONS: ReadonlySet<string> = new Set(['sc', 'ru']);

/**
 * The extensions a question names a source file by (`config.ts`, `util-sql.lua`, `dracut-lib.sh`),
 * as a regular expression's alternation: every language's, so no language's files go unnamed.
 */
export const NAMED_SOURCE_EXTENSIONS: string = Object.keys(LANGUAGE_BY_EXTENSION)
  .filter((e) => /^\w+$/.test(e) && !WORD_LIKE_EXTENSIONS.has(e))
  .join('|');

/** Files that are code by their whole name, with no extension. */
const LANGUAGE_BY_FILE_NAME: Readonly<Record<string, Language>> = {
  Rakefile: 'ruby',
  Gemfile: 'ruby',
  Guardfile: 'ruby',
  Capfile: 'ruby',
  Vagrantfile: 'ruby',
  Podfile: 'ruby',
  Brewfile: 'ruby',
  '.bashrc': 'bash',
  '.bash_profile': 'bash',
  '.profile': 'bash',
};

/** The language of a repository path by its extension (`.d.ts` is typescript) or its name (`Rakefile`), or null. */
export function languageForPath(path: string): Language | null {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return LANGUAGE_BY_FILE_NAME[path.slice(slash + 1)] ?? null; // no extension, or a dotfile like `.eslintrc`
  return LANGUAGE_BY_EXTENSION[path.slice(dot + 1).toLowerCase()] ?? null;
}

/**
 * Lines only C++ starts: a class (declared, defined or with a base), a struct with a base, a
 * namespace block, a template, an access label, `using namespace`, or an include of a C++
 * standard header. A `.h` header is C++ when one of them shows in its first 64 KB.
 */
const CPP_HEADER_SIGNS =
  /^[ \t]*(?:class[ \t]+\w+[ \t]*(?:final[ \t]*)?(?::|\{|;|$)|struct[ \t]+\w+[ \t]*(?:final[ \t]*)?:[ \t]*(?:public|protected|private|virtual)\b|namespace(?:[ \t]+[\w:]+)?[ \t]*(?:\r?\n[ \t]*)?\{|template[ \t]*<|(?:public|protected|private)[ \t]*:|using[ \t]+namespace\b|#[ \t]*include[ \t]*<(?:string|vector|memory|map|set|iostream|ostream|sstream|utility|limits|cstddef|cstdint|cstdio|cstdlib|cstring|type_traits|functional|algorithm)>)/m;
/** `#!/bin/sh`, `#!/usr/bin/env bash`, `#!/bin/dash`…: a shell script without an extension. */
const SHELL_SHEBANG = /^#![ \t]*(?:\/usr)?\/bin\/(?:env[ \t]+)?(?:ba|da|k|z|a)?sh\b/;

/** A shell function definition, its brace on the line or the next: `ocf_log() {`, `function f()`. */
const SHELL_FUNCTION = /^[ \t]*(?:function[ \t]+)?[A-Za-z_][\w:.-]*[ \t]*\(\)[ \t]*(?:\{|\r?\n[ \t]*\{)/m;
/** A line only a shell block ends or opens: `fi`, `esac`, `done`, `if [ -z "$x" ]; then`. */
const SHELL_BLOCK_LINE = /^[ \t]*(?:fi|esac|done)[ \t]*(?:[;#|&)].*)?$|;[ \t]*then[ \t]*$/m;
/**
 * A file whose first command, after comments, sources another file (`. "$MERGE_TOOLS_DIR/vimdiff"`,
 * `source ./common`): a shell fragment another script sources, reusing the file it names.
 */
const SHELL_SOURCE_HEAD =
  /^(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*(?:\.|source)[ \t]+(["']?)(?:\$\{?\w+\}?|\.{1,2})?\/?[\w./-]+\1[ \t]*(?:[;#\r\n]|$)/;

/**
 * The head of a C++ header with no extension (Eigen's `Eigen/Core`, the standard library's
 * `<vector>`, Qt's `QString` forwarding header): after blank lines and C comments, an include
 * guard (`#ifndef X` then `#define X`), `#pragma once` or a complete `#include <…>` / `#include
 * "…"` as its first line. A shell script's, a Makefile's or an m4 file's `#` comment is prose
 * (`# include the helpers`), and none of them opens with a C comment.
 */
const CPP_EXTENSIONLESS_HEAD =
  /^(?:[ \t]*(?:\/\/[^\n]*|\/\*[^]*?\*\/[ \t]*)?\r?\n)*[ \t]*#[ \t]*(?:ifndef[ \t]+(\w+)[ \t]*\r?\n[ \t]*#[ \t]*define[ \t]+\1\b|pragma[ \t]+once[ \t]*(?:\/\/[^\n]*)?(?=\r?\n|$)|include[ \t]*(?:<[\w./+-]+>|"[\w./+-]+")[ \t]*(?:\/\/[^\n]*|\/\*[^\n]*\*\/)?(?=\r?\n|$))/;

/** Text read for a header's head: its licence comment and its guard. */
const HEADER_HEAD_CHARS = 8192;

/**
 * The language of a file by its path and, where the path alone cannot tell, its text: a `.h`
 * header holding C++ is cpp (the C grammar reads a class as errors), an extensionless file is
 * bash when it starts with a shell shebang, or when it defines a shell function and closes a
 * shell block (a library other scripts source, with no `#!` line of its own: resource-agents'
 * ocf-shellfuncs) or when its first command sources another file (SHELL_SOURCE_HEAD), and cpp
 * when it opens as a header does (CPP_EXTENSIONLESS_HEAD): C headers are named `.h`, an include
 * tree of extensionless ones is C++'s.
 */
export function languageForFile(path: string, text: string): Language | null {
  const byPath = languageForPath(path);
  if (byPath === 'c') {
    if (!path.endsWith('.h') && !path.endsWith('.H')) return 'c';
    return CPP_HEADER_SIGNS.test(text.length > 65536 ? text.slice(0, 65536) : text) ? 'cpp' : 'c';
  }
  if (byPath !== null) return byPath;
  const slash = path.lastIndexOf('/');
  if (path.indexOf('.', slash + 1) !== -1) return null;
  if (text.startsWith('#!')) return SHELL_SHEBANG.test(text) ? 'bash' : null;
  const head = text.length > 65536 ? text.slice(0, 65536) : text;
  if ((SHELL_FUNCTION.test(head) && SHELL_BLOCK_LINE.test(head)) || SHELL_SOURCE_HEAD.test(head)) return 'bash';
  return CPP_EXTENSIONLESS_HEAD.test(text.slice(0, HEADER_HEAD_CHARS)) ? 'cpp' : null;
}
