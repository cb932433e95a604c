/**
 * Two readings of a pasted message's parts: a build tool's banner in capitals (`BUILD FAILED`)
 * heads the message a task made, printed below it; and Go's sentinel error (`ErrX =
 * errors.New("…")`), printed through a wrapper's `%v`, is a value the wrapper printed — the
 * message was made at the wrapper. Fixtures: phing 2.17.4 (LGPL-3.0) and rclone 1.60.1 (MIT),
 * licences in their first line.
 */
import { describe, expect, it } from 'vitest';
import { fixture, sourcesOfFiles } from '../../../../test/support/messages';
import { findFormatStrings } from './match';
import type { MessageSources } from './shared';

describe('a banner in capitals heads the message below it', () => {
  const files = ['phing-logger-exec.php.txt'];

  it('Phing’s `BUILD FAILED` over the task’s located message: the task’s format, not the logger’s banner', () => {
    const pasted = 'BUILD FAILED\n/home/dev/app/build.xml:21:58: Task exited with code 2';
    const found = findFormatStrings(pasted, sourcesOfFiles(files));
    // ExecTask's `throw new BuildException("Task exited with code $return")`.
    expect(found.map((f) => [f.line, f.literal])).toEqual([[22, 'Task exited with code $return']]);
  });

  it('the banner alone is still read as the message', () => {
    expect(findFormatStrings('BUILD FAILED', sourcesOfFiles(files)).map((f) => f.line)).toEqual([11]);
  });
});

describe('Go’s sentinel error is a value its wrapper printed', () => {
  const files = ['rclone-fs-errors.go.txt', 'rclone-cmd.go.txt'];

  it('rclone’s `Failed to create file system for %q: %v` over `ErrorNotFoundInConfigFile`: the wrapper’s Fatalf lines', () => {
    const pasted =
      '2022/11/21 10:15:32 Failed to create file system for "nosuch:": didn\'t find section in config file';
    const found = findFormatStrings(pasted, sourcesOfFiles(files));
    expect(found.map((f) => [f.path, f.line])).toEqual([
      ['rclone-cmd.go.txt', 10],
      ['rclone-cmd.go.txt', 22],
    ]);
  });

  it('rclone’s `Failed to %s: %v` over `ErrorOverlapping`, its words in hundreds of lines: the wrapper is looked for by its opening', () => {
    // The lines a common pair of words (`Failed to`) is in before the wrapper's, as in rclone's
    // backends: more than a fragment's lookup reads.
    const others = Array.from({ length: 450 }, (_, i) => `\treturn fmt.Errorf("failed to read chunk ${i}: %w", err)`);
    const sources = sourcesOfTexts([
      ['backend.go', others],
      ['rclone-fs-errors.go.txt', fixture('rclone-fs-errors.go.txt')],
      ['rclone-cmd.go.txt', fixture('rclone-cmd.go.txt')],
    ]);
    const pasted =
      "2022/11/21 10:15:32 Failed to sync: can't sync or move files on overlapping remotes (try excluding the destination with a filter rule)";
    const found = findFormatStrings(pasted, sources);
    expect(found.map((f) => [f.path, f.line, f.literal])).toEqual([['rclone-cmd.go.txt', 31, 'Failed to %s: %v']]);
  });

  it('the sentinel’s text alone is still answered by its declaration', () => {
    const found = findFormatStrings("didn't find section in config file", sourcesOfFiles(files));
    expect(found.map((f) => [f.path, f.line])).toEqual([['rclone-fs-errors.go.txt', 6]]);
  });

  it('an error made in place (`err := errors.New(…)`) keeps the credit over its wrapper', () => {
    const sources = sourcesOfTexts([
      [
        'x.go',
        [
          'func f() {',
          '\terr := errors.New("didn\'t find section in config file")',
          '\tlog.Fatalf("Failed to create file system for %q: %v", remote, err)',
          '}',
        ],
      ],
    ]);
    const found = findFormatStrings(
      'Failed to create file system for "nosuch:": didn\'t find section in config file',
      sources,
    );
    expect(found.map((f) => f.line)).toEqual([2]);
  });
});

/** Files of lines as the corpus (file ids in order), found as the text index finds them. */
function sourcesOfTexts(files: [string, string[]][]): MessageSources {
  const hits = (test: (l: string) => boolean, limit: number) =>
    files
      .flatMap(([path, lines], fileId) => lines.flatMap((l, i) => (test(l) ? [{ fileId, path, line: i + 1 }] : [])))
      .slice(0, limit);
  return {
    linesContaining: (fragment, limit) => hits((l) => l.toLowerCase().includes(fragment.toLowerCase()), limit),
    linesMatching: (pattern, limit) => hits((l) => new RegExp(pattern, 'i').test(l), limit),
    lineText: (fileId, line) => files[fileId]?.[1][line - 1],
  };
}
