/**
 * Rust items made by macros of one file invoked in another: rustls's `enum_builder!` is written
 * in msgs/macros.rs and invoked in msgs/enums.rs, where it makes `HashAlgorithm`,
 * `CipherSuite`… — the crate's main protocol types. The analyzer sees one file at a time (and
 * does the file's own macros: macro-rules.ts), so the crate's macros are read here, at the build,
 * from every Rust file's text before the parse (a regular-expression pass; only files with a
 * `macro_rules!` are tokenized), and each Rust file's analysis is completed with what they make
 * in it.
 *
 * Incremental: an unchanged file's stored analysis is reused, and a macro it invokes may have
 * changed in another file. So the completion first drops the definitions made by macros of other
 * files (Definition.macro, a macro the file does not define) and makes them again from the
 * crate's macros as they are now: what a file holds never depends on which files changed.
 */
import type { Definition, FileAnalysis } from '../contract';
import {
  type CDefine,
  type CDefineTable,
  cDefineTable,
  cMacroDefinitions,
  cMacroRules,
  isKernelDefiner,
} from './c-macros';
import { type MacroRules, type MacroTable, macroTable, rustMacroDefinitions, rustMacroRules } from './macro-rules';

const RUST_FILE = /\.rs$/;
const C_FILE = /\.(?:c|h|cc|cpp|cxx|hpp|hh|hxx|inl|ipp|tpp)$/;

export class CorpusMacros {
  private constructor(
    /** Every item-making macro of the crate, by name (a later file's of the same name wins). */
    private readonly rust: MacroTable,
    /** Every function-like define that can make a definition, by name (likewise). */
    private readonly c: CDefineTable,
    /** The names of the macros each file defines itself. */
    private readonly own: ReadonlyMap<string, ReadonlySet<string>>,
  ) {}

  /** The definition-making macros of the files' Rust and C sources; null when there are none. */
  static of(files: readonly { path: string; text: string }[]): CorpusMacros | null {
    const rust: MacroRules[] = [];
    const c: CDefine[] = [];
    const own = new Map<string, Set<string>>();
    for (const f of files) {
      const rustFile = RUST_FILE.test(f.path);
      if (!rustFile && !C_FILE.test(f.path)) continue;
      const macros: { name: string }[] = rustFile ? rustMacroRules(f.text) : cMacroRules(f.text);
      if (macros.length === 0) continue;
      if (rustFile) rust.push(...(macros as MacroRules[]));
      else c.push(...(macros as CDefine[]));
      own.set(f.path, new Set(macros.map((m) => m.name)));
    }
    return rust.length || c.length ? new CorpusMacros(macroTable(rust), cDefineTable(c), own) : null;
  }

  /** The file's analysis with the definitions the other files' macros make in it. */
  complete(path: string, text: string, analysis: FileAnalysis): FileAnalysis {
    const isRust = RUST_FILE.test(path);
    if (!isRust && !C_FILE.test(path)) return analysis;
    const own = this.own.get(path);
    // The kernel's `DEFINE_MUTEX` is no file's macro: what it makes is the analyzer's, kept.
    const foreign = (name: string | undefined) =>
      name !== undefined && !own?.has(name) && (isRust || !isKernelDefiner(name));
    const kept = analysis.definitions.some((d) => foreign(d.macro))
      ? analysis.definitions.filter((d) => !foreign(d.macro))
      : analysis.definitions;
    const made = isRust
      ? rustMacroDefinitions(text, without(this.rust, own))
      : cMacroDefinitions(text, without(this.c, own), false);
    if (made.length === 0 && kept === analysis.definitions) return analysis;
    const known = new Set(kept.map((d) => `${d.name}:${d.nameLine}`));
    const definitions: Definition[] = [...kept];
    for (const d of made) if (!known.has(`${d.name}:${d.nameLine}`)) definitions.push(d);
    // Source order, outer first, as the analyzer lists a file's definitions.
    definitions.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
    return { ...analysis, definitions };
  }
}

/** The table less the names a file defines itself (the analyzer expanded those, and they shadow). */
function without<T>(table: ReadonlyMap<string, T>, own: ReadonlySet<string> | undefined): ReadonlyMap<string, T> {
  if (!own) return table;
  const others = new Map(table);
  for (const name of own) others.delete(name);
  return others;
}
