/**
 * A command-line option typed alone (`--max-age`, `the --dry-run flag`) is answered where the code
 * gives it to its option parser, not where a help text, a map key or a JSON tag names it. Found by
 * running the CLI on rclone: `--transfers` came back as `newTransferRemoteSize`, matched by its words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { classify, optionNamedIn } from '../classify';
import type { SourceFile } from '../contract';
import { Engine } from '../engine';
import { engineOver } from '../../../test/support/engine';
import { boundNames, declarationScore, optionSpellings } from './options';

describe('the rule: an option typed alone', () => {
  it.each([
    '--max-age',
    '--max-age=1h',
    'the --dry-run flag',
    'where is the --fast-list option defined',
    '--dry-run?',
    '-find',
  ])('%s is a command-line option', (q) => {
    expect(classify(q).rule).toBe('command-line-option');
  });

  it.each(['-v', 'how does --jobs limit the tests running at once', '--', 'max-age'])('%s is not', (q) => {
    expect(classify(q).rule).not.toBe('command-line-option');
  });
});

describe('a line that declares the option', () => {
  const declares = (line: string, typed = '--max-age') => declarationScore(line, typed, typed.replace(/^-+/, ''));

  it.each([
    // Go: pflag through a helper package, the standard flag package, cobra, urfave/cli.
    'flags.DurationVarP(flagSet, &Opt.MaxAge, "max-age", "", 0, "Only transfer files younger than this")',
    'maxAge = flag.Duration("max-age", 0, "Only transfer files younger than this")',
    'cmd.Flags().DurationVar(&maxAge, "max-age", 0, "Only transfer files younger than this")',
    '&cli.DurationFlag{Name: "max-age", Usage: "only newer files"},',
    // Python argparse and click; Ruby's OptionParser.
    "parser.add_argument('--max-age', type=int, help='only newer files')",
    "@click.option('--max-age', default=0)",
    "opts.on('-a', '--max-age AGE', Integer, 'only newer files') do |age|",
    // C's getopt_long table; Rust's clap, builder and derive.
    '\t{"max-age", required_argument, 0, \'a\'},',
    '.arg(Arg::new("age").long("max-age").value_name("AGE"))',
    // Symfony Console's option object.
    "new InputOption('max-age', null, InputOption::VALUE_REQUIRED, 'Only newer files'),",
    '#[arg(long = "max-age")]',
    // A shell's case arm.
    '    -a|--max-age)',
    '    --max-age) shift; age=$1 ;;',
    // A parser written by hand: a switch's label, Ruby's `when`, a comparison, strcmp.
    "    case '--max-age':",
    "      when '--max-age'",
    '        elif arg == "--max-age":',
    '      else if (strcmp(argi, "--max-age") == 0) {',
  ])('%s', (line) => {
    expect(declares(line)).toBe(2);
  });

  it.each([
    // A help text naming the option, inside another option's declaration.
    'flags.BoolVarP(cmdFlags, &Opt.Resync, "resync", "1", Opt.Resync, "Consider using --verbose or --max-age first.")',
    // Documentation in a raw string: `|--max-age|` is no case arm.
    'than the sum of |--max-age| and |--checkers|.',
    // A variable named flag given the option as a value; a JSON tag; a map key.
    '\t\tflag = "--max-age"',
    'MaxAge time.Duration `json:"max-age"`',
    'out["max-age"] = s.maxAge',
    // Reading the option's value: Symfony's getOption, cobra's GetBool.
    "$sortPackages = $input->getOption('max-age') || $config->get('max-age');",
    'age, _ := cmd.Flags().GetDuration("max-age")',
    // The name as another option's destination (argparse's `dest=`).
    'curl_parser.add_argument("-H", "--header", dest="max-age", action="append")',
    // A message printing it is no parser's.
    'log.Printf("--max-age is deprecated")',
    // Without its dashes, a compared string may be anything's (`case "max-age":` of a config key).
    '    case "max-age":',
  ])('%s names it, and declares it not', (line) => {
    expect(declares(line)).toBe(1);
  });

  it('a longer option is not the option (`--max-age-days`)', () => {
    expect(declares("parser.add_argument('--max-age-days')")).toBe(0);
  });
});

const FILES: SourceFile[] = [
  {
    path: 'fs/filter/filterflags/filterflags.go',
    text: [
      'package filterflags',
      '',
      'import "github.com/spf13/pflag"',
      '',
      '// AddFlags adds the filter flags to the flag set.',
      'func AddFlags(flagSet *pflag.FlagSet) {',
      '\tflags.BoolVarP(flagSet, &Opt.DeleteExcluded, "delete-excluded", "", false, "Delete files on dest excluded from sync")',
      '\tflags.FVarP(flagSet, &Opt.MinAge, "min-age", "", "Only transfer files older than this in s or suffix ms|s|m|h|d|w|M|y")',
      '\tflags.FVarP(flagSet, &Opt.MaxAge, "max-age", "", "Only transfer files younger than this in s or suffix ms|s|m|h|d|w|M|y")',
      '\tflags.FVarP(flagSet, &Opt.MinSize, "min-size", "", "Only transfer files bigger than this in KiB or suffix B|K|M|G|T|P")',
      '\tflags.FVarP(flagSet, &Opt.MaxSize, "max-size", "", "Only transfer files smaller than this in KiB or suffix B|K|M|G|T|P")',
      '\tflags.BoolVarP(flagSet, &Opt.IgnoreCase, "ignore-case", "", false, "Ignore case in filters (case insensitive)")',
      '\tflags.StringArrayVarP(flagSet, &Opt.FilterRule, "filter", "f", nil, "Add a file filtering rule")',
      '\tflags.StringArrayVarP(flagSet, &Opt.FilterFrom, "filter-from", "", nil, "Read file filtering patterns from a file")',
      '\tflags.StringArrayVarP(flagSet, &Opt.ExcludeRule, "exclude", "", nil, "Exclude files matching pattern")',
      '\tflags.StringArrayVarP(flagSet, &Opt.IncludeRule, "include", "", nil, "Include files matching pattern")',
      '\tflags.StringArrayVarP(flagSet, &Opt.FilesFrom, "files-from", "", nil, "Read list of source-file names from file")',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'fs/filter/filter.go',
    text: [
      'package filter',
      '',
      '// Opt configures the filter.',
      'type Opt struct {',
      '\tMinAge time.Duration `json:"min-age"`',
      '\tMaxAge time.Duration `json:"max-age"`',
      '}',
      '',
      '// newer reports whether the object is younger than --max-age allows.',
      'func (f *Filter) newer(age time.Duration) bool {',
      '\treturn f.Opt.MaxAge == 0 || age <= f.Opt.MaxAge',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'fs/filter/copy.go',
    text: [
      'package filter',
      '',
      '// CopyOpt hands the filter options to a new filter.',
      'func CopyOpt(dst *Filter, src *Filter) {',
      '\tdst.Opt.MaxAge = src.Opt.MaxAge',
      '\tdst.Opt.MinAge = src.Opt.MinAge',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'backend/s3/cleanup.go',
    text: [
      'package s3',
      '',
      '// cleanUp removes the uploads older than maxAge: its own parameter, not the option.',
      'func cleanUp(maxAge time.Duration) {',
      '\tif maxAge > 0 {',
      '\t\tremoveOlder(maxAge)',
      '\t}',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'lib/http/cache.go',
    text: [
      'package http',
      '',
      '// maxAgeHeader says what the max age of a cached response does: how long it may be served.',
      'func maxAgeHeader(seconds int) string {',
      '\treturn fmt.Sprintf("max-age=%d", seconds)',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'cmd/copy/copy.go',
    text: [
      'package copy',
      '',
      'var commandDefinition = &cobra.Command{',
      '\tUse: "copy source:path dest:path",',
      '\tLong: `Copy the source to the destination. Use the |--max-age| flag to copy only',
      'the newest files, or |--dry-run| to test without copying anything.`,',
      '}',
      '',
    ].join('\n'),
  },
];

FILES.push(
  {
    path: 'bin/makepkg',
    text: [
      '#!/bin/bash',
      'NEEDED=0',
      '',
      'install_package() {',
      '\tlocal pkglist',
      "\t(( ASDEPS )) && pkglist+=('--asdeps')",
      "\t(( NEEDED )) && pkglist+=('--needed')",
      '\trun_pacman -U "${pkglist[@]}"',
      '}',
      '',
      "OPT_LONG+=('asdeps' 'noconfirm' 'needed' 'noprogressbar')",
      'while true; do',
      '\tcase "$1" in',
      '\t\t--asdeps)         ASDEPS=1;;',
      '\t\t--needed)         NEEDED=1;;',
      '\tesac',
      '\tshift',
      'done',
      '',
    ].join('\n'),
  },
  {
    path: 'scrapy/commands/parse.py',
    text: [
      'def add_options(parser):',
      '    parser.add_argument(',
      '        "-d",',
      '        "--depth",',
      '        dest="depth",',
      '        type=int,',
      '        help="maximum depth for parsing requests",',
      '    )',
      '',
      '',
      'def run_callback(response, opts, depth):',
      '    if depth < opts.depth:',
      '        return follow(response)',
      '    return []',
      '',
    ].join('\n'),
  },
  {
    path: 'examples/dma/dmafwd.c',
    text: [
      'static unsigned short stats_interval = 1;',
      '',
      'static const struct option lgopts[] = {',
      '\t{"stats-interval", required_argument, NULL, \'i\'},',
      '\t{NULL, 0, 0, 0}',
      '};',
      '',
      'static int parse_args(int opt)',
      '{',
      '\tswitch (opt) {',
      "\tcase 'i':",
      '\t\tstats_interval = atoi(optarg);',
      '\t\tif (stats_interval == 0)',
      '\t\t\tstats_interval = 1;',
      '\t\tbreak;',
      '\t}',
      '\treturn 0;',
      '}',
      '',
      'static void print_stats(void)',
      '{',
      '\twhile (!force_quit) {',
      '\t\tsleep(stats_interval);',
      '\t\tshow_totals();',
      '\t}',
      '}',
      '',
    ].join('\n'),
  },
);

let engine: Engine;
beforeAll(async () => {
  engine = await engineOver(FILES);
});

describe('searching an option', () => {
  it('answers at the line that gives it to the option parser, and says so', async () => {
    const { query, results } = await engine.search('--max-age', { preset: 'default', limit: 5 });
    expect(query).toMatchObject({ intent: 'exact_match', rule: 'command-line-option', strategy: 'direct' });
    expect(query.notes?.join(' ')).toContain(
      'declared where the code gives it to its option parser: fs/filter/filterflags/filterflags.go:9',
    );
    expect(`${results[0].path}:${results[0].line}`).toBe('fs/filter/filterflags/filterflags.go:9');
    // The statement declaring it, not AddFlags whole.
    expect([results[0].startLine, results[0].endLine]).toEqual([9, 9]);
    expect(results[0].explanation.modalities.text?.reason).toContain('the line declaring --max-age');
    // Its other mentions follow: the JSON tag and the comment, the help text.
    expect(new Set(results.slice(1).map((r) => r.path))).toEqual(new Set(['fs/filter/filter.go', 'cmd/copy/copy.go']));
  });

  it('an option no line names is asked for by its name’s spelling, as a definition', async () => {
    const { query } = await engine.search('--min-age-days', { preset: 'default', limit: 5 });
    expect(query).toMatchObject({ intent: 'find_definition', rule: 'identifier' });
    expect(query.notes?.join(' ')).toContain('no line of this repository names --min-age-days');
  });
});

describe('a question about what an option does', () => {
  it.each([
    ['what does --max-age do', '--max-age'],
    ['how does -dsn work with -type', '-dsn'],
    ['is `--dry-run` safe', '--dry-run'],
  ])('%s names %s', (q, typed) => {
    expect(optionNamedIn(q)?.typed).toBe(typed);
  });

  it.each(['how does the non-blocking read work', 'what is x -v', 'how does -- end the options'])(
    '%s names none',
    (q) => {
      expect(optionNamedIn(q)).toBeNull();
    },
  );

  it.each<[string, { names?: string[]; members?: string[] }]>([
    // Go: the field or variable a flag call is given; a field is read as a member.
    ['flags.FVarP(flagSet, &Opt.MaxAge, "max-age", "", "younger than this")', { members: ['MaxAge'] }],
    ['flag.BoolVar(&dryRun, "dry-run", false, "do nothing")', { names: ['dryRun'] }],
    // argparse's dest; clap's argument id, read back as a string.
    ["parser.add_argument('--max-age', dest='age_limit', type=int)", { names: ['age_limit'] }],
    ['Arg::with_name("THREADS")\n  .help("Set the threadpool size")\n  .long("threads")', { names: ['"THREADS"'] }],
    // What the option's own block or case arm assigns.
    ["opts.on('--max-age AGE') { |v| options[:max_age] = v }", { names: ['max_age'] }],
    ['--max-age) MAXAGE=$2; shift ;;', { names: ['MAXAGE'] }],
  ])('%s binds its value to %j', (text, bound) => {
    const lines = text.split('\n');
    // The declaring line is the one naming the option: the last of clap's chain, else the first.
    const got = boundNames(lines, text.startsWith('Arg::') ? lines.length - 1 : 0);
    expect(got).toMatchObject({ names: bound.names ?? [], members: bound.members ?? [] });
  });

  it('reads no list of option names, no store and no parameter as a use of the value', async () => {
    const { query, results } = await engine.search('what does --needed do', { preset: 'default', limit: 5 });
    // Not `NEEDED=0` (a store), not OPT_LONG's list, not the case arm (the declaration).
    expect(query.notes?.join(' ')).toContain('leads: bin/makepkg:7 (');
    expect(`${results[0].path}:${results[0].line}`).toBe('bin/makepkg:7');
  });

  it('spells a name of several words as code does, and a one-word name not at all', () => {
    expect(optionSpellings('max-age')).toEqual(['max_age', 'maxAge', 'MaxAge', 'MAX_AGE']);
    expect(optionSpellings('threads')).toEqual([]);
  });

  it('is answered where the value is read, not where it is declared, copied or only worded alike', async () => {
    const { query, results } = await engine.search('what does --max-age do', { preset: 'default', limit: 5 });
    expect(query).toMatchObject({ intent: 'understand_code' });
    expect(query.notes?.join(' ')).toContain(
      'Command-line option: --max-age is declared at fs/filter/filterflags/filterflags.go:9; the code reading the value it is given leads: fs/filter/filter.go:11',
    );
    expect(`${results[0].path}:${results[0].line}`).toBe('fs/filter/filter.go:11');
    expect(results[0].symbol).toBe('newer');
    // The copy hands the value on, after the line deciding on it; the cache header only shares the
    // words, and s3's `maxAge` is a parameter of its own (the flag call said `Opt.MaxAge` holds it).
    const readers = results.filter((r) => r.explanation.modalities.text?.reason?.includes('reads the value'));
    expect(readers.map((r) => `${r.path}:${r.line}`)).toEqual(['fs/filter/filter.go:11', 'fs/filter/copy.go:5']);
    expect(query.notes?.join(' ')).not.toContain('filter.go:6');
  });

  it('a question about the option left out asks for the default, not for the code reading it', async () => {
    for (const q of ['how is the age limit chosen when no --max-age is given', 'what happens without --max-age']) {
      const { query } = await engine.search(q, { preset: 'default', limit: 5 });
      expect(query.notes?.join(' ') ?? '').not.toContain('Command-line option');
    }
  });

  it('without the option the same words find the cache header', async () => {
    const { results } = await engine.search('what does max age do', { preset: 'default', limit: 5 });
    expect(results[0].path).not.toBe('fs/filter/filter.go');
  });

  it('reads an option declared over several lines by its dest', async () => {
    const { query, results } = await engine.search('how does --depth work', { preset: 'default', limit: 5 });
    expect(query.notes?.join(' ')).toContain('--depth is declared at scrapy/commands/parse.py:4');
    expect(`${results[0].path}:${results[0].line}`).toBe('scrapy/commands/parse.py:12');
  });

  it('puts the code using the value before the code parsing and checking it', async () => {
    const { query, results } = await engine.search('what does --stats-interval do', { preset: 'default', limit: 5 });
    // The parser stores into it and checks it; the loop sleeping for it is where it acts.
    expect(query.notes?.join(' ')).toContain('--stats-interval is declared at examples/dma/dmafwd.c:4');
    expect(`${results[0].path}:${results[0].line}`).toBe('examples/dma/dmafwd.c:23');
  });
});
