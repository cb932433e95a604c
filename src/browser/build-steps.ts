/**
 * The two middle steps of a build (build-job.ts runs them, holding the repository's lock):
 * reading the files in (intake, parsing ahead while a folder is still read), and building
 * the engine with its embedder (Voyage when chosen, the local model when Voyage fails).
 */
import {
  EarlyTextBuilder,
  Engine,
  measure,
  type BuildOptions,
  type EarlyText,
  type EngineDeps,
} from '../engine/engine';
import type { FileAnalysis, IndexProgress, SkipCounts } from '../engine/contract';
import type { Embedder } from '../engine/semantic/embedder';
import type { VoyageRetryInfo } from '../engine/semantic/voyage';
import type { EmbeddingCache, StoredEmbeddingCache } from '../engine/store/store';
import { intakeFiles, type IntakeEntry, type IntakeResult } from '../engine/intake/intake';
import { ParseAhead } from '../engine/structural/parse-ahead';
import { repositoryNamesOf } from '../engine/search/repository-names';
import type { ArrivingFiles } from './arriving-files';
import type { ModelLifecycle } from './model-lifecycle';
import { voyageEmbedderId, type Settings } from './settings';
import type { IncomingFile, IndexRequest, LiveStage, RepositorySummary, SettingsView } from './protocol';

/**
 * Files a tab indexes at most (the CLI keeps intake's 50,000): a 100,000-file tree is indexed
 * whole. Measured with `npx tsx bench/scale.ts --only tree` (docs/bench/REPORT.md, "Chromium at
 * scale"): the tab completes it; past the limit, intake stops and says how many were left out.
 */
export const TAB_MAX_FILES = 100_000;

/**
 * Analyses in flight while a folder is still being read: the reads take two threads (the page's,
 * which reads the files, and this worker's, which decodes them and indexes their text), so the
 * parser gets the cores beyond those two, and every core once the reads are over — but never
 * none: one analysis always runs beside the reads. It slows the reads, but the first answers
 * come from the files read so far, and what is parsed while reading is not parsed after them,
 * which is when the folder becomes complete (docs/bench/HISTORY.md, 2026-12-02).
 */
export function parseAheadInFlight(cores: number | undefined): number {
  return Math.max(1, Math.floor(cores ?? 2) - 2);
}

/**
 * While a folder is read, its text answers over the files read so far: the first such answer
 * this long into the reads, each next one after three times the time before (1, 3, 9 s…), since
 * each costs the worker a copy of the early text index and the page a search, both taken from the
 * reads.
 */
export const PARTIAL_TEXT_FIRST_MS = 1000;
const PARTIAL_TEXT_SPACING = 3;
/** No partial answer past this share of the files: the whole text is about to answer. */
const PARTIAL_TEXT_MAX_SHARE = 0.8;

/** Hands out engines over the files read so far, as the reads go on (see PARTIAL_TEXT_FIRST_MS). */
class PartialText {
  private next = PARTIAL_TEXT_FIRST_MS;

  constructor(
    private readonly started: number,
    private readonly total: number,
    private readonly early: EarlyTextBuilder,
    private readonly deps: EngineDeps,
    private readonly show: (engine: Engine) => void,
  ) {}

  /** Called after each file the early text took: shows a partial engine when one is due. */
  fileAdded(): void {
    const elapsed = performance.now() - this.started;
    const searched = this.early.files;
    if (elapsed < this.next || searched > this.total * PARTIAL_TEXT_MAX_SHARE) return;
    this.next = elapsed * PARTIAL_TEXT_SPACING;
    const started = performance.now();
    const engine = Engine.whileReading(this.early.peek(), this.deps, { searched, total: this.total });
    measure('partial-text', started);
    this.show(engine);
  }
}

/** Analyses in flight per core once the reads are over: each worker has the next file queued while it parses one. */
const PARSE_QUEUED_PER_CORE = 4;

export function abortError(): DOMException {
  return new DOMException('Indexing was cancelled.', 'AbortError');
}

/** What the steps of one build share. */
export interface BuildContext {
  id: string;
  request: IndexRequest;
  signal: AbortSignal;
  /** The files of a folder the page is still reading (a `listed` request). */
  arriving?: ArrivingFiles;
  /** The complete index this build replaces, if any: it keeps answering until the new one is complete. */
  previousComplete?: RepositorySummary;
  /** A first build's engine over the files read so far, shown while the rest are read. */
  showPartial?(partial: Engine): void;
  onProgress(event: IndexProgress): void;
  onLive?(stage: LiveStage): void;
}

export interface ReadFiles {
  intake: IntakeResult;
  skipped: SkipCounts;
  /** The text index built while the files arrived, when they were parsed ahead. */
  early?: EarlyText;
  parseAhead: ParseAhead | null;
}

/** How intake reads one file the page handed over. */
function intakeEntry(file: IncomingFile): IntakeEntry {
  if (file.unreadable !== undefined) return { path: file.path, skip: 'unreadable', note: file.unreadable };
  if (file.data instanceof Uint8Array) return { path: file.path, bytes: file.data };
  // Read whole, in a pool (intake), with no stat first: a size the page did not give is
  // learnt from the bytes. Names that are binary by their extension are skipped unread.
  const blob = file.data;
  return { path: file.path, size: file.size, read: async () => new Uint8Array(await blob.arrayBuffer()) };
}

/** Step 1, read: decode, classify (binary, oversized, invalid UTF-8), apply .gitignore. */
export async function readFiles(
  context: BuildContext,
  analyzer: EngineDeps['analyzer'],
  settings: SettingsView,
  model: ModelLifecycle,
  cores: number | undefined,
): Promise<ReadFiles> {
  const { request, signal, arriving, onProgress } = context;
  const readStarted = performance.now();
  // A first build parses each file as soon as intake accepts it, while the page is still
  // reading the rest (a re-index reuses the analyses of unchanged files instead)…
  const parseAhead =
    arriving && !context.previousComplete
      ? new ParseAhead(async (path, text) => analyzer.analyze(path, text), parseAheadInFlight(cores), signal)
      : null;
  // …and adds each to the text index the first searches answer from, so that index is
  // ready (all but its last step) when the last file is.
  const earlyText = parseAhead ? new EarlyTextBuilder() : null;
  const listed = request.listed?.length ?? 0;
  const partial =
    earlyText && context.showPartial && listed > 0
      ? new PartialText(
          readStarted,
          listed,
          earlyText,
          {
            analyzer,
            embedder: null,
            lexicalExpansion: model.lexicalExpansion(),
            repositoryNames: repositoryNamesOf(request.name),
          },
          context.showPartial,
        )
      : null;
  const entries: IntakeEntry[] = arriving
    ? (request.listed ?? []).map((path) => ({ path, read: () => arriving.bytes(path) }))
    : request.files.map(intakeEntry);
  const readingOver = model.holdWhileReading();
  const intake = await intakeFiles(entries, {
    signal,
    maxFiles: TAB_MAX_FILES,
    maxFileBytes: settings.maxFileBytes,
    extraPatterns: settings.ignorePatterns,
    onAccept:
      parseAhead && earlyText
        ? (file) => {
            earlyText.add(file);
            parseAhead.start(file.path, file.text);
            partial?.fileAdded();
          }
        : undefined,
    onProgress: ({ done, total }) => {
      const seconds = (performance.now() - readStarted) / 1000;
      const rate = seconds > 0 ? done / seconds : 0;
      onProgress({ stage: 'read', done, total, rate, etaMs: rate > 0 ? ((total - done) / rate) * 1000 : null });
    },
  }).finally(readingOver);
  measure('read', readStarted);
  if (signal.aborted) throw abortError();
  // Every file is read: the parser may have all the cores now. A few analyses per core are
  // enough to keep its workers busy; posting every queued file at once would hold this thread
  // (one structured clone and message each) before the text that answers first is finished.
  parseAhead?.widen(PARSE_QUEUED_PER_CORE * Math.max(1, cores ?? 2));
  let early: EarlyText | undefined;
  if (earlyText) {
    const started = performance.now();
    early = earlyText.finish();
    measure('early-text-finish', started);
  }
  if (intake.files.length === 0)
    throw new Error('no readable text files were found (everything was ignored, binary or too large).');
  const skipped: SkipCounts = { ...intake.skipped, ignored: intake.skipped.ignored + (request.ignored ?? 0) };
  return { intake, skipped, early, parseAhead };
}

/**
 * A file changed (or removed) between the listing and the read: the browser refuses the
 * stale File, and it is left out whole — never half old, half new. The sentence that says so.
 */
export function unreadableNote(intake: IntakeResult): string | null {
  const unreadable = intake.skippedFiles.filter((f) => f.reason === 'unreadable');
  if (unreadable.length === 0) return null;
  const one = unreadable.length === 1;
  const named =
    unreadable
      .slice(0, 3)
      .map((f) => f.path)
      .join(', ') + (unreadable.length > 3 ? ', …' : '');
  return `${unreadable.length} file${one ? '' : 's'} could not be read (${named}): changed, moved or removed after the folder was chosen? ${one ? 'It was' : 'They were'} left out; re-index to include ${one ? 'it' : 'them'}.`;
}

function voyageMessage(error: Error & { kind?: string; status?: number; attempts?: number }): string {
  const attempts = error.attempts && error.attempts > 1 ? ` after ${error.attempts} attempts` : '';
  if (error.kind === 'auth')
    return `Voyage rejected the API key${error.status ? ` (HTTP ${error.status})` : ''}: check it in Settings.`;
  if (error.kind === 'rate_limited') return `Voyage kept refusing with 429 (rate limited)${attempts}.`;
  return `Voyage failed${attempts}: ${error.message}`;
}

/** The VoyageError behind an error, if any (the engine may wrap what the embedder threw). */
function voyageErrorIn(error: unknown): (Error & { kind?: string }) | null {
  for (
    let e = error as (Error & { kind?: string; cause?: unknown }) | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.name === 'VoyageError') return e;
  }
  return null;
}

/** What a Voyage retry looks like in the progress line. */
function retryMessage(info: VoyageRetryInfo): string {
  let why: string | number = info.status ?? 'network problem';
  if (info.status === 429) why = 'rate limit (429)';
  return `Voyage ${why}: retry ${info.attempt} in ${(info.delayMs / 1000).toFixed(1)} s`;
}

export interface BuildEngineDeps {
  analyzer: EngineDeps['analyzer'];
  model: ModelLifecycle;
  settings: Settings;
  embeddingCache?: EmbeddingCache & Partial<Pick<StoredEmbeddingCache, 'release'>>;
  /** Shows a partial engine (searchable first, complete later) unless the build was stopped. */
  showPartial(partial: Engine): void;
}

/**
 * Step 2, build, reusing the analyses of unchanged files from the previous snapshot. Returns the
 * engine and what the repository's message should say about how it was built.
 */
export async function buildEngine(
  context: BuildContext,
  read: ReadFiles,
  settings: SettingsView,
  previous: BuildOptions['previous'],
  deps: BuildEngineDeps,
): Promise<{ engine: Engine; notes: string[] }> {
  const { signal, onProgress } = context;
  // Analyses are remembered so that a fallback build (Voyage failed) does not parse twice.
  const analyses = new Map<string, FileAnalysis>();
  const analyzer: EngineDeps['analyzer'] = {
    analyze: async (path, text) => {
      const known = analyses.get(path);
      if (known) return known;
      const analysis = await (read.parseAhead?.take(path, text) ?? deps.analyzer.analyze(path, text));
      analyses.set(path, analysis);
      return analysis;
    },
  };
  // The model may still be starting: the build does not wait for it, only its semantic stage does.
  const local = deps.model.load();
  // Its embedding workers start beside the parse, so the semantic stage's first call finds them up.
  if (settings.provider !== 'voyage')
    void local.then(
      (embedder) => embedder?.prepareForBuild?.(),
      () => undefined,
    );
  const notes: string[] = [];
  const unreadable = unreadableNote(read.intake);
  if (unreadable) notes.push(unreadable);
  let embedTotal = 0;
  const voyage =
    settings.provider === 'voyage'
      ? await deps.settings.voyageEmbedder(voyageEmbedderId(settings), (info) =>
          onProgress({ stage: 'embed', done: 0, total: embedTotal, rate: 0, etaMs: null, message: retryMessage(info) }),
        )
      : null;
  if (settings.provider === 'voyage' && !voyage)
    notes.push('No Voyage key is set: the local model embedded this repository.');
  const progress = (p: IndexProgress) => {
    if (p.stage === 'embed') embedTotal = p.total;
    onProgress(p);
  };
  // Searchable first, complete later — on a first build. A re-index keeps answering from
  // the complete index it replaces until the new one is complete.
  const onStage = context.previousComplete ? undefined : deps.showPartial;
  const { intake, skipped, early } = read;
  const lexicalExpansion = deps.model.lexicalExpansion();
  const build = (embedder: Promise<Embedder | null>) =>
    Engine.build(
      intake.files,
      {
        analyzer,
        embedder: null,
        embeddingCache: deps.embeddingCache,
        lexicalExpansion,
        repositoryNames: repositoryNamesOf(context.request.name),
      },
      { signal, onProgress: progress, onStage, embedder, previous, skipped, early },
    );
  try {
    return { engine: await build(voyage ? Promise.resolve(voyage) : local), notes };
  } catch (error) {
    const voyageError = voyage && !signal.aborted ? voyageErrorIn(error) : null;
    if (!voyageError || voyageError.kind === 'aborted') throw error;
    // The local model keeps answering: embed with it instead, and say why.
    notes.push(`${voyageMessage(voyageError)} The local model embedded this repository instead.`);
    return { engine: await build(local), notes };
  }
}
