/**
 * IndexStore in memory, for the CLI and tests. Values are structured-cloned on the way in
 * and out, exactly like IndexedDB, so code that passes here cannot rely on sharing objects
 * with the store.
 */
import { StoreError, type IndexStore, type RepoMeta, type StoredEmbeddingCache } from './store';

export class MemoryIndexStore implements IndexStore {
  private readonly repos = new Map<string, RepoMeta>();
  private readonly snapshots = new Map<string, Map<string, unknown>>();
  private readonly vectors = new Map<string, Map<string, Uint32Array>>();
  private readonly settings = new Map<string, unknown>();
  private closed = false;

  readonly embeddings: StoredEmbeddingCache = {
    get: async (embedderId, textHashes) => {
      this.assertOpen();
      const cache = this.vectors.get(embedderId);
      return textHashes.map((hash) => {
        const vector = cache?.get(hash);
        return vector ? vector.slice() : undefined;
      });
    },
    put: async (embedderId, entries) => {
      this.assertOpen();
      let cache = this.vectors.get(embedderId);
      if (!cache) this.vectors.set(embedderId, (cache = new Map()));
      for (const [hash, vector] of entries) cache.set(hash, vector.slice());
    },
    clear: async (embedderId) => {
      this.assertOpen();
      if (embedderId === undefined) this.vectors.clear();
      else this.vectors.delete(embedderId);
    },
    release: async (embedderId, held) => {
      this.assertOpen();
      const cache = this.vectors.get(embedderId);
      for (const hash of held) cache?.delete(hash);
    },
  };

  private assertOpen(): void {
    if (this.closed) throw new StoreError('closed', 'The index store is closed.');
  }

  async listRepos(): Promise<RepoMeta[]> {
    this.assertOpen();
    return [...this.repos.values()].map((r) => structuredClone(r)).sort((a, b) => a.createdAt - b.createdAt);
  }

  async getRepo(repoId: string): Promise<RepoMeta | undefined> {
    this.assertOpen();
    const meta = this.repos.get(repoId);
    return meta && structuredClone(meta);
  }

  async putRepo(meta: RepoMeta): Promise<void> {
    this.assertOpen();
    this.repos.set(meta.id, structuredClone(meta));
  }

  async deleteRepo(repoId: string): Promise<void> {
    this.assertOpen();
    this.repos.delete(repoId);
    this.snapshots.delete(repoId);
  }

  async putSnapshot(repoId: string, modality: string, value: unknown): Promise<void> {
    this.assertOpen();
    let snapshots = this.snapshots.get(repoId);
    if (!snapshots) this.snapshots.set(repoId, (snapshots = new Map()));
    snapshots.set(modality, structuredClone(value));
  }

  async getSnapshot<T = unknown>(repoId: string, modality: string): Promise<T | undefined> {
    this.assertOpen();
    const snapshots = this.snapshots.get(repoId);
    return snapshots?.has(modality) ? (structuredClone(snapshots.get(modality)) as T) : undefined;
  }

  async putSnapshotsIf(
    repoId: string,
    guard: { modality: string; holds(value: unknown): boolean },
    records: readonly (readonly [string, unknown])[],
  ): Promise<boolean> {
    this.assertOpen();
    const snapshots = this.snapshots.get(repoId);
    if (!snapshots?.has(guard.modality) || !guard.holds(structuredClone(snapshots.get(guard.modality)))) return false;
    for (const [modality, value] of records) snapshots.set(modality, structuredClone(value));
    return true;
  }

  async getSnapshots(repoId: string): Promise<Map<string, unknown>> {
    this.assertOpen();
    return new Map([...(this.snapshots.get(repoId) ?? [])].map(([name, value]) => [name, structuredClone(value)]));
  }

  async listSnapshots(repoId: string): Promise<string[]> {
    this.assertOpen();
    return [...(this.snapshots.get(repoId)?.keys() ?? [])].sort();
  }

  async deleteSnapshot(repoId: string, modality: string): Promise<void> {
    this.assertOpen();
    this.snapshots.get(repoId)?.delete(modality);
  }

  async getSetting<T = unknown>(key: string): Promise<T | undefined> {
    this.assertOpen();
    return this.settings.has(key) ? (structuredClone(this.settings.get(key)) as T) : undefined;
  }

  async putSetting(key: string, value: unknown): Promise<void> {
    this.assertOpen();
    this.settings.set(key, structuredClone(value));
  }

  async deleteSetting(key: string): Promise<void> {
    this.assertOpen();
    this.settings.delete(key);
  }

  close(): void {
    this.closed = true;
  }
}

export function createMemoryStore(): MemoryIndexStore {
  return new MemoryIndexStore();
}
