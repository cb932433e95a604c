/**
 * Files whose analyses are one but for their paths. A package tree holds the same file many
 * times over (a library's two builds side by side, `lib/` and `es/` declaration files, a vendored
 * copy), and an analysis (StructuralAnalyzer.analyze) reads of its path only two things: the
 * language (the extension's, and for a header or a file without one the text's: languageForFile)
 * and the name the file gives an anonymous `export default` or `module.exports = function`
 * (defaultExportName). A file that agrees with one begun before on its text and on both takes that
 * file's analysis under its own path instead of a parse of its own.
 */
import type { Language } from '../contract';
import { defaultExportName } from '../path-words';
import { languageForFile } from './grammars';

interface Begun<T> {
  path: string;
  text: string;
  language: Language | null;
  value: T;
}

export class SameText<T> {
  private readonly byKey = new Map<string, Begun<T>[]>();

  /**
   * The value begun for a file whose analysis is this one's but for its path (`first: false`);
   * else `begin()`'s, kept for the files to come. `key` narrows the search (the text itself, or
   * its hash); the texts are compared before anything is shared.
   */
  of(key: string, path: string, text: string, begin: () => T): { value: T; first: boolean } {
    const language = languageForFile(path, text);
    const begun = this.byKey.get(key);
    const same = begun?.find((b) => b.text === text && b.language === language && sameFileName(b.path, path, text));
    if (same) return { value: same.value, first: false };
    const value = begin();
    const entry = { path, text, language, value };
    if (begun) begun.push(entry);
    else this.byKey.set(key, [entry]);
    return { value, first: true };
  }
}

/**
 * Whether two paths give a text's definitions the same names: always, unless the text may hold
 * a definition named by its file (read only for a text seen twice): `export default` before a
 * function, a class or an arrow (`export default locale;` names nothing), or `module.exports =`
 * before anything; whatever lies between their words where the grammar allows a comment.
 */
function sameFileName(a: string, b: string, text: string): boolean {
  if (!NAMED_BY_FILE.test(text)) return true;
  return defaultExportName(a) === defaultExportName(b);
}

/** Space or comments, as between two tokens; each comment read one way only (no backtracking into it). */
const GAP = String.raw`(?:\s|/\*(?:[^*]|\*(?!/))*\*/|//[^\n]*(?:\n|$))*`;
const ANONYMOUS_VALUE = String.raw`(?:function|class|async|abstract|[(<@]|[\w$]+${GAP}=>)`;
const NAMED_BY_FILE = new RegExp(
  String.raw`\bexport${GAP}default${GAP}${ANONYMOUS_VALUE}|\bmodule${GAP}\.${GAP}exports${GAP}=`,
);
