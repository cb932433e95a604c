/**
 * On a question asking how, a function shown in the place of the wrapper that hands its call on to
 * it ('wrapper-hands-on') counts, in a near tie between files, the places the lists found the
 * wrapper at: they found the wrapper for the work the shown one does (fuse.ts holderPlaces). The
 * shape of ASE 3.22 (LGPL-2.1-or-later): ase/neighborlist.py's `neighbor_list`, first by meaning and
 * by text, hands its work on to `primitive_neighbor_list`, shown for "how does the neighbour list
 * find the pairs of atoms within the cutoff"; ase/optimize/precon/neighbors.py's `get_neighbours`,
 * first by structure, took the first place from it. A function the lists barely found (under half
 * the wrapper's fused score) counts none of them: a short wrapper hands on to it all the same.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit } from '../contract';
import { fuse } from '../fuse';
import { delegateLookup, memberNamesRead, shortBodyLookup } from './members';
import { at, chunkOrFiller, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const NEIGHBORLIST_PY = [
  'def primitive_neighbor_list(quantities, pbc, cell, positions, cutoff):',
  '    """Compute a neighbor list for an atomic configuration."""',
  '    pairs = []',
  '    for i in range(len(positions)):',
  '        for j in range(i + 1, len(positions)):',
  '            if distance(cell, pbc, positions[i], positions[j]) < cutoff:',
  '                pairs.append((i, j))',
  '    return pairs',
  '',
  '',
  'def neighbor_list(quantities, a, cutoff):',
  '    """Compute a neighbor list for an atomic configuration."""',
  '    return primitive_neighbor_list(quantities, a.pbc, a.get_cell(), a.positions, cutoff)',
  '',
].join('\n');

const NEIGHBORS_PY = [
  'def get_neighbours(atoms, r_cut):',
  '    """Return a list of pairs of atoms within a given distance of each other."""',
  '    i, j, rij = neighbor_list("ijd", atoms, r_cut)',
  '    keep = rij > 1e-8',
  '    return i[keep], j[keep], rij[keep]',
  '',
].join('\n');

const QUESTION = 'how does the neighbour list find the pairs of atoms within the cutoff';

type Corpus = Awaited<ReturnType<typeof parsedCorpus>>;
let corpus: Corpus;
const named = (symbol: string): Chunk => {
  const chunk = corpus.chunks.find((c) => c.kind === 'definition' && c.symbol === symbol);
  if (!chunk) throw new Error(`no ${symbol} in the fixture`);
  return chunk;
};

beforeAll(async () => {
  corpus = await parsedCorpus([
    { path: 'ase/neighborlist.py', text: NEIGHBORLIST_PY },
    { path: 'ase/optimize/precon/neighbors.py', text: NEIGHBORS_PY },
  ]);
});

describe('a function shown in the place of the wrapper handing its call on to it', () => {
  it('counts the places the wrapper was found at in a near tie between files', () => {
    const wrapper = named('neighbor_list');
    const primitive = named('primitive_neighbor_list');
    const other = named('get_neighbours');
    expect(delegateLookup(corpus, true)(wrapper)).toBe(primitive.id);
    // The ranks the real set's lists gave the three.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(merge(at(0, wrapper), at(4, primitive)), at(6, other)),
      text: merge(merge(at(0, wrapper), at(1, primitive)), at(2, other)),
      structural: merge(merge(at(0, other), at(29, wrapper)), at(35, primitive)),
    };
    const shown = fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'o', '.py'), {
        ...memberNamesRead(QUESTION, true),
        delegateOf: delegateLookup(corpus, true),
        textBreaksMemberTies: true,
        closerMembersWhateverBoost: true,
        firstPlacesBreakTies: true,
      }),
    ).filter((r) => r.path.startsWith('ase/'));
    expect(shown.map((r) => r.symbol)).toEqual(['primitive_neighbor_list', 'get_neighbours']);
    expect(shown[0].explanation.member).toMatchObject({ rule: 'wrapper-hands-on', over: { symbol: 'neighbor_list' } });
    expect(shown[0].explanation.aboveByFirstPlace?.path).toBe('ase/optimize/precon/neighbors.py');
  });

  it('counts none of them when the function a short wrapper hands on to fused under half the wrapper (the lists barely found it)', () => {
    const wrapper = named('neighbor_list');
    const primitive = named('primitive_neighbor_list');
    const other = named('get_neighbours');
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(merge(at(0, wrapper), at(6, other)), at(19, primitive)),
      text: merge(at(0, wrapper), at(2, other)),
      structural: merge(at(0, other), at(29, wrapper)),
    };
    const shown = fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'o', '.py'), {
        ...memberNamesRead(QUESTION, true),
        delegateOf: delegateLookup(corpus, true),
        textBreaksMemberTies: true,
        closerMembersWhateverBoost: true,
        firstPlacesBreakTies: true,
        isShortBody: shortBodyLookup(corpus),
      }),
    ).filter((r) => r.path.startsWith('ase/'));
    expect(shown.map((r) => r.symbol)).toEqual(['get_neighbours', 'primitive_neighbor_list']);
    expect(shown[1].explanation.member).toMatchObject({ rule: 'wrapper-hands-on', over: { symbol: 'neighbor_list' } });
  });
});
