import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';
import { SameText } from './same-text';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
});
afterAll(() => analyzer.dispose());

/** Whether the second path takes the first one's analysis, and that this is what its own parse gives when it does. */
function shared(text: string, first: string, second: string): boolean {
  const sameText = new SameText<string>();
  sameText.of(text, first, text, () => first);
  const { value, first: own } = sameText.of(text, second, text, () => second);
  if (!own) expect({ ...analyzer.analyze(value, text), path: second }).toEqual(analyzer.analyze(second, text));
  return !own;
}

describe('SameText', () => {
  it('shares a text between paths unless its file names one of its definitions', () => {
    // A locale's declaration file, repeated per locale: `export default` of a name names nothing by the file.
    const locale =
      "import type { Locale } from '.';\ndeclare const localeValues: Locale;\nexport default localeValues;\n";
    expect(shared(locale, 'antd/es/locale/ar_EG.d.ts', 'antd/es/locale/hy_AM.d.ts')).toBe(true);
    const emitter = 'export function mitt() {\n  return {};\n}\n';
    expect(shared(emitter, 'dist/esm/index.js', 'dist/cjs/index.js')).toBe(true);

    // Named by the file: an anonymous default export (a comment between the words too), CommonJS's one function.
    const add = 'export /* the sum */ default function (a, b) {\n  return a + b;\n}\n';
    expect(analyzer.analyze('add.js', add).definitions.map((d) => d.name)).toEqual(['add']);
    expect(shared(add, 'add.js', 'sum.js')).toBe(false);
    expect(shared(add, 'add/index.js', 'lib/add.js')).toBe(true); // one name by both paths
    const chained = 'module.exports = exports = function (req) {\n  return req;\n};\n';
    expect(analyzer.analyze('left.js', chained).definitions.map((d) => d.name)).toContain('left');
    expect(shared(chained, 'left.js', 'right.js')).toBe(false);

    // Comments after `export` and no default: read in one pass (a comment read two ways would take ages), shared.
    const commented = `export ${'/* a */ // b\n'.repeat(40)}const x = 1;\n`;
    expect(shared(commented, 'a.js', 'b.js')).toBe(true);

    // One text, two languages: C in a `.c` file, C++ by its text in a header.
    const point = 'class Point {\npublic:\n  int x;\n};\n';
    expect(shared(point, 'geo/point.c', 'geo/point.h')).toBe(false);
    expect(shared(point, 'geo/point.h', 'vendor/point.h')).toBe(true);
  });
});
