/**
 * Rust: a name a `use` binds from a repository module that re-exports it from a file below it
 * (h2's `use crate::frame::StreamId`) is that file's, not every namesake's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { parsedDependants } from '../../../test/support/parsed-graph';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const dependantsOf = (files: Record<string, string>, path: string) => parsedDependants(analyzer, files, path);

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

describe('Rust: what a file sees, on h2 shapes', () => {
  const base = {
    'Cargo.toml': '[package]\nname = "h2"\n',
    'src/lib.rs': 'mod frame;\nmod proto;\nmod share;\n\npub use crate::share::{FlowControl, StreamId};\n',
    'src/frame/mod.rs': 'mod head;\nmod stream_id;\n\npub use self::head::Head;\npub use self::stream_id::StreamId;\n',
    'src/frame/stream_id.rs': 'pub struct StreamId(u32);\n',
    'src/frame/head.rs': [
      'use super::StreamId;',
      '',
      'pub struct Head {',
      '    stream_id: StreamId,',
      '}',
      '',
      'impl Head {',
      '    pub fn stream_id(&self) -> StreamId {',
      '        self.stream_id',
      '    }',
      '}',
    ].join('\n'),
    'src/share.rs': [
      'pub struct StreamId(u32);',
      '',
      'pub struct FlowControl;',
      '',
      'impl FlowControl {',
      '    pub fn stream_id(&self) -> StreamId {',
      '        StreamId(0)',
      '    }',
      '}',
    ].join('\n'),
    'src/proto/mod.rs': 'mod streams;\n\nuse crate::frame::{self, StreamId};\n',
    'src/proto/streams/mod.rs':
      'mod flow_control;\nmod store;\n\nuse self::flow_control::FlowControl;\nuse crate::frame::StreamId;\n',
    'src/proto/streams/flow_control.rs': 'pub struct FlowControl;\n',
  };

  it("a glob of an ancestor module sees its private uses (streams/store.rs's `use super::*`), not a namesake", async () => {
    const files = {
      ...base,
      'src/proto/streams/store.rs': [
        'use super::*;',
        '',
        'pub(super) struct Store {',
        '    ids: Vec<StreamId>,',
        '    flow: FlowControl,',
        '}',
      ].join('\n'),
    };
    expect(await dependantsOf(files, 'src/share.rs')).not.toContain('src/proto/streams/store.rs');
    expect(await dependantsOf(files, 'src/frame/stream_id.rs')).toContain('src/proto/streams/store.rs');
    expect(await dependantsOf(files, 'src/proto/streams/flow_control.rs')).toContain('src/proto/streams/store.rs');
  });

  it('`use a::{self, B}` passes B on, and a path written in place (`crate::Error`) passes on only its own names', async () => {
    const files = {
      ...base,
      'src/proto/streams/state.rs': [
        'use crate::frame::{self, StreamId};',
        '',
        'pub struct State;',
        '',
        'impl State {',
        '    pub fn set_reset(&mut self, stream_id: StreamId) -> Result<(), crate::Error> {',
        '        Ok(())',
        '    }',
        '}',
      ].join('\n'),
    };
    files['src/lib.rs'] += '\npub enum Error {}\n';
    expect(await dependantsOf(files, 'src/frame/stream_id.rs')).toContain('src/proto/streams/state.rs');
    expect(await dependantsOf(files, 'src/share.rs')).not.toContain('src/proto/streams/state.rs');
  });

  it('a local value named like a module is its stated type (`head: Head` beside `mod head`)', async () => {
    const files = {
      ...base,
      'src/frame/priority.rs': [
        'use crate::frame::*;',
        '',
        'pub struct Priority;',
        '',
        'impl Priority {',
        '    pub fn load(head: Head) -> bool {',
        '        head.stream_id() == head.stream_id()',
        '    }',
        '}',
      ].join('\n'),
    };
    files['src/frame/mod.rs'] += 'pub use crate::share::FlowControl;\n';
    expect(await dependantsOf(files, 'src/frame/head.rs')).toContain('src/frame/priority.rs');
    expect(await dependantsOf(files, 'src/share.rs')).not.toContain('src/frame/priority.rs');
  });

  it("a module's own item hides the namesake its glob brings (streams/mod.rs's Config, not connection.rs's)", async () => {
    const files = {
      ...base,
      'src/proto/mod.rs': 'mod connection;\nmod streams;\n\npub(crate) use self::connection::Config;\n',
      'src/proto/connection.rs': 'pub struct Config;\n',
      'src/proto/streams/mod.rs': 'mod counts;\n\nuse crate::proto::*;\n\npub struct Config;\n',
      'src/proto/streams/counts.rs': [
        'use super::*;',
        '',
        'pub struct Counts;',
        '',
        'impl Counts {',
        '    pub fn new(config: &Config) -> Self {',
        '        Counts',
        '    }',
        '}',
      ].join('\n'),
    };
    expect(await dependantsOf(files, 'src/proto/connection.rs')).not.toContain('src/proto/streams/counts.rs');
    expect(await dependantsOf(files, 'src/proto/streams/mod.rs')).toContain('src/proto/streams/counts.rs');
  });

  it("`use super::*` in an inline `mod tests` is the file's own module, not its parent's (hyper's upgrade.rs)", async () => {
    const files = {
      'Cargo.toml': '[package]\nname = "hyper"\n',
      'src/lib.rs': 'mod client;\nmod common;\nmod upgrade;\n',
      'src/common.rs': 'pub(crate) use std::future::Future;\n',
      // Four services, four `type Future`s: too many namesakes for a link by name alone.
      'src/client.rs': ['Client', 'Connect', 'Pool', 'Http']
        .map(
          (t) =>
            `pub struct ${t};\n\nimpl tower_service::Service<Request> for ${t} {\n    type Future = ResponseFuture;\n}\n`,
        )
        .join('\n'),
      'src/upgrade.rs': [
        'use crate::common::Future;',
        '',
        'pub struct OnUpgrade;',
        '',
        'impl Future for OnUpgrade {',
        '    type Output = ();',
        '}',
        '',
        '#[cfg(test)]',
        'mod tests {',
        '    use super::*;',
        '}',
      ].join('\n'),
    };
    expect(await dependantsOf(files, 'src/client.rs')).not.toContain('src/upgrade.rs');
  });
});
