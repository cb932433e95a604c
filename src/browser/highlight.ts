/**
 * Syntax highlighting with the grammars the indexer already ships: each grammar package's
 * own queries/highlights.scm, run by web-tree-sitter in the highlight worker. No second
 * highlighter library. The result is a flat list of non-overlapping spans.
 */
import { Language as TSLanguage, Parser, Query } from 'web-tree-sitter';
import type { Language } from '../engine/contract';
import { browserGrammars } from './grammars';
import javascriptHighlights from 'tree-sitter-javascript/queries/highlights.scm?raw';
import jsxHighlights from 'tree-sitter-javascript/queries/highlights-jsx.scm?raw';
import typescriptHighlights from 'tree-sitter-typescript/queries/highlights.scm?raw';
import pythonHighlights from 'tree-sitter-python/queries/highlights.scm?raw';
import goHighlights from 'tree-sitter-go/queries/highlights.scm?raw';
import rustHighlights from 'tree-sitter-rust/queries/highlights.scm?raw';
import javaHighlights from 'tree-sitter-java/queries/highlights.scm?raw';

/**
 * These queries follow the "later pattern wins" convention (a generic `(identifier) @variable`
 * first, specific patterns after), so a language's additions come after its base.
 */
const HIGHLIGHTS: Readonly<Record<Language, string>> = {
  javascript: `${javascriptHighlights}\n${jsxHighlights}`,
  typescript: `${javascriptHighlights}\n${typescriptHighlights}`,
  tsx: `${javascriptHighlights}\n${jsxHighlights}\n${typescriptHighlights}`,
  python: pythonHighlights,
  go: goHighlights,
  rust: rustHighlights,
  java: javaHighlights,
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
      const language = await TSLanguage.load(await browserGrammars.languageWasm(lang));
      const parser = new Parser();
      parser.setLanguage(language);
      return { parser, query: new Query(language, HIGHLIGHTS[lang]) };
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
