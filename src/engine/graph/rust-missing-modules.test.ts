/**
 * Rust, on gtk-rs's shapes: a `use` into a module whose file the repository lacks (gtk4's generated
 * auto/, left out) binds nothing of its parent, and lib.rs's `pub use m::{A, B}` of a module it
 * declares is a use of m's names.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { parsedDependants, parsedGraph } from '../../../test/support/parsed-graph';
import type { GraphIndex } from './index';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const gtk = {
  'Cargo.toml': '[package]\nname = "gtk4"\n',
  'src/lib.rs': [
    'mod auto;',
    '#[macro_use]',
    'mod expression;',
    'pub mod prelude;',
    'mod tree_model;',
    'mod bool_filter;',
    '',
    'pub use expression::{Expression, NONE_EXPRESSION};',
  ].join('\n'),
  'src/prelude.rs': ['pub use crate::auto::traits::*;', 'pub use crate::tree_model::TreeModelExtManual;'].join('\n'),
  'src/expression.rs': [
    'pub struct Expression(u32);',
    '',
    'impl AsRef<Expression> for Expression {',
    '    fn as_ref(&self) -> &Expression {',
    '        self',
    '    }',
    '}',
    '',
    'pub const NONE_EXPRESSION: Option<&Expression> = None;',
  ].join('\n'),
  'src/tree_model.rs': [
    'use crate::prelude::*;',
    '',
    'pub trait TreeModelExtManual: AsRef<u32> {',
    '    fn n(&self) -> u32 {',
    '        *self.as_ref()',
    '    }',
    '}',
  ].join('\n'),
  'src/bool_filter.rs': [
    'use crate::Expression;',
    '',
    'pub fn new<E: AsRef<Expression>>(expression: Option<&E>) -> u32 {',
    '    0',
    '}',
  ].join('\n'),
};

describe('Rust: a module whose file is missing, and a grouped re-export', () => {
  it("a glob of crate::auto::traits (lib.rs declares `mod auto;`, no auto/ file) sees none of lib.rs's modules (gtk4 tree_model.rs)", async () => {
    expect(await parsedDependants(analyzer, gtk, 'src/expression.rs')).toEqual(['src/bool_filter.rs', 'src/lib.rs']);
  });

  it('lib.rs, declaring expression.rs and re-exporting two of its names, uses them, not only declares the module (gtk4)', async () => {
    const { corpus, graph } = await parsedGraph(analyzer, gtk);
    const hits = graph.search(
      {
        intent: 'impact_analysis',
        raw: 'what depends on src/expression.rs',
        identifiers: [],
        terms: ['src', 'expression'],
      } as unknown as Parameters<GraphIndex['search']>[0],
      20,
    );
    const lib = hits.find((h) => corpus.chunks[h.chunkId].path === 'src/lib.rs');
    expect(lib?.reason).toBe('imports src/expression.rs');
  });
});
