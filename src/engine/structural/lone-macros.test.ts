/**
 * A function-like macro invoked alone on a line between declarations (VIGRA's
 * `doxygen_overloaded_function(…)`, a run of type-trait generators) is blanked before the parse,
 * so the definitions after it are read as themselves rather than as the body of a "function"
 * named after the macro; a declarator split over lines is no such macro. An object-like marker
 * macro alone over a template head (CUDA libraries') is blanked too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';
import { chunkSpans } from './chunks';
import { loneMacroLines, withoutMarkersBeforeTemplates } from './lone-macros';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

// After VIGRA 1.11's applywindowfunction.hxx and metaprogramming.hxx (MIT licence), shortened.
const VIGRA = `namespace vigra {

/** \\brief Apply a window function to each pixel. */
doxygen_overloaded_function(template <...> void applyWindowFunction)

template <class SrcIterator, class ProcessingFunctor>
void applyWindowFunction(SrcIterator s_ul, SrcIterator s_lr, ProcessingFunctor func)
{
    vigra_precondition(s_ul != s_lr, "applyWindowFunction(): empty image");
    func(s_ul);
}

#define VIGRA_TYPE_TRAITS(type, size) \\
template<> \\
class TypeTraits<type> \\
{ \\
  public: \\
    typedef char TypeToSize[size]; \\
};

VIGRA_TYPE_TRAITS(char, 1)
VIGRA_TYPE_TRAITS(signed char, 2)
VIGRA_TYPE_TRAITS(unsigned char, 3)

template <class T>
struct IsSameType
{
    typedef VigraFalseType type;
};

template <class SrcIterator>
inline void applyWindowFunction(triple<SrcIterator, SrcIterator, int> s)
{
    applyWindowFunction(s.first, s.second, s.third);
}

} // namespace vigra
`;

describe('lone macro lines (C/C++)', () => {
  it('the definitions after a lone macro invocation are their own, and the macro is no function', async () => {
    const a = await analyzer.analyzeAsync('applywindowfunction.hxx', VIGRA);
    const functions = a.definitions.filter((d) => d.kind === 'function').map((d) => [d.name, d.startLine, d.endLine]);
    expect(functions).toEqual([
      ['applyWindowFunction', 6, 11],
      ['applyWindowFunction', 31, 35],
    ]);
    expect(
      a.definitions.some((d) => d.name.startsWith('doxygen') || (d.name === 'VIGRA_TYPE_TRAITS' && d.kind !== 'macro')),
    ).toBe(false);
    const spans = chunkSpans(a)
      .filter((s) => s.kind === 'definition')
      .map((s) => [s.symbol, s.startLine, s.endLine]);
    expect(spans).toContainEqual(['IsSameType', 25, 29]);
  });

  it('a declarator on a line of its own (return type above, body or initializers below) is left alone', () => {
    const text = [
      'static int',
      'count_lines(const char *s)',
      '{',
      '  return 0;',
      '}',
      'class A {',
      'public:',
      '  A(int x)',
      '    : x_(x) {}',
      '};',
      'int f(void);',
      'Q_DECLARE_METATYPE(Foo)',
      'int g(void);',
      // After OpenAFS 1.8.9 (IBM Public License): a declarator per `#if` branch, an old-style definition.
      'static int',
      '#if defined(STATFS_TAKES_DENTRY)',
      'afs_statfs(struct dentry *dentry, struct kstatfs *statp)',
      '#else',
      'afs_statfs(struct super_block *sbp, struct kstatfs *statp)',
      '#endif',
      '{',
      '  return 0;',
      '}',
      'compare(orig, chgd)',
      '     afs_uint32 orig[2];',
      '{',
      '}',
    ].join('\n');
    expect(loneMacroLines(text).map((r) => r + 1)).toEqual([12]);
  });
});

// In the style of Thrust 1.17's sequential backend (Apache-2.0): each function opens with an
// object-like pragma marker over its template head, and calls its helpers named in full.
const MARKED = [
  'namespace thrust { namespace system { namespace sequential', // 1
  '{',
  '',
  '__exec_check_disable__',
  'template<typename I, typename C>', // 5
  '__host__ __device__',
  'void insertion_sort(I first, I last, C comp)',
  '{',
  '  for(I i = first; i != last; ++i) { }',
  '} // end insertion_sort()', // 10
  '',
  '__exec_check_disable__ // a marker',
  'template<typename I, typename C>',
  '__host__ __device__',
  'void insertion_sort_each(I first, I last, C comp)', // 15
  '{',
  '  thrust::system::sequential::insertion_sort(first, last, comp);',
  '}',
  '',
  '} } }', // 20
  '',
].join('\n');

describe('a marker macro alone over a template head (C++)', () => {
  it('the function after it is read as itself, also after a block end with a comment', async () => {
    const a = await analyzer.analyzeAsync('sort.h', MARKED);
    const functions = a.definitions.filter((d) => d.kind === 'function').map((d) => [d.name, d.startLine, d.endLine]);
    expect(functions).toEqual([
      ['insertion_sort', 5, 10],
      ['insertion_sort_each', 13, 18],
    ]);
  });

  it('a call named in full, namespace by namespace, is a call of the name', async () => {
    const a = await analyzer.analyzeAsync('sort.h', MARKED);
    const calls = a.references.filter((r) => r.name === 'insertion_sort').map((r) => [r.kind, r.line, r.enclosing]);
    expect(calls).toEqual([['call', 17, 'insertion_sort_each']]);
  });

  it('`extern template`, a name continuing a declaration and a name before no template are left alone', () => {
    expect(withoutMarkersBeforeTemplates('extern\ntemplate<> class A<int>;\n')).toBeNull();
    expect(withoutMarkersBeforeTemplates('typedef int\nvalue_type\ntemplate<class T> struct B;\n')).toBeNull();
    expect(withoutMarkersBeforeTemplates('int x;\nsize_t\ncount(void);\ntemplate<class T> struct B;\n')).toBeNull();
    expect(withoutMarkersBeforeTemplates('int x;\n  MARK\ntemplate<class T> struct B;\n')).toBe(
      'int x;\n      \ntemplate<class T> struct B;\n',
    );
  });

  it('a member template defined outside its class template starts at the first of its two heads', async () => {
    const text = [
      'template<typename T>',
      '  template<typename S>',
      '    S &engine<T>::stream_out(S &os) const',
      '{',
      '  return os;',
      '}',
      '',
    ].join('\n');
    const a = await analyzer.analyzeAsync('engine.inl', text);
    expect(a.definitions.map((d) => [d.name, d.startLine, d.endLine])).toContainEqual(['stream_out', 1, 6]);
  });
});
