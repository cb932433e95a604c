/**
 * A call qualified by a scope its own file defines the callee in is a call to the file's own
 * function: C++ calls its helpers through their namespace or class, and Lua its module table's
 * functions through the table. Shapes of libosmium 2.18 (BSL-1.0), osmium/osm/timestamp.hpp,
 * and Armadillo 11.4 (Apache-2.0), armadillo_bits/op_norm_meat.hpp, with the ranks each list
 * gave them in the real set (understand_code, default preset).
 */
import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { calleesLookup, constructorLookup, delegateLookup, memberNameCoverage, shortBodyLookup } from './members';
import { at, fillerChunk, merge, centralityForBoost } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const TIMESTAMP_HPP = [
  'namespace osmium {',
  '',
  '    namespace detail {',
  '',
  '        inline time_t parse_timestamp(const char* str) {',
  '            static const std::array<int, 12> mon_lengths = {{',
  '                31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31',
  '            }};',
  "            if (str[ 0] >= '0' && str[ 0] <= '9' &&",
  "                str[ 4] == '-' &&",
  "                str[19] == 'Z') {",
  '                std::tm tm; // NOLINT(cppcoreguidelines-pro-type-member-init, hicpp-member-init)',
  "                tm.tm_year = (str[ 0] - '0') * 1000 +",
  "                             (str[ 3] - '0') - 1900;",
  '                if (tm.tm_mday <= mon_lengths[tm.tm_mon]) {',
  '                    return timegm(&tm);',
  '                }',
  '            }',
  '            throw std::invalid_argument{std::string{"can not parse timestamp: \'"} + str + "\'"};',
  '        }',
  '',
  '    } // namespace detail',
  '',
  '    class Timestamp {',
  '',
  '        uint32_t m_timestamp = 0;',
  '',
  '        void to_iso_str(std::string& s) const {',
  '            std::tm tm; // NOLINT(cppcoreguidelines-pro-type-member-init, hicpp-member-init)',
  '            time_t sse = seconds_since_epoch();',
  '            gmtime_r(&sse, &tm);',
  "            s += 'T';",
  '        }',
  '',
  '    public:',
  '',
  '        /**',
  '         * Construct timestamp from ISO date/time string in the format',
  '         * "yyyy-mm-ddThh:mm:ssZ".',
  '         */',
  '        explicit Timestamp(const char* timestamp) :',
  '            m_timestamp(static_cast<uint32_t>(detail::parse_timestamp(timestamp))) {',
  '        }',
  '',
  '    }; // class Timestamp',
  '',
  '} // namespace osmium',
  '',
].join('\n');

const OP_NORM_MEAT_HPP = [
  'template<typename eT>',
  'arma_hot',
  'inline',
  'eT',
  'op_norm::vec_norm_2_direct_std(const Mat<eT>& X)',
  '  {',
  '  const uword N = X.n_elem;',
  '  const eT*   A = X.memptr();',
  '  eT result = op_norm::vec_norm_2_direct_mem(N,A);',
  '  if( (result != eT(0)) && arma_isfinite(result) )',
  '    {',
  '    return result;',
  '    }',
  '  else',
  '    {',
  '    return op_norm::vec_norm_2_direct_robust(X);',
  '    }',
  '  }',
  '',
  'template<typename eT>',
  'inline',
  'eT',
  'op_norm::vec_norm_2_direct_robust(const Mat<eT>& X)',
  '  {',
  '  const uword N = X.n_elem;',
  '  eT max_val = priv::most_neg<eT>();',
  '  return max_val;',
  '  }',
  '',
  'template<typename eT>',
  'inline',
  'eT',
  'op_norm::vec_norm_2_direct_mem(const uword N, const eT* A)',
  '  {',
  '  eT acc1 = eT(0);',
  '  return std::sqrt(acc1);',
  '  }',
  '',
].join('\n');

/** A Lua module that returns its table: `M.helper(x)` calls the file's `function M.helper`. */
const MODULE_LUA = [
  'local M = {}',
  '',
  'function M.parse_rate(str)',
  '  local count, unit = str:match("(%d+)%s*/%s*(%a+)")',
  '  return tonumber(count), unit',
  'end',
  '',
  'function M.rate(str)',
  '  return M.parse_rate(str)',
  'end',
  '',
  'return M',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'osmium/osm/timestamp.hpp', text: TIMESTAMP_HPP },
  { path: 'armadillo_bits/op_norm_meat.hpp', text: OP_NORM_MEAT_HPP },
  { path: 'lualib/rates.lua', text: MODULE_LUA },
];

const corpus = await parsedCorpus(FILES);

/** A definition's chunk; of a class and its constructor, the function's. */
const chunk = (path: string, symbol: string) =>
  corpus.chunks.find(
    (c) => c.path === path && c.symbol === symbol && c.kind === 'definition' && c.definitionKind !== 'class',
  )!;

describe('a call through a scope of its own file', () => {
  it('is no call at all when it is a C++ cast', () => {
    const analysis = corpus.files.find((f) => f.path === 'osmium/osm/timestamp.hpp')!.analysis;
    const calls = analysis.references.filter((r) => r.kind === 'call').map((r) => r.name);
    expect(calls).toContain('parse_timestamp');
    expect(calls).not.toContain('static_cast');
  });

  it('is the one call a C++ constructor hands on: `Timestamp(const char*)` → `detail::parse_timestamp`', () => {
    const ctor = chunk('osmium/osm/timestamp.hpp', 'Timestamp');
    const parse = chunk('osmium/osm/timestamp.hpp', 'parse_timestamp');
    expect(ctor.definitionKind).toBe('method');
    expect(delegateLookup(corpus, true)(ctor)).toBe(parse.id);
  });

  it('is a call of its own file for the callee rule: an out-of-line C++ member, a Lua module table', () => {
    const std = chunk('armadillo_bits/op_norm_meat.hpp', 'vec_norm_2_direct_std');
    const robust = chunk('armadillo_bits/op_norm_meat.hpp', 'vec_norm_2_direct_robust');
    const mem = chunk('armadillo_bits/op_norm_meat.hpp', 'vec_norm_2_direct_mem');
    expect(calleesLookup(corpus)(std)).toEqual([mem.id, robust.id]);
    const rate = chunk('lualib/rates.lua', 'rate');
    const parseRate = chunk('lualib/rates.lua', 'parse_rate');
    expect(delegateLookup(corpus)(rate)).toBe(parseRate.id);
  });

  it('"how is an OSM timestamp string like 2020-01-01T00:00:00Z parsed": the constructor of one line shows `parse_timestamp`', () => {
    const ctor = chunk('osmium/osm/timestamp.hpp', 'Timestamp');
    const parse = chunk('osmium/osm/timestamp.hpp', 'parse_timestamp');
    const iso = chunk('osmium/osm/timestamp.hpp', 'to_iso_str');
    // The real set's lists: the constructor 2nd, 5th and 3rd; parse_timestamp only in the text
    // list, 3rd; to_iso_str below both.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(1, ctor), at(30, iso)),
      text: merge(at(2, parse), merge(at(4, ctor), at(12, iso))),
      structural: merge(at(2, ctor), at(40, iso)),
    };
    const question = 'how is an OSM timestamp string like 2020-01-01T00:00:00Z parsed';
    const [shown] = fuse(
      fusionInput(lists, (id) => corpus.chunks[id] ?? fillerChunk(id, 'o', '.hpp'), {
        centralityOf: () => centralityForBoost(0.2),
        limit: 100,
        rankContainersByMembers: true,
        nameCoverageOf: memberNameCoverage(question),
        delegateOf: delegateLookup(corpus, true),
        calleesOf: calleesLookup(corpus, question),
        isConstructor: constructorLookup(corpus),
        isShortBody: shortBodyLookup(corpus),
        textBreaksMemberTies: true,
      }),
    ).filter((r) => r.path === 'osmium/osm/timestamp.hpp');
    expect(shown.symbol).toBe('parse_timestamp');
    expect(shown.explanation.member?.rule).toBe('wrapper-hands-on');
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});
