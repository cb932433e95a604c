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

/** True when `text` matches the whole `pattern`. */
export function wildmatch(pattern: string, text: string, flags = 0): boolean {
  return doWild(pattern, 0, text, 0, flags) === WM_MATCH;
}

function doWild(pattern: string, pStart: number, text: string, tStart: number, flags: number): number {
  let p = pStart;
  let t = tStart;
  const pathname = (flags & WM_PATHNAME) !== 0;

  for (; p < pattern.length; t++, p++) {
    let pCh = pattern[p];
    let tCh = t < text.length ? text[t] : '';
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
      case '*': {
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
            if (next === '/' && doWild(pattern, p + 1, text, t, flags) === WM_MATCH) return WM_MATCH;
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
          t = slash;
          // The for-loop's p++/t++ consumes the slash on both sides.
          continue;
        }
        for (;;) {
          if (tCh === '') break;
          const pNext = pattern[p];
          if (!isGlobSpecial(pNext)) {
            // Fast-forward to the next occurrence of the literal that follows the star.
            while ((tCh = t < text.length ? text[t] : '') !== '' && (matchSlash || tCh !== '/')) {
              if (tCh === pNext) break;
              t++;
            }
            if (tCh !== pNext) return WM_NOMATCH;
          }
          const matched = doWild(pattern, p, text, t, flags);
          if (matched !== WM_NOMATCH) {
            if (!matchSlash || matched !== WM_ABORT_TO_STARSTAR) return matched;
          } else if (!matchSlash && tCh === '/') {
            return WM_ABORT_TO_STARSTAR;
          }
          t++;
          tCh = t < text.length ? text[t] : '';
        }
        return WM_ABORT_ALL;
      }
      case '[': {
        pCh = pattern[++p] ?? '';
        if (pCh === '^') pCh = '!';
        const negated = pCh === '!';
        if (negated) pCh = pattern[++p] ?? '';
        let prevCh = '';
        let matched = false;
        do {
          if (pCh === '') return WM_ABORT_ALL;
          if (pCh === '\\') {
            pCh = pattern[++p] ?? '';
            if (pCh === '') return WM_ABORT_ALL;
            if (tCh === pCh) matched = true;
          } else if (pCh === '-' && prevCh !== '' && p + 1 < pattern.length && pattern[p + 1] !== ']') {
            pCh = pattern[++p];
            if (pCh === '\\') {
              pCh = pattern[++p] ?? '';
              if (pCh === '') return WM_ABORT_ALL;
            }
            if (tCh <= pCh && tCh >= prevCh) matched = true;
            pCh = ''; // so prevCh becomes "none"
          } else if (pCh === '[' && pattern[p + 1] === ':') {
            const s = p + 2;
            p = s;
            while (p < pattern.length && pattern[p] !== ']') p++;
            if (p >= pattern.length) return WM_ABORT_ALL;
            const len = p - s - 1;
            if (len < 0 || pattern[p - 1] !== ':') {
              // No ":]": treat the "[" as an ordinary member of the set.
              p = s - 2;
              pCh = '[';
              if (tCh === pCh) matched = true;
              continue;
            }
            const cls = matchCharClass(pattern.slice(s, s + len), tCh);
            if (cls === null) return WM_ABORT_ALL;
            if (cls) matched = true;
            pCh = '';
          } else if (tCh === pCh) {
            matched = true;
          }
        } while (((prevCh = pCh), (pCh = pattern[++p] ?? '')) !== ']');
        if (matched === negated || (pathname && tCh === '/')) return WM_NOMATCH;
        continue;
      }
      default:
        if (tCh !== pCh) return WM_NOMATCH;
        continue;
    }
  }
  return t < text.length ? WM_NOMATCH : WM_MATCH;
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
