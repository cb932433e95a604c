import { describe, expect, it } from 'vitest';
import { languageForPath, SUPPORTED_LANGUAGES } from './grammars';

describe('languageForPath', () => {
  it('maps extensions to languages', () => {
    const cases: Record<string, string | null> = {
      'a.js': 'javascript',
      'src/a.mjs': 'javascript',
      'a.cjs': 'javascript',
      'A.JSX': 'javascript',
      'a.ts': 'typescript',
      'types/index.d.ts': 'typescript',
      'a.mts': 'typescript',
      'a.cts': 'typescript',
      'ui/App.tsx': 'tsx',
      'x/y.py': 'python',
      'main.go': 'go',
      'lib.rs': 'rust',
      'Main.java': 'java',
      'README.md': null,
      Makefile: null,
      '.eslintrc': null,
      'dir.js/file': null,
      'a.json': null,
    };
    for (const [path, lang] of Object.entries(cases)) expect(languageForPath(path), path).toBe(lang);
  });

  it('lists the seven supported languages', () => {
    expect([...SUPPORTED_LANGUAGES].sort()).toEqual([
      'go',
      'java',
      'javascript',
      'python',
      'rust',
      'tsx',
      'typescript',
    ]);
  });
});
