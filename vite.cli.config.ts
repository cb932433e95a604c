/**
 * The CLI's build: src/node/cli.ts (and the parse-pool worker entry) compiled to plain
 * JavaScript in dist-cli/node/, so `fourfold` starts without a TypeScript compiler.
 * Dependencies stay external (node_modules), except the three small pure-JavaScript ones a
 * cached question loads (re2js, minisearch, jsonc-parser): bundled, Node neither resolves their
 * packages nor runs jsonc-parser's UMD build through its CommonJS loader at every start. The
 * heavy ones (transformers.js, tree-sitter) stay behind dynamic imports as in the sources.
 * The output is minified without renaming anything (a stack trace still names its functions):
 * without comments and with every non-ASCII character escaped, Node decodes the source as
 * one-byte text and V8 scans a third less of it at every start.
 * The warm server's client (warm-client.ts) is an entry of its own that imports only Node's
 * modules: bin/fourfold.js loads it first, and nothing else, for a question a server answers. Each
 * build gets an id (`__FOURFOLD_BUILD_ID__`): a server answers only clients of its own build.
 * The output sits two folders deep, like src/node/, so relative file URLs in the sources
 * (../../public/models/) point at the same place.
 */
import { builtinModules } from 'node:module';
import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  define: { __FOURFOLD_BUILD_ID__: JSON.stringify(`${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`) },
  ssr: { noExternal: ['jsonc-parser', 're2js', 'minisearch'] },
  build: {
    ssr: true,
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    reportCompressedSize: false,
    rollupOptions: {
      input: {
        cli: 'src/node/cli.ts',
        'parse-worker': 'src/node/parse-worker.ts',
        'warm-client': 'src/node/warm-client.ts',
        'warm-server-main': 'src/node/warm-server-main.ts',
      },
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: {
        format: 'es',
        entryFileNames: 'node/[name].js',
        chunkFileNames: 'node/[name]-[hash].js',
        minify: { compress: false, mangle: false, codegen: { removeWhitespace: true, asciiOnly: true } },
      },
    },
  },
});
