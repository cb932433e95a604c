/**
 * The whole contract of the Fourfold engine: what goes in (files, queries), what comes
 * out (results with their explanation), and what streams while it works (progress).
 * Plain data only: everything here crosses the worker boundary by structured clone.
 */

export type Intent =
  'find_definition' | 'find_references' | 'understand_code' | 'find_similar' | 'impact_analysis' | 'exact_match';

export const INTENTS: readonly Intent[] = [
  'find_definition',
  'find_references',
  'understand_code',
  'find_similar',
  'impact_analysis',
  'exact_match',
];

export type Modality = 'semantic' | 'text' | 'structural' | 'graph';

/** Fixed order used for every table and every per-modality record. */
export const MODALITIES: readonly Modality[] = ['semantic', 'text', 'structural', 'graph'];

export type Preset = 'quick' | 'default' | 'thorough';

/** Every language Fourfold parses (structural/grammars.ts loads each one's grammar). */
export const LANGUAGES = [
  'javascript',
  'typescript',
  'tsx',
  'python',
  'go',
  'rust',
  'java',
  'c',
  'cpp',
  'csharp',
  'ruby',
  'php',
  'kotlin',
  'swift',
  'scala',
  'bash',
  'lua',
] as const;

export type Language = (typeof LANGUAGES)[number];

// ---------------------------------------------------------------------------------------
// Source files and what parsing learns from them

/** A file handed to the indexer. Paths are relative to the repository root, `/`-separated. */
export interface SourceFile {
  path: string;
  text: string;
}

export type DefinitionKind =
  | 'function'
  | 'method'
  | 'class'
  | 'interface'
  | 'type'
  | 'enum'
  | 'struct'
  | 'trait'
  | 'module'
  | 'namespace'
  | 'variable'
  | 'constant'
  | 'field'
  | 'macro';

/**
 * Every definition kind, in the order stored indexes number them (analysis tables, chunk
 * tables, the graph): append only, so an index written before a new kind still reads.
 */
export const DEFINITION_KINDS: readonly DefinitionKind[] = [
  'function',
  'method',
  'class',
  'interface',
  'type',
  'enum',
  'struct',
  'trait',
  'module',
  'namespace',
  'variable',
  'constant',
  'field',
  'macro',
];

/** The definition kinds whose body is code that runs when called: functions and methods. */
export const FUNCTION_KINDS: ReadonlySet<string> = new Set<DefinitionKind>(['function', 'method']);

/** A named definition. Lines are 1-based and inclusive. */
export interface Definition {
  name: string;
  kind: DefinitionKind;
  /** The declaration's first line(s) up to the body, whitespace-collapsed, ≤ 200 chars. */
  signature: string;
  /** Name of the enclosing class/impl/module/namespace, when there is one. */
  container?: string;
  startLine: number;
  endLine: number;
  /** Line of the name itself (what "where is X defined" should point at). */
  nameLine: number;
  /** Raw doc comment text directly above the definition, if any (≤ 500 chars). */
  doc?: string;
  /**
   * The doc comment's first line, when it is above the definition: it runs from there to the
   * line before startLine. Absent for a Python docstring (inside the definition) and without a doc.
   */
  docLine?: number;
  /**
   * The macro whose invocation made this definition (`enum_builder`, `DEFINE_MUTEX`): startLine..
   * endLine is the invocation, nameLine the line that spells the name. Absent for written ones.
   */
  macro?: string;
}

/** A use of a name: a call, a type reference, a `new X`, or any other identifier reference. */
export interface Reference {
  name: string;
  line: number;
  kind: 'call' | 'type' | 'new' | 'reference';
  /** Name of the innermost enclosing definition (caller), when there is one. */
  enclosing?: string;
  /** Reached through a receiver or a path (`res.send`, `self.run`, `Type::new`), not by the bare name. */
  qualified?: true;
  /**
   * Qualified references: the receiver or path before the name when it is plain names,
   * joined by '.' (`os.environ` for `os.environ.get(…)`, `self`, `Self`, `Default`); absent
   * when it is an expression (`f().get`, `a[0].get`).
   */
  receiver?: string;
}

/** An import/require/use/include statement, unresolved. */
export interface ImportRef {
  /** As written: './util', 'react', 'os.path', 'github.com/x/y', 'crate::a::b', 'java.util.List'. */
  specifier: string;
  line: number;
  /** Bound names brought in (`{a, b}` → ['a','b']); '*' for a namespace/glob import; 'default'. */
  names: string[];
  /**
   * 'path': a file's path as a string argument of some other call (`include "scripting/set.lua"`,
   * `AJAX.Require("[MathJax]/extensions/toMathML.js")`): an edge only when it names a file of the
   * repository, never an outside package.
   */
  kind: 'import' | 'require' | 'dynamic' | 'reexport' | 'use' | 'path';
  /** Go: a dot import (`import . "pkg"`), which alone brings another package's names into the file bare. */
  dot?: boolean;
  /**
   * Go: the name the import line gives the package (`import st "x/store"` → 'st'). Absent when
   * it gives none, and the package's own name is bound; a dot or blank import binds no name.
   */
  alias?: string;
}

/** What the structural parser learns from one file (the expensive, cacheable part). */
export interface FileAnalysis {
  path: string;
  language: Language | null;
  /** false when the file is not in a supported language or tree-sitter failed on it. */
  parsed: boolean;
  /** Why it was not parsed, when it was a supported language. */
  parseError?: string;
  lineCount: number;
  definitions: Definition[];
  references: Reference[];
  imports: ImportRef[];
}

// ---------------------------------------------------------------------------------------
// Chunks: the unit of retrieval shared by every modality

export interface Chunk {
  /** Dense id, 0..chunks.length-1 within one built index. */
  id: number;
  fileId: number;
  path: string;
  startLine: number;
  endLine: number;
  /** 'definition' chunks come from tree-sitter; 'window' chunks are line windows elsewhere. */
  kind: 'definition' | 'window';
  symbol?: string;
  definitionKind?: DefinitionKind;
  container?: string;
}

// ---------------------------------------------------------------------------------------
// Queries

/** What the classifier decided, and the rule that decided it. */
export interface Classification {
  intent: Intent;
  confidence: number;
  /** Stable id of the rule that fired, e.g. 'definition-keyword', 'fallback'. */
  rule: string;
}

/** The classified query, with the parts each retriever needs pulled out once. */
export interface QueryPlan extends Classification {
  raw: string;
  /** Identifiers named in the query (parseConfig, fetch_user, Foo.bar → ['bar','Foo']). */
  identifiers: string[];
  /**
   * The containers a qualified name selects, outermost first (`Thor::Options#parse` →
   * ['Thor','Options'], `mpsc::channel` → ['mpsc']): the query asks for the member
   * (identifiers[0]) inside them, not for the containers themselves.
   */
  qualifiers?: string[];
  /** Lower-cased content words, stop words and intent phrases removed. */
  terms: string[];
  /** The literal to match exactly (quoted string, error token), when the intent wants one. */
  literal?: string;
  /** The literal is pasted text found verbatim in the repository (rule verbatim-text). */
  pasted?: boolean;
  /** A `/regex/` of the query (query syntax): the text modality lists its matching lines. */
  regex?: string;
  /**
   * The lines the answer is at, as the query's matcher chose them (file and line of each): a
   * pasted message's format strings, or the lines declaring a command-line option (`option`).
   * The regex matches every line writing the same literal, and the matcher may have picked some
   * of them (libc's build.rs panics with "Failed to get rustc version" at three lines; the
   * paste's `build.rs:130:10` names one). Their chunks lead, and their lines are the results'
   * lines.
   */
  answerLines?: {
    path: string;
    line: number;
    /** A line reading an option's value in a condition (`if opts.MaxAge …`): where the option decides what runs. */
    decides?: boolean;
    /** A line storing a value into an option's bound name (`stats_interval = atoi(optarg)`): where it is parsed. */
    stores?: boolean;
  }[];
  /**
   * A command-line option asked for alone (rule command-line-option), as typed (`--max-age`): the
   * regex finds where the code names it, and answerLines holds the lines that declare it.
   */
  option?: string;
  /**
   * A question about what a command-line option does (`what does --max-age do`), the option as
   * typed: answerLines hold the lines reading the value its declaration binds it to.
   */
  optionRead?: string;
  /** `case:yes`: literal and regex matching respects case. */
  caseSensitive?: boolean;
  /** A definition kind named by the query (`class Foo` → 'class'). */
  definitionKind?: DefinitionKind;
  /**
   * A references question about calls ("who calls X", "callers of X", "what invokes X"), not
   * every use: the graph lists call sites of X's callable definitions and no import lines of
   * files it already lists.
   */
  asksCalls?: boolean;
  /**
   * A references or impact question that names the include itself ("what includes x.h", "which
   * files #include stat-common.c"): the graph lists the lines whose `#include` names the file,
   * not the files that only call its functions through another header.
   */
  asksIncluders?: boolean;
  /**
   * Names a references or impact question calls a package (`which files use the qlog package`,
   * `package wire`): a folder of the repository, whose files are the package (Go's), not the
   * file named as it (qlog/qlog.go).
   */
  packageNames?: string[];
  /**
   * A file's name or path typed alone (rule file-name: `console.py`, `router/index`,
   * `lib/router/index.js:40`): the structural list is the files it names, best match first, each
   * as its first chunk (or the chunk holding `line`).
   */
  fileNamed?: { path: string; line?: number };
  /** A code snippet pasted as the query (find_similar). */
  snippet?: string;
  /** A chunk to find neighbours of ("Find similar" on a result). */
  similarToChunk?: number;
  /**
   * "Similar to X" typed, X's name defined more than once and the question not saying which:
   * the other definitions taken as X (similarToChunk is the first), none of them an answer.
   */
  similarAlso?: number[];
  /**
   * "Similar to X" typed with a qualifier or a path that names X's container, file or directory
   * (`SymfonyStyle::warning`, `runtime.js:tick`): what it named, so X's siblings' names are compared
   * with X's as the question writes them (structural/siblings.ts, namedAffinity).
   */
  similarNamedBy?: { qualifier?: string; path?: string };
  /** Code tokens the learned lexical expansion adds to a plain-words question (src/engine/text/expansion.ts). */
  expansions?: ExpandedTerm[];
  /**
   * The code's own spellings of a short plain-words question's words found in the repository's
   * vocabulary (src/engine/text/spellings.ts: `dnlc` for "directory name lookup cache"), and a
   * phrase's reading on any plain-words question (`count` for "the number of"), set by the engine
   * from the text index: the text list searches them, the semantic list embeds them with the
   * question, the structural list reads a phrase's as a form of its word.
   */
  spellings?: ExpandedTerm[];
}

/**
 * A code token a question word stands for: learned from the model's (doc sentence, code) pairs
 * ("readable" → `access`), or one of the code's own spellings of the word that the text index
 * finds in its vocabulary (src/engine/text/spellings.ts: `blk` for "block", `resolve` for
 * "resolution", `edgelist` for "edge list", `dnlc` for "directory name lookup cache"). Searched
 * by the text index at `weight` (relative to the word's own match), and named in the
 * explanation ("matched `access` for 'readable'").
 */
/**
 * How a spelling of the code's stands for a question word (src/engine/text/spellings.ts); `phrase`:
 * what a phrase of the question means, written in the code's word (`count` for "the number of").
 */
export type SpellingCode = 'abbreviation' | 'word-form' | 'compound' | 'initialism' | 'phrase';

export interface ExpandedTerm {
  code: 'learned-expansion' | SpellingCode;
  word: string;
  token: string;
  weight: number;
}

/**
 * What the query syntax understood (src/engine/query-syntax.ts): the plain question, a
 * `/regex/`, `path:`/`-path:` globs, `lang:`/`-lang:` and `case:yes`. The app shows it as chips.
 */
export interface UnderstoodQuery {
  text: string;
  regex?: string;
  paths: string[];
  excludedPaths: string[];
  languages: string[];
  excludedLanguages: string[];
  caseSensitive: boolean;
  /** Why the query cannot be run as written (a bad pattern, `path:` with no value…). */
  error?: string;
  /** The same, as a code to decide on (set whenever `error` is). */
  errorCode?: QueryErrorCode;
}

/** Why a query cannot be run as written (src/engine/query-syntax.ts words each one). */
export type QueryErrorCode =
  'too-long' | 'filter-needs-value' | 'unknown-language' | 'bad-case-value' | 'unclosed-regex' | 'empty-regex';

export interface SearchOptions {
  preset?: Preset;
  /** Explicit modality set; overrides the preset's choice (weights stay the intent's). */
  modalities?: Modality[];
  limit?: number;
  /** Override the classifier (used by "Find similar" and by tests). */
  intent?: Intent;
  /** For "Find similar" on a result. */
  similarToChunk?: number;
  /** Experiment only ("How ranking works"): replace weights and k. Never the defaults. */
  experiment?: { weights?: Partial<Record<Modality, number>>; k?: number };
}

// ---------------------------------------------------------------------------------------
// Results and their explanation. The numbers here are the numbers used:
//   score = (Σ_m contribution_m) × boost × demotion.factor × sibling.factor × form.factor
//   contribution_m = weight_m × 1 / (k + rank_m + 1)

/** One modality's own ranked list entry (before fusion). */
export interface ModalityHit {
  chunkId: number;
  /** The modality's raw score (BM25, hamming similarity, match quality…), for display only. */
  score: number;
  /** One short sentence: why this modality returned it ("defines parseConfig (exact name)"). */
  reason: string;
  /** Graph hits of a references or impact answer: what ties the chunk to the subject. */
  evidence?: Evidence;
  /** Text hits: the learned expansions this chunk matched (the reason names them). */
  expanded?: ExpandedTerm[];
}

/**
 * What ties a result of a references or impact answer to what was asked about:
 * `resolved`, a line that calls, uses or imports it, tied by the graph;
 * `chain`, a line that imports or uses a file that depends on it (the path is in the reason), or
 * a barrel's re-export that passes it on to its importers (`export { x } from`);
 * `by-name`, a use with the same name that the graph could not resolve to it (shown apart,
 * ranked last, never a dependency).
 */
export type Evidence = 'resolved' | 'chain' | 'by-name';
export const EVIDENCE_ORDER: readonly Evidence[] = ['resolved', 'chain', 'by-name'];

export interface ModalityContribution {
  /** 0-based rank within that modality's list. */
  rank: number;
  /**
   * The list's floor, when it has one (ranking.ts graphListFloor): the mean rank of its first tie
   * of many names and their count. The entry counts by how far it stands above it: contribution =
   * weight × (1/(k + rank + 1) − 1/(k + floor.rank + 1)); the tie's names and those below count nothing.
   */
  floor?: { rank: number; tied: number };
  /**
   * The rank of the same chunk in the list this one restates (ranking.ts RESTATED_LISTS: the
   * graph's list for a question about behaviour reads names, as the structural list does), when
   * that is higher than the floor: the entry counts by how far it stands above it, contribution =
   * weight × (1/(k + rank + 1) − 1/(k + above.rank + 1)); an entry at or below it counts nothing.
   */
  above?: { modality: Modality; rank: number };
  weight: number;
  k: number;
  /** weight × 1 / (k + rank + 1) */
  contribution: number;
  rawScore: number;
  reason: string;
  /** The learned expansions this modality matched in the chunk (text only). */
  expanded?: ExpandedTerm[];
}

export interface Demotion {
  factor: number;
  /** The path rule that fired, e.g. 'node_modules/'. */
  rule: string;
}

/**
 * A question about behaviour: the file's chunk shown is the member that answers, chosen among
 * its strong chunks by relevance before the boost × the share of its name the question says
 * (src/engine/search/members.ts), not the one the boost put first.
 */
/**
 * Why a member stands for its file (docs/ranking.md#members): it fused closer to the question
 * than the chunk the boost put first ('closer-before-boost'), or only its name, which says more
 * of the question, put it ahead of a chunk that fused as close or closer ('name-says-question');
 * or the chunk chosen so only hands its call on to this one, a function of the same file whose
 * name extends its own (`Recover` → `RecoverWithConfig`), or, on a question asking how, that a
 * function running straight through ends by calling: the code that does the work answers
 * ('wrapper-hands-on'); or the chunk chosen so calls a function of its own file whose name says
 * more of the question (`consume_value` → `value_from_envvar`): the step the question names
 * ('callee-named'); or, on a question asking how, the chunk chosen so switches on or compares in
 * order the result of a function of its file that branches itself (`ft = guess_file_type_internal(f);
 * switch (ft)`): the function that works out what the caller chooses by ('callee-decides'); or, on a
 * question asking how, it is the one function of its file calling the chunk chosen, and another
 * strong member saying as much of the question: it runs the steps the question spans
 * ('caller-runs-steps'); or the
 * chunk the boost put first only stores its argument in a field of its
 * object (a setter or builder option, `self.config.retry = val`), whose doc comment describes the
 * behaviour it switches on: the code that reads the field answers ('setter-gives-way'); or that
 * chunk is a constructor, which only builds the object the other members work on (on a question
 * asking how, the function of its file it passes its own argument to, a strong member, takes its
 * place: that one works the argument out) ('constructor-gives-way'); or, on a question asking how,
 * that chunk is a destructor, which takes
 * the object apart, and another member of its file, its constructor included, takes its place
 * ('destructor-gives-way'); or the chunk is an include guard, a file's marker or its header of
 * imports, names and no code, and any other member of its file takes its place
 * ('name-only-gives-way'); or, on a question asking how, the chunk is a window of lines outside
 * its file's functions (its header, tables, variables), and any function of its file takes its
 * place ('outside-gives-way'); or, on a question that does not ask how, the chunk is a function
 * defined inside another of its file, whose place the function holding it takes
 * ('nested-gives-way'); or, on a question asking how, it is the one function defined inside the
 * chunk, which the semantic list ranks above it ('nested-is-closer'); or, on a
 * question that does not ask how, every list that found it (two or more) ranks it above the
 * member chosen and its name says more of the question ('lists-rank-higher'); or, on a sentence
 * describing what code does, its name says the verb the sentence opens with and as much of the
 * question as the member chosen, whose name does not ('name-says-verb': `Log.flush` over
 * `Log.destinations` for "Flush any log destinations …"); or, on such a sentence saying "this
 * <noun>", its holder (class, module, receiver type) says that noun, the chosen member's does not,
 * and its name says as much of the question ('this-names-holder': `Float#to_pson` over
 * `String#to_pson` for "… for this Float number"); or, on a question asking how that names a class
 * whole by its agent noun ("the Porter stemmer"), it is that class's method named by the noun's
 * verb (`PorterStemmer.stem`), which runs the class's work ('class-verb-runs').
 */
export type MemberRule =
  | 'closer-before-boost'
  | 'name-says-question'
  | 'wrapper-hands-on'
  | 'callee-named'
  | 'callee-decides'
  | 'caller-runs-steps'
  | 'setter-gives-way'
  | 'constructor-gives-way'
  | 'destructor-gives-way'
  | 'short-gives-way'
  | 'name-only-gives-way'
  | 'outside-gives-way'
  | 'nested-gives-way'
  | 'nested-is-closer'
  | 'code-says-question'
  | 'text-breaks-tie'
  | 'lists-rank-higher'
  | 'name-says-verb'
  | 'this-names-holder'
  | 'class-verb-runs';

export interface MemberChoice {
  rule: MemberRule;
  /** The file's top-scoring chunk, shown instead as a sub-result. */
  over: { chunkId: number; symbol?: string; startLine: number; endLine: number; score: number };
  /** This chunk's rrf × demotion × name factor, and the other chunk's. */
  relevance: number;
  overRelevance: number;
  /** The share of this chunk's name the question says, in [0, 1]. */
  nameCoverage: number;
  /** The other chunk's score ÷ this chunk's own: the result keeps its file's place. */
  factor: number;
}

/** "Similar to X": the result is a structural sibling of X (src/engine/structural/siblings.ts). */
export interface SiblingBoost {
  /** X's name. */
  of: string;
  /** kind × form × (0.6 × name + 0.2 × place + 0.2 × shape), in [0, 1] (ranking.ts, SIBLING_*). */
  similarity: number;
  /** 1 + SIBLING_GAIN × similarity: multiplies the score. */
  factor: number;
  /**
   * Set on a sibling in X's own file demoted to just below X in the classes sharing X's base
   * (fuse.ts belowSameBase): where the list's kin ends is not read from its lowered score.
   */
  belowSameBase?: true;
}

/**
 * "Similar to X": the result is a function of another name than X's whose call passes another
 * number of arguments (src/engine/structural/arity.ts): code of another form, less like X.
 */
export interface FormWeight {
  /** X's name. */
  of: string;
  /** The closest numbers of arguments a call of each may pass (structural/arity.ts closestArities): X's, then the result's. */
  arity: [number, number];
  /** arityAffinity of the two (< 1): multiplies the score. */
  factor: number;
}

/** How much of a question asking how a result's file says (ranking.ts FILE_WORDS_GAIN). */
export interface FileWords {
  /** Of the question's words, each weighed by its rarity among the files, the share the file says (0–1). */
  share: number;
  /** 1 + FILE_WORDS_GAIN × share: multiplies the score. */
  factor: number;
  /** The repository's own names the question said, left out of the words weighed (context, not subject). */
  repositoryNames?: string[];
}

/** What a result's path words were counted against: a search-box phrase, or the part a "how does the <part>" question names. */
export type PlaceWordsAsked = 'phrase' | 'part';

export interface PlaceWords extends FileWords {
  /** Whose words the share is of. */
  of: PlaceWordsAsked;
}

export interface ResultExplanation {
  modalities: Partial<Record<Modality, ModalityContribution>>;
  /** Sum of the contributions, before boost and demotion. */
  rrf: number;
  centrality: number;
  /** min(1 + 0.3 × ln(1 + centrality), 1.5); 1 on the direct path; 1.5 when firstInEveryList. */
  boost: number;
  /**
   * Set on a question about behaviour when every list fused put this chunk first: its boost is
   * the cap, so no other chunk's importance passes it (ranking.ts FIRST_IN_EVERY_LIST_BOOST).
   * Not set on a C or C++ type's declaration when the question asks how: it takes no boost there.
   */
  firstInEveryList?: true;
  /**
   * Set on a sentence describing what code does (the classifier's rule 'description') when this
   * result was moved above the one named here, which every list fused ranks below it (a rank past a
   * list's first page counting as none when two lists hold this one there): the boost or the member
   * rules had put that one first (fuse.ts withEveryListsOrder).
   */
  aboveByEveryList?: { chunkId: number; path: string; startLine: number };
  /**
   * Set on a question asking how when this result was moved above the one named here, a near tie
   * (FIRST_PLACE_TIE_SHARE): a list puts this one first and another ranks it near its top, fewer
   * lists put that one first, and this one's file says as much of the question (fuse.ts
   * withFirstPlacesBreakingTies).
   */
  aboveByFirstPlace?: { chunkId: number; path: string; startLine: number };
  /**
   * Set on a question about what code does when this result took the place of the copy named here:
   * the same definition, text for text, in a folder further from the repository's root (a port's
   * or a vendored copy; fuse.ts nearerCopiesFirst).
   */
  aboveItsCopy?: { chunkId: number; path: string; startLine: number };
  /**
   * Set on a question asking how when this body took the place of the chunk named here, which
   * stood for it in another file: a C/C++ prototype of this function, or a forwarder whose one call
   * hands its work to this one (fuse.ts withStandInsHandingOn).
   */
  inPlaceOf?: {
    chunkId: number;
    path: string;
    startLine: number;
    symbol?: string;
    /** This body's own score, when it took the stand-in's higher one with its place (`score` is then the stand-in's). */
    ownScore?: number;
  };
  demotion: Demotion | null;
  /** Set on "similar to X" when the result is one of X's siblings. */
  sibling?: SiblingBoost;
  /** Set on "similar to X" when the result is a function of another form than X's. */
  form?: FormWeight;
  /** Set when this chunk stands for its file instead of the file's top-scoring chunk (docs/ranking.md#members). */
  member?: MemberChoice;
  /**
   * Set on a question asking how: the share of the question's words, weighed by their rarity,
   * that the result's file says, and the factor it multiplies the score by (ranking.ts FILE_WORDS_GAIN).
   */
  fileWords?: FileWords;
  /**
   * Set on a phrase typed into a search box whose words the result's path says, or on a question
   * asking how "the <part>" does something whose part the path says: the share of those words,
   * weighed by their rarity among the paths, and the factor it multiplies the score by (ranking.ts
   * PLACE_WORDS_GAIN, SUBJECT_PLACE_GAIN).
   */
  placeWords?: PlaceWords;
  score: number;
  /**
   * Modalities this query needed that were still being indexed when it ran (the tab answers
   * while it indexes): they contributed nothing — and 'graph' here also means centrality 0,
   * boost 1. Absent once every index is built.
   */
  notReady?: Modality[];
}

export interface SearchResult {
  chunkId: number;
  path: string;
  startLine: number;
  endLine: number;
  symbol?: string;
  definitionKind?: DefinitionKind;
  score: number;
  explanation: ResultExplanation;
  /** Other chunks of the same file that fused lower and were folded into this result. */
  foldedChunks: number;
  /**
   * The line inside the range that answers: where a pasted message's format string is, or the
   * name of a definition that makes no chunk of its own (a constant, a field).
   */
  line?: number;
  /**
   * The strongest of those folded chunks (a score of at least SUB_RESULT_MIN_SHARE of this
   * result's, best first): the file's other definitions that answer, each openable on its own.
   * Absent when there are none.
   */
  subResults?: SubResult[];
  /** References and impact answers: what ties this result to the subject (see Evidence). */
  evidence?: Evidence;
}

/** A chunk of a result's file that also answers: its range, score and explanation. */
export type SubResult = Pick<
  SearchResult,
  'chunkId' | 'startLine' | 'endLine' | 'symbol' | 'definitionKind' | 'score' | 'explanation'
>;

/** Why a modality did not run for a query (the engine decides on these; skip.ts words them). */
export type SkipCode =
  | 'not-selected'
  | 'not-in-preset'
  | 'zero-weight'
  | 'still-indexing'
  | 'model-loading'
  | 'no-query-embedder'
  | 'no-semantic-index'
  | 'direct-path'
  | 'query-invalid'
  | 'failed'
  | 'not-run';

export interface ModalityRun {
  modality: Modality;
  weight: number;
  ran: boolean;
  /** Why it did not run, as a code: programs decide on this, never on `skipped`. */
  skip?: SkipCode;
  /** The same reason in words, derived from `skip` (skipMessage), for people. */
  skipped?: string;
  latencyMs: number;
  hits: number;
  /** The modality's own list, top N, for the teaching page. */
  list: ModalityHit[];
}

/** A name the query asks about that occurs nowhere in the repository, and the nearest names that do. */
export interface AbsentName {
  name: string;
  suggestions: string[];
}

/**
 * How a "similar to X" question's X was chosen among the definitions of its name
 * (src/engine/search/similar.ts): `single`, the name has one implementation; `qualified`, the
 * question's qualifier or path (`A.tick`, `file.ts:tick`) picked these among several;
 * `ambiguous`, several and the question does not say which: all of them are X.
 */
export type SubjectCode = 'single' | 'qualified' | 'ambiguous';

/** The definitions taken as X for a typed "similar to X", and why (SubjectCode). */
export interface SimilarSubjectChoice {
  code: SubjectCode;
  name: string;
  /** The definitions taken as X, the one whose code and neighbours the answer starts from first. */
  taken: {
    chunkId: number;
    path: string;
    startLine: number;
    kind?: DefinitionKind;
    container?: string;
    /** 'ambiguous': how much code it is (its lines, a class's with its members declared outside it); the largest comes first. */
    lines?: number;
  }[];
  /** How many definitions of the name have a chunk of their own, taken or not. */
  definitions: number;
}

export interface QueryExplanation extends Classification {
  query: string;
  strategy: 'direct' | 'fused';
  /** Why the strategy was chosen (e.g. "confidence 0.95 ≥ 0.85, dominant modality structural"). */
  strategyReason: string;
  /** Set when a direct route fused instead: why (its modality found nothing). */
  fallback?: string;
  /** What the query syntax understood: the question, the regex and the filters. */
  understood: UnderstoodQuery;
  /**
   * Set when the query could not be answered as written: a bad pattern, a filter with no value,
   * filters that match no file. Shown next to the search box; results are then empty.
   */
  error?: string;
  preset: Preset;
  k: number;
  weights: Record<Modality, number>;
  modalities: ModalityRun[];
  elapsedMs: number;
  notes: string[];
  /** Set when the name asked about is not in the repository: the results are loose matches. */
  absent?: AbsentName;
  /** "Similar to X" typed: the definitions taken as X (several when the name is ambiguous), and why. */
  similarTo?: SimilarSubjectChoice;
  /** Modalities this query needed that were still being indexed (see ResultExplanation.notReady). */
  notReady?: Modality[];
  /** Set when the answer searched only the files read so far (a folder still being read): never complete. */
  partialFiles?: FileCoverage;
  /** Set when the path:/lang: filters excluded every match the query has (or its exact string's every line). */
  filteredOut?: FilteredOut;
  /**
   * References and impact answers whose subject the graph resolved: how many results carry
   * evidence (all of them are listed up to the limit; nothing without evidence is added).
   */
  evidence?: EvidenceCount;
}

/** How much of a folder an answer searched while the rest was still being read. */
export interface FileCoverage {
  /** Files read and searched so far. */
  searched: number;
  /** Files the folder listed (some may yet be skipped as binary, oversized or ignored). */
  total: number;
}

/** What the filters excluded when they left no match: counted, so the message can say so. */
export interface FilteredOut {
  /** The filters as the user wrote them (`-path:src/x.ts lang:go`). */
  filters: string;
  /** `lines`: matching lines of an exact string or pattern; `files`: files the question's retrievers found. */
  unit: 'lines' | 'files';
  count: number;
  files: number;
  /** The count stopped at the scan's limit: there are at least this many. */
  atLeast: boolean;
}

/** Results with evidence, by kind; `total` counts them all, beyond the limit shown. */
export interface EvidenceCount {
  total: number;
  resolved: number;
  chain: number;
  byName: number;
}

export interface SearchResponse {
  query: QueryExplanation;
  results: SearchResult[];
}

// ---------------------------------------------------------------------------------------
// Navigation: every matching line of a result, call sites, definitions to jump to

/** `doc`: the doc comment of the definition an understand answer shows. */
export type MatchKind = 'definition' | 'doc' | 'call' | 'reference' | 'import' | 'occurrence';

export interface MatchLine {
  line: number;
  /** The line's text, cut to a few hundred characters. */
  text: string;
  /** [start, end) columns (0-based, UTF-16) of what matched, within `text`. */
  ranges: [number, number][];
  kind: MatchKind;
  /** The definition the line is in, when there is one. */
  enclosing?: string;
  /**
   * References only: true when the graph tied this use to the definition asked about, false
   * when it only has the same name (a call the graph could not resolve, or of another `send`).
   */
  resolved?: boolean;
}

export interface FileMatches {
  path: string;
  /** Matching lines in line order, capped (src/engine/matches.ts). */
  lines: MatchLine[];
  /** All matching lines of the file (≥ lines.length). */
  count: number;
}

export interface CallSite {
  path: string;
  line: number;
  text: string;
  ranges: [number, number][];
  /** The chunk the call is written in, and its definition's name. */
  chunkId: number;
  symbol?: string;
  /** The graph's confidence that this call reaches the definition; 0: same name only, not resolved. */
  confidence: number;
}

/** A definition that go-to-definition can jump to. */
export interface DefinitionTarget {
  path: string;
  /** The line of the name. */
  line: number;
  startLine: number;
  endLine: number;
  name: string;
  kind: DefinitionKind;
  container?: string;
  chunkId: number;
  /** The graph's confidence that the use resolves here; null: found by name only. */
  confidence: number | null;
}

// ---------------------------------------------------------------------------------------
// Indexing progress (streamed) and statistics

export type IndexStage = 'read' | 'parse' | 'text' | 'graph' | 'embed' | 'store';

export interface IndexProgress {
  stage: IndexStage;
  done: number;
  total: number;
  /** Items per second over the stage so far. */
  rate: number;
  etaMs: number | null;
  message?: string;
}

export interface SkipCounts {
  binary: number;
  oversized: number;
  ignored: number;
  unsupported: number;
  invalidUtf8: number;
}

export interface IndexStats {
  files: number;
  bytes: number;
  chunks: number;
  definitions: number;
  references: number;
  imports: number;
  resolvedImports: number;
  parseFailures: number;
  skipped: SkipCounts;
  /** Build time per modality (and 'parse'), milliseconds. */
  buildMs: Record<string, number>;
  /** Serialized size per modality, bytes. */
  sizeBytes: Record<string, number>;
  embedder: string | null;
  reusedFiles: number;
  /** Files per language and the modalities they got, most files first (absent in indexes built before it). */
  languages?: LanguageCount[];
}

/** One language of a repository in the index summary (src/engine/languages.ts). */
export interface LanguageCount {
  /** A grammar's language, or the name `lang:` knows for a text-only one (markdown, json…), or 'other'. */
  language: string;
  files: number;
  /** Files tree-sitter parsed (0 for a language without a grammar). */
  parsed: number;
  /** What its files are searched by: structural and graph only with a grammar; semantic when there is a model. */
  modalities: Modality[];
}
