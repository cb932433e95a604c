/**
 * The embedding model's life in the index worker: when it may start, its one load, and the
 * embedder an index is opened or built with while it is still starting.
 *
 * Starting the model costs its embed worker's start and its files (the bundled static table:
 * a fraction of a second); a model on the ONNX Runtime fallback compiles that runtime and takes
 * both cores of a small machine for seconds. So after a reload a model last seen running on
 * ONNX Runtime waits behind a gate (the first answer, a build's reads, or a moment after a
 * quiet reopen), while the static table starts with the reload, beside the stored index's read,
 * and semantic joins the first answer or soon after it; while a folder is read it waits for
 * the reads.
 */
import { measure, type EngineDeps } from '../engine/engine';
import type { Embedder } from '../engine/semantic/embedder';
import type { LocalRuntime } from '../engine/semantic/local';
import type { EmbeddingCache } from '../engine/store/store';
import { rememberSetting, SETTING, type Settings, type SettingsPersistence } from './settings';
import type { LexicalExpansion } from '../engine/text/expansion';
import { knownQueriesFirst, QueryVectors, recordingQueryVectors } from './query-vectors';

/** After a reload the model starts at the latest this long after the worker, answered or not. */
const MODEL_WAITS_AT_MOST_MS = 3000;

/** An embedder by its id and width, known before the model is up; and how the local model ran when it last loaded. */
export interface EmbedderInfo {
  id: string;
  dimensions: number;
  runtime?: LocalRuntime;
}

/** An embedder as loadEmbedder gives it: the local model says how it runs. */
export type LoadedEmbedder = Embedder & { runtime?: LocalRuntime };

export interface ModelLifecycleDeps {
  persistence: SettingsPersistence;
  settings: Settings;
  /** Creates the embedder, once; null when no model is available (semantic search off). */
  loadEmbedder(): Promise<LoadedEmbedder | null>;
  /** Reads the model's lexical expansion table, once; absent or null: the text index goes without. */
  loadLexicalExpansion?(): Promise<LexicalExpansion | null>;
  embeddingCache?: EmbeddingCache;
}

export class ModelLifecycle {
  private embedder: Promise<LoadedEmbedder | null> | null = null;
  /** The model's lexical expansion table once it has arrived; null until then, or without one. */
  private expansionTable: LexicalExpansion | null = null;
  /** Known once the model has loaded (null: none available); undefined until then. */
  private loadedId: string | null | undefined;
  private loadProblem: string | undefined;
  /** The model starts once this opens (see the file's comment). */
  private gate: Promise<void> = Promise.resolve();
  private openGate: () => void = () => {};
  /** The vectors of the questions asked before, once read. */
  private queryVectorsRead: Promise<QueryVectors> | null = null;
  /** Settles when no folder is being read: a model not started yet waits for it (the reads need the cores). */
  private readsOver: Promise<void> = Promise.resolve();

  constructor(private readonly deps: ModelLifecycleDeps) {
    // A small file, read from the start, while the stored index is.
    void deps.loadLexicalExpansion?.().then(
      (table) => (this.expansionTable = table),
      () => {}, // not there: the text index goes without
    );
  }

  /** The loaded model's id: null when none is available, undefined while it has not loaded. */
  get id(): string | null | undefined {
    return this.loadedId;
  }

  /** Why semantic search is off, when the model failed to load. */
  get problem(): string | undefined {
    return this.loadProblem;
  }

  /**
   * Holds the model back until `release()` is called, or a few seconds have passed; a model
   * that last ran as the static table is not held, and starts now. `known`: the embedder last
   * loaded, when it was read already (early-read.ts).
   */
  holdForReload(known?: Promise<EmbedderInfo | undefined>): void {
    let open!: () => void;
    this.gate = new Promise<void>((resolve) => (open = resolve));
    this.openGate = open;
    setTimeout(open, MODEL_WAITS_AT_MOST_MS);
    void (known ?? this.remembered()).then(
      (info) => {
        if (info?.runtime !== 'static') return;
        open();
        void this.load();
      },
      () => {}, // nothing remembered: the gate decides
    );
  }

  /** The vectors of the questions asked before; `stored`: as read already (early-read.ts), undefined when not. */
  queryVectors(stored?: Promise<unknown>): Promise<QueryVectors> {
    const { persistence } = this.deps;
    this.queryVectorsRead ??= (stored ?? Promise.resolve(undefined))
      .then((value) => value ?? persistence.getSetting(SETTING.queryVectors))
      .catch(() => undefined) // unreadable: every question waits for the model, as without them
      .then((value) => new QueryVectors(value, (next) => persistence.putSetting(SETTING.queryVectors, next)));
    return this.queryVectorsRead;
  }

  /** Lets the model start (once whatever reads are under way are over). */
  release(): void {
    this.openGate();
  }

  /**
   * A model not started yet waits while a folder is read (the page's reads and this worker's
   * text index take both cores of a small machine, and the first answer waits for them); once
   * they are over, the build needs its model: the gate opens. Returns what ends the reads.
   */
  holdWhileReading(): () => void {
    let over!: () => void;
    this.readsOver = new Promise<void>((resolve) => (over = resolve));
    return () => {
      over();
      this.openGate();
    };
  }

  /** The model, started once the gate and the reads allow; null when none is available. */
  load(): Promise<LoadedEmbedder | null> {
    this.embedder ??= this.gate
      .then(() => this.readsOver)
      .then(() => {
        const started = performance.now();
        return this.deps.loadEmbedder().finally(() => measure('model-start', started));
      })
      .then(
        async (embedder) => {
          this.loadedId = embedder?.id ?? null;
          if (!embedder) return embedder;
          await rememberSetting(this.deps.persistence, SETTING.embedder, {
            id: embedder.id,
            dimensions: embedder.dimensions,
            runtime: embedder.runtime,
          } satisfies EmbedderInfo);
          return recordingQueryVectors(embedder, await this.queryVectors());
        },
        (error: unknown) => {
          this.loadProblem = `Semantic search is off: ${(error as Error).message}`;
          return null;
        },
      );
    return this.embedder;
  }

  /** The embedder last loaded, as remembered in storage (a reload knows it before the model is up). */
  async remembered(): Promise<EmbedderInfo | undefined> {
    return (await this.deps.persistence.getSetting(SETTING.embedder)) as EmbedderInfo | undefined;
  }

  /**
   * The embedder for opening a stored index. The model takes seconds to start; when the one
   * used last time is known, a stand-in with its id and width lets the index open at once;
   * until the model is up, queries answer without semantic (not ready) rather than wait.
   */
  async forOpen(known?: EmbedderInfo | null): Promise<Embedder | null> {
    // An index built without a model has no vectors: nothing to embed queries for, nothing to wait for.
    if (known === null) return null;
    if (known?.id.startsWith('voyage:')) return this.deps.settings.voyageEmbedder(known.id);
    const loading = this.load();
    if (this.loadedId !== undefined && (!known || known.id === this.loadedId)) return loading;
    const info = known ?? (await this.remembered());
    if (!info?.id) return loading;
    // Until the model is up, a query answers at once without semantic (marked not ready) unless
    // its vector is known from before; the page asks it again when embedderReady() settles.
    return knownQueriesFirst(
      info.id,
      info.dimensions,
      async () => {
        const embedder = await loading;
        if (!embedder || embedder.id !== info.id)
          throw new Error(this.loadProblem ?? `the embedding model ${info.id} is not available`);
        return embedder;
      },
      () => this.loadedId !== undefined,
      await this.queryVectors(),
    );
  }

  /** Deps for a loaded (not built) engine: it never parses, so it needs no analyzer. */
  async loadedEngineDeps(known?: EmbedderInfo | null): Promise<EngineDeps> {
    const analyzer = { analyze: () => Promise.reject(new Error('a loaded index does not parse')) };
    const embedder = await this.forOpen(known);
    return { analyzer, embedder, embeddingCache: this.deps.embeddingCache, lexicalExpansion: this.lexicalExpansion() };
  }

  /**
   * The model's lexical expansion table if it has arrived, else null. Never awaited: it is served
   * beside the model, and a slow or held model server must not hold back an answer that text and
   * structure can give; an engine opened before the table arrives goes without it.
   */
  lexicalExpansion(): LexicalExpansion | null {
    return this.expansionTable;
  }
}
