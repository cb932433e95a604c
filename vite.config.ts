import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  // Relative asset URLs: the built app works from any path (a sub-folder, a file server).
  base: './',
  plugins: [react()],
  // Module workers: the parse, index, embed and clone workers import ES modules.
  worker: { format: 'es' },
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
  },
  optimizeDeps: {
    // Both ship their own wasm loaders; pre-bundling them breaks the relative wasm lookups.
    exclude: ['onnxruntime-web', '@huggingface/transformers', 'web-tree-sitter'],
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
