import { describe, expect, it } from 'vitest';
import { LANGUAGES, type FileAnalysis } from '../contract';
import { AnalysisReader, concatAnalyses, encodeAnalyses, sliceAnalyses } from './analysis-table';

const analysis: FileAnalysis = {
  path: 'lib/response.js',
  language: 'javascript',
  parsed: true,
  lineCount: 20,
  definitions: [
    {
      name: 'send',
      kind: 'method',
      signature: 'res.send = function send(body)',
      startLine: 3,
      endLine: 8,
      nameLine: 3,
      container: 'res',
      doc: '/** Send a response. */',
      docLine: 2,
    },
    {
      name: 'json',
      kind: 'method',
      signature: 'res.json = function json(obj)',
      startLine: 10,
      endLine: 14,
      nameLine: 10,
    },
  ],
  references: [
    { name: 'send', line: 12, kind: 'call', enclosing: 'json', qualified: true },
    { name: 'send', line: 18, kind: 'call' },
    { name: 'Buffer', line: 5, kind: 'new', enclosing: 'send' },
  ],
  imports: [{ specifier: 'send', line: 1, names: ['*'], kind: 'require' }],
};

describe('AnalysisTable', () => {
  it('gives back every field of an analysis, qualified references included', () => {
    const reader = new AnalysisReader(
      structuredClone(
        encodeAnalyses([analysis, { ...analysis, path: 'lib/empty.js', definitions: [], references: [], imports: [] }]),
      ),
    );
    expect(reader.fileCount).toBe(2);
    const back = reader.analysisAt(0);
    expect({ ...back, references: back.references, imports: back.imports }).toEqual(analysis);
    expect(reader.analysisAt(1)).toMatchObject({ path: 'lib/empty.js', definitions: [] });
    expect(reader.analysisAt(1).references).toEqual([]);
  });

  it('keeps the language of a file in every language Fourfold parses', () => {
    const files = LANGUAGES.map((language) => ({ ...analysis, path: `a.${language}`, language }));
    const reader = new AnalysisReader(encodeAnalyses(files));
    expect(LANGUAGES.map((_, f) => reader.analysisAt(f).language)).toEqual([...LANGUAGES]);
  });

  it('refuses a table of another version instead of misreading it', () => {
    const table = encodeAnalyses([analysis]);
    expect(() => new AnalysisReader({ ...table, version: 1 })).toThrow(/analysis table version 1/);
  });

  it('cuts into blocks of files that read as the whole, and joins them back', () => {
    const files: FileAnalysis[] = [
      analysis,
      { ...analysis, path: 'lib/empty.js', definitions: [], references: [], imports: [] },
      { ...analysis, path: 'lib/broken.ts', language: 'typescript', parsed: false, parseError: 'ERROR at 3' },
      {
        ...analysis,
        path: 'lib/two.py',
        language: 'python',
        imports: [
          { specifier: 'os', line: 1, names: ['path', 'sep'], kind: 'import' },
          { specifier: 'sys', line: 2, names: [], kind: 'import' },
        ],
      },
      {
        ...analysis,
        path: 'suite_test.go',
        language: 'go',
        imports: [
          { specifier: 'github.com/onsi/gomega', line: 3, names: ['*'], kind: 'import', dot: true },
          { specifier: 'fmt', line: 4, names: ['*'], kind: 'import' },
          { specifier: 'example.com/shop/internal/store', line: 5, names: ['*'], kind: 'import', alias: 'st' },
        ],
      },
      analysis,
    ];
    const whole = encodeAnalyses(files);
    const read = (r: AnalysisReader, f: number) => {
      const a = r.analysisAt(f);
      return { ...a, references: a.references, imports: a.imports };
    };
    const cuts = [0, 1, 3, 3, 6];
    const blocks = cuts.slice(1).map((to, b) => sliceAnalyses(whole, cuts[b], to));
    blocks.forEach((block, b) => {
      const reader = new AnalysisReader(structuredClone(block));
      expect(reader.fileCount).toBe(cuts[b + 1] - cuts[b]);
      for (let f = cuts[b]; f < cuts[b + 1]; f++) expect(read(reader, f - cuts[b])).toEqual(files[f]);
      // A block keeps only its own files' strings.
      if (reader.fileCount === 1) expect(block.strings.length).toBeLessThan(whole.strings.length);
    });
    const joined = new AnalysisReader(concatAnalyses(blocks));
    expect(joined.fileCount).toBe(files.length);
    files.forEach((file, f) => expect(read(joined, f)).toEqual(file));
    expect(new AnalysisReader(concatAnalyses([])).fileCount).toBe(0);
    expect(() => sliceAnalyses(whole, 3, 7)).toThrow(/no files 3\.\.7/);
  });
});
