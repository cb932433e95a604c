import { describe, expect, it } from 'vitest';
import { filesWithSites } from './answers';

describe('filesWithSites', () => {
  // mobx's references to `observable`: the compiler names three files; the answer lists
  // observable.ts twice (the function and a member of it), a file outside the truth, and one
  // referencing file whose listed lines do not match.
  const truth = new Set(['src/api/observable.ts', 'src/api/extendobservable.ts', 'src/types/observablemap.ts']);

  it('counts a file shown by several results once', () => {
    const matches = [
      { path: 'src/api/observable.ts', count: 4 },
      { path: 'src/api/observable.ts', count: 4 },
      { path: 'src/api/extendobservable.ts', count: 1 },
      { path: 'src/internal.ts', count: 2 },
      { path: 'src/types/observablemap.ts', count: 0 },
    ];
    expect(filesWithSites(truth, matches)).toBe(2);
  });

  it('reaches every referencing file only when each is listed with a matching line', () => {
    const matches = [
      { path: 'src/types/observablemap.ts', count: 1 },
      { path: 'src/api/observable.ts', count: 4 },
      { path: 'src/api/extendobservable.ts', count: 1 },
      { path: 'src/api/observable.ts', count: 4 },
    ];
    expect(filesWithSites(truth, matches)).toBe(truth.size);
  });
});
