/**
 * Builds the zero-install demo's index with the same engine the browser runs: the vendored
 * Svelte sources (public/demo/svelte/, MIT) are read, parsed with tree-sitter, embedded with
 * the bundled local model and written as one container file (src/browser/snapshot-container.ts)
 * plus a small manifest. The browser loads that file on a first visit instead of re-indexing.
 *
 *   npx tsx scripts/build-demo.ts [outDir]      (default .cache/demo)
 *
 * The output is cached under a key made of the demo sources, the engine's source and the
 * model: a second run with nothing changed does nothing. vite.config.ts runs this before
 * every `vite build` and ships the two files as dist/demo/.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Engine } from '../src/engine/engine';
import { intakeFiles } from '../src/engine/intake/intake';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { nodeGrammars } from '../src/node/grammars';
import { createNodeLocalEmbedder, NODE_MODELS_DIR } from '../src/node/embedders';
import { walkRepository } from '../src/node/walk';
import { encodeContainer } from '../src/browser/snapshot-container';
import { DEMO, type DemoManifest } from '../src/browser/demo';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCES = join(ROOT, 'public/demo', DEMO.folder);

/** Every file under `dir`, sorted, for the cache key. */
function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else out.push(path);
  }
  return out.sort();
}

/** Changes to the sources, the engine or the model change the key; nothing else does. */
function cacheKey(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...listFiles(SOURCES),
    ...listFiles(join(ROOT, 'src/engine')).filter((f) => !/\.test\.ts$|fixtures/.test(f)),
    ...listFiles(join(ROOT, 'src/node')).filter((f) => !/\.test\.ts$/.test(f)),
    join(ROOT, 'src/browser/snapshot-container.ts'),
    join(ROOT, 'src/browser/demo.ts'),
    ...listFiles(NODE_MODELS_DIR),
  ];
  for (const file of inputs) {
    hash.update(relative(ROOT, file));
    hash.update(statSync(file).size > 64 * 1024 * 1024 ? String(statSync(file).mtimeMs) : readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

export async function buildDemo(
  outDir = join(ROOT, '.cache/demo'),
): Promise<{ manifest: DemoManifest; indexFile: string; cached: boolean }> {
  const key = cacheKey();
  const indexFile = join(outDir, DEMO.indexFile);
  const manifestFile = join(outDir, DEMO.manifestFile);
  if (existsSync(manifestFile) && existsSync(indexFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as DemoManifest;
    if (manifest.key === key) return { manifest, indexFile, cached: true };
  }
  const started = performance.now();
  const intake = await intakeFiles(walkRepository(SOURCES));
  let analyzer: StructuralAnalyzer | null = null;
  const embedder = await createNodeLocalEmbedder();
  const engine = await Engine.build(
    intake.files,
    {
      analyzer: {
        analyze: async (path, text) => {
          analyzer ??= await StructuralAnalyzer.create(nodeGrammars);
          return analyzer.analyze(path, text);
        },
      },
      embedder,
    },
    { skipped: intake.skipped },
  );
  const bytes = encodeContainer(engine.snapshot());
  const manifest: DemoManifest = {
    key,
    id: DEMO.id,
    name: DEMO.name,
    version: DEMO.version,
    licence: DEMO.licence,
    embedder: { id: embedder.id, dimensions: embedder.dimensions },
    stats: engine.stats,
    bytes: bytes.byteLength,
  };
  mkdirSync(outDir, { recursive: true });
  // Written to temporary names then renamed: an interrupted build never leaves a torn pair.
  writeFileSync(`${indexFile}.tmp`, bytes);
  writeFileSync(`${manifestFile}.tmp`, JSON.stringify(manifest, null, 2));
  renameSync(`${indexFile}.tmp`, indexFile);
  renameSync(`${manifestFile}.tmp`, manifestFile);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `demo index: ${engine.stats.files} files, ${engine.stats.chunks} chunks, ${(bytes.byteLength / 1e6).toFixed(1)} MB, built in ${seconds} s`,
  );
  return { manifest, indexFile, cached: false };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { manifest, cached } = await buildDemo(process.argv[2] ? resolve(process.argv[2]) : undefined);
  if (cached) console.log(`demo index up to date (${manifest.key})`);
  process.exit(0);
}
