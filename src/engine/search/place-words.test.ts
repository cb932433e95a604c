/**
 * A phrase typed into a search box names its subject in the words a repository files it under.
 * Shapes of networkx 3.0 (BSD-3-Clause): algorithms/centrality/betweenness.py's
 * `betweenness_centrality` and algorithms/bipartite/centrality.py's function of the same name, the
 * second ranked above the first for "betweenness centrality" by the semantic list; and
 * golang.org/x/tools (BSD-3-Clause) internal/fastwalk/fastwalk.go beside internal/gopathwalk/walk.go.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { PLACE_WORDS_GAIN } from '../ranking';
import type { Corpus } from '../modality';
import { placeWordsLookup } from './place-words';
import { memberNamesRead } from './members';
import { at, chunkOrFiller, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';
import { engineOver } from '../../../test/support/engine';

const BETWEENNESS_PY = [
  'def betweenness_centrality(G, k=None, normalized=True, weight=None, endpoints=False, seed=None):',
  '    betweenness = dict.fromkeys(G, 0.0)',
  '    nodes = G if k is None else seed.sample(list(G.nodes()), k)',
  '    for s in nodes:',
  '        S, P, sigma, _ = _single_source_shortest_path_basic(G, s)',
  '        betweenness, _ = _accumulate_basic(betweenness, S, P, sigma, s)',
  '    return _rescale(betweenness, len(G), normalized=normalized, directed=G.is_directed(), k=k)',
  '',
].join('\n');

const BIPARTITE_CENTRALITY_PY = [
  'def betweenness_centrality(G, nodes):',
  '    top = set(nodes)',
  '    bottom = set(G) - top',
  '    betweenness = nx.betweenness_centrality(G, normalized=False, weight=None)',
  '    for node in top:',
  '        betweenness[node] /= len(bottom) * len(top)',
  '    return betweenness',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'algorithms/centrality/betweenness.py', text: BETWEENNESS_PY },
  { path: 'algorithms/bipartite/centrality.py', text: BIPARTITE_CENTRALITY_PY },
  {
    path: 'internal/fastwalk/fastwalk.go',
    text: 'package fastwalk\n\nfunc Walk(root string) error {\n\treturn nil\n}\n',
  },
  { path: 'internal/gopathwalk/walk.go', text: 'package gopathwalk\n\nfunc Walk(roots []string) {\n}\n' },
  { path: 'readwrite/edgelist.py', text: 'def read_edgelist(path):\n    return parse_edgelist(open(path))\n' },
  { path: 'generators/random_graphs.py', text: 'def gnp_random_graph(n, p):\n    return G\n' },
];

let corpus: Corpus;
beforeAll(async () => {
  corpus = await parsedCorpus(FILES);
});

const inFile = (path: string) => corpus.chunks.find((c) => c.path === path && c.kind === 'definition')!;

describe('how much of a search-box phrase a path says', () => {
  it('weighs each word by the paths that say it', () => {
    const share = placeWordsLookup(corpus, 'betweenness centrality');
    // Six files: "betweenness" is said by one path, "centrality" by two.
    const ln = Math.log;
    const betweenness = ln(7 / 2);
    const centrality = ln(7 / 3);
    expect(share(inFile('algorithms/centrality/betweenness.py'))).toBeCloseTo(1, 12);
    expect(share(inFile('algorithms/bipartite/centrality.py'))).toBeCloseTo(
      centrality / (betweenness + centrality),
      12,
    );
    // The name is not the place: the bipartite function's name says both words, its path one.
    expect(share(inFile('generators/random_graphs.py'))).toBe(0);
  });

  it('reads a folder or file named by the phrase’s words run together', () => {
    const walk = placeWordsLookup(corpus, 'fast parallel directory walk');
    const fastwalk = walk(inFile('internal/fastwalk/fastwalk.go'));
    // `fastwalk` is "fast" and "walk" run together; `gopathwalk`'s `walk.go` says "walk" alone.
    expect(fastwalk).toBeGreaterThan(walk(inFile('internal/gopathwalk/walk.go')));
    expect(fastwalk).toBeGreaterThan(0);
    const edges = placeWordsLookup(corpus, 'load graph from edge list file');
    expect(edges(inFile('readwrite/edgelist.py'))).toBeGreaterThan(0);
    expect(edges(inFile('generators/random_graphs.py'))).toBeGreaterThan(0); // "graphs" says "graph"
  });

  it('meets a base form either way round: "graph" in random_graphs.py', () => {
    const share = placeWordsLookup(corpus, 'random graph with edge probability p');
    expect(share(inFile('generators/random_graphs.py'))).toBeGreaterThan(0);
    expect(share(inFile('algorithms/centrality/betweenness.py'))).toBe(0);
  });

  it('is 0 everywhere for a phrase no path says', () => {
    const share = placeWordsLookup(corpus, 'maximal cliques');
    for (const c of corpus.chunks) expect(share(c)).toBe(0);
  });
});

describe('a file weighed by how much of a search-box phrase its path says', () => {
  const PHRASE = 'betweenness centrality';
  const run = (weighsPlace: boolean) => {
    const answer = inFile('algorithms/centrality/betweenness.py');
    const bipartite = inFile('algorithms/bipartite/centrality.py');
    // As the lists had them in the understand set: text puts the answer first and its namesake
    // next, the semantic list the namesake well above the answer; fused, the namesake came first.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(3, bipartite), at(12, answer)),
      text: merge(at(1, answer), at(2, bipartite)),
    };
    return fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'o', '.py'), {
        limit: 100,
        ...memberNamesRead(PHRASE, false),
        ...(weighsPlace ? { placeWordsOf: placeWordsLookup(corpus, PHRASE) } : {}),
      }),
    ).filter((r) => !r.path.startsWith('o/'));
  };

  it('puts the file its path names over a namesake filed elsewhere', () => {
    expect(run(false).map((r) => r.path)).toEqual([
      'algorithms/bipartite/centrality.py',
      'algorithms/centrality/betweenness.py',
    ]);
    const after = run(true);
    expect(after.map((r) => r.path)).toEqual([
      'algorithms/centrality/betweenness.py',
      'algorithms/bipartite/centrality.py',
    ]);
    const [answer, bipartite] = after;
    expect(answer.explanation.placeWords?.factor).toBeCloseTo(1 + PLACE_WORDS_GAIN, 12);
    expect(bipartite.explanation.placeWords!.share).toBeLessThan(answer.explanation.placeWords!.share);
    for (const r of after) expect(scoreFromExplanation(r.explanation)).toBeCloseTo(r.score, 12);
  });
});

describe('the engine weighs the path on a search-box phrase only', () => {
  it('on a phrase, not on a question asking how', async () => {
    const engine = await engineOver(FILES);
    const phrase = await engine.search('betweenness centrality', { preset: 'default', limit: 10 });
    const answer = phrase.results.find((r) => r.path === 'algorithms/centrality/betweenness.py');
    expect(answer?.explanation.placeWords?.share).toBeCloseTo(1, 12);
    expect(answer?.explanation.placeWords?.of).toBe('phrase');
    const how = await engine.search('how does betweenness centrality work', { preset: 'default', limit: 10 });
    expect(how.results.length).toBeGreaterThan(0);
    for (const r of how.results) expect(r.explanation.placeWords).toBeUndefined();
  });
});
