/**
 * The tokenizer of the local model, written twice on purpose: once as the `tokenizer.json`
 * that transformers.js runs, once as plain TypeScript the training script runs. They must
 * agree token for token (the model's test checks it), so both are built from the same rules.
 *
 * Why these rules: code identifiers carry their meaning in sub-tokens (`parseArgs`,
 * `parse_args`, `ParseArgs` → `parse args`), and punctuation carries none for a
 * bag-of-tokens model. So the normalizer splits camelCase/PascalCase humps and letter/digit
 * boundaries with zero-width regex replacements, lower-cases, and the pre-tokenizer keeps
 * runs of [a-z0-9]. WordPiece then looks words up whole; a word not in the vocabulary falls
 * back to its longest known prefix plus one-character `##` pieces (whose vectors are zero),
 * so `tokenizers` still means `tokenizer`/`token`.
 */

/** Zero-width boundaries where an identifier is split (Oniguruma- and JS-compatible lookarounds). */
export const SPLIT_BOUNDARIES: readonly string[] = [
  '(?<=[a-z0-9])(?=[A-Z])', // fooBar → foo Bar, v8Engine → v8 Engine
  '(?<=[A-Z])(?=[A-Z][a-z])', // XMLHttp → XML Http
  '(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])', // utf8 → utf 8, 2d → 2 d
];

/** Everything that is not a lower-case letter or digit separates words (after lower-casing). */
export const WORD_SEPARATOR = '[^a-z0-9]+';

export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const;
export const CONTINUATION_PREFIX = '##';
export const MAX_INPUT_CHARS_PER_WORD = 100;
/** Characters that always exist as words and as `##` pieces, so no ASCII word becomes [UNK]. */
export const FALLBACK_CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

const boundaryRegexes = SPLIT_BOUNDARIES.map((source) => new RegExp(source, 'gu'));
const separatorRegex = new RegExp(WORD_SEPARATOR, 'gu');

/** The normalizer + pre-tokenizer of tokenizer.json, in TypeScript: text → lower-cased words. */
export function preTokenize(text: string): string[] {
  let normalized = text;
  for (const re of boundaryRegexes) normalized = normalized.replaceAll(re, ' ');
  return normalized
    .toLowerCase()
    .split(separatorRegex)
    .filter((w) => w.length > 0);
}

/** WordPiece over one word, exactly as transformers.js does it (greedy longest match). */
export function wordPiece(word: string, vocab: Map<string, number>, unkId: number, out: number[]): void {
  const chars = [...word];
  if (chars.length > MAX_INPUT_CHARS_PER_WORD) {
    out.push(unkId);
    return;
  }
  const pieces: number[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = chars.length;
    let found = -1;
    while (start < end) {
      let piece = chars.slice(start, end).join('');
      if (start > 0) piece = CONTINUATION_PREFIX + piece;
      const id = vocab.get(piece);
      if (id !== undefined) {
        found = id;
        break;
      }
      end--;
    }
    if (found < 0) {
      out.push(unkId);
      return;
    }
    pieces.push(found);
    start = end;
  }
  for (const p of pieces) out.push(p);
}

/** The ids transformers.js produces for `text` without special tokens. */
export function encodeWithoutSpecials(text: string, vocab: Map<string, number>): number[] {
  const unkId = vocab.get('[UNK]')!;
  const out: number[] = [];
  for (const w of preTokenize(text)) wordPiece(w, vocab, unkId, out);
  return out;
}

/** Vocabulary order: specials, whole words (most frequent first), fallback characters, `##` pieces. */
export function buildVocabulary(words: string[]): string[] {
  const tokens: string[] = [...SPECIAL_TOKENS];
  const seen = new Set<string>(tokens);
  for (const w of [...words, ...FALLBACK_CHARACTERS]) {
    if (!seen.has(w)) {
      seen.add(w);
      tokens.push(w);
    }
  }
  for (const c of FALLBACK_CHARACTERS) tokens.push(CONTINUATION_PREFIX + c);
  return tokens;
}

/** tokenizer.json in the Hugging Face `tokenizers` format that @huggingface/tokenizers reads. */
export function tokenizerJson(vocabulary: string[]): object {
  const vocab: Record<string, number> = {};
  vocabulary.forEach((t, i) => (vocab[t] = i));
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content) => ({
      id: vocab[content],
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'Sequence',
      normalizers: [
        ...SPLIT_BOUNDARIES.map((Regex) => ({ type: 'Replace', pattern: { Regex }, content: ' ' })),
        { type: 'Lowercase' },
      ],
    },
    pre_tokenizer: { type: 'Split', pattern: { Regex: WORD_SEPARATOR }, behavior: 'Removed', invert: false },
    post_processor: { type: 'BertProcessing', sep: ['[SEP]', vocab['[SEP]']], cls: ['[CLS]', vocab['[CLS]']] },
    decoder: { type: 'WordPiece', prefix: CONTINUATION_PREFIX, cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: CONTINUATION_PREFIX,
      max_input_chars_per_word: MAX_INPUT_CHARS_PER_WORD,
      vocab,
    },
  };
}

export function tokenizerConfigJson(maxLength: number): object {
  return {
    tokenizer_class: 'BertTokenizer',
    model_max_length: maxLength,
    do_lower_case: false, // the normalizer lower-cases after splitting camelCase
    clean_up_tokenization_spaces: true,
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    cls_token: '[CLS]',
    sep_token: '[SEP]',
  };
}
