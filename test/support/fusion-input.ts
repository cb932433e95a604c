/**
 * The input fuse takes, as the fuse tests build it: a behaviour question's weights, the default
 * preset's k, fused, no centrality, ten results; a test gives what it varies (its lookups,
 * centralities, limit, another intent's weights) in `given`.
 */
import type { Chunk } from '../../src/engine/contract';
import type { FusionInput } from '../../src/engine/fuse';
import { RRF_K, WEIGHTS } from '../../src/engine/ranking';

export function fusionInput(
  lists: FusionInput['lists'],
  chunkOf: (id: number) => Chunk,
  given: Partial<FusionInput> = {},
): FusionInput {
  return {
    lists,
    weights: WEIGHTS.understand_code,
    k: RRF_K.default,
    strategy: 'fused',
    centralityOf: () => 0,
    chunkOf,
    limit: 10,
    ...given,
  };
}
