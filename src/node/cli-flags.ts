/**
 * The CLI's commands and flags, one record each: the parser reads these records and `--help`
 * (and docs/cli.md, through scripts/docs.ts) prints them, so what the usage says and what is
 * parsed cannot drift apart. A small module without the engine: `fourfold --help` and a usage
 * error start and finish at once.
 */
import type { Modality, Preset } from '../engine/contract';
import { MODALITIES } from '../engine/contract';
import { DEFAULT_RESULT_LIMIT } from '../engine/ranking';
import type { NodeEmbedderKind } from './embedders';

/** The process's exit codes; scripts depend on these numbers, so they never change. */
export const EXIT = {
  /** The command did what was asked (a search that found nothing included). */
  ok: 0,
  /** The command line itself is wrong: unknown command or flag, a missing or bad value. */
  usage: 1,
  /**
   * A problem with what the command was given or where it must work: a missing folder, an
   * empty repository, unreadable files, a bad queries file or query, a rejected provider key,
   * a cache folder that cannot be written.
   */
  input: 2,
  /** A bug in Fourfold. */
  internal: 3,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_MEANINGS: readonly { code: ExitCode; name: keyof typeof EXIT; meaning: string }[] = [
  { code: EXIT.ok, name: 'ok', meaning: 'done (a search with no results included)' },
  {
    code: EXIT.usage,
    name: 'usage',
    meaning: 'the command line is wrong: unknown command or flag, a missing or bad value',
  },
  {
    code: EXIT.input,
    name: 'input',
    meaning:
      'a problem with the input or the surroundings: missing folder, nothing to index, unreadable files, bad query or queries file, provider refused, cache not writable',
  },
  { code: EXIT.internal, name: 'internal', meaning: 'an internal failure (a bug)' },
];

export type CommandName = 'search' | 'eval' | 'index' | 'mcp';
export const PRESETS: readonly Preset[] = ['quick', 'default', 'thorough'];
export const EMBEDDERS: readonly NodeEmbedderKind[] = ['local', 'voyage', 'none'];
export const WATCH_MODES = ['auto', 'poll', 'off'] as const;

/** Everything the command line can set. */
export interface CliOptions {
  command: CommandName | 'help';
  positional: string[];
  repo?: string;
  queries?: string;
  preset: Preset;
  modalities?: Modality[];
  limit?: number;
  embedder: NodeEmbedderKind;
  watch: (typeof WATCH_MODES)[number];
  cacheDir?: string;
  useCache: boolean;
  /** Ask, and afterwards start, the warm server of this cache (warm-server.ts). */
  server: boolean;
  json: boolean;
  quiet: boolean;
  help: boolean;
}

/** A wrong command line: its message is printed with the usage, and the exit code is EXIT.usage. */
export class UsageError extends Error {}

export interface CommandSpec {
  name: CommandName;
  /** What follows the command besides flags, as the usage shows it. */
  operands: string;
  help: string;
}

export const COMMANDS: readonly CommandSpec[] = [
  { name: 'search', operands: '"query"', help: 'search the repository and print the ranked, explained results' },
  {
    name: 'eval',
    operands: '',
    help: 'run every query of a JSONL file and print one JSON line per query, then a summary line',
  },
  { name: 'index', operands: '', help: 'build (or refresh) the cached index and print its statistics as JSON' },
  { name: 'mcp', operands: '', help: 'serve the Model Context Protocol on stdio (tools: search, open, related)' },
];

export type FlagCategory = 'input' | 'search' | 'output' | 'index' | 'server';

export const CATEGORY_TITLES: Record<FlagCategory, string> = {
  input: 'input',
  search: 'search',
  output: 'output',
  index: 'index and cache',
  server: 'mcp server',
};

export interface FlagSpec {
  /** The long name, without the dashes. */
  name: string;
  short?: string;
  /** The value's placeholder; absent for a switch. */
  value?: string;
  /** The values allowed, when there is a fixed list. */
  choices?: readonly string[];
  /** The value is a comma-separated list of choices, not one. */
  list?: true;
  /** The value taken when the flag is absent, as the usage shows it. */
  fallback?: string;
  category: FlagCategory;
  /** Commands that take the flag; absent: every command. */
  commands?: readonly CommandName[];
  /** Set on the command (a flag without which it cannot run). */
  requiredBy?: readonly CommandName[];
  help: string;
  /** Sets the options from the flag's value ('' for a switch); throws UsageError on a bad value. */
  apply(options: CliOptions, value: string): void;
}

const ALL: readonly CommandName[] = ['search', 'eval', 'index', 'mcp'];
const BUILDING: readonly CommandName[] = ['search', 'eval', 'index'];

export const FLAGS: readonly FlagSpec[] = [
  {
    name: 'repo',
    value: 'DIR',
    category: 'input',
    requiredBy: ALL,
    help: 'the repository folder to index and search',
    apply: (o, v) => (o.repo = v),
  },
  {
    name: 'queries',
    value: 'FILE.jsonl',
    category: 'input',
    commands: ['eval'],
    requiredBy: ['eval'],
    help: 'one query a line: {"id": …, "query": "…", "preset"?: …, "modalities"?: […]}',
    apply: (o, v) => (o.queries = v),
  },
  {
    name: 'preset',
    value: 'P',
    choices: PRESETS,
    fallback: 'default',
    category: 'search',
    commands: ['search', 'eval'],
    help: 'default: three retrievers chosen by the intent; thorough: all four, fused; quick: embeddings only',
    apply: (o, v) => (o.preset = oneOf('preset', v, PRESETS)),
  },
  {
    name: 'modalities',
    value: 'a,b',
    choices: MODALITIES,
    list: true,
    category: 'search',
    commands: ['search', 'eval'],
    help: "run exactly these retrievers instead of the preset's choice",
    apply: (o, v) => (o.modalities = parseModalities(v)),
  },
  {
    name: 'limit',
    value: 'N',
    fallback: String(DEFAULT_RESULT_LIMIT),
    category: 'search',
    commands: ['search', 'eval'],
    help: 'results per query, 1 to 1000',
    apply: (o, v) => (o.limit = parseLimit(v)),
  },
  {
    name: 'json',
    category: 'output',
    commands: ['search'],
    help: 'print the whole response as JSON (repository text unescaped) instead of the text rendering',
    apply: (o) => (o.json = true),
  },
  {
    name: 'quiet',
    short: 'q',
    category: 'output',
    commands: BUILDING,
    help: 'no progress notices on stderr (errors are still printed)',
    apply: (o) => (o.quiet = true),
  },
  {
    name: 'embedder',
    value: 'E',
    choices: EMBEDDERS,
    fallback: 'local',
    category: 'index',
    help: 'local: the bundled model; voyage: voyage-code-3 with VOYAGE_API_KEY (VOYAGE_BASE_URL for a proxy); none: no semantic index',
    apply: (o, v) => (o.embedder = oneOf('embedder', v, EMBEDDERS)),
  },
  {
    name: 'cache',
    value: 'DIR',
    fallback: '$XDG_CACHE_HOME/fourfold or ~/.cache/fourfold',
    category: 'index',
    help: 'where indexes are cached',
    apply: (o, v) => (o.cacheDir = v),
  },
  {
    name: 'no-cache',
    category: 'index',
    commands: BUILDING,
    help: 'rebuild from scratch instead of reusing the cached index, and write no cache',
    apply: (o) => (o.useCache = false),
  },
  {
    name: 'no-server',
    category: 'index',
    commands: ['search'],
    help: 'answer without the warm server and start none (also FOURFOLD_NO_SERVER=1); by default a cached search asks the server of its cache, and starts one for the next question when none runs',
    apply: (o) => (o.server = false),
  },
  {
    name: 'watch',
    value: 'MODE',
    choices: WATCH_MODES,
    fallback: 'auto',
    category: 'server',
    commands: ['mcp'],
    help: 'how the server notices file changes: auto (file-system events, polling where they fail), poll, or off',
    apply: (o, v) => (o.watch = oneOf('watch', v, WATCH_MODES)),
  },
  {
    name: 'help',
    short: 'h',
    category: 'output',
    help: 'print this usage and exit',
    apply: (o) => (o.help = true),
  },
];

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value as T;
}

export function parseModalities(value: string): Modality[] {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const m of list)
    if (!(MODALITIES as readonly string[]).includes(m))
      throw new UsageError(`unknown modality "${m}" (choose from ${MODALITIES.join(', ')})`);
  if (list.length === 0) throw new UsageError('--modalities needs at least one modality');
  return list as Modality[];
}

function parseLimit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new UsageError(`--limit must be a whole number from 1 to 1000 (got "${value}")`);
  return n;
}

function flagNamed(arg: string): FlagSpec | undefined {
  if (arg.startsWith('--')) return FLAGS.find((f) => f.name === arg.slice(2));
  return FLAGS.find((f) => f.short !== undefined && `-${f.short}` === arg);
}

/** The command line as options; throws UsageError when it is wrong. `--` ends the flags. */
export function parseCommandLine(argv: readonly string[]): CliOptions {
  const options: CliOptions = {
    command: 'help',
    positional: [],
    preset: 'default',
    embedder: 'local',
    watch: 'auto',
    useCache: true,
    server: true,
    json: false,
    quiet: false,
    help: false,
  };
  const seen: FlagSpec[] = [];
  let flagsEnded = false;
  let commandGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (flagsEnded || !arg.startsWith('-') || arg === '-' || (!arg.startsWith('--') && !flagNamed(arg))) {
      // A single-dash word that is no short flag is an operand: `-path:test` is query syntax.
      if (commandGiven) options.positional.push(arg);
      else options.command = commandNamed(arg);
      commandGiven = true;
      continue;
    }
    if (arg === '--') {
      flagsEnded = true;
      continue;
    }
    const [written, inline] = arg.split(/=(.*)/s, 2);
    const spec = flagNamed(written);
    if (!spec) throw new UsageError(`unknown flag ${written}`);
    let value = '';
    if (spec.value !== undefined) {
      if (inline !== undefined) value = inline;
      else if (i + 1 < argv.length) value = argv[++i];
      else throw new UsageError(`--${spec.name} needs a value (${spec.value})`);
    } else if (inline !== undefined) throw new UsageError(`--${spec.name} takes no value`);
    spec.apply(options, value);
    seen.push(spec);
  }
  if (options.help || options.command === 'help') return options;
  checkFlagsFit(options.command, seen, options);
  return options;
}

function commandNamed(arg: string): CommandName | 'help' {
  if (arg === 'help') return 'help';
  const command = COMMANDS.find((c) => c.name === arg);
  if (!command) throw new UsageError(`unknown command "${arg}"`);
  return command.name;
}

function checkFlagsFit(command: CommandName, seen: readonly FlagSpec[], options: CliOptions): void {
  for (const spec of seen) {
    if (spec.commands && !spec.commands.includes(command))
      throw new UsageError(`--${spec.name} is for ${spec.commands.join(', ')}, not ${command}`);
  }
  for (const spec of FLAGS) {
    if (spec.requiredBy?.includes(command) && !seen.includes(spec))
      throw new UsageError(`${command} needs --${spec.name} ${spec.value}`);
  }
  if (command === 'search' && !options.positional.join(' ').trim()) throw new UsageError('search needs a query');
  if (command !== 'search' && options.positional.length > 0)
    throw new UsageError(`${command} takes no query (got "${options.positional.join(' ')}")`);
}

/** How a flag is written in the usage: `--preset quick|default|thorough`, `-q, --quiet`. */
export function flagSynopsis(spec: FlagSpec): string {
  const names = spec.short ? `-${spec.short}, --${spec.name}` : `--${spec.name}`;
  if (spec.value === undefined) return names;
  return `${names} ${spec.choices && !spec.list ? spec.choices.join('|') : spec.value}`;
}

/** One command's line of the usage: its required flags, operands and the flags it takes. */
export function commandSynopsis(command: CommandSpec): string {
  const required = FLAGS.filter((f) => f.requiredBy?.includes(command.name)).map((f) => `--${f.name} ${f.value}`);
  const optional = FLAGS.filter(
    (f) =>
      !f.requiredBy?.includes(command.name) && f.name !== 'help' && (!f.commands || f.commands.includes(command.name)),
  ).map((f) => `[--${f.name}${f.value ? ` ${f.value}` : ''}]`);
  return ['fourfold', command.name, ...required, ...(command.operands ? [command.operands] : []), ...optional].join(
    ' ',
  );
}

/** The flag's one-line help with its choices, default and commands. */
export function flagDetails(spec: FlagSpec): string {
  const parts = [spec.help];
  if (spec.list && spec.choices) parts.push(`(${spec.choices.join(', ')})`);
  if (spec.fallback !== undefined) parts.push(`[default: ${spec.fallback}]`);
  if (spec.commands && spec.commands.length < ALL.length) parts.push(`[${spec.commands.join(', ')}]`);
  return parts.join(' ');
}

/** `fourfold --help`: every line comes from COMMANDS, FLAGS and EXIT_MEANINGS. */
export function usageText(): string {
  const lines = ['usage:'];
  for (const c of COMMANDS) lines.push(`  ${commandSynopsis(c)}`);
  lines.push('', 'commands:');
  for (const c of COMMANDS) lines.push(`  ${c.name.padEnd(8)}${c.help}`);
  const width = Math.max(...FLAGS.map((f) => flagSynopsis(f).length)) + 2;
  for (const [category, title] of Object.entries(CATEGORY_TITLES)) {
    const specs = FLAGS.filter((f) => f.category === category);
    if (specs.length === 0) continue;
    lines.push('', `${title} options:`);
    for (const f of specs) lines.push(`  ${flagSynopsis(f).padEnd(width)}${flagDetails(f)}`);
  }
  lines.push(
    '',
    'query syntax: a plain question, plus /regex/, "exact phrase", path:glob, -path:glob, lang:name, case:yes',
  );
  lines.push('', 'exit codes:');
  for (const e of EXIT_MEANINGS) lines.push(`  ${e.code}  ${e.meaning}`);
  return lines.join('\n');
}
