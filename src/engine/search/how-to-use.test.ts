/**
 * A question asking how to use the code ("how can a script …", "how do I …") asks for what a
 * caller calls, however short: no short body gives its place away there (engine.ts passes no
 * isShortBody, search/members.ts asksHowToUse). Shape of Widelands 1.1 (GPL-2.0-or-later),
 * data/scripting/table.lua, with the ranks each list gave its chunks in the real set (understand_code,
 * default preset).
 */
import { describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { WEIGHTS } from '../ranking';
import { asksHow, asksHowToUse, memberNameCoverage, shortBodyLookup } from './members';
import { at, chunkOrFiller, merge, definitionNamed } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const TABLE_LUA = [
  '-- Helper function for ordered_pairs(t)',
  '-- Generate a sorted index from a table',
  'function __gen_ordered_index(t)',
  '    local ordered_index = {}',
  '    for key in pairs(t) do',
  '        table.insert(ordered_index, key)',
  '    end',
  '    table.sort(ordered_index)',
  '    return ordered_index',
  'end',
  '',
  '-- Helper function for ordered_pairs(t)',
  '-- Equivalent of the Lua-function ``next()``, but returns the keys in the alphabetic',
  '-- order. We use a temporary ordered key table that is stored in the',
  '-- table being iterated.',
  'function ordered_next(t, state)',
  '    local key = nil',
  '    if state == nil then',
  '        t.__ordered_index = __gen_ordered_index(t)',
  '        key = t.__ordered_index[1]',
  '    else',
  '        for i = 1,#t.__ordered_index do',
  '            if t.__ordered_index[i] == state then',
  '                key = t.__ordered_index[i+1]',
  '            end',
  '        end',
  '    end',
  '    if key then',
  '        return key, t[key]',
  '    end',
  '    t.__ordered_index = nil',
  '    return',
  'end',
  '',
  '-- RST',
  '-- .. function:: ordered_pairs(t)',
  '--',
  '--    Equivalent of the Lua-function ``pairs()`` on tables.',
  '--    Allows to iterate in deterministic order.',
  'function ordered_pairs(t)',
  '    return ordered_next, t, nil',
  'end',
  '',
].join('\n');

const FILES: SourceFile[] = [{ path: 'scripting/table.lua', text: TABLE_LUA }];

const corpus = await parsedCorpus(FILES);
const named = (symbol: string) => definitionNamed(corpus, symbol);

describe('asksHowToUse', () => {
  it('reads "how can …", "how to …" and "how do I/we/you …" as asking how to use the code', () => {
    expect(asksHowToUse("how can a script loop over a table's keys in alphabetical order")).toBe(true);
    expect(asksHowToUse('How do I iterate over every page of a paginated list response')).toBe(true);
    expect(asksHowToUse('how to split a model matrix into scale, rotation and translation')).toBe(true);
    expect(asksHowToUse('how should we close the connection')).toBe(true);
  });

  it('leaves "how does/do/is …" with any other subject to how the code works', () => {
    expect(asksHowToUse('how does the table iterate over its keys in alphabetical order')).toBe(false);
    expect(asksHowToUse('how do modules get resolved')).toBe(false);
    expect(asksHowToUse('how is a candidate chosen')).toBe(false);
    expect(asksHowToUse('where does the iterator sort the keys')).toBe(false);
  });
});

describe('a one-line function that a caller calls, on a question asking how to use it', () => {
  const question = "how can a script loop over a table's keys in alphabetical order";
  const run = (isShortBody?: (c: Chunk) => boolean) => {
    const next = named('ordered_next');
    const pairs = named('ordered_pairs');
    const index = named('__gen_ordered_index');
    // The real set's ranks, but `ordered_pairs` one place higher in the model's list: there the
    // two fused alike and the one-liner's importance boost put it first.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(merge(at(0, next), at(1, pairs)), at(3, index)),
      text: merge(merge(at(0, pairs), at(1, next)), at(4, index)),
      structural: merge(at(0, pairs), at(1, next)),
    };
    return fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'o', '.lua'), {
        // The model's list at half its weight, as on a language it has not learned (Lua).
        weights: { ...WEIGHTS.understand_code, semantic: WEIGHTS.understand_code.semantic / 2 },
        limit: 100,
        rankContainersByMembers: true,
        rankEveryContainerByMembers: true,
        nameCoverageOf: memberNameCoverage(question),
        textBreaksMemberTies: true,
        ...(isShortBody ? { isShortBody } : {}),
      }),
    ).find((r) => r.path === 'scripting/table.lua')!;
  };

  it('keeps its place: `ordered_pairs` is what the script writes, `ordered_next` a step of it', () => {
    expect(asksHow(question)).toBe(true);
    const short = shortBodyLookup(corpus);
    expect(short(named('ordered_pairs'))).toBe(true);
    // Asked how it works, the one-liner gives its place to the function doing the work.
    const working = run(short);
    expect(working.symbol).toBe('ordered_next');
    expect(working.explanation.member?.rule).toBe('short-gives-way');
    // Asked how to use it, the engine passes no isShortBody: the one-liner is shown, undemoted.
    expect(asksHowToUse(question)).toBe(true);
    const shown = run();
    expect(shown.symbol).toBe('ordered_pairs');
    expect(shown.explanation.demotion).toBeNull();
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});
