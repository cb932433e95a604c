import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IgnoreMatcher, parseGitignore } from './gitignore';
import { isolatedGitEnv } from '../../../test/support/repo-on-disk';

// Everything here is compared with real git, isolated from the machine's git config.
const scratch = mkdtempSync(join(tmpdir(), 'fourfold-gitignore-'));
const gitEnv = isolatedGitEnv(scratch);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function git(cwd: string, args: string[], input?: string): string {
  const run = spawnSync('git', args, { cwd, env: gitEnv, input, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0 && run.status !== 1) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

let repoCounter = 0;
interface Repo {
  dir: string;
  files: string[];
  ignoreFiles: Record<string, string>;
}

/** A real git repository with the given .gitignore files (key = directory) and files. */
function makeRepo(ignoreFiles: Record<string, string>, files: string[]): Repo {
  const dir = join(scratch, `repo${repoCounter++}`);
  mkdirSync(dir);
  git(dir, ['init', '-q']);
  const all = new Set(files);
  for (const [base, text] of Object.entries(ignoreFiles)) {
    const path = base === '' ? '.gitignore' : `${base}/.gitignore`;
    all.add(path);
    mkdirSync(join(dir, base), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), 'x');
  }
  return { dir, files: [...all].sort(), ignoreFiles };
}

function directoriesOf(files: string[]): string[] {
  const dirs = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return [...dirs].sort();
}

function matcherFor(repo: Repo): IgnoreMatcher {
  const matcher = new IgnoreMatcher({ includeNodeModules: true });
  // Deliberately registered deepest-first: order of discovery must not matter.
  for (const base of Object.keys(repo.ignoreFiles).sort().reverse())
    matcher.addIgnoreFile(base, repo.ignoreFiles[base]);
  return matcher;
}

/** Files git lists as ignored (untracked + excluded). */
function gitIgnoredFiles(repo: Repo): string[] {
  return git(repo.dir, ['ls-files', '--others', '--ignored', '--exclude-standard', '-z'])
    .split('\0')
    .filter((p) => p !== '')
    .sort();
}

/** git check-ignore -v for every path: the deciding "source:line:pattern", or '' when none. */
function gitVerdicts(repo: Repo, paths: string[]): Map<string, string> {
  const out = git(repo.dir, ['check-ignore', '--no-index', '-v', '-n', '-z', '--stdin'], paths.join('\0') + '\0');
  const fields = out.split('\0');
  const verdicts = new Map<string, string>();
  for (let i = 0; i + 3 < fields.length; i += 4) {
    const [source, line, pattern, path] = fields.slice(i, i + 4);
    verdicts.set(path, source === '' ? '' : `${source}:${line}:${pattern}`);
  }
  return verdicts;
}

function ourVerdict(matcher: IgnoreMatcher, path: string, isDirectory: boolean): string {
  const verdict = matcher.explain(path, isDirectory);
  const rule = verdict.rule;
  if (!rule) return '';
  return `${rule.origin}:${rule.line}:${rule.negated ? '!' : ''}${rule.pattern}${rule.directoryOnly ? '/' : ''}`;
}

function compareWithGit(repo: Repo): { paths: number; ignored: number } {
  const matcher = matcherFor(repo);
  const oursIgnored = repo.files.filter((f) => matcher.isIgnored(f)).sort();
  expect(oursIgnored).toEqual(gitIgnoredFiles(repo));
  const dirs = directoriesOf(repo.files);
  const verdicts = gitVerdicts(repo, [...repo.files, ...dirs]);
  const dirSet = new Set(dirs);
  const mismatches: string[] = [];
  for (const [path, expected] of verdicts) {
    const actual = ourVerdict(matcher, path, dirSet.has(path));
    if (actual !== expected) mismatches.push(`${path}: git=${expected || '-'} ours=${actual || '-'}`);
  }
  expect(mismatches).toEqual([]);
  return { paths: verdicts.size, ignored: oursIgnored.length };
}

describe('parseGitignore', () => {
  it('skips comments and blank lines, handles negation, escapes, dir-only, CRLF and trailing spaces', () => {
    const rules = parseGitignore('# comment\n\n!keep.js\n\\#hash\n\\!bang\nbuild/\r\ntrail   \nspace\\ \n   \n');
    expect(rules.map((r) => [r.pattern, r.negated, r.directoryOnly, r.line])).toEqual([
      ['keep.js', true, false, 3],
      ['\\#hash', false, false, 4],
      ['\\!bang', false, false, 5],
      ['build', false, true, 6],
      ['trail', false, false, 7],
      ['space\\ ', false, false, 8],
    ]);
  });
});

describe('IgnoreMatcher agrees with git check-ignore and ls-files', () => {
  it('handles anchoring, dir-only, negation, ** forms and nested .gitignore files', () => {
    const repo = makeRepo(
      {
        '': [
          '# build output',
          '*.log',
          '!important.log',
          '/root-only.txt',
          'build/',
          'docs/*.md',
          '!docs/keep.md',
          '**/generated',
          'vendor/**',
          '!vendor/keep/',
          'a/**/z.txt',
          '\\#literal',
          '\\!bang',
          'trailing.txt   ',
          'escaped\\ ',
          'foo?.js',
          '[abc].py',
          'cache/',
          '!cache/',
        ].join('\n'),
        src: 'local.ts\n/anchored.ts\n!*.log\nsub/deep/\n',
        'src/sub': '!deep/\n*.tmp\n',
        build: '!*.js\n', // inside an excluded directory: never consulted
      },
      [
        'a.log',
        'important.log',
        'x/important.log',
        'root-only.txt',
        'x/root-only.txt',
        'build/out.js',
        'x/build/out.js',
        'build.txt',
        'lib/build', // a file: 'build/' matches directories only
        'docs/a.md',
        'docs/keep.md',
        'docs/sub/b.md',
        'generated/g.ts',
        'x/y/generated/g.ts',
        'x/generated',
        'vendor/lib.js',
        'vendor/keep/k.js',
        'a/z.txt',
        'a/b/c/z.txt',
        'a/b/c/y.txt',
        '#literal',
        '!bang',
        'trailing.txt',
        'escaped ',
        'foo1.js',
        'foo12.js',
        'a.py',
        'd.py',
        'cache/c.bin',
        'src/local.ts',
        'src/deeper/local.ts',
        'src/anchored.ts',
        'src/deeper/anchored.ts',
        'src/app.log',
        'src/sub/deep/d.ts',
        'src/sub/x.tmp',
        'src/sub/deep/y.tmp',
        'src/main.ts',
      ],
    );
    const { paths, ignored } = compareWithGit(repo);
    expect(paths).toBeGreaterThan(40);
    expect(ignored).toBeGreaterThan(15);
  });

  it('a `*` then literal characters matches by the basename’s ending, as git’s own shortcut does', () => {
    const repo = makeRepo({ '': '*.js.map\n*.d/\n!keep*.js.map\n', sub: '*~\n' }, [
      'a.js.map',
      'x/y/b.js.map',
      '.js.map',
      'a.js.map.txt',
      'a.JS.MAP',
      'ajs.map',
      'keep.js.map',
      'conf.d/x.txt',
      'conf.d.txt',
      'sub/notes~',
      'notes~',
    ]);
    const { ignored } = compareWithGit(repo);
    expect(ignored).toBe(5);
  });

  it('never re-includes a file below an excluded directory, and always skips VCS metadata', () => {
    const matcher = new IgnoreMatcher();
    matcher.addIgnoreFile('', 'logs/\n!logs/keep.txt\n');
    expect(matcher.explain('logs/keep.txt')).toMatchObject({ ignored: true, because: 'parent-directory' });
    expect(matcher.explain('.git/config')).toMatchObject({ ignored: true, because: 'vcs-metadata' });
    expect(matcher.isIgnored('sub/.git', true)).toBe(true);
    expect(matcher.isIgnored('node_modules/react/index.js')).toBe(true);
    expect(new IgnoreMatcher({ includeNodeModules: true }).isIgnored('node_modules/react/index.js')).toBe(false);
  });

  it('skips source maps by default, with or without node_modules, unless the repository or Settings take them back', () => {
    for (const matcher of [new IgnoreMatcher(), new IgnoreMatcher({ includeNodeModules: true })]) {
      expect(matcher.isIgnored('lib/less/import-manager.js.map')).toBe(true);
      expect(matcher.isIgnored('dist/app.min.mjs.map')).toBe(true);
      expect(matcher.isIgnored('styles/site.css.map')).toBe(true);
      expect(matcher.isIgnored('types/index.d.ts.map')).toBe(true);
      // A .map written by people (a MapServer mapfile), and the compiled code itself, stay in.
      expect(matcher.isIgnored('maps/world.map')).toBe(false);
      expect(matcher.isIgnored('lib/less/import-manager.js')).toBe(false);
    }
    const kept = new IgnoreMatcher();
    kept.addIgnoreFile('', '!*.js.map\n');
    expect(kept.isIgnored('lib/a.js.map')).toBe(false);
    expect(new IgnoreMatcher({ extraPatterns: ['!*.css.map'] }).isIgnored('a.css.map')).toBe(false);
  });

  it('extra patterns from settings win over .gitignore; defaults lose to it', () => {
    const matcher = new IgnoreMatcher({ extraPatterns: ['*.snap', '!keep.snap'] });
    matcher.addIgnoreFile('', '!*.snap\n!node_modules/\n');
    expect(matcher.isIgnored('a/b.snap')).toBe(true);
    expect(matcher.isIgnored('a/keep.snap')).toBe(false);
    // The repository explicitly re-includes node_modules: its .gitignore outranks the default.
    expect(matcher.isIgnored('node_modules/x.js')).toBe(false);
  });

  it('agrees with git on randomly generated patterns and trees', () => {
    let seed = 0x5eed;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    const names = [
      'a',
      'b',
      'ab',
      'ba',
      'foo',
      'foo.js',
      'bar.ts',
      'x.min.js',
      'build',
      'lib',
      'src',
      'Doc',
      'doc',
      'a b',
      'f1',
      'f22',
    ];
    const atoms = [
      '*',
      '?',
      '[ab]',
      '[!a]*',
      'a*',
      '*.js',
      'foo',
      'b',
      'build',
      'src',
      'lib',
      'f[0-9]',
      'doc',
      '**',
      'D*',
    ];
    let comparedPaths = 0;
    let ignoredFiles = 0;
    for (let r = 0; r < 20; r++) {
      const files = new Set<string>();
      for (let i = 0; i < 25; i++) {
        const depth = 1 + Math.floor(random() * 4);
        const parts = Array.from({ length: depth }, () => pick(names));
        files.add(parts.join('/') + (random() < 0.5 ? '.txt' : ''));
      }
      // Drop paths where a file and a directory would share a name.
      const dirs = new Set(directoriesOf([...files]));
      const fileList = [...files].filter((f) => !dirs.has(f));
      const makePattern = () => {
        const segments = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(atoms));
        let p = segments.join('/');
        if (random() < 0.2) p = `/${p}`;
        if (random() < 0.15) p = `**/${p}`;
        if (random() < 0.1) p = `${p}/**`;
        if (random() < 0.25) p = `${p}/`;
        if (random() < 0.25) p = `!${p}`;
        return p;
      };
      const ignoreFiles: Record<string, string> = {
        '': Array.from({ length: 2 + Math.floor(random() * 5) }, makePattern).join('\n'),
      };
      const someDirs = [...dirs];
      for (let i = 0; i < 2 && someDirs.length > 0; i++) {
        ignoreFiles[pick(someDirs)] = Array.from({ length: 1 + Math.floor(random() * 3) }, makePattern).join('\n');
      }
      const repo = makeRepo(ignoreFiles, fileList);
      const compared = compareWithGit(repo);
      comparedPaths += compared.paths;
      ignoredFiles += compared.ignored;
    }
    expect(comparedPaths).toBeGreaterThan(700);
    console.log(`random gitignore: ${comparedPaths} paths, ${ignoredFiles} ignored files`);
    expect(ignoredFiles).toBeGreaterThan(60);
  });
});
