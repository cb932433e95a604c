/**
 * Every ranking number of Fourfold, in one place. Each constant carries the sentence of the
 * design (docs/design.md#ranking-contract) that justifies it. Tests pin them.
 */
import type {
  DefinitionKind,
  ExpandedTerm,
  Intent,
  Language,
  Modality,
  Preset,
  QueryPlan,
  SpellingCode,
} from './contract';

/** Weight profiles per intent, in the order semantic, text, structural, graph (docs/design.md#weights). */
export const WEIGHTS: Readonly<Record<Intent, Readonly<Record<Modality, number>>>> = {
  // "where is parseConfig defined" leans hard on the AST (0.6).
  find_definition: { semantic: 0.2, text: 0.1, structural: 0.6, graph: 0.1 },
  // callers and usages are edges of the dependency graph (0.5).
  find_references: { semantic: 0.1, text: 0.2, structural: 0.2, graph: 0.5 },
  // "how does authentication work" leans on semantic vectors (0.5).
  understand_code: { semantic: 0.5, text: 0.2, structural: 0.2, graph: 0.1 },
  // Structure leads (the design had semantic 0.4, text 0.3, structural 0.2): X's own words lifted
  // its file's neighbours over its siblings, which the structural list (siblings.ts) already
  // orders right. Measured: docs/eval/FUSION.md.
  find_similar: { semantic: 0.3, text: 0.25, structural: 0.35, graph: 0.1 },
  // "what depends on this" is almost all graph (0.7).
  impact_analysis: { semantic: 0.1, text: 0.1, structural: 0.1, graph: 0.7 },
  // "find ECONNREFUSED" is almost all trigram (0.9); the embedding model is off entirely.
  exact_match: { semantic: 0.0, text: 0.9, structural: 0.1, graph: 0.0 },
};

/**
 * The graph's list for a question about behaviour ranks definitions by how many of the
 * question's words their names share, then by centrality. When GRAPH_FLOOD_TIES names or more
 * tie at its best count (common words shared by many names, the rule in a repository of
 * hundreds of files), its order among them is centrality alone — the boost's signal counted a
 * second time — and it says nothing about which definition is meant: such a list is fused with
 * weight 0 (graphWeightFor), and its importance still reaches every result through the boost.
 * A few names sharing the question's words are kept: there the name is often the answer. 3
 * was the count that kept thorough level with default on doc-sentence and keyword questions
 * alike (docs/eval/FUSION.md). Kept too when no name says every word: in a small package such a
 * name is often the function asked about (thorough's lead over default on `npm run eval`), while
 * in a repository of hundreds of files it moves a file a rank either way. Gated there, thorough
 * equalled default on the real-size set and lost that lead; gated by the list's length, by 2
 * ties, or fused at a lower weight, it gained nothing on the real-size set.
 */
export const GRAPH_FLOOD_TIES = 3;

/**
 * The same list when its words are common: its score is the share of the question's content words
 * a name says. When the list is full — MODALITY_LIST_DEPTH names or more share one of the words, so
 * they are common among this repository's names — a best name that says less than
 * GRAPH_PARTIAL_MIN_SHARE of them is what chance gives among so many ("a unified diff of the
 * old and new strings" and `DiffStrings` in x/tools, where every `New…` shares a word too),
 * and the list is fused with weight 0 as a flood is. In a small package few names share any word
 * and the list is short: there a name saying one or two of a doc sentence's words is often the
 * function asked about, and it is kept. Half is the share at which the best name says as much of
 * the question as it leaves out. On the real-size understand set it kept thorough's gain over
 * default and removed its losses, and npm run eval's thorough kept its lead (docs/eval/FUSION.md).
 */
export const GRAPH_PARTIAL_MIN_SHARE = 0.5;

/**
 * Past its best names the same list is a run of ties: every name sharing one word of the question
 * scores the same, and the list orders them by centrality alone. Fused at their positions, the
 * tie's first places got nearly the weight of the list's best (with k = 40, rank 1 gives 41/42 of
 * rank 0) and the boost multiplied it again, so a hub sharing one word ("session": `SessionCache`)
 * passed the name saying half the question (`generateToken` for "generate csrf token for
 * session", phpMyAdmin) — the graph's centrality counted twice. Fused at the tie's mean rank
 * (twentieth session) its names still took a share every name outside the list went without: in a
 * repository of hundreds of files a tie of 30–99 names sharing "minimum", "target" or "task" lifted
 * a test or a sibling of the answer past it (networkx's `test_minimum_tree` past heaps.py for
 * "Query the minimum key-value pair.", cargo's `arg_target_dir` past cargo_clean.rs, redux-toolkit's
 * `runTask` over `validateActive` in task.ts), thorough below default. So a tie of
 * GRAPH_SHARED_RANK_MIN_TIES names or more is the list's floor (graphListFloor): a name above it
 * counts by how far it stands above the tie's mean rank, the tie and every name below it not at
 * all — one of many names sharing a common word is no more evidence than a name outside the list.
 * Between names of the list the order is the one the mean rank gave (so `generateToken` keeps its
 * place); a smaller tie keeps its order: among a handful of names in a small package the central
 * one is often meant (redux's `PROBE_UNKNOWN_ACTION` over `isAction`, 15 names tied, npm run eval's
 * thorough lead). 20 — a page of results (DEFAULT_RESULT_LIMIT) — is the middle of the counts
 * 16–30 that kept both (docs/eval/FUSION.md).
 */
export const GRAPH_SHARED_RANK_MIN_TIES = 20;

/**
 * The floor of a list (GRAPH_SHARED_RANK_MIN_TIES): its first tie of that many entries or more,
 * with the tie's first position, its mean rank (0-based, so a tie over ranks 1–42 sits at 21.5)
 * and its size; null when no tie is that large (every entry counts at its position).
 */
export function graphListFloor(scores: readonly number[]): { first: number; rank: number; tied: number } | null {
  for (let first = 0; first < scores.length;) {
    let last = first;
    while (last + 1 < scores.length && scores[last + 1] === scores[first]) last++;
    const tied = last - first + 1;
    if (tied >= GRAPH_SHARED_RANK_MIN_TIES) return { first, rank: (first + last) / 2, tied };
    first = last + 1;
  }
  return null;
}

/**
 * What a list restates: the graph's list for a question about behaviour ranks definitions by the
 * question's words their names say, which the structural list reads too (a BM25 over the
 * definitions' names and signatures). Where the structural list ranks a name as high or higher,
 * the default preset, which runs no graph list for such a question, has already counted that
 * reading, and thorough counting it again was the same evidence twice: a share of a few
 * thousandths that passed a near neighbour either way (phpMyAdmin's `hasAccessToDatabase`, first
 * in the structural list and the graph's, over the answer's file, for "Constructor to access to
 * wmi database."). So the graph's list counts only by how far it ranks a chunk above the
 * structural list's rank for it, as it counts above its floor (graphListFloor) — weight ×
 * (1/(k + rank + 1) − 1/(k + structural rank + 1)), nothing at or below — and it has no vote on
 * the cap of a result first in every list (FIRST_IN_EVERY_LIST_BOOST), which the structural list
 * casts. What thorough adds to default on such a question is then only what the structural list
 * did not say: a name it missed or ranked lower (`symbolizehash`, which the structural list does
 * not hold, for "symbolize hash keys"; redux's `PROBE_UNKNOWN_ACTION`, 7th in the graph's list and
 * 20th in the structural one). Measured: docs/bench/HISTORY.md (forty-first session, h41-thor).
 */
export const RESTATED_LISTS: Readonly<Partial<Record<Modality, Modality>>> = { graph: 'structural' };

/** Why the graph's understand list says nothing about which definition is meant: a flood of ties, or common words and a partial best name. */
export type GraphGate = 'ties' | 'common-words';

/** The gate that sets the graph's weight to 0 for this question's list (understand_code only), or null. */
export function graphGate(intent: Intent, graphScores: readonly number[]): GraphGate | null {
  if (intent !== 'understand_code' || graphScores.length === 0) return null;
  let tied = 0;
  for (const s of graphScores) if (s === graphScores[0]) tied++;
  if (tied >= GRAPH_FLOOD_TIES) return 'ties';
  if (graphScores.length >= MODALITY_LIST_DEPTH && graphScores[0] < GRAPH_PARTIAL_MIN_SHARE) return 'common-words';
  return null;
}

/** The graph's weight for this question once its list is known: 0 when a gate says it is noise (graphGate). */
export function graphWeightFor(intent: Intent, weight: number, graphScores: readonly number[]): number {
  return graphGate(intent, graphScores) === null ? weight : 0;
}

/**
 * The local model learned from (doc comment, code) pairs in a few languages. On code in a
 * language it has not learned its vectors say less than the text index does: on the real-size
 * understand set's Ruby, PHP and C projects semantic alone is below text alone, and fusing it at
 * its full weight put the fused answer below text alone too, while on Python, Go and Rust
 * semantic leads text. So on a question in plain words (asksInPlainWords: a paste that falls
 * back to understand_code names its exception or file, and there the semantic list kept a PHP
 * exception's thrower first) whose semantic list holds mostly such code among its first
 * SEMANTIC_LANGUAGE_SAMPLE results, that list is fused at UNSEEN_LANGUAGE_SEMANTIC_FACTOR of its
 * weight: half, because a fifth gained less on keyword questions and no more on doc sentences
 * (the figures: docs/eval/FUSION.md). What the model has learned is read from the table shipped
 * with it (its expansion.json, which names the model: learnedLanguage), so a trial model is gated
 * as shipping it would gate it, and a hosted model (Voyage), which has no such table, keeps its
 * weight.
 */
export const UNSEEN_LANGUAGE_SEMANTIC_FACTOR = 0.5;

/**
 * A language is learned when the model trained on SEEN_LANGUAGE_MIN_PAIRS pairs of it or more
 * (the shipped model's TypeScript pairs, its fewest, are in; a few stray C pairs are not) and
 * shows it on held-out pairs of it that it never trained on: measured on MEASURED_LANGUAGE_MIN_PAIRS
 * or more (an MRR@10 over fewer moves by more than the languages differ: 20 C pairs in the split),
 * its MRR@10 at least BM25's on the same lists. Both, because neither alone says it: read alone,
 * the held-out figures say the shipped model reads Ruby and PHP doc sentences as well as its own
 * languages (1.45 and 1.54 times BM25, Python 1.39, Go 1.64), and lifting the gate there lowered
 * the understand set's Ruby/PHP/C keyword questions 0.559 → 0.484 (function MRR@10, tuning
 * half); counted alone, a model with 3,589 C pairs would lift it on C, whose split cannot show the
 * model reads it (docs/eval/FUSION.md).
 */
export const SEEN_LANGUAGE_MIN_PAIRS = 1000;
export const MEASURED_LANGUAGE_MIN_PAIRS = 100;
export const SEMANTIC_LANGUAGE_SAMPLE = 10;

/**
 * On a phrase typed into a search box ("grow linear hash table", "symbolize hash keys":
 * asksAsPhrase) the text list weighs more and the structural list less: text × 2.5 (0.2 → 0.5),
 * structural × 0.5 (0.2 → 0.1) — when the phrase is short (at most EXPANSION_MAX_WORDS content
 * words, where the text list also searches the code's spellings and the learned expansion), or
 * when the language gate reads its semantic list as code the model has not learned (phraseGate).
 * The text list is the one that knows the code's words — `lhash`, `dnlc`, `Blk`, the expansion's
 * tokens — while the structural list matches the definitions' names and signatures alone. On the
 * real-size understand set's Ruby, PHP and C keyword questions text alone (0.58) was far above the
 * fused answer (0.45) and structural alone (0.31): with semantic halved, structural weighed as much
 * as text, and its name matches came first. Text 0.5 with structural 0.2 gained half as much;
 * structural 0.1 with text 0.2 nothing; the two together lifted those questions 0.45 → 0.56 and the
 * Python, Go and Rust short keyword questions 0.50 → 0.52 (function MRR@10, tuning half), the doc
 * sentences where they were. A sentence (the description rule) or a question form is not a phrase:
 * moved, the short doc sentences lost ranks; nor is a longer phrase about code the model learned
 * (the original projects' doc sentences lost 0.006) (docs/eval/FUSION.md).
 */
export const PHRASE_FACTORS: Readonly<Partial<Record<Modality, number>>> = {
  text: 2.5,
  structural: 0.5,
  // thorough's graph list is names alone too (GRAPH_FLOOD_TIES): halved like structural, a hub
  // sharing one word of the phrase no longer passes the name the text list spelled
  // (`pageselector` for "pagination page selector", thorough 4 against default's 3).
  graph: 0.5,
};

/** Why a phrase's text and structural lists are reweighted: it is short, or about code the model has not learned. */
export type PhraseGate = 'short' | 'unseen-language';

/** PHRASE_FACTORS' gate for this question: `unseen` is the language gate's reading of the semantic list. */
export function phraseGate(plan: WordedPlan & Pick<QueryPlan, 'rule' | 'terms'>, unseen: boolean): PhraseGate | null {
  if (!asksAsPhrase(plan)) return null;
  if (plan.terms.length <= EXPANSION_MAX_WORDS) return 'short';
  return unseen ? 'unseen-language' : null;
}

/** Languages the grammar names apart but the model's pairs count as one. */
const PAIR_LANGUAGE: Readonly<Record<string, string>> = { tsx: 'typescript' };

/**
 * Languages measured with another: TypeScript with JavaScript (scripts/model-measured.ts), whose
 * syntax and words it shares; the held-out split holds a few dozen TypeScript pairs.
 */
const MEASURED_AS: Readonly<Record<string, string>> = { tsx: 'javascript', typescript: 'javascript' };

/** One language's held-out figures: MRR@10 of the model (semantic) and of BM25 on the same lists, doc sentence and keyword view. */
export interface MeasuredLanguage {
  pairs: number;
  semantic: number;
  bm25: number;
  keywordPairs: number;
  keywordSemantic: number;
  keywordBm25: number;
}

/** What the language gate reads of a model: its id, its training pairs and its held-out figures per language. */
export interface LanguageReadings {
  model: string;
  pairs: ReadonlyMap<string, number>;
  measured: ReadonlyMap<string, MeasuredLanguage>;
}

/** Whether the model has learned a language (the rule and its reasons: SEEN_LANGUAGE_MIN_PAIRS). */
export function learnedLanguage(readings: LanguageReadings, language: string): boolean {
  if ((readings.pairs.get(PAIR_LANGUAGE[language] ?? language) ?? 0) < SEEN_LANGUAGE_MIN_PAIRS) return false;
  const m = readings.measured.get(MEASURED_AS[language] ?? language);
  return m !== undefined && m.pairs >= MEASURED_LANGUAGE_MIN_PAIRS && m.semantic >= m.bm25;
}

/** What of a plan tells a question in plain words. */
export type WordedPlan = Pick<QueryPlan, 'intent' | 'literal' | 'regex' | 'snippet' | 'identifiers' | 'similarToChunk'>;

/**
 * A question about behaviour in plain words: understand_code with no name, literal, pattern,
 * snippet or subject of "similar to" — what the learned expansion and the semantic language gate
 * were measured on. A paste that fell back to understand_code names its exception or file.
 */
export function asksInPlainWords(plan: WordedPlan): boolean {
  if (plan.intent !== 'understand_code') return false;
  if (plan.literal !== undefined || plan.regex !== undefined || plan.snippet !== undefined) return false;
  return plan.identifiers.length === 0 && plan.similarToChunk === undefined;
}

/**
 * A question in plain words that is a phrase, as typed into a search box: no rule of the classifier
 * found a sentence, a question form or a cue in it (the rule 'fallback'), so it is a few words
 * that name what the code does ("read bytes from rx call"), the kind the text list's spellings and
 * expansion are for.
 */
export function asksAsPhrase(plan: WordedPlan & Pick<QueryPlan, 'rule'>): boolean {
  return asksInPlainWords(plan) && plan.rule === 'fallback';
}

/**
 * How many of the semantic list's first results are in languages the model has not learned (learnedLanguage),
 * and which those are, when they are more than half of the results in a known language (files
 * without a grammar count neither way) — the list is then fused at UNSEEN_LANGUAGE_SEMANTIC_FACTOR
 * of its weight; null otherwise, and always for a question not in plain words (asksInPlainWords).
 */
export function unseenLanguageGate(
  plan: WordedPlan,
  topLanguages: readonly (string | null)[],
  readings: LanguageReadings | null,
): { unseen: number; known: number; languages: string[] } | null {
  if (!readings || !asksInPlainWords(plan)) return null;
  let unseen = 0;
  let known = 0;
  const languages = new Set<string>();
  for (const language of topLanguages.slice(0, SEMANTIC_LANGUAGE_SAMPLE)) {
    if (language === null) continue;
    known++;
    if (learnedLanguage(readings, language)) continue;
    unseen++;
    languages.add(language);
  }
  return unseen * 2 > known ? { unseen, known, languages: [...languages].sort() } : null;
}

/**
 * RRF smoothing constant per preset (quick runs purely semantic, so fusion never engages
 * there). 40 favours top positions slightly more than the original RRF paper's 60. thorough uses
 * 40 too: with 60 its extra modality (graph) weighed relatively more against the top ranks and
 * put thorough below default on "understand" questions (the measurement: docs/quality.md).
 */
export const RRF_K: Readonly<Record<Preset, number>> = { quick: 40, default: 40, thorough: 40 };

/**
 * The three modalities the `default` preset runs, per intent: the three with the largest
 * weights for that intent. The one left out carries at most 0.1 of the weight. Ties are
 * broken by leaving out graph first (its signal still reaches every result through the
 * importance boost), then semantic (the only modality that costs a query embedding).
 * exact_match runs only text and structural: semantic and graph weigh 0 there.
 */
export const DEFAULT_PRESET_MODALITIES: Readonly<Record<Intent, readonly Modality[]>> = {
  find_definition: ['semantic', 'text', 'structural'],
  find_references: ['text', 'structural', 'graph'],
  understand_code: ['semantic', 'text', 'structural'],
  find_similar: ['semantic', 'text', 'structural'],
  impact_analysis: ['text', 'structural', 'graph'],
  exact_match: ['text', 'structural'],
};

/** `quick`: semantic only, no fusion. */
export const QUICK_PRESET_MODALITIES: readonly Modality[] = ['semantic'];

/**
 * "When the classifier is confident — score ≥ 0.85 — and the query is ordinary, skip fusion
 * and route directly to the single dominant modality."
 */
export const DIRECT_PATH_MIN_CONFIDENCE = 0.85;
/** An "ordinary" query is short: longer ones are more likely to mix several asks. */
export const DIRECT_PATH_MAX_WORDS = 12;

/**
 * Graph importance boost: "boost = min(1 + 0.3 × ln(1 + centrality), 1.5)" — "capped at
 * 1.5× so a popular function does not bury a more relevant but obscure result."
 */
export const BOOST_SLOPE = 0.3;
export const BOOST_CAP = 1.5;

/**
 * Centrality scale: PageRank × N (number of graph nodes), so the average node has
 * centrality 1 (boost ≈ 1.21), a leaf that nothing points at has ≈ 0.15 (boost ≈ 1.04),
 * and a hub with 5× the average share or more reaches the 1.5 cap. Raw PageRank
 * probabilities (~1/N) would make every boost ≈ 1.0.
 */
/**
 * What the boost rewards: "a hub — a function the whole codebase leans on". For a question
 * about behaviour (understand_code, find_similar) the boost's centrality is the PageRank share
 * of a chunk's definition when that definition is code that runs — a function, method, class
 * or macro — and 0 otherwise. A type declaration (interface, type alias, struct, enum …) is
 * referenced from every signature that names it, so PageRank ranks it among the biggest hubs,
 * yet it holds no behaviour such a question is answered by; a window chunk (imports, top-level
 * statements) holds no definition at all. Measured on the 46 "understand" questions of `npm run
 * eval`: with every chunk boosted, type declarations took the first place from the function
 * that was asked about (docs/eval/REPORT.md). A question that names a symbol (definition,
 * references, impact, exact) keeps every definition's centrality: there the type asked for is
 * the answer, and what relies on it counts. On a question asking how, a C or C++ short body that
 * hands its call on to nothing counts 0 too (search/members.ts shortStepLookup): a step, not the work.
 *
 * A C/C++ macro counts only for "similar to X" (a macro's kin are macros). On a question about
 * what code does it counts 0: the preprocessor pastes it at each use, and every use is an edge of
 * the graph, so a header's constants and one-line wrappers are among PageRank's biggest hubs
 * (openafs' `osi_free`, `RX_MAX_SERVICES`, jemalloc's `UNUSED`), while the behaviour asked about
 * is in a function's body. Boosted, openafs' macros and their include/ copies held the first
 * places of doc sentences about functions ("Try and retrieve capabilities of a given file
 * server": `multi_RXSTATS_RetrieveProcessRPCStats` over `afs_GetCapabilities`).
 */
export const BOOSTED_KINDS: ReadonlySet<DefinitionKind> = new Set<DefinitionKind>([
  'function',
  'method',
  'class',
  'macro',
]);
export const BEHAVIOUR_INTENTS: ReadonlySet<Intent> = new Set<Intent>(['understand_code', 'find_similar']);

/** The centrality the boost uses for a chunk (PageRank share × N of its definition, see BOOSTED_KINDS). */
export function boostCentrality(intent: Intent, kind: DefinitionKind | undefined, pageRankScaled: number): number {
  if (!BEHAVIOUR_INTENTS.has(intent)) return pageRankScaled;
  if (intent === 'understand_code' && kind === 'macro') return 0;
  return kind !== undefined && BOOSTED_KINDS.has(kind) ? pageRankScaled : 0;
}

export const PAGERANK_DAMPING = 0.85;
export const PAGERANK_ITERATIONS = 50;
export const PAGERANK_TOLERANCE = 1e-9;

/**
 * "Demote results from vendor, build and archive paths." Multiplies the final score. 0.8 is, at
 * k = 40, the score of the same ranks ten places lower in every list (41 / 51 ≈ 0.8): a vendored
 * or built copy falls below the project's own code that matches about as well, and a file that
 * every modality puts first still shows near the top. 0.5 (until Nov 2026) buried such a file
 * at rank 10 or below: in `npm run eval`, two of trpc-server's "understand" answers live in its
 * src/vendor/unpromise/, and all three modalities ranked that file first.
 */
export const DEMOTION_FACTOR = 0.8;
export const DEMOTED_PATH_RULES: readonly { rule: string; test: RegExp }[] = [
  { rule: 'node_modules/', test: /(^|\/)node_modules\// },
  { rule: 'vendor/', test: /(^|\/)vendor\// },
  { rule: 'third_party/', test: /(^|\/)third[_-]party\// },
  { rule: 'dist/', test: /(^|\/)dist\// },
  { rule: 'build/', test: /(^|\/)build\// },
  { rule: 'out/', test: /(^|\/)out\// },
  { rule: 'target/', test: /(^|\/)target\// },
  { rule: 'archive/', test: /(^|\/)archived?\// },
  { rule: '*.min.js', test: /\.min\.(js|mjs|cjs|css)$/ },
  { rule: '*.bundle.js', test: /\.bundle\.(js|mjs)$/ },
];

/**
 * A question about behaviour (BEHAVIOUR_INTENTS) is answered by the code that runs, not by the
 * tests that call it: a test repeats the function's name and words, so every modality ranks it
 * beside the function. Tests are known by their path, and in Rust also by the `tests` module a
 * source file keeps them in (StructuralIndex's isInFileTest). Tests are demoted like a vendored copy (same factor: ten places lower in
 * every list), so they follow the library when both match about equally, and a test that every
 * modality puts first still shows. Callers and dependants follow the library's the same way
 * (testsFollow): a test that calls X is a caller, but who asks who calls X reads the library's
 * callers first. So does a pasted message's match: the code prints it, and a test that prints or
 * asserts the same text is what the code printed once. A definition or a typed string keeps tests
 * at par: a test can be the definition or the string asked for.
 */
export const TEST_DEMOTION_FACTOR = 0.8;
export const TEST_DEMOTION_RULE = 'tests';

/** Intents whose answers in tests follow the library's (TEST_DEMOTION_FACTOR). */
const TESTS_FOLLOW_INTENTS: ReadonlySet<Intent> = new Set<Intent>([...BEHAVIOUR_INTENTS, 'find_references']);

/** Whether a question's answers in tests follow the library's: behaviour, callers and dependants, a pasted message. */
export function testsFollow(plan: Pick<QueryPlan, 'intent' | 'pasted'>): boolean {
  return TESTS_FOLLOW_INTENTS.has(plan.intent) || plan.pasted === true;
}

/**
 * A file its own text says a tool generated (structural/file-marks.ts isGeneratedSource: Go's
 * `// Code generated … DO NOT EDIT.`, other tools' marks in its header) is built output kept
 * beside the sources, as dist/ and build/ are: demoted the same (DEMOTION_FACTOR) on every
 * question. Protocol-buffer stubs and generated mocks repeat every name and word of the service or
 * interface they were generated from, so a how-does question found containerd's version.pb.go and
 * quic-go's mock of its sent packet handler beside, or above, the code that does the work.
 */
export const GENERATED_DEMOTION_RULE = 'generated';

/**
 * A question about behaviour (BEHAVIOUR_INTENTS) is answered by code, not by the prose written
 * about it: a README, a .rst page or a .txt (comment-lines.ts isDocumentPath) says what the code
 * does in the question's own words, so it matched beside the function (libc's README for how its
 * build script checks the compiler). Demoted as tests are, so a document follows the code that
 * matches about as well, and a document every list puts first still shows.
 */
export const DOCUMENT_DEMOTION_FACTOR = TEST_DEMOTION_FACTOR;
export const DOCUMENT_DEMOTION_RULE = 'document';

/**
 * The same questions are answered by a function's body, not by a C/C++ prototype or `#define`
 * that stands in for it (StructuralIndex.isStandInChunk): a header's prototype carries the doc
 * comment whose words the question repeats, so it came first while the code that runs came second
 * (libxcrypt's make_failure_token). Demoted like a test, so the body passes it when both match
 * about equally; a prototype with no body anywhere is never demoted. "Similar to X" is weighed so
 * too: gnulib's vasnprintf.h prototype led the printf replacements for `vdprintf` (FUSION.md).
 * On a question about what code does, a stand-in whose one body is a candidate too leaves the
 * list (fuse.ts withoutStandInsOfBodies): a central header's boost kept it above that body.
 */
export const STAND_IN_DEMOTION_FACTOR = 0.8;
export const STAND_IN_DEMOTION_RULE = 'declaration, body elsewhere';
/**
 * "Similar to X" for an X with a body: code like X is code that runs, so a function's declaration
 * without a body (a C prototype) is demoted as a stand-in is, whether or not the repository holds
 * its body. gnulib's vasnprintf.h prototype led vfprintf.c, vsnprintf.c, … for `vdprintf`: the body
 * of vasnprintf is written under a macro's name (`VASNPRINTF`), so no body of its name is found
 * and the stand-in rule let it be.
 */
export const PROTOTYPE_DEMOTION_FACTOR = STAND_IN_DEMOTION_FACTOR;
export const PROTOTYPE_DEMOTION_RULE = 'declaration without a body, for code like a body';
/**
 * A question about what code does, in C or C++: a header's prototype with no doc comment
 * (`__poll_t udp_poll(struct file *, struct socket *, poll_table *);`) says nothing of what the
 * function does but its name, whether or not the repository holds the body. A header-only tree
 * (a kernel's include/net) declares many such functions whose bodies live elsewhere, and a
 * question saying a word of their names put four one-line prototypes (`udp_poll`, `tcp_poll`, …)
 * above the static inline function that answers. Demoted as a stand-in is; a prototype under its
 * doc comment may answer with the comment's words and is not.
 */
export const BARE_PROTOTYPE_DEMOTION_FACTOR = STAND_IN_DEMOTION_FACTOR;
export const BARE_PROTOTYPE_DEMOTION_RULE = 'declaration without a body or a doc comment';
/**
 * A question asking how: a function whose body only refuses (one `throw`/`raise`, a `panic`, a
 * library's throwing macro) says what the code does not do — an abstract method's "must be
 * implemented", YaspGrid's `createSimplexGrid` that throws "Simplices are not supported" — and
 * matches the question on the very words its message refuses.
 */
export const REFUSAL_DEMOTION_FACTOR = 0.5;
export const REFUSAL_DEMOTION_RULE = 'only refuses: its body throws';
/**
 * A question asking how: a Rust file whose functions are mostly exported under C names
 * (`#[no_mangle]`, `#[export_name]`) is a C API over the crate, each export converting C's types
 * and calling the Rust function that does the work. Its doc comments repeat the whole API's words
 * (frames, packets, settings), so rav1e's capi.rs came first for "how does rav1e pick a quantizer
 * for each frame", above rate.rs's `select_qi`. Demoted as a stand-in is: the Rust code matching
 * about as well passes it, and a binding every list puts first still shows.
 */
export const C_BINDING_DEMOTION_FACTOR = STAND_IN_DEMOTION_FACTOR;
export const C_BINDING_DEMOTION_RULE = 'a C binding: its file exports C functions';

/**
 * Nor by the lines of a file that sit outside its definitions (search/members.ts outsideFunctionsLookup):
 * the window over its package clause, imports and top-level declarations, or a one-line
 * `namespace X;` that carries the file's doc block. Those lines repeat the words of the whole
 * file (its doc, the names it imports, the keys of its schema tables), so they came first for
 * their file, and ahead of the function that answers in the next file ("how are dynamic blocks
 * expanded from their for_each value": a Go file's `var …Schema` window and another's package
 * doc over `expandBlocks`; PHP files' `namespace` lines first for "which big integer engine").
 * Demoted like a stand-in, so a function matching about as well passes them; a file the parser
 * found no definition in (a script of statements, a config) is never demoted.
 */
export const OUTSIDE_FUNCTIONS_DEMOTION_FACTOR = STAND_IN_DEMOTION_FACTOR;
export const OUTSIDE_FUNCTIONS_DEMOTION_RULE = "outside the file's definitions";

/**
 * Nor, when it asks how something is done, by a type's declaration (search/members.ts
 * isTypeDeclaration: a struct, enum, interface, trait or type alias): its doc comment and field
 * names say what the type is for, in the question's words, and it holds none of the code that
 * does it. Already without the importance boost on such a question (BOOSTED_KINDS), a struct
 * still came first on its doc comment alone (miekg/dns' `ZoneParser` for "how is a $GENERATE line
 * in a zone file expanded into records"). Demoted like a stand-in, so a function matching about as
 * well passes it, and a type every list puts first still shows. A class with no method but its
 * constructor is one too (search/members.ts typeDeclarationLookup): a record of fields and options,
 * an exception class (symfony-validator's `Iban` and `GroupSequence` constraints, boosted as
 * classes, came before `IbanValidator::validate` and `stepThroughGroupSequence`).
 */
export const TYPE_DECLARATION_DEMOTION_FACTOR = STAND_IN_DEMOTION_FACTOR;
export const TYPE_DECLARATION_DEMOTION_RULE = 'type declaration, no code';

/**
 * On a pasted message the matcher traced to its format strings (QueryPlan.answerLines), a chunk
 * that holds none of the lines chosen: the text list's pattern is the format's first line, which
 * a copy of the literal whose later lines say something else matches as well (winit's two
 * "Initializing the event loop outside of the main thread …" panics, one naming
 * `EventLoopBuilderExtWindows`, the other `EventLoopBuilderExtUnix`: the paste names the first).
 * The text list puts the chosen line first; the importance boost of a more central file put the
 * copy above it. Demoted like a vendored path, so the line the matcher read the whole message in
 * keeps its place. A question about what an option does is traced to the lines reading its value
 * (QueryPlan.optionRead), and demotes the same way.
 */
export const OTHER_FORMAT_DEMOTION_FACTOR = DEMOTION_FACTOR;
export const OTHER_FORMAT_DEMOTION_RULE = 'none of the lines the question was traced to';

/**
 * Nor, when it asks how something is done, by a function whose body is at most
 * SHORT_BODY_MAX_CODE_LINES lines of code (search/members.ts shortBodyLookup): it returns a field,
 * a constant or another function's result, and the work the question asks about is done
 * elsewhere. Its name and doc comment are the question's words in a few tokens, so the lists rank
 * it high, and across files no member rule sees it: symfony-validator's `DateValidator::checkDate`
 * (`return checkdate($month, $day, $year);`) came before `NotCompromisedPasswordValidator::validate`
 * for "how does the validator check whether a password has appeared in a data breach". Two lines:
 * a function that does a step of its own tests, loops or calls and then uses what it got. Such a
 * function gives its file's place to another strong member of the file (fuse.ts chooseMember,
 * 'short-gives-way'), or to the function of its file it hands its call on to; a file still shown
 * by one is demoted like a stand-in, so the function that does the work passes it when both match
 * about as well. A `#define` on one line is as short (an include guard, PCL's explicit
 * instantiation `PCL_INSTANTIATE_StatisticalOutlierRemoval(T)`, whose name says the class asked about).
 */
export const SHORT_BODY_DEMOTION_FACTOR = STAND_IN_DEMOTION_FACTOR;
export const SHORT_BODY_DEMOTION_RULE = 'short body, work done elsewhere';
export const SHORT_BODY_MAX_CODE_LINES = 2;
/**
 * Ruby and PHP write a class's behaviour as many small methods that call their siblings by bare
 * name or through `$this->`, and spend a line on each branch keyword: a method of three or four
 * lines of code there is a test and a sibling's value, an `if`/`else` choosing between two of them
 * (rubocop's `rubocop_version_with_support`: `if supported?`, `RuboCop::Version.version`, `else`,
 * `OBSOLETE_RUBIES[version]`), the glue between steps and no step. In these languages a method of at
 * most this many lines of code is short, unless a line of it loops (search/members.ts LOOP_LINE:
 * grape's `rescue_handler_for_class_or_its_ancestor` finds its handler with a block in three
 * lines); a call spread over five lines (the MongoDB driver's `hi`, one `pbkdf2_hmac_sha1(…)`)
 * still does the work. Lua spends two lines on a guard (`if self:state() then` / `return false`,
 * its `end` no code): a callback of three lines is a guard and the call it hands on (a door
 * object's `open`, which calls `door_toggle`); four lines can be the work itself (ConTeXt's
 * `toroman`, an `if`/`else` of two computed returns).
 */
export const SHORT_BODY_MAX_CODE_LINES_BY_LANGUAGE: Readonly<Partial<Record<Language, number>>> = {
  ruby: 4,
  php: 4,
  lua: 3,
};

/**
 * Nor, when it asks how something is done, by a file of several functions of which one chunk
 * alone reached any list (fuse.ts withLoneChunkFilesDemoted): the function that does the work sits
 * among functions that share its words (the helpers it calls, the callers that reach it, its
 * siblings), so its file brings more than one candidate; a file that one chunk alone matched
 * mentions the question's words in passing (a loader whose loop adds constraints, a caller's
 * branch). A file of one function has no other to bring (RubyGems' kernel_require.rb, whose
 * `require` is the answer). Demoted like a stand-in, so a file of several matching chunks passes
 * it when both match about as well, and a lone chunk every list puts first still shows.
 */
export const LONE_CHUNK_FILE_DEMOTION_FACTOR = STAND_IN_DEMOTION_FACTOR;
export const LONE_CHUNK_FILE_DEMOTION_RULE = 'alone in its file';

/**
 * When it asks how something is done, a file is weighed by how much of the question its text
 * says (fuse.ts withFileWordsWeighed; search/file-words.ts): × (1 + FILE_WORDS_GAIN × the share
 * of the question's words, each weighed by its rarity among the repository's files, that the file
 * holds). The code that does the work lives in a file that speaks the whole subject (a throttle's
 * delay, latency and slots), while a function of another file can match a few of the question's
 * words strongly in its name or its head (a retry's request and wait) and come first by a
 * hair. Small beside the lists' agreement: it decides near ties between files, where a rank or
 * two of one list is all that parts them, and does not lift a file no list ranked near the top.
 */
export const FILE_WORDS_GAIN = 0.2;

/**
 * FILE_WORDS_GAIN for a file shown by code that runs (BOOSTED_KINDS: a function, method, class or
 * macro): there the file's words are the words of the code doing the work, and they part places
 * a few ranks apart, not only near ties. A file shown by no code (a namespace of declarations and
 * their doc comments, a field, a module line) says the question's words where it documents or
 * declares the work, and its body is elsewhere: C++'s header over the .inl that holds the body.
 */
export const FILE_WORDS_CODE_GAIN = 0.3;

/**
 * On a phrase typed into a search box (asksAsPhrase, not asking how), a file is weighed by how
 * much of the phrase its path says (fuse.ts withPlaceWordsWeighed; search/place-words.ts): × (1 +
 * PLACE_WORDS_GAIN × the share of the phrase's words, each weighed by its rarity among the
 * repository's paths, that the folders' and the file's names say, a name run together of the
 * phrase's words included: `edgelist`, `fastwalk`). A reader types the subject in the words a
 * repository files it under (centrality/betweenness.py for "betweenness centrality",
 * generators/random_graphs.py for "random graph with edge probability p"), while the lists weigh
 * a function's body, where a neighbouring subject's code says the same words. The path, not the
 * file's text: every word of a short phrase is said somewhere in most files of a subject
 * (FILE_WORDS_GAIN on such phrases took as many rows down as up). Not where the semantic
 * language gate weighed the text list up (engine.ts): its postings hold every path's words already.
 */
export const PLACE_WORDS_GAIN = 0.5;

/**
 * On a question asking how "the <part>" does something, a file is weighed by how much of that
 * part its path says (fuse.ts withPlaceWordsWeighed; search/place-words.ts
 * subjectPlaceWordsLookup): × (1 + SUBJECT_PLACE_GAIN × the share of the subject's words, each
 * weighed by its rarity among the repository's paths, that its folders' and file's names say).
 */
export const SUBJECT_PLACE_GAIN = 0.3;

/** Results per modality list fed into fusion: deep enough that RRF sees agreement. */
export const MODALITY_LIST_DEPTH = 100;
/** With path:/lang: filters or a /regex/ the lists are read this deep, then cut to the allowed files. */
export const FILTERED_LIST_DEPTH = 1000;
/** Results returned by default. */
export const DEFAULT_RESULT_LIMIT = 20;

/**
 * "Capped at 1.5× so a popular function does not bury a more relevant but obscure result": a
 * chunk that every list fused puts first (two lists or more) is the most relevant by every
 * measure the question has, and still a hub ranked a little lower everywhere could pass it by
 * the boost alone. On a question about behaviour such a chunk is boosted at the cap, as the most
 * central could be: it keeps its place against every importance, and the boost still orders the
 * rest. The cases and figures: docs/eval/FUSION.md. On a question asking how, a C or C++ type's
 * declaration first in every list is not capped (fuse.ts): it takes no boost there (BOOSTED_KINDS) and is
 * demoted as no code, and the cap had kept osmium's `pbf_blob_type` enum above `decode_blob` for
 * "how does the PBF reader decide which decompression to use for a blob".
 */
export const FIRST_IN_EVERY_LIST_BOOST = BOOST_CAP;

export function boostFor(centrality: number): number {
  return Math.min(1 + BOOST_SLOPE * Math.log(1 + Math.max(0, centrality)), BOOST_CAP);
}

/** What fuse.ts knows of a chunk beside its path, each fact adding its rule (demotionFor). */
export interface DemotionMarks {
  /** A file its text says a tool generated (GENERATED_DEMOTION_RULE): every question. */
  generated?: boolean;
  /** Test code on a question whose tests follow (TEST_DEMOTION_FACTOR). */
  inTests?: boolean;
  /** A document on a question about behaviour (DOCUMENT_DEMOTION_FACTOR). */
  document?: boolean;
  /** Behaviour questions: STAND_IN_DEMOTION_FACTOR. */
  standIn?: boolean;
  /** "Similar to X" for an X with a body: a declaration without a body (PROTOTYPE_DEMOTION_FACTOR). */
  prototype?: boolean;
  /** Behaviour questions, C/C++: a declaration without a body or a doc comment (BARE_PROTOTYPE_DEMOTION_FACTOR). */
  barePrototype?: boolean;
  /** "How" questions: a function whose body only throws (REFUSAL_DEMOTION_FACTOR). */
  refusal?: boolean;
  /** "How" questions: a chunk of a Rust file of C exports (C_BINDING_DEMOTION_FACTOR). */
  cBinding?: boolean;
  /** Behaviour questions: OUTSIDE_FUNCTIONS_DEMOTION_FACTOR. */
  outsideFunctions?: boolean;
  /** "How" questions: TYPE_DECLARATION_DEMOTION_FACTOR. */
  typeDeclaration?: boolean;
  /** A pasted message traced to its format strings: a chunk holding none of their lines (OTHER_FORMAT_DEMOTION_FACTOR). */
  otherFormat?: boolean;
}

/**
 * The demotion of a path, or of the first of the `marks` that holds (generated, tests, document,
 * stand-in, a declaration without a body, a function that only refuses, a C binding, lines outside the file's functions, type declaration,
 * no line of a pasted message's traced format), or null.
 */
export function demotionFor(path: string, marks: DemotionMarks = {}): { factor: number; rule: string } | null {
  for (const { rule, test } of DEMOTED_PATH_RULES) if (test.test(path)) return { factor: DEMOTION_FACTOR, rule };
  if (marks.generated) return { factor: DEMOTION_FACTOR, rule: GENERATED_DEMOTION_RULE };
  if (marks.inTests) return { factor: TEST_DEMOTION_FACTOR, rule: TEST_DEMOTION_RULE };
  if (marks.document) return { factor: DOCUMENT_DEMOTION_FACTOR, rule: DOCUMENT_DEMOTION_RULE };
  if (marks.standIn) return { factor: STAND_IN_DEMOTION_FACTOR, rule: STAND_IN_DEMOTION_RULE };
  if (marks.prototype) return { factor: PROTOTYPE_DEMOTION_FACTOR, rule: PROTOTYPE_DEMOTION_RULE };
  if (marks.barePrototype) return { factor: BARE_PROTOTYPE_DEMOTION_FACTOR, rule: BARE_PROTOTYPE_DEMOTION_RULE };
  if (marks.refusal) return { factor: REFUSAL_DEMOTION_FACTOR, rule: REFUSAL_DEMOTION_RULE };
  if (marks.cBinding) return { factor: C_BINDING_DEMOTION_FACTOR, rule: C_BINDING_DEMOTION_RULE };
  if (marks.outsideFunctions)
    return { factor: OUTSIDE_FUNCTIONS_DEMOTION_FACTOR, rule: OUTSIDE_FUNCTIONS_DEMOTION_RULE };
  if (marks.typeDeclaration) return { factor: TYPE_DECLARATION_DEMOTION_FACTOR, rule: TYPE_DECLARATION_DEMOTION_RULE };
  return marks.otherFormat ? { factor: OTHER_FORMAT_DEMOTION_FACTOR, rule: OTHER_FORMAT_DEMOTION_RULE } : null;
}

/**
 * "Similar to X ranks X's structural siblings first (same kind, same file or module, similar
 * signature and body)" (issue 20). A definition's sibling similarity, in [0, 1], is
 *
 *   similarity = kind × form × (0.6 × name + 0.2 × place + 0.2 × shape)
 *
 * name: 1 for X's own name (another implementation of it) or X's role written with another
 * module's name (roleElsewhere: `ARM_reg_name` for `PPC_reg_name`), else SIBLING_PARTIAL_NAME × the
 * Jaccard overlap of the names' word parts without digits, or × 1 for names of one pattern (as
 * many parts, one different: MinimumNArgs · MaximumNArgs) — when the question named X with a
 * qualifier or a path that picked it (`SymfonyStyle::warning`), the qualifier is a part of X's
 * name and of the other names it picks (SymfonyStyle::success); place: 1 in X's file,
 * SIBLING_VARIANT_FILE in a file named as X's with one word added or changed,
 * SIBLING_SAME_DIRECTORY in its directory, else 0, lifted SIBLING_PARALLEL_PLACE_LIFT of the way
 * to 1 for X's name in a module that defines what X's module defines; shape: the mean of the signatures' word
 * overlap (names left out), the ratio of the two sizes in lines and the overlap of the names
 * their bodies define and use; kind: 1 for X's kind, SIBLING_RELATED_KIND for a kind of the same family (function and
 * method; class, struct, interface, trait, type and enum), else not a sibling; form: for two
 * functions of different names, how alike the numbers of arguments a call must pass are
 * (structural/arity.ts: a getter is not its setter's sibling), else 1. The name
 * weighs most because a family of siblings is named alike; place and shape separate the
 * family's members from same-named code elsewhere.
 */
export const SIBLING_NAME_WEIGHT = 0.6;
export const SIBLING_PLACE_WEIGHT = 0.2;
export const SIBLING_SHAPE_WEIGHT = 0.2;
/** A partial name match never reaches a same-named definition's 1. */
export const SIBLING_PARTIAL_NAME = 0.7;
export const SIBLING_SAME_DIRECTORY = 0.5;
/**
 * The place part of a definition in a file named as X's with one word added or changed
 * (siblings.ts, variantFile): futures-util's try_stream/try_chunks.rs and stream/ready_chunks.rs
 * for stream/chunks.rs, syncthing's tcp_listen.go for quic_listen.go. A crate of one adapter per
 * file implements one trait method in each (60 `poll_next`): the name and the folder tie them
 * all, and the file's name is what says which adapters are X's variants. C's libraries write a
 * function's variants for other types one per file, named with a short suffix (musl's and
 * gnulib's hypot.c · hypotf.c · hypotl.c: siblings.ts, typeSuffixed). Between X's own file
 * and its folder: a variant in another folder (try_chunks.rs) passes X's folder's strangers
 * (buffered.rs, 0.5) by 0.05 of similarity, not X's file. Figures in docs/eval/FUSION.md.
 */
export const SIBLING_VARIANT_FILE = 0.75;
export const SIBLING_RELATED_KIND = 0.8;
/**
 * X's name in another module is X's implementation there when the two modules define the same
 * other functions (constructors left out), at least this share of the smaller module's
 * (siblings.ts, parallelModules): most of what one of them defines, the other does too, as one
 * interface's implementations and one module per platform do. A module of another role that
 * happens to define X's name shares a few of its neighbours, not most.
 */
export const SIBLING_PARALLEL_MIN_SHARE = 0.5;
/**
 * How far such a parallel module's namesake has its place part lifted towards X's file's 1: half
 * of the way. What the modules define says they play one role, as X's own file would; the lift
 * stops short of 1 so that the folders and file names still order a large family (PHPUnit's
 * constraints each implement `matches`, and those of X's folder lead; futures-util's adapters
 * each implement `poll_next`, and the file named as X's leads). Lifted all the way, those two
 * tuning rows lost their first place (docs/eval/FUSION.md).
 */
export const SIBLING_PARALLEL_PLACE_LIFT = 0.5;
/** Below this a definition is not called a sibling (a same-file neighbour with nothing else in common). */
export const SIBLING_MIN_SIMILARITY = 0.3;
/**
 * A definition whose name shares no word with X's (name 0) is X's sibling only when it is shaped
 * as X is, shape at least this: the same signature, size and body names (SymfonyStyle's
 * `success` and `warning`, each `$this->block($message, …)`: shape 1.00). A neighbour of
 * another role passed SIBLING_MIN_SIMILARITY on its place alone from shape 0.5 (place 0.2 +
 * 0.2 × 0.5) and led a family found elsewhere. Two refusals, or two methods handing their call
 * on to their base, are one role whatever their names (siblings.ts, bothRefuse). Figures in
 * docs/eval/FUSION.md.
 */
export const SIBLING_NAMELESS_MIN_SHAPE = 0.75;
/**
 * A sibling's fused score is multiplied by 1 + SIBLING_GAIN × similarity (at most × 3): at k =
 * 40 a sibling of similarity 0.5 ranked tenth in every list (2 / 51) outscores a stranger ranked
 * first in every list (1 / 41), so the family leads and semantic neighbours follow. Another
 * implementation of X's name (similarity ≈ 0.6) is often found by the structural list alone,
 * whose weight is small: × 2.2 puts it (0.2 / 42 at rank 1) above code that only the semantic
 * list puts first (0.4 / 41); × 1.6 left it below ten such neighbours.
 */
export const SIBLING_GAIN = 2;

export function siblingFactor(similarity: number): number {
  return 1 + SIBLING_GAIN * similarity;
}

/**
 * "Similar to X" for a method of a class whose base other classes extend with their own X, or a
 * function of a module whose like modules each write their own name into it (siblings.ts,
 * renamedModules; fuse.ts, belowSameBase): X's own file's other siblings are demoted to this share
 * of the weakest of those implementations' scores — just below, so that the implementations come
 * first and X's file's methods follow them, ahead of what followed them before.
 */
export const OWN_FILE_BELOW_SAME_BASE = 0.95;
export const OWN_FILE_BELOW_SAME_BASE_RULE = "X's own file, after X's implementations in modules like X's";

/**
 * "Similar to X" lists X's kin, and the list ends where the evidence of kinship does (issue 20,
 * "evidence or nothing"): when some of X's siblings are listed, a result that is none of them
 * stays only when its score is at least this share of the weakest listed sibling's — when,
 * boosted as X's closest sibling would be (× (1 + SIBLING_GAIN)), it would reach that sibling.
 * Below, neither its name, place and shape nor its words say it is like X. The share is the
 * boost's own, not a fitted number; the precision and recall it and its neighbours give on the
 * real set's tuning similar questions are in docs/eval/FUSION.md.
 */
export const SIMILAR_UNKIN_MIN_SHARE = 1 / (1 + SIBLING_GAIN);

/**
 * Sub-results: a result carries the other chunks of its file that fused at least this share of
 * its score ("the file's other strong chunks"), at most SUB_RESULTS_PER_RESULT of them.
 */
export const SUB_RESULT_MIN_SHARE = 0.5;
export const SUB_RESULTS_PER_RESULT = 3;

/**
 * "When a file wins, rank its member definitions against each other by the question" (issue
 * 22): for a question about behaviour, the file's chunk shown is chosen among those fusing at
 * least MEMBER_CHOICE_MIN_SHARE of its best score — close enough that only the boost or a rank
 * or two separates them — by relevance before the boost (rrf × demotion) × (1 +
 * MEMBER_NAME_GAIN × the share of its name the question says). The boost orders files: inside
 * one, it favours the hub its siblings call, while the question asks for one member; a name
 * that spells the question's words is the member a reader would open. The result keeps its
 * file's place and score (MemberChoice.factor), and the chunk it replaced becomes a sub-result.
 * 0.3 sits in the middle of the range that helped both doc-sentence and keyword questions
 * (docs/eval/FUSION.md); 0.8 keeps a clearly stronger chunk in place.
 */
export const MEMBER_CHOICE_MIN_SHARE = 0.8;
export const MEMBER_NAME_GAIN = 0.3;
/**
 * A member's relevance also gains this for each of the question's words its name says: the share
 * says how much of the name the question asks for, the count how much of the question the name
 * answers. Two names said whole (`check_procfs`, `check_proc_root` for "… is the real procfs
 * root"; `reciprocity`, `_reciprocity_iter` for "Return an iterator of (node, reciprocity)") are
 * told apart by the word only one says; small beside
 * MEMBER_NAME_GAIN, so a name said whole still leads one said in part (docs/eval/FUSION.md).
 */
export const MEMBER_NAME_WORD_GAIN = 0.02;

/**
 * On a question asking how, the member chosen for a file gives its place to a function or method
 * of the file whose own lines say MEMBER_CODE_WORDS_LEAD more of the question's content words
 * (search/members.ts memberCodeWordsSaid), when it fuses at least MEMBER_CODE_WORDS_MIN_SHARE of
 * the file's best score. The embedding reads a
 * chunk's first 256 tokens, so a long function that does the work (capstone's `readPrefixes`, 349
 * lines, nine of the question's ten words) ranks below a short sibling that shares its head words
 * (`readOpcode`, three); its body still says what the question asks, word by word. Three words:
 * a lead a sibling's incidental words do not make (two members of a file share the file's
 * vocabulary; a lead of two moved three answers shown first to a sibling). 0.4 of the best score: the
 * file's chunks a list found near the question, below the sub-results' 0.5, as the answer's
 * semantic rank is lost to its length (the figures: docs/eval/FUSION.md).
 */
export const MEMBER_CODE_WORDS_LEAD = 3;
export const MEMBER_CODE_WORDS_MIN_SHARE = 0.4;

/**
 * On a question asking how, a near tie between two members of a file goes to the one the text
 * list ranks higher: a function, method or class fusing MEMBER_CHOICE_MIN_SHARE of the file's
 * best score whose closeness to the question (rrf × demotion), or whose relevance (× the name
 * factor, as the member was chosen by), is at least this share of the member chosen's. Inside a
 * file the lists' ranks sit within a few places of each other, so their reciprocal ranks barely
 * differ and the names and the boost decide; BM25 over a member's
 * own lines weighs the question's rarer words, which tell the member that does the asked step
 * from the sibling that shares the file's vocabulary (h2's `unclaimed_capacity`, 5th by text, over
 * `inc_window`, 20th, for "when to send a WINDOW_UPDATE frame"; RubyGems' `fetch_http`, 1st, over
 * `download`, 5th, for "follow redirects"). 0.9: at 0.95 h2's tie was not broken, at 0.85 a
 * sibling took vagrant:understand:9's answer out of the ten (docs/eval/FUSION.md).
 */
export const MEMBER_TEXT_TIE_SHARE = 0.9;

/**
 * "The function that answers" (issue 20): the member chosen for a file gives its place to a
 * function of the same file it calls whose name says more of the question, when that callee's
 * relevance (rrf × demotion × name factor) is at least this share of the caller's: a strong
 * chunk of the file, as a sub-result is, not a name alone. On a question that does not ask how,
 * a list must also rank the callee above its caller: such a question says what one function
 * does, and a callee every list puts below the function described is a step of it, not it
 * (puppet's `best_version` calls `available_versions`, whose name "Finds the most suitable
 * version available in a given range" says whole); a "how" question names the step it asks
 * about, which the lists read in the caller's words (fuse.ts chooseMember).
 */
export const MEMBER_CALLEE_MIN_SHARE = SUB_RESULT_MIN_SHARE;
/**
 * And that callee's name says at least this many of the question's words: a step has a verb and
 * what it acts on (`value_from_envvar`, `apfs_obj_verify_csum`); a name the question says whole in
 * one word is an accessor of one of its nouns (cobra's `Flags()`, called by `ValidateRequiredFlags`
 * for "how does cobra check that required flags were given"), not the step it asks about.
 */
export const MEMBER_CALLEE_MIN_WORDS = 2;
/**
 * On a question asking how, a function of the member chosen's file whose result that member
 * switches on or compares in order (search/members.ts decidersLookup) takes its place when its
 * relevance (rrf × demotion × name factor) is at least this share of the chosen's, as a callee the
 * question names must (MEMBER_CALLEE_MIN_SHARE; fuse.ts chooseMember, 'callee-decides').
 */
export const MEMBER_DECIDER_MIN_SHARE = 0.5;

/**
 * On a question that does not ask how (a sentence saying what one function does, or keywords),
 * the member chosen for a file gives its place to one that every list finding it ranks above the
 * member chosen, in MEMBER_LISTS_RANK_HIGHER_MIN_LISTS lists or more, and whose name the question
 * says more of, when it fuses at least MEMBER_LISTS_RANK_HIGHER_MIN_SHARE of the file's best
 * score: a strong chunk of the file, as a sub-result is. The boost and the semantic list's rank
 * kept the chosen one ahead (the semantic list reads Ruby, PHP and C poorly and is fused at half
 * its weight there), while the lists that read the code's words agree on the other. Two lists:
 * one list's rank alone is what the fused order already weighs. On a "how" question a list's
 * order among a file's members is weaker evidence than the member rules that read the question
 * as a step (docs/eval/FUSION.md).
 */
export const MEMBER_LISTS_RANK_HIGHER_MIN_SHARE = SUB_RESULT_MIN_SHARE;
export const MEMBER_LISTS_RANK_HIGHER_MIN_LISTS = 2;

/**
 * "A learned lexical expansion (question word → code tokens), served through the text index"
 * (issue 22): a plain-words question about behaviour of at most EXPANSION_MAX_WORDS content
 * words also searches, for each word, up to EXPANSION_PER_WORD code tokens that came with it in
 * the model's training pairs (strength ≥ EXPANSION_MIN_STRENGTH, normalised PMI 0–1), at
 * EXPANSION_WEIGHT × strength of the word's own match, counted as that word. A token the code
 * uses in place of the word is weaker evidence than the word itself, and most associations are
 * only related to it. Short queries, as people type them, are where the code's words differ
 * from the question's; a doc sentence already says most of them, and expanded, it moved
 * `npm run eval`'s thorough understand down a question (values chosen on the understand set's
 * tuning half and checked on the main set: docs/eval/FUSION.md).
 */
export const EXPANSION_WEIGHT = 0.5;
export const EXPANSION_MIN_STRENGTH = 0.1;
export const EXPANSION_PER_WORD = 5;
export const EXPANSION_MAX_WORDS = 4;

/**
 * The code's own spellings of a plain-words question's words (src/engine/text/spellings.ts),
 * searched by the text index beside the words and counted as them, at these weights of the
 * word's own match. Like the learned expansion, only for a question of at most
 * EXPANSION_MAX_WORDS content words: a doc sentence says the code's words already, and spelled,
 * its text list moved the main set's answers a rank down as often as up (docs/eval/FUSION.md). A compound or initialism is counted once for each word it joins, so
 * `edgelist` matched for "edge list" weighs as one whole word; a verb form is the word in
 * another part of speech, weaker than the word; a shortening is weaker still: `env`, `mem`,
 * `cnt` stand for other words too, and at 0.5 the ones that did not stand for the question's
 * word moved a file's other functions above the one asked for (the figures: docs/eval/FUSION.md).
 * A phrase's reading (`count` for "the number of") is searched on any plain-words question, a doc
 * sentence too (the sentence says the phrase, never the code's word): it is what the phrase means,
 * as sure as a verb form, so it weighs as one; as weak as a shortening it left the count's getter
 * below the functions that only say "number" (docs/bench/HISTORY.md, 2026-12-06, h42-doc).
 */
export const SPELLING_WEIGHTS: Readonly<Record<SpellingCode, number>> = {
  abbreviation: 0.3,
  'word-form': 0.7,
  compound: 0.5,
  initialism: 0.5,
  phrase: 0.7,
};

/**
 * Weight of a definition's name cosine added to its chunk's cosine in a short question's
 * semantic list (SemanticIndex, docs/ranking.md#semantic-names). The chunk's vector is a mean
 * over its path, header and body, and a few search-box words say what the name says; the chunk's
 * cosine still counts more, so a short look-alike name does not win by its name alone (alone, or
 * added at 1, it did). 0.75 lifted semantic alone on the understand set's keyword questions but
 * put a look-alike type above the answer in `npm run eval`'s understand set (semantic alone and
 * the quick preset fell), so it stays at a half: docs/bench/HISTORY.md (2026-12-03, 2026-12-05).
 */
export const NAME_VECTOR_WEIGHT = 0.5;

/**
 * The semantic list embeds a question typed as a phrase (asksAsPhrase: a few plain words, no
 * sentence) with the code's own spellings of its words written after it (QueryPlan.spellings:
 * `dnlc` for "directory name lookup cache", `pidfile` for "pid file", `rbtree` for "red black
 * tree"), the spellings the text list searches. The model reads a bag of sub-tokens: a name the
 * code runs together shares no token with the question's whole words, so a few words found the
 * short namesakes that say them (`daemonize` for "create pid file for daemon", not
 * `create_pidfile`). Shortenings are left out: `crt`, `del`, `has` stand for other words too, and
 * written with the question they moved x/tools' and cargo's answers down in a lab. A doc sentence
 * is left as it is: spelled, short ones lost as many answers as they found on the understand
 * set's tuning half. The measurements: docs/eval/FUSION.md (2026-12-04, twenty-seventh session).
 */
export const SEMANTIC_SPELLING_CODES: ReadonlySet<ExpandedTerm['code']> = new Set<ExpandedTerm['code']>([
  'word-form',
  'compound',
  'initialism',
]);

/**
 * The spellings by which a name says a question's words in the graph's understand list (thorough):
 * the same that say their words whole to the encoder (SEMANTIC_SPELLING_CODES). The list ranks
 * names by how many of the question's words they share, so a name that runs the words together
 * shared none of them: phpMyAdmin's `Util::pageselector` was not in the list for "pagination page
 * selector" while `getPageSelector` and `getHtmlPageSelector` led it, and thorough put the answer
 * third where default had it second. Spelled, `pageselector` says "page" and "selector" as they
 * do: three names tie at the best count and the flood gate reads the list as names alone, so
 * thorough gives default's order. A shortening is left out for the reason it is left out of the
 * encoder's text: `int` or `cnt` may stand for several words (docs/eval/FUSION.md).
 */
export const GRAPH_SPELLING_CODES: ReadonlySet<ExpandedTerm['code']> = SEMANTIC_SPELLING_CODES;

/** The text the semantic list embeds for a question, and the spellings written into it (SEMANTIC_SPELLING_CODES). */
export function semanticQueryText(plan: QueryPlan): { text: string; spelled: string[] } {
  if (!asksAsPhrase(plan)) return { text: plan.raw, spelled: [] };
  const spelled = [
    ...new Set((plan.spellings ?? []).filter((e) => SEMANTIC_SPELLING_CODES.has(e.code)).map((e) => e.token)),
  ];
  return { text: spelled.length > 0 ? `${plan.raw} ${spelled.join(' ')}` : plan.raw, spelled };
}

/**
 * How much of its word a spelling says, in BM25's count of the question words a chunk matches
 * (the sum is multiplied by that count): a compound, an initialism or a verb form says the words;
 * a shortening is ambiguous (`int` for "intern" is mostly `int`, `cnt` may be "count" or
 * "connected"), and counted whole it lifted every chunk holding a common short token to the
 * rank of one saying both words.
 */
export const SPELLING_SAYS_WORD: Readonly<Record<SpellingCode, number>> = {
  abbreviation: 0.5,
  'word-form': 1,
  compound: 1,
  initialism: 1,
  phrase: 1,
};

/**
 * How far down a sentence's results, in multiples of the results asked for, a result every list
 * ranks above its neighbour is moved above it (fuse.ts withEveryListsOrder): a result just below the
 * page can take a place on it, and the work stays a few dozen comparisons.
 */
export const EVERY_LIST_ORDER_DEPTH = 3;

/**
 * In that comparison, for a result that two lists or more hold on their first page (a page of
 * results, DEFAULT_RESULT_LIMIT), a list's rank past its first page counts as not found: the
 * semantic list always holds a hundred chunks, and its 76th says no more than its absence. Read
 * as a vote, it kept a hub's member above the function the other two lists both put first
 * (phpMyAdmin's `CentralColumns::findExistingColNames`, 76th in the semantic list alone, over
 * `getExistingTransformationData`, first in text and structural and absent from semantic, for "Get
 * existing data on transformations applied for columns in a particular table"). A result one list
 * alone holds on its page does not pass on it: for every result so found to pass one that each list
 * holds past its page pushed OpenAFS's rx.c out of the ten (understand set, tuning half).
 */
export const EVERY_LIST_RANK_DEPTH = 20;

/**
 * On a question asking how, a near tie between neighbouring files (fuse.ts
 * withFirstPlacesBreakingTies): the lower scores at least this share of the higher. Within a tenth
 * the two are parted by a place or two of one list, the boost's hub weight or a member's file
 * place, none of which says which reads the question better.
 */
export const FIRST_PLACE_TIE_SHARE = 0.9;

/**
 * Of two copies of one definition, the nearer the root is shown first only when its file is at most
 * this many times the other's size (fuse.ts nearerCopiesFirst): a port's copy sits in a file of
 * about the portable one's size, a bundle of every module in one far larger (jQuery UI's
 * jquery-ui.js, 19,000 lines, holds ui/widget.js's 700).
 */
export const COPY_FILE_SIZE_RATIO = 2;

/**
 * In that tie, the lower moves above when one list puts it first and another ranks it within this
 * many places: two lists reading it as the answer near their tops. A first place alone, with the
 * other lists' ranks far down, read a structural or text namesake as the answer (resource-agents'
 * `find_interface`, first by structure and 26th by text).
 */
export const FIRST_PLACE_SECOND_LIST_DEPTH = 3;

/**
 * "Big classes are ranked by their members" (issue 20): for a question about behaviour, a
 * class-like definition (CONTAINER_KINDS) longer than this many lines that holds another
 * candidate of the same answer (one of its methods, inside it or declared on it below, as Go
 * and Rust do) leaves the list to its members. Its text holds every member's words, so it
 * matched better than the one method that answers; a small class stays whole, and so does a
 * function holding closures: it is the code that runs.
 */
export const CONTAINER_RANKED_BY_MEMBERS_LINES = 60;

/**
 * A question asking how something is done (search/members.ts asksHow) wants the function that
 * does it, so there a class-like definition of any size that holds another candidate of its file
 * leaves the list to its members: a class's chunk holds its methods' words and its doc, so even a
 * small one matched better than the method that answers (sphinx's 16-line
 * DocstringStripSignatureMixin over `_find_signature`), and as a range it is no function.
 */
export const HOW_CONTAINER_RANKED_BY_MEMBERS_LINES = 0;
export const CONTAINER_KINDS: ReadonlySet<DefinitionKind> = new Set<DefinitionKind>([
  'class',
  'struct',
  'interface',
  'trait',
  'enum',
  'type',
  'module',
  'namespace',
]);
