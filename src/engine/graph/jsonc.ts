/**
 * JSON with comments and trailing commas, as tsconfig.json and jsconfig.json are written,
 * read by Microsoft's `jsonc-parser` (the parser VS Code uses for these files).
 */
import { parse, type ParseError } from 'jsonc-parser';

/** Parses JSONC text; null when it is not valid even with comments and trailing commas allowed. */
export function parseJsonc(text: string): unknown {
  const errors: ParseError[] = [];
  // jsonc-parser recovers from errors and returns what it could read; a broken config is not half-trusted.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // editors on Windows save a BOM
  const value: unknown = parse(body, errors, { allowTrailingComma: true, disallowComments: false });
  return errors.length > 0 || value === undefined ? null : value;
}
