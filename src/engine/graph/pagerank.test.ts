import { describe, expect, it } from 'vitest';
import { PAGERANK_DAMPING } from '../ranking';
import { centralityFromRank, pageRank } from './pagerank';

/** CSR from an edge list. */
function csr(
  nodeCount: number,
  edges: [number, number, number?][],
): { offsets: Int32Array; targets: Int32Array; weights: Float32Array } {
  const sorted = [...edges].sort((a, b) => a[0] - b[0]);
  const offsets = new Int32Array(nodeCount + 1);
  for (const [s] of sorted) offsets[s + 1]++;
  for (let n = 0; n < nodeCount; n++) offsets[n + 1] += offsets[n];
  return {
    offsets,
    targets: Int32Array.from(sorted.map((e) => e[1])),
    weights: Float32Array.from(sorted.map((e) => e[2] ?? 1)),
  };
}

const sum = (a: ArrayLike<number>) => Array.from(a).reduce((x, y) => x + y, 0);

describe('pageRank', () => {
  it('ranks a hub imported by many above everything else, and ranks sum to 1', () => {
    // 0 is the hub; 1..6 import it; 7 imports 1; 0 imports nothing (dangling).
    const edges: [number, number][] = [
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0],
      [6, 0],
      [7, 1],
    ];
    const g = csr(8, edges);
    const { rank } = pageRank(8, g.offsets, g.targets, null);
    expect(sum(rank)).toBeCloseTo(1, 9);
    const order = Array.from(rank.keys()).sort((a, b) => rank[b] - rank[a]);
    expect(order[0]).toBe(0);
    expect(order[1]).toBe(1); // the only other node anything points at
    for (let n = 2; n <= 7; n++) expect(rank[n]).toBeCloseTo(rank[2], 12); // nobody points at them
  });

  it('matches the closed form on a → b with b dangling', () => {
    // r_a = (1-d)/2 + d·r_b/2;  r_b = (1-d)/2 + d·r_b/2 + d·r_a  ⇒  r_b = (1-d)(1+d)/2 / (1 - d/2 - d²/2)
    const d = PAGERANK_DAMPING;
    const expectedB = ((1 - d) * (1 + d)) / 2 / (1 - d / 2 - (d * d) / 2);
    const g = csr(2, [[0, 1]]);
    const { rank } = pageRank(2, g.offsets, g.targets, null);
    expect(rank[1]).toBeCloseTo(expectedB, 8);
    expect(rank[0]).toBeCloseTo(1 - expectedB, 8);
  });

  it('gives every node of a cycle, and of an edgeless graph, the same rank', () => {
    const cycle = csr(3, [
      [0, 1],
      [1, 2],
      [2, 0],
    ]);
    for (const r of pageRank(3, cycle.offsets, cycle.targets, null).rank) expect(r).toBeCloseTo(1 / 3, 9);
    const empty = csr(4, []);
    for (const r of pageRank(4, empty.offsets, empty.targets, null).rank) expect(r).toBeCloseTo(1 / 4, 12);
  });

  it('splits a node’s mass by edge weight', () => {
    // 0 → 1 with weight 0.9, 0 → 2 with weight 0.1.
    const g = csr(3, [
      [0, 1, 0.9],
      [0, 2, 0.1],
    ]);
    const { rank } = pageRank(3, g.offsets, g.targets, g.weights);
    expect(rank[1]).toBeGreaterThan(rank[2]);
    expect(sum(rank)).toBeCloseTo(1, 9);
    const unweighted = pageRank(3, g.offsets, g.targets, null).rank;
    expect(unweighted[1]).toBeCloseTo(unweighted[2], 12);
  });

  it('stops early once the change falls below the tolerance', () => {
    const g = csr(3, [
      [0, 1],
      [1, 2],
      [2, 0],
    ]);
    const result = pageRank(3, g.offsets, g.targets, null, { tolerance: 1e-6 });
    expect(result.iterations).toBeLessThan(50);
    expect(result.delta).toBeLessThan(1e-6);
  });

  it('handles an empty graph', () => {
    expect(pageRank(0, new Int32Array(1), new Int32Array(0), null).rank.length).toBe(0);
  });
});

describe('centralityFromRank', () => {
  it('scales to mean 1 (PageRank × N)', () => {
    const g = csr(5, [
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 1],
    ]);
    const centrality = centralityFromRank(pageRank(5, g.offsets, g.targets, null).rank);
    expect(sum(centrality) / 5).toBeCloseTo(1, 5);
    expect(centrality[0]).toBeGreaterThan(1);
    expect(centrality[4]).toBeLessThan(1);
  });
});
