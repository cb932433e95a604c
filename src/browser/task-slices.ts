/**
 * Giving a thread back to whatever else waits on it. A loop that reads or indexes a folder runs
 * in slices; between slices it queues a task of the default priority behind those already
 * waiting, so a message, a render or a search queued meanwhile goes first (`scheduler.yield()`,
 * by contrast, resumes ahead of the tasks already waiting: the slices then kept the page's first
 * search waiting for seconds; a background priority starved the reads instead). Where the
 * Prioritized Task Scheduling API is missing, a timer does.
 */

interface PostTaskScheduler {
  postTask(callback: () => void, options: { priority: 'user-visible' }): Promise<void>;
}

/** Resolves in a fresh task, queued behind the tasks of its priority already waiting. */
export function nextQueuedTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<PostTaskScheduler> }).scheduler;
  if (typeof scheduler?.postTask === 'function')
    return (scheduler as PostTaskScheduler).postTask(() => {}, { priority: 'user-visible' });
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Work in slices of about `budgetMs`: `next()` gives the thread back (nextQueuedTask) once a slice is spent. */
export class Slicer {
  private sliceStarted = performance.now();

  constructor(private readonly budgetMs: number) {}

  async next(): Promise<void> {
    if (performance.now() - this.sliceStarted <= this.budgetMs) return;
    await nextQueuedTask();
    this.sliceStarted = performance.now();
  }
}
