/**
 * Where a pasted message's results are shown: the pattern of the formats' lines, the format's
 * line, and the function or statement around it. Fixtures are excerpts of real projects
 * (licences in their first line).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/support/messages';
import { Engine } from '../../engine';
import { enclosingFunction, formatLinePattern } from './place';
import { engineOver } from '../../../../test/support/engine';

describe('the result is the function around the message', () => {
  it('tokio’s `expect` inside a macro-made impl: the 40-line window narrows to fn time', () => {
    const lines = fixture('tokio-driver.rs.txt');
    const line = lines.findIndex((l) => l.includes('A Tokio 1.x context was found, but timers are disabled')) + 1;
    const range = enclosingFunction('runtime/driver.rs', lines, line, 2, lines.length);
    expect(range).not.toBeNull();
    expect(lines[range![0] - 1]).toContain('pub(crate) fn time(&self)');
    expect(lines[range![1] - 1].trim()).toBe('}');
    expect(range![1] - range![0]).toBe(4);
  });

  it('Ruby: from def to its end', () => {
    const lines = fixture('thor-arguments-excerpt.rb.txt');
    expect(enclosingFunction('arguments.rb', lines, 45, 1, lines.length)).toEqual([39, 46]);
  });
});

describe('the pattern of the format lines', () => {
  it('matches the literal between its quotes, not the same words in a comment', () => {
    const pattern = formatLinePattern([
      { path: 'a.go', line: 3, literal: 'unknown command %q for %q', constantChars: 17, score: 17, coverage: 1 },
    ]);
    const re = new RegExp(pattern);
    expect(re.test('\t\treturn fmt.Errorf("unknown command %q for %q", args[0], cmd.CommandPath())')).toBe(true);
    expect(re.test('// unknown command %q for %q is returned when no subcommand matches')).toBe(false);
  });
});

describe('the line and range shown for a message (classes found by bench/real/mined-messages.ts)', () => {
  const files = [
    ['thor/shell/html.rb', 'thor-shell-html.rb.txt'],
    ['echo.go', 'echo-error-vars.go.txt'],
    ['macros/select.rs', 'tokio-select-macro.rs.txt'],
  ].map(([path, name]) => ({ path, text: fixture(name).slice(1).join('\n') }));
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineOver(files);
  });

  it('a comment repeating the message (`# TODO: Implement #ask …`) is not where it is printed: the raise is, in its method', async () => {
    const r = await engine.search('Implement #ask for Thor::Shell::HTML');
    const lines = files[0].text.split('\n');
    const top = r.results[0];
    expect(top.path).toBe('thor/shell/html.rb');
    expect(lines[top.line! - 1]).toContain('raise NotImplementedError, "Implement #ask');
    expect(lines[top.startLine - 1]).toContain('def ask(statement, color = nil)');
    expect(top.endLine - top.startLine).toBe(2);
  });

  it('a message declared in a block of error values (Go `var ( … )`) is shown as its own statement, not the 40-line block', async () => {
    const r = await engine.search('Error: validator not registered');
    const lines = files[1].text.split('\n');
    const top = r.results[0];
    expect(top.path).toBe('echo.go');
    expect(lines[top.line! - 1]).toContain('errors.New("validator not registered")');
    expect([top.startLine, top.endLine]).toEqual([top.line, top.line]);
  });

  it('a panic in one arm of a 225-line `macro_rules!` body is shown as that statement, not the whole macro', async () => {
    const r = await engine.search("thread 'main' panicked at src/lib.rs:42:9:\nfailed to match bind");
    const lines = files[2].text.split('\n');
    const top = r.results[0];
    expect(top.path).toBe('macros/select.rs');
    expect(lines[top.line! - 1]).toContain('unreachable!("failed to match bind")');
    expect(top.endLine - top.startLine).toBeLessThan(3);
  });
});
