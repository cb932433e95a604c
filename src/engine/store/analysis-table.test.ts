import { describe, expect, it } from 'vitest';
import type { FileAnalysis } from '../contract';
import { AnalysisReader, encodeAnalyses } from './analysis-table';

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

  it('refuses a table of another version instead of misreading it', () => {
    const table = encodeAnalyses([analysis]);
    expect(() => new AnalysisReader({ ...table, version: 1 })).toThrow(/analysis table version 1/);
  });
});
