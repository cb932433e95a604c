/**
 * C++: template heads written with the concepts-emulation macros of libraries that must build
 * before C++20 (range-v3's `template(typename I, typename S)(requires sentinel_for<S, I>)`, its
 * concepts library's `CPP_template(typename T)(requires …)`). `template` and `CPP_template` are
 * function-like macros there that expand to `template<…>` plus a requires-clause or an
 * enable_if; tree-sitter-cpp cannot know that and reads the whole head, and with it the
 * definition after it, as an error. Such a head is rewritten, same length and same lines, into
 * the `template<…>` it stands for, and the `(requires …)` group after it is blanked, so that the
 * function (or class) it introduces parses as what it is.
 */

import { matchingClose } from '../text/brackets';

/** `template(` or `CPP_template(` opening a line's code: the head of a declaration. */
const CONCEPT_HEAD = /^[ \t]*((?:CPP_)?template)[ \t]*\(/gm;

/**
 * The text with each emulated template head rewritten into `template<…>` and its `(requires …)`
 * group blanked (newlines kept, so offsets and lines are the original's); null when the text has
 * none. `template` is a keyword of C++, never a function's name, so `template(` at a line's start
 * is always such a macro.
 */
export function withoutConceptHeads(text: string): string | null {
  if (!text.includes('template')) return null;
  let chars: string[] | null = null;
  for (const m of text.matchAll(CONCEPT_HEAD)) {
    const keyword = m.index + m[0].indexOf(m[1]);
    const open = m.index + m[0].length - 1;
    const close = matchingParen(text, open);
    if (close < 0) continue;
    chars ??= text.split(''); // by UTF-16 unit: offsets stay the original's
    // `CPP_template` → `    template`: the macro's prefix is blanked, the keyword kept.
    for (let i = keyword; i < keyword + m[1].length - 'template'.length; i++) chars[i] = ' ';
    chars[open] = '<';
    chars[close] = '>';
    const requires = requiresGroup(text, close + 1);
    if (requires) for (let i = requires.start; i <= requires.end; i++) if (chars[i] !== '\n') chars[i] = ' ';
  }
  return chars === null ? null : chars.join('');
}

/** The `(requires …)` group after a head (whitespace and comments between), its `(` and `)`; else null. */
function requiresGroup(text: string, from: number): { start: number; end: number } | null {
  const open = afterBlanks(text, from);
  if (text[open] !== '(') return null;
  const word = afterBlanks(text, open + 1);
  if (!/^requires\b/.test(text.slice(word, word + 9))) return null;
  const end = matchingParen(text, open);
  return end < 0 ? null : { start: open, end };
}

/** The index of the first character at or after `from` that is neither whitespace nor in a comment. */
function afterBlanks(text: string, from: number): number {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      if (end < 0) return text.length;
      i = end;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return text.length;
      i = end + 2;
    } else return i;
  }
}

/** The most characters a head or its requires-clause spans: past it the parentheses are taken as unmatched. */
const MAX_GROUP_CHARS = 4000;

/** The `)` closing the `(` at `open` within MAX_GROUP_CHARS (text/brackets.ts), or -1. */
function matchingParen(text: string, open: number): number {
  return matchingClose(text, open, '(', ')', open + MAX_GROUP_CHARS);
}
