import { describe, expect, it } from 'vitest';
import { arityAffinity, callArity, closestArities, requiredArity } from './arity';

describe('requiredArity reads the arguments a call must pass', () => {
  it('counts parameters in Go, C, PHP, Rust, Python and Ruby signatures of the real projects', () => {
    expect(requiredArity('InOrStdin', 'func (c *Command) InOrStdin() io.Reader')).toBe(0);
    expect(requiredArity('getIn', 'func (c *Command) getIn(def io.Reader) io.Reader')).toBe(1);
    expect(requiredArity('writeFlag', 'func writeFlag(buf io.StringWriter, flag *pflag.Flag, cmd *Command)')).toBe(3);
    expect(requiredArity('ld', 'func ld(s, t string, ignoreCase bool) int')).toBe(3);
    expect(requiredArity('check_salt_char', 'static int check_salt_char (char ch)')).toBe(1);
    expect(requiredArity('setkey', 'void setkey (ARG_UNUSED (const char *key))')).toBe(1);
    expect(requiredArity('crypt_preferred_method', 'const char * crypt_preferred_method (void)')).toBe(0);
    expect(requiredArity('isActive', 'public function isActive(): bool')).toBe(0);
    expect(requiredArity('setActive', 'public function setActive(bool $active): void')).toBe(1);
    expect(requiredArity('nodelay', 'pub fn nodelay(&self) -> io::Result<bool>')).toBe(0);
    expect(requiredArity('set_nodelay', 'pub fn set_nodelay(&self, nodelay: bool) -> io::Result<()>')).toBe(1);
    expect(
      requiredArity(
        'try_write_vectored',
        "pub fn try_write_vectored(&self, bufs: &[io::IoSlice<'_>]) -> io::Result<usize>",
      ),
    ).toBe(1);
    expect(requiredArity('exit', 'def exit(self, code: int = 0) -> "te.NoReturn":')).toBe(0);
    expect(requiredArity('fail', 'def fail(self, message: str) -> "te.NoReturn":')).toBe(1);
    expect(requiredArity('fetch', 'def fetch(key, *args)')).toBe(1);
    expect(requiredArity('[]=', 'def []=(key, value)')).toBe(2);
    expect(
      requiredArity('say', 'def say(message = "", color = nil, force_new_line = (message.to_s !~ /( |\\t)\\Z/))'),
    ).toBe(0);
  });

  it('leaves out what a call may omit, and has nothing to say without a parameter list', () => {
    expect(requiredArity('map', 'map<T, U>(xs: T[], f: (x: T) => U, thisArg?: unknown): U[]')).toBe(2);
    expect(requiredArity('log', 'func log(format string, args ...interface{})')).toBe(1);
    expect(requiredArity('usage', 'def usage')).toBeNull();
    expect(requiredArity('un', 'func (c *Command) run(x int)')).toBeNull();
  });
});

describe('arityAffinity', () => {
  it('is 1 for the same arity, falls with the difference, and is 1 when either is unknown', () => {
    expect(arityAffinity(2, 2)).toBe(1);
    expect(arityAffinity(0, 1)).toBeCloseTo(0.25, 12);
    expect(arityAffinity(3, 2)).toBeCloseTo(0.5625, 12);
    expect(arityAffinity(null, 3)).toBe(1);
  });
});

describe('callArity and closestArities: the call counts a signature allows, and the closest of two', () => {
  it('reads a value that may be left out as one a call may pass (dns SetDo, Symfony setHorizontal, docutils set_io)', () => {
    expect(callArity('SetDo', 'func (rr *OPT) SetDo(do ...bool)')).toEqual({ min: 0, max: Infinity });
    expect(callArity('Do', 'func (rr *OPT) Do() bool')).toEqual({ min: 0, max: 0 });
    expect(callArity('setHorizontal', 'public function setHorizontal(bool $horizontal = true): self')).toEqual({
      min: 0,
      max: 1,
    });
    expect(callArity('set_io', 'def set_io(self, source_path=None, destination_path=None):')).toEqual({
      min: 0,
      max: 2,
    });
    expect(callArity('fetch', 'def fetch(key, *args)')).toEqual({ min: 1, max: Infinity });
    expect(callArity('run', 'def run(self, *, timeout=None)')).toEqual({ min: 0, max: 1 });
    expect(callArity('each', 'def each(&block)')).toEqual({ min: 0, max: 0 });
    expect(callArity('usage', 'def usage')).toBeNull();
  });

  it('pairs the nearest counts: a setter with a default beside setters and a getter, exit(code=0) beside abort()', () => {
    const setHorizontal = { min: 0, max: 1 };
    const setRows = { min: 1, max: 1 };
    const render = { min: 0, max: 0 };
    expect(closestArities(setHorizontal, setRows)).toEqual([1, 1]);
    expect(closestArities(setHorizontal, render)).toEqual([0, 0]);
    // click Context.abort() · exit(code=0) · fail(message).
    expect(closestArities(render, { min: 0, max: 1 })).toEqual([0, 0]);
    expect(closestArities(render, setRows)).toEqual([0, 1]);
    expect(closestArities({ min: 3, max: 3 }, { min: 0, max: 1 })).toEqual([3, 1]);
  });
});
