/**
 * How much of a question a file says (ranking.ts FILE_WORDS_GAIN): of the question's content
 * words, each weighed by its rarity among the repository's files (ln(files ÷ files saying it)),
 * the share its file's text says — a word itself or one sharing a base form with it ("throttling"
 * → throttle, throttled), in any line, a definition's name or the file's path. Read from the text
 * index's postings, so no file is read again. A word no file says, or every file, weighs nothing.
 */
import type { Chunk } from '../contract';
import type { Corpus } from '../modality';
import { contentTerms } from '../tokens';

/** Shorter words ("id", "io") and numbers say too little of a subject to count. */
const MIN_FILE_WORD = 3;
const NUMBER = /^\d+$/;

export function fileWordsLookup(
  corpus: Corpus,
  chunksSaying: (word: string) => readonly number[],
  question: string,
): (chunk: Chunk) => number {
  const files = corpus.files.length;
  const weighed: { weight: number; files: Set<number> }[] = [];
  for (const word of contentTerms(question)) {
    if (word.length < MIN_FILE_WORD || NUMBER.test(word)) continue;
    const saying = new Set<number>();
    for (const id of chunksSaying(word)) {
      const fileId = corpus.chunks[id]?.fileId;
      if (fileId !== undefined) saying.add(fileId);
    }
    if (saying.size === 0 || saying.size >= files) continue;
    weighed.push({ weight: Math.log(files / saying.size), files: saying });
  }
  const total = weighed.reduce((sum, w) => sum + w.weight, 0);
  return (chunk) => {
    if (total === 0) return 0;
    let said = 0;
    for (const w of weighed) if (w.files.has(chunk.fileId)) said += w.weight;
    return said / total;
  };
}
