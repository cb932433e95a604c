/**
 * A repository laid out on disk for the tests that walk one, and real git to compare Fourfold's
 * ignore rules with, isolated from the machine's git config (HOME and XDG_CONFIG_HOME at a
 * scratch folder, no system or global file).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The environment git runs in, its home at `home`. */
export function isolatedGitEnv(home: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
  };
}

/** Each file of `files` (path → content) written below `root`, its folders made. */
export function writeTree(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** The files git lists in `dir`, made a new repository, as neither tracked nor ignored (sorted). */
export function untrackedByGit(dir: string, home: string): string[] {
  const env = isolatedGitEnv(home);
  spawnSync('git', ['init', '-q'], { cwd: dir, env });
  return spawnSync('git', ['ls-files', '--others', '--exclude-standard', '-z'], { cwd: dir, env, encoding: 'utf8' })
    .stdout.split('\0')
    .filter(Boolean)
    .sort();
}
