/**
 * On a question asking how, the one function defined inside the member chosen takes its place
 * when the meaning list ranks it above its holder ('nested-is-closer'): the holder's lines hold
 * the nested function's, so the text and structural lists credit the holder with what the nested
 * function says. The shape of makepkg 6.0.2 (GPL-2.0-or-later), share/makepkg/util/parseopts.sh:
 * `longoptmatch`, defined inside `parseopts`, matches an abbreviated long option and reports it
 * ambiguous, and `parseopts` was shown for "how does makepkg accept an abbreviated long option".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { memberNamesRead, nestedLookup } from './members';
import { at, centralityForBoost, chunkOrFiller, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const PARSEOPTS_SH = [
  'parseopts() {',
  '\tlocal opt= optarg= i= shortopts=$1',
  '\tlocal -a longopts=() unused_argv=()',
  '',
  '\tlongoptmatch() {',
  '\t\tlocal o longmatch=()',
  '\t\tfor o in "${longopts[@]}"; do',
  '\t\t\tif [[ ${o%[:?]} = "$1" ]]; then',
  '\t\t\t\tlongmatch=("$o")',
  '\t\t\t\tbreak',
  '\t\t\tfi',
  '\t\t\t[[ ${o%[:?]} = "$1"* ]] && longmatch+=("$o")',
  '\t\tdone',
  '',
  '\t\tcase ${#longmatch[*]} in',
  '\t\t\t1)',
  '\t\t\t\topt=${longmatch%[:?]}',
  '\t\t\t\treturn 0 ;;',
  '\t\t\t0)',
  '\t\t\t\treturn 255 ;;',
  '\t\t\t*)',
  '\t\t\t\tprintf "option \'%s\' is ambiguous; possibilities:" "--$1"',
  '\t\t\t\treturn 254 ;;',
  '\t\tesac >&2',
  '\t}',
  '',
  '\twhile (( $# )); do',
  '\t\tcase $1 in',
  '\t\t\t--?*=*|--?*)',
  '\t\t\t\tlongoptmatch "${1#--}"',
  '\t\t\t\tcase $? in',
  '\t\t\t\t\t254)',
  '\t\t\t\t\t\tOPTRET=(--)',
  '\t\t\t\t\t\treturn 1',
  '\t\t\t\t\t\t;;',
  '\t\t\t\tesac',
  '\t\t\t\t;;',
  '\t\tesac',
  '\t\tshift',
  '\tdone',
  '}',
  '',
  'usage() {',
  '\tprintf "%s\\n" "usage"',
  '}',
  '',
].join('\n');

const OPTION_SH = [
  'check_opt_array() {',
  '\tlocal i opt',
  '\tfor i in "${options[@]}"; do',
  '\t\topt=${i#!}',
  '\t\tif ! in_array "$opt" "${known[@]}"; then',
  '\t\t\terror "options array contains unknown option \'%s\'" "$opt"',
  '\t\t\treturn 1',
  '\t\tfi',
  '\tdone',
  '}',
  '',
].join('\n');

const QUESTION =
  'how does makepkg accept an abbreviated long option such as --noconf, and when does it say it is ambiguous';

type Corpus = Awaited<ReturnType<typeof parsedCorpus>>;
let corpus: Corpus;
const named = (symbol: string): Chunk => {
  const chunk = corpus.chunks.find((c) => c.kind === 'definition' && c.symbol === symbol);
  if (!chunk) throw new Error(`no ${symbol} in the fixture`);
  return chunk;
};

beforeAll(async () => {
  corpus = await parsedCorpus([
    { path: 'util/parseopts.sh', text: PARSEOPTS_SH },
    { path: 'util/option.sh', text: OPTION_SH },
  ]);
});

describe('a function defined inside the member chosen, closer by meaning', () => {
  it('is found from its holder; a function holding none, or the nested one itself, has none', () => {
    const nestedOf = nestedLookup(corpus);
    expect(nestedOf(named('parseopts'))).toBe(named('longoptmatch').id);
    expect(nestedOf(named('longoptmatch'))).toBeUndefined();
    expect(nestedOf(named('usage'))).toBeUndefined();
  });

  const run = (semantic: ModalityHit[], withNested: boolean) => {
    const holder = named('parseopts');
    const nested = named('longoptmatch');
    // The ranks makepkg gave the two (understand_code, default preset): the holder first by text.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic,
      text: merge(at(0, holder), at(1, nested)),
      structural: at(1, holder),
    };
    return fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'o', '.sh'), {
        ...memberNamesRead(QUESTION, true),
        textBreaksMemberTies: true,
        closerMembersWhateverBoost: true,
        ...(withNested ? { nestedOf: nestedLookup(corpus) } : {}),
      }),
    ).filter((r) => r.path === 'util/parseopts.sh');
  };

  it('"how does makepkg accept an abbreviated long option": longoptmatch, second by meaning, shows the file', () => {
    const semantic = merge(at(1, named('longoptmatch')), at(2, named('parseopts')));
    expect(run(semantic, false)[0].symbol).toBe('parseopts');
    const [shown] = run(semantic, true);
    expect(shown.symbol).toBe('longoptmatch');
    expect(shown.explanation.member).toMatchObject({ rule: 'nested-is-closer', over: { symbol: 'parseopts' } });
    // The file keeps its place: its score is the holder's.
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });

  it('the holder stays when the meaning list ranks it above the function it defines', () => {
    const semantic = merge(at(1, named('parseopts')), at(2, named('longoptmatch')));
    expect(run(semantic, true)[0].symbol).toBe('parseopts');
  });

  it('in a near tie between files, the nested function counts the places its holder was found at', () => {
    const holder = named('parseopts');
    const nested = named('longoptmatch');
    const other = named('check_opt_array');
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(merge(at(1, nested), at(2, holder)), at(8, other)),
      text: merge(merge(at(0, holder), at(1, nested)), at(10, other)),
      structural: merge(at(1, holder), at(6, other)),
    };
    const run = (withNested: boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.sh'), {
          ...memberNamesRead(QUESTION, true),
          textBreaksMemberTies: true,
          closerMembersWhateverBoost: true,
          firstPlacesBreakTies: true,
          centralityOf: (id) => (id === other.id ? centralityForBoost(0.2) : 0),
          ...(withNested ? { nestedOf: nestedLookup(corpus) } : {}),
        }),
      ).filter((r) => r.path.startsWith('util/'));
    const before = run(false);
    expect(before.map((r) => r.symbol)).toEqual(['parseopts', 'check_opt_array']);
    expect(before[0].explanation.aboveByFirstPlace?.path).toBe('util/option.sh');
    const after = run(true);
    expect(after.map((r) => r.symbol)).toEqual(['longoptmatch', 'check_opt_array']);
    expect(after[0].explanation.aboveByFirstPlace?.path).toBe('util/option.sh');
  });
});
