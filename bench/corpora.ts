/**
 * The cost-benchmark corpora: code files from pinned npm packages, fetched once with
 * `npm pack` into .cache/bench/tgz/ (gitignored) and unpacked with `tar`. Each size tier is
 * a prefix of one fixed, ordered file list, so the 1 MB tier is inside the 10 MB tier, which
 * is inside the 50 MB tier: growth curves then compare like with like.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile, copyFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BENCH_CACHE = join(REPO_ROOT, '.cache', 'bench');
const TARBALLS = join(BENCH_CACHE, 'tgz');
const UNPACKED = join(BENCH_CACHE, 'pkg');

/** The engine skips larger files as oversized (intake's DEFAULT_MAX_FILE_BYTES): leave them out up front. */
const MAX_FILE_BYTES = 1024 * 1024;
/** Code files only: what a developer greps. */
const CODE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Type-declaration copies for the other module system duplicate .d.ts byte for byte. */
const DUPLICATE_FILE = /\.d\.(cts|mts)$/;

export interface PackageSpec {
  pkg: string;
  version: string;
}

/**
 * In this order the packages fill the tiers. Not rxjs, zod, lodash, lodash-es or three (kept for an
 * independent check). graphql comes first so the 1 MB tier is one coherent package.
 */
export const PACKAGES: readonly PackageSpec[] = [
  { pkg: 'graphql', version: '16.9.0' },
  { pkg: '@babel/types', version: '7.26.3' },
  { pkg: '@babel/parser', version: '7.26.3' },
  { pkg: '@babel/traverse', version: '7.26.4' },
  { pkg: '@babel/generator', version: '7.26.3' },
  { pkg: '@babel/core', version: '7.26.0' },
  { pkg: 'acorn', version: '8.14.0' },
  // Many small files early, so the top tier has tens of thousands of files. (Not lodash:
  // it is reserved for independent checks, like rxjs, zod, lodash-es and three.)
  { pkg: 'core-js', version: '3.39.0' },
  { pkg: 'date-fns', version: '4.1.0' },
  { pkg: 'eslint', version: '9.17.0' },
  { pkg: 'webpack', version: '5.97.1' },
  { pkg: '@mui/material', version: '6.3.0' },
  { pkg: 'antd', version: '5.22.5' },
  { pkg: 'typeorm', version: '0.3.20' },
  { pkg: '@sinclair/typebox', version: '0.34.13' },
  { pkg: 'ajv', version: '8.17.1' },
  { pkg: 'ramda', version: '0.30.1' },
  { pkg: 'fp-ts', version: '2.16.9' },
  { pkg: 'vue', version: '3.5.13' },
  { pkg: '@vue/compiler-core', version: '3.5.13' },
  { pkg: '@vue/runtime-core', version: '3.5.13' },
  { pkg: 'typescript', version: '5.9.3' },
  { pkg: 'effect', version: '3.12.0' },
  { pkg: '@angular/core', version: '19.0.0' },
  { pkg: 'rollup', version: '4.28.1' },
  { pkg: 'terser', version: '5.37.0' },
];

export interface CorpusTier {
  /** Nominal size in MB (1, 10, 50). */
  sizeMb: number;
  /** Folder holding the files (what rg, MiniSearch and Chromium's folder picker read). */
  dir: string;
  files: number;
  bytes: number;
  packages: { pkg: string; version: string; files: number; bytes: number; partial: boolean }[];
}

function tarballName(spec: PackageSpec): string {
  return `${spec.pkg.replace(/^@/, '').replace('/', '-')}-${spec.version}.tgz`;
}

async function ensurePackage(spec: PackageSpec, log: (s: string) => void): Promise<string> {
  const dest = join(UNPACKED, `${spec.pkg.replace('/', '__')}@${spec.version}`);
  if (existsSync(join(dest, '.complete'))) return join(dest, 'package');
  await mkdir(TARBALLS, { recursive: true });
  const tgz = join(TARBALLS, tarballName(spec));
  if (!existsSync(tgz)) {
    log(`npm pack ${spec.pkg}@${spec.version}`);
    await run('npm', ['pack', '--silent', `${spec.pkg}@${spec.version}`, '--pack-destination', TARBALLS], {
      maxBuffer: 1 << 24,
    });
  }
  await rm(dest, { recursive: true, force: true });
  await mkdir(dest, { recursive: true });
  await run('tar', ['xzf', tgz, '-C', dest]);
  await writeFile(join(dest, '.complete'), '');
  return join(dest, 'package');
}

async function listFiles(
  root: string,
  dir = root,
  out: { rel: string; size: number }[] = [],
): Promise<{ rel: string; size: number }[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => compareText(a.name, b.name));
  for (const e of entries) {
    const full = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === 'node_modules') continue;
      await listFiles(root, full, out);
    } else if (e.isFile() && CODE_FILE.test(e.name) && !DUPLICATE_FILE.test(e.name)) {
      const size = (await stat(full)).size;
      if (size > 0 && size <= MAX_FILE_BYTES) out.push({ rel: relative(root, full).split(sep).join('/'), size });
    }
  }
  return out;
}

/** A command line's list of tier sizes in MB (`1,10,50`): the positive numbers it names, or `fallback` when it names none. */
export function tierSizes(list: string | undefined, fallback: number[]): number[] {
  return list
    ? list
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
    : fallback;
}

/** Fetches what is missing and writes each requested tier's folder (reused while its manifest matches). */
export async function ensureTiers(sizesMb: number[], log: (s: string) => void = () => {}): Promise<CorpusTier[]> {
  const largest = Math.max(...sizesMb) * 1e6;
  const ordered: { pkg: PackageSpec; root: string; rel: string; size: number }[] = [];
  let total = 0;
  for (const spec of PACKAGES) {
    if (total >= largest) break;
    const root = await ensurePackage(spec, log);
    for (const f of await listFiles(root)) {
      ordered.push({ pkg: spec, root, ...f });
      total += f.size;
    }
  }
  if (total < largest)
    log(`warning: only ${(total / 1e6).toFixed(1)} MB of code available for the ${largest / 1e6} MB tier`);

  const tiers: CorpusTier[] = [];
  for (const sizeMb of [...sizesMb].sort((a, b) => a - b)) {
    const target = sizeMb * 1e6;
    let bytes = 0;
    let n = 0;
    while (n < ordered.length && bytes < target) bytes += ordered[n++].size;
    const chosen = ordered.slice(0, n);
    const packages: CorpusTier['packages'] = [];
    for (const f of chosen) {
      let p = packages[packages.length - 1];
      if (!p || p.pkg !== f.pkg.pkg)
        packages.push((p = { pkg: f.pkg.pkg, version: f.pkg.version, files: 0, bytes: 0, partial: false }));
      p.files++;
      p.bytes += f.size;
    }
    const last = packages[packages.length - 1];
    if (last && n < ordered.length && ordered[n].pkg.pkg === last.pkg) last.partial = true;

    const dir = join(BENCH_CACHE, `corpus-${sizeMb}mb`);
    const fingerprint = createHash('sha1')
      .update(JSON.stringify(chosen.map((f) => [f.pkg.pkg, f.pkg.version, f.rel, f.size])))
      .digest('hex');
    const manifestFile = join(BENCH_CACHE, `corpus-${sizeMb}mb.json`);
    const manifest = existsSync(manifestFile) ? JSON.parse(await readFile(manifestFile, 'utf8')) : null;
    if (manifest?.fingerprint !== fingerprint || !existsSync(dir)) {
      log(`writing the ${sizeMb} MB corpus (${chosen.length} files)`);
      await rm(dir, { recursive: true, force: true });
      const made = new Set<string>();
      for (const f of chosen) {
        const to = join(dir, f.pkg.pkg.replace('/', '__'), f.rel);
        const parent = dirname(to);
        if (!made.has(parent)) {
          await mkdir(parent, { recursive: true });
          made.add(parent);
        }
        await copyFile(join(f.root, f.rel), to);
      }
      await writeFile(manifestFile, JSON.stringify({ fingerprint, files: chosen.length, bytes, packages }, null, 1));
    }
    tiers.push({ sizeMb, dir, files: chosen.length, bytes, packages });
  }
  return tiers;
}

/** Orders strings by UTF-16 code units (`<`), as `sort()` does: -1, 1, or 0 when equal. */
function compareText(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}
