/**
 * "Similar to X" in C++ headers: X asked by its role (`the P0VTKFunction constructor`), and X
 * written again in another specialisation of its class template in its file. Fixtures are
 * abridged from DUNE's grid module (GPL-2.0 with the DUNE exception) and, for the other
 * languages' constructors, written for the test.
 */
import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import { engineOver } from '../../../test/support/engine';

/** A VTK data function as DUNE writes one: a class template with its constructor in the class. */
const vtkFunction = (name: string, layout: string) => [
  'template<typename GV, typename V>',
  `class ${name}`,
  '  : public VTKFunction< GV >',
  '{',
  '  const V& v;',
  '  std::string s;',
  '  int ncomps_;',
  '  Mapper mapper;',
  '',
  'public:',
  '  int ncomps () const override',
  '  {',
  '    return 1;',
  '  }',
  '',
  '  std::string name () const override',
  '  {',
  '    return s;',
  '  }',
  '',
  `  ${name}(const GV &gv, const V &v_, const std::string &s_, int ncomps=1)`,
  '    : v( v_ ),',
  '      s( s_ ),',
  '      ncomps_(ncomps),',
  `      mapper( gv, ${layout}() )`,
  '  {',
  '    if (v.size()!=(unsigned int)(mapper.size()*ncomps_))',
  `      DUNE_THROW(IOError, "${name}: size mismatch");`,
  '  }',
  '',
  `  virtual ~${name}() {}`,
  '};',
];

const FUNCTION_HH: SourceFile = {
  path: 'io/file/vtk/function.hh',
  text: [
    '#ifndef DUNE_GRID_IO_FILE_VTK_FUNCTION_HH',
    '#define DUNE_GRID_IO_FILE_VTK_FUNCTION_HH',
    '',
    'namespace Dune',
    '{',
    ...vtkFunction('P0VTKFunction', 'mcmgElementLayout'),
    '',
    ...vtkFunction('P1VTKFunction', 'mcmgVertexLayout'),
    '}',
    '',
    '#endif // DUNE_GRID_IO_FILE_VTK_FUNCTION_HH',
    '',
  ].join('\n'),
};

const WRITER_HH: SourceFile = {
  path: 'io/file/vtk/vtkwriter.hh',
  text: [
    '#ifndef DUNE_GRID_IO_FILE_VTK_VTKWRITER_HH',
    '#define DUNE_GRID_IO_FILE_VTK_VTKWRITER_HH',
    '',
    'namespace Dune',
    '{',
    '  template< class GridView >',
    '  class VTKWriter',
    '  {',
    '  public:',
    '    explicit VTKWriter ( const GridView &gridView, VTK::DataMode dm = VTK::conforming )',
    '      : gridView_( gridView ), datamode( dm )',
    '    {}',
    '',
    '    void addCellData ( const VTKFunctionPtr &p )',
    '    {',
    '      celldata.push_back( VTKLocalFunction(p) );',
    '    }',
    '  };',
    '}',
    '',
    '#endif',
    '',
  ].join('\n'),
};

describe('“the X constructor”: X’s class’s constructor, named as its language names constructors', () => {
  it('reads a C++ constructor, named as its class, and finds the other class’s (DUNE’s P0VTKFunction)', async () => {
    const engine = await engineOver([FUNCTION_HH, WRITER_HH]);
    const r = await engine.search('code similar to the P0VTKFunction constructor in io/file/vtk/function.hh');
    expect(r.query.intent).toBe('find_similar');
    // X is the constructor, not the class of its name nor an include guard spelling the path.
    expect(r.query.similarTo).toMatchObject({ name: 'P0VTKFunction', taken: [{ kind: 'method' }] });
    expect(r.results[0]).toMatchObject({ path: 'io/file/vtk/function.hh', symbol: 'P1VTKFunction' });
    expect(r.results[0].startLine).toBe(
      FUNCTION_HH.text
        .split('\n')
        .indexOf('  P1VTKFunction(const GV &gv, const V &v_, const std::string &s_, int ncomps=1)') + 1,
    );
  });

  it('reads a Python class’s `__init__` as its constructor', async () => {
    const engine = await engineOver([
      {
        path: 'shapes.py',
        text: [
          'class Circle:',
          '    def __init__(self, radius):',
          '        self.radius = radius',
          '        self.area = 3.14 * radius * radius',
          '',
          '    def grow(self, by):',
          '        self.radius += by',
          '',
          '',
          'class Square:',
          '    def __init__(self, side):',
          '        self.side = side',
          '        self.area = side * side',
          '',
          '    def grow(self, by):',
          '        self.side += by',
          '',
        ].join('\n'),
      },
    ]);
    const r = await engine.search('code similar to the Circle constructor');
    expect(r.query.similarTo).toMatchObject({ name: '__init__', taken: [{ container: 'Circle' }] });
    expect(r.results[0]).toMatchObject({ symbol: '__init__', startLine: 11 });
  });
});

/** A quadratic boundary segment as DUNE's Gmsh reader writes one per dimension: `points` are its fields. */
const segment = (head: string[], points: string[], bytes: string) => [
  ...head,
  '  {',
  '    typedef typename Dune::BoundarySegment< 2, dimWorld > :: ObjectStreamType ObjectStreamType;',
  '',
  '    static void registerFactory()',
  '    {',
  '      if( key() < 0 )',
  '        key() = Dune::BoundarySegment< 2, dimWorld >::template registerFactory< ThisType >();',
  '    }',
  '',
  '    void backup( ObjectStreamType& out ) const',
  '    {',
  '      // backup key to identify object',
  '      out.write( (const char *) &key(), sizeof( int ) );',
  `      const int bytes = ${bytes};`,
  ...points.map((p) => `      out.write( (const char*) &${p}[ 0 ], bytes );`),
  '    }',
  '',
  '    static int& key() {',
  '      static int k = -1;',
  '      return k;',
  '    }',
  '  };',
  '',
];

const GMSH_READER_HH: SourceFile = {
  path: 'io/file/gmshreader.hh',
  text: [
    'namespace Dune',
    '{',
    '  template<int dim, int dimWorld>',
    '  class GmshReaderQuadraticBoundarySegment;',
    '',
    ...segment(
      [
        '  template< int dimWorld >',
        '  struct GmshReaderQuadraticBoundarySegment< 2, dimWorld >',
        '    : public Dune::BoundarySegment< 2, dimWorld >',
      ],
      ['p0', 'p1', 'p2'],
      'sizeof(double)*dimWorld',
    ),
    ...segment(
      ['  template<>', '  class GmshReaderQuadraticBoundarySegment< 3, 3 >', '    : public Dune::BoundarySegment< 3 >'],
      ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'],
      'sizeof(double)*3',
    ),
    '}',
    '',
  ].join('\n'),
};

const PROJECTION_HH: SourceFile = {
  path: 'common/boundaryprojection.hh',
  text: [
    'namespace Dune',
    '{',
    '  template< int dimworld >',
    '  struct BoundaryProjection',
    '  {',
    '    void backup ( ObjectStreamType &buffer ) const',
    '    {',
    '      buffer.write( (const char *) &key(), sizeof( int ) );',
    '      buffer.write( (const char *) &faceMapping_, sizeof( FaceMapping ) );',
    '    }',
    '  };',
    '}',
    '',
  ].join('\n'),
};

describe('X written again in another specialisation of its class template: its sibling, not X again', () => {
  it('takes the first specialisation’s `backup` as X and puts the other’s first (DUNE’s Gmsh quadratic boundary segments)', async () => {
    const engine = await engineOver([GMSH_READER_HH, PROJECTION_HH]);
    const r = await engine.search('code similar to backup in io/file/gmshreader.hh');
    const lines = GMSH_READER_HH.text.split('\n');
    const backups = lines.flatMap((l, i) => (l.includes('void backup(') ? [i + 1] : []));
    expect(backups).toHaveLength(2);
    expect(r.query.similarTo).toMatchObject({ code: 'qualified', taken: [{ startLine: backups[0] }] });
    expect(r.results[0]).toMatchObject({ path: 'io/file/gmshreader.hh', symbol: 'backup', startLine: backups[1] });
    expect(r.results[0].explanation.sibling).toMatchObject({ of: 'backup' });
  });

  it('keeps two members of one name in one unspecialised class as one X’s declarations (no variant)', async () => {
    const engine = await engineOver([
      {
        path: 'grid.hh',
        text: [
          'namespace Dune',
          '{',
          '  class Grid',
          '  {',
          '    void backup( std::ostream& out ) const',
          '    {',
          '      out << size_;',
          '    }',
          '',
          '    void backup( const std::string& path ) const',
          '    {',
          '      std::ofstream out( path );',
          '      backup( out );',
          '    }',
          '  };',
          '}',
          '',
        ].join('\n'),
      },
      PROJECTION_HH,
    ]);
    const r = await engine.search('code similar to backup in grid.hh');
    // Overloads in one class: the question names both, and neither is the other's answer.
    for (const row of r.results) expect(row.path).not.toBe('grid.hh');
  });
});
