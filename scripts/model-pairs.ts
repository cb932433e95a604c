/**
 * How a definition becomes a training pair (pure functions; scripts/model-mine.ts applies
 * them to every package): the doc comment is cleaned into a first sentence and a summary,
 * docs that say nothing (tags only, too short, licence headers) are refused, and the code
 * side is the text Fourfold itself embeds for a chunk — path, `kind container.name`,
 * signature, then the definition's lines — with every comment blanked, as `npm run eval`
 * blanks them for its "understand" questions.
 */
import { hashSeed } from '../bench/eval/rng';
import type { Definition } from '../src/engine/contract';
import { EMBED_TEXT_MAX_CHARS, embeddingHeader } from '../src/engine/semantic/embedder';
import { looksLikeIdentifier, splitIdentifier } from '../src/engine/tokens';

/** A first sentence shorter than this says too little to learn from ("Constructor."). */
export const MIN_SENTENCE_WORDS = 3;
export const MAX_SENTENCE_WORDS = 60;
export const MAX_SUMMARY_CHARS = 400;
/** Code sides with fewer sub-token characters than this are stubs (`{}` or `pass`). */
export const MIN_CODE_CHARS = 24;
/** Same cut as chunkEmbeddingText: long lines carry little per character. */
const LINE_MAX_CHARS = 240;

const LICENCE =
  /\b(copyright|licen[cs]ed?|all rights reserved|spdx|permission is hereby granted|warranty|apache license|mit license|gnu general)\b/i;
const NOISE =
  /^(todo|fixme|xxx|hack|eslint|prettier|istanbul|ts-ignore|ts-expect-error|noinspection|pylint|type:|noqa|nolint|go:generate|\+build|go:build|deprecated|@)/i;

/** Comment text without its markers: `/** *\/`, leading `*`, `//`, `///`, `//!`, `#`, Python string quotes. */
export function commentBody(raw: string): string {
  let text = raw.trim();
  const triple = /^[rRbBuU]{0,2}("""|''')([\s\S]*?)\1$/.exec(text);
  if (triple) text = triple[2];
  else if (/^[rRbBuU]{0,2}["']/.test(text) && /["']$/.test(text)) text = text.replace(/^[rRbBuU]{0,2}["']|["']$/g, '');
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*\/\*+!?/, '')
        .replace(/\*+\/\s*$/, '')
        .replace(/^\s*\*(?!\*)\s?/, '')
        .replace(/^\s*\/\/[/!]?\s?/, '')
        .replace(/^\s*#+!?\s?/, '')
        .trimEnd(),
    )
    .join('\n')
    .trim();
}

/**
 * The C doc comment a definition's comments end with: the last `/**` or `/*!` block, or the
 * `///` / `//!` lines after the last other comment. A file's or group's plain `/* … *\/` note
 * often sits right above it ("/* function types: *\/" then the callback's own doc).
 */
export function lastCDocBlock(raw: string): string | null {
  const block = Math.max(raw.lastIndexOf('/**'), raw.lastIndexOf('/*!'));
  const lines = raw.split('\n');
  let first = lines.length;
  while (first > 0 && /^\s*\/\/[/!]/.test(lines[first - 1])) first--;
  if (first < lines.length) {
    const start = lines.slice(0, first).join('\n').length + (first > 0 ? 1 : 0);
    if (start > block) return lines.slice(first).join('\n');
  }
  return block >= 0 ? raw.slice(block) : null;
}

/** Doxygen commands that end a doc's summary in any language (`\param`, `\return`, `\see` …). */
const DOXYGEN_SUMMARY_ENDS =
  'param|tparam|returns?|retval|result|throws?|exception|sa|see|note|pre|post|warning|since|deprecated|code|par|todo|bug';
const DOXYGEN_END = new RegExp(`^\\\\(${DOXYGEN_SUMMARY_ENDS})\\b`);
/** Doxygen and kernel-doc commands that end a C summary: those, with `@` too, and C's own few more. */
const C_TAGS = new RegExp(`^[\\\\@](${DOXYGEN_SUMMARY_ENDS}|verbatim|example|attention|remark|internal)\\b`);

/**
 * A C doc comment's prose lines: `@brief` / `\brief` markers dropped, `\fn` / `\def` lines
 * dropped, and the name line of gtk-doc ("xmlHashScanner:" then `@arg:` lines) and kernel-doc
 * ("kfree - free previously allocated memory", "foo() - …") reduced to its description.
 */
function cDocLines(lines: string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length && lines[i].trim() === '') i++;
  const head = lines[i]?.trim() ?? '';
  if (/^[A-Za-z_]\w*(\(\))?:$/.test(head)) {
    // gtk-doc: "name:" then its `@arg: …` lines (with continuations) before the description.
    i++;
    while (
      i < lines.length &&
      (lines[i].trim() === '' || /^@\w+\s*:/.test(lines[i].trim()) || /^\s{2,}\S/.test(lines[i]))
    )
      i++;
  } else if (/^(struct\s+|enum\s+|union\s+|typedef\s+)?[A-Za-z_]\w*(\(\))?\s+-\s+\S/.test(head)) {
    // kernel-doc: "name - description", its `@arg:` lines follow and end the summary.
    // Its one-line description is lower-case by convention ("kfree - free previously allocated memory").
    const description = head.replace(/^(struct\s+|enum\s+|union\s+|typedef\s+)?[A-Za-z_]\w*(\(\))?\s+-\s+/, '');
    out.push(description.charAt(0).toUpperCase() + description.slice(1));
    i++;
  }
  for (; i < lines.length; i++) {
    const t = lines[i].trim();
    if (
      /^[\\@](fn|def|var|typedef|struct|enum|union|file|class|name|memberof|relates|ingroup|defgroup|addtogroup|weakgroup)\b/.test(
        t,
      )
    )
      continue;
    if (C_TAGS.test(t)) break;
    out.push(t.replace(/^[\\@](brief|short|details)\s*/, ''));
  }
  return out;
}

/**
 * A Ruby (RDoc / YARD) comment's prose lines: a `call-seq:` block (usage lines up to a blank
 * line) is skipped, `--` (RDoc's "stop documenting here") and `=` headings end it.
 */
function rubyDocLines(lines: string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length && lines[i].trim() === '') i++;
  if (/^:?call-seq:/.test(lines[i]?.trim() ?? '')) {
    i++;
    while (i < lines.length && lines[i].trim() !== '') i++;
  }
  for (; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '--' || /^=+\s/.test(t) || /^:(nodoc|doc|stopdoc):/.test(t)) break;
    out.push(t);
  }
  return out;
}

/** The doc's prose before its first tag or section header, inline markup reduced to words. */
export function docSummary(raw: string, language?: string): string {
  let lines = commentBody(language === 'c' ? (lastCDocBlock(raw) ?? raw) : raw).split('\n');
  if (language === 'c') lines = cDocLines(lines);
  else if (language === 'ruby') lines = rubyDocLines(lines);
  const kept: string[] = [];
  for (const line of lines) {
    // Doxygen's `\brief` / `@brief` only marks the summary (C: "\brief Frees the cell." or on its own line).
    const t = line.trim().replace(/^[\\@](brief|short)\b\s*/, '');
    if (t === '' && kept.length === 0) continue;
    // JSDoc/Javadoc tags, Doxygen's backslash commands (C: `\param`, `\return`), Python
    // (Google/NumPy/reST) and Rust doc sections end the summary.
    if (/^@\w/.test(t) || /^:(param|type|return|rtype|raises)\b/.test(t)) break;
    if (DOXYGEN_END.test(t)) break;
    if (
      /^(args|arguments|parameters|params|returns?|yields?|raises|throws|examples?|example usage|note|notes|see also|attributes|errors|panics|safety|usage|warning)\s*:?\s*$/i.test(
        t,
      )
    )
      break;
    if (/^#+\s/.test(t) || /^-{3,}$|^={3,}$/.test(t) || /^```/.test(t) || /^>>>/.test(t)) break;
    if (t === '' && kept.length > 0) break;
    if (t !== '') kept.push(t);
  }
  let text = kept.join(' ');
  // Doxygen: `\ref name "text"` is the name, `\p` / `\c` / `\a` / `\e` / `\b` only mark the next word.
  if (language === 'c')
    text = text.replace(/[\\@]ref\s+(\S+)(\s+"[^"]*")?/g, '$1').replace(/(^|\s)[\\@](p|c|a|e|b|em)\s+/g, '$1');
  // RDoc: +code+, *bold* and _emphasis_ around a word.
  if (language === 'ruby')
    text = text
      // YARD: {Mock#expects} links to the name.
      .replace(/\{([\w:#.?!]+)\}/g, '$1')
      .replace(/(^|[\s(])([+*_])([\w:#.?!]+)\2(?=$|[\s.,;:)])/g, '$1$3');
  return text
    .replace(/\{@(?:link|linkcode|linkplain|code)\s+([^}|\s]+)(?:[|\s][^}]*)?\}/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[`?([^\]`]+)`?\]/g, '$1')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_SUMMARY_CHARS);
}

/** The summary's first sentence (". " before an upper-case letter, or the end). */
export function firstSentence(summary: string): string {
  const m = /^(.+?[.!?])(?=\s+[A-Z(]|\s*$)/.exec(summary);
  return (m ? m[1] : summary).trim();
}

/** Go and Rust docs often open with the name ("Parse returns…"): drop it so the sentence reads like a question's words. */
export function withoutLeadingName(sentence: string, name: string): string {
  if (!name || !sentence.startsWith(name + ' ')) return sentence;
  const rest = sentence.slice(name.length + 1);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** Whether a doc sentence is worth learning from. */
export function isUsefulSentence(sentence: string): boolean {
  if (NOISE.test(sentence) || LICENCE.test(sentence)) return false;
  const words = sentence.split(/\s+/).filter((w) => /[A-Za-z]{2}/.test(w));
  if (words.length < MIN_SENTENCE_WORDS || words.length > MAX_SENTENCE_WORDS) return false;
  // A sentence, as the docs people write and the questions they ask: not a lower-case note.
  if (!/^[A-Z]/.test(sentence)) return false;
  const letters = sentence.replace(/[^A-Za-z]/g, '').length;
  return letters >= sentence.length * 0.5;
}

export interface DocViews {
  sentence: string;
  summary?: string;
}

/**
 * The two views of a doc comment, or null when it says nothing useful. `language` picks the
 * Doxygen / kernel-doc / gtk-doc (c) and RDoc / YARD (ruby) readings; the other languages
 * read the same with or without it.
 */
export function docViews(raw: string, name: string, language?: string): DocViews | null {
  const summary = docSummary(raw, language);
  if (!summary) return null;
  const sentence = withoutLeadingName(firstSentence(summary), name);
  if (!isUsefulSentence(sentence)) return null;
  const longer = withoutLeadingName(summary, name);
  return longer.length > sentence.length + 10 ? { sentence, summary: longer } : { sentence };
}

/**
 * Words a search box leaves out: articles, pronouns, auxiliaries, connectives, and the doc
 * comment's own phrasing ("returns", "the given", "specified"), which no one types.
 */
const TYPED_STOP_WORDS = new Set(
  (
    'a an the this that these those it its itself they them their there here ' +
    'is are was were be been being am do does did has have had having can could should would will shall may might must ' +
    'of to in on at by for from with into onto as than then so such also just only both either each every any all some ' +
    'and or but if not no nor whether which who whom whose what when where why how ' +
    'returns return returned given specified provided supplied passed respectively etc eg ie optionally ' +
    'i we you our your one ones'
  ).split(' '),
);
/** Kept out of the imperative form too: "parse the given HTTP date" reads as "parse HTTP date". */
const ARTICLES = new Set(['a', 'an', 'the', 'given', 'specified', 'provided', 'supplied']);
/** A keyword query is this many of the sentence's content words (search-box length). */
const KEYWORD_WORDS = { min: 2, max: 5 };
/** Longer views are cut here: no one types a 20-word query. */
const TYPED_MAX_WORDS = 10;
/** Words of a question after its "how to" / "where is". */
const QUESTION_MAX_WORDS = 7;
const LANGUAGE_NAMES: Record<string, readonly string[]> = {
  python: ['python'],
  go: ['go', 'golang'],
  rust: ['rust'],
  javascript: ['javascript', 'js'],
  typescript: ['typescript', 'ts'],
};
/** Question forms: for an action ("how to parse HTTP date") and for a thing ("where is retry backoff"). */
const ACTION_QUESTIONS: readonly ((words: string) => string)[] = [(w) => `how to ${w}`, (w) => `how do i ${w}`];
const THING_QUESTIONS: readonly ((words: string) => string)[] = [
  (w) => `how does ${w} work`,
  (w) => `where is ${w}`,
  (w) => `what is ${w}`,
];

export type TypedViewKind = 'content' | 'keywords' | 'imperative' | 'question' | 'language';

export interface TypedView {
  kind: TypedViewKind;
  text: string;
}

/** Words ending in s that open a sentence without being a verb's third person. */
const NOT_VERBS = new Set([
  'has',
  'was',
  'does',
  'this',
  'its',
  'is',
  'as',
  'us',
  'yes',
  'always',
  'perhaps',
  'unless',
]);
/** After a plural noun, not after a verb: "Options to control…", "Bytes of the header". */
const NOUN_FOLLOWERS = new Set([
  'to',
  'of',
  'for',
  'that',
  'which',
  'are',
  'is',
  'and',
  'or',
  'with',
  'in',
  'on',
  'from',
  'used',
]);

/** Third person to base form, for a sentence's opening verb only: "Parses" → parse, "Matches" → match, "Applies" → apply. */
export function imperativeVerb(word: string, next?: string): string | null {
  const w = word.toLowerCase();
  if (!/^[a-z]{2,}s$/.test(w) || /(ss|us|is)$/.test(w) || NOT_VERBS.has(w)) return null;
  if (next !== undefined && NOUN_FOLLOWERS.has(next.toLowerCase())) return null;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(ch|sh|x|z|ss)es$/.test(w)) return w.slice(0, -2);
  return w.slice(0, -1);
}

/** The sentence's words: identifiers as written, prose lower-cased (the tokenizer lower-cases anyway). */
function sentenceWords(sentence: string): string[] {
  return (sentence.match(/[A-Za-z][A-Za-z0-9_]*(?:[.:]{1,2}[A-Za-z][A-Za-z0-9_]*)*/g) ?? []).map((w) =>
    looksLikeIdentifier(w) || w.includes('.') || w.includes(':') ? w : w.toLowerCase(),
  );
}

/**
 * Queries as people type them, made from a doc sentence: its content words, 2–5-word keyword
 * runs ("parse http date"), the imperative ("parse HTTP date from header") and a question
 * form ("how to parse HTTP date"), and a keyword run with the language's name. The model first
 * saw only doc sentences as queries; these teach it that a short run of words and the filler
 * of a question ask for the same function. Deterministic: choices come from a hash of the
 * sentence, so the tokenize step's output does not depend on the order of the pairs.
 */
export function typedViews(sentence: string, language: string): TypedView[] {
  const words = sentenceWords(sentence);
  if (words.length === 0) return [];
  const h = hashSeed(sentence);
  // "Returns X" is asked as "get X"; "Parses X" as "parse X".
  const verb = words[0] === 'returns' ? 'get' : imperativeVerb(words[0], words[1]);
  const rest = verb ? words.slice(1) : words;
  const content = [...(verb && verb !== 'get' ? [verb] : []), ...rest.filter((w) => !TYPED_STOP_WORDS.has(w))];
  const out: TypedView[] = [];
  const add = (kind: TypedViewKind, list: string[]) => {
    const text = list.slice(0, TYPED_MAX_WORDS).join(' ');
    if (text && !out.some((v) => v.text === text) && text !== sentence.toLowerCase()) out.push({ kind, text });
  };
  // Keyword runs first: when the content words are already a run of 2–5, the view is both.
  const k = Math.min(content.length, KEYWORD_WORDS.min + (h % (KEYWORD_WORDS.max - KEYWORD_WORDS.min + 1)));
  const head = content.slice(0, k);
  if (k >= KEYWORD_WORDS.min) {
    add('keywords', head);
    const start = (h >>> 8) % (content.length - k + 1);
    if (start > 0) add('keywords', content.slice(start, start + k));
  }
  if (content.length >= 2) add('content', content);
  const imperative = verb ? [verb, ...rest.filter((w) => !ARTICLES.has(w))] : [];
  if (imperative.length >= 2) add('imperative', imperative);
  // A question keeps its filler words short: the whole imperative when it is short, else the content words.
  const action = imperative.length >= 2 && imperative.length <= QUESTION_MAX_WORDS;
  const forms = action ? ACTION_QUESTIONS : THING_QUESTIONS;
  const asked = (action ? imperative : content).slice(0, QUESTION_MAX_WORDS).join(' ');
  if (asked) add('question', [forms[(h >>> 12) % forms.length](asked)]);
  const names = LANGUAGE_NAMES[language];
  if (names && head.length >= 1) {
    const name = names[(h >>> 16) % names.length];
    add('language', (h >>> 20) % 2 === 0 ? [...head, name] : [name, ...head]);
  }
  return out;
}

/** `hash`: Ruby (`#` lines, `=begin`…`=end`); `php`: C's comments and `#` lines (not `#[` attributes). */
type CommentSyntax = 'c' | 'python' | 'hash' | 'php';

/**
 * The text with every comment (and every Python docstring-position string) replaced by
 * spaces, line breaks kept, so line numbers stay. A small scanner that knows string
 * literals (quotes, template literals, Python triple quotes, Rust raw strings roughly):
 * `//` inside a string is not a comment.
 */
export function blankComments(text: string, syntax: CommentSyntax): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
  };
  let i = 0;
  let lineStart = true;
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      lineStart = true;
      i++;
      continue;
    }
    if ((syntax === 'c' || syntax === 'php') && c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if ((syntax === 'c' || syntax === 'php') && c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (syntax === 'hash' && lineStart && text.startsWith('=begin', i)) {
      const end = text.indexOf('\n=end', i);
      const close = end < 0 ? text.length : text.indexOf('\n', end + 5);
      const stop = close < 0 ? text.length : close;
      blank(i, stop);
      i = stop;
      continue;
    }
    if ((syntax === 'python' || syntax === 'hash' || (syntax === 'php' && text[i + 1] !== '[')) && c === '#') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (syntax === 'python' && (text.startsWith('"""', i) || text.startsWith("'''", i))) {
      const q = text.slice(i, i + 3);
      const end = text.indexOf(q, i + 3);
      const stop = end < 0 ? text.length : end + 3;
      // A string that starts a line is a docstring or a bare expression: not code.
      if (lineStart) blank(i, stop);
      i = stop;
      lineStart = false;
      continue;
    }
    if (c === '"' || c === "'" || (c === '`' && syntax === 'c')) {
      // Rust lifetimes ('a) and char literals: a quote not closed on this line is not a string.
      let j = i + 1;
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\') j++;
        else if (text[j] === '\n' && c !== '`') break;
        j++;
      }
      i = text[j] === c ? j + 1 : i + 1;
      lineStart = false;
      continue;
    }
    if (c !== ' ' && c !== '\t' && c !== '\r') lineStart = false;
    i++;
  }
  return out.join('');
}

export function commentSyntax(language: string): CommentSyntax {
  const syntax: Record<string, CommentSyntax> = { python: 'python', ruby: 'hash', php: 'php' };
  return syntax[language] ?? 'c';
}

/** The code side of a pair: what chunkEmbeddingText embeds for this definition, from comment-blanked lines. */
export function codeText(path: string, def: Definition, blankedLines: string[]): string {
  const name = def.container ? `${def.container}.${def.name}` : def.name;
  const named = [`${def.kind} ${name}`];
  if (def.signature) named.push(def.signature);
  const header = embeddingHeader(path, named, def.endLine - def.startLine + 1);
  const body: string[] = [];
  let length = header.join('\n').length;
  for (let l = def.startLine; l <= def.endLine && l <= blankedLines.length; l++) {
    const line = blankedLines[l - 1].slice(0, LINE_MAX_CHARS).trimEnd();
    if (line.trim() === '') continue;
    if (length + 1 + line.length > EMBED_TEXT_MAX_CHARS) break;
    body.push(line);
    length += 1 + line.length;
  }
  return [...header, ...body].join('\n');
}

/** Body tokens for duplicate detection: identifiers and numbers, comments already gone. */
export function codeTokens(code: string): string[] {
  return (
    code
      .split('\n')
      .slice(1)
      .join('\n')
      .match(/[A-Za-z_$][\w$]*|\d+/g) ?? []
  );
}

/** Words a definition's name must split into to be asked as a name view: one word ("which", "run") says too little of what the body does. */
export const NAME_VIEW_MIN_WORDS = 2;

/**
 * The name view of a pair: its definition's name split into words, as a search box is typed
 * ("parse_http_date", "parseHttpDate" → "parse http date"), and its code side with every
 * whole-word occurrence of the name blanked (the header's `kind container.name` line, the
 * signature, a recursive call), so that the model learns to find the function from what its
 * body does rather than from the name it would be matching. Null for a name of fewer than
 * NAME_VIEW_MIN_WORDS words or one that does not occur in the code.
 */
export function nameView(name: string, code: string): { query: string; code: string } | null {
  const words = splitIdentifier(name).filter((w) => /[a-z]/.test(w));
  if (words.length < NAME_VIEW_MIN_WORDS) return null;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const occurrence = new RegExp(`(?<![A-Za-z0-9_$])${escaped}(?![A-Za-z0-9_$])`, 'g');
  const blanked = code.replace(occurrence, (m) => ' '.repeat(m.length));
  return blanked === code ? null : { query: words.join(' '), code: blanked };
}
