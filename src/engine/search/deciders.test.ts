/**
 * On a question asking how, the member chosen for a file gives its place to a function of its file
 * whose result it branches on, when that one branches itself and fused at least
 * MEMBER_DECIDER_MIN_SHARE of its relevance (search/members.ts decidersLookup, fuse.ts chooseMember
 * 'callee-decides'): a switch over that result, or a comparison of it in order, chooses by what
 * the callee worked out. Shapes of Armadillo 11's diskio_meat.hpp (Apache-2.0: `load_auto_detect`
 * stores `guess_file_type_internal(f)` and switches on it), written as C, and Wesnoth 1.16's
 * data/ai/lua/retreat.lua (GPL-2.0-or-later: `retreat_injured_units` compares `min_hp(u)` in its
 * condition), cut down, with ranks close to those each list gave the chunks in the real set
 * (armadillo:understand:12).
 */
import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { MEMBER_DECIDER_MIN_SHARE } from '../ranking';
import { decidersLookup, memberNameCoverage } from './members';
import { at, chunkOrFiller, definitionNamed, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const DISKIO_C = [
  'static int',
  'guess_file_type (const char *buf, size_t n)',
  '{',
  '  size_t i;',
  '  int commas = 0;',
  '  for (i = 0; i < n; i++)',
  '    {',
  "      if (buf[i] == ',')",
  '        commas++;',
  '    }',
  '  if (commas > 0)',
  '    return FILE_CSV;',
  '  return FILE_RAW;',
  '}',
  '',
  'static int',
  'check_header (const char *buf, size_t n)',
  '{',
  '  if (n < 4)',
  '    return 0;',
  '  return buf[0] == 0x7f;',
  '}',
  '',
  'int',
  'load_auto_detect (struct mat *x, const char *buf, size_t n)',
  '{',
  '  int ok = check_header (buf, n);',
  '  if (!ok)',
  '    return 0;',
  '  const int ft = guess_file_type (buf, n);',
  '  switch (ft)',
  '    {',
  '    case FILE_CSV:',
  '      return load_csv (x, buf, n);',
  '    default:',
  '      return load_raw (x, buf, n);',
  '    }',
  '}',
  '',
].join('\n');

const RETREAT_LUA = [
  'local retreat_functions = {}',
  '',
  'function retreat_functions.min_hp(unit)',
  '    local caution_factor = ai.aspects.caution',
  '    local min_hp = 10',
  '    if (unit.level >= 2) then',
  '        min_hp = min_hp * caution_factor',
  '    end',
  '    return min_hp',
  'end',
  '',
  'function retreat_functions.is_leader(unit)',
  '    return unit.canrecruit',
  'end',
  '',
  'function retreat_functions.retreat_injured_units(units)',
  '    local injured = {}',
  '    for i,u in ipairs(units) do',
  '        if (u.hitpoints < retreat_functions.min_hp(u)) and not retreat_functions.is_leader(u) then',
  '            table.insert(injured, u)',
  '        end',
  '    end',
  '    return injured',
  'end',
  '',
  'return retreat_functions',
  '',
].join('\n');

// CodeMirror 5's addon/edit/matchbrackets.js (MIT), cut down: `findMatchingBracket` stores
// `scanForBracket(…)`, only tests it against null, and returns an object whose key is `match`.
const MATCHBRACKETS_JS = [
  'var matching = {"(": ")>", ")": "(<"};',
  '',
  'function findMatchingBracket(cm, where) {',
  '  var line = cm.getLineHandle(where.line), pos = where.ch - 1;',
  '  var match = matching[line.text.charAt(pos)];',
  '  if (!match) return null;',
  '  var dir = match.charAt(1) == ">" ? 1 : -1;',
  '  var found = scanForBracket(cm, where, dir);',
  '  if (found == null) return null;',
  '  return {from: where, to: found && found.pos,',
  '          match: found && found.ch == match.charAt(0), forward: dir > 0};',
  '}',
  '',
  'function scanForBracket(cm, where, dir) {',
  '  var stack = [];',
  '  for (var lineNo = where.line; lineNo != cm.lastLine(); lineNo += dir) {',
  '    var ch = cm.getLine(lineNo).charAt(0);',
  '    if (matching[ch]) stack.push(ch);',
  '    else if (!stack.length) return {pos: lineNo, ch: ch};',
  '  }',
  '  return null;',
  '}',
  '',
].join('\n');

// The shape of Less 4's abstract-plugin-loader.js (Apache-2.0: `validatePlugin` refuses a plugin
// when `compareVersion(…) < 0`), cut down.
const PLUGINS_JS = [
  'function compareVersion(a, b) {',
  '  for (var i = 0; i < a.length; i++) {',
  '    if (a[i] !== b[i]) return a[i] > b[i] ? -1 : 1;',
  '  }',
  '  return 0;',
  '}',
  '',
  'function validatePlugin(plugin, version) {',
  '  if (compareVersion(plugin.minVersion, version) < 0) {',
  "    return new Error('the plugin needs a newer version');",
  '  }',
  '  return plugin;',
  '}',
  '',
].join('\n');

// The shape of Dungeon Crawl Stone Soup 0.28's dat/clua/autofight.lua (GPL-2.0-or-later:
// `get_target` keeps the candidate `compare_monster_info` says is better), cut down.
const AUTOFIGHT_LUA = [
  'local function compare_monster_info(m1, m2)',
  '  for i,flag in ipairs(flag_order) do',
  '    if m1[flag] > m2[flag] then',
  '      return true',
  '    elseif m1[flag] < m2[flag] then',
  '      return false',
  '    end',
  '  end',
  '  return false',
  'end',
  '',
  'local function is_candidate_for_attack(x, y)',
  '  local m = monster.get_monster_at(x, y)',
  '  if not m then',
  '    return false',
  '  end',
  '  return m:attitude() == ATT_HOSTILE',
  'end',
  '',
  'local function get_target(radius)',
  '  local best, best_info = nil, nil',
  '  for x = -radius,radius do',
  '    if is_candidate_for_attack(x, 0) then',
  '      local new_info = monster_info(x, 0)',
  '      if (not best_info) or compare_monster_info(new_info, best_info) then',
  '        best = x',
  '        best_info = new_info',
  '      end',
  '    end',
  '  end',
  '  return best',
  'end',
  '',
  'local function first_candidate(radius, dx, dy)',
  '  local found = nil',
  '  for x = -radius,radius do',
  '    if is_candidate_for_attack(x + offset(radius, dx, dy, 0), 0) then',
  '      dx = x',
  '    end',
  '  end',
  '  return dx',
  'end',
  '',
].join('\n');

const corpus = await parsedCorpus([
  { path: 'diskio.c', text: DISKIO_C },
  { path: 'ai/lua/retreat.lua', text: RETREAT_LUA },
  { path: 'addon/edit/matchbrackets.js', text: MATCHBRACKETS_JS },
  { path: 'lib/plugins.js', text: PLUGINS_JS },
  { path: 'clua/autofight.lua', text: AUTOFIGHT_LUA },
]);
const named = (symbol: string) => definitionNamed(corpus, symbol);
const symbols = (ids: number[]) => ids.map((id) => corpus.chunks[id].symbol);

describe('decidersLookup', () => {
  const deciders = decidersLookup(corpus);

  it('lists a callee whose stored value a switch reads, not one whose value is only tested', () => {
    // `ft = guess_file_type (buf, n)` … `switch (ft)`; `ok = check_header (buf, n)` … `if (!ok)`, a guard.
    expect(symbols(deciders(named('load_auto_detect')))).toEqual(['guess_file_type']);
  });

  it('lists a callee compared in order inside a condition, through its module table, that branches itself', () => {
    expect(symbols(deciders(named('retreat_injured_units')))).toEqual(['min_hp']);
  });

  it('leaves out a callee whose value is compared with a number written out: a sign or a count', () => {
    // `compareVersion(…) < 0`: the threshold is the caller's, which refuses the plugin.
    expect(symbols(deciders(named('validatePlugin')))).toEqual([]);
  });

  it('lists a comparison whose branch keeps one of the two candidates it was given, not a guard on one', () => {
    // `compare_monster_info(new_info, best_info)` … `best_info = new_info`; the branch after
    // `is_candidate_for_attack(x, 0)` stores into none of its arguments.
    expect(symbols(deciders(named('get_target')))).toEqual(['compare_monster_info']);
  });

  it('counts the arguments a call was given at its own level, not those of a call nested in one', () => {
    // `is_candidate_for_attack(x + offset(radius, dx, dy, 0), 0)` is given two values, neither a
    // plain name: `dx = x` stores into offset's argument, not a candidate the guard was given.
    expect(symbols(deciders(named('first_candidate')))).toEqual([]);
  });

  it('leaves out a callee that runs straight through: a getter decides nothing', () => {
    // `retreat_functions.is_leader(u)` is tested in the same condition as `min_hp(u)`.
    expect(symbols(deciders(named('retreat_injured_units')))).not.toContain('is_leader');
    expect(symbols(deciders(named('guess_file_type')))).toEqual([]);
  });

  it('reads no condition in a name spelled as a keyword: an object key `match:`, a variable `match`', () => {
    // `found = scanForBracket(…)` is tested against null (a guard); the later `match: found && …`
    // is a key of the object returned, and JavaScript has no `match` statement.
    expect(symbols(deciders(named('findMatchingBracket')))).toEqual([]);
  });
});

describe('a driver gives its place to the function whose result it chooses by, on a question asking how', () => {
  const question = 'how does it guess whether a file is CSV or raw binary when loading with auto detect';
  const fused = (lists: Partial<Record<Modality, ModalityHit[]>>, withDeciders: boolean) =>
    fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'o', '.c'), {
        limit: 100,
        nameCoverageOf: memberNameCoverage(question),
        ...(withDeciders ? { decidersOf: decidersLookup(corpus) } : {}),
      }),
    ).find((r) => r.path === 'diskio.c')!;

  it('shows guess_file_type, whose kind load_auto_detect switches on', () => {
    const load = named('load_auto_detect');
    const guess = named('guess_file_type');
    // Near the real set's ranks: the driver first by text and second by structure, the decider
    // closer by meaning; no list's first is the other lists' first.
    const lists = {
      semantic: merge(at(3, guess), at(6, load)),
      text: merge(at(0, load), at(5, guess)),
      structural: merge(at(1, load), at(20, guess)),
    };
    expect(fused(lists, false).symbol).toBe('load_auto_detect');
    const shown = fused(lists, true);
    expect(shown.symbol).toBe('guess_file_type');
    expect(shown.explanation.member?.rule).toBe('callee-decides');
    expect(shown.explanation.member?.over.symbol).toBe('load_auto_detect');
    expect(shown.explanation.member!.relevance).toBeGreaterThanOrEqual(
      MEMBER_DECIDER_MIN_SHARE * shown.explanation.member!.overRelevance,
    );
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
    expect(shown.subResults?.map((r) => r.symbol)).toContain('load_auto_detect');
  });

  it('keeps the driver every list puts first: the lists agree it shows the work', () => {
    // awesome's icon_theme.lua: `lookup_icon`, first in every list for "how does the icon lookup
    // pick the nearest size", keeps the file with the smallest `directory_size_distance`.
    const load = named('load_auto_detect');
    const guess = named('guess_file_type');
    const lists = {
      semantic: merge(at(0, load), at(3, guess)),
      text: merge(at(0, load), at(5, guess)),
      structural: merge(at(0, load), at(20, guess)),
    };
    const shown = fused(lists, true);
    expect(shown.symbol).toBe('load_auto_detect');
    expect(shown.explanation.member).toBeUndefined();
    expect(shown.subResults?.map((r) => r.symbol)).toContain('guess_file_type');
  });

  it('keeps the driver when the decider fused under MEMBER_DECIDER_MIN_SHARE of its relevance', () => {
    const load = named('load_auto_detect');
    const guess = named('guess_file_type');
    const lists = { semantic: merge(at(0, load), at(60, guess)), text: at(0, load), structural: at(0, load) };
    expect(fused(lists, true).symbol).toBe('load_auto_detect');
  });
});
