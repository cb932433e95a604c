/**
 * The engine facade: build the four indexes from source files (build.ts), persist them as one
 * snapshot (snapshot.ts, registry.ts), and answer queries — classify, route, run the
 * retrievers, fuse, explain (search/) — and navigate (navigation.ts).
 * No DOM and no Node built-ins: the same class runs in a Web Worker and in the CLI.
 */
import { suggestQueries, type SuggestedQuery } from './suggestions';
import { classify } from './classify';
import type {
  Chunk,
  DefinitionTarget,
  FileCoverage,
  IndexStats,
  Modality,
  ModalityHit,
  ModalityRun,
  Preset,
  QueryPlan,
  SearchOptions,
  SearchResponse,
  SearchResult,
  SkipCode,
  UnderstoodQuery,
} from './contract';
import { MODALITIES } from './contract';
import { folderDepth, fuse, type BodiesElsewhere, type FusionInput } from './fuse';
import {
  buildIndexes,
  computeStats,
  type BuildFile,
  type BuildOptions,
  type EarlyText,
  type EngineDeps,
} from './build';
import type { GraphNeighbour } from './graph/index';
import type { CallSite, FileMatches } from './matches';
import { absentNameOf, NameSuggester } from './missing-names';
import type { Corpus, CorpusFile } from './modality';
import {
  callSitesOfChunk,
  chunkAtLine,
  definitionsOf,
  dependentsOf,
  fileView,
  matchingLines,
  sliceLines,
  type Dependent,
  type FileView,
} from './navigation';
import { parseQuery } from './query-syntax';
import {
  asksAsPhrase,
  BEHAVIOUR_INTENTS,
  boostCentrality,
  DEFAULT_RESULT_LIMIT,
  graphListFloor,
  RESTATED_LISTS,
  RRF_K,
  SUBJECT_PLACE_GAIN,
  testsFollow,
  WEIGHTS,
} from './ranking';
import {
  hasIndex,
  loadIndexes,
  serializeIndexes,
  type IndexedCorpus,
  type Indexes,
  type ModalitySnapshots,
} from './registry';
import { chooseModalities, chooseStrategy, planTypedQuery, searchWeights, type Readiness } from './search/route';
import { byEvidence, evidenceOfChunks, keepEvidenced } from './search/evidence';
import { retrieve, type Retrieval } from './search/retrieve';
import {
  gatedWeights,
  graphFloodGate,
  phraseGates,
  unseenLanguageWeightGate,
  type WeightGate,
} from './search/weight-gates';
import {
  exactMatchNote,
  notReadyModalities,
  notReadyNote,
  partialFilesNote,
  settledSkips,
  skippedRun,
} from './search/notes';
import { corpusMessageSources, placeAnswerLines } from './search/messages';
import { readingResultsFirst } from './search/options';
import { placeDefinitionResults } from './search/definition-lines';
import { filteredOut, filteredOutMessage } from './search/filtered-out';
import { planExpansion } from './text/expansion';
import type { TextGrepMatch } from './text/index';
import { narrowFiles, planSearch, type FileScope, type PastedTextSources, type PlanSources } from './search/understand';
import { dropSubject, formLookup, subjectChunks, untilKinshipEnds } from './search/similar';
import {
  calleesLookup,
  privateTwinLookup,
  everyCalleeLookup,
  decidersLookup,
  delegateLookup,
  memberNamesRead,
  memberNameSaysLeadVerb,
  memberHolderSaysThis,
  memberCodeWordsSaid,
  asksHow,
  outsideFunctionsLookup,
  holderLookup,
  nestedLookup,
  argumentTakerLookup,
  nameOnlyLookup,
  isScopeLine,
  setterLookup,
  saysSet,
  classBuiltLookup,
  refusalLookup,
  cBindingLookup,
  constructorLookup,
  asksHowMade,
  destructorLookup,
  asksHowUndone,
  asksHowToUse,
  typeDeclarationLookup,
  shortBodyLookup,
  shortStepLookup,
  dataClassLookup,
  uncappedTypeLookup,
  functionsInFileLookup,
  forwardeeLookup,
} from './search/members';
import { fileWordsLookup } from './search/file-words';
import { withoutRepositoryNames } from './search/repository-names';
import { placeWordsLookup, subjectPlaceWordsLookup } from './search/place-words';
import { docCommentOwners, docHitsToDefinitions, standInHitsToBodies } from './search/doc-comments';
import { containersOfMembers, withoutContainers } from './search/containers';
import { encodeSnapshot, snapshotRecords, SNAPSHOT_VERSION, type EngineSnapshot, type StoredColumns } from './snapshot';
import { corpusFromChunkTable } from './structural/corpus';
import { isTestChunk, isTestPath } from './structural/index';
import { isGeneratedSource, isRustTestItem, isTestSource, rustTestModules } from './structural/file-marks';
import { isDocumentPath, isProseLine } from './comment-lines';
import { measure, now } from './timing';
import { holdsLine } from './line-range';

export {
  EarlyTextBuilder,
  type BuildOptions,
  type EarlyText,
  type EngineDeps,
  type FileAnalyzer,
  type TextIndexer,
} from './build';
export {
  approximateSize,
  SNAPSHOT_VERSION,
  snapshotRecords,
  SnapshotDamagedError,
  type CorpusRecord,
  type OnDemandSnapshot,
  type EngineSnapshot,
  type SnapshotFile,
  type StoredTexts,
} from './snapshot';

export { sliceLines, type Dependent, type FileView } from './navigation';
export { planTypedQuery, queryMayEmbed } from './search/route';
export { measure } from './timing';

/** Lines read to tell whether a phrase occurs in code or only in comments and documents. */
const VERBATIM_CODE_SCAN_LIMIT = 500;

/** Engine.fileMarks bits: the file says a tool generated it; its text marks it as test code. */
const FILE_GENERATED = 1;
const FILE_TEST_SOURCE = 2;

/**
 * A value read from the corpus's files, read again only when the list changes: another array, or
 * files added to the same one (an engine over the files read so far). The list's holes (files
 * left out) are skipped.
 */
function perFileList<T>(read: (files: readonly CorpusFile[]) => T): (files: Corpus['files']) => T {
  let seen: { files: Corpus['files']; count: number; value: T } | null = null;
  return (files) => {
    if (seen && seen.files === files && seen.count === files.length) return seen.value;
    const value = read(files.filter((f) => f !== undefined));
    seen = { files, count: files.length, value };
    return value;
  };
}

/** An engine's build stage: which modalities answer now, which are still being built. */
export interface EngineStage {
  live: Modality[];
  pending: Modality[];
  /** Set while the folder is still being read: the text that answers covers only these files. */
  partialFiles?: FileCoverage;
}

export class Engine {
  /** The build's own serialization, handed to the first snapshot() and then dropped. */
  private serializedAtBuild: ModalitySnapshots | null = null;
  /** "Did you mean": built on the first query about a name that is not here. */
  private suggester: NameSuggester | null = null;
  /** The columns as loaded: a loaded engine's snapshot() stores them again without encoding them. */
  private storedColumns: StoredColumns | null = null;
  /** An on-demand snapshot's chunk centralities (read when first needed): the boost then loads no graph. */
  private storedCentrality: (() => Float32Array | null) | null = null;
  private readonly indexed: IndexedCorpus;
  /** Set on an engine over the files read so far (`whileReading`): every answer says it is partial. */
  private partialFiles: FileCoverage | null = null;
  /** Whether any file is in a test path: read once per list of files, not once per question. */
  private readonly hasTestFiles = perFileList((files) => files.some((f) => isTestPath(f.path)));
  /** rustTestModules over this engine's files: read once per list of files, not once per question. */
  private readonly rustTestModule = perFileList(rustTestModules);
  /** Per file: what its text says it is (FILE_GENERATED | FILE_TEST_SOURCE), read once per file version (fileMarks). */
  private readonly fileMarkBits = new WeakMap<CorpusFile, number>();

  private constructor(
    private readonly corpus: Corpus,
    private readonly indexes: Indexes,
    private readonly deps: EngineDeps,
    readonly stats: IndexStats,
    /** Modalities still being built (an engine handed out by `onStage`): searches skip them and say so. Empty once complete. */
    readonly pending: ReadonlySet<Modality> = new Set(),
  ) {
    this.indexed = { corpus, indexes };
  }

  /** What answers now and what is still being built. */
  get stage(): EngineStage {
    return {
      live: MODALITIES.filter((m) => hasIndex(this.indexes, m)),
      pending: MODALITIES.filter((m) => this.pending.has(m)),
      ...(this.partialFiles ? { partialFiles: this.partialFiles } : {}),
    };
  }

  /**
   * An engine over the early text of the files read so far, while a folder's other files are
   * still being read: text answers at once, over part of the folder, and says so
   * (`partialFiles`); the other modalities are pending. Not stored, and not a build's stage:
   * the build's own first stage replaces it once every file is read.
   */
  static whileReading(early: EarlyText, deps: EngineDeps, partialFiles: FileCoverage): Engine {
    const indexes = { text: early.text, structural: null, graph: null, semantic: null };
    const stats = computeStats(early.corpus, indexes, null, {}, undefined, null, 0);
    const pending = new Set<Modality>(['structural', 'graph', 'semantic']);
    const engine = new Engine(early.corpus, indexes, { ...deps, embedder: null }, stats, pending);
    engine.partialFiles = partialFiles;
    return engine;
  }

  /** Builds every index (build.ts). Cancelling through `signal` rejects with an AbortError and leaves nothing half-built. */
  static async build(files: BuildFile[], deps: EngineDeps, options: BuildOptions = {}): Promise<Engine> {
    const built = await buildIndexes(
      files,
      deps,
      options,
      (corpus, indexes, stageDeps, stats, pending) => new Engine(corpus, indexes, stageDeps, stats, pending),
    );
    const engine = new Engine(built.corpus, built.indexes, built.deps, built.stats);
    // A build is stored right after: the serialization the statistics measured is reused once.
    engine.serializedAtBuild = built.serialized;
    engine.storedColumns = built.columns;
    return engine;
  }

  /** Rebuilds the engine from a stored snapshot without re-parsing or re-embedding anything. */
  static load(snapshot: EngineSnapshot, deps: EngineDeps): Engine {
    if (snapshot.version !== SNAPSHOT_VERSION)
      throw new Error(
        `Index format ${snapshot.version} is out of date (current ${SNAPSHOT_VERSION}): re-index this repository.`,
      );
    const started = now();
    const corpus = corpusFromChunkTable(snapshotRecords(snapshot), snapshot.chunks);
    const present = snapshot.onDemand ? (m: Modality) => snapshot.onDemand!.hasModality(m) : undefined;
    const indexes = loadIndexes(corpus, snapshot.modalities, deps.embedder, present);
    const engine = new Engine(corpus, indexes, deps, snapshot.stats);
    // Read from the snapshot only if this engine is stored again (an on-demand snapshot reads them then).
    engine.storedColumns = {
      get texts() {
        return snapshot.texts;
      },
      get analyses() {
        return snapshot.analyses;
      },
      chunks: snapshot.chunks,
    };
    const column = snapshot.onDemand?.chunkCentrality;
    if (column) engine.storedCentrality = () => column.call(snapshot.onDemand);
    measure('load', started);
    return engine;
  }

  snapshot(): EngineSnapshot {
    if (this.pending.size > 0)
      throw new Error(`an index still waiting for ${[...this.pending].join(', ')} is not stored`);
    const modalities = this.serializedAtBuild ?? serializeIndexes(this.indexes);
    this.serializedAtBuild = null;
    return encodeSnapshot(this.corpus, modalities, this.stats, this.storedColumns);
  }

  /** Cheap classification for as-you-type display. */
  classify(query: string): QueryPlan {
    return planTypedQuery(query);
  }

  /** Understand → plan → weights and skips → strategy → retrieve (with fallbacks) → fuse → notes. */
  async search(query: string, options: SearchOptions = {}): Promise<SearchResponse> {
    const started = now();
    const understood = parseQuery(query);
    if (understood.error)
      return this.unanswered(query, understood, understood.error, options.preset ?? 'default', started);
    // A /regex/ narrows the files and then ranks the chunks: one scan of its lines serves both.
    return this.indexes.text.sharingScans(() => this.answer(query, understood, options, started));
  }

  private async answer(
    query: string,
    understood: UnderstoodQuery,
    options: SearchOptions,
    started: number,
  ): Promise<SearchResponse> {
    const preset = options.preset ?? 'default';
    const scope = narrowFiles(understood, options, this.corpus, this.indexes.text);
    if ('error' in scope) return this.unanswered(query, understood, scope.error, preset, started);
    const { plan, notes: planNotes, similarTo } = planSearch(understood, options, this.planningLookups());
    const expansions = planExpansion(plan, this.deps.lexicalExpansion);
    if (expansions.length > 0) plan.expansions = expansions;
    const spellings = this.indexes.text.spellings(plan);
    if (spellings.length > 0) plan.spellings = spellings;
    const weighting = searchWeights(plan, preset, options);
    const choice = chooseModalities(plan, preset, options, weighting.weights, this.readiness());
    const route = chooseStrategy(plan, preset, options, choice.weights, choice.runnable);
    const retrieval = await retrieve(this.indexed, plan, route, choice.runnable, choice.weights, scope.only);
    const { weights, notes: gateNotes } = gatedWeights(this.weightGates(), plan, choice.weights, retrieval);
    const { strategy } = retrieval;
    // "Similar to X" is never answered with X, nor with what overlaps it (its members, its class).
    const subject = plan.similarToChunk !== undefined ? this.corpus.chunks[plan.similarToChunk] : undefined;
    const subjectsAlso = (plan.similarAlso ?? []).map((id) => this.corpus.chunks[id]);
    if (subject) dropSubject(this.corpus, subject, retrieval.lists, retrieval.runs, subjectsAlso);
    const skipped = settledSkips(choice.skipped, route.directSkipped, retrieval.fusedIn);
    const notes = [...scope.notes, ...planNotes, ...weighting.notes, ...choice.notes, ...retrieval.notes, ...gateNotes];
    const tieNote = listFloorNote(plan, weights, retrieval);
    if (tieNote) notes.push(tieNote);
    const restatedNote = restatedListNote(plan, weights);
    if (restatedNote) notes.push(restatedNote);
    const exactMissing = exactMatchNote(plan, retrieval.lists);
    if (exactMissing) notes.push(exactMissing);
    // The language gate fired: the model has not learned the code's language, and the text list,
    // which reads each path's words too, is weighed up in its place.
    const textReadsPlace = weights.semantic < choice.weights.semantic;
    const { results, held } = this.ranked(
      plan,
      retrieval,
      weighting.k,
      weights,
      subject,
      options.limit,
      textReadsPlace,
    );
    const { excluded, notReady, absent } = this.annotate(plan, scope, retrieval, skipped, results, exactMissing, notes);
    const modalities: ModalityRun[] = MODALITIES.map(
      (m) =>
        retrieval.runs.get(m) ??
        skippedRun(m, weights[m], skipped.get(m) ?? 'not-run', { preset, intent: plan.intent }),
    );
    const { fallback, strategyReason } = retrieval;
    return {
      query: {
        query,
        intent: plan.intent,
        confidence: plan.confidence,
        rule: plan.rule,
        strategy,
        strategyReason,
        ...(fallback !== undefined ? { fallback } : {}),
        understood,
        preset,
        k: weighting.k,
        weights,
        modalities,
        elapsedMs: measure('query', started),
        notes,
        ...(absent ? { absent } : {}),
        ...(similarTo ? { similarTo } : {}),
        ...(notReady.length > 0 ? { notReady } : {}),
        ...(this.partialFiles ? { partialFiles: this.partialFiles } : {}),
        ...(excluded ? { filteredOut: excluded } : {}),
        ...(held ? { evidence: held.count } : {}),
      },
      results,
    };
  }

  /** What planning asks of this repository: verbatim and pattern occurrence, message sources, the subject of "similar to". */
  private planningLookups(): PlanSources {
    // Each file's block-comment lines, read once per question for every run a phrase is tried with.
    const blocks = new Map<number, Uint8Array | null>();
    const everywhere = this.textLookups(blocks);
    const outsideTests = this.hasTestFiles(this.corpus.files)
      ? this.textLookups(blocks, (path) => !isTestPath(path))
      : undefined;
    return {
      ...everywhere,
      ...(outsideTests ? { outsideTests } : {}),
      chunk: (id) => this.chunk(id),
      chunkText: (chunk) => this.chunkText(chunk),
      subjectChunks: (subject) =>
        this.indexes.structural ? subjectChunks(this.corpus, this.indexes.structural, subject) : undefined,
      spellingsOf: (name) => this.indexes.structural?.spellingsOf(name) ?? [],
    };
  }

  /**
   * The text lookups routing pasted text reads, over the files whose path `keep` accepts (every
   * file without it); `blocks` keeps the block-comment lines of the files read (isProseLine).
   */
  private textLookups(blocks: Map<number, Uint8Array | null>, keep?: (path: string) => boolean): PastedTextSources {
    const kept = (matches: readonly TextGrepMatch[]) => (keep ? matches.filter((m) => keep(m.path)) : matches);
    // Whether a text occurs at all: one line answers, unless the lines of other files come first.
    const anyLimit = keep ? VERBATIM_CODE_SCAN_LIMIT : 1;
    return {
      occursVerbatim: (text) => kept(this.indexes.text.grep(text, { limit: anyLimit }).matches).length > 0,
      occursInCode: (text, commentsCount = false, caseSensitive = false) =>
        kept(this.indexes.text.grep(text, { limit: VERBATIM_CODE_SCAN_LIMIT, caseSensitive }).matches).some((m) => {
          const file = this.corpus.files[m.fileId];
          return file !== undefined && !isProseLine(file, m.fileId, m, blocks, commentsCount);
        }),
      matchesPattern: (pattern) =>
        kept(this.indexes.text.grep(pattern, { regex: true, limit: anyLimit }).matches).length > 0,
      messages: corpusMessageSources(this.corpus, this.indexes.text, keep),
    };
  }

  /** Fuse the retrieved lists (kept to evidence for references and impact), then place message lines. */
  private ranked(
    plan: QueryPlan,
    retrieval: Retrieval,
    k: number,
    weights: Record<Modality, number>,
    subject: Chunk | undefined,
    requestedLimit: number | undefined,
    textReadsPlace = false,
  ) {
    const { strategy } = retrieval;
    const evidence = evidenceOfChunks(
      plan,
      retrieval.lists,
      () => this.indexes.graph?.subjectOf(plan)?.kind === 'files',
    );
    const limit = requestedLimit ?? DEFAULT_RESULT_LIMIT;
    const kept = evidence ? keepEvidenced(retrieval.lists, evidence) : retrieval.lists;
    // Code like X is code that runs: a header's prototype of a function whose body is elsewhere
    // (gnulib's vasnprintf.h beside vfprintf.c for `vdprintf`) is weighed as for a question about
    // behaviour.
    const weighsStandIns =
      BEHAVIOUR_INTENTS.has(plan.intent) || (subject !== undefined && plan.intent === 'find_similar');
    // "How does …", or a leading clause that sets the scene and then asks how ("during compaction,
    // how does the in-memory index decide …"): the member rules read both alike.
    const howItWorks = plan.intent === 'understand_code' && asksHow(plan.raw);
    // Asked how, or described in a sentence ("Returns a PSON string for this Float number"), a
    // class holding members of its own is no answer: a member is (search/containers.ts).
    const membersAnswer = howItWorks || (plan.intent === 'understand_code' && plan.rule === 'description');
    // A short body that hands on to nothing is a step, not the work asked about: no boost
    // (shortStepLookup); unless the question asks how to use the code (asksHowToUse), whose
    // answer is what a caller calls, however short.
    const usesShort = asksHowToUse(plan.raw);
    const isAStep = howItWorks && !usesShort ? shortStepLookup(this.corpus) : undefined;
    // A class of data and no behaviour (an exception class) takes no boost on a question asking how.
    const isDataClass = howItWorks ? dataClassLookup(this.corpus) : undefined;
    // The question's callees, every step and a private twin (calleesOf, stepsOf, privateTwinOf)
    // read one walk of each function's calls.
    const callees = everyCalleeLookup(this.corpus);
    const fused = fuse({
      // A question about behaviour: a doc comment's window stands for the definition it documents.
      lists:
        plan.intent === 'understand_code'
          ? this.standInsHandedOn(
              docHitsToDefinitions(
                membersAnswer ? withoutContainers(kept, (this.holders ??= containersOfMembers(this.corpus))) : kept,
                this.docOwnerOf(howItWorks),
                (id) => this.corpus.chunks[id],
              ),
              howItWorks,
            )
          : kept,
      weights,
      k,
      strategy,
      // Without the graph yet, centrality 0: boost 1, and the explanation says the graph was not ready.
      centralityOf: (id) => {
        const centrality = this.chunkCentrality(id);
        const chunk = this.corpus.chunks[id];
        if (centrality === null || (chunk !== undefined && (isAStep?.(chunk) || isDataClass?.(chunk)))) return 0;
        return boostCentrality(plan.intent, chunk?.definitionKind, centrality);
      },
      chunkOf: (id) => this.corpus.chunks[id],
      limit: evidence || plan.optionRead !== undefined ? Infinity : limit,
      furtherChunksOfFiles: plan.intent === 'find_references',
      siblingOf: this.siblingLookup(subject, plan.similarAlso ?? [], strategy, plan.similarNamedBy),
      ...(subject && strategy === 'fused'
        ? { formOf: formLookup(this.corpus, subject), membersByCloseness: true }
        : {}),
      rankContainersByMembers: BEHAVIOUR_INTENTS.has(plan.intent),
      rankEveryContainerByMembers: howItWorks,
      // An option's value stored into is parsed there, not read: its readers show their files.
      ...(plan.answerLines ? { holdsChosenLine: holdsLineOf(plan.answerLines.filter((l) => !l.stores)) } : {}),
      capFirstInEveryList: plan.intent === 'understand_code',
      isGenerated: (chunk: Chunk) => (this.fileMarks(chunk) & FILE_GENERATED) !== 0,
      ...(testsFollow(plan) ? { isDemotedTest: (chunk: Chunk) => this.isTestCode(chunk) } : {}),
      ...(BEHAVIOUR_INTENTS.has(plan.intent) ? { isDocument: (chunk: Chunk) => isDocumentPath(chunk.path) } : {}),
      ...(weighsStandIns ? { isStandIn: (id: number) => this.isStandIn(id) } : {}),
      ...this.prototypesWeighed(plan, subject, howItWorks),
      ...(plan.intent === 'understand_code'
        ? {
            ...memberNamesRead(plan.raw, howItWorks),
            ...(!howItWorks && plan.rule === 'description' ? { everyListOrders: true } : {}),
            ...(!howItWorks && plan.rule === 'description' ? leadVerbInput(plan.raw) : {}),
            ...(howItWorks ? {} : { holderOf: holderLookup(this.corpus) }),
            ...(howItWorks ? {} : holderSaysThisInput(plan.raw)),
            bodyOf: (id: number) => this.indexes.structural?.bodyChunkOf(id),
            fileContentOf: (chunk: Chunk) => this.corpus.files[chunk.fileId]?.hash,
            definitionTextOf: (chunk: Chunk) => (chunk.kind === 'definition' ? this.chunkText(chunk) : undefined),
            fileSizeOf: (chunk: Chunk) => this.corpus.files[chunk.fileId]?.size ?? 0,
            isNameOnly: nameOnlyLookup(this.corpus),
            delegateOf: delegateLookup(this.corpus, howItWorks),
            calleesOf: calleesLookup(this.corpus, plan.raw, callees),
            ...(howItWorks
              ? {
                  codeWordsSaidOf: memberCodeWordsSaid(this.corpus, plan.raw),
                  decidersOf: decidersLookup(this.corpus),
                  stepsOf: calleesLookup(this.corpus, undefined, callees),
                  privateTwinOf: privateTwinLookup(this.corpus, callees),
                  nestedOf: nestedLookup(this.corpus),
                  argumentTakerOf: argumentTakerLookup(this.corpus, callees),
                  textBreaksMemberTies: true,
                  closerMembersWhateverBoost: true,
                  isOutsideFunctions: outsideFunctionsLookup(this.corpus),
                  isScopeLine,
                  isTypeDeclaration: typeDeclarationLookup(this.corpus),
                  isUncappedType: uncappedTypeLookup(this.corpus),
                  // A question asking how to use the code asks for what its caller calls,
                  // however short: no short body gives its place away there.
                  ...(usesShort ? {} : { isShortBody: shortBodyLookup(this.corpus) }),
                  ...(asksHowUndone(plan.raw) ? {} : { isDestructor: destructorLookup(this.corpus) }),
                  constructorHandsToItsClass: true,
                  classBuiltBy: classBuiltLookup(this.corpus),
                  ...this.howDemotions(),
                  functionsInFileOf: functionsInFileLookup(this.corpus),
                  ...this.fileWordsInput(plan.raw, usesShort),
                  firstPlacesBreakTies: true,
                  bodiesElsewhereOf: this.bodiesElsewhereLookup(),
                  // The stand-in's evidence (the function's name, its doc comment) is the body's:
                  // a body no list found takes its place too (SDCC's lib/src/rand.c).
                  handsOnToUnfound: true,
                }
              : {}),
            // A phrase typed into a search box names its subject as the repository files it; a
            // weighing of the lists' agreement, so not on the model's list alone (quick), nor
            // where the text list, which holds the path's words, stands in for the model's.
            ...(!howItWorks && strategy === 'fused' && !textReadsPlace && asksAsPhrase(plan)
              ? { placeWordsOf: placeWordsLookup(this.corpus, plan.raw) }
              : {}),
            // "How does the spinner …": the part asked about names the file its code is in.
            ...(howItWorks && strategy === 'fused' ? this.subjectPlaceAsked(plan.raw, usesShort) : {}),
            ...(saysSet(plan.raw) ? {} : { isSetter: setterLookup(this.corpus) }),
            ...(asksHowMade(plan.raw) ? {} : { isConstructor: constructorLookup(this.corpus) }),
            flooredLists: ['graph'] as const,
            restatedLists: RESTATED_LISTS,
          }
        : {}),
    });
    const held = evidence ? byEvidence(fused, evidence, limit) : null;
    // "Similar to X" lists X's kin, and stops where the evidence of kinship does (untilKinshipEnds).
    const listed = subject !== undefined ? untilKinshipEnds(fused) : fused;
    const results = readingResultsFirst(plan, held ? held.results : listed, limit);
    placeAnswerLines(results, plan, this.corpus, this.indexes.text);
    placeDefinitionResults(results, plan, this.corpus);
    return { results, held };
  }

  /** The notes an answer carries beside its results: filtered out, not ready yet, absent name. */
  private annotate(
    plan: QueryPlan,
    scope: Exclude<FileScope, { error: string }>,
    retrieval: Retrieval,
    skipped: ReadonlyMap<Modality, SkipCode>,
    results: SearchResult[],
    exactMissing: string | null,
    notes: string[],
  ) {
    const { strategy } = retrieval;
    const excluded =
      results.length === 0 || exactMissing
        ? filteredOut({
            ...scope,
            plan,
            droppedFiles: retrieval.droppedFiles,
            grep: (p, o) => this.indexes.text.grep(p, o),
          })
        : null;
    if (excluded) notes.push(filteredOutMessage(excluded));
    // First: over part of the files, every other note (nothing found, filtered out) is about that part.
    if (this.partialFiles) notes.unshift(partialFilesNote(this.partialFiles));
    const notReady = notReadyModalities(skipped, this.pending, strategy, results.length);
    if (notReady.length > 0) {
      notes.push(notReadyNote(notReady, skipped, strategy));
      for (const r of results) r.explanation.notReady = notReady;
    }
    const absent = this.absentName(plan);
    if (absent)
      notes.unshift(
        `No ${absent.name} in this repository: the results are loose matches.${didYouMean(absent.suggestions)}`,
      );
    return { excluded, notReady, absent };
  }

  /**
   * "How does clean-css …": the repository's own name says which product, not which part of it,
   * so the rules that weigh a file by a how question's words read the question without it. Asked
   * how to use the code ("how do I create a zrender instance"), the product is what is called:
   * the name stays.
   */
  private ownNamesLeftOut(question: string, usesTheCode: boolean): { question: string; said: string[] } {
    return usesTheCode ? { question, said: [] } : withoutRepositoryNames(question, this.deps.repositoryNames ?? []);
  }

  /** "How does the spinner …": the part asked about names the file its code is in (subjectPlaceInput). */
  private subjectPlaceAsked(question: string, usesTheCode: boolean): ReturnType<typeof subjectPlaceInput> {
    return subjectPlaceInput(this.corpus, this.ownNamesLeftOut(question, usesTheCode).question);
  }

  /** A how question's file words (search/file-words.ts), read without the repository's own names. */
  private fileWordsInput(
    question: string,
    usesTheCode: boolean,
  ): Pick<FusionInput, 'fileWordsOf' | 'repositoryNamesSaid'> {
    const asked = this.ownNamesLeftOut(question, usesTheCode);
    return {
      fileWordsOf: fileWordsLookup(this.corpus, (w) => this.indexes.text.chunksSaying(w), asked.question),
      ...(asked.said.length > 0 ? { repositoryNamesSaid: asked.said } : {}),
    };
  }

  /**
   * The definition a window's doc comment documents (search/doc-comments.ts), per file on first
   * use. On a question asking how, a header prototype's doc is handed on to the one body the
   * prototype stands in for: the comment describes what the body does (capstone.h's doc of
   * `cs_disasm`, "this API dynamically allocate memory …", for how cs.c's `cs_disasm` grows its
   * array), and the prototype, demoted as a stand-in, holds none of it.
   */
  private docOwnerOf(howItWorks = false): (chunkId: number) => number | undefined {
    const owner = (this.docOwners ??= docCommentOwners(this.corpus));
    const structural = this.indexes.structural;
    if (!howItWorks || !structural) return owner;
    return (chunkId) => {
      const documented = owner(chunkId);
      return documented === undefined ? undefined : (structural.bodyChunkOf(documented) ?? documented);
    };
  }
  private docOwners: ((chunkId: number) => number | undefined) | undefined;

  /**
   * On a question asking how, the structural list's hits on a stand-in given to its one body
   * (standInHitsToBodies). That list reads a declaration with its doc comment and signature, the
   * body's description; the semantic and text lists read the declaration's chunk, a signature the
   * body repeats, and handed on from them, apfs.h's prototype of `apfs_read_node` lifted its body
   * above `apfs_obj_verify_csum`, first by text and by structure.
   */
  private standInsHandedOn(
    lists: Partial<Record<Modality, ModalityHit[]>>,
    howItWorks: boolean,
  ): Partial<Record<Modality, ModalityHit[]>> {
    const structural = this.indexes.structural;
    if (!howItWorks || !structural || !lists.structural) return lists;
    return {
      ...lists,
      ...standInHitsToBodies(
        { structural: lists.structural },
        (id) => structural.bodyChunkOf(id),
        (id) => this.corpus.chunks[id],
      ),
    };
  }
  /** Whether a chunk is a class-like definition holding members' chunks (search/containers.ts), per file on first use. */
  private holders: ((chunkId: number) => boolean) | undefined;

  /**
   * Whether a chunk is test code: by its path or Rust's `mod tests` (isTestChunk), by what its
   * file's text says (fileMarks), as a Rust file a `#[cfg(test)] mod` loads, or as a Rust item
   * under `#[test]`.
   */
  private isTestCode(chunk: Chunk): boolean {
    if (isTestChunk(chunk) || (this.fileMarks(chunk) & FILE_TEST_SOURCE) !== 0) return true;
    if (!chunk.path.endsWith('.rs')) return false;
    return (
      this.rustTestModule(this.corpus.files)(chunk.path) ||
      (chunk.kind === 'definition' && isRustTestItem(this.chunkText(chunk)))
    );
  }

  /** What a chunk's file says of itself (structural/file-marks.ts), read once per file version. */
  private fileMarks(chunk: Chunk): number {
    const file = this.corpus.files[chunk.fileId];
    if (file === undefined) return 0;
    let bits = this.fileMarkBits.get(file);
    if (bits === undefined) {
      bits =
        (isGeneratedSource(file.text) ? FILE_GENERATED : 0) |
        (isTestSource(file.language, file.text) ? FILE_TEST_SOURCE : 0);
      this.fileMarkBits.set(file, bits);
    }
    return bits;
  }

  /**
   * On a question asking how, the bodies in other files a chunk stands for (fuse.ts
   * FusionInput.bodiesElsewhereOf): a C/C++ prototype's bodies, nearest the repository's root
   * first (the portable definition before a port's), or the one function a forwarder hands its
   * work to, as the graph resolves its call (search/members.ts forwardeeLookup).
   */
  private bodiesElsewhereLookup(): (chunk: Chunk) => BodiesElsewhere | undefined {
    const structural = this.indexes.structural;
    const graph = this.indexes.graph;
    const forwardee = graph
      ? forwardeeLookup(this.corpus, (fileId, line, name) => graph.resolveAt(fileId, line, name).map((n) => n.chunkId))
      : undefined;
    return (chunk) => {
      const bodies = structural?.bodyChunksOf(chunk.id) ?? [];
      if (bodies.length > 0) {
        const depth = (id: number) => folderDepth(this.corpus.chunks[id].path);
        const nearest = Math.min(...bodies.map(depth));
        const first = bodies.filter((id) => depth(id) === nearest);
        // Two bodies as near the root: no first one (a candidate among them may still be shown).
        return first.length === 1 ? { bodies, first: first[0] } : { bodies };
      }
      const body = forwardee?.(chunk);
      return body === undefined ? undefined : { bodies: [body], first: body };
    };
  }

  /** Whether a chunk is a prototype or `#define` standing in for a body elsewhere (false without the structural index). */
  private isStandIn(id: number): boolean {
    return this.indexes.structural?.isStandInChunk(id) === true;
  }

  /** A question asking how: a function that only refuses, a chunk of a Rust file of C exports (ranking.ts). */
  private howDemotions(): Pick<FusionInput, 'isRefusal' | 'isCBinding'> {
    return { isRefusal: refusalLookup(this.corpus), isCBinding: cBindingLookup(this.corpus) };
  }

  /**
   * How declarations without a body are weighed: on "similar to X" for an X with a body, any such
   * declaration (code like a body is a body); on a question about what code does that does not ask
   * how, a C/C++ bare prototype (StructuralIndex.isBarePrototypeChunk; asked how, a declaration is a
   * short body already).
   */
  private prototypesWeighed(
    plan: QueryPlan,
    subject: Chunk | undefined,
    howItWorks: boolean,
  ): Pick<FusionInput, 'isPrototype' | 'isBarePrototype'> {
    if (subject && plan.intent === 'find_similar' && this.hasBody(subject.id))
      return { isPrototype: (id: number) => this.indexes.structural?.isPrototypeChunk(id) === true };
    if (plan.intent === 'understand_code' && !howItWorks)
      return { isBarePrototype: (id: number) => this.indexes.structural?.isBarePrototypeChunk(id) === true };
    return {};
  }

  /** Whether a chunk is code with a body: not only declarations without one (false without the structural index). */
  private hasBody(id: number): boolean {
    return this.indexes.structural?.isPrototypeChunk(id) === false;
  }

  /** A chunk's centrality (GraphIndex.centralityOfChunk), or null without a graph. */
  private chunkCentrality(id: number): number | null {
    const column = this.storedCentrality?.();
    if (column) return column[id] ?? 0;
    return this.indexes.graph?.centralityOfChunk(id) ?? null;
  }

  /** "Similar to X" on the fused path: each of X's siblings with its similarity (the boost's twin: none when direct). */
  private siblingLookup(
    subject: Chunk | undefined,
    also: readonly number[],
    strategy: 'direct' | 'fused',
    by: QueryPlan['similarNamedBy'],
  ) {
    const of = subject?.symbol;
    if (!subject || of === undefined || strategy === 'direct') return undefined;
    // Read only now: a question with no subject need not load the structural index at all.
    const structural = this.indexes.structural;
    if (!structural) return undefined;
    const siblings = new Map(structural.siblingsOfAll([subject.id, ...also], by).map((s) => [s.chunkId, s]));
    return (id: number) => {
      const s = siblings.get(id);
      if (s === undefined) return undefined;
      return {
        of,
        similarity: s.similarity,
        ...(s.sameBase ? { sameBase: true as const } : {}),
        ...(s.ownFile ? { ownFile: true as const } : {}),
      };
    };
  }

  /** What this engine has ready for a query's modalities. */
  private readiness(): Readiness {
    const embedder = this.deps.embedder;
    return {
      pending: this.pending,
      hasSemanticIndex: hasIndex(this.indexes, 'semantic'),
      hasQueryEmbedder: embedder !== null,
      modelLoading: (query) => embedder?.ready?.(query) === false,
    };
  }

  /** The name a query asks about that is not in this repository, with "did you mean" suggestions. */
  private absentName(plan: QueryPlan) {
    // Asked whether it is there first: a stored structural index is read only for suggestions.
    if (!hasIndex(this.indexes, 'structural')) return null;
    return absentNameOf(
      plan,
      (name) => this.occurs(name),
      () => (this.suggester ??= new NameSuggester(this.indexes.structural!.definitionNames)),
    );
  }

  /** The answer to a query that cannot be run as written: no results, and the reason in `error`. */
  private unanswered(
    query: string,
    understood: UnderstoodQuery,
    error: string,
    preset: Preset,
    started: number,
  ): SearchResponse {
    const c = classify(understood.text || query);
    const weights = { ...WEIGHTS[c.intent] };
    return {
      query: {
        query,
        ...c,
        strategy: 'fused',
        strategyReason: 'not run: the query needs fixing first',
        understood,
        error,
        preset,
        k: RRF_K[preset],
        weights,
        modalities: MODALITIES.map((m) => skippedRun(m, weights[m], 'query-invalid', { preset, intent: c.intent })),
        elapsedMs: now() - started,
        notes: [error],
      },
      results: [],
    };
  }

  file(path: string): FileView | undefined {
    return fileView(this.indexed, path);
  }

  chunk(id: number): Chunk {
    const c = this.corpus.chunks[id];
    if (!c) throw new RangeError(`No chunk ${id}`);
    return c;
  }

  /** The lines of a chunk. */
  chunkText(chunk: Chunk): string {
    const file = this.corpus.files[chunk.fileId];
    return sliceLines(file.text, chunk.startLine, chunk.endLine);
  }

  callers(chunkId: number): GraphNeighbour[] {
    return this.indexes.graph?.callers(chunkId) ?? [];
  }

  callees(chunkId: number): GraphNeighbour[] {
    return this.indexes.graph?.callees(chunkId) ?? [];
  }

  /** The innermost chunk holding a line (1-based) of a file; undefined for an unknown file or a line past its end. */
  chunkAtLine(path: string, line: number): Chunk | undefined {
    return chunkAtLine(this.indexed, path, line);
  }

  /** Files that depend on a chunk's definition (or on its file), breadth-first with hop distance. */
  dependents(chunkId: number): Dependent[] {
    return dependentsOf(this.indexed, chunkId);
  }

  /**
   * The plan of a query for listing and marking its matching lines: the question's plan, or
   * the `/regex/` of the query syntax (the syntax's filters only choose the files).
   */
  navigationPlan(query: string): QueryPlan {
    const plan = planTypedQuery(query);
    if (parseQuery(query).caseSensitive) plan.caseSensitive = true;
    return plan;
  }

  /** Whether a name is written anywhere in the repository, as a whole word, in any case. */
  occurs(name: string): boolean {
    return this.indexes.text.grep(name, { caseSensitive: false, wholeWord: true, limit: 1 }).matches.length > 0;
  }

  /**
   * Every line of these files that answers the query, file by file (src/engine/matches.ts);
   * `shown` maps a path to the chunk its result shows.
   */
  matches(query: string | QueryPlan, paths: readonly string[], shown?: ReadonlyMap<string, number>): FileMatches[] {
    return matchingLines(this.indexed, typeof query === 'string' ? this.navigationPlan(query) : query, paths, shown);
  }

  /**
   * Go to definition: where a name used at a line of a file is defined — the definitions the
   * graph resolved that use to, else every definition of that name, best first.
   */
  definitionsOf(name: string, from?: { path: string; line: number }): DefinitionTarget[] {
    return definitionsOf(this.indexed, name, from);
  }

  /** Every line that calls or references a definition chunk's name (the code view's callers). */
  callSites(chunkId: number): CallSite[] {
    return callSitesOfChunk(this.indexed, this.chunk(chunkId));
  }

  /**
   * The gates that read the retrieved lists before they are fused (weight-gates.ts): the graph's
   * flood gate, the phrase gates (a short phrase's text, structural and graph lists), and the
   * semantic language gate, which the phrase gates also read for a longer phrase. The language
   * gate reads what the table shipped with the model says the model has learned (its pairs and
   * held-out figures per language), and only when the table names the model that embedded this
   * index: a trial model is gated by its own table, a hosted one not at all.
   */
  private weightGates(): WeightGate[] {
    const { corpus } = this;
    const languageOf = (chunkId: number) => corpus.files[corpus.chunks[chunkId].fileId].language;
    const readings = () => {
      const expansion = this.deps.lexicalExpansion;
      const table = typeof expansion === 'function' ? expansion() : expansion;
      const r = table?.readings;
      return r && this.indexes.semantic?.embedderId === `local:${r.model}` ? r : null;
    };
    return [graphFloodGate, unseenLanguageWeightGate(languageOf, readings), ...phraseGates(languageOf, readings)];
  }

  /** Suggested questions made from this repository's own code, one per intent (suggestions.ts). */
  suggestions(): SuggestedQuery[] {
    return suggestQueries({
      chunks: this.corpus.chunks,
      text: (chunk) => this.chunkText(chunk),
      centrality: (id) => this.indexes.graph?.centralityOfChunk(id) ?? 0,
    });
  }

  grep(pattern: string, options: { regex?: boolean; caseSensitive?: boolean; limit?: number } = {}) {
    return this.indexes.text.grep(pattern, options);
  }
}

function didYouMean(suggestions: readonly string[]): string {
  return suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : '';
}

/** How a list restating another's reading is fused (RESTATED_LISTS, ranking.ts): the graph's behaviour list above the structural list. */
function restatedListNote(plan: QueryPlan, weights: Record<Modality, number>): string | null {
  if (plan.intent !== 'understand_code') return null;
  const notes: string[] = [];
  for (const [modality, of] of Object.entries(RESTATED_LISTS) as [Modality, Modality][])
    if (weights[modality] > 0 && weights[of] > 0)
      notes.push(
        `The ${modality} list reads the definitions' names, as the ${of} list does: a name counts by how far the ${modality} list ranks it above the ${of} list's rank for it, not at all at or below it, and the ${modality} list has no vote on the cap of a result first in every list.`,
      );
  return notes.length > 0 ? notes.join(' ') : null;
}

/** What the graph's behaviour list read above its floor says (graphListFloor, ranking.ts). */
function listFloorNote(plan: QueryPlan, weights: Record<Modality, number>, retrieval: Retrieval): string | null {
  if (plan.intent !== 'understand_code' || !(weights.graph > 0)) return null;
  const floor = graphListFloor((retrieval.lists.graph ?? []).map((h) => h.score));
  if (!floor) return null;
  return `The graph's list: ${floor.tied} names tie at one word match, ordered by centrality alone; a name above them counts by how far it stands above their mean rank, they and the names below them not at all (the importance boost still applies).`;
}

/** Whether a chunk holds one of the lines the matcher chose as the answer's (QueryPlan.answerLines). */
function holdsLineOf(lines: readonly { path: string; line: number }[]): (chunk: Chunk) => boolean {
  return (chunk) => lines.some((l) => l.path === chunk.path && holdsLine(chunk, l.line));
}

/** A statement saying "this <noun>": the member choice reads which holders say the noun. */
function holderSaysThisInput(question: string): { holderSaysThisOf?(chunk: Chunk): boolean } {
  const holderSaysThisOf = memberHolderSaysThis(question);
  return holderSaysThisOf ? { holderSaysThisOf } : {};
}

/** A question asking how "the <part>" works: each file is weighed by how much of the part its path says. */
function subjectPlaceInput(
  corpus: Corpus,
  question: string,
): Pick<FusionInput, 'placeWordsOf' | 'placeWordsGain' | 'placeWordsAsked'> {
  const placeWordsOf = subjectPlaceWordsLookup(corpus, question);
  return placeWordsOf ? { placeWordsOf, placeWordsGain: SUBJECT_PLACE_GAIN, placeWordsAsked: 'part' } : {};
}

/** A sentence describing code: the member choice reads which names say the verb it opens with. */
function leadVerbInput(question: string): { leadVerbOf?(chunk: Chunk): boolean } {
  const leadVerbOf = memberNameSaysLeadVerb(question);
  return leadVerbOf ? { leadVerbOf } : {};
}
