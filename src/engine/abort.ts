/**
 * The one test for "this was cancelled", shared by the engine, the workers and the UI. It reads
 * the error's name only: comlink carries an Error's name across the worker boundary (a
 * DOMException arrives as a plain Error named AbortError), and a message is wording, not a code.
 */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
