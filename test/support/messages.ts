/**
 * Fixtures and corpora for the tests of src/engine/search/messages/: excerpts of real projects
 * (src/engine/search/fixtures, licences in their first line) read as the text index reads them,
 * and the classifier's routing of a paste over them.
 */
import { readFileSync } from 'node:fs';
import { planQuery, routePastedText } from '../../src/engine/classify';
import { findFormatStrings, type MessageSources } from '../../src/engine/search/messages';

export const fixture = (name: string) =>
  readFileSync(new URL(`../../src/engine/search/fixtures/${name}`, import.meta.url), 'utf8').split('\n');
/** The lines (1-based) of `lines` a case-insensitive pattern matches, as the text index's grep does. */
export function matchingLines(lines: string[], pattern: string): number[] {
  const re = new RegExp(pattern, 'i');
  return lines.flatMap((l, i) => (re.test(l) ? [i + 1] : []));
}

export function route(query: string, lines: string[]) {
  return routePastedText(
    planQuery(query),
    (text) => lines.some((l) => l.toLowerCase().includes(text.toLowerCase())),
    (pattern) => matchingLines(lines, pattern).length > 0,
  );
}

/** One fixture as the corpus: its lines, found by a case-insensitive substring or pattern as the text index finds them. */
export function sourcesOf(name: string): MessageSources {
  const lines = fixture(name);
  return {
    linesContaining: (fragment, limit) =>
      lines
        .flatMap((l, i) =>
          l.toLowerCase().includes(fragment.toLowerCase()) ? [{ fileId: 0, path: name, line: i + 1 }] : [],
        )
        .slice(0, limit),
    linesMatching: (pattern, limit) =>
      matchingLines(lines, pattern)
        .map((line) => ({ fileId: 0, path: name, line }))
        .slice(0, limit),
    lineText: (_fileId, line) => lines[line - 1],
  };
}

/** Several fixtures as the files of one corpus (file ids in order). */
export function sourcesOfFiles(names: string[]): MessageSources {
  const files = names.map(fixture);
  return {
    linesContaining: (fragment, limit) =>
      files
        .flatMap((lines, fileId) =>
          lines.flatMap((l, i) =>
            l.toLowerCase().includes(fragment.toLowerCase()) ? [{ fileId, path: names[fileId], line: i + 1 }] : [],
          ),
        )
        .slice(0, limit),
    linesMatching: (pattern, limit) =>
      files
        .flatMap((lines, fileId) =>
          matchingLines(lines, pattern).map((line) => ({ fileId, path: names[fileId], line })),
        )
        .slice(0, limit),
    lineText: (fileId, line) => files[fileId]?.[line - 1],
  };
}

/** The lines of the formats found for a message, and their literals. */
export function formatsFor(message: string, name: string) {
  return findFormatStrings(message, sourcesOf(name)).map((f) => ({ line: f.line, literal: f.literal }));
}

/** The plan of a pasted text over one fixture, with the format strings as the engine finds them. */
export function routeWithFormats(query: string, name: string) {
  const lines = fixture(name);
  return routePastedText(
    planQuery(query),
    (text) => lines.some((l) => l.toLowerCase().includes(text.toLowerCase())),
    (pattern) => matchingLines(lines, pattern).length > 0,
    (message) => findFormatStrings(message, sourcesOf(name)),
  );
}

/** routePastedText over several fixtures as the files of one repository: the matching lines by file. */
export function routeWithFiles(query: string, names: string[]) {
  const files = names.map(fixture);
  const plan = routePastedText(
    planQuery(query),
    (text) => files.some((lines) => lines.some((l) => l.toLowerCase().includes(text.toLowerCase()))),
    (pattern) => files.some((lines) => matchingLines(lines, pattern).length > 0),
    (message) => findFormatStrings(message, sourcesOfFiles(names)),
  );
  const lines =
    plan.regex === undefined ? {} : Object.fromEntries(names.map((n, i) => [n, matchingLines(files[i], plan.regex!)]));
  return { plan, lines };
}
