/**
 * The repository's own names in a question. "How does clean-css replace colour names …" says
 * which product is asked about, not which part of it: the name sets the question's context. As a
 * word a file must say, it points at the files that name the product — its entry file, its main
 * class (clean-css's lib/clean.js, `CleanCSS`), a banner comment — and, rare among the files, it
 * weighs more than the words of the part asked about.
 */

/** A name shorter than this is too likely a word of the question itself. */
const MIN_NAME_LENGTH = 2;

/** A package's folder carries its version after the name: `tokio-1.24.2`, `thor-1.2.1`. */
const VERSION_SUFFIX = /-v?\d+(?:\.\d+)*(?:[-+.][\w.]*)?$/;

/**
 * The names a repository goes by, from the name of the folder it was opened at (or of the clone):
 * the name as it is, and without a version after it (`graphql-1.13.15` → graphql). Empty for no
 * name.
 */
export function repositoryNamesOf(folderName: string): string[] {
  // A clone's name may be its address's path (`owner/clean-css.git`): the last part names it.
  const name = (folderName.trim().split(/[\\/]/).filter(Boolean).pop() ?? '').replace(/\.git$/i, '');
  const names = new Set<string>();
  if (name.length >= MIN_NAME_LENGTH) names.add(name);
  const unversioned = name.replace(VERSION_SUFFIX, '');
  if (unversioned.length >= MIN_NAME_LENGTH) names.add(unversioned);
  return [...names];
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The question without the repository's names it says (each as a whole word, in any case, with
 * a possessive `'s`), and the names it said, as it wrote them. A name inside a longer word or
 * path (`clean-css-cli`, `npm/lib`) is not the repository's name alone and stays.
 */
export function withoutRepositoryNames(
  question: string,
  names: readonly string[],
): { question: string; said: string[] } {
  const said: string[] = [];
  let rest = question;
  // The longer name first: `clean-css` before `clean`.
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const pattern = new RegExp(`(?<![\\w/.-])${escaped(name)}(?:['’]s)?(?![\\w/-]|\\.\\w)`, 'gi');
    rest = rest.replace(pattern, (m) => {
      said.push(m.replace(/['’]s$/i, ''));
      return ' ';
    });
  }
  return { question: said.length > 0 ? rest.replace(/\s+/g, ' ').trim() : question, said: [...new Set(said)] };
}

/**
 * What an explanation says of the repository's names a question said (`'clean-css' names this
 * repository, not a part of it`), shown by the CLI and the tab alike; empty for none.
 */
export function repositoryNamesNote(names: readonly string[]): string {
  if (names.length === 0) return '';
  return `${names.map((n) => `'${n}'`).join(', ')} ${names.length === 1 ? 'names' : 'name'} this repository, not a part of it`;
}
