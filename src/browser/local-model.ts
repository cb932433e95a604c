/**
 * Browser configuration of the bundled local embedding model (src/engine/semantic/local.ts):
 * the model is served from the app's own `models/` folder, and ONNX Runtime's wasm from the
 * app's assets — never from a hub or a CDN, so it works offline.
 *
 * transformers.js 4.3.2 pins its own onnxruntime-web (1.31.0-dev, nested in its
 * node_modules); the wasm must match the JS that loads it, so the URLs point at that copy.
 */
import type { LocalEmbedderOptions } from '../engine/semantic/local';
import { DEFAULT_LOCAL_MODEL_ID } from '../engine/semantic/local';
import ortWasmUrl from '../../node_modules/@huggingface/transformers/node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm?url';
import ortMjsUrl from '../../node_modules/@huggingface/transformers/node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.mjs?url';

/** @param appRoot the URL of the app's root folder (where index.html and models/ are). */
export function browserLocalModel(appRoot: string): LocalEmbedderOptions {
  return {
    modelId: DEFAULT_LOCAL_MODEL_ID,
    // A path, not a full URL: transformers.js 4.3 checks whether tokenizer files exist only
    // for local paths, and with an http(s) URL silently loads the model without its tokenizer.
    modelBaseUrl: new URL('models/', appRoot).pathname,
    dtype: 'q8',
    configureEnv(env) {
      // Import ONNX Runtime's glue from its URL: with the wasm cache on, transformers.js
      // imports a blob: copy of it, which the page's CSP (script-src 'self') refuses. The
      // service worker already keeps both files for offline use.
      env.useWasmCache = false;
      const wasm = env.backends.onnx.wasm!;
      wasm.wasmPaths = {
        wasm: new URL(ortWasmUrl, self.location.href).href,
        mjs: new URL(ortMjsUrl, self.location.href).href,
      };
      // Several threads need a cross-origin isolated page (COOP/COEP); one is plenty for this model.
      if (!self.crossOriginIsolated) wasm.numThreads = 1;
    },
  };
}
