/**
 * The 100,000-file tree of `npm run bench`: generated, deterministic (a seeded generator), small
 * TypeScript modules in a deep monorepo-like layout — what stresses per-file costs (listing,
 * reading, postMessage, one record per file) rather than bytes. Each module imports two or three
 * functions from modules nearby, exports a few of its own (names drawn from a vocabulary, so text
 * and symbol search have something to find) and sometimes a class; a README per package.
 *
 *   packages/pkg-000 … pkg-099 / src / area-0 … area-9 / module-000 … module-099.ts
 *
 * Written once into .cache/bench/tree-100k/ (kept while its manifest matches).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BENCH_CACHE } from './corpora';
import { seededUniform } from './eval/rng';

const PACKAGES = 100;
const AREAS = 10;
const MODULES = 100;
export const TREE_FILES = PACKAGES * AREAS * MODULES;
const GENERATOR_VERSION = 2;

const VERBS = [
  'parse',
  'render',
  'resolve',
  'schedule',
  'flush',
  'encode',
  'decode',
  'validate',
  'merge',
  'collect',
  'normalize',
  'compute',
  'dispatch',
  'observe',
  'apply',
  'format',
];
const NOUNS = [
  'Config',
  'Entry',
  'Widget',
  'Token',
  'Route',
  'Buffer',
  'Session',
  'Query',
  'Layout',
  'Record',
  'Signal',
  'Patch',
  'Frame',
  'Header',
  'Batch',
  'Cursor',
];
const QUALIFIERS = ['', 'State', 'Options', 'Range', 'Map', 'List', 'Result', 'Queue'];

const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)];
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The exported function names of module (p, a, m): fixed by its position, so importers can name them. */
function exportsOf(p: number, a: number, m: number): string[] {
  const r = seededUniform(p * 1_000_003 + a * 1_009 + m);
  const count = 1 + Math.floor(r() * 2);
  return Array.from({ length: count }, (_, i) => `${pick(r, VERBS)}${pick(r, NOUNS)}${pick(r, QUALIFIERS)}${m}x${i}`);
}

function moduleSource(p: number, a: number, m: number): string {
  const r = seededUniform((p + 1) * 7_919 + (a + 1) * 104_729 + m * 31);
  const lines: string[] = [];
  const imports: { from: string; name: string }[] = [];
  for (let i = 0, n = 1 + Math.floor(r() * 3); i < n; i++) {
    const sameArea = r() < 0.7;
    const ta = sameArea ? a : Math.floor(r() * AREAS);
    const tm = Math.floor(r() * MODULES);
    if (ta === a && tm === m) continue;
    const from = ta === a ? `./module-${pad(tm, 3)}` : `../area-${ta}/module-${pad(tm, 3)}`;
    imports.push({ from, name: pick(r, exportsOf(p, ta, tm)) });
  }
  for (const { from, name } of imports) lines.push(`import { ${name} } from '${from}';`);
  lines.push('');
  const names = exportsOf(p, a, m);
  for (const [i, name] of names.entries()) {
    const callee = imports.length ? imports[i % imports.length].name : null;
    const noun = pick(r, NOUNS).toLowerCase();
    if (r() < 0.5)
      lines.push(
        `/** ${name
          .replace(/([A-Z])/g, ' $1')
          .toLowerCase()
          .trim()} (${noun}). */`,
      );
    lines.push(
      `export function ${name}(input: ${pick(r, ['string', 'number', 'unknown[]'])}, limit = ${1 + Math.floor(r() * 64)}) {`,
    );
    lines.push(`  return { ${noun}: ${callee ? `${callee}(input as never)` : 'input'}, limit };`);
    lines.push('}');
    lines.push('');
  }
  if (r() < 0.25) {
    const cls = `${pick(r, NOUNS)}${pick(r, ['Store', 'Cache', 'Controller'])}${m}`;
    lines.push(
      `export class ${cls} {`,
      `  private readonly items = new Map<string, number>();`,
      `  add(key: string) { this.items.set(key, (this.items.get(key) ?? 0) + 1); return ${names[0]}(key); }`,
      '}',
      '',
    );
  }
  return lines.join('\n');
}

export interface GeneratedTree {
  dir: string;
  files: number;
  bytes: number;
}

/** Writes the tree once (about a minute) and reuses it while the generator is unchanged. */
export async function ensureTree100k(log: (s: string) => void = () => {}): Promise<GeneratedTree> {
  const dir = join(BENCH_CACHE, 'tree-100k');
  const manifestFile = join(BENCH_CACHE, 'tree-100k.json');
  if (existsSync(manifestFile) && existsSync(dir)) {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as GeneratedTree & { version: number };
    if (manifest.version === GENERATOR_VERSION) return { dir, files: manifest.files, bytes: manifest.bytes };
  }
  log(`writing the 100,000-file tree into ${dir}`);
  await rm(dir, { recursive: true, force: true });
  let bytes = 0;
  let files = 0;
  for (let p = 0; p < PACKAGES; p++) {
    const pkg = join(dir, 'packages', `pkg-${pad(p, 3)}`);
    for (let a = 0; a < AREAS; a++) {
      const area = join(pkg, 'src', `area-${a}`);
      await mkdir(area, { recursive: true });
      const writes: Promise<void>[] = [];
      for (let m = 0; m < MODULES; m++) {
        const text = moduleSource(p, a, m);
        bytes += Buffer.byteLength(text);
        files++;
        writes.push(writeFile(join(area, `module-${pad(m, 3)}.ts`), text));
      }
      await Promise.all(writes);
    }
  }
  await writeFile(manifestFile, JSON.stringify({ version: GENERATOR_VERSION, files, bytes }));
  return { dir, files, bytes };
}
