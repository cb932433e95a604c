/**
 * A C++ overload that repackages its arguments and calls its own name hands a question asking
 * how on to the overload that does the work. The shape of a generic image library's headers
 * (VIGRA 1.11's resizeimage.hxx and watersheds.hxx): one overload over iterators does the work,
 * the others take arrays or iterator triples, check them and call the name again. Every overload
 * holds the name and the parameters' words, so the lists and the boost put a wrapper first
 * ("how is an image resized with spline interpolation" showed `resizeImageSplineInterpolation`'s
 * 11-line array overload, not the 147-line one that interpolates).
 */
import { describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { calleesLookup, delegateLookup, memberNameCoverage } from './members';
import { at, chunkOrFiller, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const RESIZE_HXX = [
  'namespace imaging {',
  '',
  'template <class SrcIterator, class DestIterator>',
  'void',
  'resizeSpline(SrcIterator is, SrcIterator iend, DestIterator id, DestIterator idend)',
  '{',
  '    int w = iend - is;',
  '    int wnew = idend - id;',
  '    for (int y = 0; y < wnew; ++y)',
  '    {',
  '        double x = y * (w - 1.0) / (wnew - 1.0);',
  '        id[y] = interpolateSpline(is, x);',
  '    }',
  '}',
  '',
  'template <class SrcIterator, class DestIterator>',
  'inline void',
  'resizeSpline(triple<SrcIterator, SrcIterator> src, pair<DestIterator> dest)',
  '{',
  '    resizeSpline(src.first, src.second, dest.first, dest.second);',
  '}',
  '',
  'template <class T>',
  'inline void',
  'resizeSpline(ArrayView<T> const & src, ArrayView<T> dest)',
  '{',
  '    precondition(src.size() > 1, "resizeSpline(): source too small.");',
  '    resizeSpline(srcRange(src), destRange(dest));',
  '}',
  '',
  'int',
  'countNodes(Tree const & t)',
  '{',
  '    return countNodes(t.root());',
  '}',
  '',
  'int',
  'countNodes(Node const * n)',
  '{',
  '    if (!n) return 0;',
  '    return 1 + countNodes(n->left) + countNodes(n->right);',
  '}',
  '',
  'template <class T>',
  'inline void',
  'resizeLinear(ArrayView<T> const & src, ArrayView<T> dest)',
  '{',
  '    resizeLinear(srcRange(src), destRange(dest));',
  '}',
  '',
  'template <class SrcIterator, class DestIterator>',
  'void',
  'resizeLinear(SrcIterator is, SrcIterator iend, DestIterator id, DestIterator idend);',
  '',
  '}',
  '',
].join('\n');

/** The same wrapper in C, which has no overloads: a call of its own name is a recursion. */
const TREE_C = ['int', 'depth(struct node *n)', '{', '    return n ? 1 + depth(n->left) : 0;', '}', ''].join('\n');

const FILES: SourceFile[] = [
  { path: 'include/imaging/resize.hxx', text: RESIZE_HXX },
  { path: 'src/tree.c', text: TREE_C },
];

const corpus = await parsedCorpus(FILES);

/** The definition chunk of `symbol` opening at 1-based `line` (overloads share the name). */
function overload(symbol: string, line: number): Chunk {
  const chunk = corpus.chunks.find(
    (c) => c.kind === 'definition' && c.symbol === symbol && c.startLine <= line && c.endLine >= line,
  );
  if (!chunk) throw new Error(`no ${symbol} at line ${line}`);
  return chunk;
}

const worker = overload('resizeSpline', 5);
const tripleWrapper = overload('resizeSpline', 18);
const arrayWrapper = overload('resizeSpline', 25);

describe('a C++ overload that calls its own name, on a question asking how', () => {
  it('hands on to the one overload of its scope that does not call the name, whatever it computes for the arguments', () => {
    const delegate = delegateLookup(corpus, true);
    expect(delegate(arrayWrapper)).toBe(worker.id);
    // The triple overload is the array one's next step; both end in the iterator overload.
    expect(delegate(tripleWrapper)).toBe(worker.id);
    // The working overload loops: it hands on to nothing.
    expect(delegate(worker)).toBeUndefined();
    // A doc sentence or keywords naming the wrapper describe its entry point: it is kept.
    expect(delegateLookup(corpus)(arrayWrapper)).toBeUndefined();
  });

  it('is no wrapper when every other overload calls the name too (a recursion), nor of a prototype', () => {
    const delegate = delegateLookup(corpus, true);
    expect(delegate(overload('countNodes', 32))).toBeUndefined();
    // `resizeLinear`'s other overload is a declaration: no body does the work in this file.
    expect(delegate(overload('resizeLinear', 46))).toBeUndefined();
    // C has no overloads: `depth` calls itself.
    expect(delegate(overload('depth', 2))).toBeUndefined();
  });

  it('shows the working overload at the place the boost gave the wrapper', () => {
    // Every list ranks the array wrapper at or above the worker, as the real lists did.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(0, arrayWrapper), at(6, worker)),
      text: merge(at(1, arrayWrapper), at(0, worker)),
      structural: merge(at(0, arrayWrapper), at(3, worker)),
    };
    const centrality = new Map([
      [arrayWrapper.id, 0.4],
      [worker.id, 0.4],
    ]);
    const question = 'how is an image resized with spline interpolation';
    const run = (howItWorks: boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'other', '.hxx'), {
          centralityOf: (id) => centrality.get(id) ?? 0,
          rankContainersByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          delegateOf: delegateLookup(corpus, howItWorks),
          calleesOf: calleesLookup(corpus, question),
        }),
      ).filter((r) => r.path === 'include/imaging/resize.hxx');
    expect(run(false)[0].startLine).toBe(arrayWrapper.startLine);
    const [shown] = run(true);
    expect(shown.startLine).toBe(worker.startLine);
    expect(shown.explanation.member).toMatchObject({
      rule: 'wrapper-hands-on',
      over: { startLine: arrayWrapper.startLine },
    });
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});
