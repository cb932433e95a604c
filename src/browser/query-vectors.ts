/**
 * The vectors of the questions this tab asked, kept beside the index: a reload asks the question
 * in its address again, and with its vector known the answer has semantic at once, before the
 * model is up (its start is the longest part of a reload on a small machine). A vector is the
 * model's own output for that exact text and embedder id, as the stored chunk vectors are.
 */
import { deferredEmbedder, type Embedder } from '../engine/semantic/embedder';
import { packSigns } from '../engine/semantic/binary';

/** Questions kept: the newest ones. */
export const QUERY_VECTORS_KEPT = 64;

/** As stored in the settings store. */
export interface StoredQueryVectors {
  entries: { embedderId: string; text: string; vector: Float32Array }[];
}

const keyOf = (embedderId: string, text: string) => `${embedderId}\n${text}`;

export class QueryVectors {
  private readonly byKey = new Map<string, Float32Array>();

  constructor(
    stored: unknown,
    private readonly save: (stored: StoredQueryVectors) => Promise<void>,
  ) {
    const entries = (stored as Partial<StoredQueryVectors> | undefined)?.entries;
    if (!Array.isArray(entries)) return;
    for (const e of entries)
      if (typeof e?.embedderId === 'string' && typeof e.text === 'string' && e.vector instanceof Float32Array)
        this.byKey.set(keyOf(e.embedderId, e.text), e.vector);
  }

  get(embedderId: string, text: string): Float32Array | undefined {
    return this.byKey.get(keyOf(embedderId, text));
  }

  /** Keeps a vector the model made, the newest last, and stores them (not awaited: a failed write only loses the shortcut). */
  remember(embedderId: string, text: string, vector: Float32Array): void {
    const key = keyOf(embedderId, text);
    this.byKey.delete(key);
    this.byKey.set(key, vector.slice());
    while (this.byKey.size > QUERY_VECTORS_KEPT) this.byKey.delete(this.byKey.keys().next().value!);
    const entries = [...this.byKey].map(([k, v]) => {
      const cut = k.indexOf('\n');
      return { embedderId: k.slice(0, cut), text: k.slice(cut + 1), vector: v };
    });
    void this.save({ entries }).catch(() => {});
  }
}

/** The embedder as loaded, recording each question's float vector as the model makes it. */
export function recordingQueryVectors<E extends Embedder>(embedder: E, vectors: QueryVectors): E {
  const { embedQueryFloat } = embedder;
  if (!embedQueryFloat) return embedder;
  // Everything else is the embedder's own, through the prototype (a spread would drop what it inherits).
  return Object.assign(Object.create(embedder) as E, {
    async embedQueryFloat(text: string) {
      const vector = await embedQueryFloat.call(embedder, text);
      vectors.remember(embedder.id, text, vector);
      return vector;
    },
  });
}

/**
 * A stand-in for a model still starting (deferredEmbedder) that answers the questions whose
 * vectors are known at once: `ready(text)` is true for them, and their vectors are the ones kept.
 */
export function knownQueriesFirst(
  id: string,
  dimensions: number,
  load: () => Promise<Embedder>,
  loaded: () => boolean,
  vectors: QueryVectors,
): Embedder {
  const deferred = deferredEmbedder(id, dimensions, load, loaded);
  return {
    ...deferred,
    ready: (query) => loaded() || (query !== undefined && vectors.get(id, query) !== undefined),
    embed: async (texts, inputType, signal) => {
      const known = inputType === 'query' && texts.length === 1 ? vectors.get(id, texts[0]) : undefined;
      // The sign bits of the float query are its binary vector (the model's own embed gives the same).
      return known ? [packSigns(known)] : deferred.embed(texts, inputType, signal);
    },
    embedQueryFloat: async (text) => vectors.get(id, text)?.slice() ?? deferred.embedQueryFloat!(text),
  };
}
