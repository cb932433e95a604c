/**
 * JSON with comments and trailing commas, as tsconfig.json and jsconfig.json are written.
 * The scanner respects strings, so `"@/*": ["./src/*"]` keeps its `/*`.
 */

/** Parses JSONC text; null when it is not valid even after comments and trailing commas go. */
export function parseJsonc(text: string): unknown {
  try {
    return JSON.parse(stripJsonc(text));
  } catch {
    return null;
  }
}

/** Removes comments and trailing commas outside strings. */
export function stripJsonc(text: string): string {
  const withoutComments = removeComments(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  return removeTrailingCommas(withoutComments);
}

function removeComments(text: string): string {
  let out = '';
  let i = 0;
  let segmentStart = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      i = skipString(text, i);
      continue;
    }
    if (ch === '/' && text[i + 1] === '/') {
      out += text.slice(segmentStart, i);
      while (i < text.length && text[i] !== '\n') i++;
      segmentStart = i;
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      out += text.slice(segmentStart, i);
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
      segmentStart = i;
      continue;
    }
    i++;
  }
  return out + text.slice(segmentStart);
}

function removeTrailingCommas(text: string): string {
  let out = '';
  let i = 0;
  let segmentStart = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      i = skipString(text, i);
      continue;
    }
    if (ch === ',') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j])) j++;
      if (text[j] === '}' || text[j] === ']') {
        out += text.slice(segmentStart, i);
        segmentStart = i + 1;
      }
    }
    i++;
  }
  return out + text.slice(segmentStart);
}

/** Index just past the closing quote of the string starting at `start`. */
function skipString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else i++;
  }
  return i;
}
