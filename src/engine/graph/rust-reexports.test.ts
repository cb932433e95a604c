/**
 * Rust: a name a `use` binds from a repository module that re-exports it from a file below it
 * (h2's `use crate::frame::StreamId`) is that file's, not every namesake's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { parsedGraph } from '../../../test/support/parsed-graph';
import type { GraphIndex } from './index';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

/** The files "what depends on FILE" lists. */
const dependantsOf = async (files: Record<string, string>, path: string) => {
  const { corpus, graph } = await parsedGraph(analyzer, files);
  const hits = graph.search(
    {
      intent: 'impact_analysis',
      raw: `what depends on ${path}`,
      identifiers: [],
      terms: path.replace(/\.rs$/, '').split('/'),
    } as unknown as Parameters<GraphIndex['search']>[0],
    20,
  );
  return [...new Set(hits.map((h) => corpus.chunks[h.chunkId].path))].sort();
};

describe('Rust: a name a use binds through a re-exporting module', () => {
  // h2: frame/mod.rs re-exports frame/stream_id.rs's StreamId; share.rs defines another StreamId.
  const h2 = {
    'Cargo.toml': '[package]\nname = "h2"\n',
    'src/lib.rs': 'mod frame;\nmod share;\n',
    'src/frame/mod.rs': 'mod data;\nmod stream_id;\n\npub use self::stream_id::{StreamId, StreamIdOverflow};\n',
    'src/frame/stream_id.rs': [
      '#[derive(Debug, Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash)]',
      'pub struct StreamId(u32);',
      '',
      'pub struct StreamIdOverflow;',
    ].join('\n'),
    'src/frame/data.rs': [
      'use crate::frame::{util, Error, Frame, Head, Kind, StreamId};',
      '',
      '#[derive(Eq, PartialEq)]',
      'pub struct Data<T = Bytes> {',
      '    stream_id: StreamId,',
      '    data: T,',
      '}',
    ].join('\n'),
    'src/share.rs': [
      '#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]',
      'pub struct StreamId(u32);',
    ].join('\n'),
  };

  it("is the type under that module's folder, not a namesake elsewhere (h2 frame::StreamId, share.rs)", async () => {
    expect(await dependantsOf(h2, 'src/frame/stream_id.rs')).toContain('src/frame/data.rs');
    expect(await dependantsOf(h2, 'src/share.rs')).not.toContain('src/frame/data.rs');
  });
});
