/**
 * The shape every modality folder shares: build from a corpus, serialize for the store,
 * load back, search with a query plan. The registry (registry.ts) holds, per modality, its
 * build, load and serialize and its stored form's type; loading, storing (also the browser's
 * records) and sizing an engine iterate it. Adding a fifth modality is its folder; its entry in
 * the registry and its key in mapModalities (the compiler asks for both once it is in the
 * Modality union); its name in MODALITIES and its weights and presets (ranking.ts); and its
 * place in the build pipeline (build.ts), which schedules the builds by hand rather than
 * iterating: text before the parse, structural and graph after it, semantic beside them.
 */
import type { Chunk, FileAnalysis, Language, Modality, ModalityHit, QueryPlan } from './contract';

/** A file as the indexes see it. `text` is the decoded UTF-8 content. */
export interface CorpusFile {
  id: number;
  path: string;
  /** Content hash (hex), for incremental re-indexing. */
  hash: string;
  size: number;
  language: Language | null;
  text: string;
  analysis: FileAnalysis;
  /** Ids of this file's chunks, ordered by start line. */
  chunkIds: number[];
}

/** Everything built indexes share: files, their analyses and the chunk table. */
export interface Corpus {
  files: CorpusFile[];
  chunks: Chunk[];
  fileByPath: Map<string, CorpusFile>;
  /** The innermost chunk containing `line` (1-based) in `fileId`; always defined for lines in range. */
  chunkAt(fileId: number, line: number): number;
}

export interface Retriever {
  readonly modality: Modality;
  /** Ranked best-first, at most `limit` hits, at most one hit per chunk. */
  search(plan: QueryPlan, limit: number): ModalityHit[] | Promise<ModalityHit[]>;
}
