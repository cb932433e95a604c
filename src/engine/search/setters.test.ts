/**
 * A setter does not stand for its file on a question about behaviour. The shape of hyper 0.14
 * (MIT), client/client.rs: the builder option `retry_canceled_requests` only stores a flag, but
 * its doc comment ("retry requests that get disrupted … an idle, reused connection") is the
 * question's words, so it was shown for the file where `map_with_reused`, which marks a canceled
 * request as retryable, fused as a strong member too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { RRF_K, WEIGHTS } from '../ranking';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import type { Corpus } from '../modality';
import { memberNameCoverage, setterLookup } from './members';
import { at, fillerChunk, merge } from '../../../test/support/ranked-lists';

const CLIENT_RS = [
  'impl<B> ClientError<B> {',
  '    fn map_with_reused(conn_reused: bool) -> impl Fn((crate::Error, Option<Request<B>>)) -> Self {',
  '        move |(err, orig_req)| {',
  '            if let Some(req) = orig_req {',
  '                ClientError::Canceled {',
  '                    connection_reused: conn_reused,',
  '                    reason: err,',
  '                    req,',
  '                }',
  '            } else {',
  '                ClientError::Normal(err)',
  '            }',
  '        }',
  '    }',
  '}',
  '',
  'impl Builder {',
  '    /// Set whether to retry requests that get disrupted before ever starting',
  '    /// to write.',
  '    ///',
  '    /// This means a request that is queued, and gets given an idle, reused',
  '    /// connection, and then encounters an error immediately as the idle',
  '    /// connection was found to be unusable.',
  '    #[inline]',
  '    pub fn retry_canceled_requests(&mut self, val: bool) -> &mut Self {',
  '        self.client_config.retry_canceled_requests = val;',
  '        self',
  '    }',
  '',
  '    /// Set whether to automatically add the `Host` header to requests.',
  '    #[inline]',
  '    pub fn set_host(&mut self, val: bool) -> &mut Self {',
  '        if val {',
  '            self.client_config.set_host = val;',
  '        }',
  '        self',
  '    }',
  '',
  '    pub fn pool_timer(&mut self, timer: Timer) -> &mut Self {',
  '        self.pool_config.timer = Some(timer.clone());',
  '        self',
  '    }',
  '}',
  '',
].join('\n');

const OPTIONS_PHP = [
  '<?php',
  'class SFTP',
  '{',
  '    public function setPreserveTime($value)',
  '    {',
  '        $this->preserveTime = $value;',
  '        return $this;',
  '    }',
  '}',
  '',
].join('\n');

const CONFIG_PY = [
  'class Transport:',
  '    def set_keepalive(self, interval):',
  '        self.packetizer.keepalive_interval = interval',
  '',
  '    def set_log_channel(self, name):',
  '        self.log_name = name',
  '        self.logger = util.get_logger(name)',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'client/client.rs', text: CLIENT_RS },
  { path: 'Net/SFTP.php', text: OPTIONS_PHP },
  { path: 'transport.py', text: CONFIG_PY },
];

let corpus: Corpus;
beforeAll(async () => {
  corpus = buildCorpus(FILES, await StructuralAnalyzer.create(nodeGrammars));
});

const named = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol && c.kind === 'definition')!;

describe('a setter, on a question about behaviour', () => {
  it('gives its file to another strong member, the function that does the work', () => {
    const setter = named('retry_canceled_requests');
    const worker = named('map_with_reused');
    // The ranks each modality gave both in hyper 0.14 (understand_code, default preset) and
    // their boosts (1.12 and 1.13).
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(1, setter), at(12, worker)),
      text: merge(at(1, setter), at(3, worker)),
      structural: merge(at(0, setter), at(4, worker)),
    };
    const boosts = new Map([
      [setter.id, 0.12],
      [worker.id, 0.13],
    ]);
    const question = 'how does hyper retry a request that got canceled because the reused connection closed';
    const run = (isSetter?: (c: Chunk) => boolean) =>
      fuse({
        lists,
        weights: WEIGHTS.understand_code,
        k: RRF_K.default,
        strategy: 'fused',
        centralityOf: (id) => Math.exp((boosts.get(id) ?? 0) / 0.3) - 1,
        chunkOf: (id) => corpus.chunks[id] ?? fillerChunk(id, 'o', '.rs'),
        limit: 10,
        rankContainersByMembers: true,
        nameCoverageOf: memberNameCoverage(question),
        ...(isSetter ? { isSetter } : {}),
      }).filter((r) => r.path === 'client/client.rs');
    expect(run()[0].symbol).toBe('retry_canceled_requests');
    const [shown] = run(setterLookup(corpus));
    expect(shown.symbol).toBe('map_with_reused');
    expect(shown.explanation.member).toMatchObject({
      rule: 'setter-gives-way',
      over: { symbol: 'retry_canceled_requests' },
    });
    expect(shown.subResults?.map((s) => s.symbol)).toContain('retry_canceled_requests');
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });

  it('is a short function that calls nothing and only stores values in fields', () => {
    const setter = setterLookup(corpus);
    expect(setter(named('retry_canceled_requests'))).toBe(true);
    expect(setter(named('setPreserveTime'))).toBe(true);
    expect(setter(named('set_keepalive'))).toBe(true);
    // A condition, a call, or work of its own: no setter.
    expect(setter(named('set_host'))).toBe(false);
    expect(setter(named('pool_timer'))).toBe(false);
    expect(setter(named('set_log_channel'))).toBe(false);
    expect(setter(named('map_with_reused'))).toBe(false);
  });
});
