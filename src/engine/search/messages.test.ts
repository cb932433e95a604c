/**
 * A pasted message with its values filled in leads to the format string that
 * printed it. Fixtures are excerpts of real projects (licences in their first line).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planQuery, routePastedText } from '../classify';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8').split('\n');

/** The lines (1-based) of `lines` a case-insensitive pattern matches, as the text index's grep does. */
function matchingLines(lines: string[], pattern: string): number[] {
  const re = new RegExp(pattern, 'i');
  return lines.flatMap((l, i) => (re.test(l) ? [i + 1] : []));
}

function route(query: string, lines: string[]) {
  return routePastedText(
    planQuery(query),
    (text) => lines.some((l) => l.toLowerCase().includes(text.toLowerCase())),
    (pattern) => matchingLines(lines, pattern).length > 0,
  );
}

describe('a pasted message finds its format string', () => {
  it('Go %q: cobra’s “unknown command” error, the “Error: ” cobra prints around it left out', () => {
    const lines = fixture('cobra-args.go.txt');
    const plan = route('Error: unknown command "serv" for "hugo"', lines);
    expect(plan).toMatchObject({ intent: 'exact_match', rule: 'verbatim-text', pasted: true });
    expect(plan.literal).toBeUndefined();
    // Both of cobra's lines print it: `%q for %q%s` (line 8) and `%q for %q` (line 16).
    expect(matchingLines(lines, plan.regex!)).toEqual([8, 16]);
  });

  it('Python f-string: click’s “Name … defined twice”, the quoted value never the literal', () => {
    const lines = fixture('click-core.py.txt');
    const plan = route("TypeError: Name 'verbose' defined twice", lines);
    expect(plan.regex).toBeDefined();
    expect(plan.literal).toBeUndefined();
    expect(matchingLines(lines, plan.regex!)).toEqual([11]);
    expect(lines[10]).toContain(`raise TypeError(f"Name '{name}' defined twice")`);
  });

  it('Rust {}: semver’s “unexpected character … after …”, a trailing value of several words dropped', () => {
    const lines = fixture('semver-error.rs.txt');
    const plan = route("unexpected character 'x' after major version number", lines);
    expect(plan.regex).toBeDefined();
    expect(matchingLines(lines, plan.regex!)).toEqual([19]);
    expect(lines[18]).toContain('"unexpected character {} after {}"');
  });

  it('a message whose format the repository does not hold keeps its plan', () => {
    const lines = fixture('semver-error.rs.txt');
    const query = 'port 80a is not a number';
    expect(route(query, lines)).toEqual(planQuery(query));
  });
});
