/**
 * Comment blanking for the "understand" queries: the query is a function's doc sentence, so
 * the searched copy of the corpus must not contain it. Every comment character becomes a
 * space (line breaks stay), so line numbers and columns are unchanged.
 *
 * Comments are found through the TypeScript parser (leading and trailing comment ranges of
 * every token), not a regular expression: `//` inside strings, regex literals and template
 * literals stays untouched.
 */
import ts from 'typescript';

export interface CommentRange {
  pos: number;
  end: number;
}

/** Every comment of a TypeScript/JavaScript source, sorted and without duplicates. */
export function commentRanges(fileName: string, text: string): CommentRange[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKindFor(fileName));
  const byPos = new Map<number, number>();
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) byPos.set(r.pos, r.end);
  };
  const visit = (node: ts.Node) => {
    // JSX text is not trivia: "// x" inside JSX text is text, not a comment.
    if (node.kind === ts.SyntaxKind.JsxText) return;
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  add(ts.getLeadingCommentRanges(text, 0));
  visit(source);
  return [...byPos].map(([pos, end]) => ({ pos, end })).sort((a, b) => a.pos - b.pos);
}

/** The text with every comment character replaced by a space; line breaks kept. */
export function blankComments(fileName: string, text: string): string {
  const ranges = commentRanges(fileName, text);
  if (ranges.length === 0) return text;
  const chars = text.split('');
  for (const { pos, end } of ranges)
    for (let i = pos; i < end; i++) if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = ' ';
  return chars.join('');
}

export function scriptKindFor(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}
