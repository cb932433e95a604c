/**
 * The benchmark's query set, drawn from the corpus itself so every query has something to
 * find: real definition names for definition / references / impact, real string literals for
 * exact match, and phrases built from real function names for understand. Deterministic: the
 * same corpus always gives the same queries.
 */
import type { Intent } from '../../src/engine/contract';
import type { CorpusRecord } from '../../src/engine/engine';
import { splitIdentifier } from '../../src/engine/tokens';

export type BenchIntent = Exclude<Intent, 'find_similar'>;
export const BENCH_INTENTS: readonly BenchIntent[] = [
  'find_definition',
  'find_references',
  'impact_analysis',
  'exact_match',
  'understand_code',
];

export interface BenchQuery {
  intent: BenchIntent;
  query: string;
  /** What a grep user would type for this query: the string literal, or the identifier (none for understand). */
  literal?: string;
}

/** Queries per intent. */
export const QUERIES_PER_INTENT = 20;

/** Phrasings per intent, cycled; several per intent so no single classifier rule carries the set. */
const DEFINITION_PHRASES = [
  (n: string) => `where is ${n} defined`,
  (n: string) => `function ${n}`,
  (n: string) => `definition of ${n}`,
  (n: string) => n,
];
const REFERENCE_PHRASES = [
  (n: string) => `who calls ${n}`,
  (n: string) => `where is ${n} used`,
  (n: string) => `usages of ${n}`,
  (n: string) => `callers of ${n}`,
];
const IMPACT_PHRASES = [
  (n: string) => `what depends on ${n}`,
  (n: string) => `what breaks if I change ${n}`,
  (n: string) => `impact of changing ${n}`,
];
const UNDERSTAND_PHRASES = [
  (w: string) => `how does ${w} work`,
  (w: string) => `explain how the code handles ${w}`,
  (w: string) => `what happens when we ${w}`,
];

/** A tiny deterministic hash, to spread picks over the corpus instead of taking the first files. */
function score(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function spread<T>(items: T[], key: (t: T) => string, n: number): T[] {
  return [...items].sort((a, b) => score(key(a)) - score(key(b))).slice(0, n);
}

function words(name: string): string[] {
  return splitIdentifier(name).map((w) => w.toLowerCase());
}

const STRING_LITERAL = /(['"])((?:(?!\1)[^\\\n]){16,60})\1/g;

export function generateQueries(files: readonly CorpusRecord[]): BenchQuery[] {
  // Names defined exactly once, long enough to be specific, functions/classes first.
  const definedIn = new Map<string, { count: number; kind: string }>();
  for (const f of files)
    for (const d of f.analysis.definitions) {
      const e = definedIn.get(d.name);
      if (e) e.count++;
      else definedIn.set(d.name, { count: 1, kind: d.kind });
    }
  const names = [...definedIn]
    .filter(
      ([n, e]) =>
        e.count === 1 &&
        n.length >= 6 &&
        /^[A-Za-z_$][\w$]*$/.test(n) &&
        /function|class|method|interface|type/.test(e.kind),
    )
    .map(([n]) => n);
  const picked = spread(names, (n) => n, QUERIES_PER_INTENT * 3);

  const queries: BenchQuery[] = [];
  picked.slice(0, QUERIES_PER_INTENT).forEach((n, i) =>
    queries.push({
      intent: 'find_definition',
      query: DEFINITION_PHRASES[i % DEFINITION_PHRASES.length](n),
      literal: n,
    }),
  );
  picked.slice(QUERIES_PER_INTENT, 2 * QUERIES_PER_INTENT).forEach((n, i) =>
    queries.push({
      intent: 'find_references',
      query: REFERENCE_PHRASES[i % REFERENCE_PHRASES.length](n),
      literal: n,
    }),
  );
  picked
    .slice(2 * QUERIES_PER_INTENT)
    .forEach((n, i) =>
      queries.push({ intent: 'impact_analysis', query: IMPACT_PHRASES[i % IMPACT_PHRASES.length](n), literal: n }),
    );

  // String literals with a space (prose-like, e.g. error messages), in few files.
  const literalFiles = new Map<string, Set<string>>();
  for (const f of files)
    for (const m of f.text.matchAll(STRING_LITERAL)) {
      const lit = m[2];
      // Prose-like literals (messages), not code fragments caught between two quotes.
      if (!/^[A-Za-z][a-z]+ [\w ,.:'-]*[\w.]$/.test(lit)) continue;
      let s = literalFiles.get(lit);
      if (!s) literalFiles.set(lit, (s = new Set()));
      s.add(f.path);
    }
  const literals = [...literalFiles].filter(([, s]) => s.size <= 3).map(([l]) => l);
  for (const lit of spread(literals, (l) => l, QUERIES_PER_INTENT))
    queries.push({ intent: 'exact_match', query: `"${lit}"`, literal: lit });

  // Understand: the words of a real multi-word function name, in a natural phrasing.
  const wordy = names.filter((n) => words(n).length >= 3 && words(n).length <= 5);
  const functions = wordy.filter((n) => /function|method/.test(definedIn.get(n)!.kind));
  // Declaration-only corpora (.d.ts) have few functions: fall back to type names.
  const phrases = functions.length >= QUERIES_PER_INTENT ? functions : wordy;
  spread(phrases, (n) => `u:${n}`, QUERIES_PER_INTENT).forEach((n, i) =>
    queries.push({
      intent: 'understand_code',
      query: UNDERSTAND_PHRASES[i % UNDERSTAND_PHRASES.length](words(n).join(' ')),
    }),
  );
  return queries;
}
