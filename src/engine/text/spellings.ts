/**
 * The code's own spellings of a question's words, found in the text index's vocabulary by rules
 * that hold for code in general (issue 22): a question is written in whole words, while code
 * shortens them and runs them together. Each spelling is searched at a lower weight, counted as
 * the word it stands for, and named in the explanation ("matched `blk` for 'block'"):
 *
 * - abbreviation: a token that shortens a question word — its start (`env` for "environment",
 *   `doc` for "documentation") or its first letter and some of its consonants in order (`blk`
 *   for "block", `cfg` for "config", `ctx` for "context") — or the other way round, a question
 *   word so shortened (`msg` asked, `message` written);
 * - word form: the verb a noun of action is made from ("resolution" → `resolve`, "installation"
 *   → `install`, "deletion" → `delete`), where the code names the doing, not the deed;
 * - compound: adjacent words written as one (`edgelist` for "edge list", `pageselector`,
 *   `astar` for "a star");
 * - initialism: the initials of three words or more (`dnlc` for "directory name lookup cache"),
 *   or the initials of words before a whole one (`rbtree` for "red black tree", `lhash` for
 *   "linear hash");
 * - phrase: what a phrase means, in the word code names it by (`count` for "the number of"), read
 *   on a question of any length (phraseReadings).
 *
 * The rules only propose; a spelling is searched when the repository's vocabulary holds it.
 */
import type { ExpandedTerm, SpellingCode } from '../contract';
import { SPELLING_WEIGHTS } from '../ranking';
import { subTokens } from '../tokens';

/** A shortening keeps this many letters at least: `db`, `fn`, `id` stand for too many words. */
const MIN_ABBREVIATION = 3;
/** A compound or initialism this short names too many things (`rb`, `io`). */
const MIN_JOINED = 3;
/**
 * Initials alone stand for a phrase from this many words: three letters name too many things
 * (`dss` for "diagnostic server start", `png` for "package name guess").
 */
const MIN_INITIALS = 4;
/** The whole word after initials is a content word this long at least (`pin` is not "path in"). */
const MIN_WORD_AFTER_INITIALS = 3;

/**
 * Builtin scalar types' names, written in nearly every signature as the type they name: their
 * letters found in order inside a question word are a coincidence (`int` in "initialize" or
 * "insert", `str` in "selector"), so such a name shortens a word only as its start (`int` for
 * "integer", `str` for "string", `char` for "character"). Read as "initialize", `int` put every C
 * function with an `int` in its signature beside the question's other words ("Initialize a stdio
 * xdr stream": openafs's `stream_flush` over `xdrstdio_create`, understand set).
 */
const TYPE_NAMES: ReadonlySet<string> = new Set(['int', 'uint', 'str', 'char', 'bool', 'byte', 'long', 'void']);

const VOWEL = /[aeiou]/;
const LETTERS = /^[a-z]+$/;

/**
 * Whether `short` is an abbreviation of `long`: both letters only, same first letter, `short` at
 * least MIN_ABBREVIATION letters and shorter, and either the start of `long` (`env`, `doc`,
 * `config` for "configuration") or its first letter followed by consonants of `long` in order
 * (`blk`, `cfg`, `ctx`, `msg`, `pkg`, `cmd`, `src`, `txt`), unless it is a builtin type's name
 * (TYPE_NAMES).
 */
export function abbreviates(short: string, long: string): boolean {
  if (short.length < MIN_ABBREVIATION || short.length >= long.length || short[0] !== long[0]) return false;
  if (!LETTERS.test(short) || !LETTERS.test(long)) return false;
  if (long.startsWith(short)) return true;
  if (TYPE_NAMES.has(short)) return false;
  let at = 1;
  for (let i = 1; i < short.length; i++) {
    const c = short[i];
    if (VOWEL.test(c)) return false;
    at = long.indexOf(c, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** Whether `word`, as a question may type it, is itself a shortening: no vowel after its first letter (`cfg`, `ctx`, `env`). */
export function looksShortened(word: string): boolean {
  return word.length >= MIN_ABBREVIATION && LETTERS.test(word) && !VOWEL.test(word.slice(1));
}

/**
 * The verbs a noun of action may be made from, as candidates: "resolution" → resolve, "execution"
 * → execute, "generation" → generate, "compilation" → compile, "installation" → install,
 * "deletion" → delete, "selection" → select, "expansion" → expand, "conversion" → convert,
 * "definition" → define, "assignment" → assign. Never the word itself; the vocabulary keeps the real ones.
 */
export function verbForms(word: string): string[] {
  const w = word.toLowerCase();
  const out: string[] = [];
  const add = (s: string) => {
    if (s.length >= 4 && s !== w && !out.includes(s)) out.push(s);
  };
  const noun = w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
  if (noun.endsWith('ment') && noun.length >= 8) add(noun.slice(0, -4));
  if (!noun.endsWith('ion') || noun.length < 7) return out;
  const stem = noun.slice(0, -3); // resolut, generat, delet, select, expans, convers, definit
  add(stem); // select, insert, extract, connect
  add(`${stem}e`); // generate, delete, execute
  if (stem.endsWith('ut')) add(`${stem.slice(0, -2)}ve`); // resolve, evolve
  if (stem.endsWith('at')) {
    add(stem.slice(0, -2)); // install, transform
    add(`${stem.slice(0, -2)}e`); // compile, validate→valide is not a word; the vocabulary decides
  }
  if (stem.endsWith('it')) add(`${stem.slice(0, -2)}e`); // define, compose
  if (stem.endsWith('ns')) add(`${stem.slice(0, -1)}d`); // expand, extend
  if (stem.endsWith('rs')) add(`${stem.slice(0, -1)}t`); // convert, revert
  if (stem.endsWith('s') && !stem.endsWith('ss')) add(`${stem.slice(0, -1)}de`); // decide, divide
  return out;
}

/** A vocabulary the rules are checked against: has a term, and the terms starting with a letter. */
export interface SpellingVocabulary {
  has(term: string): boolean;
  startingWith(letter: string): Iterable<string>;
}

/**
 * The spellings of a plain-words question found in the vocabulary, each with the question word
 * it stands for (a compound or initialism once per content word it joins). `terms` are the
 * question's content words; `raw` its text, whose word order (stop words included: "a star")
 * compounds and initials are read from.
 */
export function spellingsOf(terms: readonly string[], raw: string, vocabulary: SpellingVocabulary): ExpandedTerm[] {
  const out: ExpandedTerm[] = [];
  const asked = new Set(terms);
  const add = (code: SpellingCode, word: string, token: string) => {
    if (asked.has(token) || out.some((e) => e.token === token && e.word === word)) return;
    out.push({ code, word, token, weight: SPELLING_WEIGHTS[code] });
  };
  for (const word of terms) {
    if (!LETTERS.test(word)) continue;
    for (const verb of verbForms(word)) if (vocabulary.has(verb)) add('word-form', word, verb);
    // A shortening typed as the code writes it is matched as it is; spelled out, `css` would be `class`.
    const spellOut = looksShortened(word) && !vocabulary.has(word);
    for (const term of vocabulary.startingWith(word[0])) {
      if (term.length < word.length ? abbreviates(term, word) : spellOut && abbreviates(word, term))
        add('abbreviation', word, term);
    }
  }
  // Words are joined within a phrase: "a map, set or array" lists `map` and `set`, it never says `mapset`.
  for (const phrase of raw.split(PHRASE_BREAK)) joinedSpellings(subTokens(phrase), asked, vocabulary, add);
  return out;
}

/** A comma, a semicolon, a colon, a full stop or a bracket ends the phrase compounds and initials are read in. */
const PHRASE_BREAK = /[,;:.!?()[\]{}]+(?:\s|$)|[;()[\]{}]/;

/** The compounds and initialisms of one phrase's words (spellingsOf). */
function joinedSpellings(
  words: readonly string[],
  asked: ReadonlySet<string>,
  vocabulary: SpellingVocabulary,
  add: (code: SpellingCode, word: string, token: string) => void,
): void {
  for (let i = 0; i < words.length; i++) {
    let joined = words[i];
    let initials = words[i][0];
    for (let j = i + 1; j < words.length && j < i + 4; j++) {
      const span = words.slice(i, j + 1);
      const said = span.filter((w) => asked.has(w));
      joined += words[j];
      // A compound of two or three words, one of them at least a content word ("a star": `astar`).
      if (said.length > 0 && joined.length > MIN_JOINED && vocabulary.has(joined))
        for (const w of said) add('compound', w, joined);
      // Initials then a whole word (`rbtree`, `lhash`), and initials alone from MIN_INITIALS words (`dnlc`).
      const head = `${initials}${words[j]}`;
      if (asked.has(words[j]) && words[j].length >= MIN_WORD_AFTER_INITIALS && vocabulary.has(head))
        for (const w of said) add('initialism', w, head);
      initials += words[j][0];
      if (span.length >= MIN_INITIALS && said.length === span.length && vocabulary.has(initials))
        for (const w of said) add('initialism', w, initials);
    }
  }
}

/**
 * Phrases whose meaning code writes as another word: "the number of X" is X's count, and code
 * names it so (`getProcedureCount`, `count_tokens`, `SELECT COUNT(*)`), never "number", while the
 * word "number" alone leads to what holds or formats a number (`Message::getNumber`,
 * `formatNumber`). "A number of" and "any number of" mean several, not a count, and are not read.
 */
const PHRASE_READINGS: readonly { phrase: RegExp; word: string; token: string }[] = [
  { phrase: /(?<!\b(?:a|any)\s+)\bnumber\s+of\b/i, word: 'number', token: 'count' },
];

/**
 * The readings of a plain-words question's phrases (PHRASE_READINGS) whose word is one of its
 * content words (`terms`) and whose token the vocabulary holds and the question does not say, on
 * a question of any length: a doc sentence says "Returns the number of procedures", the code
 * `getProcedureCount`.
 */
export function phraseReadings(
  terms: readonly string[],
  raw: string,
  vocabulary: Pick<SpellingVocabulary, 'has'>,
): ExpandedTerm[] {
  const out: ExpandedTerm[] = [];
  for (const { phrase, word, token } of PHRASE_READINGS)
    if (terms.includes(word) && !terms.includes(token) && phrase.test(raw) && vocabulary.has(token))
      out.push({ code: 'phrase', word, token, weight: SPELLING_WEIGHTS.phrase });
  return out;
}
