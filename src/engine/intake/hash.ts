/**
 * Content hashes for incremental re-indexing and the embedding cache.
 *
 * Synchronous and computed over the decoded text (UTF-16 code units), so any stage can
 * recompute a file's or a chunk's hash from the text alone, with no encoding step and no
 * async Web Crypto round trip (which made hashing 50,000 small files take seconds).
 * Not cryptographic: two interleaved cyrb53-style lanes pairs give 128 bits of state and
 * 106 bits of output entropy, far beyond what change detection over ~10^5 files needs.
 */

/** Hex digits in a hash string (two 53-bit halves, 14 hex digits each). */
export const TEXT_HASH_LENGTH = 28;

function finish(h1: number, h2: number): string {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return value.toString(16).padStart(14, '0');
}

/** A 28-hex-digit hash of `text`: equal texts give equal hashes, in every worker and in Node. */
export function hashText(text: string): string {
  const n = text.length;
  let h1 = 0xdeadbeef ^ n;
  let h2 = 0x41c6ce57 ^ n;
  let h3 = 0x9e3779b9 ^ n;
  let h4 = 0x85ebca6b ^ n;
  for (let i = 0; i < n; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
    h3 = Math.imul(h3 ^ ch, 2246822519);
    h4 = Math.imul(h4 ^ ch, 3266489917);
  }
  return finish(h1, h2) + finish(h3, h4);
}
