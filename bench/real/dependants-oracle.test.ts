/**
 * The mined dependants set's truth (bench/real/dependants-oracle.ts) on the shapes of the tuning
 * projects whose misses were the oracle's own errors: a Python submodule, a Go local shadowing
 * a package name, Rust re-exports through an inline module, a comment that names a module.
 */
import { describe, expect, it } from 'vitest';
import { codeOnly, oracleOf } from './dependants-oracle';
import type { LoadedProject, RealProject } from './projects';

const loaded = (language: RealProject['language'], root: string, files: Record<string, string>): LoadedProject => ({
  project: { name: 't', pkg: 't', version: '1', language, root, extensions: [], half: 'tuning' },
  dir: '/nonexistent',
  files: Object.entries(files).map(([path, text]) => ({ path, text })),
  sha1: new Map(),
});

const pairs = async (l: LoadedProject) => (await oracleOf(l)).deps.map((d) => `${d.from} → ${d.to}:${d.line}`).sort();

describe('dependants oracle', () => {
  it('blanks comments and strings, keeping lines (a module named in a docstring is no import)', () => {
    const code = codeOnly('x = 1  # import os\ns = "from a import b"\n"""\nimport c\n"""\n', 'python');
    expect(code.split('\n')).toHaveLength(6);
    expect(code).not.toMatch(/import/);
  });

  it('a language with no import reader (npm, JavaScript) gives no dependencies and says why in dropped', async () => {
    const l = loaded('javascript', 'usr/share/nodejs', {
      'npm/lib/commands/org.js': "const otplease = require('../utils/otplease.js')\n",
      'npm/lib/utils/otplease.js': 'module.exports = async (npm, opts, fn) => fn(opts)\n',
    });
    const oracle = await oracleOf(l);
    expect(oracle.deps).toEqual([]);
    expect([...oracle.dropped.keys()]).toEqual(['javascript: no import reader']);
  });

  it('Python: a submodule imported from its package is a dependency of that file, not of __init__.py (docutils)', async () => {
    const l = loaded('python', 'usr/lib/python3/dist-packages/docutils', {
      '__init__.py': '',
      'readers/__init__.py': 'def get_reader_class(n):\n    return n\n',
      'readers/standalone.py': 'class Reader:\n    pass\n',
      'readers/pep.py': 'from docutils.readers import standalone\n',
      'core.py': 'from . import readers\nfrom .readers import get_reader_class\n',
    });
    expect(await pairs(l)).toEqual(['core.py → readers/__init__.py:1', 'readers/pep.py → readers/standalone.py:1']);
  });

  it("Rust: a name re-exported by an inline module is the defining file's, and `mod x;` counts (rustls)", async () => {
    const l = loaded('rust', 'src', {
      'lib.rs': 'pub mod server {\n    mod server_conn;\n    pub use server_conn::ProducesTickets;\n}\nmod ticketer;\n',
      'server/server_conn.rs': 'pub trait ProducesTickets {}\n',
      'ticketer.rs': 'use crate::server::ProducesTickets;\n// crate::server::Nothing in a comment\n',
    });
    expect(await pairs(l)).toEqual([
      'lib.rs → server/server_conn.rs:2',
      'lib.rs → ticketer.rs:5',
      'ticketer.rs → server/server_conn.rs:1',
    ]);
  });

  it("Rust: a path starting with a name a use binds, and names a glob brings, ancestors' private uses included (h2)", async () => {
    const l = loaded('rust', 'src', {
      'lib.rs': 'mod frame;\nmod proto;\nmod server;\n',
      'frame/mod.rs': 'pub struct StreamId(u32);\n',
      'proto/mod.rs': 'mod peer;\nmod streams;\n\npub(crate) use self::peer::Peer;\nuse crate::frame::StreamId;\n',
      'proto/peer.rs': 'pub(crate) trait Peer {}\npub enum Dyn {}\n',
      'proto/streams/mod.rs': 'mod counts;\n\nuse crate::proto::*;\n',
      'proto/streams/counts.rs': [
        'use super::*;',
        '',
        'pub struct Counts {',
        '    peer: peer::Dyn,',
        '    id: StreamId,',
        '}',
        'impl Counts {',
        '    pub fn peer(&self) -> peer::Dyn { self.peer }',
        '}',
      ].join('\n'),
      'server.rs': 'use crate::proto::{self};\n\nstruct Peer;\nimpl proto::Peer for Peer {}\n',
    });
    const deps = await pairs(l);
    expect(deps).toEqual(
      expect.arrayContaining([
        'proto/streams/counts.rs → proto/peer.rs:4',
        'proto/streams/counts.rs → frame/mod.rs:5',
        'server.rs → proto/peer.rs:4',
      ]),
    );
    expect(deps).not.toContain('server.rs → frame/mod.rs:4');
  });

  it("Rust: `crate::` is the crate of the nearest lib.rs or main.rs, not the project's root (cargo's src/cargo/lib.rs)", async () => {
    const l = loaded('rust', 'src', {
      'cargo/lib.rs': 'pub mod core;\n',
      'cargo/core/mod.rs': 'pub mod profiles;\npub mod resolver;\n',
      'cargo/core/resolver/mod.rs': 'pub mod features;\n',
      'cargo/core/resolver/features.rs': 'pub enum FeaturesFor {}\n',
      'cargo/core/profiles.rs': 'use crate::core::resolver::features::FeaturesFor;\n',
      'bin/cargo/main.rs': 'mod cli;\n',
      'bin/cargo/cli.rs': 'use crate::core::Nothing;\n',
    });
    const deps = await pairs(l);
    expect(deps).toContain('cargo/core/profiles.rs → cargo/core/resolver/features.rs:1');
    expect(deps.filter((d) => d.startsWith('bin/cargo/cli.rs'))).toEqual([]);
  });
});
