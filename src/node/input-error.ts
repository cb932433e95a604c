import type { ExitCode } from './cli-flags';

/** A problem with what the user gave us (exit code 2), as opposed to a bug. Its own module: the CLI checks for it without loading the engine. */
export class InputError extends Error {}

/** A user-facing failure: printed without a stack trace, with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}
