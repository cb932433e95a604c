/**
 * Chunks, the unit of retrieval: one per function/method/class-like definition (nested ones
 * included, innermost wins), and line windows over whatever no definition covers.
 */
import { FUNCTION_KINDS, type Chunk, type Definition, type DefinitionKind, type FileAnalysis } from '../contract';

/** Longest window chunk, in lines. */
export const WINDOW_LINES = 40;

/** A chunk of one file before the corpus numbers it: what a Chunk is but its id, file and path. */
export type ChunkSpan = Omit<Chunk, 'id' | 'fileId' | 'path'>;

/** Definition kinds that make their own chunk; variables, constants and fields do not. */
export const CHUNK_DEFINITION_KINDS: ReadonlySet<DefinitionKind> = new Set<DefinitionKind>([
  'function',
  'method',
  'class',
  'interface',
  'struct',
  'enum',
  'trait',
  'type',
  'module',
  'namespace',
  'macro',
]);

/**
 * Spans of one file, ordered by start line (outer before inner on ties). Definition spans
 * may nest; window spans never overlap anything. Their union is 1..max(1, lineCount).
 *
 * A one-line definition nested inside another chunk (an interface member, a one-line
 * method) is left to its container: a chunk per line would shred small classes.
 */
export function chunkSpans(analysis: FileAnalysis): ChunkSpan[] {
  // The analyses come in several object shapes too (parsed or not, with a parse error or not):
  // read here, in a function small enough that a deoptimization on a new shape costs nothing.
  return spansOf(analysis.definitions, Math.max(1, analysis.lineCount));
}

/** chunkSpans of a file of `lineCount` (≥ 1) lines with these definitions. */
function spansOf(definitions: readonly Definition[], lineCount: number): ChunkSpan[] {
  const candidates = chunkCandidates(definitions, lineCount);
  const spans: ChunkSpan[] = [];
  const open: ChunkSpan[] = []; // definition spans that may still contain later ones
  for (let i = 0; i < candidates.length; i++) {
    const { startLine, endLine, name, kind, container } = candidates[i];
    while (open.length && open[open.length - 1].endLine < startLine) open.pop();
    const parent = open[open.length - 1];
    if (parent && parent.startLine === startLine && parent.endLine === endLine) continue; // same lines, one chunk
    // A one-liner inside a chunk is left to it (a chunk per line would shred small classes), but
    // not inside a function too long to be read as one (a module's wrapper holding the whole
    // program, CodeMirror's 5,450-line Vim(): its `imap: function(cm, params) { … }` would be one
    // of thousands of lines of one chunk, none of them an answer of its own).
    if (parent && startLine === endLine && parent.endLine >= endLine && !hidesOneLiners(parent)) continue;
    const span: ChunkSpan = { startLine, endLine, kind: 'definition', symbol: name, definitionKind: kind };
    if (container !== undefined) span.container = container;
    spans.push(span);
    open.push(span);
  }

  // Windows over the lines no definition span covers.
  const windows: ChunkSpan[] = [];
  let covered = 0; // last line covered so far, scanning definitions by start
  const addGap = (from: number, to: number) => {
    for (let start = from; start <= to; start += WINDOW_LINES)
      windows.push({ startLine: start, endLine: Math.min(to, start + WINDOW_LINES - 1), kind: 'window' });
  };
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i];
    if (span.startLine > covered + 1) addGap(covered + 1, span.startLine - 1);
    covered = Math.max(covered, span.endLine);
  }
  if (covered < lineCount) addGap(covered + 1, lineCount);

  return mergeByStart(spans, windows);
}

/** Lines of a function past which its one-line nested definitions get chunks of their own. */
export const LONE_LINER_HOST_LINES = 5 * WINDOW_LINES;

/** A function (or method) longer than LONE_LINER_HOST_LINES: the one-liners it holds are chunks of their own. */
function hidesOneLiners(span: ChunkSpan): boolean {
  return FUNCTION_KINDS.has(span.definitionKind ?? '') && span.endLine - span.startLine + 1 > LONE_LINER_HOST_LINES;
}

/** A definition that makes a chunk, what chunkSpans reads of it copied out (one object shape). */
interface ChunkCandidate {
  startLine: number;
  endLine: number;
  name: string;
  kind: DefinitionKind;
  container: string | undefined;
}

/**
 * The definitions that make a chunk, their lines clamped into the file, by start (outer first).
 * The only loop of spansOf that reads the definitions: they come in several object shapes
 * (with and without a container, a doc, a doc line), and V8 deoptimizes code that reads them
 * as each new shape arrives, so that code is kept to this loop: recompiling it costs less than
 * recompiling the whole of spansOf each time (docs/bench/HISTORY.md).
 */
function chunkCandidates(definitions: readonly Definition[], lineCount: number): ChunkCandidate[] {
  const candidates: ChunkCandidate[] = [];
  let sorted = true;
  for (let i = 0; i < definitions.length; i++) {
    const d = definitions[i];
    if (!CHUNK_DEFINITION_KINDS.has(d.kind)) continue;
    const startLine = Math.max(1, Math.min(d.startLine, lineCount));
    const endLine = Math.max(1, Math.min(d.endLine, lineCount));
    if (endLine < startLine) continue;
    const last = candidates[candidates.length - 1];
    if (last && byStartThenLongest(last, { startLine, endLine }) > 0) sorted = false;
    candidates.push({ startLine, endLine, name: d.name, kind: d.kind, container: d.container });
  }
  // The analyzer lists definitions in source order, outer first: the sort is rarely needed.
  if (!sorted) candidates.sort(byStartThenLongest);
  return candidates;
}

/** Span order: by start line, the longer span first on a tie (an outer span before the spans it holds). */
function byStartThenLongest(
  a: { startLine: number; endLine: number },
  b: { startLine: number; endLine: number },
): number {
  return a.startLine - b.startLine || b.endLine - a.endLine;
}

function mergeByStart(definitions: ChunkSpan[], windows: ChunkSpan[]): ChunkSpan[] {
  const out: ChunkSpan[] = [];
  let i = 0;
  let j = 0;
  while (i < definitions.length || j < windows.length) {
    if (j >= windows.length || (i < definitions.length && definitions[i].startLine <= windows[j].startLine))
      out.push(definitions[i++]);
    else out.push(windows[j++]);
  }
  return out;
}

/**
 * Line → innermost span, as runs of lines: `runStarts[r]` is the first line of run r and
 * `runSpans[r]` the index (into the spans array) of the span that owns every line of it.
 * Answering a line is a binary search over runs: O(log runs).
 */
export interface SpanLookup {
  runStarts: Int32Array;
  runSpans: Int32Array;
}

/**
 * Builds the lookup. "Innermost" = the span starting last among those containing the line
 * (for properly nested spans that is the deepest one; ties go to the shorter span).
 */
export function buildSpanLookup(spans: readonly ChunkSpan[]): SpanLookup {
  if (spans.length === 0) return { runStarts: new Int32Array(0), runSpans: new Int32Array(0) };
  let lastLine = 0;
  let sorted = true;
  for (let i = 0; i < spans.length; i++) {
    lastLine = Math.max(lastLine, spans[i].endLine);
    if (i > 0 && byStartThenLongest(spans[i - 1], spans[i]) > 0) sorted = false;
  }
  // Paint outer spans first, inner ones over them. Cost: Σ span lengths, i.e. lines × nesting depth.
  // chunkSpans hands its spans in that order already.
  const order = sorted ? null : spans.map((_, i) => i).sort((a, b) => byStartThenLongest(spans[a], spans[b]));
  if (ownerScratch.length <= lastLine) ownerScratch = new Int32Array(Math.max(lastLine + 1, ownerScratch.length * 2));
  const owner = ownerScratch;
  owner.fill(-1, 1, lastLine + 1);
  for (let k = 0; k < spans.length; k++) {
    const i = order ? order[k] : k;
    owner.fill(i, spans[i].startLine, spans[i].endLine + 1);
  }
  let runs = 0;
  for (let line = 1; line <= lastLine; line++) if (line === 1 || owner[line] !== owner[line - 1]) runs++;
  const runStarts = new Int32Array(runs);
  const runSpans = new Int32Array(runs);
  for (let line = 1, r = 0; line <= lastLine; line++) {
    if (line === 1 || owner[line] !== owner[line - 1]) {
      runStarts[r] = line;
      runSpans[r++] = owner[line];
    }
  }
  return { runStarts, runSpans };
}

/** buildSpanLookup's line → span painting, reused from file to file (one typed array per file was most of its cost). */
let ownerScratch = new Int32Array(4096);

/** Index of the span owning `line` (clamped into the file), or -1 when there are no spans. */
export function lookupSpan(lookup: SpanLookup, line: number): number {
  const { runStarts, runSpans } = lookup;
  if (runStarts.length === 0) return -1;
  let lo = 0;
  let hi = runStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (runStarts[mid] <= line) lo = mid;
    else hi = mid - 1;
  }
  return runSpans[lo];
}

/** Index of the innermost span containing `line`, or -1. Linear; for one-off use and tests. */
export function innermostSpanAt(spans: readonly ChunkSpan[], line: number): number {
  let best = -1;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i];
    if (s.startLine > line || s.endLine < line) continue;
    const b = best < 0 ? null : spans[best];
    if (!b || s.startLine > b.startLine || (s.startLine === b.startLine && s.endLine < b.endLine)) best = i;
  }
  return best;
}

/** Lines in `text`: a final line without a newline counts; an empty file has 0 lines. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.endsWith('\n') ? lines - 1 : lines;
}
