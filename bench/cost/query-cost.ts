/**
 * What the tag query's CPU is made of, per language, over a sample of a corpus tier: the
 * analyzer's compiled query over every sampled file's tree; the same query with every pattern
 * disabled (the query cursor's walk of the tree alone, which no bound on a pattern can shorten
 * while another pattern may start at any depth); and each pattern's marginal cost (the query
 * with that one pattern disabled). The variants run in turn, round after round; each keeps the
 * least CPU of its rounds, since a shared machine's load only adds to it. Differences below a
 * few per cent of the query are within what load leaves.
 *
 *   npx tsx bench/cost/query-cost.ts [--size 50] [--every 8] [--rounds 7] [--language javascript] [--top 12]
 *
 * --every N: one file in N (path order) is parsed and kept; --language: that language only.
 */
import { loadavg } from 'node:os';
import type { Parser, Query, Tree } from 'web-tree-sitter';
import type { Language } from '../../src/engine/contract';
import { MAX_PARSE_CHARS, StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { languageForFile } from '../../src/engine/structural/grammars';
import { nodeGrammars } from '../../src/node/grammars';
import { cpuMsOf } from './stats';
import { readTier } from './tier-files';

const argument = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};

/** The analyzer's own parser and compiled queries for a language (private to it: read here, never changed but by disabling). */
interface Compiled {
  parser: Parser;
  query: { query: Query; rooted: { query: Query; patterns: Int32Array } | null };
}

async function compiledFor(lang: Language): Promise<Compiled> {
  const analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
  await analyzer.prepare([lang]);
  return (analyzer as unknown as { loaded: Map<Language, Compiled> }).loaded.get(lang)!;
}

async function main(): Promise<void> {
  const size = Number(argument('size') ?? 50);
  const every = Number(argument('every') ?? 8);
  const rounds = Number(argument('rounds') ?? 7);
  const only = argument('language');
  const top = Number(argument('top') ?? 12);
  const byLanguage = new Map<Language, { trees: Tree[]; chars: number }>();
  const parsers = new Map<Language, Compiled>();
  const sample = readTier(size).filter((_, i) => i % every === 0);
  for (const file of sample) {
    const lang = languageForFile(file.path, file.text);
    // Files over the analyzer's parse limit are left out, as it leaves them.
    if (!lang || (only && lang !== only) || file.text.length > MAX_PARSE_CHARS) continue;
    if (!parsers.has(lang)) parsers.set(lang, await compiledFor(lang));
    const tree = parsers.get(lang)!.parser.parse(file.text);
    if (!tree) continue;
    const entry = byLanguage.get(lang) ?? { trees: [], chars: 0 };
    byLanguage.set(lang, entry);
    entry.trees.push(tree);
    entry.chars += file.text.length;
  }
  console.log(`# query-cost, ${size} MB tier, one file in ${every}, ${rounds} rounds, load ${loadavg()[0].toFixed(1)}`);
  for (const [lang, { trees, chars }] of byLanguage) {
    const main = parsers.get(lang)!.query;
    const count = main.query.patternCount();
    const variants: { name: string; query: Query }[] = [{ name: 'the query', query: main.query }];
    const bare = (await compiledFor(lang)).query.query;
    for (let p = 0; p < count; p++) bare.disablePattern(p);
    variants.push({ name: 'walk alone (every pattern disabled)', query: bare });
    // The rooted patterns are disabled in the query already (they run apart, from the root).
    const rootedPatterns = new Set(main.rooted?.patterns ?? []);
    for (let p = 0; p < count; p++) {
      if (rootedPatterns.has(p)) continue;
      const without = (await compiledFor(lang)).query.query;
      without.disablePattern(p);
      variants.push({ name: `#${p}`, query: without });
    }
    const least = variants.map(() => Number.POSITIVE_INFINITY);
    let rootedMs = Number.POSITIVE_INFINITY;
    // A first round, not counted: the JIT warms up and the wasm tiers up.
    for (let round = -1; round < rounds; round++) {
      variants.forEach((v, k) => {
        const ms = cpuMsOf(() => trees.forEach((t) => v.query.matches(t.rootNode)));
        if (round >= 0) least[k] = Math.min(least[k], ms);
      });
      const rooted = main.rooted?.query;
      const ms = rooted ? cpuMsOf(() => trees.forEach((t) => rooted.matches(t.rootNode, { maxStartDepth: 0 }))) : 0;
      if (round >= 0) rootedMs = Math.min(rootedMs, ms);
    }
    const whole = least[0];
    const pct = (ms: number) => `${((100 * ms) / whole).toFixed(1)} %`;
    console.log(`\n## ${lang}: ${trees.length} files, ${(chars / 1e6).toFixed(2)} M characters`);
    console.log(`the query ${whole.toFixed(0)} ms; its walk alone ${least[1].toFixed(0)} ms (${pct(least[1])})`);
    if (main.rooted) console.log(`the rooted patterns' query, from the root alone: ${rootedMs.toFixed(0)} ms`);
    const marginal = variants
      .slice(2)
      .map((v, k) => ({ v, ms: whole - least[k + 2] }))
      .sort((a, b) => b.ms - a.ms);
    console.log(`patterns costing most (the query less the query without it):`);
    for (const { v, ms } of marginal.slice(0, top)) {
      const p = Number(v.name.slice(1));
      const source = (main.query as unknown as { source?: string }).source;
      const text = source
        ? ` ${source.slice(main.query.startIndexForPattern(p), main.query.endIndexForPattern(p))}`
        : '';
      console.log(
        `  ${v.name.padEnd(4)} ${ms.toFixed(0).padStart(5)} ms (${pct(ms)})${text.replace(/\s+/g, ' ').slice(0, 120)}`,
      );
    }
    for (const tree of trees) tree.delete();
  }
}

await main();
