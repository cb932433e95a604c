/**
 * A Rust file of functions exported under C names is a C API over the crate: each export converts
 * C's types and calls the Rust code that does the work, and its doc comments repeat the whole
 * API's words. The shape of rav1e 0.5.1 (BSD-2-Clause), capi.rs and rate.rs: for "how does rav1e
 * pick a quantizer for each frame when a target bitrate is set", capi.rs's `rav1e_frame_set_type`
 * came first, above rate.rs's quantizer selection.
 */
import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { C_BINDING_DEMOTION_FACTOR, C_BINDING_DEMOTION_RULE } from '../ranking';
import { cBindingLookup } from './members';
import { at, chunkOrFiller, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const CAPI_RS = [
  'use std::os::raw::c_int;',
  '',
  '/// Overrides the encoders frame type decision for a frame',
  '#[no_mangle]',
  'pub unsafe extern fn rav1e_frame_set_type(',
  '  frame: *mut Frame, frame_type: FrameTypeOverride,',
  ') -> c_int {',
  '  (*frame).frame_type = frame_type;',
  '  0',
  '}',
  '',
  '/// Sets the bitrate the rate control targets',
  '#[no_mangle]',
  'pub unsafe extern "C" fn rav1e_config_set_bitrate(cfg: *mut Config, bitrate: i32) {',
  '  (*cfg).cfg.enc.bitrate = bitrate;',
  '}',
  '',
  '/// Send the frame for encoding',
  '#[no_mangle]',
  'pub unsafe extern fn rav1e_send_frame(ctx: *mut Context, frame: *const Frame) -> EncoderStatus {',
  '  let frame_internal = if frame.is_null() { None } else { Some((*frame).fi.clone()) };',
  '  (*ctx).ctx.send_frame(frame_internal).into()',
  '}',
  '',
  'fn rav1e_frame_pad_internal(f: &mut Frame, width: usize, height: usize) {',
  '  for plane in f.planes.iter_mut() {',
  '    plane.pad(width, height);',
  '  }',
  '}',
  '',
].join('\n');

const RATE_RS = [
  'impl RCState {',
  '  pub fn select_qi(&self, ctx: &ContextInner, output_frameno: u64, fti: usize) -> QuantizerParameters {',
  '    let log_target_q = self.log_target_q(ctx, fti);',
  '    let log_q = clamp(log_target_q, self.minq, self.maxq);',
  '    QuantizerParameters::new_from_log_q(self.log_base_q, log_q, ctx.config.bit_depth)',
  '  }',
  '}',
  '',
].join('\n');

// One export among the crate's functions is a hook, not an API.
const ALLOC_RS = [
  '#[no_mangle]',
  'pub extern "C" fn rust_oom() -> ! {',
  '  panic!("out of memory")',
  '}',
  '',
  'pub fn alloc(size: usize) -> *mut u8 {',
  '  unsafe { raw_alloc(size) }',
  '}',
  '',
  'pub fn free(ptr: *mut u8) {',
  '  unsafe { raw_free(ptr) }',
  '}',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'src/capi.rs', text: CAPI_RS },
  { path: 'src/rate.rs', text: RATE_RS },
  { path: 'src/alloc.rs', text: ALLOC_RS },
];

const corpus = await parsedCorpus(FILES);

const inFile = (path: string, symbol: string) => {
  const chunk = corpus.chunks.find((c) => c.path === path && c.symbol === symbol && c.kind === 'definition');
  if (!chunk) throw new Error(`no ${symbol} in ${path}`);
  return chunk;
};

describe('a Rust file of C exports', () => {
  it('is a file whose functions are mostly #[no_mangle]: its helpers too, not a crate with one hook', () => {
    const binding = cBindingLookup(corpus);
    expect(binding(inFile('src/capi.rs', 'rav1e_frame_set_type'))).toBe(true);
    expect(binding(inFile('src/capi.rs', 'rav1e_frame_pad_internal'))).toBe(true);
    expect(binding(inFile('src/rate.rs', 'select_qi'))).toBe(false);
    expect(binding(inFile('src/alloc.rs', 'rust_oom'))).toBe(false);
    expect(binding(inFile('src/alloc.rs', 'alloc'))).toBe(false);
  });

  it('"how does rav1e pick a quantizer for each frame when a target bitrate is set": the binding falls below the Rust code', () => {
    const binding = inFile('src/capi.rs', 'rav1e_frame_set_type');
    const worker = inFile('src/rate.rs', 'select_qi');
    // The export first by meaning and by structure on "frame" and "set", the selection first by text.
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(0, binding), at(1, worker)),
      text: merge(at(0, worker), at(1, binding)),
      structural: merge(at(0, binding), at(2, worker)),
    };
    const run = (isCBinding?: (c: (typeof corpus.chunks)[number]) => boolean) =>
      fuse(fusionInput(lists, chunkOrFiller(corpus, 'o', '.rs'), isCBinding ? { isCBinding } : {}));
    expect(run()[0].chunkId).toBe(binding.id);
    const results = run(cBindingLookup(corpus));
    expect(results[0].chunkId).toBe(worker.id);
    const demoted = results.find((r) => r.chunkId === binding.id);
    expect(demoted?.explanation.demotion).toEqual({ factor: C_BINDING_DEMOTION_FACTOR, rule: C_BINDING_DEMOTION_RULE });
    expect(scoreFromExplanation(demoted!.explanation)).toBeCloseTo(demoted!.score, 12);
  });
});
