/**
 * The bundled local embedding model in an embed worker, served from the app's own `models/`
 * folder — never from a hub or a CDN, so it works offline. Its static token-table graph runs in
 * TypeScript (src/engine/semantic/static-model.ts): no runtime to compile, so semantic search
 * joins a reloaded tab at once. Another graph in its place runs on transformers.js and ONNX
 * Runtime's wasm from the app's assets (`browserLocalModel`).
 *
 * The wasm must match the JS that loads it: package.json pins onnxruntime-web to the version
 * transformers.js 4.3.2 pins (1.31.0-dev), so npm installs one copy and these URLs are its files.
 */
import {
  createLocalEmbedder,
  DEFAULT_LOCAL_MODEL_ID,
  type LocalEmbedder,
  type LocalEmbedderOptions,
} from '../engine/semantic/local';
import { createStaticLocalEmbedder, LOCAL_MODEL_PATHS, type LocalModelFiles } from '../engine/semantic/static-embedder';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';

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

/** The files the static path reads, fetched from the app's `models/<id>/` (the service worker keeps them). */
async function fetchModelFiles(appRoot: string, modelId: string): Promise<LocalModelFiles> {
  const base = new URL(`models/${modelId}/`, appRoot);
  const get = async (path: string) => {
    const response = await fetch(new URL(path, base));
    if (!response.ok) throw new Error(`${path} answered HTTP ${response.status}`);
    return response;
  };
  const settled = await Promise.allSettled([
    get(LOCAL_MODEL_PATHS.onnx).then(async (r) => new Uint8Array(await r.arrayBuffer())),
    get(LOCAL_MODEL_PATHS.tokenizerJson).then((r) => r.text()),
    get(LOCAL_MODEL_PATHS.tokenizerConfig).then((r) => r.text()),
  ]);
  // Every file that failed, in this fixed order: which request failed first is the network's choice.
  const failed = settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as Error).message] : []));
  if (failed.length > 0) throw new Error(failed.join('; '));
  const [onnx, tokenizerJson, tokenizerConfig] = settled.map((s) => (s as PromiseFulfilledResult<unknown>).value);
  return {
    onnx: onnx as Uint8Array,
    tokenizerJson: tokenizerJson as string,
    tokenizerConfig: tokenizerConfig as string,
  };
}

/** The bundled model: run here when its graph is the static table, through transformers.js otherwise. */
export async function createBrowserLocalEmbedder(appRoot: string): Promise<LocalEmbedder> {
  const modelId = DEFAULT_LOCAL_MODEL_ID;
  let direct: Awaited<ReturnType<typeof createStaticLocalEmbedder>>;
  try {
    direct = await createStaticLocalEmbedder(modelId, await fetchModelFiles(appRoot, modelId));
  } catch (err) {
    throw new Error(`Could not load the local embedding model "${modelId}": ${(err as Error).message}`, {
      cause: err,
    });
  }
  return direct.ok ? direct.embedder : createLocalEmbedder(browserLocalModel(appRoot));
}
