/**
 * How a definition becomes a training pair (pure functions; scripts/model-mine.ts applies
 * them to every package): the doc comment is cleaned into a first sentence and a summary,
 * docs that say nothing (tags only, too short, licence headers) are refused, and the code
 * side is the text Fourfold itself embeds for a chunk — path, `kind container.name`,
 * signature, then the definition's lines — with every comment blanked, as `npm run eval`
 * blanks them for its "understand" questions.
 */
import type { Definition } from '../src/engine/contract';
import { EMBED_TEXT_MAX_CHARS, embeddingHeader } from '../src/engine/semantic/embedder';

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

/** The doc's prose before its first tag or section header, inline markup reduced to words. */
export function docSummary(raw: string): string {
  const lines = commentBody(raw).split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    // JSDoc/Javadoc tags, Python (Google/NumPy/reST) and Rust doc sections end the summary.
    if (/^@\w/.test(t) || /^:(param|type|return|rtype|raises)\b/.test(t)) break;
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
  return kept
    .join(' ')
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

/** The two views of a doc comment, or null when it says nothing useful. */
export function docViews(raw: string, name: string): DocViews | null {
  const summary = docSummary(raw);
  if (!summary) return null;
  const sentence = withoutLeadingName(firstSentence(summary), name);
  if (!isUsefulSentence(sentence)) return null;
  const longer = withoutLeadingName(summary, name);
  return longer.length > sentence.length + 10 ? { sentence, summary: longer } : { sentence };
}

type CommentSyntax = 'c' | 'python';

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
    if (syntax === 'c' && c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (syntax === 'c' && c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (syntax === 'python' && c === '#') {
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
  return language === 'python' ? 'python' : 'c';
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
