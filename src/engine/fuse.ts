/**
 * Weighted Reciprocal Rank Fusion. The explanation of every result is written while its
 * score is summed (the Zoekt way), so the numbers shown are the numbers used:
 *
 *   contribution_m = weight_m × 1 / (k + rank_m + 1)          (rank 0-based; the graph's behaviour
 *                    − weight_m × 1 / (k + floor_m + 1)        list above its floor, a large tie, only)
 *   score          = (Σ_m contribution_m) × boost × demotion × sibling × form × member × file words
 *   demotion       = 0.8 for vendored and built paths; on behaviour questions also for tests, stand-ins
 *                    and a file's lines outside its functions; on "how" questions for type declarations,
 *                    a file shown by a function of a line or two, and a file of several functions one
 *                    chunk alone of which matched; on "similar to X" for X's own file's other siblings,
 *                    to just below X's method in the classes sharing X's base
 *   boost          = min(1 + 0.3 × ln(1 + centrality), 1.5)   (1 on the direct path; 1.5 for a behaviour
 *                                                             question's chunk first in every list fused)
 *   sibling        = 1 + 2 × similarity to X                  ("similar to X" only; else 1)
 *   form           = arityAffinity to X, for a function of another name and arity ("similar to X" only; else 1)
 *   member         = the file's best score ÷ this chunk's     (the member shown for its file; else 1)
 *   file words     = 1 + 0.2 × the share of the question's words, weighed by rarity, that the file
 *                    says                                       (a file shown on a "how" question; else 1)
 *
 * Then: best chunk per file, most relevant first, each with the file's other strong chunks as
 * sub-results (for references, the files' further chunks listed after them instead). For a
 * question about behaviour the chunk standing for its file is the member that answers
 * (chooseMember), and the result keeps its file's score: × member factor.
 */
import type {
  Chunk,
  FormWeight,
  MemberRule,
  Modality,
  ModalityHit,
  PlaceWordsAsked,
  ResultExplanation,
  SearchResult,
  SubResult,
} from './contract';
import { MODALITIES } from './contract';
import { byCodeUnits } from './code-unit-order';
import { nameMatchFactor } from './search/members';
import {
  boostFor,
  BOOSTED_KINDS,
  MEMBER_CODE_WORDS_LEAD,
  MEMBER_CODE_WORDS_MIN_SHARE,
  MEMBER_TEXT_TIE_SHARE,
  CONTAINER_KINDS,
  CONTAINER_RANKED_BY_MEMBERS_LINES,
  HOW_CONTAINER_RANKED_BY_MEMBERS_LINES,
  demotionFor,
  type DemotionMarks,
  FIRST_IN_EVERY_LIST_BOOST,
  MEMBER_CALLEE_MIN_SHARE,
  MEMBER_DECIDER_MIN_SHARE,
  MEMBER_CHOICE_MIN_SHARE,
  MEMBER_LISTS_RANK_HIGHER_MIN_LISTS,
  MEMBER_LISTS_RANK_HIGHER_MIN_SHARE,
  graphListFloor,
  siblingFactor,
  SUB_RESULT_MIN_SHARE,
  SUB_RESULTS_PER_RESULT,
  SHORT_BODY_DEMOTION_FACTOR,
  SHORT_BODY_DEMOTION_RULE,
  OWN_FILE_BELOW_SAME_BASE,
  OWN_FILE_BELOW_SAME_BASE_RULE,
  LONE_CHUNK_FILE_DEMOTION_FACTOR,
  LONE_CHUNK_FILE_DEMOTION_RULE,
  FILE_WORDS_CODE_GAIN,
  FILE_WORDS_GAIN,
  PLACE_WORDS_GAIN,
  EVERY_LIST_ORDER_DEPTH,
  FIRST_PLACE_SECOND_LIST_DEPTH,
  FIRST_PLACE_TIE_SHARE,
  COPY_FILE_SIZE_RATIO,
  EVERY_LIST_RANK_DEPTH,
} from './ranking';
import { holdsOther, holdsRange, overlap } from './line-range';

/** The bodies in other files a stand-in stands for (FusionInput.bodiesElsewhereOf), and the one to show when no list found any. */
export interface BodiesElsewhere {
  bodies: readonly number[];
  /** The body nearest the repository's root (the portable one before a port's), when one is. */
  first?: number;
}

export interface FusionInput {
  /** Each modality's own ranked list (best first). Modalities absent here did not run. */
  lists: Partial<Record<Modality, ModalityHit[]>>;
  weights: Record<Modality, number>;
  k: number;
  strategy: 'direct' | 'fused';
  centralityOf(chunkId: number): number;
  chunkOf(chunkId: number): Chunk;
  limit: number;
  /** Behaviour questions: a big definition holding another candidate leaves the list to its members. */
  rankContainersByMembers?: boolean;
  /** "How" questions: so does one of any size (HOW_CONTAINER_RANKED_BY_MEMBERS_LINES). */
  rankEveryContainerByMembers?: boolean;
  /**
   * "How" questions: a constructor that gives way with no member of its file as close hands its
   * place to its own class's strongest method at any share. A keyword query naming what the
   * constructor makes ("intern string", cargo's `InternedString::new`) keeps it.
   */
  constructorHandsToItsClass?: boolean;
  /**
   * The class a constructor builds (search/members.ts classBuiltLookup): a Go function filling a
   * struct of its file builds that struct. Without it, the constructor's container or own name.
   */
  classBuiltBy?(ctor: Chunk): string | undefined;
  /** Behaviour questions: a chunk every list fused puts first is boosted at FIRST_IN_EVERY_LIST_BOOST. */
  capFirstInEveryList?: boolean;
  /** Whether a chunk's file says a tool generated it (structural/file-marks.ts), demoted as built output (ranking.ts GENERATED_DEMOTION_RULE). */
  isGenerated?(chunk: Chunk): boolean;
  /** Questions whose tests follow the library (ranking.ts testsFollow): whether a chunk is test code (a test path, a Rust file's own tests, a file its text marks as tests), demoted by TEST_DEMOTION_FACTOR. */
  isDemotedTest?(chunk: Chunk): boolean;
  /** Behaviour questions: whether a chunk is in a document (README, .rst, .txt), demoted by DOCUMENT_DEMOTION_FACTOR. */
  isDocument?(chunk: Chunk): boolean;
  /** Behaviour questions: whether a chunk stands in for a body elsewhere, demoted by STAND_IN_DEMOTION_FACTOR. */
  isStandIn?(chunkId: number): boolean;
  /**
   * A question about what code does: the one body a C/C++ prototype or `#define` stands in for
   * (StructuralIndex.bodyChunkOf), undefined for any other chunk. A stand-in whose body is a
   * candidate too leaves the candidates (withoutStandInsOfBodies).
   */
  bodyOf?(chunkId: number): number | undefined;
  /**
   * A question asking how: the bodies in other files a chunk stands for: a C/C++ prototype's bodies
   * (StructuralIndex.bodyChunksOf), or the one function a forwarder hands its work to
   * (search/members.ts forwardeeLookup). A file shown by such a chunk is shown by the body instead,
   * at its place (withStandInsHandingOn); undefined for any other chunk.
   */
  bodiesElsewhereOf?(chunk: Chunk): BodiesElsewhere | undefined;
  /** withStandInsHandingOn: a body no list found may take the stand-in's place too (its first body). */
  handsOnToUnfound?: boolean;
  /** "Similar to X" for an X with a body: whether a chunk only declares functions without a body, demoted by PROTOTYPE_DEMOTION_FACTOR. */
  isPrototype?(chunkId: number): boolean;
  /** A question about what code does: whether a C/C++ chunk only declares functions, without a body or a doc comment (BARE_PROTOTYPE_DEMOTION_FACTOR). */
  isBarePrototype?(chunkId: number): boolean;
  /**
   * A question about what code does: whether a chunk is a name and no code (an include guard, a
   * file's marker, a header of imports: search/members.ts nameOnlyLookup). Put first in its file, it gives its place
   * to any other member of the file, however far below ('name-only-gives-way'), and a file it
   * still shows leaves the results.
   */
  isNameOnly?(chunk: Chunk): boolean;
  /**
   * A question asking how: whether a chunk is a one-line namespace or module declaration
   * (search/members.ts isScopeLine). It leaves the candidates, its file ranked by its other chunks.
   */
  isScopeLine?(chunk: Chunk): boolean;
  /**
   * "How" questions: whether a chunk is lines of its file outside its functions, demoted by
   * OUTSIDE_FUNCTIONS_DEMOTION_FACTOR. Such a window put first in its file gives its place to any
   * function or method of the file, however far below ('outside-gives-way').
   */
  isOutsideFunctions?(chunk: Chunk): boolean;
  /** "How" questions: whether a chunk declares a type (no code that runs), demoted by TYPE_DECLARATION_DEMOTION_FACTOR. */
  isTypeDeclaration?(chunk: Chunk): boolean;
  /** "How" questions: whether a chunk first in every list takes no cap for it (a C/C++ type's declaration or a data class: search/members.ts uncappedTypeLookup). */
  isUncappedType?(chunk: Chunk): boolean;
  /** "How" questions: whether a chunk is a function of a line or two of code, demoted by SHORT_BODY_DEMOTION_FACTOR. */
  isShortBody?(chunk: Chunk): boolean;
  /**
   * "How" questions: how many functions and methods a chunk's file defines (search/members.ts
   * functionsInFileLookup); a file of several, one chunk alone of which is a candidate, is demoted
   * by LONE_CHUNK_FILE_DEMOTION_FACTOR.
   */
  functionsInFileOf?(chunk: Chunk): number;
  /**
   * "How" questions: the share of the question's words, weighed by rarity, that a chunk's file
   * says (search/file-words.ts); each file shown is weighed by 1 + FILE_WORDS_GAIN × it.
   */
  fileWordsOf?(chunk: Chunk): number;
  /** The repository's own names the question said, which fileWordsOf left out: each file's explanation says so. */
  repositoryNamesSaid?: readonly string[];
  /**
   * A phrase typed into a search box: the share of its words, weighed by rarity, that a chunk's
   * path says (search/place-words.ts); each file shown is weighed by 1 + PLACE_WORDS_GAIN × it.
   */
  placeWordsOf?(chunk: Chunk): number;
  /**
   * The gain placeWordsOf's share is weighed by: PLACE_WORDS_GAIN when absent; a question asking
   * how "the <part>" works reads its subject's words alone, at SUBJECT_PLACE_GAIN.
   */
  placeWordsGain?: number;
  /** Whose words placeWordsOf counts: a search-box phrase (the default) or a question's part. */
  placeWordsAsked?: PlaceWordsAsked;
  /**
   * "How" questions: a near tie between files is broken for the result a list puts first and
   * another near its top, over one fewer lists put first (fuse.ts withFirstPlacesBreakingTies).
   */
  firstPlacesBreakTies?: boolean;
  /**
   * "Similar to X": the chunk's similarity to X when it is one of X's siblings; `sameBase`: X's
   * method in another class of X's class's base; `ownFile`: of another name, in X's file.
   */
  siblingOf?(chunkId: number): { of: string; similarity: number; sameBase?: true; ownFile?: true } | undefined;
  /** "Similar to X": the chunk's form weight when it is a function of another form than X's. */
  formOf?(chunkId: number): FormWeight | undefined;
  /**
   * References: after every file's best chunk, the file's other chunks in score order (each
   * is a caller of its own), instead of folding them into the best one.
   */
  furtherChunksOfFiles?: boolean;
  /**
   * Behaviour questions: the share of a chunk's name the question says (search/members.ts). When
   * given, each file is shown by the member that answers (chooseMember), not by the boost's pick.
   */
  nameCoverageOf?(chunk: Chunk): number;
  /**
   * "Similar to X": each file is shown by its member closest to X before the boost (chooseMember
   * without a name factor: the question's words are X's name, which the sibling similarity already
   * weighs), not by the boost's pick — a hub of X's file is no more like X for being called more.
   */
  membersByCloseness?: boolean;
  /**
   * Behaviour questions: how many of the question's words a chunk's name says (search/members.ts
   * memberNameWordsSaid), weighed into the member choice beside the share.
   */
  nameWordsSaidOf?(chunk: Chunk): number;
  /**
   * Behaviour questions that do not ask how (a sentence saying what a function does, keywords):
   * a callee takes its caller's place only when a list ranks it above the caller, and a member
   * every list ranks above the one chosen, its name said more, takes the place (chooseMember).
   */
  readsAsStatement?: boolean;
  /**
   * Behaviour questions that do not ask how: the function whose lines hold a function defined
   * inside it (search/members.ts holderLookup); the member chosen for a file gives its place to
   * that one when it is a candidate too (chooseMember, 'nested-gives-way').
   */
  holderOf?(chunk: Chunk): number | undefined;
  /**
   * Questions asking how: how many of the question's content words a chunk's lines say
   * (search/members.ts memberCodeWordsSaid); a member saying clearly more takes the place.
   */
  codeWordsSaidOf?(chunk: Chunk): number;
  /**
   * Questions asking how: a near tie between two members of a file (MEMBER_TEXT_TIE_SHARE) goes
   * to the one the text list ranks higher (chooseMember).
   */
  textBreaksMemberTies?: boolean;
  /**
   * Questions asking how: a member of a file that fused closer to the question before the boost
   * than the chunk the boost put first is a candidate for the file's place however far the boost
   * set the two apart (chooseMember): the boost orders files, and a hub its file's functions all
   * call can outweigh a closer member by more than MEMBER_CHOICE_MIN_SHARE on its centrality alone.
   */
  closerMembersWhateverBoost?: boolean;
  /**
   * A sentence describing what code does (the classifier's rule 'description'): a result every
   * list ranks above the one shown before it moves above it (withEveryListsOrder).
   */
  everyListOrders?: boolean;
  /**
   * A sentence describing what code does (rule 'description'): whether a chunk's name says the
   * verb the sentence opens with (search/members.ts memberNameSaysLeadVerb); a member that does
   * takes the place of one that does not, its name saying as much of the question (chooseMember).
   */
  leadVerbOf?(chunk: Chunk): boolean;
  /**
   * A sentence describing what code does that says "this <noun>": whether a chunk's holder (its
   * class, module or receiver type) says that noun (search/members.ts memberHolderSaysThis); a
   * member held by it takes the place of one that is not, its name saying as much of the
   * question (chooseMember, 'this-names-holder').
   */
  holderSaysThisOf?(chunk: Chunk): boolean;
  /**
   * Behaviour questions: the chunk a function only hands its call on to (search/members.ts
   * delegateOf); the member chosen for a file gives its place to it when it is a candidate too.
   */
  delegateOf?(chunk: Chunk): number | undefined;
  /**
   * Behaviour questions: the functions of its own file a function calls (search/members.ts
   * calleesLookup); the member chosen gives its place to the one whose name says more of the
   * question (chooseMember).
   */
  calleesOf?(chunk: Chunk): number[];
  /**
   * Questions asking how: the functions of its own file whose result a function chooses by (a switch
   * over it, an ordered comparison of it), each branching itself (search/members.ts
   * decidersLookup); the member chosen gives its place to such a one that fused at least
   * MEMBER_DECIDER_MIN_SHARE of its relevance (chooseMember, 'callee-decides'), unless every list
   * put the member first (deciderLookup).
   */
  decidersOf?(chunk: Chunk): number[];
  /**
   * Questions asking how: every function of its own file a function calls, whatever its name
   * (search/members.ts calleesLookup without the question); the one function of the file that
   * calls the member chosen, and with it another strong member saying as much of the question,
   * runs the steps the question spans and takes the place (chooseMember, 'caller-runs-steps').
   */
  stepsOf?(chunk: Chunk): number[];
  /**
   * Questions asking how: whether a chunk is the method its class is named for, the question naming
   * the class whole by its agent noun (search/members.ts classVerbLookup: `PorterStemmer.stem` for
   * "the Porter stemmer"); it takes its file's place when it fused SUB_RESULT_MIN_SHARE of the
   * file's best (chooseMember, 'class-verb-runs').
   */
  isClassVerb?(chunk: Chunk): boolean;
  /**
   * Questions asking how: the private twin a function reaches through its file's functions
   * (search/members.ts privateTwinLookup: `_inlineCallbacks` for `inlineCallbacks`, Go's `lookup`
   * for `Lookup`); the member chosen hands its place to it (chooseMember, 'wrapper-hands-on').
   */
  privateTwinOf?(chunk: Chunk): number | undefined;
  /**
   * Questions asking how: the one function defined inside a function of the file (search/members.ts
   * nestedLookup); it takes its holder's place when the meaning list ranks it above the holder
   * (chooseMember, 'nested-is-closer').
   */
  nestedOf?(chunk: Chunk): number | undefined;
  /**
   * Questions asking how: the one function of its file a function passes one of its own parameters
   * to (search/members.ts argumentTakerLookup); a constructor that gives way gives it to that one
   * (chooseMember, 'constructor-gives-way').
   */
  argumentTakerOf?(chunk: Chunk): number | undefined;
  /**
   * Behaviour questions: whether a chunk is a setter that only stores its argument in a field
   * (search/members.ts setterLookup); it never stands for its file while another strong chunk of
   * the file does more (chooseMember).
   */
  isSetter?(chunk: Chunk): boolean;
  /**
   * Behaviour questions: whether a chunk is a constructor (search/members.ts constructorLookup);
   * like a setter, it never stands for its file while another strong chunk of the file does more.
   */
  isConstructor?(chunk: Chunk): boolean;
  /** Questions asking how: whether a chunk is a function whose body only throws (search/members.ts refusalLookup). */
  isRefusal?(chunk: Chunk): boolean;
  /** Questions asking how: whether a chunk is of a Rust file of C exports (search/members.ts cBindingLookup). */
  isCBinding?(chunk: Chunk): boolean;
  /**
   * Questions asking how: whether a chunk is a destructor (search/members.ts destructorLookup); it
   * never stands for its file while another strong chunk of the file, a constructor included, does.
   */
  isDestructor?(chunk: Chunk): boolean;
  /**
   * Lists read above their floor (ranking.ts graphListFloor): the graph's list for a question about
   * behaviour, whose large ties are names sharing one common word, ordered by centrality alone.
   */
  flooredLists?: readonly Modality[];
  /**
   * Lists that read what another list read (ranking.ts RESTATED_LISTS: the graph's list for a
   * question about behaviour reads the definitions' names, as the structural list does): an entry
   * counts only by how far it stands above the other list's rank for the same chunk, nothing at or
   * below it, and the list has no vote on the cap of a result first in every list.
   */
  restatedLists?: Readonly<Partial<Record<Modality, Modality>>>;
  /**
   * A pasted message: whether a chunk holds a line of a format string the matcher chose (a
   * question about an option: a line reading its value, QueryPlan.answerLines). A file
   * is shown by such a chunk, whatever the boost made of the others (libc's build.rs: the
   * function holding the panic at the line the paste names, not the macro inside it whose panic
   * writes the same literal).
   */
  holdsChosenLine?(chunk: Chunk): boolean;
  /**
   * A question about what code does: the content of a chunk's file (its hash). A file the
   * repository holds twice, byte for byte (a header installed into include/ beside its source, a
   * vendored copy), is shown once, at its first place: the copy says nothing the first did not,
   * and took a place in the ten another file's answer needed (withoutCopies).
   */
  fileContentOf?(chunk: Chunk): string | undefined;
  /**
   * A question about what code does: the text of a definition's chunk. Of two copies of one
   * definition, text for text, the one nearer the repository's root is shown first
   * (nearerCopiesFirst).
   */
  definitionTextOf?(chunk: Chunk): string | undefined;
  /** The size of a chunk's file in bytes: a bundle of many modules is no nearer copy (nearerCopiesFirst). */
  fileSizeOf?(chunk: Chunk): number;
}

interface Candidate {
  chunk: Chunk;
  explanation: ResultExplanation;
}

/** Each chunk some list holds, with each list's contribution at its best rank (above a floored list's tie). */
function candidatesOf(input: FusionInput): Map<number, Candidate> {
  const candidates = new Map<number, Candidate>();
  for (const modality of MODALITIES) {
    const list = input.lists[modality];
    const weight = input.weights[modality];
    if (!list || !(weight > 0)) continue;
    const found = input.flooredLists?.includes(modality) ? graphListFloor(list.map((h) => h.score)) : null;
    const floor = found ? { rank: found.rank, tied: found.tied } : undefined;
    const restated = restatedRanksOf(input, modality);
    list.forEach((hit, rank) => {
      // Above the floor an entry counts by how far it stands above the tie's mean rank; from it on, not at all.
      if (found && rank >= found.first) return;
      // A list restating another's reading counts by how far it ranks the chunk above that list.
      const restatedRank = restated?.ranks.get(hit.chunkId);
      if (restatedRank !== undefined && rank >= restatedRank && (!floor || restatedRank <= floor.rank)) return;
      const above =
        restated && restatedRank !== undefined && (!floor || restatedRank < floor.rank)
          ? { modality: restated.modality, rank: restatedRank }
          : undefined;
      let candidate = candidates.get(hit.chunkId);
      if (!candidate) {
        candidate = { chunk: input.chunkOf(hit.chunkId), explanation: emptyExplanation() };
        candidates.set(hit.chunkId, candidate);
      }
      const e = candidate.explanation;
      if (e.modalities[modality]) return; // a modality counts once per chunk: its best rank
      const contribution = contributionOf({ weight, k: input.k, rank, floor, above });
      e.modalities[modality] = {
        rank,
        weight,
        k: input.k,
        contribution,
        rawScore: hit.score,
        reason: hit.reason,
        ...(floor ? { floor } : {}),
        ...(above ? { above } : {}),
        ...(hit.expanded ? { expanded: hit.expanded } : {}),
      };
      e.rrf += contribution;
    });
  }
  return candidates;
}

/**
 * The rank of each chunk in the list `modality` restates (FusionInput.restatedLists), its best, when
 * that list is fused; undefined when `modality` restates none or that list did not run.
 */
function restatedRanksOf(
  input: FusionInput,
  modality: Modality,
): { modality: Modality; ranks: Map<number, number> } | undefined {
  const of = input.restatedLists?.[modality];
  const list = of === undefined ? undefined : input.lists[of];
  if (of === undefined || !list || !(input.weights[of] > 0)) return undefined;
  const ranks = new Map<number, number>();
  list.forEach((hit, rank) => {
    if (!ranks.has(hit.chunkId)) ranks.set(hit.chunkId, rank);
  });
  return { modality: of, ranks };
}

/** What the fusion's input knows of a chunk that may demote it (ranking.ts demotionFor). */
function demotionMarksOf(input: FusionInput, chunk: Chunk): DemotionMarks {
  return {
    generated: input.isGenerated?.(chunk) === true,
    inTests: input.isDemotedTest?.(chunk) === true,
    document: input.isDocument?.(chunk) === true,
    standIn: input.isStandIn?.(chunk.id) === true,
    prototype: input.isPrototype?.(chunk.id) === true,
    barePrototype: input.isBarePrototype?.(chunk.id) === true,
    refusal: input.isRefusal?.(chunk) === true,
    cBinding: input.isCBinding?.(chunk) === true,
    outsideFunctions: input.isOutsideFunctions?.(chunk) === true,
    typeDeclaration: input.isTypeDeclaration?.(chunk) === true,
    otherFormat: input.holdsChosenLine !== undefined && !input.holdsChosenLine(chunk),
  };
}

/**
 * How a file's member is chosen to show it: a file holding a chosen line (FusionInput.holdsChosenLine)
 * is shown by a member holding one, among which the member rules choose (an option's readers,
 * QueryPlan.optionRead), else the first of them; without such lines, as the member rules say.
 */
function memberShownBy(
  pick: ((group: SearchResult[]) => SearchResult) | null,
  holds: ((r: SearchResult) => boolean) | undefined,
): ((group: SearchResult[]) => SearchResult) | null {
  if (!holds) return pick;
  if (!pick) return (group) => group.find(holds) ?? group[0];
  return (group) => {
    const holding = group.filter(holds);
    return pick(holding.length > 0 ? holding : group);
  };
}

export function fuse(input: FusionInput): SearchResult[] {
  const candidates = candidatesOf(input);
  const unanimous = input.capFirstInEveryList && input.strategy === 'fused' ? firstInEveryList(input) : undefined;
  const scored: SearchResult[] = [];
  const sameBase: SearchResult[] = [];
  const ownFile: SearchResult[] = [];
  for (const { chunk, explanation: e } of candidates.values()) {
    e.centrality = input.centralityOf(chunk.id);
    e.boost = input.strategy === 'direct' ? 1 : boostFor(e.centrality);
    // The cap is a boost: a type's declaration, which takes none on a question asking how
    // (BOOSTED_KINDS) and is demoted there as no code, takes none for being first everywhere either.
    if (chunk.id === unanimous && input.isUncappedType?.(chunk) !== true) {
      e.boost = FIRST_IN_EVERY_LIST_BOOST;
      e.firstInEveryList = true;
    }
    e.demotion = demotionFor(chunk.path, demotionMarksOf(input, chunk));
    const sibling = input.siblingOf?.(chunk.id);
    if (sibling)
      e.sibling = { of: sibling.of, similarity: sibling.similarity, factor: siblingFactor(sibling.similarity) };
    const form = input.formOf?.(chunk.id);
    if (form) e.form = form;
    e.score = e.rrf * e.boost * (e.demotion?.factor ?? 1) * (e.sibling?.factor ?? 1) * (e.form?.factor ?? 1);
    scored.push(resultFor(chunk, e));
    if (sibling?.sameBase) sameBase.push(scored[scored.length - 1]);
    else if (sibling?.ownFile) ownFile.push(scored[scored.length - 1]);
  }
  belowSameBase(ownFile, sameBase);
  scored.sort(compareResults);
  const { isScopeLine } = input;
  const kept = isScopeLine ? scored.filter((r) => !isScopeLine(input.chunkOf(r.chunkId))) : scored;
  const answered = input.bodyOf ? withoutStandInsOfBodies(kept, input.bodyOf) : kept;
  const containerLines = input.rankEveryContainerByMembers
    ? HOW_CONTAINER_RANKED_BY_MEMBERS_LINES
    : CONTAINER_RANKED_BY_MEMBERS_LINES;
  const listed = input.rankContainersByMembers
    ? withoutBigContainers(answered, input.chunkOf, containerLines)
    : answered;
  // On the direct path there is no boost whose pick inside a file needs correcting.
  const choose =
    input.strategy !== 'fused'
      ? undefined
      : (input.nameCoverageOf ?? (input.membersByCloseness ? (): number => 0 : undefined));
  const delegateOf = input.delegateOf;
  const calleesOf = input.calleesOf;
  const codeWordsSaidOf = input.codeWordsSaidOf;
  const { isSetter, isConstructor, isDestructor, isShortBody, isNameOnly } = input;
  const givesWay = (r: SearchResult): GivesWay | undefined => {
    const chunk = input.chunkOf(r.chunkId);
    if (isNameOnly?.(chunk) === true) return 'name-only';
    // Lines outside the file's functions (its header, its tables and variables) on a question
    // asking how: their words are the file's, and the file's functions do what is asked.
    if (chunk.kind === 'window' && input.isOutsideFunctions?.(chunk) === true) return 'outside';
    if (isSetter?.(chunk) === true) return 'setter';
    // A constructor of a line or two is short first: the function of its file it hands its
    // argument to shows the work (osmium's `Timestamp(const char*)`, `detail::parse_timestamp`).
    if (isShortBody?.(chunk) === true) return 'short';
    if (isDestructor?.(chunk) === true) return 'destructor';
    return isConstructor?.(chunk) === true ? 'constructor' : undefined;
  };
  const methodOfItsClass = methodOfItsClassLookup(input);
  const { holdsChosenLine } = input;
  const decidersOf = deciderLookup(input);
  const pick = choose
    ? (group: SearchResult[]) =>
        chooseMember(
          group,
          (r) => choose(input.chunkOf(r.chunkId)),
          (r) => input.nameWordsSaidOf?.(input.chunkOf(r.chunkId)) ?? 0,
          delegateOf && ((r) => delegateOf(input.chunkOf(r.chunkId))),
          calleesOf && ((r) => calleesOf(input.chunkOf(r.chunkId))),
          givesWay,
          codeWordsSaidOf && ((r) => codeWordsSaidOf(input.chunkOf(r.chunkId))),
          input.textBreaksMemberTies === true,
          input.readsAsStatement === true,
          methodOfItsClass,
          input.holderOf && ((r) => input.holderOf?.(input.chunkOf(r.chunkId))),
          {
            leadVerbOf: input.leadVerbOf && ((r) => input.leadVerbOf?.(input.chunkOf(r.chunkId)) === true),
            holderSaysThis:
              input.holderSaysThisOf && ((r) => input.holderSaysThisOf?.(input.chunkOf(r.chunkId)) === true),
            classVerbOf: input.isClassVerb && ((r) => input.isClassVerb?.(input.chunkOf(r.chunkId)) === true),
          },
          decidersOf,
          input.stepsOf && ((r) => input.stepsOf?.(input.chunkOf(r.chunkId)) ?? []),
          input.closerMembersWhateverBoost === true,
          input.privateTwinOf && ((r) => input.privateTwinOf?.(input.chunkOf(r.chunkId))),
          input.nestedOf && ((r) => input.nestedOf?.(input.chunkOf(r.chunkId))),
          input.argumentTakerOf && ((r) => input.argumentTakerOf?.(input.chunkOf(r.chunkId))),
        )
    : null;
  const shownBy = memberShownBy(pick, holdsChosenLine && ((r) => holdsChosenLine(input.chunkOf(r.chunkId))));
  const shown = bestChunkPerFile(listed, input.furtherChunksOfFiles === true, shownBy);
  // A name and no code that no other member of its file could stand in for shows nothing.
  const files = isNameOnly ? shown.filter((r) => !isNameOnly(input.chunkOf(r.chunkId))) : shown;
  const shortShown = pick && isShortBody ? (r: SearchResult) => isShortBody(input.chunkOf(r.chunkId)) : undefined;
  const shortDemoted = shortShown ? withShortDemoted(files, shortShown) : files;
  const { functionsInFileOf } = input;
  const lone = functionsInFileOf
    ? withLoneChunkFilesDemoted(shortDemoted, listed, (r) => functionsInFileOf(input.chunkOf(r.chunkId)))
    : shortDemoted;
  const fileWeighed = withFileWordsWeighed(lone, input);
  const weighed = withPlaceWordsWeighed(fileWeighed, input);
  const runs = (r: SearchResult) => r.definitionKind !== undefined && BOOSTED_KINDS.has(r.definitionKind);
  const tiesBroken = input.firstPlacesBreakTies
    ? withFirstPlacesBreakingTies(weighed, input.limit, runs, holderPlaces(listed))
    : weighed;
  // The places settled, a stand-in's goes to the body it stands for.
  const { bodiesElsewhereOf } = input;
  const handedOn = bodiesElsewhereOf
    ? withStandInsHandingOn(tiesBroken, listed, (r) => bodiesElsewhereOf(input.chunkOf(r.chunkId)), {
        chunkOf: input.chunkOf,
        limit: input.limit,
        unfound: input.handsOnToUnfound === true,
      })
    : tiesBroken;
  const agreed = input.everyListOrders ? withEveryListsOrder(handedOn, input.limit, runs) : handedOn;
  const { fileContentOf } = input;
  const once = fileContentOf ? withoutCopies(agreed, (r) => fileContentOf(input.chunkOf(r.chunkId))) : agreed;
  const { definitionTextOf, fileSizeOf } = input;
  const sizeOf = fileSizeOf && ((r: SearchResult) => fileSizeOf(input.chunkOf(r.chunkId)));
  const nearer = definitionTextOf
    ? nearerCopiesFirst(once, (r) => definitionTextOf(input.chunkOf(r.chunkId)), sizeOf)
    : once;
  return nearer.slice(0, input.limit);
}

/**
 * A question asking how: a file shown by a stand-in for a body in another file (FusionInput.
 * bodiesElsewhereOf) is shown by that body instead, at the stand-in's place and at least its
 * score: a C prototype of a function the library defines once per port (SDCC's `int rand(void);`
 * in include/stdlib.h, found first for "how are random numbers generated", over the generator in
 * lib/src/rand.c), or a forwarder whose one call hands the work to a function in another file
 * (SDCC's `printf`, which calls `_print_format`). The body shown is the candidate of the bodies
 * with the best score; with no candidate, the first body when `unfound` (its lists' evidence is
 * the stand-in's: the same function's name and words). A later result of the body's file leaves
 * the list (the body shows that file now); a body whose file is shown above the stand-in leaves
 * the stand-in where it is. Only the first `limit` places are read.
 */
function withStandInsHandingOn(
  files: SearchResult[],
  candidates: readonly SearchResult[],
  bodiesOf: (r: SearchResult) => BodiesElsewhere | undefined,
  options: { chunkOf(chunkId: number): Chunk; limit: number; unfound: boolean },
): SearchResult[] {
  let out: SearchResult[] | undefined;
  let byId: Map<number, SearchResult> | undefined;
  for (let i = 0; i < Math.min((out ?? files).length, options.limit); i++) {
    const list = out ?? files;
    const r = list[i];
    const elsewhere = bodiesOf(r);
    if (!elsewhere || elsewhere.bodies.length === 0) continue;
    byId ??= new Map(candidates.map((c) => [c.chunkId, c]));
    let body: SearchResult | undefined;
    for (const id of elsewhere.bodies) {
      const found = byId.get(id);
      if (found && (!body || found.score > body.score)) body = found;
    }
    if (!body && options.unfound && elsewhere.first !== undefined) body = resultOf(options.chunkOf(elsewhere.first));
    if (!body) continue;
    const bodyPath = body.path;
    if (list.slice(0, i).some((above) => above.path === bodyPath)) continue;
    out = list.filter((x, j) => j <= i || x.path !== bodyPath);
    // The body keeps the place, and the stand-in's score when that is higher.
    const raised = r.score > body.score;
    body.explanation.inPlaceOf = {
      chunkId: r.chunkId,
      path: r.path,
      startLine: r.startLine,
      ...(r.symbol !== undefined ? { symbol: r.symbol } : {}),
      ...(raised ? { ownScore: body.score } : {}),
    };
    if (raised) body.explanation.score = body.score = r.score;
    out[i] = body;
  }
  return out ?? files;
}

/** A chunk's result, scored as its explanation says. */
function resultFor(chunk: Chunk, explanation: ResultExplanation): SearchResult {
  return {
    chunkId: chunk.id,
    path: chunk.path,
    startLine: chunk.startLine,
    endLine: chunk.endLine,
    symbol: chunk.symbol,
    definitionKind: chunk.definitionKind,
    score: explanation.score,
    explanation,
    foldedChunks: 0,
  };
}

/** A result for a chunk no list found: no list's evidence, score 0 (withStandInsHandingOn gives it the stand-in's). */
function resultOf(chunk: Chunk): SearchResult {
  return resultFor(chunk, emptyExplanation());
}

/** How many folders deep a path lies: `qsort.c` 0, `lib/src/pic14/libc/qsort.c` 4. */
export function folderDepth(path: string): number {
  let depth = 0;
  for (const c of path) if (c === '/') depth++;
  return depth;
}

/**
 * Of two copies of one definition (the same name, the same text) the one nearer the repository's
 * root is shown first, at the better place of the two: a port or a vendored tree repeats the
 * portable routine in its own deeper folder (SDCC's `lib/src/pic14/libc/qsort.c`, the same
 * `qsort` as `lib/src/qsort.c` inside a `#if` for the PIC14 port), and a reader asking how the
 * routine works expects the copy the others repeat. Only the two copies trade places; the copy
 * further down keeps its score (nothing else it passes is moved). A nearer copy in a file more than
 * COPY_FILE_SIZE_RATIO times the other's size is a bundle concatenating the modules (jQuery UI's
 * `jquery-ui.js` at the root beside `ui/widgets/dialog.js`, Dojo's `dojo.js.uncompressed.js`): the
 * module is what a reader opens, so the bundle does not pass it.
 */
function nearerCopiesFirst(
  files: SearchResult[],
  textOf: (r: SearchResult) => string | undefined,
  sizeOf?: (r: SearchResult) => number,
): SearchResult[] {
  let out: SearchResult[] | undefined;
  const bySymbol = new Map<string, number[]>();
  files.forEach((r, i) => {
    if (r.symbol === undefined || r.definitionKind === undefined) return;
    const at = bySymbol.get(r.symbol);
    if (at) at.push(i);
    else bySymbol.set(r.symbol, [i]);
  });
  for (const at of bySymbol.values()) {
    if (at.length < 2) continue;
    const list = (out ??= [...files]);
    for (let a = 0; a < at.length; a++) {
      const upper = list[at[a]];
      const text = textOf(upper);
      if (text === undefined) continue;
      let best: number | undefined;
      for (let b = a + 1; b < at.length; b++) {
        const lower = list[at[b]];
        if (folderDepth(lower.path) >= folderDepth(best === undefined ? upper.path : list[at[best]].path)) continue;
        if (sizeOf && sizeOf(lower) > COPY_FILE_SIZE_RATIO * sizeOf(upper)) continue;
        if (textOf(lower) === text) best = b;
      }
      if (best === undefined) continue;
      const nearer = list[at[best]];
      [list[at[a]], list[at[best]]] = [nearer, upper];
      nearer.explanation.aboveItsCopy = { chunkId: upper.chunkId, path: upper.path, startLine: upper.startLine };
    }
  }
  return out ?? files;
}

/**
 * Each file shown once per content (FusionInput.fileContentOf): a later file whose content equals an
 * earlier one's leaves the results. OpenAFS installs its headers into include/ beside their sources
 * (`src/afs/exporter.h`, `include/afs/exporter.h`), and both copies took places in the ten.
 */
function withoutCopies(files: SearchResult[], contentOf: (r: SearchResult) => string | undefined): SearchResult[] {
  const seen = new Set<string>();
  const kept = files.filter((r) => {
    const content = contentOf(r);
    if (content === undefined) return true;
    if (seen.has(content)) return false;
    seen.add(content);
    return true;
  });
  return kept.length === files.length ? files : kept;
}

/**
 * A sentence describing what code does (FusionInput.everyListOrders): a result shown below one that
 * every list fused ranks lower than it — in each list it is found higher, or found where the other
 * is not, and its demotion is no deeper — moves above it, as far up as such results stand. The boost
 * (centrality) and the member rules reorder near ties; against every list's agreement they put a hub
 * over the function the sentence describes (phpMyAdmin's `Util::checkRowCount`, below
 * `Table::getRealRowCountTable` in all three lists, first on its boost for "Returns the real row
 * count for a table"). Only neighbours swap, so a result passes none that some list ranks above it.
 * Only code that runs moves (`runs`: the kinds the boost weighs, BOOSTED_KINDS): a type declaration
 * has no boost by design, and moved it passed the function the sentence describes again (immer's
 * one-line `Objectish` over `each` for "Each iterates a map, set or array").
 */
function withEveryListsOrder(files: SearchResult[], limit: number, runs: (r: SearchResult) => boolean): SearchResult[] {
  const out = [...files];
  const depth = Math.min(out.length, Number.isFinite(limit) ? limit * EVERY_LIST_ORDER_DEPTH : out.length);
  const ranks = out.slice(0, depth).map(listRanksOf);
  for (let pass = 0; pass < depth; pass++) {
    let moved = false;
    for (let j = 1; j < depth; j++) {
      const [above, below] = [out[j - 1], out[j]];
      if (!runs(below) || (below.explanation.demotion?.factor ?? 1) < (above.explanation.demotion?.factor ?? 1))
        continue;
      if (!ranksAbove(ranks[j], ranks[j - 1])) continue;
      [out[j - 1], out[j]] = [below, above];
      [ranks[j - 1], ranks[j]] = [ranks[j], ranks[j - 1]];
      below.explanation.aboveByEveryList = { chunkId: above.chunkId, path: above.path, startLine: above.startLine };
      moved = true;
    }
    if (!moved) break;
  }
  return out;
}

/**
 * A question asking how (FusionInput.firstPlacesBreakTies): of two neighbours whose scores are a near
 * tie (the lower at least FIRST_PLACE_TIE_SHARE of the higher), the lower moves above when a list puts
 * it first and another ranks it in its first FIRST_PLACE_SECOND_LIST_DEPTH, fewer lists put the higher
 * first, and its file says at least as much of the question (the file words' share). The boost and
 * the member rules set near ties between files on middling ranks in each list and a hub's importance;
 * a function one list finds first and another near its top is what both read the question as
 * (quic-go's `detectLostPackets`, first by text and third by structure, under the congestion
 * controller's `OnPacketLost` for "how does the sender decide that a packet it sent is lost"). Only
 * code that runs moves, no deeper demoted than the one it passes, as in withEveryListsOrder.
 */
function withFirstPlacesBreakingTies(
  files: SearchResult[],
  limit: number,
  runs: (r: SearchResult) => boolean,
  placesOf: (r: SearchResult) => Map<string, number> = listRanksOf,
): SearchResult[] {
  const out = [...files];
  const depth = Math.min(out.length, Number.isFinite(limit) ? limit * EVERY_LIST_ORDER_DEPTH : out.length);
  const ranks = out.slice(0, depth).map((r) => [...placesOf(r).values()].sort((a, b) => a - b));
  const firsts = (sorted: number[]) => sorted.filter((rank) => rank === 0).length;
  const share = (r: SearchResult) => r.explanation.fileWords?.share ?? 0;
  for (let pass = 0; pass < depth; pass++) {
    let moved = false;
    for (let j = 1; j < depth; j++) {
      const [above, below] = [out[j - 1], out[j]];
      const mine = ranks[j];
      if (!runs(below) || (below.explanation.demotion?.factor ?? 1) < (above.explanation.demotion?.factor ?? 1))
        continue;
      if (below.score < FIRST_PLACE_TIE_SHARE * above.score) continue;
      if (!(mine.length >= 2 && mine[0] === 0 && mine[1] < FIRST_PLACE_SECOND_LIST_DEPTH)) continue;
      if (firsts(mine) <= firsts(ranks[j - 1]) || share(below) < share(above)) continue;
      [out[j - 1], out[j]] = [below, above];
      [ranks[j - 1], ranks[j]] = [ranks[j], ranks[j - 1]];
      below.explanation.aboveByFirstPlace = { chunkId: above.chunkId, path: above.path, startLine: above.startLine };
      moved = true;
    }
    if (!moved) break;
  }
  return out;
}

/**
 * Each list's 0-based rank of a result (listRanksOf); for a function shown in its holder's place
 * ('nested-is-closer'), the better of its own and its holder's in each list: the holder's lines
 * hold the nested function's, so the places its file was found at are the nested function's too.
 * So for a function shown in the place of the wrapper that hands its call on to it
 * ('wrapper-hands-on') when it fused SUB_RESULT_MIN_SHARE of the wrapper, an answer in its own
 * right: the lists found the wrapper for the work the shown one does, and a file found first by
 * its wrapper was found first (ase's `neighbor_list`, first by meaning and text, shown as
 * `primitive_neighbor_list`). A callee the lists barely found is no such work: naev's `jumpstring`,
 * first by structure, hands on to `numstring`, a number's formatter found by meaning alone.
 */
function holderPlaces(candidates: readonly SearchResult[]): (r: SearchResult) => Map<string, number> {
  let byId: Map<number, SearchResult> | undefined;
  return (r) => {
    const ranks = listRanksOf(r);
    const member = r.explanation.member;
    if (member?.rule !== 'nested-is-closer' && member?.rule !== 'wrapper-hands-on') return ranks;
    byId ??= new Map(candidates.map((c) => [c.chunkId, c]));
    const holder = byId.get(member.over.chunkId);
    const standsFor =
      member.rule === 'nested-is-closer' ||
      (holder !== undefined && r.explanation.rrf >= SUB_RESULT_MIN_SHARE * holder.explanation.rrf);
    if (holder && standsFor)
      for (const [modality, rank] of listRanksOf(holder))
        ranks.set(modality, Math.min(rank, ranks.get(modality) ?? rank));
    return ranks;
  };
}

/** Each list's 0-based rank of a result, for the lists it counts in. */
function listRanksOf(r: SearchResult): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const [modality, c] of Object.entries(r.explanation.modalities))
    if (c && c.contribution > 0) ranks.set(modality, c.rank);
  return ranks;
}

/**
 * Whether every list ranks `a` at or above `b` (a list that lacks one ranks it last), and one
 * strictly. When two lists or more hold `a` on their first page, a rank past a list's first page
 * counts as not found (EVERY_LIST_RANK_DEPTH); a result found by one list alone still passes only
 * what the others do not hold at all.
 */
function ranksAbove(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  let strictly = false;
  let onPages = 0;
  for (const rank of a.values()) if (rank < EVERY_LIST_RANK_DEPTH) onPages++;
  const depth = onPages >= 2 ? EVERY_LIST_RANK_DEPTH : Infinity;
  const seen = (rank: number | undefined) => (rank === undefined || rank >= depth ? Infinity : rank);
  for (const modality of new Set([...a.keys(), ...b.keys()])) {
    const ra = seen(a.get(modality));
    const rb = seen(b.get(modality));
    if (ra > rb) return false;
    if (ra < rb) strictly = true;
  }
  return strictly;
}

/**
 * Each file shown is weighed by how much of the question its text says (FILE_WORDS_CODE_GAIN when
 * code that runs shows it, FILE_WORDS_GAIN otherwise), and the
 * files are ordered again: the file that does what a "how" question asks speaks its subject,
 * while another file's function may match a few of its words by a hair more.
 */
function withFileWordsWeighed(
  files: SearchResult[],
  input: Pick<FusionInput, 'fileWordsOf' | 'repositoryNamesSaid' | 'chunkOf'>,
): SearchResult[] {
  const { fileWordsOf, repositoryNamesSaid: repositoryNames = [] } = input;
  if (!fileWordsOf) return files;
  for (const r of files) {
    const share = fileWordsOf(input.chunkOf(r.chunkId));
    const runs = r.definitionKind !== undefined && BOOSTED_KINDS.has(r.definitionKind);
    const factor = 1 + (runs ? FILE_WORDS_CODE_GAIN : FILE_WORDS_GAIN) * share;
    r.explanation.fileWords = {
      share,
      factor,
      ...(repositoryNames.length > 0 ? { repositoryNames: [...repositoryNames] } : {}),
    };
    r.explanation.score = r.score = r.score * factor;
  }
  return [...files].sort(compareResults);
}

/**
 * Each file shown is weighed by how much of a search-box phrase its path says (PLACE_WORDS_GAIN),
 * or of the part a question asking how names ("how does the spinner …", placeWordsGain), and the
 * files are ordered again: a folder or file named for what the phrase asks
 * (shortest_paths/weighted.py for "shortest path negative weights") holds the code a reader
 * typing those words looks for, while a function elsewhere may say the words in its body.
 */
function withPlaceWordsWeighed(
  files: SearchResult[],
  input: Pick<FusionInput, 'placeWordsOf' | 'placeWordsGain' | 'placeWordsAsked' | 'chunkOf'>,
): SearchResult[] {
  const { placeWordsOf, placeWordsGain: gain = PLACE_WORDS_GAIN, placeWordsAsked: of = 'phrase' } = input;
  if (!placeWordsOf) return files;
  let moved = false;
  for (const r of files) {
    const share = placeWordsOf(input.chunkOf(r.chunkId));
    if (share <= 0) continue;
    const factor = 1 + gain * share;
    r.explanation.placeWords = { share, factor, of };
    r.explanation.score = r.score = r.score * factor;
    moved = true;
  }
  return moved ? [...files].sort(compareResults) : files;
}

/**
 * A file of several functions of which one chunk alone reached any list (no other of its chunks was
 * a candidate) is demoted by LONE_CHUNK_FILE_DEMOTION_FACTOR, and the files are ordered again: the
 * code that does what a "how" question asks sits among functions that share its words, while a
 * lone match is a passing mention of them. A file of one function has no other to bring; a result
 * demoted already keeps that one demotion.
 */
function withLoneChunkFilesDemoted(
  files: SearchResult[],
  candidates: readonly SearchResult[],
  functionsInFile: (r: SearchResult) => number,
): SearchResult[] {
  const chunksOfFile = new Map<string, number>();
  for (const r of candidates) chunksOfFile.set(r.path, (chunksOfFile.get(r.path) ?? 0) + 1);
  let moved = false;
  for (const r of files) {
    const e = r.explanation;
    if (e.demotion || chunksOfFile.get(r.path) !== 1 || functionsInFile(r) < 2) continue;
    e.demotion = { factor: LONE_CHUNK_FILE_DEMOTION_FACTOR, rule: LONE_CHUNK_FILE_DEMOTION_RULE };
    e.score = r.score = r.score * LONE_CHUNK_FILE_DEMOTION_FACTOR;
    moved = true;
  }
  return moved ? [...files].sort(compareResults) : files;
}

/**
 * "Similar to X" where X is a method its class's base declares and other classes of that base
 * implement too (Composer's GitDownloader::doDownload; HgDownloader, SvnDownloader, … extend
 * VcsDownloader each with its own doDownload): those implementations are X's closest kin, and X's
 * own file's other methods (GitDownloader::doInstall), which share its file's words, come after
 * them. Those methods are demoted by one factor, which brings the strongest of them to
 * OWN_FILE_BELOW_SAME_BASE of the weakest implementation's score: they keep their order.
 */
function belowSameBase(ownFile: readonly SearchResult[], sameBase: readonly SearchResult[]): void {
  if (ownFile.length === 0 || sameBase.length === 0) return;
  const weakest = Math.min(...sameBase.map((r) => r.score));
  const strongest = Math.max(...ownFile.map((r) => r.score));
  if (strongest < weakest * OWN_FILE_BELOW_SAME_BASE) return;
  // Three digits, as shown: still well below the weakest.
  const factor = Number(((weakest * OWN_FILE_BELOW_SAME_BASE) / strongest).toPrecision(3));
  for (const r of ownFile) {
    const e = r.explanation;
    e.demotion = e.demotion
      ? { factor: e.demotion.factor * factor, rule: `${e.demotion.rule}; ${OWN_FILE_BELOW_SAME_BASE_RULE}` }
      : { factor, rule: OWN_FILE_BELOW_SAME_BASE_RULE };
    e.score = r.score = r.score * factor;
    if (e.sibling) e.sibling.belowSameBase = true;
  }
}

/**
 * A file shown by a function of a line or two (no other strong member of its file took its
 * place: chooseMember's 'short-gives-way') is demoted by SHORT_BODY_DEMOTION_FACTOR, and the files
 * are ordered again: the work a "how" question asks about is done elsewhere.
 */
function withShortDemoted(files: SearchResult[], isShort: (r: SearchResult) => boolean): SearchResult[] {
  let moved = false;
  for (const r of files) {
    const e = r.explanation;
    if (e.demotion || !isShort(r)) continue;
    e.demotion = { factor: SHORT_BODY_DEMOTION_FACTOR, rule: SHORT_BODY_DEMOTION_RULE };
    e.score = r.score = r.score * SHORT_BODY_DEMOTION_FACTOR;
    moved = true;
  }
  return moved ? [...files].sort(compareResults) : files;
}

/**
 * The deciders of a member (FusionInput.decidersOf), none for the member every list puts first
 * ('callee-decides' keeps off it): the lists agree that one shows the work, and the function whose
 * result it compares only works out one figure of it (awesome's `lookup_icon`, first in every list for
 * "how does the icon lookup pick the nearest size", keeps its place over `directory_size_distance`).
 */
function deciderLookup(input: FusionInput): ((r: SearchResult) => number[]) | undefined {
  const { decidersOf } = input;
  if (!decidersOf) return undefined;
  const unanimous = firstInEveryList(input);
  return (r) => (r.chunkId === unanimous ? [] : decidersOf(input.chunkOf(r.chunkId)));
}

/** The chunk that every list fused (two or more, weight above 0) puts first, if there is one. */
function firstInEveryList(input: FusionInput): number | undefined {
  let first: number | undefined;
  let lists = 0;
  for (const modality of MODALITIES) {
    const list = input.lists[modality];
    if (!list || list.length === 0 || !(input.weights[modality] > 0)) continue;
    // A list restating another's reading has no vote of its own: the one it restates votes.
    if (input.restatedLists?.[modality] !== undefined) continue;
    if (first !== undefined && list[0].chunkId !== first) return undefined;
    first = list[0].chunkId;
    lists++;
  }
  return lists >= 2 ? first : undefined;
}

/**
 * The candidates less every stand-in (a C/C++ prototype or `#define`) whose one body is a candidate
 * too: the body is the answer and the stand-in only points to it. Demoted (STAND_IN_DEMOTION_FACTOR),
 * a prototype in a header that every file includes still came first on the boost of its header's
 * centrality, above its own body (openafs' afs_prototypes.h `afs_MarkUserExpired` over afs_user.c's
 * body, for "Mark all of the unixuser records held for a particular PAG as expired"), and took a
 * place in the ten that another file's answer needed. A stand-in whose body no list found stays,
 * demoted: it is the way to that body.
 */
function withoutStandInsOfBodies(
  scored: SearchResult[],
  bodyOf: (chunkId: number) => number | undefined,
): SearchResult[] {
  const candidates = new Set(scored.map((r) => r.chunkId));
  const kept = scored.filter((r) => {
    const body = bodyOf(r.chunkId);
    return body === undefined || body === r.chunkId || !candidates.has(body);
  });
  return kept.length === scored.length ? scored : kept;
}

/**
 * The candidates less every class-like definition over `longerThan` lines
 * (CONTAINER_RANKED_BY_MEMBERS_LINES, or HOW_CONTAINER_RANKED_BY_MEMBERS_LINES for a "how"
 * question) that holds another candidate of its file: inside its lines, or declared as its member
 * outside them (a Go method of the struct, a Rust impl method, a C++ method defined after its class).
 */
function withoutBigContainers(
  scored: SearchResult[],
  chunkOf: (id: number) => Chunk,
  longerThan: number,
): SearchResult[] {
  const byFile = groupedByFile(scored);
  const containers = new Set<SearchResult>();
  for (const list of byFile.values()) {
    for (const c of list) {
      if (!c.definitionKind || !CONTAINER_KINDS.has(c.definitionKind)) continue;
      if (c.endLine - c.startLine + 1 <= longerThan) continue;
      const member = (m: SearchResult) =>
        m !== c &&
        m.definitionKind !== undefined &&
        (holdsOther(c, m) || (c.symbol !== undefined && !overlap(c, m) && chunkOf(m.chunkId).container === c.symbol));
      if (list.some(member)) containers.add(c);
    }
  }
  return containers.size === 0 ? scored : scored.filter((r) => !containers.has(r));
}

function emptyExplanation(): ResultExplanation {
  return { modalities: {}, rrf: 0, centrality: 0, boost: 1, demotion: null, score: 0 };
}

/** Higher score first; then agreement (more modalities); then path and line for a stable order. */
function compareResults(a: SearchResult, b: SearchResult): number {
  return (
    b.score - a.score ||
    Object.keys(b.explanation.modalities).length - Object.keys(a.explanation.modalities).length ||
    byCodeUnits(a.path, b.path) ||
    a.startLine - b.startLine
  );
}

/** Results by file, in first-seen order, each file's in the order given. */
function groupedByFile(results: readonly SearchResult[]): Map<string, SearchResult[]> {
  const byFile = new Map<string, SearchResult[]>();
  for (const r of results) {
    const list = byFile.get(r.path);
    if (list) list.push(r);
    else byFile.set(r.path, [r]);
  }
  return byFile;
}

/**
 * "Deduplicate to the best chunk per file": each file is listed once, at its best chunk's place,
 * shown by that chunk — or by `pick`'s choice among its chunks — carrying the file's other strong
 * chunks as sub-results: those scoring at least SUB_RESULT_MIN_SHARE of it that hold neither it
 * (its class) nor a sub-result already kept. With `further` (references), the others are listed
 * after every file's best chunk instead.
 */
function bestChunkPerFile(
  sorted: SearchResult[],
  further: boolean,
  pick: ((group: SearchResult[]) => SearchResult) | null,
): SearchResult[] {
  const groups = groupedByFile(sorted);
  const out: SearchResult[] = [];
  const rest: SearchResult[] = [];
  for (const group of groups.values()) {
    const shown = pick && !further ? pick(group) : group[0];
    out.push(shown);
    for (const r of group) {
      if (r === shown) continue;
      if (further) {
        rest.push(r);
        continue;
      }
      shown.foldedChunks++;
      const subs = shown.subResults ?? [];
      if (subs.length >= SUB_RESULTS_PER_RESULT || r.score < SUB_RESULT_MIN_SHARE * shown.score) continue;
      if (holdsRange(r, shown) || subs.some((s) => overlap(r, s))) continue;
      subs.push(subResultOf(r));
      shown.subResults = subs;
    }
  }
  return rest.length > 0 ? out.concat(rest) : out;
}

/**
 * Whether a callee of the member chosen would itself give way (chooseMember): a step of the work,
 * not the work — resource-agents' `ocf_is_ver`, a one-line `grep` of a version's format, which
 * `ocf_version_cmp` calls and whose name says "ver", for "how are two version numbers compared";
 * a guard of a line or two that hands on to nothing (Minetest's `is_player`). A short callee that
 * hands its call on to a function of its file is kept: that function shows it (the MongoDB
 * driver's `salted_password` → `hi`).
 */
function onlyAStep(
  r: SearchResult,
  givesWay?: (r: SearchResult) => GivesWay | undefined,
  delegateOf?: (r: SearchResult) => number | undefined,
): boolean {
  const way = givesWay?.(r);
  return way !== undefined && !(way === 'short' && delegateOf?.(r) !== undefined);
}

/**
 * Whether a result is a method of the class a constructor builds: `Overlap.transform` for vega's
 * ES5 `function Overlap(params)`, any method of `__init__`'s or a C++ constructor's class.
 */
function methodOfItsClassLookup(input: FusionInput): ((r: SearchResult, ctor: SearchResult) => boolean) | undefined {
  const { isConstructor } = input;
  if (!isConstructor || input.constructorHandsToItsClass !== true) return undefined;
  return (r, ctor) => {
    const built = input.chunkOf(ctor.chunkId);
    if (!isConstructor(built)) return false;
    const member = input.chunkOf(r.chunkId);
    const itsClass = input.classBuiltBy ? input.classBuiltBy(built) : (built.container ?? built.symbol);
    return member.definitionKind === 'method' && itsClass !== undefined && member.container === itsClass;
  };
}

/** A member's closeness to the question before the boost: rrf × demotion × sibling × form. */
function closenessBeforeBoost(r: SearchResult): number {
  return (
    r.explanation.rrf *
    (r.explanation.demotion?.factor ?? 1) *
    (r.explanation.sibling?.factor ?? 1) *
    (r.explanation.form?.factor ?? 1)
  );
}

/**
 * Whether `r` is a candidate for its file's place: it fused MEMBER_CHOICE_MIN_SHARE of the file's
 * best, or, on a question asking how (`closerWhateverBoost`), closer to the question before the
 * boost than the best, whatever the boost's gap. A helper every function of its file calls takes
 * the boost's cap on its centrality alone: tlp's `read_config`, first by text and second by
 * meaning for "how are the configuration files read and merged", lay below 0.8 of `read_sysf`'s
 * score (boost 1.5 against 1.15) by the boost alone.
 */
function strongMember(r: SearchResult, best: SearchResult, closerWhateverBoost: boolean): boolean {
  if (r.score >= MEMBER_CHOICE_MIN_SHARE * best.score) return true;
  return closerWhateverBoost && closenessBeforeBoost(r) > closenessBeforeBoost(best);
}

/** The strongest method of a constructor's own class that gives no way itself (chooseMember). */
function strongestMethodOf(
  group: SearchResult[],
  ctor: SearchResult,
  methodOfItsClass: (r: SearchResult, ctor: SearchResult) => boolean,
  givesWay: ((r: SearchResult) => GivesWay | undefined) | undefined,
  relevanceOf: (r: SearchResult) => number,
): SearchResult | undefined {
  let method: SearchResult | undefined;
  let methodRelevance = -Infinity;
  for (const r of group) {
    if (r === ctor || !methodOfItsClass(r, ctor) || givesWay?.(r) !== undefined) continue;
    const value = relevanceOf(r);
    if (value > methodRelevance) [method, methodRelevance] = [r, value];
  }
  return method;
}

/**
 * The member that answers for its file (a behaviour question): among the file's chunks fusing at
 * least MEMBER_CHOICE_MIN_SHARE of its best, the one with the most relevance before the boost
 * (rrf × demotion × sibling × form) × the name factor (search/members.ts). When it is not the best
 * chunk it takes the best one's score, recorded as its member factor, so the file keeps its place.
 * A member that only hands its call on to another candidate of its file (delegateOf) gives its
 * place to that one when it fused about as close to the question (MEMBER_CHOICE_MIN_SHARE of the
 * wrapper's relevance before the boost): the wrapper's behaviour is the delegate's. A constructor
 * that gives way with no member that close hands its place to its own class's strongest method.
 */
function chooseMember(
  group: SearchResult[],
  coverageOf: (r: SearchResult) => number,
  wordsSaidOf: (r: SearchResult) => number,
  delegateOf?: (r: SearchResult) => number | undefined,
  calleesOf?: (r: SearchResult) => number[],
  givesWay?: (r: SearchResult) => GivesWay | undefined,
  codeWordsOf?: (r: SearchResult) => number,
  textBreaksTies = false,
  statement = false,
  methodOfItsClass?: (r: SearchResult, ctor: SearchResult) => boolean,
  holderOf?: (r: SearchResult) => number | undefined,
  sentence: SentenceReads = {},
  decidersOf?: (r: SearchResult) => number[],
  stepsOf?: (r: SearchResult) => number[],
  closerWhateverBoost = false,
  twinOf?: (r: SearchResult) => number | undefined,
  nestedOf?: (r: SearchResult) => number | undefined,
  argumentTakerOf?: (r: SearchResult) => number | undefined,
): SearchResult {
  const best = group[0];
  const closeness = closenessBeforeBoost;
  const relevance = (r: SearchResult, coverage: number) => closeness(r) * nameMatchFactor(coverage, wordsSaidOf(r));
  let chosen = best;
  let chosenCoverage = coverageOf(best);
  const bestRelevance = relevance(best, chosenCoverage);
  const sayings = { coverageOf, wordsSaidOf, relevance, givesWay };
  // A setter the boost put first gives its place to any other strong member of its file
  // (`retry_canceled_requests`, which stores a flag, to `map_with_reused`, which marks the
  // request to retry): its doc comment says what the question asks, its body does none of it.
  // So does a constructor: it builds the empty object the other members work on.
  const firstGivesWay = givesWay?.(best);
  let chosenRelevance = firstGivesWay ? -Infinity : bestRelevance;
  /** A later step's member takes the place, with its coverage and relevance. */
  const take = (r: SearchResult) => {
    chosen = r;
    chosenCoverage = coverageOf(r);
    chosenRelevance = relevance(r, chosenCoverage);
  };
  // A name and no code stands for its file only until any other member can: its words are the
  // file's. So do a "how" question's lines outside the file's functions (npm's env-replace.js,
  // shown by its comment and its regular expression, gives its place to the one function that
  // replaces), though a file they alone show keeps its place.
  const anyMember = firstGivesWay === 'name-only' || firstGivesWay === 'outside';
  for (const r of group) {
    if (!anyMember && !strongMember(r, best, closerWhateverBoost)) continue;
    if (r.definitionKind === undefined || !BOOSTED_KINDS.has(r.definitionKind)) continue;
    // A destructor's place may go to its type's constructor: of the two ends of an object's life,
    // the one that sets the work going is nearer a question asking how it is done (winit's
    // `AnimationFrameRequest::new` requests the frame its `drop` cancels).
    const way = r === best ? undefined : givesWay?.(r);
    if (way !== undefined && !(firstGivesWay === 'destructor' && way === 'constructor')) continue;
    const coverage = coverageOf(r);
    const value = relevance(r, coverage);
    if (r !== best && value > chosenRelevance) [chosen, chosenCoverage, chosenRelevance] = [r, coverage, value];
  }
  // A constructor that gives way gives its place to the function it hands its argument to, or to
  // its class's strongest method (constructorGivesTo).
  const reads = { ...sayings, argumentTakerOf, methodOfItsClass, delegateOf, closerWhateverBoost };
  const { argued, member: built } = constructorGivesTo(group, chosen, firstGivesWay, reads);
  if (built) take(built);
  if (chosen === best) chosenRelevance = bestRelevance;
  // The member chosen reaches its private twin, which does its work (privateTwinIn).
  const twin = twinOf ? privateTwinIn(group, chosen, best, twinOf, givesWay) : undefined;
  if (twin) take(twin);
  // A near tie goes to the member whose own lines the text list ranks higher for the question's
  // words (h2's `unclaimed_capacity` over `inc_window` for "when to send a WINDOW_UPDATE frame").
  // A tie of closeness, or of what chose the member, its relevance with the name factor: read on
  // closeness alone, a member whose name is the question's word was out of the tie while one that
  // only shares a word every name of the file has took the place (Eigen's `FullPivLU::rank`, 5th
  // by text, for "how does a full pivoting LU decide the rank of a matrix": `reconstructedMatrix`
  // chosen on "matrix", then `computeInPlace`, 24th by text).
  const tieBreaker =
    textBreaksTies && !twin && !argued
      ? memberTextRanksHigher(group, chosen, best, [closeness, (r) => relevance(r, coverageOf(r))], givesWay)
      : undefined;
  if (tieBreaker) take(tieBreaker);
  const gaveWay = chosen !== best ? firstGivesWay : undefined;
  const delegate = inGroup(group, delegateOf?.(chosen));
  let handsOn = twin !== undefined && chosen === twin;
  // As close to the question as the wrapper (MEMBER_CHOICE_MIN_SHARE): a question the
  // wrapper's own doc comment answers (x-tools' `Insert`, "Inserts a new association …", over
  // `InsertWith`) keeps the wrapper.
  if (delegate && delegate !== chosen && closeness(delegate) >= MEMBER_CHOICE_MIN_SHARE * closeness(chosen)) {
    handsOn = true;
    take(delegate);
  }
  // The member chosen calls a function of its file whose name says more of the question (calleeNamed).
  const steps = { calleesOf, coverageOf, relevance, statement, givesWay, delegateOf };
  const callee = calleeNamed(group, chosen, chosenCoverage, chosenRelevance, steps);
  let named = callee !== undefined;
  if (callee) {
    handsOn = false;
    [chosen, chosenCoverage, chosenRelevance] = [callee.r, callee.coverage, callee.value];
  }
  /** A later step takes the place: as a wrapper's hand-on or not, no callee named any more. */
  const handTo = (r: SearchResult, wrapper: boolean) => {
    [handsOn, named] = [wrapper, false];
    take(r);
  };
  // A member of a line or two that hands its call on to a function of its file does nothing of
  // its own: the one it calls shows the work, however far down the file's candidates it fused
  // (the MongoDB driver's `salted_password`, `@salted_password ||= hi(…)`, hands on to `hi`).
  const shortDelegate = inGroup(group, givesWay?.(chosen) === 'short' ? delegateOf?.(chosen) : undefined);
  if (shortDelegate && shortDelegate !== chosen) handTo(shortDelegate, true);
  // The function whose result the member chosen chooses by works out what it acts on (deciderOf).
  const decider =
    decidersOf &&
    deciderOf(group, chosen, chosenRelevance, decidersOf, (r) => relevance(r, coverageOf(r)), givesWay, delegateOf);
  if (decider) handTo(decider, false);
  // A sentence saying what a function does: the lists that found a member agree it is closer (memberListsRankHigher).
  const agreed =
    statement && chosen === best
      ? memberListsRankHigher(group, chosen, chosenCoverage, coverageOf, givesWay)
      : undefined;
  if (agreed) handTo(agreed, false);
  // The verb a sentence opens with, said by a name; the holder its "this <noun>" names (sentenceMember).
  const worded = sentenceMember(group, chosen, !(named || handsOn || agreed), sentence, sayings);
  if (worded) take(worded.member);
  const sayer = codeWordsOf && memberSayingMore(group, chosen, best, codeWordsOf, givesWay);
  if (sayer) {
    handsOn = false;
    take(sayer);
  }
  const holder = holderIn(group, chosen, holderOf);
  if (holder) take(holder);
  // The function defined inside the member chosen, closer to the question by meaning (nestedCloserIn).
  const inner = nestedOf && !holder ? nestedCloserIn(group, chosen, nestedOf, givesWay) : undefined;
  if (inner) handTo(inner, false);
  // One step of several one function of the file runs, the question singling none out (callerOfSteps);
  // a step chosen for what it is to its caller (named, a decider, a hand-on, its holder) stays.
  const byCall = named || handsOn || (holder ?? inner) !== undefined || [decider, argued].includes(chosen);
  // Else the method the question's class is named for, which runs that class's work (classVerbIn).
  const runner = byCall ? undefined : runnerOf(group, chosen, best, stepsOf, { ...sayings, codeWordsOf }, sentence);
  if (runner) take(runner.member);
  if (chosen === best || !(chosen.score > 0)) return best;
  const rule = memberRule({
    runs: runner?.rule,
    decided: decider !== undefined && chosen === decider,
    says: sayer !== undefined,
    nested: holder !== undefined,
    inner: inner !== undefined,
    verb: worded?.member === chosen && worded.rule === 'name-says-verb',
    heldByThis: worded?.member === chosen && worded.rule === 'this-names-holder',
    listsAgree: agreed !== undefined && chosen === agreed,
    named,
    handsOn,
    textTie: tieBreaker !== undefined && chosen === tieBreaker,
    gaveWay,
    closer: closeness(chosen) > closeness(best),
  });
  return standingFor(chosen, best, rule, {
    relevance: chosenRelevance,
    overRelevance: bestRelevance,
    nameCoverage: chosenCoverage,
  });
}

/**
 * The member a constructor put first that gives way (`ctorGivesWay`) hands its place to, when the
 * member choice kept it (`chosen`) or the argument rule applies: the function it hands its argument
 * to (argumentTakerIn), whatever other member is closer; else, when no member was as close, its
 * class's strongest method however far below it fused — its doc comment says what the class does,
 * and the method does it (vega's `Overlap`, whose `transform` hides the overlapping labels). One
 * that hands its argument on to a function of its file in a line or two shows that one (short
 * delegate, chooseMember).
 */
function constructorGivesTo(
  group: SearchResult[],
  chosen: SearchResult,
  ctorGivesWay: GivesWay | undefined,
  reads: {
    argumentTakerOf?: (r: SearchResult) => number | undefined;
    methodOfItsClass?: (r: SearchResult, ctor: SearchResult) => boolean;
    delegateOf?: (r: SearchResult) => number | undefined;
    givesWay?: (r: SearchResult) => GivesWay | undefined;
    relevance: (r: SearchResult, coverage: number) => number;
    coverageOf: (r: SearchResult) => number;
    closerWhateverBoost: boolean;
  },
): { argued?: SearchResult; member?: SearchResult } {
  const best = group[0];
  const argued = argumentTakerIn(group, best, reads.argumentTakerOf, ctorGivesWay, reads);
  if (argued) return { argued, member: argued };
  const { methodOfItsClass, delegateOf, givesWay, relevance, coverageOf } = reads;
  if (!ctorGivesWay || chosen !== best || !methodOfItsClass || delegateOf?.(best) !== undefined) return {};
  return { member: strongestMethodOf(group, best, methodOfItsClass, givesWay, (r) => relevance(r, coverageOf(r))) };
}

/**
 * The function of the file a constructor that gives way passes its own argument to
 * (argumentTakerOf), when it is a candidate of the file that gives no way itself: it takes the
 * constructor's place whatever other member is closer, if it is a strong one (strongMember). The
 * argument is what the caller builds the object from, and that function works it out — osmium's
 * `Pool(int num_threads, …)` hands `num_threads` to `get_pool_size`, which decides how many
 * threads the pool runs, where `worker_thread` fused closer.
 */
function argumentTakerIn(
  group: readonly SearchResult[],
  ctor: SearchResult,
  argumentTakerOf: ((r: SearchResult) => number | undefined) | undefined,
  ctorGivesWay: GivesWay | undefined,
  reads: { givesWay?: (r: SearchResult) => GivesWay | undefined; closerWhateverBoost: boolean },
): SearchResult | undefined {
  if (ctorGivesWay !== 'constructor') return undefined;
  const taker = inGroup(group, argumentTakerOf?.(ctor));
  if (!taker || taker === ctor || reads.givesWay?.(taker) !== undefined) return undefined;
  return strongMember(taker, ctor, reads.closerWhateverBoost) ? taker : undefined;
}

/** The candidate of the file with this chunk id, if it is one. */
function inGroup(group: readonly SearchResult[], id: number | undefined): SearchResult | undefined {
  return id === undefined ? undefined : group.find((r) => r.chunkId === id);
}

/**
 * The private twin of the member chosen (search/members.ts privateTwinLookup: `_inlineCallbacks`,
 * which `inlineCallbacks` reaches through `_cancellableInlineCallbacks`) when it is a candidate of
 * the file fusing as far down as a member saying more reaches (MEMBER_CODE_WORDS_MIN_SHARE of the
 * file's best) and does not give way itself: it does the work the public name's doc comment
 * describes, and no near tie of the text list takes its place again.
 */
function privateTwinIn(
  group: SearchResult[],
  chosen: SearchResult,
  best: SearchResult,
  twinOf: (r: SearchResult) => number | undefined,
  givesWay?: (r: SearchResult) => GivesWay | undefined,
): SearchResult | undefined {
  const twin = inGroup(group, twinOf(chosen));
  if (!twin || givesWay?.(twin) !== undefined) return undefined;
  return twin.score >= MEMBER_CODE_WORDS_MIN_SHARE * best.score ? twin : undefined;
}

/** The member chosen, recorded as standing for its file in place of its best chunk, with that chunk's score. */
function standingFor(
  chosen: SearchResult,
  best: SearchResult,
  rule: MemberRule,
  read: { relevance: number; overRelevance: number; nameCoverage: number },
): SearchResult {
  const factor = best.score / chosen.score;
  const { chunkId, symbol, startLine, endLine, score } = best;
  chosen.explanation.member = {
    rule,
    over: { chunkId, ...(symbol !== undefined ? { symbol } : {}), startLine, endLine, score },
    ...read,
    factor,
  };
  // The file keeps its place exactly: its score is the best chunk's, own score × factor.
  chosen.explanation.score = chosen.score = best.score;
  return chosen;
}

/**
 * The function of its file the member chosen calls whose name says more of the question
 * (`consume_value` → `self.value_from_envvar(ctx)` for "how does a parameter read its value from
 * an environment variable"; `apfs_read_object_block` → `apfs_obj_verify_csum` for "how is the
 * checksum of an on-disk object verified"): the question names the step it asks about, and the
 * caller only gets there on its way. The callee must fuse as a strong chunk of the file
 * (MEMBER_CALLEE_MIN_SHARE of the caller's relevance, its name factor counted); on a statement, a
 * list must rank it above its caller.
 */
function calleeNamed(
  group: SearchResult[],
  chosen: SearchResult,
  chosenCoverage: number,
  chosenRelevance: number,
  steps: {
    calleesOf?: (r: SearchResult) => number[];
    coverageOf: (r: SearchResult) => number;
    relevance: (r: SearchResult, coverage: number) => number;
    statement: boolean;
    givesWay?: (r: SearchResult) => GivesWay | undefined;
    delegateOf?: (r: SearchResult) => number | undefined;
  },
): { r: SearchResult; coverage: number; value: number } | undefined {
  const { calleesOf, coverageOf, relevance, statement, givesWay, delegateOf } = steps;
  let callee: { r: SearchResult; coverage: number; value: number } | undefined;
  for (const id of calleesOf?.(chosen) ?? []) {
    const r = group.find((g) => g.chunkId === id);
    if (!r || (statement && listsRankingAbove(r, chosen).above === 0) || onlyAStep(r, givesWay, delegateOf)) continue;
    const coverage = coverageOf(r);
    const value = relevance(r, coverage);
    if (
      coverage > (callee?.coverage ?? chosenCoverage) &&
      value >= MEMBER_CALLEE_MIN_SHARE * chosenRelevance &&
      value > (callee?.value ?? 0)
    )
      callee = { r, coverage, value };
  }
  return callee;
}

/**
 * The function of its file whose result the member chosen chooses by (FusionInput.decidersOf): it
 * switches on that one's result or compares it in order (`ft = guess_file_type_internal(f); switch
 * (ft)`, `match copy_regular_files(…)`), and that one branches itself. The question asks how it is
 * decided, which the callee works out and the driver only acts on (armadillo's `load_auto_detect`
 * for "how does armadillo guess whether a file is CSV … when loading with auto_detect"). It must fuse
 * at least MEMBER_DECIDER_MIN_SHARE of the chosen's relevance (the name factor counted), the most
 * relevant of several; a member that would give way itself (a setter, a short step) is no decider.
 */
function deciderOf(
  group: SearchResult[],
  chosen: SearchResult,
  chosenRelevance: number,
  decidersOf: (r: SearchResult) => number[],
  relevanceOf: (r: SearchResult) => number,
  givesWay?: (r: SearchResult) => GivesWay | undefined,
  delegateOf?: (r: SearchResult) => number | undefined,
): SearchResult | undefined {
  let decider: SearchResult | undefined;
  let most = MEMBER_DECIDER_MIN_SHARE * chosenRelevance;
  for (const id of decidersOf(chosen)) {
    const r = group.find((g) => g.chunkId === id);
    if (!r || r === chosen || onlyAStep(r, givesWay, delegateOf)) continue;
    const value = relevanceOf(r);
    if (value >= most) [decider, most] = [r, value];
  }
  return decider;
}

/**
 * The function of the file that runs the member chosen as one of its steps ('caller-runs-steps',
 * "how" questions): the only function or method of the file's candidates that calls it (stepsOf),
 * whose own lines say as many of the question's words as the member's (codeWordsOf), and which
 * calls another function of the file that fused as a strong member (MEMBER_CHOICE_MIN_SHARE of the
 * file's best) and whose name says as much of the question as the member's, a word at least (its
 * share and its count). The question spans the steps and names none of them over the others, so
 * the function running them holds the answer: symfony-validator's `loadClassMetadata` calls
 * `getTypeConstraint` and `handleAllConstraint` for "how are constraints guessed automatically from
 * the types of a class's properties"; mypy's `parse_config_file` calls `is_toml` and
 * `destructure_overrides` for "how are mypy's settings read from setup.cfg or pyproject.toml".
 * A member the question names over its fellow steps keeps its place (dbal's
 * `detectRenamedColumns`, which `compareTables` runs beside `detectRenamedIndexes`, for "how does
 * the schema comparator notice that a column was renamed"), and so does a helper several functions
 * of the file call (phpseclib's `realpath`): it is no step of one piece of work. Neither the member
 * nor the caller may give way (a short step, a setter, a constructor).
 */
function callerOfSteps(
  group: SearchResult[],
  chosen: SearchResult,
  best: SearchResult,
  stepsOf: ((r: SearchResult) => number[]) | undefined,
  sayings: {
    coverageOf: (r: SearchResult) => number;
    wordsSaidOf: (r: SearchResult) => number;
    codeWordsOf?: (r: SearchResult) => number;
    givesWay?: (r: SearchResult) => GivesWay | undefined;
  },
): SearchResult | undefined {
  const { coverageOf, wordsSaidOf, codeWordsOf, givesWay } = sayings;
  if (!stepsOf || !codeWordsOf) return undefined;
  const isFunction = (r: SearchResult) => r.definitionKind === 'function' || r.definitionKind === 'method';
  if (!isFunction(chosen) || givesWay?.(chosen) !== undefined) return undefined;
  const callers = group
    .filter((r) => r !== chosen && isFunction(r))
    .map((r) => ({ r, steps: stepsOf(r) }))
    .filter(({ steps }) => steps.includes(chosen.chunkId));
  if (callers.length !== 1) return undefined;
  const { r: caller, steps } = callers[0];
  if (givesWay?.(caller) !== undefined || codeWordsOf(caller) < codeWordsOf(chosen)) return undefined;
  const coverage = coverageOf(chosen);
  const said = Math.max(1, wordsSaidOf(chosen));
  const another = steps.some((id) => {
    const step = group.find((g) => g.chunkId === id);
    return (
      step !== undefined &&
      step !== chosen &&
      step !== caller &&
      step.score >= MEMBER_CHOICE_MIN_SHARE * best.score &&
      wordsSaidOf(step) >= said &&
      coverageOf(step) >= coverage
    );
  });
  return another ? caller : undefined;
}

/** The function running the member chosen as a step (callerOfSteps), else the method the question's class is named for (classVerbIn). */
function runnerOf(
  group: SearchResult[],
  chosen: SearchResult,
  best: SearchResult,
  stepsOf: ((r: SearchResult) => number[]) | undefined,
  sayings: Parameters<typeof callerOfSteps>[4],
  sentence: SentenceReads,
): { member: SearchResult; rule: 'caller-runs-steps' | 'class-verb-runs' } | undefined {
  const caller = callerOfSteps(group, chosen, best, stepsOf, sayings);
  if (caller) return { member: caller, rule: 'caller-runs-steps' };
  const method = classVerbIn(group, chosen, best, sentence.classVerbOf, sayings.givesWay);
  return method && { member: method, rule: 'class-verb-runs' };
}

/**
 * The method the question's class is named for (FusionInput.isClassVerb: `PorterStemmer.stem` for
 * "how does the Porter stemmer strip suffixes off a word"), when it fused SUB_RESULT_MIN_SHARE of
 * its file's best and gives no way itself: the question names the class by what it is, and the
 * method named for that runs its work. The lists rank the steps above it, whose lines say the
 * question's words (`_step1b`, `_replace_suffix` say "suffix"; `stem` only calls them), and the
 * class itself, first by text, leaves as a big container.
 */
function classVerbIn(
  group: SearchResult[],
  chosen: SearchResult,
  best: SearchResult,
  isClassVerb: ((r: SearchResult) => boolean) | undefined,
  givesWay: ((r: SearchResult) => GivesWay | undefined) | undefined,
): SearchResult | undefined {
  if (!isClassVerb || isClassVerb(chosen)) return undefined;
  return group.find(
    (r) => r.score >= SUB_RESULT_MIN_SHARE * best.score && isClassVerb(r) && givesWay?.(r) === undefined,
  );
}

/**
 * The function of the file holding the member chosen, when that one is defined inside it and the
 * holder is a candidate too ('nested-gives-way', whatever step chose the member): a function
 * defined inside another is a step of that one's work (networkx's default `heuristic`, first in
 * every list for "a star heuristic search", inside `astar_path`). The holder need only be a
 * candidate: its long body ranks below the few lines that say the question's words together.
 */
function holderIn(
  group: SearchResult[],
  chosen: SearchResult,
  holderOf?: (r: SearchResult) => number | undefined,
): SearchResult | undefined {
  const id = holderOf?.(chosen);
  return id === undefined ? undefined : group.find((r) => r.chunkId === id);
}

/**
 * On a question asking how, the one function defined inside the member chosen (search/members.ts
 * nestedLookup), when it is a candidate that does not give way and the semantic list ranks it above
 * the member ('nested-is-closer'). The holder's lines hold the nested function's, so the text and
 * structural lists credit the holder with every word the nested function says, and its long body
 * outranks the few lines that do what was asked; the meaning list, which reads what a chunk is
 * about rather than counting its words, is the one that can tell them apart. makepkg's
 * `parseopts` holds `longoptmatch`, which matches an abbreviated long option and reports it
 * ambiguous: "how does makepkg accept an abbreviated long option" showed `parseopts`, first by
 * text for the words `longoptmatch` says.
 */
function nestedCloserIn(
  group: SearchResult[],
  chosen: SearchResult,
  nestedOf: (r: SearchResult) => number | undefined,
  givesWay?: (r: SearchResult) => GivesWay | undefined,
): SearchResult | undefined {
  const inner = inGroup(group, nestedOf(chosen));
  if (!inner || givesWay?.(inner) !== undefined) return undefined;
  const meaningRank = (r: SearchResult) => r.explanation.modalities.semantic?.rank ?? Infinity;
  return meaningRank(inner) < meaningRank(chosen) ? inner : undefined;
}

/**
 * The function or method of the file whose own lines say the most of a "how" question's content
 * words, when that is MEMBER_CODE_WORDS_LEAD more than the chosen member's, among the chunks
 * fusing MEMBER_CODE_WORDS_MIN_SHARE of the file's best score (search/members.ts memberCodeWordsSaid); of two saying as many, the higher.
 * The count stands in for a long body the embedding read only the head of; the text list reads
 * the same words in the whole body, weighed by their rarity, so a member it ranks below the one
 * chosen or the file's best (one that does not give way) says less than its count: runc's
 * `msMoveRoot` says "mount", "proc", "container", "top" and "inside" in passing, and the text list
 * ranks `checkProcMount`, first in the semantic list too, above it for "which mounts on top of or
 * inside /proc a container is allowed to have".
 */
function memberSayingMore(
  group: SearchResult[],
  chosen: SearchResult,
  best: SearchResult,
  codeWordsOf: (r: SearchResult) => number,
  givesWay?: (r: SearchResult) => GivesWay | undefined,
): SearchResult | undefined {
  let most = codeWordsOf(chosen) + MEMBER_CODE_WORDS_LEAD - 1;
  let sayer: SearchResult | undefined;
  for (const r of group) {
    if (r.score < MEMBER_CODE_WORDS_MIN_SHARE * best.score) break;
    if (r === chosen || (r.definitionKind !== 'function' && r.definitionKind !== 'method')) continue;
    if (givesWay?.(r) !== undefined) continue;
    if ([chosen, best].some((m) => givesWay?.(m) === undefined && textRanksAbove(m, r))) continue;
    const words = codeWordsOf(r);
    if (words > most) [sayer, most] = [r, words];
  }
  return sayer;
}

/** Whether the text list found `a` and ranks it above `b` (or did not find `b`). */
function textRanksAbove(a: SearchResult, b: SearchResult): boolean {
  const rank = a.explanation.modalities.text?.rank;
  return rank !== undefined && rank < (b.explanation.modalities.text?.rank ?? Infinity);
}

/**
 * The member of the file with the best text rank among those tied with the one chosen — by one of
 * `measures` (closeness before the boost; relevance, the closeness × the name factor) at least
 * MEMBER_TEXT_TIE_SHARE of its — and fusing MEMBER_CHOICE_MIN_SHARE of the file's best score, when
 * the text list ranks it above the one chosen (a member the list did not return ranks below any it
 * did); a setter or constructor gives no tie.
 */
function memberTextRanksHigher(
  group: SearchResult[],
  chosen: SearchResult,
  best: SearchResult,
  measures: readonly ((r: SearchResult) => number)[],
  givesWay?: (r: SearchResult) => GivesWay | undefined,
): SearchResult | undefined {
  const tied = (r: SearchResult) => measures.some((m) => m(r) >= MEMBER_TEXT_TIE_SHARE * m(chosen));
  const textRank = (r: SearchResult) => r.explanation.modalities.text?.rank ?? Infinity;
  let rank = textRank(chosen);
  let higher: SearchResult | undefined;
  for (const r of group) {
    if (r.score < MEMBER_CHOICE_MIN_SHARE * best.score) break;
    if (r === chosen || r.definitionKind === undefined || !BOOSTED_KINDS.has(r.definitionKind)) continue;
    if (givesWay?.(r) !== undefined) continue;
    if (!tied(r) || textRank(r) >= rank) continue;
    [higher, rank] = [r, textRank(r)];
  }
  return higher;
}

/** How many lists found `a`, and how many of those rank it above `b` (or did not find `b`). */
function listsRankingAbove(a: SearchResult, b: SearchResult): { found: number; above: number } {
  let found = 0;
  let above = 0;
  for (const m of MODALITIES) {
    const rank = a.explanation.modalities[m]?.rank;
    if (rank === undefined) continue;
    found++;
    const other = b.explanation.modalities[m]?.rank;
    if (other === undefined || rank < other) above++;
  }
  return { found, above };
}

/**
 * The first member of the file (score order) fusing MEMBER_LISTS_RANK_HIGHER_MIN_SHARE of the
 * file's best that every list finding it — MEMBER_LISTS_RANK_HIGHER_MIN_LISTS or more — ranks
 * above `chosen`, and whose name the question says more of; a setter, constructor or short body
 * gives no such member. On a sentence saying what a function does, the lists that found a member
 * agree it is closer than the one chosen, which the boost or the semantic list alone kept ahead
 * (openafs' `afs_linux_page_writeback`, first by text and structure, for "Writeback a given page
 * syncronously", over `afs_linux_prepare_writeback`).
 */
function memberListsRankHigher(
  group: SearchResult[],
  chosen: SearchResult,
  chosenCoverage: number,
  coverageOf: (r: SearchResult) => number,
  givesWay?: (r: SearchResult) => GivesWay | undefined,
): SearchResult | undefined {
  const best = group[0];
  const everyListHigher = (r: SearchResult) => {
    const { found, above } = listsRankingAbove(r, chosen);
    return above === found && found >= MEMBER_LISTS_RANK_HIGHER_MIN_LISTS;
  };
  for (const r of group) {
    if (r === chosen || r.score < MEMBER_LISTS_RANK_HIGHER_MIN_SHARE * best.score) continue;
    if (r.definitionKind === undefined || !BOOSTED_KINDS.has(r.definitionKind)) continue;
    if (givesWay?.(r) !== undefined) continue;
    if (coverageOf(r) > chosenCoverage && everyListHigher(r)) return r;
  }
  return undefined;
}

/**
 * A sentence saying what a function does opens with the verb for what it does: the most relevant
 * member of the file fusing MEMBER_CHOICE_MIN_SHARE of its best whose name says that verb, when
 * `chosen`'s does not, and whose name says as much of the question as `chosen`'s (its share and
 * its count of words), takes the place of one named after what it acts on (`Log.flush` over
 * `Log.destinations` for "Flush any log destinations that support such operations."); a setter,
 * constructor or short body gives no such member.
 */
function memberSayingLeadVerb(
  group: SearchResult[],
  chosen: SearchResult,
  leadVerbOf: ((r: SearchResult) => boolean) | undefined,
  sayings: MemberSayings,
): SearchResult | undefined {
  if (!leadVerbOf || leadVerbOf(chosen)) return undefined;
  const { coverageOf, wordsSaidOf, relevance, givesWay } = sayings;
  const best = group[0];
  const chosenCoverage = coverageOf(chosen);
  const chosenSaid = wordsSaidOf(chosen);
  let found: SearchResult | undefined;
  let foundRelevance = -Infinity;
  for (const r of group) {
    if (r.score < MEMBER_CHOICE_MIN_SHARE * best.score) break;
    if (r === chosen || r.definitionKind === undefined || !BOOSTED_KINDS.has(r.definitionKind)) continue;
    if (givesWay?.(r) !== undefined || !leadVerbOf(r)) continue;
    const coverage = coverageOf(r);
    if (coverage < chosenCoverage || wordsSaidOf(r) < chosenSaid) continue;
    const value = relevance(r, coverage);
    if (value > foundRelevance) [found, foundRelevance] = [r, value];
  }
  return found;
}

/** How a member says the question, as the member choice reads it (chooseMember). */
interface MemberSayings {
  coverageOf: (r: SearchResult) => number;
  wordsSaidOf: (r: SearchResult) => number;
  relevance: (r: SearchResult, coverage: number) => number;
  givesWay?: (r: SearchResult) => GivesWay | undefined;
}

/** What a sentence describing code says beyond its words, read by the member choice (chooseMember). */
interface SentenceReads {
  /** Whether a member's name says the verb the sentence opens with (FusionInput.leadVerbOf). */
  leadVerbOf?: (r: SearchResult) => boolean;
  /** Whether a member's holder says the noun after the sentence's "this" (FusionInput.holderSaysThisOf). */
  holderSaysThis?: (r: SearchResult) => boolean;
  /** Whether a member is the method its class, named whole by the question, is named for (FusionInput.isClassVerb). */
  classVerbOf?: (r: SearchResult) => boolean;
}

/**
 * The member a sentence's own wording points to, after the steps before: the one whose name says
 * the verb it opens with (memberSayingLeadVerb; not when `verbStep` is false: a callee named, a
 * wrapper's hand-on or the lists' agreement moved the member), then the one held by what its
 * "this <noun>" names (memberHeldByThis), with the rule of the last that moved it.
 */
function sentenceMember(
  group: SearchResult[],
  chosen: SearchResult,
  verbStep: boolean,
  sentence: SentenceReads,
  sayings: MemberSayings,
): { member: SearchResult; rule: 'name-says-verb' | 'this-names-holder' } | undefined {
  const verb = verbStep ? memberSayingLeadVerb(group, chosen, sentence.leadVerbOf, sayings) : undefined;
  const held = memberHeldByThis(group, verb ?? chosen, sentence.holderSaysThis, { ...sayings, ...sentence });
  if (held) return { member: held, rule: 'this-names-holder' };
  return verb ? { member: verb, rule: 'name-says-verb' } : undefined;
}

/**
 * A sentence that says "this <noun>" describes a method of the class, module or type that noun
 * names: the most relevant member of the file fusing MEMBER_LISTS_RANK_HIGHER_MIN_SHARE of its
 * best (a strong chunk, as a sub-result is) whose holder says the noun, when `chosen`'s does not,
 * and whose name says as much of the question as `chosen`'s (its share and its count of words, and
 * the sentence's opening verb if `chosen`'s says it), takes the place of a namesake in another
 * holder (`Float#to_pson` over `String#to_pson`, one file's two, for "Returns a PSON string
 * representation for this Float number"); a setter, constructor or short body gives no such
 * member.
 */
function memberHeldByThis(
  group: SearchResult[],
  chosen: SearchResult,
  holderSaysThis: ((r: SearchResult) => boolean) | undefined,
  sayings: MemberSayings & { leadVerbOf?: (r: SearchResult) => boolean },
): SearchResult | undefined {
  if (!holderSaysThis || holderSaysThis(chosen)) return undefined;
  const { coverageOf, wordsSaidOf, relevance, givesWay, leadVerbOf } = sayings;
  const best = group[0];
  const chosenCoverage = coverageOf(chosen);
  const chosenSaid = wordsSaidOf(chosen);
  const verbSaid = leadVerbOf?.(chosen) === true;
  let found: SearchResult | undefined;
  let foundRelevance = -Infinity;
  for (const r of group) {
    if (r.score < MEMBER_LISTS_RANK_HIGHER_MIN_SHARE * best.score) break;
    if (r === chosen || r.definitionKind === undefined || !BOOSTED_KINDS.has(r.definitionKind)) continue;
    if (givesWay?.(r) !== undefined || !holderSaysThis(r)) continue;
    if (verbSaid && leadVerbOf?.(r) !== true) continue;
    const coverage = coverageOf(r);
    if (coverage < chosenCoverage || wordsSaidOf(r) < chosenSaid) continue;
    const value = relevance(r, coverage);
    if (value > foundRelevance) [found, foundRelevance] = [r, value];
  }
  return found;
}

/** Members that give their place to another strong member of their file (chooseMember). */
type GivesWay = 'setter' | 'constructor' | 'destructor' | 'short' | 'name-only' | 'outside';

/** Which step chose the member shown, the last to move it first (chooseMember). */
function memberRule(steps: {
  runs: 'caller-runs-steps' | 'class-verb-runs' | undefined;
  decided: boolean;
  says: boolean;
  nested: boolean;
  inner: boolean;
  verb: boolean;
  heldByThis: boolean;
  listsAgree: boolean;
  named: boolean;
  handsOn: boolean;
  textTie: boolean;
  gaveWay: GivesWay | undefined;
  closer: boolean;
}): MemberRule {
  const { runs, decided, says, nested, inner, verb, heldByThis, listsAgree, named, handsOn, textTie, gaveWay, closer } =
    steps;
  if (runs) return runs;
  if (nested) return 'nested-gives-way';
  if (inner) return 'nested-is-closer';
  if (says) return 'code-says-question';
  if (decided) return 'callee-decides';
  if (heldByThis) return 'this-names-holder';
  if (verb) return 'name-says-verb';
  if (listsAgree) return 'lists-rank-higher';
  if (named) return 'callee-named';
  if (handsOn) return 'wrapper-hands-on';
  if (textTie) return 'text-breaks-tie';
  if (gaveWay) return `${gaveWay}-gives-way`;
  return closer ? 'closer-before-boost' : 'name-says-question';
}

function subResultOf(r: SearchResult): SubResult {
  const { chunkId, startLine, endLine, symbol, definitionKind, score, explanation } = r;
  return {
    chunkId,
    startLine,
    endLine,
    ...(symbol !== undefined ? { symbol } : {}),
    ...(definitionKind !== undefined ? { definitionKind } : {}),
    score,
    explanation,
  };
}

/**
 * What one modality adds to a result's fused score: weight × 1 / (k + rank + 1), less the same at
 * the list's rank it counts from: the rank of the list it restates when that is the higher
 * (ranking.ts RESTATED_LISTS), else its floor when it has one (ranking.ts graphListFloor). fuse sums
 * these, and scoreFromExplanation sums them again from the explanation: one formula for both.
 */
function contributionOf(c: {
  weight: number;
  k: number;
  rank: number;
  floor?: { rank: number };
  above?: { rank: number };
}): number {
  const at = (rank: number) => c.weight * (1 / (c.k + rank + 1));
  const from = countedFromRank(c);
  return from === undefined ? at(c.rank) : at(c.rank) - at(from);
}

/** The rank a contribution is counted above (contributionOf): the restated list's, else the floor's; undefined from the list's end. */
export function countedFromRank(c: { floor?: { rank: number }; above?: { rank: number } }): number | undefined {
  return c.above?.rank ?? c.floor?.rank;
}

/** Recomputes a result's score from its explanation alone (what the UI and tests check). */
export function scoreFromExplanation(e: ResultExplanation): number {
  let sum = 0;
  for (const m of MODALITIES) {
    const c = e.modalities[m];
    if (c) sum += contributionOf(c);
  }
  return (
    sum *
    e.boost *
    (e.demotion?.factor ?? 1) *
    (e.sibling?.factor ?? 1) *
    (e.form?.factor ?? 1) *
    (e.member?.factor ?? 1) *
    (e.fileWords?.factor ?? 1) *
    (e.placeWords?.factor ?? 1)
  );
}
