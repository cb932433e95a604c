/**
 * V8's optimizing compiler, set for a process that builds an index and then exits (`fourfold
 * index`, or a search or eval that builds first). A build runs the parse workers' analyzer and
 * the main thread's stages once over many files: V8 optimizes the same hot functions in three
 * isolates, re-optimizes them after deoptimizations, and on two cores that compile work takes
 * its turn with the parse. Without inlining each optimization is smaller, and the build's hot
 * code (tree-sitter's wasm, short loops over arrays) measured no slower without it
 * (docs/bench/HISTORY.md, branch h-build10). Not for the MCP server: it answers for hours from
 * code compiled once.
 */
import { setFlagsFromString } from 'node:v8';

/** The V8 flags a build process runs with (process-wide, so the parse workers too). */
export const BUILD_V8_FLAGS = ['--no-turbo-inlining'] as const;

let applied = false;

/**
 * Sets BUILD_V8_FLAGS, once. Called before the parse workers start, so that every optimization
 * in them and every later one on the main thread uses them; code optimized earlier keeps its
 * inlining. A V8 flag is read when an optimization begins, so setting it now is safe.
 */
export function compileForBuild(): void {
  if (applied) return;
  applied = true;
  for (const flag of BUILD_V8_FLAGS) setFlagsFromString(flag);
}
