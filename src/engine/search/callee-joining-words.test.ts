/**
 * A callee is the step a question names by two of its words or more (MEMBER_CALLEE_MIN_WORDS);
 * a joining word of its name (`to`, `for`, `from`) is none of them, even when the question says
 * it. Shape of CrowdSec 1.4.6 (MIT), pkg/leakybucket/manager_run.go: `PourItemToHolders` finds
 * the scenarios whose filter matches and calls `PourItemToBucket` for each bucket.
 */
import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import { calleesLookup, contentPartsSaid, namePartsSaid, questionForms } from './members';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const MANAGER_RUN_GO = [
  'package leakybucket',
  '',
  'func PourItemToBucket(bucket *Leaky, holder BucketFactory, buckets *Buckets, parsed *types.Event) (bool, error) {',
  '\tvar sent bool',
  '\tfor !sent {',
  '\t\tselect {',
  '\t\tcase bucket.In <- parsed:',
  '\t\t\tsent = true',
  '\t\t}',
  '\t}',
  '\treturn sent, nil',
  '}',
  '',
  'func PourItemToHolders(parsed types.Event, holders []BucketFactory, buckets *Buckets) (bool, error) {',
  '\tvar poured bool',
  '\tfor idx := 0; idx < len(holders); idx++ {',
  '\t\tif !holders[idx].RunTimeFilter(parsed) {',
  '\t\t\tcontinue',
  '\t\t}',
  '\t\tbucket, err := LoadOrStoreBucketFromHolder(holders[idx].Name, buckets, holders[idx], parsed.ExpectMode)',
  '\t\tif err != nil {',
  '\t\t\treturn false, err',
  '\t\t}',
  '\t\tok, err := PourItemToBucket(bucket, holders[idx], buckets, &parsed)',
  '\t\tif err != nil {',
  '\t\t\treturn false, err',
  '\t\t}',
  '\t\tpoured = poured || ok',
  '\t}',
  '\treturn poured, nil',
  '}',
  '',
  'func LoadOrStoreBucketFromHolder(partitionKey string, buckets *Buckets, holder BucketFactory, expectMode int) (*Leaky, error) {',
  '\tbiface, ok := buckets.Bucket_map.Load(partitionKey)',
  '\tif !ok {',
  '\t\tbiface = NewLeaky(holder)',
  '\t}',
  '\treturn biface.(*Leaky), nil',
  '}',
  '',
].join('\n');

const FILES: SourceFile[] = [{ path: 'pkg/leakybucket/manager_run.go', text: MANAGER_RUN_GO }];
const corpus = await parsedCorpus(FILES);
const chunk = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol)!;
const named = (ids: number[]) => ids.map((id) => corpus.chunks[id].symbol);

describe('a callee named by the question', () => {
  const asked = 'how is a parsed event given to the scenarios whose filter matches, and to which bucket instance';

  it('counts no joining word of its name, though the question says it', () => {
    const forms = questionForms(asked);
    // The variant rule still reads `to`: the question says it.
    expect(namePartsSaid('PourItemToBucket', forms).said).toBe(2);
    expect(contentPartsSaid('PourItemToBucket', forms)).toBe(1);
    expect(contentPartsSaid('LoadOrStoreBucketFromHolder', forms)).toBe(1);
    expect(contentPartsSaid(undefined, forms)).toBe(0);
  });

  it('is not `PourItemToBucket` when the question says "to" and "bucket" alone', () => {
    const holders = chunk('PourItemToHolders');
    expect(named(calleesLookup(corpus)(holders))).toEqual(['LoadOrStoreBucketFromHolder', 'PourItemToBucket']);
    expect(named(calleesLookup(corpus, asked)(holders))).toEqual([]);
  });

  it('is `PourItemToBucket` when the question says two of its content words', () => {
    const holders = chunk('PourItemToHolders');
    expect(named(calleesLookup(corpus, 'how is an item poured into its bucket')(holders))).toEqual([
      'PourItemToBucket',
    ]);
  });
});
