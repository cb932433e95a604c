/**
 * Parses one file with web-tree-sitter and reads its definitions, references and imports
 * from the grammar's tags.scm plus our own queries (queries.ts). Pure engine code: the
 * grammar bytes come from a GrammarSource, so it runs the same in Node and in a worker.
 */
import { Language as TSLanguage, Parser, Query } from 'web-tree-sitter';
import type { Node, QueryMatch } from 'web-tree-sitter';
import type { Definition, DefinitionKind, FileAnalysis, ImportRef, Language, Reference } from '../contract';
import { languageForPath, SUPPORTED_LANGUAGES } from './grammars';
import type { GrammarSource } from './grammars';
import { importsOf } from './imports';
import { EXTRA_QUERIES } from './queries';

/** Files larger than this (UTF-16 code units ≈ bytes for code) are not parsed: too slow, rarely hand-written. */
export const MAX_PARSE_CHARS = 1_000_000;
/** An average line longer than this means minified or generated code: not parsed. */
export const MAX_AVERAGE_LINE_LENGTH = 1000;
/** A single parse may not take longer than this; pathological inputs are given up on. */
export const PARSE_TIMEOUT_MS = 5000;
export const MAX_SIGNATURE_CHARS = 200;
export const MAX_DOC_CHARS = 500;

export interface AnalyzerOptions {
  /** Languages to load up front (default: all supported). Others load on `analyzeAsync`. */
  languages?: readonly Language[];
}

interface LoadedLanguage {
  language: TSLanguage;
  parser: Parser;
  /** Compiled on first use: tags.scm text until then. */
  query: Query | null;
  querySource: string;
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

  isLoaded(lang: Language): boolean {
    return this.loaded.has(lang);
  }

  private loadOne(lang: Language): Promise<void> {
    if (this.loaded.has(lang)) return Promise.resolve();
    let pending = this.loading.get(lang);
    if (!pending) {
      pending = (async () => {
        const [wasm, tags] = await Promise.all([this.source.languageWasm(lang), this.source.tagsQuery(lang)]);
        const language = await TSLanguage.load(wasm);
        const parser = new Parser();
        parser.setLanguage(language);
        this.loaded.set(lang, { language, parser, query: null, querySource: `${tags}\n${EXTRA_QUERIES[lang]}` });
      })().finally(() => this.loading.delete(lang));
      this.loading.set(lang, pending);
    }
    return pending;
  }

  /** Like `analyze`, loading the file's grammar first when needed. */
  async analyzeAsync(path: string, text: string): Promise<FileAnalysis> {
    const lang = languageForPath(path);
    if (lang) await this.loadOne(lang);
    return this.analyze(path, text);
  }

  /** Never throws: every failure becomes `parsed: false` with a reason. */
  analyze(path: string, text: string): FileAnalysis {
    const language = languageForPath(path);
    const lineCount = countLines(text);
    const empty = { path, language, lineCount, definitions: [], references: [], imports: [] };
    if (!language) return { ...empty, parsed: false };
    const skip = skipReason(text, lineCount);
    if (skip) return { ...empty, parsed: false, parseError: skip };
    const loaded = this.loaded.get(language);
    if (!loaded) return { ...empty, parsed: false, parseError: `grammar for ${language} is not loaded` };
    try {
      const { found, syntaxError } = this.extract(loaded, language, text);
      // A tree with ERROR nodes is still used for whatever it recognised; one that yielded
      // no definition and no import is reported as not parsed.
      if (syntaxError !== null && found.definitions.length === 0 && found.imports.length === 0)
        return { path, language, lineCount, parsed: false, parseError: `syntax error at line ${syntaxError}, nothing recognised`, ...found };
      return { path, language, lineCount, parsed: true, ...found };
    } catch (error) {
      return { ...empty, parsed: false, parseError: `tree-sitter failed: ${(error as Error).message ?? String(error)}` };
    }
  }

  /** Frees the parsers, queries and languages (wasm memory). */
  dispose(): void {
    for (const { parser, query } of this.loaded.values()) {
      query?.delete();
      parser.delete();
    }
    this.loaded.clear();
  }

  private extract(
    loaded: LoadedLanguage,
    lang: Language,
    text: string,
  ): { found: Pick<FileAnalysis, 'definitions' | 'references' | 'imports'>; syntaxError: number | null } {
    loaded.query ??= compileQuery(loaded);
    const deadline = Date.now() + PARSE_TIMEOUT_MS;
    const tree = loaded.parser.parse(text, null, {
      // Returning true cancels the parse.
      progressCallback: (() => Date.now() > deadline) as unknown as () => void,
    });
    if (!tree) {
      loaded.parser.reset();
      throw new Error(`parse gave up after ${PARSE_TIMEOUT_MS} ms`);
    }
    try {
      const root = tree.rootNode;
      const found = readMatches(lang, text, loaded.query.matches(root));
      return { found, syntaxError: root.hasError ? firstErrorLine(root) : null };
    } finally {
      tree.delete(); // the wasm heap is not garbage-collected
    }
  }
}

function firstErrorLine(root: Node): number {
  const error = root.descendantsOfType('ERROR')[0];
  return (error ?? root).startPosition.row + 1;
}

function compileQuery(loaded: LoadedLanguage): Query {
  const query = new Query(loaded.language, loaded.querySource);
  // We read doc comments ourselves; the tags' `(comment)* @doc` captures are only cost.
  if (query.captureNames.includes('doc')) query.disableCapture('doc');
  return query;
}

/** Lines in `text`: a final line without a newline counts; an empty file has 0 lines. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.endsWith('\n') ? lines - 1 : lines;
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

interface FoundDefinition {
  definition: Definition;
  /** Character range of the whole definition (outer node), for finding enclosing definitions. */
  start: number;
  end: number;
}

interface FoundReference {
  reference: Reference;
  position: number;
}

/** When one name node is captured as several reference kinds, the most specific wins. */
const REFERENCE_KIND_PRIORITY: Readonly<Record<Reference['kind'], number>> = { call: 3, new: 3, type: 1, reference: 0 };

function readMatches(
  lang: Language,
  text: string,
  matches: QueryMatch[],
): Pick<FileAnalysis, 'definitions' | 'references' | 'imports'> {
  const definitionNodes = new Map<string, { node: Node; nameNode: Node; tagKind: string }>();
  const referenceNodes: { nameNode: Node; refNode: Node; tagKind: string }[] = [];
  const importNodes = new Map<number, Node>();

  for (const match of matches) {
    let nameNode: Node | null = null;
    let defNode: Node | null = null;
    let defKind = '';
    let refNode: Node | null = null;
    let refKind = '';
    for (const capture of match.captures) {
      const name = capture.name;
      if (name === 'name') nameNode = capture.node;
      else if (name === 'import') importNodes.set(capture.node.id, capture.node);
      else if (name.startsWith('definition.')) {
        defNode = capture.node;
        defKind = name.slice(11);
      } else if (name.startsWith('reference.')) {
        refNode = capture.node;
        refKind = name.slice(10);
      }
    }
    if (!nameNode) continue;
    if (defNode) {
      const key = `${defNode.id}:${nameNode.startIndex}`;
      if (!definitionNodes.has(key)) definitionNodes.set(key, { node: defNode, nameNode, tagKind: defKind });
    } else if (refNode) referenceNodes.push({ nameNode, refNode, tagKind: refKind });
  }

  // Definitions.
  const found: FoundDefinition[] = [];
  const definitionNameStarts = new Set<number>();
  for (const { node, nameNode, tagKind } of definitionNodes.values()) {
    const definition = readDefinition(lang, text, node, nameNode, tagKind);
    if (!definition) continue;
    definitionNameStarts.add(nameNode.startIndex);
    found.push(definition);
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  dropRepeatedDefinitions(found);

  // References: one per name node, not the names of definitions themselves.
  const byPosition = new Map<number, FoundReference>();
  const builtins = BUILTIN_TYPES[lang];
  for (const { nameNode, refNode, tagKind } of referenceNodes) {
    const position = nameNode.startIndex;
    if (definitionNameStarts.has(position)) continue;
    if (nameNode.parent?.type === 'type_parameter') continue; // `<T>` introduces, not uses
    if (tagKind === 'type' && nameNode.text.length === 1) continue; // uses of type parameters (`T`)
    if (builtins?.has(nameNode.text)) continue;
    const kind = referenceKind(tagKind, refNode);
    const existing = byPosition.get(position);
    if (existing && REFERENCE_KIND_PRIORITY[existing.reference.kind] >= REFERENCE_KIND_PRIORITY[kind]) continue;
    const name = referenceName(nameNode.text);
    if (!name) continue;
    byPosition.set(position, { position, reference: { name, line: nameNode.startPosition.row + 1, kind } });
  }
  const references = [...byPosition.values()].sort((a, b) => a.position - b.position);
  assignEnclosing(found, references);

  const imports: ImportRef[] = [];
  for (const node of importNodes.values()) imports.push(...importsOf(lang, node));
  imports.sort((a, b) => a.line - b.line);

  return {
    definitions: found.map((f) => f.definition),
    references: references.map((r) => r.reference),
    imports,
  };
}

/**
 * `A.prototype.m = function m() {}` is tagged twice (the assignment and the named function
 * expression). Keep the outer one: same name, same lines.
 */
function dropRepeatedDefinitions(found: FoundDefinition[]): void {
  const seen = new Set<string>();
  let kept = 0;
  for (const f of found) {
    const d = f.definition;
    const key = `${d.name}\u0000${d.startLine}\u0000${d.endLine}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found[kept++] = f;
  }
  found.length = kept;
}

/** Built-in type names: references to them connect nothing in the repository. */
const BUILTIN_TYPES: Partial<Record<Language, ReadonlySet<string>>> = {
  go: new Set(
    'bool string error any byte rune int int8 int16 int32 int64 uint uint8 uint16 uint32 uint64 uintptr float32 float64 complex64 complex128 comparable'.split(' '),
  ),
  python: new Set('str int float bool bytes list dict set tuple object None type'.split(' ')),
  rust: new Set(['Self']),
};

function referenceKind(tagKind: string, refNode: Node): Reference['kind'] {
  if (tagKind === 'call') return 'call';
  if (tagKind === 'new') return 'new';
  if (tagKind === 'class') {
    return refNode.type === 'new_expression' || refNode.type === 'object_creation_expression' ? 'new' : 'type';
  }
  if (tagKind === 'type' || tagKind === 'implementation') return 'type';
  return 'reference';
}

/** `a.b.C` → 'C'; anything that is not a plain name (a call, a parenthesis) → null. */
function referenceName(text: string): string | null {
  const last = text.slice(text.lastIndexOf('.') + 1);
  return /^[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*$/.test(last) ? last : null;
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
        ref.reference.enclosing = def.definition.name;
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
]);

function readDefinition(lang: Language, text: string, node: Node, nameNode: Node, tagKind: string): FoundDefinition | null {
  let name = nameNode.text;
  if (nameNode.type === 'string') name = name.slice(1, -1); // TS `declare module "x"`
  if (!name) return null;
  const outer = outerNode(node);
  const { container, membersAreMethods } = containerOf(node, outer);
  const kind = definitionKind(node, tagKind, name, membersAreMethods && container !== undefined);
  if (!kind) return null;

  // Rust attributes (`#[derive]`) are siblings, not children: they belong to the item.
  let first = outer;
  if (lang === 'rust') {
    for (let prev = first.previousNamedSibling; prev?.type === 'attribute_item'; prev = prev.previousNamedSibling) first = prev;
  }
  const startLine = first.startPosition.row + 1;
  const endPosition = outer.endPosition;
  // A node that ends at column 0 ends with the previous line's newline.
  const endRow = endPosition.column === 0 && endPosition.row > outer.startPosition.row ? endPosition.row - 1 : endPosition.row;

  // Decorators and `export` belong to the range; the signature starts at the keyword.
  const signatureStart = outer.type === 'decorated_definition' ? node.startIndex : outer.startIndex;
  let signature = signatureOf(lang, text, node, signatureStart);
  // A function without a body (overload, abstract, interface member, extern) reads as a declaration.
  if ((kind === 'function' || kind === 'method') && !bodyOf(node) && !signature.endsWith(';'))
    signature = `${signature.slice(0, MAX_SIGNATURE_CHARS - 1)};`;
  const definition: Definition = {
    name,
    kind,
    signature,
    startLine,
    endLine: endRow + 1,
    nameLine: nameNode.startPosition.row + 1,
  };
  if (container !== undefined) definition.container = container;
  const doc = docAbove(first) ?? (lang === 'python' ? pythonDocstring(node) : null);
  if (doc) definition.doc = doc.length > MAX_DOC_CHARS ? doc.slice(0, MAX_DOC_CHARS) : doc;
  return { definition, start: outer.startIndex, end: outer.endIndex };
}

/** The node whose range is the whole definition: with `export`, `declare`, decorators, `const`. */
function outerNode(node: Node): Node {
  let outer = node;
  const parent = outer.parent;
  if (parent) {
    const single = parent.namedChildCount === 1;
    if (outer.type === 'variable_declarator' && single && (parent.type === 'lexical_declaration' || parent.type === 'variable_declaration'))
      outer = parent;
    else if (outer.type === 'assignment_expression' && parent.type === 'expression_statement') outer = parent;
    else if (outer.type === 'assignment' && parent.type === 'expression_statement') outer = parent;
    else if (
      single &&
      ((outer.type === 'type_spec' || outer.type === 'type_alias') && parent.type === 'type_declaration' ||
        outer.type === 'const_spec' && parent.type === 'const_declaration' ||
        outer.type === 'var_spec' && parent.type === 'var_declaration')
    )
      outer = parent;
  }
  if (outer.parent?.type === 'decorated_definition') outer = outer.parent;
  // TS `namespace X {}` at statement level is wrapped in an expression statement.
  if (outer.type === 'internal_module' && outer.parent?.type === 'expression_statement') outer = outer.parent;
  while (outer.parent && (outer.parent.type === 'export_statement' || outer.parent.type === 'ambient_declaration')) outer = outer.parent;
  return outer;
}

function containerOf(node: Node, outer: Node): { container?: string; membersAreMethods: boolean } {
  // Go methods: the receiver's type is the container.
  if (node.type === 'method_declaration') {
    const receiver = node.childForFieldName('receiver');
    if (receiver) {
      const type = firstOfType(receiver, 'type_identifier');
      return { container: type?.text, membersAreMethods: true };
    }
  }
  // `A.prototype.m = function` / `A.m = () =>`: the object is the container.
  if (node.type === 'assignment_expression') {
    const left = node.childForFieldName('left');
    if (left?.type === 'member_expression') {
      let object = left.childForFieldName('object');
      if (object?.type === 'member_expression' && object.childForFieldName('property')?.text === 'prototype')
        object = object.childForFieldName('object');
      const objectText = object?.text;
      if (object && objectText && object.type === 'identifier' && objectText !== 'exports' && objectText !== 'module')
        return { container: objectText, membersAreMethods: true };
    }
  }
  for (let p = outer.parent; p; p = p.parent) {
    if (FUNCTION_SCOPE_TYPES.has(p.type)) return { membersAreMethods: false };
    const methods = CONTAINER_TYPES.get(p.type);
    if (methods === undefined) continue;
    if (p.type === 'object_type') return { membersAreMethods: false }; // an inline `{ m(): void }` type
    const name = p.type === 'impl_item' ? implTypeName(p) : p.childForFieldName('name')?.text;
    if (!name) return { membersAreMethods: methods };
    return { container: /^['"]/.test(name) ? name.slice(1, -1) : name, membersAreMethods: methods };
  }
  return { membersAreMethods: false };
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
  for (const child of node.namedChildren) {
    const hit = child ? firstOfType(child, type) : null;
    if (hit) return hit;
  }
  return null;
}

function definitionKind(node: Node, tagKind: string, name: string, isMember: boolean): DefinitionKind | null {
  switch (node.type) {
    case 'class_declaration':
    case 'class':
    case 'abstract_class_declaration':
    case 'class_definition':
    case 'record_declaration':
      return 'class';
    case 'interface_declaration':
    case 'annotation_type_declaration':
      return 'interface';
    case 'enum_declaration':
    case 'enum_item':
      return 'enum';
    case 'struct_item':
    case 'union_item':
      return 'struct';
    case 'trait_item':
      return 'trait';
    case 'type_alias_declaration':
    case 'type_item':
    case 'type_alias':
      return 'type';
    case 'type_spec': {
      const type = node.childForFieldName('type')?.type;
      return type === 'struct_type' ? 'struct' : type === 'interface_type' ? 'interface' : 'type';
    }
    case 'module':
    case 'mod_item':
      return 'module';
    case 'internal_module':
      return 'namespace';
    case 'macro_definition':
      return 'macro';
    case 'method_definition':
    case 'method_signature':
    case 'abstract_method_signature':
    case 'method_declaration':
    case 'field_definition':
    case 'public_field_definition':
    case 'function_signature_item':
      return 'method';
    case 'function_item':
    case 'function_definition':
    case 'assignment_expression':
      return isMember ? 'method' : 'function';
    case 'variable_declarator': {
      const value = node.childForFieldName('value');
      if (value && FUNCTION_VALUE_TYPES.has(value.type)) return 'function';
      // `const x = require('y')` is an import, not a definition of x.
      if (value?.type === 'call_expression' && value.childForFieldName('function')?.text === 'require') return null;
      return node.parent?.child(0)?.type === 'const' ? 'constant' : 'variable';
    }
    case 'assignment': // Python module-level assignment
      return /^[A-Z][A-Z0-9_]*$/.test(name) ? 'constant' : 'variable';
    case 'const_spec':
    case 'const_item':
    case 'static_item':
      return 'constant';
    case 'var_spec':
      return 'variable';
    default:
      return KIND_BY_TAG[tagKind] ?? null;
  }
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
};

/** The node holding a definition's body, when it has one (the signature stops there). */
function bodyOf(node: Node): Node | null {
  const body = node.childForFieldName('body');
  if (body) return body;
  const value = node.childForFieldName('value') ?? node.childForFieldName('right');
  if (value && FUNCTION_VALUE_TYPES.has(value.type)) return value.childForFieldName('body');
  if (node.type === 'type_spec') {
    const type = node.childForFieldName('type');
    if (type?.type === 'struct_type') return type.namedChild(0);
  }
  return null;
}

/** Definition nodes whose body is a brace block without a `body` field. */
const BRACE_BODY_TYPES = new Set(['type_spec', 'macro_definition']);

function signatureOf(lang: Language, text: string, node: Node, start: number): string {
  const body = bodyOf(node);
  let end = body ? body.startIndex : node.endIndex;
  // Without a body field (Go interfaces, macros…), a type-like declaration stops at its first brace.
  if (!body && (BRACE_BODY_TYPES.has(node.type) || end - start > MAX_SIGNATURE_CHARS)) {
    const brace = text.indexOf('{', node.startIndex);
    if (brace !== -1 && brace < end) end = brace;
  }
  // Collapsing never lengthens: a bounded slice is enough.
  let signature = text.slice(start, Math.min(end, start + MAX_SIGNATURE_CHARS * 4)).replace(/\s+/g, ' ').trim();
  if (lang === 'python' && signature.endsWith(':')) signature = signature.slice(0, -1).trimEnd();
  return signature.length > MAX_SIGNATURE_CHARS ? signature.slice(0, MAX_SIGNATURE_CHARS) : signature;
}

const isComment = (node: Node | null): node is Node => !!node && node.type.endsWith('comment');

/** Comments directly above `node` (no blank line, not trailing another statement), raw text. */
function docAbove(node: Node): string | null {
  let prev = node.previousNamedSibling;
  if (!isComment(prev) || prev.endPosition.row < node.startPosition.row - 1) return null;
  const parts: Node[] = [];
  let expectedRow = node.startPosition.row;
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
  return doc.trim() ? doc : null;
}

function pythonDocstring(node: Node): string | null {
  const first = node.childForFieldName('body')?.namedChild(0);
  if (first?.type !== 'expression_statement') return null;
  const string = first.namedChild(0);
  return string?.type === 'string' ? string.text : null;
}
