/**
 * IndexStore in memory, for the CLI and tests. Values are structured-cloned on the way in
 * and out, exactly like IndexedDB, so code that passes here cannot rely on sharing objects
 * with the store.
 */
import {
  diffFileHashes,
  StoreError,
  type FileChanges,
  type FileHash,
  type IndexStore,
  type RepoMeta,
  type StorageUsage,
  type StoredEmbeddingCache,
  type StoredFile,
} from './store';

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

export class MemoryIndexStore implements IndexStore {
  private readonly repos = new Map<string, RepoMeta>();
  private readonly files = new Map<string, Map<string, StoredFile>>();
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

  private repoFiles(repoId: string): Map<string, StoredFile> {
    let files = this.files.get(repoId);
    if (!files) this.files.set(repoId, (files = new Map()));
    return files;
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

  async updateRepo(repoId: string, patch: Partial<Omit<RepoMeta, 'id'>>): Promise<RepoMeta> {
    this.assertOpen();
    const current = this.repos.get(repoId);
    if (!current) throw new StoreError('failed', `No repository with id ${repoId}.`);
    const next: RepoMeta = { ...current, ...structuredClone(patch), id: repoId, updatedAt: Date.now() };
    this.repos.set(repoId, next);
    return structuredClone(next);
  }

  async deleteRepo(repoId: string): Promise<void> {
    this.assertOpen();
    this.repos.delete(repoId);
    this.files.delete(repoId);
    this.snapshots.delete(repoId);
  }

  async putFiles(repoId: string, files: readonly StoredFile[]): Promise<void> {
    this.assertOpen();
    const stored = this.repoFiles(repoId);
    for (const file of files) stored.set(file.path, structuredClone(file));
  }

  async getFiles(repoId: string): Promise<StoredFile[]> {
    this.assertOpen();
    return [...(this.files.get(repoId)?.values() ?? [])].map((f) => structuredClone(f)).sort(byPath);
  }

  async getFile(repoId: string, path: string): Promise<StoredFile | undefined> {
    this.assertOpen();
    const file = this.files.get(repoId)?.get(path);
    return file && structuredClone(file);
  }

  async getFileHashes(repoId: string): Promise<FileHash[]> {
    this.assertOpen();
    return [...(this.files.get(repoId)?.values() ?? [])].map((f) => ({ path: f.path, hash: f.hash })).sort(byPath);
  }

  async deleteFiles(repoId: string, paths: readonly string[]): Promise<void> {
    this.assertOpen();
    const stored = this.files.get(repoId);
    for (const path of paths) stored?.delete(path);
  }

  async deleteMissingFiles(repoId: string, keep: Iterable<string>): Promise<string[]> {
    this.assertOpen();
    const keepSet = new Set(keep);
    const stored = this.files.get(repoId);
    const removed = [...(stored?.keys() ?? [])].filter((path) => !keepSet.has(path)).sort();
    for (const path of removed) stored?.delete(path);
    return removed;
  }

  async changedFiles(repoId: string, incoming: readonly FileHash[]): Promise<FileChanges> {
    return diffFileHashes(await this.getFileHashes(repoId), incoming);
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

  /** Approximate bytes held: texts as UTF-16, vectors as their byte length. Snapshots are not measured. */
  async estimateUsage(): Promise<StorageUsage> {
    let bytes = 0;
    for (const files of this.files.values()) for (const file of files.values()) bytes += file.text.length * 2;
    for (const cache of this.vectors.values()) for (const vector of cache.values()) bytes += vector.byteLength;
    return { usageBytes: bytes, quotaBytes: null };
  }

  close(): void {
    this.closed = true;
  }
}

export function createMemoryStore(): MemoryIndexStore {
  return new MemoryIndexStore();
}
