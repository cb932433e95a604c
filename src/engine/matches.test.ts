/**
 * The doc line of an understand answer's matching lines: the first worded line of the shown
 * definition's own doc, never a neighbour's that opens with the same words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileAnalysis } from './contract';
import type { CorpusFile } from './modality';
import { nodeGrammars } from '../node/grammars';
import { StructuralAnalyzer } from './structural/analyzer';
import { fileMatches, type MatchRule } from './matches';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const fileOf = (path: string, text: string, analysis: FileAnalysis): CorpusFile => ({
  id: 0,
  path,
  hash: '',
  size: text.length,
  language: analysis.language,
  text,
  analysis,
  chunkIds: [],
});

/** The doc line shown for the definition starting at `startLine`, for a question with `terms`. */
async function docLineShown(path: string, lines: string[], startLine: number, terms: string[]) {
  const text = lines.join('\n');
  const analysis = await analyzer.analyzeAsync(path, text);
  const d = analysis.definitions.find((x) => x.startLine === startLine)!;
  const rule: MatchRule = { kind: 'terms', terms: new Set(terms) };
  const matches = fileMatches(rule, fileOf(path, text, analysis), () => -1, {
    startLine: d.startLine,
    endLine: d.endLine,
    symbol: d.name,
  });
  return matches.lines.filter((l) => l.kind === 'doc').map((l) => l.line);
}

describe('the doc line of a shown definition', () => {
  it("is the overload's own Javadoc, not the one above it that opens the same way", async () => {
    const lines = [
      'public class Settings {', // 1
      '  /**',
      '   * Returns the value of the named property.',
      '   */',
      '  public String get(String name) {', // 5
      '    return get(name, null);',
      '  }',
      '',
      '  /**',
      '   * Returns the value of the named property.', // 10
      '   *',
      '   * @param fallback returned when the property is not set',
      '   */',
      '  public String get(String name, String fallback) {',
      '    return values.getOrDefault(name, fallback);', // 15
      '  }',
      '}',
    ];
    expect(await docLineShown('Settings.java', lines, 5, ['property'])).toEqual([3]);
    expect(await docLineShown('Settings.java', lines, 14, ['property'])).toEqual([10]);
  });

  it("is a Python docstring's line inside the definition (no docLine), the setter's own", async () => {
    const lines = [
      'class Context:', // 1
      '    @property',
      '    def name(self):',
      '        """The name of the command."""',
      '        return self._name', // 5
      '',
      '    @name.setter',
      '    def name(self, value):',
      '        """The name of the command."""',
      '        self._name = value', // 10
    ];
    expect(await docLineShown('context.py', lines, 2, ['command'])).toEqual([4]);
    expect(await docLineShown('context.py', lines, 7, ['command'])).toEqual([9]);
  });

  it('is none when the doc has no worded line', async () => {
    const lines = ['// ----', 'function f() {', '  return 1;', '}'];
    expect(await docLineShown('f.js', lines, 2, ['return'])).toEqual([]);
  });
});
