/**
 * A references question that names a file ("which files use transforms/universal.py") is
 * answered by the file's dependants, as "what depends on" is: a word of the file's name in
 * other files (`py` in a docstring listing `core.py`) is no use of it and is not fused in by name
 * (docutils shape).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import { Engine } from '../engine';
import { engineOver } from '../../../test/support/engine';

const FILES: SourceFile[] = [
  {
    // docutils/__init__.py's docstring names its modules: `py` is a word there, in no quotes on its line.
    path: '__init__.py',
    text: [
      '"""',
      'Package structure:',
      '',
      '- core.py: Contains the ``Publisher`` class and ``publish_*()`` convenience',
      '  functions.',
      '- utils.py: Contains the ``new_document()`` function.',
      '"""',
      '',
      '__version__ = "0.19"',
      '',
    ].join('\n'),
  },
  { path: 'utils.py', text: 'def new_document(source):\n    return source\n' },
  { path: 'transforms/__init__.py', text: 'class Transform:\n    default_priority = None\n' },
  {
    path: 'transforms/universal.py',
    text: 'from docutils.transforms import Transform\n\n\nclass Decorations(Transform):\n    default_priority = 820\n',
  },
  {
    path: 'readers/__init__.py',
    text: [
      'from docutils.transforms import universal',
      'from docutils.utils import new_document',
      '',
      '',
      'class Reader:',
      '    def get_transforms(self):',
      '        return [universal.Decorations]',
      '',
    ].join('\n'),
  },
  {
    path: 'writers/__init__.py',
    text: 'from docutils.transforms import universal\n\n\ndef get_transforms():\n    return [universal.Decorations]\n',
  },
  {
    path: 'core.py',
    text: [
      'from docutils.utils import new_document',
      '',
      '',
      'def publish(source, transforms=None):',
      '    transforms = transforms or []',
      '    return new_document(source), transforms',
      '',
    ].join('\n'),
  },
];

let engine: Engine;
beforeAll(async () => {
  engine = await engineOver(FILES);
});

const files = async (query: string) =>
  [...new Set((await engine.search(query, { preset: 'default', limit: 10 })).results.map((r) => r.path))].sort();

describe('a references question naming a file', () => {
  it('lists the dependants "what depends on" lists, and no file where the stem is only a word', async () => {
    const want = ['readers/__init__.py', 'writers/__init__.py'];
    expect(await files('what depends on transforms/universal.py')).toEqual(want);
    expect(await files('which files use transforms/universal.py')).toEqual(want);
  });
});
