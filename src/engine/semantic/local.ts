/**
 * The local embedder: a transformers.js `feature-extraction` pipeline over a model that is
 * served by this app (public/models/<id>/), never downloaded from a hub.
 *
 * Output: mean pooling + L2 normalisation, then transformers.js packs the signs itself
 * (`quantize: true, precision: 'ubinary'`: bit = value > 0, first dimension = high bit of
 * byte 0); packUbinaryBytes turns the bytes into words (binary.ts documents the order).
 *
 * What each environment must set (everything else is done here):
 *  - Node: `localModelPath` = the absolute folder holding `<modelId>/` (src/node/embedders.ts
 *    passes <repo>/public/models/). onnxruntime-node runs the graph; no wasm paths needed.
 *  - Browser / worker: `modelBaseUrl` = the URL folder holding `<modelId>/` (e.g.
 *    `${import.meta.env.BASE_URL}models/`), and in `configureEnv`:
 *      env.backends.onnx.wasm.wasmPaths = { wasm: ortWasmUrl, mjs: ortMjsUrl }
 *    from `@huggingface/transformers/node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.{wasm,mjs}?url`
 *    when that nested copy exists (transformers.js 4.3.2 pins onnxruntime-web 1.31.0-dev,
 *    newer than the top-level 1.30.0, and the wasm must match the JS that loads it),
 *    otherwise `onnxruntime-web/dist/…`. Assign the properties; replacing the `wasm` object
 *    does nothing. Without it ONNX Runtime fetches its wasm from a CDN, which offline fails.
 *    Optionally `env.backends.onnx.wasm.numThreads = 1` unless the page is cross-origin
 *    isolated (COOP/COEP), and `env.useBrowserCache = false` if the service worker already
 *    caches /models/.
 * Both load `onnx/model_quantized.onnx` because dtype 'q8' is passed explicitly (the Node
 * default would otherwise be fp32 `model.onnx`).
 */
import { env, pipeline } from '@huggingface/transformers';
import { packUbinaryBytes } from './binary';
import type { Embedder } from './embedder';

export const DEFAULT_LOCAL_MODEL_ID = 'fourfold-code-mini';

/** Texts per pipeline call: bounds padding waste and how long an abort waits. */
const LOCAL_BATCH_SIZE = 16;

export type TransformersEnv = typeof env;

export interface LocalEmbedderOptions {
  modelId: string;
  /** Node: filesystem folder that contains `<modelId>/`. */
  localModelPath?: string;
  /** Browser: URL folder that contains `<modelId>/` (wins over localModelPath when both are set). */
  modelBaseUrl?: string;
  /** Last word on transformers.js's global `env` (wasm paths, threads, caches). */
  configureEnv?: (transformersEnv: TransformersEnv) => void;
  /** Defaults to 'q8' → onnx/model_quantized.onnx, the only file the bundled model ships. */
  dtype?: 'q8' | 'fp32';
}

type FeatureExtractor = (
  texts: string[],
  options: { pooling: 'mean'; normalize: boolean; quantize?: boolean; precision?: 'ubinary' },
) => Promise<{ data: ArrayLike<number>; dims: number[] }>;

export async function createLocalEmbedder(options: LocalEmbedderOptions): Promise<Embedder> {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  // Nothing to cache: the files are local already (and Node's FS cache would write into node_modules).
  env.useFSCache = false;
  const base = options.modelBaseUrl ?? options.localModelPath;
  if (base) env.localModelPath = base.endsWith('/') ? base : `${base}/`;
  options.configureEnv?.(env);

  let extractor: FeatureExtractor;
  try {
    extractor = (await pipeline('feature-extraction', options.modelId, {
      dtype: options.dtype ?? 'q8',
    })) as unknown as FeatureExtractor;
  } catch (err) {
    throw new Error(
      `Could not load the local embedding model "${options.modelId}" from ${env.localModelPath}: ${(err as Error).message}`,
      { cause: err },
    );
  }

  // One probe tells the real width, whatever config.json claims.
  const probe = await extractor(['probe'], { pooling: 'mean', normalize: true });
  const dimensions = probe.dims[probe.dims.length - 1];
  if (dimensions % 32 !== 0) throw new Error(`local model ${options.modelId} has ${dimensions} dimensions; a multiple of 32 is required`);
  const bytesPerVector = dimensions / 8;

  return {
    id: `local:${options.modelId}`,
    dimensions,
    async embed(texts, _inputType, signal) {
      // Queries and documents share one encoder: the local model has no instruction prefixes.
      const out: Uint32Array[] = [];
      for (let i = 0; i < texts.length; i += LOCAL_BATCH_SIZE) {
        signal?.throwIfAborted();
        const batch = texts.slice(i, i + LOCAL_BATCH_SIZE);
        const t = await extractor(batch, { pooling: 'mean', normalize: true, quantize: true, precision: 'ubinary' });
        for (let j = 0; j < batch.length; j++) {
          const bytes = new Uint8Array(bytesPerVector);
          for (let b = 0; b < bytesPerVector; b++) bytes[b] = t.data[j * bytesPerVector + b];
          out.push(packUbinaryBytes(bytes, dimensions));
        }
      }
      signal?.throwIfAborted();
      return out;
    },
    async embedQueryFloat(text) {
      const t = await extractor([text], { pooling: 'mean', normalize: true });
      return Float32Array.from(t.data as ArrayLike<number>);
    },
  };
}
