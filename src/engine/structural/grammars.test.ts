import { describe, expect, it } from 'vitest';
import { languageForFile, languageForPath, SUPPORTED_LANGUAGES } from './grammars';

describe('languageForPath', () => {
  it('maps extensions to languages', () => {
    const cases: Record<string, string | null> = {
      'a.js': 'javascript',
      'src/a.mjs': 'javascript',
      'a.cjs': 'javascript',
      'A.JSX': 'javascript',
      'a.ts': 'typescript',
      'types/index.d.ts': 'typescript',
      'a.mts': 'typescript',
      'a.cts': 'typescript',
      'ui/App.tsx': 'tsx',
      'x/y.py': 'python',
      'main.go': 'go',
      'lib.rs': 'rust',
      'Main.java': 'java',
      'src/util.c': 'c',
      'include/util.h': 'c',
      'src/widget.cc': 'cpp',
      'a.cpp': 'cpp',
      'a.hpp': 'cpp',
      // The bodies a C++ header includes at its end (glm's ext/matrix_clip_space.inl).
      'ext/matrix_clip_space.inl': 'cpp',
      'detail/impl.tpp': 'cpp',
      'Program.cs': 'csharp',
      'lib/rake/task.rb': 'ruby',
      'tasks/db.rake': 'ruby',
      'x.gemspec': 'ruby',
      Rakefile: 'ruby',
      'sub/Gemfile': 'ruby',
      'src/Kernel.php': 'php',
      'App.kt': 'kotlin',
      'build.gradle.kts': 'kotlin',
      'View.swift': 'swift',
      'Main.scala': 'scala',
      'build.sc': 'scala',
      'install.sh': 'bash',
      'x.bash': 'bash',
      'init.lua': 'lua',
      'README.md': null,
      Makefile: null,
      '.eslintrc': null,
      'dir.js/file': null,
      'a.json': null,
    };
    for (const [path, lang] of Object.entries(cases)) expect(languageForPath(path), path).toBe(lang);
  });

  it('lists the supported languages', () => {
    expect([...SUPPORTED_LANGUAGES].sort()).toEqual([
      'bash',
      'c',
      'cpp',
      'csharp',
      'go',
      'java',
      'javascript',
      'kotlin',
      'lua',
      'php',
      'python',
      'ruby',
      'rust',
      'scala',
      'swift',
      'tsx',
      'typescript',
    ]);
  });
});

describe('languageForFile', () => {
  it('reads a header as C++ when its text is C++, else as C', () => {
    expect(languageForFile('a.h', '#ifndef A_H\nstruct point { int x; };\nint f(void);\n')).toBe('c');
    expect(languageForFile('a.h', 'namespace testing {\nclass Test;\n}\n')).toBe('cpp');
    expect(languageForFile('a.h', '#include <string>\nstd::string f();\n')).toBe('cpp');
    expect(languageForFile('a.h', 'template <typename T>\nT max(T a, T b);\n')).toBe('cpp');
    expect(languageForFile('a.h', 'class Widget : public Base {\n public:\n};\n')).toBe('cpp');
    expect(languageForFile('a.c', 'class Widget {};')).toBe('c');
  });

  it('reads an extensionless script with a shell shebang as bash', () => {
    expect(languageForFile('bin/setup', '#!/bin/sh\nset -e\n')).toBe('bash');
    expect(languageForFile('bin/setup', '#!/usr/bin/env bash\n')).toBe('bash');
    expect(languageForFile('bin/setup', '#!/usr/bin/env python3\n')).toBeNull();
    expect(languageForFile('notes.txt', '#!/bin/sh\n')).toBeNull();
  });

  it('reads an extensionless file that defines a shell function and closes a shell block as bash', () => {
    // resource-agents' lib/heartbeat/ocf-shellfuncs: sourced by the agents, no `#!` line.
    const library = [
      '# Common helper functions for the OCF Resource Agents',
      ': ${HA_SBIN_DIR:=/usr/sbin}',
      'if [ -z "$OCF_ROOT" ]; then',
      '    : ${OCF_ROOT=/usr/lib/ocf}',
      'fi',
      'ocf_is_root() {',
      '\tcase $EUID in',
      '\t\t"") case "`id`" in',
      '\t\t\t*uid=0*) true;;',
      '\t\t\t*) false;;',
      '\t\tesac;;',
      '\tesac',
      '}',
      '',
    ].join('\n');
    expect(languageForFile('lib/heartbeat/ocf-shellfuncs', library)).toBe('bash');
    // Brace on the next line (ocf-distro's `_process_os_release_id()`).
    expect(languageForFile('lib/ocf-distro', 'f()\n{\n\tfor x in a b; do echo $x\n\tdone\n}\n')).toBe('bash');
    // A function alone, or block words alone, is not enough; nor is a file with an extension.
    expect(languageForFile('Makefile', 'all:\n\tcc -o x x.c\n')).toBeNull();
    expect(languageForFile('NOTES', 'Call setup() {\n  once\n}\n')).toBeNull();
    expect(languageForFile('README', 'if it fails; then\nretry\n')).toBeNull();
    expect(languageForFile('notes.txt', library)).toBeNull();
  });

  it('reads an extensionless file whose first command sources another file as bash', () => {
    // git's lib/git-core/mergetools/gvimdiff: one line, the vimdiff tool's file run in its place.
    expect(languageForFile('mergetools/gvimdiff', '. "$MERGE_TOOLS_DIR/vimdiff"\n')).toBe('bash');
    expect(languageForFile('hooks/post-x', '# Run the shared part.\n\nsource ./common.sh\nrun_hook\n')).toBe('bash');
    // Prose that starts a line with a dot, or a sourced word with more after it, is not.
    expect(languageForFile('NOTES', '. this is a list item\n')).toBeNull();
    expect(languageForFile('NOTES', '.TH GIT 1\n')).toBeNull();
    expect(languageForFile('gvimdiff.txt', '. "$MERGE_TOOLS_DIR/vimdiff"\n')).toBeNull();
  });

  it('reads an extensionless file that opens as a header does as C++ (Eigen/Core, <vector>, Qt’s QString)', () => {
    // Eigen's module header: a licence in `//` lines, then its include guard.
    const core = [
      '// This file is part of Eigen, a lightweight C++ template library',
      '//',
      '',
      '#ifndef EIGEN_CORE_H',
      '#define EIGEN_CORE_H',
      '#include "src/Core/util/Macros.h"',
      '#endif // EIGEN_CORE_H',
    ].join('\n');
    expect(languageForFile('Eigen/Core', core)).toBe('cpp');
    // libstdc++'s <vector>: a `/* */` or `//` licence, then the guard with a value.
    expect(
      languageForFile(
        'c++/12/vector',
        '/* <vector> -*- C++ -*-\n * Copyright\n */\n#ifndef _GLIBCXX_VECTOR\n#define _GLIBCXX_VECTOR 1\n',
      ),
    ).toBe('cpp');
    // Qt's forwarding header, one include; Eigen's `Eigen/Eigen`, one include of another module.
    expect(languageForFile('QtCore/QString', '#include "qstring.h"\n')).toBe('cpp');
    expect(languageForFile('Eigen/Eigen', '#include "Dense"\n#include "Sparse"\n')).toBe('cpp');
    expect(languageForFile('include/x', '#pragma once\nnamespace x {}\n')).toBe('cpp');
    // Shell scripts, Makefiles, m4 and text: `#` comments are prose, and a guard must name its macro twice.
    expect(languageForFile('configure-helper', '# include the helpers\n. ./lib\n')).toBe('bash');
    expect(languageForFile('Makefile', '# define the targets\ninclude rules.mk\nall:\n\tcc x.c\n')).toBeNull();
    expect(languageForFile('setup', '#ifndef FOO\necho no guard\n')).toBeNull();
    expect(languageForFile('aclocal', 'dnl m4 macros\nm4_include([m4/libtool.m4])\n')).toBeNull();
    expect(languageForFile('README', 'Add this line:\n#include "x.h"\nto your sources.\n')).toBeNull();
    expect(languageForFile('NOTES', '#include <stdio.h> is how it starts, then\n')).toBeNull();
    // A file with an extension other than a header's stays what its extension says.
    expect(languageForFile('notes.txt', core)).toBeNull();
  });

  it('reads a header whose namespace block opens on the next line as C++', () => {
    // PCL's features/pfh_tools.h: only declarations, inside `namespace pcl` + newline + `{`.
    expect(
      languageForFile('pfh_tools.h', '#pragma once\nnamespace pcl\n{\n  bool computePairFeatures (float &f1);\n}\n'),
    ).toBe('cpp');
  });
});
