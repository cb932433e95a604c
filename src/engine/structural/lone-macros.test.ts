/**
 * A function-like macro invoked alone on a line between declarations (VIGRA's
 * `doxygen_overloaded_function(…)`, a run of type-trait generators) is blanked before the parse,
 * so the definitions after it are read as themselves rather than as the body of a "function"
 * named after the macro; a declarator split over lines is no such macro.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';
import { chunkSpans } from './chunks';
import { loneMacroLines } from './lone-macros';

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
