import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_MODELS_DIR } from '../../node/embedders';
import { asciiWordPiece } from './ascii-wordpiece';
import { DEFAULT_LOCAL_MODEL_ID } from './local';
import { localTokenizerFrom } from './static-embedder';

const MODEL_DIR = `${NODE_MODELS_DIR}${DEFAULT_LOCAL_MODEL_ID}`;
const tokenizerJson = readFileSync(`${MODEL_DIR}/tokenizer.json`, 'utf8');
const tokenizerConfig = readFileSync(`${MODEL_DIR}/tokenizer_config.json`, 'utf8');

async function library(): Promise<(text: string) => number[]> {
  const { Tokenizer } = await import('@huggingface/tokenizers');
  const tokenizer = new Tokenizer(JSON.parse(tokenizerJson), JSON.parse(tokenizerConfig));
  return (text) => tokenizer.encode(text, { add_special_tokens: false }).ids;
}

/** Real code in 17 languages (the analyzer's fixtures) and five npm packages (semantic fixtures), cut where the runner cuts: at whitespace. */
function realPieces(): string[] {
  const pieces = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else for (const piece of readFileSync(path, 'utf8').split(/\s+/)) if (piece) pieces.add(piece);
    }
  };
  walk(join(import.meta.dirname, '../structural/fixtures'));
  walk(join(import.meta.dirname, 'fixtures'));
  return [...pieces];
}

describe('asciiWordPiece (the bundled tokenizer written out for ASCII pieces)', () => {
  it('gives the library’s ids for every piece of real code it takes, and leaves the rest to it', async () => {
    const fast = asciiWordPiece(JSON.parse(tokenizerJson))!;
    expect(fast).not.toBeNull();
    const encode = await library();
    const pieces = realPieces();
    let taken = 0;
    for (const piece of pieces) {
      const ids = fast(piece);
      if (ids === null) continue;
      taken++;
      expect(ids, piece).toEqual(encode(piece));
    }
    // Nearly all code is ASCII: the fast path must take it, or it saves nothing.
    expect(pieces.length).toBeGreaterThan(3_000);
    expect(taken / pieces.length).toBeGreaterThan(0.97);
  });

  it('splits camelCase, acronyms and digits as the normalizer does, and cuts words into ## pieces', async () => {
    const fast = asciiWordPiece(JSON.parse(tokenizerJson))!;
    const encode = await library();
    for (const text of ['parseHTTPServer2Config', 'XMLHttpRequest2', 'ABCDef', 'aB', 'Ab9Z', 'getIdV2x', 'A1b2C3']) {
      expect(fast(text), text).toEqual(encode(text));
    }
    // A word longer than max_input_chars_per_word is one [UNK], as in the library.
    const long = 'x'.repeat(101);
    expect(fast(long)).toEqual(encode(long));
    expect(fast(long)).toHaveLength(1);
  });

  it('leaves non-ASCII and added-token text to the library, and takes other brackets', async () => {
    const fast = asciiWordPiece(JSON.parse(tokenizerJson))!;
    const encode = await library();
    // The Kelvin sign lowercases to an ASCII k; [CLS] is matched before normalizing.
    expect(fast('\u212Aelvin')).toBeNull();
    expect(fast('café')).toBeNull();
    expect(fast('x[CLS]')).toBeNull();
    expect(fast('x[SEP]y')).toBeNull();
    for (const text of ['args[0]', '[]', 'a[CL]', '[[UNKNOWN]]']) expect(fast(text), text).toEqual(encode(text));
  });

  it('is refused for any other pipeline', () => {
    const json = JSON.parse(tokenizerJson) as Record<string, Record<string, unknown>>;
    const other = (change: (j: typeof json) => void) => {
      const copy = JSON.parse(tokenizerJson) as typeof json;
      change(copy);
      return asciiWordPiece(copy);
    };
    expect(asciiWordPiece(json)).not.toBeNull();
    expect(other((j) => ((j.normalizer.normalizers as unknown[]).length = 3))).toBeNull();
    expect(other((j) => (j.pre_tokenizer.behavior = 'Isolated'))).toBeNull();
    expect(other((j) => (j.model.type = 'BPE'))).toBeNull();
    expect(other((j) => (j.model.continuing_subword_prefix = '@@'))).toBeNull();
    expect(other((j) => ((j.added_tokens as unknown as { content: string }[])[0].content = 'PAD'))).toBeNull();
  });

  it('is what the runner’s tokenizer uses for pieces, with the same ids as before', async () => {
    const tokenizer = await localTokenizerFrom(tokenizerJson, tokenizerConfig);
    // The bundled tokenizer passes the load-time probes: the fast path is on, not silently off.
    expect(tokenizer.fastPieces).toBe(true);
    const encode = await library();
    for (const piece of realPieces().slice(0, 2_000))
      expect(tokenizer.encode(piece, { add_special_tokens: false }), piece).toEqual(encode(piece));
    // Whole texts with special tokens still go to the library.
    expect(tokenizer.encode('fooBar')).toEqual([2, ...encode('fooBar'), 3]);
  });
});
