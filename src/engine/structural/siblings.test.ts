/**
 * The first base a class declaration names, read from the signatures the analyzer gives in each
 * language: what "similar to X" takes for a base of other classes (not a sibling of X).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';
import { firstBase, inPatternOf, picks } from './siblings';

let analyzer: StructuralAnalyzer;

beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
});

function baseOf(path: string, text: string, name: string): string | undefined {
  const d = analyzer.analyze(path, text).definitions.find((x) => x.name === name);
  expect(d).toBeDefined();
  return firstBase(d!);
}

describe('firstBase', () => {
  it('reads the first base of a Python class, not a later mixin (click types.py)', () => {
    const py = 'class IntRange(_NumberRangeBase, IntParamType):\n    name = "integer range"\n';
    expect(baseOf('types.py', py, 'IntRange')).toBe('_NumberRangeBase');
    expect(baseOf('m.py', 'class A(abc.ABC):\n    pass\n', 'A')).toBe('ABC');
    expect(baseOf('m.py', 'class A:\n    pass\n', 'A')).toBeUndefined();
    expect(baseOf('m.py', 'class A(object):\n    pass\n', 'A')).toBeUndefined();
  });

  it('reads Ruby `<`, PHP and TypeScript `extends`, and nothing from `implements` alone', () => {
    expect(baseOf('a.rb', 'class Thor\n  class Group < Thor::Base\n  end\nend\n', 'Group')).toBe('Base');
    expect(baseOf('a.php', '<?php\nfinal class Emphasis extends AbstractInline\n{\n}\n', 'Emphasis')).toBe(
      'AbstractInline',
    );
    expect(
      baseOf('a.php', '<?php\nfinal class DashParser implements InlineParserInterface\n{\n}\n', 'DashParser'),
    ).toBeUndefined();
    expect(baseOf('a.ts', 'export class Store<T> extends Base<T> implements I {}\n', 'Store')).toBe('Base');
  });
});

describe('picks', () => {
  it('takes a folder the question named by whole folders of the path (phpseclib Barrett::reduce in …/PHP/Reductions)', () => {
    const by = { qualifier: 'Barrett', path: 'Math/BigInteger/Engines/PHP/Reductions' };
    expect(picks(by, 'Math/BigInteger/Engines/PHP/Reductions/Barrett.php', 'Barrett')).toBe(true);
    // The BCMath engine's Barrett is another folder's.
    expect(picks(by, 'Math/BigInteger/Engines/BCMath/Reductions/Barrett.php', 'Barrett')).toBe(false);
    expect(
      picks({ path: 'Engines/PHP/Reductions/' }, 'Math/BigInteger/Engines/PHP/Reductions/Classic.php', 'Classic'),
    ).toBe(true);
    // Part of a folder's name is not the folder.
    expect(picks({ path: 'PHP/Reduct' }, 'Math/BigInteger/Engines/PHP/Reductions/Classic.php', 'Classic')).toBe(false);
    // A file still picks by the end of the path.
    expect(picks({ path: 'connect/http.rs' }, 'client/connect/http.rs', 'HttpConnector')).toBe(true);
  });
});

describe('inPatternOf', () => {
  it('takes a name of three words or more with one word different, not a two-word name', () => {
    const magic = inPatternOf('uwsgi_python_magic')!;
    expect(inPatternOf('uwsgi_python_enable_threads')!('uwsgi_perl_enable_threads')).toBe(true);
    expect(magic('uwsgi_rack_magic')).toBe(true);
    expect(magic('uwsgi_python_mount_app')).toBe(false);
    expect(magic('uwsgi_python_magic')).toBe(false);
    expect(inPatternOf('set_ttl')).toBeNull();
  });
});
