/**
 * A behaviour question is answered by a function's body, not by the header's prototype that
 * stands in for it. The shape of libxcrypt 4.4 (LGPL): crypt-port.h declares
 * `make_failure_token` under a long doc comment, and util-make-failure-token.c holds its body;
 * the comment's words are the question's, so the prototype matched them best. A prototype whose
 * body the repository does not hold stays as it is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import type { Chunk, SourceFile } from '../contract';
import { fuse } from '../fuse';
import { fusionInput } from '../../../test/support/fusion-input';
import { Engine } from '../engine';
import {
  BARE_PROTOTYPE_DEMOTION_FACTOR,
  BARE_PROTOTYPE_DEMOTION_RULE,
  PROTOTYPE_DEMOTION_FACTOR,
  PROTOTYPE_DEMOTION_RULE,
  STAND_IN_DEMOTION_FACTOR,
  STAND_IN_DEMOTION_RULE,
} from '../ranking';
import { StructuralAnalyzer } from '../structural/analyzer';
import { buildCorpus } from '../structural/corpus';
import { StructuralIndex } from '../structural/index';
import { engineOver } from '../../../test/support/engine';

const FILES: SourceFile[] = [
  {
    path: 'lib/crypt-port.h',
    text: [
      '#include <stddef.h>',
      '',
      '/* Make a string that cannot be mistaken for a valid hash: the failure token written',
      '   for an invalid setting string, so that a blind comparison with a stored hash fails.',
      '   We always call this function on the output buffer as the first step.  */',
      'extern void',
      'make_failure_token (const char *setting, char *output, int size);',
      '',
    ].join('\n'),
  },
  {
    path: 'lib/bzero.h',
    text: [
      '#include <stddef.h>',
      '',
      '/* Wipe a buffer the compiler may not optimise away. */',
      'extern void explicit_bzero (void *buf, size_t len);',
      '',
    ].join('\n'),
  },
  {
    path: 'lib/util-make-failure-token.c',
    text: [
      '#include "crypt-port.h"',
      '',
      'void',
      'make_failure_token (const char *setting, char *output, int size)',
      '{',
      '  if (size >= 3)',
      '    {',
      "      output[0] = '*';",
      "      output[1] = '0';",
      "      output[2] = '\\0';",
      "      if (setting && setting[0] == '*' && setting[1] == '0')",
      "        output[1] = '1';",
      '    }',
      '}',
      '',
    ].join('\n'),
  },
];

let engine: Engine;
let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
  engine = await engineOver(FILES);
});

const QUESTION = 'how is an invalid setting turned into a failure token';

describe('a prototype that stands in for a body elsewhere', () => {
  it("leaves a behaviour question's list when its body is found too, and the body comes first", async () => {
    const response = await engine.search(QUESTION, { intent: 'understand_code' });
    expect(response.results[0]?.path).toBe('lib/util-make-failure-token.c');
    const prototype = (r: { symbol?: string; startLine: number }) =>
      r.symbol === 'make_failure_token' && r.startLine === 6;
    const header = response.results.filter((r) => r.path === 'lib/crypt-port.h');
    expect(header.some(prototype) || header.some((r) => r.subResults?.some(prototype))).toBe(false);
  });

  it('is a prototype or #define whose name has a body elsewhere, never the body nor a prototype without one', () => {
    const corpus = buildCorpus(FILES, analyzer);
    const index = StructuralIndex.build(corpus);
    const chunk = (path: string, symbol: string) =>
      corpus.chunks.find((c) => c.path === path && c.symbol === symbol && c.kind === 'definition')!.id;
    expect(index.isStandInChunk(chunk('lib/crypt-port.h', 'make_failure_token'))).toBe(true);
    expect(index.isStandInChunk(chunk('lib/util-make-failure-token.c', 'make_failure_token'))).toBe(false);
    expect(index.isStandInChunk(chunk('lib/bzero.h', 'explicit_bzero'))).toBe(false);
  });

  it('is never demoted on a question that names the symbol', async () => {
    const definition = await engine.search('make_failure_token', { intent: 'find_definition' });
    expect(definition.results.length).toBeGreaterThan(0);
    for (const r of definition.results) expect(r.explanation.demotion).toBeNull();
  });
});

/**
 * "Similar to X" for a function with a body, in the shape of gnulib (LGPL): vdprintf.c and
 * vfprintf.c each print through `vasnprintf`, declared in vasnprintf.h; its body (vasnprintf.c
 * writes it under a macro's name, `VASNPRINTF`) is not found by that name, here left out.
 */
const PRINTF_BODY = (name: string, first: string, write: string) => [
  '#include <config.h>',
  '#include "vasnprintf.h"',
  '',
  'int',
  `${name} (${first}, const char *format, va_list args)`,
  '{',
  '  char buf[2000];',
  '  char *output;',
  '  size_t len;',
  '  size_t lenbuf = sizeof (buf);',
  '',
  '  output = vasnprintf (buf, &lenbuf, format, args);',
  '  len = lenbuf;',
  '  if (!output)',
  '    return -1;',
  `  if (${write} < len)`,
  '    {',
  '      if (output != buf)',
  '        free (output);',
  '      return -1;',
  '    }',
  '  if (output != buf)',
  '    free (output);',
  '  return len;',
  '}',
  '',
];

const PRINTF_FILES: SourceFile[] = [
  { path: 'lib/vdprintf.c', text: PRINTF_BODY('vdprintf', 'int fd', 'full_write (fd, output, len)').join('\n') },
  { path: 'lib/vfprintf.c', text: PRINTF_BODY('vfprintf', 'FILE *fp', 'fwrite (output, 1, len, fp)').join('\n') },
  {
    path: 'lib/vasnprintf.h',
    text: [
      '#include <stdarg.h>',
      '#include <stddef.h>',
      '',
      '/* Write formatted output to a string dynamically allocated with malloc().',
      '   You can pass a preallocated buffer for the result in RESULTBUF and its',
      '   size in *LENGTHP; otherwise you pass RESULTBUF = NULL.  */',
      'extern char * vasnprintf (char *restrict resultbuf, size_t *lengthp,',
      '                          const char *format, va_list args);',
      '',
    ].join('\n'),
  },
];

describe('a prototype whose body the repository does not hold by its name', () => {
  it('is demoted on "similar to X" for an X with a body: code like a body is a body', async () => {
    const printf = await engineOver(PRINTF_FILES);
    const response = await printf.search('code similar to vdprintf in vdprintf.c');
    const header = response.results.find((r) => r.path === 'lib/vasnprintf.h');
    expect(header?.explanation.demotion).toEqual({ factor: PROTOTYPE_DEMOTION_FACTOR, rule: PROTOTYPE_DEMOTION_RULE });
    const rank = (path: string) => response.results.findIndex((r) => r.path === path);
    expect(rank('lib/vfprintf.c')).toBe(0);
    expect(rank('lib/vasnprintf.h')).toBeGreaterThan(0);
  });

  it('is not demoted on a behaviour question, which it may answer with its doc comment', async () => {
    const printf = await engineOver(PRINTF_FILES);
    const response = await printf.search('formatted output written to a string allocated with malloc', {
      intent: 'understand_code',
    });
    const header = response.results.find((r) => r.path === 'lib/vasnprintf.h');
    expect(header).toBeDefined();
    expect(header?.explanation.demotion).toBeNull();
  });
});

/**
 * The shape of openafs 1.8 (IBM Public License): afs_prototypes.h declares every function of the
 * kernel module and every file includes it, so its prototypes carry the boost of a central
 * header; afs_user.c holds the body of `afs_MarkUserExpired`, afs_server.c another function that
 * marks. Demoted, the prototype still came before its own body, and pushed the body below the
 * other file's function. It is only the way to the body, which answers.
 */
describe('a stand-in whose body is a candidate too', () => {
  const chunks: Chunk[] = [
    {
      id: 0,
      fileId: 0,
      path: 'src/afs/afs_prototypes.h',
      startLine: 1005,
      endLine: 1005,
      kind: 'definition',
      symbol: 'afs_MarkUserExpired',
      definitionKind: 'function',
    },
    {
      id: 1,
      fileId: 1,
      path: 'src/afs/afs_server.c',
      startLine: 127,
      endLine: 229,
      kind: 'definition',
      symbol: 'afs_MarkServerUpOrDown',
      definitionKind: 'function',
    },
    {
      id: 2,
      fileId: 2,
      path: 'src/afs/afs_user.c',
      startLine: 652,
      endLine: 667,
      kind: 'definition',
      symbol: 'afs_MarkUserExpired',
      definitionKind: 'function',
    },
    {
      id: 3,
      fileId: 0,
      path: 'src/afs/afs_prototypes.h',
      startLine: 1006,
      endLine: 1006,
      kind: 'definition',
      symbol: 'afs_PutUser',
      definitionKind: 'function',
    },
  ];
  const hit = (chunkId: number) => ({ chunkId, score: 1, reason: '' });
  const lists = { text: [hit(0), hit(1), hit(2), hit(3)], structural: [hit(2), hit(0), hit(1)] };
  // The header every file includes is central; the body's file and the other one are not.
  const centralityOf = (id: number) => (id === 0 || id === 3 ? 4 : 0.5);
  const bodies: Record<number, number> = { 0: 2 };
  const base = fusionInput(lists, (id) => chunks[id], {
    centralityOf,
    isStandIn: (id) => id in bodies,
  });

  it('leaves the candidates: the body takes the place its prototype held above the other file', () => {
    const results = fuse({ ...base, bodyOf: (id) => bodies[id] });
    expect(results.map((r) => `${r.path} ${r.symbol}`)).toEqual([
      'src/afs/afs_user.c afs_MarkUserExpired',
      'src/afs/afs_server.c afs_MarkServerUpOrDown',
      'src/afs/afs_prototypes.h afs_PutUser',
    ]);
  });

  it('stays, demoted, when no list found the body', () => {
    const results = fuse({ ...base, lists: { text: [hit(0), hit(1)] }, bodyOf: (id) => bodies[id] });
    const header = results.find((r) => r.chunkId === 0);
    expect(header?.explanation.demotion).toEqual({ factor: STAND_IN_DEMOTION_FACTOR, rule: STAND_IN_DEMOTION_RULE });
  });

  it('came first, demoted, while only demoted', () => {
    const results = fuse(base);
    expect(results[0]?.path).toBe('src/afs/afs_prototypes.h');
    expect(results[0]?.explanation.demotion?.rule).toBe(STAND_IN_DEMOTION_RULE);
  });
});

/**
 * A header-only tree, in the shape of Linux's include/net (GPL-2.0): udp.h declares the
 * protocol's poll function, whose body is in a .c file the tree does not hold, on one bare line;
 * sock.h holds the static inline function that says when a socket is writable, under its comment,
 * and one that calls it. The question says "poll", a word of the prototype's name, and little else
 * it holds. On a question asking how, a declaration is a short body already (shortBodyLookup).
 */
const NET_FILES: SourceFile[] = [
  {
    path: 'include/net/udp.h',
    text: [
      '#include <net/sock.h>',
      '',
      'int udp_disconnect(struct sock *sk, int flags);',
      '__poll_t udp_poll(struct file *file, struct socket *sock, poll_table *wait);',
      'int udp_abort(struct sock *sk, int err);',
      '',
    ].join('\n'),
  },
  {
    path: 'include/net/tcp.h',
    text: [
      '#include <net/sock.h>',
      '',
      'void tcp_close(struct sock *sk, long timeout);',
      'int tcp_disconnect(struct sock *sk, int flags);',
      'int tcp_abort(struct sock *sk, int err);',
      '',
    ].join('\n'),
  },
  {
    path: 'include/net/sock.h',
    text: [
      '#include <linux/types.h>',
      '',
      'static inline int sk_stream_min_wspace(const struct sock *sk)',
      '{',
      '\treturn READ_ONCE(sk->sk_wmem_queued) >> 1;',
      '}',
      '',
      '/*',
      ' *\tDefault write policy as shown to user space via poll/select/SIGIO',
      ' */',
      'static inline bool sock_writeable(const struct sock *sk)',
      '{',
      '\treturn refcount_read(&sk->sk_wmem_alloc) < (READ_ONCE(sk->sk_sndbuf) >> 1);',
      '}',
      '',
      'static inline void sk_wake_writers(struct sock *sk)',
      '{',
      '\tif (sock_writeable(sk))',
      '\t\tsk->sk_write_space(sk);',
      '}',
      '',
    ].join('\n'),
  },
];

describe('a bare prototype whose body the repository does not hold', () => {
  it('is demoted on a question about what code does, and the function that answers comes first', async () => {
    const net = await engineOver(NET_FILES);
    const response = await net.search(
      'what is the default rule for reporting a socket as writable to poll and select',
      {
        intent: 'understand_code',
      },
    );
    expect(response.results[0]?.symbol).toBe('sock_writeable');
    const poll = response.results.find((r) => r.symbol === 'udp_poll');
    expect(poll?.explanation.demotion).toEqual({
      factor: BARE_PROTOTYPE_DEMOTION_FACTOR,
      rule: BARE_PROTOTYPE_DEMOTION_RULE,
    });
  });

  it('is not demoted when it names what is asked for', async () => {
    const net = await engineOver(NET_FILES);
    const definition = await net.search('udp_poll', { intent: 'find_definition' });
    expect(definition.results[0]?.symbol).toBe('udp_poll');
    expect(definition.results[0]?.explanation.demotion).toBeNull();
  });
});

/**
 * A C old-style definition (after OpenAFS 1.8.9's src/rx/xdr_stdio.c, IBM Public License): its
 * parameter declarations stand between the declarator and the body, each ending with `;`, and the
 * analyzer's signature, which runs up to the body, once ended with the last of them, the mark of a
 * declaration without a body. It has a body: no rule for prototypes weighs it.
 */
const OLD_STYLE_FILES: SourceFile[] = [
  {
    path: 'src/rx/xdr_stdio.c',
    text: [
      '#include <stdio.h>',
      '#include "xdr.h"',
      '',
      'static void xdrstdio_destroy();',
      '',
      'void',
      'xdrstdio_create(xdrs, file, op)',
      '     XDR *xdrs;',
      '     FILE *file;',
      '     enum xdr_op op;',
      '{',
      '    xdrs->x_op = op;',
      '    xdrs->x_private = (caddr_t) file;',
      '    xdrs->x_handy = 0;',
      '}',
      '',
      'static void',
      'xdrstdio_destroy(xdrs)',
      '     XDR *xdrs;',
      '{',
      '    (void)fflush((FILE *) xdrs->x_private);',
      '}',
      '',
    ].join('\n'),
  },
];

describe('a C old-style definition', () => {
  it('is a definition with a body, not a bare prototype', async () => {
    const engine = await engineOver(OLD_STYLE_FILES);
    const response = await engine.search('initialize a stdio xdr stream', { intent: 'understand_code' });
    const create = response.results.find((r) => r.symbol === 'xdrstdio_create');
    expect(create?.startLine).toBe(6);
    expect(create?.explanation.demotion).toBeNull();
  });

  it('has a signature that does not end as a declaration without a body does', async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const definitions = analyzer.analyze(OLD_STYLE_FILES[0].path, OLD_STYLE_FILES[0].text).definitions;
    const create = definitions.find((d) => d.name === 'xdrstdio_create');
    expect(create?.signature).toBe('void xdrstdio_create(xdrs, file, op) XDR *xdrs; FILE *file; enum xdr_op op');
    const prototype = definitions.find((d) => d.name === 'xdrstdio_destroy' && d.startLine === 4);
    expect(prototype?.signature).toBe('static void xdrstdio_destroy();');
  });
});
