import { describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { FileAnalysis } from '../contract';
import { StructuralAnalyzer } from './analyzer';
import { ParseAhead } from './parse-ahead';

const analysis = (path: string): FileAnalysis => ({
  path,
  language: null,
  parsed: false,
  lineCount: 1,
  definitions: [],
  references: [],
  imports: [],
});

describe('ParseAhead', () => {
  it('keeps at most inFlight analyses at the parser, and all of the queue once widened', async () => {
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const ahead = new ParseAhead((path) => {
      started.push(path);
      return new Promise<FileAnalysis>((resolve) => finish.set(path, () => resolve(analysis(path))));
    }, 1);
    for (const path of ['a', 'b', 'c', 'd']) ahead.start(path, path);
    expect(started).toEqual(['a']);
    finish.get('a')!();
    await ahead.take('a', 'a');
    expect(started).toEqual(['a', 'b']);
    ahead.widen(Infinity);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    for (const path of ['b', 'c', 'd']) finish.get(path)!();
    expect(await Promise.all(['b', 'c', 'd'].map((p) => ahead.take(p, p)))).toEqual(['b', 'c', 'd'].map(analysis));
  });

  it('with none in flight, parses nothing until widened; a text that changed since is not taken', async () => {
    const started: string[] = [];
    const ahead = new ParseAhead(async (path) => (started.push(path), analysis(path)), 0);
    ahead.start('a', 'one');
    ahead.start('b', 'two');
    await Promise.resolve();
    expect(started).toEqual([]);
    ahead.widen(1);
    expect(ahead.take('a', 'changed')).toBeUndefined();
    expect(await ahead.take('b', 'two')).toEqual(analysis('b'));
    expect(started).toEqual(['a', 'b']);
  });

  it('parses a text once per language: a copy of a file begun before takes its own copy of that analysis', async () => {
    const started: string[] = [];
    const parsed = (path: string, text: string): FileAnalysis => ({
      ...analysis(path),
      language: path.endsWith('.py') ? 'python' : 'javascript',
      parsed: true,
      definitions: [
        { name: text, kind: 'function', signature: `function ${text}()`, startLine: 1, endLine: 1, nameLine: 1 },
      ],
    });
    const ahead = new ParseAhead(async (path, text) => (started.push(path), parsed(path, text)), Infinity);
    ahead.start('src/a.js', 'f');
    ahead.start('vendor/a.js', 'f'); // same text, same language
    ahead.start('lib/a.mjs', 'f'); // same language by another extension
    ahead.start('a.py', 'f'); // same text, another language
    ahead.start('src/b.js', 'g');
    const [original, copy, other, python] = await Promise.all(
      ['src/a.js', 'vendor/a.js', 'lib/a.mjs', 'a.py'].map((p) => ahead.take(p, 'f')),
    );
    expect(started).toEqual(['src/a.js', 'a.py', 'src/b.js']);
    expect(copy).toEqual(parsed('vendor/a.js', 'f'));
    expect(other).toEqual(parsed('lib/a.mjs', 'f'));
    expect(python).toEqual(parsed('a.py', 'f'));
    expect(Object.keys(copy!)).toEqual(Object.keys(original!));
    expect(copy!.definitions[0]).not.toBe(original!.definitions[0]); // its own objects
    expect(await ahead.take('src/b.js', 'g')).toEqual(parsed('src/b.js', 'g'));
  });

  it('with the real analyzer: copies name their definitions as a parse of their own would, and another language parses on its own', async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    // An emitter's two builds side by side, an anonymous default export in two folders (each named
    // by its folder), and one text that is C in a `.c` file and C++ (by its text) in a header.
    const emitter =
      'export class Emitter {\n  on(name, fn) {\n    return this;\n  }\n}\nexport function mitt() {\n  return new Emitter();\n}\n';
    const anonymous = 'export default function (a, b) {\n  return a + b;\n}\n';
    const point = 'class Point {\npublic:\n  int x;\n  int norm() const { return x; }\n};\n';
    const files: [string, string][] = [
      ['dist/esm/emitter.js', emitter],
      ['dist/cjs/emitter.js', emitter],
      ['add/index.js', anonymous],
      ['sum/index.js', anonymous],
      ['vendor/sum/index.js', anonymous],
      ['geo/point.c', point],
      ['geo/point.h', point],
    ];
    const parsed: string[] = [];
    const ahead = new ParseAhead(async (path, text) => (parsed.push(path), analyzer.analyze(path, text)), Infinity);
    for (const [path, text] of files) ahead.start(path, text);
    for (const [path, text] of files) {
      const taken = await ahead.take(path, text)!;
      const own = analyzer.analyze(path, text);
      expect(taken, path).toEqual(own);
    }
    expect(parsed).toEqual(['dist/esm/emitter.js', 'add/index.js', 'sum/index.js', 'geo/point.c', 'geo/point.h']);
    expect(analyzer.analyze('vendor/sum/index.js', anonymous).definitions.map((d) => d.name)).toEqual(['sum']);
    expect(analyzer.analyze('geo/point.h', point).language).toBe('cpp');
    analyzer.dispose();
  });
});
