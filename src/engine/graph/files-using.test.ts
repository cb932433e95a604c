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
