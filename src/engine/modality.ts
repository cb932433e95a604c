/**
 * The shape every modality folder shares: build from a corpus, serialize for the store,
 * load back, search with a query plan. Adding a fifth modality is one folder and one line
 * in the registry (engine.ts).
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
