/**
 * .gitignore matching with git's own semantics (dir.c + wildmatch.c), so a repository
 * dropped into Fourfold contains exactly the files `git status` would consider.
 *
 * Precedence, highest first (the first layer with a matching rule decides, and within a
 * layer the last matching line wins — as in git):
 *   1. extra user patterns from Settings (like `git ls-files --exclude=…`),
 *   2. .gitignore files, the deepest directory first,
 *   3. built-in defaults (`node_modules/` unless `includeNodeModules`, source maps), like core.excludesFile.
 * VCS metadata directories (`.git`, `.hg`, `.svn`) are always excluded and cannot be
 * re-included. A file inside an excluded directory is excluded whatever a later `!` says,
 * and .gitignore files inside excluded directories are never consulted (git does the same).
 */
import { isGlobSpecial, wildmatch, WM_PATHNAME } from './wildmatch';

/** Directory names that hold version-control metadata, never source: always skipped. */
export const VCS_METADATA_DIRS: readonly string[] = ['.git', '.hg', '.svn'];

/** Dependencies are huge and not the user's code (indexed with `includeNodeModules`). */
const NODE_MODULES_PATTERN = 'node_modules/';

/**
 * Source maps: JSON a bundler or compiler writes beside its output, whose `sourcesContent`
 * repeats every source file on one line. They answer no question and matched pasted messages
 * and names right under the code they copy (node-less ships one beside each of its 108 files).
 * Named by their double extension, so a `.map` written by people (a MapServer mapfile) stays in.
 */
const SOURCE_MAP_PATTERNS: readonly string[] = ['*.js.map', '*.mjs.map', '*.cjs.map', '*.css.map', '*.ts.map'];

/** Built-in patterns applied below every .gitignore (a repository's own `!` lines outrank them). */
export const DEFAULT_IGNORE_PATTERNS: readonly string[] = [NODE_MODULES_PATTERN, ...SOURCE_MAP_PATTERNS];

export const GITIGNORE_FILE = '.gitignore';

export interface IgnoreRule {
  /** The line as written (after trailing-space trimming). */
  source: string;
  /** Where the rule came from: a .gitignore path, 'settings' or 'defaults'. */
  origin: string;
  /** 1-based line in its origin. */
  line: number;
  /** Directory the rule is relative to ('' = repository root), without trailing '/'. */
  base: string;
  /** Pattern body: no leading '!', no trailing '/'. May keep a leading '/' (anchor). */
  pattern: string;
  negated: boolean;
  /** Trailing '/': matches directories only. */
  directoryOnly: boolean;
  /** No '/' in the body: matched against the basename at any depth (git's NODIR). */
  basenameOnly: boolean;
  /** Length of the literal prefix before the first glob character (git's nowildcardlen). */
  literalPrefix: number;
  /**
   * A basename pattern that is `*` and then literal characters (`*.js.map`): the ending a
   * basename must have (git's PATTERN_FLAG_ENDSWITH), matched without wildmatch.
   */
  suffix?: string;
}

export interface IgnoreVerdict {
  ignored: boolean;
  /** The rule that decided, when one did (a negated rule decides "not ignored"). */
  rule?: IgnoreRule;
  /** Set when a VCS metadata directory or an excluded parent directory decided. */
  because?: 'vcs-metadata' | 'parent-directory';
}

/** Git's trim_trailing_spaces: drop unescaped trailing spaces (not tabs). */
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === ' ') {
      if (lastSpace === -1) lastSpace = i;
    } else if (ch === '\\') {
      i++;
      if (i >= line.length) return line;
      lastSpace = -1;
    } else {
      lastSpace = -1;
    }
  }
  return lastSpace === -1 ? line : line.slice(0, lastSpace);
}

function literalPrefixLength(pattern: string): number {
  let i = 0;
  while (i < pattern.length && !isGlobSpecial(pattern[i])) i++;
  return i;
}

/** Parses one pattern line; null for blank lines and comments. */
export function parseIgnoreLine(raw: string, base: string, origin: string, line: number): IgnoreRule | null {
  if (raw === '' || raw[0] === '#') return null;
  const source = trimTrailingSpaces(raw);
  if (source === '') return null;
  let body = source;
  let negated = false;
  if (body[0] === '!') {
    negated = true;
    body = body.slice(1);
  }
  let directoryOnly = false;
  if (body.endsWith('/')) {
    directoryOnly = true;
    body = body.slice(0, -1);
  }
  if (body === '') return null;
  const basenameOnly = !body.includes('/');
  const rule: IgnoreRule = {
    source,
    origin,
    line,
    base: normalizeBase(base),
    pattern: body,
    negated,
    directoryOnly,
    basenameOnly,
    literalPrefix: Math.min(literalPrefixLength(body), body.length),
  };
  if (basenameOnly && body[0] === '*' && body.length > 1 && literalPrefixLength(body.slice(1)) === body.length - 1)
    rule.suffix = body.slice(1);
  return rule;
}

/** Parses a whole .gitignore (BOM, CRLF and comments handled as git does). */
export function parseGitignore(text: string, base = '', origin = GITIGNORE_FILE): IgnoreRule[] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const rules: IgnoreRule[] = [];
  const lines = text.split('\n');
  // git ignores a final line without a newline only if it is empty; keep all non-empty lines.
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (line.endsWith('\r')) line = line.slice(0, -1);
    const rule = parseIgnoreLine(line, base, origin, i + 1);
    if (rule) rules.push(rule);
  }
  return rules;
}

function normalizeBase(base: string): string {
  return base.replace(/^\/+|\/+$/g, '');
}

function basenameOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? path : path.slice(slash + 1);
}

/** git's match_basename. */
function matchBasename(basename: string, rule: IgnoreRule): boolean {
  if (rule.literalPrefix === rule.pattern.length) return rule.pattern === basename;
  if (rule.suffix !== undefined) return basename.endsWith(rule.suffix);
  return wildmatch(rule.pattern, basename, 0);
}

/** git's match_pathname: the rule's base is implicitly in front of the pattern. */
function matchPathname(path: string, rule: IgnoreRule): boolean {
  let pattern = rule.pattern;
  let prefix = rule.literalPrefix;
  if (pattern[0] === '/') {
    pattern = pattern.slice(1);
    prefix--;
  }
  const base = rule.base;
  let name: string;
  if (base === '') {
    name = path;
  } else {
    if (path.length < base.length + 1 || path[base.length] !== '/' || !path.startsWith(base)) return false;
    name = path.slice(base.length + 1);
  }
  if (prefix > 0) {
    if (prefix > name.length) return false;
    if (name.slice(0, prefix) !== pattern.slice(0, prefix)) return false;
    pattern = pattern.slice(prefix);
    name = name.slice(prefix);
    if (pattern === '' && name === '') return true;
  }
  return wildmatch(pattern, name, WM_PATHNAME);
}

function ruleMatches(rule: IgnoreRule, path: string, isDirectory: boolean): boolean {
  if (rule.directoryOnly && !isDirectory) return false;
  if (rule.basenameOnly) return matchBasename(basenameOf(path), rule);
  return matchPathname(path, rule);
}

/** The last rule of `rules` matching the path, or undefined (git's last_matching_pattern_from_list). */
export function lastMatchingRule(
  rules: readonly IgnoreRule[],
  path: string,
  isDirectory: boolean,
): IgnoreRule | undefined {
  for (let i = rules.length - 1; i >= 0; i--) {
    if (ruleMatches(rules[i], path, isDirectory)) return rules[i];
  }
  return undefined;
}

export interface IgnoreMatcherOptions {
  /** Index `node_modules/` too (off by default). */
  includeNodeModules?: boolean;
  /** Extra gitignore-syntax patterns from Settings, relative to the repository root. */
  extraPatterns?: readonly string[];
  /** Read .gitignore files (on by default). When off, only defaults and extra patterns apply. */
  respectGitignore?: boolean;
}

/**
 * Decides which repository paths are ignored. Feed it every .gitignore with
 * `addIgnoreFile` before asking about paths below that file's directory.
 */
export class IgnoreMatcher {
  private readonly defaults: IgnoreRule[];
  private readonly extras: IgnoreRule[];
  private readonly byDirectory = new Map<string, IgnoreRule[]>();
  /** Directory verdicts, reused across the many files of one directory. */
  private readonly directoryCache = new Map<string, IgnoreVerdict>();
  readonly respectGitignore: boolean;

  constructor(options: IgnoreMatcherOptions = {}) {
    const defaults = options.includeNodeModules
      ? DEFAULT_IGNORE_PATTERNS.filter((pattern) => pattern !== NODE_MODULES_PATTERN)
      : DEFAULT_IGNORE_PATTERNS;
    this.defaults = parseGitignore(defaults.join('\n'), '', 'defaults');
    this.extras = parseGitignore((options.extraPatterns ?? []).join('\n'), '', 'settings');
    this.respectGitignore = options.respectGitignore ?? true;
  }

  /** Registers the .gitignore found in `directory` ('' for the root). Later calls for the same directory replace it. */
  addIgnoreFile(directory: string, text: string): void {
    if (!this.respectGitignore) return;
    const dir = normalizeBase(directory);
    const origin = dir === '' ? GITIGNORE_FILE : `${dir}/${GITIGNORE_FILE}`;
    this.byDirectory.set(dir, parseGitignore(text, dir, origin));
    this.directoryCache.clear();
  }

  /** True when `path` (a file, unless `isDirectory`) must not be indexed. */
  isIgnored(path: string, isDirectory = false): boolean {
    return this.explain(path, isDirectory).ignored;
  }

  /** The verdict and the rule behind it (for "why was this skipped?" and for tests against git). */
  explain(path: string, isDirectory = false): IgnoreVerdict {
    const parts = path.split('/').filter((part) => part !== '');
    if (parts.length === 0) return { ignored: false };
    // Parents first: an excluded directory excludes everything below it.
    let dir = '';
    for (let i = 0; i < parts.length - 1; i++) {
      dir = dir === '' ? parts[i] : `${dir}/${parts[i]}`;
      const verdict = this.directoryVerdict(dir, parts[i]);
      if (verdict.ignored) {
        return { ignored: true, rule: verdict.rule, because: verdict.because ?? 'parent-directory' };
      }
    }
    const name = parts[parts.length - 1];
    const full = parts.join('/');
    if (VCS_METADATA_DIRS.includes(name)) return { ignored: true, because: 'vcs-metadata' };
    return this.ownVerdict(full, isDirectory);
  }

  private directoryVerdict(dir: string, name: string): IgnoreVerdict {
    const cached = this.directoryCache.get(dir);
    if (cached) return cached;
    const verdict: IgnoreVerdict = VCS_METADATA_DIRS.includes(name)
      ? { ignored: true, because: 'vcs-metadata' }
      : this.ownVerdict(dir, true);
    this.directoryCache.set(dir, verdict);
    return verdict;
  }

  /** The path's own verdict, parents aside: extras, then .gitignores deepest first, then defaults. */
  private ownVerdict(path: string, isDirectory: boolean): IgnoreVerdict {
    const decide = (rule: IgnoreRule | undefined): IgnoreVerdict | undefined =>
      rule ? { ignored: !rule.negated, rule } : undefined;
    const extra = decide(lastMatchingRule(this.extras, path, isDirectory));
    if (extra) return extra;
    if (this.byDirectory.size > 0) {
      // Directories strictly containing the path, deepest first.
      const slash = path.lastIndexOf('/');
      let dir = slash === -1 ? '' : path.slice(0, slash);
      for (;;) {
        const rules = this.byDirectory.get(dir);
        if (rules) {
          const verdict = decide(lastMatchingRule(rules, path, isDirectory));
          if (verdict) return verdict;
        }
        if (dir === '') break;
        const up = dir.lastIndexOf('/');
        dir = up === -1 ? '' : dir.slice(0, up);
      }
    }
    return decide(lastMatchingRule(this.defaults, path, isDirectory)) ?? { ignored: false };
  }
}
