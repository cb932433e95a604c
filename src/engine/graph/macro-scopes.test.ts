/**
 * Dependants the eighth group's graph missed, on the shapes of real code: rustix's macros (a
 * `cstr!` call is the macro's, not its `mod cstr`'s; `syscall!` is the backend's own; a comment
 * ending in a full stop above `weak_or_syscall! {` makes it no member), ruma's module paths inside
 * a macro's tokens, RubyGems' `class Gem::UriFormatter` used as `Gem::UriFormatter.new`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { parsedDependants } from '../../../test/support/parsed-graph';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const dependantsOf = (files: Record<string, string>, path: string) => parsedDependants(analyzer, files, path);

// rustix 0.35.12 (Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT): src/lib.rs, src/cstr.rs,
// the two backends' macro files and callers, cut down to the lines that declare and invoke them.
const rustix = {
  'Cargo.toml': '[package]\nname = "rustix"\n',
  'src/lib.rs': [
    '#[cfg(not(windows))]',
    '#[macro_use]',
    'pub(crate) mod cstr;',
    '#[macro_use]',
    'pub(crate) mod const_assert;',
    'mod backend;',
    'pub mod io;',
  ].join('\n'),
  'src/cstr.rs': [
    '#[allow(unused_macros)]',
    '#[macro_export]',
    'macro_rules! cstr {',
    '    ($str:literal) => {{',
    '        assert!(',
    "            !$str.bytes().any(|b| b == b'\\0'),",
    '            "cstr argument contains embedded NUL bytes",',
    '        );',
    '        unsafe { $crate::ffi::CStr::from_bytes_with_nul_unchecked(concat!($str, "\\0").as_bytes()) }',
    '    }};',
    '}',
  ].join('\n'),
  'src/io/mod.rs': 'mod procfs;\n',
  'src/io/procfs.rs': [
    'use crate::fs::{openat, Mode, OFlags};',
    '',
    'fn proc_self_fdinfo() -> io::Result<OwnedFd> {',
    '    let proc = proc_opendirat(cwd(), cstr!("/proc"))?;',
    '    Ok(proc)',
    '}',
  ].join('\n'),
  'src/backend/mod.rs': 'mod libc;\nmod linux_raw;\n',
  'src/backend/libc/mod.rs': ['#[macro_use]', 'mod weak;', 'mod rand;', 'mod time;'].join('\n'),
  'src/backend/libc/weak.rs': [
    'macro_rules! weak {',
    '    ($vis:vis fn $name:ident($($t:ty),*) -> $ret:ty) => {',
    '        static $name: Weak<unsafe extern "C" fn($($t),*) -> $ret> = Weak::new(concat!(stringify!($name), \'\\0\'));',
    '    };',
    '}',
    '',
    'pub(crate) struct Weak<F> {',
    "    name: &'static str,",
    '}',
    '',
    'macro_rules! syscall {',
    '    (fn $name:ident($($arg_name:ident: $t:ty),*) via $_sys_name:ident -> $ret:ty) => {',
    '        unsafe fn $name($($arg_name: $t),*) -> $ret { weak! { fn $name($($t),*) -> $ret } }',
    '    };',
    '}',
    '',
    'macro_rules! weak_or_syscall {',
    '    ($($t:tt)*) => { syscall! { $($t)* } };',
    '}',
  ].join('\n'),
  'src/backend/libc/rand/syscalls.rs': [
    'pub(crate) fn getrandom(buf: &mut [u8], flags: GetRandomFlags) -> io::Result<usize> {',
    "    // `getrandom` wasn't supported in glibc until 2.25.",
    '    weak_or_syscall! {',
    '        fn getrandom(buf: *mut c::c_void, buflen: c::size_t, flags: c::c_uint) via SYS_getrandom -> c::ssize_t',
    '    }',
    '    Ok(0)',
    '}',
  ].join('\n'),
  'src/backend/libc/time/syscalls.rs': 'weak!(fn __clock_gettime64(c::clockid_t, *mut LibcTimespec) -> c::c_int);\n',
  'src/backend/linux_raw/mod.rs': ['#[macro_use]', 'mod arch;', 'mod time;'].join('\n'),
  'src/backend/linux_raw/arch/mod.rs': [
    'macro_rules! syscall {',
    '    ($nr:ident) => {',
    '        $crate::backend::arch::choose::syscall0($crate::backend::reg::nr(linux_raw_sys::general::$nr))',
    '    };',
    '}',
  ].join('\n'),
  'src/backend/linux_raw/time/syscalls.rs': [
    'pub(crate) fn clock_getres(which_clock: ClockId) -> Timespec {',
    '    unsafe { ret_infallible(syscall!(__NR_clock_getres, which_clock, &mut result)) }',
    '}',
  ].join('\n'),
};

describe('Rust: macros are their own namespace, scoped by where they are defined', () => {
  it('`cstr!(…)` uses the macro, not the `mod cstr` of the same name', async () => {
    expect(await dependantsOf(rustix, 'src/cstr.rs')).toContain('src/io/procfs.rs');
  });

  it('`syscall!` in one backend is that backend’s macro, not the other’s', async () => {
    const weak = await dependantsOf(rustix, 'src/backend/libc/weak.rs');
    expect(weak).toEqual(
      expect.arrayContaining([
        'src/backend/libc/mod.rs',
        'src/backend/libc/rand/syscalls.rs',
        'src/backend/libc/time/syscalls.rs',
      ]),
    );
    expect(weak).not.toContain('src/backend/linux_raw/time/syscalls.rs');
    expect(await dependantsOf(rustix, 'src/backend/linux_raw/arch/mod.rs')).toContain(
      'src/backend/linux_raw/time/syscalls.rs',
    );
  });
});

// Rust's core 1.63 (MIT OR Apache-2.0): str/validations.rs's run_utf8_validation keeps a
// `macro_rules! err` for its own body; option.rs's ok_or_else calls its closure parameter `err()`.
const core = {
  'Cargo.toml': '[package]\nname = "core"\n',
  'lib.rs': 'pub mod option;\npub mod str;\n',
  'str/mod.rs': 'mod count;\nmod validations;\npub use validations::utf8_char_width;\n',
  'str/count.rs': [
    'fn char_count_general_case(s: &[u8]) -> usize {',
    '    s.iter().filter(|&&byte| !super::validations::utf8_is_cont_byte(byte)).count()',
    '}',
  ].join('\n'),
  'str/validations.rs': [
    'pub(super) const fn utf8_is_cont_byte(byte: u8) -> bool {',
    '    (byte as i8) < -64',
    '}',
    '',
    'pub const fn utf8_char_width(b: u8) -> usize {',
    '    UTF8_CHAR_WIDTH[b as usize] as usize',
    '}',
    '',
    'pub(super) const fn run_utf8_validation(v: &[u8]) -> Result<(), Utf8Error> {',
    '    let mut index = 0;',
    '    while index < v.len() {',
    '        macro_rules! err {',
    '            ($error_len: expr) => {',
    '                return Err(Utf8Error { valid_up_to: old_offset, error_len: $error_len })',
    '            };',
    '        }',
    '        if v[index] > 127 {',
    '            err!(Some(1))',
    '        }',
    '        index += 1;',
    '    }',
    '    Ok(())',
    '}',
  ].join('\n'),
  'option.rs': [
    'impl<T> Option<T> {',
    '    pub const fn ok_or_else<E, F>(self, err: F) -> Result<T, E>',
    '    where',
    '        F: ~const FnOnce() -> E,',
    '    {',
    '        match self {',
    '            Some(v) => Ok(v),',
    '            None => Err(err()),',
    '        }',
    '    }',
    '}',
  ].join('\n'),
};

describe('Rust: a call without `!` never reaches a macro', () => {
  it('`err()` (a closure parameter) is no use of a file whose only `err` is a macro', async () => {
    const dependants = await dependantsOf(core, 'str/validations.rs');
    expect(dependants).toContain('str/mod.rs');
    expect(dependants).toContain('str/count.rs');
    expect(dependants).not.toContain('option.rs');
  });
});

describe('Rust: module paths inside a macro’s tokens', () => {
  // ruma-common 0.10.5 (MIT): events/enums.rs names each event module inside `event_enum! { … }`.
  const ruma = {
    'Cargo.toml': '[package]\nname = "ruma-common"\n',
    'src/lib.rs': 'pub mod events;\n',
    'src/events.rs': 'pub mod call;\nmod enums;\n',
    'src/events/call.rs': 'pub mod reject;\n',
    'src/events/call/reject.rs': [
      '#[derive(Clone, Debug, Deserialize, Serialize, EventContent)]',
      '#[ruma_event(type = "m.call.reject", kind = MessageLike)]',
      'pub struct CallRejectEventContent {',
      '    pub call_id: String,',
      '}',
    ].join('\n'),
    'src/events/enums.rs': [
      'use ruma_macros::{event_enum, EventEnumFromEvent};',
      '',
      'event_enum! {',
      '    enum MessageLike {',
      '        #[cfg(feature = "unstable-msc2746")]',
      '        "m.call.reject" => super::call::reject,',
      '    }',
      '}',
    ].join('\n'),
  };

  it('`"m.call.reject" => super::call::reject` makes enums.rs depend on call/reject.rs', async () => {
    expect(await dependantsOf(ruma, 'src/events/call/reject.rs')).toContain('src/events/enums.rs');
  });
});

describe('Ruby: a class defined with its scope (`class Gem::UriFormatter`)', () => {
  // RubyGems 3.3.15 (Ruby or MIT): rubygems.rb's module Gem, uri_formatter.rb, and request.rb,
  // which uses it without a require.
  const rubygems = {
    'rubygems.rb': ['module Gem', "  VERSION = '3.3.15'.freeze", 'end'].join('\n'),
    'rubygems/uri_formatter.rb': [
      'class Gem::UriFormatter',
      '  attr_reader :uri',
      '',
      '  def initialize(uri)',
      "    require 'cgi'",
      '    @uri = uri',
      '  end',
      '',
      '  def unescape',
      '    return unless @uri',
      '    CGI.unescape @uri',
      '  end',
      'end',
    ].join('\n'),
    'rubygems/request.rb': [
      'class Gem::Request',
      '  def fetch',
      '    request.basic_auth Gem::UriFormatter.new(@uri.user).unescape,',
      '                       Gem::UriFormatter.new(@uri.password).unescape',
      '  end',
      'end',
    ].join('\n'),
  };

  it('is what `Gem::UriFormatter.new` in another file names, with no require', async () => {
    expect(await dependantsOf(rubygems, 'rubygems/uri_formatter.rb')).toEqual(['rubygems/request.rb']);
  });
});
