/**
 * How many arguments a call of a function must pass, read from its signature in any language
 * Fourfold parses: the parameters between the parentheses after its name, less the receiver
 * (`self`, `&mut self`, `cls`, `this: T`) and those a call may leave out (a default value,
 * `*args`, `**kwargs`, `&block`, `...rest`, `name?:`, C's `...` and `(void)`). "Similar to X"
 * reads it as part of X's shape: a getter and the setter beside it (`isActive()` ·
 * `setActive(bool $active)`) share their words, not their form.
 */

/** Words before a parameter's name that are neither its name nor its type (`mut x: u32`, `private readonly x: T`). */
const MODIFIERS = /^(?:(?:mut|ref|public|private|protected|readonly)\s+)+/;

/** Parameters that stand for the receiver, not an argument of the call. */
const RECEIVER = /^(?:&\s*)?(?:'\w+\s+)?(?:mut\s+)?(?:self|cls|this)\b/;

/** The number of required parameters of a function's signature; null when it has no parameter list. */
export function requiredArity(name: string, signature: string): number | null {
  const params = parametersOf(name, signature);
  return params === null ? null : params.filter((p) => !optional(p)).length;
}

/**
 * How many arguments a call of a function may pass: its required parameters (`min`) up to every
 * parameter (`max`; Infinity with a variadic list, `*args`, `**kwargs`, `...rest`, C's `...`).
 * A block (`&block`) is code, not a value, and a bare `*` marks keyword-only parameters: neither
 * is counted. "Similar to X" compares two forms by their closest call counts (closestArities):
 * a setter whose value may be left out (dns's `SetDo(do ...bool)`, Symfony's `setHorizontal(bool
 * $horizontal = true)`) takes one like its fellow setters; `exit(code=0)` is still called as
 * `abort()` is.
 */
export interface CallArity {
  min: number;
  max: number;
}

/** The call counts a function's signature allows; null when it has no parameter list. */
export function callArity(name: string, signature: string): CallArity | null {
  const params = parametersOf(name, signature);
  if (params === null) return null;
  let min = 0;
  let max = 0;
  for (const p of params) {
    if (/^&[A-Za-z_]/.test(p) || p === '*') continue;
    if (p.startsWith('*') || p.includes('...')) max = Infinity;
    else if (optional(p)) max++;
    else {
      min++;
      max++;
    }
  }
  return { min, max };
}

/**
 * The two call counts, one of each function, that are closest: the same count when one call may
 * pass as many arguments as the other, else the nearest ends of the two ranges. arityAffinity of
 * the pair is how alike the two forms are, and the pair is what an explanation shows.
 */
export function closestArities(a: CallArity, b: CallArity): [number, number] {
  if (a.max < b.min) return [a.max, b.min];
  if (b.max < a.min) return [a.min, b.max];
  const shared = Math.max(a.min, b.min);
  return [shared, shared];
}

/**
 * The names a function's signature gives its parameters, less the receiver: what its body calls
 * them. A type written before the name (C, C++, Java, PHP's `int $n`) or after it (`n: int`, Go's
 * `n int` when `typeFirst` is false) and a default value are left out; [] when it has none.
 */
export function parameterNames(name: string, signature: string, typeFirst = true): string[] {
  const names: string[] = [];
  for (const p of parametersOf(name, signature) ?? []) {
    const declared = p.split(/(?<![=!<>])=(?![=>])/)[0].replace(/\[[^\]]*\]/g, '');
    const typed = /^([^:]*?)\s*:(?!:)/.exec(declared);
    const words = (typed ? typed[1] : declared).replace(MODIFIERS, '').match(/[$\w]+/g);
    if (!words) continue;
    names.push(typed || !typeFirst ? words[0] : words[words.length - 1]);
  }
  return names;
}

/** The parameters of a function's signature, less the receiver; null when it has no parameter list. */
function parametersOf(name: string, signature: string): string[] | null {
  const at = wordAt(signature, name);
  if (at < 0) return null;
  const open = signature.indexOf('(', at + name.length);
  if (open < 0) return null;
  // Only what may sit between a name and its parameters: generics, whitespace, a C macro's name.
  if (/[={;:]/.test(signature.slice(at + name.length, open).replace(/<[^()]*>/g, ''))) return null;
  const params = topLevelParts(signature, open + 1);
  if (params === null) return null;
  return params.filter((p) => p !== '' && p !== 'void' && p !== '/' && !RECEIVER.test(p));
}

/** Where `name` first stands as a whole word in `text` (not inside `func` or `getIn`), or -1. */
function wordAt(text: string, name: string): number {
  const word = /[\w$]/;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = at > 0 && word.test(text[at - 1]);
    const after =
      at + name.length < text.length && word.test(text[at + name.length]) && word.test(name[name.length - 1]);
    if (!before && !after) return at;
  }
  return -1;
}

/** Whether a call may leave a parameter out. */
function optional(p: string): boolean {
  if (/^(?:\*|&[A-Za-z_]|\.\.\.)/.test(p) || p.includes('...')) return true;
  if (/^[\w$]+\?\s*:/.test(p)) return true;
  return /[^=!<>]=(?![=>])/.test(p);
}

/** The comma-separated parts of the list opened before `from`, trimmed; null when it never closes. */
function topLevelParts(text: string, from: number): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{' || (c === '<' && text[i + 1] !== '=')) depth++;
    else if (c === '>' && (text[i - 1] === '-' || text[i - 1] === '=')) continue;
    else if (c === ')' || c === ']' || c === '}' || c === '>') {
      if (depth === 0) {
        if (c !== ')') return null;
        parts.push(text.slice(start, i).trim());
        return parts;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return null;
}

/**
 * How alike two arities are: (1 + the smaller) ÷ (1 + the larger), squared — 1 for the same
 * number, 0.25 for none against one (a getter and its setter), 0.44 for one against two; 1 when
 * either has no parameter list (a class, a Ruby method written without parentheses).
 */
export function arityAffinity(a: number | null, b: number | null): number {
  if (a === null || b === null) return 1;
  const ratio = (1 + Math.min(a, b)) / (1 + Math.max(a, b));
  return ratio * ratio;
}
