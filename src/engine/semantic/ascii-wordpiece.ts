/**
 * The bundled tokenizer's pipeline written out for ASCII pieces: the same ids as
 * @huggingface/tokenizers, without its general machinery (the added-token splitter, a regex per
 * normalizer step, the pre-tokenizer's split, token strings mapped to ids). The build tokenizes
 * each distinct whitespace-separated piece once (LocalModelRunner's memo), and those first encodes
 * were most of tokenizing and much of embedding's CPU (measured: docs/bench/HISTORY.md).
 *
 * Only for a tokenizer.json whose normalizer, pre-tokenizer and model are exactly the ones the
 * model's training writes (scripts/); anything else gets no fast path. Within it:
 *  - normalizer: a space at each camelCase boundary (`[a-z0-9]` then `[A-Z]`), before the last
 *    capital of an acronym followed by a lowercase letter, and between letters and digits; then
 *    lowercase. The three Replace steps insert spaces only, and none of them inserts one inside a
 *    pair another step looks at, so their boundaries are read from the original characters;
 *  - pre-tokenizer: split on `[^a-z0-9]+`, separators removed;
 *  - WordPiece: greedy longest match, `##` for a word's later pieces, `[UNK]` for a word over
 *    `max_input_chars_per_word` characters or with a position no vocabulary entry starts.
 * Pieces with a non-ASCII character (lowercasing may turn one into ASCII, e.g. the Kelvin sign)
 * or holding an added token (`[CLS]`…, matched in the raw text before normalizing) are left to
 * the library.
 */

/** The steps this module writes out, as tokenizer.json spells them. */
const EXPECTED_NORMALIZER = {
  type: 'Sequence',
  normalizers: [
    { type: 'Replace', pattern: { Regex: '(?<=[a-z0-9])(?=[A-Z])' }, content: ' ' },
    { type: 'Replace', pattern: { Regex: '(?<=[A-Z])(?=[A-Z][a-z])' }, content: ' ' },
    { type: 'Replace', pattern: { Regex: '(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])' }, content: ' ' },
    { type: 'Lowercase' },
  ],
};
const EXPECTED_PRE_TOKENIZER = { type: 'Split', pattern: { Regex: '[^a-z0-9]+' }, behavior: 'Removed', invert: false };

/** Token ids of one piece without special tokens, or null when the piece is not one this path takes. */
export type PieceEncoder = (piece: string) => number[] | null;

interface TokenizerJson {
  normalizer?: unknown;
  pre_tokenizer?: unknown;
  model?: {
    type?: unknown;
    unk_token?: unknown;
    continuing_subword_prefix?: unknown;
    max_input_chars_per_word?: unknown;
    vocab?: unknown;
  };
  added_tokens?: { content?: unknown }[];
}

const UPPER = 1;
const LOWER = 2;
const DIGIT = 4;
/** Character classes of the ASCII range (0: a separator). */
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (c >= 65 && c <= 90) CLASS[c] = UPPER;
  else if (c >= 97 && c <= 122) CLASS[c] = LOWER;
  else if (c >= 48 && c <= 57) CLASS[c] = DIGIT;
}
const LETTER = UPPER | LOWER;

/** The fast path for this tokenizer.json, or null when its pipeline is not exactly the one written out here. */
export function asciiWordPiece(tokenizerJson: unknown): PieceEncoder | null {
  const json = tokenizerJson as TokenizerJson;
  const model = json?.model;
  if (!model || model.type !== 'WordPiece' || model.continuing_subword_prefix !== '##') return null;
  if (!sameJson(json.normalizer, EXPECTED_NORMALIZER) || !sameJson(json.pre_tokenizer, EXPECTED_PRE_TOKENIZER))
    return null;
  // Added tokens are matched before normalizing: a piece holding one is left to the library,
  // found cheaply when every one of them has a `[`.
  const added = (json.added_tokens ?? []).map((t) => t.content);
  if (!added.every((t): t is string => typeof t === 'string' && t.includes('['))) return null;
  const vocab = model.vocab as Record<string, unknown> | undefined;
  const unk = typeof model.unk_token === 'string' ? vocab?.[model.unk_token] : undefined;
  if (!vocab || typeof unk !== 'number') return null;
  const maxChars = model.max_input_chars_per_word ?? 100;
  if (typeof maxChars !== 'number') return null;
  const ids = new Map<string, number>();
  let longest = 0;
  for (const [token, id] of Object.entries(vocab)) {
    if (typeof id !== 'number') return null;
    ids.set(token, id);
    longest = Math.max(longest, token.length);
  }

  /** WordPiece over one lowercased word (ASCII, so characters are code units). */
  const word = (w: string, out: number[]) => {
    if (w.length > maxChars) {
      out.push(unk);
      return;
    }
    const mark = out.length;
    for (let start = 0; start < w.length;) {
      // No vocabulary entry is longer than `longest`: shorter ends are the only ones that can match.
      let end = Math.min(w.length, start + longest);
      let id: number | undefined;
      for (; end > start; end--) {
        id = ids.get(start > 0 ? '##' + w.slice(start, end) : w.slice(start, end));
        if (id !== undefined) break;
      }
      if (id === undefined) {
        out.length = mark;
        out.push(unk);
        return;
      }
      out.push(id);
      start = end;
    }
  };

  return (piece) => {
    if (piece.includes('[') && added.some((t) => piece.includes(t))) return null;
    const out: number[] = [];
    let current = '';
    let prev = 0;
    for (let i = 0; i < piece.length; i++) {
      const code = piece.charCodeAt(i);
      // Non-ASCII may lowercase into ASCII (and the normalizer's classes are ASCII): the library decides.
      if (code >= 128) return null;
      const cls = CLASS[code];
      if (cls === 0) {
        if (current) word(current, out);
        current = '';
        prev = 0;
        continue;
      }
      if (current && breaksBefore(prev, cls, piece, i)) {
        word(current, out);
        current = '';
      }
      current += cls === UPPER ? String.fromCharCode(code + 32) : piece[i];
      prev = cls;
    }
    if (current) word(current, out);
    return out;
  };
}

/** Whether the normalizer puts a space between the alphanumeric characters at i − 1 (class `prev`) and i (class `cls`). */
function breaksBefore(prev: number, cls: number, text: string, i: number): boolean {
  if (cls === UPPER) {
    if (prev === LOWER || prev === DIGIT) return true;
    // An acronym's last capital before a lowercase letter: `HTTPServer` → `HTTP Server`.
    if (prev === UPPER) {
      const next = text.charCodeAt(i + 1);
      return next < 128 && CLASS[next] === LOWER;
    }
    return false;
  }
  return (prev & LETTER) !== 0 ? cls === DIGIT : cls !== DIGIT;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
