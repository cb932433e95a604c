/**
 * Showing a pasted message's results (issue 20, item 4): the pattern of the formats' lines (the
 * plan's regex), the corpus read as MessageSources through the text index, and each result placed
 * at the line of its format, its range narrowed to the function — or, where there is none, the
 * statement — around that line.
 */
import { FUNCTION_KINDS, type QueryPlan, type SearchResult } from '../../contract';
import type { Corpus } from '../../modality';
import { escapeRegExp } from '../../text/escape';
import { lineStartsOf } from '../../text/lines';
import type { TextGrepResult, TextIndex } from '../../text/index';
import { variantUsePattern } from './followed';
import { formatUsePattern, isComment } from './formats';
import type { FormatMatch, MessageSources, SourceLine } from './shared';
import { holdsLine } from '../../line-range';

/** A regular expression matching the source lines of the formats (their first literals as written). */
export function formatLinePattern(matches: readonly FormatMatch[]): string {
  // Between its quotes: the same words in a comment or a doc line are not the format string.
  // A literal filled from constants (`"%s%zu$", sha512_rounds_prefix`) is its line only with them,
  // and one joined to later literals on its line only with those.
  // A literal continued on the lines below (Rust's `"…\` at a line's end) is its first line's text
  // up to the line's end.
  const own = (m: FormatMatch) => {
    const [first, ...below] = m.literal.split('\n');
    return below.length > 0 ? `${escapeRegExp(first)}\\s*$` : `${escapeRegExp(m.literal)}["'\x60]`;
  };
  const uses = [
    ...new Set(
      matches.flatMap((m) => {
        if (m.formatName) return [formatUsePattern(m.formatName)];
        return m.raisedAs ? [variantUsePattern(m.raisedAs.variant)] : [];
      }),
    ),
  ];
  const literals = [
    ...new Set(
      matches
        .filter((m) => !m.formatName && !m.raisedAs)
        .map(
          (m) =>
            `${own(m)}${(m.lineLiterals ?? []).map((l) => `.*${escapeRegExp(l)}`).join('')}${(m.constants ?? []).map((n) => `.*\\b${escapeRegExp(n)}\\b`).join('')}`,
        ),
    ),
  ];
  // A constant used whole as the format (formatName): its use's line, no literal; an error
  // variant built (raisedAs): the lines naming it, the builders the chosen ones.
  const quoted = literals.length > 0 ? [`["'\x60](?:${literals.join('|')})`] : [];
  return [...quoted, ...uses].join('|');
}

/**
 * The corpus's lines through the text index: candidate lines by trigram lookup, line texts by
 * offset; only the lines of the files whose path `keep` accepts, when it is given.
 */
export function corpusMessageSources(
  corpus: Corpus,
  text: TextIndex,
  keep?: (path: string) => boolean,
): MessageSources {
  const starts = new Map<number, Uint32Array>();
  const lines = (found: TextGrepResult, limit: number): SourceLine[] =>
    (keep ? found.matches.filter((m) => keep(m.path)).slice(0, limit) : found.matches).map((m) => ({
      fileId: m.fileId,
      path: m.path,
      line: m.line,
    }));
  // The lines of files left out do not count against the limit: read as many again.
  const read = (limit: number) => (keep ? limit * 2 : limit);
  return {
    linesContaining: (fragment, limit) => lines(text.grep(fragment, { limit: read(limit) }), limit),
    linesMatching: (pattern, limit) => lines(text.grep(pattern, { regex: true, limit: read(limit) }), limit),
    lineText(fileId, line) {
      const file = corpus.files[fileId];
      if (!file) return undefined;
      let s = starts.get(fileId);
      if (!s) starts.set(fileId, (s = lineStartsOf(file.text)));
      if (line < 1 || line > s.length) return undefined;
      return file.text.slice(s[line - 1], line < s.length ? s[line] - 1 : file.text.length);
    },
  };
}

/** Lines of a pasted plan's text read to place its results (enough for any results list). */
const ANSWER_LINE_SCAN_LIMIT = 2000;

/**
 * Each result of a pasted message shows where it is printed: `line` is the first line of its
 * range holding the format string (or the verbatim text), and a range the parser could not
 * reduce to a function (a line window, a class, code inside a macro call) is narrowed to the
 * function around that line when the text shows one. A command-line option's result shows the
 * statement declaring it.
 */
export function placeAnswerLines(results: SearchResult[], plan: QueryPlan, corpus: Corpus, text: TextIndex): void {
  const needle = plan.regex ?? plan.literal;
  // An option asked for alone (QueryPlan.option) is placed the same way, at the line declaring it.
  if (plan.optionRead !== undefined) return placeAtReads(results, plan.answerLines ?? []);
  if ((!plan.pasted && plan.option === undefined) || needle === undefined || results.length === 0) return;
  const found = text.grep(needle, {
    regex: plan.regex !== undefined,
    caseSensitive: plan.caseSensitive ?? false,
    limit: ANSWER_LINE_SCAN_LIMIT,
  });
  const linesByFile = new Map<string, number[]>();
  for (const m of found.matches) linesByFile.set(m.path, [...(linesByFile.get(m.path) ?? []), m.line]);
  for (const result of results) {
    const inRange = linesByFile.get(result.path)?.filter((l) => holdsLine(result, l)) ?? [];
    if (inRange.length === 0) continue;
    const chunk = corpus.chunks[result.chunkId];
    const file = corpus.files[chunk?.fileId ?? -1];
    let lines: string[] | undefined;
    const linesOf = () => (lines ??= file ? file.text.split('\n') : []);
    // The line the matcher chose (the panic at the line the paste names, not the macro's above
    // it in the same function); else, a message is printed by code: a comment repeating it (`#
    // TODO: Implement #ask …` above the `raise`, a doc block quoting a deprecation) is not where
    // it is printed.
    const line =
      inRange.find((l) => plan.answerLines?.some((f) => f.line === l && f.path === result.path)) ??
      ((inRange.length > 1 && inRange.find((l) => !isComment(linesOf()[l - 1] ?? ''))) || inRange[0]);
    result.line = line;
    // An option is declared by one statement (a flag call, a table row, a case arm): that is the
    // answer, not the function registering a hundred of them.
    if (plan.option !== undefined) {
      const statement = file && statementAround(linesOf(), line, result.startLine, result.endLine);
      if (statement) [result.startLine, result.endLine] = statement;
      continue;
    }
    // A function or method is itself the function the message is raised in. A macro is not: a
    // `macro_rules!` body of many arms (tokio's `select!`, 225 lines) narrows to the function or
    // the statement around the line, and a short `#define` stays whole (statementAround).
    if (chunk?.kind === 'definition' && FUNCTION_KINDS.has(chunk.definitionKind ?? '')) continue;
    if (!file) continue;
    const block =
      enclosingFunction(file.path, linesOf(), line, result.startLine, result.endLine) ??
      statementAround(linesOf(), line, result.startLine, result.endLine);
    if (block) [result.startLine, result.endLine] = block;
  }
}

/** A question about what an option does: each result shows its first line reading the option's value, its range whole. */
function placeAtReads(
  results: SearchResult[],
  reads: readonly { path: string; line: number; stores?: boolean }[],
): void {
  for (const result of results) {
    const held = reads.filter((r) => r.path === result.path && holdsLine(result, r.line));
    const read = held.find((r) => !r.stores) ?? held[0];
    if (read) result.line = read.line;
  }
}

/** A range this many lines long or shorter is shown whole: it is already about the message. */
const STATEMENT_RANGE_LINES = 12;

/** Lines a statement printing a message spans at most, from its line on. */
const STATEMENT_LINES = 8;

/**
 * The statement a message is on, when no function is around it and the range is wider than a
 * statement: a value in a block of error declarations (Go's `var ( ErrX = errors.New("…") … )`),
 * a panic in a `macro_rules!` body, a `raise` at a module's top level. From the line (and the
 * call opened on the line above it, `return fmt.Errorf(` over its literal) to where the brackets
 * opened on it close. Null when the range is already short.
 */
export function statementAround(
  lines: readonly string[],
  line: number,
  from: number,
  to: number,
): [number, number] | null {
  if (to - from + 1 <= STATEMENT_RANGE_LINES) return null;
  let start = line;
  // A call left open on the line above; a declaration block's own opening (`var (`) is not one.
  while (
    start > from &&
    line - start < 2 &&
    CALL_OPEN.test(lines[start - 2] ?? '') &&
    !BLOCK_OPEN.test(lines[start - 2])
  )
    start--;
  let depth = 0;
  for (let l = start; l <= to && l < start + STATEMENT_LINES; l++) {
    const code = (lines[l - 1] ?? '').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\/.*$/g, '');
    for (const c of code) {
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth--;
    }
    if (depth <= 0) return [start, l];
  }
  return [start, line];
}

/** A line ending with an opened call (`return fmt.Errorf(`, `raise ValueError(`). */
const CALL_OPEN = /[\w!]\s*\(\s*$/;

/** A block of declarations opened on its own line (`var (`, `const (`). */
const BLOCK_OPEN = /^\s*(?:var|const|let|import|type)\s*\(\s*$/;

/** A line that opens a function in the languages parsed, when the parser did not see it (inside a macro call). */
const FUNCTION_HEADER = /^\s*(?:[\w()[\]#:"'.,<>-]+\s+)*(?:fn|def|func|function|sub)\s+[A-Za-z_$][\w$!?]*/;

/**
 * The function around `line` within [from, to], by the text: the nearest less indented line
 * above that opens one, to its closing brace, its `end`, or (Python) the end of its indented
 * body. Null when there is none inside the range.
 */
export function enclosingFunction(
  path: string,
  lines: readonly string[],
  line: number,
  from: number,
  to: number,
): [number, number] | null {
  const indent = (l: number) => /^\s*/.exec(lines[l - 1] ?? '')![0].length;
  const own = indent(line);
  for (let h = line; h >= from; h--) {
    if (!FUNCTION_HEADER.test(lines[h - 1] ?? '') || (h < line && indent(h) >= own)) continue;
    const end = blockEnd(lines, h, to, blockStyleOf(path));
    return end !== null && end >= line ? [h, end] : null;
  }
  return null;
}

/** How a language closes a function body. */
type BlockStyle = 'braces' | 'indent' | 'end';

function blockStyleOf(path: string): BlockStyle {
  if (/\.pyi?$/.test(path)) return 'indent';
  if (/\.(rb|rake|lua|ex|exs|jl)$/.test(path)) return 'end';
  return 'braces';
}

/** Where a body ends at the first line back at the header's indentation: that line for Ruby's `end`, else the body's last line. */
function closingLine(style: BlockStyle, text: string, line: number, bodyEnd: number | null): number | null {
  if (style === 'end') return /^\s*end\b/.test(text) ? line : null;
  return bodyEnd;
}

function blockEnd(lines: readonly string[], header: number, to: number, style: BlockStyle): number | null {
  const indentOf = (l: number) => /^\s*/.exec(lines[l - 1] ?? '')![0].length;
  const headerIndent = indentOf(header);
  if (style !== 'braces') {
    let last = header;
    for (let l = header + 1; l <= to; l++) {
      const t = lines[l - 1] ?? '';
      if (!t.trim()) continue;
      if (indentOf(l) <= headerIndent) return closingLine(style, t, l, last > header ? last : null);
      last = l;
    }
    return style === 'indent' && last > header ? last : null;
  }
  let depth = 0;
  let opened = false;
  for (let l = header; l <= to; l++) {
    const code = (lines[l - 1] ?? '').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\/.*$/g, '');
    for (const c of code) {
      if (c === '{') [depth, opened] = [depth + 1, true];
      else if (c === '}') depth--;
    }
    if (opened && depth <= 0) return l;
  }
  return null;
}
