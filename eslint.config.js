// ESLint flat config: the project's rules. Formatting is Prettier's job (.prettierrc.json); nothing here
// is about layout. The layer rule is also checked without ESLint by src/layers.test.ts.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import browserOnlyGlobals from './browser-only-globals.json' with { type: 'json' };

/** Tests and their helpers (`*.suite.ts`: a suite shared by several tests): Node APIs allowed, no length limit. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.suite.ts', 'e2e/**', 'test/**'];

/** Node's builtins without the `node:` prefix (`fs`, `fs/promises`); the `node:*` pattern below takes the rest. */
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('node:'));

/** Packages that only load in Node (native addons). */
const NODE_ONLY_PACKAGES = ['onnxruntime-node'];

const nodeBuiltins = {
  paths: NODE_BUILTINS.map((name) => ({ name, message: 'a Node builtin: this layer also runs in the browser.' })),
  patterns: [{ group: ['node:*'], message: 'a Node builtin: this layer also runs in the browser.' }],
};
const nodeOnly = NODE_ONLY_PACKAGES.map((name) => ({
  name,
  message: 'Node only (native addon): this layer also runs in the browser.',
}));
const react = [
  { name: 'react', message: 'React belongs to src/ui.' },
  { name: 'react-dom', message: 'React belongs to src/ui.' },
];
const reactSubpaths = { group: ['react/*', 'react-dom/*'], message: 'React belongs to src/ui.' };

/** A relative import that reaches `layer` (src/<layer> or workers) from anywhere below it. */
function layerPattern(layers, message) {
  return { regex: `^(\\.\\./)+(src/)?(${layers.join('|')})(/|$)`, message };
}

/** The same specifiers through `import()`, which no-restricted-imports does not see. */
function dynamicImports(regex, message) {
  return { selector: `ImportExpression > Literal.source[value=/${regex}/]`, message };
}

// Production code may not use these browser-only globals where it must also run in Node.
const DOM_GLOBALS = browserOnlyGlobals.map((name) => ({
  name,
  message: 'a browser-only global: src/engine also runs in Node (pass it in from src/browser).',
}));

const nodeBuiltinRegex = `^(node:|(${NODE_BUILTINS.join('|').replace(/\//g, '\\/')})(\\/|$))`;

export default defineConfig([
  globalIgnores([
    'node_modules/',
    'dist/',
    'dist-cli/',
    '.cache/',
    'bench/out/',
    'public/',
    'e2e/fixtures/',
    'src/engine/semantic/fixtures/',
    'src/engine/structural/fixtures/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    name: 'fourfold/all',
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-nested-ternary': 'error',
      // Kept: unused code is a real finding. `_name` marks a parameter or binding kept on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // Globals for the few plain .js files (TypeScript checks names in .ts/.tsx, where no-undef is off).
  { name: 'fourfold/node-js', files: ['bin/**/*.js', '*.js'], languageOptions: { globals: globals.node } },
  {
    // vite.config.ts prepends `const VERSION` and `const PRECACHE` when it writes dist/sw.js; the file's own
    // `/* global */` comment names some service-worker globals again, which is not a redeclaration.
    name: 'fourfold/service-worker',
    files: ['src/browser/service-worker.js'],
    languageOptions: { globals: { ...globals.serviceworker, VERSION: 'readonly', PRECACHE: 'readonly' } },
    rules: { 'no-redeclare': ['error', { builtinGlobals: false }] },
  },

  {
    name: 'fourfold/function-length',
    files: ['src/**/*.{ts,tsx,js}', 'workers/**/*.{ts,js}'],
    ignores: TESTS,
    rules: {
      // Lines of code: blank lines and comments do not count, so documenting a function never pushes it over.
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },

  // The layer rule. Each block below is the whole no-restricted-imports setting for its files.
  {
    name: 'fourfold/layers/engine',
    files: ['src/engine/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltins.paths, ...nodeOnly, ...react],
          patterns: [
            ...nodeBuiltins.patterns,
            reactSubpaths,
            layerPattern(
              ['browser', 'node', 'ui', 'workers'],
              'src/engine imports only src/engine and packages that run in both the browser and Node.',
            ),
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        dynamicImports(nodeBuiltinRegex, 'a Node builtin: src/engine also runs in the browser.'),
        dynamicImports('^(react|react-dom)(\\/|$)', 'React belongs to src/ui.'),
        dynamicImports('^(\\.\\.\\/)+(src\\/)?(browser|node|ui|workers)(\\/|$)', 'src/engine imports only src/engine.'),
      ],
      'no-restricted-globals': ['error', ...DOM_GLOBALS],
    },
  },
  {
    name: 'fourfold/layers/browser',
    files: ['src/browser/**/*.{ts,tsx,js}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeOnly, ...react],
          patterns: [
            reactSubpaths,
            layerPattern(['node', 'ui'], 'src/browser may import src/engine, not src/node or src/ui.'),
          ],
        },
      ],
    },
  },
  {
    name: 'fourfold/layers/ui',
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: nodeOnly, patterns: [layerPattern(['node'], 'src/ui may not import src/node.')] },
      ],
    },
  },
  {
    name: 'fourfold/layers/workers',
    files: ['workers/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltins.paths, ...nodeOnly, ...react],
          patterns: [
            ...nodeBuiltins.patterns,
            reactSubpaths,
            layerPattern(['node', 'ui'], 'workers import src/engine and src/browser only.'),
          ],
        },
      ],
    },
  },

  {
    name: 'fourfold/react-hooks',
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Stale closures are bugs: an error, not a warning that `eslint .` lets pass.
      'react-hooks/exhaustive-deps': 'error',
      // Off: two React Compiler rules (the app does not use the compiler) that reject deliberate patterns here: a
      // ref that holds the latest value, assigned during render (16 reports), and state reset by an effect when a
      // prop changes (10 reports). Neither is a bug without the compiler.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
]);
