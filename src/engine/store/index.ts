/** Persistence: the IndexStore contract and its IndexedDB and in-memory implementations. */
export * from './store';
export * from './memory-store';
export * from './idb-store';
