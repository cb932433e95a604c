/**
 * On a question asking how, a near tie between two members of a file goes to the one the text list
 * ranks higher (fuse.ts chooseMember, 'text-breaks-tie') — but not to a function that calls the
 * member chosen: its lines say the step's words where they call it, with their own around them, so
 * BM25 ranks the caller over its step whichever the question asks for. The shape of Rust core's
 * slice/sort.rs (MIT/Apache-2.0: the quicksort loop `recurse` calls `choose_pivot`), written as
 * Python and cut down, with the ranks each list gave the two in the real set
 * (rust-core:understand:8).
 */
import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit } from '../contract';
import { fuse } from '../fuse';
import { calleesLookup, memberNamesRead } from './members';
import { at, chunkOrFiller, definitionNamed, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const SORT = [
  'def choose_pivot(v, is_less):',
  '    a, b, c = len(v) // 4, len(v) // 2, len(v) * 3 // 4',
  '    swaps = 0',
  '    if is_less(v[b], v[a]):',
  '        a, b = b, a',
  '        swaps += 1',
  '    if is_less(v[c], v[b]):',
  '        b, c = c, b',
  '        swaps += 1',
  '    return b, swaps == 0',
  '',
  'def recurse(v, is_less, limit):',
  '    while len(v) > 20:',
  '        if limit == 0:',
  '            v.sort()',
  '            return',
  '        pivot, likely_sorted = choose_pivot(v, is_less)',
  '        if likely_sorted and v == sorted(v):',
  '            return',
  '        limit -= 1',
  '        v = v[pivot:]',
  '',
  'def heapsort(v, is_less):',
  '    for end in range(len(v) - 1, 0, -1):',
  '        v[0], v[end] = v[end], v[0]',
  '        sift_down(v, 0, end, is_less)',
  '',
].join('\n');

const corpus = await parsedCorpus([{ path: 'slice/sort.py', text: SORT }]);
const named = (symbol: string) => definitionNamed(corpus, symbol);
const PIVOT =
  'how does the unstable sort pick the pivot element, and how does it guess that the slice is already sorted';

function shownFor(lists: Partial<Record<Modality, ModalityHit[]>>, calls: boolean) {
  return fuse(
    fusionInput(lists, chunkOrFiller(corpus, 'o', '.py'), {
      limit: 100,
      ...memberNamesRead(PIVOT, true),
      textBreaksMemberTies: true,
      ...(calls ? { stepsOf: calleesLookup(corpus) } : {}),
    }),
  ).find((r) => r.path === 'slice/sort.py')!;
}

describe('a near tie is not broken by text in favour of a caller of the member chosen', () => {
  it('keeps `choose_pivot` over `recurse`, which calls it and which the text list ranks first', () => {
    const [pivot, recurse] = [named('choose_pivot'), named('recurse')];
    const lists = {
      semantic: merge(at(0, pivot), at(2, recurse)),
      text: merge(at(0, recurse), at(2, pivot)),
      structural: merge(at(3, pivot), at(18, recurse)),
    };
    const byText = shownFor(lists, false);
    expect(byText.symbol).toBe('recurse');
    expect(byText.explanation.member?.rule).toBe('text-breaks-tie');
    const shown = shownFor(lists, true);
    expect(shown.symbol).toBe('choose_pivot');
    expect(shown.explanation.member).toBeUndefined();
  });

  it('still breaks a near tie by text between members that do not call each other', () => {
    const [pivot, heap] = [named('choose_pivot'), named('heapsort')];
    const lists = {
      semantic: merge(at(0, pivot), at(2, heap)),
      text: merge(at(0, heap), at(2, pivot)),
      structural: merge(at(3, pivot), at(18, heap)),
    };
    const shown = shownFor(lists, true);
    expect(shown.symbol).toBe('heapsort');
    expect(shown.explanation.member?.rule).toBe('text-breaks-tie');
  });
});
