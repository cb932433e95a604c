/**
 * A doc sentence that quotes a fragment of code ("Returns true if T has the same terms as
 * interface{[]byte | string}.") is prose: classified as a description, its fragment's words
 * searched as words, and never taken for a printed message whose format string prints the
 * fragment (x/tools' go/ssa and cmd/guru shapes, with real tree-sitter).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { planQuery } from './classify';
import { Engine } from './engine';
import { engineOver } from '../../test/support/engine';

const QUESTION = 'Returns true if T has the same terms as interface{[]byte | string}.';

const FILES = [
  {
    path: 'go/ssa/coretype.go',
    text: `package ssa

import "go/types"

func isBytestring(T types.Type) bool {
	U := T.Underlying()
	if _, ok := U.(*types.Interface); !ok {
		return false
	}
	hasBytes, hasString := false, false
	for _, term := range termsOf(U) {
		if isByteSlice(term) {
			hasBytes = true
		} else if isString(term) {
			hasString = true
		} else {
			return false
		}
	}
	return hasBytes && hasString
}
`,
  },
  {
    path: 'cmd/guru/describe.go',
    text: `package main

import "fmt"

func formatMember(obj string, maxname int) string {
	var buf []byte
	if obj == "" {
		buf = append(buf, "interface{...}"...)
	}
	return fmt.Sprintf("%-*s %s", maxname, obj, buf)
}
`,
  },
];

describe('a doc sentence that quotes a fragment of code', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineOver(FILES);
  });

  it('is a description, and the fragment is searched as words', () => {
    const plan = planQuery(QUESTION);
    expect(plan.intent).toBe('understand_code');
    expect(plan.rule).toBe('description');
    expect(plan.snippet).toBeUndefined();
    expect(plan.terms).toEqual(expect.arrayContaining(['terms', 'interface', 'byte', 'string']));
    // A one-line piece of code, or a sentence too short to describe anything before its code, stays code.
    expect(planQuery('if err != nil { return fmt.Errorf("read: %w", err) }').rule).toBe('code-snippet');
    expect(planQuery('Returns x if { return a[0]; }').rule).toBe('code-snippet');
  });

  it('is not answered by a format string that prints the fragment alone: the function it describes is among the answers', async () => {
    const r = await engine.search(QUESTION);
    expect(r.query.intent).toBe('understand_code');
    expect(r.query.rule).toBe('description');
    expect(r.query.notes.some((n) => n.startsWith('Pasted message'))).toBe(false);
    expect(r.results.map((x) => x.symbol)).toContain('isBytestring');
  });
});
