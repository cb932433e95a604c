/**
 * Parses one file with web-tree-sitter and reads its definitions, references and imports
 * from the grammar's tags.scm plus our own queries (queries.ts). Pure engine code: the
 * grammar bytes come from a GrammarSource, so it runs the same in Node and in a worker.
 */
import { CaptureQuantifier, Language as TSLanguage, Parser, Query } from 'web-tree-sitter';
import type { Node, QueryMatch } from 'web-tree-sitter';
import type { Definition, DefinitionKind, FileAnalysis, ImportRef, Language, Reference } from '../contract';
import { languageForFile, SUPPORTED_LANGUAGES } from './grammars';
import { countLines } from './chunks';
import { defaultExportName } from '../path-words';
import { cDefineTable, cMacroDefinitions, cMacroRules, macroBodyCalls, macroNamedFunctions } from './c-macros';
import { macroTable, rustMacroDefinitions, rustMacroRules } from './macro-rules';
import type { GrammarSource } from './grammars';
import { goImportName, importsOf, namedChildrenOf } from './imports';
import { embeddedCodeOf, MAX_EMBEDDED_ROUNDS, rustMacroTranscribers, type EmbeddedCode } from './embedded';
import { analysisQuerySource, EXTRA_QUERIES, extractNameChecks, REDUNDANT_TAG_PATTERNS } from './queries';
import type { NameCheck } from './queries';
import { MAX_RESYNC_PARSES, resyncLines, startingAt } from './resync';
import { withoutLoneMacros, withoutMarkersBeforeTemplates } from './lone-macros';
import { macroHeadedFunctions } from './macro-headed';
import { withoutConceptHeads } from './concept-heads';
import { luaLoopedDefinitions } from './lua-loops';
import { pythonClassAliases } from './python-aliases';
import { rubyDslDefinitions } from './ruby-dsl';
import { shellEvalDefinitions } from './shell-eval';
import { holdsLine, type LineRange } from '../line-range';

/** Files larger than this (UTF-16 code units ≈ bytes for code) are not parsed: too slow, rarely hand-written. */
export const MAX_PARSE_CHARS = 1_000_000;
/** An average line longer than this means minified or generated code: not parsed. */
export const MAX_AVERAGE_LINE_LENGTH = 1000;
/**
 * The parser work a file may take (its first parse, the re-parses after errors and of embedded
 * code together), counted in tree-sitter's progress checks: the parser calls back after every
 * fixed number of its operations, so the count depends on the file and grammar only, never on the
 * machine's load or speed. A wall-clock deadline gave a different index on a loaded machine (a
 * large declaration file parsed in time on one run, not on the next). Ordinary code spends a
 * small fraction of a check per character, so a file of MAX_PARSE_CHARS stays well under the
 * limit (the measured rates are in docs/bench/HISTORY.md); what exceeds it is a pathological
 * input, given up on.
 */
export const PARSE_WORK_LIMIT = 60_000;
/** Parses of a C/C++ file with its lone macro lines blanked, at most (lone-macros.ts). */
const LONE_MACRO_ROUNDS = 3;
export const MAX_SIGNATURE_CHARS = 200;
export const MAX_DOC_CHARS = 500;

/** Progress checks spent on one file, shared by its parses. */
export class ParseBudget {
  spent = 0;
  constructor(private readonly limit = PARSE_WORK_LIMIT) {}
  /** The parser's progress callback: returning true cancels the parse in progress. */
  readonly progressCallback = (() => ++this.spent > this.limit) as unknown as () => void;
}

export interface AnalyzerOptions {
  /** Languages to load up front (default: all supported). Others load on `analyzeAsync`. */
  languages?: readonly Language[];
}

interface LoadedLanguage {
  lang: Language;
  language: TSLanguage;
  parser: Parser;
  /** Compiled on first use: tags.scm text until then. */
  query: CompiledQuery | null;
  tags: string;
}

interface CompiledQuery {
  query: Query;
  /** What each capture name means to readMatches (absent: ignored). */
  roles: Map<string, CaptureRole>;
  /**
   * Per pattern: the reference kind its (disabled) `@reference.<kind>` capture stood for.
   * That capture's node is never read, so it is left out of the matches (one object less each).
   */
  impliedReferenceKind: (string | undefined)[];
  /** Per pattern: the name predicates taken out of the query, checked by readMatches (absent: none). */
  nameChecks: (NameCheck[] | undefined)[];
  /**
   * The patterns rooted at the tree's root node type (`(program (lexical_declaration …))`),
   * compiled apart and run from the root alone (matchesOf), or null when there are none.
   * In `query` each holds a state from the root to the end of the walk, checked at every
   * node; here the cursor stops at the root's children. `patterns` maps each of its
   * patterns to its index in `query`, where it is disabled.
   */
  rooted: { query: Query; rootType: string; patterns: Int32Array } | null;
}

let runtimeReady: Promise<void> | null = null;

/** web-tree-sitter's runtime is a per-realm singleton: initialise it once. */
function initRuntime(source: GrammarSource): Promise<void> {
  runtimeReady ??= source
    .runtime()
    .then((options) => Parser.init(options as Parameters<typeof Parser.init>[0]))
    .catch((error: unknown) => {
      runtimeReady = null;
      throw error;
    });
  return runtimeReady;
}

/**
 * Each grammar is loaded once per realm and source, whatever the number of analyzers: a loaded
 * grammar's functions take places in the runtime's one function table for good (web-tree-sitter
 * has no unload), so a process that made an analyzer per build — a server indexing again and
 * again, a test file of many engines — ran out of table ("table index is out of bounds") once
 * enough analyzers had loaded every language (measured: docs/bench/HISTORY.md, forty-second
 * session, lead). A language object serves any number of parsers.
 */
const loadedGrammars = new WeakMap<GrammarSource, Map<Language, Promise<TSLanguage>>>();

function grammarOf(source: GrammarSource, lang: Language): Promise<TSLanguage> {
  const bySource = loadedGrammars.get(source) ?? new Map<Language, Promise<TSLanguage>>();
  loadedGrammars.set(source, bySource);
  let language = bySource.get(lang);
  if (!language) {
    const loading = source.languageWasm(lang).then((wasm) => TSLanguage.load(wasm));
    // A failed load (a grammar that could not be fetched) is tried again by the next analyzer.
    loading.catch(() => {
      if (bySource.get(lang) === loading) bySource.delete(lang);
    });
    bySource.set(lang, (language = loading));
  }
  return language;
}

export class StructuralAnalyzer {
  private readonly loaded = new Map<Language, LoadedLanguage>();
  private readonly loading = new Map<Language, Promise<void>>();

  private constructor(private readonly source: GrammarSource) {}

  static async create(source: GrammarSource, options: AnalyzerOptions = {}): Promise<StructuralAnalyzer> {
    await initRuntime(source);
    const analyzer = new StructuralAnalyzer(source);
    await analyzer.load(options.languages ?? SUPPORTED_LANGUAGES);
    return analyzer;
  }

  /** Loads grammars (wasm + tags) for the given languages; already loaded ones are skipped. */
  async load(languages: readonly Language[]): Promise<void> {
    await Promise.all(languages.map((lang) => this.loadOne(lang)));
  }

  /**
   * Loads these grammars and compiles their queries now, ahead of the first file (a parse
   * worker does it while the files are still being read).
   */
  async prepare(languages: readonly Language[]): Promise<void> {
    await this.load(languages);
    for (const lang of languages) {
      const loaded = this.loaded.get(lang)!;
      loaded.query ??= compileQuery(loaded);
    }
  }

  isLoaded(lang: Language): boolean {
    return this.loaded.has(lang);
  }

  private loadOne(lang: Language): Promise<void> {
    if (this.loaded.has(lang)) return Promise.resolve();
    let pending = this.loading.get(lang);
    if (!pending) {
      pending = (async () => {
        const [language, tags] = await Promise.all([grammarOf(this.source, lang), this.source.tagsQuery(lang)]);
        const parser = new Parser();
        parser.setLanguage(language);
        this.loaded.set(lang, { lang, language, parser, query: null, tags });
      })().finally(() => this.loading.delete(lang));
      this.loading.set(lang, pending);
    }
    return pending;
  }

  /** Like `analyze`, loading the file's grammar first when needed. */
  async analyzeAsync(path: string, text: string): Promise<FileAnalysis> {
    const lang = languageForFile(path, text);
    if (lang) await this.loadOne(lang);
    return this.analyze(path, text);
  }

  /** Never throws: every failure becomes `parsed: false` with a reason. */
  analyze(path: string, text: string): FileAnalysis {
    const language = languageForFile(path, text);
    const lineCount = countLines(text);
    const empty = { path, language, lineCount, definitions: [], references: [], imports: [] };
    if (!language) return { ...empty, parsed: false };
    const skip = skipReason(text, lineCount);
    if (skip) return { ...empty, parsed: false, parseError: skip };
    const loaded = this.loaded.get(language);
    if (!loaded) return { ...empty, parsed: false, parseError: `grammar for ${language} is not loaded` };
    try {
      const { found, syntaxError } = this.extract(loaded, language, text, defaultExportName(path));
      // A tree with ERROR nodes is still used for whatever it recognised; one that yielded
      // no definition and no import is reported as not parsed.
      if (syntaxError !== null && found.definitions.length === 0 && found.imports.length === 0)
        return {
          path,
          language,
          lineCount,
          parsed: false,
          parseError: `syntax error at line ${syntaxError}, nothing recognised`,
          ...found,
        };
      return { path, language, lineCount, parsed: true, ...found };
    } catch (error) {
      return {
        ...empty,
        parsed: false,
        parseError: `tree-sitter failed: ${(error as Error).message ?? String(error)}`,
      };
    }
  }

  /** Frees the parsers, queries and languages (wasm memory). */
  dispose(): void {
    for (const { parser, query } of this.loaded.values()) {
      query?.query.delete();
      query?.rooted?.query.delete();
      parser.delete();
    }
    this.loaded.clear();
  }

  private extract(
    loaded: LoadedLanguage,
    lang: Language,
    text: string,
    defaultName: string,
  ): { found: Pick<FileAnalysis, 'definitions' | 'references' | 'imports'>; syntaxError: number | null } {
    const original = text;
    const compiled = (loaded.query ??= compileQuery(loaded));
    const budget = new ParseBudget();
    // An emulated template head (concept-heads.ts) is read as the `template<…>` it stands for.
    if (lang === 'cpp') text = withoutConceptHeads(text) ?? text;
    // A marker macro's line over a template head (lone-macros.ts) is blanked.
    if (lang === 'cpp') text = withoutMarkersBeforeTemplates(text) ?? text;
    let tree = loaded.parser.parse(text, null, { progressCallback: budget.progressCallback });
    if (!tree) {
      loaded.parser.reset();
      throw new Error(`parse gave up after ${PARSE_WORK_LIMIT} progress checks`);
    }
    // A macro line the parse stumbled on (lone-macros.ts) is blanked and the file read again; a
    // macro line the first one's bogus definition had swallowed shows in the next round.
    for (let round = 0; (lang === 'c' || lang === 'cpp') && round < LONE_MACRO_ROUNDS; round++) {
      const clean = withoutLoneMacros(tree.rootNode, text);
      if (clean === null) break;
      const again = loaded.parser.parse(clean, null, { progressCallback: budget.progressCallback });
      if (!again) {
        loaded.parser.reset(); // out of parse work: the last parse stands
        break;
      }
      tree.delete();
      tree = again;
      text = clean;
    }
    try {
      const root = tree.rootNode;
      const found = readMatches(lang, text, matchesOf(compiled, root), compiled, defaultName);
      if (lang === 'bash' && root.hasError) addShellFunctionsInErrors(text, root, found.definitions);
      if (lang === 'c' || lang === 'cpp') {
        addMacroBodyCalls(found, macroBodyCalls(root, text));
        // The items a file's macros make are read from the invocations, blanked lines included.
        addMacroInstances(found.definitions, cMacroDefinitions(original, cDefineTable(cMacroRules(original))));
        if (root.hasError) addMacroInstances(found.definitions, macroHeadedFunctions(root, text));
      }
      if (lang === 'rust') {
        addMacroInstances(found.definitions, rustMacroDefinitions(text, macroTable(rustMacroRules(text))));
      }
      if (lang === 'lua') addMacroInstances(found.definitions, luaLoopedDefinitions(root, text));
      if (lang === 'bash') addMacroInstances(found.definitions, shellEvalDefinitions(text));
      if (lang === 'ruby') addMacroInstances(found.definitions, rubyDslDefinitions(root, text));
      if (lang === 'python') addMacroInstances(found.definitions, pythonClassAliases(root, text));
      if (root.hasError) this.readAfterErrors(loaded, lang, text, root, found, budget);
      if (lang === 'c' || lang === 'cpp')
        addMacroInstances(found.definitions, macroNamedFunctions(original, found.definitions));
      const embedded = embeddedCodeOf(lang, root, text);
      const transcribers = lang === 'rust' && !embedded ? rustMacroTranscribers(root, text) : null;
      if (embedded) addEmbedded(found, this.readEmbedded(loaded, lang, embedded, budget));
      else if (transcribers) addEmbedded(found, this.readEmbedded(loaded, lang, transcribers, budget, 0));
      return { found, syntaxError: root.hasError ? firstErrorLine(root) : null };
    } finally {
      tree.delete(); // the wasm heap is not garbage-collected
    }
  }

  /**
   * What fresh parses from the declaration lines inside a long ERROR node (resync.ts) find
   * before their own first error. A line whose parse fails at once is passed over; after a
   * parse that got somewhere, the next start is past its error. A start that a failed parse
   * shows will fail alike (failingStarts) is passed over unparsed, counted and charged as the
   * parse it would have been, so that the retry and work budgets end where they would.
   */
  private readAfterErrors(
    loaded: LoadedLanguage,
    lang: Language,
    text: string,
    root: Node,
    found: Found,
    budget: ParseBudget,
  ): void {
    const starts = resyncLines(root, text, found.definitions);
    const compiled = loaded.query!;
    // The starts known to fail, each with the work its parse would cost: the failed parse's own.
    const willFail = new Map<number, number>();
    // The text's lines, split once for every failed start that needs them (C and C++).
    let lines: string[] | undefined;
    const textLines = () => (lines ??= text.split('\n'));
    for (let i = 0, parses = 0; i < starts.length && parses < MAX_RESYNC_PARSES; i++, parses++) {
      const line = starts[i];
      const cost = willFail.get(line);
      if (cost !== undefined) {
        budget.spent += cost;
        continue;
      }
      const spentBefore = budget.spent;
      const tail = startingAt(text, line);
      const tree = loaded.parser.parse(tail, null, {
        progressCallback: budget.progressCallback,
      });
      if (!tree) {
        // Out of parse work: the file keeps what the first parse found.
        loaded.parser.reset();
        return;
      }
      try {
        const errorLine = tree.rootNode.hasError ? firstErrorLine(tree.rootNode) : Number.POSITIVE_INFINITY;
        if (errorLine <= line) {
          for (const later of failingStarts(lang, tree.rootNode, textLines, line, starts.slice(i + 1)))
            if (!willFail.has(later)) willFail.set(later, budget.spent - spentBefore);
          continue;
        }
        const part = readMatches(lang, tail, matchesOf(compiled, tree.rootNode), compiled);
        // A definition that runs into the error is cut short: it is not kept.
        const definitions = part.definitions.filter((d) => d.endLine < errorLine);
        addEmbedded(found, { ...part, definitions, regions: [{ startLine: line, endLine: errorLine - 1 }] });
        while (i + 1 < starts.length && starts[i + 1] <= errorLine) i++;
      } finally {
        tree.delete();
      }
    }
  }

  /**
   * What the masked copies of a file (embedded.ts) define, refer to and import, opening nested
   * wrappers one round at a time; the regions say which lines each round exposed.
   */
  private readEmbedded(
    loaded: LoadedLanguage,
    lang: Language,
    first: EmbeddedCode,
    budget: ParseBudget,
    rounds = MAX_EMBEDDED_ROUNDS,
  ): Found & { regions: LineRange[] } {
    const compiled = loaded.query!;
    const regions = [...first.regions];
    let current = first;
    for (let round = 1; ; round++) {
      const tree = loaded.parser.parse(current.text, null, {
        progressCallback: budget.progressCallback,
      });
      if (!tree) {
        loaded.parser.reset();
        throw new Error(`parse gave up after ${PARSE_WORK_LIMIT} progress checks`);
      }
      try {
        const next = round < rounds && lang === 'rust' ? embeddedCodeOf(lang, tree.rootNode, current.text) : null;
        if (next) {
          regions.push(...next.regions);
          current = next;
          continue;
        }
        const found = readMatches(lang, current.text, matchesOf(compiled, tree.rootNode), compiled);
        // The macros this round exposed (or the file's own, on a transcribers-only copy: rounds 0).
        const transcribers = lang === 'rust' && rounds > 0 ? rustMacroTranscribers(tree.rootNode, current.text) : null;
        if (transcribers) {
          addEmbedded(found, this.readEmbedded(loaded, lang, transcribers, budget, 0));
          regions.push(...transcribers.regions);
        }
        return { ...found, regions };
      } finally {
        tree.delete();
      }
    }
  }
}

type Found = Pick<FileAnalysis, 'definitions' | 'references' | 'imports'>;

/** Adds the items the file's macros make from the names they are given (macro-rules.ts), each once. */
function addMacroInstances(definitions: Definition[], made: Definition[]): void {
  if (made.length === 0) return;
  const known = new Set(definitions.map((d) => `${d.name}:${d.nameLine}`));
  for (const d of made) if (!known.has(`${d.name}:${d.nameLine}`)) definitions.push(d);
  definitions.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

/** Adds what the embedded code's parse found inside its regions and the file's own parse did not. */
function addEmbedded(found: Found, embedded: Found & { regions: LineRange[] }): void {
  const inRegion = (line: number) => embedded.regions.some((r) => holdsLine(r, line));
  const definitions = new Set(found.definitions.map((d) => `${d.name}:${d.nameLine}`));
  const references = new Set(found.references.map((r) => `${r.name}:${r.line}`));
  const imports = new Set(found.imports.map((i) => `${i.specifier}:${i.line}`));
  let added = false;
  for (const d of embedded.definitions)
    if (inRegion(d.nameLine) && !definitions.has(`${d.name}:${d.nameLine}`)) {
      found.definitions.push(d);
      added = true;
    }
  for (const r of embedded.references)
    if (inRegion(r.line) && !references.has(`${r.name}:${r.line}`)) found.references.push(r);
  for (const i of embedded.imports)
    if (inRegion(i.line) && !imports.has(`${i.specifier}:${i.line}`)) found.imports.push(i);
  // Source order, outer first, as the file's own definitions are listed (stable for the rest).
  if (added) found.definitions.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  found.references.sort((a, b) => a.line - b.line);
  found.imports.sort((a, b) => a.line - b.line);
}

/** `name() {`, `function name {`, `function name() (`: a shell function's first line. */
const SHELL_FUNCTION_LINE =
  /^[ \t]*(?:function[ \t]+([A-Za-z_][\w:.+-]*)(?:[ \t]*\(\))?|([A-Za-z_][\w:.+-]*)[ \t]*\(\))[ \t]*(?:[{(]|$)/;

/**
 * tree-sitter-bash gives up on some `[[ … =~ regex ]]` tests with an ERROR node that can run for
 * hundreds of lines, and the functions in it are lost. Their first lines are still plain to
 * see: each line of a top-level ERROR node (or of the whole file, when the root is one) that opens a function (and is not already a found
 * definition) is added, ending at the next `}` in column 0, with the `#` comments above it.
 */
function addShellFunctionsInErrors(text: string, root: Node, definitions: Definition[]): void {
  const known = new Set(definitions.map((d) => d.nameLine));
  const lines = text.split('\n');
  let added = false;
  // When the error starts the file, the root itself is the ERROR node.
  for (const node of root.isError ? [root] : namedChildrenOf(root)) {
    if (!node.isError) continue;
    const last = Math.min(node.endPosition.row, lines.length - 1);
    for (let row = node.startPosition.row; row <= last; row++) {
      const match = SHELL_FUNCTION_LINE.exec(lines[row]);
      if (!match || known.has(row + 1)) continue;
      let end = row;
      while (end + 1 < lines.length && !lines[end].startsWith('}') && end - row < 2000) end++;
      let docStart = row;
      while (docStart > 0 && /^[ \t]*#/.test(lines[docStart - 1]) && !lines[docStart - 1].startsWith('#!')) docStart--;
      const doc =
        docStart < row
          ? lines
              .slice(docStart, row)
              .map((l) => l.trimEnd())
              .join('\n')
              .slice(0, MAX_DOC_CHARS)
          : undefined;
      const signature = lines[row]
        .trim()
        .replace(/[ \t]*[{(]$/, '')
        .slice(0, MAX_SIGNATURE_CHARS);
      const name = match[1] ?? match[2];
      const [startLine, endLine, nameLine] = [row + 1, end + 1, row + 1];
      // The comments are above the function, as a parsed definition's doc is: they start at docLine.
      definitions.push(
        doc === undefined
          ? { name, kind: 'function', signature, startLine, endLine, nameLine }
          : { name, kind: 'function', signature, startLine, endLine, nameLine, doc, docLine: docStart + 1 },
      );
      added = true;
    }
  }
  if (added) definitions.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

/** The calls of function-like macros' bodies (c-macros.ts), beside the references the tags found. */
function addMacroBodyCalls(found: Found, calls: readonly Reference[]): void {
  if (calls.length === 0) return;
  const known = new Set(found.references.map((r) => `${r.name}:${r.line}`));
  for (const r of calls) if (!known.has(`${r.name}:${r.line}`)) found.references.push(r);
  found.references.sort((a, b) => a.line - b.line);
}

function firstErrorLine(root: Node): number {
  return (firstErrorNode(root) ?? root).startPosition.row + 1;
}

/**
 * The first ERROR node in document order (below `node` only, when `orSelf` is false). Descends
 * only into subtrees that contain an error (`hasError` also flags MISSING nodes, hence the
 * backtracking), instead of visiting the whole tree as `descendantsOfType` does.
 */
function firstErrorNode(node: Node, orSelf = true): Node | null {
  if (orSelf && node.isError) return node;
  for (let i = 0, count = node.childCount; i < count; i++) {
    const child = node.child(i);
    if (!child?.hasError) continue;
    const found = firstErrorNode(child);
    if (found) return found;
  }
  return null;
}

/** A line that opens, turns or closes a preprocessor conditional, whose node spans the lines up to its `#endif`. */
const CONDITIONAL_DIRECTIVE = /^\s*#\s*(?:if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b/;

/**
 * The later starts that a failed parse from `line` shows will fail alike. Its tree is one ERROR
 * while the first ERROR inside it lies further on: tree-sitter read the lines up to that
 * stumble and its recovery gave up there. A parse from a later line before the stumble, where
 * a token of this tree begins, reads the same tokens to the same stumble with less before
 * them, and gives up alike: every such start was parsed and compared on the bench tiers, the
 * package eval's corpora and the real set's tuning projects (docs/bench/HISTORY.md). A line
 * inside a token (a multi-line string or comment) would be read otherwise from there on; in C
 * and C++ a conditional directive between the two starts wraps what follows in a node of its
 * own, and the later start's tree has another shape: those are parsed.
 */
function failingStarts(
  lang: Language,
  root: Node,
  textLines: () => readonly string[],
  line: number,
  later: readonly number[],
): number[] {
  if (!root.isError) return [];
  const stumble = firstErrorInside(root);
  if (!stumble || stumble.startPosition.row + 1 <= line) return [];
  const stumbleLine = stumble.startPosition.row + 1;
  const preprocessed = lang === 'c' || lang === 'cpp';
  const lines = preprocessed ? textLines() : [];
  const out: number[] = [];
  let from = line;
  for (const start of later) {
    if (start >= stumbleLine) break;
    if (preprocessed) {
      let conditional = false;
      for (let l = from; l <= start && !conditional; l++) conditional = CONDITIONAL_DIRECTIVE.test(lines[l - 1]);
      if (conditional) break;
      from = start + 1;
    }
    const token = root.descendantForPosition({ row: start - 1, column: 0 });
    if (token?.startPosition.row !== start - 1 || token.startPosition.column !== 0) continue;
    out.push(start);
  }
  return out;
}

/** The first ERROR node inside `outer` (not `outer` itself) in document order, or null. */
function firstErrorInside(outer: Node): Node | null {
  return firstErrorNode(outer, false);
}

// ---------------------------------------------------------------------------------------
// Compiling the query

type CaptureRole =
  { role: 'name' | 'import' | 'introduced' | 'local' } | { role: 'definition' | 'reference'; tagKind: string };

function captureRole(name: string): CaptureRole | undefined {
  if (name === 'name') return { role: 'name' };
  if (name === 'import') return { role: 'import' };
  if (name === 'introduced') return { role: 'introduced' };
  if (name === 'local') return { role: 'local' };
  if (name.startsWith('definition.')) return { role: 'definition', tagKind: name.slice(11) };
  if (name.startsWith('reference.')) return { role: 'reference', tagKind: name.slice(10) };
  return undefined;
}

const collapseSpace = (s: string): string => s.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();

/** Reference kinds whose reference node (as opposed to the name node) readMatches reads. */
const KINDS_READING_REFERENCE_NODE = new Set(['class']);

function compileQuery(loaded: LoadedLanguage): CompiledQuery {
  const extra = EXTRA_QUERIES[loaded.lang];
  let { source, checks } = extractNameChecks(analysisQuerySource(loaded.tags, extra));
  let query: Query;
  try {
    query = new Query(loaded.language, source);
  } catch {
    // A tags.scm our rewrite does not understand: the plain text gives the same results, slower.
    source = `${loaded.tags}\n${extra}`;
    checks = [];
    query = new Query(loaded.language, source);
  }
  // We read doc comments ourselves; any `@doc` capture left is only cost.
  const disabledCaptures: string[] = [];
  const disabledPatterns = new Set<number>();
  if (query.captureNames.includes('doc')) {
    query.disableCapture('doc');
    disabledCaptures.push('doc');
  }

  const names = query.captureNames;
  const roles = new Map<string, CaptureRole>();
  for (const name of names) {
    const role = captureRole(name);
    if (role) roles.set(name, role);
  }
  const patternCount = query.patternCount();
  const nameChecks: (NameCheck[] | undefined)[] = new Array(patternCount).fill(undefined);
  for (const check of checks) {
    let pattern = 0;
    while (
      pattern < patternCount &&
      !(query.startIndexForPattern(pattern) <= check.offset && check.offset < query.endIndexForPattern(pattern))
    )
      pattern++;
    if (pattern === patternCount) throw new Error(`no pattern holds the predicate at ${check.offset}`);
    (nameChecks[pattern] ??= []).push(check);
  }
  const redundant = new Set((REDUNDANT_TAG_PATTERNS[loaded.lang] ?? []).map(collapseSpace));
  /** Per pattern: its reference captures, and whether it always has exactly one. */
  const references: { captures: string[]; single: boolean }[] = [];
  for (let pattern = 0; pattern < patternCount; pattern++) {
    const quantifiers = query.captureQuantifiers[pattern] ?? [];
    const present = names.filter((_, i) => quantifiers[i]);
    const captures = present.filter((name) => roles.get(name)?.role === 'reference');
    const mandatory = (name: string) => {
      const q = quantifiers[names.indexOf(name)];
      return q === CaptureQuantifier.One || q === CaptureQuantifier.OneOrMore;
    };
    references.push({ captures, single: captures.length === 1 && mandatory(captures[0]) });
    // A pattern capturing nothing but @name (Go's tags tag package clauses, import specs…)
    // yields nothing readMatches keeps: it would only cost matching time.
    const useful = present.some((name) => (roles.get(name)?.role ?? 'name') !== 'name');
    const text = collapseSpace(source.slice(query.startIndexForPattern(pattern), query.endIndexForPattern(pattern)));
    if (!useful || redundant.has(text)) {
      query.disablePattern(pattern);
      disabledPatterns.add(pattern);
    }
  }

  const impliedReferenceKind: (string | undefined)[] = new Array(patternCount).fill(undefined);
  for (const [name, role] of roles) {
    if (role.role !== 'reference' || KINDS_READING_REFERENCE_NODE.has(role.tagKind)) continue;
    if (new RegExp(`\\(#[^)]*@${name.replace(/\./g, '\\.')}(?![\\w.-])`).test(source)) continue; // a predicate reads it
    if (checks.some((check) => check.capture === name)) continue; // a name check taken out of the query reads it
    const holders = references.flatMap((r, pattern) => (r.captures.includes(name) ? [pattern] : []));
    if (!holders.every((pattern) => references[pattern].single)) continue;
    query.disableCapture(name);
    disabledCaptures.push(name);
    for (const pattern of holders) impliedReferenceKind[pattern] = role.tagKind;
  }
  return {
    query,
    roles,
    impliedReferenceKind,
    nameChecks,
    rooted: splitRootPatterns(loaded, query, source, disabledPatterns, disabledCaptures),
  };
}

/**
 * Takes the patterns whose outermost node is the tree's root type out of `query` into a query
 * of their own (CompiledQuery.rooted). A pattern that names the root can only match at the
 * root, but tree-sitter keeps its partial match alive while it walks the whole tree; run apart
 * with a start depth of 0, the walk ends at the root's children. The same predicates and the
 * same disabled captures; a pattern this query disabled stays out of both.
 */
function splitRootPatterns(
  loaded: LoadedLanguage,
  query: Query,
  source: string,
  disabledPatterns: ReadonlySet<number>,
  disabledCaptures: readonly string[],
): CompiledQuery['rooted'] {
  const empty = loaded.parser.parse('');
  const rootType = empty?.rootNode.type;
  empty?.delete();
  if (!rootType) return null;
  const opening = new RegExp(`^[(\\s]*${rootType}[\\s)]`);
  const patterns: number[] = [];
  for (let pattern = 0; pattern < query.patternCount(); pattern++) {
    if (disabledPatterns.has(pattern) || !query.isPatternRooted(pattern)) continue;
    if (opening.test(source.slice(query.startIndexForPattern(pattern), query.endIndexForPattern(pattern))))
      patterns.push(pattern);
  }
  if (patterns.length === 0) return null;
  const text = patterns.map((p) => source.slice(query.startIndexForPattern(p), query.endIndexForPattern(p))).join('\n');
  let rooted: Query;
  try {
    rooted = new Query(loaded.language, text);
  } catch {
    return null; // left in the main query: the same matches, with the longer walk
  }
  if (rooted.patternCount() !== patterns.length) {
    rooted.delete();
    return null;
  }
  for (const name of disabledCaptures) if (rooted.captureNames.includes(name)) rooted.disableCapture(name);
  for (const pattern of patterns) query.disablePattern(pattern);
  return { query: rooted, rootType, patterns: Int32Array.from(patterns) };
}

/**
 * The tag query's matches from a tree's root: the rooted patterns' (renumbered as in the main
 * query), then the main query's. readMatches keeps the first match of a definition node, so
 * the order can matter where a rooted pattern and another one take the same declaration
 * (`const f = () => …`); in this order the analyses are the one query's, file for file, on the
 * 10 MB tier and on ten tuning projects in ten languages (docs/bench/HISTORY.md).
 */
function matchesOf(compiled: CompiledQuery, root: Node): QueryMatch[] {
  const matches = compiled.query.matches(root);
  const rooted = compiled.rooted;
  if (!rooted) return matches;
  // A root of another type (an ERROR root) is walked whole, as the main query would have.
  const more = rooted.query.matches(root, root.type === rooted.rootType ? { maxStartDepth: 0 } : {});
  for (const match of more) match.patternIndex = rooted.patterns[match.patternIndex];
  return more.length === 0 ? matches : [...more, ...matches];
}

function skipReason(text: string, lineCount: number): string | null {
  if (text.length > MAX_PARSE_CHARS)
    return `not parsed: ${(text.length / 1e6).toFixed(1)} MB is over the ${MAX_PARSE_CHARS / 1e6} MB parse limit`;
  const averageLine = text.length / Math.max(1, lineCount);
  if (averageLine > MAX_AVERAGE_LINE_LENGTH)
    return `not parsed: average line length ${Math.round(averageLine)} chars looks minified (limit ${MAX_AVERAGE_LINE_LENGTH})`;
  return null;
}

// ---------------------------------------------------------------------------------------
// From query matches to definitions, references and imports

/**
 * A definition while its file is read: every field present (one object shape, so the code that
 * reads them stays monomorphic), made a Definition, without its absent fields, at the end.
 */
interface FoundDefinition {
  name: string;
  kind: DefinitionKind;
  signature: string;
  startLine: number;
  endLine: number;
  nameLine: number;
  container: string | undefined;
  doc: string | undefined;
  /** The first line of a doc comment above the definition (not a Python docstring's, which is inside it). */
  docLine: number | undefined;
  /** Character range of the whole definition (outer node), for finding enclosing definitions. */
  start: number;
  end: number;
}

/** A reference while its file is read (see FoundDefinition). */
interface FoundReference {
  name: string;
  line: number;
  kind: Reference['kind'];
  qualified: boolean;
  receiver: string | undefined;
  enclosing: string | undefined;
  position: number;
}

/** The Definition of a found one: the fields of the contract, in its order, the absent ones left out. */
function toDefinition({
  name,
  kind,
  signature,
  startLine,
  endLine,
  nameLine,
  container,
  doc,
  docLine,
}: FoundDefinition): Definition {
  if (container === undefined) {
    if (doc === undefined) return { name, kind, signature, startLine, endLine, nameLine };
    return docLine === undefined
      ? { name, kind, signature, startLine, endLine, nameLine, doc }
      : { name, kind, signature, startLine, endLine, nameLine, doc, docLine };
  }
  if (doc === undefined) return { name, kind, signature, startLine, endLine, nameLine, container };
  return docLine === undefined
    ? { name, kind, signature, startLine, endLine, nameLine, container, doc }
    : { name, kind, signature, startLine, endLine, nameLine, container, doc, docLine };
}

function toReference({ name, line, kind, qualified, receiver, enclosing }: FoundReference): Reference {
  if (!qualified) return enclosing === undefined ? { name, line, kind } : { name, line, kind, enclosing };
  const r: Reference = { name, line, kind, qualified };
  if (receiver !== undefined) r.receiver = receiver;
  if (enclosing !== undefined) r.enclosing = enclosing;
  return r;
}

/** When one name node is captured as several reference kinds, the most specific wins. */
const REFERENCE_KIND_PRIORITY: Readonly<Record<Reference['kind'], number>> = { call: 3, new: 3, type: 1, reference: 0 };

interface PendingReference {
  nameNode: Node;
  /** Null when its capture was disabled: only read for `class` tags (is it a `new`?). */
  refNode: Node | null;
  tagKind: string;
}

/** What one file's tag matches captured, by role, before it is read (readMatches). */
interface MatchedNodes {
  /** Definition nodes by `node id:name start`, the first match of each kept. */
  definitionNodes: Map<string, { node: Node; nameNode: Node; tagKind: string }>;
  referenceNodes: PendingReference[];
  importNodes: Map<number, Node>;
  /** Ids of names a type parameter list introduces (`<T>`): not uses. */
  introduced: Set<number>;
  /** Names the file binds as local variables or parameters (Ruby: a bare use of one is not a call). */
  locals: Set<string>;
  /** Go: where each of those names is bound, to scope it to its function (goValuesOnly). */
  localSites: FoundReference[];
}

/**
 * A file's definitions, references and imports from its tag matches. Each loop is a function of
 * its own: V8 optimizes each apart (in every parse worker), so a path first taken late in a
 * build (a language's first type parameter, a first duplicate reference) deoptimizes and
 * recompiles the loop it is in, not the whole reading, and a long first file that makes V8
 * compile a loop on the stack (OSR) compiles that loop twice, not everything (docs/bench/HISTORY.md).
 */
function readMatches(
  lang: Language,
  text: string,
  matches: QueryMatch[],
  compiled: CompiledQuery,
  defaultName = '',
): Pick<FileAnalysis, 'definitions' | 'references' | 'imports'> {
  const matched = collectMatchedNodes(lang, text, matches, compiled);
  const { found, definitionNameStarts } = readDefinitions(lang, text, matched.definitionNodes, defaultName);
  let references = readReferences(lang, text, matched, definitionNameStarts);
  assignEnclosing(found, references);
  const imports = readImports(lang, matched.importNodes);
  if (lang === 'go') references = goValuesOnly(found, references, matched.localSites, imports);

  return {
    definitions: found.map(toDefinition),
    references: references.map(toReference),
    imports,
  };
}

/** The matches' captures sorted by role: definition, reference and import nodes, and the names bound or introduced. */
function collectMatchedNodes(
  lang: Language,
  text: string,
  matches: QueryMatch[],
  { roles, impliedReferenceKind, nameChecks }: CompiledQuery,
): MatchedNodes {
  const definitionNodes = new Map<string, { node: Node; nameNode: Node; tagKind: string }>();
  const referenceNodes: PendingReference[] = [];
  const importNodes = new Map<number, Node>();
  const introduced = new Set<number>();
  const locals = new Set<string>();
  const localSites: FoundReference[] = [];

  for (let m = 0; m < matches.length; m++) {
    const match = matches[m];
    const captures = match.captures;
    const checks = nameChecks[match.patternIndex];
    if (checks !== undefined && !passesNameChecks(text, captures, checks)) continue;
    let nameNode: Node | null = null;
    let defNode: Node | null = null;
    let defKind = '';
    let refNode: Node | null = null;
    let refKind = '';
    for (let c = 0; c < captures.length; c++) {
      const capture = captures[c];
      const role = roles.get(capture.name);
      if (role === undefined) continue;
      const node = capture.node;
      switch (role.role) {
        case 'name':
          nameNode = node;
          break;
        case 'import':
          importNodes.set(node.id, node);
          break;
        case 'introduced':
          introduced.add(node.id);
          break;
        case 'local':
          locals.add(text.slice(node.startIndex, node.endIndex));
          if (lang === 'go') localSites.push(goLocalSite(node, text));
          break;
        case 'definition':
          defNode = node;
          defKind = role.tagKind;
          break;
        case 'reference':
          refNode = node;
          refKind = role.tagKind;
          break;
      }
    }
    if (!nameNode) continue;
    if (defNode) {
      const key = `${defNode.id}:${nameNode.startIndex}`;
      if (!definitionNodes.has(key)) definitionNodes.set(key, { node: defNode, nameNode, tagKind: defKind });
    } else if (refNode) referenceNodes.push({ nameNode, refNode, tagKind: refKind });
    else {
      const implied = impliedReferenceKind[match.patternIndex];
      if (implied !== undefined) referenceNodes.push({ nameNode, refNode: null, tagKind: implied });
    }
  }
  return { definitionNodes, referenceNodes, importNodes, introduced, locals, localSites };
}

/** The definitions read from their nodes, in source order (outer first), repeats dropped; and where their names start. */
function readDefinitions(
  lang: Language,
  text: string,
  definitionNodes: MatchedNodes['definitionNodes'],
  defaultName: string,
): { found: FoundDefinition[]; definitionNameStarts: Set<number> } {
  const found: FoundDefinition[] = [];
  const definitionNameStarts = new Set<number>();
  // Node ids name nodes of one tree: the map lives as long as this tree's reading.
  const scopes: ScopeMemo = new Map();
  for (const { node, nameNode: captured, tagKind } of definitionNodes.values()) {
    const nameNode = nameAfterAttributeMacro(lang, captured);
    const definition = readDefinition(lang, text, node, nameNode, tagKind, defaultName, scopes);
    if (!definition) continue;
    definitionNameStarts.add(nameNode.startIndex);
    found.push(definition);
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  dropRepeatedDefinitions(found);
  return { found, definitionNameStarts };
}

/** References: one per name node, not the names of definitions themselves, in source order. */
function readReferences(
  lang: Language,
  text: string,
  { referenceNodes, introduced, locals }: MatchedNodes,
  definitionNameStarts: ReadonlySet<number>,
): FoundReference[] {
  const byPosition = new Map<number, FoundReference>();
  const builtins = BUILTIN_TYPES[lang];
  for (let r = 0; r < referenceNodes.length; r++) {
    const { nameNode, refNode, tagKind } = referenceNodes[r];
    const position = nameNode.startIndex;
    if (definitionNameStarts.has(position)) continue;
    if (introduced.has(nameNode.id)) continue; // `<T>` introduces, not uses
    const nameText = text.slice(position, nameNode.endIndex);
    // Ruby's tags take every bare identifier for a call; one the file binds as a local is a variable.
    if (lang === 'ruby' && locals.has(nameText) && tagKind === 'call' && !isCalledMethod(nameNode)) continue;
    // Read for every reference, not only for types: a property read that a file of one language
    // reaches late (JavaScript's first type reference) deoptimizes the loop when V8 compiled it
    // without feedback there.
    const oneCharacter = nameText.length === 1;
    if (tagKind === 'type' && oneCharacter) continue; // uses of type parameters (`T`)
    if (builtins?.has(nameText)) continue;
    // Ruby's tags call every bare constant a call: a constant names a class or module.
    const kind =
      lang === 'ruby' && tagKind === 'call' && nameNode.type === 'constant' ? 'type' : referenceKind(tagKind, refNode);
    const existing = byPosition.get(position);
    if (existing && REFERENCE_KIND_PRIORITY[existing.kind] >= REFERENCE_KIND_PRIORITY[kind]) continue;
    const name = referenceName(nameText, lang);
    if (!name) continue;
    const line = nameNode.startPosition.row + 1;
    byPosition.set(position, {
      name,
      line,
      kind,
      ...receiverOf(lang, tagKind, text, nameNode),
      enclosing: undefined,
      position,
    });
  }
  return [...byPosition.values()].sort((a, b) => a.position - b.position);
}

/** The imports of the import nodes, by line; a Rust path written in place once per specifier. */
function readImports(lang: Language, importNodes: ReadonlyMap<number, Node>): ImportRef[] {
  const imports: ImportRef[] = [];
  // Rust paths written in place (names: []) recur all over a file: the first of each is its edge.
  const inPlaceSeen = new Set<string>();
  for (const node of importNodes.values()) {
    for (const imp of importsOf(lang, node)) {
      if (lang === 'rust' && imp.names.length === 0) {
        if (inPlaceSeen.has(imp.specifier)) continue;
        inPlaceSeen.add(imp.specifier);
      }
      imports.push(imp);
    }
  }
  imports.sort((a, b) => a.line - b.line);
  return imports;
}

/**
 * Whether a reference is reached through a receiver or a path, and that receiver. A Go value is
 * read from its node: a bare identifier is never qualified (even after a comment that ends in a
 * full stop), and a selector's receiver is its operand (`binary` of `binary.BigEndian`).
 */
function receiverOf(
  lang: Language,
  tagKind: string,
  text: string,
  nameNode: Node,
): { qualified: boolean; receiver: string | undefined } {
  const position = nameNode.startIndex;
  if (lang !== 'go' || tagKind !== 'value') {
    const separator = separatorBefore(lang, text, position);
    // A full stop on a line above may end a comment (rustix's `// … until 2.25.` above
    // `weak_or_syscall! {`): no separator of a path.
    const qualified =
      separator >= 0 &&
      !(
        text.lastIndexOf('\n', position - 1) > separator &&
        isComment(nameNode.tree.rootNode.descendantForIndex(separator))
      );
    return { qualified, receiver: qualified ? receiverBefore(text, position, lang) : undefined };
  }
  if (nameNode.type === 'identifier') return { qualified: false, receiver: undefined };
  const operand = nameNode.parent?.childForFieldName('operand');
  return { qualified: true, receiver: operand ? text.slice(operand.startIndex, operand.endIndex) : undefined };
}

/** Whether a Ruby identifier is the method of a call (`x.name`, `name(1)`), not its receiver or an argument. */
function isCalledMethod(name: Node): boolean {
  const parent = name.parent;
  return parent?.type === 'call' && parent.childForFieldName('method')?.id === name.id;
}

/**
 * What the predicates taken out of the query would have said: the start of the source text is
 * compared first, so a node's end is read from wasm only for a name that starts like the literal.
 */
function passesNameChecks(text: string, captures: QueryMatch['captures'], checks: readonly NameCheck[]): boolean {
  for (const { capture, literal, negate } of checks) {
    let node: Node | null = null;
    for (let c = 0; c < captures.length && node === null; c++)
      if (captures[c].name === capture) node = captures[c].node;
    if (node === null) continue; // a predicate on a capture the match lacks holds
    const start = node.startIndex;
    const equal = text.startsWith(literal, start) && node.endIndex - start === literal.length;
    if (equal === negate) return false;
  }
  return true;
}

/**
 * `A.prototype.m = function m() {}` is tagged twice (the assignment and the named function
 * expression). Keep the outer one: same name, same lines.
 */
function dropRepeatedDefinitions(found: FoundDefinition[]): void {
  const seen = new Set<string>();
  let kept = 0;
  for (const f of found) {
    const key = `${f.name}\u0000${f.startLine}\u0000${f.endLine}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found[kept++] = f;
  }
  found.length = kept;
}

/** Built-in type names: references to them connect nothing in the repository. */
const BUILTIN_TYPES: Partial<Record<Language, ReadonlySet<string>>> = {
  go: new Set(
    'bool string error any byte rune int int8 int16 int32 int64 uint uint8 uint16 uint32 uint64 uintptr float32 float64 complex64 complex128 comparable'.split(
      ' ',
    ),
  ),
  python: new Set('str int float bool bytes list dict set tuple object None type'.split(' ')),
  rust: new Set(['Self']),
  // C++'s cast operators, written as template calls (`static_cast<uint32_t>(x)`): calls of nothing.
  cpp: new Set(['static_cast', 'const_cast', 'dynamic_cast', 'reinterpret_cast']),
  // Shell builtins and the commands every script runs: calls of nothing in the repository.
  bash: new Set(
    'return exit local export readonly declare typeset unset set shift echo printf read eval exec source . cd pwd test [ [[ true false type command builtin let trap wait kill shopt getopts compgen complete compopt mapfile readarray'.split(
      ' ',
    ),
  ),
};

function referenceKind(tagKind: string, refNode: Node | null): Reference['kind'] {
  if (tagKind === 'call') return 'call';
  if (tagKind === 'new') return 'new';
  if (tagKind === 'class') {
    const type = refNode?.type;
    return type === 'new_expression' || type === 'object_creation_expression' ? 'new' : 'type';
  }
  if (tagKind === 'type' || tagKind === 'implementation' || tagKind === 'interface') return 'type';
  // Ruby's and C#'s tags call a method call a `send`.
  if (tagKind === 'send') return 'call';
  return 'reference';
}

/**
 * Where the `.`, `?.`, `::` or `->` (spaces and line breaks allowed between), or in Lua a method
 * call's `:`, that the name at `position` follows ends; -1 when it follows none.
 */
function separatorBefore(lang: Language, text: string, position: number): number {
  let i = position - 1;
  while (
    i >= 0 &&
    (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13)
  )
    i--;
  const c = text.charCodeAt(i);
  // PHP's `.` joins strings (`'="' . Xml::escape($v)`): its members follow `->` and `::`.
  if (c === 46 /* . */) return lang !== 'php' ? i : -1;
  if (c === 58 /* : */) return text.charCodeAt(i - 1) === 58 || lang === 'lua' ? i : -1;
  return c === 62 /* > */ && text.charCodeAt(i - 1) === 45 /* - */ ? i : -1;
}

/** Identifier characters of a receiver path (`$` for JS/PHP, `@` for Ruby instance variables). */
function isReceiverChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 64 || c > 127
  );
}

/** The length of the separator (`.`, `?.`, `::`, `->`, Lua's method `:`) ending at text[i], 0 for none. */
function separatorEndingAt(text: string, i: number, lang: Language): number {
  const c = text.charCodeAt(i);
  if (c === 46 /* . */) return text.charCodeAt(i - 1) === 63 /* ? */ ? 2 : 1;
  // A single `:` ends a Python block header or a label, not a path; in Lua it calls a method
  // on the object before it (`self:set_affiliation(…)`).
  if (c === 58 /* : */ && text.charCodeAt(i - 1) === 58) return 2;
  if (c === 58) return lang === 'lua' ? 1 : 0;
  return c === 62 /* > */ && text.charCodeAt(i - 1) === 45 /* - */ ? 2 : 0;
}

/**
 * The plain path before a qualified name at `position` (`os.environ` before `get`), its parts
 * joined by '.'; undefined when the receiver is an expression (`f().get`, `a[0].get`).
 */
function receiverBefore(text: string, position: number, lang: Language): string | undefined {
  const parts: string[] = [];
  let i = position - 1;
  for (;;) {
    while (i >= 0 && /\s/.test(text[i])) i--;
    const separator = separatorEndingAt(text, i, lang);
    if (separator === 0) break;
    i -= separator;
    while (i >= 0 && /\s/.test(text[i])) i--;
    const end = i + 1;
    while (i >= 0 && isReceiverChar(text.charCodeAt(i))) i--;
    if (i + 1 === end) return undefined; // `)`, `]`, a string: an expression
    parts.push(text.slice(i + 1, end));
  }
  return parts.length > 0 ? parts.reverse().join('.') : undefined;
}

/**
 * `a.b.C` → 'C'; anything that is not a plain name (a call, a parenthesis) → null. A Ruby method's
 * name may end in `?` or `!` (`cache_path_expired?`, `validate_port_string!`), as its definition's
 * does: without the mark the call was dropped, and a predicate or bang method had no callers.
 */
function referenceName(text: string, lang: Language): string | null {
  const last = text.slice(text.lastIndexOf('.') + 1);
  // JavaScript's private names keep their `#`, as their definitions do (`this.#cleanLogs()`).
  const plain = lang === 'ruby' ? RUBY_METHOD_NAME : PLAIN_NAME;
  return plain.test(last) ? last : null;
}

const PLAIN_NAME = /^#?[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*$/;
const RUBY_METHOD_NAME = /^[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*[?!]?$/;

/** Where a Go function binds a name, as a reference record only so assignEnclosing can place it. */
function goLocalSite(node: Node, text: string): FoundReference {
  const name = text.slice(node.startIndex, node.endIndex);
  return {
    name,
    line: 0,
    kind: 'reference',
    qualified: false,
    receiver: undefined,
    enclosing: undefined,
    position: node.startIndex,
  };
}

/**
 * Go's value references (kind 'reference': names read, not called) kept where they can name
 * the package's or another package's: not a name the enclosing function binds (a parameter,
 * `:=`, a `var` in a body, a range variable; a closure's names count for the whole function
 * that holds it), nor a field read through such a local (`ip.SrcIP`), nor a package the file
 * imports (`binary` of `binary.BigEndian`: the import shadows any package-level name).
 */
function goValuesOnly(
  definitions: FoundDefinition[],
  references: FoundReference[],
  sites: FoundReference[],
  imports: ImportRef[],
): FoundReference[] {
  sites.sort((a, b) => a.position - b.position);
  assignEnclosing(definitions, sites);
  const bound = new Set(sites.map((s) => `${s.enclosing ?? ''}\u0000${s.name}`));
  const imported = new Set(imports.map((i) => i.alias ?? goImportName(i.specifier)));
  return references.filter((r) => {
    if (r.kind !== 'reference') return true;
    if (r.name === '_') return false; // the blank identifier names nothing (`var _ Reader = …` defines no `_`)
    const head = r.qualified ? r.receiver?.split('.')[0] : r.name;
    if (head === undefined) return false; // a field of an expression's value
    return !bound.has(`${r.enclosing ?? ''}\u0000${head}`) && (r.qualified || !imported.has(head));
  });
}

/** Sweep definitions (sorted by start, outer first) and references (by position) together. */
function assignEnclosing(definitions: FoundDefinition[], references: FoundReference[]): void {
  const stack: FoundDefinition[] = [];
  let next = 0;
  for (const ref of references) {
    while (next < definitions.length && definitions[next].start <= ref.position) {
      const def = definitions[next++];
      while (stack.length && stack[stack.length - 1].end <= def.start) stack.pop();
      stack.push(def);
    }
    while (stack.length && stack[stack.length - 1].end <= ref.position) stack.pop();
    // The innermost definition that still contains the reference.
    for (let i = stack.length - 1; i >= 0; i--) {
      const def = stack[i];
      if (def.start <= ref.position && ref.position < def.end) {
        ref.enclosing = def.name;
        break;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------
// One definition

const FUNCTION_VALUE_TYPES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

/** Ancestors that make a definition a member (its container). Value: whether members are methods. */
const CONTAINER_TYPES: ReadonlyMap<string, boolean> = new Map([
  ['class_declaration', true],
  ['class', true],
  ['abstract_class_declaration', true],
  ['interface_declaration', true],
  ['enum_declaration', true],
  ['record_declaration', true],
  ['annotation_type_declaration', true],
  ['class_definition', true],
  ['trait_item', true],
  ['impl_item', true],
  ['object_type', false],
  ['internal_module', false],
  ['module', false],
  ['mod_item', false],
  // C, C++
  ['struct_specifier', true],
  ['class_specifier', true],
  ['union_specifier', true],
  ['enum_specifier', false],
  ['namespace_definition', false],
  // C#
  ['struct_declaration', true],
  ['namespace_declaration', false],
  // PHP
  ['trait_declaration', true],
  // Kotlin, Swift, Scala
  ['object_declaration', true],
  ['companion_object', true],
  ['protocol_declaration', true],
  ['object_definition', true],
  ['trait_definition', true],
  ['enum_definition', true],
  // Go: `type Logger interface { Debug(…) }`, whose method specs are the interface's members.
  ['type_spec', true],
]);

/** Function bodies stop the container walk: a function inside a method is not a member. */
const FUNCTION_SCOPE_TYPES = new Set([
  'function_declaration',
  'function_expression',
  'arrow_function',
  'generator_function',
  'generator_function_declaration',
  'method_definition',
  'function_definition',
  'function_item',
  'method_declaration',
  'constructor_declaration',
  'func_literal',
  'closure_expression',
  'lambda_expression',
  // Ruby, C#, Kotlin, Swift, PHP
  'method',
  'singleton_method',
  'local_function_statement',
  'lambda_literal',
  'anonymous_function',
  'anonymous_function_creation_expression',
]);

/** Declarators a C/C++ function's `function_declarator` may sit in (`char *f(void)`, `T &g()`). */
const DECLARATOR_WRAPPERS = new Set([
  'pointer_declarator',
  'reference_declarator',
  'parenthesized_declarator',
  'attributed_declarator',
]);
/** What holds a C/C++ function declarator: a definition with a body, or a declaration (a prototype). */
const FUNCTION_HOLDERS = new Set(['function_definition', 'declaration', 'field_declaration']);
/** C/C++ type specifiers: tagged by name wherever they appear, a definition only with a body. */
const TYPE_SPECIFIERS = new Set(['struct_specifier', 'union_specifier', 'enum_specifier', 'class_specifier']);

/** `operator T` for a C++ conversion operator, T's spelling with its spaces collapsed. */
function conversionOperatorName(text: string, node: Node): string {
  const type = node.childForFieldName('type');
  const spelled = type ? text.slice(type.startIndex, type.endIndex) : '';
  return `operator ${spelled.replace(/\s+/g, ' ')}`.trim();
}

// Each `type`, `parent`, sibling or field read is a call into wasm, and `parent` walks down
// from the root: read each once per definition and pass it along.

function readDefinition(
  lang: Language,
  text: string,
  tagged: Node,
  nameNode: Node,
  tagKind: string,
  defaultName: string,
  scopes: ScopeMemo,
): FoundDefinition | null {
  const nameStart = nameNode.startIndex;
  // An anonymous `export default function` (queries.ts names it by its `default` keyword).
  let name = nameNode.type === 'default' ? defaultName : text.slice(nameStart, nameNode.endIndex);
  // TS `declare module "x"` (only a string node starts with a quote; Python's may have a prefix).
  const firstChar = text.charCodeAt(nameStart);
  if ((firstChar === 34 || firstChar === 39 || lang === 'python') && nameNode.type === 'string')
    name = name.slice(1, -1);
  // CommonJS `module.exports = (f, env) => …`: the module's one function, named by its file as an
  // anonymous default export is (the tags name it `exports`).
  // `module.exports = function deleteAll(…)`: the function's own name defines it (tagged apart);
  // `exports` is no second name of it, which would hold its chunk under a name no one calls.
  const exported = name === 'exports' ? moduleExportsFunction(tagged) : null;
  if (exported === 'anonymous' && defaultName) name = defaultName;
  else if (exported === 'named') return null;
  if (!name) return null;
  // `operator ==`, `operator []`: one spelling, as a query writes it (`operator==`).
  if (nameNode.type === 'operator_name') name = name.replace(/\s+/g, '');
  // `operator ::testing::Matcher<F>() const`: the name is `operator` and the type, as ctags spells it.
  else if (nameNode.type === 'operator_cast') name = conversionOperatorName(text, nameNode);
  let node = tagged;
  let nodeType = node.type;
  // C/C++ tags name a function by its declarator: the definition (or the prototype) is the
  // node holding it. One in a parameter list or a typedef is not a function of the file.
  if (nodeType === 'function_declarator') {
    let holder = node.parent;
    // `RET MACRO(name)(params) { … }` (macroArgumentName): the outer declarator is the function's.
    if (holder?.type === 'function_declarator' && nameNode.parent?.type === 'parameter_declaration')
      holder = holder.parent;
    while (holder && DECLARATOR_WRAPPERS.has(holder.type)) holder = holder.parent;
    if (!holder || !FUNCTION_HOLDERS.has(holder.type)) return null;
    node = holder;
    nodeType = holder.type;
  } else if (TYPE_SPECIFIERS.has(nodeType) && !node.childForFieldName('body'))
    return null; // `struct a *p;`, `class B;`
  else if (nodeType === 'package_clause')
    return null; // every file of a Scala package says it
  else if (
    lang === 'swift' &&
    (nodeType === 'class_declaration' || nodeType === 'protocol_declaration') &&
    nameNode.parent?.id !== node.id
  ) {
    // Swift's tags tag a member as the whole type around it: the member is the definition.
    const member = memberHolding(nameNode);
    if (!member) return null;
    node = member;
    nodeType = member.type;
  } else if (nodeType === 'table_constructor' && nameNode.parent?.type === 'field') {
    // Lua's tags tag `{ open = function … end, close = function … end }` as the whole table for
    // each field: the field is the definition, so each callback has its own lines.
    node = nameNode.parent;
    nodeType = 'field';
  }
  // A declarator's value decides its kind; `const x = require('y')` (an import, not a definition
  // of x: a quarter of what the queries tag in CommonJS code) is dropped before any walk up the tree.
  const value = nodeType === 'variable_declarator' ? node.childForFieldName('value') : null;
  if (value?.type === 'call_expression' && value.childForFieldName('function')?.text === 'require') return null;
  const parent = node.parent;
  // Swift's tags tag every `let`/`var`: only a type's or the file's are definitions, not a function's locals.
  if (lang === 'swift' && nodeType === 'property_declaration' && !SWIFT_PROPERTY_HOLDERS.has(parent?.type ?? ''))
    return null;

  // The outer node (whole range), with its type and parent.
  let outer = node;
  let outerType = nodeType;
  let outerParent = parent;
  let outerParentType = parent?.type;
  const up = () => {
    outer = outerParent!;
    outerType = outerParentType!;
    outerParent = outer.parent;
    outerParentType = outerParent?.type;
  };
  if (parent && wrapsOneDefinition(nodeType, outerParentType!, parent)) up();
  if (outerParentType === 'decorated_definition' || outerParentType === 'template_declaration') up();
  // A member template of a class template defined outside it has a head for each
  // (`template<class T>` then `template<class U>` over `R C<T>::f(U u) { … }`): it starts at the first.
  while (outerType === 'template_declaration' && outerParentType === 'template_declaration') up();
  // TS `namespace X {}` at statement level is wrapped in an expression statement.
  if (outerType === 'internal_module' && outerParentType === 'expression_statement') up();
  while (outerParent && (outerParentType === 'export_statement' || outerParentType === 'ambient_declaration')) up();

  const { container, membersAreMethods } = containerOf(lang, node, nodeType, nameNode, outerParent, scopes);
  const kind = definitionKind(
    lang,
    node,
    nodeType,
    parent,
    value,
    tagKind,
    name,
    membersAreMethods && container !== undefined,
  );
  if (!kind) return null;

  // Rust attributes (`#[derive]`) are siblings, not children: they belong to the item.
  let first = outer;
  if (lang === 'rust') {
    for (let prev = first.previousNamedSibling; prev?.type === 'attribute_item'; prev = prev.previousNamedSibling)
      first = prev;
  }
  const startLine = first.startPosition.row + 1;
  const endPosition = outer.endPosition;
  // A node that ends at column 0 ends with the previous line's newline.
  let endRow =
    endPosition.column === 0 && endPosition.row > outer.startPosition.row ? endPosition.row - 1 : endPosition.row;
  let endIndex = outer.endIndex;
  const closer =
    (lang === 'c' || lang === 'cpp') && (TYPE_SPECIFIERS.has(nodeType) || nodeType === 'function_definition')
      ? ownCloser(text, outer)
      : null;
  if (closer) ({ row: endRow, index: endIndex } = closer);

  // Decorators and `export` belong to the range; the signature starts at the keyword.
  const signatureStart = outerType === 'decorated_definition' ? node.startIndex : outer.startIndex;
  const body = bodyOf(node, nodeType);
  let signature = signatureOf(lang, text, node, nodeType, body, signatureStart);
  // A C old-style definition's parameter declarations stand between its declarator and its body
  // (`xdrstdio_create(xdrs, file, op) XDR *xdrs; … enum xdr_op op;`): the last one's `;` is not the
  // mark of a declaration without a body (isDeclarationSignature), which a definition with one never is.
  if (body && (lang === 'c' || lang === 'cpp') && signature.endsWith(';')) signature = signature.slice(0, -1).trimEnd();
  // A function without a body (overload, abstract, interface member, extern, C prototype) reads as a declaration.
  // (A Ruby `def x; end` has no body node: it is a definition all the same.)
  // A Python `@overload` stub has a body (`...`) but declares a signature: the implementation follows it.
  const stub = !body || (outerType === 'decorated_definition' && isOverloadStub(outer));
  if ((kind === 'function' || kind === 'method') && stub && !signature.endsWith(';') && lang !== 'ruby')
    signature = `${signature.slice(0, MAX_SIGNATURE_CHARS - 1)};`;
  const nameLine = nameNode.startPosition.row + 1;
  const above = docAbove(text, first, lang === 'c' || lang === 'cpp');
  let doc = above?.text ?? (lang === 'python' ? pythonDocstring(node) : null);
  if (doc && doc.length > MAX_DOC_CHARS) doc = doc.slice(0, MAX_DOC_CHARS);
  return {
    name,
    kind,
    signature,
    startLine,
    endLine: endRow + 1,
    nameLine,
    container,
    doc: doc || undefined,
    docLine: above?.line,
    start: outer.startIndex,
    end: endIndex,
  };
}

/**
 * A C or C++ type or function that starts at column 0 closes at the first `}` in column 0 after
 * it. A parse error inside it can run its node past that line: a field list holding a macro call
 * without `;` (`struct { ZEND_ENDIAN_LOHI_4(a, b, c, d) } v;`) loses a brace, and the node takes
 * in everything to a later type's `}`, with the macros between. Only a node with an error inside
 * is cut there, at the end of the closing line (row 0-based, index past its last character).
 */
function ownCloser(text: string, outer: Node): { row: number; index: number } | null {
  if (!outer.hasError || outer.startPosition.column !== 0) return null;
  const at = text.indexOf('\n}', outer.startIndex);
  if (at < 0) return null;
  const lineEnd = text.indexOf('\n', at + 1);
  const index = lineEnd < 0 ? text.length : lineEnd;
  if (index >= outer.endIndex) return null;
  let row = outer.startPosition.row;
  for (let i = text.indexOf('\n', outer.startIndex); i !== -1 && i <= at; i = text.indexOf('\n', i + 1)) row++;
  return { row, index };
}

/** `@overload`, `@typing.overload`, `@t.overload`: PEP 484's decorator for the signatures above an implementation. */
const OVERLOAD_DECORATOR = /^@\s*(?:[A-Za-z_][\w]*\.)*overload\s*$/;

/** Whether a Python decorated definition is marked as an overload signature. */
function isOverloadStub(decorated: Node): boolean {
  return namedChildrenOf(decorated).some((c) => c.type === 'decorator' && OVERLOAD_DECORATOR.test(c.text));
}

const SWIFT_PROPERTY_HOLDERS = new Set(['source_file', 'class_body', 'protocol_body', 'enum_class_body']);

/** The declaration in a Swift class or protocol body that holds `name`. */
function memberHolding(name: Node): Node | null {
  for (let node = name, parent = name.parent; parent; node = parent, parent = parent.parent) {
    const type = parent.type;
    if (type === 'class_body' || type === 'protocol_body' || type === 'enum_class_body') return node;
    if (type === 'class_declaration' || type === 'protocol_declaration') return null;
  }
  return null;
}

/** Whether the definition's parent is a declaration of that one definition (`const x = …`, `type T …`), which is then its range. */
function wrapsOneDefinition(type: string, parentType: string, parent: Node): boolean {
  if (type === 'variable_declarator')
    return (
      (parentType === 'lexical_declaration' || parentType === 'variable_declaration') && parent.namedChildCount === 1
    );
  if (type === 'assignment_expression' || type === 'assignment') return parentType === 'expression_statement';
  return (
    (((type === 'type_spec' || type === 'type_alias') && parentType === 'type_declaration') ||
      (type === 'const_spec' && parentType === 'const_declaration') ||
      (type === 'var_spec' && parentType === 'var_declaration')) &&
    parent.namedChildCount === 1
  );
}

function containerOf(
  lang: Language,
  node: Node,
  nodeType: string,
  nameNode: Node,
  outerParent: Node | null,
  scopes: ScopeMemo,
): Scope {
  // Go methods: the receiver's type is the container.
  if (nodeType === 'method_declaration') {
    const receiver = node.childForFieldName('receiver');
    if (receiver) {
      const type = firstOfType(receiver, 'type_identifier');
      return { container: type?.text, membersAreMethods: true };
    }
  }
  // `A.prototype.m = function` / `A.m = () =>`: the object is the container.
  if (nodeType === 'assignment_expression') {
    const left = node.childForFieldName('left');
    if (left?.type === 'member_expression') {
      let object = left.childForFieldName('object');
      if (object?.type === 'member_expression' && object.childForFieldName('property')?.text === 'prototype')
        object = object.childForFieldName('object');
      const objectText = object?.text;
      if (object && objectText && object.type === 'identifier' && objectText !== 'exports' && objectText !== 'module')
        return { container: objectText, membersAreMethods: true };
      // `horizon.modals.init = function`: a namespace object reached through plain names is the
      // container, by its last name (as Lua's `function a.b.f()` and C++'s `a::B::f` are read).
      const namespace = object ? namespaceName(object) : null;
      if (namespace) return { container: namespace, membersAreMethods: true };
    }
  }
  // C# `Task I.M()`, an explicit interface implementation: the interface is the container.
  if (lang === 'csharp' && nodeType === 'method_declaration') {
    const explicit = namedChildrenOf(node).find((c) => c.type === 'explicit_interface_specifier');
    const interfaceName = explicit
      ? lastSegment(
          explicit.text
            .replace(/\s+/g, '')
            .replace(/\.$/, '')
            .replace(/<[^]*>$/, ''),
        )
      : '';
    if (interfaceName) return { container: interfaceName, membersAreMethods: true };
  }
  const nameParent = lang === 'cpp' || lang === 'lua' ? nameNode.parent : null;
  // C++ `void Widget::run() {}` defined outside its class: the scope is the container.
  if (nameParent?.type === 'qualified_identifier') {
    const scope = nameParent.childForFieldName('scope');
    const scopeName = scope ? lastSegment(scope.text.replace(/<[^]*>$/, '')) : '';
    if (scopeName) return { container: scopeName, membersAreMethods: true };
  }
  // Lua `function M.f()` and `function M:m()`: the table is the container.
  if (nameParent?.type === 'dot_index_expression' || nameParent?.type === 'method_index_expression') {
    const table = nameParent.childForFieldName('table');
    if (table) return { container: lastSegment(table.text), membersAreMethods: true };
  }
  if (!outerParent) return NO_SCOPE;
  let scope = scopes.get(outerParent.id);
  if (scope === undefined) scopes.set(outerParent.id, (scope = scopeAround(lang, outerParent)));
  return scope;
}

/** What a definition's outer node's parent makes of it (containerOf), by that parent's id: the same for each of its children. */
type ScopeMemo = Map<number, Scope>;
type Scope = Readonly<{ container?: string; membersAreMethods: boolean }>;
const NO_SCOPE: Scope = { membersAreMethods: false };

/** containerOf's reading of the outer node's parent and the nodes above it, which depends on them alone. */
function scopeAround(lang: Language, outerParent: Node): Scope {
  // ES5 `inherits(X, Base, { m() {} })`, `Object.assign(X.prototype, { m })`: the object's methods are X's.
  if (outerParent.type === 'object' && (lang === 'javascript' || lang === 'typescript' || lang === 'tsx')) {
    const owner = prototypeOwner(outerParent);
    if (owner) return { container: owner, membersAreMethods: true };
  }
  for (let p: Node | null = outerParent; p; p = p.parent) {
    const type = p.type;
    if (lang === 'cpp' && type === 'function_definition') {
      const className = macroClassName(p);
      if (className) return { container: className, membersAreMethods: true };
    }
    if (FUNCTION_SCOPE_TYPES.has(type)) return { membersAreMethods: false };
    const methods = CONTAINER_TYPES.get(type);
    if (methods === undefined) continue;
    if (type === 'object_type') return { membersAreMethods: false }; // an inline `{ m(): void }` type
    const name = type === 'impl_item' ? implTypeName(p) : containerName(p);
    // Kotlin's unnamed `companion object`: its members belong to the class around it.
    if (!name && type === 'companion_object') continue;
    // A Ruby module holds methods (mixed in, or `module_function`); a TS `module` holds functions.
    const members = methods || (type === 'module' && lang === 'ruby');
    if (!name) return { membersAreMethods: members };
    return { container: /^['"]/.test(name) ? name.slice(1, -1) : name, membersAreMethods: members };
  }
  return NO_SCOPE;
}

/**
 * What a node that is `module.exports = …` hands out: `anonymous` for a function (or an arrow)
 * without a name, `named` for `function name(…) {…}`; null for any other node.
 */
function moduleExportsFunction(node: Node): 'anonymous' | 'named' | null {
  if (node.type !== 'assignment_expression') return null;
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (left?.type !== 'member_expression' || left.childForFieldName('object')?.text !== 'module' || !right) return null;
  if (right.childForFieldName('name') === null) return 'anonymous';
  return right.type === 'function_expression' ? 'named' : null;
}

/**
 * The constructor whose prototype an object literal's members become, as code before `class`
 * wrote it: `X.prototype = {…}`, a call given `X.prototype` first (`Object.assign`, `extend`),
 * or `inherits(X, Base, {…})` (Node's `util.inherits` convention, with the members added).
 */
function prototypeOwner(object: Node): string | undefined {
  const holder = object.parent;
  if (holder?.type === 'assignment_expression')
    return holder.childForFieldName('right')?.id === object.id
      ? prototypeOf(holder.childForFieldName('left'))
      : undefined;
  if (holder?.type !== 'arguments') return undefined;
  const first = holder.namedChild(0);
  if (!first || first.id === object.id) return undefined;
  const owner = prototypeOf(first);
  if (owner) return owner;
  const callee = holder.parent?.childForFieldName('function');
  const calleeName = callee?.type === 'member_expression' ? callee.childForFieldName('property')?.text : callee?.text;
  return calleeName === 'inherits' && first.type === 'identifier' ? first.text : undefined;
}

/** `X.prototype` → 'X'; anything else → undefined. */
function prototypeOf(node: Node | null): string | undefined {
  if (node?.type !== 'member_expression' || node.childForFieldName('property')?.text !== 'prototype') return undefined;
  const object = node.childForFieldName('object');
  return object?.type === 'identifier' ? object.text : undefined;
}

/** The class of `class EXPORT_MACRO Name { … }`, which tree-sitter-cpp reads as a function `Name`; else null. */
function macroClassName(definition: Node): string | null {
  const type = definition.childForFieldName('type');
  const typeType = type?.type;
  if ((typeType !== 'class_specifier' && typeType !== 'struct_specifier') || type!.childForFieldName('body'))
    return null;
  const declarator = definition.childForFieldName('declarator');
  return declarator?.type === 'identifier' ? declarator.text : null;
}

/** The name of a container node: its `name` field, else its first identifier child (Kotlin's nodes have no fields). */
function containerName(container: Node): string | undefined {
  const name = container.childForFieldName('name');
  if (name) {
    // Ruby `class A::B`: the class is B.
    if (name.type === 'scope_resolution') return name.childForFieldName('name')?.text;
    // C++ `struct Impl<Seq<I...>>`, a specialisation: the template is Impl.
    if (name.type === 'template_type') return name.childForFieldName('name')?.text;
    return name.text;
  }
  for (const child of namedChildrenOf(container)) {
    const type = child.type;
    if (type === 'type_identifier' || type === 'simple_identifier' || type === 'identifier') return child.text;
    if (type === 'class_body' || type === 'declaration_list' || type === 'field_declaration_list') return undefined;
  }
  return undefined;
}

/** `a::b::C` → 'C', `a.b` → 'b', `A\\B` → 'B'. */
function lastSegment(path: string): string {
  return path.slice(Math.max(path.lastIndexOf(':'), path.lastIndexOf('.'), path.lastIndexOf('\\')) + 1);
}

function implTypeName(impl: Node): string | undefined {
  const type = impl.childForFieldName('type');
  if (!type) return undefined;
  if (type.type === 'type_identifier') return type.text;
  return firstOfType(type, 'type_identifier')?.text ?? type.text;
}

/** Depth-first first descendant of a type (small subtrees only: receivers, impl types). */
function firstOfType(node: Node, type: string): Node | null {
  if (node.type === type) return node;
  for (const child of namedChildrenOf(node)) {
    const hit = firstOfType(child, type);
    if (hit) return hit;
  }
  return null;
}

/** Whether a node has an unnamed child of this type (a keyword: Kotlin's `interface`, Swift's `struct`). */
function hasKeyword(node: Node, keyword: string): boolean {
  for (let i = 0, count = node.childCount; i < count; i++) {
    const child = node.child(i);
    if (child && !child.isNamed && child.type === keyword) return true;
  }
  return false;
}

/** `value`: a variable_declarator's value node (already read), null otherwise. */
function definitionKind(
  lang: Language,
  node: Node,
  nodeType: string,
  parent: Node | null,
  value: Node | null,
  tagKind: string,
  name: string,
  isMember: boolean,
): DefinitionKind | null {
  switch (nodeType) {
    case 'class_declaration':
      if (lang === 'kotlin') {
        if (hasKeyword(node, 'interface')) return 'interface';
        return /\benum\b/.test(firstOfType(node, 'modifiers')?.text ?? '') ? 'enum' : 'class';
      }
      if (lang === 'swift') return swiftDeclarationKind(node);
      return 'class';
    case 'class':
    case 'abstract_class_declaration':
    case 'class_definition':
    case 'record_declaration':
    case 'class_specifier':
    case 'object_declaration':
    case 'companion_object':
    case 'object_definition':
      return 'class';
    case 'interface_declaration':
    case 'annotation_type_declaration':
    case 'protocol_declaration':
      return 'interface';
    case 'enum_declaration':
    case 'enum_item':
    case 'enum_specifier':
    case 'enum_definition':
      return 'enum';
    case 'struct_item':
    case 'union_item':
    case 'struct_specifier':
    case 'union_specifier':
    case 'struct_declaration':
      return 'struct';
    case 'trait_item':
    case 'trait_declaration':
    case 'trait_definition':
      return 'trait';
    case 'type_alias_declaration':
    case 'type_item':
    case 'type_alias':
    case 'type_definition':
    case 'alias_declaration':
    case 'typealias_declaration':
      return 'type';
    case 'type_spec': {
      const type = node.childForFieldName('type')?.type;
      if (type === 'struct_type') return 'struct';
      return type === 'interface_type' ? 'interface' : 'type';
    }
    case 'module':
    case 'mod_item':
      return 'module';
    case 'internal_module':
    case 'namespace_definition':
    case 'namespace_declaration':
    case 'file_scoped_namespace_declaration':
      return 'namespace';
    case 'macro_definition':
    case 'preproc_def':
    case 'preproc_function_def':
      return 'macro';
    case 'method_definition':
    case 'method_signature':
    case 'abstract_method_signature':
    case 'method_declaration':
    case 'field_definition':
    case 'public_field_definition':
    case 'function_signature_item':
    case 'singleton_method':
    case 'constructor_declaration':
    case 'protocol_function_declaration':
    case 'init_declaration':
    case 'deinit_declaration':
    case 'subscript_declaration':
      return 'method';
    case 'function_definition':
      if (tagKind === 'class') return 'class'; // C++ `class EXPORT_MACRO Name { … }`, read as a function
      return isMember ? 'method' : 'function';
    case 'assignment_expression':
      if (tagKind === 'variable') return 'variable'; // `ns.x = new X()` (queries.ts)
      return isMember ? 'method' : 'function';
    case 'function_item':
    case 'pair': // `m: function () {}` in an object given to a prototype (prototypeOwner)
    case 'method':
      return isMember ? 'method' : 'function';
    case 'function_declaration':
      // Lua's tags say which: `function M:m()` is a method, `function M.f()` a function.
      if (lang === 'lua') return tagKind === 'method' ? 'method' : 'function';
      return isMember ? 'method' : 'function';
    case 'declaration':
    case 'field_declaration':
      // A C/C++ prototype (the tags' function declarator, widened), or a field or variable.
      if (tagKind === 'function' || tagKind === 'method')
        return isMember || tagKind === 'method' ? 'method' : 'function';
      return KIND_BY_TAG[tagKind] ?? null;
    case 'variable_declarator':
      if (value && FUNCTION_VALUE_TYPES.has(value.type)) return 'function';
      return parent?.child(0)?.type === 'const' ? 'constant' : 'variable';
    case 'assignment': // Python module-level assignment, Ruby constant
      return /^[A-Z][A-Z0-9_]*$/.test(name) || lang === 'ruby' ? 'constant' : 'variable';
    case 'const_spec':
    case 'const_item':
    case 'static_item':
    case 'simple_enum_case':
    case 'full_enum_case':
    case 'enum_entry':
      return 'constant';
    case 'var_spec':
      return 'variable';
    default:
      return KIND_BY_TAG[tagKind] ?? null;
  }
}

/** Swift says `class`, `struct`, `enum`, `actor` or `extension` in one `class_declaration` node. */
function swiftDeclarationKind(node: Node): DefinitionKind {
  const keyword = node.childForFieldName('declaration_kind')?.type;
  if (keyword === 'struct') return 'struct';
  if (keyword === 'enum') return 'enum';
  return 'class';
}

const KIND_BY_TAG: Readonly<Record<string, DefinitionKind>> = {
  function: 'function',
  method: 'method',
  class: 'class',
  interface: 'interface',
  module: 'module',
  macro: 'macro',
  constant: 'constant',
  type: 'type',
  enum: 'enum',
  namespace: 'namespace',
  variable: 'variable',
  field: 'field',
  struct: 'struct',
  // Scala's object, Swift's protocol property and Scala's class parameter.
  object: 'class',
  property: 'field',
};

/** The node holding a definition's body, when it has one (the signature stops there). */
function bodyOf(node: Node, nodeType: string): Node | null {
  const body = node.childForFieldName('body');
  if (body) return body;
  const value = node.childForFieldName('value') ?? node.childForFieldName('right');
  if (value && FUNCTION_VALUE_TYPES.has(value.type)) return value.childForFieldName('body');
  if (nodeType === 'type_spec') {
    const type = node.childForFieldName('type');
    if (type?.type === 'struct_type') return type.namedChild(0);
  }
  // Lua `M.f = function() end`, `{ f = function() end }`: the function value's body.
  if (nodeType === 'assignment_statement' || nodeType === 'field') {
    const fn = firstOfType(node, 'function_definition');
    if (fn) return fn.childForFieldName('body') ?? fn;
  }
  // Kotlin's and Swift's bodies are unnamed children (`function_body`, `class_body`…).
  if (
    nodeType === 'function_declaration' ||
    nodeType === 'class_declaration' ||
    nodeType === 'object_declaration' ||
    nodeType === 'companion_object'
  ) {
    for (let i = node.namedChildCount - 1; i >= 0; i--) {
      const child = node.namedChild(i);
      const type = child?.type;
      if (type === 'function_body' || type === 'class_body' || type === 'enum_class_body' || type === 'protocol_body')
        return child;
    }
  }
  return null;
}

/** Definition nodes whose body is a brace block without a `body` field. */
const BRACE_BODY_TYPES = new Set(['type_spec', 'macro_definition']);

function signatureOf(
  lang: Language,
  text: string,
  node: Node,
  nodeType: string,
  body: Node | null,
  start: number,
): string {
  let end = body ? body.startIndex : node.endIndex;
  // Ruby `class A # note` : a comment between the header and the body is not the signature.
  if (lang === 'ruby' && body) {
    for (let i = 0, count = node.namedChildCount; i < count; i++) {
      const child = node.namedChild(i);
      if (child && child.type === 'comment' && child.startIndex < end) end = child.startIndex;
    }
  }
  // Without a body field (Go interfaces, macros…), a type-like declaration stops at its first brace.
  if (!body && (BRACE_BODY_TYPES.has(nodeType) || end - start > MAX_SIGNATURE_CHARS)) {
    const brace = text.indexOf('{', node.startIndex);
    if (brace !== -1 && brace < end) end = brace;
  }
  // Collapsing never lengthens: a bounded slice is enough.
  let signature = text
    .slice(start, Math.min(end, start + MAX_SIGNATURE_CHARS * 4))
    .replace(/\s+/g, ' ')
    .trim();
  if (lang === 'python' && signature.endsWith(':')) signature = signature.slice(0, -1).trimEnd();
  // Swift attributes (`@available(iOS, …)`) lead the declaration but are not its signature.
  else if (lang === 'swift' && signature.startsWith('@'))
    signature = signature.replace(/^(?:@\w+(?:\([^()]*\))?\s*)+/, '');
  // Scala's `def f(x: Int): Int = …` and Kotlin's `fun f() = …`: the `=` starts the body.
  else if ((lang === 'scala' || lang === 'kotlin') && signature.endsWith('='))
    signature = signature.slice(0, -1).trimEnd();
  return signature.length > MAX_SIGNATURE_CHARS ? signature.slice(0, MAX_SIGNATURE_CHARS) : signature;
}

const isComment = (node: Node | null): node is Node => !!node && node.type.endsWith('comment');

/** What every comment of the supported languages has on its last line (`//`, `#`, `--`) or ends with (`*\/`, `-->`, `]]`). */
const COMMENT_MARKERS = ['//', '*/', '#', '--', ']]'];

/**
 * Whether a comment can end on the line before `start` or on its own line (what docAbove
 * accepts): looks at the text from two lines up, since a line comment's node may end at
 * column 0 of the next line.
 */
function commentMarkerNear(text: string, start: number): boolean {
  let from = start;
  for (let lines = 0; lines < 3 && from > 0; lines++) from = text.lastIndexOf('\n', from - 1);
  const window = text.slice(Math.max(0, from), start);
  return COMMENT_MARKERS.some((marker) => window.includes(marker));
}

/**
 * The comment a grammar put at the end of the node before (Kotlin keeps a comment after the
 * imports inside the import list): the last named descendant, a few levels down, when it
 * ends where that node ends.
 */
function trailingComment(node: Node): Node | null {
  let last = node;
  for (let depth = 0; depth < 3; depth++) {
    const count = last.namedChildCount;
    const child = count > 0 ? last.namedChild(count - 1) : null;
    if (!child || child.endIndex !== node.endIndex) return null;
    if (isComment(child)) return child;
    last = child;
  }
  return null;
}

/** A lone upper-case name, as an export or attribute macro is written on its own line (`CAPSTONE_EXPORT`, `JEMALLOC_EXPORT`). */
const ATTRIBUTE_MACRO_LINE = /^[A-Z_][A-Z0-9_]*$/;

/** Comments directly above `node` (no blank line, not trailing another statement): raw text, and the first one's line. */
function docAbove(text: string, node: Node, cFamily = false): { text: string; line: number } | null {
  if (!commentMarkerNear(text, node.startIndex)) return null; // most definitions: no sibling call
  let prev = node.previousNamedSibling;
  // First in a body that starts with it (Ruby's `body_statement`): the comment is before the body.
  for (let anchor = node; !prev;) {
    const parent = anchor.parent;
    if (!parent || parent.startIndex !== anchor.startIndex) break;
    anchor = parent;
    prev = anchor.previousNamedSibling;
  }
  let topRow = node.startPosition.row;
  // A C header's export macro on its own line between the doc comment and the declaration
  // (capstone's `CAPSTONE_EXPORT` above `size_t CAPSTONE_API cs_disasm(…);`) is a node of its
  // own to the grammar, a declaration of the return type's name, which it takes from the line
  // below; the comment above it documents the declaration below it.
  if (
    cFamily &&
    prev &&
    prev.startPosition.row === topRow - 1 &&
    prev.endPosition.row <= topRow &&
    ATTRIBUTE_MACRO_LINE.test(prev.text.split('\n')[0].trim())
  ) {
    topRow = prev.startPosition.row;
    prev = prev.previousNamedSibling;
  }
  if (prev && !isComment(prev)) prev = trailingComment(prev);
  if (!isComment(prev) || prev.endPosition.row < topRow - 1) return null;
  const parts: Node[] = [];
  let expectedRow = topRow;
  while (isComment(prev) && prev.endPosition.row >= expectedRow - 1) {
    parts.push(prev);
    expectedRow = prev.startPosition.row;
    prev = prev.previousNamedSibling;
  }
  // A comment that shares its line with code before it belongs to that code.
  while (parts.length && prev && prev.endPosition.row === parts[parts.length - 1].startPosition.row) {
    parts.pop();
    if (parts.length === 0) return null;
  }
  const doc = parts
    .reverse()
    .map((c) => c.text.trimEnd())
    .join('\n');
  return doc.trim() ? { text: doc, line: parts[0].startPosition.row + 1 } : null;
}

function pythonDocstring(node: Node): string | null {
  const first = node.childForFieldName('body')?.namedChild(0);
  if (first?.type !== 'expression_statement') return null;
  const string = first.namedChild(0);
  return string?.type === 'string' ? string.text : null;
}

/**
 * The name a function-like macro is given as a function's declarator (`constexpr I
 * RANGES_FUNC(max_element)(I first, S last) { … }`, the macro expanding to the name or to
 * `operator()`): the grammar reads `MACRO(name)` as a function declarator inside the function's
 * own. A declarator cannot itself declare a function returning a function, so such a nesting is
 * always a macro; its one argument, a bare name, is the function's name. Else null.
 */
function macroArgumentName(declarator: Node | null): Node | null {
  if (declarator?.type !== 'function_declarator') return null;
  const outer = declarator.parent;
  if (outer?.type !== 'function_declarator' || outer.childForFieldName('declarator')?.id !== declarator.id) return null;
  const parameters = declarator.childForFieldName('parameters');
  if (parameters?.namedChildCount !== 1) return null;
  const only = parameters.namedChild(0);
  if (only?.type !== 'parameter_declaration' || only.namedChildCount !== 1) return null;
  const name = only.childForFieldName('type');
  return name?.type === 'type_identifier' ? name : null;
}

/**
 * A C or C++ function's name when an attribute macro stands between its return type and its name:
 * gnulib's `struct timespec _GL_ATTRIBUTE_PURE get_stat_mtime (struct stat const *st)` is read by
 * the grammar as a function `_GL_ATTRIBUTE_PURE` with `get_stat_mtime` an ERROR before its
 * parameters. The identifier in that ERROR is the name; the captured one is the macro.
 */
function nameAfterAttributeMacro(lang: Language, nameNode: Node): Node {
  if ((lang !== 'c' && lang !== 'cpp') || nameNode.type !== 'identifier') return nameNode;
  const parent = nameNode.parent;
  const argument = macroArgumentName(parent);
  if (argument) return argument;
  const error = nameNode.nextSibling;
  if (parent?.type !== 'function_declarator' || error?.type !== 'ERROR' || error.namedChildCount !== 1) return nameNode;
  const name = error.namedChild(0);
  return name?.type === 'identifier' && error.nextSibling?.type === 'parameter_list' ? name : nameNode;
}

/**
 * The last name of `a.b` or `a.b.c` when every part is a plain name, else null: `this.x`,
 * `module.exports`, `f().x` and `a[0].x` name no namespace object.
 */
function namespaceName(object: Node): string | null {
  if (object.type !== 'member_expression') return null;
  const property = object.childForFieldName('property');
  if (property?.type !== 'property_identifier') return null;
  const parts = [property.text];
  let inner = object.childForFieldName('object');
  while (inner?.type === 'member_expression') {
    const name = inner.childForFieldName('property');
    if (name?.type !== 'property_identifier') return null;
    parts.push(name.text);
    inner = inner.childForFieldName('object');
  }
  if (inner?.type !== 'identifier') return null;
  parts.push(inner.text);
  if (inner.text === 'module' || inner.text === 'exports' || parts.includes('prototype')) return null;
  return property.text === 'exports' ? null : property.text;
}
