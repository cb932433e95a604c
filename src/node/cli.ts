/**
 * The Fourfold CLI: the browser's engine, run by Node. Its commands and flags, and what each
 * exit code means, are the records of cli-flags.ts: `fourfold --help` prints them, and
 * docs/cli.md is generated from them.
 *
 * This module is what every start loads: the command line, the usage text and the error report.
 * The commands themselves (cli-run.ts, and the engine behind it) load only when one runs, so
 * `fourfold --help` and a usage error cost little more than Node's own start.
 */
import { EXIT, parseCommandLine, type CliOptions, type ExitCode, UsageError, usageText } from './cli-flags';
import { CliError, InputError } from './input-error';
import { terminalSafeLines } from './terminal-text';
import { startProcessTrace, traceMark } from './build-trace';

export { EXIT } from './cli-flags';
export { CliError } from './input-error';

type Print = (s: string) => void;

export async function main(
  argv: string[],
  out: Print = (s) => process.stdout.write(s),
  rawErr: Print = (s) => process.stderr.write(s),
): Promise<number> {
  // Messages name repository paths and quote repository text: never a control sequence on the terminal.
  const err: Print = (s) => rawErr(terminalSafeLines(s));
  startProcessTrace();
  traceMark('cli:main');
  try {
    const options = parseCommandLine(argv);
    if (options.help || options.command === 'help') {
      out(usageText() + '\n');
      return EXIT.ok;
    }
    const { run } = await import('./cli-run');
    traceMark('cli-run:loaded');
    const code = await run(
      options as CliOptions & { command: Exclude<CliOptions['command'], 'help'>; repo: string },
      out,
      err,
    );
    traceMark('cli:returned');
    return code;
  } catch (e) {
    return report(e, err);
  }
}

/** The exit code of a failure, after saying what it was (a stack trace only for a bug). */
function report(e: unknown, err: Print): ExitCode {
  if (e instanceof UsageError) {
    err(`fourfold: ${e.message}\nrun \`fourfold --help\` for the commands and their flags\n`);
    return EXIT.usage;
  }
  if (e instanceof CliError) {
    err(`fourfold: ${e.message}\n`);
    return e.exitCode;
  }
  if (e instanceof InputError) {
    err(`fourfold: ${e.message}\n`);
    return EXIT.input;
  }
  err(`fourfold: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  return EXIT.internal;
}
