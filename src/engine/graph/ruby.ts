/**
 * What a Ruby file says about its methods' names beyond its `def`s: the names it makes by
 * aliasing (`alias_method :human_name, :name`, `alias invoke_task invoke_command`). A bare call of
 * such a name is the file's own method, not a method of that name in some other class.
 */

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
