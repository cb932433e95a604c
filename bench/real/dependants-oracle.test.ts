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
});
