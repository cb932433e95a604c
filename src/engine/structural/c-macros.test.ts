import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

// apfs-dkms's apfs.h: the log macros wrap apfs_msg (message.c), which nothing calls directly.
const APFS_H = `#ifndef _APFS_H
#define _APFS_H

#define apfs_err(sb, fmt, ...) apfs_msg(sb, KERN_ERR, fmt, ##__VA_ARGS__)
#define apfs_warn(sb, fmt, ...) apfs_msg(sb, KERN_WARNING, fmt, ##__VA_ARGS__)
#ifdef CONFIG_APFS_DEBUG
#define ASSERT(expr)	BUG_ON(!(expr))
#else
#define ASSERT(expr)	((void)0)
#endif

#define apfs_assert_in_transaction(sb, obj)				\\
do {									\\
	(void)sb;							\\
	(void)obj;							\\
	ASSERT(le64_to_cpu((obj)->o_xid) == APFS_NXI(sb)->nx_xid);	\\
} while (0)

void apfs_msg(struct super_block *sb, const char *prefix, const char *fmt, ...);
#endif
`;

describe('C macro bodies', () => {
  it('reads the calls a function-like #define makes, on their lines, enclosed by the macro', async () => {
    const a = await analyzer.analyzeAsync('apfs.h', APFS_H);
    const calls = a.references.filter((r) => r.kind === 'call').map((r) => `${r.line} ${r.enclosing} ${r.name}`);
    expect(calls).toEqual([
      '4 apfs_err apfs_msg',
      '5 apfs_warn apfs_msg',
      '7 ASSERT BUG_ON',
      '16 apfs_assert_in_transaction ASSERT',
      '16 apfs_assert_in_transaction le64_to_cpu',
      '16 apfs_assert_in_transaction APFS_NXI',
    ]);
  });

  it('takes no parameter, keyword, string or comment for a call', async () => {
    const a = await analyzer.analyzeAsync(
      'x.h',
      '#define CALL(fn, arg) fn(arg) + sizeof(arg) + strlen("f(x)") /* g(y) */\n',
    );
    expect(a.references.filter((r) => r.kind === 'call').map((r) => r.name)).toEqual(['strlen']);
  });
});
