/**
 * "Similar to X" typed in the search box: X read from the question and resolved to its
 * definition's chunk, so the question is answered as the "Find similar" action on X is — X's
 * neighbours and siblings, never X itself (nor its members, nor the class holding it).
 */
import type {
  Chunk,
  Definition,
  FormWeight,
  Modality,
  ModalityHit,
  ModalityRun,
  SearchResult,
  SimilarSubjectChoice,
  SubjectCode,
} from '../contract';
import { FUNCTION_KINDS } from '../contract';
import type { Corpus } from '../modality';
import { arityAffinity, callArity, closestArities } from '../structural/arity';
import { isDeclarationOnly, type StructuralIndex } from '../structural/index';
import { definitionsByChunk, kindAffinity, ownVariant, picks, refuses, type NamedBy } from '../structural/siblings';
import { SIMILAR_UNKIN_MIN_SHARE } from '../ranking';
import { defaultExportName, fileNameWords, placeStems } from '../path-words';
import { showList } from './retrieve';
import { holdsRange, overlap } from '../line-range';
import { CONSTRUCTOR_NAMES } from '../structural/constructor-names';

/**
 * The name a similar-phrase question is about, with its qualifier (`UdpSocket::try_recv`) or the
 * path of its file (`src/index-server.js:tick`, `runtime.js:tick`).
 */
export interface SimilarSubject {
  name: string;
  qualifier?: string;
  path?: string;
  /**
   * The qualifier is a word written before the name (`gohcl EncodeIntoBody`): it is one only when
   * it names the container, file or folder of one of the name's definitions (subjectChunks).
   */
  loose?: true;
  /**
   * `path` only says which of X's definitions is meant (`other implementations of Cleanup like the
   * one in drivers/vfs/driver.go`): the answer is not looked for there (namedBy).
   */
  pathPicksOnly?: true;
  /** `path` is the folder a PHP namespace names (`Logging\Connection::commit`): left out when it holds none of X's definitions. */
  namespace?: true;
  /**
   * Names the question's words after X may stand for (nearHints), most specific first: the
   * first that picks some of X's definitions, not all, is X's qualifier (hintedSubject).
   */
  hints?: string[];
  /** The name as typed when X is read in another case, the code's (hintedSubject): `Serve` for `serve`. */
  typed?: string;
  /**
   * X is the constructor of the class `qualifier` names, asked by that role (`the P0VTKFunction
   * constructor`): only a function of its class named as the class (C++, Java, C#) or as its
   * language names constructors (CONSTRUCTOR_NAMES) is X.
   */
  constructs?: true;
  /**
   * The qualifiers written before `qualifier`, outermost first (`HostDarwin`, `Cap` in
   * `HostDarwin::Cap::RDP.rdp_client`; `oneshot` in `oneshot::Packet::drop_port`): when the
   * qualifier picks several of X's definitions, they pick among those (outerPicked).
   */
  outer?: string[];
}

const KIND_WORD = '(?:function|method|class|struct|type|trait|interface|enum|macro|module|fn|def|func)';
const WHAT = '(?:code|functions?|methods?|classes?|types?|structs?|helpers?|implementations?|definitions?|places)';
/** What X's family is called by its role, `other setters like`, `parsers similar to`: a plural word. */
const ROLES = '[a-z]+(?:ers|ors|ies|s)';
/**
 * A word before the role (`other fetch_spec implementations like`); not `of`, which ends the
 * phrase and names X after it: in `other implementations of WEXITSTATUS like the linux_like one`
 * the plural-looking WEXITSTATUS is X, not the family's role.
 */
const ROLE_WORD = '(?:(?!of\\s)[\\w$]+(?:\\(\\))?\\s+)';
const PHRASE = `(?:similar\\s+(?:${WHAT}\\s+)?to|like|resembling|alternatives?\\s+to|duplicates?\\s+of|equivalents?\\s+(?:of|to)|(?:other\\s+)?(?:[a-z]+\\s+)?(?:implementations?|versions?)\\s+(?:of|like)|siblings?\\s+of)`;
/**
 * An operator method, named only with its class (`Gem::Source::Vendor#<=>`, `Version#==`): Ruby
 * defines `<=>`, `==`, `[]` like any method, and a lone operator names no definition.
 */
const OPERATOR = '(?:<=>|===?|=~|\\[\\]=?|<<|>>|[-+*/%<>]=?)';
/**
 * A C++ operator member, `istream_reader::operator()`, `position::operator==`, or named alone with
 * its class after it (`operator() in COLAMDOrdering`): C++ names the definition `operator` and its
 * symbol (the call operator's `()` too), which the plain name would stop before.
 */
const CPP_OPERATOR = `(?:[A-Za-z_$][\\w$]*::)*operator(?:\\(\\)|\\[\\]|->|!=|&&|\\|\\||${OPERATOR}|[!~&|^]=?)`;
/**
 * A Go method named as Go's method expressions name it, `(*MaxDataFrame).Length` or
 * `(T).String`: the receiver's type in parentheses is the qualifier (goMethodName).
 */
const GO_METHOD_EXPRESSION = '\\(\\*?[A-Za-z_$][\\w$]*\\)\\.[A-Za-z_$][\\w$]*';
/** `(*T).M` written as `T.M`, the qualified name every other language's question uses. */
const goMethodName = (name: string) => name.replace(/^\(\*?([A-Za-z_$][\w$]*)\)\./, '$1.');
/** A type's generic arguments, `<St>`, `<'_, Si, Item>`, `<Vec<u8>>` (one level of nesting). */
const RUST_GENERICS = '<[^<>]*(?:<[^<>]*>[^<>]*)*>';
/**
 * A Rust trait method named as Rust's qualified paths name it, `<Chunks<St> as Stream>::poll_next`
 * or `<Flush<'_, Si, Item> as Future>::poll`: rustdoc and compiler messages write an
 * implementation so, and a crate of adapters (futures-util, one `Stream` impl per combinator)
 * has dozens of `poll_next`, each told apart only by its type. The type is the qualifier
 * (rustMethodName); the trait says what every one of them implements.
 */
const RUST_QUALIFIED_PATH = `<(?:[A-Za-z_]\\w*::)*[A-Za-z_]\\w*(?:${RUST_GENERICS})?\\s+as\\s+(?:[A-Za-z_]\\w*::)*[A-Za-z_]\\w*(?:${RUST_GENERICS})?>::[A-Za-z_]\\w*`;
/** `<T<G> as Trait>::m` written as `T::m`. */
const rustMethodName = (name: string) =>
  name.replace(/^<(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)[\s\S]*>::([A-Za-z_]\w*)$/, '$1::$2');
/**
 * A name and its qualifiers; a qualifier may be a file's name with a dash (`index-server.tick`),
 * and Lua's method is named with one colon (`driver:open`).
 * The name may end in `?` or `!` (a Ruby predicate or bang method, `encrypted_key?`): whether
 * that mark is the name's or the question's is decided by what the repository defines
 * (markedName).
 */
const NAME = `(?:${GO_METHOD_EXPRESSION}|${CPP_OPERATOR}|${RUST_QUALIFIED_PATH}|(?:[A-Za-z_$][\\w$-]*(?:::|\\.|#|->|\\\\|:(?=[A-Za-z_$])))*[A-Za-z_$][\\w$]*[?!]?|(?:[A-Za-z_$][\\w$-]*(?:::|\\.|#))+${OPERATOR})`;
/** A file's path before its definition's name, `file.ts:` (a name with an extension, then one colon). */
const PATH = '[\\w$./@-]*\\.[A-Za-z0-9]+:(?!:)';
/**
 * The file or folder named after X's name, `in connection/session.rb` (a path with an extension)
 * or `in Crypt/DSA/Formats/Keys` (a folder: a path with a slash; a lone word is a hint, IN_WORD).
 */
const inFile = (group: string) =>
  `\\s+in\\s+(?:the\\s+(?:file|folder|directory)\\s+)?[\`'"]?(?<${group}>[\\w$./@-]*\\.[A-Za-z0-9]+|[\\w$.@-]+(?:/[\\w$.@-]+)+)/?[\`'"]?`;
const IN_FILE = inFile('place');
/**
 * The build or backend X's definition belongs to, named by its folder: `in the linux_raw backend`
 * (rustix's backend/linux_raw/…, beside backend/libc/…). The word after it says there are
 * others, each with its own X: it picks X among them, as `like the one in FILE` does, and the
 * answer is looked for in every one (placeIsOne).
 */
const IN_VARIANT = '\\s+in\\s+the\\s+[`\'"]?(?<variant>[\\w$.@-]+)[`\'"]?\\s+(?:backend|port|implementation|variant)';
/**
 * What the question says of X's family after naming X, read as prose: a relative clause (`that
 * return a stream not on stdin, stdout or stderr`, `that check a code against the Intl data`) or
 * a place in words (`in the lockfile parser`; up to six, `in the legacy Ruby handler base class`), after a name that can only be code (`parse_GIT`; in
 * `similar to parse in the parser` the words are the question). X is the name; the words still
 * reach the text and semantic lists.
 */
const PROSE_AFTER =
  '(?:\\s+(?:that|which|who)\\s+[^?]+|\\s+(?:in|of)\\s+the\\s+(?<prosePlace>[a-z]+(?:\\s+[a-z]+){0,5}))';
/**
 * A lone word after a name that can only be code, `marshalMaxStreamsFrame in qlog`,
 * `print_insn_detail_mips in cstool`: a package or folder named without a slash. Like a prose
 * place it only picks among X's definitions (nearHints), and says nothing when it names none of
 * their places; after a plain word (`parse in parser`) the words are the question.
 */
const IN_WORD = '\\s+in\\s+(?!the\\b)[`\'"]?(?<inWord>[A-Za-z_$][\\w$-]*)[`\'"]?';
/**
 * Which of X's definitions, said after the place: `like the one in stack-arm.c` (its file),
 * `like the one on BlockListSpec` (its container), `like the XML one` (its file or container),
 * `like RoomAliasId::matrix_to_uri` (X's own name again, qualified), `like gl_array_indexof_from_to`
 * (the name with its family's prefix, `in bitset/list.c` after it if said: gnulib names each list
 * or bitset kind's implementation so, and that one is X).
 */
const THE_ONE = `\\s+like\\s+(?:the\\s+(?:one\\s+in\\s+(?:the\\s+)?[\`'"]?(?<onePlace>[\\w$./@-]*\\.[A-Za-z0-9]+)[\`'"]?|one\\s+(?:on|in|of|for)\\s+(?:the\\s+)?[\`'"]?(?<onOne>${NAME})[\`'"]?|[\`'"]?(?<kindOne>${NAME})[\`'"]?\\s+one)|[\`'"]?(?<likeOne>(?:[A-Za-z_$][\\w$-]*(?:::|\\.|#|->))+)\\k<name>[\`'"]?|[\`'"]?(?<likeFull>[A-Za-z_$][\\w$]*_\\k<name>)[\`'"]?(?:${inFile('placeAfter')})?)`;
/**
 * What the question says of X's family between its role and `like`: the method they implement
 * (`other drivers implementing connect like Driver\\PDO\\MySQL\\Driver::connect`) or the
 * package they are in (`other __set__ checks in the descriptors package like Min.__set__`, the
 * package X's definition is in: `rolePlace`, a folder).
 */
const ROLE_QUALIFIER = `(?:(?:implementing|overriding|defining)\\s+[\\w$]+|in\\s+the\\s+[\`'"]?(?<rolePlace>[\\w$.-]+)[\`'"]?\\s+(?:package|module|folder|directory|namespace|crate))`;
/** A qualifier written before the name with a space, `gohcl EncodeIntoBody` (a package, a class). */
const SPACED = '(?<spaced>[A-Za-z_$][\\w$-]*)\\s+(?=[A-Za-z_$])';
/**
 * How a question asks for code like X, each phrasing one expression whose named groups are the
 * question's parts: `path` (X's file before its name, `file.ts:`), `spaced` (a word before the
 * name, `gohcl EncodeIntoBody`), `name` (X's name with its qualifiers), `place` (the file or
 * folder after it, `in …`, or `like the one in FILE`: `onePlace`), `onOne`/`kindOne`/`likeOne`
 * (which of X's definitions, `like the one on B`, `like the XML one`, `like B::x`). Each question is "[find] [code] similar to [the function] NAME[()] [in FILE]"
 * or "other NAME implementations [in FILE]", with nothing else to answer.
 */
const PHRASINGS: readonly { phrasing: Phrasing; expression: RegExp }[] = [
  {
    phrasing: 'like',
    expression: new RegExp(
      `^(?:(?:show|find|list|give)\\s+(?:me\\s+)?)?(?:(?:what|which|anything)\\s+else\\s+)?(?:(?:the|some|other|more|any)\\s+)?(?:${ROLE_WORD}{0,2}(?:${WHAT}|${ROLES})\\s+(?:${ROLE_QUALIFIER}\\s+)?)?(?:(?:that\\s+)?(?:is|are|looks?|looking)\\s+)?${PHRASE}\\s+(?:the\\s+)?(?:${KIND_WORD}\\s+)?[\`'"]?(?<path>${PATH})?(?:${SPACED})?(?<name>${NAME})(?:\\(\\))?[\`'"]?(?:${IN_FILE}|${IN_VARIANT}|${IN_WORD})?(?:${THE_ONE})?(?:${PROSE_AFTER})?\\s*[?.]?$`,
      'i',
    ),
  },
  {
    phrasing: 'other',
    expression: new RegExp(
      `^(?:(?:show|find|list|give)\\s+(?:me\\s+)?)?(?:the\\s+|all\\s+)?other\\s+[\`'"]?(?<path>${PATH})?(?<name>${NAME})(?:\\(\\))?[\`'"]?(?:\\s+(?:implementations?|versions?)(?:${IN_FILE}|${IN_VARIANT})?|(?=\\s+like\\s+the\\s)${THE_ONE})(?:${PROSE_AFTER})?\\s*[?.]?$`,
      'i',
    ),
  },
  {
    phrasing: 'like',
    expression: new RegExp(
      `^(?:(?:show|find|list|give)\\s+(?:me\\s+)?)?(?:(?:what|which|anything)\\s+else\\s+)?(?:(?:the|some|other|more|any)\\s+)?(?:${WHAT}\\s+)?(?:(?:that\\s+)?(?:is|are|looks?|looking)\\s+)?${PHRASE}\\s+the\\s+[\`'"]?(?<name>${NAME})(?:\\(\\))?[\`'"]?\\s+${KIND_WORD}\\s+(?:of|in|on)\\s+(?:the\\s+)?[\`'"]?(?:(?<ofOne>(?:[A-Za-z_$][\\w$]*(?:::|#|\\\\))*[A-Za-z_$][\\w$]*)[\`'"]?(?:\\s+(?<ofRole>[a-z]+))?|(?<ofPlace>[\\w$./@-]*\\.[A-Za-z0-9]+)[\`'"]?)\\s*[?.]?$`,
      'i',
    ),
  },
  {
    phrasing: 'like',
    expression: new RegExp(
      `^(?:[\\w$-]+\\s+){0,2}?(?:${SPACED})?[\`'"]?(?<name>${NAME})(?:\\(\\))?[\`'"]?\\s+(?:similar|alike|look-?alikes?)(?:\\s+${WHAT})?\\s*[?.]?$`,
      'i',
    ),
  },
];

/** A prose place whose last word says it is a place of code (`the NetBSD module`, `the rsync plugin`). */
const PLACE_NOUN = /\s(?:module|package|folder|directory|crate|namespace|backend|plugin)$/i;

/** A kind word alone, read where a name was looked for. */
const KIND_ONLY = new RegExp(`^${KIND_WORD}$`, 'i');

/**
 * A name no English word is: qualified, with an underscore, a digit or a capital after its first
 * letter, or a C++ operator with its symbol (`operator()`).
 */
const CODE_NAME = /(?:::|\.|#|->|\\)|^.+[_\dA-Z]|[?!]$|^operator[^\w\s]/;

/** "similar to X" and its kin (`like`), or "other X implementations" (`other`). */
export type Phrasing = 'like' | 'other';

/** The parts of a similar-phrase question, as written (questionParts). */
export interface QuestionParts {
  phrasing: Phrasing;
  /** X's name with the qualifiers written on it (`UdpSocket::try_recv`). */
  name: string;
  /** The file before X's name, its colon left off (`runtime.js`). */
  path?: string;
  /** A word before X's name with a space (`gohcl`). */
  spaced?: string;
  /** The file or folder named after X's name (`connection/session.rb`, `Crypt/DSA/Formats/Keys`). */
  place?: string;
  /** Which of X's definitions: the container or file of `like the one on B` / `like the B one`. */
  one?: string;
  /**
   * The word after `one` that says what it is, `inspector` in `the run method of the
   * PrimaryElected inspector`: a place around it (a folder, a module), which picks among the
   * definitions `one` picks (outerPicked).
   */
  oneRole?: string;
  /** `place` came from `like the one in FILE`: which of X's definitions, not where to look. */
  placeIsOne?: true;
  /** Words after X's name that may say where it is: `in the qlog connection tracer`, `in qlog`, `of the Python lexer`. */
  near?: string;
}

/** The question's parts, read by the first phrasing that takes the whole question; null when none does. */
export function questionParts(question: string): QuestionParts | null {
  const typed = question.trim();
  for (const { phrasing, expression } of PHRASINGS) {
    const g = expression.exec(typed)?.groups;
    if (!g) continue;
    // After a plain word the words are the question, unless a later phrasing reads them (`the run
    // method of the PrimaryElected inspector`).
    // A place that says it is one (`in the NetBSD module`) names where X is after any name.
    if ((g.prosePlace ?? g.inWord) !== undefined && !CODE_NAME.test(g.name) && !PLACE_NOUN.test(g.prosePlace ?? ''))
      continue;
    // `the parse function in lexer.c`: the word before the kind is X's name, the kind no name.
    const kindNamed = g.spaced !== undefined && KIND_ONLY.test(g.name);
    const one = g.onOne ?? g.kindOne ?? g.ofOne ?? g.likeOne?.replace(/(?:::|\.|#|->)$/, '');
    const place = g.place ?? g.onePlace ?? g.variant ?? g.placeAfter ?? g.rolePlace ?? g.ofPlace;
    const near = g.prosePlace ?? g.inWord;
    return {
      phrasing,
      name: g.likeFull ?? (kindNamed ? g.spaced : rustMethodName(goMethodName(g.name))),
      ...(g.path !== undefined ? { path: g.path.slice(0, -1) } : {}),
      ...(g.spaced !== undefined && !kindNamed ? { spaced: g.spaced } : {}),
      ...(place !== undefined ? { place } : {}),
      ...(g.place === undefined && (g.onePlace ?? g.variant ?? g.placeAfter) !== undefined
        ? { placeIsOne: true as const }
        : {}),
      ...(one !== undefined ? { one } : {}),
      ...(g.ofRole !== undefined ? { oneRole: g.ofRole } : {}),
      ...(near !== undefined ? { near } : {}),
    };
  }
  return null;
}

/**
 * `the default export function in regression/log.js`: X is the file's anonymous default export,
 * which the analysis defines under the file's name (defaultExportName).
 */
const DEFAULT_EXPORT =
  /\bthe\s+default[-\s]+export(?:ed)?(?:\s+(?:function|class))?\s+(?:in|of|from)\s+(?:the\s+(?:file|module)\s+)?[`'"]?([\w$./@-]*\.[A-Za-z0-9]+)[`'"]?/i;

/**
 * The subject with its name as the repository defines it: `encrypted_key?` when a definition has
 * that name (Ruby's predicates end in `?`, its bang methods in `!`), else without the mark, which
 * was the question's own (`code similar to parse_array?`).
 */
export function markedName(subject: SimilarSubject, defines: (name: string) => boolean): SimilarSubject {
  if (!/[?!]$/.test(subject.name) || defines(subject.name)) return subject;
  return { ...subject, name: subject.name.slice(0, -1) };
}

/**
 * X as the question names it (questionParts): its name, the qualifier that picks among its
 * definitions (`A::x`; `like the one on B`, which says more; a spaced word, loosely), and the file
 * or folder it is in, written before the name or after it.
 */
export function similarSubject(question: string): SimilarSubject | null {
  const parts = questionParts(
    question.replace(DEFAULT_EXPORT, (_, path: string) => `${defaultExportName(path)} in ${path}`),
  );
  if (!parts) return null;
  // `Literal.prototype.coerce` is JavaScript's spelling of Literal's member `coerce`.
  const names = parts.name.split(QUALIFIED).filter((n, i, all) => n !== 'prototype' || i === 0 || i === all.length - 1);
  const name = names[names.length - 1];
  // `file.rb:name` or `name in file.rb` / `name in a/folder`: the file or folder X is defined in.
  const file = parts.path ?? parts.place;
  const path = file
    ? { path: file, ...(parts.path === undefined && parts.placeIsOne ? { pathPicksOnly: true as const } : {}) }
    : {};
  // `like the one on BlockListSpec` says which of X's definitions more closely than `A::x`.
  const one = parts.one?.split(QUALIFIED).pop();
  if (one !== undefined)
    return { name, qualifier: one, ...(parts.oneRole !== undefined ? { outer: [parts.oneRole] } : {}), ...path };
  // `Logging\Connection::commit`: a PHP namespace's last part names the folder its classes are
  // in (PSR-4), and so which of the project's many `Connection` classes is meant.
  const namespace = /([A-Za-z_]\w*)\\[A-Za-z_]\w*(?:::|->)[^\\]*$/.exec(parts.name)?.[1];
  if (names.length > 2 && namespace !== undefined && !file)
    return { name, qualifier: names[names.length - 2], path: namespace, namespace: true };
  if (names.length > 1)
    return {
      name,
      qualifier: names[names.length - 2],
      ...(names.length > 2 ? { outer: names.slice(0, -2) } : {}),
      ...path,
    };
  if (parts.spaced !== undefined) return { name, qualifier: parts.spaced, loose: true, ...path };
  return parts.near !== undefined ? { name, ...path, hints: nearHints(parts.near) } : { name, ...path };
}

/**
 * The names a place said in words may stand for: each run of its words joined as code joins them
 * (`connectionTracer`, `ConnectionTracer`, `connection_tracer`), longest first, then each word
 * (`qlog`, a folder; `Python`, a class). `in the qlog connection tracer` says which of quic-go's
 * three `UpdatedMetrics` is X (qlog's `connectionTracer`; the multiplexer and the null tracer
 * have their own); `of the Python lexer`, which of Rouge's `detect?`s.
 */
export function nearHints(near: string): string[] {
  const words = near.split(/\s+/).filter((w) => w.length > 0);
  const out: string[] = [];
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  for (let size = words.length; size >= 1; size--)
    for (let at = 0; at + size <= words.length; at++) {
      const run = words.slice(at, at + size);
      // A word as typed (`Python`, a class) and in lower case (`Arch`, the folder `arch`).
      if (size === 1) out.push(run[0], run[0].toLowerCase());
      else
        out.push(
          run[0].toLowerCase() + run.slice(1).map(cap).join(''),
          run.map(cap).join(''),
          run.map((w) => w.toLowerCase()).join('_'),
        );
    }
  return [...new Set(out)];
}

/** The role a question may name a class's constructor by (`the P0VTKFunction constructor`). */
const CONSTRUCTOR_WORD = /^(?:constructor|ctor)$/i;

/** The spellings of two words joined as one name that nearHints lists first: camelCase, PascalCase, snake_case. */
const JOINED_SPELLINGS = 3;

/**
 * X with the first of its hints (nearHints) that picks some of X's definitions but not all as
 * its qualifier, and those definitions; X as named when no hint does (the words were prose).
 * A name typed in another case than the code's (`(*tcpListener).Serve` for Go's unexported
 * `serve`) is read as the code's spelling when the typed one is not defined, or when its
 * qualifier picks none of the typed spelling's definitions but does pick one of another's:
 * people misremember a name's case far more often than they mean a namesake of another type.
 */
export function hintedSubject(
  subject: SimilarSubject,
  chunksOf: (subject: SimilarSubject) => SubjectChunks | undefined,
  spellingsOf: (name: string) => readonly string[] = () => [],
): { subject: SimilarSubject; found: SubjectChunks } | undefined {
  const { hints, ...named } = subject;
  if (named.qualifier === undefined) {
    // Every word of the place says where X is, so the hint that picks the fewest of X's
    // definitions says most: `in the rsync synced folder plugin` — `SyncedFolder` is the class
    // of every synced-folder plugin's `usable?`, the folder `rsync` one plugin's.
    let best: { subject: SimilarSubject; found: SubjectChunks } | undefined;
    for (const qualifier of hints ?? []) {
      const hinted = { ...named, qualifier };
      const found = chunksOf(hinted);
      if (found?.code === 'qualified' && (!best || found.chunks.length < best.found.chunks.length))
        best = { subject: hinted, found };
    }
    if (best) return best;
  }
  const found = chunksOf(named);
  // `the P0VTKFunction constructor`: no definition is named for the role, the word before it is
  // the class, and the class's constructor is X, under the name its language gives constructors.
  if (found === undefined && named.loose && named.qualifier !== undefined && CONSTRUCTOR_WORD.test(named.name)) {
    for (const name of [named.qualifier, ...CONSTRUCTOR_NAMES]) {
      const made: SimilarSubject = { ...named, name, constructs: true };
      const also = chunksOf(made);
      if (also) return { subject: made, found: also };
    }
  }
  // No definition has the name, and the word before it is no place: the two words are one name
  // said in words, joined as code joins them (`the SIGSEGV handler in linux-os.c`:
  // `sigsegv_handler`; `the tablePrinter`), X's file or folder kept.
  if (found === undefined && named.loose && named.qualifier !== undefined) {
    const rest: SimilarSubject = { ...named };
    delete rest.qualifier;
    delete rest.loose;
    for (const name of nearHints(`${named.qualifier} ${named.name}`).slice(0, JOINED_SPELLINGS)) {
      const joined = { ...rest, name };
      const also = chunksOf(joined);
      if (also) return { subject: joined, found: also };
    }
  }
  const picksNone = found === undefined || (named.qualifier !== undefined && found.code !== 'qualified');
  if (picksNone)
    for (const name of spellingsOf(named.name)) {
      if (name === named.name) continue;
      const spelled = { ...named, name, typed: named.name };
      const other = chunksOf(spelled);
      if (other && (found === undefined || other.code === 'qualified')) return { subject: spelled, found: other };
    }
  return found ? { subject: named, found } : undefined;
}

/** What separates a qualifier from the name it qualifies: `::`, `.`, `#`, `->`, a PHP namespace's `\`, Lua's `:`. */
const QUALIFIED = /::|\.|#|->|\\|:/;

/** X's definitions as chosen for the question: the chunks, the first the one the answer starts from. */
export interface SubjectChunks {
  code: SubjectCode;
  chunks: Chunk[];
  /** Definitions of the name with a chunk of their own. */
  definitions: number;
  /** The question's qualifier or path named none of them. */
  unpicked?: true;
  /** Ambiguous: each chunk's substance in lines (substanceOf), largest implementation first. */
  lines?: number[];
}

/**
 * Whether a definition is hidden from the code's users by its declaration: Rust's `pub(crate)`
 * or no `pub`, `private`/`protected`/`internal`, a C `static`. A user asking for code like
 * tokio's `Semaphore` met the public `sync::Semaphore`, whose neighbours are the other sync
 * primitives (Mutex, RwLock, Barrier); the larger `pub(crate)` batch semaphore it is built on
 * leads to atomics and waiter lists. Languages that hide by name (`_x`, Go's lower case) give
 * every definition of one name the same visibility.
 */
export function restrictedVisibility(path: string, d: Definition): boolean {
  const s = d.signature;
  if (/\b(?:private|protected|internal)\b/.test(s) || /\bpub\s*\(/.test(s)) return true;
  if (path.endsWith('.rs')) return !/\bpub\b/.test(s);
  return /\.[ch]$/.test(path) && /^\s*static\b/.test(s);
}

/**
 * How much code a definition is: its lines, and for a class-like definition the lines of its
 * members declared outside it in its file (a Rust `impl` block's methods, Go's methods of a
 * struct). tokio's `Semaphore` is five definitions: the public `sync::Semaphore` (a 7-line struct
 * and its methods) and the `batch_semaphore` one it is built on, two channel-internal structs and a
 * trait. Among the definitions of the same visibility (restrictedVisibility), the larger says
 * more of what the name does.
 */
export function substanceOf(corpus: Corpus, path: string, d: Definition): number {
  let lines = d.endLine - d.startLine + 1;
  if (FUNCTION_FAMILY.has(d.kind)) return lines;
  const file = corpus.fileByPath.get(path);
  for (const m of file?.analysis.definitions ?? [])
    if (m.container === d.name && (m.startLine > d.endLine || m.endLine < d.startLine))
      lines += m.endLine - m.startLine + 1;
  return lines;
}

/**
 * Whether a definition of `name` is its chunk: the chunk is named so, or spans exactly the
 * definition under another name of the same code (JavaScript's `property: function padding(…)`,
 * one function known by its key and by its own name). A definition inside a larger chunk is not.
 */
function namesChunk(chunk: Chunk | undefined, d: Definition, name: string): boolean {
  if (chunk === undefined) return false;
  if (chunk.symbol === name) return true;
  return chunk.kind === 'definition' && chunk.startLine === d.startLine && chunk.endLine === d.endLine;
}

/**
 * The chunks of X's definitions. A qualifier picks those whose container, file name (without its
 * extension) or directory it names (`UdpSocket::try_recv`, `types.IntRange`, `cobra.MinimumNArgs`),
 * a path those of the file it ends (`index-server.js:tick`): those are X ('qualified'). Else,
 * when the name has more than one implementation (a body; a prototype or a `#define` standing in
 * for one is not another), the question names every one of them: all its definitions are X, none
 * of them an answer ('ambiguous'). Else X is the name's first definition ('single'),
 * implementations first.
 */
export function subjectChunks(
  corpus: Corpus,
  structural: StructuralIndex,
  subject: SimilarSubject,
): SubjectChunks | undefined {
  const own = structural
    .definitionsNamed(subject.name)
    .filter(
      (d, i, all) =>
        namesChunk(corpus.chunks[d.chunkId], d.definition, subject.name) &&
        all.findIndex((e) => e.chunkId === d.chunkId) === i &&
        (!subject.constructs || constructs(d.definition)),
    );
  if (own.length === 0) return undefined;
  if (subject.namespace && !own.some((d) => picks(subject, d.path, d.definition.container))) {
    const named: SimilarSubject = { ...subject };
    delete named.path;
    delete named.namespace;
    return subjectChunks(corpus, structural, named);
  }
  const chunks = (hits: typeof own) => hits.map((d) => corpus.chunks[d.chunkId]);
  // Definitions in other arms of one `#if`/`#elif` chain as an earlier one of its file and
  // container are that one's variants for other builds (armVariant): X is the first, and the
  // others are its siblings, not more X.
  const firstArms = (hits: typeof own) => hits.filter((d) => !hits.some((e) => e !== d && armVariant(corpus, e, d)));
  const pickedBy = (folders: 'parent' | 'any') =>
    firstArms(own.filter((d) => picks(subject, d.path, d.definition.container, folders)));
  // A folder further up names X's backend (`like the libc one`) only when the qualifier names no
  // definition's container, file or folder.
  const near = pickedBy('parent');
  const named = outerPicked(corpus, near.length > 0 ? near : pickedBy('any'), subject.outer);
  // A word before the name may be one word of its file's name (`the Linux
  // os_get_runtime_executable_path`: SBCL's linux-os.c, beside darwin-os.c and bsd-os.c, one file
  // per OS), as a folder's name is one of the path's parts.
  const picked =
    named.length === 0 && subject.loose && subject.qualifier !== undefined
      ? firstArms(own.filter((d) => fileNameWords(d.path).has(subject.qualifier!.toLowerCase())))
      : named;
  // A word before the name that names none of its places is prose (`similar to parse array`), not X's qualifier.
  if (subject.loose && picked.length === 0) return undefined;
  const qualified = subject.qualifier !== undefined || subject.path !== undefined;
  // A qualifier that picks every definition (or none) says nothing more than the name.
  const implemented = (d: (typeof own)[number]) =>
    !isDeclarationOnly(d.path, d.definition) && d.definition.kind !== 'macro';
  // Rust's `mod map_err;` beside `fn map_err(…) {…}` in the file named: the module's code is in
  // another file, the line only names it, so the function is X.
  const pointer = (d: (typeof own)[number]) => d.definition.kind === 'module' && /;\s*$/.test(d.definition.signature);
  if (qualified && picked.length > 0 && picked.length < firstArms(own).length) {
    const bodied = picked.filter((d) => !pointer(d));
    const first = bodied.length > 0 && bodied.length < picked.length ? [...bodied, ...picked.filter(pointer)] : picked;
    return { code: 'qualified', chunks: chunks(first), definitions: own.length };
  }
  const implementations = own.filter(implemented);
  if (firstArms(implementations).length === 1 && implementations.length > 1)
    return { code: 'single', chunks: chunks(firstArms(implementations)), definitions: own.length };
  if (implementations.length > 1) {
    // The answer starts from the implementation a user of the code meets (not restricted to its
    // module: restrictedVisibility), then the most substantial (substanceOf): its code and
    // neighbours are searched, and the note and `taken` say which it is.
    const lines = new Map(own.map((d) => [d.chunkId, substanceOf(corpus, d.path, d.definition)]));
    const restricted = (d: (typeof own)[number]) => Number(restrictedVisibility(d.path, d.definition));
    const ordered = [...implementations].sort(
      (a, b) => restricted(a) - restricted(b) || lines.get(b.chunkId)! - lines.get(a.chunkId)!,
    );
    const rest = own.filter((d) => !implemented(d));
    return {
      code: 'ambiguous',
      chunks: chunks([...ordered, ...rest]),
      definitions: own.length,
      lines: [...ordered, ...rest].map((d) => lines.get(d.chunkId)!),
      ...(qualified && picked.length === 0 ? { unpicked: true } : {}),
    };
  }
  return { code: 'single', chunks: chunks(own.slice(0, 1)), definitions: own.length };
}

/**
 * Whether a definition is a function its class makes its objects with: named as its class (its
 * container's last part, C++'s `Foo::Foo`) or as its language names constructors.
 */
function constructs(d: Definition): boolean {
  if (!FUNCTION_KINDS.has(d.kind)) return false;
  return d.name === d.container?.split(QUALIFIED).pop() || CONSTRUCTOR_NAMES.includes(d.name);
}

/**
 * The definitions the qualifiers before X's container pick among those the container picked
 * (`HostDarwin::Cap::RDP.rdp_client`): the ones with the most of those names among their places —
 * the modules and classes around them in their file (Ruby's `module HostDarwin; module Cap;
 * class RDP`, one such nest per plugin), their file's and folders' names (Rust's
 * `oneshot::Packet` is sync/mpsc/oneshot.rs's Packet, each mpsc flavour's file having its own).
 * Vagrant defines `RDP.rdp_client` once per host plugin and rust-std `Packet::drop_port` once per
 * channel flavour: the container alone names every one of them. All of them when no outer name
 * says more (`std::fs::read`: `std` is the crate, no place of it).
 */
export function outerPicked<T extends { path: string; definition: Definition }>(
  corpus: Corpus,
  picked: T[],
  outer: readonly string[] | undefined,
): T[] {
  if (outer === undefined || outer.length === 0 || picked.length < 2) return picked;
  const named = (d: T) => {
    const places = placeNames(corpus, d.path, d.definition);
    return outer.filter((o) => places.has(o) || places.has(o.toLowerCase())).length;
  };
  const counts = picked.map(named);
  const most = Math.max(...counts);
  return most === 0 ? picked : picked.filter((_, i) => counts[i] === most);
}

/**
 * The names of a definition's places: the definitions holding it in its file (each part of a
 * nested name, `Net::SSH` as `Net` and `SSH`) as written, and its file's and folders' names
 * lowercased, the file's without its extension.
 */
function placeNames(corpus: Corpus, path: string, d: Definition): Set<string> {
  const out = new Set<string>();
  for (const stem of placeStems(path)) out.add(stem.toLowerCase());
  for (const h of corpus.fileByPath.get(path)?.analysis.definitions ?? [])
    if (h !== d && holdsRange(h, d) && !FUNCTION_FAMILY.has(h.kind))
      for (const part of h.name.split(QUALIFIED)) out.add(part);
  return out;
}

/**
 * Whether `later` is a variant of `earlier` for another build: both bodies of one name and
 * container in one file, `later` below, in another arm of one `#if`/`#elif`/`#else` chain and
 * with code of its own, not a copy of `earlier` (ownArmVariant).
 */
function armVariant(corpus: Corpus, earlier: DefinitionHitLike, later: DefinitionHitLike): boolean {
  const [a, b] = [earlier.definition, later.definition];
  if (earlier.path !== later.path || a.startLine >= b.startLine || (a.container ?? '') !== (b.container ?? ''))
    return false;
  const file = corpus.fileByPath.get(earlier.path);
  return file !== undefined && ownVariant(file, a, b);
}

/** What armVariant reads of a definition hit. */
interface DefinitionHitLike {
  path: string;
  definition: Definition;
}

/**
 * Whether a chunk is X's variant for another build (armVariant): a body of X's name and container
 * in another arm of one `#if` chain of X's file, with code of its own (ownArmVariant). Not X: its
 * sibling.
 */
export function armTwin(corpus: Corpus, subject: Chunk, chunk: Chunk): boolean {
  if (chunk.fileId !== subject.fileId || chunk.id === subject.id || chunk.symbol !== subject.symbol) return false;
  if (overlap(chunk, subject)) return false;
  const [x, y] = [definitionOf(corpus, subject), definitionOf(corpus, chunk)];
  const file = corpus.files[subject.fileId];
  if (!x || !y || !file || (x.container ?? '') !== (y.container ?? '') || isDeclarationOnly(file.path, y)) return false;
  return ownVariant(file, x, y);
}

/**
 * The qualifier or path the question named X with, when it names X's container, file or
 * directory (picks): the name the siblings' names are compared with (namedAffinity). None for
 * a bare name, or a qualifier that names none of X's places.
 */
export function namedBy(subject: SimilarSubject, x: Chunk): NamedBy | undefined {
  if (subject.qualifier === undefined && subject.path === undefined) return undefined;
  if (!picks(subject, x.path, x.container, 'any')) return undefined;
  // `like the one in FILE` picked X; it asks for X's kin wherever they are, not for FILE's code.
  const path = subject.path !== undefined && !subject.pathPicksOnly ? subject.path : undefined;
  // `like the libc one`, a folder above X's own: it picked X among the backends, and names no place or name part.
  const qualifier =
    subject.qualifier !== undefined && picks({ qualifier: subject.qualifier }, x.path, x.container)
      ? subject.qualifier
      : undefined;
  if (qualifier === undefined && path === undefined) return undefined;
  return {
    ...(qualifier !== undefined ? { qualifier } : {}),
    ...(path !== undefined ? { path } : {}),
  };
}

/** The chunk of X's definition (subjectChunks' first). */
export function subjectChunk(corpus: Corpus, structural: StructuralIndex, subject: SimilarSubject): Chunk | undefined {
  return subjectChunks(corpus, structural, subject)?.chunks[0];
}

/** The typed record of X's choice, and the note that words it. */
export function subjectChoice(
  subject: SimilarSubject,
  found: SubjectChunks,
): { choice: SimilarSubjectChoice; note: string } {
  const [first] = found.chunks;
  const taken = found.chunks.map((c, i) => ({
    chunkId: c.id,
    path: c.path,
    startLine: c.startLine,
    ...(c.definitionKind !== undefined ? { kind: c.definitionKind } : {}),
    ...(c.container !== undefined ? { container: c.container } : {}),
    ...(found.lines ? { lines: found.lines[i] } : {}),
  }));
  const choice: SimilarSubjectChoice = { code: found.code, name: subject.name, taken, definitions: found.definitions };
  const at = (c: Chunk) => `${c.path}:${c.startLine}`;
  const listed = found.chunks.slice(0, NOTE_PLACES).map(at).join(', ');
  const more = found.chunks.length > NOTE_PLACES ? ` and ${found.chunks.length - NOTE_PLACES} more` : '';
  const by = [subject.path, subject.qualifier].filter((q) => q !== undefined).join(' and ');
  const pick = `write Container.${subject.name} or file:${subject.name} to pick one`;
  const also = found.chunks.length > 1 ? `; also ${found.chunks.slice(1).map(at).join(', ')}` : '';
  const spelled =
    subject.typed !== undefined ? ` (typed ${subject.typed}: the repository writes it ${subject.name})` : '';
  const note =
    found.code === 'ambiguous'
      ? `Similar to ${subject.name}${spelled}: ${subject.name} is defined ${found.definitions} times and the question does not say which (${found.unpicked ? `${by} names none of them; ` : ''}${pick}), so all of them are X, left out of the answer: ${listed}${more}. The siblings of each lead; the code and neighbours of the first (${at(first)}, ${found.lines?.[0] ?? first.endLine - first.startLine + 1} lines${first.definitionKind !== undefined && !FUNCTION_FAMILY.has(first.definitionKind) ? ' with its members' : ''}: open to the code's users first, then the largest) are searched.`
      : `Similar to ${subject.name}${spelled}: the ${first.definitionKind ?? 'definition'} at ${at(first)}${found.code === 'qualified' ? ` (picked by ${by} among ${found.definitions} definitions${also})` : ''}, left out of the answer with what it holds; its siblings (same kind, named alike, nearby, shaped alike) lead.`;
  return { choice, note };
}

/** Places of X a note lists at most. */
const NOTE_PLACES = 6;

/**
 * Whether a chunk is X in X's file: X itself, what overlaps it (a member of X, the class holding
 * X), or another declaration of X in its scope (a TypeScript overload signature above X's body,
 * a C prototype, a merged interface): the same name in the same container.
 */
export function overlapsSubject(subject: Chunk, chunk: Chunk): boolean {
  if (chunk.fileId !== subject.fileId) return false;
  if (overlap(chunk, subject)) return true;
  return (
    chunk.kind === 'definition' &&
    subject.symbol !== undefined &&
    chunk.symbol === subject.symbol &&
    (chunk.container ?? '') === (subject.container ?? '')
  );
}

/**
 * Whether a chunk can answer "similar to X": not X nor what overlaps it, and not a definition of
 * another kind family (kindAffinity 0): code like a class is a class, not one of its methods;
 * code like a function is a function, or a class (code that runs, whose methods may do what X
 * does), never a type declaration; nor, for a class-like X, a type its declaration names (`bases`,
 * subjectBases). A chunk that defines nothing (top-level code) may answer, and so may X's
 * `twin` (armTwin: X's body for another build, though of X's name and container).
 */
export function answersSimilar(
  subject: Chunk,
  chunk: Chunk,
  bases: ReadonlySet<string> = new Set(),
  twin: (chunk: Chunk) => boolean = () => false,
): boolean {
  if (overlapsSubject(subject, chunk) && !twin(chunk)) return false;
  const [x, y] = [subject.definitionKind, chunk.definitionKind];
  if (x === undefined || y === undefined) return true;
  if (chunk.symbol !== undefined && bases.has(chunk.symbol) && kindAffinity(y, 'class') > 0) return false;
  return kindAffinity(x, y) > 0 || (FUNCTION_KINDS.has(x) && y === 'class');
}

/**
 * The types a class-like X's declaration names besides X (`class BoolParamType(ParamType)`,
 * `class Foo < Bar`, `extends`/`implements`): what X is made from, not code like X. Its
 * siblings share that base; the base itself (a long class of docstrings and defaults) would
 * otherwise lead on X's words. None for a function: the types it takes stay candidates.
 */
export function subjectBases(corpus: Corpus, subject: Chunk): Set<string> {
  const out = new Set<string>();
  const kind = subject.definitionKind;
  const file = corpus.files[subject.fileId];
  if (!kind || !file || FUNCTION_KINDS.has(kind) || kindAffinity(kind, 'class') === 0) return out;
  const definition = definitionsByChunk(corpus, file).get(subject.id);
  for (const word of definition?.signature.match(/[A-Za-z_$][\w$]*/g) ?? []) out.add(word);
  out.delete(subject.symbol ?? '');
  return out;
}

/**
 * Drops X (and `also`, the other definitions taken as X when its name is ambiguous), what
 * overlaps it, the types X's declaration names (subjectBases) and definitions of
 * another kind family (answersSimilar) from every modality's list, before fusion: no rank is
 * spent on them, so the ranks shown are the ranks among the candidates (the run's preview follows).
 */
export function dropSubject(
  corpus: Corpus,
  subject: Chunk,
  lists: Partial<Record<Modality, ModalityHit[]>>,
  runs: Map<Modality, ModalityRun>,
  also: readonly Chunk[] = [],
): void {
  const bases = subjectBases(corpus, subject);
  const docs = [subject, ...also].map((x) => docWindowOf(corpus, x)).filter((id) => id !== undefined);
  const answers = (chunk: Chunk) =>
    answersSimilar(subject, chunk, bases, (c) => armTwin(corpus, subject, c)) &&
    !also.some((other) => overlapsSubject(other, chunk)) &&
    !docs.includes(chunk.id);
  for (const m of Object.keys(lists) as Modality[]) {
    const kept = (lists[m] ?? []).filter((h) => answers(corpus.chunks[h.chunkId]));
    lists[m] = kept;
    const run = runs.get(m);
    if (run) showList(run, kept);
  }
}

/**
 * The line window that holds only X's doc comment, when the chunker left the comment above X
 * out of X's chunk (svelte's `/** Returns a promise that resolves once any pending state changes
 * have been applied. *\/` above `export async function tick()`): it is X, in X's words, the
 * nearest neighbour of X's code there is. The window ends on the line above X and starts no
 * higher than the comment's first line (a blank line between allowed).
 */
export function docWindowOf(corpus: Corpus, subject: Chunk): number | undefined {
  const x = definitionOf(corpus, subject);
  if (!x?.doc) return undefined;
  const id = corpus.chunkAt(subject.fileId, subject.startLine - 1);
  const window = corpus.chunks[id];
  if (!window || window.kind !== 'window' || window.fileId !== subject.fileId) return undefined;
  // The doc's first line as the analyzer found it; a Python docstring is inside X, and its
  // length bounds the window as a comment of that length above X would.
  const docLine = x.docLine ?? subject.startLine - x.doc.split('\n').length;
  return window.endLine === subject.startLine - 1 && window.startLine >= docLine - 1 ? id : undefined;
}

/**
 * "Similar to X": each candidate's form weight (FormWeight) — a function or method of another
 * name than X that must be given arguments when X can take none, or the reverse (their closest
 * call counts, closestArities: a value that may be left out is one a call may pass), weighed by
 * arityAffinity. One reads state (a getter, a predicate), the other acts on what it is given (a
 * setter): the sibling similarity already holds that (siblings.ts, formAffinity), but a setter
 * that is no sibling may still lead X's file on X's words alone (`set_nodelay(&self, nodelay:
 * bool)` for `nodelay(&self)`). Between two functions that both take arguments the count is a
 * matter of degree (`setkey(key)` · `setkey_r(key, data)`), left to the similarity. Another
 * definition of X's name weighs 1, and so does another refusal when X refuses (siblings.ts, refuses).
 */
export function formLookup(corpus: Corpus, subject: Chunk): ((chunkId: number) => FormWeight | undefined) | undefined {
  const x = definitionOf(corpus, subject);
  const arity = x && FUNCTION_FAMILY.has(x.kind) ? callArity(x.name, x.signature) : null;
  if (!x || arity === null) return undefined;
  const xRefuses = refuses(corpus.files[subject.fileId], x);
  return (chunkId) => {
    const chunk = corpus.chunks[chunkId];
    if (!chunk || chunk.symbol === x.name || !FUNCTION_FAMILY.has(chunk.definitionKind ?? '')) return undefined;
    const y = definitionOf(corpus, chunk);
    const other = y ? callArity(y.name, y.signature) : null;
    if (other === null) return undefined;
    // Two refusals (refuses) do one thing, throw, whatever each is passed: their forms are one.
    if (xRefuses && refuses(corpus.files[chunk.fileId], y!)) return undefined;
    const pair = closestArities(arity, other);
    if ((pair[0] === 0) === (pair[1] === 0)) return undefined;
    return { of: x.name, arity: pair, factor: arityAffinity(...pair) };
  };
}

/** The definition a definition chunk stands for (definitionsByChunk), if any. */
function definitionOf(corpus: Corpus, chunk: Chunk): Definition | undefined {
  const file = corpus.files[chunk.fileId];
  if (!file || chunk.kind !== 'definition') return undefined;
  let byChunk = definitionsOfFile.get(file);
  if (!byChunk) definitionsOfFile.set(file, (byChunk = definitionsByChunk(corpus, file)));
  return byChunk.get(chunk.id);
}

const definitionsOfFile = new WeakMap<object, Map<number, Definition>>();

/** Kinds whose form is their parameter list. */
const FUNCTION_FAMILY: ReadonlySet<string> = new Set(['function', 'method', 'macro']);

/**
 * "Similar to X" ends where the evidence of kinship ends: when some results are X's siblings (a
 * result's own chunk or one of its sub-results), a result that is none stays only when its score
 * reaches SIMILAR_UNKIN_MIN_SHARE of the weakest sibling's. A list with no sibling is kept whole:
 * content is then the only evidence there is.
 */
export function untilKinshipEnds(results: SearchResult[]): SearchResult[] {
  const kin = (r: SearchResult) =>
    r.explanation.sibling !== undefined || (r.subResults ?? []).some((s) => s.explanation.sibling !== undefined);
  // A sibling of X's file demoted below X's implementations elsewhere (fuse.ts belowSameBase) is
  // kin, but its lowered score says where the others rank, not where kinship ends.
  const measured = results.filter((r) => kin(r) && r.explanation.sibling?.belowSameBase !== true);
  const weakest = Math.min(...(measured.length > 0 ? measured : results.filter(kin)).map((r) => r.score));
  if (!Number.isFinite(weakest)) return results;
  return results.filter((r) => kin(r) || r.score >= SIMILAR_UNKIN_MIN_SHARE * weakest);
}
