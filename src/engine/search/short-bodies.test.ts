/**
 * A function of a line or two does not answer a question asking how something is done: it
 * returns a value or hands its call on, and the work is elsewhere. Shapes of symfony/validator
 * 5.4 (MIT), Constraints/DateValidator.php and Constraints/NotCompromisedPasswordValidator.php,
 * and of the MongoDB Ruby driver 2.18 (Apache-2.0), lib/mongo/auth/scram/conversation.rb, with
 * the ranks each list gave them in the real set (understand_code, default preset); and of PCL 1.13
 * (BSD-3-Clause), filters/impl/statistical_outlier_removal.hpp: a C++ implementation file's
 * include guard and explicit-instantiation macro around the member that does the work; and of
 * resource-agents 4.12 (GPL-2.0), heartbeat/Filesystem: an OCF agent's `meta_data`, which prints
 * its XML description from a here-document.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { SHORT_BODY_DEMOTION_FACTOR, SHORT_BODY_DEMOTION_RULE } from '../ranking';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import type { Corpus } from '../modality';
import { calleesLookup, delegateLookup, memberCodeWordsSaid, memberNameCoverage, shortBodyLookup } from './members';
import { at, chunkOrFiller, merge, centralityForBoost, definitionNamed } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';

const DATE_VALIDATOR_PHP = [
  '<?php',
  'namespace Symfony\\Component\\Validator\\Constraints;',
  '',
  'class DateValidator extends ConstraintValidator',
  '{',
  '    /**',
  '     * Checks whether a date is valid.',
  '     *',
  '     * @internal',
  '     */',
  '    public static function checkDate(int $year, int $month, int $day): bool',
  '    {',
  '        return checkdate($month, $day, $year);',
  '    }',
  '}',
  '',
].join('\n');

const NOT_COMPROMISED_PHP = [
  '<?php',
  'namespace Symfony\\Component\\Validator\\Constraints;',
  '',
  'class NotCompromisedPasswordValidator extends ConstraintValidator',
  '{',
  '    public function validate($value, Constraint $constraint)',
  '    {',
  '        $value = (string) $value;',
  "        if ('' === $value) {",
  '            return;',
  '        }',
  '',
  '        $hash = strtoupper(sha1($value));',
  '        $hashPrefix = substr($hash, 0, 5);',
  '        $url = sprintf($this->endpoint, $hashPrefix);',
  "        $result = $this->httpClient->request('GET', $url)->getContent();",
  '',
  '        foreach (explode("\\r\\n", $result) as $line) {',
  "            [$hashSuffix, $count] = explode(':', $line);",
  '            if ($hashPrefix.$hashSuffix === $hash && $constraint->threshold <= (int) $count) {',
  '                $this->context->buildViolation($constraint->message)->addViolation();',
  '                return;',
  '            }',
  '        }',
  '    }',
  '}',
  '',
].join('\n');

const CONVERSATION_RB = [
  'module Mongo',
  '  module Auth',
  '    class SCRAM',
  '      class Conversation',
  '        # @return [ User ] user The user for the conversation.',
  '        attr_reader :user',
  '',
  '        def continue(reply, connection = nil)',
  '          validate_first_message!(reply)',
  '',
  '          # The salted password needs to be calculated now.',
  '          salted_password',
  '',
  '          if connection && connection.features.op_msg_enabled?',
  '            selector = CLIENT_CONTINUE_MESSAGE.merge(payload: client_final_message, conversationId: id)',
  '            Protocol::Msg.new([:none], {}, selector)',
  '          else',
  '            Protocol::Query.new(user.auth_source, Database::COMMAND, selector, limit: -1)',
  '          end',
  '        end',
  '',
  '        def hi(data)',
  '          OpenSSL::PKCS5.pbkdf2_hmac_sha1(',
  '            data,',
  '            Base64.strict_decode64(salt),',
  '            iterations,',
  '            digest.size',
  '          )',
  '        end',
  '',
  '        # Gets the salt from the server response.',
  '        def salt',
  '          @salt ||= payload_data.match(SALT)[1]',
  '        end',
  '',
  '        # Salted password algorithm implementation.',
  '        def salted_password',
  '          @salted_password ||= hi(@user.hashed_password)',
  '        end',
  '      end',
  '    end',
  '  end',
  'end',
  '',
].join('\n');

/** serf 0.10 (MPL-2.0), serf/serf.go: three lines of code, a lock held around a read. */
const SERF_GO = [
  'package serf',
  '',
  '// State is the current state of this Serf instance.',
  'func (s *Serf) State() SerfState {',
  '	s.stateLock.Lock()',
  '	defer s.stateLock.Unlock()',
  '	return s.state',
  '}',
  '',
  'func makeUDPBuffer(size int) func() interface{} {',
  '	return func() interface{} {',
  '		return make([]byte, size)',
  '	}',
  '}',
  '',
].join('\n');

/** futures-util 0.3 (MIT/Apache-2.0), future/future/shared.rs, and a Python getter with its docstring. */
const SHARED_RS = [
  'impl<Fut: Future> Clone for WeakShared<Fut> {',
  '    fn clone(&self) -> Self {',
  '        Self(self.0.clone())',
  '    }',
  '}',
  '',
].join('\n');
const STATE_PY = [
  'class Node:',
  '    def state(self):',
  '        """The node\'s state.',
  '',
  '        Read under the lock.',
  '        """',
  '        return self._state',
  '',
].join('\n');

/** musl 1.2 (MIT), src/string/strchr.c: C opens the body on a line of its own. */
const STRCHR_C = [
  '#include <string.h>',
  '',
  'char *strchr(const char *s, int c)',
  '{',
  '	char *r = __strchrnul(s, c);',
  '	return *(unsigned char *)r == (unsigned char)c ? r : 0;',
  '}',
  '',
].join('\n');

/** preact 10 (MIT), compat/src/index.d.ts: a declaration whose parameters take three lines, and no body. */
const BATCHED_D_TS = [
  'declare namespace React {',
  '\texport function unstable_batchedUpdates(',
  '\t\tcallback: (arg?: any) => void,',
  '\t\targ?: any',
  '\t): void;',
  '}',
  '',
].join('\n');

/** PCL 1.13, filters/impl/statistical_outlier_removal.hpp, the loop's body shortened. */
const OUTLIER_REMOVAL_HPP = [
  '#ifndef PCL_FILTERS_IMPL_STATISTICAL_OUTLIER_REMOVAL_H_',
  '#define PCL_FILTERS_IMPL_STATISTICAL_OUTLIER_REMOVAL_H_',
  '',
  '#include <pcl/filters/statistical_outlier_removal.h>',
  '',
  'template <typename PointT> void',
  'pcl::StatisticalOutlierRemoval<PointT>::applyFilterIndices (Indices &indices)',
  '{',
  '  searcher_->setInputCloud (input_);',
  '  std::vector<float> distances (indices_->size ());',
  '  for (int iii = 0; iii < static_cast<int> (indices_->size ()); ++iii)',
  '    distances[iii] = meanDistance (iii);',
  '  double distance_threshold = mean + std_mul_ * stddev;',
  '  for (int iii = 0; iii < static_cast<int> (indices_->size ()); ++iii)',
  '  {',
  '    if (distances[iii] > distance_threshold)',
  '      continue;',
  '    indices[oii++] = (*indices_)[iii];',
  '  }',
  '}',
  '',
  '#define PCL_INSTANTIATE_StatisticalOutlierRemoval(T) template class PCL_EXPORTS pcl::StatisticalOutlierRemoval<T>;',
  '',
  '#endif  // PCL_FILTERS_IMPL_STATISTICAL_OUTLIER_REMOVAL_H_',
  '',
].join('\n');

/** resource-agents 4.12, heartbeat/Filesystem, the description and the case lists shortened. */
const FILESYSTEM_AGENT = [
  '#!/bin/sh',
  '',
  'meta_data() {',
  '\tcat <<END',
  '<?xml version="1.0"?>',
  '<resource-agent name="Filesystem" version="1.1">',
  '<parameter name="run_fsck">',
  '<longdesc lang="en">',
  'Specify how to decide whether to run fsck or not.',
  '"auto"  : decide to run fsck depending on the fstype(default)',
  '"force" : always run fsck regardless of the fstype',
  '"no"    : do not run fsck ever.',
  '</longdesc>',
  '</parameter>',
  '</resource-agent>',
  'END',
  '}',
  '',
  'is_fsck_needed() {',
  '\tcase $OCF_RESKEY_run_fsck in',
  '\t\tforce) true;;',
  '\t\tno)    false;;',
  '\t\t""|auto)',
  '\t\tcase "$FSTYPE" in',
  '\t\t\text4|ext3|xfs|nfs|tmpfs) false;;',
  '\t\t\t*) true;;',
  '\t\tesac;;',
  '\tesac',
  '}',
  '',
  'block_size() {',
  '\tbs=$(( 1 << 12 ))',
  '\techo $bs',
  '\techo done',
  '}',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'resource.d/heartbeat/Filesystem', text: FILESYSTEM_AGENT },
  { path: 'filters/impl/statistical_outlier_removal.hpp', text: OUTLIER_REMOVAL_HPP },
  { path: 'src/string/strchr.c', text: STRCHR_C },
  { path: 'compat/src/index.d.ts', text: BATCHED_D_TS },
  { path: 'Constraints/DateValidator.php', text: DATE_VALIDATOR_PHP },
  { path: 'Constraints/NotCompromisedPasswordValidator.php', text: NOT_COMPROMISED_PHP },
  { path: 'mongo/auth/scram/conversation.rb', text: CONVERSATION_RB },
  { path: 'serf/serf.go', text: SERF_GO },
  { path: 'future/future/shared.rs', text: SHARED_RS },
  { path: 'node.py', text: STATE_PY },
];

let corpus: Corpus;
beforeAll(async () => {
  corpus = buildCorpus(FILES, await StructuralAnalyzer.create(nodeGrammars));
});

const named = (symbol: string) => definitionNamed(corpus, symbol);

describe('a function of a line or two', () => {
  it('is one whose body holds at most two lines of code', () => {
    const short = shortBodyLookup(corpus);
    expect(short(named('checkDate'))).toBe(true);
    expect(short(named('salted_password'))).toBe(true);
    expect(short(named('salt'))).toBe(true);
    expect(short(named('clone'))).toBe(true);
    expect(short(named('makeUDPBuffer'))).toBe(true);
    // A docstring is not code, nor a brace opening the body on its own line.
    expect(short(named('state'))).toBe(true);
    expect(short(named('strchr'))).toBe(true);
    // A declaration without a body, however long its signature, does no work at all.
    expect(
      short(corpus.chunks.find((c) => c.symbol?.endsWith('unstable_batchedUpdates') && c.kind === 'definition')!),
    ).toBe(true);
    // Three lines of code, or a call spread over lines: work of its own.
    expect(short(named('State'))).toBe(false);
    expect(short(named('hi'))).toBe(false);
    expect(short(named('validate'))).toBe(false);
    expect(short(named('continue'))).toBe(false);
  });

  it('"how does the validator check whether a password has appeared in a data breach": its file falls below the validator that does the work', () => {
    const checkDate = named('checkDate');
    const validate = named('validate');
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(15, checkDate), at(23, validate)),
      text: merge(at(6, checkDate), at(20, validate)),
      structural: merge(at(2, checkDate), at(13, validate)),
    };
    const boosts = new Map([
      [checkDate.id, 0.17],
      [validate.id, 0.15],
    ]);
    const question = 'how does the validator check whether a password has appeared in a data breach';
    const run = (isShortBody?: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.php'), {
          centralityOf: (id) => centralityForBoost(boosts.get(id) ?? 0),
          limit: 100,
          rankContainersByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          ...(isShortBody ? { isShortBody } : {}),
        }),
      ).filter((r) => r.path.startsWith('Constraints/'));
    expect(run().map((r) => r.symbol)).toEqual(['checkDate', 'validate']);
    const after = run(shortBodyLookup(corpus));
    expect(after.map((r) => r.symbol)).toEqual(['validate', 'checkDate']);
    const demoted = after[1];
    expect(demoted.explanation.demotion).toEqual({
      factor: SHORT_BODY_DEMOTION_FACTOR,
      rule: SHORT_BODY_DEMOTION_RULE,
    });
    expect(scoreFromExplanation(demoted.explanation)).toBeCloseTo(demoted.score, 12);
  });

  it('"how is the user\'s password stretched with the salt …": `salted_password` hands its file on to `hi`, which it calls', () => {
    // `salt` and `salted_password` give way to `continue`, which calls `salted_password` (its name
    // says two of the question's words: callee-named), which only hands its call on to `hi`.
    const c = (s: string) => named(s);
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(
        merge(at(0, c('salt')), at(3, c('salted_password'))),
        merge(at(9, c('continue')), at(19, c('hi'))),
      ),
      text: merge(at(6, c('salted_password')), merge(at(18, c('continue')), at(37, c('salt')))),
      structural: merge(at(3, c('salt')), at(10, c('continue'))),
    };
    const question =
      "how is the user's password stretched with the salt and iteration count the server sends during SCRAM login";
    const run = (isShortBody?: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.rb'), {
          centralityOf: () => centralityForBoost(0.24),
          limit: 100,
          rankContainersByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          delegateOf: delegateLookup(corpus, true),
          calleesOf: calleesLookup(corpus, question),
          textBreaksMemberTies: true,
          ...(isShortBody ? { isShortBody } : {}),
        }),
      ).filter((r) => r.path === 'mongo/auth/scram/conversation.rb');
    expect(run()[0].symbol).not.toBe('hi');
    const [shown] = run(shortBodyLookup(corpus));
    expect(shown.symbol).toBe('hi');
    expect(shown.explanation.member?.rule).toBe('wrapper-hands-on');
    // Not demoted: `hi` does the work.
    expect(shown.explanation.demotion).toBeNull();
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});

describe('a `#define` on one line', () => {
  it('is short: an include guard or an explicit instantiation does no work of its own', () => {
    const short = shortBodyLookup(corpus);
    expect(short(named('PCL_INSTANTIATE_StatisticalOutlierRemoval'))).toBe(true);
    expect(short(named('PCL_FILTERS_IMPL_STATISTICAL_OUTLIER_REMOVAL_H_'))).toBe(true);
    expect(short(corpus.chunks.find((c) => c.symbol?.endsWith('applyFilterIndices') && c.kind === 'definition')!)).toBe(
      false,
    );
  });

  it('"how does the statistical outlier filter decide which points are outliers": the instantiation gives its file to `applyFilterIndices`', () => {
    const instantiate = named('PCL_INSTANTIATE_StatisticalOutlierRemoval');
    const apply = corpus.chunks.find((c) => c.symbol?.endsWith('applyFilterIndices') && c.kind === 'definition')!;
    // The ranks the real set's lists gave them (pcl:understand:14): the macro's name says the
    // filter's name, the member's body the question's work.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(3, instantiate), at(5, apply)),
      text: merge(at(2, instantiate), at(9, apply)),
      structural: merge(at(1, apply), at(7, instantiate)),
    };
    const question = 'how does the statistical outlier filter decide which points are outliers';
    const run = (isShortBody?: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.h'), {
          limit: 100,
          rankContainersByMembers: true,
          rankEveryContainerByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          textBreaksMemberTies: true,
          ...(isShortBody ? { isShortBody } : {}),
        }),
      ).filter((r) => r.path === 'filters/impl/statistical_outlier_removal.hpp');
    expect(run()[0].symbol).toBe('PCL_INSTANTIATE_StatisticalOutlierRemoval');
    const [shown] = run(shortBodyLookup(corpus));
    expect(shown.symbol).toBe(apply.symbol);
    expect(shown.explanation.member?.rule).toBe('short-gives-way');
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});

describe('a shell function that prints a here-document', () => {
  it('is short: the document is text, as a docstring is', () => {
    const short = shortBodyLookup(corpus);
    expect(short(named('meta_data'))).toBe(true);
    expect(short(named('is_fsck_needed'))).toBe(false);
    // A shift in arithmetic opens no document.
    expect(short(named('block_size'))).toBe(false);
  });

  it('"how does the Filesystem agent decide whether to run fsck before mounting": `meta_data` gives its file to `is_fsck_needed`', () => {
    const metaData = named('meta_data');
    const fsck = named('is_fsck_needed');
    // The ranks the real set's lists gave them (resource-agents:understand:11): the description
    // says every word of the question, the function does what it asks.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(0, metaData), at(1, fsck)),
      text: merge(at(0, metaData), at(4, fsck)),
      structural: at(4, fsck),
    };
    const question = 'how does the Filesystem agent decide whether to run fsck before mounting';
    const run = (isShortBody?: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.sh'), {
          limit: 100,
          rankContainersByMembers: true,
          rankEveryContainerByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          textBreaksMemberTies: true,
          codeWordsSaidOf: memberCodeWordsSaid(corpus, question),
          ...(isShortBody ? { isShortBody } : {}),
        }),
      ).filter((r) => r.path === 'resource.d/heartbeat/Filesystem');
    const before = run()[0];
    expect(before.symbol).toBe('meta_data');
    expect(before.explanation.member?.rule).toBe('code-says-question');
    const [shown] = run(shortBodyLookup(corpus));
    expect(shown.symbol).toBe('is_fsck_needed');
  });
});
