/**
 * On a question asking how, a file shown by a stand-in for a body in another file is shown by that
 * body (fuse.ts withStandInsHandingOn). The shapes of SDCC 4.2's library (GPL with the library
 * exception): include/stdlib.h declares `rand`, which lib/src/rand.c and a port's
 * lib/src/pic16/libc/stdlib/rand.c each define; vprintf.c's `printf` starts its argument list and
 * hands everything to `_print_format` in printf_large.c, which walks the format string.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chunk, SourceFile } from '../contract';
import type { Engine } from '../engine';
import { fuse } from '../fuse';
import { fusionInput } from '../../../test/support/fusion-input';
import { corpusOf, engineOver } from '../../../test/support/engine';
import { forwardeeLookup } from './members';
import { buildCorpus } from '../structural/corpus';
import { StructuralAnalyzer } from '../structural/analyzer';
import { nodeGrammars } from '../../node/grammars';

const RAND_BODY = (type: string, update: string) => [
  '#include <stdlib.h>',
  '',
  'static unsigned long s = 0x80000001;',
  '',
  `${type} rand(void)`,
  '{',
  '\tregister unsigned long t = s;',
  `\t${update}`,
  '\tt ^= t >> 11;',
  '\tt ^= t << 7;',
  '\ts = t;',
  '\treturn (t & RAND_MAX);',
  '}',
  '',
];

const RAND_FILES: SourceFile[] = [
  {
    path: 'include/stdlib.h',
    text: [
      '#ifndef __SDC51_STDLIB_H',
      '#define __SDC51_STDLIB_H 1',
      '',
      '#define RAND_MAX 32767',
      '',
      '/* Pseudo-random numbers: rand returns the next number generated, srand seeds the generator. */',
      'int rand(void);',
      'void srand(unsigned int seed);',
      '',
      '#endif',
      '',
    ].join('\n'),
  },
  { path: 'lib/src/rand.c', text: RAND_BODY('int', 't ^= t << 13;').join('\n') },
  { path: 'lib/src/pic16/libc/stdlib/rand.c', text: RAND_BODY('long', 't ^= t << 12;').join('\n') },
  {
    path: 'lib/src/srand.c',
    text: [
      '#include <stdlib.h>',
      '',
      'extern unsigned long s;',
      '',
      'void srand(unsigned int seed)',
      '{',
      '\ts = seed | 0x80000000;',
      '}',
      '',
    ].join('\n'),
  },
];

const PRINTF_FILES: SourceFile[] = [
  {
    path: 'lib/src/vprintf.c',
    text: [
      '#include <stdarg.h>',
      '#include <stdio.h>',
      '',
      'static void',
      'put_char_to_stdout (char c, void* p)',
      '{',
      '  putchar (c);',
      '}',
      '',
      '/* printf: print to stdout through the format string, as each % conversion says */',
      'int',
      'printf (const char *format, ...)',
      '{',
      '  va_list arg;',
      '  int i;',
      '',
      '  va_start (arg, format);',
      '  i = _print_format (put_char_to_stdout, NULL, format, arg);',
      '  va_end (arg);',
      '',
      '  return i;',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'lib/src/printf_large.c',
    text: [
      '#include <stdarg.h>',
      '#include <stdio.h>',
      '',
      'int',
      '_print_format (pfn_outputchar pfn, void* pvoid, const char *format, va_list ap)',
      '{',
      '  int charsOutputted = 0;',
      '  char c;',
      '  while ( c=*format++ )',
      '  {',
      "    if ( c=='%' )",
      '    {',
      '      c = *format++;',
      '      switch( c )',
      '      {',
      "      case 'd':",
      '        output_int (va_arg(ap, int), pfn, pvoid);',
      '        break;',
      "      case 's':",
      '        output_string (va_arg(ap, char *), pfn, pvoid);',
      '        break;',
      '      }',
      '    }',
      '    else',
      '      pfn (c, pvoid);',
      '    charsOutputted++;',
      '  }',
      '  return charsOutputted;',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'include/stdio.h',
    text: [
      '#define va_start(marker, last) { marker = (va_list)&last + sizeof(last); }',
      '#define va_end(marker) { marker = (va_list) 0; }',
      'extern int _print_format (pfn_outputchar pfn, void* pvoid, const char *format, va_list ap);',
      'extern int printf (const char *format, ...);',
      '',
    ].join('\n'),
  },
];

describe('a prototype of a function the library defines once per port', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineOver(RAND_FILES);
  });

  it('hands its place to the body nearest the root on a question asking how, no list having found it', async () => {
    const response = await engine.search('how are pseudo-random numbers generated', { intent: 'understand_code' });
    const first = response.results[0];
    expect(`${first?.path}:${first?.startLine}`).toBe('lib/src/rand.c:5');
    expect(first?.explanation.inPlaceOf).toMatchObject({ path: 'include/stdlib.h', startLine: 7, symbol: 'rand' });
    expect(response.results.some((r) => r.path === 'include/stdlib.h' && r.symbol === 'rand')).toBe(false);
  });

  it('stays on a sentence saying what the function does, which its declaration answers', async () => {
    const response = await engine.search('Pseudo-random numbers: rand returns the next number generated', {
      intent: 'understand_code',
    });
    expect(response.results[0]?.path).toBe('include/stdlib.h');
    expect(response.results[0]?.explanation.inPlaceOf).toBeUndefined();
  });
});

describe('a forwarder whose one call hands the work to a function in another file', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineOver(PRINTF_FILES);
  });

  it('hands its place to that function on a question asking how', async () => {
    const response = await engine.search('how does printf print to stdout', { intent: 'understand_code' });
    const first = response.results[0];
    expect(`${first?.path} ${first?.symbol}`).toBe('lib/src/printf_large.c _print_format');
    expect(first?.explanation.inPlaceOf).toMatchObject({ path: 'lib/src/vprintf.c', symbol: 'printf' });
    // The body's file is shown once, at the forwarder's place.
    expect(response.results.filter((r) => r.path === 'lib/src/printf_large.c')).toHaveLength(1);
  });

  it('is told by its calls: macros and prototypes resolve to no body; two bodies, a branch or a call inside an expression make no forwarder', async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const files: SourceFile[] = [
      ...PRINTF_FILES,
      {
        path: 'lib/src/sprintf.c',
        text: [
          'int',
          'sprintf (char *buf, const char *format, ...)',
          '{',
          '  va_list arg;',
          '  va_start (arg, format);',
          '  if (!buf)',
          '    return 0;',
          '  return _print_format (put_char_to_string, &buf, format, arg);',
          '}',
          '',
          'double',
          'distance (double a, double b)',
          '{',
          '  double h = sin (deg_to_rad (a - b) * 0.5);',
          '  return h * h;',
          '}',
          '',
          'int',
          'vprintf2 (const char *format, va_list ap)',
          '{',
          '  _print_format (put_char_to_stdout, NULL, format, ap);',
          '  return printf (format);',
          '}',
          '',
        ].join('\n'),
      },
      {
        path: 'lib/src/util.c',
        text: ['double', 'deg_to_rad (double degree)', '{', '  return degree * (PI / 180.0);', '}', ''].join('\n'),
      },
    ];
    const corpus = buildCorpus(files, analyzer);
    const byName = new Map<string, number[]>();
    for (const c of corpus.chunks)
      if (c.kind === 'definition' && c.symbol) byName.set(c.symbol, [...(byName.get(c.symbol) ?? []), c.id]);
    // Go-to-definition by name, as the graph resolves a C call: every definition of the name.
    const forwardee = forwardeeLookup(corpus, (_file, _line, name) => byName.get(name) ?? []);
    const chunk = (path: string, symbol: string) =>
      corpus.chunks.find((c) => c.path === path && c.symbol === symbol && c.kind === 'definition')!;
    const body = chunk('lib/src/printf_large.c', '_print_format');
    expect(forwardee(chunk('lib/src/vprintf.c', 'printf'))).toBe(body.id);
    expect(forwardee(chunk('lib/src/sprintf.c', 'sprintf'))).toBeUndefined();
    expect(forwardee(chunk('lib/src/sprintf.c', 'vprintf2'))).toBeUndefined();
    // A call inside an expression is a step of the function's own work (osmium's haversine `distance`).
    expect(forwardee(chunk('lib/src/sprintf.c', 'distance'))).toBeUndefined();
    // A call to a function of its own file is delegateLookup's, not a body elsewhere.
    expect(forwardee(chunk('lib/src/vprintf.c', 'put_char_to_stdout'))).toBeUndefined();
  });

  it("is no forwarder when it also calls an outside library's function for what it does", async () => {
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const files: SourceFile[] = [
      {
        path: 'src/x11/util/cursor.rs',
        text: [
          'use super::*;',
          '',
          'impl XConnection {',
          '    fn update_cursor(&self, window: ffi::Window, cursor: ffi::Cursor) {',
          '        unsafe {',
          '            (self.xlib.XDefineCursor)(self.display, window, cursor);',
          '',
          '            self.flush_requests().expect("Failed to set the cursor");',
          '        }',
          '    }',
          '',
          '    fn flush_cursor(&self) {',
          '        let display = unsafe { (self.xlib.XDisplayString)(self.display) };',
          '        debug!("flushing {:?}", display);',
          '        self.flush_requests().expect("Failed to flush");',
          '    }',
          '',
          '    fn flush_logged(&self, log: &mut Vec<u8>) {',
          '        log.clear();',
          '        self.flush_requests().expect("Failed to flush");',
          '    }',
          '}',
          '',
        ].join('\n'),
      },
      {
        path: 'src/x11/util/mod.rs',
        text: [
          'impl XConnection {',
          '    pub fn flush_requests(&self) -> Result<(), XError> {',
          '        unsafe { (self.xlib.XFlush)(self.display) };',
          '        self.check_errors()',
          '    }',
          '}',
          '',
        ].join('\n'),
      },
    ];
    const corpus = buildCorpus(files, analyzer);
    const byName = new Map<string, number[]>();
    for (const c of corpus.chunks)
      if (c.kind === 'definition' && c.symbol) byName.set(c.symbol, [...(byName.get(c.symbol) ?? []), c.id]);
    const forwardee = forwardeeLookup(corpus, (_file, _line, name) => byName.get(name) ?? []);
    const chunk = (symbol: string) => corpus.chunks.find((c) => c.symbol === symbol && c.kind === 'definition')!;
    // Xlib's XDefineCursor, a function of the loaded library called through its field, sets
    // the cursor: update_cursor works, and flush_requests only sends what it did.
    expect(forwardee(chunk('update_cursor'))).toBeUndefined();
    // A library call whose value is stored prepares an argument, and a macro (`debug!`) is no call
    // of outside code: flush_cursor hands its work on.
    expect(forwardee(chunk('flush_cursor'))).toBe(chunk('flush_requests').id);
    // A method of a parameter readies what is passed on, whatever it does.
    expect(forwardee(chunk('flush_logged'))).toBe(chunk('flush_requests').id);
  });

  it('keeps it on a question in the engine that does not ask how', async () => {
    const forwarders = await engineOver(PRINTF_FILES);
    const response = await forwarders.search('print to stdout through the format string', {
      intent: 'understand_code',
    });
    expect(response.results.every((r) => r.explanation.inPlaceOf === undefined)).toBe(true);
    expect(corpusOf(forwarders).chunks.length).toBeGreaterThan(0);
  });
});

describe('withStandInsHandingOn, in the fusion', () => {
  const chunk = (id: number, path: string, symbol: string, startLine: number): Chunk => ({
    id,
    fileId: id,
    path,
    startLine,
    endLine: startLine + 10,
    kind: 'definition',
    symbol,
    definitionKind: 'function',
  });
  const chunks = [
    chunk(0, 'a/forward.c', 'forward', 1),
    chunk(1, 'b/other.c', 'other', 1),
    chunk(2, 'c/work.c', 'work', 1),
    chunk(3, 'd/unfound.c', 'unfound', 1),
  ];
  const hit = (chunkId: number) => ({ chunkId, score: 1, reason: '' });
  const lists = { text: [hit(0), hit(1), hit(2)], structural: [hit(0), hit(1), hit(2)] };
  const base = fusionInput(lists, (id) => chunks[id], {});

  it("puts the body at the stand-in's place, and its file's later place leaves", () => {
    const results = fuse({ ...base, bodiesElsewhereOf: (c) => (c.id === 0 ? { bodies: [2], first: 2 } : undefined) });
    expect(results.map((r) => r.symbol)).toEqual(['work', 'other']);
    expect(results[0].explanation.inPlaceOf).toMatchObject({ chunkId: 0, path: 'a/forward.c' });
    expect(results[0].score).toBeGreaterThanOrEqual(results[1].score);
  });

  it('leaves a stand-in whose body shows a file above it', () => {
    const results = fuse({ ...base, bodiesElsewhereOf: (c) => (c.id === 1 ? { bodies: [0], first: 0 } : undefined) });
    expect(results.map((r) => r.symbol)).toEqual(['forward', 'other', 'work']);
  });

  it('takes a body no list found only when told to, and only the first body', () => {
    const unfound = (c: Chunk) => (c.id === 0 ? { bodies: [3], first: 3 } : undefined);
    expect(fuse({ ...base, bodiesElsewhereOf: unfound }).map((r) => r.symbol)).toEqual(['forward', 'other', 'work']);
    expect(fuse({ ...base, bodiesElsewhereOf: unfound, handsOnToUnfound: true }).map((r) => r.symbol)).toEqual([
      'unfound',
      'other',
      'work',
    ]);
    const noFirst = (c: Chunk) => (c.id === 0 ? { bodies: [3] } : undefined);
    expect(fuse({ ...base, bodiesElsewhereOf: noFirst, handsOnToUnfound: true })[0].symbol).toBe('forward');
  });

  it("reads a Ruby block handed to the forwarded call as that call's argument, not a loop", async () => {
    // The shapes of TaskJuggler 3.7 (GPL-2.0): Project#collectTimeOffIntervals hands its interval
    // and minimum length to the scoreboard's collectIntervals with a block choosing the slots.
    const analyzer = await StructuralAnalyzer.create(nodeGrammars);
    const files: SourceFile[] = [
      {
        path: 'lib/taskjuggler/Project.rb',
        text: [
          'class Project',
          '  def collectTimeOffIntervals(iv, minDuration)',
          '    @scoreboard.collectIntervals(iv, minDuration) do |val|',
          '      val.is_a?(Integer) && (val & 0x3E) != 0',
          '    end',
          '  end',
          '',
          '  def eachOffInterval(ivs, minDuration)',
          '    ivs.each do |iv|',
          '      @scoreboard.collectIntervals(iv, minDuration)',
          '    end',
          '  end',
          '',
          '  def firstOffInterval(iv, minDuration)',
          '    @scoreboard.collectIntervals(iv, minDuration) do |val|',
          '      if val.nil? then false else val > 0 end',
          '    end',
          '  end',
          'end',
          '',
        ].join('\n'),
      },
      {
        path: 'lib/taskjuggler/Scoreboard.rb',
        text: [
          'class Scoreboard',
          '  def collectIntervals(iv, minDuration)',
          '    intervals = []',
          '    iv.each { |slot| intervals << slot if yield(slot) }',
          '    intervals.select { |i| i.length >= minDuration }',
          '  end',
          'end',
          '',
        ].join('\n'),
      },
    ];
    const corpus = buildCorpus(files, analyzer);
    const own = (c: Chunk) => c.symbol?.split(/[.#:]/).pop();
    const byName = new Map<string, number[]>();
    for (const c of corpus.chunks) {
      const name = own(c);
      if (c.kind === 'definition' && name) byName.set(name, [...(byName.get(name) ?? []), c.id]);
    }
    const forwardee = forwardeeLookup(corpus, (_file, _line, name) => byName.get(name) ?? []);
    const chunk = (name: string) => corpus.chunks.find((c) => own(c) === name && c.kind === 'definition')!;
    expect(forwardee(chunk('collectTimeOffIntervals'))).toBe(chunk('collectIntervals').id);
    // A block of another call is a loop of the function's own, and a block that branches decides.
    expect(forwardee(chunk('eachOffInterval'))).toBeUndefined();
    expect(forwardee(chunk('firstOffInterval'))).toBeUndefined();
  });
});
