/**
 * "Similar to X" in a file of per-CPU variants: rav1e's asm/x86/lrf.rs holds dispatchers
 * (`sgrproj_box_f_r1` runs the AVX2 code when the CPU has it, else `rust::sgrproj_box_f_r1`, the
 * portable code of lrf.rs's `mod rust`) and the AVX2 functions with their 8-pixel kernels
 * (`sgrproj_box_f_r1_avx2` calls `sgrproj_box_f_r1_8_avx2`). The portable function X falls back
 * on and the kernel X calls are not code like X; the other dispatchers and the other AVX2
 * functions are. Fixtures: rav1e 0.5.1 (BSD-2-Clause, licence in their first line).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineOver } from '../../../test/support/engine';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let engine: Engine;
beforeAll(async () => {
  engine = await engineOver([
    { path: 'asm/x86/lrf.rs', text: fixture('rav1e-asm-x86-lrf.rs.txt') },
    { path: 'lrf.rs', text: fixture('rav1e-lrf.rs.txt') },
  ]);
});

const lineOf = (path: string, text: string) =>
  fixture(path)
    .split('\n')
    .findIndex((l) => l.includes(text)) + 1;

describe('a dispatcher’s family in a file of per-CPU variants', () => {
  it('the portable function X hands its call on to through its module (`rust::X`) is no sibling', async () => {
    const r = await engine.search('code similar to sgrproj_box_f_r1 in asm/x86/lrf.rs', { limit: 5 });
    expect(r.results[0].path).toBe('asm/x86/lrf.rs');
    const portable = r.results.find((x) => x.path === 'lrf.rs');
    // Still a candidate, on its words, but not X's sibling.
    expect(portable?.explanation.sibling).toBeUndefined();
  });

  it('the kernel X calls, its name X’s with a number added (`…_r1_8_avx2`), is no sibling', async () => {
    const r = await engine.search('code similar to sgrproj_box_f_r1_avx2 in asm/x86/lrf.rs', { limit: 5 });
    const kernel = lineOf('rav1e-asm-x86-lrf.rs.txt', 'unsafe fn sgrproj_box_f_r1_8_avx2<');
    const first = r.results[0];
    expect(first.path).toBe('asm/x86/lrf.rs');
    expect(first.explanation.sibling).toBeDefined();
    expect(first.startLine).not.toBe(kernel - 2);
    expect(first.symbol ?? '').toMatch(/^sgrproj_box_f_r[02]_avx2$/);
  });
});
