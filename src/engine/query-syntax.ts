/**
 * The query syntax users know from GitHub and Sourcegraph code search, parsed once for every
 * surface (search box, URL, CLI, MCP): a plain question plus
 *
 *   /regex/            lines matching a regular expression (through the trigram index)
 *   "exact phrase"     stays in the question: the classifier makes it an exact match
 *   path:glob          only files whose path matches (a glob, or a substring without * ? [)
 *   -path:glob         leave those files out (file: and -file: are the same)
 *   lang:name          only files in that language (-lang: to leave it out)
 *   case:yes           literal and regex matching respects case
 *
 * Everything not recognised stays in the question, untouched (a pasted `Error: …` is text).
 * A query that cannot be understood gets an error message, never a silent empty answer.
 */
import { wildmatch } from './intake/wildmatch';
import { loggedLine } from './search/messages/paste';

import type { QueryErrorCode, UnderstoodQuery } from './contract';

/**
 * The longest query read, in UTF-16 units. A question, a pasted stack trace or a long regex
 * fits; past this a query is refused with a message, so no per-query structure (the regex, the
 * name lookups, the did-you-mean) is ever built over a pasted file.
 */
export const MAX_QUERY_CHARS = 10_000;

/** The parsed query: exactly what the response reports as understood. */
export type ParsedQuery = UnderstoodQuery;

/** Language names and aliases → file extensions. Grammars or not: a filter only reads paths. */
const LANGUAGE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  typescript: ['ts', 'mts', 'cts', 'tsx'],
  tsx: ['tsx'],
  javascript: ['js', 'mjs', 'cjs', 'jsx'],
  jsx: ['jsx'],
  python: ['py', 'pyi'],
  go: ['go'],
  rust: ['rs'],
  java: ['java'],
  kotlin: ['kt', 'kts'],
  c: ['c', 'h'],
  cpp: ['cc', 'cpp', 'cxx', 'hpp', 'hh', 'hxx', 'h', 'inl', 'ipp', 'tpp'],
  csharp: ['cs'],
  ruby: ['rb', 'rake', 'gemspec'],
  php: ['php'],
  swift: ['swift'],
  scala: ['scala', 'sc'],
  lua: ['lua'],
  shell: ['sh', 'bash', 'zsh'],
  json: ['json', 'jsonc'],
  yaml: ['yaml', 'yml'],
  markdown: ['md', 'markdown', 'mdx'],
  html: ['html', 'htm'],
  css: ['css', 'scss', 'less'],
  svelte: ['svelte'],
  vue: ['vue'],
};
/** Every extension `lang:` knows, lower-case and without the dot. */
export const LANGUAGE_FILE_EXTENSIONS: ReadonlySet<string> = new Set(Object.values(LANGUAGE_EXTENSIONS).flat());
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  ts: 'typescript',
  js: 'javascript',
  py: 'python',
  golang: 'go',
  rs: 'rust',
  'c++': 'cpp',
  'c#': 'csharp',
  cs: 'csharp',
  rb: 'ruby',
  kt: 'kotlin',
  sh: 'shell',
  bash: 'shell',
  yml: 'yaml',
  md: 'markdown',
};

/** Filter keys and what they set. */
const FILTER_KEYS: Readonly<Record<string, 'path' | 'lang' | 'case'>> = {
  path: 'path',
  file: 'path',
  lang: 'lang',
  language: 'lang',
  case: 'case',
};

export const SYNTAX_HELP: readonly { syntax: string; meaning: string }[] = [
  { syntax: '/regex/', meaning: 'lines matching a regular expression (RE2 syntax, linear time)' },
  { syntax: '"exact phrase"', meaning: 'the exact text, as written' },
  { syntax: 'path:src/**/*.ts', meaning: 'only files whose path matches the glob (or contains the text)' },
  { syntax: '-path:test', meaning: 'leave out files whose path matches' },
  { syntax: 'lang:go', meaning: 'only files in that language (-lang: leaves it out)' },
  { syntax: 'case:yes', meaning: 'literal and regex matching respects case' },
];

/** A token `key:value` (or `-key:value`) whose key is a filter; value may be "quoted". */
const FILTER_TOKEN = /(^|\s)(-?)([A-Za-z]+):("(?:[^"\\]|\\.)*"|\S*)/g;

export function parseQuery(raw: string): ParsedQuery {
  const parsed: ParsedQuery = {
    text: '',
    paths: [],
    excludedPaths: [],
    languages: [],
    excludedLanguages: [],
    caseSensitive: false,
  };
  const removed: [number, number][] = [];
  const fail = (errorCode: QueryErrorCode, error: string): ParsedQuery => ({
    ...parsed,
    text: raw.trim(),
    error,
    errorCode,
  });
  if (raw.length > MAX_QUERY_CHARS) {
    return fail(
      'too-long',
      `The query is ${raw.length.toLocaleString('en-US')} characters long; Fourfold reads at most ${MAX_QUERY_CHARS.toLocaleString('en-US')}. Search for a shorter part of it.`,
    );
  }

  for (const m of raw.matchAll(FILTER_TOKEN)) {
    const kind = FILTER_KEYS[m[3].toLowerCase()];
    if (!kind) continue;
    const negated = m[2] === '-';
    const start = m.index + m[1].length;
    let value = m[4];
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    const written = `${m[2]}${m[3]}:`;
    // `File::findEndOfStatement`, `Path::extension`, `Case::Upper`: a name qualified with `::`
    // (PHP, Rust, C++, Ruby), whose qualifier happens to be a filter's key, is code, not a filter.
    if (value.startsWith(':')) continue;
    // Lua names a method `Type:method` and calls one `obj:method(…)` (`Path:appendArc`,
    // `file:read("*a")`): a capitalised key before a bare name, or any key before a call, is
    // code. A filter is typed in lower case, and a path holds no `(`.
    if (/^[A-Za-z_]\w*(\(|$)/.test(value) && (value.includes('(') || m[3] !== m[3].toLowerCase())) continue;
    // A line of pasted output may end with such a word and its colon, the rest of the message on
    // the next line (docutils' `Problems with "include" directive path:` then the cause): text.
    if (value === '' && /^[ \t]*\r?\n\s*\S/.test(raw.slice(m.index + m[0].length))) continue;
    // So is the word and its colon inside a sentence, words before it and its value after a space
    // (rustls' `error writing to key log file: {}`, `No such file: x`): a filter is written
    // `key:value`, and a message holding `file: ` must not end in an error and no answer.
    if (
      value === '' &&
      !negated &&
      raw.slice(0, start).trim() !== '' &&
      /^[ \t]+\S/.test(raw.slice(m.index + m[0].length))
    )
      continue;
    // A label a report prints in capitals, its value after a space (PHP_CodeSniffer's `FILE:
    // /var/www/app.js` heading a pasted report), or any such word in a paste of several lines:
    // a filter is typed `key:value` on one line.
    if (
      value === '' &&
      !negated &&
      (m[3] === m[3].toUpperCase() || raw.trim().includes('\n')) &&
      /^[ \t]+\S/.test(raw.slice(m.index + m[0].length))
    )
      continue;
    if (value === '') {
      let example = 'case:yes';
      if (kind === 'path') example = `${written}src/**`;
      else if (kind === 'lang') example = `${written}typescript`;
      return fail('filter-needs-value', `${written} needs a value, e.g. ${example}.`);
    }
    if (kind === 'path') (negated ? parsed.excludedPaths : parsed.paths).push(value);
    else if (kind === 'lang') {
      const name = canonicalLanguage(value);
      if (!name)
        return fail(
          'unknown-language',
          `${written}${value}: unknown language. Known: ${Object.keys(LANGUAGE_EXTENSIONS).join(', ')}.`,
        );
      (negated ? parsed.excludedLanguages : parsed.languages).push(name);
    } else {
      const v = value.toLowerCase();
      if (negated || !['yes', 'no', 'y', 'n', 'true', 'false'].includes(v))
        return fail('bad-case-value', `${written}${value}: write case:yes or case:no.`);
      parsed.caseSensitive = v === 'yes' || v === 'y' || v === 'true';
    }
    removed.push([start, start + m[0].length - m[1].length]);
  }

  const regex = findRegex(raw, removed);
  if (regex && 'error' in regex) return fail(regex.code, regex.error);
  if (regex) {
    parsed.regex = regex.pattern;
    removed.push([regex.start, regex.end]);
  }

  removed.sort((a, b) => a[0] - b[0]);
  let text = '';
  let at = 0;
  for (const [s, e] of removed) {
    text += raw.slice(at, s);
    at = e;
  }
  text += raw.slice(at);
  // Only the gaps the removed tokens leave are tidied: a pasted message keeps its own spacing.
  parsed.text = removed.length > 0 ? text.replace(/[ \t]{2,}/g, ' ').trim() : raw.trim();
  return parsed;
}

/**
 * The `/pattern/` of the query: a token starting with `/` at a word start and before a
 * character that is not white space, up to the next `/` not escaped that ends a word. A leading `/` with no end is an error unless the token reads as
 * a file path (`/usr/lib/x.so`, a stack frame's `/app/src/index.js:10`), which stays text.
 */
function findRegex(
  raw: string,
  removed: [number, number][],
): { pattern: string; start: number; end: number } | { code: QueryErrorCode; error: string } | null {
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== '/' || (i > 0 && !/\s/.test(raw[i - 1])) || removed.some(([s, e]) => i >= s && i < e)) continue;
    // A slash with white space after it stands between words (`successful C / b decodes`,
    // `read / write`): a pattern starts right after its slash.
    if (i + 1 === raw.length || /\s/.test(raw[i + 1])) continue;
    let j = i + 1;
    let inClass = false;
    for (; j < raw.length; j++) {
      const c = raw[j];
      if (c === '\\') j++;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass && (j + 1 === raw.length || /\s/.test(raw[j + 1]))) break;
      else if (c === '\n') break;
    }
    const token = raw.slice(i).split(/\s/, 1)[0];
    if (j >= raw.length || raw[j] !== '/') {
      // A file path, not a pattern; or a path of `key=value` segments, as OpenSSL prints a
      // certificate's subject (`/CN=alice/DC=example/DC=com`).
      if (/^\/[\w.@=,:~%-]+\/|\.\w+(:\d+)*$/.test(token)) continue;
      // A request target as a log line prints it, after its method (`(GET /?_task=mail&_mbox=INBOX)`,
      // `"POST /login HTTP/1.1"`), or any path with a query string (`/index.php?id=3`): a URL,
      // not a pattern, which cannot start with `?` nor hold `?` as a name's end.
      if (i > 0 && /(?:^|[\s("'])(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|CONNECT|TRACE)[ \t]+$/.test(raw.slice(0, i)))
        continue;
      if (/^\/[\w.~%@/-]*\?[\w.~%[\]-]+=/.test(token)) continue;
      // A line a program logged (it opens with a clock or a level) is pasted, not typed: a slash
      // in it that closes no pattern is a path's or a URL's, and the line is searched as text.
      if (i > 0 && loggedLine(raw.trimStart())) continue;
      // A command's switch after other words (`xcopy a b /E /I /Q /Y`, `dir /s`), not a pattern.
      if (i > 0 && /^\/[A-Za-z?]{1,2}$/.test(token)) continue;
      // A root folder a sentence names after other words is a name, no pattern: with words after
      // it too (`how does it check that the opened /proc directory is the real procfs root`, real
      // set, rustix), or last after a clause a comma, colon or semicolon closes, a printed
      // message's value (`expect current directory to be …, not /root`, `permission denied:
      // /root`), which a pattern typed after a few words is not written so.
      if (
        i > 0 &&
        /^\/[\w.-]+$/.test(token) &&
        (/\S/.test(raw.slice(i + token.length)) || /[,:;]\s/.test(raw.slice(0, i)))
      )
        continue;
      return {
        code: 'unclosed-regex',
        error: `The regular expression ${token} has no closing /: write /pattern/ (or put the text in "quotes").`,
      };
    }
    const pattern = raw.slice(i + 1, j);
    if (pattern === '')
      return { code: 'empty-regex', error: 'An empty regular expression // matches nothing useful: write /pattern/.' };
    return { pattern, start: i, end: j + 1 };
  }
  return null;
}

function canonicalLanguage(value: string): string | null {
  const v = value.toLowerCase();
  const name = LANGUAGE_ALIASES[v] ?? v;
  return name in LANGUAGE_EXTENSIONS ? name : null;
}

/** Whether the query has any file filter. */
/** The first language whose extensions `lang:` knows hold this path's, or null (what a text-only file is counted as). */
export function languageOfPath(path: string): string | null {
  const ext = extensionOf(path);
  for (const [name, extensions] of Object.entries(LANGUAGE_EXTENSIONS)) if (extensions.includes(ext)) return name;
  return null;
}

export function hasFileFilter(q: ParsedQuery): boolean {
  return q.paths.length + q.excludedPaths.length + q.languages.length + q.excludedLanguages.length > 0;
}

/** The filters of the query, written back as the user would type them (for messages and chips). */
export function describeFilters(q: ParsedQuery): string[] {
  return [
    ...q.paths.map((p) => `path:${p}`),
    ...q.excludedPaths.map((p) => `-path:${p}`),
    ...q.languages.map((l) => `lang:${l}`),
    ...q.excludedLanguages.map((l) => `-lang:${l}`),
  ];
}

/** A predicate over repository paths: every path: and lang: filter must hold, no -path:/-lang: may. */
export function fileFilter(q: ParsedQuery): (path: string) => boolean {
  const include = q.paths.map(pathMatcher);
  const exclude = q.excludedPaths.map(pathMatcher);
  const langs = q.languages.map((l) => new Set(LANGUAGE_EXTENSIONS[l]));
  const notLangs = q.excludedLanguages.map((l) => new Set(LANGUAGE_EXTENSIONS[l]));
  return (path) => {
    const ext = extensionOf(path);
    return (
      include.every((m) => m(path)) &&
      !exclude.some((m) => m(path)) &&
      langs.every((set) => set.has(ext)) &&
      !notLangs.some((set) => set.has(ext))
    );
  };
}

/**
 * A glob (with * ? or [) matches the whole path or any tail of it after a `/` (like a
 * .gitignore line without a leading slash). Plain text matches when the path contains it, as
 * on GitHub. A leading `/` anchors either at the repository root.
 */
function pathMatcher(pattern: string): (path: string) => boolean {
  if (!/[*?[]/.test(pattern)) {
    const needle = pattern.replace(/^\.?\//, '');
    return /^\.?\//.test(pattern) ? (path) => path.startsWith(needle) : (path) => path.includes(needle);
  }
  if (pattern.startsWith('/')) {
    const anchored = pattern.slice(1);
    return (path) => wildmatch(anchored, path, 1) || wildmatch(`${anchored}/**`, path, 1);
  }
  return (path) => {
    if (wildmatch(pattern, path, 1) || wildmatch(`${pattern}/**`, path, 1)) return true;
    for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) {
      const tail = path.slice(i + 1);
      if (wildmatch(pattern, tail, 1) || wildmatch(`${pattern}/**`, tail, 1)) return true;
    }
    return false;
  };
}

function extensionOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(dot + 1).toLowerCase() : '';
}
