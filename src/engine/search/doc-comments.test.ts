import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chunk, ModalityHit } from '../contract';
import { Engine } from '../engine';
import { fuse, scoreFromExplanation } from '../fuse';
import { fusionInput } from '../../../test/support/fusion-input';
import { corpusOf, engineOver } from '../../../test/support/engine';
import { memberNameCoverage } from './members';
import type { Corpus } from '../modality';
import { docCommentOwners, docHitsToDefinitions } from './doc-comments';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe("a doc comment's window belongs to the definition below it (apfs btree.c, kernel-doc)", () => {
  const text = fixture('apfs-btree-omap.c.txt');
  const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.startsWith(needle)) + 1;
  let engine: Engine;
  let corpus: Corpus;

  beforeAll(async () => {
    engine = await engineOver([{ path: 'btree.c', text }]);
    corpus = corpusOf(engine);
  });

  it('the window of `/** apfs_omap_lookup_block - … */` is owned by apfs_omap_lookup_block; the includes are not', () => {
    const ownerOf = docCommentOwners(corpus);
    const chunks = corpus.files[0].chunkIds.map((id) => corpus.chunks[id]);
    const lookup = chunks.find((c) => c.symbol === 'apfs_omap_lookup_block')!;
    expect(lookup.startLine).toBe(lineOf('int apfs_omap_lookup_block('));
    const docWindow = chunks.find((c) => c.kind === 'window' && c.endLine === lookup.startLine - 1)!;
    expect(docWindow.startLine).toBeLessThanOrEqual(lineOf(' * apfs_omap_lookup_block - Find the block number'));
    expect(ownerOf(docWindow.id)).toBe(lookup.id);
    // the file's first window holds its licence comment and its #includes: it documents no one
    const first = chunks[0];
    expect(first.kind).toBe('window');
    expect(
      text
        .split('\n')
        .slice(first.startLine - 1, first.endLine)
        .join('\n'),
    ).toContain('#include');
    expect(ownerOf(first.id)).toBeUndefined();
    // a definition is no doc comment
    expect(ownerOf(lookup.id)).toBeUndefined();
  });

  it('"how does apfs find the block of a b-tree node from its id": the function, not its comment, stands for the file', () => {
    // The lists of the real run over the whole of apfs (real set, apfs:understand:19): the
    // kernel-doc's window first by meaning (semantic #0, text #24), apfs_omap_lookup_block at
    // semantic #51, text #2, structural #0, apfs_omap_read_node at semantic #6, text #5,
    // structural #1 — the other places held by chunks of other files (`other:N`).
    const chunks = corpus.files[0].chunkIds.map((id) => corpus.chunks[id]);
    const lookup = chunks.find((c) => c.symbol === 'apfs_omap_lookup_block')!;
    const readNode = chunks.find((c) => c.symbol === 'apfs_omap_read_node')!;
    const docWindow = chunks.find((c) => c.kind === 'window' && c.endLine === lookup.startLine - 1)!;
    const others = corpus.chunks.length;
    const other = (n: number): Chunk => ({
      id: others + n,
      fileId: 1 + n,
      path: `other${n}.c`,
      startLine: 1,
      endLine: 10,
      kind: 'window',
    });
    const list = (placed: Record<number, number>, length: number): ModalityHit[] =>
      Array.from({ length }, (_, rank) => ({
        chunkId: placed[rank] ?? others + rank,
        score: 1,
        reason: placed[rank] !== undefined ? `chunk ${placed[rank]}` : 'other',
      }));
    const lists = {
      semantic: list({ 0: docWindow.id, 6: readNode.id, 51: lookup.id }, 60),
      text: list({ 2: lookup.id, 5: readNode.id, 24: docWindow.id }, 60),
      structural: list({ 0: lookup.id, 1: readNode.id }, 60),
    };
    const question = 'how does apfs find the block of a b-tree node from its id in the object map';
    const input = fusionInput(lists, (c) => corpus.chunks[c] ?? other(c - others), {
      nameCoverageOf: memberNameCoverage(question),
    });
    const shown = (results: ReturnType<typeof fuse>) => results.find((r) => r.path === 'btree.c')!;
    // Before: apfs_omap_read_node stands for the file, the comment's window among its sub-results.
    const before = shown(fuse(input));
    expect(before.symbol).toBe('apfs_omap_read_node');
    expect(before.subResults?.map((r) => r.chunkId)).toContain(docWindow.id);
    const after = fuse({ ...input, lists: docHitsToDefinitions(lists, docCommentOwners(corpus), input.chunkOf) });
    const first = after[0];
    expect([first.path, first.symbol, first.startLine]).toEqual([
      'btree.c',
      'apfs_omap_lookup_block',
      lineOf('int apfs_omap_lookup_block('),
    ]);
    expect(first.explanation.modalities.semantic).toMatchObject({ rank: 0 });
    expect(first.explanation.modalities.semantic?.reason).toBe(
      `its doc comment (lines ${docWindow.startLine}-${docWindow.endLine}): chunk ${docWindow.id}`,
    );
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
    // the window itself is no longer a result of its own
    expect(after.flatMap((r) => [r.chunkId, ...(r.subResults ?? []).map((s) => s.chunkId)])).not.toContain(
      docWindow.id,
    );
  });
});

describe("a type's comment stays its own (apfs apfs_raw.h)", () => {
  it('the window of `/* On-disk representation of an object map */` is not handed to `struct apfs_omap_phys`', async () => {
    const text = fixture('apfs-raw-omap-phys.h.txt');
    const engine = await engineOver([{ path: 'apfs_raw.h', text }]);
    const corpus = corpusOf(engine);
    const chunks = corpus.files[0].chunkIds.map((id) => corpus.chunks[id]);
    const struct = chunks.find((c) => c.symbol === 'apfs_omap_phys')!;
    expect(struct.definitionKind).toBe('struct');
    const comment = chunks.find((c) => c.kind === 'window' && c.endLine === struct.startLine - 1)!;
    expect(text.split('\n')[comment.endLine - 2]).toContain('On-disk representation of an object map');
    expect(docCommentOwners(corpus)(comment.id)).toBeUndefined();
  });
});

describe('a block comment whose lines carry no `*` (GNU style, libxcrypt crypt-nthash.c)', () => {
  it('the window of `/* This function simply returns … */` is owned by gensalt_nt_rn', async () => {
    // The analyzer's comment node covers the whole block; a per-line pattern read its second
    // line (`   so it can be used …`) as code and handed the window to no one.
    const text = [
      'void',
      'crypt_nt_rn (const char *phrase, size_t phr_size, char *output)',
      '{',
      '  *output = 0;',
      '}',
      '',
      "/* This function simply returns the magic string '$3$',",
      '   so it can be used as SETTING for the crypt function.  */',
      'void',
      'gensalt_nt_rn (unsigned long count, uint8_t *output, size_t o_size)',
      '{',
      '  const char *prefix = "$3$";',
      '  strcpy_or_abort (output, o_size, prefix);',
      '}',
      '',
    ].join('\n');
    const engine = await engineOver([{ path: 'crypt-nthash.c', text }]);
    const corpus = corpusOf(engine);
    const chunks = corpus.files[0].chunkIds.map((id) => corpus.chunks[id]);
    const gensalt = chunks.find((c) => c.symbol === 'gensalt_nt_rn')!;
    const comment = chunks.find((c) => c.kind === 'window' && c.endLine === gensalt.startLine - 1)!;
    expect(comment.endLine).toBe(8);
    expect(docCommentOwners(corpus)(comment.id)).toBe(gensalt.id);
  });
});

describe('a doc comment longer than a window (tokio task/blocking.rs, `///` over 120 lines)', () => {
  const text = fixture('tokio-task-spawn-blocking.rs.txt');
  let corpus: Corpus;

  beforeAll(async () => {
    const engine = await engineOver([{ path: 'task/blocking.rs', text }]);
    corpus = corpusOf(engine);
  });

  it('every all-comment window of the run is owned by spawn_blocking; the window opening `cfg_rt! {` is not', () => {
    const ownerOf = docCommentOwners(corpus);
    const chunks = corpus.files[0].chunkIds.map((id) => corpus.chunks[id]);
    const spawn = chunks.find((c) => c.symbol === 'spawn_blocking')!;
    const windows = chunks.filter((c) => c.kind === 'window' && c.endLine < spawn.startLine);
    expect(windows.length).toBeGreaterThanOrEqual(3);
    const lines = text.split('\n');
    for (const w of windows) {
      const opensMacro = lines.slice(w.startLine - 1, w.endLine).some((l) => l.startsWith('cfg_rt!'));
      expect(ownerOf(w.id)).toBe(opensMacro ? undefined : spawn.id);
    }
    expect(windows.filter((w) => ownerOf(w.id) === spawn.id).length).toBeGreaterThanOrEqual(2);
  });

  it("hands a list's hit on a doc window to its definition, keeping the rank and every other hit", () => {
    const ownerOf = docCommentOwners(corpus);
    const chunks = corpus.files[0].chunkIds.map((id) => corpus.chunks[id]);
    const spawn = chunks.find((c) => c.symbol === 'spawn_blocking')!;
    const doc = chunks.find((c) => ownerOf(c.id) === spawn.id)!;
    const other = chunks.find((c) => c.kind === 'window' && ownerOf(c.id) === undefined)!;
    const hit = (chunkId: number, reason: string): ModalityHit => ({ chunkId, score: 1, reason });
    const out = docHitsToDefinitions(
      { text: [hit(other.id, 'a'), hit(doc.id, 'b'), hit(spawn.id, 'c')] },
      ownerOf,
      (id) => corpus.chunks[id],
    );
    expect(out.text?.map((h) => h.chunkId)).toEqual([other.id, spawn.id, spawn.id]);
    expect(out.text?.[1].reason).toBe(`its doc comment (lines ${doc.startLine}-${doc.endLine}): b`);
  });
});

describe("a header's doc, above its export macro, is handed on to the body on a how question (capstone)", () => {
  const header = fixture('capstone-capstone.h.txt');
  const body = fixture('capstone-cs-disasm.c.txt');
  let engine: Engine;
  let corpus: Corpus;

  beforeAll(async () => {
    engine = await engineOver([
      { path: 'include/capstone/capstone.h', text: header },
      { path: 'cs.c', text: body },
    ]);
    corpus = corpusOf(engine);
  });

  it('`CAPSTONE_EXPORT` on its own line does not part the doc comment from the prototype below it', () => {
    const lines = header.split('\n');
    const prototype = corpus.chunks.find((c) => c.path.endsWith('.h') && c.symbol === 'cs_disasm')!;
    expect(lines[prototype.startLine - 2]).toBe('CAPSTONE_EXPORT');
    const docWindow = corpus.chunks.find((c) => c.kind === 'window' && c.endLine === prototype.startLine - 1)!;
    expect(docCommentOwners(corpus)(docWindow.id)).toBe(prototype.id);
  });

  it('"how does disassembling a whole buffer grow the array …": the doc found in the header counts for cs.c\'s body', async () => {
    const question = 'how does disassembling a whole buffer allocate memory for the instructions';
    const r = await engine.search(question, { preset: 'default' });
    expect(r.query.intent).toBe('understand_code');
    const first = r.results[0];
    expect([first.path, first.symbol]).toEqual(['cs.c', 'cs_disasm']);
    expect(first.explanation.modalities.text?.reason).toMatch(
      /^its doc comment \(include\/capstone\/capstone\.h, lines /,
    );
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
  });
});

describe("the header's doc goes to the one body though a binding declares the function again (capstone's Java binding)", () => {
  it('a JNA interface method without a body is no second body: cs.c still gets the doc', async () => {
    const binding = `package capstone;

import com.sun.jna.Library;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;

public class Capstone {
  private interface CS extends Library {
    public int cs_open(int arch, int mode, PointerByReference handle);
    public NativeLong cs_disasm(Pointer handle, byte[] code, NativeLong code_len,
        long addr, NativeLong count, PointerByReference insn);
    public void cs_free(Pointer p, NativeLong count);
  }
}
`;
    const engine = await engineOver([
      { path: 'include/capstone/capstone.h', text: fixture('capstone-capstone.h.txt') },
      { path: 'cs.c', text: fixture('capstone-cs-disasm.c.txt') },
      { path: 'bindings/java/capstone/Capstone.java', text: binding },
    ]);
    const r = await engine.search('how does disassembling a whole buffer allocate memory for the instructions', {
      preset: 'default',
    });
    const first = r.results[0];
    expect([first.path, first.symbol]).toEqual(['cs.c', 'cs_disasm']);
    expect(first.explanation.modalities.text?.reason).toMatch(
      /^its doc comment \(include\/capstone\/capstone\.h, lines /,
    );
  });
});

describe("a C++ header's declaration hands its hits to the body in the .inl on a how question (glm's matrix_transform)", () => {
  // glm documents each function on its declaration, in a namespace of declarations: the doc lines
  // fall in the namespace's chunk, the declaration's chunk is its two lines, and the structural
  // list reads the doc with the declaration. The bodies, in the .inl the header includes, say
  // none of the doc's words.
  const header = `#pragma once
#include "../detail/qualifier.hpp"

namespace glm
{
	/// Builds a translation 4 * 4 matrix created from a vector of 3 components.
	///
	/// @param m Input matrix multiplied by this translation matrix.
	/// @param v Coordinates of a translation vector.
	template<typename T, qualifier Q>
	GLM_FUNC_DECL mat<4, 4, T, Q> translate(
		mat<4, 4, T, Q> const& m, vec<3, T, Q> const& v);

	/// Build a right handed look at view matrix.
	///
	/// @param eye Position of the camera
	/// @param center Position where the camera is looking at
	/// @param up Normalized up vector, how the camera is oriented.
	template<typename T, qualifier Q>
	GLM_FUNC_DECL mat<4, 4, T, Q> lookAtRH(
		vec<3, T, Q> const& eye, vec<3, T, Q> const& center, vec<3, T, Q> const& up);
}//namespace glm

#include "matrix_transform.inl"
`;
  const inl = `namespace glm
{
	template<typename T, qualifier Q>
	GLM_FUNC_QUALIFIER mat<4, 4, T, Q> translate(mat<4, 4, T, Q> const& m, vec<3, T, Q> const& v)
	{
		mat<4, 4, T, Q> Result(m);
		Result[3] = m[0] * v[0] + m[1] * v[1] + m[2] * v[2] + m[3];
		return Result;
	}

	template<typename T, qualifier Q>
	GLM_FUNC_QUALIFIER mat<4, 4, T, Q> lookAtRH(vec<3, T, Q> const& eye, vec<3, T, Q> const& center, vec<3, T, Q> const& up)
	{
		vec<3, T, Q> const f(normalize(center - eye));
		vec<3, T, Q> const s(normalize(cross(f, up)));
		vec<3, T, Q> const u(cross(s, f));

		mat<4, 4, T, Q> Result(1);
		Result[0][0] = s.x;
		Result[1][0] = s.y;
		Result[2][0] = s.z;
		Result[0][1] = u.x;
		Result[1][1] = u.y;
		Result[2][1] = u.z;
		Result[0][2] =-f.x;
		Result[1][2] =-f.y;
		Result[2][2] =-f.z;
		Result[3][0] =-dot(s, eye);
		Result[3][1] =-dot(u, eye);
		Result[3][2] = dot(f, eye);
		return Result;
	}
}//namespace glm
`;
  const projection = `namespace glm
{
	/// Map the specified object coordinates into window coordinates of the camera.
	///
	/// @param obj Specify the object coordinates.
	/// @param model Specifies the current modelview matrix
	/// @param proj Specifies the current projection matrix
	template<typename T, typename U, qualifier Q>
	GLM_FUNC_QUALIFIER vec<3, T, Q> project(vec<3, T, Q> const& obj, mat<4, 4, T, Q> const& model, mat<4, 4, T, Q> const& proj, vec<4, U, Q> const& viewport)
	{
		vec<4, T, Q> tmp = vec<4, T, Q>(obj, static_cast<T>(1));
		tmp = model * tmp;
		tmp = proj * tmp;
		tmp /= tmp.w;
		tmp = tmp * static_cast<T>(0.5) + static_cast<T>(0.5);
		tmp[0] = tmp[0] * T(viewport[2]) + T(viewport[0]);
		tmp[1] = tmp[1] * T(viewport[3]) + T(viewport[1]);
		return vec<3, T, Q>(tmp);
	}
}//namespace glm
`;
  const question = 'how does glm build a view matrix from the camera position and the point it looks at';
  let engine: Engine;

  beforeAll(async () => {
    engine = await engineOver([
      { path: 'ext/matrix_transform.hpp', text: header },
      { path: 'ext/matrix_transform.inl', text: inl },
      { path: 'ext/matrix_projection.inl', text: projection },
    ]);
  });

  it('the body of lookAtRH comes first, with the declaration’s places as its own', async () => {
    const r = await engine.search(question, { preset: 'default' });
    expect(r.query.intent).toBe('understand_code');
    const first = r.results[0];
    expect([first.path, first.symbol]).toEqual(['ext/matrix_transform.inl', 'lookAtRH']);
    expect(first.explanation.modalities.structural?.reason).toMatch(
      /^its declaration \(ext\/matrix_transform\.hpp, lines \d+-\d+\): /,
    );
    expect(scoreFromExplanation(first.explanation)).toBeCloseTo(first.score, 12);
  });

  it('a question that does not ask how keeps the declaration’s hits on the declaration', async () => {
    const r = await engine.search('right handed look at view matrix from camera position', { preset: 'default' });
    const reasons = r.results.flatMap((x) => Object.values(x.explanation.modalities).map((m) => m?.reason ?? ''));
    expect(reasons.some((reason) => reason.startsWith('its declaration'))).toBe(false);
  });
});
