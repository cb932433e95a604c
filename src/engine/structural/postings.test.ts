import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitIdentifier, subTokens } from '../tokens';
import { DefinitionTermPostings, ReferencePostings } from './postings';

const isTerm = (t: string) => t.length >= 2 && t !== 'the';

/** The map-of-lists definition the builders replace: term → [def, weight…] in first-seen order. */
function termPostingsByMaps(defs: { name: string; signature: string }[]) {
  const postings = new Map<string, number[]>();
  defs.forEach((d, def) => {
    const weights = new Map<string, number>();
    for (const [tokens, weight] of [
      [splitIdentifier(d.name), 3],
      [subTokens(d.signature), 1],
    ] as const)
      for (const t of tokens) if (isTerm(t)) weights.set(t, (weights.get(t) ?? 0) + weight);
    for (const [t, w] of weights) postings.set(t, [...(postings.get(t) ?? []), def, Math.min(255, w)]);
  });
  return postings;
}

const word = fc.constantFrom('parse', 'Config', 'the', 'x', 'HTTPServer', 'get_value', 'a2b', 'value', 'ParseConfig');
const text = fc.array(word, { maxLength: 6 }).map((w) => w.join(' '));

describe('DefinitionTermPostings', () => {
  it('gives what a map of lists gives: same vocabulary order, rows, weights', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.array(word, { maxLength: 3 }).map((w) => w.join('')), signature: text }), {
          maxLength: 30,
        }),
        (defs) => {
          const builder = new DefinitionTermPostings(isTerm);
          defs.forEach((d, def) => {
            builder.begin(def);
            builder.identifier(d.name, 3);
            builder.text(d.signature, 1);
          });
          const built = builder.finish();
          const expected = termPostingsByMaps(defs);
          expect(built.termVocab).toEqual([...expected.keys()]);
          built.termVocab.forEach((t, i) => {
            const rows: number[] = [];
            for (let r = built.termOffsets[i]; r < built.termOffsets[i + 1]; r++)
              rows.push(built.termDefs[r], built.termWeights[r]);
            expect(rows).toEqual(expected.get(t));
          });
          expect(built.termOffsets[built.termVocab.length]).toBe(built.termDefs.length);
        },
      ),
    );
  });

  it('caps a weight at 255', () => {
    const builder = new DefinitionTermPostings(isTerm);
    builder.begin(0);
    for (let i = 0; i < 100; i++) builder.identifier('parse', 3);
    expect(Array.from(builder.finish().termWeights)).toEqual([255]);
  });
});

describe('ReferencePostings', () => {
  it('groups by name (first seen), then chunk (first seen), counting each kind', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.nat(7), fc.nat(2)), { maxLength: 60 }),
        (refs) => {
          const names = [...new Set(refs.map(([name]) => name))];
          const builder = new ReferencePostings(names, refs.length);
          for (const [name, chunk, kind] of refs) builder.add(names.indexOf(name), chunk, kind);
          const built = builder.finish(8);
          const expected = new Map<string, Map<number, number[]>>();
          for (const [name, chunk, kind] of refs) {
            const byChunk = expected.get(name) ?? new Map<number, number[]>();
            expected.set(name, byChunk);
            const counts = byChunk.get(chunk) ?? [0, 0, 0];
            byChunk.set(chunk, counts);
            counts[kind]++;
          }
          expect(built.refNames).toEqual([...expected.keys()]);
          built.refNames.forEach((name, n) => {
            const rows: [number, number[]][] = [];
            for (let r = built.refOffsets[n]; r < built.refOffsets[n + 1]; r++)
              rows.push([built.refChunks[r], Array.from(built.refCounts.subarray(r * 3, r * 3 + 3))]);
            expect(rows).toEqual([...expected.get(name)!]);
          });
        },
      ),
    );
  });
});
