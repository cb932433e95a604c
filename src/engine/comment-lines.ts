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

/**
 * Which lines start inside a `/* … *\/` comment or a Python docstring opened on a line above
 * (a C function's comment quoting a call: `e.g., fd_safer (open ("file", O_RDONLY)).  *\/`),
 * where the line itself does not read as a comment line: 1 at index line − 1. One pass over the
 * file; null for a language with neither.
 */
export function blockCommentLines(text: string, language: Language | null): Uint8Array | null {
  const python = language === 'python';
  if (!python && (!language || !writesSlashComments(language))) return null;
  const lines: number[] = [0];
  // A Python docstring's inner lines (an odd number of triple quotes above): prose, as its first is.
  if (python) {
    let quotes = 0;
    let next = 0;
    const marks = text.matchAll(/"""|'''/g);
    for (let mark = marks.next(); ; mark = marks.next()) {
      const at = mark.done ? text.length : mark.value.index;
      for (let nl = text.indexOf('\n', next); nl >= 0 && nl < at; nl = text.indexOf('\n', nl + 1)) {
        lines.push(quotes % 2);
        next = nl + 1;
      }
      if (mark.done) break;
      quotes++;
    }
    return Uint8Array.from(lines);
  }
  // Inside when the last `/*` above the line opened after the last `*/` closed.
  let open = -1;
  let close = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) lines.push(open > close ? 1 : 0);
    else if (c === SLASH && text.charCodeAt(i + 1) === STAR) open = i;
    else if (c === STAR && text.charCodeAt(i + 1) === SLASH) close = i;
  }
  return Uint8Array.from(lines);
}

const NEWLINE = 10;
const SLASH = 47;
const STAR = 42;

/** A project's documents: README, CHANGELOG, LICENSE and the like, and Markdown, reST or text files. */
const PROSE_FILE =
  /\.(?:md|markdown|mdx|rst|txt|adoc|asciidoc|rdoc|org|pod)$|(?:^|\/)(?:README|CHANGELOG|CHANGES|NEWS|HISTORY|AUTHORS|LICENSE|COPYING|CONTRIBUTING|INSTALL)(?:\.[^/]*)?$/i;

/** Whether a path is one of a project's documents (PROSE_FILE): README, a .md, .rst or .txt file. */
export function isDocumentPath(path: string): boolean {
  return PROSE_FILE.test(path);
}

const DOCSTRING_OPENING = /^\s*[rRuU]?(?:"""|''')/;

/**
 * Whether a matched line is prose: a line of a document, a comment line, or a line inside a block
 * comment or a Python docstring (`documentsOnly`: a line of a document). `blocks` keeps each file's block-comment lines for the next match.
 */
export function isProseLine(
  file: { path: string; text: string; language: Language | null },
  fileId: number,
  match: { line: number; lineText: string; lineTextStart: number },
  blocks: Map<number, Uint8Array | null>,
  documentsOnly = false,
): boolean {
  if (isDocumentPath(file.path)) return true;
  if (documentsOnly) return false;
  if (match.lineTextStart === 0 && isCommentLine(match.lineText, file.language)) return true;
  // A Python line opening with triple quotes is a bare string: a docstring's first line.
  if (file.language === 'python' && match.lineTextStart === 0 && DOCSTRING_OPENING.test(match.lineText)) return true;
  if (!blocks.has(fileId)) blocks.set(fileId, blockCommentLines(file.text, file.language));
  return blocks.get(fileId)?.[match.line - 1] === 1;
}
