/**
 * The real-size projects of the "understand" set: Debian bookworm source
 * packages of 480–1,020 files in six languages (the first three since the set began, Ruby, PHP
 * and C added 2026-12-03 and reported in rows of their own), none of them in the model's training
 * sources (scripts/model-sources.ts, standard and grown lists: checked by name) nor in
 * `npm run eval` or the reserved packages. Fetched once with `apt-get download` +
 * `dpkg-deb -x` into .cache/understand/ (needs root and one `apt-get update`).
 *
 * Each project is loaded twice: as shipped (for reading) and comment-blanked (what is
 * searched): comments (Ruby's `#` and `=begin`, PHP's `#` too) and Python docstrings become spaces, line numbers unchanged
 * (scripts/model-pairs.ts blankComments, the same blanking the model's code side had).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { languageForPath } from '../../src/engine/structural/grammars';
import { blankComments, commentSyntax } from '../../scripts/model-pairs';
import { REPO_ROOT } from '../eval/corpora';

export const UNDERSTAND_CACHE = join(REPO_ROOT, '.cache', 'understand');

export const PROJECT_GROUPS = ['original', 'added'] as const;
export type ProjectGroup = (typeof PROJECT_GROUPS)[number];
export const GROUP_LABELS: Record<ProjectGroup, string> = {
  original: 'original (python, go, rust)',
  added: 'added 2026-12-03 (ruby, php, c)',
};

export interface ProjectSpec {
  name: string;
  language: 'python' | 'go' | 'rust' | 'ruby' | 'php' | 'c';
  /** Which report rows it counts in: the set's first three projects, or those added 2026-12-03. */
  group: ProjectGroup;
  /** Debian package and version (bookworm). */
  deb: string;
  version: string;
  /** Folder inside the extracted package that is the repository root. */
  root: string;
  /** Paths (relative to root) left out: generated test data, not part of the code. */
  skip?: RegExp;
}

export const PROJECTS: readonly ProjectSpec[] = [
  {
    name: 'networkx',
    language: 'python',
    group: 'original',
    deb: 'python3-networkx',
    version: '2.8.8-1',
    root: 'usr/lib/python3/dist-packages/networkx',
  },
  {
    name: 'x-tools',
    language: 'go',
    group: 'original',
    deb: 'golang-golang-x-tools-dev',
    version: '1:0.5.0+ds-1',
    root: 'usr/share/gocode/src/golang.org/x/tools',
    skip: /(^|\/)testdata\/|_test\.go$/,
  },
  {
    name: 'cargo',
    language: 'rust',
    group: 'original',
    deb: 'librust-cargo-dev',
    version: '0.66.0-1',
    root: 'usr/share/cargo/registry/cargo-0.66.0',
  },
  // Added 2026-12-03 (issue 22: per language). Not in the real set, `npm run eval`, the
  // reserved list, nor the Ruby/PHP/C training lists of the model branch of that day (whose
  // families are ruby-rails, php-symfony, php-horde, php-doctrine, lib*-dev and other *-dkms).
  {
    // Puppet's own library (YARD / RDoc `#` comments); the whole tree, 1,012 files.
    name: 'puppet',
    language: 'ruby',
    group: 'added',
    deb: 'puppet-agent',
    version: '7.23.0-1+deb12u1',
    root: 'usr/lib/ruby/vendor_ruby/puppet',
  },
  {
    // phpMyAdmin's classes (PHPDoc); its templates, themes and JavaScript are not PHP code.
    name: 'phpmyadmin',
    language: 'php',
    group: 'added',
    deb: 'phpmyadmin',
    version: '4:5.2.1+dfsg-1+deb12u1',
    root: 'usr/share/phpmyadmin/libraries',
  },
  {
    // The OpenAFS kernel module's sources (plain `/* */` and Doxygen `/*! … \param */` comments).
    name: 'openafs',
    language: 'c',
    group: 'added',
    deb: 'openafs-modules-dkms',
    version: '1.8.9-1+deb12u1',
    root: 'usr/src/openafs-1.8.9',
  },
];

export interface ProjectFile {
  path: string;
  text: string;
}

export interface LoadedProject {
  spec: ProjectSpec;
  files: ProjectFile[];
  blankFiles: ProjectFile[];
}

function extracted(spec: ProjectSpec, log: (m: string) => void): string {
  const dir = join(UNDERSTAND_CACHE, 'src', spec.deb);
  if (existsSync(join(dir, spec.root))) return dir;
  const debDir = join(UNDERSTAND_CACHE, 'deb');
  mkdirSync(debDir, { recursive: true });
  log(`understand: apt-get download ${spec.deb}=${spec.version}`);
  execFileSync('apt-get', ['download', `${spec.deb}=${spec.version}`], { cwd: debDir, stdio: 'ignore' });
  const deb = readdirSync(debDir).find((f) => f.startsWith(`${spec.deb}_`) && f.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${spec.deb} gave no .deb (run apt-get update as root first)`);
  mkdirSync(dir, { recursive: true });
  execFileSync('dpkg-deb', ['-x', join(debDir, deb), dir]);
  return dir;
}

export function loadProject(spec: ProjectSpec, log: (m: string) => void = () => {}): LoadedProject {
  const root = join(extracted(spec, log), spec.root);
  const paths: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else if (st.size <= 1_000_000 && languageForPath(name) === spec.language) {
        const path = relative(root, full).split('\\').join('/');
        if (!spec.skip?.test(path)) paths.push(path);
      }
    }
  };
  walk(root);
  const files = paths.map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
  const blankFiles = files.map((f) => ({ path: f.path, text: blankComments(f.text, commentSyntax(spec.language)) }));
  return { spec, files, blankFiles };
}
