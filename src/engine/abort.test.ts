import { describe, expect, it } from 'vitest';
import { isAbortError } from './abort';

describe('isAbortError', () => {
  it('is true for an AbortError, thrown here or carried across a worker boundary', () => {
    expect(isAbortError(new DOMException('Indexing was cancelled.', 'AbortError'))).toBe(true);
    // What comlink rebuilds on the page from a DOMException thrown in a worker: an Error with its name.
    expect(isAbortError(Object.assign(new Error('The clone was cancelled.'), { name: 'AbortError' }))).toBe(true);
  });

  it('is false for any other failure, whatever its message says', () => {
    expect(isAbortError(new Error('The clone was cancelled.'))).toBe(false);
    expect(isAbortError(new DOMException('Quota exceeded', 'QuotaExceededError'))).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
    expect(isAbortError(null)).toBe(false);
    expect(isAbortError(undefined)).toBe(false);
  });
});
