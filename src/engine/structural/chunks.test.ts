import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definition, FileAnalysis } from '../contract';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';
import {
  buildSpanLookup,
  chunkSpans,
  innermostSpanAt,
  LONE_LINER_HOST_LINES,
  lookupSpan,
  WINDOW_LINES,
} from './chunks';
import type { ChunkSpan } from './chunks';

function analysis(lineCount: number, definitions: Partial<Definition>[]): FileAnalysis {
  return {
    path: 'x.ts',
    language: 'typescript',
    parsed: true,
    lineCount,
    definitions: definitions.map((d) => ({ signature: '', nameLine: d.startLine!, ...d }) as Definition),
    references: [],
    imports: [],
  };
}

const brief = (spans: ChunkSpan[]) =>
  spans.map((s) => `${s.kind === 'window' ? 'w' : s.symbol}:${s.startLine}-${s.endLine}`);

describe('chunkSpans', () => {
  it('makes nested definition chunks and windows of at most WINDOW_LINES over the rest', () => {
    const spans = chunkSpans(
      analysis(130, [
        { name: 'A', kind: 'class', startLine: 3, endLine: 20 },
        { name: 'm1', kind: 'method', startLine: 5, endLine: 9, container: 'A' },
        { name: 'm2', kind: 'method', startLine: 11, endLine: 11, container: 'A' }, // one-liner inside A
        { name: 'X', kind: 'constant', startLine: 22, endLine: 22 }, // not a chunk kind
        { name: 'f', kind: 'function', startLine: 25, endLine: 30 },
      ]),
    );
    expect(WINDOW_LINES).toBe(40);
    expect(brief(spans)).toEqual([
      'w:1-2',
      'A:3-20',
      'm1:5-9',
      'w:21-24',
      'f:25-30',
      'w:31-70',
      'w:71-110',
      'w:111-130',
    ]);
    expect(spans[2]).toEqual({
      startLine: 5,
      endLine: 9,
      kind: 'definition',
      symbol: 'm1',
      definitionKind: 'method',
      container: 'A',
    });
  });

  it('gives one chunk to two definitions with the same lines, and keeps top-level one-liners', () => {
    const spans = chunkSpans(
      analysis(3, [
        { name: 'outer', kind: 'function', startLine: 1, endLine: 2 },
        { name: 'inner', kind: 'function', startLine: 1, endLine: 2 },
        { name: 'one', kind: 'function', startLine: 3, endLine: 3 },
      ]),
    );
    expect(brief(spans)).toEqual(['outer:1-2', 'one:3-3']);
  });

  it('gives the one-liners of a function too long to read as one chunks of their own (CodeMirror’s Vim(), 5,450 lines)', () => {
    const long = LONE_LINER_HOST_LINES + 1;
    const spans = chunkSpans(
      analysis(long + 10, [
        { name: 'Vim', kind: 'function', startLine: 1, endLine: long },
        { name: 'map', kind: 'function', startLine: 100, endLine: 109 },
        { name: 'imap', kind: 'function', startLine: 110, endLine: 110 },
        { name: 'nmap', kind: 'function', startLine: 111, endLine: 111 },
        { name: 'Small', kind: 'class', startLine: long + 2, endLine: long + 6 },
        { name: 'get', kind: 'method', startLine: long + 3, endLine: long + 3, container: 'Small' },
      ]),
    );
    expect(brief(spans)).toEqual([
      `Vim:1-${long}`,
      'map:100-109',
      'imap:110-110',
      'nmap:111-111',
      `w:${long + 1}-${long + 1}`,
      `Small:${long + 2}-${long + 6}`,
      `w:${long + 7}-${long + 10}`,
    ]);
    // A class of any length keeps its one-line members, and so does a function of fewer lines.
    const short = chunkSpans(
      analysis(LONE_LINER_HOST_LINES, [
        { name: 'f', kind: 'function', startLine: 1, endLine: LONE_LINER_HOST_LINES },
        { name: 'g', kind: 'function', startLine: 5, endLine: 5 },
      ]),
    );
    expect(brief(short)).toEqual([`f:1-${LONE_LINER_HOST_LINES}`]);
    const big = chunkSpans(
      analysis(long, [
        { name: 'C', kind: 'class', startLine: 1, endLine: long },
        { name: 'm', kind: 'method', startLine: 5, endLine: 5, container: 'C' },
      ]),
    );
    expect(brief(big)).toEqual([`C:1-${long}`]);
  });

  it('gives an empty file one window of line 1, and an unparsed file only windows', () => {
    expect(chunkSpans(analysis(0, []))).toEqual([{ startLine: 1, endLine: 1, kind: 'window' }]);
    expect(brief(chunkSpans({ ...analysis(85, []), parsed: false }))).toEqual(['w:1-40', 'w:41-80', 'w:81-85']);
  });

  it('clamps definitions that run past the end of the file', () => {
    expect(brief(chunkSpans(analysis(5, [{ name: 'f', kind: 'function', startLine: 2, endLine: 9 }])))).toEqual([
      'w:1-1',
      'f:2-5',
    ]);
  });
});

describe('span lookup', () => {
  it('answers the innermost span, including for spans that share a boundary line', () => {
    const spans: ChunkSpan[] = [
      { startLine: 1, endLine: 10, kind: 'definition', symbol: 'A' },
      { startLine: 2, endLine: 4, kind: 'definition', symbol: 'a' },
      { startLine: 4, endLine: 6, kind: 'definition', symbol: 'b' }, // shares line 4 with a
      { startLine: 11, endLine: 12, kind: 'window' },
    ];
    const lookup = buildSpanLookup(spans);
    const owners = Array.from({ length: 12 }, (_, i) => spans[lookupSpan(lookup, i + 1)].symbol ?? 'w');
    expect(owners).toEqual(['A', 'a', 'a', 'b', 'b', 'b', 'A', 'A', 'A', 'A', 'w', 'w']);
    for (let line = 1; line <= 12; line++) expect(lookupSpan(lookup, line)).toBe(innermostSpanAt(spans, line));
    expect(lookupSpan(lookup, 0)).toBe(0);
    expect(lookupSpan(lookup, 99)).toBe(3);
    expect(lookupSpan(buildSpanLookup([]), 1)).toBe(-1);
  });
});

describe('chunk coverage on real packages', () => {
  const files: { path: string; text: string }[] = [];
  let analyzer: StructuralAnalyzer;

  beforeAll(async () => {
    analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: ['javascript', 'typescript'] });
    const nodeModules = fileURLToPath(new URL('../../../node_modules/', import.meta.url));
    const roots = ['minisearch', 'idb', 'comlink'].map((p) => join(nodeModules, p));
    const walk = (dir: string, root: string) => {
      for (const entry of readdirSync(dir)) {
        const full = join(dir, entry);
        if (statSync(full).isDirectory()) walk(full, root);
        else if (/\.(m|c)?(js|ts)$/.test(entry))
          files.push({ path: relative(dirname(root), full), text: readFileSync(full, 'utf8') });
      }
    };
    for (const root of roots) walk(root, root);
  });

  it('covers every line exactly once by windows, nests definitions, and the lookup agrees with a linear scan', () => {
    expect(files.length).toBeGreaterThan(50);
    let definitionChunks = 0;
    for (const file of files) {
      const a = analyzer.analyze(file.path, file.text);
      const spans = chunkSpans(a);
      const lines = Math.max(1, a.lineCount);
      const windowsAt = new Uint8Array(lines + 1);
      const definitionsAt = new Uint8Array(lines + 1);
      for (const s of spans) {
        expect(s.startLine, file.path).toBeGreaterThanOrEqual(1);
        expect(s.endLine, file.path).toBeLessThanOrEqual(lines);
        expect(s.endLine - s.startLine + 1, file.path).toBeLessThanOrEqual(
          s.kind === 'window' ? WINDOW_LINES : Infinity,
        );
        for (let l = s.startLine; l <= s.endLine; l++) (s.kind === 'window' ? windowsAt : definitionsAt)[l]++;
      }
      // Each line is in exactly one window, or in no window and at least one definition.
      const badLines: number[] = [];
      for (let l = 1; l <= lines; l++) if (windowsAt[l] + (definitionsAt[l] > 0 ? 1 : 0) !== 1) badLines.push(l);
      expect(badLines, file.path).toEqual([]);
      const lookup = buildSpanLookup(spans);
      const disagreeing: number[] = [];
      for (let l = 1; l <= lines; l++) if (lookupSpan(lookup, l) !== innermostSpanAt(spans, l)) disagreeing.push(l);
      expect(disagreeing, file.path).toEqual([]);
      definitionChunks += spans.filter((s) => s.kind === 'definition').length;
    }
    expect(definitionChunks).toBeGreaterThan(100);
  });
});
