/**
 * A setter does not stand for its file on a question about behaviour. The shape of hyper 0.14
 * (MIT), client/client.rs: the builder option `retry_canceled_requests` only stores a flag, but
 * its doc comment ("retry requests that get disrupted … an idle, reused connection") is the
 * question's words, so it was shown for the file where `map_with_reused`, which marks a canceled
 * request as retryable, fused as a strong member too.
 */
import { describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { memberNameCoverage, saysSet, setterLookup } from './members';
import { at, chunkOrFiller, merge, definitionNamed } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

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

/** rustls 0.21 (Apache-2.0/MIT/ISC), msgs/fragmenter.rs: a setter by name that validates what it stores. */
const FRAGMENTER_RS = [
  'impl MessageFragmenter {',
  '    /// Take the Message `msg` and re-fragment it into new',
  '    /// messages whose fragment is no more than max_frag.',
  "    pub fn fragment_message<'a>(",
  '        &self,',
  "        msg: &'a PlainMessage,",
  "    ) -> impl Iterator<Item = BorrowedPlainMessage<'a>> + 'a {",
  '        self.fragment_slice(msg.typ, msg.version, &msg.payload.0)',
  '    }',
  '',
  '    /// Set the maximum fragment size that will be produced.',
  '    pub fn set_max_fragment_size(&mut self, max_fragment_size: Option<usize>) -> Result<(), Error> {',
  '        self.max_frag = match max_fragment_size {',
  '            Some(sz @ 32..=MAX_FRAGMENT_SIZE) => sz - PACKET_OVERHEAD,',
  '            None => MAX_FRAGMENT_LEN,',
  '            _ => return Err(Error::BadMaxFragmentSize),',
  '        };',
  '        Ok(())',
  '    }',
  '}',
  '',
].join('\n');

/** apfs (GPL-2.0), object.c: C names the object before the verb. */
const OBJECT_C = [
  'int apfs_obj_verify_csum(struct super_block *sb, struct buffer_head *bh)',
  '{',
  '	struct apfs_obj_phys *obj = (struct apfs_obj_phys *)bh->b_data;',
  '	return  (le64_to_cpu(obj->o_cksum) ==',
  '		 apfs_fletcher64((char *) obj + APFS_MAX_CKSUM_SIZE,',
  '				 sb->s_blocksize - APFS_MAX_CKSUM_SIZE));',
  '}',
  '',
  'void apfs_obj_set_csum(struct super_block *sb, struct apfs_obj_phys *obj)',
  '{',
  '	u64 cksum = apfs_fletcher64((char *)obj + APFS_MAX_CKSUM_SIZE,',
  '				    sb->s_blocksize - APFS_MAX_CKSUM_SIZE);',
  '	obj->o_cksum = cpu_to_le64(cksum);',
  '}',
  '',
  'static void apfs_reset_cache(struct apfs_cache *c)',
  '{',
  '	memset(c->slots, 0, sizeof(c->slots));',
  '	c->count = 0;',
  '}',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'client/client.rs', text: CLIENT_RS },
  { path: 'msgs/fragmenter.rs', text: FRAGMENTER_RS },
  { path: 'object.c', text: OBJECT_C },
  { path: 'Net/SFTP.php', text: OPTIONS_PHP },
  { path: 'transport.py', text: CONFIG_PY },
];

const corpus = await parsedCorpus(FILES);

const named = (symbol: string) => definitionNamed(corpus, symbol);

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
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.rs'), {
          centralityOf: (id) => Math.exp((boosts.get(id) ?? 0) / 0.3) - 1,
          rankContainersByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          ...(isSetter ? { isSetter } : {}),
        }),
      ).filter((r) => r.path === 'client/client.rs');
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
    // A condition, a call, or work of its own, and no "set" in the name: no setter.
    expect(setter(named('pool_timer'))).toBe(false);
    expect(setter(named('map_with_reused'))).toBe(false);
  });

  it('reads a qualified symbol by its own name, as its signature writes it (the short-body reader’s one reading)', () => {
    const setter = setterLookup(corpus);
    // `Builder::retry_canceled_requests` is written `pub fn retry_canceled_requests(` on its line.
    expect(setter({ ...named('retry_canceled_requests'), symbol: 'Builder::retry_canceled_requests' })).toBe(true);
    expect(setter({ ...named('set_host'), symbol: 'Builder.set_host' })).toBe(true);
    expect(setter({ ...named('map_with_reused'), symbol: 'ClientError::map_with_reused' })).toBe(false);
  });

  it('or a short function named as one that stores a field, whatever it checks or computes on the way', () => {
    const setter = setterLookup(corpus);
    expect(setter(named('set_host'))).toBe(true);
    expect(setter(named('set_log_channel'))).toBe(true);
    expect(setter(named('set_max_fragment_size'))).toBe(true);
    // C: "set" after the object's words (`apfs_obj_set_csum`), not inside another word (`reset`).
    expect(setter(named('apfs_obj_set_csum'))).toBe(true);
    expect(setter(named('apfs_reset_cache'))).toBe(false);
    expect(setter(named('apfs_obj_verify_csum'))).toBe(false);
    expect(setter(named('fragment_message'))).toBe(false);
  });

  it('"how is an outgoing message split into records no bigger than the maximum fragment size": rustls\' fragmenter.rs is shown by fragment_message', () => {
    const setter = named('set_max_fragment_size');
    const worker = named('fragment_message');
    // The ranks and boosts rustls 0.21 gave both (understand_code, default preset).
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(0, setter), at(7, worker)),
      text: merge(at(3, setter), at(6, worker)),
      structural: merge(at(0, setter), at(2, worker)),
    };
    const centrality = new Map([
      [setter.id, 0.7],
      [worker.id, 1.22],
    ]);
    const question = 'how is an outgoing message split into records no bigger than the maximum fragment size';
    const run = (isSetter?: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.rs'), {
          centralityOf: (id) => centrality.get(id) ?? 0,
          rankContainersByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          ...(isSetter ? { isSetter } : {}),
        }),
      ).filter((r) => r.path === 'msgs/fragmenter.rs');
    expect(run()[0].symbol).toBe('set_max_fragment_size');
    const [shown] = run(setterLookup(corpus));
    expect(shown.symbol).toBe('fragment_message');
    expect(shown.explanation.member?.rule).toBe('setter-gives-way');
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });

  it('is what a question that says "set" asks for', () => {
    expect(saysSet('how is the maximum fragment size set')).toBe(true);
    expect(saysSet('how does crypt choose the hashing method from the setting string')).toBe(false);
  });
});
