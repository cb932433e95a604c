/**
 * The intent classifier: ordered rules, first match wins (docs/design.md#classifier). Deliberately cheap —
 * a handful of linear regular expressions — because it runs on every keystroke.
 *
 * The classifier also pulls out, once, what each retriever needs from the query: the
 * identifiers it names, its content words, the literal to match, a definition kind, a
 * pasted snippet. That is the QueryPlan every modality receives.
 */
import type { Classification, DefinitionKind, Intent, QueryPlan } from './contract';
import {
  assertionMessage,
  formatLinePattern,
  LINE_BREAK,
  loggedLine,
  readPastedLines,
  RULE_LINE,
  unwrapMessage,
  writtenIn,
  type FormatMatch,
} from './search/messages';
import { fileStem } from './path-words';
import { LANGUAGE_FILE_EXTENSIONS } from './query-syntax';
import { baseForms, contentTerms, looksLikeIdentifier, STOP_WORDS } from './tokens';
import { escapeRegExp } from './text/escape';

// Confidences of the rules, as the design gives them (docs/design.md#classifier).
export const CONFIDENCE = {
  definitionKeyword: 0.95,
  referencesPhrase: 0.9,
  impactPhrase: 0.9,
  quotedString: 0.9,
  errorToken: 0.85,
  /** Identifier alone (or with only definition cue words) … */
  identifierMax: 0.8,
  /** … losing this much per other content word … */
  identifierPerExtraWord: 0.05,
  /** … down to this floor. */
  identifierMin: 0.6,
  /** A plain word named with a definition cue ("where is render defined"). */
  definitionPhrase: 0.75,
  /** "the Router class", "show me the Reaction constructor": a name and the kind of thing it is. */
  definitionNoun: 0.8,
  /** A message worded like a runtime error ("Cannot reuse a closed connection"): probably pasted, not certain. */
  errorMessage: 0.7,
  understandWords: 0.75,
  /** A sentence that describes what code does ("Removes every listener of the given event"): a question about behaviour, in other words. */
  description: 0.6,
  /** find_similar has no rule in the design; ours stay below the direct-path threshold so the
   * snippet's words (text) and names (structural) still fuse with the semantic neighbours. */
  similarPhrase: 0.8,
  codeSnippet: 0.8,
  /** Text the repository contains verbatim: as sure as a quoted string. */
  verbatimText: 0.9,
  /** A file's name or path typed alone: as sure as a quoted string, so the files so named answer alone. */
  fileName: 0.9,
  /** A command-line option typed alone (`--max-age`, `the --dry-run flag`): as sure as a quoted string. */
  commandLineOption: 0.9,
  fallback: 0.4,
} as const;

/** Rule ids, in the order they are tried. */
export const RULES = [
  'empty',
  'code-snippet',
  'definition-keyword',
  'impact-phrase',
  'references-phrase',
  'similar-phrase',
  'quoted-string',
  'command-line-option',
  'file-name',
  'question-form',
  'definition-noun',
  'description',
  'error-token',
  'verbatim-text',
  'error-message',
  'identifier',
  'definition-phrase',
  'understand-words',
  'fallback',
] as const;
export type RuleId = (typeof RULES)[number];

/** Keyword at the start of the query → the kind of definition asked for. */
const DEFINITION_KEYWORDS: Readonly<Record<string, DefinitionKind | undefined>> = {
  def: 'function',
  fn: 'function',
  func: 'function',
  function: 'function',
  method: 'method',
  class: 'class',
  interface: 'interface',
  type: 'type',
  struct: 'struct',
  enum: 'enum',
  trait: 'trait',
  impl: undefined,
  module: 'module',
  mod: 'module',
  namespace: 'namespace',
  package: undefined,
  import: undefined,
  from: undefined,
  const: 'constant',
  let: 'variable',
  var: 'variable',
  macro: 'macro',
};
/** Visibility and modifiers written before a declaration keyword: `pub fn new`, `export default class App`. */
const DECLARATION_MODIFIERS = String.raw`(?:(?:pub(?:\([\w:]+\))?|export|default|public|private|protected|static|async|abstract|final|unsafe|extern|declare)\s+)*`;
const DEFINITION_KEYWORD = new RegExp(
  `^${DECLARATION_MODIFIERS}(${Object.keys(DEFINITION_KEYWORDS).join('|')})\\s+([A-Za-z_$][\\w$.:]*)`,
);
/**
 * A definition keyword followed by three or more lower-case words and nothing else is a phrase
 * typed into a search box, not a declaration ("type keyed hash map set", "package name guess
 * from import path"): a declaration names one thing after its keyword (`type QueryKey`, `struct
 * HttpClient`, `type node struct`), and its further words are marks, types or names in code's
 * case (`impl Display for Point`). `from` and `import` are left out: `from os import path` is a
 * statement in lower-case words.
 */
const PHRASE_AFTER_KEYWORD = new RegExp(
  `^(?!from\\s|import\\s)(?:${Object.keys(DEFINITION_KEYWORDS).join('|')})(?:\\s+[a-z]+){3,}\\s*$`,
);
/** A definition keyword, a parameter list and a body on the same line: `def f(x): return x` is code, not a name. */
const ONE_LINE_DEFINITION = /^(def|fn|func|function)\s+[A-Za-z_$][\w$]*\s*(\[[^\]]*\])?\(.*\)[^\n]*?(:|\{|=>)\s*\S/;

const REFERENCES_PHRASE = new RegExp(
  [
    String.raw`\b(who|what|which\s+\w+|what\s+(code|files?|modules?|functions?|components?|tests?))\s+(else\s+)?(calls?|invokes?|uses?|references?|imports?|instantiates?|consumes?|reads?|constructs?|renders?|subscribes?|triggers?|hits?)\b`,
    String.raw`\b(who|what)('s|\s+is|\s+are)\s+(calling|using|invoking|importing|triggering)\b|\b(every|all)\s+(imports?|calls?|uses?|usages?)\s+of\b`,
    String.raw`\b(callers?|call\s*sites?|usages?|uses|users|references?|refs|invocations?|consumers?|importers?)\s+(of|to|for)\b`,
    // Bounded gaps (.{1,120}): "where is … used" is a short question, and an unbounded .+ from every "is" of a long paste is quadratic.
    String.raw`\bwhere\s+(is|are)\s+.{1,120}\b(used|called|referenced|invoked|imported|consumed|read|rendered|instantiated)\b`,
    String.raw`\bwhere\s+(do|does|did|can)\s+([^\s'"\x60]+\s+){1,2}?(use|call|reference|invoke|import|instantiate|render|read|get\s+called)\b`,
    String.raw`\bfind\s+(all\s+|every\s+)?(usages|references|callers|uses|calls\s+to)\b`,
    // "every place that calls X", "anything that invokes X", "places where X is invoked"
    String.raw`\b(places?|spots?|anything|everything|everywhere|handlers?|components?)\s+(that\s+|which\s+|where\s+)?(\S+\s+){0,3}?(calls?|calling|called|invokes?|invoking|invoked|uses?|using|used|imports?|importing|instantiates?|instantiated|reads?|references?|renders?|rendered)\b`,
    // "how many places call X", "how many times is X used" — not "counts how many times a key was read"
    String.raw`^how\s+many\s+(places|times|files|callers|modules)\b|\bhow\s+many\s+(places|times|files|callers|modules)\s+(\S+\s+){0,3}?(calls?|called|uses?|used|invokes?|invoked|imports?|imported|references?|referenced)\b`,
    String.raw`\b(is|are)\s+.{1,120}\b(used|called)\s+(anywhere|where)\b`,
    // "parseConfig callers", "fetchUser usages"
    String.raw`\b(callers|usages|references|call\s+sites|consumers|importers)\s*\??$`,
  ].join('|'),
  'i',
);

const IMPACT_PHRASE = new RegExp(
  [
    String.raw`\b(impact(s|ed)?|blast\s+radius|ripple\s+effects?|dependents|downstream|transitive(ly)?|reverse\s+dep(endencie|endency)?s?|fallout|consequences?\s+of|breaking\s+changes?)\b`,
    String.raw`\b(what|who|which\s+\w+)\s+(depends?|relies|rely)\s+on\b`,
    // "what includes alg-sha512.h", "which files include stat-common.c": the includers of a
    // header (or of a .c file included whole) are its dependants. Ruby's require
    // names a file by its path without `.rb` ("who requires thor/parser/option").
    String.raw`\b(what|who|which\s+\w+)\s+(includes?|#includes?|requires?)\s+(\S+\.(h|hh|hpp|c|cc|cpp|inc|rb)\b|[\w.-]+(\/[\w.-]+)+)`,
    String.raw`\b(modules|files|code|packages|components|services|functions|anything|everything|things)\s+(that|which)\s+(depends?|relies|rely)\s+on\b`,
    String.raw`\b(effects?|results?)\s+of\s+(changing|renaming|removing|deleting|modifying|editing)\b`,
    String.raw`\bdepends\s+on\s+(this|it)\b`,
    String.raw`\b(what|which\s+\w+)\s+(else\s+)?(would\s+|will\s+|might\s+|could\s+)?(break|breaks|be\s+affected|stop\s+compiling)\b`,
    // "what else is affected" asks what a change reaches; "what else is like get_val4" asks for
    // X's look-alikes (SIMILAR_PHRASE; sbcl's hopscotch.c was answered with impact).
    String.raw`\b(affected|touched|broken)\s+(by|if|when)\b|\bwhat\s+else\s+(is(?!\s+like\b)|would|will|has|needs?)\b|\bis\s+affected\b`,
    String.raw`\bif\s+(i|we)\s+(change|modify|rename|delete|remove|make|changed|removed|renamed)\b`,
    String.raw`\b(need(s|ed)?\s+to\s+(change|touch)|touch\s+if|recompil\w*|retest\w*)\b`,
    String.raw`\b(risky|dangerous|safe(ly)?)\s+(is\s+)?(to\s+)?(chang|modif|renam|delet|remov|edit|refactor)\w*`,
    String.raw`\bhow\s+risky\b`,
    String.raw`\b(safe|risky)\s+to\s+(change|modify|rename|delete|remove|edit|refactor)\b`,
  ].join('|'),
  'i',
);

/**
 * `other drivers implementing connect like …`, `other __set__ checks in the descriptors package
 * like …`: the family named by its role, then what its members implement or where they are
 * (search/similar.ts, ROLE_QUALIFIER), then X.
 *
 * "Duplicate" asks for look-alikes only as "duplicates of X", "duplicated code/logic/…" or "find
 * duplicates": elsewhere it is what the code handles ("how are duplicate requests detected",
 * "duplicate a file descriptor", "duplicate keys"), a question about behaviour.
 *
 * `similar` right after "how" measures a likeness ("how does it measure how similar two strings
 * are, to suggest a close match": gnulib's `fstrcmp`, real set): a question about behaviour, not
 * a request for look-alikes.
 */
const SIMILAR_PHRASE =
  /\b((?<!\bhow\s+)similar|like\s+this|code\s+like|looks?\s+like|look-?alikes?|duplicat\w*\s+(?:of|code|logic|functions?|methods?|implementations?|blocks?)\b|^(?:(?:find|show|list)\s+(?:me\s+)?(?:the\s+)?)?duplicat\w*$|copy-?past\w*|other\s+(implementations?|versions?)|other\s+[a-z]+\s+implementations?\s+of|another\s+implementation|alternatives?\s+(to|implementations?)|alternative\s+implementations?|(shaped|structured|written)\s+like|same\s+(thing\s+|pattern\s+|logic\s+)?as|does\s+the\s+same|more\s+like|(functions?|methods?|helpers?|implementations?)\s+like|^(?:(?:show|find|list)\s+(?:me\s+)?)?(?:the\s+)?(?:other|more)\s+(?:[\w$]+\s+){0,2}[a-z]+s\s+(?:(?:implementing|overriding|defining)\s+[\w$]+\s+|in\s+the\s+[\w$.-]+\s+(?:package|module|folder|directory|namespace|crate)\s+)?like|equivalents?\s+(of|to)|what\s+else\s+is\s+like|resembl\w*|something\s+like|(other|more)\s+(places|code|functions|spots)\s+(with|using|doing)\s+the\s+same)\b/i;

/**
 * X's family called by its role, then X by a name that can only be code (`validators like
 * CountryValidator::validate that check a code against the Intl data`, `parsers like
 * parse_GIT`): a qualified, snake_case or camelCase name. `errors like …` is a message's kin.
 */
const SIMILAR_ROLE =
  /^(?:(?:show|find|list)\s+(?:me\s+)?)?(?:the\s+|other\s+|more\s+)?(?:[a-z]+\s+){0,2}(?!errors\b)[a-z]+(?:ers|ors)\s+like\s+[`'"]?(?:[A-Za-z_$][\w$]*(?:::|->|#|\.|_)[A-Za-z_$]|[a-z]+[A-Z])/;

/**
 * A short question that only names X among its kind: "other Write implementations", "other
 * `UdpSocket::try_recv` versions", "other has_property_returns like the one in EpytextDocstring",
 * "siblings of parse_int [in types.py]" — the whole question, so "siblings of a
 * node are visited in order" stays a question about behaviour.
 */
const SIMILAR_NAMED =
  /^(?:(?:show|find|list|give)\s+(?:me\s+)?)?(?:the\s+|all\s+)?(?:other\s+[`'"]?[\w$:.#>/-]+[?!]?(?:\(\))?[`'"]?\s+(?:implementations?|versions?|like\s+the\s+(?:one\s+(?:in|on|of|for)\s+(?:the\s+)?[`'"]?[\w$:.#>/-]+[`'"]?|[`'"]?[\w$]+[`'"]?\s+one))|siblings?\s+of\s+[`'"]?[\w$:.#>/-]+[?!]?(?:\(\))?[`'"]?)(?:\s+in\s+(?:the\s+file\s+)?[`'"]?[\w$./@-]*\.[A-Za-z0-9]+[`'"]?)?\s*[?.]?$/i;

const QUOTED = /"([^"]+)"|'([^']{2,})'|`([^`]+)`/;

/** errno-style tokens (ECONNREFUSED, ENOENT), Node error codes (ERR_REQUIRE_ESM), SomethingError/Exception/Warning, signals, tracebacks. */
const ERROR_TOKEN =
  /\b(E[A-Z]{3,}[A-Z0-9]*|ERR_[A-Z0-9_]+|[A-Z][A-Za-z0-9]*(Error|Exception|Warning)|KeyboardInterrupt|StopIteration|SystemExit|[a-z][a-z0-9]*_error|SIG[A-Z]{3,}|[Tt]raceback)\b/;
const ERRORISH =
  /^(E[A-Z]{3,}[A-Z0-9]*|ERR_[A-Z0-9_]+|[A-Z][A-Za-z0-9]*(Error|Exception|Warning)|[a-z][a-z0-9]*_error|SIG[A-Z]{3,})$/;
/**
 * Runtime failure formats that carry no error token: Go and Rust panics, compiler error codes,
 * signal deaths, and the JavaScript engines' own messages.
 */
const RUNTIME_FAILURE = new RegExp(
  [
    String.raw`^panic:|^fatal error:|^([Ff]atal|[Ee]rror|[Ww]arning):\s+\S|\bgoroutine \d+ \[`,
    String.raw`\bpanicked at\b|^error\[E\d{4}\]|called \x60(Option|Result)::unwrap\(\)\x60`,
    String.raw`\bSegmentation fault\b|\bcore dumped\b|^Killed(:\s*\d+)?$|\bexit (code|status) \d+`,
    String.raw`\bis not (a function|a constructor|iterable|defined)\b|\bCannot (read|set) propert(y|ies) of\b|\bUnexpected (token|end of|identifier)\b`,
    String.raw`\bAssignment to constant variable\b|\bCannot access '[^']+' before initialization|^Maximum .* exceeded|\bConverting circular structure\b|^Invalid hook call\b`,
  ].join('|'),
);
/** A message worded like an error, at the start of the query, capitalised as programs write them. */
const ERROR_MESSAGE =
  /^(Cannot|Can't|Could not|Couldn't|Failed to|Unable to|Unexpected|Invalid|Missing|No such|Not found|Uncaught|Unhandled)\b\s+\S+/;
/** The operating system's and Node's own messages (strerror texts), written as programs print them, often lower-case: "bind: address already in use". */
const SYSTEM_ERROR =
  /^([\w.-]+:\s+)?(permission denied|operation not permitted|no such file or directory|address already in use|connection (refused|reset by peer|timed out)|broken pipe|socket hang up|too many open files|no space left on device|network is unreachable|no route to host|resource temporarily unavailable|device or resource busy|read-only file system|bad file descriptor|directory not empty|not a directory|is a directory|host is down|operation timed out)\b/i;

/** Words that hold an English sentence together: several of them make a query prose, not a list of names. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  'a an the to of if that which when whenever whose while for by with in on at is are was were be been being has have had will would can could may might should must into from as and or but not no it its this these those their them they there than then so once each every any all some other only after before until'.split(
    ' ',
  ),
);
/** Requests to go somewhere are not descriptions: "open the file that …", "jump to …". */
const NAVIGATE = /^\s*(open|go\s+to|goto|jump\s+to|navigate\s+to|take\s+me\s+to|bring\s+up)\b/i;
/** A description is a sentence: this many words at least (and at most: a paragraph is pasted), this many of them function words, at most this many names. */
const DESCRIPTION = { minWords: 6, maxWords: 60, minFunctionWords: 2, minFunctionShare: 0.2, maxNames: 2 } as const;
/** What a pasted log or error line carries and a description does not: a log level or errno in capitals, "Error:", a clock time. */
const LOGGED = /\b[A-Z]{3,}[A-Z0-9_]*\b|\b\w*(Error|Exception|Warning|error|warning|fatal)\s*:|\d{1,2}:\d{2}/;

/**
 * A sentence that says what code does: "Removes every listener registered for the given event",
 * "Synchronously raises TaskAbortError if the task has been cancelled". Prose — function words
 * between a few names at most — and not a question (those have their own rules), not a pasted
 * log or error line (LOGGED, the error formats). A name or error class it mentions is part of
 * the description, not the thing asked for.
 */
function isDescription(q: string, words: string[]): boolean {
  if (
    words.length < DESCRIPTION.minWords ||
    words.length > DESCRIPTION.maxWords ||
    ASKED.test(q) ||
    LOGGED.test(q) ||
    RUNTIME_FAILURE.test(q) ||
    ERROR_MESSAGE.test(q) ||
    SYSTEM_ERROR.test(q)
  )
    return false;
  if (NAVIGATE.test(q)) return false;
  const functionWords = words.filter((w) => FUNCTION_WORDS.has(w.toLowerCase())).length;
  const names = words.filter((w) => isCodeName(w) || ERRORISH.test(w)).length;
  // "the file that defines makeObservable" asks where a name is defined.
  if (names > 0 && words.some(isDefinitionCue)) return false;
  return (
    functionWords >= DESCRIPTION.minFunctionWords &&
    functionWords >= DESCRIPTION.minFunctionShare * words.length &&
    names <= DESCRIPTION.maxNames
  );
}
/**
 * A sentence describing code that quotes a word of it ("Returns the 'default' value when the key
 * is missing"): the quote marks a name inside the description, not a phrase the code contains.
 */
function quotedWordInProse(q: string, words: string[]): boolean {
  const quoted = QUOTED.exec(q);
  const text = quoted?.[1] ?? quoted?.[2] ?? quoted?.[3] ?? '';
  // Documentation opens with what the code does ("Returns …", "Return …"); a printed message
  // states what happened ("thread 'main' has overflowed its stack", "TS2339: Property 'x' …",
  // "Timeout of 30s exceeded for 'fetchUser'") and stays a literal.
  return (
    !/\s/.test(text.trim()) && DOC_OPENING.test(q) && !/:|\d/.test(q.replace(QUOTED, '')) && isDescription(q, words)
  );
}
/**
 * A how-question that quotes a value as an example ("how is a decimal string such as "3.14e-5"
 * turned into an f64", rust-core, real set) asks how such values are handled: the value is an
 * input the user made up, not a literal to find in the code. So is a value the example gives a
 * setting ("the options such as command="..." of an authorized_keys line", cloud-init): the
 * setting's name and `=` or `:` come between the cue and the quote.
 */
function quotedExample(q: string): boolean {
  return QUESTION_FORM.test(q) && QUOTED_EXAMPLE.test(q);
}
const QUOTED_EXAMPLE = /\b(?:such\s+as|like|e\.g\.,?|for\s+(?:example|instance),?)\s*(?:[\w.-]+\s*[=:]\s*)?["'`]/i;
/** The verb a documentation comment opens with: third person ("Returns") or imperative ("Return"). */
const DOC_OPENING =
  /^(?:[A-Z][a-z]+s|Return|Create|Get|Set|Remove|Check|Raise|Yield|Build|Make|Convert|Parse|Render|Load|Save|Add|Update|Delete|Compute|Find|Handle|Register|Apply|Ensure|Validate|Read|Write|Open|Close|Call|Run|Start|Stop|Send)\b/;

/**
 * A kind named after a name: "the Router class", "show me the Reaction constructor". The
 * lookahead asks for a capital or _ inside the name without splitting the name between two
 * [\w$]* (that split backtracks quadratically: 30 s on a 100,000-character word).
 */
const DEFINITION_NOUN =
  /\b([A-Za-z_$](?=[\w$]*[A-Z_$])[\w$]*)\s+(class|interface|struct|enum|trait|constructor|type\s+alias|hook|component)\b|^(show\s+me\s+|where\s+is\s+|where's\s+|open\s+|find\s+)?the\s+([A-Z][\w$]*)\s+(class|interface|struct|enum|trait|constructor|hook|component)\b/;

/**
 * One name asked for as a thing to open, the whole query: a verb of finding before it ("find
 * Segment", "go to the Console class"), or a kind after it ("Console class", "where's the
 * Segment type"). The name has a capital or an `_`: "find duplicates" is a request in words.
 * Anchored, and the lookahead asks for the capital without splitting the name (DEFINITION_NOUN).
 */
const NAME_TO_OPEN =
  /^(?:(?:show\s+me|where\s+is|where's|open|find|go\s+to|goto|jump\s+to|locate)\s+(?:the\s+)?((?=[\w$]*[A-Z_])[\w$]+)(?:\s+(?:class|interface|struct|enum|trait|type|module|constructor|function|method|macro))?|(?:the\s+)?((?=[\w$]*[A-Z_])[\w$]+)\s+(?:class|interface|struct|enum|trait|type|module|constructor|function|method|macro))\s*\??$/;

/**
 * The name a kind noun or a verb of finding names ("the Live class" → Live, "find Segment" →
 * Segment). It is the name even when it is spelled like a word the plan otherwise drops: `live`
 * is a definition cue ("where does X live").
 */
function nounNamedName(q: string): string | null {
  const m = DEFINITION_NOUN.exec(q);
  const open = NAME_TO_OPEN.exec(q);
  return m?.[1] ?? m?.[4] ?? open?.[1] ?? open?.[2] ?? null;
}
/**
 * Questions about how or why code works, asked in so many words: they win over the names they
 * mention. So does "how …" after a leading clause that sets the scene ("when merge.tool is not
 * configured, how does git mergetool pick a tool that is actually installed"), as asksHow reads it:
 * the clause's name is the setting, not the thing asked for.
 */
const QUESTION_FORM =
  /^(?:(?:[^,?.]|\.(?=\S))*,\s*(?=how\b))?(how\s+(is|are|does|do|did|can|should|to)\b|what\s+(does|do)\b.*\bdo\b|what\s+is\s+the\s+(purpose|point|role|meaning)\s+of\b|explain\b|describe\b|walk\s+me\s+through\b)/i;

/** A definition cue in any inflection: "declares" as "declare", "defining" as "define". */
function isDefinitionCue(word: string): boolean {
  return DEFINITION_CUE_FORMS.has(word.toLowerCase());
}

/**
 * A cue word directly before a plain word of the phrase modifies it (`source id from url`, `live
 * reload server`, `definition list`): a noun of what is asked about, not a request for where
 * something is defined (`source of X`, `X source`, `source code for X`).
 */
function modifiesNext(words: readonly string[], i: number): boolean {
  const next = words[i + 1];
  return (
    next !== undefined &&
    /^[a-z]+$/.test(next) &&
    next !== 'code' &&
    !STOP_WORDS.has(next) &&
    !CUE_WORDS.has(next) &&
    !isDefinitionCue(next)
  );
}

/** Words that say "I want the definition" without a keyword. */
const DEFINITION_CUE = new Set([
  'defined',
  'define',
  'defines',
  'definition',
  'declared',
  'declare',
  'declaration',
  'implemented',
  'implementation',
  'located',
  'live',
  'lives',
  'source',
]);
/** The cue words and their inflections, once: the words whose base form (tokens.ts) is a cue. */
const DEFINITION_CUE_FORMS: ReadonlySet<string> = new Set([
  ...DEFINITION_CUE,
  ...[...DEFINITION_CUE]
    .flatMap((c) => [`${c}s`, `${c}d`, `${c}ed`, `${c}ing`, `${c.replace(/e$/, '')}ing`])
    .filter((f) => baseForms(f).some((b) => DEFINITION_CUE.has(b))),
]);

const UNDERSTAND_WORDS =
  /\b(how|why|explain|explains|explained|architecture|overview|purpose|walk\s+me\s+through|describe|what\s+does|what\s+is|what\s+are)\b/i;

/** Intent phrase words removed before taking the query's terms. */
const CUE_WORDS = new Set([
  ...DEFINITION_CUE,
  'calls',
  'call',
  'callers',
  'caller',
  'usages',
  'usage',
  'references',
  'reference',
  'refs',
  'invokes',
  'invocations',
  'impact',
  'blast',
  'radius',
  'depends',
  'depend',
  'dependents',
  'downstream',
  'break',
  'breaks',
  'affected',
  'similar',
  'explain',
  'architecture',
  'overview',
  'used',
  'called',
  'referenced',
  'imported',
]);

/**
 * The cue words that stay cues in a question asking how: they ask for an explanation, or for the
 * code itself ("how is rate limiting implemented"), and say nothing of what the code does.
 */
const HOW_QUESTION_CUES: ReadonlySet<string> = new Set([
  'explain',
  'architecture',
  'overview',
  'implemented',
  'implementation',
]);

/**
 * A PHP name with its namespace, typed alone (`Symfony\Component\Console\Color`,
 * `\App\Kernel::boot`): the class is what selects, and it is asked alone (`Color`,
 * `Kernel::boot`). Its namespace is a path of folders the package's root often leaves out, and
 * as qualifiers its last part (`Compiler` in `…\Compiler\PassConfig`) can be a class of its own,
 * whose `$passConfig` then passed the class asked for. A backslash anywhere else (a Windows path
 * in a pasted message, an escape) is not a name's.
 */
const NAMESPACED_NAME = /^\\?[A-Za-z_]\w*(?:\\[A-Za-z_]\w*)+(?:::\$?[A-Za-z_]\w*)?$/;
/** A name, or a qualified name: `A.b`, `A::b`, `A#b` (Ruby's instance method), `A->b` (PHP, C), `A:b` (Lua's method). */
const WORD_LIKE = /[A-Za-z_$][\w$]*(?:(?:\.|::?|#|->)[A-Za-z_$][\w$]*)*/g;
/** The separators of a qualified name. */
const QUALIFIER = /\.|::?|#|->/;
/**
 * Names that are more than identifier characters, as a language spells them: C++ destructors
 * (`~Matcher`), operators (`operator==`, `operator[]`) and conversion operators (`operator bool`), Ruby's `gsub!`, `empty?`, `value=` and
 * operator methods (`<=>`, `[]`, `==`). A `?` ends a name only where the query goes on after it
 * (`where is empty? defined`) or the name is typed alone: at the end of a sentence it is the question's.
 */
const DECORATED_NAME = new RegExp(
  [
    String.raw`(?<![\w$])operator\s*(?:\(\)|\[\]|<=>|[-+*/%^&|~!=<>]+|new(?:\[\])?|delete(?:\[\])?)`,
    // A conversion operator is named by its type: a builtin, a capitalised or a qualified name (`operator bool`).
    String.raw`(?<![\w$])operator\s+(?:(?:::)?[A-Za-z_]\w*::)*(?:::)?(?:bool|char|int|long|short|unsigned|float|double|size_t|[A-Z]\w*(?:<[^<>\s]*>)?)[*&]*(?![\w<])`,
    String.raw`(?<![\w$~])~[A-Za-z_]\w*`,
    String.raw`(?<![\w$])[A-Za-z_][\w]*(?:[!=](?![=~>\w])|\?(?=\s+\S))`,
    String.raw`(?<=^|\s)(?:<=>|===?|=~|\[\]=?|\*\*|<<|>>|[+-]@)(?=\s|$)`,
  ].join('|'),
  'g',
);
/** DECORATED_NAME for a yes/no test (a global RegExp's `test` keeps state between calls). */
const HAS_DECORATED_NAME = new RegExp(DECORATED_NAME.source);

/** A query that looks like code: several lines, or braces/semicolons/arrows around enough tokens. */
function looksLikeCodeSnippet(q: string): boolean {
  if (q.length < 12) return false;
  const punct = (q.match(/[{};=()[\]<>]|=>|->|::/g) ?? []).length;
  const lines = q.split('\n').filter((l) => l.trim()).length;
  if (lines >= 2 && punct >= 2) return true;
  return /[{;]/.test(q) && punct >= 4 && /\b(return|if|for|while|const|let|var|def|fn|func|function)\b|=>/.test(q);
}

/**
 * A one-line sentence that describes code and quotes a fragment of it at its end ("Returns true if
 * T has the same terms as interface{[]byte | string}."): what comes before the fragment's first
 * bracket is a description on its own, so the line is prose, not a pasted piece of code.
 */
function proseQuotingCode(q: string): boolean {
  if (q.includes('\n')) return false;
  const open = q.search(/[{[(]/);
  if (open <= 0) return false;
  const opening = q.slice(0, open);
  return DOC_OPENING.test(opening) && isDescription(opening, opening.match(WORD_LIKE) ?? []);
}

/**
 * A file's name or path typed alone, as into an editor's "go to file" (`console.py`, `open
 * router.go`, `lib/router/index.js`, `router/index`, `Makefile`, `router.go:120`): the file is
 * asked for, not the definitions its stem names. A name with an extension counts when the
 * extension is a source or text file's, so `os.path`, `res.send` and `Echo.Start` stay names; a
 * name without one only when it is a conventional file name, so `index` and `config` keep the
 * identifier rule. A path with a `/` is a path (a `/regex/` is the query syntax's, read before).
 */
const TYPED_FILE =
  /^((?:\.{1,2}\/)*(?:[\w@+-][\w@.+-]*\/)+[\w@.+-]*|\.?[\w@+-][\w@.+-]*?(?:\.([A-Za-z0-9]+))?)(?::(\d+)(?::\d+)?)?$/;
/** Verbs of opening before a file's name: `open console.py`, `go to the file router.go`. */
const FILE_OPEN_VERB = /^(?:open|go\s+to|goto|jump\s+to|show(?:\s+me)?|view|edit)\s+(?:the\s+)?(?:file\s+)?(?=\S+$)/i;
/** Text files' extensions beside the languages' (query-syntax's `lang:`): build, config and documentation files. */
const TEXT_FILE_EXTENSIONS: ReadonlySet<string> = new Set(
  'txt toml xml ini cfg conf mk cmake lock sql proto rst gradle properties in am ac tpl twig erb ex exs dart pyx pxd'.split(
    ' ',
  ),
);
/** Files named by convention without an extension (or with a leading dot), which a user opens by that name. */
const CONVENTIONAL_FILE_NAMES: ReadonlySet<string> = new Set(
  'Makefile makefile GNUmakefile Dockerfile Containerfile Rakefile Gemfile Vagrantfile Jenkinsfile Procfile Brewfile Podfile Guardfile Kconfig Kbuild Doxyfile LICENSE COPYING README CHANGELOG NEWS AUTHORS CONTRIBUTING NOTICE go.mod go.sum .gitignore .gitattributes .gitmodules .editorconfig .dockerignore .npmignore .npmrc .env'.split(
    ' ',
  ),
);

/**
 * A command-line option typed alone (`--max-age`, `--max-age=1h`), with the words that say what it
 * is (`flag`, `option`) and where it is asked for (`where is the … defined`). One dash takes a name
 * of two letters or more (`-find`, X11's and Go's `flag` package's long options); a lone letter
 * (`-v`) names too many things to look for.
 */
const TYPED_OPTION =
  /^(?:(?:where\s+is|where's|find|show(?:\s+me)?)\s+)?(?:the\s+)?(--?)([A-Za-z][A-Za-z\d_]*(?:-[A-Za-z\d_]+)*)(?:=\S*)?(?:\s+(?:flag|option|switch|argument|parameter|param))?(?:\s+(?:defined|declared|registered|parsed|handled|added))?\s*\??$/i;

/** The option a query typed alone names (TYPED_OPTION), as typed with its dashes, and its name; null when it names none. */
export function commandLineOption(q: string): { typed: string; name: string } | null {
  const m = TYPED_OPTION.exec(q.trim());
  if (!m) return null;
  const [, dashes, name] = m;
  if (dashes === '-' && name.length < 2) return null;
  return { typed: dashes + name, name };
}

/**
 * A command-line option a question names among its words (`what does --max-age do`, `how does
 * -dsn work`), as typed and its name: dashes where a word starts. One dash takes a name of two
 * letters or more, as TYPED_OPTION's does (Go's `flag` package spells its long options so).
 */
const OPTION_IN_WORDS = /(?:^|[\s"'\x60(])((--?)([A-Za-z][A-Za-z\d_]*(?:-[A-Za-z\d_]+)*))(?=$|[\s"'\x60),.?:;=!])/;

/** The option a question names among its words (OPTION_IN_WORDS); null when it names none. */
export function optionNamedIn(q: string): { typed: string; name: string } | null {
  const m = OPTION_IN_WORDS.exec(q);
  if (!m || (m[2] === '-' && m[3].length < 2)) return null;
  return { typed: m[1], name: m[3] };
}

/**
 * The lines that may declare an option, in RE2 syntax: the option as typed where the code writes it
 * whole (Python's `add_argument('--max-age')`, a shell's `--max-age)` case arm, Ruby's
 * `opts.on('--max-age AGE')`), or its name alone as a whole string literal (Go's
 * `flags.DurationVarP(…, "max-age", …)`, getopt_long's `{"max-age", required_argument, …}`, clap's
 * `.long("max-age")`).
 */
export function optionPattern(typed: string, name: string): string {
  return `${escapeRegExp(typed)}(?:[^\\w-]|$)|["'\`]${escapeRegExp(name)}["'\`]`;
}

/** The file a query typed alone names (TYPED_FILE), with the line it asks for; null when the query is no file's name. */
export function typedFile(q: string): { path: string; line?: number } | null {
  const m = TYPED_FILE.exec(q.trim().replace(FILE_OPEN_VERB, ''));
  if (!m || !/[A-Za-z]/.test(m[1])) return null;
  const [, path, extension, line] = m;
  const named =
    path.includes('/') ||
    CONVENTIONAL_FILE_NAMES.has(path) ||
    (extension !== undefined &&
      (LANGUAGE_FILE_EXTENSIONS.has(extension.toLowerCase()) || TEXT_FILE_EXTENSIONS.has(extension.toLowerCase())));
  if (!named) return null;
  return line === undefined ? { path } : { path, line: Number(line) };
}

interface Rule {
  id: RuleId;
  intent: Intent;
  /** What the rule looks for, in words (shown on the "How ranking works" page). */
  looksFor: string;
  /** The confidence it gives, as shown. */
  confidence: string;
  /** Returns the confidence when the rule fires, or null. */
  test(query: string, words: string[]): number | null;
}

const ORDERED_RULES: readonly Rule[] = [
  {
    id: 'code-snippet',
    confidence: String(CONFIDENCE.codeSnippet),
    intent: 'find_similar',
    looksFor: 'a pasted piece of code',
    test: (q) =>
      (looksLikeCodeSnippet(q) && !proseQuotingCode(q)) || ONE_LINE_DEFINITION.test(q) ? CONFIDENCE.codeSnippet : null,
  },
  {
    id: 'definition-keyword',
    confidence: String(CONFIDENCE.definitionKeyword),
    intent: 'find_definition',
    looksFor:
      'starts with def/class/func/function/fn/interface/type/struct/enum/import… and a name (not three lower-case words or more: “type keyed hash map set” is a phrase)',
    test: (q) => (DEFINITION_KEYWORD.test(q) && !PHRASE_AFTER_KEYWORD.test(q) ? CONFIDENCE.definitionKeyword : null),
  },
  {
    id: 'impact-phrase',
    confidence: String(CONFIDENCE.impactPhrase),
    intent: 'impact_analysis',
    looksFor:
      '“impact”, “blast radius”, “what depends on”, “what breaks if”, “downstream of”, “transitively”, “safe to change”',
    test: (q) => (IMPACT_PHRASE.test(q) ? CONFIDENCE.impactPhrase : null),
  },
  {
    id: 'references-phrase',
    confidence: String(CONFIDENCE.referencesPhrase),
    intent: 'find_references',
    looksFor: '“who calls”, “usages of”, “references to”, “where is … used”, “every place that calls”, “consumers of”',
    test: (q) => (REFERENCES_PHRASE.test(q) ? CONFIDENCE.referencesPhrase : null),
  },
  {
    id: 'similar-phrase',
    confidence: String(CONFIDENCE.similarPhrase),
    intent: 'find_similar',
    looksFor:
      '“similar to”, “looks like”, “alternatives to”, “same as”, “duplicates of”, “other X implementations”, “siblings of X”, “validators like A::x”',
    test: (q) =>
      SIMILAR_PHRASE.test(q) || SIMILAR_NAMED.test(q.trim()) || SIMILAR_ROLE.test(q.trim())
        ? CONFIDENCE.similarPhrase
        : null,
  },
  {
    id: 'quoted-string',
    confidence: String(CONFIDENCE.quotedString),
    intent: 'exact_match',
    looksFor: 'a "quoted string" (not a quoted word inside a sentence that describes code)',
    test: (q, words) =>
      QUOTED.test(q) && !quotedWordInProse(q, words) && !quotedExample(q) ? CONFIDENCE.quotedString : null,
  },
  {
    id: 'command-line-option',
    confidence: String(CONFIDENCE.commandLineOption),
    intent: 'exact_match',
    looksFor:
      'a command-line option typed alone, as a user reads it in a usage text: `--max-age`, `--dry-run flag`, `where is the --transfers option defined`, `-find`',
    test: (q) => (commandLineOption(q) ? CONFIDENCE.commandLineOption : null),
  },
  {
    id: 'file-name',
    confidence: String(CONFIDENCE.fileName),
    intent: 'find_definition',
    looksFor:
      'a file’s name or path typed alone, as to “go to file”: `console.py`, `open router.go`, `router/index`, `lib/router/index.js:40`, `Makefile`',
    test: (q) => (typedFile(q) ? CONFIDENCE.fileName : null),
  },
  {
    id: 'question-form',
    confidence: String(CONFIDENCE.understandWords),
    intent: 'understand_code',
    looksFor:
      'a question about how code works that names code: “how is queryHash computed”, “what does X do”, “explain …” (before the names it mentions)',
    // Only where a later rule would take the name for the ask; plain questions reach understand-words.
    test: (q, words) => (QUESTION_FORM.test(q) && namesSomething(q, words) ? CONFIDENCE.understandWords : null),
  },
  {
    id: 'definition-noun',
    confidence: String(CONFIDENCE.definitionNoun),
    intent: 'find_definition',
    looksFor:
      'a name with the kind of thing it is, or a verb of finding: “the Router class”, “the Reaction constructor”, “Console class”, “find Segment”',
    // An error token asked for ("find ECONNREFUSED") is text to match, as the error-token rule reads it.
    test: (q) =>
      DEFINITION_NOUN.test(q) || (NAME_TO_OPEN.test(q) && !ERROR_TOKEN.test(q)) ? CONFIDENCE.definitionNoun : null,
  },
  {
    id: 'description',
    confidence: String(CONFIDENCE.description),
    intent: 'understand_code',
    looksFor:
      'a sentence describing what code does: “Removes every listener registered for the given event” (not a question, not a pasted log or error line)',
    test: (q, words) => (isDescription(q, words) ? CONFIDENCE.description : null),
  },
  {
    id: 'error-token',
    confidence: String(CONFIDENCE.errorToken),
    intent: 'exact_match',
    looksFor:
      'an error token or a runtime failure format: ECONNREFUSED, ERR_REQUIRE_ESM, TypeError, SIGSEGV, a Go or Rust panic, “x is not a function”, traceback',
    // `where is ValueError defined` asks for the class, as any name in that frame.
    test: (q) =>
      (ERROR_TOKEN.test(q) || RUNTIME_FAILURE.test(q)) && !WHERE_DEFINED.test(q.trim()) ? CONFIDENCE.errorToken : null,
  },
  {
    id: 'error-message',
    confidence: String(CONFIDENCE.errorMessage),
    intent: 'exact_match',
    looksFor:
      'a message worded like an error: “Cannot …”, “Failed to …”, “Unable to …”, or a system error text (“address already in use”, “permission denied”) (below the direct-path threshold)',
    test: (q) => (ERROR_MESSAGE.test(q) || SYSTEM_ERROR.test(q) ? CONFIDENCE.errorMessage : null),
  },
  {
    id: 'identifier',
    confidence: `${CONFIDENCE.identifierMin}–${CONFIDENCE.identifierMax}`,
    intent: 'find_definition',
    looksFor:
      'a camelCase, PascalCase, snake_case or dotted name (higher when it is most of the query), or any single name typed alone (`parse`, `A::b`, `A#b`, `A->b`)',
    test: (q, words) => (isLoneName(q, words) ? CONFIDENCE.identifierMax : identifierConfidence(words)),
  },
  {
    id: 'definition-phrase',
    confidence: String(CONFIDENCE.definitionPhrase),
    intent: 'find_definition',
    looksFor: 'a name with “defined”, “definition”, “declared”, “implementation”',
    test: (q, words) => definitionPhraseConfidence(words, q),
  },
  {
    id: 'understand-words',
    confidence: String(CONFIDENCE.understandWords),
    intent: 'understand_code',
    looksFor: '“how”, “why”, “explain”, “architecture”, “what does”',
    test: (q) => (UNDERSTAND_WORDS.test(q) ? CONFIDENCE.understandWords : null),
  },
];

const VERBATIM_RULE = {
  rule: 'verbatim-text' as const,
  intent: 'exact_match' as const,
  looksFor:
    'pasted text (a log or error line, 3+ words) that the repository contains verbatim — checked in the trigram index when searching; a phrase of plain words only where a line of code holds it, not a comment, a docstring or a document',
  confidence: String(CONFIDENCE.verbatimText),
};

/** The rules in the order they are tried, with the fallback last: the classifier, described. */
export const CLASSIFIER_RULES: readonly { rule: RuleId; intent: Intent; looksFor: string; confidence: string }[] = [
  ...ORDERED_RULES.flatMap((r) => {
    const row = { rule: r.id, intent: r.intent, looksFor: r.looksFor, confidence: r.confidence };
    return r.id === 'error-token' ? [row, VERBATIM_RULE] : [row];
  }),
  { rule: 'fallback', intent: 'understand_code', looksFor: 'anything else', confidence: String(CONFIDENCE.fallback) },
];

/**
 * Pasted text. A developer pastes an error or log line without quotes ("Cannot reuse a closed
 * connection"); when the repository contains it — or a long run of it — verbatim, the files that
 * contain it should lead, as grep would find them. This rule needs the corpus, so the engine runs
 * it after classify() with the trigram index as `occurs`; classify() alone never fires it.
 */
export const VERBATIM = {
  /** A run shorter than this many words is a phrase, not a pasted line. */
  minWords: 3,
  minChars: 12,
  /** The run must cover this share of the line's words … */
  minCoverage: 0.7,
  /** … unless it is this long on its own (a long message inside a longer log line). */
  longRunWords: 6,
  /** Lookups in the index per query, at most (each is a trigram intersection, then a verification). */
  maxLookups: 48,
  maxLines: 8,
  maxWordsPerLine: 40,
} as const;

/** Rules whose answer a verbatim occurrence may replace; every other rule is kept as it fired. */
const VERBATIM_OVERRIDES: ReadonlySet<string> = new Set([
  'fallback',
  'understand-words',
  'description',
  'identifier',
  'definition-phrase',
  'error-token',
  'error-message',
  'quoted-string',
]);
/**
 * Rules a word of a message fires (bindgen's `type parameters can always convert to rust ty OK`,
 * `function pointer cannot derive {}`, `aliases and type refs to T which have float …`,
 * containers-storage's `devmapper: device %s still has %d active dependents`): the
 * message is pasted when a format starting it explains nearly all of it, as a prompt worded as a
 * question is (routeAskedPrompt); "function that parses the config" has no such format.
 */
const MESSAGE_WORD_RULES: ReadonlySet<string> = new Set(['definition-keyword', 'references-phrase', 'impact-phrase']);
/** Rules of a phrase in plain words: pasted text only when the code itself holds the run. */
const PHRASE_RULES: ReadonlySet<string> = new Set(['fallback', 'understand-words', 'description']);
/** Lowercase words and single spaces: typed into a search box, not pasted from a terminal or a page. */
const TYPED_PHRASE = /^[a-z]+(?: [a-z]+)*$/;
/** Rules that keep their intent and confidence: the verbatim run only widens their literal. */
const LITERAL_KEEPING: ReadonlySet<string> = new Set(['error-token', 'quoted-string']);
/** Rules that already say "this is an error line": any long enough verbatim run is its message. */
const ERROR_LINE: ReadonlySet<string> = new Set(['error-token', 'error-message']);
/** Questions and requests are asked, not pasted; a contraction (`can't convert …`, `doesn't`) opens a message. */
const ASKED =
  /^\s*(how|why|what|where|which|who|when|explain|describe|show|find|list|does|do|is|are|can|should|walk)\b(?!['’])/i;

/**
 * The longest run of whole words of the query that `occurs` in the corpus and is long enough to
 * count as pasted text; null when there is none. Lines of a multi-line paste are tried separately.
 */
export function verbatimRun(query: string, occurs: (text: string) => boolean, anyLongRun = false): string | null {
  let lookups = 0;
  let best: string | null = null;
  for (const line of query.split('\n').slice(0, VERBATIM.maxLines)) {
    const words = line.trim().split(/\s+/).filter(Boolean).slice(0, VERBATIM.maxWordsPerLine);
    if (words.length < VERBATIM.minWords) continue;
    // A line already worded like an error: any run of 3+ words it shares with the code is its message.
    const need = anyLongRun
      ? VERBATIM.minWords
      : Math.min(VERBATIM.longRunWords, Math.ceil(VERBATIM.minCoverage * words.length));
    // Longest first: the first run found at a length is the answer for this line.
    for (let len = words.length; len >= Math.max(need, VERBATIM.minWords); len--) {
      if (best && best.split(' ').length >= len) break;
      let found: string | null = null;
      for (let start = 0; start + len <= words.length && !found; start++) {
        const run = trimPunctuation(words.slice(start, start + len).join(' '));
        if (run.length < VERBATIM.minChars || run.split(' ').length < VERBATIM.minWords) continue;
        if (++lookups > VERBATIM.maxLookups) return best;
        if (occurs(run)) found = run;
      }
      if (found) {
        best = found;
        break;
      }
    }
  }
  return best;
}

/** Quotes, brackets and sentence punctuation around a pasted run are not part of the message. */
function trimPunctuation(run: string): string {
  return run.replace(/^[\s"'`([{<]+/, '').replace(/[\s"'`)\]}>.,;:!?]+$/, '');
}

/**
 * A printed message with its values filled in (`error: no such table "orders"`, `port 80a is not
 * a number`, `Timeout of 30s exceeded for 'fetchUser'`) as the patterns of the format string that
 * printed it, most specific first: the message's constant words in order, each value (a quoted
 * string, a word starting with a digit) a gap of up to MESSAGE.maxValueChars characters that
 * `%s`/`%q`/`{}`/`{:?}`/`{name}`/`${x}`/`" + x + "` fills in the source. A leading `word: `
 * (a log level, a program or exception name) may be printed around the format string rather than
 * by it, so each pattern is also tried without it. Empty when the message has no value or too few
 * constant words to point at one line.
 */
export function messagePatterns(query: string): string[] {
  const line = query.trim().split('\n')[0] ?? '';
  if (line.length > MESSAGE.maxChars || !/\s/.test(line)) return [];
  const stages: string[][] = [];
  for (let text = line, i = 0; i < 3; i++) {
    stages.push(messagePatternsOf(text));
    const rest = text.replace(/^[\w.$-]+:\s+/, '');
    if (rest === text) break;
    text = rest;
  }
  // Most specific first: every stage's whole message, then every stage with one word fewer, …
  const out: string[] = [];
  for (let drop = 0; drop <= MESSAGE.maxTrailingDrops; drop++) for (const s of stages) if (s[drop]) out.push(s[drop]);
  return [...new Set(out)];
}

/** What makes a pasted message one format string's output. */
export const MESSAGE = {
  maxChars: 300,
  /** A value the format string filled in is at most this long. */
  maxValueChars: 80,
  /** Constant text the pattern must keep, at least. */
  minConstantWords: 2,
  minConstantChars: 8,
  /** Words after the last value that may be a value too (`after major version number`), dropped one by one. */
  maxTrailingDrops: 4,
} as const;

/** A value in a printed message: a quoted string, or a word that starts with a digit (30s, 80a, 0x1f, 127.0.0.1). */
const MESSAGE_VALUE = /"[^"\n]*"|'[^'\n]*'|`[^`\n]*`|(?<![\w$.])\d[\w.:/-]*/g;

/** The message's patterns: its constant pieces joined by gaps, then with its last words dropped one by one. */
function messagePatternsOf(text: string): string[] {
  const constants: string[] = [];
  let last = 0;
  for (const m of text.matchAll(MESSAGE_VALUE)) {
    constants.push(text.slice(last, m.index));
    last = m.index + m[0].length;
  }
  if (constants.length === 0) return [];
  constants.push(text.slice(last));
  // Values at either end are left out: a pattern starts and ends with constant text.
  let pieces = constants.map((c) => c.trim().split(/\s+/).filter(Boolean));
  while (pieces.length > 0 && pieces[0].length === 0) pieces.shift();
  while (pieces.length > 0 && pieces[pieces.length - 1].length === 0) pieces.pop();
  pieces = pieces.filter((p) => p.length > 0);
  const out: string[] = [];
  for (let drop = 0; drop <= MESSAGE.maxTrailingDrops && pieces.length > 0; drop++) {
    const words = pieces.flat();
    if (words.filter((w) => /\w/.test(w)).length < MESSAGE.minConstantWords) break;
    if (words.join(' ').length < MESSAGE.minConstantChars) break;
    // Without a value inside, a shortened message is only a phrase: no longer a format's.
    if (drop > 0 && pieces.length < 2) break;
    out.push(patternOf(pieces));
    const lastPiece = pieces[pieces.length - 1].slice(0, -1);
    pieces = lastPiece.length > 0 ? [...pieces.slice(0, -1), lastPiece] : pieces.slice(0, -1);
  }
  return out;
}

function patternOf(pieces: string[][]): string {
  const gap = `.{1,${MESSAGE.maxValueChars}}`;
  return pieces
    .map((words, i) => {
      // Sentence punctuation after the last word is the message's, not the format's.
      const kept =
        i === pieces.length - 1 ? [...words.slice(0, -1), words[words.length - 1].replace(/[.,;:!?]+$/, '')] : words;
      return kept
        .filter(Boolean)
        .map(escapeRegExp)
        .join(String.raw`\s+`);
    })
    .join(gap);
}

/**
 * Re-plans a query whose text the corpus contains verbatim as an exact match on that text, or a
 * printed message whose format string the corpus contains (`matches`, a regex search) as an exact
 * match on that format. Returns the plan unchanged when the rule does not apply.
 */
export function routePastedText(
  plan: QueryPlan,
  occurs: (text: string) => boolean,
  matches?: (pattern: string) => boolean,
  formatsOf?: (message: string) => FormatMatch[],
  occursInCode?: (text: string, commentsCount?: boolean, caseSensitive?: boolean) => boolean,
): QueryPlan {
  const located = formatsOf && plan.raw.includes('\n') ? routeLocatedMessage(plan, formatsOf) : null;
  if (located) return located;
  if (plan.rule === 'code-snippet' && formatsOf) return routeMessageLikeSnippet(plan, occurs, formatsOf);
  if (plan.rule === 'similar-phrase' && formatsOf) return routeExplainedMessage(plan, formatsOf);
  if (MESSAGE_WORD_RULES.has(plan.rule) && formatsOf) return routeAskedPrompt(plan, formatsOf);
  if (!VERBATIM_OVERRIDES.has(plan.rule) || (plan.literal && !LITERAL_KEEPING.has(plan.rule))) return plan;
  if (ASKED.test(plan.raw)) {
    // A question quoting text the repository does not hold ("how does it join names into 'a, b
    // and c'") quotes what the code makes, not a phrase to find: asked in its words, not nothing.
    const asked = routeAskedPrompt(plan, formatsOf);
    return asked === plan ? withoutAbsentValue(plan, occurs) : asked;
  }
  // A query that is only the quoted string is exactly what the user asked for.
  if (plan.rule === 'quoted-string' && plan.literal && plan.raw.replace(/^["'`]|["'`]$/g, '') === plan.literal)
    return plan;
  // A sentence describing code that quotes a fragment of it is no printed message: a format
  // string matching the fragment (`"interface{...}"` for `interface{[]byte | string}`) says
  // nothing of the description around it. Only its verbatim text could be pasted.
  const quotesCode = plan.rule === 'description' && proseQuotingCode(plan.raw);
  // A message with values filled in: the line of its format string, not the values.
  if (matches && !quotesCode && !occurs(plan.raw)) {
    const formats = formatsOf?.(plan.raw) ?? [];
    if (formats.length > 0) return formatPlan(plan, formats);
    const pattern = messagePatterns(plan.raw).find((p) => matches(p));
    if (pattern !== undefined) {
      const routed: QueryPlan = {
        ...plan,
        intent: 'exact_match',
        confidence: CONFIDENCE.verbatimText,
        rule: 'verbatim-text',
        regex: pattern,
        pasted: true,
      };
      delete routed.literal;
      return routed;
    }
  }
  // A phrase typed in plain words of which the code's comments or documents say a part ("open a
  // pseudo terminal" beside `/// Open a pseudoterminal device`) describes the code; pasted output
  // is text the code holds, in a string or a line of code. A phrase a source file holds whole,
  // comments too, was pasted from it; a README's sentence is no code. Text with a log line's marks
  // around it is found wherever the repository holds it. Pasted text keeps the case it was
  // printed in: a phrase typed in lower case that the code holds only with other capitals inside
  // ("build ssa for package" in `"cannot build SSA for package %s"`, "directory name lookup
  // cache" in a title) was typed, not copied; a sentence's capital first letter may differ.
  const typedWords = TYPED_PHRASE.test(plan.raw.trim()) ? plan.raw.trim().split(' ').length : 0;
  const seen =
    PHRASE_RULES.has(plan.rule) && typedWords > 0 && occursInCode
      ? (run: string) => {
          const commentsCount = run.split(' ').length >= typedWords;
          const capitalized = run.charAt(0).toUpperCase() + run.slice(1);
          return occursInCode(run, commentsCount, true) || occursInCode(capitalized, commentsCount, true);
        }
      : occurs;
  const run = verbatimRun(plan.raw, seen, ERROR_LINE.has(plan.rule));
  const short = !run && formatsOf && !quotesCode ? routeShortMessage(plan, occurs, formatsOf) : null;
  if (short) return short;
  if (!run || (plan.literal && run.length <= plan.literal.length)) return withoutAbsentValue(plan, occurs);
  if (plan.rule === 'quoted-string' && !run.toLowerCase().includes(plan.literal!.toLowerCase()))
    return withoutAbsentValue(plan, occurs);
  // An error token or a quoted string keeps its rule and confidence (the design's examples are
  // pinned); only the literal grows to the pasted message around it.
  if (LITERAL_KEEPING.has(plan.rule)) return { ...plan, literal: run, pasted: true };
  return {
    ...plan,
    intent: 'exact_match',
    confidence: CONFIDENCE.verbatimText,
    rule: 'verbatim-text',
    literal: run,
    pasted: true,
  };
}

/**
 * A name typed alone that the error-token rule took for an error (`NewHTTPError`, `HTTPError`,
 * `ENOENT`) and that the repository defines: a definition question, as any lone name is. A token
 * the repository does not define (`TypeError` in a JavaScript project) stays an exact match.
 */
export function routeDefinedName(plan: QueryPlan, defines: (name: string) => boolean): QueryPlan {
  if (plan.rule !== 'error-token') return plan;
  // A PHP exception (or its method) typed with its namespace, `Doctrine\DBAL\Types\ConversionException::
  // conversionFailedFormat`, is asked without it, as the identifier rule asks a namespaced name.
  const asked = NAMESPACED_NAME.test(plan.raw) ? plan.raw.slice(plan.raw.lastIndexOf('\\') + 1) : plan.raw;
  if (!isLoneName(asked, asked.match(WORD_LIKE) ?? [])) return plan;
  // The name first, then its qualifier (`echo.NewHTTPError` → NewHTTPError, echo).
  const identifiers = splitPath(asked);
  if (!defines(identifiers[0])) return plan;
  const routed: QueryPlan = {
    ...plan,
    intent: 'find_definition',
    confidence: CONFIDENCE.identifierMax,
    rule: 'identifier',
    identifiers,
  };
  delete routed.literal;
  return routed;
}

/**
 * A quoted value of a pasted message that the repository does not contain (`timer "t1" has no
 * driver`) is a runtime value, not a phrase of the code: the message is searched by its words
 * rather than answered with nothing.
 */
function withoutAbsentValue(plan: QueryPlan, occurs: (text: string) => boolean): QueryPlan {
  if (plan.rule !== 'quoted-string' || !plan.literal || occurs(plan.literal)) return plan;
  const rest = plan.raw.replace(QUOTED, ' ').trim();
  if ((rest.match(WORD_LIKE) ?? []).length < VERBATIM.minWords) return plan;
  const routed: QueryPlan = {
    ...plan,
    intent: 'understand_code',
    confidence: CONFIDENCE.fallback,
    rule: 'fallback',
  };
  delete routed.literal;
  return routed;
}

/** The plan of a message printed by the format strings `formats`: an exact match on their source lines. */
function formatPlan(plan: QueryPlan, formats: readonly FormatMatch[]): QueryPlan {
  // An error token or a quoted string keeps its rule and confidence, as with a verbatim run.
  const keep = LITERAL_KEEPING.has(plan.rule);
  const routed: QueryPlan = {
    ...plan,
    intent: 'exact_match',
    confidence: keep ? plan.confidence : CONFIDENCE.verbatimText,
    rule: keep ? plan.rule : 'verbatim-text',
    regex: formatLinePattern(formats),
    answerLines: formats.map((f) => ({ path: f.path, line: f.line })),
    caseSensitive: true,
    pasted: true,
  };
  delete routed.literal;
  return routed;
}

/**
 * A paste holding a location printed on a line of its own, its message on the next (a Rust
 * panic since 1.73, Symfony Console's `In Application.php line 720:`): terminal output whatever
 * rule its words fired (`The StreamOutput class needs a stream …` reads as a definition
 * question), answered by the format of that message when one prints it. Null otherwise.
 */
function routeLocatedMessage(plan: QueryPlan, formatsOf: (message: string) => FormatMatch[]): QueryPlan | null {
  const reading = readPastedLines(plan.raw);
  const heads = [...reading.runsOn].filter(([, how]) => how === 'location').slice(0, MAX_LABELLED_LINES);
  for (const [i] of heads) {
    const formats = formatsOf(`${reading.lines[i]}\n${reading.lines[i + 1]}`);
    if (formats.length > 0) return formatPlan(plan, formats);
  }
  return null;
}

/**
 * A message of two or three words, shorter than a verbatim run (`unexpected stage`, `corrupt
 * b-tree`, `Expected SSH_MSG_NEWKEYS`, `make_service closed`), that the repository holds: a
 * pasted message, not a phrase or a name, when a format prints exactly it — starting it,
 * explaining nearly all of it (SNIPPET_MESSAGE_COVERAGE), and its constant text written as the
 * paste writes it (case kept: a typed phrase is seldom the code's own literal, letter for letter).
 */
function routeShortMessage(
  plan: QueryPlan,
  occurs: (text: string) => boolean,
  formatsOf: (message: string) => FormatMatch[],
): QueryPlan | null {
  const text = plan.raw.trim();
  const words = text.split(/\s+/).length;
  if (text.includes('\n') || words < 2 || (words >= VERBATIM.minWords && text.length >= VERBATIM.minChars)) return null;
  if (!occurs(text)) return null;
  const formats = formatsOf(text).filter(
    (f) => f.startsMessage === true && f.coverage >= SNIPPET_MESSAGE_COVERAGE && writtenIn(f, [text]),
  );
  return formats.length > 0 ? formatPlan(plan, formats) : null;
}

/**
 * A message worded as a question is a program's prompt (Symfony's `'Do you want to run "%s"
 * instead? '`), not the user's question, when a format starting it explains nearly all of it
 * (SNIPPET_MESSAGE_COVERAGE); otherwise the question keeps its plan.
 */
function routeAskedPrompt(plan: QueryPlan, formatsOf?: (message: string) => FormatMatch[]): QueryPlan {
  const formats = (formatsOf?.(plan.raw) ?? []).filter(
    (f) => f.startsMessage === true && f.coverage >= SNIPPET_MESSAGE_COVERAGE,
  );
  return formats.length > 0 ? formatPlan(plan, formats) : plan;
}

/**
 * A message when a format string explains nearly all of it (SNIPPET_MESSAGE_COVERAGE): a pasted
 * line that reads like code, or one that holds a word of the similar-phrase rule (docutils'
 * `Duplicate explicit target name: "configuration".`, `… looks like a directory`); "code similar
 * to parseConfig" has no format that prints it.
 */
function routeExplainedMessage(plan: QueryPlan, formatsOf: (message: string) => FormatMatch[]): QueryPlan {
  const formats = formatsOf(plan.raw).filter((f) => f.coverage >= SNIPPET_MESSAGE_COVERAGE);
  return formats.length > 0 ? formatPlan(plan, formats) : plan;
}

/**
 * A message whose punctuation reads like code (`…in the group [a b] are set; missing [b]`):
 * a message all the same when it is one line without calls, blocks, assignments or string
 * quotes, and a format string explains nearly all of it.
 */
function routeMessageLikeSnippet(
  plan: QueryPlan,
  occurs: (text: string) => boolean,
  formatsOf: (message: string) => FormatMatch[],
): QueryPlan {
  if (plan.raw.includes('\n')) return routeMessageInPaste(plan, occurs, formatsOf);
  // (A log's clock or level before it says a program printed the line, brackets and all: h2's
  // `[… TRACE h2::proto] send_close: Open => HalfClosedLocal(Token { … })`.)
  if ((/[(){}=<>"`]/.test(plan.raw) && !loggedLine(plan.raw)) || occurs(plan.raw)) return plan;
  return routeExplainedMessage(plan, formatsOf);
}

/**
 * A paste of several lines that reads like code (a Python traceback's frames, a Go panic's
 * goroutine dump, a Java stack) around one line that is a message: the message's format, when
 * a format explains nearly all of one of its lines of 3+ words without code punctuation. Only
 * the last such line (a traceback ends with its message) and the first (a panic or a Java
 * exception starts with it) are tried, after the lines a terminal labels as an error (two at
 * most): code pasted to find similar code pays four lookups at most.
 */
function routeMessageInPaste(
  plan: QueryPlan,
  occurs: (text: string) => boolean,
  formatsOf: (message: string) => FormatMatch[],
): QueryPlan {
  const reading = readPastedLines(plan.raw);
  const raw = reading.lines;
  // Lines a terminal labels as an error (`Error: …` under a usage text, a Ruby frame, a Rust
  // panic whose message is on the next line) are its message whatever their punctuation, and
  // need no more of a format than a one-line paste does: code does not start a line so.
  // A Rust assertion's message sits between its two values' lines, all of it code punctuation:
  // the paste is read whole (its message, and the location that says which copy printed it).
  const labelled: string[] = assertionMessage(plan.raw) ? [plan.raw] : [];
  const indents = plan.raw.split('\n').map((l) => /^\s*/.exec(l)![0].replace(/\t/g, '    ').length);
  for (let i = 0; i < raw.length && labelled.length < MAX_LABELLED_LINES; i++) {
    if (reading.runsOn.get(i) === 'location') labelled.push(`${raw[i]}\n${raw[i + 1]}`);
    // libstdc++'s `what():` with nothing after it: the exception's text starts on the next line
    // and may run over several. An exception class that writes a fixed prefix of its own before
    // the message it was given (VIGRA's `Precondition violation!`, a line of its own) leaves the
    // specific text below it: the lines are tried from the last up, a location line aside, so
    // the class's prefix is the answer only when no format prints the lines under it.
    else if (BARE_WHAT.test(raw[i])) {
      const below: string[] = [];
      for (let j = i + 1; j < raw.length && raw[j] && below.length < MAX_WHAT_LINES; j++)
        if (!LOCATION_ONLY.test(raw[j])) below.push(raw[j]);
      for (const line of below.reverse()) if (labelled.length < MAX_LABELLED_LINES) labelled.push(line);
      break;
    }
    // A head a program prints alone above the message (Sphinx's `Theme error:`, anyhow's
    // `Caused by:`): the next line is its message, whatever its punctuation (`… (missing
    // theme.conf?)`).
    // A rule of punctuation under the head (`Critical error:` over `===============`) underlines
    // it: the message is the first line of words below.
    else if (ERROR_HEAD.test(raw[i]) && raw[i + 1]) {
      let j = i + 1;
      while (j + 1 < raw.length && raw[j + 1] && RULE_LINE.test(raw[j])) j++;
      labelled.push(raw.slice(i, j + 1).join('\n'));
    }
    // `error: 'Invalid token',` in an object literal is code: a terminal line does not end so.
    else if (ERROR_LINE_LABEL.test(raw[i]) && !/[,;{([]\s*$/.test(raw[i])) {
      // The lines indented below it go on with what it printed (RubyGems' `ERROR:  While
      // executing gem ... (Gem::Security::Exception)` then the exception's message, indented):
      // read with it, the message's own format competes with the head's.
      let last = i;
      while (last + 1 < raw.length && raw[last + 1] && indents[last + 1] > indents[i]) last++;
      labelled.push(raw.slice(i, last + 1).join('\n'));
    }
  }
  for (const line of labelled) {
    const formats = formatsOf(line);
    if (formats.length > 0) return formatPlan(plan, formats);
  }
  // Lines without code punctuation (the first one's wrappers aside) may be one message printed
  // over several lines: a format that writes line breaks, or a value that holds them.
  const whole = reading.whole;
  if (whole && whole.split(LINE_BREAK).every((l, i) => !readsAsCode(i === 0 ? innerMessage(l) : l))) {
    // Read whole, the paste is one message from its first word: a format printing only its end
    // (YARD's `"\n    in file `#{file}' near line #{line}"`, put after any warning) is not it.
    const formats = formatsOf(whole).filter((f) => f.coverage >= SNIPPET_MESSAGE_COVERAGE && f.startsMessage !== false);
    if (formats.length > 0) return formatPlan(plan, formats);
  }
  // A line's log wrapper (docutils' `index.rst:3: (SEVERE/4) `, a clock, a level) is no code
  // punctuation: the message inside it is read.
  const lines = raw.filter((l) => {
    const inner = innerMessage(l);
    return !CODE_PUNCTUATION.test(inner) && inner.split(/\s+/).length >= VERBATIM.minWords;
  });
  const tried = lines.length > 1 ? [lines[lines.length - 1], lines[0]] : [...lines];
  // A line that runs on into the next (a colon at its end) prints one message over both: the
  // first such pair is tried, when both of its lines read as a message.
  const broken = [...reading.runsOn.keys()].find((i) => lines.includes(raw[i]) && lines.includes(raw[i + 1]));
  if (broken !== undefined) tried.unshift(`${raw[broken]}\n${raw[broken + 1]}`);
  // Beside a line a terminal labels as an error (`Error: hyper::Error(…)` above hyper's
  // `http2 error: …`) the paste is a terminal's output, not code: its lines are messages, as a
  // line pasted alone is.
  const terminal = labelled.length > 0;
  for (const line of tried) {
    const formats = formatsOf(line).filter((f) => terminal || f.coverage >= SNIPPET_MESSAGE_COVERAGE);
    if (formats.length > 0) return formatPlan(plan, formats);
  }
  return routeTracebackFrame(plan, occurs);
}

/** What code holds and a printed message rarely does: calls, blocks, assignments, comparisons, statements' ends. */
const CODE_PUNCTUATION = /[(){}=<>`;]/;
/** A name quoted as older Unix and Ruby messages quote it: `` `lib/shop/cart.rb' `` (a backtick, then an apostrophe). */
const BACKTICK_APOSTROPHE_QUOTE = /`([^`'\n]*)'/g;

/** Whether a pasted line holds code punctuation, a name quoted `like this' aside. */
function readsAsCode(line: string): boolean {
  return CODE_PUNCTUATION.test(line.replace(BACKTICK_APOSTROPHE_QUOTE, '$1'));
}

/** A pasted line without its log wrapper (a clock, a level, docutils' `index.rst:3: (SEVERE/4) `). */
function innerMessage(line: string): string {
  return unwrapMessage(line).at(-1) ?? line;
}

/**
 * A line of terminal output that reports an error, then three words of message at least:
 * `Error: `, `ERROR: `, `panic: `, `fatal: `, `PHP Fatal error: `, `TypeError: `, `Thor::Error: `,
 * a Ruby frame `file.rb:12:in 'meth': `; and the `what():  ` under a C++ exception nothing
 * caught, then any text: libstdc++ prints only the exception's what() there, however short
 * (msgpack's `insufficient bytes`), where the other labels also open code and prose.
 */
const ERROR_LINE_LABEL =
  /^(?:(?:error|fatal|panic|PHP (?:Fatal error|Warning)|[A-Z][\w:\\]*(?:Error|Exception)):\s+|\S+:\d+:in [`'][^`']+':\s+)\S+\s+\S+\s+\S|^what\(\):\s+\S/i;
/**
 * A line that only labels the message below it: a word or two before `error:`, `warning:`,
 * `exception:` (Sphinx's `Theme error:`, `Extension error:`), or anyhow's `Caused by:`.
 */
const ERROR_HEAD = /^(?:(?:[A-Za-z][\w.+-]*\s+){0,2}(?:error|warning|exception|fatal|failure)|caused by):$/i;
/** libstdc++'s `what():` label alone on its line: the exception's text is on the lines below. */
const BARE_WHAT = /^what\(\):$/;
/** Lines below a bare `what():` read as the exception's text, at most. */
const MAX_WHAT_LINES = 4;
/** A line that is only a location, `(file.hxx:914)` or `file.cc:12`: where, not what. */
const LOCATION_ONLY = /^\(?[^\s():]+:\d+(?::\d+)?\)?$/;
/** Labelled lines of a paste whose formats are looked up, at most. */
const MAX_LABELLED_LINES = 2;

/** A Python traceback's frame: `File "…", line N, in name`, its source line below it. */
const PYTHON_FRAME = /^\s*File "[^"]+", line \d+, in \S+\s*$/;

/**
 * A Python traceback whose message no format prints (`KeyError: 'user_id'`, raised by a
 * subscript): the innermost frame whose source line the repository holds is where it was raised,
 * as a developer reads a traceback from the bottom up.
 */
function routeTracebackFrame(plan: QueryPlan, occurs: (text: string) => boolean): QueryPlan {
  const lines = plan.raw.split('\n');
  for (let i = lines.length - 2; i >= 0; i--) {
    if (!PYTHON_FRAME.test(lines[i])) continue;
    const code = lines[i + 1].trim();
    if (code.length < VERBATIM.minChars || PYTHON_FRAME.test(lines[i + 1]) || !occurs(code)) continue;
    return {
      ...plan,
      intent: 'exact_match',
      confidence: CONFIDENCE.verbatimText,
      rule: 'verbatim-text',
      literal: code,
      pasted: true,
    };
  }
  return plan;
}
/** Share of a code-like line its format string must explain for the line to be taken as that format's output. */
const SNIPPET_MESSAGE_COVERAGE = 0.9;

/** Words that are never a name typed alone: articles and question words. */
const NOT_A_NAME: ReadonlySet<string> = new Set('a an the what which who whom whose where when why how'.split(' '));

/**
 * A single identifier typed alone, qualified or not (`parse`, `once`, `Store.add`, `A::b`, `A#b`,
 * `A->b`): the name of a definition, not a question about behaviour. Stop words, intent cues and
 * the classifier's own question words ("explain", "overview") are not names.
 */
function isLoneName(q: string, words: string[]): boolean {
  if (LONE_DECORATED_NAME.test(q)) return true;
  if (words.length !== 1 || q !== words[0]) return false;
  const word = words[0];
  if (QUALIFIER.test(word)) return word.split(QUALIFIER).every((p) => p.length > 0);
  const lower = word.toLowerCase();
  // `get`, `once`, `use` are stop or function words in a sentence but common names alone.
  return word.length > 1 && !NOT_A_NAME.has(lower) && !CUE_WORDS.has(lower) && !UNDERSTAND_WORDS.test(word);
}

/** A decorated name typed alone, qualified or not: `gsub!`, `empty?`, `FileList#gsub!`, `~Matcher`, `operator==`, `<=>`. */
const LONE_DECORATED_NAME = new RegExp(
  String.raw`^(?:(?:[A-Za-z_$][\w$]*(?:\.|::?|#|->))*(?:[A-Za-z_][\w]*[!?=]|~[A-Za-z_]\w*|operator\s*\S+)|<=>|===?|=~|\[\]=?|\*\*|<<|>>|[+-]@)$`,
);

/** Whether a rule after question-form would fire on the names or tokens in the query. */
function namesSomething(q: string, words: string[]): boolean {
  return (
    DEFINITION_NOUN.test(q) ||
    ERROR_TOKEN.test(q) ||
    RUNTIME_FAILURE.test(q) ||
    identifierConfidence(words) !== null ||
    definitionPhraseConfidence(words) !== null
  );
}

function identifierConfidence(words: string[]): number | null {
  // A lone capitalised word ("Parser") is a PascalCase name with a single hump.
  const ids = words.length === 1 && /^[A-Z][a-z0-9]+[A-Za-z0-9]*$/.test(words[0]) ? words : words.filter(isCodeName);
  if (ids.length === 0) return null;
  const others = words.filter((w) => !isCodeName(w) && !STOP_WORDS.has(w.toLowerCase()) && !isDefinitionCue(w));
  const extra = others.length + (ids.length - 1);
  return Math.max(
    CONFIDENCE.identifierMin,
    round2(CONFIDENCE.identifierMax - CONFIDENCE.identifierPerExtraWord * extra),
  );
}

function definitionPhraseConfidence(words: string[], q = ''): number | null {
  if (!words.some((w, i) => isDefinitionCue(w) && !modifiesNext(words, i))) return null;
  // An operator method has no letters to be a word: `where is <=> defined`.
  const named = subjectWords(words).length > 0 || HAS_DECORATED_NAME.test(q) || framedName(q) !== null;
  return named ? CONFIDENCE.definitionPhrase : null;
}

/** `where is NAME defined`: the one word in that frame is a name, even a stop word's spelling (`List`, `get`). */
const WHERE_DEFINED = /^where\s+(?:is|are)\s+(\S+)\s+(?:defined|declared|implemented)\s*\??$/i;

function framedName(q: string): string | null {
  const name = WHERE_DEFINED.exec(q)?.[1];
  return name && /[\p{L}_$]/u.test(name) ? name : null;
}

/** camelCase, snake_case, Pascal with two humps, or a dotted/`::` path of names. */
function isCodeName(word: string): boolean {
  if (QUALIFIER.test(word)) {
    const parts = word.split(QUALIFIER);
    // res.send, os.path, Foo::new: a member path; "e.g" is not.
    return parts.every((p) => p.length >= 2) || parts.some((p) => looksLikeIdentifier(p) || /^[A-Z]/.test(p));
  }
  return looksLikeIdentifier(word);
}

/** Words of the query that could name a symbol: not stop words, not intent cues. */
function subjectWords(words: string[]): string[] {
  return words.filter((w) => {
    const l = w.toLowerCase();
    return !STOP_WORDS.has(l) && !CUE_WORDS.has(l) && !(l in DEFINITION_KEYWORDS && l !== 'type') && l.length > 1;
  });
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Classifies a query: the first rule that fires wins. */
export function classify(query: string): Classification {
  const q = query.trim();
  if (!/[\p{L}\p{N}]/u.test(q) && !LONE_DECORATED_NAME.test(q))
    return { intent: 'understand_code', confidence: CONFIDENCE.fallback, rule: q ? 'fallback' : 'empty' };
  const words = q.match(WORD_LIKE) ?? [];
  for (const rule of ORDERED_RULES) {
    const confidence = rule.test(q, words);
    if (confidence !== null) return { intent: rule.intent, confidence, rule: rule.id };
  }
  return { intent: 'understand_code', confidence: CONFIDENCE.fallback, rule: 'fallback' };
}

/** Classifies and extracts the parts each retriever needs. */
export function planQuery(query: string, forcedIntent?: Intent): QueryPlan {
  const raw = query.trim();
  const classification = classify(raw);
  const c: Classification =
    forcedIntent && forcedIntent !== classification.intent
      ? { intent: forcedIntent, confidence: 1, rule: 'user-choice' }
      : classification;
  const plan: QueryPlan = { ...c, raw, identifiers: [], terms: [] };
  // `Ns\Sub\Class::method` is asked as `Class::method`, `Ns\Sub\Class` as `Class` (NAMESPACED_NAME).
  const asked = c.rule === 'identifier' && NAMESPACED_NAME.test(raw) ? raw.slice(raw.lastIndexOf('\\') + 1) : raw;
  const words = asked.match(WORD_LIKE) ?? [];

  const file = c.rule === 'file-name' ? typedFile(raw) : null;
  if (file) {
    plan.fileNamed = file;
    // When no file is so named, a name with its extension asks for the definitions its stem
    // names (`parser.py` → parser); a path without one (`input/output`) may be words, which the
    // other lists answer when the direct route finds nothing.
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    const stem = fileStem(file.path);
    if (stem !== name && /^[A-Za-z_$][\w$]*$/.test(stem)) plan.identifiers = [stem];
    plan.terms = contentTerms(file.path.replace(/[/.]+/g, ' '));
    return plan;
  }

  const option = c.rule === 'command-line-option' ? commandLineOption(raw) : null;
  if (option) {
    plan.option = option.typed;
    plan.regex = optionPattern(option.typed, option.name);
    plan.caseSensitive = true;
    plan.terms = contentTerms(option.name.replace(/[-_]+/g, ' '));
    return plan;
  }

  if (c.rule === 'code-snippet') {
    plan.snippet = raw;
    plan.terms = contentTerms(raw);
    return plan;
  }

  const keyword = DEFINITION_KEYWORD.exec(raw);
  if (c.rule === 'definition-keyword' && keyword) {
    plan.definitionKind = DEFINITION_KEYWORDS[keyword[1]];
    plan.identifiers = splitPath(keyword[2]);
  }

  const quoted = c.rule === 'description' ? null : QUOTED.exec(raw);
  if (quoted) plan.literal = quoted[1] ?? quoted[2] ?? quoted[3];
  else if (c.intent === 'exact_match') {
    const token = words.find((w) => ERRORISH.test(w)) ?? ERROR_TOKEN.exec(raw)?.[1];
    // An exact match chosen by the user on unquoted text looks for the text itself.
    plan.literal = token ?? (c.rule === 'user-choice' ? raw : undefined);
    if (plan.literal === undefined) delete plan.literal;
  }

  if (plan.identifiers.length === 0 && c.rule === 'identifier' && isLoneName(asked, words))
    plan.identifiers = splitPath(asked);
  const nounNamed = c.rule === 'definition-noun' ? nounNamedName(raw) : null;
  if (plan.identifiers.length === 0 && nounNamed) plan.identifiers = splitPath(nounNamed);
  const framed = c.intent === 'find_definition' ? framedName(raw) : null;
  if (plan.identifiers.length === 0 && framed) plan.identifiers = splitPath(framed);
  if (plan.identifiers.length === 0) {
    const named = unique(words.filter(isCodeName).flatMap(splitPath));
    plan.identifiers = named.length > 0 ? named : pickSubjects(words, c.intent);
  }
  plan.identifiers = withDecoratedNames(asked, plan.identifiers);
  const qualifiers = qualifiersOf(asked, words, plan.identifiers);
  if (qualifiers) plan.qualifiers = qualifiers;
  // A cue word modifying the next is one of the phrase's nouns (modifiesNext): a term to search.
  // In a question asking how or why (the rules 'question-form' and 'understand-words'), another
  // intent's cue is a word of what the code does: "the plugins a plugin depends on", "the
  // parameters I declared".
  const asksInQuestionForm =
    c.intent === 'understand_code' && (c.rule === 'question-form' || c.rule === 'understand-words');
  const remove = new Set(
    [...CUE_WORDS].filter(
      (w) =>
        (!asksInQuestionForm || HOW_QUESTION_CUES.has(w)) &&
        !words.some((x, i) => x.toLowerCase() === w && isDefinitionCue(x) && modifiesNext(words, i)),
    ),
  );
  plan.terms = contentTerms(raw.replace(QUOTED, ' $1$2$3 ')).filter((t) => !remove.has(t));
  if (c.intent === 'find_references' && ASKS_CALLS.test(raw)) plan.asksCalls = true;
  if (c.intent === 'find_references' || c.intent === 'impact_analysis') {
    if (ASKS_INCLUDERS.test(raw)) plan.asksIncluders = true;
    const packages = packageNamesOf(raw);
    if (packages.length > 0) plan.packageNames = packages;
  }
  return plan;
}

/**
 * `the qlog package`, `lib/versioner package`; `package qlog`: the name a question calls a package.
 * The first name starts only where no name character stands before it: without that, a long run of
 * name characters with no `package` after it is scanned again from each of its positions.
 */
const PACKAGE_NAMED = [/(?<![\w./-])([A-Za-z_][\w./-]*)\s+package\b/gi, /\bpackage\s+([A-Za-z_][\w./-]*)/gi];

/** The names a question calls a package (PACKAGE_NAMED), stop words and cue words aside (`uses package`, `package defines`). */
function packageNamesOf(raw: string): string[] {
  const out: string[] = [];
  for (const pattern of PACKAGE_NAMED)
    for (const [, name] of raw.matchAll(pattern)) {
      const lower = name.toLowerCase();
      if (!STOP_WORDS.has(lower) && !CUE_WORDS.has(lower) && !out.includes(name)) out.push(name);
    }
  return out;
}

/** "Who calls X", "callers of X", "what invokes X": a references question about calls, not every use. */
const ASKS_CALLS = /\b(?:call(?:s|ers?|ing)?|call\s+sites?|invok(?:es?|ing)|invocations?)\b/i;

/** "What includes x.h", "which files #include stat-common.c": the question names the include itself. */
const ASKS_INCLUDERS = /\b(?:what|who|which\s+\w+)\s+#?include[sd]?\s/i;

/** For intents about a symbol, a plain word can be the symbol ("who calls render"). */
function pickSubjects(words: string[], intent: Intent): string[] {
  if (intent !== 'find_definition' && intent !== 'find_references' && intent !== 'impact_analysis') return [];
  const subjects = subjectWords(words).filter((w) => !/^\d/.test(w));
  // The last subject word is usually the symbol ("who calls the render function" → render).
  return subjects.length > 0 ? splitPath(subjects[subjects.length - 1]) : [];
}

/**
 * The query's identifiers with each decorated name of the query in place of its bare spelling
 * (`gsub` → `gsub!`, `Matcher` → `~Matcher`), or first when it has none (`operator==`, `<=>`).
 * A name typed alone with `?` (`empty?`) is the name: there is no sentence for the `?` to end.
 */
function withDecoratedNames(raw: string, identifiers: string[]): string[] {
  const decorated = [...(raw.match(DECORATED_NAME) ?? [])];
  if (LONE_DECORATED_NAME.test(raw) && !decorated.some((d) => raw.endsWith(d))) {
    const last = raw.split(QUALIFIER).pop();
    if (last) decorated.push(last);
  }
  if (decorated.length === 0) return identifiers;
  const out = [...identifiers];
  // `operator ==` is `operator==`; a conversion operator keeps the one space before its type.
  for (const name of decorated.map((d) => d.replace(/^operator\s+(?![\w:])/, 'operator').replace(/\s+/g, ' '))) {
    const bare = name.startsWith('operator') ? 'operator' : name.replace(/^~|[!?=]$/g, '');
    if (out.includes(name)) continue;
    // `operator ::testing::Matcher<F>` is one name: `testing` and `Matcher` are its spelling, not names asked for.
    if (name.startsWith('operator ')) {
      const spelling = new Set(name.split(/[^\w$]+/));
      for (let i = out.length - 1; i >= 0; i--) if (spelling.has(out[i])) out.splice(i, 1);
    }
    const at = out.indexOf(bare);
    if (at >= 0 && bare !== name) out[at] = name;
    else out.unshift(name);
  }
  return out;
}

/**
 * The containers a single qualified name selects (`Context.invoke` → ['Context'],
 * `Thor::Options#parse` → ['Thor', 'Options'], `mpsc::channel` → ['mpsc']), outermost first;
 * undefined unless the query names exactly one qualified name and it leads the identifiers.
 */
function qualifiersOf(raw: string, words: string[], identifiers: string[]): string[] | undefined {
  const qualified = words.filter((w) => QUALIFIER.test(w) && isCodeName(w));
  if (qualified.length !== 1 || /^(this|self|Self|cls|super|\$this)$/.test(qualified[0].split(QUALIFIER)[0]))
    return undefined;
  const parts = qualified[0].split(QUALIFIER).filter(Boolean);
  const name = parts[parts.length - 1];
  const first = identifiers[0]?.replace(/^~|[!?=]$/g, '');
  if (first !== name || !raw.includes(qualified[0])) return undefined;
  return parts.slice(0, -1);
}

/** `Foo.bar` / `a::b::c` / `A#b` / `A->b` → ['bar', 'Foo'] — the last part is what is defined, the others its containers. */
function splitPath(name: string): string[] {
  const parts = name.split(QUALIFIER).filter(Boolean);
  return parts.length > 1 ? [parts[parts.length - 1], ...parts.slice(0, -1)] : parts;
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
