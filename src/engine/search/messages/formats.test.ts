/**
 * The format-string side: a literal's pieces, literals joined into one format, string constants
 * and the arguments that fill a format from them. Fixtures are excerpts of real projects
 * (licences in their first line).
 */
import { describe, expect, it } from 'vitest';
import { fixture, sourcesOfFiles } from '../../../../test/support/messages';
import { alignFormat } from './align';
import { formatPieces, formatRuns, printedLines, resolvedPieces, stringConstant } from './formats';
import { findFormatStrings } from './match';
import { formatLinePattern } from './place';

describe('a message printed partly from string constants', () => {
  const sha = ['libxcrypt-crypt-sha256.c.txt', 'libxcrypt-crypt-sha512.c.txt'];

  it('C: libxcrypt’s `"%s%zu$", sha512_rounds_prefix` reads `rounds=%zu$`; the file whose `$6$` prefix the hash starts with wins the tie', () => {
    const found = findFormatStrings('$6$rounds=656000$saltsalt$', sourcesOfFiles(sha));
    expect(found.map((f) => [f.path, f.line, f.literal, f.constants])).toEqual([
      ['libxcrypt-crypt-sha512.c.txt', 17, '%s%zu$', ['sha512_rounds_prefix']],
    ]);
    // Without the constants the format is `%s%zu$` alone: too little constant text to print anything.
    expect(alignFormat(formatPieces('%s%zu$'), '$6$rounds=656000$saltsalt$')?.constantChars).toBe(1);
    // The pattern picks the sha512 line out of the two that write the same literal.
    const re = new RegExp(formatLinePattern(found));
    expect(fixture(sha[1]).filter((l) => re.test(l))).toHaveLength(1);
    expect(fixture(sha[0]).filter((l) => re.test(l))).toHaveLength(0);
    expect(findFormatStrings('$5$rounds=80000$abc$', sourcesOfFiles(sha)).map((f) => f.path)).toEqual([
      'libxcrypt-crypt-sha256.c.txt',
    ]);
  });

  it('reads the string constants of the languages parsed', () => {
    const text = (line: string) => {
      const c = stringConstant(line);
      return c && [c.name, c.pieces];
    };
    expect(text('static const char sha512_rounds_prefix[] = "rounds=";')).toEqual([
      'sha512_rounds_prefix',
      [{ constant: 'rounds=' }],
    ]);
    expect(text('#define PREFIX "apfs: "')?.[0]).toBe('PREFIX');
    expect(text('static const char *const name = "x y";')?.[0]).toBe('name');
    expect(text('pub(crate) const CONTEXT_MISSING_ERROR: &str = "there is no reactor running";')?.[0]).toBe(
      'CONTEXT_MISSING_ERROR',
    );
    expect(text('\tErrNotFound string = "not found"')?.[0]).toBe('ErrNotFound');
    expect(text('    RESERVED = "is reserved".freeze')?.[0]).toBe('RESERVED');
    expect(text("    private const PREFIX = 'league: ';")?.[0]).toBe('PREFIX');
    expect(text('    private static final String PREFIX = "x: ";')?.[0]).toBe('PREFIX');
    expect(text('PREFIX = "a" + name')).toBeNull();
    expect(text('if x == "a":')).toBeNull();
    expect(text('return "a"')).toBeNull();
  });

  it('fills placeholders by position, index, name and expression', () => {
    const constants = new Map([['PREFIX', [{ constant: 'error in ' }]]]);
    const filled = (source: string) =>
      resolvedPieces(formatRuns(source)[0], source, constants)
        ?.pieces.map((p) => ('constant' in p ? p.constant : '·'))
        .join('');
    expect(filled('printf("%.*s%s: %d", w, s, PREFIX, n);')).toBe('·error in : ·');
    expect(filled('raise Error("%s: %s" % (PREFIX, name))')).toBe('error in : ·');
    expect(filled('msg = "{}: {name}".format(PREFIX, name=x)')).toBe('error in : ·');
    expect(filled('panic!("{0}{1}", PREFIX, x)')).toBe('error in ·');
    expect(filled('raise Foo(f"{self.PREFIX}{x}")')).toBe('error in ·');
    expect(filled('throw new E("x " + Foo.PREFIX + " y");')).toBe('x error in  y');
    expect(filled('printk(PREFIX "bad block %llu\\n", b);')).toBe('error in bad block ·\n');
    expect(filled('printf("%s: %d", other, n);')).toBeUndefined();
  });

  it('C: a conversion macro pasted between literals is one placeholder (`"%-8" PRIu64 " bytes"`)', () => {
    expect(formatRuns('fprintf(f, "read %-8" PRIu64 " bytes from %s\\n", n, path);')[0].pieces).toEqual([
      { constant: 'read ' },
      { placeholder: 'PRIu64' },
      { constant: ' bytes from ' },
      { placeholder: '%s' },
      { constant: '\n' },
    ]);
  });
});

describe('pieces of a format string', () => {
  it('reads printf, braces, interpolation and escapes', () => {
    expect(formatPieces('%-10s: %(name)s {0} {:?} ${x} #{y} $obj->prop 100%% {{x}} a\\"b')).toEqual([
      { placeholder: '%-10s' },
      { constant: ': ' },
      { placeholder: '%(name)s' },
      { constant: ' ' },
      { placeholder: '{0}' },
      { constant: ' ' },
      { placeholder: '{:?}' },
      { constant: ' ' },
      { placeholder: '${x}' },
      { constant: ' ' },
      { placeholder: '#{y}' },
      { constant: ' ' },
      { placeholder: '$obj->prop' },
      { constant: ' 100% {x} a"b' },
    ]);
  });

  it('reads a terminal’s colour codes as printing nothing, however the source writes their ESC', () => {
    const resource = [{ constant: 'Resource ' }, { placeholder: '{resource}' }, { constant: ' not found.\n' }];
    expect(formatPieces('Resource \\33[93m{resource}\\033[0m not found.\\n')).toEqual(resource);
    expect(formatPieces('Resource \\x1b[1;93m{resource}\\u001b[0m not found.\\n')).toEqual(resource);
    expect(formatPieces('\\e[31mfailed:\\e[0m %s')).toEqual([{ constant: 'failed: ' }, { placeholder: '%s' }]);
    expect(formatPieces('\\u{1b}[2K{}')).toEqual([{ placeholder: '{}' }]);
    // An escaped bracket that is no control sequence is text.
    expect(formatPieces('\\33 [x]')).toEqual([{ constant: '33 [x]' }]);
  });

  it('reads a message catalogue’s numbered arguments, `%1` and `%2` (MathJax’s TeX errors), a width’s `%1s` as printf’s', () => {
    expect(formatPieces('%1 must be within \\\\left and \\\\right, not %2')).toEqual([
      { placeholder: '%1' },
      { constant: ' must be within \\left and \\right, not ' },
      { placeholder: '%2' },
    ]);
    expect(formatPieces('%1s 100%')).toEqual([{ placeholder: '%1s' }, { constant: ' 100%' }]);
  });

  it('reads Ruby’s named references, `%<name>s` formatted and `%{name}` as it is (RuboCop’s messages)', () => {
    expect(formatPieces('%<label>s has too many lines. [%<length>d/%<max>d]')).toEqual([
      { placeholder: '%<label>s' },
      { constant: ' has too many lines. [' },
      { placeholder: '%<length>d' },
      { constant: '/' },
      { placeholder: '%<max>d' },
      { constant: ']' },
    ]);
    expect(formatPieces('Use %{prefer} instead of %{current}.')).toEqual([
      { constant: 'Use ' },
      { placeholder: '%{prefer}' },
      { constant: ' instead of ' },
      { placeholder: '%{current}' },
      { constant: '.' },
    ]);
  });

  it('joins Java/JS concatenation around an expression into one format', () => {
    const runs = formatRuns('throw new IllegalStateException("Timeout of " + ms + "ms exceeded for \'" + name);');
    expect(runs.map((r) => r.pieces)).toEqual([
      [
        { constant: 'Timeout of ' },
        { placeholder: '+ ms +' },
        { constant: "ms exceeded for '" },
        { placeholder: '+ name);' },
      ],
    ]);
    expect(alignFormat(runs[0].pieces, "Timeout of 30ms exceeded for 'fetchUser'")?.coverage).toBe(1);
  });

  it('joins a template literal as compiled JavaScript writes it, `"a".concat(x, "b").concat(y, "c")`', () => {
    const runs = formatRuns(
      'throw { type: \'Runtime\', message: "wrong number of arguments for ".concat(this.name, " (").concat(argsLength, " for ").concat(this.arity, ")") };',
    );
    // (`'Runtime'`, the error's type, is a run of its own.)
    expect(runs.map((r) => r.pieces)).toEqual([
      [{ constant: 'Runtime' }],
      [
        { constant: 'wrong number of arguments for ' },
        { placeholder: 'this.name' },
        { constant: ' (' },
        { placeholder: 'argsLength' },
        { constant: ' for ' },
        { placeholder: 'this.arity' },
        { constant: ')' },
      ],
    ]);
    expect(alignFormat(runs[1].pieces, 'wrong number of arguments for .button-size (3 for 4)')?.coverage).toBe(1);
    // A value concatenated last is a placeholder at the end.
    const tail = formatRuns(
      "reject({ message: \"'\".concat(f, \"' wasn't found. Tried - \").concat(tried.join(',')) });",
    );
    expect(tail[0].pieces.at(-1)).toMatchObject({ placeholder: expect.stringContaining('.concat(tried') });
  });

  it('reads quotes inside an interpolation as its own strings (Vagrant’s `"DVD \'#{d["name"]}\' no longer exists…"`)', () => {
    const line = `machine.ui.warn("DVD '#{d["name"]}' no longer exists in Vagrant config. Removing medium from guest...", prefix: true)`;
    const runs = formatRuns(line);
    expect(runs.map((r) => r.pieces)).toEqual([
      [
        { constant: "DVD '" },
        { placeholder: '#{d["name"]}' },
        { constant: "' no longer exists in Vagrant config. Removing medium from guest..." },
      ],
    ]);
    const pasted = "DVD 'installer' no longer exists in Vagrant config. Removing medium from guest...";
    expect(alignFormat(runs[0].pieces, pasted)?.coverage).toBeGreaterThan(0.85);
    // A template literal's too; an interpolation closed by nothing on its line is text, as before.
    expect(formatRuns('`${a["b"]} failed`').map((r) => r.literal.content)).toEqual(['${a["b"]} failed']);
    expect(formatRuns('system("cp ${HOME}/a b"); puts("done")').map((r) => r.literal.content)).toEqual([
      'cp ${HOME}/a b',
      'done',
    ]);
    expect(formatRuns('warn("#{x"); warn("y")').map((r) => r.literal.content)).toEqual(['#{x', 'y']);
  });
});

describe('a Rust string continued on the next line', () => {
  it('reads as one literal whose break and next indentation are not printed', () => {
    const source =
      '        .expect(\n            "`Bitfield::setter_name` should only be called\\\n             after assigning bitfield accessor names",\n        )';
    const [run] = formatRuns(source);
    expect(run.pieces).toEqual([
      { constant: '`Bitfield::setter_name` should only be calledafter assigning bitfield accessor names' },
    ]);
  });
});

describe('the lines a format prints', () => {
  it('NLTK’s `"Resource {resource} not found.\\n" "Please use the NLTK Downloader …:\\n\\n"`: a line each, the blank lines left out', () => {
    const [run] = formatRuns(String.raw`msg = str(
        "Resource \33[93m{resource}\033[0m not found.\n"
        "Please use the NLTK Downloader to obtain the resource:\n\n"
    ).format(resource=resource_zipname)`);
    expect(printedLines(run.pieces)).toEqual([
      [{ constant: 'Resource ' }, { placeholder: '{resource}' }, { constant: ' not found.' }],
      [{ constant: 'Please use the NLTK Downloader to obtain the resource:' }],
    ]);
  });

  it('drops the indent a line opens with after a break, in the literal or in the next one', () => {
    expect(printedLines(formatPieces(String.raw`usage: %s\n  -v  verbose`))).toEqual([
      [{ constant: 'usage: ' }, { placeholder: '%s' }],
      [{ constant: '-v  verbose' }],
    ]);
    const [run] = formatRuns(String.raw`fprintf(stderr, "bad %s:\n" "   at line %d\n", a, n);`);
    expect(printedLines(run.pieces)).toEqual([
      [{ constant: 'bad ' }, { placeholder: '%s' }, { constant: ':' }],
      [{ constant: 'at line ' }, { placeholder: '%d' }],
    ]);
  });

  it('none for a format of one line, its closing line break aside, nor for one opening with a break (printed after other text)', () => {
    expect(printedLines(formatPieces(String.raw`%s: done\n`))).toEqual([]);
    expect(printedLines(formatPieces('no break'))).toEqual([]);
    expect(printedLines(formatPieces(String.raw`\n  Attempted to load %s\n  Searched in: %s`))).toEqual([]);
  });

  it('a pasted line is aligned with the format’s line that printed it, under the one-line format’s rules', () => {
    const pieces = formatPieces(
      String.raw`Resource {resource} not found.\nPlease use the NLTK Downloader to obtain the resource:\n`,
    );
    const aligned = alignFormat(pieces, 'Resource punkt not found.');
    expect(aligned).toMatchObject({ coverage: 1, startsMessage: true, values: ['punkt'] });
    expect(aligned?.printedLine).toEqual([
      { constant: 'Resource ' },
      { placeholder: '{resource}' },
      { constant: ' not found.' },
    ]);
    // The whole message pasted is the whole format's.
    const whole = alignFormat(
      pieces,
      'Resource punkt not found. Please use the NLTK Downloader to obtain the resource:',
    );
    expect(whole).toMatchObject({ coverage: 1 });
    expect(whole?.printedLine).toBeUndefined();
    // A line of less constant text than a format needs is no answer (FORMAT_MATCH.minConstantChars).
    expect(alignFormat(formatPieces(String.raw`Error:\n%s\nat %s`), 'at home')?.constantChars).toBeLessThan(8);
  });
});

describe('an indent at a format’s start', () => {
  it('written in the source is layout (bindgen’s `trace!("    function pointer cannot derive {}", self)`)', () => {
    expect(formatRuns('trace!("    function pointer cannot derive {}", self);')[0].pieces[0]).toEqual({
      constant: 'function pointer cannot derive ',
    });
  });

  it('written as escapes is text printed after other text (Symfony Console’s `"\\n\\nDid you mean one of these?\\n    "`)', () => {
    const [run] = formatRuns(String.raw`$message .= "\n\nDid you mean one of these?\n    ";`);
    expect(run.pieces[0]).toEqual({ constant: '\n\nDid you mean one of these?\n    ' });
    // Alone on its line of a paste, it is not where `Command "x" is ambiguous.` + that line was printed.
    expect(alignFormat(run.pieces, 'Did you mean one of these?')).toBeNull();
  });

  it('written as escapes at the start of a call’s first argument, a blank line before the message (Rust’s `rtprintpanic!("\\nthread …")`)', () => {
    const [run] = formatRuns(String.raw`rtprintpanic!(
                "\nthread '{}' has overflowed its stack\n",
                thread::current().name().unwrap_or("<unknown>")
            );`);
    expect(alignFormat(run.pieces, "thread 'main' has overflowed its stack")?.coverage).toBe(1);
  });
});

describe('C literals around a macro written without spaces', () => {
  it('jemalloc’s `"~%"FMTu64" object%s, >= %zu context%s\\n"` is one format: a double quote after a name opens a literal', () => {
    const source = [
      '\t\tmalloc_printf("<jemalloc>: Leak approximation summary: ~%"FMTu64',
      '\t\t    " byte%s, ~%"FMTu64" object%s, >= %zu context%s\\n",',
      '\t\t    curbytes, (curbytes != 1) ? "s" : "", curobjs, (curobjs !=',
    ].join('\n');
    const [run] = formatRuns(source);
    expect(
      alignFormat(run.pieces, '<jemalloc>: Leak approximation summary: ~1048576 bytes, ~256 objects, >= 12 contexts')
        ?.coverage,
    ).toBe(1);
    // An apostrophe inside a word opens nothing.
    expect(formatRuns('printf("can\'t open %s", name); // don\'t')[0].pieces[0]).toEqual({ constant: "can't open " });
  });
});

describe('Python triple-quoted strings', () => {
  it('a docstring is no literal; an f-string or a value passed or assigned is one', () => {
    const source = [
      'def parse(self):',
      '    """Parse the cell {coordinate}."""',
      '    msg = f"""Cell {coordinate} is marked as a date"""',
      '    raise TypeError("""Workbook is read-only""")',
      '    help = """Line one \\',
      'and two"""',
    ].join('\n');
    expect(formatRuns(source).map((r) => r.literal.content)).toEqual([
      'Cell {coordinate} is marked as a date',
      'Workbook is read-only',
      'Line one and two',
    ]);
  });

  it('an f-string field that holds a string, nested field and all, is one value', () => {
    expect(formatPieces("version ({v}{f' [{details}]' if details else ''}), Python")).toEqual([
      { constant: 'version (' },
      { placeholder: '{v}' },
      { placeholder: "{f' [{details}]' if details else ''}" },
      { constant: '), Python' },
    ]);
  });
});
