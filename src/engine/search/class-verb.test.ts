/**
 * On a question asking how that names a class whole by its agent noun ("the Porter stemmer"), the
 * method the class is named for (`stem`) takes its file's place from the step or helper the lists
 * put first, when it fused half the file's best (fuse.ts chooseMember, 'class-verb-runs';
 * search/members.ts classVerbLookup, given by memberNamesRead). The shape of NLTK's nltk/stem/porter.py (Apache-2.0:
 * `PorterStemmer.stem` runs `_step1a` … `_step5b`, which call `_replace_suffix`), written short,
 * with ranks close to those each list gave the chunks in the real set (nltk:understand:11).
 */
import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit } from '../contract';
import { fuse } from '../fuse';
import { MEMBER_CHOICE_MIN_SHARE, SUB_RESULT_MIN_SHARE } from '../ranking';
import { calleesLookup, classVerbLookup, memberCodeWordsSaid, memberNamesRead } from './members';
import { at, chunkOrFiller, definitionNamed, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const PORTER = [
  'class PorterStemmer:',
  '    def _replace_suffix(self, word, suffix, replacement):',
  '        """Replaces `suffix` of `word` with `replacement`"""',
  '        assert word.endswith(suffix)',
  '        if suffix == "":',
  '            return word + replacement',
  '        return word[: -len(suffix)] + replacement',
  '',
  '    def _step1a(self, word):',
  '        """Strips the plural suffixes sses, ies and s off the word"""',
  '        if word.endswith("sses"):',
  '            return self._replace_suffix(word, "sses", "ss")',
  '        if word.endswith("ies"):',
  '            return self._replace_suffix(word, "ies", "i")',
  '        return word',
  '',
  '    def _step1b(self, word):',
  '        """Strips the suffixes eed, ed and ing off the word"""',
  '        if word.endswith("eed"):',
  '            return self._replace_suffix(word, "eed", "ee")',
  '        if word.endswith("ing"):',
  '            return self._replace_suffix(word, "ing", "")',
  '        return word',
  '',
  '    def stem(self, word, to_lowercase=True):',
  '        stem = word.lower() if to_lowercase else word',
  '        if len(word) <= 2:',
  '            return stem',
  '        stem = self._step1a(stem)',
  '        stem = self._step1b(stem)',
  '        return stem',
  '',
].join('\n');

const corpus = await parsedCorpus([{ path: 'nltk/stem/porter.py', text: PORTER }]);
const path = 'nltk/stem/porter.py';
const named = (symbol: string) => definitionNamed({ chunks: corpus.chunks.filter((c) => c.path === path) }, symbol);

const STRIP = 'how does the Porter stemmer strip suffixes off a word';

function shownFor(question: string, lists: Partial<Record<Modality, ModalityHit[]>>, classVerb: boolean) {
  return fuse(
    fusionInput(lists, chunkOrFiller(corpus, 'o', '.py'), {
      limit: 100,
      ...memberNamesRead(question, true),
      calleesOf: calleesLookup(corpus, question),
      codeWordsSaidOf: memberCodeWordsSaid(corpus, question),
      stepsOf: calleesLookup(corpus),
      textBreaksMemberTies: true,
      // memberNamesRead gives the reading on a question asking how; the case without it takes it out.
      ...(classVerb ? {} : { isClassVerb: undefined }),
    }),
  ).find((r) => r.path === path)!;
}

/** The real run's ranks: the steps and their helper ahead in every list, `stem` in no text list. */
function lists() {
  const [replace, step1a, step1b, stem] = ['_replace_suffix', '_step1a', '_step1b', 'stem'].map(named);
  return {
    semantic: merge(merge(merge(at(9, step1b), at(21, stem)), at(30, step1a)), at(45, replace)),
    text: merge(merge(at(19, replace), at(23, step1b)), at(30, step1a)),
    structural: merge(merge(merge(at(0, replace), at(9, step1b)), at(18, stem)), at(8, step1a)),
  };
}

describe('the method a class is named for runs the work the question asks of the class', () => {
  it('reads the class named whole by its agent noun and the method named by its verb', () => {
    const read = classVerbLookup(STRIP);
    expect(read(named('stem'))).toBe(true);
    expect(read(named('_step1b'))).toBe(false);
    // The verb alone names no class, nor does the agent noun without the class's other words.
    expect(classVerbLookup('how is a word stemmed by stripping suffixes')(named('stem'))).toBe(false);
    expect(classVerbLookup('how does the stemmer strip suffixes off a word')(named('stem'))).toBe(false);
    // Read on questions asking how only.
    expect(memberNamesRead(STRIP, true).isClassVerb?.(named('stem'))).toBe(true);
    expect(memberNamesRead('Strips suffixes off a word with the Porter stemmer', false).isClassVerb).toBeUndefined();
  });

  it('shows `stem` in place of the step the lists put first, below the member share', () => {
    const before = shownFor(STRIP, lists(), false);
    expect(before.symbol).not.toBe('stem');
    const shown = shownFor(STRIP, lists(), true);
    expect(shown.symbol).toBe('stem');
    expect(shown.explanation.member).toMatchObject({ rule: 'class-verb-runs' });
    expect(shown.score).toBeCloseTo(before.score, 12);
    // Fused under the member choice's share: the class's name, not its score, chose it.
    const own = shown.score / shown.explanation.member!.factor;
    expect(own).toBeLessThan(MEMBER_CHOICE_MIN_SHARE * before.score);
    expect(own).toBeGreaterThanOrEqual(SUB_RESULT_MIN_SHARE * before.score);
  });

  it('keeps the step when the method fused under half the file’s best', () => {
    const [replace, step1b, stem] = ['_replace_suffix', '_step1b', 'stem'].map(named);
    const far = {
      semantic: merge(at(0, step1b), at(90, stem)),
      text: merge(at(0, replace), at(1, step1b)),
      structural: at(0, replace),
    };
    expect(shownFor(STRIP, far, true).symbol).not.toBe('stem');
  });
});
