/**
 * Suggested questions made from the open repository: one per intent, each naming this
 * repository's own code — its most central definitions (the graph's PageRank), its most central
 * file, a sentence of its documentation and a string it really contains. Every question is
 * checked against the classifier so it routes to the intent it stands for.
 */
import { FUNCTION_KINDS, type Chunk, type Intent } from './contract';
import { classify } from './classify';

export interface SuggestedQuery {
  intent: Intent;
  query: string;
}

/** What the suggestions are made from (Engine.suggestions() fills it). */
export interface SuggestionSource {
  chunks: readonly Chunk[];
  text(chunk: Chunk): string;
  /** PageRank × node count of a chunk (mean 1); 0 without a graph. */
  centrality(chunkId: number): number;
}

/** Definitions looked at for docs and strings: the most central ones are enough. */
const CANDIDATES = 400;
const NAMED = new Set(['function', 'method', 'class', 'interface', 'type', 'enum']);
/** Paths whose code is not the project's own story. */
const PERIPHERAL =
  /(^|\/)(tests?|__tests__|spec|specs|examples?|docs?|vendor|third_party|fixtures?|node_modules|dist|build)\//i;
const TEST_FILE = /(\.|_)(test|spec)\.|(^|\/)test_/i;
/** File stems that say nothing about what depends on them. */
const VAGUE_STEMS = new Set(['index', '__init__', 'main', 'mod', 'lib', 'init', 'utils', 'types', 'setup', 'conftest']);

function isOwnCode(path: string): boolean {
  return !PERIPHERAL.test(path) && !TEST_FILE.test(path);
}

/** A name worth asking about: long enough to be specific, not private, not a dunder. */
function goodName(name: string | undefined): name is string {
  return !!name && name.length >= 4 && name.length <= 40 && !name.startsWith('_') && /^[A-Za-z][\w$]*$/.test(name);
}

/** The first sentence of a chunk's doc comment or docstring, when it reads as prose. */
export function docSentence(text: string): string | null {
  const lines = text.split('\n').slice(0, 30);
  const prose: string[] = [];
  let inDoc = false;
  for (const raw of lines) {
    const line = raw.trim();
    const marker = /^(\/\*\*?|\*\/?|\/\/\/?|#!?|"""|''')\s?/.exec(line);
    const opensDocstring = /^[rRuU]?("""|''')/.test(line);
    if (opensDocstring) inDoc = !inDoc || /("""|''').*("""|''')/.test(line);
    if (!marker && !inDoc && !opensDocstring) {
      if (prose.length > 0) break;
      continue;
    }
    const body = line
      .replace(/^[rRuU]?("""|''')/, '')
      .replace(/("""|''')$/, '')
      .replace(/^(\/\*\*?|\*\/?|\/\/\/?|#)\s?/, '')
      .trim();
    if (!body || body.startsWith('@') || body.startsWith(':') || body.startsWith('-')) {
      if (prose.length > 0) break;
      continue;
    }
    prose.push(body);
    if (/[.!?](\s|$)/.test(body)) break;
  }
  const sentence = prose
    .join(' ')
    .split(/(?<=[.!?])\s/)[0]
    ?.replace(/[.!?:]$/, '');
  if (!sentence) return null;
  const words = sentence.split(/\s+/);
  if (words.length < 4 || words.length > 14) return null;
  if (!/^[A-Za-z][A-Za-z0-9 ,'’()_-]+$/.test(sentence)) return null;
  if (/license|copyright|eslint|todo|fixme|noqa|pragma/i.test(sentence)) return null;
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

/** A string literal that reads like a message (several words), as written in the code. */
export function messageLiteral(text: string): string | null {
  for (const m of text.matchAll(/(["'`])([A-Z][A-Za-z ,'’.:;-]{14,70})\1/g)) {
    const body = m[2];
    if (body !== body.trim() || /\s{2}/.test(body) || (m[1] === "'" && body.includes("'"))) continue;
    if (body.split(' ').length >= 3) return body;
  }
  return null;
}

function stem(path: string): string {
  const base = path.split('/').pop() ?? path;
  return base.replace(/\.[^.]+$/, '');
}

/** One routed question per intent (fewer when the repository has nothing to say for one). */
export function suggestQueries(source: SuggestionSource): SuggestedQuery[] {
  const definitions = source.chunks
    .filter((c) => c.kind === 'definition' && NAMED.has(c.definitionKind ?? '') && goodName(c.symbol))
    .map((c) => ({ chunk: c, own: isOwnCode(c.path), centrality: source.centrality(c.id) }))
    // Central first; own code before tests and examples; then longer bodies (more to say).
    .sort(
      (a, b) =>
        Number(b.own) - Number(a.own) ||
        b.centrality - a.centrality ||
        b.chunk.endLine - b.chunk.startLine - (a.chunk.endLine - a.chunk.startLine),
    )
    .slice(0, CANDIDATES)
    .map((d) => d.chunk);
  const used = new Set<string>();
  const out: SuggestedQuery[] = [];
  const add = (intent: Intent, query: string | null, name?: string) => {
    if (!query || out.some((s) => s.intent === intent)) return false;
    if (classify(query).intent !== intent) return false;
    out.push({ intent, query });
    if (name) used.add(name);
    return true;
  };
  const callables = definitions.filter((c) => FUNCTION_KINDS.has(c.definitionKind ?? ''));
  const fresh = (list: Chunk[]) => list.filter((c) => !used.has(c.symbol!));

  for (const c of fresh(callables.length ? callables : definitions))
    if (
      add('find_definition', `function ${c.symbol}`, c.symbol) ||
      add('find_definition', `where is ${c.symbol} defined`, c.symbol)
    )
      break;
  for (const c of fresh(callables.length ? callables : definitions))
    if (add('find_references', `who calls ${c.symbol}`, c.symbol)) break;

  // The most central file of the project's own code, by the summed centrality of its definitions.
  const byFile = new Map<string, number>();
  for (const c of definitions)
    if (isOwnCode(c.path) && !VAGUE_STEMS.has(stem(c.path).toLowerCase()) && goodName(stem(c.path)))
      byFile.set(c.path, (byFile.get(c.path) ?? 0) + source.centrality(c.id) + 1);
  const centralFile = [...byFile].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (centralFile) add('impact_analysis', `what depends on ${stem(centralFile)}`);
  const classes = fresh(definitions.filter((c) => c.definitionKind === 'class' || c.definitionKind === 'interface'));
  if (!centralFile && classes[0]) add('impact_analysis', `what depends on ${classes[0].symbol}`, classes[0].symbol);

  for (const c of definitions) if (add('exact_match', quoted(messageLiteral(source.text(c))))) break;

  for (const c of definitions) {
    if (add('understand_code', docSentence(source.text(c)))) break;
  }
  if (definitions[0]) add('understand_code', `how does ${definitions[0].symbol} work`);

  for (const c of fresh(callables.length ? callables : definitions))
    if (add('find_similar', `code similar to ${c.symbol}`, c.symbol)) break;

  return ORDER.flatMap((intent) => out.filter((s) => s.intent === intent));
}

const ORDER: Intent[] = [
  'find_definition',
  'find_references',
  'impact_analysis',
  'exact_match',
  'understand_code',
  'find_similar',
];

function quoted(text: string | null): string | null {
  return text ? `"${text}"` : null;
}
