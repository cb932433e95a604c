import type { Chunk } from '../contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../engine';
import { fuse, scoreFromExplanation } from '../fuse';
import { fusionInput } from '../../../test/support/fusion-input';
import { corpusOf, engineOver } from '../../../test/support/engine';
import { calleesLookup, memberNameCoverage, memberNameCoverageBeyondPlace } from './members';
import { MEMBER_CHOICE_MIN_SHARE, MEMBER_STEPS_CALLER_MIN_SHARE } from '../ranking';

// A loader in the shape of symfony-validator's PropertyInfoLoader: `load_class_metadata` runs the
// work, and the two helpers it calls each say part of the question in a few lines.
const LOADER = `class PropertyInfoLoader:
    def __init__(self, list_extractor, type_extractor):
        self.list_extractor = list_extractor
        self.type_extractor = type_extractor

    def load_class_metadata(self, metadata):
        """Adds the constraints the declared types of each property imply."""
        for prop in self.list_extractor.get_properties(metadata.class_name):
            types = self.type_extractor.get_types(metadata.class_name, prop)
            if not types:
                continue
            nullable = False
            for t in types:
                builtin = t.builtin_type
                if builtin == 'null':
                    nullable = True
                    continue
                constraint = self.get_type_constraint(builtin, t)
                self.handle_all_constraint(prop, constraint, metadata)
            if not nullable:
                metadata.add_property_constraint(prop, NotNull())
        return True

    def get_type_constraint(self, builtin, t):
        if t.collection_value_type is not None:
            return Type(t.collection_value_type.class_name)
        return Type(builtin)

    def handle_all_constraint(self, prop, constraint, metadata):
        for existing in metadata.constraints_of(prop):
            if isinstance(existing, All):
                existing.constraints.append(constraint)
                return
        metadata.add_property_constraint(prop, All([constraint]))
`;

const QUESTION = "how are constraints guessed automatically from the types of a class's properties";

describe('the function that calls two strong members of its file runs the steps the question spans', () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await engineOver([{ path: 'loader.py', text: LOADER }]);
  });

  function run(stepsOf?: (chunk: Chunk) => number[], question = QUESTION) {
    const corpus = corpusOf(engine);
    const id = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!.id;
    const others = corpus.chunks.length;
    const other = (n: number): Chunk => ({
      id: others + n,
      fileId: 1 + n,
      path: `other${n}.py`,
      startLine: 1,
      endLine: 10,
      kind: 'window',
    });
    // The ranks of the real run (real set, symfony-validator:understand:22): the two helpers
    // first in their file by every list, the loader below them; other files' chunks elsewhere.
    const list = (placed: Record<number, string>) =>
      Array.from({ length: 40 }, (_, rank) => ({
        chunkId: placed[rank] ? id(placed[rank]) : others + rank,
        score: 1,
        reason: placed[rank] ?? 'other',
      }));
    const lists = {
      semantic: list({ 5: 'handle_all_constraint', 8: 'load_class_metadata', 20: 'get_type_constraint' }),
      text: list({ 3: 'get_type_constraint', 11: 'load_class_metadata', 13: 'handle_all_constraint' }),
      structural: list({ 0: 'get_type_constraint', 1: 'handle_all_constraint' }),
    };
    const chunkOf = (c: number) => corpus.chunks[c] ?? other(c - others);
    const results = fuse(
      fusionInput(lists, chunkOf, {
        nameCoverageOf: memberNameCoverage(question),
        calleesOf: calleesLookup(corpus, question),
        ...(stepsOf ? { stepsOf } : {}),
      }),
    );
    return results.find((r) => r.path === 'loader.py')!;
  }

  it('the loader calls both helpers, each one a strong member of the file', () => {
    const corpus = corpusOf(engine);
    const loader = corpus.chunks.find((c) => c.symbol === 'load_class_metadata')!;
    const steps = calleesLookup(corpus)(loader).map((c) => corpus.chunks[c].symbol);
    expect(steps).toEqual(['get_type_constraint', 'handle_all_constraint']);
  });

  it('shows the loader in place of the helper the lists put first, keeping the file its score', () => {
    const before = run();
    expect(before.symbol).not.toBe('load_class_metadata');
    const helper = before;
    const corpus = corpusOf(engine);
    const shown = run(calleesLookup(corpus));
    expect(shown.symbol).toBe('load_class_metadata');
    expect(shown.explanation.member).toMatchObject({ rule: 'caller-runs-steps', over: { symbol: helper.symbol } });
    expect(shown.score).toBeCloseTo(helper.score, 12);
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
    // The helpers stay in reach as sub-results.
    expect(shown.subResults?.map((r) => r.symbol)).toEqual(
      expect.arrayContaining(['get_type_constraint', 'handle_all_constraint']),
    );
    // It fused well below the helpers, but above the share a caller needs.
    const loaderScore = shown.score / shown.explanation.member!.factor;
    expect(loaderScore).toBeLessThan(MEMBER_CHOICE_MIN_SHARE * helper.score);
    expect(loaderScore).toBeGreaterThanOrEqual(MEMBER_STEPS_CALLER_MIN_SHARE * helper.score);
  });

  it('a caller of one strong member alone does not take the place', () => {
    const corpus = corpusOf(engine);
    const all = calleesLookup(corpus);
    const handle = corpus.chunks.find((c) => c.symbol === 'handle_all_constraint')!.id;
    // As if the loader called only the helper that the lists put second.
    const shown = run((chunk) => all(chunk).filter((c) => c !== handle));
    expect(shown.symbol).not.toBe('load_class_metadata');
  });

  it("a step whose name says more of the question than the caller's keeps its place", () => {
    const corpus = corpusOf(engine);
    // "handle all constraint" is said whole; `load_class_metadata` says none of it.
    const question = 'how does it handle all the constraint objects of one property';
    const before = run(undefined, question);
    expect(before.symbol).toBe('handle_all_constraint');
    expect(run(calleesLookup(corpus), question).symbol).toBe('handle_all_constraint');
  });
});

describe("the steps rule reads a caller's name past its file's place", () => {
  // resource-agents' Filesystem agent (real set, resource-agents:understand:11): every function
  // of resource.d/heartbeat/Filesystem starts with the file's name, which the question says.
  const question = 'how does the Filesystem agent decide whether to run fsck before mounting';
  const chunk = (symbol: string): Chunk => ({
    id: 0,
    fileId: 0,
    path: 'resource.d/heartbeat/Filesystem',
    startLine: 1,
    endLine: 20,
    kind: 'definition',
    definitionKind: 'function',
    symbol,
  });

  it('`Filesystem_start` says none of the question past the place; `is_fsck_needed` says "fsck"', () => {
    const beyond = memberNameCoverageBeyondPlace(question);
    // The member choice's own share counts the place the question says (a shell has no namespaces).
    expect(memberNameCoverage(question)(chunk('Filesystem_start'))).toBe(0.5);
    expect(beyond(chunk('Filesystem_start'))).toBe(0);
    expect(beyond(chunk('is_fsck_needed'))).toBeCloseTo(1 / 3, 12);
    // A name that is all place keeps its last part.
    expect(beyond(chunk('Filesystem'))).toBe(1);
  });
});
