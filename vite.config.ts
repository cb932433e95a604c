import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy, CROSS_ORIGIN_ISOLATION_HEADERS } from './src/browser/content-security-policy.ts';

const ROOT = import.meta.dirname;
const DEMO_OUT = join(ROOT, '.cache/demo');
/** Keep in step with src/browser/demo.ts (DEMO.indexFile / manifestFile / folder). */
const DEMO_FILES = ['svelte.fourfold', 'svelte.json'];
const DEMO_SOURCES = 'demo/svelte/src';
/**
 * Assets Vite emits because a library names them, but that the app never loads: the
 * ONNX Runtime asyncify build (27 MB) is only a fallback when `wasmPaths` is not set, and
 * src/browser/local-model.ts always sets it to the plain SIMD build.
 */
const UNUSED_ASSETS = [
  /ort-wasm-simd-threaded\.asyncify-[\w-]+\.wasm$/,
  /ort-wasm-simd-threaded\.jsep-[\w-]+\.(wasm|mjs)$/,
];

/** Builds (or reuses) the demo's prebuilt index with the engine in Node, and ships it as dist/demo/. */
function demoIndex(): Plugin {
  const build = () => {
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/build-demo.ts'), DEMO_OUT],
      {
        stdio: 'inherit',
        cwd: ROOT,
      },
    );
  };
  return {
    name: 'fourfold-demo-index',
    buildStart() {
      if (this.meta.watchMode) return;
      build();
      for (const file of DEMO_FILES)
        this.emitFile({ type: 'asset', fileName: `demo/${file}`, source: readFileSync(join(DEMO_OUT, file)) });
    },
    configureServer(server) {
      build();
      server.middlewares.use((req, res, next) => {
        const name = DEMO_FILES.find((f) => req.url?.split('?')[0].endsWith(`/demo/${f}`));
        if (!name) return next();
        res.setHeader('content-type', name.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        res.end(readFileSync(join(DEMO_OUT, name)));
      });
    },
    closeBundle() {
      // The demo's sources are inside its index; the copy under public/ exists only to build it.
      rmSync(resolve(ROOT, 'dist', DEMO_SOURCES), { recursive: true, force: true });
    },
  };
}

/**
 * The grammars (wasm, tag and highlight queries) of the languages past the first seven: a
 * repository fetches only those of the languages it holds, so the service worker keeps each
 * the first time it is fetched instead of fetching all of them at install. The workers' build
 * copies its files into the app's bundle without their sources, so they are told by name: the
 * wasm files keep their package's, and grammarChunkName gives the query chunks theirs.
 */
const ON_DEMAND_FILE = /^assets\/tree-sitter-(?:c|cpp|c_sharp|c-sharp|ruby|php|kotlin|swift|scala|bash|lua)-/;

/** `…/node_modules/tree-sitter-ruby/queries/highlights.scm?raw` → `tree-sitter-ruby-highlights`; grammars/kotlin/… → `tree-sitter-kotlin-…`. */
function grammarChunkName(id: string): string | null {
  const match =
    /(?:node_modules\/(?:@tree-sitter-grammars\/)?(tree-sitter-[\w-]+)|grammars\/(\w+))\/(?:queries\/)?([\w-]+)\.scm(?:\?|$)/.exec(
      id.split('\\').join('/'),
    );
  return match ? `${match[1] ?? `tree-sitter-${match[2]}`}-${match[3]}` : null;
}

function listPublic(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listPublic(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/**
 * Drops the unused assets, then writes dist/sw.js: src/browser/service-worker.js with the
 * list of every file the app, its workers, the grammars, ONNX Runtime, the model and the demo
 * need (the on-demand grammars in a list of their own), and a version that changes whenever
 * one of them does.
 */
function offline(): Plugin {
  return {
    name: 'fourfold-offline',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) if (UNUSED_ASSETS.some((re) => re.test(name))) delete bundle[name];
      const publicDir = join(ROOT, 'public');
      const publicFiles = listPublic(publicDir)
        .map((f) => relative(publicDir, f).split('\\').join('/'))
        .filter((f) => !f.startsWith(`${DEMO_SOURCES}/`) && !f.endsWith('README.md'));
      const shipped = Object.keys(bundle).filter((f) => !f.endsWith('.map'));
      const later = shipped.filter((f) => ON_DEMAND_FILE.test(f)).sort();
      const files = ['./', ...shipped.filter((f) => !later.includes(f)), ...publicFiles].sort();
      const version = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const item = bundle[name];
        version.update(name);
        if (item.type !== 'asset') version.update(item.code);
        else version.update(typeof item.source === 'string' ? item.source : Buffer.from(item.source));
      }
      for (const f of publicFiles) version.update(readFileSync(join(publicDir, f)));
      const template = readFileSync(join(ROOT, 'src/browser/service-worker.js'), 'utf8');
      const source = `const VERSION = ${JSON.stringify(version.digest('hex').slice(0, 12))};\nconst PRECACHE = ${JSON.stringify(files)};\nconst ON_DEMAND = ${JSON.stringify(later)};\n${template}`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * Writes the Content-Security-Policy into the built index.html, first in <head>, for static
 * hosting. Build only: the dev server injects inline scripts (React refresh) and has no CSP.
 */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'fourfold-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy('meta') },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  // Relative asset URLs: the built app works from any path (a sub-folder, a file server).
  base: './',
  plugins: [react(), demoIndex(), offline(), contentSecurityPolicyMeta()],
  // Module workers: the parse, index, embed and clone workers import ES modules.
  worker: {
    format: 'es',
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: {
        // ASCII only (the messages' quotes and ellipses escaped): the browser decodes the script
        // as one-byte text, and V8 keeps and scans it as such, instead of two-byte UTF-16.
        charset: 'ascii',
        chunkFileNames: (chunk) => {
          const grammar = chunk.facadeModuleId ? grammarChunkName(chunk.facadeModuleId) : null;
          return grammar ? `assets/${grammar}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  // The ONNX model's files are served as-is from public/models/; let Vite treat any that are
  // imported (`?url`) as assets too.
  assetsInclude: ['**/*.onnx'],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Never inline a wasm file or a model as a data URL: they are large and cache better as files.
    assetsInlineLimit: 0,
    // transformers.js and onnxruntime are big single modules; that is expected.
    chunkSizeWarningLimit: 4096,
    // The demo index is built in buildStart on purpose (it is most of a build's time), and the
    // worker bundles are large: Rolldown's "callbacks ran for N s" notice would print on every build.
    rolldownOptions: { checks: { bundlerTimings: false }, output: { charset: 'ascii' } },
  },
  optimizeDeps: {
    // Both ship their own wasm loaders; pre-bundling them breaks the relative wasm lookups.
    exclude: ['onnxruntime-web', '@huggingface/transformers', 'web-tree-sitter'],
  },
  server: { host: '127.0.0.1' },
  // `npm start` serves the policy as a header too: the workers' scripts get it (a meta tag
  // covers the page only), and frame-ancestors works only there. It also isolates the page
  // (COOP/COEP), which no meta tag can do.
  // `PORT=8080 npm start` serves elsewhere; strict, so a busy port is said rather than silently replaced.
  preview: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    headers: { 'Content-Security-Policy': contentSecurityPolicy('header'), ...CROSS_ORIGIN_ISOLATION_HEADERS },
  },
});
