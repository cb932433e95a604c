/**
 * How identifiers and prose become search tokens. One place, shared by every modality, so
 * that "parseConfig", "parse_config" and "parse config" meet on the same tokens.
 */

const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;

/** ASCII letters and digits are word characters; everything else (Unicode letters too) separates. */
function charClass(code: number): number {
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 48 && code <= 57) return DIGIT;
  return OTHER;
}

/**
 * Splits an identifier into lower-cased sub-tokens: `XMLHttpRequest2` → ['xml','http','request','2'].
 * Runs of ASCII letters and digits are cut where a lower-case letter or digit meets a capital
 * (parse|Config), before the last capital of a run that a lower-case letter follows (XML|Http)
 * and where a letter meets a digit (v|2). One pass over the characters: it runs for every
 * word of every indexed file (tokens.test.ts checks it against the regular-expression
 * definition it replaced).
 */
export function splitIdentifier(identifier: string): string[] {
  const out: string[] = [];
  const n = identifier.length;
  let start = -1;
  let previous = OTHER;
  for (let i = 0; i < n; i++) {
    const current = charClass(identifier.charCodeAt(i));
    if (current === OTHER) {
      if (start >= 0) out.push(identifier.slice(start, i).toLowerCase());
      start = -1;
    } else if (start < 0) start = i;
    else if (
      current === UPPER
        ? previous === LOWER ||
          previous === DIGIT ||
          (previous === UPPER && i + 1 < n && charClass(identifier.charCodeAt(i + 1)) === LOWER)
        : current === DIGIT && (previous === LOWER || previous === UPPER)
    ) {
      out.push(identifier.slice(start, i).toLowerCase());
      start = i;
    }
    previous = current;
  }
  if (start >= 0) out.push(identifier.slice(start).toLowerCase());
  return out;
}

const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/g;

/** Identifiers and words in free text or code, in order of appearance (not split). */
export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** All sub-tokens of all words of `text`, lower-cased, in order (duplicates kept). */
export function subTokens(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) for (const t of splitIdentifier(w)) out.push(t);
  return out;
}

/** True for names written in code style: camelCase, PascalCase with a hump, snake_case, SCREAMING_CASE, dotted.path. */
export function looksLikeIdentifier(word: string): boolean {
  if (/^[a-z]+[A-Z][A-Za-z0-9]*$/.test(word)) return true; // camelCase
  if (/^[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*$/.test(word)) return true; // PascalCase with at least two humps
  if (/^_*[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)+_*$/.test(word)) return true; // snake_case / SCREAMING_CASE
  if (/^_[A-Za-z][A-Za-z0-9_]*$/.test(word)) return true; // _private
  return false;
}

/** English words that carry no search meaning in a question about code. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if then else of to in on at by for from with without into onto about as is are was were be been being ' +
    'do does did done doing have has had having can could should would will shall may might must ' +
    'i me my we our you your it its this that these those there here what which who whom whose where when why how ' +
    'find show me list get give tell please search look where all any some each every no not only just also ' +
    'code function functions method methods class classes file files thing things work works working happen happens used use uses'
  ).split(' '),
);

/** Content words of a query: split, lower-cased, stop words removed, duplicates removed. */
export function contentTerms(text: string): string[] {
  const seen = new Set<string>();
  for (const t of subTokens(text)) if (!STOP_WORDS.has(t) && !seen.has(t)) seen.add(t);
  return [...seen];
}

/**
 * The past forms of irregular verbs that name what code does, each with its base form: a
 * question says what was done ("how is a schema built from a definition string", "how is a
 * replacement port found"), a member's name the doing (`build`, `find_port`), and no suffix rule
 * reaches one from the other. Left out: forms that are also words of their own in code (`left`,
 * `bound`, `ground`, `lit`, `lead`, `wound`, `rose`, `saw`, `fell`, `meant` → mean) and verbs a
 * question's stop words already drop (get, give, tell, show, do, know), whose base form would only
 * say a getter's name. Read by the member choice only (search/members.ts questionForms), not by
 * the lists: there the base form of "sent", "found" or "written" is one of the commonest words of
 * a code base, and as a query term it outweighed the question's rarer words (docs/bench/HISTORY.md,
 * h39-howa).
 */
const IRREGULAR_PAST: ReadonlyMap<string, string> = new Map(
  (
    'built:build rebuilt:rebuild found:find made:make sent:send wrote:write written:write ' +
    'rewrote:rewrite rewritten:rewrite overwrote:overwrite overwritten:overwrite chose:choose ' +
    'chosen:choose kept:keep held:hold took:take taken:take threw:throw thrown:throw ' +
    'brought:bring caught:catch drew:draw drawn:draw fed:feed hid:hide hidden:hide broke:break ' +
    'broken:break began:begin begun:begin lost:lose sought:seek stuck:stick shrank:shrink ' +
    'shrunk:shrink spun:spin swept:sweep swung:swing slept:sleep froze:freeze frozen:freeze ' +
    'grew:grow grown:grow stole:steal stolen:steal forgot:forget forgotten:forget ' +
    'overrode:override overridden:override undone:undo'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

/** The base form of an irregular verb's past form (IRREGULAR_PAST): "built" → build, "found" → find. */
export function irregularBase(word: string): string | undefined {
  return IRREGULAR_PAST.get(word.toLowerCase());
}

/**
 * The uninflected forms a word of English prose may stand for: "composes" → compose, "drafted"
 * → draft, "applies" → apply, "cancelled" → cancel, "tracking" → track, "lazily" → lazy. A question is written in
 * prose ("Composes functions from right to left"), the code in base forms (`compose`); these
 * are candidates only — a retriever keeps the ones its vocabulary has. Never the word itself.
 */
export function baseForms(word: string): string[] {
  const w = word.toLowerCase();
  const out: string[] = [];
  // A base form is a word: three letters or more, with a vowel ("string" is not "str" + ing).
  const add = (s: string) => {
    if (s.length >= 3 && /[aeiouy]/.test(s) && s !== w && !out.includes(s)) out.push(s);
  };
  const undouble = (s: string) => (/([b-df-hj-np-tv-z])\1$/.test(s) ? s.slice(0, -1) : null);
  if (w.length < 4) return out;
  if (w.endsWith('ies')) add(`${w.slice(0, -3)}y`);
  else if (w.endsWith('es')) {
    add(w.slice(0, -1));
    add(w.slice(0, -2));
  } else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) add(w.slice(0, -1));
  if (w.endsWith('ied')) add(`${w.slice(0, -3)}y`);
  else if (w.endsWith('ed')) {
    const stem = w.slice(0, -2);
    add(stem);
    add(w.slice(0, -1));
    const single = undouble(stem);
    if (single) add(single);
  }
  // An adverb says how the code does what its adjective names ("reclaim pages lazily": jemalloc's
  // `pages_purge_lazy`; "atomically" → atomic, "temporarily" → temporary, "probably" → probable);
  // "-ply" makes no word of its stem ("multiply", "supply").
  if (w.endsWith('ly') && w.length >= 6) {
    const stem = w.slice(0, -2);
    if (stem.endsWith('i')) add(`${stem.slice(0, -1)}y`);
    else if (stem.endsWith('ical')) add(stem.slice(0, -2));
    else if (stem.endsWith('b')) add(`${stem}le`);
    else if (!stem.endsWith('p')) add(stem);
  }
  if (w.endsWith('ing') && w.length >= 6) {
    const stem = w.slice(0, -3);
    if (!/[aeiouy]/.test(stem)) return out;
    add(stem);
    add(`${stem}e`);
    const single = undouble(stem);
    if (single) add(single);
  }
  return out;
}

/**
 * The other national spelling of an English word, as candidates: a question written in British
 * English says "neighbour", "colour", "recognise", "centre", "catalogue", "analyse", "licence",
 * "modelling", while most code writes `neighbor`, `color`, `recognize`, `center`, `catalog`,
 * `analyze`, `license`, `modeling` — and some code the British forms ("neighbours" asked, ASE's
 * `get_neighbours` written). The same word, not a spelling of it: a retriever keeps the candidates
 * its vocabulary has. Both ways for -our/-or and -ise/-ize, the two a code base writes either
 * way; British to American only for the rest (`filter` is no `filtre`). Never the word itself.
 */
export function regionalSpellings(word: string): string[] {
  const w = word.toLowerCase();
  const out: string[] = [];
  const add = (s: string) => {
    if (s !== w && !out.includes(s)) out.push(s);
  };
  let m: RegExpMatchArray | null;
  // colour, behaviours, honoured, flavouring; "four", "hour", "your", "tour" are too short.
  if ((m = w.match(/^(.{3,})our(s|ed|ing)?$/))) add(`${m[1]}or${m[2] ?? ''}`);
  // color, behaviors, honored; "floor", "door" keep their double o.
  else if ((m = w.match(/^(.{2,}[^o])or(s|ed|ing)?$/))) add(`${m[1]}our${m[2] ?? ''}`);
  // recognise, normalised, serialising, organisation, optimiser; the stem of four letters at
  // least ("raise", "noise", "resize" stay).
  if ((m = w.match(/^(.{4,})i([sz])(e|es|ed|ing|ation|ations|er|ers)$/)))
    add(`${m[1]}i${m[2] === 's' ? 'z' : 's'}${m[3]}`);
  if ((m = w.match(/^(.{3,})yse(s|d|r|rs)?$/))) add(`${m[1]}yze${m[2] ?? ''}`);
  if ((m = w.match(/^(.{3,})([tb])re(s|d)?$/))) add(`${m[1]}${m[2]}er${m[3] ?? ''}`);
  if ((m = w.match(/^(.{4,})ogue(s)?$/))) add(`${m[1]}og${m[2] ?? ''}`);
  if ((m = w.match(/^(.+)(ic|f)ence(s)?$/))) add(`${m[1]}${m[2]}ense${m[3] ?? ''}`);
  if ((m = w.match(/^(.{2,}e)ll(ed|ing|er|ers)$/))) add(`${m[1]}l${m[2]}`);
  return out;
}

/** Words and each one's base forms (baseForms): `interning` also says "intern", `graphs` "graph". */
export function withBaseForms(words: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const w of words) {
    out.add(w);
    for (const b of baseForms(w)) out.add(b);
  }
  return out;
}
