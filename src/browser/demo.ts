/**
 * The zero-install demo: Svelte's compiler and runtime sources (the `src/` folder of the
 * svelte npm package, MIT), indexed at build time by scripts/build-demo.ts and shipped as
 * dist/demo/. A first visit opens it without any action.
 */
import type { Intent, IndexStats } from '../engine/contract';

export const DEMO = {
  id: 'demo:svelte',
  name: 'svelte (demo)',
  version: '5.57.3',
  licence: 'MIT',
  /** Under public/demo/: the vendored sources and their LICENSE.md. */
  folder: 'svelte',
  /** Under dist/demo/. */
  indexFile: 'svelte.fourfold',
  manifestFile: 'svelte.json',
} as const;

/** Written beside the index by scripts/build-demo.ts. */
export interface DemoManifest {
  /** Cache key of the build (sources + engine + model). */
  key: string;
  id: string;
  name: string;
  version: string;
  licence: string;
  /** The embedder the vectors were built with: the browser opens the index with a stand-in of it. */
  embedder: { id: string; dimensions: number };
  stats: IndexStats;
  bytes: number;
}

/** One suggested query per intent, each checked to give a good first answer. */
export const DEMO_QUERIES: readonly { intent: Intent; query: string }[] = [
  { intent: 'find_definition', query: 'function flushSync' },
  { intent: 'find_references', query: 'who calls flushSync' },
  { intent: 'impact_analysis', query: 'what depends on constants' },
  { intent: 'exact_match', query: '"Cannot use `export let` in runes mode"' },
  { intent: 'understand_code', query: 'how are effects scheduled and flushed' },
  { intent: 'find_similar', query: 'code similar to create_text' },
];
