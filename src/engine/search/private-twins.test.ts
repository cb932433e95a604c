/**
 * On a question asking how, the member chosen for a file hands its place to its private twin — the
 * same name marked private (`_x`, `#x`), as the implementation (`x_inner`, `xImpl`), or Go's
 * unexported spelling — when it reaches it through the functions of its file it calls, directly or
 * through one of them (search/members.ts privateTwinLookup; fuse.ts chooseMember,
 * 'wrapper-hands-on'). The shape of twisted's internet/defer.py (MIT: `inlineCallbacks` wraps the
 * generator in a nested function that calls `_cancellableInlineCallbacks`, which runs
 * `_inlineCallbacks`, the loop that resumes it), written small, with ranks close to those each
 * list gave the chunks in the real set (twisted:understand:17).
 */
import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { calleesLookup, memberCodeWordsSaid, memberNamesRead, privateTwinLookup } from './members';
import { at, chunkOrFiller, definitionNamed, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const DEFER = [
  'def _inline_callbacks(result, gen, status):',
  '    while True:',
  '        try:',
  '            result = gen.send(result)',
  '        except StopIteration as e:',
  '            status.deferred.callback(e.value)',
  '            return',
  '        if isinstance(result, Deferred):',
  '            result.add_both(lambda r: _inline_callbacks(r, gen, status))',
  '            return',
  '',
  'def _cancellable_inline_callbacks(gen):',
  '    deferred = Deferred(cancel=lambda d: gen.close())',
  '    status = _CallbacksStatus(deferred)',
  '    _inline_callbacks(None, gen, status)',
  '    return deferred',
  '',
  'def inline_callbacks(f):',
  '    """Write Deferred-using code as a sequential function."""',
  '    def unwind_generator(*args, **kwargs):',
  '        gen = f(*args, **kwargs)',
  '        if not isinstance(gen, GeneratorType):',
  '            raise TypeError("inline_callbacks requires a generator")',
  '        return _cancellable_inline_callbacks(gen)',
  '    return unwind_generator',
  '',
].join('\n');

// The same public function, its twin not reached: it calls another helper.
const APART = [
  'def _inline_callbacks(result, gen, status):',
  '    while True:',
  '        result = gen.send(result)',
  '        if isinstance(result, Deferred):',
  '            return',
  '',
  'def inline_callbacks(f):',
  '    """Write Deferred-using code as a generator."""',
  '    def unwind_generator(*args, **kwargs):',
  '        gen = f(*args, **kwargs)',
  '        if not isinstance(gen, GeneratorType):',
  '            raise TypeError("inline_callbacks requires a generator")',
  '        return drive(gen)',
  '    return unwind_generator',
  '',
].join('\n');

const LAYERS = [
  'package storage',
  '',
  'func (r *layerStore) lookup(id string) (*Layer, bool) {',
  '\tif layer, ok := r.byid[id]; ok {',
  '\t\treturn layer, ok',
  '\t} else if layer, ok := r.byname[id]; ok {',
  '\t\treturn layer, ok',
  '\t} else if longid, err := r.idindex.Get(id); err == nil {',
  '\t\tlayer, ok := r.byid[longid]',
  '\t\treturn layer, ok',
  '\t}',
  '\treturn nil, false',
  '}',
  '',
  'func (r *layerStore) Lookup(name string) (id string, err error) {',
  '\tif layer, ok := r.lookup(name); ok {',
  '\t\treturn layer.ID, nil',
  '\t}',
  '\treturn "", ErrLayerUnknown',
  '}',
  '',
].join('\n');

const corpus = await parsedCorpus([
  { path: 'internet/defer.py', text: DEFER },
  { path: 'internet/apart.py', text: APART },
  { path: 'layers.go', text: LAYERS },
]);
const named = (path: string, symbol: string) =>
  definitionNamed({ chunks: corpus.chunks.filter((c) => c.path === path) }, symbol);
const twinOf = privateTwinLookup(corpus);

const RESUMED = 'how does inline_callbacks resume the generator when a yielded deferred fires';

function shownFor(path: string, lists: Partial<Record<Modality, ModalityHit[]>>, twins: boolean) {
  return fuse(
    fusionInput(lists, chunkOrFiller(corpus, 'o', '.py'), {
      limit: 100,
      ...memberNamesRead(RESUMED, true),
      calleesOf: calleesLookup(corpus, RESUMED),
      codeWordsSaidOf: memberCodeWordsSaid(corpus, RESUMED),
      stepsOf: calleesLookup(corpus),
      textBreaksMemberTies: true,
      ...(twins ? { privateTwinOf: twinOf } : {}),
    }),
  ).find((r) => r.path === path)!;
}

/** The real run's ranks: the public function first by meaning and by text, its twin a place or two below. */
function listsOf(path: string, twinRank = 1) {
  const [pub, twin] = ['inline_callbacks', '_inline_callbacks'].map((s) => named(path, s));
  const cancellable = corpus.chunks.find((c) => c.path === path && c.symbol === '_cancellable_inline_callbacks');
  return {
    semantic: merge(merge(at(0, pub), at(twinRank + 1, twin)), cancellable ? at(1, cancellable) : []),
    text: merge(merge(at(0, pub), at(twinRank, twin)), cancellable ? at(2, cancellable) : []),
    structural: merge(merge(at(0, twin), at(2, pub)), cancellable ? at(1, cancellable) : []),
  };
}

describe('privateTwinLookup', () => {
  it('reaches the twin through a nested function and a helper of the file', () => {
    const twin = twinOf(named('internet/defer.py', 'inline_callbacks'));
    expect(twin).toBe(named('internet/defer.py', '_inline_callbacks').id);
    // The helper it calls is no twin, nor is the twin its own.
    expect(twinOf(named('internet/defer.py', '_cancellable_inline_callbacks'))).toBeUndefined();
    expect(twinOf(named('internet/defer.py', '_inline_callbacks'))).toBeUndefined();
  });

  it('finds no twin the public function does not reach', () => {
    expect(twinOf(named('internet/apart.py', 'inline_callbacks'))).toBeUndefined();
  });

  it("reads Go's unexported spelling as the exported method's twin, called on the receiver", () => {
    expect(twinOf(named('layers.go', 'Lookup'))).toBe(named('layers.go', 'lookup').id);
    expect(twinOf(named('layers.go', 'lookup'))).toBeUndefined();
  });
});

describe('the member chosen hands its place to its private twin', () => {
  const path = 'internet/defer.py';

  it('shows the twin in place of the public function, the file keeping its score', () => {
    const lists = listsOf(path);
    const pub = shownFor(path, lists, false);
    expect(pub.symbol).toBe('inline_callbacks');
    const shown = shownFor(path, lists, true);
    expect(shown.symbol).toBe('_inline_callbacks');
    expect(shown.explanation.member).toMatchObject({ rule: 'wrapper-hands-on', over: { symbol: 'inline_callbacks' } });
    expect(shown.score).toBeCloseTo(pub.score, 12);
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });

  it('keeps the public function when the twin fused far below the file', () => {
    const [pub, twin] = ['inline_callbacks', '_inline_callbacks'].map((s) => named(path, s));
    const lists = { semantic: merge(at(0, pub), at(90, twin)), text: at(0, pub), structural: at(1, pub) };
    expect(shownFor(path, lists, true).symbol).toBe('inline_callbacks');
  });

  it('keeps the public function whose twin it does not reach', () => {
    expect(shownFor('internet/apart.py', listsOf('internet/apart.py'), true).symbol).toBe('inline_callbacks');
  });
});
