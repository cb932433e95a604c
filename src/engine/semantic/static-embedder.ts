/**
 * The bundled model from its files, without ONNX Runtime: the static token table
 * (static-model.ts) and the tokenizer through @huggingface/tokenizers (the tokenizer package
 * transformers.js bundles and calls for `encode`: the same ids). Hosts read the files (Node from
 * disk, the embed worker by fetch) and fall back to ONNX Runtime when the graph is refused.
 */
import { localEmbedderFrom, type LocalEmbedder, type LocalTokenizer } from './local';
import { loadStaticModel, type StaticModelRejection } from './static-model';
import { asciiWordPiece, type PieceEncoder } from './ascii-wordpiece';

/** The files of a model folder that the embedder reads. */
export interface LocalModelFiles {
  /** onnx/model_quantized.onnx */
  onnx: Uint8Array;
  /** tokenizer.json and tokenizer_config.json, as text. */
  tokenizerJson: string;
  tokenizerConfig: string;
}

/** Where each of LocalModelFiles lies in the model's folder (the ONNX file is what transformers.js loads for dtype 'q8'). */
export const LOCAL_MODEL_PATHS = {
  onnx: 'onnx/model_quantized.onnx',
  tokenizerJson: 'tokenizer.json',
  tokenizerConfig: 'tokenizer_config.json',
} as const satisfies Record<keyof LocalModelFiles, string>;

export type StaticEmbedderLoad = { ok: true; embedder: LocalEmbedder } | { ok: false; rejection: StaticModelRejection };

/** The tokenizer of tokenizer.json / tokenizer_config.json, behind the runner's interface. */
export async function localTokenizerFrom(
  tokenizerJson: string,
  tokenizerConfig: string,
): Promise<LocalTokenizer & { readonly fastPieces: boolean }> {
  const { Tokenizer } = await import('@huggingface/tokenizers');
  const json: unknown = JSON.parse(tokenizerJson);
  const tokenizer = new Tokenizer(json as never, JSON.parse(tokenizerConfig));
  const library = (text: string, addSpecialTokens: boolean) =>
    tokenizer.encode(text, { add_special_tokens: addSpecialTokens }).ids;
  const fast = checkedFastPath(asciiWordPiece(json), (text) => library(text, false));
  return {
    /** Whether pieces take asciiWordPiece (its pipeline matched and its probes agreed with the library). */
    fastPieces: fast !== null,
    // A piece without special tokens (how the runner asks, once per distinct piece) takes the
    // written-out path when it can: the same ids as the library's, a fraction of the time.
    encode: (text, options) => {
      const addSpecialTokens = options?.add_special_tokens ?? true;
      return (!addSpecialTokens && fast?.(text)) || library(text, addSpecialTokens);
    },
  };
}

/**
 * Texts the fast path is checked on against the library before it is used: camelCase, acronyms,
 * digits on either side of letters, separators, a word past max_input_chars_per_word, a word no
 * vocabulary entry covers, and the shapes it leaves to the library. One difference and the
 * library tokenizes everything (asciiWordPiece's gate is on the JSON; this is on the behaviour).
 */
const FAST_PATH_PROBES = [
  'parseHTTPServer2Config',
  'XMLHttpRequest2.open(utf8Decoder,',
  'snake_case_name',
  '__proto__',
  '$scope->getId()',
  'A1b2C3d4',
  'ABCDef',
  'aB',
  'Ab9Z',
  '0x1F',
  'x'.repeat(101),
  'qzxqzxqzxjjjj',
  'std::vector<int>&',
  'https://example.com/path?q=1#frag',
  '[CLS]x',
  'café',
  '',
  '---',
];

function checkedFastPath(fast: PieceEncoder | null, library: (text: string) => number[]): PieceEncoder | null {
  if (!fast) return null;
  for (const probe of FAST_PATH_PROBES) {
    const ids = fast(probe);
    if (ids && ids.join() !== library(probe).join()) return null;
  }
  return fast;
}

/** The embedder of `local:<modelId>` run here, or why its graph must go to ONNX Runtime instead. */
export async function createStaticLocalEmbedder(modelId: string, files: LocalModelFiles): Promise<StaticEmbedderLoad> {
  const loaded = loadStaticModel(files.onnx);
  if (!loaded.ok) return loaded;
  const tokenizer = await localTokenizerFrom(files.tokenizerJson, files.tokenizerConfig);
  return { ok: true, embedder: await localEmbedderFrom(`local:${modelId}`, tokenizer, loaded.model) };
}
