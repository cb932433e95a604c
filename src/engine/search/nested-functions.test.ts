/**
 * A function defined inside another is a step of that one's work: on a question that does not ask
 * how, the function holding it stands for the file. The shape of networkx 3.0 (BSD-3-Clause),
 * algorithms/shortest_paths/astar.py: the two-line default `heuristic` inside `astar_path` was first
 * in every list for "a star heuristic search", and shown for astar.py over `astar_path`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { holderLookup, memberNamesRead } from './members';
import { at, chunkOrFiller, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const ASTAR_PY = [
  'def astar_path(G, source, target, heuristic=None, weight="weight"):',
  '    if source not in G or target not in G:',
  '        raise NodeNotFound(f"Either source {source} or target {target} is not in G")',
  '',
  '    if heuristic is None:',
  '',
  '        def heuristic(u, v):',
  '            return 0',
  '',
  '    push = heappush',
  '    pop = heappop',
  '    weight = _weight_function(G, weight)',
  '    queue = [(0, next(c), source, 0, None)]',
  '    enqueued = {}',
  '    explored = {}',
  '    while queue:',
  '        _, __, curnode, dist, parent = pop(queue)',
  '        if curnode == target:',
  '            return path',
  '        for neighbor, w in G[curnode].items():',
  '            h = heuristic(neighbor, target)',
  '            push(queue, (ncost + h, next(c), neighbor, ncost, curnode))',
  '    raise NetworkXNoPath(f"Node {target} not reachable from {source}")',
  '',
  '',
  'def astar_path_length(G, source, target, heuristic=None, weight="weight"):',
  '    path = astar_path(G, source, target, heuristic, weight)',
  '    return sum(weight(u, v, G[u][v]) for u, v in zip(path[:-1], path[1:]))',
  '',
  '',
  'def outer():',
  '    def middle():',
  '        def inner():',
  '            return 1',
  '',
  '        return inner()',
  '',
  '    return middle()',
  '',
].join('\n');

type Corpus = Awaited<ReturnType<typeof parsedCorpus>>;
let corpus: Corpus;
const named = (symbol: string): Chunk => {
  const chunk = corpus.chunks.find((c) => c.kind === 'definition' && c.symbol === symbol);
  if (!chunk) throw new Error(`no ${symbol} in the fixture`);
  return chunk;
};

beforeAll(async () => {
  corpus = await parsedCorpus([{ path: 'astar.py', text: ASTAR_PY }]);
});

describe('the function holding a function defined inside it', () => {
  it('is found by lines; none for a function of its own, nor in a function holding several (a module or a factory)', () => {
    const holderOf = holderLookup(corpus);
    expect(holderOf(named('heuristic'))).toBe(named('astar_path').id);
    expect(holderOf(named('inner'))).toBeUndefined();
    expect(holderOf(named('middle'))).toBeUndefined();
    expect(holderOf(named('astar_path'))).toBeUndefined();
    expect(holderOf(named('astar_path_length'))).toBeUndefined();
  });

  it('"a star heuristic search": astar.py is shown by `astar_path`, not by the `heuristic` it defines', () => {
    const nested = named('heuristic');
    const holder = named('astar_path');
    // The ranks networkx gave the two on the blanked copy (understand_code, default preset).
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(0, nested), at(2, holder)),
      text: merge(at(0, nested), at(4, holder)),
      structural: at(0, nested),
    };
    const run = (question: string, asksHow: boolean, withHolders: boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.py'), {
          ...memberNamesRead(question, asksHow),
          ...(withHolders ? { holderOf: holderLookup(corpus) } : {}),
        }),
      ).filter((r) => r.path === 'astar.py');
    expect(run('a star heuristic search', false, false)[0].symbol).toBe('heuristic');
    const [shown] = run('a star heuristic search', false, true);
    expect(shown.symbol).toBe('astar_path');
    expect(shown.explanation.member).toMatchObject({ rule: 'nested-gives-way', over: { symbol: 'heuristic' } });
    // The file keeps its place: its score is the best chunk's.
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});
