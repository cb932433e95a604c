/**
 * Running a route's retrievers: each modality's own ranked list, kept to the filtered files,
 * and the fallbacks that fuse the other modalities in when a direct answer falls short.
 */
import { blockCommentLines, isCommentLine } from '../comment-lines';
import type { ImportRef, Language, Modality, ModalityHit, ModalityRun, QueryPlan } from '../contract';
import type { Corpus, CorpusFile } from '../modality';
import { referencedName } from '../graph/graph';
import { NAME_ONLY_HIT_SCORE } from '../graph/index';
import { FILTERED_LIST_DEPTH, MODALITY_LIST_DEPTH } from '../ranking';
import type { IndexedCorpus, Indexes } from '../registry';
import { skipMessage } from '../skip';
import { SnapshotDamagedError } from '../snapshot';
import { now } from '../timing';
import type { Route } from './route';

/** Word occurrences read to check a references answer against grep's file set. */
const REFERENCE_FLOOR_SCAN_LIMIT = 5000;
/** Entries of each modality's own list kept in the response for the teaching page. */
export const LIST_PREVIEW = 25;

export interface Retrieval {
  lists: Partial<Record<Modality, ModalityHit[]>>;
  runs: Map<Modality, ModalityRun>;
  /** The route's strategy, or 'fused' when a fallback fused the other modalities in. */
  strategy: 'direct' | 'fused';
  strategyReason: string;
  fallback?: string;
  /** Modalities a fallback fused in: they ran after all. */
  fusedIn: Modality[];
  notes: string[];
  /** Files the retrievers found that the filters dropped (to say so when nothing is left). */
  droppedFiles: Set<number>;
}

/** Runs the route (nothing for an empty query), then a direct answer's fallbacks. */
export async function retrieve(
  at: IndexedCorpus,
  plan: QueryPlan,
  route: Route,
  runnable: readonly Modality[],
  weights: Record<Modality, number>,
  only: Set<number> | null,
): Promise<Retrieval> {
  const notes: string[] = [];
  const lists: Partial<Record<Modality, ModalityHit[]>> = {};
  const runs = new Map<Modality, ModalityRun>();
  const droppedFiles = new Set<number>();
  const empty = !plan.raw && plan.similarToChunk === undefined;
  if (empty) notes.push('Empty query: type what you are looking for.');
  const toRun = empty ? [] : route.toRun;
  const run = async (ms: readonly Modality[]) => {
    await runRetrievers(
      at.indexes,
      ms,
      plan,
      weights,
      lists,
      runs,
      notes,
      only ? FILTERED_LIST_DEPTH : MODALITY_LIST_DEPTH,
    );
    if (only) for (const m of ms) keepFiles(at.corpus, only, m, lists, runs, droppedFiles);
  };
  await run(toRun);
  const retrieval: Retrieval = {
    lists,
    runs,
    strategy: route.strategy,
    strategyReason: route.strategyReason,
    fusedIn: [],
    notes,
    droppedFiles,
  };
  if (route.strategy !== 'direct') {
    // A fused references answer keeps grep's recall too: uses in code the graph did not link
    // join the graph's list, by name.
    if (plan.intent === 'find_references' && lists.graph && lists.text) {
      const unlinkedUses = unlinkedWordFiles(at, plan, lists.graph, only);
      if (unlinkedUses) lists.graph = [...lists.graph, ...unlinkedUses.uses];
    }
    return retrieval;
  }
  const answeredBy = toRun[0];
  const unlinked =
    plan.intent === 'find_references' && answeredBy === 'graph' && runnable.includes('text')
      ? unlinkedWordFiles(at, plan, lists.graph ?? [], only)
      : null;
  if (unlinked) {
    // The references answer may not lose recall to grep: files where the name occurs as a
    // word in code but the graph linked nothing are brought in by fusing the other modalities,
    // each such use listed by name, unresolved (a word in a comment or a string is not a use).
    const rest = runnable.filter((m) => m !== 'graph');
    await run(rest);
    lists.graph = [...(lists.graph ?? []), ...unlinked.uses];
    const fallback = `graph linked ${unlinked.linkedFiles} file(s), but "${unlinked.name}" occurs as a word in ${unlinked.missing} more, so ${rest.join(', ')} ${wasOrWere(rest)} fused with it`;
    return {
      ...retrieval,
      strategy: 'fused',
      fallback,
      strategyReason: `${route.strategyReason}; ${fallback}`,
      fusedIn: rest,
    };
  }
  if (route.fusesWhenEmpty && (lists[answeredBy]?.length ?? 0) === 0 && runnable.length > 1) {
    const rest = runnable.filter((m) => m !== answeredBy);
    await run(rest);
    const fallback = `direct route to ${answeredBy} found nothing, so ${rest.join(', ')} ${wasOrWere(rest)} fused`;
    return {
      ...retrieval,
      strategy: 'fused',
      fallback,
      strategyReason: `${route.strategyReason}; ${answeredBy} found nothing, so the other modalities were fused`,
      fusedIn: rest,
    };
  }
  return retrieval;
}

function wasOrWere(modalities: readonly Modality[]): string {
  return modalities.length === 1 ? 'was' : 'were';
}

/** Each modality's list, searched at once; a modality that throws is recorded as failed, with a note (a damaged stored index is thrown on). */
async function runRetrievers(
  indexes: Indexes,
  modalities: readonly Modality[],
  plan: QueryPlan,
  weights: Record<Modality, number>,
  lists: Partial<Record<Modality, ModalityHit[]>>,
  runs: Map<Modality, ModalityRun>,
  notes: string[],
  depth: number,
): Promise<void> {
  await Promise.all(
    modalities.map(async (m) => {
      const started = now();
      const run: ModalityRun = { modality: m, weight: weights[m], ran: true, latencyMs: 0, hits: 0, list: [] };
      try {
        const r = indexes[m];
        if (!r) throw new Error('index not built');
        const hits = await r.search(plan, depth);
        lists[m] = hits;
        showList(run, hits);
      } catch (e) {
        // A stored index found damaged is not a modality's failure: the host rebuilds and asks again.
        if (e instanceof SnapshotDamagedError) throw e;
        run.ran = false;
        run.skip = 'failed';
        run.skipped = skipMessage('failed', { preset: 'default', intent: plan.intent, detail: errorMessage(e) });
        notes.push(`${m} could not answer: ${errorMessage(e)}`);
      }
      run.latencyMs = now() - started;
      runs.set(m, run);
    }),
  );
}

/** Drops from a modality's list (and its preview) the chunks of files the filters leave out. */
function keepFiles(
  corpus: Corpus,
  only: Set<number>,
  m: Modality,
  lists: Partial<Record<Modality, ModalityHit[]>>,
  runs: Map<Modality, ModalityRun>,
  dropped: Set<number>,
): void {
  const list = lists[m];
  if (!list) return;
  const kept = list.filter((h) => {
    const fileId = corpus.chunks[h.chunkId].fileId;
    if (!only.has(fileId)) dropped.add(fileId);
    return only.has(fileId);
  });
  lists[m] = kept;
  const run = runs.get(m);
  if (run) showList(run, kept);
}

/** What a modality's run shows of its list: how many hits, and the first LIST_PREVIEW. */
export function showList(run: ModalityRun, hits: ModalityHit[]): void {
  run.hits = hits.length;
  run.list = hits.slice(0, LIST_PREVIEW);
}

/**
 * For a references query answered by the graph: the files where the name occurs as a whole
 * word (outside its own declarations) that the graph's list does not contain. Null when there
 * are none, or the query names no identifier.
 */
function unlinkedWordFiles(
  { corpus, indexes }: IndexedCorpus,
  plan: QueryPlan,
  graphHits: ModalityHit[],
  only: Set<number> | null,
): { name: string; linkedFiles: number; missing: number; uses: ModalityHit[] } | null {
  const name = plan.identifiers[0];
  if (!name || name.length < 2) return null;
  // "Which files use readers/__init__.py" names a file, not a name: its stem as a word
  // (`readers`, `__init__`) in other files is no use of it.
  if (indexes.graph?.subjectOf(plan)?.kind === 'files') return null;
  const linked = new Set(graphHits.map((h) => corpus.chunks[h.chunkId].fileId));
  const found = indexes.text.grep(name, { caseSensitive: true, wholeWord: true, limit: REFERENCE_FLOOR_SCAN_LIMIT });
  const missing = new Set<number>();
  const listed = new Set<number>();
  const uses: ModalityHit[] = [];
  // Each file's block-comment lines, read in one pass when its first match needs them.
  const commentLines = new Map<number, Uint8Array | null>();
  for (const m of found.matches) {
    if (linked.has(m.fileId) || (only && !only.has(m.fileId))) continue;
    // Each function with a use is a caller of its own (rustls' `.map_err(pki_error)` in five
    // functions of one file), not only the file's first.
    const chunkId = corpus.chunkAt(m.fileId, m.line);
    if (listed.has(chunkId)) continue;
    const file = corpus.files[m.fileId];
    const declaration = file?.analysis.definitions.some((d) => d.name === name && d.nameLine === m.line);
    const column = m.column - 1 - m.lineTextStart;
    if (declaration || !inCode(m.lineText, column, file?.language ?? null)) continue;
    if (file && (readByParser(file, m.line, name) || !sameName(m.lineText, column, name, file.language))) continue;
    // "Who calls X": a use that cannot be a call (a field read, an import binding X) is none.
    if (plan.asksCalls === true && !callShaped(file, m.line, m.lineText, column, name)) continue;
    if (file && !commentLines.has(m.fileId)) commentLines.set(m.fileId, blockCommentLines(file.text, file.language));
    if (commentLines.get(m.fileId)?.[m.line - 1] === 1) continue;
    missing.add(m.fileId);
    listed.add(chunkId);
    uses.push({
      chunkId,
      score: NAME_ONLY_HIT_SCORE,
      reason: `uses ${name} at line ${m.line} (by name only: not resolved to one definition)`,
      evidence: 'by-name',
    });
  }
  return missing.size > 0 ? { name, linkedFiles: linked.size, missing: missing.size, uses } : null;
}

/**
 * Whether the parser read a use of `name` on that line: the graph judged it already — tied to
 * the subject (its list has it), to another definition (`r.updateNames` on another store type),
 * outside the repository (`os.environ.get` for `get`), or by name (its own by-name list, which
 * leaves out what cannot be the subject: Go's `opener.DecodePacketNumber` for a package
 * function). The word search only adds what the parser missed, and a definition's call of its
 * own name (no edge: the graph keeps no self-loops).
 */
function readByParser(file: CorpusFile, line: number, name: string): boolean {
  // A recursive call has no edge (the graph keeps no self-loops): the word search keeps it.
  if (file.analysis.definitions.some((d) => d.name === name && d.startLine < line && line <= d.endLine)) return false;
  return file.analysis.references.some((r) => r.line === line && referencedName(r.name) === name);
}

/**
 * Whether the whole word at `column` is the name asked about, as its language reads it: in Ruby
 * `negotiate!` and `valid?` are names of their own, and `:guess` (a symbol) and the words of a
 * `%w(…)`/`%i(…)` list are values, as strings are.
 */
function sameName(lineText: string, column: number, name: string, language: Language | null): boolean {
  if (language !== 'ruby') return true;
  const after = lineText.slice(column + name.length, column + name.length + 2);
  if (/^[!?](?!=)/.test(after)) return false;
  const before = lineText.slice(0, column);
  if (/(?<!:):$/.test(before)) return false;
  return !/%[wWiI](?:\([^)]*|\[[^\]]*|\{[^}]*|<[^>]*)$/.test(before);
}

/**
 * Whether the whole word at `column` of `line` can be a call of `name`, for "who calls X": called
 * (`X(`, `X!(`, `X::<T>(`), or passed as a value (`.map_err(pki_error)`). Not an import binding it
 * (bindsName), nor a field read through an object (`rr.KeyTag`, `$this->items`), nor a line that
 * starts with the name followed by a type, `=` or `:` (a Go struct field `KeyTag uint16`, an
 * assignment `name = …`); a name alone on an argument line (`    pki_error,`) is passed. Ruby
 * calls without parentheses: every other use may be a call there.
 */
function callShaped(
  file: CorpusFile | undefined,
  line: number,
  lineText: string,
  column: number,
  name: string,
): boolean {
  const after = lineText.slice(column + name.length);
  const called = CALL_AFTER_NAME.test(after);
  if (file?.analysis.imports.some((i) => i.names.includes(name) && bindsName(i, line, called))) return false;
  if (called || file?.language === 'ruby') return true;
  const before = lineText.slice(0, column);
  if (/(?:\.|->)\s*$/.test(before)) return false;
  return before.trim() !== '' || !/^\s*(?:[=:]|[A-Za-z_*[])/.test(after);
}

/** A call opening right after a name: `X(`, `X!(` (a Rust macro), `X::<T>(`, `X<T>(`. */
const CALL_AFTER_NAME = /^\s*(?:!\s*)?\(|^::<|^<[\w\s,:<>&*[\]]*>\s*\(/;

/**
 * Whether an import binds the name used on `line`: on the import's line, or on a line of its
 * bracketed list below (pylint's `from pylint.utils.utils import (` then `    _check_csv,`), which
 * ends by one line per name it binds; a call written there (`called`) is a call.
 */
function bindsName(i: ImportRef, line: number, called: boolean): boolean {
  if (line === i.line) return true;
  return !called && line > i.line && line <= i.line + i.names.length + 1;
}

/** A preprocessor include (or Objective-C import) directive's line. */
const INCLUDE_LINE = /^\s*#\s*(?:include|include_next|import)\b/;

/** A doctest's lines (`>>>`, `...`) and a docstring's quotes: prose in Python (or a file of no known language). */
const DOCSTRING_LINE = /^\s*(>>>|\.\.\.|"""|''')/;

/**
 * Whether the word at `column` of a line is code: not on a comment line of the file's language
 * (so a C macro's body, a Rust attribute and a JavaScript spread `...` are code) nor a Python
 * docstring's, and not inside quotes.
 */
function inCode(lineText: string, column: number, language: Language | null): boolean {
  if (isCommentLine(lineText, language)) return false;
  if ((language === null || language === 'python') && DOCSTRING_LINE.test(lineText)) return false;
  // A C/C++ include's path (`#include <thrust/…/insertion_sort.h>`) names a file, not a use of the word.
  if ((language === 'c' || language === 'cpp') && INCLUDE_LINE.test(lineText)) return false;
  const before = lineText.slice(0, Math.max(0, column));
  for (const quote of ['"', "'", '`']) if (before.split(quote).length % 2 === 0) return false;
  return !/(\/\/|\s#)/.test(before);
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
