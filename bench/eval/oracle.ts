/**
 * The independent oracle: the TypeScript compiler's own language service over an in-memory
 * copy of a corpus. Everything the evaluation calls "truth" comes from here (declarations,
 * find-references, resolved imports, string literals, doc comments) and never from
 * Fourfold's own parsers.
 */
import ts from 'typescript';
import type { CorpusFile } from './corpora';
import { scriptKindFor } from './blank';

/** Virtual folder the corpus lives in, for the compiler. */
const ROOT = '/corpus';

export type DeclarationKind =
  'function' | 'class' | 'interface' | 'type' | 'enum' | 'method' | 'namespace' | 'variable' | 'property';

/** One named declaration; overloads of one function or method are a single declaration. */
export interface OracleDeclaration {
  name: string;
  kind: DeclarationKind;
  path: string;
  /** Enclosing class/interface/namespace name. */
  container?: string;
  /** Lines of the declaration (1-based, inclusive, doc comment excluded). */
  startLine: number;
  endLine: number;
  /** Line of each name token (several for overloads). */
  nameLines: number[];
  /** Character offset of the first name token (for find-references). */
  namePos: number;
  /** First sentence of the doc comment, cleaned, when there is one. */
  docSentence?: string;
}

export interface StringLiteralSite {
  text: string;
  path: string;
  line: number;
}

/** Uses excluded from "references": the declaration itself and import/export lists. */
const NON_USE_PARENTS = new Set([
  ts.SyntaxKind.ImportSpecifier,
  ts.SyntaxKind.ImportClause,
  ts.SyntaxKind.NamespaceImport,
  ts.SyntaxKind.ImportEqualsDeclaration,
  ts.SyntaxKind.ExportSpecifier,
  ts.SyntaxKind.ExportAssignment,
  ts.SyntaxKind.NamespaceExport,
]);

export class TsOracle {
  private readonly files = new Map<string, string>();
  private readonly options: ts.CompilerOptions;
  private readonly service: ts.LanguageService;
  private program: ts.Program | null = null;

  constructor(corpus: readonly CorpusFile[], paths?: Record<string, string[]>) {
    for (const f of corpus) if (/\.(ts|tsx|mts|cts)$/.test(f.path)) this.files.set(`${ROOT}/${f.path}`, f.text);
    this.options = {
      target: ts.ScriptTarget.ESNext,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      // No lib and no @types: only the corpus's own symbols matter, and it keeps the checker fast.
      noLib: true,
      types: [],
      allowImportingTsExtensions: true,
      noEmit: true,
      ...(paths ? { baseUrl: ROOT, paths } : {}),
    };
    const fileNames = [...this.files.keys()];
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => this.options,
      getScriptFileNames: () => fileNames,
      getScriptVersion: () => '1',
      getScriptSnapshot: (name) => {
        const text = this.files.get(name);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getScriptKind: (name) => scriptKindFor(name),
      getCurrentDirectory: () => ROOT,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: (name) => this.files.has(name),
      readFile: (name) => this.files.get(name),
      directoryExists: (dir) => {
        const prefix = dir.endsWith('/') ? dir : `${dir}/`;
        for (const k of this.files.keys()) if (k.startsWith(prefix)) return true;
        return false;
      },
      getDirectories: () => [],
    };
    this.service = ts.createLanguageService(host, ts.createDocumentRegistry());
  }

  private get prog(): ts.Program {
    this.program ??= this.service.getProgram() ?? null;
    if (!this.program) throw new Error('the language service produced no program');
    return this.program;
  }

  private sourceFiles(): ts.SourceFile[] {
    return [...this.files.keys()]
      .map((name) => this.prog.getSourceFile(name))
      .filter((sf): sf is ts.SourceFile => !!sf);
  }

  /** Every named declaration of the corpus (functions, classes, interfaces, types, enums, methods, variables, properties). */
  declarations(): OracleDeclaration[] {
    const out: OracleDeclaration[] = [];
    for (const sf of this.sourceFiles()) {
      const path = relativePath(sf.fileName);
      const grouped = new Map<string, OracleDeclaration>();
      const add = (node: ts.Node, nameNode: ts.Node, kind: DeclarationKind, container?: string) => {
        const name = nameNode.getText(sf);
        const nameLine = lineOf(sf, nameNode.getStart(sf));
        const startLine = lineOf(sf, node.getStart(sf));
        const endLine = lineOf(sf, node.getEnd());
        // Overloads (and get/set pairs) of one function or method are one declaration.
        const key = `${kind === 'function' || kind === 'method' ? kind : `${kind}#${node.pos}`}\u0000${container ?? ''}\u0000${name}`;
        const existing = grouped.get(key);
        if (existing) {
          existing.startLine = Math.min(existing.startLine, startLine);
          existing.endLine = Math.max(existing.endLine, endLine);
          existing.nameLines.push(nameLine);
          existing.docSentence ??= docSentence(node);
          return;
        }
        const decl: OracleDeclaration = {
          name,
          kind,
          path,
          startLine,
          endLine,
          nameLines: [nameLine],
          namePos: nameNode.getStart(sf),
        };
        if (container) decl.container = container;
        const doc = docSentence(node);
        if (doc) decl.docSentence = doc;
        grouped.set(key, decl);
        out.push(decl);
      };
      const visit = (node: ts.Node, container?: string) => {
        let inner = container;
        if (ts.isFunctionDeclaration(node) && node.name) add(node, node.name, 'function', container);
        else if (ts.isClassDeclaration(node) && node.name) {
          add(node, node.name, 'class', container);
          inner = node.name.text;
        } else if (ts.isInterfaceDeclaration(node)) {
          add(node, node.name, 'interface', container);
          inner = node.name.text;
        } else if (ts.isTypeAliasDeclaration(node)) add(node, node.name, 'type', container);
        else if (ts.isEnumDeclaration(node)) add(node, node.name, 'enum', container);
        else if (ts.isModuleDeclaration(node) && ts.isIdentifier(node.name)) {
          add(node, node.name, 'namespace', container);
          inner = node.name.text;
        } else if (
          (ts.isMethodDeclaration(node) ||
            ts.isMethodSignature(node) ||
            ts.isGetAccessor(node) ||
            ts.isSetAccessor(node)) &&
          isPlainName(node.name)
        ) {
          add(node, node.name, 'method', container);
        } else if ((ts.isPropertyDeclaration(node) || ts.isPropertySignature(node)) && isPlainName(node.name)) {
          const init = ts.isPropertyDeclaration(node) ? node.initializer : undefined;
          add(node, node.name, init && isFunctionExpression(init) ? 'method' : 'property', container);
        } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
          // `const f = () => …` is a function to anyone searching for it; its doc sits on the statement.
          const statement = node.parent?.parent;
          const target =
            statement && ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1
              ? statement
              : node;
          add(
            target,
            node.name,
            node.initializer && isFunctionExpression(node.initializer) ? 'function' : 'variable',
            container,
          );
        }
        ts.forEachChild(node, (child) => visit(child, inner));
      };
      visit(sf);
    }
    return out;
  }

  /**
   * Files that use the declaration: find-references, minus the declaration itself, import
   * lists, export lists and re-exports, and mentions inside doc comments.
   */
  referencingFiles(decl: OracleDeclaration): string[] {
    const fileName = `${ROOT}/${decl.path}`;
    const symbols = this.service.findReferences(fileName, decl.namePos) ?? [];
    const files = new Set<string>();
    for (const symbol of symbols) {
      for (const ref of symbol.references) {
        if (ref.isDefinition) continue;
        const sf = this.prog.getSourceFile(ref.fileName);
        if (!sf) continue;
        const node = identifierAt(sf, ref.textSpan.start);
        if (!node || node.text !== decl.name) continue;
        if (node.parent && NON_USE_PARENTS.has(node.parent.kind)) continue;
        if (node.parent && isDeclarationName(node)) continue;
        files.add(relativePath(ref.fileName));
      }
    }
    return [...files].sort();
  }

  /** Resolved import edges inside the corpus: file → the corpus files it imports or re-exports from. */
  imports(): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    const host: ts.ModuleResolutionHost = {
      fileExists: (n) => this.files.has(n),
      readFile: (n) => this.files.get(n),
      directoryExists: () => true,
    };
    for (const sf of this.sourceFiles()) {
      const from = relativePath(sf.fileName);
      const targets = new Set<string>();
      for (const specifier of moduleSpecifiers(sf)) {
        const resolved = ts.resolveModuleName(specifier, sf.fileName, this.options, host).resolvedModule;
        if (resolved && this.files.has(resolved.resolvedFileName)) targets.add(relativePath(resolved.resolvedFileName));
      }
      targets.delete(from);
      out.set(from, targets);
    }
    return out;
  }

  /** Every string literal that is not a module specifier, with where it occurs. */
  stringLiterals(): StringLiteralSite[] {
    const out: StringLiteralSite[] = [];
    for (const sf of this.sourceFiles()) {
      const path = relativePath(sf.fileName);
      const visit = (node: ts.Node) => {
        if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isModuleSpecifier(node)) {
          out.push({ text: node.text, path, line: lineOf(sf, node.getStart(sf)) });
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
    return out;
  }
}

function relativePath(fileName: string): string {
  return fileName.startsWith(`${ROOT}/`) ? fileName.slice(ROOT.length + 1) : fileName;
}

function lineOf(sf: ts.SourceFile, pos: number): number {
  return sf.getLineAndCharacterOfPosition(pos).line + 1;
}

function isPlainName(name: ts.Node): name is ts.Identifier | ts.PrivateIdentifier {
  return ts.isIdentifier(name) || ts.isPrivateIdentifier(name);
}

function isFunctionExpression(node: ts.Node): boolean {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

function isDeclarationName(node: ts.Identifier): boolean {
  const p = node.parent as ts.Node & { name?: ts.Node };
  return (
    p.name === node &&
    (ts.isFunctionDeclaration(p) ||
      ts.isClassDeclaration(p) ||
      ts.isInterfaceDeclaration(p) ||
      ts.isTypeAliasDeclaration(p) ||
      ts.isEnumDeclaration(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isMethodSignature(p))
  );
}

/** The identifier whose text starts at `pos`, found by descending the AST (doc comments are not visited). */
function identifierAt(sf: ts.SourceFile, pos: number): ts.Identifier | null {
  let found: ts.Identifier | null = null;
  const visit = (node: ts.Node) => {
    if (found || pos < node.pos || pos >= node.end) return;
    if (ts.isIdentifier(node) && node.getStart(sf) === pos) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function isModuleSpecifier(node: ts.Node): boolean {
  const p = node.parent;
  if (!p) return false;
  if ((ts.isImportDeclaration(p) || ts.isExportDeclaration(p)) && p.moduleSpecifier === node) return true;
  if (ts.isExternalModuleReference(p)) return true;
  if (ts.isLiteralTypeNode(p) && p.parent && ts.isImportTypeNode(p.parent)) return true;
  if (
    ts.isCallExpression(p) &&
    (p.expression.kind === ts.SyntaxKind.ImportKeyword ||
      (ts.isIdentifier(p.expression) && p.expression.text === 'require'))
  )
    return true;
  if (ts.isModuleDeclaration(p)) return true;
  return false;
}

function moduleSpecifiers(sf: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) && isModuleSpecifier(node) && !ts.isModuleDeclaration(node.parent))
      out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** First sentence of the node's JSDoc, links and backticks unwrapped, whitespace collapsed. */
export function docSentence(node: ts.Node): string | undefined {
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc;
  if (!docs || docs.length === 0) return undefined;
  const raw = ts.getTextOfJSDocComment(docs[docs.length - 1].comment);
  if (!raw) return undefined;
  return firstSentence(raw);
}

export function firstSentence(comment: string): string | undefined {
  const text = comment
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)(?:[|\s]([^}]*))?\}/g, (_m, target: string, label?: string) =>
      label?.trim() ? label.trim() : target,
    )
    .split(/\n\s*\n/)[0]
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // A sentence ends at . ! or ? followed by a capital (or the end), but not after "e.g." / "i.e.".
  const end = /[.!?](?=\s+[A-Z(]|\s*$)/g;
  let match: RegExpExecArray | null;
  while ((match = end.exec(text))) {
    if (/\b(e\.g|i\.e|etc|vs)\.$/i.test(text.slice(0, match.index + 1))) continue;
    return text.slice(0, match.index + 1).trim() || undefined;
  }
  return text || undefined;
}
