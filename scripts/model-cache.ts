/**
 * What the model pipeline's steps share: where each step caches its output (.cache/model/,
 * never in git), the shapes of those files, and the small run-as-a-script helper.
 * Steps: model-fetch → model-mine → model-decontaminate → model-train → model-export →
 * model-evaluate; `npm run model` (scripts/make-local-model.ts) runs them in order.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MODEL_CACHE = process.env.FOURFOLD_MODEL_CACHE ?? join(REPO_ROOT, '.cache', 'model');

export type PairLanguage = 'javascript' | 'typescript' | 'python' | 'go' | 'rust' | 'ruby' | 'php' | 'c';
/** The languages Debian packages are chosen for. */
export type DebianLanguage = 'go' | 'rust' | 'python' | 'ruby' | 'php' | 'c';

export interface FetchedPackage {
  source: 'npm' | 'debian' | 'reference';
  /** Debian packages: the language they were chosen for. */
  language?: DebianLanguage;
  name: string;
  version: string;
  /** The downloaded file (tarball or .deb). */
  file: string;
  /** npm: the registry's sha512; Debian: sha256 of the .deb. */
  integrity: string;
  /** Where it was unpacked. */
  dir: string;
}

export interface FetchManifest {
  packages: FetchedPackage[];
  reference: FetchedPackage[];
  seconds: number;
}

/** One (description, code) training pair. */
export interface Pair {
  /** The package it came from (source:name): split, cap and hard negatives go by it. */
  pkg: string;
  language: PairLanguage;
  /** Doc comment's first sentence. */
  query: string;
  /** The doc's whole summary (up to the first tag or blank paragraph), when longer than the sentence. */
  summary?: string;
  /** The code as Fourfold embeds a chunk: path, `kind container.name`, signature, body without comments. */
  code: string;
  /** Definition name (the `.d.ts` pairing and the examples use it). */
  name: string;
}

export function logStep(step: string, message: string): void {
  process.stderr.write(`[model:${step} ${(performance.now() / 1000).toFixed(1)}s] ${message}\n`);
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value)}\n`);
}

/** Runs `main` when `moduleUrl` is the script node was started with (each step runs on its own). */
export function runMain(moduleUrl: string, main: () => Promise<unknown>): void {
  if (process.argv[1] && fileURLToPath(moduleUrl) === process.argv[1]) {
    main().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  }
}
