/**
 * The evaluation corpora: pinned npm packages that ship their TypeScript sources. Each is
 * fetched once with `npm pack` into .cache/eval/ (gitignored) and unpacked with `tar`, so a
 * clean clone only needs the npm registry. Test files are left out: they import the package
 * by its own name, which neither the oracle nor a user's repository would resolve without
 * the package's build setup.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { blankComments } from './blank';
import { hashSeed } from './rng';

const run = promisify(execFile);

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CACHE_DIR = join(REPO_ROOT, '.cache', 'eval');

export interface CorpusSpec {
  /** Short name used in query ids and reports. */
  name: string;
  pkg: string;
  version: string;
  /**
   * tsconfig `paths` the package's own repository uses for self-imports. Written into the
   * corpus as tsconfig.json, so the oracle and the engine's import resolver both see them.
   */
  paths?: Record<string, string[]>;
}

/** Not rxjs, zod, lodash-es or three: those are kept for an independent check. */
export const CORPORA: readonly CorpusSpec[] = [
  { name: 'mobx', pkg: 'mobx', version: '6.13.5' },
  { name: 'immer', pkg: 'immer', version: '10.1.1' },
  { name: 'query-core', pkg: '@tanstack/query-core', version: '5.62.0' },
  { name: 'redux', pkg: 'redux', version: '5.0.1' },
  {
    name: 'redux-toolkit',
    pkg: '@reduxjs/toolkit',
    version: '2.5.0',
    paths: {
      '@reduxjs/toolkit': ['src/index.ts'],
      '@reduxjs/toolkit/query': ['src/query/index.ts'],
      '@reduxjs/toolkit/query/react': ['src/query/react/index.ts'],
      '@reduxjs/toolkit/react': ['src/react/index.ts'],
      '@internal/*': ['src/*'],
    },
  },
  { name: 'table-core', pkg: '@tanstack/table-core', version: '8.20.5' },
  { name: 'trpc-server', pkg: '@trpc/server', version: '11.0.0' },
];

export interface CorpusFile {
  path: string;
  text: string;
}

export interface LoadedCorpus {
  spec: CorpusSpec;
  /** Folder holding the files as on disk (what the grep baseline searches). */
  dir: string;
  /** The same files with every comment blanked out (for "understand" queries). */
  blankDir: string;
  files: CorpusFile[];
  blankFiles: CorpusFile[];
  /** Content fingerprint: query files record it so a stale query set is detected. */
  fingerprint: string;
}

/** Sources under src/, without tests, fixtures and generated files. */
export function isCorpusSource(path: string): boolean {
  if (!path.startsWith('src/') || !/\.(ts|tsx|mts|cts)$/.test(path)) return false;
  if (/(^|\/)(tests?|__tests__|__mocks__|__fixtures__|fixtures|__generated__)\//.test(path)) return false;
  return !/\.(test|spec|test-d|bench)\.[cm]?tsx?$/.test(path);
}

/** Fetches (if needed) and loads one corpus, writing its plain and comment-blanked folders. */
export async function loadCorpus(spec: CorpusSpec, log: (m: string) => void = () => {}): Promise<LoadedCorpus> {
  const id = `${spec.name}@${spec.version}`;
  const dir = join(CACHE_DIR, 'corpora', id);
  const blankDir = join(CACHE_DIR, 'corpora-blank', id);
  const marker = join(dir, '.fourfold-eval-complete');
  if (!existsSync(marker) || !existsSync(join(blankDir, '.fourfold-eval-complete'))) {
    const unpacked = await fetchPackage(spec, log);
    const sources = (await listFiles(unpacked)).filter(isCorpusSource).sort();
    await rm(dir, { recursive: true, force: true });
    await rm(blankDir, { recursive: true, force: true });
    for (const path of sources) {
      const text = await readFile(join(unpacked, path), 'utf8');
      await writeText(join(dir, path), text);
      await writeText(join(blankDir, path), blankComments(path, text));
    }
    if (spec.paths) {
      const tsconfig = `${JSON.stringify({ compilerOptions: { baseUrl: '.', paths: spec.paths } }, null, 2)}\n`;
      await writeText(join(dir, 'tsconfig.json'), tsconfig);
      await writeText(join(blankDir, 'tsconfig.json'), tsconfig);
    }
    await writeFile(marker, `${id}\n`);
    await writeFile(join(blankDir, '.fourfold-eval-complete'), `${id}\n`);
  }
  const files = await readTree(dir);
  const blankFiles = await readTree(blankDir);
  const fingerprint = (hashSeed(files.map((f) => `${f.path}\u0000${f.text}`).join('\u0001')) >>> 0)
    .toString(16)
    .padStart(8, '0');
  return { spec, dir, blankDir, files, blankFiles, fingerprint };
}

/** `npm pack name@version` into .cache/eval/packs and unpack it; returns the package folder. */
async function fetchPackage(spec: CorpusSpec, log: (m: string) => void): Promise<string> {
  const packs = join(CACHE_DIR, 'packs');
  await mkdir(packs, { recursive: true });
  const tarball = join(packs, `${spec.pkg.replace(/^@/, '').replace('/', '-')}-${spec.version}.tgz`);
  if (!existsSync(tarball)) {
    log(`fetching ${spec.pkg}@${spec.version} with npm pack…`);
    await run('npm', ['pack', `${spec.pkg}@${spec.version}`, '--pack-destination', packs, '--silent'], { cwd: packs });
    if (!existsSync(tarball)) throw new Error(`npm pack did not produce ${tarball}`);
  }
  const out = join(CACHE_DIR, 'unpacked', `${spec.name}@${spec.version}`);
  if (!existsSync(join(out, 'package', 'package.json'))) {
    await rm(out, { recursive: true, force: true });
    await mkdir(out, { recursive: true });
    await run('tar', ['-xzf', tarball, '-C', out]);
  }
  return join(out, 'package');
}

/** Every file below `root`, as a repository path with `/`. */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile()) out.push(relative(root, full).split(sep).join('/'));
    }
  };
  await walk(root);
  return out;
}

async function readTree(root: string): Promise<CorpusFile[]> {
  const paths = (await listFiles(root)).filter((p) => !p.startsWith('.fourfold-eval')).sort();
  return Promise.all(paths.map(async (path) => ({ path, text: await readFile(join(root, path), 'utf8') })));
}

async function writeText(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}
