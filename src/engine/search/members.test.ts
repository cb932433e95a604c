import { describe, expect, it } from 'vitest';
import { memberNameCoverage, nameCoverage, nameMatchFactor, questionForms } from './members';
import { MEMBER_NAME_GAIN } from '../ranking';

describe('how much of a name the question says', () => {
  it('counts the name parts the question says, in any case style', () => {
    const forms = questionForms('lowest common ancestor in tree');
    expect(nameCoverage('lowest_common_ancestor', forms)).toBe(1);
    expect(nameCoverage('all_pairs_lowest_common_ancestor', forms)).toBeCloseTo(3 / 5, 12);
    expect(nameCoverage('treeAllPairs', forms)).toBeCloseTo(1 / 3, 12);
    expect(nameCoverage(undefined, forms)).toBe(0);
  });

  it('meets inflected question words at their base forms and abbreviations at the start of a word', () => {
    const forms = questionForms('Returns the minimum of the parsed environment values');
    expect(nameCoverage('parse_env', forms)).toBe(1);
    expect(nameCoverage('min', forms)).toBe(1);
    expect(nameCoverage('value', forms)).toBe(1);
    // two letters are no abbreviation: "mi" does not stand for "minimum"
    expect(nameCoverage('mi', forms)).toBe(0);
  });

  it('meets a question word of five letters or more at the start of a longer name part, not a shorter one', () => {
    const forms = questionForms('how does cobra suggest a command when I mistype it');
    expect(nameCoverage('findSuggestions', forms)).toBe(0.5);
    // "set" is too short to stand for `settings`
    expect(nameCoverage('settings', questionForms('set a value'))).toBe(0);
  });

  it('leaves digits out of the name', () => {
    expect(nameCoverage('crypt256', questionForms('crypt a password'))).toBe(1);
  });

  it('weighs a full match by 1 + MEMBER_NAME_GAIN, and reads the name of a chunk', () => {
    expect(nameMatchFactor(0)).toBe(1);
    expect(nameMatchFactor(1)).toBeCloseTo(1 + MEMBER_NAME_GAIN, 12);
    const cover = memberNameCoverage('print dependency tree');
    expect(
      cover({ id: 0, fileId: 0, path: 'a.rs', startLine: 1, endLine: 2, kind: 'definition', symbol: 'print_tree' }),
    ).toBe(1);
  });
});
