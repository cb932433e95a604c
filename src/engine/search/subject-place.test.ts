/**
 * A question asking how "the <part>" does something names the file the part's code is filed
 * under. Shapes of jQuery UI 1.13 (MIT): ui/widgets/spinner.js's `_adjustValue`, which rounds a
 * value to the step and keeps it between min and max, and ui/widgets/slider.js's
 * `_calculateNewMax`, which the lists put first for "how does the spinner round a value to the
 * step and keep it between min and max".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { SUBJECT_PLACE_GAIN } from '../ranking';
import type { Corpus } from '../modality';
import { howSubject, subjectPlaceWordsLookup } from './place-words';
import { memberNamesRead } from './members';
import { at, chunkOrFiller, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';
import { engineOver } from '../../../test/support/engine';

const SPINNER_JS = [
  'function adjustValue( value, options ) {',
  '  var base, aboveMin;',
  '  base = options.min !== null ? options.min : 0;',
  '  aboveMin = value - base;',
  '  aboveMin = Math.round( aboveMin / options.step ) * options.step;',
  '  value = base + aboveMin;',
  '  if ( options.max !== null && value > options.max ) {',
  '    return options.max;',
  '  }',
  '  if ( options.min !== null && value < options.min ) {',
  '    return options.min;',
  '  }',
  '  return value;',
  '}',
  '',
].join('\n');

const SLIDER_JS = [
  'function calculateNewMax( options ) {',
  '  var max = options.max, min = options.min, step = options.step;',
  '  var aboveMin = Math.round( ( max - min ) / step ) * step;',
  '  max = aboveMin + min;',
  '  if ( max > options.max ) {',
  '    max -= step;',
  '  }',
  '  return max;',
  '}',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'ui/widgets/spinner.js', text: SPINNER_JS },
  { path: 'ui/widgets/slider.js', text: SLIDER_JS },
  { path: 'ui/widgets/dialog.js', text: 'function open( options ) {\n  return options.modal;\n}\n' },
  { path: 'ui/effects/effect-fade.js', text: 'function fade( el, mode ) {\n  return el.animate( mode );\n}\n' },
];

const QUESTION = 'how does the spinner round a value to the step and keep it between min and max';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await parsedCorpus(FILES);
});

const inFile = (path: string) => corpus.chunks.find((c) => c.path === path && c.kind === 'definition')!;

describe('the subject of a question asking how', () => {
  it('is the one or two words after "how does the", "a" or "an"', () => {
    expect(howSubject(QUESTION)).toBe('spinner round');
    expect(howSubject('how does the run dialog (alt-f2) complete the command')).toBe('run dialog');
    expect(howSubject('How do an in-memory store save objects')).toBe('in-memory store');
    // A product or a name without an article names no part: every path may say it.
    expect(howSubject('how does vega choose the bin width')).toBeUndefined();
    expect(howSubject('how is the parsed stylesheet turned into css')).toBeUndefined();
  });

  it('weighs the paths that say its words; a word no path says, the verb, weighs nothing', () => {
    const share = subjectPlaceWordsLookup(corpus, QUESTION)!;
    expect(share(inFile('ui/widgets/spinner.js'))).toBeCloseTo(1, 12);
    expect(share(inFile('ui/widgets/slider.js'))).toBe(0);
    expect(subjectPlaceWordsLookup(corpus, 'how does vega choose the bin width')).toBeUndefined();
  });
});

describe('a file weighed by how much of the part asked about its path says', () => {
  const run = (weighsSubject: boolean) => {
    const answer = inFile('ui/widgets/spinner.js');
    const slider = inFile('ui/widgets/slider.js');
    // As the lists had them in the real set: both first or second in each, the slider's ahead.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(0, slider), at(1, answer)),
      text: merge(at(0, answer), at(1, slider)),
      structural: merge(at(15, slider), at(28, answer)),
    };
    return fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'o', '.js'), {
        limit: 100,
        ...memberNamesRead(QUESTION, true),
        ...(weighsSubject
          ? { placeWordsOf: subjectPlaceWordsLookup(corpus, QUESTION)!, placeWordsGain: SUBJECT_PLACE_GAIN }
          : {}),
      }),
    ).filter((r) => !r.path.startsWith('o/'));
  };

  it('puts the file the subject names over a neighbouring part whose code says the same words', () => {
    expect(run(false).map((r) => r.path)).toEqual(['ui/widgets/slider.js', 'ui/widgets/spinner.js']);
    const after = run(true);
    expect(after.map((r) => r.path)).toEqual(['ui/widgets/spinner.js', 'ui/widgets/slider.js']);
    expect(after[0].explanation.placeWords?.factor).toBeCloseTo(1 + SUBJECT_PLACE_GAIN, 12);
    expect(after[1].explanation.placeWords).toBeUndefined();
    for (const r of after) expect(scoreFromExplanation(r.explanation)).toBeCloseTo(r.score, 12);
  });
});

describe('the engine weighs the subject’s place on a question asking how "the <part>" works', () => {
  it('on such a question only', async () => {
    const engine = await engineOver(FILES);
    const how = await engine.search(QUESTION, { preset: 'default', limit: 10 });
    const spinner = how.results.find((r) => r.path === 'ui/widgets/spinner.js');
    expect(spinner?.explanation.placeWords?.share).toBeCloseTo(1, 12);
    expect(spinner?.explanation.placeWords?.of).toBe('part');
    const other = await engine.search('how is a value rounded to the step between min and max', {
      preset: 'default',
      limit: 10,
    });
    expect(other.results.length).toBeGreaterThan(0);
    for (const r of other.results) expect(r.explanation.placeWords).toBeUndefined();
  });
});
