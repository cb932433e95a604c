/**
 * "Which files use NAME" asks for the files that depend on NAME (the real set's
 * ruma:dependants:15): the file defining it, which uses it in its own functions, is not one of
 * them; "who uses NAME" still lists those lines.
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

const pathsAnswering = async (files: Record<string, string>, raw: string, name: string) => {
  const { corpus, graph } = await parsedGraph(analyzer, files);
  const hits = graph.search(
    { intent: 'find_references', raw, identifiers: [name], terms: [name.toLowerCase()] } as unknown as Parameters<
      GraphIndex['search']
    >[0],
    20,
  );
  return [...new Set(hits.map((h) => corpus.chunks[h.chunkId].path))].sort();
};

// ruma-common's api: metadata.rs defines MatrixVersion and uses it; api.rs re-exports and uses
// it; api/error.rs imports it from api.rs.
const ruma = {
  'Cargo.toml': '[package]\nname = "ruma-common"\n',
  'src/lib.rs': 'pub mod api;\n',
  'src/api.rs': [
    'mod error;',
    'mod metadata;',
    '',
    'pub use metadata::{MatrixVersion, Metadata};',
    '',
    "pub fn select_path<'a>(versions: &'_ [MatrixVersion], metadata: &Metadata) -> Option<&'a str> {",
    '    None',
    '}',
  ].join('\n'),
  'src/api/metadata.rs': [
    'pub struct Metadata {',
    '    pub added: Option<MatrixVersion>,',
    '}',
    '',
    'impl Metadata {',
    '    pub fn versioning_decision_for(&self, versions: &[MatrixVersion]) -> bool {',
    '        versions.is_empty()',
    '    }',
    '}',
    '',
    'pub enum MatrixVersion {',
    '    V1_0,',
    '    V1_1,',
    '}',
  ].join('\n'),
  'src/api/error.rs': [
    'use super::{MatrixVersion};',
    '',
    'pub enum IntoHttpError {',
    '    EndpointRemoved(MatrixVersion),',
    '}',
  ].join('\n'),
};

describe('which files use NAME', () => {
  it('lists the files using it, not the file defining it (ruma MatrixVersion)', async () => {
    expect(await pathsAnswering(ruma, 'which files use MatrixVersion', 'MatrixVersion')).toEqual([
      'src/api.rs',
      'src/api/error.rs',
    ]);
  });

  it('"who uses NAME" keeps the uses in its own file', async () => {
    expect(await pathsAnswering(ruma, 'who uses MatrixVersion', 'MatrixVersion')).toContain('src/api/metadata.rs');
  });
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
