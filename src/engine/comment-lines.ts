/**
 * Whether a line of source is a comment line, by the comment syntax of its language: the one
 * place that says which languages write `//` and `/* … *\/`, which `#`, which `--`. Each caller
 * states its own exceptions where it calls (a Python docstring's lines, a C directive).
 */
import type { Language } from './contract';

/** Languages whose comments start with `#`. */
const HASH_COMMENTS: ReadonlySet<Language> = new Set<Language>(['python', 'ruby', 'bash', 'php']);
/** Languages whose comments are `//` and `/* … *\/` (PHP has both kinds). */
const SLASH_COMMENTS: ReadonlySet<Language> = new Set<Language>([
  'javascript',
  'typescript',
  'tsx',
  'go',
  'rust',
  'java',
  'c',
  'cpp',
  'csharp',
  'php',
  'kotlin',
  'swift',
  'scala',
]);
/** Whether `language` writes `/* … *\/` block comments (and `//` lines). */
export function writesSlashComments(language: Language): boolean {
  return SLASH_COMMENTS.has(language);
}
/** Languages whose comments start with `--`. */
const DASH_COMMENTS: ReadonlySet<Language> = new Set<Language>(['lua']);

/** `//…`, `/*…`, and a block comment's middle and last lines (`* text`, `*` then `/`). */
const SLASH_LINE = /^(?:\/\/|\/\*|\*)/;
/** `#…`, but not a PHP 8 attribute `#[…]`. */
const HASH_LINE = /^#(?!\[)/;
const DASH_LINE = /^--/;
/**
 * A line of a file whose language is not known: any of the syntaxes above, where a `#` line that
 * can be code is not a comment: an attribute (`#[…]`, `#![…]`) or a C preprocessor directive.
 */
const ANY_LANGUAGE_LINE =
  /^(?:\/\/|\/\*|\*|--|#(?![[!]|\s*(?:define|undef|include|import|if|ifdef|ifndef|elif|else|endif|error|warning|pragma|line)\b))/;

/**
 * Whether a line (leading white space allowed) opens or continues a comment in `language`; with
 * no language (a file no grammar reads, or a caller that does not know the file), in any
 * language. A blank line is not a comment line.
 */
export function isCommentLine(line: string, language: Language | null): boolean {
  const trimmed = line.trimStart();
  if (!trimmed) return false;
  if (!language) return ANY_LANGUAGE_LINE.test(trimmed);
  if (SLASH_COMMENTS.has(language) && SLASH_LINE.test(trimmed)) return true;
  if (HASH_COMMENTS.has(language) && HASH_LINE.test(trimmed)) return true;
  return DASH_COMMENTS.has(language) && DASH_LINE.test(trimmed);
}
