/**
 * What a Ruby file says about its methods' names beyond its `def`s: the names it makes by
 * aliasing (`alias_method :human_name, :name`, `alias invoke_task invoke_command`). A bare call of
 * such a name is the file's own method, not a method of that name in some other class.
 */

import { escapeRegExp } from '../text/escape';

/** `alias_method :new, :old` (symbols or strings) and `alias new old` / `alias :new :old`; not global-variable aliases (`alias $new $old`). */
const RUBY_ALIAS =
  /^\s*(?:alias_method\s*\(?\s*[:'"]([\w?!=]+)['"]?\s*,\s*[:'"]([\w?!=]+)|alias\s+:?([A-Za-z_][\w?!=]*)\s+:?([A-Za-z_][\w?!=]*))/gm;

/** The names a Ruby file defines by aliasing, each with the name it aliases. */
export function rubyAliases(text: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!text.includes('alias')) return out;
  for (const m of text.matchAll(RUBY_ALIAS)) out.set(m[1] ?? m[3], m[2] ?? m[4]);
  return out;
}

/** `class Option < Argument` (the superclass's last segment). */
const RUBY_SUPERCLASS = /^\s*class\s+(?:[\w]+::)*(\w+)\s*<\s*(?:[\w]+::)*(\w+)/gm;
/** `include A, B`, `extend A`, `prepend A`, `base.send :include, A`, `base.extend ClassMethods`: the modules' last segments. */
const RUBY_MIXIN = /\b(?:include|extend|prepend)\b\s*[(,]?\s*((?:::)?[A-Z][\w:]*(?:\s*,\s*(?:::)?[A-Z][\w:]*)*)/g;

const lastSegment = (path: string): string => path.slice(path.lastIndexOf(':') + 1);

/** The file name Ruby's convention gives a class or module: LineEditor → line_editor.rb, HTTPError → http_error.rb. */
export function rubyFileNameOf(type: string): string {
  return (
    type
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .replace(/([a-z\d])([A-Z])/g, '$1_$2')
      .toLowerCase() + '.rb'
  );
}

/**
 * Which classes and modules a Ruby class reaches by inheriting and mixing in, by name over the
 * whole repository: the methods a bare call in the class can reach (its own, its ancestors',
 * its mixins'). A file's mixins are counted for every class and module it defines; a superclass
 * for its class only. Names are last segments (`Thor::Shell` → Shell), as definitions' containers are.
 */
export class RubyAncestry {
  private readonly direct = new Map<string, Set<string>>();
  private readonly reached = new Map<string, Set<string>>();

  /** `files`: each Ruby file's text and the classes and modules it defines. */
  constructor(files: Iterable<{ text: string; types: readonly string[] }>) {
    for (const { text, types } of files) {
      const mixins: string[] = [];
      for (const m of text.matchAll(RUBY_MIXIN))
        for (const name of m[1].split(',')) mixins.push(lastSegment(name.trim()));
      for (const type of types) for (const mixin of mixins) this.add(type, mixin);
      for (const m of text.matchAll(RUBY_SUPERCLASS)) this.add(m[1], m[2]);
    }
  }

  private add(type: string, ancestor: string): void {
    const set = this.direct.get(type);
    if (set) set.add(ancestor);
    else this.direct.set(type, new Set([ancestor]));
  }

  /** The class itself and everything it reaches, transitively. */
  reach(type: string): ReadonlySet<string> {
    let out = this.reached.get(type);
    if (out) return out;
    out = new Set([type]);
    const stack = [type];
    while (stack.length > 0)
      for (const next of this.direct.get(stack.pop()!) ?? [])
        if (!out.has(next)) {
          out.add(next);
          stack.push(next);
        }
    this.reached.set(type, out);
    return out;
  }
}

/**
 * The constant a Ruby value is made from where its file says so (`@parser ||= URI::Parser.new`,
 * `parser = Parser.new`): its path as written, or undefined. `name` is the value's name without `@`.
 */
export function rubyConstructedAs(text: string, name: string): string | undefined {
  if (!text.includes(name)) return undefined;
  const made = new RegExp(
    `(?:^|[^\\w@])@?${escapeRegExp(name)}\\s*(?:\\|\\|)?=\\s*((?:::)?[A-Z][\\w:]*)\\.new\\b`,
    'gm',
  );
  let last: string | undefined;
  for (const m of text.matchAll(made)) last = m[1].replace(/^::/, '');
  return last;
}
