import { describe, expect, it } from 'vitest';
import { describeIndexStore } from '../../../test/support/index-store-suite';
import { createMemoryStore } from './memory-store';
import { isResumable } from './store';

describeIndexStore('memory', async () => createMemoryStore());

describe('memory store specifics', () => {
  it('refuses work after close', async () => {
    const store = createMemoryStore();
    store.close();
    await expect(store.listRepos()).rejects.toMatchObject({ kind: 'closed' });
  });
});

describe('isResumable', () => {
  it('offers to resume builds that did not finish', () => {
    const base = {
      id: 'x',
      name: 'x',
      source: { kind: 'folder' as const },
      createdAt: 0,
      updatedAt: 0,
      fileCount: 0,
      bytes: 0,
    };
    expect(isResumable({ ...base, state: 'building' })).toBe(true);
    expect(isResumable({ ...base, state: 'cancelled' })).toBe(true);
    expect(isResumable({ ...base, state: 'complete' })).toBe(false);
    expect(isResumable({ ...base, state: 'failed' })).toBe(false);
  });
});
