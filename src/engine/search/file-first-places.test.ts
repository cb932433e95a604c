/**
 * A question asking how: a file that two lists put first, each with a chunk of its own, is shown
 * above a file that one list alone puts first (fuse.ts withFilesFirstInListsAbove). Shape of etcd
 * 3.4 (Apache-2.0), mvcc/index.go and mvcc/key_index.go, for "during compaction, how does the
 * in-memory index decide which old revisions of a key are kept and which are dropped": the model's
 * list puts the index's `Keep` first, the text and structural lists put the key index's
 * compaction first.
 */
import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit } from '../contract';
import { fuse } from '../fuse';
import { at, chunkOrFiller, definitionNamed, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const INDEX = [
  'package mvcc',
  '',
  '// Keep finds all revisions to be kept for a Compaction at the given rev.',
  'func (ti *treeIndex) Keep(rev int64) map[revision]struct{} {',
  '\tavailable := make(map[revision]struct{})',
  '\tti.RLock()',
  '\tdefer ti.RUnlock()',
  '\tti.tree.Ascend(func(i btree.Item) bool {',
  '\t\tkeyi := i.(*keyIndex)',
  '\t\tkeyi.keep(rev, available)',
  '\t\treturn true',
  '\t})',
  '\treturn available',
  '}',
  '',
].join('\n');

const KEY_INDEX = [
  'package mvcc',
  '',
  '// compact compacts a keyIndex by removing the versions with smaller or equal',
  '// revision than the given atRev except the largest one.',
  'func (ki *keyIndex) compact(atRev int64, available map[revision]struct{}) {',
  '\tif ki.isEmpty() {',
  '\t\tpanic("store.keyindex: unexpected compact on empty keyIndex")',
  '\t}',
  '\tgenIdx, revIndex := ki.doCompact(atRev, available)',
  '\tg := &ki.generations[genIdx]',
  '\tif !g.isEmpty() {',
  '\t\tg.revs = g.revs[revIndex:]',
  '\t}',
  '\tki.generations = ki.generations[genIdx:]',
  '}',
  '',
  'func (ki *keyIndex) doCompact(atRev int64, available map[revision]struct{}) (genIdx int, revIndex int) {',
  '\tf := func(rev revision) bool {',
  '\t\tif rev.main <= atRev {',
  '\t\t\tavailable[rev] = struct{}{}',
  '\t\t\treturn false',
  '\t\t}',
  '\t\treturn true',
  '\t}',
  '\tgenIdx, g := 0, &ki.generations[0]',
  '\tfor genIdx < len(ki.generations)-1 {',
  '\t\tif tomb := g.revs[len(g.revs)-1].main; tomb > atRev {',
  '\t\t\tbreak',
  '\t\t}',
  '\t\tgenIdx++',
  '\t\tg = &ki.generations[genIdx]',
  '\t}',
  '\trevIndex = g.walk(f)',
  '\treturn genIdx, revIndex',
  '}',
  '',
].join('\n');

const corpus = await parsedCorpus([
  { path: 'mvcc/index.go', text: INDEX },
  { path: 'mvcc/key_index.go', text: KEY_INDEX },
]);
const named = (symbol: string) => definitionNamed(corpus, symbol);

describe('a file two lists put first on a question asking how', () => {
  const keep = named('Keep');
  const compact = named('compact');
  const doCompact = named('doCompact');
  const run = (lists: Partial<Record<Modality, ModalityHit[]>>, firstPlacesBreakTies = true) =>
    fuse(fusionInput(lists, chunkOrFiller(corpus, 'q', '.go'), { limit: 10, firstPlacesBreakTies })).filter((r) =>
      r.path.startsWith('mvcc/'),
    );
  // The text list puts `compact` first and the structural list `doCompact`: the file's two first
  // places are split between two chunks, each under `Keep`, first by meaning alone.
  const split = {
    semantic: merge(at(0, keep), at(5, compact)),
    text: merge(at(0, compact), at(1, keep)),
    structural: merge(at(0, doCompact), at(1, keep)),
  };

  it('shows the file above one that fewer lists put first', () => {
    const [before] = run(split, false);
    expect(before.symbol).toBe('Keep');
    const [shown, passed] = run(split);
    expect(shown.path).toBe('mvcc/key_index.go');
    expect(shown.explanation.aboveByFileFirstPlaces).toEqual({
      chunkId: keep.id,
      path: 'mvcc/index.go',
      startLine: keep.startLine,
    });
    expect(passed.symbol).toBe('Keep');
    // The scores are left as they were.
    expect(shown.score).toBeLessThan(passed.score);
  });

  it('leaves the order when the file is first in one list only', () => {
    const [first] = run({ ...split, structural: merge(at(0, keep), at(1, doCompact)) });
    expect(first.symbol).toBe('Keep');
    expect(first.explanation.aboveByFileFirstPlaces).toBeUndefined();
  });
});
