/**
 * Shell functions that a function makes with `eval` under a name built from its arguments: bash
 * completion's `___git_complete` writes `local wrapper="__git_wrap${2}"` and then
 * `eval "$wrapper () { __git_func_wrap $2 ; }"`, and each call such as `___git_complete git
 * __git_main` defines `__git_wrap__git_main`, the name `complete -p git` prints. No parse names
 * it, since the name exists only once the call runs. Each call with plain words for arguments
 * is read: the name is the eval's, its positional parameters filled in, at the eval's line.
 */
import type { Definition } from '../contract';

/** A function's first line at column 0: `name ()`, `function name`, `function name ()`, maybe with its `{`. */
const FUNCTION_HEAD =
  /^(?:function[ \t]+([A-Za-z_][\w:.+-]*)(?:[ \t]*\(\))?|([A-Za-z_][\w:.+-]*)[ \t]*\(\))[ \t]*\{?[ \t]*$/;

/** `eval "NAME () {`: the name of letters and parameters (`$wrapper`, `${2}`, `prefix_$1`). */
const EVAL_FUNCTION = /^[ \t]*eval[ \t]+["']?[ \t]*((?:[\w:.+-]|\$\{?\w+\}?)+)[ \t]*\(\)[ \t]*\{/;

/** `local name="…"` / `name=…`: a value of letters and positional parameters only. */
const ASSIGNMENT =
  /^[ \t]*(?:(?:local|declare|typeset)[ \t]+)?([A-Za-z_]\w*)=(["']?)((?:[\w:.+-]|\$\{?\w+\}?)+)\2[ \t]*(?:;[ \t]*)?$/;

/** A parameter in a name: `$x`, `${x}`. */
const PARAMETER = /\$\{?(\w+)\}?/g;

/** A function name a shell accepts, as the analysis names functions. */
const NAME = /^[A-Za-z_][\w:.+-]*$/;

/** Calls of one maker read, at most: a table of wrappers, not a generated file. */
const MAX_CALLS = 64;

const SIGNATURE_CHARS = 200;

interface Maker {
  name: string;
  /** The eval's name, variables resolved: letters and positional parameters (`__git_wrap${2}`). */
  template: string;
  line: number;
  signature: string;
}

/** The functions the file's evals make, one for each call of their function with plain words. */
export function shellEvalDefinitions(text: string): Definition[] {
  if (!text.includes('eval')) return [];
  const lines = text.split('\n');
  const makers: Maker[] = [];
  let current: string | null = null;
  let values = new Map<string, string>();
  for (let row = 0; row < lines.length; row++) {
    const line = lines[row];
    const head = FUNCTION_HEAD.exec(line);
    if (head) {
      current = head[1] ?? head[2];
      values = new Map();
      continue;
    }
    if (/^\}/.test(line)) {
      current = null;
      continue;
    }
    if (current === null) continue;
    const assigned = ASSIGNMENT.exec(line);
    if (assigned) {
      values.set(assigned[1], assigned[3]);
      continue;
    }
    const made = EVAL_FUNCTION.exec(line);
    if (!made) continue;
    // A variable the function set is read once; what is left must be positional parameters.
    const template = made[1].replace(PARAMETER, (whole, name: string) =>
      /^\d+$/.test(name) ? whole : (values.get(name) ?? whole),
    );
    if ([...template.matchAll(PARAMETER)].some((p) => !/^[1-9]$/.test(p[1]))) continue;
    if (!/\$/.test(template)) continue;
    makers.push({ name: current, template, line: row + 1, signature: line.trim().slice(0, SIGNATURE_CHARS) });
  }
  const made: Definition[] = [];
  for (const maker of makers) {
    const call = new RegExp(`^[ \\t]*${maker.name.replace(/[.+]/g, '\\$&')}((?:[ \\t]+[\\w:.+-]+)+)[ \\t]*(?:#.*)?$`);
    let calls = 0;
    for (const line of lines) {
      const m = call.exec(line);
      if (!m || ++calls > MAX_CALLS) continue;
      const args = m[1].trim().split(/[ \t]+/);
      const name = maker.template.replace(PARAMETER, (_, n: string) => args[Number(n) - 1] ?? '\u0000');
      if (!NAME.test(name) || made.some((d) => d.name === name && d.nameLine === maker.line)) continue;
      made.push({
        name,
        kind: 'function',
        signature: maker.signature,
        startLine: maker.line,
        endLine: maker.line,
        nameLine: maker.line,
      });
    }
  }
  return made;
}
