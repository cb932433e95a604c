/**
 * A port of git's `wildmatch.c`: the glob matcher behind .gitignore. Ported rather than
 * translated to a RegExp because git's corner cases (`**` only special next to `/`, the
 * "abort to star-star" shortcut, `[` classes where `]` may come first) are what users'
 * .gitignore files rely on, and the tests compare against real `git check-ignore`.
 *
 * Works on UTF-16 code units where git works on bytes; the two agree for ASCII, and
 * differ only for `?`/`[...]` against non-ASCII characters (git sees several bytes).
 */

const WM_MATCH = 0;
const WM_NOMATCH = 1;
const WM_ABORT_ALL = -1;
const WM_ABORT_TO_STARSTAR = -2;

/** `*` and `?` and `[...]` stop at `/` (git's WM_PATHNAME). */
export const WM_PATHNAME = 1;

const GLOB_SPECIAL = new Set(['*', '?', '[', '\\']);

export function isGlobSpecial(ch: string): boolean {
  return GLOB_SPECIAL.has(ch);
}

/**
 * Work one match may cost, in pattern/text steps. Memoization keeps every pattern polynomial
 * (each (pattern position, text position) pair is worked out once), but a pattern of thousands
 * of stars against a path of thousands of characters is still billions of steps; past this
 * budget the pattern is taken not to match the path, so a hostile .gitignore line can make a
 * file be indexed, never make the walk hang.
 */
export const WILDMATCH_MAX_STEPS = 2_000_000;

/** Stars one match may nest (each is a call deeper): past this, no match, never a stack overflow. */
export const WILDMATCH_MAX_DEPTH = 500;

/** Positions of the largest memo table (one byte each); larger matches remember in a Map. */
const MEMO_TABLE_MAX = 1 << 22;

/** One match: the inputs, the results already worked out, and the work left. */
interface Matching {
  pattern: string;
  text: string;
  pathname: boolean;
  /**
   * doWild's answer + 3 per (pattern start, text start) (0: not worked out yet), filled only for
   * the calls a star makes; allocated on the first.
   */
  memo: Int8Array | Map<number, number> | null;
  steps: number;
  depth: number;
}

// Double-star segments in a row ("a/" then "**/" three times, then "b") mean what one means:
// any number of directories. Collapsed before matching, they cost one star's tries, not one
// per segment.
const STAR_STAR_RUN = /(^|\/)\*\*\/(?:\*\*\/)+/g;

/** True when `text` matches the whole `pattern`. */
export function wildmatch(pattern: string, text: string, flags = 0): boolean {
  if ((flags & WM_PATHNAME) !== 0 && pattern.includes('**/**/')) pattern = pattern.replace(STAR_STAR_RUN, '$1**/');
  const m: Matching = {
    pattern,
    text,
    pathname: (flags & WM_PATHNAME) !== 0,
    memo: null,
    steps: WILDMATCH_MAX_STEPS,
    depth: 0,
  };
  return doWild(m, 0, 0) === WM_MATCH;
}

/**
 * git's dowild from one (pattern, text) position. The result depends only on the two start
 * positions, so a star's tries are remembered: without that, `**` segments nest (each one tries
 * every later slash for the rest) and twenty of them against a deep path never end.
 */
function wildFrom(m: Matching, p: number, t: number): number {
  const key = p * (m.text.length + 1) + t;
  const size = (m.pattern.length + 1) * (m.text.length + 1);
  // A table for ordinary sizes (fast); a map past a few MB, holding only the positions tried.
  m.memo ??= size <= MEMO_TABLE_MAX ? new Int8Array(size) : new Map();
  const known = m.memo instanceof Map ? (m.memo.get(key) ?? 0) : m.memo[key];
  if (known !== 0) return known - 3;
  if (m.steps <= 0 || m.depth >= WILDMATCH_MAX_DEPTH) return WM_ABORT_ALL;
  m.depth++;
  const result = doWild(m, p, t);
  m.depth--;
  if (m.memo instanceof Map) m.memo.set(key, result + 3);
  else m.memo[key] = result + 3;
  return result;
}

function doWild(m: Matching, pStart: number, tStart: number): number {
  const { pattern, text, pathname } = m;
  let p = pStart;
  let t = tStart;
  for (; p < pattern.length; t++, p++) {
    if (--m.steps < 0) return WM_ABORT_ALL;
    let pCh = pattern[p];
    const tCh = t < text.length ? text[t] : '';
    if (tCh === '' && pCh !== '*') return WM_ABORT_ALL;
    switch (pCh) {
      case '\\': {
        // Literal match with the following character; a trailing backslash never matches.
        p++;
        pCh = p < pattern.length ? pattern[p] : '';
        if (tCh !== pCh) return WM_NOMATCH;
        continue;
      }
      case '?':
        if (pathname && tCh === '/') return WM_NOMATCH;
        continue;
      case '*':
        return matchStar(m, pStart, p, t);
      case '[': {
        const cls = matchBracket(pattern, p, tCh);
        if (cls.result !== WM_MATCH) return cls.result;
        if (pathname && tCh === '/') return WM_NOMATCH;
        p = cls.end;
        continue;
      }
      default:
        if (tCh !== pCh) return WM_NOMATCH;
        continue;
    }
  }
  return t < text.length ? WM_NOMATCH : WM_MATCH;
}

/** The rest of a match from the star (or run of stars) at `p`, the text at `t`. */
function matchStar(m: Matching, pStart: number, p: number, t: number): number {
  const { pattern, text, pathname } = m;
  let matchSlash: boolean;
  if (pattern[++p] === '*') {
    const prevP = p - 2;
    while (pattern[++p] === '*') {
      /* skip runs of stars */
    }
    const next = pattern[p];
    if (!pathname) {
      // Without WM_PATHNAME, '**' is just '*', which already crosses slashes.
      matchSlash = true;
    } else if (
      (prevP < pStart || pattern[prevP] === '/') &&
      (next === undefined || next === '/' || (next === '\\' && pattern[p + 1] === '/'))
    ) {
      // "**/" may match nothing: try the rest right here first.
      if (next === '/' && wildFrom(m, p + 1, t) === WM_MATCH) return WM_MATCH;
      matchSlash = true;
    } else {
      matchSlash = false;
    }
  } else {
    matchSlash = !pathname;
  }
  if (p >= pattern.length) {
    // Trailing "**" matches everything; trailing "*" only if no slash remains.
    if (!matchSlash && text.indexOf('/', t) !== -1) return WM_NOMATCH;
    return WM_MATCH;
  } else if (!matchSlash && pattern[p] === '/') {
    // One star followed by a slash matches the rest of this path component.
    const slash = text.indexOf('/', t);
    if (slash === -1) return WM_NOMATCH;
    return wildFrom(m, p + 1, slash + 1);
  }
  let tCh = t < text.length ? text[t] : '';
  for (;;) {
    if (tCh === '') break;
    const pNext = pattern[p];
    if (!isGlobSpecial(pNext)) {
      // Fast-forward to the next occurrence of the literal that follows the star.
      const from = t;
      while ((tCh = t < text.length ? text[t] : '') !== '' && (matchSlash || tCh !== '/')) {
        if (tCh === pNext) break;
        t++;
      }
      m.steps -= t - from;
      if (tCh !== pNext) return WM_NOMATCH;
    }
    const matched = wildFrom(m, p, t);
    if (matched !== WM_NOMATCH) {
      if (!matchSlash || matched !== WM_ABORT_TO_STARSTAR) return matched;
    } else if (!matchSlash && tCh === '/') {
      return WM_ABORT_TO_STARSTAR;
    }
    if (--m.steps < 0) return WM_ABORT_ALL;
    t++;
    tCh = t < text.length ? text[t] : '';
  }
  return WM_ABORT_ALL;
}

/**
 * A `[...]` class at `start` against `tCh`: WM_MATCH with `end` at its closing `]` when `tCh` is
 * in it (or out of it, negated), else WM_NOMATCH or WM_ABORT_ALL (an unterminated class).
 */
function matchBracket(pattern: string, start: number, tCh: string): { result: number; end: number } {
  let p = start;
  let pCh = pattern[++p] ?? '';
  if (pCh === '^') pCh = '!';
  const negated = pCh === '!';
  if (negated) pCh = pattern[++p] ?? '';
  let prevCh = '';
  let matched = false;
  const abort = { result: WM_ABORT_ALL, end: p };
  do {
    if (pCh === '') return abort;
    if (pCh === '\\') {
      pCh = pattern[++p] ?? '';
      if (pCh === '') return abort;
      if (tCh === pCh) matched = true;
    } else if (pCh === '-' && prevCh !== '' && p + 1 < pattern.length && pattern[p + 1] !== ']') {
      pCh = pattern[++p];
      if (pCh === '\\') {
        pCh = pattern[++p] ?? '';
        if (pCh === '') return abort;
      }
      if (tCh <= pCh && tCh >= prevCh) matched = true;
      pCh = ''; // so prevCh becomes "none"
    } else if (pCh === '[' && pattern[p + 1] === ':') {
      const s = p + 2;
      p = s;
      while (p < pattern.length && pattern[p] !== ']') p++;
      if (p >= pattern.length) return abort;
      const len = p - s - 1;
      if (len < 0 || pattern[p - 1] !== ':') {
        // No ":]": treat the "[" as an ordinary member of the set.
        p = s - 2;
        pCh = '[';
        if (tCh === pCh) matched = true;
        continue;
      }
      const cls = matchCharClass(pattern.slice(s, s + len), tCh);
      if (cls === null) return abort;
      if (cls) matched = true;
      pCh = '';
    } else if (tCh === pCh) {
      matched = true;
    }
  } while (((prevCh = pCh), (pCh = pattern[++p] ?? '')) !== ']');
  return { result: matched === negated ? WM_NOMATCH : WM_MATCH, end: p };
}

/** POSIX classes as git's ctype sees ASCII; null for an unknown class name (git aborts). */
function matchCharClass(name: string, ch: string): boolean | null {
  const c = ch.charCodeAt(0);
  const isUpper = c >= 65 && c <= 90;
  const isLower = c >= 97 && c <= 122;
  const isDigit = c >= 48 && c <= 57;
  const isSpace = c === 32 || (c >= 9 && c <= 13);
  const isPrint = c >= 32 && c <= 126;
  switch (name) {
    case 'alnum':
      return isUpper || isLower || isDigit;
    case 'alpha':
      return isUpper || isLower;
    case 'blank':
      return c === 32 || c === 9;
    case 'cntrl':
      return c < 32 || c === 127;
    case 'digit':
      return isDigit;
    case 'graph':
      return isPrint && c !== 32;
    case 'lower':
      return isLower;
    case 'print':
      return isPrint;
    case 'punct':
      return isPrint && c !== 32 && !isUpper && !isLower && !isDigit;
    case 'space':
      return isSpace;
    case 'upper':
      return isUpper;
    case 'xdigit':
      return isDigit || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
    default:
      return null;
  }
}
