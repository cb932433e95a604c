/**
 * A constructor does not stand for its file on a question about what the object does, and a Go
 * method's calls on its own receiver are calls on its object. The shape of gopacket 1.1
 * (BSD-3-Clause), ip4defrag/defrag.go: "how does the IPv4 defragmenter put the fragments back
 * together into one packet" came to `NewIPv4Defragmenter`, which makes an empty map, while
 * `DefragIPv4` only hands its call on to `d.DefragIPv4WithTimestamp(in, time.Now())`, which
 * does the work.
 */
import { describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import {
  asksHowMade,
  calleesLookup,
  classBuiltLookup,
  constructorLookup,
  delegateLookup,
  memberNameCoverage,
  shortBodyLookup,
} from './members';
import { at, chunkOrFiller, merge, definitionNamed } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const DEFRAG_GO = [
  'package ip4defrag',
  '',
  '// DefragIPv4 takes in an IPv4 packet with a fragment payload.',
  'func (d *IPv4Defragmenter) DefragIPv4(in *layers.IPv4) (*layers.IPv4, error) {',
  '	return d.DefragIPv4WithTimestamp(in, time.Now())',
  '}',
  '',
  '// DefragIPv4WithTimestamp provides functionality of DefragIPv4 with',
  '// an additional timestamp parameter which is used for discarding',
  '// old fragments instead of time.Now()',
  'func (d *IPv4Defragmenter) DefragIPv4WithTimestamp(in *layers.IPv4, t time.Time) (*layers.IPv4, error) {',
  '	// check if we need to defrag',
  '	if st := d.dontDefrag(in); st == true {',
  '		return in, nil',
  '	}',
  '	if err := d.securityChecks(in); err != nil {',
  '		return nil, err',
  '	}',
  '	fl := d.ipFlows[ipv4{in.SrcIP.String(), in.DstIP.String(), in.Id}]',
  '	out, err := fl.insert(in, t)',
  '	return out, err',
  '}',
  '',
  'func (d *IPv4Defragmenter) dontDefrag(ip *layers.IPv4) bool {',
  '	return ip.Flags&layers.IPv4DontFragment != 0',
  '}',
  '',
  'func (d *IPv4Defragmenter) securityChecks(ip *layers.IPv4) error {',
  '	if ip.FragOffset*8 > IPv4MaximumFragmentOffset {',
  '		return errors.New("defrag: fragment offset too big")',
  '	}',
  '	return nil',
  '}',
  '',
  '// IPv4Defragmenter is a struct which embedded a map of',
  '// all fragment/packet.',
  'type IPv4Defragmenter struct {',
  '	sync.RWMutex',
  '	ipFlows map[ipv4]*fragmentList',
  '}',
  '',
  '// NewIPv4Defragmenter returns a new IPv4Defragmenter',
  '// with an initialized map.',
  'func NewIPv4Defragmenter() *IPv4Defragmenter {',
  '	return &IPv4Defragmenter{',
  '		ipFlows: make(map[ipv4]*fragmentList),',
  '	}',
  '}',
  '',
].join('\n');

const SESSION_PY = [
  'class Session:',
  '    def __init__(self, url):',
  '        self.url = url',
  '',
  '    def send(self, request):',
  '        return self.adapter.send(request)',
  '',
].join('\n');

const STREAM_PHP = [
  '<?php',
  'class Stream',
  '{',
  '    public function __construct($path)',
  '    {',
  '        $this->path = $path;',
  '    }',
  '',
  '    public function Stream()',
  '    {',
  '        return null;',
  '    }',
  '}',
  '',
].join('\n');

/**
 * rustix 0.35 (Apache-2.0 OR MIT), backend/linux_raw/param/auxv.rs: `init_from_proc_self_auxv`
 * opens the file and ends by handing it to `init_from_auxv_file`, which reads it in a loop and
 * ends by handing the buffer to `init_from_auxp`.
 */
const AUXV_RS = [
  '/// On non-Mustang platforms, we read the aux vector from /proc/self/auxv.',
  'fn init_from_proc_self_auxv() {',
  '    // Open "/proc/self/auxv", either because we trust "/proc", or because',
  "    // we're running inside QEMU.",
  '    let file = crate::fs::openat(',
  '        crate::fs::cwd(),',
  '        "/proc/self/auxv",',
  '        OFlags::empty(),',
  '        Mode::empty(),',
  '    )',
  '    .unwrap();',
  '',
  '    let _ = init_from_auxv_file(file);',
  '}',
  '',
  '/// Process auxv entries from the open file `auxv`.',
  'fn init_from_auxv_file(auxv: OwnedFd) -> Option<()> {',
  '    let mut buffer = Vec::<u8>::with_capacity(512);',
  '    loop {',
  '        let cur = buffer.len();',
  '        buffer.resize(buffer.capacity(), 0);',
  '        let n = match crate::io::read(&auxv, &mut buffer[cur..]) {',
  '            Ok(0) => break,',
  '            Ok(n) => n,',
  '            Err(_err) => panic!(),',
  '        };',
  '        buffer.resize(cur + n, 0_u8);',
  '    }',
  '    unsafe { init_from_auxp(buffer.as_ptr().cast()) }',
  '}',
  '',
  '/// Process auxv entries from the auxv array pointed to by `auxp`.',
  'unsafe fn init_from_auxp(mut auxp: *const Elf_auxv_t) -> Option<()> {',
  '    let a = read(auxp);',
  '    Some(())',
  '}',
  '',
].join('\n');

/** The shape of vega-transforms/src/Bin.js (vega 5.22, BSD-3-Clause): an ES5 constructor and its methods. */
const BIN_JS = [
  '/**',
  ' * Generates a binning function for discretizing data.',
  ' * @constructor',
  ' */',
  'export default function Bin(params) {',
  '  Transform.call(this, null, params);',
  '}',
  '',
  'inherits(Bin, Transform, {',
  '  transform(_, pulse) {',
  '    const band = this._bins(_);',
  '    return pulse.modifies(band);',
  '  },',
  '});',
  '',
  'export function binStep(extent, maxbins) {',
  '  return (extent[1] - extent[0]) / maxbins;',
  '}',
  '',
].join('\n');

// The shape of vega-view-transforms 4.x (BSD-3-Clause), src/Overlap.js: an ES5 constructor of one
// line whose doc comment says what the transform does, short helpers, and the method doing it.
const OVERLAP_JS = [
  "import {Transform} from 'vega-dataflow';",
  "import {inherits, peek} from 'vega-util';",
  '',
  '/**',
  ' * Analyze items for overlap, changing opacity to hide items with',
  ' * overlapping bounding boxes. This transform will preserve at least',
  ' * two items (e.g., first and last) even if overlap persists.',
  ' * @constructor',
  ' */',
  'export default function Overlap(params) {',
  '  Transform.call(this, null, params);',
  '}',
  '',
  'const intersect = (a, b, sep) =>',
  '  sep > Math.max(b.x1 - a.x2, a.x1 - b.x2, b.y1 - a.y2, a.y1 - b.y2);',
  '',
  'const hasOverlap = (items, pad) => {',
  '  for (var i=1, n=items.length, a=items[0].bounds, b; i<n; a=b, ++i) {',
  '    if (intersect(a, b = items[i].bounds, pad)) return true;',
  '  }',
  '};',
  '',
  'inherits(Overlap, Transform, {',
  '  transform(_, pulse) {',
  '    const reduce = methods[_.method] || methods.parity,',
  '          sep = _.separation || 0;',
  '    let source = pulse.materialize(pulse.SOURCE).source, items;',
  '    if (!source || !source.length) return;',
  '    source = source.filter(hasBounds);',
  '    items = reset(source);',
  '    if (items.length >= 3 && hasOverlap(items, sep)) {',
  '      do {',
  '        items = reduce(items, sep);',
  '      } while (items.length >= 3 && hasOverlap(items, sep));',
  '      if (items.length < 3 && !peek(source).opacity) {',
  '        if (items.length > 1) peek(items).opacity = 0;',
  '        peek(source).opacity = 1;',
  '      }',
  '    }',
  "    return pulse.reflow(_.modified()).modifies('opacity');",
  '  }',
  '});',
  '',
].join('\n');

/** The shape of stylus 0.54 (MIT), lib/cache/memory.js: a CommonJS constructor named twice on one line. */
const MEMORY_JS = [
  "var crypto = require('crypto');",
  '',
  'var MemoryCache = module.exports = function(options) {',
  '  options = options || {};',
  "  this.limit = options['cache limit'] || 256;",
  '  this._cache = {};',
  '  this.length = 0;',
  '  this.head = this.tail = null;',
  '};',
  '',
  'MemoryCache.prototype.has = function(key) {',
  '  return !!this._cache[key];',
  '};',
  '',
  'MemoryCache.prototype.purge = function() {',
  '  var item = this.head;',
  '  if (this.head.next) {',
  '    this.head = this.head.next;',
  '    this.head.prev = null;',
  '  }',
  '  this._cache[item.key] = item.prev = item.next = null;',
  '  this.length--;',
  '};',
  '',
].join('\n');

/**
 * The shape of chroma 0.10 (MIT), delegate.go: a Go constructor not named `New…`, which only fills
 * a struct of its file; the doc comment on it says what the struct's `Tokenise` does.
 */
const DELEGATE_GO = [
  'package chroma',
  '',
  'type delegatingLexer struct {',
  '	root     Lexer',
  '	language Lexer',
  '}',
  '',
  '// DelegatingLexer combines two lexers to handle the common case of a language embedded inside another.',
  'func DelegatingLexer(root Lexer, language Lexer) Lexer {',
  '	return &delegatingLexer{',
  '		root:     root,',
  '		language: language,',
  '	}',
  '}',
  '',
  'func (d *delegatingLexer) Config() *Config {',
  '	return d.language.Config()',
  '}',
  '',
  'func (d *delegatingLexer) Tokenise(options *TokeniseOptions, text string) (Iterator, error) {',
  '	tokens, err := Tokenise(Coalesce(d.language), options, text)',
  '	if err != nil {',
  '		return nil, err',
  '	}',
  '	others := []Token{}',
  '	for _, t := range tokens {',
  '		if t.Type == Other {',
  '			others = append(others, t)',
  '		}',
  '	}',
  '	return d.root.Tokenise(options, joined(others))',
  '}',
  '',
  'func Wrapped(root Lexer) Lexer {',
  '	l := &delegatingLexer{root: root}',
  '	return l',
  '}',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'delegate.go', text: DELEGATE_GO },
  { path: 'lib/cache/memory.js', text: MEMORY_JS },
  { path: 'vega-view-transforms/src/Overlap.js', text: OVERLAP_JS },
  { path: 'vega-transforms/src/Bin.js', text: BIN_JS },
  { path: 'backend/linux_raw/param/auxv.rs', text: AUXV_RS },
  { path: 'ip4defrag/defrag.go', text: DEFRAG_GO },
  { path: 'session.py', text: SESSION_PY },
  { path: 'Stream.php', text: STREAM_PHP },
];

const corpus = await parsedCorpus(FILES);

const named = (symbol: string) => definitionNamed(corpus, symbol);

describe('a constructor, on a question about what its object does', () => {
  it('is a function the language or its convention names so', () => {
    const constructor = constructorLookup(corpus);
    expect(constructor(named('NewIPv4Defragmenter'))).toBe(true);
    expect(constructor(named('__init__'))).toBe(true);
    expect(constructor(named('__construct'))).toBe(true);
    expect(constructor(named('DefragIPv4'))).toBe(false);
    expect(constructor(named('send'))).toBe(false);
    expect(constructor(named('IPv4Defragmenter'))).toBe(false);
    // JavaScript before `class`: a function its file gives methods to (`inherits(Bin, …, {…})`).
    expect(constructor(named('Bin'))).toBe(true);
    expect(constructor(named('transform'))).toBe(false);
    expect(constructor(named('binStep'))).toBe(false);
    // `var MemoryCache = module.exports = function(options) {…}`: the function is named by its
    // file (`memory`), its methods by the variable on its line (`MemoryCache.prototype.purge`).
    expect(named('memory').startLine).toBe(3);
    expect(constructor(named('memory'))).toBe(true);
    expect(constructor(named('purge'))).toBe(false);
  });

  it('is what a question about making something asks for', () => {
    expect(asksHowMade('how is a new session created')).toBe(true);
    expect(asksHowMade('how does the defragmenter start')).toBe(true);
    expect(asksHowMade('how does the IPv4 defragmenter put the fragments back together into one packet')).toBe(false);
  });

  it('"put the fragments back together": defrag.go is shown by the method that does it, not by NewIPv4Defragmenter', () => {
    const maker = named('NewIPv4Defragmenter');
    const wrapper = named('DefragIPv4');
    const worker = named('DefragIPv4WithTimestamp');
    // The ranks and centralities gopacket 1.1 gave the three (understand_code, default preset).
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(merge(at(1, maker), at(4, wrapper)), at(9, worker)),
      text: merge(merge(at(2, maker), at(24, wrapper)), at(1, worker)),
      structural: merge(merge(at(13, maker), at(1, wrapper)), at(5, worker)),
    };
    const centrality = new Map([
      [maker.id, 0.55],
      [wrapper.id, 0.55],
      [worker.id, 0.67],
    ]);
    const question = 'how does the IPv4 defragmenter put the fragments back together into one packet';
    const run = (isConstructor?: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.go'), {
          centralityOf: (id) => centrality.get(id) ?? 0,
          rankContainersByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          delegateOf: delegateLookup(corpus, true),
          calleesOf: calleesLookup(corpus, question),
          ...(isConstructor ? { isConstructor } : {}),
        }),
      ).filter((r) => r.path === 'ip4defrag/defrag.go');
    expect(run()[0].symbol).toBe('NewIPv4Defragmenter');
    const [shown] = run(constructorLookup(corpus));
    expect(shown.symbol).toBe('DefragIPv4WithTimestamp');
    expect(shown.explanation.member).toMatchObject({
      rule: 'wrapper-hands-on',
      over: { symbol: 'NewIPv4Defragmenter' },
    });
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});

describe('a constructor that gives way with no member of its file as close', () => {
  it('"hide axis labels that overlap": Overlap.js is shown by its class\'s `transform`, however far below the constructor it fused', () => {
    const inOverlap = (symbol: string) => {
      const chunk = corpus.chunks.find((c) => c.path.endsWith('Overlap.js') && c.symbol === symbol);
      if (!chunk) throw new Error(`no ${symbol} in Overlap.js`);
      return chunk;
    };
    const maker = inOverlap('Overlap');
    const helper = inOverlap('hasOverlap');
    const method = inOverlap('transform');
    expect(method.definitionKind).toBe('method');
    // The ranks vega 5 gave the three (understand_code, default preset): the doc comment carries
    // the constructor; `transform` fused at half its score, below MEMBER_CHOICE_MIN_SHARE.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(merge(at(2, maker), at(11, helper)), at(54, method)),
      text: merge(merge(at(11, maker), at(21, helper)), at(32, method)),
      structural: merge(merge(at(0, maker), at(9, helper)), at(35, method)),
    };
    const question = 'how does vega hide axis labels that overlap each other';
    const run = (isConstructor?: (c: Chunk) => boolean, asksHow = true) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.js'), {
          limit: 100,
          rankContainersByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          delegateOf: delegateLookup(corpus, true),
          calleesOf: calleesLookup(corpus, question),
          isShortBody: shortBodyLookup(corpus),
          constructorHandsToItsClass: asksHow,
          ...(isConstructor ? { isConstructor } : {}),
        }),
      ).filter((r) => r.path.endsWith('Overlap.js'));
    expect(run()[0].symbol).toBe('Overlap');
    const [shown] = run(constructorLookup(corpus));
    expect(shown.symbol).toBe('transform');
    expect(shown.explanation.member).toMatchObject({ over: { symbol: 'Overlap' } });
    // A query that does not ask how (keywords naming what the constructor makes) keeps it.
    expect(run(constructorLookup(corpus), false)[0].symbol).toBe('Overlap');
    expect(shown.explanation.member?.rule).toMatch(/gives-way/);
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});

describe('a Go function that only fills a struct of its file', () => {
  it('is a constructor whatever its name, and builds that struct', () => {
    expect(constructorLookup(corpus)(named('DelegatingLexer'))).toBe(true);
    expect(classBuiltLookup(corpus)(named('DelegatingLexer'))).toBe('delegatingLexer');
    // A body doing more than handing the literal back is no constructor by its shape.
    expect(constructorLookup(corpus)(named('Wrapped'))).toBe(false);
    expect(constructorLookup(corpus)(named('Tokenise'))).toBe(false);
  });

  it('"how does the delegating lexer highlight a template language embedded in another": delegate.go is shown by the struct\'s `Tokenise`', () => {
    const maker = named('DelegatingLexer');
    const config = named('Config');
    const method = named('Tokenise');
    // The ranks and centralities chroma 0.10 gave the three (understand_code, default preset):
    // the constructor first in every list on its doc comment (the boost's cap), `Tokenise` 6th, 5th and 9th.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(merge(at(0, maker), at(3, config)), at(5, method)),
      text: merge(merge(at(0, maker), at(3, config)), at(4, method)),
      structural: merge(merge(at(0, maker), at(5, config)), at(8, method)),
    };
    const centrality = new Map([
      [maker.id, 0.7],
      [config.id, 0.2],
      [method.id, 0.2],
    ]);
    const question = 'how does the delegating lexer highlight a template language embedded in another language';
    const run = (classBuiltBy?: (c: Chunk) => string | undefined) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.go'), {
          centralityOf: (id) => centrality.get(id) ?? 0,
          rankContainersByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          delegateOf: delegateLookup(corpus, true),
          calleesOf: calleesLookup(corpus, question),
          isShortBody: shortBodyLookup(corpus),
          isConstructor: constructorLookup(corpus),
          constructorHandsToItsClass: true,
          capFirstInEveryList: true,
          ...(classBuiltBy ? { classBuiltBy } : {}),
        }),
      ).filter((r) => r.path === 'delegate.go');
    // Read as a class of its own name, the constructor has no methods to hand its place to.
    expect(run()[0].symbol).toBe('DelegatingLexer');
    const [shown] = run(classBuiltLookup(corpus));
    expect(shown.symbol).toBe('Tokenise');
    expect(shown.explanation.member).toMatchObject({ over: { symbol: 'DelegatingLexer' } });
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});

describe("a Go method's calls on the receiver its signature names", () => {
  it('are calls on its own object: on a question asking how, the wrapper hands on through `d.`, whatever it computes for its arguments', () => {
    const delegate = delegateLookup(corpus, true);
    expect(delegate(named('DefragIPv4'))).toBe(named('DefragIPv4WithTimestamp').id);
    expect(delegate(named('DefragIPv4WithTimestamp'))).toBeUndefined();
    // A doc sentence or keywords naming the wrapper describe its entry point: it is kept.
    expect(delegateLookup(corpus)(named('DefragIPv4'))).toBeUndefined();
  });

  it("are its callees, when their names say two of the question's words or more", () => {
    const callees = (question: string) =>
      calleesLookup(corpus, question)(named('DefragIPv4WithTimestamp')).map((id) => corpus.chunks[id].symbol);
    expect(callees('how does the defragmenter run its security checks')).toEqual(['securityChecks']);
    // `dontDefrag` says one word of this question: an accessor's worth, not a step.
    expect(callees('how does the defragmenter decide not to defrag a packet')).toEqual([]);
    expect(calleesLookup(corpus)(named('DefragIPv4WithTimestamp')).map((id) => corpus.chunks[id].symbol)).toEqual([
      'dontDefrag',
      'securityChecks',
    ]);
  });
});

describe('a function that runs straight through and ends by calling a function of its file', () => {
  it('hands a question asking how on to it, whatever its name (rustix: the auxv file opened, then read)', () => {
    const delegate = delegateLookup(corpus, true);
    expect(delegate(named('init_from_proc_self_auxv'))).toBe(named('init_from_auxv_file').id);
    // It loops before its last call: it does work of its own.
    expect(delegate(named('init_from_auxv_file'))).toBeUndefined();
    // A doc sentence or keywords naming the wrapper describe it: it is kept.
    expect(delegateLookup(corpus)(named('init_from_proc_self_auxv'))).toBeUndefined();
  });
});
