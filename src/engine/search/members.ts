/**
 * Which of a file's definitions answers a question about behaviour (docs/ranking.md#members).
 * The importance boost orders files; inside one file it favours the hub that every sibling
 * calls, while the question asks for one member. So among a file's strong chunks the one shown
 * is the one most relevant before the boost, weighed by how much of its name the question says
 * ("lowest common ancestor in tree": `lowest_common_ancestor` over
 * `all_pairs_lowest_common_ancestor`; "Return True if list is a list of ints": `is_list_of_ints`
 * over `make_list_of_ints`).
 */
import { FUNCTION_KINDS, type Chunk, type Definition, type Reference } from '../contract';
import type { Corpus, CorpusFile } from '../modality';
import { placeWords } from '../path-words';
import { baseForms, contentTerms, irregularBase, splitIdentifier, subTokens, withBaseForms } from '../tokens';
import {
  MEMBER_CALLEE_MIN_WORDS,
  MEMBER_NAME_GAIN,
  MEMBER_NAME_WORD_GAIN,
  SHORT_BODY_MAX_CODE_LINES,
  SHORT_BODY_MAX_CODE_LINES_BY_LANGUAGE,
} from '../ranking';
import { isCommentLine } from '../comment-lines';
import { C_FAMILY_LANGUAGES, languageForPath } from '../structural/grammars';
import { linesOf, textOfLine } from '../text/lines';
import { escapeRegExp } from '../text/escape';
import { matchingClose, matchingParen, splitArgs } from '../text/brackets';
import { parameterNames } from '../structural/arity';
import { definitionsByChunk, refuses } from '../structural/siblings';
import { isAliasDefinition } from '../structural/python-aliases';
import { OWN_CLASS } from '../own-receivers';
import { holdsLine, holdsOther } from '../line-range';
import { CONSTRUCTOR_NAMES } from '../structural/constructor-names';

/** A name part this short is no abbreviation of a question word ("a", "is" stand for themselves). */
const MIN_ABBREVIATION = 3;
/** A question word this long may be the stem of a longer name part ("parse" → `parser`; "set" is no stem of `settings`). */
const MIN_STEM = 5;

/**
 * Name parts that join the words of a name and name nothing themselves (`SuggestionsFor`,
 * `value_from_envvar`, `triads_by_type`): they are left out of the share a question says, unless
 * the name holds nothing else. Counted, they made `SuggestionsFor` half said by "how does cobra
 * suggest a command when I mistype it" and let `CommandPathPadding` (a third said) stand for
 * command.go. `With` is no joining part: `InsertWith`, `RecoverWithConfig`, `LoggerWithConfig`
 * name the variant of `Insert` or `Recover` that takes something more, and a question that does
 * not say "with" asks for the plain one (x-tools' `Insert` over `InsertWith`, understand set).
 */
const JOINING_PARTS: ReadonlySet<string> = new Set(
  'a an the and or of to in on at by for from into onto as via'.split(' '),
);

const NUMBER = /^\d+$/;

const NO_HALF: ReadonlySet<string> = new Set([
  ...JOINING_PARTS,
  ...'i me my we our you your it its this that these those there then here what which who how when where why is are was were be been do does did have has had can could should would will not no'.split(
    ' ',
  ),
]);

/**
 * The question's words as a name may spell them: sub-tokens, lower-cased, with their base forms,
 * and an irregular past form's base ("how is a schema built from a definition string" says
 * `build`, which then shows build_from_definition.rb over `build_definition_from_node`; real set,
 * graphql-ruby).
 */
export function questionForms(question: string): ReadonlySet<string> {
  const words = subTokens(question);
  const forms = withBaseForms(words);
  for (const w of words) {
    const base = irregularBase(w);
    if (base !== undefined) forms.add(base);
  }
  return forms;
}

/**
 * The share of a name's word parts that the question says, in [0, 1]: a part counts when it is a
 * question word, one of its base forms, the start of a longer question word (`min` for "minimum",
 * `env` for "environment"), or starts with a question word of 5+ letters (`suggestions` for
 * "suggest", `parser` for "parse"), or is two such words written as one (`envvar` for
 * "environment variable"). Joining parts (`for`, `from`, `to`) and numbers are left out, unless
 * the question says such words itself: then they are what tells the file's members apart ("check
 * ip in ipv4 cidr range": `ipv4MaskTest` over `ipv6MaskTest`; "parse uuid from string":
 * `afsUUID_from_string` over `afsUUID_to_string`), and a name's part counts whether said or not.
 */
export function nameCoverage(name: string | undefined, forms: ReadonlySet<string>, path?: string): number {
  const { said, parts } = namePartsSaid(name, forms, path);
  return parts === 0 ? 0 : said / parts;
}

/** How many of a name's word parts the question says, of how many counted (nameCoverage's share, as counts). */
export function namePartsSaid(
  name: string | undefined,
  forms: ReadonlySet<string>,
  path?: string,
): { said: number; parts: number } {
  if (!name) return { said: 0, parts: 0 };
  const all = countedParts(name, forms, path);
  const content = all.filter((t) => !JOINING_PARTS.has(t) || forms.has(t));
  const parts = content.length > 0 ? content : all;
  let said = 0;
  for (const part of parts) if (saysPart(part, forms)) said++;
  return { said, parts: parts.length };
}

/**
 * How many of a name's parts the question says, a joining part (`to`, `for`, `from`) left out even
 * when the question says it: such a part tells two variants apart (namePartsSaid), but it names no
 * step, and counted as one of a callee's two words it let "… given to the scenarios …, and to which
 * bucket" name crowdsec's `PourItemToBucket` by "bucket" alone, over its caller `PourItemToHolders`
 * (calleesLookup).
 */
export function contentPartsSaid(name: string | undefined, forms: ReadonlySet<string>, path?: string): number {
  if (!name) return 0;
  return countedParts(name, forms, path).filter((part) => !JOINING_PARTS.has(part) && saysPart(part, forms)).length;
}

/** A name's word parts past its file's place, numbers left out unless the question says one (namePartsSaid, contentPartsSaid). */
function countedParts(name: string, forms: ReadonlySet<string>, path: string | undefined): string[] {
  const saysNumbers = [...forms].some((f) => NUMBER.test(f));
  return beyondPlace(splitIdentifier(name), path, (part) => saysPart(part, forms)).filter(
    (t) => saysNumbers || !NUMBER.test(t),
  );
}

/**
 * A name's parts past the prefix that repeats its file's place: C writes its module's namespace
 * before every public function of the file (`opr_rbtree_insert` in src/opr/rbtree.c,
 * `osi_dnlc_lookup` in afs_osidnlc.c), and its static helpers go without (`insert_recolour`).
 * The prefix says where the function is, which every member of the file shares, not what it
 * does: counted, it diluted the public function's share of the question's words below its
 * helper's ("red black tree insert": `opr_rbtree_insert` 1/3 against `insert_recolour` 1/2). A
 * prefix part, or a run of them written as one, equal to a folder's or the file's name or one of
 * their parts is left out; the name's last part is always kept (`rbtree` in rbtree.c is all
 * place, and all that says what it is), and so is a part the question says (`said`): then the
 * place is what was asked for ("how does the busyness cheaper decide …": `cheaper_busyness_algo`
 * in cheaper_busyness/cheaper_busyness.c, real set, uwsgi).
 */
export function beyondPlace(
  parts: readonly string[],
  path: string | undefined,
  said: (part: string) => boolean = () => false,
): readonly string[] {
  if (!path || parts.length < 2) return parts;
  const place = placeWords(path);
  let from = 0;
  outer: while (from < parts.length - 1) {
    let run = '';
    for (let to = from; to < parts.length - 1; to++) {
      if (said(parts[to])) break outer;
      run += parts[to];
      if (place.has(run)) {
        from = to + 1;
        continue outer;
      }
    }
    break;
  }
  return parts.slice(from);
}

function saysPart(part: string, forms: ReadonlySet<string>): boolean {
  if (saysWord(part, forms)) return true;
  // A lower-case compound of two abbreviations (`envvar`, `readlink`; `nargs` is too short):
  // each half, three letters or more, said by a question word that is not in NO_HALF.
  for (let cut = MIN_ABBREVIATION; cut <= part.length - MIN_ABBREVIATION; cut++)
    if (saysWord(part.slice(0, cut), forms, true) && saysWord(part.slice(cut), forms, true)) return true;
  return false;
}

function saysWord(part: string, forms: ReadonlySet<string>, contentOnly = false): boolean {
  const said = (f: string) => forms.has(f) && !(contentOnly && NO_HALF.has(f));
  if (said(part) || baseForms(part).some(said)) return true;
  if (part.length < MIN_ABBREVIATION) return false;
  for (const f of forms) {
    if (contentOnly && NO_HALF.has(f)) continue;
    if (f.length > part.length && f.startsWith(part)) return true;
    if (f.length >= MIN_STEM && part.length > f.length && part.startsWith(f)) return true;
  }
  return false;
}

/**
 * Languages without namespaces, whose names carry their module's as a prefix (beyondPlace). In the
 * others a name is already qualified by its module or class, and a prefix repeating the place is
 * part of what it says: Ruby's `pson_check_circular` in external/pson/ is the mixin's check, told
 * apart from `check_circular?`, the getter the question "Returns true, if circular data structures
 * should be checked" asks for (understand set, puppet).
 */
const NAMESPACE_IN_NAME: ReadonlySet<string> = new Set(['c']);

/** A question's coverage of each chunk's name, for fuse's member choice (FusionInput.nameCoverageOf). */
export function memberNameCoverage(question: string): (chunk: Chunk) => number {
  const forms = questionForms(question);
  return (chunk) => nameCoverage(chunk.symbol, forms, placeOf(chunk));
}

/** The path whose place a chunk's name may repeat as a prefix (beyondPlace): only in languages without namespaces. */
function placeOf(chunk: Chunk): string | undefined {
  return NAMESPACE_IN_NAME.has(languageForPath(chunk.path) ?? '') ? chunk.path : undefined;
}

/**
 * How many of the question's words each chunk's name says (namePartsSaid's count), for fuse's
 * member choice on a question asking how (FusionInput.nameWordsSaidOf): of two members whose names
 * are said as wholly, the one that says more of the question is the narrower answer ("how does it
 * check that the opened /proc directory is the real procfs root": `check_proc_root`, three words,
 * over `check_procfs`, two, both said whole; real set, rustix).
 */
export function memberNameWordsSaid(question: string): (chunk: Chunk) => number {
  const forms = questionForms(question);
  return (chunk) => namePartsSaid(chunk.symbol, forms, placeOf(chunk)).said;
}

/**
 * Whether each chunk's name says the verb a sentence describing code opens with (FusionInput.
 * leadVerbOf): a doc comment's first sentence names what the function does first ("Flush any log
 * destinations that support such operations." is `Log.flush`'s), and a name says that verb when
 * the function does it, while a sibling named after the sentence's object (`Log.destinations`)
 * only holds what it acts on. Undefined when the sentence opens with no word of three letters or
 * more.
 */
export function memberNameSaysLeadVerb(question: string): ((chunk: Chunk) => boolean) | undefined {
  const first = /^\s*([A-Za-z]+)\b/.exec(question)?.[1];
  if (!first || first.length < MIN_ABBREVIATION) return undefined;
  const forms = questionForms(first);
  return (chunk) => {
    if (!chunk.symbol) return false;
    return beyondPlace(splitIdentifier(chunk.symbol), placeOf(chunk), (part) => saysWord(part, forms)).some((part) =>
      saysWord(part, forms),
    );
  };
}

/**
 * Nouns after "this" that name the code itself, not what its holder models: "this method", "this
 * object's file" say nothing of which class the method is in.
 */
const SELF_NOUNS: ReadonlySet<string> = new Set(
  'object objects instance method function class module struct routine procedure one value thing call'.split(' '),
);

/** How many words after "this" a doc sentence's noun phrase may hold ("this Float number"). */
const THIS_PHRASE_WORDS = 2;

/**
 * Whether each chunk's holder (its class, module or receiver type) says the noun a doc sentence
 * puts after "this" (FusionInput.holderSaysThisOf): a method's doc comment calls the object it
 * belongs to "this interval", "this database", "this Float number", so of two members of a file
 * named alike, the one held by that noun's class is the one described (puppet's
 * `GeneratorMethods::Float#to_pson`, "Returns a PSON string representation for this Float
 * number", over `String#to_pson` in the same file). The phrase is the one or two words after
 * "this" up to a stop word or a mark, words of three letters or more; a sentence's opening
 * "This" is the function itself ("This is for testing only"), and nouns naming code itself
 * ("this object", "this method") are left out. Undefined when the sentence has no such phrase.
 */
export function memberHolderSaysThis(question: string): ((chunk: Chunk) => boolean) | undefined {
  const tokens = question.match(/[A-Za-z]+|[^A-Za-z\s]/g) ?? [];
  const words: string[] = [];
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i].toLowerCase() !== 'this' || /^[.!?;:]$/.test(tokens[i - 1])) continue;
    for (let j = i + 1; j < tokens.length && j <= i + THIS_PHRASE_WORDS; j++) {
      const w = tokens[j].toLowerCase();
      if (!/^[a-z]+$/.test(w) || w.length < MIN_ABBREVIATION || NO_HALF.has(w)) break;
      if (!SELF_NOUNS.has(w)) words.push(w);
    }
  }
  if (words.length === 0) return undefined;
  const forms = questionForms(words.join(' '));
  return (chunk) =>
    chunk.container !== undefined && splitIdentifier(chunk.container).some((part) => saysWord(part, forms));
}

/**
 * What fuse's member choice reads of a question about behaviour (docs/ranking.md#members): the
 * share of each name it says and how many of its words each name says, on every such question
 * (a doc sentence tells `_reciprocity_iter` from `reciprocity` by "iterator" as a "how" question
 * tells `check_proc_root` from `check_procfs`); and a question that does not ask how reads as a
 * statement of what one function does (FusionInput.readsAsStatement), while one asking how reads
 * the class it names whole by its agent noun (FusionInput.isClassVerb, classVerbLookup).
 */
export function memberNamesRead(
  question: string,
  asksHowItWorks: boolean,
): {
  nameCoverageOf(chunk: Chunk): number;
  nameWordsSaidOf(chunk: Chunk): number;
  readsAsStatement?: true;
  isClassVerb?(chunk: Chunk): boolean;
} {
  return {
    nameCoverageOf: memberNameCoverage(question),
    nameWordsSaidOf: memberNameWordsSaid(question),
    ...(asksHowItWorks ? { isClassVerb: classVerbLookup(question) } : { readsAsStatement: true as const }),
  };
}

/** A question word this short says too little to count in a body (`a`, `is`, `on`; `x86`, `bit` count). */
const MIN_BODY_WORD = 3;

/**
 * How many of a "how" question's content words a chunk's own lines say (its name, doc comment,
 * identifiers split into words, comments and strings): a word counts once, said
 * as itself or in a base form on either side (`prefixes` for `prefix`, "dropped" for `drop`).
 * The member choice weighs it when one member of a file says clearly more of the question than
 * the one chosen (fuse's chooseMember: 'code-says-question'): the function that does the work
 * handles each thing the question names, while a short sibling the embedding ranks first shares
 * its head words (capstone's `readPrefixes`, whose body reads the lock, rep, segment and size
 * override bytes, over `readOpcode`; rustix's `init_from_sysinfo_ehdr`, which walks the vDSO's
 * ELF headers to its symbol tables, over `sym`). Counts are kept per chunk for one question.
 */
export function memberCodeWordsSaid(corpus: Corpus, question: string): (chunk: Chunk) => number {
  const asked = contentTerms(question)
    .filter((t) => t.length >= MIN_BODY_WORD && !NUMBER.test(t))
    .map((t) => [t, ...baseForms(t)]);
  const counts = new Map<Chunk, number>();
  return (chunk) => {
    const known = counts.get(chunk);
    if (known !== undefined) return known;
    const text = corpus.files[chunk.fileId]?.text;
    const said = new Set<string>();
    if (text !== undefined)
      for (const line of linesOf(text, chunk.startLine, chunk.endLine))
        for (const t of subTokens(line)) {
          said.add(t);
          for (const b of baseForms(t)) said.add(b);
        }
    const count = asked.filter((forms) => forms.some((f) => said.has(f))).length;
    counts.set(chunk, count);
    return count;
  };
}

/**
 * The factor a member's relevance is weighed by when its file's chunks are compared: 1 + gain ×
 * coverage, and on a question asking how, + MEMBER_NAME_WORD_GAIN for each of its words the name says.
 */
export function nameMatchFactor(coverage: number, wordsSaid = 0): number {
  return 1 + MEMBER_NAME_GAIN * coverage + MEMBER_NAME_WORD_GAIN * wordsSaid;
}

/**
 * A call the function makes on its own file's or object's functions: bare (`parse(s)`) or on its
 * own receiver (`self.run()`, or the receiver a Go method names in its signature: `d.insert(…)`
 * in `func (d *IPv4Defragmenter) DefragIPv4(…)`). A call reached through an expression
 * (`children[i+1].Pos()`, whose receiver the parser leaves unnamed) is another value's method,
 * not this file's function of that name (x/tools' `PathEnclosingInterval` does not call its
 * file's `tokenNode.Pos`).
 */
function ownCall(r: Reference, receiver: string | undefined, file: CorpusFile): boolean {
  if (r.receiver === undefined) return r.qualified !== true;
  return OWN_CLASS.has(r.receiver) || r.receiver === receiver || definedInScope(file, r.receiver, r.name);
}

/**
 * Whether the file defines a function of this name inside the scope a call is qualified by: C++
 * calls its file's helpers through their namespace or class (`detail::parse_timestamp(s)` in
 * osmium's `Timestamp(const char*)`, `op_norm::vec_norm_2_direct_robust(X)` in the out-of-line
 * `op_norm::vec_norm_2_direct_std`), and Lua its module table's functions through the table
 * (`M.g(x)` beside `function M.g`). The scope is the file's own, so the callee is too.
 */
function definedInScope(file: CorpusFile, scope: string, name: string): boolean {
  const own = scope.split(/::|\.|\\/).pop();
  return file.analysis.definitions.some(
    (d) => d.name === name && d.container === own && (d.kind === 'function' || d.kind === 'method'),
  );
}

/** A Go method's receiver, as its signature names it: `d` in `func (d *IPv4Defragmenter) DefragIPv4(`. */
const GO_RECEIVER = /^\s*func\s*\(\s*(\w+)\s+[*\w]/;

/** The name a method calls its own object by, when the language lets it choose one (Go); else undefined. */
function namedReceiver(file: CorpusFile, chunk: Chunk): string | undefined {
  if (file.language !== 'go') return undefined;
  return GO_RECEIVER.exec(textOfLine(file.text, chunk.startLine))?.[1];
}

/** The name of a function's or method's own chunk; undefined for any other chunk. */
function functionName(chunk: Chunk): string | undefined {
  const isFunction = chunk.definitionKind === 'function' || chunk.definitionKind === 'method';
  return chunk.kind === 'definition' && isFunction ? chunk.symbol || undefined : undefined;
}

/** The calls (and `new`s) written inside a chunk's lines, in the file's reference order. */
function* callsIn(file: CorpusFile, chunk: Chunk): Generator<Reference> {
  for (const r of file.analysis.references)
    if ((r.kind === 'call' || r.kind === 'new') && holdsLine(chunk, r.line)) yield r;
}

/** The chunks of a file that are a function or method of this name. */
function functionsNamed(corpus: Corpus, file: CorpusFile, name: string): number[] {
  return file.chunkIds.filter((id) => functionName(corpus.chunks[id]) === name);
}

/**
 * The names a function's private twin goes by: the same name marked private (`_inlineCallbacks`
 * for `inlineCallbacks`, `__x`, JavaScript's `#x`), the same name as the implementation of it
 * (`spawn_blocking_inner`, `x_impl`, `xImpl`, `xInternal`), or in Go, where a name's first letter
 * says whether it is exported, the unexported spelling (`lookup` for `Lookup`).
 */
function twinNames(name: string, language: string | null): string[] {
  const out = [`_${name}`, `__${name}`, `#${name}`, `${name}_inner`, `${name}_impl`, `${name}Impl`, `${name}Internal`];
  if (language === 'go' && /^[A-Z]/.test(name)) out.push(name[0].toLowerCase() + name.slice(1));
  return out;
}

/**
 * The private twin a function hands its work to (twinNames), when it reaches it through the
 * functions of its own file it calls, directly or through one of them (the search's one walk of
 * each function's calls, everyCalleeLookup): the public name is the entry point its doc comment
 * describes, the twin does the work, so a question asking how that name works is answered there — twisted's `inlineCallbacks` wraps the generator and
 * calls `_cancellableInlineCallbacks`, which runs `_inlineCallbacks`, the loop that resumes it;
 * containers/storage's `Lookup` returns the ID `lookup` finds by name, ID or prefix. A twin
 * defined more than once in the file, or not reached, is none.
 */
export function privateTwinLookup(
  corpus: Corpus,
  callees: (chunk: Chunk) => Chunk[] = everyCalleeLookup(corpus),
): (chunk: Chunk) => number | undefined {
  return (chunk) => {
    const name = functionName(chunk);
    const file = corpus.files[chunk.fileId];
    if (!name || !file) return undefined;
    const twins = new Set(twinNames(name, file.language));
    const seen = new Set<number>([chunk.id]);
    let frontier = [chunk];
    for (let depth = 0; depth < 2 && frontier.length > 0; depth++) {
      const next: Chunk[] = [];
      for (const caller of frontier)
        for (const callee of callees(caller)) {
          if (seen.has(callee.id)) continue;
          seen.add(callee.id);
          const calleeName = functionName(callee);
          if (calleeName !== undefined && twins.has(calleeName)) return callee.id;
          next.push(callee);
        }
      frontier = next;
    }
    return undefined;
  };
}

/**
 * The chunk a function only hands its call on to, when that is a function of its own file whose
 * name extends its own: `func Recover() … { return RecoverWithConfig(DefaultRecoverConfig) }`,
 * `def parse(s): return _parse(s, strict=True)`, `fn spawn(&self, f) { self.spawn_inner(f, None) }`.
 * The wrapper's one call is what it does; a reader asking how it works opens the delegate. One
 * call in all, bare or on the object itself, to a name defined once in the file; else undefined.
 *
 * On a question that asks how (`howItWorks`), the wrapper may also compute its arguments with calls
 * on other values, and a Go method's own object is the receiver its signature names:
 * `func (d *IPv4Defragmenter) DefragIPv4(in …) { return d.DefragIPv4WithTimestamp(in, time.Now()) }`
 * hands "how does the IPv4 defragmenter put the fragments back together" on to
 * DefragIPv4WithTimestamp; and the delegate's name need not extend the wrapper's when the call is
 * the last line of code of a wrapper that runs straight through (no branch, no loop), the step it
 * ends by handing its work to: rustix's
 * `init_from_proc_self_auxv` opens "/proc/self/auxv" and ends with `init_from_auxv_file(file)`,
 * which reads the records ("how are the auxiliary vector records read from the /proc/self/auxv
 * file", real set). Other questions keep the wrapper so written: a doc sentence or a few
 * keywords naming the wrapper describe its entry point (x-tools' `Builder.Insert` for "Inserts a
 * new association from key to value", cargo's `compile` for "compile workspace").
 */
export function delegateLookup(corpus: Corpus, howItWorks = false): (chunk: Chunk) => number | undefined {
  return (chunk) => {
    const name = functionName(chunk);
    if (!name) return undefined;
    const file = corpus.files[chunk.fileId];
    if (!file) return undefined;
    if (howItWorks && file.language === 'cpp') {
      const overload = workingOverload(corpus, file, chunk, name);
      if (overload !== undefined) return overload;
    }
    const receiver = howItWorks ? namedReceiver(file, chunk) : undefined;
    let call: Reference | undefined;
    for (const r of callsIn(file, chunk)) {
      // Calls on other values (`crate::fs::openat(…)`, `.unwrap()`) compute the arguments.
      if (howItWorks && (r.receiver !== undefined || r.qualified === true) && !ownCall(r, receiver, file)) continue;
      if (call) return undefined;
      call = r;
    }
    if (!call || call.name === name) return undefined;
    const extendsName = call.name.toLowerCase().includes(name.toLowerCase());
    if (!extendsName && !(howItWorks && endsWith(file.text, chunk, call.line) && straight(file, chunk)))
      return undefined;
    if (!ownCall(call, receiver, file)) return undefined;
    const named = functionsNamed(corpus, file, call.name);
    return named.length === 1 ? named[0] : undefined;
  };
}

/** A forwarder is this many lines at most, its signature and closing line counted (forwardeeLookup). */
const FORWARDER_MAX_LINES = 15;

/**
 * The one function with a body in another file that a function forwards its work to, on a question
 * asking how: a function of FORWARDER_MAX_LINES lines or fewer that runs straight through (no
 * branch, no loop) and whose calls resolve (`resolve`: the graph's go-to-definition) to one function
 * with a body in the repository, written in another file. Calls that resolve to no body (a macro
 * such as `va_start`, a prototype alone, a method of a parameter) prepare its arguments; a
 * function held in a field and called for what it does (outsideCall: Xlib's, through winit's
 * `(self.xlib.XDefineCursor)(…)`) is work of its own, and leaves no forwarder.
 * SDCC's `printf` starts its argument list, calls `_print_format (put_char_to_stdout, NULL, format,
 * arg)` in printf_large.c and ends the list: "how does printf go through the format string" is
 * answered by `_print_format`, which reads the format, while `printf`'s name and its file's words
 * put it first in every list. delegateLookup does the same inside one file; across files the call
 * graph says where the callee is. Undefined for any other chunk.
 */
export function forwardeeLookup(
  corpus: Corpus,
  resolve: (fileId: number, line: number, name: string) => readonly number[],
): (chunk: Chunk) => number | undefined {
  return (chunk) => {
    const name = functionName(chunk);
    const file = name === undefined ? undefined : corpus.files[chunk.fileId];
    if (!name || !file || chunk.endLine - chunk.startLine + 1 > FORWARDER_MAX_LINES) return undefined;
    // A Ruby block opened on a line is the block of that line's call: straight through when it is
    // the forwarded call's own (checked below), a loop or a callback of the function's otherwise.
    const blockLines = straightButBlocks(file, chunk);
    if (!blockLines) return undefined;
    let body: number | undefined;
    let bodyLine: number | undefined;
    for (const r of callsIn(file, chunk)) {
      if (r.name === name) continue;
      const resolved = resolve(chunk.fileId, r.line, r.name);
      const bodies = new Set(resolved.filter((id) => id !== chunk.id && hasBody(corpus, corpus.chunks[id])));
      if (bodies.size === 0) {
        // A loaded library's function does work of its own (winit's `update_cursor` sets the
        // cursor through Xlib before it flushes the requests): no forwarder.
        if (resolved.length === 0 && outsideCall(file, r)) return undefined;
        continue;
      }
      // One call, written as its own statement: a function that calls it twice, or inside an
      // expression (osmium's haversine `distance`, `std::sin(deg_to_rad(c1.x - c2.x) * 0.5)`),
      // does the work itself with its help.
      if (bodies.size > 1 || body !== undefined || !wholeStatement(file, r)) return undefined;
      [body] = bodies;
      bodyLine = r.line;
    }
    if (blockLines.some((l) => l !== bodyLine)) return undefined;
    return body !== undefined && corpus.chunks[body].fileId !== chunk.fileId ? body : undefined;
  };
}

/**
 * Whether a call that reaches no definition in the repository runs a function held in a field,
 * called for what it does: `(self.xlib.XDefineCursor)(self.display, window, cursor);`, the way
 * Rust calls a field (a method call is written without the parentheses). The code it runs is a
 * loaded library's or a table's of functions, never a macro, and the call is work of the
 * function's own. Other calls that reach nothing stay steps that prepare: a bare name may be a
 * macro of a system header (C's `va_start (arg, format);`), and a method of a parameter or a local
 * value (`kw.setdefault(…)`, `.expect(…)` on the forwarded call's result) readies what is passed on.
 */
function outsideCall(file: CorpusFile, call: Reference): boolean {
  if (call.receiver === undefined) return false;
  const line = textOfLine(file.text, call.line);
  const at = new RegExp(`(?<![\\w$])${escapeRegExp(call.name)}\\s*\\)\\s*\\(`).exec(line);
  if (!at) return false;
  const before = line
    .slice(0, at.index)
    .replace(RECEIVER_BEFORE_CALL, '')
    .replace(/\(\s*$/, '');
  return OWN_STATEMENT_OPENING.test(before);
}

/**
 * What may stand before a call made for what it does or returns: nothing, a block's `{` (`unsafe {
 * … }`), `return`, `await`. A value stored in a name (`let data = self.buf.as_slice();`) prepares
 * an argument.
 */
const OWN_STATEMENT_OPENING = /(?:^[^(=]*[{;]|^|\breturn|\bawait)\s*$/;

/** What may stand before a call that is its statement's whole value: nothing, `return`, `await`, an assignment's `x =` or `x :=`. */
const STATEMENT_OPENING = /(?:^|\breturn|\bawait|[^=!<>]=|:=)\s*$/;

/**
 * Whether a call is the whole value of its statement (`i = _print_format (…);`, `return
 * _impl(*a)`, `self.run()`), not an argument of another call or a term of an expression.
 */
function wholeStatement(file: CorpusFile, call: Reference): boolean {
  const line = textOfLine(file.text, call.line);
  const at = callAt(line, call);
  if (at < 0) return false;
  const before = line.slice(0, at).replace(RECEIVER_BEFORE_CALL, '');
  return !before.includes('(') && STATEMENT_OPENING.test(before);
}

/** Whether a chunk is a function or method written with its body: not a prototype, a `.d.ts` signature or an abstract method. */
function hasBody(corpus: Corpus, chunk: Chunk | undefined): boolean {
  if (!chunk) return false;
  const read = functionLines(corpus, chunk);
  return read !== null && !isDeclaration(read.lines);
}

/** Lines of a declaration without a body (a `.d.ts` signature, a C prototype, an abstract or trait method): no `{`, ending in `;`. */
function isDeclaration(lines: readonly string[]): boolean {
  const last = lines.filter((l) => l.trim()).at(-1) ?? '';
  return !lines.some((l) => l.includes('{')) && /;\s*$/.test(last);
}

/**
 * C++ overloads that convert their arguments and call their own name again: a generic library
 * writes one overload that does the work and several that only repackage what they are given
 * (VIGRA's `watershedsRegionGrowing(MultiArrayView src, …)` checks the shapes and calls
 * `watershedsRegionGrowing(srcImageRange(src), destImage(dest), …)`, which calls the iterator
 * overload that grows the regions; `resizeImageSplineInterpolation` likewise). Every overload
 * holds the name and the parameters' words, so the lists rank the short ones as high as the one
 * that works, and the boost (a wrapper is called from everywhere) puts them first. A function
 * that runs straight through (no branch, no loop) and calls its own name hands on to the one
 * overload of its class or namespace, with a body, that does not call its name: the one the
 * chain of calls ends in. Recursive implementations (two overloads calling their name) and
 * several working overloads leave undefined. Only in C++, the one language of those parsed that
 * overloads a function by its parameters' types in one scope.
 */
function workingOverload(corpus: Corpus, file: CorpusFile, chunk: Chunk, name: string): number | undefined {
  const callsItsName = (c: Chunk) => {
    for (const r of callsIn(file, c)) if (r.name === name && ownCall(r, undefined, file)) return true;
    return false;
  };
  if (!callsItsName(chunk) || !straight(file, chunk)) return undefined;
  const working = functionsNamed(corpus, file, name).filter((id) => {
    const other = corpus.chunks[id];
    if (id === chunk.id || other.container !== chunk.container || callsItsName(other)) return false;
    // A declaration without a body (a prototype above the definitions) works nowhere.
    return linesOf(file.text, other.startLine, other.endLine).some((l) => l.includes('{'));
  });
  return working.length === 1 ? working[0] : undefined;
}

/** A word that branches or loops, in the languages parsed. */
const CONTROL_FLOW = /\b(?:if|else|elif|elsif|unless|for|foreach|while|until|loop|match|switch|case|when|do)\b/;

/**
 * Whether a function's body runs straight through: no line of code (comments aside) branches or
 * loops. Such a function prepares and hands on; one that loops or decides does work of its own
 * before its last call (rustix's `init_from_auxv_file` reads the file in a loop, then ends with
 * `init_from_auxp(buffer.as_ptr())`).
 */
function straight(file: CorpusFile, chunk: Chunk): boolean {
  return straightButBlocks(file, chunk)?.length === 0;
}

/** A Ruby block opening a line ends with: `do |val|`, `do`. */
const BLOCK_OPENING = /\bdo(?:\s*\|[^|]*\|)?\s*$/;

/**
 * The lines of a function's body that open a Ruby block when no line of code otherwise branches or
 * loops (straight), or undefined when one does. A predicate handed to the forwarded call as its
 * block (taskjuggler's `@scoreboard.collectIntervals(iv, minDuration) do |val| … end`, which picks
 * the slots to collect) is an argument of that call, not a loop of the function's own; the caller
 * checks that the block is the forwarded call's. Its lines are read as the function's: a block that
 * branches leaves no forwarder.
 */
function straightButBlocks(file: CorpusFile, chunk: Chunk): number[] | undefined {
  const blocks: number[] = [];
  const lines = linesOf(file.text, chunk.startLine + 1, chunk.endLine);
  for (const [i, l] of lines.entries()) {
    if (isCommentLine(l.trim(), file.language) || !CONTROL_FLOW.test(l)) continue;
    if (file.language !== 'ruby' || !BLOCK_OPENING.test(l) || CONTROL_FLOW.test(l.replace(BLOCK_OPENING, '')))
      return undefined;
    blocks.push(chunk.startLine + 1 + i);
  }
  return blocks;
}

/** Whether a line is a chunk's last line of code: its last line, or the one before its closing `}` or `end`. */
function endsWith(text: string, chunk: Chunk, line: number): boolean {
  if (line === chunk.endLine) return true;
  if (line !== chunk.endLine - 1) return false;
  return /^\s*(?:[})\]]+;?|end)\s*$/.test(textOfLine(text, chunk.endLine));
}

/**
 * The functions of its own file a function calls, bare or on its own object (`self.value_from_envvar(ctx)`,
 * `apfs_obj_verify_csum(sb, bh)`), each a name defined once in the file or once in the caller's
 * class, in call order without repeats; its own name left out (a recursion). With a question,
 * only the callees whose names say MEMBER_CALLEE_MIN_WORDS of its words or more (joining words not
 * counted: contentPartsSaid): a step the
 * question names (`value_from_envvar`), not an accessor named by one of its nouns (cobra's
 * `ValidateRequiredFlags` calls `c.Flags()`, whose one word "how does cobra check that required
 * flags were given" says).
 */
export function calleesLookup(
  corpus: Corpus,
  question?: string,
  callees: (chunk: Chunk) => Chunk[] = everyCalleeLookup(corpus),
): (chunk: Chunk) => number[] {
  const forms = question === undefined ? undefined : questionForms(question);
  return (chunk) =>
    callees(chunk)
      .filter((callee) => !forms || contentPartsSaid(callee.symbol, forms, placeOf(callee)) >= MEMBER_CALLEE_MIN_WORDS)
      .map((callee) => callee.id);
}

/**
 * Every function of its own file a function calls (ownCallees, every call counted), each chunk's
 * list walked once: one search asks it of the same functions for the question's callees and for
 * every step (calleesLookup with and without the question), and the member choice asks it of a
 * file's candidates again and again.
 */
export function everyCalleeLookup(corpus: Corpus): (chunk: Chunk) => Chunk[] {
  const walked = new Map<number, Chunk[]>();
  return (chunk) => {
    let callees = walked.get(chunk.id);
    if (!callees) {
      callees = ownCallees(corpus, chunk, () => true);
      walked.set(chunk.id, callees);
    }
    return callees;
  };
}

/**
 * The functions of its own file whose result a function chooses by (branchesOn): a switch or match
 * over it, or an ordered comparison of it (`const file_type ft = guess_file_type_internal(f);` …
 * `switch(ft)`; `if (u.hitpoints < retreat_functions.min_hp(u))`), each a name defined once in the
 * file (or once in the caller's class), in call order without repeats, its own name left out. Only
 * callees that branch or loop themselves: they work out what the caller chooses by (fuse's
 * chooseMember, 'callee-decides'), where a getter or a one-line check works out nothing.
 */
export function decidersLookup(corpus: Corpus): (chunk: Chunk) => number[] {
  return (chunk) => {
    const file = corpus.files[chunk.fileId];
    if (!file) return [];
    return ownCallees(corpus, chunk, (call) => branchesOn(file, chunk, call))
      .filter((callee) => !straight(file, callee))
      .map((callee) => callee.id);
  };
}

/**
 * The functions of its own file a function calls (ownCall) where `counts` says the call counts,
 * each a name defined once in the file or once in the caller's class, in call order without
 * repeats; its own name left out (a recursion).
 */
function ownCallees(corpus: Corpus, chunk: Chunk, counts: (call: Reference) => boolean): Chunk[] {
  const name = functionName(chunk);
  const file = corpus.files[chunk.fileId];
  if (!name || !file) return [];
  const out: Chunk[] = [];
  const seen = new Set<string>([name]);
  const receiver = namedReceiver(file, chunk);
  for (const r of callsIn(file, chunk)) {
    if (seen.has(r.name) || !ownCall(r, receiver, file) || !counts(r)) continue;
    seen.add(r.name);
    const named = functionsNamed(corpus, file, r.name);
    // A name two classes of the file define: the caller's own class's (`self.` or bare in Ruby).
    const own = named.length > 1 ? named.filter((id) => corpus.chunks[id].container === chunk.container) : named;
    if (own.length === 1) out.push(corpus.chunks[own[0]]);
  }
  return out;
}

/**
 * The one function of its file that a function passes one of its own parameters to, read from its
 * calls' argument text; undefined when none or several do. A constructor's argument is what the
 * caller hands the object, and the function of its file that works on that argument is where the
 * constructor does more than build (osmium's `Pool(int num_threads, …)`, whose
 * `detail::get_pool_size(num_threads, …)` works out how many threads the pool runs).
 */
export function argumentTakerLookup(
  corpus: Corpus,
  callees: (chunk: Chunk) => Chunk[] = everyCalleeLookup(corpus),
): (chunk: Chunk) => number | undefined {
  return (chunk) => {
    const name = functionName(chunk);
    const file = corpus.files[chunk.fileId];
    if (!name || !file) return undefined;
    const text = linesOf(file.text, chunk.startLine, chunk.endLine).join('\n');
    const params = parameterNames(name, text, file.language !== 'go');
    if (params.length === 0) return undefined;
    const said = new RegExp(`(?<![\\w$])(?:${params.map(escapeRegExp).join('|')})(?![\\w$])`);
    let taker: number | undefined;
    for (const callee of callees(chunk)) {
      if (!callee.symbol || !argumentsPassed(text, callee.symbol).some((a) => said.test(a))) continue;
      if (taker !== undefined) return undefined;
      taker = callee.id;
    }
    return taker;
  };
}

/** The argument text of each call of `name` in `text` (`f(a, g(b))` → `a, g(b)`). */
function argumentsPassed(text: string, name: string): string[] {
  const out: string[] = [];
  const call = new RegExp(`(?<![\\w$])${escapeRegExp(name)}\\s*\\(`, 'g');
  for (let m = call.exec(text); m; m = call.exec(text)) {
    const open = m.index + m[0].length - 1;
    const close = matchingParen(text, open);
    if (close > open) out.push(text.slice(open + 1, close));
  }
  return out;
}

/**
 * A word that opens a condition, in the languages parsed, written as a keyword: not a member's,
 * a variable's or a symbol's name (`str.match(re)`, `$.when(…)`, `$match`, `@case`, `:when`), nor
 * an object's key, an assigned, compared or listed name (`match: found && …`, `var match = …`,
 * `match == null`, `[match, dir]`) — JavaScript and Go call a regex's result `match` and the
 * language has no such keyword (codemirror's `findMatchingBracket` returns `{…, match: found &&
 * found.ch == …}` after calling `scanForBracket`, which it does not switch on). A Ruby symbol after
 * the word (`when :sym`) is still a keyword's.
 */
const CONDITION =
  /(?<![\w$@.:>])(?:if|elif|elsif|elseif|unless|while|until|switch|case|when|match)\b(?!\s*(?:[.,;)\]}?]|:(?![\w:])|[-+*/%&|^!<>=]?=(?!>)))/;
/** A word that opens a choice among several outcomes by one value: `switch (ft)`, `match result {`, Ruby's `case kind`. */
const DISPATCH = /\b(?:switch|match|case)\b/;
/** An ordered comparison (`<`, `>`, `<=`, `>=`), not an arrow, a shift or a generic's bracket pair. */
const ORDERED = /(?:^|[^<>=-])(?:<=?|>=?)(?=[^<>=]|$)/;
/** An ordered comparison with a number written out, either way round: `compareVersion(a, b) < 0`, `0 <= n`. */
const ORDERED_WITH_NUMBER =
  /(?:(?:^|[^<>=-])(?:<=?|>=?)\s*[-+]?\d[\w.]*)|(?:(?<![\w$.])[-+]?\d[\w.]*\s*(?:<=?|>=?)(?=[^<>=]|$))/g;

/**
 * Whether a condition's text compares something in order with anything but a number written out.
 * A value compared with a constant is a sign or a count (`if (this.compareVersion(plugin.minVersion,
 * this.less.version) < 0)`, `if (count(x) > 0)`): its function orders or counts, and the threshold
 * that decides is the caller's own (Less's `validatePlugin` refuses a plugin that needs a newer
 * version; `compareVersion` only compares). Compared with another value, the callee works out the
 * bound the caller chooses by (`u.hitpoints < min_hp(u)`).
 */
function comparesInOrder(text: string): boolean {
  return ORDERED.test(text.replace(ORDERED_WITH_NUMBER, ' '));
}
/** The names a line stores a call's value in: `const file_type ft =`, `local ok, why =`, `h :=`, `$x =`, `[a, b] =`. */
const STORED_IN = /([A-Za-z_$][\w$]*(?:\s*,\s*[A-Za-z_$*][\w$]*)*)\s*\]?\s*:?=\s*[(!]*\s*$/;
/** The receiver or scope written before a called name: `self.`, `retreat_functions.`, `$this->`, `M:`, `a.b::`. */
const RECEIVER_BEFORE_CALL = /(?:[@$]?[\w$]+\s*(?:\.|::|->|:))+$/;
/** How many lines below a call a condition may read the name its value was stored in. */
const STORED_READ_WITHIN = 12;

/**
 * Whether a function's lines choose by a call's value: a `switch`, `match` or `case` over it, or a
 * condition that compares it in order (`if (u.hitpoints < min_hp(u))`), on the call's own line or
 * on the name the value was stored in (`ft = guess_file_type_internal(f);` … `switch(ft)`; `let
 * result = copy_regular_files(…);` … `match result {`). A test of the value alone — `if (h)`, `if
 * ret`, `is not None`, `if d.dontDefrag(ip)` — is a guard or an error check as often: the caller
 * stops on a failure, or skips what is done already, and the work asked about is its own (real
 * set: apfs' `apfs_omap_lookup_block`, which stops when `apfs_btree_query` fails; Wesnoth's
 * `require`, which returns the package `resolve_package` found loaded).
 */
function branchesOn(file: CorpusFile, chunk: Chunk, call: Reference): boolean {
  const line = textOfLine(file.text, call.line);
  const at = callAt(line, call);
  if (at < 0) return false;
  const before = line.slice(0, at);
  const open = CONDITION.exec(before);
  if (open && (DISPATCH.test(open[0]) || comparesInOrder(line.slice(open.index + open[0].length)))) return true;
  if (open && keepsByCall(file, chunk, call, line.slice(at))) return true;
  // The object or scope the call is made through (`self.`, `retreat_functions.`, `$this->`, `M:`).
  const stored = STORED_IN.exec(before.replace(RECEIVER_BEFORE_CALL, ''));
  if (!stored) return false;
  const names = stored[1]
    .split(',')
    .map((n) => n.trim().replace(/^\*+/, ''))
    .filter((n) => n.length > 0 && n !== '_');
  if (names.length === 0) return false;
  const reads = new RegExp(`(?<![\\w$.])(?:${names.map(escapeRegExp).join('|')})(?![\\w$])`);
  const last = Math.min(chunk.endLine, call.line + STORED_READ_WITHIN);
  for (const later of linesOf(file.text, call.line + 1, last)) {
    const t = later.trim();
    if (isCommentLine(t, file.language)) continue;
    const cond = CONDITION.exec(t);
    if (!cond) continue;
    const rest = t.slice(cond.index + cond[0].length);
    if (!reads.test(rest)) continue;
    if (DISPATCH.test(cond[0]) || comparesInOrder(rest)) return true;
  }
  return false;
}

/** A plain name passed as an argument: `best_info`, `$best`, not `x + 1` or `f(x)`. */
const PLAIN_ARGUMENT = /^[A-Za-z_$][\w$]*$/;
/** A line that ends or turns a branch: `end`, `}`, `else`, `elif …`, `elsif …`, `} else {`. */
const BRANCH_ENDS = /^(?:end\b|\}|else\b|elif\b|elsif\b|elseif\b)/;
/** How many lines of its branch may store the candidate the comparison chose. */
const KEPT_WITHIN = 4;

/**
 * Whether a condition testing a call's value keeps what it compared: the branch stores into a
 * name the call was given (`if (not best_info) or compare_monster_info(new_info, best_info) then` …
 * `best_info = new_info`; `if better(x, best): best = x`). The callee compares two candidates and
 * the caller keeps the one it says is better, so the callee's result is the choice itself, not a
 * guard: a guard's branch returns, skips or raises, and stores into none of its arguments.
 */
function keepsByCall(file: CorpusFile, chunk: Chunk, call: Reference, fromCall: string): boolean {
  const open = fromCall.indexOf('(');
  const close = open < 0 ? -1 : matchingParen(fromCall, open);
  if (close < 0) return false;
  // A comma inside a nested call (`better(score(a, b), best)`) separates that call's arguments.
  const args = splitArgs(fromCall.slice(open + 1, close)).filter((a) => PLAIN_ARGUMENT.test(a));
  if (args.length < 2) return false;
  const stores = new RegExp(`^(?:local\\s+)?(?:${args.map(escapeRegExp).join('|')})\\s*=(?!=)`);
  let seen = 0;
  for (const later of linesOf(file.text, call.line + 1, chunk.endLine)) {
    const t = later.trim();
    if (t.length === 0 || isCommentLine(t, file.language)) continue;
    if (BRANCH_ENDS.test(t) || ++seen > KEPT_WITHIN) return false;
    if (stores.test(t)) return true;
  }
  return false;
}

/** Where a call's name is first written on its line, followed by its arguments, or -1. */
function callAt(line: string, call: Reference): number {
  return new RegExp(`(?<![\\w$])${escapeRegExp(call.name)}\\s*[(\\s]`).exec(line)?.index ?? -1;
}

/** Definition kinds whose one-line form only names the file's scope: PHP's `namespace X;`, Rust's `mod x;`. */
const SCOPE_KINDS: ReadonlySet<string> = new Set(['namespace', 'module']);

/**
 * Whether a question asks how something is done ("how does hcl expand dynamic blocks", "how is
 * a title turned into an id"): the answer is code that does it, so a file's lines outside its
 * functions are demoted (outsideFunctionsLookup). A description of what a thing is ("private
 * action types reserved by Redux") may name the constants such lines declare. A question that
 * asks where something is done, or in what order, asks for the code that does it as plainly
 * ("where is a registry request retried with a one-time password", "in what order are plugins
 * loaded at startup"): neither word opens a sentence that describes a definition, as "when" ("When
 * set, …") or "what" ("what does `parse` do", which names its answer) may.
 */
export function asksHowItWorks(raw: string): boolean {
  return HOW_QUESTION.test(raw);
}

/** "how …", "where …", "in what order …", "in which order …": a question about the code that does something. */
const HOW_QUESTION = /^\s*(?:how|where|in\s+(?:what|which)\s+\w+)\b/i;

/**
 * Whether a question asks how, first or after a leading clause that sets the scene ("when two
 * devices changed the same file, how is the version that wins chosen"): the semantic list then
 * reads long functions' bodies too (semantic/index.ts body windows), since the work asked about
 * may be far down a function. A doc sentence or a few keywords describe what a function is for,
 * which its head says (its name, signature and doc comment): read by their windows too, the
 * understand set's tuning questions lost (docs/eval/FUSION.md). The member rules and the "how"
 * demotions read it too: "during compaction, how does the in-memory index decide which old
 * revisions of a key are kept" asks how as plainly as a question that starts with it, and etcd's
 * `keyIndex` struct, a type's declaration, stood for key_index.go over its `compact` method.
 */
export function asksHow(raw: string): boolean {
  return asksHowItWorks(raw) || /^[^,?.]*,\s*how\b/i.test(raw);
}

/**
 * Whether a chunk is lines of its file outside its functions (OUTSIDE_FUNCTIONS_DEMOTION_FACTOR,
 * ranking.ts): a line window of a parsed file in which the parser found definitions (its header,
 * imports, the tables and variables declared between its functions), a one-line namespace or
 * module declaration, or a `#define` of a bare name — an include guard or a file's marker
 * (jemalloc's `#define JEMALLOC_PAGES_C_` on pages.c's first line), which names its file and
 * defines nothing. A file the parser found nothing in (a script of statements, a language
 * without a grammar) keeps its windows at par: they are its code.
 */
export function outsideFunctionsLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  return (chunk) => {
    if (chunk.kind === 'definition') return isScopeLine(chunk) || isBareDefine(corpus, chunk);
    const analysis = corpus.files[chunk.fileId]?.analysis;
    return analysis !== undefined && analysis.parsed && analysis.definitions.length > 0;
  };
}

/** `#define NAME` and nothing more. */
const BARE_DEFINE = /^\s*#\s*define\s+\w+\s*$/;

/** Whether a chunk is a one-line `#define` of a bare name, with no value: an include guard or a file's marker. */
function isBareDefine(corpus: Corpus, chunk: Chunk): boolean {
  if (chunk.kind !== 'definition' || chunk.definitionKind !== 'macro' || chunk.startLine !== chunk.endLine)
    return false;
  const text = corpus.files[chunk.fileId]?.text;
  if (text === undefined) return false;
  return BARE_DEFINE.test(textOfLine(text, chunk.startLine));
}

/**
 * Whether a chunk is names and no code, which on a question about what code does gives its place
 * to any other member of its file and shows no file of its own (fuse.ts FusionInput.isNameOnly):
 * an include guard or a file's marker (a one-line `#define` of a bare name), or a file's header
 * of imports (isImportsOnly). Such lines hold no code, yet their words are the file's (its
 * marker's name, the doc comment above its imports, the names it works with), and a question
 * naming the file's subject finds them in every list (jemalloc's `#define JEMALLOC_PAGES_C_` and
 * pages.h's `#define JEMALLOC_INTERNAL_PAGES_EXTERNS_H` for "how does jemalloc let the kernel
 * reclaim unused pages lazily": first in every list, the cap's boost outweighing its demotion;
 * composer's Locker.php shown by its 15 `use` lines for "how does composer work out the root
 * package version from the current git branch").
 */
export function nameOnlyLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  return (chunk) => isBareDefine(corpus, chunk) || isImportsOnly(corpus, chunk);
}

/**
 * Whether a chunk is a one-line namespace or module declaration (PHP's `namespace X;`, Rust's
 * `mod x;`): on a question asking how it leaves the candidates (fuse.ts FusionInput.isScopeLine).
 * It holds no code, and its words are its folder's, which every file of the folder writes, not
 * its file's own, so it holds no place for its file either: phpseclib's ten `namespace
 * phpseclib3\Math\BigInteger\Engines;` lines, each boosted first in a list for its file, stood
 * above `BigInteger::setEngine` for "how does phpseclib pick which big integer engine to use",
 * and handed their places to the engines' `toBytes` and `slidingWindow`.
 */
export function isScopeLine(chunk: Chunk): boolean {
  return (
    chunk.kind === 'definition' &&
    chunk.startLine === chunk.endLine &&
    chunk.definitionKind !== undefined &&
    SCOPE_KINDS.has(chunk.definitionKind)
  );
}

/**
 * A line of a file's header that is no code of its own: PHP's opening tag and `declare(…);`,
 * a `'use strict';` directive, a `namespace X;` or `package x` line.
 */
const HEADER_LINE =
  /^(?:<\?php|\?>|declare\s*\(.*\)\s*;|(['"])use strict\1;?|namespace\s+[\w\\]+\s*;|package\s+[\w.]+;?)$/;

/**
 * Whether a chunk is a window of a parsed file whose every line of code starts an import (PHP's
 * `use A\B;`, JavaScript's `import … from`, `require`) or is a header line (HEADER_LINE):
 * composer's Locker.php lines 14–35, its 15 `use` lines and its class's doc comment, whose
 * names ("Package\Version\VersionParser", "Util\Git") say a question's nouns with no code
 * that does anything. A statement that continues over lines fails it, so the rule keeps it.
 */
function isImportsOnly(corpus: Corpus, chunk: Chunk): boolean {
  if (chunk.kind !== 'window') return false;
  const file = corpus.files[chunk.fileId];
  const analysis = file?.analysis;
  if (!analysis?.parsed || analysis.definitions.length === 0 || analysis.imports.length === 0) return false;
  const importLines = new Set(analysis.imports.map((i) => i.line));
  let imports = 0;
  let line = chunk.startLine;
  for (const text of linesOf(file.text, chunk.startLine, chunk.endLine)) {
    const t = text.trim();
    const at = line++;
    if (importLines.has(at)) {
      imports++;
      continue;
    }
    if (!t || isCommentLine(t, file.language) || HEADER_LINE.test(t)) continue;
    return false;
  }
  return imports > 0;
}

/** Definition kinds that declare a type: its fields, variants or method signatures, and no code that runs. */
const TYPE_KINDS: ReadonlySet<string> = new Set(['struct', 'enum', 'interface', 'trait', 'type']);

/**
 * Whether a chunk declares a type (TYPE_DECLARATION_DEMOTION_FACTOR, ranking.ts): a struct, enum,
 * interface, trait or type alias. Its doc comment and field names say what the type is for, in the
 * words of a question about what its code does, yet it holds none of that code ("how is a
 * $GENERATE line in a zone file expanded into records": miekg/dns' `ZoneParser` and
 * `generateReader` structs over the `generate` method). A class is not one: in Python, Ruby and
 * PHP its chunk is its methods' code.
 */
export function isTypeDeclaration(chunk: Chunk): boolean {
  return chunk.kind === 'definition' && chunk.definitionKind !== undefined && TYPE_KINDS.has(chunk.definitionKind);
}

/**
 * isTypeDeclaration, and a class that holds data and no behaviour: no method but its constructor
 * (search/members.ts constructorLookup's names). Such a class is a record of its fields, its
 * constants and the options its constructor stores, in Python, Ruby and PHP as much as a struct is
 * in Rust or Go: an exception class (`class InstallError < Gem::Exception; end`), a PHP
 * constraint (symfony-validator's `Iban`, its error codes, its message and a constructor that
 * stores them), a group of names (`GroupSequence`). Its doc comment and field names say what the
 * checking, the walking or the installing is for, in the words of a question asking how it is
 * done, and the code that does it is elsewhere (`IbanValidator::validate`,
 * `RecursiveContextualValidator::stepThroughGroupSequence`); boosted as a class, it came first
 * (real set, symfony-validator: three of six "how" questions).
 */
export function typeDeclarationLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  return (chunk) => isTypeDeclaration(chunk) || isDataClass(corpus, chunk);
}

/** Whether a class chunk's methods, if it has any, are only constructors (typeDeclarationLookup). */
function isDataClass(corpus: Corpus, chunk: Chunk): boolean {
  if (chunk.kind !== 'definition' || chunk.definitionKind !== 'class' || !chunk.symbol) return false;
  const analysis = corpus.files[chunk.fileId]?.analysis;
  if (!analysis?.parsed) return false;
  const own = chunk.symbol.split(/::|\.|\\/).pop();
  return analysis.definitions.every(
    (d) =>
      (d.kind !== 'function' && d.kind !== 'method') ||
      d.startLine <= chunk.startLine ||
      d.endLine > chunk.endLine ||
      CONSTRUCTORS.has(d.name) ||
      d.name === own ||
      isAliasDefinition(d),
  );
}

/**
 * A function chunk read from the line its name is on: its own name (a qualified symbol's last
 * part, `Dependency::set_optional` → set_optional, as its signature writes it), its file, its
 * lines and the index of that line among them. Null for a chunk of no function, or whose lines
 * never write its name.
 */
function functionLines(
  corpus: Corpus,
  chunk: Chunk,
): { own: string; file: CorpusFile; lines: string[]; signature: number } | null {
  const name = functionName(chunk);
  const file = name === undefined ? undefined : corpus.files[chunk.fileId];
  if (name === undefined || !file) return null;
  const lines = linesOf(file.text, chunk.startLine, chunk.endLine);
  const own = name.split(/::|\.|\\|#/).pop() ?? name;
  const signature = lines.findIndex((l) => l.includes(own));
  return signature < 0 ? null : { own, file, lines, signature };
}

/** A line that only opens or closes a body: `{` (PHP, C), `}`, `});`, `end`, Lua's `end,` closing a table's function field and `end)` a callback argument. */
const CLOSING_LINE = /^(?:[{})\]]+[;,]?|end[),;]*)$/;
/**
 * A statement that only takes or lets go of a lock around the body's work: Go's
 * `s.stateLock.Lock()`, `defer s.memberLock.RUnlock()`. It guards the work and does none of it:
 * serf's `State`, a lock held around `return s.state`, is a getter, and it came first in every
 * list for "how does serf rebuild its state from the snapshot file on restart" over
 * `Snapshotter.replay`.
 */
const LOCK_LINE = /^(?:defer\s+)?(?:[A-Za-z_]\w*\.)+R?(?:Lock|Unlock)\(\)$/;
/** A shell here-document's opening, `<<END`, `<<-'EOF'` (not a `<<<` here-string): its terminator. */
const HERE_DOC = /(?<!<)<<-?\s*(['"]?)([A-Za-z_]\w*)\1/;
/** A Python docstring's opening or closing quotes. */
const TRIPLE_QUOTE = /"""|'''/g;

/**
 * How many functions and methods a chunk's file defines, per file on first use (fuse.ts
 * withLoneChunkFilesDemoted: a file of several, one chunk alone of which matched a "how" question).
 */
export function functionsInFileLookup(corpus: Corpus): (chunk: Chunk) => number {
  const counts = new Map<number, number>();
  return (chunk) => {
    const known = counts.get(chunk.fileId);
    if (known !== undefined) return known;
    const ids = corpus.files[chunk.fileId]?.chunkIds ?? [];
    const count = ids.filter((id) => {
      const kind = corpus.chunks[id]?.definitionKind;
      return kind === 'function' || kind === 'method';
    }).length;
    counts.set(chunk.fileId, count);
    return count;
  };
}

/**
 * Whether a chunk is a function or method whose body holds at most SHORT_BODY_MAX_CODE_LINES
 * lines of code (SHORT_BODY_MAX_CODE_LINES_BY_LANGUAGE in Ruby, PHP and Lua) past its name's line:
 * blank lines, comments, a Python docstring, a shell here-document's text (an OCF agent's
 * `meta_data() { cat <<END … END }`, its XML description in every word of a question about the
 * agent) and lines that only open or close a body (`{`, `}`, a Ruby `end`) are not code (a
 * signature continued over more lines is counted, so such a function is rarely short), nor is a
 * statement that only takes or lets go of a lock (LOCK_LINE). `func (s *Serf) State() SerfState {
 * s.stateLock.Lock(); defer s.stateLock.Unlock(); return s.state }` is one line of code, and so is
 * `fn lock(&self) -> MutexLockFuture<'_, T> { MutexLockFuture { mutex: Some(self) } }`: a question
 * asking how something is done is answered elsewhere (ranking.ts SHORT_BODY_DEMOTION_FACTOR). The
 * literal of its fields a function ends by handing back is no line of code (VALUE_LITERAL), nor is a C++ constructor's member initializer list (PCL's
 * `StatisticalOutlierRemoval (bool extract_removed_indices = false) : FilterIndices<PointT>
 * (extract_removed_indices), searcher_ (), mean_k_ (1), std_mul_ (0.0) { filter_name_ = …; }`,
 * in its header above the `applyFilterIndices` that filters). So is a `#define` on one line: it
 * names a value, a type or a call written elsewhere (an include guard, PCL's `#define PCL_INSTANTIATE_StatisticalOutlierRemoval(T)
 * template class PCL_EXPORTS pcl::StatisticalOutlierRemoval<T>;` under the `applyFilterIndices`
 * that does the filtering).
 */
export function shortBodyLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  return (chunk) => {
    if (chunk.kind === 'definition' && chunk.definitionKind === 'macro') return chunk.startLine === chunk.endLine;
    const read = functionLines(corpus, chunk);
    if (!read) return false;
    const { file, lines, signature } = read;
    const max = (file.language && SHORT_BODY_MAX_CODE_LINES_BY_LANGUAGE[file.language]) ?? SHORT_BODY_MAX_CODE_LINES;
    // A declaration without a body (a `.d.ts` signature, a C prototype, an abstract or trait
    // method) does no work at all: shorter than any body.
    if (isDeclaration(lines)) return true;
    let code = 0;
    let inDocstring = false;
    // Depth inside the value literal the body hands back (VALUE_LITERAL).
    let literal = 0;
    let literalClosed = false;
    let hereDocEnd: string | undefined;
    // A C++ constructor's member initializer list, read until the line that opens its body.
    let initializers = file.language === 'cpp' && INITIALIZERS_OPEN.test(lines[signature]);
    let opened = lines[signature].includes('{');
    for (const line of lines.slice(signature + 1)) {
      const t = line.trim();
      // `: a_ (x), b_ (0)` only stores the constructor's arguments and defaults in fields, as a
      // literal of its fields does (VALUE_LITERAL): no line of code.
      if (file.language === 'cpp' && !opened && !initializers && t.startsWith(':')) initializers = true;
      if (initializers) {
        if (braceBalance(t) > 0 || /\{\s*\}$/.test(t)) initializers = false;
        if (t.includes('{')) opened = true;
        continue;
      }
      if (t.includes('{')) opened = true;
      // A here-document's lines are text the function prints, as a docstring's are.
      if (hereDocEnd !== undefined) {
        if (t === hereDocEnd) hereDocEnd = undefined;
        continue;
      }
      if (file.language === 'bash') hereDocEnd = HERE_DOC.exec(t)?.[2];
      const quotes = file.language === 'python' ? (t.match(TRIPLE_QUOTE)?.length ?? 0) : 0;
      if (inDocstring || quotes > 0) {
        if (quotes % 2 === 1) inDocstring = !inDocstring;
        continue;
      }
      if (!t || isCommentLine(t, file.language)) continue;
      if (literal > 0) {
        literal += braceBalance(t);
        if (literal <= 0) literalClosed = true;
        continue;
      }
      if (CLOSING_LINE.test(t) || LOCK_LINE.test(t)) continue;
      // The value the body ends by handing back, built from its fields, is no line of code
      // however many lines the fields take; a statement after it is work of its own.
      if (literalClosed) return false;
      if (VALUE_LITERAL.test(t)) {
        literal = braceBalance(t);
        continue;
      }
      // Where a short body may be three or four lines, glue is a test and a sibling's value; a
      // loop is work however few lines it takes.
      if (max > SHORT_BODY_MAX_CODE_LINES && LOOP_LINE.test(t)) return false;
      if (++code > max) return false;
    }
    return true;
  };
}

/**
 * A line that loops: a Ruby block taking a value (`each_identity do |identity|`, `.find { |err,
 * _handler| klass <= err }`), a `while`/`until`/`for`/`loop`/`repeat` statement, PHP's `foreach`.
 * grape's `rescue_handler_for_class_or_its_ancestor` finds the handler whose class the exception's
 * is or descends from in three lines; rubygems' `find_command_possibilities` selects the commands
 * a typed prefix starts; net-ssh's `authenticate` tries each identity the key manager offers.
 */
const LOOP_LINE = /\bdo\s*\|[^|]*\||\{\s*\|[^|]*\||^(?:while|until|for|foreach|loop|repeat)\b|\bforeach\s*\(/;

/**
 * Whether a C or C++ chunk is a step and not the work, on a question asking how: a short body
 * (shortBodyLookup) that hands its call on to no function of its file (delegateLookup), as fuse's
 * onlyAStep reads a callee. Its centrality counts nothing for the importance boost (engine.ts, as
 * ranking.ts BOOSTED_KINDS leaves a type's out): a getter, a setter or a one-line helper is called
 * from everywhere, so PageRank ranks it among the hubs, yet it holds none of the work such a
 * question asks about, and its boost kept it above the function that does it (PCL's
 * `setRANSACIterations`, a setter of one line, over `RandomSampleConsensus::computeModel` for "how
 * does RANSAC work out how many more iterations it needs"). One that hands on keeps its boost: it
 * carries its file's place to the function it calls (osmium's `Timestamp(const char*)`, whose
 * `detail::parse_timestamp` parses).
 */
export function shortStepLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  const short = shortBodyLookup(corpus);
  const delegate = delegateLookup(corpus, true);
  return (chunk) => inCFamily(corpus, chunk) && short(chunk) && delegate(chunk) === undefined;
}

/**
 * C and C++, where shortStepLookup and cFamilyTypeDeclarationLookup hold: a header's inline
 * accessors, setters and `#define`s are pulled into every file that includes it and called from
 * all of them. In the other languages a function of a line or two was as often the answer itself
 * (Rust's std and core, Ruby's RubyGems, the MongoDB driver: real set, rows lost when the rules
 * held there).
 */
function inCFamily(corpus: Corpus, chunk: Chunk): boolean {
  return C_FAMILY_LANGUAGES.has(corpus.files[chunk.fileId]?.language ?? '');
}

/**
 * A C or C++ type's declaration (isTypeDeclaration), for fuse's first-in-every-list cap on a
 * question asking how (FusionInput.isUncappedType): the cap is a boost, and a type takes none on
 * such a question (BOOSTED_KINDS).
 */
export function cFamilyTypeDeclarationLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  const typeDeclaration = typeDeclarationLookup(corpus);
  return (chunk) => inCFamily(corpus, chunk) && typeDeclaration(chunk);
}

/**
 * A class that holds data and no behaviour (typeDeclarationLookup's: no method but its
 * constructor), in any language: on a question asking how it takes no boost, neither its
 * importance's (fuse's centralityOf) nor the first-in-every-list cap (FusionInput.isUncappedType),
 * as a C or C++ type takes none. An exception class is raised from every file that fails, so
 * PageRank makes it a hub (vagrant's `VirtualBoxMachineFolderNotFound`, RubyGems' `InstallError`,
 * boosted 1.49–1.5), and its name and its message key say the question's words ("how is the project
 * folder found …"), while the code asked about is where it is raised or rescued. A trait, an
 * interface or a struct outside C and C++ keeps the cap (type-declarations.test.ts, ruma's
 * `OutgoingRequest`).
 */
export function dataClassLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  return (chunk) => isDataClass(corpus, chunk);
}

/** A type the first-in-every-list cap leaves unboosted on a question asking how: a C or C++ type's declaration, or a data class (dataClassLookup). */
export function uncappedTypeLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  const cType = cFamilyTypeDeclarationLookup(corpus);
  return (chunk) => cType(chunk) || isDataClass(corpus, chunk);
}

/**
 * A line opening a literal of a named type, the value a function hands back: Rust's `Self {` or
 * `Ok(Spawner {`, Go's `return &Server{`. A body that ends in one such literal, after at most
 * SHORT_BODY_MAX_CODE_LINES other lines, only assembles its fields (tokio's `BlockingPool::new`,
 * two `let`s and a 24-line `BlockingPool { … }`; ruma's `PushRule::message`): the work is elsewhere.
 */
const VALUE_LITERAL =
  /^(?:return\s+)?(?:(?:Ok|Some|Box::new|Arc::new)\()?&?(?:Self|(?:[a-z_]\w*(?:\.|::))*[A-Z]\w*)\s*\{$/;

/** A C++ constructor's signature line that ends where its member initializer list begins: `Pool (int n) :`. */
const INITIALIZERS_OPEN = /\)\s*(?:noexcept\s*)?:\s*$/;

/** How many more braces a line opens than it closes (strings and comments are not read apart). */
function braceBalance(line: string): number {
  let n = 0;
  for (const ch of line) {
    if (ch === '{') n++;
    else if (ch === '}') n--;
  }
  return n;
}

/** A statement storing a value in a field: `self.config.retry = val;`, `$this->x = $x;`, `@x = x`, `c.timeout = d`. */
const FIELD_ASSIGNMENT = /^(?:@\w+|\$?\w+(?:(?:\.|->)\w+)+)\s*=(?!=)/;
/** What a setter holds besides its assignments: the object handed back (builder style), a body's own brace line, `end`. */
const SETTER_TAIL = /^(?:(?:return\s+)?(?:self|this|\$this|Self)\s*;?|[{})\]]+;?|end)$/;
/** A setter is this short: its signature, a few assignments, the object handed back, its closing line. */
const SETTER_MAX_LINES = 8;

/**
 * Whether a chunk is a setter: a function or method of at most SETTER_MAX_LINES lines that
 * either calls nothing and only stores values in fields (`pub fn retry_canceled_requests(&mut
 * self, val: bool) -> &mut Self { self.client_config.retry_canceled_requests = val; self }`), or
 * is named as one — its first word is "set" — and stores a field, whatever it checks or computes
 * on the way (rustls' `set_max_fragment_size`, which validates the size into `self.max_frag`;
 * apfs' `apfs_obj_set_csum`, which computes the checksum into `obj->o_cksum`). Its doc comment
 * describes the behaviour it switches on, in the question's words; the code that does it reads
 * the field elsewhere (fuse's chooseMember: 'setter-gives-way'). A question that says "set"
 * asks for the setter itself: the engine passes no lookup then (saysSet).
 */
export function setterLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  return (chunk) => {
    if (chunk.endLine - chunk.startLine + 1 > SETTER_MAX_LINES) return false;
    const read = functionLines(corpus, chunk);
    if (!read) return false;
    const { own, file, lines, signature } = read;
    const body = lines.slice(signature + 1).map((l) => l.trim());
    if (namedSetter(own, chunk.path)) return body.some((t) => FIELD_ASSIGNMENT.test(t));
    if (!callsIn(file, chunk).next().done) return false;
    let assignments = 0;
    for (const t of body) {
      if (!t || isCommentLine(t, file.language) || SETTER_TAIL.test(t)) continue;
      if (!FIELD_ASSIGNMENT.test(t)) return false;
      assignments++;
    }
    return assignments > 0;
  };
}

/** Whether a name's first word, past a C prefix repeating its place (beyondPlace), is "set": `set_max_fragment_size`, `setTimeout`, `apfs_obj_set_csum`. */
function namedSetter(name: string, path: string): boolean {
  const parts = splitIdentifier(name);
  const own = NAMESPACE_IN_NAME.has(languageForPath(path) ?? '') ? beyondPlace(parts, path) : parts;
  const i = own.indexOf('set');
  // C names a function by its object before its verb (`apfs_obj_set_csum`): "set" may follow
  // the object's words, but never ends the name (`reset` is one word; `…_set` names a set).
  return i >= 0 && i < own.length - 1 && (i === 0 || NAMESPACE_IN_NAME.has(languageForPath(path) ?? ''));
}

/** Whether a question says "set" as a word (a setter is then what it asks for); "setting" is a noun as often. */
export function saysSet(question: string): boolean {
  return /\bsets?\b/i.test(question);
}

/** Names a language gives its constructors, whatever the class: Python, PHP, Ruby, JavaScript/TypeScript, Rust. */
const CONSTRUCTORS: ReadonlySet<string> = new Set(CONSTRUCTOR_NAMES);
/** Go's constructor convention: `New` or `New` before an exported name (`NewIPv4Defragmenter`). */
const GO_CONSTRUCTOR = /^New(?:[A-Z0-9_]|$)/;

/**
 * Whether a chunk is a constructor: a function or method the language or its convention names
 * so (`__init__`, `__construct`, `initialize`, `constructor`, Rust's `new`, Go's `New…`), or a
 * method named as its class (C++, Java, C#). It stores what it is given and builds the object's
 * empty state; a question asking how the object does something is answered by the member that
 * does it (fuse's chooseMember: 'constructor-gives-way'). "How does the IPv4 defragmenter put the
 * fragments back together" came to gopacket's `NewIPv4Defragmenter`, which makes an empty map,
 * over `DefragIPv4WithTimestamp`. A question that asks how something is made (asksHowMade)
 * passes no lookup.
 */
export function constructorLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  return (chunk) => {
    const name = functionName(chunk);
    if (!name) return false;
    if (CONSTRUCTORS.has(name)) return true;
    const language = languageForPath(chunk.path);
    if (language === 'go') return GO_CONSTRUCTOR.test(name) || goStructBuilt(corpus, chunk) !== undefined;
    const own = chunk.container?.split(/::|\.|\\/).pop();
    if (chunk.definitionKind === 'method') return own !== undefined && own === name;
    return own === undefined && givesMethods(corpus, chunk, name);
  };
}

/**
 * The struct of its own file a Go function builds, when its body only hands back a literal of it:
 * `func DelegatingLexer(root Lexer, language Lexer) Lexer { return &delegatingLexer{root: root,
 * language: language} }`, `func NewPool() *Pool { return &Pool{…} }`. Go names no constructor but by
 * the `New…` convention; a function that does nothing but fill a struct's fields is one whatever
 * its name, and the struct's methods do the work (chroma's `delegatingLexer.Tokenise` lexes the
 * embedded language the constructor's doc comment describes).
 */
function goStructBuilt(corpus: Corpus, chunk: Chunk): string | undefined {
  if (chunk.definitionKind !== 'function' || chunk.container !== undefined) return undefined;
  // Asked twice of a constructor (constructorLookup, then classBuiltLookup): read its body once.
  const known = goStructsBuilt.get(chunk);
  if (known !== undefined) return known ?? undefined;
  const type = readGoStructBuilt(corpus, chunk);
  goStructsBuilt.set(chunk, type ?? null);
  return type;
}

/** goStructBuilt's answers by chunk (null: none); a chunk belongs to one corpus and never changes. */
const goStructsBuilt = new WeakMap<Chunk, string | null>();

function readGoStructBuilt(corpus: Corpus, chunk: Chunk): string | undefined {
  const file = corpus.files[chunk.fileId];
  if (!file) return undefined;
  const text = linesOf(file.text, chunk.startLine, chunk.endLine).join('\n');
  const head = GO_RETURNS_LITERAL.exec(text.slice(Math.max(0, text.search(/(?:^|\n)\s*func\s/))));
  if (!head) return undefined;
  const at = text.indexOf(head[0]) + head[0].length - 1;
  const close = matchingClose(text, at, '{', '}');
  if (close < 0 || !/^\s*\}\s*$/.test(text.slice(close + 1))) return undefined;
  const type = head[1];
  return file.analysis.definitions.some((d) => d.kind === 'struct' && d.name === type) ? type : undefined;
}

/** A Go function's signature whose body opens by returning a struct literal (`return &T{`, `return T{`). */
const GO_RETURNS_LITERAL = /^\s*func\s+\w+\s*(?:\[[^\]]*\])?\s*\([^)]*\)[^{]*\{\s*return\s+&?([A-Za-z_]\w*)\s*\{/;

/**
 * The class a constructor builds, whose methods do its work (fuse's strongestMethodOf): a Go
 * function's struct (goStructBuilt), else the constructor's container or, for a function named
 * as its class, its own name.
 */
export function classBuiltLookup(corpus: Corpus): (ctor: Chunk) => string | undefined {
  return (ctor) =>
    (languageForPath(ctor.path) === 'go' ? goStructBuilt(corpus, ctor) : undefined) ?? ctor.container ?? ctor.symbol;
}

/**
 * Whether a chunk is a function whose body only refuses (structural/siblings.ts `refuses`, a C/C++
 * library's throwing macro counted): an abstract method's `raise NotImplementedError`, a stub
 * that throws "not supported". On a question asking how, it says what the code does not do
 * (ranking.ts REFUSAL_DEMOTION_FACTOR).
 */
export function refusalLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  const byFile = new Map<number, Map<number, Definition>>();
  return (chunk) => {
    if (!functionName(chunk)) return false;
    const file = corpus.files[chunk.fileId];
    if (!file) return false;
    let definitions = byFile.get(file.id);
    if (!definitions) byFile.set(file.id, (definitions = definitionsByChunk(corpus, file)));
    const d = definitions.get(chunk.id);
    return d !== undefined && refuses(file, d, true);
  };
}

/** Fewer C exports than this make no C binding of a file: a crate's one `#[no_mangle]` hook is no API. */
const C_BINDING_MIN_EXPORTS = 3;

/**
 * Whether a chunk is of a Rust file whose functions are mostly (half or more, and at least
 * C_BINDING_MIN_EXPORTS) exported under a C name: an attribute `#[no_mangle]` or `#[export_name]`
 * among the lines above the function's name. Such a file is a C API over the crate, each export a
 * wrapper of the Rust code that does the work (ranking.ts C_BINDING_DEMOTION_FACTOR). Computed per
 * file on first use.
 */
export function cBindingLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  const byFile = new Map<number, boolean>();
  return (chunk) => {
    let binding = byFile.get(chunk.fileId);
    if (binding === undefined) {
      const file = corpus.files[chunk.fileId];
      binding = file !== undefined && languageForPath(file.path) === 'rust' && exportsForC(file);
      byFile.set(chunk.fileId, binding);
    }
    return binding;
  };
}

function exportsForC(file: CorpusFile): boolean {
  let functions = 0;
  let exported = 0;
  for (const d of file.analysis.definitions) {
    if (!FUNCTION_KINDS.has(d.kind)) continue;
    functions++;
    if (d.nameLine > d.startLine && linesOf(file.text, d.startLine, d.nameLine - 1).some((l) => C_EXPORT.test(l)))
      exported++;
  }
  return exported >= C_BINDING_MIN_EXPORTS && exported * 2 >= functions;
}

const C_EXPORT = /#\[\s*(?:unsafe\s*\(\s*)?(?:no_mangle|export_name)\b/;

/**
 * Whether a top-level function's file defines methods on its name: JavaScript's constructor as
 * written before `class` (`function Bin(params) { Transform.call(this, …) }`, its methods given by
 * `inherits(Bin, Transform, {…})` or `Bin.prototype.m = …`), which only stores its parameters.
 * CommonJS's `var MemoryCache = module.exports = function(options) {…}` defines the function
 * under its file's name (an anonymous default export) and the variable on the same line: the
 * methods go on the variable's name (`MemoryCache.prototype.purge`).
 */
function givesMethods(corpus: Corpus, chunk: Chunk, name: string): boolean {
  const file = corpus.files[chunk.fileId];
  if (!file) return false;
  const definitions = file.analysis.definitions;
  const names = new Set([name]);
  for (const d of definitions)
    if (d.kind === 'variable' && d.startLine === chunk.startLine && d.container === undefined) names.add(d.name);
  return definitions.some((d) => d.kind === 'method' && d.container !== undefined && names.has(d.container));
}

/** Words of a question that ask how something is made, set up or started: there the constructor answers. */
const MAKING_WORDS =
  /\b(?:new|creat\w*|construct\w*|init\w*|instantiat\w*|build\w*|built|mak\w*|made|set\s*up|setup|start\w*)\b/i;

/** Whether a question asks how something is made (constructorLookup is then not passed). */
export function asksHowMade(question: string): boolean {
  return MAKING_WORDS.test(question);
}

/**
 * Whether a chunk is a destructor: Rust's `Drop::drop` (`fn drop(&mut self)`), a C++ `~Name`,
 * Python's `__del__`, PHP's `__destruct`. It takes apart what the object holds once nothing uses
 * it: on a question asking how the object does something, the member that does it answers, and
 * the teardown matches the same nouns (winit's `AnimationFrameRequest::drop` cancels the frame
 * `new` requested, "cancel animation frame" beside "request animation frame"). A question that
 * asks how something is undone (asksHowUndone) passes no lookup (fuse's chooseMember:
 * 'destructor-gives-way').
 */
export function destructorLookup(corpus: Corpus): (chunk: Chunk) => boolean {
  return (chunk) => {
    const name = functionName(chunk);
    if (!name) return false;
    const own = name.split(/::|\.|\\|#/).pop() ?? name;
    if (own.startsWith('~') || own === '__del__' || own === '__destruct') return true;
    if (own !== 'drop' || languageForPath(chunk.path) !== 'rust') return false;
    const read = functionLines(corpus, chunk);
    return read !== null && DROP_SIGNATURE.test(read.lines.slice(0, read.signature + 1).join(' '));
  };
}

/** The signature of Rust's `Drop::drop`, the one method of the trait: `fn drop(&mut self)`. */
const DROP_SIGNATURE = /\bfn\s+drop\s*\(\s*&\s*(?:'\w+\s+)?mut\s+self\s*\)/;

/** Words of a question that ask how something is undone, let go of or ended: there the destructor answers. */
const UNDOING_WORDS =
  /\b(?:drop\w*|destr\w*|dispos\w*|releas\w*|free\w*|dealloc\w*|clean\w*|tear\w*|clos\w*|finali[sz]\w*|scope|dies|die)\b/i;

/** Whether a question asks how something is undone (destructorLookup is then not passed). */
export function asksHowUndone(question: string): boolean {
  return UNDOING_WORDS.test(question);
}

/**
 * Whether a question asks how to use the code rather than how it works: "how can a script loop
 * over a table's keys in alphabetical order", "how do I iterate over every page of a paginated
 * response". The answer is the function its caller calls, however short: Widelands'
 * `ordered_pairs(t)` (`return ordered_next, t, nil`) is what a script writes, and its helper
 * `ordered_next` only one step of it. "how do/does" with any other subject ("how do modules get
 * resolved") asks how it works.
 */
export function asksHowToUse(question: string): boolean {
  return HOW_TO_USE.test(question);
}

/** "how can …", "how to …", "how do/could/should/would/may I/we/you/one …". */
const HOW_TO_USE = /^\s*how\s+(?:can|to|(?:do|could|should|would|may)\s+(?:i|we|you|one))\b/i;

/**
 * Per function chunk, the function of its file whose lines hold it and no other function, or
 * undefined (fuse.ts FusionInput.holderOf). A function defined inside another is a step of that
 * one's work, called from its body and nowhere else (networkx's two-line default `heuristic`
 * inside `astar_path`): a search for what the code does means the function that holds it. A
 * function holding several is a module or a factory, whose functions are what it offers. Not in
 * C or C++, which define no function in another: a function chunk
 * that seems to hold others there is the parser's misreading of a preprocessor branch (openafs'
 * `rxi_ClearTransmitQueue`, 680 lines over a dozen functions of rx.c). Per file on first use.
 */
export function holderLookup(corpus: Corpus): (chunk: Chunk) => number | undefined {
  const byFile = new Map<number, Map<number, number>>();
  return (chunk) => {
    if (chunk.kind !== 'definition' || !FUNCTION_KINDS.has(chunk.definitionKind ?? '')) return undefined;
    let holders = byFile.get(chunk.fileId);
    if (!holders) {
      holders = new Map();
      const file = corpus.files[chunk.fileId];
      if (file && !inCFamily(corpus, chunk)) {
        // chunkIds run by start line, so the function holding another is the last one begun
        // outside any function before it.
        let outer: Chunk | undefined;
        for (const id of file.chunkIds) {
          const c = corpus.chunks[id];
          if (c.kind !== 'definition' || !FUNCTION_KINDS.has(c.definitionKind ?? '')) continue;
          if (outer !== undefined && holdsOther(outer, c)) holders.set(c.id, outer.id);
          else outer = c;
        }
        // A function holding several is a module or a factory of them (immer's `enableMapSet`,
        // 285 lines of the Map and Set drafts' methods): what it holds is what it offers.
        const count = new Map<number, number>();
        for (const outerId of holders.values()) count.set(outerId, (count.get(outerId) ?? 0) + 1);
        for (const [inner, outerId] of holders) if (count.get(outerId)! > 1) holders.delete(inner);
      }
      byFile.set(chunk.fileId, holders);
    }
    return holders.get(chunk.id);
  };
}

/**
 * Per function chunk, the one function defined inside it (holderLookup read the other way), or
 * undefined (fuse.ts FusionInput.nestedOf). On a question asking how, the nested function is a
 * step of its holder's work with lines of its own, and the holder's lines hold it: the lists that
 * read whole lines credit the holder with what the nested function says.
 */
export function nestedLookup(corpus: Corpus): (chunk: Chunk) => number | undefined {
  const holderOf = holderLookup(corpus);
  const byFile = new Map<number, Map<number, number>>();
  return (chunk) => {
    let held = byFile.get(chunk.fileId);
    if (!held) {
      held = new Map();
      for (const id of corpus.files[chunk.fileId]?.chunkIds ?? []) {
        const holder = holderOf(corpus.chunks[id]);
        if (holder !== undefined) held.set(holder, id);
      }
      byFile.set(chunk.fileId, held);
    }
    return held.get(chunk.id);
  };
}

/**
 * Questions asking how: whether a chunk is the method a class is named for, the class named whole
 * by the question. A class named by an agent noun (`PorterStemmer`, `TweetTokenizer`, `Parser`,
 * `Compressor`) does its work in the method named by the noun's verb (`stem`, `tokenize`,
 * `parse`, `compress`): a question asking how "the Porter stemmer" does what stemming is asks for
 * that method, which runs the class's steps, however little its own lines say (`stem` calls
 * `_step1a` … `_step5b`; the step shown was a helper they share). The class's every name part must
 * be said, its last one, the agent noun, as itself: a verb said alone ("how is a word stemmed")
 * names no class.
 */
export function classVerbLookup(question: string): (chunk: Chunk) => boolean {
  const words = new Set(subTokens(question));
  return (chunk) => {
    if (chunk.definitionKind !== 'method' || !chunk.symbol || !chunk.container) return false;
    const classParts = splitIdentifier(chunk.container);
    const agent = classParts[classParts.length - 1];
    if (agent === undefined || !words.has(agent) || !classParts.every((part) => words.has(part))) return false;
    const nameParts = splitIdentifier(chunk.symbol);
    return nameParts.length === 1 && agentOfVerb(nameParts[0], agent);
  };
}

/** Whether `agent` is the agent noun of `verb`: `stem` → `stemmer`, `tokenize` → `tokenizer`, `compress` → `compressor`. */
function agentOfVerb(verb: string, agent: string): boolean {
  if (verb.length < MIN_ABBREVIATION || !agent.startsWith(verb)) return false;
  const rest = agent.slice(verb.length);
  if (rest === 'r' || rest === 'or') return verb.endsWith('e') ? rest === 'r' : rest === 'or';
  if (rest === 'er') return !verb.endsWith('e');
  // A doubled final consonant: `stemmer`, `runner`, `scanner`.
  return rest.length === 3 && rest[0] === verb[verb.length - 1] && rest.slice(1) === 'er';
}
