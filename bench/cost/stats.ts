/** Order statistics for noisy timings: medians and nearest-rank percentiles, never means. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median of one numeric field over several runs (NaN when no run has it). */
export function medianOf<T>(runs: readonly T[], pick: (r: T) => number | undefined | null): number {
  return median(runs.map(pick).filter((v): v is number => typeof v === 'number' && Number.isFinite(v)));
}
