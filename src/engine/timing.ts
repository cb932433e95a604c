/**
 * Clock and timeline helpers shared by the build and the search: performance.now() and User
 * Timing measures work alike in Node and in workers.
 */

export function now(): number {
  return performance.now();
}

/**
 * Leaves a User Timing measure `fourfold:<name>` from `start` to now (performance.measure, in
 * Node and in workers alike), so profilers and the bench see each build stage, load and query
 * on the timeline. Only the latest of each name is kept: a long-lived server does not grow the
 * buffer. Returns the duration in milliseconds.
 */
export function measure(name: string, start: number): number {
  const end = now();
  const entry = `fourfold:${name}`;
  if (typeof performance.measure === 'function') {
    performance.clearMeasures(entry);
    performance.measure(entry, { start, end });
  }
  return end - start;
}

/** Runs `f`, records its wall time as `buildMs[name]` and leaves its measure. */
export function timed<T>(buildMs: Record<string, number>, name: string, f: () => T): T {
  const t = now();
  const v = f();
  buildMs[name] = now() - t;
  measure(name, t);
  return v;
}

/** Resolves after the events already queued have run (a macrotask, unlike `await` alone). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
