/**
 * Where a short body may take three or four lines of code (Ruby, PHP, Lua), a method that loops
 * is not short: glue is a test and a sibling's value, a loop is work however few lines it takes.
 * Shapes of grape 1.6.2 (MIT), lib/grape/middleware/error.rb: `call!` tries four rescue handlers
 * in one `||` chain, each a lookup of a few lines, and the one that walks the handlers for a class
 * the exception's class is or descends from answers "how does rescue_from with a parent exception
 * class also catch its subclasses"; with the ranks each list gave them in the real set.
 */
import { describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { fuse } from '../fuse';
import { memberNameCoverage, shortBodyLookup } from './members';
import { at, chunkOrFiller, merge, definitionNamed } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const ERROR_RB = [
  'module Grape',
  '  module Middleware',
  '    class Error < Base',
  '      def call!(env)',
  '        @env = env',
  '        begin',
  '          error_response(catch(:error) do',
  '            return @app.call(@env)',
  '          end)',
  '        rescue Exception => e # rubocop:disable Lint/RescueException',
  '          handler =',
  '            rescue_handler_for_base_only_class(e.class) ||',
  '            rescue_handler_for_class_or_its_ancestor(e.class) ||',
  '            rescue_handler_for_grape_exception(e.class) ||',
  '            rescue_handler_for_any_class(e.class) ||',
  '            raise',
  '',
  '          run_rescue_handler(handler, e)',
  '        end',
  '      end',
  '',
  '      private',
  '',
  '      def rescue_handler_for_base_only_class(klass)',
  '        error, handler = options[:base_only_rescue_handlers].find { |err, _handler| klass == err }',
  '',
  '        return unless error',
  '',
  '        handler || :default_rescue_handler',
  '      end',
  '',
  '      def rescue_handler_for_class_or_its_ancestor(klass)',
  '        error, handler = options[:rescue_handlers].find { |err, _handler| klass <= err }',
  '',
  '        return unless error',
  '',
  '        handler || :default_rescue_handler',
  '      end',
  '',
  '      def rescue_handler_for_grape_exception(klass)',
  '        return unless klass <= Grape::Exceptions::Base',
  '        return :error_response if klass == Grape::Exceptions::InvalidVersionHeader',
  '        return unless options[:rescue_grape_exceptions] || !options[:rescue_all]',
  '',
  '        :error_response',
  '      end',
  '',
  '      def rescue_handler_for_any_class(klass)',
  '        return unless klass <= StandardError',
  '        return unless options[:rescue_all] || options[:rescue_grape_exceptions]',
  '',
  '        options[:all_rescue_handler] || :default_rescue_handler',
  '      end',
  '    end',
  '  end',
  'end',
  '',
].join('\n');

/** net-ssh 7.0 (MIT), lib/net/ssh/authentication/methods/publickey.rb: a loop over the identities. */
const PUBLICKEY_RB = [
  'module Net',
  '  class Publickey < Abstract',
  '    def authenticate(next_service, username, password = nil)',
  '      return false unless key_manager',
  '',
  '      key_manager.each_identity do |identity|',
  '        return true if authenticate_with(identity, next_service, username)',
  '      end',
  '',
  '      return false',
  '    end',
  '  end',
  'end',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'grape/middleware/error.rb', text: ERROR_RB },
  { path: 'net/ssh/authentication/methods/publickey.rb', text: PUBLICKEY_RB },
];

const corpus = await parsedCorpus(FILES);

const named = (symbol: string) => definitionNamed(corpus, symbol);

describe('in Ruby, a method of up to four lines of code that loops', () => {
  it('is not short: a block taking a value is work; guards and a value are glue', () => {
    const short = shortBodyLookup(corpus);
    expect(short(named('rescue_handler_for_any_class'))).toBe(true);
    expect(short(named('rescue_handler_for_grape_exception'))).toBe(true);
    expect(short(named('rescue_handler_for_class_or_its_ancestor'))).toBe(false);
    expect(short(named('rescue_handler_for_base_only_class'))).toBe(false);
    expect(short(named('authenticate'))).toBe(false);
  });

  it('"how does rescue_from with a parent exception class also catch its subclasses": the handler that walks the ancestors shows error.rb', () => {
    const c = (s: string) => named(s);
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(
        merge(at(2, c('rescue_handler_for_any_class')), at(4, c('rescue_handler_for_class_or_its_ancestor'))),
        merge(at(5, c('rescue_handler_for_grape_exception')), at(6, c('rescue_handler_for_base_only_class'))),
      ),
      structural: merge(
        merge(at(0, c('rescue_handler_for_grape_exception')), at(3, c('rescue_handler_for_any_class'))),
        merge(at(4, c('rescue_handler_for_base_only_class')), at(5, c('rescue_handler_for_class_or_its_ancestor'))),
      ),
    };
    const question = 'how does rescue_from with a parent exception class also catch its subclasses';
    const run = (isShortBody: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.rb'), {
          limit: 100,
          nameCoverageOf: memberNameCoverage(question),
          isShortBody,
        }),
      ).filter((r) => r.path === 'grape/middleware/error.rb');
    const short = shortBodyLookup(corpus);
    // Read as four short lookups, none can take another's place: the best stands, demoted.
    const [before] = run((x) => short(x) || x.symbol === 'rescue_handler_for_class_or_its_ancestor');
    expect(before.symbol).not.toBe('rescue_handler_for_class_or_its_ancestor');
    const [shown] = run(short);
    expect(shown.symbol).toBe('rescue_handler_for_class_or_its_ancestor');
    expect(shown.explanation.member?.rule).toBe('short-gives-way');
  });
});
