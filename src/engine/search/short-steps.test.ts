/**
 * A C or C++ function of a line or two that hands its call on to nothing is a step and not the
 * work: on a question asking how, its centrality counts nothing for the importance boost. The shapes of PCL
 * 1.13 (BSD-3-Clause), registration/registration.h and sample_consensus/impl/ransac.hpp: a setter
 * of one line that every registration calls, beside the RANSAC loop that works out how many
 * iterations it needs; and of libosmium 2.18 (BSL-1.0), osm/timestamp.hpp: a constructor of one
 * line that hands the string it is given on to `detail::parse_timestamp`, which parses it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult, SourceFile } from '../contract';
import type { Engine } from '../engine';
import type { Corpus } from '../modality';
import { definitionNamed } from '../../../test/support/ranked-lists';
import { corpusOf, engineOver } from '../../../test/support/engine';
import { shortStepLookup } from './members';

const REGISTRATION_H = [
  'namespace pcl {',
  '  template <typename PointSource, typename PointTarget, typename Scalar = float>',
  '  class Registration {',
  '  public:',
  '    /** \\brief Set the number of iterations RANSAC should run for.',
  '      * \\param[in] ransac_iterations is the number of iterations RANSAC should run for',
  '      */',
  '    inline void',
  '    setRANSACIterations(int ransac_iterations)',
  '    {',
  '      ransac_iterations_ = ransac_iterations;',
  '    }',
  '',
  '  protected:',
  '    int ransac_iterations_;',
  '  };',
  '}',
  '',
].join('\n');

const RANSAC_HPP = [
  'template <typename PointT> bool',
  'pcl::RandomSampleConsensus<PointT>::computeModel(int)',
  '{',
  '  iterations_ = 0;',
  '  std::size_t n_best_inliers_count = 0;',
  '  double k = std::numeric_limits<double>::max();',
  '  const double log_probability = std::log(1.0 - probability_);',
  '  while (iterations_ < k)',
  '  {',
  '    std::size_t n_inliers_count = sac_model_->countWithinDistance(model_coefficients, threshold_);',
  '    if (n_inliers_count > n_best_inliers_count)',
  '    {',
  '      n_best_inliers_count = n_inliers_count;',
  '      // Compute the k parameter (k=std::log(z)/std::log(1-w^n))',
  '      const double w = static_cast<double>(n_best_inliers_count) * one_over_indices;',
  '      double p_outliers = 1.0 - std::pow(w, static_cast<double>(selection.size()));',
  '      k = log_probability / std::log(p_outliers);',
  '    }',
  '    ++iterations_;',
  '  }',
  '  return true;',
  '}',
  '',
].join('\n');

const ICP_HPP = [
  'template <typename PointSource, typename PointTarget, typename Scalar> void',
  'pcl::IterativeClosestPoint<PointSource, PointTarget, Scalar>::setUp()',
  '{',
  '  setRANSACIterations(0);',
  '  reg.setRANSACIterations(max_iterations_);',
  '}',
  '',
].join('\n');

const TIMESTAMP_HPP = [
  'namespace osmium {',
  '  namespace detail {',
  '    inline time_t parse_timestamp(const char* str) {',
  "      if (str[4] != '-' || str[7] != '-' || str[10] != 'T') {",
  '        throw std::invalid_argument{"can not parse timestamp"};',
  '      }',
  '      int year = 0;',
  '      for (int i = 0; i < 4; ++i) {',
  "        year = year * 10 + (str[i] - '0');",
  '      }',
  '      return static_cast<time_t>(year);',
  '    }',
  '  } // namespace detail',
  '',
  '  class Timestamp {',
  '    uint32_t m_timestamp = 0;',
  '  public:',
  '    explicit Timestamp(const char* timestamp) {',
  '      m_timestamp = static_cast<uint32_t>(detail::parse_timestamp(timestamp));',
  '    }',
  '  };',
  '}',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'registration/registration.h', text: REGISTRATION_H },
  { path: 'sample_consensus/impl/ransac.hpp', text: RANSAC_HPP },
  { path: 'registration/impl/icp.hpp', text: ICP_HPP },
  { path: 'osmium/osm/timestamp.hpp', text: TIMESTAMP_HPP },
  {
    path: 'registration.py',
    text: [
      'class Registration:',
      '    def set_ransac_iterations(self, n):',
      '        self.ransac_iterations = n',
      '',
    ].join('\n'),
  },
];

let engine: Engine;
let corpus: Corpus;
beforeAll(async () => {
  engine = await engineOver(FILES);
  corpus = corpusOf(engine);
});

describe('a short body that hands its call on to nothing', () => {
  it('is a step: a setter of one line; not a constructor that hands its argument on, nor a body that works', () => {
    const step = shortStepLookup(corpus);
    expect(step(definitionNamed(corpus, 'setRANSACIterations'))).toBe(true);
    // Only in C and C++: elsewhere a function of a line or two was as often the answer itself.
    expect(step(definitionNamed(corpus, 'set_ransac_iterations'))).toBe(false);
    // The constructor's one line hands the string on to its file's `detail::parse_timestamp`.
    expect(step(definitionNamed(corpus, 'Timestamp'))).toBe(false);
    expect(step(definitionNamed(corpus, 'parse_timestamp'))).toBe(false);
    expect(step(corpus.chunks.find((c) => c.symbol?.endsWith('computeModel') && c.kind === 'definition')!)).toBe(false);
  });

  it('takes no importance boost on a question asking how, where the body that works keeps its own', async () => {
    const response = await engine.search('how does RANSAC work out how many iterations it needs', {
      intent: 'understand_code',
      limit: 50,
    });
    const all = response.results.flatMap((r): SearchResult[] => [r, ...((r.subResults ?? []) as SearchResult[])]);
    const setter = all.find((r) => r.symbol === 'setRANSACIterations');
    // Called twice by `setUp`, the setter is the fixture's hub (centrality 1.67 without the rule).
    expect(setter?.explanation).toMatchObject({ centrality: 0, boost: 1 });
    const loop = all.find((r) => r.symbol?.endsWith('computeModel'));
    expect(loop?.explanation.centrality).toBeGreaterThan(0);
    expect(loop?.explanation.boost).toBeGreaterThan(1);
  });
});
