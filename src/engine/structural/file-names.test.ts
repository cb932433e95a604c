import { describe, expect, it } from 'vitest';
import { fileNameReason, filesMatchingTyped } from './file-names';

// Express's and Rich's layouts: one name in several folders, a name that ends with another.
const PATHS = [
  'index.js',
  'lib/application.js',
  'lib/router/index.js',
  'lib/router/route.js',
  'examples/route-map/index.js',
  'rich/console.py',
  'rich/_windows_renderer.py',
  'rich/_winconsole.py',
  'tests/console.py',
  'Makefile',
  'docs/Makefile',
  'docs/Makefile.am',
  'pkg/router/index/tree.go',
];

const named = (typed: string) => filesMatchingTyped(PATHS, typed).map((m) => PATHS[m.file]);
const named2 = (paths: string[], typed: string) => filesMatchingTyped(paths, typed).map((m) => paths[m.file]);

describe('filesMatchingTyped: the files a typed path names, best first', () => {
  it('puts the file at the whole path first, then the same name elsewhere by how much of the path it repeats', () => {
    expect(named('lib/router/index.js')).toEqual(['lib/router/index.js', 'index.js', 'examples/route-map/index.js']);
  });

  it('reads a name typed alone as every file so named, shallowest first, then names ending with it', () => {
    expect(named('console.py')).toEqual(['rich/console.py', 'tests/console.py', 'rich/_winconsole.py']);
  });

  it('reads a path typed without its extension, as an import writes it', () => {
    // A folder of that path (a Go package) comes after the files so named.
    expect(named('router/index')).toEqual([
      'lib/router/index.js',
      'index.js',
      'examples/route-map/index.js',
      'pkg/router/index/tree.go',
    ]);
  });

  it('reads a conventional name, its spelling with an extension after it', () => {
    expect(named('Makefile')).toEqual(['Makefile', 'docs/Makefile', 'docs/Makefile.am']);
  });

  it('reads a folder typed with its slash as the files in it', () => {
    expect(named('lib/router/')).toEqual(['lib/router/index.js', 'lib/router/route.js']);
  });

  it("reads a folder's path as its module file, as imports name it (Python's __init__, JavaScript's index)", () => {
    const paths = [
      'rich/__init__.py',
      'rich/console.py',
      'tests/rich.py',
      'lib/router/index.js',
      'lib/router/route.js',
    ];
    const matches = (typed: string) => filesMatchingTyped(paths, typed).map((m) => [paths[m.file], m.kind]);
    expect(matches('rich')).toEqual([
      ['tests/rich.py', 'stem'],
      ['rich/__init__.py', 'module'],
    ]);
    expect(matches('lib/router')).toEqual([
      ['lib/router/index.js', 'module'],
      ['lib/router/route.js', 'in-folder'],
    ]);
    expect(fileNameReason('lib/router', filesMatchingTyped(paths, 'lib/router')[0])).toBe(
      'the module file of the folder lib/router',
    );
  });

  it("reads a dot in a name typed without its extension as the name's own (`user.service` for user.service.ts)", () => {
    const paths = ['src/user.service.ts', 'src/user.ts', 'src/sse.types.ts'];
    expect(named2(paths, 'user.service')).toEqual(['src/user.service.ts']);
    expect(named2(paths, 'src/sse.types')).toEqual(['src/sse.types.ts']);
  });

  it("reads a TypeScript declaration file's `.d.ts` as one extension", () => {
    const paths = ['src/types.d.ts', 'src/types.ts', 'src/other.ts'];
    expect(filesMatchingTyped(paths, 'src/types').map((m) => [paths[m.file], m.kind, m.fromRoot])).toEqual([
      ['src/types.d.ts', 'stem', true],
      ['src/types.ts', 'stem', true],
    ]);
  });

  it('says why each file answers', () => {
    const [first, second] = filesMatchingTyped(PATHS, 'lib/router/index.js');
    expect(fileNameReason('lib/router/index.js', first)).toBe(
      'named index.js: the whole path typed, lib/router/index.js',
    );
    expect(fileNameReason('lib/router/index.js', second)).toBe(
      'named index.js, in another folder: 1 of the 3 parts of lib/router/index.js',
    );
  });
});
