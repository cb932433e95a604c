/**
 * C++ headers with no extension (Eigen's `Eigen/Core`, `Eigen/Dense`; the standard library's own;
 * Qt's forwarding headers) are C++ by their text, so the `#include`s they are made of are edges:
 * `what depends on Eigen/src/Core/Matrix.h` names the module header a user includes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { parsedDependants } from '../../../test/support/parsed-graph';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const eigen = {
  'Eigen/Core': [
    '// This file is part of Eigen, a lightweight C++ template library',
    '#ifndef EIGEN_CORE_H',
    '#define EIGEN_CORE_H',
    '#include "src/Core/util/Macros.h"',
    '#include "src/Core/Matrix.h"',
    '#endif // EIGEN_CORE_H',
  ].join('\n'),
  'Eigen/Dense': ['#include "Core"', '#include "LU"'].join('\n'),
  'Eigen/LU': ['#ifndef EIGEN_LU_MODULE_H', '#define EIGEN_LU_MODULE_H', '#include "Core"', '#endif'].join('\n'),
  'Eigen/src/Core/util/Macros.h': '#define EIGEN_WORLD_VERSION 3\n',
  'Eigen/src/Core/Matrix.h': [
    'namespace Eigen {',
    'template<typename _Scalar, int _Rows, int _Cols>',
    'class Matrix {',
    ' public:',
    '  Matrix() {}',
    '};',
    '}',
  ].join('\n'),
};

describe('extensionless C++ headers', () => {
  it('are the includers of the src/ headers they list, and of each other', async () => {
    expect(await parsedDependants(analyzer, eigen, 'Eigen/src/Core/Matrix.h')).toContain('Eigen/Core');
    expect((await parsedDependants(analyzer, eigen, 'Eigen/Core')).sort()).toEqual(
      expect.arrayContaining(['Eigen/Dense', 'Eigen/LU']),
    );
  });

  it('never link an include to an extensionless file that is not C++ (a text file of that name)', async () => {
    const files = { 'lib/Core': 'Notes on the core module.\n', 'lib/user.h': '#include "Core"\nint f(void);\n' };
    expect(await parsedDependants(analyzer, files, 'lib/Core')).toEqual([]);
    // The same name holding a header is linked.
    const header = { ...files, 'lib/Core': '#pragma once\nint core(void);\n' };
    expect(await parsedDependants(analyzer, header, 'lib/Core')).toEqual(['lib/user.h']);
  });
});
