/**
 * A phrase typed in plain words that only the code's comments, docstrings or documents hold
 * ("open a pseudo terminal" beside nix's `/// Open a pseudoterminal device`, "add edge between u
 * and v" beside networkx's docstring) describes the code: it is searched as a question, not routed
 * to an exact match on the comment. The same words in a string the code prints stay pasted text, as
 * does a comment's sentence pasted whole or inside a log line — in the case they were printed in:
 * typed in lower case, words the code holds only with other capitals inside (x/tools' `"cannot
 * build SSA for package %s"`, openafs's "Directory Name Lookup Cache" title) are a question.
 * With real tree-sitter, on the shapes of nix (Rust), networkx (Python), x/tools (Go) and a README.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from './contract';
import { Engine } from './engine';
import { engineOver } from '../../test/support/engine';

const PTY: SourceFile = {
  path: 'src/pty.rs',
  text: `use crate::Result;

/// Open a pseudoterminal device (see
/// [\`posix_openpt(3)\`](https://pubs.opengroup.org/onlinepubs/9699919799/functions/posix_openpt.html))
///
/// \`posix_openpt()\` returns a file descriptor to an existing unused pseudoterminal master device.
pub fn posix_openpt(flags: OFlag) -> Result<PtyMaster> {
    let fd = unsafe { libc::posix_openpt(flags.bits()) };
    if fd < 0 {
        return Err(Errno::last());
    }
    Ok(PtyMaster(fd))
}
`,
};

const GRAPH: SourceFile = {
  path: 'classes/graph.py',
  text: `class Graph:
    def add_edge(self, u_of_edge, v_of_edge, **attr):
        """Add an edge between u and v.

        The nodes u and v will be automatically added if they are
        not already in the graph.
        """
        u, v = u_of_edge, v_of_edge
        self._adj[u][v] = attr
`,
};

const README: SourceFile = {
  path: 'README.md',
  text: '# pty\n\nUse `posix_openpt` to open a pseudo terminal pair.\n',
};

async function engineOf(files: SourceFile[]): Promise<Engine> {
  return engineOver(files);
}

describe('a phrase the comments hold is a question', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineOf([PTY, GRAPH, README]);
  });

  it('a run of it in a doc comment and a README: searched as a question, the function first', async () => {
    const r = await engine.search('open a pseudo terminal');
    expect(r.query.intent).toBe('understand_code');
    expect(r.query.notes.join(' ')).not.toMatch(/Pasted text/);
    expect(r.results[0]).toMatchObject({ path: 'src/pty.rs', symbol: 'posix_openpt' });
  });

  it('a comment sentence pasted whole, or with a log line around it: still the text of that file', async () => {
    const whole = await engine.search('returns a file descriptor to an existing unused pseudoterminal master device');
    expect(whole.query).toMatchObject({ intent: 'exact_match', rule: 'verbatim-text' });
    expect(whole.results[0].path).toBe('src/pty.rs');
    const logged = await engine.search(
      'Uncaught (in promise) returns a file descriptor to an existing unused pseudoterminal',
    );
    expect(logged.query.intent).toBe('exact_match');
  });

  it("a run of it in a Python docstring's first or inner lines: a question", async () => {
    expect((await engine.search('add edge between u and v')).query.intent).toBe('understand_code');
    expect((await engine.search('automatically added if they are not')).query.intent).toBe('understand_code');
  });

  it('the same words printed by the code: pasted text, an exact match on the line that prints them', async () => {
    const printed = await engineOf([
      PTY,
      {
        path: 'src/main.rs',
        text: 'fn main() {\n    eprintln!("failed to open a pseudo terminal");\n}\n',
      },
    ]);
    const r = await printed.search('open a pseudo terminal');
    expect(r.query).toMatchObject({ intent: 'exact_match', rule: 'verbatim-text' });
    expect(r.results[0].path).toBe('src/main.rs');
  });

  it('words the code prints with other capitals inside, typed in lower case: a question, the function first', async () => {
    const ssa = await engineOf([
      {
        path: 'go/ssa/ssautil/load.go',
        text: `package ssautil

func BuildPackage(tc *types.Config, fset *token.FileSet, pkg *types.Package, files []*ast.File, mode ssa.BuilderMode) (*ssa.Package, error) {
	prog := ssa.NewProgram(fset, mode)
	ssapkg := prog.CreatePackage(pkg, files, info, false)
	ssapkg.Build()
	return ssapkg, nil
}
`,
      },
      {
        path: 'cmd/ssadump/main.go',
        text: `package main

func doMain() error {
	for i, p := range pkgs {
		if p == nil {
			return fmt.Errorf("cannot build SSA for package %s", initial[i])
		}
	}
	return nil
}
`,
      },
    ]);
    const typed = await ssa.search('build ssa for package');
    expect(typed.query.intent).toBe('understand_code');
    expect(typed.results[0]).toMatchObject({ path: 'go/ssa/ssautil/load.go', symbol: 'BuildPackage' });
    // Copied in its own case, the same words are the printed message.
    const copied = await ssa.search('cannot build SSA for package');
    expect(copied.query).toMatchObject({ intent: 'exact_match', rule: 'verbatim-text' });
    expect(copied.results[0].path).toBe('cmd/ssadump/main.go');
  });

  it("a message printed with a sentence's capital first letter, typed in lower case: still pasted", async () => {
    const printed = await engineOf([
      PTY,
      { path: 'src/main.rs', text: 'fn main() {\n    eprintln!("Failed to open a pseudo terminal");\n}\n' },
    ]);
    const r = await printed.search('failed to open a pseudo terminal');
    expect(r.query).toMatchObject({ intent: 'exact_match', rule: 'verbatim-text' });
  });
});
