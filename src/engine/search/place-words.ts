/**
 * How much of a phrase typed into a search box a result's place says — the folders' and the
 * file's names in its path, not its body (ranking.ts PLACE_WORDS_GAIN): of the phrase's content
 * words, each weighed by its rarity among the repository's paths (ln((files + 1) ÷ (files whose
 * path says it + 1))), the share its path says (path-words.ts placeWords). A word counts as itself
 * or in a base form on either side ("interning" for "intern", "graphs" for "graph"), or as a piece
 * of a folder's or file's name that the phrase's words spell whole when run together ("edge list"
 * in `edgelist`, "fast … walk" in `fastwalk`, "go command" in `gocommand`): a folder or file is
 * named for its subject in one word where the phrase says it in two.
 */
import type { Chunk } from '../contract';
import type { Corpus } from '../modality';
import { placeWords } from '../path-words';
import { baseForms, contentTerms, withBaseForms } from '../tokens';

/** Shorter words ("id", "io") and numbers say too little of a subject to count alone. */
const MIN_PLACE_WORD = 3;
const NUMBER = /^\d+$/;

/**
 * The asked words (their indices) that spell `word` whole when run together, two pieces or more,
 * each piece a word of the phrase as typed (`a`, `go` too) — or null when they do not.
 */
function piecesOf(word: string, pieces: ReadonlyMap<string, number>): number[] | null {
  // best[i]: the asked indices of one way to spell word.slice(0, i), with its piece count.
  const best: ({ asked: number[]; count: number } | null)[] = [{ asked: [], count: 0 }];
  for (let i = 1; i <= word.length; i++) {
    best.push(null);
    for (let j = 0; j < i; j++) {
      const before = best[j];
      const piece = pieces.get(word.slice(j, i));
      if (!before || piece === undefined) continue;
      best[i] = { asked: piece >= 0 ? [...before.asked, piece] : before.asked, count: before.count + 1 };
      break;
    }
  }
  const whole = best[word.length];
  return whole && whole.count >= 2 ? whole.asked : null;
}

/**
 * The words that open a "how" question's subject: the one or two words after "how does the" (or
 * "a", "an") — "how does the spinner round a value …", "how does the run dialog (alt-f2) complete
 * …", "how does the in-memory store save …". Undefined for any other question. The second word
 * may be the verb already; placed words alone count (subjectPlaceWordsLookup).
 */
export function howSubject(question: string): string | undefined {
  return HOW_SUBJECT.exec(question)?.[1];
}

const HOW_SUBJECT = /^\s*how\s+(?:does|do)\s+(?:the|an?)\s+(\S+(?:\s+\S+)?)/i;

/**
 * On a question asking how something named as "the <part>" works, how much of that part its
 * result's path says (placeWordsLookup over the subject's words alone, each weighed by its rarity
 * among the paths; a word no path says, such as the verb after a one-word subject, weighs
 * nothing): a program files a part of itself under that part's name (ui/widgets/spinner.js for
 * "how does the spinner round a value to the step", store/Memory.js for "how does the in-memory
 * store save an object"), while the lists weigh bodies, where a neighbouring part says the same
 * words (slider.js's `_calculateNewMax` for the spinner's rounding). Undefined when the question
 * opens with no such subject.
 */
export function subjectPlaceWordsLookup(corpus: Corpus, question: string): ((chunk: Chunk) => number) | undefined {
  const subject = howSubject(question);
  return subject === undefined ? undefined : placeWordsLookup(corpus, subject, true);
}

export function placeWordsLookup(corpus: Corpus, question: string, placedOnly = false): (chunk: Chunk) => number {
  const asked = contentTerms(question).filter((t) => t.length >= MIN_PLACE_WORD && !NUMBER.test(t));
  if (asked.length === 0) return () => 0;
  const forms = asked.map((t) => new Set([t, ...baseForms(t)]));
  // Every word of the phrase as typed may be a piece of a name run together; an asked word's forms count for it.
  const pieces = new Map<string, number>();
  for (const w of question.toLowerCase().match(/[a-z0-9]+/g) ?? []) pieces.set(w, -1);
  forms.forEach((f, i) => {
    for (const form of f) pieces.set(form, i);
  });
  const saidByFile = new Map<number, ReadonlySet<number>>();
  const saidBy = (fileId: number, path: string): ReadonlySet<number> => {
    let said = saidByFile.get(fileId);
    if (said) return said;
    const place = withBaseForms(placeWords(path));
    const indices = new Set<number>();
    forms.forEach((f, i) => {
      for (const form of f) if (place.has(form)) indices.add(i);
    });
    for (const word of place) for (const i of piecesOf(word, pieces) ?? []) indices.add(i);
    saidByFile.set(fileId, (said = indices));
    return said;
  };
  const files = corpus.files.length;
  const saying = asked.map(() => 0);
  corpus.files.forEach((file, fileId) => {
    for (const i of saidBy(fileId, file.path)) saying[i]++;
  });
  const weights = saying.map((n) => (placedOnly && n === 0 ? 0 : Math.log((files + 1) / (n + 1))));
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return () => 0;
  return (chunk) => {
    let said = 0;
    for (const i of saidBy(chunk.fileId, chunk.path)) said += weights[i];
    return said / total;
  };
}
