/**
 * A constructor that gives way on a question asking how gives its place to the function of its
 * file it passes its own argument to (search/members.ts argumentTakerLookup, fuse.ts
 * argumentTakerIn). The shape of libosmium 2.x (BSL-1.0), osmium/thread/pool.hpp: "how does the
 * thread pool decide how many threads to use" came to `Pool`'s constructor, whose doc comment says
 * so, and its place went to `worker_thread`, closer by meaning; `Pool` hands `num_threads` to
 * `detail::get_pool_size`, which works the number out.
 */
import { describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { argumentTakerLookup, constructorLookup, delegateLookup, memberNameCoverage, shortBodyLookup } from './members';
import { parameterNames } from '../structural/arity';
import { at, chunkOrFiller, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const POOL_HPP = [
  'namespace osmium {',
  '    namespace thread {',
  '        namespace detail {',
  '            inline int get_pool_size(int num_threads, int user_setting, unsigned hardware_concurrency) {',
  '                if (num_threads == 0) {',
  '                    num_threads = user_setting ? user_setting : -2;',
  '                }',
  '                if (num_threads < 0) {',
  '                    num_threads += int(hardware_concurrency);',
  '                }',
  '                if (num_threads < 1) {',
  '                    num_threads = 1;',
  '                }',
  '                return num_threads;',
  '            }',
  '',
  '            inline std::size_t get_work_queue_size() {',
  '                const std::size_t n = osmium::config::get_max_queue_size("WORK", 10);',
  '                return n > 2 ? n : 2;',
  '            }',
  '        } // namespace detail',
  '',
  '        class Pool {',
  '            void worker_thread() {',
  '                osmium::thread::set_thread_name("_osmium_worker");',
  '                while (true) {',
  '                    function_wrapper task;',
  '                    m_work_queue.wait_and_pop(task);',
  '                    if (task && task()) {',
  '                        return;',
  '                    }',
  '                }',
  '            }',
  '',
  '        public:',
  '            /**',
  '             * Create thread pool with the given number of threads. If',
  '             * num_threads is 0, the number of threads is read from',
  '             * the environment variable OSMIUM_POOL_THREADS.',
  '             */',
  '            explicit Pool(int num_threads = default_num_threads, std::size_t max_queue_size = 0) :',
  '                m_work_queue(max_queue_size > 0 ? max_queue_size : detail::get_work_queue_size(), "work"),',
  '                m_num_threads(detail::get_pool_size(num_threads, osmium::config::get_pool_threads(), std::thread::hardware_concurrency())) {',
  '                try {',
  '                    for (int i = 0; i < m_num_threads; ++i) {',
  '                        m_threads.emplace_back(&Pool::worker_thread, this);',
  '                    }',
  '                } catch (...) {',
  '                    shutdown_all_workers();',
  '                    throw;',
  '                }',
  '            }',
  '',
  '            void shutdown_all_workers() {',
  '                for (int i = 0; i < m_num_threads; ++i) {',
  '                    submit([] { return true; });',
  '                }',
  '            }',
  '        };',
  '    }',
  '}',
  '',
].join('\n');

/** The same constructor handing its argument to two functions of its file: neither is the one. */
const TWO_PY = [
  'class Pool:',
  '    def __init__(self, size, name=None):',
  '        self.size = clamp(size)',
  '        self.name = label(name, size)',
  '',
  'def clamp(n):',
  '    return max(1, min(n, 32))',
  '',
  'def label(name, n):',
  '    return name or "pool-%d" % n',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'osmium/thread/pool.hpp', text: POOL_HPP },
  { path: 'pool.py', text: TWO_PY },
];

const corpus = await parsedCorpus(FILES);

const inFile = (path: string, symbol: string): Chunk => {
  const chunk = corpus.chunks.find(
    (c) => c.path === path && c.symbol === symbol && (c.definitionKind === 'function' || c.definitionKind === 'method'),
  );
  if (!chunk) throw new Error(`no ${symbol} in ${path}`);
  return chunk;
};

describe('a constructor gives its place to the function it passes its argument to', () => {
  it('reads parameter names with the type before or after them, defaults and receivers left out', () => {
    expect(parameterNames('Pool', 'explicit Pool(int num_threads = 4, std::size_t max_queue_size = 0) :')).toEqual([
      'num_threads',
      'max_queue_size',
    ]);
    expect(parameterNames('__init__', 'def __init__(self, size: int, name=None):')).toEqual(['size', 'name']);
    expect(parameterNames('new', 'pub fn new(mut n: u64) -> Self {')).toEqual(['n']);
    expect(parameterNames('NewPool', 'func NewPool(size int, name string) *Pool {', false)).toEqual(['size', 'name']);
    expect(parameterNames('__construct', 'public function __construct(private int $size) {')).toEqual(['$size']);
  });

  it('finds the one function of the file given the argument, and none when two are', () => {
    const takerOf = argumentTakerLookup(corpus);
    expect(takerOf(inFile('osmium/thread/pool.hpp', 'Pool'))).toBe(
      inFile('osmium/thread/pool.hpp', 'get_pool_size').id,
    );
    expect(takerOf(inFile('pool.py', '__init__'))).toBeUndefined();
  });

  it('"how does the thread pool decide how many threads to use": pool.hpp is shown by get_pool_size', () => {
    const path = 'osmium/thread/pool.hpp';
    const ctor = inFile(path, 'Pool');
    const worker = inFile(path, 'worker_thread');
    const size = inFile(path, 'get_pool_size');
    // Ranks of libosmium's shape: the constructor first by its name and doc comment, the worker
    // closer by meaning than `get_pool_size`, which fused within the strong share.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(merge(at(2, ctor), at(3, worker)), at(4, size)),
      text: merge(merge(at(0, ctor), at(2, worker)), at(3, size)),
      structural: merge(merge(at(0, ctor), at(1, worker)), at(4, size)),
    };
    const question = 'how does the thread pool decide how many threads to use';
    const run = (argumentTakerOf?: (c: Chunk) => number | undefined) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.hpp'), {
          limit: 100,
          nameCoverageOf: memberNameCoverage(question),
          delegateOf: delegateLookup(corpus, true),
          isShortBody: shortBodyLookup(corpus),
          isConstructor: constructorLookup(corpus),
          constructorHandsToItsClass: true,
          closerMembersWhateverBoost: true,
          textBreaksMemberTies: true,
          ...(argumentTakerOf ? { argumentTakerOf } : {}),
        }),
      ).filter((r) => r.path === path);
    const before = run();
    expect(before[0].symbol).toBe('worker_thread');
    expect(before[0].explanation.member).toMatchObject({ over: { symbol: 'Pool' } });
    const [shown] = run(argumentTakerLookup(corpus));
    expect(shown.symbol).toBe('get_pool_size');
    expect(shown.explanation.member).toMatchObject({ rule: 'constructor-gives-way', over: { symbol: 'Pool' } });
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});
