/**
 * On a question asking how, the member chosen for a file gives its place to the one function of
 * its file that calls it, when that function also calls another strong member whose name says as
 * much of the question and its own lines say as many of the question's words (fuse.ts
 * chooseMember, 'caller-runs-steps'): the question spans the steps and the caller runs them. The
 * shape of symfony-validator 6's Mapping/Loader/PropertyInfoLoader.php (MIT: `loadClassMetadata`
 * calls `getTypeConstraint` and `handleAllConstraint`), written as Python and cut down, with ranks
 * close to those each list gave the chunks in the real set (symfony-validator:understand:22).
 */
import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { MEMBER_CHOICE_MIN_SHARE } from '../ranking';
import { calleesLookup, everyCalleeLookup, memberCodeWordsSaid, memberNamesRead, shortBodyLookup } from './members';
import { at, chunkOrFiller, definitionNamed, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const LOADER = [
  'class PropertyInfoLoader:',
  '    def load_class_metadata(self, metadata):',
  '        for prop in self.list_extractor.get_properties(metadata.class_name):',
  '            types = self.type_extractor.get_types(metadata.class_name, prop)',
  '            if not types:',
  '                continue',
  '            for t in types:',
  '                constraint = self.get_type_constraint(t.builtin_type, t)',
  '                self.handle_all_constraint(prop, constraint, metadata)',
  '        return True',
  '',
  '    def get_type_constraint(self, builtin, t):',
  '        return Type(t.collection_value_type.class_name if t.collection_value_type else builtin)',
  '',
  '    def handle_all_constraint(self, prop, constraint, metadata):',
  '        for existing in metadata.constraints_of(prop):',
  '            if isinstance(existing, All):',
  '                existing.constraints.append(constraint)',
  '                return',
  '        metadata.add_property_constraint(prop, All([constraint]))',
  '',
].join('\n');

// `handle_all_constraint` run by two functions of its file: a helper they share, no step of one of them.
const SHARED = [
  'class PropertyInfoLoader:',
  '    def load_class_metadata(self, metadata):',
  '        for prop in self.list_extractor.get_properties(metadata.class_name):',
  '            for t in self.type_extractor.get_types(metadata.class_name, prop):',
  '                constraint = self.get_type_constraint(t.builtin_type, t)',
  '                self.handle_all_constraint(prop, constraint, metadata)',
  '        return True',
  '',
  '    def load_parent_metadata(self, metadata, parent):',
  '        for prop in parent.properties:',
  '            for constraint in parent.constraints_of(prop):',
  '                self.handle_all_constraint(prop, constraint, metadata)',
  '        return True',
  '',
  '    def get_type_constraint(self, builtin, t):',
  '        return Type(t.collection_value_type.class_name if t.collection_value_type else builtin)',
  '',
  '    def handle_all_constraint(self, prop, constraint, metadata):',
  '        for existing in metadata.constraints_of(prop):',
  '            if isinstance(existing, All):',
  '                existing.constraints.append(constraint)',
  '                return',
  '        metadata.add_property_constraint(prop, All([constraint]))',
  '',
].join('\n');

const corpus = await parsedCorpus([
  { path: 'Mapping/Loader/loader.py', text: LOADER },
  { path: 'Mapping/Loader/shared.py', text: SHARED },
]);
const named = (path: string, symbol: string) =>
  definitionNamed({ chunks: corpus.chunks.filter((c) => c.path === path) }, symbol);

const GUESSED = "how are constraints guessed automatically from the types of a class's properties";

function shownFor(path: string, question: string, lists: Partial<Record<Modality, ModalityHit[]>>, steps: boolean) {
  return fuse(
    fusionInput(lists, chunkOrFiller(corpus, 'o', '.py'), {
      limit: 100,
      ...memberNamesRead(question, true),
      calleesOf: calleesLookup(corpus, question),
      codeWordsSaidOf: memberCodeWordsSaid(corpus, question),
      // `get_type_constraint`, one line, is a short body that gives its place away.
      isShortBody: shortBodyLookup(corpus),
      ...(steps ? { stepsOf: calleesLookup(corpus) } : {}),
    }),
  ).find((r) => r.path === path)!;
}

/** The real run's ranks: the two helpers first in their file by every list, the loader below them. */
function listsOf(path: string) {
  const [load, get, handle] = ['load_class_metadata', 'get_type_constraint', 'handle_all_constraint'].map((s) =>
    named(path, s),
  );
  return {
    semantic: merge(merge(at(5, handle), at(8, load)), at(20, get)),
    text: merge(merge(at(3, get), at(11, load)), at(13, handle)),
    structural: merge(at(0, get), at(1, handle)),
  };
}

describe('the one function calling the member chosen and another strong step runs the steps', () => {
  const path = 'Mapping/Loader/loader.py';

  it('calleesLookup without the question lists both helpers the loader calls', () => {
    const steps = calleesLookup(corpus)(named(path, 'load_class_metadata')).map((id) => corpus.chunks[id].symbol);
    expect(steps).toEqual(['get_type_constraint', 'handle_all_constraint']);
  });

  it('one walk of the calls serves the callees the question names and every step alike', () => {
    const load = named(path, 'load_class_metadata');
    const walk = everyCalleeLookup(corpus);
    // Walked once: asked again, the same list comes back.
    expect(walk(load)).toBe(walk(load));
    expect(walk(load).map((c) => c.symbol)).toEqual(['get_type_constraint', 'handle_all_constraint']);
    expect(calleesLookup(corpus, undefined, walk)(load)).toEqual(calleesLookup(corpus)(load));
    // With the question, only the callees its words name, as without the shared walk.
    const named2 = calleesLookup(corpus, 'how does it handle all the constraint objects', walk)(load);
    expect(named2).toEqual(calleesLookup(corpus, 'how does it handle all the constraint objects')(load));
    expect(named2.map((id) => corpus.chunks[id].symbol)).toEqual(['handle_all_constraint']);
  });

  it('shows the loader in place of the helper chosen, the file keeping its score', () => {
    const lists = listsOf(path);
    const helper = shownFor(path, GUESSED, lists, false);
    expect(helper.symbol).toBe('handle_all_constraint');
    const shown = shownFor(path, GUESSED, lists, true);
    expect(shown.symbol).toBe('load_class_metadata');
    expect(shown.explanation.member).toMatchObject({ rule: 'caller-runs-steps', over: { symbol: helper.symbol } });
    expect(shown.score).toBeCloseTo(helper.score, 12);
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
    // The loader fused below the member choice's share: the structure, not its score, chose it.
    expect(shown.score / shown.explanation.member!.factor).toBeLessThan(MEMBER_CHOICE_MIN_SHARE * helper.score);
    expect(shown.subResults?.map((r) => r.symbol)).toEqual(
      expect.arrayContaining(['get_type_constraint', 'handle_all_constraint']),
    );
  });

  it('keeps a step the question names over its fellow step', () => {
    // "handle all constraint" is said whole; `get_type_constraint` says one word of it.
    const question = 'how does it handle all the constraint objects of one property';
    const lists = listsOf(path);
    expect(shownFor(path, question, lists, false).symbol).toBe('handle_all_constraint');
    expect(shownFor(path, question, lists, true).symbol).toBe('handle_all_constraint');
  });

  it('keeps the helper when the other step fused under the strong share', () => {
    const [load, get, handle] = ['load_class_metadata', 'get_type_constraint', 'handle_all_constraint'].map((s) =>
      named(path, s),
    );
    const lists = {
      semantic: merge(at(0, handle), at(8, load)),
      text: merge(at(0, handle), at(11, load)),
      structural: merge(at(0, handle), at(60, get)),
    };
    expect(shownFor(path, GUESSED, lists, true).symbol).toBe('handle_all_constraint');
  });
});

describe('a helper two functions of its file call is no step of one of them', () => {
  it('keeps the helper both loaders call, which the loader alone calling it gives up', () => {
    const alone = 'Mapping/Loader/loader.py';
    const shared = 'Mapping/Loader/shared.py';
    expect(shownFor(alone, GUESSED, listsOf(alone), false).symbol).toBe('handle_all_constraint');
    expect(shownFor(alone, GUESSED, listsOf(alone), true).symbol).toBe('load_class_metadata');
    // The other loader is a candidate too, far down one list.
    const lists = listsOf(shared);
    const withParent = { ...lists, semantic: merge(lists.semantic, at(30, named(shared, 'load_parent_metadata'))) };
    expect(shownFor(shared, GUESSED, withParent, false).symbol).toBe('handle_all_constraint');
    expect(shownFor(shared, GUESSED, withParent, true).symbol).toBe('handle_all_constraint');
  });
});
