import { describe, expect, it } from 'vitest';
import type { LoadedCorpus } from './corpora';
import { generateQueries } from './queries';

const files = [
  {
    path: 'src/store.ts',
    text: [
      "import { clampValue } from './math';",
      '/** Creates a store that holds the whole state tree of the app. */',
      'export function createStoreHolder(initial: number) {',
      '  if (initial < 0) throw new Error("Initial state must not be negative");',
      '  return { value: clampValue(initial) };',
      '}',
    ].join('\n'),
  },
  {
    path: 'src/math.ts',
    text: '/** Clamps a number into the allowed range of values. */\nexport function clampValue(n: number) { return Math.min(n, 10); }\n',
  },
  {
    path: 'src/view.ts',
    text: "import { clampValue } from './math';\nimport { createStoreHolder } from './store';\nexport const shown = clampValue(createStoreHolder(1).value);\n",
  },
  { path: 'src/app.ts', text: "import { shown } from './view';\nexport const app = shown;\n" },
];
const corpus = {
  spec: { name: 'tiny', pkg: 'tiny', version: '0.0.0' },
  dir: '',
  blankDir: '',
  files,
  blankFiles: files,
  fingerprint: 'f',
} as LoadedCorpus;

describe('generateQueries', () => {
  const queries = generateQueries(corpus, 4);

  it('is deterministic', () => {
    expect(generateQueries(corpus, 4)).toEqual(queries);
  });

  it('labels definitions with the declaring file and lines', () => {
    const def = queries.find((q) => q.intent === 'find_definition' && q.subject === 'clampValue')!;
    expect(def.truth).toEqual([{ path: 'src/math.ts', grade: 2, startLine: 2, endLine: 2, nameLines: [2] }]);
    expect(def.query).toContain('clampValue');
  });

  it('labels references with the using files and impact with their importers at grade 1', () => {
    const named = queries.filter(
      (q) => q.subject === 'clampValue' && (q.intent === 'find_references' || q.intent === 'impact_analysis'),
    );
    expect(named).toHaveLength(1); // references and impact ask about different names
    const q = named[0];
    const users = q.truth.filter((t) => t.grade === 2).map((t) => t.path);
    expect(users).toEqual(['src/store.ts', 'src/view.ts']);
    if (q.intent === 'impact_analysis')
      expect(q.truth.filter((t) => t.grade === 1).map((t) => t.path)).toEqual(['src/app.ts']);
  });

  it('labels literals with the files containing them, and doc sentences with their function', () => {
    const exact = queries.find((q) => q.intent === 'exact_match')!;
    expect(exact.subject).toBe('Initial state must not be negative');
    expect(exact.truth.map((t) => t.path)).toEqual(['src/store.ts']);
    const und = queries.filter((q) => q.intent === 'understand_code').map((q) => [q.query, q.truth[0].path]);
    expect(und).toContainEqual(['Creates a store that holds the whole state tree of the app', 'src/store.ts']);
  });
});
