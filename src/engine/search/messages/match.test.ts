/**
 * A pasted message with its values filled in leads to the format string that printed it: the
 * paste read (wrappers, lines printed together), candidate lines, alignment and ranking, the
 * text followed to where else it is written, and the classifier's routing. Fixtures are excerpts
 * of real projects (licences in their first line).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  fixture,
  formatsFor,
  matchingLines,
  route,
  routeWithFiles,
  routeWithFormats,
  sourcesOf,
  sourcesOfFiles,
} from '../../../../test/support/messages';
import { planQuery, routePastedText } from '../../classify';
import { Engine } from '../../engine';
import { alignFormat } from './align';
import { helperCallSites, valueLiterals } from './followed';
import { debugStructRuns, formatPieces, formatRuns, OS_ERROR } from './formats';
import { findFormatStrings } from './match';
import { readPastedLines, unwrapMessage } from './paste';
import { formatLinePattern } from './place';
import type { MessageSources } from './shared';
import { engineOver } from '../../../../test/support/engine';
import { OTHER_FORMAT_DEMOTION_RULE } from '../../ranking';

describe('a pasted message finds its format string', () => {
  it('Go %q: cobra’s “unknown command” error, the “Error: ” cobra prints around it left out', () => {
    const lines = fixture('cobra-args.go.txt');
    const plan = route('Error: unknown command "serv" for "hugo"', lines);
    expect(plan).toMatchObject({ intent: 'exact_match', rule: 'verbatim-text', pasted: true });
    expect(plan.literal).toBeUndefined();
    // Both of cobra's lines print it: `%q for %q%s` (line 8) and `%q for %q` (line 16).
    expect(matchingLines(lines, plan.regex!)).toEqual([8, 16]);
  });

  it('Python f-string: click’s “Name … defined twice”, the quoted value never the literal', () => {
    const lines = fixture('click-core.py.txt');
    const plan = route("TypeError: Name 'verbose' defined twice", lines);
    expect(plan.regex).toBeDefined();
    expect(plan.literal).toBeUndefined();
    expect(matchingLines(lines, plan.regex!)).toEqual([11]);
    expect(lines[10]).toContain(`raise TypeError(f"Name '{name}' defined twice")`);
  });

  it('Rust {}: semver’s “unexpected character … after …”, a trailing value of several words dropped', () => {
    const lines = fixture('semver-error.rs.txt');
    const plan = route("unexpected character 'x' after major version number", lines);
    expect(plan.regex).toBeDefined();
    expect(matchingLines(lines, plan.regex!)).toEqual([19]);
    expect(lines[18]).toContain('"unexpected character {} after {}"');
  });

  it('a message whose format the repository does not hold keeps its plan', () => {
    const lines = fixture('semver-error.rs.txt');
    const query = 'port 80a is not a number';
    expect(route(query, lines)).toEqual(planQuery(query));
  });
});

describe('a C++ message written into a stream over several statements', () => {
  it('OpenVDB’s `ss << "expected grid "; if (…) ss << gridName << " "; ss << "outside value > 0, got " << v;` is one format', () => {
    const found = formatsFor(
      'ValueError: expected grid B outside value > 0, got -0.1',
      'openvdb-composite-validate.h.txt',
    );
    // The line whose words say which value was wrong leads; the inside-value message prints another text.
    expect(found[0]).toMatchObject({ line: 12, literal: 'outside value > 0, got ' });
    expect(found.map((f) => f.line)).not.toContain(19);
    const runs = formatRuns('ss << "a "; if (!n.empty()) ss << n << " "; ss << "b, got " << v;');
    expect(runs.map((r) => r.pieces)).toEqual([
      [{ constant: 'a ' }, { placeholder: 'n' }, { constant: ' ' }, { constant: 'b, got ' }, { placeholder: '<< v;' }],
    ]);
    // Another stream's statement starts another message.
    expect(formatRuns('ss << "a "; os << "b";')).toHaveLength(2);
  });
});

describe('a pasted message built by compiled JavaScript, its location after it', () => {
  it('Less’s NameError: `"variable ".concat(name, " is undefined")`, the “in <file> on line N, column M:” left out', () => {
    const lines = fixture('less-variable-eval.js.txt');
    const plan = routeWithFormats(
      'NameError: variable @brand-primary is undefined in /home/anna/site/less/buttons.less on line 14, column 15:',
      'less-variable-eval.js.txt',
    );
    expect(plan.regex).toBeDefined();
    expect(matchingLines(lines, plan.regex!)).toEqual([37]);
    expect(lines[36]).toContain('"variable ".concat(name, " is undefined")');
  });

  it('reads the message before a location said after it, as Less and PHP print it', () => {
    expect(
      unwrapMessage('RuntimeError: wrong number of arguments for .m (3 for 4) in /s/a.less on line 40, column 5:'),
    ).toContain('wrong number of arguments for .m (3 for 4)');
    expect(unwrapMessage('PHP Warning:  Undefined variable $x in /var/www/a.php on line 12')).toContain(
      'Undefined variable $x',
    );
  });
});

describe('a pasted message is aligned with the format strings of the source', () => {
  it('Go %q: both of cobra’s “unknown command” formats, the values and “Error: ” left out', () => {
    expect(formatsFor('Error: unknown command "serv" for "hugo"', 'cobra-args.go.txt')).toEqual([
      { line: 8, literal: 'unknown command %q for %q%s' },
      { line: 16, literal: 'unknown command %q for %q' },
    ]);
  });

  it('a shell message in a quoted command substitution: makepkg’s `"$(gettext "%s array …")"`', () => {
    // The quotes inside `"$( … )"` are the command's own: the gettext argument is the format.
    expect(
      formatsFor("==> ERROR: options array contains unknown option 'nostrip'", 'makepkg-lint-options.sh.txt'),
    ).toEqual([{ line: 21, literal: "%s array contains unknown option '%s'" }]);
    const plan = routeWithFormats(
      "==> ERROR: options array contains unknown option 'nostrip'",
      'makepkg-lint-options.sh.txt',
    );
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
  });

  it("Lua: a label and the error a call handed back (`'…Warning! ' .. err`) explain the whole message", () => {
    const paste = 'package spelling: Warning! thesis.bad.txt: No such file or directory';
    const [found] = findFormatStrings(paste, sourcesOf('spelling-parse-file.lua.txt'));
    expect(found).toMatchObject({ line: 20, literal: 'package spelling: Warning! ', startsMessage: true, coverage: 1 });
    // Read as a question for `package spelling` without it; the format's line with it.
    expect(routeWithFormats(paste, 'spelling-parse-file.lua.txt')).toMatchObject({
      intent: 'exact_match',
      pasted: true,
    });
    // Another value after the same label is no cause: it costs its extra words as before.
    const other = alignFormat([{ constant: 'package spelling: Warning! ' }, { placeholder: '.. fname)' }], paste);
    expect(other!.coverage).toBeLessThan(0.9);
  });

  it('Lua: a `[[…]]` constant over two lines is the format where it is used whole (`NOT_FOUND_ERR:format(basename)`)', () => {
    const paste = 'Vicious: vicious.widgets.battery is not available for the current platform or does not exist';
    expect(formatsFor(paste, 'vicious-helpers.lua.txt')).toEqual([
      { line: 66, literal: 'Vicious: %s is not available for the current platform or does not exist' },
    ]);
    const plan = routeWithFormats(paste, 'vicious-helpers.lua.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true, answerLines: [{ line: 66 }] });
    // The plan's pattern finds the use's line, not the constant's text.
    expect(matchingLines(fixture('vicious-helpers.lua.txt'), plan.regex!)).toEqual([66]);
  });

  it('Go key=%v: echo’s HTTPError, whose constant text is only its keys (`code=%d, message=%v`)', () => {
    expect(formatsFor('code=404, message=Not Found', 'echo-httperror.go.txt')).toEqual([
      { line: 14, literal: 'code=%d, message=%v' },
    ]);
    expect(formatsFor('code=500, message=db down, internal=dial tcp: refused', 'echo-httperror.go.txt')).toEqual([
      { line: 16, literal: 'code=%d, message=%v, internal=%v' },
    ]);
  });

  it('Python f-string: click’s “Name … defined twice”', () => {
    expect(formatsFor("TypeError: Name 'verbose' defined twice", 'click-core.py.txt')).toEqual([
      { line: 11, literal: "Name '{name}' defined twice" },
    ]);
  });

  it('Python triple-quoted values are messages, not docstrings: openpyxl’s f"""…""" warning, docutils’ `print(f"""\\`', () => {
    expect(
      formatsFor(
        'UserWarning: Cell D7 is marked as a date but the serial value 99999999 is outside the limits for dates. The cell will be treated as an error.',
        'openpyxl-reader.py.txt',
      ),
    ).toEqual([
      {
        line: 16,
        literal:
          'Cell {coordinate} is marked as a date but the serial value {value} is outside the limits for dates. The cell will be treated as an error.',
      },
    ]);
    const printed = [
      'Exiting due to error.  Use "--traceback" to diagnose.',
      'Please report errors to <docutils-users@lists.sourceforge.net>.',
      'Include "--traceback" output, Docutils version (0.19), Python version (3.11.2), your OS type & version, and the command line used.',
    ].join('\n');
    expect(formatsFor(printed, 'docutils-core.py.txt').map((f) => f.line)).toEqual([14]);
  });

  it('quoted values: click’s inner “… is not a valid …”, not the “Invalid value for …: {message}” around it', () => {
    const found = formatsFor("Error: Invalid value for '--count': 'ten' is not a valid integer.", 'click-types.py.txt');
    expect(found).toEqual([{ line: 9, literal: '{value!r} is not a valid {number_type}.' }]);
  });

  it('a literal stored in a container’s slot is data its printer reads back: scrapy’s raise, not the dict’s value', () => {
    // `self._notconfigured[scheme] = "no handler available for that scheme"` (line 11), printed by
    // `raise NotSupported(f"Unsupported URL scheme '{scheme}': {self._notconfigured[scheme]}")` (48).
    const found = formatsFor(
      "scrapy.exceptions.NotSupported: Unsupported URL scheme 'htps': no handler available for that scheme",
      'scrapy-downloader-handlers.py.txt',
    );
    expect(found.map((f) => f.line)).toEqual([48]);
  });

  it('Rust {:?} of a struct: the hand-written Debug impl’s `debug_struct("…").field(…)` chain prints it (libc’s epoll_event)', () => {
    const pasted = 'events: [epoll_event { events: 1, u64: 7 }, epoll_event { events: 17, u64: 9 }]';
    expect(formatsFor(pasted, 'libc-epoll-event-debug.rs.txt')).toEqual([{ line: 17, literal: 'epoll_event' }]);
    const plan = routeWithFormats(pasted, 'libc-epoll-event-debug.rs.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('libc-epoll-event-debug.rs.txt'), plan.regex!)).toEqual([17]);
    // `.finish_non_exhaustive()` prints `..` after the fields.
    expect(
      debugStructRuns('f.debug_struct("Conn")\n  .field("id", &self.id)\n  .finish_non_exhaustive()')[0].pieces,
    ).toEqual([{ constant: 'Conn { id: ' }, { placeholder: '{:?}' }, { constant: ', .. }' }]);
  });

  it("Ruby: a `[warn]:` paste over three lines whose last quotes a file `like this' is a message, not code (YARD’s processor)", () => {
    const pasted =
      "[warn]: The proxy Shop::Base has not yet been recognized.\nIf this class/method is part of your source tree, this will affect your documentation results.\nYou can correct this issue by loading the source file for this object before `lib/shop/cart.rb'";
    const plan = routeWithFormats(pasted, 'yard-handlers-processor.rb.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('yard-handlers-processor.rb.txt'), plan.regex!)).toEqual([11]);
  });

  it('Ruby #{…}: thor’s required options, whose unquoted word “options” is a value too', () => {
    expect(formatsFor("No value provided for required options '--name'", 'thor-arguments-excerpt.rb.txt')).toEqual([
      { line: 45, literal: "No value provided for required #{class_name} '#{names}'" },
    ]);
    // Of the two messages of parse_numeric, the one that matches more of the pasted text.
    expect(formatsFor('Expected numeric value for \'--port\'; got "abc"', 'thor-arguments-excerpt.rb.txt')).toEqual([
      { line: 6, literal: "Expected numeric value for '#{name}'; got #{peek.inspect}" },
    ]);
    expect(formatsFor('Ambiguous command st matches [start, status]', 'thor-thor.rb.txt')).toEqual([
      { line: 6, literal: "Ambiguous command #{meth} matches [#{possibilities.join(', ')}]" },
    ]);
  });

  it('Rust {} inside a panic: the `thread … panicked at` wrapper is taken off', () => {
    const pasted = "thread 'tokio-runtime-worker' panicked at 'inconsistent park state; actual = 3', src/main.rs:4:5";
    expect(unwrapMessage(pasted)).toContain('inconsistent park state; actual = 3');
    expect(formatsFor(pasted, 'tokio-park.rs.txt')).toEqual([
      { line: 15, literal: 'inconsistent park state; actual = {}' },
    ]);
  });

  it('a JS template literal: table-core’s getRow error with its ID filled in', () => {
    expect(formatsFor('Uncaught Error: getRow could not find row with ID: 42', 'table-core-table.ts.txt')).toEqual([
      { line: 9, literal: 'getRow could not find row with ID: ${id}' },
    ]);
  });

  it('C literals side by side are one string across lines', () => {
    const found = findFormatStrings(
      "The fair Ophelia!--Nymph, in thy orisons Be all my sins remember'd.",
      sourcesOf('libxcrypt-sunmd5.c.txt'),
    );
    // The line the pasted text starts on, whichever line of the run it was found from.
    expect(found.map((f) => [f.line, f.literal, f.coverage])).toEqual([
      [8, 'The fair Ophelia!--Nymph, in thy orisons\\n', 1],
    ]);
  });

  it('log prefixes are wrappers: time, level, a logger name', () => {
    expect(unwrapMessage('2024-05-01 12:00:03.120 ERROR [worker] inconsistent park state; actual = 3')).toContain(
      'inconsistent park state; actual = 3',
    );
  });

  it('a sentence no format explains finds nothing', () => {
    expect(formatsFor('the row was found in the cache', 'table-core-table.ts.txt')).toEqual([]);
  });
});

describe('messages around their values: causes, labels, tracebacks, log prefixes', () => {
  it('Python: a cause after a colon (`Editing failed: {e}`) is the value an OS error fills, not a nested format', () => {
    expect(formatsFor('vim: Editing failed: [Errno 2] No such file or directory', 'click-edit-version.py.txt')).toEqual(
      [{ line: 11, literal: '{editor}: Editing failed: {e}' }],
    );
  });

  it('a Python traceback pasted whole: its last line is the message, the frames are not code to find similar', () => {
    const pasted = [
      'Traceback (most recent call last):',
      '  File "/usr/bin/mytool", line 8, in <module>',
      '    sys.exit(cli())',
      "RuntimeError: Could not determine the version for 'mytool' automatically.",
    ].join('\n');
    expect(planQuery(pasted).rule).toBe('code-snippet');
    const plan = routeWithFormats(pasted, 'click-edit-version.py.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('click-edit-version.py.txt'), plan.regex!)).toEqual([23]);
  });

  it('a Python traceback whose message no format prints: the innermost frame the repository holds', () => {
    const pasted = [
      'Traceback (most recent call last):',
      '  File "/usr/bin/mytool", line 8, in <module>',
      '    sys.exit(cli())',
      '  File "/usr/lib/python3/dist-packages/click/types.py", line 406, in convert',
      '    return self._number_class(value)',
      '  File "/usr/lib/python3.11/decimal.py", line 12, in __new__',
      '    raise KeyError(key)',
      "KeyError: 'ten'",
    ].join('\n');
    const plan = routeWithFormats(pasted, 'click-types.py.txt');
    expect(plan).toMatchObject({
      intent: 'exact_match',
      rule: 'verbatim-text',
      literal: 'return self._number_class(value)',
      pasted: true,
    });
  });

  it('code of several lines pasted to find similar code stays code, even around a format string', () => {
    const pasted = [
      'if len(unset) > 0 {',
      '\treturn fmt.Errorf("if any flags in the group [%v] are set they must all be set; missing %v", flagList, unset)',
      '}',
    ].join('\n');
    expect(routeWithFormats(pasted, 'cobra-flag-groups.go.txt')).toEqual(planQuery(pasted));
  });

  it('Python f-string: a value at the start of the message (`{package_name!r} is not installed`)', () => {
    expect(
      formatsFor(
        "RuntimeError: 'mytool' is not installed. Try passing 'package_name' instead.",
        'click-edit-version.py.txt',
      ),
    ).toEqual([{ line: 17, literal: '{package_name!r} is not installed. Try passing' }]);
  });

  it('Go: echo’s `[PANIC RECOVER] %v %s` after log’s `2024/05/01 12:00:03`: the label’s rest of the line is its values', () => {
    const pasted =
      '2024/05/01 12:00:03 [PANIC RECOVER] runtime error: index out of range [3] with length 2 goroutine 7 [running]:';
    expect(unwrapMessage(pasted)).toContain(
      '[PANIC RECOVER] runtime error: index out of range [3] with length 2 goroutine 7 [running]:',
    );
    expect(formatsFor(pasted, 'echo-recover.go.txt')).toEqual([{ line: 11, literal: '[PANIC RECOVER] %v %s\\n' }]);
  });

  it('Python logging’s default `ERROR:root:` is a wrapper', () => {
    expect(unwrapMessage("ERROR:root:No such command 'deploy'.")).toContain("No such command 'deploy'.");
    expect(unwrapMessage('WARNING:myapp.db:retrying after 300 ms')).toContain('retrying after 300 ms');
  });

  it('the kernel’s `[ 1234.567890]` clock is a wrapper', () => {
    expect(unwrapMessage('[ 1234.567890] APFS (sdb1): bad node in block 0x1c3f')).toContain(
      'APFS (sdb1): bad node in block 0x1c3f',
    );
  });
});

describe('a format whose constant text is only a label (`"echo: %v"`)', () => {
  it('Go: echo’s `panic(fmt.Sprintf("echo: %v", err))`, the rest of the message a value, Go’s `panic: ` left out', () => {
    expect(formatsFor('panic: echo: template: index:1: unexpected EOF', 'echo-panics.go.txt')).toEqual([
      { line: 5, literal: 'echo: %v' },
    ]);
    const lines = fixture('echo-panics.go.txt');
    const plan = routePastedText(
      planQuery('panic: echo: template: index:1: unexpected EOF'),
      (text) => lines.some((l) => l.toLowerCase().includes(text.toLowerCase())),
      (pattern) => matchingLines(lines, pattern).length > 0,
      (text) => findFormatStrings(text, sourcesOf('echo-panics.go.txt')),
    );
    expect(matchingLines(lines, plan.regex!)).toEqual([5]);
  });

  it('never the label when a format says more of the message: echo’s own `"echo: invalid method"`', () => {
    expect(formatsFor('panic: echo: invalid method', 'echo-panics.go.txt')).toEqual([
      { line: 18, literal: 'echo: invalid method' },
    ]);
  });

  it('Go: cobra’s `"[Error] %s"` around a flag library’s error; its own flagCompError’s message is its concatenation', () => {
    expect(formatsFor("[Error] unknown shorthand flag: 'z' in -z", 'cobra-completions-debug.go.txt')).toEqual([
      { line: 44, literal: '[Error] %s' },
    ]);
    expect(formatsFor("[Debug] unknown shorthand flag: 'z' in -z", 'cobra-completions-debug.go.txt')).toEqual([
      { line: 15, literal: '[Debug] %s' },
    ]);
    expect(
      formatsFor("[Error] Subcommand 'serve' does not support flag 'port'", 'cobra-completions-debug.go.txt'),
    ).toEqual([{ line: 8, literal: "Subcommand '" }]);
  });

  it('C: lzfse’s `fprintf(stderr, "Input: %s\\n", …)`', () => {
    expect(formatsFor('Input: /tmp/big.lzfse', 'apfs-lzfse-main.c.txt')).toEqual([
      { line: 14, literal: 'Input: %s\\n' },
    ]);
  });

  it('Python: click’s `_("Error: {message}")`, printed by ClickException.show and UsageError.show alike', () => {
    expect(formatsFor('Error: Database is locked', 'click-exceptions-show.py.txt')).toEqual([
      { line: 7, literal: 'Error: {message}' },
      { line: 43, literal: 'Error: {message}' },
    ]);
  });

  it('a label that more than a few formats start says nothing of where the message was printed', () => {
    const lines = ['fn main() {', ...[1, 2, 3, 4].map((n) => `    eprintln!("error: {}", e${n});`), '}'];
    const sources: MessageSources = {
      linesContaining: (fragment, limit) =>
        lines
          .flatMap((l, i) =>
            l.toLowerCase().includes(fragment.toLowerCase()) ? [{ fileId: 0, path: 'main.rs', line: i + 1 }] : [],
          )
          .slice(0, limit),
      lineText: (_, line) => lines[line - 1],
    };
    expect(findFormatStrings('error: connection refused', sources).length).toBe(0);
    expect(
      findFormatStrings('error: connection refused', { ...sources, lineText: (_, l) => (l <= 4 ? lines[l - 1] : '') }),
    ).toHaveLength(3);
  });
});

describe('the classes of format a developer pastes the output of', () => {
  /** The best alignment of the first format of `source` with a pasted text, as [constantChars, coverage]. */
  const aligned = (source: string, pasted: string) => {
    const pieces = formatRuns(source)[0].pieces;
    const all = unwrapMessage(pasted).flatMap((m) => alignFormat(pieces, m) ?? []);
    const best = all.sort((a, b) => b.score - a.score || b.coverage - a.coverage)[0];
    return best && [best.constantChars, Number(best.coverage.toFixed(2))];
  };

  it.each([
    // printf widths, precisions and lengths
    [
      'log.info("took %5.2f seconds to load %-10s (%lld bytes)", t, name, n)',
      'took  3.14 seconds to load config     (20480 bytes)',
      [24, 1],
    ],
    // Go verbs with flags, and a wrapped error after the colon
    [
      'return fmt.Errorf("decode %T into %+v: %w", v, cfg, err)',
      'decode *main.Config into {Port:0 Host:}: unexpected EOF',
      [11, 1],
    ],
    // Python dict formatting
    [
      'msg = "cannot open %(path)s: %(reason)s" % {"path": p, "reason": r}',
      'cannot open /tmp/x: permission denied',
      [11, 1],
    ],
    // f-string specs
    [
      'raise ValueError(f"expected {n:>5} items, got {got!r}")',
      'ValueError: expected     3 items, got [1, 2]',
      [17, 1],
    ],
    // Rust {:?} after a 1.73+ panic header on its own line
    [
      'panic!("unexpected value {:?} at {}", v, pos)',
      "thread 'main' panicked at src/lib.rs:4:5:\nunexpected value Some(3) at 7",
      [17, 1],
    ],
    // PHP {$x} and concatenation
    ['throw new \\RuntimeException("Unknown key {$key} in {$this->name}");', 'Unknown key "foo" in settings', [12, 1]],
    ["$msg = 'Option ' . $name . ' requires a value';", 'Option --limit requires a value', [20, 1]],
    // Java concatenation across lines, the exception's class name before it
    [
      'throw new IllegalArgumentException("Invalid port " + port +\n        " for host " + host);',
      'java.lang.IllegalArgumentException: Invalid port 80a for host example.org',
      [18, 1],
    ],
    // Java's grouping flag and POSIX/Java argument indexes
    ['String.format("%s: %d entries exceed limit %,d", name, n, max)', 'cache: 12 entries exceed limit 1,000', [19, 1]],
    ['String.format("%2$s rejected by %1$s", rule, name)', 'fetchUser rejected by rate-limit', [10, 1]],
    // a value first (Ruby), a logger's level before the message
    ['raise Thor::Error, "#{name.inspect} table missing"', '"orders" table missing', [12, 1]],
    ['log.warn("retrying %s after %d ms", url, ms)', 'WARN retrying https://x.org/a after 300 ms', [15, 1]],
  ])('%s', (source, pasted, expected) => {
    expect(aligned(source, pasted)).toEqual(expected);
  });

  it('Go’s explicit argument index after a width is one placeholder (cobra’s `%-36[1]s`)', () => {
    expect(formatPieces('# powershell completion for %-36[1]s -*- shell-script -*-')).toEqual([
      { constant: '# powershell completion for ' },
      { placeholder: '%-36[1]s' },
      { constant: ' -*- shell-script -*-' },
    ]);
    // A percent sign before a comma and a space is text, not Java's grouping flag.
    expect(formatPieces('at 95%, using')).toEqual([{ constant: 'at 95%, using' }]);
  });
});

describe('searching a pasted message', () => {
  /** The fixtures as files of one repository, their licence lines left out. */
  const files = [
    ['runtime/driver.rs', 'tokio-driver.rs.txt'],
    ['thor/parser/arguments.rb', 'thor-arguments-excerpt.rb.txt'],
    ['flag_groups.go', 'cobra-flag-groups.go.txt'],
  ].map(([path, name]) => ({ path, text: fixture(name).slice(1).join('\n') }));
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineOver(files);
  });

  it('the result is the function that prints it, and its line is the format string’s', async () => {
    const r = await engine.search(
      'A Tokio 1.x context was found, but timers are disabled. Call `enable_time` on the runtime builder to enable timers.',
    );
    const lines = files[0].text.split('\n');
    const top = r.results[0];
    expect(top.path).toBe('runtime/driver.rs');
    expect(lines[top.line! - 1]).toContain('.expect("A Tokio 1.x context was found');
    expect(lines[top.startLine - 1]).toContain('pub(crate) fn time(&self)');
    expect(top.endLine - top.startLine).toBe(4);
  });

  it('a message with an unquoted value is routed to its format string, not to the quoted word', async () => {
    const r = await engine.search("No value provided for required options '--name'");
    // The quoted word made it a quoted-string question; the rule stays, the answer is the format's line.
    expect(r.query).toMatchObject({ intent: 'exact_match', rule: 'quoted-string' });
    expect(r.query.notes.join(' ')).toContain('printed by the format string');
    const lines = files[1].text.split('\n');
    expect(lines[r.results[0].line! - 1]).toContain('raise RequiredArgumentMissingError, "No value provided');
  });

  it('a message whose brackets and semicolon read like code is still a message', async () => {
    const r = await engine.search(
      'if any flags in the group [tls-cert tls-key] are set they must all be set; missing [tls-key]',
    );
    expect(r.query.intent).toBe('exact_match');
    expect(r.results[0].path).toBe('flag_groups.go');
    expect(files[2].text.split('\n')[r.results[0].line! - 1]).toContain('fmt.Errorf("if any flags in the group');
  });

  it('a quoted value the repository does not contain never empties the answer', async () => {
    const r = await engine.search('Error: timer "t1" has no time driver present');
    expect(r.query).toMatchObject({ intent: 'understand_code', rule: 'fallback' });
    expect(r.results.length).toBeGreaterThan(0);
    // Quoted alone, it is exactly what was asked for.
    expect((await engine.search('"t1"')).query.rule).toBe('quoted-string');
  });

  it('code pasted to find similar code stays find_similar, even with a format string in it', async () => {
    const r = await engine.search(
      'return fmt.Errorf("if any flags in the group [%v] are set they must all be set; missing %v", flagList, unset)',
    );
    expect(r.query.intent).toBe('find_similar');
  });
});

describe('searching a pasted message whose location names one of its formats', () => {
  it('three panics of one message in one function: the result is the one at the line the paste names', async () => {
    // libc's build.rs: a macro's `panic!` (line 120), `.expect` (130) and a `panic!` (135), all
    // "Failed to get rustc version", in rustc_minor_nightly; the panic names build.rs:130:10.
    const text = fixture('libc-build.rs.txt').join('\n');
    const engine = await engineOver([{ path: 'build.rs', text }]);
    const r = await engine.search(
      "error: failed to run custom build command for `libc v0.2.139`\n\nCaused by:\n  process didn't exit successfully: `/home/dev/app/target/debug/build/libc-8b7e0c1d2f3a4b5c/build-script-build` (exit status: 101)\n  --- stderr\n  thread 'main' panicked at 'Failed to get rustc version', /home/dev/.cargo/registry/src/github.com-1ecc6299db9ec823/libc-0.2.139/build.rs:130:10",
    );
    expect(r.query.intent).toBe('exact_match');
    const lines = text.split('\n');
    const top = r.results[0];
    expect(top.line).toBe(130);
    expect(lines[top.startLine - 1]).toContain('fn rustc_minor_nightly()');
    expect(top.endLine).toBeGreaterThanOrEqual(135);
  });
});

describe('messages as terminals print them: frames, usage text, two-line panics', () => {
  it('Ruby: the interpreter’s `file.rb:12:in …: msg (Class)` is a wrapper, and a `"…" \\` continuation is one format', () => {
    const message = 'You cannot have "target" as required argument after the non-required argument "SOURCE".';
    for (const frame of ["thor/base.rb:262:in `block in argument'", "thor/base.rb:262:in 'Thor::Base#argument'"]) {
      const pasted = `/usr/share/rubygems-integration/all/gems/thor-1.2.1/lib/${frame}: ${message} (ArgumentError)`;
      expect(unwrapMessage(pasted)).toContain(message);
      const plan = routeWithFormats(pasted, 'thor-base-argument.rb.txt');
      expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
      expect(matchingLines(fixture('thor-base-argument.rb.txt'), plan.regex!)).toEqual([19]);
    }
    // Both literals of the continued line are the format's constant text: it explains the whole message.
    const [found] = findFormatStrings(message, sourcesOf('thor-base-argument.rb.txt'));
    expect(found).toMatchObject({ line: 19, coverage: 1 });
  });

  it('an `ERROR: …` line above a usage text is the message, its brackets and quotes notwithstanding', () => {
    const pasted = 'ERROR: "mycli deploy" was called with arguments ["prod", "eu-west-1"]\nUsage: "mycli deploy ENV"';
    expect(planQuery(pasted).rule).toBe('code-snippet');
    const plan = routeWithFormats(pasted, 'thor-base-argument.rb.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('thor-base-argument.rb.txt'), plan.regex!)).toEqual([31]);
  });

  it("an object literal’s `error: '…',` line is code, not a terminal’s error line", () => {
    const pasted = [
      'const failures = {',
      "  error: 'if any flags in the group [tls-cert tls-key] are set they must all be set; missing [tls-key]',",
      '  code: 2,',
      '};',
    ].join('\n');
    expect(routeWithFormats(pasted, 'cobra-flag-groups.go.txt')).toEqual(planQuery(pasted));
  });

  it('click’s usage, hint and `Error:` lines: the error line’s format, not the hint’s', () => {
    const pasted = [
      'Usage: mytool [OPTIONS] SRC',
      "Try 'mytool --help' for help.",
      '',
      "Error: Invalid value for 'SRC': Path 'data/input.csv' does not exist.",
    ].join('\n');
    const plan = routeWithFormats(pasted, 'click-path-usage.py.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('click-path-usage.py.txt'), plan.regex!)).toEqual([8]);
  });

  it('Rust since 1.73: `panicked at file:line:col:` then the message on the next line', () => {
    const pasted = [
      "thread 'tokio-runtime-worker' panicked at /root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/tokio-1.24.2/src/runtime/signal/mod.rs:120:27:",
      'Bad read on self-pipe: Interrupted system call (os error 4)',
      'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
    ].join('\n');
    expect(unwrapMessage(pasted)).toContain('Bad read on self-pipe: Interrupted system call (os error 4)');
    const plan = routeWithFormats(pasted, 'tokio-signal-driver.rs.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('tokio-signal-driver.rs.txt'), plan.regex!)).toEqual([17]);
  });

  it('C++ terminate: libstdc++’s `what():  ` line is the message, built by `"…" + std::to_string(…)`', () => {
    const pasted = [
      "terminate called after throwing an instance of 'osmium::out_of_order_error'",
      '  what():  Way IDs out of order: 4271963',
    ].join('\n');
    expect(unwrapMessage(pasted)).toContain('Way IDs out of order: 4271963');
    const plan = routeWithFormats(pasted, 'osmium-check-order.hpp.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('osmium-check-order.hpp.txt'), plan.regex!)).toEqual([82]);
  });

  it('a message of a word and a backslashed one (`Missing \\end{align}`): the literal doubles the backslash, `%1` is the value', () => {
    // MathJax's TeX errors: a message id, its English text with numbered arguments, the values.
    const plan = routeWithFormats('Missing \\end{align}', 'mathjax-tex-begin-item.js.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('mathjax-tex-begin-item.js.txt'), plan.regex!)).toEqual([12]);
  });

  it('C++ terminate: a `what():` message of two words is the message all the same (msgpack’s `insufficient bytes`)', () => {
    // libstdc++ prints the exception's what() after the label whatever its length: the throw
    // site's literal, not the exception class named above it.
    const pasted = [
      "terminate called after throwing an instance of 'msgpack::v1::insufficient_bytes'",
      '  what():  insufficient bytes',
    ].join('\n');
    const plan = routeWithFormats(pasted, 'msgpack-create-object-visitor.hpp.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('msgpack-create-object-visitor.hpp.txt'), plan.regex!)).toEqual([11]);
  });

  it('C++ terminate: a `what():` message of one qualified word (range-v3’s `ranges::at`) finds the literal that is it', () => {
    // No two words in a row to look lines up by: the quoted word is looked up instead.
    const pasted = ["terminate called after throwing an instance of 'std::out_of_range'", '  what():  ranges::at'].join(
      '\n',
    );
    const plan = routeWithFormats(pasted, 'range-v3-operations.hpp.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('range-v3-operations.hpp.txt'), plan.regex!)).toEqual([25]);
    // A lone word without a qualifier's `::` or a dot (`ranges`) is too common to be looked up so.
    expect(routeWithFormats(pasted.replace('ranges::at', 'rangesat'), 'range-v3-operations.hpp.txt').intent).not.toBe(
      'exact_match',
    );
  });

  it('C++ static_assert: g++’s `static assertion failed: ` before two joined literals whose words read as a question', () => {
    // "references to thrust::reference" fires the references rule: a paste only when a format
    // explains it from its start.
    const lines = fixture('thrust-actor.inl.txt');
    const message = 'Actor evaluations only support rvalue references to thrust::reference subclasses.';
    for (const pasted of [
      `error: static assertion failed: ${message}`,
      `static assertion failed: ${message}`,
      message,
    ]) {
      const plan = routeWithFormats(pasted, 'thrust-actor.inl.txt');
      expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
      expect(matchingLines(lines, plan.regex!)).toEqual([24]);
    }
    // A part of the literals from their middle is not known to start the message.
    expect(routeWithFormats(message.replace('Actor evaluations ', ''), 'thrust-actor.inl.txt').intent).toBe(
      'find_references',
    );
  });

  it('C++ terminate with `what():` alone: the message under the exception class’s own prefix line, not the prefix', () => {
    const pasted = [
      "terminate called after throwing an instance of 'vigra::PreconditionViolation'",
      '  what():  ',
      'Precondition violation!',
      'convolveLine(): kernel longer than line.',
      '(/usr/include/vigra/separableconvolution.hxx:914)',
    ].join('\n');
    const { plan, lines } = routeWithFiles(pasted, ['vigra-error.hxx.txt', 'vigra-convolve-line.hxx.txt']);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    // The vigra_precondition call's message (separableconvolution.hxx:914), not the class's prefix.
    expect(lines).toEqual({ 'vigra-error.hxx.txt': [], 'vigra-convolve-line.hxx.txt': [20] });
    // With no format for the text below it, the prefix still finds the class that writes it.
    const prefixOnly = routeWithFiles(pasted.replace('kernel longer than line.', 'no such message here at all'), [
      'vigra-error.hxx.txt',
      'vigra-convolve-line.hxx.txt',
    ]);
    expect(prefixOnly.lines['vigra-error.hxx.txt']).toEqual([52, 56]);
  });

  it('npm’s log: each line’s `npm ERR! ` taken off, the lines are one template literal’s', () => {
    const pasted = [
      'npm ERR! Missing script: "biuld"',
      'npm ERR! ',
      'npm ERR! To see a list of scripts, run:',
      'npm ERR!   npm run',
    ].join('\n');
    expect(unwrapMessage(pasted)).toContain('Missing script: "biuld"');
    const plan = routeWithFormats(pasted, 'npm-run-script.js.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('npm-run-script.js.txt'), plan.regex!)).toEqual([28]);
  });

  it('Go key=value: the message inside echo’s `code=%d, message=%v, internal=%v` is its own format’s output', () => {
    const lines = fixture('echo-bind-errors.go.txt');
    // An inner format whose value ends where the wrapper's `, internal=` starts …
    const bound = routeWithFormats(
      'code=400, message=failed to bind field value to int64, internal=strconv.ParseInt: parsing "abc": invalid syntax, field=id',
      'echo-bind-errors.go.txt',
    );
    expect(bound).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(lines, bound.regex!)).toEqual([48]);
    // … and one with `key=` pairs of its own, whose last (`error=%v`) is a cause, a nested error.
    const syntax = routeWithFormats(
      "code=400, message=Syntax error: offset=17, error=invalid character '}' looking for beginning of object key string, internal=invalid character '}' looking for beginning of object key string",
      'echo-bind-errors.go.txt',
    );
    expect(syntax).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(lines, syntax.regex!)).toEqual([15]);
  });

  it("PHP helper: `$message . ' Extensions …'` prints the text its call site passes; that call site is the line", () => {
    const name = 'commonmark-environment-helper.php.txt';
    const lines = fixture(name);
    const pasted =
      'PHP Fatal error:  Uncaught RuntimeException: Failed to add renderer. Extensions have already been initialized. in /var/www/vendor/league/commonmark/src/Environment/Environment.php:424';
    const helper = findFormatStrings(pasted, sourcesOf(name));
    expect(helper.map((f) => f.line)).toEqual([31]);
    // The helper's format explains the fixed end; the caller that failed passed the rest.
    expect(helperCallSites(helper, pasted, sourcesOf(name)).map((f) => ({ line: f.line, literal: f.literal }))).toEqual(
      [{ line: 13, literal: 'Failed to add renderer.' }],
    );
    const plan = routePastedText(
      planQuery(pasted),
      (text) => lines.some((l) => l.toLowerCase().includes(text.toLowerCase())),
      (pattern) => matchingLines(lines, pattern).length > 0,
      (message) => helperCallSites(findFormatStrings(message, sourcesOf(name)), message, sourcesOf(name)),
    );
    expect(matchingLines(lines, plan.regex!)).toEqual([13]);
    // A message no caller passes keeps the helper's own line.
    const other = 'RuntimeException: Failed to add a widget. Extensions have already been initialized.';
    expect(
      helperCallSites(findFormatStrings(other, sourcesOf(name)), other, sourcesOf(name)).map((f) => f.line),
    ).toEqual([31]);
  });

  it('PHP: `PHP Fatal error:  Uncaught X: msg in /path:12` and a namespaced exception class are wrappers', () => {
    expect(
      unwrapMessage(
        'PHP Fatal error:  Uncaught RuntimeException: Failed to add renderer. Extensions have already been initialized. in /var/www/vendor/league/commonmark/src/Environment/Environment.php:424',
      ),
    ).toContain('Failed to add renderer. Extensions have already been initialized.');
    expect(
      unwrapMessage(
        'League\\Config\\Exception\\InvalidConfigurationException: Invalid table of contents normalization strategy: "slug"',
      ),
    ).toContain('Invalid table of contents normalization strategy: "slug"');
  });
});

describe('a message inside what a program prints around it (real set, third tuning group)', () => {
  it('docutils: `file:line: (LEVEL/n) ` before the message, and its word "Duplicate" is no "find similar"', () => {
    const message = 'api.rst:120: (WARNING/2) Duplicate explicit target name: "configuration".';
    expect(unwrapMessage(message)).toContain('Duplicate explicit target name: "configuration".');
    expect(formatsFor(message, 'docutils-nodes-duplicate.py.txt')).toEqual([
      { line: 20, literal: 'Duplicate explicit target name: "%s".' },
    ]);
    const sources = sourcesOf('docutils-nodes-duplicate.py.txt');
    const lines = fixture('docutils-nodes-duplicate.py.txt');
    // "Duplicate" before a noun that is not code is no request for look-alikes (classify.ts).
    expect(planQuery(message).rule).not.toBe('similar-phrase');
    const plan = routePastedText(
      planQuery(message),
      (text) => lines.some((l) => l.includes(text)),
      (pattern) => matchingLines(lines, pattern).length > 0,
      (text) => findFormatStrings(text, sources),
    );
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(lines, plan.regex!)).toEqual([20]);
    // A question about similar code has no format that prints it: it stays a similar question.
    const asked = planQuery('code similar to set_duplicate_name_id');
    expect(
      routePastedText(
        asked,
        () => false,
        () => false,
        (text) => findFormatStrings(text, sources),
      ),
    ).toBe(asked);
  });

  it('Symfony: the exception class in brackets, namespace separators and all', () => {
    const message =
      '[Symfony\\Component\\Console\\Exception\\InvalidArgumentException] The log level "verbose" does not exist.';
    expect(formatsFor(message, 'console-logger.php.txt')).toEqual([
      { line: 11, literal: 'The log level "%s" does not exist.' },
    ]);
  });

  it('Rust env_logger: `[time LEVEL target] `, the target closing the bracket; a {:?} value of a list', () => {
    const message =
      '[2026-12-03T10:14:22Z WARN  rustls::msgs::handshake] Illegal SNI hostname received [109, 121, 95, 104, 111, 115, 116]';
    expect(unwrapMessage(message)).toContain('Illegal SNI hostname received [109, 121, 95, 104, 111, 115, 116]');
    expect(formatsFor(message, 'rustls-handshake-sni.rs.txt')).toEqual([
      { line: 10, literal: 'Illegal SNI hostname received {:?}' },
    ]);
  });

  it('Rust unwrap of an Err: the Debug form of the error, and the string its variant holds', () => {
    const message =
      "thread 'main' panicked at 'called `Result::unwrap()` on an `Err` value: General(\"no usable cipher suites configured\")', src/main.rs:14:10";
    expect(unwrapMessage(message)).toContain('no usable cipher suites configured');
    expect(formatsFor(message, 'rustls-builder-suites.rs.txt')).toEqual([
      { line: 14, literal: 'no usable cipher suites configured' },
    ]);
  });

  it('Rust expect of an Err: the literal it was given, before the Debug form of an io::Error struct (std’s `thread::spawn`)', () => {
    const message =
      "thread 'main' panicked at 'failed to spawn thread: Os { code: 11, kind: WouldBlock, message: \"Resource temporarily unavailable\" }'";
    expect(unwrapMessage(message)).toEqual(
      expect.arrayContaining([
        'Os { code: 11, kind: WouldBlock, message: "Resource temporarily unavailable" }',
        'failed to spawn thread',
      ]),
    );
    expect(formatsFor(message, 'rust-std-thread-spawn.rs.txt')).toEqual([
      { line: 8, literal: 'failed to spawn thread' },
    ]);
    // `called \`Result::unwrap()\`` is the panic's own words, no message of the code.
    expect(unwrapMessage('called `Result::unwrap()` on an `Err` value: Os { code: 2 }')).not.toContain(
      'called `Result::unwrap()` on an `Err` value',
    );
  });
});

describe('messages whose values sit between every two words (real set, fourth tuning group)', () => {
  it('Python logging: paramiko’s `Authentication ({}) failed.`, found by the word and bracket before its value; a definition question no more', () => {
    const message = 'INFO:paramiko.transport:Authentication (publickey) failed.';
    // The qualified-looking `INFO:paramiko.transport:Authentication` made it a name.
    expect(planQuery(message)).toMatchObject({ intent: 'find_definition', rule: 'identifier' });
    const plan = routeWithFormats(message, 'paramiko-auth-handler.py.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', rule: 'verbatim-text', pasted: true });
    // Both handlers print it; `successful!` (line 8) does not.
    expect(matchingLines(fixture('paramiko-auth-handler.py.txt'), plan.regex!)).toEqual([35, 46]);
  });

  it('Python: paramiko’s `Disconnect (code {:d}): {}`, whose only two words in a row are a value', () => {
    expect(
      formatsFor('INFO:paramiko.transport:Disconnect (code 11): Bye Bye', 'paramiko-transport-disconnect.py.txt'),
    ).toEqual([{ line: 12, literal: 'Disconnect (code {:d}): {}' }]);
  });

  it('Python: a docstring’s closing quotes above the format are no string opening (paramiko’s sftp `rename(…)` log)', () => {
    const message =
      "DEBUG:paramiko.transport.sftp:[chan 0] rename(b'/home/deploy/app.tar.gz', b'/srv/releases/app.tar.gz')";
    expect(formatsFor(message, 'paramiko-sftp-rename.py.txt')).toEqual([{ line: 22, literal: 'rename({!r}, {!r})' }]);
    // `"[chan %s] " + msg` explains all of it with less constant text than an answer needs: the lookups go on.
    const plan = routeWithFormats(message, 'paramiko-sftp-rename.py.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(plan.literal).toBeUndefined();
  });

  it('Ruby Logger: `E, [time #pid] ERROR -- progname: ` is a wrapper; net-ssh’s `channel_open_failed: #{…} #{…} #{…}`', () => {
    const message =
      'E, [2026-12-03T10:15:02.113870 #48213] ERROR -- net.ssh.connection.session[7d0]: channel_open_failed: 0 1 open failed';
    expect(unwrapMessage(message)).toContain('channel_open_failed: 0 1 open failed');
    expect(formatsFor(message, 'net-ssh-session-channel-open.rb.txt')).toEqual([
      {
        line: 14,
        literal: 'channel_open_failed: #{packet[:local_id]} #{packet[:reason_code]} #{packet[:description]}',
      },
    ]);
  });

  it('a Ruby exception class and a Rust tracing target, qualified with `::`, are names printed before the message', () => {
    expect(unwrapMessage('Net::SSH::HostKeyMismatch: fingerprint SHA256:abc does not match')).toContain(
      'fingerprint SHA256:abc does not match',
    );
    expect(unwrapMessage('2026-12-03T10:14:23.002187Z DEBUG h2::proto::streams::recv: connection error')).toContain(
      'connection error',
    );
  });
});

describe('a linter’s report (RuboCop’s default formatter)', () => {
  const pasted = 'app/models/invoice.rb:27:5: C: Metrics/MethodLength: Method has too many lines. [16/10]';

  it('`C: Metrics/MethodLength: ` after the location is the rule’s name, a department and a cop, printed before the message', () => {
    expect(unwrapMessage(pasted)).toContain('Method has too many lines. [16/10]');
  });

  it('Ruby’s named `%<label>s … [%<length>d/%<max>d]` is the format that printed it: a message, not the cop’s class', () => {
    expect(formatsFor(pasted, 'rubocop-code-length.rb.txt')).toEqual([
      { line: 10, literal: '%<label>s has too many lines. [%<length>d/%<max>d]' },
    ]);
    const plan = routeWithFormats(pasted, 'rubocop-code-length.rb.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', rule: 'verbatim-text', pasted: true });
    expect(plan.answerLines).toEqual([{ path: 'rubocop-code-length.rb.txt', line: 10 }]);
  });
});

describe('a message printed over several lines (real set, fourth tuning group)', () => {
  it('Ruby: net-ssh’s three-line `could not settle on …` is one format of `\\n"\\` continued literals, the class after its first line', () => {
    const pasted =
      'could not settle on host_key algorithm (Net::SSH::Exception)\nServer host_key preferences: ssh-rsa,rsa-sha2-256\nClient host_key preferences: ssh-ed25519,ecdsa-sha2-nistp256';
    expect(planQuery(pasted).rule).toBe('code-snippet');
    const { plan, lines } = routeWithFiles(pasted, ['net-ssh-algorithms-negotiate.rb.txt']);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual({ 'net-ssh-algorithms-negotiate.rb.txt': [9] });
  });

  it('Go: serf’s `Join failed: %v, retrying in %v` around a multi-line error list, not the `[WARN] %v` that labels any line', () => {
    const pasted =
      '2026/12/03 10:14:25 [WARN] agent: Join failed: 1 error occurred:\n\t* Failed to join 10.0.4.2: dial tcp 10.0.4.2:7946: connect: connection refused\n\n, retrying in 30s';
    const { plan, lines } = routeWithFiles(pasted, ['serf-agent-retry-join.go.txt', 'serf-query-response-warn.go.txt']);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual({ 'serf-agent-retry-join.go.txt': [28], 'serf-query-response-warn.go.txt': [] });
  });

  it('a value across a line break of the paste is one value, whatever its length', () => {
    const pieces = formatPieces('Join failed: %v, retrying in %v');
    const value = 'dial tcp 10.0.4.2:7946: connect: connection refused; '.repeat(3);
    expect(alignFormat(pieces, `Join failed: ${value}, retrying in 30s`)).toBeNull();
    expect(alignFormat(pieces, `Join failed: 1 error occurred:\u2028${value}\u2028, retrying in 30s`)).toMatchObject({
      coverage: 1,
    });
  });

  it('Rust: beside a Debug line labelled `Error: `, hyper’s `http2 error: …` line is a message, not code to find similar', () => {
    const pasted =
      'Error: hyper::Error(Http2, Error { kind: GoAway(b"", PROTOCOL_ERROR, Remote) })\nhttp2 error: connection error received: unspecific protocol error detected';
    expect(planQuery(pasted).rule).toBe('code-snippet');
    const { plan, lines } = routeWithFiles(pasted, ['h2-error-display.rs.txt', 'h2-reason-description.rs.txt']);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    // Reason::description prints most of it; Display's `connection error received: {}` prints the rest.
    expect(lines).toEqual({ 'h2-error-display.rs.txt': [], 'h2-reason-description.rs.txt': [8] });
  });
});

describe('a format that prints a wrapper’s nested value', () => {
  it('Rust: h2’s `proto_err!(conn: "id ({:?}) < next_id ({:?})")` inside the macro’s `"connection error PROTOCOL_ERROR -- {};"`', () => {
    const message =
      '2026-12-03T10:14:23.002187Z DEBUG h2::proto::streams::recv: connection error PROTOCOL_ERROR -- id (StreamId(3)) < next_id (StreamId(5));';
    const sources = sourcesOfFiles(['h2-proto-err-macro.rs.txt', 'h2-recv-open.rs.txt']);
    // The macro alone explains more constant text; its value is the call site's format, whole.
    expect(findFormatStrings(message, sourcesOf('h2-proto-err-macro.rs.txt'))).toMatchObject([
      {
        line: 5,
        literal: 'connection error PROTOCOL_ERROR -- {};',
        nested: { text: 'id (streamid(3)) < next_id (streamid(5))' },
      },
    ]);
    expect(findFormatStrings(message, sources)).toMatchObject([
      { path: 'h2-recv-open.rs.txt', line: 14, literal: 'id ({:?}) < next_id ({:?})', coverage: 1 },
    ]);
  });
});

describe('a message whose text a call site passes to the function that prints it', () => {
  it('Ruby: net-ssh’s `process_cache_miss(…, "does not match")` and its `"fingerprint #{…} " + "#{message} for #{…}"`', () => {
    const message =
      'Net::SSH::HostKeyMismatch: fingerprint SHA256:Qk3xL0Vd2gq3p8f1oY2nA7+u8c0wYkz0m3b1J4d9sXk does not match for "deploy.example.com,10.0.4.17"';
    expect(formatsFor(message, 'net-ssh-verifiers-always.rb.txt')).toEqual([
      { line: 35, literal: 'fingerprint #{args[:fingerprint]} ' },
    ]);
    const plan = routeWithFormats(message, 'net-ssh-verifiers-always.rb.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('net-ssh-verifiers-always.rb.txt'), plan.regex!)).toEqual([35]);
  });

  it('literals added with `+` are one format', () => {
    const [run] = formatRuns('exc.new("fingerprint #{f} " +\n   "#{message} for #{host}")');
    expect(run.literals).toHaveLength(2);
    expect(run.pieces.filter((p) => 'placeholder' in p).map((p) => (p as { placeholder: string }).placeholder)).toEqual(
      ['#{f}', '#{message}', '#{host}'],
    );
  });
});

describe('a message an error type joins from its fields', () => {
  const names = ['dns-scan-parse-error.go.txt', 'dns-scan-rr-mx.go.txt', 'dns-error.go.txt'];

  it('Go: ParseError.Error() prints the text the code filled its field with; that literal is the line', () => {
    const sources = sourcesOfFiles(names);
    const pasted = 'db.example.com: dns: bad MX Pref: "ten" at line: 12:17';
    const formats = findFormatStrings(pasted, sources);
    // The concatenation in Error() explains the message, "bad MX Pref" among its values.
    expect(formats.map((f) => [f.path, f.line, f.literal])).toEqual([['dns-scan-parse-error.go.txt', 14, 'dns: ']]);
    expect(formats[0].values).toContain('bad mx pref');
    const raised = valueLiterals(formats, sources);
    expect(raised.map((f) => [f.path, f.line, f.literal])).toEqual([['dns-scan-rr-mx.go.txt', 28, 'bad MX Pref']]);
    expect(raised[0].printedBy).toEqual({ literal: 'dns: ', path: 'dns-scan-parse-error.go.txt', line: 14 });
    const lines = fixture('dns-scan-rr-mx.go.txt');
    expect(matchingLines(lines, formatLinePattern(raised))).toEqual([28]);
  });

  it('keeps the format when no literal is a value, and never takes a quoted value (the input’s)', () => {
    const sources = sourcesOfFiles(names);
    const other = 'db.example.com: dns: bad NAPTR Order: "x" at line: 3:9';
    const formats = findFormatStrings(other, sources);
    expect(formats.length).toBeGreaterThan(0);
    expect(valueLiterals(formats, sources)).toEqual(formats);
    // The quoted token is the zone file's text, even when the code holds the same words.
    const quoted = 'dns: bad MX Pref: "bad MX Mx" at line: 3:9';
    const found = findFormatStrings(quoted, sources);
    expect(valueLiterals(found, sources).map((f) => f.line)).toEqual([28]);
  });
});

describe('a format that writes its own line break', () => {
  const name = 'docutils-misc-include.py.txt';
  const pasted =
    'index.rst:3: (SEVERE/4) Problems with "include" directive path:\n' +
    "InputError: [Errno 2] No such file or directory: 'chapter2.rst'.";

  it("Python: docutils’ `'…directive path:\\n%s.'` pasted as two lines is one message, its cause before the closing period", () => {
    expect(unwrapMessage(pasted)).toContain(
      'Problems with "include" directive path: InputError: [Errno 2] No such file or directory: \'chapter2.rst\'.',
    );
    const formats = findFormatStrings(pasted, sourcesOf(name));
    expect(formats.map((f) => ({ line: f.line, literal: f.literal }))).toEqual([
      { line: 33, literal: 'Problems with "%s" directive path:\\n%s.' },
    ]);
    // The cause runs to the message's closing period, its own `.rst` inside it.
    expect(formats[0].coverage).toBe(1);
    expect(formats[0].values?.[1]).toBe("inputerror: [errno 2] no such file or directory: 'chapter2.rst'");
  });

  const routed = (paste: string) => {
    const lines = fixture(name);
    const plan = routePastedText(
      planQuery(paste),
      (text) => lines.some((l) => l.toLowerCase().includes(text.toLowerCase())),
      (pattern) => matchingLines(lines, pattern).length > 0,
      (message) => findFormatStrings(message, sourcesOf(name)),
    );
    return { plan, lines: plan.regex ? matchingLines(lines, plan.regex) : [] };
  };

  it('the two-line paste is routed to that format’s line, not to find similar code', () => {
    const { plan, lines } = routed(pasted);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual([33]);
  });

  it('the two lines are one message below more lines than a message holds (a build log)', () => {
    const log = [
      'Running Sphinx v7.2.6',
      'loading pickled environment... done',
      'building [mo]: targets for 0 po files that are out of date',
      'building [html]: targets for 1 source files that are out of date',
      'updating environment: 0 added, 1 changed, 0 removed',
      'reading sources... [100%] index',
    ];
    expect(readPastedLines([...log, pasted].join('\n')).whole).toBeNull();
    const { plan, lines } = routed([...log, pasted].join('\n'));
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual([33]);
  });

  it('the two lines are one message below a line of code (the traceback’s source line)', () => {
    const paste = ['    rawtext = include_file.read()', pasted].join('\n');
    expect(readPastedLines(paste).whole).not.toBeNull(); // three lines, but one of them is code
    const { plan, lines } = routed(paste);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual([33]);
  });

  it('reads a line ending in a colon, and a Rust panic’s location, as running on into the next line that is not blank', () => {
    const reading = readPastedLines(
      ["thread 'main' panicked at src/main.rs:4:5:", 'boom', '', 'a list:', '', 'error:', '  the cause  '].join('\n'),
    );
    expect([...reading.runsOn]).toEqual([
      [0, 'location'],
      [5, 'colon'],
    ]);
    expect(reading.lines[6]).toBe('the cause');
  });
});

describe('a trace line whose words a semicolon joins (found by bench/real/mined-messages.ts)', () => {
  it('h2’s `"handle_error; err={:?}"` under env_logger’s head: no two words a space alone joins, found by `handle_error; err`', () => {
    const message =
      '[2026-12-03T10:14:07Z TRACE h2::proto::streams::state] handle_error; err=GoAway(b"", PROTOCOL_ERROR, Library)';
    expect(formatsFor(message, 'h2-state-handle-error.rs.txt')).toEqual([
      { line: 17, literal: 'handle_error; err={:?}' },
    ]);
    const plan = routeWithFormats(message, 'h2-state-handle-error.rs.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('h2-state-handle-error.rs.txt'), plan.regex!)).toEqual([17]);
  });
});

describe('a diagnostic printed as `file:range: Summary; Detail` (real set, fifth tuning group)', () => {
  const unknownFunction =
    'Error: config.hcl:12,11-17: Call to unknown function; There is no function named "upperr". Did you mean "upper"?';
  const duplicateKey =
    'Error: locals.hcl:9,22-30: Duplicate object key; Two different items produced the key "web" in this \'for\' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.';

  it('a parser’s location with a column range (`config.hcl:12,11-17: `) is taken off as `main.c:12:5: ` is', () => {
    expect(unwrapMessage(unknownFunction)).toContain(
      'Call to unknown function; There is no function named "upperr". Did you mean "upper"?',
    );
    expect(
      unwrapMessage('Error: a.hcl:3,1-4,2: Unsupported argument; An argument named "x" is not expected here.'),
    ).toContain('Unsupported argument; An argument named "x" is not expected here.');
  });

  it('the summary and the detail of one composite literal explain the message together; the wrapper `Error: %s` does not win', () => {
    expect(formatsFor(unknownFunction, 'hcl-diagnostics.go.txt')).toEqual([
      { line: 28, literal: 'There is no function named %q.%s' },
    ]);
    const plan = routeWithFormats(unknownFunction, 'hcl-diagnostics.go.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('hcl-diagnostics.go.txt'), plan.regex!)).toEqual([28]);
  });

  it('a message holding a similar-phrase word (`duplicates`) is a message when summary and detail explain all of it', () => {
    const found = findFormatStrings(duplicateKey, sourcesOf('hcl-diagnostics.go.txt'));
    expect(found.map((f) => f.line)).toEqual([45]);
    expect(found[0].coverage).toBeGreaterThanOrEqual(0.9);
    const plan = routeWithFormats(duplicateKey, 'hcl-diagnostics.go.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('hcl-diagnostics.go.txt'), plan.regex!)).toEqual([45]);
  });

  it('words between the two literals’ texts are no printer’s separator: the pair is not joined', () => {
    const found = findFormatStrings(
      'Duplicate object key found while the loop ran; Two different items produced the key "web" in this \'for\' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.',
      sourcesOf('hcl-diagnostics.go.txt'),
    );
    expect(found.map((f) => f.line)).toEqual([45]);
    expect(found[0].coverage).toBeLessThan(0.9);
  });
});

describe('a wrapper format never wins over a format whose fixed words the message holds', () => {
  it('under a location no unwrapper knows, hcl’s detail explains a third of the message and still wins over `"Error: %s\\n\\n"`', () => {
    // Only the detail's line and the wrapper's: the summary is printed from elsewhere.
    const lines = fixture('hcl-diagnostics.go.txt').map((l, i) => (i + 1 === 6 || i + 1 === 28 ? l : ''));
    const sources: MessageSources = {
      linesContaining: (fragment, limit) =>
        lines
          .flatMap((l, i) =>
            l.toLowerCase().includes(fragment.toLowerCase()) ? [{ fileId: 0, path: 'x.go', line: i + 1 }] : [],
          )
          .slice(0, limit),
      lineText: (_fileId, line) => lines[line - 1],
    };
    const message =
      'Error: config.hcl line 12, column 11 to 17: Call to unknown function; There is no function named "upperr". Did you mean "upper"?';
    const found = findFormatStrings(message, sources);
    expect(found.map((f) => [f.line, f.literal])).toEqual([[28, 'There is no function named %q.%s']]);
    expect(found[0].coverage).toBeLessThan(0.4);
  });

  it('the wrapper still answers a message no other format holds words of', () => {
    const found = findFormatStrings('Error: open out.json: permission denied', sourcesOf('hcl-diagnostics.go.txt'));
    expect(found.map((f) => [f.line, f.literal])).toEqual([[6, 'Error: %s\\n\\n']]);
  });
});

describe('the mined set’s classes, twenty-first session (bench/real/mined-messages.ts, tuning projects)', () => {
  it("PHP: white space closing a format (`'Do you want to run \"%s\" instead? '`) is not printed text the paste keeps, and a prompt worded as a question is its format's output", () => {
    const name = 'console-application-alternative.php.txt';
    const pasted = 'Do you want to run "staging" instead?';
    expect(formatsFor(pasted, name)).toEqual([{ line: 10, literal: 'Do you want to run "%s" instead? ' }]);
    const plan = routeWithFormats(pasted, name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([10]);
  });

  it("Ruby: a message opening with a contraction (`can't convert …`) is pasted, not asked", () => {
    const name = 'net-ssh-start-verbose.rb.txt';
    const plan = routeWithFormats("can't convert staging to any of the Logger level constants", name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([12]);
    // A question still opens with its word and a space.
    expect(routeWithFormats('can convert staging to any of the Logger level constants', name).pasted).toBeUndefined();
  });
});

describe('formats that tie when case is ignored', () => {
  it('Go: serf’s agent `"Unknown event type: %s"`, not the library’s `"unknown event type: %d"`, prints `Unknown event type: …`', () => {
    const names = ['serf-event-string.go.txt', 'serf-agent-invoke.go.txt'];
    const found = findFormatStrings("Unknown event type: 'payload'", sourcesOfFiles(names));
    expect(found.map((f) => [f.path, f.line])).toEqual([['serf-agent-invoke.go.txt', 10]]);
    // Written as the library writes it, the library's format is the answer.
    expect(findFormatStrings('unknown event type: 7', sourcesOfFiles(names)).map((f) => [f.path, f.line])).toEqual([
      ['serf-event-string.go.txt', 15],
    ]);
  });
});

describe('a format of several literals on one line', () => {
  it("PHP: phpseclib’s `'Key of size ' . strlen($key) . ' not supported … size 8 are supported'` is the line holding all of them, not every `'Key of size '`", () => {
    const names = ['phpseclib-aes-setkey.php.txt', 'phpseclib-des-setkey.php.txt'];
    const { plan, lines } = routeWithFiles(
      'PHP Fatal error:  Uncaught LengthException: Key of size 7 not supported by this algorithm. Only keys of size 8 are supported',
      names,
    );
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual({ 'phpseclib-aes-setkey.php.txt': [], 'phpseclib-des-setkey.php.txt': [5] });
  });
});

describe('a location printed on a line of its own, the message below it', () => {
  it('Symfony Console’s `In App.php line 42:` head: the message below it is found whatever rule its words fire', () => {
    const iv = 'In App.php line 42:\n  The IV length (42) does not match the block size (1)';
    expect(readPastedLines(iv).runsOn.get(0)).toBe('location');
    expect(unwrapMessage(iv)).toContain('The IV length (42) does not match the block size (1)');
    const ivPlan = routeWithFormats(iv, 'phpseclib-rijndael-setup.php.txt');
    expect(ivPlan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('phpseclib-rijndael-setup.php.txt'), ivPlan.regex!)).toEqual([11]);
    // "The StreamOutput class needs …" reads as a definition question on its own.
    const stream = 'In App.php line 42:\n  The StreamOutput class needs a stream as its first argument.';
    const streamPlan = routeWithFormats(stream, 'console-stream-output.php.txt');
    expect(streamPlan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('console-stream-output.php.txt'), streamPlan.regex!)).toEqual([7]);
  });
});

describe('a message of two words that a format prints exactly', () => {
  const name = 'tokio-core-poll-stage.rs.txt';

  it('Rust: tokio’s `unreachable!("unexpected stage")` pasted as `unexpected stage` is its line, not a phrase to understand', () => {
    const plan = routeWithFormats('unexpected stage', name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([8]);
  });

  it('a phrase the code writes otherwise (case, more words) stays a phrase', () => {
    expect(routeWithFormats('Unexpected Stage', name).pasted).toBeUndefined();
    expect(routeWithFormats('unexpected', name).pasted).toBeUndefined();
    expect(routeWithFormats('stage running', name).pasted).toBeUndefined();
  });
});

describe('a message with a value between every two of its words', () => {
  const name = 'tokio-join-error-display.rs.txt';

  it('Rust: tokio’s `write!(fmt, "task {} panicked", self.id)`, found by `task` and `panicked` on one line', () => {
    expect(formatsFor('task 42 panicked', name)).toEqual([{ line: 6, literal: 'task {} panicked' }]);
    const plan = routeWithFormats('task 42 panicked', name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([6]);
  });

  it('only a format explaining the whole message is taken from such a pair’s lines', () => {
    // `"task {} panicked"` explains three words of four: read only for that pair, it is no answer.
    expect(formatsFor('task 42 panicked twice', name)).toEqual([]);
  });
});

describe('a format whose first literal other formats write too', () => {
  it('C: systemtap’s three `printk(KERN_ERR "uprobes does not currently support probing "`: the 2-byte one is placed at its own literal below', () => {
    const name = 'systemtap-uprobes-bad-opcode.c.txt';
    const pasted = 'kernel: uprobes does not currently support probing instructions with the 2-byte opcode 0x0f 0x05';
    const plan = routeWithFormats(pasted, name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([12]);
    // The 1-byte message's first literal is its own: it stays there.
    const oneByte = routeWithFormats(
      'In 64-bit apps, uprobes does not currently support probing instructions whose first byte is 0x0f',
      name,
    );
    expect(matchingLines(fixture(name), oneByte.regex!)).toEqual([4]);
  });
});

describe('a message whose wrapper takes the line past a message’s length (real set, symfony-di:message:5)', () => {
  it('PHP: Symfony’s uncaught autowiring error, 328 characters, is answered by its `Cannot autowire service "%s": %s %s`', () => {
    const name = 'symfony-di-autowire-not-found.php.txt';
    const pasted =
      'PHP Fatal error:  Uncaught Symfony\\Component\\DependencyInjection\\Exception\\RuntimeException: Cannot autowire service "App\\Controller\\CheckoutController": argument "$logger" of method "__construct()" references interface "Psr\\Log\\LoggerInterface" but no such service exists. Did you create a class that implements this interface?';
    expect(formatsFor(pasted, name)).toEqual([{ line: 26, literal: 'Cannot autowire service "%s": %s %s' }]);
    const plan = routeWithFormats(pasted, name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([26]);
  });
});

describe('a format a styled console prints (found by the mined set’s slice)', () => {
  const name = 'composer-using-version.php.txt';

  it("PHP: composer’s `'Using version <info>%s</info> for <info>%s</info>'` prints no tags: the message is its line", () => {
    const pasted = 'Using version ^2.1 for monolog/monolog';
    expect(formatsFor(pasted, name)).toEqual([
      { line: 13, literal: 'Using version <info>%s</info> for <info>%s</info>' },
    ]);
    const plan = routeWithFormats(pasted, name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([13]);
  });

  it('the tags as written still align (a page’s HTML pasted with them)', () => {
    const tagged = alignFormat(
      formatPieces('Using version <info>%s</info> for <info>%s</info>'),
      'Using version <info>^2.1</info> for <info>a/b</info>',
    );
    expect(tagged?.coverage).toBe(1);
  });
});

describe('Rust messages as bindgen writes them (found by the mined set’s slice)', () => {
  const name = 'bindgen-messages.rs.txt';
  const lines = fixture(name);

  it('a string continued with `\\` at a line’s end prints without the break or the indentation, and is placed at its first line', () => {
    const pasted =
      "thread 'main' panicked at '`Bitfield::setter_name` should only be calledafter assigning bitfield accessor names', src/lib.rs:42:9";
    const plan = routeWithFormats(pasted, name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(lines, plan.regex!)).toEqual([8]);
  });

  it('an indent at a format’s start is layout: `trace!("    function pointer cannot derive {}", …)`', () => {
    const plan = routeWithFormats('function pointer cannot derive Debug', name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(lines, plan.regex!)).toEqual([17]);
    // A single space still opens a piece printed after other text (hcl's `" Did you mean %q?"`).
    expect(alignFormat(formatPieces(' Did you mean %q?'), 'Did you mean "upper"?')).toBeNull();
  });

  it('a message holding a definition keyword (`type`, `function`) is pasted when a format starting it explains it whole', () => {
    const plan = routeWithFormats('type parameters can always convert to rust ty OK', name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(lines, plan.regex!)).toEqual([25]);
    // A question with the same keyword keeps its plan: no format prints it.
    expect(routeWithFormats('function that converts type parameters', name)).toEqual(
      planQuery('function that converts type parameters'),
    );
  });
});

describe('a value printed as a structure (found by the mined sets)', () => {
  it('Rust `{:?}`: rustls’ `trace!("alpn protocols {:?}", alpn)` with a struct or a list printed is one value, not a nested message', () => {
    const name = 'rustls-client-hello-trace.rs.txt';
    for (const value of ['Token { kind: Ident, span: 4..9 }', '["h2", "http/1.1"]', 'Some([PayloadU8([104, 50])])']) {
      const plan = routeWithFormats(`[2026-12-03T10:14:07Z TRACE rustls::server::hs] alpn protocols ${value}`, name);
      expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
      expect(matchingLines(fixture(name), plan.regex!)).toEqual([10]);
    }
    // Words outside brackets are still words: a message of its own after the format's text.
    expect(
      alignFormat(formatPieces('alpn protocols {:?}'), 'alpn protocols were refused by the peer today')?.nested,
    ).toBeDefined();
  });

  it('a log line with code punctuation in its values is a message when a format explains it whole (h2’s `send_close: Open => HalfClosedLocal({:?})`)', () => {
    const name = 'h2-state-send-close.rs.txt';
    const pasted =
      '[2026-12-03T10:14:07Z TRACE h2::proto::streams::state] send_close: Open => HalfClosedLocal(Streaming { window: 65535 })';
    const plan = routeWithFormats(pasted, name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([6]);
  });
});

describe('the seventh tuning group’s message misses (group 2026-12-03e)', () => {
  it('Go `%w`: containers-storage’s `fmt.Errorf("layer %v used by image %v: %w", …)` is where the message was made, not the sentinel it wraps', () => {
    const names = ['containers-storage-delete-layer.go.txt', 'containers-storage-errors.go.txt'];
    const found = findFormatStrings(
      'layer 8c1f3d2a used by image 2e7b9c41: layer is in use by an image',
      sourcesOfFiles(names),
    );
    expect(found.map((f) => [f.path, f.line])).toEqual([
      [names[0], 8],
      [names[0], 13],
    ]);
    // click’s `Invalid value for …: {message}` still credits the format of the message it wraps.
    const click = formatsFor("Error: Invalid value for '--count': 'ten' is not a valid integer.", 'click-types.py.txt');
    expect(click.map((f) => f.literal)).not.toContain('Invalid value for {param_hint}: {message}');
  });

  it('Go `%w` wrapping only the error (runc’s `runc run failed: %w`) over a format with values of its own: the inner format made the message', () => {
    const names = ['runc-run-command.go.txt', 'runc-validate-sysctl.go.txt'];
    const found = findFormatStrings(
      'ERRO[0000] runc run failed: sysctl "net.ipv4.ip_forward" not allowed in host network namespace',
      sourcesOfFiles(names),
    );
    expect(found.map((f) => [f.path, f.line])[0]).toEqual([names[1], 12]);
    // A wrapper that says more than the format it wraps keeps the credit (containerd's resolver).
    const containerd = ['containerd-resolver-pull-denied.go.txt', 'containerd-authorizer-invalid.go.txt'];
    const denied = findFormatStrings(
      'ctr: failed to resolve reference "registry.example.com/team/api:2.3": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
      sourcesOfFiles(containerd),
    );
    expect(denied.map((f) => [f.path, f.line])[0]).toEqual([containerd[0], 12]);
  });

  it('a message an impact phrase fires (`… still has 2 active dependents`) is pasted when its format explains it whole', () => {
    const name = 'containers-storage-devmapper-remove.go.txt';
    const plan = routeWithFormats('devmapper: device dm-4 still has 2 active dependents', name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([9]);
  });

  it('a value that is a date pattern is data, not a literal where the message was made (dbal’s `Expected format: Y-m-d H:i:s`)', () => {
    const names = ['dbal-conversion-failed-format.php.txt', 'dbal-datetime-format-string.php.txt'];
    const sources = sourcesOfFiles(names);
    const pasted =
      'Doctrine\\DBAL\\Types\\ConversionException: Could not convert database value "tbd" to Doctrine Type datetime. Expected format: Y-m-d H:i:s';
    const formats = findFormatStrings(pasted, sources);
    expect(formats.map((f) => f.path)).toEqual([names[0]]);
    expect(valueLiterals(formats, sources).map((f) => f.path)).toEqual([names[0]]);
  });
});

describe('the eighth group’s pastes: wrappers, implied causes, lines printed together', () => {
  const RUSTIX = ['rustix-linux-raw-getsockopt.rs.txt', 'rustix-libc-getsockopt.rs.txt'];

  it('Rust before 1.73: assert_eq!’s message between its `left`/`right` lines, the location naming which backend printed it', () => {
    const pasted =
      "thread 'main' panicked at 'assertion failed: `(left == right)`\n  left: `1`,\n right: `4`: unexpected getsockopt size', /home/dev/.cargo/registry/src/github.com-1ecc6299db9ec823/rustix-0.35.12/src/backend/linux_raw/net/syscalls.rs:786:13";
    expect(unwrapMessage(pasted)[0]).toBe('unexpected getsockopt size');
    // Both backends assert the same text; the panic's file is linux_raw's.
    const named = [`backend/linux_raw/net/syscalls.rs`, `backend/libc/net/syscalls.rs`];
    const renamed: MessageSources = {
      ...sourcesOfFiles(RUSTIX),
      linesContaining: (f, l) =>
        sourcesOfFiles(RUSTIX)
          .linesContaining(f, l)
          .map((h) => ({ ...h, path: named[h.fileId] })),
    };
    expect(findFormatStrings(pasted, renamed).map((f) => [f.path, f.line])).toEqual([
      [named[0], 27],
      [named[0], 48],
    ]);
    // Without a location, both are where it may have been printed.
    expect(new Set(findFormatStrings('unexpected getsockopt size', renamed).map((f) => f.path))).toEqual(
      new Set(named),
    );
    const { plan } = routeWithFiles(pasted, RUSTIX);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
  });

  it('Rust: a build script’s `cargo:warning=` line is pasted as Cargo prints it, `warning: …`, across a string continued on the next line', () => {
    const libc = findFormatStrings(
      'warning: "libc\'s use_std cargo feature is deprecated since libc 0.2.55; please consider using the `std` cargo feature instead"',
      sourcesOfFiles(['libc-build.rs.txt']),
    );
    expect(libc.map((f) => f.line)).toEqual([17]);
    const tokio = findFormatStrings(
      'warning: tokio: failed to detect compiler features: could not execute process `rustc -V`',
      sourcesOfFiles(['tokio-build-warning.rs.txt']),
    );
    expect(tokio.map((f) => f.line)).toEqual([6]);
  });

  it('Rust before 1.73: three panics of one message in one file, the one at the line the location names', () => {
    const pasted =
      "  thread 'main' panicked at 'Failed to get rustc version', /home/dev/.cargo/registry/src/github.com-1ecc6299db9ec823/libc-0.2.139/build.rs:130:10";
    const sources = sourcesOfFiles(['libc-build.rs.txt']);
    // Without the location, the macro's panic, the `.expect` and the check after it tie.
    expect(findFormatStrings('Failed to get rustc version', sources).map((f) => f.line)).toEqual([120, 130, 135]);
    const renamed: MessageSources = {
      ...sources,
      linesContaining: (f, l) => sources.linesContaining(f, l).map((h) => ({ ...h, path: 'build.rs' })),
    };
    expect(findFormatStrings(pasted, renamed).map((f) => f.line)).toEqual([130]);
  });

  it('Rust: a Debug-printed error after assert_eq!’s message is one value (`unexpected error: {:?}`)', () => {
    const pasted =
      "thread 'main' panicked at 'assertion failed: `(left == right)`\n  left: `-1`,\n right: `0`: unexpected error: Os { code: 9, kind: Uncategorized, message: \"Bad file descriptor\" }'";
    const { plan, lines } = routeWithFiles(pasted, ['rustix-libc-conv.rs.txt']);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual({ 'rustix-libc-conv.rs.txt': [14] });
    // Since 1.73 the message follows `assertion \`left == right\` failed: `.
    expect(unwrapMessage('assertion `left == right` failed: unexpected error: Os { code: 9 }')).toContain(
      'unexpected error: Os { code: 9 }',
    );
  });

  it('C: gnulib’s `error (0, errno, _("…"))` prints `: ` and the OS’s message after its format, not the strerror table', () => {
    const names = ['gnulib-xmemcoll.c.txt', 'gnulib-strerror-override.c.txt'];
    const found = findFormatStrings(
      'sort: string comparison failed: Invalid or incomplete multibyte or wide character',
      sourcesOfFiles(names),
    );
    expect(found.map((f) => [f.path, f.line])).toEqual([[names[0], 7]]);
    // The three lines sort printed together: the function that printed them.
    const { plan, lines } = routeWithFiles(
      "sort: string comparison failed: Invalid or incomplete multibyte or wide character\nsort: Set LC_ALL='C' to work around the problem.\nsort: The strings compared were 'caf\\303' and 'cafe'.",
      names,
    );
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual({ [names[0]]: [7], [names[1]]: [] });
  });

  it('C: a format whose `%m` sits before its last value printed the OS’s message, not strerror’s table (musl’s dynamic linker)', () => {
    const names = ['musl-dynlink-deps.c.txt', 'musl-strerror.h.txt'];
    const pasted =
      'Error loading shared library libstdc++.so.6: No such file or directory (needed by /usr/local/bin/node)';
    const found = findFormatStrings(pasted, sourcesOfFiles(names));
    expect(found.map((f) => [f.path, f.line])).toEqual([[names[0], 28]]);
    const { plan, lines } = routeWithFiles(pasted, names);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual({ [names[0]]: [28], [names[1]]: [] });
  });

  it('C: an error number of 0 prints no cause; perror and glibc’s %m print one', () => {
    const withCause = (source: string) => formatRuns(source)[0].pieces.at(-1);
    expect(withCause('error (EXIT_FAILURE, errno, _("cannot open %s"), quote (name));')).toEqual({
      placeholder: OS_ERROR,
    });
    expect(withCause('error_at_line (0, err, file, line, "bad entry");')).toEqual({ placeholder: OS_ERROR });
    expect(withCause('perror ("fork");')).toEqual({ placeholder: OS_ERROR });
    expect(withCause('error (0, 0, _("Set LC_ALL=\'C\' to work around the problem."));')).toEqual({
      constant: "Set LC_ALL='C' to work around the problem.",
    });
    expect(formatPieces('cannot bind: %m')).toEqual([{ constant: 'cannot bind: ' }, { placeholder: '%m' }]);
  });

  it('Ruby: the message indented under RubyGems’ `ERROR:  While executing gem ...` head is where it was raised, not the head', () => {
    const names = [
      'rubygems-security-policy.rb.txt',
      'rubygems-command-manager.rb.txt',
      'rubygems-user-interaction.rb.txt',
    ];
    const { plan, lines } = routeWithFiles(
      'ERROR:  While executing gem ... (Gem::Security::Exception)\n    invalid signing chain: certificate /CN=alice/DC=example/DC=com not valid after 2023-05-01 12:00:00 UTC',
      names,
    );
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual({ [names[0]]: [44], [names[1]]: [], [names[2]]: [] });
  });

  it('Ruby: a format that writes a line break prints the paste’s two lines together, not the `WARNING:  #{statement}` label', () => {
    const names = ['rubygems-installer-path-warning.rb.txt', 'rubygems-user-interaction.rb.txt'];
    const { plan, lines } = routeWithFiles(
      "WARNING:  You don't have /home/deploy/.local/share/gem/ruby/3.1.0/bin in your PATH,\n\t  gem executables will not run.",
      names,
    );
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual({ [names[0]]: [20], [names[1]]: [] });
  });

  it('PHP: `Uncaught X\\YException: ` pasted without PHP’s `Fatal error: ` is taken off', () => {
    const name = 'symfony-validator-UnexpectedTypeException.php.txt';
    const pasted =
      'Uncaught Symfony\\Component\\Validator\\Exception\\UnexpectedValueException: Expected argument of type "string", "array" given';
    expect(unwrapMessage(pasted)).toContain('Expected argument of type "string", "array" given');
    const plan = routeWithFormats(pasted, name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([8]);
    // A browser console's report of a promise nobody awaited.
    expect(
      unwrapMessage("Uncaught (in promise) TypeError: Cannot read properties of undefined (reading 'id')"),
    ).toContain("Cannot read properties of undefined (reading 'id')");
  });
});

describe('the ninth group’s message shapes (twenty-fifth session)', () => {
  it('Python %r: Sphinx’s toctree warning, its `file:line: WARNING: ` head off and the repr’s quotes a value', () => {
    const lines = fixture('sphinx-toctree.py.txt');
    const paste =
      "/home/ana/proj/docs/index.rst:14: WARNING: toctree contains reference to nonexisting document 'tutorial/install'";
    const found = findFormatStrings(paste, sourcesOf('sphinx-toctree.py.txt'));
    expect(found.map((f) => f.line)).toEqual([11]);
    expect(lines[10]).toContain("__('toctree contains reference to nonexisting document %r')");
    expect(found[0].values).toEqual(["'tutorial/install'"]);
    // The excluded-document format beside it shares the words but not the message.
    expect(routeWithFormats(paste, 'sphinx-toctree.py.txt')).toMatchObject({ intent: 'exact_match', pasted: true });
  });

  it('%r before a word character is AT&T assembly’s register, not a conversion', () => {
    expect(formatPieces('mov %rax, %r8')).toEqual([{ constant: 'mov %rax, %r8' }]);
    expect(formatPieces('unknown config value %r in override')).toEqual([
      { constant: 'unknown config value ' },
      { placeholder: '%r' },
      { constant: ' in override' },
    ]);
  });

  it('a head printed alone above the message (Sphinx’s `Theme error:`): the next line is the message, its parenthesis and all', () => {
    const lines = fixture('sphinx-theming.py.txt');
    const plan = routeWithFormats(
      "Theme error:\nno theme named 'furo' found (missing theme.conf?)",
      'sphinx-theming.py.txt',
    );
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(lines, plan.regex!)).toEqual([14]);
    expect(lines[13]).toContain("raise ThemeError(__('no theme named %r found (missing theme.conf?)') % name)");
  });

  it('the same words printed in two places: the one whose placeholder quotes the value the paste shows quoted (Rouge’s `.inspect`)', () => {
    const sources = sourcesOfFiles(['rouge-highlight.rb.txt', 'rouge-cli.rb.txt']);
    const quoted = findFormatStrings('unknown lexer "foo"', sources);
    expect(quoted.map((f) => [f.path, f.line])).toEqual([['rouge-cli.rb.txt', 13]]);
    expect(fixture('rouge-cli.rb.txt')[12]).toContain('error! "unknown lexer #{opts[:lexer].inspect}"');
    // Printed bare, it is the library's `raise "unknown lexer #{lexer}"`.
    const bare = findFormatStrings('unknown lexer foo', sources);
    expect(bare.map((f) => [f.path, f.line])).toEqual([['rouge-highlight.rb.txt', 4]]);
  });
});

describe('a structured log line, a detail of the message, a level', () => {
  it("zap's JSON line: the `msg` field is the message, the logger's fields are not (etcd)", () => {
    const name = 'etcd-util-warn-expensive.go.txt';
    const pasted =
      '{"level":"warn","ts":"2026-12-04T10:14:22.104Z","caller":"etcdserver/util.go:167","msg":"apply request took too long","took":"312.447ms","expected-duration":"100ms","prefix":"read-only range ","response":"range_response_count:12 size:48211"}';
    expect(formatsFor(pasted, name)).toEqual([{ line: 14, literal: 'apply request took too long' }]);
    const plan = routeWithFormats(pasted, name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([14]);
  });

  it('logrus’ text line: the `msg` field’s format is where it was logged, not the `error` it was given (containerd)', () => {
    const names = ['containerd-server-load-plugin.go.txt', 'containerd-devmapper-plugin.go.txt'];
    const sources = sourcesOfFiles(names);
    const pasted =
      'time="2026-11-30T09:14:02.118532406Z" level=warning msg="failed to load plugin io.containerd.snapshotter.v1.devmapper" error="devmapper not configured"';
    // `log.G(ctx).WithError(err).Warnf("failed to load plugin %s", id)`, not `errors.New("devmapper not configured")`.
    expect(findFormatStrings(pasted, sources).map((f) => [f.path, f.line])).toEqual([[names[0], 12]]);
    // So with zap's JSON fields; the error alone is still found where it was made.
    const json =
      '{"level":"warn","msg":"failed to load plugin io.containerd.snapshotter.v1.devmapper","error":"devmapper not configured"}';
    expect(findFormatStrings(json, sources).map((f) => [f.path, f.line])).toEqual([[names[0], 12]]);
    expect(findFormatStrings('error="devmapper not configured"', sources).map((f) => [f.path, f.line])).toEqual([
      [names[1], 13],
    ]);
  });

  it('hclog’s line: the message before its `key=value` pairs is the call’s literal, the quoted values are its arguments (raft)', () => {
    const name = 'raft-replication.go.txt';
    // hclog prints `name: message: key=value key="quoted value"`; `r.logger.Error("failed to
    // appendEntries to", "peer", s.peer, "error", err)` joined with its `"peer"` key held more of
    // the whole line than the literal alone, and explained too little of it.
    const pasted =
      '2026-12-04T10:00:00.000Z [ERROR] raft: failed to appendEntries to: peer="{Voter 2 127.0.0.1:8300}" error="dial tcp 127.0.0.1:8300: connect: connection refused"';
    expect(formatsFor(pasted, name)).toEqual([{ line: 14, literal: 'failed to appendEntries to' }]);
    const plan = routeWithFormats(pasted, name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([14]);
    // A message whose words end the line is read whole, its colon and all.
    expect(unwrapMessage('raft: failed to appendEntries to: peer')).not.toContain('failed to appendEntries to');
  });

  it('an error a format wraps (Go’s `%w`) was made into the message at the wrapper, not at the error’s literal (containerd’s errdefs.ErrNotFound)', () => {
    const names = ['containerd-metadata-containers.go.txt', 'containerd-errdefs-errors.go.txt'];
    const sources = sourcesOfFiles(names);
    const formats = findFormatStrings('container "web-1" in namespace "default": not found', sources);
    expect(formats.map((f) => [f.path, f.line])).toEqual([[names[0], 11]]);
    expect(formats[0].values).toContain('not found');
    expect(valueLiterals(formats, sources).map((f) => [f.path, f.line])).toEqual([[names[0], 11]]);
  });

  it('a literal a function returns is a value, not where the message was made (etcd’s streamType.String())', () => {
    const name = 'etcd-rafthttp-stream-type.go.txt';
    const sources = sourcesOfFiles([name]);
    const pasted =
      '2026-12-04 10:15:03.551207 W | rafthttp: lost the TCP streaming connection with peer 8e9e05c52164694d (stream MsgApp v2 writer)';
    const formats = findFormatStrings(pasted, sources);
    expect(formats.map((f) => f.line)).toEqual([22, 53]);
    expect(formats[0].values).toContain('stream msgapp v2');
    // `return "stream MsgApp v2"` is the whole of a literal, but the value String() returns.
    expect(valueLiterals(formats, sources).map((f) => f.line)).toEqual([22, 53]);
  });

  it('formats that tie: the one passed to the call the paste names as its level (pylint: error: is argparse’s error)', () => {
    const names = ['pylint-config-initialization.py.txt', 'pylint-pylinter-msgs.py.txt'];
    const found = findFormatStrings('pylint: error: Unrecognized option found: no-space-check', sourcesOfFiles(names));
    expect(found.map((f) => [f.path, f.line])).toEqual([[names[0], 12]]);
    // Without a level, the message table's entry and the call tie.
    const tied = findFormatStrings('Unrecognized option found: no-space-check', sourcesOfFiles(names));
    expect(tied.map((f) => f.path).sort()).toEqual([...names].sort());
  });
});

describe('a name the message shows is not the message', () => {
  it('pylint: the message table’s format, not its symbol printed in the tag after it', () => {
    // `"Unused variable %r"` and `"unused-variable"` are one entry of the table; the reporter prints
    // `path:line:col: W0612: Unused variable 'tmp' (unused-variable)`. The symbol has a character
    // more than the format's words, and was answered.
    const pasted = "src/shop/views.py:42:8: W0612: Unused variable 'tmp' (unused-variable)";
    expect(formatsFor(pasted, 'pylint-checkers-variables-msgs.py.txt')).toEqual([
      { line: 13, literal: 'Unused variable %r' },
    ]);
  });

  it('paramiko: the key type the message shows as its value is no format of it', () => {
    const pasted = 'paramiko.ssh_exception.SSHException: Signature verification (ssh-ed25519) failed.';
    expect(formatsFor(pasted, 'paramiko-transport-verify-key.py.txt')).toEqual([
      { line: 19, literal: 'Signature verification ({}) failed.' },
    ]);
  });
});

describe('a format printing another program’s line after an arrow', () => {
  it('Vagrant: rsync’s own stderr after `rsync[…] -> `, under the machine’s `==> web: `', () => {
    const pasted =
      '==> web: rsync[stderr] -> rsync: change_dir "/home/ana/app/node_modules" failed: No such file or directory (2)';
    expect(formatsFor(pasted, 'vagrant-synced_folders-rsync-helper.rb.txt')).toEqual([
      { line: 19, literal: 'rsync[#{io_name}] -> #{line}' },
    ]);
  });

  it('explains the rest of the line after the arrow as a cause, as after a colon', () => {
    const line = 'rsync[stderr] -> rsync: change_dir "/srv/app" failed: No such file or directory (2)';
    const aligned = alignFormat(formatPieces('rsync[#{io_name}] -> #{line}'), line);
    expect(aligned?.coverage).toBe(1);
    const colon = alignFormat(formatPieces('rsync[#{io_name}]: #{line}'), line.replace(' ->', ':'));
    expect(colon?.coverage).toBe(1);
  });
});

describe('the twenty-second group’s Lua messages (naev: gettext’s `_()` inside `string.format`)', () => {
  const EQUIP = ['naev-equip-generic.lua.txt', 'naev-diy-nerds.lua.txt', 'naev-ship-names.lua.txt'];
  const equip = 'Could not equip Unicorp PT-100 Core System on pilot Pirate Hyena!';

  it('a nested value that a line assigns to a name (`outfit = "…"`) is data the format prints, not where the message was made', () => {
    const sources = sourcesOfFiles(EQUIP);
    const found = findFormatStrings(equip, sources);
    // The outfit's name, four words, reads as a nested message; its literal explains it whole,
    // but it is a value kept in a variable: `string.format(_("Could not equip %s on pilot %s!"), …)`.
    expect(found.map((f) => [f.path, f.line, f.literal])).toEqual([[EQUIP[0], 21, 'Could not equip %s on pilot %s!']]);
    expect(found[0].coverage).toBe(1);
  });

  it('a value written in more lines than a message is raised from (a ship’s name) leaves the format where it is', () => {
    const sources = sourcesOfFiles(EQUIP);
    const found = findFormatStrings(equip, sources);
    expect(found[0].values).toContain('pirate hyena');
    // Ten lines write "Pirate Hyena" whole: a name the missions pass around.
    expect(valueLiterals(found, sources).map((f) => [f.path, f.line])).toEqual([[EQUIP[0], 21]]);
  });

  it('a value the format quotes itself (`"Pilot \'%s\' tried to land …"`) is the input’s, not a literal of the code', () => {
    const names = ['naev-ai-basic.lua.txt', 'naev-ship-names.lua.txt'];
    const sources = sourcesOfFiles(names);
    const found = findFormatStrings("Pilot 'Trader Llama' tried to land with no landable assets!", sources);
    expect(found.map((f) => [f.path, f.line])).toEqual([[names[0], 10]]);
    // Four lines of the spawn script write "Trader Llama" whole; the format's own quotes say it is the pilot's name.
    expect(valueLiterals(found, sources).map((f) => [f.path, f.line])).toEqual([[names[0], 10]]);
  });
});

describe('a JSON line a literal writes whole (sysdig’s wsysdig_summary.lua: `print(\'{"progress": 100, "error": "…"}\')`)', () => {
  const name = 'sysdig-wsysdig-summary.lua.txt';
  const pasted = `{"progress": 100, "error": "can't read the trace file index" }`;

  it('the braces of a JSON object are printed text, not a format’s field', () => {
    // Read as one `{…}` placeholder (an f-string's field holding a string), the literal held no constant text.
    expect(formatPieces(`{"progress": 100, "error": "can\\'t read" }`)).toEqual([
      { constant: `{"progress": 100, "error": "can't read" }` },
    ]);
    expect(formatPieces('{"done":true}')).toEqual([{ constant: '{"done":true}' }]);
    // A field is still one: `{name}`, `{0}`, `{f' [{d}]' if d else ''}`.
    expect(formatPieces("at {0}: {f' [{d}]' if d else ''}")).toEqual([
      { constant: 'at ' },
      { placeholder: '{0}' },
      { constant: ': ' },
      { placeholder: "{f' [{d}]' if d else ''}" },
    ]);
  });

  it('the line that prints the pasted object is found, not the progress line that starts alike', () => {
    expect(formatsFor(pasted, name).map((f) => f.line)).toEqual([41]);
    const plan = routeWithFormats(pasted, name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true, answerLines: [{ path: name, line: 41 }] });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([41]);
  });
});

describe('a pasted message whose literal a more central file writes too, ending otherwise (the shapes of winit 0.27)', () => {
  const panicLines = (ext: string) => [
    '        panic!(',
    '            "Initializing the event loop outside of the main thread is a significant \\',
    '             cross-platform compatibility hazard. If you really need to, you can use the \\',
    `             \`EventLoopBuilderExt${ext}::any_thread\` function."`,
    '        );',
  ];
  const files = [
    {
      path: 'src/linux/mod.rs',
      text: [
        'pub struct EventLoop;',
        'impl EventLoop {',
        '    pub fn new(any_thread: bool) -> EventLoop {',
        '        if !any_thread && !is_main_thread() {',
        ...panicLines('Unix'),
        '        }',
        '        EventLoop',
        '    }',
        '}',
        '',
        'pub fn is_main_thread() -> bool {',
        '    true',
        '}',
        '',
      ].join('\n'),
    },
    {
      path: 'src/windows/event_loop.rs',
      text: [
        'pub struct EventLoop;',
        'impl EventLoop {',
        '    pub fn new(any_thread: bool) -> EventLoop {',
        '        if !any_thread && main_thread_id() != 0 {',
        ...panicLines('Windows'),
        '        }',
        '        EventLoop',
        '    }',
        '}',
        '',
        'fn main_thread_id() -> u32 {',
        '    0',
        '}',
        '',
      ].join('\n'),
    },
    ...['window', 'monitor', 'event', 'keyboard', 'ime'].map((name) => ({
      path: `src/linux/${name}.rs`,
      text: [
        'use crate::linux::{is_main_thread, EventLoop};',
        '',
        `pub fn ${name}_ready() -> bool {`,
        '    let _ = EventLoop::new(false);',
        '    is_main_thread()',
        '}',
        '',
      ].join('\n'),
    })),
  ];
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineOver(files);
  });

  it('shows the copy the whole message was read in first, the other copy demoted', async () => {
    const r = await engine.search(
      "thread '<unnamed>' panicked at 'Initializing the event loop outside of the main thread is a significant cross-platform compatibility hazard. If you really need to, you can use the `EventLoopBuilderExtWindows::any_thread` function.'",
    );
    expect(r.query.intent).toBe('exact_match');
    expect(r.results[0].path).toBe('src/windows/event_loop.rs');
    const copy = r.results.find((x) => x.path === 'src/linux/mod.rs');
    expect(copy?.explanation.demotion?.rule).toBe(OTHER_FORMAT_DEMOTION_RULE);
  });
});

describe('a message under a heading', () => {
  const files = ['pdepend-command.php.txt', 'pdepend-engine.php.txt', 'pdepend-parser.php.txt'];

  it('PHP: pdepend’s “The following error occurred:” over a parse error: the error’s own format, not the heading’s printf', () => {
    const pasted =
      'The following error occurred:\nThe parser has reached an invalid state near line "14" in file "/home/me/src/Repository.php". Please check the following conditions: The keyword "parent" was used as type hint but the class "Repository" does not declare a parent.';
    const { plan, lines } = routeWithFiles(pasted, files);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    // The parser's `'The keyword "parent" … ' . 'class "%s" does not declare a parent.'` (its placeholder's line, 44), made inside InvalidStateException's.
    expect(lines).toEqual({
      'pdepend-command.php.txt': [],
      'pdepend-engine.php.txt': [],
      'pdepend-parser.php.txt': [44],
    });
  });

  it('PHP: pdepend’s “Critical error:” underlined with “===”: the message below the rule, not the rule', () => {
    const pasted = 'Critical error:\n===============\nThe given file "/home/me/project/src/Legacy.php" does not exist.';
    const { plan, lines } = routeWithFiles(pasted, files);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    // Engine::addFile's `sprintf('The given file "%s" does not exist.', $file)`.
    expect(lines['pdepend-engine.php.txt']).toEqual([21]);
    expect(lines['pdepend-command.php.txt']).toEqual([]);
  });

  it('a heading with nothing under it is still read as the message', () => {
    expect(findFormatStrings('The following error occurred:', sourcesOfFiles(files)).map((f) => f.literal)).toEqual([
      '%sThe following error%s occurred:%s',
    ]);
  });
});

describe('PHP: an `echo` of several arguments prints one message', () => {
  it("pdepend’s `echo 'Specified file ', $option, '=', $value, ' not exists.'`: the values between the literals, `'='` printed text", () => {
    const pasted = 'Specified file --coverage-report=/tmp/build/clover.xml not exists.';
    expect(formatsFor(pasted, 'pdepend-command-options.php.txt')).toEqual([{ line: 12, literal: 'Specified file ' }]);
    const plan = routeWithFormats(pasted, 'pdepend-command-options.php.txt');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture('pdepend-command-options.php.txt'), plan.regex!)).toEqual([12]);
  });

  it("arguments of a call are not an echo’s: `printf('a %s', $x)` then `' b'` elsewhere stay apart", () => {
    const runs = formatRuns("printf('Option %s', $option);\nfoo('Option', $y, ' requires a value.');");
    expect(runs.map((r) => r.pieces)).toEqual([
      [{ constant: 'Option ' }, { placeholder: '%s' }],
      [{ constant: 'Option' }],
      [{ constant: ' requires a value.' }],
    ]);
  });
});

describe('a shell `echo` of several quoted words prints them with a space between', () => {
  it('git-mergetool--lib’s `echo >&2 "… is not available as"\\` then `"\'$merge_tool_path\'"` on the next line', () => {
    const pasted = "The merge tool meld is not available as 'meld'";
    expect(formatsFor(pasted, 'git-mergetool-lib.sh.txt')).toEqual([
      { line: 24, literal: 'The $TOOL_MODE tool $merge_tool is not available as' },
    ]);
  });

  it('a continuation with no blank after it joins the two quoted words into one', () => {
    const runs = formatRuns('echo "a"\\\n"b"; echo "c" \\\n  "d"');
    const text = (r: (typeof runs)[number]) => r.pieces.map((p) => ('constant' in p ? p.constant : '%')).join('');
    expect(runs.map(text)).toEqual(['ab', 'c d']);
  });
});

describe('a format that colours its value with a terminal’s codes (NLTK’s `Resource \\33[93m{resource}\\033[0m not found.`)', () => {
  it('Python: the pasted report is printed by the line that writes the codes, not by a later line of it', () => {
    const pasted =
      "LookupError: \n**********************************************************************\n  Resource punkt not found.\n  Please use the NLTK Downloader to obtain the resource:\n\n  >>> import nltk\n  >>> nltk.download('punkt')\n  ";
    expect(formatsFor(pasted, 'nltk-data-find.py.txt')).toEqual([
      { line: 96, literal: 'Resource \\33[93m{resource}\\033[0m not found.\\n' },
    ]);
  });
});

describe('a line pasted of a format printing several lines (NLTK’s `find()`: `"Resource {resource} not found.\\n" "Please use the NLTK Downloader …"`)', () => {
  const name = 'nltk-data-find.py.txt';
  const routed = (paste: string) => {
    const plan = routeWithFormats(paste, name);
    return { plan, lines: plan.regex ? matchingLines(fixture(name), plan.regex) : [] };
  };

  it('Python: `LookupError: Resource punkt not found.` is that format’s first line, not the word `LookupError`', () => {
    expect(planQuery('LookupError: Resource punkt not found.')).toMatchObject({ rule: 'error-token' });
    expect(formatsFor('LookupError: Resource punkt not found.', name)).toEqual([
      { line: 96, literal: 'Resource \\33[93m{resource}\\033[0m not found.\\n' },
    ]);
    const { plan, lines } = routed('LookupError: Resource punkt not found.');
    expect(plan).toMatchObject({ intent: 'exact_match', rule: 'error-token', pasted: true });
    expect(lines).toEqual([96]);
  });

  it('Python: `Resource averaged_perceptron_tagger not found.` is that line, not a definition of the resource’s name', () => {
    expect(planQuery('Resource averaged_perceptron_tagger not found.')).toMatchObject({ rule: 'identifier' });
    const { plan, lines } = routed('Resource averaged_perceptron_tagger not found.');
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual([96]);
  });

  it('Python: the whole report pasted (real set, nltk:message:6), its `>>>` lines read as code, is the format’s', () => {
    const report =
      "LookupError: \n**********************************************************************\n  Resource punkt not found.\n  Please use the NLTK Downloader to obtain the resource:\n\n  >>> import nltk\n  >>> nltk.download('punkt')\n  \n  For more information see: https://www.nltk.org/data.html\n\n  Attempted to load tokenizers/punkt/english.pickle";
    expect(planQuery(report)).toMatchObject({ rule: 'code-snippet' });
    const { plan, lines } = routed(report);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(lines).toEqual([96]);
  });

  it('a line the format prints whole, no value in it, is still found as the text it is', () => {
    const { plan } = routed('Please use the NLTK Downloader to obtain the resource:');
    expect(plan).toMatchObject({ intent: 'exact_match', rule: 'verbatim-text', pasted: true });
    expect(plan.literal).toBe('Please use the NLTK Downloader to obtain the resource');
  });
});

describe('the first line of a format printing two (real set, docutils:message:12)', () => {
  it('Python: docutils’ `"Unable to decode input data.  Tried the following encodings: " f"{…}.\\n" f"({error_string(error)})"` with its cause line is that format’s, not code to find similar code for', () => {
    const name = 'docutils-io-decode.py.txt';
    const pasted =
      "UnicodeError: Unable to decode input data.  Tried the following encodings: 'utf-8'.\n(UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 1043: invalid continuation byte)";
    expect(planQuery(pasted)).toMatchObject({ intent: 'find_similar' });
    const plan = routeWithFormats(pasted, name);
    expect(plan).toMatchObject({ intent: 'exact_match', pasted: true });
    expect(matchingLines(fixture(name), plan.regex!)).toEqual([56]);
  });
});
