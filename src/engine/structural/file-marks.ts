/**
 * What a file's own text says it is, beside its path (structural/index.ts isTestPath): code a
 * tool generated, or code written for tests outside a test file's name. A user who opens a whole
 * folder indexes both beside the library, and both repeat the library's names and words.
 */
import type { Language } from '../contract';

/**
 * Go's mark of a generated file (`go help generate`): a line `// Code generated … DO NOT EDIT.`,
 * written by protoc-gen-go, stringer, mockgen and the like.
 */
const GO_GENERATED_LINE = /^\/\/ Code generated .* DO NOT EDIT\.$/m;

/** The mark is written before the package clause: the head of the file is enough to read. */
const GENERATED_MARK_HEAD_CHARS = 4096;

/** Whether a file says a tool generated it (GO_GENERATED_LINE near its top). */
export function isGeneratedSource(text: string): boolean {
  return GO_GENERATED_LINE.test(text.slice(0, GENERATED_MARK_HEAD_CHARS));
}

/** A Go import of package testing, alone or in an import block: only tests and their helpers take a `*testing.T`. */
const GO_IMPORTS_TESTING = /^import\s*(?:\([^)]*?^\s*(?:[\w.]+\s+)?"testing"\s*$|(?:[\w.]+\s+)?"testing"\s*$)/m;
/** JUnit's and TestNG's marks: a test method's `@Test`, or an import of either framework. */
const JAVA_TEST_MARK = /^\s*@Test\b|^\s*import\s+(?:static\s+)?(?:org\.junit|junit\.|org\.testng)\b/m;
/** A Python module that imports pytest: a fixture, a plugin or a helper of the tests. */
const PYTHON_IMPORTS_PYTEST = /^(?:import\s+pytest\b|from\s+pytest\b|from\s+_pytest\b)/m;

/**
 * Whether a source file's text marks it as written for tests: a Go file that imports package
 * testing (a suite or helper that the `_test.go` files call: containerd's content/testsuite), a
 * Java file with JUnit's or TestNG's marks, a Python module that imports pytest.
 */
export function isTestSource(language: Language | null, text: string): boolean {
  switch (language) {
    case 'go':
      return GO_IMPORTS_TESTING.test(text);
    case 'java':
      return JAVA_TEST_MARK.test(text);
    case 'python':
      return PYTHON_IMPORTS_PYTEST.test(text);
    default:
      return false;
  }
}

/** A Rust module declared for tests only: `#[cfg(test)] mod tests;` (other attributes may sit between). */
const RUST_CFG_TEST_MOD = /#\[cfg\(test\)\]\s*(?:#\[[^\]\n]*\]\s*)*(?:pub(?:\([^)\n]*\))?\s+)?mod\s+(\w+)\s*;/g;
/** Files whose modules sit in their own folder, not in a folder named after them. */
const RUST_MODULE_ROOT = /(^|\/)(mod|lib|main)\.rs$/;

/**
 * The Rust files that a `#[cfg(test)] mod x;` loads: `x.rs` or `x/mod.rs` beside a mod.rs, lib.rs
 * or main.rs, else in the folder named after the declaring file (sys/unix/fs.rs's `mod tests;` is
 * sys/unix/fs/tests.rs), and every file below such a folder. Judged from the `mod` line, not from
 * the name: rust-std keeps its unit tests in files named tests.rs, and cargo's
 * src/bin/cargo/commands/test.rs is the `cargo test` command, loaded by a plain `mod test;`.
 */
export function rustTestModules(files: readonly { path: string; text: string }[]): (path: string) => boolean {
  const paths = new Set<string>();
  const folders: string[] = [];
  for (const { path, text } of files) {
    if (!path.endsWith('.rs') || !text.includes('cfg(test)')) continue;
    const slash = path.lastIndexOf('/');
    const dir = slash < 0 ? '' : path.slice(0, slash + 1);
    const base = RUST_MODULE_ROOT.test(path) ? dir : `${path.slice(0, -'.rs'.length)}/`;
    for (const m of text.matchAll(RUST_CFG_TEST_MOD)) {
      paths.add(`${base}${m[1]}.rs`);
      folders.push(`${base}${m[1]}/`);
    }
  }
  if (paths.size === 0) return () => false;
  return (path) => paths.has(path) || folders.some((f) => path.startsWith(f));
}

/** A Rust test function: `#[test]`, or a runtime's own (`#[tokio::test]`), among the attributes above `fn`. */
const RUST_TEST_ATTRIBUTE = /^\s*#\[(?:\w+::)*test(?:\([^\]\n]*\))?\]/;

/** Whether a Rust item's text opens with a test attribute (the analyzer starts the item at its attributes). */
export function isRustTestItem(text: string): boolean {
  for (const line of text.split('\n', 12)) {
    if (RUST_TEST_ATTRIBUTE.test(line)) return true;
    // Past the attributes and doc comments, the item itself: no test attribute.
    if (!/^\s*(#\[|\/\/)/.test(line) && line.trim() !== '') return false;
  }
  return false;
}
