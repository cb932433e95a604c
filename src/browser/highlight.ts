/**
 * Syntax highlighting with the grammars the indexer already ships: each grammar package's
 * own queries/highlights.scm, run by web-tree-sitter in the highlight worker. No second
 * highlighter library. The result is a flat list of non-overlapping spans.
 */
import { Language as TSLanguage, Parser, Query } from 'web-tree-sitter';
import type { Language } from '../engine/contract';
import { browserGrammars } from './grammars';

const text = (module: Promise<{ default: string }>): Promise<string> => module.then((m) => m.default);
const joined = (...parts: Promise<string>[]): Promise<string> => Promise.all(parts).then((texts) => texts.join('\n'));
const javascriptHighlights = () => text(import('tree-sitter-javascript/queries/highlights.scm?raw'));
const jsxHighlights = () => text(import('tree-sitter-javascript/queries/highlights-jsx.scm?raw'));
const typescriptHighlights = () => text(import('tree-sitter-typescript/queries/highlights.scm?raw'));
const cHighlights = () => text(import('tree-sitter-c/queries/highlights.scm?raw'));

/**
 * Each language's highlights.scm, imported (a chunk of its own) the first time a file of that
 * language is shown. These queries follow the "later pattern wins" convention (a generic
 * `(identifier) @variable` first, specific patterns after), so a language's additions come
 * after its base: TypeScript's after JavaScript's, C++'s after C's.
 */
const HIGHLIGHTS: Readonly<Record<Language, () => Promise<string>>> = {
  javascript: () => joined(javascriptHighlights(), jsxHighlights()),
  typescript: () => joined(javascriptHighlights(), typescriptHighlights()),
  tsx: () => joined(javascriptHighlights(), jsxHighlights(), typescriptHighlights()),
  python: () => text(import('tree-sitter-python/queries/highlights.scm?raw')),
  go: () => text(import('tree-sitter-go/queries/highlights.scm?raw')),
  rust: () => text(import('tree-sitter-rust/queries/highlights.scm?raw')),
  java: () => text(import('tree-sitter-java/queries/highlights.scm?raw')),
  c: cHighlights,
  cpp: () => joined(cHighlights(), text(import('tree-sitter-cpp/queries/highlights.scm?raw'))),
  csharp: () => text(import('tree-sitter-c-sharp/queries/highlights.scm?raw')),
  ruby: () => text(import('tree-sitter-ruby/queries/highlights.scm?raw')),
  php: () => text(import('tree-sitter-php/queries/highlights.scm?raw')),
  kotlin: () => text(import('../../grammars/kotlin/highlights.scm?raw')),
  swift: () => text(import('../../grammars/swift/highlights.scm?raw')),
  scala: () => text(import('tree-sitter-scala/queries/highlights.scm?raw')),
  bash: () => text(import('tree-sitter-bash/queries/highlights.scm?raw')),
  lua: () => text(import('@tree-sitter-grammars/tree-sitter-lua/queries/highlights.scm?raw')),
};

/** Files larger than this are shown plain: highlighting them would hold the worker for seconds. */
export const MAX_HIGHLIGHT_CHARS = 2_000_000;

export interface Highlighting {
  /** Capture names, e.g. 'keyword', 'function.method'; spans refer to them by index. */
  classes: string[];
  /** Flat triples [start, end, classIndex], UTF-16 offsets into the text, sorted, non-overlapping. */
  spans: Int32Array;
}

let runtime: Promise<void> | null = null;
const languages = new Map<Language, Promise<{ parser: Parser; query: Query }>>();

function load(lang: Language) {
  let loaded = languages.get(lang);
  if (!loaded) {
    loaded = (async () => {
      runtime ??= browserGrammars
        .runtime()
        .then((options) => Parser.init(options as Parameters<typeof Parser.init>[0]));
      await runtime;
      const [language, highlights] = await Promise.all([
        browserGrammars.languageWasm(lang).then((wasm) => TSLanguage.load(wasm)),
        HIGHLIGHTS[lang](),
      ]);
      const parser = new Parser();
      parser.setLanguage(language);
      return { parser, query: new Query(language, highlights) };
    })();
    languages.set(lang, loaded);
  }
  return loaded;
}

export async function highlight(lang: Language, text: string): Promise<Highlighting> {
  if (text.length > MAX_HIGHLIGHT_CHARS) return { classes: [], spans: new Int32Array(0) };
  const { parser, query } = await load(lang);
  const tree = parser.parse(text);
  if (!tree) return { classes: [], spans: new Int32Array(0) };
  try {
    const captures = query.captures(tree.rootNode).map((c) => ({
      start: c.node.startIndex,
      end: c.node.endIndex,
      name: c.name,
      pattern: c.patternIndex,
    }));
    // Paint outer nodes first and inner ones over them; on the same node the later pattern wins.
    captures.sort((a, b) => b.end - b.start - (a.end - a.start) || a.pattern - b.pattern);
    const classes: string[] = [];
    const classIndex = new Map<string, number>();
    const paint = new Int16Array(text.length).fill(-1);
    for (const c of captures) {
      let index = classIndex.get(c.name);
      if (index === undefined) {
        index = classes.push(c.name) - 1;
        classIndex.set(c.name, index);
      }
      paint.fill(index, c.start, c.end);
    }
    const spans: number[] = [];
    for (let i = 0; i < paint.length;) {
      const value = paint[i];
      let j = i + 1;
      while (j < paint.length && paint[j] === value) j++;
      if (value >= 0) spans.push(i, j, value);
      i = j;
    }
    return { classes, spans: Int32Array.from(spans) };
  } finally {
    tree.delete();
  }
}
