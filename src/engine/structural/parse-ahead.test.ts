import { describe, expect, it } from 'vitest';
import type { FileAnalysis } from '../contract';
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
});
