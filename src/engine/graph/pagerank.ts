/**
 * Weighted PageRank over a CSR graph, and the centrality scale fusion's boost reads.
 * Dangling nodes (no out-edges) hand their mass to every node evenly, so ranks sum to 1.
 */
import { PAGERANK_DAMPING, PAGERANK_ITERATIONS, PAGERANK_TOLERANCE } from '../ranking';

export interface PageRankOptions {
  damping?: number;
  iterations?: number;
  /** Stop when the L1 change of one iteration falls below this. */
  tolerance?: number;
}

export interface PageRankResult {
  /** Probabilities, summing to 1. */
  rank: Float64Array;
  iterations: number;
  /** L1 change of the last iteration. */
  delta: number;
}

/**
 * `outOffsets[n]..outOffsets[n+1]` index the out-edges of node n in `targets`; `weights`
 * (optional, parallel to `targets`) splits a node's mass among its edges.
 */
export function pageRank(
  nodeCount: number,
  outOffsets: Int32Array,
  targets: Int32Array,
  weights: Float32Array | null,
  options: PageRankOptions = {},
): PageRankResult {
  const damping = options.damping ?? PAGERANK_DAMPING;
  const maxIterations = options.iterations ?? PAGERANK_ITERATIONS;
  const tolerance = options.tolerance ?? PAGERANK_TOLERANCE;
  if (nodeCount === 0) return { rank: new Float64Array(0), iterations: 0, delta: 0 };

  // Each edge's share of its source's mass, computed once: the iterations are then one multiply-add per edge.
  const share = new Float64Array(targets.length);
  const sources = new Int32Array(targets.length);
  const danglingNodes: number[] = [];
  for (let n = 0; n < nodeCount; n++) {
    let sum = 0;
    for (let e = outOffsets[n]; e < outOffsets[n + 1]; e++) sum += weights ? weights[e] : 1;
    if (sum === 0) danglingNodes.push(n);
    for (let e = outOffsets[n]; e < outOffsets[n + 1]; e++) {
      share[e] = sum === 0 ? 0 : (weights ? weights[e] : 1) / sum;
      sources[e] = n;
    }
  }
  const dangling = Int32Array.from(danglingNodes);

  let rank = new Float64Array(nodeCount).fill(1 / nodeCount);
  let next = new Float64Array(nodeCount);
  let iterations = 0;
  let delta = Infinity;
  while (iterations < maxIterations && delta >= tolerance) {
    delta = iterate(rank, next, damping, dangling, sources, targets, share);
    const previous = rank;
    rank = next;
    next = previous;
    iterations++;
  }
  return { rank, iterations, delta };
}

/**
 * One power iteration from `rank` into `next`; returns the L1 change. A function of its own, so
 * the optimizing compiler takes it whole after a few calls instead of entering the loop mid-run.
 * The edges are visited in CSR order (by source, then edge) with the same products as a loop over
 * each node's edges: the ranks are the same to the bit.
 */
function iterate(
  rank: Float64Array,
  next: Float64Array,
  damping: number,
  dangling: Int32Array,
  sources: Int32Array,
  targets: Int32Array,
  share: Float64Array,
): number {
  const nodeCount = rank.length;
  let danglingMass = 0;
  for (let i = 0; i < dangling.length; i++) danglingMass += rank[dangling[i]];
  next.fill((1 - damping) / nodeCount + (damping * danglingMass) / nodeCount);
  for (let e = 0; e < targets.length; e++) next[targets[e]] += damping * rank[sources[e]] * share[e];
  let delta = 0;
  for (let n = 0; n < nodeCount; n++) delta += Math.abs(next[n] - rank[n]);
  return delta;
}

/** The scale documented in ranking.ts: PageRank × number of nodes, so the mean node has centrality 1. */
export function centralityFromRank(rank: Float64Array): Float32Array {
  const n = rank.length;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = rank[i] * n;
  return out;
}
