import { beforeAll, describe, expect, it } from 'vitest';
import { isCommentLine, isDocumentPath } from './comment-lines';
import { Engine } from './engine';
import { engineOver } from '../../test/support/engine';

describe('comment lines by language', () => {
  it("reads `#` as a comment only where it is one: C's #include and a PHP or Rust attribute are code", () => {
    expect(isCommentLine('# Retrieve the command name from given args.', 'ruby')).toBe(true);
    expect(isCommentLine('#include "apfs.h"', 'c')).toBe(false);
    expect(isCommentLine('#[AsCommand(name: "list")]', 'php')).toBe(false);
    expect(isCommentLine('#[track_caller]', 'rust')).toBe(false);
    expect(isCommentLine(' * @sb:\t\tfilesystem superblock', 'c')).toBe(true);
    expect(isCommentLine('/// Runs the provided closure on a thread', 'rust')).toBe(true);
    expect(isCommentLine('    // ServeDNS dispatches the request', 'go')).toBe(true);
    expect(isCommentLine('-- the buffer of a window', 'lua')).toBe(true);
    expect(isCommentLine('--count;', 'c')).toBe(false);
    expect(isCommentLine('', 'go')).toBe(false);
  });

  it('without a language, any language’s comment, where a directive or an attribute is code', () => {
    expect(isCommentLine('  # a Ruby comment', null)).toBe(true);
    expect(isCommentLine('-- a Lua comment', null)).toBe(true);
    expect(isCommentLine(' * a block comment', null)).toBe(true);
    expect(isCommentLine('#define PREFIX "apfs: "', null)).toBe(false);
    expect(isCommentLine('#  include "x.h"', null)).toBe(false);
    expect(isCommentLine('#ifdef CONFIG_APFS_DEBUG', null)).toBe(false);
    expect(isCommentLine('#error "no atomics on this target"', null)).toBe(false);
    expect(isCommentLine('#[error("invalid header value")]', null)).toBe(false);
    expect(isCommentLine('#![allow(dead_code)]', null)).toBe(false);
  });
});

describe('a references query counts a use on a line its language reads as code', () => {
  // A function named by a C macro (`#define lock_first_page lock_page`, the kernel's way of
  // aliasing) is no call, so no edge of the graph: the by-name floor must find it, and `#define`
  // is a comment in no C file.
  const FILES = [
    {
      path: 'lock.c',
      text: ['int lock_page(int page)', '{', '  return page + 1;', '}', ''].join('\n'),
    },
    {
      path: 'macros.h',
      text: ['/* lock_page takes the page lock */', '#define lock_first_page lock_page', ''].join('\n'),
    },
    {
      path: 'notes.py',
      text: ['def helper():', '    """lock_page(3) is called from C."""', '    return 1', ''].join('\n'),
    },
  ];
  let engine: Engine;

  beforeAll(async () => {
    engine = await engineOver(FILES);
  });

  it("a C directive's line is a use; a comment line and a Python docstring's line are not", async () => {
    const r = await engine.search('who calls lock_page', { modalities: ['graph', 'text'] });
    const byName = r.results
      .map((x) => [x.path, x.explanation.modalities.graph?.reason] as const)
      .filter(([, reason]) => reason && /by name only/.test(reason));
    expect(byName).toEqual([['macros.h', 'uses lock_page at line 2 (by name only: not resolved to one definition)']]);
  });
});

describe('isDocumentPath', () => {
  it('prose by its name: README, .md, .rst, .txt', () => {
    for (const p of [
      'README.md',
      'docs/index.rst',
      'HTMLPurifier/ConfigSchema/schema/URI.Base.txt',
      'README',
      'doc/guide.adoc',
    ])
      expect(isDocumentPath(p), p).toBe(true);
    for (const p of ['build.rs', 'lib/markdown.py', 'Makefile']) expect(isDocumentPath(p), p).toBe(false);
  });
});
