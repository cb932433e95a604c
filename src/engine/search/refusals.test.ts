/**
 * A function whose body only refuses does not answer a question asking how something is done: it
 * says what the code does not do, in the question's own words. The shape of DUNE's grid module
 * 2.9 (GPL-2.0 with the runtime exception), yaspgrid/structuredyaspgridfactory.hh and
 * utility/structuredgridfactory.hh: YaspGrid's `createSimplexGrid` throws "Simplices are not
 * supported by YaspGrid" through the `DUNE_THROW` macro, above the generic factory's
 * `createSimplexGrid`, which cuts each cube into simplices.
 */
import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { REFUSAL_DEMOTION_FACTOR, REFUSAL_DEMOTION_RULE } from '../ranking';
import { refusalLookup } from './members';
import { at, chunkOrFiller, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const YASP_FACTORY_HH = [
  'namespace Dune {',
  '  template<class ctype, int dim>',
  '  class StructuredGridFactory<YaspGrid<dim> > {',
  '  public:',
  '    /** \\brief Create a structured simplex grid',
  '        \\note Simplices are not supported in YaspGrid, so this functions',
  '              unconditionally throws a GridError.',
  '     */',
  '    static std::unique_ptr<GridType>',
  '    createSimplexGrid(const FieldVector<ctype,dimworld>& lowerLeft,',
  '                      const FieldVector<ctype,dimworld>& upperRight,',
  '                      const std::array<unsigned int,dim>& elements)',
  '    {',
  '      DUNE_THROW(GridError, className<StructuredGridFactory>()',
  '                 << "::createSimplexGrid(): Simplices are not supported "',
  '                 "by YaspGrid.");',
  '    }',
  '  };',
  '}',
  '',
].join('\n');

const FACTORY_HH = [
  'namespace Dune {',
  '  template <class GridType>',
  '  class StructuredGridFactory {',
  '  public:',
  '    static void createSimplexGrid(GridFactory<GridType>& factory,',
  '                                  const FieldVector<ctype,dimworld>& lowerLeft,',
  '                                  const FieldVector<ctype,dimworld>& upperRight,',
  '                                  const std::array<unsigned int,dim>& elements)',
  '    {',
  '      if (factory.comm().rank() == 0) {',
  '        insertVertices(factory, lowerLeft, upperRight, vertices);',
  '        for (FactoryUtilities::MultiIndex<dim> elsIdx(elements); elsIdx.cycle(); ++elsIdx) {',
  '          for (size_t i = 0; i < numSimplices; ++i) {',
  '            std::vector<unsigned int> corners(dim+1);',
  '            factory.insertElement(GeometryTypes::simplex(dim), corners);',
  '          }',
  '        }',
  '      }',
  '    }',
  '',
  '    static void checkSize(int n)',
  '    {',
  '      if (n < 0)',
  '        DUNE_THROW(GridError, "negative size");',
  '      size_ = n;',
  '    }',
  '  };',
  '}',
  '',
].join('\n');

const SOURCE_PY = [
  'class Source:',
  '    def read(self, n):',
  '        """Read n bytes."""',
  "        raise NotImplementedError('subclasses read')",
  '',
  '    def close(self):',
  '        if self.open:',
  "            raise ValueError('open')",
  '        self.open = False',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'yaspgrid/structuredyaspgridfactory.hh', text: YASP_FACTORY_HH },
  { path: 'utility/structuredgridfactory.hh', text: FACTORY_HH },
  { path: 'source.py', text: SOURCE_PY },
];

const corpus = await parsedCorpus(FILES);

const inFile = (path: string, symbol: string) => {
  const chunk = corpus.chunks.find((c) => c.path === path && c.symbol === symbol && c.kind === 'definition');
  if (!chunk) throw new Error(`no ${symbol} in ${path}`);
  return chunk;
};

describe('a function whose body only refuses', () => {
  it('is one throw, raise or throwing macro and nothing else', () => {
    const refuses = refusalLookup(corpus);
    expect(refuses(inFile('yaspgrid/structuredyaspgridfactory.hh', 'createSimplexGrid'))).toBe(true);
    expect(refuses(inFile('source.py', 'read'))).toBe(true);
    expect(refuses(inFile('utility/structuredgridfactory.hh', 'createSimplexGrid'))).toBe(false);
    // A throw under a condition, with work after it, is a check.
    expect(refuses(inFile('utility/structuredgridfactory.hh', 'checkSize'))).toBe(false);
    expect(refuses(inFile('source.py', 'close'))).toBe(false);
  });

  it('"how does StructuredGridFactory cut the cubes into simplices": the refusal falls below the factory that does it', () => {
    const refusal = inFile('yaspgrid/structuredyaspgridfactory.hh', 'createSimplexGrid');
    const worker = inFile('utility/structuredgridfactory.hh', 'createSimplexGrid');
    // The refusal first by meaning on its doc comment's "simplex grid" and by the text of its
    // message, the worker first by structure (DUNE 2.9 put the refusal first, the worker second).
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(0, refusal), at(1, worker)),
      text: at(0, refusal),
      structural: merge(at(0, worker), at(1, refusal)),
    };
    const run = (isRefusal?: (c: (typeof corpus.chunks)[number]) => boolean) =>
      fuse(fusionInput(lists, chunkOrFiller(corpus, 'o', '.hh'), isRefusal ? { isRefusal } : {}));
    expect(run()[0].chunkId).toBe(refusal.id);
    const results = run(refusalLookup(corpus));
    expect(results[0].chunkId).toBe(worker.id);
    const demoted = results.find((r) => r.chunkId === refusal.id);
    expect(demoted?.explanation.demotion).toEqual({ factor: REFUSAL_DEMOTION_FACTOR, rule: REFUSAL_DEMOTION_RULE });
    expect(scoreFromExplanation(demoted!.explanation)).toBeCloseTo(demoted!.score, 12);
  });
});
