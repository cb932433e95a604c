/**
 * A question asking how something is done is answered in the file that speaks its subject; a
 * function of another file may match a few of its words by a hair more. Shapes of Scrapy 2.8
 * (BSD), extensions/throttle.py and downloadermiddlewares/retry.py, with the ranks each list gave
 * their functions in the real set ("how does the automatic throttling work out the new wait
 * between requests from how long the server took to answer", understand_code, default).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { FILE_WORDS_CODE_GAIN } from '../ranking';
import type { Corpus } from '../modality';
import { TextIndex } from '../text/index';
import { fileWordsLookup } from './file-words';
import { memberNameCoverage } from './members';
import { at, chunkOrFiller, merge, centralityForBoost, definitionNamed } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const THROTTLE_PY = [
  'import logging',
  '',
  'from scrapy import signals',
  'from scrapy.exceptions import NotConfigured',
  '',
  '',
  'class AutoThrottle:',
  '    def __init__(self, crawler):',
  '        self.crawler = crawler',
  '        if not crawler.settings.getbool("AUTOTHROTTLE_ENABLED"):',
  '            raise NotConfigured',
  '        self.target_concurrency = crawler.settings.getfloat("AUTOTHROTTLE_TARGET_CONCURRENCY")',
  '        crawler.signals.connect(self._response_downloaded, signal=signals.response_downloaded)',
  '',
  '    def _response_downloaded(self, response, request, spider):',
  '        key, slot = self._get_slot(request, spider)',
  '        latency = request.meta.get("download_latency")',
  '        if latency is None or slot is None:',
  '            return',
  '        self._adjust_delay(slot, latency, response)',
  '',
  '    def _get_slot(self, request, spider):',
  '        key = request.meta.get("download_slot")',
  '        return key, self.crawler.engine.downloader.slots.get(key)',
  '',
  '    def _adjust_delay(self, slot, latency, response):',
  '        """Define delay adjustment policy"""',
  '        # If a server needs `latency` seconds to respond then',
  '        # we should send a request each `latency/N` seconds',
  '        # to have N requests processed in parallel',
  '        target_delay = latency / self.target_concurrency',
  '        new_delay = (slot.delay + target_delay) / 2.0',
  '        new_delay = max(target_delay, new_delay)',
  '        new_delay = min(max(self.mindelay, new_delay), self.maxdelay)',
  '        if response.status != 200 and new_delay <= slot.delay:',
  '            return',
  '        slot.delay = new_delay',
  '',
].join('\n');

const RETRY_PY = [
  'from logging import getLogger',
  '',
  'from scrapy.http.request import Request',
  '',
  'retry_logger = getLogger(__name__)',
  '',
  '',
  'def get_retry_request(request, *, spider, reason="unspecified", max_retry_times=None, logger=retry_logger):',
  '    """',
  '    Returns a new Request object to retry the specified',
  '    request, or None if retries of the specified request have been',
  '    exhausted.',
  '    """',
  '    settings = spider.crawler.settings',
  '    retry_times = request.meta.get("retry_times", 0) + 1',
  '    if max_retry_times is None:',
  '        max_retry_times = settings.getint("RETRY_TIMES")',
  '    if retry_times <= max_retry_times:',
  '        new_request = request.copy()',
  '        new_request.meta["retry_times"] = retry_times',
  '        new_request.dont_filter = True',
  '        return new_request',
  '    logger.error("Gave up retrying %(request)s", {"request": request})',
  '    return None',
  '',
].join('\n');

/** Scrapy's commands/parse.py: a third file that says the question's requests and nothing more of it. */
const PARSE_PY = [
  'class Command:',
  '    def print_requests(self, lvl=None, colour=True):',
  '        if lvl is None:',
  '            requests = self.requests[max(self.requests)] if self.requests else []',
  '        else:',
  '            requests = self.requests.get(lvl, [])',
  '        print("# Requests ", "-" * 65)',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'extensions/throttle.py', text: THROTTLE_PY },
  { path: 'downloadermiddlewares/retry.py', text: RETRY_PY },
  { path: 'commands/parse.py', text: PARSE_PY },
];

const QUESTION =
  'how does the automatic throttling work out the new wait between requests from how long the server took to answer';

let corpus: Corpus;
let text: TextIndex;
beforeAll(async () => {
  corpus = await parsedCorpus(FILES);
  text = TextIndex.build(corpus);
});

const named = (symbol: string) => definitionNamed(corpus, symbol);
const fileWords = (question: string) => fileWordsLookup(corpus, (w) => text.chunksSaying(w), question);

describe('how much of a question a file says', () => {
  it('weighs each word by the files that say it, in any of its forms', () => {
    const share = fileWords(QUESTION);
    // "throttling" meets AutoThrottle's `throttle` and "server" a comment, in throttle.py alone;
    // "new" is said by two files of three, "requests" by all three (it weighs nothing).
    const throttle = share(named('_adjust_delay'));
    const retry = share(named('get_retry_request'));
    const ln = Math.log;
    const total = ln(3) + ln(3) + ln(3 / 2);
    expect(throttle).toBeCloseTo((ln(3) + ln(3) + ln(3 / 2)) / total, 12);
    expect(retry).toBeCloseTo(ln(3 / 2) / total, 12);
    expect(share(named('print_requests'))).toBe(0);
  });

  it('meets a form of the word either way round: "setting" in a file that says `settings`', () => {
    // Only the code's `crawler.settings` says it: 'settings' has the base form "setting".
    const share = fileWords('how is a setting read');
    expect(share(named('_adjust_delay'))).toBe(1);
    expect(share(named('get_retry_request'))).toBe(1);
    expect(share(named('print_requests'))).toBe(0);
  });

  it('is the file’s: every chunk of a file has its share', () => {
    const share = fileWords(QUESTION);
    expect(share(named('_get_slot'))).toBe(share(named('_adjust_delay')));
  });

  it('is 0 for every file when no word of the question tells the files apart', () => {
    const share = fileWords('how are the requests handled');
    expect(share(named('print_requests'))).toBe(0);
    expect(share(named('_adjust_delay'))).toBe(0);
  });
});

describe('a file weighed by how much of a "how" question it says', () => {
  const run = (weighsFileWords: boolean) => {
    const adjust = named('_adjust_delay');
    const retry = named('get_retry_request');
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(4, retry), at(17, adjust)),
      text: merge(at(2, adjust), at(22, retry)),
      structural: at(46, adjust),
    };
    const boosts = new Map([
      [adjust.id, 0.189],
      [retry.id, 0.31],
    ]);
    return fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'o', '.py'), {
        centralityOf: (id) => centralityForBoost(boosts.get(id) ?? 0),
        limit: 100,
        rankContainersByMembers: true,
        nameCoverageOf: memberNameCoverage(QUESTION),
        ...(weighsFileWords ? { fileWordsOf: fileWords(QUESTION) } : {}),
      }),
    ).filter((r) => !r.path.startsWith('o/'));
  };

  it('puts the file that speaks the subject over a function of another that matched by a hair', () => {
    expect(run(false).map((r) => r.symbol)).toEqual(['get_retry_request', '_adjust_delay']);
    const after = run(true);
    expect(after.map((r) => r.symbol)).toEqual(['_adjust_delay', 'get_retry_request']);
    const [throttle, retry] = after;
    expect(throttle.explanation.fileWords?.factor).toBeCloseTo(
      1 + FILE_WORDS_CODE_GAIN * throttle.explanation.fileWords!.share,
      12,
    );
    expect(retry.explanation.fileWords!.share).toBeLessThan(throttle.explanation.fileWords!.share);
    for (const r of after) expect(scoreFromExplanation(r.explanation)).toBeCloseTo(r.score, 12);
  });
});

/**
 * Shapes of Vega 5 (BSD-3-Clause): vega-transforms' Sample.js, the reservoir the question asks
 * about, and vega-statistics' mixture.js, a distribution whose `sample` draws one value, with
 * ranks like those the lists gave them in the real set ("how does vega keep a random sample of
 * rows as new data arrives and old rows are removed", understand_code, default): first by text
 * the reservoir, near the top by meaning the draw. The reservoir's file says the data and the
 * tuples removed besides the random sample, the distribution's the random sample alone, which
 * every file of the three says.
 */
const SAMPLE_JS = [
  "import {Transform, tupleid} from 'vega-dataflow';",
  "import {random} from 'vega-statistics';",
  '',
  '/**',
  ' * Samples tuples passing through this operator.',
  ' * Uses reservoir sampling to maintain a representative sample.',
  ' */',
  'export default function Sample(params) {',
  '  Transform.call(this, [], params);',
  '  this.count = 0;',
  '}',
  '',
  'inherits(Sample, Transform, {',
  '  transform(_, pulse) {',
  '    const out = pulse.fork(pulse.NO_SOURCE),',
  '          num = _.size,',
  '          map = this.value.reduce((m, t) => (m[tupleid(t)] = 1, m), {});',
  '    let res = this.value, cnt = this.count;',
  '    function update(t) {',
  '      if (res.length < num) {',
  '        res.push(t);',
  '      } else {',
  '        const idx = ~~((cnt + 1) * random());',
  '        if (idx < res.length) { out.rem.push(res[idx]); res[idx] = t; }',
  '      }',
  '      ++cnt;',
  '    }',
  '    if (pulse.rem.length) {',
  '      // find all tuples that should be removed, add to output',
  '      pulse.visit(pulse.REM, t => { if (map[tupleid(t)]) { map[tupleid(t)] = -1; out.rem.push(t); } --cnt; });',
  '      // filter removed tuples out of the sample reservoir',
  '      res = res.filter(t => map[tupleid(t)] !== -1);',
  '    }',
  '    // replenish the sample if the backing data source is available',
  '    if (pulse.add.length) pulse.visit(pulse.ADD, update);',
  '    this.count = cnt;',
  '    this.value = out.source = res;',
  '    return out;',
  '  }',
  '});',
  '',
].join('\n');

const MIXTURE_JS = [
  "import {random} from './random';",
  '',
  'export default function(dists, weights) {',
  '  let m = 0, w;',
  '  const dist = {',
  '    sample() {',
  '      const r = random();',
  '      let d = dists[m-1], v = w[0], i = 0;',
  '      // first select distribution',
  '      for (; i<m-1; v += w[++i]) {',
  '        if (r < v) { d = dists[i]; break; }',
  '      }',
  '      // then sample from it',
  '      return d.sample();',
  '    },',
  '  };',
  '  return dist;',
  '}',
  '',
].join('\n');

/** vega-statistics' integer.js: a third file that draws a random sample too. */
const INTEGER_JS = [
  "import {random} from './random';",
  '',
  'export default function(min, max) {',
  '  const dist = {',
  '    sample() {',
  '      return min + Math.floor(random() * (max - min));',
  '    },',
  '  };',
  '  return dist;',
  '}',
  '',
].join('\n');

describe('a file that says more of a "how" question passes one the lists put a fifth ahead', () => {
  const question = 'how does vega keep a random sample of rows as new data arrives and old rows are removed';
  let vega: Corpus;
  let vegaText: TextIndex;
  beforeAll(async () => {
    vega = await parsedCorpus([
      { path: 'vega-transforms/src/Sample.js', text: SAMPLE_JS },
      { path: 'vega-statistics/src/mixture.js', text: MIXTURE_JS },
      { path: 'vega-statistics/src/integer.js', text: INTEGER_JS },
    ]);
    vegaText = TextIndex.build(vega);
  });

  const run = (weighsFileWords: boolean) => {
    const reservoir = definitionNamed(vega, 'transform');
    const draw = vega.chunks.find((c) => c.symbol?.endsWith('sample') && c.path.endsWith('mixture.js'))!;
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(3, draw), at(22, reservoir)),
      text: merge(at(0, reservoir), at(10, draw)),
      structural: merge(at(18, draw), at(42, reservoir)),
    };
    return fuse(
      fusionInput(lists, chunkOrFiller(vega, 'o', '.js'), {
        limit: 100,
        ...(weighsFileWords ? { fileWordsOf: fileWordsLookup(vega, (w) => vegaText.chunksSaying(w), question) } : {}),
      }),
    ).filter((r) => !r.path.startsWith('o/'));
  };

  it('puts the reservoir over the distribution’s one draw', () => {
    const before = run(false).map((r) => r.path);
    expect(before.slice(0, 2)).toEqual(['vega-statistics/src/mixture.js', 'vega-transforms/src/Sample.js']);
    const after = run(true);
    expect(after.slice(0, 2).map((r) => r.path)).toEqual([
      'vega-transforms/src/Sample.js',
      'vega-statistics/src/mixture.js',
    ]);
    const [reservoir, draw] = after;
    expect(draw.explanation.fileWords!.share).toBeLessThan(reservoir.explanation.fileWords!.share);
    for (const r of after) expect(scoreFromExplanation(r.explanation)).toBeCloseTo(r.score, 12);
  });
});
