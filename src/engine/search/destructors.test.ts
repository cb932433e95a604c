/**
 * A destructor does not stand for its file on a question asking how its object does something,
 * and its type's constructor may take its place. The shape of winit 0.27 (Apache-2.0),
 * platform_impl/web/web_sys/timeout.rs: "how does the web backend ask the browser for the next
 * animation frame" came to `AnimationFrameRequest::drop`, which cancels the frame, over `new`,
 * which requests it.
 */
import { describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { asksHowUndone, constructorLookup, destructorLookup, memberNameCoverage } from './members';
import { at, chunkOrFiller, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const TIMEOUT_RS = [
  'pub struct AnimationFrameRequest {',
  '    handle: i32,',
  '    fired: Rc<Cell<bool>>,',
  '    _closure: Closure<dyn FnMut()>,',
  '}',
  '',
  'impl AnimationFrameRequest {',
  '    pub fn new<F>(mut f: F) -> AnimationFrameRequest',
  '    where',
  "        F: 'static + FnMut(),",
  '    {',
  '        let window = web_sys::window().expect("Failed to obtain window");',
  '        let fired = Rc::new(Cell::new(false));',
  '        let c_fired = fired.clone();',
  '        let closure = Closure::wrap(Box::new(move || {',
  '            (*c_fired).set(true);',
  '            f();',
  '        }) as Box<dyn FnMut()>);',
  '        let handle = window',
  '            .request_animation_frame(closure.as_ref().unchecked_ref())',
  '            .expect("Failed to request animation frame");',
  '        AnimationFrameRequest { handle, fired, _closure: closure }',
  '    }',
  '}',
  '',
  'impl Drop for AnimationFrameRequest {',
  '    fn drop(&mut self) {',
  '        if !(*self.fired).get() {',
  '            let window = web_sys::window().expect("Failed to obtain window");',
  '            window',
  '                .cancel_animation_frame(self.handle)',
  '                .expect("Failed to cancel animation frame");',
  '        }',
  '    }',
  '}',
  '',
].join('\n');

const OTHERS = [
  {
    path: 'src/pool.rs',
    text: [
      'impl Pool {',
      '    pub fn drop(&mut self, item: Item) {',
      '        self.items.remove(item);',
      '    }',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'src/buffer.cpp',
    text: ['Buffer::~Buffer()', '{', '  free(data_);', '}', ''].join('\n'),
  },
  { path: 'src/conn.py', text: ['class Conn:', '    def __del__(self):', '        self.sock.close()', ''].join('\n') },
];

const corpus = await parsedCorpus([{ path: 'platform_impl/web/web_sys/timeout.rs', text: TIMEOUT_RS }, ...OTHERS]);
const inFile = (path: string, symbol: string): Chunk => {
  const chunk = corpus.chunks.find((c) => c.path === path && c.symbol === symbol && c.kind === 'definition');
  if (!chunk) throw new Error(`no ${symbol} in ${path}`);
  return chunk;
};

describe('a destructor', () => {
  it("is Rust's Drop::drop, a C++ ~Name, Python's __del__: not a method that only shares the name", () => {
    const destructor = destructorLookup(corpus);
    expect(destructor(inFile('platform_impl/web/web_sys/timeout.rs', 'drop'))).toBe(true);
    expect(destructor(inFile('platform_impl/web/web_sys/timeout.rs', 'new'))).toBe(false);
    expect(destructor(inFile('src/pool.rs', 'drop'))).toBe(false);
    expect(destructor(corpus.chunks.find((c) => c.path === 'src/buffer.cpp' && c.kind === 'definition')!)).toBe(true);
    expect(destructor(inFile('src/conn.py', '__del__'))).toBe(true);
  });

  it('is what a question about undoing something asks for', () => {
    expect(asksHowUndone('how does the async mutex wake the next waiting task when a guard is dropped')).toBe(true);
    expect(asksHowUndone('how is the connection closed and its buffer freed')).toBe(true);
    expect(asksHowUndone('how does the web backend ask the browser for the next animation frame')).toBe(false);
  });

  it('"ask the browser for the next animation frame": timeout.rs is shown by the constructor that requests it, not by drop', () => {
    const path = 'platform_impl/web/web_sys/timeout.rs';
    const drop = inFile(path, 'drop');
    const make = inFile(path, 'new');
    // The ranks and centralities winit 0.27 gave the two (understand_code, default preset).
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(1, drop), at(4, make)),
      text: merge(at(5, drop), at(4, make)),
      structural: merge(at(2, drop), at(1, make)),
    };
    const centrality = new Map([
      [drop.id, 0.56],
      [make.id, 0.69],
    ]);
    const question = 'how does the web backend ask the browser for the next animation frame';
    const run = (isDestructor?: (c: Chunk) => boolean) =>
      fuse(
        fusionInput(lists, chunkOrFiller(corpus, 'o', '.rs'), {
          centralityOf: (id) => centrality.get(id) ?? 0,
          rankContainersByMembers: true,
          nameCoverageOf: memberNameCoverage(question),
          isConstructor: constructorLookup(corpus),
          ...(isDestructor ? { isDestructor } : {}),
        }),
      ).filter((r) => r.path === path);
    expect(run()[0].symbol).toBe('drop');
    const [shown] = run(destructorLookup(corpus));
    expect(shown.symbol).toBe('new');
    expect(shown.explanation.member).toMatchObject({ rule: 'destructor-gives-way', over: { symbol: 'drop' } });
    expect(scoreFromExplanation(shown.explanation)).toBeCloseTo(shown.score, 12);
  });
});
