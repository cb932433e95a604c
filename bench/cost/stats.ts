/** Order statistics for noisy timings: medians and nearest-rank percentiles, never means. */
import { SeededRandom } from '../eval/rng';

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

/**
 * Runs of two programs alternated on a machine whose speed drifts: the median of the per-pair
 * ratios `now[i] / before[i]`, with a 95 % percentile-bootstrap interval (seeded, so the same runs
 * give the same interval). Drift between pairs cancels; the interval says whether 1 is ruled out.
 */
export function pairedRatio(
  before: readonly number[],
  now: readonly number[],
  resamples = 2000,
): { median: number; low: number; high: number } {
  if (before.length !== now.length || before.length === 0)
    throw new RangeError(`paired runs needed, got ${before.length} and ${now.length}`);
  const ratios = now.map((n, i) => n / before[i]);
  const random = new SeededRandom(ratios.length);
  const medians: number[] = [];
  for (let r = 0; r < resamples; r++) medians.push(median(Array.from(ratios, () => ratios[random.int(ratios.length)])));
  return { median: median(ratios), low: percentile(medians, 2.5), high: percentile(medians, 97.5) };
}

/** The CPU milliseconds (user and system, every thread of the process) that `run` takes. */
export function cpuMsOf(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
