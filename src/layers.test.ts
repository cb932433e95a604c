/**
 * The layer rule, checked without ESLint: src/engine runs in the browser, in workers and in Node, so its code
 * (tests and `*.suite.ts` helpers aside) imports nothing from another layer (src/browser, src/node, src/ui,
 * workers, or anything else outside src/engine), no React, no Node builtin or Node-only package, and uses no
 * browser-only global. Each finding names the file and line. eslint.config.js states the same rule for the editor.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import browserOnlyGlobals from '../browser-only-globals.json';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENGINE = join(ROOT, 'src', 'engine');

/** Globals that exist in a page or a worker but not in Node (one list, shared with eslint.config.js). */
const BROWSER_ONLY_GLOBALS = new Set<string>(browserOnlyGlobals);

/** npm packages that only load in Node (native addons). */
const NODE_ONLY_PACKAGES = new Set(['onnxruntime-node']);

const NODE_BUILTINS = new Set(builtinModules.map((name) => name.replace(/^node:/, '')));

/** Non-test .ts/.tsx files under `dir`, fixtures folders aside. */
function productionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'fixtures' && entry.name !== 'node_modules') out.push(...productionFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|suite)\.tsx?$/.test(entry.name)) {
      out.push(full);
    }
  }
  return out.sort();
}

/** Why `specifier`, imported from `file`, crosses the engine's boundary; null when it does not. */
function importProblem(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) {
    const target = resolve(dirname(file), specifier);
    if (target === ENGINE || target.startsWith(ENGINE + sep)) return null;
    const where = relative(ROOT, target).split(sep).join('/');
    const layer = ['src/browser', 'src/node', 'src/ui', 'workers'].find(
      (l) => where === l || where.startsWith(`${l}/`),
    );
    return layer ? `imports ${layer} ('${specifier}')` : `imports ${where}, outside src/engine ('${specifier}')`;
  }
  const bare = specifier.replace(/^node:/, '');
  if (specifier.startsWith('node:') || NODE_BUILTINS.has(bare) || NODE_BUILTINS.has(bare.split('/')[0])) {
    return `imports the Node builtin '${specifier}'`;
  }
  if (/^react(-dom)?(\/|$)/.test(specifier)) return `imports React ('${specifier}')`;
  const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  if (NODE_ONLY_PACKAGES.has(pkg)) return `imports the Node-only package '${specifier}'`;
  return null;
}

/** Module specifiers a file loads: static and type imports, re-exports, `import()`, `require()`, `import x = require()`. */
function specifiersOf(node: ts.Node): ts.StringLiteralLike | undefined {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
    return ts.isStringLiteralLike(node.moduleSpecifier) ? node.moduleSpecifier : undefined;
  }
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
    const expression = node.moduleReference.expression;
    return ts.isStringLiteralLike(expression) ? expression : undefined;
  }
  if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
    const callee = node.expression;
    if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) {
      return node.arguments[0];
    }
  }
  if (
    ts.isImportTypeNode(node) &&
    ts.isLiteralTypeNode(node.argument) &&
    ts.isStringLiteralLike(node.argument.literal)
  ) {
    return node.argument.literal;
  }
  return undefined;
}

/** Names bound by a binding name (`a`, `{a, b: c}`, `[a, ...b]`). */
function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));
}

/** Names a statement declares in the block or file that holds it. */
function declaredBy(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((d) => boundNames(d.name));
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause) return [];
    const names = clause.name ? [clause.name.text] : [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => e.name.text));
    return names;
  }
  if (ts.isImportEqualsDeclaration(statement)) return [statement.name.text];
  if (
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isModuleDeclaration(statement)
  ) {
    return statement.name && ts.isIdentifier(statement.name) ? [statement.name.text] : [];
  }
  return [];
}

/** Names declared directly in a scope-making node (a file, block, function, catch clause, for loop or class). */
function declaredIn(scope: ts.Node): string[] {
  if (ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isModuleBlock(scope))
    return scope.statements.flatMap(declaredBy);
  if (ts.isCaseBlock(scope)) return scope.clauses.flatMap((clause) => clause.statements.flatMap(declaredBy));
  if (ts.isCatchClause(scope)) return scope.variableDeclaration ? boundNames(scope.variableDeclaration.name) : [];
  if (ts.isForStatement(scope) || ts.isForInStatement(scope) || ts.isForOfStatement(scope)) {
    const init = scope.initializer;
    return init && ts.isVariableDeclarationList(init) ? init.declarations.flatMap((d) => boundNames(d.name)) : [];
  }
  if (ts.isFunctionLike(scope)) {
    const own = ts.isFunctionExpression(scope) && scope.name ? [scope.name.text] : [];
    const typeParameters = (scope.typeParameters ?? []).map((p) => p.name.text);
    return [...own, ...typeParameters, ...scope.parameters.flatMap((p) => boundNames(p.name))];
  }
  if (ts.isClassLike(scope) || ts.isInterfaceDeclaration(scope) || ts.isTypeAliasDeclaration(scope)) {
    return (scope.typeParameters ?? []).map((p) => p.name.text);
  }
  return [];
}

/** True when `id` names something (a property, a declaration, a label) rather than reading a variable or type. */
function isNameNotReference(id: ts.Identifier): boolean {
  const parent = id.parent as ts.Node & { name?: ts.Node; propertyName?: ts.Node; label?: ts.Node };
  if (ts.isShorthandPropertyAssignment(parent)) return false; // `{ window }` reads `window`
  if (parent.name === id || parent.propertyName === id || parent.label === id) return true;
  return ts.isQualifiedName(parent) && parent.right === id;
}

/** True when a scope around `id` declares its name (a local `window` is not the global). */
function isShadowed(id: ts.Identifier): boolean {
  for (let node: ts.Node | undefined = id.parent; node; node = node.parent) {
    if (declaredIn(node).includes(id.text)) return true;
  }
  return false;
}

/** Every layer-rule finding in one file's text, as `line: what`. */
function problemsIn(file: string, text: string): { line: number; what: string }[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: { line: number; what: string }[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    const specifier = specifiersOf(node);
    const problem = specifier && importProblem(file, specifier.text);
    if (problem) found.push({ line: lineOf(specifier), what: problem });
    if (
      ts.isIdentifier(node) &&
      BROWSER_ONLY_GLOBALS.has(node.text) &&
      !isNameNotReference(node) &&
      !isShadowed(node)
    ) {
      found.push({ line: lineOf(node), what: `uses the browser-only global '${node.text}'` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('layers: src/engine runs in the browser, in workers and in Node', () => {
  it('imports no other layer, React or Node builtin, and uses no browser-only global', () => {
    const files = productionFiles(ENGINE);
    expect(files.length).toBeGreaterThan(40);
    const problems = files.flatMap((file) =>
      problemsIn(file, readFileSync(file, 'utf8')).map(
        ({ line, what }) => `${relative(ROOT, file).split(sep).join('/')}:${line} ${what}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it('the check itself finds what it looks for, and only that', () => {
    const file = join(ENGINE, 'semantic', 'example.ts');
    const text = [
      "import { createServer } from 'node:http';",
      "import { readFile } from 'fs/promises';",
      "import type { SearchView } from '../../browser/protocol';",
      "export { run } from '../../node/cli';",
      "import { useState } from 'react';",
      "const pool = require('../../../workers/parse.worker');",
      'const ort = await import("onnxruntime-node");',
      "type T = import('../../ui/app').Props;",
      "import { fuse } from '../fuse';",
      "import { Parser } from 'web-tree-sitter';",
      'export function f(el: HTMLElement) {',
      '  const window = 3;',
      '  const g = globalThis as { document?: unknown };',
      '  return [window, g.document, document.title, localStorage, { navigator }, x.indexedDB];',
      '}',
      'function h(self: number) { return self; }',
    ].join('\n');
    expect(problemsIn(file, text)).toEqual([
      { line: 1, what: "imports the Node builtin 'node:http'" },
      { line: 2, what: "imports the Node builtin 'fs/promises'" },
      { line: 3, what: "imports src/browser ('../../browser/protocol')" },
      { line: 4, what: "imports src/node ('../../node/cli')" },
      { line: 5, what: "imports React ('react')" },
      { line: 6, what: "imports workers ('../../../workers/parse.worker')" },
      { line: 7, what: "imports the Node-only package 'onnxruntime-node'" },
      { line: 8, what: "imports src/ui ('../../ui/app')" },
      { line: 11, what: "uses the browser-only global 'HTMLElement'" },
      { line: 14, what: "uses the browser-only global 'document'" },
      { line: 14, what: "uses the browser-only global 'localStorage'" },
      { line: 14, what: "uses the browser-only global 'navigator'" },
    ]);
  });
});
