/**
 * The modality registry: per modality, how its index is built from a corpus, stored and loaded
 * back, with its stored form typed. Loading, storing and sizing a whole engine go through it
 * (mapModalities), so none of them lists the modalities again or casts a stored form.
 */
import type { Modality } from './contract';
import type { Corpus } from './modality';
import type { Embedder } from './semantic/embedder';
import { GraphIndex, type GraphSnapshot } from './graph/index';
import { SemanticIndex, type SemanticBuildOptions, type SemanticSnapshot } from './semantic/index';
import { StructuralIndex, type StructuralSnapshot } from './structural/index';
import { TextIndex, type TextSnapshot } from './text/index';
import { SnapshotDamagedError } from './snapshot';

/**
 * Each modality's index in an engine. Null when it is not there: structural and graph in an
 * engine whose build has not reached them yet (they are in its `pending`), semantic without an
 * embedder.
 */
export interface Indexes {
  text: TextIndex;
  structural: StructuralIndex | null;
  graph: GraphIndex | null;
  semantic: SemanticIndex | null;
}

/** A corpus with its indexes: what searching and navigating read. */
export interface IndexedCorpus {
  corpus: Corpus;
  indexes: Indexes;
}

/** Each modality's stored form, as a snapshot holds it (semantic null: built without an embedder). */
export interface ModalitySnapshots {
  text: TextSnapshot;
  structural: StructuralSnapshot;
  graph: GraphSnapshot;
  semantic: SemanticSnapshot | null;
}

/** What a modality's build may take besides the corpus. */
export interface ModalityBuildInputs {
  /** The text index over the same files built before the parse: its trigrams are reused. */
  sameFiles?: TextIndex;
  /** The embedder (null: no semantic index) and the semantic build's options. */
  embedder?: Embedder | null;
  semantic?: SemanticBuildOptions;
}

/** What each modality's build returns: semantic embeds, so it is the one that takes time off-thread. */
export interface BuiltIndexes {
  text: TextIndex;
  structural: StructuralIndex;
  graph: GraphIndex;
  semantic: Promise<SemanticIndex | null>;
}

export interface ModalityEntry<M extends Modality> {
  build(corpus: Corpus, inputs: ModalityBuildInputs): BuiltIndexes[M];
  /** Throws for an index that cannot be stored (one still being built). */
  serialize(index: Indexes[M]): ModalitySnapshots[M];
  load(corpus: Corpus, snapshot: ModalitySnapshots[M], embedder: Embedder | null): Indexes[M];
}

function stillBuilding(): never {
  throw new Error('an index still being built is not serialized');
}

export const MODALITY_REGISTRY: { [M in Modality]: ModalityEntry<M> } = {
  text: {
    build: (corpus, { sameFiles }) => TextIndex.build(corpus, sameFiles),
    serialize: (index) => index.serialize(),
    load: (corpus, snapshot) => TextIndex.load(corpus, snapshot),
  },
  structural: {
    build: (corpus) => StructuralIndex.build(corpus),
    serialize: (index) => (index ?? stillBuilding()).serialize(),
    load: (corpus, snapshot) => StructuralIndex.load(corpus, snapshot),
  },
  graph: {
    build: (corpus) => GraphIndex.build(corpus),
    serialize: (index) => (index ?? stillBuilding()).serialize(),
    load: (corpus, snapshot) => GraphIndex.load(corpus, snapshot),
  },
  semantic: {
    build: async (corpus, { embedder, semantic }) =>
      embedder ? SemanticIndex.build(corpus, embedder, semantic) : null,
    serialize: (index) => index?.serialize() ?? null,
    load: (corpus, snapshot, embedder) => (snapshot ? SemanticIndex.load(corpus, snapshot, embedder) : null),
  },
};

/**
 * The order an engine's indexes are stored, sized and listed in a snapshot (its key order).
 * Not MODALITIES' order (semantic first, as results explain them): a stored snapshot keeps the
 * order it always had.
 */
export const STORED_MODALITIES: readonly Modality[] = ['text', 'structural', 'graph', 'semantic'];

/**
 * One value per modality, `f` called for each in STORED_MODALITIES order: the one place the
 * modalities are spelt out as keys, checked against the Modality union (a fifth one does not
 * compile until it is added here and to the registry).
 */
export function mapModalities<R extends { [M in Modality]: unknown }>(
  f: <M extends Modality>(m: M) => R[M],
): { [M in Modality]: R[M] } {
  return { text: f('text'), structural: f('structural'), graph: f('graph'), semantic: f('semantic') };
}

/** mapModalities for values that arrive later (a store's reads): all asked at once. */
export async function mapModalitiesAsync<R extends { [M in Modality]: unknown }>(
  f: <M extends Modality>(m: M) => Promise<R[M]>,
): Promise<{ [M in Modality]: R[M] }> {
  const [text, structural, graph, semantic] = await Promise.all([
    f('text'),
    f('structural'),
    f('graph'),
    f('semantic'),
  ]);
  return { text, structural, graph, semantic };
}

/** Every index of an engine in its stored form. */
export function serializeIndexes(indexes: Indexes): ModalitySnapshots {
  return mapModalities<ModalitySnapshots>((m) => MODALITY_REGISTRY[m].serialize(indexes[m]));
}

/**
 * Every index of a stored engine, over its corpus. With `present` (a snapshot read on demand,
 * which says whether a modality is stored without reading it) each is loaded when first used:
 * a query that reads the text index alone never reads (or checks) the graph's or the vectors'
 * stored form. Without it, all are loaded now.
 */
export function loadIndexes(
  corpus: Corpus,
  snapshots: ModalitySnapshots,
  embedder: Embedder | null,
  present?: (m: Modality) => boolean,
): Indexes {
  const loaded = new Map<Modality, unknown>();
  const indexes = {} as Indexes;
  const load = <M extends Modality>(m: M): Indexes[M] => {
    if (!loaded.has(m)) loaded.set(m, loadStored(m, corpus, snapshots, embedder));
    return loaded.get(m) as Indexes[M];
  };
  for (const m of STORED_MODALITIES) Object.defineProperty(indexes, m, { get: () => load(m), enumerable: true });
  if (present) PRESENCE.set(indexes, present);
  // A snapshot already in memory (IndexedDB's, the demo's) is loaded whole now, as before: its
  // damage is named when the repository opens, not in the middle of a question.
  else for (const m of STORED_MODALITIES) load(m);
  return indexes;
}

/** A stored index that will not load is a damaged snapshot: the host rebuilds it. */
function loadStored<M extends Modality>(
  m: M,
  corpus: Corpus,
  snapshots: ModalitySnapshots,
  embedder: Embedder | null,
): Indexes[M] {
  try {
    return MODALITY_REGISTRY[m].load(corpus, snapshots[m], embedder);
  } catch (e) {
    if (e instanceof SnapshotDamagedError) throw e;
    throw new SnapshotDamagedError(`${m} index`, 'does not load', { cause: e });
  }
}

const PRESENCE = new WeakMap<Indexes, (m: Modality) => boolean>();

/** Whether an engine has a modality's index, without loading a stored one. */
export function hasIndex(indexes: Indexes, m: Modality): boolean {
  return PRESENCE.get(indexes)?.(m) ?? indexes[m] !== null;
}
