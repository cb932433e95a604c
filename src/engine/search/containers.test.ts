/**
 * On a question asking how, a Ruby class or module holding members' chunks leaves each list
 * before it is fused (search/containers.ts): a Ruby file is a module in a module in a class,
 * each a chunk of the whole file, and in the lists they stood above the file's methods. Shape of
 * net-ssh 7.0 (MIT), lib/net/ssh/authentication/methods/publickey.rb.
 */
import { describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { Modality, ModalityHit, SourceFile } from '../contract';
import { Engine } from '../engine';
import { fuse } from '../fuse';
import { WEIGHTS } from '../ranking';
import { StructuralAnalyzer } from '../structural/analyzer';
import { chunkOrFiller, definitionNamed } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { containersOfMembers, withoutContainers } from './containers';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const PUBLICKEY_RB = [
  'module Net',
  '  module SSH',
  '    module Authentication',
  '      # Implements the "publickey" SSH authentication method.',
  '      class Publickey',
  '        # Attempts to perform public-key authentication for the given',
  '        # username, trying each identity known to the key manager.',
  '        def authenticate(next_service, username, password = nil)',
  '          return false unless key_manager',
  '          key_manager.each_identity do |identity|',
  '            return true if authenticate_with(identity, next_service, username)',
  '          end',
  '          false',
  '        end',
  '',
  '        def build_request(pub_key, username, next_service, alg, has_sig)',
  '          blob = Net::SSH::Buffer.new',
  '          blob.write_key pub_key',
  '          userauth_request(username, next_service, "publickey", has_sig, alg, blob.to_s)',
  '        end',
  '      end',
  '    end',
  '  end',
  'end',
].join('\n');

/** A class whose members are one-liners: no chunk of their own, so the class is what answers. */
const CONSTANTS_RB = [
  'module Net',
  '  class Constants',
  '    def self.version; "7.0"; end',
  '    def self.name; "net-ssh"; end',
  '  end',
  'end',
].join('\n');

/** A Python class and its method: a file of one class, which keeps its place in the lists. */
const AGENT_PY = [
  'class Agent:',
  '    def keys(self):',
  '        # The identities the agent holds.',
  '        return self._request_identities()',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'net/ssh/authentication/methods/publickey.rb', text: PUBLICKEY_RB },
  { path: 'net/ssh/constants.rb', text: CONSTANTS_RB },
  { path: 'paramiko/agent.py', text: AGENT_PY },
];

const corpus = await parsedCorpus(FILES);

const named = (symbol: string) => definitionNamed(corpus, symbol);

describe('containers of members on a "how" question', () => {
  it('names each module and class holding a member chunk, and no member', () => {
    const holds = containersOfMembers(corpus);
    const marked = corpus.chunks.filter((c) => holds(c.id)).map((c) => `${c.path}:${c.symbol}`);
    expect(marked).toEqual([
      'net/ssh/authentication/methods/publickey.rb:Net',
      'net/ssh/authentication/methods/publickey.rb:SSH',
      'net/ssh/authentication/methods/publickey.rb:Authentication',
      'net/ssh/authentication/methods/publickey.rb:Publickey',
      'net/ssh/constants.rb:Net',
    ]);
    // Constants' methods are one-liners left to its chunk: it holds no member chunk, and stays
    // (the module around it holds it, and leaves).
    expect(holds(definitionNamed(corpus, 'Constants').id)).toBe(false);
    // Only a language that nests its files' code so: a Python class holding its method stays.
    const keys = definitionNamed(corpus, 'keys');
    expect(keys.endLine - keys.startLine).toBe(2);
    expect(holds(definitionNamed(corpus, 'Agent').id)).toBe(false);
  });

  it('moves the members up in each list', () => {
    const hit = (id: number): ModalityHit => ({ chunkId: id, score: 1, reason: 'hit' });
    const text = ['Publickey', 'SSH', 'Net', 'authenticate'].map((s) => hit(named(s).id));
    const kept = withoutContainers({ text }, containersOfMembers(corpus));
    expect(kept.text!.map((h) => corpus.chunks[h.chunkId].symbol)).toEqual(['authenticate']);
  });

  it('lets the member below its containers pass another file fused above it', () => {
    // Another file's chunk (a filler id), first by meaning and fifth by words and by name.
    const other = 1000;
    const hit = (id: number): ModalityHit => ({ chunkId: id, score: 1, reason: 'hit' });
    const ids = (...symbols: (string | number)[]) => symbols.map((s) => hit(typeof s === 'number' ? s : named(s).id));
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: ids(other, 'Publickey', 'SSH', 'Net', 'authenticate'),
      text: ids('Publickey', 'SSH', 'Net', 'authenticate', other),
      structural: ids('Publickey', 'SSH', 'Net', 'authenticate', other),
    };
    const first = (given: Partial<Record<Modality, ModalityHit[]>>) =>
      fuse(
        fusionInput(given, chunkOrFiller(corpus, 'lib', '.rb'), {
          // Ruby: the semantic list at half its weight (the model has not learned the language).
          weights: { ...WEIGHTS.understand_code, semantic: WEIGHTS.understand_code.semantic / 2 },
          rankContainersByMembers: true,
          rankEveryContainerByMembers: true,
        }),
      )[0];
    expect(first(lists).chunkId).toBe(other);
    const shown = first(withoutContainers(lists, containersOfMembers(corpus)));
    expect(shown.symbol).toBe('authenticate');
    expect(shown.path).toBe('net/ssh/authentication/methods/publickey.rb');
  });
});

describe('the engine on a Ruby file', () => {
  it('drops the containers from the lists when the question asks how or describes code, and not otherwise', async () => {
    const engine = await Engine.build(FILES, {
      analyzer: await StructuralAnalyzer.create(nodeGrammars),
      embedder: null,
    });
    const ask = async (query: string) => {
      const response = await engine.search(query, { preset: 'default', limit: 10 });
      const text = response.query.modalities.find((m) => m.modality === 'text')!.list;
      const retrieved = text.map((h) => engine.chunk(h.chunkId).symbol);
      const shown = response.results.find((r) => r.path.endsWith('publickey.rb'))!;
      return {
        rule: response.query.rule,
        retrieved,
        shown: shown.symbol,
        rank: shown.explanation.modalities.text?.rank,
      };
    };
    // The text list retrieves the containers above the method; asked how, they leave it first.
    const how = await ask('how does publickey authentication try each identity of the key manager');
    expect(how.retrieved.indexOf('authenticate')).toBeGreaterThan(1);
    expect(how.shown).toBe('authenticate');
    expect(how.rank).toBe(0);
    // A sentence describing what the method does (its doc comment's words): the same.
    const described = await ask('Attempts publickey authentication, trying each identity of the key manager.');
    expect(described.rule).toBe('description');
    expect(described.retrieved.indexOf('authenticate')).toBeGreaterThan(1);
    expect(described.shown).toBe('authenticate');
    expect(described.rank).toBe(0);
    // Search-box words: the lists are fused as retrieved (the class, 2nd, stands for its file).
    const typed = await ask('publickey identity key manager');
    expect(typed.rule).not.toBe('description');
    expect(typed.shown).toBe('Publickey');
    expect(typed.rank).toBe(typed.retrieved.indexOf('Publickey'));
  });
});
