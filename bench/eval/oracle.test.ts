import { describe, expect, it } from 'vitest';
import { firstSentence, TsOracle } from './oracle';

const files = [
  {
    path: 'src/math.ts',
    text: [
      '/** Adds two numbers. Second sentence. */',
      'export function add(a: number, b: number): number;',
      'export function add(a: string, b: string): string;',
      'export function add(a: any, b: any) { return a + b; }',
      'export interface Shape { area(): number }',
      'export const ERROR = "Shape must have a positive area";',
    ].join('\n'),
  },
  { path: 'src/use.ts', text: "import { add } from './math';\nexport const three = add(1, 2);\n" },
  { path: 'src/reexport.ts', text: "export { add } from './math';\nexport * from './use';\n" },
  {
    path: 'src/circle.ts',
    text: "import type { Shape } from './math';\n/** Uses {@link add}. */\nexport class Circle implements Shape { area() { return 3; } }\n",
  },
  { path: 'src/app.ts', text: "import { three } from './use';\nconsole.log(three, 'app');\n" },
];

describe('TsOracle', () => {
  const oracle = new TsOracle(files);
  const decls = oracle.declarations();

  it('finds declarations with their lines, grouping overloads and reading the first doc sentence', () => {
    const add = decls.filter((d) => d.name === 'add');
    expect(add).toHaveLength(1);
    expect(add[0]).toMatchObject({
      kind: 'function',
      path: 'src/math.ts',
      startLine: 2,
      endLine: 4,
      nameLines: [2, 3, 4],
      docSentence: 'Adds two numbers.',
    });
    expect(decls.find((d) => d.name === 'Shape')).toMatchObject({ kind: 'interface', startLine: 5 });
    expect(decls.find((d) => d.name === 'area' && d.container === 'Circle')).toMatchObject({
      kind: 'method',
      path: 'src/circle.ts',
    });
    expect(decls.find((d) => d.name === 'ERROR')).toMatchObject({ kind: 'variable' });
  });

  it('counts a file as a user only for real uses: not the declaration, import or export lists, or doc links', () => {
    const add = decls.find((d) => d.name === 'add')!;
    expect(oracle.referencingFiles(add)).toEqual(['src/use.ts']);
    const shape = decls.find((d) => d.name === 'Shape')!;
    expect(oracle.referencingFiles(shape)).toEqual(['src/circle.ts']);
  });

  it('resolves imports and re-exports to corpus files', () => {
    const imports = oracle.imports();
    expect([...imports.get('src/reexport.ts')!].sort()).toEqual(['src/math.ts', 'src/use.ts']);
    expect([...imports.get('src/app.ts')!]).toEqual(['src/use.ts']);
  });

  it('lists string literals but not module specifiers', () => {
    const texts = oracle.stringLiterals().map((s) => s.text);
    expect(texts).toContain('Shape must have a positive area');
    expect(texts).toContain('app');
    expect(texts).not.toContain('./math');
  });
});

describe('firstSentence', () => {
  it('stops at the first sentence end, not at abbreviations, and unwraps links and code', () => {
    expect(firstSentence('Returns true if `x` is plain, i.e. a POJO. More.')).toBe(
      'Returns true if x is plain, i.e. a POJO.',
    );
    expect(firstSentence('Calls {@link Store.dispatch} once.\n\nDetails.')).toBe('Calls Store.dispatch once.');
    expect(firstSentence('No period here')).toBe('No period here');
  });
});
