/**
 * "Find similar" (code → code), scored on a labelled set of our own: **the same function in
 * two packages**. Every evaluation corpus is put in one engine (paths prefixed by the corpus
 * name); a function, method or class whose name is also defined in another corpus, with a body
 * that is not a copy (different text after whitespace is squeezed), is a query: "find similar"
 * on its chunk, as the result action does (engine.search with similarToChunk). The right
 * answers are the files of the other corpora that define the same name. redux and
 * @reduxjs/toolkit, and the two TanStack cores, share such helpers (isPlainObject,
 * functionalUpdate, noop…), written again rather than imported.
 *
 * Scored per modality alone (the modality's own list from the explanation, as the other
 * intents are) and per preset, at file level, one entry per file, the query's own file left
 * out. The semantic list is scored twice: as built (Hamming, then int8 rescoring) and from the
 * same snapshot without its int8 vectors (Hamming, then the ±1 bits) — the effect of storing int8.
 */
import type { Modality, SearchResponse } from '../../src/engine/contract';
import { MODALITIES } from '../../src/engine/contract';
import { Engine, type EngineDeps } from '../../src/engine/engine';
import { withoutInt8 } from './rescoring';
import type { LoadedCorpus } from './corpora';
import { CUTOFF, firstPerKey, meanScores, type QueryScores, scoreRanking } from './metrics';
import { SeededRandom } from './rng';

/** Queries kept at most (seeded sample), and per shared name, so one common name does not dominate. */
const MAX_QUERIES = 80;
const MAX_PER_NAME = 3;
/** A definition shorter than this is too small to be "the same function" by its body. */
const MIN_LINES = 3;
/** Names too generic to mean the same function in two packages. */
const GENERIC_NAMES = new Set([
  'constructor',
  'default',
  'toString',
  'toJSON',
  'get',
  'set',
  'run',
  'create',
  'init',
  'index',
]);

export interface SimilarQuery {
  id: string;
  name: string;
  /** The chunk the query starts from ("Find similar" on it). */
  chunkId: number;
  path: string;
  /** Files of other corpora defining the same name: the right answers. */
  relevant: string[];
}

export interface SimilarResult {
  queries: number;
  names: number;
  corpora: string[];
  /** Mean scores per system. */
  systems: Record<string, QueryScores>;
  sample: { name: string; from: string; relevant: string[] }[];
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The labelled set over an engine built on the union of the corpora. */
export function similarQueries(engine: Engine, chunkCount: number): SimilarQuery[] {
  const byName = new Map<string, { chunkId: number; corpus: string; path: string; body: string }[]>();
  for (let id = 0; id < chunkCount; id++) {
    const c = engine.chunk(id);
    if (c.kind !== 'definition' || !c.symbol || c.symbol.length < 4 || GENERIC_NAMES.has(c.symbol)) continue;
    if (!['function', 'method', 'class'].includes(c.definitionKind ?? '')) continue;
    if (c.endLine - c.startLine + 1 < MIN_LINES) continue;
    const list = byName.get(c.symbol) ?? [];
    list.push({ chunkId: id, corpus: c.path.split('/')[0], path: c.path, body: squeeze(engine.chunkText(c)) });
    byName.set(c.symbol, list);
  }
  const candidates: SimilarQuery[] = [];
  for (const [name, defs] of [...byName].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (new Set(defs.map((d) => d.corpus)).size < 2) continue;
    let perName = 0;
    for (const d of defs) {
      const others = defs.filter((o) => o.corpus !== d.corpus && o.body !== d.body);
      if (!others.length || perName >= MAX_PER_NAME) continue;
      perName++;
      candidates.push({
        id: `similar:${name}:${d.path}`,
        name,
        chunkId: d.chunkId,
        path: d.path,
        relevant: [...new Set(others.map((o) => o.path))],
      });
    }
  }
  return new SeededRandom('find-similar')
    .shuffle(candidates)
    .slice(0, MAX_QUERIES)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

function listOf(engine: Engine, response: SearchResponse, m: Modality): string[] {
  const run = response.query.modalities.find((r) => r.modality === m);
  return run?.ran ? run.list.map((hit) => engine.chunk(hit.chunkId).path) : [];
}

function score(q: SimilarQuery, paths: string[]): QueryScores {
  const ranked = firstPerKey(paths, (p) => p)
    .filter((p) => p !== q.path)
    .slice(0, CUTOFF);
  return scoreRanking(
    ranked.map((p) => (q.relevant.includes(p) ? 1 : 0)),
    q.relevant.map(() => 1),
  );
}

/**
 * Builds one engine over all corpora (paths `<corpus>/<path>`) and scores every system.
 * @param deps the engine's analyzer and embedder (the local model for semantic to run)
 */
export async function evaluateSimilar(
  corpora: LoadedCorpus[],
  deps: EngineDeps,
  log: (s: string) => void,
): Promise<SimilarResult> {
  const files = corpora.flatMap((c) => c.files.map((f) => ({ path: `${c.spec.name}/${f.path}`, text: f.text })));
  const t = performance.now();
  const engine = await Engine.build(files, deps);
  log(
    `find similar: ${files.length} files of ${corpora.length} corpora in one engine, built in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const queries = similarQueries(engine, engine.stats.chunks);
  const bitsOnly = withoutInt8(engine, deps);

  const scores: Record<string, QueryScores[]> = {};
  const add = (system: string, s: QueryScores) => (scores[system] ??= []).push(s);
  for (const q of queries) {
    for (const m of MODALITIES) {
      const r = await engine.search('', {
        similarToChunk: q.chunkId,
        preset: 'thorough',
        modalities: [m],
        limit: CUTOFF,
      });
      add(`${m} alone`, score(q, listOf(engine, r, m)));
    }
    if (bitsOnly) {
      const r = await bitsOnly.search('', {
        similarToChunk: q.chunkId,
        preset: 'thorough',
        modalities: ['semantic'],
        limit: CUTOFF,
      });
      add('semantic alone, ±1-bit rescoring (no int8)', score(q, listOf(bitsOnly, r, 'semantic')));
    }
    for (const preset of ['quick', 'default', 'thorough'] as const) {
      const r = await engine.search('', { similarToChunk: q.chunkId, preset, limit: CUTOFF + 1 });
      add(
        `fused · ${preset}`,
        score(
          q,
          r.results.map((x) => x.path),
        ),
      );
    }
  }
  return {
    queries: queries.length,
    names: new Set(queries.map((q) => q.name)).size,
    corpora: corpora.map((c) => c.spec.name),
    systems: Object.fromEntries(Object.entries(scores).map(([s, list]) => [s, meanScores(list)])),
    sample: queries.slice(0, 8).map((q) => ({ name: q.name, from: q.path, relevant: q.relevant })),
  };
}

/** The REPORT.md section. */
export function similarSection(r: SimilarResult): string {
  const f = (n: number) => n.toFixed(3);
  const best = Math.max(...Object.values(r.systems).map((s) => s.mrr10));
  return [
    `${r.queries} queries over ${r.names} function names defined in two or more of ${r.corpora.join(', ')} with different bodies (bench/eval/similar.ts). A query is "Find similar" on one definition; right answers are the other packages' files defining the same name; file level, the query's own file left out.`,
    '',
    '| system | MRR@10 | Hit@1 | Recall@10 |',
    '|---|---:|---:|---:|',
    ...Object.entries(r.systems).map(
      ([s, m]) => `| ${s} | ${m.mrr10 === best ? `**${f(m.mrr10)}**` : f(m.mrr10)} | ${f(m.hit1)} | ${f(m.recall10)} |`,
    ),
    '',
    `Examples: ${r.sample.map((s) => `\`${s.name}\` (${s.from} → ${s.relevant.join(', ')})`).join('; ')}.`,
    '',
  ].join('\n');
}
