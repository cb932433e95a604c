/**
 * universal-ctags' JSON tags of a folder, for the mined sets' oracles (mined-similar.ts,
 * dependants-oracle.ts): their truth is read apart from the engine, and ctags is that reader.
 * Each caller names the fields it needs (`--fields=…`) and the type it reads them as.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The tags of every file under `dir` (paths relative to it), with ctags run as `ctags --output-format=json --sort=no ...args -R .`. */
export async function ctagsJson<T extends { path: string }>(dir: string, args: readonly string[]): Promise<T[]> {
  const { stdout } = await run('ctags', ['--output-format=json', '--sort=no', ...args, '-R', '.'], {
    cwd: dir,
    maxBuffer: 1 << 28,
  });
  return stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as T & { _type: string })
    .filter((t) => t._type === 'tag')
    .map((t) => ({ ...t, path: t.path.replace(/^\.\//, '') }));
}
